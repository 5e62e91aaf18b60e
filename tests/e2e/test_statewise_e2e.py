"""statewise in front of the real Claude Code and Codex CLI, installed as a user would.

Each agent runs headless against the scripted model server on 127.0.0.1 with
``statewise install-hook`` having written its settings. The model proposes
``git push --force origin main`` over a diverged history: with a stored
protected-branch record the push must not execute (the bare remote keeps its
commit) and the deny reason must reach the model in its next request. Without
the record the same script really rewrites the remote — the control that shows
the first assertion can fail.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import agents
import pytest
from model_server import ModelServer, bash
from scenarios import git

STATEWISE = os.path.join(os.path.dirname(sys.executable), "statewise")
FORCE_PUSH = "git push --force origin main"


def statewise(repo: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([STATEWISE, *args], cwd=repo, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc


def remote_head(repo: Path) -> str:
    origin = repo.parent / f"{repo.name}-origin.git"
    return subprocess.run(["git", "rev-parse", "main"], cwd=origin, capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture
def setup(agent_home: agents.AgentHome, e2e_repo: Path, tmp_path: Path) -> dict[str, object]:
    env = {
        **os.environ,
        "HOME": str(agent_home.home),
        "CLAUDE_CONFIG_DIR": str(agent_home.claude_config_dir),
        "CODEX_HOME": str(agent_home.codex_home),
        "STATEWISE_HOME": str(tmp_path / "statewise-home"),
    }
    # A rewritten local history: a force push would replace the remote's commit.
    git(e2e_repo, "commit", "-q", "--amend", "-m", "rewritten history")
    return {"env": env, "repo": e2e_repo, "home": agent_home}


def run_agent(agent: str, setup: dict[str, object], server: ModelServer, task: str) -> agents.AgentRun:
    env, repo, home = setup["env"], setup["repo"], setup["home"]
    extra = {"STATEWISE_HOME": env["STATEWISE_HOME"]}  # type: ignore[index]
    if agent == "claude":
        return agents.run_claude(repo, task, server, home=home, extra_env=extra).check()  # type: ignore[arg-type]
    return agents.run_codex(repo, task, server, home=home, extra_env=extra).check()  # type: ignore[arg-type]


def install(agent: str, setup: dict[str, object]) -> None:
    # Claude reads the project's local settings (.claude/settings.local.json, this machine's launcher)
    # in -p mode; Codex reads a project's hooks only in a trusted project, so its users install at
    # user scope. (test_recovery_e2e runs Claude on the committed, portable --scope project form.)
    scope = "local" if agent == "claude" else "user"
    statewise(setup["repo"], setup["env"], "install-hook", "--agent", agent, "--scope", scope)  # type: ignore[arg-type]


def decisions(repo: Path) -> list[dict[str, object]]:
    # `statewise inspect-memory` opens the store, which folds the fast path's decision ledger in.
    statewise(repo, {**os.environ}, "inspect-memory", "--json")
    db = sqlite3.connect(repo / ".git" / "statewise" / "store.db")
    db.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in db.execute("SELECT * FROM decisions ORDER BY at")]
    finally:
        db.close()


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_force_push_to_protected_main_is_denied_and_the_reason_reaches_the_model(agent: str, setup: dict[str, object]) -> None:
    repo: Path = setup["repo"]  # type: ignore[assignment]
    install(agent, setup)
    statewise(repo, setup["env"], "remember", "git.branch.protected", "true",  # type: ignore[arg-type]
              "--scope", "branch:main", "--type", "branch_policy")
    before = remote_head(repo)
    with ModelServer([bash(FORCE_PUSH, description="Publish the rewritten history")]) as server:
        run_agent(agent, setup, server, "Publish the rewritten history to main.")
        call_id = server.tool_call_ids[0]
        result = server.tool_result(call_id)
        requests = list(server.conversation_requests)
    assert remote_head(repo) == before, "the force push reached the remote"
    assert result is not None, "the model never got a result for its push"
    assert "git.branch.protected" in result and "pull request" in result, result
    # The memory digest was handed to the agent at session start / prompt submit.
    assert any("[statewise memory]" in json.dumps(r.body) for r in requests)
    denied = [d for d in decisions(repo) if d["decision"] == "deny"]
    assert [d["tool_use_id"] for d in denied] == [call_id]
    assert denied[0]["agent"] == agent


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_without_a_protection_record_the_same_force_push_executes(agent: str, setup: dict[str, object]) -> None:
    repo: Path = setup["repo"]  # type: ignore[assignment]
    install(agent, setup)
    before = remote_head(repo)
    with ModelServer([bash(FORCE_PUSH, description="Publish the rewritten history")]) as server:
        run_agent(agent, setup, server, "Publish the rewritten history to main.")
    assert remote_head(repo) != before
    assert remote_head(repo) == git(repo, "rev-parse", "HEAD").strip()
    assert [d["decision"] for d in decisions(repo) if d["event"] == "PreToolUse"] == ["allow"]


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_harmless_command_is_allowed_and_executes(agent: str, setup: dict[str, object]) -> None:
    repo: Path = setup["repo"]  # type: ignore[assignment]
    install(agent, setup)
    statewise(repo, setup["env"], "remember", "git.branch.protected", "true", "--scope", "branch:main")  # type: ignore[arg-type]
    with ModelServer([bash("git status --short > status.txt", description="Look at the tree")]) as server:
        run_agent(agent, setup, server, "Check the working tree.")
        result = server.tool_result(server.tool_call_ids[0])
    assert (repo / "status.txt").exists()
    assert result is not None and "statewise" not in result
    rows = [d for d in decisions(repo) if d["event"] == "PreToolUse"]
    assert [d["decision"] for d in rows] == ["allow"]


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_failed_command_output_is_recorded_as_evidence(agent: str, setup: dict[str, object]) -> None:
    repo: Path = setup["repo"]  # type: ignore[assignment]
    install(agent, setup)
    with ModelServer([bash("ls /nonexistent-statewise-dir", description="List")]) as server:
        run_agent(agent, setup, server, "List it.")
    db = sqlite3.connect(repo / ".git" / "statewise" / "store.db")
    try:
        rows = db.execute("SELECT command, exit_code, output_excerpt, output_digest FROM evidence WHERE kind='command'").fetchall()
    finally:
        db.close()
    assert len(rows) == 1
    command, exit_code, excerpt, digest = rows[0]
    assert command == "ls /nonexistent-statewise-dir"
    assert "No such file or directory" in excerpt and len(digest) == 64
    # Claude reports the exit status (PostToolUseFailure); Codex's PostToolUse carries none.
    assert exit_code == (2 if agent == "claude" else None)
