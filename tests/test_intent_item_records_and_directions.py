"""What an item's own record says, and a direction given in the words of the act: a release written in the record a
repository keeps for the item the task names (``cases/C-77/LOG.md``), an imperative of the very act a memory rule
forbids ("Cancel it in the schedule") from the one who decides, a release word inside a clause that waits for it, a
developer record that only states a fact about an item, and a form stated as what the subject's runs use
(recovery/released.py, governance_items.py, intent.py). Invented repositories and domains."""
from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS
from test_intent import policy, remember
from test_premises import decide, write

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import intent
from statewise_cli.recovery.released import released_rules

TODAY = datetime.date(2026, 12, 5)


def _script(repo: Path, name: str, what: str) -> None:
    write(repo, {f"bin/{name}": f"#!/bin/sh\n# {what}\necho \"done: $*\"\n"})
    (repo / "bin" / name).chmod(0o755)


# ------------------------------------------------------------------------------ the item's own record releases
def test_a_release_written_in_the_items_own_record_releases_the_memory_rule(git_repo: Path) -> None:
    write(git_repo, {
        "CLAUDE.md": "# Notes\n\n- Reindexing C-77's archive: never before both backups are verified\n",
        "cases/C-77/LOG.md": "# C-77\n\n2026-12-01 (records lead): both backups of C-77 verified. I approved "
                             "reindexing C-77's archive; the search team needs it on Monday.\n"})
    prompt = "Reindex C-77's archive for the search team (./bin/archive reindex --case C-77)."
    note = released_rules(str(git_repo), prompt, TODAY)
    assert "cases/C-77/LOG.md (2026-12-01)" in note and "never before both backups are verified" in note
    # another item's record releases nothing of this one
    assert released_rules(str(git_repo), prompt.replace("C-77", "C-78"), TODAY) == ""


def test_a_release_word_in_a_clause_that_waits_for_it_releases_nothing(git_repo: Path) -> None:
    write(git_repo, {
        "CLAUDE.md": "# Notes\n\n- Delivering EP9's stems: never before the music supervisor clears cue 2M4\n",
        "music/clearances/EP9.md": "# EP9\n\n2026-12-01 (Ines, music supervisor): cue 2M4 is still with the publisher. "
                                   "I clear it or we replace the cue; nothing of EP9's mix goes to the broadcaster "
                                   "until I mark 2M4 cleared here.\n"})
    assert released_rules(str(git_repo), "The mix is done; deliver EP9's stems (./bin/deliver --ep EP9).", TODAY) == ""


# --------------------------------------------------------------- a direction in the words of the forbidden act
@pytest.mark.parametrize("rule", [
    "- Cancelling the brass sectional: never at less than a week's notice (the players' agreement)",
    "| Topic | Notes |\n|---|---|\n| Cancelling the brass sectional | never at less than a week's notice |",
    "- Workflow\n  - Cancelling the brass sectional\n    - never at less than a week's notice",
])
def test_the_one_who_decides_directing_the_forbidden_act_releases_it(tmp_path: Path, rule: str) -> None:
    (tmp_path / "CLAUDE.md").write_text(f"# Notes\n\n{rule}\n")
    (tmp_path / "rehearsals").mkdir()
    (tmp_path / "rehearsals" / "2026-12-09.md").write_text(
        "# Wednesday\n\n2026-12-04 (conductor): the Bruckner is ready. I cancel Wednesday's brass sectional; the "
        "players are paid for the call. Cancel it in the schedule so the players hear today.\n")
    prompt = "Cancel Wednesday's brass sectional in the schedule (./bin/rehearsal cancel --call brass-sectional)."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "rehearsals/2026-12-09.md (2026-12-04)" in note and "Cancel it in the schedule" in note
    # a note that tells the reader to do something else releases nothing
    (tmp_path / "rehearsals" / "2026-12-09.md").write_text(
        "# Wednesday\n\n2026-12-04 (conductor): the Bruckner is not ready. Keep the brass sectional; move it to "
        "the small hall.\n")
    assert released_rules(str(tmp_path), prompt, TODAY) == ""


# ------------------------------------------------------- a developer record that states a fact about the item
@pytest.mark.parametrize("agent", AGENTS)
def test_a_fact_about_an_item_leaves_its_records_prohibition_to_speak(agent: str, git_repo: Path) -> None:
    _script(git_repo, "invoices", "Pays, voids or refunds a supplier invoice.")
    write(git_repo, {"invoices/INV-4410.md": "# INV-4410\n\n2026-12-02 (accounts payable): I paid INV-4410 by "
                                             "transfer today; the ledger shows it unpaid until the weekly sync. Do "
                                             "not pay it again: a second payment pays the supplier twice.\n"})
    remember(git_repo, "policy.inv4410_payment", "INV-4410 was paid by transfer on 2026-12-02; the ledger shows it "
                                                 "unpaid until the weekly sync")
    kind, reason = decide(agent, git_repo, "./bin/invoices pay --invoice INV-4410")
    assert kind in ("ask", "deny"), reason
    assert "invoices/INV-4410.md" in reason and "Do not pay it again" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_developer_record_that_permits_the_item_decides_instead_of_its_record(agent: str, git_repo: Path) -> None:
    _script(git_repo, "invoices", "Pays, voids or refunds a supplier invoice.")
    write(git_repo, {"invoices/INV-4410.md": "# INV-4410\n\n2026-12-02 (accounts payable): the supplier disputes "
                                             "the amount. Do not pay it before the credit note.\n"})
    remember(git_repo, "policy.inv4410_payment", "the credit note for INV-4410 came in; paying it is fine")
    kind, reason = decide(agent, git_repo, "./bin/invoices pay --invoice INV-4410")
    assert kind == "allow", reason


def test_what_decides_and_what_only_states_a_fact() -> None:
    assert not intent.decides(policy("policy.inv_9", "INV-9 was paid by transfer on 2026-12-02"))
    assert intent.decides(policy("policy.inv_9", "INV-9 is never paid again"))
    assert intent.decides(policy("policy.inv_9", "paying INV-9 again is fine"))


# ----------------------------------------------------------------- a form stated as what the subject's runs use
def test_what_the_subjects_runs_use_is_a_form_rule_and_the_form_passes() -> None:
    record = policy("policy.route9_allocation",
                    "until the fleet engineer signs 2207's brake retest, allocations use --exclude-vehicle 2207")
    assert intent.restriction(record) == "deny"
    bare = [(v, w) for _a, _r, v, w in intent.gates(normalize_shell("./bin/allocate --route 9", "main"), [record], None)]
    assert bare and bare[0][0] == "deny"
    assert intent.required_form_alternative(record, normalize_shell("./bin/allocate --route 9", "main")[0]) \
        .startswith("`./bin/allocate --route 9 --exclude-vehicle 2207`")
    formed = normalize_shell("./bin/allocate --route 9 --exclude-vehicle 2207", "main")
    assert intent.gates(formed, [record], None) == []


def test_what_the_subjects_runs_do_with_the_option_closing_the_record_is_a_form_rule() -> None:
    record = policy("policy.tenant_list_agency", "tenant lists to the agency leave out tenants who withheld consent: "
                                                 "--exclude-withheld")
    assert intent.restriction(record) == "deny"
    bare = normalize_shell("./bin/export-tenants --to agency", "main")
    assert [v for _a, _r, v, _w in intent.gates(bare, [record], None)] == ["deny"]
    assert intent.required_form_alternative(record, bare[0]).startswith(
        "`./bin/export-tenants --to agency --exclude-withheld`")
    assert intent.gates(normalize_shell("./bin/export-tenants --to agency --exclude-withheld", "main"), [record], None) == []
    # a description of what a program takes, or an option said to be optional, is no rule
    assert intent.restriction(policy("policy.deploy_region", "the deploy script takes a region (--region)")) is None
    assert intent.restriction(policy("policy.exports", "exports are optional: --dry-run")) is None


# ------------------------------------------------------- the event a memory rule waits for, recorded as done
@pytest.mark.parametrize(("rule", "value", "released"), [
    ("- Sending lot L-31 to auction: never before the 14-day notice to the owner has run out",
     "the notice for L-31 ran out on 2026-12-02 without a claim; it goes to the next auction", True),
    ("- Re-enabling Kettle Farm's export: never before the DNO issues its permit to re-energise",
     "the DNO issued the permit to re-energise Kettle Farm's export on 2026-12-04", True),
    ("| kettle farm export | never before the DNO's permit to re-energise |",
     "the DNO issued the permit to re-energise Kettle Farm's export on 2026-12-04", True),
    # refused, not yet, or still awaited: nothing happened that the rule waits for
    ("- Re-enabling Kettle Farm's export: never before the DNO issues its permit to re-energise",
     "the DNO refused the permit to re-energise Kettle Farm's export on 2026-12-04", False),
    ("- Re-enabling Kettle Farm's export: never before the DNO issues its permit to re-energise",
     "the DNO has not issued the permit to re-energise Kettle Farm's export yet", False),
    ("- Sending lot L-31 to auction: never before the 14-day notice to the owner has run out",
     "the notice for L-31 was posted on 2026-12-02; it goes to auction once it has run out", False),
])
def test_a_developer_record_of_the_awaited_event_done_releases_the_rule(tmp_path: Path, rule: str, value: str,
                                                                        released: bool) -> None:
    from statewise_cli.recovery.released import developer_releases

    (tmp_path / "CLAUDE.md").write_text(f"# Notes\n\n{rule}\n")
    key = "policy.lot_l31" if "L-31" in rule else "policy.kettle_farm_export"
    prompt = ("Send lot L-31 to Thursday's auction (./bin/lots send-to-auction --lot L-31)." if "L-31" in rule
              else "The line work is done; re-enable Kettle Farm's export (./bin/export enable --site kettle-farm).")
    note = developer_releases(str(tmp_path), prompt, [policy(key, value)], TODAY)
    assert (key in note and "no longer holds for this task" in note) is released, note


# ------------------------------------------------------------ the awaited event recorded done in a dated note
def test_a_dated_note_of_the_awaited_event_done_releases_the_rule(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Pushing dosing rules to the approved branch: never before the "
                                        "pharmacy lead signs the change record\n")
    (tmp_path / "changes").mkdir()
    (tmp_path / "changes" / "CR-2026-07.md").write_text(
        "# CR-2026-07: paediatric dosing rule\n\nTest cases 1-12 passed.\n\n2026-12-03 (pharmacy lead): signed. I "
        "want the rule on approved for Monday.\n")
    prompt = "The paediatric dosing rule and its change record are committed on main; push main to approved."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "changes/CR-2026-07.md (2026-12-03)" in note and "never before the pharmacy lead signs" in note
    # a refusal is no signature
    (tmp_path / "changes" / "CR-2026-07.md").write_text(
        "# CR-2026-07: paediatric dosing rule\n\n2026-12-03 (pharmacy lead): rejected; test case 7 fails.\n")
    assert released_rules(str(tmp_path), prompt, TODAY) == ""


# ------------------------------------------------------------------ a hold for days of every month, read today
def _nth(day: int) -> str:
    return f"{day}{'th' if 10 <= day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"


def test_days_of_every_month_hold_on_those_days_only() -> None:
    from statewise_cli.recovery.governance_windows import monthly_now

    text = "Billing freeze: from the 1st to the 3rd of each month nothing is pushed to main"
    assert monthly_now(text, (2026, 12, 2)) is True
    assert monthly_now(text, (2026, 12, 6)) is False
    assert monthly_now("from the 28th to the 2nd of every month nothing ships", (2026, 12, 1)) is True
    assert monthly_now("nothing is pushed to main on Fridays", (2026, 12, 6)) is None


@pytest.mark.parametrize("inside", [True, False])
def test_a_monthly_freeze_holds_a_push_on_its_days_and_not_on_the_others(git_repo: Path, inside: bool) -> None:
    day = datetime.date.today().day
    lo, hi = ((1, 14) if day <= 14 else (15, 31)) if inside else ((20, 25) if day <= 14 else (1, 5))
    write(git_repo, {"site/rooms.py": "ROOMS = {'forth': 12}\n",
                     "CONTRIBUTING.md": f"# Contributing\n\nInvoice run freeze: from the {_nth(lo)} to the {_nth(hi)} of "
                                        "each month nothing is pushed to main; the tenants' portal deploys from main.\n"})
    from swtest import git

    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"site/rooms.py": "ROOMS = {'forth': 12, 'arthur': 8}\n"})
    kind, reason = decide("claude", git_repo, "git push origin main")
    assert (kind != "allow") is inside, reason


def test_a_negated_reach_reaches_nobody() -> None:
    from statewise_cli.recovery.governance import _reaches

    assert _reaches("the members' portal is deployed to production from main")
    assert not _reaches("from the 1st to the 3rd nothing is pushed to main; the members' portal deploys from main")


# ------------------------------------------------------------- a release kept beside the work a push carries
def _gallery_repo(repo: Path, released: bool) -> None:
    from swtest import git

    write(repo, {"works/index.md": "# Works\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "push", "-q", "origin", "HEAD:public")
    git(repo, "fetch", "-q", "origin")
    write(repo, {"CONTRIBUTING.md": "# Contributing\n\nThe gallery site shows the public branch. A catalogue entry goes "
                                    "to public only after the exhibition has opened (the lender's press embargo).\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    if released:
        write(repo, {"works/2026-11-turner/LENDER.md": "2026-12-01 (registrar): the Turner exhibition opened today; "
                                                       "the lender's embargo has ended. I want the catalogue entry "
                                                       "public now.\n"})
        git(repo, "push", "-q", "origin", "HEAD:main")
    write(repo, {"works/2026-11-turner/entry.md": "# Turner loan\n\nRoom 4, from 2026-12-08.\n"})


@pytest.mark.parametrize("released", [True, False])
def test_a_release_beside_the_pushed_work_lets_the_push_through(git_repo: Path, released: bool) -> None:
    _gallery_repo(git_repo, released)
    kind, reason = decide("claude", git_repo, "git push origin main:public")
    assert (kind == "allow") is released, reason


def test_the_prompt_reads_the_release_beside_the_unpushed_work(git_repo: Path) -> None:
    _gallery_repo(git_repo, True)
    write(git_repo, {"CLAUDE.md": "# Notes\n\n- Pushing the Turner catalogue entry to public: never before the "
                                  "exhibition opens (the lender's embargo)\n"})
    note = released_rules(str(git_repo), "The Turner catalogue entry is committed on main; push main to public.",
                          datetime.date.today())
    assert "works/2026-11-turner/LENDER.md" in note and "never before the exhibition opens" in note


def test_a_note_that_does_what_the_awaited_noun_names_releases_the_rule(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Pushing the new-year rota to rota-live: never before the duty "
                                        "manager's check\n")
    (tmp_path / "rota").mkdir()
    (tmp_path / "rota" / "APPROVALS.md").write_text("2026-12-04 (duty manager): I checked the new-year rota against "
                                                    "the leave list. It can go live.\n")
    prompt = "The new-year rota is committed on main; push main to rota-live."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "rota/APPROVALS.md (2026-12-04)" in note
    # a check postponed, or planned, is not the check done
    (tmp_path / "rota" / "APPROVALS.md").write_text("2026-12-04 (duty manager): I postponed the check of the "
                                                    "new-year rota to Monday.\n")
    assert released_rules(str(tmp_path), prompt, TODAY) == ""


def test_a_records_folder_names_what_it_releases(tmp_path: Path) -> None:
    from statewise_cli.recovery.released import release_for

    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n```sh\n# tenants' portal: never during the invoice run freeze\n```\n")
    (tmp_path / "invoice").mkdir()
    (tmp_path / "invoice" / "RUN-2026-12.md").write_text(
        "# December run\n\n2026-12-03 (finance lead): the December run is finished; the freeze is over. I want the "
        "parking fix out before Monday.\n")
    rule = "tenants' portal: never during the invoice run freeze"
    assert release_for(str(tmp_path), rule, None, TODAY) is not None  # no task: the folder names the invoice run
    note = released_rules(str(tmp_path), "The parking fix is committed on main; push it.", TODAY)
    assert "invoice/RUN-2026-12.md (2026-12-03)" in note
    # a folder about something else does not name it
    (tmp_path / "invoice").rename(tmp_path / "parking")
    assert release_for(str(tmp_path), rule, None, TODAY) is None
