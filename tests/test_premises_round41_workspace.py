"""Workspace premise classes of round 41, with invented projects:

- an edit whose text no file holds any more, because the commit that took it out of the edited file wrote the
  same setting into another file in another format (names and values normalized across formats);
- a URL without credentials written into a tracked config file is not a secret.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all
from test_premises import decide, write


def _edit(agent: str, repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    if agent == "codex":
        minus = "".join(f"-{line}\n" for line in old.splitlines())
        plus = "".join(f"+{line}\n" for line in new.splitlines())
        patch = f"*** Begin Patch\n*** Update File: {path}\n@@\n{minus}{plus}*** End Patch\n"
        return decide(agent, repo, tool="apply_patch", tool_input={"command": patch})
    return decide(agent, repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                         "new_string": new})


@pytest.mark.parametrize("agent", AGENTS)
def test_an_ini_setting_moved_into_a_yaml_file_per_service(agent: str, git_repo: Path) -> None:
    write(git_repo, {"supervisord.conf": "[program:worker]\ncommand=python worker.py\nnumprocs=4\nstopwaitsecs=30\n"})
    (git_repo / "supervisord.conf").write_text("[include]\nfiles = services/*.yaml\n")
    (git_repo / "services").mkdir()
    (git_repo / "services" / "worker.yaml").write_text("command: python worker.py\nnum_procs: 4\nstop_wait_secs: 30\n")
    (git_repo / "services" / "web.yaml").write_text("command: gunicorn app:app\nnum_procs: 2\n")
    commit_all(git_repo, "One file per service")
    kind, reason = _edit(agent, git_repo, "supervisord.conf", "numprocs=4\nstopwaitsecs=30",
                         "numprocs=8\nstopwaitsecs=30")
    assert kind == "deny", reason
    assert "`services/worker.yaml`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_version_literal_moved_into_a_properties_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {"build.gradle": "android {\n  defaultConfig {\n    minSdkVersion = 26\n  }\n}\n"})
    (git_repo / "build.gradle").write_text("android {\n  defaultConfig {\n    minSdkVersion = sdk.min\n  }\n}\n")
    (git_repo / "sdk.properties").write_text("MIN_SDK_VERSION=26\n")
    commit_all(git_repo, "SDK levels in sdk.properties")
    kind, reason = _edit(agent, git_repo, "build.gradle", "minSdkVersion = 26", "minSdkVersion = 28")
    assert kind == "deny" and "`sdk.properties`" in reason, reason
    # an edit that applies is not touched
    assert _edit(agent, git_repo, "build.gradle", "minSdkVersion = sdk.min", "minSdkVersion = sdk.minimum")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_endpoint_url_is_not_a_secret(agent: str, git_repo: Path) -> None:
    write(git_repo, {"config/exporter.toml": 'endpoint = "https://otel-a.internal:4318"\n'})
    kind, reason = _edit(agent, git_repo, "config/exporter.toml", 'endpoint = "https://otel-a.internal:4318"',
                         'endpoint = "https://otel-collector-gateway.internal:4318"')
    assert kind == "allow", reason


@pytest.mark.parametrize("value", ["TCPIP::192.168.40.77::INSTR", "10.20.30.40:50200", "GPIB0::14::INSTR"])
def test_an_instrument_or_network_address_is_not_a_secret(git_repo: Path, value: str) -> None:
    write(git_repo, {"rig/station4.toml": 'meter = "TCPIP::192.168.40.12::INSTR"\n'})
    kind, reason = _edit("claude", git_repo, "rig/station4.toml", 'meter = "TCPIP::192.168.40.12::INSTR"',
                         f'meter = "{value}"')
    assert kind == "allow", reason


def test_credentials_beside_an_address_are_still_a_secret(git_repo: Path) -> None:
    (git_repo / ".gitignore").write_text(".env.local\n")
    write(git_repo, {"rig/station4.toml": 'meter = "x"\n'})
    kind, _ = _edit("claude", git_repo, "rig/station4.toml", 'meter = "x"',
                    'db_password = "Vq8rT2mXc9LpZ4sWn7KbYd3F"')
    assert kind == "deny"
