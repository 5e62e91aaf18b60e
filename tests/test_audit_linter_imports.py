"""``statewise audit``: an edit the linter refused for an undefined name, the import written for it, and the
re-application of the edit are one attempt, decided where it was first written; a refused debug print that
overwrote code is decided at its first attempt too."""

from __future__ import annotations

import json
from pathlib import Path

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

REFUSED = ("Your proposed edit has introduced new syntax error(s). Please read this error message carefully and then "
           "retry editing the file.\nERRORS:\n")


def refused(*errors: str) -> str:
    return REFUSED + "".join(f"- {e}\n" for e in errors)


def diff(*paths: str) -> str:
    return "".join(f"diff --git a/{p} b/{p}\n--- a/{p}\n+++ b/{p}\n@@ -1 +1 @@\n-x\n+y\n" for p in paths)


def swe_traj(tmp_path: Path, entries: list[tuple[str, str]], submission: str) -> Path:
    history = [{"role": "system", "content": "SETTING: a special interface."},
               {"role": "user", "content": "ISSUE:\nFix ledger.balance.\n(Open file: n/a)\n"
                                           "(Current directory: /books__books)\nbash-$"}]
    data = {"environment": "swe_main", "history": history, "info": {"submission": submission, "exit_status": "submitted"},
            "trajectory": [{"action": a, "observation": o, "thought": "", "response": ""} for a, o in entries]}
    path = tmp_path / "x.traj"
    path.write_text(json.dumps(data))
    return path


OPEN = ("open books/ledger.py", "[File: /books__books/books/ledger.py (40 lines total)]\n1:import os\n")
CHECK = ("        if isinstance(entry, Refund) and entry.amount > account.limit:\n"
         "            raise LedgerError('refund exceeds the account limit')\n")
IMPORT = "from books.refunds import Refund\n"


def test_the_import_a_refusal_asked_for_does_not_separate_the_attempt_from_its_reapplication(tmp_path: Path) -> None:
    path = swe_traj(tmp_path, [OPEN,
                               (f"edit 20:21\n{CHECK}end_of_edit", refused("F821 undefined name 'Refund'")),
                               ("search_dir 'class Refund'", "books/refunds.py:3:class Refund(Entry):"),
                               (f"edit 1:1\n{IMPORT}end_of_edit", refused("F821 undefined name 'os'")),
                               (f"edit 1:1\nimport os\n{IMPORT}end_of_edit", "File updated."),
                               (f"edit 21:22\n{CHECK}end_of_edit", "File updated."),
                               ("submit", diff("books/ledger.py"))], diff("books/ledger.py"))
    found = audit.changes(transcript.parse_file(str(path)))[0]
    assert [(c.step, c.applied) for c in found] == [(2, 5), (2, 6)]
    diag = audit.diagnose(transcript.parse_file(str(path)))
    assert diag.chosen is not None and diag.chosen.step == 2


def test_an_import_written_for_a_refused_edit_belongs_to_that_edits_first_attempt(tmp_path: Path) -> None:
    # refused for its indentation, refused again for the undefined name; the import alone is applied and kept
    path = swe_traj(tmp_path, [OPEN,
                               (f"edit 20:21\n  {CHECK}end_of_edit", refused("E999 IndentationError: unexpected indent")),
                               (f"edit 20:21\n{CHECK}end_of_edit", refused("F821 undefined name 'Refund'")),
                               (f"edit 2:2\n{IMPORT}end_of_edit", "File updated."),
                               ("submit", diff("books/ledger.py"))], diff("books/ledger.py"))
    found = audit.changes(transcript.parse_file(str(path)))[0]
    assert [(c.step, c.applied) for c in found] == [(2, 4)]


def test_an_import_nobody_was_refused_for_keeps_its_own_step(tmp_path: Path) -> None:
    path = swe_traj(tmp_path, [OPEN,
                               (f"edit 20:21\n{CHECK}end_of_edit", refused("F821 undefined name 'LedgerError'")),
                               (f"edit 2:2\n{IMPORT}end_of_edit", "File updated."),
                               ("submit", diff("books/ledger.py"))], diff("books/ledger.py"))
    found = audit.changes(transcript.parse_file(str(path)))[0]
    assert [(c.step, c.applied) for c in found] == [(3, 3)]


def test_a_code_change_in_between_still_separates_a_refused_attempt_from_a_later_edit(tmp_path: Path) -> None:
    other = "    total = sum(e.amount for e in entries if not e.void)\n"
    path = swe_traj(tmp_path, [OPEN,
                               (f"edit 20:21\n{CHECK}end_of_edit", refused("F821 undefined name 'Refund'")),
                               (f"edit 30:30\n{other}end_of_edit", "File updated."),
                               (f"edit 21:22\n{CHECK}end_of_edit", "File updated."),
                               ("submit", diff("books/ledger.py"))], diff("books/ledger.py"))
    found = audit.changes(transcript.parse_file(str(path)))[0]
    assert [(c.step, c.applied) for c in found] == [(3, 3), (4, 4)]


def test_a_refused_debug_print_written_again_is_authored_at_its_first_attempt(tmp_path: Path) -> None:
    probe = "        print('posting entry:', entry.amount, account.name)\n"
    path = swe_traj(tmp_path, [OPEN,
                               (f"edit 12:12\n{probe}    if entry:\nend_of_edit",
                                refused("E999 IndentationError: expected an indented block after 'if' statement")),
                               (f"edit 12:12\n{probe}end_of_edit", "File updated."),
                               ("submit", diff("books/ledger.py"))], diff("books/ledger.py"))
    found = audit.changes(transcript.parse_file(str(path)))[0]
    assert [(c.step, c.applied, c.kind) for c in found] == [(2, 3, "debug")]


def test_the_names_an_import_only_change_binds() -> None:
    assert audit._imported_names("+from a.b import C, d as e\n+import x.y\n") == {"C", "e", "x"}
    assert audit._imported_names("+from m import (\n+    P,\n+    Q,\n+)\n") == {"P", "Q"}
    assert audit._imported_names("+import os\n+x = os.sep\n") is None
    assert audit._imported_names("") is None


def test_of_one_steps_changes_the_code_not_its_import_is_decisive(tmp_path: Path) -> None:
    # the import and the re-applied check are both authored at step 2; a later, unrelated edit of the file follows
    later = "    return round(total, 2)\n"
    path = swe_traj(tmp_path, [OPEN,
                               (f"edit 20:21\n{CHECK}end_of_edit", refused("F821 undefined name 'Refund'")),
                               (f"edit 2:2\n{IMPORT}end_of_edit", "File updated."),
                               (f"edit 21:22\n{CHECK}end_of_edit", "File updated."),
                               ("search_file 'def total'", "Found 1 matches"),
                               (f"edit 38:38\n{later}end_of_edit", "File updated."),
                               ("submit", diff("books/ledger.py"))], diff("books/ledger.py"))
    traj = transcript.parse_file(str(path))
    assert [(c.step, c.applied) for c in audit.changes(traj)[0]] == [(2, 3), (2, 4), (6, 6)]
    diag = audit.diagnose(traj)
    assert diag.chosen is not None and diag.chosen.step == 2
