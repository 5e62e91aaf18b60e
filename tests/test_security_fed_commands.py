"""Commands a program finds in the text the line feeds it.

(1) a request line in a program's own language that starts a command (troff's ``.sy``, ``!``) may put
redirections and environment assignments before the command (``.sy 2>&1 X=1 CMD``): the command is still read;
(2) a compiler reading its source from standard input (``… | cc -x c -o bin -``) and the binary then run: the fed
text is the source, read like any source compiled on the line. Inputs are invented here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import PNPM, judged


@pytest.mark.parametrize("command", [
    "printf '.sy 2>/dev/null npm install left-pad\\n' | groff -U -Tutf8",
    "printf '.sy >&2 YARN_CACHE=/var/tmp/y npm ci\\n' | nroff -U",
    "echo '.sy 1>&2 A=1 B=2 npm install' | troff -U -a",
])
def test_a_fed_request_with_redirections_and_assignments_before_the_command_is_read(command: str,
                                                                                     git_repo: Path) -> None:
    assert any(v.startswith("package-manager") for v in judged(command, git_repo, records=PNPM)), command


@pytest.mark.parametrize("command", [
    ("printf '#include <stdlib.h>\\nint main(void){return system(\"npm install\");}\\n' | cc -x c -o /var/tmp/b1 - "
    "&& /var/tmp/b1"),
    ("printf 'int main(){return std::system(\"npm ci\");}\\n' | g++ -x c++ -include cstdlib -o /var/tmp/b2 - "
    "&& /var/tmp/b2"),
])
def test_a_binary_compiled_from_standard_input_is_judged_by_the_fed_source(command: str, git_repo: Path) -> None:
    assert any(v.startswith("package-manager") for v in judged(command, git_repo, records=PNPM)), command


@pytest.mark.parametrize("command", [
    "printf '.sy 2>/dev/null date\\n' | groff -U -Tutf8",
    "printf '#include <stdio.h>\\nint main(void){puts(\"hi\");return 0;}\\n' | cc -x c -o /var/tmp/b3 - && /var/tmp/b3",
])
def test_harmless_fed_text_stays_allowed(command: str, git_repo: Path) -> None:
    assert not any(v.startswith("package-manager") for v in judged(command, git_repo, records=PNPM)), command
