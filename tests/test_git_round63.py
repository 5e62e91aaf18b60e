"""A branch the remote renamed with a commit of its own, seen through this clone's stale remote-tracking copy: a
fetch that does not prune leaves the copy in place, and the successor is the line whose own commits name the branch
that went, not another branch that only holds the copy's commit."""

from __future__ import annotations

from pathlib import Path

from swtest import commit_all, git, hook, payload, reply
from test_premises import decide


def _renamed_on_the_remote(repo: Path) -> None:
    """origin: develop (at main's commit) renamed to trunk by a colleague with one commit naming develop; this clone
    still has origin/develop."""
    git(repo, "push", "-q", "origin", "HEAD:develop")
    git(repo, "fetch", "-q", "origin")
    git(repo, "switch", "-q", "-c", "topic/x", "origin/develop")
    (repo / "x.txt").write_text("x\n")
    commit_all(repo, "topic x")
    remote = Path(git(repo, "remote", "get-url", "origin").strip())
    other = repo.parent / "colleague"
    git(repo.parent, "clone", "-q", "-b", "develop", str(remote), str(other))
    git(other, "config", "user.name", "Colleague")
    git(other, "config", "user.email", "colleague@example.invalid")
    (other / "ci.txt").write_text("runs on trunk\n")
    commit_all(other, "The integration branch is trunk now (develop is retired)")
    git(other, "push", "-q", "origin", "develop:trunk")
    git(other, "push", "-q", "origin", "--delete", "develop")


def test_a_fetch_that_does_not_prune_leaves_the_stale_copy_and_the_rebase_onto_it_names_the_successor(
        git_repo: Path) -> None:
    _renamed_on_the_remote(git_repo)
    kind, reason = decide("claude", git_repo, "git fetch -q origin && git rebase -q origin/develop")
    assert kind == "deny", reason
    assert "`git fetch -q origin && git rebase -q origin/trunk`" in reason
    assert decide("claude", git_repo, "git fetch -q origin && git rebase -q origin/trunk")[0] == "allow"
    assert decide("claude", git_repo, "git fetch -q --prune origin && git rebase -q origin/develop")[0] == "allow"


def test_a_push_to_a_branch_the_remote_keeps_as_a_directory_names_the_branch_under_it(git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:site/live")
    git(git_repo, "fetch", "-q", "origin")
    git(git_repo, "switch", "-q", "-c", "page/winter", "origin/site/live")
    (git_repo / "winter.md").write_text("# Winter\n")
    commit_all(git_repo, "winter page")
    # nothing of the repository names site/live: the push fails on its own, and no branch of another purpose is
    # offered for it
    assert decide("claude", git_repo, "git push -q origin page/winter:site")[0] == "allow"
    (git_repo / "Makefile").write_text("publish:\n\tgit push origin $(BRANCH):site/live\n")
    commit_all(git_repo, "publish recipe")
    kind, reason = decide("claude", git_repo, "git push -q origin page/winter:site")
    assert kind == "deny", reason
    assert "`git push -q origin page/winter:site/live`" in reason
    assert decide("claude", git_repo, "git push -q origin page/winter:site/live")[0] == "allow"
    assert decide("claude", git_repo, "git push -q origin page/winter:sites")[0] == "allow"


def test_a_pull_request_template_that_lifts_the_rule_outranks_the_memory_files_protection(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Pushing recipes to main: no direct pushes to main: always open a "
                                        "pull request\n")
    (git_repo / ".github").mkdir()
    template = git_repo / ".github" / "pull_request_template.md"
    template.write_text("## Checklist\n\n- [ ] Recipe checked by a second cook\n")
    commit_all(git_repo, "recipes, reviewed in pull requests")
    git(git_repo, "push", "-q", "origin", "main")
    (git_repo / "soup.md").write_text("# Soup\n")
    commit_all(git_repo, "soup")
    reply(hook(payload("claude", "SessionStart", git_repo), git_repo))  # the memory file is read
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "deny", reason  # the memory file's rule holds while nothing the team wrote lifts it
    template.write_text("## Checklist\n\n- [ ] Recipe checked\n\n2026-12-02: pull requests are no longer required "
                        "for recipes; push them straight to main.\n")
    commit_all(git_repo, "recipes: straight to main")
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason
