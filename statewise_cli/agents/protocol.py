"""The agent-neutral hook request and decision every agent adapter maps to and from."""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.fast.struct import Struct, field

if TYPE_CHECKING:
    from typing import Any

EVENTS = ("PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart", "Stop")
_SNAKE = {
    "pre_tool_use": "PreToolUse",
    "post_tool_use": "PostToolUse",
    "post_tool_use_failure": "PostToolUseFailure",
    "user_prompt_submit": "UserPromptSubmit",
    "session_start": "SessionStart",
    "stop": "Stop",
}


def canonical_event(name: Any) -> str | None:
    if not isinstance(name, str):
        return None
    if name in EVENTS:
        return name
    return _SNAKE.get(name.lower())


class HookRequest(Struct):
    agent: str  # claude | codex
    event: str  # one of EVENTS, or the unknown name as sent
    cwd: str
    session_id: str | None = None
    turn_id: str | None = None
    tool_use_id: str | None = None
    tool_name: str | None = None
    tool_input: dict[str, Any] = field(default_factory=dict)
    tool_response: Any = None
    exit_code: int | None = None
    error: str | None = None
    prompt: str | None = None
    source: str | None = None  # SessionStart: startup | resume | clear | compact
    stop_hook_active: bool = False
    transcript_path: str | None = None
    model: str | None = None

    @property
    def command(self) -> str | None:
        value = self.tool_input.get("command") if self.tool_name == "Bash" else None
        return value if isinstance(value, str) else None


class Decision(Struct):
    """What the hook answers. ``kind``: allow (no objection) | deny | ask | block (Stop/PostToolUse)."""

    event: str
    kind: str = "allow"
    reason: str | None = None
    context: str | None = None  # additionalContext for the model
    warning: str | None = None  # systemMessage for the user
    records: tuple[str, ...] = ()  # ids of the records consulted
    action: tuple[dict[str, Any], ...] = ()  # normalized actions, for the decision log
    attribution: tuple[dict[str, Any], ...] = ()  # candidates with their link and counterfactual evidence

    def with_warning(self, text: str) -> Decision:
        return self.replace(warning=f"{self.warning}\n{text}" if self.warning else text)
