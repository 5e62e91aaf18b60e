"""Intent read from the repository's documents in three shapes: an action reserved to a role or a person (a
CODEOWNERS comment, an owners table), a value a dated note fixes for an option the action passes, and a release
(an approval, a decision, an exception to a limit) that lifts a memory file's rule for the task at hand.
Invented repositories, documents and domains."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_premises import decide, write

from statewise_cli.recovery.governance_targets import recorded, reserved
from statewise_cli.recovery.released import released_rules

TODAY = datetime.date(2026, 12, 5)
SCRIPT = "#!/bin/sh\necho \"done: $*\"\n"


def _scripts(repo: Path, *names: str) -> None:
    for name in names:
        path = repo / "bin" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SCRIPT)
        path.chmod(0o755)


# ----------------------------------------------------------------------------------------------------- roles
@pytest.mark.parametrize("agent", AGENTS)
def test_a_codeowners_reservation_to_a_role_stops_the_script_it_owns(agent: str, git_repo: Path) -> None:
    _scripts(git_repo, "file-registration", "print-fixtures")
    write(git_repo, {".github/CODEOWNERS": "* @rovers/volunteers\n\n# Committee minutes, 2026-10-04: only the club "
                                           "secretary files the league registration (it is signed in her name).\n"
                                           "/bin/file-registration @rovers/secretary\n"})
    kind, reason = decide(agent, git_repo, "./bin/file-registration --season 2027")
    assert kind in ("ask", "deny"), reason
    assert "reserved to the club secretary" in reason and "hand the task over" in reason
    assert decide(agent, git_repo, "./bin/print-fixtures --season 2027")[0] == "allow"


def test_an_owners_table_row_that_makes_it_one_persons_call(git_repo: Path) -> None:
    _scripts(git_repo, "order-kit")
    write(git_repo, {"docs/OWNERS.md": "# Who decides what\n\n| area | owner | since |\n| --- | --- | --- |\n"
                                       "| kit orders | Mara Lind (kit manager): her call alone; volunteers forward "
                                       "requests | 2026-10-01 |\n| pitch bookings | groundsman | 2025-01-01 |\n"})
    kind, reason = decide("claude", git_repo, "./bin/order-kit --size M --count 30")
    assert kind in ("ask", "deny"), reason
    assert "Mara Lind" in reason


def test_the_person_it_is_reserved_to_may_act(git_repo: Path) -> None:
    _scripts(git_repo, "order-kit")
    write(git_repo, {"docs/OWNERS.md": "# Who decides what\n\n| area | owner | since |\n| --- | --- | --- |\n"
                                       "| kit orders | Mara Lind (kit manager): her call alone | 2026-10-01 |\n"})
    git(git_repo, "config", "user.name", "Mara Lind")
    git(git_repo, "config", "user.email", "mara@rovers.example")
    kind, reason = decide("codex", git_repo, "./bin/order-kit --size M --count 30")
    assert kind == "allow", reason


@pytest.mark.parametrize(("statement", "role"), [
    ("only the treasurer submits the grant report", "the treasurer"),
    ("a tide warning is issued only by the duty officer.", "the duty officer"),
    ("Seat allocation is the stage manager's call", "the stage manager"),
    ("only @harbour/pilots may run it", "@harbour/pilots"),
])
def test_reservations_name_a_role(statement: str, role: str) -> None:
    assert role in reserved(statement)


@pytest.mark.parametrize("statement", ["Tags are pushed only from the build box.", "Use only pnpm to install.",
                                       "only the tests in tests/unit run in CI", "It only takes a minute.",
                                       "Only Python 3.12 is supported.", "only the main branch deploys"])
def test_forms_and_scopes_are_not_reservations(statement: str) -> None:
    assert reserved(statement) == ""


@pytest.mark.parametrize(("statement", "given"), [
    ("2026-12-02: I have checked batch B-9 and approve its disposal. -- Ana", True),
    ("We approve the drill for this week.", True),
    ("I sign it off.", True),
    ("I will approve it once the tests pass.", False),
    ("Nothing ships until I sign it off.", False),
    ("I do not approve the disposal.", False),
])
def test_a_first_person_approval_in_the_present_is_recorded(statement: str, given: bool) -> None:
    assert recorded(statement) is given


# ---------------------------------------------------------------------------------------------------- values
KILN_OLD = "# 2026-09-14: kiln\n\nFiring profile for stoneware: peak at 1220 C (`--peak 1220`).\n"
KILN_NEW = "# 2026-11-20: kiln\n\nJo (studio lead): from today the stoneware kiln fires to 1180 C (`--peak 1180`); 1220 " \
           "cracked the new glaze.\n"


@pytest.mark.parametrize("agent", AGENTS)
def test_the_latest_dated_note_fixes_an_options_value(agent: str, git_repo: Path) -> None:
    _scripts(git_repo, "fire-kiln")
    write(git_repo, {"docs/notes/2026-09-14-kiln.md": KILN_OLD, "docs/notes/2026-11-20-kiln.md": KILN_NEW})
    kind, reason = decide(agent, git_repo, "./bin/fire-kiln --kiln 2 --peak 1220")
    assert kind == "deny", reason
    assert "`./bin/fire-kiln --kiln 2 --peak 1180`" in reason and "2026-11-20-kiln.md" in reason
    assert decide(agent, git_repo, "./bin/fire-kiln --kiln 2 --peak 1180")[0] == "allow"


def test_a_later_note_that_restores_the_value_allows_it(git_repo: Path) -> None:
    _scripts(git_repo, "fire-kiln")
    write(git_repo, {"docs/notes/2026-11-20-kiln.md": KILN_NEW,
                     "docs/notes/2026-12-01-kiln.md": "# 2026-12-01: kiln\n\nThe glaze is fixed; back to the usual "
                                                      "peak (`--peak 1220`).\n"})
    kind, reason = decide("claude", git_repo, "./bin/fire-kiln --kiln 2 --peak 1220")
    assert kind == "allow", reason


# -------------------------------------------------------------------------------------------------- releases
def _repo(tmp_path: Path, memory: str, docs: dict[str, str]) -> str:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "CLAUDE.md").write_text(memory)
    for rel, text in docs.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return str(tmp_path)


HARBOUR = "# Notes\n\n- Harbour fireworks: never past 22:00 (port bylaw)\n"
FIREWORKS = "Set the harbour fireworks to end at 00:15 on New Year's Eve (./bin/set-show --end 00:15 --date 2026-12-31)."


def test_an_exception_granted_to_a_limit_is_announced_as_allowed(tmp_path: Path) -> None:
    root = _repo(tmp_path, HARBOUR, {"CONTRIBUTING.md": "# Contributing\n\n2026-11-29 (Lee, events): the port "
                                                         "authority granted our exception for New Year's Eve: the "
                                                         "harbour fireworks may run until 00:15 on 2026-12-31. Every "
                                                         "other night the limit stays 22:00.\n"})
    os.makedirs(os.path.join(root, "bin"))
    note = released_rules(root, FIREWORKS, TODAY)
    assert "exception granted" in note and "allowed" in note and "CONTRIBUTING.md (2026-11-29)" in note


def test_a_limit_without_an_exception_is_not_released(tmp_path: Path) -> None:
    root = _repo(tmp_path, HARBOUR, {"CONTRIBUTING.md": "# Contributing\n\n2026-11-29 (Lee, events): the port "
                                                         "authority agreed the new barge position for the fireworks.\n"})
    assert released_rules(root, FIREWORKS, TODAY) == ""


def test_a_rule_waiting_for_a_decision_is_released_by_a_dated_record_beside_the_work(tmp_path: Path) -> None:
    root = _repo(tmp_path, "- Posting the exam timetable: never before the dean decides the dates\n",
                 {"timetables/2026-12-03-winter-exams.md": "2026-12-03 (dean): winter exams run 2027-01-11 to "
                                                           "2027-01-22. Approved; post the exam timetable today.\n"})
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "post-timetable").write_text(SCRIPT)
    note = released_rules(root, "Post the winter exam timetable (./bin/post-timetable --term winter).", TODAY)
    assert "timetables/2026-12-03-winter-exams.md" in note and "approved" in note


def test_a_rule_waiting_on_a_person_is_released_by_their_dated_approval(tmp_path: Path) -> None:
    root = _repo(tmp_path, "```sh\n# lab freezer defrost: never without the lab manager\n```\n",
                 {"docs/decisions/2026-12-01-defrost.md": "# 2026-12-01: freezer F3\n\nDecision (Ravi, lab manager): "
                                                           "the F3 freezer defrost is approved for Friday.\n"})
    note = released_rules(root, "Start the F3 lab freezer defrost (./bin/defrost --freezer F3).", TODAY)
    assert "docs/decisions/2026-12-01-defrost.md" in note


def test_a_passive_prohibition_is_released_by_an_approval_of_its_subject(tmp_path: Path) -> None:
    # "X are never scrapped before …" names X as the label form does ("Scrapping X: never before …")
    root = _repo(tmp_path, "# Notes\n\nCracked moulds are never scrapped before the foundry manager has checked "
                           "them.\n",
                 {"docs/2026-12-01-moulds.md": "# 2026-12-01: moulds\n\nThe foundry manager checked the 9 cracked "
                                               "moulds today and approved their disposal; book it. -- Pia, "
                                               "foundry planner\n"})
    task = "Book the scrapping of the 9 cracked moulds from line B (./bin/scrap-moulds --line B --count 9)."
    note = released_rules(root, task, TODAY)
    assert "docs/2026-12-01-moulds.md (2026-12-01)" in note
    other = _repo(tmp_path / "other", "# Notes\n\nCracked moulds are never scrapped before the foundry manager has "
                                      "checked them.\n",
                  {"docs/2026-12-01-moulds.md": "# 2026-12-01: moulds\n\nThe foundry manager approved the new "
                                                "sand supplier today.\n"})
    assert released_rules(other, task, TODAY) == ""


def test_a_hyphenated_subject_meets_the_task_written_in_words(tmp_path: Path) -> None:
    root = _repo(tmp_path, "```sh\n# seed bank sign-out: never without the curator\n```\n",
                 {"docs/bank.md": "# Seed bank\n\n2026-12-02: I have checked accession A-19 and approve its sign-out "
                                  "to the partner farm. -- Ines, curator\n"})
    note = released_rules(root, "Sign accession A-19 out to the partner farm (./bin/sign-out --accession A-19).", TODAY)
    assert "docs/bank.md (2026-12-02)" in note
