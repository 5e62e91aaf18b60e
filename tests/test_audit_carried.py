"""``statewise audit``: causes of disagreement found by reading both labelled batches of real sessions as
development data — what the submitted diff carries, tests the report says passed before the change, files moved
or diffs applied by the shell, workarounds for the installed environment, new helpers nothing calls yet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit
from statewise_cli.audit.signals import parse_failure

SUBMIT = "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"


def bash(cmd: str) -> str:
    return f"THOUGHT: next.\n\n```bash\n{cmd}\n```"


def obs(output: str, rc: int = 0) -> str:
    return f"<returncode>{rc}</returncode>\n<output>\n{output}</output>"


def report(failing: tuple[str, ...] = (), unchanged: tuple[str, ...] = ()) -> str:
    lines = ["# SWE-bench report", f"## FAIL_TO_PASS failing ({len(failing)})", *(f"FAILED {t}" for t in failing),
             "## FAIL_TO_PASS passing (1)", "PASSED test_new_behaviour", "",
             f"## PASS_TO_PASS failing ({len(unchanged)})", *(f"FAILED {t}" for t in unchanged),
             "## PASS_TO_PASS passing (12)"]
    return "\n".join(lines) + "\n"


def sub(path: str, *added: str) -> str:
    """A submitted diff of ``path`` adding ``added``."""
    body = "".join(f"+{ln}\n" for ln in added)
    return f"diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n@@ -1,3 +1,4 @@\n{body}"


def traj(tmp_path: Path, turns: list[tuple[str, str | None]], submission: str) -> transcript.Trajectory:
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a helpful assistant."},
                                      {"role": "user", "content": "<pr_description>Fix it.</pr_description>"}]
    for text, seen in turns:
        messages.append({"role": "assistant", "content": text})
        if seen is not None:
            messages.append({"role": "user", "content": seen})
    data = {"trajectory_format": "mini-swe-agent-1", "instance_id": "x",
            "info": {"submission": submission, "config": {"environment": {"cwd": "/testbed"}}}, "messages": messages}
    path = tmp_path / "x.traj.json"
    path.write_text(json.dumps(data))
    return transcript.parse_file(str(path))


def chosen(tmp_path: Path, turns: list[tuple[str, str | None]], submission: str, tests: str) -> audit.Candidate:
    diag = audit.diagnose(traj(tmp_path, turns, submission), tests_text=tests)
    assert diag.chosen is not None
    return diag.chosen


# ------------------------------------------------------------------ tests the reference did not update
def test_the_report_keeps_which_failing_tests_passed_before_the_change() -> None:
    failure = parse_failure(report(("test_new",), ("test_old",)), "report")
    assert failure.failing == ("test_new", "test_old") and failure.unchanged == ("test_old",)


def test_a_pass_to_pass_test_the_agent_made_pass_again_is_no_bend(tmp_path: Path) -> None:
    """The report's failing test passed before the change (PASS_TO_PASS): it was not updated, so the agent's later
    change that made it pass in its own run did not bend the fix to an outdated test; the first change stays."""
    c = chosen(tmp_path, [
        (bash("sed -i 's/a = 1/a = 2/' pkg/core.py"), obs("")),
        (bash("python -m pytest pkg/tests"), obs("FAILED pkg/tests/test_core.py::test_old - assert 1\n"
                                                 "1 failed, 9 passed in 0.1s\n", 1)),
        (bash("sed -i 's/b = 1/b = 2/' pkg/core.py"), obs("")),
        (bash("python -m pytest pkg/tests"), obs("10 passed in 0.1s\n")),
        (bash(SUBMIT), None),
    ], sub("pkg/core.py", "a = 2", "b = 2"), report(unchanged=("pkg/tests/test_core.py::test_old",)))
    assert (c.step, c.cause) == (1, "wrong_patch")


# ------------------------------------------------------------------ what the submitted diff carries
def test_a_probe_taken_out_again_is_not_the_decisive_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -i '388i\\        raise RuntimeError(\"I am here\")' sphinx/domains/python.py"), obs("")),
        (bash("sphinx-build -b html docs _build"), obs("RuntimeError: I am here\n", 1)),
        (bash("sed -i '388d' sphinx/domains/python.py"), obs("")),
        (bash("sed -i \"358s/rolename='obj'/rolename='attr'/\" sphinx/domains/python.py"), obs("")),
        (bash(SUBMIT), None),
    ], sub("sphinx/domains/python.py", "                     rolename='attr',"),
        report(("tests/test_domain_py.py::test_info_field_list_var",)))
    assert (c.step, c.phase) == (4, "patch")


def test_a_change_re_edited_into_the_submitted_form_is_still_carried() -> None:
    first = audit.Change(3, 3, ("lib/widgets.py",), "source",
                         "-self._rect = Rectangle((0, 0), w, h,\n+self._rect = Rectangle((np.nan, np.nan), w, h,")
    probe = audit.Change(4, 4, ("lib/widgets.py",), "source", "+raise RuntimeError('I am here')")
    added = {"lib/widgets.py": ["rect_xy = (np.nan, 0)", "self._rect = Rectangle(rect_xy, w, h,"]}
    assert audit._carried(first, added) and not audit._carried(probe, added)
    assert audit._carried(probe, None) and audit._carried(probe, {"lib/other.py": ["x = 1"]})


def test_short_rule_lines_written_again_after_a_revert_keep_the_first_step(tmp_path: Path) -> None:
    script = ("cat <<'EOF' > edit_rules.py\nlines = open('sympy/core/assumptions.py').readlines()\nnew_lines = []\n"
              "for line in lines:\n    new_lines.append(line)\n"
              "    if \"'even == integer & !odd',\" in line:\n        new_lines.append(\"    'even -> finite',\\n\")\n"
              "    if \"'odd == integer & !even',\" in line:\n        new_lines.append(\"    'odd -> finite',\\n\")\n"
              "with open('sympy/core/assumptions.py', 'w') as f:\n    f.writelines(new_lines)\nEOF\n"
              "python edit_rules.py")
    c = chosen(tmp_path, [
        (bash("sed -i \"s/'even == integer \\& !odd',/'even == integer \\& !odd',\\n    'even -> finite',/\" "
              "sympy/core/assumptions.py"), obs("")),
        (bash("sed -i \"s/'odd == integer \\& !even',/'odd == integer \\& !even',\\n    'odd -> finite',/\" "
              "sympy/core/assumptions.py"), obs("")),
        (bash("git checkout sympy/core/assumptions.py"), obs("")),
        (bash(script), obs("")),
        (bash(SUBMIT), None),
    ], sub("sympy/core/assumptions.py", "    'even -> finite',", "    'odd -> finite',"), report(("test_infinity",)))
    assert (c.step, c.phase) == (1, "patch")


# ------------------------------------------------------------------ files the shell moves, diffs it applies
def test_a_new_version_moved_over_a_file_is_a_change_of_that_file(tmp_path: Path) -> None:
    t = traj(tmp_path, [
        (bash("cat <<'EOF' > pkg/query.py.new\nclass UpdateQuery:\n    related_ids = None\nEOF"), obs("")),
        (bash("mv pkg/query.py.new pkg/query.py"), obs("")),
        (bash(SUBMIT), None),
    ], sub("pkg/query.py", "    related_ids = None"))
    found = [(c.step, c.applied, c.paths, c.kind) for c in audit.changes(t)[0]]
    assert (1, 2, ("pkg/query.py",), "source") in found
    assert not any(kind == "source" and paths == ("pkg/query.py.new",) for _s, _a, paths, kind in found)


def test_a_diff_written_and_applied_in_one_command_changes_the_files_it_names(tmp_path: Path) -> None:
    patch = ("cat <<'EOF' > pkg/schema.py.patch\n--- pkg/schema.py\n+++ pkg/schema.py\n@@ -1,2 +1,2 @@\n"
             "-    collation = None\n+    collation = new_collation\nEOF\npatch -p0 < pkg/schema.py.patch")
    t = traj(tmp_path, [(bash(patch), obs("patching file pkg/schema.py\n")), (bash(SUBMIT), None)],
             sub("pkg/schema.py", "    collation = new_collation"))
    assert [(c.step, c.paths, c.kind) for c in audit.changes(t)[0]] == [(1, ("pkg/schema.py",), "source")]


def test_a_block_spliced_in_and_then_removed_by_one_command_is_a_change(tmp_path: Path) -> None:
    splice = ("cat <<'EOF' > replacement.txt\n    def delete_cookie(self, key, samesite=None):\n        pass\nEOF\n"
              "sed -i '213,220d' pkg/response.py && sed -i '212r replacement.txt' pkg/response.py && rm replacement.txt")
    c = chosen(tmp_path, [
        (bash("cat pkg/response.py"), obs("    def delete_cookie(self, key):\n        pass\n")),
        (bash(splice), obs("")),
        (bash("sed -i 's/delete_cookie(name)/delete_cookie(name, samesite=s)/' pkg/storage.py"), obs("")),
        (bash(SUBMIT), None),
    ], sub("pkg/response.py", "    def delete_cookie(self, key, samesite=None):") + sub(
        "pkg/storage.py", "delete_cookie(name, samesite=s)"), report(("test_delete_cookie_samesite",)))
    assert (c.step, c.phase) == (2, "patch")


# ------------------------------------------------------------------ the installed environment
def test_taking_out_a_call_the_installed_library_rejects_is_an_environment_workaround(tmp_path: Path) -> None:
    trace = ("Traceback (most recent call last):\n"
             '  File "/testbed/repro.py", line 3, in <module>\n    p.plot()\n'
             '  File "/testbed/seaborn/_core/plot.py", line 1478, in split_generator\n'
             '    with pd.option_context("mode.use_inf_as_null", True):\n'
             '  File "/opt/conda/lib/python3.9/site-packages/pandas/_config/config.py", line 121, in _get_single_key\n'
             "    raise OptionError(pat)\n"
             "pandas._config.config.OptionError: No such keys(s): 'mode.use_inf_as_null'\n")
    c = chosen(tmp_path, [
        (bash("python repro.py"), obs(trace, 1)),
        (bash("sed -i 's/with pd.option_context(\"mode.use_inf_as_null\", True):/if True:/' seaborn/_core/plot.py"),
         obs("")),
        (bash("sed -i 's/ax.set_ylim(lo, hi)/ax.set_ylim(hi, lo)/' seaborn/_core/plot.py"), obs("")),
        (bash(SUBMIT), None),
    ], sub("seaborn/_core/plot.py", "if True:", "ax.set_ylim(hi, lo)"),
        report(("tests/_core/test_plot.py::TestScaling::test_nominal_y_axis_tweaks",)))
    assert (c.step, c.phase) == (3, "patch")


# ------------------------------------------------------------------ a new helper nothing calls yet
def test_a_new_helper_only_prepares_the_change_that_calls_it(tmp_path: Path) -> None:
    helper = ("sed -i '144a\\\\\\n    def verify_hash_with_fallbacks(self, value):\\\\\\n"
              "        return value in self.candidate_hashes()' pkg/base_user.py")
    c = chosen(tmp_path, [
        (bash("cat pkg/base_user.py"), obs("class AbstractBaseUser:\n    def get_session_hash(self):\n")),
        (bash(helper), obs("")),
        (bash("sed -i 's/if not user.get_session_hash() == stored:/if not user.verify_hash_with_fallbacks(stored):/' "
              "pkg/auth.py"), obs("")),
        (bash(SUBMIT), None),
    ], sub("pkg/base_user.py", "    def verify_hash_with_fallbacks(self, value):") + sub(
        "pkg/auth.py", "if not user.verify_hash_with_fallbacks(stored):"), report(("test_get_user_fallback_secret",)))
    assert (c.step, c.phase) == (3, "patch")
    assert "only prepared it" in c.reason


def test_replacing_a_function_the_repository_had_is_no_new_helper(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("cat pkg/response.py"), obs("    def delete_cookie(self, key):\n        pass\n")),
        (bash("sed -i '212a\\    def delete_cookie(self, key, samesite=None):' pkg/response.py"), obs("")),
        (bash("sed -i 's/delete_cookie(name)/delete_cookie(name, samesite=s)/' pkg/storage.py"), obs("")),
        (bash(SUBMIT), None),
    ], sub("pkg/response.py", "    def delete_cookie(self, key, samesite=None):") + sub(
        "pkg/storage.py", "delete_cookie(name, samesite=s)"), report(("test_delete_cookie_samesite",)))
    assert (c.step, c.phase) == (2, "patch")


# ------------------------------------------------------------------ both batches, all development data now
def test_every_labelled_case_of_both_batches_beats_both_baselines_by_fifteen_points() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import audit_eval

    for batch, size in (("a", 78), ("b", 26)):
        result = audit_eval.evaluate_real("every", batch)
        rows = result["rows"]
        assert len(rows) == size and result["step_base"] == 1 and all(r["pred"] is not None for r in rows)
        for tol in (0, 3):
            ours = _hits(rows, "pred", tol)
            assert ours >= 0.5 * size, (batch, tol, ours)
            for base in ("first_edit", "last_edit_before_final_test"):
                assert ours - _hits(rows, base, tol) >= 0.15 * size, (batch, tol, base, ours)


def _hits(rows: list[dict[str, Any]], key: str, tol: int) -> int:
    return sum(r[key] is not None and abs(int(r[key]) - int(r["gold"])) <= tol for r in rows)
