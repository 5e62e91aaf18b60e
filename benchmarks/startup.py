#!/usr/bin/env python3
"""Start-up time of the ``statewise`` console script, next to ``python -c pass``.

Runs every case interleaved (A B C … A B C …) so load drifts hit all of them alike, in a
temporary git repository whose store holds ``--records`` active records, and prints p50 / p95
in milliseconds plus the p50 minus the bare interpreter's. Targets (an idle machine):
``--version`` under 60 ms, read commands (``inspect-memory``, ``doctor``, ``--help``) under 150 ms.

    python benchmarks/startup.py                          # statewise beside this python
    python benchmarks/startup.py --statewise /path/to/venv/bin/statewise --rounds 40
    python benchmarks/startup.py --statewise OLD/bin/statewise --statewise NEW/bin/statewise   # before/after,
                                                          # interleaved in one run (labelled by position)

Benchmark a regular install (``pip install .``), not an editable one.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CASES: list[tuple[str, list[str]]] = [
    ("--version", ["--version"]),
    ("--help", ["--help"]),
    ("inspect-memory", ["inspect-memory"]),
    ("inspect-memory --json", ["inspect-memory", "--json"]),
    ("doctor", ["doctor"]),
    ("evidence (no session)", ["evidence"]),
]
TARGETS: dict[str, float | None] = {"--version": 60.0, "--help": None}  # --help loads typer: reported, no target
READ_TARGET = 150.0


def git(cwd: str, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def timed(argv: list[str], cwd: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--statewise", action="append",
                        help="a statewise executable (repeat to compare installations; default: beside this python)")
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--records", type=int, default=13)
    args = parser.parse_args()
    exes = [os.path.abspath(e) for e in (args.statewise or [os.path.join(os.path.dirname(sys.executable), "statewise")])]
    for exe in exes:
        if not os.access(exe, os.X_OK):
            print(f"no statewise at {exe}", file=sys.stderr)
            return 2
    exe = exes[-1]
    with open(exe, encoding="utf-8", errors="replace") as fh:
        interpreter = fh.readline().removeprefix("#!").strip() or sys.executable
    tmp = tempfile.mkdtemp(prefix="sw-startup-")
    try:
        repo = os.path.join(tmp, "repo")
        os.makedirs(repo)
        git(repo, "init", "-q", "-b", "main")
        env = {**os.environ, "HOME": os.path.join(tmp, "home"), "STATEWISE_HOME": os.path.join(tmp, "state"),
               "NO_COLOR": "1", "COLUMNS": "80"}
        env.pop("CLAUDE_CONFIG_DIR", None)
        env.pop("CODEX_HOME", None)
        for i in range(args.records):  # the store the last installation writes; the others read it
            subprocess.run([exe, "remember", f"command.example_{i}.install", f"npm run step-{i}"], cwd=repo, env=env,
                           check=True, capture_output=True)
        cases = [("python -c pass", [interpreter, "-c", "pass"])]
        for i, one in enumerate(exes):
            label = "" if len(exes) == 1 else f"[{i + 1}] "
            cases += [(label + n, [one, *a]) for n, a in CASES]
        for _name, argv in cases:  # warm the page cache and the .pyc files
            timed(argv, repo, env)
        samples: dict[str, list[float]] = {name: [] for name, _ in cases}
        for _ in range(args.rounds):
            for name, argv in cases:
                samples[name].append(timed(argv, repo, env))
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        base = statistics.median(samples["python -c pass"])
        print(f"statewise start-up, {args.rounds} interleaved rounds, {args.records} records, load {load:.2f}")
        if load > 1:
            print("(the targets assume an idle machine; under load, compare the p50 - python column)")
        if len(exes) > 1:
            for i, one in enumerate(exes):
                print(f"[{i + 1}] {one}")
        print(f"{'case':<28} {'p50 ms':>8} {'p95 ms':>8} {'p50 - python':>13} {'target':>8}")
        worst = 0
        for name, _ in cases:
            p50 = statistics.median(samples[name])
            p95 = percentile(samples[name], 0.95)
            plain = name.split("] ", 1)[-1]
            target = TARGETS.get(plain, READ_TARGET) if name != "python -c pass" else None
            mark = "" if target is None else (f"< {target:.0f}" + ("" if p50 < target else " MISSED"))
            if target is not None and p50 >= target:
                worst = 1
            print(f"{name:<28} {p50:>8.1f} {p95:>8.1f} {p50 - base:>13.1f} {mark:>8}")
        return worst
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
