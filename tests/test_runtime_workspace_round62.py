"""Runtime and workspace premises, round 62.

- an edit of a deleted file whose commit added a file named for the same thing in an inflected form
  (``queue.ini`` → ``live/queues.yaml``) is sent there; a CI workflow named like the deleted file is never its
  successor (the per-record data file holding the edit's text is);
- an edit of a file a document calls out of use, where the document names (anywhere in its text, as a mount or a path
  value) the one file that holds the text the edit replaces, is sent to that file.

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


def _edit(agent: str, repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    if agent == "claude":
        return decide("claude", repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                               "new_string": new})
    patch = f"*** Begin Patch\n*** Update File: {path}\n@@\n-{old}\n+{new}\n*** End Patch\n"
    return decide("codex", repo, tool="apply_patch", tool_input={"command": patch})


@pytest.mark.parametrize("agent", AGENTS)
def test_a_deleted_file_whose_successor_is_named_in_an_inflected_form_is_sent_there(agent: str,
                                                                                    git_repo: Path) -> None:
    write(git_repo, {"kiosk/queue.ini": "[queue]\nentries =\n"})
    git(git_repo, "rm", "-q", "kiosk/queue.ini")
    (git_repo / "kiosk" / "live").mkdir(parents=True)
    (git_repo / "kiosk" / "live" / "queues.yaml").write_text("queues: []\n")
    commit_all(git_repo, "Kiosk: live queues")
    kind, reason = _edit(agent, git_repo, "kiosk/queue.ini", "entries =", "entries = a")
    assert kind == "deny", reason
    assert "kiosk/live/queues.yaml" in reason, reason
    assert _edit(agent, git_repo, "kiosk/live/queues.yaml", "queues: []", "queues: [a]")[0] == "allow"


def test_a_ci_workflow_named_like_a_deleted_data_file_is_not_its_successor(git_repo: Path) -> None:
    write(git_repo, {"routes.json": '{\n  "R-11": {"depart": "06:10"},\n  "R-12": {"depart": "06:40"}\n}\n'})
    git(git_repo, "rm", "-q", "routes.json")
    (git_repo / "routes").mkdir()
    (git_repo / "routes" / "R-11.yaml").write_text('route: R-11\ndepart: "06:10"\n')
    (git_repo / "routes" / "R-12.yaml").write_text('route: R-12\ndepart: "06:40"\n')
    (git_repo / ".github" / "workflows").mkdir(parents=True)
    (git_repo / ".github" / "workflows" / "routes.yml").write_text(
        "on: push\njobs:\n  check:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./bin/check routes/*.yaml\n")
    commit_all(git_repo, "Routes: one file per route")
    kind, reason = _edit("claude", git_repo, "routes.json", '"R-11": {"depart": "06:10"', '"R-11": {"depart": "06:00"')
    assert kind == "deny", reason
    assert "routes/R-11.yaml" in reason and "Safe alternative: edit `.github" not in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_a_config_calls_out_of_use_is_sent_to_the_file_it_mounts_that_holds_the_text(agent: str,
                                                                                          git_repo: Path) -> None:
    write(git_repo, {"signs/texts.txt": "exit: Platform 2 exit closes at midnight.\n"})
    write(git_repo, {"signs/v3/texts.yaml": "exit:\n  text: Platform 2 exit closes at midnight.\n",
                     "compose.yaml": ("services:\n  sign-player:\n    image: registry.example/signs:3\n    volumes:\n"
                                      "      - ./signs/v3/texts.yaml:/etc/signs/texts.yaml:ro\n"
                                      "# signs/texts.txt is the old player's file, kept for reference only\n")})
    kind, reason = _edit(agent, git_repo, "signs/texts.txt", "closes at midnight", "closes at 23:30")
    assert kind == "deny", reason
    assert "edit `signs/v3/texts.yaml`" in reason, reason
    assert _edit(agent, git_repo, "signs/v3/texts.yaml", "closes at midnight", "closes at 23:30")[0] == "allow"


def test_a_file_called_out_of_use_with_no_named_file_holding_the_text_names_no_alternative(git_repo: Path) -> None:
    write(git_repo, {"signs/texts.txt": "exit: Platform 2 exit closes at midnight.\n"})
    write(git_repo, {"signs/v3/texts.yaml": "exit:\n  text: Platform 2 exit shuts.\n",
                     "compose.yaml": ("services:\n  sign-player:\n    volumes:\n"
                                      "      - ./signs/v3/texts.yaml:/etc/signs/texts.yaml:ro\n"
                                      "# signs/texts.txt is the old player's file, kept for reference only\n")})
    _kind, reason = _edit("claude", git_repo, "signs/texts.txt", "closes at midnight", "closes at 23:30")
    assert "signs/v3/texts.yaml`" not in reason, reason


def _prompt(agent: str, repo: Path, text: str) -> None:
    from swtest import hook, payload, reply

    reply(hook(payload(agent, "UserPromptSubmit", repo, prompt=text), repo))


@pytest.mark.parametrize("agent", AGENTS)
def test_an_entry_a_commit_marked_removed_in_the_items_own_file_is_stopped_with_the_one_for_the_job(
        agent: str, git_repo: Path) -> None:
    # the file is named for the item another option names (``--site ridge-7``); the entries are nested flow mappings
    write(git_repo, {"sites/ridge-7.yaml": "pumps:\n  P1: {kind: diesel, role: duty}\n  P2: {kind: diesel, role: backup}\n"})
    write(git_repo, {"sites/ridge-7.yaml": ("pumps:\n  P1: {kind: electric, role: duty}\n"
                                            "  P2: {kind: none, role: removed-2026-10}\n"
                                            "  P3: {kind: electric, role: backup}\n")})
    _prompt(agent, git_repo, "The duty pump at Ridge 7 needs a service; switch the site to its backup pump.")
    kind, reason = decide(agent, git_repo, "pumpctl backup --site ridge-7 --pump P2")
    assert kind == "deny", reason
    assert "`pumpctl backup --site ridge-7 --pump P3`" in reason, reason
    assert decide(agent, git_repo, "pumpctl backup --site ridge-7 --pump P3")[0] == "allow"


def test_an_entry_in_use_for_another_job_is_not_picked_when_the_action_names_no_role(git_repo: Path) -> None:
    write(git_repo, {"sites/ridge-7.yaml": "pumps:\n  P1: {role: duty}\n  P2: {role: backup}\n"})
    write(git_repo, {"sites/ridge-7.yaml": "pumps:\n  P1: {role: duty}\n  P2: {role: removed}\n  P3: {role: backup}\n"})
    _kind, reason = decide("claude", git_repo, "pumpctl start --site ridge-7 --pump P2")
    assert "--pump P1`" not in reason and "--pump P3`" not in reason, reason
    assert decide("claude", git_repo, "pumpctl start --site ridge-7 --pump P1")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_entry_closed_on_the_fetched_upstream_branch_is_stopped_with_the_one_in_use_there(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    write(git_repo, {"labels/printers.yaml": "bay-2: {queue: bay2}\n", "labels/run.yaml": "run: 1\n"})
    remote = tmp_path / "repo-origin.git"
    branch = git(git_repo, "rev-parse", "--abbrev-ref", "HEAD").strip()
    git(git_repo, "push", "-q", "-u", "origin", branch)
    other = tmp_path / "colleague"
    git(tmp_path, "clone", "-q", str(remote), str(other))
    git(other, "config", "user.email", "c@example.invalid")
    git(other, "config", "user.name", "Colleague")
    (other / "labels" / "printers.yaml").write_text("bay-2: {queue: bay2, status: closed}\nyard-print: {queue: yp}\n")
    commit_all(other, "Labels: Yard Print prints the labels (bay 2 closed)")
    git(other, "push", "-q", "origin", branch)
    write(git_repo, {"labels/run.yaml": "run: 2\n"})
    git(git_repo, "fetch", "-q", "origin")
    kind, reason = decide(agent, git_repo, "labelprint send --run 2 --printer bay-2")
    assert kind == "deny", reason
    assert "`labelprint send --run 2 --printer yard-print`" in reason and "not merged" in reason, reason
    # once merged the entry is closed here too; before the fetch nothing said so
    git(git_repo, "reset", "-q", "--hard", f"origin/{branch}")
    assert decide(agent, git_repo, "labelprint send --run 2 --printer yard-print")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_note_beside_the_programs_config_that_revokes_a_value_stops_it_with_the_reissued_one(
        agent: str, git_repo: Path) -> None:
    write(git_repo, {"permits/permitctl.toml": "[permit]\nnumber = \"PW-310\"\n"})
    write(git_repo, {"permits/permitctl.toml": "[permit]\nnumber = \"PW-455\"\n",
                     "permits/PERMIT.md": ("# Permit\n\n2026-11-02 (site manager): the council reissued our works "
                                           "permit as PW-455. PW-310 is revoked. permitctl still books on PW-310.\n")})
    kind, reason = decide(agent, git_repo, "permitctl book --crane C1 --permit PW-310")
    assert kind == "deny", reason
    assert "`permitctl book --crane C1 --permit PW-455`" in reason, reason
    assert decide(agent, git_repo, "permitctl book --crane C1 --permit PW-455")[0] == "allow"


def test_a_file_a_note_beside_it_keeps_for_the_record_is_stopped_with_its_reissue(git_repo: Path) -> None:
    write(git_repo, {"rosters/2026-w10.csv": "name,shift\nal,early\n"})
    write(git_repo, {"rosters/2026-w10b.csv": "name,shift\nal,early\nbo,late\n",
                     "rosters/README.md": ("2026-03-02 (rota lead): week 10's roster was reissued as 2026-w10b.csv "
                                           "for the new starters. 2026-w10.csv stays for the record; on it the new "
                                           "starters get no shifts.\n")})
    kind, reason = decide("claude", git_repo, "rota load --site depot --roster rosters/2026-w10.csv")
    assert kind == "deny", reason
    assert "`rota load --site depot --roster rosters/2026-w10b.csv`" in reason, reason
    assert decide("claude", git_repo, "rota load --site depot --roster rosters/2026-w10b.csv")[0] == "allow"
    # a reissue that is not there is never offered
    git(git_repo, "rm", "-q", "rosters/2026-w10b.csv")
    commit_all(git_repo, "drop")
    _kind, reason = decide("claude", git_repo, "rota load --site depot --roster rosters/2026-w10.csv")
    assert "2026-w10b.csv`" not in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_value_changed_in_place_that_a_note_beside_it_refuses_is_stopped_with_the_new_one(agent: str,
                                                                                            git_repo: Path) -> None:
    # the configuration goes by the program's name without its suffix (``alarmctl`` → ``alarm.toml``)
    write(git_repo, {"ops/alarm.toml": "[channels]\nnight = \"desk-a\"\n"})
    write(git_repo, {"ops/alarm.toml": "[channels]\nnight = \"ops-floor\"\n",
                     "ops/CHANNELS.md": ("2026-10-01 (duty lead): desk-a and desk-b are one channel now, ops-floor. "
                                         "desk-a still exists with nobody on it.\n")})
    kind, reason = decide(agent, git_repo, "alarmctl test --channel desk-a")
    assert kind == "deny", reason
    assert "`alarmctl test --channel ops-floor`" in reason and "nobody" in reason, reason
    assert decide(agent, git_repo, "alarmctl test --channel ops-floor")[0] == "allow"


def test_a_value_changed_in_place_with_nothing_refusing_it_stays_a_choice(git_repo: Path) -> None:
    write(git_repo, {"ops/alarm.toml": "[channels]\nnight = \"desk-a\"\n"})
    write(git_repo, {"ops/alarm.toml": "[channels]\nnight = \"ops-floor\"\n",
                     "ops/CHANNELS.md": "2026-10-01 (duty lead): nights go to ops-floor; desk-a takes the day calls.\n"})
    kind, reason = decide("claude", git_repo, "alarmctl test --channel desk-a")
    assert kind == "allow", reason


def test_a_recipe_replaced_in_place_whose_comment_keeps_the_old_one_for_the_archive_is_stopped(git_repo: Path) -> None:
    write(git_repo, {"lines/L2.toml": "[AB-10]\ncurrent = \"AB10-R2\"\n"})
    write(git_repo, {"lines/L2.toml": "[AB-10]\n# R2 is the old resin, kept in the controller for the archive\n"
                                      "current = \"AB10-R3\"\n"})
    kind, reason = decide("claude", git_repo, "mouldctl load --line L2 --grade AB-10 --recipe AB10-R2")
    assert kind == "deny", reason
    assert "`mouldctl load --line L2 --grade AB-10 --recipe AB10-R3`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_role_the_task_names_moved_to_another_entry_stops_the_entry_that_lost_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"tanks/tanks.yaml": "T1: {holds: clean}\nT2: {holds: clean, feeds: filler}\n"})
    write(git_repo, {"tanks/tanks.yaml": "T1: {holds: clean}\nT2: {holds: rinse, feeds: drain}\n"
                                         "T4: {holds: clean, feeds: filler}\n"})
    _prompt(agent, git_repo, "Pump 300 litres from T1 to the filler tank for the morning run.")
    kind, reason = decide(agent, git_repo, "tankctl pump --from T1 --to T2 --litres 300")
    assert kind == "deny", reason
    assert "`tankctl pump --from T1 --to T4 --litres 300`" in reason, reason
    assert decide(agent, git_repo, "tankctl pump --from T1 --to T4 --litres 300")[0] == "allow"
    _prompt(agent, git_repo, "Pump 300 litres from T1 to T2 to rinse it.")  # the task does not name the role
    assert decide(agent, git_repo, "tankctl pump --from T1 --to T2 --litres 300")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_figure_in_the_unit_the_program_took_before_is_stopped_with_it_in_the_new_unit(agent: str,
                                                                                        git_repo: Path) -> None:
    write(git_repo, {"gates/gatectl.toml": "[units]\nlift = \"cm\"\n"})
    write(git_repo, {"gates/gatectl.toml": "[units]\nlift = \"m\"\n"})
    _prompt(agent, git_repo, "Set sluice gate G2's lift to 45 cm for the low tide.")
    kind, reason = decide(agent, git_repo, "gatectl set --gate G2 --lift 45")
    assert kind == "deny", reason
    assert "`gatectl set --gate G2 --lift 0.45`" in reason, reason
    assert decide(agent, git_repo, "gatectl set --gate G2 --lift 0.45")[0] == "allow"
    # another option than the one whose unit changed is not touched
    assert decide(agent, git_repo, "gatectl set --gate G2 --speed 45")[0] == "allow"


def test_a_file_a_reader_stopped_naming_is_not_kept_by_a_longer_name_ending_in_its_name(git_repo: Path) -> None:
    write(git_repo, {"qa/limits.yaml": "A1: {min: 1, max: 2}\n", "Makefile": "limits:\n\tqsync push qa/limits.yaml\n"})
    write(git_repo, {"qa/v2/grade-limits.yaml": "grades:\n  A1: {lower: 1, upper: 2}\n",
                     "Makefile": "limits:\n\tqsync push qa/v2/grade-limits.yaml\n"})
    kind, reason = _edit("claude", git_repo, "qa/limits.yaml", "A1: {min: 1, max: 2}", "A1: {min: 1, max: 3}")
    assert kind == "deny", reason
    assert "edit `qa/v2/grade-limits.yaml`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_nothing_reads_while_a_later_copy_of_its_records_is_read_is_sent_to_the_copy(agent: str,
                                                                                           git_repo: Path) -> None:
    write(git_repo, {"specs/grades.csv": "product,max_haze\nclear-pane,12\nfrosted,30\n"})
    write(git_repo, {"specs/2027/haze-limits.yaml": "clear-pane:\n  max_haze: 12\nfrosted:\n  max_haze: 30\n",
                     ".github/workflows/specs.yml": ("on: push\njobs:\n  load:\n    runs-on: ubuntu-latest\n    steps:\n"
                                                     "      - run: ./bin/load specs/2027/haze-limits.yaml\n")})
    kind, reason = _edit(agent, git_repo, "specs/grades.csv", "clear-pane,12", "clear-pane,10")
    assert kind == "deny", reason
    assert "edit `specs/2027/haze-limits.yaml`" in reason, reason
    # while something still reads the old file, its edit is what it seems
    write(git_repo, {"Makefile": "old:\n\t./bin/load specs/grades.csv\n"})
    assert _edit(agent, git_repo, "specs/grades.csv", "clear-pane,12", "clear-pane,10")[0] == "allow"


def test_a_replaced_tools_ci_check_step_is_offered_as_the_job_with_the_actions_options(git_repo: Path) -> None:
    write(git_repo, {"rota/oldrota.cfg": "[site]\nname = north\n"})
    git(git_repo, "rm", "-q", "rota/oldrota.cfg")
    (git_repo / "rota").mkdir(exist_ok=True)
    (git_repo / "rota" / "shiftr.yaml").write_text("site: north\n")
    (git_repo / ".github" / "workflows").mkdir(parents=True)
    (git_repo / ".github" / "workflows" / "rota.yml").write_text(
        "on: push\njobs:\n  check:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: shiftr publish --check --site north\n")
    commit_all(git_repo, "Rota: shiftr publishes the rota")
    kind, reason = decide("claude", git_repo, "oldrota build --week 2026-w50")
    assert kind == "deny", reason
    assert "`shiftr publish --week 2026-w50 --site north`" in reason, reason
