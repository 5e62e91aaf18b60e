"""The record of files the agent's own tool calls wrote (Write, Edit, MultiEdit, NotebookEdit, apply_patch, a shell
command's writes), kept beside the store as ``written-files``: one ``time<TAB>session<TAB>absolute path`` line per
file, appended when the hook allows the call, the newest :data:`KEEP` kept.

A test runner executes test modules it discovers by itself (``pytest`` imports every ``test_*.py`` under the
directories it collects; ``go test`` compiles every ``*_test.go`` of the packages with its ``TestMain``; jest,
vitest, mocha, rspec, ``cargo test`` alike): the command line never names them. Reading every test file of a
project on each run would be slow and would judge the developer's own tests; the files the agent wrote are what it
could have planted, so those are read like any task file a tool runs (defence in depth, see the README). The record
is small and is read only when a command runs such a runner.
"""

from __future__ import annotations

import os
import time

RECORD = "written-files"
KEEP = 256
_COMPACT_AT = 64 * 1024  # bytes: rewrite the record with its newest KEEP files past this size

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


def written_paths(actions: Iterable[Any], cwd: str) -> list[str]:
    """The absolute paths the actions write (an edit's paths, a write's or a copy's destination)."""
    out: list[str] = []
    for action in actions:
        if not (action.kind == "edit" or action.operation in ("file.write", "file.create")):
            continue
        for path in (*(action.paths or ()), action.target or ""):
            if not path or not isinstance(path, str) or "$" in path or "`" in path or "*" in path:
                continue
            base = action.cwd if action.cwd and action.cwd.startswith("/") else os.path.join(cwd, action.cwd or "")
            full = os.path.normpath(os.path.join(base, os.path.expanduser(path)))
            if full not in out:
                out.append(full)
    return out


def note(directory: str, session_id: str | None, paths: list[str]) -> None:
    """Append ``paths`` to the record in ``directory`` (the store's directory); compact it when it has grown."""
    if not paths:
        return
    import fcntl

    os.makedirs(directory, exist_ok=True)
    record = os.path.join(directory, RECORD)
    session = (session_id or "-").replace("\t", " ").replace("\n", " ")
    now = f"{time.time():.3f}"
    data = "".join(f"{now}\t{session}\t{p}\n" for p in paths if "\n" not in p and "\t" not in p).encode("utf-8")
    fd = os.open(record, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, data)
        if os.fstat(fd).st_size > _COMPACT_AT:
            os.lseek(fd, 0, os.SEEK_SET)
            lines = os.read(fd, 1 << 22).decode("utf-8", "replace").splitlines()
            newest: dict[str, str] = {}
            for line in lines:
                parts = line.split("\t")
                if len(parts) == 3:
                    newest.pop(parts[2], None)
                    newest[parts[2]] = line
            keep = list(newest.values())[-KEEP:]
            os.ftruncate(fd, 0)
            os.write(fd, ("\n".join(keep) + "\n").encode("utf-8"))
    finally:
        os.close(fd)


def recorded(directory: str) -> list[str]:
    """The files of the record, oldest first, each once (the newest :data:`KEEP`)."""
    try:
        with open(os.path.join(directory, RECORD), "rb") as fh:
            text = fh.read(1 << 22).decode("utf-8", "replace")
    except FileNotFoundError:
        return []
    seen: dict[str, None] = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[2].startswith("/"):
            seen.pop(parts[2], None)
            seen[parts[2]] = None
    return list(seen)[-KEEP:]


# What each test runner executes of the files under the paths it runs: (test runner kind) -> predicate on a path.
def _python(path: str) -> bool:
    base = os.path.basename(path)
    # a test package's `__init__.py` is imported on discovery (unittest calls its `load_tests`)
    return base in ("conftest.py", "__init__.py") or base.endswith(".py") and (base.startswith("test") or base.endswith("_test.py"))


_JS_EXT = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")


def _js(path: str) -> bool:
    base = os.path.basename(path)
    if not base.endswith(_JS_EXT):
        return False
    stem = base.rsplit(".", 1)[0]
    parts = path.split(os.sep)
    return stem.endswith((".test", ".spec", "_test", "-test")) or "__tests__" in parts or (
        len(parts) > 1 and parts[-2] in ("test", "tests", "spec"))


def _ruby(path: str) -> bool:
    base = os.path.basename(path)
    return base.endswith(".rb") and (base.endswith(("_spec.rb", "_test.rb")) or base.startswith("test_")
                                     or base in ("spec_helper.rb", "rails_helper.rb", "test_helper.rb"))


# Prose and data no tool runs: everything else the agent wrote in a project is what a tool that executes its own
# configuration (plugins, hooks, setup files, task files, build backends) may load.
_PROSE = (".md", ".markdown", ".rst", ".txt", ".adoc", ".csv", ".log", ".lock", ".png", ".jpg", ".svg", ".gif", ".pdf")


def _project_code(path: str) -> bool:
    return not path.lower().endswith(_PROSE) and os.sep + ".git" + os.sep not in path


KINDS = {
    "python-modules": lambda p: p.endswith(".py"),  # `pytest --doctest-modules` imports every module it collects
    "project-code": _project_code,
    # `pytest --doctest-glob=PATTERN`: the text files it matches (README.md, docs/*.rst, test*.txt) run their examples
    "doctest-files": lambda p: p.lower().endswith((".md", ".markdown", ".rst", ".txt", ".py")),
    "python-tests": _python,
    "go-tests": lambda p: p.endswith(".go"),  # the package is compiled whole: an init() or TestMain of any file runs
    "js-tests": _js,
    "ruby-tests": _ruby,
    "rust-tests": lambda p: p.endswith(".rs"),
}


def run_by(kind: str, scopes: Iterable[tuple[str, bool]], directory: str) -> list[str]:
    """The recorded files a ``kind`` runner executes under ``scopes`` ((absolute path, recursive) pairs: a file named
    on the command line, or a directory it collects from), that still exist."""
    wanted = KINDS.get(kind)
    if wanted is None:
        raise ValueError(f"unknown test runner kind {kind!r}")
    scopes = list(scopes)
    out = []
    for path in recorded(directory):
        if not wanted(path) or not os.path.isfile(path):
            continue
        for scope, recursive in scopes:
            parent = os.path.dirname(path)
            if path == scope or (recursive and (parent == scope or parent.startswith(scope.rstrip(os.sep) + os.sep))) \
                    or (not recursive and parent == scope) \
                    or (kind == "python-tests" and os.path.basename(path) == "conftest.py"
                        and (scope == parent or scope.startswith(parent.rstrip(os.sep) + os.sep))):
                out.append(path)
                break
    return out
