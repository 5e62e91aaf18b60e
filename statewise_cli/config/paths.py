"""Where statewise keeps things.

``$STATEWISE_HOME`` (when set) holds both the global store and the user config;
otherwise the XDG state and config directories are used. What the config files
say is read and validated in :mod:`statewise_cli.config.settings`.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

STORE_FILENAME = "store.db"  # inside <git-common-dir>/statewise/


def state_home(env: Mapping[str, str]) -> str:
    if env.get("STATEWISE_HOME"):
        return env["STATEWISE_HOME"]
    base = env.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "statewise")


def backup_path(path: str, env: Mapping[str, str]) -> str:
    """Where the previous version of ``path`` is kept: under ``$STATEWISE_HOME/backups/<time>/`` with
    the file's absolute path below it — never beside it in a work tree (where `git add -A` would take it)."""
    import time

    stamp = time.strftime("%Y%m%dT%H%M%S")
    return os.path.join(state_home(env), "backups", stamp, os.path.abspath(path).lstrip(os.sep))


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


def load_toml(path: str) -> dict[str, Any] | None:
    """A config file parsed as TOML; None when it does not exist."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from exc
    import tomllib  # only when a config file exists

    try:
        return tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from exc


def disabled(env: Mapping[str, str]) -> bool:
    return env.get("STATEWISE_DISABLE", "").strip().lower() in ("1", "true", "yes", "on")
