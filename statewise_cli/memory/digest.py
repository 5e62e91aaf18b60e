"""The memory digest the hook hands to agents at session start and with each prompt.

A short, clearly labelled list of the active, not-defective records, with the
memory-file lines a repair has since corrected called out first.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.store.records import Record

DIGEST_LIMIT = 25


def _corrections(records: list[Record], store: Any) -> list[str]:
    """``CLAUDE.md:12 says X; verified now: Y`` for memory-file lines a repair superseded."""
    lines = []
    for record in records:
        if not record.supersedes or record.source.startswith("memory-file:"):
            continue
        old = store.get(record.supersedes)
        if old is not None and old.source.startswith("memory-file:") and old.value != record.value:
            where = old.source[len("memory-file:"):]
            lines.append(f"- {where} says {old.key} = {old.value_text()}; verified now: {record.value_text()} "
                         f"[{record.scope}; {record.source}]. Trust the verified value.")
    return lines


def digest(records: list[Record], store: Any = None) -> str | None:
    """A short, clearly labelled list of the active records for the agent's context."""
    live = [r for r in records if r.status == "active" and r.validity != "defective"]
    if not live:
        return None
    shown = sorted(live, key=lambda r: (r.key, r.scope))[:DIGEST_LIMIT]
    lines = ["[statewise memory] Operational records for this repository (check scope and age before relying on them):"]
    if store is not None:
        corrections = _corrections(live, store)
        if corrections:
            lines.append("Memory files that are out of date:")
            lines += corrections
            lines.append("Records:")
    lines += [f"- {r.describe()}" for r in shown]
    if len(live) > len(shown):
        lines.append(f"- … {len(live) - len(shown)} more: run `statewise inspect-memory`")
    lines.append("A wrong record is corrected by the developer in their own terminal (`statewise repair --key KEY "
                 "--value VALUE`): ask them; statewise denies its own mutating commands from a tool call.")
    return "\n".join(lines)
