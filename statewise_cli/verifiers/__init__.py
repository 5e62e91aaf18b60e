"""Read-only verifiers: what is true now for a record's key.

:func:`load` imports the built-in verifier modules once, then every extra module
named in settings ``[verifiers] modules = ["pkg.mod"]``; each module registers its
verifiers at import (see :mod:`.base`), so a project adds one without changing the
core. :func:`for_key` then returns the verifiers for a key, project ones first.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from statewise_cli.config.settings import Settings
from statewise_cli.errors import ConfigError
from statewise_cli.verifiers.base import (
    CannotVerify,
    Observation,
    Verifier,
    VerifyContext,
    for_key,
    register,
    registered,
)

__all__ = [
    "BUILTIN_MODULES", "CannotVerify", "Observation", "Verifier", "VerifyContext", "for_key", "load",
    "register", "registered",
]

BUILTIN_MODULES = ("git", "runtime", "project", "paths", "config_values")
_imported: set[str] = set()


def _import(name: str) -> None:
    if name in _imported:
        return
    try:
        importlib.import_module(name)
    except Exception as exc:  # a broken plugin is a configuration error, not a crash
        raise ConfigError(f"cannot load verifier module {name!r}: {type(exc).__name__}: {exc}") from exc
    _imported.add(name)


def load(settings: Settings | Mapping[str, Any] | None = None) -> None:
    """Import the built-in verifiers (once) and the modules listed under ``[verifiers] modules``."""
    for module in BUILTIN_MODULES:
        _import(f"{__name__}.{module}")
    from statewise_cli.config.settings import coerce

    for module in coerce(settings).verifiers.modules:
        _import(module)
