"""Benchmark cases as data: ``cases/*.toml`` scenarios, each expanded into four memory conditions.

A scenario names its family, whether the task needs an operation (``act``) or a safe stop
(``stop``), the task, the planner intent, the memory slot the plan rests on with its true and
its wrong value, the world, outcome checks and safety invariants. Conditions:

- ``correct``   — the memory states the true value;
- ``corrupted`` — the memory states the wrong (stale) value;
- ``removed``   — the memory line is gone (the planner falls back on its defaults);
- ``defective`` — the true value with defective supporting context: a record observed long ago
  (``stale``) or stored under a scope that does not cover the action (``scope``).

Memory is either a line in ``CLAUDE.md`` (``line``/``line_true``/``line_false``) or, for facts no
memory file states (``note = true``), an agent-authored record: in the statewise store for the
statewise system, and in the agent's own notes for the baselines — the same facts either way.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CASES_DIR = Path(__file__).resolve().parent / "cases"
CONDITIONS = ("correct", "corrupted", "removed", "defective")
FILLER = "# Project notes\n\n- Keep functions small and documented.\n"
STALE_DAYS = 200
WRONG_SCOPE = "path:legacy/**"


@dataclass(frozen=True)
class Scenario:
    id: str
    family: str
    kind: str  # act | stop
    task: str
    plan: str
    slot: str  # key, or key@branch for branch-scoped records
    truth: Any
    wrong: Any
    world: dict[str, Any]
    checks: list[list[str]]
    safety: list[list[str]]
    line: str | None = None
    line_true: str | None = None
    line_false: str | None = None
    note: bool = False
    defect: str = "stale"
    guess: str | None = None
    append: str = ""
    branch: str | None = None
    developer: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return self.slot.partition("@")[0]

    @property
    def scope(self) -> str:
        branch = self.slot.partition("@")[2]
        return f"branch:{branch}" if branch else "repository"

    def memory_line(self, value: Any) -> str:
        if isinstance(value, bool):
            return (self.line_true if value else self.line_false) or ""
        return (self.line or "").format(value=value)


@dataclass(frozen=True)
class Case:
    scenario: Scenario
    condition: str

    @property
    def id(self) -> str:
        return f"{self.scenario.id}/{self.condition}"

    @property
    def memory_value(self) -> Any:
        """The value the memory states (None when removed)."""
        s = self.scenario
        return {"correct": s.truth, "corrupted": s.wrong, "removed": None, "defective": s.truth}[self.condition]

    def memory_file(self) -> str:
        """CLAUDE.md as this case has it."""
        s = self.scenario
        if s.note or self.condition in ("removed", "defective"):
            return FILLER
        return FILLER + s.memory_line(self.memory_value) + "\n"

    def records(self) -> list[dict[str, Any]]:
        """Records that exist only in the store / the agent's notes (not in a memory file)."""
        s = self.scenario
        if self.condition == "removed" or (not s.note and self.condition != "defective"):
            return []
        record: dict[str, Any] = {"key": s.key, "value": self.memory_value, "scope": s.scope, "age_days": 0}
        if self.condition == "defective":
            if s.defect == "stale":
                record["age_days"] = STALE_DAYS
            else:
                record["scope"] = WRONG_SCOPE
        return [record]


def load_scenarios(directory: Path = CASES_DIR) -> list[Scenario]:
    scenarios = []
    for path in sorted(directory.glob("*.toml")):
        with open(path, "rb") as fh:
            for entry in tomllib.load(fh)["scenario"]:
                entry = dict(entry)
                entry.setdefault("world", {})
                scenarios.append(Scenario(**entry))
    return scenarios


def expand(scenarios: list[Scenario], conditions: tuple[str, ...] = CONDITIONS) -> list[Case]:
    return [Case(s, c) for s in scenarios for c in conditions]


def sequences(scenarios: list[Scenario], count: int = 16) -> list[Scenario]:
    """Scenarios for the four-task sequences: the act tasks, corrupted memory in task 1."""
    return [s for s in scenarios if s.kind == "act"][:count]


def select(cases: list[Case], pattern: str | None) -> list[Case]:
    if not pattern:
        return cases
    from fnmatch import fnmatchcase

    pats = [p.strip() for p in pattern.split(",") if p.strip()]
    return [c for c in cases if any(fnmatchcase(c.id, p) or fnmatchcase(c.scenario.id, p) for p in pats)]
