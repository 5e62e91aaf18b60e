"""One parser for agent transcripts: Claude Code session JSONL, Codex rollout JSONL, SWE-agent ``.traj``.

It yields a trajectory of numbered steps (thought, action, observation) for ``statewise audit`` and the
evidence events the evidence gate consumes (read, search, command with test outcome, edit). Stdlib only
and import-light: the gate reads transcripts on the hook path, so nothing here imports typing at run
time, dataclasses or a third-party package. The JSONL formats are read incrementally
(:func:`read_events`): only complete lines are consumed, a torn last line is left for the next call.
"""

from __future__ import annotations

import os

from statewise_cli.fast import jsonfast as json  # no `re` at import (see jsonfast)
from statewise_cli.fast.lazy_re import Pattern  # compiled on first use: no `re` at import
from statewise_cli.fast.struct import Struct

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any



CLAUDE, CODEX, SWE_AGENT = "claude", "codex", "swe-agent"
READ_TOOLS = {"cat", "head", "tail", "sed", "nl", "less", "bat"}
SEARCH_TOOLS = {"rg", "grep", "ag", "ack", "git-grep", "find", "fd"}
TEST_COMMAND = Pattern(r"\b(pytest|py\.test|unittest|tox|nox|jest|vitest|mocha|go\s+test|cargo\s+test|"
                          r"npm\s+(run\s+)?test|yarn\s+test|pnpm\s+test|make\s+(test|check)|manage\.py\s+test)\b")


class Edit(Struct):
    """One file an action changed. ``ranges``: changed (start, end) lines of the new file, when known."""

    path: str
    op: str  # add | update | delete | write
    ranges: tuple[tuple[int, int], ...] = ()
    move_to: str | None = None
    symbols: tuple[str, ...] = ()  # def/class/function names seen in the changed text and hunk headers
    text: str = ""  # the changed text (+/- lines, new content)


class Action(Struct):
    tool: str
    input: Any
    kind: str  # command | read | search | edit | submit | finish | other
    command: str | None = None
    edits: tuple[Edit, ...] = ()
    path: str | None = None
    lines: tuple[int, int] | None = None
    pattern: str | None = None

    def text(self) -> str:
        """Everything the action said, for matching values against it."""
        if self.command is not None:
            return self.command
        return json.dumps(self.input, sort_keys=True) if not isinstance(self.input, str) else self.input


class TestOutcome(Struct):
    framework: str
    passed: int
    failed: int
    errors: int
    failing: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.failed == 0 and self.errors == 0


class Observation(Struct):
    text: str
    exit_code: int | None = None
    is_error: bool = False


class Step(Struct):
    index: int
    thought: str
    action: Action
    observation: Observation | None
    call_id: str | None = None

    @property
    def failed(self) -> bool:
        obs = self.observation
        return obs is not None and (obs.is_error or (obs.exit_code is not None and obs.exit_code != 0))


class Trajectory(Struct):
    format: str
    steps: tuple[Step, ...]
    task: str = ""
    cwd: str | None = None
    session_id: str | None = None
    source: str | None = None


class Event(Struct):
    """Evidence for the gate: kind read | search | command | edit."""

    kind: str
    step: int
    call_id: str | None = None
    path: str | None = None
    lines: tuple[int, int] | None = None
    pattern: str | None = None
    command: str | None = None
    exit_code: int | None = None
    tests: TestOutcome | None = None


# ------------------------------------------------------------------ patches
_DEF = Pattern(r"(?m)^\s*(?:async\s+)?(?:def|class|function|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)")
_HUNK = Pattern(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$")


def symbols_in(text: str) -> tuple[str, ...]:
    if not any(k in text for k in ("def", "class", "function", "func")):
        return ()  # what every match of _DEF contains: most edits need no regular expression
    return tuple(dict.fromkeys(_DEF.findall(text)))


def parse_apply_patch(text: str) -> tuple[Edit, ...]:
    """The ``*** Begin Patch`` envelope: Add/Update/Delete File, Move to, ``@@`` hunks (no line numbers)."""
    from statewise_cli.actions.patch import PatchError, parse_patch

    try:
        changes = parse_patch(text if "*** Begin Patch" in text else "*** Begin Patch\n" + text)
    except PatchError:
        return ()
    edits: list[Edit] = []
    for change in changes:
        n = sum(1 for ln in change.lines if ln.startswith("+"))
        ranges = ((1, max(n, 1)),) if change.op == "add" else ()
        syms = symbols_in("\n".join([*change.contexts, *(ln[1:] for ln in change.lines if ln[:1] in "+-")]))
        edits.append(Edit(path=change.path, op=change.op, ranges=ranges, move_to=change.move_to, symbols=syms,
                          text="\n".join(change.lines)))
    return tuple(edits)


def changed_lines(new_start: int, lines: list[str]) -> tuple[int, int] | None:
    """The (first, last) new-file line a hunk really changes, context lines left out."""
    n, lo, hi = new_start, None, None
    for line in lines:
        tag = line[:1]
        if tag == "+" or tag == "-":
            lo = n if lo is None else lo
            hi = n if tag == "+" else max(hi or n, n)
            n += tag == "+"
        elif tag == " " or line == "":
            n += 1
    return (lo, max(hi or lo, lo)) if lo is not None else None


def diff_ranges(diff: str) -> tuple[tuple[int, int], ...]:
    """New-file line ranges the hunks of a unified diff change."""
    out: list[tuple[int, int]] = []
    start, body = None, []
    for line in [*diff.splitlines(), "@@ end"]:
        if line.startswith("@@"):
            if start is not None and (r := changed_lines(start, body)):
                out.append(r)
            m = _HUNK.match(line)
            start, body = (int(m.group(3)), []) if m else (None, [])
        elif start is not None:
            body.append(line)
    return tuple(out)


# ------------------------------------------------------------------ shell commands
_OPERATOR_CHARS = frozenset("();<>|&\n")


def _segments(command: str) -> list[list[str]]:
    """The words of each simple command (``;``, ``&&``, ``|``, newlines, parentheses split them);
    redirections and their targets are left out, so ``cat a.py 2>/dev/null`` reads ``a.py``."""
    from statewise_cli.actions.shell import ParseError, _tokens

    try:
        tokens = _tokens(command)
    except ParseError:
        tokens = command.split()
    segs: list[list[str]] = [[]]
    skip = False
    for tok in tokens:
        if tok and set(tok) <= _OPERATOR_CHARS:
            if tok == "<":
                continue  # `cat < f`: the input file stays an argument
            if "<" in tok or ">" in tok:
                if segs[-1] and segs[-1][-1].isdigit():
                    segs[-1].pop()  # the descriptor of `2>`
                skip = True  # the target that follows
            else:
                segs.append([])
            continue
        if skip:
            skip = False
            continue
        segs[-1].append(tok)
    return [s for s in segs if s]


# every alternative of TEST_COMMAND contains one of these: most commands never compile it
_TEST_WORDS = ("test", "tox", "nox", "jest", "mocha", "check")


def classify_command(command: str) -> tuple[str, str | None, tuple[int, int] | None, str | None]:
    """(kind, path, lines, pattern) of a shell command: read / search / command."""
    if any(w in command for w in _TEST_WORDS) and TEST_COMMAND.search(command):
        return "command", None, None, None
    for seg in _segments(command):
        while seg and (seg[0] in ("sudo", "env", "time", "command") or "=" in seg[0]):
            seg = seg[1:]
        if not seg:
            continue
        prog = os.path.basename(seg[0])
        args = [a for a in seg[1:] if not a.startswith("-")]
        if prog == "git" and len(seg) > 1 and seg[1] == "grep":
            prog, args = "git-grep", [a for a in seg[2:] if not a.startswith("-")]
        if prog in READ_TOOLS:
            lines = None
            m = _SED_RANGE.search(command) if "p" in command else None
            if m:
                lines = (int(m.group(1)), int(m.group(2)))
            files = [a for a in args if not _SED_ARG.fullmatch(a)]
            if files:
                return "read", files[-1], lines, None
        if prog in SEARCH_TOOLS and args:
            if prog in ("find", "fd"):
                return "search", args[0], None, None
            return "search", args[1] if len(args) > 1 else None, None, args[0]
    return "command", None, None, None


# ------------------------------------------------------------------ test outcomes
_PYTEST_SUMMARY = Pattern(r"(?m)^(?:=+ )?((?:\d+ \w+(?:, )?)+|no tests ran) in [\d.]+s")
_PYTEST_FAILED = Pattern(r"(?m)^(?:FAILED|ERROR) (\S+?)(?: - .*)?$")
_UNITTEST_RAN = Pattern(r"(?m)^Ran (\d+) tests? in")
_UNITTEST_RESULT = Pattern(r"(?m)^(OK|FAILED)\b(?: \((.*)\))?")
_UNITTEST_ID = Pattern(r"(?m)^(?:FAIL|ERROR): (\S+) \(([\w.]+)\)")
_JEST = Pattern(r"(?m)^Tests:\s+(.*\d+ total)")
_JEST_FAIL = Pattern(r"(?m)^\s*(?:✕|×)\s+(.+?)(?: \(\d+ m?s\))?$")
_GO_FAIL = Pattern(r"(?m)^--- FAIL: (\S+)")
_GO_PASS = Pattern(r"(?m)^--- PASS: ")
_GO_PKG = Pattern(r"(?m)^(ok|FAIL)\s+\S+")


_SED_RANGE = Pattern(r"(\d+),(\d+)p")
_SED_ARG = Pattern(r"\d+(,\d+)?p?")


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


def _looks_like_test_output(text: str) -> bool:
    """Cheap screen before the runner patterns, built from what each of them needs: pytest's
    summary " in <digits>", unittest's "Ran ", jest's "Tests:", go's "ok"/"FAIL" line starts."""
    if "Ran " in text or "Tests:" in text or "FAIL" in text or text.startswith("ok") or "\nok" in text:
        return True
    at = text.find(" in ")
    while at >= 0:
        if text[at + 4:at + 5].isdigit() or text[at + 4:at + 5] == ".":
            return True
        at = text.find(" in ", at + 1)
    return False


def parse_test_outcome(text: str) -> TestOutcome | None:
    """The outcome of a pytest / unittest / jest / go test run, from its output; None if none is there."""
    if not _looks_like_test_output(text):
        return None
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
        return TestOutcome("jest", _count(s, "passed"), _count(s, "failed"), 0,
                           tuple(x.strip() for x in _JEST_FAIL.findall(text)))
    if _GO_PKG.search(text) or _GO_FAIL.search(text):
        fails = tuple(dict.fromkeys(_GO_FAIL.findall(text)))
        return TestOutcome("go", len(_GO_PASS.findall(text)), len(fails), 0, fails)
    return None


def _count_kv(text: str, key: str) -> int:
    at = text.find(key + "=")
    if at < 0:
        return 0
    at += len(key) + 1
    end = at
    while end < len(text) and text[end].isdecimal():
        end += 1
    return int(text[at:end]) if end > at else 0


# ------------------------------------------------------------------ building steps
_EXIT_LINE = Pattern(r"(?m)^(?:Process exited with code|Exit code:) (-?\d+)")


def _shorten_codex_output(output: str) -> tuple[str, int | None]:
    """Codex wraps shell output: ``Chunk ID…\\nProcess exited with code N\\n…Output:\\n<text>``."""
    code = None
    m = _EXIT_LINE.search(output) if ("exited with code" in output or "Exit code:" in output) else None
    if m:
        code = int(m.group(1))
    head, sep, body = output.partition("\nOutput:\n")
    if sep and ("Wall time" in head or "Exit code" in head):
        return body, code
    return output, code


def _as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(_as_text(c.get("text", "") if isinstance(c, dict) else c) for c in content)
    if isinstance(content, dict):
        return str(content.get("text", ""))
    return "" if content is None else str(content)


def claude_action(name: str, inp: dict[str, Any], result: Any = None) -> Action:
    """Normalise a Claude Code tool call (hook ``tool_input`` shape)."""
    if name == "Bash":
        cmd = str(inp.get("command", ""))
        kind, path, lines, pattern = classify_command(cmd)
        return Action(name, inp, kind, cmd, (), path, lines, pattern)
    if name == "Read":
        off, lim = inp.get("offset"), inp.get("limit")
        lines = None
        if isinstance(off, int) or isinstance(lim, int):
            start = off if isinstance(off, int) and off > 0 else 1
            lines = (start, start + lim - 1) if isinstance(lim, int) else (start, 10 ** 9)
        return Action(name, inp, "read", None, (), inp.get("file_path"), lines, None)
    if name in ("Grep", "Glob"):
        return Action(name, inp, "search", None, (), inp.get("path"), None, inp.get("pattern"))
    if name in ("Edit", "Write", "NotebookEdit"):
        path = inp.get("file_path") or inp.get("notebook_path") or ""
        new = str(inp.get("new_string", inp.get("content", inp.get("new_source", ""))))
        old = str(inp.get("old_string", ""))
        ranges: tuple[tuple[int, int], ...] = ()
        patch = result.get("structuredPatch") if isinstance(result, dict) else None
        if patch:
            ranges = tuple(r for h in patch if (r := changed_lines(h["newStart"], h.get("lines") or [])))
        elif name == "Write":
            ranges = ((1, max(new.count("\n"), 1)),)
        text = "\n".join(["-" + ln for ln in old.splitlines()] + ["+" + ln for ln in new.splitlines()])
        edit = Edit(path=path, op="write" if name == "Write" else "update", ranges=ranges,
                    symbols=symbols_in(old + "\n" + new), text=text)
        return Action(name, inp, "edit", None, (edit,), path, None, None)
    return Action(name, inp, "other", None, (), None, None, None)


def codex_action(name: str, inp: Any) -> Action:
    if name in ("exec_command", "shell", "local_shell", "container.exec"):
        cmd = inp.get("cmd", inp.get("command", "")) if isinstance(inp, dict) else str(inp)
        if isinstance(cmd, list):
            if cmd[:2] in (["bash", "-lc"], ["/bin/bash", "-lc"]):
                cmd = cmd[-1]
            else:
                import shlex

                cmd = shlex.join(cmd)
        kind, path, lines, pattern = classify_command(str(cmd))
        return Action("Bash", inp, kind, str(cmd), (), path, lines, pattern)
    if name == "apply_patch":
        text = inp if isinstance(inp, str) else str(inp.get("input", inp.get("command", "")))
        edits = parse_apply_patch(text)
        return Action(name, text, "edit", None, edits, edits[0].path if edits else None, None, None)
    return Action(name, inp, "other", None, (), None, None, None)


class Parser:
    """Feeds transcript lines one at a time; keeps calls waiting for their results."""

    def __init__(self, fmt: str | None = None) -> None:
        self.format = fmt
        self.steps: list[Step] = []
        self.pending: dict[str, int] = {}  # call id -> index into steps
        self.thought: list[str] = []
        self.task = ""
        self.cwd: str | None = None
        self.session_id: str | None = None
        self.final_text = ""
        self.changes: dict[str, dict[str, Any]] = {}  # codex FileChange by call id

    # -- public
    def feed(self, record: dict[str, Any]) -> list[int]:
        """Consume one JSONL record; return the indexes of steps that just got their observation."""
        if self.format is None:
            self.format = CODEX if "payload" in record and "type" in record else CLAUDE
        return self._codex(record) if self.format == CODEX else self._claude(record)

    def trajectory(self, source: str | None = None) -> Trajectory:
        steps = list(self.steps)
        text = "\n".join(self.thought).strip() or self.final_text
        if text:
            act = Action("message", text, "finish", None, (), None, None, None)
            steps.append(Step(len(steps) + 1, text, act, None, None))
        return Trajectory(self.format or CLAUDE, tuple(steps), self.task, self.cwd, self.session_id, source)

    # -- helpers
    def _add(self, action: Action, call_id: str | None) -> None:
        thought = "\n".join(self.thought).strip()
        self.thought = []
        self.steps.append(Step(len(self.steps) + 1, thought, action, None, call_id))
        if call_id:
            self.pending[call_id] = len(self.steps) - 1

    def _observe(self, call_id: str, obs: Observation, action: Action | None = None) -> list[int]:
        i = self.pending.pop(call_id, None)
        if i is None:
            return []
        step = self.steps[i]
        self.steps[i] = step.replace(observation=obs, action=action or step.action)
        return [i]

    # -- Claude Code session JSONL
    def _claude(self, rec: dict[str, Any]) -> list[int]:
        kind = rec.get("type")
        if rec.get("cwd") and not self.cwd:
            self.cwd = rec["cwd"]
        if rec.get("sessionId") and not self.session_id:
            self.session_id = rec["sessionId"]
        msg = rec.get("message")
        if kind not in ("user", "assistant") or not isinstance(msg, dict) or rec.get("isSidechain"):
            return []
        content = msg.get("content")
        if kind == "user":
            if isinstance(content, str):
                if not self.task and not rec.get("isMeta"):
                    self.task = content
                return []
            done: list[int] = []
            for block in content or []:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    cid = block.get("tool_use_id", "")
                    text = _as_text(block.get("content"))
                    is_error = bool(block.get("is_error"))
                    code = None
                    m = _CLAUDE_EXIT.match(text) if "Exit code" in text[:40] else None
                    if m:
                        code = int(m.group(1))
                    elif not is_error and self.pending.get(cid) is not None and \
                            self.steps[self.pending[cid]].action.tool == "Bash":
                        code = 0
                    result = rec.get("toolUseResult")
                    action = None
                    i = self.pending.get(cid)
                    if i is not None and self.steps[i].action.kind == "edit" and isinstance(result, dict):
                        a = self.steps[i].action
                        action = claude_action(a.tool, a.input, result)
                    done += self._observe(cid, Observation(text, code, is_error), action)
                elif isinstance(block, dict) and block.get("type") == "text" and not self.task:
                    self.task = block.get("text", "")
            return done
        for block in content or []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "text" and block.get("text"):
                self.thought.append(block["text"])
            elif block.get("type") == "tool_use":
                self._add(claude_action(block.get("name", ""), block.get("input") or {}), block.get("id"))
        return []

    # -- Codex rollout JSONL
    def _codex(self, rec: dict[str, Any]) -> list[int]:
        kind, p = rec.get("type"), rec.get("payload") or {}
        if kind == "session_meta":
            self.cwd = self.cwd or p.get("cwd")
            self.session_id = self.session_id or p.get("id") or p.get("session_id")
            return []
        if kind == "event_msg" and p.get("type") == "item_completed":
            item = p.get("item") or {}
            if item.get("type") == "FileChange":
                self.changes[item.get("id", "")] = item.get("changes") or {}
            return []
        if kind != "response_item":
            return []
        t = p.get("type")
        if t == "message":
            text = _as_text(p.get("content"))
            if p.get("role") == "assistant" and text:
                self.thought.append(text)
            elif p.get("role") == "user" and text and not text.lstrip().startswith("<"):
                self.task = self.task or text
        elif t == "reasoning":
            summary = _as_text(p.get("summary"))
            if summary:
                self.thought.append(summary)
        elif t in ("function_call", "custom_tool_call", "local_shell_call"):
            raw = p.get("arguments", p.get("input", p.get("action")))
            if t == "function_call" and isinstance(raw, str):
                try:
                    raw = json.loads(raw)
                except ValueError:
                    pass
            self._add(codex_action(p.get("name", "shell"), raw), p.get("call_id"))
        elif t in ("function_call_output", "custom_tool_call_output"):
            cid = p.get("call_id", "")
            out = p.get("output")
            if isinstance(out, dict):
                out = out.get("content", json.dumps(out))
            text, code = _shorten_codex_output(_as_text(out))
            i = self.pending.get(cid)
            action = None
            if i is not None and self.steps[i].action.kind == "edit" and cid in self.changes:
                action = self._with_ranges(self.steps[i].action, self.changes.pop(cid))
            if code is None and text.startswith(("apply_patch verification failed", "error", "Error")):
                code = 1
            blocked = text.startswith("Command blocked by")
            return self._observe(cid, Observation(text, code, blocked or (code not in (None, 0))), action)
        return []

    def _with_ranges(self, action: Action, changes: dict[str, Any]) -> Action:
        edits = []
        for e in action.edits:
            match = next((v for k, v in changes.items() if k == e.path or k.endswith("/" + e.path)), None)
            if match and match.get("unified_diff"):
                e = e.replace(ranges=diff_ranges(match["unified_diff"]))
            edits.append(e)
        return action.replace(edits=tuple(edits))


# ------------------------------------------------------------------ SWE-agent .traj
_SWE_EDIT = Pattern(r"^edit (\d+):(\d+)")
_SWE_EXIT = Pattern(r"(?i)(?:exit code|exited with code)[: ]+(\d+)")
_SWE_ERROR = Pattern(r"(?m)Your proposed edit has introduced new syntax error|^Error|command not found")
_CLAUDE_EXIT = Pattern(r"(?:Error: )?Exit code (\d+)")


def swe_action(text: str, open_file: str | None) -> Action:
    first = text.strip().splitlines()[0] if text.strip() else ""
    words = first.split()
    tool = words[0] if words else ""
    if tool == "submit":
        return Action(tool, text, "submit", None, (), None, None, None)
    if tool in ("open", "goto", "scroll_down", "scroll_up"):
        path = words[1] if tool == "open" and len(words) > 1 else open_file
        line = int(words[-1]) if tool in ("open", "goto") and len(words) > 1 and words[-1].isdigit() else None
        return Action(tool, text, "read", None, (), path, (line, line + 99) if line else None, None)
    if tool in ("search_dir", "search_file", "find_file"):
        return Action(tool, text, "search", None, (), words[2] if len(words) > 2 else None, None,
                      words[1] if len(words) > 1 else None)
    m = _SWE_EDIT.match(first)
    if m and open_file:
        body = text.split("\n", 1)[1] if "\n" in text else ""
        body = body.rsplit("end_of_edit", 1)[0]
        edit = Edit(path=open_file, op="update", ranges=((int(m.group(1)), int(m.group(2))),),
                    symbols=symbols_in(body), text="\n".join("+" + ln for ln in body.splitlines()))
        return Action("edit", text, "edit", None, (edit,), open_file, None, None)
    if tool == "create" and len(words) > 1:
        return Action(tool, text, "edit", None, (Edit(path=words[1], op="add", ranges=((1, 1),)),), words[1],
                      None, None)
    if tool == "str_replace_editor" and len(words) > 2:
        sub, path = words[1], words[2]
        if sub == "view":
            return Action(tool, text, "read", None, (), path, None, None)
        return Action(tool, text, "edit", None, (Edit(path=path, op="update", symbols=symbols_in(text), text=text),),
                      path, None, None)
    kind, path, lines, pattern = classify_command(text)
    return Action("bash", text, kind, text, (), path, lines, pattern)


def parse_swe_traj(data: dict[str, Any], source: str | None = None) -> Trajectory:
    steps = []
    open_file = None
    for n, entry in enumerate(data.get("trajectory") or [], 1):
        action = swe_action(str(entry.get("action", "")), open_file)
        if action.tool == "open" or action.kind == "edit" and action.tool == "create":
            open_file = action.path
        obs = str(entry.get("observation", ""))
        m = _SWE_EXIT.search(obs)
        code = int(m.group(1)) if m else None
        is_error = bool(_SWE_ERROR.search(obs))
        thought = str(entry.get("thought") or entry.get("response") or "")
        steps.append(Step(n, thought, action, Observation(obs, code, is_error), None))
    info = data.get("info") or {}
    task = ""
    for h in data.get("history") or []:
        if h.get("role") == "user":
            task = _as_text(h.get("content"))
            break
    return Trajectory(SWE_AGENT, tuple(steps), task, info.get("cwd"), info.get("instance_id"), source)


# ------------------------------------------------------------------ entry points
def parse_file(path: str) -> Trajectory:
    """Parse a whole transcript (format detected from its content). Raises OSError / ValueError."""
    with open(path, "rb") as fh:
        raw = fh.read()
    head = raw.lstrip()[:1]
    if head == b"{" and (path.endswith(".traj") or b"\n{" not in raw.strip()):
        data = json.loads(raw)
        if isinstance(data, dict) and "trajectory" in data:
            return parse_swe_traj(data, path)
    parser = Parser()
    for line in raw.split(b"\n"):
        if line.strip():
            try:
                rec = json.loads(line)
            except ValueError:
                continue  # a torn last line or a stray non-JSON line
            if isinstance(rec, dict):
                parser.feed(rec)
    if not parser.steps and parser.format is None:
        raise ValueError(f"{path}: not a Claude Code, Codex or SWE-agent transcript")
    return parser.trajectory(path)


def step_events(step: Step) -> list[Event]:
    """The evidence a completed step gives the gate."""
    a, obs = step.action, step.observation
    if obs is None or obs.is_error and a.kind != "command":
        return []
    if a.kind == "edit":
        return [Event("edit", step.index, step.call_id, e.move_to or e.path, e.ranges[0] if len(e.ranges) == 1 else
                      (min(r[0] for r in e.ranges), max(r[1] for r in e.ranges)) if e.ranges else None)
                for e in a.edits if e.op != "delete"]
    if a.kind == "read":
        return [Event("read", step.index, step.call_id, a.path, a.lines)]
    if a.kind == "search":
        return [Event("search", step.index, step.call_id, a.path, None, a.pattern)]
    if a.kind == "command":
        return [Event("command", step.index, step.call_id, command=a.command, exit_code=obs.exit_code,
                      tests=parse_test_outcome(obs.text))]
    return []


def events(traj: Trajectory) -> list[Event]:
    return [ev for step in traj.steps for ev in step_events(step)]


def read_events(path: str, offset: int = 0, parser: Parser | None = None) -> tuple[list[Event], int]:
    """New evidence events of a JSONL transcript since byte ``offset``, and the offset to resume from.

    Only complete lines are consumed (a torn last line waits for the next call); a missing file gives
    ``([], offset)``. Pass the same ``parser`` between calls so calls can be paired with results that
    arrive later; without one, only steps whose call and result are both after ``offset`` count.
    """
    parser = parser or Parser()
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            data = fh.read()
    except OSError:
        return [], offset
    end = data.rfind(b"\n")
    if end < 0:
        return [], offset
    found: list[Event] = []
    for line in data[:end].split(b"\n"):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            for i in parser.feed(rec):
                found += step_events(parser.steps[i])
    return found, offset + end + 1
