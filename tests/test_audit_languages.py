"""The audit's readers beyond Python, on invented output: test-file conventions, test runners, runner outcomes
(cargo, GoogleTest, CTest, a go package that did not build, a jest suite that did not run), compiler errors as
a failed run, in-repository frames of Go panics, Rust panics and backtraces, JavaScript stacks and sanitizer
reports, and definitions of Rust, Go, TypeScript and C code. An invented Go session and an invented Rust session
are audited end to end."""

from __future__ import annotations

import json

import pytest
from test_audit_formats import mini
from test_audit_roles import report

from statewise_cli.actions.normalize import describe_call
from statewise_cli.actions.paths import is_test_path
from statewise_cli.audit import investigate as audit
from statewise_cli.audit.signals import parse_failure
from statewise_cli.transcript import parse_test_outcome


@pytest.mark.parametrize("path", [
    "store/kv/bucket_test.go", "crates/core/tests/roundtrip.rs", "src/tests.rs", "src/lexer_tests.rs",
    "lib/shape.test.mjs", "web/src/__tests__/grid.tsx", "src/util.spec.ts", "src/buf_test.cc", "src/arena_unittest.cpp",
    "src/test_arena.c", "internal/codec/testdata/case1.json", "app/__mocks__/fs.js", "core/src/LedgerTest.java",
])
def test_test_files_of_other_languages_are_tests(path: str) -> None:
    assert is_test_path(path)


@pytest.mark.parametrize("path", ["store/kv/bucket.go", "crates/core/src/lib.rs", "src/arena.c", "src/testing_utils_impl.rs",
                                  "lib/shape.mjs", "core/src/Ledger.java", "src/contest.c"])
def test_source_files_of_other_languages_are_not_tests(path: str) -> None:
    assert not is_test_path(path)


@pytest.mark.parametrize("command", [
    "cd /work/kv && go test ./store/...", "cargo test -p core roundtrip", "cargo nextest run", "npx jest src/grid",
    "yarn vitest run", "pnpm test", "npm run test:unit", "npx mocha test/shape.js", "ctest --output-on-failure",
    "make -C build check", "meson test -C build", "ninja -C build test", "deno test", "node --test", "bun test",
])
def test_runners_of_other_languages_are_test_runs(command: str) -> None:
    assert describe_call("bash", command, command=command).kind == "test", command


@pytest.mark.parametrize("command", ["go run repro_bucket.go", "npx tsx reproduce_grid.ts", "npx ts-node repro.ts",
                                     "deno run /tmp/check.ts", "go run /tmp/probe/main.go"])
def test_running_the_agents_own_program_is_a_reproduction_run(command: str) -> None:
    assert describe_call("bash", command, command=command).role == "reproduction", command


def test_a_top_level_go_source_file_run_by_name_is_not_the_agents_program() -> None:
    assert describe_call("bash", "go run bucket.go", command="go run bucket.go").role is None
    assert describe_call("bash", "go test ./...", command="go test ./...").role is None


def test_what_a_compiler_writes_with_dash_o_is_a_build_product_not_an_edit() -> None:
    for command in ("gcc -O0 -g -o arena_probe src/arena.c", "clang++ -o /tmp/p probe.cpp", "rustc probe.rs -o probe"):
        assert describe_call("bash", command, command=command, root="/work/kv").kind != "edit", command
    assert describe_call("bash", "sed -i 's/a/b/' src/arena.c", command="sed -i 's/a/b/' src/arena.c").kind == "edit"


CARGO = """running 2 tests
test codec::tests::empty ... ok
test codec::tests::nested ... FAILED

failures:

---- codec::tests::nested stdout ----
thread 'codec::tests::nested' panicked at crates/core/src/codec.rs:88:9:
assertion `left == right` failed
stack backtrace:
   0: rust_begin_unwind
             at /rustc/0ab1/library/std/src/panicking.rs:597:5
   1: core::codec::Decoder::depth
             at ./crates/core/src/codec.rs:88:9
   2: core::codec::tests::nested
             at ./crates/core/src/codec.rs:140:5

failures:
    codec::tests::nested

test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s
"""
GO_PANIC = """--- FAIL: TestBucketGet (0.00s)
panic: runtime error: slice bounds out of range [:9] with capacity 8 [recovered]

goroutine 21 [running]:
testing.tRunner.func1.2({0x6a1c20, 0xc000018120})
\t/usr/local/go/src/testing/testing.go:1545 +0x238
github.com/acme/kv/store.(*Bucket).slot(0xc0000a2000, 0x9)
\t/work/kv/store/bucket.go:131 +0x8c
github.com/acme/kv/store.(*Bucket).Get(...)
\t/work/kv/store/bucket.go:77
github.com/acme/kv/store.TestBucketGet(0xc000103a00)
\t/work/kv/store/bucket_test.go:40 +0x6e
FAIL\tgithub.com/acme/kv/store\t0.015s
FAIL
"""
GO_BUILD = """# github.com/acme/kv/store
store/bucket.go:131:14: undefined: slotMask
FAIL\tgithub.com/acme/kv/store [build failed]
FAIL
"""
JEST_NOT_RUN = """FAIL src/grid.test.ts
  ● Test suite failed to run

    src/grid.ts:52:11 - error TS2339: Property 'cols' does not exist on type 'Layout'.

Test Suites: 1 failed, 1 total
Tests:       0 total
Time:        2.1 s
"""
GTEST = """[==========] Running 3 tests from 1 test suite.
[ RUN      ] ArenaTest.Grow
/work/arena/tests/arena_test.cc:31: Failure
[  FAILED  ] ArenaTest.Grow (0 ms)
[==========] 3 tests from 1 test suite ran. (0 ms total)
[  PASSED  ] 2 tests.
[  FAILED  ] 1 test, listed below:
[  FAILED  ] ArenaTest.Grow
"""
CTEST = """67% tests passed, 1 tests failed out of 3

The following tests FAILED:
\t  2 - arena_grow (Failed)
Errors while running CTest
"""
RUSTC = """   Compiling core v0.3.0 (/work/kv/crates/core)
error[E0599]: no method named `depth_of` found for struct `Decoder` in the current scope
  --> crates/core/src/codec.rs:91:14
error: could not compile `core` (lib) due to 1 previous error
"""
GCC = """src/arena.c: In function 'arena_grow':
src/arena.c:64:9: error: 'newcap' undeclared (first use in this function)
make: *** [Makefile:30: src/arena.o] Error 1
"""
TSC = "src/grid.ts(52,11): error TS2339: Property 'cols' does not exist on type 'Layout'.\n"
ASAN = """==4242==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020 at pc 0x55 bp 0x7f sp 0x7f
    #0 0x55d1 in arena::Arena::grow(unsigned long) /work/arena/src/arena.cc:64:9
    #1 0x55d2 in ArenaTest_Grow_Test::TestBody() /work/arena/tests/arena_test.cc:31:3
    #2 0x7f11 in testing::Test::Run() (/usr/lib/x86_64-linux-gnu/libgtest.so+0x5a)
"""
JS = """  ● grid › lays out columns

    TypeError: Cannot read properties of undefined (reading 'width')

      at async Object.<anonymous> (src/grid.test.ts:12:5)
      at columnWidth (src/grid.ts:52:11)
      at file:///work/web/src/layout/measure.mjs:9:3
      at processTicksAndRejections (node:internal/process/task_queues:95:5)

Tests:       1 failed, 3 passed, 4 total
"""


@pytest.mark.parametrize(("text", "framework", "failing"), [
    (CARGO, "cargo", ("codec::tests::nested",)), (GO_PANIC, "go", ("TestBucketGet",)), (GTEST, "gtest", ("ArenaTest.Grow",)),
    (CTEST, "ctest", ("arena_grow",)), (JS, "jest", ()),
])
def test_outcomes_of_other_runners_fail_with_their_test_ids(text: str, framework: str, failing: tuple[str, ...]) -> None:
    outcome = parse_test_outcome(text)
    assert outcome is not None and outcome.framework == framework and not outcome.ok
    assert set(failing) <= set(outcome.failing)


@pytest.mark.parametrize("text", [GO_BUILD, JEST_NOT_RUN, RUSTC, GCC, TSC])
def test_a_run_whose_code_did_not_compile_is_a_failed_run(text: str) -> None:
    outcome = parse_test_outcome(text)
    assert outcome is not None and not outcome.ok and outcome.errors >= 1


def test_output_without_a_runner_or_a_compiler_error_is_no_outcome() -> None:
    assert parse_test_outcome("src/arena.c:64:9: warning: unused variable 'x'\nbuilt 3 objects\n") is None
    assert parse_test_outcome("error handling lives in store/errors.go\n") is None


@pytest.mark.parametrize(("text", "root", "files", "functions"), [
    (GO_PANIC, "/work/kv", ("store/bucket.go",), ("slot", "Get")),
    (CARGO, "/work/kv", ("crates/core/src/codec.rs",), ("depth",)),
    (ASAN, "/work/arena", ("src/arena.cc",), ("grow",)),
    (JS, "/work/web", ("src/grid.ts", "src/layout/measure.mjs"), ("columnWidth",)),
    (RUSTC, "/work/kv", ("crates/core/src/codec.rs",), ()),
    (GCC, "/work/arena", ("src/arena.c",), ()),
    (TSC, "/work/web", ("src/grid.ts",), ()),
    (GO_BUILD, "/work/kv", ("store/bucket.go",), ()),
])
def test_frames_inside_the_repository_implicate_code_of_other_languages(text: str, root: str, files: tuple[str, ...],
                                                                        functions: tuple[str, ...]) -> None:
    failure = parse_failure(text, "test", root)
    assert failure.files == files
    assert failure.functions == functions  # test functions, runner and panic machinery and the stdlib never


def test_definitions_of_rust_go_typescript_and_c_are_read() -> None:
    for line, name in (("pub(crate) async fn depth(&self) -> usize {", "depth"), ("func (b *Bucket) slot(i int) int {", "slot"),
                       ("export default function columnWidth(col) {", "columnWidth"), ("impl Decoder {", "Decoder")):
        m = audit._DEF_LINE.match(line)
        assert m is not None and m.group(2) == name, line
    for line, name in (("static int arena_grow(struct arena *a, size_t n)", "arena_grow"),
                       ("size_t Arena::grow(size_t n) {", "grow")):
        m = audit._C_DEF.match(line)
        assert m is not None and m.group(2) == name, line
    for line in ("return arena_grow(a, n);", "if (n > a->cap) {", "int arena_grow(struct arena *a, size_t n);"):
        assert audit._C_DEF.match(line) is None, line


def test_imports_of_other_languages_only_prepare_a_change() -> None:
    for line in ("use std::collections::HashMap;", "#include <stdint.h>", 'import { clamp } from "./math";', 'import "sort"',
                 'const path = require("path");'):
        change = audit.Change(1, 1, ("src/x",), "source", "+" + line)
        assert audit._preparatory(change), line


# ------------------------------------------------------------------ end to end
def _turn(command: str) -> dict[str, str]:
    return {"role": "assistant", "content": f"THOUGHT: next.\n\n```bash\n{command}\n```"}


def _out(output: str, rc: int = 0) -> dict[str, str]:
    return {"role": "user", "content": f"<returncode>{rc}</returncode>\n<output>\n{output}</output>"}


BUCKET = ("   128\tfunc (b *Bucket) slot(i int) int {\n   129\t\tif i < 0 {\n   130\t\t\treturn 0\n   131\t\t}\n"
          "   132\t\treturn int(b.index[i])\n   133\t}\n")


def test_a_go_session_names_the_edit_of_the_function_the_panic_runs_through(tmp_path: object) -> None:
    traj = mini(tmp_path, [  # type: ignore[arg-type]
        _turn("cat -n store/bucket.go | sed -n '128,133p'"), _out(BUCKET),
        _turn("gcc -o /tmp/probe /tmp/probe.c"), _out(""),
        _turn("sed -i 's/if i < 0 {/if i < 0 || i > len(b.index) {/' store/bucket.go"), _out(""),
        _turn("go run repro_bucket.go"), _out("ok\n"),
        _turn("go test ./store/..."), _out(GO_PANIC, 1),
        _turn("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"),
        _out("diff --git a/store/bucket.go b/store/bucket.go\n--- a/store/bucket.go\n+++ b/store/bucket.go\n"
             "@@ -129 +129 @@\n-\tif i < 0 {\n+\tif i < 0 || i > len(b.index) {\n"),
    ])
    assert [s.action.kind for s in traj.steps][:3] == ["read", "command", "edit"]
    assert traj.steps[3].action.role == "reproduction" and traj.steps[4].action.role == "test"
    diag = audit.diagnose(traj, tests_text=report("store::TestBucketGet") + "\n" + GO_PANIC)
    assert diag.chosen is not None and diag.chosen.step == 3
    assert diag.prior.failure is not None and "slot" in diag.prior.failure.functions


def test_a_rust_session_whose_last_run_did_not_compile_names_the_edit_that_broke_the_build(tmp_path: object) -> None:
    traj = mini(tmp_path, [  # type: ignore[arg-type]
        _turn("cat -n crates/core/src/codec.rs | sed -n '85,92p'"),
        _out("    85\timpl Decoder {\n    86\t    pub fn depth(&self) -> usize {\n    87\t        self.stack.len()\n"
             "    88\t    }\n"),
        _turn("sed -i 's/self.stack.len()/self.depth_of(0)/' crates/core/src/codec.rs"), _out(""),
        _turn("cargo test -p core"), _out(RUSTC, 101),
        _turn("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"), _out(""),
    ])
    assert traj.steps[2].action.role == "test"
    diag = audit.diagnose(traj)
    assert diag.prior.failure is not None and diag.prior.failure.files == ("crates/core/src/codec.rs",)
    assert diag.chosen is not None and diag.chosen.step == 2
    assert json.loads(json.dumps(diag.to_json()))["step"] == 2


CARGO_RAN = "test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n"
UNDEFINED = """   Compiling core v0.3.0 (/testbed/crates/core)
error[E0425]: cannot find value `limit` in this scope
   --> crates/core/src/codec.rs:140:20
error: could not compile `core` (lib) due to 1 previous error
"""
FIRST = "sed -i '87s/self.stack.len()/self.stack.len() + 1/' crates/core/src/codec.rs"
LATER = "sed -i '139s/self.stack.push(v);/if self.stack.len() < limit { self.stack.push(v); }/' crates/core/src/codec.rs"
SUBMIT = "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"


def _rust_session(tmp_path: object, runs: tuple[str, str]) -> audit.Diagnosis:
    traj = mini(tmp_path, [  # type: ignore[arg-type]
        _turn(FIRST), _out(""), _turn("cargo test -p core"), _out(runs[0], 101),
        _turn(LATER), _out(""), _turn("cargo test -p core"), _out(runs[1], 101), _turn(SUBMIT), _out(""),
    ])
    return audit.diagnose(traj)


def test_a_later_edit_after_which_the_code_no_longer_compiles_is_decisive(tmp_path: object) -> None:
    diag = _rust_session(tmp_path, (CARGO_RAN, UNDEFINED))
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (3, "wrong_patch")
    assert "broke the build" in diag.chosen.reason and "step 2" in diag.chosen.reason


def test_code_that_never_compiled_in_the_session_keeps_the_first_edit_of_the_file_the_compiler_names(tmp_path: object) -> None:
    diag = _rust_session(tmp_path, (UNDEFINED, UNDEFINED))
    assert diag.chosen is not None and diag.chosen.step == 1
    assert "broke the build" not in diag.chosen.reason


def test_a_build_repaired_before_the_end_is_no_broken_build(tmp_path: object) -> None:
    diag = _rust_session(tmp_path, (UNDEFINED, CARGO_RAN))
    assert diag.chosen is not None and "broke the build" not in diag.chosen.reason


def test_module_and_build_files_of_other_languages_are_support_not_the_fix() -> None:
    for path in ("go.mod", "go.sum", "cmake/deps.cmake", "meson.build", "crates/core/Cargo.toml", "web/package.json"):
        assert audit._change_kind((path,), "+require example.com/x v1.2.0") == "support", path
    assert audit._change_kind(("store/bucket.go",), "+\tif i >= len(b.index) {") == "source"


def test_runs_of_other_languages_execute_code_and_missing_toolchains_are_named() -> None:
    for command in ("cd /testbed && npm test", "yarn run test", "npx vitest run", "ctest --output-on-failure",
                    "make -C build check", "cargo nextest run", "npx tsx repro.ts"):
        assert audit._RUNS_CODE.search(command), command
    for line in ("bash: cmake: command not found", "/bin/sh: 1: pnpm: not found", "bash: tsc: command not found"):
        assert audit._NO_TOOLCHAIN.search(line), line
    assert not audit._RUNS_CODE.search("cat src/jest.config.ts")


def test_go_test_names_and_file_ids_name_their_module() -> None:
    assert audit.related(("store/bucket.go",), ("TestBucketGet/empty_key",))
    assert not audit.related(("store/util.go",), ("TestBucketGet",))
    assert audit.related(("crates/core/src/codec.rs",), ("codec::tests::nested",))
    assert audit.related(("web/src/grid.ts",), ("web/src/grid.test.ts::lays out columns",))
    assert not audit.related(("src/layout.ts",), ("src/grid.test.ts::lays out columns",))  # not by "src" or "ts"


CART = "     1\tdef total(prices):\n     2\t    cents = 0\n     3\t    for p in prices:\n     4\t        cents += p.cents\n     5\t    return cents / 100\n"
STOPS_AT_LATER_LINE = """Traceback (most recent call last):
  File "/testbed/tests/test_cart.py", line 9, in test_total
    self.assertEqual(total([]), 0)
  File "/testbed/shop/cart.py", line 2, in total
    cents = prices[0].cents * 0
IndexError: list index out of range
FAILED tests/test_cart.py::test_total - IndexError: list index out of range
1 failed, 3 passed in 0.05s
"""
STOPS_AT_OLD_LINE = STOPS_AT_LATER_LINE.replace("cents = prices[0].cents * 0", "for p in prices:").replace("line 2,", "line 3,")


def _cart_session(tmp_path: object, final_run: str) -> audit.Diagnosis:
    traj = mini(tmp_path, [  # type: ignore[arg-type]
        _turn("cat -n shop/cart.py"), _out(CART),
        _turn("sed -i '5s|return cents / 100|return round(cents / 100, 2)|' shop/cart.py"), _out(""),
        _turn("python -m pytest tests/test_cart.py -q"), _out("FAILED tests/test_cart.py::test_total\n1 failed, 3 passed in 0.04s\n", 1),
        _turn("sed -i '2s|cents = 0|cents = prices[0].cents * 0|' shop/cart.py"), _out(""),
        _turn("python -m pytest tests/test_cart.py -q"), _out(final_run, 1),
        _turn(SUBMIT), _out(""),
    ])
    return audit.diagnose(traj)


def test_a_later_hunk_that_wrote_the_line_the_failure_stops_at_is_decisive(tmp_path: object) -> None:
    diag = _cart_session(tmp_path, STOPS_AT_LATER_LINE)
    assert diag.chosen is not None and diag.chosen.step == 4
    assert "wrote the line the failure stops at (shop/cart.py:2" in diag.chosen.reason


def test_a_failure_stopping_at_a_line_the_session_never_wrote_keeps_the_first_edit_of_the_code(tmp_path: object) -> None:
    diag = _cart_session(tmp_path, STOPS_AT_OLD_LINE)
    assert diag.chosen is not None and diag.chosen.step == 2
    assert "stops at" not in diag.chosen.reason


def test_compilers_quote_the_line_they_stop_at() -> None:
    rustc = "error[E0425]: cannot find value `limit`\n  --> crates/core/src/codec.rs:140:20\n    |\n140 |         if n < limit {\n"
    gcc = "src/arena.c:64:9: error: 'newcap' undeclared\n   64 |     a->cap = newcap;\n      |              ^~~\n"
    tsc = "src/grid.ts:52:11 - error TS2339: Property 'cols' does not exist.\n\n52   return layout.cols;\n"
    for text, stop in ((rustc, ("crates/core/src/codec.rs", 140, "if n < limit {")),
                       (gcc, ("src/arena.c", 64, "a->cap = newcap;")), (tsc, ("src/grid.ts", 52, "return layout.cols;"))):
        assert parse_failure(text, "build", "/testbed").stops[:1] == (stop,)
