"""Console entry point. ``statewise hook`` and ``statewise --version`` are answered before
typer/rich are imported (the hook on every tool call; ``--version`` in well under 60 ms)."""

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
    from statewise_cli.cli.app import run

    sys.exit(run())


if __name__ == "__main__":
    main()
