"""Correct actions that looked risky, by class:

- a forced delete of a branch whose whole change another branch already has as one squashed commit (a squash
  merge: git cannot see the branch as merged, yet nothing but its intermediate commits is lost);
- an operand a program resolves by name in a place of its own (``gh workflow run docs.yml`` names a workflow
  under .github/workflows/), which is not a path from the working directory that history moved.

Every repository here is invented; the branch check runs on real git repositories.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import write
from test_premises_round19 import _allowed, _denied_with
from test_shellsafe import judged
from test_shellsafe_classes import _kinds


def _branch_with_two_commits(repo: Path, branch: str, name: str) -> None:
    git(repo, "switch", "-q", "-c", branch)
    (repo / name).write_text("first\n")
    commit_all(repo, f"add {name}")
    (repo / name).write_text("first\nsecond\n")
    commit_all(repo, f"review fixes for {name}")
    git(repo, "switch", "-q", "-")


def _squash_into_current(repo: Path, branch: str) -> None:
    git(repo, "merge", "-q", "--squash", branch)
    git(repo, "commit", "-q", "-m", f"{branch} (squashed)")


def test_a_squash_merged_branch_is_deleted_with_force(git_repo: Path) -> None:
    _branch_with_two_commits(git_repo, "feature/search", "search.py")
    _squash_into_current(git_repo, "feature/search")
    (git_repo / "later.txt").write_text("later work on the default branch\n")
    commit_all(git_repo, "later work")
    assert judged("git branch -D feature/search", git_repo, branch="main") == []


def test_an_unmerged_or_partly_squashed_branch_is_still_kept(git_repo: Path) -> None:
    _branch_with_two_commits(git_repo, "feature/export", "export.py")
    found = judged("git branch -D feature/export", git_repo, branch="main")
    assert any(f.startswith("keep-uncommitted-work") and "feature/export" in f for f in found), found
    _squash_into_current(git_repo, "feature/export")
    git(git_repo, "switch", "-q", "feature/export")
    (git_repo / "export.py").write_text("first\nsecond\nthird, after the squash merge\n")
    commit_all(git_repo, "more work after the merge")
    git(git_repo, "switch", "-q", "-")
    found = judged("git branch -D feature/export", git_repo, branch="main")
    assert any("feature/export" in f and "more work after the merge" in f for f in found), found


def test_a_squash_with_different_content_does_not_count(git_repo: Path) -> None:
    _branch_with_two_commits(git_repo, "fix/tz", "tz.py")
    (git_repo / "tz.py").write_text("first\nsomething else\n")
    commit_all(git_repo, "a different fix on the default branch")
    found = judged("git branch -D fix/tz", git_repo, branch="main")
    assert any(f.startswith("keep-uncommitted-work") and "fix/tz" in f for f in found), found


@pytest.mark.parametrize("agent", AGENTS)
def test_a_workflow_named_to_gh_is_not_a_moved_path(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/docs.yml": "on: workflow_dispatch\njobs: {}\n",
                     "scripts/build_docs.py": "print('docs')\n"})
    _allowed(agent, git_repo, "gh workflow run docs.yml --ref main", "gh workflow view docs.yml",
             "gh run list --workflow docs.yml", "gh run list --workflow=docs.yml", "gh workflow enable docs.yml")
    # the same bare file name as a path operand of another program is still read as a path
    _denied_with(agent, git_repo, "python3 build_docs.py", "python3 scripts/build_docs.py")


# --------------------------------------------------------------------------- the repository's own pinned tool
@pytest.mark.parametrize("command", [
    "go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.1.6",
    "npm install --global prettier@3.3.3",
    "uv tool install ruff==0.6.9",
])
def test_a_machine_wide_install_of_the_version_the_repository_pins(command: str, git_repo: Path, outside: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(outside))
    assert "write-inside-repository" in _kinds(judged(command, git_repo, records=[])), command  # nothing pinned yet
    write(git_repo, {"Makefile": "GOLANGCI_LINT_VERSION := v2.1.6\n\nlint:\n\tgolangci-lint run ./...\n",
                     ".tool-versions": "ruff 0.6.9\n", ".github/workflows/fmt.yml": "steps:\n  - run: npx prettier@3.3.3 -c .\n"})
    assert judged(command, git_repo, records=[]) == [], command


@pytest.mark.parametrize("command", [
    "go install github.com/golangci/golangci-lint/cmd/golangci-lint@v1.61.0",  # the version the repository left
    "go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@latest",  # no exact version
    "go install example.com/evil/cmd/dropper@v2.1.6",  # the pinned version, another tool
    "npm install --global prettier@3.3",  # a near version
])
def test_other_machine_wide_installs_stay_writes_outside(command: str, git_repo: Path, outside: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(outside))
    write(git_repo, {"Makefile": "GOLANGCI_LINT_VERSION := v1.61.0\n"})
    write(git_repo, {"Makefile": "GOLANGCI_LINT_VERSION := v2.1.6\n", "package.json": '{"devDependencies": {"prettier": "3.3.3"}}\n'})
    assert "write-inside-repository" in _kinds(judged(command, git_repo, records=[])), command


def test_a_version_only_notes_or_documentation_mention_is_no_pin(git_repo: Path, outside: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(outside))
    write(git_repo, {"CLAUDE.md": "- golangci-lint: v1.61.0 (installed with go install)\n",
                     "docs/lint.rst": "We lint with golangci-lint v1.61.0.\n",
                     "Makefile": "GOLANGCI_LINT_VERSION := v2.1.6\n"})
    command = "go install github.com/golangci/golangci-lint/cmd/golangci-lint@v1.61.0"
    assert "write-inside-repository" in _kinds(judged(command, git_repo, records=[])), command
