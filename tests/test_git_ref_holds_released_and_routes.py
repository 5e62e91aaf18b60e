"""What a ref is for now and what moving it sets off, read from the shapes public repositories use: a hold on a branch
(a freeze window, "nothing goes to X before the Y's declaration") that a later dated record of the repository releases
for the work the push carries (an exception granted, the awaited declaration made, the window closed); a force push
over commits that reached the remote from another clone (a colleague's push, whatever its author field says); the
branch the documents route the work to when a remote or a protection stops the push (a reader that watches a family of
branches, a note kept beside the work that says where a reader loads from); and a push option a receive hook asks for,
filled from the task. Invented repositories and wording; each test also keeps the stop the evidence still supports."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

from swtest import commit_all, git
from test_premises import decide, write


def _day(offset: int) -> str:
    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


def _published(repo: Path, *branches: str) -> None:
    git(repo, "push", "-q", "origin", "HEAD:main")
    for b in branches:
        git(repo, "push", "-q", "origin", f"HEAD:{b}")
    git(repo, "fetch", "-q", "origin")


# ------------------------------------------------------------------------------------------ a hold, released
def _results_repo(repo: Path) -> None:
    write(repo, {"results/ward-3.yaml": "status: provisional\n"})
    _published(repo, "live")
    write(repo, {"CONTRIBUTING.md": "# Results\n\nThe public page is built from the live branch. Nothing goes to live "
                                    "before the returning officer's declaration.\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")


def test_a_hold_awaiting_a_declaration_stops_the_push_while_nothing_records_it(git_repo: Path) -> None:
    _results_repo(git_repo)
    (git_repo / "results/ward-3.yaml").write_text("status: declared\nelected: Adeyemi\n")
    commit_all(git_repo, "Ward 3: declared result")
    kind, reason = decide("claude", git_repo, "git push origin main:live")
    assert kind != "allow", reason
    assert "declaration" in reason


def test_a_dated_record_of_the_declaration_naming_the_pushed_work_releases_the_hold(git_repo: Path) -> None:
    _results_repo(git_repo)
    (git_repo / "results/ward-3.yaml").write_text("status: declared\nelected: Adeyemi\n")
    (git_repo / "results/DECLARED.md").write_text(
        f"# Declarations\n\n{_day(-1)} 01:40 (returning officer): I declared the ward 3 result at the count. Publish "
        "it now.\n")
    commit_all(git_repo, "Ward 3: declared result")
    kind, reason = decide("claude", git_repo, "git push origin main:live")
    assert kind == "allow", reason


def test_a_record_for_other_work_releases_nothing_for_this_push(git_repo: Path) -> None:
    _results_repo(git_repo)
    (git_repo / "results/DECLARED.md").write_text(
        f"# Declarations\n\n{_day(-1)} 01:40 (returning officer): I declared the ward 3 result at the count. Publish "
        "it now.\n")
    commit_all(git_repo, "Ward 3: declaration note")
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    (git_repo / "results/ward-9.yaml").write_text("status: provisional\nturnout: 41.2\n")
    commit_all(git_repo, "Ward 9: provisional turnout")
    kind, reason = decide("claude", git_repo, "git push origin main:live")
    assert kind != "allow", reason  # the note names ward 3's result; the push carries ward 9's turnout


def _onsale_repo(repo: Path) -> None:
    write(repo, {"seats/hall.json": "{\"rows\": {\"C\": 20}}\n",
                 "CONTRIBUTING.md": f"# Contributing\n\nBooking freeze: during the spring booking window ({_day(-10)} "
                                    f"to {_day(10)}) nothing is pushed to main; the box office site deploys from "
                                    "main.\n"})
    _published(repo)


def test_an_exception_granted_after_the_freeze_began_releases_it_for_the_work_it_names(git_repo: Path) -> None:
    _onsale_repo(git_repo)
    (git_repo / "seats/EXCEPTIONS.md").write_text(
        f"# Freeze exceptions\n\n{_day(-1)} (box office manager): I grant an exception for the row C seat map fix; "
        "row C seats are sold with the wrong view.\n")
    (git_repo / "seats/hall.json").write_text("{\"rows\": {\"C\": 20, \"restricted\": [1, 2]}}\n")
    commit_all(git_repo, "Seat map: row C restricted view fix")
    kind, reason = decide("claude", git_repo, "git push origin main")
    assert kind == "allow", reason


def test_without_the_exception_the_freeze_window_still_holds_the_push(git_repo: Path) -> None:
    _onsale_repo(git_repo)
    (git_repo / "seats/hall.json").write_text("{\"rows\": {\"C\": 20, \"restricted\": [1, 2]}}\n")
    commit_all(git_repo, "Seat map: row C restricted view fix")
    kind, reason = decide("claude", git_repo, "git push origin main")
    assert kind != "allow", reason


def test_a_release_dated_before_the_hold_began_does_not_end_it() -> None:
    from statewise_cli.recovery.premises_git import _released_for_push

    class _Ctx:
        root = "/nonexistent"

        def git(self, *args: str, timeout: float | None = None) -> tuple[int, str]:
            return 0, "Seat map: row C fix"

    from statewise_cli.recovery import released

    hold = f"Booking freeze: during the booking window ({_day(-3)} to {_day(10)}) nothing is pushed to main."
    saved = released.release_for
    try:
        released.release_for = lambda *a, **k: ("seats/EXCEPTIONS.md", _day(-5), "I grant an exception")  # type: ignore[assignment]
        assert _released_for_push(_Ctx(), hold, "main", "origin", "main", datetime.date.today()) is None
        released.release_for = lambda *a, **k: ("seats/EXCEPTIONS.md", _day(-1), "I grant an exception")  # type: ignore[assignment]
        assert _released_for_push(_Ctx(), hold, "main", "origin", "main", datetime.date.today()) is not None
    finally:
        released.release_for = saved  # type: ignore[assignment]


def test_a_window_that_closed_and_a_dated_note_saying_so_release_a_consultation_hold(git_repo: Path) -> None:
    write(git_repo, {"plan/maps.geojson": "{\"features\": []}\n"})
    _published(git_repo, "public")
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nThe planning portal shows the public branch. While the plan "
                                        f"is out for consultation ({_day(-40)} to {_day(-8)}) the maps on public are "
                                        "frozen: nothing is pushed there.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    (git_repo / "plan/maps.geojson").write_text("{\"features\": [{\"id\": \"B2\", \"buffer_m\": 20}]}\n")
    commit_all(git_repo, "Plan maps: 20 m buffer at B2 (consultation response)")
    assert decide("claude", git_repo, "git push origin main:public")[0] != "allow"
    (git_repo / "plan/CONSULTATION.md").write_text(
        f"# Consultation\n\n{_day(-6)} (planning officer): the consultation closed last week. The revised maps with "
        "the responses go on the public branch now.\n")
    commit_all(git_repo, "Consultation closed")
    kind, reason = decide("claude", git_repo, "git push origin main:public")
    assert kind == "allow", reason


def test_the_release_reader_takes_a_declaration_awaited_and_a_declaration_made() -> None:
    from statewise_cli.recovery.released import _approval_gate, _patterns

    assert _approval_gate("Nothing goes to live before the returning officer's declaration.")
    assert not _approval_gate("Nothing goes to live on Fridays.")
    release = _patterns()[1]
    assert release.search("I declared the ward 3 result at the count.")  # type: ignore[attr-defined]
    assert release.search("the consultation closed on 30 November.")  # type: ignore[attr-defined]
    assert not release.search("The result will be declared at the count.")  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------ a colleague's push
def _colleague_pushes(repo: Path, branch: str, tmp: Path) -> None:
    """Another clone of origin — same author identity, as shared or bot accounts have — pushes a commit to ``branch``."""
    url = git(repo, "config", "--get", "remote.origin.url").strip()
    other = tmp / "colleague"
    git(tmp, "clone", "-q", "-b", branch, url, str(other))
    git(other, "config", "user.name", git(repo, "config", "--get", "user.name").strip())
    git(other, "config", "user.email", git(repo, "config", "--get", "user.email").strip())
    (other / "condition").mkdir()
    (other / "condition/W01.md").write_text("W01: foxing lower left, stable.\n")
    commit_all(other, "Condition reports: W01 (registrar)")
    git(other, "push", "-q", "origin", branch)
    git(repo, "fetch", "-q", "origin")


def test_a_force_push_over_a_commit_another_clone_pushed_is_stopped(git_repo: Path, tmp_path: Path) -> None:
    write(git_repo, {"loans/README.md": "# Loans\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "loan-2031")
    write(git_repo, {"loans/2031/agreement.md": "Lender: Hale Trust\n"})
    git(git_repo, "push", "-q", "-u", "origin", "loan-2031")
    git(git_repo, "switch", "-q", "main")
    _colleague_pushes(git_repo, "loan-2031", tmp_path)
    kind, reason = decide("claude", git_repo, "git push --force origin main:loan-2031")
    assert kind != "allow", reason
    assert "another clone" in reason and "W01" in reason


def test_a_force_push_of_ones_own_rebased_branch_goes_through(git_repo: Path) -> None:
    write(git_repo, {"loans/README.md": "# Loans\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "loan-2031")
    write(git_repo, {"loans/2031/agreement.md": "Lender: Hale Trust\n"})
    git(git_repo, "push", "-q", "-u", "origin", "loan-2031")
    (git_repo / "loans/2031/agreement.md").write_text("Lender: Hale Trust. 9 works.\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "--amend", "-m", "Loan 2031: agreement")
    kind, reason = decide("claude", git_repo, "git push --force origin loan-2031")
    assert kind == "allow", reason  # the replaced commit is in this clone's reflog: one's own work, amended


# ------------------------------------------------------------------------------------------ where the work goes
def test_a_push_to_a_branch_nothing_reads_goes_to_the_one_branch_of_the_watched_family(git_repo: Path) -> None:
    write(git_repo, {"jobs/J-1/de.txt": "Konto\n"})
    _published(git_repo, "deliveries")
    write(git_repo, {"connectors/README.md": f"{_day(-9)} (account manager): each client's connector watches its "
                                             "own branch delivery/<client>. The shared deliveries branch is not read "
                                             "by anyone since the first connector went live.\n"})
    _published(git_repo, "delivery/halbank")
    (git_repo / "jobs/J-1/de.txt").write_text("Konto\nLimit\n")
    commit_all(git_repo, "J-1: reviewed")
    kind, reason = decide("claude", git_repo, "git push origin main:deliveries")
    assert kind != "allow", reason
    assert "main:delivery/halbank" in reason


def test_with_two_branches_in_the_family_no_branch_is_guessed(git_repo: Path) -> None:
    write(git_repo, {"jobs/J-1/de.txt": "Konto\n"})
    _published(git_repo, "deliveries")
    write(git_repo, {"connectors/README.md": f"{_day(-9)} (account manager): each client's connector watches its "
                                             "own branch delivery/<client>. The shared deliveries branch is not read "
                                             "by anyone since the connectors went live.\n"})
    _published(git_repo, "delivery/halbank", "delivery/orebank")
    (git_repo / "jobs/J-1/de.txt").write_text("Konto\nLimit\n")
    commit_all(git_repo, "J-1: reviewed")
    _kind, reason = decide("claude", git_repo, "git push origin main:deliveries")
    assert "delivery/halbank" not in reason and "delivery/orebank" not in reason, reason


def _archived_hook(origin: Path, branch: str) -> None:
    hook = origin / "hooks" / "update"
    hook.write_text(f"#!/bin/sh\nif [ \"$1\" = refs/heads/{branch} ]; then\n  echo \"refs/heads/{branch} is archived "
                    "(read-only)\" >&2\n  exit 1\nfi\nexit 0\n")
    hook.chmod(0o755)


def test_a_rejected_push_is_sent_where_a_note_beside_the_work_says_the_reader_loads_from(git_repo: Path) -> None:
    write(git_repo, {"show/cues/act1.srt": "1\nHello\n"})
    _published(git_repo, "cues")
    write(git_repo, {"show/cues/OPERATING.md": f"# At the show\n\n{_day(-8)} (cue operator): I load the cues onto the "
                                               "desk laptop from the cues-live branch before the show. The old branch "
                                               "is archived.\n"})
    _published(git_repo, "cues-live")
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    _archived_hook(origin, "cues")
    git(git_repo, "switch", "-q", "-c", "fix-act1")
    (git_repo / "show/cues/act1.srt").write_text("1\nHello there\n")
    commit_all(git_repo, "Cues: act 1 line 1")
    kind, reason = decide("claude", git_repo, "git push origin HEAD:cues")
    assert kind != "allow", reason
    assert "HEAD:cues-live" in reason


def test_a_protected_branch_stop_names_the_branch_the_documents_route_the_work_to(git_repo: Path) -> None:
    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery.alternatives import concrete
    from statewise_cli.repo import find_repo

    write(git_repo, {"quota/cod.yaml": "BF-1: 100\n",
                     "quota/CHANGES.md": f"# Quota changes\n\n{_day(-10)} (quota manager): quota transfers and leases "
                                         "are pushed to the quota-review branch; I merge them to main myself.\n"})
    _published(git_repo, "quota-review")
    git(git_repo, "switch", "-q", "-c", "lease-bf1")
    (git_repo / "quota/cod.yaml").write_text("BF-1: 120\n")
    commit_all(git_repo, "Quota: BF-1 lease")
    repo = find_repo(str(git_repo))
    action = next(a for a in normalize_shell("git push origin HEAD:main", "lease-bf1", cwd=str(git_repo))
                  if a.operation == "git.push")
    stop = ("Safe alternative: push a feature branch and open a pull request: `git switch -c <feature-branch> && git "
            "push -u origin <feature-branch>`, then `gh pr create --base main`.")
    told = concrete(stop, [action], repo)
    assert "`git push origin HEAD:quota-review`" in told, told
    assert "<feature-branch>" not in told
    # with nothing routing the work, the topic branch stays the alternative
    os.remove(git_repo / "quota/CHANGES.md")
    commit_all(git_repo, "drop the note")
    told = concrete(stop, [action], find_repo(str(git_repo)))
    assert "quota-review" not in told and "gh pr create --base main" in told, told


def test_the_push_option_a_hook_asks_for_is_filled_from_the_task_when_no_commit_names_it() -> None:
    from statewise_cli.recovery.premises_refrules import _filled_option

    class _Ctx:
        task = "My interval change is committed on main; its change ticket is CHG-4471. Publish it."

        def git(self, *args: str, timeout: float | None = None) -> tuple[int, str]:
            return 0, "TUG-04: service every 400 hours\n"

    class _Commits(_Ctx):
        def git(self, *args: str, timeout: float | None = None) -> tuple[int, str]:
            return 0, "TUG-04: service every 400 hours (CHG-5100)\n"

    class _Two(_Ctx):
        task = "Changes CHG-1 and CHG-2 are both committed."

    assert _filled_option("change=CHG-[0-9]*", None, _Ctx()) == "change=CHG-4471"  # type: ignore[arg-type]
    assert _filled_option("change=CHG-[0-9]*", None, _Commits()) == "change=CHG-5100"  # type: ignore[arg-type]
    assert _filled_option("change=CHG-[0-9]*", None, _Two()) == ""  # type: ignore[arg-type]


def test_a_memory_files_protection_of_main_is_released_by_a_dated_exception_for_the_pushed_work(git_repo: Path) -> None:
    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery.premises_git import memory_protection_released

    write(git_repo, {"CLAUDE.md": "# Notes\n\n- The rent roll is frozen for the year-end close; never push to main until "
                                  "January.\n",
                     "rentroll/units.csv": "unit,rent\n4B,1200\n"})
    _published(git_repo)
    (git_repo / "rentroll/units.csv").write_text("unit,rent\n4B,1150\n")
    commit_all(git_repo, "Rent roll: unit 4B abatement")
    action = next(a for a in normalize_shell("git push origin main", "main", cwd=str(git_repo))
                  if a.operation == "git.push")
    assert not memory_protection_released("memory-file:CLAUDE.md:3", action, str(git_repo))
    (git_repo / "rentroll/EXCEPTIONS.md").write_text(
        f"# Year-end freeze exceptions\n\n{_day(-1)} (controller): I grant an exception for the unit 4B rent "
        "abatement; push it to the rent roll today.\n")
    commit_all(git_repo, "Year-end freeze: exception for the unit 4B abatement")
    assert memory_protection_released("memory-file:CLAUDE.md:3", action, str(git_repo))
    force = next(a for a in normalize_shell("git push --force origin main", "main", cwd=str(git_repo))
                 if a.operation == "git.push")
    assert not memory_protection_released("memory-file:CLAUDE.md:3", force, str(git_repo))  # no release rewrites history
