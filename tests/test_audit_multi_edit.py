"""Multi-edit editor sessions, on invented trajectories: SWE-agent 1.x ``str_replace_editor`` edits across several
files with ``undo_edit`` (which takes back the last edit of one file, not every edit of it), and mini-swe-agent
sessions whose later edits repeat the same wrong idea. The decisive step is the earliest edit that authored the
change the submission carries."""

from __future__ import annotations

from pathlib import Path

from test_audit_formats import REPO, SRC, edited, editor, swe1_traj
from test_audit_roles import report, tool_traj

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

UTIL = "shop/fmt.py"
FAILED = "tests/test_cart.py::test_total_rounds"
OLD = "    return sum(prices)"
WRONG = "    return int(sum(prices))"
TWEAK = "    return int(sum(prices)) or 0"
OTHER = "    return math.fsum(values)"
FMT_OLD = "    return str(x)"
FMT_NEW = "    return f'{x:.2f}'"


def submitted(*hunks: tuple[str, str, str]) -> str:
    return "".join(f"diff --git a/{p} b/{p}\n--- a/{p}\n+++ b/{p}\n@@ -1 +1 @@\n-{old}\n+{new}\n" for p, old, new in hunks)


def session(tmp_path: Path, tail: list[tuple[str, str]], diff: str) -> transcript.Trajectory:
    head = [
        (editor("view", f"{REPO}/{SRC}"), f"Here's the result of running `cat -n` on {REPO}/{SRC}:\n     1\tdef total(prices):\n     2\t{OLD}"),
        (editor("str_replace", f"{REPO}/{SRC}", old_str=OLD, new_str=WRONG), edited(f"{REPO}/{SRC}", 1, "def total(prices):", WRONG)),
        (editor("str_replace", f"{REPO}/{UTIL}", old_str=FMT_OLD, new_str=FMT_NEW), edited(f"{REPO}/{UTIL}", 1, "def fmt(x):", FMT_NEW)),
    ]
    entries = [*head, *tail, ("submit", diff)]
    return transcript.parse_file(str(swe1_traj(tmp_path, entries, diff)))


def test_undo_edit_takes_back_only_the_last_edit_of_its_file(tmp_path: Path) -> None:
    tail = [(editor("str_replace", f"{REPO}/{SRC}", old_str=WRONG, new_str=TWEAK), edited(f"{REPO}/{SRC}", 1, "x", TWEAK)),
            (editor("undo_edit", f"{REPO}/{SRC}"), f"Last edit to {REPO}/{SRC} undone successfully."),
            ("cd /testbed && python -m pytest tests/test_cart.py -q", f"F.\nFAILED {FAILED} - assert 0 == 0.3\n1 failed, 1 passed")]
    traj = session(tmp_path, tail, submitted((SRC, OLD, WRONG), (UTIL, FMT_OLD, FMT_NEW)))
    found, reverts = audit.changes(traj)
    assert [c.step for c in found if c.kind == "source" and not c.undone] == [2, 3]  # step 4 was taken back
    assert reverts == []  # the file was not put back to its original: step 2's change stands
    diag = audit.diagnose(traj, tests_text=report(FAILED))
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.phase) == (2, "patch")


def test_undoing_every_edit_of_a_file_is_a_revert_of_it(tmp_path: Path) -> None:
    tail = [(editor("undo_edit", f"{REPO}/{SRC}"), f"Last edit to {REPO}/{SRC} undone successfully."),
            (editor("str_replace", f"{REPO}/{SRC}", old_str=OLD, new_str=OTHER), edited(f"{REPO}/{SRC}", 1, "x", OTHER))]
    traj = session(tmp_path, tail, submitted((SRC, OLD, OTHER), (UTIL, FMT_OLD, FMT_NEW)))
    found, reverts = audit.changes(traj)
    assert reverts == [(4, (SRC,))]
    assert [c.step for c in found if c.undone] == [2]
    # the change the submission carries in the file under test is the one written after the undo
    diag = audit.diagnose(traj, tests_text=report(FAILED))
    assert diag.chosen is not None and diag.chosen.step == 5


def test_a_later_edit_repeating_the_same_wrong_idea_does_not_move_the_decisive_step(tmp_path: Path) -> None:
    # the wrong line is written, taken back with undo, then written again word for word: the idea is step 2's
    tail = [(editor("undo_edit", f"{REPO}/{SRC}"), f"Last edit to {REPO}/{SRC} undone successfully."),
            ("cd /testbed && python -m pytest tests/test_cart.py -q", f"F.\nFAILED {FAILED} - assert 0 == 0.3\n1 failed"),
            (editor("str_replace", f"{REPO}/{SRC}", old_str=OLD, new_str=WRONG), edited(f"{REPO}/{SRC}", 1, "x", WRONG))]
    traj = session(tmp_path, tail, submitted((SRC, OLD, WRONG), (UTIL, FMT_OLD, FMT_NEW)))
    diag = audit.diagnose(traj, tests_text=report(FAILED))
    assert diag.chosen is not None and diag.chosen.step == 2


def test_mini_swe_edits_across_files_a_revert_and_the_same_wrong_idea_again(tmp_path: Path) -> None:
    wrong = "sed -i 's/return sum(prices)/return int(sum(prices))/' shop/cart.py"
    commands = [("cat shop/cart.py", f"def total(prices):\n{OLD}"), (wrong, ""),
                ("sed -i \"s/return str(x)/return f'{x:.2f}'/\" shop/fmt.py", ""),
                ("git checkout shop/cart.py", "Updated 1 path from the index"),
                ("python -m pytest tests/test_cart.py -q", f"F.\nFAILED {FAILED} - assert 0 == 0.3\n1 failed, 1 passed"),
                (wrong + " && python -m pytest tests/test_cart.py -q", f"F.\nFAILED {FAILED} - assert 0 == 0.3\n1 failed")]
    diff = submitted((SRC, OLD, WRONG), (UTIL, FMT_OLD, FMT_NEW))
    traj = transcript.parse_file(str(tool_traj(tmp_path, commands, diff)))
    found, reverts = audit.changes(traj)
    assert [c.paths for c in found] == [(SRC,), (UTIL,), (SRC,)] and reverts == [(4, (SRC,))]
    assert found[2].step == 2  # put back word for word after the revert: authored at step 2
    diag = audit.diagnose(traj, tests_text=report(FAILED))
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.phase) == (2, "patch")


def test_a_compilers_output_is_no_edit_of_the_repository(tmp_path: Path) -> None:
    from statewise_cli.actions.normalize import describe_call

    assert not describe_call("bash", "javac -d out src/A.java", command="javac -d out src/A.java", root=REPO).edits
    for command in ("go build -o bin/app ./cmd/app && ./bin/app", "gcc -o repro repro.c", "go build -o /tmp/app ./cmd/app"):
        call = describe_call("bash", command, command=command, root=REPO)
        assert call.kind != "edit" and not call.edits  # the output is flagged a build product
        assert any("artifact" in a.flags for a in call.actions if a.kind == "edit")
    fix = "sed -i 's/return sum(prices)/return int(sum(prices))/' shop/cart.py"
    commands = [("go build -o bin/app ./cmd/app && ./bin/app", "total: 0.30000000000000004"), (fix, ""),
                ("python -m pytest tests/test_cart.py -q", f"F.\nFAILED {FAILED} - assert 0 == 0.3\n1 failed")]
    traj = transcript.parse_file(str(tool_traj(tmp_path, commands, submitted((SRC, OLD, WRONG)))))
    assert traj.steps[0].action.kind != "edit" and not traj.steps[0].action.edits
    assert [c.step for c in audit.changes(traj)[0]] == [2]
    diag = audit.diagnose(traj, tests_text=report(FAILED))
    assert diag.chosen is not None and diag.chosen.step == 2
