"""The one error type core code raises, and the exit codes every entry point uses."""

from __future__ import annotations


class ExitCode:
    """Exit codes of every entry point (plain ints: enum costs ~1 ms on the hook path)."""

    OK = 0
    FINDINGS = 1  # findings, or a domain failure the user can act on
    USAGE = 2
    INTERNAL = 3  # a bug: a log file with the traceback is written
    INTERRUPTED = 130


class StatewiseError(Exception):
    """A failure with a human message and a stable machine code.

    Core modules raise these; entry points turn them into one ``Error: ...`` line
    (CLI) or into the hook's failure policy (hook).
    """

    code = "statewise-error"
    exit_code = ExitCode.FINDINGS

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class UsageError(StatewiseError):
    code = "usage"
    exit_code = ExitCode.USAGE


class NotARepository(StatewiseError):
    code = "not-a-repository"


class StoreError(StatewiseError):
    code = "store-error"


class StoreCorrupt(StoreError):
    code = "store-corrupt"


class PayloadError(StatewiseError):
    code = "malformed-payload"


class ConfigError(StatewiseError):
    code = "config-error"


class InstallError(StatewiseError):
    code = "install-error"


class DeadlineExceeded(StatewiseError):
    code = "deadline-exceeded"
