"""Premise classes of round 28, by what repository evidence says changed:

- the task runner of a JavaScript monorepo (lerna.json / nx.json / turbo.json), the Python environment
  manager (Pipfile / hatch environments / poetry / pdm / uv.lock) and the Scala build tool (build.sbt /
  build.mill), each read from the file the tool works from, with the command doing the same task;

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_premises import write
from test_premises_round19 import _allowed, _denied_with


def _rm(repo: Path, *names: str) -> None:
    git(repo, "rm", "-q", *names)
    git(repo, "commit", "-q", "-m", "remove " + " ".join(names))


# --------------------------------------------------------------------------- tools a repository replaced


@pytest.mark.parametrize("agent", AGENTS)
def test_a_monorepo_task_after_lerna_gave_way_to_another_runner(agent: str, git_repo: Path) -> None:
    write(git_repo, {"lerna.json": json.dumps({"version": "independent"}), "package.json": '{"name": "mono"}\n',
                     "packages/a/package.json": '{"name": "@x/a"}\n'})
    _allowed(agent, git_repo, "lerna run lint")
    _rm(git_repo, "lerna.json")
    write(git_repo, {"turbo.json": json.dumps({"tasks": {"lint": {}, "build": {}}})})
    reason = _denied_with(agent, git_repo, "lerna run lint", "turbo run lint")
    assert "turbo.json" in reason
    _allowed(agent, git_repo, "turbo run lint", "lerna --version")
    _rm(git_repo, "turbo.json")
    write(git_repo, {"nx.json": json.dumps({"targetDefaults": {}})})
    _denied_with(agent, git_repo, "lerna run build", "nx run-many -t build")
    _denied_with(agent, git_repo, "turbo run build", "nx run-many -t build")
    _allowed(agent, git_repo, "nx run-many -t build", "nx run-many --target=build")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_python_environment_manager_the_project_left(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Pipfile": "[packages]\n", "tests/test_a.py": "def test_a():\n    pass\n"})
    _allowed(agent, git_repo, "pipenv run pytest -q")
    _rm(git_repo, "Pipfile")
    write(git_repo, {"pyproject.toml": '[project]\nname = "ledger"\n\n[tool.hatch.envs.default]\ndependencies = []\n'})
    _denied_with(agent, git_repo, "pipenv run pytest -q", "hatch test -q")
    _denied_with(agent, git_repo, "pipenv run python -m ledger.report", "hatch run python -m ledger.report")
    _allowed(agent, git_repo, "hatch test", "pipenv --version")
    # a build backend alone is not hatch's environments; a uv lockfile names uv
    write(git_repo, {"pyproject.toml": '[project]\nname = "ledger"\n\n[tool.hatch.build.targets.wheel]\npackages = ["src/ledger"]\n'})
    _allowed(agent, git_repo, "pipenv run pytest -q")
    write(git_repo, {"uv.lock": "version = 1\n"})
    _denied_with(agent, git_repo, "pipenv run pytest -q", "uv run pytest -q")
    _denied_with(agent, git_repo, "poetry run pytest", "uv run pytest")
    _allowed(agent, git_repo, "uv run pytest")


@pytest.mark.parametrize("agent", AGENTS)
def test_sbt_in_a_scala_project_built_with_mill(agent: str, git_repo: Path) -> None:
    write(git_repo, {"build.sbt": 'scalaVersion := "3.3.4"\n', "core/src/A.scala": "object A\n"})
    _allowed(agent, git_repo, "sbt test")
    _rm(git_repo, "build.sbt")
    write(git_repo, {"build.mill": "package build\nimport mill._\n"})
    reason = _denied_with(agent, git_repo, "sbt test", "mill __.test")
    assert "build.mill" in reason
    _denied_with(agent, git_repo, "sbt compile", "mill __.compile")
    _allowed(agent, git_repo, "mill __.test")
