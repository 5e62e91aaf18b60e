"""Health checks: the store, recorded incidents, and the hook installations."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time

from statewise_cli.config import paths as config
from statewise_cli.config import settings as configured
from statewise_cli.errors import StatewiseError
from statewise_cli.fast.struct import Struct
from statewise_cli.install import hooks as install
from statewise_cli.repo import find_repo
from statewise_cli.store.db import STORE_FILENAME, Store, read_baseline
from statewise_cli.store.records import iso

TYPE_CHECKING = False  # typing costs ~6 ms to import (more under load): annotations only
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

INCIDENT_WINDOW_S = 7 * 86400


class Check(Struct):
    name: str
    status: str  # ok | warn | fail
    detail: str
    fix: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "status": self.status, "detail": self.detail, "fix": self.fix}


class Report(Struct):
    checks: list[Check]
    incidents: list[dict[str, Any]]

    @property
    def healthy(self) -> bool:
        return all(c.status != "fail" for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        return {
            "healthy": self.healthy,
            "checks": [c.to_json() for c in self.checks],
            "incidents": self.incidents,
        }


ACCEPT = "statewise doctor --accept-store"


def _store_checks(path: str, label: str) -> tuple[list[Check], list[dict[str, Any]]]:
    if not os.path.exists(path):
        held = read_baseline(path)
        if held:
            return [Check(label, "fail", f"the store at {path} is gone, though it held {held} records: the protection "
                          "they gave is lost and the hook treats it as an incident",
                          fix=f"restore the file, or run `{ACCEPT}` in your own terminal to start afresh")], []
        return [Check(label, "ok", f"no store yet at {path} (created on first use)")], []
    try:
        with Store.open(path, create=False) as store:
            quick = store.integrity()
            mode = store.journal_mode()
            counts = {t: store.table_count(t) for t in ("records", "evidence", "decisions", "incidents")}
            active = store.count("active")
            since = time.time() - INCIDENT_WINDOW_S
            incidents = store.rows("incidents", limit=20, since=since)
    except Exception as exc:  # noqa: BLE001 - doctor reports a broken store, it never crashes on one
        message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
        if getattr(exc, "code", None) == "store-emptied":
            fix = f"restore the store, or run `{ACCEPT}` in your own terminal if the loss was intended"
        else:
            fix = f"move {path} aside (it is kept for inspection), then run `{ACCEPT}` in your own terminal"
        return [Check(label, "fail", message, fix=fix)], []
    status = "ok" if quick == "ok" and mode == "wal" else "fail"
    detail = (
        f"{path}: {active} active of {counts['records']} records, {counts['evidence']} observations, "
        f"{counts['decisions']} decisions; integrity {quick}; journal {mode}"
    )
    for row in incidents:
        row["store"] = path
    return [Check(label, status, detail)], incidents


ACK_FILE = "incidents-acknowledged.json"
UNKNOWN = "?"  # incidents whose repository the hook could not tell (a payload it could not read)


def _acks(env: Mapping[str, str]) -> dict[str, float]:
    """When incidents were last acknowledged, per store path (and ``*`` for every store)."""
    try:
        with open(os.path.join(config.state_home(env), ACK_FILE), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    return {k: float(v) for k, v in data.items() if isinstance(v, (int, float))} if isinstance(data, dict) else {}


def acknowledge_incidents(cwd: str, env: Mapping[str, str], *, everywhere: bool = False) -> int:
    """``doctor --ack``: the incidents recorded until now stop being reported (they stay in the store).

    Returns how many incidents were showing and are now acknowledged.
    """
    showing = len(run(cwd, env, everywhere=everywhere).incidents)
    acks = _acks(env)
    now = time.time()
    for key in (["*"] if everywhere else [*_own_stores(cwd, env), UNKNOWN]):
        acks[key] = now
    directory = config.state_home(env)
    os.makedirs(directory, exist_ok=True)
    tmp = os.path.join(directory, f"{ACK_FILE}.tmp-{os.getpid()}")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(acks, fh, indent=2)
    os.replace(tmp, os.path.join(directory, ACK_FILE))
    return showing


def _logged_cwd(row: Mapping[str, Any]) -> str | None:
    """The ``cwd`` of the payload kept in an incident's log file, for an incident the hook could
    not tie to a store (a payload it could not parse as a whole)."""
    path = row.get("log_path")
    if not isinstance(path, str):
        return None
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read(1 << 20)
    except OSError:
        return None
    start = text.find('"cwd": "')
    if start < 0:
        return None
    try:
        value, _end = json.JSONDecoder().raw_decode(text, start + len('"cwd": '))
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def _own_stores(cwd: str, env: Mapping[str, str]) -> list[str]:
    """The stores whose incidents belong to where doctor runs: the repository's, or outside any
    repository the global one."""
    repo = find_repo(cwd)
    if repo is not None:
        return [os.path.join(repo.store_dir, STORE_FILENAME)]
    return [config.global_store_path(env)]


def _file_incidents(env: Mapping[str, str]) -> list[dict[str, Any]]:
    path = os.path.join(config.state_home(env), "incidents.jsonl")
    found = []
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if isinstance(entry, dict) and entry.get("at", 0) >= time.time() - INCIDENT_WINDOW_S:
                    entry["ledger"] = f"{path} (no store was writable)"
                    found.append(entry)
    except OSError:
        pass
    return found[-20:]


def _command_exists(command: str) -> bool:
    """The program exists; for the launcher, its paths too, and statewise_cli in one of them (an
    uninstalled statewise leaves the interpreter and site-packages behind)."""
    exe, paths = install.command_program(command)
    if not (exe and os.path.isabs(exe) and os.access(exe, os.X_OK)):
        return False
    if install.LAUNCH_MARK in command:
        return bool(paths) and all(os.path.isdir(p) for p in paths) and any(
            os.path.isfile(os.path.join(p, "statewise_cli", "__main__.py")) for p in paths)
    return True


def _hook_check(agent: str, scope: str, cwd: str, env: Mapping[str, str]) -> tuple[bool, list[Check]]:
    """(installed in this scope, what is wrong or right about it)."""
    label = f"{agent} hook ({scope})"
    try:
        path = install.settings_path(agent, scope, cwd, env)
        data = install.load_json_settings(path, install.read_text(path))
    except StatewiseError as exc:
        return False, [] if exc.code == "usage" else [Check(label, "fail", exc.message)]
    hooks = data.get("hooks", {})
    ours = install.codex_trust_entries(path, hooks, ours_only=True)
    if not ours:
        return False, []
    checks = []
    commands = {
        h["command"] for groups in hooks.values() for g in groups if isinstance(g, dict)
        for h in g.get("hooks", []) if install.is_ours(h)
    }
    portable = {c for c in commands if install.command_program(c)[0] == install.PORTABLE_PROGRAM}
    missing = sorted(c for c in commands - portable if not _command_exists(c))
    if missing:
        checks.append(Check(label, "fail", f"hook command no longer exists: {missing[0]}",
                            fix=f"statewise install-hook --agent {agent} --scope {scope}"))
    elif portable and shutil.which(install.PORTABLE_PROGRAM, path=env.get("PATH")) is None:
        checks.append(Check(label, "fail", f"{path} runs `{min(portable)}`, but `statewise` is not on PATH: "
                            "the agent cannot start the hook",
                            fix="put statewise on PATH (pipx install / uv tool install), or "
                                f"statewise install-hook --agent {agent} --scope local"))
    elif scope != "project" and any(install.LAUNCH_MARK not in c for c in commands):
        checks.append(Check(label, "warn", "the hook runs through the `statewise` console script, ~15 ms slower per "
                            "tool call than the command install-hook writes now",
                            fix=f"statewise install-hook --agent {agent} --scope {scope}"))
    if agent == "codex":
        config_path = os.path.join(install.codex_home(env), "config.toml")
        try:
            config_text = install.read_text(config_path)
            state = install.trust_state(config_text, config_path)
        except StatewiseError as exc:
            return True, checks + [Check(label, "fail", exc.message)]
        absent = [k for k in ours if k not in state]
        stale = [k for k, h in ours.items() if k in state and (state[k] or {}).get("trusted_hash") != h]
        if absent or stale:
            what = f"{len(absent)} missing and {len(stale)} stale trust entries in {config_path}"
            checks.append(Check(label, "fail", f"Codex will silently skip the hook: {what}",
                                fix=f"statewise install-hook --agent codex --scope {scope}"))
        if scope == "project":
            root = os.path.dirname(os.path.dirname(path))
            if not install.codex_project_trusted(config_text, root):
                checks.append(Check(label, "warn", f"Codex skips {path}: the project is not trusted in Codex",
                                    fix=install.codex_trust_hint(root, config_path)))
    if not checks:
        checks.append(Check(label, "ok", f"installed in {path} ({len(ours)} events)"))
    return True, checks


def _plugin_check(env: Mapping[str, str]) -> tuple[bool, list[Check]]:
    """The Claude Code plugin (``claude plugin install statewise@…``), recorded in
    ``$CLAUDE_CONFIG_DIR/plugins/installed_plugins.json``; its hook is ``statewise`` from PATH."""
    path = os.path.join(install.claude_config_dir(env), "plugins", "installed_plugins.json")
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return False, []
    plugins = data.get("plugins") if isinstance(data, dict) else None
    names = sorted(k for k in plugins if isinstance(k, str) and k.split("@", 1)[0] == "statewise") if isinstance(plugins, dict) else []
    if not names:
        return False, []
    label = "claude hook (plugin)"
    if shutil.which(install.PORTABLE_PROGRAM, path=env.get("PATH")) is None:
        return True, [Check(label, "fail", f"the plugin {names[0]} runs `statewise hook`, but `statewise` is not on PATH",
                            fix="put statewise on PATH (pipx install / uv tool install)")]
    return True, [Check(label, "ok", f"installed as the Claude Code plugin {names[0]}")]


def _hook_checks(cwd: str, env: Mapping[str, str], in_repo: bool) -> list[Check]:
    """Each agent: the scopes it is installed in, checked; a warning only when it is installed nowhere."""
    checks: list[Check] = []
    for agent in ("claude", "codex"):
        scopes: tuple[str, ...] = ("user", "local", "project") if in_repo else ("user",)
        if agent == "codex":
            scopes = tuple(s for s in scopes if s != "local")  # Codex's local scope is its user-level file
        found: list[Check] = []
        plugin = False
        if agent == "claude":
            plugin, found = _plugin_check(env)
        installed = plugin
        for scope in scopes:
            here, checked = _hook_check(agent, scope, cwd, env)
            installed = installed or here
            found += checked
            if plugin and here:
                found.append(Check(f"claude hook ({scope})", "warn", "installed twice: by the plugin and by "
                                   f"install-hook --scope {scope}; every tool call is checked twice",
                                   fix=f"statewise uninstall-hook --agent claude --scope {scope}, or uninstall the plugin"))
        if not installed:
            where = "user, local or project scope" if in_repo else "user scope (outside a repository)"
            fix = f"statewise install-hook --agent {agent} --scope {'local' if in_repo else 'user'}"
            found.append(Check(f"{agent} hook", "warn", f"not installed at {where}", fix=fix))
        checks += found
    return checks


def store_paths(cwd: str, env: Mapping[str, str]) -> list[str]:
    repo = find_repo(cwd)
    paths = [os.path.join(repo.store_dir, STORE_FILENAME)] if repo is not None else []
    return [*paths, config.global_store_path(env)]


def accept_stores(cwd: str, env: Mapping[str, str]) -> list[tuple[str, int]]:
    """``doctor --accept-store``: each store as it is now (created when missing) becomes the baseline.

    A corrupt store is left for the developer to move aside; the others are accepted.
    """
    accepted = []
    repo = find_repo(cwd)
    if repo is not None:
        from statewise_cli.config import floor

        floor.accept(repo.root, env)  # and `.statewise.toml` as it is becomes its protection floor
    for path in store_paths(cwd, env):
        if not os.path.exists(path) and not read_baseline(path):
            continue
        try:
            with Store.open(path, check_baseline=False) as store:
                accepted.append((path, store.accept_baseline()))
        except (StatewiseError, sqlite3.Error, OSError):
            continue
    return accepted


def _server_check(env: Mapping[str, str]) -> Check:
    """Whether hook calls are answered by the warm hook server (see ``hook/server.py``)."""
    import socket

    from statewise_cli.hook import client

    if str(env.get("STATEWISE_HOOK_SERVER", "1")).strip().lower() in ("0", "false", "no", "off"):
        return Check("hook server", "ok", "off (STATEWISE_HOOK_SERVER=0): every call runs in its own process")
    path = client.socket_path()
    if path is None:
        return Check("hook server", "ok", "not used: statewise is not installed into site-packages (an editable "
                     "install or a source checkout), every call runs in its own process")
    directory = client.run_dir()
    if os.path.lexists(directory) and not client.safe_dir(directory):
        return Check("hook server", "warn", f"{directory} is not a private directory of this user: not used, every "
                     "call runs in its own process", fix=f"remove {directory}; the next hook call recreates it")
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        try:
            sock.connect(path)
        except OSError:
            return Check("hook server", "ok", "not running: the next hook call answers in its own process and starts it")
    return Check("hook server", "ok", f"running at {path}")


def run(cwd: str, env: Mapping[str, str], *, everywhere: bool = False) -> Report:
    checks: list[Check] = []
    incidents: list[dict[str, Any]] = []
    if config.disabled(env):
        checks.append(Check("kill switch", "warn", "STATEWISE_DISABLE is set: the hook does nothing"))
    checks.append(_server_check(env))
    try:
        repo = find_repo(cwd)
        settings = configured.load(repo.root if repo else None, env)
        checks.append(Check("configuration", "ok", "valid: " + (", ".join(settings.sources) or "no config file, defaults")))
        checks.append(Check("failure policy", "ok", f"on_error = {settings.hook.on_error}"))
    except StatewiseError as exc:
        repo = find_repo(cwd)
        named = "the environment variable named above (or unset it)" if exc.message.startswith("STATEWISE_") \
            else "the file named above"
        checks.append(Check("configuration", "fail", exc.message,
                            fix=f"correct {named}; until then the hook applies its failure policy"))
    if repo is not None:
        found, rows = _store_checks(os.path.join(repo.store_dir, STORE_FILENAME), "repository store")
        checks += found
        incidents += rows
    found, rows = _store_checks(config.global_store_path(env), "global store")
    checks += found
    incidents += rows
    incidents += _file_incidents(env)
    own = set(_own_stores(cwd, env))
    acks = _acks(env)
    elsewhere = 0
    kept = []
    for row in incidents:
        store = row.get("store")  # None: the hook could not tell which repository (a payload it could not read)
        if store is None and repo is not None:
            logged = _logged_cwd(row)
            where = find_repo(logged) if logged and os.path.isdir(logged) else None
            if where is not None and where.store_dir != repo.store_dir:
                store = os.path.join(where.store_dir, STORE_FILENAME)
        at = row.get("at")
        acked = max(acks.get("*", 0.0), acks.get(UNKNOWN if store is None else str(store), 0.0))
        if isinstance(at, (int, float)) and at <= acked:
            continue  # acknowledged: neither listed nor counted (so `--all-incidents` lists what the count promised)
        if not everywhere and store is not None and store not in own:
            elsewhere += 1
            continue
        kept.append(row)
    incidents = kept
    for row in incidents:
        row["at"] = iso(row["at"]) if isinstance(row.get("at"), (int, float)) else row.get("at")
    incidents.sort(key=lambda r: str(r.get("at")), reverse=True)
    if incidents:
        checks.append(Check("incidents", "warn", f"{len(incidents)} hook incident(s) in the last 7 days",
                            fix="see the incidents below (each names its log file when there is one); "
                                "`statewise doctor --ack` acknowledges them once dealt with"))
    if elsewhere and not everywhere:
        checks.append(Check("incidents elsewhere", "ok", f"{elsewhere} incident(s) of other repositories or of no "
                            "repository not shown: `statewise doctor --all-incidents` lists them"))
    checks += _hook_checks(cwd, env, repo is not None)
    return Report(checks, incidents)
