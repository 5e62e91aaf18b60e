"""A developer's record that states the form a kind of work takes, for work the task names by words the command line
does not carry (recovery/intent_task.py), through the console script."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, payload
from test_intent import policy, remember
from test_premises import decide, write

from statewise_cli.recovery.intent_task import _form_clauses

RECORD = ("Members' swim sessions are quiet sessions: book them with --quiet (no music, lane ropes in, lifeguard "
          "briefed)")
PLAIN = "./bin/sessions book --pool main --at 2026-12-12T09:00"


def _prompt(agent: str, repo: Path, prompt: str) -> None:
    hook({**payload(agent, "UserPromptSubmit", repo), "prompt": prompt}, repo)


@pytest.mark.parametrize("agent", AGENTS)
def test_work_the_task_names_takes_the_form_the_record_states(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/sessions": "#!/bin/sh\necho \"done: $*\"\n"})
    remember(git_repo, "policy.members_swim", RECORD)
    _prompt(agent, git_repo, "Book Saturday's 09:00 members' swim in the main pool (bin/sessions).")
    kind, reason = decide(agent, git_repo, PLAIN)
    assert kind == "deny" and "policy.members_swim" in reason and "--quiet" in reason
    assert f"{PLAIN} --quiet" in reason  # the same command with the option, as the alternative
    assert decide(agent, git_repo, PLAIN + " --quiet")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_work_the_task_does_not_name_is_not_held_to_the_form(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/sessions": "#!/bin/sh\necho \"done: $*\"\n"})
    remember(git_repo, "policy.members_swim", RECORD)
    _prompt(agent, git_repo, "Book the school's 09:00 lesson in the main pool (bin/sessions).")
    assert decide(agent, git_repo, PLAIN)[0] == "allow"


@pytest.mark.parametrize(("value", "expected"), [
    (RECORD, [("book", "--quiet")]),
    ("exports always run with --redact-pii", [("run", "--redact-pii")]),
    ("never book them with --quiet: the members want music", []),
    ("you may book them with --quiet if the lifeguard asks", []),
    ("sessions are booked without --quiet", []),
])
def test_only_a_required_option_is_a_form(value: str, expected: list[tuple[str, str]]) -> None:
    assert _form_clauses(value) == expected
    assert policy("policy.members_swim", value).value == value
