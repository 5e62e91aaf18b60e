"""Git premises of round 61: a remote that refuses every push while the repository routes the work elsewhere, and
release tags the repository's workflows do not react to."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from swtest import git
from test_premises import decide, write


def _bare_remote(git_repo: Path, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True, capture_output=True)
    git(git_repo, "remote", "add", name, str(path))
    git(git_repo, "push", "-q", name, "HEAD:main")
    return path


def _refuse_all(bare: Path, message: str) -> None:
    hook = bare / "hooks" / "pre-receive"
    hook.write_text(f"#!/bin/sh\necho \"{message}\" >&2\nexit 1\n")
    hook.chmod(0o755)


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_to_a_read_only_remote_goes_where_the_repository_routes_the_work(agent: str, git_repo: Path,
                                                                                tmp_path: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    old = _bare_remote(git_repo, tmp_path, "archive")
    _refuse_all(old, "remote: error: frozen since the move")
    _bare_remote(git_repo, tmp_path, "tideboard")
    write(git_repo, {"Makefile": "# the harbour display reads tide tables from the tideboard remote\n"
                                 "publish-tides:\n\tgit push tideboard $(BRANCH)\n"})
    git(git_repo, "switch", "-q", "-c", "tides/week-49")
    write(git_repo, {"tides/week-49.csv": "day,high\nmon,04:12\n"})
    kind, reason = decide(agent, git_repo, "git push -q archive tides/week-49")
    assert kind == "deny", reason
    assert "rejects every push" in reason and "`git push -q tideboard tides/week-49`" in reason, reason
    assert decide(agent, git_repo, "git push -q tideboard tides/week-49")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude"])
def test_a_read_only_remote_with_no_route_for_the_work_still_sends_the_agent_to_the_developer(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    _refuse_all(_bare_remote(git_repo, tmp_path, "archive"), "remote: error: frozen")
    _bare_remote(git_repo, tmp_path, "mirror")
    git(git_repo, "switch", "-q", "-c", "notes")
    write(git_repo, {"notes.txt": "hello\n"})
    kind, reason = decide(agent, git_repo, "git push -q archive notes")
    assert kind == "deny" and "ask the developer where the change belongs" in reason, reason


_FLOW = ("name: ship\non:\n  push:\n    tags: ['{pattern}']\njobs:\n  ship:\n    runs-on: ubuntu-latest\n"
         "    steps:\n      - run: ./bin/ship\n")


def _tag_family_repo(git_repo: Path, pattern: str, message: str) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "tag", "v2026-10-02")
    git(git_repo, "push", "-q", "origin", "v2026-10-02")
    (git_repo / ".github" / "workflows").mkdir(parents=True, exist_ok=True)
    (git_repo / ".github" / "workflows" / "ship.yml").write_text(_FLOW.format(pattern=pattern))
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", message)
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"plan.txt": "week 49\n"})


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_release_tag_in_the_shape_the_workflow_replaced_gets_the_new_family(agent: str, git_repo: Path) -> None:
    _tag_family_repo(git_repo, "tide-*", "Tide tables: releases from tide-* tags")
    kind, reason = decide(agent, git_repo, "git push -q origin main:refs/tags/v2026-12-06")
    assert kind == "deny", reason
    assert "`git push -q origin main:refs/tags/tide-2026-12-06`" in reason and "v2026-10-02" in reason, reason
    assert decide(agent, git_repo, "git push -q origin main:refs/tags/tide-2026-12-06")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude"])
def test_a_tag_family_the_workflow_commit_does_not_call_releases_is_left_alone(agent: str, git_repo: Path) -> None:
    _tag_family_repo(git_repo, "docs-*", "Docs: publish the handbook from docs-* tags")
    assert decide(agent, git_repo, "git push -q origin main:refs/tags/v2026-12-06")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude"])
def test_an_old_tag_family_still_tagged_after_the_workflow_is_left_alone(agent: str, git_repo: Path) -> None:
    _tag_family_repo(git_repo, "tide-*", "Tide tables: releases from tide-* tags")
    later = {**os.environ, "GIT_COMMITTER_DATE": "2099-01-01T00:00:00"}
    subprocess.run(["git", "commit", "-q", "--allow-empty", "-m", "week 48"], cwd=git_repo, check=True, env=later)
    git(git_repo, "tag", "v2026-11-15")  # the old shape, tagged after the workflow came in
    assert decide(agent, git_repo, "git push -q origin main:refs/tags/v2026-12-06")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_to_origin_goes_to_the_remote_a_recipe_comment_says_a_reader_takes_the_work_from(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    _bare_remote(git_repo, tmp_path, "county")
    write(git_repo, {"Makefile": "# the county archive takes survey returns from the county remote\n"
                                 "file-returns:\n\tgit push county $(BRANCH)\n"})
    git(git_repo, "switch", "-q", "-c", "returns/2027")
    write(git_repo, {"returns/2027.csv": "parish,households\nNorth,212\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin returns/2027")
    assert kind == "deny" and "`git push -q county returns/2027`" in reason, reason
    assert decide(agent, git_repo, "git push -q county returns/2027")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_to_a_branch_this_clone_renamed_goes_to_its_new_name_on_the_remote(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "branch", "rota")
    git(git_repo, "push", "-q", "origin", "rota")
    git(git_repo, "push", "-q", "origin", "--delete", "rota")
    git(git_repo, "branch", "-m", "rota", "rota/live")
    git(git_repo, "push", "-q", "origin", "rota/live")
    git(git_repo, "switch", "-q", "-c", "week/49", "rota/live")
    write(git_repo, {"week-49.txt": "mon: Ana\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin week/49:rota")
    assert kind == "deny", reason
    assert "git branch -m rota rota/live" in reason and "`git push -q origin week/49:rota/live`" in reason, reason
    assert decide(agent, git_repo, "git push -q origin week/49:rota/live")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_branch_a_commit_message_retired_gets_the_branch_it_names(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "branch", "menus")
    git(git_repo, "push", "-q", "origin", "menus")
    git(git_repo, "push", "-q", "origin", "--delete", "menus")
    git(git_repo, "branch", "-D", "menus")
    git(git_repo, "branch", "menus/printed")
    git(git_repo, "push", "-q", "origin", "menus/printed")
    git(git_repo, "commit", "-q", "--allow-empty", "-m",
        "Menus: the print shop pulls from menus/printed now; the menus branch is retired")
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "menu/winter", "menus/printed")
    write(git_repo, {"winter.txt": "soup\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin menu/winter:menus")
    assert kind == "deny" and "`git push -q origin menu/winter:menus/printed`" in reason, reason


@pytest.mark.parametrize("agent", ["claude"])
def test_a_commit_message_naming_a_branch_without_retiring_it_routes_nothing(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "branch", "menus/printed")
    git(git_repo, "push", "-q", "origin", "menus/printed")
    git(git_repo, "commit", "-q", "--allow-empty", "-m", "Menus: drafts go to menus, the print shop reads menus/printed")
    git(git_repo, "switch", "-q", "-c", "menu/spring")
    write(git_repo, {"spring.txt": "salad\n"})
    assert decide(agent, git_repo, "git push -q origin menu/spring:menus")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_branch_a_hook_closed_gets_the_branch_the_docs_say_a_reader_reads_the_work_from(
        agent: str, git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    for branch in ("harbour", "tides/live"):
        git(git_repo, "branch", branch)
        git(git_repo, "push", "-q", "origin", branch)
    hook = origin / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\nwhile read old new ref; do\n  case \"$ref\" in\n    refs/heads/harbour) "
                    "echo \"harbour is read-only\" >&2; exit 1;;\n  esac\ndone\nexit 0\n")
    hook.chmod(0o755)
    write(git_repo, {"docs/tides.md": "# Tides\n\nThe quay display reads the day's tide tables from tides/live since "
                                      "2026-11-29.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "tides/2026-12-06", "tides/live")
    write(git_repo, {"tides/2026-12-06.csv": "high,04:12\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin tides/2026-12-06:harbour")
    assert kind == "deny", reason
    assert "`git push -q origin tides/2026-12-06:tides/live`" in reason, reason
    assert "gh pr create --base harbour" not in reason, reason
