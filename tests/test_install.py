"""install-hook / uninstall-hook through the installed script, with CLAUDE_CONFIG_DIR / CODEX_HOME set."""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from swtest import PAYLOADS, STATEWISE, run_statewise

from statewise_cli.install import hooks as install

SNAKE = {
    "PreToolUse": "pre_tool_use", "PostToolUse": "post_tool_use", "PostToolUseFailure": "post_tool_use_failure",
    "UserPromptSubmit": "user_prompt_submit", "SessionStart": "session_start", "Stop": "stop",
}


def trust_hash(event_name: str, matcher: str | None, handler: dict[str, Any]) -> str:
    """Codex's trusted_hash, computed independently of statewise's code: sha256 of the compact, key-sorted
    JSON of the event name, the matcher and the normalised handler."""
    normalized = {
        "type": handler.get("type", "command"),
        "command": handler["command"],
        "timeout": handler.get("timeout", 600),
        "async": handler.get("async", False),
    }
    if "statusMessage" in handler:
        normalized["statusMessage"] = handler["statusMessage"]
    identity: dict[str, Any] = {"event_name": event_name, "hooks": [normalized]}
    if matcher is not None:
        identity["matcher"] = matcher
    blob = json.dumps(identity, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(blob.encode()).hexdigest()


def ok(args: list[str], cwd: Path) -> str:
    result = run_statewise(args, cwd)
    assert result.returncode == 0, (result.stdout, result.stderr)
    return result.stdout


def backups(path: Path) -> list[Path]:
    """Backups of ``path``: under $STATEWISE_HOME/backups/<time>/<its absolute path>, never beside it."""
    assert not list(path.parent.glob(path.name + ".statewise-backup-*")), "a backup beside the file"
    root = Path(os.environ["STATEWISE_HOME"]) / "backups"
    return sorted(root.glob("*/" + str(path.resolve()).lstrip("/")))


def our_handlers(hooks: dict[str, list[Any]]) -> list[tuple[str, int, int, str | None, dict[str, Any]]]:
    found = []
    for event, groups in hooks.items():
        for gi, group in enumerate(groups):
            for hi, handler in enumerate(group.get("hooks", [])):
                if " hook --agent " in handler.get("command", "") and "statewise" in handler["command"]:
                    found.append((event, gi, hi, group.get("matcher"), handler))
    return found


def assert_absolute_executable(command: str, agent: str) -> None:
    """The launcher: this installation's interpreter, no site, no cwd on the path, statewise_cli's
    import path spelled out, then ``hook --agent X``."""
    assert shlex.split(command)[:2] == ["/bin/sh", "-c"], "started through sh, which ignores the signals while it starts"
    assert shlex.split(command)[2].startswith(install.SHIELD)
    words = shlex.split(install.unshielded(command))
    assert words[-3:] == ["hook", "--agent", agent]
    assert os.path.isabs(words[0]) and os.access(words[0], os.X_OK)
    assert os.path.realpath(words[0]) == os.path.realpath(sys.executable)
    assert words[1:4] == ["-S", "-P", "-c"] and install.LAUNCH_MARK in words[4]
    exe, paths = install.command_program(command)
    assert exe == words[0] and paths and all(os.path.isabs(p) and os.path.isdir(p) for p in paths)


CLAUDE_SETTINGS = {
    "model": "opus",
    "permissions": {"allow": ["Bash(git status)"], "deny": []},
    "env": {"GREETING": "grüß dich"},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/local/bin/audit-bash", "timeout": 5}]}],
        "Notification": [{"hooks": [{"type": "command", "command": "notify-send claude"}]}],
    },
}


def test_claude_project_install_merges_is_idempotent_and_uninstall_removes_only_ours(git_repo: Path) -> None:
    settings = git_repo / ".claude" / "settings.json"
    settings.parent.mkdir()
    original = json.dumps(CLAUDE_SETTINGS, indent=2) + "\n"
    settings.write_text(original)

    out = ok(["install-hook", "--agent", "claude", "--scope", "project"], git_repo)
    assert str(settings) in out
    installed = json.loads(settings.read_text())
    for key in ("model", "permissions", "env"):
        assert installed[key] == CLAUDE_SETTINGS[key]
    assert installed["hooks"]["Notification"] == CLAUDE_SETTINGS["hooks"]["Notification"]
    assert installed["hooks"]["PreToolUse"][0] == CLAUDE_SETTINGS["hooks"]["PreToolUse"][0], "other hooks stay first"
    ours = our_handlers(installed["hooks"])
    assert {event for event, *_ in ours} >= {"PreToolUse", "PostToolUse", "PostToolUseFailure", "SessionStart", "UserPromptSubmit"}
    for event, _gi, _hi, matcher, handler in ours:
        assert handler["command"] == install.shielded("statewise hook --agent claude"), "the committed file names no path of this machine"
        if event == "PreToolUse":
            assert "Bash" in matcher.split("|")
    assert str(git_repo) not in settings.read_text() and os.path.expanduser("~") not in settings.read_text()
    [backup] = backups(settings)
    assert backup.read_text() == original
    assert subprocess.run(["git", "status", "--porcelain"], cwd=git_repo, capture_output=True, text=True,
                          check=True).stdout.split() == ["??", ".claude/"], "no backup file in the work tree"

    text = settings.read_text()
    out = ok(["install-hook", "--agent", "claude", "--scope", "project"], git_repo)
    assert "already up to date" in out
    assert settings.read_text() == text
    assert backups(settings) == [backup], "a no-op re-install makes no backup"

    ok(["uninstall-hook", "--agent", "claude", "--scope", "project"], git_repo)
    assert json.loads(settings.read_text()) == CLAUDE_SETTINGS
    assert settings.read_text() == original


def test_claude_user_scope_dry_run_writes_nothing_then_install_writes_user_settings(git_repo: Path, tmp_path: Path) -> None:
    config_dir = Path(os.environ["CLAUDE_CONFIG_DIR"])
    settings = config_dir / "settings.json"
    before = sorted(os.listdir(config_dir))
    out = ok(["install-hook", "--agent", "claude", "--scope", "user", "--dry-run"], git_repo)
    assert "would change" in out and '"PreToolUse"' in out
    assert sorted(os.listdir(config_dir)) == before
    assert not (git_repo / ".claude").exists()

    data = json.loads(ok(["install-hook", "--agent", "claude", "--scope", "user", "--json"], git_repo))
    assert data["results"][0]["changed"] is True
    ours = our_handlers(json.loads(settings.read_text())["hooks"])
    assert ours and all(h["command"] == data["results"][0]["command"] for *_, h in ours)
    assert backups(settings) == [], "nothing to back up on a fresh file"
    assert not (git_repo / ".claude").exists(), "user scope does not touch the project"


def test_settings_that_are_not_json_are_refused_and_left_untouched(git_repo: Path) -> None:
    settings = git_repo / ".claude" / "settings.json"
    settings.parent.mkdir()
    broken = '{"hooks": {"PreToolUse": [ // a comment\n'
    settings.write_text(broken)
    result = run_statewise(["install-hook", "--agent", "claude", "--scope", "project"], git_repo)
    assert result.returncode == 1
    assert "Error: refusing to edit" in result.stderr and "Traceback" not in result.stderr
    assert settings.read_text() == broken
    assert backups(settings) == []


CODEX_CONFIG = """# my codex config
model = "gpt-5.5"  # the model I like

[features]
plugins = false

[hooks.state."/elsewhere/hooks.json:stop:0:0"]
trusted_hash = "sha256:0000"
"""
FOREIGN = {"type": "command", "command": "/usr/local/bin/their-guard", "timeout": 15}


def codex_state(config: Path) -> dict[str, Any]:
    return tomllib.loads(config.read_text())["hooks"]["state"]


def assert_our_trust(hooks_json: Path, config: Path, *, portable: bool = False) -> int:
    hooks = json.loads(hooks_json.read_text())["hooks"]
    state = codex_state(config)
    ours = our_handlers(hooks)
    assert ours
    for event, gi, hi, matcher, handler in ours:
        if portable:
            assert handler["command"] == install.shielded("statewise hook --agent codex")
        else:
            assert_absolute_executable(handler["command"], "codex")
        key = f"{hooks_json}:{SNAKE[event]}:{gi}:{hi}"
        assert state[key]["trusted_hash"] == trust_hash(SNAKE[event], matcher, handler), key
    return len(ours)


def test_codex_user_install_writes_hooks_and_trust_keeping_config_and_foreign_hooks(git_repo: Path) -> None:
    home = Path(os.environ["CODEX_HOME"])
    hooks_json, config = home / "hooks.json", home / "config.toml"
    hooks_json.write_text(json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [FOREIGN]}]}}, indent=2))
    foreign_key = f"{hooks_json}:pre_tool_use:0:0"
    foreign_hash = trust_hash("pre_tool_use", "Bash", FOREIGN)
    config.write_text(CODEX_CONFIG + f'\n[hooks.state."{foreign_key}"]\ntrusted_hash = "{foreign_hash}"\n')

    ok(["install-hook", "--agent", "codex", "--scope", "user"], git_repo)
    assert config.read_text().startswith(CODEX_CONFIG), "comments and other tables survive in place"
    count = assert_our_trust(hooks_json, config)
    assert count >= 4
    state = codex_state(config)
    assert state[foreign_key]["trusted_hash"] == foreign_hash
    assert json.loads(hooks_json.read_text())["hooks"]["PreToolUse"][0]["hooks"] == [FOREIGN]
    pre = [o for o in our_handlers(json.loads(hooks_json.read_text())["hooks"]) if o[0] == "PreToolUse"]
    assert {"Bash", "apply_patch"} <= set(pre[0][3].split("|"))

    snapshot = (hooks_json.read_text(), config.read_text(), backups(config))
    ok(["install-hook", "--agent", "codex", "--scope", "user"], git_repo)
    assert (hooks_json.read_text(), config.read_text(), backups(config)) == snapshot

    ok(["uninstall-hook", "--agent", "codex", "--scope", "user"], git_repo)
    assert json.loads(hooks_json.read_text()) == {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [FOREIGN]}]}}
    assert config.read_text().startswith(CODEX_CONFIG)
    assert set(codex_state(config)) == {"/elsewhere/hooks.json:stop:0:0", foreign_key}


def test_codex_project_install_trusts_the_repository_hooks_file(git_repo: Path) -> None:
    out = ok(["install-hook", "--agent", "codex", "--scope", "project"], git_repo)
    assert "trusted project" in out and f'[projects.\\"{git_repo}\\"]' in out.replace("\n", " ") or "trust_level" in out
    hooks_json = git_repo / ".codex" / "hooks.json"
    assert_our_trust(hooks_json, Path(os.environ["CODEX_HOME"]) / "config.toml", portable=True)


def test_codex_config_that_is_not_toml_is_refused_and_nothing_is_written(git_repo: Path) -> None:
    home = Path(os.environ["CODEX_HOME"])
    broken = "model = \n[hooks\n"
    (home / "config.toml").write_text(broken)
    result = run_statewise(["install-hook", "--agent", "codex", "--scope", "user"], git_repo)
    assert result.returncode == 1 and "Error: refusing to edit" in result.stderr and "not valid TOML" in result.stderr
    assert (home / "config.toml").read_text() == broken
    assert not (home / "hooks.json").exists()


def _doctor(cwd: Path) -> tuple[int, dict[str, Any]]:
    result = run_statewise(["doctor", "--json"], cwd)
    return result.returncode, json.loads(result.stdout)


def test_doctor_detects_stale_and_missing_codex_trust(git_repo: Path) -> None:
    home = Path(os.environ["CODEX_HOME"])
    config = home / "config.toml"
    ok(["install-hook", "--agent", "codex", "--scope", "user"], git_repo)
    code, report = _doctor(git_repo)
    assert code == 0
    assert next(c for c in report["checks"] if c["name"] == "codex hook (user)")["status"] == "ok"

    installed = config.read_text()
    stale = installed.replace('trusted_hash = "sha256:', 'trusted_hash = "sha256:0', 1)
    config.write_text(stale)
    code, report = _doctor(git_repo)
    [finding] = [c for c in report["checks"] if c["name"] == "codex hook (user)"]
    assert code == 1 and finding["status"] == "fail"
    assert "0 missing and 1 stale" in finding["detail"] and "install-hook --agent codex" in finding["fix"]

    state = tomllib.loads(installed)["hooks"]["state"]
    first = min(state)
    missing = installed.replace(f'[hooks.state."{first}"]\ntrusted_hash = "{state[first]["trusted_hash"]}"\n', "")
    assert missing != installed
    config.write_text(missing)
    code, report = _doctor(git_repo)
    [finding] = [c for c in report["checks"] if c["name"] == "codex hook (user)"]
    assert code == 1 and "1 missing and 0 stale" in finding["detail"]


def test_doctor_reports_a_hook_command_that_no_longer_exists(git_repo: Path, tmp_path: Path) -> None:
    gone = tmp_path / "old-venv" / "bin" / "statewise"
    gone.parent.mkdir(parents=True)
    gone.write_text("#!/bin/sh\n")
    gone.chmod(0o755)
    handler = {"type": "command", "command": f"{gone} hook --agent claude", "timeout": 30}
    settings = Path(os.environ["CLAUDE_CONFIG_DIR"]) / "settings.json"
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [handler]}]}}))
    gone.unlink()
    result = run_statewise(["doctor"], git_repo)
    assert result.returncode == 1
    assert "hook command no longer exists" in result.stdout and str(gone) in result.stdout
    assert "install-hook --agent claude --scope user" in result.stdout


def test_doctor_suggests_reinstalling_a_console_script_hook(git_repo: Path) -> None:
    handler = {"type": "command", "command": f"{STATEWISE} hook --agent claude", "timeout": 30}
    settings = Path(os.environ["CLAUDE_CONFIG_DIR"]) / "settings.json"
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [handler]}]}}))
    _code, report = _doctor(git_repo)
    [check] = [c for c in report["checks"] if c["name"] == "claude hook (user)"]
    assert check["status"] == "warn" and "console script" in check["detail"]
    assert check["fix"] == "statewise install-hook --agent claude --scope user"
    ok(["install-hook", "--agent", "claude", "--scope", "user"], git_repo)
    _code, report = _doctor(git_repo)
    [check] = [c for c in report["checks"] if c["name"] == "claude hook (user)"]
    assert check["status"] == "ok", check
    [handler] = [h for g in json.loads(settings.read_text())["hooks"]["PreToolUse"] for h in g["hooks"]]
    assert install.LAUNCH_MARK in handler["command"]  # the old entry was replaced, not kept beside


def test_doctor_fails_a_launcher_whose_statewise_is_gone(git_repo: Path, tmp_path: Path) -> None:
    """`pip uninstall statewise` leaves the interpreter and site-packages: the command must still fail."""
    empty = tmp_path / "site-packages"
    empty.mkdir()
    code = f"import sys; sys.path += {json.dumps([str(empty)])}; {install.LAUNCH_MARK}; main()"
    handler = {"type": "command", "command": f"{shlex.quote(sys.executable)} -S -P -c {shlex.quote(code)} hook --agent claude",
               "timeout": 30}
    settings = Path(os.environ["CLAUDE_CONFIG_DIR"]) / "settings.json"
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [handler]}]}}))
    result = run_statewise(["doctor"], git_repo)
    assert result.returncode == 1 and "hook command no longer exists" in result.stdout


def test_reinstall_over_a_moved_executable_replaces_our_old_entry(git_repo: Path, tmp_path: Path) -> None:
    settings = git_repo / ".claude" / "settings.json"
    settings.parent.mkdir()
    old = {"type": "command", "command": "/old/venv/bin/statewise hook --agent claude", "timeout": 30}
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [old]},
                                                              {"matcher": "Bash", "hooks": [FOREIGN]}]}}))
    ok(["install-hook", "--agent", "claude", "--scope", "project"], git_repo)
    hooks = json.loads(settings.read_text())["hooks"]
    commands = [h["command"] for g in hooks["PreToolUse"] for h in g["hooks"]]
    assert old["command"] not in commands and FOREIGN["command"] in commands
    assert len([c for c in commands if "statewise" in c]) == 1


# ------------------------------------------------------------- the trust hash itself
EXAMPLES_FILE = PAYLOADS / "codex_trust_examples.json"
EXAMPLES = json.loads(EXAMPLES_FILE.read_text())["examples"] if EXAMPLES_FILE.exists() else []


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "statusMessage" not in e["handler"]],
                         ids=lambda e: f"{e['event_name']}-{e['matcher']}")
def test_trust_hash_matches_the_real_codex(example: dict[str, Any]) -> None:
    expected = example["trusted_hash"]
    assert trust_hash(example["event_name"], example["matcher"], example["handler"]) == expected
    event = next(k for k, v in SNAKE.items() if v == example["event_name"])
    group = {"matcher": example["matcher"], "hooks": [example["handler"]]} if example["matcher"] is not None else {"hooks": [example["handler"]]}
    assert install.codex_trust_hash(event, group, example["handler"]) == expected


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "statusMessage" in e["handler"]],
                         ids=lambda e: e["event_name"])
def test_trust_hash_includes_the_status_message(example: dict[str, Any]) -> None:
    event = next(k for k, v in SNAKE.items() if v == example["event_name"])
    assert trust_hash(example["event_name"], example["matcher"], example["handler"]) == example["trusted_hash"]
    assert install.codex_trust_hash(event, {"hooks": [example["handler"]]}, example["handler"]) == example["trusted_hash"]


def _shifted_foreign_setup(git_repo: Path, foreign: dict[str, Any]) -> tuple[Path, str]:
    """Our group first, a foreign one after it (trusted): a re-install moves ours last and shifts theirs."""
    home = Path(os.environ["CODEX_HOME"])
    hooks_json = home / "hooks.json"
    ours = {"type": "command", "command": "/old/venv/bin/statewise hook --agent codex", "timeout": 30}
    hooks_json.write_text(json.dumps({"hooks": {"SessionStart": [{"hooks": [ours]}, {"hooks": [foreign]}]}}))
    foreign_hash = trust_hash("session_start", None, foreign)
    (home / "config.toml").write_text(f'[hooks.state."{hooks_json}:session_start:1:0"]\ntrusted_hash = "{foreign_hash}"\n')
    ok(["install-hook", "--agent", "codex", "--scope", "user"], git_repo)
    hooks = json.loads(hooks_json.read_text())["hooks"]["SessionStart"]
    assert hooks[0]["hooks"] == [foreign], "the foreign hook moved to index 0"
    return home / "config.toml", foreign_hash


def test_foreign_codex_hook_keeps_its_trust_when_its_index_shifts(git_repo: Path) -> None:
    config, foreign_hash = _shifted_foreign_setup(git_repo, FOREIGN)
    state = codex_state(config)
    hooks_json = Path(os.environ["CODEX_HOME"]) / "hooks.json"
    assert state[f"{hooks_json}:session_start:0:0"]["trusted_hash"] == foreign_hash
    assert_our_trust(hooks_json, config)


def test_foreign_codex_hook_with_status_message_keeps_its_trust_when_its_index_shifts(git_repo: Path) -> None:
    config, foreign_hash = _shifted_foreign_setup(git_repo, {**FOREIGN, "statusMessage": "checking"})
    hooks_json = Path(os.environ["CODEX_HOME"]) / "hooks.json"
    assert codex_state(config).get(f"{hooks_json}:session_start:0:0", {}).get("trusted_hash") == foreign_hash


@pytest.mark.parametrize("scope", ["local", "project"])
def test_the_installed_command_runs_the_hook_through_a_shell(git_repo: Path, scope: str) -> None:
    """What the agents do with it: `sh -c <command>` in the session cwd, the payload on stdin (the project
    scope's portable command with statewise on PATH, as pipx / uv tool put it there)."""
    ok(["install-hook", "--agent", "claude", "--scope", scope], git_repo)
    name = "settings.local.json" if scope == "local" else "settings.json"
    settings = json.loads((git_repo / ".claude" / name).read_text())
    command = our_handlers(settings["hooks"])[0][4]["command"]
    env = {**os.environ, "PATH": f"{os.path.dirname(STATEWISE)}:{os.environ.get('PATH', '')}"}
    payload = {"session_id": "s1", "cwd": str(git_repo), "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": "git push --force origin main"}, "tool_use_id": "toolu_1",
               "transcript_path": None, "permission_mode": "default"}
    (git_repo / "json.py").write_text("raise SystemExit('a repository module shadowed the stdlib')\n")
    ok(["remember", "git.branch.protected", "true", "--scope", "branch:main", "--type", "branch_policy"], git_repo)
    proc = subprocess.run(["sh", "-c", command], input=json.dumps(payload), capture_output=True, text=True,
                          cwd=git_repo, timeout=60, check=False, env=env)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"  # the force push to a protected main


def test_local_scope_writes_this_machines_launcher_where_git_does_not_see_it(git_repo: Path) -> None:
    out = ok(["install-hook", "--agent", "all", "--scope", "local"], git_repo)
    local = git_repo / ".claude" / "settings.local.json"
    for _event, _gi, _hi, _matcher, handler in our_handlers(json.loads(local.read_text())["hooks"]):
        assert_absolute_executable(handler["command"], "claude")
    assert not (git_repo / ".claude" / "settings.json").exists() and not (git_repo / ".codex").exists()
    codex_hooks = Path(os.environ["CODEX_HOME"]) / "hooks.json"
    assert_our_trust(codex_hooks, Path(os.environ["CODEX_HOME"]) / "config.toml")
    assert "Codex has no per-project local hooks file" in out
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=git_repo, capture_output=True,
                            text=True, check=True).stdout
    assert status == "", f"a local install leaves the work tree clean: {status!r}"
    assert "/.claude/settings.local.json" in (git_repo / ".git" / "info" / "exclude").read_text()
    again = ok(["install-hook", "--agent", "all", "--scope", "local"], git_repo)
    assert "already up to date" in again and (git_repo / ".git" / "info" / "exclude").read_text().count("settings.local") == 1
    ok(["uninstall-hook", "--agent", "all", "--scope", "local"], git_repo)
    assert "hooks" not in json.loads(local.read_text())


def test_project_install_without_statewise_on_path_says_so(git_repo: Path) -> None:
    result = run_statewise(["install-hook", "--agent", "claude", "--scope", "project"], git_repo,
                           env={"PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert "`statewise` is not on PATH here" in result.stdout and "--scope local" in result.stdout
    doctor = run_statewise(["doctor", "--json"], git_repo, env={"PATH": "/usr/bin:/bin"})
    check = next(c for c in json.loads(doctor.stdout)["checks"] if c["name"] == "claude hook (project)")
    assert check["status"] == "fail" and "not on PATH" in check["detail"]
