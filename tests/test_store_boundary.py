"""The store package owns the SQL: the schema is defined once, the gate, hook and audit read and write
through store functions, the audit opens stores read-only, and the index answers with typed rows."""

from __future__ import annotations

import ast
import json
import sqlite3
from pathlib import Path

import pytest

import statewise_cli
from statewise_cli.gate import engine as gate
from statewise_cli.gate import index as ri
from statewise_cli.store import decisions, gate_state, index_tables
from statewise_cli.store.db import SCHEMA_VERSION, Store

PACKAGE = Path(statewise_cli.__file__).parent
SQL_CALLS = (".execute(", ".executescript(", ".executemany(", "sqlite3.connect(", "_sqlite3.connect(")


def _sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_sql_runs_outside_the_store_package() -> None:
    offenders, in_store = [], 0
    for path in _sources():
        rel = path.relative_to(PACKAGE).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if any(call in line for call in SQL_CALLS):
                if rel.startswith("store/"):
                    in_store += 1
                else:
                    offenders.append(f"{rel}:{number}: {line.strip()}")
    assert offenders == []
    assert in_store > 50  # the patterns do match the SQL where it lives
    assert len(_sources()) > 40  # the walk saw the whole package, not an empty directory


def test_the_index_schema_is_defined_once() -> None:
    defining = [p.relative_to(PACKAGE).as_posix() for p in _sources()
                if "CREATE TABLE IF NOT EXISTS index_files" in p.read_text(encoding="utf-8")]
    assert defining == ["store/migrations.py"]
    assert not hasattr(ri, "DDL")


def _schema(conn: sqlite3.Connection) -> dict[str, str]:
    return {name: sql for name, sql in conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE name LIKE 'index_%' AND sql IS NOT NULL")}


def test_a_bare_connection_gets_the_same_index_schema_as_a_migrated_store(tmp_path: Path) -> None:
    Store.open(str(tmp_path / "store.db")).close()
    migrated = sqlite3.connect(tmp_path / "store.db")
    bare = sqlite3.connect(tmp_path / "bare.db", isolation_level=None)
    try:
        index_tables.ensure_schema(bare)
        index_tables.ensure_schema(bare)  # a second call finds the tables and changes nothing
        expected = _schema(migrated)
        assert set(expected) >= {"index_files", "index_symbols", "index_calls", "index_imports", "index_bases"}
        assert _schema(bare) == expected
    finally:
        migrated.close()
        bare.close()


def test_a_store_at_the_current_version_reopens_with_its_index(tmp_path: Path) -> None:
    path = str(tmp_path / "store.db")
    with Store.open(path) as s:
        s.put("k", 1)
        index_tables.replace_files(s.conn, [("a.py", ("a.py", "python", "x", 1, "indexed", 0, 0, 1, 1.0), None, None)])
    with Store.open(path) as s:
        assert s.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert index_tables.file_states(s.conn) == {"a.py": ("x", 1)}
        assert [r.value for r in s.active_records("k")] == [1]


def test_a_store_from_before_the_index_migration_gets_the_index_tables(tmp_path: Path) -> None:
    path = tmp_path / "store.db"
    with Store.open(str(path)) as s:
        s.put("k", 1)
    raw = sqlite3.connect(path, isolation_level=None)
    try:  # back to schema 4: no index tables, m005 not applied
        for (name,) in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'index_%'").fetchall():
            raw.execute(f"DROP TABLE {name}")
        raw.execute("DELETE FROM _sqlite_migrations WHERE name = 'm005_repository_index'")
        raw.execute("PRAGMA user_version = 4")
    finally:
        raw.close()
    with Store.open(str(path)) as s:
        assert s.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert index_tables.has_schema(s.conn) and index_tables.stats(s.conn)["index_files"] == 0
        assert [r.value for r in s.active_records("k")] == [1]


# ------------------------------------------------------------------ read-only opening (the audit)
def test_read_only_open_never_creates_a_store(tmp_path: Path) -> None:
    from statewise_cli.audit.investigate import store_rows
    from statewise_cli.errors import StoreError

    missing = tmp_path / "nowhere" / "store.db"
    with pytest.raises(StoreError) as info:
        Store.open_read_only(str(missing))
    assert info.value.code == "store-missing"
    assert store_rows(str(missing)) == ([], [])
    assert not missing.parent.exists()


def test_the_audit_reads_an_old_store_without_migrating_or_folding_it(tmp_path: Path) -> None:
    from statewise_cli.audit.investigate import store_rows

    path = tmp_path / "store.db"
    with Store.open(str(path)) as s:
        s.put("build.command", "make")
        s.put("build.command", "make all")
        s.add_decision(session_id="s", event="PreToolUse", decision="deny", reason="r", at=1.0)
        s.conn.execute("PRAGMA user_version = 4")
    ledger = tmp_path / "pending-decisions.jsonl"
    ledger.write_text(json.dumps({"id": "led", "at": 2.0, "decision": "allow", "session_id": "s"}) + "\n")
    stale, decs = store_rows(str(path))
    assert [d.get("id") for d in decs][-1] == "led" and [d["decision"] for d in decs] == ["deny", "allow"]
    assert [(r["key"], r["value"], r["status"]) for r in stale] == [("build.command", "make", "superseded")]
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 4  # not migrated
        assert raw.execute("SELECT count(*) FROM decisions").fetchone()[0] == 1  # ledger not folded
    finally:
        raw.close()
    assert ledger.exists()


def test_a_read_only_store_refuses_writes(tmp_path: Path) -> None:
    path = str(tmp_path / "store.db")
    Store.open(path).close()
    with Store.open_read_only(path) as s:
        assert s.count() == 0
        with pytest.raises(sqlite3.Error):
            s.put("k", 1)


# ------------------------------------------------------------------ gate state
@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store.open(str(tmp_path / "s" / "store.db"))
    yield s
    s.close()


def test_evidence_events_keep_the_first_row_and_take_a_late_exit_code(store: Store) -> None:
    assert gate_state.session(store, "s")["steps"] == 0
    row = ("call-1", 1, "command", "", None, None, None, "pytest", None, None, "hook")
    assert gate_state.add_events(store, "s", 0, [row]) == 1
    late = ("call-1", 2, "command", "", None, None, None, "pytest", 1, None, "transcript")
    gate_state.add_events(store, "s", 1, [late])
    rows = gate_state.event_rows(store, "s")
    assert [(r["step"], r["exit_code"], r["source"]) for r in rows] == [(1, 1, "hook")]
    assert gate_state.session(store, "s")["steps"] == 2
    assert not gate_state.has_edit(store, "s")


def test_holds_count_up_and_a_fallback_keeps_the_count(store: Store) -> None:
    gate_state.save_hold(store, "s", "submit", 2, False, "[]")
    gate_state.save_fallback(store, "s", "submit", '["x"]')
    assert gate_state.hold_count(store, "s", "submit") == 2
    assert [(h["holds"], h["fallback"], h["missing"]) for h in gate_state.hold_rows(store, "s")] == [(2, 1, '["x"]')]


def test_digest_record_ids_come_from_digest_decisions_only(store: Store) -> None:
    store.add_decision(session_id="s", event="UserPromptSubmit", decision="context", records=["a", "b"])
    store.add_decision(session_id="s", event="PreToolUse", decision="deny", records=["c"])
    store.add_decision(session_id="t", event="SessionStart", decision="context", records=["d"])
    assert decisions.digest_record_ids(store, "s") == {"a", "b"}


def test_memory_file_hash_is_read_through_the_store(store: Store) -> None:
    assert store.memory_file_sha256("CLAUDE.md") is None
    store.note_memory_file("CLAUDE.md", "/r/CLAUDE.md", "abc", 3)
    assert store.memory_file_sha256("CLAUDE.md") == "abc"
    store.forget_memory_file("CLAUDE.md")
    assert store.memory_files() == []


# ------------------------------------------------------------------ the typed index interface
@pytest.mark.parametrize("cls", [ri.Symbol, ri.CallSite, ri.Related])
def test_index_results_are_typed_structs(cls: type) -> None:
    from statewise_cli.fast.struct import Struct

    assert issubclass(cls, Struct)
    assert isinstance(cls.__slots__, tuple) and isinstance(cls._defaults, dict)
    assert set(cls.__annotations__) == set(cls.__slots__)
    assert set(cls._defaults) <= set(cls.__slots__)


def test_symbol_and_related_defaults() -> None:
    sym = ri.Symbol("a.py", "f", "f", "function", 1, 2)
    assert (sym.parent, sym.depth) == (None, 0)
    assert ri.Related(symbols=(sym,)).overrides == ()


def test_the_gate_uses_the_index_without_guards_or_duck_typing() -> None:
    source = Path(gate.__file__).read_text(encoding="utf-8")
    assert "def _get(" not in source and "qualified_name" not in source
    tree = ast.parse(source)
    guarded = [n for n in ast.walk(tree) if isinstance(n, ast.ExceptHandler)
               and isinstance(n.type, ast.Name) and n.type.id == "ImportError"]
    assert guarded == []


def test_the_hook_calls_only_public_gate_functions() -> None:
    from statewise_cli.hook import entry

    tree = ast.parse(Path(entry.__file__).read_text(encoding="utf-8"))
    private = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)
                      and isinstance(n.value, ast.Name) and n.value.id == "gate" and n.attr.startswith("_")})
    assert private == []
    for name in ("edit_lines", "edit_change", "ground_edit", "gap", "hold_or_fallback"):
        assert callable(getattr(gate, name))
