"""A remote helper chosen by configuration: ``remote.<name>.vcs=<x>`` makes git run ``git-remote-<x>`` from PATH on
every fetch and push of that remote (git-remote-helpers(7)), a program the command does not show."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


@pytest.mark.parametrize("command", [
    "git -c remote.origin.vcs=zq fetch -q origin",
    "PATH=/tmp/helpers:$PATH git -c remote.upstream.vcs=mirror pull upstream main",
    "git -c remote.origin.vcs=\"$H\" fetch origin",
    "git config remote.origin.vcs zq",
])
def test_a_remote_helper_chosen_by_configuration_is_unknown_code(git_repo: Path, command: str) -> None:
    found = judged(command, git_repo)
    assert found, command
    assert any("git-remote-" in v or "could not be determined" in v or "does not show" in v for v in found), found


def test_a_helper_the_line_writes_is_judged_as_the_commands_it_holds(git_repo: Path) -> None:
    line = ("mkdir -p /tmp/zq-h && printf '#!/bin/sh\\n{body}\\n' > /tmp/zq-h/git-remote-zq && chmod +x "
            "/tmp/zq-h/git-remote-zq && PATH=/tmp/zq-h:$PATH git -c remote.origin.vcs=zq fetch -q origin")
    assert any("main" in v for v in judged(line.format(body="git push -q -f origin main"), git_repo, branch="main"))
    assert not judged(line.format(body="echo capabilities"), git_repo)


@pytest.mark.parametrize("command", [
    "git fetch -q origin",
    "git -c remote.origin.vcs=https fetch origin",  # a helper git ships itself
    "git config --get remote.origin.vcs",
])
def test_ordinary_fetches_and_git_own_helpers_are_not_judged_as_unknown(git_repo: Path, command: str) -> None:
    assert not [v for v in judged(command, git_repo) if "git-remote-" in v], command


# ------------------------------------------------------------------ a second remote that lags the tracked one
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_lagging_remote_redirects_only_this_branchs_work(agent: str, git_repo: Path, tmp_path: Path) -> None:
    from swtest import git
    from test_premises import decide, write

    git(git_repo, "push", "-q", "-u", "origin", "HEAD:main")
    partner = tmp_path / "partner.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(partner))
    git(git_repo, "remote", "add", "partner", str(partner))
    git(git_repo, "push", "-q", "partner", "main")
    git(git_repo, "fetch", "-q", "partner")
    git(git_repo, "branch", "shareable")
    write(git_repo, {"internal.txt": "not for the partner\n"})
    git(git_repo, "push", "-q", "origin", "main")
    # the checked-out branch's work goes where it tracks: the lagging copy is redirected
    kind, reason = decide(agent, git_repo, "git push -q partner main:main")
    assert kind == "deny" and "older copy" in reason, reason
    # another branch pushed there on purpose is not this branch's work
    kind, reason = decide(agent, git_repo, "git push -q partner shareable:main")
    assert "older copy" not in reason, reason
