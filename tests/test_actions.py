"""The one action normalizer: what a tool call does, for the hook, the transcript reader, the gate and the audit."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from swtest import git, hook, reply

from statewise_cli import transcript as tr
from statewise_cli.actions.normalize import describe_call, normalize_call
from statewise_cli.actions.paths import is_test_path, relative, relative_inside

PKG = Path(__file__).resolve().parent.parent / "statewise_cli"


def bash(command: str, root: str | None = None) -> Any:
    return describe_call("Bash", {"command": command}, command=command, root=root)


# ------------------------------------------------------------------ reads through every wrapper
@pytest.mark.parametrize("command", [
    "cat calc/core.py", "bash -c 'cat calc/core.py'", "sh -c \"cat calc/core.py\"", "timeout 5 cat calc/core.py",
    "timeout -s KILL 5 cat calc/core.py", "sudo -u root cat calc/core.py", "env FOO=1 cat calc/core.py",
    "nice -n 10 cat calc/core.py", "cd calc/.. && cat calc/core.py", "true | cat calc/core.py", "(cat calc/core.py)",
    "echo $(cat calc/core.py)", "bash -lc 'timeout 5 sudo -u root cat calc/core.py'", "cat -n calc/core.py 2>/dev/null",
])
def test_a_file_read_through_any_wrapper_is_a_read_of_that_file(command: str) -> None:
    call = bash(command)
    assert (call.kind, call.path) == ("read", "calc/core.py")


def test_reads_searches_and_runs() -> None:
    assert (bash("sed -n '10,40p' src/app.py").kind, bash("sed -n '10,40p' src/app.py").lines) == ("read", (10, 40))
    assert bash("head -n 20 src/app.py").path == "src/app.py"
    # head shows its first lines only: 10 by default, -n N / -nN / -N / --lines=N otherwise
    assert [bash(c).lines for c in ("head src/app.py", "head -n 4 src/app.py", "head -20 src/app.py",
                                    "head --lines=7 src/app.py", "head -c 40 src/app.py")] == [
        (1, 10), (1, 4), (1, 20), (1, 7), None]
    assert bash("bat -r 5:9 src/app.py").path == "src/app.py"
    assert bash("xargs cat < files.txt").kind == "command"  # the list is xargs' input, not the file read
    grep = bash("grep -rn -A 3 parse_amount calc")
    assert (grep.kind, grep.pattern, grep.path) == ("search", "parse_amount", "calc")
    assert bash("rg -e 'def total' src").pattern == "def total"
    assert (bash("git grep -n total -- calc").kind, bash("git grep -n total -- calc").path) == ("search", "calc")
    assert bash("find . -name '*.py' | xargs grep -n total").kind == "search"
    for test_run in ("python3 -m pytest -q", "pytest -q 2>&1 | tail -5", "npm test", "go test ./...",
                     "python manage.py test", "npx mocha", "python -m unittest discover", "pytest | tee log.txt"):
        assert bash(test_run).kind == "test", test_run
    assert bash("git push origin main").kind == "push"
    assert bash("git push --dry-run origin main").kind == "command"
    assert bash("pip install requests").kind == "install"
    assert bash("npm publish").kind == "publish"
    assert bash("git status && ls").kind == "command"


# ------------------------------------------------------------------ edits through the shell
@pytest.mark.parametrize(("command", "paths"), [
    ("sed -i 's/a/b/' calc/core.py", ["calc/core.py"]),
    ("sed -i '' -e 's/a/b/' calc/core.py calc/report.py", ["calc/core.py", "calc/report.py"]),
    ("sed --in-place=.bak 's/a/b/' calc/core.py", ["calc/core.py"]),
    ("perl -pi -e 's/a/b/' calc/core.py", ["calc/core.py"]),
    ("perl -i.bak -pe 's/a/b/' calc/core.py", ["calc/core.py"]),
    ("echo x | tee calc/notes.txt", ["calc/notes.txt"]),
    ("echo x | tee -a calc/notes.txt >/dev/null", ["calc/notes.txt"]),
    ("echo 'x = 1' > calc/new.py", ["calc/new.py"]),
    ("printf 'x\\n' >> calc/core.py", ["calc/core.py"]),
    ("cat > calc/new.py <<'EOF'\ndef double(x):\n    return 2 * x\nEOF", ["calc/new.py"]),
    ("cat <<EOF > calc/new.py\nx = 1\nEOF", ["calc/new.py"]),
    ("bash -c 'sed -i s/a/b/ calc/core.py'", ["calc/core.py"]),
    ("git apply <<'EOF'\n--- a/calc/core.py\n+++ b/calc/core.py\n@@ -1 +1 @@\n-a\n+b\nEOF", ["calc/core.py"]),
    ("patch -p1 <<'EOF'\n--- a/calc/core.py\n+++ b/calc/core.py\n@@ -1 +1 @@\n-a\n+b\nEOF", ["calc/core.py"]),
    ("patch calc/core.py < fix.diff", ["calc/core.py"]),
    ("apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: calc/core.py\n@@ def f():\n-a\n+b\n*** End Patch\nEOF",
     ["calc/core.py"]),
])
def test_shell_side_edits_are_edits_of_the_files_they_write(command: str, paths: list[str]) -> None:
    call = bash(command)
    assert call.kind == "edit"
    assert [p for a in call.edits for p in a.paths] == paths


def test_edits_whose_files_only_the_patch_knows_are_still_edits() -> None:
    for command in ("git apply fix.diff", "patch -p1 < fix.diff", "patch -p1 -i fix.diff"):
        call = bash(command)
        assert call.kind == "edit" and [p for a in call.edits for p in a.paths] == [], command
    assert bash("git apply --check fix.diff").kind == "command"
    assert bash("patch --dry-run -p1 < fix.diff").kind == "command"


def test_scratch_writes_and_scripts_are_not_edits() -> None:
    assert bash("cat calc/core.py > /tmp/copy").kind == "read"
    assert bash("ls > /dev/null").kind == "command"
    assert bash("python fix.py").kind == "command"  # no evidence of what it wrote
    assert bash("node scripts/codemod.js src").kind == "command"
    # a project under /tmp: a write into it is an edit, a write beside it is scratch
    assert bash("echo x > /tmp/proj/a.py", root="/tmp/proj").kind == "edit"
    assert bash("echo x > /tmp/other/a.py", root="/tmp/proj").kind == "command"


def test_file_tools_and_apply_patch() -> None:
    read = describe_call("Read", {"file_path": "/r/a.py", "offset": 10, "limit": 5})
    assert (read.kind, read.path, read.lines) == ("read", "/r/a.py", (10, 14))
    grep = describe_call("Grep", {"pattern": "def total", "path": "/r/calc"})
    assert (grep.kind, grep.path, grep.pattern) == ("search", "/r/calc", "def total")
    assert describe_call("Glob", {"pattern": "**/*.py"}).kind == "search"
    for tool, inp in (("Edit", {"file_path": "/r/a.py", "old_string": "a", "new_string": "b"}),
                      ("Write", {"file_path": "/r/a.py", "content": "x\n"}),
                      ("MultiEdit", {"file_path": "/r/a.py", "edits": [{"old_string": "a", "new_string": "b"}]}),
                      ("NotebookEdit", {"notebook_path": "/r/n.ipynb", "new_source": "x = 1"})):
        call = describe_call(tool, inp)
        assert call.kind == "edit" and call.edits[0].paths[0].startswith("/r/"), tool
    patch = describe_call("apply_patch", {"command": "*** Begin Patch\n*** Add File: a.py\n+x\n*** Delete File: b.py\n*** End Patch"})
    assert [(a.operation, a.paths) for a in patch.edits] == [("file.create", ("a.py",)), ("file.delete", ("b.py",))]
    assert describe_call("TodoWrite", {"todos": []}).kind == "other"


def test_the_hook_keeps_its_operations_and_risks() -> None:
    """The kinds are added knowledge: operations and risks the recovery contracts key on are unchanged."""
    ops = lambda command: [(a.operation, a.risk) for a in normalize_call("Bash", {}, "main", command=command)]
    assert ops("sed -i s/a/b/ f.py") == [("file.write", "local-mutation")]
    assert ops("perl -pi -e s/a/b/ f.py") == [("file.write", "local-mutation")]  # an in-place edit, as sed -i
    assert ops("git apply x.diff") == [("git.apply", "local-mutation")]
    assert ops("cat f.py") == [("shell.cat", "read-only")]
    assert ops("git push -f origin main") == [("git.push", "remote")]
    [read] = normalize_call("Read", {"file_path": "/r/a.py"})
    assert (read.operation, read.risk, read.target) == ("read", "read-only", None)


# ------------------------------------------------------------------ transcripts and the audit
def _claude_session(cwd: str, calls: list[tuple[str, dict[str, Any], str]]) -> str:
    out: list[dict[str, Any]] = [{"type": "user", "cwd": cwd, "sessionId": "s1",
                                  "message": {"role": "user", "content": "Fix apply_discount."}}]
    for i, (name, inp, result) in enumerate(calls):
        out.append({"type": "assistant", "cwd": cwd, "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": f"toolu_{i}", "name": name, "input": inp}]}})
        out.append({"type": "user", "cwd": cwd, "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": result, "is_error": False}]}})
    out.append({"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": "Done."}]}})
    return "".join(json.dumps(x) + "\n" for x in out)


def test_transcript_steps_take_shell_edits_and_wrapped_reads_from_the_normalizer(tmp_path: Path) -> None:
    cwd = str(tmp_path / "repo")
    path = tmp_path / "s.jsonl"
    path.write_text(_claude_session(cwd, [
        ("Bash", {"command": "timeout 5 cat shop/pricing.py"}, "def apply_discount(p, d):\n    return d\n"),
        ("Bash", {"command": "sed -i 's/return d/return p/' shop/pricing.py"}, ""),
        ("Bash", {"command": "cat > shop/extra.py <<'EOF'\ndef helper():\n    return 1\nEOF"}, ""),
        ("Bash", {"command": "python fix.py"}, "done"),
    ]))
    steps = tr.parse_file(str(path)).steps
    assert [(s.action.kind, s.action.path) for s in steps[:4]] == [
        ("read", "shop/pricing.py"), ("edit", "shop/pricing.py"), ("edit", "shop/extra.py"), ("command", None)]
    heredoc = steps[2].action.edits[0]
    assert (heredoc.op, heredoc.ranges, heredoc.symbols) == ("write", ((1, 2),), ("helper",))
    assert [(e.kind, e.path) for e in tr.events(tr.parse_file(str(path)))][:3] == [
        ("read", "shop/pricing.py"), ("edit", "shop/pricing.py"), ("edit", "shop/extra.py")]


def _codex_rollout(calls: list[tuple[str, str, dict[str, Any] | None]]) -> str:
    out: list[dict[str, Any]] = [{"type": "session_meta", "payload": {"id": "s", "cwd": "/w/repo"}}]
    for i, (cmd, output, changes) in enumerate(calls):
        cid = f"call_{i}"
        out.append({"type": "response_item", "payload": {"type": "function_call", "name": "exec_command",
                                                         "arguments": json.dumps({"cmd": cmd}), "call_id": cid}})
        if changes is not None:
            out.append({"type": "event_msg", "payload": {"type": "item_completed", "item": {
                "type": "FileChange", "id": cid, "changes": changes}}})
        out.append({"type": "response_item", "payload": {"type": "function_call_output", "call_id": cid,
                                                         "output": f"Process exited with code 0\nOutput:\n{output}"}})
    return "".join(json.dumps(x) + "\n" for x in out)


def test_a_script_is_an_edit_only_when_the_transcript_shows_the_files_it_wrote(tmp_path: Path) -> None:
    diff = "@@ -1,2 +1,2 @@\n def total(xs):\n-    return 0\n+    return sum(xs)\n"
    path = tmp_path / "rollout.jsonl"
    path.write_text(_codex_rollout([
        ("python fix.py", "patched", {"/w/repo/calc/report.py": {"type": "update", "unified_diff": diff}}),
        ("python fix.py", "patched", None),
    ]))
    first, second = tr.parse_file(str(path)).steps[:2]
    assert first.action.kind == "edit"
    [edit] = first.action.edits
    assert (edit.path, edit.op, edit.ranges, edit.symbols) == ("/w/repo/calc/report.py", "update", ((2, 2),), ("total",))
    assert second.action.kind == "command" and second.action.edits == ()


def test_an_agent_that_edits_only_through_the_shell_made_an_edit_in_the_audit(tmp_path: Path) -> None:
    from statewise_cli.audit import investigate as audit

    failure = ("FAILED tests/test_pricing.py::test_apply_discount - assert 20.0 == 180.0\n"
               "E       assert apply_discount(200, 10) == 180.0\n1 failed, 7 passed in 0.05s\n")
    path = tmp_path / "s.jsonl"
    path.write_text(_claude_session(str(tmp_path), [
        ("Bash", {"command": "cat shop/pricing.py"}, "def apply_discount(price, pct):\n    return price * pct / 100\n"),
        ("Bash", {"command": "sed -i 's/price \\* pct/price - price * pct/' shop/pricing.py"}, ""),
    ]))
    diag = audit.diagnose(tr.parse_file(str(path)), tests_text=failure)
    assert "made no edit at all" not in diag.prior.rationale
    assert diag.chosen is not None and diag.chosen.step == 2 and "edited shop/pricing.py" in diag.chosen.reason


# ------------------------------------------------------------------ the gate, through the installed hook
CORE = "def parse_amount(text):\n    return float(text.replace('.', ''))\n"
ENFORCE = {"STATEWISE_GATE": "enforce"}


@pytest.fixture
def calc_repo(git_repo: Path) -> Path:
    (git_repo / "calc").mkdir()
    (git_repo / "calc/__init__.py").write_text("")
    (git_repo / "calc/core.py").write_text(CORE)
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "calc")
    return git_repo


def _send(repo: Path, event: str, **fields: Any) -> dict[str, Any] | None:
    payload = {"session_id": "sess-actions", "cwd": str(repo), "hook_event_name": event, "transcript_path": None,
               "permission_mode": "bypassPermissions", "prompt_id": "p-1", **fields}
    return reply(hook(payload, repo, env=ENFORCE))


def _held(r: dict[str, Any] | None) -> bool:
    return ((r or {}).get("hookSpecificOutput") or {}).get("permissionDecision") == "deny"


@pytest.mark.parametrize("command", ["bash -c 'cat calc/core.py'", "timeout 5 cat calc/core.py",
                                     "sudo -u root cat calc/core.py"])
def test_the_gate_counts_a_wrapped_read_before_an_edit(command: str, calc_repo: Path) -> None:
    _send(calc_repo, "UserPromptSubmit", prompt="Add a `double_amount` helper to calc/core.py.")
    edit = {"tool_name": "Edit", "tool_input": {"file_path": str(calc_repo / "calc/core.py"), "old_string": "def parse_amount",
                                                "new_string": "def double_amount(v):\n    return 2 * v\n\n\ndef parse_amount"}}
    assert _held(_send(calc_repo, "PreToolUse", tool_use_id="toolu_1", **edit))  # not read yet
    bash_call = {"tool_name": "Bash", "tool_input": {"command": command}, "tool_use_id": "toolu_2"}
    assert not _held(_send(calc_repo, "PreToolUse", **bash_call))
    _send(calc_repo, "PostToolUse", tool_response={"stdout": CORE, "stderr": "", "interrupted": False}, **bash_call)
    assert not _held(_send(calc_repo, "PreToolUse", tool_use_id="toolu_3", **edit))


# ------------------------------------------------------------------ paths
@pytest.mark.parametrize(("path", "is_test"), [
    ("tests/test_core.py", True), ("tests/helpers.py", True), ("test/unit/util.js", True),
    ("src/__tests__/button.tsx", True), ("spec/models/user_spec.rb", True), ("pkg/test_utils.py", True),
    ("pkg/core_test.py", True), ("conftest.py", True), ("app/tests.py", True), ("server/handler_test.go", True),
    ("web/button.test.tsx", True), ("web/util.test.js", True), ("web/api.spec.ts", True), ("lib/parser.spec.mjs", True),
    ("./tests/data/input.json", True), ("calc/core.py", False), ("src/testing_utils.py", False),
    ("src/latest.py", False), ("server/handler.go", False), ("web/contest.ts", False), ("docs/test.md", False),
    ("src/attest/check.py", False), ("web/util.testing.js", False), ("", False),
])
def test_one_rule_says_what_a_test_path_is(path: str, is_test: bool) -> None:
    assert is_test_path(path) is is_test


def test_one_relativiser_for_repository_paths(tmp_path: Path) -> None:
    root = str(tmp_path / "repo")
    os.makedirs(root)
    assert relative(os.path.join(root, "calc/core.py"), root) == "calc/core.py"
    assert relative("./calc/../calc/core.py", root) == "calc/core.py"
    assert relative("/elsewhere/x.py", root) == "/elsewhere/x.py"
    assert relative_inside("/elsewhere/x.py", root) is None
    assert relative_inside("../x.py", root) is None
    assert relative("", root) == "" and relative_inside(None, root) is None
    assert relative("a//b.py", None) == "a/b.py"
    os.symlink(root, str(tmp_path / "link"))
    assert relative_inside(str(tmp_path / "link" / "a.py"), root) == "a.py"  # resolved through the link


def test_the_tokenizer_stays_private_to_actions() -> None:
    offenders = [str(p.relative_to(PKG)) for p in PKG.rglob("*.py")
                 if p.parent.name != "actions" and "_tokens" in p.read_text() and "actions.shell" in p.read_text()]
    assert offenders == []
