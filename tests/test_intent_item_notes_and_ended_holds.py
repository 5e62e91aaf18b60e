"""A dated note named for the item an action carries, a passive "nothing is done before …" rule, directions and
hand-backs in the words people use, a freeze recorded as ended, and counts that are not items
(governance_targets.py, governance.py, released.py). Invented repositories and domains."""
from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_intent import policy, remember
from test_premises import decide, write

from statewise_cli.recovery import governance, governance_targets, intent
from statewise_cli.recovery.released import _ids, released_rules

TODAY = datetime.date(2026, 12, 5)


def _script(repo: Path, name: str, what: str) -> None:
    write(repo, {f"bin/{name}": f"#!/bin/sh\n# {what}\necho \"done: $*\"\n"})
    (repo / "bin" / name).chmod(0o755)


# --------------------------------------------------- a dated note named for the item; "nothing is shipped before"
@pytest.mark.parametrize("agent", AGENTS)
def test_a_dated_note_on_the_item_holding_its_act_asks_before_the_act(agent: str, git_repo: Path) -> None:
    _script(git_repo, "ship", "Books the courier for an order and invoices the customer.")
    write(git_repo, {"docs/qa/2026-12-02-KX-4471.md": "# 2026-12-02: KX-4471\n\nThe casings of KX-4471 failed the "
                                                      "drop test. The order is kept in the cage until a retest "
                                                      "passes; nothing is shipped before.\n"})
    kind, reason = decide(agent, git_repo, "./bin/ship --order KX-4471")
    assert kind in ("ask", "deny"), reason
    assert "docs/qa/2026-12-02-KX-4471.md" in reason and "nothing is shipped before" in reason
    # another order the note does not name runs
    assert decide(agent, git_repo, "./bin/ship --order KX-4472")[0] == "allow"


def test_the_passive_ban_names_its_act_and_identifiers_are_targets() -> None:
    assert governance_targets.conditional_ban("The pallet waits in bay 3; nothing is shipped before.", ["ship"])
    assert governance_targets.conditional_ban("No van is loaded until the brake check is done.", ["load"])
    assert not governance_targets.conditional_ban("Nothing is shipped before noon.", ["invoice"])
    assert governance_targets._item_id("KX-4471") and governance_targets._item_id("E21-1")
    assert not governance_targets._item_id("2026-12-08") and not governance_targets._item_id("v1-2")
    assert not governance_targets._item_id("north-yard")


# --------------------------------------------------- a direction with a possessive; a hand-back in the third person
def test_the_one_who_decides_asking_for_the_act_on_someones_item_releases_the_rule(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Renewing the permit of T-3307: do not renew it: her references "
                                        "are not in\n")
    (tmp_path / "docs" / "staff").mkdir(parents=True)
    (tmp_path / "docs" / "staff" / "2026-12-01-T-3307.md").write_text(
        "# 2026-12-01: T-3307\n\nHer references came back good. I am keeping her on: please renew her permit "
        "this week. -- Rosa, site manager\n")
    prompt = "Renew the permit of T-3307 (./bin/renew-permit --staff T-3307)."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "docs/staff/2026-12-01-T-3307.md (2026-12-01)" in note and "please renew her permit" in note
    # a note that asks for something else releases nothing
    (tmp_path / "docs" / "staff" / "2026-12-01-T-3307.md").write_text(
        "# 2026-12-01: T-3307\n\nHer references came back good. Please file her timesheets. -- Rosa, site manager\n")
    assert released_rules(str(tmp_path), prompt, TODAY) == ""


def test_a_branch_handed_back_in_the_third_person_releases_the_force_push_rule(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Force-pushing the survey maps branch: never force-push it: "
                                        "Ola commits her maps to it too\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "maps.md").write_text(
        "# Maps\n\n2026-11-30: I have finished my maps and won't push to maps/survey again; it is Jo's branch alone "
        "now, he can rewrite it as he likes. -- Ola\n")
    prompt = "Update the survey maps branch on origin with git push --force-with-lease origin maps/survey."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "docs/maps.md (2026-11-30)" in note and "rewrite it as he likes" in note


# --------------------------------------------------------------------- a freeze recorded as ended gates nothing
def test_a_statement_that_ends_a_freeze_is_no_gate() -> None:
    assert governance._hold_released("The audit closed, so I ended the tariff freeze today: tariff changes go to "
                                     "main as usual again.")
    assert governance._hold_released("The embargo was lifted on 2026-12-01.")
    assert not governance._hold_released("The freeze has not ended.")
    assert not governance._hold_released("Nothing is pushed until the freeze is lifted.")
    assert not governance._hold_released("The freeze is lifted, but never push to main without approval.")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_after_a_note_that_ended_the_freeze_runs(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/billing/2026-12-01-tariff-freeze.md": "# 2026-12-01: tariff freeze ended\n\nThe audit "
                                                                 "closed, so I ended the tariff freeze today: tariff "
                                                                 "changes go to main as usual again. -- Ines, "
                                                                 "billing lead\n"})
    git(git_repo, "push", "-q", "origin", "main")
    write(git_repo, {"tariffs/night.yaml": "rate: 0.21\n"})
    kind, reason = decide(agent, git_repo, "git push origin main")
    assert kind == "allow", reason
    # while the freeze is on, the same push asks
    write(git_repo, {"docs/billing/2026-12-01-tariff-freeze.md": "# 2026-12-01: tariff freeze\n\nThe tariffs are "
                                                                 "frozen until the audit closes: nothing is pushed to "
                                                                 "main. -- Ines, billing lead\n"})
    assert decide(agent, git_repo, "git push origin main")[0] in ("ask", "deny")


# ------------------------------------------------------------------------------- a count is not an item's name
def test_counts_are_not_items() -> None:
    assert _ids("Night block: 34 rooms") == set()
    assert _ids("step 0 of L-77 and 5.2") == {"0", "l-77", "5.2"}


# ------------------------------------------------- a value held for a period; a one-digit value the record rules out
@pytest.mark.parametrize("agent", AGENTS)
def test_the_value_a_record_holds_for_a_period_runs_and_the_one_it_rules_out_is_replaced(agent: str,
                                                                                          git_repo: Path) -> None:
    _script(git_repo, "set-humidity", "Sets a store room's humidity target on its controller.")
    remember(git_repo, "policy.vault_b_humidity", "Vault B is held at 45 percent humidity while the loaned prints "
                                                  "are in (registrar, 2026-11-20); never the 8 percent dry setting")
    kind, reason = decide(agent, git_repo, "./bin/set-humidity --room vault-b --percent 45")
    assert kind == "allow", reason
    kind, reason = decide(agent, git_repo, "./bin/set-humidity --room vault-b --percent 8")
    assert kind == "deny" and "`./bin/set-humidity --room vault-b --percent 45`" in reason, reason


def test_a_value_inside_a_clause_about_time_is_not_put_in_place() -> None:
    record = policy("policy.sirens", "never sound the sirens at 7; sound them after 11")
    assert not intent._put_instead(record, "11")
    assert intent._put_instead(policy("policy.v", "held at 45 while the prints are in; never 8"), "45")


# --------------------------------------------------------------- a plural names the act's program by its stem
@pytest.mark.parametrize("agent", AGENTS)
def test_a_signed_note_stopping_the_acts_in_the_plural_asks_before_the_program(agent: str, git_repo: Path) -> None:
    _script(git_repo, "book-tasting", "Books a tasting slot for a group and emails them.")
    write(git_repo, {"docs/cellar/2026-12-03-closed.md": "# 2026-12-03: cellar closed\n\nThe cellar floor is being "
                                                         "resealed. I have stopped all tastings; do not book any group "
                                                         "until I post here that it has reopened. -- Mara, cellar "
                                                         "manager\n"})
    kind, reason = decide(agent, git_repo, "./bin/book-tasting --group G-12 --date 2026-12-09")
    assert kind in ("ask", "deny"), reason
    assert "docs/cellar/2026-12-03-closed.md" in reason


# ------------------------------------------- a freeze ended in the first person; a hand-back naming the rule's subject
def test_a_note_that_ended_the_freeze_releases_a_memory_freeze_in_a_code_block(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n```sh\n# night tariffs: frozen until the 2027 audit, never push\n"
                                        "# wait\n```\n")
    (tmp_path / "docs" / "billing").mkdir(parents=True)
    (tmp_path / "docs" / "billing" / "2026-12-01-tariff-freeze.md").write_text(
        "# 2026-12-01\n\nThe 2027 audit closed, so I ended the night tariff freeze today: tariff changes go to main "
        "as usual again. -- Ines, billing lead\n")
    prompt = "My change to the night tariffs is committed on main; push main to origin."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "docs/billing/2026-12-01-tariff-freeze.md (2026-12-01)" in note and "ended the night tariff freeze" in note
    # a freeze not ended releases nothing
    (tmp_path / "docs" / "billing" / "2026-12-01-tariff-freeze.md").write_text(
        "# 2026-12-01\n\nThe 2027 audit is late; the night tariff freeze has not ended. -- Ines, billing lead\n")
    assert released_rules(str(tmp_path), prompt, TODAY) == ""


def test_a_hand_back_naming_the_rules_subject_releases_a_prose_rule(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\nNever force-push the tide tables branch; Kim commits her tables "
                                        "to it too.\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "tides.md").write_text(
        "# Tides\n\n2026-11-30: I have finished my tables and won't push to data/tide-tables again; it is Lou's branch "
        "alone now, he can rewrite it as he likes. -- Kim\n")
    prompt = "Update the tide tables branch on origin with git push --force-with-lease origin data/tide-tables."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "docs/tides.md (2026-11-30)" in note
    # a hand-back of another branch releases nothing of this one
    (tmp_path / "docs" / "tides.md").write_text(
        "# Tides\n\n2026-11-30: I have finished my charts and won't push to data/harbour-charts again; it is Lou's "
        "branch alone now, he can rewrite it as he likes. -- Kim\n")
    assert released_rules(str(tmp_path), prompt, TODAY) == ""
