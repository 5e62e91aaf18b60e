"""The verifier registry: built-ins load once, and a project's own module is loaded from settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from statewise_cli.errors import ConfigError
from statewise_cli.repo import find_repo
from statewise_cli.store.records import Record
from statewise_cli.verifiers import BUILTIN_MODULES, Observation, VerifyContext, for_key, load, registered

PLUGIN = '''
from statewise_cli.verifiers import Observation, register


class Flavour:
    name = "acme.flavour"
    keys = ("acme.flavour",)

    def verify(self, record, ctx):
        value = (ctx.read("FLAVOUR") or "").strip()
        return Observation(verifier=self.name, key=record.key, value=value, scope="repository",
                           agrees=record.value == value, evidence=f"FLAVOUR: {value}",
                           inputs={"FLAVOUR": ctx.file_hash("FLAVOUR")})


register(Flavour())
'''


def record(key: str, value: str) -> Record:
    return Record(id="r1", key=key, value=value, type="fact", scope="repository", observed_at=0.0, stored_at=0.0,
                  expires_at=None, source="user", authority="agent", status="active", validity="unchecked",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


def test_builtins_cover_every_key_family() -> None:
    load()
    load()  # idempotent: no duplicate registrations
    names = [v.name for v in registered()]
    assert len(names) == len(set(names))
    for key in ("git.default_branch", "git.branch.protected", "git.current_branch", "git.upstream",
                "git.remote.origin.url", "git.branch.exists", "git.worktree.clean", "version.python",
                "version.node", "tool.ruff", "env.HOME", "package_manager", "command.test", "command.install",
                "path.handlers", "config.pyproject.toml#tool.ruff.line-length"):
        assert for_key(key), key
    assert len(BUILTIN_MODULES) == 5


def test_a_module_listed_in_settings_is_loaded_and_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "acme_verifiers_demo.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path / "plugins"))
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=repo, check=True,
                   env={"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1"})
    (repo / "FLAVOUR").write_text("vanilla\n")
    assert not for_key("acme.flavour")
    load({"verifiers": {"modules": ["acme_verifiers_demo"]}})
    assert "acme_verifiers_demo" in sys.modules
    context = find_repo(str(repo))
    assert context is not None
    observed = for_key("acme.flavour")[0].verify(record("acme.flavour", "chocolate"), VerifyContext(context, {}))
    assert isinstance(observed, Observation) and (observed.agrees, observed.value) == (False, "vanilla")


def test_a_broken_module_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="no_such_verifier_module"):
        load({"verifiers": {"modules": ["no_such_verifier_module"]}})
    with pytest.raises(ConfigError, match="list of module names"):
        load({"verifiers": {"modules": [3]}})
