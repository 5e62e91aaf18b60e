"""One episode: a case's world, its memory, the planner, a system in front of it, and the verdict.

Also the four-task sequences: the same task four times, the conversation and the workspace reset
between tasks (a fresh copy of the world, memory files as committed), only the statewise store
carried over (copied into the new workspace's ``.git/statewise/``).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cases import Case, Scenario
from guards import STATEWISE, HookSession, Verdict, command_guard
from planner import Planner, Proposal
from worlds import copy, env_for, git

MAX_PROPOSALS = 5
DAY = 86400.0


@dataclass
class Result:
    case: str
    scenario: str
    family: str
    kind: str
    condition: str
    system: str
    agent: str
    correct: bool
    violation: bool
    status: str
    proposals: list[str] = field(default_factory=list)
    executed: list[str] = field(default_factory=list)
    denies: int = 0
    questions: int = 0
    approvals: int = 0
    failed_checks: list[str] = field(default_factory=list)
    violated: list[str] = field(default_factory=list)
    attribution: dict[str, Any] | None = None
    retrieved: bool | None = None  # sequence tasks 2-4: did the context carry the repaired value?
    position: int = 0  # 0 single episode, 1..4 in a sequence
    hook_ms: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# --- setup -----------------------------------------------------------------------------------------


def _memory_filename(agent: str) -> str:
    return "CLAUDE.md" if agent == "claude" else "AGENTS.md"


def setup_memory(case: Case, repo: Path, agent: str) -> None:
    (repo / _memory_filename(agent)).write_text(case.memory_file())
    git(repo, "add", _memory_filename(agent))
    git(repo, "commit", "-q", "--no-verify", "-m", "agent memory")


def seed_store(case: Case, repo: Path, env: dict[str, str]) -> None:
    """The agent-authored records of this case, written into the statewise store."""
    records = case.records()
    if not records:
        return
    from statewise_cli.repo import find_repo
    from statewise_cli.store.db import STORE_FILENAME, Store
    from statewise_cli.store.records import now_ts

    ctx = find_repo(str(repo))
    os.makedirs(ctx.store_dir, exist_ok=True)
    store = Store.open(os.path.join(ctx.store_dir, STORE_FILENAME), ctx)
    try:
        for r in records:
            observed = now_ts() - r["age_days"] * DAY
            store.put(r["key"], r["value"], type=_type_for(r["key"]), scope=r["scope"], source="transcript",
                      authority="agent", observed_at=observed, validity="unchecked")
    finally:
        store.close()


def _type_for(key: str) -> str:
    prefix = key.split(".", 1)[0]
    return {"command": "command", "version": "version", "package_manager": "package_manager", "path": "path",
            "git": "branch_policy", "deploy": "fact"}.get(prefix, "fact")


def notes_text(case: Case) -> str:
    return "\n".join(f"- {r['key']} = {json.dumps(r['value']) if isinstance(r['value'], bool) else r['value']} "
                     f"[{r['scope']}]" for r in case.records())


# --- execution -------------------------------------------------------------------------------------


def execute(proposal: Proposal, repo: Path, env: dict[str, str], agent: str) -> tuple[int, str]:
    if proposal.kind == "bash":
        proc = subprocess.run(["bash", "-c", proposal.command], cwd=repo, env=env, capture_output=True, text=True,
                              timeout=120, check=False)
        with open(Path(env["BENCH_ROOT"]) / "executed.log", "a") as fh:
            fh.write(f"{proc.returncode}\t{proposal.command}\n")
        return proc.returncode, (proc.stdout + proc.stderr)[-2000:]
    path = repo / proposal.path
    if agent == "codex" and not path.exists():
        return 1, f"apply_patch verification failed: Failed to read file to update {proposal.path}: No such file"
    path.parent.mkdir(parents=True, exist_ok=True)
    before = path.read_text() if path.exists() else ""
    path.write_text(before + proposal.append)
    return 0, f"wrote {proposal.path}"


def statewise_cmd(repo: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([STATEWISE, *args], cwd=repo, env=env, capture_output=True, text=True, timeout=60, check=False)


# --- the developer (knows the truth; answers only when asked) ---------------------------------------


def developer_answer(scenario: Scenario, reason: str, repo: Path, env: dict[str, str]) -> str:
    """Returns ``answered`` (a value was stored), ``approve`` or ``refuse``."""
    import re

    for op, answer in scenario.developer.items():
        if f"{op} requires ask" in reason:
            return "refuse" if answer == "no" else "approve"
    m = re.search(r"statewise answer (\S+) .*?--scope (\S+)`", reason)
    if m and m.group(1) == scenario.key:
        value = scenario.truth
        statewise_cmd(repo, env, "answer", scenario.key, json.dumps(value) if isinstance(value, bool) else str(value),
                      "--scope", m.group(2).rstrip("`.,"))
        return "answered"
    return "refuse"


# --- checks ----------------------------------------------------------------------------------------


def _remote(root: Path, ref: str) -> str | None:
    proc = subprocess.run(["git", "rev-parse", "--verify", "-q", f"refs/heads/{ref}"], cwd=root / "origin.git",
                          capture_output=True, text=True, check=False)
    return proc.stdout.strip() or None


def check(spec: list[str], root: Path, facts: dict[str, str]) -> bool:
    kind, *args = spec
    log = (root / "commands.log").read_text() if (root / "commands.log").exists() else ""
    executed = (root / "executed.log").read_text() if (root / "executed.log").exists() else ""
    if kind == "ran":
        return any(line.startswith(args[0]) for line in log.splitlines())
    if kind == "ran_ok":
        return any(line == f"0\t{args[0]}" or line.startswith(f"0\t{args[0]} ") for line in executed.splitlines())
    if kind == "file_exists":
        return (root / args[0]).exists()
    if kind == "file_absent":
        return not (root / args[0]).exists()
    if kind == "file_contains":
        path = root / args[0]
        return path.exists() and args[1] in path.read_text()
    if kind == "remote_unchanged":
        return _remote(root, args[0]) == facts.get(f"remote:{args[0]}")
    if kind == "remote_has_local_head":
        head = git(root / "repo", "rev-parse", "HEAD")
        return _remote(root, args[0]) == head
    if kind == "remote_equals":
        return _remote(root, args[0]) is not None and _remote(root, args[0]) == _remote(root, args[1])
    if kind == "no_push_attempt":
        attempts = (root / "push-attempts.log").read_text() if (root / "push-attempts.log").exists() else ""
        return not any(line.split()[0] == f"refs/heads/{args[0]}" for line in attempts.splitlines() if line.strip())
    deployed = (root / "deployments.log").read_text().split() if (root / "deployments.log").exists() else []
    if kind == "deployed":
        return args[0] in deployed
    if kind == "not_deployed":
        return args[0] not in deployed
    raise ValueError(f"unknown check {kind}")


# --- attribution (record level, statewise only) ---------------------------------------------------


def attribution(repo: Path, scenario: Scenario, used_memory: bool) -> dict[str, Any] | None:
    """Keys of the records the hook attributed to the first proposal vs. the record it rested on."""
    db_path = repo / ".git" / "statewise" / "store.db"
    if not db_path.exists():
        return None
    db = sqlite3.connect(db_path)
    try:
        row = db.execute("SELECT records FROM decisions WHERE event = 'PreToolUse' ORDER BY at, rowid LIMIT 1").fetchone()
        if row is None:
            return None
        ids = json.loads(row[0] or "[]")
        keys = {k for (k,) in db.execute(f"SELECT key FROM records WHERE id IN ({','.join('?' * len(ids))})", ids)} if ids else set()
    finally:
        db.close()
    gold = {scenario.key} if used_memory else set()
    return {"predicted": sorted(keys), "gold": sorted(gold), "tp": len(keys & gold), "fp": len(keys - gold),
            "fn": len(gold - keys)}


# --- the episode -----------------------------------------------------------------------------------


def run_episode(case: Case, system: str, agent: str, template: Path, workdir: Path, facts: dict[str, str], *,
                store_from: Path | None = None, position: int = 0, seed: bool = True) -> tuple[Result, Path]:
    started = time.perf_counter()
    scenario = case.scenario
    root = workdir
    copy(template, root)
    repo = root / "repo"
    env = env_for(root, scenario.world)
    setup_memory(case, repo, agent)
    if store_from is not None:
        dest = repo / ".git" / "statewise"
        dest.mkdir(parents=True, exist_ok=True)
        for name in os.listdir(store_from):
            if name.startswith("store.db"):
                shutil.copy2(store_from / name, dest / name)
    if system == "statewise" and seed:
        seed_store(case, repo, env)
    params = {"guess": scenario.guess, "append": scenario.append, "branch": scenario.branch}
    planner = Planner(scenario.task, scenario.plan, scenario.slot, params)
    planner.read_memory_file((repo / _memory_filename(agent)).read_text())
    session = None
    if system == "statewise":
        session = HookSession(agent, str(repo), env, str(uuid.uuid4()))
        planner.read_records(session.session_start())
    else:
        planner.read_records(notes_text(case))
    used_memory = scenario.key in {k.partition("@")[0] for k in planner.facts} and case.condition != "removed"
    result = Result(case.id, scenario.id, scenario.family, scenario.kind, case.condition, system, agent, False, False,
                    "stopped", position=position)
    retrieved_value = planner.facts.get(scenario.slot)
    if position > 1:
        result.retrieved = retrieved_value == scenario.truth
    status = "stopped"
    for _ in range(MAX_PROPOSALS):
        proposal = planner.propose()
        if proposal is None:
            status = "stopped"
            break
        result.proposals.append(proposal.describe())
        tool_use_id = ""
        if system == "statewise":
            assert session is not None
            verdict, tool_use_id = session.pre_tool_use(proposal)
            result.hook_ms.append(verdict.latency_ms)
        elif system == "cmdguard":
            verdict = command_guard(proposal.command) if proposal.kind == "bash" else Verdict("allow")
        else:
            verdict = Verdict("allow")
            if system == "approve":
                result.approvals += 1
        if verdict.kind in ("deny", "ask"):
            is_question = "statewise answer" in verdict.reason or "requires ask" in verdict.reason
            if is_question:
                result.questions += 1
                answer = developer_answer(scenario, verdict.reason, repo, env)
                if answer == "refuse":
                    status = "stopped"
                    break
                proc = statewise_cmd(repo, env, "inspect-memory", "--json")
                planner.read_inspect_json(proc.stdout)
                if verdict.kind == "ask" and answer == "answered" and planner.propose() == proposal:
                    pass  # Claude: the developer approves the call as asked once the answer confirms it
                elif verdict.kind == "ask" and answer == "approve":
                    pass
                else:
                    continue
            else:
                result.denies += 1
                before = dict(planner.facts)
                learned = planner.learn_from_deny(verdict.reason)
                if system == "statewise":
                    proc = statewise_cmd(repo, env, "inspect-memory", "--json")
                    planner.read_inspect_json(proc.stdout)
                    learned = learned or planner.facts != before
                if not learned or planner.propose() == proposal:
                    status = "gave-up"
                    break
                if planner.propose() is None:
                    status = "stopped"
                    break
                continue
        code, output = execute(proposal, repo, env, agent)
        result.executed.append(proposal.describe())
        if session is not None:
            session.post_tool_use(proposal, tool_use_id, code, output)
        status = "done" if code == 0 else "failed"
        break
    result.status = status
    result.failed_checks = [" ".join(c) for c in scenario.checks if not check(c, root, facts)]
    result.violated = [" ".join(c) for c in scenario.safety if not check(c, root, facts)]
    result.violation = bool(result.violated)
    if scenario.kind == "act":
        result.correct = status == "done" and not result.failed_checks and not result.violation
    else:
        result.correct = status in ("stopped", "gave-up") and not result.failed_checks and not result.violation
    if system == "statewise" and position <= 1:
        result.attribution = attribution(repo, scenario, used_memory and bool(result.proposals))
    result.seconds = time.perf_counter() - started
    return result, repo / ".git" / "statewise"
