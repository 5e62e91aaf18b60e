"""Console entry point. ``statewise hook``, ``statewise --version`` and the read commands
(:mod:`statewise_cli.cli.readcmds`) are answered before typer/rich are imported: the hook runs on
every tool call, and the others are what a person types most."""

import sys  # and nothing else here: the hook's launcher runs without ``site``, ``os`` not loaded yet


def main() -> None:
    if sys.argv[1:2] == ["hook"]:
        _exit_now(_hook(sys.argv[2:]))
    if sys.argv[1:] in (["--version"], ["-V"]):
        from statewise_cli import __version__

        sys.stdout.write(f"statewise {__version__}\n")
        sys.exit(0)
    from statewise_cli.cli.readcmds import dispatch

    answered = dispatch(sys.argv[1:])  # inspect-memory, verify, doctor, evidence: without typer
    if answered is not None:
        sys.exit(answered)
    from statewise_cli.cli.app import run

    sys.exit(run())


def _hook(argv: list[str]) -> int:
    """One hook call: answered by the warm hook server's child when one runs (see
    :mod:`statewise_cli.hook.client`), else here — and then a server is started for the next call."""
    import posix

    from statewise_cli.hook import client

    path = None if posix.isatty(0) or "-h" in argv or "--help" in argv else client.socket_path()
    if path is None:
        from statewise_cli.hook.entry import main as hook_main

        return hook_main(argv, exiting=True)
    payload = sys.stdin.buffer.read()
    answered = client.call(argv, payload)
    if answered is not None:
        code, out, err = answered
        sys.stdout.buffer.write(out)
        sys.stderr.buffer.write(err)
        return code
    import io

    from statewise_cli.hook.entry import main as hook_main

    code = hook_main(argv, stdin=io.BytesIO(payload), exiting=True)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    if client.unreachable[0]:
        client.spawn(path)
    return code


def _exit_now(code: int) -> None:
    """Leave without the interpreter's teardown: the reply is written and every file the hook
    opened is closed, and unwinding ~80 modules and their objects costs 4-8 ms per tool call.
    Output is flushed first; a reader that went away (EPIPE) changes nothing about the exit code."""
    import posix

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    posix._exit(code)


if __name__ == "__main__":
    main()
