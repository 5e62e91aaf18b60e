"""Trajectory format variants, on invented trajectories: SWE-agent 1.x (``str_replace_editor`` with view / create /
str_replace / insert / undo_edit, ``<uploaded_files>`` naming the working directory, refused edits), SWE-agent files
that keep only the conversation, the windowed editors of SWE-agent 1.x, mini-swe-agent 2.x text-based and XML
actions, JSON observations, several tool calls in one turn, the early submit marker, and files of a shape no reader
knows (an error that says so, never an empty session)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from test_audit_roles import diff, report

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

REPO = "/testbed"
SRC = "shop/cart.py"
FAILED = "tests/test_cart.py::test_total_rounds"


def editor(sub: str, path: str, **opts: str) -> str:
    """The command line SWE-agent 1.x records for an editor tool call: each argument quoted like a shell."""
    words = ["str_replace_editor", sub, path]
    for key, value in opts.items():
        words += [f"--{key}", shlex.quote(value)]
    return " ".join(words[:3]) + ("   " + " ".join(words[3:]) if len(words) > 3 else "")


def edited(path: str, first: int, *lines: str) -> str:
    rows = "\n".join(f"{first + i:6}\t{ln}" for i, ln in enumerate(lines))
    return f"The file {path} has been edited. Here's the result of running `cat -n` on a snippet of {path}:\n{rows}\n" \
           "Review the changes and make sure they are as expected. Edit the file again if necessary."


def swe1_traj(tmp_path: Path, entries: list[tuple[str, str]], submission: str = "", *, keep_trajectory: bool = True,
              name: str = "x.traj") -> Path:
    """An SWE-agent 1.x ``.traj``: the system prompt, the instance prompt naming the repository with
    ``<uploaded_files>``, tool-calling history messages, ``trajectory`` entries with the action command lines,
    no working directory in ``info``."""
    history: list[dict[str, Any]] = [
        {"role": "system", "content": [{"type": "text", "text": "You are a helpful assistant."}], "agent": "main",
         "message_type": "system_prompt"},
        {"role": "user", "agent": "main", "message_type": "observation", "content": [{"type": "text", "text": (
            f"<uploaded_files>\n{REPO}\n</uploaded_files>\nI've uploaded a python code repository in the directory "
            f"{REPO}. Consider the following PR description:\n<pr_description>\nCart.total drops cents.\n"
            "</pr_description>")}]}]
    for i, (action, seen) in enumerate(entries):
        words = action.split(maxsplit=1)
        name_ = words[0] if words[0] in ("str_replace_editor", "submit") else "bash"
        args = {"command": action} if name_ == "bash" else {"raw": words[1] if len(words) > 1 else ""}
        history.append({"role": "assistant", "content": "thinking", "thought": "thinking", "action": action,
                        "agent": "main", "message_type": "action", "tool_calls": [
                            {"id": f"t{i}", "type": "function", "function": {"name": name_, "arguments": json.dumps(args)}}]})
        history.append({"role": "tool", "content": [{"type": "text", "text": f"OBSERVATION:\n{seen}"}],
                        "tool_call_ids": [f"t{i}"], "agent": "main", "message_type": "observation"})
    data: dict[str, Any] = {"history": history, "environment": "main", "replay_config": "{}",
                            "info": {"submission": submission, "exit_status": "submitted",
                                     "swe_agent_version": "1.1.0"}}
    if keep_trajectory:
        data["trajectory"] = [{"action": a, "observation": o, "response": "thinking", "thought": "thinking",
                               "execution_time": 0.1, "state": {"working_dir": REPO}, "query": [], "extra_info": {}}
                              for a, o in entries]
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


OLD = "    return sum(prices)"
WRONG = "    return int(sum(prices))"
RIGHT = "    return round(sum(prices), 2)"
SESSION = [
    ("find /testbed -name cart.py", "/testbed/shop/cart.py"),
    (editor("view", f"{REPO}/{SRC}"), (f"Here's the result of running `cat -n` on {REPO}/{SRC}:\n     1\tdef total(prices):\n"
                                       f"     2\t{OLD}")),
    (editor("create", f"{REPO}/reproduce.py", file_text="from shop.cart import total\nprint(total([0.1, 0.2]))\n"),
     f"File created successfully at: {REPO}/reproduce.py"),
    ("cd /testbed && python reproduce.py", "0.30000000000000004"),
    (editor("str_replace", f"{REPO}/{SRC}", old_str="    return sum(price)", new_str=RIGHT),
     f"No replacement was performed, old_str `    return sum(price)` did not appear verbatim in {REPO}/{SRC}."),
    (editor("str_replace", f"{REPO}/{SRC}", old_str=OLD, new_str=WRONG), edited(f"{REPO}/{SRC}", 1, "def total(prices):", WRONG)),
    ("python reproduce.py", "0"),
    ("cd /testbed && python -m pytest tests/test_cart.py -q", f"F.\nFAILED {FAILED} - assert 0 == 0.3\n1 failed, 1 passed"),
    ("submit", diff(SRC)),
]


# ------------------------------------------------------------------ SWE-agent 1.x: the editor tool
def test_swe_agent_1x_editor_calls_are_read_edit_script_and_refused_steps(tmp_path: Path) -> None:
    traj = transcript.parse_file(str(swe1_traj(tmp_path, SESSION, diff(SRC))))
    assert traj.cwd == REPO  # from <uploaded_files>: no "(Current directory: …)" in 1.x prompts
    assert "Cart.total drops cents" in traj.task
    kinds = [s.action.kind for s in traj.steps]
    assert kinds == ["search", "read", "edit", "command", "edit", "edit", "command", "command", "submit"]
    view, create, refused, change = traj.steps[1].action, traj.steps[2].action, traj.steps[4], traj.steps[5].action
    assert view.path == SRC
    assert create.role == "script" and [e.path for e in create.edits] == ["reproduce.py"]
    assert refused.observation is not None and refused.observation.is_error  # "No replacement was performed"
    assert change.role is None and [e.path for e in change.edits] == [SRC]
    assert change.edits[0].ranges == ((2, 2),)  # where the editor's snippet shows the new line
    assert "+    return int(sum(prices))" in change.edits[0].text and "-    return sum(prices)" in change.edits[0].text
    assert traj.steps[3].action.role == "reproduction"
    assert traj.steps[7].action.role == "test"
    assert not traj.steps[5].observation.is_error


def test_swe_agent_1x_audit_names_the_applied_wrong_edit_not_the_refused_one(tmp_path: Path) -> None:
    traj = transcript.parse_file(str(swe1_traj(tmp_path, SESSION, diff(SRC))))
    diag = audit.diagnose(traj, tests_text=report(FAILED))
    assert diag.chosen is not None and diag.chosen.step == 6 and diag.chosen.phase == "patch"


def test_swe_agent_1x_insert_view_range_and_undo_edit(tmp_path: Path) -> None:
    entries = [
        (editor("view", f"{REPO}/{SRC}", view_range="[10, 30]"), "    10\tdef total(prices):"),
        (editor("insert", f"{REPO}/{SRC}", insert_line="12", new_str="    # cents\n    prices = list(prices)"),
         edited(f"{REPO}/{SRC}", 11, "x", "    # cents", "    prices = list(prices)")),
        (editor("undo_edit", f"{REPO}/{SRC}"), f"Last edit to {REPO}/{SRC} undone successfully."),
        (editor("undo_edit", f"{REPO}/{SRC}"), f"No edit history found for {REPO}/{SRC}."),
        (editor("create", f"{REPO}/{SRC}", file_text="x = 1\n"),
         f"File already exists at: {REPO}/{SRC}. Cannot overwrite files using command `create`."),
    ]
    steps = transcript.parse_file(str(swe1_traj(tmp_path, entries))).steps
    assert (steps[0].action.kind, steps[0].action.path, steps[0].action.lines) == ("read", SRC, (10, 30))
    insert = steps[1].action
    assert insert.kind == "edit" and insert.edits[0].path == SRC and insert.edits[0].ranges == ((13, 14),)
    assert (steps[2].action.kind, steps[2].action.role, steps[2].action.writes) == ("command", "revert", (SRC,))
    assert not steps[2].observation.is_error and steps[3].observation.is_error  # nothing to undo
    assert steps[4].action.kind == "edit" and steps[4].observation.is_error  # create over an existing file


def test_an_editor_written_fix_script_is_a_fix_script_with_the_files_it_writes(tmp_path: Path) -> None:
    code = f"from pathlib import Path\np = Path('{SRC}')\np.write_text(p.read_text().replace('a', 'b'))\n"
    entries = [(editor("create", f"{REPO}/apply_fix.py", file_text=code), f"File created successfully at: {REPO}/apply_fix.py"),
               ("python apply_fix.py", "")]
    steps = transcript.parse_file(str(swe1_traj(tmp_path, entries))).steps
    assert steps[0].action.role == "fix-script" and steps[0].action.writes == (SRC,)
    assert steps[1].action.role == "fix-run"


def test_a_swe_agent_file_without_trajectory_entries_takes_its_turns_from_the_history(tmp_path: Path) -> None:
    traj = transcript.parse_file(str(swe1_traj(tmp_path, SESSION, diff(SRC), keep_trajectory=False)))
    assert len(traj.steps) == len(SESSION)
    assert traj.steps[5].action.kind == "edit" and [e.path for e in traj.steps[5].action.edits] == [SRC]
    assert traj.steps[4].observation is not None and traj.steps[4].observation.is_error


def test_windowed_editor_commands_of_swe_agent_1x_edit_the_open_file(tmp_path: Path) -> None:
    entries = [(f"open {REPO}/{SRC}", f"[File: {REPO}/{SRC} (2 lines total)]\n1:def total(prices):\n2:{OLD}"),
               (f"edit {shlex.quote(OLD)} {shlex.quote(WRONG)}", f"[File: {REPO}/{SRC} (2 lines total)]\n2:{WRONG}"),
               ("insert '    # note'", "Your proposed edit has introduced new syntax error(s).\nYour changes have NOT been applied.")]
    steps = transcript.parse_file(str(swe1_traj(tmp_path, entries))).steps
    assert steps[0].action.path == SRC
    assert steps[1].action.kind == "edit" and [e.path for e in steps[1].action.edits] == [SRC]
    assert "int(sum(prices))" in steps[1].action.edits[0].text
    assert steps[2].action.kind == "edit" and steps[2].observation.is_error


# ------------------------------------------------------------------ files no reader knows
def test_a_json_object_of_unknown_shape_is_an_error_that_names_its_keys(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"steps": [{"cmd": "ls"}], "meta": {}}))
    with pytest.raises(ValueError, match=r"keys meta, steps"):
        transcript.parse_file(str(path))


def test_a_swe_agent_file_with_no_turns_anywhere_says_why(tmp_path: Path) -> None:
    path = tmp_path / "x.traj"
    path.write_text(json.dumps({"history": [{"role": "system", "content": "hi"}], "info": {}}))
    with pytest.raises(ValueError, match="without agent turns"):
        transcript.parse_file(str(path))


def test_a_mini_swe_file_with_messages_but_no_assistant_turn_says_why(tmp_path: Path) -> None:
    path = tmp_path / "x.traj.json"
    path.write_text(json.dumps({"trajectory_format": "mini-swe-agent-1", "messages": [{"role": "user", "content": "x"}]}))
    with pytest.raises(ValueError, match="no assistant turn"):
        transcript.parse_file(str(path))


# ------------------------------------------------------------------ mini-swe-agent variants
def mini(tmp_path: Path, messages: list[dict[str, Any]], *, fmt: str = "mini-swe-agent-1.1",
         info: dict[str, Any] | None = None) -> transcript.Trajectory:
    head = [{"role": "system", "content": "You are a helpful assistant."},
            {"role": "user", "content": "<pr_description>Cart.total drops cents.</pr_description>\n- MODIFY: Regular "
                                        "source code files in /testbed (this is the working directory for all your "
                                        "subsequent commands)"}]
    path = tmp_path / "x.traj.json"
    path.write_text(json.dumps({"trajectory_format": fmt, "info": info or {"exit_status": "Submitted"},
                                "messages": head + messages}))
    return transcript.parse_file(str(path))


SED = f"sed -i 's/return sum(prices)/return int(sum(prices))/' {SRC}"


def test_mini_swe_2x_text_blocks_json_observations_and_the_working_directory(tmp_path: Path) -> None:
    json_obs = json.dumps({"returncode": 1, "output": f"FAILED {FAILED}\n1 failed"})
    traj = mini(tmp_path, [
        {"role": "assistant", "content": f"THOUGHT: fix it.\n\n```mswea_bash_command\n{SED}\n```"},
        {"role": "user", "content": json.dumps({"returncode": 0, "output": ""})},
        {"role": "assistant", "content": "THOUGHT: test.\n\n<mswea_bash_command>python -m pytest tests/test_cart.py"
                                         "</mswea_bash_command>"},
        {"role": "user", "content": json_obs},
        {"role": "assistant", "content": "THOUGHT: long.\n\n```sh\ncat shop/big.py\n```"},
        {"role": "user", "content": json.dumps({"returncode": 0, "output_head": "def a():", "output_tail": "def z():",
                                                "elided_chars": 9000, "warning": "Output too long."})},
        {"role": "assistant", "content": "THOUGHT: done.\n\n```mswea_bash_command\necho COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && cat patch.txt\n```"},
    ])
    assert traj.cwd == REPO  # from the instance prompt: the config kept no environment
    assert [s.action.kind for s in traj.steps] == ["edit", "command", "read", "submit"]
    assert [e.path for e in traj.steps[0].action.edits] == [SRC]
    test_run = traj.steps[1]
    assert test_run.action.role == "test" and test_run.observation.exit_code == 1 and FAILED in test_run.observation.text
    assert "def a():" in traj.steps[2].observation.text and "def z():" in traj.steps[2].observation.text


def test_mini_swe_several_tool_calls_in_one_turn_are_one_step_and_tool_call_errors_run_nothing(tmp_path: Path) -> None:
    def call(i: int, command: str) -> dict[str, Any]:
        return {"id": f"c{i}", "type": "function", "function": {"name": "bash", "arguments": json.dumps({"command": command})}}

    traj = mini(tmp_path, [
        {"role": "assistant", "content": "Look, then edit.", "tool_calls": [call(0, f"cat {SRC}"), call(1, SED)]},
        {"role": "tool", "tool_call_id": "c0", "content": json.dumps({"returncode": 0, "output": OLD})},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"returncode": 0, "output": ""})},
        {"role": "assistant", "content": "Done, I think."},
        {"role": "user", "content": "Tool call error. Every response needs to use the 'bash' tool at least once."},
        {"role": "assistant", "content": None, "tool_calls": [call(2, "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")]},
        {"role": "tool", "tool_call_id": "c2", "content": diff(SRC)},
    ])
    assert len(traj.steps) == 3
    both = traj.steps[0]
    assert both.action.kind == "edit" and [e.path for e in both.action.edits] == [SRC]
    assert OLD in both.observation.text and both.observation.exit_code == 0
    assert traj.steps[1].action.kind == "other" and traj.steps[1].observation.is_error
    assert traj.steps[2].action.kind == "submit"


def test_mini_swe_early_submit_marker_and_harness_recorded_actions(tmp_path: Path) -> None:
    traj = mini(tmp_path, [
        {"role": "assistant", "content": "THOUGHT: edit.", "extra": {"actions": [{"command": SED}]}},
        {"role": "user", "content": "<returncode>0</returncode>\n<output>\n</output>"},
        {"role": "assistant", "content": "THOUGHT: done.\n\n```bash\necho MINI_SWE_AGENT_FINAL_OUTPUT && git add -A && git diff --cached\n```"},
        {"role": "user", "content": diff(SRC)},
    ], fmt="mini-swe-agent-1", info={"config": {"environment": {"cwd": "/work/shop"}}})
    assert traj.cwd == "/work/shop"
    assert [s.action.kind for s in traj.steps] == ["edit", "submit"]


# ------------------------------------------------------------------ scripts run by their absolute path
def test_a_script_run_by_its_absolute_path_in_the_sandbox_is_the_agents_own_script() -> None:
    from statewise_cli.actions.normalize import describe_call

    for command, role in (("python /testbed/reproduce.py", "reproduction"), ("python /repo/fix_total.py", "fix-run")):
        call = describe_call("bash", command, command=command)
        assert call.role == role, command
    assert describe_call("bash", "python /usr/lib/tool.py", command="python /usr/lib/tool.py").role is None


def test_a_fix_script_written_by_the_editor_and_run_by_absolute_path_is_authored_where_written(tmp_path: Path) -> None:
    code = f"from pathlib import Path\np = Path('{SRC}')\np.write_text(p.read_text().replace('sum(prices)', 'int(sum(prices))'))\n"
    entries = [(editor("view", f"{REPO}/{SRC}"), f"     1\tdef total(prices):\n     2\t{OLD}"),
               (editor("create", f"{REPO}/fix_total.py", file_text=code), f"File created successfully at: {REPO}/fix_total.py"),
               ("ls /testbed", "fix_total.py\nshop\ntests"),
               ("grep -n total /testbed/shop/cart.py", "1:def total(prices):"),
               ("cat /testbed/setup.cfg", "[metadata]"),
               ("python /testbed/fix_total.py", ""),
               ("python -m pytest tests/test_cart.py", f"FAILED {FAILED}\n1 failed"),
               ("submit", diff(SRC))]
    traj = transcript.parse_file(str(swe1_traj(tmp_path, entries, diff(SRC))))
    found, _reverts = audit.changes(traj)
    assert [(c.step, c.applied, c.paths) for c in found] == [(2, 6, (SRC,))]
    diag = audit.diagnose(traj, tests_text=report(FAILED))
    assert diag.chosen is not None and diag.chosen.step == 2


# ------------------------------------------------------------------ a line-range edit that swallows a definition
PRINTER = "shop/printer.py"
WINDOW = ['KNOWN = {', '    "sin": "Sin",', '', '}', '', 'class Printer:', '    def _print_Function(self, expr):',
          '        return expr.name', '', '    def _print_Pow(self, expr):', '        return "^"']


def window(lines: list[str]) -> str:
    return f"[File: /shop__shop/{PRINTER} ({len(lines)} lines total)]\n" + "\n".join(f"{i}:{ln}" for i, ln in enumerate(lines, 1))


def swallow_session(tmp_path: Path, first: tuple[int, str], then: list[tuple[str, str]]) -> audit.Candidate:
    from test_audit_roles import swe_traj

    tmp_path.mkdir(parents=True, exist_ok=True)
    at, line = first
    after_first = WINDOW[:at - 1] + [line] + WINDOW[at:]
    entries = [(f"open {PRINTER}", window(WINDOW)), (f"edit {at}:{at}\n{line}\nend_of_edit", window(after_first)), *then]
    added = [line] + [ln for a, _o in then for ln in a.splitlines()[1:-1]]
    submission = f"diff --git a/{PRINTER} b/{PRINTER}\n--- a/{PRINTER}\n+++ b/{PRINTER}\n@@ -1,3 +1,4 @@\n" + \
                 "".join(f"+{ln}\n" for ln in added)
    diag = audit.diagnose(transcript.parse_file(str(swe_traj(tmp_path, entries, submission))),
                          tests_text=report("tests/test_printer.py::test_function_names"))
    assert diag.chosen is not None
    return diag.chosen


MAX_OVER_FUNCTION = ("edit 7:7\n    def _print_Max(self, expr):\n        return 'Max'\nend_of_edit", "File updated.")


def test_a_later_line_range_edit_that_swallows_a_definition_is_decisive_after_an_intact_insertion(tmp_path: Path) -> None:
    chosen = swallow_session(tmp_path, (3, '    "max": "Max",'), [MAX_OVER_FUNCTION])
    assert chosen.step == 3 and "_print_Function" in chosen.reason


def test_the_first_change_stays_decisive_when_it_overwrote_shown_lines_itself_or_the_definition_came_back(tmp_path: Path) -> None:
    assert swallow_session(tmp_path / "a", (2, '    "sin": "Sin", "max": "Max",'), [MAX_OVER_FUNCTION]).step == 2
    restored = ("edit 9:9\n    def _print_Function(self, expr):\n        return expr.name\nend_of_edit", "File updated.")
    assert swallow_session(tmp_path / "b", (3, '    "max": "Max",'), [MAX_OVER_FUNCTION, restored]).step == 2


def test_the_working_directory_comes_from_the_environment_state_when_no_prompt_names_it(tmp_path: Path) -> None:
    entries = [{"action": editor("view", "/srv/app/shop/cart.py"), "observation": "     1\tdef total(prices):",
                "state": json.dumps({"open_file": "n/a", "working_dir": "/srv/app"}), "thought": ""}]
    path = tmp_path / "x.traj"
    path.write_text(json.dumps({"history": [{"role": "user", "content": "Fix Cart.total."}], "trajectory": entries,
                                "info": {}}))
    traj = transcript.parse_file(str(path))
    assert traj.cwd == "/srv/app" and traj.steps[0].action.path == SRC


def test_json_lines_of_an_unknown_event_log_are_an_error_that_names_their_keys(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    path.write_text("\n".join(json.dumps({"event": "run", "args": {"cmd": f"ls {i}"}}) for i in range(3)) + "\n")
    with pytest.raises(ValueError, match=r"3 JSON records, none a Claude Code or Codex record .*keys args, event"):
        transcript.parse_file(str(path))
