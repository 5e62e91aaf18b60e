"""The shell's own value semantics: a quoted rendering of a known value (bash's ``@Q``/``@K``/``@A``/``@P``
transformations, ``printf %q``, ``git rev-parse --sq-quote``) is known text, and ``eval`` reading it back gets the value
again; ``eval`` of text known whole carries what it sets to the rest of the line; ``mkdir -p`` of a directory that
exists or can be made succeeds, so what follows its ``&&`` runs; ``numfmt`` of plain integers is computed. The
renderings are checked against the real bash and git on this machine. Invented command lines."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from statewise_cli.actions import quoting
from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.actions.shell import split_commands

VALUES = ["main", "a b", "it's", "x!y", "-f", "$HOME", "a\"b", "~x", "#c", "p=q", "a,b", "[x]", "", "tab\\n"]


def _bash(script: str, *args: str) -> str:
    return subprocess.run(["bash", "-c", script, "bash", *args], capture_output=True, text=True, check=True).stdout


def _bash_has_k() -> bool:
    if shutil.which("bash") is None:
        return False
    out = subprocess.run(["bash", "-c", 'a=(x); echo "${a[@]@K}"'], check=False, capture_output=True, text=True)
    return out.returncode == 0 and out.stdout.strip() == '0 "x"'


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash not installed")
@pytest.mark.parametrize("value", VALUES)
def test_printf_q_and_at_q_match_bash(value: str) -> None:
    assert quoting.printf_q(value) == _bash('printf %q "$1"', value)
    assert quoting.single_quoted(value) == _bash('printf %s "${1@Q}"', value)


@pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")
def test_sq_quote_matches_git(tmp_path: Path) -> None:
    out = subprocess.run(["git", "rev-parse", "--sq-quote", *VALUES], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout
    assert quoting.git_sq_quote(VALUES) == out


@pytest.mark.skipif(not _bash_has_k(), reason="bash >= 5.2 needed for @K")
@pytest.mark.parametrize("script", [
    'declare -A h=([origin]=feature); printf %s "${h[@]@K}"',
    'a=(x "y z" "it\'s"); printf %s "${a[@]@K}"',
    'a=([3]=c [1]=b); a[7]=d; printf %s "${a[@]@K}"',
    "v='q r'; printf %s \"${v@A}\"",
    "declare -i n=3; printf %s \"${n@A}\"",
])
def test_array_transformations_match_bash(script: str) -> None:
    expected = _bash(script)
    assignments, _, word = script.rpartition("; printf %s ")
    cmds = split_commands(f"{assignments}; echo {word}")
    assert cmds[-1].argv == ("echo", expected), (cmds[-1].argv, expected)


def _pushes(command: str) -> list[tuple[str, str, str]]:
    return [(a.operation, a.target, a.unknown) for a in normalize_shell(command, "topic")
            if a.operation.startswith("git.") or a.unknown]


@pytest.mark.parametrize(("command", "target"), [
    ('declare -A h=([origin]=topic); eval "set -- ${h[@]@K}"; git push -q "$1" "$2"', "topic"),
    ('declare -A h=([origin]=main); eval "set -- ${h[@]@K}"; git push -f "$1" "$2"', "main"),
    ('eval "git push -q origin $(git rev-parse --sq-quote topic)"', "topic"),
    ('eval "git push -f origin $(git rev-parse --sq-quote main)"', "main"),
    ("q=$(printf %q main); eval \"git push -f origin $q\"", "main"),
    ('printf -v q %q main; eval "git push -f origin $q"', "main"),
    ('b=main; eval "git push -f origin ${b@Q}"', "main"),
    ('a=(push -f origin main); eval "git ${a[@]@Q}"', "main"),
    ('a=(push -q origin topic); git "${a[@]}"', "topic"),
    ('b=topic; eval "b=main"; git push -f origin "$b"', "main"),
    ('git push -q origin "HEAD~$(numfmt --suffix=:main 0)"', "main"),
])
def test_quoted_renderings_read_back_by_eval(command: str, target: str) -> None:
    found = _pushes(command)
    assert any(op == "git.push" and t.endswith(target) and not u for op, t, u in found), found


@pytest.mark.parametrize("command", [
    # eval behind `command`/`builtin` runs in this shell too: the old value is not kept
    'b=topic; command eval "b=main"; git push -f origin "$b"',
    'b=topic; builtin eval b=main; git push -f origin "$b"',
    # text only the running shell knows: nothing it may set is kept
    'b=topic; eval "$x"; git push -f origin "$b"',
    # an eval that may not run (after &&) or runs in a pipeline's subshell: the old value or the new one
    'b=topic; false && eval "b=main"; git push -f origin "$b"',
    # an associative array of two keys: bash lists them in hash order, not computed
    'declare -A h=([a]=origin [b]=main); eval "set -- ${h[@]@K}"; git push -f "$2" "$4"',
    # a pattern in the list may be file names
    'a=(push -f origin "ma*"); git "${a[@]}"',
])
def test_what_is_not_computed_stays_unknown(command: str) -> None:
    found = _pushes(command)
    assert not any(op == "git.push" and t in ("topic",) and not u for op, t, u in found), found
    assert any(u or t in ("?", "git") for _, t, u in found) or any(t.endswith("main") for _, t, _u in found), found


def test_mkdir_p_that_succeeds_makes_what_follows_its_and_certain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "build").mkdir()
    line = "mkdir -p build/x && read -ra t <<< '-rf build/x'; rm \"${t[@]}\""
    assert split_commands(line)[-1].argv == ("rm", "-rf", "build/x")
    outside = "mkdir -p build/x && read -ra t <<< '-rf ../outside'; rm \"${t[@]}\""
    assert split_commands(outside)[-1].argv == ("rm", "-rf", "../outside")
    # a path under a file cannot be made: the read may not run, the words stay unknown
    (tmp_path / "afile").write_text("x")
    blocked = "mkdir -p afile/x && read -ra t <<< '-rf build'; rm \"${t[@]}\""
    assert split_commands(blocked)[-1].argv == ("rm", "${t[@]}")
    # without -p an existing directory is an error
    plain = "mkdir build && read -ra t <<< '-rf build'; rm \"${t[@]}\""
    assert split_commands(plain)[-1].argv == ("rm", "${t[@]}")


def test_numfmt_plain_integers_only() -> None:
    from statewise_cli.actions.fold import run

    assert run(["numfmt", "--suffix=:x", "0", "007"], None) == "0:x\n7:x\n"
    assert run(["numfmt", "--padding=4", "42"], None) == "  42\n"
    assert run(["numfmt", "--to=iec", "1048576"], None) is None  # scaling: not computed
    assert run(["numfmt", "1.5"], None) is None
    assert run(["numfmt"], "12\n") is None  # standard input: not computed


@pytest.mark.parametrize("line", [
    'eval "cd .." && rm -rf outside',
    'eval "$(printf \'%q \' cd ..)" && rm -rf outside',
    'eval "$(git rev-parse --sq-quote cd ..)"; rm -rf outside',
    'command eval "cd .."; rm -rf outside',
])
def test_a_cd_that_eval_runs_moves_the_rest_of_the_line(line: str) -> None:
    # eval runs its text in this shell: `rm -rf outside` runs in the directory above
    assert split_commands(line)[-1].cwd == ".."


def test_eval_fed_by_a_pipe_reads_the_pipe() -> None:
    # the text eval runs is fed what is piped into eval: a shell there runs the piped line
    cmds = split_commands('echo "git push -f origin main" | eval "$(printf \'%q \' bash)"')
    assert ("git", "push", "-f", "origin", "main") in [c.argv for c in cmds]
    cmds = split_commands('printf "../outside\\n" | eval "$(git rev-parse --sq-quote xargs rm -rf)"')
    assert ("rm", "-rf", "../outside") in [c.argv for c in cmds]
    # a list run by eval shares the pipe: not followed, an unknown command
    cmds = split_commands('echo "git push -f origin main" | eval "bash; true"')
    assert any(c.argv[0].startswith("$(") for c in cmds)
