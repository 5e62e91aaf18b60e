"""Claude Code session JSONL: tool calls (hook ``tool_input`` shape) and their results."""

from __future__ import annotations

from statewise_cli.actions.diff import changed_lines
from statewise_cli.actions.normalize import describe_call
from statewise_cli.fast.lazy_re import Pattern
from statewise_cli.transcript.model import Action, Observation, as_text
from statewise_cli.transcript.steps import action_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.transcript.stream import Parser

_EXIT = Pattern(r"(?:Error: )?Exit code (\d+)")


def claude_action(name: str, inp: dict[str, Any], result: Any = None, cwd: str | None = None) -> Action:
    """A Claude Code tool call as a step action; ``result`` (``toolUseResult``) gives an edit its changed lines;
    ``cwd`` (the project) tells a shell write into the project from one into a scratch place."""
    if name == "Bash":
        cmd = str(inp.get("command", ""))
        return action_of(name, inp, describe_call(name, inp, command=cmd, root=cwd), cmd)
    action = action_of(name, inp, describe_call(name, inp))
    patch = result.get("structuredPatch") if isinstance(result, dict) and action.kind == "edit" else None
    if patch:
        ranges = tuple(r for h in patch if (r := changed_lines(h["newStart"], h.get("lines") or [])))
        action = action.replace(edits=tuple(e.replace(ranges=ranges) for e in action.edits))
    return action


def feed(parser: Parser, rec: dict[str, Any]) -> list[int]:
    """One Claude Code JSONL record; the indexes of steps that just got their observation."""
    kind = rec.get("type")
    if rec.get("cwd") and not parser.cwd:
        parser.cwd = rec["cwd"]
    if rec.get("sessionId") and not parser.session_id:
        parser.session_id = rec["sessionId"]
    msg = rec.get("message")
    if kind not in ("user", "assistant") or not isinstance(msg, dict) or rec.get("isSidechain"):
        return []
    content = msg.get("content")
    if kind == "user":
        if isinstance(content, str):
            if not parser.task and not rec.get("isMeta"):
                parser.task = content
            return []
        done: list[int] = []
        for block in content or []:
            if isinstance(block, dict) and block.get("type") == "tool_result":
                cid = block.get("tool_use_id", "")
                text = as_text(block.get("content"))
                is_error = bool(block.get("is_error"))
                code = None
                m = _EXIT.match(text) if "Exit code" in text[:40] else None
                if m:
                    code = int(m.group(1))
                elif not is_error and parser.pending.get(cid) is not None and \
                        parser.steps[parser.pending[cid]].action.tool == "Bash":
                    code = 0
                result = rec.get("toolUseResult")
                action = None
                i = parser.pending.get(cid)
                if i is not None and parser.steps[i].action.kind == "edit" and isinstance(result, dict):
                    a = parser.steps[i].action
                    action = claude_action(a.tool, a.input, result, parser.cwd)
                done += parser.observe(cid, Observation(text, code, is_error), action)
            elif isinstance(block, dict) and block.get("type") == "text" and not parser.task:
                parser.task = block.get("text", "")
        return done
    for block in content or []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text" and block.get("text"):
            parser.thought.append(block["text"])
        elif block.get("type") == "tool_use":
            parser.add(claude_action(block.get("name", ""), block.get("input") or {}, None, parser.cwd), block.get("id"))
    return []
