"""Console entry point. ``statewise hook`` is dispatched before typer/rich are imported."""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["hook"]:
        from statewise_cli.hook.entry import main as hook_main

        code = hook_main(sys.argv[2:])
        _exit_now(code)
    from statewise_cli.cli.app import run

    sys.exit(run())


def _exit_now(code: int) -> None:
    """Leave without the interpreter's teardown: the reply is written and every file the hook
    opened is closed, and unwinding ~80 modules and their objects costs 4-8 ms per tool call.
    Output is flushed first; a reader that went away (EPIPE) changes nothing about the exit code."""
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


if __name__ == "__main__":
    main()
