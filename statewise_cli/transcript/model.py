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

    path: str
    op: str  # add | update | delete | write
    ranges: tuple[tuple[int, int], ...] = ()
    move_to: str | None = None
    symbols: tuple[str, ...] = ()  # def/class/function names seen in the changed text and hunk headers
    text: str = ""  # the changed text (+/- lines, new content)


class Action(Struct):
    tool: str
    input: Any
    kind: str  # command | read | search | edit | submit | finish | other
    command: str | None = None
    edits: tuple[Edit, ...] = ()
    path: str | None = None
    lines: tuple[int, int] | None = None
    pattern: str | None = None
    role: str | None = None  # script | fix-script | fix-run | reproduction | inline-edit | revert | delete (see actions.normalize.Call)
    script: str | None = None
    writes: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()  # every file a read names (``cat a b c``); ``path`` is the last

    def text(self) -> str:
        """Everything the action said, for matching values against it."""
        if self.command is not None:
            return self.command
        return json.dumps(self.input, sort_keys=True) if not isinstance(self.input, str) else self.input


class TestOutcome(Struct):
    framework: str
    passed: int
    failed: int
    errors: int
    failing: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.errors == 0


class Observation(Struct):
    text: str
    exit_code: int | None = None
    is_error: bool = False


class Step(Struct):
    index: int
    thought: str
    action: Action
    observation: Observation | None
    call_id: str | None = None

    @property
    def failed(self) -> bool:
        obs = self.observation
        return obs is not None and (obs.is_error or (obs.exit_code is not None and obs.exit_code != 0))


class Trajectory(Struct):
    format: str
    steps: tuple[Step, ...]
    task: str = ""
    cwd: str | None = None
    session_id: str | None = None
    source: str | None = None
    submission: str | None = None  # the diff the agent submitted, when the format records it


class Event(Struct):
    """Evidence for the gate: kind read | search | command | edit."""

    kind: str
    step: int
    call_id: str | None = None
    path: str | None = None
    lines: tuple[int, int] | None = None
    pattern: str | None = None
    command: str | None = None
    exit_code: int | None = None
    tests: TestOutcome | None = None
    hits: tuple[str, ...] = ()  # a search: the files its output shows matches in


def as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(as_text(c.get("text", "") if isinstance(c, dict) else c) for c in content)
    if isinstance(content, dict):
        return str(content.get("text", ""))
    return "" if content is None else str(content)
