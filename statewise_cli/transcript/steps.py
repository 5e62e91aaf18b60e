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
    paths: tuple[str, ...] = ()
    if kind == "read":
        paths = tuple(dict.fromkeys(p for a in call.actions if a.kind == "read" for p in a.paths))
    role = call.role or ("test" if call.kind == "test" else None)
    writes = call.writes
    if call.kind == "test" and not writes:  # a test run decides the kind; the files the same command edits stay known
        writes = tuple(dict.fromkeys(p for a in call.actions if a.kind == "edit" for p in a.paths))
    return Action(tool, inp, kind, command, (), call.path, call.lines, call.pattern, role, call.script, writes,
                  paths)


def _grep_line(line: str, default: str | None) -> tuple[str | None, int, bool] | None:
    """(path, line number, is a match) of one line of ``grep -n`` / ``rg -n`` output: ``path:N:text``
    (a match), ``path-N-text`` (context), or without the path when one file was searched."""
    head, colon, rest = line.partition(":")
    if colon:
        if head.isdigit():
            return default, int(head), True
        number = rest.partition(":")[0]
        if number.isdigit():
            return head, int(number), True
    digits = 0
    while digits < len(line) and line[digits].isdigit():
        digits += 1
    if digits and line[digits:digits + 1] == "-" and default:
        return default, int(line[:digits]), False  # one file searched: "N-text"
    at = line.find("-")
    while at >= 0:
        end = at + 1
        while end < len(line) and line[end].isdigit():
            end += 1
        if end > at + 1 and end < len(line) and line[end] == "-":
            if at == 0:
                return None
            if line[:at].isdigit():
                return default, int(line[:at]), False
            return line[:at], int(line[at + 1:end]), False
        at = line.find("-", at + 1)
    return None


def search_hits(text: str, default: str | None = None, limit: int = 50) -> tuple[str, ...]:
    """What a search's output showed: the files it matched in (``path``; bare paths for ``-l``), and
    the line ranges it showed of each file, context included (``path#start-end``)."""
    found: list[str] = []
    seen: dict[str, list[int]] = {}
    for line in text.splitlines():
        parsed = _grep_line(line, default)
        if parsed is None:
            if line and " " not in line and ":" not in line and ("." in line or "/" in line):
                path = line.strip().removeprefix("./")  # -l: one file a line
                if path not in found:
                    found.append(path)
            continue
        where, number, match = parsed
        if not where:
            continue
        path = where.strip().removeprefix("./")
        if match and path not in found:
            found.append(path)
        seen.setdefault(path, []).append(number)
    for path, numbers in seen.items():
        numbers.sort()
        start = prev = numbers[0]
        for n in [*numbers[1:], None]:
            if n is not None and n <= prev + 1:
                prev = n
                continue
            if prev > start:  # a lone line is a hit, not a view of the code around it
                found.append(f"{path}#{start}-{prev}")
            if n is not None:
                start = prev = n
    return tuple(found[:limit * 2])


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
        return [Event("search", step.index, step.call_id, a.path, None, a.pattern, hits=search_hits(obs.text, a.path))]
    if a.kind == "command":
        from statewise_cli.transcript.outcomes import failure_in_text, parse_test_outcome

        tests = parse_test_outcome(obs.text)
        exit_code = obs.exit_code
        if exit_code is None and tests is None and failure_in_text(obs.text):
            exit_code = 1  # no exit code came with it (Codex's PostToolUse): the output shows the failure
        return [Event("command", step.index, step.call_id, command=a.command, exit_code=exit_code, tests=tests)]
    return []
