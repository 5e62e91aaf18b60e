"""A fix that worked, then a whole-file substitution that broke existing code, on invented SWE-agent 0.x sessions:
when the report passes every FAIL_TO_PASS test and fails only PASS_TO_PASS ones, a later ``sed -i 's/OLD/NEW/g'``
whose OLD occurs in lines of the repository's own that the submitted diff removes is the decisive change."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

REPO = "/reg__lib"
SRC = "pkg/reg.py"
REGRESSION = ("## FAIL_TO_PASS failing (0)\n## FAIL_TO_PASS passing (1)\nPASSED tests/test_reg.py::test_lookup\n\n"
              "## PASS_TO_PASS failing (1)\nFAILED tests/test_reg.py::test_reset\n## PASS_TO_PASS passing (5)\n")
NOT_FIXED = ("## FAIL_TO_PASS failing (1)\nFAILED tests/test_reg.py::test_lookup\n## FAIL_TO_PASS passing (0)\n\n"
             "## PASS_TO_PASS failing (1)\nFAILED tests/test_reg.py::test_reset\n## PASS_TO_PASS passing (5)\n")
SUB = "sed -i 's/self._items/self.store.items/g' pkg/reg.py"


def diff(removed_own: bool) -> str:
    old = "-        self._items = {}\n+        self.store.items = {}\n" if removed_own else ""
    return (f"diff --git a/{SRC} b/{SRC}\n--- a/{SRC}\n+++ b/{SRC}\n@@ -3,3 +3,6 @@\n{old}"
            "+    def lookup(self, key):\n+        return self.store.items.get(key)\n")


def traj_of(tmp_path: Path, submission: str) -> Any:
    entries = [(f"open {SRC}", (f"[File: {REPO}/{SRC} (12 lines total)]\n1:class Registry:\n2:    def __init__(self):\n"
                               "3:        self._items = {}")),
               ("edit 4:4\n    def lookup(self, key):\n        return self._items.get(key)\nend_of_edit",
                f"[File: {REPO}/{SRC} (14 lines total)]\n4:    def lookup(self, key):\n5:        return self._items.get(key)"),
               ("python -m pytest tests/test_reg.py -q", "1 passed in 0.1s"),
               (SUB, ""), ("submit", submission)]
    history = [{"role": "system", "content": "SETTING"},
               {"role": "user", "content": f"ISSUE:\nRegistry has no lookup.\n(Open file: n/a)\n(Current directory: {REPO})\nbash-$"}]
    data = {"environment": "swe_main", "history": history, "info": {"submission": submission, "exit_status": "submitted"},
            "trajectory": [{"action": a, "observation": o, "thought": "", "response": ""} for a, o in entries]}
    path = tmp_path / "x.traj"
    path.write_text(json.dumps(data))
    return transcript.parse_file(str(path))


def test_a_substitution_that_rewrote_existing_code_after_a_working_fix_is_decisive(tmp_path: Path) -> None:
    diag = audit.diagnose(traj_of(tmp_path, diff(True)), tests_text=REGRESSION)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (4, "wrong_patch")
    assert "'self._items'" in diag.chosen.reason and "FAIL_TO_PASS" in diag.chosen.reason


def test_a_substitution_of_only_the_sessions_own_lines_is_no_collateral_rewrite(tmp_path: Path) -> None:
    diag = audit.diagnose(traj_of(tmp_path, diff(False)), tests_text=REGRESSION)
    assert diag.chosen is not None and diag.chosen.step == 2


def test_when_the_fix_itself_failed_the_first_change_stays_the_suspect(tmp_path: Path) -> None:
    diag = audit.diagnose(traj_of(tmp_path, diff(True)), tests_text=NOT_FIXED)
    assert diag.chosen is not None and diag.chosen.step == 2
    assert not audit.regression_only(audit.parse_failure(NOT_FIXED, "report"))
    assert audit.regression_only(audit.parse_failure(REGRESSION, "report"))
