"""What each real agent does with a hook's reply: one short run per (agent, event, reply).

Run through ``record_payloads.py replies``; results go to ``fixtures/payloads/reply_findings.json``.
Every run: the model calls Bash ``touch ran.txt`` once, then says "done". The hook under test is the
recorder with a canned reply for one event; the reply carries a unique marker, and the finding says
whether the tool ran and where the marker showed up (model requests, agent stdout/stderr).
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import agents
from model_server import ModelServer, bash
from scenarios import make_repo


@dataclass(frozen=True)
class Experiment:
    name: str
    event: str
    stdout: str = ""  # "{M}" is replaced by the marker
    exit: int = 0
    stderr: str = ""
    agents: tuple[str, ...] = ("claude", "codex")


def _hso(event: str, **fields: Any) -> str:
    return json.dumps({"hookSpecificOutput": {"hookEventName": event, **fields}})


PRE = "PreToolUse"
EXPERIMENTS = [
    Experiment("pre_deny_json", PRE, _hso(PRE, permissionDecision="deny", permissionDecisionReason="{M} denied")),
    Experiment("pre_deny_json_empty_reason", PRE, _hso(PRE, permissionDecision="deny", permissionDecisionReason="")),
    Experiment("pre_deny_exit2_stderr", PRE, exit=2, stderr="{M} blocked via exit 2"),
    Experiment(
        "pre_deny_plus_systemMessage",
        PRE,
        json.dumps(
            {
                "systemMessage": "{M} sys",
                "hookSpecificOutput": {
                    "hookEventName": PRE,
                    "permissionDecision": "deny",
                    "permissionDecisionReason": "{M} reason",
                },
            }
        ),
    ),
    Experiment(
        "pre_deny_plus_additionalContext",
        PRE,
        _hso(PRE, permissionDecision="deny", permissionDecisionReason="{M} reason", additionalContext="{M} ctx"),
    ),
    Experiment(
        "pre_deny_plus_unknown_field",
        PRE,
        json.dumps(
            {
                "statewise": {"id": 1},
                "hookSpecificOutput": {
                    "hookEventName": PRE,
                    "permissionDecision": "deny",
                    "permissionDecisionReason": "{M} reason",
                },
            }
        ),
    ),
    Experiment("pre_legacy_decision_block", PRE, json.dumps({"decision": "block", "reason": "{M} legacy"})),
    Experiment("pre_systemMessage_only", PRE, json.dumps({"systemMessage": "{M} sys"})),
    Experiment("pre_additionalContext_only", PRE, _hso(PRE, additionalContext="{M} ctx")),
    Experiment("pre_allow_bare", PRE, _hso(PRE, permissionDecision="allow", permissionDecisionReason="{M} ok")),
    Experiment(
        "pre_allow_updatedInput",
        PRE,
        _hso(
            PRE,
            permissionDecision="allow",
            permissionDecisionReason="{M} rewrite",
            updatedInput={"command": "touch rewritten.txt"},
        ),
    ),
    Experiment("pre_ask", PRE, _hso(PRE, permissionDecision="ask", permissionDecisionReason="{M} ask")),
    Experiment("pre_exit1", PRE, exit=1, stderr="{M} crashed"),
    Experiment("pre_invalid_json", PRE, "{M} not json"),
    Experiment("post_decision_block", "PostToolUse", json.dumps({"decision": "block", "reason": "{M} post"})),
    Experiment("post_additionalContext", "PostToolUse", _hso("PostToolUse", additionalContext="{M} ctx")),
    Experiment("post_systemMessage", "PostToolUse", json.dumps({"systemMessage": "{M} sys"})),
    Experiment("session_additionalContext", "SessionStart", _hso("SessionStart", additionalContext="{M} ctx")),
    Experiment("session_systemMessage", "SessionStart", json.dumps({"systemMessage": "{M} sys"})),
    Experiment("session_plain_stdout", "SessionStart", "{M} plain text"),
    Experiment("prompt_additionalContext", "UserPromptSubmit", _hso("UserPromptSubmit", additionalContext="{M} ctx")),
    Experiment("prompt_systemMessage", "UserPromptSubmit", json.dumps({"systemMessage": "{M} sys"})),
    Experiment("prompt_decision_block", "UserPromptSubmit", json.dumps({"decision": "block", "reason": "{M} no"})),
    Experiment("stop_decision_block", "Stop", json.dumps({"decision": "block", "reason": "{M} keep going"})),
    Experiment("stop_systemMessage", "Stop", json.dumps({"systemMessage": "{M} sys"})),
    # systemMessage next to a field whose effect is visible: shows whether the strict Codex schema accepts it
    Experiment("pre_continue_false", PRE, json.dumps({"continue": False, "stopReason": "{M} stop"})),
    Experiment(
        "post_block_plus_systemMessage",
        "PostToolUse",
        json.dumps({"decision": "block", "reason": "{M} post", "systemMessage": "{M} sys"}),
    ),
    Experiment(
        "session_additionalContext_plus_systemMessage",
        "SessionStart",
        json.dumps(
            {
                "systemMessage": "{M} sys",
                "hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "{M} ctx"},
            }
        ),
    ),
    Experiment(
        "prompt_additionalContext_plus_systemMessage",
        "UserPromptSubmit",
        json.dumps(
            {
                "systemMessage": "{M} sys",
                "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "{M} ctx"},
            }
        ),
    ),
    Experiment(
        "stop_block_plus_systemMessage",
        "Stop",
        json.dumps({"decision": "block", "reason": "{M} keep going", "systemMessage": "{M} sys"}),
    ),
    Experiment(
        "session_additionalContext_wrong_event_name",
        "SessionStart",
        _hso("UserPromptSubmit", additionalContext="{M} ctx"),
    ),
    Experiment("stop_additionalContext", "Stop", _hso("Stop", additionalContext="{M} ctx")),
]


def _snippets(obj: Any, marker: str) -> list[str]:
    out: list[str] = []
    if isinstance(obj, str):
        i = obj.find(marker)
        if i >= 0:
            out.append(obj[max(0, i - 160) : i + 120])
    elif isinstance(obj, dict):
        for v in obj.values():
            out += _snippets(v, marker)
    elif isinstance(obj, list):
        for v in obj:
            out += _snippets(v, marker)
    return out


def _describe(body: dict[str, Any], path: str) -> str:
    """Role/type of the top-level message or input item that holds ``path``."""
    head = path.split(".")[0]
    if "[" not in head:
        return head
    key, idx = head.split("[")[0], int(head.split("[")[1].rstrip("]"))
    item = body.get(key, [])[idx]
    if not isinstance(item, dict):
        return key
    inner = ""
    content = item.get("content")
    if isinstance(content, list) and content and isinstance(content[0], dict):
        inner = f" first block type={content[0].get('type')}"
    return f"{key}[{idx}] role={item.get('role')} type={item.get('type')}{inner} (of {len(body.get(key, []))})"


def _hook_events(run: agents.AgentRun) -> list[Any]:
    """Claude's --include-hook-events stream items / Codex exec events that mention hooks."""
    keep = []
    for ev in run.events:
        text = json.dumps(ev)
        if "hook" in str(ev.get("subtype", "")) or "hook" in str(ev.get("type", "")) or "hook" in text[:300]:
            keep.append(
                {
                    k: (v[:300] if isinstance(v, str) else v)
                    for k, v in ev.items()
                    if k
                    in (
                        "type",
                        "subtype",
                        "hook_event",
                        "hook_name",
                        "outcome",
                        "exit_code",
                        "stdout",
                        "stderr",
                        "output",
                        "item",
                    )
                }
            )
    return keep


def run_one(agent: str, exp: Experiment, idx: int, work: Path) -> dict[str, Any]:
    marker = f"MARK{idx:03d}X"
    base = work / f"{agent}-{exp.name}"
    shutil.rmtree(base, ignore_errors=True)
    repo = make_repo(base / "repo")
    home = agents.AgentHome.create(base / "agent-home")
    replies = base / "replies"
    replies.mkdir()
    (replies / f"{exp.event}.stdout").write_text(exp.stdout.replace("{M}", marker))
    (replies / f"{exp.event}.stderr").write_text(exp.stderr.replace("{M}", marker))
    (replies / f"{exp.event}.exit").write_text(str(exp.exit))
    out = base / "payloads.jsonl"
    config = agents.hooks_config(agents.recorder_command(out, replies), {exp.event: None})
    script = [bash("touch ran.txt", description="Create a marker file")]
    with ModelServer(script) as server:
        if agent == "claude":
            agents.write_claude_settings(home.claude_config_dir / "settings.json", config)
            run = agents.run_claude(repo, "Create the marker file.", server, home=home, timeout=90)
        else:
            agents.install_codex_hooks(home.codex_home, config)
            run = agents.run_codex(repo, "Create the marker file.", server, home=home, timeout=90)
    requests = server.bodies
    call_id = server.tool_call_ids[0] if server.tool_call_ids else None
    transcript_hits: list[str] = []
    if run.transcript_path:
        for line in run.transcript():
            transcript_hits += [
                f"{line.get('type')}/{(line.get('payload') or {}).get('type', '')}: {s}"
                for s in _snippets(line, marker)
            ][:2]
    return {
        "agent": agent,
        "experiment": exp.name,
        "event": exp.event,
        "reply": {
            "stdout": exp.stdout.replace("{M}", marker),
            "exit": exp.exit,
            "stderr": exp.stderr.replace("{M}", marker),
        },
        "hook_calls": len(agents.read_jsonl(out)) if out.exists() else 0,
        "tool_ran": (repo / "ran.txt").exists(),
        "rewritten_ran": (repo / "rewritten.txt").exists(),
        "model_requests": len(requests),
        "tool_result": server.tool_result(call_id) if call_id else None,
        "marker_in_requests": [[i, p, _describe(requests[i], p)] for i, p in server.find(marker)],
        "marker_snippets": [s for body in requests for s in _snippets(body, marker)][:4],
        "marker_in_stdout": [s for ev in run.events for s in _snippets(ev, marker)][:4],
        "marker_in_stderr": marker in run.stderr,
        "marker_in_transcript": transcript_hits[:4],
        "stderr_tail": run.stderr[-600:],
        "agent_hook_events": _hook_events(run)[:6],
        "returncode": run.returncode,
        "duration_s": round(run.duration_s, 2),
    }


def run_all(work: Path) -> list[dict[str, Any]]:
    work.mkdir(parents=True, exist_ok=True)
    findings = []
    idx = 0
    for exp in EXPERIMENTS:
        for agent in exp.agents:
            idx += 1
            findings.append(run_one(agent, exp, idx, work))
    return findings
