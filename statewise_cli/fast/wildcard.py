"""``fnmatch.fnmatchcase`` without ``re`` for the patterns the hook sees on every call.

``fnmatch`` compiles each pattern to a regular expression, and importing ``re`` costs ~13 ms of
the hook's start-up. Patterns with only ``*`` (contract keys like ``path.*``, globs like
``src/**``) are matched here; ``?`` and ``[...]`` go to ``fnmatch``.
"""

from __future__ import annotations


def match(name: str, pattern: str) -> bool:
    """``fnmatch.fnmatchcase(name, pattern)``: ``*`` matches any run of characters (``/`` too)."""
    if "?" in pattern or "[" in pattern:
        from fnmatch import fnmatchcase

        return fnmatchcase(name, pattern)
    if "*" not in pattern:
        return name == pattern
    first, *middle, last = pattern.split("*")
    if not name.startswith(first) or len(name) < len(first) + len(last):
        return False
    at, end = len(first), len(name) - len(last)
    for piece in middle:
        if piece:
            at = name.find(piece, at, end)
            if at < 0:
                return False
            at += len(piece)
    return name.endswith(last)
