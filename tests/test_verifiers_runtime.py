"""Runtime verifiers: Python/Node versions, tools, environment variables — real files, real binaries."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from statewise_cli.repo import find_repo
from statewise_cli.store.records import Record
from statewise_cli.verifiers import CannotVerify, Observation, VerifyContext, for_key, load
from statewise_cli.verifiers.runtime import parse_version, pep440, satisfies, semver_range


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir()
    return {"PATH": os.environ["PATH"], "HOME": str(home), "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C"}


@pytest.fixture
def repo(tmp_path: Path, env: dict[str, str]) -> Path:
    path = tmp_path / "repo"
    path.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=path, env=env, check=True)
    return path


def record(key: str, value: Any, scope: str = "repository") -> Record:
    return Record(id="r1", key=key, value=value, type="fact", scope=scope, observed_at=0.0, stored_at=0.0,
                  expires_at=None, source="user", authority="agent", status="active", validity="unchecked",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


def check(repo: Path, env: dict[str, str], key: str, value: Any, **kwargs: Any) -> Observation | CannotVerify:
    load()
    context = find_repo(str(repo))
    assert context is not None
    return for_key(key)[0].verify(record(key, value), VerifyContext(context, env, **kwargs))


def project_venv(repo: Path) -> str:
    """A real project interpreter: .venv/bin/python → this Python."""
    (repo / ".venv" / "bin").mkdir(parents=True)
    (repo / ".venv" / "bin" / "python").symlink_to(sys.executable)
    return f"{sys.version_info.major}.{sys.version_info.minor}"


def script(directory: Path, name: str, body: str) -> Path:
    directory.mkdir(exist_ok=True)
    path = directory / name
    path.write_text("#!/bin/sh\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


# --- version ranges ---


@pytest.mark.parametrize(("version", "spec", "ok"), [
    ("3.11", ">=3.10", True), ("3.8", ">=3.10", False), ("3.12", ">=3.10,<3.12", False),
    ("3.11", "~=3.10", True), ("4.0", "~=3.10", False), ("3.11", "==3.11.*", True), ("3.11", "!=3.11.*", False),
    ("3.11.4", ">3.11.3", True), ("3.9", "<=3.9.1", True),
])
def test_pep440_specifiers(version: str, spec: str, ok: bool) -> None:
    allowed = pep440(spec)
    assert allowed is not None and satisfies(parse_version(version) or [], allowed) is ok


@pytest.mark.parametrize(("version", "spec", "ok"), [
    ("18", ">=18", True), ("16", ">=18", False), ("18.17", "^18.2.0", True), ("19", "^18.2.0", False),
    ("18.18", "~18.17.0", False), ("20", "18.x || 20.x", True), ("21", ">=16 <21", False), ("17", "16 - 18", True),
])
def test_semver_ranges(version: str, spec: str, ok: bool) -> None:
    allowed = semver_range(spec)
    assert allowed is not None and satisfies(parse_version(version) or [], allowed) is ok


# --- python ---


def test_python_version_pin_agrees_and_contradicts(repo: Path, env: dict[str, str]) -> None:
    (repo / ".python-version").write_text("3.11.7\n")
    agree = check(repo, env, "version.python", "3.11")
    wrong = check(repo, env, "version.python", "3.8")
    assert isinstance(agree, Observation) and agree.agrees is True
    assert isinstance(wrong, Observation) and (wrong.agrees, wrong.value) == (False, "3.11.7")
    assert ".python-version" in wrong.inputs and ".python-version: 3.11.7" in wrong.evidence


def test_python_version_outside_requires_python_is_contradicted(repo: Path, env: dict[str, str]) -> None:
    running = project_venv(repo)
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\nrequires-python = ">=3.10"\n')
    wrong = check(repo, env, "version.python", "3.8")
    fits = check(repo, env, "version.python", running)
    assert isinstance(wrong, Observation) and (wrong.agrees, wrong.value) == (False, running)
    assert "requires-python" in wrong.evidence
    assert isinstance(fits, Observation) and fits.agrees is True


def test_python_version_allowed_but_not_the_project_interpreter_is_inconclusive(repo: Path,
                                                                               env: dict[str, str]) -> None:
    running = project_venv(repo)
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\nrequires-python = ">=3.0"\n')
    other = "3.99" if running != "3.99" else "3.98"
    observed = check(repo, env, "version.python", other)
    assert isinstance(observed, Observation) and (observed.agrees, observed.value) == (None, running)


def test_python_version_from_the_project_interpreter_alone(repo: Path, env: dict[str, str]) -> None:
    running = project_venv(repo)
    assert check(repo, env, "version.python", running).agrees is True  # type: ignore[union-attr]
    wrong = check(repo, env, "version.python", "2.7")
    assert isinstance(wrong, Observation) and (wrong.agrees, wrong.value, wrong.scope) == (False, running,
                                                                                          "workspace")


def test_python_version_cannot_verify_without_any_source(repo: Path, env: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = check(repo, {**env, "PATH": str(tmp_path / "empty")}, "version.python", "3.11")
    assert isinstance(result, CannotVerify) and "no interpreter" in result.reason


# --- node ---


def test_node_version_from_nvmrc(repo: Path, env: dict[str, str]) -> None:
    (repo / ".nvmrc").write_text("v20.11.0\n")
    assert check(repo, env, "version.node", "20").agrees is True  # type: ignore[union-attr]
    wrong = check(repo, env, "version.node", "18")
    assert isinstance(wrong, Observation) and (wrong.agrees, wrong.value) == (False, "20.11.0")


def test_node_version_from_engines(repo: Path, env: dict[str, str]) -> None:
    (repo / "package.json").write_text('{"name": "x", "engines": {"node": ">=18 <21"}}')
    wrong = check(repo, env, "version.node", "16")
    fits = check(repo, env, "version.node", "20")
    assert isinstance(wrong, Observation) and wrong.agrees is False and "engines.node" in wrong.evidence
    assert isinstance(fits, Observation) and fits.agrees is True


# --- tools ---


def test_tool_presence_and_version(repo: Path, env: dict[str, str]) -> None:
    out = subprocess.run(["git", "--version"], capture_output=True, text=True, check=True).stdout
    actual = re.search(r"\d+\.\d+(\.\d+)?", out).group(0)  # type: ignore[union-attr]
    present = check(repo, env, "tool.git", True)
    version = check(repo, env, "tool.git", ".".join(actual.split(".")[:2]))
    old = check(repo, env, "tool.git", "0.1")
    missing = check(repo, env, "tool.no-such-tool-xyz", True)
    assert isinstance(present, Observation) and present.agrees is True and present.scope == "workspace"
    assert isinstance(version, Observation) and version.agrees is True
    assert isinstance(old, Observation) and (old.agrees, old.value) == (False, actual)
    assert isinstance(missing, Observation) and (missing.agrees, missing.value) == (False, False)


def test_a_hanging_tool_times_out_and_is_inconclusive(repo: Path, env: dict[str, str], tmp_path: Path) -> None:
    script(tmp_path / "bin", "slowtool", f"{shutil.which('sleep')} 5\necho 1.0\n")  # a child that outlives the kill
    started = time.monotonic()
    observed = check(repo, {**env, "PATH": str(tmp_path / "bin")}, "tool.slowtool", "1.0", timeout=0.3)
    assert time.monotonic() - started < 3
    assert isinstance(observed, Observation) and observed.agrees is None and "timed out" in observed.evidence


def test_tool_lookup_uses_the_verified_environment_path(repo: Path, env: dict[str, str], tmp_path: Path) -> None:
    script(tmp_path / "bin", "mytool", 'echo "mytool 4.2.1"\n')
    observed = check(repo, {**env, "PATH": str(tmp_path / "bin")}, "tool.mytool", "4.2")
    assert isinstance(observed, Observation) and (observed.agrees, observed.value) == (True, "4.2.1")
    assert shutil.which("mytool") is None  # found through ctx.env only


# --- environment variables ---


def test_env_var_presence_never_reveals_the_value(repo: Path, env: dict[str, str]) -> None:
    secret = "s3cr3t-value-that-must-not-leak"
    present = check(repo, {**env, "API_TOKEN": secret}, "env.API_TOKEN", "set")
    absent = check(repo, env, "env.API_TOKEN", "set")
    as_bool = check(repo, env, "env.API_TOKEN", True)
    required = check(repo, env, "env.API_TOKEN", "required")
    assert isinstance(present, Observation) and present.agrees is True and "set" in present.evidence
    assert secret not in repr(present)
    assert isinstance(absent, Observation) and (absent.agrees, absent.value) == (False, "not set")
    assert isinstance(as_bool, Observation) and (as_bool.agrees, as_bool.value) == (False, False)
    assert isinstance(required, Observation) and required.agrees is None and "not set" in required.evidence


@pytest.mark.parametrize(("files", "key", "stale", "good", "pinned"), [
    ({".tool-versions": "golang 1.22.3\nnodejs 20.11.0\n"}, "version.node", "18", "20", "20.11.0"),
    ({"mise.toml": '[tools]\npython = "3.12"\n'}, "version.python", "3.10", "3.12", "3.12"),
    ({"runtime.txt": "python-3.11.9\n"}, "version.python", "3.9", "3.11", "3.11.9"),
    ({"package.json": '{"volta": {"node": "22.3.0"}}'}, "version.node", "20", "22", "22.3.0"),
    ({"go.mod": "module x\n\ngo 1.22.0\n\ntoolchain go1.23.1\n"}, "version.go", "1.21", "1.23", "1.23.1"),
    ({".ruby-version": "ruby-3.3.0\n"}, "version.ruby", "3.1", "3.3", "3.3.0"),
    ({".java-version": "21\n"}, "version.java", "17", "21", "21"),
    ({".sdkmanrc": "java=21.0.2-tem\n"}, "version.java", "17", "21", "21.0.2"),
])
def test_versions_from_every_common_pin_file(repo: Path, env: dict[str, str], files: dict[str, str], key: str,
                                             stale: str, good: str, pinned: str) -> None:
    for name, text in files.items():
        (repo / name).write_text(text)
    seen = check(repo, env, key, stale)
    assert isinstance(seen, Observation) and seen.agrees is False and seen.value == pinned, seen
    assert seen.scope == "repository"
    seen = check(repo, env, key, good)
    assert isinstance(seen, Observation) and seen.agrees is True, seen


def test_go_mod_go_line_is_a_minimum(repo: Path, env: dict[str, str]) -> None:
    (repo / "go.mod").write_text("module x\n\ngo 1.22\n")
    seen = check(repo, env, "version.go", "1.20")
    assert isinstance(seen, Observation) and seen.agrees is False and seen.value == "1.22"
    seen = check(repo, env, "version.go", "1.23")
    assert isinstance(seen, Observation) and seen.agrees is True


@pytest.mark.parametrize(("files", "claim", "agrees", "observed"), [
    ({".nvmrc": "20\n"}, ">=20", True, "20"),
    ({".nvmrc": "18\n"}, ">=20", False, "18"),
    ({"package.json": '{"engines": {"node": ">=20"}}'}, ">=20", True, ">=20"),
    ({"package.json": '{"engines": {"node": ">=22"}}'}, ">=20", True, ">=20"),  # the project asks more: still >= 20
    ({"package.json": '{"engines": {"node": ">=18"}}'}, ">=20", False, ">=18"),  # the project runs on 18 too
    ({"package.json": '{"engines": {"node": "^20.11"}}'}, "20+", True, "20+"),
])
def test_node_version_range_claims_against_the_project(repo: Path, env: dict[str, str], files: dict[str, str],
                                                       claim: str, agrees: bool, observed: str) -> None:
    """"Node.js >= 20" is stored as `>=20`: a range claim, held against the project's pin or its engines range."""
    for name, text in files.items():
        (repo / name).write_text(text)
    seen = check(repo, env, "version.node", claim)
    assert isinstance(seen, Observation)
    assert (seen.agrees, seen.value, seen.scope) == (agrees, observed, "repository")


def test_python_range_claim_against_requires_python(repo: Path, env: dict[str, str]) -> None:
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\nrequires-python = ">=3.11"\n')
    assert check(repo, env, "version.python", ">=3.10").agrees is True  # type: ignore[union-attr]
    assert check(repo, env, "version.python", ">=3.12").agrees is False  # type: ignore[union-attr]


def test_the_machine_interpreter_alone_does_not_confirm_a_repository_claim(repo: Path, env: dict[str, str],
                                                                          tmp_path: Path) -> None:
    """No pin, no requirement: a `node` on PATH that matches speaks for this workspace, not for the repository; one
    that does not match is still a defect here (repaired for the workspace)."""
    bin_dir = tmp_path / "bin"
    script(bin_dir, "node", "#!/bin/sh\necho v20.11.1\n")
    env = {**env, "PATH": f"{bin_dir}:{env['PATH']}"}
    seen = check(repo, env, "version.node", "20")
    assert isinstance(seen, Observation)
    assert (seen.agrees, seen.value, seen.scope) == (None, "20", "workspace")
    assert "pins no version" in seen.evidence
    load()
    context = find_repo(str(repo))
    assert context is not None
    local = for_key("version.node")[0].verify(record("version.node", "20", scope="workspace"), VerifyContext(context, env))
    assert isinstance(local, Observation) and local.agrees is True
    assert check(repo, env, "version.node", "18").agrees is False  # type: ignore[union-attr]
