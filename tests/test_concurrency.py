"""Parallel tool calls are parallel hook processes: no write may be lost, none may fail."""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from swtest import STATEWISE, pre_bash, store_path

from statewise_cli.store.db import Store

HOOKS = 10
REMEMBERS = 4
WRITERS = 8
PUTS_EACH = 15


def test_parallel_hook_and_remember_processes_lose_no_write_on_a_fresh_store(git_repo: Path) -> None:
    """14 processes start at once against a store that does not exist yet (migration race included)."""
    assert not store_path(git_repo).exists()
    procs = []
    for i in range(HOOKS):
        agent = "claude" if i % 2 else "codex"
        command = "git push --force origin main" if i % 3 == 0 else f"echo {i}"
        proc = subprocess.Popen([STATEWISE, "hook"], cwd=git_repo, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE)
        procs.append((proc, json.dumps(pre_bash(agent, git_repo, command, tool_use_id=f"par-{i}")).encode()))
    for i in range(REMEMBERS):
        proc = subprocess.Popen([STATEWISE, "remember", f"parallel.key.{i}", str(i)], cwd=git_repo,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        procs.append((proc, None))
    for proc, data in procs:
        if data is not None:
            assert proc.stdin is not None
            proc.stdin.write(data)
            proc.stdin.close()
    for proc, _ in procs:
        proc.wait(timeout=60)
        assert proc.stderr is not None and proc.stdout is not None
        err = proc.stderr.read().decode()
        out = proc.stdout.read().decode()
        assert proc.returncode == 0, err
        assert "systemMessage" not in out, f"a hook reported an error: {out}"
    with Store.open(str(store_path(git_repo))) as s:
        assert s.table_count("decisions") == HOOKS
        assert s.table_count("records") == REMEMBERS
        assert s.table_count("incidents") == 0
        ids = sorted(r["tool_use_id"] for r in s.rows("decisions", limit=100))
        assert ids == sorted(f"par-{i}" for i in range(HOOKS))
        assert s.integrity() == "ok"
    assert not (Path(os.environ["STATEWISE_HOME"]) / "incidents.jsonl").exists()


def _writer(path: str, worker: int, barrier: multiprocessing.synchronize.Barrier) -> None:
    barrier.wait()
    store = Store.open(path)
    try:
        for n in range(PUTS_EACH):
            store.put(f"worker.{worker}.item.{n}", n)
            store.put("shared.counter", {"worker": worker, "n": n})
            store.add_evidence(kind="command", command=f"w{worker}-{n}", exit_code=0)
    finally:
        store.close()


def test_parallel_writers_supersede_one_key_into_a_single_linear_chain(tmp_path: Path) -> None:
    path = str(tmp_path / "store.db")
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(WRITERS)
    workers = [ctx.Process(target=_writer, args=(path, w, barrier)) for w in range(WRITERS)]
    for p in workers:
        p.start()
    for p in workers:
        p.join(timeout=60)
        assert p.exitcode == 0
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        total = WRITERS * PUTS_EACH
        assert conn.execute("SELECT count(*) FROM records WHERE key LIKE 'worker.%'").fetchone()[0] == total
        assert conn.execute("SELECT count(*) FROM evidence").fetchone()[0] == total
        chain = [dict(r) for r in conn.execute("SELECT * FROM records WHERE key = 'shared.counter'")]
        assert len(chain) == total
        active = [r for r in chain if r["status"] == "active"]
        assert len(active) == 1, "exactly one current belief survives the race"
        by_id = {r["id"]: r for r in chain}
        # Walk back from the active record: every version is reached exactly once.
        seen, node = [], active[0]
        while node is not None:
            seen.append(node["id"])
            node = by_id.get(node["supersedes"]) if node["supersedes"] else None
        assert len(seen) == total and len(set(seen)) == total
        for r in chain:
            if r["status"] == "superseded":
                assert by_id[r["superseded_by"]]["supersedes"] == r["id"]
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()


APPENDER = """
import sys, time
from statewise_cli.store.ledger import append_decision
directory, who, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
for i in range(n):
    append_decision(directory, {"id": f"{who}-{i}", "at": time.time(), "session_id": "s", "event": "PreToolUse",
                                "decision": "allow", "action": "[]", "records": "[]"})
"""


def test_decisions_appended_while_folds_run_land_exactly_once(tmp_path: Path) -> None:
    """Appenders and folds at once: folds take the ledger away by rename while appenders write;
    every decision ends in the store once, none is lost to a file taken mid-append."""
    db = tmp_path / "store" / "store.db"
    Store.open(str(db)).close()
    writers = [subprocess.Popen([sys.executable, "-c", APPENDER, str(db.parent), f"w{k}", "150"])
               for k in range(4)]
    folds = 0
    while any(w.poll() is None for w in writers):
        Store.open(str(db)).close()  # every open folds what is there
        folds += 1
    assert all(w.wait(timeout=60) == 0 for w in writers)
    Store.open(str(db)).close()
    conn = sqlite3.connect(db)
    ids = [r[0] for r in conn.execute("SELECT id FROM decisions")]
    conn.close()
    assert len(ids) == len(set(ids)) == 600 and folds > 1
    assert not [p for p in db.parent.iterdir() if p.name.endswith((".fold", ".jsonl")) and p.stat().st_size]
