"""The per-repository record store: one SQLite file, WAL, busy timeout, migrations.

Every table of the store is read and written inside this package: ``Store`` here (opening,
migrating, transactions, the ``records`` table), and one module per table group beside it —
``evidence`` (evidence, verifications), ``decisions``, ``incidents``, ``memory_files``,
``gate_state`` (the evidence gate's sessions, events, conditions and holds) and ``index_tables``
(the repository index). The schema is defined once, in ``migrations``.

The hook opens it with the stdlib ``sqlite3`` (importing ``sqlite_utils`` costs
~70 ms, too much per tool call); schema changes go through ``sqlite_utils``'
``Migrations``, loaded only when ``PRAGMA user_version`` says the schema is behind.
Every write is one ``BEGIN IMMEDIATE`` transaction so parallel hook processes
serialise on SQLite's lock instead of losing writes.
"""

from __future__ import annotations

import os
import sys

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path


def _import_sqlite() -> Any:
    """The C module behind ``sqlite3``: the package wrapper also imports ``datetime`` and registers
    the (deprecated) default adapters, ~3 ms per hook start; same Connection, Row and error classes.

    Its module init takes ``functools.lru_cache`` (for the statement cache) and ``functools``
    imports ``collections``: ~5 ms of a 50 ms budget. When nothing has imported ``functools`` yet,
    the init is handed ``lru_cache`` built straight on the C ``_functools._lru_cache_wrapper``
    (what ``functools.lru_cache`` itself wraps), and ``sys.modules`` is restored at once; any
    surprise falls back to the plain import.
    """
    if "functools" not in sys.modules:
        try:
            import _functools  # type: ignore[import-not-found]

            class _LruOnly:
                @staticmethod
                def lru_cache(maxsize: int | None = 128, typed: bool = False) -> Any:
                    return lambda function: _functools._lru_cache_wrapper(function, maxsize, typed, tuple)

            sys.modules["functools"] = _LruOnly  # type: ignore[assignment]
            try:
                import _sqlite3

                return _sqlite3
            finally:
                del sys.modules["functools"]
        except Exception:  # noqa: BLE001 - a different interpreter: the ordinary way below
            sys.modules.pop("_sqlite3", None)
    try:
        import _sqlite3
    except ImportError:  # pragma: no cover - interpreters without the private module
        import sqlite3 as _sqlite3  # type: ignore[no-redef]
    return _sqlite3


if TYPE_CHECKING:
    import sqlite3
else:
    sqlite3 = _import_sqlite()

from statewise_cli.config import paths as config
from statewise_cli.errors import StoreCorrupt, StoreError
from statewise_cli.repo import RepoContext, find_repo
from statewise_cli.store import records
from statewise_cli.store.records import Record, new_id  # noqa: F401 - new_id: re-exported for callers

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Self

SCHEMA_VERSION = 8
BUSY_TIMEOUT_MS = 15000
STORE_FILENAME = config.STORE_FILENAME


def baseline_path(store_path: str) -> str:
    """Where the baseline of the store at ``store_path`` is kept: outside the store's directory."""
    from statewise_cli.fast.sha256 import sha256

    digest = sha256(os.path.realpath(store_path).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return os.path.join(config.state_home(os.environ), "stores", f"{digest}.json")


def read_baseline(store_path: str) -> int:
    """How many record rows the store at ``store_path`` is known to have held (0: none known)."""
    try:
        with open(baseline_path(store_path), encoding="utf-8") as fh:
            data = json.loads(fh.read())
        return int(data["records"]) if isinstance(data, dict) else 0
    except (OSError, ValueError, KeyError, TypeError):
        return 0


def write_baseline(store_path: str, count: int) -> None:
    import time

    path = baseline_path(store_path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(json.dumps({"store": store_path, "records": count, "at": time.time()}))
    os.replace(tmp, path)


class _Transaction:
    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.conn.execute("ROLLBACK" if exc_type is not None else "COMMIT")


def _large(path: str, limit: int = 1 << 20) -> bool:
    try:
        return os.path.getsize(path) > limit
    except OSError:
        return False


class Store:
    def __init__(self, path: str, conn: sqlite3.Connection, repo: RepoContext | None) -> None:
        self.path = path
        self.conn = conn
        self.repo = repo
        self.records_written = False  # set by records.put: close() then raises the baseline

    # ------------------------------------------------------------ the baseline
    # A store that held records and is now gone or has fewer rows (records are never deleted:
    # forget/retract/supersede only change their status) lost its protection silently: a deleted
    # `.git/statewise/` would turn "main is protected" into "nothing known". The number of record
    # rows is kept outside the store, in $STATEWISE_HOME/stores/, and every open compares.
    def _check_baseline(self) -> None:
        held = read_baseline(self.path)
        if not held:
            return
        now = int(self.conn.execute("SELECT count(*) FROM records").fetchone()[0])
        if now < held:
            what = "has no records" if now == 0 else f"has {now} records"
            raise StoreError(
                f"store {self.path} {what} but held {held}: it was deleted, emptied or replaced, and the "
                "protection its records gave is gone. A developer who meant this runs "
                "`statewise doctor --accept-store` in their own terminal",
                code="store-emptied",
            )

    def raise_baseline(self) -> None:
        """Record the current number of record rows as what this store holds (never lowers it)."""
        now = int(self.conn.execute("SELECT count(*) FROM records").fetchone()[0])
        if now > read_baseline(self.path):
            write_baseline(self.path, now)

    def accept_baseline(self) -> int:
        """``doctor --accept-store``: the store as it is now becomes the baseline (may lower it)."""
        now = int(self.conn.execute("SELECT count(*) FROM records").fetchone()[0])
        write_baseline(self.path, now)
        return now

    # ----------------------------------------------------------------- opening
    @classmethod
    def open(cls, path: str, repo: RepoContext | None = None, *, create: bool = True,
             busy_timeout_ms: int = BUSY_TIMEOUT_MS, fold: bool = True, check_baseline: bool = True) -> Store:
        directory = os.path.dirname(path)
        if not os.path.exists(path):
            if not create:
                raise StoreError(f"no store at {path}", code="store-missing")
            try:
                os.makedirs(directory, exist_ok=True)
            except OSError as exc:
                raise StoreError(f"cannot create store directory {directory}: {exc.strerror}") from exc
        try:
            conn = sqlite3.connect(path, timeout=busy_timeout_ms / 1000, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open store {path}: {exc}") from exc
        conn.row_factory = sqlite3.Row
        store = cls(path, conn, repo)
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                store._migrate()
            elif version > SCHEMA_VERSION:
                raise StoreError(
                    f"store {path} has schema {version}, newer than this statewise ({SCHEMA_VERSION}): upgrade statewise",
                    code="store-too-new",
                )
            conn.execute("PRAGMA synchronous = NORMAL")
            # Hook processes leave the WAL behind (see leave()), and every open reads it back: keep it
            # short. The commit that passes this many pages checkpoints it (about every 20 writing calls).
            conn.execute("PRAGMA wal_autocheckpoint = 96")
            if check_baseline:
                store._check_baseline()
            ledger = os.path.join(directory, "pending-decisions.jsonl")
            if (fold or _large(ledger)) and os.path.exists(ledger):
                from statewise_cli.store.ledger import fold_into

                try:
                    fold_into(store)
                except (OSError, sqlite3.Error):
                    pass  # the ledger keeps its lines; the next open folds them
        except StoreError:
            conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            conn.close()
            if "not a database" in str(exc) or "malformed" in str(exc):
                raise StoreCorrupt(f"store {path} is corrupt ({exc}); it was left untouched") from exc
            if "locked" in str(exc) or "busy" in str(exc):
                raise StoreError(f"store {path} is locked by another process: {exc}", code="store-locked") from exc
            raise StoreError(f"cannot use store {path}: {exc}") from exc
        return store

    @classmethod
    def open_read_only(cls, path: str, repo: RepoContext | None = None) -> Store:
        """The store at ``path`` for reading only: never created, migrated or folded into (the audit
        reads stores it must leave as they are). Raises ``StoreError`` when there is none."""
        if not os.path.exists(path):
            raise StoreError(f"no store at {path}", code="store-missing")
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open store {path}: {exc}") from exc
        conn.row_factory = sqlite3.Row
        return cls(path, conn, repo)

    @classmethod
    def for_cwd(cls, cwd: str, env: Mapping[str, str], *, create: bool = True) -> Store:
        """The repository store of ``cwd``, or the global store outside any repository."""
        repo = find_repo(cwd)
        if repo is None:
            return cls.open(config.global_store_path(env), None, create=create)
        return cls.open(os.path.join(repo.store_dir, STORE_FILENAME), repo, create=create)

    def _migrate(self) -> None:
        import fcntl

        lock_path = self.path + ".migrate.lock"
        with open(lock_path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if self.conn.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
                return  # another process migrated it while this one waited for the lock; its writers
                # may be busy already, and re-running the migrations' reads-then-writes would have to
                # upgrade a stale read snapshot (SQLITE_BUSY at once, no busy wait)
            # WAL lets readers (most hook calls) run while another process writes;
            # it is persistent, and cannot be switched on inside a transaction.
            self.conn.execute("PRAGMA journal_mode = WAL")
            from statewise_cli.store.migrations import apply

            apply(self.conn)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        self._keep_baseline()
        self.conn.close()

    def leave(self) -> None:
        """:meth:`close` for a process that exits right after (the hook): the connection is left to
        the exit. Closing the last connection makes SQLite checkpoint the WAL (two fsyncs) and delete
        it, and the next hook call recreates and syncs it again: 10-20 ms on every call that wrote.
        Every committed transaction is in the WAL either way; the next open reads it back, and a
        writer past ``wal_autocheckpoint`` pages checkpoints."""
        self._keep_baseline()

    def _keep_baseline(self) -> None:
        if self.records_written:
            self.records_written = False
            try:
                self.raise_baseline()
            except (OSError, sqlite3.Error):
                pass  # the next write raises it

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def write(self) -> _Transaction:
        """One write transaction; the RESERVED lock is taken up front (no upgrade deadlocks)."""
        return _Transaction(self.conn)

    def set_busy_timeout(self, ms: int) -> None:
        """How long to wait for another process's write lock from now on."""
        self.conn.execute(f"PRAGMA busy_timeout = {int(ms)}")

    # ------------------------------------------------------------------ records (the SQL is in records.py)
    def active_records(self, key: str | None = None) -> list[Record]:
        return records.active_records(self, key)

    def live_record_ids(self) -> list[str]:
        """The ids of the records in force (active, not found defective), without reading the records."""
        return records.live_record_ids(self)

    def outranking_keys(self) -> set[str]:
        return records.outranking_keys(self)

    def relevant_records(self, keys: set[str], patterns: set[str], texts: list[str]) -> list[Record]:
        return records.relevant_records(self, keys, patterns, texts)

    def all_records(self) -> list[Record]:
        return records.all_records(self)

    def get(self, record_id: str) -> Record | None:
        return records.get(self, record_id)

    def history(self, key: str) -> list[Record]:
        return records.history(self, key)

    def changed_record_rows(self) -> list[dict[str, Any]]:
        return records.changed_record_rows(self)

    def active_value_texts(self) -> dict[str, str]:
        return records.active_value_texts(self)

    def count(self, status: str | None = "active") -> int:
        return records.count(self, status)

    def put(
        self,
        key: str,
        value: Any,
        *,
        type: str = "fact",
        scope: str = "repository",
        source: str = "user",
        authority: str = "developer",
        ttl_seconds: int | None = None,
        observed_at: float | None = None,
        validity: str | None = None,
        evidence: str | None = None,
    ) -> Record:
        """Store a fact. An active record of the same key and scope is superseded, with lineage."""
        return records.put(self, key, value, type=type, scope=scope, source=source, authority=authority,
                           ttl_seconds=ttl_seconds, observed_at=observed_at, validity=validity, evidence=evidence)

    def repair(self, key: str, value: Any, *, scope: str | None = None, evidence: str | None = None) -> tuple[list[Record], Record]:
        return records.repair(self, key, value, scope=scope, evidence=evidence)

    def forget(self, key: str, *, scope: str | None = None, reason: str | None = None) -> list[Record]:
        return records.forget(self, key, scope=scope, reason=reason)

    def retract(self, record_id: str, reason: str) -> None:
        return records.retract(self, record_id, reason)

    def move_source(self, record_id: str, source: str) -> None:
        return records.move_source(self, record_id, source)

    def records_from_file(self, label: str, *, active_only: bool) -> list[Record]:
        return records.records_from_file(self, label, active_only=active_only)

    def set_validity(self, record_id: str, validity: str, *, verified_at: float | None = None) -> None:
        return records.set_validity(self, record_id, validity, verified_at=verified_at)

    # ------------------------------------------------- the other table groups
    def note_memory_file(self, label: str, path: str, sha256: str, facts: int) -> None:
        from statewise_cli.store import memory_files

        memory_files.note(self, label, path, sha256, facts)

    def forget_memory_file(self, label: str) -> None:
        from statewise_cli.store import memory_files

        memory_files.forget(self, label)

    def memory_files(self) -> list[dict[str, Any]]:
        from statewise_cli.store import memory_files

        return memory_files.all_files(self)

    def memory_file_sha256(self, label: str) -> str | None:
        from statewise_cli.store import memory_files

        return memory_files.imported_sha256(self, label)

    def add_verification(self, **fields: Any) -> str:
        from statewise_cli.store import evidence

        return evidence.add_verification(self, fields)

    def last_verification(self, record_id: str) -> dict[str, Any] | None:
        from statewise_cli.store import evidence

        return evidence.last_verification(self, record_id)

    def add_evidence(self, **fields: Any) -> str:
        from statewise_cli.store import evidence

        return evidence.add(self, fields)

    def add_decision(self, **fields: Any) -> str:
        from statewise_cli.store import decisions

        return decisions.add(self, fields)

    def add_incident(self, **fields: Any) -> str:
        from statewise_cli.store import incidents

        return incidents.add(self, fields)

    # ------------------------------------------------------------ generic rows
    def insert_row(self, table: str, fields: dict[str, Any]) -> None:
        """One row of ``table`` in its own transaction; dict and list values are stored as JSON."""
        values = tuple(
            json.dumps(v, sort_keys=True) if isinstance(v, (dict, list)) else v for v in fields.values()
        )
        cols = ", ".join(fields)
        marks = ", ".join("?" for _ in fields)
        with self.write() as conn:
            conn.execute(f"INSERT INTO {table} ({cols}) VALUES ({marks})", values)

    def rows(self, table: str, *, limit: int = 50, since: float | None = None) -> list[dict[str, Any]]:
        """The newest rows of a log table (evidence, decisions, incidents, verifications), newest first;
        ``since``: only rows at or after that time."""
        order = {"evidence": "observed_at", "decisions": "at", "incidents": "at", "verifications": "at"}[table]
        where, params = (f"{order} >= ?", (since,)) if since is not None else ("1", ())
        cur = self.conn.execute(
            f"SELECT * FROM {table} WHERE {where} ORDER BY {order} DESC, rowid DESC LIMIT ?",
            (*params, limit),
        )
        return [dict(r) for r in cur.fetchall()]

    def table_count(self, table: str) -> int:
        if table not in ("records", "evidence", "decisions", "incidents", "verifications", "memory_files"):
            raise ValueError(table)
        return int(self.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])

    def integrity(self) -> str:
        return str(self.conn.execute("PRAGMA quick_check").fetchone()[0])

    def journal_mode(self) -> str:
        return str(self.conn.execute("PRAGMA journal_mode").fetchone()[0])
