"""The transcript parser: real Claude Code / Codex transcripts, SWE-agent .traj, incremental reading."""

from __future__ import annotations

import json
from pathlib import Path

from statewise_cli import transcript as tr

ROOT = Path(__file__).resolve().parent.parent
CLAUDE = ROOT / "fixtures" / "transcripts" / "claude_session.jsonl"
CODEX = ROOT / "fixtures" / "transcripts" / "codex_rollout.jsonl"
AUDIT = ROOT / "fixtures" / "audit"


def test_real_claude_session_becomes_numbered_steps_with_normalized_actions() -> None:
    traj = tr.parse_file(str(CLAUDE))
    assert traj.format == "claude" and traj.cwd == "/tmp/statewise-e2e-record/claude/repo"
    kinds = [(s.index, s.action.tool, s.action.kind) for s in traj.steps]
    assert kinds == [(1, "Bash", "command"), (2, "Bash", "command"), (3, "Bash", "command"), (4, "Read", "read"),
                     (5, "Grep", "search"), (6, "Glob", "search"), (7, "Write", "edit"), (8, "Edit", "edit"),
                     (9, "message", "finish")]
    failing = traj.steps[1]
    assert failing.action.command == "ls /nonexistent"
    assert failing.observation.exit_code == 2 and failing.observation.is_error and failing.failed
    assert traj.steps[0].observation.exit_code == 0
    edit = traj.steps[7].action.edits[0]
    assert edit.path.endswith("README.md") and edit.ranges == ((3, 3),)  # the changed line, not the context
    assert traj.steps[4].action.pattern == "def "
    assert traj.steps[8].thought == "All done."
    assert traj.task.startswith("Check the repository state")


def test_real_codex_rollout_parses_apply_patch_envelopes_and_exit_codes() -> None:
    traj = tr.parse_file(str(CODEX))
    assert traj.format == "codex" and traj.session_id
    assert [s.action.kind for s in traj.steps] == ["command"] * 3 + ["edit"] * 4 + ["finish"]
    assert traj.steps[1].observation.exit_code == 2 and traj.steps[1].observation.text.startswith("ls: cannot access")
    add, update, move, delete = (traj.steps[i].action.edits[0] for i in range(3, 7))
    assert (add.op, add.path) == ("add", "notes.txt")
    assert (update.op, update.path, update.ranges) == ("update", "src/util.py", ((2, 2),))
    assert (move.path, move.move_to) == ("src/app.py", "src/main_app.py") and set(move.symbols) == {"main", "run"}
    assert (delete.op, delete.path) == ("delete", "docs/old.txt")
    events = tr.events(traj)
    assert [e.kind for e in events] == ["command"] * 3 + ["edit"] * 3  # a deletion is no edit evidence
    assert events[-1].path == "src/main_app.py"


def test_apply_patch_with_several_files_and_hunk_context() -> None:
    edits = tr.codex_action("apply_patch",
        "*** Begin Patch\n*** Add File: a.py\n+def new():\n+    pass\n*** Update File: b.py\n@@ def old(x):\n"
        "-    return x\n+    return -x\n*** Delete File: c.py\n*** End Patch\n").edits
    assert [(e.op, e.path) for e in edits] == [("add", "a.py"), ("update", "b.py"), ("delete", "c.py")]
    assert edits[0].ranges == ((1, 2),) and edits[0].symbols == ("new",)
    assert edits[1].symbols == ("old",)


def test_test_outcomes_of_pytest_unittest_jest_and_go() -> None:
    py = tr.parse_test_outcome("....F\nFAILED tests/test_a.py::test_x - assert 1 == 2\n1 failed, 4 passed in 0.12s\n")
    assert (py.framework, py.failed, py.passed, py.failing) == ("pytest", 1, 4, ("tests/test_a.py::test_x",))
    ut = tr.parse_test_outcome("FAIL: test_y (pkg.tests.TestY.test_y)\n----\nRan 3 tests in 0.001s\n\nFAILED (failures=1)\n")
    assert (ut.framework, ut.failed, ut.passed, ut.failing) == ("unittest", 1, 2, ("pkg.tests.TestY.test_y",))
    jest = tr.parse_test_outcome("  ✕ adds numbers (3 ms)\nTests:       1 failed, 2 passed, 3 total\n")
    assert (jest.framework, jest.failed, jest.passed, jest.failing) == ("jest", 1, 2, ("adds numbers",))
    go = tr.parse_test_outcome("--- FAIL: TestParse (0.00s)\nFAIL\nFAIL\texample.com/p\t0.01s\n")
    assert (go.framework, go.failed, go.failing) == ("go", 1, ("TestParse",))
    assert tr.parse_test_outcome("On branch main\nnothing to commit") is None
    assert tr.parse_test_outcome("===== 3 passed in 0.01s =====").ok


def _bash(command: str) -> tuple[str, str | None, tuple[int, int] | None, str | None]:
    a = tr.claude_action("Bash", {"command": command})
    return a.kind, a.path, a.lines, a.pattern


def test_shell_reads_and_searches_are_classified() -> None:
    assert _bash("sed -n '10,40p' src/app.py") == ("read", "src/app.py", (10, 40), None)
    assert _bash("cat -n shop/pricing.py") == ("read", "shop/pricing.py", None, None)
    assert _bash("rg -n apply_discount shop") == ("search", "shop", None, "apply_discount")
    assert _bash("python3 -m pytest -q")[0] == "command"
    # redirections and their targets are not the file read; composition splits commands
    assert _bash("cat shop/pricing.py 2>/dev/null") == ("read", "shop/pricing.py", None, None)
    assert _bash("cd shop && cat pricing.py > /tmp/copy") == ("read", "pricing.py", None, None)
    assert _bash("(cd shop; grep -n total report.py)") == ("search", "report.py", None, "total")
    assert _bash("cat < shop/pricing.py") == ("read", "shop/pricing.py", None, None)
    assert _bash("sed -n 1,20p < shop/pricing.py") == ("read", "shop/pricing.py", (1, 20), None)


def test_test_outcomes_of_each_runner_pass_the_cheap_screen() -> None:
    outputs = {
        "pytest": "F.\nFAILED tests/test_a.py::test_x - assert 1 == 2\n1 failed, 1 passed in 0.03s\n",
        "unittest": "F\n======\nFAIL: test_x (tests.test_a.T.test_x)\n------\nRan 1 test in 0.001s\n\nFAILED (failures=1)\n",
        "jest": "Tests:       1 failed, 2 passed, 3 total\n",
        "go": "--- FAIL: TestX (0.00s)\nFAIL\nFAIL\texample.com/x\t0.01s\n",
    }
    for framework, text in outputs.items():
        outcome = tr.parse_test_outcome(text)
        assert outcome is not None and outcome.framework == framework and outcome.failed == 1, (framework, outcome)
    assert tr.parse_test_outcome("total 8\ndrwxr-xr-x 2 a a 4096 Nov 30 src\n") is None
    assert tr.parse_test_outcome("Tests:       \u00b2 failed, 3 total\n").failed == 0  # not a digit to \\d


def test_read_events_consumes_only_complete_lines_and_resumes_from_the_offset(tmp_path: Path) -> None:
    lines = CODEX.read_bytes().splitlines(keepends=True)
    path = tmp_path / "rollout.jsonl"
    half = len(lines) // 2
    path.write_bytes(b"".join(lines[:half]) + lines[half][:25])  # torn last line
    parser = tr.Parser()
    first, offset = tr.read_events(str(path), 0, parser)
    assert offset == sum(len(x) for x in lines[:half])
    with path.open("ab") as fh:
        fh.write(lines[half][25:] + b"".join(lines[half + 1:]))
    rest, end = tr.read_events(str(path), offset, parser)
    assert end == path.stat().st_size
    whole = tr.events(tr.parse_file(str(CODEX)))
    assert [(e.kind, e.step, e.path) for e in first + rest] == [(e.kind, e.step, e.path) for e in whole]
    assert tr.read_events(str(path), end, parser) == ([], end)


def test_read_events_tolerates_a_missing_file_and_a_file_without_newline(tmp_path: Path) -> None:
    assert tr.read_events(str(tmp_path / "gone.jsonl"), 7) == ([], 7)
    partial = tmp_path / "p.jsonl"
    partial.write_text('{"type": "user"')
    assert tr.read_events(str(partial), 0) == ([], 0)


def test_ten_thousand_lines_parse_into_five_thousand_events(tmp_path: Path) -> None:
    """Behaviour only: parse time is measured by benchmarks/gate_eval.py (ingestion), not asserted."""
    path = tmp_path / "big.jsonl"
    with path.open("w") as fh:
        for i in range(5000):
            fh.write(json.dumps({"type": "assistant", "message": {"role": "assistant", "content": [
                {"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": f"python3 -m pytest -q -k t{i}"}}]}}) + "\n")
            fh.write(json.dumps({"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"t{i}", "content": "1 failed, 3 passed in 0.1s",
                 "is_error": False}]}}) + "\n")
    events, offset = tr.read_events(str(path), 0)
    assert len(events) == 5000 and events[-1].tests.failed == 1
    assert offset == path.stat().st_size and tr.read_events(str(path), offset)[0] == []
