"""Git premises of round 64: a page's leave to force-push a family of branches ("rebase and force-push your own
wip/ branch as often as you like", "rewrite your own freely") releases a memory-file rule against it; a numbered
branch the task describes only by the family word it shares with its successor ("the branch the results page
publishes from", ``league-2025`` / ``league-2026``) is routed to the one whose workflow does what the task asks."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import commit_all, git, hook, payload
from test_premises import decide, write

from statewise_cli.recovery.released import released_rules


def _rebased_own_branch(repo: Path, name: str, page: str, rule: str) -> None:
    write(repo, {"README.md": "# Tables\n", "CONTRIBUTING.md": page})
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "switch", "-q", "-c", name)
    (repo / "table.txt").write_text("row 1\n")
    commit_all(repo, "row 1")
    git(repo, "push", "-q", "-u", "origin", name)
    (repo / "table.txt").write_text("row 1, sorted\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--amend", "-m", "row 1, sorted")
    (repo / "CLAUDE.md").write_text(f"# Notes\n\n- {rule}\n")


@pytest.mark.parametrize("page", [
    ("# Contributing\n\nmain is never force-pushed. wip/* branches belong to whoever opened them: rebase and "
    "force-push your own wip/ branch as often as you like.\n"),
    ("# Contributing\n\n2026-11-18 (team lead): wip/<name> branches belong to the person named; rewrite your own "
    "freely with --force-with-lease. main is never force-pushed.\n"),
])
def test_a_page_that_lets_own_wip_branches_be_rewritten_releases_the_memory_rule(git_repo: Path, page: str) -> None:
    _rebased_own_branch(git_repo, "wip/tables", page, "Force-pushing my branch wip/tables: never force-push it")
    note = released_rules(str(git_repo), "I amended my branch wip/tables; force-push it (git push --force origin "
                                         "wip/tables).")
    assert "wip/tables" in note and "CONTRIBUTING.md" in note, note
    # the same page keeps main: a rule against force-pushing main is not released
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Force-pushing main: never force-push it\n")
    assert "CONTRIBUTING.md" not in released_rules(str(git_repo), "Force-push main (git push --force origin main).")


def _numbered_branches(repo: Path) -> None:
    write(repo, {"results/table.md": "# Results\n\nRound 1.\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "push", "-q", "origin", "main:league-2025")
    write(repo, {".github/workflows/results.yml": (
        "name: results-page\non:\n  push:\n    branches: ['league-2026']\njobs:\n  publish:\n"
        "    runs-on: ubuntu-latest\n    steps:\n      - run: ./bin/publish-results results.example\n"),
        "results/table.md": "# Results\n\nRound 2.\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "push", "-q", "origin", "main:league-2026")
    (repo / "results" / "table.md").write_text("# Results\n\nRound 3.\n")
    commit_all(repo, "Results: round 3")


def test_a_family_word_both_numbered_branches_share_does_not_name_the_pushed_one(git_repo: Path) -> None:
    _numbered_branches(git_repo)
    hook(payload("claude", "UserPromptSubmit", git_repo,
                 prompt="Round 3 is committed on main; push main to the branch the league results page publishes "
                        "from."), git_repo)
    kind, reason = decide("claude", git_repo, "git push -q origin main:league-2025")
    assert kind == "deny", reason
    assert "`git push -q origin main:league-2026`" in reason and "results.yml" in reason
    assert decide("claude", git_repo, "git push -q origin main:league-2026")[0] == "allow"
    # the task that names the pushed branch itself is the task
    hook(payload("claude", "UserPromptSubmit", git_repo,
                 prompt="Push main to league-2025 for the archive of the results page."), git_repo)
    assert decide("claude", git_repo, "git push -q origin main:league-2025")[0] == "allow"


@pytest.mark.parametrize("said, old, new, fixed, comment", [
    ("Plans 2: the plotter's pipeline builds plans-* tags (v* were the old bureau's, nothing builds them)", "v3",
     "plans-*", "plans-3", ""),
    ("Plans 2: the new plotter loads plot/<job> tags (sheet-<job> tags are no longer read)", "sheet-P-3", "plot/*",
     "plot/P-3", ""),
    ("Plans 2: plots on tags", "draft-P3", "drafts/*", "drafts/P3",
     "  # draft-* tags are not sent since the plotting change"),
])
def test_a_tag_family_the_workflows_commit_says_nothing_builds_is_routed_to_the_new_family(
        git_repo: Path, said: str, old: str, new: str, fixed: str, comment: str) -> None:
    write(git_repo, {"plans/index.md": "# Plans\n\nSheet 1.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "tag", old.replace("3", "1"))
    git(git_repo, "push", "-q", "origin", old.replace("3", "1"))
    (git_repo / ".github" / "workflows").mkdir(parents=True)
    (git_repo / ".github" / "workflows" / "plans.yml").write_text(
        f"name: plans\non:\n  push:\n    tags: ['{new}']\njobs:\n  print:\n    runs-on: ubuntu-latest\n"
        f"    steps:\n      - run: ./bin/print-plans --to plotter{comment}\n")
    commit_all(git_repo, said)
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    (git_repo / "plans" / "index.md").write_text("# Plans\n\nSheet 1, sheet 2.\n")
    commit_all(git_repo, "Plans 3")
    kind, reason = decide("claude", git_repo, f"git tag {old} && git push -q origin {old}")
    assert kind == "deny", reason
    assert f"`git tag {fixed} && git push -q origin {fixed}`" in reason
    assert decide("claude", git_repo, f"git tag {fixed} && git push -q origin {fixed}")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_pull_stopped_on_divergent_branches_is_followed_by_the_pull_that_keeps_the_local_commits(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    import subprocess

    from swtest import reply

    git(git_repo, "push", "-q", "origin", "HEAD:main")
    url = git(git_repo, "remote", "get-url", "origin").strip()
    other = tmp_path / "colleague"
    subprocess.run(["git", "clone", "-q", "-b", "main", url, str(other)], check=True, capture_output=True)
    (other / "log.csv").write_text("day,count\nmon,3\n")
    git(other, "add", "-A")
    git(other, "-c", "user.name=Sam", "-c", "user.email=sam@example.invalid", "commit", "-q", "-m", "Log: monday")
    git(other, "push", "-q", "origin", "main")
    (git_repo / "mine.csv").write_text("day,count\ntue,1\n")
    commit_all(git_repo, "Log: my tuesday")
    import os

    bare = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}  # no pull.rebase / pull.ff
    pulled = subprocess.run(["git", "pull", "-q", "origin", "main"], cwd=git_repo, capture_output=True, text=True,
                            check=False, env=bare)
    assert pulled.returncode != 0 and "divergent" in pulled.stderr, pulled.stderr
    command = "git pull -q origin main"
    if agent == "claude":
        data = payload(agent, "PostToolUseFailure", git_repo, command=command, error=f"Exit code 128\n{pulled.stderr}")
    else:
        data = payload(agent, "PostToolUse", git_repo, command=command, tool_response=pulled.stderr)
    out = reply(hook(data, git_repo)) or {}
    context = (out.get("hookSpecificOutput") or {}).get("additionalContext", "")
    assert "`git pull -q --rebase origin main`" in context, out
    # a pull that already chose how to reconcile gets no such note
    from statewise_cli.recovery.premises_git import divergent_pull_note

    assert divergent_pull_note("git pull --ff-only origin main", pulled.stderr) is None


@pytest.mark.parametrize("wants, released", [("I want the season-2024 branch deleted from origin", True),
                                             ("I don't want the season-2024 branch deleted from origin", False)])
def test_a_dated_note_that_wants_the_branch_deleted_releases_a_rule_against_deleting_it(
        git_repo: Path, wants: str, released: bool) -> None:
    write(git_repo, {"season/BRANCHES.md": f"# Branches\n\n2026-11-30 (club secretary): the 2024 fixtures are all "
                                           f"played. {wants}; main keeps its record.\n",
                     "CLAUDE.md": "# Notes\n\n- Deleting the season-2024 branch: never delete a season branch\n"})
    note = released_rules(str(git_repo), "The club secretary asks: delete the season-2024 branch from origin (git "
                                         "push origin --delete season-2024).")
    assert ("season/BRANCHES.md" in note) is released, note


def test_a_generated_branch_on_its_own_history_is_released_by_the_default_branchs_page(git_repo: Path) -> None:
    write(git_repo, {"site/index.md": "# Club\n", "CONTRIBUTING.md": (
        "# Contributing\n\n2026-11-20 (maintainer): site-build is generated by bin/build from site/ and has no "
        "history worth keeping: rebuild it as a fresh branch and force-push it. main is never force-pushed.\n")})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "--orphan", "site-build")
    assert not (git_repo / "CONTRIBUTING.md").exists()  # the orphan branch's work tree holds none of main's files
    (git_repo / "index.html").write_text("<h1>Club</h1>\n")
    git(git_repo, "add", "index.html")
    git(git_repo, "commit", "-q", "-m", "Site build")
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Force-pushing the site-build branch: never force-push it\n")
    note = released_rules(str(git_repo), "I rebuilt site-build; update it on origin (git push --force origin "
                                         "site-build).")
    assert "main:CONTRIBUTING.md" in note and "site-build" in note, note
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Force-pushing main: never force-push it\n")
    assert released_rules(str(git_repo), "Force-push main (git push --force origin main).") == ""


@pytest.mark.parametrize("asks, released", [
    ("Please rebase my wip/sam onto main and force-push it with --force-with-lease; nobody else uses my branch.", True),
    ("Please do not rebase my wip/sam; I will do it when I am back.", False)])
def test_a_colleagues_dated_request_to_rebase_their_branch_releases_the_rule_against_force_pushing_it(
        git_repo: Path, asks: str, released: bool) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "wip/sam")
    write(git_repo, {"drawings/NOTE-sam.md": f"2026-12-01 (Sam): I am away until the 12th. {asks}\n"})
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Force-pushing Sam's wip/sam branch: never force-push a "
                                        "colleague's branch\n")
    note = released_rules(str(git_repo), "I rebased Sam's wip/sam branch onto main as he asked; update it on origin "
                                         "(git push --force-with-lease origin wip/sam).")
    assert ("drawings/NOTE-sam.md" in note) is released, note


@pytest.mark.parametrize("shift, held", [(0, True), (-10, False)])
def test_a_dated_hold_of_changes_on_a_branch_that_a_reader_pulls_holds_the_push(git_repo: Path, shift: int,
                                                                                  held: bool) -> None:
    import datetime

    start = datetime.date.today() + datetime.timedelta(days=shift - 1)
    end = start + datetime.timedelta(days=3)
    write(git_repo, {"kiosk/menu.yaml": "items: 12\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"kiosk/HOLIDAY.md": (
        f"# Holiday run\n\n2026-01-02 (site manager): the holiday run lasts from {start.isoformat()} to "
        f"{end.isoformat()}. The kiosk pulls main every ten minutes and reloads its menu mid-run. I change nothing "
        f"on main in that window and nobody else does.\n")})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"kiosk/menu.yaml": "items: 13\n"})
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert (kind == "deny") is held, reason
    if held:
        assert "kiosk/HOLIDAY.md" in reason and "pulls main" in reason, reason


@pytest.mark.parametrize("recipe", ["git push boardsync main", "git push ../boards-2027.git main"])
def test_a_lagging_second_remote_is_routed_to_where_the_repositorys_recipe_pushes_the_branch(
        git_repo: Path, tmp_path: Path, recipe: str) -> None:
    import subprocess

    git(git_repo, "push", "-q", "origin", "HEAD:main")
    for name in ("boardfeed", "boardsync"):
        subprocess.run(["git", "init", "-q", "--bare", str(tmp_path / f"{name}.git")], check=True)
        git(git_repo, "remote", "add", name, str(tmp_path / f"{name}.git"))
    subprocess.run(["git", "init", "-q", "--bare", str(git_repo / ".." / "boards-2027.git")], check=True)
    git(git_repo, "push", "-q", "boardfeed", "main")
    write(git_repo, {"Makefile": f"publish:\n\t{recipe}\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "boardsync", "main")
    git(git_repo, "fetch", "-q", "--all")
    git(git_repo, "branch", "-q", "--set-upstream-to=origin/main", "main")
    write(git_repo, {"boards/B1.yaml": "board: B1\n"})
    dest = recipe.split()[2]
    kind, reason = decide("claude", git_repo, "git push -q boardfeed main")
    assert kind == "deny", reason
    assert f"`git push -q {dest} main`" in reason and "Makefile" in reason, reason


def test_the_branch_history_read_for_a_branch_creating_push_is_cached_by_the_refs_and_renewed_when_they_move(
        git_repo: Path) -> None:
    import json

    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:trunk")
    git(git_repo, "fetch", "-q", "origin")
    assert decide("claude", git_repo, "git push -q origin HEAD:develop")[0] == "allow"
    store = Path(git(git_repo, "rev-parse", "--git-common-dir").strip())
    store = (store if store.is_absolute() else git_repo / store) / "statewise"
    cached = json.loads((store / "branch-history.json").read_text())
    assert cached["names"] == {"develop": []}
    # a commit that retires the branch moves HEAD: the history is read again and the push is routed
    (git_repo / "ci.txt").write_text("builds trunk\n")
    commit_all(git_repo, "develop is retired in favour of trunk")
    kind, reason = decide("claude", git_repo, "git push -q origin HEAD:develop")
    assert kind == "deny" and "`trunk`" in reason, reason
    assert json.loads((store / "branch-history.json").read_text())["stamp"] != cached["stamp"]
