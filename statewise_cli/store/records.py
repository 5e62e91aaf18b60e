"""Typed operational records: ``r = (k, v, τ, σ, π)`` plus freshness, validity and lineage;
and the ``records`` table's readers and writers (``Store``'s record methods call them).

k = ``key``, v = ``value`` (any JSON), τ = ``type``, σ = ``scope`` and π = provenance
(``source`` + ``authority`` + ``observed_at``). ``status`` says whether the record is
the current belief; ``validity`` says what the last check of it found.
"""

from __future__ import annotations

import os
import time

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.errors import UsageError
from statewise_cli.fast.struct import Struct

if TYPE_CHECKING:
    import sqlite3
    from typing import Any

    from statewise_cli.store.db import Store

STATUSES = ("active", "superseded", "retracted")
VALIDITIES = ("valid", "defective", "unresolved", "unchecked")
AUTHORITIES = ("environment", "developer", "agent", "document")
SOURCE_KINDS = ("memory-file", "transcript", "verifier", "user", "agent")
SCOPE_KINDS = ("global", "repository", "workspace", "branch", "path")

# Authority ranks decide which of two conflicting records wins.
AUTHORITY_RANK = {"environment": 3, "developer": 2, "document": 1, "agent": 0}


def now_ts() -> float:
    return time.time()


def iso(ts: float | None) -> str | None:
    if ts is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(ts))


def age_text(ts: float | None, now: float | None = None) -> str:
    if ts is None:
        return "never"
    seconds = max(0, int((now if now is not None else now_ts()) - ts))
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit} ago"
    return f"{seconds}s ago"


def parse_duration(text: str) -> int:
    """``90``, ``90s``, ``15m``, ``12h``, ``7d``, ``2w`` → seconds."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
    raw = text.strip().lower()
    factor = 1
    if raw and raw[-1] in units:
        factor = units[raw[-1]]
        raw = raw[:-1]
    try:
        value = int(raw)
    except ValueError:
        raise UsageError(f"invalid duration {text!r}: use e.g. 90s, 15m, 12h, 7d, 2w") from None
    if value <= 0:
        raise UsageError(f"duration must be positive: {text!r}")
    return value * factor


def validate_scope(scope: str) -> str:
    kind, _, arg = scope.partition(":")
    if kind not in SCOPE_KINDS:
        raise UsageError(
            f"invalid scope {scope!r}: use global, repository, workspace, branch:NAME or path:GLOB"
        )
    if kind in ("branch", "path") and not arg:
        raise UsageError(f"scope {kind}: needs a value, e.g. {kind}:{'main' if kind == 'branch' else 'src/**'}")
    if kind in ("global", "repository", "workspace") and arg:
        raise UsageError(f"scope {kind!r} takes no value")
    return scope


def validate_source(source: str) -> str:
    kind = source.split(":", 1)[0]
    if kind not in SOURCE_KINDS:
        raise UsageError(
            f"invalid source {source!r}: use memory-file:PATH:LINE, transcript, verifier, user or agent"
        )
    return source


def validate_choice(value: str, choices: tuple[str, ...], what: str) -> str:
    if value not in choices:
        raise UsageError(f"invalid {what} {value!r}: use one of {', '.join(choices)}")
    return value


# Keys whose value is a yes/no: ``git.branch.protected`` and every ``*.protected`` / ``*_protected``.
BOOLEAN_KEYS = frozenset({"git.branch.protected"})
_BOOLEAN_WORDS = {"true": True, "yes": True, "false": False, "no": False}


def boolean_key(key: str) -> bool:
    last = key.rsplit(".", 1)[-1]
    return key in BOOLEAN_KEYS or last == "protected" or last.endswith("_protected")


def _not_boolean(key: str, given: str) -> UsageError:
    return UsageError(f"{key} takes a boolean: use true, false, yes or no (got {given!r})")


def parse_value(text: str, key: str | None = None) -> Any:
    """CLI values are JSON when they parse as JSON (true, 3, ["a"]), else plain strings. A boolean
    key (:func:`boolean_key`) takes true/false/yes/no only: anything else is a usage error, so an
    answer like ``maybe`` never lands as a truthy string the check reads as "not protected"."""
    if key is not None and boolean_key(key):
        word = text.strip().lower()
        if word not in _BOOLEAN_WORDS:
            raise _not_boolean(key, text)
        return _BOOLEAN_WORDS[word]
    try:
        return json.loads(text)
    except ValueError:
        return text


def check_value(key: str, value: Any) -> Any:
    """``value`` when it fits ``key``'s type; a boolean key holds only true or false."""
    if boolean_key(key) and not isinstance(value, bool):
        raise _not_boolean(key, value if isinstance(value, str) else json.dumps(value))
    return value


def scope_matches(scope: str, *, branch: str | None = None, path: str | None = None) -> bool:
    """Does a record of ``scope`` apply to an action on ``branch`` / repo-relative ``path``?"""
    kind, _, arg = scope.partition(":")
    if kind in ("global", "repository", "workspace"):
        return True
    from fnmatch import fnmatchcase

    if kind == "branch":
        return branch is not None and fnmatchcase(branch, arg)
    if kind == "path":
        return path is not None and (fnmatchcase(path, arg) or path.startswith(arg.rstrip("/") + "/"))
    return False


class Record(Struct):
    id: str
    key: str
    value: Any
    type: str
    scope: str
    observed_at: float
    stored_at: float
    expires_at: float | None
    source: str
    authority: str
    status: str
    validity: str
    verified_at: float | None
    supersedes: str | None
    superseded_by: str | None
    evidence: str | None

    @classmethod
    def from_row(cls, row: Any) -> Record:
        # Built slot by slot: the generic keyword constructor costs ~20 µs a record, and the
        # digest reads every active record on each prompt.
        record = object.__new__(cls)
        setter = object.__setattr__
        for name in cls.__slots__:
            setter(record, name, json.loads(row["value"]) if name == "value" else row[name])
        return record

    def expired(self, now: float | None = None) -> bool:
        return self.expires_at is not None and (now if now is not None else now_ts()) >= self.expires_at

    def value_text(self) -> str:
        return self.value if isinstance(self.value, str) else json.dumps(self.value)

    def to_json(self) -> dict[str, Any]:
        """The locked ``inspect-memory --json`` shape of one record."""
        return {
            "id": self.id,
            "key": self.key,
            "value": self.value,
            "type": self.type,
            "scope": self.scope,
            "status": self.status,
            "validity": self.validity,
            "source": self.source,
            "authority": self.authority,
            "observed_at": iso(self.observed_at),
            "stored_at": iso(self.stored_at),
            "expires_at": iso(self.expires_at),
            "verified_at": iso(self.verified_at),
            "supersedes": self.supersedes,
            "superseded_by": self.superseded_by,
            "evidence": self.evidence,
        }

    def describe(self, now: float | None = None) -> str:
        """One line for guidance text: key = value [scope; source; authority; validity, age]."""
        if self.verified_at and self.validity == "valid":
            checked = f"verified {age_text(self.verified_at, now)}"
        elif self.verified_at:  # checked, but nothing confirmed it (unresolved) or it was found wrong
            checked = f"{self.validity}, checked {age_text(self.verified_at, now)}"
        else:
            checked = self.validity
        stale = "; EXPIRED" if self.expired(now) else ""
        return (
            f"{self.key} = {self.value_text()} [{self.scope}; {self.source}; "
            f"{self.authority}; {checked}; observed {age_text(self.observed_at, now)}{stale}]"
        )


# ---------------------------------------------------------------- the records table
def new_id() -> str:
    return os.urandom(6).hex()


def _default_validity(authority: str) -> str:
    # What a developer states or the environment shows is valid when stored;
    # what an agent or a document claims has to be checked first.
    return "valid" if authority in ("developer", "environment") else "unchecked"


def _select(store: Store, where: str = "1", params: tuple[Any, ...] = (), limit: int = -1) -> list[Record]:
    rows = store.conn.execute(
        f"SELECT * FROM records WHERE {where} ORDER BY key, stored_at, rowid LIMIT ?", (*params, limit)
    ).fetchall()
    return [Record.from_row(r) for r in rows]


def active_records(store: Store, key: str | None = None) -> list[Record]:
    if key is None:
        return _select(store, "status = 'active'")
    return _select(store, "status = 'active' AND key = ?", (key,))


def live_record_ids(store: Store) -> list[str]:
    """The ids of the active records not found defective: what a memory digest hands over."""
    rows = store.conn.execute(
        "SELECT id FROM records WHERE status = 'active' AND validity != 'defective' ORDER BY key, stored_at, rowid"
    ).fetchall()
    return [r[0] for r in rows]


def outranking_keys(store: Store) -> set[str]:
    """The keys of the active records a memory-file line cannot outrank: developer or environment authority,
    not themselves from a memory file."""
    stronger = sorted(a for a, rank in AUTHORITY_RANK.items() if rank > AUTHORITY_RANK["document"])
    rows = store.conn.execute(
        f"SELECT DISTINCT key FROM records WHERE status = 'active' AND authority IN ({', '.join('?' * len(stronger))})"
        " AND substr(source, 1, 12) != 'memory-file:'", stronger).fetchall()
    return {r[0] for r in rows}


def unchecked_records(store: Store, limit: int) -> list[Record]:
    """Active records nothing has confirmed yet (unchecked, unresolved or never verified), leaving out
    developer statements and ``policy.*`` intent: the first ``limit`` in ``active_records`` order,
    filtered in SQLite rather than by reading every record."""
    return _select(store, "status = 'active' AND (validity IN ('unchecked', 'unresolved') OR verified_at IS NULL)"
                   " AND substr(key, 1, 7) != 'policy.' AND authority != 'developer'", limit=limit) if limit > 0 else []


# The inside of a string value's JSON quotes when it has 3+ characters, else NULL. Spelled exactly so
# in the index ``records_needle`` (migration 7) and in the query below, which is how SQLite finds the
# index: the search reads the index alone, not every row.
NEEDLE = ("CASE WHEN substr(value, 1, 1) = '\"' AND length(value) >= 5"
          " THEN substr(value, 2, length(value) - 2) END")


def _glob_prefix(pattern: str) -> str:
    """The literal start of a GLOB pattern (before its first wildcard)."""
    for i, ch in enumerate(pattern):
        if ch in "*?[":
            return pattern[:i]
    return pattern


def relevant_records(store: Store, keys: set[str], patterns: set[str], texts: list[str]) -> list[Record]:
    """Active records an action may rest on: these keys, these key globs, or a string value
    (3+ characters) that appears in one of ``texts``. Filtered in SQLite, not in Python: a store
    holds thousands of records and the hook runs on every tool call. Each part is its own indexed
    search (keys and glob prefixes by ``records_key_status``, values by ``records_needle``); an OR
    of them would read every row."""
    parts, params = [], []
    if keys:
        parts.append(f"SELECT rowid FROM records WHERE key IN ({', '.join('?' for _ in keys)}) AND status = 'active'")
        params += sorted(keys)
    for pattern in sorted(patterns):
        prefix = _glob_prefix(pattern)
        if prefix:
            # GLOB with a bound pattern cannot use the index; the range over its literal start can.
            parts.append("SELECT rowid FROM records WHERE key >= ? AND key < ? AND key GLOB ? AND +status = 'active'")  # + : by key, not status
            params += [prefix, prefix[:-1] + chr(ord(prefix[-1]) + 1), pattern]
        else:
            parts.append("SELECT rowid FROM records WHERE key GLOB ? AND status = 'active'")
            params.append(pattern)
    wanted = [t for t in texts if t]
    if wanted:
        # One search for all texts, joined by a unit separator; a value holding that character (none
        # does in practice) could match across two texts, so it is left to the key searches.
        parts.append(f"SELECT rowid FROM records WHERE status = 'active' AND instr(?, {NEEDLE}) > 0"
                     f" AND instr({NEEDLE}, char(31)) = 0")
        params.append("\x1f".join(wanted))
    if not parts:
        return []
    return _select(store, f"rowid IN ({' UNION ALL '.join(parts)})", tuple(params))


def all_records(store: Store) -> list[Record]:
    return _select(store)


def get(store: Store, record_id: str) -> Record | None:
    found = _select(store, "id = ?", (record_id,))
    return found[0] if found else None


def history(store: Store, key: str) -> list[Record]:
    """Every version of ``key``, oldest first: the lineage chain."""
    return _select(store, "key = ?", (key,))


def changed_record_rows(store: Store) -> list[dict[str, Any]]:
    """Superseded, retracted or defective records as raw rows (``value`` still JSON text), oldest first."""
    return [dict(r) for r in store.conn.execute(
        "SELECT * FROM records WHERE status IN ('superseded', 'retracted') OR validity = 'defective' "
        "ORDER BY stored_at")]


def active_value_texts(store: Store) -> dict[str, str]:
    """key -> value (JSON text) of the active records."""
    return {r["key"]: r["value"] for r in store.conn.execute("SELECT key, value FROM records WHERE status = 'active'")}


def count(store: Store, status: str | None = "active") -> int:
    if status is None:
        return int(store.conn.execute("SELECT count(*) FROM records").fetchone()[0])
    return int(
        store.conn.execute("SELECT count(*) FROM records WHERE status = ?", (status,)).fetchone()[0]
    )


def _insert(conn: sqlite3.Connection, **fields: Any) -> str:
    record_id = new_id()
    fields = {"id": record_id, **fields}
    fields["value"] = json.dumps(fields["value"], sort_keys=True)
    cols = ", ".join(fields)
    marks = ", ".join("?" for _ in fields)
    conn.execute(f"INSERT INTO records ({cols}) VALUES ({marks})", tuple(fields.values()))
    return record_id


def put(
    store: Store,
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
    check_value(key, value)
    now = now_ts()
    observed = observed_at if observed_at is not None else now
    validity = validity or _default_validity(authority)
    if key.startswith("config.") and "#" in key:
        value, evidence = _hide_secret(store, key, value, evidence)
    with store.write() as conn:
        previous = conn.execute(
            "SELECT id FROM records WHERE key = ? AND scope = ? AND status = 'active'",
            (key, scope),
        ).fetchall()
        new = _insert(
            conn,
            key=key,
            value=value,
            type=type,
            scope=scope,
            observed_at=observed,
            stored_at=now,
            expires_at=(observed + ttl_seconds) if ttl_seconds else None,
            ttl_seconds=ttl_seconds,
            source=source,
            authority=authority,
            status="active",
            validity=validity,
            verified_at=now if validity == "valid" else None,
            supersedes=previous[0]["id"] if previous else None,
            evidence=evidence,
        )
        for row in previous:
            conn.execute(
                "UPDATE records SET status = 'superseded', superseded_by = ? WHERE id = ?",
                (new, row["id"]),
            )
    store.records_written = True
    record = get(store, new)
    assert record is not None
    return record


def _hide_secret(store: Store, key: str, value: Any, evidence: str | None) -> tuple[Any, str | None]:
    """A secret-looking config value is kept as the store's keyed hash; its evidence text is redacted."""
    from statewise_cli.store.redact import is_hashed, keyed_hash, redact, secret_name, secret_value

    if is_hashed(value):
        return value, evidence
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    name = key.split("#", 1)[1]
    if secret_name(name) or secret_value(text):
        return keyed_hash(os.path.dirname(store.path), text), redact(evidence) if evidence else evidence
    return value, evidence


def repair(store: Store, key: str, value: Any, *, scope: str | None = None, evidence: str | None = None) -> tuple[list[Record], Record]:
    """A developer-authority correction of ``key``; returns (superseded records, new record).

    Without ``scope`` the correction takes the scope of the record it repairs, so a
    branch-scoped fact stays branch-scoped.
    """
    current = active_records(store, key)
    if scope is None:
        scopes = sorted({r.scope for r in current})
        if len(scopes) > 1:
            raise UsageError(
                f"{key} has active records in several scopes ({', '.join(scopes)}): pass --scope"
            )
        scope = scopes[0] if scopes else "repository"
    replaced = [r for r in current if r.scope == scope]
    record_type = replaced[-1].type if replaced else "fact"
    new = put(
        store,
        key,
        value,
        type=record_type,
        scope=scope,
        source="user",
        authority="developer",
        evidence=evidence or "manual repair by the developer (statewise repair)",
    )
    return [get(store, r.id) or r for r in replaced], new


def forget(store: Store, key: str, *, scope: str | None = None, reason: str | None = None) -> list[Record]:
    """Retract the active records of ``key`` (in ``scope``); they stay in the history."""
    with store.write() as conn:
        rows = conn.execute(
            "SELECT id FROM records WHERE key = ? AND status = 'active'"
            + (" AND scope = ?" if scope else ""),
            (key, scope) if scope else (key,),
        ).fetchall()
        for row in rows:
            conn.execute(
                "UPDATE records SET status = 'retracted', evidence = coalesce(?, evidence) WHERE id = ?",
                (reason or "retracted by the developer (statewise forget)", row["id"]),
            )
    return [r for r in (get(store, row["id"]) for row in rows) if r is not None]


def retract(store: Store, record_id: str, reason: str) -> None:
    with store.write() as conn:
        conn.execute(
            "UPDATE records SET status = 'retracted', evidence = ? WHERE id = ? AND status = 'active'",
            (reason, record_id),
        )


def move_source(store: Store, record_id: str, source: str) -> None:
    with store.write() as conn:
        conn.execute("UPDATE records SET source = ? WHERE id = ?", (source, record_id))


def records_from_file(store: Store, label: str, *, active_only: bool) -> list[Record]:
    prefix = f"memory-file:{label}:"
    where = "substr(source, 1, ?) = ?" + (" AND status = 'active'" if active_only else "")
    return _select(store, where, (len(prefix), prefix))


def set_validity(store: Store, record_id: str, validity: str, *, verified_at: float | None = None) -> None:
    with store.write() as conn:
        conn.execute(
            "UPDATE records SET validity = ?, verified_at = coalesce(?, verified_at) WHERE id = ?",
            (validity, verified_at, record_id),
        )
