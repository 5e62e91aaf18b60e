"""A log split into one file per period (``2031-04.csv``, ``2031-05.csv``): an edit of the old single file that adds
a dated entry belongs in the file of the entry's period, not in the one git's rename detection paired with the old
file. Invented examples."""
from __future__ import annotations

from pathlib import Path

from swtest import commit_all, git
from test_premises import decide, write

OLD = "- {hive: H-2, note: queen seen, day: 2031-04-12}\n"


def _split(repo: Path) -> None:
    write(repo, {"hives.yaml": OLD})
    git(repo, "rm", "-q", "hives.yaml")
    for name, text in {"hives/2031-04.yaml": OLD.replace("queen seen", "queen seen, marked"),
                       "hives/2031-05.yaml": "- {hive: H-7, note: swarm cells, day: 2031-05-03}\n"}.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, "Hive notes: one file per month")


def _append(repo: Path, path: str, anchor: str, entry: str) -> tuple[str, str]:
    return decide("claude", repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": anchor,
                                                            "new_string": anchor + entry})


def test_a_dated_entry_goes_to_the_file_of_its_period(git_repo: Path) -> None:
    _split(git_repo)
    kind, reason = _append(git_repo, "hives.yaml", OLD, "- {hive: H-3, note: fed, day: 2031-05-20}\n")
    assert kind == "deny", reason
    assert "`hives/2031-05.yaml`" in reason, reason
    assert "edit `hives/2031-04.yaml`" not in reason


def test_an_entry_of_the_paired_files_period_keeps_it(git_repo: Path) -> None:
    _split(git_repo)
    kind, reason = _append(git_repo, "hives.yaml", OLD, "- {hive: H-3, note: fed, day: 2031-04-20}\n")
    assert kind == "deny", reason
    assert "`hives/2031-04.yaml`" in reason, reason


def test_the_file_of_the_period_is_left_alone(git_repo: Path) -> None:
    _split(git_repo)
    anchor = "- {hive: H-7, note: swarm cells, day: 2031-05-03}\n"
    kind, _ = _append(git_repo, "hives/2031-05.yaml", anchor, "- {hive: H-3, note: fed, day: 2031-05-20}\n")
    assert kind == "allow"


def test_a_split_git_pairs_with_the_old_file_as_a_rename(git_repo: Path) -> None:
    lines = "".join(f"- {{hive: H-{i}, note: checked, day: 2031-04-{i + 10:02d}}}\n" for i in range(12))
    write(git_repo, {"hives.yaml": lines})
    git(git_repo, "mv", "hives.yaml", "hives-2031-04.yaml")
    (git_repo / "hives-2031-05.yaml").write_text("- {hive: H-7, note: swarm cells, day: 2031-05-03}\n")
    commit_all(git_repo, "Hive notes: one file per month")
    assert "hives-2031-04.yaml" in git(git_repo, "log", "-1", "--name-status", "-M", "--format=")
    anchor = lines.splitlines(keepends=True)[-1]
    kind, reason = _append(git_repo, "hives.yaml", anchor, "- {hive: H-3, note: fed, day: 2031-05-20}\n")
    assert kind == "deny", reason
    assert "`hives-2031-05.yaml`" in reason, reason
