"""``statewise audit`` on bash-only sessions: one test per cause of disagreement found on the development data
(scratch files deleted afterwards, a fix bent to an outdated test, a diagnostic revert whose change is put back,
sympy's test runner, preparatory import edits, content written to a file and inserted by a later command)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from statewise_cli import transcript
from statewise_cli.actions.normalize import describe_call
from statewise_cli.audit import investigate as audit
from statewise_cli.transcript import parse_test_outcome

SUBMIT = "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"


def bash(cmd: str) -> str:
    return f"THOUGHT: next.\n\n```bash\n{cmd}\n```"


def obs(output: str, rc: int = 0) -> str:
    return f"<returncode>{rc}</returncode>\n<output>\n{output}</output>"


def report(*failing: str) -> str:
    lines = ["# SWE-bench report", f"## FAIL_TO_PASS failing ({len(failing)})", *(f"FAILED {t}" for t in failing),
             "## FAIL_TO_PASS passing (0)", "", "## PASS_TO_PASS failing (0)", "## PASS_TO_PASS passing (12)"]
    return "\n".join(lines) + "\n"


def diff(*paths: str) -> str:
    return "".join(f"diff --git a/{p} b/{p}\n--- a/{p}\n+++ b/{p}\n" for p in paths)


def mini_traj(tmp_path: Path, turns: list[tuple[str, str | None]], submission: str = "") -> Path:
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
    return path


def chosen(tmp_path: Path, turns: list[tuple[str, str | None]], submission: str, tests: str) -> audit.Candidate:
    diag = audit.diagnose(transcript.parse_file(str(mini_traj(tmp_path, turns, submission))), tests_text=tests)
    assert diag.chosen is not None
    return diag.chosen


# ------------------------------------------------------------------ the normalizer: rm is a delete of its paths
def test_rm_is_a_delete_of_its_paths() -> None:
    call = describe_call("bash", "rm -rf repro_dir check.py", command="rm -rf repro_dir check.py", root="/testbed")
    assert (call.kind, call.role, call.writes) == ("command", "delete", ("repro_dir", "check.py"))


# ------------------------------------------------------------------ files the agent deleted were scratch work
def test_files_deleted_afterwards_are_not_the_decisive_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("mkdir reproduction"), obs("")),
        (bash("cat <<'EOF' > reproduction/example.py\nimport typing\nX: typing.Literal[True]\nEOF"), obs("")),
        (bash("cat <<'EOF' > reproduction/conf.py\nextensions = ['sphinx.ext.autodoc']\nEOF"), obs("")),
        (bash("sed -i '183s/node.strip():/node.strip() and str(node) != \"True\":/' sphinx/domains/python.py"), obs("")),
        (bash("rm -rf reproduction"), obs("")),
        (bash(SUBMIT), None),
    ], diff("setup.py"), report("tests/test_domain_py.py::test_parse_annotation_Literal"))
    assert (c.step, c.phase) == (4, "patch")
    assert "does not contain" in c.reason  # the sed matched nothing: the submitted diff lacks the file


def test_a_file_deleted_and_written_again_keeps_its_first_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("cat <<'EOF' > pkg/new_transforms.py\ndef itrs_to_altaz(c, f):\n    return f\nEOF"), obs("")),
        (bash("python -m pytest pkg/tests/test_x.py"), obs("1 failed, 3 passed in 0.1s\n", 1)),
        (bash("rm pkg/new_transforms.py"), obs("")),
        (bash("cat <<'EOF' > pkg/new_transforms.py\ndef itrs_to_altaz(c, f):\n    return f.realize(c)\nEOF"), obs("")),
        (bash(SUBMIT), None),
    ], diff("pkg/new_transforms.py"), report("pkg/tests/test_x.py::test_topo"))
    assert c.step == 1


# ------------------------------------------------------------------ a fix bent to fit an outdated test
def test_a_fix_narrowed_until_an_outdated_test_passed_is_a_verification_error(tmp_path: Path) -> None:
    failing_run = ("sympy/sets/tests/test_contains.py[6] ....E.   [FAIL]\n\n"
                   "________ sympy/sets/tests/test_contains.py:test_as_set ________\n"
                   "sympy.testing.pytest.Failed: DID NOT RAISE\n\n"
                   "=========== tests finished: 5 passed, 1 exceptions, in 0.40 seconds ============\n")
    passing_run = "sympy/sets/tests/test_contains.py[6] ......   [OK]\n\n== tests finished: 6 passed, in 0.03 seconds ==\n"
    c = chosen(tmp_path, [
        (bash("cat sympy/sets/contains.py"), obs("    def as_set(self):\n        raise NotImplementedError()\n")),
        (bash("sed -i 's/raise NotImplementedError()/return self.args[1]/' sympy/sets/contains.py"), obs("")),
        (bash("bin/test sympy/sets/tests/test_contains.py"), obs(failing_run, 1)),
        (bash("cat sympy/sets/tests/test_contains.py"), obs("def test_as_set():\n    raises(NotImplementedError, f)\n")),
        (bash("sed -i 's/return self.args\\[1\\]/if isinstance(self.args[1], FiniteSet): raise "
              "NotImplementedError()\\n        return self.args[1]/' sympy/sets/contains.py"), obs("")),
        (bash("bin/test sympy/sets/tests/test_contains.py"), obs(passing_run)),
        (bash(SUBMIT), None),
    ], diff("sympy/sets/contains.py"), report("test_as_set"))
    assert (c.step, c.phase, c.cause) == (5, "verification", "reverted_fix")


def test_fixing_code_after_a_test_the_report_does_not_fail_is_no_bend(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -i 's/a = 1/a = 2/' pkg/core.py"), obs("")),
        (bash("python -m pytest pkg/tests"), obs("FAILED pkg/tests/test_core.py::test_other - assert 1\n"
                                                 "1 failed, 9 passed in 0.1s\n", 1)),
        (bash("sed -i 's/b = 1/b = 2/' pkg/core.py"), obs("")),
        (bash("python -m pytest pkg/tests"), obs("10 passed in 0.1s\n")),
        (bash(SUBMIT), None),
    ], diff("pkg/core.py"), report("pkg/tests/test_core.py::test_new"))
    assert (c.step, c.phase) == (1, "patch")


def test_sympy_runner_output_is_a_test_outcome() -> None:
    out = parse_test_outcome("== tests finished: 105 passed, 2 expected to fail, 9 exceptions, in 3.1 seconds ==\n")
    assert out is not None and (out.framework, out.passed, out.failed, out.errors) == ("sympy", 105, 0, 9)
    out = parse_test_outcome("____ a/tests/test_b.py:test_c ____\n== tests finished: 3 passed, 1 failed, in 0.1 seconds ==\n")
    assert out is not None and not out.ok and out.failing == ("a/tests/test_b.py::test_c",)


# ------------------------------------------------------------------ a diagnostic revert
def test_a_revert_whose_change_is_put_back_is_not_decisive(tmp_path: Path) -> None:
    fix = ("cat <<'EOF' > apply_fix.py\npath = 'pkg/autodoc.py'\ntext = open(path).read()\n{comment}"
           "open(path, 'w').write(text.replace('break', 'continue'))\nEOF")
    c = chosen(tmp_path, [
        (bash("cat pkg/autodoc.py"), obs("def find_signature(self):\n    break\n")),
        (bash(fix.format(comment="# careful: indices shift\n")), obs("")),
        (bash("python3 apply_fix.py"), obs("")),
        (bash("pytest tests/test_autodoc.py"), obs("FAILED tests/test_autodoc.py::test_autodoc\n1 failed, 52 passed in 1.0s\n", 1)),
        (bash("git checkout pkg/autodoc.py"), obs("")),
        (bash("pytest tests/test_autodoc.py"), obs("FAILED tests/test_autodoc.py::test_autodoc\n1 failed, 52 passed in 1.0s\n", 1)),
        (bash(fix.format(comment="")), obs("")),
        (bash("python3 apply_fix.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("pkg/autodoc.py"), report("tests/test_configs.py::test_docstring_signature"))
    assert (c.step, c.phase) == (2, "patch")


# ------------------------------------------------------------------ taking debug prints out again changes no code
def test_deleting_debug_prints_by_pattern_is_not_the_decisive_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -i '453i\\            print(f\"DEBUG: field={field.name}\")' django/db/backends/base/schema.py"), obs("")),
        (bash("python3 manage.py migrate"), obs("DEBUG: field=variaveis\nAttributeError: 'str' object has no attribute '_meta'\n", 1)),
        (bash("sed -i '/DEBUG: field=/d' django/db/backends/base/schema.py"), obs("")),
        (bash("sed -i \"s/if field.remote_field.through._meta.auto_created:/if hasattr(field.remote_field.through, "
              "'_meta') and field.remote_field.through._meta.auto_created:/g\" django/db/backends/base/schema.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("django/db/backends/base/schema.py"), report("test_create_with_through_model_separate_apps (m.T)"))
    assert c.step == 4


# ------------------------------------------------------------------ taking a change back and trying anew is no bend
def test_undoing_a_change_after_a_failing_test_keeps_the_first_change_suspect(tmp_path: Path) -> None:
    failing = ("FAIL: test_get_language_from_path_real (i18n.tests.MiscTests)\n"
               "AssertionError: 'de' is not None\nRan 214 tests in 3.0s\n\nFAILED (failures=1)\n")
    c = chosen(tmp_path, [
        (bash("sed -i '46s/?/*/' django/utils/translation/trans_real.py"), obs("")),
        (bash("python3 tests/runtests.py i18n"), obs(failing, 1)),
        (bash("sed -i '46s/*/?/' django/utils/translation/trans_real.py"), obs("")),
        (bash("sed -i '46s/(\\\\w+(/(\\\\w{2,3}(/' django/utils/translation/trans_real.py"), obs("")),
        (bash("python3 tests/runtests.py i18n"), obs("Ran 214 tests in 3.0s\n\nOK\n")),
        (bash(SUBMIT), None),
    ], diff("django/utils/translation/trans_real.py"),
        report("test_get_language_from_path_real (i18n.tests.MiscTests)"))
    assert (c.step, c.phase) == (1, "patch")


# ------------------------------------------------------------------ one command putting back two undone changes
def test_a_change_putting_back_an_import_and_its_code_keeps_the_first_step(tmp_path: Path) -> None:
    body = "    reader = csv.reader([string], delimiter=sep)\\n    return next(reader)"
    c = chosen(tmp_path, [
        (bash("sed -i '18i import csv' pylint/utils/utils.py"), obs("")),
        (bash(f"sed -i '233c\\\\{body}' pylint/utils/utils.py"), obs("")),
        (bash("pytest --doctest-modules pylint/utils/utils.py"), obs("FAILED pylint/utils/utils.py::x\n1 failed in 0.1s\n", 1)),
        (bash("git checkout pylint/utils/utils.py"), obs("")),
        (bash("pytest --doctest-modules pylint/utils/utils.py"), obs("FAILED pylint/utils/utils.py::x\n1 failed in 0.1s\n", 1)),
        (bash(f"sed -i '18i import csv' pylint/utils/utils.py && sed -i '233c\\\\{body}' pylint/utils/utils.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("pylint/utils/utils.py"), report("tests/config/test_config.py::test_csv_regex_error"))
    assert (c.step, c.phase) == (1, "patch")


# ------------------------------------------------------------------ the report names the module under test
def test_an_earlier_side_fix_elsewhere_is_not_the_decisive_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -i \"s/elif annotation._special:/elif getattr(annotation, '_special', False):/\" "
              "sphinx/util/typing.py"), obs("")),
        (bash("sed -i '117i\\            if not node.elts:\\n                return [punct(\"()\")]' "
              "sphinx/domains/python.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("sphinx/util/typing.py", "sphinx/domains/python.py"),
        report("tests/test_domain_py.py::test_parse_annotation", "tests/test_pycode_ast.py::test_unparse[()-()]"))
    assert c.step == 2


# ------------------------------------------------------------------ the later development batches keep their margin
def test_later_development_batches_stay_well_above_the_first_edit_baseline() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import audit_eval

    for split, size, batch in (("dev_extra", 19, "a"), ("dev_extra2", 14, "a"), ("dev", 13, "b")):
        rows = audit_eval.evaluate_real(split, batch)["rows"]
        ours = sum(r["pred"] == r["gold"] for r in rows)
        first = sum(r["first_edit"] == r["gold"] for r in rows)
        assert len(rows) == size and ours >= first + 5, (split, batch, ours, first)


# ------------------------------------------------------------------ content written to a file, spliced in later
def test_a_block_written_to_a_file_and_spliced_in_is_authored_where_it_was_written(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -n '360,380p' sphinx/directives/other.py"), obs("class Include(BaseInclude):\n    def run(self):\n")),
        (bash("cat <<'EOF' > new_include.txt\nclass Include(BaseInclude):\n    def run(self):\n        return []\nEOF"),
         obs("")),
        (bash("grep -n 'class Include' sphinx/directives/other.py"), obs("366:class Include(BaseInclude):\n")),
        (bash("sed -i '366,380d' sphinx/directives/other.py && sed -i '365r new_include.txt' sphinx/directives/other.py"),
         obs("")),
        (bash(SUBMIT), None),
    ], diff("sphinx/directives/other.py"), report("tests/test_directive_other.py::test_include_source_read_event"))
    assert (c.step, c.phase) == (2, "patch")


# ------------------------------------------------------------------ a helper script repaired in place, then run
def test_a_fix_script_repaired_in_place_keeps_the_step_that_wrote_it(tmp_path: Path) -> None:
    script = ("cat <<'EOF' > apply_fix.py\nwith open('django/template/defaultfilters.py') as f:\n    s = f.read()\n"
              "s = s.replace('return value + arg', 'return str(value) + str(arg)')\n"
              "with open('django/template/defaultfilters.py', 'w') as f:\n    f.write(s)\nEOF\npython3 apply_fix.py")
    c = chosen(tmp_path, [
        (bash("sed -n '670,690p' django/template/defaultfilters.py"), obs("def add(value, arg):\n")),
        (bash(script), obs("Traceback (most recent call last):\n  File \"apply_fix.py\", line 2, in <module>\n"
                           "UnicodeDecodeError: 'ascii' codec can't decode byte 0xe2\n", 1)),
        (bash("sed -i \"s/open('django\\/template\\/defaultfilters.py')/open('django\\/template\\/defaultfilters.py', "
              "encoding='utf-8')/\" apply_fix.py\npython3 apply_fix.py"), obs("")),
        (bash("sed -i 's/return self.__cast()/return str(self.__cast())/' django/utils/functional.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("django/template/defaultfilters.py", "django/utils/functional.py"), report("test_add_lazy (template_tests.filter_tests.test_add.FunctionTests)"))
    assert (c.step, c.phase) == (2, "patch")


# ------------------------------------------------------------------ a first attempt the shell could not parse
def test_an_edit_the_shell_could_not_parse_and_then_rewritten_is_authored_at_the_first_attempt(tmp_path: Path) -> None:
    method = ["    def _print_Rational(self, e):", "        return \"{func}('{val}')\".format(",
              "            func=self._module_format('mpmath.mpf'),", "            val=str(e))"]
    sed = "sed -i '333a\\\n" + "\\\n".join(m.replace("'", "\\'") for m in method) + "' sympy/printing/pycode.py"
    script = ("cat <<'EOF' > update_pycode.py\nwith open('sympy/printing/pycode.py') as f:\n    lines = f.readlines()\n"
              "lines[333:333] = [\n" + "".join(f"    {m!r},\n" for m in method) + "]\n"
              "with open('sympy/printing/pycode.py', 'w') as f:\n    f.writelines(lines)\nEOF")
    c = chosen(tmp_path, [
        (bash("sed -n '320,340p' sympy/printing/pycode.py"), obs("    def _print_Float(self, e):\n")),
        (bash(sed), obs("bash: -c: line 4: syntax error near unexpected token `)'\n", 2)),
        (bash(script), obs("")),
        (bash("python3 update_pycode.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("sympy/printing/pycode.py"), report("sympy/printing/tests/test_pycode.py::test_MpmathPrinter"))
    assert (c.step, c.phase) == (2, "patch")


def test_a_failed_command_followed_by_a_different_change_keeps_the_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -i 's/return value + arg/return str(value) + str(arg)' django/template/defaultfilters.py"),
         obs("sed: -e expression #1, char 47: unterminated `s' command\n", 1)),
        (bash("sed -i 's/except Exception:/except (TypeError, ValueError):/' django/template/defaultfilters.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("django/template/defaultfilters.py"), report("test_add (template_tests.filter_tests.test_add.FunctionTests)"))
    assert c.step == 2


# ------------------------------------------------------------------ a later revision broke a test that had passed
def test_a_later_revision_that_broke_a_passing_test_is_the_decisive_change(tmp_path: Path) -> None:
    run = "python -m pytest tests/test_similar.py -v"
    c = chosen(tmp_path, [
        (bash("sed -i 's/if self.min_lines < 0:/if self.min_lines <= 0:/' pylint/checkers/similar.py"), obs("")),
        (bash(run), obs("tests/test_similar.py::test_set_duplicate_lines_to_zero PASSED\n12 passed in 0.3s\n")),
        (bash("sed -i 's/return total/return total or 0/' pylint/checkers/similar.py"), obs("")),
        (bash(run), obs("FAILED tests/test_similar.py::test_set_duplicate_lines_to_zero - assert 1 == 0\n"
                        "1 failed, 11 passed in 0.3s\n", 1)),
        (bash(SUBMIT), None),
    ], diff("pylint/checkers/similar.py"), report("tests/test_similar.py::test_set_duplicate_lines_to_zero"))
    assert (c.step, c.phase) == (3, "patch")
    assert "broke" in c.reason


# ------------------------------------------------------------------ an import alone only prepares the change
def test_an_import_alone_only_prepares_the_change_that_uses_it(tmp_path: Path) -> None:
    method = ("        async def acreate(self, **kwargs):\\n"
              "            return await sync_to_async(self.create)(**kwargs)")
    c = chosen(tmp_path, [
        (bash("sed -i '1s/^/from asgiref.sync import sync_to_async\\n/' django/db/models/fields/related_descriptors.py"),
         obs("")),
        (bash("grep -n 'create.alters_data = True' django/db/models/fields/related_descriptors.py"),
         obs("795:        create.alters_data = True\n")),
        (bash(f"sed -i '795a\\\\{method}' django/db/models/fields/related_descriptors.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("django/db/models/fields/related_descriptors.py"),
        report("test_acreate (generic_relations.test_async.GenericRelationsAsyncTests)"))
    assert (c.step, c.phase) == (3, "patch")
    assert "only prepared it" in c.reason


def test_an_import_whose_step_wrote_out_the_change_is_where_the_approach_was_decided(tmp_path: Path) -> None:
    body = "    reader = csv.reader([string], delimiter=sep, skipinitialspace=True)"
    c = chosen(tmp_path, [
        (bash("grep -n 'def _splitstrip' pylint/utils/utils.py"), obs("212:def _splitstrip(string, sep=','):\n")),
        ((f"THOUGHT: I will parse with csv:\n\n```python\ndef _splitstrip(string, sep=','):\n{body}\n"
          "    return [w.strip() for w in next(reader)]\n```\n\nFirst the import.\n\n```bash\n"
          "sed -i '18i import csv' pylint/utils/utils.py\n```"), obs("")),
        (bash(f"sed -i '225i\\\\{body}' pylint/utils/utils.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("pylint/utils/utils.py"), report("tests/config/test_config.py::test_csv_regex_comma_in_quantifier"))
    assert (c.step, c.phase) == (2, "patch")


def test_a_defaulted_parameter_and_its_docstring_only_prepare_the_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -i 's/def where(cond, x, y):/def where(cond, x, y, keep_attrs=None):/' xarray/core/computation.py"),
         obs("")),
        (bash("sed -i '1745a\\    keep_attrs : bool, optional\\n        Whether to copy attributes from the first argument "
              "to the output.' xarray/core/computation.py"), obs("")),
        (bash("sed -i '1814,1822c\\    return apply_ufunc(duck_array_ops.where, cond, x, y, keep_attrs=keep_attrs)' "
              "xarray/core/computation.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("xarray/core/computation.py"), report("xarray/tests/test_computation.py::test_where_attrs"))
    assert (c.step, c.phase) == (3, "patch")
    assert "1, 2 only prepared it" in c.reason


# ------------------------------------------------------------------ a reproduction project in a new directory
def test_files_written_into_a_directory_the_session_created_are_scratch(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("mkdir reproduce_issue"), obs("")),
        (bash("cd reproduce_issue && mkdir -p src/gen && cat <<EOF > pyproject.toml\n[tool.pylint.MASTER]\n"
              "ignore-paths = ['^src/gen/.*$']\nEOF\ncat <<EOF > src/gen/about.py\nx = 1\nEOF"), obs("")),
        (bash("sed -i 's/if self._is_ignored(path):/if self._is_ignored(os.path.normpath(path)):/' "
              "pylint/lint/pylinter.py"), obs("")),
        (bash(SUBMIT), None),
    ], "", report("tests/test_self.py::TestRunTC::test_ignore_path_recursive_current_dir"))
    assert c.step == 3


# ------------------------------------------------------------------ a helper script never run, then written again
def test_a_helper_script_never_run_and_written_again_is_authored_at_the_first(tmp_path: Path) -> None:
    body = ("with open('sympy/stats/crv_types.py') as f:\n    lines = f.readlines()\n"
            "code = '    def _cdf(self, x):\\n        return 2*asin(sqrt((x - a)/(b - a)))/pi\\n'\n"
            "lines.insert(lines.index('class ArcsinDistribution(SingleContinuousDistribution):\\n') + 3, code)\n"
            "with open('sympy/stats/crv_types.py', 'w') as f:\n    f.writelines(lines)\n")
    c = chosen(tmp_path, [
        (bash(f"cat <<'EOF' > update_crv_types.py\n{body}EOF"), obs("")),
        (bash("grep -A 5 'class ArcsinDistribution' sympy/stats/crv_types.py"), obs("class ArcsinDistribution(...):\n")),
        (bash(f"cat <<'EOF' > update_crv_types_v2.py\n{body}EOF"), obs("")),
        (bash("python3 update_crv_types_v2.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("sympy/stats/crv_types.py"), report("sympy/stats/tests/test_continuous_rv.py::test_arcsin"))
    assert (c.step, c.phase) == (1, "patch")


# ------------------------------------------------------------------ the same idea re-done after a revert
def test_a_change_redone_after_a_revert_keeps_the_step_that_first_wrote_it(tmp_path: Path) -> None:
    first = ("sed -i '2468a\\                elif isinstance(artist, mcoll.Collection):\\n"
             "                    self.dataLim.update_from_bbox(artist.get_datalim(self.transData))' lib/matplotlib/axes/_base.py")
    again = ("sed -i '2474a\\                elif isinstance(artist, mcoll.Collection):\\n"
             "                    self.dataLim.update_from_data_xy(artist.get_datalim(self.transData).get_points())' "
             "lib/matplotlib/axes/_base.py")
    c = chosen(tmp_path, [
        (bash(first), obs("")),
        (bash("git checkout lib/matplotlib/axes/_base.py"), obs("")),
        (bash(again), obs("")),
        (bash(SUBMIT), None),
    ], diff("lib/matplotlib/axes/_base.py"), report("lib/matplotlib/tests/test_axes.py::test_twin_units[x]"))
    assert (c.step, c.phase) == (1, "patch")
    assert "same idea" in c.reason


def test_a_different_change_after_a_revert_is_the_decisive_one(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -i 's/self.dataLim.ignore(True)/self.dataLim.ignore(False)/' lib/matplotlib/axes/_base.py"), obs("")),
        (bash("git checkout lib/matplotlib/axes/_base.py"), obs("")),
        (bash("sed -i 's/ax2 = self._make_twin_axes(sharex=self)/ax2 = self._make_twin_axes(sharex=self, units=None)/' "
              "lib/matplotlib/axes/_base.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("lib/matplotlib/axes/_base.py"), report("lib/matplotlib/tests/test_axes.py::test_twin_units[x]"))
    assert c.step == 3


# ------------------------------------------------------------------ names added to a parenthesized import list
def test_names_added_to_an_import_list_only_prepare_the_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("sed -i 's/lowergamma, erf, erfc, I)/lowergamma, erf, erfc, I, asin)/' sympy/stats/crv_types.py"), obs("")),
        (bash("sed -i '150a\\    def _cdf(self, x):\\n        return 2*asin(sqrt((x - self.a)/(self.b - self.a)))/pi' "
              "sympy/stats/crv_types.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("sympy/stats/crv_types.py"), report("sympy/stats/tests/test_continuous_rv.py::test_arcsin"))
    assert c.step == 2


# ------------------------------------------------------------------ cleaning up debug prints and a scratch app at once
def test_debug_cleanup_together_with_a_scratch_file_is_not_the_decisive_change(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("mkdir -p reproduce_app && touch reproduce_app/__init__.py"), obs("")),
        (bash("cat <<'EOF' > reproduce_app/models.py\nfrom django.db import models\nEOF"), obs("")),
        (bash("sed -i '1084i\\        print(f\"DEBUG: instance.id: {instance.id}\")' django/forms/models.py"), obs("")),
        (bash("sed -i '1084d' django/forms/models.py"), obs("")),
        (bash("sed -i '/DEBUG/d' django/forms/models.py && cat <<'EOF' > reproduce_app/models.py\n"
              "from django.db import models\nclass Thing(models.Model):\n    name = models.CharField(max_length=9)\nEOF"), obs("")),
        (bash("sed -i '1180,1181c\\            if to_field.has_default() and getattr(self.instance, to_field.attname) is None:"
              "\\n                setattr(self.instance, to_field.attname, None)' django/forms/models.py"), obs("")),
        (bash(SUBMIT), None),
    ], diff("django/forms/models.py"), report("test_inlineformset_factory_nulls_default_pks (model_formsets.tests.ModelFormsetTest)"))
    assert (c.step, c.phase) == (6, "patch")


# ------------------------------------------------------------------ going back to a version taken back earlier
def test_going_back_to_a_version_taken_back_before_the_failing_run_is_no_bend(tmp_path: Path) -> None:
    failing = ("sympy/core/tests/test_assumptions.py[60] ....F [FAIL]\n"
               "________ sympy/core/tests/test_assumptions.py:test_infinity ________\nAssertionError\n"
               "=========== tests finished: 59 passed, 1 failed, in 1.0 seconds ============\n")
    passing = "sympy/core/tests/test_assumptions.py[60] ...... [OK]\n== tests finished: 60 passed, in 1.0 seconds ==\n"
    even = ("sed -i \"s/'even           ==  integer \\& !odd',/'even           ==  integer \\& !odd',\\n"
            "    'even           ->  finite',/\" sympy/core/assumptions.py")
    odd = ("sed -i \"s/'odd            ==  integer \\& !even',/'odd            ==  integer \\& !even',\\n"
           "    'odd            ->  finite',/\" sympy/core/assumptions.py")
    c = chosen(tmp_path, [
        (bash(even), obs("")),
        (bash("git checkout sympy/core/assumptions.py"), obs("")),
        (bash("sed -i \"s/'integer        ->  rational',/'integer        ->  rational',\\n    'integer        ->  finite',/\" "
              "sympy/core/assumptions.py"), obs("")),
        (bash("bin/test sympy/core/tests/test_assumptions.py"), obs(failing, 1)),
        (bash("git checkout sympy/core/assumptions.py"), obs("")),
        (bash(even + " && " + odd), obs("")),
        (bash("bin/test sympy/core/tests/test_assumptions.py"), obs(passing)),
        (bash(SUBMIT), None),
    ], diff("sympy/core/assumptions.py"), report("test_infinity"))
    assert c.step == 1


def test_a_new_package_directory_inside_the_project_is_not_scratch(tmp_path: Path) -> None:
    c = chosen(tmp_path, [
        (bash("mkdir -p astropy/coordinates/topo && cat <<'EOF' > astropy/coordinates/topo/transforms.py\n"
              "def itrs_to_altaz(c, f):\n    return f.realize_frame(c.cartesian)\nEOF"), obs("")),
        (bash("sed -i 's/from . import builtin_frames/from . import builtin_frames, topo/' astropy/coordinates/__init__.py"),
         obs("")),
        (bash(SUBMIT), None),
    ], diff("astropy/coordinates/topo/transforms.py", "astropy/coordinates/__init__.py"),
        report("astropy/coordinates/tests/test_intermediate_transformations.py::test_straight_overhead"))
    assert c.step == 1
