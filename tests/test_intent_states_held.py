"""Holds, releases and required forms in the shapes operations notes, release checklists and runbooks write them:
a state held in any words until someone acts ("stays open until the hospital confirms", "must remain disabled
until the gates pass"), a release given on a past day beside another party's later plan, a flag the record writes
with its value, a flag described in brackets, and a document sentence that holds something until a condition
(recovery/intent.py, intent_scope.py, released.py). Invented repositories, records and domains."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, run_statewise
from test_intent import policy
from test_premises import decide

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import intent
from statewise_cli.recovery.released import released_rules

TODAY = (2026, 12, 5)


def _remember(repo: Path, key: str, value: str) -> None:
    result = run_statewise(["remember", key, value, "--type", "policy"], repo)
    assert result.returncode == 0, result


def _shell(command: str) -> object:
    return normalize_shell(command, "main")[0]


def _tool(repo: Path, name: str, comment: str) -> None:
    (repo / "bin").mkdir(exist_ok=True)
    (repo / "bin" / name).write_text(f"#!/bin/sh\n# {comment}\necho \"$@\"\n")
    (repo / "bin" / name).chmod(0o755)
    commit_all(repo, f"{name} tool")


@pytest.mark.parametrize(("value", "expected"), [
    # a state held, in any words, until someone acts
    ("pump station PS-4 stays running until the control room confirms the reservoir is at level", "deny"),
    ("the kiln line stays switched off until the insurer's engineer has inspected the burner", "deny"),
    ("card payments must remain disabled until the acquirer confirms the new merchant id", "deny"),
    ("the release gate remains closed until the soak test on staging is green", "deny"),
    ("the old mirror stays up until the last downstream consumer has moved", "deny"),
    # ... not a period that runs to a date, nor a state that lets the work through
    ("bookings stay open until Friday for the winter course", None),
    ("the submission form stays open until 2026-12-20", None),
    ("the v1 endpoints remain available until the v2 launch", None),
    ("the hotfix branch stays open until next release", None),
])
def test_a_state_held_until_someone_acts(value: str, expected: str | None) -> None:
    assert intent.restriction(policy("policy.some_change", value)) == expected


def test_a_state_held_gates_the_action_on_its_subject() -> None:
    record = policy("policy.ps4_pumps", "pump station PS-4 stays running until the control room confirms the "
                                       "reservoir is at level")
    found = intent.gates(normalize_shell("./bin/pumps stop --station PS-4", "main"), [record], None)
    assert [verdict for _a, _r, verdict, _w in found] == ["deny"]


@pytest.mark.parametrize(("value", "in_force"), [
    # the release is given; the later date is someone else's plan, in another clause
    (("export licence EL-2026-31 for the radar parts was granted on 2026-12-01; the customer expects delivery "
      "from 2026-12-14"), True),
    # a start date of the release itself keeps it out of force until then
    ("the access exception was granted on 2026-12-01; it applies from 2026-12-14", False),
    ("the access exception was granted on 2026-12-01; valid from 2026-12-14", False),
    # a restriction with a later start is not in force before it
    ("the freeze was approved on 2026-12-01; deploys are frozen from 2026-12-14", False),
])
def test_a_release_given_on_a_past_day_beside_a_later_plan(value: str, in_force: bool) -> None:
    assert intent.in_force(policy("policy.some_change", value), TODAY) is in_force


def test_a_flag_described_in_brackets_is_the_form_the_record_requires() -> None:
    value = "since the stock check every morphine entry is countersigned (--countersign asks the second nurse)"
    record = policy("policy.morphine_register", value)
    assert intent.within_required_form(record, _shell("./bin/cd-book add --drug morphine --countersign"))
    assert not intent.within_required_form(record, _shell("./bin/cd-book add --drug morphine"))
    # a value in brackets stays the value
    held = policy("policy.lot_hold", "every autofill run holds lot VAL-2211 (--hold-lot VAL-2211)")
    assert intent.within_required_form(held, _shell("./bin/autofill run --hold-lot VAL-2211"))
    assert not intent.within_required_form(held, _shell("./bin/autofill run --hold-lot VAL-9"))


@pytest.mark.parametrize("agent", AGENTS)
def test_a_flag_the_record_writes_with_its_value_is_named_with_it(agent: str, git_repo: Path) -> None:
    _tool(git_repo, "push-batch", "Sends a batch to every courier of a region (unless --skip-courier).")
    _remember(git_repo, "policy.region_north_couriers",
              "until fastlane's insurance is renewed, no parcels go to them: north region batches use "
              "--skip-courier fastlane")
    kind, reason = decide(agent, git_repo, "./bin/push-batch --batch B-17 --region north")
    assert kind == "deny", reason
    assert "`./bin/push-batch --batch B-17 --region north --skip-courier fastlane`" in reason
    kind, reason = decide(agent, git_repo, "./bin/push-batch --batch B-17 --region north --skip-courier fastlane")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_state_held_until_a_person_acts_stops_the_action(agent: str, git_repo: Path) -> None:
    _tool(git_repo, "kiln", "Starts or stops a kiln line.")
    _remember(git_repo, "policy.kiln_line_2", "kiln line 2 stays switched off until the insurer's engineer has "
                                              "inspected the burner")
    kind, reason = decide(agent, git_repo, "./bin/kiln start --line 2")
    assert kind in ("deny", "ask"), reason


def _repo(tmp_path: Path, memory: str, docs: dict[str, str]) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "CLAUDE.md").write_text(memory)
    for rel, text in docs.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_a_document_that_holds_something_until_a_condition_releases_nothing(tmp_path: Path) -> None:
    memory = "# Notes\n\n- Reopening the east footbridge: never without the structural engineer's approval\n"
    prompt = "The repair crew is done; reopen the east footbridge (./bin/bridge open --name east)."
    held = _repo(tmp_path / "held", memory, {"docs/east-footbridge.md": (
        "# East footbridge\n\n2026-12-03 (bridge manager): the east footbridge stays closed until the load test "
        "passes and the structural engineer approves; I reopen it after that call.\n")})
    assert released_rules(str(held), prompt, datetime.date(2026, 12, 5)) == ""
    given = _repo(tmp_path / "given", memory, {"docs/east-footbridge.md": (
        "# East footbridge\n\n2026-12-03 (bridge manager): the load test passed and the structural engineer "
        "approved reopening the east footbridge.\n")})
    assert "docs/east-footbridge.md" in released_rules(str(given), prompt, datetime.date(2026, 12, 5))


def test_an_item_code_as_a_key_writes_it_and_a_status_query_under_a_hold() -> None:
    record = policy("policy.ps4_outage", "pump station PS-4 stays running until the control room confirms the "
                                        "reservoir is at level")
    verdicts = [v for _a, _r, v, _w in intent.gates(normalize_shell("./bin/pumps stop --station PS-4", "main"),
                                                    [record], None)]
    assert verdicts == ["deny"]  # `PS-4` is the item the key writes as ps4
    assert intent.gates(normalize_shell("./bin/pumps stop --station PS-5", "main"), [record], None) == []
    # asking for its status, or a dry run, changes nothing the hold protects
    assert intent.gates(normalize_shell("./bin/pumps status --station PS-4", "main"), [record], None) == []
    assert intent.gates(normalize_shell("./bin/pumps stop --station PS-4 --dry-run", "main"), [record], None) == []
