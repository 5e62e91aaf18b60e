"""The ``evidence`` table (raw observations: commands, tool outputs, prompts) and ``verifications``
(what a verifier found when it checked a record against them)."""

from __future__ import annotations

from statewise_cli.store.records import new_id, now_ts

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.store.db import Store


def add(store: Store, fields: dict[str, Any]) -> str:
    """One observation; ``id`` and ``observed_at`` are filled in when missing."""
    from statewise_cli.store.redact import prints_secrets, redact, redact_data, withheld

    excerpt = fields.get("output_excerpt")
    if isinstance(excerpt, str):
        fields["output_excerpt"] = withheld(excerpt) if prints_secrets(fields.get("command")) else redact(excerpt)
    if isinstance(fields.get("command"), str):
        fields["command"] = redact(fields["command"])
    if fields.get("detail") is not None:
        fields["detail"] = redact_data(fields["detail"])
    fields.setdefault("id", new_id())
    fields.setdefault("observed_at", now_ts())
    store.insert_row("evidence", fields)
    return str(fields["id"])


def add_verification(store: Store, fields: dict[str, Any]) -> str:
    fields.setdefault("id", new_id())
    fields.setdefault("at", now_ts())
    store.insert_row("verifications", fields)
    return str(fields["id"])


def last_verification(store: Store, record_id: str) -> dict[str, Any] | None:
    row = store.conn.execute(
        "SELECT * FROM verifications WHERE record_id = ? ORDER BY at DESC, rowid DESC LIMIT 1", (record_id,)
    ).fetchone()
    return dict(row) if row else None


def latest_prompt(store: Store) -> tuple[str, float] | None:
    """(text, observed_at) of the newest prompt observation in the store, None when there is none (or the store
    predates the table)."""
    try:
        row = store.conn.execute("SELECT output_excerpt, observed_at FROM evidence WHERE kind = 'prompt' "
                                 "ORDER BY observed_at DESC LIMIT 1").fetchone()
    except Exception:  # noqa: BLE001 - an older store without the table: no prompt known
        return None
    if not row or not row[0]:
        return None
    return str(row[0]), float(row[1] or 0)
