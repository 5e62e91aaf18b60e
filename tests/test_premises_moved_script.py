"""A package runner call of a tool the project's package.json scripts no longer run: the script that ran it
names the current command for that job."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


def _pj(scripts: dict[str, str], dev: dict[str, str]) -> str:
    return json.dumps({"name": "widgets", "private": True, "scripts": scripts, "devDependencies": dev}, indent=2) + "\n"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tool_whose_script_now_runs_another_command_is_denied_with_the_script(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": _pj({"e2e": "nightwatch", "lint": "eslint ."}, {"nightwatch": "^3.0.0",
                                                                                      "eslint": "^9.0.0"})})
    write(git_repo, {"package.json": _pj({"e2e": "node scripts/e2e.mjs", "lint": "eslint ."}, {"eslint": "^9.0.0"})})
    kind, reason = decide(agent, git_repo, "npx nightwatch --env chrome")
    assert kind == "deny"
    assert "`npm run e2e -- --env chrome`" in reason and "node scripts/e2e.mjs" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tool_a_script_still_runs_or_the_project_declares_is_left_alone(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": _pj({"e2e": "nightwatch", "fmt": "prettier -w ."}, {"nightwatch": "^3.0.0"})})
    write(git_repo, {"package.json": _pj({"e2e": "nightwatch --headless", "fmt": "biome format ."},
                                         {"nightwatch": "^3.0.0", "prettier": "^3.0.0"})})
    assert decide(agent, git_repo, "npx nightwatch")[0] == "allow"  # a script still runs it
    assert decide(agent, git_repo, "npx prettier --check .")[0] == "allow"  # still declared
