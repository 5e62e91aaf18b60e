#!/usr/bin/env python3
"""Fuzz the installed hook: payload shapes and shell grammar, for a fixed time.

    python benchmarks/fuzz_hook.py                 # 10 minutes, 2 workers
    python benchmarks/fuzz_hook.py --seconds 60 --seed 7

Every call runs the hook exactly as ``statewise install-hook`` registers it, in a real repository
whose developer marked ``main`` protected and which holds uncommitted work. Three generators:

- **payloads** — the recorded shapes of both agents with fields dropped, retyped (numbers, lists,
  nulls, nested objects), oversized, or replaced by non-JSON and invalid UTF-8 bytes;
- **destructive commands** — a core the README promises to stop (a push to protected main, a force
  push, ``reset --hard`` / ``clean -fdx`` / ``checkout -- .`` over uncommitted work, ``rm -rf`` of a
  directory outside the repository) wrapped in ways that still run it: ``bash -c``, ``sh -c``,
  ``env``, ``timeout``, ``nice``, ``command``, ``exec``, subshells, ``$( )``, ``&&`` / ``;`` / ``||``
  chains, leading assignments, quoting variants, line continuations, comments after it;
- **ordinary commands** — reads and builds under the same wrappers.

Oracles (nothing reads statewise's message text): the exit code is 0; stdout is empty or exactly one
JSON object; no ``Traceback`` on stdout or stderr; a destructive command is never a silent allow (a
deny, an ask, or an allow whose reply carries a warning for the user). The script prints what it
measured and the first failing inputs of each kind.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

CORES = [
    "git push origin main", "git push -f origin main", "git push --force origin HEAD:main", "git push origin +main",
    "git reset --hard HEAD~1", "git reset --hard", "git clean -fdx", "git checkout -- .", "git stash drop",
    "rm -rf ../outside", "rm -rf ~/outside-home", "git push origin :main",
]
ORDINARY = ["git status", "ls -la", "cat README.md", "git log --oneline -5", "python3 -c 'print(1)'", "echo hi",
            "grep -rn main .", "git diff", "wc -l README.md", "true"]
WRAPPERS = [
    "{c}", "bash -c {q}", "sh -c {q}", "env {c}", "env FOO=1 {c}", "timeout 5 {c}", "nice -n 5 {c}", "command {c}",
    "exec {c}", "( {c} )", "echo x && {c}", "true; {c}", "false || {c}", "X=1 {c}", "{c} # trailing comment",
    "$(echo) {c}", "{c} 2>/dev/null", "{c} > /dev/null 2>&1", "bash -c {q} && echo done", "sh -c {qq}",
    "cd . && {c}", "{{ {c}; }}",
]


def quoted(command: str, rng: random.Random) -> str:
    return shlex.quote(command) if rng.random() < 0.7 else '"' + command.replace('"', '\\"') + '"'


def wrap(command: str, rng: random.Random, depth: int = 0) -> str:
    template = rng.choice(WRAPPERS)
    out = template.format(c=command, q=quoted(command, rng), qq=shlex.quote(command))
    if depth < 2 and rng.random() < 0.3:
        return wrap(out, rng, depth + 1)
    if rng.random() < 0.1:
        out = out.replace(" ", " \\\n ", 1)  # a line continuation
    return out


def payload(agent: str, repo: str, command: str | None, rng: random.Random) -> dict[str, object]:
    base: dict[str, object] = {"session_id": f"fuzz-{rng.randrange(4)}", "transcript_path": None, "cwd": repo,
                               "hook_event_name": "PreToolUse", "tool_name": "Bash",
                               "tool_input": {"command": command or "git status"},
                               "tool_use_id": f"t{rng.randrange(10**6)}"}
    if agent == "codex":
        base.update({"turn_id": "turn-1", "model": "gpt-5.5", "permission_mode": "default"})
    else:
        base.update({"permission_mode": "default", "prompt_id": "p1"})
    return base


def mangle(data: dict[str, object], rng: random.Random) -> bytes:
    """A payload shape the agents never send."""
    kind = rng.randrange(9)
    junk: list[object] = [None, 0, -1, 1.5, True, "", "x" * rng.randrange(1, 200_000), [], {}, [1, "a"], {"a": {"b": []}}]
    if kind == 0:
        data.pop(rng.choice(list(data)), None)
    elif kind == 1:
        data[rng.choice(list(data))] = rng.choice(junk)
    elif kind == 2:
        data["tool_input"] = rng.choice(junk)
    elif kind == 3:
        data["hook_event_name"] = rng.choice(["PostToolUse", "Stop", "SessionStart", "UserPromptSubmit", "Nope", "", 3])
    elif kind == 4:
        return json.dumps(data).encode()[: rng.randrange(1, 60)]  # truncated
    elif kind == 5:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    elif kind == 6:
        return json.dumps([data]).encode()
    elif kind == 7:
        data["cwd"] = rng.choice(["/", "/nonexistent/dir", "", "relative/path", "\x00"])
    else:
        data["tool_name"] = rng.choice(["Edit", "Write", "apply_patch", "Read", "MultiEdit", "", None, "Bash"])
    try:
        return json.dumps(data).encode("utf-8", "surrogatepass")
    except (TypeError, ValueError):
        return b"{}"


def setup(base: str, statewise: str) -> tuple[str, dict[str, str], dict[str, list[str]]]:
    repo = os.path.join(base, "repo")
    env = {**os.environ, "STATEWISE_HOME": os.path.join(base, "home"), "HOME": os.path.join(base, "userhome"),
           "GIT_AUTHOR_NAME": "f", "GIT_AUTHOR_EMAIL": "f@x.invalid", "GIT_COMMITTER_NAME": "f",
           "GIT_COMMITTER_EMAIL": "f@x.invalid", "STATEWISE_BACKGROUND_INDEX": "0"}
    os.makedirs(env["HOME"])
    origin = os.path.join(base, "origin.git")
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", origin], check=True)
    os.makedirs(repo)
    for args in (["init", "-q", "-b", "main"], ["remote", "add", "origin", origin]):
        subprocess.run(["git", *args], cwd=repo, env=env, check=True)
    with open(os.path.join(repo, "README.md"), "w") as fh:
        fh.write("# fuzz\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, env=env, check=True)
    subprocess.run(["git", "commit", "-qm", "init"], cwd=repo, env=env, check=True)
    subprocess.run(["git", "push", "-q", "origin", "main"], cwd=repo, env=env, check=True)
    with open(os.path.join(repo, "notes.txt"), "w") as fh:
        fh.write("stashed work\n")
    subprocess.run(["git", "stash", "push", "-qu"], cwd=repo, env=env, check=True)
    with open(os.path.join(repo, "README.md"), "a") as fh:
        fh.write("uncommitted work\n")
    with open(os.path.join(repo, "untracked.txt"), "w") as fh:
        fh.write("untracked work\n")
    os.makedirs(os.path.join(base, "outside"))
    os.makedirs(os.path.join(env["HOME"], "outside-home"))
    subprocess.run([statewise, "remember", "git.branch.protected", "true", "--scope", "branch:main",
                    "--type", "branch_policy"], cwd=repo, env=env, check=True, capture_output=True)
    with open(statewise, encoding="utf-8", errors="replace") as fh:
        python = fh.readline()[2:].strip()  # the interpreter of the installed script
    hooks = {agent: shlex.split(subprocess.run(
        [python, "-c", f"from statewise_cli.install import hooks; print(hooks.hook_command({agent!r}))"],
        capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout.strip()) for agent in ("claude", "codex")}
    return repo, env, hooks


def verdict(stdout: str) -> tuple[str, bool]:
    """(allow | deny | ask | bad-json | several, whether the reply warns the user)."""
    text = stdout.strip()
    if not text:
        return "allow", False
    if "\n" in text:
        return "several", False
    try:
        data = json.loads(text)
    except ValueError:
        return "bad-json", False
    if not isinstance(data, dict):
        return "bad-json", False
    specific = data.get("hookSpecificOutput") or {}
    kind = specific.get("permissionDecision") or ("deny" if data.get("decision") == "block" else "allow")
    return str(kind), bool(data.get("systemMessage"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statewise", default=os.path.join(os.path.dirname(sys.executable), "statewise"))
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--base-dir", default=os.path.expanduser("~/.cache/statewise-fuzz"),
                        help="where the repository is built (not under /tmp, which is writable by default)")
    args = parser.parse_args()
    # Not under /tmp: statewise lets commands write there by default ([policy] writable_paths).
    os.makedirs(args.base_dir, exist_ok=True)
    base = tempfile.mkdtemp(prefix="statewise-fuzz-", dir=args.base_dir)
    try:
        repo, env, hooks = setup(base, os.path.abspath(args.statewise))
        deadline = time.monotonic() + args.seconds
        counts = {"calls": 0, "payload": 0, "destructive": 0, "ordinary": 0, "exit!=0": 0, "traceback": 0,
                  "bad-output": 0, "silent-allow-destructive": 0, "destructive-denied": 0, "ordinary-denied": 0}
        samples: dict[str, list[str]] = {}

        def one(seed: int) -> None:
            rng = random.Random(seed)
            agent = rng.choice(["claude", "codex"])
            kind = rng.choices(["payload", "destructive", "ordinary"], [3, 5, 2])[0]
            command = None
            if kind == "payload":
                raw = mangle(payload(agent, repo, rng.choice(CORES + ORDINARY), rng), rng)
            else:
                command = wrap(rng.choice(CORES if kind == "destructive" else ORDINARY), rng)
                raw = json.dumps(payload(agent, repo, command, rng)).encode()
            proc = subprocess.run(hooks[agent], input=raw, capture_output=True, cwd=repo, env=env, timeout=60, check=False)
            out, err = proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")
            decided, warned = verdict(out)
            found = []
            if proc.returncode != 0:
                found.append("exit!=0")
            if "Traceback" in out or "Traceback" in err:
                found.append("traceback")
            if decided in ("bad-json", "several"):
                found.append("bad-output")
            if kind == "destructive":
                if decided == "allow" and not warned:
                    found.append("silent-allow-destructive")
                elif decided in ("deny", "ask"):
                    counts["destructive-denied"] += 1
            if kind == "ordinary" and decided in ("deny", "ask"):
                found.append("ordinary-denied")
            counts["calls"] += 1
            counts[kind] += 1
            for name in found:
                counts[name] += 1
                shown = command if command is not None else raw[:160].decode("utf-8", "replace")
                samples.setdefault(name, []).append(f"[{agent}] {shown!r} → exit {proc.returncode}, {decided}; "
                                                    f"{(out or err).strip()[:160]!r}")

        seed = args.seed * 1_000_003
        with ThreadPoolExecutor(args.workers) as pool:
            while time.monotonic() < deadline:
                batch = [seed + i for i in range(args.workers * 4)]
                seed += len(batch)
                list(pool.map(one, batch))
        print(f"statewise hook fuzz: {args.seconds:.0f} s, {args.workers} workers, seed {args.seed}")
        for name, value in counts.items():
            print(f"  {name:28} {value}")
        for name, lines in samples.items():
            print(f"\n{name} (first 5 of {len(lines)}):")
            for line in lines[:5]:
                print("  " + line)
        bad = counts["exit!=0"] + counts["traceback"] + counts["bad-output"] + counts["silent-allow-destructive"]
        return 1 if bad else 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
