"""A task the project's docs say how to run now, when the action's own way can no longer run.

The premise of ``expo build:android …`` or ``make flash`` is "this program (or this runner's file) is still how the
project does it". When the program is not installed, or the runner's file (Makefile, justfile, Taskfile) is gone
from the action's directory, the project's documents (README, CONTRIBUTING, ``docs/``) are read for a command in a
code span that runs another, installed program and names the same task — a word of the action's operands
(``flash``, ``build``, ``android``): that command is the alternative (``idf.py -p /dev/ttyUSB0 flash``,
``eas build --platform android --profile production``). A documented command that chains further bare targets
after the task's last word (``… flash monitor``) is cut after it: the action asked for that task only.

File reads only; nothing denies unless a document names a command for the task.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_DOCS = ("README.md", "README.rst", "CONTRIBUTING.md", "DEVELOPING.md", "DEVELOPMENT.md", "BUILDING.md", "HACKING.md")
_DIRS = ("docs", "doc")
_RUNNER_FILES = {"make": ("Makefile", "makefile", "GNUmakefile"), "just": ("justfile", "Justfile", ".justfile"),
                 "task": ("Taskfile.yml", "Taskfile.yaml", "taskfile.yml")}
# Operand words that name no task (options' values that are everywhere, generic verbs).
_GENERIC = frozenset({"run", "the", "a", "to", "and", "all", "--", "-", "true", "false", "yes", "no", "on", "off"})


def _spans(root: str, directory: str) -> list[tuple[str, str]]:
    import re

    from statewise_cli.recovery.premises import _read

    found: list[tuple[str, str]] = []
    for path in _doc_paths(root, directory):
        text = _read(path, 200_000) if os.path.isfile(path) else None
        if not text:
            continue
        rel = os.path.relpath(path, root)
        for m in re.finditer(r"`([^`\n]{3,160})`", text):
            found.append((rel, " ".join(m.group(1).split())))
    return found


def _doc_paths(root: str, directory: str) -> list[str]:
    paths: list[str] = []
    for base in dict.fromkeys((directory, root)):
        paths += [os.path.join(base, n) for n in _DOCS]
        for sub in _DIRS:
            try:
                paths += [os.path.join(base, sub, n) for n in sorted(os.listdir(os.path.join(base, sub)))[:40]
                          if n.endswith((".md", ".rst", ".txt", ".adoc"))]
            except OSError:
                continue
    return list(dict.fromkeys(paths))


def _mentioned(root: str, directory: str, task: set[str]) -> bool:
    """A document holds a code span and one of the task's words (plain string search, no module imported)."""
    from statewise_cli.recovery.premises import _read

    for path in _doc_paths(root, directory):
        text = (_read(path, 200_000) or "") if os.path.isfile(path) else ""
        if "`" in text and any(w in text.lower() for w in task):
            return True
    return False


def _task_words(words: list[str]) -> set[str]:
    out: set[str] = set()
    for w in words[1:]:
        if w.startswith("-") or "=" in w:
            continue
        for part in w.replace(":", " ").replace("/", " ").split():
            if len(part) >= 3 and part.lower() not in _GENERIC and not part.isdigit():
                out.add(part.lower())
    return out


def _pieces(word: str) -> set[str]:
    """The directory and file-stem words of a path-like word (``inventory/staging.py`` → inventory, staging)."""
    out: set[str] = set()
    if "/" not in word:
        return out
    for part in word.replace(":", "/").split("/"):
        stem = part.rsplit(".", 1)[0] if "." in part[1:] else part
        if len(stem) >= 3 and stem not in _GENERIC and not stem.isdigit():
            out.add(stem)
    return out


def documented_task_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    if not words:
        return None
    program = os.path.basename(words[0])
    if os.sep in words[0] or program in ("git", "cd", "echo", "cat", "ls"):
        return None
    if action.operation.startswith("run.") and program not in _RUNNER_FILES:
        return None  # a project runner (npm test, pytest): its own premises read it
    task = _task_words(words)
    if not task or not _mentioned(ctx.root, directory, task):
        return None  # cheap: no document names the task in a code span
    from statewise_cli.recovery.installed import installed
    from statewise_cli.recovery.premises import _premise

    files = _RUNNER_FILES.get(program)
    if files is not None:
        if any(os.path.exists(os.path.join(directory, f)) for f in files) or len(words) < 2:
            return None
        why = f"no {files[0]} in {os.path.relpath(directory, ctx.root) if directory != ctx.root else 'the repository'}"
    elif not installed(program, ctx, directory):
        why = f"`{program}` is not installed here"
    else:
        return None
    best: tuple[int, int, str, str] | None = None
    for rel, span in _spans(ctx.root, directory):
        parts = span.split()
        head = parts[0]
        if head in ("$", ">") and len(parts) > 1:
            parts = parts[1:]
            head = parts[0]
        if os.path.basename(head) == program or "<" in span or "…" in span or "..." in span:
            continue
        if not (installed(os.path.basename(head), ctx, directory) or os.path.isfile(os.path.join(ctx.root, head))):
            continue
        lowered = [p.lower() for p in parts]
        # a word is shared whole, or as the parts of a path (`inventory/staging` and `inventory/staging.py`)
        pieces = [{p} | _pieces(p) for p in lowered]
        shared = task & set().union(*pieces[1:]) if len(pieces) > 1 else set()
        if not shared:
            continue
        last = max(i for i, p in enumerate(pieces) if p & shared)
        tail = parts[last + 1:]
        command = " ".join(parts[:last + 1]) if tail and all(not t.startswith("-") and t.isalpha() for t in tail) \
            else " ".join(parts)
        key = (len(shared), -len(command.split()), rel, command)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:
        return None
    _n, _l, rel, command = best
    return _premise(action, "command.documented", " ".join(words[:3]), command, "repo.docs",
                    f"{why}; {rel} runs this task as `{command}`", f"`{command}`",
                    f"`{program}` is how this project runs it")


def documented_program(ctx: Any, directory: str, name: str) -> str | None:
    """A command the docs write whose program is ``name`` under a longer or wrapped name (``bin/standardrb --fix``
    for standard, ``./gradlew`` for gradle) and that runs here (installed, or a file of the repository)."""
    from statewise_cli.recovery.installed import installed

    found: list[str] = []
    for _rel, span in _spans(ctx.root, directory):
        parts = span.split()
        if parts[0] in ("$", ">") and len(parts) > 1:
            parts = parts[1:]
        base = os.path.basename(parts[0]).lower()
        if not base.startswith(name.lower()) or "<" in span or "…" in span:
            continue
        if os.sep in parts[0] and not os.path.isfile(os.path.join(ctx.root, parts[0])):
            continue
        if os.sep not in parts[0] and not installed(parts[0], ctx, directory):
            continue
        found.append(" ".join(parts))
    if not found:
        return None
    return max(dict.fromkeys(found), key=lambda c: (len(c.split()) > 1, found.count(c)))
