"""``git interpret-trailers --in-place FILE`` rewrites FILE with the trailers it is given: a write of each file
operand, carrying the trailer lines as the added text (a memory file gets them as lines); without ``--in-place`` it
prints and writes nothing."""
from __future__ import annotations

from pathlib import Path

from test_shellsafe import judged, outside  # noqa: F401  (the fixture)

from statewise_cli.actions.normalize import normalize_shell


def test_in_place_writes_each_file_operand_with_the_trailers_as_added_lines() -> None:
    actions = normalize_shell("git interpret-trailers --in-place --trailer 'Acked-by=Ann' --trailer x:1 a.txt b/c.md",
                              "feature")
    written = [a for a in actions if a.kind == "edit"]
    assert sorted(str(a.target or a.paths[0]) for a in written) == ["a.txt", "b/c.md"]
    assert all(a.body == "+Acked-by: Ann\n+x:1\n" for a in written)
    assert not [a for a in normalize_shell("git interpret-trailers --trailer x=1 a.txt", "feature") if a.kind == "edit"]


def test_in_place_outside_the_repository_is_denied(git_repo: Path, outside: Path) -> None:  # noqa: F811
    target = outside / "notes.txt"
    found = judged(f"git interpret-trailers --in-place --trailer ab=1 {target}", git_repo)
    assert any(v.startswith("outside-repo") or "outside" in v for v in found), found
    assert not judged("git interpret-trailers --in-place --trailer ab=1 notes.txt", git_repo)
