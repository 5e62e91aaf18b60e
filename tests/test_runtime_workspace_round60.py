"""Runtime and workspace premises, round 60.

- a key a delimited table renumbered (``lockers.csv``'s row ``12,B-204`` became ``12,C-118`` and ``B-204`` moved to row
  ``30``): an action passing ``--locker 12`` for the entry the task names reaches another one;

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, payload, reply
from test_premises import decide, write


def _prompt(agent: str, repo: Path, text: str) -> None:
    reply(hook(payload(agent, "UserPromptSubmit", repo, prompt=text), repo))


@pytest.mark.parametrize("agent", AGENTS)
def test_a_table_row_renumbered_for_the_entry_the_task_names_is_stopped_with_its_new_key(agent: str,
                                                                                         git_repo: Path) -> None:
    write(git_repo, {"gym/lockers.csv": "locker,member\n11,B-101\n12,B-204\n13,B-377\n"})
    write(git_repo, {"gym/lockers.csv": "locker,member\n11,B-101\n12,C-118\n13,B-377\n30,B-204\n"})
    _prompt(agent, git_repo, "Member B-204 lost their key; open their locker.")
    kind, reason = decide(agent, git_repo, "lockerctl open --locker 12")
    assert kind == "deny", reason
    assert "`lockerctl open --locker 30`" in reason and "C-118" in reason, reason
    assert decide(agent, git_repo, "lockerctl open --locker 30")[0] == "allow"
    # a task about the member in the row now is not stopped
    _prompt(agent, git_repo, "Member C-118 lost their key; open their locker.")
    assert decide(agent, git_repo, "lockerctl open --locker 12")[0] == "allow"


def test_a_table_named_for_another_option_or_a_row_edited_in_place_says_nothing(git_repo: Path) -> None:
    write(git_repo, {"gym/lockers.csv": "locker,member\n11,B-101\n12,B-204\n"})
    write(git_repo, {"gym/lockers.csv": "locker,member\n11,B-101\n12,B-205\n"})  # a typo fixed, no row moved
    _prompt("claude", git_repo, "Member B-204 lost their key; open their locker.")
    assert decide("claude", git_repo, "lockerctl open --locker 12")[0] == "allow"
    assert decide("claude", git_repo, "lockerctl open --door 12")[0] == "allow"
