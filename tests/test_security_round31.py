"""Security classes of round 31: false denies of ordinary commands read too broadly — push --prune with refspecs,
refspecs whose source only the shell knows, git pointed at an empty or harmless configuration, and HOME given to a
single command."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


def _pushes(command: str, repo: Path) -> bool:
    return any(v.startswith("protected-branch") for v in judged(command, repo))


# ---------------------------------------------------------------- push --prune names where it prunes
@pytest.mark.parametrize("command", [
    "git push --prune origin 'refs/heads/feature/*:refs/heads/feature/*'",
    "git push --prune upstream 'refs/heads/wip/*:refs/heads/wip/*' 'refs/tags/*:refs/tags/*'",
])
def test_prune_under_a_refspec_prunes_only_there(command: str, protected_repo: Path) -> None:
    assert not _pushes(command, protected_repo), command


@pytest.mark.parametrize("command", [
    "git push --prune origin 'refs/heads/*:refs/heads/*'",
    "git push --prune origin",
    "git push --prune origin 'refs/heads/ma*:refs/heads/ma*'",
])
def test_prune_over_the_protected_branch_is_denied(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


# ---------------------------------------------------------------- a source only the shell knows
@pytest.mark.parametrize("command", [
    'git push origin "$(git rev-parse HEAD~1)":refs/heads/review/one',
    "git push origin `git write-tree`:refs/heads/scratch",
    'git push origin "$SHA":refs/heads/topic',
])
def test_unknown_source_to_a_written_destination_is_judged_by_the_destination(command: str,
                                                                              protected_repo: Path) -> None:
    assert not _pushes(command, protected_repo), command


@pytest.mark.parametrize("command", [
    'git push origin "$(git rev-parse HEAD~1)":refs/heads/main',
    'git push origin "$SHA":main',
    'git push origin "$(echo x:y)":"$DEST"',
    'git push origin "$SHA":',
])
def test_unknown_source_to_the_protected_branch_is_denied(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command
