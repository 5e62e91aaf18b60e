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
        return Action(tool, inp, "edit", command, edits, path, None, None, call.role, call.script, call.writes)
    role = call.role or ("test" if call.kind == "test" else None)
    return Action(tool, inp, kind, command, (), call.path, call.lines, call.pattern, role, call.script, call.writes)


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
        return [Event("read", step.index, step.call_id, a.path, a.lines)]
    if a.kind == "search":
        return [Event("search", step.index, step.call_id, a.path, None, a.pattern)]
    if a.kind == "command":
        from statewise_cli.transcript.outcomes import parse_test_outcome

        return [Event("command", step.index, step.call_id, command=a.command, exit_code=obs.exit_code,
                      tests=parse_test_outcome(obs.text))]
    return []
