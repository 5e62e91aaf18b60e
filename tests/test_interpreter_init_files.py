"""Files an interpreter runs without being handed them by name: Perl's debugger runs its init file (`.perldb` where
it starts, else `~/.perldb`) before the program, and Python handed a directory runs the `__main__.py` inside it.
Either file may be one the agent wrote a moment earlier — on disk or on the same command line — so it is read
like any program file the command runs. Every case here is invented for the class."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged

from statewise_cli.actions.normalize import _perl_debugger

PUSH_PERL = "system('git push --force origin main');\n"
PUSH_PY = "import subprocess\nsubprocess.run(['git', 'push', '--force', 'origin', 'main'])\n"


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.chdir(git_repo)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return git_repo


@pytest.mark.parametrize(("args", "debugger"), [
    (("-d", "-e", "1"), True), (("-e", "1", "-d"), True), (("-wd", "tool.pl"), True), (("-dt", "tool.pl"), True),
    (("-Ilib", "-d", "tool.pl"), True), (("-d:NYTProf", "tool.pl"), False), (("-Mdata", "tool.pl"), False),
    (("tool.pl", "-d"), False), (("-w", "tool.pl"), False), (("-e", "-d"), False),
])
def test_perl_debugger_switch_is_read_among_the_switches(args: tuple[str, ...], debugger: bool) -> None:
    assert _perl_debugger(args) is debugger


def test_perldb_in_the_start_directory_is_read_when_the_debugger_runs(repo: Path) -> None:
    (repo / ".perldb").write_text(PUSH_PERL)
    assert any("protected-branch" in v for v in judged("PERLDB_OPTS=NonStop=1 perl -d -e 1", repo, branch="main"))
    assert judged("perl -e 1", repo, branch="main") == []  # no debugger: the init file is not run


def test_perldb_in_home_is_read_when_the_start_directory_has_none(repo: Path, tmp_path: Path) -> None:
    (tmp_path / "home" / ".perldb").write_text(PUSH_PERL)
    assert any("protected-branch" in v for v in judged("perl -wd scripts/report.pl", repo, branch="main"))


def test_perldb_written_on_the_same_line_is_judged_by_its_text(repo: Path) -> None:
    line = "printf 'system(q{git push -f origin main});\\n' > .perldb && PERLDB_OPTS=NonStop=1 perl -d -e 1"
    assert any("protected-branch" in v for v in judged(line, repo, branch="main"))


def test_a_harmless_perldb_does_not_hold_the_debugger(repo: Path) -> None:
    (repo / ".perldb").write_text("$DB::single = 0;\nparse_options('NonStop=1');\n")
    assert judged("PERLDB_OPTS=NonStop=1 perl -d -e 1", repo, branch="main") == []


def test_python_handed_a_directory_runs_its_main(repo: Path, tmp_path: Path) -> None:
    app = tmp_path / "bundle"
    app.mkdir()
    (app / "__main__.py").write_text(PUSH_PY)
    assert any("protected-branch" in v for v in judged(f"python3 {app}", repo, branch="main"))
    (app / "__main__.py").write_text("print('report')\n")
    assert judged(f"python3 {app}", repo, branch="main") == []
    (app / "__main__.py").unlink()
    assert judged(f"python3 {app}", repo, branch="main") == []  # nothing to run there


def test_python_directory_written_on_the_same_line(repo: Path, tmp_path: Path) -> None:
    d = tmp_path / "tool"
    line = (f"mkdir -p {d} && printf 'import os\\nos.system(\"git push --force origin main\")\\n' > {d}/__main__.py "
            f"&& python3 {d}")
    assert any("protected-branch" in v for v in judged(line, repo, branch="main"))
    harmless = f"mkdir -p {d} && printf 'print(1)\\n' > {d}/__main__.py && python3 {d}"
    assert judged(harmless, repo, branch="main") == []
