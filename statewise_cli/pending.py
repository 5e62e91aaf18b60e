"""The append-only ledger of fast-path decisions, folded into the store on its next open.

Read-only actions are the majority of tool calls; recording them must not cost a SQLite
import, open, write transaction and checkpoint each — nor may a plain allow of any action
wait on the store's write lock. Each decision is one line appended
under an exclusive ``flock`` (parallel hook processes never interleave or lose a line);
``Store.open`` folds the ledger into the ``decisions`` table under the same lock and
truncates it only after the rows are committed.
"""

from __future__ import annotations

from . import jsonfast as json  # the C accelerator without `re` (see jsonfast)
import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

LEDGER = "pending-decisions.jsonl"


def append_decision(directory: str, row: dict[str, Any]) -> None:
    import fcntl

    os.makedirs(directory, exist_ok=True)
    fd = os.open(os.path.join(directory, LEDGER), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, (json.dumps(row) + "\n").encode("utf-8"))
    finally:
        os.close(fd)  # releases the lock


def fold_into(store: Any) -> int:
    """Move the ledger's rows into ``decisions``; returns how many. Lines stay on any failure."""
    path = os.path.join(os.path.dirname(store.path), LEDGER)
    if not os.path.exists(path):
        return 0
    import fcntl

    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
        rows = []
        for line in b"".join(chunks).splitlines():
            try:
                row = json.loads(line)
            except ValueError:
                continue  # a torn line from a crashed writer: nothing to keep
            if isinstance(row, dict) and row.get("id"):
                rows.append(row)
        if rows:
            cols = ("id", "at", "session_id", "tool_use_id", "agent", "event", "tool_name", "action", "decision",
                    "reason", "records", "attribution", "latency_ms")
            with store.write() as conn:
                conn.executemany(
                    f"INSERT OR IGNORE INTO decisions ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})",
                    [tuple(row.get(c) for c in cols) for row in rows],
                )
        os.ftruncate(fd, 0)
        return len(rows)
    finally:
        os.close(fd)
