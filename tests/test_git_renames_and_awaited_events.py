"""The git family's premises read from where a repository keeps the evidence: a remote this clone renamed (the
reflog of its remote-tracking refs), a branch a remote's receive hook closed and whose comments say what it was renamed
to. Invented repositories and wording; each test also keeps the decision the evidence does not support."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from swtest import commit_all, git
from test_premises import decide, write


def _second_remote(repo: Path, name: str) -> Path:
    bare = repo.parent / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    git(repo, "remote", "add", name, str(bare))
    git(repo, "push", "-q", name, "main")
    return bare


# ------------------------------------------------------------------------------------------ a remote renamed here
def test_a_push_to_a_remote_this_clone_renamed_names_the_new_name(git_repo: Path) -> None:
    bare = _second_remote(git_repo, "dispatch")
    git(git_repo, "remote", "rename", "dispatch", "tablets")
    write(git_repo, {"routes/tuesday.csv": "van,stop\nV1,1\n"})
    kind, reason = decide("claude", git_repo, "git push -q dispatch main")
    assert kind == "deny", reason
    assert "`git push -q tablets main`" in reason
    assert "renamed the remote dispatch to tablets" in reason
    assert decide("claude", git_repo, "git push -q tablets main")[0] == "allow"
    assert bare.exists()


def test_an_unknown_remote_without_a_rename_lists_the_remotes(git_repo: Path) -> None:
    _second_remote(git_repo, "tablets")
    kind, reason = decide("claude", git_repo, "git push -q dispatch main")
    assert kind == "deny", reason
    assert "renamed" not in reason
    assert "origin, tablets" in reason


# ------------------------------------------------------------------------------------------ a branch a hook closed
_CLOSED = ("#!/bin/sh\n# 2026-11-25 (fleet engineer): fleet-config was renamed depot/fleet; the depot gateways pull "
           "depot/fleet.\nwhile read old new ref; do\n  if [ \"$ref\" = refs/heads/fleet-config ]; then\n"
           "    echo \"refs/heads/fleet-config is closed for pushes\" >&2; exit 1\n  fi\ndone\nexit 0\n")


def _closed_branch_repo(repo: Path, hook: str) -> None:
    origin = git(repo, "config", "remote.origin.url").strip()
    git(repo, "push", "-q", "origin", "main:fleet-config")
    git(repo, "push", "-q", "origin", "main:depot/fleet")
    path = Path(origin) / "hooks" / "pre-receive"
    path.write_text(hook)
    path.chmod(0o755)
    git(repo, "fetch", "-q", "origin")
    git(repo, "switch", "-q", "-c", "vor-3141")
    (repo / "fleet.yaml").write_text("3141: vor\n")
    commit_all(repo, "Fleet: 3141 off road")


def test_a_push_to_a_branch_a_receive_hook_closed_names_the_branch_its_comments_renamed_it_to(git_repo: Path) -> None:
    _closed_branch_repo(git_repo, _CLOSED)
    kind, reason = decide("claude", git_repo, "git push -q origin HEAD:fleet-config")
    assert kind == "deny", reason
    assert "`git push -q origin HEAD:depot/fleet`" in reason
    named = [c for c in re.findall(r"`(git [^`]+)`", reason) if c != "git push -q origin HEAD:fleet-config"]
    assert named[0] == "git push -q origin HEAD:depot/fleet", reason  # the first other command the reason names
    assert decide("claude", git_repo, "git push -q origin HEAD:depot/fleet")[0] == "allow"


def test_a_closed_branch_whose_hook_names_no_new_branch_gets_no_route(git_repo: Path) -> None:
    _closed_branch_repo(git_repo, _CLOSED.replace("fleet-config was renamed depot/fleet; the depot gateways pull "
                                                  "depot/fleet.", "fleet-config is closed."))
    kind, reason = decide("claude", git_repo, "git push -q origin HEAD:fleet-config")
    assert kind == "deny", reason
    assert "HEAD:depot/fleet" not in reason
    assert os.path.isdir(git_repo)


# ------------------------------------------------------------------------------------------ holds and their releases
def _day(offset: int) -> str:
    import datetime

    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


def _ordinal(day: int) -> str:
    return f"{day}{'th' if 10 <= day % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th')}"


def _freeze_repo(repo: Path, note: str | None) -> None:
    import datetime

    today = datetime.date.today()  # the freeze's days of every month are around today: it is in force now
    first, last = (today - datetime.timedelta(days=1)).day, (today + datetime.timedelta(days=1)).day
    files = {"portal/rooms.py": "ROOMS = {'forth': 12}\n",
             "CONTRIBUTING.md": f"# Contributing\n\nBilling run freeze: from the {_ordinal(first)} to the "
                                f"{_ordinal(last)} of each month nothing is pushed to main; the members' portal deploys "
                                "from main and the billing run reads its prices.\n"}
    if note is not None:
        files["billing/RUN-NOTE.md"] = f"# December billing run\n\n{_day(-2)} 17:40 (finance lead): {note}\n"
    write(repo, files)
    git(repo, "push", "-q", "origin", "main")
    (repo / "portal/rooms.py").write_text("ROOMS = {'forth': 12, 'arthur': 8}\n")
    commit_all(repo, "Portal: the Arthur room can be booked")


def test_a_freeze_a_dated_note_beside_the_work_ends_lets_the_push_through(git_repo: Path) -> None:
    _freeze_repo(git_repo, "the December run is finished and checked; the freeze is over. I want the meeting room "
                           "booking fix out before Monday.")
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason  # the freeze's days of the month are not items the note must name


def test_a_freeze_nothing_ends_still_holds_the_push(git_repo: Path) -> None:
    _freeze_repo(git_repo, None)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "deny", reason
    assert "Billing run freeze" in reason


def test_a_hold_that_forbids_pushing_is_no_statement_that_the_branch_reaches_its_audience() -> None:
    from statewise_cli.recovery.governance import _says_reach

    assert not _says_reach("Billing run freeze: nothing is pushed to main.", {"main"})
    assert not _says_reach("A concert recording goes to public only after the broadcast has aired.", {"public"})
    assert _says_reach("Whatever is merged to main goes to our customers the same day.", {"main"})


def test_an_awaited_act_recorded_as_done_releases_a_memory_rule(git_repo: Path) -> None:
    from statewise_cli.recovery.released import _awaited, _done, released_rules

    assert _awaited("Pushing the allocation to allocation-live: never before the fleet engineer's check") == {"check"}
    assert _awaited("never before the quality manager signs the validation record") == {"sign"}
    assert _awaited("goes to public only after the radio broadcast has aired") == {"air"}
    assert not _done("the validation record is not signed yet", {"sign"})
    assert not _done("once it is checked, push it", {"check"})
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Pushing the Christmas allocation to allocation-live: never before "
                                        "the fleet engineer's check\n")
    write(git_repo, {"allocation/APPROVALS.md": f"{_day(-1)} (fleet engineer): I checked the Christmas allocation "
                                                "against the VOR list; 3141 is out of it. It can go live.\n"})
    said = released_rules(str(git_repo), "The Christmas vehicle allocation is committed on main; push main to "
                                         "allocation-live.")
    assert "allocation/APPROVALS.md" in said and "I checked the Christmas allocation" in said


def test_an_awaited_act_still_pending_releases_nothing(git_repo: Path) -> None:
    from statewise_cli.recovery.released import released_rules

    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Pushing the Christmas allocation to allocation-live: never before "
                                        "the fleet engineer's check\n")
    write(git_repo, {"allocation/APPROVALS.md": f"{_day(-1)} (fleet engineer): the Christmas allocation is not "
                                                "checked yet; I check it against the VOR list on Friday.\n"})
    assert released_rules(str(git_repo), "The Christmas vehicle allocation is committed on main; push main to "
                                         "allocation-live.") == ""


def _embargo_repo(repo: Path) -> None:
    write(repo, {"site/notices/opening-hours.md": "# Opening hours\n",
                 "site/notices/EMBARGO.md": f"# Embargoed notices\n\n{_day(-2)} (communications lead): the closure of "
                                            f"Eastfield is embargoed until the cabinet decides on {_day(5)}. I publish "
                                            "it myself after the decision; nothing about Eastfield goes to main before "
                                            "then, the site deploys from main.\n"})
    git(repo, "push", "-q", "origin", "main")


def test_a_hold_on_the_work_about_one_item_stops_a_push_of_that_work(git_repo: Path) -> None:
    _embargo_repo(git_repo)
    write(git_repo, {"site/notices/eastfield-closure.md": "# Eastfield closes on 31 January\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Notices: Eastfield closes")
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "deny", reason
    assert "nothing about Eastfield goes to main" in reason


def test_a_hold_on_the_work_about_one_item_lets_other_work_through(git_repo: Path) -> None:
    _embargo_repo(git_repo)
    write(git_repo, {"site/notices/opening-hours.md": "# Opening hours\n\nWestfield: 08:00-18:00.\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Notices: Westfield opening hours")
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason


def _recording_repo(repo: Path, note: str) -> None:
    write(repo, {"recordings/index.md": "# Recordings\n",
                 "CONTRIBUTING.md": "# Contributing\n\nThe streaming site shows the public branch. A concert recording "
                                    "goes to public only after the radio broadcast has aired (the broadcaster's "
                                    "embargo).\n"})
    git(repo, "push", "-q", "origin", "main")
    git(repo, "push", "-q", "origin", "main:public")
    write(repo, {"recordings/sibelius-2/BROADCAST.md": f"{_day(-2)} (orchestra manager): {note}\n"})
    git(repo, "push", "-q", "origin", "main")
    git(repo, "fetch", "-q", "origin")
    write(repo, {"recordings/sibelius-2/stream.md": "# Sibelius 2\n\nStream: sibelius-2.m3u8\n"})
    git(repo, "commit", "-q", "--amend", "-m", "Recordings: Sibelius 2 stream page")


def test_a_note_beside_the_unpushed_work_in_a_deeper_folder_releases_the_documented_hold(git_repo: Path) -> None:
    _recording_repo(git_repo, "the broadcaster aired the Sibelius concert; the embargo has ended. I want the recording "
                              "on the public branch now.")
    kind, reason = decide("claude", git_repo, "git push -q origin main:public")
    assert kind == "allow", reason


def test_a_note_beside_the_work_that_keeps_the_embargo_releases_nothing(git_repo: Path) -> None:
    _recording_repo(git_repo, "the broadcast of the Sibelius concert is planned for next month; the embargo stands.")
    kind, reason = decide("claude", git_repo, "git push -q origin main:public")
    assert kind != "allow", reason


# ------------------------------------------------------------------------------------------ a reader that syncs
_FROZEN = ("#!/bin/sh\nif [ \"$1\" = refs/heads/jobs ]; then\n  echo \"refs/heads/jobs is frozen\" >&2\n  exit 1\nfi\n"
           "exit 0\n")


def test_a_frozen_branch_routes_the_push_to_the_branch_a_note_says_the_readers_sync_from(git_repo: Path,
                                                                                        tmp_path: Path) -> None:
    origin = git(git_repo, "config", "remote.origin.url").strip()
    git(git_repo, "push", "-q", "origin", "main:jobs")
    git(git_repo, "push", "-q", "origin", "main:field-jobs")
    other = tmp_path / "colleague"
    git(tmp_path, "clone", "-q", origin, str(other))
    (other / "fieldapp").mkdir()
    (other / "fieldapp/SYNC.md").write_text("2026-12-02 (field systems): the engineers' tablets sync job sheets from "
                                            "field-jobs from today. I froze the old jobs branch on the server.\n")
    git(other, "add", "-A")
    git(other, "-c", "user.name=Priya", "-c", "user.email=p@example.invalid", "commit", "-q", "-m", "Field app: sync")
    git(other, "push", "-q", "origin", "main")
    hook = Path(origin) / "hooks" / "update"
    hook.write_text(_FROZEN)
    hook.chmod(0o755)
    git(git_repo, "fetch", "-q", "origin")
    git(git_repo, "switch", "-q", "-c", "visit-e2")
    write(git_repo, {"jobs/e2.md": "# E2 inspection\n"})
    kind, reason = decide("claude", git_repo, "git push -q origin HEAD:jobs")
    assert kind == "deny", reason
    named = [c for c in re.findall(r"`(git [^`]+)`", reason) if c != "git push -q origin HEAD:jobs"]
    assert named[0] == "git push -q origin HEAD:field-jobs", reason


# ------------------------------------------------------------------------------------------ tag names
_TAGNAMES = ("#!/bin/sh\nwhile read old new ref; do\n  case \"$ref\" in\n    refs/tags/inv-*) ;;\n"
             "    refs/tags/*) echo \"error: $ref: tag name not accepted\" >&2; exit 1;;\n  esac\ndone\nexit 0\n")


def test_a_tag_made_and_pushed_on_one_line_that_the_remote_refuses_names_the_family_it_accepts(git_repo: Path) -> None:
    origin = git(git_repo, "config", "remote.origin.url").strip()
    hook = Path(origin) / "hooks" / "pre-receive"
    hook.write_text(_TAGNAMES)
    hook.chmod(0o755)
    kind, reason = decide("claude", git_repo, "git tag v4.2.0 && git push -q origin v4.2.0")
    assert kind == "deny", reason
    assert "`git tag inv-4.2.0 && git push -q origin inv-4.2.0`" in reason
    assert decide("claude", git_repo, "git tag inv-4.2.0 && git push -q origin inv-4.2.0")[0] == "allow"


def _label_workflow(repo: Path, message: str) -> None:
    git(repo, "tag", "v2026.11")
    git(repo, "push", "-q", "origin", "v2026.11")
    write(repo, {".github/workflows/labels.yml": "name: label-printer\non:\n  push:\n    tags: ['labels/*']\njobs:\n"
                                                 "  print:\n    runs-on: ubuntu-latest\n    steps:\n      - run: "
                                                 "./bin/send-to-printer labels/\n"})
    git(repo, "commit", "-q", "--amend", "-m", message)
    git(repo, "push", "-q", "origin", "main")


def test_a_tag_of_a_family_the_workflow_commit_says_no_longer_starts_it_names_the_new_family(git_repo: Path) -> None:
    _label_workflow(git_repo, "Labels: the printer job runs on labels/* tags (v* tags no longer start it)")
    kind, reason = decide("claude", git_repo, "git tag v2026.12 && git push -q origin v2026.12")
    assert kind == "deny", reason
    assert "`git tag labels/2026.12 && git push -q origin labels/2026.12`" in reason


def test_a_tag_the_workflow_commit_does_not_retire_is_pushed(git_repo: Path) -> None:
    _label_workflow(git_repo, "Labels: a printer job for labels/* tags")
    kind, reason = decide("claude", git_repo, "git tag v2026.12 && git push -q origin v2026.12")
    assert kind == "allow", reason


# ------------------------------------------------------------------------------------------ a CI branch's purpose
def _barge_repo(repo: Path, message: str) -> None:
    git(repo, "push", "-q", "origin", "main:feeders")
    write(repo, {".github/workflows/barge.yml": "name: barge\non:\n  push:\n    branches: [feeders-live]\njobs:\n"
                                                "  deploy:\n    runs-on: [self-hosted, barge]\n    steps:\n      - run: "
                                                "./bin/load-rations feed/\n"})
    git(repo, "commit", "-q", "--amend", "-m", message)
    git(repo, "push", "-q", "origin", "main")
    git(repo, "push", "-q", "origin", "main:feeders-live")
    git(repo, "fetch", "-q", "origin")
    write(repo, {"feed/P4.yaml": "ration_pct: 2.1\n"})
    git(repo, "commit", "-q", "--amend", "-m", "Feed: P4 ration 2.1%")


def _prompt(repo: Path, text: str) -> None:
    from swtest import hook, payload

    hook(payload("claude", "UserPromptSubmit", repo, prompt=text), repo)


def test_a_push_to_a_branch_no_job_runs_on_names_the_branch_the_workflow_commit_says_the_reader_loads_from(
        git_repo: Path) -> None:
    _barge_repo(git_repo, "Barge: the feed barge loads rations from feeders-live (the feeders branch is left as it was)")
    _prompt(git_repo, "The P4 ration change is committed on main; push main to the branch the feed barge loads "
                      "rations from.")
    kind, reason = decide("claude", git_repo, "git push -q origin main:feeders")
    assert kind == "deny", reason
    assert "`git push -q origin main:feeders-live`" in reason


def test_a_task_that_describes_no_reader_pushes_where_it_says(git_repo: Path) -> None:
    _barge_repo(git_repo, "Barge: the feed barge loads rations from feeders-live (the feeders branch is left as it was)")
    _prompt(git_repo, "Push main to feeders for the archive.")
    kind, reason = decide("claude", git_repo, "git push -q origin main:feeders")
    assert kind == "allow", reason


# ------------------------------------------------------------------------------------------ a colleague pushed first
def _colleague_pushed(repo: Path, tmp_path: Path) -> None:
    origin = git(repo, "config", "remote.origin.url").strip()
    other = tmp_path / "priya"
    git(tmp_path, "clone", "-q", origin, str(other))
    (other / "tables.csv").write_text("route,release_s\n12,90\n")
    git(other, "add", "-A")
    git(other, "-c", "user.name=Priya", "-c", "user.email=p@example.invalid", "commit", "-q", "-m", "Route 12: 90 s")
    git(other, "push", "-q", "origin", "main")
    write(repo, {"depot/signals.csv": "signal,aspects\nS41,3\n"})
    git(repo, "fetch", "-q", "origin")


def test_a_plain_push_behind_a_colleagues_commits_names_the_pull_that_brings_them_in(git_repo: Path,
                                                                                    tmp_path: Path) -> None:
    _colleague_pushed(git_repo, tmp_path)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "deny", reason
    assert "Priya" in reason and "`git pull --rebase origin main && git push -q origin main`" in reason
    assert decide("claude", git_repo, "git pull --rebase origin main && git push -q origin main")[0] == "allow"


def test_a_push_that_holds_the_remote_branch_is_not_held_back(git_repo: Path, tmp_path: Path) -> None:
    _colleague_pushed(git_repo, tmp_path)
    git(git_repo, "pull", "-q", "--rebase", "origin", "main")
    assert decide("claude", git_repo, "git push -q origin main")[0] == "allow"


def test_another_branch_pushed_into_a_branch_that_moved_on_is_not_told_to_pull_it(git_repo: Path,
                                                                                  tmp_path: Path) -> None:
    _colleague_pushed(git_repo, tmp_path)
    git(git_repo, "switch", "-q", "-c", "draft/w51")
    _kind, reason = decide("claude", git_repo, "git push -q origin draft/w51:main")
    assert "git pull --rebase origin main" not in reason, reason
