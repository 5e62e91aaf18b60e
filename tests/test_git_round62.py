"""Git premises of round 62."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from swtest import git
from test_premises import decide, write


def _bare_remote(git_repo: Path, tmp_path: Path, name: str, dirname: str | None = None) -> Path:
    path = tmp_path / f"{dirname or name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(path)], check=True, capture_output=True)
    git(git_repo, "remote", "add", name, str(path))
    git(git_repo, "push", "-q", name, "HEAD:main")
    return path


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_to_a_renamed_remote_is_stopped_when_a_project_directory_shares_its_old_name(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    """git takes an unknown remote name for a path only when that path is a repository or a bundle: a project
    directory of the same name (``pager/``) does not make ``git push pager main`` a push to a path."""
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    _bare_remote(git_repo, tmp_path, "pager", "feed")
    git(git_repo, "remote", "rename", "pager", "alerts")
    write(git_repo, {"Makefile": "# the pager reads alerts' main (it was the pager remote)\npager:\n\tgit push alerts main\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "alerts", "HEAD:main")
    write(git_repo, {"pager/rota.txt": "rota\n"})
    kind, reason = decide(agent, git_repo, "git push -q pager main")
    assert kind == "deny", reason
    assert "`git push -q alerts main`" in reason, reason
    assert decide(agent, git_repo, "git push -q alerts main")[0] == "allow"


_FLOW = ("name: site\non:\n  push:\n    branches: ['{branch}']\njobs:\n  publish:\n    runs-on: ubuntu-latest\n"
         "    steps:\n      - run: ./bin/publish\n")


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_recreating_a_branch_whose_name_lives_on_inside_its_successor_is_stopped(agent: str,
                                                                                       git_repo: Path) -> None:
    """`depot` → `north-depot` in a workflow keeps the count of the string `depot`: the rename is still found."""
    write(git_repo, {".github/workflows/site.yml": _FLOW.format(branch="depot")})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:depot")
    write(git_repo, {".github/workflows/site.yml": _FLOW.format(branch="north-depot")})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:north-depot")
    git(git_repo, "push", "-q", "origin", "--delete", "depot")
    write(git_repo, {"stock.csv": "item,count\nbolts,40\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin main:depot")
    assert kind == "deny", reason
    assert "`git push -q origin main:north-depot`" in reason, reason
    assert decide(agent, git_repo, "git push -q origin main:north-depot")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_recreating_a_branch_a_commit_message_says_was_renamed_is_stopped(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:feed-old")
    git(git_repo, "push", "-q", "origin", "HEAD:feed-2027")
    git(git_repo, "push", "-q", "origin", "--delete", "feed-old")
    (git_repo / "feed.txt").write_text("x\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "Feed: the reader polls feed-2027 (feed-old renamed for the new reader)")
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"items.csv": "a\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin main:feed-old")
    assert kind == "deny", reason
    assert "`git push -q origin main:feed-2027`" in reason, reason
    # the new name of a rename is never taken for the retired one
    assert decide(agent, git_repo, "git push -q origin main:feed-2027")[0] == "allow"


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_note_that_closes_one_remote_and_names_another_routes_the_push_and_allows_the_new_one(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    """"the inspector reads our logs from insp2027. inspect was last year's remote; it still takes pushes, but the
    inspector closed it": the bare name of the other remote counts, and a push to it is not taken for an old copy."""
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    _bare_remote(git_repo, tmp_path, "inspect")
    _bare_remote(git_repo, tmp_path, "insp2027")
    write(git_repo, {"INSPECTION.md": "# Inspection\n\n2026-12-01 (site lead): the inspector reads our logs from insp2027 "
                                      "for the next round. inspect was last year's remote; it still takes pushes, but the "
                                      "inspector closed it on 30 November.\n",
                     "Makefile": "inspection:\n\tgit push insp2027 main\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"logs/week-49.csv": "day,reading\nmon,4\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    kind, reason = decide(agent, git_repo, "git push -q inspect main")
    assert kind == "deny", reason
    assert "`git push -q insp2027 main`" in reason, reason
    assert decide(agent, git_repo, "git push -q insp2027 main")[0] == "allow"


_DEPLOY = ("name: deploy\non:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n"
           "    steps:\n      - run: ./bin/deploy\n")


def _deploying_repo(git_repo: Path, note: str) -> None:
    write(git_repo, {".github/workflows/deploy.yml": _DEPLOY, "kiosk/screens.yaml": "idle: 60\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"kiosk/NOTES.md": note})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"kiosk/screens.yaml": "idle: 90\n"})


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_deploy_hold_in_the_note_beside_the_pushed_work_holds_a_push_that_deploys(agent: str, git_repo: Path) -> None:
    import datetime

    today = datetime.date.today().isoformat()
    _deploying_repo(git_repo, f"# Fair\n\n2026-01-02 (ops): {today} is the fair. From 09:00 until the hall is empty I "
                              "deploy nothing to the kiosks and nobody else does.\n")
    kind, reason = decide(agent, git_repo, "git push -q origin main")
    assert kind == "deny", reason
    assert "kiosk/NOTES.md" in reason and "deploy nothing" in reason, reason


@pytest.mark.parametrize("agent", ["claude"])
def test_a_deploy_hold_for_a_day_that_is_over_holds_nothing(agent: str, git_repo: Path) -> None:
    _deploying_repo(git_repo, "# Fair\n\n2020-01-02 (ops): 2020-01-05 is the fair. From 09:00 until the hall is empty I "
                              "deploy nothing to the kiosks and nobody else does.\n")
    kind, reason = decide(agent, git_repo, "git push -q origin main")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", ["claude"])
def test_a_hold_sentence_naming_no_branch_holds_the_branch_its_paragraph_names(agent: str, git_repo: Path) -> None:
    import datetime

    today = datetime.date.today()
    start, end = today.isoformat(), (today + datetime.timedelta(days=1)).isoformat()
    write(git_repo, {"press/RUN.md": f"# Print run\n\n2026-01-02 (press lead): from {start} 06:00 to {end} 20:00 the "
                                     "press controller pulls main every ten minutes and restarts on a change. I deploy "
                                     "nothing in that window and nobody else does.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"press/ink.toml": "density = 1.2\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin main")
    assert kind == "deny", reason
    assert "press/RUN.md" in reason, reason


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_hold_while_someone_reviews_ends_with_a_dated_note_that_the_review_ended(agent: str, git_repo: Path) -> None:
    hold = "2026-11-20 (editor): nothing goes to main while the board reviews the tariff wording."
    write(git_repo, {"tariffs/REVIEW.md": f"# Review\n\n{hold}\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"tariffs/x.md": "x\n"})
    assert decide(agent, git_repo, "git push -q origin main")[0] == "deny"
    write(git_repo, {"tariffs/REVIEW.md": f"# Review\n\n{hold}\n\n2026-12-01 (editor): the review ended today; the "
                                          "wording stays. Tariffs go out as usual.\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin main")
    assert kind == "allow", reason


def test_a_rule_that_forbids_an_act_while_someone_reviews_is_a_hold_a_dated_ended_note_releases(tmp_path: Path) -> None:
    from statewise_cli.recovery import released

    rule = "Pushing the tariffs: never while the board reviews the tariff wording"
    assert released._held(rule) and released._held("tariffs: never push during the wording review")
    (tmp_path / "tariffs").mkdir()
    (tmp_path / "tariffs" / "REVIEW.md").write_text(
        "# Review\n\n2026-11-20 (editor): nothing goes to main while the board reviews the tariff wording.\n\n"
        "2026-12-01 (editor): the review of the tariff wording ended today. Tariffs go out as usual.\n")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "-A"], check=True)
    found = released.release_for(str(tmp_path), rule)
    assert found is not None and found[0] == "tariffs/REVIEW.md", found


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_push_rejected_for_someone_elses_commits_is_followed_by_the_pull_and_push_that_keeps_them(
        agent: str, git_repo: Path, tmp_path: Path) -> None:
    from swtest import hook, payload, reply

    git(git_repo, "push", "-q", "origin", "HEAD:main")
    url = git(git_repo, "remote", "get-url", "origin").strip()
    other = tmp_path / "colleague"
    subprocess.run(["git", "clone", "-q", "-b", "main", url, str(other)], check=True, capture_output=True)
    (other / "rota.csv").write_text("day,who\nmon,sam\n")
    git(other, "add", "-A")
    git(other, "-c", "user.name=Sam", "-c", "user.email=sam@example.invalid", "commit", "-q", "-m", "Rota: cover")
    git(other, "push", "-q", "origin", "main")
    write(git_repo, {"swap.txt": "tue\n"})
    pushed = subprocess.run(["git", "push", "-q", "origin", "main"], cwd=git_repo, capture_output=True, text=True,
                            check=False)
    assert pushed.returncode == 1 and "[rejected]" in pushed.stderr
    command = "git push -q origin main"
    if agent == "claude":
        data = payload(agent, "PostToolUseFailure", git_repo, command=command, error=f"Exit code 1\n{pushed.stderr}")
    else:
        data = payload(agent, "PostToolUse", git_repo, command=command, tool_response=pushed.stderr)
    out = reply(hook(data, git_repo)) or {}
    context = (out.get("hookSpecificOutput") or {}).get("additionalContext", "")
    assert "`git pull --rebase origin main && git push -q origin main`" in context, out


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_an_owner_who_takes_changes_by_pull_request_and_merges_them_holds_a_direct_push(agent: str,
                                                                                      git_repo: Path) -> None:
    write(git_repo, {"valves/README.md": "# Valves\n\n2026-11-25 (process engineer): changes to valves/ come to me as "
                                         "a merge request, and I try each on the rig. The plant reads main at the next "
                                         "shift; I land them on main myself.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"valves/v3.toml": "open_ms = 250\n"})
    kind, reason = decide(agent, git_repo, "git push -q origin main")
    assert kind == "deny", reason
    assert "valves/README.md" in reason and "I land them on main myself" in reason, reason


def test_a_prompt_naming_the_singular_of_the_notes_plural_still_finds_the_release(tmp_path: Path) -> None:
    """"the lamp notice" in the prompt and "Notices go out as usual" in the record are one word for the match."""
    from statewise_cli.recovery import released

    (tmp_path / "CLAUDE.md").write_text("# Notes\n\nThe notices site is never pushed while the board reviews the wording.\n")
    (tmp_path / "notices").mkdir()
    (tmp_path / "notices" / "REVIEW.md").write_text(
        "# Review\n\n2026-11-20 (editor): nothing goes to main while the board reviews the wording.\n\n"
        "2026-12-01 (editor): the review ended today; the wording stays. Notices go out as usual.\n")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "-A"], check=True)
    said = released.released_rules(str(tmp_path), "The lamp notice is committed on main; push it (git push origin main).")
    assert "notices/REVIEW.md" in said and "the review ended today" in said, said
