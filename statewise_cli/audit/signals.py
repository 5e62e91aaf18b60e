"""The two supporting modules of TrajAudit: semantic saliency folding and prior failure reasoning.

Folding keeps patches and failure-indicative observations and replaces the rest with one-line markers
(retrievable by step number); it also folds the repeats long sessions drown in: duplicate reads,
retried commands and flaky reruns. Prior failure reasoning reads the test failure (test ids, exception
types, traceback frames, assertion expected/actual) and names the likely phase with a rationale.
"""

from __future__ import annotations

import re
from typing import Any

from statewise_cli.actions.paths import is_test_path
from statewise_cli.fast.struct import Struct
from statewise_cli.transcript import Step, TestOutcome, Trajectory, parse_test_outcome

FAILURE_INDICATORS = re.compile(
    r"Traceback \(most recent call last\)|\b\w*(?:Error|Exception)\b|\bFAILED\b|\bFAIL\b|\bfailed\b|"
    r"\bassert(?:ion)?\b|not found|No such file|[Pp]ermission denied|rejected|denied|blocked|fatal:|panic:|"
    r"Segmentation fault|cannot |could not|[1-9]\d* (?:failed|errors?)\b"
)
ENVIRONMENT_ERROR = re.compile(
    r"command not found|No module named|ModuleNotFoundError|[Pp]ermission denied|Connection refused|"
    r"Network is unreachable|Temporary failure in name resolution|Could not find a version|"
    r"No rule to make target|cannot execute|not installed|No such file or directory.*(?:python|node|bin/)|"
    r"fixture '\w+' not found|EACCES|ENOENT|npm ERR!"
)


class Fold(Struct):
    step: int
    reason: str  # low-signal | duplicate-read | retried-command | flaky-rerun
    summary: str
    chars: int
    same_as: int | None = None


class Folding(Struct):
    folds: dict[int, Fold]
    total_steps: int
    total_chars: int

    def report(self) -> dict[str, Any]:
        by_reason: dict[str, int] = {}
        for f in self.folds.values():
            by_reason[f.reason] = by_reason.get(f.reason, 0) + 1
        folded_chars = sum(f.chars for f in self.folds.values())
        return {
            "steps": self.total_steps,
            "folded": len(self.folds),
            "kept": self.total_steps - len(self.folds),
            "ratio": round(len(self.folds) / self.total_steps, 3) if self.total_steps else 0.0,
            "chars_total": self.total_chars,
            "chars_folded": folded_chars,
            "by_reason": by_reason,
            "markers": [{"step": f.step, "reason": f.reason, "summary": f.summary, "same_as": f.same_as}
                        for f in sorted(self.folds.values(), key=lambda f: f.step)],
        }


def summarize(step: Step) -> str:
    """One line for a step: what it did and how it went."""
    a, obs = step.action, step.observation
    if a.kind == "edit":
        parts = []
        for e in a.edits:
            where = ",".join(f"{s}-{t}" if s != t else str(s) for s, t in e.ranges)
            parts.append(f"{e.op} {e.path}" + (f":{where}" if where else "") + (f" → {e.move_to}" if e.move_to else ""))
        head = "edit " + "; ".join(parts or [str(a.path)])
    elif a.kind == "read":
        head = f"read {a.path}" + (f":{a.lines[0]}-{a.lines[1]}" if a.lines and a.lines[1] < 10 ** 9 else "")
    elif a.kind == "search":
        head = f"search {a.pattern!r}" + (f" in {a.path}" if a.path else "")
    elif a.kind == "command":
        head = f"$ {(a.command or '').strip().splitlines()[0][:100] if (a.command or '').strip() else ''}"
    elif a.kind in ("finish", "submit"):
        text = step.thought.strip().splitlines()[0] if step.thought.strip() else a.kind
        return f"{a.kind}: {text[:100]}"
    else:
        head = a.tool
    if obs is None:
        return head
    tail = []
    if obs.exit_code is not None:
        tail.append(f"exit {obs.exit_code}")
    elif obs.is_error:
        tail.append("error")
    tests = parse_test_outcome(obs.text) if a.kind == "command" else None
    if tests is not None:
        tail.append(f"{tests.failed} failed, {tests.passed} passed" + (f", {tests.errors} errors" if tests.errors else ""))
    tail.append(f"{obs.text.count(chr(10)) + 1 if obs.text else 0} lines")
    return f"{head} → {', '.join(tail)}"


def salient(step: Step) -> bool:
    a, obs = step.action, step.observation
    if a.kind in ("edit", "finish", "submit"):
        return True
    return obs is not None and (step.failed or bool(FAILURE_INDICATORS.search(obs.text)))


def fold(traj: Trajectory) -> Folding:
    """Fold low-signal observations and repeats; patches and failure evidence stay visible."""
    folds: dict[int, Fold] = {}
    seen_reads: dict[tuple[str, Any], int] = {}
    last_cmd: dict[str, tuple[int, bool | None]] = {}
    total = 0
    for step in traj.steps:
        a, obs = step.action, step.observation
        chars = len(obs.text) if obs else 0
        total += chars + len(step.thought)
        if a.kind == "edit":
            touched = {e.path for e in a.edits} | {e.move_to for e in a.edits if e.move_to}
            seen_reads = {k: v for k, v in seen_reads.items() if k[0] not in touched}
            last_cmd.clear()  # a rerun after an edit is a new experiment, not a retry
            continue
        if a.kind == "read" and a.path:
            key = (a.path, a.lines)
            if key in seen_reads:
                folds[step.index] = Fold(step.index, "duplicate-read", summarize(step), chars, seen_reads[key])
                continue
            seen_reads[key] = step.index
        if a.kind == "command" and a.command:
            cmd = " ".join(a.command.split())
            tests = parse_test_outcome(obs.text) if obs else None
            outcome = None if tests is None else tests.ok
            if cmd in last_cmd:
                prev, prev_outcome = last_cmd[cmd]
                flaky = outcome is not None and prev_outcome is not None and outcome != prev_outcome
                old = folds.get(prev)
                if old is None or old.reason not in ("retried-command", "flaky-rerun") or flaky:
                    folds[prev] = Fold(prev, "flaky-rerun" if flaky else "retried-command",
                                       summarize(traj.steps[prev - 1]), _chars(traj.steps[prev - 1]), step.index)
            last_cmd[cmd] = (step.index, outcome)
        if step.index not in folds and not salient(step):
            folds[step.index] = Fold(step.index, "low-signal", summarize(step), chars)
    return Folding(folds, len(traj.steps), total)


def _chars(step: Step) -> int:
    return len(step.observation.text) if step.observation else 0


# ------------------------------------------------------------------ prior failure reasoning
_PY_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\w+)')
_PYTEST_FRAME = re.compile(r"^([\w./-]+\.py):(\d+): (?:in (\w+)|(\w+(?:Error|Exception)|Failed))", re.MULTILINE)
_JS_FRAME = re.compile(r"\bat (?:async )?(?:([\w.$<>\[\] ]+?) )?\(?(?:file://)?([\w./@-]+\.[cm]?[jt]sx?):(\d+):\d+\)?")
_GO_FRAME = re.compile(r"^\s*([\w./-]+\.go):(\d+):", re.MULTILINE)  # go test's t.Errorf lines, go's compiler errors
# Frames of the other languages' failures, each (function or "", file, line) — the function named on its own line
# before the location in Go's panic trace and Rust's backtrace:
_NATIVE_FRAMES = (
    # Go panic: "pkg/path.(*T).Method(...)" then "\t/src/pkg/file.go:88 +0x1d"
    re.compile(r"^(\S+)\([^()\n]*\)\n\t(\S+\.go):(\d+)", re.MULTILINE),
    # Rust: "panicked at src/lib.rs:10:5:" (and the older "panicked at 'msg', src/lib.rs:10:5"), a backtrace's
    # "  2: crate::module::func" then "at ./src/module.rs:44:18", and the compiler's "--> src/lib.rs:57:16"
    re.compile(r"panicked at (?:'[^\n]*', )?()(\S+\.rs):(\d+):\d+"),
    re.compile(r"^\s+\d+: ([\w:<>{}$ ]+?)\n\s+at (\S+\.rs):(\d+)", re.MULTILINE),
    re.compile(r"^\s*--> ()(\S+\.rs):(\d+):\d+", re.MULTILINE),
    # sanitizers (AddressSanitizer, UBSan, …): "#1 0x55d4 in json::Reader::parseValue(int) /src/reader.cpp:131:9";
    # gdb: "#1  0x… in parse_value (r=…) at src/reader.c:131"
    re.compile(r"#\d+ 0x[0-9a-f]+ in ([^\s(]+)(?:\([^\n]*?\))?(?: const)? (\S+\.(?:c|cc|cpp|cxx|h|hh|hpp|hxx)):(\d+)"),
    re.compile(r"^#\d+\s+(?:0x[0-9a-f]+ in )?([\w:~<>]+) \([^\n]*\) at (\S+):(\d+)", re.MULTILINE),
    # compilers: gcc/clang "src/buffer.c:45:12: error:", tsc "src/a.ts(33,5): error TS2339" / "src/a.ts:40:9 - error"
    re.compile(r"^[ \t]*()(\S+\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm)):(\d+):\d+: (?:fatal )?error:", re.MULTILINE),
    re.compile(r"^[ \t]*()(\S+\.[cm]?tsx?)(?:\((\d+),\d+\):| ?:(\d+):\d+ -) error TS\d+", re.MULTILINE),
)
_EXC = re.compile(r"\b([A-Z]\w*(?:Error|Exception|Failure))\b")
_ASSERT_CMP = re.compile(r"^E\s+(?:AssertionError: )?assert (.+?) (==|!=|in|is) (.+)$", re.MULTILINE)
_ASSERT_UT = re.compile(r"AssertionError: (.+?) (!=|==) (.+)$", re.MULTILINE)
_EXPECTED = re.compile(r"Expected:?\s+(.+)\n\s*Received:?\s+(.+)", re.MULTILINE)
_CALLS = re.compile(r"\b([a-z_]\w*)\(")
_SRC_LINE = re.compile(r"^(?:>|E)\s+(.*)$", re.MULTILINE)
NOT_FUNCS = {"assert", "print", "len", "str", "int", "float", "list", "dict", "set", "tuple", "isinstance", "repr",
             "where", "range", "sorted", "type", "super", "open", "getattr", "raises", "any", "all", "min", "max", "sum",
             "map", "filter", "zip", "next", "iter", "bool", "hasattr", "setattr", "format", "round", "abs"}
# Test-framework machinery and helpers: never the code under test.
FRAMEWORK_FUNCS = {"run", "_callTestMethod", "_callSetUp", "_callTearDown", "__call__", "runTest", "main", "<module>",
                   "raises", "warns", "fnmatch_lines", "re_match_lines", "approx", "assertEqual", "assertRaises",
                   "assertTrue", "assertFalse", "assertIn", "assertIs", "assertIsNone", "fail", "failureException",
                   "pytest_pyfunc_call", "_multicall", "_hookexec", "call_fixture_func", "runtest", "inner", "wrapper",
                   "testPartExecutor", "doCleanups", "_execute_fixture", "setUp", "tearDown",
                   # Go's, Rust's, JavaScript's and GoogleTest's runners and panic machinery
                   "tRunner", "gopanic", "goexit", "panic", "rust_begin_unwind", "panic_fmt", "call_once",
                   "__rust_begin_short_backtrace", "begin_panic", "unwrap", "expect", "TestBody", "RUN_ALL_TESTS",
                   "HandleExceptionsInMethodIfSupported", "HandleSehExceptionsInMethodIfSupported", "__libc_start_main",
                   "_start", "<anonymous>", "processTicksAndRejections", "callAsyncCircusFn", "_callCircusTest",
                   "_runTest", "promiseReactionJob", "it", "describe", "test"}
_OUTSIDE_REPO = ("site-packages", "dist-packages", "/lib/python", "/lib64/python", "/usr/", "/opt/conda", "conda/",
                 "miniconda", "anaconda", "/envs/", "/.venv/", "/venv/", "/.tox/", "/_pytest/", "/unittest/", "/pluggy/",
                 "<frozen", "<string>", "node_modules", "/rustc/", "/go/src/runtime/", "/.pyenv/", "/.local/lib/",
                 "/.cargo/registry/", "/.cargo/git/", "/library/std/", "/library/core/", "/pkg/mod/", "node:internal",
                 "/go/src/testing/", "/googletest/", "/gtest/", "/include/c++/")
# Where a failure shows the code it stopped at: a Python frame and its source line; rustc's "--> f.rs:N:M" and
# gcc/clang's "f.c:N:M: error:" followed by the quoted "N | code"; tsc's "f.ts:N:M - error TS…" then "N   code".
_STOP_LINES = (
    re.compile(r'File "([^"]+)", line (\d+), in [^\n]+\n[ \t]+([^\n]+)'),
    re.compile(r"--> (\S+\.rs):(\d+):\d+\n(?:[ \t]*\|[ \t]*\n)?[ \t]*\2[ \t]+\|[ \t]?([^\n]+)"),
    re.compile(r"^[ \t]*(\S+\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm)):(\d+):\d+: (?:fatal )?error:[^\n]*\n[ \t]*\2[ \t]+\|[ \t]?([^\n]+)",
               re.MULTILINE),
    re.compile(r"^[ \t]*(\S+\.[cm]?tsx?):(\d+):\d+ - error TS\d+[^\n]*\n[ \t]*\n[ \t]*\2[ \t]+([^\n]+)", re.MULTILINE),
)
_REPORT_SECTION = re.compile(r"^## (FAIL_TO_PASS|PASS_TO_PASS) (failing|passing) \((\d+)\)", re.MULTILINE)


def _bare_name(qualified: str) -> str:
    """The function's own name in a qualified one: ``github.com/a/pkg.(*T).Method`` → ``Method``,
    ``crate::module::func`` → ``func``, ``json::Reader::peek`` → ``peek``, ``<T as Tr>::f::{{closure}}`` → ``f``."""
    parts = [p for p in re.split(r"::|\.|/", qualified.strip()) if p and not p.startswith(("{{", "(", "<"))]
    if any(p in ("tests", "test") for p in parts[:-1]):
        return ""  # a function of a test module (Rust's ``#[cfg(test)] mod tests``): the test, not the code under it
    return parts[-1].strip(")*") if parts else ""


def in_repository(path: str, root: str | None = None) -> bool:
    """A traceback path that belongs to the repository: not the stdlib, site-packages, a conda/venv prefix or
    test-framework internals; under ``root`` when the path is absolute and the root is known."""
    p = path.replace("\\", "/")
    if any(mark in p for mark in _OUTSIDE_REPO):
        return False
    if p.startswith("/") and root:
        return p.startswith(root.rstrip("/") + "/")
    return True


def repo_relative(path: str, root: str | None) -> str:
    if root and path.startswith(root.rstrip("/") + "/"):
        return path[len(root.rstrip("/")) + 1:]
    return path


def swe_report(text: str) -> dict[str, list[str]] | None:
    """A SWE-bench evaluation report as text (``## FAIL_TO_PASS failing (N)`` sections of ``FAILED id`` lines):
    section -> test ids; None for any other text."""
    marks = list(_REPORT_SECTION.finditer(text))
    if not marks:
        return None
    out: dict[str, list[str]] = {}
    for i, m in enumerate(marks):
        body = text[m.end(): marks[i + 1].start() if i + 1 < len(marks) else len(text)]
        ids = [ln.split(None, 1)[1].strip() for ln in body.splitlines() if ln.startswith(("FAILED ", "PASSED ", "ERROR "))]
        out[f"{m.group(1)} {m.group(2)}"] = ids
        out[f"{m.group(1)} {m.group(2)} count"] = [m.group(3)]
    return out


class Failure(Struct):
    text: str
    source: str
    tests: TestOutcome | None
    failing: tuple[str, ...]
    exceptions: tuple[str, ...]
    frames: tuple[tuple[str, int, str], ...]  # (file, line, function), outermost first
    functions: tuple[str, ...]  # implicated code functions (not tests)
    expected: str | None
    actual: str | None
    # failing tests the report lists as passing before the change (SWE-bench PASS_TO_PASS): tests the reference
    # did not update, so they cannot be outdated versions the agent was right to satisfy
    unchanged: tuple[str, ...] = ()
    # the code lines the failure shows at its in-repository locations, innermost first: (file, line, code) — a
    # Python frame's source line, the line a compiler (rustc, gcc/clang, tsc) quotes under its error
    stops: tuple[tuple[str, int, str], ...] = ()

    @property
    def files(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f for f, _, _ in self.frames if not is_test_path(f)))


def parse_failure(text: str, source: str, root: str | None = None, defined: set[str] | None = None) -> Failure:
    """The failure: test ids, exceptions, frames and implicated functions — from frames inside the repository
    only (``root``: the repository's directory, when known), and names from the error text only when the
    repository defines them (``defined``: names the trajectory saw defined; None keeps them all)."""
    tests = parse_test_outcome(text)
    report = swe_report(text)
    unchanged: tuple[str, ...] = ()
    if report is not None:
        unchanged = tuple(report.get("PASS_TO_PASS failing", []))
        ids = report.get("FAIL_TO_PASS failing", []) + report.get("PASS_TO_PASS failing", [])
        passed = sum(int(report.get(f"{k} passing count", ["0"])[0]) for k in ("FAIL_TO_PASS", "PASS_TO_PASS"))
        tests = TestOutcome("swe-bench", passed, len(ids), 0, tuple(ids))
    frames: list[tuple[str, int, str]] = []
    for m in _PY_FRAME.finditer(text):
        frames.append((m.group(1), int(m.group(2)), m.group(3)))
    for m in _PYTEST_FRAME.finditer(text):
        frames.append((m.group(1), int(m.group(2)), m.group(3) or ""))
    for m in _JS_FRAME.finditer(text):
        if "node_modules" not in m.group(2):
            frames.append((m.group(2), int(m.group(3)), (m.group(1) or "").rsplit(".", 1)[-1]))
    for m in _GO_FRAME.finditer(text):
        frames.append((m.group(1), int(m.group(2)), ""))
    for pattern in _NATIVE_FRAMES:
        for m in pattern.finditer(text):
            line = next(g for g in m.groups()[2:] if g is not None)
            frames.append((m.group(2), int(line), _bare_name(m.group(1))))
    frames = list(dict.fromkeys((repo_relative(f, root).removeprefix("./"), n, fn) for f, n, fn in frames
                                if in_repository(f, root)))
    failing = tests.failing if tests else ()
    funcs = [fn for f, _, fn in frames
             if fn and not is_test_path(f) and not fn.startswith(("test", "Test")) and fn not in FRAMEWORK_FUNCS]
    for line in _SRC_LINE.findall(text):
        funcs += [c for c in _CALLS.findall(line) if c not in NOT_FUNCS and c not in FRAMEWORK_FUNCS
                  and not c.startswith("test") and (defined is None or c in defined)]
    expected = actual = None
    cmp = _ASSERT_CMP.search(text) or _ASSERT_UT.search(text)
    if cmp:
        actual, expected = cmp.group(1).strip(), cmp.group(3).strip()
    else:
        m2 = _EXPECTED.search(text)
        if m2:
            expected, actual = m2.group(1).strip(), m2.group(2).strip()
    excs = tuple(dict.fromkeys(e for e in _EXC.findall(text) if e not in ("AssertionError",)
                               or "AssertionError" in text))
    stops: list[tuple[str, int, str]] = []
    for i, pattern in enumerate(_STOP_LINES):
        found = [(m.group(1), int(m.group(2)), m.group(3).strip()) for m in pattern.finditer(text)]
        stops += reversed(found) if i == 0 else found  # a Python traceback lists the innermost frame last
    stops = [(repo_relative(f, root).removeprefix("./"), n, code) for f, n, code in stops
             if in_repository(f, root) and not is_test_path(f) and code]
    return Failure(text, source, tests, failing, excs, tuple(frames), tuple(dict.fromkeys(funcs)), expected, actual,
                   unchanged, tuple(dict.fromkeys(stops)))


def last_test_run(traj: Trajectory) -> tuple[Step, TestOutcome] | None:
    found = None
    for step in traj.steps:
        if step.action.kind == "command" and step.observation is not None:
            tests = parse_test_outcome(step.observation.text)
            if tests is not None:
                found = (step, tests)
    return found


class Prior(Struct):
    phase: str  # localization | patch | verification | environment | unknown
    rationale: str
    failure: Failure | None


def prior_reasoning(failure: Failure | None, touched: dict[str, Any]) -> Prior:
    """The likely phase of the failure before reading the whole trajectory.

    ``touched`` says what the trajectory did to the implicated code: ``{"edited": [steps that edited an
    implicated function or file], "edits": [all edit steps], "seen_failing": step of a run that showed the
    same failure after an edit, or None}``.
    """
    if failure is None:
        return Prior("unknown", "no test failure output was given (--tests) or found in the transcript", None)
    where = ", ".join(failure.functions[:3]) or ", ".join(failure.files[:3]) or "the test itself"
    ids = ", ".join(failure.failing[:3]) or "the failing test"
    if ENVIRONMENT_ERROR.search(failure.text) and not failure.functions:
        return Prior("environment", f"{ids} fails on the environment ({', '.join(failure.exceptions[:2]) or 'a setup error'}), "
                     "not on an assertion about the code", failure)
    detail = f" (expected {failure.expected}, got {failure.actual})" if failure.expected else ""
    if touched.get("seen_failing"):
        return Prior("verification", f"{ids} failed in the agent's own run at step {touched['seen_failing']} after "
                     f"its edits, and the agent stopped without acting on it", failure)
    if not failure.functions and not failure.files and touched.get("edits") and failure.failing:
        return Prior("patch", f"the report names only the failing tests ({ids}); they fail with the agent's changes in "
                     "place, so the change it submitted is the likely cause (a report alone cannot tell a wrong change "
                     "from a change in the wrong place)", failure)
    if touched.get("edited"):
        return Prior("patch", f"the failure of {ids}{detail} runs through {where}, which the agent edited at step "
                     f"{touched['edited'][0]}: the change itself is likely wrong", failure)
    if touched.get("edits"):
        return Prior("localization", f"the failure of {ids}{detail} implicates {where}, which the agent never "
                     f"changed; its edits went elsewhere", failure)
    return Prior("localization", f"the failure of {ids}{detail} implicates {where}; the agent made no edit at all",
                 failure)
