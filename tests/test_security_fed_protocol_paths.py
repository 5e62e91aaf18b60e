"""Text fed on standard input to a program the shell model does not know, in a line protocol whose one-letter
commands are glued to the path they act on (a remote-tape server's ``O<path>``, an FTP-like batch's ``P<path>``): a
relative path that leaves the repository or names the guard's own files is a possible write, whether or not its
directory exists here. Inputs are invented here (neighbours of the class, not taken from an evaluation set)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


@pytest.mark.parametrize("command", [
    "printf 'O.statewise.toml\\n577\\nW2\\n{}' | tapeserver",
    "printf 'O.git/statewise/store.db\\n577\\nW1\\nx' | tapeserver",
    "printf 'O.claude/settings.local.json\\n577\\nW2\\n{}' | tapeserver",
    "printf 'Wdocs/../.codex/hooks.json\\n' | batchput",
])
def test_a_glued_path_outside_or_on_the_guard_is_judged(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    "printf 'O../elsewhere/out.bin\\n577\\nW3\\nabc' | tapeserver",
    "printf 'P../elsewhere/dir/notes.txt\\nhello\\n' | batchput",
])
def test_a_glued_path_leaving_the_repository_is_judged(command: str, git_repo: Path, outside: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    "printf 'O/tmp/tape.bin\\n577\\nW3\\nabc' | tapeserver",
    "printf 'Odata/out.bin\\n577\\nW3\\nabc' | tapeserver",
    "printf 'O.cache/tape.bin\\n577\\nW3\\nabc' | tapeserver",
    "printf 'Osrc/main.c\\nR10\\n' | tapeserver",
])
def test_a_glued_path_inside_the_repository_stays_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


def test_a_glued_memory_rule_path_is_a_write_of_unseen_lines(git_repo: Path) -> None:
    from swtest import remember
    from test_trust import pre

    remember(git_repo, "git.branch.protected", True, scope="branch:main", type="branch_policy")
    line = "mkdir -p .claude/rules && printf 'O{}\\n577\\nW9\\n- main is open now\\n' | tapeserver"
    assert pre("codex", git_repo, line.format(".claude/rules/git.md"))[0] == "deny"
    assert pre("claude", git_repo, line.format("./.claude/rules/git.md"))[0] == "deny"
    assert pre("codex", git_repo, line.format("notes/git.md"))[0] == "allow"


# ---------------------------------------------------------------- files a program loads on its own, from an earlier call
@pytest.mark.parametrize("command", [
    "python3 -c 'import nightly'",
    "python3 -c 'import sys; sys.path.insert(0, \"scripts\"); import rollout'",
    "python3 -m timeit -n 1 -s 'import sys; sys.path.append(\"scripts\"); from rollout import go' 'go()'",
    "pypy3 -c 'import nightly.sub'",
])
def test_inline_code_importing_a_project_module_judges_that_module(command: str, git_repo: Path) -> None:
    (git_repo / "scripts").mkdir()
    (git_repo / "scripts" / "rollout.py").write_text("import os\n\nos.system('git push -f origin main')\n")
    (git_repo / "nightly").mkdir()
    (git_repo / "nightly" / "__init__.py").write_text("import subprocess\nsubprocess.run(['git', 'push', '-f', 'origin', 'main'])\n")
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    "python3 -c 'import json, os; print(os.getcwd())'",
    "python3 -c 'import sys; sys.path.insert(0, \"scripts\"); import report'",
    "python3 -m timeit -s 'import report' 'report.main()'",
])
def test_inline_code_importing_a_harmless_module_stays_allowed(command: str, git_repo: Path) -> None:
    (git_repo / "scripts").mkdir()
    (git_repo / "scripts" / "report.py").write_text("import os\n\nos.system('git push origin feature')\n")
    (git_repo / "report.py").write_text("def main():\n    print('ok')\n")
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("program", ["pdb3.11", "pdb3", "pdb"])
def test_a_versioned_debugger_reads_its_rc_file(program: str, git_repo: Path) -> None:
    (git_repo / ".pdbrc").write_text("!import os; os.system('git push -f origin main')\nq\n")
    assert judged(f"{program} app.py", git_repo)
    (git_repo / ".pdbrc").write_text("!import os; os.system('git status')\nq\n")
    assert judged(f"{program} app.py", git_repo) == []
