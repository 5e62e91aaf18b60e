"""The record the repository keeps for the item an action names: a case, a lot, a zone, an order, an invoice.

People keep a file per item — ``incidents/Z4.md``, ``cases/24-CV-3310/NOTES.md``, ``recalls/L-7731.md`` — and write
there what the item waits for and how it is handled. An action that runs a repository script on that item (``--zone
Z4``, ``--case 24-CV-3310``) rests on "nothing stands in the way and the plain form is right"; the item's own record
says otherwise when

* it states a precondition that is not met yet: a result, a confirmation or a release **pending** / **awaited** /
  **not yet** in, the item **on hold**, or a gate (``governance_targets.gated``) — and no later entry records it met
  (approved, cleared, released, confirmed);
* or it prescribes an option for every such action (``All filings: --redact-minors``) that the line lacks — and so
  does a statement of the repository's documents that names an option the script itself takes (its text names it).

An item is named by an operand that is an identifier (letters and digits, or words joined by ``-``/``_``) equal to a
tracked file's stem or a directory's name. The verdict is ``ask``, with the prescribed form as the alternative.

Only for a line that runs a repository script with such an operand: one ``git ls-files`` and a few file reads.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext

_PENDING = ("pending", "awaiting", "awaited", "not yet", "outstanding", "on hold", "waiting for", "waits for",
            "still open", "unconfirmed", "not confirmed", "not received", "not in yet", "to be confirmed")
_MET = ("approved", "cleared", "released", "confirmed", "received", "signed off", "signed-off", "passed", "lifted",
        "resolved", "closed", "clean", "ratified", "endorsed", "granted", "waived")
_TEXT = (".md", ".txt", ".rst", ".adoc", "")
_EVERY = ("all ", "every ", "each ", "always", "must", "required", "requires", "attach", "pass ", "use ", "or ")
_CACHE: dict[tuple[str, str, tuple[str, ...]], list[str]] = {}


def _identifier(value: str) -> bool:
    if not value or value.startswith("-") or "/" in value or "." in value or "=" in value or len(value) > 40:
        return False
    body = value.replace("-", "").replace("_", "")
    if not body.isalnum() or len(value) < 2:
        return False
    return (any(c.isdigit() for c in body) and any(c.isalpha() for c in body)) or (
        ("-" in value or "_" in value) and sum(c.isalpha() for c in body) >= 4)


def _tracked(root: str, exts: tuple[str, ...] = _TEXT) -> list[str]:
    """The tracked files of ``root`` whose extension is one of ``exts`` (cached until the index changes)."""
    import subprocess

    try:
        with open(os.path.join(root, ".git", "index"), "rb") as fh:
            head = str(os.fstat(fh.fileno()).st_mtime_ns)  # the index changes whenever the tracked files do
    except OSError:
        head = ""
    cached = _CACHE.get((root, head, exts))
    if cached is not None:
        return cached
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, text=True, timeout=5,
                             check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    files = [p for p in out.split("\0") if p and os.path.splitext(p)[1].lower() in exts][:20000]
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[(root, head, exts)] = files
    return files


def _records(root: str, item: str) -> list[str]:
    """Tracked text files whose stem is the item, or that sit in a directory named for it."""
    low = item.lower()
    found: list[str] = []
    for path in _tracked(root):
        parts = path.lower().split("/")
        stem = os.path.splitext(parts[-1])[0]
        if stem == low or low in parts[:-1]:
            found.append(path)
            if len(found) >= 6:
                break
    return found


def _statements(root: str, rel: str) -> list[tuple[int, str]]:
    from statewise_cli.recovery.governance import _statements as split

    try:
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
            text = fh.read(64 * 1024)
    except OSError:
        return []
    out: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), 1):  # dated log lines are statements of their own
        line = raw.strip().lstrip("-*").strip()
        if line and not line.startswith("#"):
            out.append((number, line))
    return out or split(text)


def _low(text: str) -> str:
    return " " + " ".join(text.lower().replace("`", " ").split()) + " "


def _options(text: str) -> list[str]:
    import re

    return list(dict.fromkeys(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]{2,})", text)))


def _scripts(actions: list[Action], root: str) -> list[tuple[Action, str]]:
    out: list[tuple[Action, str]] = []
    for action in actions:
        if action.risk == "read-only" or not action.text:
            continue
        words = action.text.split()
        program = words[0] if words else ""
        path = os.path.normpath(os.path.join(root, action.cwd if "$" not in action.cwd else "", program))
        if ("/" in program or program.endswith((".sh", ".py"))) and path.startswith(root + os.sep) \
                and os.path.isfile(path):
            out.append((action, path))
    return out


def violations(actions: list[Action], repo: RepoContext, developer: list[Any] | None = None) -> list[Any]:
    runs = _scripts(actions, repo.root)
    if not runs:
        return []
    from statewise_cli.recovery.governance_targets import _decided, gated, recorded
    from statewise_cli.recovery.intent import decides
    from statewise_cli.recovery.invariants import Violation

    # a developer's record that restricts or permits decides about its item instead of the item's record; one that
    # only states a fact about it ("VP-9 was paid on 2026-12-03") leaves the item's record to speak
    deciding = [r for r in developer or [] if decides(r)]

    for action, script in runs:
        words = action.text.split()
        line = " ".join(words)
        try:
            with open(script, encoding="utf-8", errors="replace") as fh:
                takes = set(_options(fh.read(64 * 1024)))
        except OSError:
            takes = set()
        shown = line[:120]
        from statewise_cli.recovery.premises_documented import left_out

        skipped = left_out(words)  # `--skip-batch B-7`: the action leaves the item out, as a hold on it asks
        items = [w for w in words[1:] if _identifier(w) and w not in skipped]
        for item in items:
            if any(isinstance(r.value, str) and item.lower() in r.value.lower() for r in deciding):
                continue  # the developer's own record about this item decides instead of its document
            for rel in _records(repo.root, item):
                lines = _statements(repo.root, rel)
                for number, statement in lines:
                    low = _low(statement)
                    if _decided(statement, deciding):
                        continue
                    later = [s for n, s in lines if n > number]
                    met = any(any(f" {w}" in _low(s) for w in _MET) or recorded(s) for s in later)
                    pending = any(w in low for w in _PENDING) or (gated(statement) and not recorded(statement))
                    if pending and not met and not any(f" {w}" in low for w in _MET if w not in ("clean",)):
                        detail = (f"`{shown}` acts on {item}; its record {rel} (line {number}) says: "
                                  f"{statement.rstrip('.')}. " + ("What it waits for is not recorded as done" if any(
                                      w in low for w in _PENDING) else "No later entry of it lifts that") +
                                  ": whether this runs now is the developer's decision, so ask them first")
                        return [Violation("developer-intent", action, detail, verdict="ask")]
                    missing = [o for o in _options(statement) if o not in line and (o in takes or any(
                        w in low for w in _EVERY))]
                    if missing:
                        form = f"{line} {missing[0]}"
                        detail = (f"`{shown}` acts on {item}; its record {rel} (line {number}) says: "
                                  f"{statement.rstrip('.')}. The line lacks {missing[0]}: `{form}`")
                        return [Violation("developer-intent", action, detail, verdict="ask", alternative=form)]
        if not takes:
            continue
        from statewise_cli.recovery.governance_targets import statements

        stem = os.path.splitext(os.path.basename(script))[0].lower().replace("_", "-")
        named = [w for w in stem.split("-") if len(w) >= 4]
        for doc, number, statement in statements(repo.root):
            low = _low(statement)
            missing = [o for o in _options(statement) if o in takes and o not in line]
            if not missing or not any(w in low for w in _EVERY) or _decided(statement, developer or []):
                continue
            if not any(f" {w}" in low for w in named):
                continue  # the statement is about something else the script does not name
            form = f"{line} {missing[0]}"
            detail = (f"`{shown}` runs {os.path.relpath(script, repo.root)}, which takes {missing[0]}; the "
                      f"repository's {doc} (line {number}) says: {statement.rstrip('.')}. The line lacks it: `{form}`; "
                      f"whether it applies here is the developer's decision, so ask them first")
            return [Violation("developer-intent", action, detail, verdict="ask", alternative=form)]
    return []


def prescribed_form(action: Action, root: str) -> tuple[str, str] | None:
    """(where, the line with the option) when the record of an item the action names prescribes an option for every
    such action that the line lacks — the form a developer's record about the item asks for."""
    runs = _scripts([action], root)
    if not runs:
        return None
    words = (action.text or "").split()
    line = " ".join(words)
    for item in [w for w in words[1:] if _identifier(w)]:
        for rel in _records(root, item):
            for number, statement in _statements(root, rel):
                low = _low(statement)
                missing = [o for o in _options(statement) if o not in line and any(w in low for w in _EVERY)]
                if missing:
                    return f"{rel} (line {number}): {statement.rstrip('.')}", f"{line} {missing[0]}"
    return None


def takes_prescribed_form(action: Action, root: str) -> bool:
    """The record of an item the action names prescribes options for every such action, and the line passes them."""
    if not _scripts([action], root):
        return False
    words = (action.text or "").split()
    line = " ".join(words)
    for item in [w for w in words[1:] if _identifier(w)]:
        for rel in _records(root, item):
            for _number, statement in _statements(root, rel):
                low = _low(statement)
                options = _options(statement)
                if options and any(w in low for w in _EVERY) and all(o in line for o in options):
                    return True
    return False
