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
