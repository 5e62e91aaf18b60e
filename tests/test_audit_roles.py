"""``statewise audit`` on invented trajectories, one test per class: mini-swe-agent 2.x tool calling, SWE-agent
multi-role sessions (role hand-overs, editor-written reproduction scripts, linter-rejected first attempts), a fix
taken out of the submitted diff by the agent's own commit or stash, an environment error worked around, a turn to
the wrong file that committed to nothing yet, and the evaluation's first-edit baseline."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

ROOT = Path(__file__).resolve().parents[1]
SUBMIT = "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"


def obs(output: str, rc: int = 0) -> str:
    return f"<returncode>{rc}</returncode>\n<output>\n{output}</output>"


def report(*failing: str) -> str:
    lines = ["# SWE-bench report", f"## FAIL_TO_PASS failing ({len(failing)})", *(f"FAILED {t}" for t in failing),
             "## FAIL_TO_PASS passing (0)", "", "## PASS_TO_PASS failing (0)", "## PASS_TO_PASS passing (12)"]
    return "\n".join(lines) + "\n"


def diff(*paths: str) -> str:
    return "".join(f"diff --git a/{p} b/{p}\n--- a/{p}\n+++ b/{p}\n@@ -1 +1 @@\n-x\n+y\n" for p in paths)


def tool_traj(tmp_path: Path, commands: list[tuple[str, str]], submission: str, *, no_call_after: int = -1) -> Path:
    """A mini-swe-agent 2.x tool-calling trajectory: each turn is an assistant message with one ``bash`` tool
    call (content null), its observation a ``tool`` message; the run ends with an ``exit`` message holding the
    diff. After turn ``no_call_after`` the harness's "No tool calls found" user message is inserted."""
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a helpful assistant."},
                                      {"role": "user", "content": "<pr_description>Fix shop.total.</pr_description>"}]
    for i, (command, seen) in enumerate(commands):
        cid = f"call_{i}"
        messages.append({"role": "assistant", "content": None, "tool_calls": [
            {"id": cid, "type": "function", "function": {"name": "bash", "arguments": json.dumps({"command": command})}}]})
        messages.append({"role": "tool", "tool_call_id": cid, "content": seen})
        if i == no_call_after:
            messages.append({"role": "user", "content": "No tool calls found in the response. Every response MUST "
                                                        "include at least one tool call."})
    messages.append({"role": "exit", "content": submission})
    data = {"trajectory_format": "mini-swe-agent-1.1", "instance_id": "x",
            "info": {"config": {"environment": {"cwd": "/testbed"}}}, "messages": messages}
    path = tmp_path / "x.traj.json"
    path.write_text(json.dumps(data))
    return path


def swe_traj(tmp_path: Path, entries: list[tuple[str, str]], submission: str) -> Path:
    """An SWE-agent ``.traj`` whose prompts state the working directory, as SWE-agent's do."""
    history = [{"role": "system", "content": "SETTING: a special interface."},
               {"role": "user", "content": "ISSUE:\nFix shop.total.\n(Open file: n/a)\n(Current directory: /shop__shop)\nbash-$"}]
    data = {"environment": "swe_main", "history": history, "info": {"submission": submission, "exit_status": "submitted"},
            "trajectory": [{"action": a, "observation": o, "thought": "", "response": ""} for a, o in entries]}
    path = tmp_path / "x.traj"
    path.write_text(json.dumps(data))
    return path


EDIT_TOTAL = ("python - <<'PY'\nfrom pathlib import Path\np = Path('shop/cart.py')\ns = p.read_text()\n"
              "s = s.replace('return sum(prices)', 'return round(sum(prices), 2)')\np.write_text(s)\nPY")
FAILED_TOTAL = "tests.test_cart.CartTests.test_total"


# ------------------------------------------------------------------ mini-swe-agent 2.x tool calling
def test_tool_calling_turns_are_steps_with_their_commands_and_tool_observations(tmp_path: Path) -> None:
    path = tool_traj(tmp_path, [("grep -rn 'def total' shop", obs("shop/cart.py:3:def total(prices):")),
                                ("nl -ba shop/cart.py", obs("     1\tdef total(prices):")),
                                (EDIT_TOTAL, obs("")),
                                (SUBMIT, obs(diff("shop/cart.py")))], diff("shop/cart.py"), no_call_after=0)
    traj = transcript.parse_file(str(path))
    assert len(traj.steps) == 4  # the harness's "No tool calls found" message is no step
    assert [s.action.kind for s in traj.steps] == ["search", "read", "edit", "submit"]
    assert traj.steps[0].observation is not None and "shop/cart.py:3" in traj.steps[0].observation.text
    assert traj.steps[2].action.edits[0].path == "shop/cart.py"
    assert traj.submission is not None and "diff --git a/shop/cart.py" in traj.submission


# ------------------------------------------------------------------ a fix taken out of the submitted diff
def test_a_commit_that_takes_the_fix_out_of_the_submitted_diff_is_decisive(tmp_path: Path) -> None:
    path = tool_traj(tmp_path, [("nl -ba shop/cart.py", obs("     1\tdef total(prices):")),
                                (EDIT_TOTAL, obs("")),
                                ("git add -A && git commit -m 'round totals'", obs("[main 1a2b3c] round totals\n 1 file changed")),
                                ("cat > notes_debug.txt <<'EOF'\nchecked\nEOF", obs("")),
                                (SUBMIT, obs(diff("notes_debug.txt")))], diff("notes_debug.txt"))
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=report(FAILED_TOTAL))
    assert diag.chosen is not None
    assert (diag.chosen.step, diag.chosen.cause, diag.chosen.phase) == (3, "work_dropped", "environment")
    assert all(c.step >= 3 for c in diag.candidates)  # the edit before it never reached the tests


def test_a_commit_of_nothing_or_a_submitted_fix_is_no_dropped_work(tmp_path: Path) -> None:
    nothing = tool_traj(tmp_path, [(EDIT_TOTAL, obs("")),
                                   ("git commit -m wip", obs("nothing added to commit but untracked files present", 1)),
                                   (SUBMIT, obs(""))], "")
    assert audit.work_dropped(transcript.parse_file(str(nothing))) is None
    kept = tool_traj(tmp_path, [(EDIT_TOTAL, obs("")), ("git stash", obs("Saved working directory")),
                                ("git stash pop", obs("On branch main")), (SUBMIT, obs(diff("shop/cart.py")))],
                     diff("shop/cart.py"))
    assert audit.work_dropped(transcript.parse_file(str(kept))) is None


def test_a_stash_never_popped_drops_the_work(tmp_path: Path) -> None:
    path = tool_traj(tmp_path, [(EDIT_TOTAL, obs("")), ("git stash", obs("Saved working directory and index state")),
                                (SUBMIT, obs(""))], "")
    dropped = audit.work_dropped(transcript.parse_file(str(path)))
    assert dropped is not None and dropped.step == 2 and "git stash" in dropped.reason


# ------------------------------------------------------------------ an environment error worked around
def test_a_missing_test_runner_worked_around_is_not_the_decisive_step(tmp_path: Path) -> None:
    first_fix = EDIT_TOTAL
    bent = EDIT_TOTAL.replace("round(sum(prices), 2)", "sum(prices)")
    path = tool_traj(tmp_path, [("nl -ba shop/cart.py", obs("     1\tdef total(prices):")),
                                (first_fix, obs("")),
                                ("pytest -q tests/test_cart.py", obs("bash: line 1: pytest: command not found", 127)),
                                ("python -c 'import shop.cart as c; print(c.total([0.1, 0.2]))'", obs("0.3")),
                                (bent, obs("")),
                                (SUBMIT, obs(diff("shop/cart.py")))], diff("shop/cart.py"))
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=report(FAILED_TOTAL))
    assert diag.chosen is not None and diag.chosen.cause != "environment_error"
    env = [c for c in [diag.chosen, *diag.candidates] if c.cause == "environment_error"]
    assert env and env[0].score < 0.5


def test_a_missing_test_runner_never_worked_around_stays_decisive(tmp_path: Path) -> None:
    path = tool_traj(tmp_path, [("nl -ba shop/cart.py", obs("     1\tdef total(prices):")),
                                ("python -m nose tests", obs("/usr/bin/python: No module named nose", 1)),
                                ("pip install --no-index nose", obs("ERROR: Could not find a version that satisfies nose", 1)),
                                ("sed -i 's/sum(prices)/round(sum(prices), 2)/' shop/cart.py", obs("")),
                                (SUBMIT, obs(diff("shop/cart.py")))], diff("shop/cart.py"))
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=report(FAILED_TOTAL))
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (2, "environment_error")


# ------------------------------------------------------------------ SWE-agent multi-role sessions
PLAN = ('plan\n{\n  "entry": "Reproducer",\n  "roles": [{"name": "Reproducer"}, {"name": "Programmer"}]\n}\nend_of_plan')
PLAN_SEEN = ("Reproducer: the issue is reproduced.\nProgrammer: Since we cannot execute the full testing process "
             "here, we will stop at this point.")


def test_role_hand_overs_run_nothing_and_reproduction_scripts_are_scratch(tmp_path: Path) -> None:
    path = swe_traj(tmp_path, [(PLAN, PLAN_SEEN),
                               ("create reproduce.py", "[File: /shop__shop/reproduce.py (1 lines total)]"),
                               ("edit 1:1\nfrom shop.cart import total\nprint(total([0.1, 0.2]))\nend_of_edit",
                                "[File: /shop__shop/reproduce.py (2 lines total)]\nFile updated."),
                               ("python reproduce.py", "0.30000000000000004"),
                               ("succeed", "The Reproducer succeeded."),
                               ("rover_search_method /shop__shop total", "Found 1 method: shop/cart.py total"),
                               ("open shop/cart.py", "[File: /shop__shop/shop/cart.py (3 lines total)]\n1:def total(prices):"),
                               ("edit 2:2\n    return sum(prices) + 0\nend_of_edit", "File updated."),
                               ("submit", diff("shop/cart.py"))], diff("shop/cart.py"))
    traj = transcript.parse_file(str(path))
    assert traj.cwd == "/shop__shop"
    kinds = [(s.action.kind, s.action.role) for s in traj.steps]
    assert kinds[0] == ("other", None) and kinds[4] == ("other", None)  # plan, succeed
    assert kinds[1] == ("edit", "script") and kinds[2] == ("edit", "script")  # the reproduction script
    assert kinds[5][0] == "search"
    diag = audit.diagnose(traj, tests_text=report(FAILED_TOTAL))
    assert diag.chosen is not None
    assert diag.chosen.step == 8 and all(c.cause != "environment_error" for c in [diag.chosen, *diag.candidates])


def test_an_edit_the_linter_rejected_then_written_again_is_decided_at_the_first_attempt(tmp_path: Path) -> None:
    body = "    return round(sum(prices), 2) if prices else Decimal('0.00')\n"
    path = swe_traj(tmp_path, [("open shop/cart.py", "[File: /shop__shop/shop/cart.py (3 lines total)]\n1:def total(prices):"),
                               (f"edit 2:2\n{body}end_of_edit",
                                ("Your proposed edit has introduced new syntax error(s). Please read this error message "
                                 "carefully and then retry editing the file.\nERRORS:\n- F821 undefined name 'Decimal'")),
                               (f"edit 1:2\nfrom decimal import Decimal\ndef total(prices):\n{body}end_of_edit",
                                "File updated."),
                               ("submit", diff("shop/cart.py"))], diff("shop/cart.py"))
    traj = transcript.parse_file(str(path))
    assert traj.steps[1].observation is not None and traj.steps[1].observation.is_error
    found = audit.changes(traj)[0]
    assert any(c.step == 2 and c.applied == 3 for c in found)


# ------------------------------------------------------------------ a turn that committed to nothing yet
def test_reading_the_wrong_file_first_then_exploring_elsewhere_is_not_the_commitment(tmp_path: Path) -> None:
    traceback = ('Traceback (most recent call last):\n  File "/testbed/shop/ledger.py", line 9, in post\n'
                 '    raise ValueError("unbalanced")\nValueError: unbalanced\n')
    path = tool_traj(tmp_path, [("nl -ba shop/cart.py", obs("     1\tdef total(prices):")),
                                ("nl -ba shop/prices.py", obs("     1\tdef price(item):")),
                                ("nl -ba shop/orders.py", obs("     1\tdef order(items):")),
                                ("nl -ba shop/cart.py", obs("     1\tdef total(prices):")),
                                (EDIT_TOTAL, obs("")),
                                (SUBMIT, obs(diff("shop/cart.py")))], diff("shop/cart.py"))
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=report(FAILED_TOTAL) + traceback)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.phase) == (5, "localization")


# ------------------------------------------------------------------ the evaluation's first-edit baseline
def _audit_eval() -> Any:
    spec = importlib.util.spec_from_file_location("audit_eval_under_test", ROOT / "benchmarks" / "audit_eval.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_first_edit_baseline_skips_new_reproduction_files_and_counts_source_edits(tmp_path: Path) -> None:
    ev = _audit_eval()
    path = tool_traj(tmp_path, [("mkdir -p repro_app && cat > repro_app/models.py <<'EOF'\nX = 1\nEOF", obs("")),
                                ("cat > tests/test_repro_total.py <<'EOF'\ndef test_t():\n    pass\nEOF", obs("")),
                                ("cp shop/cart.py shop/cart.py.bak", obs("")),
                                ("sed -i 's/sum(prices)/round(sum(prices), 2)/' shop/cart.py", obs("")),
                                (SUBMIT, obs(diff("shop/cart.py")))], diff("shop/cart.py"))
    traj = transcript.parse_file(str(path))
    assert ev.baselines(traj)["first_edit"] == 4
    plain = [s.index for s in traj.steps if ev.changes_repository(s)]
    assert plain and plain[0] < 4  # the plain rule counts the reproduction project


# ------------------------------------------------------------------ an edit chained with a test run
def test_an_edit_chained_with_a_test_run_is_a_change_of_that_step(tmp_path: Path) -> None:
    chained = "sed -i 's/sum(prices)/round(sum(prices), 2)/' shop/cart.py && python -m pytest -q tests/test_cart.py"
    path = tool_traj(tmp_path, [("nl -ba shop/cart.py", obs("     1\tdef total(prices):")),
                                (chained, obs("1 failed, 3 passed in 0.2s", 1)),
                                (SUBMIT, obs(diff("shop/cart.py")))], diff("shop/cart.py"))
    traj = transcript.parse_file(str(path))
    step = traj.steps[1]
    assert (step.action.kind, step.action.role) == ("command", "test")  # the test run decides the kind
    assert "shop/cart.py" in step.action.writes
    assert [(c.step, c.paths) for c in audit.changes(traj)[0]] == [(2, ("shop/cart.py",))]
