"""Runtime premises, round 59: an option value that restates a setting as it was before a commit changed it, where
the setting lives in a file tied to the action.

- the file is named by one of the action's values (``presses/P4.yaml`` for ``--press P4``), not only for the program;
- the setting is an entry's field in a YAML flow mapping (``BR-10: {press_ton: 80}``): asked only for the entry the
  action names;
- a ``[section]`` named for what the user's task is about (``[clinic]`` for "the clinic batch") is the action's;
- what refuses the earlier value: "fails the audit", "X replaces the old one", or the project's own automation
  running the same program with the new value (a CI step) — a sentence that warns the old value is "still accepted,
  but …" is not an override the project asks for;
- the option's word linked to a key of another name by the texts beside it (``--curve 2018`` and ``chart: 2018``,
  "the 2018 curve is for the old orifice").

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, hook, payload, reply
from test_premises import decide


def _commit(repo: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, message)


def _prompt(agent: str, repo: Path, text: str) -> None:
    reply(hook(payload(agent, "UserPromptSubmit", repo, prompt=text), repo))


@pytest.mark.parametrize("agent", AGENTS)
def test_a_field_of_the_entry_the_action_names_in_a_file_named_by_its_value(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"presses/P4.yaml": "press: hydraulic\nparts:\n  BR-10: {press_ton: 80, dwell_s: 3}\n"
                                          "  BR-11: {press_ton: 80, dwell_s: 2}\n"}, "Press P4 settings")
    _commit(git_repo, {"presses/P4.yaml": "press: hydraulic (new die 2026-11)\nparts:\n"
                                          "  BR-10: {press_ton: 60, dwell_s: 3}\n  BR-11: {press_ton: 80, dwell_s: 2}\n",
                       "docs/press-4.md": "# Press 4\n\npressctl still accepts --press-ton 80 without a warning, but at "
                                          "80 tonnes the new die cracks the brackets and they fail the crack test.\n"},
            "Press 4: new die for BR-10")
    kind, reason = decide(agent, git_repo, "pressctl run --press P4 --part BR-10 --press-ton 80")
    assert kind == "deny", reason
    assert "`pressctl run --press P4 --part BR-10 --press-ton 60`" in reason, reason
    assert "presses/P4.yaml" in reason
    assert decide(agent, git_repo, "pressctl run --press P4 --part BR-10 --press-ton 60")[0] == "allow"
    # another entry of the same file, and a file the action does not name, are not asked about
    assert decide(agent, git_repo, "pressctl run --press P4 --part BR-11 --press-ton 80")[0] == "allow"
    assert decide(agent, git_repo, "pressctl run --press P5 --part BR-10 --press-ton 80")[0] == "allow"


def test_a_section_the_users_task_names_and_a_failed_audit(git_repo: Path) -> None:
    _commit(git_repo, {"mixing/mixctl.toml": "[clinic]\ncycle = 15\n\n[retail]\ncycle = 15\n"}, "Mixing cycles")
    _commit(git_repo, {"mixing/mixctl.toml": "[clinic]\ncycle = 18\n\n[retail]\ncycle = 15\n",
                       "mixing/CLINIC.md": "# Clinic batches\n\n2026-11-30: clinic batches are mixed on cycle 18 only. "
                                           "Cycle 15 still runs to the end, but a batch mixed on 15 fails the audit.\n"},
            "Mixing: clinic batches on cycle 18")
    # no task naming the section: a setting of something else the program does
    assert decide("claude", git_repo, "mixctl run --vessel V2 --cycle 15 --batch C-1207")[0] == "allow"
    _prompt("claude", git_repo, "Clinic batch C-1207 is weighed out; run it in vessel V2.")
    kind, reason = decide("claude", git_repo, "mixctl run --vessel V2 --cycle 15 --batch C-1207")
    assert kind == "deny", reason
    assert "`mixctl run --vessel V2 --cycle 18 --batch C-1207`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_the_projects_own_step_running_the_program_with_the_new_value(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"bridges/river-road.yaml": "span_m: 24\nmax_axle_t: 11\n"}, "Route bridges")
    _commit(git_repo, {"bridges/river-road.yaml": "span_m: 24\nmax_axle_t: 7  # after the 2026-11 inspection\n",
                       ".github/workflows/routes.yml": "on: push\njobs:\n  check:\n    runs-on: ubuntu-latest\n"
                                                       "    steps:\n      - run: loadcheck route --plan plans/a.yaml "
                                                       "--bridge river-road --max-axle-t 7\n"},
            "River Road bridge re-rated")
    kind, reason = decide(agent, git_repo, "loadcheck route --plan plans/b.yaml --bridge river-road --max-axle-t 11")
    assert kind == "deny", reason
    assert "`loadcheck route --plan plans/b.yaml --bridge river-road --max-axle-t 7`" in reason, reason
    assert ".github/workflows/routes.yml" in reason


def test_a_changed_value_of_a_named_file_with_no_refusal_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"bridges/mill-lane.yaml": "max_axle_t: 11\n"}, "Route bridges")
    _commit(git_repo, {"bridges/mill-lane.yaml": "max_axle_t: 9\n"}, "Mill Lane: 9 t by default")
    assert decide("claude", git_repo, "loadcheck route --bridge mill-lane --max-axle-t 11")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_options_word_the_texts_give_to_a_key_of_another_name(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"gauges/G7.yaml": "gauge: G7\nchart: 2018\n"}, "Gauge G7")
    _commit(git_repo, {"gauges/G7.yaml": "gauge: G7\n# the 2018 curve is for the old orifice plate\nchart: 2025\n",
                       "gauges/README.md": "# Gauges\n\nG7 got a new orifice plate; its 2025 curve replaces the 2018 one."
                                           "\n"}, "Gauges: G7 recalibrated")
    kind, reason = decide(agent, git_repo, "flowcalc rate --gauge G7 --head 0.4 --curve 2018")
    assert kind == "deny", reason
    assert "`flowcalc rate --gauge G7 --head 0.4 --curve 2025`" in reason, reason
    assert decide(agent, git_repo, "flowcalc rate --gauge G7 --head 0.4 --curve 2025")[0] == "allow"
    # another option that happens to pass the old value is not linked to the key
    assert decide(agent, git_repo, "flowcalc rate --gauge G7 --head 0.4 --curve 2025 --year 2018")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_program_the_image_installs_another_package_in_place_of(agent: str, git_repo: Path, tmp_path: Path) -> None:
    _commit(git_repo, {"Dockerfile": "FROM debian:12\nRUN apt-get install -y permitq\n"}, "Office image (permitq)")
    _commit(git_repo, {"Dockerfile": "FROM debian:13\n# the council closed the permitq interface; permits go through "
                                     "roadpass\nRUN apt-get install -y roadpass\n"}, "Office image: roadpass")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "roadpass").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "roadpass").chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin"}
    data = reply(hook(payload(agent, "PreToolUse", git_repo, command="permitq issue --reg AB12"), git_repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    reason = specific.get("permissionDecisionReason", "")
    assert specific.get("permissionDecision") == "deny", reason
    assert "roadpass" in reason and "apt-get install -y roadpass" in reason, reason
    # the program the image installs now is not asked about
    data = reply(hook(payload(agent, "PreToolUse", git_repo, command="roadpass issue --reg AB12"), git_repo, env=env))
    assert ((data or {}).get("hookSpecificOutput") or {}).get("permissionDecision", "allow") == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_entry_whose_own_file_says_it_is_withdrawn_gets_its_next_version(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"oven/profiles/glaze-1100-r1.yaml": "peak_c: 1100\nhold_min: 10\n"}, "Firing profiles")
    _commit(git_repo, {"oven/profiles/glaze-1100-r1.yaml": "# WITHDRAWN 2026-11-20: crazing on the new glaze; kept for "
                                                           "the records only\npeak_c: 1100\nhold_min: 10\n",
                       "oven/profiles/glaze-1100-r2.yaml": "peak_c: 1100\nhold_min: 18\n"}, "Profiles: r2")
    kind, reason = decide(agent, git_repo, "firectl start --kiln K2 --profile glaze-1100-r1")
    assert kind == "deny", reason
    assert "`firectl start --kiln K2 --profile glaze-1100-r2`" in reason, reason
    assert decide(agent, git_repo, "firectl start --kiln K2 --profile glaze-1100-r2")[0] == "allow"


def test_an_entry_file_without_a_withdrawal_or_a_next_version_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"oven/profiles/bisque-900-r1.yaml": "# kept for the test tiles\npeak_c: 900\n",
                       "oven/profiles/bisque-900-r2.yaml": "peak_c: 920\n",
                       "oven/profiles/raku-r1.yaml": "# WITHDRAWN: the raku kiln was sold\npeak_c: 1000\n"},
            "Profiles")
    assert decide("claude", git_repo, "firectl start --kiln K2 --profile bisque-900-r1")[0] == "allow"
    assert decide("claude", git_repo, "firectl start --kiln K2 --profile raku-r1")[0] == "allow"


def test_a_file_split_by_the_commit_that_moved_it_is_edited_where_the_lines_went(git_repo: Path) -> None:
    from swtest import git

    _commit(git_repo, {"cards/open.yaml": "C-10: {van: V1, work: [brakes]}\nC-11: {van: V2, work: [tyres]}\n"}, "Cards")
    (git_repo / "garage/tyres").mkdir(parents=True)
    (git_repo / "garage/brakes").mkdir(parents=True)
    git(git_repo, "mv", "cards/open.yaml", "garage/tyres/cards.yaml")
    (git_repo / "garage/tyres/cards.yaml").write_text("C-11: {van: V2, work: [tyres]}\n")
    (git_repo / "garage/brakes/cards.yaml").write_text("C-10: {van: V1, work: [brakes]}\n")
    commit_all(git_repo, "Cards per bay")
    kind, reason = decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / "cards/open.yaml"), "old_string": "C-10: {van: V1, work: [brakes]}",
        "new_string": "C-10: {van: V1, work: [brakes, wipers]}"})
    assert kind == "deny", reason
    assert "`garage/brakes/cards.yaml`" in reason, reason
    # the lines the renamed file holds: the rename is where they are
    kind, reason = decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / "cards/open.yaml"), "old_string": "C-11: {van: V2, work: [tyres]}",
        "new_string": "C-11: {van: V2, work: [tyres, oil]}"})
    assert kind == "deny" and "`garage/tyres/cards.yaml`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_an_entry_a_commit_closed_gets_the_open_one_the_commit_names(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"yards.yaml": "northgate: {status: open, bays: 12}\nriverside: {status: open, bays: 8}\n"
                                     "eastfield:\n  status: open\n  bays: 4\n"}, "Yards")
    _commit(git_repo, {"yards.yaml": "northgate: {status: closed, bays: 0}\nriverside: {status: open, bays: 20}\n"
                                     "eastfield:\n  status: open\n  bays: 4\n"},
            "Yards: Northgate closed (lease ended); the vans load at Riverside")
    kind, reason = decide(agent, git_repo, "vanctl send --route R4 --yard northgate")
    assert kind == "deny", reason
    assert "`vanctl send --route R4 --yard riverside`" in reason, reason
    assert decide(agent, git_repo, "vanctl send --route R4 --yard riverside")[0] == "allow"
    assert decide(agent, git_repo, "vanctl send --route R4 --yard eastfield")[0] == "allow"


def test_an_entry_closed_from_the_start_or_with_no_single_open_one_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"yards.yaml": "oldmill: {status: closed}\nquay: {status: open}\nferry: {status: open}\n"},
            "Yards")
    assert decide("claude", git_repo, "vanctl send --route R4 --yard oldmill")[0] == "allow"
    _commit(git_repo, {"yards.yaml": "oldmill: {status: closed}\nquay: {status: closed}\nferry: {status: open}\n"
                                     "dock: {status: open}\n"}, "Yards: quay shut")
    assert decide("claude", git_repo, "vanctl send --route R4 --yard quay")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_value_a_note_refuses_while_the_projects_steps_pass_another(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"water/samplerep.toml": "[submit]\nform = \"f1\"\n"}, "Water samples")
    _commit(git_repo, {"water/README.md": "# Samples\n\n2026-11-09: the regulator takes only the 2026 form. An f1 "
                                          "return still uploads, but the month shows as not reported.\n",
                       ".github/workflows/samples.yml": "on: push\njobs:\n  check:\n    runs-on: ubuntu-latest\n"
                                                        "    steps:\n      - run: samplerep validate water/runs "
                                                        "--form 2026\n"}, "Samples: the 2026 form")
    kind, reason = decide(agent, git_repo, "samplerep submit --site S4 --month 2026-11 --form f1")
    assert kind == "deny", reason
    assert "`samplerep submit --site S4 --month 2026-11 --form 2026`" in reason, reason
    assert decide(agent, git_repo, "samplerep submit --site S4 --month 2026-11 --form 2026")[0] == "allow"


def test_a_refused_value_the_notes_name_as_the_option_to_pass_is_an_override(git_repo: Path) -> None:
    _commit(git_repo, {"water/samplerep.toml": "[submit]\nform = \"f1\"\n",
                       "water/README.md": "An f1 return is no longer accepted by the regulator. Rehearsals use --form "
                                          "f1 against the sandbox.\n",
                       "Makefile": "check:\n\tsamplerep validate water/runs --form 2026\n"}, "Water samples")
    assert decide("claude", git_repo, "samplerep submit --site S4 --sandbox --form f1")[0] == "allow"


def test_a_sentence_naming_both_values_does_not_refuse_the_actions_one(git_repo: Path) -> None:
    _commit(git_repo, {"water/samplerep.toml": "[submit]\nform = \"f1\"\n",
                       "water/README.md": "samplerep still takes --form legacy, but the regulator no longer reads it; "
                                          "only returns sent with --form direct count.\n",
                       "Makefile": "send:\n\tsamplerep submit --site S4 --form legacy\n"}, "Water samples")
    assert decide("claude", git_repo, "samplerep submit --site S4 --form direct")[0] == "allow"
