"""Security classes of round 28: the stash replaced through ref plumbing, tools that run their own configuration or
plugins (the agent's own written files they load), and the guard's configuration reached by other names."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged


@pytest.fixture
def stashed(git_repo: Path) -> Path:
    (git_repo / "README.md").write_text("# stashed\n")
    git(git_repo, "stash")
    git(git_repo, "branch", "topic")
    return git_repo


# ---------------------------------------------------------------- the stash replaced through plumbing
@pytest.mark.parametrize(
    "command",
    ["git fetch . +refs/heads/topic:refs/stash", "git fetch -q ./other.git topic:stash",
     "git symbolic-ref refs/stash refs/heads/topic", "git symbolic-ref -d refs/stash",
     "git replace -f stash@{0} HEAD", "git replace --force \"$(git rev-parse refs/stash)\" HEAD"],
)
def test_ref_plumbing_that_replaces_the_stash(command: str, stashed: Path) -> None:
    found = judged(command, stashed, records=[])
    assert any(v.startswith("keep-uncommitted-work") for v in found), (command, found)


@pytest.mark.parametrize(
    "command",
    ["git fetch . +refs/heads/topic:refs/heads/copy", "git symbolic-ref HEAD", "git symbolic-ref --short HEAD",
     "git replace -l", "git replace -d 0123abcd", "git fetch origin topic:topic"],
)
def test_ref_plumbing_that_leaves_the_stash_alone(command: str, stashed: Path) -> None:
    assert not any(v.startswith("keep-uncommitted-work") for v in judged(command, stashed, records=[])), command
