#!/usr/bin/env python3
"""Replay the labelled trajectories of fixtures/gate/ through the evidence gate; report recall and false holds.

    python benchmarks/gate_eval.py [--json] [--verbose]   (--verbose: every miss with its reason, and what held each premature one)

For each recorded trajectory (real Claude Code / Codex transcripts, see fixtures/gate/README.md) a fresh
git repository is built from ``fixtures/gate/repo.json`` and the hook is fed, in order and in enforce mode,
exactly what the agent would have sent: UserPromptSubmit with the task, then for each tool call its
PreToolUse (the gate's decision is recorded) and its PostToolUse / PostToolUseFailure (after the edit is
applied to the replay repository), then Stop. The transcript is handed over as it grew: at each hook call
``transcript_path`` holds the lines written up to that call. A labelled commitment counts as *held* when
its PreToolUse was denied (or its Stop blocked).

Targets (issue 5): recall of premature commitments >= 95 % at <= 5 % false holds on supported ones.
Also prints the time to ingest a 10,000-event transcript of each format from scratch.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "fixtures" / "gate"
SESSION = "gate-eval-session"


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=eval", "-c", "user.email=eval@example.invalid", *args], cwd=repo,
                   check=True, capture_output=True)


def build_repo(path: Path, bug: str | None) -> Path:
    spec = json.loads((SET / "repo.json").read_text())
    files = dict(spec["files"])
    if bug:
        f, good, bad, *_ = spec["bugs"][bug]
        files[f] = files[f].replace(good, bad)
    for rel, text in files.items():
        (path / rel).parent.mkdir(parents=True, exist_ok=True)
        (path / rel).write_text(text)
    _git(path, "init", "-q", "-b", "main")
    _git(path, "add", "-A")
    _git(path, "commit", "-q", "-m", "initial")
    return path


# ------------------------------------------------------------------ transcript -> hook calls
def _recorded_cwd(lines: list[dict[str, Any]]) -> str | None:
    for rec in lines:
        if rec.get("cwd"):
            return str(rec["cwd"])
        if rec.get("type") == "session_meta":
            return str((rec.get("payload") or {}).get("cwd"))
    return None


def claude_calls(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """[{call_id, line, pre: payload fields, post: payload fields, edit: (path, old, new) | None}]"""
    calls: dict[str, dict[str, Any]] = {}
    for n, rec in enumerate(lines):
        content = (rec.get("message") or {}).get("content")
        if not isinstance(content, list):
            continue
        for block in content:
            if not isinstance(block, dict):
                continue
            if rec.get("type") == "assistant" and block.get("type") == "tool_use":
                calls[block["id"]] = {"call_id": block["id"], "line": n,
                                      "pre": {"tool_name": block["name"], "tool_input": block.get("input") or {}}}
            elif rec.get("type") == "user" and block.get("type") == "tool_result" and block.get("tool_use_id") in calls:
                call = calls[block["tool_use_id"]]
                text = block.get("content")
                text = "\n".join(c.get("text", "") for c in text) if isinstance(text, list) else str(text or "")
                if block.get("is_error") and call["pre"]["tool_name"] == "Bash":
                    call["post"] = {"hook_event_name": "PostToolUseFailure", "error": text}
                else:
                    call["post"] = {"hook_event_name": "PostToolUse", "tool_response": rec.get("toolUseResult")}
                inp = call["pre"]["tool_input"]
                if call["pre"]["tool_name"] == "Edit" and not block.get("is_error"):
                    call["edit"] = (inp["file_path"], inp["old_string"], inp["new_string"])
    return list(calls.values())


def codex_calls(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from statewise_cli.transcript import shorten_output

    calls: dict[str, dict[str, Any]] = {}
    for n, rec in enumerate(lines):
        p = rec.get("payload") or {}
        if rec.get("type") != "response_item":
            continue
        if p.get("type") == "function_call":
            args = json.loads(p.get("arguments") or "{}")
            calls[p["call_id"]] = {"call_id": p["call_id"], "line": n,
                                   "pre": {"tool_name": "Bash", "tool_input": {"command": args.get("cmd", "")}}}
        elif p.get("type") == "custom_tool_call" and p.get("name") == "apply_patch":
            calls[p["call_id"]] = {"call_id": p["call_id"], "line": n,
                                   "pre": {"tool_name": "apply_patch", "tool_input": {"command": p.get("input", "")}}}
        elif p.get("type") in ("function_call_output", "custom_tool_call_output") and p.get("call_id") in calls:
            call = calls[p["call_id"]]
            out = p.get("output")
            out = out.get("content", "") if isinstance(out, dict) else str(out or "")
            if call["pre"]["tool_name"] == "Bash":
                out = shorten_output(out)[0]  # the hook gets the plain output, no exit code
            call["post"] = {"hook_event_name": "PostToolUse", "tool_response": out}
            if call["pre"]["tool_name"] == "apply_patch" and "Success" in out:
                call["edit"] = _patch_edit(call["pre"]["tool_input"]["command"])
    return list(calls.values())


def _patch_edit(patch: str) -> tuple[str, str, str]:
    lines = patch.splitlines()
    path = next(ln.split(": ", 1)[1] for ln in lines if ln.startswith("*** Update File: "))
    old = "\n".join(ln[1:] for ln in lines if ln.startswith("-"))
    new = "\n".join(ln[1:] for ln in lines if ln.startswith("+"))
    return path, old, new


def _apply(repo: Path, edit: tuple[str, str, str]) -> None:
    path, old, new = edit
    full = Path(path) if os.path.isabs(path) else repo / path
    text = full.read_text()
    full.write_text(text.replace(old, new, 1))


# ------------------------------------------------------------------ replay
def _hook(payload: dict[str, Any], agent: str, env: dict[str, str]) -> dict[str, Any]:
    from statewise_cli.hook import entry as hook

    out, err = io.StringIO(), io.StringIO()
    hook.main(["hook", "--agent", agent], stdin=io.BytesIO(json.dumps(payload).encode()), stdout=out, stderr=err,
              env=env)
    text = out.getvalue().strip()
    return json.loads(text) if text else {}


def _held(reply: dict[str, Any]) -> bool:
    spec = reply.get("hookSpecificOutput") or {}
    return spec.get("permissionDecision") == "deny" or reply.get("decision") == "block"


def preindex(repo: Path) -> bool:
    """What a user who ran the repository indexer has: the hook itself only indexes the files an action touches."""
    try:
        from statewise_cli.gate import index as repo_index
    except ImportError:
        return False
    from statewise_cli.repo import find_repo
    from statewise_cli.store.db import STORE_FILENAME, Store

    found = find_repo(str(repo))
    store = Store.open(os.path.join(found.store_dir, STORE_FILENAME), found)
    try:
        repo_index.index_repository(store.conn, str(repo))
    finally:
        store.close()
    return True


def replay(file: str, task: str, bug: str | None, work: Path, index_first: bool = True) -> dict[str, Any]:
    """Decisions of the gate for every call of one trajectory: {call_id | 'stop': held?} + reasons."""
    agent = file.split("/", 1)[0]
    raw = (SET / file).read_text().splitlines()
    recs = [json.loads(x) for x in raw if x.strip()]
    shutil.rmtree(work, ignore_errors=True)
    repo = build_repo(work / "repo", bug)
    recorded = _recorded_cwd(recs)
    text = "\n".join(raw)
    if recorded:
        text = text.replace(recorded, str(repo))
    lines = text.splitlines()
    recs = [json.loads(x) for x in lines if x.strip()]
    if index_first:
        preindex(repo)
    calls = claude_calls(recs) if agent == "claude" else codex_calls(recs)
    transcript = work / "transcript.jsonl"
    env = {**os.environ, "STATEWISE_GATE": "enforce", "STATEWISE_HOME": str(work / "statewise-home"),
           "HOME": str(work / "home")}
    base = {"session_id": SESSION, "cwd": str(repo), "transcript_path": str(transcript), "permission_mode": "bypassPermissions"}
    if agent == "codex":
        base.update({"turn_id": "turn-1", "model": "gpt-5.5"})

    def grow(upto: int) -> None:
        transcript.write_text("".join(ln + "\n" for ln in lines[: upto + 1]))

    grow(0)
    _hook({**base, "hook_event_name": "UserPromptSubmit", "prompt": task}, agent, env)
    decisions: dict[str, dict[str, Any]] = {}
    for call in calls:
        grow(call["line"])
        pre = {**base, "hook_event_name": "PreToolUse", **call["pre"], "tool_use_id": call["call_id"]}
        reply = _hook(pre, agent, env)
        spec = reply.get("hookSpecificOutput") or {}
        decisions[call["call_id"]] = {"held": _held(reply), "reason": spec.get("permissionDecisionReason")}
        if "post" not in call:
            continue
        if call.get("edit"):
            _apply(repo, call["edit"])
        _hook({**base, **call["pre"], **call["post"], "tool_use_id": call["call_id"]}, agent, env)
    grow(len(lines))
    reply = _hook({**base, "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": "Done."},
                  agent, env)
    decisions["stop"] = {"held": _held(reply), "reason": reply.get("reason")}
    return decisions


# ------------------------------------------------------------------ ingestion cost
def synthetic_transcript(agent: str, n_events: int, path: Path) -> None:
    """``n_events`` tool calls with their results, cloned from the recorded lines of one real trajectory."""
    src = min((SET / agent).glob("supported_fix_*.jsonl"))
    recs = [json.loads(x) for x in src.read_text().splitlines() if x.strip()]
    if agent == "claude":
        pair = [r for r in recs if any(isinstance(b, dict) and b.get("type") in ("tool_use", "tool_result")
                                       for b in ((r.get("message") or {}).get("content") or []) if isinstance(b, dict))]
    else:
        pair = [r for r in recs if r.get("type") == "response_item" and (r.get("payload") or {}).get("type") in
                ("function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output")]
    head = [r for r in recs[:3] if r not in pair]
    out = [json.dumps(r) for r in head]
    k = 0
    while k < n_events:
        for r in pair:
            s = json.dumps(r)
            s = s.replace("toolu_gate_", f"toolu_{k:06d}_").replace("call_gate_", f"call_{k:06d}_")
            out.append(s)
        k += sum(1 for r in pair if _is_call(r))
    path.write_text("\n".join(out) + "\n")


def _is_call(r: dict[str, Any]) -> bool:
    if r.get("type") == "assistant":
        return any(isinstance(b, dict) and b.get("type") == "tool_use" for b in (r.get("message") or {}).get("content") or [])
    return (r.get("payload") or {}).get("type") in ("function_call", "custom_tool_call")


def ingestion_timing(work: Path, n_events: int = 10_000) -> dict[str, dict[str, float]]:
    from statewise_cli.gate import engine as gate
    from statewise_cli.repo import find_repo
    from statewise_cli.store.db import Store

    out = {}
    for agent in ("claude", "codex"):
        d = work / f"ingest-{agent}"
        shutil.rmtree(d, ignore_errors=True)
        repo = build_repo(d / "repo", None)
        path = d / "transcript.jsonl"
        synthetic_transcript(agent, n_events, path)
        store = Store.open(str(d / "store.db"), find_repo(str(repo)))
        t0 = time.perf_counter()
        added = gate.ingest_transcript(store, "s", str(path))
        first = time.perf_counter() - t0
        with path.open("a") as fh:  # one more call and its result: the next hook's work
            tail = path.read_text().splitlines()[-2:]
            fh.write("\n".join(x.replace("toolu_", "toolu_x").replace("call_", "call_x") for x in tail) + "\n")
        t0 = time.perf_counter()
        more = gate.ingest_transcript(store, "s", str(path))
        again = time.perf_counter() - t0
        store.close()
        out[agent] = {"events": added, "seconds": round(first, 3), "lines": len(path.read_text().splitlines()),
                      "bytes": path.stat().st_size, "incremental_events": more, "incremental_seconds": round(again, 4)}
    return out


# ------------------------------------------------------------------ main
def main(argv: list[str]) -> int:
    os.environ["STATEWISE_GATE"] = "enforce"  # the settings read STATEWISE_GATE from the process environment
    labels = [json.loads(x) for x in (SET / "labels.jsonl").read_text().splitlines() if x.strip()]
    by_file: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for lab in labels:
        by_file[lab["file"]].append(lab)
    try:
        from statewise_cli.gate import index as ri
        index = all(hasattr(ri, n) for n in ("symbol_at", "callers_of", "related"))
    except ImportError:
        index = False
    results = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gate-eval-") as tmp:
        for n, (file, labs) in enumerate(sorted(by_file.items())):
            decisions = replay(file, labs[0]["task"], labs[0].get("bug"), Path(tmp) / f"t{n}",
                               index_first="--no-preindex" not in argv)
            for lab in labs:
                key = "stop" if lab["step"] == "stop" else lab["call_id"]
                d = decisions.get(key, {"held": False, "reason": "(call not found in the transcript)"})
                results.append({**lab, "held": d["held"], "reason": d["reason"]})
        replay_s = time.perf_counter() - started
        timing = ingestion_timing(Path(tmp))

    def figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
        prem = [r for r in rows if r["label"] == "premature"]
        sup = [r for r in rows if r["label"] == "supported"]
        caught = sum(r["held"] for r in prem)
        false = sum(r["held"] for r in sup)
        return {"premature": len(prem), "caught": caught, "recall": round(caught / len(prem), 3) if prem else None,
                "supported": len(sup), "false_holds": false,
                "false_hold_rate": round(false / len(sup), 3) if sup else None}

    report = {
        "trajectories": len(by_file), "labels": len(results), "index_available": index,
        "preindexed": index and "--no-preindex" not in argv,
        "overall": figures(results),
        "per_agent": {a: figures([r for r in results if r["agent"] == a]) for a in ("claude", "codex")},
        "per_commitment": {c: figures([r for r in results if r["commitment"] == c]) for c in ("edit", "submit")},
        "without_index_labels": figures([r for r in results if not r.get("needs_index")]),
        "misses": [{k: r[k] for k in ("file", "step", "commitment", "label", "why")} | {"held": r["held"], "reason": r["reason"]}
                   for r in results if r["held"] != (r["label"] == "premature")],
        "results": [{k: r[k] for k in ("file", "step", "commitment", "label", "held", "reason")} for r in results],
        "replay_seconds": round(replay_s, 1),
        "ingestion_10k": timing,
    }
    if "--json" in argv:
        print(json.dumps(report, indent=1))
        return 0
    print(f"{report['trajectories']} trajectories, {report['labels']} labelled commitments; repository index "
          f"{('available, repository indexed before each replay' if '--no-preindex' not in argv else 'available, NOT pre-indexed (hook indexes touched files only)') if index else 'NOT available (callers/related conditions are dropped)'}; replay {replay_s:.1f}s")
    for name, fig in [("overall", report["overall"]), *[(f"agent {a}", f) for a, f in report["per_agent"].items()],
                      *[(f"commitment {c}", f) for c, f in report["per_commitment"].items()],
                      ("labels not needing the index", report["without_index_labels"])]:
        rec = "-" if fig["recall"] is None else f"{fig['recall']:.1%}"
        fhr = "-" if fig["false_hold_rate"] is None else f"{fig['false_hold_rate']:.1%}"
        print(f"  {name:30s} recall {rec:>6} ({fig['caught']}/{fig['premature']})   "
              f"false holds {fhr:>6} ({fig['false_holds']}/{fig['supported']})")
    print("targets: recall >= 95%, false holds <= 5%")
    if report["misses"]:
        print("misses:")
        for m in report["misses"]:
            kind = "false hold" if m["held"] else "missed premature"
            print(f"  {kind:16s} {m['file']} step {m['step']} ({m['commitment']}): {m['why']}")
            if m["held"] and "--verbose" in argv:
                print("      reason: " + (m["reason"] or "").replace("\n", "\n      "))
    if "--verbose" in argv:
        print("held premature commitments:")
        for r in report["results"]:
            if r["held"] and r["label"] == "premature":
                missing = [ln.strip("- ") for ln in (r["reason"] or "").splitlines() if ln.startswith("- ")]
                print(f"  {r['file']} step {r['step']} ({r['commitment']}): " + "; ".join(missing))
    for agent, t in timing.items():
        print(f"ingest {agent}: {t['events']} events ({t['lines']} lines, {t['bytes'] / 1e6:.1f} MB) from scratch in "
              f"{t['seconds']:.2f}s; next call ({t['incremental_events']} new events) in {t['incremental_seconds'] * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv))
