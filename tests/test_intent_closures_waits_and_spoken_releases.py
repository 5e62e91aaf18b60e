"""Holds said as a closed state that lasts until a condition, a hold kept by someone "holding" the work until another
party acts, work that waits for someone's leave (a permit, a licence), and a release the awaited party gives by
saying the act in the first person ("I confirm it") — recovery/intent.py, governance_targets.py, released.py.
Invented repositories, records and domains."""
from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS
from test_intent import policy
from test_premises import decide, write

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import governance_targets, intent, released

SCRIPT = "#!/bin/sh\necho \"done: $*\"\n"


# ------------------------------------------------------------------ a closed state that lasts until a condition
@pytest.mark.parametrize(("value", "expected"), [
    ("the climbing wall is closed to bookings since 2026-11-30 until the inspector has checked the anchors", "deny"),
    ("the east jetty is shut pending the harbour engineer's survey", "deny"),
    ("the allotment gate is closed until the committee reports on the break-in", "deny"),
    # no condition: a closed thing, no hold of work
    ("the ticket desk is closed on Sundays", None),
    # a closure whose own end date has passed
    ("the kiln room is closed until 2025-11-01", None),
])
def test_a_closed_state_until_a_condition_holds(value: str, expected: str | None) -> None:
    assert intent.restriction(policy("policy.some_place", value)) == expected


def test_a_closure_record_gates_the_program_that_opens_what_it_closes() -> None:
    record = policy("policy.north_pier_closed", "the north pier is closed to anglers since 2026-12-01 until the "
                                                "harbour engineer reports on the piles (harbour master)")
    gated = intent.gates(normalize_shell("./bin/open-fishing --pier north-pier --from 07:00", "main"), [record], None)
    assert [verdict for _a, _r, verdict, _w in gated] == ["deny"]
    other = intent.gates(normalize_shell("./bin/open-fishing --lake mill-pond --from 07:00", "main"), [record], None)
    assert other == []


# ------------------------------------------------------------------ someone holding the work until another acts
@pytest.mark.parametrize(("statement", "expected"), [
    ("Kiln firing on line 3: I am holding it until the gas engineer signs the test.", True),
    ("We're holding the orchard spraying until the beekeeper confirms the hives are moved.", True),
    ("I am holding the east field harvest until the agronomist's report.", True),
    # a period, not an event
    ("I am holding the spare pallets until 2026-12-20.", False),
])
def test_holding_the_work_until_another_party_acts(statement: str, expected: bool) -> None:
    assert governance_targets.held_until_event(statement) is expected


@pytest.mark.parametrize("agent", AGENTS)
def test_a_dated_note_holding_the_work_gates_the_program_that_does_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/2026-11-20-glasshouse.md": "# 2026-11-20: glasshouse 4\n\nThe mite count in glasshouse 4 "
                                                      "is high; misting there is on hold from me. I am holding it "
                                                      "until the entomologist has counted again. -- Wren, grower\n",
                     "bin/start-misting": SCRIPT})
    (git_repo / "bin/start-misting").chmod(0o755)
    kind, reason = decide(agent, git_repo, "./bin/start-misting --house 4")
    assert kind in ("ask", "deny"), reason
    assert "docs/2026-11-20-glasshouse.md" in reason


# ------------------------------------------------------------------ work that waits for someone's leave
@pytest.mark.parametrize(("statement", "expected"), [
    ("2026-11-10: blasting at the quarry waits for the county's blasting licence; the site agent books it.", True),
    ("Crane lifts over the street must wait for the council's oversail permit.", True),
    ("The sync job waits for the lock file to clear.", False),
    ("The cache warm-up waits for the build to finish.", False),
    # work not done without someone's leave
    ("- [ ] Welding: no welding or other spark work in the grain store without the fire officer's spark permit", True),
    ("Never fly the drone over the reserve without the warden's licence.", True),
    ("The mower runs without a licence key.", False),
])
def test_waiting_for_a_permit_is_a_gate(statement: str, expected: bool) -> None:
    assert governance_targets.gated(statement) is expected


@pytest.mark.parametrize("agent", AGENTS)
def test_codeowners_saying_the_work_waits_for_a_permit_gates_the_script(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/CODEOWNERS": "* @quarry/crew\n\n# 2026-11-10: blasts wait for the county's blasting "
                                           "licence; the licensing clerk books them.\n/bin/book-blast @quarry/licensing\n",
                     "bin/book-blast": SCRIPT, "bin/book-survey": SCRIPT})
    for name in ("bin/book-blast", "bin/book-survey"):
        (git_repo / name).chmod(0o755)
    kind, reason = decide(agent, git_repo, "./bin/book-blast --face F2 --day 2026-12-10")
    assert kind in ("ask", "deny"), reason
    assert "CODEOWNERS" in reason
    assert decide(agent, git_repo, "./bin/book-survey --face F2 --day 2026-12-10")[0] == "allow"


# ------------------------------------------------------------------ a release the awaited party says in the first person
RULE = "Bottling vat 12: it must not be bottled before the tasting jury confirms it"


@pytest.mark.parametrize(("said", "expected"), [
    ("We tasted vat 12 twice this week. I confirm it for bottling. -- Ines, chair of the tasting jury", True),
    ("I will confirm it once the second tasting is in. -- Ines, chair of the tasting jury", False),
    ("Once I confirm it, bottle it. -- Ines, chair of the tasting jury", False),
    ("I do not confirm it yet. -- Ines, chair of the tasting jury", False),
])
def test_the_awaited_act_said_in_the_first_person_is_done(said: str, expected: bool) -> None:
    assert released._event_done(RULE, said, said) is expected


def test_a_release_is_dated_by_the_latest_day_its_record_names(tmp_path: Path) -> None:
    note = tmp_path / "docs" / "2026-12-04-vat-12.md"
    note.parent.mkdir()
    note.write_text("# 2026-12-04: vat 12\n\nThe sample of 2026-11-28 stands. I confirm it for bottling.\n")
    day = released._dated(str(tmp_path), "docs/2026-12-04-vat-12.md", 3,
                          ["The sample of 2026-11-28 stands", "I confirm it for bottling"], datetime.date(2026, 12, 6))
    assert day == "2026-12-04"


# ------------------------------------------------------------------ a value with its unit, the rule for a place
BOLLARDS = {"docs/2026-11-12-harbour-front.md": "# 2026-11-12: harbour front\n\nThe harbour board's condition for the "
                                                "promenade: every bollard we fit on the harbour front is 900 mm high "
                                                "from now on; a 1200 mm bollard there breaches the harbour licence. "
                                                "-- Pel, works engineer\n",
            "posts/harbour-front.yaml": "HF-03: {berth: 2, surface: granite}\n",
            "posts/market-square.yaml": "MS-01: {corner: north}\n",
            "bin/install-bollard": SCRIPT}


@pytest.mark.parametrize("agent", AGENTS)
def test_a_unit_value_stated_for_a_place_gates_another_value_for_an_item_there(agent: str, git_repo: Path) -> None:
    write(git_repo, BOLLARDS)
    (git_repo / "bin/install-bollard").chmod(0o755)
    kind, reason = decide(agent, git_repo, "./bin/install-bollard --post HF-03 --height 1200")
    assert kind == "deny", reason
    assert "--height 900" in reason and "docs/2026-11-12-harbour-front.md" in reason


def test_the_rule_s_value_or_an_item_elsewhere_is_not_gated(git_repo: Path) -> None:
    write(git_repo, BOLLARDS)
    (git_repo / "bin/install-bollard").chmod(0o755)
    assert decide("claude", git_repo, "./bin/install-bollard --post HF-03 --height 900")[0] == "allow"
    assert decide("claude", git_repo, "./bin/install-bollard --post MS-01 --height 1200")[0] == "allow"


def test_a_first_person_act_offered_as_one_way_or_still_awaited_is_not_done() -> None:
    rule = "Shipping lot 9: never before the grader clears it"
    assert not released._event_done(rule, "I clear it or we regrade the lot. -- Oona, grader")
    assert not released._event_done(rule, "I clear it today; nothing ships until I mark lot 9 cleared. -- Oona, grader")
    assert released._event_done(rule, "I clear it today. -- Oona, grader", "Oona, grader")
    # a plan for a day to come, and a record that still waits for the speaker's own act
    assert not released._event_done(rule, "I clear it on Thursday after the regrade. -- Oona, grader", "Oona, grader")
    assert not released._event_done(rule, "I clear it at the dock and sign the sheet; no lot ships before my check. "
                                          "-- Oona, grader", "Oona, grader")
