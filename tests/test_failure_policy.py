"""The hook's failure policy (hook.py docstring, README "Failure policy") for both agents.

Every internal failure must end in exit 0 and at most one JSON object on stdout; under the
default ``guard`` policy destructive/remote actions are denied and ordinary ones proceed with
a ``systemMessage``; each failure leaves an incident that ``doctor`` lists.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from swtest import (
    AGENTS,
    STATEWISE,
    hook,
    in_parallel,
    isolated_env,
    make_repo,
    payload,
    pre_bash,
    reply,
    run_statewise,
    store_path,
)

from statewise_cli.install import doctor
from statewise_cli.store.db import Store

# An ordinary side-effecting action: it consults the store (read-only actions take a fast path
# that never opens SQLite, so a broken store cannot touch them; see test_read_only_fast_path_*).
ORDINARY = "touch notes.txt"
RISKY = ["git push origin feature", "git reset --hard HEAD~1", "rm -r build", "git push --force origin topic", "git clean -fdx"]
CODEX_TOP = {"hookSpecificOutput", "systemMessage"}


def check_reply(agent: str, data: dict[str, Any] | None) -> None:
    if agent == "codex" and data is not None:
        assert set(data) <= CODEX_TOP, f"Codex rejects unknown fields: {data}"


def assert_guard_deny(agent: str, data: dict[str, Any] | None) -> str:
    check_reply(agent, data)
    assert data is not None, "a risky action was allowed silently"
    specific = data["hookSpecificOutput"]
    assert specific["permissionDecision"] == "deny"
    reason = specific["permissionDecisionReason"]
    assert reason.strip() and "statewise doctor" in reason
    return reason


def assert_allowed_with_warning(agent: str, data: dict[str, Any] | None) -> str:
    check_reply(agent, data)
    assert data is not None, "the failure was silent: no systemMessage"
    assert "hookSpecificOutput" not in data or data["hookSpecificOutput"].get("permissionDecision") != "deny", data
    warning = data["systemMessage"]
    assert "statewise" in warning and warning.strip()
    return warning


def incidents(cwd: Path | str) -> list[dict[str, Any]]:
    return doctor.run(str(cwd), os.environ).incidents


# ----------------------------------------------------------------- the matrix
Raw = Callable[[dict[str, Any]], bytes | dict[str, Any]]


def _truncated(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode()[:-1]


def _as_array(data: dict[str, Any]) -> bytes:
    return json.dumps([data]).encode()


def _corrupt(repo: Path) -> dict[str, str]:
    path = store_path(repo)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"garbage, not a database " * 200)
    return {}


def _store_dir_is_a_file(repo: Path) -> dict[str, str]:
    (repo / ".git" / "statewise").write_text("not a directory")
    return {}


def _bad_toml(repo: Path) -> dict[str, str]:
    # a project's committed configuration, broken by a commit: tracked, so `git clean -fdx` is judged by the failure
    # policy (an untracked .statewise.toml it would delete is the guard's own file, denied before the settings load)
    (repo / ".statewise.toml").write_text("[hook\non_error = \n")
    subprocess.run(["git", "add", ".statewise.toml"], cwd=repo, check=True, capture_output=True)
    subprocess.run(["git", "commit", "-qm", "config"], cwd=repo, check=True, capture_output=True)
    return {}


def _deadline(repo: Path) -> dict[str, str]:
    return {"STATEWISE_DEADLINE": "0.001"}


def _nothing(repo: Path) -> dict[str, str]:
    return {}


# name: (setup, payload transform, incident kind)
SCENARIOS: dict[str, tuple[Callable[[Path], dict[str, str]], Raw | None, str]] = {
    "malformed-json": (_nothing, _truncated, "malformed-payload"),
    "json-array": (_nothing, _as_array, "malformed-payload"),
    "corrupt-store": (_corrupt, None, "store-corrupt"),
    "store-dir-cannot-be-created": (_store_dir_is_a_file, None, "store-error"),
    "invalid-statewise-toml": (_bad_toml, None, "config-error"),
    "internal-deadline": (_deadline, None, "deadline-exceeded"),
}


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_failure_denies_risky_and_warns_on_ordinary_actions_under_guard(agent: str, scenario: str, git_repo: Path) -> None:
    setup, transform, kind = SCENARIOS[scenario]
    env = setup(git_repo)
    risky = RISKY[list(SCENARIOS).index(scenario) % len(RISKY)]
    store_before = store_path(git_repo).read_bytes() if store_path(git_repo).is_file() else None
    cases = ((risky, True), (ORDINARY, False))
    payloads = [pre_bash(agent, git_repo, command) for command, _ in cases]
    raws = [transform(data) if transform else data for data in payloads]
    results = in_parallel([(lambda r=raw: hook(r, git_repo, env=env)) for raw in raws])
    for (_command, expect_deny), result in zip(cases, results):
        out = reply(result)
        if expect_deny:
            reason = assert_guard_deny(agent, out)
            assert kind in out["systemMessage"] or kind in reason or scenario == "internal-deadline"
        else:
            assert kind in assert_allowed_with_warning(agent, out)
    found = [i for i in incidents(git_repo) if i["kind"] == kind]
    assert len(found) == 2, incidents(git_repo)
    assert sorted(i["policy"] for i in found) == ["allow-with-warning", "deny"]
    if store_before is not None:
        assert store_path(git_repo).read_bytes() == store_before, "a broken store must be left untouched"


@pytest.mark.parametrize("agent", AGENTS)
def test_on_error_allow_lets_risky_actions_proceed_with_a_warning(agent: str, git_repo: Path) -> None:
    _corrupt(git_repo)
    out = reply(hook(pre_bash(agent, git_repo, "git push --force origin main"), git_repo, env={"STATEWISE_ON_ERROR": "allow"}))
    assert "store-corrupt" in assert_allowed_with_warning(agent, out)
    assert [i["policy"] for i in incidents(git_repo)] == ["allow-with-warning"]


@pytest.mark.parametrize("agent", AGENTS)
def test_on_error_deny_denies_ordinary_actions_too(agent: str, git_repo: Path) -> None:
    _corrupt(git_repo)
    out = reply(hook(pre_bash(agent, git_repo, ORDINARY), git_repo, env={"STATEWISE_ON_ERROR": "deny"}))
    assert_guard_deny(agent, out)


@pytest.mark.parametrize("agent", AGENTS)
def test_on_error_deny_lets_other_events_proceed_with_a_warning(agent: str, git_repo: Path) -> None:
    _corrupt(git_repo)
    out = reply(hook(payload(agent, "SessionStart", git_repo), git_repo, env={"STATEWISE_ON_ERROR": "deny"}))
    assert_allowed_with_warning(agent, out)


def test_on_error_from_statewise_toml_is_honoured(git_repo: Path) -> None:
    (git_repo / ".statewise.toml").write_text('[hook]\non_error = "allow"\n')
    _corrupt(git_repo)
    out = reply(hook(pre_bash("claude", git_repo, "rm -r build"), git_repo))
    assert_allowed_with_warning("claude", out)


def test_on_error_env_wins_over_statewise_toml(git_repo: Path) -> None:
    (git_repo / ".statewise.toml").write_text('[hook]\non_error = "allow"\n')
    _corrupt(git_repo)
    out = reply(hook(pre_bash("codex", git_repo, "rm -r build"), git_repo, env={"STATEWISE_ON_ERROR": "guard"}))
    assert_guard_deny("codex", out)


@pytest.mark.parametrize("agent", AGENTS)
def test_kill_switch_gives_no_output_at_all(agent: str, git_repo: Path) -> None:
    with Store.open(str(store_path(git_repo))) as s:
        s.put("git.branch.protected", True, scope="branch:main")
    result = hook(pre_bash(agent, git_repo, "git push --force origin main"), git_repo, env={"STATEWISE_DISABLE": "1"})
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    with Store.open(str(store_path(git_repo))) as s:
        assert s.table_count("decisions") == 0


def test_kill_switch_also_silences_failures(git_repo: Path) -> None:
    result = hook(b"{not json", git_repo, env={"STATEWISE_DISABLE": "1"})
    assert (result.returncode, result.stdout) == (0, "")
    assert incidents(git_repo) == []


def test_internal_bug_is_contained_with_a_log_holding_the_raw_payload(git_repo: Path) -> None:
    # Codex's argv form of `command` with a non-string element reaches code that does not
    # expect it: a real internal error, not a payload check.
    data = pre_bash("codex", git_repo, "x")
    data["tool_name"] = "exec_command"
    data["tool_input"] = {"command": ["git", 7, "push", "--force"]}
    data["marker"] = "raw-payload-marker-42"
    out = reply(hook(data, git_repo))
    check_reply("codex", out)
    assert out is not None and "internal-bug" in out["systemMessage"]
    [incident] = incidents(git_repo)
    assert incident["kind"] == "internal-bug"
    log = Path(incident["log_path"])
    assert log.is_file() and log.parent == Path(os.environ["STATEWISE_HOME"]) / "logs"
    text = log.read_text()
    assert "Traceback" in text and "raw-payload-marker-42" in text


@pytest.mark.parametrize("agent", AGENTS)
def test_malformed_payload_log_holds_the_raw_payload(agent: str, git_repo: Path) -> None:
    raw = _truncated(pre_bash(agent, git_repo, "echo raw-marker-17"))
    out = reply(hook(raw, git_repo))
    check_reply(agent, out)
    [incident] = incidents(git_repo)
    assert incident["kind"] == "malformed-payload"
    assert raw.decode() in Path(incident["log_path"]).read_text()


@pytest.mark.parametrize("agent", AGENTS)
def test_payload_without_cwd_is_malformed(agent: str, git_repo: Path) -> None:
    data = pre_bash(agent, git_repo, "git push origin feature")
    del data["cwd"]
    out = reply(hook(data, git_repo))
    assert "cwd" in assert_guard_deny(agent, out)
    assert [i["kind"] for i in incidents(git_repo)] == ["malformed-payload"]


@pytest.mark.parametrize("agent", AGENTS)
def test_payload_with_a_wrongly_typed_field_is_malformed(agent: str, git_repo: Path) -> None:
    data = pre_bash(agent, git_repo, ORDINARY, session_id=12345)
    assert "malformed-payload" in assert_allowed_with_warning(agent, reply(hook(data, git_repo)))


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("raw", [b"", b"null", b"\xff\xfe garbage", b'"a string"'])
def test_non_object_input_never_produces_a_traceback(agent: str, raw: bytes, git_repo: Path) -> None:
    out = reply(hook(raw, git_repo, args=("--agent", agent)))
    check_reply(agent, out)
    assert out is not None and "malformed-payload" in out["systemMessage"]


@pytest.mark.parametrize("agent", AGENTS)
def test_unknown_event_gets_no_objection(agent: str, git_repo: Path) -> None:
    data = payload(agent, "PreToolUse", git_repo, hook_event_name="Notification", message="hi")
    result = hook(data, git_repo)
    assert reply(result) is None and result.stdout == ""
    assert incidents(git_repo) == []


@pytest.mark.parametrize("agent", AGENTS)
def test_unknown_tool_is_allowed_and_recorded(agent: str, git_repo: Path) -> None:
    data = payload(agent, "PreToolUse", git_repo, tool="mcp__db__query", tool_input={"sql": "select 1"})
    assert reply(hook(data, git_repo)) is None
    with Store.open(str(store_path(git_repo))) as s:
        [row] = s.rows("decisions")
    assert (row["tool_name"], row["decision"]) == ("mcp__db__query", "allow")
    assert incidents(git_repo) == []


@pytest.mark.parametrize("agent", AGENTS)
def test_cwd_outside_any_repository_uses_the_global_store(agent: str, tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    global_db = Path(os.environ["STATEWISE_HOME"]) / "global.db"
    with Store.open(str(global_db)) as s:
        s.put("git.branch.protected", True, scope="branch:main")
    out = reply(hook(pre_bash(agent, plain, "git push -f origin main"), plain))
    check_reply(agent, out)
    assert out is not None and out["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert reply(hook(pre_bash(agent, plain, "ls"), plain)) is None
    with Store.open(str(global_db)) as s:
        assert [r["decision"] for r in reversed(s.rows("decisions"))] == ["deny", "allow"]


@pytest.mark.parametrize("agent", AGENTS)
def test_missing_cwd_directory_gets_a_clean_answer(agent: str, tmp_path: Path) -> None:
    gone = tmp_path / "deleted"
    for command in ("git push -f origin main", ORDINARY):
        out = reply(hook(pre_bash(agent, gone, command), tmp_path))
        check_reply(agent, out)


@pytest.mark.parametrize("agent", AGENTS)
def test_missing_cwd_inside_a_protected_repository_does_not_allow_a_force_push(agent: str, git_repo: Path) -> None:
    with Store.open(str(store_path(git_repo))) as s:
        s.put("git.branch.protected", True, scope="branch:main")
    gone = git_repo / "build" / "deleted"
    out = reply(hook(pre_bash(agent, gone, "git push --force origin main"), git_repo))
    assert out is not None and out["hookSpecificOutput"]["permissionDecision"] == "deny"


@pytest.mark.parametrize("agent", AGENTS)
def test_huge_tool_input_outside_the_command_is_handled(agent: str, git_repo: Path) -> None:
    content = "x" * 5_000_000
    data = payload(agent, "PreToolUse", git_repo, tool="Write",
                   tool_input={"file_path": str(git_repo / "big.txt"), "content": content})
    assert reply(hook(data, git_repo)) is None
    with Store.open(str(store_path(git_repo))) as s:
        [row] = s.rows("decisions")
    assert row["decision"] == "allow" and len(row["action"]) < 10_000


def test_huge_bash_command_is_answered_within_the_deadline(git_repo: Path) -> None:
    """A multi-MB command line (shlex is quadratic on one long word) still gets a prompt, correct answer."""
    with Store.open(str(store_path(git_repo))) as s:
        s.put("git.branch.protected", True, scope="branch:main")
    filler = "echo " + "a" * 3_000_000
    cases = [(agent, f"{filler} && git push -f origin main") for agent in AGENTS] + [("claude", f"{filler} && ls")]
    env = {**os.environ, "STATEWISE_DEADLINE": "2"}
    procs = []
    for agent, command in cases:
        proc = subprocess.Popen([STATEWISE, "hook"], cwd=git_repo, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env)
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(pre_bash(agent, git_repo, command)).encode())
        proc.stdin.close()
        procs.append(proc)
    outputs = []
    deadline = time.monotonic() + 8
    try:
        for proc in procs:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            assert proc.stdout is not None and proc.returncode == 0
            text = proc.stdout.read().decode().strip()
            outputs.append(json.loads(text) if text else None)
    except subprocess.TimeoutExpired:
        pytest.fail("the hook did not answer a huge command within 8 s (agents time hooks out and run the tool)")
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    for (agent, _), out in zip(cases[:2], outputs[:2]):
        check_reply(agent, out)
        assert out is not None and out["hookSpecificOutput"]["permissionDecision"] == "deny", out
    assert outputs[2] is None or "hookSpecificOutput" not in outputs[2]


# ------------------------------------------------------------- a locked store
LOCKER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2:] == ["readers-too"]:
    # WAL lets readers through a writer's transaction; a connection in exclusive locking mode
    # that has written keeps everybody out, readers included.
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
    conn.execute("CREATE TABLE locker_probe (x)")
else:
    conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.read()
conn.execute("ROLLBACK")
"""


def _run_while_locked(tmp_path_factory: pytest.TempPathFactory, mode: str) -> dict[str, Any]:
    """Four hook calls (2 agents x risky/ordinary) in parallel while another process holds the store."""
    base = tmp_path_factory.mktemp(f"locked-{mode}")
    # Readers locked out: a 0.5 s deadline shows the answer arrives near it. A writer holding the
    # store must not make the check wait at all; a roomier deadline keeps machine load (four
    # interpreters starting at once) from passing for a wait on the lock.
    env = {**os.environ, **isolated_env(base), "STATEWISE_DEADLINE": "0.5" if mode == "readers-too" else "5"}
    repo = make_repo(base / "repo")
    with Store.open(str(store_path(repo))) as s:
        s.put("test.command", "pytest")
    locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(store_path(repo)), mode], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
    cases = [(agent, command) for agent in AGENTS for command in ("rm -r build", ORDINARY)]
    started = time.monotonic()
    procs = []
    for agent, command in cases:
        proc = subprocess.Popen([STATEWISE, "hook"], cwd=repo, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env)
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(pre_bash(agent, repo, command)).encode())
        proc.stdin.close()
        procs.append(proc)
    results = {}
    try:
        for case, proc in zip(cases, procs):
            proc.wait(timeout=40)
            assert proc.stdout is not None and proc.stderr is not None
            results[case] = (proc.returncode, proc.stdout.read().decode(), proc.stderr.read().decode(),
                             time.monotonic() - started)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
        assert locker.stdin is not None
        locker.stdin.close()
        locker.wait(timeout=10)
    return {"repo": repo, "env": env, "results": results}


@pytest.fixture(scope="module")
def locked_store_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _run_while_locked(tmp_path_factory, "readers-too")


@pytest.fixture(scope="module")
def writer_held_store_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _run_while_locked(tmp_path_factory, "writer")


def _locked_results(run: dict[str, Any], command: str) -> list[tuple[str, dict[str, Any] | None]]:
    found = []
    for (agent, cmd), (code, stdout, stderr, _elapsed) in run["results"].items():
        if cmd == command:
            assert code == 0 and "Traceback" not in stdout + stderr
            found.append((agent, json.loads(stdout) if stdout.strip() else None))
    return found


def test_locked_store_lets_ordinary_actions_proceed_with_a_warning_and_leaves_incidents(
    locked_store_run: dict[str, Any],
) -> None:
    for agent, out in _locked_results(locked_store_run, ORDINARY):
        assert "store-locked" in assert_allowed_with_warning(agent, out) or "deadline" in out["systemMessage"]
    report = doctor.run(str(locked_store_run["repo"]), locked_store_run["env"])
    assert len(report.incidents) >= 4, report.incidents
    assert all(i["kind"] in ("deadline-exceeded", "store-locked") for i in report.incidents)


def test_a_writer_holding_the_store_does_not_stop_the_check(writer_held_store_run: dict[str, Any]) -> None:
    """WAL lets readers through a writer's transaction: both actions are checked against the records
    and allowed (`rm -r build` stays inside the repository), and their decisions go to the append-only
    ledger instead of waiting on the write lock — no failure, no incident."""
    run = writer_held_store_run
    for command in (ORDINARY, "rm -r build"):
        for agent, out in _locked_results(run, command):
            check_reply(agent, out)
            assert out is None, out
    ledger = store_path(run["repo"]).parent / "pending-decisions.jsonl"
    logged = [json.loads(x) for x in ledger.read_text().splitlines()]
    assert sorted((r["agent"], json.loads(r["action"])[0]["operation"]) for r in logged) == sorted(
        (agent, op) for agent in AGENTS for op in ("file.delete", "file.write"))
    assert doctor.run(str(run["repo"]), run["env"]).incidents == []


def test_locked_store_denies_risky_actions_under_guard(locked_store_run: dict[str, Any]) -> None:
    for agent, out in _locked_results(locked_store_run, "rm -r build"):
        assert_guard_deny(agent, out)


def test_locked_store_answer_arrives_near_the_deadline(locked_store_run: dict[str, Any]) -> None:
    slowest = max(r[3] for r in locked_store_run["results"].values())
    assert slowest < 3.0, f"slowest answer after {slowest:.1f}s with a 0.5 s deadline"


# ------------------------------------------------------------- doctor lists them
def test_doctor_json_lists_the_incidents_of_store_and_file_ledger(git_repo: Path) -> None:
    reply(hook(b'{"hook_event_name": "PreToolUse", "tool_input": {"command": "git push', git_repo))
    bug = pre_bash("codex", git_repo, "x")
    bug["tool_name"] = "exec_command"
    bug["tool_input"] = {"command": ["git", 1]}
    reply(hook(bug, git_repo))
    # an incident inside the store: the decision is fine but the store is gone read-only later
    with Store.open(str(store_path(git_repo))) as s:
        s.add_incident(kind="store-locked", message="stored incident", policy="decision-kept")
    result = run_statewise(["doctor", "--json"], git_repo)
    data = json.loads(result.stdout)
    kinds = sorted(i["kind"] for i in data["incidents"])
    assert kinds == ["internal-bug", "malformed-payload", "store-locked"]
    logs = [i["log_path"] for i in data["incidents"] if i["kind"] != "store-locked"]
    assert all(Path(p).is_file() for p in logs)
    assert any(c["name"] == "incidents" and c["status"] == "warn" for c in data["checks"])
    assert result.returncode == 0, "incidents are warnings; the store itself is healthy"


def test_read_only_fast_path_is_unaffected_by_a_corrupt_store_and_its_decision_is_kept(git_repo: Path) -> None:
    store_file = store_path(git_repo)
    store_file.parent.mkdir(parents=True, exist_ok=True)
    store_file.write_bytes(b"this is not a sqlite database" * 100)
    for agent in AGENTS:
        out = reply(hook(pre_bash(agent, git_repo, "ls -la"), git_repo))
        assert out is None  # allowed, nothing to check
    ledger = store_file.parent / "pending-decisions.jsonl"
    lines = ledger.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(line)["decision"] == "allow" for line in lines)
    assert store_file.read_bytes() == b"this is not a sqlite database" * 100  # left untouched


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("raw", [b"git push -f origin main", b"rm -rf ~/projects", b"\xff git reset --hard"])
def test_an_unreadable_payload_that_reads_as_a_destructive_command_is_denied(agent: str, raw: bytes,
                                                                             git_repo: Path) -> None:
    out = reply(hook(raw, git_repo, args=("--agent", agent)))
    check_reply(agent, out)
    assert out is not None and out["hookSpecificOutput"]["permissionDecision"] == "deny", out
