"""The verifier interface contract: small, read-only, bounded adapters per record key.

A verifier looks at the live repository and environment and says what is true
*now* for the records it handles. It never writes, never reaches the network
unless allowed, and every external call it makes goes through
:meth:`VerifyContext.run` with a timeout. Adding one needs no change to the core:
register it in a module listed under ``[verifiers] modules`` in
``.statewise.toml`` (or in the built-in list) with :func:`register`.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Mapping
from fnmatch import fnmatchcase
from typing import Any, Protocol

from statewise_cli.config.settings import Settings
from statewise_cli.fast.struct import Struct, field
from statewise_cli.repo import RepoContext
from statewise_cli.store.records import Record
from statewise_cli.subproc import run_readonly

DEFAULT_TIMEOUT_S = 3.0
EVIDENCE_CHARS = 2000


class Observation(Struct):
    """What a verifier saw.

    ``agrees`` is True when the record's value holds, False when the evidence
    contradicts it (then ``value`` is the correct value, to repair to), None when
    the evidence is inconclusive. ``scope`` is the scope the evidence establishes.
    ``inputs`` maps what the observation depends on (file paths → sha256, ``HEAD``
    → commit) to invalidate it when they change.
    """

    verifier: str
    key: str
    value: Any
    scope: str
    agrees: bool | None
    evidence: str
    inputs: dict[str, str] = field(default_factory=dict)
    observed_at: float | None = None


class CannotVerify(Struct):
    verifier: str
    reason: str


class VerifyContext:
    """Everything a verifier may use: the repository, the environment, bounded commands."""

    def __init__(
        self,
        repo: RepoContext,
        env: Mapping[str, str],
        *,
        timeout: float = DEFAULT_TIMEOUT_S,
        allow_network: bool = False,
        settings: Settings | Mapping[str, Any] | None = None,
    ) -> None:
        self.repo = repo
        self.env = env
        self.timeout = timeout
        self.allow_network = allow_network
        from statewise_cli.config.settings import coerce

        self.settings = coerce(settings)
        self._cache: dict[tuple[str, ...], tuple[int, str]] = {}
        self.task = ""  # the developer's latest prompt, when a premise reader needs to know what was asked

    @property
    def root(self) -> str:
        return self.repo.root

    def path(self, relative: str) -> str:
        return os.path.join(self.repo.root, relative)

    def run(self, *argv: str, timeout: float | None = None, cwd: str | None = None) -> tuple[int, str]:
        """Run a read-only command; (exit code, stdout+stderr). 124 on timeout, 127 when missing."""
        key = (cwd or self.repo.root, *argv)
        if key in self._cache:
            return self._cache[key]
        result = run_readonly(argv, cwd or self.repo.root, self.env, timeout or self.timeout)
        self._cache[key] = result
        return result

    def git(self, *args: str, timeout: float | None = None) -> tuple[int, str]:
        return self.run("git", *args, timeout=timeout)

    def read(self, relative: str, limit: int = 1_000_000) -> str | None:
        try:
            with open(self.path(relative), encoding="utf-8", errors="replace") as fh:
                return fh.read(limit)
        except OSError:
            return None

    def file_hash(self, relative: str) -> str:
        try:
            with open(self.path(relative), "rb") as fh:
                return hashlib.sha256(fh.read()).hexdigest()
        except OSError:
            return "missing"

    def head(self) -> str:
        code, out = self.git("rev-parse", "HEAD")
        return out.strip() if code == 0 else "none"


class Verifier(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def keys(self) -> tuple[str, ...]: ...  # key patterns (fnmatch) this verifier handles

    def verify(self, record: Record, ctx: VerifyContext) -> Observation | CannotVerify: ...


_REGISTRY: list[Verifier] = []


def register(verifier: Verifier) -> Verifier:
    """Add a verifier; later registrations are tried first (a project can override a built-in)."""
    _REGISTRY.insert(0, verifier)
    return verifier


def registered() -> list[Verifier]:
    return list(_REGISTRY)


def for_key(key: str) -> list[Verifier]:
    return [v for v in _REGISTRY if any(_matches(key, pattern) for pattern in v.keys)]


def _matches(key: str, pattern: str) -> bool:
    """``fnmatchcase``, without compiling a pattern that has no wildcard (it matches only itself): most verifiers
    name their keys literally, and each pattern compiled is a regular expression per process."""
    return fnmatchcase(key, pattern) if "*" in pattern or "?" in pattern or "[" in pattern else key == pattern


def excerpt(text: str) -> str:
    text = text.strip()
    return text if len(text) <= EVIDENCE_CHARS else text[:EVIDENCE_CHARS] + "…"


def now() -> float:
    return time.time()


# --- helpers shared by the built-in verifiers (not part of the contract) ---


def observe(
    verifier: str, record: Record, value: Any, scope: str, agrees: bool | None, evidence: str,
    inputs: dict[str, str] | None = None,
) -> Observation:
    return Observation(
        verifier=verifier, key=record.key, value=value, scope=scope, agrees=agrees,
        evidence=excerpt(evidence), inputs=dict(inputs or {}), observed_at=now(),
    )


def as_bool(value: Any) -> bool | None:
    """A record's boolean value: true/false, or the usual words for them; None otherwise."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in ("true", "yes", "on", "1", "set", "available", "installed", "present", "exists"):
            return True
        if word in ("false", "no", "off", "0", "unset", "not set", "missing", "absent", "none"):
            return False
    return None


def which(name: str, env: Mapping[str, str]) -> str | None:
    """``shutil.which`` against the verified environment's PATH, not this process's."""
    import shutil

    return shutil.which(name, path=env.get("PATH", os.defpath))


def network_allowed(ctx: VerifyContext) -> bool:
    return ctx.allow_network or ctx.settings.verifiers.network


def read_toml(ctx: VerifyContext, relative: str) -> dict[str, Any] | None:
    """A repo file parsed as TOML; None when missing or invalid."""
    text = ctx.read(relative)
    if text is None:
        return None
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


def read_json(ctx: VerifyContext, relative: str) -> Any:
    text = ctx.read(relative)
    if text is None:
        return None
    from statewise_cli.fast import jsonfast as json  # no `re` on the hook path (see jsonfast)

    try:
        return json.loads(text)
    except ValueError:
        return None


def dig(data: Any, *path: str) -> Any:
    for part in path:
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data
