"""A recipe line a commit gave to another program: its file pattern (``out/*.grd``) is given the action's own file in
the successor's command when the old line ran the action's words otherwise. Invented tools and files."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


@pytest.mark.parametrize("agent", AGENTS)
def test_a_recipe_pattern_is_given_the_actions_own_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/qa.yml": "jobs:\n  qa:\n    steps:\n      - run: gridlint -v 2 out/*.grd\n"})
    write(git_repo, {".github/workflows/qa.yml": "jobs:\n  qa:\n    steps:\n      - run: meshcheck --std 3 out/*.grd\n"})
    kind, reason = decide(agent, git_repo, "gridlint -v 2 out/run7.grd")
    assert kind == "deny", reason
    assert "`meshcheck --std 3 out/run7.grd`" in reason


def test_a_recipe_line_that_differs_otherwise_keeps_its_pattern(git_repo: Path) -> None:
    write(git_repo, {".github/workflows/qa.yml": "jobs:\n  qa:\n    steps:\n      - run: gridlint -v 2 out/*.grd\n"})
    write(git_repo, {".github/workflows/qa.yml": "jobs:\n  qa:\n    steps:\n      - run: meshcheck --std 3 out/*.grd\n"})
    kind, reason = decide("claude", git_repo, "gridlint -v 1 out/run7.grd")  # another option value: not the recipe
    assert kind == "deny", reason
    assert "out/run7.grd`" not in reason.split("Safe alternative:")[1].split("(")[0]
