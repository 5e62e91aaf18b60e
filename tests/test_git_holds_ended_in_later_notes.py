"""A hold on pushes that a later note ends, where the note is not kept beside the hold nor beside the work: a note the
latest commits wrote in a folder of its own ("the conference closed tonight; the freeze is over"), and a hold for as
long as a state lasts ("nothing goes to main while the votes are counted") that a later dated line of its own file
ends. The push is let through and a memory-file line that still holds it is reported released, in the session's
context and on the prompt; without the note, the push is still stopped."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from swtest import commit_all, git, hook, payload
from test_premises import decide, write

from statewise_cli.recovery.released import released_rules


def _day(offset: int) -> str:
    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


FREEZE = ("# Contributing\n\nConference freeze: while the winter conference runs, nothing is pushed to main; the "
          "programme site deploys from main.\n")


def _conference(repo: Path, ended: bool) -> None:
    write(repo, {"CONTRIBUTING.md": FREEZE, "site/speakers.md": "# Speakers\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    if ended:
        write(repo, {"conference/2026.md": f"# Winter conference\n\n{_day(-1)} 22:40 (events lead): the conference "
                                           "closed tonight and the last session is done; the freeze is over. I want "
                                           "the speaker list on the site tomorrow.\n"})
        git(repo, "push", "-q", "origin", "HEAD:main")
    (repo / "site" / "speakers.md").write_text("# Speakers\n\n- A. Keynote\n")
    commit_all(repo, "Site: speaker list")
    git(repo, "fetch", "-q", "origin")


def test_a_freeze_ended_by_a_note_in_a_folder_of_its_own_lets_the_push_through(git_repo: Path) -> None:
    _conference(git_repo, ended=True)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason


def test_without_the_note_the_freeze_still_stops_the_push(git_repo: Path) -> None:
    _conference(git_repo, ended=False)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind != "allow", reason
    assert "CONTRIBUTING.md" in reason


def test_a_memory_line_holding_the_push_is_reported_released_on_the_prompt(git_repo: Path) -> None:
    _conference(git_repo, ended=True)
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Pushing the programme site to main: never during the winter "
                                        "conference freeze\n")
    note = released_rules(str(git_repo), "The speaker list is committed on main; push it.")
    assert "conference/2026.md" in note and "the freeze is over" in note


def test_the_session_context_says_the_memory_line_is_released(git_repo: Path) -> None:
    _conference(git_repo, ended=True)
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Pushing the programme site to main: never during the winter "
                                        "conference freeze\n")
    out = hook(payload("claude", "SessionStart", git_repo), git_repo)
    context = json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]
    line = next(ln for ln in context.splitlines() if "never during the winter conference freeze" in ln)
    assert "conference/2026.md" in line, context


def test_no_released_note_without_the_later_note(git_repo: Path) -> None:
    _conference(git_repo, ended=False)
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Pushing the programme site to main: never during the winter "
                                        "conference freeze\n")
    assert released_rules(str(git_repo), "The speaker list is committed on main; push it.") == ""


HOLD = ("# Results hold\n\n{day} (returning officer): nothing goes to main while the ward votes are counted; the "
        "results page carries them.\n")


def _count(repo: Path, ended: bool) -> None:
    write(repo, {"results/page.md": "# Results\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    text = HOLD.format(day=_day(-6))
    if ended:
        text += f"\n{_day(-1)} (returning officer): the count is declared; the freeze ended today.\n"
    write(repo, {"results/HOLD.md": text})
    git(repo, "push", "-q", "origin", "HEAD:main")
    (repo / "results" / "page.md").write_text("# Results\n\nTurnout 41%.\n")
    commit_all(repo, "Results: turnout")
    git(repo, "fetch", "-q", "origin")


def test_a_hold_while_a_state_lasts_ended_by_a_later_line_lets_the_push_through(git_repo: Path) -> None:
    _count(git_repo, ended=True)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason


def test_a_hold_while_a_state_lasts_without_its_end_still_stops_the_push(git_repo: Path) -> None:
    _count(git_repo, ended=False)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind != "allow", reason
    assert "results/HOLD.md" in reason


def _session_context(repo: Path) -> str:
    out = hook(payload("claude", "SessionStart", repo), repo)
    return str(json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"])


MEMORY_PR_RULE = ("# Notes\n\n- Workflow\n  - Publishing the class dates to main\n    - never pushed directly: main is "
                  "protected, only through a pull request\n")


def test_a_memory_pull_request_rule_the_documents_dropped_is_said_to_no_longer_hold(git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nmain is protected: changes go through a pull request.\n"})
    write(git_repo, {"CONTRIBUTING.md": f"# Contributing\n\n{_day(-5)} (owner): main is no longer protected. I dropped "
                                        "the pull request rule; push class dates straight to main now.\n"})
    (git_repo / "CLAUDE.md").write_text(MEMORY_PR_RULE)
    context = _session_context(git_repo)
    line = next(ln for ln in context.splitlines() if "only through a pull request" in ln)
    assert "no longer holds" in line and "CONTRIBUTING.md" in line, context
    assert "Publishing the class dates to main" in line  # the memory line is quoted with the item it is nested under


def test_a_memory_pull_request_rule_the_documents_still_state_is_left_as_it_is(git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nmain is protected: changes go through a pull request; a "
                                        "pull request is required for every change.\n"})
    (git_repo / "CLAUDE.md").write_text(MEMORY_PR_RULE)
    context = _session_context(git_repo)
    line = next(ln for ln in context.splitlines() if "only through a pull request" in ln)
    assert "no longer holds" not in line, context


# A hold the documents put on deploying, for a branch a push deploys, within a window of two dates; and a hold on the
# tags of a pattern ("no rel-* tag is pushed") for a tag the pattern matches.

def _window(repo: Path, start: int, end: int) -> None:
    write(repo, {"shop/sizes.js": "export const sizes = [];\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    write(repo, {"shop/WINDOW.md": f"# Sale weekend\n\n{_day(-10)} (shop manager): from Friday {_day(start)} 18:00 to "
                                   f"Monday {_day(end)} 07:00 the shop takes the sale orders. I deploy nothing in that "
                                   "window and nobody else does; the shop deploys from main.\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    (repo / "shop" / "sizes.js").write_text("export const sizes = ['XL'];\n")
    commit_all(repo, "Shop: XL size")
    git(repo, "fetch", "-q", "origin")


def test_a_push_inside_a_window_nothing_is_deployed_in_is_stopped(git_repo: Path) -> None:
    _window(git_repo, -1, 2)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind != "allow", reason
    assert "shop/WINDOW.md" in reason


def test_a_push_before_the_window_begins_goes_through(git_repo: Path) -> None:
    _window(git_repo, 3, 5)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason


def _tags(repo: Path, held: bool) -> None:
    note = "Until the safety report is in, no rel-* tag is pushed: a tag rolls the firmware out to every unit.\n" \
        if held else "A rel-* tag rolls the firmware out to every unit.\n"
    write(repo, {"firmware/RELEASING.md": f"# Releases\n\n{_day(-3)} (technical director): {note}"})
    git(repo, "push", "-q", "origin", "HEAD:main")


def test_a_tag_a_held_pattern_matches_is_stopped(git_repo: Path) -> None:
    _tags(git_repo, held=True)
    kind, reason = decide("claude", git_repo, "git tag rel-5.1.0 && git push -q origin rel-5.1.0")
    assert kind != "allow", reason
    assert "firmware/RELEASING.md" in reason and "rel-*" in reason


def test_a_tag_of_a_pattern_the_documents_do_not_hold_goes_through(git_repo: Path) -> None:
    _tags(git_repo, held=False)
    kind, reason = decide("claude", git_repo, "git tag rel-5.1.0 && git push -q origin rel-5.1.0")
    assert kind == "allow", reason


def test_a_note_naming_a_lift_the_noun_releases_nothing(git_repo: Path) -> None:
    # the notes the latest commits wrote are read for releases: "the lift stays out of service" is a hold on a lift,
    # not a hold lifted
    write(git_repo, {"buildings/quay/L3-ropes.md": f"# L3 rope change\n\n{_day(-1)} (competent person, for the insurer): "
                                                   "I examine the new ropes on Tuesday. Until my report is in, the lift "
                                                   "stays out of service.\n"})
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Returning lift L3 to service: never before the insurer's "
                                        "competent person has done the thorough examination\n")
    assert released_rules(str(git_repo), "The new ropes on lift L3 are fitted; return it to service.") == ""
