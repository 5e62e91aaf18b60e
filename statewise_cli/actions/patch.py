"""Parse Codex's ``apply_patch`` envelope: which files a patch adds, updates, deletes or moves.

    *** Begin Patch
    *** Update File: src/app.py
    *** Move to: src/main_app.py
    @@ def main():
    -    old
    +    new
    *** End Patch

Hunks carry no line numbers; changed lines are reported by their content, and
the ``@@`` context line (often a ``def``/``class`` header) is kept so callers can
locate the change.
"""

from __future__ import annotations

from statewise_cli.fast.struct import Struct

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any


class FileChange(Struct):
    op: str  # add | update | delete
    path: str
    move_to: str | None = None
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    contexts: tuple[str, ...] = ()  # the text after each "@@"
    lines: tuple[str, ...] = ()  # the hunk lines in order, with their " ", "+" or "-" prefix


class PatchError(ValueError):
    pass


def parse_patch(text: str) -> list[FileChange]:
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == "*** Begin Patch"), None)
    if start is None:
        raise PatchError("no '*** Begin Patch' line")
    changes: list[FileChange] = []
    current: dict[str, Any] | None = None

    def close() -> None:
        if current is not None:
            changes.append(FileChange(
                current["op"], current["path"], current["move_to"],
                tuple(current["added"]), tuple(current["removed"]), tuple(current["contexts"]), tuple(current["lines"]),
            ))

    for line in lines[start + 1:]:
        if line.strip() == "*** End Patch":
            break
        header = None
        for op, marker in (("add", "*** Add File: "), ("update", "*** Update File: "), ("delete", "*** Delete File: ")):
            if line.startswith(marker):
                header = (op, line[len(marker):].strip())
        if header:
            close()
            current = {"op": header[0], "path": header[1], "move_to": None, "added": [], "removed": [], "contexts": [],
                       "lines": []}
            continue
        if current is None:
            continue
        if line.startswith("*** Move to: "):
            current["move_to"] = line[len("*** Move to: "):].strip()
        elif line.startswith("@@"):
            current["contexts"].append(line[2:].strip())
        elif line.startswith(("+", "-", " ")):
            current["lines"].append(line)
            if line[0] == "+":
                current["added"].append(line[1:])
            elif line[0] == "-":
                current["removed"].append(line[1:])
    close()
    return changes
