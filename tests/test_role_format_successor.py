"""A file whose role a note says changed ("… reads TOML palettes from palettes/v3 only; palettes/sea.ini is kept for the
archive"), where the note names one file of the same name in another format: that file is where the edit belongs.
Invented examples."""
from __future__ import annotations

from pathlib import Path

from swtest import commit_all
from test_premises import decide


def _commit(repo: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, message)


def _palettes(repo: Path, note: str) -> None:
    _commit(repo, {"palettes/sea.ini": "[sea]\nshallow = #7fb3d5\n", "plot.toml": "palette = \"palettes/sea.ini\"\n"},
            "Palettes")
    _commit(repo, {"palettes/v3/sea.toml": "shallow = \"#7fb3d5\"\n", "palettes/v3/land.toml": "low = \"#a9dfbf\"\n",
                   "plot.toml": f"{note}\npalette = \"palettes/v3/sea.toml\"\n"}, "Palettes v3")


def _edit(repo: Path) -> tuple[str, str]:
    return decide("claude", repo, tool="Edit", tool_input={"file_path": str(repo / "palettes/sea.ini"),
                                                           "old_string": "[sea]\nshallow = #7fb3d5",
                                                           "new_string": "[sea]\nshallow = #5dade2"})


def test_the_file_of_the_same_name_in_the_new_format(git_repo: Path) -> None:
    _palettes(git_repo, "# the plotter 3 reads TOML palettes from palettes/v3 only; palettes/sea.ini is kept for the "
                        "archive prints")
    kind, reason = _edit(git_repo)
    assert kind == "deny", reason
    assert "edit `palettes/v3/sea.toml`" in reason, reason
