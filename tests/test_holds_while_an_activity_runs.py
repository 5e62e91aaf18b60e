"""A hold for as long as an activity runs ("nothing goes to main while the auditors review the pricing tables") that a
later dated line of its own document ends ("the review ended today"), written under a heading that names the subject
("# Harbour pricing review"): the push is let through, and a memory-file line that still holds it, in any phrasing,
is reported released on the prompt (recovery/premises_git.py, released.py). Invented repository and notes."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import commit_all, git
from test_premises import decide, write

from statewise_cli.recovery.released import released_rules


def _day(offset: int) -> str:
    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


def _pricing(repo: Path, ended: bool) -> None:
    note = (f"# Harbour pricing review\n\n{_day(-10)} (finance lead): nothing goes to main while the auditors review "
            "the harbour pricing tables.\n")
    write(repo, {"pricing/REVIEW.md": note, "pricing/index.md": "# Pricing\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    if ended:
        write(repo, {"pricing/REVIEW.md": note + f"\n{_day(-2)} (finance lead): the review ended today; the tables "
                                                 "stand as they are. Updates go out as usual.\n"})
        git(repo, "push", "-q", "origin", "HEAD:main")
    (repo / "pricing" / "index.md").write_text("# Pricing\n\n- Berth: 12/night\n")
    commit_all(repo, "Pricing: berth rate")
    git(repo, "fetch", "-q", "origin")


def test_a_hold_while_a_review_runs_ends_with_a_dated_line_that_says_the_review_ended(git_repo: Path) -> None:
    _pricing(git_repo, ended=True)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason


def test_without_that_line_the_hold_still_stops_the_push(git_repo: Path) -> None:
    _pricing(git_repo, ended=False)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind != "allow", reason
    assert "pricing/REVIEW.md" in reason


@pytest.mark.parametrize("line", [
    "- Pushing the harbour pricing site: never while the auditors review the pricing tables",
    "The harbour pricing site is never pushed while the auditors review the pricing tables.",
    "```sh\n# harbour pricing site: never push during the pricing review\n```",
])
def test_a_memory_line_holding_it_is_reported_released_in_any_phrasing(git_repo: Path, line: str) -> None:
    _pricing(git_repo, ended=True)
    (git_repo / "CLAUDE.md").write_text(f"# Notes\n\n{line}\n")
    note = released_rules(str(git_repo), "The harbour berth rate is committed on main; push it (git push origin main).")
    assert "pricing/REVIEW.md" in note and "the review ended today" in note


def test_no_release_without_the_line(git_repo: Path) -> None:
    _pricing(git_repo, ended=False)
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Pushing the harbour pricing site: never while the auditors review "
                                        "the pricing tables\n")
    assert released_rules(str(git_repo), "The harbour berth rate is committed on main; push it (git push origin "
                                         "main).") == ""
