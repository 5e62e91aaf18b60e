"""The git family's premises read from where a repository keeps the evidence: a remote this clone renamed (the
reflog of its remote-tracking refs), a branch a remote's receive hook closed and whose comments say what it was renamed
to. Invented repositories and wording; each test also keeps the decision the evidence does not support."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from swtest import commit_all, git
from test_premises import decide, write


def _second_remote(repo: Path, name: str) -> Path:
    bare = repo.parent / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    git(repo, "remote", "add", name, str(bare))
    git(repo, "push", "-q", name, "main")
    return bare


# ------------------------------------------------------------------------------------------ a remote renamed here
def test_a_push_to_a_remote_this_clone_renamed_names_the_new_name(git_repo: Path) -> None:
    bare = _second_remote(git_repo, "dispatch")
    git(git_repo, "remote", "rename", "dispatch", "tablets")
    write(git_repo, {"routes/tuesday.csv": "van,stop\nV1,1\n"})
    kind, reason = decide("claude", git_repo, "git push -q dispatch main")
    assert kind == "deny", reason
    assert "`git push -q tablets main`" in reason
    assert "renamed the remote dispatch to tablets" in reason
    assert decide("claude", git_repo, "git push -q tablets main")[0] == "allow"
    assert bare.exists()


def test_an_unknown_remote_without_a_rename_lists_the_remotes(git_repo: Path) -> None:
    _second_remote(git_repo, "tablets")
    kind, reason = decide("claude", git_repo, "git push -q dispatch main")
    assert kind == "deny", reason
    assert "renamed" not in reason
    assert "origin, tablets" in reason


# ------------------------------------------------------------------------------------------ a branch a hook closed
_CLOSED = ("#!/bin/sh\n# 2026-11-25 (fleet engineer): fleet-config was renamed depot/fleet; the depot gateways pull "
           "depot/fleet.\nwhile read old new ref; do\n  if [ \"$ref\" = refs/heads/fleet-config ]; then\n"
           "    echo \"refs/heads/fleet-config is closed for pushes\" >&2; exit 1\n  fi\ndone\nexit 0\n")


def _closed_branch_repo(repo: Path, hook: str) -> None:
    origin = git(repo, "config", "remote.origin.url").strip()
    git(repo, "push", "-q", "origin", "main:fleet-config")
    git(repo, "push", "-q", "origin", "main:depot/fleet")
    path = Path(origin) / "hooks" / "pre-receive"
    path.write_text(hook)
    path.chmod(0o755)
    git(repo, "fetch", "-q", "origin")
    git(repo, "switch", "-q", "-c", "vor-3141")
    (repo / "fleet.yaml").write_text("3141: vor\n")
    commit_all(repo, "Fleet: 3141 off road")


def test_a_push_to_a_branch_a_receive_hook_closed_names_the_branch_its_comments_renamed_it_to(git_repo: Path) -> None:
    _closed_branch_repo(git_repo, _CLOSED)
    kind, reason = decide("claude", git_repo, "git push -q origin HEAD:fleet-config")
    assert kind == "deny", reason
    assert "`git push -q origin HEAD:depot/fleet`" in reason
    named = [c for c in re.findall(r"`(git [^`]+)`", reason) if c != "git push -q origin HEAD:fleet-config"]
    assert named[0] == "git push -q origin HEAD:depot/fleet", reason  # the first other command the reason names
    assert decide("claude", git_repo, "git push -q origin HEAD:depot/fleet")[0] == "allow"


def test_a_closed_branch_whose_hook_names_no_new_branch_gets_no_route(git_repo: Path) -> None:
    _closed_branch_repo(git_repo, _CLOSED.replace("fleet-config was renamed depot/fleet; the depot gateways pull "
                                                  "depot/fleet.", "fleet-config is closed."))
    kind, reason = decide("claude", git_repo, "git push -q origin HEAD:fleet-config")
    assert kind == "deny", reason
    assert "HEAD:depot/fleet" not in reason
    assert os.path.isdir(git_repo)
