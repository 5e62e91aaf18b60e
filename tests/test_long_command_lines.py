"""A command line of thousands of statements is read in time linear in its length: every check that reads the
line's text reads it once per line, not once per statement (a topic push after 2,000 small statements passed the
hook's deadline before, and the failure policy held it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, git, hook, pre_bash, reply


@pytest.mark.parametrize("agent", AGENTS)
def test_a_topic_push_after_thousands_of_statements_is_decided_not_held_by_the_deadline(agent: str,
                                                                                       git_repo: Path) -> None:
    git(git_repo, "switch", "-q", "-c", "topic/long-line")
    command = "touch .stamp; " * 2000 + "git push origin topic/long-line"
    data = reply(hook(pre_bash(agent, git_repo, command), git_repo, env={"STATEWISE_DEADLINE": "10"}))
    specific = (data or {}).get("hookSpecificOutput") or {}
    assert specific.get("permissionDecision", "allow") == "allow", specific.get("permissionDecisionReason")
    # the same line ending in a reset over uncommitted work is still read to its end
    (git_repo / "notes.txt").write_text("kept\n")
    git(git_repo, "add", "notes.txt")
    git(git_repo, "commit", "-q", "-m", "notes")
    (git_repo / "notes.txt").write_text("kept, and changed since\n")
    command = "touch .stamp; " * 2000 + "git reset --hard"
    data = reply(hook(pre_bash(agent, git_repo, command), git_repo, env={"STATEWISE_DEADLINE": "10"}))
    specific = (data or {}).get("hookSpecificOutput") or {}
    assert specific.get("permissionDecision") == "deny", specific
    assert "deadline" not in specific.get("permissionDecisionReason", ""), specific
