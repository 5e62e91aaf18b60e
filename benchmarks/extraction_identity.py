#!/usr/bin/env python3
"""Dump what extraction and import make of every development memory file, to compare two versions byte for byte.

    python benchmarks/extraction_identity.py OUT.jsonl [--corpus fixtures/memory_real --split all] [--corpus-too]
    cmp BEFORE.jsonl AFTER.jsonl

For each file (``--split all`` of ``fixtures/memory_real``, which leaves out the batches not yet scored, and every
file of ``fixtures/memory_corpus``): the raw extractor's facts and rejected commands (every field), and the records
``import-memory`` stores for it in a fresh repository (every field but the ids and the clock: key, value, type,
scope, source, authority, status, validity, evidence, how long it is valid, whether it supersedes or was superseded),
and the import report. A change of speed must leave this file unchanged.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import extraction_eval as ev

from statewise_cli.memory.extract import extract


def _raw(text: str) -> dict[str, Any]:
    facts = extract(text)
    return {"facts": [{n: getattr(f, n) for n in f.__slots__} for f in facts],
            "rejected": [{n: getattr(r, n) for n in r.__slots__} for r in getattr(facts, "rejected", [])]}


def _stored(data: bytes, rel: str, scratch: str, env: dict[str, str]) -> dict[str, Any]:
    from statewise_cli.memory import importer
    from statewise_cli.repo import find_repo
    from statewise_cli.store.db import Store

    repo_dir = tempfile.mkdtemp(dir=scratch)
    ev._git_repo(repo_dir, env)
    target = os.path.join(repo_dir, ev._memory_name(rel))
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as fh:
        fh.write(data)
    old = dict(os.environ)
    os.environ.update(env)
    try:
        with Store.for_cwd(repo_dir, env) as store:
            reports = importer.import_all(store, find_repo(repo_dir), env)
            rows = []
            for r in sorted(store.all_records(),
                            key=lambda r: (r.source, r.key, r.scope, json.dumps(r.value, sort_keys=True), r.status)):
                rows.append({"key": r.key, "value": r.value, "type": r.type, "scope": r.scope, "source": r.source,
                             "authority": r.authority, "status": r.status, "validity": r.validity, "evidence": r.evidence,
                             "ttl": None if r.expires_at is None else round(r.expires_at - r.observed_at),
                             "supersedes": r.supersedes is not None, "superseded": r.superseded_by is not None})
            report = [{k: (len(v) if isinstance(v, list | tuple) else v) for k, v in rep.to_json().items()}
                      for rep in reports]
    finally:
        os.environ.clear()
        os.environ.update(old)
        shutil.rmtree(repo_dir, ignore_errors=True)
    return {"records": rows, "report": report}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--split", default="all")
    parser.add_argument("--limit", type=int, default=0, help="only the first N files of each corpus (a quick check)")
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="sw-extraction-identity-")
    env = ev._env(scratch)
    start = time.perf_counter()
    count = 0
    try:
        with open(args.out, "w", encoding="utf-8") as out:
            for corpus_name, split in (("memory_real", args.split), ("memory_corpus", None)):
                corpus = os.path.join(ev.ROOT, "fixtures", corpus_name)
                if split is None:
                    names = sorted(os.listdir(os.path.join(corpus, "files")))
                else:
                    names = ev.select(corpus, ev.load_labels(corpus), split)
                paths = ev.source_paths(corpus)
                for name in names[: args.limit or None]:
                    with open(os.path.join(corpus, "files", name), "rb") as fh:
                        data = fh.read()
                    row = {"corpus": corpus_name, "file": name, "raw": _raw(data.decode("utf-8", "replace")),
                           "stored": _stored(data, paths.get(name, "CLAUDE.md"), scratch, env)}
                    out.write(json.dumps(row, sort_keys=True, ensure_ascii=False, default=repr) + "\n")
                    count += 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{count} files in {time.perf_counter() - start:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
