"""Agent transcripts (Claude Code JSONL, Codex rollout, SWE-agent .traj) as numbered steps.

The public surface: :func:`parse_file` (a whole transcript → :class:`Trajectory`), :class:`Parser` and
:func:`read_events` (incremental reading), :func:`step_events` / :func:`events` (the gate's evidence),
:func:`parse_test_outcome`, the per-agent call builders and the model classes. What a tool call does
is decided by :mod:`statewise_cli.actions.normalize`.

Modules: ``model`` (the classes), ``claude`` / ``codex`` / ``swe`` (the three formats), ``outcomes``
(test-runner output), ``steps`` (call → step action → evidence), ``stream`` (reading files).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from statewise_cli.transcript.claude import claude_action
    from statewise_cli.transcript.codex import codex_action, shorten_output
    from statewise_cli.transcript.model import (
        CLAUDE,
        CODEX,
        SWE_AGENT,
        Action,
        Edit,
        Event,
        Observation,
        Step,
        TestOutcome,
        Trajectory,
    )
    from statewise_cli.transcript.outcomes import parse_test_outcome
    from statewise_cli.transcript.steps import step_events
    from statewise_cli.transcript.stream import Parser, events, parse_file, read_events

# The hook's PostToolUse path needs two of these modules: each name is imported from its module on
# first use (PEP 562), so `import statewise_cli.transcript` loads none of them.
_HOME = {
    "claude_action": "claude", "codex_action": "codex", "shorten_output": "codex", "parse_test_outcome": "outcomes",
    "step_events": "steps", "Parser": "stream", "events": "stream", "parse_file": "stream", "read_events": "stream",
    **dict.fromkeys(("CLAUDE", "CODEX", "SWE_AGENT", "Action", "Edit", "Event", "Observation", "Step", "TestOutcome",
                     "Trajectory"), "model"),
}


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import sys

    __import__(f"{__name__}.{module}")
    value = getattr(sys.modules[f"{__name__}.{module}"], name)
    globals()[name] = value
    return value


__all__ = [
    "CLAUDE", "CODEX", "SWE_AGENT", "Action", "Edit", "Event", "Observation", "Parser", "Step", "TestOutcome",
    "Trajectory", "claude_action", "codex_action", "events", "parse_file", "parse_test_outcome", "read_events",
    "shorten_output", "step_events",
]
