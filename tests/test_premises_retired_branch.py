"""A push to a branch the repository's docs say was renamed, retired or archived — one nothing builds from or merges
any more — goes nowhere although git accepts it; the docs name the branch in its place, which the remote has, and the
push goes there instead (``premises_routes.retired_branch_premise``). A branch the docs only mention, or the successor
itself, is not judged. Invented repositories and branch names."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_premises import decide, write


def _branches(repo: Path, *names: str) -> None:
    for name in names:
        git(repo, "branch", name)
        git(repo, "push", "-q", "origin", name)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_to_a_branch_the_docs_say_was_renamed_goes_to_its_successor(agent: str, git_repo: Path) -> None:
    _branches(git_repo, "production", "live")
    write(git_repo, {"docs/deploying.md": "# Deploying\n\nThe `production` branch was renamed to `live` in March; "
                                          "the deploy job only watches `live`.\n"})
    kind, reason = decide(agent, git_repo, "git push origin HEAD:production")
    assert kind == "deny", reason
    assert "`git push origin HEAD:live`" in reason
    assert decide(agent, git_repo, "git push origin HEAD:live")[0] == "allow"


def test_an_archived_branch_names_the_line_that_replaced_it(git_repo: Path) -> None:
    _branches(git_repo, "maint-3", "support/4.x")
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nSecurity fixes for the 4 series go to `support/4.x`. The "
                                        "`maint-3` branch is archived: no release is built from it any more.\n"})
    kind, reason = decide("codex", git_repo, "git push -q origin fix-x:maint-3")
    assert kind == "deny", reason
    assert "support/4.x" in reason


def test_a_branch_nothing_builds_from_is_retired_and_a_plain_mention_is_not(git_repo: Path) -> None:
    _branches(git_repo, "edge", "canary")
    write(git_repo, {"README.md": "# Player\n\nNightly builds come from `canary`. `edge` is kept for history; nothing "
                                  "deploys from it.\n\nThe `canary` branch is rebuilt every night.\n"})
    kind, reason = decide("claude", git_repo, "git push origin HEAD:edge")
    assert kind == "deny", reason
    assert "canary" in reason
    assert decide("claude", git_repo, "git push origin HEAD:canary")[0] == "allow"


def test_no_successor_the_remote_has_decides_nothing(git_repo: Path) -> None:
    _branches(git_repo, "beta")
    write(git_repo, {"README.md": "# App\n\nThe `beta` branch is deprecated in favour of `preview`.\n"})
    assert decide("claude", git_repo, "git push origin HEAD:beta")[0] == "allow"


def test_the_branch_that_replaced_a_retired_one_is_not_retired(git_repo: Path) -> None:
    _branches(git_repo, "develop", "trunk")
    write(git_repo, {"README.md": "# App\n\nSince June `trunk` replaced the retired `develop` branch.\n"})
    assert decide("claude", git_repo, "git push origin HEAD:trunk")[0] == "allow"
    kind, reason = decide("claude", git_repo, "git push origin HEAD:develop")
    assert kind == "deny" and "trunk" in reason, reason


def test_the_default_branchs_docs_are_read_from_a_maintenance_checkout(git_repo: Path) -> None:
    _branches(git_repo, "legacy", "support")
    write(git_repo, {"docs/lines.md": "# Release lines\n\nHotfixes for 2.x land on `support`; `legacy` was archived "
                                      "in May.\n"})
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "switch", "-q", "-c", "fix/crash", "support")
    kind, reason = decide("codex", git_repo, "git push origin HEAD:legacy")
    assert kind == "deny", reason
    assert "`git push origin HEAD:support`" in reason and "default branch" in reason


def test_the_destination_after_an_existing_source_is_not_redirected_onto_a_tracked_file(git_repo: Path) -> None:
    write(git_repo, {"assets/logo.png": "png\n", "static/logo.jpg": "jpg\n", "theme/site.less": "a{}\n",
                     "web/css/site.css": "a{}\n"})
    for command in ("convert assets/logo.png build/logo.jpg", "lessc theme/site.less out/site.css"):
        kind, reason = decide("claude", git_repo, command)
        assert kind == "allow", (command, reason)
