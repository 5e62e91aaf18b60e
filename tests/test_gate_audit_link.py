"""An edit the gate only advised on (or let through as a fallback) is kept with its gap, for the audit."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from swtest import git, hook, payload, reply, store_path


def _decisions(repo: Path) -> list[dict[str, object]]:
    from statewise_cli.store.db import Store

    Store.open(str(store_path(repo))).close()  # folds the fast path's ledger, as every command does
    conn = sqlite3.connect(store_path(repo))
    conn.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in conn.execute("SELECT * FROM decisions WHERE event = 'PreToolUse' ORDER BY at")]
    finally:
        conn.close()


def test_an_advised_edit_keeps_its_open_gap_with_the_decision(git_repo: Path) -> None:
    (git_repo / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    git(git_repo, "add", "calc.py")
    git(git_repo, "commit", "-qm", "calc")
    prompt = payload("claude", "UserPromptSubmit", git_repo, prompt="add in calc.py is wrong: test_add fails. Fix the bug.")
    reply(hook(prompt, git_repo))
    edit = payload("claude", "PreToolUse", git_repo, tool="Edit",
                   tool_input={"file_path": str(git_repo / "calc.py"), "old_string": "a - b", "new_string": "a + b"})
    out = reply(hook(edit, git_repo))
    assert out is not None and "reproduce the failure" in out["hookSpecificOutput"]["additionalContext"]
    assert "permissionDecision" not in out["hookSpecificOutput"]  # advise mode never holds
    [row] = [d for d in _decisions(git_repo) if d["tool_name"] == "Edit"]
    assert str(row["reason"]).startswith("evidence gap (advised):") and "reproduce-failure" in str(row["reason"])
    assert json.loads(str(row["action"]))[0]["operation"] == "edit"
