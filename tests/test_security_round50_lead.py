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


@pytest.mark.parametrize("command", [
    "git fetch -q origin",
    "git -c remote.origin.vcs=https fetch origin",  # a helper git ships itself
    "git config --get remote.origin.vcs",
])
def test_ordinary_fetches_and_git_own_helpers_are_not_judged_as_unknown(git_repo: Path, command: str) -> None:
    assert not [v for v in judged(command, git_repo) if "git-remote-" in v], command
