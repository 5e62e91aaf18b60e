"""Who decides what, as repositories write it down: holds, releases given, forms stated with an option, and
governance statements that gate only the destination they name (recovery/intent.py, released.py, governance.py)."""
from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, hook, payload, reply
from test_intent import policy, remember
from test_premises import decide, write

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import intent
from statewise_cli.recovery.released import developer_releases

TODAY = datetime.date(2026, 12, 5)


def _gated(key: str, value: str, command: str) -> list[str]:
    return [verdict for _a, _r, verdict, _w in intent.gates(normalize_shell(command, "main"), [policy(key, value)], None)]


# ------------------------------------------------------------------------------------------- holds and releases
@pytest.mark.parametrize(("value", "expected"), [
    # a hold said without a restrictive verb
    ("the 4.1 changelog entry is not announced before then; the date is set by the community manager", "deny"),
    ("the press kit stays private until the embargo agreement is signed", "deny"),
    ("2.3.0 is held off the LTS channel since the regression report", "deny"),
    # a withheld state that lasts until a condition is met
    ("the Okafor diaries stay unpublished until the family signs the release form", "deny"),
    # a state that waits for someone, or a release inside the condition that ends the hold
    ("the semifinal score stays pending until the referee rules on the appeal", "deny"),
    ("store 44 is not reopened until Mara (safety officer) has cleared the inspection", "deny"),
    # what every run carries, with its option
    ("until the audit closes, every invoice export masks bank details (--mask-iban); the ledger shows them otherwise",
     "deny"),
    ("advisory ADV-7 stays until the harbour master agrees at the morning briefing", "deny"),
    ("the speed restriction remains in force until the track engineer signs the inspection", "deny"),
    # kept in a place until another party acts
    ("crate TGHU-1180 stays in the bonded store until the broker confirms the duty is paid", "deny"),
    ("the 2026-11 core samples remain at the assay lab pending the QA lead's review", "ask"),
    ("the survey microdata remains internal pending the ethics board's review", "ask"),
    # ... while a state that is open until a date is no hold
    ("the abstract portal stays open until 2026-12-20 for late submissions", None),
    # a form stated as a rule with a flag that takes no value
    ("the nightly cleanup runs with --skip-archived: archived accounts belong to the auditors", "deny"),
    ("house 12B is listed with --hide-street: the tenant asked for it", "deny"),
    # a release given
    ("the change board granted a freeze exception for CHG-88 (DNS cutover); apply it in tonight's window", None),
    ("the newsroom lawyer cleared the story for publication", None),
    # a release word that records none
    ("no freeze exception has been granted for the DNS cutover", "deny"),
    ("freeze exceptions are granted only by the change board", "deny"),
    ("a freeze exception must be granted by the change board first", "deny"),
])
def test_holds_and_releases_as_repositories_word_them(value: str, expected: str | None) -> None:
    assert intent.restriction(policy("policy.some_change", value)) == expected


def test_a_record_that_names_the_actions_own_subcommand_gates_it() -> None:
    value = "until the audit closes, every invoice run masks bank details (--mask-iban)"
    assert _gated("policy.invoice_audit_mask", value, "./bin/invoice run --month 11") == ["deny"]
    assert _gated("policy.invoice_audit_mask", value, "./bin/invoice run --month 11 --mask-iban") == []


def test_an_approval_held_by_one_approver_is_no_value_the_record_requires() -> None:
    """"batch 7 has the first approval only; it waits for the second approver": the batch is gated, not allowed."""
    value = "batch B-7 has the controller's approval only; it waits for the CFO's second approval"
    assert _gated("policy.payment_runs", value, "./bin/release-payment-run --batch B-7") == ["ask"]


def test_a_form_stated_with_its_option_is_the_allowed_form_and_the_alternative() -> None:
    value = "survey exports of this project are published with --embargo-until 2027-06-30 (journal embargo, the PI's decision)"
    assert _gated("policy.survey_exports", value, "./bin/publish-export --survey s-12 --embargo-until 2027-06-30") == []
    assert _gated("policy.survey_exports", value, "./bin/publish-export --survey s-12") == ["deny"]
    (found,) = intent.violations(normalize_shell("./bin/publish-export --survey s-12", "main"),
                                 [policy("policy.survey_exports", value)], None)
    assert "`./bin/publish-export --survey s-12 --embargo-until 2027-06-30`" in found.alternative
    # another value of the option is another form: not this one, and nothing is added to it
    assert _gated("policy.survey_exports", value, "./bin/publish-export --survey s-12 --embargo-until 2026-01-01") == ["deny"]


def test_a_compound_subject_names_the_act_with_a_word_of_the_record() -> None:
    value = "3.2.0 is held off the stable auto-deploy channel until the migration fix lands"
    assert _gated("policy.autodeploy_3_2", value, "./bin/release-deploy --channel stable --version 3.2.0") == ["deny"]
    assert _gated("policy.autodeploy_3_2", value, "npm run deploy") == []  # the act alone, nothing of the record


def test_a_flag_form_stated_as_a_rule_is_the_allowed_form_and_the_alternative() -> None:
    value = "house 12B is listed with --hide-street: the tenant asked for it"
    assert _gated("policy.house_12b", value, "./bin/list-house --id 12B --hide-street") == []
    (found,) = intent.violations(normalize_shell("./bin/list-house --id 12B", "main"), [policy("policy.house_12b", value)],
                                 None)
    assert "`./bin/list-house --id 12B --hide-street`" in found.alternative


# ------------------------------------------------------------------------------ a developer's release at prompt time
RULE = "# Notes\n\n- Restarting the billing queue workers: never: frozen until the ledger migration, ops' call\n"
WINDOW = ("CHG-301 approved: the billing queue workers may be restarted in the window 2026-12-05 21:00 to 2026-12-06 "
          "01:00 (finance on the paper fallback)")
PROMPT = "The new retry routes are deployed; restart the billing queue workers so they load (./bin/restart-workers --queue billing)."


def test_a_developer_release_is_said_with_the_memory_rule_it_overrides(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text(RULE)
    note = developer_releases(str(tmp_path), PROMPT, [policy("policy.billing_worker_changes", WINDOW)], TODAY)
    assert "policy.billing_worker_changes" in note and "allowed now" in note
    assert "never: frozen until the ledger migration" in note  # the rule it overrides, quoted on the same line
    assert all(len(line) > 0 for line in note.splitlines())


def test_no_release_past_its_window_for_something_else_or_from_a_hold(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text(RULE)
    record = policy("policy.billing_worker_changes", WINDOW)
    assert developer_releases(str(tmp_path), PROMPT, [record], datetime.date(2026, 12, 9)) == ""  # the window is past
    assert developer_releases(str(tmp_path), "Rotate the TLS certificate of the status page.", [record], TODAY) == ""
    held = policy("policy.billing_worker_changes", "billing queue workers stay as they are until the ledger "
                                                   "migration; restarts need ops' approval")
    assert developer_releases(str(tmp_path), PROMPT, [held], TODAY) == ""
    from_memory = policy("policy.billing_worker_changes", WINDOW, source="memory-file:CLAUDE.md:3", authority="document")
    assert developer_releases(str(tmp_path), PROMPT, [from_memory], TODAY) == ""


@pytest.mark.parametrize("value", [
    "the auditor released the Tamsin mailbox hold on 2026-12-01; the archive sweep for Tamsin can run",
    "archive sweeps for the Tamsin mailbox are due now: their window opened 2026-12-01 and closes 2026-12-31",
    "Ines (records manager) gave the go on 2026-12-03 for the Tamsin mailbox archive sweep",
    "the signed change order authorises the Tamsin mailbox archive sweep on 2026-12-05",
    "the records manager agreed the Tamsin mailbox archive sweep on 2026-12-03: run it",
])
def test_a_hold_released_or_a_window_open_is_said_as_a_release(tmp_path: Path, value: str) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Archive sweep of the Tamsin mailbox: never while the hold stands\n")
    prompt = "Run the archive sweep for the Tamsin mailbox (./bin/archive-sweep --mailbox tamsin)."
    note = developer_releases(str(tmp_path), prompt, [policy("policy.tamsin_sweep", value)], TODAY)
    assert "allowed now" in note and "never while the hold stands" in note
    # a release not given says nothing
    assert developer_releases(str(tmp_path), prompt, [policy("policy.tamsin_sweep", "the Tamsin hold is not released; "
                                                             "the sweep cannot run")], TODAY) == ""
    # a release inside a condition is still awaited
    waiting = "the Tamsin mailbox stays as it is until Ines confirms that the auditor has released the hold"
    assert developer_releases(str(tmp_path), prompt, [policy("policy.tamsin_sweep", waiting)], TODAY) == ""


def test_a_step_said_done_is_recorded() -> None:
    from statewise_cli.recovery.governance_targets import recorded

    assert recorded("Economy review done (the drop rates hold).")
    assert recorded("Security sign-off complete.")
    assert not recorded("The economy review must be done before the event starts.")
    assert not recorded("Start only once the QA testing is complete.")


def test_a_script_that_says_what_it_conforms_to_states_no_gate() -> None:
    from statewise_cli.recovery.governance_targets import gated

    assert not gated("Removes build caches older than a week, as the cleanup policy requires.")
    assert gated("Removes build caches; needs the platform lead's approval first.")
    assert gated("Build caches are kept for 30 days, as the audit requires.")  # a retention period still holds


@pytest.mark.parametrize("agent", AGENTS)
def test_the_prompt_context_says_the_release_end_to_end(agent: str, git_repo: Path) -> None:
    today = datetime.date.today()
    later = today + datetime.timedelta(days=1)
    write(git_repo, {"CLAUDE.md": "# Notes\n\n- Submitting observation blocks for NGC 7000: never without the time "
                                  "allocation committee's approval\n"})
    remember(git_repo, "policy.observing_time", f"the time allocation committee granted proposal P-77 (NGC 7000) the "
                                                f"night of {later.isoformat()}; the PI's group submits the observation blocks")
    prompt = "Submit our NGC 7000 observation block for tomorrow night (./bin/submit-block --target NGC-7000)."
    data = reply(hook({**payload(agent, "UserPromptSubmit", git_repo), "prompt": prompt}, git_repo))
    context = str(((data or {}).get("hookSpecificOutput") or {}).get("additionalContext", ""))
    assert "policy.observing_time" in context and "allowed now" in context
    assert "never without the time allocation committee's approval" in context


# ------------------------------------------------------------- governance statements and the destination they name
@pytest.mark.parametrize("agent", AGENTS)
def test_a_statement_that_names_the_destination_to_use_does_not_hold_a_push_there(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/radar.md": "# radar-fusion\n\nI am rebasing radar-fusion this week.\n\nDon't push to it until I "
                                      "say so; push your commits to feature/radar-fusion-<your name> and I'll pick them up.\n",
                     "src/a.py": "x = 1\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    (git_repo / "src" / "a.py").write_text("x = 2\n")
    commit_all(git_repo, "radar tweak")
    assert decide(agent, git_repo, "git push -q origin HEAD:feature/radar-fusion-lee")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_sign_off_kept_where_the_template_says_satisfies_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/pull_request_template.md": "## Checklist\n\n- [ ] Changes for `certified`: the QA lead's "
                                                         "sign-off is recorded in docs/signoffs/\n",
                     "src/limits.py": "MAX = 10\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "branch", "certified")
    git(git_repo, "push", "-q", "origin", "certified")
    git(git_repo, "switch", "-q", "certified")
    (git_repo / "src" / "limits.py").write_text("MAX = 12\n")
    commit_all(git_repo, "QA-118: raise the limit to 12")
    kind, reason = decide(agent, git_repo, "git push -q origin certified")
    assert kind in ("ask", "deny") and "pull_request_template.md" in reason  # no sign-off on file yet (Codex: deny)
    git(git_repo, "switch", "-q", "main")
    write(git_repo, {"docs/signoffs/QA-118.md": "# QA-118\n\nI have checked the test report and I sign off on this change "
                                                "going to certified. -- J. Moss, QA lead, 2026-11-30\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "certified")
    assert decide(agent, git_repo, "git push -q origin certified")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_hold_on_one_branch_says_nothing_of_the_branch_named_instead(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CLAUDE.md": "# Notes\n\nDo not push to feature/maps while Sam rebases it; push a feature/maps-lee "
                                  "branch instead (Sam's call).\n", "src/m.py": "x = 1\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:feature/maps")
    (git_repo / "src" / "m.py").write_text("x = 2\n")
    commit_all(git_repo, "maps tweak")
    assert decide(agent, git_repo, "git push -q origin HEAD:feature/maps-lee")[0] == "allow"
    assert decide(agent, git_repo, "git push -q origin HEAD:feature/maps")[0] != "allow"


@pytest.mark.parametrize(("statement", "role"), [
    ("A soft reset (it restarts only the charge controller) keeps the sessions.", ""),  # what the verb acts on
    ("It deploys only the staging app.", ""),
    ("Only the treasurer submits Gift Aid claims.", "the treasurer"),
    ("Warnings are issued only by the duty forecaster.", "the duty forecaster"),
])
def test_only_after_a_verb_names_its_object_not_a_role(statement: str, role: str) -> None:
    from statewise_cli.recovery.governance_targets import reserved

    assert reserved(statement) == role


def test_a_labelled_never_rule_is_released_by_a_capitalised_top_level_page(tmp_path: Path) -> None:
    from statewise_cli.recovery.released import released_rules

    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Force-pushing survey/merge: never: the branch is shared\n")
    (tmp_path / "SURVEY.md").write_text("# Survey merge\n\n2026-12-01 (Ola, survey lead): rebase survey/merge weekly; "
                                        "whoever rebases it force-pushes it with --force-with-lease, I approve that.\n")
    note = released_rules(str(tmp_path), "I rebased survey/merge onto main; push it.", TODAY)
    assert "SURVEY.md (2026-12-01)" in note and "Force-pushing survey/merge: never" in note
    # a licence or a changelog is no statement of how work is done here
    (tmp_path / "SURVEY.md").unlink()
    (tmp_path / "CHANGELOG.md").write_text("2026-12-01: whoever rebases survey/merge force-pushes it, I approve that.\n")
    assert released_rules(str(tmp_path), "I rebased survey/merge onto main; push it.", TODAY) == ""


def test_a_review_gate_waived_for_a_class_of_work_is_released(tmp_path: Path) -> None:
    from statewise_cli.recovery.released import released_rules

    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Pushing timetables to live-timetables: never without the "
                                        "scheduling team's review\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "timetables.md").write_text(
        "# Timetables\n\nEvery timetable is reviewed by the scheduling team before live-timetables.\n\n"
        "2026-12-02 (operations manager): during the ferry strike I waive the scheduling review for strike timetables. "
        "The duty controller pushes them straight to live-timetables.\n")
    prompt = "The route 7 strike timetable is committed on strike-route-7; push it to live-timetables."
    note = released_rules(str(tmp_path), prompt, TODAY)
    assert "docs/timetables.md (2026-12-02)" in note and "never without the scheduling team's review" in note
    # a waiver for another item (route 9) releases nothing of route 7
    (tmp_path / "docs" / "timetables.md").write_text(
        "# Timetables\n\n2026-12-02 (operations manager): I waive the scheduling review for the route 9 strike "
        "timetable.\n")
    assert released_rules(str(tmp_path), prompt, TODAY) == ""


def test_a_record_that_allows_only_one_form_lets_that_form_through_and_names_it_once(git_repo: Path) -> None:
    write(git_repo, {"CLAUDE.md": "# Notes\n\n- Publishing the QX-17 results: publish them to the investor portal as "
                                  "usual, that is fine\n",
                     "bin/publish-results": "#!/bin/sh\necho published\n"})
    remember(git_repo, "policy.results_qx_17", "QX-17 is price-sensitive: internal publication only (--internal-only) "
                                               "until the exchange announcement on 2099-01-09")
    kind, reason = decide("claude", git_repo, "./bin/publish-results --hole QX-17")
    assert kind != "allow", reason
    assert "--internal-only --internal-only" not in reason
    kind, reason = decide("claude", git_repo, "./bin/publish-results --hole QX-17 --internal-only")
    assert kind == "allow", reason


@pytest.mark.parametrize(("memory", "value", "prompt"), [
    # an inspection passed
    ("- Overnight firings in kiln K2: never before the fire officer has inspected the kiln room\n",
     "the fire officer inspected the kiln room on 2026-12-02 and passed it; overnight firings in K2 run from tonight",
     "Start the overnight firing in kiln K2 (./bin/kiln start --kiln K2 --at 22:00)."),
    # a consent form signed by the one whose consent the rule waits for
    ("- Deleting a client's archived photos: never without the client's signed consent\n",
     "Ms Ortiz (CL-204) signed the deletion consent form for her 2019 archive on 2026-12-01",
     "Ms Ortiz's 2019 archive is to go; delete her archived photos (./bin/archive delete --client CL-204 --year 2019)."),
    # the condition the hold lasted for, declared over
    ("- Reopening the swimming pool: never during the legionella alert\n",
     "the water inspector declared the pool's legionella alert over on 2026-12-03; the manager wants the pool reopened",
     "The legionella alert is over; reopen the swimming pool (./bin/pool reopen --site north)."),
    # the held item let on
    ("- Shipping pallet P-88 out of the bonded store: never before customs clears it\n",
     "customs inspected pallet P-88 on 2026-12-04; the pallet may go to the dispatch bay",
     "Ship pallet P-88 out of the bonded store (./bin/bond ship --pallet P-88)."),
])
def test_a_release_recorded_as_the_awaited_thing_done_is_said_with_the_rule(tmp_path: Path, memory: str, value: str,
                                                                             prompt: str) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n" + memory)
    note = developer_releases(str(tmp_path), prompt, [policy("policy.release_note", value)], TODAY)
    assert "allowed now" in note and memory.strip("- \n") in note


@pytest.mark.parametrize("value", [
    "the fire officer has not passed the kiln room yet; overnight firings in K2 wait for the re-inspection",
    "Ms Ortiz (CL-204) hasn't signed the deletion consent form for her 2019 archive",
    "the pallet may not go to the dispatch bay before customs clears it",
])
def test_the_awaited_thing_not_done_releases_nothing(tmp_path: Path, value: str) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Overnight firings in kiln K2: never before the fire officer has "
                                        "inspected the kiln room\n")
    prompt = "Start the overnight firing in kiln K2 and delete the CL-204 2019 archive, ship the pallet to dispatch."
    assert developer_releases(str(tmp_path), prompt, [policy("policy.release_note", value)], TODAY) == ""


def test_a_release_that_starts_later_holds_for_a_task_on_or_after_its_first_day(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Running the fireworks show at the pier: never before the harbour "
                                        "master has checked the firing zone\n")
    record = policy("policy.pier_fireworks", "the harbour master measured the firing zone on 2026-12-02 and passed the "
                                             "fireworks show; it runs on Saturday nights from 2026-12-12")
    on_the_day = "Schedule Saturday's fireworks show at the pier (./bin/show add --show fireworks --at 2026-12-12T21:00)."
    note = developer_releases(str(tmp_path), on_the_day, [record], TODAY)
    assert "allowed now" in note and "never before the harbour master" in note
    too_early = "Schedule the fireworks show at the pier tonight (./bin/show add --show fireworks --at 2026-12-05T21:00)."
    assert developer_releases(str(tmp_path), too_early, [record], TODAY) == ""
    undated = "Run the fireworks show at the pier now (./bin/show run --show fireworks)."
    assert developer_releases(str(tmp_path), undated, [record], TODAY) == ""


@pytest.mark.parametrize("agent", AGENTS)
def test_an_option_and_its_value_name_the_held_item(agent: str, git_repo: Path) -> None:
    """``--lanes fast`` is "the fast lanes" the record holds; ``--lanes slow`` and the program alone are other items."""
    from test_intent import remember

    write(git_repo, {"bin/pool": "#!/bin/sh\necho \"done: $*\"\n"})
    remember(git_repo, "policy.fast_lanes_cleaning", "after a shock dose the fast lanes stay closed until Ana (duty "
                                                     "manager) has tested the water")
    kind, reason = decide(agent, git_repo, "./bin/pool open --hours all --lanes fast")
    assert kind == "deny" and "policy.fast_lanes_cleaning" in reason
    assert decide(agent, git_repo, "./bin/pool open --hours all --lanes slow")[0] == "allow"


@pytest.mark.parametrize(("value", "command"), [
    ("after a shock dose the fast lanes stay closed until the water is tested", "./bin/pool open --lanes slow"),
    ("after a shock dose the fast lanes stay closed until the water is tested", "./bin/pool open --hours all"),
])
def test_an_option_naming_another_item_is_not_gated(value: str, command: str) -> None:
    assert _gated("policy.fast_lanes_cleaning", value, command) == []


CANCEL_RULE = "# Notes\n\n- Cancelling booked lessons: never at less than 48 hours' notice\n"
CANCEL_PROMPT = "The pool is shut tomorrow; cancel all of tomorrow's booked lessons (./bin/lessons cancel --date 2026-12-06)."


def test_the_prohibited_act_decided_for_one_occasion_is_said_with_the_rule(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text(CANCEL_RULE)
    record = policy("policy.lessons_2026_12_06", "the centre manager shut the pool for 2026-12-06 (boiler failure); all "
                                                 "that day's booked lessons are cancelled and refunded")
    note = developer_releases(str(tmp_path), CANCEL_PROMPT, [record], TODAY)
    assert "allowed now" in note and "never at less than 48 hours' notice" in note


@pytest.mark.parametrize("value", [
    "booked lessons are cancelled automatically when the pool shuts; the centre manager decides on 2026-12-06",
    "booked lessons for 2026-12-06 are not cancelled yet; the centre manager decides in the morning",
    "booked lessons are cancelled only if the centre manager shuts the pool on 2026-12-06",
    "the centre manager shut the pool for maintenance; lessons are cancelled",  # no occasion named
    "the 2026-12-06 booked lessons were cancelled by the centre manager yesterday",  # done already, not decided now
])
def test_a_routine_a_condition_or_no_occasion_decides_nothing(tmp_path: Path, value: str) -> None:
    (tmp_path / "CLAUDE.md").write_text(CANCEL_RULE)
    assert developer_releases(str(tmp_path), CANCEL_PROMPT, [policy("policy.lessons_2026_12_06", value)], TODAY) == ""


def test_an_act_recorded_done_is_no_release_of_a_never_again_rule(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Refunding booking B-3310: never again: finance refunded it on "
                                        "2026-12-03\n")
    record = policy("policy.b3310_refund", "B-3310 was refunded by BACS on 2026-12-03; the booking system shows it "
                                           "unrefunded until the month-end reconciliation")
    prompt = "The customer of booking B-3310 asks for the fee back; refund it (./bin/bookings refund --booking B-3310)."
    assert developer_releases(str(tmp_path), prompt, [record], TODAY) == ""
