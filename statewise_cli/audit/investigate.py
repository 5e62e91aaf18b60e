"""``statewise audit``: the earliest decisive error of a failed agent session (TrajAudit).

The investigator ranks candidate decisive steps — the first edit of a function the failure implicates,
the step that committed to the wrong location, an edit the evidence gate flagged, the first action that
used a record later found defective (the statewise link), a failure the agent saw and ignored, a skipped
verification, the first environment error never resolved — expands the folded steps a candidate
rests on, and chooses the earliest decisive one among the strongest. Deterministic by default; an
optional LLM investigator (:class:`Investigator`) may overrule it through two tools: expand, submit.
"""

from __future__ import annotations

import glob
import json
import os
import re
from typing import Any, ClassVar, Protocol

from statewise_cli.actions.paths import is_test_path
from statewise_cli.audit.signals import (
    ENVIRONMENT_ERROR,
    Failure,
    Folding,
    Prior,
    fold,
    in_repository,
    last_test_run,
    parse_failure,
    prior_reasoning,
    repo_relative,
    summarize,
    swe_report,
)
from statewise_cli.fast.struct import Struct
from statewise_cli.transcript import Step, Trajectory, parse_test_outcome

STEP_BASE = 1  # step numbers count from 1
PHASE_OF = {"wrong_location": "localization", "wrong_patch": "patch", "ignored_failure": "verification",
            "skipped_verification": "verification", "environment_error": "environment", "gate_gap": "patch",
            "work_dropped": "environment", "environment_detour": "environment", "substitute_model": "localization"}
_NUMBERED = re.compile(r"^\s*(\d+)(?:\t|:|→| {1,2})(.*)$")
# A definition's keyword in Python, JavaScript/TypeScript, Go and Rust, after its modifiers (``export default``,
# ``pub(crate) async``, ``unsafe``, ``extern "C"``): one source for the span reader and the defined-name reader.
_DEF_PREFIX = r"""(?:(?:export|default|pub(?:\([\w:]+\))?|async|unsafe|const|extern\s+"\w+"|static|abstract|declare)\s+)*"""
_DEF_KEYWORD = r"(?:def|class|function\*?|func|fn|struct|enum|trait|interface|impl)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)"
_DEF_LINE = re.compile(r"^(\s*)" + _DEF_PREFIX + _DEF_KEYWORD)
# A C or C++ function definition at the top level: a return type, the name (``Class::name`` in C++), an open
# parenthesis, and no ``;`` (a declaration or a call ends with one); statements' keywords are not types.
_C_DEF = re.compile(r"^()(?!(?:if|else|while|for|return|switch|case|do|goto|sizeof|typedef|using|namespace|template|"
                    r"struct|enum|union|class)\b)(?:[\w:<>,*&]+[ \t*&]+)+(?:[\w<>]+::)*(~?[A-Za-z_]\w*)\s*\([^;]*$")


class Candidate(Struct):
    step: int
    cause: str
    phase: str
    score: float
    reason: str
    repair: str | None = None
    missing_evidence: str | None = None
    expanded: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "cause": self.cause, "phase": self.phase, "score": round(self.score, 3),
                "reason": self.reason, "repair": self.repair, "missing_evidence": self.missing_evidence}


class Diagnosis(Struct):
    trajectory: Trajectory
    folding: Folding
    prior: Prior
    chosen: Candidate | None
    candidates: tuple[Candidate, ...]  # runner-ups, best first (the chosen one excluded)
    justification: str
    expanded: tuple[int, ...]  # folded steps the investigator opened
    by: str  # deterministic | llm
    llm_error: str | None = None  # why a configured LLM investigator gave no answer (the deterministic one stands)

    def to_json(self) -> dict[str, Any]:
        """The ``audit --json`` contract. Steps are numbered from 1 (``step_base``): one assistant turn (tool
        call, or message) per step, in transcript order."""
        folded = self.folding.report()
        folded["expanded"] = list(self.expanded)
        cands = ([self.chosen.to_json()] if self.chosen else []) + [c.to_json() for c in self.candidates]
        out = {"step_base": STEP_BASE, "step": self.chosen.step if self.chosen else None,
               "phase": self.chosen.phase if self.chosen else self.prior.phase,
               "justification": self.justification, "candidates": cands, "folded": folded, "by": self.by}
        if self.llm_error:
            out["llm_error"] = self.llm_error
        return out


# ------------------------------------------------------------------ locations
def _same_file(a: str | None, b: str | None) -> bool:
    if not a or not b:
        return False
    a, b = a.removeprefix("./"), b.removeprefix("./")
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def function_spans(traj: Trajectory) -> dict[str, list[tuple[str, int, int]]]:
    """Function spans seen in read observations: path -> [(name, first line, last line)]."""
    spans: dict[str, list[tuple[str, int, int]]] = {}
    for step in traj.steps:
        a, obs = step.action, step.observation
        if a.kind != "read" or not a.path or obs is None or obs.is_error:
            continue
        start = a.lines[0] if a.lines else 1
        defs: list[tuple[int, int, str]] = []
        last = start
        for n, raw in enumerate(obs.text.splitlines()):
            m = _NUMBERED.match(raw)
            lineno, text = (int(m.group(1)), m.group(2)) if m else (start + n, raw)
            last = max(last, lineno)
            d = _DEF_LINE.match(text) or (_C_DEF.match(text) if a.path.endswith(_C_SOURCES) else None)
            if d:
                defs.append((lineno, len(d.group(1)), d.group(2)))
        ends = [last] * len(defs)  # a def ends before the next def indented no deeper (one pass, a stack)
        open_defs: list[int] = []
        for i, (lineno, indent, _name) in enumerate(defs):
            while open_defs and defs[open_defs[-1]][1] >= indent:
                ends[open_defs.pop()] = lineno - 1
            open_defs.append(i)
        found = [(name, lineno, ends[i]) for i, (lineno, _indent, name) in enumerate(defs)]
        if found:
            spans[a.path] = found
    return spans


def edited_functions(step: Step, spans: dict[str, list[tuple[str, int, int]]]) -> set[str]:
    names: set[str] = set()
    for e in step.action.edits:
        names.update(e.symbols)
        for path, fns in spans.items():
            if _same_file(path, e.path):
                for name, lo, hi in fns:
                    if any(s <= hi and t >= lo for s, t in e.ranges):
                        names.add(name)
    return names


def _touches(step: Step, failure: Failure, spans: dict[str, list[tuple[str, int, int]]]) -> bool:
    if failure.functions:
        return bool(edited_functions(step, spans) & set(failure.functions))
    return any(_same_file(e.path, f) for e in step.action.edits for f in failure.files)


def implicated_files(failure: Failure, spans: dict[str, list[tuple[str, int, int]]]) -> tuple[str, ...]:
    """Files in the traceback, plus files the agent read that define an implicated function."""
    found = list(failure.files)
    for path, fns in spans.items():
        if any(name in failure.functions for name, _lo, _hi in fns) and not is_test_path(path):
            found.append(path)
    return tuple(dict.fromkeys(found))


def _targets(step: Step) -> set[str]:
    a = step.action
    paths = {e.path for e in a.edits} | ({a.path} if a.path else set())
    return {p for p in paths if p}


# ------------------------------------------------------------------ the store link
def _ledger_rows(directory: str, known: set[Any]) -> list[dict[str, Any]]:
    """Plain allows not folded into the store yet (the audit opens the store read-only)."""
    from statewise_cli.store.ledger import LEDGER

    rows: list[dict[str, Any]] = []
    try:
        names = [n for n in os.listdir(directory) if n == LEDGER or (n.startswith(LEDGER + ".") and n.endswith(".fold"))]
    except OSError:
        return rows
    for name in sorted(names):
        try:
            with open(os.path.join(directory, name), "rb") as fh:
                lines = fh.read().splitlines()
        except OSError:
            continue
        for line in lines:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if isinstance(row, dict) and row.get("id") and row["id"] not in known:
                rows.append(row)
    return rows


# values too common to say that an action rests on a record (`true` appears in any command or file)
_BARE_VALUES = frozenset({"true", "false", "yes", "no", "null", "none", "required", "optional"})


def _mentions(text: str, value: str) -> bool:
    """``value`` stands in ``text`` as a whole word or path, not inside a longer one."""
    at = text.find(value)
    while at != -1:
        before = text[at - 1] if at else " "
        after = text[at + len(value)] if at + len(value) < len(text) else " "
        if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_"):
            return True
        at = text.find(value, at + 1)
    return False


def store_rows(store_path: str | None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(defective or superseded records, gate decisions) from a statewise store; ([], []) without one."""
    if not store_path or not os.path.exists(store_path):
        return [], []
    from statewise_cli.errors import StoreError
    from statewise_cli.store import decisions
    from statewise_cli.store.db import Store, sqlite3

    try:
        store = Store.open_read_only(store_path)  # never created, migrated or folded into
        try:
            recs = store.changed_record_rows()
            decs = decisions.all_rows(store)
            decs = sorted(decs + _ledger_rows(os.path.dirname(store_path), {d.get("id") for d in decs}),
                          key=lambda d: d.get("at") or 0)
            active = store.active_value_texts()
        finally:
            store.close()
    except (StoreError, sqlite3.Error):
        return [], []
    stale = []
    for r in recs:
        try:
            value = json.loads(r["value"])
        except (TypeError, ValueError):
            value = r["value"]
        text = value if isinstance(value, str) else json.dumps(value)
        if len(text) >= 3 and text.lower() not in _BARE_VALUES and r["value"] != active.get(r["key"]):
            stale.append({"key": r["key"], "value": text, "id": r["id"], "status": r["status"],
                          "validity": r["validity"]})
    return stale, decs


# ------------------------------------------------------------------ what the session changed
_C_SOURCES = (".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp", ".hxx", ".m", ".mm")
_DEBUG_LINE = re.compile(r"^\s*(?:print\(|console\.(?:log|debug|error)\(|logging\.|logger\.debug|breakpoint\(|import pdb|"
                         r"pdb\.set_trace|sys\.stderr\.write|fmt\.(?:Print|Fprint)|log\.Print|e?println!\(|dbg!\(|"
                         r"f?printf\((?:stderr, )?\"|std::c(?:err|out)\s*<<|#(?!\s*(?:include|define|if|endif|else|pragma)\b|\[))|DEBUG")
_DIFF_FILE = re.compile(r"^diff --git a/(\S+) b/(\S+)", re.MULTILINE)
_DEF_ANY = re.compile(r"(?m)^(?:[^\s:]+:\d+[:-])?[ \t]*(?:\d+(?:\t|:|→| {1,2}))?[ \t+>-]*" + _DEF_PREFIX + _DEF_KEYWORD)


class Change(Struct):
    """One change of repository files, attributed to the step that authored it."""

    step: int  # the authoring step: the edit, or the step that wrote the helper script applied later
    applied: int  # the step that changed the files
    paths: tuple[str, ...]
    kind: str  # source | support (build, config, docs) | test | debug | scratch (a top-level script) | environment
    text: str = ""
    undone: bool = False  # taken back by a later undo of the editor (``undo_edit``: the last edit of its file)


def submitted_files(traj: Trajectory) -> set[str] | None:
    """Files of the submitted diff (the format's record of it, else the last diff an observation shows)."""
    text = traj.submission
    if text is None:
        for s in reversed(traj.steps):
            if s.action.kind == "submit" and s.observation is not None and "diff --git" in s.observation.text:
                text = s.observation.text
                break
    if text is None:
        return None
    return {b for _a, b in _DIFF_FILE.findall(text)}


def _submission_text(traj: Trajectory) -> str | None:
    if traj.submission is not None:
        return traj.submission
    for s in reversed(traj.steps):
        if s.action.kind == "submit" and s.observation is not None and "diff --git" in s.observation.text:
            return s.observation.text
    return None


def submitted_lines(traj: Trajectory) -> dict[str, list[str]] | None:
    """The lines the submitted diff adds, per file, spacing folded (None without a submitted diff)."""
    text = _submission_text(traj)
    if text is None:
        return None
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for ln in text.splitlines():
        m = _DIFF_FILE.match(ln)
        if m:
            current = out.setdefault(m.group(2), [])
        elif current is not None and ln.startswith("+") and not ln.startswith("+++"):
            current.append(" ".join(ln[1:].split()))
    return out


_SED_ESCAPE = re.compile(r"\\([^\w\s])")


def _fragments(c: Change) -> list[str]:
    """What a change adds, as code fragments (a ``sed s///`` replacement, an inserted line, a script's lines)."""
    out = []
    for raw in c.text.splitlines():
        if not raw.startswith("+"):
            continue
        for part in raw[1:].split("\\n"):  # a sed insertion writes several lines in one
            part = _SED_ESCAPE.sub(r"\1", part)  # a sed replacement's escapes (\& \/ \') are the characters
            ln = " ".join(part.split()).lstrip("\\ ").strip(" '\",")
            if len(ln) >= 6 and not ln.startswith(("#", "//")):
                out.append(ln)
    return out


_NAME = re.compile(r"[A-Za-z_]\w+")
_KEYWORDS = {"and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
             "except", "finally", "for", "from", "if", "import", "in", "is", "lambda", "not", "or", "pass", "raise",
             "return", "try", "while", "with", "yield", "None", "True", "False", "self"}


def _carried(c: Change, added: dict[str, list[str]] | None) -> bool:
    """Whether the submitted diff carries what ``c`` added: some fragment of it is (part of) a line the submission
    adds to one of its files, the change's text (a helper script) holds such a line, or at least half of the names
    it wrote are in those lines (it was re-edited into the submitted form). A change that added nothing (a
    deletion), or files the submission adds nothing to (or does not show), are not judged here (True)."""
    if added is None:
        return True
    lines = [ln for p in c.paths if p in added for ln in added[p]]
    if not lines:
        return True  # the submission adds nothing to these files (or does not show them): nothing to compare
    frags = _fragments(c)
    if not frags:
        return True
    if any(f in ln for f in frags for ln in lines):
        return True
    body = " ".join(c.text.replace("\\'", "'").replace('\\"', '"').split())  # a script holds the lines it writes
    if any(len(ln) >= 8 and ln in body for ln in lines):
        return True
    # rewritten later into the submitted form (the same idea re-edited): most of its names are still there
    mine = {w for f in frags for w in _NAME.findall(f)} - _KEYWORDS
    theirs = {w for ln in lines for w in _NAME.findall(ln)}
    return bool(mine) and 2 * len(mine & theirs) >= len(mine)


def _rejected(step: Step, root: str | None) -> bool:
    from statewise_cli.actions.normalize import describe_call, edit_rejected

    obs = step.observation
    if obs is None:
        return False
    a = step.action
    if a.command is not None:
        call = describe_call("bash", a.command, command=a.command, root=root)
        return edit_rejected(call, obs.text, obs.exit_code, obs.is_error)
    return obs.is_error


def _covers(spec: str, path: str) -> bool:
    """Whether a pathspec (a file, a directory, ``.``) names ``path``."""
    spec = spec.removeprefix("./").rstrip("/")
    return spec in (".", "", "*") or path == spec or path.startswith(spec + "/")


def _code_of(text: str) -> str:
    """A change's text without blank lines, comment lines and spacing: what it does, not how it reads."""
    lines = (ln.lstrip("+- \t") for ln in text.splitlines())
    return " ".join(" ".join(ln.split()) for ln in lines if ln and not ln.startswith(("#", "//")))


def _same_text(a: str, b: str) -> bool:
    code = _code_of(a)
    return bool(code) and code == _code_of(b)


_UNDO = re.compile(r"\bundo_edit\b")


def _chained_edit_text(command: str, root: str | None) -> str:
    """The diff text the normalizer reads from the edits of a command that also runs the tests (``sed -i ... &&
    pytest``), as the same edit alone would have: so a later attempt compares with it line for line."""
    from statewise_cli.actions.normalize import describe_call

    call = describe_call("bash", command, command=command, root=root)
    return "\n".join(a.body for a in call.actions if a.kind == "edit" and a.operation != "file.move" and a.body)


def _undo_last(found: list[Change], path: str, at: int) -> bool:
    """An editor's undo of ``path`` at step ``at``: marks the last change of that file not yet undone as undone
    (in place). True when no change of the file since its last full revert is left, so the file is back to what it
    was (a revert of it); False when earlier edits of it stand."""
    live = [i for i, c in enumerate(found) if path in c.paths and not c.undone and c.applied < at]
    if not live:
        return False
    found[live[-1]] = found[live[-1]].replace(undone=True)
    return len(live) == 1


def changes(traj: Trajectory) -> tuple[list[Change], list[tuple[int, tuple[str, ...]]]]:
    """(the changes of repository files, in order; the reverts ``(step, paths)``), from the normalizer's roles:
    a helper script written in one step and run in a later one is a change authored where it was written.

    A change to files the session deleted later (a reproduction directory, a copy) was scratch work: it never
    reaches the result. A change that puts back, word for word, a change a revert had undone (the agent checked
    whether a test failure was its own, then re-applied its fix) is authored where it was first written."""
    from statewise_cli.actions.normalize import helper_script, scratch_script

    root = traj.cwd
    scripts: dict[str, tuple[int, tuple[str, ...], str]] = {}  # helper script -> (step written, files, its text)
    written: dict[str, tuple[int, str]] = {}  # any file an edit wrote -> (first step that wrote it, the text)
    attempts: list[Step] = []  # edits that failed to apply (a refused edit, a sed the shell could not parse)
    found: list[Change] = []
    reverts: list[tuple[int, tuple[str, ...]]] = []
    deletes: list[tuple[int, tuple[str, ...]]] = []
    made_dirs: set[str] = set()  # directories the session created (a reproduction project)
    library_calls: list[tuple[int, str]] = []  # (step, repository line whose call failed inside an installed library)
    created: set[str] = set()  # files the session created so far
    for s in traj.steps:
        a = s.action
        library_calls += [(s.index, ln) for ln in _library_failures(s.observation, root)]
        if a.kind == "other" or a.kind in ("finish", "submit"):
            continue
        made_dirs.update(_made_dirs(a.command or "", root))
        if a.role == "revert" and _UNDO.search(a.text().split("\n", 1)[0]):
            if not s.failed:  # "No edit history found": nothing was undone
                for p in (repo_relative(w, root).removeprefix("./") for w in a.writes):
                    if _undo_last(found, p, s.index):  # every edit of the file taken back: the file is as it was
                        reverts.append((s.index, (p,)))
            continue
        if a.role == "revert":
            reverts.append((s.index, a.writes))
            continue
        gone_now: set[str] = set()
        if a.role == "delete":
            deletes.append((s.index, tuple(repo_relative(p, root).removeprefix("./") for p in a.writes)))
            gone_now = {repo_relative(p, root).removeprefix("./") for p in a.writes}
            if not (a.kind == "edit" and any(repo_relative(e.path, root).removeprefix("./") not in gone_now
                                             for e in a.edits)):
                continue  # a deletion only; else the command also changed other files (spliced a file in, then removed it)
        if a.kind == "edit" and a.role in ("script", "fix-script", "fix-run", "reproduction", "script-run") and a.edits:
            text = "\n".join(e.text for e in a.edits)
            for e in a.edits:
                if scratch_script(e.path, root):
                    name = repo_relative(e.path, root).removeprefix("./")
                    prev = scripts.get(name)
                    # a script patched in place (sed on the script, then run) keeps where it was written and
                    # what it writes: the step only repaired how it runs
                    scripts[name] = prev if prev is not None and prev[1] and not a.writes \
                        else (s.index, a.writes, text)
        if _rejected(s, root) or _failed_attempt(s):
            attempts.append(s)
            continue
        if a.role == "script-run" and not scripts.get(repo_relative(a.script or "", root).removeprefix("./"), (0, (), ""))[1]:
            continue  # a script that writes nothing: a check, not a change
        if a.role in ("fix-run", "script-run"):
            name = repo_relative(a.script or "", root).removeprefix("./")
            at, writes, text = scripts.get(name, (s.index, a.writes, ""))
            paths = tuple(repo_relative(p, root) for p in (a.writes or writes) if not helper_script(p, root))
            if paths:
                found.append(Change(at, s.index, paths, _change_kind(paths, text), text))
            continue
        if a.kind == "command" and a.role == "test" and a.writes:  # an edit chained with a test run (`… && pytest`)
            paths = tuple(dict.fromkeys(repo_relative(p, root).removeprefix("./") for p in a.writes
                                        if not (scratch_script(p, root) or _TEMP_FILE.search(p)
                                                or p.startswith(("/tmp/", "/dev/", "/var/tmp/")))))
            if paths and not _failed_attempt(s):
                text = _chained_edit_text(a.command or "", root) or a.command or ""
                found.append(Change(s.index, s.index, paths, _change_kind(paths, text, a.command or ""), text))
            continue
        if a.kind == "command" and a.command and written:
            for dst, src in _moved_in(a.command, root, written):  # a file written earlier moved or copied over one
                at, text = written[src]
                found.append(Change(at, s.index, (dst,), _change_kind((dst,), text), text))
            continue
        if a.kind == "edit" and a.role not in ("script", "fix-script", "reproduction", "script-run"):
            inside = _cd_prefix(a.command or "", root)
            created.update(_under(inside, repo_relative(e.path, root).removeprefix("./")) for e in a.edits if e.op == "add")
            pairs = [(_under(inside, repo_relative(e.path, root).removeprefix("./")), e.text) for e in a.edits
                     if not helper_script(e.path, root)]
            pairs = [(p, t) for p, t in _applied_diffs(a.command or "", pairs) if p not in gone_now]
            moved = {src: dst for dst, src in _moved_in(a.command or "", root, {p: (s.index, "") for p, _t in pairs})}
            pairs = [(moved.get(p, p), t) for p, t in pairs]  # written, then moved over a file by the same command
            rel = [p for p, _t in pairs]
            paths = tuple(dict.fromkeys(p for p in rel if not p.startswith(("/tmp/", "/dev/", "/var/tmp/"))))
            text = "\n".join(e.text for e in a.edits)
            source = _content_file(a.command or "", written, paths)
            for p in rel:  # what this step wrote may be spliced into a file later
                if p not in written and any(e.text for e in a.edits):
                    written[p] = (s.index, text)
            if paths:
                at = s.index
                if source is not None:  # spliced in from a file written earlier: authored where that was written
                    at, text = written[source]
                real = tuple(p for p in paths if not (scratch_script(p, root) or _in_dirs(p, made_dirs)
                                                      or _TEMP_FILE.search(p) or scratch_build_file(p, created)
                                                      or scratch_run_script(p, created, root)))
                if not real:
                    kind = "scratch"
                else:  # one command writing scratch files too: the change is what it did to the others
                    if source is None and len(real) < len(paths):
                        text = "\n".join(t for p, t in pairs if p in real)
                    paths = real
                    kind = _change_kind(paths, text, a.command or "")
                found.append(Change(at, s.index, paths, kind, text))
    ran = {repo_relative(t.action.script or "", root).removeprefix("./") for t in traj.steps if t.action.role in ("fix-run", "script-run")}
    attempts += [t for t in traj.steps if t.action.role == "fix-script"  # written, never run, then written again
                 and not ran & {repo_relative(e.path, root).removeprefix("./") for e in t.action.edits}]
    attempts.sort(key=lambda t: t.index)
    out: list[Change] = []
    for c in found:
        if c.kind == "source" and _cleans_up(traj.steps[c.applied - 1].action.command or "", c, out):
            c = c.replace(kind="debug")  # deleting lines right after debug prints in that file: taking them out
        gone = [max((at for at, g in deletes if at > c.applied and any(_covers(d, p) for d in g)), default=0)
                for p in c.paths]
        if all(gone) and not any(o.applied > min(gone) and set(o.paths) & set(c.paths) for o in found):
            c = c.replace(kind="scratch")  # deleted afterwards and never written again
        if c.kind == "source" and _works_around(c, {ln for at, ln in library_calls if at < c.applied}):
            c = c.replace(kind="environment")  # it took out a call the installed library no longer supports
        out.append(_first_attempt(_reapplied(c, out, reverts), out, attempts, root))
    return out, reverts


# the build manifest of a project: a new one the session created (not one of the repository's, changed) is a
# project of its own (a reproduction of the user's setup), never a build change of the repository
_BUILD_MANIFEST = re.compile(r"(?:^|/)(?:pom\.xml|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|build\.xml|build\.sbt|"
                             r"package\.json|tsconfig\.json|Cargo\.toml|go\.mod|CMakeLists\.txt|Makefile|GNUmakefile|"
                             r"pyproject\.toml|setup\.py|setup\.cfg|composer\.json|Gemfile|[\w.-]+\.csproj)$")


def scratch_build_file(path: str, created: set[str]) -> bool:
    """A build manifest (``pom.xml``, ``build.gradle``, ``package.json``, ...) the session created itself."""
    return path in created and bool(_BUILD_MANIFEST.search(path))


_SHELL_SCRIPT = re.compile(r"\.(?:sh|bash|zsh|bat|cmd|ps1)$")


def scratch_run_script(path: str, created: set[str], root: str | None = None) -> bool:
    """A shell script at the top of the repository that the session created itself (``compile_and_test.sh``,
    ``run.sh``): how the agent meant to compile or run something, never a change of the repository's code. An
    existing script it changed, or one it put into a directory of the project, still counts."""
    rel = repo_relative(path, root).removeprefix("./")
    return "/" not in rel and bool(_SHELL_SCRIPT.search(rel)) and any(_same_file(path, q) for q in created)


_PY_FRAME_CODE = re.compile(r'File "([^"]+)", line \d+, in [^\n]+\n[ \t]+([^\n]+)')


def _library_failures(obs: Any, root: str | None) -> list[str]:
    """The repository line a traceback last passed through before failing inside an installed library (its last
    frame outside the repository): a call the environment does not support, not the task's bug."""
    from statewise_cli.actions.normalize import scratch_script

    if obs is None or "Traceback" not in obs.text:
        return []
    out = []
    for tb in obs.text.split("Traceback (most recent call last):")[1:]:
        frames = _PY_FRAME_CODE.findall(tb)
        if len(frames) < 2 or in_repository(frames[-1][0], root):
            continue
        inside = [code for path, code in frames if in_repository(path, root)
                  and not scratch_script(repo_relative(path, root), root) and not is_test_path(path)]
        if inside:
            out.append(" ".join(inside[-1].split()))
    return out


def _works_around(c: Change, calls: set[str]) -> bool:
    """A change that removes a repository line whose call failed inside an installed library."""
    if not calls:
        return False
    removed = [" ".join(ln[1:].replace("\\", "").split()) for ln in c.text.splitlines() if ln.startswith("-")]
    return any(r and len(r) >= 8 and (r in call or call in r) for r in removed for call in calls)


_TEMP_FILE = re.compile(r"\.(?:new|tmp|bak|orig|old|part|fix|rej|patch|diff|swp)$")
_DIFF_TARGET = re.compile(r"^\+?\+\+\+ (?:b/)?(\S+)", re.MULTILINE)


def _moved_in(command: str, root: str | None, written: dict[str, tuple[int, str]]) -> list[tuple[str, str]]:
    """(destination, source) of each ``mv``/``cp`` the normalizer reads in ``command`` whose source the session
    wrote earlier (``mv f.py.new f.py``): the destination now holds what was written there."""
    from statewise_cli.actions.normalize import describe_call

    if "mv" not in command and "cp" not in command:
        return []
    out = []
    for act in describe_call("bash", command, command=command, root=root).actions:
        if act.operation != "file.write" or len(act.arguments) < 2 or not act.target:
            continue
        src = repo_relative(act.arguments[0], root).removeprefix("./")
        dst = repo_relative(act.target, root).removeprefix("./")
        if src in written and dst != src and not dst.startswith(("/tmp/", "/dev/")) and not _TEMP_FILE.search(dst):
            out.append((dst, src))
    return out


def _applied_diffs(command: str, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A diff file written and applied by the same command (``cat > f.patch <<EOF … EOF; patch -p0 < f.patch``):
    the change is of the files its ``+++`` headers name, not of the diff file."""
    if not re.search(r"\bpatch\b|\bgit\s+apply\b", command):
        return pairs
    out = []
    for path, text in pairs:
        targets = _DIFF_TARGET.findall(text) if path.endswith((".patch", ".diff")) else []
        out += [(t, text) for t in dict.fromkeys(targets) if t != "/dev/null"] or [(path, text)]
    return out


_EDIT_VERB = re.compile(r"\bsed\s+(?:-\w*\s+)*-i|\bperl\s+-\w*i|\bcat\s*>|\btee\b|\bpython3?\s+-\s*<<|\bpatch\b|"
                        r"\bgit\s+apply\b|\bed\s|>\s*[\w./-]+\.\w+")
_SHELL_ERROR = re.compile(r"syntax error|unexpected (?:token|EOF)|unterminated|unknown (?:option|command)|"
                          r"sed: -e expression|No such file or directory")


def _failed_attempt(s: Step) -> bool:
    """A command meant to edit a file that failed before it changed anything (the shell could not parse it, sed
    refused its expression): the normalizer could not read it as an edit."""
    a, obs = s.action, s.observation
    if a.kind != "command" or obs is None or not a.command or not _EDIT_VERB.search(a.command):
        return False
    if not _SHELL_ERROR.search(obs.text[-2000:]) or not (obs.exit_code not in (None, 0) or obs.is_error):
        return False
    # output before the shell's first complaint: the commands before the line it could not parse ran (a script that
    # wrote its file and said so, then a stray ``&&`` on a line of its own)
    first = _SHELL_ERROR.search(obs.text)
    before = obs.text[:first.start()] if first else ""
    ran = before[:before.rfind("\n")].strip() if "\n" in before else ""  # whole lines before the complaint's own
    return not (a.writes and ran)


def _code_lines(text: str) -> set[str]:
    """The substantial code lines of a text (a diff, a script, a shell command): what two attempts share."""
    out = set()
    for ln in text.replace("\\n", "\n").splitlines():
        ln = ln.replace("\\'", "'").replace('\\"', '"').strip().lstrip("+-\\ \t").rstrip("\\,").strip(" '\"")
        ln = " ".join(ln.split())
        if len(ln) >= 16 and not ln.startswith(("#", "//")):
            out.add(ln)
    return out


_UNDEFINED_NAME = re.compile(r"""undefined name ['"]([A-Za-z_]\w*)['"]""")
_IMPORT_NAMES = re.compile(r"^\s*(?:from\s+[\w.]+\s+)?import\s+(.+)$")


def _imported_names(text: str) -> set[str] | None:
    """The names an import-only change binds (``from m import a, b as c`` -> {a, c}; ``import x.y`` -> {x}), or
    None when a line it adds is not an import statement (or a continuation of a parenthesised one)."""
    names: set[str] = set()
    open_paren = False
    for raw in text.splitlines():
        ln = raw.removeprefix("+")
        if raw.startswith("-") or not ln.strip() or ln.strip().startswith("#"):
            continue
        m = _IMPORT_NAMES.match(ln)
        rest = m.group(1) if m else ln if open_paren else None
        if rest is None:
            return None
        open_paren = (open_paren or "(" in rest) and ")" not in rest
        for part in rest.replace("(", " ").replace(")", " ").replace("\\", " ").split(","):
            words = part.split()
            if words:
                names.add(words[-1] if len(words) >= 3 and words[-2] == "as" else words[0].split(".")[0])
    return names or None


def _undefined_names(s: Step) -> set[str]:
    """The names a linter refused an edit for (``F821 undefined name 'X'``)."""
    return set(_UNDEFINED_NAME.findall(s.observation.text[:4000])) if s.observation is not None else set()


def _attempt_text(s: Step) -> str:
    return s.action.command or "\n".join(e.text for e in s.action.edits)


def _edits_file(s: Step, paths: tuple[str, ...], root: str | None) -> bool:
    return any(_same_file(repo_relative(e.path, root), p) for e in s.action.edits for p in paths)


def _linter_import(c: Change, attempts: list[Step], root: str | None) -> Step | None:
    """The refused edit of the same file that an import-only change ``c`` was written for: the latest attempt
    before it (within six steps) that the linter refused for an undefined name ``c`` imports."""
    names = _imported_names(c.text) if c.kind == "source" else None
    if not names:
        return None
    for s in reversed(attempts):
        if s.index < c.step and c.step - s.index <= 6 and _edits_file(s, c.paths, root) \
                and names & _undefined_names(s) and _imported_names(_attempt_text(s)) is None:
            return s
    return None


def _supplies(o: Change, attempt: Step) -> bool:
    """An import-only change that binds a name ``attempt`` was refused for: written so the attempt could apply."""
    names = _imported_names(o.text) if o.kind == "source" else None
    return bool(names and names & _undefined_names(attempt))


def _first_attempt(c: Change, before: list[Change], attempts: list[Step], root: str | None) -> Change:
    """``c`` attributed to an earlier attempt at the same change that failed to apply (within three steps, no
    change of those files in between, sharing a line of code): the earliest step whose replacement fixes the run.

    An import the linter's refusal of an attempt asked for (``undefined name 'X'``, then ``from m import X``) is
    part of that attempt: it is attributed to the attempt (and so to that attempt's own first attempt), and it
    does not separate the attempt from its re-application; the steps spent on it do not count in the window."""
    if c.kind not in ("source", "debug"):
        return c
    target = _linter_import(c, attempts, root)
    if target is not None:
        earlier = _first_attempt(c.replace(step=target.index, text=_attempt_text(target)), before, attempts, root)
        return c.replace(step=earlier.step)
    mine = _code_lines(c.text)
    for s in attempts:
        if not (s.index < c.step) or not mine:
            continue
        ours = [o for o in before if set(o.paths) & set(c.paths) and o.applied > s.index]
        if any(not _supplies(o, s) for o in ours):
            continue  # the file changed in between, by more than the import the attempt asked for
        spent: set[int] = set()
        if ours:  # the steps spent on that import (its refused tries too) do not count in the window
            spent = {o.applied for o in ours} | {t.index for t in attempts if _edits_file(t, c.paths, root)
                                                 and _imported_names(_attempt_text(t)) is not None}
        if c.step - s.index - len({i for i in spent if s.index < i < c.step}) > 3:
            continue
        text = _attempt_text(s)
        names = {p.rsplit("/", 1)[-1] for p in c.paths}
        if (_edits_file(s, c.paths, root) or any(n in text for n in names)) and mine & _code_lines(text):
            return c.replace(step=s.index)
    return c


_LINE_DELETE = re.compile(r"""^\s*sed\s+-i\S*\s+(['"])\d+(?:,\d+)?d\1\s+\S+\s*$""")


def _cleans_up(command: str, c: Change, before: list[Change]) -> bool:
    """A ``sed -i 'Nd'`` that only deletes lines of a file whose last change was a debug print."""
    if not _LINE_DELETE.match(command) or any(ln.startswith("+") and ln[1:].strip() for ln in c.text.splitlines()):
        return False
    last = next((o for o in reversed(before) if set(o.paths) & set(c.paths)), None)
    return last is not None and last.kind == "debug"


_CD = re.compile(r"^\s*cd\s+(['\"]?)([\w./~-]+)\1\s*(?:&&|;)")
_MKDIR = re.compile(r"\bmkdir\s+((?:-\S+\s+)*)((?:['\"]?[\w./~-]+['\"]?\s*)+)")


def _cd_prefix(command: str, root: str | None) -> str:
    """The directory a command first changes into (``cd repro && cat > f <<EOF``), relative to the repository;
    "" when it does not (or changes to the repository itself)."""
    m = _CD.match(command)
    if not m:
        return ""
    d = repo_relative(m.group(2), root).removeprefix("./").rstrip("/")
    return "" if d in (".", "") or d.startswith(("/", "~", "..")) else d


def _under(directory: str, path: str) -> str:
    return f"{directory}/{path}" if directory and not path.startswith(("/", directory + "/")) else path


def _made_dirs(command: str, root: str | None) -> set[str]:
    """Top-level directories ``mkdir`` creates inside the repository (relative, after a leading ``cd``): where an
    agent puts a reproduction project (a new package of the project goes under an existing directory)."""
    if "mkdir" not in command:
        return set()
    inside = _cd_prefix(command, root)
    out = set()
    for m in _MKDIR.finditer(command):
        for d in m.group(2).split():
            d = repo_relative(d.strip("'\""), root).removeprefix("./").rstrip("/")
            full = _under(inside, d) if d else ""
            if full and "/" not in full and not full.startswith(("~", "..", "$")):
                out.add(full)
    return out


def _in_dirs(path: str, dirs: set[str]) -> bool:
    return any(path.startswith(d + "/") for d in dirs)


_CONTENT_SOURCE = re.compile(r"""(?:[\d/$]r\s*|\bgit\s+apply\s+(?:-\S+\s+)*|\bpatch\b[^|;&\n]*?(?:<\s*|-i\s+|--input[= ])|"""
                             r"""\bcat\s+(?=\S+\s*>)|\bcp\s+(?:-\S+\s+)*)(['"]?)([\w./${}~-]+)\1""")


def _content_file(command: str, written: dict[str, tuple[int, str]], targets: tuple[str, ...]) -> str | None:
    """The file written earlier in the session whose content this command splices into ``targets`` (``sed '12r
    new.txt'``, ``cat new.py > f``, ``cp /tmp/f.py f``, ``git apply fix.diff``, ``patch -p1 < fix.diff``), or None."""
    if not command or not written:
        return None
    for m in _CONTENT_SOURCE.finditer(command):
        ref = m.group(2).removeprefix("./")
        if ref in targets:
            continue
        hit = ref if ref in written else next((w for w in written if w.rsplit("/", 1)[-1] == ref.rsplit("/", 1)[-1]
                                               and (w.endswith("/" + ref) or ref.endswith("/" + w))), None)
        if hit is not None and hit not in targets:
            return hit
    return None


def _reapplied(c: Change, before: list[Change], reverts: list[tuple[int, tuple[str, ...]]]) -> Change:
    """``c`` attributed to where it was first written, when it puts back word for word what a revert undid: one
    earlier change of its files, or all of them since the first (``import x`` then the code using it)."""
    for at, back in reverts:
        if not (at < c.step and any(_covers(q, p) for q in back for p in c.paths)):
            continue
        undone = [o for o in before if o.applied < at and set(o.paths) <= set(c.paths) and o.kind == c.kind]
        same = next((o for o in undone if _same_text(o.text, c.text)), None)
        if same is not None:
            return c.replace(step=same.step)
        for i in range(len(undone)):
            if _same_text("\n".join(o.text for o in undone[i:]), c.text):
                return c.replace(step=undone[i].step)
    return c


_SUPPORT_FILE = re.compile(r"(?i)(?:^|/)(?:setup\.py|setup\.cfg|pyproject\.toml|tox\.ini|pytest\.ini|conftest\.py|"
                           r"requirements[\w.-]*\.txt|Makefile|MANIFEST\.in|go\.mod|go\.sum|meson\.build|[\w.-]+\.cmake|\.[\w.-]+rc|[\w.-]+\.(?:cfg|ini|toml|lock|"
                           r"ya?ml|json|md|rst|txt))$|(?:^|/)(?:docs?|doc_src|changelog|changes|\.github)/")


_SED_DELETE = re.compile(r"""\bsed\s+-i\S*\s+(?:-e\s+)?(['"])/((?:[^/\\]|\\.)+)/d\1""")


def _change_kind(paths: tuple[str, ...], text: str, command: str = "") -> str:
    """test (test files), support (build/config/docs files), debug (only debug prints added, or ``sed -i
    '/DEBUG/d'`` taking them out again) or source."""
    if all(is_test_path(p) for p in paths):
        return "test"
    if all(_SUPPORT_FILE.search(p) for p in paths):
        return "support"
    added = [ln[1:] for ln in text.splitlines() if ln.startswith("+") and ln[1:].strip()]
    if added and all(_DEBUG_LINE.search(ln) for ln in added):
        return "debug"
    deleted = [m.group(2) for m in _SED_DELETE.finditer(command)]
    if not added and deleted and all(_DEBUG_LINE.search(d) or "print" in d for d in deleted):
        return "debug"
    return "source"


def defined_names(traj: Trajectory) -> set[str]:
    """Names the trajectory shows the repository defining (def/class lines in observations and edits)."""
    names: set[str] = set()
    for s in traj.steps:
        if s.observation is not None and s.action.kind in ("read", "search", "command", "edit"):
            names.update(_DEF_ANY.findall(s.observation.text))
        for e in s.action.edits:
            names.update(e.symbols)
    if traj.submission:
        names.update(_DEF_ANY.findall(traj.submission))
    return names


# Words of a test id that name no module: file extensions and the source roots of every language.
_NOT_MODULE_WORDS = frozenset({"py", "tests", "test", "spec", "src", "lib", "js", "ts", "jsx", "tsx", "mjs", "cjs", "go",
                               "rs", "c", "cc", "cpp", "h", "hpp"})


def _module_words(test_id: str) -> set[str]:
    """The words a test id names its code by: ``a/b/tests/test_x.py::T::t``, ``t (app_tests.test_x.T)``,
    ``src/grid.test.ts::lays out``, ``codec::tests::nested`` (Rust), and the words of a bare CamelCase test
    name (Go's ``TestBucketGet``: ``bucket``, ``get``)."""
    head = test_id.split("::")[0].split(" (", 1)[-1]
    raw = [w for w in re.split(r"[^A-Za-z0-9]+", head) if w]
    words = [w.lower() for w in raw]
    if raw and "." not in head and raw[0].startswith("Test") and raw[0][4:5].isupper():  # Go's TestX, TestX/case
        words += [w.lower() for w in re.findall(r"[A-Z][a-z0-9]+|[A-Z]+(?![a-z])", raw[0][4:])]
    return {w.removeprefix("test").strip("_") for w in words if w not in _NOT_MODULE_WORDS} - {""}


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def related(paths: tuple[str, ...], failing: tuple[str, ...]) -> bool:
    """Whether a changed file is the code a failing test id is about (shared module words, plurals folded:
    ``test_domain_py`` names ``domains/python.py``)."""
    words = {_stem(w) for t in failing for w in _module_words(t)}
    return any({_stem(w) for w in re.split(r"[^a-z0-9]+", os.path.splitext(p.lower())[0]) if w} & words for p in paths)


def _test_name(test_id: str) -> str:
    """The bare test name of an id: ``a/t.py::T::test_x[1]``, ``test_x (app.tests.T)``, ``app.tests.T.test_x``."""
    name = test_id.split(" (", 1)[0].rsplit("::", 1)[-1].split("[", 1)[0]
    return name.rsplit(".", 1)[-1]


def _bent(traj: Trajectory, source: list[Change], failing: tuple[str, ...],
          reverts: list[tuple[int, tuple[str, ...]]] | None = None,
          unchanged: tuple[str, ...] = ()) -> tuple[Change, str, int, int] | None:
    """A change bent to fit an outdated test: after an earlier change of the same file, the session's own run
    failed a test the final report also fails; the next change of that file made that run pass. The report's
    test is the new version of the one the agent satisfied, so the earlier change was the one it needed.
    A test the report says passed before the change (``unchanged``) was not updated: it cannot be outdated.
    (the change, the test, the failing run's step, the passing run's step), or None."""
    final = {_test_name(t) for t in failing} - {_test_name(t) for t in unchanged}
    if not final:
        return None
    runs = [(s, o) for s in traj.steps if s.action.kind == "command" and s.observation is not None
            and (o := parse_test_outcome(s.observation.text)) is not None]
    ordered = sorted(source, key=lambda c: c.applied)
    for r, o in runs:
        names = {_test_name(t) for t in o.failing} & final
        before = [e for e in ordered if e.applied < r.index]
        if not names or not before:
            continue
        c = next((e for e in ordered if e.step > r.index and set(e.paths) & {p for b in before for p in b.paths}), None)
        if c is None or any(_undoes(c, b) for b in before):
            continue  # the agent took its change back and tried anew: the first change stays the suspect
        dropped = [b for b in before if any(b.applied < at < r.index and any(_covers(q, p) for q in back for p in b.paths)
                                            for at, back in reverts or ())]
        if _same_idea(c, dropped)[1] is not None:
            continue  # it went back to a version it had taken back before that run: no bend, the first stays
        same = " ".join((r.action.command or "").split())
        good = next((t for t, g in runs if t.index > c.applied and not {_test_name(x) for x in g.failing} & names
                     and (g.ok or " ".join((t.action.command or "").split()) == same)), None)
        if good is not None:
            return c, min(names), r.index, good.index
    return None


def _bent_to_read(traj: Trajectory, source: list[Change], failing: tuple[str, ...],
                  reverts: list[tuple[int, tuple[str, ...]]] | None = None,
                  unchanged: tuple[str, ...] = ()) -> tuple[Change, str, int] | None:
    """A change bent to an outdated test the agent read but could not run: after a change of a file, a step showed
    the definition of a test the final report fails and did not pass before the change (FAIL_TO_PASS: the harness
    judged the change by a new version of it), and the next step that changed anything changed that file again
    (not undoing it). (the change, the test, the step that showed the test), or None."""
    final = {_test_name(t) for t in failing} - {_test_name(t) for t in unchanged}
    if not final:
        return None
    ordered = sorted(source, key=lambda c: c.applied)
    for r in traj.steps:
        obs = r.observation
        if obs is None or r.action.kind not in ("read", "search") or not any(is_test_path(p) for p in r.action.paths):
            continue
        names = {n for n in final if re.search(rf"\bdef {re.escape(n)}\(", obs.text)}
        before = [e for e in ordered if e.applied < r.index]
        if not names or not before:
            continue
        c = next((e for e in ordered if e.applied > r.index), None)  # the next change, of any file
        if c is None or not set(c.paths) & {p for b in before for p in b.paths} or any(_undoes(c, b) for b in before):
            continue  # the agent took its change back and tried anew: the first change stays the suspect
        if any(t.action.kind == "command" and t.observation is not None and parse_test_outcome(t.observation.text)
               is not None for t in traj.steps if r.index < t.index < c.applied):
            continue  # it ran tests in between: a run, not the read, drove the change (see _bent)
        dropped = [b for b in before if any(b.applied < at < r.index and any(_covers(q, p) for q in back for p in b.paths)
                                            for at, back in reverts or ())]
        if _same_idea(c, dropped)[1] is None:
            return c, min(names), r.index
    return None


def _broke(traj: Trajectory, source: list[Change], failing: tuple[str, ...]) -> tuple[Change, str, int, int] | None:
    """A later revision that broke a test: a run passed with the session's changes so far, a later change
    followed, and the same run then failed a test the final report also fails (no later run of it passed).
    (the first change after the passing run, the test, the passing run's step, the failing run's step), or None."""
    final = {_test_name(t) for t in failing}
    if not final or not source:
        return None
    runs = [(s.index, " ".join((s.action.command or "").split()), o) for s in traj.steps
            if s.action.kind == "command" and s.observation is not None
            and (o := parse_test_outcome(s.observation.text)) is not None]
    for i, (bad, cmd, o) in enumerate(runs):
        names = {_test_name(t) for t in o.failing} & final
        if not names:
            continue
        good = max((g for g, c2, o2 in runs[:i] if c2 == cmd and o2.ok and o2.passed), default=None)
        if good is None or any(c2 == cmd and o2.ok for _g, c2, o2 in runs[i + 1:]):
            return None
        between = [c for c in source if good < c.applied < bad]
        if not between or not any(c.applied < good for c in source):
            return None  # nothing changed in between, or the passing run saw none of the session's changes
        return min(between, key=lambda c: c.step), min(names), good, bad
    return None


def _wrote_stop(traj: Trajectory, failure: Failure) -> tuple[Change, tuple[str, int, str]] | None:
    """The earliest source change that added the code line a failure stops at (innermost location first, lines
    of at least 8 characters compared without their spacing), and that location; None when the session wrote
    none of them (the line is the repository's own)."""
    source = [c for c in changes(traj)[0] if c.kind == "source"]
    for path, line, code in failure.stops:
        want = "".join(code.split())
        if len(want) < 8:
            continue
        writers = [c for c in source if any(_same_file(p, path) for p in c.paths)
                   and any("".join(ln.split()) == want for ln in _added_removed(c)[0])]
        if writers:
            return min(writers, key=lambda c: c.step), (path, line, code)
    return None


def _build_broke(traj: Trajectory, source: list[Change] | None) -> tuple[Change, int, int, tuple[str, ...]] | None:
    """A later revision that broke the build: a test or build run compiled the session's code (tests ran), a
    change followed, and from then on every run stopped at a compiler error, to the end of the session. (the
    change — the first after the compiling run of a file the compiler names, else the first —, the compiling run's
    step, the first failing run's step, the files the compiler names), or None."""
    from statewise_cli.transcript.outcomes import build_failed

    runs = [(s.index, build_failed(s.observation.text), o) for s in traj.steps
            if s.action.kind == "command" and s.observation is not None
            and (o := parse_test_outcome(s.observation.text)) is not None]
    if not runs or not runs[-1][1]:
        return None
    compiled = [i for i, (_step, broken, o) in enumerate(runs) if not broken and o.passed + o.failed > 0]
    if not compiled:
        return None  # it never built in this session: nothing says which change broke it
    good = runs[compiled[-1]][0]
    bad = runs[compiled[-1] + 1][0]
    if source is None:  # (None: the session's source changes, read only when the build broke)
        source = [c for c in changes(traj)[0] if c.kind == "source"]
    between = [c for c in source if good < c.applied < bad]
    if not between:
        return None
    text = traj.steps[bad - 1].observation.text  # type: ignore[union-attr]
    files = parse_failure(text, "build", traj.cwd).files
    named = [c for c in between if any(_same_file(p, f) for p in c.paths for f in files)]
    return min(named or between, key=lambda c: c.step), good, bad, files


# An import in Python, JavaScript/TypeScript (``import x from 'y'``, ``require``), Go (``import "fmt"``), Rust
# (``use a::b;``) or C/C++ (``#include <x.h>``): it only prepares a change.
_IMPORT_LINE = re.compile(r"""^\s*(?:(?:from\s+[\w.]+\s+)?import\s+[\w., ()*]+?(?:\s+as\s+\w+)?|"""
                          r"""import\s+(?:type\s+)?(?:[\w{}*, $]+\s+from\s+)?['"][^'"]+['"];?|import\s+(?:\w+\s+)?"[^"]+"|"""
                          r"""(?:pub\s+)?use\s+[\w:{}, *]+;|#\s*include\s*[<"][^>"]+[>"]|"""
                          r"""(?:const|let|var)\s+[\w{}, $]+\s*=\s*require\(['"][^'"]+['"]\);?)\s*(?:\\n)?\s*$""")


_NAME_LIST = re.compile(r"^\s*\(?\s*\w+(?:\s*,\s*\w+)*\s*,?\s*\)?\s*(?:\\n)?\s*$")
_SIGNATURE = re.compile(r"^\s*(?:async\s+)?def\s+(\w+)\s*\((.*)\)\s*(?:->.*)?:\s*$")
_DOC_FIELD = re.compile(r"^\s*\*{0,2}\w+ : [\w\[\]., |`'\"-]*$|^\s*:(?:param|type|returns?|rtype|raises)\b.*$")
_PROSE = re.compile(r"^\s*[A-Z`][^(){}\[\]=;<>\s]*\s+[^(){}\[\]=;<>]*\w[.:,]?\s*$")  # a sentence, not a name


def _added_removed(c: Change) -> tuple[list[str], list[str]]:
    def lines(mark: str) -> list[str]:
        return [ln[1:].replace("\\n", "\n").rstrip() for ln in c.text.splitlines() if ln.startswith(mark) and ln[1:].strip()]
    return lines("+"), lines("-")


def _preparatory(c: Change) -> bool:
    """Whether a change only prepares one: it adds imports, new parameters with defaults to a signature, or
    docstring text — nothing that changes what runs."""
    added, removed = _added_removed(c)
    if not added:
        return False
    if all(_IMPORT_LINE.match(ln) for ln in added):
        return True
    if len(added) == 1 and len(removed) == 1 and _NAME_LIST.match(added[0]) and _NAME_LIST.match(removed[0]):
        old_names, new_names = set(re.findall(r"\w+", removed[0])), set(re.findall(r"\w+", added[0]))
        return old_names < new_names  # names added to a parenthesized import list
    if len(added) == 1 and len(removed) == 1 and (new := _SIGNATURE.match(added[0])) and (old := _SIGNATURE.match(removed[0])):
        extra = new.group(2)[len(old.group(2)):] if new.group(2).startswith(old.group(2).rstrip(", ")) else ""
        params = [p.strip() for p in extra.split(",") if p.strip()]
        return new.group(1) == old.group(1) and bool(params) and all("=" in p or p.startswith("*") for p in params)
    body = [ln for part in added for ln in part.split("\n") if ln.strip()]
    return not removed and bool(body) and all(_DOC_FIELD.match(ln) or _PROSE.match(ln) for ln in body)


_NEW_DEF = re.compile(r"^\s*" + _DEF_PREFIX + r"(?:def|function|func|fn)\s+(?:\([^)]*\)\s*)?(\w+)\s*[(<]")


def _new_helpers(c: Change) -> set[str]:
    """The functions a change only adds (its first added line defines one, it removes nothing): new helpers."""
    added, removed = _added_removed(c)
    if any(r.strip() for r in removed):
        return set()
    body = [ln.lstrip("\\").rstrip("\\") for part in added for ln in part.split("\n")]
    body = [ln for ln in body if ln.strip() and ln.strip() != "\\"]
    if not body or not _NEW_DEF.match(body[0]):
        return set()
    return {m.group(1) for ln in body if (m := _NEW_DEF.match(ln))}


# A line of a windowed editor's view: "118:    return x" (SWE-agent 0.x ``open``/``goto``/``scroll`` and ``edit``).
_WINDOW_LINE = re.compile(r"^(\d+):(.*)$")
_TOTAL_LINES = re.compile(r"^\[File: [^\n]*\((\d+) lines total\)\]", re.MULTILINE)
_UNSEEN = "lines it was never shown"
_BLIND_RANGE = 200  # lines of a replaced range the editor never showed, and lines the file lost by it
# A method or constructor header of a C-family language: modifiers, a type, a name, an open parenthesis.
_METHOD_LINE = re.compile(r"^\s*(?:(?:public|protected|private|static|final|abstract|synchronized|native|default|"
                          r"override|internal|open|virtual)\s+)+[\w<>\[\],.? ]*?\b([A-Za-z_]\w*)\s*\(")


def _definition(line: str) -> str | None:
    m = _DEF_LINE.match(line) or _METHOD_LINE.match(line)
    return m.group(m.lastindex or 0) if m else None


def line_range_losses(traj: Trajectory) -> dict[int, tuple[tuple[str, ...], int]]:
    """What line-range edits deleted that the agent never wrote out: ``edit N:M`` replaces lines N-M with its
    text; the file's lines there, as the editor last showed them, that the new text does not restate were lost.
    Step -> (the definitions lost — a ``def``/``class`` or a method header the new text does not define again,
    its body left dangling —, the number of non-blank lines the range replaced). Editors that name the text they
    replace (``str_replace``) delete only what the agent wrote out, and are not judged here."""
    shown: dict[str, dict[int, str]] = {}
    sizes: dict[str, int] = {}  # the file's length as the editor last reported it
    out: dict[int, tuple[tuple[str, ...], int]] = {}
    for s in traj.steps:
        a, obs = s.action, s.observation
        if obs is None:
            continue
        if a.kind == "edit" and a.tool == "edit" and len(a.edits) == 1 and len(a.edits[0].ranges) == 1 \
                and not obs.is_error:
            e = a.edits[0]
            lo, hi = e.ranges[0]
            known = shown.get(e.path, {})
            new_lines = [ln[1:] if ln[:1] == "+" else ln for ln in e.text.splitlines()]
            redefined = {d for ln in new_lines if (d := _definition(ln))}
            old = [known[n] for n in range(lo, hi + 1) if n in known]
            lost = tuple(dict.fromkeys(d for ln in old if (d := _definition(ln)) and d not in redefined))
            replaced = sum(1 for ln in old if ln.strip())
            total = _TOTAL_LINES.search(obs.text)
            before = sizes.get(e.path)
            unseen = sum(1 for n in range(lo, hi + 1) if n not in known)
            if total and before is not None and unseen >= _BLIND_RANGE and before - int(total.group(1)) >= _BLIND_RANGE:
                # the range ran over hundreds of lines the editor never showed, and the file shrank by as many: the
                # edit wiped out code the agent never saw (its declarations were not written back)
                lost = (*lost, f"{unseen} {_UNSEEN}")
            if lost or replaced:
                out[s.index] = (lost, replaced)
            shown[e.path] = {}  # the lines below moved: only what the editor shows now is known
        if a.kind in ("read", "edit") and a.path and not obs.is_error:
            total = _TOTAL_LINES.search(obs.text)
            if total:
                sizes[a.path] = int(total.group(1))
            rows = [(int(m.group(1)), m.group(2)) for ln in obs.text.splitlines() if (m := _WINDOW_LINE.match(ln))]
            if rows:
                shown.setdefault(a.path, {}).update(rows)
    return out


def _swallowing(traj: Trajectory, c: Change, kept: list[Change]) -> tuple[Change, tuple[str, ...]] | None:
    """A later surviving change of the same files whose line-range edit swallowed a definition that no later step
    of the session wrote back, after a first change that replaced no line it was shown (an insertion, or an edit
    that names what it replaces): the start was intact, this edit broke the file."""
    losses = line_range_losses(traj)
    if not losses or losses.get(c.step, ((), 0))[0]:
        return None
    for k in sorted(kept, key=lambda k: k.step):
        names = losses.get(k.step, ((), 0))[0]
        if k.step <= c.step or not names:
            continue
        blind = any(n.endswith(_UNSEEN) for n in names)
        if not blind and (c.step in losses or not set(k.paths) & set(c.paths)):
            continue  # (a blind wipe breaks the build whichever file the start changed, however it was written)
        later = [t.action for t in traj.steps if t.index > k.step and t.action.kind == "edit"]
        back = {d for a in later for e in a.edits if e.path in k.paths
                for ln in e.text.splitlines() if (d := _definition(ln[1:] if ln[:1] == "+" else ln))}
        if not set(names) <= back:
            return k, names
    return None


def _past_preparation(traj: Trajectory, c: Change, kept: list[Change]) -> tuple[Change, list[int]]:
    """An import (a defaulted parameter, a docstring, a new function nothing calls yet) alone changes no behaviour:
    the decisive change is the code that uses it, the next change of the same file (for a new function, the next
    change that calls it) — unless the importing step already wrote that code out (its reasoning shares a line of code with
    that change: the approach was decided there). (the change, the import steps passed over)"""

    def new_helpers(k: Change) -> set[str]:  # functions the repository did not have before k (no output showed them)
        return {h for h in _new_helpers(k) if not any(
            t.observation is not None and h in t.observation.text for t in traj.steps[: k.step - 1])}

    passed: list[int] = []
    while _preparatory(c) or new_helpers(c):
        helpers = new_helpers(c)
        if helpers:  # a new function nothing calls yet: the change that calls it decides what it does
            nxt = next((k for k in sorted(kept, key=lambda k: k.step) if k.step > c.step and k.kind == c.kind
                        and any(re.search(rf"\b{re.escape(h)}\(", "\n".join(_added_removed(k)[0])) for h in helpers)
                        and not new_helpers(k)), None)
        else:
            nxt = next((k for k in sorted(kept, key=lambda k: k.step) if k.step > c.step and set(k.paths) & set(c.paths)
                        and not _preparatory(k)), None)
        if nxt is None or not 1 <= c.step <= len(traj.steps):
            break
        if _code_lines(traj.steps[c.step - 1].thought) & _code_lines(nxt.text):
            break
        passed += [k.step for k in kept if c.step <= k.step < nxt.step and _preparatory(k)] + ([c.step] if helpers else [])
        c = nxt
    return c, sorted(set(passed))


_BOILERPLATE = re.compile(r"\bopen\(|readlines\(|writelines\(|\.read\(\)|\.write\(|^(?:import|from)\s|\bfile_?path\b|"
                          r"^with\s|^sys\.|\bprint\(|^(?:for|while)\s.*\blines?\b|^(?:new_)?lines\s*=|\blines\[|^return\s+\w+$")


def _core_lines(text: str) -> set[str]:
    """The code lines of a change without the plumbing every helper script shares (reading and writing the file).
    Of a diff, the lines it adds: the code it took out was there before any attempt, and two attempts that replace
    the same line share no idea by that."""
    lines = text.splitlines()
    if any(ln.startswith("+") for ln in lines):
        text = "\n".join(ln for ln in lines if not ln.startswith("-"))
    return {ln for ln in _code_lines(text) if not _BOILERPLATE.search(ln)}


def _same_idea(c: Change, earlier: list[Change]) -> tuple[Change, int | None]:
    """``c`` attributed to an earlier change of its files that was taken back or superseded, when ``c`` re-does it:
    at least half of its code lines were written before (later re-edits of the same idea do not move the
    decisive step). (the change, the step it was first written at, or None)"""
    mine = _core_lines(c.text)
    if len(mine) < 2:
        return _same_fragments(c, earlier)
    hits = [(e, _core_lines(e.text) & mine) for e in earlier if e.kind == c.kind and set(e.paths) & set(c.paths)]
    hits = [(e, shared) for e, shared in hits if shared]
    covered = set().union(*(shared for _e, shared in hits)) if hits else set()
    if not hits or 2 * len(covered) < len(mine):
        return _same_fragments(c, earlier)
    # the earliest change that on its own wrote half of it; else the earliest that wrote any of it
    whole = [e.step for e, shared in hits if 2 * len(shared) >= len(mine)]
    first = min(whole or [e.step for e, _shared in hits])
    return c.replace(step=first), first


def _same_fragments(c: Change, earlier: list[Change]) -> tuple[Change, int | None]:
    """:func:`_same_idea` for short lines (a rule table entry, one condition): at least half of what ``c`` adds,
    helper-script plumbing aside, holds a fragment an earlier change of its files had added."""
    mine = [f for f in _fragments(c) if not _BOILERPLATE.search(f)]
    if len(mine) < 2:
        return c, None
    hits: dict[int, int] = {}
    covered = 0
    theirs = [(e.step, [g for g in _fragments(e) if len(g) >= 12]) for e in earlier
              if e.kind == c.kind and set(e.paths) & set(c.paths)]
    for f in mine:
        src = [step for step, frags in theirs if any(g in f for g in frags)]
        if src:
            covered += 1
            hits[min(src)] = 1
    if not hits or 2 * covered < len(mine):
        return c, None
    first = min(hits)
    return c.replace(step=first), first


def _undoes(c: Change, earlier: Change) -> bool:
    """Whether ``c`` is ``earlier`` taken back: its added lines are what ``earlier`` removed, and the reverse."""
    def lines(text: str, mark: str) -> list[str]:
        return [" ".join(ln[1:].split()) for ln in text.splitlines() if ln.startswith(mark)]
    return (set(c.paths) == set(earlier.paths) and bool(c.text.strip())
            and lines(c.text, "+") == lines(earlier.text, "-") and lines(c.text, "-") == lines(earlier.text, "+"))


# Commands that take the working tree's changes out of what ``git diff`` (against HEAD) shows: a commit, a stash
# (an explicit ``git stash list/show/pop/apply/drop`` is none).
_DROPS_WORK = re.compile(r"\bgit\s+(?:-C\s+\S+\s+)?(?:commit\b|stash(?:\s+(?:push|save)\b|\s*(?:$|&&|;|\|\||-)))", re.MULTILINE)
_RESTORES_WORK = re.compile(r"\bgit\s+(?:-C\s+\S+\s+)?(?:stash\s+(?:pop|apply)|reset\s+(?:--soft|--mixed)?\s*HEAD[~^])")
_NOTHING_DROPPED = re.compile(r"(?i)nothing to commit|nothing added to commit|no changes added to commit|no local changes to save|^fatal:|"
                              r"^error:|please tell me who you are|not a git repository", re.MULTILINE)


def work_dropped(traj: Trajectory, edits: list[Change] | None = None) -> Candidate | None:
    """The step whose commit or stash took the session's source changes out of the submitted diff: the
    submission (a ``git diff`` against HEAD) carries none of the source files changed before it, and nothing
    later restored them. Whatever those changes were, the failing tests ran without them."""
    drops = [s for s in traj.steps if s.action.command and _DROPS_WORK.search(s.action.command)]
    submitted = submitted_files(traj) if drops else None
    if submitted is None:
        return None
    edits = changes(traj)[0] if edits is None else edits
    for s in drops:
        command, obs = s.action.command or "", s.observation
        if s.action.kind in ("submit", "finish", "other") or not _DROPS_WORK.search(command):
            continue
        if obs is not None and _NOTHING_DROPPED.search(obs.text):
            continue  # the commit or stash did not happen
        if any(t.index > s.index and _RESTORES_WORK.search(t.action.command or "") for t in traj.steps):
            continue
        files = {p for c in edits if c.kind == "source" and c.applied <= s.index for p in c.paths}
        if not files or any(_same_file(p, f) for p in files for f in submitted):
            continue
        later = {p for c in edits if c.kind == "source" and c.applied > s.index for p in c.paths}
        if later & files:
            continue  # changed again afterwards: the submission's lack of them is not this step's doing
        what = "git stash" if "stash" in _DROPS_WORK.search(command).group(0) else "git commit"  # type: ignore[union-attr]
        return Candidate(s.index, "work_dropped", "environment", 0.95,
                         f"step {s.index} ran {what}, which took the change of {', '.join(sorted(files)[:3])} out of "
                         f"the submitted diff (a diff against HEAD): the submission carries none of it",
                         missing_evidence="the change in the submitted diff")
    return None


# a whole-file substitution: ``sed -i 's/OLD/NEW/g' FILE`` or ``perl -pi -e 's/OLD/NEW/g' FILE`` with no line address
_GLOBAL_SUB = re.compile(r"\b(?:sed\s+(?:-[\w.]+\s+)*-i[\w.]*|perl\s+-p?i[\w.]*\s+-e)\s+(?:-[\w.]+\s+)*(['\"])s([/|#,:@])"
                         r"((?:\\.|(?!\2).)+)\2((?:\\.|(?!\2).)*)\2g\w*\1")


def regression_only(failure: Failure | None) -> bool:
    """The fix worked and an existing behaviour broke: the report passes every FAIL_TO_PASS test (at least one) and
    fails only PASS_TO_PASS ones."""
    report = swe_report(failure.text) if failure is not None else None
    if not report or not failure or not failure.failing:
        return False
    return not report.get("FAIL_TO_PASS failing") and int(report.get("FAIL_TO_PASS passing count", ["0"])[0]) > 0 \
        and set(failure.failing) <= set(report.get("PASS_TO_PASS failing", []))


def _removed_lines(traj: Trajectory) -> list[str]:
    """The lines the submitted diff removes (the repository's own code that changed), spacing folded."""
    text = _submission_text(traj) or ""
    return [" ".join(ln[1:].split()) for ln in text.splitlines() if ln.startswith("-") and not ln.startswith("---")]


def collateral_rewrite(traj: Trajectory, kept: list[Change]) -> tuple[Change, str, str] | None:
    """(the change, OLD, NEW) of the first surviving whole-file substitution (``sed -i 's/OLD/NEW/g' FILE``) that
    rewrote the repository's own lines — OLD occurs in lines the submitted diff removes, which the session did not
    write — rather than only the code the session had added: every occurrence in the file changed, not the fix."""
    removed = _removed_lines(traj)
    if not removed:
        return None
    for c in sorted(kept, key=lambda k: k.step):
        m = _GLOBAL_SUB.search(traj.steps[c.applied - 1].action.command or "")
        if m is None or c.kind != "source":
            continue
        old = _SED_ESCAPE.sub(r"\1", m.group(3))
        if len(old) >= 4 and not re.search(r"[\[\]*+?^$()]", old) and any(old in ln for ln in removed):
            return c, old, _SED_ESCAPE.sub(r"\1", m.group(4))
    return None


def change_candidates(traj: Trajectory, failure: Failure | None) -> list[Candidate]:
    """The decisive change: the earliest authored source change that survives into the submission (a change
    whose file is reverted or deleted afterwards, a debug print, a test-file edit or a rejected edit is none),
    and a verification error: reverting a source change right after the agent's own tests failed, or bending it
    until an outdated test the final report fails passed."""
    found: list[Candidate] = []
    edits, reverts = changes(traj)
    submitted = submitted_files(traj)
    failing = failure.failing if failure else ()

    added = submitted_lines(traj)

    def survives(c: Change) -> bool:
        if c.undone:
            return False  # taken back by the editor's undo
        if any(at > c.applied and any(_covers(p, q) for p in paths for q in c.paths) for at, paths in reverts):
            return False  # put back by a later revert (a re-edit after it is a change of its own)
        if not _carried(c, added):
            return False  # nothing it added is in the submitted diff: a probe, or overwritten later
        if not _fragments(c):  # a deletion right after a probe in that file: taking the probe out
            last = max((o for o in source if o.applied < c.applied and set(o.paths) & set(c.paths)),
                       key=lambda o: o.applied, default=None)
            if last is not None and _fragments(last) and not _carried(last, added):
                return False
        return submitted is None or any(p in submitted for p in c.paths)

    source = next(([c for c in edits if c.kind == k] for k in ("source", "support", "scratch")
                   if any(c.kind == k for c in edits)), [])
    bent = _bent(traj, source, failing, reverts, failure.unchanged if failure else ())
    if bent is not None:  # the changes before the bend were what the failing test needed
        c, name, bad, good = bent
        source = [k for k in source if k.applied >= c.applied]
        found.append(Candidate(c.step, "reverted_fix", "verification", 0.8,
                               f"step {c.step} changed {', '.join(c.paths[:2])} again after the existing test {name} "
                               f"failed at step {bad}, until it passed (step {good}); the final report fails {name}: "
                               f"the fix was bent to the old version of that test",
                               missing_evidence=f"whether {name} was outdated by the change"))
    read = _bent_to_read(traj, source, failing, reverts, failure.unchanged if failure else ()) if bent is None else None
    if read is not None:  # the same bend, to the old test as the agent read it rather than ran it
        c, name, at = read
        bent = (c, name, at, at)
        source = [k for k in source if k.applied >= c.applied]
        found.append(Candidate(c.step, "reverted_fix", "verification", 0.8,
                               f"step {c.step} changed {', '.join(c.paths[:2])} again right after step {at} showed the "
                               f"existing test {name}, which the final report fails (FAIL_TO_PASS: the tests judged it "
                               f"by a new version): the fix was bent to the old version of that test",
                               missing_evidence=f"whether {name} was outdated by the change"))
    broke = _broke(traj, source, failing) if bent is None else None
    if broke is not None:  # the changes before it had passed that test: this revision broke it
        c, name, good, bad = broke
        source = [k for k in source if k.applied >= c.applied]
        found.append(Candidate(c.step, "wrong_patch", "patch", 0.75,
                               f"step {c.step} changed {', '.join(c.paths[:2])} after the session's run at step {good} "
                               f"had passed; the same run failed {name} at step {bad}, and the final report fails "
                               f"{name}: this revision broke it, not the earlier changes"))
    unbuilt = _build_broke(traj, source) if bent is None and broke is None else None
    if unbuilt is not None:  # the code compiled with the changes before it: this revision broke the build
        c, good, bad, files = unbuilt
        broke = (c, "the build", good, bad)
        source = [k for k in source if k.applied >= c.applied]
        where = f" at {', '.join(files[:2])}" if files else ""
        found.append(Candidate(c.step, "wrong_patch", "patch", 0.75,
                               f"step {c.step} changed {', '.join(c.paths[:2])} after the session's run at step {good} "
                               f"had compiled and run the tests; from step {bad} on every run stopped at a compiler "
                               f"error{where}: this revision broke the build, not the earlier changes"))
    kept = [c for c in source if survives(c)] or source
    named = [c for c in kept if failing and related(c.paths, failing)]
    if named and not related(min(kept, key=lambda c: c.step).paths, failing):
        kept = named  # the report names the module under test: an earlier change elsewhere was a side fix
    if kept:
        c = min(kept, key=lambda c: (c.step, _preparatory(c)))  # of one step's changes: the code, then its import
        c, prepared = _past_preparation(traj, c, kept)
        if bent is None and broke is None:
            c, redone = _same_idea(c, [k for k in source if k.step < c.step and k not in kept])
            dropped_before = any(e not in kept and e.step < c.step for e in source)
            for k in sorted(kept, key=lambda k: k.step) if dropped_before else ():
                if k.step <= c.step:  # a later surviving change re-doing an idea written (and dropped) before c
                    continue
                k2, first = _same_idea(k, [e for e in source if e.step < k.step and e not in kept])
                if first is not None and first < c.step:
                    c, redone, prepared = k2, first, []
        else:
            redone = None
        swallowed = _swallowing(traj, c, kept) if failing and bent is None and broke is None else None
        if swallowed is not None:  # an intact start, then a line-range edit that deleted a definition
            c, redone, prepared = swallowed[0], None, []
        where = ", ".join(c.paths[:2])
        how = ("changed" if c.applied == c.step else "wrote the helper script that changed"
               if traj.steps[c.applied - 1].action.role in ("fix-run", "script-run")
               else f"first wrote the change (applied at step {c.applied}) of")
        outcome = (f"the failing tests ({', '.join(failing[:2])}) still fail with it" if failing
                   else "the task did not pass with it")
        if failing and not related(tuple(p for k in kept for p in k.paths), failing):
            outcome += "; they name other modules, so the place itself may be wrong"
        carried = "the change the submission carries"
        if submitted is not None and not any(p in submitted for p in c.paths):
            carried = "a change the submitted diff does not contain (it did not apply, and no later step noticed)"
        # A test report alone cannot tell a wrong change from a change in the wrong place: patch is the prior.
        if redone is not None:
            outcome += (f" (it re-does the change first written at step {redone}, which was taken back or superseded: "
                        "the same idea)")
        if prepared:
            outcome += f" (the change{'s' if len(prepared) > 1 else ''} at step {', '.join(map(str, prepared))} only prepared it)"
        if swallowed is not None:
            blind = [n for n in swallowed[1] if n.endswith(_UNSEEN)]
            defs = [n for n in swallowed[1] if n not in blind]
            lost = [f"the definition of {', '.join(defs[:3])}"] if defs else []
            lost += [f"{blind[0].removesuffix(_UNSEEN)}lines the editor never showed (the file shrank by as many)"] if blind else []
            outcome += f" (its line range swallowed {' and '.join(lost)}, which no later step wrote back)"
        found.append(Candidate(c.step, "wrong_patch", "patch", 0.7, f"step {c.step} {how} {where}, {carried}; {outcome}"))
        rewrite = collateral_rewrite(traj, [k for k in kept if k.step > c.step]) if regression_only(failure) else None
        if rewrite is not None:  # the fix passed its tests; a later whole-file substitution broke existing code
            k, old, new = rewrite
            found.append(Candidate(k.step, "wrong_patch", "patch", 0.88,
                                   f"step {k.step} replaced every {old!r} in {', '.join(k.paths[:2])} with {new!r}, "
                                   f"rewriting the repository's own code there, not only the session's change; the "
                                   f"report passes every FAIL_TO_PASS test and fails existing ones "
                                   f"({', '.join(failing[:2])}): the fix worked, this substitution broke them"))
    for at, paths in reverts:  # a correct change bent to fit outdated tests
        undone = [c for c in source if c.applied < at and any(_covers(p, q) for p in paths for q in c.paths)]
        if any(k.applied > at and k.step == u.step for k in source for u in undone):
            continue  # put back word for word later: the agent was checking whether a failure was its own
        dropped = [c for c in undone if any(c.applied < t < at and any(_covers(q, p) for q in back for p in c.paths)
                                            for t, back in reverts)]
        nxt = next((k for k in sorted(source, key=lambda k: k.applied) if k.applied > at
                    and any(_covers(p, q) for p in paths for q in k.paths)), None)
        if nxt is not None and _same_idea(nxt, dropped)[1] is not None:
            continue  # the agent went back to a version it had taken back before: that version stays the suspect
        ran = [s for s in traj.steps if at - 4 <= s.index < at and s.action.role == "test" and s.failed]
        if undone and ran:
            found.append(Candidate(at, "reverted_fix", "verification", 0.75,
                                   f"step {at} reverted the change of step {undone[0].step} to {', '.join(paths[:2])} "
                                   f"after the existing tests failed at step {ran[-1].index}; the failing tests needed it",
                                   missing_evidence="whether the failing existing tests were outdated by the change"))
    if not found and edits:
        c = edits[0]
        found.append(Candidate(c.step, "wrong_patch", "patch", 0.5,
                               f"step {c.step} made the session's first change ({', '.join(c.paths[:2])})"))
    return found


# ------------------------------------------------------------------ candidates
def candidates(traj: Trajectory, failure: Failure | None, stale: list[dict[str, Any]],
               decisions: list[dict[str, Any]], task: str | None = None,
               spans: dict[str, list[tuple[str, int, int]]] | None = None) -> list[Candidate]:
    steps = traj.steps
    spans = function_spans(traj) if spans is None else spans
    edits = [s for s in steps if s.action.kind == "edit" and not (s.observation and s.observation.is_error)
             and s.action.role not in ("script", "reproduction")]  # writing a scratch script changes no code
    found: list[Candidate] = []
    final = next((s for s in reversed(steps) if s.action.kind in ("finish", "submit")), None)
    passing = _passing_tests(traj, failure)
    failing_before = _failing_in_runs(traj)
    asked = task or traj.task

    for s in steps:  # the statewise link: a stale premise is often the root cause
        hit = next((r for r in stale if _mentions(s.action.text(), r["value"])), None)
        if hit and s.action.kind != "finish":
            found.append(Candidate(s.index, "stale_record", _phase_of_action(s), 0.95,
                                   f"step {s.index} acted on {hit['key']} = {hit['value']!r}, a record later found "
                                   f"{'defective' if hit['validity'] == 'defective' else hit['status']}",
                                   repair=f"statewise repair --key {hit['key']}"))
            break
    by_call = {d.get("tool_use_id"): d for d in decisions if d.get("tool_use_id")}
    for s in edits:
        d = by_call.get(s.call_id)
        if d and (d.get("decision") not in ("allow", "none") or re.search(r"gap|fallback|unverified|missing", d.get("reason") or "")):
            found.append(Candidate(s.index, "gate_gap", "patch", 0.8,
                                   f"the edit at step {s.index} was made while the evidence gate recorded: {d.get('reason')}",
                                   missing_evidence=d.get("reason") or "evidence the gate asked for"))
            break

    unbuilt = _build_broke(traj, None) if failure and (failure.functions or failure.files) else None
    if unbuilt is not None:  # the code had compiled: the revision after which it no longer did decides
        c, good, bad, files = unbuilt
        where = f" at {', '.join(files[:2])}" if files else ""
        found.append(Candidate(c.step, "wrong_patch", "patch", 0.85,
                               f"step {c.step} changed {', '.join(c.paths[:2])} after the session's run at step {good} "
                               f"had compiled and run the tests; from step {bad} on every run stopped at a compiler "
                               f"error{where}: this revision broke the build, not the earlier changes"))
    implicated = [s for s in edits if failure and _touches(s, failure, spans)]
    wrote = _wrote_stop(traj, failure) if failure and failure.stops and unbuilt is None else None
    if wrote is not None:  # the session wrote the line the failure stops at: the step that wrote it decides
        c, (stop_path, stop_line, stop_code) = wrote
        unbuilt = (c, 0, 0, ())
        found.append(Candidate(c.step, "wrong_patch", "patch", 0.85,
                               f"step {c.step} wrote the line the failure stops at ({stop_path}:{stop_line}: "
                               f"{stop_code[:80]}); no earlier step wrote it"))
    if unbuilt is not None:
        pass  # the step that broke the build, or wrote the failing line, decides; earlier edits of the file did not
    elif implicated:
        s = implicated[0]
        found.append(Candidate(s.index, "wrong_patch", "patch", 0.8,
                               f"step {s.index} is the first edit of {_what(failure)}, where the failure "
                               f"{_failure_words(failure)} originates"))
    elif failure and edits and (failure.functions or failure.files):
        wrong = [s for s in edits if not _productive(s, spans, passing, failing_before, asked)]
        if wrong:
            s = wrong[0]
            fns = sorted(edited_functions(s, spans)) or sorted(_targets(s))
            impl = implicated_files(failure, spans)
            file_implicated = any(_same_file(e.path, f) for e in s.action.edits for f in impl)
            found.append(Candidate(s.index, "wrong_location", "localization", 0.72 if file_implicated else 0.62,
                                   f"step {s.index} edited {', '.join(fns[:3])} although the failure implicates "
                                   f"{_what(failure)}, which no step changed"))
            if not file_implicated:
                commit = _commitment(steps, s, impl)
                if commit is not None and commit.index < s.index and _targets(commit):
                    found.append(Candidate(commit.index, "wrong_location", "localization", 0.74,
                                           f"step {commit.index} turned to {', '.join(sorted(_targets(commit)))}, the "
                                           f"wrong place (the failure implicates {_what(failure)}); from there on "
                                           f"the agent never looked at the implicated code"))

    if not (failure and (failure.functions or failure.files)):  # the failure locates no code: the decisive change
        found += change_candidates(traj, failure)

    last_edit = edits[-1].index if edits else 0
    for s in steps:
        a, obs = s.action, s.observation
        if a.kind != "command" or obs is None or s.index < (edits[0].index if edits else 10 ** 9):
            continue
        tests = parse_test_outcome(obs.text)
        if tests is None or tests.ok:
            continue
        same = not failure or not failure.failing or bool(set(tests.failing) & set(failure.failing))
        later_fix = any(e.index > s.index and failure and _touches(e, failure, spans) for e in edits)
        if same and not later_fix:
            # ignoring the failure is decisive only when the edits before it did their job
            before = [e for e in edits if e.index < s.index]
            strong = all(_productive(e, spans, passing, failing_before, asked) for e in before)
            nxt = next((t for t in steps if t.index > s.index and not _is_rerun(t, s)), final)
            if nxt is not None:
                found.append(Candidate(nxt.index, "ignored_failure", "verification", 0.85 if strong else 0.45,
                                       f"step {s.index} showed {', '.join(tests.failing[:2]) or 'failing tests'} failing "
                                       f"after the edits; step {nxt.index} went on without fixing it",
                                       missing_evidence=f"a passing run of {', '.join(tests.failing[:2]) or 'the tests'}"))
                break

    runs_after = [s for s in steps if s.index > last_edit and s.action.kind == "command" and s.observation is not None
                  and (s.action.role in ("test", "reproduction", "script-run")
                       or parse_test_outcome(s.observation.text) is not None)]
    if edits and not runs_after and final is not None:
        found.append(Candidate(final.index, "skipped_verification", "verification", 0.55,
                               f"the agent finished at step {final.index} without running the tests after its last "
                               f"edit (step {last_edit})",
                               missing_evidence=f"a test run after the last edit (step {last_edit})"))

    source_changes: list[Change] | None = None  # computed once, when an environment error needs it
    submitted = submitted_files(traj)
    for s in steps:
        obs = s.observation
        if obs is None or s.action.kind == "other" or not ENVIRONMENT_ERROR.search(obs.text) \
                or not (s.failed or obs.exit_code is None) or prose_command(s.action.command or ""):
            continue  # a step that ran nothing (a role hand-over, a rejected turn, its own prose) met no environment
        prog = (s.action.command or s.action.tool).split()[0] if (s.action.command or s.action.tool) else ""
        # worked around: the same program, or another step doing the same job (running the tests, a
        # reproduction), succeeded later
        resolved = any(t.index > s.index and not t.failed and (
            (t.action.command or "").split()[:1] == [prog]
            or (s.action.role is not None and t.action.role == s.action.role)
            or (s.action.role in ("test", "reproduction") and t.action.role in ("test", "reproduction")))
            for t in steps)
        if not resolved:
            env_final = failure is not None and bool(ENVIRONMENT_ERROR.search(failure.text))
            no_runs = failure is None or not any(
                t.index > s.index and t.observation is not None and not t.failed and
                parse_test_outcome(t.observation.text) is not None for t in steps)
            # worked around: a later run executed the code without an environment error and the code the tests
            # judged was written after that; the error only cost the agent one way of checking it
            ran_code = [t.index for t in steps if t.index > s.index and t.action.kind == "command"
                        and t.observation is not None and _RUNS_CODE.search(t.action.command or "")
                        and not ENVIRONMENT_ERROR.search(t.observation.text)]
            if ran_code and not env_final and source_changes is None:
                source_changes = changes(traj)[0]
            later_code = bool(ran_code) and not env_final and any(
                c.kind == "source" and c.applied > ran_code[0] and (
                    submitted is None or any(_same_file(p, f) for p in c.paths for f in submitted))
                for c in source_changes or ())
            # no toolchain at all (the compiler or runtime itself missing, no way to install one): the agent could
            # not have worked around it, and the tests that judged its submitted code ran elsewhere; what it wrote
            # after the error decides, not the error
            if not later_code and not env_final and failure is not None and _NO_TOOLCHAIN.search(obs.text) and all(
                    ENVIRONMENT_ERROR.search(t.observation.text) for t in steps if t.index > s.index
                    and t.observation is not None and _RUNS_CODE.search(t.action.command or "")):
                if source_changes is None:
                    source_changes = changes(traj)[0]
                later_code = any(c.kind == "source" and c.applied > s.index and (
                    submitted is None or any(_same_file(p, f) for p in c.paths for f in submitted))
                    for c in source_changes)
            score = 0.9 if env_final else 0.4 if later_code or not no_runs else 0.78
            line = next((ln for ln in obs.text.splitlines() if ENVIRONMENT_ERROR.search(ln)), "")
            found.append(Candidate(s.index, "environment_error", "environment", score,
                                   f"step {s.index} hit an environment error never resolved later: {line.strip()[:120]}"))
            break
    dropped = work_dropped(traj, source_changes)
    if dropped is not None:  # the edits before it never reached the tests: they decide nothing
        found = [c for c in found if c.step >= dropped.step] + [dropped]
    if source_changes is None:
        source_changes = changes(traj)[0]
    # a note the session created itself (``PROPOSED_FIX.md``, ``notes.txt``) describes a change; it makes none
    created = [e.path for s in steps if s.action.kind == "edit" for e in s.action.edits if e.op == "add"]
    # the file the agent meant never opened (a path the shell expanded): new files it wrote instead are a
    # substitute for the change it could not make, not a change of the repository's code
    substitute = expanded_path(traj) is not None

    def own(c: Change) -> bool:
        return all(any(_same_file(p, q) for q in created) for p in c.paths)

    if not any(c.kind in ("source", "debug") and not (substitute and own(c)) or c.kind == "support" and not all(
            _NOTE_FILE.search(p) and any(_same_file(p, q) for q in created) for p in c.paths)
            for c in source_changes):  # only scratch, tests, notes, substitutes or nothing
        scratch = {c.step for c in source_changes if c.kind == "scratch"}
        found = stalled(traj, [c for c in found if not (c.cause == "wrong_patch" and c.step in scratch)], final,
                        failure)
    return found


def format_slip(s: Step) -> bool:
    """A reply that reached the environment as something other than an action: output the model wrote itself
    (``[File: ...]``, read by the transcript reader as ``invented-output``) or its prose run as a command."""
    return s.action.tool == "invented-output" or (s.action.kind == "command" and prose_command(s.action.command or ""))


def _signature(s: Step) -> str:
    """What a step did, for finding repeats: its action's text; every format slip is the same (the model kept
    answering in a shape the tools could not run, whatever the words)."""
    return "<format slip>" if format_slip(s) else " ".join(s.action.text().split())


def loop_start(traj: Trajectory, *, min_len: int = 5, share: float = 0.75) -> int | None:
    """The first step of a repeated action cycle that lasts until the session ends: the earliest step that repeats
    an earlier action and from which at least ``share`` of the remaining actions (at least ``min_len`` of them)
    repeat an earlier one. None when the session does not end in such a cycle."""
    acts = [s for s in traj.steps if (s.action.kind not in ("finish", "submit", "other") or format_slip(s)) and _signature(s)]
    seen: set[str] = set()
    repeat = []
    for s in acts:
        sig = _signature(s)
        repeat.append(sig in seen)
        seen.add(sig)
    n = len(acts)
    tail = 0  # repeats from position i to the end
    starts: list[int] = []
    for i in range(n - 1, -1, -1):
        tail += repeat[i]
        if repeat[i] and n - i >= min_len and tail >= share * (n - i):
            starts.append(i)
    return acts[min(starts)].index if starts else None


_UNQUOTED_VAR = re.compile(r"(?<![\\$])\$\{?([A-Za-z_]\w*)\}?")
_NOT_FOUND = re.compile(r"not found|No such file|does not exist|cannot access|cannot find", re.IGNORECASE)


def _unquoted_words(command: str) -> list[str]:
    """Whitespace-separated words of ``command`` outside single quotes (the only quotes the shell never expands in)."""
    return [w for w in re.sub(r"'[^']*'", " ", command).split() if w]


def expanded_path(traj: Trajectory) -> tuple[Step, str, str] | None:
    """The first step whose path argument held an unquoted ``$NAME`` the shell expanded (to nothing, or to
    something else), so the file the agent named was never opened: the observation reports the expanded path as
    not found. None when no step did, or when a later step named the file again and its output shows it."""
    for s in traj.steps:
        obs, cmd = s.observation, s.action.text()
        if obs is None or s.action.kind in ("edit", "finish", "submit", "other") or "$" not in cmd or not _NOT_FOUND.search(obs.text):
            continue
        for word in _unquoted_words(cmd.split("\n", 1)[0]):
            word = word.strip('"')
            if ("/" not in word and "." not in word) or not _UNQUOTED_VAR.search(word):
                continue
            stripped = _UNQUOTED_VAR.sub("", word)
            if not stripped or stripped == word or stripped not in obs.text:
                continue
            name = word.rsplit("/", 1)[-1]
            # worked around: a later step named the file again (quoted or escaped) and found it (an edit whose text
            # mentions the name, echoed back, found nothing)
            fixed = any(t.index > s.index and t.observation is not None and t.action.kind in ("read", "search", "command")
                        and name in t.action.text()
                        and name in t.observation.text and not _NOT_FOUND.search(t.observation.text)
                        for t in traj.steps)
            if not fixed:
                return s, word, stripped
    return None


def prose_command(command: str) -> bool:
    """The agent's own prose run as a shell command (a reply whose text reached the shell: ``DISCUSSION The error
    persists ...``, ``I'll also check the settings ...``): its ``command not found`` is a format slip of the
    agent, not a missing program of the environment."""
    words = command.strip().split("\n", 1)[0].split()
    if not words:
        return False
    if words[0] == "DISCUSSION":
        return True
    plain = [w.strip(".,;:!?'\"()") for w in words[1:]]
    return len(words) >= 6 and words[0][:1].isupper() and sum(w.isalpha() and w.islower() for w in plain) >= 0.8 * len(plain)


_NOTE_FILE = re.compile(r"(?i)(?:^|/)(?!requirements)[\w.-]+\.(?:md|markdown|rst|txt)$")
_CODE_FILE = re.compile(r"\.(?:java|kt|kts|scala|groovy|py|js|jsx|mjs|ts|tsx|go|rs|rb|php|cs|c|cc|cpp|cxx|h|hh|hpp|swift)$")
_CODE_PATH = re.compile(r"[\w./$-]+" + _CODE_FILE.pattern.removesuffix("$") + r"(?![\w.])")


# a search for the repository's tests (``find_file "Test" src``, ``find . -name "*test*.java"``, ``grep -r X src/test``):
# a capitalised ``Test`` inside a name, or ``test``/``tests`` as a word of its own
_TEST_WORD = re.compile(r"Test|(?<![A-Za-z])tests?(?![a-z])")


def _reads_code(s: Step, written: set[str]) -> bool:
    """The step reads a code file of the repository's own, neither one the session wrote nor a test: a test shows how
    the code is run, and after the toolchain turned out missing, opening one is looking for a way to run it."""
    return any(_CODE_FILE.search(p) and p not in written and not is_test_path(p) for p in _targets(s) | set(s.action.paths))


# a search that showed nothing: no match, too many to list, a place that does not exist
_FOUND_NOTHING = re.compile(r"(?i)no matches|not found|no such file|more than \d+ files matched|narrow your search")
# a search by file name (``find_file "*.sh"``, ``find src -name "*.java"``, ``ls``): a look around the tree, not into the code
_NAME_SEARCH = re.compile(r"^\s*(?:find_file\b|find\b[^\n]*-i?(?:name|path)\b|ls\b|tree\b)")


# a line an edit adds that defines a test (JUnit, pytest/unittest, Go, Rust, jest/mocha)
_TEST_DEF = re.compile(r"^\+\s*(?:@Test\b|(?:(?:public|protected|private|static|final)\s+)*void\s+test\w*\s*\(|"
                       r"(?:async\s+)?def\s+test\w*\s*\(|func\s+Test\w*\s*\(|#\[test\]|(?:it|test)\s*\(\s*['\"`])",
                       re.MULTILINE)


def _found(s: Step) -> bool:
    """The search showed something (its output is neither empty nor a no-match, too-many or not-found message)."""
    obs = s.observation
    return obs is not None and bool(obs.text.strip()) and not s.failed and not _FOUND_NOTHING.search(obs.text[:300])


def _searched_code(s: Step) -> bool:
    """A search of the code's content (``search_dir NAME``, ``grep -rn NAME src``) for something other than the tests,
    whose output shows a code file of the repository that is no test: the session was looking at its task (a search
    that found only documents, tests or a usage message was not)."""
    line = s.action.text().split("\n", 1)[0]
    if s.action.kind != "search" or _NAME_SEARCH.search(line) or _TEST_WORD.search(line) or not _found(s) \
            or s.observation is None or not _IDENTIFIER.search(_search_term(line)):
        return False
    return any(not is_test_path(p) for p in _CODE_PATH.findall(s.observation.text[:4000]))


# a name of the code, not a topic: CamelCase past its first letter, snake_case, dotted, an annotation or a call
_IDENTIFIER = re.compile(r"^@?\w*(?:[a-z0-9][A-Z]|_\w|\w\.\w|\w\()|^@\w")


def _search_term(line: str) -> str:
    """What a search looked for: its first quoted argument, else its first word that is no option."""
    quoted = re.search(r"\"([^\"]+)\"|'([^']+)'", line)
    if quoted:
        return (quoted.group(1) or quoted.group(2)).strip()
    words = [w for w in line.split()[1:] if not w.startswith("-")]
    return words[0] if words else ""


def environment_detour(traj: Trajectory, final: Step | None) -> tuple[Step, Step] | None:
    """The step at which a session turned from its task to its toolchain for good: the first step after an
    observation that the language's compiler, runtime or build tool is missing, provided the session never again
    read or changed a code file of the repository it had not written itself (PATH guesses, package installs,
    ``find / -name javac``, run scripts and "simulations" in another language are all work on the environment or
    a substitute for it; a search or a read of the repository's code is still the task, so the turn is the first
    step that is neither). Returns (the missing-tool step, the first step of the detour), or None. The detour
    must take at least half of the session's steps: a short turn before a voluntary submit is a give-up, and a
    short one before the budget ran out did not decide how the session was spent."""
    written: set[str] = set()  # files the session created itself (scratch, reproductions, run scripts)
    back = 0  # the last step that worked on the repository's own code
    for s in traj.steps:
        a = s.action
        if a.kind == "edit" and not (s.observation and s.observation.is_error):
            for e in a.edits:
                if e.op == "add" or a.role in ("script", "reproduction"):
                    written.add(e.path)
                elif e.path not in written and not (is_test_path(e.path) and _TEST_DEF.search(e.text)):
                    back = s.index  # a test it added to a test file is a way of running the code, not the code
        elif a.kind == "read" and _reads_code(s, written) \
                and not s.failed and not (s.observation and _NOT_FOUND.search(s.observation.text[:300])):
            back = s.index  # a file that was not there (``File x not found``) is no code the session read
        elif _searched_code(s):
            back = s.index  # it looked for a name of the task in the code and found it
    missing = next((s for s in traj.steps if s.index > back and s.observation is not None
                    and s.action.kind == "command" and _NO_TOOLCHAIN.search(s.observation.text)), None)
    if missing is None:
        return None
    # the turn is the first step that is no look at the repository (a search, or a read of a code file, is still
    # the task: a session that only searched and failed to open files after the error took no detour)
    start = next((t for t in traj.steps if t.index > missing.index and t.action.kind not in ("other", "finish", "submit")
                  and not (t.action.kind == "search" and not _TEST_WORD.search(t.action.text()) and _found(t))
                  and not (t.action.kind == "read" and _reads_code(t, written))), None)
    if start is None:
        return None
    end = traj.steps[-1].index
    if 2 * (end - start.index) < end:  # a short turn at the end: the session was spent on the task, not there
        return None
    return missing, start


# words a build-module prefix of a test id (``module:pkg.Class``) has when it names no module of its own
_NO_MODULE = frozenset({"src", "test", "tests", "lib", "main", "app", "root", "."})
_PATH_WORD = re.compile(r"^\.?/?[\w.$-]+(?:/[\w.$-]*)*$")


def _failing_modules(failure: Failure | None) -> set[str]:
    """The build modules the failing test ids name (``dubbo-common:org.apache.dubbo.common.URLTest``: the Maven or
    Gradle module before the colon); empty for ids that name none (``src:...``, pytest or Go ids)."""
    out = set()
    for t in failure.failing if failure else ():
        head, sep, rest = t.partition(":")
        if sep and not rest.startswith(":") and re.fullmatch(r"[\w.-]+", head) and head.lower() not in _NO_MODULE:
            out.add(head)
    return out


def _step_dirs(s: Step, root: str | None) -> list[str]:
    """Repository-relative paths a step reads, searches, lists or changes: its action's paths and, for a shell
    command, the words of its first line that look like paths."""
    a = s.action
    paths = [*_targets(s), *a.paths]
    if a.kind == "command" and a.command:
        paths += [w for w in _unquoted_words(a.command.split("\n", 1)[0])[1:] if not w.startswith("-") and _PATH_WORD.match(w)]
    return [repo_relative(p, root).removeprefix("./") for p in paths]


def wrong_module(traj: Trajectory, failure: Failure | None) -> tuple[Step, str, str] | None:
    """(the step, the module it turned to, the failing tests' module) when the failing tests name a build module
    (``dubbo-common:...``) that the session never looked into, and it worked in another module of the repository
    instead: the first step that looked into that other module (and found it) is where the search went astray.
    Only modules the session's own output showed as directories count; None otherwise."""
    modules = _failing_modules(failure)
    if not modules:
        return None
    texts = [s.observation.text for s in traj.steps if s.observation is not None]
    if not any(re.search(rf"(?:^|[\s/'\"]){re.escape(m)}/", t, re.MULTILINE) for m in modules for t in texts):
        return None  # the session never saw the module's directory: its layout is unknown
    turn = None
    for s in traj.steps:
        if s.action.kind in ("other", "finish", "submit"):
            continue
        for p in _step_dirs(s, traj.cwd):
            parts = [c for c in p.split("/") if c]
            if any(c in modules for c in parts):
                return None  # it did look into the failing tests' module
            if turn is None and len(parts) >= 1 and not p.startswith("/") and parts[0] not in (".", "..") \
                    and parts[0].lower() not in _NO_MODULE and not _FILE_NAME.search(parts[0]) \
                    and (len(parts) > 1 or s.action.kind in ("search", "command")) \
                    and s.observation is not None and not _NOT_FOUND.search(s.observation.text[:300]) \
                    and any(re.search(rf"(?:^|[\s/'\"]){re.escape(parts[0])}/", t, re.MULTILINE) for t in texts):
                turn = (s, parts[0])
    if turn is None:
        return None
    return turn[0], turn[1], min(modules)


def _ext(path: str) -> str:
    return os.path.splitext(path)[1].lower()


def substitute_model(traj: Trajectory) -> tuple[Step, str, set[str]] | None:
    """(the step, its file, the repository's languages) when the session wrote its reproduction in a language the
    repository's code is not in (a Python model of a Java library): the first step that put code into such a file
    of its own. What that model shows is Python's behaviour, not the library's; None when the session wrote none,
    or when no code file of the repository was seen (its language is unknown)."""
    created: set[str] = set()
    for s in traj.steps:
        if s.action.kind == "edit" and not (s.observation and s.observation.is_error):
            created.update(e.path for e in s.action.edits if e.op == "add")
    langs = {_ext(p) for s in traj.steps if s.action.kind in ("read", "search") and not s.failed
             and not (s.observation and _NOT_FOUND.search(s.observation.text[:300]))
             for p in _targets(s) | set(s.action.paths) if _CODE_FILE.search(p) and p not in created}
    if not langs:
        return None
    for s in traj.steps:
        a = s.action
        if a.kind != "edit" or (s.observation and s.observation.is_error):
            continue
        for e in a.edits:
            if e.path in created and _CODE_FILE.search(e.path) and _ext(e.path) not in langs \
                    and any(ln[1:].strip() for ln in e.text.splitlines() if ln.startswith("+")):
                return s, e.path, langs
    return None


def test_code_fix(traj: Trajectory) -> tuple[Step, str] | None:
    """(the step, the file) of the first accepted edit of an existing test file that adds no test (it changes the
    test's own code: a helper class, a fixture, an expectation) — in a session that changed no source file, the
    fix it attempted, in the wrong place (taken back later or not: it was where the session looked for the fix)."""
    created: set[str] = set()
    for s in traj.steps:
        a = s.action
        if a.kind != "edit" or (s.observation and s.observation.is_error) or a.role in ("script", "reproduction"):
            continue
        for e in a.edits:
            if e.op == "add":
                created.add(e.path)
            elif e.path not in created and is_test_path(e.path) and not _TEST_DEF.search(e.text) \
                    and any(ln[1:].strip() for ln in e.text.splitlines() if ln.startswith("+")):
                return s, e.path
    return None


def stalled(traj: Trajectory, found: list[Candidate], final: Step | None,
            failure: Failure | None = None) -> list[Candidate]:
    """A session that changed no repository source file failed by how it spent its steps: a detour into the
    environment after its toolchain turned out missing, a path the shell expanded so the file never opened, a
    cycle of the same actions until the budget ran out, or a submission with no fix. Environment errors it met
    on the way (no compiler, a missing module) decided nothing by themselves: the tests that judged it ran
    elsewhere, and it had nothing to test; the step that turned from the task to the environment did."""
    extra: list[Candidate] = []
    detour = environment_detour(traj, final)
    if detour is not None:
        missing, turn = detour
        line = next((ln for ln in missing.observation.text.splitlines() if _NO_TOOLCHAIN.search(ln)), "") \
            if missing.observation else ""
        away = wrong_module(traj, failure)  # where the detour led, when it went into another module
        where = f"; from step {away[0].index} it worked in {away[1]}, another module, and never looked into " \
                f"{away[2]}, where the failing tests are" if away is not None else ""
        extra.append(Candidate(turn.index, "environment_detour", "environment", 0.96,
                               f"after step {missing.index} found the toolchain missing ({line.strip()[:100]}), step "
                               f"{turn.index} turned from the task to the environment; the session never again read "
                               f"or changed the repository's code{where}"))
    hit = expanded_path(traj)
    if hit is not None:
        s, word, stripped = hit
        extra.append(Candidate(s.index, "environment_error", "environment", 0.97,
                               f"step {s.index} named {word} unquoted; the shell expanded it to {stripped}, which "
                               f"does not exist, and the agent never opened the file it meant"))
    astray = wrong_module(traj, failure) if detour is None else None
    model = substitute_model(traj) if astray is None else None  # where the search went astray says more
    if model is not None:
        wrote, path, langs = model
        extra.append(Candidate(wrote.index, "substitute_model", "localization", 0.8,
                               f"step {wrote.index} wrote the reproduction as {path}, in another language than the "
                               f"repository's code ({', '.join(sorted(langs))}): what it shows is that language's "
                               f"behaviour, not the code under test, and the session never changed that code"))
    if astray is not None:
        s, went, module = astray
        no_tool = next((t for t in traj.steps if t.index < s.index and t.observation is not None
                        and t.action.kind == "command" and _NO_TOOLCHAIN.search(t.observation.text)), None)
        after = next((t for t in traj.steps if no_tool is not None and t.index > no_tool.index
                      and t.action.kind not in ("other", "finish", "submit")), None)
        if no_tool is not None and after is not None and no_tool.observation is not None:
            # it left for the other module after its toolchain turned out missing: looking for a way to run
            # something, not for the code; the reaction to the missing tool decides
            line = next((ln for ln in no_tool.observation.text.splitlines() if _NO_TOOLCHAIN.search(ln)), "")
            extra.append(Candidate(after.index, "environment_detour", "environment", 0.96,
                                   f"after step {no_tool.index} found the toolchain missing ({line.strip()[:100]}), "
                                   f"step {after.index} turned from the task to a way of running it; from step "
                                   f"{s.index} the session worked in {went}, another module, and never looked into "
                                   f"{module}, where the failing tests are"))
        else:
            extra.append(Candidate(s.index, "wrong_location", "localization", 0.85,
                                   f"step {s.index} turned to {went}, another module of the repository; the failing "
                                   f"tests are in {module}, which the session never looked into"))
    fixed_test = test_code_fix(traj)
    if fixed_test is not None:
        s, path = fixed_test
        extra.append(Candidate(s.index, "wrong_location", "localization", 0.85,
                               f"step {s.index} changed the code of the existing test file {path} (no test added): "
                               f"the only fix the session attempted went into the tests' own code, not the "
                               f"repository's source"))
    start = loop_start(traj)
    if start is not None:
        extra.append(Candidate(start, "loop", _phase_of_action(traj.steps[start - 1]), 0.95,
                               f"from step {start} the agent repeated actions it had already taken, until the "
                               f"session ended, without changing any repository source file"))
    elif final is not None and final.action.kind == "submit":
        extra.append(Candidate(final.index, "no_fix_submitted", "other", 0.95,
                               f"step {final.index} submitted although no step had changed a repository source file"))
    if not extra:
        return found
    return [c for c in found if not (c.cause == "environment_error" and c.score < 0.9)] + extra


_RUNS_CODE = re.compile(r"(?:^|[;&|(]\s*|\bcd\s+\S+\s*&&\s*)(?:\S*/)?(?:python[\d.]*|pytest|node|npx|go\s+(?:run|test)|"
                        r"cargo\s+(?:run|test|nextest)|ruby|java|(?:npm|yarn|pnpm|bun)\s+(?:run\s+)?test|jest|vitest|"
                        r"mocha|deno|tsx|ts-node|ctest|make\s+(?:-C\s+\S+\s+)?(?:test|check))\b", re.MULTILINE)


# the language's own compiler, runtime or build tool is missing from the environment (not a package of it)
_NO_TOOLCHAIN = re.compile(r"(?:^|[\s:])(?:\./)?(?:gradlew|mvnw): No such file or directory|"
                           r"\b(?:javac?|mvn|gradle|kotlinc?|scalac?|sbt|node|npm|npx|yarn|pnpm|tsc|go|cargo|rustc|dotnet|"
                           r"ruby|php|gcc|g\+\+|clang|cmake|python[\d.]*): (?:command )?not found|JAVA_HOME is not (?:defined|set)|"
                           r"no 'java' command could be found")


def _is_rerun(t: Step, s: Step) -> bool:
    return t.action.kind == "command" and " ".join((t.action.command or "").split()) == " ".join((s.action.command or "").split())


def _phase_of_action(s: Step) -> str:
    return {"edit": "patch", "read": "localization", "search": "localization"}.get(s.action.kind, "environment")


def _what(failure: Failure | None) -> str:
    if failure is None:
        return "the failing code"
    return ", ".join(failure.functions[:2]) or ", ".join(failure.files[:2]) or "the failing code"


def _failure_words(failure: Failure | None) -> str:
    if failure is None:
        return ""
    ids = ", ".join(failure.failing[:2]) or "of the tests"
    exc = f" ({failure.exceptions[0]})" if failure.exceptions else ""
    cmp = f": expected {failure.expected}, got {failure.actual}" if failure.expected else ""
    return f"{ids}{exc}{cmp}"


def _passing_tests(traj: Trajectory, failure: Failure | None) -> set[str]:
    names: set[str] = set()
    texts = [failure.text] if failure else []
    texts += [s.observation.text for s in traj.steps if s.observation and s.action.kind == "command"]
    for text in texts:
        ids = re.findall(r"^(\S+::\S+) PASSED", text, re.MULTILINE) + re.findall(r"^PASSED (\S+::\S+)", text, re.MULTILINE)
        names.update(m.rsplit("::", 1)[-1].split("[")[0] for m in ids)
    return names


def _failing_in_runs(traj: Trajectory) -> dict[str, int]:
    """Test name -> the first step whose run showed it failing."""
    seen: dict[str, int] = {}
    for s in traj.steps:
        if s.action.kind == "command" and s.observation is not None:
            tests = parse_test_outcome(s.observation.text)
            for tid in tests.failing if tests else ():
                seen.setdefault(tid.rsplit("::", 1)[-1].split("[")[0], s.index)
    return seen


def _productive(edit: Step, spans: dict[str, list[tuple[str, int, int]]], passing: set[str],
                failing_before: dict[str, int], task: str) -> bool:
    """An edit did its job: the edited function's own test passes in the end, and that function was either
    failing in a run before the edit or named in the task."""
    for f in edited_functions(edit, spans):
        tests = [p for p in passing if p == f"test_{f}" or p.startswith(f"test_{f}_")]
        if tests and (any(failing_before.get(t, 10 ** 9) < edit.index for t in tests)
                      or re.search(rf"\b{re.escape(f)}\b", task)):
            return True
    return False


def _commitment(steps: tuple[Step, ...], wrong_edit: Step, impl: tuple[str, ...]) -> Step | None:
    """The first step that turned to the wrongly edited file, after which the implicated code was never visited."""
    wrong_files = _targets(wrong_edit)
    last_right = 0
    for s in steps[: wrong_edit.index - 1]:
        if any(_same_file(p, f) for p in _targets(s) for f in impl):
            last_right = s.index
    for s in steps[last_right: wrong_edit.index - 1]:
        hits = _targets(s) or set()
        text = s.thought + " " + s.action.text()
        if any(_same_file(p, w) for p in hits for w in wrong_files) or any(
                os.path.basename(w) in text for w in wrong_files):
            if not last_right and _explored_elsewhere(steps[s.index: wrong_edit.index - 1], wrong_files):
                return None  # it kept looking at other code: the turn committed to nothing yet; the edit decides
            return s
    return None


def _explored_elsewhere(between: tuple[Step, ...], wrong_files: set[str]) -> bool:
    """Whether these steps read other source files of the repository than the wrong ones (tests excluded)."""
    for s in between:
        if s.action.kind != "read":
            continue
        for p in _targets(s):
            if p.endswith(_SOURCE_EXT) and not is_test_path(p) and not any(_same_file(p, w) for w in wrong_files):
                return True
    return False


_FILE_NAME = re.compile(r"\.\w{1,5}$")  # a file name, not a directory
_SOURCE_EXT = (".py", ".pyx", ".js", ".jsx", ".ts", ".tsx", ".go", ".rs", ".java", ".kt", ".c", ".h", ".cc", ".cpp",
               ".rb", ".php")


# ------------------------------------------------------------------ the investigator
class Tools(Protocol):
    def expand(self, step: int) -> str: ...
    def submit(self, step: int, justification: str) -> None: ...


class Investigator(Protocol):
    """An LLM investigator: reads the brief, may expand folded steps, then submits."""

    def investigate(self, brief: str, tools: Tools) -> None: ...


class _Session:
    def __init__(self, traj: Trajectory) -> None:
        self.traj = traj
        self.expanded: list[int] = []
        self.verdict: tuple[int, str] | None = None

    def expand(self, step: int) -> str:
        if not 1 <= step <= len(self.traj.steps):
            return f"no step {step}"
        s = self.traj.steps[step - 1]
        self.expanded.append(step)
        return render_step(s, full=True)

    def submit(self, step: int, justification: str) -> None:
        if 1 <= step <= len(self.traj.steps):
            self.verdict = (step, justification)


def render_step(s: Step, *, full: bool = False, limit: int = 1500) -> str:
    out = [f"[step {s.index}] {summarize(s)}"]
    if s.thought and s.action.kind not in ("finish", "submit"):
        out.append(f"  thought: {s.thought.strip()[:400]}")
    if full:
        a = s.action
        out.append(f"  action: {a.command if a.command is not None else a.text()[:limit]}")
        if s.observation is not None:
            out.append("  observation:\n" + s.observation.text[:limit])
    return "\n".join(out)


def choose(found: list[Candidate]) -> tuple[Candidate | None, list[Candidate]]:
    """The earliest of the strongest candidates (within 0.15 of the best score); the rest ranked."""
    best: dict[int, Candidate] = {}
    for c in found:
        if c.step not in best or c.score > best[c.step].score:
            best[c.step] = c
    ranked = sorted(best.values(), key=lambda c: (-c.score, c.step))
    if not ranked:
        return None, []
    top = ranked[0].score
    chosen = min((c for c in ranked if c.score >= top - 0.15), key=lambda c: c.step)
    return chosen, [c for c in ranked if c is not chosen]


def diagnose(traj: Trajectory, *, tests_text: str | None = None, task: str | None = None,
             store_path: str | None = None, investigator: Investigator | None = None,
             expand: tuple[int, ...] = ()) -> Diagnosis:
    """Fold, reason from the failure, rank the candidates and choose the earliest decisive step.

    ``expand``: step numbers the user asked to see in full (besides the ones the candidates need).
    """
    folding = fold(traj)
    failure = None
    defined = defined_names(traj)
    if tests_text:
        # a test report run elsewhere (the harness's own checkout) names none of the session's paths: its frames
        # are judged by their own marks (site-packages, stdlib, a conda prefix), not by the session's directory
        here = traj.cwd if traj.cwd and traj.cwd.rstrip("/") + "/" in tests_text else None
        failure = parse_failure(tests_text, "--tests", here, defined)
    else:
        run = last_test_run(traj)
        if run and not run[1].ok and run[0].observation is not None:
            failure = parse_failure(run[0].observation.text, f"the last test run in the transcript (step {run[0].index})",
                                    traj.cwd, defined)
    stale, decisions = store_rows(store_path)
    spans = function_spans(traj)
    found = candidates(traj, failure, stale, decisions, task, spans)
    edits = [s.index for s in traj.steps if s.action.kind == "edit"]
    touched = {"edits": edits,
               "edited": [s.index for s in traj.steps if s.action.kind == "edit" and failure and _touches(s, failure, spans)],
               "seen_failing": next((c.reason.split()[1] for c in found if c.cause == "ignored_failure"), None)}
    prior = prior_reasoning(failure, touched)
    found = [c.replace(score=min(1.0, c.score + 0.05)) if c.phase == prior.phase else c for c in found]
    if not found:
        found = fallback(traj, prior)
    chosen, rest = choose(found)
    # the candidates rest on their steps: a folded one is expanded for the verdict
    expanded = [c.step for c in ([chosen] if chosen else []) + rest[:3] if c.step in folding.folds]
    expanded += [n for n in expand if 1 <= n <= len(traj.steps)]
    by = "deterministic"
    llm_error = None
    if investigator is not None:
        session = _Session(traj)
        try:
            investigator.investigate(brief(traj, folding, prior, chosen, rest, task), session)
        except Exception as exc:  # noqa: BLE001  # any failure of the endpoint or client: the deterministic answer stands
            llm_error = f"{type(exc).__name__}: {str(exc)[:200]}"
            session.verdict = None
        if session.verdict is None and llm_error is None:
            llm_error = "the LLM investigator submitted no step"
        if session.verdict is not None:
            step, why = session.verdict
            hit = next((c for c in [chosen, *rest] if c and c.step == step), None)
            new = hit or Candidate(step, "llm", prior.phase, 1.0, why)
            rest = [c for c in [chosen, *rest] if c is not None and c.step != step]
            chosen, by = new.replace(reason=why, score=max(new.score, 0.9)), "llm"
            expanded += session.expanded
    justification = justify(chosen, prior, failure)
    return Diagnosis(traj, folding, prior, chosen, tuple(rest), justification, tuple(dict.fromkeys(expanded)), by,
                     llm_error)


def fallback(traj: Trajectory, prior: Prior) -> list[Candidate]:
    """A step is always named when the session did anything: the decisive change, else its first edit, else the
    last command before the end (what the session committed to)."""
    if not traj.steps:
        return []
    found = change_candidates(traj, prior.failure)
    if found:
        return [c.replace(score=min(c.score, 0.4)) for c in found]
    edits = [s for s in traj.steps if s.action.kind == "edit"]
    if edits:
        s = edits[0]
        return [Candidate(s.index, "wrong_patch", "patch", 0.3, f"step {s.index} is the session's first edit "
                          f"({', '.join(sorted(_targets(s))[:2]) or 'a file'}); no later step changed the outcome")]
    acts = [s for s in traj.steps if s.action.kind not in ("finish", "submit", "other")]
    if not acts:
        acts = list(traj.steps)
    s = acts[-1] if prior.phase != "environment" else acts[0]
    return [Candidate(s.index, "no_change", prior.phase if prior.phase != "unknown" else "localization", 0.2,
                      f"the session changed no file; step {s.index} is its last action before it stopped")]


def justify(chosen: Candidate | None, prior: Prior, failure: Failure | None) -> str:
    if chosen is None:
        return f"no decisive step found; {prior.rationale}"
    text = f"{chosen.reason}. Prior reasoning ({prior.phase}): {prior.rationale}."
    if chosen.repair:
        text += f" Repair the stale record with `{chosen.repair}`."
    if chosen.missing_evidence:
        text += f" Missing evidence before committing: {chosen.missing_evidence}."
    return text


def brief(traj: Trajectory, folding: Folding, prior: Prior, chosen: Candidate | None, rest: list[Candidate],
          task: str | None) -> str:
    lines = [f"Task: {task or traj.task or '(unknown)'}", f"Prior failure reasoning ({prior.phase}): {prior.rationale}"]
    if prior.failure is not None:
        lines.append("Test failure output (tail):\n" + prior.failure.text[-2000:])
    lines.append("Trajectory (folded steps show a one-line summary; call expand_step to read one):")
    for s in traj.steps:
        f = folding.folds.get(s.index)
        lines.append(f"[step {s.index}] (folded: {f.reason}) {f.summary}" if f else render_step(s, full=True, limit=600))
    if chosen is not None:
        lines.append("Deterministic candidates: " + "; ".join(f"step {c.step} {c.cause} {c.score:.2f}" for c in [chosen, *rest]))
    lines.append("Find the earliest decisive error step (its replacement, with earlier steps unchanged, could lead to "
                 "success) and call submit(step, justification).")
    return "\n".join(lines)


# ------------------------------------------------------------------ finding transcripts and stores
def latest_session(cwd: str, env: dict[str, str] | Any) -> str | None:
    """The most recent Claude Code session or Codex rollout of the repository at ``cwd``."""
    found: list[str] = []
    claude = env.get("CLAUDE_CONFIG_DIR") or os.path.join(env.get("HOME", os.path.expanduser("~")), ".claude")
    found += glob.glob(os.path.join(claude, "projects", cwd.replace("/", "-"), "*.jsonl"))
    codex = env.get("CODEX_HOME") or os.path.join(env.get("HOME", os.path.expanduser("~")), ".codex")
    for path in glob.glob(os.path.join(codex, "sessions", "**", "rollout-*.jsonl"), recursive=True):
        try:
            with open(path, encoding="utf-8") as fh:
                meta = json.loads(fh.readline() or "{}")
        except (OSError, ValueError):
            continue
        if (meta.get("payload") or {}).get("cwd") == cwd:
            found.append(path)
    return max(found, key=os.path.getmtime) if found else None


def store_for(traj: Trajectory, fallback_cwd: str) -> str | None:
    from statewise_cli.repo import find_repo
    from statewise_cli.store.db import STORE_FILENAME

    # The transcript's own directory decides; where `audit` is run from counts only for a transcript that names no
    # directory (another repository's store would blame that repository's records on this session)
    for cwd in (traj.cwd,) if traj.cwd else (fallback_cwd,):
        if cwd and os.path.isdir(cwd):
            repo = find_repo(cwd)
            if repo is not None and os.path.exists(os.path.join(repo.store_dir, STORE_FILENAME)):
                return os.path.join(repo.store_dir, STORE_FILENAME)
    return None


# ------------------------------------------------------------------ running it
TRANSCRIPT_SUFFIXES = (".jsonl", ".traj", ".traj.json")


def collect(path: str) -> list[str]:
    """The transcripts under a directory (sorted), or the file itself."""
    if os.path.isdir(path):
        return sorted(p for p in glob.glob(os.path.join(path, "**", "*"), recursive=True)
                      if p.endswith(TRANSCRIPT_SUFFIXES) and os.path.isfile(p))
    return [path]


def tests_for(transcript_path: str, tests_path: str | None) -> str | None:
    """The failure output: ``--tests FILE``, else a ``<name>.tests.txt`` beside the transcript, else None."""
    stem = transcript_path.removesuffix(".json") if transcript_path.endswith(".traj.json") else transcript_path
    candidate = tests_path or os.path.splitext(stem)[0] + ".tests.txt"
    try:
        with open(candidate, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError:
        if tests_path:
            from statewise_cli.errors import UsageError

            raise UsageError(f"cannot read --tests {tests_path}") from None
        return None


def audit_file(path: str, *, tests_path: str | None, task: str | None, cwd: str, env: Any = None,
               expand: tuple[int, ...] = (), investigator: Investigator | None = None) -> Diagnosis:
    """Audit one transcript. ``investigator``: the optional LLM investigator (see :func:`investigator_for`);
    ``env`` is not read for endpoints — ambient variables never send data anywhere."""
    from statewise_cli.errors import UsageError
    from statewise_cli.transcript import parse_file

    try:
        traj = parse_file(path)
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return diagnose(traj, tests_text=tests_for(path, tests_path), task=task, store_path=store_for(traj, cwd),
                    investigator=investigator, expand=expand)


DEFAULT_MODEL = "gpt-4o-mini"


def investigator_for(llm: Any, env: Any, base_url: str | None = None) -> Investigator | None:
    """The OpenAI-compatible investigator, only when an endpoint was configured by the user: ``base_url``
    (``audit --llm URL``) or ``[llm] base_url`` of statewise's own user config (``llm``: its
    :class:`~statewise_cli.config.settings.LlmSettings`). The key is read from the variable ``[llm] api_key_env``
    names; no other environment variable (``OPENAI_BASE_URL``, ``OPENAI_API_KEY``) is ever consulted."""
    base = base_url or (llm.base_url if llm is not None else None)
    if not base:
        return None
    key_env = llm.api_key_env if llm is not None else None
    key = (env.get(key_env) if key_env and env is not None else None) or "none"
    return OpenAIInvestigator(base, key, (llm.model if llm is not None else None) or DEFAULT_MODEL,
                              timeout=llm.timeout_seconds if llm is not None else 60.0,
                              max_tokens=int(llm.max_tokens) if llm is not None else 1024)


class OpenAIInvestigator:
    """Chat-completions tool loop with two tools, ``expand_step`` and ``submit``; temperature 0."""

    TOOLS: ClassVar[list[dict[str, Any]]] = [
        {"type": "function", "function": {"name": "expand_step", "description": "Show a step in full.",
                                          "parameters": {"type": "object", "properties": {"step": {"type": "integer"}},
                                                         "required": ["step"]}}},
        {"type": "function", "function": {"name": "submit", "description": "Submit the earliest decisive error step.",
                                          "parameters": {"type": "object", "properties": {
                                              "step": {"type": "integer"}, "justification": {"type": "string"}},
                                              "required": ["step", "justification"]}}},
    ]

    def __init__(self, base_url: str, api_key: str, model: str, max_turns: int = 8, timeout: float = 60.0,
                 max_tokens: int = 1024) -> None:
        self.base_url, self.api_key, self.model, self.max_turns = base_url, api_key, model, max_turns
        self.timeout, self.max_tokens = timeout, max_tokens

    def investigate(self, brief: str, tools: Tools) -> None:
        try:
            import openai  # the one module that imports it, lazily
        except ImportError:
            from statewise_cli.errors import StatewiseError

            raise StatewiseError("the LLM investigator needs the openai package: pip install 'statewise[llm]'",
                                 code="missing-extra") from None

        client = openai.OpenAI(base_url=self.base_url, api_key=self.api_key, timeout=self.timeout, max_retries=0)
        messages: list[Any] = [
            {"role": "system", "content": "You diagnose failed coding-agent trajectories."},
            {"role": "user", "content": brief}]
        tool_defs: list[Any] = list(self.TOOLS)
        for _ in range(self.max_turns):
            reply = client.chat.completions.create(model=self.model, messages=messages, tools=tool_defs,
                                                   temperature=0, max_tokens=self.max_tokens)
            msg = reply.choices[0].message
            # Only function calls carry a name and arguments (custom tool calls are not offered).
            calls = [(c.id, fn) for c in msg.tool_calls or [] if (fn := getattr(c, "function", None)) is not None]
            if not calls:
                return
            messages.append({"role": "assistant", "content": msg.content or "", "tool_calls": [
                {"id": call_id, "type": "function", "function": {"name": fn.name, "arguments": fn.arguments}}
                for call_id, fn in calls]})
            for call_id, fn in calls:
                try:
                    args = json.loads(fn.arguments or "{}")
                except ValueError:
                    args = {}
                if fn.name == "submit":
                    tools.submit(int(args.get("step", 0)), str(args.get("justification", "")))
                    return
                result = tools.expand(int(args.get("step", 0)))
                messages.append({"role": "tool", "tool_call_id": call_id, "content": result})
