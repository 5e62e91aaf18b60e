"""The README's first command ends in `statewise demo`: it must show the whole loop, for real."""

from __future__ import annotations

import os
import subprocess
import sys

STATEWISE = os.path.join(os.path.dirname(sys.executable), "statewise")


def test_demo_verifies_the_stale_fact_repairs_it_and_denies_the_push(tmp_path) -> None:
    env = {**os.environ, "STATEWISE_HOME": str(tmp_path / "home")}
    proc = subprocess.run([STATEWISE, "demo"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "git.branch.protected = false [branch:main] from memory-file:CLAUDE.md:4" in out
    assert "permissionDecision = deny" in out
    assert "Verified now (git.branch-protection): true" in out
    assert "Repaired: git.branch.protected = true [branch:main]" in out
    assert "nothing was pushed" in out
    assert "superseded false" in out and "verifier:git.branch-protection" in out
    assert "(none: the agent proceeds)" in out
    assert "Traceback" not in out + proc.stderr
    assert "not on PATH" not in out, "the demo installs this machine's own command (--scope local)"
    too_long = [line for line in out.splitlines() if len(line) > 80 and len(line.split()) > 1]
    assert not too_long, too_long  # 80 columns when piped; only an unbreakable path may run over
