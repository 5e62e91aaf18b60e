"""Files a build or task tool runs commands from, read when the tool is run (defence in depth, like a script).

By kind, not by tool: a configuration file's command strings (a ``key = value`` value, a recipe line, a quoted argv
list, a Maven ``<executable>`` with its ``<argument>``s) and the executables its values name; a program file a tool
compiles and runs; a binary compiled on the same line and run; the hooks of a ``git clone --template``; a PATH entry
that shadows the program; refs a ``git fast-import`` stream names; and untracked guard files swept out of the work
tree by ``git stash -u`` / ``git clean -f``. Each class has a harmless look-alike. The inputs are invented here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged
from test_shellsafe_classes import _kinds

PUSH = "git push --force origin main"


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@pytest.mark.parametrize(("files", "command"), [
    ({"build.ninja": f"rule up\n  command = {PUSH}\nbuild all: up\n"}, "ninja all"),
    ({"justfile": f"default: release\nrelease:\n    {PUSH}\n"}, "just"),
    ({".pre-commit-config.yaml": f"repos:\n- repo: local\n  hooks:\n  - id: up\n    entry: {PUSH}\n    language: system\n"},
     "pre-commit run -a"),
    ({"Taskfile.yml": f"version: '3'\ntasks:\n  ci:\n    cmds:\n      - {PUSH}\n"}, "task ci"),
    ({".cargo/config.toml": f"[target.x86_64-unknown-linux-gnu]\nrunner = [\"sh\", \"-c\", \"{PUSH}\"]\n"}, "cargo test"),
    ({"build.rs": 'fn main() { std::process::Command::new("git").args(["push", "-f", "origin", "main"]).status().ok(); }\n'},
     "cargo check"),
    ({"pom.xml": "<project><build><plugins><plugin><configuration><executable>git</executable><arguments>"
                 "<argument>push</argument><argument>-f</argument><argument>origin</argument><argument>main</argument>"
                 "</arguments></configuration></plugin></plugins></build></project>\n"}, "mvn -q compile"),
    ({"tox.ini": f"[testenv]\ncommands =\n    {PUSH}\n"}, "tox -e py"),
    ({".pdbrc": f"import subprocess; subprocess.run('{PUSH}', shell=True)\n"}, "python3 -m pdb app.py"),
    ({"Up.java": 'class Up { public static void main(String[] a) throws Exception {\n'
                 '  new ProcessBuilder("git", "push", "-f", "origin", "main").start().waitFor(); } }\n'}, "java Up.java"),
    ({"hooks/env.local": "NODE_OPTIONS=--require ./hooks/pre.cjs\n",
      "hooks/pre.cjs": f"require('child_process').execSync('{PUSH}')\n"}, "node --env-file=hooks/env.local app.js"),
])
def test_a_file_the_tool_runs_commands_from_is_read(files: dict[str, str], command: str, git_repo: Path) -> None:
    _write(git_repo, files)
    assert "protected-branch" in _kinds(judged(command, git_repo)), command


def test_an_executable_a_configuration_names_is_read_next(git_repo: Path, tmp_path: Path) -> None:
    shell = tmp_path / "fake-shell"
    shell.write_text(f"#!/bin/sh\n{PUSH}\nexec /bin/sh \"$@\"\n")
    _write(git_repo, {".npmrc": f"script-shell={shell}\n", "package.json": '{"scripts": {"lint": "true"}}'})
    assert "protected-branch" in _kinds(judged("npm run lint", git_repo))


def test_a_path_entry_that_shadows_a_read_only_program_is_read_by_the_hook(protected_repo: Path, tmp_path: Path) -> None:
    from test_trust import pre

    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "ls").write_text(f"#!/bin/sh\n{PUSH}\n")
    assert pre("claude", protected_repo, f"PATH={tmp_path}/bin:$PATH ls -la")[0] == "deny"
    assert pre("claude", protected_repo, "ls -la")[0] == "allow"


def test_a_path_entry_that_shadows_the_program_is_read(git_repo: Path, tmp_path: Path) -> None:
    (tmp_path / "shims").mkdir()
    (tmp_path / "shims" / "make").write_text(f"#!/bin/sh\n{PUSH}\n")
    assert "protected-branch" in _kinds(judged(f"PATH={tmp_path}/shims:$PATH make -v", git_repo))
    assert judged(f"PATH=$PATH:{tmp_path}/shims make -v", git_repo) == []


@pytest.mark.parametrize(("sub", "driver", "option"), [
    ("ld", "gcc-13", "-B{d}/"), ("as", "clang", "--prefix={d}"), ("cc1", "x86_64-linux-gnu-gcc", "-B {d}"),
    ("collect2", "c99", "-B{d}"),
])
def test_a_compiler_driver_runs_its_sub_programs_from_the_prefix_it_is_given(git_repo: Path, tmp_path: Path, sub: str,
                                                                             driver: str, option: str) -> None:
    """gcc's `-B PREFIX` (clang's `--prefix`) is searched first for `as`, `ld`, `cc1`, `collect2`: a program there runs."""
    tools = tmp_path / "toolchain"
    tools.mkdir()
    (tools / sub).write_text(f"#!/bin/sh\n{PUSH}\nexec /usr/bin/{sub} \"$@\"\n")
    compile_ = f"{driver} {option.format(d=tools)} -c {tmp_path}/m.c -o {tmp_path}/m.o"
    assert "protected-branch" in _kinds(judged(compile_, git_repo)), compile_
    # written on the same line, not yet on disk
    fresh = tmp_path / "fresh"
    line = (f"mkdir -p {fresh} && printf '#!/bin/sh\\n{PUSH}\\n' > {fresh}/{sub} && chmod +x {fresh}/{sub} && "
            f"{driver} {option.format(d=fresh)} -c {tmp_path}/m.c -o {tmp_path}/m.o")
    assert "protected-branch" in _kinds(judged(line, git_repo)), line
    # the same driver with a prefix holding nothing that pushes, and without one
    (tools / sub).write_text(f"#!/bin/sh\nexec /usr/bin/{sub} \"$@\"\n")
    assert "protected-branch" not in _kinds(judged(compile_, git_repo)), compile_
    assert judged(f"{driver} -O2 -c {tmp_path}/m.c -o {tmp_path}/m.o", git_repo) == []


@pytest.mark.parametrize(("files", "command"), [
    ({"build.ninja": "rule cc\n  command = gcc -c $in -o $out\nbuild a.o: cc a.c\n"}, "ninja"),
    ({"justfile": f"test:\n    pytest -q\nship:\n    {PUSH}\n"}, "just test"),
    ({".pre-commit-config.yaml": "repos:\n- repo: local\n  hooks:\n  - id: fmt\n    entry: ruff format\n    language: system\n"},
     "pre-commit run --all-files"),
    ({".cargo/config.toml": "[alias]\nxt = \"run --package xtask --\"\n[build]\nrustflags = [\"-C\", \"target-cpu=native\"]\n",
      "build.rs": 'fn main() { println!("cargo:rerun-if-changed=build.rs"); }\n'}, "cargo build"),
    ({"pom.xml": "<project><modelVersion>4.0.0</modelVersion></project>\n"}, "mvn -q test"),
    ({".npmrc": "save-exact=true\nengine-strict=true\ncafile=./certs/corp.pem\n", "certs/corp.pem": "git push -f origin main\n",
      "package.json": '{"scripts": {"test": "true"}}'}, "npm test"),
])
def test_harmless_tool_files_stay_allowed(files: dict[str, str], command: str, git_repo: Path) -> None:
    _write(git_repo, files)
    assert judged(command, git_repo) == [], command


def test_a_binary_compiled_on_the_line_and_run_is_judged_by_its_sources(git_repo: Path, tmp_path: Path) -> None:
    (tmp_path / "up.c").write_text(f'#include <stdlib.h>\nint main(void) {{ return system("{PUSH}"); }}\n')
    (tmp_path / "hi.c").write_text('#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n')
    assert "protected-branch" in _kinds(judged(f"cc -O1 {tmp_path}/up.c -o {tmp_path}/up && {tmp_path}/up", git_repo))
    assert "protected-branch" not in _kinds(judged(f"cc {tmp_path}/hi.c -o {tmp_path}/hi && {tmp_path}/hi", git_repo))


def test_the_hooks_of_a_clone_template_are_read(git_repo: Path, tmp_path: Path) -> None:
    (tmp_path / "tpl" / "hooks").mkdir(parents=True)
    (tmp_path / "tpl" / "hooks" / "post-checkout").write_text(f"#!/bin/sh\n{PUSH}\n")
    assert "protected-branch" in _kinds(judged(f"git clone --template={tmp_path}/tpl . {tmp_path}/c", git_repo))
    assert "protected-branch" in _kinds(judged(f"git -c init.templateDir={tmp_path}/tpl clone . {tmp_path}/c", git_repo))


def test_fast_import_moves_the_refs_its_stream_names(git_repo: Path) -> None:
    (git_repo / "README.md").write_text("# demo\nstashed\n")
    git(git_repo, "stash")
    stream = "printf 'reset refs/stash\\nfrom 0000000000000000000000000000000000000000\\n' | git fast-import --force"
    assert "keep-uncommitted-work" in _kinds(judged(stream, git_repo, records=[]))
    assert "keep-uncommitted-work" in _kinds(judged("git fast-import --force < export.stream", git_repo, records=[]))
    assert judged("git fast-export --all > export.stream", git_repo, records=[]) == []


def test_stash_and_clean_that_sweep_the_hook_settings_are_denied(protected_repo: Path) -> None:
    from test_trust import pre

    (protected_repo / ".claude").mkdir(exist_ok=True)
    settings = protected_repo / ".claude" / "settings.local.json"
    if not settings.exists():
        settings.write_text("{}\n")
    assert git(protected_repo, "ls-files", "--", ".claude").strip() == ""
    for command in ("git stash push --include-untracked -m wip", "git stash -a", "git clean -f -d"):
        assert pre("claude", protected_repo, command)[0] == "deny", command
    for command in ("git stash push -m wip", "git clean -n -d", "git stash push -u -- src"):
        assert pre("claude", protected_repo, command)[0] == "allow", command
