"""From a tool call to a step's action, and from a completed step to the gate's evidence events.

What a call does is decided once, by :mod:`statewise_cli.actions.normalize`; this module only
turns that decision into the trajectory model (edits with their ranges and symbols).
"""

from __future__ import annotations

from statewise_cli.actions.diff import symbols_in
from statewise_cli.transcript.model import Action, Edit, Event, Step

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action as Normalized
    from statewise_cli.actions.normalize import Call

# The normalizer's kinds as step kinds: running anything (tests included) is a command.
STEP_KIND = {"read": "read", "search": "search", "edit": "edit", "other": "other"}


def _edit_op(a: Normalized) -> str:
    if a.tool == "Write":
        return "write"
    if a.operation == "shell.apply_patch":
        return next(iter(a.flags), "update")
    return {"file.create": "add", "file.delete": "delete", "edit": "update", "file.write": "write"}.get(a.operation, "update")


def edits_of(call: Call) -> tuple[Edit, ...]:
    """One Edit per file the call's edit actions write (a move rides on its update)."""
    edits: list[Edit] = []
    for a in call.edits:
        if a.operation == "file.move":
            continue
        changed = "\n".join([*a.context, *(ln[1:] for ln in a.body.splitlines() if ln[:1] in "+-")])
        symbols = symbols_in(changed) if changed else ()
        move_to = a.arguments[0] if a.operation in ("edit", "shell.apply_patch") and a.arguments else None
        for path in a.paths:
            edits.append(Edit(path=path, op=_edit_op(a), ranges=(a.lines,) if a.lines else (), move_to=move_to,
                              symbols=symbols, text=a.body))
    return tuple(edits)


def action_of(tool: str, inp: Any, call: Call, command: str | None = None) -> Action:
    """The step action of a normalized call."""
    kind = STEP_KIND.get(call.kind, "command")
    if kind == "edit":
        edits = edits_of(call)
        path = edits[0].path if edits else call.path
        return Action(tool, inp, "edit", command, edits, path, None, None)
    paths: tuple[str, ...] = ()
    if kind == "read":
        paths = tuple(dict.fromkeys(p for a in call.actions if a.kind == "read" for p in a.paths))
    return Action(tool, inp, kind, command, (), call.path, call.lines, call.pattern, paths)


def search_hits(text: str, limit: int = 50) -> tuple[str, ...]:
    """The files a search's output shows matches in: ``path:line:text`` (grep -n, rg, Claude's Grep
    content mode), ``path-line-text`` context lines are not matches, and bare paths (``-l``)."""
    found: list[str] = []
    for line in text.splitlines():
        head, colon, rest = line.partition(":")
        if colon:
            number = rest.partition(":")[0]
            if not number.isdigit() and "/" not in head and "." not in head:
                continue
            path = head
        elif line and " " not in line and ("." in line or "/" in line):
            path = line
        else:
            continue
        path = path.strip().removeprefix("./")
        if path and path not in found:
            found.append(path)
            if len(found) >= limit:
                break
    return tuple(found)


def step_events(step: Step) -> list[Event]:
    """The evidence a completed step gives the gate."""
    a, obs = step.action, step.observation
    if obs is None or obs.is_error and a.kind != "command":
        return []
    if a.kind == "edit":
        return [Event("edit", step.index, step.call_id, e.move_to or e.path, e.ranges[0] if len(e.ranges) == 1 else
                      (min(r[0] for r in e.ranges), max(r[1] for r in e.ranges)) if e.ranges else None)
                for e in a.edits if e.op != "delete"]
    if a.kind == "read":
        if len(a.paths) > 1:  # `cat a b c`: each file is read whole (a range applies to one file)
            return [Event("read", step.index, step.call_id, p, None) for p in a.paths]
        return [Event("read", step.index, step.call_id, a.path, a.lines)]
    if a.kind == "search":
        return [Event("search", step.index, step.call_id, a.path, None, a.pattern, hits=search_hits(obs.text))]
    if a.kind == "command":
        from statewise_cli.transcript.outcomes import failure_in_text, parse_test_outcome

        tests = parse_test_outcome(obs.text)
        exit_code = obs.exit_code
        if exit_code is None and tests is None and failure_in_text(obs.text):
            exit_code = 1  # no exit code came with it (Codex's PostToolUse): the output shows the failure
        return [Event("command", step.index, step.call_id, command=a.command, exit_code=exit_code, tests=tests)]
    return []
