"""`statewise hook` (the installed script) answering both agents' payloads on a real repo."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from swtest import (
    AGENTS,
    PAYLOADS,
    PROTECTED,
    git,
    hook,
    in_parallel,
    isolated_env,
    make_repo,
    payload,
    pre_bash,
    recorded,
    remember,
    reply,
    store_path,
)

from statewise_cli.store.db import Store


def rows(repo: Path, table: str) -> list[dict[str, Any]]:
    # Opening the store folds the fast path's decision ledger in, as every statewise command does.
    Store.open(str(store_path(repo))).close()
    conn = sqlite3.connect(store_path(repo))
    conn.row_factory = sqlite3.Row
    try:
        # in time order: plain allows arrive through the ledger, after decisions written directly
        order = "at, rowid" if table in ("decisions", "incidents") else "rowid"
        return [dict(r) for r in conn.execute(f"SELECT * FROM {table} ORDER BY {order}")]
    finally:
        conn.close()


def assert_claude_deny(data: dict[str, Any] | None) -> str:
    assert data is not None, "expected a deny, got no output (allow)"
    assert set(data) == {"hookSpecificOutput"}, data
    specific = data["hookSpecificOutput"]
    assert set(specific) == {"hookEventName", "permissionDecision", "permissionDecisionReason"}
    assert specific["hookEventName"] == "PreToolUse"
    assert specific["permissionDecision"] == "deny"
    return specific["permissionDecisionReason"]


def assert_codex_deny(data: dict[str, Any] | None) -> str:
    assert data is not None, "expected a deny, got no output (allow)"
    assert set(data) <= {"hookSpecificOutput", "systemMessage"}, f"Codex rejects unknown fields: {data}"
    specific = data["hookSpecificOutput"]
    assert set(specific) <= {"hookEventName", "permissionDecision", "permissionDecisionReason", "additionalContext"}
    assert specific["hookEventName"] == "PreToolUse"
    assert specific["permissionDecision"] == "deny"
    reason = specific["permissionDecisionReason"]
    assert isinstance(reason, str) and reason.strip(), "Codex ignores a deny with an empty reason"
    return reason


def assert_deny(agent: str, data: dict[str, Any] | None) -> str:
    return assert_claude_deny(data) if agent == "claude" else assert_codex_deny(data)


def test_recorded_payloads_are_present_for_both_agents() -> None:
    for agent in AGENTS:
        found = sorted(p.name for p in (PAYLOADS / agent).glob("*.json"))
        assert "PreToolUse__Bash__force_push.json" in found, found
    codex = recorded("codex", "PreToolUse__Bash__force_push")
    assert codex is not None and "turn_id" in codex and "model" in codex
    claude = recorded("claude", "PreToolUse__Bash__force_push")
    assert claude is not None and "turn_id" not in claude


@pytest.mark.parametrize("agent", AGENTS)
def test_recorded_force_push_payload_is_denied(agent: str, protected_repo: Path) -> None:
    data = recorded(agent, "PreToolUse__Bash__force_push")
    assert data is not None
    data["cwd"] = str(protected_repo)
    reason = assert_deny(agent, reply(hook(data, protected_repo)))
    assert PROTECTED in reason


DENIED = [
    "git push --force origin main",
    "git push origin +main",
    "git push origin :main",
    'bash -c "git push -f origin main"',
    "env A=1 git push origin main",
    "sudo git push origin main",
    "echo x && git push -f origin main",
    "bash <<EOF\ngit push -f origin main\nEOF",
]


ALLOWED = ["git push origin feature", "git status"]


@pytest.fixture(scope="module")
def protected_matrix(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Any]:
    """Every (agent, command) of DENIED and ALLOWED against one protected repo, run a few at a time."""
    base = tmp_path_factory.mktemp("matrix")
    env = isolated_env(base)
    repo = make_repo(base / "repo")
    remember(repo, PROTECTED, True, scope="branch:main", type="branch_policy")
    cases = [(agent, command) for agent in AGENTS for command in DENIED + ALLOWED]
    results = in_parallel([
        (lambda a=agent, c=command: hook(pre_bash(a, repo, c), repo, env=env)) for agent, command in cases
    ])
    return dict(zip(cases, results))


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("command", DENIED)
def test_push_to_protected_main_is_denied(agent: str, command: str, protected_matrix: dict[tuple[str, str], Any]) -> None:
    reason = assert_deny(agent, reply(protected_matrix[agent, command]))
    assert PROTECTED in reason
    assert "pull request" in reason and "feature" in reason
    assert "statewise repair" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_push_of_head_to_main_from_another_branch_is_denied(agent: str, protected_repo: Path) -> None:
    git(protected_repo, "switch", "-q", "-c", "feature")
    result = hook(pre_bash(agent, protected_repo, "git push origin HEAD:main"), protected_repo)
    assert PROTECTED in assert_deny(agent, reply(result))


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("command", ALLOWED)
def test_ordinary_commands_are_allowed_with_no_output(agent: str, command: str, protected_matrix: dict[tuple[str, str], Any]) -> None:
    result = protected_matrix[agent, command]
    assert reply(result) is None
    assert result.stdout == ""


def both_agents(repo: Path, command: str) -> list[Any]:
    return in_parallel([(lambda a=agent: hook(pre_bash(a, repo, command), repo)) for agent in AGENTS])


def test_push_to_main_is_allowed_when_the_record_says_false(git_repo: Path) -> None:
    remember(git_repo, PROTECTED, False, scope="branch:main")
    assert [reply(r) for r in both_agents(git_repo, "git push --force origin main")] == [None, None]


def test_push_to_main_is_allowed_without_a_record(git_repo: Path) -> None:
    assert [reply(r) for r in both_agents(git_repo, "git push --force origin main")] == [None, None]


def test_defective_record_does_not_deny(git_repo: Path) -> None:
    # A document's claim that main is protected, which the remote contradicts (it enforces nothing):
    # verification finds it defective, repairs it, and the push is not held on a wrong premise.
    remember(git_repo, PROTECTED, True, scope="branch:main", authority="document", validity="defective")
    assert [reply(r) for r in both_agents(git_repo, "git push --force origin main")] == [None, None]
    with Store.open(str(store_path(git_repo))) as s:
        [current] = s.active_records(PROTECTED)
    assert current.value is False and current.authority == "environment"


def test_developer_stated_protection_holds_although_the_remote_does_not_enforce_it(git_repo: Path) -> None:
    remember(git_repo, PROTECTED, True, scope="branch:main")  # developer authority: intent, not an observation
    replies = [reply(r) for r in both_agents(git_repo, "git push --force origin main")]
    assert all(r and r["hookSpecificOutput"]["permissionDecision"] == "deny" for r in replies)


def test_repaired_record_stops_denying(protected_repo: Path) -> None:
    with Store.open(str(store_path(protected_repo))) as s:
        s.repair(PROTECTED, False)
    assert reply(hook(pre_bash("claude", protected_repo, "git push origin main"), protected_repo)) is None


def test_record_for_another_branch_does_not_deny_main(git_repo: Path) -> None:
    remember(git_repo, PROTECTED, True, scope="branch:release/*")
    assert reply(hook(pre_bash("codex", git_repo, "git push -f origin main"), git_repo)) is None
    reason = assert_codex_deny(reply(hook(pre_bash("codex", git_repo, "git push origin release/2.0"), git_repo)))
    assert "release/2.0" in reason


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("event", ["SessionStart", "UserPromptSubmit"])
def test_session_start_and_prompt_submit_hand_over_the_active_records(agent: str, event: str, protected_repo: Path) -> None:
    remember(protected_repo, "test.command", "pytest -x")
    remember(protected_repo, "old.fact", "gone")
    with Store.open(str(store_path(protected_repo))) as s:
        s.forget("old.fact")
    data = reply(hook(payload(agent, event, protected_repo), protected_repo))
    assert data is not None
    if agent == "codex":
        assert set(data) <= {"hookSpecificOutput", "systemMessage"}
    specific = data["hookSpecificOutput"]
    assert specific["hookEventName"] == event
    context = specific["additionalContext"]
    assert "[statewise memory]" in context
    assert "git.branch.protected = true" in context and "branch:main" in context
    assert "test.command = pytest -x" in context
    assert "old.fact" not in context


@pytest.mark.parametrize("agent", AGENTS)
def test_session_start_with_an_empty_store_says_nothing(agent: str, git_repo: Path) -> None:
    assert reply(hook(payload(agent, "SessionStart", git_repo), git_repo)) is None


def test_user_prompt_is_kept_as_evidence(git_repo: Path) -> None:
    data = payload("claude", "UserPromptSubmit", git_repo, prompt="please push my work")
    reply(hook(data, git_repo))
    prompts = [r for r in rows(git_repo, "evidence") if r["kind"] == "prompt"]
    assert [r["output_excerpt"] for r in prompts] == ["please push my work"]


@pytest.mark.parametrize("agent", AGENTS)
def test_stop_is_answered_with_no_objection(agent: str, protected_repo: Path) -> None:
    assert reply(hook(payload(agent, "Stop", protected_repo), protected_repo)) is None


def _output_digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_claude_post_tool_use_stores_command_exit_code_and_output_digest(git_repo: Path) -> None:
    data = payload("claude", "PostToolUse", git_repo, command="git status",
                   tool_response={"stdout": "On branch main", "stderr": "", "interrupted": False}, tool_use_id="toolu_post")
    assert reply(hook(data, git_repo)) is None
    [row] = rows(git_repo, "evidence")
    assert (row["command"], row["exit_code"], row["tool_use_id"], row["agent"]) == ("git status", 0, "toolu_post", "claude")
    assert row["output_digest"] == _output_digest("On branch main")
    assert rows(git_repo, "decisions") == [], "PostToolUse is an observation, not a decision"


def test_claude_post_tool_use_failure_stores_the_exit_code_from_the_error(git_repo: Path) -> None:
    error = "Exit code 2\nls: cannot access '/nonexistent': No such file or directory"
    data = payload("claude", "PostToolUseFailure", git_repo, command="ls /nonexistent", error=error, tool_use_id="toolu_fail")
    assert reply(hook(data, git_repo)) is None
    [row] = rows(git_repo, "evidence")
    assert (row["command"], row["exit_code"]) == ("ls /nonexistent", 2)
    assert row["output_digest"] == _output_digest(error)


def test_codex_post_tool_use_stores_the_plain_output(git_repo: Path) -> None:
    output = "On branch main\nnothing to commit, working tree clean\n"
    data = payload("codex", "PostToolUse", git_repo, command="git status", tool_response=output, tool_use_id="call_post")
    assert reply(hook(data, git_repo)) is None
    [row] = rows(git_repo, "evidence")
    assert (row["command"], row["agent"], row["tool_use_id"]) == ("git status", "codex", "call_post")
    assert row["output_digest"] == _output_digest(output)
    assert row["output_excerpt"] == output


def test_codex_post_tool_use_reads_an_exit_code_in_the_output(git_repo: Path) -> None:
    data = payload("codex", "PostToolUse", git_repo, command="false", tool_response="Exit code: 1\nWall time: 0 seconds\n")
    reply(hook(data, git_repo))
    assert [r["exit_code"] for r in rows(git_repo, "evidence")] == [1]


@pytest.mark.parametrize("agent", AGENTS)
def test_every_pre_tool_use_is_recorded_as_a_decision_with_latency(agent: str, protected_repo: Path) -> None:
    commands = ["git status", "git push -f origin main", "ls -la"]
    for i, command in enumerate(commands):
        reply(hook(pre_bash(agent, protected_repo, command, tool_use_id=f"t{i}"), protected_repo))
    decisions = rows(protected_repo, "decisions")
    assert [d["tool_use_id"] for d in decisions] == ["t0", "t1", "t2"]
    assert [d["decision"] for d in decisions] == ["allow", "deny", "allow"]
    assert all(d["agent"] == agent and d["event"] == "PreToolUse" for d in decisions)
    assert all(isinstance(d["latency_ms"], float) and d["latency_ms"] > 0 for d in decisions)
    deny = decisions[1]
    assert PROTECTED in deny["reason"]
    assert json.loads(deny["action"])[0]["operation"] == "git.push"
    assert json.loads(deny["records"]), "the consulted record ids are kept"


def test_codex_apply_patch_is_allowed_and_recorded(git_repo: Path) -> None:
    data = recorded("codex", "PreToolUse__apply_patch__patch_update") or payload(
        "codex", "PreToolUse", git_repo, tool="apply_patch",
        tool_input={"command": "*** Begin Patch\n*** Update File: README.md\n@@\n-a\n+b\n*** End Patch\n"})
    data["cwd"] = str(git_repo)
    assert reply(hook(data, git_repo)) is None
    [decision] = rows(git_repo, "decisions")
    assert decision["tool_name"] == "apply_patch"
    assert json.loads(decision["action"])[0]["operation"] == "edit"


def test_codex_exec_command_cmd_field_is_checked_as_bash(protected_repo: Path) -> None:
    data = payload("codex", "PreToolUse", protected_repo, tool="exec_command", tool_input={"cmd": "git push -f origin main"})
    assert PROTECTED in assert_codex_deny(reply(hook(data, protected_repo)))


def test_agent_option_overrides_detection(protected_repo: Path) -> None:
    data = pre_bash("claude", protected_repo, "git push -f origin main")
    result = hook(data, protected_repo, args=("--agent", "codex"))
    assert_codex_deny(reply(result))
    assert rows(protected_repo, "decisions")[-1]["agent"] == "codex"


def test_hook_in_a_subdirectory_uses_the_repository_store(protected_repo: Path) -> None:
    sub = protected_repo / "src" / "pkg"
    sub.mkdir(parents=True)
    assert_claude_deny(reply(hook(pre_bash("claude", sub, "git push -f origin main"), sub)))
    assert not os.path.exists(os.path.join(os.environ["STATEWISE_HOME"], "global.db"))
