#!/usr/bin/env python3
"""How long a submission's evidence gap takes on a long session: the narrowed load (the session's
edits and the commands after the last one, what ``gate.gap(action_type="submit")`` reads since
b2f8239) against evaluating the same condition on every event, in one process, interleaved.

    python benchmarks/submission_gap_speed.py [--events 300,1000,3000] [--rounds 40]

Both answers are checked to be the same before anything is timed. The session mixes reads,
searches, test runs and edits in the proportions of a working agent (4:2:2:1 with an edit every
tenth call); the store is a real SQLite file in a real git repository.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

PATTERN = ("read", "read", "search", "read", "command", "search", "read", "edit", "command", "read")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", default="300,1000,3000")
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    from statewise_cli.gate import engine as gate
    from statewise_cli.repo import find_repo
    from statewise_cli.store import gate_state
    from statewise_cli.store.db import Store

    for n in (int(x) for x in args.events.split(",")):
        base = tempfile.mkdtemp(prefix="statewise-gap-")
        repo = os.path.join(base, "repo")
        os.makedirs(repo)
        env = {**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x.invalid",
               "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x.invalid"}
        with open(os.path.join(repo, "app.py"), "w", encoding="utf-8") as fh:
            fh.write("def f(x):\n    return x\n")
        with open(os.path.join(repo, "test_app.py"), "w", encoding="utf-8") as fh:
            fh.write("from app import f\n\n\ndef test_f():\n    assert f(1) == 1\n")
        for cmd in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-q", "-m", "c"]):
            subprocess.run(["git", *cmd], cwd=repo, env=env, check=True, capture_output=True)
        os.makedirs(os.path.join(repo, ".git", "statewise"), exist_ok=True)
        store = Store.open(os.path.join(repo, ".git", "statewise", "store.db"), find_repo(repo))
        sid = "bench"
        gate.compile_task(store, sid, "fix the bug in f in app.py")
        rows = []
        for i in range(n):
            kind = PATTERN[i % len(PATTERN)]
            if kind == "read":
                rows.append((f"c{i}", i, "read", "app.py", 1, 2, None, None, None, None, "hook"))
            elif kind == "search":
                rows.append((f"c{i}", i, "search", "", None, None, "def f", None, None, None, "hook"))
            elif kind == "command":
                rows.append((f"c{i}", i, "command", "", None, None, None, "python -m pytest -q", 0,
                             json.dumps({"passed": 1, "failed": 0}), "hook"))
            else:
                rows.append((f"c{i}", i, "edit", "app.py", 1, 2, None, None, None, None, "hook"))
        gate_state.add_events(store, sid, 0, rows)

        def every_event(store: Store = store, sid: str = sid) -> list[str]:
            zs = gate.events(store, sid)
            ctx = gate.Context(store, zs)
            return [c.id for c in gate.conditions(store, sid)
                    if c.action_type == "submit" and gate.satisfied(c, zs, ctx=ctx) is None]

        def narrowed(store: Store = store, sid: str = sid) -> list[str]:
            return [c.id for c in gate.gap(store, sid, action_type="submit")]

        if every_event() != narrowed():
            print(f"{n} events: the two answers DIFFER", file=sys.stderr)
            return 1
        times: dict[str, list[float]] = {"every": [], "narrowed": []}
        for _ in range(args.rounds):
            for name, fn in (("every", every_event), ("narrowed", narrowed)):
                t0 = time.perf_counter()
                fn()
                times[name].append((time.perf_counter() - t0) * 1000)
        store.close()
        print(f"{n:6d} events: every event {statistics.median(times['every']):7.2f} ms   "
              f"narrowed {statistics.median(times['narrowed']):6.2f} ms   (median of {args.rounds}, interleaved)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
