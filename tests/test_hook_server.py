"""The warm hook server: calls answered by a forked child give the same answers as the hook process,
in the caller's environment; a dying child, a signal or a switched-off server change nothing for the
agent. Observed from outside: a verifier plugin (loaded from the caller's PYTHONPATH, as the hook
process would) writes which process ran the check."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from swtest import STATEWISE, pre_bash, reply

from statewise_cli.hook import client
from statewise_cli.store.db import Store

FORCE_PUSH = "git push --force origin main"
PROBE = """
import json, os, time
mark = os.environ["PROBE_MARK"]
with open(mark, "a") as fh:
    fh.write(json.dumps({"pid": os.getpid(), "ppid": os.getppid(), "cwd": os.getcwd(),
                         "var": os.environ.get("PROBE_VAR"), "umask": os.umask(0o022)}) + "\\n")
if os.environ.get("PROBE_CRASH_UNLESS_PPID") and os.getppid() != int(os.environ["PROBE_CRASH_UNLESS_PPID"]):
    os._exit(3)  # dies inside the server's child only
if os.environ.get("PROBE_SLEEP"):
    time.sleep(float(os.environ["PROBE_SLEEP"]))
"""



def installed_socket() -> str | None:
    """The socket of the installed statewise the tests run (not of this source tree)."""
    import sys

    out = subprocess.run([sys.executable, "-P", "-c", "from statewise_cli.hook import client; print(client.socket_path())"],
                         cwd="/", capture_output=True, text=True, check=True, env={**os.environ, "STATEWISE_HOOK_SERVER": "1"})
    path = out.stdout.strip()
    return None if path == "None" else path


SOCKET = installed_socket()
OFF = os.environ.get("STATEWISE_HOOK_SERVER", "1").strip().lower() in ("0", "false", "no", "off")
pytestmark = pytest.mark.skipif(SOCKET is None or OFF, reason="no hook server: statewise is not installed into "
                                "site-packages, or the suite runs with STATEWISE_HOOK_SERVER=0")


def protect_main(repo: Path) -> None:
    with Store.open(str(repo / ".git" / "statewise" / "store.db")) as s:
        s.put("git.branch.protected", True, scope="branch:main")


@pytest.fixture
def probe(tmp_path: Path) -> dict[str, str]:
    plugin = tmp_path / "plugins"
    plugin.mkdir()
    (plugin / "server_probe.py").write_text(PROBE)
    (Path(os.environ["STATEWISE_HOME"]) / "config.toml").write_text('[verifiers]\nmodules = ["server_probe"]\n')
    return {"PYTHONPATH": str(plugin), "PROBE_MARK": str(tmp_path / "mark.jsonl"), "PROBE_VAR": "from-the-caller"}


def marks(env: dict[str, str]) -> list[dict[str, Any]]:
    path = Path(env["PROBE_MARK"])
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def start(cwd: Path, env: dict[str, str], command: str, **extra: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([STATEWISE, "hook"], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**os.environ, **env, **extra})
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(pre_bash("claude", cwd, command)).encode())
    proc.stdin.close()
    proc.stdin = None
    return proc


def finish(proc: subprocess.Popen[bytes], timeout: float = 30) -> dict[str, Any] | None:
    out, err = proc.communicate(timeout=timeout)
    return reply(subprocess.CompletedProcess(proc.args, proc.returncode, out.decode(), err.decode()))


def server_running(cwd: Path, timeout: float = 20) -> None:
    """A server for this installation answers (a call that finds none starts it; a start attempted in
    the last 30 s, by another test, is forgotten so that this one starts it now)."""
    import socket

    path = SOCKET
    assert path is not None
    end = time.monotonic() + timeout
    kicked = False
    while time.monotonic() < end:
        with socket.socket(socket.AF_UNIX) as s:
            try:
                s.connect(path)
                return
            except OSError:
                pass
        if not kicked and time.monotonic() > end - timeout + 3:
            kicked = True
            Path(path + ".spawn").unlink(missing_ok=True)
            finish(start(cwd, {}, "git status"))
        time.sleep(0.1)
    pytest.fail(f"no hook server came up at {path}")


def denied(out: dict[str, Any] | None) -> str:
    assert out is not None
    assert out["hookSpecificOutput"]["permissionDecision"] == "deny", out
    return str(out["hookSpecificOutput"]["permissionDecisionReason"])


def test_a_call_answered_by_the_server_runs_in_a_child_with_the_callers_environment(
        git_repo: Path, probe: dict[str, str]) -> None:
    protect_main(git_repo)
    finish(start(git_repo, probe, "git status"))  # no server yet, or one already: either way one comes up
    server_running(git_repo)
    (git_repo / "sub").mkdir()
    proc = start(git_repo / "sub", probe, FORCE_PUSH)
    reason = denied(finish(proc))
    assert "protected" in reason
    ran = marks(probe)[-1]
    assert ran["pid"] != proc.pid, "the check ran in the hook process, not in the server's child"
    assert ran["ppid"] != os.getpid()
    assert (ran["cwd"], ran["var"]) == (str(git_repo / "sub"), "from-the-caller")
    mask = os.umask(0)
    os.umask(mask)
    assert ran["umask"] == mask  # the caller's


def test_switched_off_the_check_runs_in_the_hook_process(git_repo: Path, probe: dict[str, str]) -> None:
    protect_main(git_repo)
    proc = start(git_repo, probe, FORCE_PUSH, STATEWISE_HOOK_SERVER="0")
    denied(finish(proc))
    assert marks(probe)[-1]["pid"] == proc.pid


def test_a_child_that_dies_leaves_the_call_to_the_hook_process(git_repo: Path, probe: dict[str, str]) -> None:
    protect_main(git_repo)
    finish(start(git_repo, probe, "git status"))
    server_running(git_repo)
    # The plugin kills any process whose parent is not this test: the server's child dies mid-check.
    proc = start(git_repo, probe, FORCE_PUSH, PROBE_CRASH_UNLESS_PPID=str(os.getpid()))
    assert "protected" in denied(finish(proc))
    ran = [m["pid"] for m in marks(probe)]
    assert ran[-1] == proc.pid and len(ran) >= 2 and ran[-2] != proc.pid


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_to_the_hook_reaches_the_child_and_the_destructive_action_is_denied(
        git_repo: Path, probe: dict[str, str], signum: int) -> None:
    protect_main(git_repo)
    finish(start(git_repo, probe, "git status"))
    server_running(git_repo)
    proc = start(git_repo, probe, FORCE_PUSH, PROBE_SLEEP="60", STATEWISE_DEADLINE="60")
    end = time.monotonic() + 30
    while not any(m["pid"] != proc.pid for m in marks(probe)):
        assert proc.poll() is None, proc.communicate()
        if time.monotonic() > end:
            proc.kill()
            pytest.fail("the check never ran in the server's child")
        time.sleep(0.05)
    started = time.monotonic()
    proc.send_signal(signum)
    reason = denied(finish(proc, timeout=20))
    assert time.monotonic() - started < 10
    assert "interrupted by SIG" in reason


def test_the_run_directory_must_be_private_and_ours(tmp_path: Path) -> None:
    private = tmp_path / "private"
    assert client.safe_dir(str(private), create=True)
    assert stat.S_IMODE(private.stat().st_mode) == 0o700
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    assert not client.safe_dir(str(shared))
    link = tmp_path / "link"
    link.symlink_to(private)
    assert not client.safe_dir(str(link))
    assert not client.safe_dir(str(tmp_path / "missing"))


def test_a_reply_cut_short_is_no_reply() -> None:
    whole = (0).to_bytes(8, "big") + (3).to_bytes(8, "big") + b"out" + (0).to_bytes(8, "big")
    assert client._parse_reply(whole) == (0, b"out", b"")
    for cut in range(len(whole)):
        assert client._parse_reply(whole[:cut]) is None


@pytest.mark.parametrize("command", ["rm -rf {d}", "mv {d} /tmp/elsewhere", "ln -sf /tmp/fake.sock {d}/h1-2.sock"])
def test_the_agent_cannot_remove_or_replace_the_server_socket(git_repo: Path, command: str) -> None:
    run = client.run_dir()
    for agent in ("claude", "codex"):
        out = reply(subprocess.run([STATEWISE, "hook"], cwd=git_repo, capture_output=True, text=True, check=False,
                                   input=json.dumps(pre_bash(agent, git_repo, command.format(d=run)))))
        reason = denied(out)
        assert "hook server" in reason and "developer" in reason


def _cmdline_has(proc: Path, text: str) -> bool:
    try:
        return text.encode() in (proc / "cmdline").read_bytes()
    except OSError:
        return False


def test_a_killed_server_is_replaced_and_no_call_goes_unanswered(git_repo: Path, probe: dict[str, str]) -> None:
    protect_main(git_repo)
    finish(start(git_repo, probe, "git status"))
    server_running(git_repo)
    assert SOCKET is not None
    pids = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _cmdline_has(p, SOCKET)]
    assert pids, "no server process found"
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)  # no cleanup: its socket stays behind
        except ProcessLookupError:
            pass  # a spare child that left when the server went
    time.sleep(0.2)
    Path(SOCKET + ".spawn").unlink(missing_ok=True)
    first = start(git_repo, probe, FORCE_PUSH)
    assert "protected" in denied(finish(first))
    assert marks(probe)[-1]["pid"] == first.pid  # answered in the hook process
    server_running(git_repo)  # and that call started a new server
    again = start(git_repo, probe, FORCE_PUSH)
    assert "protected" in denied(finish(again))
    assert marks(probe)[-1]["pid"] != again.pid


def test_doctor_says_whether_the_server_runs(git_repo: Path) -> None:
    finish(start(git_repo, {}, "git status"))
    server_running(git_repo)

    def server_check(**env: str) -> dict[str, Any]:
        out = subprocess.run([STATEWISE, "doctor", "--json"], cwd=git_repo, capture_output=True, text=True, check=False,
                             env={**os.environ, **env})
        return next(c for c in json.loads(out.stdout)["checks"] if c["name"] == "hook server")

    assert server_check()["detail"] == f"running at {SOCKET}"
    assert server_check(STATEWISE_HOOK_SERVER="0")["detail"].startswith("off (STATEWISE_HOOK_SERVER=0)")


def _server_and_children() -> tuple[int | None, list[int]]:
    """The server for this installation and its child processes (forks share its command line)."""
    assert SOCKET is not None
    procs = {}
    for p in Path("/proc").iterdir():
        if p.name.isdigit() and _cmdline_has(p, SOCKET):
            try:
                procs[int(p.name)] = int((p / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    servers = [pid for pid, ppid in procs.items() if ppid not in procs]
    server = servers[0] if len(servers) == 1 else None
    return server, [pid for pid, ppid in procs.items() if ppid == server]


def test_a_call_is_taken_by_a_spare_child_forked_before_it_arrived(git_repo: Path, probe: dict[str, str]) -> None:
    protect_main(git_repo)
    finish(start(git_repo, probe, "git status"))
    server_running(git_repo)
    end = time.monotonic() + 20
    server, spares = _server_and_children()
    while not spares and time.monotonic() < end:
        time.sleep(0.05)
        server, spares = _server_and_children()
    assert server is not None and spares, "the server keeps no spare child"
    # Its warm-up takes tens of ms; on a loaded machine it can take seconds, and a call that arrives
    # before the spare says it is ready is served by a child forked for it. So: up to five calls, and
    # one of them must be taken by a spare that existed before it was made.
    for _ in range(5):
        time.sleep(2.0)
        server, spares = _server_and_children()
        proc = start(git_repo, probe, FORCE_PUSH)
        assert "protected" in denied(finish(proc))
        ran = marks(probe)[-1]
        assert ran["ppid"] == server
        if ran["pid"] in spares:  # a process that existed before the call was made
            break
    else:
        pytest.fail(f"no call was taken by a spare: {ran} {spares}")
    # The spare served one call only: a new one takes its place for the next.
    end = time.monotonic() + 20
    while time.monotonic() < end:
        _, now = _server_and_children()
        if any(pid not in spares for pid in now):
            break
        time.sleep(0.05)
    else:
        pytest.fail("no new spare after the call")
    again = start(git_repo, probe, FORCE_PUSH)
    assert "protected" in denied(finish(again))
    assert marks(probe)[-1]["pid"] != ran["pid"]
    # A call that takes long does not leave the next one without a spare: one is made beside it.
    slow = start(git_repo, probe, FORCE_PUSH, PROBE_SLEEP="4")
    time.sleep(1.5)
    _, before = _server_and_children()
    quick = start(git_repo, probe, FORCE_PUSH)
    assert "protected" in denied(finish(quick))
    assert marks(probe)[-1]["pid"] in before, (marks(probe)[-1], before)
    assert "protected" in denied(finish(slow))


def test_a_server_started_by_the_signal_shielded_command_can_be_stopped(git_repo: Path) -> None:
    """The installed command ignores SIGHUP/SIGINT/SIGTERM while it starts; the server a hook
    process starts must not inherit that (it would outlive every SIGTERM)."""
    from statewise_cli.install import hooks as install

    assert SOCKET is not None
    for p in Path("/proc").iterdir():
        if p.name.isdigit() and _cmdline_has(p, SOCKET):
            try:
                os.kill(int(p.name), signal.SIGKILL)
            except ProcessLookupError:
                pass  # a spare child that left when the server went
    time.sleep(0.2)
    Path(SOCKET + ".spawn").unlink(missing_ok=True)
    command = install.shielded(f"{STATEWISE} hook --agent claude")
    subprocess.run(["/bin/sh", "-c", command], input=json.dumps(pre_bash("claude", git_repo, "git status")).encode(),
                   cwd=git_repo, capture_output=True, timeout=60, check=True)
    server_running(git_repo)
    pids = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _cmdline_has(p, SOCKET)]
    assert pids, "no server process found"
    checked = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            continue  # a child that answered its call and left between the listing and this read
        checked += 1
        ignored = int(next(ln.split()[1] for ln in status.splitlines() if ln.startswith("SigIgn:")), 16)
        for signum in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
            assert not ignored & (1 << (signum - 1)), f"the server ignores {signal.Signals(signum).name}"
    assert checked, "every server process left before it could be checked"
