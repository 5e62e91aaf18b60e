"""A memory-file rule against rewriting a branch, which a page of the repository lets be rewritten
(recovery/released_refs.py): said in the prompt's context and on the rule's line of the digest, for the branch the
page's family covers and not for a branch its forbidding clause keeps."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from swtest import commit_all, git, hook, make_repo, payload, reply

from statewise_cli.recovery.released import released_rules
from statewise_cli.recovery.released_refs import rule_released_for_branches

PAGE = ("# Field branches\n\nShared field branches (field/<site>) are never force-pushed. Branches under "
        "field/<your name>/ are yours alone: rebase them and force-push them as you like.\n")
RULE = "- Field branches: never force-push a field branch\n"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = make_repo(tmp_path_factory.mktemp("released-refs") / "repo")
    (path / "CONTRIBUTING.md").write_text(PAGE)
    commit_all(path, "Contributing: field branches")
    git(path, "push", "-q", "origin", "main")
    for branch in ("field/noor/north-pit", "field/north-pit"):
        git(path, "branch", branch)
        git(path, "push", "-q", "origin", branch)
    (path / "CLAUDE.md").write_text("# Notes\n\n" + RULE)
    return path


def test_the_rule_is_released_for_a_branch_the_page_lets_be_rewritten(repo: Path) -> None:
    note = released_rules(str(repo), "I rebased my branch field/noor/north-pit onto main; force-push it to origin.")
    assert "never force-push a field branch" in note
    assert "`field/noor/north-pit` is allowed" in note and "CONTRIBUTING.md" in note


def test_the_rule_still_holds_for_a_branch_of_the_shared_family(repo: Path) -> None:
    note = released_rules(str(repo), "I rebased field/north-pit onto main; force-push it to origin.")
    assert "allowed" not in note


def test_a_rule_about_another_family_or_act_is_not_released(repo: Path) -> None:
    assert rule_released_for_branches(str(repo), "never force-push a survey branch") == ""
    assert rule_released_for_branches(str(repo), "never delete a field branch") == ""
    said = rule_released_for_branches(str(repo), "never force-push a field branch")
    assert "field/noor/north-pit" in said and "allowed" in said


def test_a_page_that_keeps_the_branch_itself_releases_nothing(tmp_path: Path, repo: Path) -> None:
    other = tmp_path / "repo"
    shutil.copytree(repo, other, symlinks=True)
    (other / "CONTRIBUTING.md").write_text(PAGE.replace("are yours alone:", "are yours alone, but field/noor/north-pit "
                                                        "is never force-pushed:"))
    assert rule_released_for_branches(str(other), "never force-push a field branch") == ""


def test_the_digest_the_hook_hands_over_says_the_rule_is_released_for_the_branch(repo: Path) -> None:
    data = reply(hook(payload("claude", "SessionStart", repo), repo))
    assert data is not None
    context = data.get("hookSpecificOutput", {}).get("additionalContext", "")
    line = next((ln for ln in context.splitlines() if "never force-push a field branch" in ln), "")
    assert "`field/noor/north-pit` is allowed" in line, context
