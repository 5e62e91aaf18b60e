"""The command line. The ``cli`` package is the only one that imports typer and rich.

This module holds the typer app, what every command shares (options, the store, JSON
output) and the edge that turns errors into exit codes. The commands live by group in
:mod:`.records`, :mod:`.recovery`, :mod:`.hooks` and :mod:`.evidence`: each parses its
arguments, makes one library call and renders the result. Errors become one
``Error: …`` line and an exit code (0 ok, 1 findings or domain failure, 2 usage,
3 internal error with a log file, 130 interrupted).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from statewise_cli import __version__
from statewise_cli.cli import fastparams
from statewise_cli.cli.common import (  # noqa: F401 - re-exported: the command modules import them from here
    err,
    guarded,
    load_settings,
    open_store,
    out,
    print_json,
    say,
    store_path,
    warn,
)

app = typer.Typer(
    name="statewise",
    help="Verified operational memory and evidence gates for coding agents.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
fastparams.install()


JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
WideOpt = Annotated[bool, typer.Option("--wide", help="Full values, no fitting to the terminal width.")]
DryOptLate = Annotated[bool, typer.Option("--dry-run", help="Show what would change without writing.")]


def _version(value: bool) -> None:
    if value:
        say(f"statewise {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool | None, typer.Option("--version", "-V", callback=_version, is_eager=True, help="Show the version.")
    ] = None,
) -> None:
    """Verified operational memory and evidence gates for coding agents."""


def run(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv

    def call() -> None:
        load_commands(args)
        app(args=args, prog_name="statewise")

    return guarded(call)


# The commands register themselves on `app` when their modules are imported. Only the module of
# the command being run is imported (rich, the audit and the index stay out of `inspect-memory`);
# `--help`, a mistyped command and no command at all load every module, in the order
# `statewise --help` lists them. tests/test_cli.py checks this table against the modules.
COMMAND_MODULES = {
    "remember": "records", "inspect-memory": "records", "import-memory": "records", "export": "records",
    "import": "records", "forget": "records",
    "repair": "recovery", "verify": "recovery", "answer": "recovery",
    "doctor": "hooks", "install-hook": "hooks", "uninstall-hook": "hooks", "hook": "hooks", "explain": "hooks",
    "demo": "hooks",
    "evidence": "evidence", "index": "evidence", "audit": "evidence",
}
_MODULE_ORDER = ("records", "recovery", "hooks", "evidence")


def load_commands(argv: list[str] | None = None) -> None:
    """Register the command(s) ``argv`` needs (every command when ``argv`` is None or names none)."""
    import importlib

    name = next((a for a in argv if not a.startswith("-")), None) if argv is not None else None
    wanted = [COMMAND_MODULES[name]] if name in COMMAND_MODULES else list(_MODULE_ORDER)
    for module in wanted:
        importlib.import_module(f"statewise_cli.cli.{module}")
