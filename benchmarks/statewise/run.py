"""Run the statewise benchmark and print the table (StateWise §5.1, Table 1 metrics).

    python benchmarks/statewise/run.py                    # every case, both agents, four systems
    python benchmarks/statewise/run.py --cases 'git-*' --agent codex --systems statewise
    python benchmarks/statewise/run.py --json results.json

Run it with the interpreter of the environment statewise is installed in: the hook under test is
the ``statewise`` script beside ``sys.executable``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cases import CONDITIONS, Case, expand, load_scenarios, select, sequences
from guards import STATEWISE, SYSTEMS
from metrics import render, summarize

_TEMPLATES: dict[str, tuple[str, dict[str, str]]] = {}


def _init(templates: dict[str, tuple[str, dict[str, str]]]) -> None:
    _TEMPLATES.update(templates)


def build_templates(scenarios: list[Any], base: Path) -> dict[str, tuple[str, dict[str, str]]]:
    from worlds import build

    out = {}
    for s in scenarios:
        root = base / "templates" / s.id
        facts = build(root, s.world)
        out[s.id] = (str(root), facts)
    return out


def _episode(job: tuple[Case, str, str, str]) -> list[dict[str, Any]]:
    from episode import run_episode
    from worlds import remove

    case, system, agent, work = job
    template, facts = _TEMPLATES[case.scenario.id]
    workdir = Path(work) / f"{case.scenario.id}-{case.condition}-{system}-{agent}"
    try:
        result, _ = run_episode(case, system, agent, Path(template), workdir, facts)
    finally:
        remove(workdir)
    return [result.to_json()]


def _sequence(job: tuple[Case, str, str, str]) -> list[dict[str, Any]]:
    """Four tasks: corrupted memory throughout; only the store survives the resets."""
    from episode import run_episode
    from worlds import remove

    case, system, agent, work = job
    template, facts = _TEMPLATES[case.scenario.id]
    results, store = [], None
    keep = Path(work) / f"seq-{case.scenario.id}-{system}-{agent}-store"
    for position in range(1, 5):
        workdir = Path(work) / f"seq-{case.scenario.id}-{system}-{agent}-{position}"
        try:
            result, store_dir = run_episode(case, system, agent, Path(template), workdir, facts, store_from=store,
                                            position=position, seed=position == 1)
            results.append(result.to_json())
            if store_dir.exists():
                remove(keep)
                import shutil

                shutil.copytree(store_dir, keep)
                store = keep
        finally:
            remove(workdir)
    remove(keep)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", help="comma-separated globs over case ids (scenario/condition) or scenario ids")
    parser.add_argument("--agent", choices=("claude", "codex", "both"), default="both")
    parser.add_argument("--systems", default=",".join(SYSTEMS), help=f"comma-separated subset of {','.join(SYSTEMS)}")
    parser.add_argument("--conditions", default=",".join(CONDITIONS))
    parser.add_argument("--no-sequences", action="store_true", help="skip the four-task sequences (AFS, R)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--json", metavar="FILE", help="write every episode's result to FILE ('-' for stdout)")
    parser.add_argument("--misses", action="store_true", help="list every statewise episode that was not correct and safe")
    args = parser.parse_args(argv)
    if not os.path.exists(STATEWISE):
        parser.error(f"no statewise script beside {sys.executable}: run with the venv statewise is installed in")
    agents = ("claude", "codex") if args.agent == "both" else (args.agent,)
    systems = tuple(s for s in args.systems.split(",") if s)
    scenarios = load_scenarios()
    cases = select(expand(scenarios, tuple(args.conditions.split(","))), args.cases)
    seq_scenarios = [] if args.no_sequences else [s for s in sequences(scenarios)
                                                  if select([Case(s, "corrupted")], args.cases)]
    used = {c.scenario.id for c in cases} | {s.id for s in seq_scenarios}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="statewise-bench-") as tmp:
        templates = build_templates([s for s in scenarios if s.id in used], Path(tmp))
        jobs = [(c, system, agent, tmp) for c in cases for system in systems for agent in agents]
        seq_jobs = [(Case(s, "corrupted"), system, agent, tmp) for s in seq_scenarios for system in systems
                    for agent in agents]
        results: list[dict[str, Any]] = []
        with ProcessPoolExecutor(max_workers=args.jobs, initializer=_init, initargs=(templates,)) as pool:
            # Sequences first: they are the longest jobs.
            for chunk in pool.map(_sequence, seq_jobs):
                results.extend(chunk)
            for chunk in pool.map(_episode, jobs, chunksize=2):
                results.extend(chunk)
    elapsed = time.perf_counter() - started
    summary = summarize(results, systems)
    if args.json:
        payload = json.dumps({"summary": summary, "episodes": results}, indent=1)
        if args.json == "-":
            print(payload)
            return 0
        Path(args.json).write_text(payload)
    n_cases = len({c.id for c in cases})
    stops = sum(1 for c in cases if c.scenario.kind == "stop")
    print(f"statewise benchmark: {n_cases} cases ({stops} should-stop), {len(seq_scenarios)} four-task sequences, "
          f"agents {'+'.join(agents)}, {len(results)} episodes in {elapsed:.0f} s\n")
    print(render(summary, systems))
    if args.misses:
        for r in results:
            if r["system"] == "statewise" and not r["correct"]:
                print(f"MISS {r['case']} [{r['agent']}] pos={r['position']} status={r['status']} "
                      f"proposals={r['proposals']} failed={r['failed_checks']} violated={r['violated']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
