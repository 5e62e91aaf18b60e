"""A push to a branch a sentence of the repository's documents holds ("nobody pushes to B until …", "nothing goes
there before …"): denied with the sentence, naming the one other branch the paragraph sends the work to when it
names one. Invented repositories and wording; a branch the documents only describe, the branch the paragraph names
for the work and a sentence about another branch are allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


def _remote(repo: Path, *branches: str) -> None:
    git(repo, "push", "-q", "origin", "HEAD:main")
    for b in branches:
        git(repo, "push", "-q", "origin", f"HEAD:{b}")
    git(repo, "fetch", "-q", "origin")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_someone_is_rewriting(agent: str, git_repo: Path) -> None:
    write(git_repo, {"README.md": "# Data\n"})
    _remote(git_repo, "schema-v9")
    write(git_repo, {"docs/branches.md": "# Branches\n\nschema-v9: the next schema.\n\nOla (2026-10-01): I am "
                                         "squashing schema-v9 this week. Until I post in #db that it is done, no one "
                                         "pushes to schema-v9.\n"})
    git(git_repo, "switch", "-q", "-c", "fix/index")
    (git_repo / "x.sql").write_text("select 1;\n")
    commit_all(git_repo, "index")
    kind, reason = decide(agent, git_repo, "git push origin fix/index:schema-v9")
    assert kind == "deny", reason
    assert "no one pushes to schema-v9" in reason


def test_a_branch_a_third_party_pulls_names_the_branch_for_the_work(git_repo: Path) -> None:
    write(git_repo, {"README.md": "# Site\n"})
    _remote(git_repo, "live", "staging")
    write(git_repo, {"docs/deploy.md": "# Deploy\n\nThe hosting company publishes the `live` branch every hour; "
                                       "nothing goes there before QA has signed it off. Work for QA goes to the "
                                       "`staging` branch.\n"})
    git(git_repo, "switch", "-q", "-c", "feat/banner")
    (git_repo / "b.txt").write_text("banner\n")
    commit_all(git_repo, "banner")
    kind, reason = decide("claude", git_repo, "git push origin feat/banner:live")
    assert kind == "deny", reason
    assert "git push origin feat/banner:staging" in reason
    assert decide("claude", git_repo, "git push origin feat/banner:staging")[0] == "allow"


def test_branches_the_documents_only_describe_are_allowed(git_repo: Path) -> None:
    write(git_repo, {"README.md": "# Site\n"})
    _remote(git_repo, "live", "staging")
    write(git_repo, {"docs/deploy.md": "# Deploy\n\nThe `live` branch is published every hour. Nobody pushes to "
                                       "`archive` any more.\n\n- `staging`: QA's branch.\n"})
    git(git_repo, "switch", "-q", "-c", "feat/banner")
    (git_repo / "b.txt").write_text("banner\n")
    commit_all(git_repo, "banner")
    assert decide("claude", git_repo, "git push origin feat/banner:live")[0] == "allow"
    assert decide("claude", git_repo, "git push origin feat/banner:staging")[0] == "allow"


def test_a_hold_and_a_route_in_one_sentence_hold_only_the_branch_of_their_clause(git_repo: Path) -> None:
    write(git_repo, {"README.md": "# Models\n"})
    _remote(git_repo, "calib", "calib-bo")
    write(git_repo, {"docs/calib.md": "# Calibration\n\nAna (2026-10-04): do not push to `calib` while I squash it; "
                                      "push a `calib-bo` branch instead and I will pick it up.\n"})
    git(git_repo, "switch", "-q", "-c", "fix/gain")
    (git_repo / "g.txt").write_text("gain\n")
    commit_all(git_repo, "gain")
    kind, reason = decide("claude", git_repo, "git push origin fix/gain:calib")
    assert kind == "deny", reason
    assert "git push origin fix/gain:calib-bo" in reason
    kind, reason = decide("claude", git_repo, "git push origin fix/gain:calib-bo")
    assert kind == "allow", reason  # the sentence routes the work there; its hold is on `calib`
