"""Git pushes that would take other people's work, and the guidance a denied push is given (round 59)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_premises import decide, write


def _colleague_push(tmp_path: Path, origin: str, branch: str, files: dict[str, str], message: str) -> None:
    other = tmp_path / "colleague-clone"
    git(tmp_path, "clone", "-q", "-b", branch, origin, str(other))
    for name, text in files.items():
        (other / name).write_text(text)
    git(other, "add", "-A")
    git(other, "-c", "user.name=Priya Nair", "-c", "user.email=priya@example.invalid", "commit", "-q", "-m", message)
    git(other, "push", "-q", "origin", branch)


# ------------------------------------------------- a force push after an amend, over a colleague's unfetched commit
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_force_push_after_an_amend_over_a_commit_this_clone_never_fetched(agent: str, git_repo: Path,
                                                                            tmp_path: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "cues/act2")
    write(git_repo, {"cues.csv": "cue,page\n203,46 fade 5s\n"})
    git(git_repo, "push", "-q", "-u", "origin", "cues/act2")
    origin = git(git_repo, "config", "remote.origin.url").strip()
    _colleague_push(tmp_path, origin, "cues/act2", {"sound.csv": "203.5 thunder\n"}, "Sound: thunder on 203.5")
    # one's own pushed commit amended: the fetched copy differs only by one's own replaced commit
    (git_repo / "cues.csv").write_text("cue,page\n203,46 fade 4s\n")
    git(git_repo, "commit", "-q", "-a", "--amend", "-m", "Storm cue, 4s fade")
    kind, reason = decide(agent, git_repo, "git push -q --force origin cues/act2")
    assert kind == "deny" and "Priya Nair" in reason and "thunder on 203.5" in reason, reason
    assert "git pull --rebase origin cues/act2" in reason, reason


@pytest.mark.parametrize("agent", ["claude"])
def test_a_force_push_after_an_amend_with_nothing_new_on_the_remote_is_allowed(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "clips")
    write(git_repo, {"clips.yaml": "- {id: HP-02, hazards: 2}\n"})
    git(git_repo, "push", "-q", "-u", "origin", "clips")
    (git_repo / "clips.yaml").write_text("- {id: HP-02, hazards: 1}\n")
    git(git_repo, "commit", "-q", "-a", "--amend", "-m", "HP-02 has one hazard")
    assert decide(agent, git_repo, "git push -q --force-with-lease origin clips")[0] == "allow"
    assert decide(agent, git_repo, "git push -q --force origin clips")[0] == "allow"
