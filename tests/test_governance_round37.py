"""Governance documents of the repository gate the action classes they name, below a developer's record
(``statewise_cli.recovery.governance``), and one rule for whether a program is installed
(``statewise_cli.recovery.installed``). Invented repositories, documents and tools."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from swtest import AGENTS, run_statewise
from test_premises import decide, write

from statewise_cli.recovery import governance
from statewise_cli.recovery.installed import in_project_bins, installed


# ------------------------------------------------------------------ statements and rules
def test_statements_are_list_items_table_rows_and_sentences_not_code() -> None:
    text = ("# Releasing\n\nTags are cut on Tuesdays. Publishing to the registry needs the steward's sign-off.\n\n"
            "- never deploy on weekends\n1. Merge after review\n\n| step | rule |\n| --- | --- |\n"
            "| upload | only from the build box |\n\n```sh\n# do not deploy from here\nnpm publish\n```\n")
    got = [s for _, s in governance._statements(text)]
    assert "Publishing to the registry needs the steward's sign-off" in " ".join(got)
    assert "never deploy on weekends" in got and "Merge after review" in got
    assert "upload — only from the build box" in got
    assert not any("from here" in s for s in got)  # a code block is not a statement


def test_rules_read_restrictions_by_structure_and_skip_permissions_and_past_dates(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "deploy-runbook.md").write_text(
        "Production deploys are frozen until 2999-01-31.\nStaging deploys are fine any time.\n"
        "The archive export was frozen until 2001-02-01.\n")
    (tmp_path / "CONTRIBUTING.md").write_text("Publishing a package requires the maintainers' approval.\n"
                                              "Please write tests.\n")
    (tmp_path / "NOTES.md").write_text("Never deploy anything.\n")  # not a governance document by its name
    (tmp_path / "RELEASE.md").write_text("The publish job runs only for tags named rel-<n>.\n")  # a form, not a gate
    found = {(r.key, r.source.split(":")[1]) for r in governance.rules(str(tmp_path))}
    assert ("policy.production_deploy", "docs/deploy-runbook.md") in found
    assert ("policy.publish", "CONTRIBUTING.md") in found
    assert not any(k.endswith("export") for k, _ in found)  # its date has passed
    assert not any("staging" in k for k, _ in found)  # permissive
    assert not any(src in ("NOTES.md", "RELEASE.md") for _, src in found)


# ------------------------------------------------------------------ through the hook
@pytest.mark.parametrize("agent", AGENTS)
def test_a_freeze_notice_gates_the_deploy_it_names_not_other_actions(agent: str, git_repo: Path) -> None:
    write(git_repo, {"MAINTENANCE.md": "# Maintenance window\n\nProduction deploys are frozen until 2999-03-01; "
                                       "the on-call lead decides exceptions.\n",
                     "Makefile": "deploy-prod:\n\t./ship.sh prod\ntest:\n\ttrue\n"})
    kind, reason = decide(agent, git_repo, "make deploy-prod")
    assert kind in ("ask", "deny"), reason
    assert "MAINTENANCE.md" in reason
    assert decide(agent, git_repo, "make test")[0] == "allow"
    assert decide(agent, git_repo, "git status")[0] == "allow"


def test_a_developer_record_about_the_same_class_decides_instead_of_the_document(git_repo: Path) -> None:
    write(git_repo, {"docs/RELEASING.md": "Publishing to the package index needs the release steward's approval.\n",
                     "package.json": '{"name": "quillkit", "version": "1.0.0"}\n'})
    assert decide("claude", git_repo, "npm publish")[0] in ("ask", "deny")
    result = run_statewise(["remember", "policy.publishing", "allowed without approval for patch releases",
                            "--type", "policy"], git_repo)
    assert result.returncode == 0, result.stderr
    _kind, reason = decide("claude", git_repo, "npm publish")
    assert "RELEASING.md" not in reason, reason


def test_a_document_without_a_restriction_gates_nothing(git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "Deploy previews are built for every branch. Tag releases as vX.Y.Z.\n",
                     "Makefile": "deploy-preview:\n\ttrue\n"})
    assert decide("claude", git_repo, "make deploy-preview")[0] == "allow"
    assert decide("claude", git_repo, "git tag v2.1.0")[0] == "allow"


# ------------------------------------------------------------------ one install rule
def test_installed_reads_the_actions_path_and_executables_in_the_projects_bins(tmp_path: Path) -> None:
    bin_dir = tmp_path / "sysbin"
    bin_dir.mkdir()
    (bin_dir / "wobble").write_text("#!/bin/sh\n")
    (bin_dir / "wobble").chmod(0o755)
    root = tmp_path / "proj"
    (root / "tools" / "bin").mkdir(parents=True)
    (root / "tools" / "bin" / "gritter").write_text("#!/bin/sh\n")
    (root / "tools" / "bin" / "gritter").chmod(0o755)
    (root / "tools" / "bin" / "notexec").write_text("data\n")
    ctx = SimpleNamespace(env={"PATH": str(bin_dir)}, root=str(root))
    assert installed("wobble", ctx)
    assert installed("gritter", ctx)  # installed with the project
    assert not installed("notexec", ctx)  # a file that does not run is not a program
    assert not installed("zither", ctx)
    assert installed("zither", SimpleNamespace(env={}, root=str(root)))  # unknown PATH: nothing known missing
    sub = root / "pkg"
    (sub / "node_modules" / ".bin").mkdir(parents=True)
    os.symlink("/bin/true", sub / "node_modules" / ".bin" / "lintel")
    assert installed("lintel", ctx, str(sub)) and not installed("lintel", ctx)
    assert in_project_bins("gritter", str(root)) and not in_project_bins("../x", str(root))


# ------------------------------------------------------------------ a branch the remote no longer has
def _renamed_on_remote(repo: Path, old: str, new: str) -> Path:
    from swtest import git

    origin = repo.parent / "repo-origin.git"
    git(repo, "switch", "-q", "-c", old)
    (repo / "notes.txt").write_text("line\n")
    commit_all_local(repo)
    git(repo, "push", "-q", "origin", old)
    git(repo, "switch", "-q", "main")
    git(repo, "branch", "-q", "-D", old)
    git(origin, "branch", "-m", old, new)  # renamed on the remote; this clone still shows origin/<old>
    return origin


def commit_all_local(repo: Path) -> None:
    from swtest import commit_all

    commit_all(repo, "work")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_renamed_on_the_remote_is_named_by_its_successor(agent: str, git_repo: Path) -> None:
    _renamed_on_remote(git_repo, "staging-line", "preprod-line")
    kind, reason = decide(agent, git_repo, "git rebase origin/staging-line")
    assert kind == "deny", reason
    assert "`git rebase origin/preprod-line`" in reason and "stale copy" in reason
    kind, reason = decide(agent, git_repo, "git push origin HEAD:staging-line")
    assert kind == "deny", reason
    assert "`git push origin HEAD:preprod-line`" in reason
    kind, reason = decide(agent, git_repo, "git pull origin staging-line")
    assert kind == "deny" and "preprod-line" in reason, reason
    kind, reason = decide(agent, git_repo, "gh pr create --base staging-line --fill")
    assert kind == "deny" and "--base preprod-line" in reason, reason
    assert decide(agent, git_repo, "git rebase origin/main")[0] == "allow"


def test_a_branch_the_remote_still_has_or_a_fetched_rename_is_allowed(git_repo: Path) -> None:
    from swtest import git

    _renamed_on_remote(git_repo, "qa-line", "verify-line")
    git(git_repo, "fetch", "-q", "--prune", "origin")
    assert decide("claude", git_repo, "git rebase origin/verify-line")[0] == "allow"
    git(git_repo, "switch", "-q", "-c", "topic-x")
    git(git_repo, "push", "-q", "-u", "origin", "topic-x")
    assert decide("claude", git_repo, "git push origin topic-x")[0] == "allow"
    assert decide("claude", git_repo, "git rebase origin/topic-x")[0] == "allow"


# ------------------------------------------------------------------ a statement about a pattern of refs
def test_ref_patterns_are_glob_words_of_a_statement_about_refs() -> None:
    assert governance._ref_patterns({"every", "pushed", "rel-*", "tag", "publishes"}) == {"rel-*"}
    assert governance._ref_patterns({"hotfix/*", "branches", "need", "approval"}) == {"hotfix/*"}
    assert governance._ref_patterns({"never", "commit", "*.lock", "files"}) == set()  # files, no refs
    assert governance._ref_patterns({"no", "tags", "other", "than", "rel-*"}) == set()  # the pattern is the exception
    assert governance._ref_patterns({"pushing", "src/**/*.rs", "tags"}) == set()  # a file pattern


@pytest.mark.parametrize("agent", AGENTS)
def test_a_statement_about_a_tag_pattern_gates_only_tags_it_matches(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/RELEASE.md": "# Releasing\n\nEvery pushed `rel-*` tag runs the upload workflow; an uploaded "
                                        "build can never be withdrawn, so the archive keeper must approve it first.\n"})
    kind, reason = decide(agent, git_repo, "git tag rel-4.2 && git push origin rel-4.2")
    assert kind in ("ask", "deny") and "RELEASE.md" in reason, reason
    kind, reason = decide(agent, git_repo, "git tag nightly-0917 && git push origin nightly-0917")
    assert "RELEASE.md" not in reason, reason
    kind, reason = decide(agent, git_repo, "git push --tags origin")  # every tag, the pattern's included
    assert "RELEASE.md" in reason, reason
