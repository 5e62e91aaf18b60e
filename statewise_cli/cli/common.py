"""What every command shares, without typer or rich: output, the store, settings, and the edge
that turns errors into exit codes. :mod:`.app` (typer) and :mod:`.readcmds` (the read commands'
fast path, which runs without typer) both go through :func:`guarded`."""

from __future__ import annotations

import json
import os
import sys
import time

from statewise_cli import __version__
from statewise_cli.config import paths as config
from statewise_cli.config.settings import Settings
from statewise_cli.errors import ExitCode, StatewiseError
from statewise_cli.store.db import Store

TYPE_CHECKING = False  # typing costs ~6 ms to import (more under load): annotations only
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


class LazyConsole:
    """A rich Console made on first use: importing rich costs 40+ ms, and the record, verify and
    doctor commands render plain text (:mod:`.render`) without it."""

    def __init__(self, **kwargs: Any) -> None:
        self._kwargs = kwargs
        self._console: Any = None

    def console(self) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False, soft_wrap=True, **self._kwargs)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.console(), name)

    # Dunder methods are looked up on the type, not through __getattr__: rich's Live does `with console:`.
    def __enter__(self) -> Any:
        return self.console().__enter__()

    def __exit__(self, *exc: object) -> None:
        self.console().__exit__(*exc)


out: Any = LazyConsole()
err: Any = LazyConsole(stderr=True)


def say(text: str) -> None:
    """Plain text: record values and scopes like [branch:main] are not markup."""
    sys.stdout.write(text + "\n")


def warn(text: str) -> None:
    sys.stderr.write(text + "\n")


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")


def open_store(create: bool = True) -> Store:
    return Store.for_cwd(os.getcwd(), os.environ, create=create)


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


def write_crash_log(exc: BaseException) -> str | None:
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


def guarded(call: Callable[[], int | None]) -> int:
    """Run a command; errors become one ``Error: …`` line and the exit code (the one edge handler)."""
    try:
        code = call()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except StatewiseError as exc:
        warn(f"Error: {exc.message}")
        return int(exc.exit_code)
    except KeyboardInterrupt:
        warn("Interrupted.")
        return int(ExitCode.INTERRUPTED)
    except BrokenPipeError:
        # The reader went away (`statewise doctor | head`): nothing is wrong, and nothing more to say.
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())  # the exit's flush must not fail again
        except (OSError, ValueError):
            pass
        return 0
    except Exception as exc:  # noqa: BLE001 - the one edge handler
        path = write_crash_log(exc)
        warn(f"Internal error: {type(exc).__name__}: {exc}")
        if path:
            warn(f"A log with the details is at {path}")
        return int(ExitCode.INTERNAL)
    return int(code or 0)
