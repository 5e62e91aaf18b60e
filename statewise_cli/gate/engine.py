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
            "inspect-related": f"inspect related implementations of `{self.entity}` ({', '.join(self.detail.get('files', [])[:4])}): read {', '.join(self.detail.get('what', [])[:6]) or 'them'}, not just a search line",
            "locate-named": f"locate and read `{self.entity}` ({where}), which the task names, before editing {self.path}",
            "reproduce-failure": "reproduce the failure (run a test or command that shows it) before the first edit",
            "tests-after-edit": f"run the relevant tests after the last edit (tests that exercise the edited code) and look at the outcome ({', '.join(self.detail.get('tests', [])[:4]) or 'the test suite'})",
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
    sha: str | None = None  # read / edit: the file's content hash right after it (hook events)
    hits: tuple[str, ...] | None = None  # search: the files its output matched (None: not known)


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
        # What the agent saw: the content right after its read or its own edit. Only the hook's
        # events are hashed; a transcript line may arrive after the file changed again.
        sha = file_sha(root, rel) if source == "hook" and ev.kind in ("read", "edit") and rel else None
        hits = None
        if ev.kind == "search" and source == "hook":
            hits = "\n".join(dict.fromkeys(_relative_hit(h, root) for h in ev.hits))
        rows.append((ev.call_id or f"{source}-{step}", step, ev.kind, rel,
                     ev.lines[0] if ev.lines else None, ev.lines[1] if ev.lines else None, ev.pattern, ev.command,
                     ev.exit_code, json.dumps({"framework": tests.framework, "passed": tests.passed, "failed": tests.failed,
                                               "errors": tests.errors, "failing": list(tests.failing)}) if tests else None,
                     source, sha, hits))
    return gate_state.add_events(store, session_id, first, rows)


def _relative_hit(hit: str, root: str | None) -> str:
    path, mark, lines = hit.rpartition("#") if "#" in hit else (hit, "", "")
    rel = relative(path, root) or path
    return f"{rel}#{lines}" if mark else rel


def file_sha(root: str | None, rel: str, limit: int = 4_000_000) -> str | None:
    """The sha256 of a repository file's content (None when it is missing, unreadable or huge)."""
    full = os.path.join(root or "", rel) if not os.path.isabs(rel) else rel
    try:
        if os.path.getsize(full) > limit:
            return None
        with open(full, "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    from statewise_cli.fast.sha256 import sha256

    return sha256(data).hexdigest()


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


PENDING_LINES = 32  # transcript lines of unanswered calls carried to the next call, at most
PENDING_BYTES = 256_000


def ingest_transcript(store: Store, session_id: str, path: str | None) -> int:
    """New lines of the transcript since the saved offset.

    Every hook call is a new process, so a tool call whose result has not been written yet
    cannot be kept waiting in memory: the lines that opened the calls still waiting are saved with
    the offset (at most ``PENDING_LINES``; a call that never gets a result is dropped when newer ones
    push it out) and fed again before the new lines (events are de-duplicated by call id). Torn last
    lines wait for the next call; a missing file is no evidence yet.
    """
    if not path or not os.path.exists(path):
        return 0
    session = gate_state.session(store, session_id)
    same = session.get("transcript_path") == path
    offset = session["transcript_offset"] if same else 0
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
    opened: list[tuple[bytes, set[str]]] = _carried(session.get("transcript_pending") if same else None)
    for saved, _ids in opened:
        _feed_line(parser, saved)
    still = {cid for _, ids in opened for cid in ids}
    for cid in [c for c in (*parser.pending, *parser.changes) if c not in still]:
        parser.pending.pop(cid, None)  # answered before: a saved line opened other calls too
        parser.changes.pop(cid, None)
    found: list[Any] = []
    position = offset
    for line in data.split(b"\n")[:-1]:  # the last piece is a torn line or empty
        position += len(line) + 1
        before, changes = set(parser.pending), set(parser.changes)
        for i in _feed_line(parser, line):
            found += tr.step_events(parser.steps[i])
        ids = (set(parser.pending) - before) | (set(parser.changes) - changes)
        if ids:
            opened.append((line, ids))
    waiting = set(parser.pending) | set(parser.changes)
    keep = [(line, ids & waiting) for line, ids in opened if ids & waiting]
    while keep and (len(keep) > PENDING_LINES or sum(len(line) for line, _ in keep) > PENDING_BYTES):
        keep.pop(0)  # the oldest unanswered call: its result is not coming
    root = store.repo.root if store.repo else None
    added = _insert_events(store, session_id, found, "transcript", root)
    pending = json.dumps([[line.decode("utf-8", "replace"), sorted(ids)] for line, ids in keep]) if keep else None
    gate_state.set_transcript_offset(store, session_id, path, position, pending)
    return added


def _carried(saved: str | None) -> list[tuple[bytes, set[str]]]:
    """The saved lines of unanswered calls, each with the ids of its calls still waiting (nothing
    when unreadable)."""
    if not saved:
        return []
    try:
        data = json.loads(saved)
    except ValueError:
        return []
    return [(entry[0].encode("utf-8"), {x for x in entry[1] if isinstance(x, str)})
            for entry in data if isinstance(data, list) and isinstance(entry, list) and len(entry) == 2
            and isinstance(entry[0], str) and isinstance(entry[1], list)] if isinstance(data, list) else []


def _feed_line(parser: Any, line: bytes) -> list[int]:
    if not line.strip():
        return []
    try:
        record = json.loads(line.decode("utf-8", "replace"))  # str: no encoding sniffing per line
    except ValueError:
        return []
    return parser.feed(record) if isinstance(record, dict) else []


def events(store: Store, session_id: str, kinds: tuple[str, ...] | None = None, after_step: int | None = None) -> list[Event]:
    """The session's evidence events in step order; ``kinds``: only events of those kinds;
    ``after_step``: only events after that step."""
    # Plain tuples, in the order Event takes them: a long session holds thousands of events, and
    # sqlite3.Row's lookups by name were half of the cost of loading them.
    return [Event(step, kind, path, (start, end) if start is not None else None, pattern, command, code,
                  json.loads(tests) if tests else None, sha,
                  tuple(hits.split("\n")) if hits else (() if hits is not None else None))
            for step, kind, path, start, end, pattern, command, code, tests, sha, hits
            in gate_state.event_tuples(store, session_id, kinds, after_step)]




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
            rel = relative(os.path.normpath(str(test_id).split("::", 1)[0]), root) or ""
            if "::" in str(test_id) and rel and rel not in found and not rel.startswith("..") \
                    and os.path.isfile(os.path.join(root, rel)):
                found.append(rel)
    return found[:limit]


_RAISES = ("raise ", "raise\n", "throw ", "panic(")


def _visible_change(declaration: list[str] | None, change: tuple[frozenset[str], frozenset[str]] | None) -> bool:
    """Does the edit change what callers get: the declaration (name, parameters, return type), a
    ``return`` of an existing path, or what it raises? Unknown counts as visible."""
    if change is None or declaration is None:
        return True
    removed, added = change
    if any(line in removed and line not in added for line in declaration):
        return True
    if any(line.startswith(("raise", "throw ", "throw(", "panic(")) or " raise " in line or " throw " in line
           for line in added - removed):
        return True
    # A new constant outcome (`return 'untitled'`, `return None`, `return []`) is a result callers never
    # got; a rewritten expression in an existing return is what the reproduced failure pins.
    return bool(_constant_returns(added - removed) - _constant_returns(removed))


_CONSTANTS = ("None", "null", "undefined", "nil", "True", "False", "true", "false", "[]", "{}", "()", "''", '""', "0", "-1")


def _constant_returns(lines: frozenset[str]) -> set[str]:
    found = set()
    for line in lines:
        at = line.find("return ")
        if at < 0 or (at and line[at - 1] not in " :{)"):
            continue
        value = line[at + 7:].strip().rstrip(";").strip()
        if value in _CONSTANTS or (len(value) > 1 and value[0] == value[-1] and value[0] in "'\"`"
                                   and value[0] not in value[1:-1]) or value.lstrip("-").isdigit():
            found.add(value)
    return found


def _added_methods(change: tuple[frozenset[str], frozenset[str]] | None) -> list[str]:
    """Methods an edit defines anew (``def name(`` / ``name(…) {``): a new override needs its base."""
    if change is None:
        return []
    found = []
    for line in change[1] - change[0]:
        text = line.removeprefix("async ").strip()
        if text.startswith("def "):
            name = text[4:].split("(", 1)[0].strip()
        else:
            for word in ("public ", "private ", "protected ", "static ", "override ", "async "):
                text = text.removeprefix(word)
            name = text.split("(", 1)[0].strip() if text.endswith("{") and "(" in text else ""
        if name.isidentifier() and name not in ("if", "for", "while", "switch", "catch", "function", "constructor"):
            found.append(name)
    return found


def ground_edit(store: Store, session_id: str, path: str, lines: tuple[int, int] | None,
                change: tuple[frozenset[str], frozenset[str]] | None = None) -> list[Condition]:
    """Conditions that become concrete once an edit of ``path`` at ``lines`` is proposed.

    Callers: a failure reproduced through the entity before the edit — a failing test that calls
    it, or a failing command whose text calls it — stands in for its callers only while the edit
    keeps what callers get (declaration, existing ``return`` paths, raised errors; ``change``, the
    lines the edit removes and adds, tells). A visible change needs the callers themselves: a read
    of a caller's file, or a search whose output shows a call site. Related implementations (the base definitions and
    the other overrides of a method) must be read; a search line or a reproduction does not stand
    in for them.
    """
    root = store.repo.root if store.repo else None
    if root is None or lines is None:
        return []
    # Grounded before in this session for this very content, place and change (a retry after a
    # hold, the same edit proposed again): the conditions are stored; no index, no tree-sitter.
    from statewise_cli.fast.sha256 import sha256

    signature = "\0".join((path, file_sha(root, path) or "", f"{lines[0]}-{lines[1]}",
                           "\n".join(sorted(change[0])) if change else "?", "\n".join(sorted(change[1])) if change else "?"))
    key = sha256(signature.encode("utf-8", "replace")).hexdigest()[:32]
    if key in gate_state.grounded(store, session_id):
        return []
    from statewise_cli.gate import index

    try:
        index.index_file(store.conn, root, path)
        # Before the whole index exists (the background index has not finished): build it now,
        # within a budget; past it, at least the modules the file imports (its base classes live
        # there, usually) and the test files that failed in this session.
        if not index.ensure_full_index(store.conn, root):
            more = index.imported_files(store.conn, root, path) + _failing_test_files(store, session_id, root)
            if more:
                index.index_repository(store.conn, root, paths=list(dict.fromkeys(more)))
        sym = index.symbol_at(store.conn, path, lines[0])
    except Exception:  # noqa: BLE001 - an unindexable file drops the conditions
        return []
    if sym is None:
        gate_state.add_grounded(store, session_id, key)
        return []
    qual = sym.qualname
    simple = qual.rsplit(".", 1)[-1]
    made = [Condition(new_id(), "edit", "read-definition", qual, path, (sym.start_line, sym.end_line))]
    declaration = _declaration(root, path, sym.start_line, sym.end_line)
    visible = _visible_change(declaration, change)
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
    tests = sorted({_test_id(c.path, c.caller) for c in sites if is_test_path(c.path)})[:50]
    if callers:
        files = sorted({c.path for c in callers})
        extra: dict[str, Any] = {"pinned": True, "tests": tests} if not visible else {"visible": True, "tests": tests}
        made.append(Condition(new_id(), "edit", "inspect-callers", qual, path, None, {"files": files, "name": simple, **extra}))
    impls: list[Any] = []
    try:
        owner = sym.parent if sym.kind == "method" else qual if sym.kind in ("class", "interface", "struct") else None
        if sym.kind == "method" and sym.parent:
            impls = index.implementations(store.conn, path, sym.parent, sym.name)
        if owner:
            for name in _added_methods(change):  # a method the edit adds to the class: a new override?
                if name != sym.name:
                    impls += index.implementations(store.conn, path, owner, name)
    except Exception:  # noqa: BLE001
        impls = []
    impls = [r for r in impls if r.path != path][:12]
    if impls:
        ranges: dict[str, list[list[int]]] = {}
        for r in impls:
            ranges.setdefault(r.path, []).append([r.start_line, r.end_line])
        made.append(Condition(new_id(), "edit", "inspect-related", qual, path, None,
                              {"files": sorted(ranges), "name": simple, "ranges": ranges,
                               "what": [r.qualname for r in impls]}))
    for c in made:
        _add(store, session_id, c)
    gate_state.add_grounded(store, session_id, key)
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


def _covers(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    """``a`` shows all of ``b`` (its last line may be a closing brace the view stopped before)."""
    if a is None or b is None:
        return False
    return a[0] <= b[0] and a[1] >= b[1] - 1


def _failed(e: Event) -> bool:
    return bool(e.tests and (e.tests.get("failed") or e.tests.get("errors"))) or e.exit_code not in (None, 0)


_TEST_RUNNERS = ("pytest", "py.test", "vitest", "jest", "mocha", "ava", "tap")


def _runner_words(command: str) -> list[str]:
    words = command.replace("&&", " ").replace(";", " ").replace("|", " ").split()
    return words


def _is_test_run(e: Event) -> bool:
    """A command that ran tests: its output had a runner's summary, or it is a test runner's command."""
    if e.kind != "command":
        return False
    if e.tests:
        return True
    words = _runner_words(e.command or "")
    return any(w.rsplit("/", 1)[-1] in _TEST_RUNNERS for w in words) or "--test" in words \
        or any(words[i] == "test" and words[i - 1] in ("npm", "pnpm", "yarn", "go", "cargo", "bun")
               for i in range(1, len(words)))


class Context:
    """What satisfaction needs beyond the events: the files' current content (stale reads) and the
    repository index (which tests exercise an edited module). Built once per gap computation."""

    def __init__(self, store: Store | None, zs: list[Event]) -> None:
        self.store = store
        self.root = store.repo.root if store is not None and store.repo else None
        self.zs = zs
        self._stale: set[int] | None = None
        self._coverage: dict[str, list[str]] | None | bool = False
        # Per cut-off step: (the events before it, its fresh reads, its search views). Every condition
        # of a gap computation asks the same questions of the same events: computed once, not once per
        # condition (a long session holds thousands of events).
        self._pools: dict[int | None, tuple[list[Event], list[Event], list[Event]]] = {}
        self._edits: list[Event] | None = None

    def pool(self, before_step: int | None) -> tuple[list[Event], list[Event], list[Event]]:
        """(events before ``before_step`` (all when None), their fresh reads, their search views)."""
        cached = self._pools.get(before_step)
        if cached is None:
            pool = self.zs if before_step is None else [e for e in self.zs if e.step < before_step]
            cached = self._pools[before_step] = (pool, self.reads(pool), self.views(pool))
        return cached

    def edits(self) -> list[Event]:
        if self._edits is None:
            self._edits = [e for e in self.zs if e.kind == "edit"]
        return self._edits

    def stale_reads(self) -> set[int]:
        """Steps of reads whose file changed after them other than by the agent's own edits: a later
        read saw other content, or the file's content now is not what the agent last saw."""
        if self._stale is not None:
            return self._stale
        stale: set[int] = set()
        by_path: dict[str, list[Event]] = {}
        for e in self.zs:
            if e.kind in ("read", "edit") and e.sha:
                by_path.setdefault(e.path, []).append(e)
        for path, seq in by_path.items():
            if not any(e.kind == "read" for e in seq):
                continue
            held: list[int] = []  # reads still in line with what the agent saw since
            last: str | None = None
            for e in seq:
                if e.kind == "read":
                    if last is not None and e.sha != last:
                        stale.update(held)  # something else changed the file between the two
                        held = []
                    held.append(e.step)
                last = e.sha
            if last is not None and self.root is not None and file_sha(self.root, path) != last:
                stale.update(held)
        self._stale = stale
        return stale

    def reads(self, pool: list[Event]) -> list[Event]:
        stale = self.stale_reads()
        return [e for e in pool if e.kind == "read" and e.step not in stale]

    @staticmethod
    def views(pool: list[Event]) -> list[Event]:
        """The code a search's output showed with its context (``grep -n -A 14``), as reads of those
        lines; a view counts for an entity only when it shows the entity whole."""
        found = []
        for e in pool:
            for hit in (e.hits or ()) if e.kind == "search" else ():
                path, mark, span = hit.rpartition("#")
                first, _, last = span.partition("-")
                if mark and first.isdigit() and last.isdigit():
                    found.append(Event(e.step, "read", path, (int(first), int(last)), None, None, None, None))
        return found

    def coverage(self, paths: list[str]) -> dict[str, list[str]] | None:
        """For each edited module, the test files that import it (transitively); None if unknown."""
        if self._coverage is not False:
            return self._coverage  # type: ignore[return-value]
        result: dict[str, list[str]] | None = None
        if self.store is not None and self.root is not None:
            from statewise_cli.gate import index
            from statewise_cli.gate.langs import LANG_BY_EXT

            wanted = [p for p in paths if os.path.splitext(p)[1] in LANG_BY_EXT]
            try:
                if wanted and index.ensure_full_index(self.store.conn, self.root):
                    index.index_repository(self.store.conn, self.root, paths=wanted)
                    result = index.tests_reaching(self.store.conn, self.root, wanted)
            except Exception:  # noqa: BLE001 - no index: coverage is not known, never guessed
                result = None
        self._coverage = result
        return result

    def tests_run(self, e: Event) -> set[str] | None:
        """The test files a test command ran (None: the whole suite, or not known)."""
        if self.store is None or self.root is None:
            return None
        from statewise_cli.store import index_tables as tables

        words = _runner_words(e.command or "")
        runner = next((i for i, w in enumerate(words) if w.rsplit("/", 1)[-1] in _TEST_RUNNERS or w == "--test"), None)
        if runner is None:
            return None
        name = words[runner].rsplit("/", 1)[-1]
        filters = name in ("vitest", "jest")  # their plain words filter the test files by path
        skip_next = {"-k", "-m", "-t", "-p", "-o", "-c", "-n", "--testNamePattern", "--grep", "-g", "--reporter",
                     "--config", "--project", "--rootdir", "--deselect", "--ignore", "--maxfail", "--tb"}
        rest = words[runner + 1:]
        tests = tables.test_files(self.store.conn)
        run: set[str] = set()
        selected = False
        for i, w in enumerate(rest):
            if w.startswith("-") or (i and rest[i - 1] in skip_next) or w in ("run", "test", "watch", "--"):
                continue
            target = w.split("::", 1)[0].rstrip("/").removeprefix("./")
            full = os.path.join(self.root, target)
            if os.path.isdir(full):
                selected = True
                run.update(t for t in tests if target in ("", ".") or t == target or t.startswith(target + "/"))
            elif os.path.isfile(full):
                selected = True
                run.add(relative(full, self.root) or target)
            elif filters and target and "/" not in w and "=" not in w:
                selected = True
                run.update(t for t in tests if target in t)
        if not selected:
            return None
        return run


def _read_in(reads: list[Event], path: str, ranges: list[list[int]] | None) -> Event | None:
    for e in reads:
        if e.path == path and (not ranges or any(_overlaps(e.lines, (r[0], r[1])) for r in ranges)):
            return e
    return None


def satisfied(c: Condition, zs: list[Event], *, before_step: int | None = None,
              ctx: Context | None = None) -> Event | None:
    """The event that satisfies ``c`` in the evidence state, or None."""
    ctx = ctx if ctx is not None and ctx.zs is zs else Context(ctx.store if ctx else None, zs)
    pool, reads, pool_views = ctx.pool(before_step)
    edits = ctx.edits()
    if c.kind in ("read-definition", "locate-named"):
        name = c.entity.rsplit(".", 1)[-1]
        for e in reads:
            if e.path == c.path and _overlaps(e.lines, c.lines):
                return e
        for e in pool_views:  # a named file located through a search's view of it; an entity shown whole
            if e.path == c.path and (c.lines is None or _covers(e.lines, c.lines)):
                return e
        if c.kind == "locate-named" and c.lines is None:
            for e in pool:
                if e.kind == "search" and e.pattern and name and name in e.pattern:
                    return e
        return None
    if c.kind == "inspect-related":
        # Every other implementation is read (a grep line is not the method); one read per file.
        ranges = c.detail.get("ranges") or {}
        views = pool_views
        last = None
        for path in c.detail.get("files", []):
            last = _read_in(reads, path, ranges.get(path)) or next(
                (v for v in views if v.path == path and any(_covers(v.lines, (r[0], r[1])) for r in ranges.get(path, []))), None)
            if last is None:
                return None
        return last
    if c.kind == "inspect-callers":
        name = c.detail.get("name") or c.entity.rsplit(".", 1)[-1]
        wanted = set(c.detail.get("files", []))
        for e in reads:
            if e.path in wanted:
                return e
        for e in pool:
            # A search counts when its output showed call sites (a search that matched nothing,
            # or only the definition, shows no caller); unknown output: the pattern decides.
            if e.kind == "search" and e.pattern and name in e.pattern \
                    and (e.hits is None or any(h in wanted for h in e.hits)):
                return e
        if c.detail.get("pinned"):  # what callers get is kept: a failure reproduced through the entity counts
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
        return _tests_after_edit(c, pool, edits, ctx)
    return None


def _tests_after_edit(c: Condition, pool: list[Event], edits: list[Event], ctx: Context) -> Event | None:
    """Tests ran after the last edit, and they exercise every edited module that has tests (its
    test files import it, directly or through other modules). A module no test imports has
    nothing to run."""
    last_edit = max((e.step for e in edits), default=None)
    if last_edit is None:
        return Event(0, "none", "", None, None, "no edits: nothing to test", None, None)
    runs = [e for e in pool if e.step > last_edit and _is_test_run(e)]
    edited = list(dict.fromkeys(e.path for e in edits if e.path))
    coverage = ctx.coverage(edited)
    if coverage is None:  # not known: any test run after the last edit (the suite, or the ones named)
        wanted = c.detail.get("tests", [])
        for e in runs:
            args = [a for a in (e.command or "").split()[1:] if not a.startswith("-")]
            whole_suite = not any("/" in a or a.endswith((".py", ".ts", ".js", ".go")) or "::" in a for a in args)
            if whole_suite or not wanted or any(t in (e.command or "") for t in wanted):
                return e
        return None
    needs = {p: t for p, t in coverage.items() if t}
    if not needs and not runs:
        if all(p in coverage for p in edited):
            return Event(0, "none", "", None, None, "no test imports the edited modules: nothing to run", None, None)
        return None
    if not runs:
        c.detail["tests"] = sorted({t for ts in needs.values() for t in ts})[:6]
        return None
    ran: set[str] = set()
    for e in runs:
        files = ctx.tests_run(e)
        if files is None:  # the whole suite
            return e
        ran |= files
    missing = {p: t for p, t in needs.items() if not (set(t) & ran) and p not in ran}
    if missing:
        c.detail["tests"] = sorted({t for ts in missing.values() for t in ts})[:6]
        c.detail["modules"] = sorted(missing)[:6]
        return None
    return runs[-1]


def gap(store: Store, session_id: str, *, action_type: str | None = None, path: str | None = None) -> list[Condition]:
    wanted: list[Condition] = []
    for c in conditions(store, session_id):
        if action_type and c.action_type != action_type:
            continue
        if path and action_type == "edit" and c.kind in ("read-definition", "inspect-callers", "inspect-related", "locate-named") and c.path != path:
            continue
        wanted.append(c)
    if not wanted:
        return []
    if all(c.kind == "tests-after-edit" for c in wanted):
        # A submission's gap: every edit, and only the commands after the last one (what
        # ``_tests_after_edit`` looks at) — not the whole session's reads, searches and runs.
        edits = events(store, session_id, ("edit",))
        last_edit = max((e.step for e in edits), default=None)
        zs = edits + events(store, session_id, ("command",), last_edit) if last_edit is not None else edits
    else:
        zs = events(store, session_id)
    ctx = Context(store, zs)
    open_: list[Condition] = []
    first_edit_of: dict[str, int] = {}
    for e in zs:
        if e.kind == "edit":
            first_edit_of.setdefault(e.path, e.step)
    for c in wanted:
        before = first_edit_of.get(c.path) if c.kind == "locate-named" and action_type is None else None
        if satisfied(c, zs, before_step=before, ctx=ctx) is None:
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
    ctx = Context(store, zs)
    rows = []
    for c in conditions(store, session_id):
        hit = satisfied(c, zs, ctx=ctx)
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
