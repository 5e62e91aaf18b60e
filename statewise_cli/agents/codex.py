"""Codex CLI's hook protocol (observed on 0.169; see fixtures/payloads/codex).

Codex is strict where Claude Code is lenient: a deny needs a non-empty reason,
``ask`` and a bare ``allow`` are unsupported (the tool simply runs), and unknown
output fields make the hook fail. So "allow" is rendered as no output at all and a
clarification is a deny whose reason asks the question.
"""

from __future__ import annotations

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.agents.protocol import HookRequest

if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.agents.protocol import Decision
from statewise_cli.agents.common import event_of, text_field, tool_input_of


def _tool_name(payload: dict[str, Any]) -> str | None:
    name = text_field(payload, "tool_name")
    if name in ("exec_command", "shell", "local_shell", "container.exec"):
        return "Bash"
    return name


def _tool_input(payload: dict[str, Any], tool_name: str | None) -> dict[str, Any]:
    data = dict(tool_input_of(payload))
    if tool_name == "Bash" and "command" not in data and isinstance(data.get("cmd"), str):
        data["command"] = data["cmd"]
    if isinstance(data.get("command"), list):  # argv form: ["bash", "-lc", "…"]
        data["command"] = " ".join(json.dumps(a) if " " in a else a for a in data["command"])
    return data


def parse(payload: dict[str, Any]) -> HookRequest:
    event = event_of(payload)
    tool_name = _tool_name(payload)
    response = payload.get("tool_response")
    exit_code = None
    if event in ("PostToolUse", "PostToolUseFailure") and isinstance(response, str):
        exit_code = _exit_code(response[:400])
    elif isinstance(response, dict) and isinstance(response.get("exit_code"), int):
        exit_code = response["exit_code"]
    return HookRequest(
        agent="codex",
        event=event,
        cwd=text_field(payload, "cwd", required=True) or ".",
        session_id=text_field(payload, "session_id"),
        turn_id=text_field(payload, "turn_id"),
        tool_use_id=text_field(payload, "tool_use_id"),
        tool_name=tool_name,
        tool_input=_tool_input(payload, tool_name),
        tool_response=response,
        exit_code=exit_code,
        prompt=text_field(payload, "prompt"),
        source=text_field(payload, "source"),
        stop_hook_active=bool(payload.get("stop_hook_active")),
        transcript_path=text_field(payload, "transcript_path"),
        model=text_field(payload, "model"),
    )


def _exit_code(text: str) -> int | None:
    """Codex reports an exit code only in some outputs (apply_patch, unified exec)."""
    for marker in ("Process exited with code ", "Exit code: ", "Exit code "):
        at = text.find(marker)
        if at != -1:
            number = text[at + len(marker) :].split(None, 1)[0] if text[at + len(marker) :].strip() else ""
            if number.lstrip("-").isdigit():
                return int(number)
    return None


def output_text(response: Any) -> str:
    if isinstance(response, str):
        return response
    if isinstance(response, dict):
        for key in ("output", "aggregated_output", "stdout"):
            if isinstance(response.get(key), str):
                return str(response[key])
    return json.dumps(response) if response is not None else ""


def render(decision: Decision) -> tuple[str, str, int]:
    out: dict[str, Any] = {}
    specific: dict[str, Any] = {"hookEventName": decision.event}
    if decision.event == "PreToolUse" and decision.kind in ("deny", "ask"):
        specific["permissionDecision"] = "deny"
        specific["permissionDecisionReason"] = (decision.reason or "").strip() or "blocked by statewise"
    elif decision.kind == "block" and decision.event in ("Stop", "PostToolUse", "UserPromptSubmit"):
        out["decision"] = "block"
        out["reason"] = (decision.reason or "").strip() or "blocked by statewise"
    if decision.context and decision.event in ("SessionStart", "UserPromptSubmit", "PostToolUse", "PreToolUse"):
        specific["additionalContext"] = decision.context
    if len(specific) > 1:
        out["hookSpecificOutput"] = specific
    if decision.warning:
        out["systemMessage"] = decision.warning
    return (json.dumps(out) if out else ""), "", 0
