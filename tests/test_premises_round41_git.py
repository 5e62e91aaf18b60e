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
