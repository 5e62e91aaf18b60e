"""A fix bent to an outdated test the agent read but could not run, on invented SWE-agent 0.x sessions: after a
change, a step showed an existing test the final report fails as FAIL_TO_PASS (the harness judged the change by a new
version of it), and the next change of that file narrowed the fix; that change is the verification error. Also: a
command whose inline script wrote its file and said so, before the shell choked on a later line, did change the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit
from statewise_cli.transcript import Observation

REPO = "/color__lib"
SRC = "pkg/color.py"
TEST = "tests/test_color.py"
F2P = ("## FAIL_TO_PASS failing (1)\nFAILED test_serialize (tests.test_color.ColorTests)\n## FAIL_TO_PASS passing (0)\n\n"
       "## PASS_TO_PASS failing (0)\n## PASS_TO_PASS passing (6)\n")
P2P = ("## FAIL_TO_PASS failing (0)\n## FAIL_TO_PASS passing (1)\nPASSED test_names (tests.test_color.ColorTests)\n\n"
       "## PASS_TO_PASS failing (1)\nFAILED test_serialize (tests.test_color.ColorTests)\n## PASS_TO_PASS passing (6)\n")
SHOWN_TEST = (f"sed -n '1,30p' {TEST}", ("class ColorTests(TestCase):\n    def test_serialize(self):\n"
              "        self.assertEqual(serialize(Color.RED), 'Color(1)')\n"))


def traj_of(tmp_path: Path, entries: list[tuple[str, str]]) -> Any:
    history = [{"role": "system", "content": "SETTING"},
               {"role": "user", "content": f"ISSUE:\nSerialize enums by name.\n(Open file: n/a)\n(Current directory: {REPO})\nbash-$"}]
    data = {"environment": "swe_main", "history": history, "info": {"submission": "", "exit_status": "submitted"},
            "trajectory": [{"action": a, "observation": o, "thought": "", "response": ""} for a, o in entries]}
    path = tmp_path / "x.traj"
    path.write_text(json.dumps(data))
    return transcript.parse_file(str(path))


def edit(line: str) -> tuple[str, str]:
    return (f"edit 9:9\n{line}\nend_of_edit", f"[File: {REPO}/{SRC} (20 lines total)]\n9:{line}")


OPEN = (f"open {SRC}", f"[File: {REPO}/{SRC} (20 lines total)]\n9:        return '%s(%r)' % (name, value)")
BY_NAME = edit("        return '%s[%r]' % (name, member.name)")
NARROWED = edit("        return '%s[%r]' % (name, member.name) if is_lazy(value) else '%s(%r)' % (name, value)")


def test_narrowing_the_fix_right_after_reading_an_outdated_test_is_the_verification_error(tmp_path: Path) -> None:
    diag = audit.diagnose(traj_of(tmp_path, [OPEN, BY_NAME, SHOWN_TEST, NARROWED, ("submit", "")]), tests_text=F2P)
    assert diag.chosen is not None
    assert (diag.chosen.step, diag.chosen.cause, diag.chosen.phase) == (4, "reverted_fix", "verification")
    assert "test_serialize" in diag.chosen.reason


def test_a_test_the_report_lists_as_passing_before_cannot_be_outdated(tmp_path: Path) -> None:
    diag = audit.diagnose(traj_of(tmp_path, [OPEN, BY_NAME, SHOWN_TEST, NARROWED, ("submit", "")]), tests_text=P2P)
    assert diag.chosen is not None and diag.chosen.cause != "reverted_fix"


def test_a_test_run_between_the_read_and_the_change_leaves_the_decision_to_the_run(tmp_path: Path) -> None:
    ran = ("python -m pytest tests/test_color.py -q", "1 passed in 0.2s")
    steps = [OPEN, BY_NAME, SHOWN_TEST, ran, NARROWED, ("submit", "")]
    traj = traj_of(tmp_path, steps)
    source = [c for c in audit.changes(traj)[0] if c.kind == "source"]
    assert audit._bent_to_read(traj, source, ("test_serialize (tests.test_color.ColorTests)",)) is None


def test_a_script_that_wrote_its_file_before_the_shell_choked_on_a_later_line_changed_it(tmp_path: Path) -> None:
    script = ("python - <<'PY'\nfrom pathlib import Path\np=Path('pkg/color.py')\n"
              "p.write_text(p.read_text().replace('(%r)', '[%r]'))\nprint('patched')\nPY\n&& python -m pytest -q")
    traj = traj_of(tmp_path, [OPEN, (script, ""), ("submit", "")])
    step = traj.steps[1]
    assert step.action.kind == "command" and step.action.writes  # the script writes pkg/color.py
    wrote = step.replace(observation=Observation("patched\nbash: -c: line 7: syntax error near unexpected token `&&'", 2, True))
    choked = step.replace(observation=Observation("bash: -c: line 1: syntax error near unexpected token `&&'", 2, True))
    assert not audit._failed_attempt(wrote)  # it said it wrote the file before the shell reached the bad line
    assert audit._failed_attempt(choked)  # nothing ran
