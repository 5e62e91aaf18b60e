"""An option a note says the program ignores now, replaced by one that counts in another unit of the same kind
(minutes → hours, seconds → milliseconds): the value is carried in the new unit, never as the same number. A value
that does not convert to a whole number in the new unit gets no command. Invented examples."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all
from test_premises import decide


def _commit(repo: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, message)


def _kiln(repo: Path) -> None:
    _commit(repo, {"kilnlog.toml": "version = 1\n# soak length: --minutes\n"}, "kiln logger")
    _commit(repo, {"kilnlog.toml": "version = 2\n# version 2: the soak length is --hours; --minutes is ignored and "
                                   "the soak runs the default 1 hour\n"}, "kiln logger 2")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_value_is_carried_into_the_new_unit(agent: str, git_repo: Path) -> None:
    _kiln(git_repo)
    kind, reason = decide(agent, git_repo, "kilnlog soak --kiln K2 --minutes 180")
    assert kind == "deny", reason
    assert "`kilnlog soak --kiln K2 --hours 3`" in reason, reason
    assert "--hours 180" not in reason


def test_a_value_written_with_equals_is_carried_too(git_repo: Path) -> None:
    _kiln(git_repo)
    kind, reason = decide("claude", git_repo, "kilnlog soak --kiln K2 --minutes=120")
    assert kind == "deny", reason
    assert "`kilnlog soak --kiln K2 --hours=2`" in reason, reason


def test_a_value_that_is_no_whole_number_in_the_new_unit_gets_no_command(git_repo: Path) -> None:
    _kiln(git_repo)
    kind, reason = decide("claude", git_repo, "kilnlog soak --kiln K2 --minutes 100")
    assert kind == "deny", reason
    assert "--hours 100" not in reason and "Safe alternative: `" not in reason, reason
