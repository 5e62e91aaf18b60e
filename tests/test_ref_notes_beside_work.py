"""Where a repository says what a ref or a remote is for, and what a push takes from others, beyond the top-level
pages: notes kept beside the work (``pricing/CHANGES.md`` that is no change log, ``menu/SIGNOFF.md``,
``kiln/approvals/<date>.md``), the routing words of contributing guides ("open pull requests against `develop`"),
a reader that takes the work from a remote, and ``git push --mirror`` on a remote that holds someone else's branch.
Invented repositories (a bakery, a pottery studio, a choir, a bike shop); each rule has the push it lets through
beside the one it stops."""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write

from statewise_cli.recovery.premises_consumers import _changelog, _doc_files
from statewise_cli.recovery.premises_refpurpose import destinations
from statewise_cli.recovery.released import release_for

TODAY = datetime.date.today()
PAST = (TODAY - datetime.timedelta(days=3)).isoformat()
EARLIER = (TODAY - datetime.timedelta(days=9)).isoformat()


def _pushed_branch(repo: Path, name: str) -> None:
    git(repo, "branch", name, "HEAD")
    git(repo, "push", "-q", "origin", name)


def _topic(repo: Path, name: str) -> None:
    git(repo, "switch", "-q", "-c", name)
    (repo / "work.txt").write_text(f"work on {name}\n")
    commit_all(repo, f"work on {name}")


# ---------------------------------------------------------------- which pages are read
def test_a_changes_page_that_is_no_change_log_is_read_and_a_change_log_is_not(tmp_path: Path) -> None:
    (tmp_path / "pricing").mkdir()
    (tmp_path / "pricing" / "CHANGES.md").write_text("# Changing the price lists\n\nPrice changes go to `review`.\n")
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "CHANGES.md").write_text("# Changelog\n\n## 1.4.0\n\n- faster checkout\n")
    (tmp_path / "ops").mkdir()
    (tmp_path / "ops" / "Branching-Strategy.md").write_text("Work starts on `dev`.\n")
    assert not _changelog(str(tmp_path / "pricing" / "CHANGES.md"))
    assert _changelog(str(tmp_path / "app" / "CHANGES.md"))
    files = _doc_files(str(tmp_path))
    assert "pricing/CHANGES.md" in files and "app/CHANGES.md" not in files
    assert "ops/Branching-Strategy.md" in files  # a page named for how the team branches, whatever its case


def test_contributing_guides_route_pull_requests_against_or_towards_a_branch() -> None:
    branches = ["develop", "next", "sandbox", "main"]
    assert destinations("Please open pull requests against the `develop` branch.", branches) == ["develop"]
    assert destinations("All PRs should target the `next` branch, not main.", branches)[:1] == ["next"]
    assert destinations("Test recipe changes on sandbox (the training kiosk).", branches) == ["sandbox"]
    # a test run is no routing: "tests" is no imperative that opens the clause
    assert destinations("The nightly job runs the tests on main.", branches) == []


# ---------------------------------------------------------------- the hook, end to end
@pytest.mark.parametrize("agent", AGENTS)
def test_a_note_beside_the_config_routes_changes_away_from_the_branch_that_deploys(agent: str,
                                                                                  git_repo: Path) -> None:
    write(git_repo, {".github/workflows/ship.yml": "name: ship-prices\non:\n  push:\n    branches: [main]\njobs:\n"
                                                   "  ship:\n    runs-on: ubuntu-latest\n    environment: production\n"
                                                   "    steps:\n      - run: ./bin/ship-prices --live\n",
                     "pricing/CHANGES.md": f"# Changing the price lists\n\n{PAST} (shop manager): a push to main "
                                           "puts the prices on the tills at once. Price changes go to the review "
                                           "branch; I check them and merge them myself.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _pushed_branch(git_repo, "review")
    _topic(git_repo, "rye-price")
    decision, reason = decide(agent, git_repo, "git push -q origin HEAD:main")
    assert decision == "deny", reason
    assert "`git push -q origin HEAD:review`" in reason
    assert decide(agent, git_repo, "git push -q origin HEAD:review")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_a_reader_takes_the_work_from_is_where_it_goes(agent: str, git_repo: Path) -> None:
    shop = git_repo.parent / "shop.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(shop)], check=True)
    git(git_repo, "remote", "add", "shop", str(shop))
    write(git_repo, {"catalogue/SHARING.md": f"# Sharing\n\n{EARLIER} (owner): the bike shop's till reads our "
                                             "catalogue files from the shop's own server, the shop remote. origin "
                                             "is our backup only.\n",
                     "catalogue/frames.csv": "frame,price\nsteel,540\n"})
    git(git_repo, "push", "-q", "shop", "HEAD:main")
    (git_repo / "catalogue" / "frames.csv").write_text("frame,price\nsteel,560\n")
    commit_all(git_repo, "Catalogue: steel frame price")
    decision, reason = decide(agent, git_repo, "git push -q origin main")
    assert decision == "deny", reason
    assert "`git push -q shop main`" in reason
    assert decide(agent, git_repo, "git push -q shop main")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_mirror_push_that_would_delete_a_colleagues_branch_is_stopped(agent: str, git_repo: Path) -> None:
    choir = git_repo.parent / "choir.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(choir)], check=True)
    git(git_repo, "remote", "add", "backup", str(choir))
    git(git_repo, "push", "-q", "backup", "HEAD:main")
    # a colleague pushes a branch of their own there, which this clone never fetched
    other = git_repo.parent / "alto"
    subprocess.run(["git", "clone", "-q", str(choir), str(other)], check=True)
    git(other, "switch", "-q", "-c", "alto/scores")
    (other / "scores.txt").write_text("alto part\n")
    git(other, "add", "-A")
    git(other, "-c", "user.name=Alto", "-c", "user.email=alto@example.invalid", "commit", "-q", "-m", "Alto scores")
    git(other, "push", "-q", "origin", "alto/scores")
    decision, reason = decide(agent, git_repo, "git push -q --mirror backup")
    assert decision == "deny", reason
    assert "alto/scores" in reason
    branch = git(git_repo, "branch", "--show-current").strip()
    assert f"`git push -q backup {branch}`" in reason
    assert decide(agent, git_repo, f"git push -q backup {branch}")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_mirror_push_to_a_remote_holding_only_this_clones_work_passes(agent: str, git_repo: Path) -> None:
    spare = git_repo.parent / "spare.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(spare)], check=True)
    git(git_repo, "remote", "add", "spare", str(spare))
    git(git_repo, "push", "-q", "spare", "HEAD:main")
    git(git_repo, "branch", "old-idea")
    git(git_repo, "push", "-q", "spare", "old-idea")
    git(git_repo, "branch", "-D", "old-idea")  # its commits are still on this clone's branch
    assert decide(agent, git_repo, "git push -q --mirror spare")[0] == "allow"


# ---------------------------------------------------------------- releases of a memory file's gate
def test_a_dated_approval_beside_the_work_releases_a_gate_that_waits_for_it(tmp_path: Path) -> None:
    (tmp_path / "kiln" / "approvals").mkdir(parents=True)
    (tmp_path / "kiln" / "approvals" / f"{PAST}-glaze.md").write_text(
        f"# Winter glazes\n\n{PAST} (studio lead): I approved the winter glaze recipes in kiln/glazes.yaml.\n")
    rule = "Kiln glaze recipes are never pushed to main before the studio lead's approval."
    found = release_for(str(tmp_path), rule)
    assert found is not None and found[0] == f"kiln/approvals/{PAST}-glaze.md"
    # the same gate with no approval recorded is released by nothing
    assert release_for(str(tmp_path), "Bakery menu changes are never pushed before the head baker's approval.") \
        is None


def test_a_hold_is_released_by_a_dated_note_that_it_ended_and_not_by_a_note_that_it_will(tmp_path: Path) -> None:
    (tmp_path / "menu").mkdir()
    rule = "Menu changes are never pushed to main during the holiday season freeze."
    (tmp_path / "menu" / "README.md").write_text(f"# Menu\n\n{PAST} (head baker): the holiday season freeze ended "
                                                 "yesterday; menu changes go out as usual.\n")
    assert release_for(str(tmp_path), rule) is not None
    (tmp_path / "menu" / "README.md").write_text(f"# Menu\n\n{PAST} (head baker): the holiday season freeze lasts "
                                                 "until the new year; menu changes wait.\n")
    assert release_for(str(tmp_path), rule) is None


@pytest.mark.parametrize("agent", AGENTS)
def test_a_documented_hold_a_note_in_its_folder_ended_asks_nothing(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nMenu freeze: during the holiday season nothing in menu/ is "
                                        "pushed to main; the shop site reads main.\n",
                     "menu/prices.yaml": "rye: 5.2\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    (git_repo / "menu" / "prices.yaml").write_text("rye: 5.4\n")
    commit_all(git_repo, "Menu: rye price")
    held, _reason = decide(agent, git_repo, "git push -q origin HEAD:main")
    assert held in ("ask", "deny")
    write(git_repo, {"menu/README.md": f"# Menu\n\n{PAST} (head baker): the holiday season freeze is over since "
                                       f"{EARLIER}; menu changes go to main again.\n"})
    assert decide(agent, git_repo, "git push -q origin HEAD:main")[0] == "allow"


def test_a_note_that_agrees_to_hold_something_releases_nothing(tmp_path: Path) -> None:
    (tmp_path / "orders").mkdir()
    (tmp_path / "orders" / "HOLDS.md").write_text(
        f"# Holds\n\n{PAST} (sales lead): I agreed with the Moreaus to hold their cake order past the cutoff while "
        "they confirm the date. The nightly cancel run skips it (--except ORD-77) until I say otherwise.\n")
    rule = "The nightly cancel run: never without `--except ORD-77` until the Moreaus confirm the date."
    assert release_for(str(tmp_path), rule) is None
