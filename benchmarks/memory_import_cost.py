#!/usr/bin/env python3
"""What memory extraction costs a fresh process, for two versions of the code, interleaved.

    python benchmarks/memory_import_cost.py --code OLD_CHECKOUT --code NEW_CHECKOUT [--rounds 5] [--files 5]

Each ``--code`` is a checkout (a directory holding ``statewise_cli``); both run under this interpreter with
``python -S -P`` and the checkout first on ``sys.path``, as ``install-hook``'s launcher runs the hook. Per round,
each case runs once per version, versions alternating, so both see the same load:

- ``import-memory FILE``: the command, in a fresh repository, on each of the ``--files`` largest development
  memory files (``fixtures/memory_real``, ``--split all``: batches A–N);
- ``hook UserPromptSubmit, memory file changed``: the hook re-imports a memory file (the largest one) after a
  line was appended to it — the hook path that extracts a whole file;
- ``hook PreToolUse Edit of CLAUDE.md``: an edit that adds a line to the memory file, in a repository with a
  developer's record (the check reads the added lines with the extractor) and in one without;
- ``hook UserPromptSubmit, nothing changed``: the same prompt with no memory file changed (no extraction).

Each version keeps its own state directory across rounds (``STATEWISE_HOME``), so a version that caches
compiled patterns there is measured warm; ``--cold`` gives each version a fresh one every round, so the round's
first ``import-memory`` runs with nothing cached (the first run on a machine) and the cases after it find what
that run wrote.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import extraction_eval as ev

SITE = next((p for p in sys.path if p.endswith("site-packages")), "")


def launcher(code: str, *args: str) -> list[str]:
    boot = (f"import sys; sys.path[:0] = [{os.path.abspath(code)!r}]; sys.path.append({SITE!r}); "
            "from statewise_cli.__main__ import main; main()")
    return [sys.executable, "-S", "-P", "-c", boot, *args]


def git(repo: str, *args: str, env: dict[str, str]) -> None:
    subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, env=env)


def payload(repo: str, event: str, **extra: object) -> str:
    return json.dumps({"session_id": "cost-session", "transcript_path": os.path.join(repo, "t.jsonl"), "cwd": repo,
                       "hook_event_name": event, "permission_mode": "default", **extra})


def timed(cmd: list[str], cwd: str, env: dict[str, str], stdin: str | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and what it ran): on a loaded machine the CPU time is the steadier."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1, 2):
        raise SystemExit(f"{cmd[-2:]} failed ({proc.returncode}): {proc.stderr[-400:]}")
    return took, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--code", action="append", required=True, help="a checkout; give two to compare")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--files", type=int, default=5)
    parser.add_argument("--cold", action="store_true", help="a fresh state directory for every run")
    parser.add_argument("--split", default="all", help="the parts of memory_real to take the largest files from "
                        "(extraction_eval.py's --split; default all, which leaves out a batch waiting for its one run)")
    args = parser.parse_args()
    corpus = os.path.join(ROOT, "fixtures", "memory_real")
    names = ev.select(corpus, ev.load_labels(corpus), args.split)
    largest = sorted(names, key=lambda n: -os.path.getsize(os.path.join(corpus, "files", n)))[: args.files]
    texts = {}
    for n in largest:
        with open(os.path.join(corpus, "files", n), encoding="utf-8", errors="replace") as fh:
            texts[n] = fh.read()
    base = tempfile.mkdtemp(prefix="sw-import-cost-")
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    try:
        envs = {}
        for i, code in enumerate(args.code):
            env = ev._env(os.path.join(base, f"v{i}"))
            env["STATEWISE_HOOK_SERVER"] = "0"
            env.update({f"GIT_{who}_{what}": value for who in ("AUTHOR", "COMMITTER")
                        for what, value in (("NAME", "bench"), ("EMAIL", "bench@example.invalid"))})
            envs[code] = env
        repos: dict[tuple[str, str], str] = {}
        for code, env in envs.items():
            for kind in ("prompt", "edit-dev", "edit-none"):
                repo = os.path.join(base, f"repo-{args.code.index(code)}-{kind}")
                os.makedirs(repo)
                git(repo, "init", "-q", "-b", "main", env=env)
                with open(os.path.join(repo, "CLAUDE.md"), "w", encoding="utf-8") as fh:
                    fh.write(texts[largest[0]])
                git(repo, "add", "CLAUDE.md", env=env)
                git(repo, "commit", "-q", "-m", "memory", env=env)
                subprocess.run(launcher(code, "import-memory"), cwd=repo, env=env, capture_output=True, check=True)
                if kind == "edit-dev":
                    subprocess.run(launcher(code, "remember", "git.branch.protected", "true", "--scope", "branch:main",
                                            "--type", "branch_policy"), cwd=repo, env=env, capture_output=True, check=True)
                repos[code, kind] = repo
        for rnd in range(args.rounds):
            for code in args.code if rnd % 2 == 0 else list(reversed(args.code)):
                env = envs[code]
                if args.cold:
                    env = {**env, "STATEWISE_HOME": tempfile.mkdtemp(dir=base)}
                for n in largest:
                    repo = tempfile.mkdtemp(dir=base)
                    git(repo, "init", "-q", "-b", "main", env=env)
                    with open(os.path.join(repo, "CLAUDE.md"), "w", encoding="utf-8") as fh:
                        fh.write(texts[n])
                    times.setdefault((f"import-memory {n[:48]} ({len(texts[n].encode()) // 1024} KB)", code), []).append(
                        timed(launcher(code, "import-memory", "--json"), repo, env))
                    shutil.rmtree(repo, ignore_errors=True)
                repo = repos[code, "prompt"]
                with open(os.path.join(repo, "CLAUDE.md"), "a", encoding="utf-8") as fh:
                    fh.write(f"\n- Note {rnd}: run `make check-{rnd}` before a release.\n")
                times.setdefault(("hook UserPromptSubmit, memory file changed", code), []).append(
                    timed(launcher(code, "hook", "--agent", "claude"), repo, env,
                          payload(repo, "UserPromptSubmit", prompt="add a feature")))
                times.setdefault(("hook UserPromptSubmit, nothing changed", code), []).append(
                    timed(launcher(code, "hook", "--agent", "claude"), repo, env,
                          payload(repo, "UserPromptSubmit", prompt="add a feature")))
                for kind, label in (("edit-dev", "a developer's record"), ("edit-none", "no developer record")):
                    repo = repos[code, kind]
                    edit = {"tool_name": "Edit", "tool_use_id": f"toolu_{rnd}",
                            "tool_input": {"file_path": os.path.join(repo, "CLAUDE.md"), "old_string": "\n",
                                           "new_string": f"\n- Run `pnpm test:unit-{rnd}` before every commit.\n"}}
                    times.setdefault((f"hook PreToolUse Edit of CLAUDE.md, {label}", code), []).append(
                        timed(launcher(code, "hook", "--agent", "claude"), repo, env,
                              payload(repo, "PreToolUse", **edit)))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"{args.rounds} rounds, versions interleaved; medians in ms, wall clock and CPU (the process and what it "
          f"ran); state directory: {'fresh for every run' if args.cold else 'kept across runs'}")
    for i, code in enumerate(args.code):
        print(f"  v{i} = {code}")
    cases = list(dict.fromkeys(case for case, _ in times))
    width = max(len(c) for c in cases)
    print(f"{'case':{width}}  " + "  ".join(f"{'v' + str(i) + ' wall':>9} {'cpu':>5}" for i in range(len(args.code))))
    for case in cases:
        cells = []
        for code in args.code:
            wall = statistics.median(t[0] for t in times[case, code]) * 1000
            cpu = statistics.median(t[1] for t in times[case, code]) * 1000
            cells.append(f"{wall:9.0f} {cpu:5.0f}")
        print(f"{case:{width}}  " + "  ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
