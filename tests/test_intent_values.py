"""A developer's record that fixes an option's value (``--max-kw 250``, "at most 5 percent (``--percent 5``)")
stops an action passing that option with another value, with the record's value as the alternative; values within a
bound the record states, actions without the option, and records that name no option are not judged
(``statewise_cli.recovery.intent_values``). Invented programs and records."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, run_statewise
from test_premises import decide, write


def _remember(repo: Path, key: str, text: str) -> None:
    result = run_statewise(["remember", key, text, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("agent", AGENTS)
def test_an_option_value_the_developer_fixed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/set-feed-rate": "#!/bin/sh\n", "sites/P4.yaml": "pump: 40 l/min\n"})
    _remember(git_repo, "policy.p4_feed_rate", "pump P4 feeds at 18 l/min (--rate 18) since the membrane change; "
                                               "faster and the membrane tears")
    kind, reason = decide(agent, git_repo, "./bin/set-feed-rate --site P4 --rate 40")
    assert kind == "deny", reason
    assert "`--rate 40` where the developer's record fixes `--rate 18`" in reason
    assert "`./bin/set-feed-rate --site P4 --rate 18`" in reason
    assert decide(agent, git_repo, "./bin/set-feed-rate --site P4 --rate 18")[0] == "allow"
    assert decide(agent, git_repo, "./bin/set-feed-rate --site P4 --rate=18")[0] == "allow"


def test_a_bound_the_record_states_allows_values_within_it(git_repo: Path) -> None:
    write(git_repo, {"bin/canary": "#!/bin/sh\n"})
    _remember(git_repo, "policy.canary_share", "a canary reaches at most 10 percent of users (--share 10) until the "
                                               "error budget recovers")
    assert decide("claude", git_repo, "./bin/canary --build 77 --share 5")[0] == "allow"
    kind, reason = decide("claude", git_repo, "./bin/canary --build 77 --share=25")
    assert kind == "deny" and "`./bin/canary --build 77 --share=10`" in reason, reason
    _remember(git_repo, "policy.replicas", "keep at least 3 replicas (--replicas 3) in every region")
    assert decide("claude", git_repo, "./bin/scale --replicas 5")[0] == "allow"
    assert decide("claude", git_repo, "./bin/scale --replicas 2")[0] == "deny"


def test_actions_without_the_option_and_records_without_one_are_not_judged_here(git_repo: Path) -> None:
    write(git_repo, {"bin/set-feed-rate": "#!/bin/sh\n"})
    _remember(git_repo, "policy.p4_feed_rate", "pump P4 feeds at 18 l/min (--rate 18)")
    assert decide("claude", git_repo, "./bin/report --site P4 --format csv")[0] == "allow"
    _remember(git_repo, "policy.report_format", "reports go out as PDF for the auditors")
    assert decide("claude", git_repo, "./bin/report --site P4 --format csv")[0] == "allow"


def test_fixed_options_are_read_from_the_records_sentences() -> None:
    from types import SimpleNamespace

    from statewise_cli.recovery.intent_values import fixed_options

    record = SimpleNamespace(value="Region is `--region eu-west-3`; batches use --size=500. Nothing else.")
    assert [(o, v) for o, v, _ in fixed_options(record)] == [("--region", "eu-west-3"), ("--size", "500")]
    assert fixed_options(SimpleNamespace(value=True)) == []


def test_a_bound_stated_in_prose_beside_a_word_of_the_options_name(git_repo: Path) -> None:
    write(git_repo, {"bin/plan-pour": "#!/bin/sh\n"})
    _remember(git_repo, "policy.slab_pour", "after the cold snap the site engineer limits pours to 8 degrees drop, "
                                            "not the usual 12")
    kind, reason = decide("claude", git_repo, "./bin/plan-pour --slab S3 --max-drop 12")
    assert kind == "deny", reason
    assert "`./bin/plan-pour --slab S3 --max-drop 8`" in reason
    assert decide("claude", git_repo, "./bin/plan-pour --slab S3 --max-drop 6")[0] == "allow"


def test_a_prohibition_until_a_date_holds_before_it_and_lapses_after(git_repo: Path) -> None:
    from types import SimpleNamespace

    from statewise_cli.recovery.intent import out_of_force

    write(git_repo, {"bin/book-crew": "#!/bin/sh\n"})
    _remember(git_repo, "policy.orchard_4_picking", "orchard 4 was sprayed on 2026-11-30; nothing from orchard 4 is "
                                                    "picked before 2099-01-09")
    kind, reason = decide("claude", git_repo, "./bin/book-crew --orchard 4 --task picking --date 2026-12-06")
    assert kind == "deny", reason
    record = SimpleNamespace(value="nothing from orchard 4 is picked before 2026-12-09")
    assert out_of_force(record, (2026, 12, 10)) == "ended on 2026-12-09"
    assert out_of_force(record, (2026, 12, 8)) is None


def test_a_prohibition_whose_thing_a_parenthesis_explains(git_repo: Path) -> None:
    from statewise_cli.recovery.intent import _prohibition

    assert _prohibition("no enrolment (accounts, locker, card) before the office confirms the visa check")
    assert not _prohibition("no (further) questions")
    write(git_repo, {"bin/enrol": "#!/bin/sh\n"})
    _remember(git_repo, "policy.enrolment_visa", "no enrolment (accounts, locker, card) before the office confirms "
                                                 "the visa check; ST-88's is still open")
    kind, reason = decide("claude", git_repo, "./bin/enrol --student ST-88")
    assert kind in ("deny", "ask"), reason


def test_a_record_named_for_the_options_subject_sets_its_one_number(git_repo: Path) -> None:
    write(git_repo, {"bin/open-entries": "#!/bin/sh\n"})
    _remember(git_repo, "policy.east_hall_capacity", "the fire officer reduced the east hall to 1,150 from 2031-02-03 "
                                                     "until the sprinklers are fixed (gallery closed)")
    kind, reason = decide("claude", git_repo, "./bin/open-entries --event E-9 --hall east --capacity 1600")
    assert kind == "deny", reason
    assert "--capacity 1150" in reason
    assert decide("claude", git_repo, "./bin/open-entries --event E-9 --hall east --capacity 900")[0] == "allow"
    # an option whose subject the record is not named for is not judged by its number
    assert decide("claude", git_repo, "./bin/open-entries --event E-9 --hall east --doors 1600")[0] == "allow"
