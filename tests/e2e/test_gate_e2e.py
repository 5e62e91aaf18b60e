"""The evidence gate in enforce mode in front of the real Claude Code and Codex binaries.

A bug-fix task names ``add`` in src/util.py; ``tests/test_util.py`` fails on the bug. The scripted model
edits before reproducing anything: the edit is held and the hold reason reaches the model in its next
request; it then runs the failing tests, proposes the same edit again and it goes through. Submitting
before the tests ran after that edit is held as well: Claude's Stop is blocked (the reason reaches the
model, which runs the tests and stops again), and with ``stop_hook_active`` the Stop is never blocked a
second time; Codex's ``git commit`` is denied until the tests ran.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
from model_server import ModelServer, Text, ToolCall, apply_patch, bash
from scenarios import git
from test_statewise_e2e import install, run_agent, setup  # noqa: F401 - the shared fixture

TASK = "test_add fails: `add` in src/util.py is wrong. Fix the bug."
TEST = "from src.util import add\n\n\ndef test_add():\n    assert add(2, 3) == 6\n"
# The venv's interpreter by absolute path: Codex runs commands in a login shell with its own PATH.
TESTS = f"{sys.executable} -m pytest -q -p no:cacheprovider tests"
HELD = "statewise is holding"
# The agent's isolated HOME has no git identity: the commit names one itself.
COMMIT = "git -c user.name=E2E -c user.email=e2e@example.invalid commit -qam 'Fix add'"


@pytest.fixture
def gated(setup: dict[str, object]) -> dict[str, object]:  # noqa: F811
    repo: Path = setup["repo"]  # type: ignore[assignment]
    (repo / "tests").mkdir()
    (repo / "tests" / "test_util.py").write_text(TEST)
    (repo / ".statewise.toml").write_text('[gate]\nmode = "enforce"\n')
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "tests")
    return setup


def holds(repo: Path) -> dict[str, tuple[int, int]]:
    db = sqlite3.connect(repo / ".git" / "statewise" / "store.db")
    try:
        return {t: (h, f) for t, h, f in db.execute("SELECT target, holds, fallback FROM gate_holds")}
    finally:
        db.close()


def _edit_claude(repo: Path, cid: str) -> ToolCall:
    return ToolCall("Edit", {"file_path": str(repo / "src" / "util.py"), "old_string": "return a + b",
                             "new_string": "return a + b + 1", "replace_all": False}, cid)


PATCH = "*** Begin Patch\n*** Update File: src/util.py\n@@\n def add(a, b):\n-    return a + b\n+    return a + b + 1\n*** End Patch\n"


@pytest.mark.e2e
def test_claude_premature_edit_is_held_then_goes_through_and_stop_waits_for_tests(gated: dict[str, object]) -> None:
    repo: Path = gated["repo"]  # type: ignore[assignment]
    install("claude", gated)
    script = [
        ToolCall("Read", {"file_path": str(repo / "src" / "util.py")}, "toolu_g1"),
        _edit_claude(repo, "toolu_g2"),                 # no reproduction yet: held
        bash(TESTS, call_id="toolu_g3"),                # the failing test
        _edit_claude(repo, "toolu_g4"),                 # now supported
        Text("Fixed."),                                 # Stop: no tests after the edit -> blocked
        bash(TESTS, call_id="toolu_g5"),
        Text("Fixed and tested."),
    ]
    with ModelServer(script) as server:
        run_agent("claude", gated, server, TASK)
        held = server.tool_result("toolu_g2") or ""
        after_fix = server.tool_result("toolu_g4") or ""
        bodies = [r.body for r in server.conversation_requests]
        exhausted = server.exhausted
    assert HELD in held and "reproduce the failure" in held
    assert HELD not in after_fix
    assert "return a + b + 1" in (repo / "src" / "util.py").read_text()
    import json
    stop_feedback = [i for i, b in enumerate(bodies) if "run the relevant tests after the last edit" in json.dumps(b)]
    assert stop_feedback, "the Stop hook's reason never reached the model"
    assert exhausted
    assert holds(repo)["src/util.py"] == (1, 0) and holds(repo)["submit"][1] == 0


@pytest.mark.e2e
def test_claude_stop_hook_active_never_loops(gated: dict[str, object]) -> None:
    repo: Path = gated["repo"]  # type: ignore[assignment]
    install("claude", gated)
    script = [
        ToolCall("Read", {"file_path": str(repo / "src" / "util.py")}, "toolu_h1"),
        bash(TESTS, call_id="toolu_h2"),
        _edit_claude(repo, "toolu_h3"),
        Text("Fixed."),               # blocked once
        Text("Really fixed."),        # stop_hook_active: let it stop
    ]
    with ModelServer(script) as server:
        run = run_agent("claude", gated, server, TASK)
        n = len(server.conversation_requests)
    assert run.returncode == 0 and n == 5
    assert holds(repo)["submit"][0] >= 1


@pytest.mark.e2e
def test_codex_premature_patch_and_commit_are_held_until_evidence(gated: dict[str, object]) -> None:
    repo: Path = gated["repo"]  # type: ignore[assignment]
    install("codex", gated)
    script = [
        apply_patch(PATCH, call_id="call_g1"),          # nothing read, nothing reproduced: held
        bash("cat -n src/util.py", call_id="call_g2"),
        bash(TESTS, call_id="call_g3"),
        apply_patch(PATCH, call_id="call_g4"),          # supported now
        bash(COMMIT, call_id="call_g5"),   # no tests after the edit: held
        bash(TESTS, call_id="call_g6"),
        bash(COMMIT, call_id="call_g7"),
        Text("Committed."),
    ]
    before = git(repo, "rev-parse", "HEAD").strip()
    with ModelServer(script) as server:
        run_agent("codex", gated, server, TASK)
        r1, r4, r5, r7 = (server.tool_result(c) or "" for c in ("call_g1", "call_g4", "call_g5", "call_g7"))
        r3 = server.tool_result("call_g3") or ""
    assert HELD in r1 and "src/util.py" in r1
    assert HELD not in r4, f"the reproduction did not count; its output was: {r3[:900]!r}"
    assert HELD in r5 and "submission" in r5
    assert HELD not in r7
    assert "return a + b + 1" in (repo / "src" / "util.py").read_text()
    log = git(repo, "log", "--format=%s", f"{before}..HEAD").split("\n")
    assert log[0] == "Fix add" and len([x for x in log if x]) == 1
