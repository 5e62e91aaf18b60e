"""Git premise classes of round 41: what the repository shows about branches NOW.

- a branch renamed in this clone (``git branch -m old new``, recorded in the reflog): an action naming the
  old name gets the new one, and a chain of renames is followed;
- the remote's default branch read from the remote itself when it is on this machine: a clone's
  ``origin/HEAD`` is set once at clone time, the remote's own HEAD says what it is now.

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_renamed_in_this_clone_names_its_new_name(agent: str, git_repo: Path) -> None:
    git(git_repo, "branch", "feat/ledger-import")
    git(git_repo, "branch", "-m", "feat/ledger-import", "feat/ledger-sync")
    kind, reason = decide(agent, git_repo, "git switch feat/ledger-import")
    assert kind == "deny", reason
    assert "`git switch feat/ledger-sync`" in reason and "branch -m" in reason
    # a chain of renames: the newest name
    git(git_repo, "branch", "-m", "feat/ledger-sync", "feat/ledger-v2")
    kind, reason = decide(agent, git_repo, "git checkout feat/ledger-import")
    assert kind == "deny" and "`git checkout feat/ledger-v2`" in reason, reason
    # the current names are allowed
    kind, reason = decide(agent, git_repo, "git switch feat/ledger-v2")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_whose_head_moved_after_the_clone_is_read_now(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:stable")
    git(git_repo, "fetch", "-q", "origin")
    git(git_repo, "remote", "set-head", "origin", "main")
    origin = Path(git(git_repo, "config", "remote.origin.url").strip())
    (origin / "HEAD").write_text("ref: refs/heads/stable\n")  # the remote's default is stable now
    (git_repo / "notes.txt").write_text("x\n")
    commit_all(git_repo, "notes")
    kind, reason = decide(agent, git_repo, "git rebase origin/trunk")
    assert kind == "deny", reason
    assert "stable" in reason and "read from the remote now" in reason


def _bare_remote(repo: Path, name: str, branch: str) -> Path:
    import subprocess

    path = repo.parent / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", branch, str(path)], check=True)
    git(repo, "remote", "add", name, str(path))
    return path


@pytest.mark.parametrize("agent", AGENTS)
def test_a_fetch_of_another_forges_change_ref_names_the_remotes_own_layout(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:refs/merge-requests/77/head")
    git(git_repo, "push", "-q", "origin", "HEAD:refs/merge-requests/77/merge")
    kind, reason = decide(agent, git_repo, "git fetch origin refs/pull/77/head:mr-77")
    assert kind == "deny", reason
    assert "`git fetch origin refs/merge-requests/77/head:mr-77`" in reason
    # the remote's own ref, and a change number it does not hold, are left to git
    assert decide(agent, git_repo, "git fetch origin refs/merge-requests/77/head:mr-77")[0] == "allow"
    assert decide(agent, git_repo, "git fetch origin refs/pull/78/head:pr-78")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_whose_transport_helper_is_not_installed_names_the_other_remote(agent: str, git_repo: Path) -> None:
    git(git_repo, "remote", "add", "legacy", "hgx-missing-helper::https://hg.example.invalid/ledger")
    kind, reason = decide(agent, git_repo, "git push legacy main")
    assert kind == "deny", reason
    assert "git-remote-hgx-missing-helper" in reason and "`git push origin main`" in reason
    assert decide(agent, git_repo, "git push origin main")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_docs_saying_which_remote_is_a_read_only_mirror_are_read_by_sentence(agent: str, git_repo: Path) -> None:
    _bare_remote(git_repo, "forgejo", "main")
    git(git_repo, "push", "-q", "forgejo", "HEAD:main")
    git(git_repo, "fetch", "-q", "forgejo")
    (git_repo / "CONTRIBUTING.md").write_text(
        "# Contributing\n\nThe project lives on Codeberg (remote `forgejo`) now; the GitLab copy (origin) is a "
        "read-only mirror, synced nightly. Send work for review with `git push forgejo <branch>`.\n")
    commit_all(git_repo, "contributing")
    git(git_repo, "switch", "-q", "-c", "fix/typo")
    kind, reason = decide(agent, git_repo, "git push origin fix/typo")
    assert kind == "deny" and "`git push forgejo fix/typo`" in reason, reason
    assert decide(agent, git_repo, "git push forgejo fix/typo")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_that_would_create_another_default_on_a_single_branch_remote(agent: str, git_repo: Path) -> None:
    _bare_remote(git_repo, "bridge", "trunk")
    git(git_repo, "push", "-q", "bridge", "HEAD:trunk")
    kind, reason = decide(agent, git_repo, "git push bridge HEAD:main")
    assert kind == "deny" and "`git push bridge HEAD:trunk`" in reason, reason
    assert decide(agent, git_repo, "git push bridge HEAD:trunk")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_a_document_calls_production_asks_and_names_the_other(agent: str, git_repo: Path) -> None:
    _bare_remote(git_repo, "host", "main")
    git(git_repo, "push", "-q", "host", "HEAD:main", "HEAD:preview")
    git(git_repo, "fetch", "-q", "host")
    (git_repo / "docs").mkdir()
    (git_repo / "docs" / "hosting.md").write_text(
        "# Hosting\n\nSince launch `main` is the live site (paying customers); previews go to the `preview` branch.\n")
    commit_all(git_repo, "hosting")
    kind, reason = decide(agent, git_repo, "git push host HEAD:main")
    assert kind in ("ask", "deny"), reason
    assert "`git push host HEAD:preview`" in reason
    assert decide(agent, git_repo, "git push host HEAD:preview")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_security_notice_that_stops_tag_pushes_gates_tags_not_branches(agent: str, git_repo: Path) -> None:
    (git_repo / "SECURITY.md").write_text(
        "# Security\n\nThe signing certificate expired; until the new one is issued no version tag can be pushed.\n")
    commit_all(git_repo, "security notice")
    git(git_repo, "tag", "v0.9.0")
    kind, reason = decide(agent, git_repo, "git tag v1.0.0 && git push origin v1.0.0")
    assert kind in ("ask", "deny"), reason
    assert decide(agent, git_repo, "git push origin v0.9.0")[0] in ("ask", "deny")
    assert decide(agent, git_repo, "git push origin main")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_passive_never_over_an_outcome_does_not_gate(agent: str, git_repo: Path) -> None:
    _bare_remote(git_repo, "wiki", "main")
    git(git_repo, "push", "-q", "wiki", "HEAD:main")
    (git_repo / "docs").mkdir()
    (git_repo / "docs" / "wiki.md").write_text(
        "# Wiki\n\nThe wiki remote serves one branch, main. Other branches pushed there are never displayed.\n")
    commit_all(git_repo, "wiki notes")
    assert decide(agent, git_repo, "git push wiki HEAD:main")[0] == "allow"
