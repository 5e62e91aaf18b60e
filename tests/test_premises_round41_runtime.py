"""Runtime premise classes of round 41, each with invented projects:

- a task the docs say how to run now, when the action's program is not installed or its runner's file is gone:
  the documented command of another, installed program that names the same task word;
- a replaced tool whose successor the docs run under a longer or wrapped name (a binstub);
- a destructive database command aimed at another port than the project's development database.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, hook, pre_bash, reply
from test_premises import write


def _decide(agent: str, repo: Path, command: str, env: dict[str, str] | None = None) -> tuple[str, str]:
    from swtest import run_statewise

    payload = pre_bash(agent, repo, command)
    import json

    result = run_statewise(["hook"], repo, input=json.dumps(payload), env=env) if env else hook(payload, repo)
    data = reply(result) or {}
    specific = data.get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


def _bin(tmp_path: Path, *names: str) -> dict[str, str]:
    bin_dir = tmp_path / "stubbin"
    bin_dir.mkdir(exist_ok=True)
    for name in names:
        (bin_dir / name).write_text("#!/bin/sh\nexit 0\n")
        (bin_dir / name).chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"}


@pytest.mark.parametrize("agent", AGENTS)
def test_a_missing_program_gets_the_documented_command_for_the_same_task(agent: str, git_repo: Path,
                                                                         tmp_path: Path) -> None:
    write(git_repo, {"docs/mobile.md": "# iOS builds\n\nThe old `fastlane-legacy` lanes are gone. Upload a beta with "
                                       "`shipit ios beta --track internal`.\n"})
    env = _bin(tmp_path, "shipit")
    kind, reason = _decide(agent, git_repo, "fastlane-legacy beta ios", env)
    assert kind == "deny", reason
    assert "`shipit ios beta --track internal`" in reason
    # an installed program is not second-guessed
    assert _decide(agent, git_repo, "shipit ios beta --track internal", env)[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_make_target_after_the_makefile_went_gets_the_documented_command(agent: str, git_repo: Path,
                                                                           tmp_path: Path) -> None:
    write(git_repo, {"Makefile": "upload:\n\tavrdude -p m328p -U flash:w:build/fw.hex\n"})
    (git_repo / "Makefile").unlink()
    write(git_repo, {"README.md": "# Firmware\n\nBuild with `pio run`, then upload to the board with "
                                  "`pio run -t upload monitor`.\n"})
    env = _bin(tmp_path, "pio", "make")
    kind, reason = _decide(agent, git_repo, "make upload", env)
    assert kind == "deny", reason
    assert "`pio run -t upload`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_database_drop_on_another_port_than_the_projects_dev_database(agent: str, git_repo: Path) -> None:
    write(git_repo, {".env.example": "DATABASE_URL=mysql://app:app@127.0.0.1:3307/shop_dev\n",
                     "docker-compose.yml": "services:\n  db:\n    image: mysql:8\n    ports: ['3307:3306']\n",
                     "docs/db.md": "# DB\n\nLocal port 3306 is the read replica of production, through the VPN.\n"})
    kind, reason = _decide(agent, git_repo, "mysqladmin -P 3306 -u root drop shop_dev")
    assert kind == "deny", reason
    assert "`mysqladmin -P 3307 -u root drop shop_dev`" in reason and "read replica" in reason
    assert _decide(agent, git_repo, "mysqladmin -P 3307 -u root drop shop_dev")[0] == "allow"
    # reading is not checked
    assert _decide(agent, git_repo, "mysql -P 3306 -e 'select 1'")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_redis_flush_without_a_port_reaches_the_default_one(agent: str, git_repo: Path) -> None:
    write(git_repo, {"compose.yaml": "services:\n  cache:\n    image: redis:7\n    ports:\n      - \"6380:6379\"\n"})
    kind, reason = _decide(agent, git_repo, "redis-cli flushall")
    assert kind == "deny" and "`redis-cli -p 6380 flushall`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_replaced_linter_names_its_successor_as_the_docs_run_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {".rubocop.yml": "AllCops:\n  NewCops: enable\n", "lib/cart.rb": "class Cart\nend\n"})
    git(git_repo, "rm", "-q", ".rubocop.yml")
    (git_repo / ".standard.yml").write_text("ruby_version: 3.3\n")
    (git_repo / "script").mkdir()
    (git_repo / "script" / "standardrb").write_text("#!/bin/sh\nexit 0\n")
    (git_repo / "script" / "standardrb").chmod(0o755)
    (git_repo / "CONTRIBUTING.md").write_text("# Style\n\nRun `script/standardrb --fix-unsafely` before a commit.\n")
    commit_all(git_repo, "Switch to Standard")
    kind, reason = _decide(agent, git_repo, "rubocop -A lib")
    assert kind == "deny", reason
    assert "`script/standardrb --fix-unsafely`" in reason
