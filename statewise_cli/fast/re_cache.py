r"""Regular expressions whose compiled form outlives the process.

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

Each entry also keeps the pattern's *needles*, read off the parsed pattern when it is compiled: a few
strings one of which every match contains (``\b(?:never|do not)\s+push`` needs ``push``). A text holding
none of them cannot match, so :func:`search` and the rest answer "no match" without running the pattern
(:func:`may_match`). The needles are ASCII and compared with the text lowercased, after folding the four
characters ``re`` matches to an ASCII letter when it ignores case (``ı``, ``İ``, ``ſ``, the Kelvin sign): a
match is never missed, only a scan saved.

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
_needles: dict[tuple[str, int], tuple[str, ...] | None] = {}  # per compiled pattern (None: no prefilter)
FORMAT = 2  # of the file's entries: (flags, code, groups, groupindex, indexgroup, needles)


def _build_key() -> str:
    import _sre  # type: ignore[import-not-found]
    import hashlib
    import sys

    ident = f"{sys.implementation.cache_tag}|{sys.version}|{_sre.MAGIC}|{_sre.CODESIZE}"
    return hashlib.sha256(ident.encode()).hexdigest()[:16]


def cache_path(env: Any = None) -> str:
    from statewise_cli.config.paths import state_home

    return os.path.join(state_home(os.environ if env is None else env), "cache", f"re-{_build_key()}-{FORMAT}.bin")


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
    all_flags = flags | parsed.state.flags
    return (all_flags, words, parsed.state.groups - 1, groupindex, tuple(indexgroup),
            _needles_of(parsed, bool(all_flags & re.IGNORECASE)))


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

    flags, words, groups, groupindex, indexgroup, needles = entry
    if not (isinstance(flags, int) and isinstance(words, bytes) and isinstance(groups, int)
            and isinstance(groupindex, dict) and isinstance(indexgroup, tuple)
            and (needles is None or isinstance(needles, tuple) and all(isinstance(n, str) and n for n in needles))):
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
        if compiled is not None and entry is not None:
            _needles[key] = entry[5]
    if compiled is None:
        compiled = re.compile(pattern, flags)
    _compiled[key] = compiled
    return compiled


def needles(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """The needles of a pattern :func:`compile` made (None: none known, run the pattern on every text)."""
    return _needles.get((pattern, int(flags)))


# The characters ``re`` matches to an ASCII letter when it ignores case, besides the letters' own cases (all of
# Unicode checked: tests/test_memory_import_cost.py).
_FOLD = {0x130: "i", 0x131: "i", 0x17F: "s", 0x212A: "k"}
_lowered: list[str] = ["", ""]  # the last text asked about and its folded lowercase: the patterns of one line


def may_match(found: tuple[str, ...], text: str) -> bool:
    """Whether ``text`` holds one of the needles ``found`` (then a pattern may match it; otherwise it cannot)."""
    if text is _lowered[0]:
        low = _lowered[1]
    else:
        low = (text if text.isascii() else text.translate(_FOLD)).lower()
        _lowered[0], _lowered[1] = text, low
    for needle in found:
        if needle in low:
            return True
    return False


_TOO_MANY = 24  # strings in a set of alternatives before it stops being a useful needle set


def _needles_of(parsed: Any, ignorecase: bool) -> tuple[str, ...] | None:
    """Strings (ASCII, lowercase) one of which every match of the parsed pattern contains, or None."""
    exact, need = _sequence(parsed.data, ignorecase)
    need = _better(need, exact)
    if not need or min(len(n) for n in need) < 3:
        return None
    return tuple(sorted(n for n in need if not any(m != n and m in n for m in need)))  # "push" covers "pushed"


def _better(a: set[str] | None, b: set[str] | None) -> set[str] | None:
    """The more selective of two needle sets (longer shortest string, then fewer strings); an empty string
    in a set makes it useless (every text holds it)."""
    if not a or len(a) > _TOO_MANY or "" in a:
        a = None
    if not b or len(b) > _TOO_MANY or "" in b:
        return a
    if a is None:
        return b
    return a if (min(map(len, a)), -len(a)) >= (min(map(len, b)), -len(b)) else b


def _joined(a: set[str], b: set[str]) -> set[str] | None:
    if len(a) * len(b) > _TOO_MANY:
        return None
    return {x + y for x in a for y in b}


def _sequence(items: Any, ic: bool) -> tuple[set[str] | None, set[str] | None]:
    """(the strings the sequence matches, when they are few, else None; its best needle set, else None)."""
    need: set[str] | None = None
    run: set[str] = {""}  # what the current run of items with few strings matches
    whole: set[str] | None = {""}
    for op, av in items:
        exact, inner = _node(op, av, ic)
        need = _better(need, inner)
        if exact is None:
            need = _better(need, run)
            run, whole = {""}, None
            continue
        joined = _joined(run, exact)
        if joined is None:
            need = _better(need, run)
        run = joined if joined is not None else exact
        whole = _joined(whole, exact) if whole is not None else None
    return whole, _better(need, run)


def _node(op: Any, av: Any, ic: bool) -> tuple[set[str] | None, set[str] | None]:
    from re import _constants as c  # type: ignore[attr-defined]

    if op is c.LITERAL:
        char = chr(av)
        return ({char.lower()}, None) if char.isascii() else (None, None)
    if op is c.IN:
        chars = [chr(v) for o, v in av if o is c.LITERAL]
        if len(chars) == len(av) and len(chars) <= 4 and all(ch.isascii() for ch in chars):
            return {ch.lower() for ch in chars}, None  # `[sS]`
        return None, None
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):
        return {""}, None  # matches no character
    if op is c.SUBPATTERN:
        _group, add, remove, sub = av
        return _sequence(sub.data, (ic or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE)
    if op is c.ATOMIC_GROUP:
        return _sequence(av.data, ic)
    if op is c.BRANCH:
        results = [_sequence(sub.data, ic) for sub in av[1]]
        exact: set[str] | None = set()
        need: set[str] | None = set()
        for one, inner in results:
            exact = exact | one if exact is not None and one is not None else None
            best = _better(inner, one)
            need = need | best if need is not None and best is not None else None
        if exact is not None and len(exact) > _TOO_MANY:
            exact = None
        return exact, need
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        low, high, sub = av
        one, inner = _sequence(sub.data, ic)
        if low == 0:
            return ({""} | one if high == 1 and one is not None else None), None
        return (one if low == high == 1 else None), _better(inner, one)
    return None, None  # any character, a class, a back reference, a conditional: no string known


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


def _none_possible(pattern: str, flags: int, string: str) -> bool:
    found = _needles.get((pattern, int(flags))) if isinstance(pattern, str) else None
    return found is not None and not may_match(found, string)


def search(pattern: str, string: str, flags: int = 0) -> Match[str] | None:
    compiled = compile(pattern, flags)
    return None if _none_possible(pattern, flags, string) else compiled.search(string)


def match(pattern: str, string: str, flags: int = 0) -> Match[str] | None:
    compiled = compile(pattern, flags)
    return None if _none_possible(pattern, flags, string) else compiled.match(string)


def fullmatch(pattern: str, string: str, flags: int = 0) -> Match[str] | None:
    compiled = compile(pattern, flags)
    return None if _none_possible(pattern, flags, string) else compiled.fullmatch(string)


def sub(pattern: str, repl: Any, string: str, count: int = 0, flags: int = 0) -> str:
    compiled = compile(pattern, flags)
    return string if _none_possible(pattern, flags, string) else compiled.sub(repl, string, count)


def subn(pattern: str, repl: Any, string: str, count: int = 0, flags: int = 0) -> tuple[str, int]:
    compiled = compile(pattern, flags)
    return (string, 0) if _none_possible(pattern, flags, string) else compiled.subn(repl, string, count)


def split(pattern: str, string: str, maxsplit: int = 0, flags: int = 0) -> list[Any]:
    compiled = compile(pattern, flags)
    return [string] if _none_possible(pattern, flags, string) else compiled.split(string, maxsplit)


def findall(pattern: str, string: str, flags: int = 0) -> list[Any]:
    compiled = compile(pattern, flags)
    return [] if _none_possible(pattern, flags, string) else compiled.findall(string)


def finditer(pattern: str, string: str, flags: int = 0) -> Any:
    compiled = compile(pattern, flags)
    return iter(()) if _none_possible(pattern, flags, string) else compiled.finditer(string)
