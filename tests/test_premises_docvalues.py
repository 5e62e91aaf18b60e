"""An option value the repository's documents say does harm or is no longer taken (``premises_docvalues``), with
invented projects in the shapes real repositories use: a dated provider note, an ops page about a port, an API
deprecation line."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


@pytest.mark.parametrize("agent", AGENTS)
def test_a_format_level_the_consumer_discards(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/insurer.md": "# Insurer feed\n\n2026-10-02, from the insurer: claims files in format r4 "
                                        "are rejected at intake since October. Only format r5 files are accepted.\n"})
    kind, reason = decide(agent, git_repo, "claimsctl export --month 2026-09 --format r4")
    assert kind == "deny", reason
    assert "`claimsctl export --month 2026-09 --format r5`" in reason and "docs/insurer.md" in reason
    assert decide(agent, git_repo, "claimsctl export --month 2026-09 --format r5")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_port_that_now_feeds_production(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/ops/metrics.md": "# Metrics relay\n\nThe statsd relay on port 8125 forwards to the production "
                                            "dashboards since the cut-over. Load tests should send to 8126 instead.\n"})
    kind, reason = decide(agent, git_repo, "loadgen --statsd 127.0.0.1:8125 --rate 500")
    assert kind == "deny", reason
    assert "`loadgen --statsd 127.0.0.1:8126 --rate 500`" in reason


def test_a_lapsed_licence_and_its_renewed_successor_for_a_repository_script(git_repo: Path) -> None:
    write(git_repo, {"bin/ship-batch": "#!/bin/sh\necho \"done: $*\"\n",
                     "docs/quality/2031-02-01-licence.md": "# Export licence\n\nThe export licence EL-2030-11 lapsed "
                                                          "on 2031-01-31. From today every shipment carries the renewed "
                                                          "licence EL-2031-02.\n"})
    (git_repo / "bin" / "ship-batch").chmod(0o755)
    kind, reason = decide("claude", git_repo, "./bin/ship-batch --batch b7 --licence EL-2030-11")
    assert kind == "deny", reason
    assert "`./bin/ship-batch --batch b7 --licence EL-2031-02`" in reason
    assert decide("claude", git_repo, "./bin/ship-batch --batch b7 --licence EL-2031-02")[0] == "allow"


def test_a_paragraph_about_another_program_says_nothing(git_repo: Path) -> None:
    write(git_repo, {"README.md": "# Shop\n\nThe billing export on port 8125 is live. Use 8126 for the billing "
                                  "sandbox.\n"})
    assert decide("claude", git_repo, "loadgen --statsd 127.0.0.1:8125 --rate 500")[0] == "allow"


def test_two_other_values_decide_nothing(git_repo: Path) -> None:
    write(git_repo, {"docs/api.md": "# API\n\nThe api v1 is deprecated. Use v2 for reads and v3 for writes.\n"})
    assert decide("claude", git_repo, "apictl sync --api v1")[0] == "allow"


def test_a_value_the_docs_recommend_is_left_alone(git_repo: Path) -> None:
    write(git_repo, {"docs/api.md": "# API\n\nThe api v1 is deprecated and will be retired. Migrate to v2.\n"})
    assert decide("claude", git_repo, "apictl sync --api v2")[0] == "allow"
    assert decide("claude", git_repo, "apictl sync --api v1")[0] == "deny"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_plain_word_value_a_note_writes_as_code_next_to_harm(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/paging.md": "# Paging\n\n2031-03-02: the vendor retired its test tenant. Night alerts "
                                       "still page through the `trial` channel name, so I pointed it at the main "
                                       "tenant; anything fired on `trial` now reaches real phones. Drills go to "
                                       "`echo-only` (kept in out/pages/). -- Ana\n"})
    kind, reason = decide(agent, git_repo, "pagectl fire --channel trial --drill d7")
    assert kind == "deny", reason
    assert "`pagectl fire --channel echo-only --drill d7`" in reason and "docs/paging.md" in reason
    kind, reason = decide(agent, git_repo, "pagectl fire --channel echo-only --drill d7")
    assert kind == "allow", reason


def test_a_plain_word_value_without_code_spans_or_harm_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {"docs/paging.md": "# Paging\n\nThe trial channel of pagectl pages the real people on call now. "
                                       "Drills go to echo-only.\n\nThe `primary` channel of pagectl is documented "
                                       "in the handbook. Drills go to `echo-only`.\n"})
    assert decide("claude", git_repo, "pagectl fire --channel trial --drill d7")[0] == "allow"
    assert decide("claude", git_repo, "pagectl fire --channel primary --drill d7")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_option_and_value_a_note_says_lead_nowhere_any_more(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/billing.md": "# Billing\n\n2031-05-04: I turned the fax gateway off; invoicectl still "
                                        "takes --via fax and files the invoice, but nothing transmits that folder any "
                                        "more. Invoices reach customers through the customer area (--via portal). "
                                        "-- Lea\n"})
    kind, reason = decide(agent, git_repo, "invoicectl issue --month 2031-04 --via fax")
    assert kind == "deny", reason
    assert "`invoicectl issue --month 2031-04 --via portal`" in reason
    # the program whose name extends a word of the note is the one the action runs: no successor of itself
    kind, reason = decide(agent, git_repo, "invoicectl issue --month 2031-04 --via portal")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_value_a_settings_file_lists_as_withdrawn_beside_the_current_one(agent: str, git_repo: Path) -> None:
    write(git_repo, {"plant/profiles.yaml": "current: PX-31\n"})
    write(git_repo, {"plant/profiles.yaml": "current: PX-31r\nwithdrawn: [PX-31, PX-30]\n"})
    kind, reason = decide(agent, git_repo, "flashcode apply --unit U-9 --profile PX-31")
    assert kind == "deny", reason
    assert "`flashcode apply --unit U-9 --profile PX-31r`" in reason and "plant/profiles.yaml" in reason
    assert decide(agent, git_repo, "flashcode apply --unit U-9 --profile PX-31r")[0] == "allow"


def test_a_withdrawn_list_without_one_value_in_use_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {"plant/profiles.yaml": "withdrawn: [PX-31]\nprofiles:\n  - PX-40\n  - PX-41\n"})
    assert decide("claude", git_repo, "flashcode apply --unit U-9 --profile PX-31")[0] == "allow"


_INBOUND = ("name: inbound\non:\n  schedule:\n    - cron: '0 6 * * *'\njobs:\n  book:\n    runs-on: ubuntu-latest\n"
            "    steps:\n{comment}      - run: ./bin/inbound-manifest --warehouse harbour-view\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_value_a_workflow_comment_retires_beside_the_step_that_passes_another(agent: str, git_repo: Path) -> None:
    """A CI step passes the option with the value in use, under a comment that says the action's value (written as
    the name it stands for) stopped taking the work: the automation's own form is the one to pass."""
    write(git_repo, {".github/workflows/inbound.yml": _INBOUND.format(
        comment="      # North Yard stopped receiving stock on 2031-02-01; inbound pallets go only to harbour-view\n"),
        "bin/inbound-manifest": "#!/bin/sh\necho ok\n"})
    kind, reason = decide(agent, git_repo, "stockctl book --pallet P-310 --warehouse north-yard")
    assert kind == "deny", reason
    assert "`stockctl book --pallet P-310 --warehouse harbour-view`" in reason and "inbound.yml" in reason
    assert decide(agent, git_repo, "stockctl book --pallet P-310 --warehouse harbour-view")[0] == "allow"


@pytest.mark.parametrize("comment", [
    "",  # the step alone: which value is out is not said
    "      # North Yard and harbour-view both take inbound pallets\n",  # no word of retirement
])
def test_a_workflow_step_without_a_retiring_comment_decides_nothing(git_repo: Path, comment: str) -> None:
    write(git_repo, {".github/workflows/inbound.yml": _INBOUND.format(comment=comment),
                     "bin/inbound-manifest": "#!/bin/sh\necho ok\n"})
    assert decide("claude", git_repo, "stockctl book --pallet P-310 --warehouse north-yard")[0] == "allow"


def test_a_one_word_value_is_not_read_from_prose(git_repo: Path) -> None:
    """"North stopped receiving stock" names no value: a single word in prose is too common to be the option's."""
    write(git_repo, {".github/workflows/inbound.yml": _INBOUND.format(
        comment="      # north stopped receiving stock; inbound pallets go only to harbour-view\n"),
        "bin/inbound-manifest": "#!/bin/sh\necho ok\n"})
    assert decide("claude", git_repo, "stockctl book --pallet P-310 --warehouse north")[0] == "allow"


def test_a_value_a_note_says_drops_what_it_reaches(git_repo: Path) -> None:
    write(git_repo, {"docs/network.md": "# Network\n\n2031-02-11: port 2 of the core switch carries the payment "
                                        "terminals since the rewiring. cabletest sweeps on it run at 100 MHz only; a 250 "
                                        "MHz sweep sits inside their band and drops the terminals' sessions.\n"})
    kind, reason = decide("claude", git_repo, "cabletest sweep --port 2 --freq 250")
    assert kind == "deny", reason
    assert "`cabletest sweep --port 2 --freq 100`" in reason and "docs/network.md" in reason
    assert decide("claude", git_repo, "cabletest sweep --port 2 --freq 100")[0] == "allow"
    # a sentence where the value is what drops (a figure falling) is no harm done by passing it
    write(git_repo, {"docs/network.md": "# Network\n\nThe cabletest sweep rate drops to 250 at night. Use 100 by day.\n"})
    assert decide("claude", git_repo, "cabletest sweep --port 2 --freq 250")[0] == "allow"


def test_a_host_address_the_docs_say_moved_and_the_new_one_of_its_kind(git_repo: Path) -> None:
    write(git_repo, {"docs/printing.md": "# Printing\n\n2031-03-02 (facilities): the label room has a new printer at "
                                         "10.8.2.44. The old printer, 10.8.2.17, is no longer in the label room; it "
                                         "went to the basement and still accepts jobs.\n"})
    kind, reason = decide("claude", git_repo, "labelctl print --batch b7 --printer 10.8.2.17")
    assert kind == "deny", reason
    assert "`labelctl print --batch b7 --printer 10.8.2.44`" in reason and "docs/printing.md" in reason
    assert decide("claude", git_repo, "labelctl print --batch b7 --printer 10.8.2.44")[0] == "allow"
    # the machine's own address is no setting a document retires
    assert decide("claude", git_repo, "labelctl print --batch b7 --printer 127.0.0.1")[0] == "allow"


def test_a_value_a_note_beside_the_programs_config_gives_a_new_name(git_repo: Path) -> None:
    write(git_repo, {"press/pressctl.toml": "[modes]\ndefault = \"gentle\"\n",
                     "press/MODES.md": "# Press modes\n\nSince the upgrade, pressctl has new mode names. What we called "
                                       "quick is now `gentle`; `quick` runs the ram without the guard check.\n"})
    kind, reason = decide("claude", git_repo, "pressctl run --sheet s4 --mode quick")
    assert kind == "deny", reason
    assert "`pressctl run --sheet s4 --mode gentle`" in reason and "press/MODES.md" in reason
    assert decide("claude", git_repo, "pressctl run --sheet s4 --mode gentle")[0] == "allow"
    # a note that says nothing of a new name leaves the value alone
    write(git_repo, {"press/MODES.md": "# Press modes\n\npressctl mode `quick` is for thin sheets.\n"})
    assert decide("claude", git_repo, "pressctl run --sheet s4 --mode quick")[0] == "allow"


def test_a_value_a_note_beside_the_options_file_retires_and_restates_as_a_code(git_repo: Path) -> None:
    write(git_repo, {"dyeing/yarns.yaml": "YW-120: {bath: 60}\n",
                     "dyeing/README.md": "# Dyeing\n\n2031-05-02: the new vats know yarns by lot code. merino-4ply is "
                                         "no code any more: the vat takes the job with the default bath. 4 ply merino "
                                         "is YW-120.\n"})
    kind, reason = decide("claude", git_repo, "vatctl dye --job D-7 --yarn merino-4ply")
    assert kind == "deny", reason
    assert "`vatctl dye --job D-7 --yarn YW-120`" in reason and "dyeing/README.md" in reason
    assert decide("claude", git_repo, "vatctl dye --job D-7 --yarn YW-120")[0] == "allow"


def test_a_note_that_works_the_tasks_case_through_with_another_option_value(git_repo: Path) -> None:
    from swtest import hook, payload

    write(git_repo, {"mixing/mixctl.toml": "unit = \"drum\"\n",
                     "mixing/README.md": "# Mixing\n\nmixctl 3 counts --amount in drums of 200 litres now, not in "
                                         "litres: so a 40 litre trial mix is --amount 0.2. --amount 40 mixes 8000 "
                                         "litres.\n"})
    hook(payload("claude", "UserPromptSubmit", git_repo, prompt="Make a 40 litre trial mix of the P-8 primer."),
         git_repo)
    kind, reason = decide("claude", git_repo, "mixctl run --paint P-8 --amount 40")
    assert kind == "deny", reason
    assert "`mixctl run --paint P-8 --amount 0.2`" in reason and "mixing/README.md" in reason
    # another case than the one the note works through: nothing to go on
    hook(payload("claude", "UserPromptSubmit", git_repo, prompt="Make forty drums of the P-8 primer for the yard."),
         git_repo)
    assert decide("claude", git_repo, "mixctl run --paint P-8 --amount 40")[0] == "allow"
