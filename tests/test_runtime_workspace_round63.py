"""Runtime and workspace premises, round 63.

- an entry of a register whose status a commit changed from one written in words ("in service") to a closed one
  ("retired 2031-02-01") is closed like ``in-service`` → ``retired``: the action naming it is sent to the entry in use;
- a settings line keyed by the action's value whose text a commit turned to "not in use", adding one line keyed by a
  name of the same spelling, sends the action to that name, whatever the file is called.

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


@pytest.mark.parametrize("agent", AGENTS)
def test_a_line_a_commit_marked_not_in_use_sends_the_action_to_the_line_it_added(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"site/devices.conf": "scale-north = mettler-ind570 (goods in, bay 1)\n"}, "Devices")
    _commit(git_repo, {"site/devices.conf": "# goods in moved to bay 4\nscale-north = mettler-ind570 (bay 1, not in "
                                           "use)\nscale-south = mettler-ind570 (goods in, bay 4)\n"},
            "Devices: goods in weighs on scale-south")
    kind, reason = decide(agent, git_repo, "weighin --device scale-north --pallet PL-2203")
    assert kind == "deny", reason
    assert "`weighin --device scale-south --pallet PL-2203`" in reason and "site/devices.conf" in reason, reason
    assert decide(agent, git_repo, "weighin --device scale-south --pallet PL-2203")[0] == "allow"


def test_a_line_not_in_use_from_the_start_or_named_by_the_task_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"site/devices.conf": "scale-north = mettler-ind570 (bay 1, not in use)\n"
                                           "scale-south = mettler-ind570 (goods in, bay 4)\n"}, "Devices")
    assert decide("claude", git_repo, "weighin --device scale-north --pallet PL-2203")[0] == "allow"
    # two lines added in its place: no one successor
    _commit(git_repo, {"site/devices.conf": "scale-east = mettler-ind570 (goods in, bay 2)\n"}, "Devices")
    _commit(git_repo, {"site/devices.conf": "scale-east = mettler-ind570 (bay 2, retired)\n"
                                           "scale-west = mettler-ind570 (goods in, bay 5)\n"
                                           "scale-yard = mettler-ind570 (goods in, bay 6)\n"}, "Devices: two new")
    assert decide("claude", git_repo, "weighin --device scale-east --pallet PL-2203")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_setting_of_the_things_record_whose_key_qualifies_the_option_is_the_options(agent: str,
                                                                                        git_repo: Path) -> None:
    _commit(git_repo, {"ovens/oven-3.yaml": "product: powder coat RAL 7016\ncure_temp_c: 200\ncure_min: 12\n"},
            "Ovens")
    _commit(git_repo, {"ovens/oven-3.yaml": "product: powder coat RAL 9005 (low bake)\ncure_temp_c: 160\n"
                                            "cure_min: 15\n"}, "Oven 3: low-bake powder, cure at 160 C")
    kind, reason = decide(agent, git_repo, "curectl start --oven 3 --temp-c 200")
    assert kind == "deny", reason
    assert "`curectl start --oven 3 --temp-c 160`" in reason and "ovens/oven-3.yaml" in reason, reason
    assert decide(agent, git_repo, "curectl start --oven 3 --temp-c 160")[0] == "allow"


def test_a_qualified_key_in_the_programs_own_configuration_needs_a_refusal(git_repo: Path) -> None:
    # the program's own defaults: an explicit earlier value overrides a changed default on purpose
    _commit(git_repo, {"curectl.toml": "cure_temp_c = 200\n"}, "Curing")
    _commit(git_repo, {"curectl.toml": "cure_temp_c = 160\n"}, "Curing: default 160 C")
    assert decide("claude", git_repo, "curectl start --oven 3 --temp-c 200")[0] == "allow"
