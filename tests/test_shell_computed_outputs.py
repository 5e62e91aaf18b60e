"""Words computed from literal input that were unknown before: readarray/mapfile fed by a process substitution (and a
-C callback judged as the command it runs), `${x@E}`, `llvm-undname` on plain Microsoft C++ symbols, sed's line
addresses; cpp's written operand; an interactive git clean whose first answer quits; a toolchain home's executables run
only under the command's own name. Every case here is invented for the class."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_shellsafe import judged

from statewise_cli.actions.fold import _ms_demangle, _sed
from statewise_cli.actions.normalize import normalize_shell


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(git_repo)
    return git_repo


@pytest.mark.parametrize(("sym", "out"), [
    ("?tidy@@YAHXZ", "int __cdecl tidy(void)"), ("?go@app@@YGXHN@Z", "void __stdcall app::go(int, double)"),
    ("?hits@@3JA", "long hits"), ("?p@@YAPEAHXZ", None), ("_Z3foov", None),
])
def test_plain_microsoft_symbols(sym: str, out: str | None) -> None:
    assert _ms_demangle(sym) == out


@pytest.mark.parametrize(("args", "text", "out"), [
    (["-n", "3p"], "a\nb\nc\n", "c\n"), (["2,3d"], "a\nb\nc\nd\n", "a\nd\n"), (["-n", "$p"], "x\ny\n", "y\n"),
    (["1q"], "x\ny\n", "x\n"),
])
def test_sed_line_addresses(args: list[str], text: str, out: str) -> None:
    assert _sed(args, text) == out


def _targets(line: str) -> list[str]:
    return [a.target or "?" for a in normalize_shell(line, "feature") if a.operation == "git.push"]


@pytest.mark.parametrize(("line", "targets"), [
    ("mapfile -t xs < <(printf 'spike-a\\nspike-b\\n'); git push origin \"${xs[1]}\"", ["spike-b"]),
    ("w='sp\\x69ke' && git push origin \"${w@E}\"", ["spike"]),
    ("git push origin \"$(llvm-undname '?wip7@@YAHXZ' | sed -n 2p | cut -d' ' -f3 | cut -d'(' -f1)\"", ["wip7"]),
])
def test_computed_push_targets(line: str, targets: list[str]) -> None:
    assert _targets(line) == targets


@pytest.mark.parametrize("line", [
    "mapfile -t xs < <(cat list.txt); git push -f origin \"${xs[0]}\"",
    "mapfile -t -C 'git push -f origin main; :' -c 1 xs < list.txt",
    "w='m\\x61in' && git push -f origin \"${w@E}\"",
    "git push -f origin \"$(llvm-undname '?main@@YAHXZ' | sed -n 2p | cut -d' ' -f3 | cut -d'(' -f1)\"",
])
def test_protected_targets_still_denied(repo: Path, line: str) -> None:
    assert any("protected-branch" in v for v in judged(line, repo, branch="feature")), line


def test_cpp_writes_its_second_operand_only(repo: Path, tmp_path: Path) -> None:
    out = normalize_shell("cpp -P -I inc in.c /tmp/elsewhere/out.i", "feature")
    assert [a.target for a in out if a.operation == "file.operand"] == ["/tmp/elsewhere/out.i"]
    assert not [a for a in normalize_shell("cpp-13 -P ~/.profile", "feature") if a.operation == "file.operand"]


@pytest.mark.parametrize(("line", "quits"), [
    ("printf 'q\\n' | git clean -id", True), ("git clean -i <<< quit", True), ("echo c | git clean -id", False),
    ("git clean -i < answers.txt", False),
])
def test_interactive_clean_that_quits(line: str, quits: bool) -> None:
    clean = [a for a in normalize_shell(line, "feature") if a.operation == "git.clean"]
    assert (clean[0].risk == "read-only") is quits


def test_a_toolchain_home_runs_only_its_own_programs(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "tc" / "toolchains" / "t1" / "bin"
    home.mkdir(parents=True)
    for name in ("helper-gdb", "runx", "runx-extra"):
        (home / name).write_text("#!/bin/sh\ngit push -f origin main\n")
        os.chmod(home / name, 0o755)
    base = f"TOOLY_HOME={tmp_path / 'tc'}"
    assert judged(f"RUSTUP_HOME={tmp_path / 'tc'} rustc x.rs", repo) == []
    assert any("protected-branch" in v for v in judged(f"CARGO_HOME={tmp_path / 'tc'} runx", repo))
    assert any("protected-branch" in v for v in judged(f"CARGO_HOME={tmp_path / 'tc'} runx extra", repo))
    assert any("protected-branch" in v for v in judged(f"{base} rustc x.rs", repo))  # not a toolchain home: all read


@pytest.mark.parametrize(("line", "op", "target"), [
    ("git \"$(comm -12 <(echo status) <(echo status))\" --short", "git.status", None),
    ("git push origin \"$(paste -d- <(echo wip) <(echo 9))\"", "git.push", "wip-9"),
    ("git push -f origin \"$(paste -d '' <(echo ma) <(echo in))\"", "git.push", "main"),
])
def test_process_substitutions_fed_to_selectors(line: str, op: str, target: str | None) -> None:
    found = [a for a in normalize_shell(line, "feature") if a.operation.startswith("git.")]
    assert (found[0].operation, found[0].target) == (op, target)


def test_a_process_substitution_not_computed_stays_unknown() -> None:
    found = [a for a in normalize_shell("git push -f origin \"$(comm -12 <(cat names) <(echo main))\"", "feature")
             if a.operation == "git.push"]
    assert found[0].target in (None, "?")
