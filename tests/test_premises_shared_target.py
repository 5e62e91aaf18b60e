"""A destructive command aimed at an alias, context, profile or host the docs say is shared (the team's, production)
while they offer the developer's own: the same command with the own name (``premises_routes.shared_target_premise``);
the own target, and a command that destroys nothing, run. Invented tools' aliases and contexts."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write

DOC = ("# Clusters\n\nSince October the `staging` context is the shared cluster everyone's preview apps run on. Your "
       "own cluster is the `kind-dev` context, for experiments.\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_delete_in_a_shared_context_names_the_own_one(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/clusters.md": DOC})
    kind, reason = decide(agent, git_repo, "kubectl --context staging delete namespace demo")
    assert kind == "deny", reason
    assert "`kubectl --context kind-dev delete namespace demo`" in reason
    assert decide(agent, git_repo, "kubectl --context kind-dev delete namespace demo")[0] == "allow"
    assert decide(agent, git_repo, "kubectl --context staging get pods")[0] == "allow"


def test_a_bucket_removal_through_an_alias_the_team_shares(git_repo: Path) -> None:
    write(git_repo, {"README.md": "# Media\n\nThe `qa` rclone remote is the team's object store; the fixtures in it "
                                  "are read by every pipeline.\n\nFor throwaway data use your own `lab` remote.\n"})
    kind, reason = decide("codex", git_repo, "rclone purge qa/thumbnails")
    assert kind == "deny", reason
    assert "`rclone purge lab/thumbnails`" in reason
