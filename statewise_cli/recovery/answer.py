"""``statewise answer``: the developer's answer to a clarification, stored as intent.

A clarification asks whether a record still holds. The answer is stored with developer
authority in the scope it holds for; for ``policy.*`` records a yes confirms the rule as it
stands and a no retracts it (it stays in the history).
"""

from __future__ import annotations

from typing import Any

from statewise_cli.fast.struct import Struct
from statewise_cli.store.db import Store
from statewise_cli.store.records import Record, parse_value, validate_scope


class Answer(Struct):
    key: str
    scope: str
    record: Record | None = None  # the record now in force; None when the answer retracted the rule
    retracted: tuple[Record, ...] = ()
    new_key: bool = False  # no active record of this key existed (in any scope): maybe a typo
    close_keys: tuple[str, ...] = ()  # active keys spelled like it

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "record": self.record.to_json() if self.record else None,
                "retracted": [r.to_json() for r in self.retracted], "new_key": self.new_key,
                "close_keys": list(self.close_keys)}


def answer(store: Store, key: str, text: str, scope: str = "repository") -> Answer:
    """Store ``text`` (JSON when it parses: true, false, "pnpm") as the developer's answer about ``key``."""
    validate_scope(scope)
    value = parse_value(text, key)
    if key.startswith("policy.") and isinstance(value, str) and value.lower() in ("yes", "no"):
        value = value.lower() == "yes"
    every = store.active_records(key)
    current = [r for r in every if r.scope == scope]
    new_key, close = not every, tuple[str, ...]()
    if new_key:
        import difflib

        keys = sorted({r.key for r in store.active_records()})
        close = tuple(difflib.get_close_matches(key, keys, n=3, cutoff=0.7))
    record_type = current[-1].type if current else "intent"
    if key.startswith("policy.") and current and isinstance(value, bool):
        if not value:
            gone = store.forget(key, scope=scope, reason="the developer answered: no longer the rule")
            return Answer(key, scope, None, tuple(gone))
        record = store.put(key, current[-1].value, type=record_type, scope=scope, source="user",
                           authority="developer", evidence="confirmed by the developer (statewise answer)")
        return Answer(key, scope, record)
    record = store.put(key, value, type=record_type, scope=scope, source="user", authority="developer",
                       evidence="the developer's answer to a clarification (statewise answer)")
    return Answer(key, scope, record, new_key=new_key, close_keys=close)
