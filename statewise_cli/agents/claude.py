"""Claude Code's hook protocol (observed on 2.1.328; see fixtures/payloads/claude)."""

from __future__ import annotations

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.agents.protocol import HookRequest

if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.agents.protocol import Decision
from statewise_cli.agents.common import event_of, text_field, tool_input_of


def parse(payload: dict[str, Any]) -> HookRequest:
    event = event_of(payload)
    error = text_field(payload, "error")
    exit_code = None
    response = payload.get("tool_response")
    if event == "PostToolUseFailure" and error:
        exit_code = _exit_code(error)
    elif event == "PostToolUse" and payload.get("tool_name") == "Bash":
        exit_code = 0  # a Bash call that exits non-zero fires PostToolUseFailure instead
    return HookRequest(
        agent="claude",
        event=event,
        cwd=text_field(payload, "cwd", required=True) or ".",
        session_id=text_field(payload, "session_id"),
        tool_use_id=text_field(payload, "tool_use_id"),
        tool_name=text_field(payload, "tool_name"),
        tool_input=tool_input_of(payload),
        tool_response=response,
        exit_code=exit_code,
        error=error,
        prompt=text_field(payload, "prompt"),
        source=text_field(payload, "source"),
        stop_hook_active=bool(payload.get("stop_hook_active")),
        transcript_path=text_field(payload, "transcript_path"),
    )


def _exit_code(error: str) -> int:
    """``Exit code 2\n…`` → 2; a failure without a number counts as 1."""
    words = error.split(None, 3)
    if len(words) >= 3 and words[0] == "Exit" and words[1] == "code" and words[2].lstrip("-").isdigit():
        return int(words[2])
    return 1


def output_text(response: Any) -> str:
    """The text a tool call produced, as one string."""
    if isinstance(response, dict):
        parts = [response.get(k) for k in ("stdout", "stderr", "content", "output")]
        return "\n".join(p for p in parts if isinstance(p, str) and p)
    if isinstance(response, str):
        return response
    return json.dumps(response) if response is not None else ""


def render(decision: Decision) -> tuple[str, str, int]:
    out: dict[str, Any] = {}
    specific: dict[str, Any] = {"hookEventName": decision.event}
    if decision.event == "PreToolUse" and decision.kind in ("deny", "ask"):
        specific["permissionDecision"] = decision.kind
        specific["permissionDecisionReason"] = decision.reason or "blocked by statewise"
    elif decision.kind == "block" and decision.event in ("Stop", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit"):
        out["decision"] = "block"
        out["reason"] = decision.reason or "blocked by statewise"
    if decision.context and decision.event != "Stop":
        specific["additionalContext"] = decision.context
    if len(specific) > 1:
        out["hookSpecificOutput"] = specific
    if decision.warning:
        out["systemMessage"] = decision.warning
    return (json.dumps(out) if out else ""), "", 0
