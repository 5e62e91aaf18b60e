"""One module per agent protocol: ``parse(payload) -> HookRequest``, ``render(Decision) -> (stdout, stderr, exit)``."""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

if TYPE_CHECKING:
    from typing import Any

AGENTS = ("claude", "codex")


def detect(payload: dict[str, Any]) -> str:
    """Codex payloads carry ``model`` (and ``turn_id``, except on SessionStart); Claude Code's carry neither."""
    return "codex" if "model" in payload or "turn_id" in payload else "claude"


def adapter(agent: str) -> Any:
    if agent == "codex":
        from statewise_cli.agents import codex

        return codex
    from statewise_cli.agents import claude

    return claude
