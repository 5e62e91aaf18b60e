#!/usr/bin/env python3
"""Re-record the real hook payloads and transcripts of the pinned agent binaries.

    python3 tests/e2e/record_payloads.py            # payloads + transcripts + reply findings
    python3 tests/e2e/record_payloads.py payloads   # only fixtures/payloads/{claude,codex} + transcripts
    python3 tests/e2e/record_payloads.py replies    # only fixtures/payloads/reply_findings.json

Needs ``npm ci --prefix tests/e2e``. Works in a fixed scratch directory (``/tmp/statewise-e2e-record``)
so the recorded paths are the same on every re-recording; only session/turn ids and timestamps change.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import agents
import probe_replies
from model_server import ModelServer, Text, ToolCall, apply_patch, bash
from scenarios import make_repo

ROOT = Path(__file__).resolve().parents[2]
PAYLOADS = ROOT / "fixtures" / "payloads"
TRANSCRIPTS = ROOT / "fixtures" / "transcripts"
SCRATCH = Path("/tmp/statewise-e2e-record")

CLAUDE_EVENTS = ("PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart", "Stop")
CODEX_EVENTS = ("PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart", "Stop")
PROMPT = "Check the repository state, look around, then make the requested edits."


def claude_script(repo: Path) -> list[ToolCall | Text]:
    readme = str(repo / "README.md")
    return [
        bash("git status", description="Show working tree status", call_id="toolu_e2e_git_status"),
        bash("ls /nonexistent", description="List a missing directory", call_id="toolu_e2e_failing_ls"),
        bash("git push --force origin main", description="Force-push main", call_id="toolu_e2e_force_push"),
        ToolCall("Read", {"file_path": readme}, "toolu_e2e_read"),
        ToolCall(
            "Grep", {"pattern": "def ", "path": str(repo), "output_mode": "content", "-n": True}, "toolu_e2e_grep"
        ),
        ToolCall("Glob", {"pattern": "**/*.py", "path": str(repo)}, "toolu_e2e_glob"),
        ToolCall("Write", {"file_path": str(repo / "notes.txt"), "content": "new notes\n"}, "toolu_e2e_write_new"),
        ToolCall(
            "Edit",
            {
                "file_path": readme,
                "old_string": "A tiny repository",
                "new_string": "A small repository",
                "replace_all": False,
            },
            "toolu_e2e_edit_after_read",
        ),
        Text("All done."),
    ]


def codex_script() -> list[ToolCall | Text]:
    return [
        bash("git status", call_id="call_e2e_git_status"),
        bash("ls /nonexistent", call_id="call_e2e_failing_ls"),
        bash("git push --force origin main", call_id="call_e2e_force_push"),
        apply_patch(
            "*** Begin Patch\n*** Add File: notes.txt\n+new notes\n*** End Patch\n", call_id="call_e2e_patch_add"
        ),
        apply_patch(
            "*** Begin Patch\n*** Update File: src/util.py\n@@\n def add(a, b):\n-    return a + b\n+    return b + a\n"
            "*** End Patch\n",
            call_id="call_e2e_patch_update",
        ),
        apply_patch(
            "*** Begin Patch\n*** Update File: src/app.py\n*** Move to: src/main_app.py\n@@\n-def main():\n+def run():\n"
            "*** End Patch\n",
            call_id="call_e2e_patch_move",
        ),
        apply_patch("*** Begin Patch\n*** Delete File: docs/old.txt\n*** End Patch\n", call_id="call_e2e_patch_delete"),
        Text("All done."),
    ]


def _label(record: dict[str, Any], prefix: str) -> str:
    p = record["payload"]
    event = p.get("hook_event_name", "unknown")
    tool_id = p.get("tool_use_id")
    if tool_id:
        what = tool_id.removeprefix(prefix)
        return f"{event}__{p.get('tool_name')}__{what}"
    if event == "SessionStart":
        return f"{event}__{p.get('source')}"
    if event == "UserPromptSubmit":
        return f"{event}__prompt"
    if event == "Stop":
        return f"{event}__{'after_stop_block' if p.get('stop_hook_active') else 'end_turn'}"
    return f"{event}__other"


def save_payloads(records: list[dict[str, Any]], out_dir: Path, prefix: str) -> list[str]:
    out_dir.mkdir(parents=True, exist_ok=True)
    names: list[str] = []
    for rec in records:
        name = _label(rec, prefix)
        base, n = name, 2
        while name in names:
            name, n = f"{base}__{n}", n + 1
        names.append(name)
        (out_dir / f"{name}.json").write_text(json.dumps(rec["payload"], indent=2, ensure_ascii=False) + "\n")
    return names


def record_claude() -> dict[str, Any]:
    work = SCRATCH / "claude"
    shutil.rmtree(work, ignore_errors=True)
    repo = make_repo(work / "repo")
    home = agents.AgentHome.create(work / "agent-home")
    out = work / "payloads.jsonl"
    cmd = agents.recorder_command(out)
    agents.write_claude_settings(
        home.claude_config_dir / "settings.json", agents.hooks_config(cmd, {e: None for e in CLAUDE_EVENTS})
    )
    with ModelServer(claude_script(repo)) as server:
        run = agents.run_claude(repo, PROMPT, server, home=home).check()
    records = agents.read_jsonl(out)
    dest = PAYLOADS / "claude"
    shutil.rmtree(dest, ignore_errors=True)
    names = save_payloads(records, dest, "toolu_e2e_")
    TRANSCRIPTS.mkdir(parents=True, exist_ok=True)
    assert run.transcript_path is not None
    shutil.copy(run.transcript_path, TRANSCRIPTS / "claude_session.jsonl")
    (TRANSCRIPTS / "claude_stream.jsonl").write_text(run.stdout)
    (dest / "_hook_env.json").write_text(
        json.dumps([r["env"] | {"cwd": r["cwd"]} for r in records[:1]], indent=2) + "\n"
    )
    side = [f"{r.method} {r.path}" for r in server.requests if r.side]
    return {
        "duration_s": round(run.duration_s, 2),
        "model_requests": len(server.bodies),
        "side_requests": side,
        "payloads": names,
    }


def record_codex() -> dict[str, Any]:
    work = SCRATCH / "codex"
    shutil.rmtree(work, ignore_errors=True)
    repo = make_repo(work / "repo")
    home = agents.AgentHome.create(work / "agent-home")
    out = work / "payloads.jsonl"
    agents.install_codex_hooks(
        home.codex_home, agents.hooks_config(agents.recorder_command(out), {e: None for e in CODEX_EVENTS})
    )
    with ModelServer(codex_script()) as server:
        run = agents.run_codex(repo, PROMPT, server, home=home).check()
    side = [f"{r.method} {r.path}" for r in server.requests if r.side]
    n_requests = len(server.bodies)
    records = agents.read_jsonl(out)
    dest = PAYLOADS / "codex"
    shutil.rmtree(dest, ignore_errors=True)
    names = save_payloads(records, dest, "call_e2e_")
    assert run.transcript_path is not None
    shutil.copy(run.transcript_path, TRANSCRIPTS / "codex_rollout.jsonl")
    (TRANSCRIPTS / "codex_exec_events.jsonl").write_text(run.stdout)
    (dest / "_hook_env.json").write_text(
        json.dumps([r["env"] | {"cwd": r["cwd"]} for r in records[:1]], indent=2) + "\n"
    )

    # --ephemeral: no rollout file, transcript_path is null
    out_eph = work / "payloads-ephemeral.jsonl"
    home2 = agents.AgentHome.create(work / "agent-home-ephemeral")
    agents.install_codex_hooks(
        home2.codex_home, agents.hooks_config(agents.recorder_command(out_eph), {"PreToolUse": None})
    )
    with ModelServer([bash("git status", call_id="call_e2e_git_status_ephemeral")]) as server:
        agents.run_codex(repo, PROMPT, server, home=home2, ephemeral=True).check()
    names += save_payloads(agents.read_jsonl(out_eph), dest, "call_e2e_")
    return {
        "duration_s": round(run.duration_s, 2),
        "model_requests": n_requests,
        "side_requests": side,
        "payloads": names,
    }


def verify_codex_trust() -> list[dict[str, Any]]:
    """Run Codex with hand-written trust entries and report which handlers actually ran."""
    work = SCRATCH / "trust"
    shutil.rmtree(work, ignore_errors=True)
    repo = make_repo(work / "repo")
    results = []

    def handler(name: str, **extra: Any) -> dict[str, Any]:
        return {"type": "command", "command": agents.recorder_command(work / f"{name}.jsonl"), **extra}

    cases: list[tuple[str, str | None, list[dict[str, Any]], str]] = [
        ("timeout_30", "Bash", [handler("timeout_30", timeout=30)], "computed"),
        ("timeout_unset", "Bash", [handler("timeout_unset")], "computed"),
        ("matcher_none", None, [handler("matcher_none", timeout=30)], "computed"),
        ("matcher_empty", "", [handler("matcher_empty", timeout=30)], "computed"),
        ("matcher_star", "*", [handler("matcher_star", timeout=30)], "computed"),
        ("status_message", "Bash", [handler("status_message", timeout=30, statusMessage="checking")], "computed"),
        (
            "two_handlers_a",
            "Bash",
            [handler("two_handlers_a", timeout=30), handler("two_handlers_b", timeout=30)],
            "computed",
        ),
        (
            "group_hash",
            "Bash",
            [handler("group_hash_a", timeout=30), handler("group_hash_b", timeout=30)],
            "one hash over the whole group",
        ),
        (
            "status_message_not_hashed",
            "Bash",
            [handler("status_message_not_hashed", timeout=30, statusMessage="x")],
            "hash computed without statusMessage",
        ),
        ("wrong_hash", "Bash", [handler("wrong_hash", timeout=30)], "sha256:000..."),
        ("no_trust_entry", "Bash", [handler("no_trust_entry", timeout=30)], "none"),
    ]
    for name, matcher, handlers, how in cases:
        home = agents.AgentHome.create(work / f"home-{name}")
        group: dict[str, Any] = {"hooks": handlers} if matcher is None else {"matcher": matcher, "hooks": handlers}
        config = {"hooks": {"PreToolUse": [group]}}
        hooks_json = home.codex_home / "hooks.json"
        hooks_json.write_text(json.dumps(config, indent=2))
        entries = {}
        for hi, h in enumerate(handlers):
            key = agents.codex_trust_key(hooks_json, "pre_tool_use", 0, hi)
            if how == "computed":
                entries[key] = agents.codex_trust_hash("pre_tool_use", matcher, [h])
            elif how.startswith("one hash"):
                entries[key] = agents.codex_trust_hash("pre_tool_use", matcher, handlers)
            elif how.startswith("hash computed without"):
                entries[key] = agents.codex_trust_hash(
                    "pre_tool_use", matcher, [{k: v for k, v in h.items() if k != "statusMessage"}]
                )
            elif how.startswith("sha256:000"):
                entries[key] = "sha256:" + "0" * 64
        (home.codex_home / "config.toml").write_text(
            "".join(f"[hooks.state.{json.dumps(k)}]\ntrusted_hash = {json.dumps(v)}\n\n" for k, v in entries.items())
        )
        with ModelServer([bash("git status")]) as server:
            agents.run_codex(repo, PROMPT, server, home=home).check()
        ran = []
        for h in handlers:
            out = Path(h["command"].split("'")[-2])
            ran.append(out.exists())
        results.append({"case": name, "matcher": matcher, "trusted_hash_from": how, "handlers_ran": ran})
    return results


def extract_codex_schemas() -> None:
    """The hook input/output JSON Schemas embedded in the Codex binary (strict: additionalProperties false)."""
    binary = next((agents.E2E_DIR / "node_modules" / "@openai").glob("codex-linux-*/vendor/*/bin/codex"), None)
    if binary is None:
        return
    data = binary.read_bytes()
    docs = []
    for m in re.finditer(rb'\{\n  "\$schema"', data):
        depth = 0
        for i in range(m.start(), min(m.start() + 100_000, len(data))):
            c = data[i]
            depth += c == ord("{")
            depth -= c == ord("}")
            if depth == 0:
                try:
                    docs.append(json.loads(data[m.start() : i + 1]))
                except ValueError:
                    pass
                break
    hook_docs = {d["title"]: d for d in docs if str(d.get("title", "")).endswith((".command.input", ".command.output"))}
    (PAYLOADS / "codex_hook_schemas.json").write_text(json.dumps(hook_docs, indent=2, sort_keys=True) + "\n")


def record_trust_examples() -> None:
    """(input, expected hash) pairs of the verified Codex trust-hash algorithm."""
    cases = [
        ("pre_tool_use", "Bash", [{"type": "command", "command": "/usr/local/bin/statewise hook", "timeout": 30}]),
        (
            "pre_tool_use",
            "Bash|Edit|Write|apply_patch",
            [{"type": "command", "command": "/opt/venv/bin/statewise hook --agent codex", "timeout": 30}],
        ),
        ("pre_tool_use", None, [{"type": "command", "command": "/usr/local/bin/statewise hook"}]),
        ("pre_tool_use", "", [{"type": "command", "command": "/usr/local/bin/statewise hook", "timeout": 30}]),
        ("post_tool_use", "*", [{"type": "command", "command": "/usr/local/bin/statewise hook", "timeout": 10}]),
        ("session_start", None, [{"type": "command", "command": "/usr/local/bin/statewise hook", "timeout": 30}]),
        (
            "user_prompt_submit",
            None,
            [
                {
                    "type": "command",
                    "command": "/usr/local/bin/statewise hook",
                    "timeout": 30,
                    "statusMessage": "statewise: checking memory",
                }
            ],
        ),
        ("stop", None, [{"type": "command", "command": "/usr/local/bin/statewise hook", "timeout": 600}]),
    ]
    examples = [
        {
            "event_name": ev,
            "matcher": m,
            "handler": hs[0],
            "identity_json": agents.codex_trust_identity_json(ev, m, hs),
            "trusted_hash": agents.codex_trust_hash(ev, m, hs),
        }
        for ev, m, hs in cases
    ]
    doc = {
        "codex_version": agents.CODEX_VERSION,
        "algorithm": agents.codex_trust_hash.__doc__,
        "key_format": "<absolute path of hooks.json>:<event_name>:<group index>:<handler index>",
        "config_toml_example": '[hooks.state."/root/.codex/hooks.json:pre_tool_use:0:0"]\ntrusted_hash = "sha256:<hex>"',
        "examples": examples,
        "verified_runs": verify_codex_trust(),
    }
    (PAYLOADS / "codex_trust_examples.json").write_text(json.dumps(doc, indent=2) + "\n")


def main(argv: list[str]) -> int:
    if reason := agents.skip_reason():
        print(reason, file=sys.stderr)
        return 2
    what = argv[1] if len(argv) > 1 else "all"
    summary: dict[str, Any] = {}
    if what in ("all", "payloads"):
        summary["claude"] = record_claude()
        summary["codex"] = record_codex()
        record_trust_examples()
        extract_codex_schemas()
    if what in ("all", "replies"):
        findings = probe_replies.run_all(SCRATCH / "replies")
        (PAYLOADS / "reply_findings.json").write_text(json.dumps(findings, indent=2, ensure_ascii=False) + "\n")
        summary["replies"] = len(findings)
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
