"""docutils' front ends under their ``.py`` names (``rst2html4.py``, ``rst2xetex.py``) are the same printing converters
as without it: one operand is read and the result printed; a second operand is the file they write. Inputs are
invented here."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


@pytest.mark.parametrize("command", ["rst2html4.py .statewise.toml | wc -l", "rst2xetex.py CLAUDE.md | head -3",
                                     "rst2pseudoxml.py AGENTS.md"])
def test_a_front_end_given_one_operand_only_reads_it(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", ["rst2html4.py notes.rst .statewise.toml", "rst2xetex.py notes.rst .codex/hooks.json"])
def test_a_second_operand_is_still_the_file_written(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command
