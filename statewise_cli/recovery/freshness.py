"""Freshness and provenance of developer intent: which of two statements about the same subject is newer.

A memory-file line is a dated statement by someone: its date is the commit that last changed the line
(``git blame``; the file's modification time while the line is not committed). A developer's record is
dated when it was stored. Two statements are about the same subject when they name the same
**identifier** — a path, a package, a branch, a service, a ticket, a version: a word with a digit and a
letter (``WB-7``, ``py312``), a path or dotted name (``surveys/``, ``app.settings``), a snake_case or
``@scoped`` name, or anything the author put in backticks — compared without case and separators
(``WB-7`` ~ ``wb7.yaml``). Ordinary words and phrases never make two statements the same subject.

The rule (one rule, used by the record-validity step and by the intent check):

* evidence of intent that is **newer** than a memory line on the same subject — a developer's record
  stored after it, a commit after it that changes a file it names — outranks the line; older evidence
  does not (authority still orders them: a memory line never lifts a developer's record);
* when a memory line contradicts a developer's restriction and nothing newer than the line decides,
  the answer is a **targeted clarification**: both statements with their dates, and the question which
  one holds now — asked, never allowed.
"""

from __future__ import annotations

import os
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from statewise_cli.actions.normalize import Action
    from statewise_cli.store.records import Record

_TOKEN = re.compile(r"`([^`\n]+)`|([A-Za-z0-9@~][A-Za-z0-9._/@+:-]*[A-Za-z0-9])")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}")
_SEPARATORS = re.compile(r"[^a-z0-9]+")
# Path parts too common to say what a statement is about.
_COMMON_PARTS = frozenset({"src", "lib", "app", "bin", "docs", "doc", "test", "tests", "scripts", "tools", "config",
                           "main", "master", "origin", "head", "http", "https", "www", "com", "org", "yaml", "yml",
                           "json", "toml", "md", "txt", "py", "js", "ts", "sh", "github", "workflows"})


def norm(word: str) -> str:
    """An identifier without case and separators (``WB-7`` and ``wb7`` are one)."""
    return _SEPARATORS.sub("", word.lower())


def _is_identifier(word: str, marked: bool) -> bool:
    if _DATE.fullmatch(word) or _DATE.match(word) and not any(c.isalpha() for c in word):
        return False
    if not any(c.isalpha() for c in word):
        return False  # a number or a version alone (3.12) names nothing by itself
    if marked:
        return True
    if any(c.isdigit() for c in word):
        return True
    return any(c in word for c in "/_@") or bool(re.search(r"[a-z0-9]\.[a-z]", word, re.IGNORECASE)) and not word.endswith(".")


def _forms(word: str) -> set[str]:
    """The normalised forms an identifier is named by: itself, and for a path its parts and file stems."""
    out = set()
    whole = norm(word)
    if len(whole) >= 3:
        out.add(whole)
    if "/" in word:
        for part in word.strip("/").split("/"):
            stemmed = os.path.splitext(part)[0] if "." in part[1:] else part
            for p in {norm(part), norm(stemmed)}:
                if len(p) >= 3 and p not in _COMMON_PARTS:
                    out.add(p)
    elif "." in word[1:] and not any(c.isdigit() for c in word.rsplit(".", 1)[-1]):
        stemmed = norm(os.path.splitext(word)[0])
        if len(stemmed) >= 3 and stemmed not in _COMMON_PARTS:
            out.add(stemmed)
    return out - _COMMON_PARTS


def identifiers(text: str) -> set[str]:
    """The identifiers a statement names, normalised (see the module's docstring)."""
    found: set[str] = set()
    for m in _TOKEN.finditer(text or ""):
        if m.group(1) is not None:
            for word in m.group(1).split():
                word = word.strip("'\",;()[]")
                if word and not word.startswith("-") and _is_identifier(word, True):
                    found |= _forms(word)
            continue
        word = m.group(2)
        if _is_identifier(word, False):
            found |= _forms(word)
    return found


def action_identifiers(action: Action) -> set[str]:
    """What an action names: every operand and option value of its text, the paths it touches (with their
    parts and file stems), normalised like :func:`identifiers` — but without asking that a word look like an
    identifier (the statement's side decides what counts as one)."""
    found: set[str] = set()
    words = (action.text or "").split() + [str(action.target or "")]
    for raw in words:
        for word in raw.strip("'\"").split("="):
            word = word.strip("'\",;()[]")
            if not word or word.startswith("-"):
                continue
            found |= _forms(word)
            if "/" not in word:
                stemmed = norm(os.path.splitext(word)[0]) if "." in word[1:] else ""
                if len(stemmed) >= 3:
                    found.add(stemmed)
    return found - _COMMON_PARTS


# ------------------------------------------------------------------------------------------ memory lines
def memory_statements(root: str) -> list[tuple[str, int, str]]:
    """(file, 1-based line, statement) for each non-empty statement of the repository's memory files."""
    from statewise_cli.recovery.memory_lines import MEMORY_FILES, _statement

    out: list[tuple[str, int, str]] = []
    for name in MEMORY_FILES:
        path = os.path.join(root, name)
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                if os.fstat(fh.fileno()).st_size > 256_000:
                    continue
                lines = fh.read().splitlines()
        except OSError:
            continue
        for i, line in enumerate(lines):
            s = line.strip()
            if not s or s.startswith("```") or set(s) <= set("|:- "):
                continue
            out.append((name, i + 1, _statement(lines, i)))
    return out


def line_date(root: str, name: str, line: int) -> tuple[float, str] | None:
    """(time, author) of the commit that last changed line ``line`` of ``name``; the file's modification time
    (author unknown) while the line is not committed; None when neither can be read."""
    from statewise_cli.subproc import run_readonly

    path = os.path.join(root, name)
    code, out = run_readonly(("git", "blame", "--porcelain", "-L", f"{line},{line}", "--", name), root,
                             dict(os.environ), 3.0)
    if code == 0:
        sha = out.split(" ", 1)[0]
        when = re.search(r"^author-time (\d+)$", out, re.MULTILINE)
        who = re.search(r"^author (.*)$", out, re.MULTILINE)
        if when and sha.strip("0"):
            return float(when.group(1)), (who.group(1) if who else "")
    try:
        return os.stat(path).st_mtime, ""
    except OSError:
        return None


def changed_since(root: str, since: float, ids: set[str]) -> tuple[float, str] | None:
    """The newest commit after ``since`` that changes a file one of ``ids`` names (by a part or its stem):
    (its time, ``abc1234 (date): subject — path``)."""
    from statewise_cli.subproc import run_readonly

    code, out = run_readonly(("git", "log", f"--since=@{int(since) + 1}", "-n", "200", "--format=%x00%h %ct %s",
                              "--name-only", "--no-renames"), root, dict(os.environ), 3.0)
    if code != 0:
        return None
    for block in out.split("\x00")[1:]:
        head, *paths = [ln for ln in block.splitlines() if ln.strip()]
        sha, ts, *subject = head.split(" ", 2)
        for p in paths:
            if _forms(p) & ids:
                try:
                    when = float(ts)
                except ValueError:
                    continue
                if when > since:
                    return when, f"{sha} ({day(when)}): {' '.join(subject)[:80]} — {p}"
    return None


def day(ts: float) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ts))


# ------------------------------------------------------------------------------------------------ the rule
def _permits_or_instructs(record: Record, statement: str) -> bool:
    """A memory statement that does not restrict what ``record`` restricts (it permits it, or tells the
    agent how to do it)."""
    from statewise_cli.recovery.intent import restriction

    return restriction(record.replace(key="policy.statement", value=statement)) is None


def contradiction(record: Record, shared: set[str], root: str) -> tuple[str, int, str] | None:
    """The memory statement that names one of ``shared`` and contradicts the developer's restriction
    ``record``; None when a statement naming them agrees (restricts too) or none names them."""
    naming = [(f, n, s) for f, n, s in memory_statements(root) if identifiers(s) & shared]
    if not naming or any(not _permits_or_instructs(record, s) for _, _, s in naming):
        return None
    return naming[0]


def judge(record: Record, line: tuple[str, int, str], shared: set[str], root: str) -> tuple[str, str]:
    """Which statement holds for a developer's restriction contradicted by a memory line: ``("record", why)``
    when the record (or a commit on the subject) is newer than the line, ``("ask", question)`` when the line
    is the newer one and nothing newer decides."""
    name, at, text = line
    dated = line_date(root, name, at)
    said = f"{name}:{at} ({day(dated[0]) if dated else 'undated'}{', ' + dated[1] if dated and dated[1] else ''})"
    if dated is None or record.stored_at >= dated[0]:
        return "record", f"the developer's record (stored {day(record.stored_at)}) is newer than {said}"
    newer = changed_since(root, dated[0], shared)
    if newer is not None:
        return "record", f"commit {newer[1]} changed what {said} is about after it was written"
    value = record.value if isinstance(record.value, str) else str(record.value)
    question = (f"two statements about {', '.join(sorted(shared))[:80]} disagree and nothing newer decides: the "
                f"developer's record {record.key} (stored {day(record.stored_at)}) says \"{value[:200]}\"; {said} "
                f"says \"{text[:200]}\". Which holds now? Ask the developer before this runs; if the record is out "
                f"of date they replace it in their own terminal (`statewise remember {record.key} \"…\" --type "
                f"policy`)")
    return "ask", question


def identifier_gates(actions: list[Action], policies: list[Record], root: str | None,
                     gated: set[int]) -> list[tuple[Action, Record, str, str]]:
    """(action, record, verdict, why) for each side-effecting action not gated otherwise that names an identifier
    a developer's restriction names, while a memory line naming it says otherwise (see the module's rule).
    The verdict is the record's own when it (or a commit on the subject) is newer than the line, else
    ``clarify``: an ask whose ``why`` is the targeted question."""
    from statewise_cli.recovery.intent import scoped_restriction

    if not root:
        return []
    found: list[tuple[Action, Record, str, str]] = []
    named = [(r, identifiers(r.value if isinstance(r.value, str) else "")) for r in policies]
    named = [(r, ids) for r, ids in named if ids]
    if not named:
        return found
    for action in actions:
        if id(action) in gated or action.risk == "read-only":
            continue
        if action.operation.startswith("git.") and action.operation not in ("git.push", "git.tag"):
            continue
        ids = action_identifiers(action)
        for record, wanted in named:
            shared = wanted & ids
            if not shared:
                continue
            verdict = scoped_restriction(record, action)
            if verdict is None:
                continue
            from statewise_cli.recovery.intent import reason_only

            if action.operation.startswith("shell.") and reason_only(record, action):
                continue  # "… decided the crates are recycled; they cannot be resold": a reason, not a restriction
            if str(record.value).lower().startswith(("every ", "all ", "each ")) and action.text:
                from statewise_cli.recovery.governance_items import takes_prescribed_form

                if takes_prescribed_form(action, root):
                    continue  # the item's own record names the form the restriction asks for, and the line takes it
            from statewise_cli.recovery import intent, intent_scope

            option = intent_scope.required_option(record)
            if option is not None and intent_scope.carries_option(action, option, root) or \
                    intent.within_required_form(record, action):
                continue  # "internal publication only (--internal-only)": the action takes the form the record allows
            line = contradiction(record, shared, root)
            if line is None:
                continue
            who, why = judge(record, line, shared, root)
            shown = (action.text or action.operation).strip()[:120]
            if who == "record":
                found.append((action, record, verdict, (f"`{shown}` names {', '.join(sorted(shared))} as "
                              f"{record.key} does, and {why}")))
            else:
                found.append((action, record, "clarify", f"`{shown}` names {', '.join(sorted(shared))}: {why}"))
            break
    return found


def memory_line_superseded(record: Record, developer: list[Record], root: str) -> tuple[str, str] | None:
    """The record-validity rule for a memory-file policy line: ("defective", why) when a developer's record
    on the same identifiers, stored after the line, says otherwise; ("unresolved", question) when the
    contradicting developer's record is the older one (a targeted clarification); None otherwise."""
    from statewise_cli.recovery.intent import restriction

    text = record.value if isinstance(record.value, str) else ""
    ids = identifiers(text)
    if not ids or not record.source.startswith("memory-file:"):
        return None
    where = record.source[len("memory-file:"):]
    name, _, at = where.rpartition(":")
    line = int(at) if at.isdigit() else 0
    for dev in developer:
        shared = identifiers(dev.value if isinstance(dev.value, str) else "") & ids
        if not shared or restriction(dev) is None or not _permits_or_instructs(dev, text):
            continue
        if not name or not line:
            return "defective", f"the developer's record {dev.key} on {', '.join(sorted(shared))} says otherwise"
        who, why = judge(dev, (name, line, text), shared, root)
        return ("defective", why) if who == "record" else ("unresolved", why)
    return None
