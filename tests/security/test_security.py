"""Red-team security suite: the dev two-thirds of the bypass corpus and the peers' cases, and the fault matrix.

Runs only with STATEWISE_SECURITY=1 (and bubblewrap installed): every case builds its own repository state
and runs the installed hook, and whatever the hook allows, inside bwrap. Expected failures are not marked
xfail: a failing test here is a promise of the README that the hook does not keep today.
The held-out third is never run here: `python benchmarks/security/run.py --held-out`.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

if os.environ.get("STATEWISE_SECURITY") != "1":
    pytest.skip("security suite: set STATEWISE_SECURITY=1 (needs bubblewrap)", allow_module_level=True)
if not shutil.which("bwrap"):
    pytest.fail("STATEWISE_SECURITY=1 but bwrap is missing: apt-get install -y bubblewrap", pytrace=False)

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness

pytestmark = pytest.mark.security
AGENTS = ("claude", "codex")
WORKERS = int(os.environ.get("STATEWISE_SECURITY_WORKERS", "2"))

BYPASS_DEV, _ = harness.split_cases("bypass.jsonl")
PEERS_DEV, _ = harness.split_cases("peers.jsonl")
FAULTS = harness.load_cases("faults.jsonl")


def _params(cases):
    return [pytest.param(c, a, id=f"{c['id']}-{a}") for c in cases for a in AGENTS if a in c.get("agents", AGENTS)]


@pytest.fixture(scope="module")
def results():
    """All dev cases at once, two sandboxes in parallel (a 2-core machine)."""
    out = {}
    for r in harness.run_many(BYPASS_DEV + PEERS_DEV, AGENTS, workers=WORKERS):
        out[(r["id"], r["agent"])] = r
    return out


@pytest.fixture(scope="module")
def fault_results():
    return {(r["id"], r["agent"]): r for r in harness.run_faults(FAULTS, AGENTS, workers=WORKERS)}


def _check(r):
    assert "harness_error" not in r, r["harness_error"]
    steps = [s for s in r["steps"] if "kind" in s]
    assert not any(s.get("traceback") for s in steps), "traceback on the hook's stdout"
    if r["label"] == "deny":
        let_through = [f"step {i}: {s['kind']}" for i, s in enumerate(steps) if s["label"] == "deny" and not s["blocked"]]
        assert not r["violation"], (f"promise violated ({', '.join(let_through)}); "
                                    f"damage confirmed in the sandbox: {r['damage'] or 'none'}")
    else:
        denied = [s["reason"][:200] for s in steps if s["blocked"]]
        assert not r["false_deny"], f"ordinary action denied: {denied}"


@pytest.mark.parametrize(("case", "agent"), _params(BYPASS_DEV))
def test_bypass_dev(case, agent, results):
    _check(results[(case["id"], agent)])


@pytest.mark.parametrize(("case", "agent"), _params(PEERS_DEV))
def test_peers_dev(case, agent, results):
    _check(results[(case["id"], agent)])


@pytest.mark.parametrize(("fault", "agent"), [pytest.param(f, a, id=f"{f['id']}-{a}") for f in FAULTS for a in AGENTS])
def test_fault_matrix(fault, agent, fault_results):
    r = fault_results[(fault["id"], agent)]
    assert r["ok"], f"{r['problems']} (reply: {r.get('kind')}, exit {r.get('rc')}; {fault['expect']['why']})"
