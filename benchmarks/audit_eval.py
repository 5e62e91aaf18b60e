#!/usr/bin/env python3
"""Evaluate ``statewise audit`` on the labelled set in fixtures/audit/ (deterministic, no LLM).

Prints Tol@0, Tol@3 and justification-cause accuracy overall, by position bucket (decisive step in the
first 20% of steps vs later) and by agent format, every miss, and the time to audit a 300-step
transcript.   python3 benchmarks/audit_eval.py [--json]
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit
from statewise_cli.store.db import Store

SET = ROOT / "fixtures" / "audit"


def store_with(records: list[dict[str, str]], tmp: str) -> str:
    path = os.path.join(tempfile.mkdtemp(dir=tmp), "store.db")  # a fresh store each time (never one emptied)
    with Store.open(path) as store:
        for r in records:
            store.put(r["key"], r["old"], authority="agent", source="agent")
            store.put(r["key"], r["new"], evidence="verified against the repository")
    return path


def evaluate() -> dict[str, object]:
    labels = [json.loads(x) for x in (SET / "labels.jsonl").read_text().splitlines() if x.strip()]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for lab in labels:
            traj = transcript.parse_file(str(SET / lab["file"]))
            tests = (SET / lab["tests"]).read_text() if lab.get("tests") else None
            store = store_with(lab["records"], tmp) if lab.get("records") else None
            diag = audit.diagnose(traj, tests_text=tests, store_path=store)
            pred = diag.chosen.step if diag.chosen else None
            n = len(traj.steps)
            rows.append({
                "file": lab["file"], "format": traj.format, "gold": lab["decisive_step"], "pred": pred,
                "cause": lab["cause"], "pred_cause": diag.chosen.cause if diag.chosen else None, "steps": n,
                "bucket": "first 20%" if lab["decisive_step"] <= max(1, round(0.2 * n)) else "later",
            })
    return {"rows": rows, "timing": timing()}


def timing() -> dict[str, float]:
    """Audit a 300-step Claude transcript built from real tool-call shapes; best of 3, parse included."""
    lines = [json.dumps({"type": "user", "message": {"role": "user", "content": "Fix apply_discount."},
                         "cwd": "/repo", "sessionId": "bench"})]
    body = "".join(f"{k}\tdef f{k}(x):\n" for k in range(1, 200))
    for i in range(300):
        cid = f"toolu_{i}"
        if i % 3 == 0:
            call, result = {"name": "Read", "input": {"file_path": f"/repo/shop/m{i % 7}.py"}}, body
        elif i % 3 == 1:
            call, result = {"name": "Bash", "input": {"command": "python3 -m pytest -q"}}, \
                "Exit code 1\n" + "E   assert 1 == 2\n" * 30 + "FAILED tests/test_m.py::test_f - assert 1 == 2\n1 failed, 7 passed in 0.1s"
        else:
            call, result = {"name": "Edit", "input": {"file_path": f"/repo/shop/m{i % 5}.py", "old_string": "x",
                                                      "new_string": "y"}}, "The file has been updated."
        lines.append(json.dumps({"type": "assistant", "message": {"role": "assistant", "content": [
            {"type": "text", "text": f"Step {i}: trying something."}, {"type": "tool_use", "id": cid, **call}]}}))
        lines.append(json.dumps({"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": cid, "content": result, "is_error": result.startswith("Exit")}]}}))
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
        fh.write("\n".join(lines) + "\n")
        path = fh.name
    best = 1e9
    steps = 0
    for _ in range(3):
        t0 = time.perf_counter()
        traj = transcript.parse_file(path)
        audit.diagnose(traj)
        best = min(best, time.perf_counter() - t0)
        steps = len(traj.steps)
    os.unlink(path)
    return {"steps": steps, "seconds": round(best, 3)}


def _acc(rows: list[dict[str, object]]) -> str:
    if not rows:
        return "   n/a"
    n = len(rows)
    t0 = sum(r["pred"] == r["gold"] for r in rows) / n
    t3 = sum(r["pred"] is not None and abs(int(r["pred"]) - int(r["gold"])) <= 3 for r in rows) / n
    just = sum(r["pred_cause"] == r["cause"] for r in rows) / n
    return f"n={n:3d}  Tol@0 {t0:6.1%}  Tol@3 {t3:6.1%}  justification-cause {just:6.1%}"


def main(argv: list[str]) -> int:
    result = evaluate()
    rows = result["rows"]
    if "--json" in argv:
        print(json.dumps(result, indent=2))
        return 0
    print(f"overall            {_acc(rows)}")
    for bucket in ("first 20%", "later"):
        print(f"{bucket:<18} {_acc([r for r in rows if r['bucket'] == bucket])}")
    for fmt in sorted({r["format"] for r in rows}):
        print(f"{fmt:<18} {_acc([r for r in rows if r['format'] == fmt])}")
    for cause in sorted({r["cause"] for r in rows}):
        print(f"  {cause:<16} {_acc([r for r in rows if r['cause'] == cause])}")
    misses = [r for r in rows if r["pred"] != r["gold"]]
    print(f"\n{len(misses)} miss(es) at Tol@0:")
    for r in misses:
        print(f"  {r['file']}: gold {r['gold']} ({r['cause']}), predicted {r['pred']} ({r['pred_cause']}), {r['steps']} steps")
    t = result["timing"]
    print(f"\naudit of a {t['steps']}-step transcript (parse + diagnose): {t['seconds']:.3f} s (target < 3 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
