"""An option value that is a whole command line of a program the check models: its paths are judged by that model
(what it reads, what it writes), not also guessed as words the outer program may write in its own language."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


@pytest.fixture
def here(protected_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(protected_repo)
    return protected_repo


HOOK_SETTINGS = ".codex/hooks.json"


def test_a_copy_that_reads_a_guard_file_is_no_write_of_it(here: Path) -> None:
    # the option is not the program's first: the value is still the command line dpkg hands a shell
    line = f"dpkg --admindir=/tmp/sw-adm --post-invoke='cp {HOOK_SETTINGS} /tmp/sw-hooks.bak' --configure -a"
    assert judged(line, here) == []


def test_a_copy_onto_a_guard_file_is_still_denied(here: Path) -> None:
    line = f"dpkg --admindir=/tmp/sw-adm --post-invoke='cp /tmp/sw-x {HOOK_SETTINGS}' --configure -a"
    assert any("guard" in v for v in judged(line, here))


@pytest.mark.parametrize("value", [
    f"dump {HOOK_SETTINGS} /tmp/sw-x",  # a verb no model reads: the path may be written, as before
    f"cp /tmp/sw-x {HOOK_SETTINGS}.tmp && mv /tmp/sw-y {HOOK_SETTINGS}",  # a second statement: no plain line
])
def test_words_no_model_settles_stay_possible_writes(here: Path, value: str) -> None:
    assert any("guard" in v for v in judged(f"frob --x=1 --y='{value}'", here))
