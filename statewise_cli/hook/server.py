"""The warm hook server: statewise's hook modules loaded once, one forked child per hook call.

Started in the background by the first hook call that found none (:func:`client.spawn`); one per
installation and user, at ``/tmp/statewise-<uid>/h<inode>-<mtime>.sock`` in a directory only that
user can enter. For each connection it forks; the child takes the caller's environment, working
directory, umask, ``PYTHONPATH`` and payload, runs :func:`statewise_cli.hook.entry.main` exactly as
the hook process would, sends back exit code, stdout and stderr, and exits. Signals the caller
receives are forwarded to the child, which answers them under the failure policy like the hook
itself. The child is a fresh process for everything that matters: it opens the store, reads the
settings and loads verifier plugins itself; only the module code is shared (copy-on-write).

The server leaves after ten minutes without a call, when its installation changed (a reinstall or
upgrade), or when its socket was removed or replaced. A second server for the same socket leaves at
once (an exclusive lock on ``<socket>.lock``).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    import socket as socket_module

IDLE_S = 600.0
SPARE_AFTER_S = 0.1  # a call still running after this gets a spare made beside it
PRELOAD = (
    "statewise_cli.hook.entry", "statewise_cli.agents.claude", "statewise_cli.agents.codex",
    "statewise_cli.actions.normalize", "statewise_cli.actions.paths", "statewise_cli.actions.patch",
    "statewise_cli.actions.commands", "statewise_cli.store.db", "statewise_cli.store.records",
    "statewise_cli.store.ledger", "statewise_cli.store.redact", "statewise_cli.store.gate_state",
    "statewise_cli.store.decisions", "statewise_cli.recovery.pipeline", "statewise_cli.recovery.attribute",
    "statewise_cli.recovery.contracts", "statewise_cli.recovery.invariants", "statewise_cli.recovery.premises",
    "statewise_cli.recovery.trust", "statewise_cli.recovery.protected", "statewise_cli.gate.engine",
    "statewise_cli.gate.index", "statewise_cli.transcript.claude", "statewise_cli.transcript.codex",
    "statewise_cli.transcript.stream", "statewise_cli.transcript.outcomes", "statewise_cli.repo",
    "statewise_cli.hook.client", "statewise_cli.store.evidence", "statewise_cli.recovery.observations",
    # Denials, verification and the prompt's digest: what the in-process hook avoids importing on
    # ordinary calls costs nothing here.
    "statewise_cli.recovery.resolve", "statewise_cli.recovery.verify", "statewise_cli.verifiers.base",
    "statewise_cli.verifiers.config_values", "statewise_cli.verifiers.git", "statewise_cli.verifiers.paths",
    "statewise_cli.verifiers.project", "statewise_cli.verifiers.runtime", "statewise_cli.memory.digest",
    "statewise_cli.memory.extract", "statewise_cli.memory.importer", "statewise_cli.store.memory_files",
    "statewise_cli.config.floor",
    "_sha256", "fcntl", "re", "json", "subprocess", "hashlib", "shlex", "glob", "fnmatch", "locale", "typing",
    "tomllib", "datetime",
)


# Every module of these packages is loaded too: the premise and action modules a call imports only for its
# own action class (a test checks that no served call of a class imports a module of its own).
PRELOAD_PACKAGES = ("statewise_cli.recovery", "statewise_cli.actions")


def _preload() -> None:
    import importlib

    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S112 - a module that fails to load is loaded (and fails) per call
            continue
    from statewise_cli.fast.struct import compile_all
    from statewise_cli.store.db import sqlite3  # noqa: F401 - the C module behind sqlite3

    compile_all()  # what every hook process would otherwise do per class, per call
    try:
        from statewise_cli.recovery.contracts import builtin_by_op

        builtin_by_op()  # the installation's own contracts: the same for every call
    except Exception:  # noqa: BLE001, S110 - then each call makes them (and reports what is wrong)
        pass
    # What a spare child touches ahead of a call (_warm): the objects of the modules every call uses. The modules
    # loaded below serve one action class each; a call of that class touches their pages itself, and the spare's
    # warm-up (made after every call) stays the size it was.
    import gc

    gc.collect()
    _WARMED[:] = gc.get_objects()
    names: list[str] = []
    try:
        import pkgutil

        for package in PRELOAD_PACKAGES:
            path = importlib.import_module(package).__path__
            names += [f"{package}.{m.name}" for m in pkgutil.iter_modules(path)]
    except Exception:  # noqa: BLE001, S110 - then a call loads what it needs itself
        pass
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S112 - a module that fails to load is loaded (and fails) per call
            continue
    # The grammars the evidence gate parses an edited file with (a parser is loaded once per process;
    # loading one costs a served edit a few ms): a parser keeps no state from one parse to the next.
    try:
        from statewise_cli.gate import langs

        grammars = list(dict.fromkeys(langs.LANG_BY_EXT.values()))
    except Exception:  # noqa: BLE001 - each call then loads (and fails on) it itself
        grammars = []
    for lang in grammars:
        try:
            langs.load(lang)
        except Exception:  # noqa: BLE001, S112 - a grammar that fails to load is loaded (and fails) per call
            continue
    _compile_patterns()
    compile_all()  # the classes of the modules loaded since


_WARMED: list[object] = []


def _compile_patterns() -> None:
    """Compile here what every child would compile again on first use: the loaded modules' lazy regular
    expressions (``fast.lazy_re.Pattern``) and the built-in verifiers' key patterns (``fnmatch`` keeps them
    compiled per process). The same patterns, compiled once; a pattern that fails is compiled (and fails) per call."""
    from statewise_cli.fast.lazy_re import Pattern

    for name, module in list(sys.modules.items()):
        if not name.startswith("statewise_cli.") or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, Pattern) and value.compiled is None:
                try:
                    value.search  # noqa: B018 - compiles it
                except Exception:  # noqa: BLE001, S112
                    continue
    try:
        from fnmatch import fnmatchcase

        from statewise_cli.verifiers.base import registered

        for verifier in registered():
            for pattern in verifier.keys:
                fnmatchcase("", pattern)
    except Exception:  # noqa: BLE001, S110 - then each call compiles them
        pass


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns


def main() -> None:
    """``python -S -P -c "…; from statewise_cli.hook.server import main; main()" SOCKET PATHS``"""
    import fcntl
    import socket

    from statewise_cli.hook import client

    path = sys.argv[1]
    expected = client.socket_path()
    if expected != path or not client.safe_dir(os.path.dirname(path)):
        return  # spawned by another installation, or an unsafe directory: nothing to serve
    lock = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return  # another server has it
    os.chdir("/")  # not the first caller's directory, which may go away
    _preload()
    package = client.package_dir()
    installed = _identity(package)
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old_mask = os.umask(0o177)
    try:
        server.bind(path)
    finally:
        os.umask(old_mask)
    server.listen(128)
    bound = _identity(path)
    server.setblocking(False)  # accept() only after select() said a caller is there
    try:
        import gc

        gc.freeze()  # the loaded modules stay shared with the children, page for page
    except AttributeError:  # pragma: no cover
        pass
    import select
    import time

    last = time.monotonic()
    spare: _Spare | None = None
    serving: list[_Spare] = []  # spares that took a call: their socket ends when they do
    handed = 0.0
    try:
        while True:
            _reap()
            wait = 30.0
            if spare is None:
                # Made once no spare is answering a call (its warm-up would take the CPU that call
                # needs), or once the last call handed over has run for SPARE_AFTER_S (a slow call, or
                # one that hangs, must not leave the calls after it without a spare).
                since = time.monotonic() - handed
                if not serving or since >= SPARE_AFTER_S:
                    spare = _Spare.start(server)
                else:
                    wait = SPARE_AFTER_S - since
            waiting = [server] + [s.sock for s in serving] + ([spare.sock] if spare is not None else [])
            try:
                readable = select.select(waiting, [], [], wait)[0]
            except InterruptedError:
                continue
            if not readable and wait < 30.0:
                continue
            if not readable:
                if (time.monotonic() - last > IDLE_S or _identity(package) != installed
                        or _identity(path) != bound):
                    break
                continue
            for done in [s for s in serving if s.sock in readable]:
                done.close()  # its call is answered and it left
                serving.remove(done)
            if spare is not None and spare.sock in readable and not spare.note_ready():
                spare.close()  # it died
                spare = None
            if server not in readable:
                continue
            try:
                conn, _ = server.accept()
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                break
            last = time.monotonic()
            if spare is not None and spare.ready and spare.hand(conn):
                conn.close()
                serving.append(spare)
                spare = None
                handed = time.monotonic()
                continue
            try:
                pid = os.fork()
            except OSError:
                conn.close()  # the caller sees no answer and runs the call itself
                continue
            if pid == 0:
                server.close()
                for other in serving + ([spare] if spare is not None else []):
                    other.close()
                _child(conn)  # never returns
            conn.close()
    finally:
        for other in serving + ([spare] if spare is not None else []):
            other.close()  # a waiting spare reads the end of its socket and leaves
        if _identity(path) == bound:
            for leftover in (path, path + ".spawn", path + ".lock"):
                try:
                    os.unlink(leftover)
                except OSError:
                    pass
        server.close()


class _Spare:
    """A child forked ahead of the next call, already through its copy-on-write page faults
    (:func:`_warm`), waiting for a connection the server passes it over a socket pair. A call it
    takes pays neither the fork nor the first touch of the loaded modules' memory — about half of a
    child's work for an edit. When none is ready (calls close together), the server forks for the
    call as before."""

    def __init__(self, pid: int, sock: socket_module.socket) -> None:
        self.pid = pid
        self.sock = sock
        self.ready = False

    @classmethod
    def start(cls, server: socket_module.socket) -> _Spare | None:
        import socket

        try:
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        except OSError:
            return None
        try:
            pid = os.fork()
        except OSError:
            ours.close()
            theirs.close()
            return None
        if pid == 0:
            code = 1
            try:
                server.close()
                ours.close()
                _warm()
                theirs.sendall(b"R")
                _msg, fds, _flags, _addr = socket.recv_fds(theirs, 1, 1)
                if fds:
                    # ``theirs`` stays open until this process exits: the server reads its end as
                    # "the call is answered", and makes the next spare then.
                    _child(socket.socket(fileno=fds[0]))  # never returns
                code = 0  # the server left: so does its spare
            except BaseException:  # noqa: BLE001, S110 - a spare that fails takes no call
                pass
            finally:
                os._exit(code)
        theirs.close()
        return cls(pid, ours)

    def note_ready(self) -> bool:
        """Read the spare's word; False when it is gone."""
        try:
            word = self.sock.recv(1)
        except OSError:
            return False
        if word == b"R":
            self.ready = True
        return bool(word)

    def hand(self, conn: socket_module.socket) -> bool:
        import socket

        try:
            socket.send_fds(self.sock, [b"C"], [conn.fileno()])
        except OSError:
            return False
        return True

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def _warm() -> None:
    """Touch, in a spare child, the memory a call will touch: every object the collector tracked once the modules
    every call uses were loaded (:func:`_preload`; taking or walking the list writes each one's reference count)
    and the code of every function among them. Each first
    write to a page the server shares with its children copies that page (a page fault); done
    here, before a call waits, instead of during it."""
    import gc
    import types

    if _WARMED:
        objects = _WARMED  # iterating writes each one's reference count too
    else:
        gc.unfreeze()
        objects = gc.get_objects()
        gc.freeze()
    function = types.FunctionType
    for obj in objects:
        if type(obj) is function:
            code = obj.__code__
            for const in code.co_consts:
                del const
            del code


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _read_all(conn: socket_module.socket) -> bytes:
    chunks: list[bytes] = []
    while True:
        piece = conn.recv(65536)
        if not piece:
            return b"".join(chunks)
        chunks.append(piece)


def _fields(data: bytes, count: int) -> list[bytes]:
    from statewise_cli.hook.client import MAGIC

    if not data.startswith(MAGIC):
        raise ValueError("not a hook request")
    fields, at = [], len(MAGIC)
    for _ in range(count):
        n = int.from_bytes(data[at:at + 8], "big")
        fields.append(data[at + 8:at + 8 + n])
        if len(fields[-1]) != n:
            raise ValueError("a truncated hook request")
        at += 8 + n
    return fields


def _child(conn: socket_module.socket) -> None:
    code = 1
    try:
        import signal

        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        conn.settimeout(30.0)
        args, cwd, env, mask, payload = _fields(_read_all(conn), 5)
        conn.settimeout(None)
        conn.sendall(os.getpid().to_bytes(8, "big"))
        os.environ.clear()
        for item in env.split(b"\0"):
            key, sep, value = item.partition(b"=")
            if sep and key:
                os.environb[key] = value
        extra = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and p not in sys.path]
        sys.path[0:0] = extra  # where the interpreter puts them: before the standard library
        os.umask(int(mask or b"18"))
        if cwd:
            try:
                os.chdir(cwd)
            except OSError:
                pass
        import time

        if hasattr(time, "tzset"):
            time.tzset()
        argv = [a.decode("utf-8", "surrogateescape") for a in args.split(b"\0")] if args else []
        sys.argv = ["statewise", "hook", *argv]
        import io

        from statewise_cli.hook.entry import main

        out, err = io.StringIO(), io.StringIO()
        sys.stdout, sys.stderr = out, err  # whatever writes there directly reaches the caller too
        status = main(argv, stdin=io.BytesIO(payload), stdout=out, stderr=err, env=os.environ, exiting=True)
        from statewise_cli.hook.client import frame

        reply = (status.to_bytes(8, "big") + frame(out.getvalue().encode("utf-8", "surrogateescape"))
                 + frame(err.getvalue().encode("utf-8", "surrogateescape")))
        conn.sendall(reply)
        code = 0
    except BaseException:  # noqa: BLE001, S110 - no answer: the caller runs the call itself
        pass
    finally:
        try:
            conn.close()
        finally:
            os._exit(code)

