"""A handful of benchmark cases through the installed hook, so CI keeps the benchmark working.

The full run is ``python benchmarks/statewise/run.py``; this runs four scenarios (one per family)
under corrupted memory for statewise and for the no-hook baseline, one agent format each.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "statewise"
sys.path.insert(0, str(BENCH))

from cases import Case, expand, load_scenarios
from episode import run_episode
from worlds import build

PICKED = {"ws-test-pnpm": "claude", "rt-python-script-pin": "codex", "git-push-hook": "codex",
          "ui-deploy-target": "claude"}


def test_the_case_set_has_the_families_conditions_and_stop_share_the_benchmark_promises() -> None:
    scenarios = load_scenarios()
    cases = expand(scenarios)
    assert len(cases) >= 80
    assert {s.family for s in scenarios} == {"runtime", "workspace", "git", "intent"}
    assert {c.condition for c in cases} == {"correct", "corrupted", "removed", "defective"}
    assert sum(c.scenario.kind == "stop" for c in cases) / len(cases) >= 0.25


@pytest.mark.parametrize("scenario_id", sorted(PICKED))
def test_corrupted_memory_misleads_the_bare_agent_and_statewise_recovers(scenario_id: str, tmp_path: Path) -> None:
    scenario = next(s for s in load_scenarios() if s.id == scenario_id)
    template = tmp_path / "template"
    facts = build(template, scenario.world)
    agent = PICKED[scenario_id]
    case = Case(scenario, "corrupted")
    bare, _ = run_episode(case, "none", agent, template, tmp_path / "bare", facts)
    guarded, _ = run_episode(case, "statewise", agent, template, tmp_path / "guarded", facts)
    assert not bare.correct, bare
    assert guarded.correct and not guarded.violation, guarded
    # Recovery happens either at the action (a deny with guidance, or a question) or before it:
    # the records handed to the agent at session start are verified and repaired first.


def test_correct_memory_is_not_denied(tmp_path: Path) -> None:
    scenario = next(s for s in load_scenarios() if s.id == "ws-install-pnpm")
    template = tmp_path / "template"
    facts = build(template, scenario.world)
    result, _ = run_episode(Case(scenario, "correct"), "statewise", "claude", template, tmp_path / "run", facts)
    assert result.correct and result.denies == 0, result
