"""Git pushes that would take other people's work, and the guidance a denied push is given (round 59)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_premises import decide, write


def _colleague_push(tmp_path: Path, origin: str, branch: str, files: dict[str, str], message: str) -> None:
    other = tmp_path / "colleague-clone"
    git(tmp_path, "clone", "-q", "-b", branch, origin, str(other))
    for name, text in files.items():
        (other / name).write_text(text)
    git(other, "add", "-A")
    git(other, "-c", "user.name=Priya Nair", "-c", "user.email=priya@example.invalid", "commit", "-q", "-m", message)
    git(other, "push", "-q", "origin", branch)


# ------------------------------------------------- a force push after an amend, over a colleague's unfetched commit
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_force_push_after_an_amend_over_a_commit_this_clone_never_fetched(agent: str, git_repo: Path,
                                                                            tmp_path: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "cues/act2")
    write(git_repo, {"cues.csv": "cue,page\n203,46 fade 5s\n"})
    git(git_repo, "push", "-q", "-u", "origin", "cues/act2")
    origin = git(git_repo, "config", "remote.origin.url").strip()
    _colleague_push(tmp_path, origin, "cues/act2", {"sound.csv": "203.5 thunder\n"}, "Sound: thunder on 203.5")
    # one's own pushed commit amended: the fetched copy differs only by one's own replaced commit
    (git_repo / "cues.csv").write_text("cue,page\n203,46 fade 4s\n")
    git(git_repo, "commit", "-q", "-a", "--amend", "-m", "Storm cue, 4s fade")
    kind, reason = decide(agent, git_repo, "git push -q --force origin cues/act2")
    assert kind == "deny" and "Priya Nair" in reason and "thunder on 203.5" in reason, reason
    assert "git pull --rebase origin cues/act2" in reason, reason


@pytest.mark.parametrize("agent", ["claude"])
def test_a_force_push_after_an_amend_with_nothing_new_on_the_remote_is_allowed(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "clips")
    write(git_repo, {"clips.yaml": "- {id: HP-02, hazards: 2}\n"})
    git(git_repo, "push", "-q", "-u", "origin", "clips")
    (git_repo / "clips.yaml").write_text("- {id: HP-02, hazards: 1}\n")
    git(git_repo, "commit", "-q", "-a", "--amend", "-m", "HP-02 has one hazard")
    assert decide(agent, git_repo, "git push -q --force-with-lease origin clips")[0] == "allow"
    assert decide(agent, git_repo, "git push -q --force origin clips")[0] == "allow"


# ------------------------------------------- a push the remote's hook rejects: the commit that moved the work names where
def _closed_line(git_repo: Path, tmp_path: Path, hook: str, old: str, new: str, message: str) -> None:
    origin = Path(git(git_repo, "config", "remote.origin.url").strip())
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "branch", "-q", old)
    git(git_repo, "push", "-q", "origin", old)
    write(git_repo, {"docs/certs.md": "One certificate per batch.\n"})
    git(git_repo, "commit", "-q", "--allow-empty", "-m", message)
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "branch", "-q", new)
    git(git_repo, "push", "-q", "origin", new)
    script = origin / "hooks" / hook
    arm = f'refs/heads/{old}) echo "remote: error: {old} is read-only now" >&2; exit 1;;'
    script.write_text("#!/bin/sh\n" + ('while read o n ref; do\n  case "$ref" in\n    ' + arm + "\n  esac\ndone\n"
                                       if hook == "pre-receive" else 'case "$1" in\n  ' + arm + "\nesac\n") + "exit 0\n")
    script.chmod(0o755)
    git(git_repo, "switch", "-q", "-c", "cert/TB-1", new)
    write(git_repo, {"certs/TB-1.md": "C16, 240 pieces\n"})


@pytest.mark.parametrize(("agent", "hook", "message"), [
    ("claude", "pre-receive", "Certificates go to certs-ukca from 2026-12-01; certs is closed"),
    ("codex", "update", "Certificates for the 2027 plan come from certs-ukca (the portal loads them)"),
])
def test_a_push_a_receive_hook_rejects_is_retargeted_where_a_commit_message_routes_the_work(
        agent: str, hook: str, message: str, git_repo: Path, tmp_path: Path) -> None:
    _closed_line(git_repo, tmp_path, hook, "certs", "certs-ukca", message)
    kind, reason = decide(agent, git_repo, "git push -q origin cert/TB-1:certs")
    assert kind == "deny" and "`git push -q origin cert/TB-1:certs-ukca`" in reason, reason
    assert "git switch -c certs-update" not in reason, reason
    assert decide(agent, git_repo, "git push -q origin cert/TB-1:certs-ukca")[0] == "allow"


def test_a_rejected_push_with_no_message_routing_the_work_names_no_branch(git_repo: Path, tmp_path: Path) -> None:
    _closed_line(git_repo, tmp_path, "pre-receive", "certs", "certs-ukca", "Certificates: one per batch")
    kind, reason = decide("claude", git_repo, "git push -q origin cert/TB-1:certs")
    assert kind == "deny" and "cert/TB-1:certs-ukca" not in reason, reason


# ------------------------------------------------------------ a note that ends a hold is a release, not a gate
def test_a_statement_that_ends_a_hold_gates_nothing() -> None:
    from statewise_cli.recovery.governance import _ends_hold

    assert _ends_hold("The budget is signed, so I ended the group rate freeze today: group rate changes go to main "
                      "as usual again")
    assert _ends_hold("The embargo is over; publish as usual.")
    assert not _ends_hold("I have not lifted the freeze.")
    assert not _ends_hold("Until the board ends the freeze, do not push to main.")
    assert not _ends_hold("The freeze on main is lifted for staging only; production stays frozen.")


def test_a_dated_note_ending_a_freeze_lets_the_push_through_and_a_freeze_note_still_asks(git_repo: Path) -> None:
    import datetime

    day = datetime.date.today().isoformat()
    write(git_repo, {"rates/groups.yaml": "wedding: {rooms: 30}\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "fetch", "-q", "origin")
    write(git_repo, {f"docs/revenue/{day}-rate-freeze.md": f"# {day}: rate freeze ended\n\nThe budget for 2027 is "
                                                             "signed, so I ended the group rate freeze today: group "
                                                             "rate changes go to main as usual again. -- Imogen\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    (git_repo / "rates/groups.yaml").write_text("wedding: {rooms: 34}\n")
    git(git_repo, "commit", "-q", "-a", "-m", "Wedding block: 34 rooms")
    assert decide("claude", git_repo, "git push -q origin main")[0] == "allow"
    write(git_repo, {f"docs/revenue/{day}-rate-freeze.md": f"# {day}: rate freeze\n\nGroup rates are frozen until "
                                                           "the budget for 2027 is signed: do not push them to main. "
                                                           "-- Imogen\n"})
    assert decide("claude", git_repo, "git push -q origin main")[0] in ("ask", "deny")


def test_a_memory_lines_freeze_is_released_by_a_dated_note_ending_it_whatever_count_the_commit_names(
        git_repo: Path) -> None:
    import datetime

    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery.premises_git import memory_protection_released

    write(git_repo, {"CLAUDE.md": "# Notes\n\n- Pushing group rates to main: frozen until the 2027 budget is signed: "
                                  "never push to main\n", "rates/groups.yaml": "wedding: {rooms: 30}\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "fetch", "-q", "origin")
    (git_repo / "rates/groups.yaml").write_text("wedding: {rooms: 34}\n")
    git(git_repo, "commit", "-q", "-a", "-m", "Wedding block: 34 rooms")
    action = next(a for a in normalize_shell("git push origin main", "main", cwd=str(git_repo))
                  if a.operation == "git.push")
    assert not memory_protection_released("memory-file:CLAUDE.md:3", action, str(git_repo))
    day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    write(git_repo, {f"docs/revenue/{day}-rate-freeze.md": f"# {day}: rate freeze ended\n\nThe budget for 2027 is "
                                                           "signed, so I ended the group rate freeze today: group rate "
                                                           "changes go to main as usual again. -- Imogen\n"})
    assert memory_protection_released("memory-file:CLAUDE.md:3", action, str(git_repo))


# ------------------------------------------------------------- a push to a remote whose repository is gone
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_to_a_remote_whose_repository_was_removed_names_the_remote_the_project_pushes_to(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    import shutil

    for name in ("diary", "pupilapp"):
        git(tmp_path, "init", "-q", "--bare", str(tmp_path / f"{name}.git"))
        git(git_repo, "remote", "add", name, f"../{name}.git")
    write(git_repo, {"Makefile": "publish-slots:\n\tgit push pupilapp HEAD:$(WEEK)\n"})
    git(git_repo, "switch", "-q", "-c", "slots/w02")
    write(git_repo, {"slots/w02.yaml": "amira: [mon]\n"})
    assert decide(agent, git_repo, "git push -q diary slots/w02")[0] == "allow"  # the repository is there
    shutil.rmtree(tmp_path / "diary.git")
    kind, reason = decide(agent, git_repo, "git push -q diary slots/w02")
    assert kind == "deny" and "no repository" in reason and "`git push -q pupilapp slots/w02`" in reason, reason
    assert decide(agent, git_repo, "git push -q pupilapp slots/w02")[0] == "allow"


def test_with_no_file_pushing_to_another_remote_the_live_remotes_are_listed(git_repo: Path, tmp_path: Path) -> None:
    import shutil

    for name in ("diary", "pupilapp"):
        git(tmp_path, "init", "-q", "--bare", str(tmp_path / f"{name}.git"))
        git(git_repo, "remote", "add", name, f"../{name}.git")
    shutil.rmtree(tmp_path / "diary.git")
    kind, reason = decide("claude", git_repo, "git push -q diary HEAD:main")
    assert kind == "deny" and "origin, pupilapp" in reason and "git push -q pupilapp" not in reason, reason


# ------------------------------------------- a branch its other party handed back: the memory's prohibition is released
def test_a_memory_rule_against_force_pushing_a_branch_its_other_party_gave_up_is_released(git_repo: Path) -> None:
    import datetime

    from statewise_cli.recovery.released import re_transfer, released_rules

    day = (datetime.date.today() - datetime.timedelta(days=2)).isoformat()
    write(git_repo, {"CLAUDE.md": "# Notes\n\n- Force-pushing the hazard clips branch: never force-push it: Ben "
                                  "commits his clips to it too\n"})
    prompt = "Update the hazard clips branch on origin with git push --force-with-lease origin theory/hazard-clips."
    assert released_rules(str(git_repo), prompt) == ""
    write(git_repo, {"docs/theory.md": f"# Theory\n\n{day}: I have finished my clips and won't push to "
                                       "theory/hazard-clips again; it is Sam's branch alone now, she can rewrite it "
                                       "as she likes. -- Ben\n"})
    said = released_rules(str(git_repo), prompt)
    assert "Force-pushing the hazard clips branch" in said and "docs/theory.md" in said, said
    # still pushing to it: nothing is handed over
    write(git_repo, {"docs/theory.md": f"# Theory\n\n{day}: I push my clips to theory/hazard-clips every week. -- Ben\n"})
    assert released_rules(str(git_repo), prompt) == ""
    assert re_transfer("I won't push to wip/ben again; it is Sam's branch alone now")
    assert not re_transfer("I won't push to wip/ben again until Friday")


def test_a_memory_hold_for_a_period_is_released_by_a_dated_note_that_ended_it(git_repo: Path) -> None:
    import datetime

    from statewise_cli.recovery.released import released_rules

    day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    write(git_repo, {"CLAUDE.md": "# Notes\n\n```sh\n# group rates: frozen until the 2027 budget, never push\n# wait\n"
                                  "```\n"})
    prompt = "My change adding four rooms to the June wedding block is committed on main; push main to origin."
    assert released_rules(str(git_repo), prompt) == ""
    write(git_repo, {f"docs/revenue/{day}-rate-freeze.md": f"# {day}: rate freeze\n\nThe budget for 2027 is not "
                                                           "signed yet: group rates stay frozen. -- Imogen\n"})
    assert released_rules(str(git_repo), prompt) == ""
    write(git_repo, {f"docs/revenue/{day}-rate-freeze.md": f"# {day}: rate freeze ended\n\nThe budget for 2027 is "
                                                           "signed, so I ended the group rate freeze today: group rate "
                                                           "changes go to main as usual again. -- Imogen\n"})
    said = released_rules(str(git_repo), prompt)
    assert "group rates: frozen until the 2027 budget" in said and "rate-freeze.md" in said, said


# ----------------------------------------- a Makefile target's comment says what its push to a named remote is for
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_to_origin_of_work_a_makefile_target_publishes_to_another_remote_names_that_remote(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    git(tmp_path, "init", "-q", "--bare", str(tmp_path / "pupilapp.git"))
    git(git_repo, "remote", "add", "pupilapp", "../pupilapp.git")
    write(git_repo, {"Makefile": "# lesson slots are published to the pupils' booking app through its own repository\n"
                                 "publish-slots:\n\tgit push pupilapp HEAD:$(WEEK)\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "slots/2027-w02")
    write(git_repo, {"slots/2027-w02.yaml": "amira: [mon]\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Lesson slots, week 2")
    kind, reason = decide(agent, git_repo, "git push -q origin slots/2027-w02")
    assert kind == "deny" and "`git push -q pupilapp slots/2027-w02`" in reason, reason
    assert decide(agent, git_repo, "git push -q pupilapp slots/2027-w02")[0] == "allow"
    # other work goes to origin as before
    git(git_repo, "switch", "-q", "-c", "fix/readme", "main")
    write(git_repo, {"README.md": "# app\n\nFixed.\n"})
    assert decide(agent, git_repo, "git push -q origin fix/readme")[0] == "allow"


def test_a_makefile_comment_is_read_only_above_a_recipe_that_pushes_to_the_remote(git_repo: Path) -> None:
    from statewise_cli.recovery.premises_git import _recipe_statements

    write(git_repo, {"Makefile": "# lesson slots are published to the pupils' app\npublish:\n\tgit push -q pupilapp "
                                 "HEAD:w02\n\n# build the docs\ndocs:\n\tmkdocs build\n"})
    assert _recipe_statements(str(git_repo)) == [
        "lesson slots are published to the pupils' app (the `pupilapp` remote)"]


def test_a_memory_rule_awaiting_an_event_is_released_by_a_dated_note_that_the_embargo_ended(git_repo: Path) -> None:
    import datetime

    from statewise_cli.recovery.released import released_rules

    day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    write(git_repo, {"CLAUDE.md": "# Notes\n\nThe Sibelius recording never goes to the public branch before the radio "
                                  "broadcast.\n"})
    prompt = "The Sibelius recording page is committed on main; push main to the public branch."
    note = "recordings/sibelius/BROADCAST.md"
    write(git_repo, {note: f"{day} (orchestra manager): the broadcaster has not aired the Sibelius concert; the "
                          "embargo has not ended.\n"})
    assert released_rules(str(git_repo), prompt) == ""
    write(git_repo, {note: f"{day} (orchestra manager): the broadcaster aired the Sibelius concert; the embargo has "
                          "ended. I want the recording on the public branch now.\n"})
    said = released_rules(str(git_repo), prompt)
    assert "The Sibelius recording never goes" in said and note in said, said


def test_a_wait_for_an_event_is_not_released_by_a_state_word_of_the_hold_itself(git_repo: Path) -> None:
    import datetime

    from statewise_cli.recovery.released import released_rules

    day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    write(git_repo, {"CLAUDE.md": "# Notes\n\nReopening the main pool must not happen until the lab's retest result is "
                                  "clear.\n",
                     f"docs/incidents/{day}-main-pool.md": f"# {day}: main pool closed\n\nThe chlorine is back in "
                                                           "range, but I am keeping the main pool closed until the "
                                                           "lab's retest is clear. -- Grace\n"})
    assert released_rules(str(git_repo), "The chlorine is back in range; open the main pool bookings again.") == ""
