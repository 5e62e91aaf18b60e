"""Runtime premises, round 61: an option value that restates a setting of the thing the action names as it was
before a commit changed it.

- a file named for the thing (``kilns/K3.yaml`` for ``--kiln K3``) records that thing's settings, not a default an
  option overrides: a commit that changed the setting the option passes, from exactly the action's value to the value
  the file holds now, with a text that explains the new value, is enough — no sentence of refusal is needed;
- a value too short to name a file alone (``--bay C``) names one in the folder named for its option (``bays/C.yaml``);
  a key with a unit after its name (``humidity_pct``) is the option without it (``--humidity``); a negative number is
  an option's value;
- a register keyed by name (``inks.yaml`` with ``cyan-7: {batch: …}``) holds the settings of the entry the action
  names;
- the user's task naming the earlier value, or the program's own config file changed without a refusal, are left
  alone.

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
def test_a_setting_of_the_record_named_for_the_actions_value(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"kilns/K3.yaml": "fuel: gas\npeak_temp: 1240\n", "kilns/K4.yaml": "fuel: gas\npeak_temp: 1240\n"},
            "Kiln records")
    _commit(git_repo, {"kilns/K3.yaml": "fuel: gas (new burners)\npeak_temp: 1222\n"},
            "K3: new burners, peak 1222 from now on")
    kind, reason = decide(agent, git_repo, "firectl schedule --kiln K3 --peak-temp 1240")
    assert kind == "deny", reason
    assert "`firectl schedule --kiln K3 --peak-temp 1222`" in reason, reason
    assert "kilns/K3.yaml" in reason
    assert decide(agent, git_repo, "firectl schedule --kiln K3 --peak-temp 1222")[0] == "allow"
    # another kiln, whose record did not change, is not asked about
    assert decide(agent, git_repo, "firectl schedule --kiln K4 --peak-temp 1240")[0] == "allow"


def test_the_users_task_naming_the_earlier_value_keeps_it(git_repo: Path) -> None:
    _commit(git_repo, {"kilns/K3.yaml": "fuel: gas\npeak_temp: 1240\n", "kilns/K4.yaml": "fuel: gas\npeak_temp: 1240\n"},
            "Kiln records")
    _commit(git_repo, {"kilns/K3.yaml": "fuel: gas (new burners)\npeak_temp: 1222\n"},
            "K3: new burners, peak 1222 from now on")
    _prompt("claude", git_repo, "Test firing on K3 today: schedule it at the old peak of 1240 once, as a comparison.")
    kind, reason = decide("claude", git_repo, "firectl schedule --kiln K3 --peak-temp 1240")
    assert kind == "allow", reason


def test_no_text_explaining_the_new_value_leaves_it_alone(git_repo: Path) -> None:
    _commit(git_repo, {"kilns/K3.yaml": "fuel: gas\npeak_temp: 1240\n", "kilns/K4.yaml": "fuel: gas\npeak_temp: 1240\n"},
            "Kiln records")
    _commit(git_repo, {"kilns/K3.yaml": "fuel: gas\npeak_temp: 1222\n"}, "Update kiln records")
    kind, reason = decide("claude", git_repo, "firectl schedule --kiln K3 --peak-temp 1240")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_short_value_a_unit_key_and_a_negative_number(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"bays/C.yaml": "use: frozen goods\nair_c: -18.0\n"}, "Cold store bays")
    _commit(git_repo, {"bays/C.yaml": "use: ice cream\nair_c: -24.0\n",
                       "docs/cold-store.md": "# Cold store\n\nBay C holds ice cream from this week: it is kept at "
                                             "-24.0 C. coldctl takes any setpoint.\n"},
            "Bay C: ice cream")
    kind, reason = decide(agent, git_repo, "coldctl set --bay C --air -18.0")
    assert kind == "deny", reason
    assert "`coldctl set --bay C --air -24.0`" in reason, reason
    assert decide(agent, git_repo, "coldctl set --bay C --air -24.0")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_entry_of_a_register_keyed_by_the_actions_value(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"supplies/inks.yaml": "cyan-7: {batch: B-118, until: 2027-02}\nmagenta-2: {batch: B-090, "
                                             "until: 2027-01}\n",
                       "supplies/deliveries.txt": "2026-10-02 B-118 x4\n2026-11-20 B-131 x4\n"}, "Ink batches")
    _commit(git_repo, {"supplies/inks.yaml": "cyan-7: {batch: B-131, until: 2027-04}\nmagenta-2: {batch: B-090, "
                                             "until: 2027-01}\n"}, "cyan-7: batch B-131 (B-118 recalled)")
    kind, reason = decide(agent, git_repo, "pressrun load --ink cyan-7 --batch B-118")
    assert kind == "deny", reason
    assert "`pressrun load --ink cyan-7 --batch B-131`" in reason, reason
    assert decide(agent, git_repo, "pressrun load --ink cyan-7 --batch B-131")[0] == "allow"
    assert decide(agent, git_repo, "pressrun load --ink magenta-2 --batch B-090")[0] == "allow"


def test_the_programs_own_config_changed_without_a_refusal_stays_an_override(git_repo: Path) -> None:
    _commit(git_repo, {"firectl.toml": "peak_temp = 1240\n", "kilns/K4.yaml": "peak_temp: 1240\n"}, "firectl defaults")
    _commit(git_repo, {"firectl.toml": "peak_temp = 1222\n"}, "firectl: default peak 1222")
    kind, reason = decide("claude", git_repo, "firectl schedule --kiln K3 --peak-temp 1240")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_an_option_a_note_beside_the_programs_config_says_it_ignores_now(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"notices/bulkmail.toml": "[mail]\n# version 1: --check renders the messages without sending\n"},
            "Notices")
    _commit(git_repo, {"notices/bulkmail.toml": "[mail]\n# version 2: --render-only renders the messages without "
                                                "sending\n",
                       "notices/README.md": "# Notices\n\nbulkmail is version 2 since the relay change. Its no-send "
                                            "flag is --render-only; version 2 ignores --check and mails every "
                                            "member on the list.\n"},
            "bulkmail 2")
    kind, reason = decide(agent, git_repo, "bulkmail send --list members-2026 --check")
    assert kind == "deny", reason
    assert "`bulkmail send --list members-2026 --render-only`" in reason, reason
    assert "notices/README.md" in reason
    assert decide(agent, git_repo, "bulkmail send --list members-2026 --render-only")[0] == "allow"


def test_a_note_saying_an_option_is_never_ignored_or_about_another_program(git_repo: Path) -> None:
    _commit(git_repo, {"notices/bulkmail.toml": "[mail]\nrelay = \"r2\"\n",
                       "notices/README.md": "# Notices\n\nbulkmail never ignores --check: it renders without sending.\n",
                       "docs/relay.md": "# Relay\n\nrelayctl 4 ignores --check and restarts the relay.\n"},
            "Notices")
    assert decide("claude", git_repo, "bulkmail send --list members-2026 --check")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_default_mode_changed_where_the_text_gives_the_earlier_modes_flag(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"feedctl.toml": "[dispense]\ndefault = \"verify\"\n"}, "feedctl config")
    _commit(git_repo, {"feedctl.toml": "[dispense]\n# the early shift dispenses from the shell with no flag\n"
                                       "default = \"dispense\"\n"},
            "feedctl dispense runs for real by default now; verify with --no-motor")
    kind, reason = decide(agent, git_repo, "feedctl dispense --silo S2 --kg 300")
    assert kind == "deny", reason
    assert "`feedctl dispense --silo S2 --kg 300 --no-motor`" in reason, reason
    assert decide(agent, git_repo, "feedctl dispense --silo S2 --kg 300 --no-motor")[0] == "allow"


def test_two_flags_for_the_earlier_mode_name_neither(git_repo: Path) -> None:
    _commit(git_repo, {"feedctl.toml": "[dispense]\ndefault = \"verify\"\n"}, "feedctl config")
    _commit(git_repo, {"feedctl.toml": "[dispense]\ndefault = \"dispense\"\n"},
            "feedctl dispense runs for real by default now; verify with --no-motor, or verify with --trace")
    assert decide("claude", git_repo, "feedctl dispense --silo S2 --kg 300")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_list_setting_in_a_file_named_for_an_option_with_its_value(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"ovens/zone-4.yaml": "belt: mesh\nramp_c: [180, 210, 195]\n",
                       "ovens/zone-5.yaml": "belt: mesh\nramp_c: [180, 210, 195]\n"}, "Oven zones")
    _commit(git_repo, {"ovens/zone-4.yaml": "belt: stone (new)\nramp_c: [170, 220, 200]\n"},
            "Zone 4: stone belt, ramp 170-220-200")
    kind, reason = decide(agent, git_repo, "bakectl ramp --zone 4 --ramp 180-210-195")
    assert kind == "deny", reason
    assert "`bakectl ramp --zone 4 --ramp 170-220-200`" in reason, reason
    assert "ovens/zone-4.yaml" in reason
    assert decide(agent, git_repo, "bakectl ramp --zone 4 --ramp 170-220-200")[0] == "allow"
    assert decide(agent, git_repo, "bakectl ramp --zone 5 --ramp 180-210-195")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_entry_a_docs_note_refuses_while_its_folder_holds_the_next_version(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"rates/R4-2025.yaml": "per_kg: 1.10\n"}, "Freight rates 2025")
    _commit(git_repo, {"rates/R4-2026.yaml": "per_kg: 1.18\n",
                       "docs/freight.md": "# Freight\n\nThe carrier's R4-2026 rates apply from 1 December; an invoice "
                                          "on R4-2025 is rejected by the carrier. shipctl loads any rate file.\n"},
            "Freight rates 2026")
    kind, reason = decide(agent, git_repo, "shipctl load --rate R4-2025 --depot north")
    assert kind == "deny", reason
    assert "`shipctl load --rate R4-2026 --depot north`" in reason, reason
    assert decide(agent, git_repo, "shipctl load --rate R4-2026 --depot north")[0] == "allow"


def test_an_older_entry_no_text_refuses_stays_allowed(git_repo: Path) -> None:
    _commit(git_repo, {"rates/R4-2025.yaml": "per_kg: 1.10\n"}, "Freight rates 2025")
    _commit(git_repo, {"rates/R4-2026.yaml": "per_kg: 1.18\n",
                       "docs/freight.md": "# Freight\n\nR4-2025 covers the old contract customers.\n"},
            "Freight rates 2026")
    assert decide("claude", git_repo, "shipctl load --rate R4-2025 --depot north")[0] == "allow"


def test_a_settings_file_named_for_the_subcommand_is_no_record_of_a_thing(git_repo: Path) -> None:
    _commit(git_repo, {"config/rollout.yaml": "replicas: 3\n", "config/canary.yaml": "replicas: 3\n"}, "Rollout settings")
    _commit(git_repo, {"config/rollout.yaml": "replicas: 5\n"}, "Rollout: 5 replicas by default")
    kind, reason = decide("claude", git_repo, "shipit rollout --replicas 3 --service web")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_recipe_variable_the_action_leaves_open_takes_the_value_the_task_names(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"Makefile": "weir-release:\n\tweirctl open --gate $(GATE) --cm $(CM)\n"}, "Weir tooling")
    _commit(git_repo, {"Makefile": "weir-release:\n\tsluiceop open --gate $(GATE) --cm $(CM) --order $(PERMIT)\n"},
            "Weir: sluiceop replaces weirctl")
    _prompt(agent, git_repo, "The river authority issued permit RA-7731 this morning; open weir gate W-2 to 30 cm.")
    kind, reason = decide(agent, git_repo, "weirctl open --gate W-2 --cm 30")
    assert kind == "deny", reason
    assert "`sluiceop open --gate W-2 --cm 30 --order RA-7731`" in reason, reason
    assert "$(PERMIT)" not in reason.split("Safe alternative:", 1)[1]


def test_fill_from_task_needs_one_value() -> None:
    from statewise_cli.recovery.premises_history import fill_from_task

    assert fill_from_task("x --p $(PERMIT)", "permit RA-7731, not permit RA-7730") == "x --p $(PERMIT)"
    assert fill_from_task("x --p $(PERMIT)", "the permit is pending") == "x --p $(PERMIT)"
    assert fill_from_task("x --p ${WORK_ORDER}", "close work order WO-118 today") == "x --p WO-118"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_successor_written_with_an_ellipsis_takes_the_actions_options(agent: str, git_repo: Path, tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from test_premises import stub_bin

    _commit(git_repo, {".github/pull_request_template.md": "## Checklist\n\n- [ ] Work orders: since 2026-11-20 the "
                                                           "depots take work orders through fleetdesk (fleetdesk "
                                                           "order ...); woctl went with the old terminals and is "
                                                           "uninstalled\n"}, "PR template: work orders")
    monkeypatch.setenv("PATH", stub_bin(tmp_path, "fleetdesk", "exit 0")["PATH"])
    kind, reason = decide(agent, git_repo, "woctl send --order WO-5512 --depot east")
    assert kind == "deny", reason
    assert "`fleetdesk order --order WO-5512 --depot east`" in reason, reason


def test_fill_from_task_takes_a_quantity_in_the_variables_unit() -> None:
    from statewise_cli.recovery.premises_history import fill_from_task

    assert fill_from_task("crane lift --tonnes $(TONNES)", "lift pallet P-3 (2.5 tonnes) onto bay 4") \
        == "crane lift --tonnes 2.5"
    assert fill_from_task("press run --kn $(KN)", "press part A-7 at 12 kN, about 1220 kg") == "press run --kn 12"
    assert fill_from_task("oven bake $(MINUTES)", "bake for 40 minutes") == "oven bake 40"
    # two amounts, an amount of another unit, or an option of another name: nothing is filled
    assert fill_from_task("press run --kn $(KN)", "12 kN first, then 15 kN") == "press run --kn $(KN)"
    assert fill_from_task("press run --kn $(KN)", "press part A-7 with 1220 kg") == "press run --kn $(KN)"
    assert fill_from_task("press run --force $(KN)", "press part A-7 at 12 kN") == "press run --force $(KN)"
