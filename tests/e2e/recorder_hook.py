#!/usr/bin/env python3
"""A tiny hook for the real agents: record each stdin payload, optionally answer with a canned reply.

    recorder_hook.py OUT.jsonl [REPLY_DIR]

Appends one line per invocation to OUT.jsonl:
``{"payload": <stdin JSON>, "cwd": <hook cwd>, "env": {<agent-specific variables>}}``.
With REPLY_DIR, the reply for event ``E`` (``payload["hook_event_name"]``) is read from
``REPLY_DIR/E.stdout`` (printed verbatim), ``REPLY_DIR/E.stderr`` and ``REPLY_DIR/E.exit``
(an integer, default 0); an ``E__TOOL.*`` file (e.g. ``PreToolUse__Bash.stdout``) takes precedence.
Without a reply file it prints nothing and exits 0; it never replies to a Stop payload whose
``stop_hook_active`` is true (so a blocking Stop reply cannot loop forever). Stdlib only; never fails on bad input.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

_ENV_KEYS = ("PATH", "CLAUDE_PROJECT_DIR", "CLAUDE_CODE_SESSION_ID", "CLAUDECODE", "CLAUDE_ENV_FILE", "CODEX_HOME")


def _reply(reply_dir: Path, event: str, tool: str) -> tuple[str, str, int]:
    def read(suffix: str) -> str | None:
        for stem in ([f"{event}__{tool}"] if tool else []) + [event]:
            f = reply_dir / f"{stem}.{suffix}"
            if f.exists():
                return f.read_text()
        return None

    code = read("exit")
    return read("stdout") or "", read("stderr") or "", int(code.strip()) if code else 0


def main(argv: list[str]) -> int:
    raw = sys.stdin.read()
    try:
        payload = json.loads(raw)
    except ValueError:
        payload = {"_unparsed_stdin": raw}
    record = {
        "payload": payload,
        "cwd": os.getcwd(),
        "env": {k: os.environ[k] for k in _ENV_KEYS if k in os.environ},
    }
    with open(argv[1], "a", encoding="utf-8") as out:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    # A Stop hook that blocks while the agent already continues because of it would loop forever.
    if len(argv) > 2 and isinstance(payload, dict) and not payload.get("stop_hook_active"):
        stdout, stderr, code = _reply(
            Path(argv[2]), str(payload.get("hook_event_name", "")), str(payload.get("tool_name", ""))
        )
        sys.stdout.write(stdout)
        sys.stderr.write(stderr)
        return code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
