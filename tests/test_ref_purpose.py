"""What the repository says a branch is for now (``statewise_cli.recovery.premises_refpurpose``): a page, a
pull-request template, a CODEOWNERS comment, a workflow or a config says something outside reads a branch, that it
is frozen, moved only by a bot in a window, or read by nobody any more — and the same evidence routes the work to
another branch. Invented repositories (a print co-op, a sensor fleet, a radio station, a ferry timetable); each rule
has the push it lets through beside the one it stops, and a page that says what a branch is for without routing the
work elsewhere decides nothing."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write

from statewise_cli.recovery.premises_git import _tag_change_released
from statewise_cli.recovery.premises_refpurpose import destinations, names_ref, statements, texts


def _pushed_branch(repo: Path, name: str, start: str = "HEAD") -> None:
    git(repo, "branch", name, start)
    git(repo, "push", "-q", "origin", name)


def _topic(repo: Path, name: str, start: str = "HEAD", file: str = "notes.txt") -> None:
    git(repo, "switch", "-q", "-c", name, start)
    (repo / file).write_text(f"work on {name}\n")
    commit_all(repo, f"work on {name}")


def _origin(repo: Path) -> Path:
    return Path(git(repo, "config", "--get", "remote.origin.url").strip())


# ---------------------------------------------------------------- reading the prose
def test_names_ref_takes_bare_names_only_where_they_cannot_be_words() -> None:
    assert names_ref("The radio app reads night-mix as its playlist.", "night-mix")
    assert names_ref("Queue changes on staging; the bot merges them into live at noon.", "live")
    assert names_ref("live is only moved by the scheduler.", "live")
    assert not names_ref("Our live shows start at noon.", "live")  # an ordinary word


def test_destinations_are_what_follows_a_verb_of_routing_in_the_same_clause() -> None:
    branches = ["fleet-beta", "fleet-stable", "stage/queue", "ota-old"]
    assert destinations("Test builds go to fleet-beta, which no customer device reads.", branches) == ["fleet-beta"]
    assert destinations("Queue changes on stage/queue; the bot merges them into fleet-stable.", branches) == \
        ["stage/queue"]
    assert destinations("`ota-old` belonged to the old updater; nothing reads it any more.", branches) == []
    assert destinations("Half-done work stays on draft/* branches", ["draft/*"]) == ["draft/*"]


def test_statements_say_live_frozen_gated_retired_and_skip_consent() -> None:
    pages = [("docs/a.md", "The sensor fleet reads fleet-stable every night and installs it on 4,000 devices."),
             ("docs/b.md", "2.4 is in certification; its branch rel-2.4 is frozen until the lab answers."),
             ("docs/c.md", "air is only moved by the playout bot in the Monday 06:00 window."),
             ("docs/d.md", "`ota-old` belonged to the old updater; nothing reads it any more."),
             ("docs/e.md", "The fleet reads fleet-canary; pushing to it is fine, I approve that.")]
    assert [w for w, *_ in statements(pages, "fleet-stable")] == ["live"]
    assert [w for w, *_ in statements(pages, "rel-2.4")] == ["frozen"]
    assert [w for w, *_ in statements(pages, "air")] == ["gated"]
    assert [w for w, *_ in statements(pages, "ota-old")] == ["retired"]
    assert statements(pages, "fleet-canary") == []  # the paragraph consents


def test_codeowners_comments_and_pull_request_templates_are_prose(tmp_path: Path) -> None:
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "CODEOWNERS").write_text(
        "# Owners review everything that reaches air-main:\n# the playout bot reads it every hour.\n"
        "/playlists/ @radio/programming\n")
    (tmp_path / ".github" / "pull_request_template.md").write_text("- [ ] Unreviewed playlists stay on draft/* "
                                                                   "branches\n")
    found = texts(str(tmp_path))
    said = "Owners review everything that reaches air-main: the playout bot reads it every hour."
    assert (".github/CODEOWNERS", said) in found
    assert any(f == ".github/pull_request_template.md" and "draft/*" in p for f, p in found)
    assert not any("@radio/programming" in p for _f, p in found)  # the rules are not prose


# ---------------------------------------------------------------- the hook, end to end
@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_into_a_branch_a_partner_reads_live_goes_where_the_page_routes_it(agent: str, git_repo: Path) -> None:
    _pushed_branch(git_repo, "fleet-beta")
    _pushed_branch(git_repo, "fleet-lab")
    write(git_repo, {"docs/fleet.md": "# Fleet (2026-11-02)\n\nThe sensor fleet reads fleet-beta as its live "
                                      "firmware channel from today. Bench builds go to fleet-lab, which no device "
                                      "reads.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _topic(git_repo, "bench-build")
    decision, reason = decide(agent, git_repo, "git push -q origin HEAD:fleet-beta")
    assert decision == "deny", reason
    assert "`git push -q origin HEAD:fleet-lab`" in reason and "sensor fleet reads fleet-beta" in reason
    assert decide(agent, git_repo, "git push -q origin HEAD:fleet-lab")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_live_branch_with_no_page_routing_the_work_elsewhere_takes_the_push(agent: str, git_repo: Path) -> None:
    _pushed_branch(git_repo, "fleet-beta")
    write(git_repo, {"docs/fleet.md": "# Fleet\n\nThe sensor fleet reads fleet-beta as its live firmware channel "
                                      "from today.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _topic(git_repo, "bench-build")
    assert decide(agent, git_repo, "git push -q origin HEAD:fleet-beta")[0] == "allow"  # it may be the task itself


@pytest.mark.parametrize("agent", AGENTS)
def test_a_retired_branch_goes_to_the_branch_that_is_read_now_and_that_push_passes(agent: str,
                                                                                   git_repo: Path) -> None:
    _pushed_branch(git_repo, "ota-old")
    write(git_repo, {"docs/updates.md": "# Updates\n\n2026-11-20: I moved the updater to the new CDN. It picks up "
                                        "from `ota/next` every hour now. `ota-old` belonged to the old updater; "
                                        "nothing reads it any more.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _pushed_branch(git_repo, "ota/next")
    _topic(git_repo, "fix-ble")
    decision, reason = decide(agent, git_repo, "git push -q origin HEAD:ota-old")
    assert decision == "deny", reason
    assert "`git push -q origin HEAD:ota/next`" in reason
    # the branch the page sends work to is never stopped for being read
    assert decide(agent, git_repo, "git push -q origin HEAD:ota/next")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_into_a_branch_that_deploys_on_push_goes_to_the_family_the_template_keeps_drafts_on(
        agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/deploy.yml": "name: deploy\non:\n  push:\n    branches: [main]\njobs:\n"
                                                     "  ship:\n    runs-on: ubuntu-latest\n    steps:\n"
                                                     "      - run: ./ship production\n",
                     ".github/pull_request_template.md": "- [ ] Merging ships to production\n"
                                                         "- [ ] Half-done work stays on draft/* branches\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _topic(git_repo, "draft/tide-tables")
    decision, reason = decide(agent, git_repo, "git push -q origin HEAD:main")
    assert decision == "deny", reason
    assert "`git push -q origin HEAD:draft/tide-tables`" in reason
    assert decide(agent, git_repo, "git push -q origin HEAD:draft/tide-tables")[0] == "allow"
    git(git_repo, "switch", "-q", "-c", "tide-fix", "main")
    (git_repo / "tides.txt").write_text("fixed\n")
    commit_all(git_repo, "tides")
    # a branch outside the family: the template says nothing about it
    assert decide(agent, git_repo, "git push -q origin HEAD:main")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_a_hook_refuses_gets_the_branch_the_default_branch_docs_opened(agent: str, git_repo: Path) -> None:
    _pushed_branch(git_repo, "rel/2.4")
    _pushed_branch(git_repo, "patch/2.4.1")
    hook = _origin(git_repo) / "hooks" / "update"
    hook.write_text("#!/bin/sh\ncase \"$1\" in\n  refs/heads/rel/*) echo \"rel branches are frozen\" >&2; exit 1;;\n"
                    "esac\nexit 0\n")
    hook.chmod(0o755)
    write(git_repo, {"docs/releases.md": "# Releases\n\n2026-12-01: 2.4 is with the certification lab. I opened "
                                         "patch/2.4.1: every fix from now goes there.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _topic(git_repo, "fix-gps", start="patch/2.4.1")  # the page is on main only
    decision, reason = decide(agent, git_repo, "git push -q origin HEAD:rel/2.4")
    assert decision == "deny", reason
    assert "`git push -q origin HEAD:patch/2.4.1`" in reason
    assert "gh pr create --base rel/2.4" not in reason  # no pull request into the refused branch


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_that_is_not_a_fast_forward_goes_to_the_branch_it_tracks(agent: str, git_repo: Path) -> None:
    _pushed_branch(git_repo, "train/2026-12")
    (git_repo / "next.txt").write_text("next year's work\n")
    commit_all(git_repo, "2027 work on main")
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "switch", "-q", "-c", "fix-mirror", "--track", "origin/train/2026-12")
    (git_repo / "mirror.txt").write_text("timeout 30\n")
    commit_all(git_repo, "mirror timeout")
    decision, reason = decide(agent, git_repo, "git push -q origin HEAD:main")
    assert decision == "deny", reason
    assert "`git push -q origin HEAD:train/2026-12`" in reason
    assert decide(agent, git_repo, "git push -q origin HEAD:train/2026-12")[0] == "allow"
    git(git_repo, "branch", "--unset-upstream")
    # no upstream: the reflog still says where the branch was created from
    decision, reason = decide(agent, git_repo, "git push -q origin HEAD:main")
    assert decision == "deny" and "reflog" in reason, reason
    git(git_repo, "reflog", "expire", "--expire=now", "--all")
    assert decide(agent, git_repo, "git push -q origin HEAD:main")[0] == "allow"  # nothing names a base: unknown


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_whose_workflow_moved_to_tags_gets_a_tag_of_the_family(agent: str, git_repo: Path) -> None:
    flow = "name: run\non:\n  push:\n    {}\njobs:\n  run:\n    runs-on: [self-hosted]\n    steps:\n      - run: ./go\n"
    write(git_repo, {".github/workflows/run.yml": flow.format("branches: [ops]")})
    _pushed_branch(git_repo, "ops")
    (git_repo / ".github" / "workflows" / "run.yml").write_text(flow.format("tags: ['run-*']"))
    commit_all(git_repo, "Run the model from run-YYYYMMDD tags; the ops branch is retired")
    git(git_repo, "push", "-q", "origin", "HEAD")
    _topic(git_repo, "fix-grid")
    decision, reason = decide(agent, git_repo, "git push -q origin HEAD:ops")
    assert decision == "deny", reason
    tag = "run-" + datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
    assert f"`git tag {tag} && git push origin {tag}`" in reason
    assert decide(agent, git_repo, "git push -q origin HEAD:fix-grid")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_published_tag_moved_gets_the_correction_name_the_docs_write_out(agent: str, git_repo: Path) -> None:
    write(git_repo, {"ARCHIVE.md": "# Archive\n\nThe archive ingests every box-* tag; a tag never moves. A "
                                   "correction is a new tag box-0042.1, box-0042.2 and so on.\n"})
    git(git_repo, "tag", "box-0042")
    git(git_repo, "push", "-q", "origin", "HEAD", "box-0042")
    (git_repo / "box.txt").write_text("corrected\n")
    commit_all(git_repo, "box 42 corrected")
    decision, reason = decide(agent, git_repo, "git tag -f box-0042 && git push -q -f origin box-0042")
    assert decision == "deny", reason
    assert "`git tag box-0042.1 && git push origin box-0042.1`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_published_tag_the_repository_asks_to_delete_is_deleted_and_others_stay_protected(
        agent: str, git_repo: Path) -> None:
    git(git_repo, "tag", "survey-07")
    git(git_repo, "tag", "survey-08")
    git(git_repo, "push", "-q", "origin", "HEAD", "survey-07", "survey-08")
    deny = decide(agent, git_repo, "git push -q origin --delete refs/tags/survey-07")
    assert deny[0] == "deny", deny[1]  # no record releases it yet
    # a record that still requires an approval releases nothing
    write(git_repo, {"docs/tags/2026-01-10-survey.md": "# 2026-01-10: survey-07\n\nDeleting survey-07 from origin "
                                                       "must be approved by the archivist first.\n"})
    assert not _tag_change_released(str(git_repo), "survey-07", True)
    (git_repo / "docs/tags/2026-01-10-survey.md").unlink()
    write(git_repo, {"docs/tags/2026-01-12-survey.md": "# 2026-01-12: survey-07\n\nThe tag survey-07 points at the "
                                                       "wrong readings. As archivist I ask that it is deleted from "
                                                       "origin; deleting the tag is approved. -- Ines, archivist\n"})
    got = decide(agent, git_repo, "git push -q origin --delete refs/tags/survey-07")
    assert got[0] == "allow", got[1]
    # the record names survey-07 only: the other published tag stays protected
    decision, reason = decide(agent, git_repo, "git push -q origin --delete refs/tags/survey-08")
    assert decision == "deny" and "survey-08" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_published_tag_deleted_on_its_owners_dated_approval(agent: str, git_repo: Path) -> None:
    # a published tag stays unless a dated record names that very tag and approves (or directs) its deletion
    git(git_repo, "tag", "survey-2026-10")
    git(git_repo, "tag", "survey-2026-09")
    git(git_repo, "push", "-q", "origin", "HEAD", "survey-2026-10", "survey-2026-09")
    write(git_repo, {"docs/tags/2026-11-20-survey-tag.md": "# 2026-11-20: survey-2026-10\n\nThe tag survey-2026-10 "
                                                           "was cut from the commit before the corrected depths. I "
                                                           "approve deleting the tag from origin so nobody maps from "
                                                           "it. -- Noor, chief surveyor\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    assert decide(agent, git_repo, "git push -q origin --delete refs/tags/survey-2026-10")[0] == "allow"
    decision, reason = decide(agent, git_repo, "git push -q origin --delete refs/tags/survey-2026-09")
    assert decision == "deny", reason
    assert "survey-2026-09" in reason
