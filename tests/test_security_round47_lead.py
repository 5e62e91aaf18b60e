"""Words a secret screen flags that still name files; values bash computes (``date +TEXT``, ``read -N``,
``getopts``); openssl's reading commands."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged


@pytest.fixture
def stashed(git_repo: Path) -> Path:
    (git_repo / "README.md").write_text("# stashed\n")
    git(git_repo, "stash")
    return git_repo


# A long file name of letters and digits (`/tmp/agent-z-p67.cmake`) looks random to the secret screen; it is still
# the file a program is handed, and what the line wrote into it is judged.
@pytest.mark.parametrize("command", [
    ("printf 'execute_process(COMMAND sh -c \"git stash drop -q\")\\n' > /tmp/agent-z-p67.cmake && "
    "(cpack --config /tmp/agent-z-p67.cmake || true)"),
    ("printf 'new ProcessBuilder(\"sh\", \"-c\", \"git stash drop -q\").inheritIO().start().waitFor();\\n/exit\\n' "
    "> /tmp/agent-z-j11.jsh && jshell -q /tmp/agent-z-j11.jsh"),
    ("printf 'execute_process(COMMAND sh -c \"git stash clear\")\\n' > /tmp/release-2026-q4-x86.cmake && "
    "cpack --config /tmp/release-2026-q4-x86.cmake"),
])
def test_secret_shaped_file_names_are_still_read(stashed: Path, command: str) -> None:
    assert any("stash" in v for v in judged(command, stashed))


@pytest.mark.parametrize("command", [
    ("printf 'new ProcessBuilder(\"sh\", \"-c\", \"git stash list\").inheritIO().start().waitFor();\\n/exit\\n' "
    "> /tmp/agent-z-j12.jsh && jshell -q /tmp/agent-z-j12.jsh"),  # a jshell script is Java: `/exit` is no path
    "printf 'execute_process(COMMAND sh -c \"ls\")\\n' > /tmp/agent-z-p70.cmake && cpack --config /tmp/agent-z-p70.cmake",
])
def test_harmless_scripts_in_secret_shaped_files_run(stashed: Path, command: str) -> None:
    assert judged(command, stashed) == []


@pytest.mark.parametrize(("command", "denied"), [
    ('git stash "$(date +list)"', False),   # date prints a format without `%` as it is
    ('git stash "$(date +clear)"', True),
    ('git stash "$(date +%Y)"', True),      # a conversion: the clock's text, not computed
    ('read -N 4 s <<< showing; git stash "$s"', False),  # -N: exactly the first four characters
    ('read -N 5 s <<< clearing; git stash "$s"', True),
    ('getopts s: o -s list; git stash "$OPTARG"', False),
    ('getopts s: o -sclear; git stash "$OPTARG"', True),
    ('getopts x: o -s list; git stash "$OPTARG"', True),  # a letter the string does not list: not computed
])
def test_values_bash_computes(stashed: Path, command: str, denied: bool) -> None:
    assert bool(judged(command, stashed)) is denied


def test_bash_agrees_on_the_computed_values(tmp_path: Path) -> None:
    import subprocess

    out = subprocess.run(["bash", "-c", ('echo "$(date +list)"; read -N 4 s <<< showing; echo "$s"; '
                          'getopts s: o -s list; echo "$o $OPTARG $OPTIND"')],
                         capture_output=True, text=True, check=True).stdout
    assert out == "list\nshow\ns list 3\n"


@pytest.mark.parametrize(("command", "denied"), [
    ("openssl dgst -sha256 .codex/hooks.json .claude/settings.json", False),
    ("openssl sha256 .statewise.toml", False),
    ("openssl dgst -sha256 -out .claude/settings.json README.md", True),
])
def test_openssl_digests_read_their_operands(git_repo: Path, command: str, denied: bool) -> None:
    assert bool(judged(command, git_repo)) is denied
