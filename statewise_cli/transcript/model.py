"""The trajectory model: numbered steps (thought, action, observation) and the evidence events the gate takes.

Stdlib only and import-light (the gate builds these on the hook path): no typing at run time, no dataclasses.
"""

from __future__ import annotations

from statewise_cli.fast import jsonfast as json  # no `re` at import (see jsonfast)
from statewise_cli.fast.struct import Struct

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CLAUDE, CODEX, SWE_AGENT = "claude", "codex", "swe-agent"


class Edit(Struct):
    """One file an action changed. ``ranges``: changed (start, end) lines of the new file, when known."""

    __slots__ = ("path", "op", "ranges", "move_to", "symbols", "text")
    _defaults = {"ranges": (), "move_to": None, "symbols": (), "text": ""}
    path: str
    op: str  # add | update | delete | write
    ranges: tuple[tuple[int, int], ...]
    move_to: str | None
    symbols: tuple[str, ...]  # def/class/function names seen in the changed text and hunk headers
    text: str  # the changed text (+/- lines, new content)


class Action(Struct):
    __slots__ = ("tool", "input", "kind", "command", "edits", "path", "lines", "pattern")
    _defaults = {"command": None, "edits": (), "path": None, "lines": None, "pattern": None}
    tool: str
    input: Any
    kind: str  # command | read | search | edit | submit | finish | other
    command: str | None
    edits: tuple[Edit, ...]
    path: str | None
    lines: tuple[int, int] | None
    pattern: str | None

    def text(self) -> str:
        """Everything the action said, for matching values against it."""
        if self.command is not None:
            return self.command
        return json.dumps(self.input, sort_keys=True) if not isinstance(self.input, str) else self.input


class TestOutcome(Struct):
    __slots__ = ("framework", "passed", "failed", "errors", "failing")
    _defaults = {"failing": ()}
    framework: str
    passed: int
    failed: int
    errors: int
    failing: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.errors == 0


class Observation(Struct):
    __slots__ = ("text", "exit_code", "is_error")
    _defaults = {"exit_code": None, "is_error": False}
    text: str
    exit_code: int | None
    is_error: bool


class Step(Struct):
    __slots__ = ("index", "thought", "action", "observation", "call_id")
    _defaults = {"call_id": None}
    index: int
    thought: str
    action: Action
    observation: Observation | None
    call_id: str | None

    @property
    def failed(self) -> bool:
        obs = self.observation
        return obs is not None and (obs.is_error or (obs.exit_code is not None and obs.exit_code != 0))


class Trajectory(Struct):
    __slots__ = ("format", "steps", "task", "cwd", "session_id", "source")
    _defaults = {"task": "", "cwd": None, "session_id": None, "source": None}
    format: str
    steps: tuple[Step, ...]
    task: str
    cwd: str | None
    session_id: str | None
    source: str | None


class Event(Struct):
    """Evidence for the gate: kind read | search | command | edit."""

    __slots__ = ("kind", "step", "call_id", "path", "lines", "pattern", "command", "exit_code", "tests")
    _defaults = {"call_id": None, "path": None, "lines": None, "pattern": None, "command": None,
                 "exit_code": None, "tests": None}
    kind: str
    step: int
    call_id: str | None
    path: str | None
    lines: tuple[int, int] | None
    pattern: str | None
    command: str | None
    exit_code: int | None
    tests: TestOutcome | None


def as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(as_text(c.get("text", "") if isinstance(c, dict) else c) for c in content)
    if isinstance(content, dict):
        return str(content.get("text", ""))
    return "" if content is None else str(content)
