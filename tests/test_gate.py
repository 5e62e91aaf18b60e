"""The evidence gate (issue 5, ECLoop §3) through the installed ``statewise hook``, in real git repos.

Payloads have the shapes the real binaries send (fixtures/payloads/): Claude ``Read``/``Edit``/``Bash``
with absolute paths and ``PostToolUseFailure`` for a failing command; Codex ``Bash {command}`` for reads
and runs, ``apply_patch {command}`` for edits and plain-string ``tool_response`` without an exit code.
Conditions that need the repository index (read-definition, inspect-callers, inspect-related) are tested on
a repository indexed first, as the CLI indexer would; everything else must hold without an index.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from swtest import git, hook, reply, run_statewise, store_path

from statewise_cli.gate import engine as gate
from statewise_cli.gate import index as ri
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store

SESSION = "sess-gate-1"
CORE = (
    "def parse_amount(text):\n"
    "    return float(text.replace('.', ''))\n"
    "\n\n"
    "def format_amount(value):\n"
    "    return f'{value:,.2f}'\n"
)
BASE = "class Shape:\n    def area(self):\n        raise NotImplementedError\n"
SHAPES = ("from .base import Shape\n\n\nclass Square(Shape):\n    def __init__(self, side):\n        self.side = side\n\n"
          "    def area(self):\n        return self.side * self.side\n")
REPORT = "from .core import parse_amount\n\n\ndef total(lines):\n    return sum(parse_amount(x) for x in lines)\n"
TEST_CORE = "from calc.core import parse_amount\n\n\ndef test_parse_amount():\n    assert parse_amount('1,234.50') == 1234.5\n"
BUG_TASK = "test_parse_amount fails: `parse_amount` in calc/core.py is wrong. Fix the bug."
FEATURE_TASK = "Add a `double_amount` helper to calc/core.py."
FAILING_PYTEST = "F.                                                    [100%]\nFAILED tests/test_core.py::test_parse_amount - assert 123450.0 == 1234.5\n1 failed, 1 passed in 0.03s\n"
PASSING_PYTEST = "..                                                    [100%]\n2 passed in 0.02s\n"
ENFORCE = {"STATEWISE_GATE": "enforce"}


@pytest.fixture
def repo(git_repo: Path) -> Path:
    for rel, text in {"calc/__init__.py": "", "calc/core.py": CORE, "calc/base.py": BASE, "calc/shapes.py": SHAPES,
                      "calc/report.py": REPORT, "tests/test_core.py": TEST_CORE, "docs/notes.md": "notes\n"}.items():
        (git_repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (git_repo / rel).write_text(text)
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "calc")
    return git_repo


# ------------------------------------------------------------------ payloads in each agent's shape
class Agent:
    def __init__(self, name: str, repo: Path, transcript: str | None = None) -> None:
        self.name, self.repo, self.transcript, self.n = name, repo, transcript, 0

    def base(self, event: str) -> dict[str, Any]:
        p: dict[str, Any] = {"session_id": SESSION, "cwd": str(self.repo), "hook_event_name": event,
                             "transcript_path": self.transcript, "permission_mode": "bypassPermissions"}
        if self.name == "codex":
            p.update({"turn_id": "turn-1", "model": "gpt-5.5"})
        else:
            p.update({"prompt_id": "p-1", "effort": {"level": "medium"}})
        return p

    def _id(self) -> str:
        self.n += 1
        return f"{'toolu' if self.name == 'claude' else 'call'}_t{self.n:03d}"

    def prompt(self, task: str, env: dict[str, str] | None = None) -> dict[str, Any] | None:
        return reply(hook({**self.base("UserPromptSubmit"), "prompt": task}, self.repo, env=env))

    def _call(self, tool: str, inp: dict[str, Any], post: dict[str, Any], env: dict[str, str] | None,
              pre_only: bool = False) -> dict[str, Any] | None:
        cid = self._id()
        pre = reply(hook({**self.base("PreToolUse"), "tool_name": tool, "tool_input": inp, "tool_use_id": cid},
                         self.repo, env=env))
        if pre_only or _denied(pre):
            return pre
        event = post.pop("hook_event_name", "PostToolUse")
        reply(hook({**self.base(event), "tool_name": tool, "tool_input": inp, "tool_use_id": cid, **post}, self.repo, env=env))
        return pre

    def read(self, rel: str, env: dict[str, str] | None = ENFORCE) -> dict[str, Any] | None:
        text = (self.repo / rel).read_text()
        if self.name == "claude":
            full = str(self.repo / rel)
            return self._call("Read", {"file_path": full}, {"tool_response": {"type": "text", "file": {
                "filePath": full, "content": text, "numLines": text.count("\n"), "startLine": 1}}}, env)
        return self._call("Bash", {"command": f"cat -n {rel}"}, {"tool_response": text}, env)

    def grep(self, pattern: str, env: dict[str, str] | None = ENFORCE) -> dict[str, Any] | None:
        """A search with its real output (``grep -rn`` in the repository): the files it matched count."""
        found = subprocess.run(["grep", "-rn", "--exclude-dir=.git", pattern, "."], cwd=self.repo, capture_output=True,
                               text=True, check=False).stdout.replace("./", "")
        if self.name == "claude":
            return self._call("Grep", {"pattern": pattern, "path": str(self.repo), "output_mode": "content", "-n": True},
                              {"tool_response": {"mode": "content", "filenames": [], "numFiles": found.count("\n"),
                                                 "content": found.rstrip("\n")}}, env)
        return self._call("Bash", {"command": f"grep -rn {pattern} ."}, {"tool_response": found}, env)

    def run(self, command: str, output: str, code: int = 0, env: dict[str, str] | None = ENFORCE,
            pre_only: bool = False) -> dict[str, Any] | None:
        if self.name == "claude":
            post = ({"hook_event_name": "PostToolUseFailure", "error": f"Exit code {code}\n{output}"} if code else
                    {"tool_response": {"stdout": output, "stderr": "", "interrupted": False, "isImage": False}})
            return self._call("Bash", {"command": command, "description": "run"}, post, env, pre_only)
        return self._call("Bash", {"command": command}, {"tool_response": output}, env, pre_only)

    def edit(self, rel: str, old: str, new: str, env: dict[str, str] | None = ENFORCE) -> dict[str, Any] | None:
        """Propose the edit; when it is not denied, apply it to the file and send PostToolUse."""
        cid = self._id()
        if self.name == "claude":
            tool, inp = "Edit", {"file_path": str(self.repo / rel), "old_string": old, "new_string": new, "replace_all": False}
        else:
            body = "\n".join("-" + ln for ln in old.splitlines()) + "\n" + "\n".join("+" + ln for ln in new.splitlines())
            tool, inp = "apply_patch", {"command": f"*** Begin Patch\n*** Update File: {rel}\n@@\n{body}\n*** End Patch\n"}
        pre = reply(hook({**self.base("PreToolUse"), "tool_name": tool, "tool_input": inp, "tool_use_id": cid}, self.repo, env=env))
        if _denied(pre):
            return pre
        path = self.repo / rel
        path.write_text(path.read_text().replace(old, new, 1))
        response: Any = ({"filePath": str(path), "oldString": old, "newString": new, "structuredPatch": []}
                         if self.name == "claude" else "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the "
                         f"following files:\nM {rel}\n")
        reply(hook({**self.base("PostToolUse"), "tool_name": tool, "tool_input": inp, "tool_use_id": cid,
                    "tool_response": response}, self.repo, env=env))
        return pre

    def stop(self, active: bool = False, env: dict[str, str] | None = ENFORCE) -> dict[str, Any] | None:
        return reply(hook({**self.base("Stop"), "stop_hook_active": active, "last_assistant_message": "Done."},
                          self.repo, env=env))


def _denied(r: dict[str, Any] | None) -> bool:
    return bool(r) and (r.get("hookSpecificOutput") or {}).get("permissionDecision") == "deny"  # type: ignore[union-attr]


def _reason(r: dict[str, Any] | None) -> str:
    return ((r or {}).get("hookSpecificOutput") or {}).get("permissionDecisionReason") or ""


def _context(r: dict[str, Any] | None) -> str:
    return ((r or {}).get("hookSpecificOutput") or {}).get("additionalContext") or ""


def evidence(repo: Path) -> dict[str, Any]:
    proc = run_statewise(["evidence", "--json"], repo)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


AGENTS = pytest.mark.parametrize("agent", ["claude", "codex"])


def _index_ready(repo: Path) -> Any:
    """Index ``repo`` as the CLI indexer would (the hook itself indexes only the files an action touches,
    so callers elsewhere are known only to an indexed repo)."""
    store = _store(repo)
    try:
        ri.index_repository(store.conn, str(repo))
    finally:
        store.close()
    return ri


# ------------------------------------------------------------------ condition types
@AGENTS
def test_bugfix_edit_is_held_until_the_failure_is_reproduced(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    guidance = a.prompt(BUG_TASK, env=ENFORCE)
    assert "[statewise evidence]" in _context(guidance) and "reproduce the failure" in _context(guidance)
    a.read("calc/core.py")
    held = a.edit("calc/core.py", "replace('.', '')", "replace(',', '')")
    assert _denied(held) and "reproduce the failure" in _reason(held) and "hold 1 of 3" in _reason(held)
    assert (repo / "calc/core.py").read_text() == CORE
    a.run("python3 -m pytest -q", FAILING_PYTEST, code=1)
    assert not _denied(a.edit("calc/core.py", "replace('.', '')", "replace(',', '')"))
    report = evidence(repo)
    repro = next(c for c in report["conditions"] if c["kind"] == "reproduce-failure")
    assert repro["satisfied_by"] and "pytest" in repro["satisfied_by"]


@AGENTS
def test_a_command_that_exits_non_zero_reproduces_the_failure(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt(BUG_TASK, env=ENFORCE)
    a.read("calc/core.py")
    out = "Traceback (most recent call last):\n  File \"<string>\", line 1\nAssertionError\n"
    a.run("python3 -c 'from calc.core import parse_amount; assert parse_amount(\"1,2\") == 12'", out, code=1)
    decision = a.edit("calc/core.py", "replace('.', '')", "replace(',', '')")
    # Codex's PostToolUse carries no exit code: the traceback in the output is the failure.
    assert not _denied(decision), _reason(decision)


@AGENTS
def test_output_without_a_failure_is_no_reproduction_when_no_exit_code_came(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt(BUG_TASK, env=ENFORCE)
    a.read("calc/core.py")
    a.run("python3 -c 'from calc.core import parse_amount; print(parse_amount(\"1,2\"))'", "12.0\n")
    held = a.edit("calc/core.py", "replace('.', '')", "replace(',', '')")
    assert _denied(held) and "reproduce the failure" in _reason(held)


@AGENTS
def test_a_file_the_task_names_must_be_read_before_its_first_edit(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt(FEATURE_TASK, env=ENFORCE)  # not a bug fix: no reproduction condition
    held = a.edit("calc/core.py", "def format_amount", "def double_amount(v):\n    return 2 * v\n\n\ndef format_amount")
    assert _denied(held) and "calc/core.py" in _reason(held) and "reproduce" not in _reason(held)
    a.read("calc/core.py")
    assert not _denied(a.edit("calc/core.py", "def format_amount",
                              "def double_amount(v):\n    return 2 * v\n\n\ndef format_amount"))
    # a file the task does not name is not gated by locate-named
    assert not _denied(a.edit("docs/notes.md", "notes", "more notes"))


def test_grounding_drops_names_that_resolve_to_nothing(repo: Path) -> None:
    a = Agent("claude", repo)
    a.prompt("Add a `double_amount` helper to calc/core.py and calc/missing.py, like `no_such_function`.", env=ENFORCE)
    conds = evidence(repo)["conditions"]
    located = {c["path"] for c in conds if c["kind"] == "locate-named"}
    assert "calc/core.py" in located
    assert "calc/missing.py" not in located
    assert all("no_such_function" not in c["entity"] and "double_amount" not in c["entity"] for c in conds)
    assert {c["kind"] for c in conds} <= {"locate-named", "tests-after-edit", "reproduce-failure"}


# ------------------------------------------------------------------ submissions
def _fixed(a: Agent) -> None:
    a.prompt(BUG_TASK, env=ENFORCE)
    a.run("python3 -m pytest -q", FAILING_PYTEST, code=1)
    a.read("calc/core.py")
    assert not _denied(a.edit("calc/core.py", "replace('.', '')", "replace(',', '')"))


def test_claude_stop_is_blocked_until_tests_run_after_the_last_edit(repo: Path) -> None:
    a = Agent("claude", repo)
    _fixed(a)
    blocked = a.stop()
    assert blocked and blocked.get("decision") == "block" and "run the relevant tests after the last edit" in blocked["reason"]
    assert a.stop(active=True) is None or a.stop(active=True).get("decision") != "block"  # never loops
    a.run("python3 -m pytest -q", PASSING_PYTEST)
    assert (a.stop() or {}).get("decision") != "block"
    cond = next(c for c in evidence(repo)["conditions"] if c["kind"] == "tests-after-edit")
    assert "2 passed" in cond["satisfied_by"]


@AGENTS
@pytest.mark.parametrize("command", ["git commit -qam fix", "git push origin main", "gh pr create --fill"])
def test_commit_push_and_pr_are_held_until_tests_run_after_the_last_edit(agent: str, command: str, repo: Path) -> None:
    a = Agent(agent, repo)
    _fixed(a)
    held = a.run(command, "", pre_only=True)
    assert _denied(held) and "submission" in _reason(held) and "after the last edit" in _reason(held)
    a.run("python3 -m pytest -q", PASSING_PYTEST)
    assert not _denied(a.run(command, "", pre_only=True))


def test_tests_before_the_last_edit_do_not_support_the_submission(repo: Path) -> None:
    a = Agent("codex", repo)
    _fixed(a)
    a.run("python3 -m pytest -q", PASSING_PYTEST)
    a.edit("calc/core.py", "def format_amount", "def format_amount  ")  # one more edit after the run
    assert _denied(a.run("git commit -qam fix", "", pre_only=True))


def _submission_gap_in_full(repo: Path) -> list[str]:
    """The submission's open conditions decided on every event of the session (no narrowing)."""
    store = _store(repo)
    try:
        zs = gate.events(store, SESSION)
        ctx = gate.Context(store, zs)
        return sorted(c.id for c in gate.conditions(store, SESSION)
                      if c.action_type == "submit" and gate.satisfied(c, zs, ctx=ctx) is None)
    finally:
        store.close()


def test_the_submission_gap_loads_only_edits_and_later_commands_and_agrees_with_the_full_state(repo: Path) -> None:
    a = Agent("claude", repo)
    _fixed(a)  # a prompt, a failing run, a read, an edit
    store = _store(repo)
    try:
        assert len(gate.events(store, SESSION)) > len(gate.events(store, SESSION, ("edit",)))
        assert [e.kind for e in gate.events(store, SESSION, ("command",), after_step=10**6)] == []
    finally:
        store.close()
    checks = []
    for step in ("edited", "tested", "edited again", "tested again"):
        if step.startswith("edited"):
            a.edit("calc/core.py", "def format_amount", "def format_amount " if step == "edited" else "def format_amount")
        else:
            a.read("calc/core.py")
            a.run("python3 -m pytest -q", PASSING_PYTEST)
        store = _store(repo)
        try:
            narrowed = sorted(c.id for c in gate.gap(store, SESSION, action_type="submit"))
        finally:
            store.close()
        assert narrowed == _submission_gap_in_full(repo)
        checks.append(bool(narrowed))
    assert checks == [True, False, True, False]  # open after each edit, closed after each test run


def test_a_submission_with_no_edits_is_not_held(repo: Path) -> None:
    a = Agent("claude", repo)
    a.prompt(BUG_TASK, env=ENFORCE)
    a.read("calc/core.py")
    assert (a.stop() or {}).get("decision") != "block"


# ------------------------------------------------------------------ modes
@AGENTS
def test_advise_mode_never_denies_but_tells_the_model_what_is_missing(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    env = {"STATEWISE_GATE": "advise"}
    a.prompt(BUG_TASK, env=env)
    decision = a.edit("calc/core.py", "replace('.', '')", "replace(',', '')", env=env)
    assert not _denied(decision) and "reproduce the failure" in _context(decision)
    assert (a.stop(env=env) or {}).get("decision") != "block"


def test_the_default_mode_is_advise(repo: Path) -> None:
    a = Agent("claude", repo)
    a.prompt(BUG_TASK, env={})
    a.read("calc/core.py", env={})
    assert not _denied(a.edit("calc/core.py", "replace('.', '')", "replace(',', '')", env={}))
    assert evidence(repo)["mode"] == "advise"


def test_off_mode_records_nothing_and_holds_nothing(repo: Path) -> None:
    a = Agent("codex", repo)
    env = {"STATEWISE_GATE": "off"}
    assert "[statewise evidence]" not in _context(a.prompt(BUG_TASK, env=env))
    assert not _denied(a.edit("calc/core.py", "replace('.', '')", "replace(',', '')", env=env))
    assert not _denied(a.run("git commit -qam fix", "", env=env, pre_only=True))
    assert run_statewise(["evidence", "--json"], repo).returncode == 1  # no session recorded


@AGENTS
def test_per_path_globs_enforce_only_where_configured(agent: str, repo: Path) -> None:
    (repo / ".statewise.toml").write_text('[gate]\nmode = "advise"\n\n[[gate.paths]]\nglob = "calc/**"\nmode = "enforce"\n')
    a = Agent(agent, repo)
    a.prompt("Add a `double_amount` helper to calc/core.py; mention it in docs/notes.md.", env={})
    assert _denied(a.edit("calc/core.py", "def format_amount", "def double_amount(v):\n    return v\n\n\ndef format_amount", env={}))
    (repo / "docs/guide.py").write_text("x = 1\n")
    prompt_named = a.edit("docs/notes.md", "notes", "notes: double_amount", env={})
    assert not _denied(prompt_named)


# ------------------------------------------------------------------ hold budget and fallback
@AGENTS
def test_three_holds_per_target_then_an_audited_fallback(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt(FEATURE_TASK, env=ENFORCE)
    change = ("def format_amount", "def double_amount(v):\n    return 2 * v\n\n\ndef format_amount")
    reasons = [_reason(a.edit("calc/core.py", *change)) for _ in range(3)]
    assert [f"hold {n} of 3" in r for n, r in enumerate(reasons, 1)] == [True] * 3
    fourth = a.edit("calc/core.py", *change)
    assert not _denied(fourth) and "fallback" in (fourth or {}).get("systemMessage", "")
    assert "double_amount" in (repo / "calc/core.py").read_text()
    holds = evidence(repo)["holds"]
    target = next(h for h in holds if h["target"] == "calc/core.py")
    assert target["fallback"] is True and target["holds"] == 3
    assert "locate-named" in [m["kind"] for m in target["missing"]]
    text = run_statewise(["evidence"], repo).stdout
    assert "FALLBACK" in text


def test_the_submission_budget_is_separate_from_edit_targets(repo: Path) -> None:
    a = Agent("claude", repo)
    _fixed(a)
    assert [(a.stop() or {}).get("decision") for _ in range(3)] == ["block"] * 3
    fourth = a.stop()
    assert (fourth or {}).get("decision") != "block" and "fallback" in (fourth or {}).get("systemMessage", "")
    holds = {h["target"]: h for h in evidence(repo)["holds"]}
    assert holds["submit"]["fallback"] is True and "calc/core.py" not in holds


@AGENTS
def test_information_gathering_is_never_held(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt(BUG_TASK, env=ENFORCE)
    assert not _denied(a.read("calc/core.py"))
    assert not _denied(a.grep("parse_amount"))
    assert not _denied(a.run("python3 -m pytest -q", FAILING_PYTEST, code=1))
    assert not _denied(a.run("git status --short", ""))
    assert not _denied(a.run("git diff", ""))


# ------------------------------------------------------------------ index-grounded conditions
def test_editing_a_function_needs_its_callers_inspected(repo: Path) -> None:
    _index_ready(repo)
    a = Agent("codex", repo)
    a.prompt("Make `parse_amount` in calc/core.py accept surrounding whitespace.", env=ENFORCE)
    a.read("calc/core.py")
    held = a.edit("calc/core.py", "float(text.replace('.', ''))", "float(text.strip().replace('.', ''))")
    assert _denied(held) and "callers of `parse_amount`" in _reason(held) and "calc/report.py" in _reason(held)
    a.grep("parse_amount")
    assert not _denied(a.edit("calc/core.py", "float(text.replace('.', ''))", "float(text.strip().replace('.', ''))"))


def test_editing_an_override_needs_the_related_implementations_inspected(repo: Path) -> None:
    _index_ready(repo)
    a = Agent("claude", repo)
    a.prompt("Make `Square.area` in calc/shapes.py compute side ** 2.", env=ENFORCE)
    a.read("calc/shapes.py")
    held = a.edit("calc/shapes.py", "return self.side * self.side", "return self.side ** 2")
    assert _denied(held) and "related implementations" in _reason(held) and "calc/base.py" in _reason(held)
    a.read("calc/base.py")
    assert not _denied(a.edit("calc/shapes.py", "return self.side * self.side", "return self.side ** 2"))


@AGENTS
def test_a_failing_test_that_calls_the_function_stands_in_for_its_callers_while_the_declaration_stays(
        agent: str, repo: Path) -> None:
    _index_ready(repo)
    a = Agent(agent, repo)
    a.prompt(BUG_TASK, env=ENFORCE)
    a.run("python3 -m pytest -q", FAILING_PYTEST, code=1)  # test_parse_amount calls parse_amount
    a.read("calc/core.py")
    fix = a.edit("calc/core.py", "float(text.replace('.', ''))", "float(text.replace(',', ''))")
    assert not _denied(fix), _reason(fix)
    cond = [c for c in evidence(repo)["conditions"] if c["kind"] == "inspect-callers"]
    assert cond and "ran `python3 -m pytest -q` (1 passed, 1 failed)" in (cond[0]["satisfied_by"] or "")
    assert "tests/test_core.py::test_parse_amount" in cond[0]["detail"]["tests"]


@AGENTS
def test_a_fix_that_rewrites_the_declaration_still_needs_the_callers(agent: str, repo: Path) -> None:
    _index_ready(repo)
    a = Agent(agent, repo)
    a.prompt(BUG_TASK, env=ENFORCE)
    a.run("python3 -m pytest -q", FAILING_PYTEST, code=1)
    a.read("calc/core.py")
    old = "def parse_amount(text):\n    return float(text.replace('.', ''))"
    new = "def parse_amount(value):\n    return float(value.replace(',', ''))"
    held = a.edit("calc/core.py", old, new)
    assert _denied(held) and "callers of `parse_amount`" in _reason(held)
    assert "reproduce a failure through it" not in _reason(held)  # that alternative is gone
    a.grep("parse_amount")
    assert not _denied(a.edit("calc/core.py", old, new))


def _pytest_failed(a: Agent, test_id: str) -> None:
    a.run("python3 -m pytest -q", FAILING_PYTEST.replace("tests/test_core.py::test_parse_amount", test_id), code=1)


@pytest.mark.parametrize("header", ["@cached\ndef parse_ratio(text):", "def parse_ratio(\n    text,\n):"])
def test_a_decorated_or_multi_line_declaration_counts_as_the_declaration(header: str, repo: Path) -> None:
    files = {"calc/ratio.py": f"def cached(f):\n    return f\n\n\n{header}\n    return float(text)\n",
             "calc/use.py": "from .ratio import parse_ratio\n\n\ndef half(x):\n    return parse_ratio(x) / 2\n",
             "tests/test_ratio.py": "from calc.ratio import parse_ratio\n\n\ndef test_ratio():\n    assert parse_ratio('1') == 2\n"}
    for rel, text in files.items():
        (repo / rel).write_text(text)
    _index_ready(repo)
    a = Agent("claude", repo)
    a.prompt("test_ratio fails: `parse_ratio` in calc/ratio.py is wrong. Fix the bug.", env=ENFORCE)
    _pytest_failed(a, "tests/test_ratio.py::test_ratio")
    a.read("calc/ratio.py")
    old_line = "def parse_ratio(text):" if header.startswith("@") else "    text,"
    new_line = "def parse_ratio(value, scale=2):" if header.startswith("@") else "    value, scale=2,"
    held = a.edit("calc/ratio.py", old_line, new_line)
    assert _denied(held) and "callers of `parse_ratio`" in _reason(held), _reason(held)


def test_a_failure_that_does_not_go_through_the_function_does_not_stand_in_for_its_callers(repo: Path) -> None:
    _index_ready(repo)
    a = Agent("claude", repo)
    a.prompt("test_total fails: `total` in calc/report.py is wrong. Fix the bug.", env=ENFORCE)
    _pytest_failed(a, "tests/test_report.py::test_total")
    a.read("calc/core.py")
    held = a.edit("calc/core.py", "float(text.replace('.', ''))", "float(text.replace(',', ''))")
    assert _denied(held) and "callers of `parse_amount`" in _reason(held)


def test_a_failing_command_that_calls_the_function_stands_in_for_its_callers(repo: Path) -> None:
    _index_ready(repo)
    a = Agent("claude", repo)  # Codex's PostToolUse has no exit status (its rollout does; see the xfail above)
    a.prompt(BUG_TASK, env=ENFORCE)
    a.run("python3 -c \"from calc.core import parse_amount; assert parse_amount('1,234.50') == 1234.5\"",
          "Traceback (most recent call last):\nAssertionError\n", code=1)
    a.read("calc/core.py")
    assert not _denied(a.edit("calc/core.py", "float(text.replace('.', ''))", "float(text.replace(',', ''))"))


def test_failing_test_ids_of_each_runner_match_the_indexed_test() -> None:
    known = "tests/test_core.py::TestCore::test_parse"
    assert gate._same_test("tests/test_core.py::TestCore::test_parse", known)
    assert gate._same_test("tests/test_core.py::TestCore::test_parse[comma]", known)
    assert gate._same_test("tests.test_core.TestCore.test_parse", known)  # unittest
    assert gate._same_test("test_parse", known)  # go / bare names
    assert not gate._same_test("tests/test_other.py::test_parse", known)
    assert not gate._same_test("tests/test_core.py::test_parse_more", known)
    assert not gate._same_test("tests/test_core_extra.py::TestCore::test_parse", known)  # another module


def test_base_classes_are_found_without_a_full_index(repo: Path) -> None:
    """The hook indexes the edited file and the modules it imports, so `calc/base.py` is known at the
    edit even though nothing indexed the repository."""
    a = Agent("codex", repo)
    a.prompt("Make `Square.area` in calc/shapes.py compute side ** 2.", env=ENFORCE)
    a.read("calc/shapes.py")
    held = a.edit("calc/shapes.py", "return self.side * self.side", "return self.side ** 2")
    assert _denied(held) and "related implementations of `Square.area` (calc/base.py)" in _reason(held)


def test_editing_a_function_needs_a_read_covering_its_definition(repo: Path) -> None:
    _index_ready(repo)
    a = Agent("claude", repo)
    a.prompt("Make `format_amount` in calc/core.py use two decimals.", env=ENFORCE)
    cid = "toolu_partial"
    full = str(repo / "calc/core.py")
    for event in ("PreToolUse", "PostToolUse"):  # a read of lines 1-2 only: parse_amount, not format_amount
        reply(hook({**a.base(event), "tool_name": "Read", "tool_input": {"file_path": full, "offset": 1, "limit": 2},
                    "tool_use_id": cid, "tool_response": {"type": "text"}}, repo, env=ENFORCE))
    held = a.edit("calc/core.py", "return f'{value:,.2f}'", "return f'{value:,.2f}'.strip()")
    assert _denied(held) and "definition of `format_amount`" in _reason(held)
    a.read("calc/core.py")
    assert not _denied(a.edit("calc/core.py", "return f'{value:,.2f}'", "return f'{value:,.2f}'.strip()"))


# ------------------------------------------------------------------ transcript ingestion
def _store(repo: Path) -> Store:
    return Store.open(str(store_path(repo)), find_repo(str(repo)))


def _claude_lines(repo: Path, n: int, start: int = 0) -> list[str]:
    out = []
    for k in range(start, start + n):
        cid = f"toolu_{k:06d}"
        if k % 2:
            use = {"type": "tool_use", "id": cid, "name": "Read", "input": {"file_path": str(repo / "calc/core.py")}}
            res = {"type": "tool_result", "tool_use_id": cid, "content": CORE}
        else:
            use = {"type": "tool_use", "id": cid, "name": "Bash", "input": {"command": "python3 -m pytest -q"}}
            res = {"type": "tool_result", "tool_use_id": cid, "content": PASSING_PYTEST, "is_error": False}
        out.append(json.dumps({"type": "assistant", "sessionId": "s", "cwd": str(repo), "message": {"role": "assistant", "content": [use]}}))
        out.append(json.dumps({"type": "user", "sessionId": "s", "message": {"role": "user", "content": [res]}, "toolUseResult": {}}))
    return out


def _codex_lines(n: int, start: int = 0) -> list[str]:
    out = []
    for k in range(start, start + n):
        cid = f"call_{k:06d}"
        out.append(json.dumps({"timestamp": "t", "type": "response_item", "payload": {
            "type": "function_call", "name": "exec_command", "arguments": json.dumps({"cmd": "cat -n calc/core.py"}), "call_id": cid}}))
        out.append(json.dumps({"timestamp": "t", "type": "response_item", "payload": {
            "type": "function_call_output", "call_id": cid, "output": "Process exited with code 0\nOutput:\n" + CORE}}))
    return out


@AGENTS
def test_transcript_ingestion_is_incremental_and_waits_for_a_torn_last_line(agent: str, repo: Path, tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    lines = _claude_lines(repo, 4) if agent == "claude" else _codex_lines(4)
    store = _store(repo)
    try:
        assert gate.ingest_transcript(store, "s", str(path)) == 0  # the file does not exist yet
        torn = lines[-1][: len(lines[-1]) // 2]
        path.write_text("\n".join(lines[:-1]) + "\n" + torn)
        assert gate.ingest_transcript(store, "s", str(path)) == 3  # the last result is torn: its call waits
        offset, pending = store.conn.execute(
            "SELECT transcript_offset, transcript_pending FROM gate_sessions WHERE session_id='s'").fetchone()
        # the offset moves past every complete line; the line of the call still waiting is carried
        assert offset == len(("\n".join(lines[:-1]) + "\n").encode())
        assert [line for line, _ids in json.loads(pending)] == [lines[-2]]
        with path.open("a") as fh:
            fh.write(lines[-1][len(torn):] + "\n")
        assert gate.ingest_transcript(store, "s", str(path)) == 1  # the call, now with its result
        assert gate.ingest_transcript(store, "s", str(path)) == 0  # nothing new: no work
        extra = _claude_lines(repo, 2, start=100) if agent == "claude" else _codex_lines(2, start=100)
        with path.open("a") as fh:
            fh.write("\n".join(extra) + "\n")
        assert gate.ingest_transcript(store, "s", str(path)) == 2  # only the new lines
        kinds = [e.kind for e in gate.events(store, "s")]
        assert "read" in kinds
    finally:
        store.close()


@AGENTS
def test_a_call_that_never_gets_its_result_does_not_pin_the_transcript_offset(agent: str, repo: Path,
                                                                              tmp_path: Path) -> None:
    """Calls left unanswered (an interrupted tool, a crashed agent) are carried, at most
    PENDING_LINES of them; every call after them is read once, and a late result still counts."""
    path = tmp_path / "t.jsonl"
    make = _claude_lines if agent == "claude" else _codex_lines
    lines = make(repo, 60) if agent == "claude" else make(60)
    calls, results = lines[0::2], lines[1::2]
    store = _store(repo)
    try:
        # 40 calls whose results never come, then 20 answered ones
        path.write_text("\n".join(calls[:40] + [x for pair in zip(calls[40:], results[40:]) for x in pair]) + "\n")
        assert gate.ingest_transcript(store, "s", str(path)) == 20
        offset, pending = store.conn.execute(
            "SELECT transcript_offset, transcript_pending FROM gate_sessions WHERE session_id='s'").fetchone()
        assert offset == path.stat().st_size
        assert [line for line, _ids in json.loads(pending)] == calls[40 - gate.PENDING_LINES:40]  # the newest unanswered
        with path.open("a") as fh:
            fh.write(results[39] + "\n" + results[0] + "\n")  # a carried call answered late; one dropped
        assert gate.ingest_transcript(store, "s", str(path)) == 1
        assert gate.ingest_transcript(store, "s", str(path)) == 0  # nothing new: no work
        ids = {r[0] for r in store.conn.execute("SELECT call_id FROM evidence_events WHERE session_id='s'")}
        assert len(ids) == 21
    finally:
        store.close()


def test_recorded_transcripts_of_both_agents_give_evidence_events(repo: Path) -> None:
    fixtures = Path(__file__).resolve().parent.parent / "fixtures"
    recorded = sorted((fixtures / "gate" / "claude").glob("supported_fix_*.jsonl"))[:1] + \
        sorted((fixtures / "gate" / "codex").glob("supported_fix_*.jsonl"))[:1]
    if len(recorded) < 2:
        recorded = [fixtures / "transcripts" / "claude_session.jsonl", fixtures / "transcripts" / "codex_rollout.jsonl"]
    store = _store(repo)
    try:
        for n, path in enumerate(recorded):
            assert gate.ingest_transcript(store, f"rec{n}", str(path)) > 0
            kinds = {e.kind for e in gate.events(store, f"rec{n}")}
            if "supported_fix" in path.name:
                assert {"read", "edit", "command"} <= kinds
                runs = [e for e in gate.events(store, f"rec{n}") if e.kind == "command" and e.tests]
                assert runs[0].tests["failed"] >= 1 and runs[-1].tests["failed"] == 0
    finally:
        store.close()


def test_the_hook_reads_the_transcript_at_a_submission(repo: Path, tmp_path: Path) -> None:
    """Evidence only the transcript holds (no PostToolUse reached the hook) still counts at Stop."""
    path = tmp_path / "session.jsonl"
    a = Agent("claude", repo, transcript=str(path))
    _fixed(a)
    assert (a.stop() or {}).get("decision") == "block"
    path.write_text("\n".join(_claude_lines(repo, 1, start=500)) + "\n")  # a passing pytest run, after the edit
    assert (a.stop() or {}).get("decision") != "block"


def test_ten_thousand_events_are_ingested_once_and_a_later_call_reads_only_what_is_new(repo: Path,
                                                                                       tmp_path: Path) -> None:
    """Behaviour only: the time it takes is measured by benchmarks/gate_eval.py, not asserted here
    (a wall-clock limit fails on a busy 2-core machine)."""
    path = tmp_path / "big.jsonl"
    path.write_text("\n".join(_claude_lines(repo, 10_000)) + "\n")
    store = _store(repo)
    try:
        t0 = time.perf_counter()
        added = gate.ingest_transcript(store, "big", str(path))
        took = time.perf_counter() - t0
        with path.open("a") as fh:
            fh.write("\n".join(_claude_lines(repo, 1, start=20_000)) + "\n")
        t1 = time.perf_counter()
        more = gate.ingest_transcript(store, "big", str(path))
        step = time.perf_counter() - t1
    finally:
        store.close()
    print(f"\ningested {added} events ({path.stat().st_size / 1e6:.1f} MB) in {took:.2f}s; next call {step * 1000:.1f} ms")
    assert added == 10_000 and more == 1


# ------------------------------------------------------------------ issue 13: related, coverage, callers, stale, JS
CIRCLE = "from .base import Shape\n\n\nclass Circle(Shape):\n    def area(self):\n        return 3 * self.r * self.r\n"
TEST_REPORT = "from calc.report import total\n\n\ndef test_total():\n    assert total(['1']) == 1\n"


def _add_files(repo: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "more")


def _cat(a: Agent, *rels: str) -> None:
    """Read files the way each agent does: Claude's Read per file, Codex's one `cat a b`."""
    if a.name == "claude":
        for rel in rels:
            a.read(rel)
    else:
        a.run("cat " + " ".join(rels), "".join((a.repo / r).read_text() for r in rels))


@AGENTS
def test_an_override_needs_its_base_and_its_sibling_overrides_read_not_grepped(agent: str, repo: Path) -> None:
    _add_files(repo, {"calc/circle.py": CIRCLE})
    _index_ready(repo)
    a = Agent(agent, repo)
    a.prompt("Make `Square.area` in calc/shapes.py compute side ** 2.", env=ENFORCE)
    a.read("calc/shapes.py")
    a.grep("def area")  # every implementation as a grep line: not inspected
    held = a.edit("calc/shapes.py", "return self.side * self.side", "return self.side ** 2")
    assert _denied(held) and "calc/base.py" in _reason(held) and "Circle.area" in _reason(held), _reason(held)
    a.read("calc/base.py")
    held = a.edit("calc/shapes.py", "return self.side * self.side", "return self.side ** 2")
    assert _denied(held) and "calc/circle.py" in _reason(held)
    _cat(a, "calc/base.py", "calc/circle.py")  # Codex: one `cat` of both files reads both
    assert not _denied(a.edit("calc/shapes.py", "return self.side * self.side", "return self.side ** 2"))


def test_a_base_method_needs_its_overrides_and_a_class_without_a_hierarchy_needs_nothing(repo: Path) -> None:
    _add_files(repo, {"calc/circle.py": CIRCLE, "calc/plain.py": "class Plain:\n    def area(self):\n        return 1\n"})
    _index_ready(repo)
    a = Agent("claude", repo)
    a.prompt("Change the shapes.", env=ENFORCE)
    a.read("calc/plain.py")
    assert not _denied(a.edit("calc/plain.py", "return 1", "return 2"))  # no base, no subclass: dropped
    a.read("calc/base.py")
    held = a.edit("calc/base.py", "raise NotImplementedError", "raise NotImplementedError('area')")
    assert _denied(held) and "Square.area" in _reason(held) and "Circle.area" in _reason(held)
    a.read("calc/shapes.py")
    a.read("calc/circle.py")
    assert not _denied(a.edit("calc/base.py", "raise NotImplementedError", "raise NotImplementedError('area')"))


def test_a_new_override_needs_the_base_method(repo: Path) -> None:
    _add_files(repo, {"calc/circle.py": "from .base import Shape\n\n\nclass Circle(Shape):\n    r = 1\n"})
    _index_ready(repo)
    a = Agent("claude", repo)
    a.prompt("Give Circle an area.", env=ENFORCE)
    a.read("calc/circle.py")
    held = a.edit("calc/circle.py", "    r = 1\n", "    r = 1\n\n    def area(self):\n        return 3 * self.r\n")
    assert _denied(held) and "Shape.area" in _reason(held) and "Square.area" in _reason(held)


@AGENTS
def test_a_submission_needs_tests_that_import_the_edited_module(agent: str, repo: Path) -> None:
    _add_files(repo, {"tests/test_report.py": TEST_REPORT})
    a = Agent(agent, repo)  # no index: the submission builds what it needs on demand
    a.prompt("Make `total` in calc/report.py skip blank lines.", env=ENFORCE)
    a.read("calc/report.py")
    a.edit("calc/report.py", "for x in lines)", "for x in lines if x.strip())")
    a.run("python3 -m pytest -q tests/test_core.py", PASSING_PYTEST)  # test_core imports core, not report
    held = a.stop()
    assert held and held.get("decision") == "block" and "tests/test_report.py" in held["reason"], held
    a.run("python3 -m pytest -q tests/test_report.py", PASSING_PYTEST)
    assert not a.stop()


def test_coverage_follows_imports_transitively_and_a_module_no_test_imports_has_nothing_to_run(repo: Path) -> None:
    _add_files(repo, {"tests/test_report.py": TEST_REPORT})
    a = Agent("codex", repo)
    a.prompt("Make `parse_amount` in calc/core.py accept spaces.", env=ENFORCE)
    a.read("calc/core.py")
    a.grep("parse_amount")
    a.edit("calc/core.py", "float(text.replace('.', ''))", "float(text.strip().replace('.', ''))")
    a.run("python3 -m pytest -q tests/test_report.py", PASSING_PYTEST)  # report imports core
    assert not a.stop()
    b = Agent("claude", repo)
    b.base = lambda event: {**Agent.base(b, event), "session_id": "sess-gate-2"}  # type: ignore[method-assign]
    b.prompt("Add a docstring to `Square.area` in calc/shapes.py.", env=ENFORCE)
    b.read("calc/shapes.py")
    b.read("calc/base.py")
    b.edit("calc/shapes.py", "    def area(self):\n", "    def area(self):\n        \"\"\"side squared\"\"\"\n")
    assert not b.stop()  # no test imports calc/shapes.py: nothing to run


@AGENTS
def test_a_read_goes_stale_when_something_else_rewrites_the_file(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt("Make `format_amount` in calc/core.py use no thousands separator.", env=ENFORCE)
    a.read("calc/core.py")
    # A formatter (or `git pull`, `git checkout rev -- f`) rewrites the file after the read.
    (repo / "calc/core.py").write_text(CORE.replace("def format_amount(value):", "def format_amount(value):  # fmt"))
    a.run("python3 tools/fmt.py calc", "")
    held = a.edit("calc/core.py", "return f'{value:,.2f}'", "return f'{value:.2f}'")
    assert _denied(held) and "read the definition of `format_amount`" in _reason(held), _reason(held)
    a.read("calc/core.py")
    assert not _denied(a.edit("calc/core.py", "return f'{value:,.2f}'", "return f'{value:.2f}'"))


@AGENTS
def test_the_agents_own_edits_keep_its_read_valid(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt("Make `format_amount` in calc/core.py print no decimals.", env=ENFORCE)
    a.read("calc/core.py")
    assert not _denied(a.edit("calc/core.py", "return f'{value:,.2f}'", "return f'{value:,.1f}'"))
    assert not _denied(a.edit("calc/core.py", "return f'{value:,.1f}'", "return f'{value:,.0f}'"))
    report = evidence(repo)
    assert all(c["satisfied_by"] for c in report["conditions"] if c["kind"] == "read-definition")


def test_a_change_callers_can_see_needs_them_even_after_a_failing_test(repo: Path) -> None:
    _index_ready(repo)
    a = Agent("claude", repo)
    a.prompt(BUG_TASK, env=ENFORCE)
    a.run("python3 -m pytest -q", FAILING_PYTEST, code=1)  # the failing test calls parse_amount
    a.read("calc/core.py")
    old = "    return float(text.replace('.', ''))"
    new = "    if not text:\n        raise ValueError('empty')\n    return float(text.replace('.', ''))"
    held = a.edit("calc/core.py", old, new)  # callers now get an exception they never got
    assert _denied(held) and "callers of `parse_amount`" in _reason(held), _reason(held)
    a.read("calc/report.py")
    assert not _denied(a.edit("calc/core.py", old, new))


def test_a_search_that_matched_no_caller_does_not_inspect_the_callers(repo: Path) -> None:
    _index_ready(repo)
    a = Agent("codex", repo)
    a.prompt("Make `parse_amount` in calc/core.py accept surrounding whitespace.", env=ENFORCE)
    a.read("calc/core.py")
    a.run("grep -rn 'parse_amount(' docs", "")  # matched nothing
    held = a.edit("calc/core.py", "float(text.replace('.', ''))", "float(text.strip().replace('.', ''))")
    assert _denied(held) and "callers of `parse_amount`" in _reason(held)


def test_callers_are_grounded_on_demand_before_any_index(repo: Path) -> None:
    a = Agent("claude", repo)  # nothing indexed the repository, and no background index runs
    a.prompt("Make `parse_amount` in calc/core.py accept surrounding whitespace.", env=ENFORCE)
    a.read("calc/core.py")
    held = a.edit("calc/core.py", "float(text.replace('.', ''))", "float(text.strip().replace('.', ''))")
    assert _denied(held) and "calc/report.py" in _reason(held), _reason(held)


VITEST_FAIL = ("\n RUN  v2.1.8 /repo\n\n ❯ tests/retry.test.ts (2 tests | 1 failed) 7ms\n   × zero attempts 3ms\n\n"
               " FAIL  tests/retry.test.ts > zero attempts\nAssertionError: expected 0 to be 1\n\n"
               " Test Files  1 failed | 0 passed (1)\n      Tests  1 failed | 1 passed (2)\n   Duration  412ms\n")
NODE_TAP_FAIL = ("TAP version 13\n# Subtest: accents\nnot ok 1 - accents\n  ---\n  location: '/r/test/slug.test.js:3:1'\n"
                 "  ...\n1..1\n# tests 1\n# suites 0\n# pass 0\n# fail 1\n")


def test_js_runner_outcomes_and_failing_ids() -> None:
    from statewise_cli.transcript.outcomes import failure_in_text, parse_test_outcome

    v = parse_test_outcome(VITEST_FAIL)
    assert v and (v.framework, v.passed, v.failed, v.failing) == ("vitest", 1, 1, ("tests/retry.test.ts::zero attempts",))
    ok = parse_test_outcome(" ✓ tests/a.test.ts (2 tests) 7ms\n\n Test Files  1 passed (1)\n      Tests  2 passed (2)\n")
    assert ok and (ok.framework, ok.passed, ok.failed) == ("vitest", 2, 0)
    n = parse_test_outcome(NODE_TAP_FAIL)
    assert n and (n.framework, n.failed, n.failing) == ("node", 1, ("/r/test/slug.test.js::accents",))
    spec = parse_test_outcome("✔ a (1ms)\n✖ b (2ms)\nℹ tests 2\nℹ pass 1\nℹ fail 1\n")
    assert spec and (spec.framework, spec.passed, spec.failed, spec.failing) == ("node", 1, 1, ("b",))
    j = parse_test_outcome("FAIL src/sum.test.js\n  ● math › adds\n\nTests:       1 failed, 2 passed, 3 total\n")
    assert j and (j.framework, j.failed, j.failing) == ("jest", 1, ("src/sum.test.js::adds",))
    m = parse_test_outcome("  math\n    ✓ adds\n\n  1 passing (5ms)\n  1 failing\n\n  1) math\n       subtracts:\n")
    assert m and (m.framework, m.passed, m.failed) == ("mocha", 1, 1)
    assert failure_in_text("Error: boom\n    at f (file:///x.js:3:9)\n")
    assert failure_in_text("Traceback (most recent call last):\n  File x\nValueError: bad\n")
    assert not failure_in_text("https://x.test/a\n")


@AGENTS
def test_a_failing_node_test_run_reproduces_and_a_vitest_run_supports_the_stop(agent: str, git_repo: Path) -> None:
    _add_files(git_repo, {"src/slug.js": "export function slug(t) {\n  return t.toLowerCase();\n}\n",
                          "test/slug.test.js": "import { slug } from '../src/slug.js';\n",
                          "package.json": '{"type": "module"}\n'})
    a = Agent(agent, git_repo)
    a.prompt("Bug: `slug` in src/slug.js drops accents; test/slug.test.js fails.", env=ENFORCE)
    a.run("node --test test/slug.test.js", NODE_TAP_FAIL.replace("/r/", str(git_repo) + "/"), code=1)
    a.read("src/slug.js")
    assert not _denied(a.edit("src/slug.js", "return t.toLowerCase();", "return t.normalize('NFD').toLowerCase();"))
    assert a.stop()  # nothing ran after the edit
    a.run("npx vitest run test/slug.test.js", VITEST_FAIL.replace("1 failed | 1 passed", "2 passed").replace(
        "1 failed | 0 passed", "1 passed"))
    assert not a.stop()


@AGENTS
def test_the_first_lines_of_a_file_do_not_read_a_function_below_them(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt("Make `format_amount` in calc/core.py use no thousands separator.", env=ENFORCE)
    a.run("head -n 2 calc/core.py", "\n".join(CORE.splitlines()[:2]) + "\n")  # parse_amount only
    held = a.edit("calc/core.py", "return f'{value:,.2f}'", "return f'{value:.2f}'")
    assert _denied(held) and "read the definition of `format_amount`" in _reason(held), _reason(held)


@AGENTS
def test_a_search_whose_context_shows_the_whole_function_reads_it_and_a_lone_line_does_not(agent: str, repo: Path) -> None:
    a = Agent(agent, repo)
    a.prompt("Make `format_amount` in calc/core.py use no thousands separator.", env=ENFORCE)
    a.run("cat tests/test_core.py", TEST_CORE)  # the task's file is located; the function is not read
    one_line = subprocess.run(["grep", "-rn", "def format_amount", "calc"], check=False, cwd=repo, capture_output=True, text=True).stdout
    if agent == "claude":
        a._call("Grep", {"pattern": "def format_amount", "path": str(repo / "calc"), "output_mode": "content", "-n": True},
                {"tool_response": {"mode": "content", "content": one_line.rstrip("\n"), "numFiles": 1}}, ENFORCE)
    else:
        a.run("grep -rn 'def format_amount' calc", one_line)
    held = a.edit("calc/core.py", "return f'{value:,.2f}'", "return f'{value:.2f}'")
    assert _denied(held) and "read the definition of `format_amount`" in _reason(held), _reason(held)
    shown = subprocess.run(["grep", "-rn", "-A", "3", "def format_amount", "calc"], check=False, cwd=repo, capture_output=True,
                           text=True).stdout
    if agent == "claude":
        a._call("Grep", {"pattern": "def format_amount", "path": str(repo / "calc"), "output_mode": "content", "-n": True,
                         "-A": 3}, {"tool_response": {"mode": "content", "content": shown.rstrip("\n"), "numFiles": 1}}, ENFORCE)
    else:
        a.run("grep -rn -A 3 'def format_amount' calc", shown)
    assert not _denied(a.edit("calc/core.py", "return f'{value:,.2f}'", "return f'{value:.2f}'"))
