"""Share verified records through review: ``.statewise/records.toml`` in the repository.

``export`` writes the active, valid records as TOML (``tomli-w``); ``import`` reads
them back as document-authority claims with the file line as provenance. An
import never overrides a record of higher authority (an environment observation
beats a document, a developer's record stands) nor a verified record of the same
authority (verified beats unchecked), and an unchanged claim is not stored twice.
"""

from __future__ import annotations

import os
from typing import Any

from statewise_cli.errors import StatewiseError
from statewise_cli.store.db import Store
from statewise_cli.store.records import AUTHORITY_RANK, boolean_key, iso

EXPORT_PATH = os.path.join(".statewise", "records.toml")


def export_records(store: Store) -> tuple[str, int]:
    import tomli_w

    rows = []
    for r in store.active_records():
        if r.validity != "valid" or r.scope == "workspace":
            continue
        entry: dict[str, Any] = {"key": r.key, "value": r.value, "scope": r.scope, "type": r.type,
                                 "authority": r.authority, "source": r.source}
        if r.verified_at:
            entry["verified_at"] = iso(r.verified_at)
        rows.append(entry)
    header = "# statewise records: verified operational facts of this repository.\n# `statewise import` reads them back; edit through review.\n\n"
    return header + tomli_w.dumps({"record": rows}), len(rows)


def _line_numbers(text: str) -> list[int]:
    return [i for i, line in enumerate(text.splitlines(), start=1) if line.strip() == "[[record]]"]


def import_records(store: Store, text: str, label: str = EXPORT_PATH) -> list[dict[str, Any]]:
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise StatewiseError(f"{label} is not valid TOML: {exc}", code="bad-import") from exc
    entries = data.get("record", [])
    if not isinstance(entries, list):
        raise StatewiseError(f"{label}: expected [[record]] tables", code="bad-import")
    lines = _line_numbers(text)
    outcomes = []
    for index, entry in enumerate(entries):
        line = lines[index] if index < len(lines) else 0
        if not isinstance(entry, dict) or "key" not in entry or "value" not in entry:
            outcomes.append({"line": line, "status": "invalid", "detail": "needs key and value"})
            continue
        key, value, scope = str(entry["key"]), entry["value"], str(entry.get("scope", "repository"))
        if boolean_key(key) and not isinstance(value, bool):
            outcomes.append({"line": line, "key": key, "scope": scope, "status": "invalid",
                             "detail": "takes a boolean: true or false"})
            continue
        current = [r for r in store.active_records(key) if r.scope == scope]
        if any(r.value == value for r in current):
            outcomes.append({"line": line, "key": key, "scope": scope, "status": "unchanged"})
            continue
        # never over a record of higher authority, nor over a verified one of the same (verified beats unchecked)
        stronger = [r for r in current if AUTHORITY_RANK[r.authority] > AUTHORITY_RANK["document"]
                    or (AUTHORITY_RANK[r.authority] == AUTHORITY_RANK["document"] and r.validity == "valid")]
        if stronger:
            held = "verified " if stronger[0].validity == "valid" else ""
            outcomes.append({"line": line, "key": key, "scope": scope, "status": "skipped",
                             "detail": f"{held}{stronger[0].authority} record {stronger[0].id} says "
                                       f"{stronger[0].value_text()}"})
            continue
        record = store.put(key, value, type=str(entry.get("type", "fact")), scope=scope,
                           source=f"memory-file:{label}:{line}", authority="document",
                           evidence=f"imported from {label}:{line}")
        outcomes.append({"line": line, "key": key, "scope": scope, "status": "imported", "id": record.id})
    return outcomes
