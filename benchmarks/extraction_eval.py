#!/usr/bin/env python3
"""Precision and recall of memory-file extraction, scored on what the hook sees.

    python benchmarks/extraction_eval.py [--corpus fixtures/memory_real]
                                         [--split dev|dev_extra|held_out|c_dev|c_held_out|d_held_out|e_held_out|f_held_out|g_held_out|h_held_out|i_held_out|j_held_out|k_held_out|l_held_out|m_held_out|n_held_out|o_held_out|p_held_out|q_held_out|r_held_out|s_held_out|PART+PART…|all]
                                         [--mode stored|raw|both] [--misses] [--json]

The headline is the **stored, active records**: every labelled file is placed at its own path
(``frontend/CLAUDE.md`` stays nested) in a fresh git repository, imported with the library call
``statewise import-memory`` makes (``memory.import_all`` into a real SQLite store), and the
active records of the store are scored. The raw extractor (``extract()``, every fact it yields)
is scored second.

Corpora: ``fixtures/memory_real`` (the default; ``split.json`` gives ``dev`` / ``dev_extra`` / ``held_out``, and batch C's
``split_c.json`` (labels in ``labels_c.jsonl`` / ``labels_c_ext.jsonl``) gives ``c_dev`` / ``c_held_out``;
batches D and E (``split_d.json`` / ``split_e.json``, labels ``labels_d*.jsonl`` / ``labels_e*.jsonl``) were wholly held-out
(``d_held_out`` / ``e_held_out``), scored once and tuned on since; batch F (``split_f.json``, ``labels_f*.jsonl``) likewise
(``f_held_out``) and batch G (``g_held_out``); batch H (``h_held_out``) was wholly held-out, scored once and tuned on since; batch I (``split_i.json``,
``labels_i*.jsonl``) was wholly held-out, scored once (``benchmarks/memory-i-heldout-first-run.txt``) and is
development data since: ``i_held_out``; batch J (``split_j.json``, ``labels_j*.jsonl``, 40 real files) was wholly
held-out, scored once (``benchmarks/memory-j-heldout-first-run.txt``) and is development data since: ``j_held_out``;
batch K (``split_k.json``, ``labels_k*.jsonl``, 41 real files) was wholly held-out, scored once
(``benchmarks/memory-k-heldout-first-run.txt``) and is development data since: ``k_held_out``;
batch L (``split_l.json``, ``labels_l*.jsonl``, 40 real files; second labelling of 20 files P 0.92 / R 0.97) was
wholly held-out, scored once (``benchmarks/memory-l-heldout-first-run.txt``) and is development data since:
``l_held_out``; batch M (``split_m.json``, ``labels_m*.jsonl``, 41 real
files; second labelling of 21 files P 0.94 / R 0.98) was wholly held-out, scored once
(``benchmarks/memory-m-heldout-first-run.txt``) and is development data since: ``m_held_out``; batch N
(``split_n.json``, ``labels_n*.jsonl``, 44 real files; second labelling of 20 files P 1.00 / R 1.00, not blind to
the first labeller's notes; a blind third labelling of 10 files P 0.96 / R 0.98) was wholly held-out, scored once
(``benchmarks/memory-n-heldout-first-run.txt``) and is development data since: ``n_held_out``;
batch O (``split_o.json``, ``labels_o*.jsonl``, 42 real files, 317 facts; blind second labelling of 20 files
P 0.95 / R 0.98) was wholly held-out, scored once (``benchmarks/memory-o-heldout-first-run.txt``) and is
development data since: ``o_held_out``;
batch P (``split_p.json``, ``labels_p*.jsonl``, 40 real files, 359 facts; blind second labelling of 20 files
P 0.985 / R 0.975) was wholly held-out, scored once (``benchmarks/memory-p-heldout-first-run.txt``) and is development
data since: ``p_held_out``; batch Q (``split_q.json``, ``labels_q*.jsonl``, 27 real files, 169 facts; blind second
labelling of 13 files P 0.947 / R 0.973) was wholly held-out, scored once (``benchmarks/memory-q-heldout-first-run.txt``)
and is development data since: ``q_held_out``; batch R (``split_r.json``, ``labels_r*.jsonl``, 40 real files, 297 facts;
blind second labelling of 20 files P 0.965 / R 0.976) was wholly held-out, scored once
(``benchmarks/memory-r-heldout-first-run.txt``) and is development data since: ``r_held_out``; batch S (``split_s.json``,
``labels_s*.jsonl``, 45 real files, 285 facts; blind second labelling of 20 files P 0.976 / R 0.976) was wholly held-out,
scored once (``benchmarks/memory-s-heldout-first-run.txt``) and is development data since: ``s_held_out``; batch T
(``split_t.json``, ``labels_t*.jsonl``, 41 real files, 207 facts; blind second labelling of 20 files P 0.989 / R 1.00) was
wholly held-out, scored once (``benchmarks/memory-t-heldout-first-run.txt``) and is development data since: ``t_held_out``;
batch U (``split_u.json``, ``labels_u*.jsonl``, 41 real files, 307 facts; blind second labelling of 20 files P 0.98 /
R 0.98) was wholly held-out, scored once (``benchmarks/memory-u-heldout-first-run.txt``) and is development data since:
``u_held_out``; batch V (``split_v.json``, ``labels_v*.jsonl``, 48 real files, 309 facts + 11 ext; blind second labelling
of 20 files P 0.93 / R 0.88) was wholly held-out, scored once (``benchmarks/memory-v-heldout-first-run.txt``) and is
development data since: ``v_held_out``; batch W (``split_w.json``, ``labels_w*.jsonl``, 40 real files, 237 facts + 8 ext;
blind second labelling of 20 files P 0.96 / R 0.97) was wholly held-out, scored once
(``benchmarks/memory-w-heldout-first-run.txt``) and is development data since: ``w_held_out``; batch X (``split_x.json``, ``labels_x*.jsonl``, 40 real files, 326 facts + 6 ext; blind second labelling of 20 files P 0.91 / R 0.96) was wholly held-out, scored once
(``benchmarks/memory-x-heldout-first-run.txt``) and is development data since: ``x_held_out``; batch Y (``split_y.json``,
``labels_y*.jsonl``, 40 real files, 371 facts + 6 ext; blind second labelling of 20 files P 0.93 / R 0.98) was wholly
held-out, scored once (``benchmarks/memory-y-heldout-first-run.txt``) and is development data since: ``y_held_out``; batch Z
(``split_z.json``, ``labels_z*.jsonl``, 40 real files, 399 facts + 12 ext; blind second labelling of 20 files P 0.91 / R 0.97)
was wholly held-out, scored once (``benchmarks/memory-z-heldout-first-run.txt``) and is development data since:
``z_held_out``; batch AA (``split_aa.json``, ``labels_aa*.jsonl``, 40 real files, 471 facts + 13 ext; blind second
labelling of 20 files P 0.94 / R 0.98) was wholly held-out, scored once (``benchmarks/memory-aa-heldout-first-run.txt``)
and is development data since: ``aa_held_out``; batch AB
(``split_ab.json``, ``labels_ab*.jsonl``, 42 real files, 478 facts + 12 ext; blind second labelling of 20 files P 0.96 /
R 0.97) was wholly held-out, scored once (``benchmarks/memory-ab-heldout-first-run.txt``) and is development data
since: ``ab_held_out``; batch AC (``split_ac.json``, ``labels_ac*.jsonl``, 40 real files, 496 facts + 17 ext; blind
second labelling of 20 files P 0.92 / R 0.96) was wholly held-out, scored once (``benchmarks/memory-ac-heldout-first-run.txt``)
and is development data since: ``ac_held_out``; batch AD (``split_ad.json``, ``labels_ad*.jsonl``, 40 real files, 538
facts + 15 ext; blind second labelling of 20 files P 0.97 / R 0.97) was wholly held-out, scored once
(``benchmarks/memory-ad-heldout-first-run.txt``) and is development data since: ``ad_held_out``; batch AE
(``split_ae.json``, ``labels_ae*.jsonl``, 40 real files, 321 facts + 2 ext; blind second labelling of 20 files P 0.91 /
R 0.94) was wholly held-out, scored once (``benchmarks/memory-ae-heldout-first-run.txt``) and is development data
since: ``ae_held_out``; batch AF (``split_af.json``, ``labels_af*.jsonl``, 42 real files, 374 facts + 6 ext; blind
second labelling of 20 files P 0.97 / R 0.95) was wholly held-out, scored once
(``benchmarks/memory-af-heldout-first-run.txt``) and is development data since: ``af_held_out``; batch AG (``split_ag.json``, ``labels_ag*.jsonl``, 42 real files, 218 facts +
5 ext; blind second labelling of 20 files P 0.97 / R 1.00) was wholly held-out, scored once
(``benchmarks/memory-ag-heldout-first-run.txt``) and is development data since: ``ag_held_out``; batch AH (``split_ah.json``, ``labels_ah*.jsonl``, 41 real files, 276 facts +
2 ext; blind second labelling of 20 files P 0.96 / R 0.92) was wholly held-out, scored once
(``benchmarks/memory-ah-heldout-first-run.txt``) and is development data since: ``ah_held_out``; batch AI (``split_ai.json``, ``labels_ai*.jsonl``, 42 real files, 341 facts +
6 ext; blind second labelling of 20 files P 0.94 / R 1.00) was wholly held-out, scored once
(``benchmarks/memory-ai-heldout-first-run.txt``) and is development data since: ``ai_held_out``; batch AJ (``split_aj.json``, ``labels_aj*.jsonl``, 39 real files, 226 facts +
4 ext; blind second labelling of 20 files P 0.95 / R 0.97) was wholly held-out, scored once
(``benchmarks/memory-aj-heldout-first-run.txt``) and is development data since: ``aj_held_out``; batch AK (``split_ak.json``, ``labels_ak*.jsonl``, 43 real files, 217 facts + 0
ext; blind second labelling of 20 files P 0.99 / R 0.97) was wholly held-out, scored once
(``benchmarks/memory-ak-heldout-first-run.txt``) and is development data since: ``ak_held_out``; batch AL (``split_al.json``, ``labels_al*.jsonl``, 44 real files, 419 facts + 5
ext; blind second labelling of 20 files P 0.90 / R 0.99) was wholly held-out, scored once
(``benchmarks/memory-al-heldout-first-run.txt``) and is development data since: ``al_held_out``; batch AM (``split_am.json``, ``labels_am*.jsonl``, 41 real files, 440 facts + 1
ext; blind second labelling of 20 files P 0.855 / R 0.898) was wholly held-out, scored once
(``benchmarks/memory-am-heldout-first-run.txt``) and is development data since: ``am_held_out``; batch AN (``split_an.json``, ``labels_an*.jsonl``, 44 real files, 249 facts + 0
ext; blind second labelling of 20 files P 0.966 / R 0.945) was wholly held-out, scored once
(``benchmarks/memory-an-heldout-first-run.txt``) and is development data since: ``an_held_out``; batch AO (``split_ao.json``, ``labels_ao*.jsonl``, 41 real files, 241 facts + 3
ext; blind second labelling of 20 files P 0.857 / R 0.971) was wholly held-out, scored once
(``benchmarks/memory-ao-heldout-first-run.txt``) and is development data since: ``ao_held_out``; batch AP (``split_ap.json``, ``labels_ap*.jsonl``, 44 real files, 409 facts + 1
ext; blind second labelling of 20 files P 0.932 / R 0.978) was wholly held-out, scored once
(``benchmarks/memory-ap-heldout-first-run.txt``) and is development data since: ``ap_held_out``; batch AQ (``split_aq.json``, ``labels_aq*.jsonl``, 42 real files, 442 facts + 1
ext; blind second labelling of 20 files P 0.902 / R 0.978) was wholly held-out, scored once
(``benchmarks/memory-aq-heldout-first-run.txt``) and is development data since: ``aq_held_out``; batch AR (``split_ar.json``, ``labels_ar*.jsonl``, 43 real files, 322 facts + 0
ext; blind second labelling of 20 files P 0.969 / R 0.994) was wholly held-out, scored once
(``benchmarks/memory-ar-heldout-first-run.txt``) and is development data since: ``ar_held_out``; batch AS (``split_as.json``, ``labels_as*.jsonl``, 42 real files, 202 facts + 2
ext; blind second labelling of 20 files P 0.818 / R 0.921) was wholly held-out, scored once
(``benchmarks/memory-as-heldout-first-run.txt``) and is development data since: ``as_held_out`` (a batch listed in
``FRESH`` is left out of ``all`` until its one run; batch AT, ``split_at.json``, waits);
``labels_ext.jsonl`` is scored only for the keys the extractor claims, see
``extract.CLAIMED_VERSIONS`` / ``CLAIMED_MANAGERS``) and ``fixtures/memory_corpus`` (the old,
tuned-on corpus: a regression check, not a measurement).

Matching follows the labelling guides: commands, package manager, versions, git and env by key
and value (whitespace collapsed, backticks ignored; a variant key ``command.test.e2e`` counts as
``command.test``); ``path.*`` by path (leading ``./`` or ``/`` and trailing ``/`` ignored);
``policy.*`` by line within ±2; ``git.branch.protected`` by branch. Labels keep a nested list item's path as
written (``deals/`` under ``app/``); a stored path joined to its parent (``app/deals/``) matches that label
when it comes from the same line and ends with the written path.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any

# Appended, not prepended: an installed statewise (a regular install in another venv) is the code measured; this
# checkout is used only where none is installed.
sys.path.append(os.path.join(os.path.dirname(__file__), ".."))

from statewise_cli.memory import extract as extract_mod
from statewise_cli.memory.extract import extract

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
COMMAND_KINDS = extract_mod.COMMAND_KINDS


def family(key: str) -> str:
    if key.startswith(("command.", "version.")):
        return ".".join(key.split(".")[:2])  # variants: command.test.e2e -> command.test, version.java.minimum -> version.java
    if key.startswith(("git.default_branch.", "package_manager.")):
        return key.split(".")[0] if key.startswith("package_manager") else "git.default_branch"
    for prefix in ("policy.", "path.", "env.", "version."):
        if key.startswith(prefix):
            return key if prefix in ("version.", "env.") else prefix.rstrip(".")
    return key


def category(fam: str) -> str:
    """The reporting category of a key family."""
    if fam.startswith(("command.", "env.")) or fam in ("policy", "path", "package_manager"):
        return fam if fam.startswith("command.") else fam.split(".")[0]
    if fam.startswith("version."):
        return "version"
    if fam.startswith("git."):
        return "git"
    return fam


def norm(value: object) -> str:
    text = str(value).strip().strip("`").strip()
    return " ".join(text.split()).lower()


def norm_path(value: object) -> str:
    text = norm(value)
    while text.startswith(("./", "/")):
        text = text[2:] if text.startswith("./") else text[1:]
    return text.rstrip("/")


def fact_identity(key: str, value: object, scope: str, line: int) -> tuple[str, str]:
    if key == "git.branch.protected":
        branch = norm(scope.partition(":")[2])
        return key, branch if value is True else "!" + branch
    if key.startswith("policy."):
        return "policy", str(line)
    if key.startswith("path."):
        return "path", norm_path(value)
    return family(key), norm(value)


def label_identity(label: dict[str, Any]) -> tuple[str, str]:
    key = str(label["key"])
    if key == "git.branch.protected":
        return key, norm(label["value"])
    if key.startswith("policy."):
        return "policy", str(label["line"])
    if key.startswith("path."):
        return "path", norm_path(label["value"])
    return family(key), norm(label["value"])


def claimed_ext(label: dict[str, Any]) -> bool:
    key, value = str(label["key"]), str(label["value"]).lower()
    if key.startswith("version."):
        return key.split(".", 1)[1] in extract_mod.CLAIMED_VERSIONS
    if key == "package_manager":
        return value in extract_mod.CLAIMED_MANAGERS
    return False


def load_labels(corpus: str) -> dict[str, list[dict[str, Any]]]:
    labels: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    for name in ("labels.jsonl", "labels_ext.jsonl", *(f"labels_{b}{ext}.jsonl" for b in BATCHES for ext in ("", "_ext"))):
        path = os.path.join(corpus, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    entry = json.loads(line)
                    if name.endswith("_ext.jsonl") and not claimed_ext(entry):
                        continue
                    labels[entry["file"]].append(entry)
    for listed in (os.path.join(corpus, "labeled_files.txt"), *(os.path.join(corpus, f"labeled_files_{b}.txt") for b in BATCHES)):
        if os.path.exists(listed):
            with open(listed, encoding="utf-8") as fh:
                for name in fh.read().split():
                    labels.setdefault(name, [])
    return labels


def source_paths(corpus: str) -> dict[str, str]:
    """file name -> its path in its repository (from SOURCES.tsv)."""
    found: dict[str, str] = {}
    path = os.path.join(corpus, "SOURCES.tsv")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            header = fh.readline().rstrip("\n").split("\t")
            for line in fh:
                row = dict(zip(header, line.rstrip("\n").split("\t"), strict=False))
                if row.get("file") and row.get("path"):
                    found[row["file"]] = row["path"]
    return found


BATCHES = ("c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "aa", "ab", "ac", "ad", "ae", "af", "ag", "ah", "ai", "aj", "ak", "al", "am", "an", "ao", "ap", "aq", "ar", "as", "at")  # later labelled batches of memory_real, each with labels_<b>.jsonl and split_<b>.json
FRESH: tuple[str, ...] = ("at",)  # wholly held-out batches not yet scored: left out of ``--split all``; score one once with --split <b>_held_out


def splits_of(corpus: str) -> dict[str, list[str]]:
    """The named file lists: ``split.json``'s parts as they are, ``split_<b>.json``'s (batch B) prefixed ``<b>_``."""
    parts: dict[str, list[str]] = {}
    for file, prefix in (("split.json", ""), *((f"split_{b}.json", f"{b}_") for b in BATCHES)):
        path = os.path.join(corpus, file)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                parts.update({prefix + k: v for k, v in json.load(fh).items() if isinstance(v, list)})
    return parts


def select(corpus: str, labels: dict[str, list[dict[str, Any]]], split: str) -> list[str]:
    names = sorted(labels)
    splits = splits_of(corpus)
    if not splits:
        return names
    if split == "all":
        waiting = {name for b in FRESH for name in splits.get(f"{b}_held_out", [])}
        return [n for n in names if n not in waiting]
    unknown = [part for part in split.split("+") if part not in splits]
    if unknown:
        raise SystemExit(f"unknown split {', '.join(unknown)}; known: {', '.join(sorted(splits))} (join with +)")
    wanted = {name for part in split.split("+") for name in splits[part]}
    return [n for n in names if n in wanted]


def _memory_name(rel: str) -> str:
    """Where a corpus file goes in the scratch repository: its own path when import discovers it."""
    base = os.path.basename(rel)
    if base in ("AGENTS.md", "CLAUDE.md", "CLAUDE.local.md") or rel.startswith(".claude/rules/"):
        return rel
    return "CLAUDE.md"


def _env(scratch: str) -> dict[str, str]:
    env = dict(os.environ)
    for var, sub in (("HOME", "home"), ("STATEWISE_HOME", "sw-home"), ("XDG_STATE_HOME", "xdg-state"),
                     ("XDG_CONFIG_HOME", "xdg-config"), ("CLAUDE_CONFIG_DIR", "claude"), ("CODEX_HOME", "codex")):
        env[var] = os.path.join(scratch, sub)
        os.makedirs(env[var], exist_ok=True)
    env["GIT_CONFIG_NOSYSTEM"] = "1"
    env["STATEWISE_BACKGROUND_INDEX"] = "0"
    return env


def _git_repo(path: str, env: dict[str, str]) -> None:
    os.makedirs(path, exist_ok=True)
    subprocess.run(["git", "init", "-q", "-b", "main", path], check=True, env=env, capture_output=True)


def stored_records(text: bytes, rel: str, scratch: str, env: dict[str, str]) -> tuple[list[Any], float]:
    """Import one memory file into a fresh repository's store; its active records and the seconds import took."""
    from statewise_cli.memory import importer
    from statewise_cli.repo import find_repo
    from statewise_cli.store.db import Store

    repo_dir = tempfile.mkdtemp(dir=scratch)
    _git_repo(repo_dir, env)
    target = os.path.join(repo_dir, _memory_name(rel))
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as fh:
        fh.write(text)
    repo = find_repo(repo_dir)
    old = dict(os.environ)
    os.environ.update(env)
    try:
        start = time.perf_counter()
        with Store.for_cwd(repo_dir, env) as store:
            importer.import_all(store, repo, env)
            elapsed = time.perf_counter() - start
            records = [r for r in store.active_records() if r.source.startswith("memory-file:")]
    finally:
        os.environ.clear()
        os.environ.update(old)
    shutil.rmtree(repo_dir, ignore_errors=True)
    return records, elapsed


class Score:
    def __init__(self) -> None:
        self.tp: collections.Counter[str] = collections.Counter()
        self.fp: collections.Counter[str] = collections.Counter()
        self.fn: collections.Counter[str] = collections.Counter()
        self.misses: list[str] = []

    def add(self, name: str, got: dict[tuple[str, str], Any], wanted: list[dict[str, Any]], families: set[str]) -> None:
        got = {k: v for k, v in got.items() if k[0] in families or k[0].split(".")[0] in ("command", "version", "env")}
        want = {label_identity(l): l for l in wanted}
        # policies: a line within ±2 counts (labels may point at a sentence's first line)
        for ident in sorted(got, key=lambda i: (i[0] != "policy", i[1])):
            if ident[0] == "policy" and ident not in want:
                for delta in (-1, 1, -2, 2):
                    alt = ("policy", str(int(ident[1]) + delta))
                    if alt in want and alt not in got:
                        got[alt] = got.pop(ident)
                        break
        # a nested list item stored joined to its parent (`app/deals/` for `deals/` under `app/`) is the labelled item
        for ident in [i for i in got if i[0] == "path" and i not in want]:
            line = got[ident][0]
            for label_ident, label in want.items():
                if label_ident[0] == "path" and label["line"] == line and label_ident not in got \
                        and ident[1].endswith("/" + label_ident[1]):
                    got[label_ident] = got.pop(ident)
                    break
        for ident in got.keys() & want.keys():
            self.tp[category(ident[0])] += 1
        for ident in got.keys() - want.keys():
            self.fp[category(ident[0])] += 1
            line, key, value = got[ident]
            self.misses.append(f"FP {name}:{line}: {key} = {value!r}")
        for ident in want.keys() - got.keys():
            self.fn[category(ident[0])] += 1
            self.misses.append(f"FN {name}:{want[ident]['line']}: {want[ident]['key']} = {want[ident]['value']!r}")

    def totals(self) -> dict[str, Any]:
        t, f, n = sum(self.tp.values()), sum(self.fp.values()), sum(self.fn.values())
        cats = {}
        for cat in sorted(set(self.tp) | set(self.fp) | set(self.fn)):
            tp, fp, fn = self.tp[cat], self.fp[cat], self.fn[cat]
            cats[cat] = {"tp": tp, "fp": fp, "fn": fn,
                         "precision": round(tp / (tp + fp), 3) if tp + fp else None,
                         "recall": round(tp / (tp + fn), 3) if tp + fn else None}
        return {"tp": t, "fp": f, "fn": n, "precision": round(t / (t + f), 3) if t + f else 0.0,
                "recall": round(t / (t + n), 3) if t + n else 0.0, "categories": cats}


def render(title: str, totals: dict[str, Any]) -> str:
    out = [title, f"{'category':22} {'tp':>4} {'fp':>4} {'fn':>4} {'precision':>10} {'recall':>8}"]
    for cat, row in totals["categories"].items():
        p = "-" if row["precision"] is None else f"{row['precision']:.2f}"
        r = "-" if row["recall"] is None else f"{row['recall']:.2f}"
        out.append(f"{cat:22} {row['tp']:4} {row['fp']:4} {row['fn']:4} {p:>10} {r:>8}")
    out.append(f"{'overall':22} {totals['tp']:4} {totals['fp']:4} {totals['fn']:4} "
               f"{totals['precision']:10.2f} {totals['recall']:8.2f}")
    return "\n".join(out)


def timing(scratch: str, env: dict[str, str], sample: bytes) -> dict[str, float]:
    """Seconds for ``statewise import-memory`` on a ~15 KB file: the installed console script when there is one
    (process start included), and the library call."""
    text = (sample * (15 * 1024 // max(len(sample), 1) + 1))[: 15 * 1024]
    text = text[: text.rfind(b"\n") + 1]
    result = {"bytes": float(len(text))}
    _records, result["library_warm_s"] = stored_records(text, "CLAUDE.md", scratch, env)
    # Cold: a fresh interpreter runs the library call the CLI makes (module imports and pattern compiles included).
    repo_dir = tempfile.mkdtemp(dir=scratch)
    _git_repo(repo_dir, env)
    with open(os.path.join(repo_dir, "CLAUDE.md"), "wb") as fh:
        fh.write(text)
    code = ("import os, sys, time; sys.path.append(sys.argv[2]); t = time.perf_counter()\n"
            "from statewise_cli.memory import importer\nfrom statewise_cli.repo import find_repo\n"
            "from statewise_cli.store.db import Store\n"
            "with Store.for_cwd(sys.argv[1], os.environ) as s: importer.import_all(s, find_repo(sys.argv[1]), os.environ)\n"
            "print(time.perf_counter() - t)")
    proc = subprocess.run([sys.executable, "-c", code, repo_dir, ROOT], env=env, capture_output=True, text=True, check=False)
    if proc.returncode == 0:
        result["library_s"] = float(proc.stdout.strip().splitlines()[-1])
    script = shutil.which("statewise", path=os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", ""))
    if script:
        repo_dir = tempfile.mkdtemp(dir=scratch)
        _git_repo(repo_dir, env)
        with open(os.path.join(repo_dir, "CLAUDE.md"), "wb") as fh:
            fh.write(text)
        start = time.perf_counter()
        proc = subprocess.run([script, "import-memory", "--json"], cwd=repo_dir, env=env, capture_output=True, check=False)
        result["console_script_s"] = time.perf_counter() - start
        result["console_script_exit"] = float(proc.returncode)
        # The same command on an empty memory file: what the CLI costs before any extraction.
        with open(os.path.join(repo_dir, "CLAUDE.md"), "wb") as fh:
            fh.write(b"\n")
        start = time.perf_counter()
        subprocess.run([script, "import-memory", "--json"], cwd=repo_dir, env=env, capture_output=True, check=False)
        result["console_script_empty_s"] = time.perf_counter() - start
        # As installed: pip writes each module's bytecode at install time, so an installed statewise never compiles its
        # sources at start. With PYTHONDONTWRITEBYTECODE set (as in some shells and CI images) every start above compiled
        # the package's 300 KB of sources again; here one untimed run writes the bytecode, then the timed run reads it.
        installed = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        for rep, timed_run in ((0, False), (1, True)):
            with open(os.path.join(repo_dir, "CLAUDE.md"), "wb") as fh:
                fh.write(text + f"\n<!-- {rep} -->\n".encode())  # a changed file: the import extracts again
            start = time.perf_counter()
            subprocess.run([script, "import-memory", "--json"], cwd=repo_dir, env=installed, capture_output=True, check=False)
            if timed_run:
                result["console_script_installed_s"] = time.perf_counter() - start
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=os.path.join(ROOT, "fixtures", "memory_real"))
    parser.add_argument("--split", default="dev",
                        help="a part of split.json (dev, dev_extra, held_out) or of a later batch's split_<b>.json prefixed "
                             "<b>_ (c_dev, c_held_out, d_held_out, e_held_out, f_held_out, g_held_out, h_held_out, i_held_out, j_held_out, k_held_out), several joined with + "
                             "(dev+dev_extra+c_dev), or all")
    parser.add_argument("--mode", choices=("stored", "raw", "both"), default="both")
    parser.add_argument("--misses", action="store_true", help="list false positives and misses")
    parser.add_argument("--no-timing", action="store_true", help="skip the 15 KB import timing")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the results")
    args = parser.parse_args()
    corpus = os.path.abspath(args.corpus)
    labels = load_labels(corpus)
    names = select(corpus, labels, args.split)
    paths = source_paths(corpus)
    families = {label_identity(l)[0] for ls in labels.values() for l in ls} | {"git.branch.protected", "policy", "path"}
    scores = {"stored": Score(), "raw": Score()}
    seconds = 0.0
    scratch = tempfile.mkdtemp(prefix="sw-extraction-eval-")
    env = _env(scratch)
    try:
        for name in names:
            with open(os.path.join(corpus, "files", name), "rb") as fh:
                data = fh.read()
            if args.mode in ("raw", "both"):
                got: dict[tuple[str, str], Any] = {}
                for f in extract(data.decode("utf-8", "replace")):
                    got.setdefault(fact_identity(f.key, f.value, f.scope, f.line), (f.line, f.key, f.value))
                scores["raw"].add(name, got, labels[name], families)
            if args.mode in ("stored", "both"):
                records, took = stored_records(data, paths.get(name, "CLAUDE.md"), scratch, env)
                seconds += took
                got = {}
                for r in sorted(records, key=lambda r: r.source):
                    line = int(r.source.rsplit(":", 1)[1])
                    got.setdefault(fact_identity(r.key, r.value, r.scope, line), (line, r.key, r.value))
                scores["stored"].add(name, got, labels[name], families)
        timed: dict[str, float] = {}
        if not args.no_timing and names:
            largest = max(names, key=lambda n: os.path.getsize(os.path.join(corpus, "files", n)))
            with open(os.path.join(corpus, "files", largest), "rb") as fh:
                timed = timing(scratch, env, fh.read())
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    result: dict[str, Any] = {"corpus": os.path.relpath(corpus, ROOT), "split": args.split, "files": len(names),
                              "facts": sum(len(labels[n]) for n in names)}
    print(f"{result['corpus']} split={args.split}: {len(names)} files, {result['facts']} labelled facts\n")
    for mode in ("stored", "raw"):
        if args.mode in (mode, "both"):
            result[mode] = scores[mode].totals()
            title = ("STORED active records after import-memory (what the hook sees)" if mode == "stored"
                     else "RAW extractor output (extract(), every fact)")
            print(render(title, result[mode]) + "\n")
    if args.mode in ("stored", "both"):
        print(f"import time over {len(names)} files: {seconds:.2f} s")
    if timed:
        result["timing_15kb"] = timed
        line = (f"import-memory on a {int(timed['bytes'])}-byte file: library call in a fresh interpreter "
                f"{timed.get('library_s', float('nan')) * 1000:.0f} ms (warm {timed['library_warm_s'] * 1000:.0f} ms)")
        if "console_script_s" in timed:
            line += (f", console script (process start included) {timed['console_script_s'] * 1000:.0f} ms"
                     f" (the same command on an empty file: {timed['console_script_empty_s'] * 1000:.0f} ms)")
        if "console_script_installed_s" in timed:
            line += (f"; as installed (bytecode written, PYTHONDONTWRITEBYTECODE="
                     f"{os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r} above): {timed['console_script_installed_s'] * 1000:.0f} ms")
        print(line)
    if args.misses:
        for mode in ("stored", "raw"):
            if args.mode in (mode, "both"):
                print(f"\n[{mode}]\n" + "\n".join(scores[mode].misses))
    if args.json:
        headline = result.get("stored") or result.get("raw") or {}
        result.update({k: headline.get(k) for k in ("precision", "recall", "tp", "fp", "fn")})
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
