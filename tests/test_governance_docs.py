"""Statements of the project's documentation directory gate the action classes they name, whatever the
document's name; a waived requirement gates nothing; a statement that names the only remote for what it gates
sends the action there; a tag line the same document names, which CI builds, is the alternative to a gated tag
(``statewise_cli.recovery.governance``). Invented repositories, documents and remotes."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_premises import decide, write


def _remote(repo: Path, name: str) -> None:
    bare = repo.parent / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    git(repo, "remote", "add", name, str(bare))


@pytest.mark.parametrize("agent", AGENTS)
def test_a_statement_of_any_document_under_docs_gates_the_merge_it_names(agent: str, git_repo: Path) -> None:
    _remote(git_repo, "vendor")
    git(git_repo, "push", "-q", "vendor", "HEAD:trunk")
    write(git_repo, {"docs/vendoring.md": "# Vendored parser\n\nThe vendor changed its terms in 2025. "
                                          "`vendor/trunk` is never merged into our branches: the legal team decides.\n"})
    kind, reason = decide(agent, git_repo, "git merge --no-edit vendor/trunk")
    assert kind in ("ask", "deny"), reason
    assert "docs/vendoring.md" in reason
    git(git_repo, "branch", "feature-x")
    assert decide(agent, git_repo, "git merge --no-edit feature-x")[0] == "allow"


def test_a_waived_requirement_gates_nothing(git_repo: Path) -> None:
    git(git_repo, "branch", "1.x")
    write(git_repo, {"docs/maintenance-notes.md": "Backports to 1.x are pushed directly, no sign-off needed.\n"})
    _kind, reason = decide("codex", git_repo, "git push origin 1.x")
    assert "maintenance-notes" not in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_the_only_remote_a_statement_names_is_the_alternative_and_is_not_gated(agent: str, git_repo: Path) -> None:
    _remote(git_repo, "vault")
    git(git_repo, "branch", "partner/globex")
    write(git_repo, {"docs/hosting.md": "# Hosting\n\nThe repository on origin is public. Partner branches "
                                        "(partner/*) hold partner data and are pushed only to the `vault` remote; "
                                        "never to origin.\n"})
    kind, reason = decide(agent, git_repo, "git push origin partner/globex")
    assert kind in ("ask", "deny"), reason
    assert "`git push vault partner/globex`" in reason
    kind, reason = decide(agent, git_repo, "git push vault partner/globex")
    assert "hosting.md" not in reason, reason


WF = "name: {name}\non:\n  push:\n    tags: ['{pattern}']\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: {run}\n"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tag_line_the_same_document_names_is_the_alternative_to_a_gated_tag(agent: str, git_repo: Path) -> None:
    write(git_repo, {
        ".github/workflows/publish.yml": WF.format(name="publish", pattern="rel-*", run="npm publish"),
        ".github/workflows/preview.yml": WF.format(name="preview", pattern="preview-*", run="make preview"),
        "docs/tagging.md": "# Tags\n\nEvery pushed rel-* tag publishes the package to the registry and is never "
                           "pushed without the maintainers' approval.\n\nPreview builds are tagged preview-<version> "
                           "and go to the staging registry.\n"})
    git(git_repo, "tag", "rel-3.1.0")
    kind, reason = decide(agent, git_repo, "git push origin rel-3.1.0")
    assert kind in ("ask", "deny"), reason
    assert "`git push origin preview-3.1.0`" in reason, reason
    assert "docs/tagging.md" not in decide(agent, git_repo, "git push origin preview-3.1.0")[1]


@pytest.mark.parametrize("agent", AGENTS)
def test_work_a_statement_sends_only_to_one_remote_asks_when_the_branch_is_that_work(agent: str, git_repo: Path) -> None:
    _remote(git_repo, "quarantine")
    git(git_repo, "branch", "patch/leak-2207")
    git(git_repo, "branch", "docs/typo")
    write(git_repo, {"docs/disclosure.md": "# Disclosure\n\nThe main remote is mirrored publicly. Patches for "
                                           "undisclosed leaks are pushed only to the `quarantine` remote until the "
                                           "notice date.\n"})
    kind, reason = decide(agent, git_repo, "git push origin patch/leak-2207")
    assert kind in ("ask", "deny"), reason
    assert "quarantine" in reason
    kind, reason = decide(agent, git_repo, "git push origin docs/typo")
    assert "disclosure.md" not in reason, reason
    kind, reason = decide(agent, git_repo, "git push quarantine patch/leak-2207")
    assert "disclosure.md" not in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_a_document_says_deploys_to_the_public_asks_with_the_other_branch(agent: str, git_repo: Path) -> None:
    _remote(git_repo, "origin2")
    git(git_repo, "branch", "signage")
    git(git_repo, "branch", "signage-lab")
    write(git_repo, {"docs/signage.md": "# Signage\n\nThe signage branch deploys within ten minutes to the 30 "
                                        "departure boards seen by passengers. Trial layouts go to signage-lab: the "
                                        "board in the depot.\n"})
    kind, reason = decide(agent, git_repo, "git push origin HEAD:signage")
    assert kind in ("ask", "deny"), reason
    assert "signage-lab" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_a_statement_freezes_asks_and_names_the_remote_that_replaced_it(agent: str, git_repo: Path) -> None:
    _remote(git_repo, "atlas")
    _remote(git_repo, "atlas-v2")
    write(git_repo, {"docs/maps.md": "# Maps\n\n2026-10-04: the 2027 edition lives in a new tile store (git remote "
                                     "`atlas-v2`); the 2026 store (remote `atlas`) stays frozen as printed.\n"})
    kind, reason = decide(agent, git_repo, "git push atlas HEAD:main")
    assert kind in ("ask", "deny"), reason
    assert "`git push atlas-v2 HEAD:main`" in reason
    _kind, reason = decide(agent, git_repo, "git push atlas-v2 HEAD:main")
    assert "maps.md" not in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_statement_that_prescribes_the_command_does_not_gate_it(agent: str, git_repo: Path) -> None:
    """A document that shows the very command as the way to do it ("published with `git push origin
    refs/heads/pages`") does not gate that command through a negated clause about something else in the same
    statement; the other command it rules out stays gated."""
    _remote(git_repo, "mirror")
    git(git_repo, "branch", "pages")
    write(git_repo, {"docs/publishing.md": "# Publishing\n\nSince 2026-10 the rendered site lives on the pages branch, "
                                           "published with `git push mirror pages`; the old gh-pages branch is kept "
                                           "for history and never pushed.\n"})
    kind, reason = decide(agent, git_repo, "git push -q mirror pages")
    assert "publishing.md" not in reason, reason
    git(git_repo, "branch", "gh-pages")
    kind, reason = decide(agent, git_repo, "git push mirror gh-pages")
    assert kind in ("ask", "deny") and "publishing.md" in reason, reason


def test_a_negation_that_says_what_stopped_gates_nothing(git_repo: Path) -> None:
    from statewise_cli.recovery.governance import _gated

    assert not _gated("I have handed the survey-draft branch over to Ines; I do not use it any more.")
    assert not _gated("We don't push to the old mirror anymore, it was archived.")
    assert _gated("Do not push to the survey-draft branch; Ines works on it.")
    assert _gated("We don't push to main, and any more questions go to Ines.") is True
    git(git_repo, "branch", "survey-draft")
    write(git_repo, {"docs/handover.md": "2031-02-01: I have handed the survey-draft branch over to Ines; I do not "
                                         "use it any more and have nothing unpushed on it. -- Ola\n"})
    _kind, reason = decide("claude", git_repo, "git push -f origin survey-draft")
    assert "handover.md" not in reason, reason


def test_a_path_or_a_ledger_named_for_a_gate_gates_nothing() -> None:
    from statewise_cli.recovery.governance_targets import gated

    assert not gated("2031-01-05: I moved the embargo calendar to one file per month under cms/embargoes/.")
    assert not gated("Quarterly figures now live in reports/frozen/ and reports/approval-queue.csv.")
    assert gated("Stories under embargo are never pushed to `live` before the embargo ends.")
    assert gated("Nothing in cms/embargoes/ may be published before the embargo ends.")
