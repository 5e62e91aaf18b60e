"""Fixtures for the real-agent end-to-end tests (tests/e2e).

The harness modules (agents, model_server, scenarios) are plain modules in this directory; it is put
on sys.path here so they import the same way under any pytest import mode.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import agents
from scenarios import make_repo


@pytest.fixture
def agent_home(tmp_path: Path) -> agents.AgentHome:
    """An isolated HOME / CLAUDE_CONFIG_DIR / CODEX_HOME; skips when the agent binaries are missing
    (and fails instead under CI=true, where `npm ci --prefix tests/e2e` must have installed them)."""
    reason = agents.skip_reason()
    if reason:
        pytest.skip(reason)
    return agents.AgentHome.create(tmp_path / "agent-home")


@pytest.fixture
def e2e_repo(tmp_path: Path) -> Path:
    """A git repo on `main` with one commit (README.md, src/app.py, src/util.py, docs/old.txt),
    pushed to a bare `origin` beside it."""
    return make_repo(tmp_path / "repo")
