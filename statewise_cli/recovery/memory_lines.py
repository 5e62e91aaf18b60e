"""The memory-file statement a stopped action came from, quoted beside what is true now.

An agent that followed a stale note in CLAUDE.md / AGENTS.md replans from the note unless the deny shows
the note itself is out of date. The statement is read the way the file is written: a line with its list
ancestors, a table row with its header, a line of a fenced block with the comment above it. Only a
statement naming the stale value verbatim is quoted; the file is never rewritten here (``repair
--fix-memory-file`` does that on request).
"""

from __future__ import annotations

import os

MEMORY_FILES = ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md", os.path.join(".claude", "CLAUDE.md"))


def _statement(lines: list[str], at: int) -> str:
    """The line ``at`` with the context that belongs to it, on one line."""
    import re

    line = lines[at]
    fenced = False
    opened = -1
    for i in range(at):
        if lines[i].strip().startswith("```"):
            fenced, opened = not fenced, i
    if fenced:
        comments = [ln.strip().lstrip("#").strip() for ln in lines[opened + 1:at] if ln.strip().startswith("#")]
        head = "; ".join(c for c in comments if c)
        if line.strip().startswith("#"):
            return line.strip().lstrip("#").strip()
        return (head + ": " if head else "") + f"`{line.strip()}`"
    stripped = line.strip()
    if stripped.startswith("|"):
        header = ""
        for i in range(at - 1, -1, -1):
            s = lines[i].strip()
            if not s.startswith("|"):
                break
            if not re.fullmatch(r"\|[\s|:-]+\|?", s):
                header = s
        return (header + " " if header and header != stripped else "") + stripped
    m = re.match(r"^(\s*)(?:[-*+]|\d+\.)\s+(.*)$", line)
    if not m:
        return stripped
    parts = [m.group(2)]
    indent = len(m.group(1))
    for i in range(at - 1, -1, -1):
        if not lines[i].strip():
            break
        up = re.match(r"^(\s*)(?:[-*+]|\d+\.)\s+(.*)$", lines[i])
        if up and len(up.group(1)) < indent:
            parts.insert(0, up.group(2))
            indent = len(up.group(1))
            if indent == 0:
                break
    return " > ".join(parts)


def _now(line: str, at: int, end: int, stale: str, verified: str, command: str, fenced: bool = False,
         stopped: str = "") -> str:
    """What the statement should say now: the value rewritten where the note names it alone (a path, a name,
    a path under a moved directory), else the command doing the job now."""
    spans = [(m.start(1), m.end(1)) for m in __import__("re").finditer(r"`([^`]+)`", line)]
    span = next(((a, b) for a, b in spans if a <= at and end <= b), None)
    if fenced and not line.strip().startswith("#"):
        span = (len(line) - len(line.lstrip()), len(line.rstrip()))  # a line of a fenced block is code
    start, stop = at, end
    while stop < len(line) and not line[stop].isspace() and line[stop] not in "`'\")(,;":
        stop += 1
    token = line[start:stop].rstrip(".:")
    if span is None or line[span[0]:span[1]].strip() == token:
        return f"`{verified + token[len(stale):]}`" if verified else f"`{command}`"
    if command and stopped:
        # a note giving the head of a command (`tox -e` and then a name): the head of the new command, where
        # the stopped action is that head plus words the new command ends with too
        head, done, new = line[span[0]:span[1]].split(), stopped.split(), command.split()
        tail = done[len(head):]
        if done[:len(head)] == head and tail and new[-len(tail):] == tail and len(new) > len(tail):
            return f"`{' '.join(new[:-len(tail)])}`"
    return f"`{command}`" if command else f"`{verified}`"


def stale_note(root: str, stale: str, verified: str, command: str = "", stopped: str = "") -> str | None:
    """``- Out of date in CLAUDE.md:12: "<statement>" — now: <value>`` for the first memory-file statement that
    names ``stale`` (or a path under it) as a word of its own, or None. ``verified`` replaces ``stale`` where the
    note names it alone; ``command`` is the command doing the job now, for a note giving a command."""
    import re

    stale = stale.strip().rstrip("/") if isinstance(stale, str) else ""
    if not root or len(stale) < 3 or "\n" in stale:
        return None
    if not command and (not verified or any(c.isspace() for c in verified.strip())):
        return None  # a description, not a value the note could say instead
    path_like = "/" in stale or "." in stale
    tail = r"(?![\w-]|\.\w)" if path_like else r"(?![\w-]|/[\w.]|\.\w)"
    pattern = re.compile(r"(?:(?<=\./)|(?<![\w./-]))" + re.escape(stale) + tail)
    for name in MEMORY_FILES:
        path = os.path.join(root, name)
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(200_000)
        except OSError:
            continue
        lines = text.splitlines()
        for i, line in enumerate(lines):
            m = pattern.search(line)
            if m and not line.strip().startswith("```"):
                statement = " ".join(_statement(lines, i).split())[:300]
                fenced = sum(1 for ln in lines[:i] if ln.strip().startswith("```")) % 2 == 1
                now = _now(line, m.start(), m.end(), stale, verified.rstrip("/"), command, fenced, stopped)
                return f"- Out of date in {name}:{i + 1}: \"{statement}\" — now: {now}"
    return None
