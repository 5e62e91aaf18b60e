"""The ``decisions`` table: what the hook decided on each call, and why.

Plain allows reach it through the append-only ledger (``store/ledger.py``, which also folds
them in on the store's next open); every other decision is written at once here.
"""

from __future__ import annotations

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)
from statewise_cli.store.records import new_id, now_ts

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.store.db import Store

def add(store: Store, fields: dict[str, Any]) -> str:
    """One decision; ``id`` and ``at`` are filled in when missing."""
    from statewise_cli.store.redact import redact_row

    redact_row(fields)
    fields.setdefault("id", new_id())
    fields.setdefault("at", now_ts())
    store.insert_row("decisions", fields)
    return str(fields["id"])


def digest_record_ids(store: Store, session_id: str) -> set[str]:
    """The ids of the records handed to a session in its memory digests (SessionStart, UserPromptSubmit)."""
    rows = store.conn.execute(
        "SELECT records FROM decisions WHERE session_id = ? AND event IN ('SessionStart', 'UserPromptSubmit')",
        (session_id,),
    ).fetchall()
    ids: set[str] = set()
    for row in rows:
        try:
            ids.update(json.loads(row[0] or "[]"))
        except ValueError:
            continue
    return ids


def last_digest_record_ids(store: Store, session_id: str) -> list[str] | None:
    """The record ids the session's latest memory-digest message handed over; None before its first one."""
    from statewise_cli.store.db import sqlite3

    try:
        row = store.conn.execute(
            "SELECT records FROM decisions WHERE session_id = ? AND event IN ('SessionStart', 'UserPromptSubmit') "
            "ORDER BY at DESC, rowid DESC LIMIT 1", (session_id,)).fetchone()
    except sqlite3.Error:
        return None  # a store too old to have the table: every message is a first one
    if row is None:
        return None
    try:
        ids = json.loads(row[0] or "[]")
    except ValueError:
        return None
    return [str(i) for i in ids] if isinstance(ids, list) else None


def all_rows(store: Store) -> list[dict[str, Any]]:
    """Every decision, oldest first; [] for a store too old to have the table."""
    from statewise_cli.store.db import sqlite3

    try:
        return [dict(r) for r in store.conn.execute("SELECT * FROM decisions ORDER BY at")]
    except sqlite3.Error:
        return []
