"""The repository index: functions, classes, methods, call sites, imports and class bases.

The evidence gate grounds its conditions here (ECLoop §3.1): the function an edit
touches (``symbol_at``), its callers (``callers_of``), related implementations
(``related``) and the tests that cover a file (``tests_for``). Facts are cached in
the repository's store, keyed by each file's sha256, so a re-index parses only what
changed; the hook indexes just the files an action touches (``index_file``).

The tables belong to the store (migration m005; every query is in ``store/index_tables.py``);
the functions here take the store's connection. Extraction is in ``gate/langs.py``, the only
module that imports tree-sitter, and only when a file needs parsing.
"""

from __future__ import annotations

import os
import stat
import time

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.actions.paths import is_test_path, relative_inside
from statewise_cli.fast.sha256 import sha256 as _sha256  # the builtin sha256: no OpenSSL load
from statewise_cli.fast.struct import Struct
from statewise_cli.gate.langs import CLASS_KINDS, EXTRACTOR_VERSION, LANG_BY_EXT
from statewise_cli.store import index_tables as tables
from statewise_cli.store.index_tables import CallSite, Symbol, ensure_schema

__all__ = [
    "CallSite",
    "IndexReport",
    "Related",
    "Symbol",
    "TestFile",
    "callers_of",
    "ensure_full_index",
    "ensure_schema",
    "find_symbols",
    "implementations",
    "import_closure",
    "imported_files",
    "index_file",
    "index_repository",
    "index_stats",
    "is_test_path",
    "related",
    "symbol_at",
    "symbols_in",
    "tests_for",
    "tests_reaching",
]

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterable
    from typing import Any

    from statewise_cli.gate.langs import FileFacts

MAX_FILE_BYTES = 1_000_000
SKIP_DIRS = frozenset({"node_modules", "vendor", "dist", "build", ".venv", "venv", "__pycache__", ".git"})
SKIP_SUFFIXES = (".min.js", ".bundle.js")
_BATCH_FILES = 200  # files per write transaction: hooks never wait long for the lock



class IndexReport(Struct):
    files: int  # candidate source files considered
    indexed: int  # (re)parsed and stored
    unchanged: int  # same content hash as the stored index
    deleted: int  # rows removed for files that are gone
    skipped: int  # too large, generated or unreadable
    parse_errors: int  # indexed files whose tree has syntax errors (indexed as far as possible)
    symbols: int  # facts written by this run
    calls: int
    imports: int
    bases: int
    seconds: float
    problems: tuple[str, ...]  # 'path: reason' for skipped files


class TestFile(Struct):
    path: str
    reason: str  # is-test | beside | same-package | imports


class Related(Struct):
    symbols: tuple[Symbol, ...] = ()  # what the qualified name resolved to
    bases: tuple[Symbol, ...] = ()  # ancestor classes (transitive)
    subclasses: tuple[Symbol, ...] = ()  # descendant classes (transitive)
    overrides: tuple[Symbol, ...] = ()  # same-named methods in ancestors and descendants
    siblings: tuple[Symbol, ...] = ()  # the other methods of the same class
    unresolved_bases: tuple[str, ...] = ()  # base names not defined in the repository


# ------------------------------------------------------------------------ listing
def _listed(root: str) -> list[str]:
    """Tracked plus untracked-but-not-ignored files, relative to ``root``."""
    import subprocess  # ~5 ms: not on the hook's index_file path

    try:
        proc = subprocess.run(
            ["git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            check=False, capture_output=True, timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        proc = None
    if proc is not None and proc.returncode == 0:
        return sorted({os.fsdecode(p) for p in proc.stdout.split(b"\0") if p})
    found: list[str] = []  # not a git repository: walk, skipping hidden directories
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in SKIP_DIRS]
        rel = os.path.relpath(dirpath, root)
        found.extend(name if rel == "." else f"{rel}/{name}".replace(os.sep, "/") for name in files)
    return sorted(found)


def _candidate(relpath: str) -> str | None:
    """The language of a file the index covers, or None."""
    dot = relpath.rfind(".")
    lang = LANG_BY_EXT.get(relpath[dot:]) if dot > 0 else None
    if lang is None or relpath.endswith(SKIP_SUFFIXES):
        return None
    if any(part in SKIP_DIRS for part in relpath.split("/")[:-1]):
        return None
    return lang


# ----------------------------------------------------------------------- indexing
def index_repository(
    conn: sqlite3.Connection, root: str, *, paths: Iterable[str] | None = None,
    on_progress: Callable[[int, int], None] | None = None, deadline: float | None = None,
) -> IndexReport:
    """Index the repository at ``root`` (or just ``paths``): parse changed files, drop deleted ones.

    ``deadline`` (a ``time.perf_counter()`` value) stops a run early, keeping what was parsed: the
    next run goes on from there (unchanged files cost a hash). A whole-repository run that finished
    is remembered (``full_index_at``)."""
    started = time.perf_counter()
    root = os.path.abspath(root)
    ensure_schema(conn)
    if paths is None:
        listed, scope = _listed(root), None
        known = tables.file_states(conn)
    else:
        listed = [rel for p in paths if (rel := relative_inside(p, root)) is not None]
        scope = set(listed)
        known = tables.file_states(conn, scope)
    candidates = [(rel, lang) for rel in dict.fromkeys(listed) if (lang := _candidate(rel)) is not None]
    total = len(candidates)
    counts = dict.fromkeys(("indexed", "unchanged", "skipped", "parse_errors", "symbols", "calls",
                            "imports", "bases"), 0)
    problems: list[str] = []
    present: set[str] = set()
    pending: list[tuple[str, tuple[Any, ...], FileFacts | None, str | None]] = []
    if on_progress:
        on_progress(0, total)
    cut = False
    for done, (rel, lang) in enumerate(candidates, 1):
        if deadline is not None and time.perf_counter() > deadline:
            cut = True
            break
        outcome = _examine(root, rel, lang, known.get(rel))
        if outcome is not None:
            present.add(rel)
            kind, file_row, facts = outcome
            if kind == "unchanged":
                counts["unchanged"] += 1
            else:
                counts["skipped" if kind == "skipped" else "indexed"] += 1
                if kind == "skipped":
                    problems.append(f"{rel}: {file_row[4]}")
                if facts is not None:
                    counts["parse_errors"] += facts.has_error
                    for name in ("symbols", "calls", "imports", "bases"):
                        counts[name] += len(getattr(facts, name))
                pending.append((rel, file_row, facts, known.get(rel, (None,))[0]))
                if len(pending) >= _BATCH_FILES:
                    tables.replace_files(conn, pending)
                    pending = []
        if on_progress:
            on_progress(done, total)
    tables.replace_files(conn, pending)
    gone = [] if cut else [p for p in known if p not in present and (scope is None or p in scope)]
    if gone:
        tables.delete_files(conn, gone)
    if paths is None and not cut:
        tables.set_full_index_at(conn, time.time())
    return IndexReport(files=total, deleted=len(gone), seconds=time.perf_counter() - started,
                       problems=tuple(problems), **counts)


def ensure_full_index(conn: sqlite3.Connection, root: str, budget_s: float = 1.5) -> bool:
    """The whole-repository index, on demand, within ``budget_s``: what the first commitment needs when
    the background index has not finished (or never ran). True once it is complete."""
    if tables.full_index_at(conn) is not None:
        return True
    index_repository(conn, root, deadline=time.perf_counter() + budget_s)
    return tables.full_index_at(conn) is not None


def index_file(conn: sqlite3.Connection, root: str, path: str) -> IndexReport:
    """Index one file now if its content changed (the hook's call for files an action touches)."""
    return index_repository(conn, root, paths=[path])


def _examine(
    root: str, rel: str, lang: str, previous: tuple[str | None, int] | None,
) -> tuple[str, tuple[Any, ...], FileFacts | None] | None:
    """('unchanged' | 'indexed' | 'skipped', index_files row, facts), or None when the file is gone."""
    full = os.path.join(root, rel)
    try:
        st = os.lstat(full)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):  # symlinks, submodules: not this repository's source
        return None
    now = time.time()
    if st.st_size > MAX_FILE_BYTES:
        if previous is not None and previous[0] is None:
            return ("unchanged", (), None)
        return ("skipped", (rel, lang, None, st.st_size, "too-large", 0, 0, EXTRACTOR_VERSION, now), None)
    try:
        with open(full, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        return ("skipped", (rel, lang, None, st.st_size, f"unreadable ({exc.strerror})", 0, 0,
                            EXTRACTOR_VERSION, now), None)
    digest = _sha256(data).hexdigest()
    if previous == (digest, EXTRACTOR_VERSION):
        return ("unchanged", (), None)
    head = data[:2048]
    if b"DO NOT EDIT" in head and b"enerated" in head:  # Go's and protoc's generated-code marker
        return ("skipped", (rel, lang, digest, len(data), "generated", 0, 0, EXTRACTOR_VERSION, now), None)
    from statewise_cli.gate.langs import extract

    facts = extract(lang, data, rel)
    row = (rel, lang, digest, len(data), "indexed", int(is_test_path(rel)), int(facts.has_error),
           EXTRACTOR_VERSION, now)
    return ("indexed", row, facts)



# ------------------------------------------------------------------------- queries
def _indexed_path(conn: sqlite3.Connection, path: str) -> str:
    """Paths are repository-relative; an absolute path becomes the longest indexed path it ends with."""
    if not os.path.isabs(path):
        return path.replace(os.sep, "/").removeprefix("./")
    return tables.longest_indexed_suffix(conn, path.replace(os.sep, "/")) or path


def symbols_in(conn: sqlite3.Connection, path: str) -> list[Symbol]:
    """Every symbol of a file, in source order."""
    return tables.symbols_of_file(conn, _indexed_path(conn, path))


def symbol_at(conn: sqlite3.Connection, path: str, line: int) -> Symbol | None:
    """The innermost symbol whose range covers ``line`` (1-based), or None at top level."""
    path = _indexed_path(conn, path)
    covering = tables.symbols_covering(conn, path, line)
    return max(covering, key=lambda s: (s.depth, s.start_line), default=None)


def find_symbols(conn: sqlite3.Connection, name: str) -> list[Symbol]:
    """Symbols named ``name`` (``method``), qualified ``name`` (``Class.method``) or
    module-qualified (``pkg.mod.Class.method``), across files."""
    found = tables.symbols_named(conn, name)
    if found or "." not in name:
        return found
    parts = name.split(".")
    for cut in range(1, len(parts)):
        module, qual = ".".join(parts[:cut]), ".".join(parts[cut:])
        found = [s for s in tables.symbols_by_qualname(conn, qual) if module in _module_keys(conn, s.path)]
        if found:
            return found
    return []


def callers_of(conn: sqlite3.Connection, name: str) -> list[CallSite]:
    """Call sites whose callee is the simple name of ``name`` (``Class.method`` -> ``method``)."""
    return tables.calls_to(conn, name.rsplit(".", 1)[-1])


def index_stats(conn: sqlite3.Connection) -> dict[str, int]:
    """Row counts of the index (for ``doctor`` and the benchmark)."""
    return tables.stats(conn)


def _module_keys(conn: sqlite3.Connection, path: str) -> set[str]:
    """What an import that refers to ``path`` looks like once resolved (index_imports.target)."""
    stem, _, ext = path.rpartition(".")
    if ext == "go":
        folder = os.path.dirname(path)
        return {folder} if folder else set()
    if ext != "py":
        keys = {stem}
        if stem.endswith("/index") or stem == "index":
            keys.add(os.path.dirname(stem))
        return keys
    parts = stem.split("/")
    if parts[-1] == "__init__":
        parts.pop()
    keys = {".".join(parts[i:]) for i in range(len(parts) - 1)}  # pkg.mod, src.pkg.mod, ...
    container = "/".join(parts[:-1])
    init = f"{container}/__init__.py" if container else "__init__.py"
    if parts and not tables.is_indexed(conn, init):
        keys.add(parts[-1])  # not inside a package: imported by its bare name
    return keys


def imported_files(conn: sqlite3.Connection, root: str, path: str, limit: int = 8) -> list[str]:
    """Repository files that the (indexed) imports of ``path`` resolve to — what the hook indexes on
    demand next to an edited file, so its base classes are known before the whole index exists."""
    path = _indexed_path(conn, path)
    ext = path.rpartition(".")[2]
    prefixes = [""]
    parts = path.split("/")[:-1]
    for i in range(1, len(parts) + 1):  # src layouts: "pkg.mod" may live under src/pkg/mod.py
        prefixes.append("/".join(parts[:i]) + "/")
    found: list[str] = []

    def add(rel: str) -> None:
        rel = os.path.normpath(rel)
        if rel not in found and rel != path and not rel.startswith("..") and os.path.isfile(os.path.join(root, rel)):
            found.append(rel)

    for target, names in tables.imports_of(conn, path):
        if len(found) >= limit:
            break
        if ext == "py":
            base = target.replace(".", "/")
            for prefix in prefixes:
                for cand in (f"{prefix}{base}.py", f"{prefix}{base}/__init__.py",
                             *(f"{prefix}{base}/{n}.py" for n in names[:4])):
                    add(cand)
        elif ext == "go":
            bits = target.split("/")
            for i in range(len(bits)):
                folder = os.path.join(root, *bits[i:])
                if os.path.isdir(folder):
                    for name in sorted(os.listdir(folder))[:limit]:
                        if name.endswith(".go") and not name.endswith("_test.go"):
                            add(os.path.join(*bits[i:], name))
                    break
        else:
            for suffix in (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", "/index.ts", "/index.js"):
                add(target + suffix)
    return found[:limit]


def _imports_module(imports: list[tuple[str, list[str]]], keys: set[str], go: bool) -> bool:
    for target, names in imports:
        if target in keys or any(f"{target}.{n}" in keys for n in names):
            return True
        if go and any(target.endswith("/" + k) for k in keys):
            return True  # Go: import "github.com/org/repo/pkg/x" is the folder pkg/x
    return False


def tests_for(conn: sqlite3.Connection, path: str) -> list[TestFile]:
    """Test files that cover ``path``: beside it by naming convention, or importing it."""
    path = _indexed_path(conn, path)
    if is_test_path(path):
        return [TestFile(path=path, reason="is-test")]
    folder, base = os.path.dirname(path), os.path.basename(path)
    stem, _, ext = base.rpartition(".")
    tests = tables.test_files(conn)
    found: dict[str, str] = {}
    for test in tests:
        t_folder, t_base = os.path.dirname(test), os.path.basename(test)
        if ext == "py":
            named = t_base in (f"test_{stem}.py", f"{stem}_test.py")
            if named and (t_folder == folder or {"tests", "test"} & set(t_folder.split("/"))):
                found[test] = "beside"
        elif ext == "go":
            if t_folder == folder and test.endswith("_test.go"):
                found[test] = "beside" if t_base == f"{stem}_test.go" else "same-package"
        else:
            t_stem = t_base.split(".")[0]
            near = t_folder == folder or t_folder == f"{folder}/__tests__".lstrip("/")
            if near and t_stem == stem:
                found[test] = "beside"
    keys = _module_keys(conn, path)
    if keys:
        parents = {k.rpartition(".")[0] for k in keys if "." in k}
        importers = tables.tests_importing(conn, keys, parents, folder if ext == "go" and folder else None)
        for test in importers:
            if test not in found and _imports_module(tables.imports_of(conn, test), keys, ext == "go"):
                found[test] = "imports"
    return [TestFile(path=p, reason=r) for p, r in sorted(found.items())]


def import_closure(conn: sqlite3.Connection, root: str, starts: Iterable[str], limit: int = 400,
                   memo: dict[str, list[str]] | None = None) -> set[str]:
    """Every repository file reachable from ``starts`` through imports (``import``, ``from … import``,
    ES ``import``, ``require``), the starts included. ``memo`` keeps each file's imports across calls."""
    memo = {} if memo is None else memo
    seen: set[str] = set()
    queue = list(starts)
    while queue and len(seen) < limit:
        path = queue.pop()
        if path in seen:
            continue
        seen.add(path)
        imported = memo.get(path)
        if imported is None:
            imported = memo[path] = imported_files(conn, root, path, limit=64)
        queue.extend(f for f in imported if f not in seen)
    return seen


def tests_reaching(conn: sqlite3.Connection, root: str, paths: Iterable[str], max_tests: int = 300,
                   ) -> dict[str, list[str]] | None:
    """For each of ``paths``, the test files that import it, directly or transitively; None when
    the repository has more tests than ``max_tests`` (unknown, never guessed)."""
    tests = tables.test_files(conn)
    if len(tests) > max_tests:
        return None
    memo: dict[str, list[str]] = {}
    closures = {t: import_closure(conn, root, [t], memo=memo) for t in tests}
    return {p: sorted(t for t, reach in closures.items() if p in reach) for p in paths}


def implementations(conn: sqlite3.Connection, path: str, class_qualname: str, method: str) -> list[Symbol]:
    """The other implementations of ``class_qualname.method`` in the class hierarchy: the definitions
    in its base classes, and the overrides in every class below the topmost base that defines it
    (the sibling overrides and the subclasses' own). Classes that only inherit it are not listed."""
    path = _indexed_path(conn, path)
    lang = tables.lang_of(conn, path)
    owners = [s for s in tables.symbols_by_qualname(conn, class_qualname)
              if s.kind in CLASS_KINDS and _same_unit(lang, s.path, path)]
    if not owners:
        return []
    up, _ = _walk(conn, owners, up=True)

    def defined_in(cls: Symbol) -> list[Symbol]:
        cl = tables.lang_of(conn, cls.path)
        return [s for s in tables.methods_of(conn, cls.qualname, named=method) if _same_unit(cl, s.path, cls.path)]

    found: list[Symbol] = []
    roots = list(owners)
    for cls in up:
        mine = defined_in(cls)
        if mine:
            found += mine
            roots.append(cls)
    down, _ = _walk(conn, roots, up=False)
    mine_keys = {(o.path, o.qualname) for o in owners}
    for cls in down:
        if (cls.path, cls.qualname) not in mine_keys:
            found += defined_in(cls)
    return [s for s in dict.fromkeys(found) if (s.path, s.parent) not in {(o.path, o.qualname) for o in owners}]


# ------------------------------------------------------------------------ hierarchy
def _same_unit(lang: str | None, a: str, b: str) -> bool:
    """Same file; in Go the unit is the package, i.e. the folder."""
    return a == b or (lang == "go" and os.path.dirname(a) == os.path.dirname(b))


def _resolve_class(conn: sqlite3.Connection, path: str, base_name: str) -> list[Symbol]:
    """The class ``base_name`` as seen from ``path``: same file (Go: package), else an imported
    module's, else a unique definition. Ambiguous names resolve to nothing (no guessed conditions)."""
    found = tables.classes_named(conn, base_name, CLASS_KINDS)
    if not found:
        return []
    lang = tables.lang_of(conn, path)
    local = [s for s in found if _same_unit(lang, s.path, path)]
    if local:
        return local
    imports = tables.imports_of(conn, path)
    imported = [s for s in found if _imports_module(imports, _module_keys(conn, s.path), lang == "go")]
    if imported:
        return imported
    return found if len({s.path for s in found}) == 1 else []


def _walk(conn: sqlite3.Connection, start: list[Symbol], up: bool) -> tuple[list[Symbol], list[str]]:
    """Ancestors (``up``) or descendants of the classes ``start``, breadth first."""
    seen = {(s.path, s.qualname) for s in start}
    queue, result, unresolved = list(start), list[Symbol](), list[str]()
    while queue and len(result) < 200:
        cls = queue.pop(0)
        if up:
            nxt = []
            for base_name in tables.base_names_of(conn, cls.path, cls.qualname):
                resolved = _resolve_class(conn, cls.path, base_name)
                nxt.extend(resolved)
                if not resolved and base_name not in unresolved:
                    unresolved.append(base_name)
        else:
            nxt = [
                sub
                for sub_path, sub_q in tables.classes_listing_base(conn, cls.name)
                if any(r.path == cls.path and r.qualname == cls.qualname for r in _resolve_class(conn, sub_path, cls.name))
                for sub in tables.symbols_by_qualname(conn, sub_q, sub_path)
            ]
        for found in nxt:
            if (found.path, found.qualname) not in seen:
                seen.add((found.path, found.qualname))
                result.append(found)
                queue.append(found)
    return result, unresolved


def related(conn: sqlite3.Connection, qualified_name: str, path: str | None = None) -> Related:
    """Base classes, subclasses, overrides of the same method up and down the hierarchy,
    and sibling methods, of the symbol ``qualified_name`` (optionally only the one in ``path``)."""
    if path is not None:
        symbols = tables.symbols_by_qualname(conn, qualified_name, _indexed_path(conn, path))
    else:
        symbols = find_symbols(conn, qualified_name)
    bases: list[Symbol] = []
    subclasses: list[Symbol] = []
    overrides: list[Symbol] = []
    siblings: list[Symbol] = []
    unresolved: list[str] = []
    for sym in symbols:
        if sym.kind == "method" and sym.parent:
            lang = tables.lang_of(conn, sym.path)
            owners = [s for s in tables.symbols_by_qualname(conn, sym.parent)
                      if s.kind in CLASS_KINDS and _same_unit(lang, s.path, sym.path)]
            siblings += [
                s for s in tables.methods_of(conn, sym.parent, except_named=sym.name)
                if _same_unit(lang, s.path, sym.path)
            ]
        elif sym.kind in CLASS_KINDS:
            owners = [sym]
        else:
            continue
        up, missing = _walk(conn, owners, up=True)
        down, _ = _walk(conn, owners, up=False)
        bases += up
        subclasses += down
        unresolved += missing
        if sym.kind == "method":
            for cls in up + down:
                lang = tables.lang_of(conn, cls.path)
                overrides += [
                    s for s in tables.methods_of(conn, cls.qualname, named=sym.name)
                    if _same_unit(lang, s.path, cls.path)
                ]

    def unique(items: list[Symbol]) -> tuple[Symbol, ...]:
        return tuple(dict.fromkeys(items))

    return Related(symbols=tuple(symbols), bases=unique(bases), subclasses=unique(subclasses),
                   overrides=unique(overrides), siblings=unique(siblings),
                   unresolved_bases=tuple(dict.fromkeys(unresolved)))
