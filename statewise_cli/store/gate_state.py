"""The evidence gate's tables: gate_sessions, evidence_events, gate_conditions, gate_holds.

``gate/engine.py`` decides what counts as evidence and which conditions hold; every read and write
of its state is here. Rows come back as ``sqlite3.Row`` (by column name) or plain values; JSON
columns (``tests``, ``detail``, ``missing``) are passed in and returned as text.
"""

from __future__ import annotations

from statewise_cli.store.records import now_ts

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from statewise_cli.store.db import Store


# --------------------------------------------------------------------- sessions
def session(store: Store, session_id: str) -> dict[str, Any]:
    """The session's row, created empty on first use."""
    row = store.conn.execute("SELECT * FROM gate_sessions WHERE session_id = ?", (session_id,)).fetchone()
    if row is None:
        with store.write() as conn:
            conn.execute("INSERT OR IGNORE INTO gate_sessions (session_id, updated_at) VALUES (?, ?)", (session_id, now_ts()))
        row = store.conn.execute("SELECT * FROM gate_sessions WHERE session_id = ?", (session_id,)).fetchone()
    return dict(row)


def find_session(store: Store, session_id: str | None) -> dict[str, Any] | None:
    """The session's row (the most recently updated one without ``session_id``), or None."""
    if session_id is None:
        row = store.conn.execute("SELECT * FROM gate_sessions ORDER BY updated_at DESC LIMIT 1").fetchone()
    else:
        row = store.conn.execute("SELECT * FROM gate_sessions WHERE session_id = ?", (session_id,)).fetchone()
    return dict(row) if row is not None else None


def note_task(store: Store, session_id: str, task: str, bugfix: bool) -> None:
    """The session's task (the first one stays) and whether any prompt asked for a fix."""
    with store.write() as conn:
        conn.execute("INSERT OR IGNORE INTO gate_sessions (session_id, updated_at) VALUES (?, ?)", (session_id, now_ts()))
        conn.execute("UPDATE gate_sessions SET task = coalesce(task, ?), bugfix = max(bugfix, ?) WHERE session_id = ?",
                     (task, int(bugfix), session_id))


def grounded(store: Store, session_id: str) -> str:
    """The keys (file content hash, lines, change) of the edits this session already grounded."""
    row = store.conn.execute("SELECT grounded FROM gate_sessions WHERE session_id = ?", (session_id,)).fetchone()
    return (row[0] or "") if row else ""


def add_grounded(store: Store, session_id: str, key: str, keep: int = 64) -> None:
    keys = [k for k in grounded(store, session_id).split("\n") if k][-(keep - 1):] + [key]
    with store.write() as conn:
        conn.execute("INSERT OR IGNORE INTO gate_sessions (session_id, updated_at) VALUES (?, ?)", (session_id, now_ts()))
        conn.execute("UPDATE gate_sessions SET grounded = ? WHERE session_id = ?", ("\n".join(keys), session_id))


def set_transcript_offset(store: Store, session_id: str, path: str, offset: int, pending: str | None = None) -> None:
    """Where the next call resumes reading the transcript; ``pending``: the lines (a JSON list) of the
    calls before ``offset`` still waiting for their result."""
    with store.write() as conn:
        conn.execute("UPDATE gate_sessions SET transcript_path = ?, transcript_offset = ?, transcript_pending = ?"
                     " WHERE session_id = ?", (path, offset, pending, session_id))


# --------------------------------------------------------------------- evidence events
def add_events(store: Store, session_id: str, last_step: int, rows: Iterable[tuple[Any, ...]]) -> int:
    """Append events after step ``last_step``; returns how many rows were new.

    Each row is (call_id, step, kind, path, line_start, line_end, pattern, command, exit_code, tests JSON,
    source[, sha, hits]). The same call can arrive twice (hook ledger, then transcript): the first row stays, but an
    exit code or test outcome only the later source knows is taken (Codex's PostToolUse carries no exit
    code; its rollout does). The session's step counter moves to the last row's step.
    """
    added, step = 0, last_step
    with store.write() as conn:
        for row in rows:
            step = row[1]
            if len(row) == 11:
                row = (*row, None, None)
            cur = conn.execute(
                "INSERT INTO evidence_events (session_id, call_id, step, kind, path, line_start, line_end,"
                " pattern, command, exit_code, tests, source, sha, hits, at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT(session_id, call_id, kind, path) DO UPDATE SET"
                " exit_code = coalesce(evidence_events.exit_code, excluded.exit_code),"
                " tests = coalesce(evidence_events.tests, excluded.tests)",
                (session_id, *row, now_ts()),
            )
            added += cur.rowcount
        conn.execute("UPDATE gate_sessions SET steps = ?, updated_at = ? WHERE session_id = ?", (step, now_ts(), session_id))
    return added


def event_tuples(store: Store, session_id: str, kinds: tuple[str, ...] | None = None,
                 after_step: int | None = None) -> list[tuple[Any, ...]]:
    """(step, kind, path, line_start, line_end, pattern, command, exit_code, tests, sha, hits) of the
    session's events in step order, as plain tuples; ``kinds``: only events of those kinds;
    ``after_step``: only events after that step."""
    cur = store.conn.cursor()
    cur.row_factory = None
    where = ""
    params: list[Any] = [session_id]
    if after_step is not None:
        where += " AND step > ?"
        params.append(after_step)
    if kinds:
        where += f" AND kind IN ({', '.join('?' * len(kinds))})"
        params += kinds
    return cur.execute(
        "SELECT step, kind, path, line_start, line_end, pattern, command, exit_code, tests, sha, hits"
        f" FROM evidence_events WHERE session_id = ?{where} ORDER BY step, id", params).fetchall()


def event_rows(store: Store, session_id: str) -> list[Any]:
    """The session's evidence events in step order."""
    return store.conn.execute(
        "SELECT * FROM evidence_events WHERE session_id = ? ORDER BY step, id", (session_id,)).fetchall()


def failing_test_outcomes(store: Store, session_id: str) -> list[str]:
    """The ``tests`` JSON of the session's commands whose outcome names a test by ``path::name``."""
    return [row[0] for row in store.conn.execute(
        "SELECT tests FROM evidence_events WHERE session_id = ? AND kind = 'command' AND tests LIKE '%::%'",
        (session_id,))]


def hook_delivers(store: Store, session_id: str) -> bool:
    """Has the agent's PostToolUse hook delivered a call's result in this session?"""
    return store.conn.execute(
        "SELECT 1 FROM evidence_events WHERE session_id = ? AND source = 'hook' LIMIT 1", (session_id,)).fetchone() is not None


def has_edit(store: Store, session_id: str) -> bool:
    """Has the session edited anything yet?"""
    return store.conn.execute(
        "SELECT 1 FROM evidence_events WHERE session_id = ? AND kind = 'edit' LIMIT 1", (session_id,)).fetchone() is not None


# --------------------------------------------------------------------- conditions
def put_condition(store: Store, session_id: str, row: tuple[Any, ...]) -> None:
    """(id, action_type, kind, entity, path, line_start, line_end, detail JSON); grounded again (a later
    edit of the same entity), the latest proposal decides the lines and the detail."""
    with store.write() as conn:
        conn.execute(
            "INSERT INTO gate_conditions (id, session_id, action_type, kind, entity, path, line_start, line_end,"
            " detail, created_at) VALUES (?,?,?,?,?,?,?,?,?,?)"
            " ON CONFLICT(session_id, kind, entity, path) DO UPDATE SET line_start = excluded.line_start,"
            " line_end = excluded.line_end, detail = excluded.detail",
            (row[0], session_id, *row[1:], now_ts()),
        )


def condition_rows(store: Store, session_id: str) -> list[Any]:
    return store.conn.execute("SELECT * FROM gate_conditions WHERE session_id = ? ORDER BY created_at, rowid",
                              (session_id,)).fetchall()


# --------------------------------------------------------------------- holds
def hold_count(store: Store, session_id: str, target: str) -> int:
    row = store.conn.execute("SELECT holds FROM gate_holds WHERE session_id = ? AND target = ?",
                             (session_id, target)).fetchone()
    return row["holds"] if row else 0


def save_hold(store: Store, session_id: str, target: str, holds: int, fallback: bool, missing: str) -> None:
    with store.write() as conn:
        conn.execute(
            "INSERT INTO gate_holds (session_id, target, holds, fallback, missing, at) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(session_id, target) DO UPDATE SET holds = excluded.holds, fallback = excluded.fallback,"
            " missing = excluded.missing, at = excluded.at",
            (session_id, target, holds, int(fallback), missing, now_ts()),
        )


def save_fallback(store: Store, session_id: str, target: str, missing: str) -> None:
    """A fallback that is not counted as a hold (the hold count stays)."""
    with store.write() as conn:
        conn.execute(
            "INSERT INTO gate_holds (session_id, target, holds, fallback, missing, at) VALUES (?, ?, 0, 1, ?, ?)"
            " ON CONFLICT(session_id, target) DO UPDATE SET fallback = 1, missing = excluded.missing, at = excluded.at",
            (session_id, target, missing, now_ts()),
        )


def hold_rows(store: Store, session_id: str) -> list[Any]:
    return store.conn.execute("SELECT * FROM gate_holds WHERE session_id = ? ORDER BY at", (session_id,)).fetchall()
