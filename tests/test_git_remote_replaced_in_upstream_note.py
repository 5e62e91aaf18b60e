"""A remote replaced by another, where the note that says so is a colleague's commit on the branch's upstream, fetched
and not merged yet: the push to the old remote is stopped with the new one as the alternative, and the push to the new
one — behind the upstream like any remote that takes only part of the work — goes through. Without the note, a push
to a remote that is only an older copy of the upstream is still stopped."""

from __future__ import annotations

import subprocess
from pathlib import Path

from swtest import commit_all, git
from test_premises import decide

NOTE = ("# Orders\n\n2026-12-03 (Sam): the workshop moved its order intake to the newintake repository. oldintake is "
        "the old intake; it still takes pushes, but nobody reads it since 1 December.\n")


def _setup(repo: Path, note: bool) -> None:
    for name in ("oldintake", "newintake"):
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(repo.parent / f"{name}.git")], check=True)
        git(repo, "remote", "add", name, str(repo.parent / f"{name}.git"))
        git(repo, "push", "-q", name, "main")
    other = repo.parent / "colleague"
    git(repo.parent, "clone", "-q", git(repo, "config", "remote.origin.url").strip(), str(other))
    git(other, "config", "user.name", "Sam")
    git(other, "config", "user.email", "sam@example.invalid")
    if note:  # a colleague's commit on origin/main says where orders go now
        (other / "ORDERS.md").write_text(NOTE)
    else:  # the upstream moves on without a note
        (other / "prices.csv").write_text("item,price\nlens,40\n")
    commit_all(other, "Orders: the workshop takes orders from newintake now" if note else "Prices")
    git(other, "push", "-q", "origin", "main")
    (repo / "orders.csv").write_text("job,lens\nJ-1,sv\n")
    commit_all(repo, "Orders: Friday")
    git(repo, "fetch", "-q", "origin")


def test_the_old_remote_is_stopped_with_the_one_the_upstream_note_names(git_repo: Path) -> None:
    _setup(git_repo, note=True)
    kind, reason = decide("claude", git_repo, "git push -q oldintake main")
    assert kind != "allow", reason
    assert "`git push -q newintake main`" in reason and "origin/main:ORDERS.md" in reason


def test_the_remote_the_upstream_note_names_takes_the_push(git_repo: Path) -> None:
    _setup(git_repo, note=True)
    kind, reason = decide("claude", git_repo, "git push -q newintake main")
    assert kind == "allow", reason


def test_without_the_note_an_older_copy_of_the_upstream_is_still_stopped(git_repo: Path) -> None:
    _setup(git_repo, note=False)
    kind, reason = decide("claude", git_repo, "git push -q newintake main")
    assert kind != "allow", reason
    assert "origin" in reason
