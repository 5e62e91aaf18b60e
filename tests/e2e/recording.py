"""What the two labelled-set recorders (record_gate_set.py, record_audit_set.py) share: the Claude
tool calls for a scripted step list, and the slimming of recorded transcripts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def claude_turns(steps: list[tuple[Any, ...]], repo: Path, prefix: str, final: str) -> list[Any]:
    """Claude tool calls for recorder steps: ("read", p) ("grep", pat) ("run", cmd) ("edit", p, old, new)."""
    from model_server import Text, ToolCall, bash

    turns: list[Any] = []
    for n, st in enumerate(steps, 1):
        cid = f"{prefix}{n:03d}"
        if st[0] == "read":
            turns.append(ToolCall("Read", {"file_path": str(repo / st[1])}, cid))
        elif st[0] == "grep":
            turns.append(ToolCall("Grep", {"pattern": st[1], "path": str(repo), "output_mode": "content", "-n": True}, cid))
        elif st[0] == "run":
            turns.append(bash(st[1], call_id=cid))
        else:
            turns.append(ToolCall("Edit", {"file_path": str(repo / st[1]), "old_string": st[2], "new_string": st[3],
                                           "replace_all": False}, cid))
    return turns + [Text(final)]


def slim_claude(path: Path) -> str:
    keep = []
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        if rec.get("type") not in ("user", "assistant"):
            continue
        if isinstance(rec.get("toolUseResult"), dict):
            rec["toolUseResult"].pop("originalFile", None)
        keep.append(json.dumps(rec, ensure_ascii=False))
    return "\n".join(keep) + "\n"


def slim_codex(path: Path) -> str:
    keep = []
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        p = rec.get("payload") or {}
        if rec.get("type") == "session_meta":
            p.pop("base_instructions", None)
        elif rec.get("type") == "response_item":
            if p.get("type") == "message" and p.get("role") == "developer":
                continue
        elif not (rec.get("type") == "event_msg" and p.get("type") == "item_completed"):
            continue
        keep.append(json.dumps(rec, ensure_ascii=False))
    return "\n".join(keep) + "\n"
