"""The one way verification runs an external command: read-only, bounded, never prompting.

Used by the verification context (:mod:`statewise_cli.verifiers.base`) and by the premises that
need only git (:mod:`statewise_cli.recovery.premises`), which must not import the verifiers.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


def run_readonly(argv: tuple[str, ...], cwd: str, env: Mapping[str, str], timeout: float) -> tuple[int, str]:
    """(exit code, the last 20,000 characters of stdout + stderr); 124 on a timeout, 127 when the
    program is not installed, 126 when it cannot run."""
    import subprocess

    env = {**env, "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
    try:
        proc = subprocess.run(list(argv), cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                              stdin=subprocess.DEVNULL, check=False)
        return proc.returncode, (proc.stdout + proc.stderr)[-20000:]
    except subprocess.TimeoutExpired:
        return 124, f"timed out after {timeout:.1f}s: {' '.join(argv)}"
    except FileNotFoundError:
        return 127, f"not installed: {argv[0]}"
    except OSError as exc:
        return 126, f"cannot run {argv[0]}: {exc}"
