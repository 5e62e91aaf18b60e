"""The repository index's tables: index_files, index_symbols, index_calls, index_imports, index_bases.

Every read and write of those tables is here; ``gate/index.py`` decides what to parse and how to
resolve names, and calls these functions with the store's connection (or, in tests and benchmarks,
a bare one: ``ensure_schema`` gives it the tables from the one definition, migration m005).
Rows come back as the typed ``Symbol`` and ``CallSite``, or as plain tuples for file facts.
"""

from __future__ import annotations

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)
from statewise_cli.fast.struct import Struct

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Iterable
    from typing import Any

FACT_TABLES = ("index_symbols", "index_calls", "index_imports", "index_bases")


class Symbol(Struct):
    """A function, method or class of an indexed file (a row of index_symbols)."""

    path: str
    name: str
    qualname: str  # Class.method, outer.inner, Type.Method (Go receiver)
    kind: str  # function | method | class | interface | struct
    start_line: int  # 1-based, decorators included
    end_line: int
    parent: str | None = None  # qualname of the enclosing symbol
    depth: int = 0


class CallSite(Struct):
    """A call of a simple name (a row of index_calls)."""

    path: str
    line: int
    caller: str | None  # qualname of the innermost enclosing symbol, None at top level
    callee: str
    qualifier: str | None = None  # receiver expression as written (self, os.path)


# --------------------------------------------------------------------- schema
def has_schema(conn: sqlite3.Connection) -> bool:
    return conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'index_bases'").fetchone() is not None


def ensure_schema(conn: sqlite3.Connection) -> None:
    """The index tables on a connection that lacks them (a store has them from migration m005)."""
    if has_schema(conn):
        return
    from statewise_cli.store.migrations import INDEX_SCHEMA

    with write(conn):
        for statement in INDEX_SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)


class write:
    """One ``BEGIN IMMEDIATE`` transaction, or the caller's if one is open."""

    __slots__ = ("conn", "own")

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn, self.own = conn, not conn.in_transaction

    def __enter__(self) -> sqlite3.Connection:
        if self.own:
            self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if self.own:
            self.conn.execute("ROLLBACK" if exc_type is not None else "COMMIT")


# --------------------------------------------------------------------- files
def file_states(conn: sqlite3.Connection, paths: Iterable[str] | None = None) -> dict[str, tuple[str | None, int]]:
    """path -> (sha256, extractor) of the indexed files (all, or just ``paths``)."""
    query = "SELECT path, sha256, extractor FROM index_files"
    if paths is None:
        return {row[0]: (row[1], row[2]) for row in conn.execute(query)}
    return {row[0]: (row[1], row[2]) for rel in paths for row in conn.execute(query + " WHERE path = ?", (rel,))}


def replace_files(conn: sqlite3.Connection, pending: list[tuple[str, tuple[Any, ...], Any, str | None]]) -> None:
    """Store parsed files in one transaction: (path, index_files row, facts or None, sha256 seen before
    parsing). A file another process re-indexed meanwhile (its sha256 moved on) keeps their rows."""
    if not pending:
        return
    with write(conn):
        for rel, file_row, facts, seen_sha in pending:
            current = conn.execute("SELECT sha256 FROM index_files WHERE path = ?", (rel,)).fetchone()
            if (current[0] if current else None) != seen_sha:
                continue
            _delete(conn, rel, files_too=False)
            conn.execute("INSERT OR REPLACE INTO index_files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", file_row)
            if facts is None:
                continue
            conn.executemany(
                "INSERT INTO index_symbols (path, name, qualname, kind, start_line, end_line, parent, depth)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", [(rel, *s) for s in facts.symbols])
            conn.executemany("INSERT INTO index_calls VALUES (?, ?, ?, ?, ?)", [(rel, *c) for c in facts.calls])
            conn.executemany("INSERT INTO index_imports VALUES (?, ?, ?, ?, ?)", [(rel, *i) for i in facts.imports])
            conn.executemany("INSERT INTO index_bases VALUES (?, ?, ?, ?, ?)", [(rel, *b) for b in facts.bases])


def delete_files(conn: sqlite3.Connection, paths: Iterable[str]) -> None:
    """Forget files that are gone: their facts and their index_files rows."""
    with write(conn):
        for rel in paths:
            _delete(conn, rel, files_too=True)


def _delete(conn: sqlite3.Connection, rel: str, *, files_too: bool) -> None:
    for table in FACT_TABLES:
        conn.execute(f"DELETE FROM {table} WHERE path = ?", (rel,))
    if files_too:
        conn.execute("DELETE FROM index_files WHERE path = ?", (rel,))


def longest_indexed_suffix(conn: sqlite3.Connection, abs_path: str) -> str | None:
    """The longest indexed path that ``abs_path`` ('/'-separated) ends with."""
    ensure_schema(conn)
    row = conn.execute(
        "SELECT path FROM index_files WHERE ? LIKE '%/' || path ORDER BY length(path) DESC LIMIT 1", (abs_path,),
    ).fetchone()
    return str(row[0]) if row else None


def lang_of(conn: sqlite3.Connection, path: str) -> str | None:
    row = conn.execute("SELECT lang FROM index_files WHERE path = ?", (path,)).fetchone()
    return row[0] if row else None


def is_indexed(conn: sqlite3.Connection, path: str) -> bool:
    return conn.execute("SELECT 1 FROM index_files WHERE path = ?", (path,)).fetchone() is not None


def test_files(conn: sqlite3.Connection) -> list[str]:
    return [row[0] for row in conn.execute("SELECT path FROM index_files WHERE is_test = 1 ORDER BY path")]


def last_indexed_at(conn: sqlite3.Connection) -> float | None:
    """When a file was last (re)indexed; None without an index."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'index_files'").fetchone():
        return None
    row = conn.execute("SELECT max(indexed_at) FROM index_files").fetchone()
    return row[0] if row else None


def full_index_at(conn: sqlite3.Connection) -> float | None:
    """When a whole-repository index last finished (``statewise index``, or on demand); None if never."""
    if not conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'index_meta'").fetchone():
        return None
    row = conn.execute("SELECT value FROM index_meta WHERE key = 'full_index_at'").fetchone()
    return float(row[0]) if row else None


def set_full_index_at(conn: sqlite3.Connection, at: float) -> None:
    with write(conn):
        conn.execute("CREATE TABLE IF NOT EXISTS index_meta (key TEXT PRIMARY KEY, value TEXT)")
        conn.execute("INSERT OR REPLACE INTO index_meta (key, value) VALUES ('full_index_at', ?)", (str(at),))


def stats(conn: sqlite3.Connection) -> dict[str, int]:
    """Row counts of the index tables, and how many files have syntax errors."""
    ensure_schema(conn)
    counts = {t: int(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in ("index_files", *FACT_TABLES)}
    counts["parse_errors"] = int(conn.execute("SELECT count(*) FROM index_files WHERE parse_errors").fetchone()[0])
    return counts


# --------------------------------------------------------------------- symbols
_SYMBOL_COLUMNS = "path, name, qualname, kind, start_line, end_line, parent, depth"


def _symbols(conn: sqlite3.Connection, where: str, params: tuple[Any, ...]) -> list[Symbol]:
    ensure_schema(conn)
    rows = conn.execute(
        f"SELECT {_SYMBOL_COLUMNS} FROM index_symbols WHERE {where} ORDER BY path, start_line, depth, qualname",
        params,
    ).fetchall()
    return [Symbol(*row) for row in rows]


def symbols_of_file(conn: sqlite3.Connection, path: str) -> list[Symbol]:
    return _symbols(conn, "path = ?", (path,))


def symbols_covering(conn: sqlite3.Connection, path: str, line: int) -> list[Symbol]:
    return _symbols(conn, "path = ? AND start_line <= ? AND end_line >= ?", (path, line, line))


def symbols_named(conn: sqlite3.Connection, name: str) -> list[Symbol]:
    """Symbols whose simple or qualified name is ``name``."""
    return _symbols(conn, "name = ? OR qualname = ?", (name, name))


def symbols_by_qualname(conn: sqlite3.Connection, qualname: str, path: str | None = None) -> list[Symbol]:
    if path is None:
        return _symbols(conn, "qualname = ?", (qualname,))
    return _symbols(conn, "path = ? AND qualname = ?", (path, qualname))


def classes_named(conn: sqlite3.Connection, name: str, kinds: tuple[str, ...]) -> list[Symbol]:
    marks = ",".join("?" * len(kinds))
    return _symbols(conn, f"name = ? AND kind IN ({marks})", (name, *kinds))


def methods_of(conn: sqlite3.Connection, parent: str, *, named: str | None = None,
               except_named: str | None = None) -> list[Symbol]:
    """The methods whose parent is ``parent``: those called ``named``, or all but ``except_named``."""
    if named is not None:
        return _symbols(conn, "parent = ? AND name = ? AND kind = 'method'", (parent, named))
    return _symbols(conn, "parent = ? AND kind = 'method' AND name != ?", (parent, except_named or ""))


# --------------------------------------------------------------------- calls, imports, bases
def calls_to(conn: sqlite3.Connection, callee: str) -> list[CallSite]:
    ensure_schema(conn)
    rows = conn.execute(
        "SELECT path, line, caller, callee, qualifier FROM index_calls WHERE callee = ? ORDER BY path, line, caller",
        (callee,),
    ).fetchall()
    return [CallSite(*row) for row in rows]


def imports_of(conn: sqlite3.Connection, path: str) -> list[tuple[str, list[str]]]:
    """(resolved target, imported names) of each import in ``path``."""
    return [(t, json.loads(n)) for t, n in conn.execute("SELECT target, names FROM index_imports WHERE path = ?", (path,))]


def tests_importing(conn: sqlite3.Connection, keys: set[str], parents: set[str], go_folder: str | None) -> list[str]:
    """Test files with an import whose target is one of ``keys`` or ``parents``, or (Go) ends with
    ``/go_folder``; candidates for a closer look at their imported names."""
    marks = ",".join("?" * len(keys))
    rows = conn.execute(
        f"SELECT DISTINCT i.path FROM index_imports i JOIN index_files f ON f.path = i.path"
        f" WHERE f.is_test = 1 AND (i.target IN ({marks}) OR i.target IN ({','.join('?' * len(parents)) or 'NULL'})"
        f" OR (f.lang = 'go' AND i.target LIKE ?)) ORDER BY i.path",
        (*sorted(keys), *sorted(parents), f"%/{go_folder}" if go_folder else "\0"),
    ).fetchall()
    return [row[0] for row in rows]


def base_names_of(conn: sqlite3.Connection, path: str, class_qualname: str) -> list[str]:
    """The simple names of the bases the class lists, in source order."""
    rows = conn.execute(
        "SELECT base_name FROM index_bases WHERE path = ? AND class_qualname = ? ORDER BY line, base",
        (path, class_qualname),
    ).fetchall()
    return [row[0] for row in rows]


def classes_listing_base(conn: sqlite3.Connection, base_name: str) -> list[tuple[str, str]]:
    """(path, class qualname) of the classes that list a base of simple name ``base_name``."""
    return [(row[0], row[1]) for row in conn.execute(
        "SELECT path, class_qualname FROM index_bases WHERE base_name = ? ORDER BY path, line", (base_name,))]
