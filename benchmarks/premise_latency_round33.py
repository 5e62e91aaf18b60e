#!/usr/bin/env python3
"""Latency of round 33's workspace and intent premises through the installed hook (Bash, Edit and Write calls).

    python benchmarks/premise_latency_round33.py [--rounds 20] [--statewise /path/to/venv/bin/statewise]

One invented repository holds each class's situation (a Compose volume replaced, a Cargo feature split, a
workflow input's choices changed, a pnpm catalog, a doc-scoped directory, a base configuration layer, a doc
rewrite handing a file's role to another, a developer policy requiring an option and one banning a licence
category). Cases run interleaved as in ``premise_latency.py``; printed: p50 / p95 / max and each decision.
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from premise_latency import git, percentile, write

OLD = {"compose.yaml": "name: ledger\nservices:\n  kv:\n    image: redis:7\n    volumes:\n      - kvdata:/data\n"
                       "volumes:\n  kvdata:\n",
       "Cargo.toml": '[package]\nname = "px"\nversion = "1.0.0"\n\n[features]\ndefault = ["codecs"]\ncodecs = []\n',
       "ci/build.sh": "cargo build --features codecs\n",
       ".github/workflows/ship.yml": "on:\n  workflow_dispatch:\n    inputs:\n      channel:\n        type: choice\n"
                                    "        options: [edge, stable]\njobs: {}\n",
       "docs/limits.md": "# Limits\n\nSandbox testing reads `conf/limits.toml`.\n", "conf/limits.toml": "burst = 10\n",
       "sql/changes/0001_invoices.sql": "CREATE TABLE invoices (id int);\n",
       "settings/base/app.ini": "[app]\nlocale = en\n", "settings/live/app.ini": "[app]\ndebug = 0\n",
       "batch/train.sh": "#!/bin/sh\n#SBATCH --gres=tpu:2\npython train.py\n",
       "pnpm-workspace.yaml": "packages:\n  - 'svc/*'\ncatalog:\n  zod: 3.23.8\n",
       "svc/a/package.json": '{\n  "name": "a",\n  "dependencies": {\n    "zod": "catalog:"\n  }\n}\n',
       "pyproject.toml": '[project]\nname = "x"\nversion = "0.1"\ndependencies = []\n'}
NEW = {"compose.yaml": OLD["compose.yaml"].replace("kvdata", "kvdata2"),
       "Cargo.toml": '[package]\nname = "px"\nversion = "2.0.0"\n\n[features]\ndefault = ["lossless"]\nlossless = []\n'
                     'lossy = []\n',
       "ci/build.sh": "cargo build --features lossy\n",
       ".github/workflows/ship.yml": OLD[".github/workflows/ship.yml"].replace("edge", "canary"),
       "docs/limits.md": "# Limits\n\n`conf/limits.toml` is what billing enforces. Sandbox values go in "
                         "`conf/limits.sandbox.toml` (ignored by git).\n",
       "docs/data.md": "# Data\n\nThe shipment tables live in the acme/logistics-db repository now. sql/changes here "
                       "holds the invoicing schema only.\n"}
BASH = ["git status", "touch notes.txt", "docker volume rm ledger_kvdata", "docker volume rm ledger_kvdata2", "cargo build --features codecs",
        "cargo build --features lossy", "gh workflow run ship.yml -f channel=edge",
        "gh workflow run ship.yml -f channel=canary",
        "sbatch batch/train.sh", "sbatch --partition=spot batch/train.sh", "uv add chartkit", "uv add plotlite"]


def calls(repo: str) -> list[tuple[str, str, dict[str, str]]]:
    def edit(rel: str, old: str, new: str) -> dict[str, str]:
        return {"file_path": os.path.join(repo, rel), "old_string": old, "new_string": new}
    return [*[(c, "Bash", {"command": c}) for c in BASH],
            ("edit conf/limits.toml", "Edit", edit("conf/limits.toml", "burst = 10", "burst = 50")),
            ("edit app.ini (base layer)", "Edit", edit("app.ini", "locale = en", "locale = fr")),
            ("edit svc/a/package.json zod", "Edit", edit("svc/a/package.json", '"zod": "3.23.8"', '"zod": "3.24.1"')),
            ("write sql/changes/0002_shipment.sql", "Write",
             {"file_path": os.path.join(repo, "sql/changes/0002_shipment.sql"), "content": "ALTER TABLE shipment ADD x int;\n"}),
            ("write sql/changes/0002_invoices.sql", "Write",
             {"file_path": os.path.join(repo, "sql/changes/0002_invoices.sql"), "content": "ALTER TABLE invoices ADD x int;\n"})]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--statewise", default=os.path.join(os.path.dirname(sys.executable), "statewise"))
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    exe = os.path.abspath(args.statewise)
    with open(exe, encoding="utf-8", errors="replace") as fh:
        python = fh.readline()[2:].strip()
    base = tempfile.mkdtemp(prefix="statewise-premise-bench33-")
    env = {**os.environ, "STATEWISE_HOME": os.path.join(base, "home")}
    try:
        repo = os.path.join(base, "repo")
        os.makedirs(repo)
        git(repo, "init", "-q", "-b", "main")
        write(repo, OLD)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "init")
        write(repo, NEW)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "renames")
        for key, value in (("policy.tpu_partition", "TPU jobs go to the preemptible partition only (--partition=spot)"),
                           ("policy.licences", "no GPL or SSPL libraries (chartkit is GPL-3.0; plotlite is MIT)")):
            subprocess.run([exe, "remember", key, value, "--type", "policy"], cwd=repo, env=env, check=True,
                           capture_output=True)
        hook = shlex.split(subprocess.run(
            [python, "-c", "from statewise_cli.install import hooks as install; print(install.hook_command('claude'))"],
            capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout.strip())
        cases = calls(repo)
        times: dict[str, list[float]] = {c[0]: [] for c in cases}
        decisions: dict[str, str] = {}
        for n in range(args.rounds + 1):
            for name, tool, tool_input in cases:
                payload = {"session_id": f"bench-{n}", "transcript_path": os.path.join(repo, "t.jsonl"), "cwd": repo,
                           "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": tool,
                           "tool_use_id": f"toolu_{n}", "tool_input": tool_input}
                start = time.perf_counter()
                done = subprocess.run(hook, input=json.dumps(payload), capture_output=True, text=True, cwd=repo, env=env,
                                      check=False)
                elapsed = (time.perf_counter() - start) * 1000
                if n == 0:
                    continue
                times[name].append(elapsed)
                out = json.loads(done.stdout) if done.stdout.strip() else {}
                decisions[name] = (out.get("hookSpecificOutput") or {}).get("permissionDecision", "allow")
        every = [t for values in times.values() for t in values]
        print(f"{args.rounds} rounds, {len(cases)} cases, load average {os.getloadavg()[0]:.1f}")
        print(f"{'case':48} {'decision':>8} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
        for name, values in times.items():
            print(f"{name:48} {decisions.get(name, '?'):>8} {statistics.median(values):8.1f} "
                  f"{percentile(values, 0.95):8.1f} {max(values):8.1f}")
        print(f"{'all cases':48} {'':>8} {statistics.median(every):8.1f} {percentile(every, 0.95):8.1f} {max(every):8.1f}")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
