"""Regular expressions whose compiled form outlives the process.

Memory extraction holds a few hundred patterns, and compiling them (``re``'s parser and code generator,
pure Python) is most of a fresh ``import-memory``: Python's own pattern cache lives and dies with the
process, and the hook and the CLI are short-lived processes. This module keeps what the compiler makes
of each pattern — its code words, group count and group names — in one file per Python build under
statewise's state directory (``<state>/cache/re-<build>.bin``), and builds a pattern from it with
``_sre.compile``, the step ``re.compile`` ends with, in microseconds.

A pattern built this way is the pattern ``re.compile`` makes (CPython compares patterns by flags and
code, and a self-test checks that once per process before the file is used); any surprise — another
interpreter, a file that does not read, an entry ``_sre`` refuses — falls back to ``re.compile``, so the
file only ever saves time. Only patterns written in the code go through here (the callers' module-level
and literal patterns): a pattern built from a memory file's text is compiled by ``re`` as before, and no
text of a memory file is written to the cache.

The functions mirror ``re``'s (``search``, ``match``, ``sub``, …): a module calls ``rx.search(r"…", text)`` for
a literal pattern where it would call ``re.search``.
"""

from __future__ import annotations

import os
import re
from re import Match, Pattern
from typing import Any

MAX_ENTRIES = 4000  # a bound on the file: the code's own patterns are a few hundred

_compiled: dict[tuple[str, int], Pattern[str]] = {}
_disk: dict[tuple[str, int], Any] | None = None  # entries read from the file (None: not read yet)
_new: dict[tuple[str, int], Any] = {}  # entries this process made, to be written
_state: list[Any] = [None]  # [usable] once the self-test ran: True, or False (then ``re.compile`` only)


def _build_key() -> str:
    import _sre  # type: ignore[import-not-found]
    import hashlib
    import sys

    ident = f"{sys.implementation.cache_tag}|{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}"
    return hashlib.sha256(ident.encode()).hexdigest()[:16]


def cache_path(env: Any = None) -> str:
    from statewise_cli.config.paths import state_home

    return os.path.join(state_home(os.environ if env is None else env), "cache", f"re-{_build_key()}.bin")


def _entry(source: str, flags: int) -> tuple[Any, ...]:
    """What ``re``'s compiler makes of ``source``: the arguments ``_sre.compile`` takes after the pattern."""
    from array import array
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(source, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    words = array(_typecode(), code).tobytes()
    return flags | parsed.state.flags, words, parsed.state.groups - 1, groupindex, tuple(indexgroup)


def _typecode() -> str:
    import _sre
    from array import array

    for code in ("I", "L", "H"):
        if array(code).itemsize == _sre.CODESIZE:
            return code
    raise RuntimeError("no array type of the pattern code's size")


def _from_entry(source: str, entry: tuple[Any, ...]) -> Pattern[str]:
    import _sre
    from array import array

    flags, words, groups, groupindex, indexgroup = entry
    if not (isinstance(flags, int) and isinstance(words, bytes) and isinstance(groups, int)
            and isinstance(groupindex, dict) and isinstance(indexgroup, tuple)):
        raise TypeError("not a cache entry")
    code = array(_typecode())
    code.frombytes(words)
    pattern: Pattern[str] = _sre.compile(source, flags, code.tolist(), groups, groupindex, indexgroup)
    return pattern


def _usable() -> bool:
    """Once per process: does this interpreter's compiler work the way :func:`_entry` assumes?"""
    if _state[0] is None:
        try:
            probe = r"(?i)(?P<word>\w+)\s+(?:to|on)\s+`?(main|master)`?|^\d+[.)]\s*(?P=word)$"
            _state[0] = _from_entry(probe, _entry(probe, 0)) == re.compile(probe)
        except Exception:  # noqa: BLE001 - another interpreter: re.compile alone
            _state[0] = False
    return bool(_state[0])


def _read() -> dict[tuple[str, int], Any]:
    global _disk
    if _disk is None:
        _disk = {}
        try:
            import marshal

            with open(cache_path(), "rb") as fh:
                loaded = marshal.load(fh)
            if isinstance(loaded, dict):
                _disk = loaded
        except Exception:  # noqa: BLE001, S110 - no file, or one that does not read: compile as if empty
            pass
    return _disk


def compile(pattern: str | Pattern[str], flags: int = 0) -> Pattern[str]:
    """``re.compile(pattern, flags)``, from the cache when this interpreter compiled it before."""
    if not isinstance(pattern, str):
        return re.compile(pattern, flags)
    key = (pattern, int(flags))
    found = _compiled.get(key)
    if found is not None:
        return found
    compiled: Pattern[str] | None = None
    if _usable():
        entry = _read().get(key)
        if entry is not None:
            try:
                compiled = _from_entry(pattern, entry)
            except Exception:  # noqa: BLE001 - an entry _sre refuses: compiled afresh below
                compiled = None
        if compiled is None:
            try:
                entry = _entry(pattern, int(flags))
                compiled = _from_entry(pattern, entry)
                if len(_new) + len(_read()) < MAX_ENTRIES:
                    _new[key] = entry
            except re.error:
                raise
            except Exception:  # noqa: BLE001 - the compiler changed under us: re.compile decides
                compiled = None
    if compiled is None:
        compiled = re.compile(pattern, flags)
    _compiled[key] = compiled
    return compiled


def flush() -> None:
    """Write the patterns this process compiled to the cache file (merged with what is there); never raises."""
    if not _new:
        return
    try:
        import marshal
        import tempfile

        path = cache_path()
        merged = dict(_read())
        try:
            with open(path, "rb") as fh:
                current = marshal.load(fh)  # another process may have written since this one read
            if isinstance(current, dict):
                merged.update(current)
        except Exception:  # noqa: BLE001, S110 - nothing there yet
            pass
        merged.update(_new)
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".re-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                marshal.dump(merged, fh)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
        if _disk is not None:
            _disk.update(_new)
        _new.clear()
    except Exception:  # noqa: BLE001 - a cache that cannot be written costs time, never a result
        _new.clear()


def search(pattern: str, string: str, flags: int = 0) -> Match[str] | None:
    return compile(pattern, flags).search(string)


def match(pattern: str, string: str, flags: int = 0) -> Match[str] | None:
    return compile(pattern, flags).match(string)


def fullmatch(pattern: str, string: str, flags: int = 0) -> Match[str] | None:
    return compile(pattern, flags).fullmatch(string)


def sub(pattern: str, repl: Any, string: str, count: int = 0, flags: int = 0) -> str:
    return compile(pattern, flags).sub(repl, string, count)


def subn(pattern: str, repl: Any, string: str, count: int = 0, flags: int = 0) -> tuple[str, int]:
    return compile(pattern, flags).subn(repl, string, count)


def split(pattern: str, string: str, maxsplit: int = 0, flags: int = 0) -> list[Any]:
    return compile(pattern, flags).split(string, maxsplit)


def findall(pattern: str, string: str, flags: int = 0) -> list[Any]:
    return compile(pattern, flags).findall(string)


def finditer(pattern: str, string: str, flags: int = 0) -> Any:
    return compile(pattern, flags).finditer(string)
