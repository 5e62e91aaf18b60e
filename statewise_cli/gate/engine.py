"""Evidence-conditioned commitment (ECLoop §3) inside the hook.

Evidence state ``Z_t``: every tool call and its outcome becomes an evidence event
(read, search, command with its test outcome, edit), from PostToolUse payloads
and, incrementally, from the agent's transcript. The specification ``C_q`` is
compiled per task from the prompt with deterministic templates and grounded to
repository entities (the repository index: definitions, callers, related
implementations, tests); conditions that cannot be grounded are dropped, and
the ones that depend on an edit are grounded when the edit is proposed.
Commitments — edits and submissions (Stop, ``git commit``, ``git push``,
``gh pr create``) — are held while their action-specific gap is open, at most
three times per target; then an audited fallback lets them through and records
what was missing. Information gathering is never gated.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~5 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.config.settings import Settings

import os

from statewise_cli.fast import jsonfast as json  # no `re` at import (see jsonfast)
from statewise_cli.fast.lazy_re import Pattern
from statewise_cli.fast.struct import Struct, field
from statewise_cli.fast.wildcard import match as fnmatchcase
from statewise_cli.store import gate_state
from statewise_cli.store.db import Store, new_id

HOLD_BUDGET = 3
MODES = ("off", "advise", "enforce")
DEFAULT_MODE = "advise"  # guidance only: a new user is never blocked until they opt in

# Task-text patterns, compiled on first use (the gate module is imported on commitments).
_BUGFIX = Pattern(r"(?i)\b(bug|fix(es|ed)?|error|fails?|failing|failure|crash(es)?|exception|traceback|regression|broken|"
                  r"incorrect|wrong|doesn'?t work|not working|raises?)\b")
_NAMES = Pattern(r"`([A-Za-z_][\w.]*)(?:\(\))?`|\b([A-Za-z_][\w]*\.[A-Za-z_]\w*|[a-z_]+_[a-z_]\w*|[A-Z][a-z]+[A-Z]\w*)(?:\(\))?")
_PATHS = Pattern(r"(?<![\w/])((?:[\w.-]+/)*[\w.-]+\.(?:py|js|jsx|ts|tsx|go|mjs|cjs))\b")


from statewise_cli.actions.normalize import SUBMIT_OPERATIONS  # noqa: F401 - re-exported for callers
from statewise_cli.actions.paths import is_test_path, relative


class Condition(Struct):
    id: str
    action_type: str
    kind: str
    entity: str
    path: str
    lines: tuple[int, int] | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        where = f"{self.path}:{self.lines[0]}" if self.lines else self.path
        return {
            "read-definition": f"read the definition of `{self.entity}` ({where}) before editing it",
            "inspect-callers": f"inspect the callers of `{self.entity}` ({', '.join(self.detail.get('files', [])[:3])}) or search for `{self.entity.rsplit('.', 1)[-1]}`",
            "inspect-related": f"inspect related implementations of `{self.entity}` ({', '.join(self.detail.get('files', [])[:3])})",
            "locate-named": f"locate and read `{self.entity}` ({where}), which the task names, before editing {self.path}",
            "reproduce-failure": "reproduce the failure (run a test or command that shows it) before the first edit",
            "tests-after-edit": f"run the relevant tests after the last edit and look at the outcome ({', '.join(self.detail.get('tests', [])[:3]) or 'the test suite'})",
        }.get(self.kind, self.kind) + (
            " (or reproduce a failure through it first)" if self.detail.get("pinned") else "")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "action_type": self.action_type, "kind": self.kind, "entity": self.entity,
                "path": self.path, "lines": list(self.lines) if self.lines else None, "detail": self.detail,
                "text": self.describe()}


class Event(Struct):
    step: int
    kind: str
    path: str
    lines: tuple[int, int] | None
    pattern: str | None
    command: str | None
    exit_code: int | None
    tests: dict[str, Any] | None


def mode_for(settings: Settings, path: str | None) -> str:
    """The gate's mode for ``path``: ``[gate] mode`` (or ``STATEWISE_GATE``), then the last matching
    ``[[gate.paths]]`` glob."""
    mode = settings.gate.mode
    for entry in settings.gate.paths:
        if path and entry.mode and fnmatchcase(path, entry.glob):
            mode = entry.mode
    return mode


# ------------------------------------------------------------- evidence state
def _insert_events(store: Store, session_id: str, events: list[Any], source: str, root: str | None) -> int:
    if not events:
        return 0
    first = gate_state.session(store, session_id)["steps"]
    rels: dict[str | None, str] = {}
    rows = []
    for step, ev in enumerate(events, first + 1):
        tests = ev.tests
        rel = rels.get(ev.path)
        if rel is None:
            rel = rels[ev.path] = relative(ev.path, root)
        rows.append((ev.call_id or f"{source}-{step}", step, ev.kind, rel,
                     ev.lines[0] if ev.lines else None, ev.lines[1] if ev.lines else None, ev.pattern, ev.command,
                     ev.exit_code, json.dumps({"framework": tests.framework, "passed": tests.passed, "failed": tests.failed,
                                               "errors": tests.errors, "failing": list(tests.failing)}) if tests else None,
                     source))
    return gate_state.add_events(store, session_id, first, rows)


def record_tool_result(store: Store, req: Any, output: str) -> int:
    """PostToolUse → evidence events (the transcript lags; this is the ledger that does not)."""
    from statewise_cli import transcript as tr

    root = store.repo.root if store.repo else None
    if req.agent == "codex" and req.tool_name == "apply_patch":
        action = tr.codex_action("apply_patch", req.tool_input.get("command", ""), root)
    else:
        action = tr.claude_action(req.tool_name or "", req.tool_input, req.tool_response, root)
    failed = req.event == "PostToolUseFailure" or (req.exit_code not in (None, 0))
    obs = tr.Observation(output, req.exit_code, failed and action.kind != "command")
    step = tr.Step(0, "", action, obs, req.tool_use_id)
    return _insert_events(store, req.session_id or "?", tr.step_events(step), "hook", root)


def ingest_transcript(store: Store, session_id: str, path: str | None) -> int:
    """New lines of the transcript since the saved offset.

    Every hook call is a new process, so a tool call whose result has not been written yet
    cannot be kept waiting in memory: the saved offset stops at the last line after which no
    call was pending, and the next call re-reads from there (events are de-duplicated by call
    id). Torn last lines wait for the next call; a missing file is no evidence yet.
    """
    if not path or not os.path.exists(path):
        return 0
    session = gate_state.session(store, session_id)
    offset = session["transcript_offset"] if session.get("transcript_path") == path else 0
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            data = fh.read()
    except OSError:
        return 0
    if b"\n" not in data:
        return 0  # nothing new, or only a torn line: the parser (and its `re`) is not needed
    from statewise_cli import transcript as tr

    parser = tr.Parser()
    found: list[Any] = []
    position = safe = offset
    for line in data.split(b"\n")[:-1]:  # the last piece is a torn line or empty
        position += len(line) + 1
        if line.strip():
            try:
                record = json.loads(line.decode("utf-8", "replace"))  # str: no encoding sniffing per line
            except ValueError:
                record = None
            if isinstance(record, dict):
                for i in parser.feed(record):
                    found += tr.step_events(parser.steps[i])
        if not parser.pending:
            safe = position
    root = store.repo.root if store.repo else None
    added = _insert_events(store, session_id, found, "transcript", root)
    gate_state.set_transcript_offset(store, session_id, path, safe)
    return added


def events(store: Store, session_id: str) -> list[Event]:
    rows = gate_state.event_rows(store, session_id)
    return [Event(r["step"], r["kind"], r["path"], (r["line_start"], r["line_end"]) if r["line_start"] is not None else None,
                  r["pattern"], r["command"], r["exit_code"], json.loads(r["tests"]) if r["tests"] else None) for r in rows]


# ------------------------------------------------------------- specification
def _add(store: Store, session_id: str, c: Condition) -> None:
    gate_state.put_condition(store, session_id, (
        c.id, c.action_type, c.kind, c.entity, c.path, c.lines[0] if c.lines else None,
        c.lines[1] if c.lines else None, json.dumps(c.detail)))


def compile_task(store: Store, session_id: str, task: str) -> list[Condition]:
    """C_q from the task text, grounded now where the task names concrete entities."""
    root = store.repo.root if store.repo else None
    bugfix = bool(_BUGFIX.search(task))
    gate_state.note_task(store, session_id, task[:4000], bugfix)
    made: list[Condition] = []
    if bugfix:
        made.append(Condition(new_id(), "edit", "reproduce-failure", "", ""))
    made.append(Condition(new_id(), "submit", "tests-after-edit", "", ""))
    if root:
        for path in dict.fromkeys(_PATHS.findall(task)):
            if os.path.isfile(os.path.join(root, path)):
                made.append(Condition(new_id(), "edit", "locate-named", path, path))
        from statewise_cli.gate import index

        names = {a or b for a, b in _NAMES.findall(task)}
        for name in sorted(n for n in names if n and len(n) > 2)[:20]:
            try:
                found = index.find_symbols(store.conn, name)[:3]
            except Exception:  # noqa: BLE001 - an index problem drops the condition, never gates
                found = []
            for sym in found:
                made.append(Condition(new_id(), "edit", "locate-named", sym.qualname, sym.path,
                                      (sym.start_line, sym.end_line)))
    for c in made:
        _add(store, session_id, c)
    return made


def _patch_changes(root: str | None, path: str, req: Any) -> list[Any]:
    """The parts of an ``apply_patch`` that change ``path`` (the project's one patch parser)."""
    patch = req.tool_input.get("command") if req.tool_name == "apply_patch" else None
    if not isinstance(patch, str):
        return []
    from statewise_cli.actions.patch import PatchError, parse_patch

    try:
        changes = parse_patch(patch if "*** Begin Patch" in patch else "*** Begin Patch\n" + patch)
    except PatchError:
        return []
    return [c for c in changes if relative(c.path, root) == path]


def edit_lines(root: str | None, path: str, req: Any) -> tuple[int, int] | None:
    """Where an Edit / apply_patch will change ``path`` (lines of the current file)."""
    full = os.path.join(root or "", path) if not os.path.isabs(path) else path
    try:
        with open(full, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError:
        return None
    needles = []
    old = req.tool_input.get("old_string")
    if isinstance(old, str) and old.strip():
        needles.append(old)
    for change in _patch_changes(root, path, req):
        needles += [line for line in change.removed if line.strip()] + [c for c in change.contexts if c]
    for needle in needles:
        at = text.find(needle)
        if at >= 0:
            start = text.count("\n", 0, at) + 1
            return start, start + needle.count("\n")
    return None


def edit_change(root: str | None, path: str, req: Any) -> tuple[frozenset[str], frozenset[str]] | None:
    """The lines an edit of ``path`` removes and adds (stripped), or None when it cannot be told."""
    ti = req.tool_input if isinstance(req.tool_input, dict) else {}

    def lines(text: Any) -> frozenset[str]:
        return frozenset(x.strip() for x in str(text or "").splitlines() if x.strip())

    if req.tool_name == "apply_patch":
        changes = _patch_changes(root, path, req)
        if not changes:
            return None
        return (lines("\n".join(x for c in changes for x in c.removed)),
                lines("\n".join(x for c in changes for x in c.added)))
    if req.tool_name == "Write":
        full = os.path.join(root or "", path) if not os.path.isabs(path) else path
        try:
            with open(full, encoding="utf-8", errors="replace") as fh:
                return lines(fh.read()), lines(ti.get("content"))
        except OSError:
            return frozenset(), lines(ti.get("content"))
    if isinstance(ti.get("edits"), list):  # MultiEdit
        olds = "\n".join(str(e.get("old_string") or "") for e in ti["edits"] if isinstance(e, dict))
        news = "\n".join(str(e.get("new_string") or "") for e in ti["edits"] if isinstance(e, dict))
        return lines(olds), lines(news)
    if "old_string" in ti or "new_string" in ti:
        return lines(ti.get("old_string")), lines(ti.get("new_string"))
    return None


def _declaration(root: str | None, path: str, start: int, end: int) -> list[str] | None:
    """The entity's declaration as stripped lines: decorators, then the header up to the line that
    opens its body (``:`` in Python, ``{`` elsewhere) — a multi-line signature whole."""
    full = os.path.join(root or "", path)
    try:
        with open(full, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().splitlines()[start - 1:min(end, start + 40)]
    except OSError:
        return None
    block: list[str] = []
    header = False
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        block.append(text)
        if not header and not text.startswith("@"):
            header = True
        if header and (text.endswith((":", "{", ";")) or "{" in text):
            break
    return block or None


def _test_id(path: str, caller: str | None) -> str:
    return f"{path}::{caller.replace('.', '::')}" if caller else path


def _same_test(failing: str, known: str) -> bool:
    """A failing test id as a runner printed it (pytest node id, unittest dotted id, go/jest name)
    against ``path::Class::function`` from the index."""
    want_path, _, want = known.partition("::")
    want_name = want.rsplit("::", 1)[-1]
    got = failing.split("[", 1)[0]
    got_name = got.replace("::", "/").replace(".", "/").rsplit("/", 1)[-1]
    if not want_name or got_name != want_name:
        return False
    stem = os.path.splitext(os.path.basename(want_path))[0]
    parts = got.replace("::", "/").replace(".", "/").split("/")
    return len(parts) == 1 or stem in parts  # a bare name (go, jest), or the test's own module


def _failing_test_files(store: Store, session_id: str, root: str, limit: int = 8) -> list[str]:
    found: list[str] = []
    for tests in gate_state.failing_test_outcomes(store, session_id):
        for test_id in json.loads(tests).get("failing") or []:
            rel = os.path.normpath(str(test_id).split("::", 1)[0])
            if "::" in str(test_id) and rel not in found and not rel.startswith("..") \
                    and os.path.isfile(os.path.join(root, rel)):
                found.append(rel)
    return found[:limit]


def ground_edit(store: Store, session_id: str, path: str, lines: tuple[int, int] | None,
                change: tuple[frozenset[str], frozenset[str]] | None = None) -> list[Condition]:
    """Conditions that become concrete once an edit of ``path`` at ``lines`` is proposed.

    ``change`` (the lines the edit removes and adds) tells whether the edit rewrites the entity's
    declaration. While it does not, a failure reproduced through the entity before the edit — a
    failing test that calls it, or a failing command whose text calls it — counts for the callers
    and related-implementation conditions: the failing caller's expectation was observed, and it is
    the contract the fix must meet. A changed declaration (parameters, name) needs the callers and
    related implementations themselves.
    """
    root = store.repo.root if store.repo else None
    if root is None or lines is None:
        return []
    from statewise_cli.gate import index

    try:
        index.index_file(store.conn, root, path)
        # On demand, before the whole index exists: the modules the file imports (its base classes
        # live there, usually) and the test files that failed in this session (the callers a
        # reproduction went through).
        more = index.imported_files(store.conn, root, path) + _failing_test_files(store, session_id, root)
        if more:
            index.index_repository(store.conn, root, paths=list(dict.fromkeys(more)))
        sym = index.symbol_at(store.conn, path, lines[0])
    except Exception:  # noqa: BLE001 - an unindexable file drops the conditions
        return []
    if sym is None:
        return []
    qual = sym.qualname
    simple = qual.rsplit(".", 1)[-1]
    made = [Condition(new_id(), "edit", "read-definition", qual, path, (sym.start_line, sym.end_line))]
    declaration = _declaration(root, path, sym.start_line, sym.end_line)
    kept = change is not None and declaration is not None and not any(
        line in change[0] and line not in change[1] for line in declaration)
    try:
        sites = index.callers_of(store.conn, simple)
    except Exception:  # noqa: BLE001
        sites = []
    method = "." in qual
    callers = [
        c for c in sites
        if c.path != path
        and not is_test_path(c.path)  # tests are evidence of their own
        and not (method and c.qualifier in ("self", "this", "cls", "super()"))  # another class's own method
    ][:20]
    pinned: dict[str, Any] = {}
    if kept:
        tests = sorted({_test_id(c.path, c.caller) for c in sites if is_test_path(c.path)})[:50]
        pinned = {"pinned": True, "tests": tests}
    if callers:
        files = sorted({c.path for c in callers})
        made.append(Condition(new_id(), "edit", "inspect-callers", qual, path, None, {"files": files, "name": simple, **pinned}))
    try:
        found = index.related(store.conn, qual, path)
        # Siblings are the other methods of the same class, not other implementations of this one.
        related = [*found.overrides, *found.bases, *found.subclasses][:10]
    except Exception:  # noqa: BLE001
        related = []
    files = sorted({r.path for r in related if r.path != path})
    if files:
        made.append(Condition(new_id(), "edit", "inspect-related", qual, path, None, {"files": files, "name": simple, **pinned}))
    for c in made:
        _add(store, session_id, c)
    return made


def conditions(store: Store, session_id: str) -> list[Condition]:
    rows = gate_state.condition_rows(store, session_id)
    return [Condition(r["id"], r["action_type"], r["kind"], r["entity"], r["path"],
                      (r["line_start"], r["line_end"]) if r["line_start"] is not None else None,
                      json.loads(r["detail"] or "{}")) for r in rows]


# ------------------------------------------------------------- satisfaction
def _overlaps(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    if a is None or b is None:
        return True  # a whole-file read covers any range
    return a[0] <= b[1] and b[0] <= a[1]


def _failed(e: Event) -> bool:
    return bool(e.tests and (e.tests.get("failed") or e.tests.get("errors"))) or e.exit_code not in (None, 0)


def satisfied(c: Condition, zs: list[Event], *, before_step: int | None = None) -> Event | None:
    """The event that satisfies ``c`` in the evidence state, or None."""
    pool = [e for e in zs if before_step is None or e.step < before_step]
    edits = [e for e in zs if e.kind == "edit"]
    if c.kind in ("read-definition", "locate-named"):
        name = c.entity.rsplit(".", 1)[-1]
        for e in pool:
            if e.kind == "read" and e.path == c.path and _overlaps(e.lines, c.lines):
                return e
            if (c.kind == "locate-named" and e.kind == "search" and e.pattern and name and name in e.pattern
                    and c.lines is None):
                return e
        return None
    if c.kind in ("inspect-callers", "inspect-related"):
        name = c.detail.get("name") or c.entity.rsplit(".", 1)[-1]
        files = set(c.detail.get("files", []))
        for e in pool:
            if e.kind == "read" and e.path in files:
                return e
            if e.kind == "search" and e.pattern and name in e.pattern:
                return e
        if c.detail.get("pinned"):  # declaration kept: a failure reproduced through the entity counts
            tests = c.detail.get("tests") or []
            for e in pool:
                if e.kind != "command" or not _failed(e):
                    continue
                failing = (e.tests or {}).get("failing") or []
                command = e.command or ""
                runs_code = not command.lstrip().startswith(("git ", "gh ", "hg "))  # not `git commit -m "fix f()"`
                if (runs_code and f"{name}(" in command) or any(_same_test(f, t) for f in failing for t in tests):
                    return e
        return None
    if c.kind == "reproduce-failure":
        first_edit = min((e.step for e in edits), default=None)
        for e in pool:
            if e.kind == "command" and (first_edit is None or e.step < first_edit) and _failed(e):
                return e
        return None
    if c.kind == "tests-after-edit":
        last_edit = max((e.step for e in edits), default=None)
        if last_edit is None:
            return Event(0, "none", "", None, None, "no edits: nothing to test", None, None)
        wanted = c.detail.get("tests", [])
        for e in pool:
            if e.kind == "command" and e.step > last_edit and e.tests:
                args = [a for a in (e.command or "").split()[1:] if not a.startswith("-")]
                whole_suite = not any("/" in a or a.endswith((".py", ".ts", ".js", ".go")) or "::" in a for a in args)
                if whole_suite or not wanted or any(t in (e.command or "") for t in wanted):
                    return e
        return None
    return None


def gap(store: Store, session_id: str, *, action_type: str | None = None, path: str | None = None) -> list[Condition]:
    zs = events(store, session_id)
    open_: list[Condition] = []
    first_edit_of: dict[str, int] = {}
    for e in zs:
        if e.kind == "edit":
            first_edit_of.setdefault(e.path, e.step)
    for c in conditions(store, session_id):
        if action_type and c.action_type != action_type:
            continue
        if path and action_type == "edit" and c.kind in ("read-definition", "inspect-callers", "inspect-related", "locate-named") and c.path != path:
            continue
        before = first_edit_of.get(c.path) if c.kind == "locate-named" and action_type is None else None
        if satisfied(c, zs, before_step=before) is None:
            open_.append(c)
    return open_


def render(open_: list[Condition], limit: int = 6) -> str | None:
    if not open_:
        return None
    lines = ["[statewise evidence] Still to establish before committing to changes:"]
    lines += [f"- {c.describe()}" for c in open_[:limit]]
    if len(open_) > limit:
        lines.append(f"- … {len(open_) - limit} more (`statewise evidence`)")
    return "\n".join(lines)


# ------------------------------------------------------------- holds
def hold_or_fallback(store: Store, session_id: str, target: str, missing: list[Condition]) -> tuple[str, int]:
    """Count a hold for ``target``; past the budget, record an audited fallback. → (hold|fallback, holds)."""
    holds = gate_state.hold_count(store, session_id, target)
    verdict = "fallback" if holds >= HOLD_BUDGET else "hold"
    gate_state.save_hold(store, session_id, target, holds + (verdict == "hold"), verdict == "fallback",
                         json.dumps([c.to_json() for c in missing]))
    return verdict, holds + (verdict == "hold")


def hold_reason(target: str, missing: list[Condition], holds: int) -> str:
    lines = [(f"statewise is holding this {('submission' if target == 'submit' else 'edit of ' + target)} until the "
              f"evidence it rests on is in the session (hold {holds} of {HOLD_BUDGET}):")]
    lines += [f"- {c.describe()}" for c in missing[:6]]
    lines.append("Gather that evidence (read, search, run), then try again; reads and searches are never held.")
    return "\n".join(lines)


def _describe_event(e: Event) -> str:
    if e.kind == "read":
        return f"step {e.step}: read {e.path}" + (f":{e.lines[0]}-{e.lines[1]}" if e.lines else "")
    if e.kind == "search":
        return f"step {e.step}: search {e.pattern!r}" + (f" in {e.path}" if e.path else "")
    if e.kind == "command":
        outcome = ""
        if e.tests:
            outcome = f" ({e.tests.get('passed', 0)} passed, {e.tests.get('failed', 0)} failed)"
        elif e.exit_code is not None:
            outcome = f" (exit {e.exit_code})"
        return f"step {e.step}: ran `{(e.command or '')[:80]}`{outcome}"
    return f"step {e.step}: {e.kind} {e.path}"


def report(store: Store, session_id: str | None) -> dict[str, Any] | None:
    """Everything ``statewise evidence`` shows, for one session."""
    session = gate_state.find_session(store, session_id)
    if session is None:
        return None
    session_id = session["session_id"]
    zs = events(store, session_id)
    rows = []
    for c in conditions(store, session_id):
        hit = satisfied(c, zs)
        rows.append({**c.to_json(), "satisfied_by": _describe_event(hit) if hit and hit.kind != "none" else ("nothing to test" if hit else None)})
    holds = [
        {"target": h["target"], "holds": h["holds"], "fallback": bool(h["fallback"]), "missing": json.loads(h["missing"] or "[]")}
        for h in gate_state.hold_rows(store, session_id)
    ]
    from statewise_cli.config import settings as configured

    settings = configured.load(store.repo.root if store.repo else None, os.environ)
    return {"session_id": session_id, "task": session["task"] or "", "mode": mode_for(settings, None),
            "events": len(zs), "conditions": rows, "holds": holds}


def record_fallback(store: Store, session_id: str, target: str, missing: list[Condition]) -> None:
    """The commitment proceeds without holding (e.g. Stop already continuing): audited, not counted."""
    gate_state.save_fallback(store, session_id, target, json.dumps([c.to_json() for c in missing]))
