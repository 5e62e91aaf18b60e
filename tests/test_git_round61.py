"""Git premises of round 61: a remote that refuses every push while the repository routes the work elsewhere, and
release tags the repository's workflows do not react to."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from swtest import git
from test_premises import decide, write


def _bare_remote(git_repo: Path, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True, capture_output=True)
    git(git_repo, "remote", "add", name, str(path))
    git(git_repo, "push", "-q", name, "HEAD:main")
    return path


def _refuse_all(bare: Path, message: str) -> None:
    hook = bare / "hooks" / "pre-receive"
    hook.write_text(f"#!/bin/sh\necho \"{message}\" >&2\nexit 1\n")
    hook.chmod(0o755)


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_to_a_read_only_remote_goes_where_the_repository_routes_the_work(agent: str, git_repo: Path,
                                                                                tmp_path: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    old = _bare_remote(git_repo, tmp_path, "archive")
    _refuse_all(old, "remote: error: frozen since the move")
    _bare_remote(git_repo, tmp_path, "tideboard")
    write(git_repo, {"Makefile": "# the harbour display reads tide tables from the tideboard remote\n"
                                 "publish-tides:\n\tgit push tideboard $(BRANCH)\n"})
    git(git_repo, "switch", "-q", "-c", "tides/week-49")
    write(git_repo, {"tides/week-49.csv": "day,high\nmon,04:12\n"})
    kind, reason = decide(agent, git_repo, "git push -q archive tides/week-49")
    assert kind == "deny", reason
    assert "rejects every push" in reason and "`git push -q tideboard tides/week-49`" in reason, reason
    assert decide(agent, git_repo, "git push -q tideboard tides/week-49")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude"])
def test_a_read_only_remote_with_no_route_for_the_work_still_sends_the_agent_to_the_developer(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    _refuse_all(_bare_remote(git_repo, tmp_path, "archive"), "remote: error: frozen")
    _bare_remote(git_repo, tmp_path, "mirror")
    git(git_repo, "switch", "-q", "-c", "notes")
    write(git_repo, {"notes.txt": "hello\n"})
    kind, reason = decide(agent, git_repo, "git push -q archive notes")
    assert kind == "deny" and "ask the developer where the change belongs" in reason, reason
