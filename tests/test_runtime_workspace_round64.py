"""Runtime and workspace premises, round 64.

- a value a commit on the branch's upstream (fetched, not merged) changed in place in the program's or the entry's
  configuration file, with a word refusing the old value, is not the one to pass: the upstream's value is.

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

from swtest import commit_all, git
from test_premises import decide, write


def _upstream_changed(repo: Path, tmp_path: Path, comment: str) -> None:
    remote = tmp_path / "repo-origin.git"  # the fixture's origin; the branch tracks origin/main
    write(repo, {"lots/L-220.yaml": "lot: L-220\nglaze: 5\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", str(remote), str(other))
    git(other, "config", "user.email", "sam@example.invalid")
    git(other, "config", "user.name", "Sam")
    (other / "lots" / "L-220.yaml").write_text(f"lot: L-220\n# {comment}\nglaze: 7\n")
    commit_all(other, "Lots: L-220 takes glaze 7 now")
    git(other, "push", "-q", "origin", "HEAD:main")
    git(repo, "fetch", "-q", "origin")


def test_a_value_a_fetched_upstream_commit_changed_and_refuses(git_repo: Path, tmp_path: Path) -> None:
    _upstream_changed(git_repo, tmp_path, "the buyer's spec is glaze 7; glaze 5 pots are refused at delivery")
    kind, reason = decide("claude", git_repo, "kilnctl fire --lot L-220 --glaze 5")
    assert kind == "deny", reason
    assert "`kilnctl fire --lot L-220 --glaze 7`" in reason and "not merged" in reason
    assert decide("claude", git_repo, "kilnctl fire --lot L-220 --glaze 7")[0] == "allow"


def test_a_fetched_upstream_change_without_a_refusal_leaves_the_value_a_choice(git_repo: Path,
                                                                              tmp_path: Path) -> None:
    _upstream_changed(git_repo, tmp_path, "the buyer prefers glaze 7 this season")
    assert decide("claude", git_repo, "kilnctl fire --lot L-220 --glaze 5")[0] == "allow"
