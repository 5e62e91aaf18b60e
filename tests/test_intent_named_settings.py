"""A setting stated for a named item, prohibitions worded with "<verb>s no … until", releases that name the item
or grant an exception, and paths that moved or split (intent_values.py, intent.py, released.py,
governance_values.py, premises_documented.py, premises_replaced.py)."""
from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_intent import policy, remember
from test_premises import decide, write

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import intent

TODAY = datetime.date(2026, 12, 5)


def _gated(key: str, value: str, command: str) -> list[str]:
    return [verdict for _a, _r, verdict, _w in intent.gates(normalize_shell(command, "main"), [policy(key, value)], None)]


# ----------------------------------------------------------------------------- a setting of a named item
@pytest.mark.parametrize(("key", "value", "command", "expected"), [
    # the record names the item and the option's subject: another value is not what it says
    ("policy.acme_feed_units", "the ACME feed gets temperatures in fahrenheit since their 2026-10 contract",
     "./bin/send-feed --client acme --temperature-units celsius", ["deny"]),
    ("policy.acme_feed_units", "the ACME feed gets temperatures in fahrenheit since their 2026-10 contract",
     "./bin/send-feed --client acme --temperature-units fahrenheit", []),
    # a short form of the record's word is the same value (``f`` / ``kt`` / ``prod``)
    ("policy.acme_feed_units", "the ACME feed gets temperatures in fahrenheit since their 2026-10 contract",
     "./bin/send-feed --client acme --temperature-units fh", []),
    # a key that names the option, a record that says "only"
    ("policy.film22_region", "FILM22 is licensed for Canada only (distributor letter, 2026-11-04)",
     "./bin/publish --title FILM22 --region worldwide", ["deny"]),
    ("policy.film22_region", "FILM22 is licensed for Canada only (distributor letter, 2026-11-04)",
     "./bin/publish --title FILM22 --region canada", []),
    # another item than the one the record names: not about it
    ("policy.film22_region", "FILM22 is licensed for Canada only (distributor letter, 2026-11-04)",
     "./bin/publish --title FILM31 --region worldwide", []),
    # the value named negated is still outside the record
    ("policy.film22_region", "FILM22 goes to Canada only, never worldwide",
     "./bin/publish --title FILM22 --region worldwide", ["deny"]),
    # a record that says nothing of the option's subject decides nothing
    ("policy.film22_notes", "FILM22 has new subtitles since 2026-11-04",
     "./bin/publish --title FILM22 --region worldwide", []),
])
def test_a_record_about_a_named_items_setting(key: str, value: str, command: str, expected: list[str]) -> None:
    assert _gated(key, value, command) == expected


@pytest.mark.parametrize(("value", "expected"), [
    ("the north yard accepts no chemical drums until the bund is rebuilt on 2026-12-20", "deny"),
    ("the help desk takes no new bookings before 2027-01-04", "deny"),
    # no act held back for a period
    ("the old tank has no alarm until the fitter comes", None),
])
def test_a_present_tense_verb_that_does_none_of_a_thing_for_a_period(value: str, expected: str | None) -> None:
    assert intent.restriction(policy("policy.yard_intake", value)) == expected


@pytest.mark.parametrize("agent", AGENTS)
def test_the_developers_setting_for_an_item_stops_another_value_end_to_end(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/send-feed": "#!/bin/sh\necho sent\n"})
    (git_repo / "bin" / "send-feed").chmod(0o755)
    remember(git_repo, "policy.acme_feed_units", "the ACME feed gets temperatures in fahrenheit since their contract")
    kind, reason = decide(agent, git_repo, "./bin/send-feed --client acme --temperature-units celsius")
    assert kind == "deny", reason
    assert "--temperature-units celsius" in reason and "policy.acme_feed_units" in reason
    assert decide(agent, git_repo, "./bin/send-feed --client acme --temperature-units fahrenheit")[0] == "allow"


# ----------------------------------------------------------------------------- a value a document gives an option
@pytest.mark.parametrize("agent", AGENTS)
def test_a_document_that_spells_an_options_value_for_an_item(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/print-tags": "#!/bin/sh\n# Prints the crate tags of a lot.\necho printed\n",
                     "docs/cold/2026-11-02-K-77.md": "# 2026-11-02: lot K-77\n\nThe supplier's probe data cannot "
                                                     "confirm the cold chain, so every K-77 tag shows storage temp "
                                                     "'chilled' from today. -- QA lead\n"})
    (git_repo / "bin" / "print-tags").chmod(0o755)
    kind, reason = decide(agent, git_repo, "./bin/print-tags --lot K-77 --storage-temp frozen")
    assert kind == "deny", reason
    assert "`./bin/print-tags --lot K-77 --storage-temp chilled`" in reason
    # the value the document gives, and another lot, go through ("cannot confirm" is no gate of anyone's)
    assert decide(agent, git_repo, "./bin/print-tags --lot K-77 --storage-temp chilled")[0] == "allow"
    assert decide(agent, git_repo, "./bin/print-tags --lot K-80 --storage-temp frozen")[0] == "allow"


def test_what_a_check_cannot_establish_is_no_gate() -> None:
    from statewise_cli.recovery.governance_targets import gated

    assert not gated("The swab test cannot rule out peanut traces, so the label says so.")
    assert gated("Agents cannot deploy to production.")
    assert gated("You cannot confirm a payment yourself.")


# ----------------------------------------------------------------------------- releases of a memory-file rule
def test_an_exception_the_league_grants_releases_a_window_rule(tmp_path: Path) -> None:
    from statewise_cli.recovery.released import released_rules

    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Youth loan registration: never register one outside the window\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "2026-12-01-loan.md").write_text(
        "# 2026-12-01: county FA\n\nUnder rule 4.2 the county FA grants an exception: a youth loan may be registered "
        "outside the window for ten days.\n")
    prompt = "Register the youth loan of Y-5521 for Sunday (./bin/register --player Y-5521 --youth-loan)."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "docs/2026-12-01-loan.md (2026-12-01)" in note and "exception granted" in note
    # a note about another player of the same kind of number releases nothing for this one
    (tmp_path / "docs" / "2026-12-01-loan.md").write_text(
        "# 2026-12-01: county FA\n\nFor Y-4410 the county FA grants an exception: the youth loan may be registered "
        "outside the window for ten days.\n")
    assert released_rules(str(tmp_path), prompt, TODAY) == ""


def test_an_approval_of_the_rules_own_item_with_the_tasks_act_releases_it(tmp_path: Path) -> None:
    from statewise_cli.recovery.released import released_rules

    (tmp_path / "CLAUDE.md").write_text("# Notes\n\nGate G-14 must never be removed before the load test.\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "2026-12-03-g14.md").write_text(
        "# 2026-12-03: gate G-14\n\nThe load test passed at 02:00. I approve opening G-14. -- site engineer\n")
    note = released_rules(str(tmp_path), "Open gate G-14 (./bin/open-gate G-14).", TODAY)
    assert "docs/2026-12-03-g14.md (2026-12-03)" in note
    # the same note for another gate releases nothing
    (tmp_path / "docs" / "2026-12-03-g14.md").write_text(
        "# 2026-12-03: gate G-15\n\nThe load test passed at 02:00. I approve opening G-15. -- site engineer\n")
    assert released_rules(str(tmp_path), "Open gate G-14 (./bin/open-gate G-14).", TODAY) == ""


@pytest.mark.parametrize("agent", AGENTS)
def test_a_memory_file_is_no_evidence_of_a_documented_hold(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/refund": "#!/bin/sh\necho refunded\n",
                     "CLAUDE.md": "# Notes\n\n- Refund of order OR-3310: never release it: under review\n"})
    (git_repo / "bin" / "refund").chmod(0o755)
    assert decide(agent, git_repo, "./bin/refund --order OR-3310")[0] == "allow"
    # the same hold in the project's own notes is one
    write(git_repo, {"docs/refunds.md": "# Refunds\n\nOR-3310 is under review; do not release it.\n"})
    assert decide(agent, git_repo, "./bin/refund --order OR-3310")[0] in ("ask", "deny")


# ----------------------------------------------------------------------------- paths that moved or split
def _edit(agent: str, repo: Path, rel: str, old: str, new: str) -> tuple[str, str]:
    if agent == "claude":
        return decide(agent, repo, tool="Edit", tool_input={"file_path": str(repo / rel), "old_string": old,
                                                            "new_string": new})
    patch = f"*** Begin Patch\n*** Update File: {rel}\n@@\n-{old.rstrip()}\n+{new.rstrip()}\n*** End Patch\n"
    return decide(agent, repo, tool="apply_patch", tool_input={"command": patch})


@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_that_sat_right_in_a_moved_directory_is_named_first(agent: str, git_repo: Path) -> None:
    write(git_repo, {"rotas/week.yaml": "mon: ana\n", "teams/west/week.yaml": "mon: bo\n"})
    git(git_repo, "mv", "rotas", "teams/east")
    commit_all(git_repo, "Rotas per team")
    kind, reason = _edit(agent, git_repo, "rotas/week.yaml", "mon: ana\n", "mon: cy\n")
    assert kind == "deny", reason
    assert reason.splitlines()[0].split(" — ")[0].endswith("teams/east/week.yaml"), reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_split_into_a_directory_is_found_by_the_edits_own_fields(agent: str, git_repo: Path) -> None:
    write(git_repo, {"routes/stops.csv": "stop,route\nMill Lane School,R4\nHarbour Steps,R9\n"})
    git(git_repo, "rm", "-q", "routes/stops.csv")
    write(git_repo, {"routes/stops/r4.yaml": "- stop: Mill Lane School\n", "routes/stops/r9.yaml": "- stop: Harbour Steps\n",
                     "docs/stops.md": "# Stops\n\nStops are one file per route under routes/stops/.\n"})
    kind, reason = _edit(agent, git_repo, "routes/stops.csv", "Mill Lane School,R4\n", "")
    assert kind == "deny", reason
    assert "routes/stops/r4.yaml" in reason.splitlines()[0], reason
    assert "docs/stops.md" not in reason.splitlines()[0]


def test_an_option_named_by_a_preposition_or_passed_an_items_name_is_no_setting() -> None:
    value = "the harbour master opened the winter berth swap window from 2026-12-01 to 2026-12-20"
    assert _gated("policy.berth_swaps", value, "./bin/berths swap --boat Seabird --from B-03 --to C-14") == []
