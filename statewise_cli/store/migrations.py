"""Schema migrations, applied with sqlite-utils' ``Migrations`` (never on the warm hook path)."""

from __future__ import annotations

import sqlite3

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("statewise")


@migrations()
def m001_initial(db: Database) -> None:
    db.executescript(
        """
        CREATE TABLE records (
            id TEXT PRIMARY KEY,
            key TEXT NOT NULL,
            value TEXT NOT NULL,              -- JSON
            type TEXT NOT NULL,
            scope TEXT NOT NULL,
            observed_at REAL NOT NULL,
            stored_at REAL NOT NULL,
            expires_at REAL,
            ttl_seconds INTEGER,
            source TEXT NOT NULL,
            authority TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'active',
            validity TEXT NOT NULL DEFAULT 'unchecked',
            verified_at REAL,
            supersedes TEXT REFERENCES records(id),
            superseded_by TEXT REFERENCES records(id),
            evidence TEXT                     -- what justified this version
        );
        CREATE INDEX records_key_status ON records(key, status);
        CREATE INDEX records_status ON records(status);

        CREATE TABLE evidence (
            id TEXT PRIMARY KEY,
            observed_at REAL NOT NULL,
            kind TEXT NOT NULL,               -- command | edit | read | search | prompt | ...
            session_id TEXT,
            tool_use_id TEXT,
            agent TEXT,
            tool_name TEXT,
            command TEXT,
            exit_code INTEGER,
            output_digest TEXT,               -- sha256 of the raw output
            output_excerpt TEXT,
            detail TEXT                       -- JSON
        );
        CREATE INDEX evidence_session ON evidence(session_id, observed_at);

        CREATE TABLE decisions (
            id TEXT PRIMARY KEY,
            at REAL NOT NULL,
            session_id TEXT,
            tool_use_id TEXT,
            agent TEXT,
            event TEXT,
            tool_name TEXT,
            action TEXT,                      -- JSON: the normalized action
            decision TEXT NOT NULL,           -- allow | deny | ask | context | none
            reason TEXT,
            records TEXT,                     -- JSON: ids of the records consulted
            latency_ms REAL
        );
        CREATE INDEX decisions_session ON decisions(session_id, at);

        CREATE TABLE incidents (
            id TEXT PRIMARY KEY,
            at REAL NOT NULL,
            agent TEXT,
            event TEXT,
            kind TEXT NOT NULL,               -- the error's stable code
            message TEXT NOT NULL,
            policy TEXT,                      -- what the failure policy did
            log_path TEXT,
            payload_digest TEXT
        );
        """
    )


@migrations()
def m002_memory_and_verification(db: Database) -> None:
    db.executescript(
        """
        CREATE TABLE memory_files (
            path TEXT PRIMARY KEY,            -- as provenance names it (repo-relative or ~/...)
            abs_path TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            facts INTEGER NOT NULL,
            imported_at REAL NOT NULL
        );
        CREATE TABLE verifications (
            id TEXT PRIMARY KEY,
            record_id TEXT NOT NULL REFERENCES records(id),
            at REAL NOT NULL,
            verifier TEXT,
            outcome TEXT NOT NULL,            -- valid | defective | unresolved
            observed TEXT,                    -- JSON: the observed value
            scope TEXT,                       -- the scope the evidence establishes
            evidence TEXT,
            inputs TEXT                       -- JSON: {path: sha256, "HEAD": commit}
        );
        CREATE INDEX verifications_record ON verifications(record_id, at);
        CREATE INDEX records_source ON records(source);
        """
    )


@migrations()
def m003_evidence_gate(db: Database) -> None:
    db.executescript(
        """
        CREATE TABLE evidence_events (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL,
            call_id TEXT NOT NULL DEFAULT '',
            step INTEGER NOT NULL,
            kind TEXT NOT NULL,               -- read | search | command | edit
            path TEXT NOT NULL DEFAULT '',
            line_start INTEGER,
            line_end INTEGER,
            pattern TEXT,
            command TEXT,
            exit_code INTEGER,
            tests TEXT,                       -- JSON: framework, passed, failed, errors, failing
            source TEXT NOT NULL,             -- hook | transcript
            at REAL NOT NULL,
            UNIQUE (session_id, call_id, kind, path)
        );
        CREATE INDEX evidence_events_session ON evidence_events(session_id, step);
        CREATE TABLE gate_sessions (
            session_id TEXT PRIMARY KEY,
            task TEXT,
            bugfix INTEGER NOT NULL DEFAULT 0,
            transcript_path TEXT,
            transcript_offset INTEGER NOT NULL DEFAULT 0,
            steps INTEGER NOT NULL DEFAULT 0,
            updated_at REAL NOT NULL
        );
        CREATE TABLE gate_conditions (
            id TEXT PRIMARY KEY,
            session_id TEXT NOT NULL,
            action_type TEXT NOT NULL,        -- edit | submit
            kind TEXT NOT NULL,               -- read-definition | inspect-callers | inspect-related |
                                              -- locate-named | reproduce-failure | tests-after-edit
            entity TEXT NOT NULL DEFAULT '',
            path TEXT NOT NULL DEFAULT '',
            line_start INTEGER,
            line_end INTEGER,
            detail TEXT,                      -- JSON: what satisfies it (files, names)
            created_at REAL NOT NULL,
            UNIQUE (session_id, kind, entity, path)
        );
        CREATE TABLE gate_holds (
            session_id TEXT NOT NULL,
            target TEXT NOT NULL,
            holds INTEGER NOT NULL DEFAULT 0,
            fallback INTEGER NOT NULL DEFAULT 0,
            missing TEXT,                     -- JSON: the unsatisfied conditions at the last hold/fallback
            at REAL NOT NULL,
            PRIMARY KEY (session_id, target)
        );
        """
    )


@migrations()
def m004_decision_attribution(db: Database) -> None:
    # The attribution behind a decision: candidates, their link and counterfactual evidence.
    db.execute("ALTER TABLE decisions ADD COLUMN attribution TEXT")


# The tree-sitter repository index (gate/index.py reads and writes it through store/index_tables.py).
# ``IF NOT EXISTS`` throughout: index_tables.ensure_schema runs the same text on a bare connection.
INDEX_SCHEMA = """
CREATE TABLE IF NOT EXISTS index_files (
    path TEXT PRIMARY KEY,                 -- repository-relative, '/'-separated
    lang TEXT NOT NULL,                    -- python | javascript | typescript | tsx | go
    sha256 TEXT,                           -- NULL when the file was not read (too large)
    size INTEGER NOT NULL,
    status TEXT NOT NULL,                  -- indexed | too-large | generated | unreadable
    is_test INTEGER NOT NULL DEFAULT 0,
    parse_errors INTEGER NOT NULL DEFAULT 0,
    extractor INTEGER NOT NULL,            -- gate/langs.py EXTRACTOR_VERSION that produced the rows
    indexed_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS index_symbols (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL,
    name TEXT NOT NULL,                    -- simple name: method
    qualname TEXT NOT NULL,                -- Class.method, outer.inner, Type.Method (Go receiver)
    kind TEXT NOT NULL,                    -- function | method | class | interface | struct
    start_line INTEGER NOT NULL,           -- 1-based, decorators included
    end_line INTEGER NOT NULL,
    parent TEXT,                           -- qualname of the enclosing symbol
    depth INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS index_symbols_path ON index_symbols(path, start_line);
CREATE INDEX IF NOT EXISTS index_symbols_name ON index_symbols(name);
CREATE INDEX IF NOT EXISTS index_symbols_qualname ON index_symbols(qualname);
CREATE TABLE IF NOT EXISTS index_calls (
    path TEXT NOT NULL,
    caller TEXT,                           -- qualname of the innermost enclosing symbol, NULL at top level
    callee TEXT NOT NULL,                  -- simple name called
    qualifier TEXT,                        -- receiver expression as written (self, os.path), truncated
    line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS index_calls_callee ON index_calls(callee);
CREATE INDEX IF NOT EXISTS index_calls_path ON index_calls(path);
CREATE TABLE IF NOT EXISTS index_imports (
    path TEXT NOT NULL,
    module TEXT NOT NULL,                  -- as written: '..models', './util', 'fmt'
    target TEXT NOT NULL,                  -- resolved: dotted module, repo path without extension, import path
    names TEXT NOT NULL,                   -- JSON list of imported names
    line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS index_imports_target ON index_imports(target);
CREATE INDEX IF NOT EXISTS index_imports_path ON index_imports(path);
CREATE TABLE IF NOT EXISTS index_bases (
    path TEXT NOT NULL,
    class_qualname TEXT NOT NULL,
    base TEXT NOT NULL,                    -- as written: models.Model, Base[T], Other
    base_name TEXT NOT NULL,               -- simple name: Model, Base, Other
    line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS index_bases_base_name ON index_bases(base_name);
CREATE INDEX IF NOT EXISTS index_bases_path ON index_bases(path, class_qualname);
"""


@migrations()
def m005_repository_index(db: Database) -> None:
    db.executescript(INDEX_SCHEMA)


@migrations()
def m006_evidence_content(db: Database) -> None:
    db.executescript(
        """
        ALTER TABLE evidence_events ADD COLUMN sha TEXT;   -- read / edit: the file's sha256 right after it
        ALTER TABLE evidence_events ADD COLUMN hits TEXT;  -- search: the files its output matched, one a line
        ALTER TABLE gate_sessions ADD COLUMN grounded TEXT;   -- keys of the edits already grounded, one a line
        """
    )


@migrations()
def m007_record_value_index(db: Database) -> None:
    # The inside of a string value's JSON quotes (3+ characters): what an action's text is searched
    # for (records.relevant_records). The hook reads it from this index on every side-effecting call
    # instead of taking every row's value apart.
    db.executescript(f"CREATE INDEX IF NOT EXISTS records_needle ON records(status, ({records_needle_sql()}));")


@migrations()
def m008_transcript_pending(db: Database) -> None:
    # The transcript lines of calls still waiting for their result (JSON list of strings): the next
    # call resumes reading after the last complete line instead of re-reading from the oldest
    # pending call, which a call that never gets a result would otherwise pin for the whole session.
    db.execute("ALTER TABLE gate_sessions ADD COLUMN transcript_pending TEXT")


def records_needle_sql() -> str:
    from statewise_cli.store.records import NEEDLE

    return NEEDLE


def apply(conn: sqlite3.Connection) -> None:
    migrations.apply(Database(conn, execute_plugins=False))
