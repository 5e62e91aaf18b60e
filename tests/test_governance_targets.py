"""A gate the repository declares where people put them — a dated note, CODEOWNERS, a pull-request or issue
template, a runbook, an ADR, the comment at the top of the file itself — gates the action whose concrete target it
names (a file, a directory, a script, a named item), whatever the memory file says; a gate already satisfied (the
sign-off recorded, the window open, the item past its retention) or naming another target gates nothing
(``statewise_cli.recovery.governance_targets``). Invented repositories, documents and domains."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


def _edit(repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    return decide("claude", repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                           "new_string": new})


SCRIPT = "#!/bin/sh\necho sending \"$@\"\n"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_dated_note_gates_the_script_and_item_it_names(agent: str, git_repo: Path) -> None:
    write(git_repo, {"notes/2026-11-02-flood.md": "# Flood season\n\nThe flood warning bulletin "
                                                   "(`bulletins/flood-warning.md`) must be approved by the county "
                                                   "emergency manager before it is sent.\n",
                     "bulletins/flood-warning.md": "Flood warning\n", "bulletins/road-works.md": "Road works\n",
                     "scripts/send_bulletin.sh": SCRIPT})
    kind, reason = decide(agent, git_repo, "sh scripts/send_bulletin.sh bulletins/flood-warning.md")
    assert kind in ("ask", "deny"), reason
    assert "notes/2026-11-02-flood.md" in reason and "emergency manager" in reason
    assert decide(agent, git_repo, "sh scripts/send_bulletin.sh bulletins/road-works.md")[0] == "allow"


def test_a_recorded_sign_off_satisfies_the_gate(git_repo: Path) -> None:
    write(git_repo, {"notes/2026-11-02-flood.md": "# Flood season\n\nThe flood warning bulletin "
                                                   "(`bulletins/flood-warning.md`) must be approved by the county "
                                                   "emergency manager before it is sent.\n\n"
                                                   "2026-11-03: approved by the county emergency manager (R. Okafor).\n",
                     "bulletins/flood-warning.md": "Flood warning\n", "scripts/send_bulletin.sh": SCRIPT})
    kind, reason = decide("codex", git_repo, "sh scripts/send_bulletin.sh bulletins/flood-warning.md")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_codeowners_gate_covers_the_paths_under_its_comment(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/CODEOWNERS": "* @school/devs\n\n# Grade exports need the registrar's sign-off before "
                                           "they leave the school.\n/exports/grades/ @school/registrar\n",
                     "exports/grades/term2.csv": "id,grade\n", "exports/attendance/term2.csv": "id,days\n",
                     "tools/upload.sh": SCRIPT})
    kind, reason = decide(agent, git_repo, "sh tools/upload.sh exports/grades/term2.csv")
    assert kind in ("ask", "deny"), reason
    assert "CODEOWNERS" in reason and "registrar" in reason
    assert decide(agent, git_repo, "sh tools/upload.sh exports/attendance/term2.csv")[0] == "allow"


def test_a_pull_request_template_gates_the_edit_of_the_file_it_names(git_repo: Path) -> None:
    write(git_repo, {".github/pull_request_template.md": "## Checklist\n\n- [ ] Tests pass\n- [ ] Changes to "
                                                         "`config/dose_limits.yaml` are reviewed by a second "
                                                         "pharmacist (two-person rule)\n",
                     "config/dose_limits.yaml": "max_mg: 40\n", "config/ui.yaml": "theme: light\n"})
    kind, reason = _edit(git_repo, "config/dose_limits.yaml", "max_mg: 40", "max_mg: 60")
    assert kind in ("ask", "deny"), reason
    assert "pull_request_template" in reason
    assert _edit(git_repo, "config/ui.yaml", "theme: light", "theme: dark")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_the_comment_at_the_top_of_a_file_gates_running_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"ops/rotate_ballots.py": "# Ballot rotation: the county clerk's sign-off is required before "
                                              "this runs against the live roll.\nprint('rotating')\n",
                     "ops/lint_ballots.py": "# Checks ballot files for typos.\nprint('ok')\n"})
    kind, reason = decide(agent, git_repo, "python ops/rotate_ballots.py --roll live")
    assert kind in ("ask", "deny"), reason
    assert "county clerk" in reason
    assert decide(agent, git_repo, "python ops/lint_ballots.py")[0] == "allow"


def test_a_runbook_names_the_make_target_it_gates(git_repo: Path) -> None:
    write(git_repo, {"runbooks/outage-page.md": "# Paging\n\n`make page-subscribers` needs the incident "
                                                "commander's approval; never run it from a laptop.\n",
                     "Makefile": "page-subscribers:\n\t@echo paging\nlint:\n\t@echo lint\n"})
    kind, reason = decide("claude", git_repo, "make page-subscribers")
    assert kind in ("ask", "deny"), reason
    assert "incident commander" in reason
    assert decide("claude", git_repo, "make lint")[0] == "allow"


def test_a_retention_rule_gates_only_what_is_still_within_it(git_repo: Path) -> None:
    write(git_repo, {"docs/adr/0007-snapshot-retention.md": "# Snapshot retention\n\nSnapshots under `snapshots/` "
                                                            "must be kept for at least 60 days.\n",
                     "snapshots/ledger-2099-01-05.tar": "x\n", "snapshots/ledger-2001-01-05.tar": "x\n"})
    kind, reason = decide("codex", git_repo, "rm snapshots/ledger-2099-01-05.tar")
    assert kind in ("ask", "deny"), reason
    assert "60 days" in reason
    assert decide("codex", git_repo, "rm snapshots/ledger-2001-01-05.tar")[0] == "allow"


def test_a_waived_or_lifted_gate_names_nothing(git_repo: Path) -> None:
    write(git_repo, {"notes/2026-10-01-hymns.md": "The hymn sheet (`sheets/hymns.md`) no longer needs the "
                                                  "choir director's sign-off.\n",
                     "sheets/hymns.md": "x\n", "scripts/print_sheet.sh": SCRIPT})
    assert decide("codex", git_repo, "sh scripts/print_sheet.sh sheets/hymns.md")[0] == "allow"


def _stub(repo: Path, files: dict[str, str], scripts: dict[str, str]) -> None:
    write(repo, {**files, **scripts})
    for name in scripts:
        (repo / name).chmod(0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_paragraph_naming_what_a_script_acts_on_gates_running_it(agent: str, git_repo: Path) -> None:
    _stub(git_repo, {"docs/ferries.md": "# Ferry service\n\n2026-09-14: a sailing cancellation notice is the harbour "
                                        "master's decision. Weather alerts start a check with the bridge; the system "
                                        "never posts a notice on a forecast alone.\n"},
          {"bin/post-cancellation-notice": "#!/bin/sh\necho posted\n", "bin/post-timetable": "#!/bin/sh\necho ok\n"})
    kind, reason = decide(agent, git_repo, "./bin/post-cancellation-notice --route ferry-12")
    assert kind in ("ask", "deny"), reason
    assert "harbour master" in reason
    assert decide(agent, git_repo, "./bin/post-timetable --route ferry-12")[0] == "allow"


def test_a_recorded_decision_lifts_what_it_approves(git_repo: Path) -> None:
    _stub(git_repo, {"docs/decisions/2026-10-02-pilot.md": "# Pilot cohort\n\nDecision (Lena, research ethics): the "
                                                           "second pilot cohort of the survey invitations is approved; "
                                                           "send it when ready.\n"},
          {"bin/send-invitations": "#!/bin/sh\necho ok\n"})
    assert decide("codex", git_repo, "./bin/send-invitations --cohort 2")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_quiet_hours_in_the_recipients_time_ask_unless_the_line_takes_the_named_form(agent: str, git_repo: Path) -> None:
    _stub(git_repo, {"docs/alerts.md": "# Alerts\n\nNo push notification reaches a player between 22:00 and 07:00 "
                                       "their local time (store rules). Evening campaigns are queued with "
                                       "`--deliver-at 07:00`.\n"},
          {"bin/push-campaign": "#!/bin/sh\n# Pushes a campaign; --deliver-at HH:MM queues it.\necho ok\n"})
    kind, reason = decide(agent, git_repo, "./bin/push-campaign --name winter-sale")
    assert kind in ("ask", "deny"), reason
    assert "--deliver-at 07:00" in reason
    assert decide(agent, git_repo, "./bin/push-campaign --name winter-sale --deliver-at 07:00")[0] == "allow"


def test_a_retention_period_gates_a_prune_that_keeps_less(git_repo: Path) -> None:
    _stub(git_repo, {"docs/decisions/2026-08-01-minutes.md": "# Council minutes\n\nDecision (town clerk): the "
                                                             "recordings archive is a public record and is kept for "
                                                             "10 years. Yearly snapshots: 10.\n"},
          {"bin/prune-recordings": "#!/bin/sh\necho ok\n", "bin/list-recordings": "#!/bin/sh\necho ok\n"})
    kind, reason = decide("claude", git_repo, "./bin/prune-recordings --keep-yearly 3")
    assert kind in ("ask", "deny"), reason
    assert decide("claude", git_repo, "./bin/prune-recordings --keep-yearly 10")[0] == "allow"
    assert decide("claude", git_repo, "./bin/list-recordings --since 2020")[0] == "allow"


def test_a_process_statement_about_changes_is_not_a_recorded_approval() -> None:
    from statewise_cli.recovery.governance_targets import recorded

    assert not recorded("Changes to the tariff table are reviewed by a second analyst")
    assert not recorded("Each payout is approved by the treasurer")
    assert not recorded("The grant report must be approved by the PI")
    assert recorded("2026-10-03: approved by the PI (M. Chen)")
    assert recorded("The wave 2 rollout is approved")
    assert recorded("- [x] Signed off by the safety officer")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_form_prescribed_for_every_such_action_is_met_by_a_line_that_takes_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/decisions/2026-10-04-firmware.md": "# Firmware pushes\n\nDecision (Ana, fleet lead): every "
                                                             "firmware push to the trams starts with the pilot depot "
                                                             "(`--depot pilot`) and goes wider only after a week "
                                                             "without faults.\n",
                     "bin/firmware-push": SCRIPT})
    assert decide(agent, git_repo, "sh bin/firmware-push --build 7.1 --depot pilot")[0] == "allow"
    kind, reason = decide(agent, git_repo, "sh bin/firmware-push --build 7.1 --depot all")
    assert kind in ("ask", "deny"), reason


def test_a_prescribed_form_does_not_replace_a_sign_off_the_same_gate_asks_for(git_repo: Path) -> None:
    write(git_repo, {"docs/exports.md": "# Exports\n\n2026-09-30 (privacy office): every survey export is "
                                        "anonymised (`--anonymise`) and needs the privacy office's sign-off before "
                                        "it leaves the institute.\n",
                     "bin/export-survey": SCRIPT})
    kind, reason = decide("claude", git_repo, "sh bin/export-survey --wave 3 --anonymise")
    assert kind in ("ask", "deny"), reason
