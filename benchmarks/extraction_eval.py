#!/usr/bin/env python3
"""Precision and recall of the memory-file extractors on the labelled real-world corpus.

    python benchmarks/extraction_eval.py [--corpus fixtures/memory_corpus] [--misses]

Labels (``labels.jsonl``) name file, line, key and value per fact, following
``LABELING.md``. A fact matches a label in the same file with the same key family
and the same value (whitespace/backticks ignored; ``git.branch.protected`` is
compared by branch, ``policy.*`` by line since slugs are free text, ``path.*`` by
path). Only labelled files count, and only the key families that are labelled.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from statewise_cli.memory.extract import extract


def family(key: str) -> str:
    for prefix in ("policy.", "path.", "env.", "version.", "command."):
        if key.startswith(prefix):
            return key if prefix in ("version.", "command.", "env.") else prefix.rstrip(".")
    return key


def norm(value: object) -> str:
    text = str(value).strip().strip("`").strip()
    return " ".join(text.split()).lower().removeprefix(">=").removeprefix("v").rstrip("/")


def fact_identity(fact_key: str, value: object, scope: str, line: int) -> tuple[str, str]:
    if fact_key == "git.branch.protected":
        return fact_key, norm(scope.partition(":")[2]) if value is True else "!" + norm(scope.partition(":")[2])
    if fact_key.startswith("policy."):
        return "policy", str(line)
    return family(fact_key), norm(value)


def label_identity(label: dict[str, object]) -> tuple[str, str]:
    key = str(label["key"])
    if key.startswith("policy."):
        return "policy", str(label["line"])
    return family(key), norm(label["value"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", "fixtures", "memory_corpus"))
    parser.add_argument("--misses", action="store_true", help="list false positives and misses")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    labels: dict[str, list[dict[str, object]]] = collections.defaultdict(list)
    with open(os.path.join(args.corpus, "labels.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                entry = json.loads(line)
                labels[entry["file"]].append(entry)
    families = {label_identity(l)[0] for ls in labels.values() for l in ls} | {"git.branch.protected", "policy"}
    tp = collections.Counter()
    fp = collections.Counter()
    fn = collections.Counter()
    misses: list[str] = []
    for name, wanted in sorted(labels.items()):
        with open(os.path.join(args.corpus, "files", name), encoding="utf-8", errors="replace") as fh:
            facts = extract(fh.read())
        got = {}
        for f in facts:
            ident = fact_identity(f.key, f.value, f.scope, f.line)
            if ident[0] in families or ident[0].split(".")[0] in ("command", "version", "env"):
                got.setdefault(ident, f)
        want = {label_identity(l): l for l in wanted}
        # policies: a line within ±1 counts (labels may point at a sentence's first line)
        for ident in list(got):
            if ident[0] == "policy" and ident not in want:
                for delta in (-1, 1):
                    alt = ("policy", str(int(ident[1]) + delta))
                    if alt in want and alt not in got:
                        got[alt] = got.pop(ident)
                        break
        for ident in got.keys() & want.keys():
            tp[ident[0]] += 1
        for ident in got.keys() - want.keys():
            fp[ident[0]] += 1
            misses.append(f"FP {name}:{got[ident].line}: {got[ident].key} = {got[ident].value!r}")
        for ident in want.keys() - got.keys():
            fn[ident[0]] += 1
            misses.append(f"FN {name}:{want[ident]['line']}: {want[ident]['key']} = {want[ident]['value']!r}")
    rows = []
    for fam in sorted(set(tp) | set(fp) | set(fn)):
        p = tp[fam] / (tp[fam] + fp[fam]) if tp[fam] + fp[fam] else 0.0
        r = tp[fam] / (tp[fam] + fn[fam]) if tp[fam] + fn[fam] else 0.0
        rows.append((fam, tp[fam], fp[fam], fn[fam], p, r))
    T, F, N = sum(tp.values()), sum(fp.values()), sum(fn.values())
    precision = T / (T + F) if T + F else 0.0
    recall = T / (T + N) if T + N else 0.0
    print(f"{len(labels)} labelled files, {T + N} labelled facts\n")
    print(f"{'family':24} {'tp':>4} {'fp':>4} {'fn':>4} {'precision':>10} {'recall':>8}")
    for fam, t, f, n, p, r in rows:
        print(f"{fam:24} {t:4} {f:4} {n:4} {p:10.2f} {r:8.2f}")
    print(f"\n{'overall':24} {T:4} {F:4} {N:4} {precision:10.2f} {recall:8.2f}")
    if args.misses:
        print("\n" + "\n".join(misses))
    if args.json:
        print(json.dumps({"precision": precision, "recall": recall, "tp": T, "fp": F, "fn": N}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
