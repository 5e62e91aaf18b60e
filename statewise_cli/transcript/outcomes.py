"""Test-runner outcomes from their output: pytest, unittest, sympy's ``bin/test``, jest, vitest, mocha,
``node --test`` (TAP and spec reporters), go test, cargo test (libtest), GoogleTest, CTest — and a test run
whose code did not build (a compiler error of rustc, go, tsc, gcc/clang) as a run that failed.

The patterns compile on first use, behind a cheap screen of what each of them needs.
"""

from __future__ import annotations

from statewise_cli.fast.lazy_re import Pattern
from statewise_cli.transcript.model import TestOutcome

_PYTEST_SUMMARY = Pattern(r"(?m)^(?:=+ )?((?:\d+ \w+(?:, )?)+|no tests ran) in [\d.]+s")
_PYTEST_FAILED = Pattern(r"(?m)^(?:FAILED|ERROR) (\S+?)(?: - .*)?$")
_SYMPY_SUMMARY = Pattern(r"(?m)^=+ tests finished: ((?:\d+ [\w ]+?, )+)in [\d.]+ seconds =+")
_SYMPY_FAILED = Pattern(r"(?m)^_+ (\S+?\.py):(\w+) _+$")
_UNITTEST_RAN = Pattern(r"(?m)^Ran (\d+) tests? in")
_UNITTEST_RESULT = Pattern(r"(?m)^(OK|FAILED)\b(?: \((.*)\))?")
_UNITTEST_ID = Pattern(r"(?m)^(?:FAIL|ERROR): (\S+) \(([\w.]+)\)")
_JEST = Pattern(r"(?m)^Tests:\s+(.*\d+ total)")
_JEST_FAIL = Pattern(r"(?m)^\s*(?:✕|×)\s+(.+?)(?: \(\d+ m?s\))?$")
_VITEST = Pattern(r"(?m)^\s*Tests\s{2,}((?:\d+ \w+(?: \| )?)+)\s*\(\d+\)")
_VITEST_FAIL = Pattern(r"(?m)^\s*FAIL\s+(\S+\.[cm]?[jt]sx?)\s+>\s+(.+?)\s*$")
_NODE_COUNT = Pattern(r"(?m)^\s*(?:#|ℹ)\s+(tests|pass|fail|cancelled)\s+(\d+)\s*$")
_TAP_NOT_OK = Pattern(r"(?m)^(\s*)not ok \d+ - (.+?)(?:\s+#.*)?$")
_TAP_LOCATION = Pattern(r"location: '([^']+?\.[cm]?[jt]sx?):\d+:\d+'")
_NODE_SPEC_FAIL = Pattern(r"(?m)^\s*✖\s+(.+?)(?: \([\d.]+m?s\))?$")
_MOCHA = Pattern(r"(?m)^\s*(\d+) passing \(")
_MOCHA_FAILING = Pattern(r"(?m)^\s*(\d+) failing\s*$")
_MOCHA_FAIL = Pattern(r"(?m)^\s*\d+\) (.+?):?\s*$")
_JEST_FILE = Pattern(r"(?m)^\s*FAIL\s+(\S+\.[cm]?[jt]sx?)\s*$")
_JEST_BULLET = Pattern(r"(?m)^\s*● (.+?)\s*$")
_GO_FAIL = Pattern(r"(?m)^--- FAIL: (\S+)")
_GO_PASS = Pattern(r"(?m)^--- PASS: ")
_GO_PKG = Pattern(r"(?m)^(ok|FAIL)\s+\S+")
_GO_PKG_BROKEN = Pattern(r"(?m)^FAIL\s+(\S+)\s+\[(?:build|setup) failed\]")
_GO_PKG_FAIL = Pattern(r"(?m)^FAIL\s+(\S+)\s+[\d.]+s\s*$")
_JEST_SUITES = Pattern(r"(?m)^Test Suites:\s+(\d+) failed")
_CARGO_RESULT = Pattern(r"(?m)^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed;")
_CARGO_FAIL = Pattern(r"(?m)^test (\S+) \.\.\. FAILED$|^---- (\S+) stdout ----$")
_GTEST_PASSED = Pattern(r"(?m)^\[  PASSED  \] (\d+) tests?\.")
_GTEST_FAIL = Pattern(r"(?m)^\[  FAILED  \] ([\w/.:]+)(?: \(\d+ ms\))?$")
_CTEST_SUMMARY = Pattern(r"(?m)^\d+% tests passed, (\d+) tests? failed out of (\d+)")
_CTEST_FAIL = Pattern(r"(?m)^\s+\d+ - (\S+) \((?:Failed|SEGFAULT|Timeout|Not Run|Subprocess aborted|Exception|OTHER_FAULT)\)")
# A compiler's error line with its position: rustc's ``error[E0308]`` (its ``--> file:line:col`` follows), go's
# ``file.go:12:3: msg`` under a ``# package`` header, tsc's ``file.ts(3,5): error TS2322`` / ``file.ts:3:5 - error
# TS2322``, gcc/clang's ``file.c:12:5: error:``; ``could not compile`` / ``[build failed]`` close a failed build.
_BUILD_ERROR = Pattern(r"(?m)^error\[E\d{4}\]|^error: could not compile|\[build failed\]|"
                       r"^[ \t]*\S+\.[cm]?tsx?(?:\(\d+,\d+\):|:\d+:\d+ -) error TS\d+|"
                       r"^\S+\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm):\d+:\d+: (?:fatal )?error:|"
                       r"^(?:#.*\n)(?:\S+\.go:\d+:\d+: .+\n)+")


def _number_before(text: str, at: int) -> int | None:
    start = at
    while start > 0 and text[start - 1].isdecimal():  # what \d matches (not "²")
        start -= 1
    return int(text[start:at]) if start < at else None


def _count(text: str, word: str) -> int:
    """The N of the first "N <word>" in ``text`` (0 if none)."""
    at = text.find(" " + word)
    while at >= 0:
        n = _number_before(text, at)
        if n is not None:
            return n
        at = text.find(" " + word, at + 1)
    return 0


_RUNNER_MARKS = ("test result: ", "[  PASSED  ]", "[  FAILED  ]", " tests passed, ", "error[E", "could not compile",
                 "[build failed]", "error TS", ": error:", ": fatal error:")


def _looks_like_test_output(text: str) -> bool:
    """Cheap screen before the runner patterns, built from what each of them needs: pytest's
    summary " in <digits>", unittest's "Ran ", jest's "Tests:", go's "ok"/"FAIL" line starts."""
    if "Ran " in text or "Tests:" in text or "FAIL" in text or text.startswith("ok") or "\nok" in text:
        return True
    if any(mark in text for mark in _RUNNER_MARKS):
        return True
    if ".go:" in text and "# " in text:  # go's compiler errors under a "# package" header
        return True
    if "Tests  " in text or " pass " in text or " passing (" in text or " failing" in text:
        return True
    at = text.find(" in ")
    while at >= 0:
        if text[at + 4:at + 5].isdigit() or text[at + 4:at + 5] == ".":
            return True
        at = text.find(" in ", at + 1)
    return False


def parse_test_outcome(text: str) -> TestOutcome | None:
    """The outcome of a pytest / unittest / sympy / jest / go test run, from its output; None if none is there."""
    if not _looks_like_test_output(text):
        return None
    if "tests finished: " in text:  # sympy's runner: "== tests finished: 5 passed, 1 exceptions, in 0.40 seconds =="
        sm = None
        for sm in _SYMPY_SUMMARY.finditer(text):
            pass
        if sm is not None:
            s = sm.group(1).replace("expected to fail but passed", "xpassed").replace("expected to fail", "xfailed")
            failing = tuple(dict.fromkeys(f"{path}::{name}" for path, name in _SYMPY_FAILED.findall(text)))
            return TestOutcome("sympy", _count(s, "passed"), _count(s, "failed"),
                               _count(s, "exceptions") or _count(s, "exception"), failing)
    m = None
    for m in _PYTEST_SUMMARY.finditer(text):
        pass
    if m is not None:
        s = m.group(1)
        failing = tuple(dict.fromkeys(_PYTEST_FAILED.findall(text)))
        return TestOutcome("pytest", _count(s, "passed"), _count(s, "failed"),
                           _count(s, "errors") or _count(s, "error"), failing)
    ran = _UNITTEST_RAN.search(text)
    res = _UNITTEST_RESULT.search(text, ran.end()) if ran else None
    if ran and res:
        detail = res.group(2) or ""
        failed, errors = _count_kv(detail, "failures"), _count_kv(detail, "errors")
        ids = tuple(dict.fromkeys(f"{cls}.{name}" if not cls.endswith(name) else cls
                                  for name, cls in _UNITTEST_ID.findall(text)))
        return TestOutcome("unittest", int(ran.group(1)) - failed - errors, failed, errors, ids)
    jm = _JEST.search(text)
    if jm:
        s = jm.group(1)
        files = _JEST_FILE.findall(text)
        names = [x.strip() for x in _JEST_BULLET.findall(text)] or [x.strip() for x in _JEST_FAIL.findall(text)]
        found: list[str] = [f"{files[0]}::{n.rsplit(' › ', 1)[-1]}" if len(files) == 1 else n for n in names]
        suites = _JEST_SUITES.search(text)  # "Test suite failed to run" (it did not compile): no test counted
        broken = int(suites.group(1)) if suites and _count(s, "failed") == 0 else 0
        return TestOutcome("jest", _count(s, "passed"), _count(s, "failed"), broken, tuple(dict.fromkeys(found)))
    vm = None
    for vm in _VITEST.finditer(text):
        pass
    if vm is not None:
        s = vm.group(1)
        found = [f"{path}::{name.rsplit(' > ', 1)[-1]}" for path, name in _VITEST_FAIL.findall(text)]
        if not found:
            found = [x.strip() for x in _JEST_FAIL.findall(text)]
        return TestOutcome("vitest", _count(s, "passed"), _count(s, "failed"), 0, tuple(dict.fromkeys(found)))
    counts = dict(_NODE_COUNT.findall(text))
    if "tests" in counts and ("pass" in counts or "fail" in counts):
        found = []
        for m in _TAP_NOT_OK.finditer(text):
            loc = _TAP_LOCATION.search(text, m.end(), m.end() + 600)
            name = m.group(2).strip()
            found.append(f"{loc.group(1).removeprefix('file://')}::{name}" if loc else name)
        if not found:
            found = [x.strip() for x in _NODE_SPEC_FAIL.findall(text)]
        return TestOutcome("node", int(counts.get("pass", 0)), int(counts.get("fail", 0)), 0,
                           tuple(dict.fromkeys(found)))
    mm = _MOCHA.search(text)
    if mm:
        fm = _MOCHA_FAILING.search(text)
        found = [x.strip() for x in _MOCHA_FAIL.findall(text, fm.end())] if fm else []
        return TestOutcome("mocha", int(mm.group(1)), int(fm.group(1)) if fm else 0, 0, tuple(dict.fromkeys(found)))
    cargo = _CARGO_RESULT.findall(text)
    if cargo:  # one "test result:" line per test binary (lib, each tests/*.rs, doc tests)
        fails = tuple(dict.fromkeys(a or b for a, b in _CARGO_FAIL.findall(text)))
        return TestOutcome("cargo", sum(int(p) for p, _f in cargo), sum(int(f) for _p, f in cargo),
                           1 if _BUILD_ERROR.search(text) else 0, fails)
    gm = _GTEST_PASSED.search(text)
    if gm or "[==========]" in text and "[  FAILED  ]" in text:
        fails = tuple(dict.fromkeys(_GTEST_FAIL.findall(text)))
        return TestOutcome("gtest", int(gm.group(1)) if gm else 0, len(fails), 0, fails)
    cm = _CTEST_SUMMARY.search(text)
    if cm:
        failed, total = int(cm.group(1)), int(cm.group(2))
        return TestOutcome("ctest", total - failed, failed, 0, tuple(dict.fromkeys(_CTEST_FAIL.findall(text))))
    if _GO_PKG.search(text) or _GO_FAIL.search(text):
        fails = tuple(dict.fromkeys(_GO_FAIL.findall(text)))
        # a package that did not build, or that failed with no test failing by name (a panic in init, TestMain)
        broken = len(_GO_PKG_BROKEN.findall(text)) + (len(_GO_PKG_FAIL.findall(text)) if not fails else 0)
        return TestOutcome("go", len(_GO_PASS.findall(text)), len(fails), broken, fails)
    if _BUILD_ERROR.search(text):  # the code under test did not compile: the run failed before any test ran
        return TestOutcome("build", 0, 0, 1, ())
    return None


def build_failed(text: str) -> bool:
    """Whether a run's output shows the code did not compile (a rustc, go, tsc or gcc/clang error, a go package
    ``[build failed]``, a jest suite that failed to run)."""
    return any(mark in text for mark in _RUNNER_MARKS[4:]) and _BUILD_ERROR.search(text) is not None or (
        "Test suite failed to run" in text)


_FAILURE_MARKS = ("Traceback (most recent call last):", "AssertionError", "Uncaught ", "ERR_ASSERTION",
                  "panic: ", "FAILED", "npm ERR!", "npm error ", "' panicked at ", "==ERROR: AddressSanitizer",
                  "runtime error: ", "error[E", "Segmentation fault")


def failure_in_text(text: str) -> bool:
    """Does a command's output show that it failed, when no exit code came with it (Codex's
    PostToolUse)? A Python traceback or assertion, a thrown JavaScript error with its stack, a failed
    npm script, a Go or Rust panic, a sanitizer's report, a compiler error."""
    if any(mark in text for mark in _FAILURE_MARKS):
        return True
    at = text.find("Error")
    return at >= 0 and "\n    at " in text[at:]  # node: "TypeError: …" then "    at f (file.js:3:9)"


def _count_kv(text: str, key: str) -> int:
    at = text.find(key + "=")
    if at < 0:
        return 0
    at += len(key) + 1
    end = at
    while end < len(text) and text[end].isdecimal():
        end += 1
    return int(text[at:end]) if end > at else 0


