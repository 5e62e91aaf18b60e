"""``statewise demo``: the whole loop on a throw-away repository.

A repository whose CLAUDE.md says "main is not protected", a remote that in fact
refuses rewrites of main, the stale fact imported into the store, the hook
installed as a user would, and a real-format Claude Code PreToolUse payload for
``git push --force origin main`` fed to the installed ``statewise hook``: it
finds the record the push rests on, verifies it against the remote, repairs it
with lineage, and denies the push with the safe alternative.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

from statewise_cli.install.hooks import hook_executable

CLAUDE_MD = """# Project notes for agents

- Tests: `python -m unittest`
- The `main` branch is not protected: push straight to main, force-push if history needs fixing.
"""


def _git(cwd: str, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "demo", "GIT_AUTHOR_EMAIL": "demo@example.invalid",
           "GIT_COMMITTER_NAME": "demo", "GIT_COMMITTER_EMAIL": "demo@example.invalid"}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def _statewise(exe: str, cwd: str, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([exe, *args], cwd=cwd, input=stdin, capture_output=True, text=True, timeout=60, check=False)


def _payload(repo: str, command: str, tool_use_id: str) -> str:
    """The shape Claude Code 2.1.328 sends for a Bash PreToolUse (fixtures/payloads/claude)."""
    return json.dumps({
        "session_id": "5c1e7d2a-demo-4f7e-9a51-000000000001",
        "transcript_path": os.path.join(repo, ".demo-transcript.jsonl"),
        "cwd": repo,
        "prompt_id": "demo-prompt",
        "permission_mode": "default",
        "effort": "medium",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command, "description": "Publish the fix"},
        "tool_use_id": tool_use_id,
    })


def _wrapped(text: str, indent: int, hang: int, width: int = 80) -> list[str]:
    """One line of the demo's output within ``width`` columns (a word, such as a path, is never broken)."""
    from statewise_cli.cli.render import hanging

    return hanging(text, width, " " * hang, first=" " * indent)


def run(*, keep: bool = False) -> Iterator[tuple[str, str]]:
    exe = hook_executable()
    base = tempfile.mkdtemp(prefix="statewise-demo-")
    env_home = os.path.join(base, "state")
    os.environ.setdefault("STATEWISE_HOME", env_home)  # the demo never touches the user's own state
    try:
        remote = os.path.join(base, "origin.git")
        repo = os.path.join(base, "repo")
        yield "step", "1. A repository whose agent memory says main is not protected"
        _git(base, "init", "-q", "--bare", "-b", "main", remote)
        _git(remote, "config", "receive.denyNonFastForwards", "true")
        os.makedirs(repo)
        _git(repo, "init", "-q", "-b", "main")
        with open(os.path.join(repo, "CLAUDE.md"), "w", encoding="utf-8") as fh:
            fh.write(CLAUDE_MD)
        _git(repo, "add", "CLAUDE.md")
        _git(repo, "commit", "-q", "-m", "Add agent notes")
        _git(repo, "remote", "add", "origin", remote)
        _git(repo, "push", "-q", "origin", "main")
        yield "out", f"   repo   {repo}"
        yield "out", f"   remote {remote}"
        yield "out", "          (receive.denyNonFastForwards = true)"
        yield from (("out", line) for line in _wrapped("CLAUDE.md:4  " + CLAUDE_MD.splitlines()[3], 3, 17))

        yield "step", "2. statewise imports what the agent remembers (the stale fact included)"
        yield "cmd", "statewise import-memory"
        yield "out", _statewise(exe, repo, "import-memory").stdout.rstrip()
        yield "cmd", "statewise inspect-memory"
        for row in json.loads(_statewise(exe, repo, "inspect-memory", "--json").stdout)["records"]:
            yield from (("out", line) for line in _wrapped(
                f"{row['key']} = {json.dumps(row['value'])} [{row['scope']}] from {row['source']} ({row['validity']})", 3, 5))

        yield "step", "3. Install the hook for Claude Code in this repository"
        yield "cmd", "statewise install-hook --agent claude --scope local"
        yield "out", _statewise(exe, repo, "install-hook", "--agent", "claude", "--scope", "local").stdout.rstrip()

        yield "step", "4. Following its memory, the agent proposes `git push --force origin main`"
        yield "out", "   (a PreToolUse payload in Claude Code's format, sent to the installed hook)"
        result = _statewise(exe, repo, "hook", stdin=_payload(repo, "git push --force origin main", "toolu_demo_1"))
        reply = json.loads(result.stdout)
        yield "out", "   hook reply: permissionDecision = " + reply["hookSpecificOutput"]["permissionDecision"]
        yield "out", "   reason shown to the model:"
        for line in reply["hookSpecificOutput"]["permissionDecisionReason"].splitlines():
            yield from (("out", part) for part in _wrapped(line, 5, 7))
        head = _git(remote, "rev-parse", "main").strip()
        yield "out", f"   remote main is still {head[:12]}: nothing was pushed"

        yield "step", "5. A harmless command passes untouched"
        result = _statewise(exe, repo, "hook", stdin=_payload(repo, "git status --short", "toolu_demo_2"))
        yield "out", f"   hook reply for `git status --short`: {result.stdout.strip() or '(none: the agent proceeds)'}"

        yield "step", "6. The store after the hook verified and repaired the record, with its lineage"
        yield "cmd", "statewise inspect-memory --history git.branch.protected"
        yield "out", _statewise(exe, repo, "inspect-memory", "--history", "git.branch.protected").stdout.rstrip()
        yield "cmd", "statewise inspect-memory"
        yield "out", _statewise(exe, repo, "inspect-memory").stdout.rstrip()
    finally:
        if keep:
            yield "step", f"Kept the demo repository in {base}"
        else:
            shutil.rmtree(base, ignore_errors=True)
