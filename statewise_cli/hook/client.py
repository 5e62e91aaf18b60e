"""Hand one hook call to the warm hook server (:mod:`statewise_cli.hook.server`), when one runs.

A hook call is a new Python process: most of its time goes to starting the interpreter and
loading statewise's modules (an Edit loads about fifty), not to the check. The hook server keeps
one process with those modules loaded and forks a child per call: the child runs the very same
:func:`statewise_cli.hook.entry.main` in the caller's environment, working directory, umask and
import path, with the caller's payload, and its answer is written by this process. Nothing is
shared between calls but the loaded code: every call opens the store and reads the settings
afresh.

This module runs in the short-lived hook process before anything else is imported: the C
modules ``posix``, ``_socket`` and ``_signal`` only. The interpreter runs with ``-S`` (see
``install.hooks.hook_command``), which has not loaded ``os``: importing it (and ``stat``,
``posixpath``, ``_collections_abc``) would cost about 2 ms of every call, so the answered path uses
``posix`` directly; ``os`` is loaded when the call runs here after all.

Whenever the server cannot answer — none runs, the socket is not ours, the child dies or does not
answer in time — the call runs in this process as it always did (the server is an accelerator,
never a dependency). ``STATEWISE_HOOK_SERVER=0`` turns it off.
"""

import posix
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAGIC = b"SWH1"
SPAWN_EVERY_S = 30.0  # at most one start attempt per this many seconds
_FORWARDED = (1, 2, 15)
unreachable = [False]  # set by call() when no server answered the connection  # SIGHUP, SIGINT, SIGTERM: what the caller may send to end the hook


def package_dir() -> str:
    here = __file__ if __file__.startswith("/") else posix.getcwd() + "/" + __file__
    return here.rsplit("/", 2)[0]  # the statewise_cli directory


def run_dir() -> str:
    return f"/tmp/statewise-{posix.getuid()}"


def socket_path() -> str | None:
    """The server's socket for this installation, or None where no server is used.

    Named after the installed package directory's inode and modification time: a reinstall or an
    upgrade gets a new server, and the old one notices and leaves. A package outside
    ``site-packages`` (an editable install, a source checkout) never uses one: its code changes
    without a reinstall."""
    if posix.environ.get(b"STATEWISE_HOOK_SERVER", b"1").strip().lower() in (b"0", b"false", b"no", b"off"):
        return None
    if not hasattr(posix, "fork") or not hasattr(posix, "getuid"):
        return None
    pkg = package_dir()
    parts = pkg.split("/")
    if "site-packages" not in parts and "dist-packages" not in parts:
        return None
    try:
        st = posix.stat(pkg)
    except OSError:
        return None
    return f"{run_dir()}/h{st.st_ino:x}-{st.st_mtime_ns:x}.sock"


def safe_dir(path: str, create: bool = False) -> bool:
    """The run directory is a real directory of this user that no one else can enter."""
    try:
        st = posix.lstat(path)
    except FileNotFoundError:
        if not create:
            return False
        try:
            posix.mkdir(path, 0o700)
        except FileExistsError:
            pass
        except OSError:
            return False
        try:
            st = posix.lstat(path)
        except OSError:
            return False
    except OSError:
        return False
    is_dir = st.st_mode & 0o170000 == 0o040000  # stat.S_ISDIR without importing stat
    return is_dir and st.st_uid == posix.getuid() and not st.st_mode & 0o077


def frame(data: bytes) -> bytes:
    """One length-prefixed field of the request and the reply."""
    return len(data).to_bytes(8, "big") + data


def request(argv: list[str], payload: bytes) -> bytes:
    mask = posix.umask(0)
    posix.umask(mask)
    try:
        cwd = posix.getcwdb()
    except OSError:
        cwd = b""
    env = b"\0".join(k + b"=" + v for k, v in posix.environ.items())
    args = b"\0".join(a.encode("utf-8", "surrogateescape") for a in argv)
    return MAGIC + frame(args) + frame(cwd) + frame(env) + frame(str(mask).encode()) + frame(payload)


def _timeout() -> float:
    """How long to wait for the server's child, which answers by its own deadline: that deadline and
    a margin when the environment sets it, else 55 s (a ``deadline_seconds`` in a settings file is
    read by the child; agents end a hook after 60 s by default anyway)."""
    try:
        deadline = float(posix.environ.get(b"STATEWISE_DEADLINE", b"") or 50.0)
    except ValueError:
        deadline = 50.0
    return (deadline if 0 < deadline <= 3600 else 50.0) + 5.0


def call(argv: list[str], payload: bytes) -> tuple[int, bytes, bytes] | None:
    """(exit code, stdout, stderr) of the call as the server's child answered it, or None."""
    path = socket_path()
    if path is None:
        return None
    if not safe_dir(run_dir()):
        unreachable[0] = not _lexists(run_dir())  # none yet; an unsafe directory is never used
        return None
    try:
        import _signal  # type: ignore[import-not-found]
        import _socket
    except ImportError:  # pragma: no cover - a Python without them
        return None
    child = [0]
    pending: list[int] = []

    def forward(signum: int, _frame: "Any") -> None:
        if child[0]:
            try:
                posix.kill(child[0], signum)  # the child answers under the failure policy
            except OSError:
                pass
        else:
            pending.append(signum)

    previous = []
    try:
        for signum in _FORWARDED:
            previous.append((signum, _signal.signal(signum, forward)))
    except (ValueError, OSError):
        pass
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        try:
            sock.connect(path)
        except OSError:
            unreachable[0] = True  # none runs (or a dead one left its socket): start one
            return None
        sock.settimeout(_timeout())
        sock.sendall(request(argv, payload))
        sock.shutdown(_socket.SHUT_WR)
        chunks = []
        while True:
            piece = sock.recv(65536)
            if not piece:
                break
            chunks.append(piece)
            if not child[0] and sum(len(c) for c in chunks) >= 8:
                head = b"".join(chunks)
                child[0] = int.from_bytes(head[:8], "big")
                chunks = [head[8:]]
                for signum in pending:
                    forward(signum, None)
        return _parse_reply(b"".join(chunks)) if child[0] else None
    except OSError:  # a timeout included: the child is ended and the call runs here instead
        if child[0]:
            try:
                posix.kill(child[0], 9)
            except OSError:
                pass
        return None
    finally:
        sock.close()
        for signum, handler in previous:
            try:
                _signal.signal(signum, handler)
            except (ValueError, OSError, TypeError):
                pass


def _lexists(path: str) -> bool:
    try:
        posix.lstat(path)
    except OSError:
        return False
    return True


def _parse_reply(data: bytes) -> tuple[int, bytes, bytes] | None:
    if len(data) < 24:
        return None  # the child ended before it answered
    code = int.from_bytes(data[:8], "big")
    n = int.from_bytes(data[8:16], "big")
    out = data[16:16 + n]
    rest = data[16 + n:]
    if len(out) != n or len(rest) < 8:
        return None
    m = int.from_bytes(rest[:8], "big")
    err = rest[8:8 + m]
    if len(err) != m:
        return None
    return code, out, err


def spawn(path: str) -> None:
    """Start the server for ``path`` in the background (at most once per :data:`SPAWN_EVERY_S`).

    Called after this process wrote its answer: the agent is not kept waiting. The server is
    detached (its own session, no inherited standard streams) and leaves after ten idle minutes."""
    import os
    import time

    directory = os.path.dirname(path)
    if not safe_dir(directory, create=True):
        return
    marker = path + ".spawn"
    try:
        if time.time() - os.stat(marker).st_mtime < SPAWN_EVERY_S:
            return
    except OSError:
        pass
    try:
        fd = os.open(marker, os.O_WRONLY | os.O_CREAT, 0o600)
        os.close(fd)
        os.utime(marker)
    except OSError:
        return
    # This process's import path, as the launcher spelled it out (separated by US, never in a path).
    code = ("import sys; sys.path[:0] = [p for p in sys.argv[2].split('\\x1f') if p]; "
            "from statewise_cli.hook.server import main; main()")
    # Not the caller's PYTHONPATH (each call brings its own) nor its other PYTHON* settings.
    own = set(os.environ.get("PYTHONPATH", "").split(os.pathsep)) - {""}
    argv = [sys.executable, "-S", "-P", "-c", code, path, "\x1f".join(p for p in sys.path if p not in own)]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    try:
        pid = os.fork()
    except OSError:
        return
    if pid:
        try:
            os.waitpid(pid, 0)
        except OSError:
            pass
        return
    try:  # the intermediate child: a new session, then the server as its orphaned child
        os.setsid()
        if os.fork():
            os._exit(0)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        import _signal

        for signum in _FORWARDED:  # the hook command ignores them while it starts; the server must not
            _signal.signal(signum, _signal.SIG_DFL)
        os.execve(sys.executable, argv, env)
    finally:
        os._exit(1)
