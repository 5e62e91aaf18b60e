"""Settings are validated once: a typo, a wrong type or an unknown choice is an error naming the
file and the key, never a silent default that turns a protection off."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import isolated_env, pre_bash, reply

from statewise_cli.config import settings as configured
from statewise_cli.errors import ConfigError
from statewise_cli.store.db import Store


def load(repo: Path, text: str, env: dict[str, str] | None = None) -> configured.Settings:
    (repo / ".statewise.toml").write_text(text)
    return configured.load(str(repo), env if env is not None else isolated_env(repo.parent))


def test_a_full_config_becomes_typed_values(tmp_path: Path) -> None:
    settings = load(tmp_path, """
[hook]
on_error = "deny"
deadline_seconds = 4
[gate]
mode = "Enforce"
background_index = false
[[gate.paths]]
glob = "docs/**"
mode = "off"
[policy]
protected_branches = ["main", "release/*"]
writable_paths = ["/tmp/*"]
disable_invariants = ["package-manager"]
default_branch = "trunk"
remote = "upstream"
[permissions]
deny = ["git.push"]
ask = ["pkg.install"]
[verifiers]
modules = "acme.verifiers"
network = true
[memory]
verify_on_retrieval = false
[[contract]]
operation = "deploy"
record = "deploy.target"
role = "guard"
""")
    assert (settings.hook.on_error, settings.hook.deadline_seconds) == ("deny", 4.0)
    assert (settings.gate.mode, settings.gate.background_index) == ("enforce", False)
    assert settings.gate.paths == (configured.GatePath(glob="docs/**", mode="off"),)
    assert settings.policy.protected_branches == ("main", "release/*")
    assert settings.policy.writable_paths == ("/tmp/*",)
    assert settings.policy.disable_invariants == ("package-manager",)
    assert (settings.policy.default_branch, settings.policy.remote) == ("trunk", "upstream")
    assert (settings.permissions.deny, settings.permissions.ask) == (("git.push",), ("pkg.install",))
    assert (settings.verifiers.modules, settings.verifiers.network) == (("acme.verifiers",), True)
    assert settings.memory.verify_on_retrieval is False
    assert settings.contracts == ({"operation": "deploy", "record": "deploy.target", "role": "guard"},)
    assert settings.sources == (str(tmp_path / ".statewise.toml"),)


def test_no_config_is_the_defaults(tmp_path: Path) -> None:
    settings = configured.load(str(tmp_path), isolated_env(tmp_path))
    assert settings == configured.Settings()
    assert (settings.hook.on_error, settings.gate.mode, settings.policy.protected_branches) == ("guard", "advise", None)


@pytest.mark.parametrize(("text", "needles"), [
    ('[policy]\nprotected_brnaches = ["main"]\n', ["[policy]", "'protected_brnaches'", "protected_branches"]),
    ('[gate]\nmod = "enforce"\n', ["[gate]", "'mod'", "known keys: mode"]),
    ('[polcy]\nprotected_branches = ["main"]\n', ["unknown table [polcy]", "[policy]"]),
    ('[[contract]]\noperation = "deploy"\nrecrod = "x"\n', ["[[contract]][0]", "'recrod'"]),
])
def test_an_unknown_key_or_table_is_an_error_naming_it(tmp_path: Path, text: str, needles: list[str]) -> None:
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, text)
    assert str(tmp_path / ".statewise.toml") in caught.value.message
    for needle in needles:
        assert needle in caught.value.message


@pytest.mark.parametrize(("text", "needles"), [
    ('[policy]\nprotected_branches = "main"\n', ["protected_branches", "list of strings", "'main'"]),
    ('[policy]\nwritable_paths = [1]\n', ["writable_paths", "list of strings"]),
    ('[gate]\nbackground_index = "no"\n', ["background_index", "true or false"]),
    ('[hook]\ndeadline_seconds = "soon"\n', ["deadline_seconds", "a number"]),
    ('[verifiers]\nnetwork = 1\n', ["network", "true or false", "an integer"]),
    ('[policy]\nprotected_branches = ["main"]\n[permissions]\ndeny = "git.push"\n', ["[permissions] deny", "list of strings"]),
    ('[[contract]]\nrecord = "x"\n', ["[[contract]][0]", "'operation' is required"]),
    ('gate = "enforce"\n', ["gate must be a table"]),
])
def test_a_wrong_type_is_an_error_naming_the_key_and_type(tmp_path: Path, text: str, needles: list[str]) -> None:
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, text)
    for needle in needles:
        assert needle in caught.value.message


@pytest.mark.parametrize(("text", "needles"), [
    ('[gate]\nmode = "enforced"\n', ["[gate] mode", "off, advise, enforce", "'enforced'"]),
    ('[hook]\non_error = "alow"\n', ["[hook] on_error", "guard, allow, deny", "'alow'"]),
    ('[[gate.paths]]\nglob = "src/**"\nmode = "strict"\n', ["[gate] paths[0] mode", "'strict'"]),
    ('[policy]\ndisable_invariants = ["protected-branches"]\n', ["disable_invariants", "'protected-branches'",
                                                                  "protected-branch"]),
    ('[[contract]]\noperation = "x"\nrole = "guardian"\n', ["role", "guard, argument"]),
])
def test_an_unknown_choice_is_an_error_naming_the_allowed_values(tmp_path: Path, text: str, needles: list[str]) -> None:
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, text)
    for needle in needles:
        assert needle in caught.value.message


def test_the_user_config_is_validated_and_the_repository_wins_per_key(tmp_path: Path) -> None:
    env = isolated_env(tmp_path)
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    env["STATEWISE_HOME"] = str(home)
    (home / "config.toml").write_text('[gate]\nmode = "enforce"\nbackground_index = false\n')
    repo = tmp_path / "repo"
    repo.mkdir()
    settings = load(repo, '[gate]\nmode = "off"\n', env)
    assert (settings.gate.mode, settings.gate.background_index) == ("off", False)
    (home / "config.toml").write_text('[gate]\nmood = "enforce"\n')
    with pytest.raises(ConfigError, match="config.toml: \\[gate\\]: unknown key 'mood'"):
        configured.load(str(repo), env)


def test_environment_overrides_win_and_are_validated(tmp_path: Path) -> None:
    env = {**isolated_env(tmp_path), "STATEWISE_GATE": "enforce", "STATEWISE_ON_ERROR": "deny",
           "STATEWISE_BACKGROUND_INDEX": "0", "STATEWISE_VERIFY_ON_RETRIEVAL": "off", "STATEWISE_DEADLINE": "2.5"}
    settings = load(tmp_path, '[gate]\nmode = "off"\n[hook]\non_error = "allow"\n', env)
    assert (settings.gate.mode, settings.hook.on_error, settings.hook.deadline_seconds) == ("enforce", "deny", 2.5)
    assert (settings.gate.background_index, settings.memory.verify_on_retrieval) == (False, False)
    for name, value, needle in [("STATEWISE_GATE", "enforced", "off, advise, enforce"),
                                ("STATEWISE_ON_ERROR", "permit", "guard, allow, deny"),
                                ("STATEWISE_BACKGROUND_INDEX", "nope", "STATEWISE_BACKGROUND_INDEX"),
                                ("STATEWISE_DEADLINE", "-1", "positive")]:
        with pytest.raises(ConfigError, match=needle):
            configured.load(str(tmp_path), {**isolated_env(tmp_path), name: value})


def test_a_raw_mapping_is_validated_like_a_file() -> None:
    assert configured.coerce({"policy": {"protected_branches": ["main"]}}).policy.protected_branches == ("main",)
    with pytest.raises(ConfigError, match="protected_branches must be a list of strings"):
        configured.coerce({"policy": {"protected_branches": "main"}})


# ------------------------------------------------------------------ through the CLI and the hook
def test_doctor_reports_a_config_error_and_exits_1(git_repo: Path, run_statewise) -> None:
    (git_repo / ".statewise.toml").write_text('[gate]\nmode = "enforced"\n')
    proc = run_statewise(["doctor", "--json"], git_repo)
    assert proc.returncode == 1, proc
    [check] = [c for c in json.loads(proc.stdout)["checks"] if c["name"] == "configuration"]
    assert check["status"] == "fail"
    assert ".statewise.toml" in check["detail"] and "[gate] mode" in check["detail"] and "'enforced'" in check["detail"]
    (git_repo / ".statewise.toml").write_text('[gate]\nmode = "enforce"\n')
    proc = run_statewise(["doctor", "--json"], git_repo)
    [check] = [c for c in json.loads(proc.stdout)["checks"] if c["name"] == "configuration"]
    assert check["status"] == "ok" and ".statewise.toml" in check["detail"]


def test_a_cli_command_with_an_invalid_config_is_an_error_naming_the_key(git_repo: Path, run_statewise) -> None:
    (git_repo / ".statewise.toml").write_text('[policy]\nprotected_branches = "main"\n')
    proc = run_statewise(["verify"], git_repo)
    assert proc.returncode == 1
    assert proc.stderr.startswith("Error: ") and "protected_branches must be a list of strings" in proc.stderr


@pytest.mark.parametrize("agent", ["claude", "codex"])
@pytest.mark.parametrize("config", [
    '[policy]\nprotected_brnaches = ["main"]\n',
    '[policy]\nprotected_branches = "main"\n',
    '[hook]\non_error = "allow"\n[gate]\nmode = "enforced"\n',  # a declared `allow` in an invalid file is not trusted
])
def test_the_hook_with_an_invalid_config_denies_a_protected_push(agent: str, config: str, git_repo: Path, hook) -> None:
    with Store.open(str(git_repo / ".git" / "statewise" / "store.db")) as s:
        s.put("git.branch.protected", True, scope="branch:main")
    (git_repo / ".statewise.toml").write_text(config)
    data = reply(hook(pre_bash(agent, git_repo, "git push origin main"), git_repo))
    assert data is not None, "a push was allowed under an invalid config"
    specific = data["hookSpecificOutput"]
    assert specific["permissionDecision"] == "deny"
    assert ".statewise.toml" in specific["permissionDecisionReason"]
    assert "statewise doctor" in specific["permissionDecisionReason"]


def test_an_invalid_config_that_asked_for_deny_keeps_deny(git_repo: Path, hook) -> None:
    (git_repo / ".statewise.toml").write_text('[hook]\non_error = "deny"\n[gate]\nmode = "enforced"\n')
    data = reply(hook(pre_bash("claude", git_repo, "touch notes.txt"), git_repo))
    assert data is not None and data["hookSpecificOutput"]["permissionDecision"] == "deny"
