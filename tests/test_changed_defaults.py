"""A setting of a program's own config file that a commit changed, for a run that passes no option for it: stopped
only when the commit, the file's comments or a note beside it names the option for the earlier value
(``premises_defaults.changed_default_premise``). Invented programs and files; the shapes (a key that is the long
option without its dashes, ``--no-KEY`` to get the earlier default back, an option "to keep the old behaviour")
follow how changelogs and tool configs commonly say it."""

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
def test_a_boolean_default_flipped_with_the_flag_named_in_the_commit(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"shifts/shiftctl.toml": "[plan]\nnotify = false\nsolver = \"v1\"\n"}, "Shifts: planner config")
    _commit(git_repo, {"shifts/shiftctl.toml": "[plan]\nnotify = true\nsolver = \"v2\"\n"},
            "Shifts: planning now texts every nurse by default (drafts: --no-notify)")
    kind, reason = decide(agent, git_repo, "shiftctl plan --week 2027-W02")
    assert kind == "deny", reason
    assert "`shiftctl plan --week 2027-W02 --no-notify`" in reason, reason
    assert "shifts/shiftctl.toml" in reason and "notify" in reason
    assert decide(agent, git_repo, "shiftctl plan --week 2027-W02 --no-notify")[0] == "allow"
    assert decide(agent, git_repo, "shiftctl plan --week 2027-W02 --notify")[0] == "allow"  # chosen explicitly


def test_a_value_changed_with_a_note_beside_the_file_naming_the_option_and_the_earlier_value(git_repo: Path) -> None:
    _commit(git_repo, {"ops/fetchparts.yaml": "catalogue: all\n", "ops/PARTS.md": "# Parts\n\nLook parts up.\n"},
            "Parts lookup")
    _commit(git_repo, {"ops/fetchparts.yaml": "catalogue: local\n",
                       "ops/PARTS.md": "# Parts\n\nThe remote catalogue bills per query, so the default is the local "
                                       "one now. For an unknown part number search every catalogue (--catalogue "
                                       "all).\n"}, "Parts: default catalogue is local")
    kind, reason = decide("claude", git_repo, "fetchparts --part 77-1203")
    assert kind == "deny", reason
    assert "`fetchparts --part 77-1203 --catalogue all`" in reason and "ops/PARTS.md" in reason, reason


def test_the_earlier_value_as_its_own_flag(git_repo: Path) -> None:
    _commit(git_repo, {"till/closeday.ini": "[run]\nmode = preview\n"}, "Till: close-of-day config")
    _commit(git_repo, {"till/closeday.ini": "[run]\nmode = post\n"},
            "Till: close of day posts to the ledger by default; checks use --preview")
    kind, reason = decide("claude", git_repo, "closeday run --date 2026-12-05")
    assert kind == "deny" and "`closeday run --date 2026-12-05 --preview`" in reason, reason


def test_a_changed_value_without_a_named_option_or_for_another_command_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"lab/samplectl.toml": "[send]\nlab = \"north\"\n[label]\nprinter = \"a\"\n"}, "Lab config")
    _commit(git_repo, {"lab/samplectl.toml": "[send]\nlab = \"east\"\n[label]\nprinter = \"b\"\n"},
            "Lab: samples go to the east lab")
    assert decide("claude", git_repo, "samplectl send --tank 2")[0] == "allow"  # nothing names --lab north
    _commit(git_repo, {"lab/samplectl.toml": "[send]\nlab = \"east\"\n[label]\nprinter = \"c\"\n"},
            "Lab: labels print on c; reprints of old labels use --printer b")
    assert decide("claude", git_repo, "samplectl send --tank 2")[0] == "allow"  # a [label] setting, not `send`'s
    assert decide("claude", git_repo, "samplectl label --tank 2")[0] == "deny"


def test_a_text_that_calls_the_option_old_names_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"exporter.toml": "format = \"csv\"\n"}, "Exporter")
    _commit(git_repo, {"exporter.toml": "format = \"parquet\"\n"},
            "Exporter: parquet by default; --format csv is no longer supported")
    assert decide("claude", git_repo, "exporter dump --table orders")[0] == "allow"


def test_a_key_that_holds_an_options_default_is_that_option(git_repo: Path) -> None:
    # ``default_port`` / ``port_default`` set what ``--port`` is when it is not passed
    _commit(git_repo, {"rig/scopectl.toml": "[capture]\ndefault_port = \"bench\"\n"}, "Rig: capture config")
    _commit(git_repo, {"rig/scopectl.toml": "[capture]\ndefault_port = \"live\"\n",
                       "rig/NOTES.md": "Captures go to the live line by default now. A capture without --port bench "
                                       "trips the line's breaker.\n"}, "Rig: captures default to the live line")
    kind, reason = decide("claude", git_repo, "scopectl capture --secs 5")
    assert kind == "deny", reason
    assert "`scopectl capture --secs 5 --port bench`" in reason and "rig/NOTES.md" in reason, reason
    assert decide("claude", git_repo, "scopectl capture --secs 5 --port bench")[0] == "allow"
    assert decide("claude", git_repo, "scopectl capture --secs 5 --port live")[0] == "allow"  # chosen explicitly
