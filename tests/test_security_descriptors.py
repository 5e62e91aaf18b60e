"""Scripts a shell or interpreter reads from one of its descriptors (``bash /dev/fd/7 7<<<'…'``, ``sh /dev/stdin``,
``python3 /proc/self/fd/3 3<<EOF``), items ``xargs`` splits on NUL or a delimiter of its own, and the inline code of
interpreters that other programs embed (gdb's ``python``, vim's ``:py3``): judged as the commands they run.
Invented commands, branches and paths."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write
from test_shellsafe import judged


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(git_repo)
    return git_repo


@pytest.mark.parametrize("line", [
    "bash /dev/fd/9 9<<< 'git push -f origin main'",
    "bash 4<<< 'git push --force origin HEAD:main' /dev/fd/4",
    "sh -e /dev/stdin <<< 'git push -f origin main'",
    "zsh /proc/self/fd/5 5<<END\ngit push -f origin main\nEND",
    "dash /proc/1234/fd/6 6< <(printf 'git push -f origin main')",
    "printf 'git push -f origin main\\n' | bash /dev/stdin",
    "python3 /dev/fd/8 8<<< 'import subprocess; subprocess.run([\"git\", \"push\", \"-f\", \"origin\", \"main\"])'",
    "ruby /dev/stdin <<< 'system(\"git push -f origin main\")'",
    "printf '%s\\0' git push -f origin main | xargs -0 env",
    "printf '%s\\000' git push --force origin main | xargs --null env",
    "printf 'git;push;-f;origin;main' | xargs -d ';' env",
    "gdb -q -batch -ex 'python import subprocess; subprocess.call(\"GIT_TRACE=0 git push -f origin main\", shell=True)'",
    "gdb -batch -ex 'pi import os; os.system(\"X=1 git push -f origin main\")'",
])
def test_scripts_from_descriptors_and_embedded_code_are_judged(repo: Path, line: str) -> None:
    assert any("protected-branch" in v for v in judged(line, repo, branch="feature")), line


@pytest.mark.parametrize("line", [
    "bash /dev/fd/9 9<<< 'git push origin feature'",
    "sh /dev/stdin <<< 'git status --short'",
    "printf 'git log -1\\n' | bash /dev/stdin",
    "python3 /dev/fd/8 8<<< 'print(42)'",
    "printf '%s\\0' git push origin feature | xargs -0 env",
    "printf '%s\\0' README.md | xargs -0 wc -l",
    "cat /dev/stdin <<< 'git push -f origin main'",
    "gdb -q -batch -ex 'python print(gdb.VERSION)'",
    "gdb -q -batch -ex 'bt' ./app",
])
def test_harmless_neighbours_stay_allowed(repo: Path, line: str) -> None:
    assert not judged(line, repo, branch="feature"), line


@pytest.mark.parametrize("agent", AGENTS)
def test_an_install_in_code_a_debugger_runs_is_the_install(agent: str, git_repo: Path) -> None:
    write(git_repo, {"pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "package.json": "{}\n"})
    kind, _ = decide(agent, git_repo, "gdb -batch -ex 'python import os; os.system(\"YARN_CACHE=/tmp/c npm install\")'")
    assert kind == "deny"


@pytest.mark.parametrize(("line", "kind"), [
    ("printf '%s\\n' ',n' q | ed -s .statewise.toml", "allow"),  # the whole script is shown and prints
    ("ed -s .claude/settings.json <<< '/hooks/p'", "allow"),
    ("printf '%s\\n' ',s/true/false/' w q | ed -s .statewise.toml", "deny"),  # a write command
    ("ed -s .statewise.toml <<< 'wq'", "deny"),
    ("cat edits.txt | ed -s .statewise.toml", "deny"),  # a script the line does not show
    ("ed -s .statewise.toml < edits.ed", "deny"),
    ("printf '%s\\n' ',p' q | ex -s -c 'x' .statewise.toml", "deny"),  # a command given on the command line
])
def test_an_editor_whose_shown_script_writes_nothing_only_reads(git_repo: Path, line: str, kind: str) -> None:
    write(git_repo, {".statewise.toml": "protected_branches = [\"main\"]\n"})
    assert decide("claude", git_repo, line)[0] == kind, line
