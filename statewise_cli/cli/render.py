"""Plain-text tables and lists that stay readable at 80 columns, without rich.

Rules (tests/test_render.py and the 80-column CLI tests pin them):

- a *key* column (record keys, names) is never broken and never cut;
- when the table is wider than the terminal, optional columns are hidden first (least useful
  first), then long *text* cells are cut with ``…``; when even that cannot fit, every row
  becomes a block: the key on its own line, the other cells indented below, wrapped;
- whatever was hidden or cut is said in one footer line naming ``--wide`` and ``--json``.

The width is the terminal's (``COLUMNS`` wins), 80 when stdout is not a terminal, unlimited
with ``--wide``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

ELLIPSIS = "…"
GAP = "  "
MIN_TEXT = 10


class Col:
    """A column: ``kind`` is ``key`` (never broken), ``fixed`` (short, never cut) or ``text``
    (cut with … when narrow); ``drop`` > 0 lets a narrow table hide it (highest first)."""

    __slots__ = ("drop", "kind", "name")

    def __init__(self, name: str, kind: str = "text", drop: int = 0) -> None:
        self.name, self.kind, self.drop = name, kind, drop


def width_for(wide: bool) -> int | None:
    """Columns to render into: None (unlimited) with ``--wide``."""
    if wide:
        return None
    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        if sys.stdout.isatty():
            return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError, AttributeError):
        pass
    return 80


def color_enabled() -> bool:
    return "NO_COLOR" not in os.environ and hasattr(sys.stdout, "isatty") and sys.stdout.isatty()


_COLORS = {"red": "31", "green": "32", "yellow": "33", "bold": "1", "dim": "2"}


def paint(text: str, color: str | None) -> str:
    if not color or not color_enabled():
        return text
    return f"\x1b[{_COLORS[color]}m{text}\x1b[0m"


def one_line(text: str) -> str:
    return " ".join(str(text).split()) if ("\n" in text or "\t" in text or "\r" in text) else text


def cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + ELLIPSIS


def wrap(text: str, width: int | None, indent: str = "") -> list[str]:
    """``text`` wrapped at ``width``; a word (a path, a command) is never broken, even when longer."""
    if width is None:
        return [indent + text]
    import textwrap

    room = max(20, width - len(indent))
    return [indent + line for line in textwrap.wrap(text, room, break_on_hyphens=False, break_long_words=False)] or [indent]


def hanging(text: str, width: int | None, indent: str = "  ", first: str = "") -> list[str]:
    """``text`` wrapped at ``width``: its first line after ``first``, the rest indented by ``indent``."""
    if width is None:
        return [first + text]
    import textwrap

    return textwrap.wrap(text, max(20, width), initial_indent=first, subsequent_indent=indent,
                         break_on_hyphens=False, break_long_words=False) or [first]


def table(columns: Sequence[Col], rows: Sequence[Sequence[str]], width: int | None,
          colors: Sequence[str | None] | None = None) -> list[str]:
    """The lines of a table of ``rows`` (cells are plain strings) fitted into ``width``.

    ``colors`` (one per row, for the first column) is applied after fitting, so escape codes never
    count as width.
    """
    cells = [[one_line(str(c)) for c in row] for row in rows]
    keep = list(range(len(columns)))
    hidden: list[str] = []

    def natural(index: int) -> int:
        return max([len(columns[index].name)] + [len(r[index]) for r in cells])

    def total(indexes: list[int], widths: dict[int, int]) -> int:
        return sum(widths[i] for i in indexes) + len(GAP) * (len(indexes) - 1)

    widths = {i: natural(i) for i in keep}
    if width is not None:
        for i in sorted((i for i in keep if columns[i].drop), key=lambda i: -columns[i].drop):
            if total(keep, widths) <= width:
                break
            keep.remove(i)
            hidden.append(columns[i].name)
    truncated = False
    if width is not None and total(keep, widths) > width:
        text_cols = [i for i in keep if columns[i].kind == "text"]
        room = width - total([i for i in keep if columns[i].kind != "text"], widths) - len(GAP) * len(text_cols)
        if not text_cols or room < MIN_TEXT * len(text_cols):
            return _blocks(columns, cells, width, colors)
        # Fair shares: columns narrower than their share keep their width, the rest split what is left.
        pending = sorted(text_cols, key=lambda i: widths[i])
        while pending:
            share = room // len(pending)
            i = pending.pop(0)
            widths[i] = min(widths[i], max(share, MIN_TEXT))
            room -= widths[i]
        truncated = True
    lines = [GAP.join(columns[i].name.ljust(widths[i]) for i in keep).rstrip()]
    for n, row in enumerate(cells):
        parts = []
        for i in keep:
            text = cut(row[i], widths[i]) if columns[i].kind == "text" else row[i]
            padded = text.ljust(widths[i])
            if i == keep[0] and colors is not None:
                padded = paint(text, colors[n]) + " " * (widths[i] - len(text))
            parts.append(padded)
        lines.append(GAP.join(parts).rstrip())
    if hidden or truncated:
        what = ", ".join(hidden) + (" and full values" if truncated else "") if hidden else "full values"
        lines.extend(wrap(f"(--wide or --json for {what})", width))
    return lines


def _blocks(columns: Sequence[Col], cells: list[list[str]], width: int, colors: Sequence[str | None] | None) -> list[str]:
    """One block per row: the key cells on the first line (never broken), the rest indented."""
    key_cols = [i for i, c in enumerate(columns) if c.kind == "key"] or [0]
    label = max(len(c.name) for c in columns)
    lines: list[str] = []
    for n, row in enumerate(cells):
        head = "  ".join(row[i] for i in key_cols)
        lines.append(paint(head, colors[n]) if colors is not None else head)
        for i, col in enumerate(columns):
            if i in key_cols or not row[i]:
                continue
            prefix = f"    {col.name.rjust(label)}: "
            body = wrap(row[i], width, " " * len(prefix))
            lines.append(prefix + body[0].lstrip())
            lines.extend(body[1:])
    return lines


def echo(lines: Sequence[str]) -> None:
    sys.stdout.write("".join(line + "\n" for line in lines))
