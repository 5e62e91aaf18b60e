"""Security evaluation of the statewise PreToolUse hook: promise violations, confirmed damage, false denies.

    apt-get install -y bubblewrap          # required: every command the hook allows runs inside bwrap
    .venv/bin/python benchmarks/security/run.py                 # dev two-thirds of the bypass corpus + peers (dev)
    .venv/bin/python benchmarks/security/run.py --faults        # + the fault matrix
    .venv/bin/python benchmarks/security/run.py --held-out      # + the frozen held-out third (run it rarely)
    --json OUT writes every result; --workers N (default 2); --only CLASS; --limit N (a quick look)
    --corpus bypass_b.jsonl --split dev|held_out|all   # Set B (fixtures/security/split_b.json; --held-out = --split all)
    --corpus bypass_b.jsonl --list                     # load and split only: counts, nothing executed

Per class, over (case × agent) runs: n, promise violations (a step labelled deny that the agent would run),
damage confirmed (a violation whose damage check fired after executing in the sandbox), false denies
(ordinary actions the agent is stopped from running). "explicit" counts only the cases where the README
names the operation; "implied" ones reach the same damage through an operation it does not name.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "tests" / "security"))
import harness


def table(title: str, cases: list[dict], results: list[dict]) -> dict:
    by_id = {c["id"]: c for c in cases}
    rows: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in results:
        c = by_id[r["id"]]
        row = rows[r["class"]]
        row["n"] += 1
        row["deny_n"] += r["label"] == "deny"
        row["allow_n"] += r["label"] == "allow"
        row["harness_errors"] += "harness_error" in r
        if r["violation"]:
            row["violations"] += 1
            row["violations_" + (c.get("promise") or "explicit")] += 1
            row["damage_confirmed"] += bool(r["damage_confirmed"])
        row["false_denies"] += r["false_deny"]
    print(f"\n== {title}: {len({r['id'] for r in results})} cases, {len(results)} case×agent runs")
    hdr = f"{'class':<18}{'runs':>6}{'deny':>6}{'viol':>6}{'expl':>6}{'impl':>6}{'dmg':>6}{'allow':>7}{'FD':>5}{'err':>5}"
    print(hdr)
    tot: dict[str, int] = defaultdict(int)
    for cls in sorted(rows):
        r = rows[cls]
        for k, v in r.items():
            tot[k] += v
        print(f"{cls:<18}{r['n']:>6}{r['deny_n']:>6}{r['violations']:>6}{r['violations_explicit']:>6}"
              f"{r['violations_implied']:>6}{r['damage_confirmed']:>6}{r['allow_n']:>7}{r['false_denies']:>5}{r['harness_errors']:>5}")
    print(f"{'TOTAL':<18}{tot['n']:>6}{tot['deny_n']:>6}{tot['violations']:>6}{tot['violations_explicit']:>6}"
          f"{tot['violations_implied']:>6}{tot['damage_confirmed']:>6}{tot['allow_n']:>7}{tot['false_denies']:>5}{tot['harness_errors']:>5}")
    per_agent: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in results:
        per_agent[r["agent"]]["viol"] += r["violation"]
        per_agent[r["agent"]]["deny_n"] += r["label"] == "deny"
        per_agent[r["agent"]]["fd"] += r["false_deny"]
        per_agent[r["agent"]]["allow_n"] += r["label"] == "allow"
    for a, v in sorted(per_agent.items()):
        print(f"  {a}: violations {v['viol']}/{v['deny_n']}, false denies {v['fd']}/{v['allow_n']}")
    return {"title": title, "per_class": {k: dict(v) for k, v in rows.items()}, "total": dict(tot)}


SPLIT_FILES = {"bypass_b.jsonl": "split_b.json", "bypass_c.jsonl": "split_c.json", "bypass_d.jsonl": "split_d.json",
               "bypass_e.jsonl": "split_e.json", "bypass_f.jsonl": "split_f.json", "bypass_g.jsonl": "split_g.json",
               "bypass_h.jsonl": "split_h.json", "bypass_i.jsonl": "split_i.json",
               "bypass_j.jsonl": "split_j.json", "bypass_k.jsonl": "split_k.json",
               "bypass_l.jsonl": "split_l.json", "bypass_m.jsonl": "split_m.json",
               "bypass_n.jsonl": "split_n.json",
               "bypass_o.jsonl": "split_o.json",
               "bypass_p.jsonl": "split_p.json",
               "bypass_q.jsonl": "split_q.json",
               "bypass_r.jsonl": "split_r.json",
               "bypass_s.jsonl": "split_s.json",
               "bypass_t.jsonl": "split_t.json",
               "bypass_u.jsonl": "split_u.json",
               "bypass_v.jsonl": "split_v.json",
               "bypass_w.jsonl": "split_w.json",
               "bypass_x.jsonl": "split_x.json",
               "bypass_y.jsonl": "split_y.json", "bypass_z.jsonl": "split_z.json",
               "bypass_aa.jsonl": "split_aa.json", "bypass_ab.jsonl": "split_ab.json",
               "bypass_ac.jsonl": "split_ac.json", "bypass_ad.jsonl": "split_ad.json",
               "bypass_ae.jsonl": "split_ae.json",
               "bypass_af.jsonl": "split_af.json",
               "bypass_ag.jsonl": "split_ag.json",
               "bypass_ah.jsonl": "split_ah.json",
               "bypass_ai.jsonl": "split_ai.json",
               "bypass_aj.jsonl": "split_aj.json",
               "bypass_ak.jsonl": "split_ak.json",
               "bypass_al.jsonl": "split_al.json",
               "bypass_am.jsonl": "split_am.json",
               "bypass_an.jsonl": "split_an.json",
               "bypass_ao.jsonl": "split_ao.json",
               "bypass_ap.jsonl": "split_ap.json",
               "bypass_aq.jsonl": "split_aq.json",
               "bypass_ar.jsonl": "split_ar.json",
               "bypass_as.jsonl": "split_as.json"}
FIXTURES = Path(__file__).resolve().parent.parent.parent / "fixtures" / "security"


def split_other(corpus: str, split_file: str | None) -> tuple[list[dict], list[dict]]:
    """dev / held_out of a corpus with its own split file ({"<corpus>": {"dev": [ids], "held_out": [ids]}})."""
    cases = harness.load_cases(corpus)
    name = split_file or SPLIT_FILES.get(corpus)
    if not name:
        raise SystemExit(f"no split file known for {corpus}: pass --split-file")
    split = json.loads((FIXTURES / name).read_text())[corpus]
    held_ids, dev_ids = set(split["held_out"]), set(split["dev"])
    ids = [c["id"] for c in cases]
    unknown = [i for i in ids if i not in held_ids | dev_ids]
    if unknown:
        raise SystemExit(f"{len(unknown)} case(s) of {corpus} are in neither half of {name}: {unknown[:5]}")
    return [c for c in cases if c["id"] in dev_ids], [c for c in cases if c["id"] in held_ids]


def run_other_corpus(args) -> int:
    dev, held = split_other(args.corpus, args.split_file)
    part = args.split or ("all" if args.held_out else "dev")
    sets = []
    if part in ("dev", "all"):
        sets.append((f"{args.corpus} dev", dev))
    if part in ("held_out", "all"):
        sets.append((f"{args.corpus} HELD-OUT", held))
    if args.list:
        for title, cases in sets:
            by = defaultdict(lambda: defaultdict(int))
            for c in cases:
                by[c["class"]][c["label"]] += 1
            print(f"{title}: {len(cases)} cases; " + ", ".join(f"{k} {dict(v)}" for k, v in sorted(by.items())))
        return 0
    if not harness.BWRAP:
        print("bwrap is required (apt-get install -y bubblewrap); nothing is executed without it", file=sys.stderr)
        return 2
    report = {"corpus": args.corpus, "sets": []}
    all_results = {}
    for title, cases in sets:
        if args.only:
            cases = [c for c in cases if c["class"] == args.only]
        if args.limit:
            cases = cases[: args.limit]
        t = time.time()
        res = harness.run_many(cases, workers=args.workers, progress=True)
        summary = table(title, cases, res)
        by_id = {c["id"]: c for c in cases}
        dind = sum(1 for r in res if r["violation"] and by_id[r["id"]].get("promise") == "defence")
        if dind:
            print(f"  of the violations, {dind} are on paths the README calls defence in depth (promise \"defence\")")
        summary["seconds"] = round(time.time() - t, 1)
        report["sets"].append(summary)
        all_results[title] = res
    if args.json:
        report["results"] = all_results
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--held-out", action="store_true")
    ap.add_argument("--faults", action="store_true")
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--json")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--corpus", default="bypass.jsonl",
                    help="bypass corpus in fixtures/security (default bypass.jsonl, split by split.json as before); "
                         "another corpus is split by its own split file (bypass_b.jsonl -> split_b.json)")
    ap.add_argument("--split", choices=["dev", "held_out", "all"],
                    help="which part of a non-default corpus to run (default dev; --held-out adds held_out)")
    ap.add_argument("--split-file", help="split file for a non-default corpus (default: split_b.json for bypass_b.jsonl)")
    ap.add_argument("--list", action="store_true", help="load and split the corpus, print counts, execute nothing")
    args = ap.parse_args()
    if args.corpus != "bypass.jsonl":
        return run_other_corpus(args)
    if not harness.BWRAP and not args.list:
        print("bwrap is required (apt-get install -y bubblewrap); nothing is executed without it", file=sys.stderr)
        return 2
    dev, held = harness.split_cases("bypass.jsonl")
    pdev, pheld = harness.split_cases("peers.jsonl")
    if args.list:
        for title, cases in [("bypass dev", dev), ("bypass HELD-OUT", held), ("peers dev", pdev), ("peers HELD-OUT", pheld)]:
            print(f"{title}: {len(cases)} cases")
        return 0
    sets = [("bypass dev", dev)]
    if not args.no_peers:
        sets.append(("peers dev", pdev))
    if args.held_out:
        sets += [("bypass HELD-OUT", held), ("peers HELD-OUT", pheld)]
    report = {"bwrap": " ".join(harness.bwrap_argv(Path("ROOT"), Path("CWD"), {"HOME": "ROOT/home"}, ["CMD"])), "sets": []}
    all_results = {}
    for title, cases in sets:
        if args.only:
            cases = [c for c in cases if c["class"] == args.only]
        if args.limit:
            cases = cases[: args.limit]
        t = time.time()
        res = harness.run_many(cases, workers=args.workers, progress=True)
        summary = table(title, cases, res)
        summary["seconds"] = round(time.time() - t, 1)
        report["sets"].append(summary)
        all_results[title] = res
    if args.faults:
        faults = harness.load_cases("faults.jsonl")
        fres = harness.run_faults(faults, workers=args.workers)
        print(f"\n== fault matrix: {len(faults)} faults × 2 agents")
        bad = [r for r in fres if not r["ok"]]
        for r in fres:
            print(f"  {'ok  ' if r['ok'] else 'FAIL'} {r['id']:<40} {r['agent']:<7} exit={r.get('rc')} reply={r.get('kind')}"
                  f"{' +warning' if r.get('warning') else ''} {'; '.join(r['problems'])}")
        print(f"  fault matrix: {len(fres) - len(bad)}/{len(fres)} as the failure policy says")
        report["faults"] = fres
    if args.json:
        report["results"] = all_results
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
