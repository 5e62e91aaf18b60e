"""Paths as the project speaks of them: relative to the repository root, and whether a path is a test.

One relativiser and one test-path rule for the hook, the gate, the repository index, the transcript
reader and the audit. Pure string work plus ``os.path``: nothing here imports ``re``.
"""

from __future__ import annotations

import os

# Directories whose files are tests (or test support: fixtures, helpers, conftest, Go's testdata, jest's mocks).
TEST_DIRS = frozenset({"tests", "test", "__tests__", "spec", "testdata", "__mocks__", "__fixtures__", "__snapshots__"})
_JS_EXTS = (".ts", ".js", ".tsx", ".jsx", ".mts", ".cts", ".mjs", ".cjs")
# Compiled languages whose test files are named, not placed: ``parser_test.cc``, ``test_buffer.c``,
# ``reader_unittest.cpp``, ``lexer_tests.rs``, ``FooTest.java``.
_NATIVE_EXTS = (".c", ".cc", ".cpp", ".cxx", ".c++", ".h", ".hh", ".hpp", ".rs", ".go", ".java", ".kt", ".scala", ".swift",
                ".zig", ".m", ".mm")
_NATIVE_TEST_SUFFIXES = ("_test", "_tests", "_unittest", "_unittests", "_spec")
_JVM_TEST_SUFFIXES = ("Test", "Tests", "TestCase")


def is_test_path(path: str) -> bool:
    """Whether ``path`` is a test file: under a test directory (``tests/``, ``test/``, ``__tests__/``,
    ``spec/``, ``testdata/``, ``__mocks__/``), or named like one (``test_*.py``, ``*_test.py``, ``tests.py``,
    ``conftest.py``, ``*_test.go``, ``*.test.{ts,js,tsx,jsx}``, ``*.spec.*``, ``*_spec.rb``; in C, C++, Rust and
    the other compiled languages ``*_test.cc``, ``test_*.c``, ``*_unittest.cpp``, ``*_tests.rs``, Rust's
    ``tests.rs`` module, ``*Test.java``)."""
    parts = [p for p in path.replace("\\", "/").split("/") if p and p != "."]
    if not parts:
        return False
    name = parts[-1]
    if any(part in TEST_DIRS for part in parts[:-1]):
        return True
    if name.endswith(".py"):
        return name.startswith("test_") or name.endswith("_test.py") or name in ("conftest.py", "tests.py")
    if name.endswith(("_test.go", "_spec.rb")):
        return True
    stem, dot, ext = name.rpartition(".")
    if not dot:
        return False
    if name.endswith(_NATIVE_EXTS):
        return (stem.lower().endswith(_NATIVE_TEST_SUFFIXES) or stem.lower().startswith("test_") or name == "tests.rs"
                or (ext in ("java", "kt", "scala", "swift") and stem.endswith(_JVM_TEST_SUFFIXES)))
    if stem.endswith(".spec") or ".spec." in stem:
        return True  # *.spec.*
    return stem.endswith(".test") and name.endswith(_JS_EXTS)


def relative(path: str | None, root: str | None) -> str:
    """``path`` (absolute, or relative to ``root``) as a repository path with ``/`` separators.

    A path outside ``root`` (or any path when there is no root) comes back normalised as it was
    given. An empty path is ``""``.
    """
    path = (path or "").strip()
    if not path:
        return ""
    if root:
        rel = _inside(root, path if os.path.isabs(path) else os.path.join(root, path), resolve=False)
        if rel is not None:
            return rel
        return path if os.path.isabs(path) else os.path.normpath(path).replace(os.sep, "/")
    return os.path.normpath(path).replace(os.sep, "/")


def relative_inside(path: str | None, root: str) -> str | None:
    """Like :func:`relative`, but None for a path outside ``root`` (symbolic links in ``root`` or
    the path are resolved before giving up) and for an empty path."""
    path = (path or "").strip()
    if not path:
        return None
    return _inside(root, path if os.path.isabs(path) else os.path.join(root, path), resolve=True)


def _inside(root: str, full: str, *, resolve: bool) -> str | None:
    pairs = [(root, full)]
    if resolve:
        pairs.append((os.path.realpath(root), os.path.realpath(full)))
    for base, target in pairs:
        try:
            rel = os.path.relpath(target, base)
        except ValueError:  # another drive (Windows)
            continue
        rel = rel.replace(os.sep, "/")
        if rel != ".." and not rel.startswith("../"):
            return rel
    return None
