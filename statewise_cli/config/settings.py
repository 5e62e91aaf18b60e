"""The settings that steer statewise, parsed and validated once into typed values.

Sources, later ones winning: the user config (``config_home/config.toml``), the
repository's ``.statewise.toml`` (merged per table), then ``STATEWISE_*``
environment overrides. An unknown table or key, a value of the wrong type or an
unknown choice is a :class:`ConfigError` naming the file, the key and what is
allowed: a typo never silently turns a protection off.

Hook path: only ``os``, ``struct`` and ``errors`` are imported here; ``tomllib``
only when a config file exists (in :mod:`statewise_cli.config.paths`).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.config.paths import config_home, load_toml
from statewise_cli.errors import ConfigError
from statewise_cli.fast.struct import Struct, field

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

ON_ERROR_MODES = ("guard", "allow", "deny")
GATE_MODES = ("off", "advise", "enforce")
DEFAULT_GATE_MODE = "advise"  # guidance only: a new user is never blocked until they opt in
DEFAULT_DEADLINE_S = 10.0
MAX_NUMBER = 3600.0  # seconds: the agents time a hook out long before
INVARIANTS = ("protected-branch", "keep-uncommitted-work", "rm-inside-repository", "write-inside-repository",
              "package-manager")
CONTRACT_ROLES = ("guard", "argument")
CONTRACT_MATCHES = ("exact", "prefix", "path", "command")
REPO_FILE = ".statewise.toml"
USER_FILE = "config.toml"


# ------------------------------------------------------------------ the typed values
class HookSettings(Struct):
    on_error: str = "guard"  # guard | allow | deny
    deadline_seconds: float = DEFAULT_DEADLINE_S


class GatePath(Struct):
    glob: str
    mode: str | None  # None: the table's mode


class GateSettings(Struct):
    mode: str = DEFAULT_GATE_MODE  # off | advise | enforce
    background_index: bool = True
    paths: tuple[GatePath, ...] = ()


class PolicySettings(Struct):
    protected_branches: tuple[str, ...] | None = None  # None: not declared (the remote is inspected instead)
    writable_paths: tuple[str, ...] = ()
    disable_invariants: tuple[str, ...] = ()
    default_branch: str | None = None
    remote: str | None = None


class PermissionSettings(Struct):
    deny: tuple[str, ...] = ()  # operation globs, e.g. "git.push"
    ask: tuple[str, ...] = ()


class VerifierSettings(Struct):
    modules: tuple[str, ...] = ()
    network: bool = False


class MemorySettings(Struct):
    verify_on_retrieval: bool = True


class LlmSettings(Struct):
    """An OpenAI-compatible endpoint the user configured for reading memory-file prose (``import-memory``).

    Read from the user config only, never from a repository's ``.statewise.toml`` (a repository must not
    choose where its files are sent, nor which environment variable is sent as the key), and never from
    ambient ``OPENAI_*`` variables: without ``base_url`` and ``model`` nothing is sent anywhere.
    """

    base_url: str | None = None
    model: str | None = None
    api_key_env: str | None = None  # the environment variable holding the key (none: a local server)
    timeout_seconds: float = 20.0
    max_tokens: float = 2000.0
    max_input_chars: float = 40000.0

    @property
    def enabled(self) -> bool:
        return bool(self.base_url and self.model)


class Settings(Struct):
    hook: HookSettings = field(default_factory=HookSettings)
    gate: GateSettings = field(default_factory=GateSettings)
    policy: PolicySettings = field(default_factory=PolicySettings)
    permissions: PermissionSettings = field(default_factory=PermissionSettings)
    verifiers: VerifierSettings = field(default_factory=VerifierSettings)
    memory: MemorySettings = field(default_factory=MemorySettings)
    llm: LlmSettings = field(default_factory=LlmSettings)
    contracts: tuple[dict[str, Any], ...] = ()  # [[contract]] tables, checked field by field
    sources: tuple[str, ...] = ()  # the files that were read


# ------------------------------------------------------------------ the schema
# kind: "str", "bool", "number", "strs" (list of strings), ("enum", choices), ("enums", choices),
# ("tables", {field: kind}, required), "any"
STRS = "strs"
SCHEMA: dict[str, dict[str, Any]] = {
    "hook": {"on_error": ("enum", ON_ERROR_MODES), "deadline_seconds": "number"},
    "gate": {"mode": ("enum", GATE_MODES), "background_index": "bool",
             "paths": ("tables", {"glob": "str", "mode": ("enum", GATE_MODES)}, ("glob",))},
    "policy": {"protected_branches": STRS, "writable_paths": STRS, "disable_invariants": ("enums", INVARIANTS),
               "default_branch": "str", "remote": "str"},
    "permissions": {"deny": STRS, "ask": STRS},
    "verifiers": {"modules": "modules", "network": "bool"},
    "memory": {"verify_on_retrieval": "bool"},
    "llm": {"base_url": "str", "model": "str", "api_key_env": "str", "timeout_seconds": "number", "max_tokens": "number",
            "max_input_chars": "number"},
}
USER_ONLY_TABLES = ("llm",)  # honoured in the user config; a repository's .statewise.toml may not set them
CONTRACT_SCHEMA: dict[str, Any] = {
    "operation": "str", "slot": "str", "record": "str", "scope": "str", "role": ("enum", CONTRACT_ROLES),
    "match": ("enum", CONTRACT_MATCHES), "forbid_when": "any", "invariants": STRS, "alternative": "str",
}
_CLASSES = {"hook": HookSettings, "gate": GateSettings, "policy": PolicySettings, "permissions": PermissionSettings,
            "verifiers": VerifierSettings, "memory": MemorySettings, "llm": LlmSettings}
# environment variable → (table, key); booleans accept 1/0, true/false, yes/no, on/off
ENV_OVERRIDES = {
    "STATEWISE_ON_ERROR": ("hook", "on_error"),
    "STATEWISE_DEADLINE": ("hook", "deadline_seconds"),
    "STATEWISE_GATE": ("gate", "mode"),
    "STATEWISE_BACKGROUND_INDEX": ("gate", "background_index"),
    "STATEWISE_VERIFY_ON_RETRIEVAL": ("memory", "verify_on_retrieval"),
}
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _type_name(value: Any) -> str:
    names = {str: "a string", bool: "a boolean", int: "an integer", float: "a number", list: "a list",
             dict: "a table"}
    return f"{names.get(type(value), type(value).__name__)} ({value!r})"


def _check(kind: Any, value: Any, where: str) -> Any:
    """``value`` checked against ``kind`` and normalised (lists become tuples); ``where`` names it."""
    if kind == "any":
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise ConfigError(f"{where} must be a string, not {_type_name(value)}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise ConfigError(f"{where} must be true or false, not {_type_name(value)}")
        return value
    if kind == "number":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{where} must be a number, not {_type_name(value)}")
        from math import isfinite  # a built-in module: no import cost

        if not isfinite(value):  # nan, inf: no deadline at all
            raise ConfigError(f"{where} must be a finite number, not {value!r}")
        if value <= 0:
            raise ConfigError(f"{where} must be positive, not {value!r}")
        if value > MAX_NUMBER:
            raise ConfigError(f"{where} must be at most {MAX_NUMBER:g}, not {value!r}")
        return float(value)
    if kind == STRS:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where} must be a list of strings, e.g. [\"main\"], not {_type_name(value)}")
        return tuple(value)
    if kind == "modules":
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(m, str) and m for m in value):
            raise ConfigError(f"{where} must be a list of module names, e.g. [\"myproject.verifiers\"], "
                              f"not {_type_name(value)}")
        return tuple(value)
    tag = kind[0]
    if tag == "enum":
        if not isinstance(value, str) or value.strip().lower() not in kind[1]:
            raise ConfigError(f"{where} must be one of {', '.join(kind[1])}, not {value!r}")
        return value.strip().lower()
    if tag == "enums":
        if not isinstance(value, list):
            raise ConfigError(f"{where} must be a list of: {', '.join(kind[1])}; not {_type_name(value)}")
        for item in value:
            if item not in kind[1]:
                raise ConfigError(f"{where} lists {item!r}; allowed: {', '.join(kind[1])}")
        return tuple(value)
    if tag == "tables":
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise ConfigError(f"{where} must be a list of tables ([[...]]), not {_type_name(value)}")
        return tuple(_table(kind[1], entry, f"{where}[{i}]", kind[2]) for i, entry in enumerate(value))
    raise AssertionError(kind)  # pragma: no cover - the schema above is the only caller


def _table(schema: Mapping[str, Any], data: Mapping[str, Any], where: str, required: tuple[str, ...] = ()) -> dict[str, Any]:
    checked: dict[str, Any] = {}
    for key, value in data.items():
        if key not in schema:
            raise ConfigError(f"{where}: unknown key {key!r}; known keys: {', '.join(schema)}")
        checked[key] = _check(schema[key], value, f"{where} {key}")
    for key in required:
        if key not in checked:
            raise ConfigError(f"{where}: {key!r} is required")
    return checked


def validate(data: Mapping[str, Any], origin: str) -> dict[str, dict[str, Any]]:
    """One file's tables, every key checked; ``origin`` (the file) starts every error message."""
    checked: dict[str, Any] = {}
    for table, values in data.items():
        if table == "contract":
            checked["contract"] = _check(("tables", CONTRACT_SCHEMA, ("operation",)), values, f"{origin}: [[contract]]")
            continue
        if table not in SCHEMA:
            raise ConfigError(f"{origin}: unknown table [{table}]; known tables: "
                              f"{', '.join('[' + t + ']' for t in SCHEMA)}, [[contract]]")
        if not isinstance(values, dict):
            raise ConfigError(f"{origin}: {table} must be a table ([{table}]), not {_type_name(values)}")
        checked[table] = _table(SCHEMA[table], values, f"{origin}: [{table}]")
    return checked


def _env_value(name: str, raw: str) -> Any:
    table, key = ENV_OVERRIDES[name]
    kind = SCHEMA[table][key]
    if kind == "bool":
        word = raw.strip().lower()
        if word not in _TRUE + _FALSE:
            raise ConfigError(f"{name} must be one of {', '.join(_TRUE + _FALSE)}, not {raw!r}")
        return word in _TRUE
    if kind == "number":
        try:
            number = float(raw)
        except ValueError:
            raise ConfigError(f"{name} must be a number, not {raw!r}") from None
        return _check(kind, number, name)
    return _check(kind, raw, name)


def env_overrides(env: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """The ``STATEWISE_*`` overrides that are set (non-empty), validated like the files."""
    tables: dict[str, dict[str, Any]] = {}
    for name, (table, key) in ENV_OVERRIDES.items():
        raw = env.get(name)
        if raw:
            tables.setdefault(table, {})[key] = _env_value(name, raw)
    return tables


def build(tables: Mapping[str, Mapping[str, Any]], sources: tuple[str, ...] = ()) -> Settings:
    """Typed settings from validated tables (see :func:`validate`)."""
    parts: dict[str, Any] = {}
    for name, cls in _CLASSES.items():
        values = dict(tables.get(name) or {})
        if name == "gate" and "paths" in values:
            values["paths"] = tuple(GatePath(glob=p["glob"], mode=p.get("mode")) for p in values["paths"])
        parts[name] = cls(**values)
    contracts: Any = tables.get("contract") or ()
    return Settings(**parts, contracts=tuple(contracts), sources=sources)


def from_tables(data: Mapping[str, Any], origin: str = "settings") -> Settings:
    """Typed settings from one raw mapping, e.g. parsed TOML (no environment overrides)."""
    return build(validate(data, origin))


def coerce(value: Settings | Mapping[str, Any] | None) -> Settings:
    """Settings as given, or built (and validated) from a raw mapping; defaults for None."""
    if isinstance(value, Settings):
        return value
    return from_tables(value or {})


def parse_text(text: str, origin: str) -> Settings:
    """A file's text as settings (the verifiers read the repository's own ``.statewise.toml``)."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{origin} is not valid TOML: {exc}") from exc
    return from_tables(data, origin)


def files(repo_root: str | None, env: Mapping[str, str]) -> list[str]:
    """The config files that apply, user first."""
    paths = [os.path.join(config_home(env), USER_FILE)]
    if repo_root:
        paths.append(os.path.join(repo_root, REPO_FILE))
    return paths


def load(repo_root: str | None, env: Mapping[str, str]) -> Settings:
    """User config, the repository's ``.statewise.toml`` on top (per table), then the environment."""
    merged: dict[str, Any] = {}
    read: list[str] = []
    for path in files(repo_root, env):
        data = load_toml(path)
        if data is None:
            continue
        read.append(path)
        try:
            checked = validate(data, path)
        except ConfigError as exc:
            hook = data.get("hook")
            declared = hook.get("on_error") if isinstance(hook, dict) else None
            if declared == "deny" or merged.get("hook", {}).get("on_error") == "deny":
                exc.on_error = "deny"  # type: ignore[attr-defined]  # the stricter policy survives the error
            raise
        if not path.endswith(os.sep + USER_FILE) or repo_root and path == os.path.join(repo_root, REPO_FILE):
            for table in USER_ONLY_TABLES:
                checked.pop(table, None)
        for table, values in checked.items():
            if isinstance(values, dict) and isinstance(merged.get(table), dict):
                merged[table] = {**merged[table], **values}
            else:
                merged[table] = values
    for table, values in env_overrides(env).items():
        merged[table] = {**merged.get(table, {}), **values}
    return build(merged, tuple(read))


# ------------------------------------------------------------------ what the hook asks before settings exist
def on_error_mode(settings: Settings | None, env: Mapping[str, str], error: BaseException | None = None) -> str:
    """The failure policy in force. The environment wins; without loaded settings (the config itself
    was the failure) ``guard`` holds, or ``deny`` when the invalid file asked for it: an invalid
    config never relaxes the policy."""
    raw = env.get("STATEWISE_ON_ERROR")
    if raw:
        return _env_value("STATEWISE_ON_ERROR", raw)
    if settings is not None:
        return settings.hook.on_error
    return "deny" if getattr(error, "on_error", None) == "deny" else "guard"


def deadline_seconds(env: Mapping[str, str]) -> float:
    """The hook's internal deadline (read before any file: the deadline covers loading them)."""
    raw = env.get("STATEWISE_DEADLINE")
    return _env_value("STATEWISE_DEADLINE", raw) if raw else DEFAULT_DEADLINE_S
