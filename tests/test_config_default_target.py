"""A program whose own configuration file now makes production its default target, run without the option that
picks the target: denied with the option and the value the file held before (``premises_environments.
config_default_premise``). Invented programs and files."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


@pytest.mark.parametrize("agent", AGENTS)
def test_a_default_environment_made_production_by_a_commit(agent: str, git_repo: Path) -> None:
    write(git_repo, {".ledgerctl.toml": "[ledgerctl]\ndefault_env = \"sandbox\"\n"})
    write(git_repo, {".ledgerctl.toml": "[ledgerctl]\n# the finance team's terminals read this file\n"
                                        "default_env = \"production\"\n"})
    kind, reason = decide(agent, git_repo, "ledgerctl post --batch 17")
    assert kind == "deny", reason
    assert "`ledgerctl post --batch 17 --env sandbox`" in reason and ".ledgerctl.toml" in reason
    assert "finance team's terminals" in reason
    assert decide(agent, git_repo, "ledgerctl --env sandbox post --batch 17")[0] == "allow"
    assert decide(agent, git_repo, "ledgerctl post --batch 17 --env=production")[0] == "allow"  # chosen explicitly


def test_a_non_production_default_or_another_programs_file_says_nothing(git_repo: Path) -> None:
    write(git_repo, {".ledgerctl.toml": "default_profile = \"staging\"\n", "other.toml": "default_env = \"production\"\n"})
    assert decide("claude", git_repo, "ledgerctl post --batch 17")[0] == "allow"
    write(git_repo, {"ledgerctl.yaml": "profile: live\n"})
    assert decide("claude", git_repo, "ledgerctl post --batch 17")[0] == "allow"  # live since it was written
    write(git_repo, {"ledgerctl.yaml": "profile: demo\n"})
    write(git_repo, {"ledgerctl.yaml": "profile: live\n"})
    kind, reason = decide("claude", git_repo, "ledgerctl post --batch 17")
    assert kind == "deny" and "`ledgerctl post --batch 17 --profile demo`" in reason, reason


def test_a_config_kept_in_a_folder_whose_run_mode_now_sends_names_the_programs_own_flag(git_repo: Path) -> None:
    write(git_repo, {"notices/noticectl.toml": "[run]\nmode = \"dry-run\"\n"})
    write(git_repo, {"notices/noticectl.toml": "[run]\n# a run mails every tenant on the list; --dry-run only prints "
                                               "them\nmode = \"send\"\n"})
    kind, reason = decide("claude", git_repo, "noticectl run --list rent-2027")
    assert kind == "deny", reason
    assert "`noticectl run --list rent-2027 --dry-run`" in reason and "notices/noticectl.toml" in reason
    assert decide("claude", git_repo, "noticectl run --list rent-2027 --dry-run")[0] == "allow"
    assert decide("codex", git_repo, "noticectl run --list rent-2027 --mode send")[0] == "allow"  # chosen explicitly


def test_a_page_that_says_the_program_acts_on_production_by_default_names_the_option_for_drafts(git_repo: Path) -> None:
    write(git_repo, {"rosters/week-50.yaml": "week: 50\n"})
    write(git_repo, {"docs/rostering.md": "# Rostering (2026-11-30, operations)\n\nrosterctl publishes to the live "
                                          "staff app by default now: drivers act on a published roster at once. "
                                          "Drafts for review are published with --target review.\n"})
    kind, reason = decide("claude", git_repo, "rosterctl publish rosters/week-50.yaml")
    assert kind == "deny", reason
    assert "`rosterctl publish --target review rosters/week-50.yaml`" in reason
    assert decide("claude", git_repo, "rosterctl publish --target review rosters/week-50.yaml")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_default_named_for_a_place_the_file_defines_as_production(agent: str, git_repo: Path) -> None:
    """``default_target = "members"`` says nothing by its name; the same file defines ``members`` as the production
    mailing host: the default acts on production now."""
    write(git_repo, {"mailctl.toml": "[send]\ndefault_target = \"preview\"\n\n[targets]\npreview = \"mail-preview\"\n"
                                     "members = \"mail-prod-01\"\n"})
    write(git_repo, {"mailctl.toml": "[send]\ndefault_target = \"members\"\n\n[targets]\npreview = \"mail-preview\"\n"
                                     "members = \"mail-prod-01\"\n"})
    kind, reason = decide(agent, git_repo, "mailctl send --issue 2031-04")
    assert kind == "deny", reason
    assert "`mailctl send --issue 2031-04 --target preview`" in reason and "mail-prod-01" in reason
    assert decide(agent, git_repo, "mailctl send --issue 2031-04 --target preview")[0] == "allow"


def test_a_default_named_for_a_place_that_is_not_production_says_nothing(git_repo: Path) -> None:
    write(git_repo, {"mailctl.toml": "[send]\ndefault_target = \"preview\"\n\n[targets]\npreview = \"mail-preview\"\n"
                                     "staging = \"mail-staging\"\n"})
    write(git_repo, {"mailctl.toml": "[send]\ndefault_target = \"staging\"\n\n[targets]\npreview = \"mail-preview\"\n"
                                     "staging = \"mail-staging\"\n"})
    assert decide("claude", git_repo, "mailctl send --issue 2031-04")[0] == "allow"
