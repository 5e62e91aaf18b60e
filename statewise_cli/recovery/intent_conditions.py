"""A developer's rule that waits for an event ("a dig is opened only after the board has approved its site plan",
"not before the permit is issued") is met for the item the action names when that item's own record in the
repository states the event done ("plan: approved 2026-11-20"), not still awaited ("plan: submitted, not yet
approved"). The rule keeps gating every other item, and an item whose record says nothing of the event."""

from __future__ import annotations

import os
import re
from typing import Any

# the condition a rule waits for, up to the end of its clause
_AWAITED = re.compile(r"(?i)\b(?:only\s+(?:after|once|when|if)|(?:not|never)\s+before|until|till|unless)\s+([^.;(]+)")
# words that record the awaited event done, by their stems
_DONE = ("grant", "approv", "sign", "clear", "issu", "given", "obtain", "receiv", "pass", "complet", "confirm", "accept",
         "authori")
_PENDING = frozenset({"not", "no", "never", "yet", "pending", "awaiting", "until", "before", "unless", "if", "once",
                      "when", "needs", "need", "must", "requires", "required", "to", "be"})
_GENERIC = frozenset({"after", "before", "once", "when", "only", "until", "unless", "have", "been", "with", "from", "that",
                      "this", "their", "there", "they", "them", "what", "which", "into", "onto", "each", "every",
                      "item", "thing", "things", "work"})


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z'-]*", text.lower())


def _done_word(word: str) -> str | None:
    return next((d for d in _DONE if word.startswith(d)), None)


def awaited(value: str) -> list[tuple[str, set[str]]]:
    """(the stem of the done word, the condition's nouns) for each event the rule waits for that a done word names
    ("the board has approved the site plan for it" → approv, {board, plan…})."""
    out: list[tuple[str, set[str]]] = []
    for m in _AWAITED.finditer(value):
        words = _words(m.group(1))
        done = next((d for d in (_done_word(w) for w in words) if d), None)
        if done is None:
            continue
        nouns = {w for w in words if len(w) >= 5 and w not in _GENERIC and _done_word(w) is None}
        if nouns:
            out.append((done, nouns))
    return out


def _states_done(line: str, done: str, nouns: set[str]) -> bool:
    words = _words(line)
    if not any(w in nouns or (len(w) >= 5 and any(n.startswith(w) or w.startswith(n) for n in nouns)) for w in words):
        return False
    for clause in re.split(r"[.;!?]\s|,\s", line):  # a condition anywhere before the word in its clause
        said = _words(clause)  # ("I release it when the result is clear") awaits the event
        for i, word in enumerate(said):
            if word.startswith(done) and not _PENDING & set(said[:i]) and not word.endswith("ing"):
                return True
    return False


_RECORD_EXTS = (".md", ".txt", ".rst", ".adoc", ".yaml", ".yml", ".json", ".toml", ".ini", "")


def _tracked(root: str) -> list[str]:
    from statewise_cli.recovery.governance_items import _tracked as tracked

    return tracked(root, _RECORD_EXTS)


def _records(root: str, item: str) -> list[str]:
    """Tracked record files (text or data) whose stem is the item, or that sit in a directory named for it."""
    found: list[str] = []
    for path in _tracked(root):
        parts = path.lower().split("/")
        if os.path.splitext(parts[-1])[0] == item or item in parts[:-1]:
            found.append(path)
            if len(found) >= 6:
                break
    return found


def condition_met(record: Any, action: Any, root: str | None) -> bool:
    """Every event the record waits for is stated done in the own record of an item the action names."""
    if not root or not isinstance(record.value, str) or not action.text:
        return False
    events = awaited(record.value)
    if not events:
        return False
    from statewise_cli.recovery.governance_items import _identifier

    items = [str(a).lower() for a in action.arguments if _identifier(str(a))]
    if not items:
        return False
    lines: list[str] = []
    for item in items[:4]:
        for rel in _records(root, item):
            try:
                with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
                    lines += fh.read(32 * 1024).splitlines()
            except OSError:
                continue
    if not lines:
        return False
    return all(any(_states_done(line, done, nouns) for line in lines) for done, nouns in events)
