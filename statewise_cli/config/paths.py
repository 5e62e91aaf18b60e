"""Where statewise keeps things, and the settings that steer the hook.

``$STATEWISE_HOME`` (when set) holds both the global store and the user config;
otherwise the XDG state and config directories are used. Repository settings come
from ``.statewise.toml`` at the work-tree root; ``STATEWISE_*`` variables win over
both.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

STORE_FILENAME = "store.db"  # inside <git-common-dir>/statewise/
ON_ERROR_MODES = ("guard", "allow", "deny")
DEFAULT_DEADLINE_S = 10.0


def state_home(env: Mapping[str, str]) -> str:
    if env.get("STATEWISE_HOME"):
        return env["STATEWISE_HOME"]
    base = env.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "statewise")


def config_home(env: Mapping[str, str]) -> str:
    if env.get("STATEWISE_HOME"):
        return env["STATEWISE_HOME"]
    base = env.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "statewise")


def claude_config_dir(env: Mapping[str, str]) -> str:
    """Claude Code's configuration directory (settings, auto memory, transcripts)."""
    return env.get("CLAUDE_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".claude")


def codex_home(env: Mapping[str, str]) -> str:
    """Codex CLI's home (hooks.json, config.toml with hook trust, AGENTS.md, sessions)."""
    return env.get("CODEX_HOME") or os.path.join(os.path.expanduser("~"), ".codex")


def global_store_path(env: Mapping[str, str]) -> str:
    return os.path.join(state_home(env), "global.db")


def log_dir(env: Mapping[str, str]) -> str:
    return os.path.join(state_home(env), "logs")


def _load_toml(path: str) -> dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from exc
    import tomllib  # only when a config file exists

    try:
        return tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from exc


def load_settings(repo_root: str | None, env: Mapping[str, str]) -> dict[str, Any]:
    """User config, then the repository's ``.statewise.toml`` on top (shallow per table)."""
    merged: dict[str, Any] = {}
    sources = [os.path.join(config_home(env), "config.toml")]
    if repo_root:
        sources.append(os.path.join(repo_root, ".statewise.toml"))
    for path in sources:
        for table, values in _load_toml(path).items():
            if isinstance(values, dict) and isinstance(merged.get(table), dict):
                merged[table] = {**merged[table], **values}
            else:
                merged[table] = values
    return merged


def on_error_mode(settings: Mapping[str, Any], env: Mapping[str, str]) -> str:
    mode = env.get("STATEWISE_ON_ERROR") or settings.get("hook", {}).get("on_error") or "guard"
    mode = str(mode).strip().lower()
    if mode not in ON_ERROR_MODES:
        raise ConfigError(
            f"on_error must be one of {', '.join(ON_ERROR_MODES)}, not {mode!r}"
        )
    return mode


def deadline_seconds(settings: Mapping[str, Any], env: Mapping[str, str]) -> float:
    raw = env.get("STATEWISE_DEADLINE") or settings.get("hook", {}).get("deadline_seconds")
    if raw in (None, ""):
        return DEFAULT_DEADLINE_S
    try:
        value = float(raw)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"deadline_seconds must be a number, not {raw!r}") from exc
    if value <= 0:
        raise ConfigError("deadline_seconds must be positive")
    return value


def disabled(env: Mapping[str, str]) -> bool:
    return env.get("STATEWISE_DISABLE", "").strip().lower() in ("1", "true", "yes", "on")
