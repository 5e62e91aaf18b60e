"""Record wordings that decide whether a developer's record restricts (``intent.restriction``): a window that is open
today, dates written in brackets, a state that lasts until someone acts, and a rule that every kind of work carries an
option. Invented records; the shapes ("the merge window is open", "code freeze (until …)", "stays … until", "every
… (--opt)") follow how release notes, CONTRIBUTING files and ops notes say them."""

from __future__ import annotations

import datetime

import pytest
from test_intent import policy

from statewise_cli.recovery import intent

_TODAY = datetime.date.today()


def _day(offset: int) -> str:
    return (_TODAY + datetime.timedelta(days=offset)).isoformat()


@pytest.mark.parametrize(("value", "expected"), [
    ("the merge window is open", None),
    (f"the ops lead opened the quarterly change window from {_day(-3)} to {_day(10)}; changes owners ask for go out",
     None),
    (f"the change window is now open until {_day(4)}; ask the on-call lead about anything else", None),
    ("the merge window is not open yet; merges wait for the release manager", "deny"),
    (f"the change window opened {_day(-20)} and closed {_day(-5)}; changes need the release manager's sign-off",
     "ask"),
    (f"the change window opens {_day(5)}; until then nothing is deployed", "deny"),
])
def test_an_open_window_restricts_nothing_while_today_is_inside_it(value: str, expected: str | None) -> None:
    assert intent.restriction(policy("policy.changes", value)) == expected


def test_a_date_in_brackets_ends_the_record_like_a_bare_one() -> None:
    lapsed = policy("policy.tariffs", f"tariff freeze: during the season (until {_day(-5)}) nothing in tariffs/ is pushed")
    holding = policy("policy.tariffs", f"tariff freeze: during the season (until {_day(5)}) nothing in tariffs/ is pushed")
    assert intent.out_of_force(lapsed) is not None and intent.restriction(lapsed) is None
    assert intent.in_force(holding) and intent.restriction(holding) == "deny"
    assert intent.out_of_force(policy("policy.x", f"no exports [through {_day(-1)}]")) is not None


@pytest.mark.parametrize("value", [
    "pallet 88's stock stays quarantined until the QA lead releases it after the swab results",
    "the vendor account remains suspended pending the audit",
])
def test_a_state_that_lasts_until_someone_acts_holds_the_subject(value: str) -> None:
    assert intent.restriction(policy("policy.hold", value)) == "deny"


def test_every_kind_of_work_carrying_an_option_is_a_rule_and_a_mention_is_not() -> None:
    rule = policy("policy.picking", "until the recount is done, every picking in hall 2 skips bay 14 (--skip-bay 14)")
    assert intent.restriction(rule) == "deny"
    assert intent.restriction(policy("policy.picking", "see the picking tool's --help for its options")) is None
