"""Typed operational records: ``r = (k, v, τ, σ, π)`` plus freshness, validity and lineage.

k = ``key``, v = ``value`` (any JSON), τ = ``type``, σ = ``scope`` and π = provenance
(``source`` + ``authority`` + ``observed_at``). ``status`` says whether the record is
the current belief; ``validity`` says what the last check of it found.
"""

from __future__ import annotations

import time

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.errors import UsageError
from statewise_cli.fast.struct import Struct

if TYPE_CHECKING:
    from typing import Any

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


def parse_value(text: str) -> Any:
    """CLI values are JSON when they parse as JSON (true, 3, ["a"]), else plain strings."""
    try:
        return json.loads(text)
    except ValueError:
        return text


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
        checked = (
            f"verified {age_text(self.verified_at, now)}" if self.verified_at else self.validity
        )
        stale = "; EXPIRED" if self.expired(now) else ""
        return (
            f"{self.key} = {self.value_text()} [{self.scope}; {self.source}; "
            f"{self.authority}; {checked}; observed {age_text(self.observed_at, now)}{stale}]"
        )
