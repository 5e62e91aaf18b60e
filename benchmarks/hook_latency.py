#!/usr/bin/env python3
"""Latency of the installed ``statewise hook`` on recorded-format payloads.

The hook runs as ``statewise install-hook`` registers it (the interpreter with ``-S -P`` and the
import path spelled out); two rows time the same calls through the ``statewise`` console script.
Runs every case interleaved (A B C … A B C …) so machine load drifts hit all of
them alike, next to two baselines timed in the same run with the same
interpreter: ``python -c pass`` and a do-nothing Python hook that reads the JSON
payload and prints an allow. The store holds ``--records`` active records.

    python benchmarks/hook_latency.py                 # statewise beside this python
    python benchmarks/hook_latency.py --statewise /path/to/venv/bin/statewise

Benchmark a regular install (``pip install .``), not an editable one: the
editable import finder adds ~16 ms to every start (the script says which it got).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shlex
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

DO_NOTHING_HOOK = (
    "import json,sys; json.load(sys.stdin); "
    "print(json.dumps({'hookSpecificOutput': {'hookEventName': 'PreToolUse'}}))"
)


def git(cwd: str, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x.invalid",
                        "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x.invalid"})


def claude_payload(repo: str, event: str, **extra: object) -> dict[str, object]:
    return {"session_id": "bench-session", "transcript_path": os.path.join(repo, "t.jsonl"), "cwd": repo,
            "prompt_id": "p1", "permission_mode": "default", "effort": "medium", "hook_event_name": event, **extra}


def codex_payload(repo: str, event: str, **extra: object) -> dict[str, object]:
    return {"session_id": "bench-session", "turn_id": "turn-1", "transcript_path": None, "cwd": repo,
            "hook_event_name": event, "model": "gpt-5.5", "permission_mode": "default", **extra}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statewise", default=os.path.join(os.path.dirname(sys.executable), "statewise"))
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    args = parser.parse_args()
    exe = os.path.abspath(args.statewise)
    if not os.access(exe, os.X_OK):
        print(f"no statewise executable at {exe}", file=sys.stderr)
        return 2
    with open(exe, encoding="utf-8", errors="replace") as fh:
        python = fh.readline()[2:].strip()  # the interpreter of the installed script
    # Not this checkout's cwd: -c puts the cwd on sys.path.
    editable = subprocess.run(
        [python, "-c", "import statewise_cli,sys; print('site-packages' not in statewise_cli.__file__)"],
        capture_output=True, text=True, cwd=tempfile.gettempdir(), check=False).stdout.strip() == "True"

    base = tempfile.mkdtemp(prefix="statewise-bench-")
    env = {**os.environ, "STATEWISE_HOME": os.path.join(base, "home")}
    try:
        repo = os.path.join(base, "repo")
        os.makedirs(repo)
        git(repo, "init", "-q", "-b", "main")
        git(repo, "commit", "-q", "--allow-empty", "-m", "init")
        subprocess.run([exe, "remember", "git.branch.protected", "true", "--scope", "branch:main",
                        "--type", "branch_policy"], cwd=repo, env=env, check=True, capture_output=True)
        db = sqlite3.connect(os.path.join(repo, ".git", "statewise", "store.db"))
        now = time.time()
        with db:
            db.executemany(
                "INSERT INTO records (id, key, value, type, scope, observed_at, stored_at, source, authority, status, validity)"
                " VALUES (?, ?, ?, 'fact', 'repository', ?, ?, 'agent', 'agent', 'active', 'unchecked')",
                [(f"bench{i:07d}", f"bench.fact.{i}", json.dumps(f"value {i}"), now, now) for i in range(args.records - 1)],
            )
        db.close()
        with open(os.path.join(repo, "app.py"), "w", encoding="utf-8") as fh:
            fh.write("".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(40)))
        git(repo, "add", "app.py")
        git(repo, "commit", "-q", "-m", "app")
        app = os.path.join(repo, "app.py")
        bash = {"tool_name": "Bash", "tool_use_id": "toolu_1"}
        # The command `statewise install-hook` registers, built by that installation itself.
        launcher = {agent: shlex.split(subprocess.run(
            [python, "-c", f"from statewise_cli.install import hooks as install; print(install.hook_command({agent!r}))"],
            capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout.strip())
            for agent in ("claude", "codex")}
        hook = launcher["claude"]
        cases: dict[str, tuple[list[str], str | None]] = {
            "python -c pass": ([python, "-c", "pass"], None),
            "do-nothing python hook": ([python, "-c", DO_NOTHING_HOOK],
                                       json.dumps(claude_payload(repo, "PreToolUse", tool_input={"command": "ls"}, **bash))),
            "claude PreToolUse allow (git status)": (hook, json.dumps(
                claude_payload(repo, "PreToolUse", tool_input={"command": "git status"}, **bash))),
            "claude PreToolUse allow (npm test)": (hook, json.dumps(
                claude_payload(repo, "PreToolUse", tool_input={"command": "npm test && git add -A"}, **bash))),
            "codex PreToolUse allow (git commit)": (launcher["codex"], json.dumps(
                codex_payload(repo, "PreToolUse", tool_input={"command": "git commit -m wip"}, **bash))),
            "claude PreToolUse deny (force push)": (hook, json.dumps(
                claude_payload(repo, "PreToolUse", tool_input={"command": "git push --force origin main"}, **bash))),
            # Each round: a different edit, after the transcript grew (see next_edit below).
            "claude PreToolUse allow (Edit)": (hook, "NEXT-EDIT"),
            "claude PreToolUse allow (Write new file)": (hook, "NEXT-EDIT"),
            "codex PreToolUse allow (apply_patch)": (launcher["codex"], "NEXT-EDIT"),
            "claude Stop": (hook, json.dumps(claude_payload(repo, "Stop", stop_hook_active=False))),
            "claude PostToolUse (record evidence)": (hook, "NEXT-POST"),  # a new call each round
            "claude UserPromptSubmit (digest)": (hook, json.dumps(
                claude_payload(repo, "UserPromptSubmit", prompt="fix the bug"))),
            # The same calls answered in the hook process itself (the warm hook server switched off).
            "no server: claude PreToolUse allow (npm test)": (hook, json.dumps(
                claude_payload(repo, "PreToolUse", tool_input={"command": "npm test && git add -A"}, **bash))),
            "no server: claude PreToolUse allow (Edit)": (hook, "NEXT-EDIT"),
            "no server: claude PostToolUse": (hook, "NEXT-POST"),
            "console script: allow (git status)": ([exe, "hook"], json.dumps(
                claude_payload(repo, "PreToolUse", tool_input={"command": "git status"}, **bash))),
            "console script: allow (npm test)": ([exe, "hook"], json.dumps(
                claude_payload(repo, "PreToolUse", tool_input={"command": "npm test && git add -A"}, **bash))),
        }
        # A session as an agent produces it: every round the transcript grows by a read and its result
        # and the assistant's next edit, and every edit changes different text (nothing is answered
        # from an identical earlier call). Done untimed, before the call it feeds.
        transcript = os.path.join(repo, "t.jsonl")
        counter = [0]

        def next_edit(name: str) -> str:
            counter[0] += 1
            n, fn = counter[0], counter[0] % 40
            read_id, edit_id = f"toolu_r{n}", f"toolu_e{n}"
            lines = [  # the previous edit's result, a read and its result, this edit
                {"type": "user", "message": {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": f"toolu_e{n - 1}", "content": "The file has been updated."}]}},
                {"type": "assistant", "message": {"role": "assistant", "content": [
                    {"type": "tool_use", "id": read_id, "name": "Read", "input": {"file_path": app}}]}},
                {"type": "user", "message": {"role": "user", "content": [
                    {"type": "tool_result", "tool_use_id": read_id, "content": f"def f{fn}(x):"}]}},
                {"type": "assistant", "message": {"role": "assistant", "content": [
                    {"type": "tool_use", "id": edit_id, "name": "Edit", "input": {"file_path": app}}]}},
            ]
            with open(transcript, "a", encoding="utf-8") as fh:
                fh.write("".join(json.dumps(line) + "\n" for line in lines))
            if "apply_patch" in name:
                body = f"*** Begin Patch\n*** Update File: app.py\n@@\n def f{fn}(x):\n-    return x + {fn}\n+    return x - {n}\n*** End Patch\n"
                return json.dumps(codex_payload(repo, "PreToolUse", tool_name="apply_patch", tool_use_id=f"call_{n}",
                                                tool_input={"command": body}))
            if "Write" in name:
                return json.dumps(claude_payload(repo, "PreToolUse", tool_name="Write", tool_use_id=edit_id, tool_input={
                    "file_path": os.path.join(repo, f"notes{n % 5}.md"), "content": f"# notes {n}\n"}))
            return json.dumps(claude_payload(repo, "PreToolUse", tool_name="Edit", tool_use_id=edit_id, tool_input={
                "file_path": app, "old_string": f"return x + {fn}", "new_string": f"return x - {n}"}))

        def next_post() -> str:
            counter[0] += 1
            return json.dumps(claude_payload(
                repo, "PostToolUse", tool_name="Bash", tool_use_id=f"toolu_p{counter[0]}", tool_input={"command": "ls"},
                tool_response={"stdout": "a\nb\n", "stderr": "", "interrupted": False}))

        def env_of(name: str) -> dict[str, str]:
            return {**env, "STATEWISE_HOOK_SERVER": "0"} if name.startswith("no server") else env

        def stdin_of(name: str) -> str | None:
            stdin = cases[name][1]
            return next_edit(name) if stdin == "NEXT-EDIT" else next_post() if stdin == "NEXT-POST" else stdin

        timings: dict[str, list[float]] = {name: [] for name in cases}
        names = list(cases)
        for _ in range(3):  # warm the page cache
            for name, (argv, _stdin) in cases.items():
                subprocess.run(argv, input=stdin_of(name), capture_output=True, text=True, cwd=repo, env=env_of(name),
                               check=False)
        server = subprocess.run([python, "-c", "from statewise_cli.hook import client; print(client.socket_path())"],
                                capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout.strip()
        up_by = time.monotonic() + 10
        while server != "None" and not os.path.exists(server) and time.monotonic() < up_by:
            time.sleep(0.1)  # the first calls start it in the background
        server_state = ("none (an editable install or STATEWISE_HOOK_SERVER=0)" if server == "None"
                        else f"running at {server}" if os.path.exists(server) else "did NOT come up")
        for _ in range(args.rounds):
            random.shuffle(names)
            for name in names:
                argv, stdin = cases[name][0], stdin_of(name)
                start = time.perf_counter()
                proc = subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=repo, env=env_of(name),
                                      check=False)
                timings[name].append((time.perf_counter() - start) * 1000)
                if proc.returncode != 0:
                    print(f"{name}: exit {proc.returncode}: {proc.stderr.strip()}", file=sys.stderr)
                    return 1
        floor = statistics.median(timings["do-nothing python hook"])
        rows = []
        print(f"statewise hook latency: {args.rounds} interleaved rounds, {args.records} records in the store")
        print(f"executable {exe} ({'EDITABLE install: adds ~16 ms per start' if editable else 'regular install'})")
        print(f"interpreter {python}; PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')}")
        print(f"hook server: {server_state}\n")
        print(f"{'case':42} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'p50/do-nothing':>15}")
        for name in cases:
            values = timings[name]
            row = {"case": name, "p50": statistics.median(values), "p95": percentile(values, 0.95),
                   "max": max(values), "ratio": statistics.median(values) / floor}
            rows.append(row)
            print(f"{name:42} {row['p50']:8.1f} {row['p95']:8.1f} {row['max']:8.1f} {row['ratio']:14.2f}x")
        print()
        plain = statistics.median(timings["python -c pass"])
        registered = [r for r in rows if "console" not in r["case"] and "no server" not in r["case"]]
        groups = (("read-only allow", [r for r in registered if "git status" in r["case"]]),
                  ("side-effecting allow", [r for r in registered if "allow (" in r["case"]
                                            and "git status" not in r["case"]]),
                  ("edit allow", [r for r in registered if any(t in r["case"] for t in ("Edit", "Write", "apply_patch"))]))
        for label, group in groups:
            worst = max(r["p95"] for r in group)
            verdict = "meets" if worst < 50 else "MISSES"
            print(f"{label}: worst p95 {worst:.1f} ms — {verdict} the 50 ms budget (as install-hook registers it)")
        worst_ratio = max(r["p50"] for r in groups[2][1]) / plain
        print(f"edit allow: worst p50 {worst_ratio:.2f}x `python -c pass` — "
              f"{'meets' if worst_ratio <= 1.5 else 'MISSES'} the 1.5x target")
        if args.json:
            print(json.dumps({"rounds": args.rounds, "records": args.records, "editable": editable, "rows": rows}))
        return 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
