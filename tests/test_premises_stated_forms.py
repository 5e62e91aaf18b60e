"""Forms the project states outside code spans, and values the action carries into another program's recipe.

* An option written in the prose of a dated or normative paragraph about the action's work ("I export every report
  with --format pdfa", "they receive summaries only (--level summary)") gives that option's value; a paragraph about
  other work, or one offering two values, says nothing.
* A CI workflow step that runs the same program and subcommand, under a comment stating a rule ("# the store takes
  AAB bundles only"), gives the step's form, with what the workflow fills in at run time (``$FLAVOR``) taken from the
  action; a step without such a comment says nothing.
* A successor's recipe line with variables (``--site $(SITE)``) gets the stopped action's values.
* A developer's record that names an item by its identifier (``CS-4410``) is about a file named for it.
* A record that rules out one number and states another ("the run is 3,000 copies; never order 5,000", a decimal
  such as "at 0.8 kg/min; never the 1.5 default" alike) allows the stated one and offers it in place of the other.
* A record that states an option's hyphenated value as words ("a full hand polish") and rules out another kind of
  the same thing ("never a quick polish") allows the stated one; a record that says nobody (else) does an act
  reserves it.
* A restrictive record ("… is suspended …") about what a program's name says it acts on (``start-flushing``) gates
  it; a paragraph that sends the work to one item "only" allows that item and offers it in place of another.

Invented programs, notes and records."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swtest import AGENTS, run_statewise
from test_premises import decide, write


def _tool(repo: Path, name: str) -> None:
    (repo / "bin").mkdir(exist_ok=True)
    (repo / "bin" / name).write_text("#!/bin/sh\necho \"$@\"\n")
    os.chmod(repo / "bin" / name, 0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_an_option_a_first_person_note_writes_in_prose(agent: str, git_repo: Path) -> None:
    write(git_repo, {"reports/Q3.yaml": "quarter: 3\n",
                     "docs/records.md": "# Records\n\n2026-10-14: the county archive takes PDF/A files only now. I "
                                        "export every quarterly report with --format pdfa. -- Ana, records manager\n"})
    kind, reason = decide(agent, git_repo, "repctl export --report Q3 --format pdf")
    assert kind == "deny", reason
    assert "repctl export --report Q3 --format pdfa" in reason
    assert decide(agent, git_repo, "repctl export --report Q3 --format pdfa")[0] == "allow"


def test_a_parenthesised_option_in_a_rule_paragraph(git_repo: Path) -> None:
    write(git_repo, {"docs/sharing.md": "# Sharing\n\nUnder the new agreement the regulator receives summary "
                                        "figures only (--level summary), never row-level data.\n"})
    kind, reason = decide("claude", git_repo, "statsctl share --to regulator --level rows")
    assert kind == "deny", reason
    assert "statsctl share --to regulator --level summary" in reason


def test_prose_options_about_other_work_or_with_two_values_say_nothing(git_repo: Path) -> None:
    write(git_repo, {"docs/media.md": "# Media\n\nThumbnails must be rendered with --format webp.\n",
                     "docs/sharing.md": "# Sharing\n\nThe regulator takes --level summary or --level rows, only "
                                        "as agreed per request.\n"})
    assert decide("claude", git_repo, "repctl export --report Q3 --format pdf")[0] == "allow"
    assert decide("claude", git_repo, "statsctl share --to regulator --level rows")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_workflow_step_under_a_rule_comment(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/publish.yml":
                     "name: publish\non: [workflow_dispatch]\njobs:\n  store:\n    runs-on: ubuntu-latest\n"
                     "    steps:\n      # the store takes AAB bundles only since the 2026-08 console change\n"
                     "      - run: apkgen build --flavor $FLAVOR --format aab\n      - run: ./bin/upload $FLAVOR\n"})
    kind, reason = decide(agent, git_repo, "apkgen build --flavor free --format apk")
    assert kind == "deny", reason
    assert "apkgen build --flavor free --format aab" in reason
    assert "$FLAVOR" not in reason.split("Safe alternative")[-1]
    assert decide(agent, git_repo, "apkgen build --flavor free --format aab")[0] == "allow"


def test_a_workflow_step_without_a_rule_says_nothing(git_repo: Path) -> None:
    write(git_repo, {".github/workflows/nightly.yml":
                     "name: nightly\non: [workflow_dispatch]\njobs:\n  build:\n    runs-on: ubuntu-latest\n"
                     "    steps:\n      - run: apkgen build --flavor $FLAVOR --format aab\n"})
    assert decide("claude", git_repo, "apkgen build --flavor free --format apk")[0] == "allow"


def test_recipe_variables_take_the_stopped_actions_values() -> None:
    from statewise_cli.recovery.premises_history import fill_variables

    assert fill_variables("nmsctl alarms export --site $(SITE) --since 24h",
                          ["alarm", "export", "--site", "CS-4410", "--since", "24h"]) == \
        "nmsctl alarms export --site CS-4410 --since 24h"
    assert fill_variables("ranctl cell lock --site ${SITE} --all-sectors", ["lock", "CS-2207"]) == \
        "ranctl cell lock --site CS-2207 --all-sectors"
    # two operands could fill the one variable: it stays
    assert fill_variables("ranctl cell lock --site $SITE", ["lock", "CS-2207", "CS-2208"]) == \
        "ranctl cell lock --site $SITE"
    assert fill_variables("ranctl cell lock --all", ["lock", "CS-2207"]) == "ranctl cell lock --all"


def _remember(repo: Path, key: str, text: str) -> None:
    result = run_statewise(["remember", key, text, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("agent", AGENTS)
def test_a_record_naming_an_item_gates_the_file_named_for_it(agent: str, git_repo: Path) -> None:
    _tool(git_repo, "apply-change")
    write(git_repo, {"changes/RTR-0412-acl.yaml": "router: RTR-0412\n", "changes/RTR-0977-acl.yaml": "router: RTR-0977\n"})
    _remember(git_repo, "policy.core_router_hold", "no changes to the core router RTR-0412 until the vendor case is "
                                                   "closed, including its ACL update")
    kind, reason = decide(agent, git_repo, "./bin/apply-change --file changes/RTR-0412-acl.yaml")
    assert kind != "allow", reason
    assert decide(agent, git_repo, "./bin/apply-change --file changes/RTR-0977-acl.yaml")[0] == "allow"


def test_a_record_puts_one_number_in_place_of_another(git_repo: Path) -> None:
    _tool(git_repo, "order-stock")
    _remember(git_repo, "policy.sku_2207_order", "the SKU-2207 reorder is 1,200 units, cut from 2,000 after the stock "
                                                 "count; never order 2,000")
    assert decide("claude", git_repo, "./bin/order-stock --sku SKU-2207 --units 1200")[0] == "allow"
    kind, reason = decide("claude", git_repo, "./bin/order-stock --sku SKU-2207 --units 2000")
    assert kind == "deny", reason
    assert "./bin/order-stock --sku SKU-2207 --units 1200" in reason


def test_a_record_puts_one_decimal_value_in_place_of_another(git_repo: Path) -> None:
    _tool(git_repo, "set-rate")
    _remember(git_repo, "policy.line_3_feed_rate", "the supplier's notice of 2026-11-02 holds line 3's feed rate at "
                                                   "0.8 kg/min from 1 December to 28 February; never the 1.5 kg/min "
                                                   "default")
    assert decide("claude", git_repo, "./bin/set-rate --line 3 --kgmin 0.8")[0] == "allow"
    kind, reason = decide("claude", git_repo, "./bin/set-rate --line 3 --kgmin 1.5")
    assert kind == "deny", reason
    assert "./bin/set-rate --line 3 --kgmin 0.8" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_record_puts_one_kind_in_place_of_another_in_words(agent: str, git_repo: Path) -> None:
    # the option's hyphenated value is the record's words: `--finish full-hand-polish` is "a full hand polish"
    _tool(git_repo, "book-job")
    _remember(git_repo, "policy.bench_2_finish", "after any resin job, bench 2 gets a full hand polish before a "
                                                 "food-contact part (workshop lead, 2026-10-04); never a quick polish")
    assert decide(agent, git_repo, "./bin/book-job --bench 2 --part tray-7 --finish full-hand-polish")[0] == "allow"
    kind, reason = decide(agent, git_repo, "./bin/book-job --bench 2 --part tray-7 --finish quick-polish")
    assert kind == "deny", reason
    assert "policy.bench_2_finish" in reason


def test_a_record_reserving_an_act_to_someone_gates_it(git_repo: Path) -> None:
    _tool(git_repo, "send-quote")
    _tool(git_repo, "list-quotes")
    _remember(git_repo, "policy.export_quotes", "export quote prices are set by the trade manager (Ravi); nobody "
                                                "sends a quote he has not priced")
    kind, reason = decide("claude", git_repo, "./bin/send-quote --quote Q-88 --price 12.40")
    assert kind != "allow", reason
    assert "policy.export_quotes" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_folders_checklist_adds_the_option_it_gives_the_program(agent: str, git_repo: Path) -> None:
    write(git_repo, {"intake/CHECKLIST.md": "# Intake\n\n1. Screening on every applicant, with --depth full.\n\n"
                                            "2026-10-03 (compliance lead): the screening default now covers the last "
                                            "year only unless you give screenctl --depth full.\n"})
    kind, reason = decide(agent, git_repo, "screenctl screen --applicant A-1187")
    assert kind == "deny", reason
    assert "screenctl screen --applicant A-1187 --depth full" in reason
    assert decide(agent, git_repo, "screenctl screen --applicant A-1187 --depth full")[0] == "allow"


def test_a_folder_document_without_a_rule_adds_nothing(git_repo: Path) -> None:
    write(git_repo, {"intake/README.md": "# Intake\n\nscreenctl can also take --depth full for a longer look.\n"})
    assert decide("claude", git_repo, "screenctl screen --applicant A-1187")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_suspension_record_names_what_the_program_acts_on(agent: str, git_repo: Path) -> None:
    _tool(git_repo, "start-flushing")
    _tool(git_repo, "start-sampling")
    _remember(git_repo, "policy.network_work", "all hydrant flushing is suspended while the reservoir is low, at least "
                                               "until 2099-01-01 (water quality officer)")
    kind, reason = decide(agent, git_repo, "./bin/start-flushing --zone Z4")
    assert kind != "allow", reason
    assert "policy.network_work" in reason
    assert decide(agent, git_repo, "./bin/start-sampling --zone Z4")[0] == "allow"


def test_a_paragraphs_only_target_is_what_it_prescribes(git_repo: Path) -> None:
    write(git_repo, {"docs/privacy.md": "# Privacy\n\n2026-10-02: subscribers-all still holds 900 addresses without "
                                        "consent. Mailing them breaches the consent rules; newsletters go to "
                                        "subscribers-optin only. -- privacy lead\n"})
    assert decide("claude", git_repo, "mailer send --issue 42 --list subscribers-optin")[0] == "allow"
    kind, reason = decide("claude", git_repo, "mailer send --issue 42 --list subscribers-all")
    assert kind != "allow", reason
    assert "mailer send --issue 42 --list subscribers-optin" in reason
