"""Action contracts: which records an operation rests on, and what must hold for it to run.

Built-ins live in ``contracts.toml`` beside this module; a project adds or
replaces contracts (by operation) in ``.statewise.toml`` with the same
``[[contract]]`` tables. A new contract needs no change to the core.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~5 ms to import on the hook path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from statewise_cli.config.settings import Settings

import os

from statewise_cli.config import paths as config
from statewise_cli.errors import ConfigError
from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)
from statewise_cli.fast.struct import Struct

_BUILTIN: list[dict[str, Any]] | None = None


class Contract(Struct):
    operation: str
    slot: str | None = None
    record: str | None = None  # a key or a key pattern (path.*)
    scope: str | None = None  # scope template, e.g. branch:{target}
    role: str = "argument"  # guard | argument
    match: str = "exact"  # exact | prefix | path | command
    forbid_when: Any = None
    invariants: tuple[str, ...] = ()
    alternative: str = ""


def _builtin() -> list[dict[str, Any]]:
    """The built-in contracts. Parsed TOML is cached as JSON in the state directory:
    ``tomllib`` (and the ``typing`` it pulls in) costs ~10 ms, more than the rest of the hook."""
    global _BUILTIN
    if _BUILTIN is None:
        source = os.path.join(os.path.dirname(__file__), "contracts.toml")
        stat = os.stat(source)
        cache = os.path.join(config.state_home(os.environ), "cache", f"contracts-{stat.st_mtime_ns}-{stat.st_size}.json")
        try:
            with open(cache, encoding="utf-8") as fh:
                _BUILTIN = json.load(fh)
        except (OSError, ValueError):
            import tomllib

            with open(source, "rb") as fh:
                _BUILTIN = tomllib.load(fh)["contract"]
            try:
                os.makedirs(os.path.dirname(cache), exist_ok=True)
                tmp = f"{cache}.{os.getpid()}.tmp"
                with open(tmp, "w", encoding="utf-8") as fh:
                    json.dump(_BUILTIN, fh)
                os.replace(tmp, cache)
            except OSError:
                pass  # a read-only state directory only costs the parse
    return _BUILTIN


def _make(entry: Mapping[str, Any], origin: str) -> Contract:
    if not isinstance(entry, dict) or not isinstance(entry.get("operation"), str):
        raise ConfigError(f"{origin}: every [[contract]] needs an operation")
    unknown = set(entry) - set(Contract.__slots__)
    if unknown:
        raise ConfigError(f"{origin}: unknown contract field(s) {', '.join(sorted(unknown))}")
    values = dict(entry)
    values["invariants"] = tuple(values.get("invariants", ()))
    if values.get("role", "argument") not in ("guard", "argument"):
        raise ConfigError(f"{origin}: contract role must be guard or argument")
    return Contract(**values)


_BUILTIN_BY_OP: dict[str, list[Contract]] | None = None


def builtin_by_op() -> dict[str, list[Contract]]:
    """The built-in contracts by operation, made once per process (the hook server makes them before it
    forks, so no call does)."""
    global _BUILTIN_BY_OP
    if _BUILTIN_BY_OP is None:
        made: dict[str, list[Contract]] = {}
        for entry in _builtin():
            contract = _make(entry, "built-in contracts")
            made.setdefault(contract.operation, []).append(contract)
        _BUILTIN_BY_OP = made
    return _BUILTIN_BY_OP


def load(settings: Settings) -> dict[str, list[Contract]]:
    """Contracts by operation; a project's contract for an operation replaces the built-in ones."""
    by_op = {operation: list(contracts) for operation, contracts in builtin_by_op().items()}
    project: dict[str, list[Contract]] = {}
    for entry in settings.contracts:
        contract = _make(entry, ".statewise.toml")
        project.setdefault(contract.operation, []).append(contract)
    by_op.update(project)
    return by_op
