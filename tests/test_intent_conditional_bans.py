"""Rules the repository states in the passive present — "X is not <done> before <condition>", "no X is <done> until
<condition>" — gate the script whose own act they name; a window that refers back to a dated event ends with it; and
a consent recorded as given meets a consent gate and releases a memory-file rule that waited for it
(``governance_targets.conditional_ban`` / ``_dated_reference`` / ``_consent_given``, ``released.release_for``).
Invented repositories, documents and domains."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write

from statewise_cli.recovery.governance_targets import _consent_given, conditional_ban
from statewise_cli.recovery.released import released_rules

SCRIPT = "#!/bin/sh\necho \"done: $*\"\n"


def _scripts(repo: Path, *names: str) -> dict[str, str]:
    return {f"bin/{n}": SCRIPT for n in names}


def _executable(repo: Path, *names: str) -> None:
    for n in names:
        (repo / "bin" / n).chmod(0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_passive_rule_with_a_condition_gates_the_script_doing_that_act(agent: str, git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "drain-reservoir", "sample-reservoir"),
                     "docs/dam/2026-12-01-inspection.md": "# Inspection\n\nThe dam engineer inspects the spillway of "
                                                          "reservoir B on 2099-03-09. Reservoir B is not drained before "
                                                          "that inspection; draining it early hides the cracks.\n"})
    _executable(git_repo, "drain-reservoir", "sample-reservoir")
    kind, reason = decide(agent, git_repo, "./bin/drain-reservoir --reservoir B")
    assert kind in ("ask", "deny"), reason
    assert "docs/dam/2026-12-01-inspection.md" in reason and "not drained before" in reason
    # the note says nothing about what another script does
    assert decide(agent, git_repo, "./bin/sample-reservoir --reservoir B")[0] == "allow"


def test_the_window_ends_with_the_dated_event_it_refers_back_to(git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "drain-reservoir"),
                     "docs/dam/2020-03-01-inspection.md": "# Inspection\n\nThe dam engineer inspects the spillway of "
                                                          "reservoir B on 2020-03-09. Reservoir B is not drained before "
                                                          "that inspection.\n"})
    _executable(git_repo, "drain-reservoir")
    kind, reason = decide("claude", git_repo, "./bin/drain-reservoir --reservoir B")
    assert kind == "allow", reason


def test_no_item_is_done_until_a_condition_in_a_template(git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "dispatch-sample"),
                     ".github/pull_request_template.md": "## Checklist\n\n- [ ] Tests pass\n- [ ] Samples: no sample "
                                                         "of a category A pathogen is dispatched until its transport "
                                                         "declaration is filed. S-4410's declaration is pending.\n"})
    _executable(git_repo, "dispatch-sample")
    kind, reason = decide("codex", git_repo, "./bin/dispatch-sample --sample S-4410 --to lab-north")
    assert kind in ("ask", "deny"), reason
    assert "pull_request_template" in reason


def test_what_a_passive_rule_reads_and_what_it_does_not() -> None:
    acts = ["drain", "reservoir"]
    assert conditional_ban("Reservoir B is not drained before that inspection.", acts)
    assert conditional_ban("Reservoir B isn't drained until the engineer signs it off.", acts)
    assert conditional_ban("No reservoir of the north valley is drained without the warden's word.", acts)
    # a routine, not a condition; another act; no act of the line at all
    assert not conditional_ban("The filter is not drained before each cycle.", acts)
    assert not conditional_ban("Reservoir B is not sampled before that inspection.", acts)
    assert not conditional_ban("Reservoir B is not drained before that inspection.", [])


def test_a_consent_recorded_as_given_and_one_still_awaited() -> None:
    assert _consent_given("2026-12-02: T-77 signed the consent form to share her file with Harbour Lettings.")
    assert _consent_given("The owner gave written permission on 2026-11-02.")
    assert _consent_given("She has consented to the transfer.")
    assert not _consent_given("She has not signed the consent form.")
    assert not _consent_given("Until the tenant has signed the consent form, nothing is shared.")
    assert not _consent_given("Exports need the tenant's signed consent.")
    assert not _consent_given("Given consent, the export runs.")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_consent_recorded_in_a_note_meets_the_consent_gate(agent: str, git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "share-file"),
                     "docs/consent/2026-12-02-T-77.md": "# 2026-12-02: T-77 consent\n\n2026-12-02: T-77 signed the "
                                                        "consent form to share her tenancy file with harbour-lettings, "
                                                        "her new agent; the scan is in her record.\n"})
    _executable(git_repo, "share-file")
    kind, reason = decide(agent, git_repo, "./bin/share-file --tenant T-77 --to harbour-lettings")
    assert kind == "allow", reason


def test_a_consent_still_missing_keeps_the_gate(git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "share-file"),
                     "docs/consent/2026-12-02-T-77.md": "# 2026-12-02: T-77 consent\n\nT-77 has not signed the consent "
                                                        "form to share her tenancy file with harbour-lettings.\n"})
    _executable(git_repo, "share-file")
    kind, reason = decide("claude", git_repo, "./bin/share-file --tenant T-77 --to harbour-lettings")
    assert kind in ("ask", "deny"), reason


def test_a_recorded_consent_releases_a_memory_rule_that_waited_for_it(tmp_path: Path) -> None:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- The tenancy file of T-77 must never be shared; she has not "
                                        "consented to sharing it.\n")
    note = tmp_path / "docs" / "consent" / "2026-12-02-T-77.md"
    note.parent.mkdir(parents=True)
    note.write_text("# 2026-12-02: T-77 consent\n\n2026-12-02: T-77 signed the consent form to share her tenancy file "
                    "with Harbour Lettings, her new agent.\n")
    prompt = "T-77 is moving to Harbour Lettings; share her tenancy file (./bin/share-file --tenant T-77)."
    said = released_rules(str(tmp_path), prompt, datetime.date(2026, 12, 5))
    assert "docs/consent/2026-12-02-T-77.md (2026-12-02)" in said and "signed the consent form" in said
    # the same note saying the consent is still missing releases nothing
    note.write_text("# 2026-12-02: T-77 consent\n\nT-77 has not signed the consent form to share her tenancy file.\n")
    assert released_rules(str(tmp_path), prompt, datetime.date(2026, 12, 5)) == ""


def _remember(repo: Path, key: str, text: str) -> None:
    from swtest import run_statewise

    result = run_statewise(["remember", key, text, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("agent", AGENTS)
def test_a_role_reserved_with_only_by_is_not_a_value_the_action_passes(agent: str, git_repo: Path) -> None:
    """"released to the press only by the editor" reserves the act to a role: ``--to press`` is not the value the
    record requires, and the record still stops the action."""
    write(git_repo, _scripts(git_repo, "release-issue"))
    _executable(git_repo, "release-issue")
    _remember(git_repo, "policy.issue_release", "issues are released to press only by the managing editor, after the "
                                                "legal read; developers never run bin/release-issue")
    kind, reason = decide(agent, git_repo, "./bin/release-issue --issue 114 --to press")
    assert kind == "deny", reason
    assert "policy.issue_release" in reason


def test_only_with_a_condition_names_no_value_for_the_alternative(git_repo: Path) -> None:
    write(git_repo, _scripts(git_repo, "issue-permit"))
    _executable(git_repo, "issue-permit")
    _remember(git_repo, "policy.confined_space_permits", "confined space permits are issued only with that day's "
                                                         "atmosphere test from the safety officer")
    kind, reason = decide("claude", git_repo, "./bin/issue-permit --job J-77 --space sump-2")
    assert kind == "deny", reason
    assert "--job issued" not in reason and "value the developer's record requires" not in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_retention_period_the_developer_set_fixes_the_keep_option(agent: str, git_repo: Path) -> None:
    write(git_repo, _scripts(git_repo, "prune-logs"))
    _executable(git_repo, "prune-logs")
    _remember(git_repo, "policy.audit_log_retention", "audit logs of the billing service are kept 730 days since the "
                                                      "regulator's letter of 2026-10-02")
    kind, reason = decide(agent, git_repo, "./bin/prune-logs --service billing --keep-days 90")
    assert kind == "deny", reason
    assert "`./bin/prune-logs --service billing --keep-days 730`" in reason
    assert decide(agent, git_repo, "./bin/prune-logs --service billing --keep-days 730")[0] == "allow"
    assert decide(agent, git_repo, "./bin/prune-logs --service billing --keep-days 1000")[0] == "allow"


def test_a_retention_ceiling_or_another_subject_is_not_a_minimum(git_repo: Path) -> None:
    write(git_repo, _scripts(git_repo, "prune-logs"))
    _executable(git_repo, "prune-logs")
    _remember(git_repo, "policy.visitor_log_privacy", "visitor logs are kept for at most 30 days")
    assert decide("claude", git_repo, "./bin/prune-logs --service visitors --keep-days 14")[0] == "allow"
    _remember(git_repo, "policy.invoice_retention", "invoices are retained for 7 years")
    assert decide("claude", git_repo, "./bin/prune-logs --service visitors --keep-days 14")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_party_holding_things_until_an_event_gates_the_script_doing_the_act(agent: str, git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "release-container"),
                     "docs/customs/2026-12-02-hold.md": "# 2026-12-02: inspection\n\nThe port authority holds every "
                                                        "container from the Delta line, MSK-118 included, until the "
                                                        "re-inspection is passed.\n"})
    _executable(git_repo, "release-container")
    kind, reason = decide(agent, git_repo, "./bin/release-container --id MSK-118")
    assert kind in ("ask", "deny"), reason
    assert "docs/customs/2026-12-02-hold.md" in reason


def test_a_hold_until_a_date_or_an_expiry_is_no_hold_until_an_event() -> None:
    from statewise_cli.recovery.governance_targets import held_until_event, recorded

    assert held_until_event("The yard holds the vessel pending the class inspection.")
    assert not held_until_event("The cache holds entries until they expire.")
    assert not held_until_event("We hold the slot until 2026-12-09.")
    # a step awaited is not a step done: "until the re-audit is passed"
    assert not recorded("Fernhill holds every order until the re-audit is passed.")
    assert recorded("The re-audit is passed.")


def test_a_licence_that_came_in_releases_a_rule_that_waited_for_it(tmp_path: Path) -> None:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Demolition of unit U-17: never schedule it: the council's "
                                        "licence has not come through\n")
    note = tmp_path / "docs" / "estates" / "2026-12-01-U-17.md"
    note.parent.mkdir(parents=True)
    note.write_text("# 2026-12-01: U-17\n\nThe council licence DL-2026-044 arrived today. The demolition can be "
                    "scheduled. -- Ines, estates manager\n")
    prompt = "Schedule the demolition of unit U-17 (./bin/schedule-demolition --unit U-17 --licence DL-2026-044)."
    said = released_rules(str(tmp_path), prompt, datetime.date(2026, 12, 5))
    assert "docs/estates/2026-12-01-U-17.md (2026-12-01)" in said
    # a permission with its condition still ahead is none
    note.write_text("# 2026-12-01: U-17\n\nThe demolition can be scheduled once the council licence arrives.\n")
    assert released_rules(str(tmp_path), prompt, datetime.date(2026, 12, 5)) == ""


def test_a_permission_of_another_act_releases_nothing(tmp_path: Path) -> None:
    """"… and the ferry can be released" in a note about a manifest releases nothing of "never finalise the manifest
    before the check is signed": the permission is about another act."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Finalising the FR-12 manifest: never before the hazardous cargo "
                                        "check is signed\n")
    note = tmp_path / "docs" / "FR-12.md"
    note.parent.mkdir(parents=True)
    note.write_text("# FR-12 (2026-12-04)\n\n2026-12-04 (Noor, hazardous cargo): I have not checked the drums yet; until "
                    "then the manifest stays open. A finalised manifest goes to the master and the ferry can be "
                    "released.\n")
    prompt = "FR-12 is loaded; finalise the manifest (./bin/manifest finalise --sailing FR-12)."
    assert released_rules(str(tmp_path), prompt, datetime.date(2026, 12, 5)) == ""
