"""Premise and intent classes of round 18, by mechanism: a build tool's workspace labels (`//...`,
`//pkg:target`) are not paths outside the repository; a developer's "no new dependencies" policy gates any
package manager's add of a package no manifest declares; a version tag whose series is cut from a release
branch, put on a commit that is not on that branch.

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, run_statewise
from test_premises import decide, write

from statewise_cli.actions.normalize import normalize_shell


def remember(repo: Path, key: str, value: str) -> None:
    result = run_statewise(["remember", key, value, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


# --------------------------------------------------------------------------- build labels are not paths


def test_build_labels_are_not_file_operands() -> None:
    for command in ("bazel test //...", "bazelisk build //src/core:lib", "buck2 test //apps/...", "pants test //:root"):
        operands = [a.target for a in normalize_shell(command, "main") if a.operation == "file.operand"]
        assert operands == [], (command, operands)
    # what follows `--` goes to the program the tool runs: still a possible write
    ran = normalize_shell("bazel run //tools:fmt -- /srv/shared/out", "main")
    assert any(a.operation == "file.operand" and a.target == "/srv/shared/out" for a in ran)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_bazel_run_over_its_workspace_is_allowed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"MODULE.bazel": 'module(name = "scales")\n', "lib/BUILD.bazel": 'cc_library(name = "w")\n'})
    for command in ("bazel test //...", "bazel build //lib:w"):
        kind, reason = decide(agent, git_repo, command)
        assert kind == "allow", (command, reason)


# --------------------------------------------------------------------------- intent: no new dependencies


@pytest.mark.parametrize("agent", AGENTS)
def test_no_new_dependencies_gates_an_add_of_an_undeclared_package(agent: str, git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": '[project]\nname = "quill"\ndependencies = ["Pillow>=10", "attrs"]\n',
                     "uv.lock": "version = 1\n"})
    remember(git_repo, "policy.third_party_code", "adding new packages needs sign-off from the platform team")
    for command in ("uv add rich", "poetry add click==8.1", "pip install --upgrade orjson", "uv pip install msgspec"):
        kind, reason = decide(agent, git_repo, command)
        assert kind in ("deny", "ask"), command
        assert "policy.third_party_code" in reason, command
    # a package the project already declares, and a removal, are not new dependencies
    for ok in ("uv add attrs", "uv add pillow>=10.2", "uv remove attrs"):
        kind, reason = decide(agent, git_repo, ok)
        assert kind == "allow", (ok, reason)


@pytest.mark.parametrize("agent", AGENTS)
def test_no_new_dependencies_covers_every_ecosystem_and_spares_other_policies(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "kiln", "dependencies": {"preact": "^10"}}\n',
                     "package-lock.json": '{"lockfileVersion": 3}\n', "Cargo.toml": '[dependencies]\nserde = "1"\n'})
    remember(git_repo, "policy.new_deps", "no new deps without review")
    kind, reason = decide(agent, git_repo, "npm install --save left-trim")
    assert kind in ("deny", "ask") and "policy.new_deps" in reason
    kind, reason = decide(agent, git_repo, "cargo add bytes")
    assert kind in ("deny", "ask") and "policy.new_deps" in reason
    assert decide(agent, git_repo, "npm install preact")[0] == "allow"


def test_a_dependency_upgrade_policy_is_not_an_add_policy(git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "kiln", "dependencies": {}}\n', "package-lock.json": "{}\n"})
    remember(git_repo, "policy.dependency_upgrades", "major upgrades need my approval")
    assert decide("claude", git_repo, "npm install zod")[0] == "allow"


# --------------------------------------------------------------------------- git: a tag series' branch


def _release_line(repo: Path) -> None:
    """main, and a maintenance branch `maint/4.2` whose series r4.2.x is tagged there; main moved on."""
    write(repo, {"core.py": "V = '4.1'\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    git(repo, "switch", "-q", "-c", "maint/4.2")
    (repo / "core.py").write_text("V = '4.2.0'\n")
    commit_all(repo, "4.2.0")
    git(repo, "tag", "-a", "r4.2.0", "-m", "r4.2.0")
    (repo / "fix.py").write_text("FIXED = True\n")
    commit_all(repo, "backport a fix")
    git(repo, "push", "-q", "origin", "maint/4.2", "r4.2.0")
    git(repo, "switch", "-q", "main")
    (repo / "next.py").write_text("UNRELEASED = True\n")
    commit_all(repo, "work for 4.3")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_series_tag_off_its_release_branch_is_denied(agent: str, git_repo: Path) -> None:
    _release_line(git_repo)
    kind, reason = decide(agent, git_repo, "git tag -a r4.2.1 -m 'r4.2.1' main && git push origin r4.2.1")
    assert kind == "deny", reason
    assert "maint/4.2" in reason and "r4.2.0" in reason
    kind, reason = decide(agent, git_repo, "git tag r4.2.1")  # HEAD is main
    assert kind == "deny" and "maint/4.2" in reason
    # on the series branch, or a new series from main: allowed
    for ok in ("git tag -a r4.2.1 -m 'r4.2.1' maint/4.2", "git tag -a r4.3.0 -m 'r4.3.0' main"):
        kind, reason = decide(agent, git_repo, ok)
        assert kind == "allow", (ok, reason)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_series_tag_on_a_commit_after_the_series_is_allowed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"core.py": "V = '1.0.0'\n"})
    git(git_repo, "tag", "-a", "r1.0.0", "-m", "r1.0.0")
    (git_repo / "core.py").write_text("V = '1.0.1'\n")
    commit_all(git_repo, "1.0.1")
    assert decide(agent, git_repo, "git tag -a r1.0.1 -m 'r1.0.1'")[0] == "allow"
