"""The append-only ledger of fast-path decisions, folded into the store on its next open.

Read-only actions are the majority of tool calls; recording them must not cost a SQLite
import, open, write transaction and checkpoint each — nor may a plain allow of any action
wait on the store's write lock. Each decision is one line appended
under an exclusive ``flock`` (parallel hook processes never interleave or lose a line);
``Store.open`` takes the ledger away (a rename under the same lock) and folds it into the
``decisions`` table; the taken file is deleted only after the rows are committed.
"""

from __future__ import annotations

import os

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

LEDGER = "pending-decisions.jsonl"


def append_decision(directory: str, row: dict[str, Any]) -> None:
    import fcntl

    from statewise_cli.store.redact import redact_row

    redact_row(row)
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, LEDGER)
    data = (json.dumps(row) + "\n").encode("utf-8")
    for _ in range(8):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            mine = os.fstat(fd)
            try:
                live = os.stat(path)
            except FileNotFoundError:
                continue
            if (live.st_ino, live.st_dev) != (mine.st_ino, mine.st_dev):
                continue  # a fold took this file away while we waited: write to the new one
            os.write(fd, data)
            return
        finally:
            os.close(fd)  # releases the lock
    raise OSError(f"the decision ledger {path} kept being replaced")


_COLS = ("id", "at", "session_id", "tool_use_id", "agent", "event", "tool_name", "action", "decision",
         "reason", "records", "attribution", "latency_ms")


def fold_into(store: Any) -> int:
    """Move the ledger's rows into ``decisions``; returns how many.

    The live ledger is renamed away under its lock (a moment: appenders wait for nothing longer),
    then folded with no lock of ours held while SQLite's write lock is awaited; a taken file is
    deleted only after its rows are committed, so a failure leaves it for the next fold.
    """
    import fcntl

    directory = os.path.dirname(store.path)
    path = os.path.join(directory, LEDGER)
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        fd = -1
    if fd >= 0:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            if os.path.exists(path) and os.fstat(fd).st_ino == os.stat(path).st_ino:
                os.rename(path, f"{path}.{os.getpid()}.{os.urandom(3).hex()}.fold")
        finally:
            os.close(fd)
    folded = 0
    for name in sorted(os.listdir(directory)):
        if name.startswith(LEDGER + ".") and name.endswith(".fold"):
            folded += _fold_file(store, os.path.join(directory, name))
    return folded


def _fold_file(store: Any, path: str) -> int:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return 0  # another fold got it first
    rows = []
    for line in data.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue  # a torn line from a crashed writer: nothing to keep
        if isinstance(row, dict) and row.get("id"):
            rows.append(row)
    if rows:  # into the decisions table, here rather than in decisions.py: one import less per open
        with store.write() as conn:
            conn.executemany(
                f"INSERT OR IGNORE INTO decisions ({', '.join(_COLS)}) VALUES ({', '.join('?' for _ in _COLS)})",
                [tuple(row.get(c) for c in _COLS) for row in rows],
            )
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    return len(rows)
