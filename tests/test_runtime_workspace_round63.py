"""Runtime and workspace premises, round 63.

- an entry of a register whose status a commit changed from one written in words ("in service") to a closed one
  ("retired 2031-02-01") is closed like ``in-service`` → ``retired``: the action naming it is sent to the entry in use;
- a settings line keyed by the action's value whose text a commit turned to "not in use", adding one line keyed by a
  name of the same spelling, sends the action to that name, whatever the file is called;
- in the record of the thing the action names, a key that puts a word before the option's name is its setting;
- the one settings file whose key spells an option of several words (``feed_rate_mm:`` for ``--feed-rate``) records
  that setting: a commit that changed it from exactly the action's value, with a text naming the new value, says the
  earlier value is out of date;
- the comment above a CI step that runs the program with the option counts as a note refusing a value, beside the
  project's own commands passing one other value;
- the comments of the program's own configuration file are read as a note saying the program ignores an option now;
- a recipe line that replaced the program with one taking another unit of time (``--minutes $(MIN)`` →
  ``--seconds $(SEC)``) is given the action's duration in the new unit.

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


@pytest.mark.parametrize("agent", AGENTS)
def test_the_one_file_whose_key_spells_a_long_option_records_its_setting(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"machines/router.yaml": "model: ShopBot PRS\nbit: 6 mm two-flute\nfeed_rate_mm: 40\n",
                       "parts/P-17.yaml": "material: oak\n"}, "Router")
    _commit(git_repo, {"machines/router.yaml": "model: ShopBot PRS\n# the compression bit burns oak at 40\nbit: 6 mm "
                                               "compression\nfeed_rate_mm: 55\n"},
            "Router: compression bit, feed rate 55")
    kind, reason = decide(agent, git_repo, "cncrun mill --part P-17 --feed-rate 40")
    assert kind == "deny", reason
    assert "`cncrun mill --part P-17 --feed-rate 55`" in reason and "machines/router.yaml" in reason, reason
    assert decide(agent, git_repo, "cncrun mill --part P-17 --feed-rate 55")[0] == "allow"


def test_a_spelled_key_in_two_files_or_a_file_the_action_passes_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"machines/router.yaml": "feed_rate_mm: 40\n"}, "Router")
    _commit(git_repo, {"machines/router.yaml": "feed_rate_mm: 55\n"}, "Router: feed rate 55")
    # the program reads the file it is given: an explicit value overrides it on purpose
    assert decide("claude", git_repo, "cncrun mill --config machines/router.yaml --feed-rate 40")[0] == "allow"
    _commit(git_repo, {"machines/router-2.yaml": "feed_rate_mm: 40\n"}, "Second router")
    assert decide("claude", git_repo, "cncrun mill --part P-17 --feed-rate 40")[0] == "allow"


def test_a_spelled_key_in_a_file_tools_read_on_their_own_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"deno.json": '{\n  "max-line-length": 100\n}\n'}, "Lint")
    _commit(git_repo, {"deno.json": '{\n  "max-line-length": 88\n}\n'}, "Lint: max line length 88")
    assert decide("claude", git_repo, "lintall check --max-line-length 100 src")[0] == "allow"
    _commit(git_repo, {"lint/limits.json": '{\n  "max-line-length": 100\n}\n'}, "Lint")
    _commit(git_repo, {"deno.json": "{}\n", "lint/limits.json": '{\n  "max-line-length": 88\n}\n'},
            "Lint: max line length 88")
    assert decide("claude", git_repo, "lintall check --max-line-length 100 src")[0] == "deny"


_WORKFLOW = ("name: dyes\non: push\njobs:\n  check:\n    runs-on: ubuntu-latest\n    steps:\n"
             "      # {note}\n      - run: dyectl verify --shade navy --lot DL-2032\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_ci_steps_comment_refusing_the_value_the_step_does_not_pass(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"lots/DL-2031.yaml": "dye: reactive navy\n"}, "Lots")
    _commit(git_repo, {"lots/DL-2032.yaml": "dye: reactive navy, new fixative\n",
                       ".github/workflows/dyes.yml": _WORKFLOW.format(
                           note="DL-2031 bleeds in the wash test and fails the colourfast check")}, "Lots: DL-2032")
    kind, reason = decide(agent, git_repo, "dyectl mix --shade navy --lot DL-2031")
    assert kind == "deny", reason
    assert "`dyectl mix --shade navy --lot DL-2032`" in reason and ".github/workflows/dyes.yml" in reason, reason
    assert decide(agent, git_repo, "dyectl mix --shade navy --lot DL-2032")[0] == "allow"


def test_a_ci_steps_comment_without_refusal_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"lots/DL-2031.yaml": "dye: reactive navy\n", "lots/DL-2032.yaml": "dye: reactive navy\n",
                       ".github/workflows/dyes.yml": _WORKFLOW.format(note="DL-2031 and DL-2032 are both in stock")},
            "Lots")
    assert decide("claude", git_repo, "dyectl mix --shade navy --lot DL-2031")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_the_programs_own_config_comment_says_an_option_is_ignored_now(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"pressctl.toml": "version = 4\n# --simulate walks the cycle without closing the press\n"}, "Press")
    _commit(git_repo, {"pressctl.toml": "version = 5\n# pressctl 5: a cycle walk is --walk-only; the old --simulate is "
                                        "ignored and the press closes\n"}, "Press: pressctl 5")
    kind, reason = decide(agent, git_repo, "pressctl cycle --die D-40 --simulate")
    assert kind == "deny", reason
    assert "`pressctl cycle --die D-40 --walk-only`" in reason and "pressctl.toml" in reason, reason
    assert decide(agent, git_repo, "pressctl cycle --die D-40 --walk-only")[0] == "allow"


def test_a_config_comment_that_explains_an_option_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"pressctl.toml": "version = 4\n# --simulate walks the cycle without closing the press\n"}, "Press")
    assert decide("claude", git_repo, "pressctl cycle --die D-40 --simulate")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_replacing_recipe_in_another_unit_of_time_gets_the_duration_converted(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"Makefile": "proof:\n\tdoughctl proof --tray $(TRAY) --minutes $(MIN)\n"}, "Bakery")
    _commit(git_repo, {"Makefile": "# the new cabinet is driven by cabinetd, which takes seconds\nproof:\n"
                                   "\tcabinetd proof --tray $(TRAY) --seconds $(SEC)\n"}, "Bakery: cabinetd")
    kind, reason = decide(agent, git_repo, "doughctl proof --tray T-9 --minutes 1.5")
    assert kind == "deny", reason
    assert "`cabinetd proof --tray T-9 --seconds 90`" in reason, reason
