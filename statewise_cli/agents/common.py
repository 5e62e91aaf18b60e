"""Payload reading shared by the adapters: strict about types, tolerant about extras."""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

if TYPE_CHECKING:
    from typing import Any

from statewise_cli.agents.protocol import canonical_event
from statewise_cli.errors import PayloadError


def text_field(payload: dict[str, Any], name: str, *, required: bool = False) -> str | None:
    value = payload.get(name)
    if value is None:
        if required:
            raise PayloadError(f"payload has no {name!r}")
        return None
    if not isinstance(value, str):
        raise PayloadError(f"payload field {name!r} must be a string, not {type(value).__name__}")
    return value


def event_of(payload: dict[str, Any]) -> str:
    name = payload.get("hook_event_name")
    event = canonical_event(name)
    if event is None:
        if not isinstance(name, str) or not name:
            raise PayloadError("payload has no hook_event_name")
        return name  # unknown event: passed through, answered with no objection
    return event


def tool_input_of(payload: dict[str, Any]) -> dict[str, Any]:
    value = payload.get("tool_input", {})
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise PayloadError(f"tool_input must be an object, not {type(value).__name__}")
    return value
