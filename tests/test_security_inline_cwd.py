"""Inline code that moves its own directory runs its command lines and file calls from a directory the hook does not
know: a relative name there (``build``, ``x.txt``) is not relative to the command line's directory.

``os.chdir('/')``, ``cwd='/'``, ``{cwd: '/tmp'}``, ``chdir: '/tmp'``, Perl's ``chdir``, Go's ``cmd.Dir``, Rust's
``current_dir``, R's ``setwd``: a recursive delete or a write of a relative name after one of them gets the protected
answer (the target could not be determined). The same code without a move keeps its answer. Inputs are invented here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


@pytest.mark.parametrize("command", [
    "python3 -c 'import subprocess; subprocess.run([\"rm\", \"-rf\", \"dist\"], cwd=\"/\")'",
    "python3 -c 'import os, shutil; os.chdir(\"/var/tmp\"); shutil.rmtree(\"cache\")'",
    "python3 -c 'import os; os.chdir(\"..\"); os.system(\"rm -rf node_modules\")'",
    "node -e 'require(\"child_process\").execSync(\"rm -rf out\", {cwd: \"/srv\"})'",
    "node -e 'process.chdir(\"/opt\"); require(\"fs\").rmSync(\"logs\", {recursive: true})'",
    "ruby -e 'system(\"rm -rf coverage\", chdir: \"/home\")'",
    "perl -e 'chdir \"/tmp\"; system(\"rm\", \"-rf\", \"reports\")'",
    "Rscript -e 'setwd(\"/data\"); system(\"rm -rf plots\")'",
])
def test_a_delete_after_the_code_moves_its_directory_gets_the_protected_answer(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    "python3 -c 'import subprocess; subprocess.run([\"rm\", \"-rf\", \"dist\"])'",
    "python3 -c 'import shutil; shutil.rmtree(\"cache\")'",
    "python3 -c 'import os; print(os.getcwd())'",
    "python3 -c 'import subprocess; subprocess.run([\"ls\", \"-la\"], cwd=\"src\")'",
    "node -e 'require(\"child_process\").execSync(\"ls\", {cwd: \"/srv\"})'",
])
def test_the_same_code_without_a_move_or_without_a_change_keeps_its_answer(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command
