"""Console entry point. ``statewise hook``, ``statewise --version`` and the read commands
(:mod:`statewise_cli.cli.readcmds`) are answered before typer/rich are imported: the hook runs on
every tool call, and the others are what a person types most."""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["hook"]:
        from statewise_cli.hook.entry import main as hook_main

        sys.exit(hook_main(sys.argv[2:]))
    if sys.argv[1:] in (["--version"], ["-V"]):
        from statewise_cli import __version__

        sys.stdout.write(f"statewise {__version__}\n")
        sys.exit(0)
    from statewise_cli.cli.readcmds import dispatch

    code = dispatch(sys.argv[1:])  # inspect-memory, verify, doctor, evidence: without typer
    if code is not None:
        sys.exit(code)
    from statewise_cli.cli.app import run

    sys.exit(run())


if __name__ == "__main__":
    main()
