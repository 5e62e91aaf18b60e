"""UserPromptSubmit starts `statewise index` detached, so callers are known by the first edit."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

STATEWISE = os.path.join(os.path.dirname(sys.executable), "statewise")


def test_prompt_submit_indexes_the_repository_in_the_background(git_repo: Path, monkeypatch) -> None:
    monkeypatch.setenv("STATEWISE_BACKGROUND_INDEX", "1")
    (git_repo / "pkg").mkdir()
    (git_repo / "pkg" / "core.py").write_text("def total(xs):\n    return sum(xs)\n")
    (git_repo / "pkg" / "use.py").write_text("from pkg.core import total\n\n\ndef report(xs):\n    return total(xs)\n")
    subprocess.run(["git", "add", "-A"], cwd=git_repo, check=True)
    payload = {"session_id": "s-bg", "transcript_path": None, "cwd": str(git_repo), "prompt_id": "p",
               "permission_mode": "default", "hook_event_name": "UserPromptSubmit", "prompt": "Fix total in pkg/core.py"}
    start = time.monotonic()
    proc = subprocess.run([STATEWISE, "hook"], input=json.dumps(payload), capture_output=True, text=True, cwd=git_repo, check=False)
    answered = time.monotonic() - start
    assert proc.returncode == 0
    db = git_repo / ".git" / "statewise" / "store.db"
    callers: list[tuple[str, str]] = []
    for _ in range(100):  # the detached index finishes on its own
        conn = sqlite3.connect(db)
        try:
            callers = conn.execute("SELECT path, caller FROM index_calls WHERE callee = 'total'").fetchall()
        finally:
            conn.close()
        if callers:
            break
        time.sleep(0.1)
    assert ("pkg/use.py", "report") in callers
    assert answered < 5, "the hook must not wait for the index"
