"""Who else reads a ref (``statewise_cli.recovery.premises_consumers``): a docs sentence that says a party pulls,
builds from or ships a branch or a tag, a first-person note, a CI workflow's push filter and its history. Invented
repositories (a print shop, an assembly house, a canary channel); every rule has the push it lets through beside the
one it stops, and docs that consent, describe the rewrite as the procedure, or name no reader say nothing. Also the
one reading of a receive hook's ``case`` arms: an arm whose exit is behind another test gives no verdict in every
premise that reads arms."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write

from statewise_cli.recovery.premises_consumers import ci_consumers, doc_consumers, push_filters


def _pushed_branch(repo: Path, name: str, start: str = "HEAD") -> None:
    git(repo, "branch", name, start)
    git(repo, "push", "-q", "origin", name)


def _topic(repo: Path, name: str, file: str = "notes.txt") -> None:
    git(repo, "switch", "-q", "-c", name)
    (repo / file).write_text(f"work on {name}\n")
    commit_all(repo, f"work on {name}")


# ---------------------------------------------------------------- reading the docs
def test_doc_consumers_read_readers_and_skip_consent(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "print.md").write_text(
        "# Print\n\nThe print shop pulls the `catalogue` branch every Monday and prints whatever is on it for our "
        "customers. Proofs go to `catalogue-proofs`.\n\nThe `scratch` branch is where anyone experiments.\n")
    (tmp_path / "docs" / "pairing.md").write_text(
        "For `pair/sync` we agreed that whoever drives rebases it and force-pushes it; I'm fine with that.\n")
    found = doc_consumers(str(tmp_path), "catalogue", "branch")
    assert len(found) == 1 and found[0][0] == "docs/print.md" and found[0][2] is True
    assert doc_consumers(str(tmp_path), "scratch", "branch") == []  # named, but nobody reads it
    assert doc_consumers(str(tmp_path), "pair/sync", "branch") == []  # the paragraph consents


def test_push_filters_read_inline_and_block_lists() -> None:
    text = "name: x\non:\n  push:\n    branches: [edge, 'rel/*']  # edge builds\n    tags:\n      - 'v*'\n" \
           "  pull_request:\n    branches: [main]\njobs: {}\n"
    assert push_filters(text) == {"branches": ["edge", "rel/*"], "tags": ["v*"]}


def test_ci_consumers_name_the_ref_or_deploy_it(tmp_path: Path) -> None:
    flows = tmp_path / ".github" / "workflows"
    flows.mkdir(parents=True)
    (flows / "ci.yml").write_text("on:\n  push:\n    branches: [develop, 'feature/*']\njobs:\n  t:\n    steps:\n"
                                  "      - run: make test\n")
    (flows / "ship.yml").write_text("on:\n  push:\n    tags: ['app-*']\njobs:\n  d:\n    steps:\n"
                                    "      - run: make deploy-production\n")
    assert ci_consumers(str(tmp_path), "develop", "branch") == [(".github/workflows/ci.yml", False)]
    assert ci_consumers(str(tmp_path), "feature/x", "branch") == []  # a test build of every topic branch
    assert ci_consumers(str(tmp_path), "app-3", "tag") == [(".github/workflows/ship.yml", True)]
    assert ci_consumers(str(tmp_path), "lib-3", "tag") == []


# ---------------------------------------------------------------- the hook, end to end
@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_into_a_branch_an_outside_party_pulls_is_stopped(agent: str, git_repo: Path) -> None:
    _pushed_branch(git_repo, "catalogue")
    _pushed_branch(git_repo, "catalogue-proofs")
    write(git_repo, {"docs/print.md": "# Print\n\n2026-10-01: the print shop pulls the `catalogue` branch every Monday "
                                      "and prints whatever is on it for our customers. Proofs go to "
                                      "`catalogue-proofs`.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _topic(git_repo, "spring-layout")
    decision, reason = decide(agent, git_repo, "git push -q origin spring-layout:catalogue")
    assert decision == "deny", reason
    assert "print shop" in reason and "`git push -q origin spring-layout:catalogue-proofs`" in reason
    assert decide(agent, git_repo, "git push -q origin spring-layout:catalogue-proofs")[0] == "allow"
    assert decide(agent, git_repo, "git push -q origin spring-layout")[0] == "allow"  # a new branch: nobody reads it
    # the same reader, with no page routing the work elsewhere: pushing to the branch it pulls may be the task itself
    (git_repo / "docs" / "print.md").write_text("# Print\n\nThe print shop pulls the `catalogue` branch every Monday "
                                                "and prints whatever is on it for our customers.\n")
    commit_all(git_repo, "print: one branch")
    decision, reason = decide(agent, git_repo, "git push -q origin spring-layout:catalogue")
    assert decision == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tag_a_first_person_note_says_was_built_from_is_not_moved(agent: str, git_repo: Path) -> None:
    git(git_repo, "tag", "hw-2")
    git(git_repo, "push", "-q", "origin", "hw-2")
    write(git_repo, {"docs/assembly.md": "2026-10-03: I sent the assembly house the files for 200 units, built from "
                                         "the tag `hw-2`. Never move it. -- Priya\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    decision, reason = decide(agent, git_repo, "git push -q -f origin HEAD:refs/tags/hw-2")
    assert decision == "deny", reason
    assert "docs/assembly.md" in reason and "new name" in reason
    assert decide(agent, git_repo, "git tag hw-3 && git push -q origin hw-3")[0] == "allow"


def test_a_rewrite_the_docs_give_as_the_procedure_names_no_reader(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "channels.md").write_text(
        "The installer downloads whatever the `latest` tag points at. Moving `latest` to a release that passed QA is "
        "the procedure: git tag -f latest vX.Y, then force-push it.\n\nThe fab built the boards from the tag `hw-2`; "
        "never move it.\n")
    assert doc_consumers(str(tmp_path), "latest", "tag") == []
    assert [f for f, _s, _o, keeps in doc_consumers(str(tmp_path), "hw-2", "tag") if keeps] == ["docs/channels.md"]


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_a_workflow_stopped_building_names_the_one_it_builds(agent: str, git_repo: Path) -> None:
    flow = "name: deploy\non:\n  push:\n    branches: [{}]\njobs:\n  go:\n    runs-on: x\n    steps:\n      - run: make\n"
    write(git_repo, {".github/workflows/deploy.yml": flow.format("edge")})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _pushed_branch(git_repo, "edge")
    write(git_repo, {".github/workflows/deploy.yml": flow.format("canary") + "# edge stays for manual tests\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Deploy: build from canary")
    git(git_repo, "push", "-q", "origin", "HEAD")
    _pushed_branch(git_repo, "canary")
    _topic(git_repo, "fix/timeout")
    decision, reason = decide(agent, git_repo, "git push -q origin fix/timeout:edge")
    assert decision == "deny", reason
    assert "`git push -q origin fix/timeout:canary`" in reason and "Deploy: build from canary" in reason
    assert decide(agent, git_repo, "git push -q origin fix/timeout:canary")[0] == "allow"


# ---------------------------------------------------------------- one reading of a hook's case arms
NESTED = """#!/bin/sh
while read old new ref; do
  case "$ref" in
    refs/heads/dana/*|refs/tags/*) ;;
    *)
      if ! git merge-base --is-ancestor "$old" "$new"; then
        echo "no rewrites here" >&2
        exit 1
      fi
      ;;
  esac
done
"""


def test_an_arm_whose_exit_is_behind_another_test_gives_no_verdict_in_every_reader() -> None:
    from statewise_cli.recovery.premises_git import _hook_arms
    from statewise_cli.recovery.premises_gitpolicy import case_arms
    from statewise_cli.recovery.premises_refrules import hook_rules, judge

    assert case_arms(NESTED) == [(["refs/heads/dana/*", "refs/tags/*"], False), (["*"], None)]
    assert _hook_arms(NESTED) == ([(4, "refs/heads/dana/*"), (4, "refs/tags/*")], False)
    assert judge(hook_rules("/x/hooks/pre-receive", NESTED), "refs/heads/topic")[0] == "unknown"
    plain = NESTED.replace('      if ! git merge-base --is-ancestor "$old" "$new"; then\n', "").replace("      fi\n", "")
    assert case_arms(plain)[1] == (["*"], True)
    assert _hook_arms(plain)[1] is True
    assert judge(hook_rules("/y/hooks/pre-receive", plain), "refs/heads/topic")[0] == "reject"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_new_branch_outside_the_arms_of_a_nested_exit_is_allowed(agent: str, git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    hook = origin / "hooks" / "pre-receive"
    hook.parent.mkdir(parents=True, exist_ok=True)
    hook.write_text(NESTED)
    hook.chmod(0o755)
    _topic(git_repo, "topic")
    assert decide(agent, git_repo, "git push -q -u origin topic")[0] == "allow"


def test_a_scheduled_job_of_another_party_is_an_outside_reader(git_repo: Path) -> None:
    _pushed_branch(git_repo, "tariffs-live")
    _pushed_branch(git_repo, "tariffs-trial")
    write(git_repo, {"docs/feeds.md": "# Feeds\n\n2026-09-03: Northgate's ETL pulls `tariffs-live` every night at 02:00 "
                                      "into the billing extract. Tariff changes go to `tariffs-trial`; I promote them.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _topic(git_repo, "peak-rates")
    decision, reason = decide("claude", git_repo, "git push -q origin peak-rates:tariffs-live")
    assert decision == "deny", reason
    assert "`git push -q origin peak-rates:tariffs-trial`" in reason
    assert decide("claude", git_repo, "git push -q origin peak-rates:tariffs-trial")[0] == "allow"
