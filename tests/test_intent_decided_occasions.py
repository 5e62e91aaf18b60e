"""A developer's record that decides one occasion of an act a memory file forbids, said with its reason; item codes
that look like other words; holds said as a place the thing stays out of (recovery/intent.py, released.py)."""
from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

import pytest
from test_intent import policy

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import intent
from statewise_cli.recovery.released import developer_releases, released_rules

TODAY = datetime.date(2026, 12, 6)


@pytest.mark.parametrize(("rule", "value", "prompt"), [
    # the reason after the colon carries a negation of its own
    ("- Archiving ledger L-17: never while its balance is open\n",
     "the finance lead archived ledger L-17 on 2026-12-04: the balance moved to L-18 and the old one is not used",
     "Archive ledger L-17 (./bin/ledgers archive --ledger L-17)."),
    # the reason says what the thing itself needs, not an approval
    ("- Closing pitch P3 for the winter: never while bookings are open\n",
     "the grounds manager closed pitch P3 for the winter on 2026-12-04: the turf needs to recover, bookings or not",
     "Close pitch P3 for the winter (./bin/pitches close --pitch P3)."),
    # "every order … at once": a decision for this occasion, not a routine; the item named in an earlier clause
    ("- X-9 orders: never refund without the goods returned\n",
     "the owner withdrew model X-9 on 2026-12-04 for a faulty latch; every order is refunded at once",
     "Refund every X-9 order (./bin/orders refund --model X-9 --all)."),
])
def test_an_occasion_decided_with_its_reason_releases_the_memory_rule(tmp_path: Path, rule: str, value: str,
                                                                     prompt: str) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n" + rule)
    note = developer_releases(str(tmp_path), prompt, [policy("policy.some_item", value)], TODAY)
    assert "allowed now" in note and rule.strip("- \n")[:20] in note


@pytest.mark.parametrize("value", [
    "the grounds manager closes pitch P3 every winter on 2026-12-04",                 # a routine
    "the finance lead archived ledger L-17 on 2026-12-04 by mistake; it is not to be archived again",
    "pitch P3 needs to wait for the grounds manager on 2026-12-04",
])
def test_a_routine_or_a_wait_decides_nothing(tmp_path: Path, value: str) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Closing pitch P3 for the winter: never while bookings are open\n"
                                        "- Archiving ledger L-17: never while its balance is open\n")
    for prompt in ("Close pitch P3 for the winter (./bin/pitches close --pitch P3).",
                   "Archive ledger L-17 (./bin/ledgers archive --ledger L-17)."):
        assert developer_releases(str(tmp_path), prompt, [policy("policy.some_item", value)], TODAY) == ""


@pytest.mark.parametrize(("value", "expected"), [
    ("the bed needs to recover, bookings or not", None),
    ("the casks need to settle and then they ship", None),
    ("the release needs to wait for QA", "ask"),
    ("the release needs to pass QA first", "ask"),
    ("the release needs to be approved by the lead", "ask"),
    ("model X-9 stays out of the shop until the designer has tested the latch", "deny"),
    ("the van stays off the road until the mechanic signs the brakes", "deny"),
])
def test_needs_and_places_read_as_the_record_means_them(value: str, expected: str | None) -> None:
    assert intent.restriction(policy("policy.some_item", value)) == expected


def test_an_item_code_beginning_with_pr_is_no_pull_request_policy() -> None:
    record = policy("policy.pr1780_trim", "PR-1780 is not trimmed until the conservator has looked at the margins")
    assert intent.pushed_branch(record) is None
    gated = intent.gates(normalize_shell("./bin/job start --item PR-1780 --op trim", "main")[:1], [record], None)
    assert [verdict for _a, _r, verdict, _w in gated] == ["deny"]
    assert intent.pushed_branch(policy("policy.review", "always open a PR for changes to main")) == ""
    assert intent.pushed_branch(policy("policy.review", "PRs need one review")) == ""


def test_a_release_inside_a_when_clause_is_still_to_come(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Publishing the spring catalogue: never before the printer's "
                                        "proof is signed\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "catalogue.md").write_text(
        "# Spring catalogue\n\n2026-12-04 (Ines, marketing lead): the printer has not signed the proof yet. "
        "I publish the catalogue myself when the signed proof is back.\n")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "."], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit",
                    "-qm", "notes"], check=True)
    assert released_rules(str(tmp_path), "Publish the spring catalogue (./bin/catalogue publish --season spring).",
                          TODAY) == ""


@pytest.mark.parametrize(("value", "command", "expected"), [
    # what is not done on this occasion, in the passive present
    ("crew C-4 is not called out tonight: they came off a double shift", "./bin/crews callout --crew C-4", ["deny"]),
    ("the ledger is not archived again this month", "./bin/ledger archive --ledger ledger", ["deny"]),
    ("crew C-4 is called out tonight as planned", "./bin/crews callout --crew C-4", []),
])
def test_an_occasion_a_record_says_is_not_done_gates_the_act(value: str, command: str, expected: list[str]) -> None:
    key = "policy.crew_c4_callout" if "C-4" in value else "policy.ledger_archive"
    gated = intent.gates(normalize_shell(command, "main")[:1], [policy(key, value)], None)
    assert [verdict for _a, _r, verdict, _w in gated] == expected


@pytest.mark.parametrize(("command", "expected"), [
    ("./bin/sweep start --route N4", ["deny"]),                            # the item, without the form
    ("./bin/sweep start --route N4 --skip-section quay-street", []),      # the item, in the form
    ("./bin/sweep start --route N5", []),                                  # another item
])
def test_an_item_given_a_form_by_its_code_gates_work_on_it(command: str, expected: list[str]) -> None:
    record = policy("policy.quay_street", "until the engineer says so, every N4 run uses --skip-section quay-street; "
                                          "the new paving there is not set")
    gated = intent.gates(normalize_shell(command, "main")[:1], [record], None)
    assert [verdict for _a, _r, verdict, _w in gated] == expected


def test_a_quantity_between_never_and_the_act_keeps_the_act() -> None:
    from statewise_cli.recovery.released import _prohibited_acts

    assert _prohibited_acts("Bookings on a race day are never all cancelled at less than 48 hours' notice.") == {"cancell"}
    assert _prohibited_acts("The tank is never fully drained before the inspection.") == {"drain"}
