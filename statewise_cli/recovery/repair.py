"""``statewise repair``: correct the records of one key, by evidence or by the developer's word.

:func:`repair_key` verifies each active record of the key and repairs a defective one within
the scope the evidence establishes (lineage kept); :func:`correct` records the developer's value
directly. Either can also rewrite the memory-file line a record came from (backup + diff).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from statewise_cli.config.settings import Settings
from statewise_cli.errors import StatewiseError
from statewise_cli.fast.struct import Struct
from statewise_cli.recovery import resolve
from statewise_cli.recovery.resolve import RepairResult
from statewise_cli.store.db import Store
from statewise_cli.store.records import Record, parse_value, validate_scope


class RepairReport(Struct):
    key: str
    results: tuple[RepairResult, ...]
    memory_file_fixes: tuple[dict[str, Any], ...] = ()

    @property
    def unsettled(self) -> bool:
        """A record could not be verified or its repair did not re-check: a finding."""
        return any(r.status in ("unresolved", "failed") for r in self.results)

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "results": [r.to_json() for r in self.results],
                "memory_file_fixes": list(self.memory_file_fixes)}


class Correction(Struct):
    key: str
    replaced: tuple[Record, ...]
    new: Record
    memory_file_fixes: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"version": 1,
                "results": [{"key": self.key, "status": "repaired", "old": [r.to_json() for r in self.replaced],
                             "new": self.new.to_json()}],
                "memory_file_fixes": list(self.memory_file_fixes)}


def fix_memory_files(cwd: str, old: list[Record], new: Record, *, dry_run: bool) -> list[dict[str, Any]]:
    """Rewrite the memory-file lines ``old`` came from to say what ``new`` says (where mechanical)."""
    from statewise_cli.memory.fixfile import fix_memory_line

    return [fix_memory_line(cwd, r, new, dry_run=dry_run).to_json() for r in old if r.source.startswith("memory-file:")]


def repair_key(store: Store, key: str, settings: Settings, env: Mapping[str, str], *, scope: str | None = None,
               dry_run: bool = False, fix_memory_file: bool = False, cwd: str = ".") -> RepairReport:
    """Verify every active record of ``key`` (in ``scope``) and repair the defective ones."""
    if scope:
        validate_scope(scope)
    records = [r for r in store.active_records(key) if scope is None or r.scope == scope]
    if not records:
        raise StatewiseError(f"no active record with key {key!r}" + (f" in {scope}" if scope else ""), code="unknown-key")
    if fix_memory_file:
        from statewise_cli.memory.fixfile import check_targets

        check_targets(cwd, records, env)  # before anything is written
    ctx = resolve.context(store, env, settings)
    results = [resolve.repair(store, r, ctx, dry_run=dry_run) for r in records]
    fixes: list[dict[str, Any]] = []
    if fix_memory_file:
        for res in results:
            new = res.new
            obs = res.resolution.observation
            if res.status == "would-repair" and res.old is not None and obs is not None and obs.value is not None:
                new = res.old.replace(value=obs.value, scope=obs.scope)
            if res.status in ("repaired", "would-repair") and res.old is not None and new is not None:
                fixes += fix_memory_files(cwd, [res.old], new, dry_run=dry_run)
            elif res.status in ("repaired", "would-repair") and res.old is not None and new is None:
                fixes += _retracted_lines(cwd, res.old)
            elif res.status == "already-valid" and res.old is not None:
                # repaired before (by the hook or an earlier `repair`): the memory file may still say the old value
                ancestor = _memory_ancestor(store, res.old)
                if ancestor is not None and ancestor.value != res.old.value:
                    fixes += fix_memory_files(cwd, [ancestor], res.old, dry_run=dry_run)
    return RepairReport(key, tuple(results), tuple(fixes))


def _memory_ancestor(store: Store, record: Record) -> Record | None:
    """The memory-file record ``record`` superseded (directly or through earlier repairs), if any."""
    current, seen = record, 0
    while current.supersedes and seen < 20:
        previous = store.get(current.supersedes)
        if previous is None:
            return None
        if previous.source.startswith("memory-file:"):
            return previous
        current, seen = previous, seen + 1
    return None


def _retracted_lines(cwd: str, old: Record) -> list[dict[str, Any]]:
    """A retracted record has no value to write: its memory-file line is reported for the developer to edit."""
    if not old.source.startswith("memory-file:"):
        return []
    from statewise_cli.memory.fixfile import stale_line

    return [stale_line(cwd, old, f"{old.key} was retracted (nothing current replaces it): remove or correct the "
                                 "line").to_json()]


def correct(store: Store, key: str, text: str, *, scope: str | None = None, reason: str | None = None,
            fix_memory_file: bool = False, cwd: str = ".") -> Correction:
    """The developer's value for ``key`` (JSON when it parses), superseding the record it corrects."""
    if scope:
        validate_scope(scope)
    if fix_memory_file:
        from statewise_cli.memory.fixfile import check_targets

        check_targets(cwd, [r for r in store.active_records(key) if scope is None or r.scope == scope])
    replaced, new = store.repair(key, parse_value(text, key), scope=scope, evidence=reason)
    fixes = fix_memory_files(cwd, replaced, new, dry_run=False) if fix_memory_file else []
    return Correction(key, tuple(replaced), new, tuple(fixes))
