"""The ``incidents`` table: hook failures and what the failure policy did about them."""

from __future__ import annotations

from statewise_cli.store.records import new_id, now_ts

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.store.db import Store


def add(store: Store, fields: dict[str, Any]) -> str:
    """One incident; ``id`` and ``at`` are filled in when missing."""
    from statewise_cli.store.redact import redact

    if isinstance(fields.get("message"), str):
        fields["message"] = redact(fields["message"])
    fields.setdefault("id", new_id())
    fields.setdefault("at", now_ts())
    store.insert_row("incidents", fields)
    return str(fields["id"])
