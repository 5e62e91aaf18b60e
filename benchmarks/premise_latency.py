#!/usr/bin/env python3
"""Latency of side-effecting actions whose premises are verified, through the installed hook.

    python benchmarks/premise_latency.py [--rounds 30] [--statewise /path/to/venv/bin/statewise]

One real repository holds a project of every kind the premises read (pins, lockfiles, a Makefile, a
justfile, tox.ini, package.json scripts, a ruff-configured pyproject, an env var renamed in history,
a moved directory, a bare local remote whose default branch is main). Each case is a Bash
PreToolUse call as Claude Code sends it, through the command ``statewise install-hook`` registers
(with the warm hook server when the installation starts one). Cases run interleaved, round after
round, so load drift hits them alike; a fresh session id per round keeps the session digest out
of the picture. Printed: p50 / p95 / max per case and over all cases, and each case's decision.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def git(cwd: str, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x.invalid",
                        "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x.invalid"})


def write(repo: str, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = os.path.join(repo, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


CASES = [
    "git status", "pytest -q",
    "nvm install 18", "nvm install 20", "uv venv --python 3.9", "black --check src", "ruff format --check src",
    "make build", "make dist", "just test", "tox -e lint", "pnpm lint", "npm install lodash", "pnpm add lodash",
    "DATABASE_URL=sqlite:///x.db python app.py", "DB_URL=sqlite:///x.db python app.py", "sh scripts/seed.sh",
    "git push origin master", "git pull origin master", "git push -u origin topic", "python -m unittest discover",
    "npx jest", "make deploy", "make lint", "pre-commit run --all-files", "git tag 1.4.0", "git tag v1.4.0",
    "python scripts/seed.py",
    # premises read by class: a tool whose competitor's files are here, a version manager against a pin,
    # a version tag going back in its line, a workspace member, a review ref and a new ref to a local remote
    "lefthook install", "mvn -q package", "tfenv install 1.5.7", "corepack use pnpm@8.15.9", "git tag v1.1.0",
    "cargo test -p core", "git push origin HEAD:refs/for/main", "git push -u origin HEAD:refs/heads/feature/x",
    # round 19: the build system / runtime a repository's files name, what the remote requires of a commit or a
    # tag, files kept outside git, merge methods, submodule URLs, Turborepo tasks and Nx projects
    "bazel test //...", "npm test", "git commit -q --allow-empty -m wip", "git add -A", "git tag -a v1.4.0 -m v1.4.0",
    "gh pr merge --squash 1", "git submodule update --init --recursive", "turbo run lint", "nx build web",
    # round 33: a replaced tool's successor convention, a file turned into a directory of the same tool's files,
    # a pinned major's removed option, a bridge the docs retire, a branch the docs move through a named command
    "lein test", "packer validate tpl.json", "goreleaser release --snapshot --rm-dist", "git svn dcommit",
    "git push origin HEAD:live",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statewise", default=os.path.join(os.path.dirname(sys.executable), "statewise"))
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    exe = os.path.abspath(args.statewise)
    with open(exe, encoding="utf-8", errors="replace") as fh:
        python = fh.readline()[2:].strip()
    base = tempfile.mkdtemp(prefix="statewise-premise-bench-")
    env = {**os.environ, "STATEWISE_HOME": os.path.join(base, "home")}
    try:
        repo, origin = os.path.join(base, "repo"), os.path.join(base, "origin.git")
        git(base, "init", "-q", "--bare", "-b", "main", origin)
        os.makedirs(repo)
        git(repo, "init", "-q", "-b", "main")
        write(repo, {".env.example": "DATABASE_URL=postgres://localhost/app\n",
                     "app.py": 'import os\nURL = os.environ["DATABASE_URL"]\n',
                     "Makefile": "test:\n\tpytest\n\nbuild:\n\tpython -m build\n", "scripts/seed.sh": "echo seed\n",
                     "project.clj": '(defproject x "0.1.0")\n', "tpl.json": '{"builders": []}\n'})
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "init")
        write(repo, {".env.example": "DB_URL=postgres://localhost/app\n", "app.py": 'import os\nURL = os.environ["DB_URL"]\n',
                     "Makefile": "test:\n\tpytest\n\ndist:\n\tpython -m build\n",
                     ".nvmrc": "20\n", ".python-version": "3.12\n",
                     "pyproject.toml": '[project]\nname = "x"\nrequires-python = ">=3.12"\n\n[tool.ruff]\nline-length = 100\n',
                     "justfile": "check:\n    pytest\n", "tox.ini": "[tox]\nenvlist = py312, style\n",
                     "package.json": '{"name": "x", "scripts": {"check": "eslint ."}, "devDependencies": {"vitest": "2"}}\n',
                     "vitest.config.ts": "export default {}\n", "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
                     "tests/test_a.py": "def test_a():\n    assert True\n",
                     ".pre-commit-config.yaml": "repos:\n  - repo: local\n    hooks:\n      - id: ruff\n"})
        for gone in ("project.clj", "tpl.json"):
            os.remove(os.path.join(repo, gone))
        write(repo, {"deps.edn": "{:aliases {:test {:exec-fn runner/test}}}\n", "img.pkr.hcl": "build {}\n",
                     "vars.pkr.hcl": "variable \"a\" {}\n", ".goreleaser.yaml": "version: 2\n",
                     "docs/vcs.md": "# VCS\n\nThe git-svn bridge is retired; publish with git push origin main.\n\n"
                                    "`live` is updated only by the rollout workflow (`gh workflow run rollout.yml`).\n"})
        git(repo, "mv", "scripts", "bin")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "rename things")
        git(repo, "tag", "v1.2.0")
        git(repo, "tag", "v1.3.0")
        git(repo, "remote", "add", "origin", origin)
        git(repo, "push", "-q", "origin", "main")
        git(repo, "fetch", "-q", "origin")
        git(repo, "remote", "set-head", "origin", "main")
        git(repo, "switch", "-q", "-c", "topic")
        hook = shlex.split(subprocess.run(
            [python, "-c", "from statewise_cli.install import hooks as install; print(install.hook_command('claude'))"],
            capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout.strip())
        times: dict[str, list[float]] = {c: [] for c in CASES}
        decisions: dict[str, str] = {}
        for n in range(args.rounds + 1):
            for command in CASES:
                payload = {"session_id": f"bench-{n}", "transcript_path": os.path.join(repo, "t.jsonl"), "cwd": repo,
                           "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
                           "tool_use_id": f"toolu_{n}", "tool_input": {"command": command}}
                start = time.perf_counter()
                done = subprocess.run(hook, input=json.dumps(payload), capture_output=True, text=True, cwd=repo, env=env,
                                      check=False)
                elapsed = (time.perf_counter() - start) * 1000
                if n == 0:
                    continue  # warm-up: the hook server starts, caches fill
                times[command].append(elapsed)
                out = json.loads(done.stdout) if done.stdout.strip() else {}
                decisions[command] = (out.get("hookSpecificOutput") or {}).get("permissionDecision", "allow")
        every = [t for values in times.values() for t in values]
        print(f"{args.rounds} rounds, {len(CASES)} cases, load average {os.getloadavg()[0]:.1f}")
        print(f"{'case':48} {'decision':>8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
        for command, values in times.items():
            print(f"{command:48} {decisions.get(command, '?'):>8} {statistics.median(values):8.1f} "
                  f"{percentile(values, 0.95):8.1f} {max(values):8.1f}")
        print(f"{'all cases':48} {'':>8} {statistics.median(every):8.1f} {percentile(every, 0.95):8.1f} {max(every):8.1f}")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
