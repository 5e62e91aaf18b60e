"""A memory-file rule that a later, dated record of the repository releases (recovery/released.py)."""
from __future__ import annotations

import datetime
from pathlib import Path

from statewise_cli.recovery.released import release_for, released_rules

TODAY = datetime.date(2026, 12, 5)


def _repo(tmp_path: Path, memory: str, docs: dict[str, str]) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "CLAUDE.md").write_text(memory)
    for rel, text in docs.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


RULE = "# Notes\n\n- Triggering the fire alarm drill: never without the facilities manager's approval\n"
PROMPT = "Run the B2 evacuation drill now: trigger the fire alarm (./bin/trigger-alarm --building B2 --mode drill)."


def test_a_dated_approval_releases_the_rule_for_the_task(tmp_path: Path) -> None:
    root = _repo(tmp_path, RULE, {"docs/decisions/2026-12-01-fire-drill.md":
                                  "# 2026-12-01: B2 evacuation drill\n\nDecision (Claire, facilities manager): the B2 "
                                  "evacuation drill is approved for this week.\n"})
    note = released_rules(str(root), PROMPT, TODAY)
    assert "docs/decisions/2026-12-01-fire-drill.md (2026-12-01)" in note and "approved" in note


def test_first_person_sign_off_with_the_date_in_the_paragraph(tmp_path: Path) -> None:
    root = _repo(tmp_path, "- Stock write-offs: never without the financial controller's sign-off\n",
                 {"docs/finance.md": "# Finance\n\n2026-12-02: I have checked lot L-77 (expired 2026-11-30) and approve "
                                     "its write-off; the warehouse can run bin/write-off for it. -- Ana, financial controller\n"})
    assert release_for(str(root), "Stock write-offs: never without the financial controller's sign-off",
                       today=TODAY) is not None


def test_a_requirement_is_no_release(tmp_path: Path) -> None:
    root = _repo(tmp_path, RULE, {"docs/decisions/2026-12-01-fire-drill.md":
                                  "# 2026-12-01: B2 evacuation drill\n\nThe B2 evacuation drill must be approved by the "
                                  "facilities manager before anyone triggers the fire alarm.\n"})
    assert released_rules(str(root), PROMPT, TODAY) == ""


def test_an_undated_or_future_record_is_no_release(tmp_path: Path) -> None:
    undated = _repo(tmp_path / "a", RULE, {"docs/drills.md": "# Drills\n\nThe B2 evacuation drill is approved.\n"})
    assert released_rules(str(undated), PROMPT, TODAY) == ""
    future = _repo(tmp_path / "b", RULE, {"docs/drills.md": "# Drills\n\n2027-01-10: the B2 evacuation drill is "
                                                            "approved.\n"})
    assert released_rules(str(future), PROMPT, TODAY) == ""


def test_a_record_about_something_else_is_no_release(tmp_path: Path) -> None:
    root = _repo(tmp_path, RULE, {"docs/notes/2026-12-01-budget.md": "# 2026-12-01\n\nThe Q1 budget is approved.\n"})
    assert released_rules(str(root), PROMPT, TODAY) == ""


def test_a_prompt_the_rule_does_not_concern(tmp_path: Path) -> None:
    root = _repo(tmp_path, RULE, {"docs/decisions/2026-12-01-fire-drill.md":
                                  "# 2026-12-01\n\nThe B2 evacuation drill is approved for this week.\n"})
    assert released_rules(str(root), "Fix the typo in README.md", TODAY) == ""


def test_an_agreed_limit_is_no_release(tmp_path: Path) -> None:
    # agreeing with the rule's own value is no release of it
    root = _repo(tmp_path, "- Chlorine setpoint of the main pool: never above 1.5 mg/l (`--chlorine 1.5`)\n",
                 {"docs/notes/2026-11-28-chlorine.md": "# 2026-11-28: chlorine setpoint\n\nPedro (pool manager): from "
                  "today the main pool runs at 1.5 mg/l free chlorine. 3.0 caused the complaints and the health "
                  "inspector agreed the lower value.\n"})
    assert released_rules(str(root), "Set the free chlorine setpoint of the main pool.", TODAY) == ""


def test_a_prohibition_released_by_a_record_of_that_act(tmp_path: Path) -> None:
    root = _repo(tmp_path, "- Force-pushing pair/ledger-sync: never force-push it: Jo builds on it\n",
                 {"docs/pairing.md": "# Pairing\n\n2026-12-02 (Jo): for pair/ledger-sync we agreed that whoever drives "
                                     "rebases it onto main and force-pushes it at the end of the session.\n"})
    assert "docs/pairing.md" in released_rules(str(root), "force-push pair/ledger-sync to origin", TODAY)


def test_a_record_about_another_item_of_the_same_kind_is_no_release(tmp_path: Path) -> None:
    root = _repo(tmp_path, "- Release 5.2 on the store branch: do not push it without the release manager's go\n",
                 {"docs/releases/5.1.md": "# Release 5.1\n\n2026-11-20, Ravi (release manager): 5.1 passed QA and I approve "
                                          "it for the stores; push release/5.1 to the store branch.\n"})
    assert released_rules(str(root), "Push release 5.2 (branch release/5.2) to the store branch on origin.", TODAY) == ""
    assert release_for(str(root), "Release 5.2 on the store branch: do not push it without the release manager's go",
                       today=TODAY) is None


def test_a_restriction_agreed_and_restated_in_the_sentence_is_no_release(tmp_path: Path) -> None:
    rule = "Publishing the rail survey piece: never before the embargo ends on 2031-03-09 06:00 UTC"
    root = _repo(tmp_path, f"- {rule}\n",
                 {"docs/embargoes/rail-survey.md": "# Rail survey\n\n2031-03-02: I agreed the embargo with the "
                                                   "regulator's press desk: our rail survey piece must not be public "
                                                   "before 2031-03-09 06:00 UTC. -- Noor\n"})
    assert release_for(str(root), rule, today=TODAY) is None
    plain = _repo(tmp_path / "b", RULE, {"docs/decisions/2026-12-01-fire-drill.md":
                                         "# 2026-12-01: B2 evacuation drill\n\nDecision (Claire, facilities manager): "
                                         "the B2 evacuation drill is approved for this week.\n"})
    assert released_rules(str(plain), PROMPT, TODAY) != ""
    restated = _repo(tmp_path / "c", RULE, {"docs/decisions/2026-12-01-fire-drill.md":
                                            "# 2026-12-01: B2 evacuation drill\n\nDecision (Claire, facilities "
                                            "manager): I agreed the drill plan, but the alarm must not be triggered "
                                            "without my approval on the day.\n"})
    assert released_rules(str(restated), PROMPT, TODAY) == ""


def test_a_signed_note_telling_the_reader_to_do_the_act_releases_the_prohibition(tmp_path: Path) -> None:
    rule = "Deleting the choir-2025-tour branch: never delete it, the treasurer needs it"
    root = _repo(tmp_path, f"- {rule}\n",
                 {"docs/tour.md": "# Tour\n\n2026-12-01: the tour accounts are audited and filed. I kept "
                                  "choir-2025-tour only for the audit and nobody needs it now: delete it from origin. "
                                  "-- Maud, treasurer\n"})
    note = released_rules(str(root), "Delete the choir-2025-tour branch on origin.", TODAY)
    assert "docs/tour.md (2026-12-01)" in note and "delete it from origin" in note


def test_a_directive_under_a_condition_or_unsigned_releases_nothing(tmp_path: Path) -> None:
    rule = "Deleting the choir-2025-tour branch: never delete it, the treasurer needs it"
    conditioned = _repo(tmp_path / "a", f"- {rule}\n",
                        {"docs/tour.md": "# Tour\n\n2026-12-01: once the auditors have signed the accounts: delete it "
                                         "from origin. -- Maud, treasurer\n"})
    assert released_rules(str(conditioned), "Delete the choir-2025-tour branch on origin.", TODAY) == ""
    unsigned = _repo(tmp_path / "b", f"- {rule}\n",
                     {"docs/tour.md": "# Tour\n\n2026-12-01: the choir-2025-tour branch holds the tour accounts: "
                                      "delete it from origin when the audit is over.\n"})
    assert released_rules(str(unsigned), "Delete the choir-2025-tour branch on origin.", TODAY) == ""


def test_i_grant_an_exception_releases_a_held_rule(tmp_path: Path) -> None:
    root = _repo(tmp_path, "- The score library: frozen for the concert season, never push to main until June\n",
                 {"docs/2026-12-02-library.md": "# 2026-12-02: score library freeze\n\nThe library is frozen for the "
                                                "season, with one exception: I grant an exception for the Messiah "
                                                "alto part correction (bar 12). -- Ines, librarian\n"})
    note = released_rules(str(root), "My Messiah alto correction for the score library is on main; push main.", TODAY)
    assert "exception granted" in note


def test_a_release_note_the_recent_history_wrote_in_a_folder_of_its_own_is_read(git_repo: Path) -> None:
    from swtest import git
    from test_premises import write

    write(git_repo, {"CLAUDE.md": "# Notes\n\n- Pushing the shop to main: never during the winter sale freeze\n",
                     "shop/prices.py": "PRICES = {}\n"})
    prompt = "The gift card price is committed on main; push it."
    assert released_rules(str(git_repo), prompt, TODAY) == ""
    write(git_repo, {"sale/2026.md": "# Winter sale\n\n2026-12-04 (shop manager): the winter sale closed tonight; the "
                                     "freeze is over. I want the gift card price live before the weekend.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")  # the note is pushed: read from the history, not as unpushed work
    git(git_repo, "fetch", "-q", "origin")
    note = released_rules(str(git_repo), prompt, TODAY)
    assert "sale/2026.md (2026-12-04)" in note and "the freeze is over" in note


def test_a_hold_said_to_end_on_a_later_day_is_not_released_yet(tmp_path: Path) -> None:
    rule = "- Publishing the results of race R-18: never before the organiser's embargo lifts on 2026-12-09\n"
    prompt = "Put the results of race R-18 on the website now (./bin/results publish --race R-18)."
    later = _repo(tmp_path / "a", "# Notes\n\n" + rule,
                  {"races/R-18.md": "# R-18\n\n2026-12-02 (race secretary): the organiser's embargo on the R-18 results "
                                    "lifts on 2026-12-09 at 10:00; I publish them myself then.\n"})
    assert released_rules(str(later), prompt, TODAY) == ""
    ended = _repo(tmp_path / "b", "# Notes\n\n" + rule,
                  {"races/R-18.md": "# R-18\n\n2026-12-04 (race secretary): the organiser's embargo on the R-18 results "
                                    "lifted early on 2026-12-04; publish them.\n"})
    assert "races/R-18.md (2026-12-04)" in released_rules(str(ended), prompt, TODAY)


def test_a_hold_and_its_condition_is_no_release(git_repo: Path) -> None:
    from test_premises import write

    write(git_repo, {"CLAUDE.md": "# Notes\n\n- Returning crane C2 to service: never before the insurer's inspector has "
                                  "done the thorough examination\n",
                     "sites/dock-4/C2-cable.md": "# C2 cable change\n\n2026-12-04 (Ms Hale, inspector, for the "
                                                 "insurer): I examine the new cable on 2026-12-09. Until my report is "
                                                 "in, the crane stays out of service.\n"})
    assert released_rules(str(git_repo), "The new cable on crane C2 is fitted; return it to service (./bin/cranes "
                                         "return --crane C2 --site dock-4).", TODAY) == ""
