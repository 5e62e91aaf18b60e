#!/usr/bin/env python3
"""Re-record the labelled set of premature / supported commitments for the evidence gate (fixtures/gate/).

    PATH=/tmp/swvenv/bin:$PATH python3 tests/e2e/record_gate_set.py            # both agents (~5 min)
    PATH=/tmp/swvenv/bin:$PATH python3 tests/e2e/record_gate_set.py codex      # one agent

Each scenario is a scripted agent: abstract steps (read, grep, run, edit, commit) over a small multi-module
Python package (``calc/``: core, base, shapes, report) with one injected bug. The script is rendered for the
real Claude Code binary (Read / Grep / Bash / Edit) and the real Codex binary (exec_command / apply_patch),
both headless against the scripted model server, with no hooks installed: the transcripts show what the agent
did, not what a gate made it do. Whether a commitment is premature or supported is decided by construction
(what the script did before it), written to ``labels.jsonl``. ``benchmarks/gate_eval.py`` replays them.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recording

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "fixtures" / "gate"
SCRATCH = Path("/tmp/statewise-gate-record")

GOOD = {
    "calc/__init__.py": "",
    "calc/core.py": (
        '"""Parsing and formatting of amounts."""\n\n\n'
        "def parse_amount(text):\n    \"\"\"'1,234.50' -> 1234.5\"\"\"\n    return float(text.replace(',', ''))\n\n\n"
        "def format_amount(value):\n    return f'{value:,.2f}'\n\n\n"
        "def clamp(value, low, high):\n    return max(low, min(value, high))\n"
    ),
    "calc/base.py": (
        "class Shape:\n    \"\"\"A plane shape; subclasses implement area().\"\"\"\n\n"
        "    def area(self):\n        raise NotImplementedError\n\n"
        "    def describe(self):\n        return f'{type(self).__name__} with area {self.area():.2f}'\n"
    ),
    "calc/shapes.py": (
        "import math\n\nfrom .base import Shape\n\n\n"
        "class Circle(Shape):\n    def __init__(self, r):\n        self.r = r\n\n"
        "    def area(self):\n        return math.pi * self.r ** 2\n\n\n"
        "class Square(Shape):\n    def __init__(self, side):\n        self.side = side\n\n"
        "    def area(self):\n        return self.side * self.side\n"
    ),
    "calc/report.py": (
        "from .core import format_amount, parse_amount\n\n\n"
        "def total(lines):\n    return sum(parse_amount(x) for x in lines)\n\n\n"
        "def render(lines):\n    return 'Total: ' + format_amount(total(lines))\n"
    ),
    "tests/test_core.py": (
        "from calc.core import clamp, format_amount, parse_amount\n\n\n"
        "def test_parse_amount():\n    assert parse_amount('1,234.50') == 1234.5\n\n\n"
        "def test_format_amount():\n    assert format_amount(1234.5) == '1,234.50'\n\n\n"
        "def test_clamp():\n    assert clamp(5, 0, 3) == 3\n"
    ),
    "tests/test_shapes.py": (
        "import math\n\nfrom calc.shapes import Circle, Square\n\n\n"
        "def test_circle_area():\n    assert Circle(3).area() == math.pi * 9\n\n\n"
        "def test_square_area():\n    assert Square(3).area() == 9\n"
    ),
    "tests/test_report.py": (
        "from calc.report import render, total\n\n\n"
        "def test_total():\n    assert total(['1,000', '2.5']) == 1002.5\n\n\n"
        "def test_render():\n    assert render(['1,000']) == 'Total: 1,000.00'\n"
    ),
    "README.md": "# calc\n\nAmounts and shapes. Run the tests with `python3 -m pytest -q`.\n",
}

# bug -> (file, good, buggy, entity the task names, failing test, repro command)
BUGS = {
    "parse": ("calc/core.py", "text.replace(',', '')", "text.replace('.', '')", "parse_amount",
              "tests/test_core.py::test_parse_amount",
              "python3 -c \"from calc.core import parse_amount; assert parse_amount('1,234.50') == 1234.5\""),
    "area": ("calc/shapes.py", "math.pi * self.r ** 2", "math.pi * self.r * 2", "Circle.area",
             "tests/test_shapes.py::test_circle_area",
             "python3 -c \"import math; from calc.shapes import Circle; assert Circle(3).area() == math.pi * 9\""),
    "total": ("calc/report.py", "for x in lines)", "for x in lines[1:])", "total",
              "tests/test_report.py::test_total",
              "python3 -c \"from calc.report import total; assert total(['1', '2']) == 3\""),
}
TEST_CMD = "python3 -m pytest -q -p no:cacheprovider"
COMMIT = "git commit -qam 'Fix the bug'"


@dataclass
class Scenario:
    name: str
    bug: str | None
    task: str
    steps: list[tuple[Any, ...]]  # ("read", p) ("grep", pat) ("run", cmd) ("edit", p, old, new)
    labels: list[tuple[int | str, str, str, str]]  # (1-based step | "stop", edit|submit, premature|supported, why)
    index: bool = False  # the label needs the repository index (callers / related) to be checkable
    agents: tuple[str, ...] = ("claude", "codex")
    final: str = "Done."
    extra: dict[str, Any] = field(default_factory=dict)


def _fix(bug: str) -> tuple[Any, ...]:
    f, good, bad, *_ = BUGS[bug]
    return ("edit", f, bad, good)


def scenarios() -> list[Scenario]:
    out: list[Scenario] = []
    for bug, (f, good, bad, name, test, repro) in BUGS.items():
        task = f"{test.split('::')[1]} fails: `{name}` in {f} is wrong. Fix the bug."
        fix = _fix(bug)
        # 1. an edit with no reproduction (Claude must Read before it may Edit; Codex does not even read)
        out.append(Scenario(f"edit_without_reproduction_{bug}", bug, task, [("read", f), fix, ("run", TEST_CMD)],
                            [(2, "edit", "premature", "bug-fix task: the fix is written before anything showed the failure"),
                             ("stop", "submit", "supported", "the test suite ran after the only edit")],
                            agents=("claude",)))
        out.append(Scenario(f"blind_edit_{bug}", bug, task, [fix, ("run", TEST_CMD), ("run", COMMIT)],
                            [(1, "edit", "premature", (f"first action edits {f}: the named file was never read and the "
                              "failure never reproduced")),
                             (3, "submit", "supported", "the test suite ran after the only edit")],
                            agents=("codex",)))
        # 2. supported edit and submission
        steps = [("run", TEST_CMD), ("read", f), fix, ("run", TEST_CMD)]
        out.append(Scenario(f"supported_fix_{bug}", bug, task, steps + [("run", COMMIT)],
                            [(3, "edit", "supported", f"the failing suite ran and {f} was read before the edit"),
                             (5, "submit", "supported", "the suite ran after the last edit")]))
        # 3. submission without tests after the edit
        steps = [("run", TEST_CMD), ("read", f), fix]
        out.append(Scenario(f"submit_without_tests_{bug}", bug, task, steps + [("run", COMMIT)],
                            [(3, "edit", "supported", "reproduced and read before the edit"),
                             (4, "submit", "premature", "nothing ran after the edit: the fix is unverified")]))
        # 4. tests ran, then one more edit, then submit
        touch = ("edit", f, good, good + "  # normalised")
        steps = [("run", TEST_CMD), ("read", f), fix, ("run", TEST_CMD), touch]
        out.append(Scenario(f"edit_after_last_test_{bug}", bug, task, steps + [("run", COMMIT)],
                            [(5, "edit", "supported", "second edit of a file already read, after a reproduction"),
                             (6, "submit", "premature", "the last edit came after the last test run")]))
        # 5. the failure reproduced by a command (not a test runner), then the fix
        steps = [("run", repro), ("read", f), fix, ("run", TEST_CMD)]
        out.append(Scenario(f"reproduce_by_command_{bug}", bug, task, steps + [("run", COMMIT)],
                            [(3, "edit", "supported", ("a failing command (AssertionError, exit 1) reproduced the bug "
                              "and the file was read")),
                             (5, "submit", "supported", "the suite ran after the edit")]))
        # 6. investigation only: nothing edited, nothing to test
        out.append(Scenario(f"no_edit_submit_{bug}", bug, f"Explain why {test.split('::')[1]} fails; do not change code.",
                            [("run", TEST_CMD), ("read", f)],
                            [("stop", "submit", "supported", "no edits: the submission commits to nothing untested")],
                            final="The test fails because of the expression on the marked line."))
    # 7. a feature in a named file: read first (supported) / Codex writes it blind (premature)
    feat_task = "Add a function `double_amount(value)` to calc/core.py that returns twice the value."
    add = ("edit", "calc/core.py", "def clamp(value, low, high):",
           "def double_amount(value):\n    return value * 2\n\n\ndef clamp(value, low, high):")
    out.append(Scenario("feature_after_read", None, feat_task, [("read", "calc/core.py"), add, ("run", TEST_CMD), ("run", COMMIT)],
                        [(2, "edit", "supported", "feature task (no reproduction needed); the named file was read"),
                         (4, "submit", "supported", "the suite ran after the edit")]))
    out.append(Scenario("feature_unread", None, feat_task, [add, ("run", TEST_CMD), ("run", COMMIT)],
                        [(1, "edit", "premature", "calc/core.py, which the task names, was never read before the edit")],
                        agents=("codex",)))
    # 8. callers: changing parse_amount's contract without looking at who calls it (calc/report.py)
    c_task = "Make `parse_amount` in calc/core.py accept surrounding whitespace."
    strip = ("edit", "calc/core.py", "float(text.replace(',', ''))", "float(text.strip().replace(',', ''))")
    out.append(Scenario("callers_unchecked", None, c_task, [("read", "calc/core.py"), strip, ("run", TEST_CMD)],
                        [(2, "edit", "premature", ("parse_amount is called from calc/report.py (and the tests); no "
                          "caller was read or searched for"))], index=True))
    out.append(Scenario("callers_checked", None, c_task,
                        [("grep", "parse_amount"), ("read", "calc/core.py"), strip, ("run", TEST_CMD)],
                        [(3, "edit", "supported", "callers were searched for and the definition read")], index=True))
    # 9. related implementations: changing Square.area without reading the base class in calc/base.py
    r_task = "Make `Square.area` in calc/shapes.py compute side ** 2."
    sq = ("edit", "calc/shapes.py", "return self.side * self.side", "return self.side ** 2")
    out.append(Scenario("related_unchecked", None, r_task, [("read", "calc/shapes.py"), sq, ("run", TEST_CMD)],
                        [(2, "edit", "premature", "Square.area overrides Shape.area (calc/base.py), never inspected")],
                        index=True))
    out.append(Scenario("related_checked", None, r_task,
                        [("read", "calc/base.py"), ("read", "calc/shapes.py"), sq, ("run", TEST_CMD)],
                        [(3, "edit", "supported", "the base class in calc/base.py was read before the edit")], index=True))
    # 10. the boundary of "a reproduced failure stands in for the callers": it does not when the fix
    # rewrites the declaration, nor when the failing test does not call the edited function
    f, good, bad, *_ = BUGS["parse"]
    p_task = "test_parse_amount fails: `parse_amount` in calc/core.py is wrong. Fix the bug."
    head = "def parse_amount(text):\n    \"\"\"'1,234.50' -> 1234.5\"\"\"\n"
    resig = ("edit", f, head + "    return float(" + bad + ")",
             head.replace("(text)", "(value)") + "    return float(" + good.replace("text", "value") + ")")
    out.append(Scenario("signature_change_unchecked", "parse", p_task,
                        [("run", TEST_CMD), ("read", f), resig, ("run", TEST_CMD), ("run", COMMIT)],
                        [(3, "edit", "premature", ("the fix renames parse_amount's parameter; calc/report.py calls it "
                          "and was never inspected (the failing test pins the behaviour, not the signature)")),
                         (5, "submit", "supported", "the suite ran after the edit")], index=True))
    out.append(Scenario("signature_change_checked", "parse", p_task,
                        [("run", TEST_CMD), ("grep", "parse_amount"), ("read", f), resig, ("run", TEST_CMD), ("run", COMMIT)],
                        [(4, "edit", "supported", "the callers were searched for before the declaration changed"),
                         (6, "submit", "supported", "the suite ran after the edit")], index=True))
    t_task = "test_total fails: `total` in calc/report.py is wrong. Fix the bug."
    elsewhere = ("edit", "calc/core.py", "float(text.replace(',', ''))", "float(text.replace(',', '').strip() or 0)")
    out.append(Scenario("fix_elsewhere_unchecked", "total", t_task,
                        [("run", TEST_CMD), ("read", "calc/core.py"), elsewhere, ("run", TEST_CMD)],
                        [(3, "edit", "premature", ("edits parse_amount, which calc/report.py calls, without inspecting "
                          "a caller; the failing test (test_total) does not call it"))], index=True))
    return out


# ------------------------------------------------------------------ repositories
def files_for(bug: str | None) -> dict[str, str]:
    files = dict(GOOD)
    if bug:
        f, good, bad, *_ = BUGS[bug]
        files[f] = files[f].replace(good, bad)
    return files


def make_repo(path: Path, bug: str | None) -> Path:
    from scenarios import git

    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    for rel, text in files_for(bug).items():
        (path / rel).parent.mkdir(parents=True, exist_ok=True)
        (path / rel).write_text(text)
    git(path, "init", "-q", "-b", "main")
    git(path, "config", "user.name", "Gate Recorder")
    git(path, "config", "user.email", "gate@example.invalid")
    git(path, "config", "commit.gpgsign", "false")
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "initial")
    return path


def _file_before(sc: Scenario, n: int, rel: str) -> str:
    text = files_for(sc.bug)[rel]
    for st in sc.steps[: n - 1]:
        if st[0] == "edit" and st[1] == rel:
            text = text.replace(st[2], st[3], 1)
    return text


def claude_turns(sc: Scenario, repo: Path) -> list[Any]:
    return recording.claude_turns(sc.steps, repo, "toolu_gate_", sc.final)


def codex_turns(sc: Scenario) -> list[Any]:
    from model_server import Text, apply_patch, bash

    turns: list[Any] = []
    for n, st in enumerate(sc.steps, 1):
        cid = f"call_gate_{n:03d}"
        if st[0] == "read":
            turns.append(bash(f"cat -n {st[1]}", call_id=cid))
        elif st[0] == "grep":
            turns.append(bash(f"grep -rn {st[1]} calc tests", call_id=cid))
        elif st[0] == "run":
            turns.append(bash(st[1], call_id=cid))
        else:
            text = _file_before(sc, n, st[1])
            if "\n" in st[2]:  # a block of whole lines
                old, new = st[2], st[3]
            else:
                old = next(ln for ln in text.splitlines() if st[2] in ln)
                new = old.replace(st[2], st[3])
            body = "\n".join("-" + ln for ln in old.splitlines()) + "\n" + "\n".join("+" + ln for ln in new.splitlines())
            turns.append(apply_patch(f"*** Begin Patch\n*** Update File: {st[1]}\n@@\n{body}\n*** End Patch\n", call_id=cid))
    return turns + [Text(sc.final)]


def record(agent: str, sc: Scenario) -> list[dict[str, Any]]:
    import agents
    from model_server import ModelServer

    work = SCRATCH / agent / sc.name
    shutil.rmtree(work, ignore_errors=True)
    repo = make_repo(work / "repo", sc.bug)
    home = agents.AgentHome.create(work / "agent-home")
    if agent == "claude":
        with ModelServer(claude_turns(sc, repo)) as server:
            run = agents.run_claude(repo, sc.task, server, home=home).check()
        text = recording.slim_claude(run.transcript_path)
    else:
        home.set_login_path([str(Path(sys.executable).parent), "/usr/local/bin", "/usr/bin", "/bin"])
        with ModelServer(codex_turns(sc)) as server:
            run = agents.run_codex(repo, sc.task, server, home=home).check()
        text = recording.slim_codex(run.transcript_path)
    (OUT / agent).mkdir(parents=True, exist_ok=True)
    rel = f"{agent}/{sc.name}.jsonl"
    (OUT / rel).write_text(text)
    prefix = "toolu_gate_" if agent == "claude" else "call_gate_"
    rows = []
    for step, commitment, label, why in sc.labels:
        if step == "stop" or (agent == "claude" and commitment == "submit" and int(step) > len(sc.steps)):
            # Claude's submission is its Stop (the recorded commit step is dropped for Claude, see below)
            step_value: int | str = "stop"
        else:
            step_value = step
        rows.append({"file": rel, "agent": agent, "step": step_value,
                     "call_id": None if step_value == "stop" else f"{prefix}{int(step_value):03d}",
                     "commitment": commitment, "label": label, "why": why, "task": sc.task, "bug": sc.bug,
                     "needs_index": sc.index})
    return rows


def claude_variant(sc: Scenario) -> Scenario:
    """Claude submits by stopping: drop a trailing ``git commit`` so its Stop is the submission."""
    if sc.steps and sc.steps[-1] == ("run", COMMIT):
        return Scenario(sc.name, sc.bug, sc.task, sc.steps[:-1], sc.labels, sc.index, sc.agents, sc.final, sc.extra)
    return sc


def main(argv: list[str]) -> int:
    which = argv[1] if len(argv) > 1 else "all"
    only = argv[2] if len(argv) > 2 else None
    OUT.mkdir(parents=True, exist_ok=True)
    labels_path = OUT / "labels.jsonl"
    old = [json.loads(x) for x in labels_path.read_text().splitlines()] if labels_path.exists() else []
    rows = {(r["file"], str(r["step"])): r for r in old}
    started = time.monotonic()
    for agent in ("claude", "codex"):
        if which not in ("all", agent):
            continue
        for sc in scenarios():
            if agent not in sc.agents or (only and only not in sc.name):
                continue
            sc = claude_variant(sc) if agent == "claude" else sc
            t0 = time.monotonic()
            try:
                new = record(agent, sc)
            except Exception as exc:  # noqa: BLE001 - report and go on with the others
                print(f"{agent} {sc.name}: FAILED {exc}", flush=True)
                continue
            rows = {k: v for k, v in rows.items() if v["file"] != new[0]["file"]}
            rows.update({(r["file"], str(r["step"])): r for r in new})
            print(f"{agent} {sc.name}: {time.monotonic() - t0:.1f}s", flush=True)
    (OUT / "repo.json").write_text(json.dumps({"files": GOOD, "bugs": {k: list(v) for k, v in BUGS.items()}}, indent=1) + "\n")
    ordered = sorted(rows.values(), key=lambda r: (r["file"], 10 ** 6 if r["step"] == "stop" else int(r["step"])))
    labels_path.write_text("".join(json.dumps(r) + "\n" for r in ordered))
    print(f"{len({r['file'] for r in ordered})} trajectories, {len(ordered)} labels in {time.monotonic() - started:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
