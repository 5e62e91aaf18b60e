#!/usr/bin/env python3
"""Time ``statewise verify`` on a store of N records in a real repository.

    python benchmarks/verify_speed.py [--records 200] [--rounds 5]

The repository has a bare protected remote, a pnpm project with scripts, a
Python project with a pinned version, renamed files and a config file; the
records are a realistic mix (commands, versions, package manager, branch
protection, paths, env vars, config values, policies) so every verifier runs.
The first round is cold (no cached verifications); later rounds reuse cached
results whose input files did not change.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def sh(cwd: str, *args: str) -> None:
    subprocess.run(args, cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x.invalid",
                        "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x.invalid"})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statewise", default=os.path.join(os.path.dirname(sys.executable), "statewise"))
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    base = tempfile.mkdtemp(prefix="statewise-verify-bench-")
    env = {**os.environ, "STATEWISE_HOME": os.path.join(base, "home")}
    try:
        origin, repo = os.path.join(base, "origin.git"), os.path.join(base, "repo")
        sh(base, "git", "init", "-q", "--bare", "-b", "main", origin)
        sh(origin, "git", "config", "receive.denyNonFastForwards", "true")
        os.makedirs(os.path.join(repo, "src", "api"))
        sh(repo, "git", "init", "-q", "-b", "main")
        files = {
            "package.json": json.dumps({"name": "b", "scripts": {"test": "vitest", "lint": "eslint .", "build": "tsc"}}),
            "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
            "pyproject.toml": '[project]\nname = "b"\nrequires-python = ">=3.10"\n[tool.pytest.ini_options]\naddopts = "-q"\n[tool.ruff]\nline-length = 100\n',
            ".python-version": "3.11\n",
            "Makefile": "test:\n\tpytest\nlint:\n\truff check .\n",
            "src/api/handlers.py": "x = 1\n",
        }
        for i in range(20):
            files[f"src/mod{i}.py"] = f"v = {i}\n"
        for name, text in files.items():
            with open(os.path.join(repo, name), "w", encoding="utf-8") as fh:
                fh.write(text)
        sh(repo, "git", "add", "-A")
        sh(repo, "git", "commit", "-q", "-m", "init")
        sh(repo, "git", "mv", "src/api/handlers.py", "src/api/routes.py")
        sh(repo, "git", "commit", "-q", "-m", "rename")
        sh(repo, "git", "remote", "add", "origin", origin)
        sh(repo, "git", "push", "-q", "origin", "main")
        kinds = [
            ("command.test", "pnpm test"), ("command.lint", "npm run lint"), ("command.build", "pnpm build"),
            ("package_manager", "npm"), ("version.python", "3.8"), ("version.node", "18"),
            ("git.default_branch", "main"), ("path.api_handlers", "src/api/handlers.py"),
            ("env.HOME", "set"), ("config.pyproject.toml#tool.ruff.line-length", "100"),
            ("policy.pull_requests", "always open a PR"), ("tool.git", "true"),
        ]
        records = []
        for i in range(args.records - 1):
            key, value = kinds[i % len(kinds)]
            if key.startswith("path."):
                key, value = f"path.module_{i}", f"src/mod{i % 25}.py"
            records.append((key, value, i))  # repeated keys coexist in distinct path scopes below
        sw = args.statewise
        subprocess.run([sw, "remember", "git.branch.protected", "false", "--scope", "branch:main", "--authority", "document"],
                       cwd=repo, env=env, check=True, capture_output=True)
        import sqlite3

        db = sqlite3.connect(os.path.join(repo, ".git", "statewise", "store.db"))
        now = time.time()
        with db:
            for key, value, i in records:
                scope = "repository" if i < len(kinds) else f"path:pkg{i}/**"
                db.execute(
                    "INSERT INTO records (id, key, value, type, scope, observed_at, stored_at, source, authority, status, validity)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, 'memory-file:CLAUDE.md:1', 'document', 'active', 'unchecked')",
                    (f"bench{i:05d}", key, json.dumps(value), key.split(".")[0], scope, now, now),
                )
        db.close()
        times = []
        for round_ in range(args.rounds):
            start = time.perf_counter()
            proc = subprocess.run([sw, "verify", "--json"], cwd=repo, env=env, capture_output=True, text=True, check=False)
            times.append(time.perf_counter() - start)
            if proc.returncode not in (0, 1):
                print(proc.stderr, file=sys.stderr)
                return 1
            if round_ == 0:
                outcome = {}
                for row in json.loads(proc.stdout)["records"]:
                    outcome[row["validity"]] = outcome.get(row["validity"], 0) + 1
        print(f"statewise verify on {args.records} records ({', '.join(f'{v} {k}' for k, v in sorted(outcome.items()))})")
        print(f"cold (first run): {times[0]:.2f} s")
        if len(times) > 1:
            print(f"warm (cached, inputs unchanged): median {statistics.median(times[1:]):.2f} s, max {max(times[1:]):.2f} s")
        print("budget: interactive, under 2 s — " + ("met" if max(times) < 2 else "MISSED"))
        return 0
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
