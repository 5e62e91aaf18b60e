"""Shared fixtures: an isolated home for every test, real git repos, the installed `statewise`.

Every test runs with HOME, STATEWISE_HOME, XDG_*, CLAUDE_CONFIG_DIR and CODEX_HOME pointing
into its own tmp dir, and fails if it wrote anything under the real ~/.claude, ~/.codex or
~/.local/state/statewise (pre-commit's "never touch the real store" fixture). On a shared
machine other processes (another test session, a developer's agent) write there too: a changed
file is blamed on this session only when it names this session's temporary directory (every
store, incident, log and baseline statewise writes names the repository or payload it came
from); other changes are reported as a warning, not a failure.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
PAYLOADS = REPO_ROOT / "fixtures" / "payloads"
STATEWISE = os.path.join(os.path.dirname(sys.executable), "statewise")
REAL_HOME = os.path.expanduser("~")
GUARDED = [
    os.path.join(REAL_HOME, ".claude"),
    os.path.join(REAL_HOME, ".codex"),
    os.path.join(REAL_HOME, ".local", "state", "statewise"),
]
ISOLATED_VARS = ("HOME", "STATEWISE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME")
CLEARED_VARS = (
    "STATEWISE_DISABLE", "STATEWISE_ON_ERROR", "STATEWISE_DEADLINE", "CLAUDE_PROJECT_DIR",
    "CLAUDECODE", "CLAUDE_CODE_SESSION_ID", "GIT_DIR", "GIT_WORK_TREE",
)


def _snapshot(roots: list[str]) -> dict[str, tuple[int, int]]:
    """(mtime_ns, size) of every file under ``roots``: names and stats only, no content."""
    seen: dict[str, tuple[int, int]] = {}
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in files:
                path = os.path.join(dirpath, name)
                try:
                    st = os.lstat(path)
                except OSError:
                    continue
                seen[path] = (st.st_mtime_ns, st.st_size)
    return seen


def _names_any(path: str, needles: list[bytes], limit: int = 8 << 20) -> bool:
    """Whether the file's first ``limit`` bytes contain one of ``needles`` (text or SQLite alike)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(limit)
    except OSError:
        return False
    return any(n in data for n in needles)


def blame(touched: list[str], basetemp: Path) -> tuple[list[str], list[str]]:
    """(files this test session wrote, files some other process wrote) among ``touched``."""
    needles = list(dict.fromkeys(os.fsencode(p) for p in (str(basetemp), os.path.realpath(basetemp))))
    ours = [p for p in touched if _names_any(p, needles)]
    return ours, [p for p in touched if p not in ours]


def isolated_env(base: Path) -> dict[str, str]:
    """The environment variables that keep statewise and the agents out of the real home."""
    env = {
        "HOME": str(base / "home"),
        "STATEWISE_HOME": str(base / "statewise-home"),
        "XDG_STATE_HOME": str(base / "xdg-state"),
        "XDG_CONFIG_HOME": str(base / "xdg-config"),
        "CLAUDE_CONFIG_DIR": str(base / "claude-config"),
        "CODEX_HOME": str(base / "codex-home"),
    }
    for value in env.values():
        os.makedirs(value, exist_ok=True)
    return env


@pytest.fixture(scope="session", autouse=True)
def isolated_session_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The same isolation for the whole session, before any fixture runs: a module-scoped fixture's
    in-process store writes its record-count baseline to the state directory, which must not be the
    real home (``isolated_home`` below takes over for each test)."""
    env = isolated_env(tmp_path_factory.mktemp("session-env"))
    patch = pytest.MonkeyPatch()
    for name, value in env.items():
        patch.setenv(name, value)
    yield env
    patch.undo()


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    before = _snapshot(GUARDED)
    env = isolated_env(tmp_path_factory.mktemp("env"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    for name in CLEARED_VARS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    # Deterministic gating: no detached `statewise index` racing the test (tests that want it opt in).
    monkeypatch.setenv("STATEWISE_BACKGROUND_INDEX", "0")
    yield env
    after = _snapshot(GUARDED)
    touched = sorted(p for p in after if before.get(p) != after[p])
    ours, foreign = blame(touched, tmp_path_factory.getbasetemp())
    if foreign:
        warnings.warn(f"changed in the real home during the test by another process (they name none of this "
                      f"session's paths): {foreign}", stacklevel=1)
    assert not ours, f"the test wrote into the real home: {ours}"


# --------------------------------------------------------------------------- git
def git(cwd: Path | str, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout


def commit_all(repo: Path, message: str = "change") -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def pnpm_project(repo: Path) -> None:
    """A pnpm project (package.json with test/build scripts, pnpm-lock.yaml), committed."""
    (repo / "package.json").write_text(json.dumps({"name": "demo", "scripts": {"test": "vitest", "build": "tsc"}}))
    (repo / "pnpm-lock.yaml").write_text("lockfileVersion: '9.0'\n")
    commit_all(repo, "pnpm project")


def bare_repo(tmp_path: Path) -> Path:
    """``git init`` in ``tmp_path/repo`` with no user config, no commit (for verifiers reading files)."""
    path = tmp_path / "repo"
    path.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=path, check=True,
                   env={"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1"})
    return path


def make_repo(path: Path) -> Path:
    """A ``main`` repo with one commit, pushed to a bare ``origin`` beside it."""
    origin = path.parent / f"{path.name}-origin.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(origin)], check=True)
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main")
    git(path, "config", "user.name", "Test User")
    git(path, "config", "user.email", "test@example.invalid")
    git(path, "config", "commit.gpgsign", "false")
    (path / "README.md").write_text("# demo\n")
    git(path, "add", "README.md")
    git(path, "commit", "-q", "-m", "initial")
    git(path, "remote", "add", "origin", str(origin))
    git(path, "push", "-q", "-u", "origin", "main")
    return path


@pytest.fixture(scope="session")
def _template_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_repo(tmp_path_factory.mktemp("template") / "repo")


@pytest.fixture
def git_repo(tmp_path: Path, _template_repo: Path) -> Path:
    """A fresh copy of a real ``git init`` repo and its bare ``origin`` (copying is cheaper than 10 git runs)."""
    import shutil

    repo, origin = tmp_path / "repo", tmp_path / "repo-origin.git"
    shutil.copytree(_template_repo, repo, symlinks=True)
    shutil.copytree(_template_repo.parent / "repo-origin.git", origin, symlinks=True)
    git(repo, "config", "remote.origin.url", str(origin))
    return repo


def store_path(repo: Path) -> Path:
    return repo / ".git" / "statewise" / "store.db"


PROTECTED = "git.branch.protected"


def remember(repo: Path, key: str, value: Any, **kw: Any) -> str:
    """Store a record directly (a developer's, by default) and return its id."""
    from statewise_cli.store.db import Store

    with Store.open(str(store_path(repo))) as s:
        return s.put(key, value, **kw).id


@pytest.fixture
def protected_repo(git_repo: Path) -> Path:
    """A repository whose developer marked main protected."""
    remember(git_repo, PROTECTED, True, scope="branch:main", type="branch_policy")
    return git_repo


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory outside the repository (holding ``f.txt``); /tmp, where tests live, is not a
    scratch place here."""
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    monkeypatch.delenv("TMPDIR", raising=False)
    path = tmp_path / "elsewhere"
    path.mkdir()
    (path / "f.txt").write_text("keep\n")
    return path


# ------------------------------------------------------------------- subprocesses
def run_statewise(
    args: list[str], cwd: Path | str, input: str | bytes | None = None, env: dict[str, str] | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """Run the installed console script (never ``python -m``)."""
    full_env = {**os.environ, **(env or {})}
    if isinstance(input, bytes):
        proc = subprocess.run([STATEWISE, *args], cwd=cwd, input=input, capture_output=True, env=full_env, timeout=timeout, check=False)
        return subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.decode("utf-8", "replace"),
                                           proc.stderr.decode("utf-8", "replace"))
    return subprocess.run([STATEWISE, *args], cwd=cwd, input=input, capture_output=True, text=True,
                          env=full_env, timeout=timeout, check=False)


def hook(payload: dict[str, Any] | list[Any] | str | bytes, cwd: Path | str, env: dict[str, str] | None = None,
         args: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``statewise hook`` with ``payload`` (a dict is sent as JSON, str/bytes as they are) on stdin."""
    raw = payload if isinstance(payload, (str, bytes)) else json.dumps(payload)
    return run_statewise(["hook", *args], cwd, input=raw, env=env)


def reply(result: subprocess.CompletedProcess[str]) -> dict[str, Any] | None:
    """The hook's stdout: nothing, or exactly one JSON object (never a traceback)."""
    assert result.returncode == 0, result
    assert "Traceback" not in result.stdout and "Traceback" not in result.stderr, result
    text = result.stdout.strip()
    if not text:
        return None
    assert "\n" not in text, f"more than one line on stdout: {text!r}"
    data = json.loads(text)
    assert isinstance(data, dict), data
    return data


def in_parallel(calls: list[Callable[[], Any]], workers: int = 4) -> list[Any]:
    """Run independent subprocess calls at once (2-core machine: the suite stays fast); results in order."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda call: call(), calls))


@pytest.fixture(name="run_statewise")
def run_statewise_fixture() -> Callable[..., subprocess.CompletedProcess[str]]:
    return run_statewise


@pytest.fixture(name="hook")
def hook_fixture() -> Callable[..., subprocess.CompletedProcess[str]]:
    return hook


# ----------------------------------------------------------------------- payloads
_SYNTHETIC: dict[str, dict[str, Any]] = {
    "claude": {
        "session_id": "11111111-2222-3333-4444-555555555555",
        "transcript_path": "/tmp/claude/projects/x/11111111.jsonl",
        "cwd": "/nonexistent",
        "prompt_id": "99999999-8888-7777-6666-555555555555",
        "permission_mode": "bypassPermissions",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "git status", "description": "status"},
        "tool_use_id": "toolu_test",
    },
    "codex": {
        "session_id": "01a22db8-8aaf-7f52-8201-68d21256d9d5",
        "turn_id": "01a22db8-8ad2-7261-9a33-48be8a6e9b7e",
        "transcript_path": None,
        "cwd": "/nonexistent",
        "hook_event_name": "PreToolUse",
        "model": "gpt-5.5",
        "permission_mode": "bypassPermissions",
        "tool_name": "Bash",
        "tool_input": {"command": "git status"},
        "tool_use_id": "call_test",
    },
}


def recorded(agent: str, name: str) -> dict[str, Any] | None:
    path = PAYLOADS / agent / f"{name}.json"
    if not path.exists():
        return None
    return json.loads(path.read_text())


def payload(agent: str, event: str, cwd: Path | str, *, command: str | None = None, tool: str | None = None,
            tool_input: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """A payload of ``agent``'s shape: a recorded one when it exists, ``cwd`` set to the test repo."""
    names = {
        "PreToolUse": "PreToolUse__Bash__git_status",
        "PostToolUse": "PostToolUse__Bash__git_status",
        "PostToolUseFailure": "PostToolUseFailure__Bash__failing_ls",
        "SessionStart": "SessionStart__startup",
        "UserPromptSubmit": "UserPromptSubmit__prompt",
        "Stop": "Stop__end_turn",
    }
    base = recorded(agent, names.get(event, "")) if event in names else None
    data = copy.deepcopy(base) if base is not None else copy.deepcopy(_SYNTHETIC[agent])
    data["hook_event_name"] = event
    data["cwd"] = str(cwd)
    if tool is not None:
        data["tool_name"] = tool
    if tool_input is not None:
        data["tool_input"] = tool_input
    if command is not None:
        data["tool_name"] = "Bash"
        data["tool_input"] = {**data.get("tool_input", {}), "command": command}
        if agent == "claude":
            data["tool_input"].setdefault("description", "run a command")
    data.update(fields)
    return data


def pre_bash(agent: str, cwd: Path | str, command: str, **fields: Any) -> dict[str, Any]:
    return payload(agent, "PreToolUse", cwd, command=command, **fields)


AGENTS = ("claude", "codex")


def memory_facts(text: str, prefix: str = "") -> set[tuple[str, str]]:
    """(key, value) of every fact ``extract`` reads from a memory file's text whose key starts with ``prefix``."""
    from statewise_cli.memory.extract import extract

    return {(f.key, str(f.value)) for f in extract(text) if f.key.startswith(prefix)}


def memory_commands(text: str) -> dict[str, str]:
    """command value -> its kind (``command.test.e2e`` -> ``test``) of a memory file's text."""
    from statewise_cli.memory.extract import extract

    return {str(f.value): f.key.split(".")[1] for f in extract(text) if f.key.startswith("command.")}
