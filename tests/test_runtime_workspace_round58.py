"""Runtime and workspace premises, round 58.

- a value the program's own configuration changed in place (``program = 71`` → ``program = 82`` in the file named for
  the program, or any key of a file named by one of the action's words), and a key its mapping renumbered (the entry
  the task names moved to another key);
- a run without an option that a note calls a real call-out;
- a repository script run with literal arguments: its positional parameters are what the command line gives it, so a
  file it writes under a fixed directory with ``$1`` in the name is judged at the place it is written, not as a write
  that may lie anywhere (an argument that leaves the repository is still a write outside it).

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, payload, reply
from test_premises import decide, write
from test_shellsafe import judged


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory outside the repository (the temporary directories are not writable by default here)."""
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    path = tmp_path / "elsewhere"
    path.mkdir()
    return path


EXPORT = ("#!/bin/sh\n# Exports a day's rota for a site.\nsite=\"${ROTA_SITE:-main}\"\nmkdir -p out\n"
          "echo \"shift,start\" > \"out/rota-$site-$1.csv\"\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_script_writing_under_a_fixed_directory_with_its_argument_in_the_name_is_allowed(agent: str,
                                                                                           git_repo: Path) -> None:
    write(git_repo, {"bin/export-rota": EXPORT, ".gitignore": "out/\n"})
    (git_repo / "bin/export-rota").chmod(0o755)
    kind, reason = decide(agent, git_repo, "ROTA_SITE=harbour ./bin/export-rota 2027-01-04")
    assert kind == "allow", reason
    kind, reason = decide(agent, git_repo, "sh bin/export-rota 2027-01-04")
    assert kind == "allow", reason


def test_a_script_argument_that_leaves_the_repository_is_still_a_write_outside(git_repo: Path, outside: Path) -> None:
    write(git_repo, {"bin/save": "#!/bin/sh\necho saved > \"$1/report.txt\"\n"})
    (git_repo / "bin/save").chmod(0o755)
    found = judged(f"./bin/save {outside}", git_repo)
    assert any(f.startswith("write-inside-repository") and str(outside) in f for f in found), found
    assert judged("./bin/save docs", git_repo) == []
    # a word the shell expands or globs stays unknown: judged as a write that may lie anywhere
    found = judged("./bin/save $TARGET_DIR", git_repo)
    assert any(f.startswith("write-inside-repository") for f in found), found


# --------------------------------------------------------------------------- a default that reaches a live service


@pytest.mark.parametrize("agent", AGENTS)
def test_a_run_without_the_option_a_note_calls_a_real_call_out_is_stopped_with_that_option(agent: str,
                                                                                          git_repo: Path) -> None:
    write(git_repo, {"ops/pagerctl.toml": "[page]\ntarget = \"sandbox\"\n"})
    write(git_repo, {"ops/pagerctl.toml": "[page]\ntarget = \"on-call\"\n",
                     "ops/README.md": ("2027-01-10 (duty manager): pagerctl pages the on-call rota by default now. A "
                                       "test page without --to sandbox is a real page: the on-call engineer is woken "
                                       "up.\n")})
    kind, reason = decide(agent, git_repo, "pagerctl test-page --service billing")
    assert kind == "deny", reason
    assert "`pagerctl test-page --service billing --to sandbox`" in reason
    assert decide(agent, git_repo, "pagerctl test-page --service billing --to sandbox")[0] == "allow"
    # another program the note does not speak of is not stopped
    assert decide(agent, git_repo, "mailctl test-page --service billing")[0] == "allow"


# --------------------------------------------------------------------------- values the tool's configuration changed


def _prompt(agent: str, repo: Path, text: str) -> None:
    reply(hook(payload(agent, "UserPromptSubmit", repo, prompt=text), repo))


@pytest.mark.parametrize("agent", AGENTS)
def test_a_key_renumbered_for_the_entry_the_task_names_is_stopped_with_its_new_key(agent: str,
                                                                                   git_repo: Path) -> None:
    write(git_repo, {"audio/channels.yaml": "channels:\n  1: foyer\n  3: rehearsal-room\n"})
    write(git_repo, {"audio/channels.yaml": "channels:\n  1: foyer\n  3: main-auditorium\n  7: rehearsal-room\n"})
    _prompt(agent, git_repo, "Play the fire alarm test tone in the rehearsal room only; the audience must not hear it.")
    kind, reason = decide(agent, git_repo, "pactl play --channel 3 --tone alarm-test")
    assert kind == "deny", reason
    assert "`pactl play --channel 7 --tone alarm-test`" in reason and "main-auditorium" in reason
    assert decide(agent, git_repo, "pactl play --channel 7 --tone alarm-test")[0] == "allow"
    # a task about the entry that holds the key now is not stopped
    _prompt(agent, git_repo, "Play the interval chime in the main auditorium.")
    assert decide(agent, git_repo, "pactl play --channel 3 --tone chime")[0] == "allow"


# --------------------------------------------------------------------------- superseded data left in place


@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_of_a_file_whose_reader_moved_to_a_same_named_file_elsewhere_is_stopped(agent: str,
                                                                                        git_repo: Path) -> None:
    write(git_repo, {"tariffs/night-rates.csv": "band,pence\nA,11\nB,14\n",
                     "billing/app.yaml": "rates: tariffs/night-rates.csv\n"})
    write(git_repo, {"tariffs/2027/night-rates.csv": "band,pence\nA,12\nB,15\n",
                     "billing/app.yaml": "rates: tariffs/2027/night-rates.csv\n"})
    target = git_repo / "tariffs/night-rates.csv"
    kind, reason = decide(agent, git_repo, tool="Edit",
                          tool_input={"file_path": str(target), "old_string": "B,14", "new_string": "B,13"})
    assert kind == "deny", reason
    assert "`tariffs/2027/night-rates.csv`" in reason and "billing/app.yaml" in reason
    # a reader that still names the old file itself keeps it read
    write(git_repo, {"audit/app.yaml": "archive: tariffs/night-rates.csv\n"})
    kind, reason = decide(agent, git_repo, tool="Edit",
                          tool_input={"file_path": str(target), "old_string": "B,14", "new_string": "B,13"})
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_data_file_whose_first_line_names_its_successor_is_not_handed_to_a_program(agent: str,
                                                                                     git_repo: Path) -> None:
    write(git_repo, {"curves/yield-2025.csv": "week,kg\n1,40\n"})
    write(git_repo, {"curves/yield-2025.csv": "# superseded by curves/yield-2026.csv (new variety)\nweek,kg\n1,40\n",
                     "curves/yield-2026.csv": "week,kg\n1,35\n"})
    kind, reason = decide(agent, git_repo, "harvestplan build --field F2 --curve curves/yield-2025.csv")
    assert kind == "deny", reason
    assert "`harvestplan build --field F2 --curve curves/yield-2026.csv`" in reason
    assert decide(agent, git_repo, "harvestplan build --field F2 --curve curves/yield-2026.csv")[0] == "allow"
    # reading or comparing the old file is no use of it
    assert decide(agent, git_repo, "diff curves/yield-2025.csv curves/yield-2026.csv")[0] == "allow"
    # the user asking for the old file is intent
    _prompt(agent, git_repo, "Rebuild last year's plan from curves/yield-2025.csv for the audit.")
    assert decide(agent, git_repo, "harvestplan build --field F2 --curve curves/yield-2025.csv")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_figure_converted_to_the_unit_the_programs_config_took_before_is_stopped(agent: str, git_repo: Path) -> None:
    write(git_repo, {"plant/pumpctl.toml": "[flow]\nunits = \"ml\"\nmax = 90000\n"})
    write(git_repo, {"plant/pumpctl.toml": "[flow]\nunits = \"l\"\nmax = 90\n"})
    _prompt(agent, git_repo, "Dose tank 2 with 15 l of the cleaning solution.")
    kind, reason = decide(agent, git_repo, "pumpctl dose --tank 2 --volume 15000")
    assert kind == "deny", reason
    assert "`pumpctl dose --tank 2 --volume 15`" in reason and "plant/pumpctl.toml" in reason
    assert decide(agent, git_repo, "pumpctl dose --tank 2 --volume 15")[0] == "allow"
    # a figure the task does not give in the new unit is not asked about
    _prompt(agent, git_repo, "Dose tank 2 as the schedule says.")
    assert decide(agent, git_repo, "pumpctl dose --tank 2 --volume 15000")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_left_outside_the_edition_directory_a_reader_loads_is_stopped(agent: str, git_repo: Path) -> None:
    write(git_repo, {"menus/winter.yaml": "soup: leek\nmain: stew\n"})
    write(git_repo, {"menus/2027/winter.yaml": "soup: leek\nmain: stew\n",
                     "kitchen.toml": "[menus]\n# the tills load menus from here\ndir = \"menus/2027\"\n"})
    target = git_repo / "menus/winter.yaml"
    kind, reason = decide(agent, git_repo, tool="Edit",
                          tool_input={"file_path": str(target), "old_string": "soup: leek", "new_string": "soup: pea"})
    assert kind == "deny", reason
    assert "`menus/2027/winter.yaml`" in reason and "kitchen.toml" in reason
    # a reader that loads the old directory too keeps the old file read
    write(git_repo, {"archive.toml": "[menus]\ndir = \"menus\"\n"})
    kind, reason = decide(agent, git_repo, tool="Edit",
                          tool_input={"file_path": str(target), "old_string": "soup: leek", "new_string": "soup: pea"})
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_of_a_file_changed_after_the_edition_was_set_is_allowed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"menus/2027/winter.yaml": "soup: leek\n", "kitchen.toml": "[menus]\ndir = \"menus/2027\"\n"})
    write(git_repo, {"menus/winter.yaml": "soup: leek\nmain: stew\n"})
    target = git_repo / "menus/winter.yaml"
    kind, reason = decide(agent, git_repo, tool="Edit",
                          tool_input={"file_path": str(target), "old_string": "soup: leek", "new_string": "soup: pea"})
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_an_explicit_option_over_a_default_that_changed_is_allowed_when_the_project_still_writes_it(
        agent: str, git_repo: Path) -> None:
    write(git_repo, {"ops/sendctl.toml": "[send]\ntarget = \"sandbox\"\n"})
    write(git_repo, {"ops/sendctl.toml": "[send]\ntarget = \"customers\"\n",
                     "ops/README.md": "Test sends go with `--target sandbox`; the default reaches customers now.\n"})
    kind, reason = decide(agent, git_repo, "sendctl send --batch B7 --target sandbox")
    assert kind == "allow", reason
