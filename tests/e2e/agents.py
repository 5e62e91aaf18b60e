"""Run the real Claude Code and Codex CLI binaries headless against a scripted model server.

Pytest-free: plain functions and dataclasses. The binaries are the ones pinned in
``tests/e2e/package.json`` (``npm ci --prefix tests/e2e``). Each run gets a fully isolated home
(``HOME``, ``CLAUDE_CONFIG_DIR``, ``CODEX_HOME`` under one temp dir), a minimal environment (nothing
of the caller's leaks in except ``PATH``), a bounded timeout, and -- when the model server was
started with network isolation (the default as root) -- runs inside the server's network namespace,
where only 127.0.0.1 exists.

Usage (the caller installs hooks itself)::

    import agents                      # tests/e2e is on sys.path (tests/e2e/conftest.py puts it there)
    from model_server import ModelServer, bash

    home = agents.AgentHome.create(tmp_path / "agent-home")
    agents.write_claude_settings(home.claude_config_dir / "settings.json",
                                 agents.hooks_config("/abs/statewise hook", {"PreToolUse": "Bash"}))
    with ModelServer([bash("git push --force origin main")]) as server:
        run = agents.run_claude(repo, "push it", server, home=home)
    call_id = server.tool_call_ids[0]
    assert "protected" in server.tool_result(call_id)      # the deny reason reached the model

Codex: ``agents.install_codex_hooks(home.codex_home, config)`` writes ``hooks.json`` and the matching
trust entries into ``config.toml``; then ``agents.run_codex(repo, task, server, home=home)``.

tests/e2e/conftest.py provides the fixtures ``agent_home`` (skips when the binaries are missing, FAILS
when ``CI=true``) and ``e2e_repo`` (a git repo on ``main`` with a bare ``origin``).

Network: ``ModelServer()`` as root creates a network namespace with only ``lo`` up (``unshare --net``
holder process), binds its socket inside it (``setns`` on the calling thread), and the agents are
started with ``nsenter --net=<ns>``: they, and the hooks they spawn, can reach 127.0.0.1 of the server
and nothing else. Without root it falls back to plain 127.0.0.1 plus the telemetry/update switches.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from model_server import ModelServer

E2E_DIR = Path(__file__).resolve().parent
BIN_DIR = E2E_DIR / "node_modules" / ".bin"
CLAUDE_BIN = BIN_DIR / "claude"
CODEX_BIN = BIN_DIR / "codex"
CLAUDE_VERSION = "2.1.328"
CODEX_VERSION = "0.169.0"
RECORDER_HOOK = E2E_DIR / "recorder_hook.py"

DEFAULT_TIMEOUT_S = 120.0
CLAUDE_TOOLS = "Bash,Read,Edit,Write,Grep,Glob"
CODEX_MODEL = "gpt-5.5"  # a known slug: only known models are offered apply_patch
CODEX_KEY_VAR = "STATEWISE_E2E_MODEL_KEY"

Agent = Literal["claude", "codex"]


# -- availability ---------------------------------------------------------------------------------


def available() -> bool:
    """True when both pinned agent binaries are installed under tests/e2e/node_modules."""
    return CLAUDE_BIN.exists() and CODEX_BIN.exists()


def skip_reason() -> str | None:
    """None when the agents can run; a skip reason otherwise.

    Raises RuntimeError instead when ``CI=true``: CI installs the binaries (``npm ci --prefix
    tests/e2e``), so their absence there is a broken build, never a skip.
    """
    if available():
        return None
    reason = f"agent binaries missing under {BIN_DIR}: run `npm ci --prefix tests/e2e`"
    if os.environ.get("CI", "").lower() in ("true", "1"):
        raise RuntimeError(reason)
    return reason


# -- isolated home --------------------------------------------------------------------------------


@dataclass(frozen=True)
class AgentHome:
    """An isolated HOME / CLAUDE_CONFIG_DIR / CODEX_HOME under ``root``."""

    root: Path

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def claude_config_dir(self) -> Path:
        return self.root / "claude"

    @property
    def codex_home(self) -> Path:
        return self.root / "codex"

    @classmethod
    def create(cls, root: Path | str) -> AgentHome:
        h = cls(Path(root).resolve())
        for d in (h.home, h.claude_config_dir, h.codex_home):
            d.mkdir(parents=True, exist_ok=True)
        return h

    def set_login_path(self, path: str | Sequence[str | Path]) -> None:
        """Make login shells in this HOME use ``path`` as PATH.

        Codex runs every command through ``bash -lc``; ``/etc/profile`` resets PATH, so stub tools or a
        venv's console scripts are only found if the home's ``.bash_profile``/``.bashrc`` set it.
        """
        value = path if isinstance(path, str) else os.pathsep.join(str(p) for p in path)
        line = f"export PATH={_sh_quote(value)}\n"
        for name in (".bash_profile", ".bashrc", ".profile"):
            (self.home / name).write_text(line)


def _sh_quote(s: str) -> str:
    return "'" + s.replace("'", "'\"'\"'") + "'"


# -- hook configuration -----------------------------------------------------------------------------


def hooks_config(
    command: str,
    events: Mapping[str, str | None],
    *,
    timeout: int | None = 30,
) -> dict[str, Any]:
    """``{"hooks": {Event: [{"matcher": M, "hooks": [{"type": "command", ...}]}]}}`` for both agents.

    ``events`` maps an event name (``PreToolUse``) to its matcher (``"Bash|Edit"``) or None.
    """
    handler: dict[str, Any] = {"type": "command", "command": command}
    if timeout is not None:
        handler["timeout"] = timeout
    out: dict[str, list[dict[str, Any]]] = {}
    for event, matcher in events.items():
        group: dict[str, Any] = {"hooks": [dict(handler)]}
        if matcher is not None:
            group = {"matcher": matcher, **group}
        out[event] = [group]
    return {"hooks": out}


def recorder_command(out_file: Path | str, reply_dir: Path | str | None = None, python: str = "python3") -> str:
    """Shell command that runs ``recorder_hook.py`` (records payloads, optional canned replies)."""
    parts = [python, str(RECORDER_HOOK), str(out_file)] + ([str(reply_dir)] if reply_dir else [])
    return " ".join(_sh_quote(p) for p in parts)


def write_claude_settings(path: Path | str, config: Mapping[str, Any]) -> Path:
    """Merge ``config`` (top-level keys; ``hooks`` events are replaced) into a Claude settings file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    current = json.loads(path.read_text()) if path.exists() else {}
    for key, value in config.items():
        if key == "hooks" and isinstance(current.get("hooks"), dict):
            current["hooks"].update(value)
        else:
            current[key] = value
    path.write_text(json.dumps(current, indent=2) + "\n")
    return path


# Codex names events in snake case in its trust keys and hashes.
CODEX_EVENT_NAMES = {
    "PreToolUse": "pre_tool_use",
    "PermissionRequest": "permission_request",
    "PostToolUse": "post_tool_use",
    "PreCompact": "pre_compact",
    "PostCompact": "post_compact",
    "SessionStart": "session_start",
    "SessionEnd": "session_end",
    "UserPromptSubmit": "user_prompt_submit",
    "SubagentStart": "subagent_start",
    "SubagentStop": "subagent_stop",
    "Stop": "stop",
}


def codex_trust_identity_json(event_name_snake: str, matcher: str | None, handlers: Sequence[Mapping[str, Any]]) -> str:
    """The compact, key-sorted JSON whose sha256 is a handler's trust hash (see codex_trust_hash)."""
    identity: dict[str, Any] = {
        "event_name": event_name_snake,
        "hooks": [_codex_normalize_handler(h) for h in handlers],
    }
    if matcher is not None:
        identity["matcher"] = matcher
    return json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def codex_trust_hash(event_name_snake: str, matcher: str | None, handlers: Sequence[Mapping[str, Any]]) -> str:
    """The ``trusted_hash`` Codex 0.169.0 expects, verified against the real binary.

    ``"sha256:" + sha256(compact key-sorted JSON of {"event_name": E, "matcher": M, "hooks": [H]})``
    where E is the snake-case event name (``pre_tool_use``), M the group's matcher exactly as written
    (key omitted when the group has none; ``""`` and ``"*"`` are hashed as themselves) and ``[H]`` is
    the ONE handler being trusted -- each handler of a group gets its own hash and its own key
    ``<hooks.json>:<event>:<group>:<handler>``, never one hash for the whole group -- normalised to
    ``{"type", "command", "timeout" (600 when unset), "async" (false when unset)}`` plus
    ``"statusMessage"`` only when the handler has one. Pass ``handlers=[handler]``.
    """
    blob = codex_trust_identity_json(event_name_snake, matcher, handlers)
    return "sha256:" + hashlib.sha256(blob.encode()).hexdigest()


def _codex_normalize_handler(h: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": h.get("type", "command"),
        "command": h["command"],
        "timeout": int(h["timeout"]) if h.get("timeout") is not None else 600,
        "async": bool(h.get("async", False)),
    }
    if h.get("statusMessage") is not None:
        out["statusMessage"] = h["statusMessage"]
    return out


def codex_trust_key(hooks_json: Path | str, event_name_snake: str, group: int, handler: int) -> str:
    return f"{Path(hooks_json).resolve()}:{event_name_snake}:{group}:{handler}"


def codex_trust_entries(hooks_json: Path | str, config: Mapping[str, Any]) -> dict[str, str]:
    """``{trust key: trusted_hash}`` for every handler of a hooks.json-shaped ``config``."""
    out: dict[str, str] = {}
    for event, groups in config.get("hooks", {}).items():
        snake = CODEX_EVENT_NAMES[event]
        for gi, group in enumerate(groups):
            for hi, handler in enumerate(group.get("hooks", [])):
                key = codex_trust_key(hooks_json, snake, gi, hi)
                out[key] = codex_trust_hash(snake, group.get("matcher"), [handler])
    return out


def install_codex_hooks(
    codex_home: Path | str, config: Mapping[str, Any], *, trust: bool = True, wrong_hash: bool = False
) -> Path:
    """Write ``CODEX_HOME/hooks.json`` and (``trust``) its trust entries into ``config.toml``.

    Existing ``[hooks.state."<key>"]`` tables for the same keys are replaced, everything else in
    config.toml is kept. ``wrong_hash=True`` writes a wrong hash (Codex then skips the hook silently).
    """
    codex_home = Path(codex_home)
    codex_home.mkdir(parents=True, exist_ok=True)
    hooks_json = codex_home / "hooks.json"
    hooks_json.write_text(json.dumps(config, indent=2) + "\n")
    if trust:
        toml_path = codex_home / "config.toml"
        text = toml_path.read_text() if toml_path.exists() else ""
        for key, digest in codex_trust_entries(hooks_json, config).items():
            if wrong_hash:
                digest = "sha256:" + "0" * 64
            table = f"[hooks.state.{json.dumps(key)}]"
            text = re.sub(r"\n*" + re.escape(table) + r'\ntrusted_hash = "[^"\n]*"\n', "\n", text)
            text = (
                text.rstrip("\n") + ("\n\n" if text.strip() else "") + f"{table}\ntrusted_hash = {json.dumps(digest)}\n"
            )
        toml_path.write_text(text)
    return hooks_json


# -- running ----------------------------------------------------------------------------------------


@dataclass
class AgentRun:
    """What one headless agent run produced."""

    agent: Agent
    argv: list[str]
    cwd: Path
    home: AgentHome
    returncode: int | None
    stdout: str
    stderr: str
    duration_s: float
    timed_out: bool = False
    events: list[dict[str, Any]] = field(default_factory=list)  # parsed JSONL of stdout
    session_id: str | None = None
    transcript_paths: list[Path] = field(default_factory=list)

    @property
    def transcript_path(self) -> Path | None:
        """The main transcript (Claude session JSONL / Codex rollout JSONL) of this run."""
        if self.session_id:
            for p in self.transcript_paths:
                if self.session_id in p.name:
                    return p
        return self.transcript_paths[-1] if self.transcript_paths else None

    def transcript(self) -> list[dict[str, Any]]:
        p = self.transcript_path
        return [] if p is None else read_jsonl(p)

    def check(self) -> AgentRun:
        """Raise AssertionError with the agent's output unless it exited 0 in time."""
        if self.timed_out or self.returncode != 0:
            raise AssertionError(
                f"{self.agent} failed (rc={self.returncode}, timed_out={self.timed_out})\n"
                f"argv={self.argv}\n--- stdout ---\n{self.stdout[-4000:]}\n--- stderr ---\n{self.stderr[-4000:]}"
            )
        return self


def read_jsonl(path: Path | str) -> list[dict[str, Any]]:
    """Parse a JSONL file, tolerating a torn last line."""
    out = []
    for line in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def _base_env(home: AgentHome, extra_env: Mapping[str, str] | None) -> dict[str, str]:
    # The test process's statewise settings (e.g. STATEWISE_BACKGROUND_INDEX=0) reach the hook too.
    statewise = {k: v for k, v in os.environ.items() if k.startswith("STATEWISE_")}
    env = {**statewise,
        "PATH": os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin"),
        "HOME": str(home.home),
        "USER": os.environ.get("USER", "root"),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
        "TMPDIR": os.environ.get("TMPDIR", "/tmp"),
    }
    if extra_env:
        env.update(extra_env)
    return env


def _run(
    agent: Agent,
    argv: list[str],
    cwd: Path,
    env: dict[str, str],
    home: AgentHome,
    server: ModelServer,
    timeout: float,
) -> AgentRun:
    if server.netns_path:
        argv = ["nsenter", f"--net={server.netns_path}", "--", *argv]
    start = time.monotonic()
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # own process group: a timeout kills the agent and its children
    )
    timed_out = False
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
    run = AgentRun(
        agent=agent,
        argv=argv,
        cwd=cwd,
        home=home,
        returncode=proc.returncode,
        stdout=stdout,
        stderr=stderr,
        duration_s=time.monotonic() - start,
        timed_out=timed_out,
    )
    for line in stdout.splitlines():
        try:
            ev = json.loads(line)
        except ValueError:
            continue
        if isinstance(ev, dict):
            run.events.append(ev)
    return run


def run_claude(
    repo: Path | str,
    task: str,
    server: ModelServer,
    *,
    home: AgentHome | None = None,
    extra_env: Mapping[str, str] | None = None,
    extra_args: Sequence[str] = (),
    tools: str | None = CLAUDE_TOOLS,
    permission_mode: str = "bypassPermissions",
    timeout: float = DEFAULT_TIMEOUT_S,
) -> AgentRun:
    """Run ``claude -p TASK --output-format stream-json --verbose --include-hook-events`` in ``repo``.

    ``permission_mode="bypassPermissions"`` lets every tool run without a prompt; as root Claude Code
    refuses it unless ``IS_SANDBOX=1``, which is set here. Pass ``permission_mode="default"`` plus
    ``extra_args=["--allowedTools", "Bash"]`` for the ordinary mode. ``tools`` restricts/extends the
    offered tools (Grep and Glob are only offered when named here).
    Hooks: write ``home.claude_config_dir / "settings.json"`` or ``<repo>/.claude/settings.json``
    before calling (both are read in ``-p`` mode without a trust prompt), or pass
    ``extra_args=["--settings", FILE]``.
    """
    repo = Path(repo).resolve()
    home = home or AgentHome.create(repo.parent / f".agent-home-{repo.name}")
    env = _base_env(home, None)
    env.update(
        {
            "CLAUDE_CONFIG_DIR": str(home.claude_config_dir),
            "ANTHROPIC_BASE_URL": server.url,
            "ANTHROPIC_API_KEY": "sk-ant-e2e-dummy",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        }
    )
    if permission_mode == "bypassPermissions":
        env["IS_SANDBOX"] = "1"
    if extra_env:
        env.update(extra_env)
    argv = [str(CLAUDE_BIN), "-p", task, "--output-format", "stream-json", "--verbose", "--include-hook-events"]
    argv += ["--permission-mode", permission_mode]
    if tools is not None:
        argv += ["--tools", tools]
    argv += list(extra_args)
    run = _run("claude", argv, repo, env, home, server, timeout)
    for ev in run.events:
        if ev.get("session_id"):
            run.session_id = ev["session_id"]
            break
    run.transcript_paths = sorted(
        (home.claude_config_dir / "projects").glob("*/*.jsonl"), key=lambda p: p.stat().st_mtime
    )
    return run


def codex_overrides(server: ModelServer, *, model: str = CODEX_MODEL) -> list[str]:
    """``-c key=value`` pairs that point Codex at ``server`` with analytics and plugins off.

    Passed on the command line so that ``CODEX_HOME/config.toml`` stays the caller's (hooks trust).
    """
    provider = (
        f'{{name="scripted", base_url={json.dumps(server.openai_base_url)}, wire_api="responses", '
        f'env_key="{CODEX_KEY_VAR}", request_max_retries=0, stream_max_retries=0}}'
    )
    pairs = [
        f"model={json.dumps(model)}",
        'model_provider="scripted"',
        'approval_policy="never"',
        'sandbox_mode="danger-full-access"',
        "features.plugins=false",
        "analytics.enabled=false",
        'otel.metrics_exporter="none"',
        "check_for_update_on_startup=false",
        f"model_providers.scripted={provider}",
    ]
    return [arg for pair in pairs for arg in ("-c", pair)]


def run_codex(
    repo: Path | str,
    task: str,
    server: ModelServer,
    *,
    home: AgentHome | None = None,
    extra_env: Mapping[str, str] | None = None,
    extra_args: Sequence[str] = (),
    model: str = CODEX_MODEL,
    bypass_hook_trust: bool = False,
    ephemeral: bool = False,
    timeout: float = DEFAULT_TIMEOUT_S,
) -> AgentRun:
    """Run ``codex exec --json -C REPO TASK < /dev/null`` with CODEX_HOME in ``home``.

    Hooks: call ``install_codex_hooks(home.codex_home, config)`` first (it writes hooks.json and the
    trust entries), or pass ``bypass_hook_trust=True``. Commands run via ``bash -lc``: use
    ``home.set_login_path(...)`` when they need a custom PATH.
    """
    repo = Path(repo).resolve()
    home = home or AgentHome.create(repo.parent / f".agent-home-{repo.name}")
    env = _base_env(home, None)
    env.update({"CODEX_HOME": str(home.codex_home), CODEX_KEY_VAR: "sk-e2e-dummy"})
    if extra_env:
        env.update(extra_env)
    argv = [str(CODEX_BIN), "exec", *codex_overrides(server, model=model), "--json", "--skip-git-repo-check"]
    if bypass_hook_trust:
        argv.append("--dangerously-bypass-hook-trust")
    if ephemeral:
        argv.append("--ephemeral")
    argv += [*extra_args, "-C", str(repo), task]
    run = _run("codex", argv, repo, env, home, server, timeout)
    for ev in run.events:
        if ev.get("type") == "thread.started":
            run.session_id = ev.get("thread_id")
            break
    run.transcript_paths = sorted(
        (home.codex_home / "sessions").glob("**/rollout-*.jsonl"), key=lambda p: p.stat().st_mtime
    )
    return run
