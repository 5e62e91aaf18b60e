"""Git premises of round 62."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from swtest import git
from test_premises import decide, write


def _bare_remote(git_repo: Path, tmp_path: Path, name: str, dirname: str | None = None) -> Path:
    path = tmp_path / f"{dirname or name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True, capture_output=True)
    git(git_repo, "remote", "add", name, str(path))
    git(git_repo, "push", "-q", name, "HEAD:main")
    return path


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_to_a_renamed_remote_is_stopped_when_a_project_directory_shares_its_old_name(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    """git takes an unknown remote name for a path only when that path is a repository or a bundle: a project
    directory of the same name (``pager/``) does not make ``git push pager main`` a push to a path."""
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    _bare_remote(git_repo, tmp_path, "pager", "feed")
    git(git_repo, "remote", "rename", "pager", "alerts")
    write(git_repo, {"Makefile": "# the pager reads alerts' main (it was the pager remote)\npager:\n\tgit push alerts main\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "alerts", "HEAD:main")
    write(git_repo, {"pager/rota.txt": "rota\n"})
    kind, reason = decide(agent, git_repo, "git push -q pager main")
    assert kind == "deny", reason
    assert "`git push -q alerts main`" in reason, reason
    assert decide(agent, git_repo, "git push -q alerts main")[0] == "allow"


_FLOW = ("name: site\non:\n  push:\n    branches: ['{branch}']\njobs:\n  publish:\n    runs-on: ubuntu-latest\n"
         "    steps:\n      - run: ./bin/publish\n")


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_recreating_a_branch_whose_name_lives_on_inside_its_successor_is_stopped(agent: str,
                                                                                       git_repo: Path) -> None:
    """`depot` → `north-depot` in a workflow keeps the count of the string `depot`: the rename is still found."""
    write(git_repo, {".github/workflows/site.yml": _FLOW.format(branch="depot")})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:depot")
    write(git_repo, {".github/workflows/site.yml": _FLOW.format(branch="north-depot")})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:north-depot")
    git(git_repo, "push", "-q", "origin", "--delete", "depot")
    write(git_repo, {"stock.csv": "item,count\nbolts,40\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin main:depot")
    assert kind == "deny", reason
    assert "`git push -q origin main:north-depot`" in reason, reason
    assert decide(agent, git_repo, "git push -q origin main:north-depot")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_recreating_a_branch_a_commit_message_says_was_renamed_is_stopped(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:feed-old")
    git(git_repo, "push", "-q", "origin", "HEAD:feed-2027")
    git(git_repo, "push", "-q", "origin", "--delete", "feed-old")
    (git_repo / "feed.txt").write_text("x\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "Feed: the reader polls feed-2027 (feed-old renamed for the new reader)")
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"items.csv": "a\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin main:feed-old")
    assert kind == "deny", reason
    assert "`git push -q origin main:feed-2027`" in reason, reason
    # the new name of a rename is never taken for the retired one
    assert decide(agent, git_repo, "git push -q origin main:feed-2027")[0] == "allow"
