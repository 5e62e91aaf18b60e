"""``repair --fix-memory-file`` rewrites only memory files inside the repository (or, for
user-level records, the user's own memory directories): a record's source is data and may name
any path. Refused: error, exit 1, no file written, the record left as it was."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from swtest import pnpm_project, run_statewise, store_path

from statewise_cli.store.db import Store


def _plant(repo: Path, source: str) -> None:
    with Store.open(str(store_path(repo))) as s:
        s.put("command.test", "npm test", source=source)


def _outside_files(tmp_path: Path, repo: Path) -> dict[str, Path]:
    outside = tmp_path / "outside.md"
    outside.write_text("Run the tests with `npm test`.\n")
    link = repo / "LINKED.md"
    link.symlink_to(outside)
    git_file = repo / ".git" / "notes.md"
    git_file.write_text("Run the tests with `npm test`.\n")
    bashrc = Path(os.environ["HOME"]) / ".bashrc"
    bashrc.write_text("Run the tests with `npm test`.\n")
    return {
        f"memory-file:{outside}:1": outside,
        f"memory-file:../{outside.name}:1": outside,
        "memory-file:LINKED.md:1": outside,
        "memory-file:.git/notes.md:1": git_file,
        "memory-file:~/.bashrc:1": bashrc,
    }


@pytest.mark.parametrize("developer_value", [False, True])
def test_fix_memory_file_refuses_a_file_outside_the_repository(git_repo: Path, tmp_path: Path, developer_value: bool) -> None:
    pnpm_project(git_repo)
    for source, target in _outside_files(tmp_path, git_repo).items():
        with Store.open(str(store_path(git_repo))) as s:
            for r in s.active_records("command.test"):
                s.retract(r.id, "next case")
        _plant(git_repo, source)
        before = target.read_text()
        args = ["repair", "--key", "command.test", "--fix-memory-file", "--json"]
        if developer_value:
            args[3:3] = ["--value", "pnpm test"]
        result = run_statewise(args, git_repo)
        assert result.returncode == 1, (source, result)
        assert "refusing to rewrite" in result.stdout + result.stderr, (source, result)
        assert "Traceback" not in result.stdout + result.stderr
        assert target.read_text() == before, source
        assert not list(target.parent.glob(f"{target.name}.statewise-*")), "a backup was written"
        assert not list((Path(os.environ["STATEWISE_HOME"]) / "backups").rglob(target.name)), "a backup was written"
        with Store.open(str(store_path(git_repo))) as s:
            [record] = s.active_records("command.test")
        assert record.value == "npm test", "the record was repaired although the file fix was refused"


def test_fix_memory_file_still_rewrites_the_repositorys_own_file(git_repo: Path) -> None:
    pnpm_project(git_repo)
    (git_repo / "CLAUDE.md").write_text("Run the tests with `npm test`.\n")
    assert run_statewise(["import-memory"], git_repo).returncode == 0
    result = run_statewise(["repair", "--key", "command.test", "--fix-memory-file", "--json"], git_repo)
    assert result.returncode == 0, result
    assert json.loads(result.stdout)["memory_file_fixes"][0]["status"] == "rewritten"
    assert (git_repo / "CLAUDE.md").read_text() == "Run the tests with `pnpm test`.\n"
