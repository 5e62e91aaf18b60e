"""The ``memory_files`` table: which memory files (CLAUDE.md, AGENTS.md, ...) were imported, at which content."""

from __future__ import annotations

from statewise_cli.store.records import now_ts

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.store.db import Store


def note(store: Store, label: str, path: str, sha256: str, facts: int) -> None:
    with store.write() as conn:
        conn.execute(
            "INSERT INTO memory_files (path, abs_path, sha256, facts, imported_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(path) DO UPDATE SET abs_path = excluded.abs_path, sha256 = excluded.sha256,"
            " facts = excluded.facts, imported_at = excluded.imported_at",
            (label, path, sha256, facts, now_ts()),
        )


def forget(store: Store, label: str) -> None:
    with store.write() as conn:
        conn.execute("DELETE FROM memory_files WHERE path = ?", (label,))


def all_files(store: Store) -> list[dict[str, Any]]:
    return [dict(r) for r in store.conn.execute("SELECT * FROM memory_files ORDER BY path")]


def imported_sha256(store: Store, label: str) -> str | None:
    """The content hash of ``label`` when it was last imported; None if it never was."""
    row = store.conn.execute("SELECT sha256 FROM memory_files WHERE path = ?", (label,)).fetchone()
    return row[0] if row else None
