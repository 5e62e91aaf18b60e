"""Project verifiers: package manager and commands, judged from real project files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from swtest import bare_repo

from statewise_cli.repo import find_repo
from statewise_cli.store.records import Record
from statewise_cli.verifiers import CannotVerify, Observation, VerifyContext, for_key, load


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = bare_repo(tmp_path)
    return path


def record(key: str, value: Any, scope: str = "repository") -> Record:
    return Record(id="r1", key=key, value=value, type="fact", scope=scope, observed_at=0.0, stored_at=0.0,
                  expires_at=None, source="user", authority="agent", status="active", validity="unchecked",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


def check(repo: Path, key: str, value: Any, scope: str = "repository") -> Observation:
    load()
    context = find_repo(str(repo))
    assert context is not None
    result = for_key(key)[0].verify(record(key, value, scope), VerifyContext(context, {"PATH": os.environ["PATH"]}))
    assert isinstance(result, Observation), result
    return result


def write(repo: Path, files: dict[str, str | dict[str, Any]]) -> None:
    for name, content in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(content) if isinstance(content, dict) else content)


PNPM_APP = {
    "package.json": {"name": "app", "scripts": {"test": "vitest", "lint": "eslint .", "build": "vite build"}},
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
}


# --- package manager ---


def test_npm_record_in_a_pnpm_repository_is_contradicted(repo: Path) -> None:
    write(repo, PNPM_APP)
    wrong = check(repo, "package_manager", "npm")
    right = check(repo, "package_manager", "pnpm")
    assert (wrong.agrees, wrong.value) == (False, "pnpm") and "pnpm-lock.yaml exists" in wrong.evidence
    assert "pnpm-lock.yaml" in wrong.inputs and "package.json" in wrong.inputs
    assert right.agrees is True


def test_package_manager_field_wins_over_lockfiles(repo: Path) -> None:
    write(repo, {"package.json": {"name": "a", "packageManager": "yarn@4.1.0"}, "package-lock.json": "{}"})
    observed = check(repo, "package_manager", "npm")
    assert (observed.agrees, observed.value) == (False, "yarn")


def test_python_package_managers_compare_within_python(repo: Path) -> None:
    write(repo, {"pyproject.toml": '[project]\nname = "x"\n', "uv.lock": "version = 1\n",
                 "package.json": {"name": "docs"}, "package-lock.json": "{}"})
    pip = check(repo, "package_manager", "pip")
    npm = check(repo, "package_manager", "npm")
    assert (pip.agrees, pip.value) == (False, "uv")
    assert npm.agrees is True  # the JS side of the same repository is npm


def test_package_manager_without_a_lockfile_is_inconclusive(repo: Path) -> None:
    write(repo, {"package.json": {"name": "x"}})
    observed = check(repo, "package_manager", "yarn")
    assert observed.agrees is None and "without a lockfile" in observed.evidence


def test_unknown_package_manager_cannot_be_verified(repo: Path) -> None:
    load()
    context = find_repo(str(repo))
    assert context is not None
    result = for_key("package_manager")[0].verify(record("package_manager", "maven"), VerifyContext(context, {}))
    assert isinstance(result, CannotVerify) and "unknown package manager" in result.reason


def test_path_scoped_record_reads_that_directory(repo: Path) -> None:
    write(repo, {"web/package.json": {"name": "web"}, "web/yarn.lock": "", "uv.lock": ""})
    observed = check(repo, "package_manager", "npm", "path:web/**")
    assert (observed.agrees, observed.value, observed.scope) == (False, "yarn", "path:web/**")


# --- commands ---


def test_js_command_with_the_wrong_manager_is_rewritten(repo: Path) -> None:
    write(repo, PNPM_APP)
    wrong = check(repo, "command.test", "npm test")
    right = check(repo, "command.test", "pnpm test")
    lint = check(repo, "command.lint", "npm run lint")
    assert (wrong.agrees, wrong.value) == (False, "pnpm test") and "wrong package manager" in wrong.evidence
    assert right.agrees is True
    assert (lint.agrees, lint.value) == (False, "pnpm lint")


def test_js_script_that_does_not_exist_is_contradicted(repo: Path) -> None:
    write(repo, {"package.json": {"name": "a", "scripts": {"test": "jest", "check": "tsc"}},
                 "package-lock.json": "{}"})
    missing = check(repo, "command.typecheck", "npm run typecheck")
    bare = check(repo, "command.lint", "npm lint")
    assert missing.agrees is False and missing.value is None and "no script 'typecheck'" in missing.evidence
    assert bare.agrees is False
    assert check(repo, "command.test", "npm test").agrees is True


def test_make_targets(repo: Path) -> None:
    write(repo, {"Makefile": ".PHONY: test lint\ntest:\n\tpytest -q\nlint: deps\n\truff check .\nVAR := 1\n"})
    assert check(repo, "command.test", "make test").agrees is True
    missing = check(repo, "command.build", "make build")
    assert missing.agrees is False and "no target 'build'" in missing.evidence
    wrong_kind = check(repo, "command.test", "make check")
    assert (wrong_kind.agrees, wrong_kind.value) == (False, "make test")


def test_tox_and_nox(repo: Path) -> None:
    write(repo, {"tox.ini": "[tox]\nenv_list = py{311,312}, lint\n\n[testenv:lint]\ncommands = ruff check .\n",
                 "noxfile.py": "import nox\n\n@nox.session(python=['3.11'])\ndef tests(session):\n    pass\n"})
    assert check(repo, "command.lint", "tox -e lint").agrees is True
    assert check(repo, "command.test", "tox -e py312").agrees is True
    missing_env = check(repo, "command.lint", "tox -e typing")
    assert missing_env.agrees is False and "'typing'" in missing_env.evidence
    assert check(repo, "command.test", "nox -s tests").agrees is True
    assert check(repo, "command.test", "nox -s unit").agrees is False


def test_pytest_from_pyproject_and_runner_rewrite(repo: Path) -> None:
    write(repo, {"pyproject.toml": '[project]\nname = "x"\n[tool.pytest.ini_options]\naddopts = "-q"\n',
                 "uv.lock": "version = 1\n"})
    discovered = check(repo, "command.test", "uv run pytest -x")
    wrong_runner = check(repo, "command.test", "poetry run pytest")
    assert discovered.agrees is True
    assert (wrong_runner.agrees, wrong_runner.value) == (False, "uv run pytest")


def test_language_commands_without_that_project_are_contradicted(repo: Path) -> None:
    write(repo, {"go.mod": "module example.com/x\n\ngo 1.22\n"})
    unittest = check(repo, "command.test", "python -m unittest")
    cargo = check(repo, "command.build", "cargo build")
    go = check(repo, "command.test", "go test ./...")
    assert (unittest.agrees, unittest.value) == (False, "go test ./...")
    assert cargo.agrees is False and "no Cargo.toml" in cargo.evidence
    assert go.agrees is True


def test_pyproject_task_runners(repo: Path) -> None:
    write(repo, {"pyproject.toml": '[project]\nname = "x"\n[tool.poe.tasks]\nlint = "ruff check ."\n'
                                   '[tool.pdm.scripts]\nfmt = "black ."\n'
                                   '[tool.hatch.envs.types.scripts]\ncheck = "mypy ."\n'})
    assert check(repo, "command.lint", "poe lint").agrees is True
    assert check(repo, "command.lint", "poe typo").agrees is False
    assert check(repo, "command.format", "pdm run fmt").agrees is True
    assert check(repo, "command.typecheck", "hatch run types:check").agrees is None  # not a typecheck name


def test_unknown_commands_are_inconclusive(repo: Path) -> None:
    write(repo, {"pyproject.toml": '[project]\nname = "x"\n', "scripts/test.sh": "#!/bin/sh\n"})
    script = check(repo, "command.test", "./scripts/test.sh")
    missing_script = check(repo, "command.test", "bash scripts/nope.sh")
    assert script.agrees is None
    assert missing_script.agrees is False and "does not exist" in missing_script.evidence


def test_cd_prefix_judges_the_subproject(repo: Path) -> None:
    write(repo, {"web/package.json": {"name": "web", "scripts": {"dev": "vite"}}, "web/yarn.lock": ""})
    assert check(repo, "command.dev", "cd web && yarn dev").agrees is True
    wrong = check(repo, "command.dev", "cd web && npm run dev")
    assert (wrong.agrees, wrong.value) == (False, "yarn dev")
