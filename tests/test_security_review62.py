"""Lines a review of this round's security work found allowed, held denied: printf text the reading could not decode
the way the shell writes it (an escape ``%b`` leaves or reads differently, ``\\c`` in a format), and hooks run from a
``core.hooksPath`` the command line gives (a checkout or merge may write that directory before git runs it)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_trust import pre


@pytest.mark.parametrize("line", [
    "printf '%b' 'git push -f origin main;\\u' | sh",
    "printf '%b' 'git push -f origin main;\\u' | bash -s",
    "printf 'echo ok\\c;git push -f origin main\\n' | bash",
    "printf '%b' 'git push -f origin main;\\u' > s.sh && . ./s.sh",
    "printf 'echo ok\\c;git push -f origin main\\n' > s.sh && bash s.sh",
    "git push -f origin $(printf '%b' '\\155ain')",
    "printf '%b\\n' '\\147it push -f origin main' | bash",
])
def test_printf_text_the_reading_cannot_decode_is_unknown(protected_repo: Path, line: str) -> None:
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


@pytest.mark.parametrize("line", [
    "printf '%s\\n' hello | cat",
    "printf 'a\\tb\\n'",
    "printf '%b\\n' 'git status\\t' | sh",
])
def test_printf_text_it_decodes_is_still_judged_as_written(protected_repo: Path, line: str) -> None:
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "allow", reason


@pytest.mark.parametrize("line", [
    "git -c core.hooksPath=hp checkout -q other",
    "git -c core.hooksPath=./hp merge --ff-only other",
    "git -c core.hooksPath=hp commit -q --allow-empty -m x",
    "git -C ../elsewhere -c core.hooksPath=hp checkout -q -b t3",
])
def test_a_hooks_path_on_the_command_line_is_not_judged_by_its_hooks(protected_repo: Path, line: str) -> None:
    (protected_repo / "hp").mkdir(exist_ok=True)
    (protected_repo / "hp" / "post-checkout").write_text("#!/bin/sh\necho ok\n")
    (protected_repo / "hp" / "post-commit").write_text("#!/bin/sh\necho ok\n")
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


def test_hooks_switched_off_on_the_command_line_are_allowed(protected_repo: Path) -> None:
    verdict, reason = pre("claude", protected_repo, "git -c core.hooksPath=/dev/null commit -q --allow-empty -m x")
    assert verdict == "allow", reason
