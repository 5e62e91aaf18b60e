"""The command line. The ``cli`` package is the only one that imports typer and rich.

This module holds the typer app, what every command shares (options, the store, JSON
output) and the edge that turns errors into exit codes. The commands live by group in
:mod:`.records`, :mod:`.recovery`, :mod:`.hooks` and :mod:`.evidence`: each parses its
arguments, makes one library call and renders the result. Errors become one
``Error: …`` line and an exit code (0 ok, 1 findings or domain failure, 2 usage,
3 internal error with a log file, 130 interrupted).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Annotated, Any

import typer

from statewise_cli import __version__
from statewise_cli.cli import fastparams
from statewise_cli.config import paths as config
from statewise_cli.config.settings import Settings
from statewise_cli.errors import ExitCode, StatewiseError
from statewise_cli.store.db import Store

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


class _LazyConsole:
    """A rich Console made on first use: importing rich costs 40+ ms, and the record, verify and
    doctor commands render plain text (:mod:`.render`) without it."""

    def __init__(self, **kwargs: Any) -> None:
        self._kwargs = kwargs
        self._console: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False, soft_wrap=True, **self._kwargs)
        return getattr(self._console, name)


out: Any = _LazyConsole()
err: Any = _LazyConsole(stderr=True)


def say(text: str) -> None:
    """Plain text: record values and scopes like [branch:main] are not markup."""
    sys.stdout.write(text + "\n")


def warn(text: str) -> None:
    sys.stderr.write(text + "\n")

JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
WideOpt = Annotated[bool, typer.Option("--wide", help="Full values, no fitting to the terminal width.")]
DryOptLate = Annotated[bool, typer.Option("--dry-run", help="Show what would change without writing.")]


def open_store(create: bool = True) -> Store:
    return Store.for_cwd(os.getcwd(), os.environ, create=create)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")


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


def store_path() -> str:
    from statewise_cli.repo import find_repo
    from statewise_cli.store.db import STORE_FILENAME

    repo = find_repo(os.getcwd())
    return os.path.join(repo.store_dir, STORE_FILENAME) if repo else config.global_store_path(os.environ)


def load_settings() -> Settings:
    from statewise_cli.config import settings as configured
    from statewise_cli.repo import find_repo

    repo = find_repo(os.getcwd())
    return configured.load(repo.root if repo else None, os.environ)


# ------------------------------------------------------------------ the edge
def _write_crash_log(exc: BaseException) -> str | None:
    import traceback

    try:
        directory = config.log_dir(os.environ)
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, f"cli-{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}.log")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(f"statewise {__version__} {' '.join(sys.argv)}\n\n")
            fh.write("".join(traceback.format_exception(exc)))
        return path
    except OSError:
        return None


def run(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        load_commands(args)
        app(args=args, prog_name="statewise")
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except StatewiseError as exc:
        err.print(f"Error: {exc.message}", markup=False)
        return int(exc.exit_code)
    except KeyboardInterrupt:
        err.print("Interrupted.")
        return int(ExitCode.INTERRUPTED)
    except Exception as exc:  # noqa: BLE001 - the one edge handler
        path = _write_crash_log(exc)
        err.print(f"Internal error: {type(exc).__name__}: {exc}", markup=False)
        if path:
            err.print(f"A log with the details is at {path}", markup=False)
        return int(ExitCode.INTERNAL)
    return 0


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
