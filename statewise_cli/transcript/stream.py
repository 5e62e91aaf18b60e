"""Reading transcripts: a whole file (format detected from its content) or, incrementally, the new
complete lines of a JSONL transcript since a byte offset (a torn last line waits for the next call)."""

from __future__ import annotations

from statewise_cli.fast import jsonfast as json  # no `re` at import (see jsonfast)
from statewise_cli.transcript import claude, codex
from statewise_cli.transcript.model import CLAUDE, CODEX, Action, Event, Observation, Step, Trajectory
from statewise_cli.transcript.steps import step_events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Parser:
    """Feeds transcript lines one at a time; keeps calls waiting for their results."""

    def __init__(self, fmt: str | None = None) -> None:
        self.format = fmt
        self.steps: list[Step] = []
        self.pending: dict[str, int] = {}  # call id -> index into steps
        self.thought: list[str] = []
        self.task = ""
        self.cwd: str | None = None
        self.session_id: str | None = None
        self.final_text = ""
        self.changes: dict[str, dict[str, Any]] = {}  # codex FileChange by call id

    def feed(self, record: dict[str, Any]) -> list[int]:
        """Consume one JSONL record; return the indexes of steps that just got their observation."""
        if self.format is None:
            self.format = CODEX if "payload" in record and "type" in record else CLAUDE
        return codex.feed(self, record) if self.format == CODEX else claude.feed(self, record)

    def trajectory(self, source: str | None = None) -> Trajectory:
        steps = list(self.steps)
        text = "\n".join(self.thought).strip() or self.final_text
        if text:
            act = Action("message", text, "finish", None, (), None, None, None)
            steps.append(Step(len(steps) + 1, text, act, None, None))
        return Trajectory(self.format or CLAUDE, tuple(steps), self.task, self.cwd, self.session_id, source)

    def add(self, action: Action, call_id: str | None) -> None:
        """A new step, its thought the text since the last one; it waits for ``call_id``'s result."""
        thought = "\n".join(self.thought).strip()
        self.thought = []
        self.steps.append(Step(len(self.steps) + 1, thought, action, None, call_id))
        if call_id:
            self.pending[call_id] = len(self.steps) - 1

    def observe(self, call_id: str, obs: Observation, action: Action | None = None) -> list[int]:
        """The result of ``call_id`` (and the action, when the result refines it)."""
        i = self.pending.pop(call_id, None)
        if i is None:
            return []
        step = self.steps[i]
        self.steps[i] = step.replace(observation=obs, action=action or step.action)
        return [i]


def parse_file(path: str) -> Trajectory:
    """Parse a whole transcript (format detected from its content). Raises OSError / ValueError."""
    with open(path, "rb") as fh:
        raw = fh.read()
    head = raw.lstrip()[:1]
    if head == b"{" and (path.endswith((".traj", ".traj.json")) or b"\n{" not in raw.strip()):
        data = json.loads(raw)
        if isinstance(data, dict) and ("trajectory" in data or isinstance(data.get("history"), list)
                                       and "messages" not in data):
            from statewise_cli.transcript.swe import parse_swe_traj

            return parse_swe_traj(data, path)
        from statewise_cli.transcript.swe import is_mini_swe, parse_mini_swe

        if is_mini_swe(data):
            return parse_mini_swe(data, path)
        if isinstance(data, dict) and not ("type" in data or "message" in data):
            # one JSON object of a shape no reader knows: say so, never an empty session
            raise ValueError(f"{path}: a JSON object with keys {', '.join(sorted(map(str, data))[:12]) or '(none)'}: "
                             "not a SWE-agent .traj (`trajectory`/`history`), a mini-swe-agent .traj.json "
                             "(`messages`), a Claude Code or a Codex transcript")
    parser = Parser()
    records = typed = 0
    first: dict[str, Any] | None = None
    for line in raw.split(b"\n"):
        if line.strip():
            try:
                rec = json.loads(line)
            except ValueError:
                continue  # a torn last line or a stray non-JSON line
            if isinstance(rec, dict):
                records += 1
                first = first if first is not None else rec
                typed += "type" in rec  # every Claude Code and Codex record says what it is
                parser.feed(rec)
    if not parser.steps and parser.format is None:
        raise ValueError(f"{path}: not a Claude Code, Codex or SWE-agent transcript")
    if not parser.steps and records and not typed and first is not None:
        # JSON lines of a shape no reader knows (another agent's event log): say so, never an empty session
        raise ValueError(f"{path}: {records} JSON records, none a Claude Code or Codex record (the first has keys "
                         f"{', '.join(sorted(map(str, first))[:12]) or '(none)'})")
    return parser.trajectory(path)


def events(traj: Trajectory) -> list[Event]:
    return [ev for step in traj.steps for ev in step_events(step)]


def read_events(path: str, offset: int = 0, parser: Parser | None = None) -> tuple[list[Event], int]:
    """New evidence events of a JSONL transcript since byte ``offset``, and the offset to resume from.

    Only complete lines are consumed (a torn last line waits for the next call); a missing file gives
    ``([], offset)``. Pass the same ``parser`` between calls so calls can be paired with results that
    arrive later; without one, only steps whose call and result are both after ``offset`` count.
    """
    parser = parser or Parser()
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            data = fh.read()
    except OSError:
        return [], offset
    end = data.rfind(b"\n")
    if end < 0:
        return [], offset
    found: list[Event] = []
    for line in data[:end].split(b"\n"):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            for i in parser.feed(rec):
                found += step_events(parser.steps[i])
    return found, offset + end + 1
