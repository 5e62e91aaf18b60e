"""A forge CLI's message, body and title are text it posts, never a file it writes: a slash command in a
pull-request comment (`/retest`, `/queue`) is no path outside the repository. Paths it does take stay checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


def _outside_write(command: str, repo: Path) -> bool:
    return any(v.startswith("write-inside-repository") for v in judged(command, repo))


@pytest.mark.parametrize("command", [
    'gh pr comment 12 --body "/retest"',
    "gh pr comment 12 -b /queue",
    "gh issue comment 3 --body=/assign",
    'gh pr create -t "/docs: fix" -b "/cc @owner"',
    'glab mr note 4 -m "/approve"',
    'hub pr create -m "/hold"',
    'tool --message "/not/a/path" --title /x',
])
def test_text_options_carry_no_path(git_repo: Path, command: str) -> None:
    assert not _outside_write(command, git_repo), judged(command, git_repo)


@pytest.mark.parametrize("command", [
    "gh release upload v1.2.0 /home/someone/.ssh/id_rsa",   # an operand, not a text option's value
    "gh pr comment 12 -b ok /home/someone/notes.txt",       # the value is skipped, the next operand is not
])
def test_operands_beside_text_options_stay_checked(git_repo: Path, command: str) -> None:
    assert _outside_write(command, git_repo), judged(command, git_repo)
