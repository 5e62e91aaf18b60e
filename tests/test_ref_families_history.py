"""Readers of a ref in the shapes public repositories write them (``statewise_cli.recovery.premises_consumers``):
a family of refs named by a wildcard or a placeholder (``mirror/*``, ``l10n/*``, ``draft/<topic>``), a branch a
page calls shared, and a page that keeps pushed history ("no amend, no force-push"). Invented repositories (a
translation vendor, an integration branch, a meeting-minutes archive); every rule has the push it lets through beside
the one it stops, and a page that names other branches, or none for a branch that is not the default one, says
nothing about the ref pushed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write

from statewise_cli.recovery.premises_consumers import _glob_names, doc_consumers, ref_globs


def _pushed_branch(repo: Path, name: str, start: str = "HEAD") -> None:
    git(repo, "branch", name, start)
    git(repo, "push", "-q", "origin", name)


# ---------------------------------------------------------------- families of refs
def test_ref_families_are_read_from_wildcards_and_placeholders() -> None:
    assert ref_globs("The vendor pulls the l10n/* branches") == ["l10n/*"]
    assert ref_globs("Tags `rc-*` go to testers; drafts go to draft/<topic>.") == ["rc-*", "draft/*"]
    assert ref_globs("ignore *.md and **/*.txt") == []
    assert _glob_names("the l10n/* branches", "l10n/de-spring") == "l10n/*"
    assert _glob_names("the l10n/* branches", "docs/l10n") is None
    assert _glob_names("tags v* publish", "v2.1.0") == "v*"
    assert _glob_names("tags v* publish", "vendor") is None  # a one-letter family is a version's only


def test_a_sentence_naming_a_family_reads_each_of_its_refs(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "vendor.md").write_text(
        "# Translations\n\nThe translation vendor pulls the l10n/* branches every night and imports them.\n\n"
        "Anyone may push to the scratch/* branches.\n")
    found = doc_consumers(str(tmp_path), "l10n/de-spring", "branch")
    assert len(found) == 1 and found[0][0] == "docs/vendor.md"
    assert doc_consumers(str(tmp_path), "scratch/x", "branch") == []  # named, but nobody reads it


@pytest.mark.parametrize("agent", AGENTS)
def test_deleting_a_branch_of_a_family_an_outside_party_pulls_is_stopped(agent: str, git_repo: Path) -> None:
    _pushed_branch(git_repo, "l10n/de-spring")
    _pushed_branch(git_repo, "scratch/tryout")
    write(git_repo, {"docs/vendor.md": "# Translations\n\nThe translation vendor pulls the l10n/* branches on its own "
                                       "schedule; a branch stays until the vendor confirms the import.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    decision, reason = decide(agent, git_repo, "git push -q origin --delete l10n/de-spring")
    assert decision == "deny", reason
    assert "docs/vendor.md" in reason and "l10n/*" in reason
    assert decide(agent, git_repo, "git push -q origin --delete scratch/tryout")[0] == "allow"


# ---------------------------------------------------------------- a branch others work on
@pytest.mark.parametrize("agent", AGENTS)
def test_force_pushing_over_a_shared_branch_names_the_family_the_page_routes_to(agent: str, git_repo: Path) -> None:
    _pushed_branch(git_repo, "integration")
    write(git_repo, {"docs/branches.md": "# Branches\n\n`integration` is the team's shared branch: everyone merges "
                                         "there before the nightly build. Experiments go to lab/<topic>.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    # a colleague merges into integration on the remote; this clone has not fetched it
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    other = git_repo.parent / "colleague"
    git(git_repo.parent, "clone", "-q", "-b", "integration", str(origin), str(other))
    git(other, "config", "user.name", "Colleague")
    git(other, "config", "user.email", "colleague@example.invalid")
    (other / "merged.txt").write_text("a colleague's work\n")
    commit_all(other, "colleague's merge")
    git(other, "push", "-q", "origin", "integration")
    shutil.rmtree(other)
    git(git_repo, "switch", "-q", "-c", "feature/cache")
    (git_repo / "cache.txt").write_text("cache\n")
    commit_all(git_repo, "cache")
    decision, reason = decide(agent, git_repo, "git push -q -f origin HEAD:integration")
    assert decision == "deny", reason
    assert "shared branch" in reason and "`git push -q -f origin HEAD:lab/cache`" in reason
    assert decide(agent, git_repo, "git push -q -f origin HEAD:lab/cache")[0] == "allow"


# ---------------------------------------------------------------- published history
@pytest.mark.parametrize("agent", AGENTS)
def test_amending_and_force_pushing_the_default_branch_a_page_keeps_is_stopped(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nThe minutes archive is a public record: pushed minutes are "
                                        "never amended or force-pushed. Corrections are new commits with a message "
                                        "starting 'Erratum:'.\n",
                     "minutes/2026-11-02.md": "Present: 7 members.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    (git_repo / "minutes" / "2026-11-02.md").write_text("Present: 8 members.\n")
    branch = git(git_repo, "branch", "--show-current").strip()
    decision, reason = decide(agent, git_repo, f"git commit -q -a --amend --no-edit && git push -q -f origin {branch}")
    assert decision == "deny", reason
    assert "CONTRIBUTING.md" in reason
    assert f"`git commit -q -a -m 'Erratum: project files' && git push -q origin {branch}`" in reason
    assert decide(agent, git_repo, f"git commit -q -a -m 'Erratum: members' && git push -q origin {branch}")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_page_keeping_history_says_nothing_of_a_topic_branch_or_of_other_named_branches(agent: str,
                                                                                         git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nNever force-push `release`: packagers build from it.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "switch", "-q", "-c", "topic/parser")
    (git_repo / "parser.txt").write_text("v1\n")
    commit_all(git_repo, "parser")
    git(git_repo, "push", "-q", "origin", "topic/parser")
    (git_repo / "parser.txt").write_text("v2\n")
    _decision, reason = decide(agent, git_repo, "git commit -q -a --amend --no-edit && git push -q -f origin topic/parser")
    # the page names `release` only; topic/parser is the agent's own: this reader says nothing (the governance reader's
    # own answer to a force-push under a page that forbids one elsewhere is decided apart)
    assert "pushed commits the page keeps" not in reason, reason


def test_a_forced_switch_over_uncommitted_work_gets_the_whole_safe_command() -> None:
    from statewise_cli.actions.normalize import Action
    from statewise_cli.recovery.pipeline import _stash_then

    base = "commit or stash the work first (`git stash push -u`)"
    switch = Action(tool="git", operation="git.checkout", risk="destructive", text="git checkout -q -f lab-7")
    assert _stash_then(switch, base) == "commit or stash the work first (`git stash push -u && git checkout -q lab-7`)"
    chained = Action(tool="git", operation="git.checkout", risk="destructive", text="git fetch && git checkout -f lab-7")
    assert _stash_then(chained, base) == base  # a line of several commands: only the stash is certain
    plain = Action(tool="git", operation="git.restore", risk="destructive", text="git restore -q .")
    assert _stash_then(plain, base) == base


def test_a_rule_that_routes_work_to_a_family_does_not_gate_a_push_into_it() -> None:
    from types import SimpleNamespace

    from statewise_cli.actions.normalize import Action
    from statewise_cli.recovery.intent import within_routed_family

    rule = ("Please don't push to integration until the freeze ends; push your commits to integration-<your name> "
            "and I will merge them.")
    record: Any = SimpleNamespace(value=rule)  # the reader looks at the rule's text only
    ok = Action(tool="git", operation="git.push", risk="remote", target="integration-ana", text="git push origin HEAD:integration-ana")
    held = Action(tool="git", operation="git.push", risk="remote", target="integration", text="git push origin integration")
    assert within_routed_family(record, ok) is True
    assert within_routed_family(record, held) is False


# ---------------------------------------------------------------- a tag family that now goes out
@pytest.mark.parametrize("agent", AGENTS)
def test_a_new_tag_of_a_family_that_now_ships_names_the_family_the_page_gives_the_build(agent: str,
                                                                                      git_repo: Path) -> None:
    write(git_repo, {"docs/channels.md": "# Channels\n\nAs of 2026-11-02, `store-*` tags are published to the app store "
                                         "for all users. Beta builds are tagged `beta-<number>` for the closed group.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    decision, reason = decide(agent, git_repo, "git tag store-77 && git push -q origin store-77")
    assert decision == "deny", reason
    assert "docs/channels.md" in reason and "`git tag beta-77 && git push -q origin beta-77`" in reason
    assert decide(agent, git_repo, "git tag beta-77 && git push -q origin beta-77")[0] == "allow"
    # the same page with no dated change and no other family says nothing: a release tag pushed as the task asks
    (git_repo / "docs" / "channels.md").write_text("# Channels\n\n`store-*` tags are published to the app store for all "
                                                   "users.\n")
    commit_all(git_repo, "channels: one family")
    assert decide(agent, git_repo, "git tag store-78 && git push -q origin store-78")[0] == "allow"
