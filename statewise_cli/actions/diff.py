"""What a change touches: the files a unified diff names, the lines its hunks change, the
definitions its text mentions. Patterns compile on first use behind cheap string screens."""

from __future__ import annotations

from statewise_cli.fast.lazy_re import Pattern

_DEF = Pattern(r"(?m)^\s*(?:async\s+)?(?:def|class|function|func)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)")
_HUNK = Pattern(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$")


def symbols_in(text: str) -> tuple[str, ...]:
    """def/class/function/func names in ``text``, in order, once each."""
    if not any(k in text for k in ("def", "class", "function", "func")):
        return ()  # what every match of _DEF contains: most edits need no regular expression
    return tuple(dict.fromkeys(_DEF.findall(text)))


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
    start: int | None = None
    body: list[str] = []
    for line in [*diff.splitlines(), "@@ end"]:
        if line.startswith("@@"):
            if start is not None and (r := changed_lines(start, body)):
                out.append(r)
            m = _HUNK.match(line)
            start, body = (int(m.group(3)), []) if m else (None, [])
        elif start is not None:
            body.append(line)
    return tuple(out)


def _diff_path(header: str, strip: int) -> str | None:
    """The path of a ``---``/``+++`` header line, ``strip`` leading components removed."""
    name = header[4:].split("\t", 1)[0].strip()
    if not name or name == "/dev/null":
        return None
    if name.startswith('"') and name.endswith('"'):
        name = name[1:-1]
    parts = name.split("/")
    return "/".join(parts[strip:]) if len(parts) > strip else parts[-1]


def diff_files(diff: str, strip: int = 1) -> list[tuple[str, str]]:
    """(path, op) for each file a unified diff changes; op is add | update | delete.
    ``strip`` is ``patch -p``'s count (``git apply`` strips one: ``a/``, ``b/``)."""
    found: list[tuple[str, str]] = []
    old: str | None = None
    old_seen = False
    for line in diff.splitlines():
        if line.startswith("--- "):
            old, old_seen = _diff_path(line, strip), True
        elif line.startswith("+++ ") and old_seen:
            new = _diff_path(line, strip)
            if new is None and old is not None:
                found.append((old, "delete"))
            elif new is not None:
                found.append((new, "add" if old is None else "update"))
            old, old_seen = None, False
    return list(dict.fromkeys(found))
