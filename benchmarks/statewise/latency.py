"""Hook latency by issue 4's performance classes, the hook run as ``statewise install-hook`` registers
it for the installed ``statewise`` (its interpreter with ``-S -P`` and the import path).

Classes (p95 targets): read-only (< 50 ms), allowed side-effecting (< 50 ms), attributed
side-effecting with local verifiers (< 250 ms; the verification cache is invalidated before each
call so every sample really verifies). Each sample is interleaved with a do-nothing Python hook
(``python -c`` reading stdin and printing ``{}``) — the floor any Python hook pays to start.

    python benchmarks/statewise/latency.py [-n 40]
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from guards import STATEWISE
from worlds import build, env_for

NOOP = [sys.executable, "-S", "-c", "import sys, json; sys.stdin.read(); print('{}')"]
WORLD = {"files": {"package.json": '{"name": "w", "packageManager": "pnpm@9.0.0", "scripts": {"test": "node -e 1"}}',
                   "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
                   "CLAUDE.md": "- Run tests with `pnpm test`.\n- `main` is protected.\n"},
         "protect": {"how": "nff", "branches": ["main"]}}


def payload(repo: Path, command: str) -> str:
    return json.dumps({"session_id": "lat", "cwd": str(repo), "hook_event_name": "PreToolUse", "tool_name": "Bash",
                       "tool_input": {"command": command, "description": "x"}, "tool_use_id": "t",
                       "transcript_path": None, "permission_mode": "bypassPermissions"})


def timed(cmd: list[str], stdin: str, cwd: Path, env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=cwd, env=env, check=False)
    return (time.perf_counter() - start) * 1000, proc.stdout


def stats(xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]
    return f"p50 {statistics.median(xs):6.1f}  p95 {p95:6.1f}  max {xs[-1]:6.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=40, help="samples per class")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="statewise-latency-") as tmp:
        root = Path(tmp) / "w"
        build(root, WORLD)
        repo = root / "repo"
        env = {**env_for(root, WORLD)}
        subprocess.run([STATEWISE, "import-memory"], cwd=repo, env=env, capture_output=True, check=True)
        db = repo / ".git" / "statewise" / "store.db"
        with open(STATEWISE, encoding="utf-8") as fh:
            python = fh.readline()[2:].strip()  # the interpreter of the installed script
        hook = shlex.split(subprocess.run(
            [python, "-c", "from statewise_cli.install import hooks as install; print(install.hook_command('claude'))"],
            capture_output=True, text=True, check=True, cwd=tmp).stdout.strip())
        classes = {
            "read-only (git status)": ("git status --short", None),
            "allowed side effect (git commit)": ("git commit --allow-empty -m x", None),
            "attributed + verified (pnpm test)": ("pnpm test", "UPDATE records SET verified_at = NULL"),
            "attributed + verified (push main)": ("git push origin main", "UPDATE records SET verified_at = NULL"),
        }
        results: dict[str, list[float]] = {name: [] for name in classes}
        noop: list[float] = []
        for _ in range(args.n):
            for name, (command, reset) in classes.items():
                if reset:
                    import sqlite3

                    conn = sqlite3.connect(db)
                    conn.execute(reset)
                    conn.execute("DELETE FROM verifications")
                    conn.commit()
                    conn.close()
                ms, _out = timed(hook, payload(repo, command), repo, env)
                results[name].append(ms)
                noop.append(timed(NOOP, payload(repo, command), repo, env)[0])
        print(f"statewise hook latency, {args.n} samples per class ({hook[0]} -S -P …, beside {STATEWISE})")
        print(f"  {'do-nothing python hook':36s} {stats(noop)}")
        for name, xs in results.items():
            print(f"  {name:36s} {stats(xs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
