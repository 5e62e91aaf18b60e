"""A period or an hour the repository's notes close — a holiday deploy freeze, a closed season, "not before 09:30",
"only between 01:00 and 04:00" — asks before an action whose own ``--date`` / ``--at`` value falls in it, naming the
first hour allowed (unless the task itself names the closed time: moving it is the developer's choice); a developer's
policy record with such a period denies; a note about another subject, a period
nobody closes and a value outside the period change nothing (``statewise_cli.recovery.governance_windows``).
Invented repositories and domains; the note shapes follow public repositories' runbooks, PR templates and
freeze notices."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, payload
from test_premises import decide, write

from statewise_cli.recovery import governance_windows as windows


def _sh(what: str) -> str:
    return f"#!/bin/sh\n# {what}\necho \"done: $*\"\n"


def _scripts(repo: Path, **scripts: str) -> None:
    write(repo, {f"bin/{name}": _sh(what) for name, what in scripts.items()})
    for name in scripts:
        (repo / "bin" / name).chmod(0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_year_end_freeze_in_a_runbook_asks_for_a_date_inside_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/runbooks/deploy-windows.md": "# Deploy windows\n\n## Change freezes\n\n"
                                                        "- Year end: no price changes in the shop between 22 Dec "
                                                        "and 2 Jan without the CFO's sign-off.\n"})
    _scripts(git_repo, **{"change-prices": "Schedules a price list change in the shop for a date."})
    kind, reason = decide(agent, git_repo, "./bin/change-prices --list winter --date 2026-12-28")
    assert kind in ("ask", "deny"), reason
    assert "docs/runbooks/deploy-windows.md" in reason and "2026-12-28" in reason
    assert decide(agent, git_repo, "./bin/change-prices --list winter --date 2027-01-05")[0] == "allow"
    assert decide(agent, git_repo, "./bin/change-prices --list winter --date 2026-12-21")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_time_before_which_nothing_goes_out_asks_and_names_the_first_allowed_time(agent: str,
                                                                                   git_repo: Path) -> None:
    write(git_repo, {"notes/2026-11-30-results.md": "# 2026-11-30: quarterly results\n\nThe exchange confirmed the "
                                                    "slot. Releasing the results feed before 07:00 breaches the "
                                                    "disclosure rules. -- investor relations\n"})
    _scripts(git_repo, **{"release-feed": "Schedules the results feed for publication at the given time."})
    kind, reason = decide(agent, git_repo, "./bin/release-feed --feed q4-results --at 06:30")
    assert kind in ("ask", "deny"), reason
    assert "`./bin/release-feed --feed q4-results --at 07:00`" in reason
    assert decide(agent, git_repo, "./bin/release-feed --feed q4-results --at 07:00")[0] == "allow"


def test_an_only_between_window_names_its_opening_hour(git_repo: Path) -> None:
    write(git_repo, {"RUNBOOK.md": "# Search\n\nIndex rebuilds run only between 01:00 and 04:00 UTC, when "
                                   "traffic is lowest.\n"})
    _scripts(git_repo, **{"rebuild-index": "Schedules a full rebuild of the search index."})
    kind, reason = decide("claude", git_repo, "./bin/rebuild-index --shard eu-1 --at 13:00")
    assert kind in ("ask", "deny"), reason
    assert "`./bin/rebuild-index --shard eu-1 --at 01:00`" in reason
    assert decide("claude", git_repo, "./bin/rebuild-index --shard eu-1 --at 02:15")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_closed_time_the_task_names_is_not_moved_for_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"RUNBOOK.md": "# Search\n\nIndex rebuilds run only between 01:00 and 04:00 UTC, when "
                                   "traffic is lowest.\n"})
    _scripts(git_repo, **{"rebuild-index": "Schedules a full rebuild of the search index."})
    hook(payload(agent, "UserPromptSubmit", git_repo, prompt="The vendor is on the call at one; rebuild the eu-1 "
                                                             "index at 13:00 (./bin/rebuild-index --shard eu-1 --at "
                                                             "13:00)."), git_repo)
    kind, reason = decide(agent, git_repo, "./bin/rebuild-index --shard eu-1 --at 13:00")
    assert kind in ("ask", "deny"), reason
    assert "--at 01:00" not in reason and "the task itself names 13:00" in reason


def test_a_recurring_closed_season_without_a_year_runs_over_the_new_year(git_repo: Path) -> None:
    write(git_repo, {"docs/permits.md": "# Permits\n\n2026-09-01: closed season for trout: 1 October to 14 March; "
                                        "no trout permits are issued in that time.\n"})
    _scripts(git_repo, **{"issue-permit": "Issues a day permit for a water."})
    kind, reason = decide("codex", git_repo, "./bin/issue-permit --water trout-lake --date 2027-02-10")
    assert kind in ("ask", "deny"), reason
    assert "closed season" in reason
    assert decide("codex", git_repo, "./bin/issue-permit --water trout-lake --date 2027-04-01")[0] == "allow"


def test_a_period_about_another_subject_or_one_nobody_closes_changes_nothing(git_repo: Path) -> None:
    write(git_repo, {"docs/ops.md": "# Ops\n\nNo deploys between 22 Dec and 2 Jan.\n\nThe venue confirmed our "
                                    "hire of the hall from 2027-01-12 to 2027-01-26.\n"})
    _scripts(git_repo, **{"print-labels": "Prints shipping labels for a date.",
                          "book-hall": "Books the hall for a range of dates."})
    assert decide("claude", git_repo, "./bin/print-labels --date 2026-12-28")[0] == "allow"
    assert decide("claude", git_repo, "./bin/book-hall --dates 2027-01-12:2027-01-26")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_developer_record_with_a_closed_period_denies(agent: str, git_repo: Path) -> None:
    from swtest import run_statewise

    _scripts(git_repo, **{"swap-shift": "Swaps two people's shifts on the rota for a date."})
    result = run_statewise(["remember", "policy.rota_freeze",
                            "the rota is frozen from 2026-12-20 to 2027-01-03: no shift swaps in that time",
                            "--type", "policy"], git_repo)
    assert result.returncode == 0, result
    kind, reason = decide(agent, git_repo, "./bin/swap-shift --from ana --to ben --date 2026-12-24")
    assert kind == "deny", reason
    assert "policy.rota_freeze" in reason
    assert decide(agent, git_repo, "./bin/swap-shift --from ana --to ben --date 2027-01-10")[0] == "allow"


def test_the_period_shapes_read_from_public_notes() -> None:
    ranges = windows._ranges("No code merges during Nov 26-28 and Dec 24-Jan 4 for the web repo")
    assert ((None, 11, 26), (None, 11, 28)) in ranges and ((None, 12, 24), (None, 1, 4)) in ranges
    (period,) = windows._ranges("freeze from 2026-12-20 to 2027-01-03")
    assert period == ((2026, 12, 20), (2027, 1, 3))
    (period,) = windows._ranges("no releases until 2026-12-10")
    assert period == (None, (2026, 12, 10))
    assert windows._inside((2027, 1, 2), ((None, 12, 24), (None, 1, 4)))
    assert not windows._inside((2027, 1, 5), ((None, 12, 24), (None, 1, 4)))
    assert windows._hours("no deploys between 01:00–04:00 PT") == [("between", 60, 240)]
    assert windows._closed_hour(("between", 22 * 60, 6 * 60), 23 * 60) == 6 * 60  # over midnight
    assert windows._closed_hour(("before", 9 * 60 + 30, 9 * 60 + 30), 10 * 60) is None
