"""A hold on pushes kept in a dated note of its own that a later dated note of another file lifts ("the embargo is
over: push the tide tables to main as before"), though the lifting note names none of the work the push carries; and
a recipe that pushes any branch to one remote under a comment that says another remote is no longer read."""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

from swtest import commit_all, git
from test_premises import decide, write


def _day(offset: int) -> str:
    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


def _embargo(repo: Path, lift: str | None) -> None:
    write(repo, {"tables/harbour.csv": "hour,height_m\n00,1.2\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    write(repo, {f"notes/{_day(-9)}-embargo.md": f"# {_day(-9)}: embargo\n\nThe chart office is re-surveying the "
                                                 "channel; nothing goes to main until I say so. -- Priya, hydrographer\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    if lift is not None:
        write(repo, {f"notes/{_day(-2)}-embargo-over.md": f"# {_day(-2)}: embargo over\n\nThe survey is finished. "
                                                          f"{lift} -- Priya, hydrographer\n"})
        git(repo, "push", "-q", "origin", "HEAD:main")
    (repo / "tables" / "harbour.csv").write_text("hour,height_m\n00,1.2\n01,1.6\n")
    commit_all(repo, "Tables: spring tide heights")
    git(repo, "fetch", "-q", "origin")


def test_a_hold_lifted_by_a_later_dated_note_of_another_file_lets_the_push_through(git_repo: Path) -> None:
    _embargo(git_repo, "The embargo is over: push the tide tables to main as before.")
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason


def test_without_the_later_note_the_hold_still_stops_the_push(git_repo: Path) -> None:
    _embargo(git_repo, None)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind != "allow", reason
    assert "embargo.md" in reason


def test_a_later_note_that_only_announces_the_lift_lifts_nothing(git_repo: Path) -> None:
    _embargo(git_repo, "The embargo will be lifted once the office has checked it; then push to main as before.")
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind != "allow", reason


def _networks(repo: Path, comment: str) -> None:
    git(repo, "push", "-q", "origin", "HEAD:main")
    for name in ("oldnet", "newnet"):
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(repo.parent / f"{name}.git")], check=True)
        git(repo, "remote", "add", name, str(repo.parent / f"{name}.git"))
        git(repo, "push", "-q", name, "HEAD:main")
    write(repo, {"Makefile": f"{comment}upload:\n\tgit push newnet $(BRANCH)\n"})
    git(repo, "switch", "-q", "-c", "w49/2026")
    write(repo, {"counts/w49.csv": "site,count\nA,4\n"})
    git(repo, "switch", "-q", "main")


def test_a_push_to_a_remote_the_recipe_comment_calls_unread_is_stopped(git_repo: Path) -> None:
    _networks(git_repo, "# the survey board reads weekly counts from the newnet remote;\n# oldnet is the retired "
                        "board's archive and nobody reads new branches there\n")
    kind, reason = decide("claude", git_repo, "git push -q oldnet w49/2026")
    assert kind != "allow", reason
    assert "`git push -q newnet w49/2026`" in reason
    assert decide("claude", git_repo, "git push -q newnet w49/2026")[0] == "allow"


def test_a_recipe_for_any_branch_without_such_a_comment_decides_nothing(git_repo: Path) -> None:
    _networks(git_repo, "# the survey board reads weekly counts from the newnet remote; oldnet keeps a copy\n")
    kind, reason = decide("claude", git_repo, "git push -q oldnet w49/2026")
    assert kind == "allow", reason


def _menus(repo: Path, comment: str) -> None:
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "branch", "board-old")
    git(repo, "push", "-q", "origin", "board-old")
    write(repo, {"menus/index.json": "{\"boards\": [\"lunch\"]}\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "branch", "menus/live")
    git(repo, "push", "-q", "origin", "menus/live")
    origin = Path(git(repo, "remote", "get-url", "origin").strip())
    hook = (origin if origin.is_absolute() else repo / origin) / "hooks" / "post-receive"
    hook.write_text(f"#!/bin/sh\n{comment}while read old new ref; do\n  case \"$ref\" in\n    refs/heads/menus/live) "
                    "echo \"$new\" >> \"$GIT_DIR/shown.log\";;\n  esac\ndone\nexit 0\n")
    hook.chmod(0o755)
    git(repo, "switch", "-q", "-c", "menus/winter", "menus/live")
    write(repo, {"menus/winter.json": "{\"soup\": \"leek\"}\n"})
    git(repo, "switch", "-q", "main")


def test_a_push_into_a_branch_the_remote_hook_calls_an_archive_goes_to_the_branch_it_deploys(git_repo: Path) -> None:
    _menus(git_repo, "# Menu boards: every update of refs/heads/menus/live is deployed to the screens the diners read\n"
                     "# from. board-old is the 2024 archive and is not deployed.\n")
    kind, reason = decide("claude", git_repo, "git push -q origin menus/winter:board-old")
    assert kind != "allow", reason
    assert "`git push -q origin menus/winter:menus/live`" in reason
    assert decide("claude", git_repo, "git push -q origin menus/winter:menus/live")[0] == "allow"


def test_a_hook_that_says_nothing_of_the_other_branch_decides_nothing(git_repo: Path) -> None:
    _menus(git_repo, "# Menu boards: every update of refs/heads/menus/live is deployed to the screens the diners read\n"
                     "# from.\n")
    kind, reason = decide("claude", git_repo, "git push -q origin menus/winter:board-old")
    assert kind == "allow", reason


def _rota(repo: Path, comment: str) -> None:
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "branch", "rota")
    git(repo, "push", "-q", "origin", "rota")
    write(repo, {".github/workflows/screen.yml": "name: staff screen\non:\n  push:\n    branches: [staff/rota-live]\n"
                                                 "jobs:\n  show:\n    runs-on: ubuntu-latest\n    steps:\n      - run: "
                                                 f"./bin/update-screen shifts/  # {comment}\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "branch", "staff/rota-live")
    git(repo, "push", "-q", "origin", "staff/rota-live")
    git(repo, "switch", "-q", "-c", "shift/late-cover", "staff/rota-live")
    write(repo, {"shifts/late.yaml": "cover: two porters\n"})
    git(repo, "switch", "-q", "main")


def test_a_branch_a_workflow_comment_keeps_for_the_archive_sends_the_work_to_the_branch_it_runs_on(
        git_repo: Path) -> None:
    _rota(git_repo, "the staff room screen shows this branch; the old rota branch is kept read-only for the archive")
    kind, reason = decide("claude", git_repo, "git push -q origin shift/late-cover:rota")
    assert kind != "allow", reason
    assert "`git push -q origin shift/late-cover:staff/rota-live`" in reason
    assert decide("claude", git_repo, "git push -q origin shift/late-cover:staff/rota-live")[0] == "allow"


def test_a_workflow_comment_that_keeps_the_other_branch_in_use_decides_nothing(git_repo: Path) -> None:
    _rota(git_repo, "the staff room screen shows this branch; the rota branch is where the managers draft")
    kind, reason = decide("claude", git_repo, "git push -q origin shift/late-cover:rota")
    assert kind == "allow", reason
