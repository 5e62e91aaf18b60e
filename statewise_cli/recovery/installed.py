"""Whether a program is installed for an action: the one rule every premise uses.

A program is installed when

* the action's own PATH finds it (the verified environment's PATH, ``ctx.env``, never this process's), or
* an executable file of that name (``os.access(..., X_OK)``, a regular file or a link to one) is in one of the
  project's bin directories (``PROJECT_BINS``) under the action's directory or the repository root.

An environment without PATH tells nothing about what is installed: the program then counts as installed, so a
premise that a program is missing never rests on an unknown PATH (and a replacement is never chosen over it).
"""

from __future__ import annotations

import os
from typing import Any

# Directories a project installs its own programs into (relative to the action's directory or the repository root).
PROJECT_BINS = ("node_modules/.bin", ".venv/bin", "venv/bin", "vendor/bin", ".bin", "bin", "tools/bin")


def in_project_bins(program: str, *bases: str) -> bool:
    """Whether ``program`` is an executable in one of the project's bin directories under any of ``bases``."""
    if not program or os.sep in program:
        return False
    for base in dict.fromkeys(b for b in bases if b):
        for sub in PROJECT_BINS:
            path = os.path.join(base, sub, program)
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return True
    return False


def installed(program: str, ctx: Any, directory: str | None = None) -> bool:
    """Whether ``program`` is installed for the action verified in ``ctx`` (see the module's rule)."""
    from statewise_cli.verifiers.base import which

    env = getattr(ctx, "env", None) or {}
    if not env.get("PATH"):
        return True  # unknown PATH: nothing is known to be missing
    if os.sep not in program:
        # found with `os` alone first: the usual answer costs no `shutil` import on the hook path
        for folder in env["PATH"].split(os.pathsep):
            candidate = os.path.join(folder or ".", program)
            if os.access(candidate, os.X_OK) and not os.path.isdir(candidate):
                return True
    if which(program, env) is not None:
        return True
    root = getattr(ctx, "root", None) or ""
    return in_project_bins(program, directory or "", root, os.path.realpath(root) if root else "")
