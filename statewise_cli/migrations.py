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


def apply(conn: sqlite3.Connection) -> None:
    migrations.apply(Database(conn, execute_plugins=False))
