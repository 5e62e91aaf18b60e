"""Path verifier: existence, renames (followed through chains and directories), deletions."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from statewise_cli.repo import find_repo
from statewise_cli.store.records import Record
from statewise_cli.verifiers import CannotVerify, Observation, VerifyContext, for_key, load

CONTENT = "def handle(request):\n    return {'status': 'ok', 'body': request.body}\n" * 5


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C"}


@pytest.fixture
def repo(tmp_path: Path, env: dict[str, str]) -> Path:
    path = tmp_path / "repo"
    path.mkdir()
    for args in (["init", "-q", "-b", "main"], ["config", "user.name", "T"], ["config", "user.email", "t@e.x"]):
        git(path, env, *args)
    return path


def git(cwd: Path, env: dict[str, str], *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def commit(repo: Path, env: dict[str, str], message: str) -> str:
    git(repo, env, "add", "-A")
    git(repo, env, "commit", "-qm", message)
    return git(repo, env, "rev-parse", "HEAD").strip()


def add(repo: Path, name: str, text: str = CONTENT) -> None:
    (repo / name).parent.mkdir(parents=True, exist_ok=True)
    (repo / name).write_text(text)


def record(key: str, value: Any) -> Record:
    return Record(id="r1", key=key, value=value, type="fact", scope="repository", observed_at=0.0, stored_at=0.0,
                  expires_at=None, source="user", authority="agent", status="active", validity="unchecked",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


def check(repo: Path, env: dict[str, str], value: Any, key: str = "path.handlers") -> Observation | CannotVerify:
    load()
    context = find_repo(str(repo))
    assert context is not None
    return for_key(key)[0].verify(record(key, value), VerifyContext(context, env))


def test_existing_file_directory_and_glob_agree(repo: Path, env: dict[str, str]) -> None:
    add(repo, "src/app.py")
    head = commit(repo, env, "add app")
    file = check(repo, env, "src/app.py")
    directory = check(repo, env, "src/")
    pattern = check(repo, env, "src/**/*.py")
    assert isinstance(file, Observation) and file.agrees is True and file.inputs["HEAD"] == head
    assert "src/app.py" in file.inputs and file.scope == "repository"  # on the default branch
    assert isinstance(directory, Observation) and directory.agrees is True
    assert isinstance(pattern, Observation) and pattern.agrees is True and "src/app.py" in pattern.evidence


def test_renamed_file_is_found_through_a_chain_of_renames(repo: Path, env: dict[str, str]) -> None:
    add(repo, "handlers.py")
    commit(repo, env, "add handlers")
    (repo / "web").mkdir()
    git(repo, env, "mv", "handlers.py", "web/handlers.py")
    first = commit(repo, env, "move to web")
    (repo / "src").mkdir()
    git(repo, env, "mv", "web/handlers.py", "src/web_handlers.py")
    second = commit(repo, env, "move to src")
    observed = check(repo, env, "handlers.py")
    assert isinstance(observed, Observation)
    assert (observed.agrees, observed.value) == (False, "src/web_handlers.py")
    assert first[:12] in observed.evidence and second[:12] in observed.evidence


def test_renamed_directory_is_found(repo: Path, env: dict[str, str]) -> None:
    add(repo, "handlers/users.py")
    add(repo, "handlers/orders.py", CONTENT.replace("ok", "fine"))
    commit(repo, env, "add handlers")
    (repo / "src" / "web").mkdir(parents=True)
    git(repo, env, "mv", "handlers", "src/web/handlers")
    commit(repo, env, "move handlers")
    observed = check(repo, env, "handlers")
    assert isinstance(observed, Observation) and (observed.agrees, observed.value) == (False, "src/web/handlers")


def test_deleted_file_names_the_commit(repo: Path, env: dict[str, str]) -> None:
    add(repo, "old.py")
    commit(repo, env, "add old")
    (repo / "old.py").unlink()
    gone = commit(repo, env, "remove old")
    observed = check(repo, env, "old.py")
    assert isinstance(observed, Observation) and (observed.agrees, observed.value) == (False, None)
    assert f"deleted in {gone[:12]}" in observed.evidence


def test_path_that_never_existed(repo: Path, env: dict[str, str]) -> None:
    add(repo, "a.py")
    commit(repo, env, "a")
    observed = check(repo, env, "nowhere/b.py")
    missing_glob = check(repo, env, "nowhere/*.py")
    assert isinstance(observed, Observation) and (observed.agrees, observed.value) == (False, None)
    assert "never existed" in observed.evidence and observed.inputs["nowhere/b.py"] == "missing"
    assert isinstance(missing_glob, Observation) and missing_glob.agrees is False


def test_paths_outside_the_repository_cannot_be_verified(repo: Path, env: dict[str, str]) -> None:
    result = check(repo, env, "../elsewhere.py")
    assert isinstance(result, CannotVerify) and "not a path inside" in result.reason
