"""install-hook / uninstall-hook for Claude Code and Codex, with installer manners.

Three scopes: ``project`` writes the files a team commits (``.claude/settings.json``,
``.codex/hooks.json``) with a portable command, ``statewise hook --agent X``, found on PATH —
no path of this machine; ``local`` writes this machine's fast launcher (absolute paths) where
per-machine entries belong — Claude's ``.claude/settings.local.json`` (kept out of git through
``.git/info/exclude`` when nothing ignores it yet), and for Codex, which has no per-project local
file, the user-level ``hooks.json``; ``user`` writes the user-level files of both. Backups of
replaced files go under ``$STATEWISE_HOME/backups/``, never into the work tree.

Merged into existing settings; our handlers are recognised
by their command (the launcher ``<python> -S -P -c '…statewise_cli…' hook --agent X``, or
``<abs>/statewise hook --agent X``, each inside the signal shield of :func:`shielded`, and the
unshielded forms earlier versions wrote) so re-install is a no-op and
uninstall removes only ours; atomic writes with a backup; files that do not parse
are refused, never rewritten. Codex skips hooks it does not trust *silently*, so
installing for Codex also writes the trust entries into the user ``config.toml``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import sys

from statewise_cli.config.paths import backup_path, claude_config_dir, codex_home
from statewise_cli.errors import InstallError, UsageError
from statewise_cli.fast.struct import Struct, field
from statewise_cli.repo import find_repo

TYPE_CHECKING = False  # typing costs ~6 ms to import (more under load): annotations only
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

HOOK_TIMEOUT_S = 30
CLAUDE_EVENTS: dict[str, str | None] = {
    "PreToolUse": "Bash|Edit|MultiEdit|Write|NotebookEdit",
    "PostToolUse": None,
    "PostToolUseFailure": None,
    "UserPromptSubmit": None,
    "SessionStart": None,
    "Stop": None,
}
CODEX_EVENTS: dict[str, str | None] = {
    "PreToolUse": "Bash|apply_patch|Edit|Write",
    "PostToolUse": None,
    "UserPromptSubmit": None,
    "SessionStart": None,
    "Stop": None,
}
SNAKE = {
    "PreToolUse": "pre_tool_use",
    "PostToolUse": "post_tool_use",
    "PostToolUseFailure": "post_tool_use_failure",
    "UserPromptSubmit": "user_prompt_submit",
    "SessionStart": "session_start",
    "Stop": "stop",
}


class FileChange(Struct):
    path: str
    before: str | None
    after: str | None

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def diff(self) -> str:
        import difflib

        return "".join(
            difflib.unified_diff(
                (self.before or "").splitlines(keepends=True),
                (self.after or "").splitlines(keepends=True),
                fromfile=self.path if self.before is not None else "/dev/null",
                tofile=self.path,
            )
        )


class InstallResult(Struct):
    agent: str
    scope: str
    command: str
    changes: list[FileChange] = field(default_factory=list)
    backups: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(c.changed for c in self.changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "scope": self.scope,
            "command": self.command,
            "changed": self.changed,
            "files": [{"path": c.path, "changed": c.changed} for c in self.changes],
            "backups": self.backups,
            "notes": self.notes,
        }


# ------------------------------------------------------------------ locations
def _repo_root(cwd: str) -> str:
    repo = find_repo(cwd)
    if repo is None:
        raise UsageError(f"{cwd} is not inside a git repository: use --scope user, or run it in a repository")
    return repo.root


SCOPES = ("project", "local", "user")
PORTABLE_PROGRAM = "statewise"


def settings_path(agent: str, scope: str, cwd: str, env: Mapping[str, str]) -> str:
    if agent == "claude":
        if scope == "user":
            return os.path.join(claude_config_dir(env), "settings.json")
        if scope == "local":
            return os.path.join(_repo_root(cwd), ".claude", "settings.local.json")
        return os.path.join(_repo_root(cwd), ".claude", "settings.json")
    if scope in ("user", "local"):  # Codex reads no per-project local file: the user-level one is this machine's
        return os.path.join(codex_home(env), "hooks.json")
    return os.path.join(_repo_root(cwd), ".codex", "hooks.json")


SHIELD_SHELL = "/bin/sh"
SHIELD = 'trap "" HUP INT TERM; exec '


def shielded(command: str) -> str:
    """``command`` started through ``/bin/sh``, which ignores SIGHUP/SIGINT/SIGTERM before it execs it.

    A signal sent while the interpreter is still starting (before the hook has installed its own
    handlers, tens of ms on a loaded machine) would otherwise end the hook with no reply, and the
    agent would run the call unchecked. Ignored signals stay ignored across ``exec``; once the hook
    installs its handlers, a signal is answered under the failure policy (README "Failure policy").
    Costs one ``sh`` start (~1 ms)."""
    return f"{SHIELD_SHELL} -c {shlex.quote(SHIELD + command)}"


def unshielded(command: str) -> str:
    """The command :func:`shielded` wraps (``command`` itself when it is not wrapped)."""
    try:
        words = shlex.split(command)
    except ValueError:
        return command
    if len(words) == 3 and words[:2] == [SHIELD_SHELL, "-c"] and words[2].startswith(SHIELD):
        return words[2][len(SHIELD):]
    return command


def portable_command(agent: str) -> str:
    """What ``--scope project`` commits: the program found on each developer's PATH."""
    return shielded(f"{PORTABLE_PROGRAM} hook --agent {agent}")


def hook_executable() -> str:
    """The absolute path of the installed ``statewise`` script beside this interpreter."""
    candidate = os.path.join(os.path.dirname(sys.executable), "statewise")
    if os.access(candidate, os.X_OK):
        return os.path.abspath(candidate)
    found = shutil.which("statewise")
    if found:
        return os.path.abspath(found)
    raise InstallError("cannot find the installed `statewise` executable; install statewise with pip/pipx first")


LAUNCH_MARK = "from statewise_cli.__main__ import main"


def launch_paths() -> list[str]:
    """The import path the hook needs: where ``statewise_cli`` lives (an editable checkout too) and
    the installation's site-packages (its dependencies), as this interpreter sees them."""
    import statewise_cli

    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(statewise_cli.__file__)))
    paths = [package_parent] + [os.path.abspath(p) for p in sys.path
                                if p and os.path.basename(p) in ("site-packages", "dist-packages")]
    return list(dict.fromkeys(p for p in paths if os.path.isdir(p)))


def hook_command(agent: str, executable: str | None = None) -> str:
    """The command the agent runs on every tool call.

    Without ``executable``: this interpreter with ``-S`` (no ``site``: no ``.pth`` files, no
    editable-install finders, ~5 ms) and ``-P`` (no cwd on ``sys.path``: a repository's own
    ``json.py`` cannot shadow ours), and the import path spelled out — and not through the
    console script, whose generated wrapper imports ``re`` (~13 ms). See README "Performance".
    With ``executable`` (a ``statewise`` script): ``<executable> hook --agent <agent>``.
    """
    if executable:
        return shielded(f"{shlex.quote(executable)} hook --agent {agent}")
    code = f"import sys; sys.path += {json.dumps(launch_paths(), ensure_ascii=False)}; {LAUNCH_MARK}; main()"
    return shielded(f"{shlex.quote(sys.executable)} -S -P -c {shlex.quote(code)} hook --agent {agent}")


def command_program(command: str) -> tuple[str | None, list[str]]:
    """(the program a hook command runs, the import paths of a launcher command) — for ``doctor``."""
    command = unshielded(command)
    try:
        words = shlex.split(command)
    except ValueError:
        return None, []
    if not words:
        return None, []
    if "-c" in words and LAUNCH_MARK in command:
        code = words[words.index("-c") + 1] if words.index("-c") + 1 < len(words) else ""
        start = code.find("sys.path += ")
        try:
            paths = json.JSONDecoder().raw_decode(code, start + len("sys.path += "))[0] if start >= 0 else []
        except ValueError:
            paths = []
        return words[0], [p for p in paths if isinstance(p, str)] if isinstance(paths, list) else []
    return words[0], []


def is_ours(handler: Any) -> bool:
    if not isinstance(handler, dict) or not isinstance(handler.get("command"), str):
        return False
    command = unshielded(handler["command"])  # and the unshielded forms earlier versions installed
    try:
        words = shlex.split(command)
    except ValueError:
        return False
    if len(words) >= 2 and os.path.basename(words[0]) == "statewise" and words[1] == "hook":
        return True  # the console script form
    return "-c" in words and "hook" in words and LAUNCH_MARK in command


# --------------------------------------------------------------- file helpers
def read_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise InstallError(f"cannot read {path}: {exc}") from exc


def load_json_settings(path: str, text: str | None) -> dict[str, Any]:
    if text is None or not text.strip():
        return {}
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise InstallError(f"refusing to edit {path}: it is not valid JSON ({exc}); fix it by hand first") from exc
    if not isinstance(data, dict):
        raise InstallError(f"refusing to edit {path}: its top level is not a JSON object")
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict) or any(not isinstance(v, list) for v in hooks.values()):
        raise InstallError(f"refusing to edit {path}: its \"hooks\" entry is not an object of lists")
    return data


def write_atomic(path: str, text: str, env: Mapping[str, str] | None = None) -> str | None:
    """Write ``text`` to ``path`` atomically; returns the backup path of the old file."""
    directory = os.path.dirname(path)
    os.makedirs(directory, exist_ok=True)
    backup = None
    if os.path.exists(path):
        backup = backup_path(path, env if env is not None else os.environ)
        os.makedirs(os.path.dirname(backup), exist_ok=True)
        shutil.copy2(path, backup)
    tmp = f"{path}.statewise-tmp-{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    if os.path.exists(path):
        shutil.copymode(path, tmp)
    os.replace(tmp, path)
    return backup


# ------------------------------------------------------------ hooks structure
def strip_ours(hooks: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """``hooks`` without our handlers; groups left empty by that are dropped."""
    result: dict[str, list[Any]] = {}
    for event, groups in hooks.items():
        kept = []
        for group in groups:
            if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                handlers = [h for h in group["hooks"] if not is_ours(h)]
                if not handlers and group["hooks"]:
                    continue
                if len(handlers) != len(group["hooks"]):
                    group = {**group, "hooks": handlers}
            kept.append(group)
        if kept:
            result[event] = kept
    return result


def add_ours(hooks: dict[str, list[Any]], events: dict[str, str | None], command: str) -> dict[str, list[Any]]:
    result = {event: list(groups) for event, groups in hooks.items()}
    for event, matcher in events.items():
        group: dict[str, Any] = {}
        if matcher:
            group["matcher"] = matcher
        group["hooks"] = [{"type": "command", "command": command, "timeout": HOOK_TIMEOUT_S}]
        # Appended last, so removing ours never shifts another group's index
        # (Codex keys its trust entries by index).
        result.setdefault(event, []).append(group)
    return result


def render_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2) + "\n"


# ------------------------------------------------------------- Codex trust
def codex_trust_hash(event: str, group: dict[str, Any], handler: dict[str, Any]) -> str:
    """``sha256:`` of compact, key-sorted JSON of the handler as Codex normalises it."""
    normalized: dict[str, Any] = {"event_name": SNAKE.get(event, event)}
    if group.get("matcher") is not None:
        normalized["matcher"] = group["matcher"]
    entry: dict[str, Any] = {
        "type": handler.get("type", "command"),
        "command": handler.get("command"),
        "timeout": handler.get("timeout", 600),
        "async": bool(handler.get("async", False)),
    }
    if "statusMessage" in handler:  # hashed only when present (observed on Codex 0.169)
        entry["statusMessage"] = handler["statusMessage"]
    normalized["hooks"] = [entry]  # one hash per handler, not per group
    blob = json.dumps(normalized, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(blob.encode()).hexdigest()


def codex_trust_entries(hooks_path: str, hooks: dict[str, list[Any]], *, ours_only: bool) -> dict[str, str]:
    entries = {}
    for event, groups in hooks.items():
        for gi, group in enumerate(groups):
            if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
                continue
            for hi, handler in enumerate(group["hooks"]):
                if ours_only and not is_ours(handler):
                    continue
                key = f"{hooks_path}:{SNAKE.get(event, event)}:{gi}:{hi}"
                entries[key] = codex_trust_hash(event, group, handler)
    return entries


def _toml_header_path(line: str) -> list[str] | None:
    stripped = line.strip()
    if not stripped.startswith("[") or stripped.startswith("[["):
        return None
    import tomllib

    try:
        parsed = tomllib.loads(stripped.split("#", 1)[0] if '"' not in stripped else stripped)
    except tomllib.TOMLDecodeError:
        return None
    path: list[str] = []
    node: Any = parsed
    while isinstance(node, dict) and len(node) == 1:
        key = next(iter(node))
        path.append(key)
        node = node[key]
    return path


def trust_state(config_text: str | None, path: str) -> dict[str, Any]:
    if not config_text:
        return {}
    import tomllib

    try:
        data = tomllib.loads(config_text)
    except tomllib.TOMLDecodeError as exc:
        raise InstallError(f"refusing to edit {path}: it is not valid TOML ({exc}); fix it by hand first") from exc
    state = data.get("hooks", {}).get("state", {}) if isinstance(data.get("hooks"), dict) else {}
    return state if isinstance(state, dict) else {}


def edit_codex_trust(config_text: str | None, path: str, remove: set[str], add: dict[str, str]) -> str:
    """Remove the ``[hooks.state."KEY"]`` tables in ``remove``, append ``add``; keep everything else."""
    import tomli_w

    trust_state(config_text, path)  # refuses a file that does not parse
    lines = (config_text or "").splitlines(keepends=True)
    out: list[str] = []
    skipping = False
    for line in lines:
        header = _toml_header_path(line)
        if header is not None:
            skipping = len(header) == 3 and header[:2] == ["hooks", "state"] and header[2] in (remove | set(add))
        if not skipping:
            out.append(line)
    text = "".join(out)
    if add:
        if text and not text.endswith("\n"):
            text += "\n"
        # tomli_w quotes the keys; it writes only the leaf tables here.
        block = tomli_w.dumps({"hooks": {"state": {k: {"trusted_hash": v} for k, v in sorted(add.items())}}})
        text += ("\n" if text.strip() else "") + block
    state = trust_state(text, path)
    for key, value in add.items():
        if not isinstance(state.get(key), dict) or state[key].get("trusted_hash") != value:
            raise InstallError(
                f"refusing to edit {path}: its [hooks.state] tables are written in a form statewise cannot "
                "edit safely; add the trust entries by hand or run Codex with --dangerously-bypass-hook-trust"
            )
    for key in remove - set(add):
        if key in state:
            raise InstallError(f"refusing to edit {path}: could not remove the trust entry {key}")
    return text


# ------------------------------------------------------------------ commands
def plan(agent: str, scope: str, cwd: str, env: Mapping[str, str], *, remove: bool, executable: str | None = None) -> InstallResult:
    if agent not in ("claude", "codex"):
        raise UsageError(f"unknown agent {agent!r}: use claude, codex or all")
    if scope not in SCOPES:
        raise UsageError(f"unknown scope {scope!r}: use project, local or user")
    if remove:
        command = ""
    elif scope == "project" and executable is None:
        command = portable_command(agent)
    else:
        command = hook_command(agent, executable)
    path = settings_path(agent, scope, cwd, env)
    before = read_text(path)
    data = load_json_settings(path, before)
    old_hooks: dict[str, list[Any]] = data.get("hooks", {})
    hooks = strip_ours(old_hooks)
    if not remove:
        hooks = add_ours(hooks, CLAUDE_EVENTS if agent == "claude" else CODEX_EVENTS, command)
    new_data = dict(data)
    if hooks:
        new_data["hooks"] = hooks
    else:
        new_data.pop("hooks", None)
    after = before if new_data == data else render_json(new_data)
    result = InstallResult(agent, scope, command, [FileChange(path, before, after)])
    if scope == "project" and not remove:
        found = shutil.which(PORTABLE_PROGRAM, path=env.get("PATH"))
        if found is None:
            result.notes.append(
                f"`{PORTABLE_PROGRAM}` is not on PATH here: the committed hook runs `{command}`, which needs "
                "statewise on every developer's PATH (pipx install / uv tool install); "
                "`--scope local` writes this machine's own command instead")
    if agent == "claude" and scope == "local" and not remove:
        exclude = _exclude_change(cwd, path)
        if exclude is not None:
            result.changes.append(exclude)
    if agent == "codex" and scope == "local":
        result.notes.append(f"Codex has no per-project local hooks file: this is the user-level {path}, "
                            "which runs in every repository")
    if agent == "codex":
        config_path = os.path.join(codex_home(env), "config.toml")
        config_before = read_text(config_path)
        state = trust_state(config_before, config_path)
        old_entries = codex_trust_entries(path, old_hooks, ours_only=False)
        new_entries = codex_trust_entries(path, hooks, ours_only=False)
        ours_new = codex_trust_entries(path, hooks, ours_only=True)
        ours_old = codex_trust_entries(path, old_hooks, ours_only=True)
        add = dict(ours_new)
        stale = set(ours_old) - set(ours_new)
        # Other hooks whose index shifted keep the trust their owner gave them.
        reverse_old = {v + "|" + k.rsplit(":", 3)[1]: k for k, v in old_entries.items()}
        for key, digest in new_entries.items():
            if key in ours_new:
                continue
            old_key = reverse_old.get(digest + "|" + key.rsplit(":", 3)[1])
            if old_key and old_key != key and isinstance(state.get(old_key), dict) and state[old_key].get("trusted_hash") == digest:
                add[key] = digest
                stale.add(old_key)
        current = {k: v.get("trusted_hash") for k, v in state.items() if isinstance(v, dict)}
        remove_keys = {k for k in stale if k in current and k not in add}
        if all(current.get(k) == v for k, v in add.items()) and not remove_keys:
            config_after = config_before
        else:
            config_after = edit_codex_trust(config_before, config_path, remove_keys | set(add), add)
        result.changes.append(FileChange(config_path, config_before, config_after))
        if scope == "project" and not remove and not codex_project_trusted(config_before, _repo_root(cwd)):
            result.notes.append(codex_trust_hint(_repo_root(cwd), config_path))
    return result


def codex_project_trusted(config_text: str | None, root: str) -> bool:
    """Whether Codex trusts the project at ``root`` (``[projects."<root>"] trust_level = "trusted"``)."""
    import tomllib

    try:
        data = tomllib.loads(config_text or "")
    except tomllib.TOMLDecodeError:
        return False
    projects = data.get("projects")
    if not isinstance(projects, dict):
        return False
    for key in {root, os.path.realpath(root)}:
        entry = projects.get(key)
        if isinstance(entry, dict) and entry.get("trust_level") == "trusted":
            return True
    return False


def codex_trust_hint(root: str, config_path: str) -> str:
    return (f"Codex reads {os.path.join(root, '.codex', 'hooks.json')} only in a trusted project: start `codex` in "
            f"{root} and choose to trust it, or add `[projects.\"{root}\"]` with `trust_level = \"trusted\"` to "
            f"{config_path}; or install with --scope local")


def _exclude_change(cwd: str, path: str) -> FileChange | None:
    """Keep ``.claude/settings.local.json`` out of git through ``<git-common-dir>/info/exclude`` (this
    machine's file, never committed) unless something already ignores it."""
    import subprocess

    repo = find_repo(cwd)
    if repo is None:
        return None
    rel = os.path.relpath(path, repo.root)
    try:
        ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", rel], cwd=repo.root, capture_output=True,
                                 timeout=10, check=False).returncode == 0
    except (OSError, subprocess.SubprocessError):
        ignored = False
    if ignored:
        return None
    exclude = os.path.join(repo.common_dir, "info", "exclude")
    before = read_text(exclude)
    line = "/" + rel.replace(os.sep, "/")
    text = before or ""
    after = text + ("" if not text or text.endswith("\n") else "\n") + line + "\n"
    return FileChange(exclude, before, after)


def apply(result: InstallResult, *, dry_run: bool, env: Mapping[str, str] | None = None) -> InstallResult:
    if dry_run:
        return result
    for change in result.changes:
        if not change.changed:
            continue
        if change.after is None:
            continue
        backup = write_atomic(change.path, change.after, env)
        if backup:
            result.backups.append(backup)
    return result
