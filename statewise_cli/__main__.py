"""Console entry point. ``statewise hook`` is dispatched before typer/rich are imported."""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["hook"]:
        from statewise_cli.hook.entry import main as hook_main

        sys.exit(hook_main(sys.argv[2:]))
    from statewise_cli.cli.app import run

    sys.exit(run())


if __name__ == "__main__":
    main()
