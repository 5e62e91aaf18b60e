"""Codex rollout JSONL: function calls, their wrapped shell output, and the file changes of a call."""

from __future__ import annotations

from statewise_cli.actions.diff import diff_ranges, symbols_in
from statewise_cli.actions.normalize import describe_call
from statewise_cli.fast import jsonfast as json
from statewise_cli.fast.lazy_re import Pattern
from statewise_cli.transcript.model import Action, Edit, Observation, as_text
from statewise_cli.transcript.steps import action_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.transcript.stream import Parser

SHELL_TOOLS = ("exec_command", "shell", "local_shell", "container.exec")
_EXIT_LINE = Pattern(r"(?m)^(?:Process exited with code|Exit code:) (-?\d+)")


def shorten_output(output: str) -> tuple[str, int | None]:
    """Codex wraps shell output: ``Chunk ID…\\nProcess exited with code N\\n…Output:\\n<text>``."""
    code = None
    m = _EXIT_LINE.search(output) if ("exited with code" in output or "Exit code:" in output) else None
    if m:
        code = int(m.group(1))
    head, sep, body = output.partition("\nOutput:\n")
    if sep and ("Wall time" in head or "Exit code" in head):
        return body, code
    return output, code


def shell_command(inp: Any) -> str:
    """The command line of a Codex shell call (``cmd`` string, or an argv list)."""
    cmd = inp.get("cmd", inp.get("command", "")) if isinstance(inp, dict) else str(inp)
    if isinstance(cmd, list):
        if cmd[:2] in (["bash", "-lc"], ["/bin/bash", "-lc"]):
            cmd = cmd[-1]
        else:
            import shlex

            cmd = shlex.join(cmd)
    return str(cmd)


def codex_action(name: str, inp: Any, cwd: str | None = None) -> Action:
    """A Codex function call as a step action (``cwd``: see :func:`statewise_cli.transcript.claude.claude_action`)."""
    if name in SHELL_TOOLS:
        cmd = shell_command(inp)
        return action_of("Bash", inp, describe_call("Bash", inp, command=cmd, root=cwd), cmd)
    if name == "apply_patch":
        text = inp if isinstance(inp, str) else str(inp.get("input", inp.get("command", "")))
        action = action_of(name, text, describe_call(name, text))
        return action.replace(kind="edit")  # an envelope no parser accepts is still an edit attempt
    return Action(name, inp, "other", None, (), None, None, None)


def _with_ranges(action: Action, changes: dict[str, Any]) -> Action:
    edits = []
    for e in action.edits:
        match = next((v for k, v in changes.items() if k == e.path or k.endswith("/" + e.path)), None)
        if match and match.get("unified_diff"):
            e = e.replace(ranges=diff_ranges(match["unified_diff"]))
        edits.append(e)
    return action.replace(edits=tuple(edits))


def _changed_files(action: Action, changes: dict[str, Any]) -> Action:
    """A command the rollout shows changing files (a fix script, a formatter) is an edit of them."""
    edits = []
    for path, change in changes.items():
        if not isinstance(change, dict):
            continue
        op = str(change.get("type")) if change.get("type") in ("add", "update", "delete") else "update"
        text = str(change.get("unified_diff") or change.get("content") or "")
        if op == "add":
            ranges: tuple[tuple[int, int], ...] = ((1, max(text.count("\n"), 1)),)
        else:
            ranges = diff_ranges(text) if change.get("unified_diff") else ()
        edits.append(Edit(path=path, op=op, ranges=ranges, move_to=change.get("move_path"), symbols=symbols_in(text),
                          text=text))
    if not edits:
        return action
    return action.replace(kind="edit", edits=tuple(edits), path=edits[0].path, lines=None, pattern=None)


def feed(parser: Parser, rec: dict[str, Any]) -> list[int]:
    """One Codex rollout record; the indexes of steps that just got their observation."""
    kind, p = rec.get("type"), rec.get("payload") or {}
    if kind == "session_meta":
        parser.cwd = parser.cwd or p.get("cwd")
        parser.session_id = parser.session_id or p.get("id") or p.get("session_id")
        return []
    if kind == "event_msg" and p.get("type") == "item_completed":
        item = p.get("item") or {}
        if item.get("type") == "FileChange":
            parser.changes[item.get("id", "")] = item.get("changes") or {}
        return []
    if kind != "response_item":
        return []
    t = p.get("type")
    if t == "message":
        text = as_text(p.get("content"))
        if p.get("role") == "assistant" and text:
            parser.thought.append(text)
        elif p.get("role") == "user" and text and not text.lstrip().startswith("<"):
            parser.task = parser.task or text
    elif t == "reasoning":
        summary = as_text(p.get("summary"))
        if summary:
            parser.thought.append(summary)
    elif t in ("function_call", "custom_tool_call", "local_shell_call"):
        raw = p.get("arguments", p.get("input", p.get("action")))
        if t == "function_call" and isinstance(raw, str):
            try:
                raw = json.loads(raw)
            except ValueError:
                pass
        parser.add(codex_action(p.get("name", "shell"), raw, parser.cwd), p.get("call_id"))
    elif t in ("function_call_output", "custom_tool_call_output"):
        cid = p.get("call_id", "")
        out = p.get("output")
        if isinstance(out, dict):
            out = out.get("content", json.dumps(out))
        text, code = shorten_output(as_text(out))
        i = parser.pending.get(cid)
        action = None
        if i is not None and cid in parser.changes:
            step_action = parser.steps[i].action
            if step_action.kind == "edit" and step_action.edits:
                action = _with_ranges(step_action, parser.changes.pop(cid))
            elif step_action.command is not None:
                action = _changed_files(step_action, parser.changes.pop(cid))
        if code is None and text.startswith(("apply_patch verification failed", "error", "Error")):
            code = 1
        blocked = text.startswith("Command blocked by")
        return parser.observe(cid, Observation(text, code, blocked or (code not in (None, 0))), action)
    return []
