"""Self-tests of the e2e harness: the scripted model server, and the real agents driven through it."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import agents
import pytest
from model_server import ModelServer, Text, ToolCall, bash, tool_results

DENY = "statewise: main is protected"


def _post(url: str, body: dict) -> str:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.read().decode()


def _sse_data(text: str) -> list[dict]:
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def test_model_server_renders_a_script_for_both_apis_and_answers_side_requests_without_consuming_it() -> None:
    tools = [{"name": "Bash"}]
    with ModelServer([bash("git status"), Text("hi")], isolate_network=False) as server:
        side = _sse_data(
            _post(
                f"{server.url}/v1/messages?beta=true",
                {"stream": True, "max_tokens": 1, "messages": [{"role": "user", "content": "quota"}]},
            )
        )
        assert side[1]["content_block"]["type"] == "text"
        first = _sse_data(
            _post(f"{server.url}/v1/messages?beta=true", {"stream": True, "tools": tools, "messages": []})
        )
        assert [e["type"] for e in first] == [
            "message_start",
            "content_block_start",
            "content_block_delta",
            "content_block_stop",
            "message_delta",
            "message_stop",
        ]
        assert first[1]["content_block"]["name"] == "Bash"
        assert json.loads(first[2]["delta"]["partial_json"])["command"] == "git status"
        assert first[4]["delta"]["stop_reason"] == "tool_use"
        second = _sse_data(_post(f"{server.openai_base_url}/responses", {"stream": True, "tools": tools, "input": []}))
        assert second[-2]["item"]["content"][0]["text"] == "hi"
        third = _sse_data(_post(f"{server.openai_base_url}/responses", {"stream": True, "tools": tools, "input": []}))
        assert third[-2]["item"]["content"][0]["text"] == "done"
        assert len(server.conversation_requests) == 3 and len(server.side_requests) == 1


def test_codex_function_call_rendering_and_tool_result_extraction() -> None:
    with ModelServer([ToolCall("Bash", {"command": "ls"}, "call_x")], isolate_network=False) as server:
        events = _sse_data(_post(f"{server.openai_base_url}/responses", {"tools": [{}], "input": []}))
    item = events[-2]["item"]
    assert item["type"] == "function_call" and item["name"] == "exec_command"
    assert json.loads(item["arguments"]) == {"cmd": "ls"}
    body = {
        "input": [{"type": "function_call_output", "call_id": "call_x", "output": "out"}],
        "messages": [
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "res"}]}],
            }
        ],
    }
    assert tool_results(body) == {"t1": "res", "call_x": "out"}


def _deny_hook(tmp_path: Path) -> tuple[str, Path]:
    replies = tmp_path / "replies"
    replies.mkdir()
    (replies / "PreToolUse.stdout").write_text(
        json.dumps(
            {
                "hookSpecificOutput": {
                    "hookEventName": "PreToolUse",
                    "permissionDecision": "deny",
                    "permissionDecisionReason": DENY,
                }
            }
        )
    )
    out = tmp_path / "payloads.jsonl"
    return agents.recorder_command(out, replies), out


@pytest.mark.e2e
def test_claude_pre_tool_use_deny_blocks_bash_and_the_reason_reaches_the_model(
    agent_home: agents.AgentHome, e2e_repo: Path, tmp_path: Path
) -> None:
    command, out = _deny_hook(tmp_path)
    agents.write_claude_settings(
        agent_home.claude_config_dir / "settings.json", agents.hooks_config(command, {"PreToolUse": "Bash"})
    )
    with ModelServer([bash("git push --force origin main && touch pushed")]) as server:
        run = agents.run_claude(e2e_repo, "push it", server, home=agent_home).check()
    assert not (e2e_repo / "pushed").exists()
    assert server.tool_result(server.tool_call_ids[0]) == f"PreToolUse:Bash hook error: {DENY}"
    payload = agents.read_jsonl(out)[0]["payload"]
    assert payload["tool_input"]["command"].startswith("git push --force")
    assert run.transcript_path is not None and run.transcript_path.exists()


@pytest.mark.e2e
def test_codex_pre_tool_use_deny_blocks_bash_and_the_reason_reaches_the_model(
    agent_home: agents.AgentHome, e2e_repo: Path, tmp_path: Path
) -> None:
    command, out = _deny_hook(tmp_path)
    agents.install_codex_hooks(agent_home.codex_home, agents.hooks_config(command, {"PreToolUse": "Bash"}))
    with ModelServer([bash("git push --force origin main && touch pushed")]) as server:
        run = agents.run_codex(e2e_repo, "push it", server, home=agent_home).check()
    assert not (e2e_repo / "pushed").exists()
    assert DENY in server.tool_result(server.tool_call_ids[0])
    assert agents.read_jsonl(out)[0]["payload"]["tool_name"] == "Bash"
    assert run.transcript_path is not None and run.transcript_path.name.startswith("rollout-")


@pytest.mark.e2e
@pytest.mark.parametrize("wrong_hash", [False, True])
def test_codex_runs_a_hook_only_when_its_trust_hash_matches(
    agent_home: agents.AgentHome, e2e_repo: Path, tmp_path: Path, wrong_hash: bool
) -> None:
    out = tmp_path / "payloads.jsonl"
    config = agents.hooks_config(agents.recorder_command(out), {"PreToolUse": "Bash"})
    agents.install_codex_hooks(agent_home.codex_home, config, wrong_hash=wrong_hash)
    with ModelServer([bash("git status")]) as server:
        agents.run_codex(e2e_repo, "status", server, home=agent_home).check()
    assert out.exists() is (not wrong_hash)
