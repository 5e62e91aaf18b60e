"""Runtime and workspace premises, round 63.

- an entry of a register whose status a commit changed from one written in words ("in service") to a closed one
  ("retired 2031-02-01") is closed like ``in-service`` → ``retired``: the action naming it is sent to the entry in use.

Every repository here is invented; the checks run on real git repositories through the hook.
"""

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


@pytest.mark.parametrize("agent", AGENTS)
def test_an_entry_retired_from_a_status_in_words_gets_the_one_in_service(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"fleet/trucks.yaml": "TR-4410: {model: Volvo FH, axles: 3, status: in service}\n"}, "Fleet")
    _commit(git_repo, {"fleet/trucks.yaml": "TR-4410: {model: Volvo FH, axles: 3, status: retired 2031-02-01}\n"
                                            "TR-5120: {model: Volvo FH, axles: 3, status: in service}\n"},
            "Fleet: TR-5120 replaces TR-4410")
    kind, reason = decide(agent, git_repo, "mileage add --truck TR-4410 --km 412")
    assert kind == "deny", reason
    assert "`mileage add --truck TR-5120 --km 412`" in reason, reason
    assert decide(agent, git_repo, "mileage add --truck TR-5120 --km 412")[0] == "allow"


def test_an_entry_out_of_service_from_the_start_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"fleet/trucks.yaml": "TR-4410: {model: Volvo FH, status: out of service}\n"
                                            "TR-5120: {model: Volvo FH, status: in service}\n"}, "Fleet")
    assert decide("claude", git_repo, "mileage add --truck TR-4410 --km 412")[0] == "allow"
