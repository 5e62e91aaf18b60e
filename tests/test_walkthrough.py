"""A new user's walk-through, as tests: 80-column output, one exit-code rule for missing inputs,
`-h` everywhere, `statewise hook` typed by a person, a project install whose committed file names
no path of this machine, the Claude Code plugin, doctor after a project install, and messages
that say what is true. (Start-up time is measured by benchmarks/startup.py; here only what it
rests on is pinned: which modules a command imports.)"""

from __future__ import annotations

import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from swtest import REPO_ROOT, STATEWISE, commit_all, git, hook, pre_bash, remember, reply, run_statewise

KEYS = [
    "command.install", "command.test", "command.build", "command.lint", "command.format", "command.typecheck",
    "package_manager", "version.node", "version.python", "git.default_branch", "path.frontend_components",
    "env.required.DATABASE_URL", "policy.always_open_a_pull_request",
]


def ok(args: list[str], cwd: Path, **kw: Any) -> str:
    result = run_statewise(args, cwd, **kw)
    assert result.returncode == 0, (result.stdout, result.stderr)
    return result.stdout


def thirteen_records(repo: Path, long: bool = True) -> None:
    for i, key in enumerate(KEYS):
        value = (f"pnpm run {key.rsplit('.', 1)[-1]} --filter ./packages/web-frontend-application-{i} --reporter=verbose"
                 if long else f"pnpm {key.rsplit('.', 1)[-1]}")
        remember(repo, key, value, source=f"memory-file:CLAUDE.md:{i + 3}", authority="document")


# ------------------------------------------------------------------ 80 columns
def test_inspect_memory_at_80_columns_never_breaks_a_key_and_fits(git_repo: Path) -> None:
    thirteen_records(git_repo)
    for env in ({"COLUMNS": "80"}, {}):  # a terminal of 80 columns, and piped (no COLUMNS): 80
        env = {**env, "NO_COLOR": "1"}
        if "COLUMNS" not in env:
            env["COLUMNS"] = ""
        out = ok(["inspect-memory"], git_repo, env=env)
        lines = out.splitlines()
        assert all(len(line) <= 80 for line in lines[1:]), "\n".join(line for line in lines if len(line) > 80)
        body = [line for line in lines[2:] if line.split()[0] in KEYS]
        assert len(body) == len(KEYS), out  # one line per record, every key whole at the start of its line
        assert "--wide" in out.split(body[-1], 1)[1] and "--json" in out.split(body[-1], 1)[1]
    wide = ok(["inspect-memory", "--wide"], git_repo, env={"COLUMNS": "80"})
    assert "web-frontend-application-12 --reporter=verbose" in wide and "…" not in wide


def test_verify_at_80_columns_is_one_entry_per_record_with_what_was_found(git_repo: Path) -> None:
    thirteen_records(git_repo, long=False)
    result = run_statewise(["verify"], git_repo, env={"COLUMNS": "80", "NO_COLOR": "1"})
    lines = result.stdout.splitlines()
    heads = [line for line in lines if line.split(" ", 1)[0] in ("valid", "defective", "unresolved", "overridden")]
    assert len(heads) == len(KEYS), result.stdout
    assert len(lines) <= 6 * len(KEYS), f"{len(lines)} lines for {len(KEYS)} records"
    for key in KEYS:
        assert any(f" {key} = " in line for line in heads), key
    # Lines fit, except where one word (a path, a command) alone is longer than the room left.
    assert all(len(line) <= 80 or max(map(len, line.split())) > 40 for line in lines), result.stdout


def test_a_narrow_table_turns_into_blocks_with_whole_keys() -> None:
    from statewise_cli.cli import render

    cols = [render.Col("key", "key"), render.Col("value"), render.Col("scope", "fixed")]
    rows = [["a.very.long.key.that.takes.most.of.the.line.by.itself.alone", "x" * 60, "repository"]]
    lines = render.table(cols, rows, 40)
    assert lines[0] == rows[0][0]
    assert all(len(line) <= 40 or max(map(len, line.split())) > 20 for line in lines)
    assert "".join(line.split(": ", 1)[-1].strip() for line in lines[1:] if "value" in line or line.startswith(" " * 12))


# ------------------------------------------------------------------ exit codes
MISSING_INPUTS = [
    ["explain", "--payload", "/nonexistent.json"],
    ["audit", "/nonexistent"],
    ["import-memory", "/nonexistent.md"],
    ["import", "/nonexistent.toml"],
    ["evidence", "--session", "nope"],
]


@pytest.mark.parametrize("args", MISSING_INPUTS, ids=lambda a: " ".join(a))
def test_a_missing_input_is_a_usage_error(args: list[str], git_repo: Path) -> None:
    result = run_statewise(args, git_repo)
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.startswith("Error: no such ") and "Traceback" not in result.stderr


def test_evidence_without_any_session_is_a_finding_not_a_usage_error(git_repo: Path) -> None:
    result = run_statewise(["evidence"], git_repo)
    assert result.returncode == 1 and "no session has evidence yet" in result.stderr


@pytest.mark.parametrize("command", [[], ["inspect-memory"], ["verify"], ["repair"], ["install-hook"], ["doctor"],
                                     ["explain"], ["evidence"], ["audit"], ["hook"]])
def test_dash_h_is_help_everywhere(command: list[str], tmp_path: Path) -> None:
    result = run_statewise([*command, "-h"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Usage:" in result.stdout


def test_version_is_answered_before_the_cli_framework_loads() -> None:
    probe = ("import sys; sys.argv = ['statewise', '--version']\nfrom statewise_cli.__main__ import main\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'rich', 'pydantic', 'click')))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout.splitlines() == ["statewise 0.1.0", "[]"]


@pytest.mark.parametrize("argv", [["inspect-memory"], ["inspect-memory", "--json"], ["doctor"], ["verify"]])
def test_read_commands_load_neither_pydantic_nor_rich(argv: list[str], git_repo: Path) -> None:
    remember(git_repo, "command.test", "npm test")
    probe = (f"import sys\nfrom statewise_cli.cli.app import run\nrun({argv!r})\n"
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'pydantic', 'pydantic_core'}))")
    result = subprocess.run([sys.executable, "-c", probe], cwd=git_repo, capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.stdout.splitlines()[-1] == "[]", result.stdout + result.stderr


def test_plain_coercion_still_rejects_what_typer_rejected(git_repo: Path) -> None:
    result = run_statewise(["audit", "--expand", "x", str(git_repo)], git_repo)
    assert result.returncode == 2 and "'x' is not a valid int" in result.stderr


# ------------------------------------------------------------------ statewise hook, typed by a person
def _in_a_terminal(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run with a pseudo-terminal on stdin (and out), as a person typing the command would."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([STATEWISE, *args], cwd=cwd, stdin=follower, stdout=follower, stderr=follower)
    os.close(follower)
    chunks = []
    try:
        while True:
            try:
                data = os.read(leader, 4096)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
    finally:
        code = proc.wait(timeout=30)
        os.close(leader)
    return code, b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize("args", [["hook"], ["hook", "--help"], ["hook", "--agent", "gemini"]])
def test_hook_in_a_terminal_prints_help_and_records_nothing(args: list[str], git_repo: Path) -> None:
    code, text = _in_a_terminal(args, git_repo)
    assert "Usage: statewise hook" in text
    assert code == (0 if "--help" in args else 2)
    doctor = json.loads(ok(["doctor", "--json"], git_repo) if False else run_statewise(["doctor", "--json"], git_repo).stdout)
    assert doctor["incidents"] == []


def test_an_unknown_agent_with_a_payload_is_answered_under_the_failure_policy(git_repo: Path) -> None:
    result = hook(pre_bash("claude", git_repo, "git push --force origin main"), git_repo, args=("--agent", "gemini"))
    out = reply(result)
    assert out is not None
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert "unknown --agent 'gemini'" in out["hookSpecificOutput"]["permissionDecisionReason"]
    report = json.loads(run_statewise(["doctor", "--json"], git_repo).stdout)
    assert [i["kind"] for i in report["incidents"]] == ["usage"]


def test_doctor_ack_clears_the_incidents_it_listed_and_a_new_one_shows(git_repo: Path) -> None:
    hook(b"{not json", git_repo)
    before = json.loads(run_statewise(["doctor", "--json"], git_repo).stdout)
    assert len(before["incidents"]) == 1
    assert any(c["name"] == "incidents" and "--ack" in c["fix"] for c in before["checks"])
    text = ok(["doctor", "--ack"], git_repo)
    assert "acknowledged 1 incident(s)" in text and "Recent hook incidents" not in text
    after = json.loads(run_statewise(["doctor", "--json"], git_repo).stdout)
    assert after["incidents"] == [] and not any(c["name"] == "incidents" for c in after["checks"])
    hook(b"[1]", git_repo)
    assert len(json.loads(run_statewise(["doctor", "--json"], git_repo).stdout)["incidents"]) == 1


def test_doctor_ack_is_a_statewise_mutation_an_agent_cannot_run(git_repo: Path) -> None:
    out = reply(hook(pre_bash("claude", git_repo, "statewise doctor --ack"), git_repo))
    assert out is not None and out["hookSpecificOutput"]["permissionDecision"] == "deny"


# ------------------------------------------------------------------ project install
def test_project_install_commits_no_machine_path_and_doctor_is_quiet_about_other_scopes(
        git_repo: Path, tmp_path: Path) -> None:
    from statewise_cli.install import hooks as install

    other = tmp_path / "elsewhere"
    other.mkdir()
    git(other, "init", "-q")
    hook(pre_bash("claude", other, "git status") | {"tool_input": "not an object"}, other)  # another repository's incident
    bin_dir = os.path.dirname(STATEWISE)
    env = {"PATH": f"{bin_dir}:{os.environ.get('PATH', '')}"}
    ok(["install-hook", "--agent", "all", "--scope", "project"], git_repo, env=env)
    for name in (".claude/settings.json", ".codex/hooks.json"):
        text = (git_repo / name).read_text()
        assert "/" not in "".join(install.unshielded(h["command"]) for groups in json.loads(text)["hooks"].values()
                                  for g in groups for h in g["hooks"]), text  # /bin/sh is POSIX's, on every machine
        assert os.path.expanduser("~") not in text and bin_dir not in text
    commit_all(git_repo, "hooks")
    assert git(git_repo, "status", "--porcelain", "--untracked-files=all") == "", "backups stay out of the work tree"
    report = json.loads(run_statewise(["doctor", "--json"], git_repo, env=env).stdout)
    names = {c["name"]: c for c in report["checks"]}
    assert names["claude hook (project)"]["status"] == "ok"
    assert "claude hook" not in names and not any(n.endswith("(user)") for n in names), "no warning about user scope"
    codex = names["codex hook (project)"]
    assert codex["status"] == "warn" and "trust_level" in codex["fix"] and str(git_repo) in codex["fix"]
    assert report["incidents"] == []
    assert "--all-incidents" in names["incidents elsewhere"]["detail"]
    listed = json.loads(run_statewise(["doctor", "--json", "--all-incidents"], git_repo, env=env).stdout)["incidents"]
    assert len(listed) == int(names["incidents elsewhere"]["detail"].split()[0]), "the count promised what is listed"
    ok(["doctor", "--ack", "--all-incidents"], git_repo, env=env)  # acknowledged everywhere: neither counted nor listed
    report = json.loads(run_statewise(["doctor", "--json"], git_repo, env=env).stdout)
    assert "incidents elsewhere" not in {c["name"] for c in report["checks"]}


# ------------------------------------------------------------------ the plugin
PLUGIN = REPO_ROOT / "plugin"


def test_plugin_files_are_consistent_with_install_hook() -> None:
    from statewise_cli import __version__
    from statewise_cli.install import hooks as install

    market = json.loads((REPO_ROOT / ".claude-plugin" / "marketplace.json").read_text())
    manifest = json.loads((PLUGIN / ".claude-plugin" / "plugin.json").read_text())
    assert market["name"] and market["owner"]["name"]
    [entry] = market["plugins"]
    assert entry["name"] == manifest["name"] == "statewise" and entry["source"] == "./plugin"
    assert manifest["version"] == entry["version"] == __version__
    hooks = json.loads((PLUGIN / "hooks" / "hooks.json").read_text())["hooks"]
    assert set(hooks) == set(install.CLAUDE_EVENTS)
    for event, groups in hooks.items():
        [group] = groups
        assert group.get("matcher") == install.CLAUDE_EVENTS[event]
        assert group["hooks"] == [{"type": "command", "command": install.portable_command("claude"),
                                   "timeout": install.HOOK_TIMEOUT_S}]
        assert install.is_ours(group["hooks"][0])


def test_the_plugin_hook_command_answers_through_a_shell(git_repo: Path) -> None:
    command = json.loads((PLUGIN / "hooks" / "hooks.json").read_text())["hooks"]["PreToolUse"][0]["hooks"][0]["command"]
    remember(git_repo, "git.branch.protected", True, scope="branch:main", type="branch_policy")
    env = {**os.environ, "PATH": f"{os.path.dirname(STATEWISE)}:{os.environ.get('PATH', '')}"}
    proc = subprocess.run(["sh", "-c", command], input=json.dumps(pre_bash("claude", git_repo, "git push --force origin main")),
                          capture_output=True, text=True, cwd=git_repo, env=env, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"


CLAUDE = REPO_ROOT / "tests" / "e2e" / "node_modules" / ".bin" / "claude"


@pytest.mark.skipif(not CLAUDE.exists(), reason="the pinned Claude Code is not installed (npm ci --prefix tests/e2e)")
def test_the_real_claude_code_validates_and_installs_the_plugin_from_the_local_marketplace(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "CLAUDE_CONFIG_DIR": str(tmp_path / ".claude"),
           "DISABLE_TELEMETRY": "1", "DISABLE_ERROR_REPORTING": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}

    def claude(*args: str) -> str:
        proc = subprocess.run([str(CLAUDE), "plugin", *args], env=env, capture_output=True, text=True, timeout=180,
                              check=False)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc.stdout

    assert "Validation passed" in claude("validate", str(PLUGIN))
    assert "Validation passed" in claude("validate", str(REPO_ROOT / ".claude-plugin" / "marketplace.json"))
    claude("marketplace", "add", str(REPO_ROOT))
    claude("install", "statewise@statewise")
    installed = json.loads((tmp_path / ".claude" / "plugins" / "installed_plugins.json").read_text())
    [record] = installed["plugins"]["statewise@statewise"]
    copied = Path(record["installPath"])
    assert json.loads((copied / "hooks" / "hooks.json").read_text()) == json.loads((PLUGIN / "hooks" / "hooks.json").read_text())
    assert sum(1 for _ in copied.rglob("*")) < 10, "installing copies the plugin, not the checkout"
    report = subprocess.run([STATEWISE, "doctor", "--json"], cwd=tmp_path, env={**env, "PATH": f"{os.path.dirname(STATEWISE)}:/usr/bin:/bin"},
                            capture_output=True, text=True, timeout=60, check=False)
    check = next(c for c in json.loads(report.stdout)["checks"] if c["name"] == "claude hook (plugin)")
    assert check["status"] == "ok"


# ------------------------------------------------------------------ messages that are true
def test_repairing_a_runtime_version_twice_does_not_loop(git_repo: Path) -> None:
    remember(git_repo, "version.python", "2.7", type="version", source="memory-file:CLAUDE.md:3", authority="document")
    first = run_statewise(["verify"], git_repo, env={"COLUMNS": "200"})
    assert first.returncode == 1 and "defective" in first.stdout
    fixed = ok(["repair", "--key", "version.python"], git_repo, env={"COLUMNS": "200"})
    assert "supersedes None" not in fixed and "a new record for [workspace]" in fixed
    again = ok(["repair", "--key", "version.python"], git_repo, env={"COLUMNS": "200"})
    assert again.split()[0] == "kept" and "already repaired for [workspace]" in again
    assert "forget --key version.python --scope repository" in again
    data = json.loads(ok(["inspect-memory", "--json"], git_repo))
    assert len([r for r in data["records"] if r["key"] == "version.python"]) == 2, "the second repair made nothing new"
    final = run_statewise(["verify"], git_repo, env={"COLUMNS": "200"})
    assert final.returncode == 0, final.stdout
    assert "overridden" in final.stdout and "repair with" not in final.stdout
    assert "observed" in final.stdout.split("overridden", 1)[1], "a cached verdict still says what was found"


def test_a_node_version_seen_only_on_this_machine_is_not_called_the_projects(git_repo: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("no node on PATH")
    remember(git_repo, "version.node", "12", type="version", source="memory-file:CLAUDE.md:3", authority="document")
    path = git_repo / "p.json"
    path.write_text(json.dumps(pre_bash("claude", git_repo, "nvm use 12")))
    out = ok(["explain", "--payload", str(path)], git_repo)
    assert "Safe alternative: use this machine's Node" in out and "the project's Node" not in out
    assert "target=None" not in out and "flags=[]" not in out


def test_dry_run_of_a_retracting_repair_says_retract(git_repo: Path) -> None:
    remember(git_repo, "path.frontend", "src/frontend", type="path", source="memory-file:CLAUDE.md:3", authority="document")
    (git_repo / "CLAUDE.md").write_text("# x\n\n- Frontend lives in `src/frontend`\n")
    dry = ok(["repair", "--key", "path.frontend", "--dry-run"], git_repo, env={"COLUMNS": "200"})
    real = ok(["repair", "--key", "path.frontend"], git_repo, env={"COLUMNS": "200"})
    if "retracted" in real:
        assert "would retract" in dry and "= null" not in dry
    assert "observed null" not in dry + real and "(backup -)" not in dry + real


@pytest.mark.parametrize("command,expected", [
    ("git stash drop", "would drop stashed work: 1 stash entry"),
    ("git branch -D topic", "would delete branch `topic` and 1 commit(s) that no other branch"),
])
def test_destructive_git_denials_say_what_is_destroyed(command: str, expected: str, git_repo: Path) -> None:
    (git_repo / "README.md").write_text("changed\n")
    git(git_repo, "stash", "-q")
    git(git_repo, "checkout", "-q", "-b", "topic")
    (git_repo / "topic.txt").write_text("work\n")
    commit_all(git_repo, "topic work")
    git(git_repo, "checkout", "-q", "main")
    out = reply(hook(pre_bash("claude", git_repo, command), git_repo))
    assert out is not None
    reason = out["hookSpecificOutput"]["permissionDecisionReason"]
    assert expected in reason and "uncommitted change(s)" not in reason
    assert "the verified one" not in reason


def test_deleting_a_merged_branch_is_not_denied(git_repo: Path) -> None:
    git(git_repo, "branch", "merged")
    assert reply(hook(pre_bash("claude", git_repo, "git branch -D merged"), git_repo)) is None
