"""The security harness holds each worker directory for one run: a second run given the same
``STATEWISE_SECURITY_BASE`` stops with a clear error instead of unpacking its cases over the first one's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HARNESS_DIR = Path(__file__).resolve().parent / "security"


def test_a_second_run_on_the_same_base_stops_with_a_clear_error(tmp_path: Path) -> None:
    code = f"import sys; sys.path.insert(0, {str(HARNESS_DIR)!r}); import harness; harness.Workspace(0)"
    env = {**os.environ, "STATEWISE_SECURITY_BASE": str(tmp_path / "base")}
    holder = subprocess.Popen([sys.executable, "-c", code + "; print('held', flush=True); sys.stdin.read()"],
                              env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        second = subprocess.run([sys.executable, "-c", code], check=False, env=env, capture_output=True, text=True, timeout=60)
        assert second.returncode != 0
        assert "in use by another security run" in second.stderr
        other = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=60,
                               env={**env, "STATEWISE_SECURITY_BASE": str(tmp_path / "other")})
        assert other.returncode == 0, other.stderr
    finally:
        holder.communicate("", timeout=60)
    after = subprocess.run([sys.executable, "-c", code], check=False, env=env, capture_output=True, text=True, timeout=60)
    assert after.returncode == 0, after.stderr
