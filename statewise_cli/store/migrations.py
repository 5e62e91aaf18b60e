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


@migrations()
def m005_repository_index(db: Database) -> None:
    # The tree-sitter repository index lives in the same store (DDL kept beside its queries).
    from statewise_cli.gate.index import DDL

    db.executescript(DDL)


def apply(conn: sqlite3.Connection) -> None:
    migrations.apply(Database(conn, execute_plugins=False))
