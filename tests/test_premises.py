"""Premises read from the action itself: checked with no record in the store.

Each case is a real repository, the installed ``statewise hook`` as a subprocess, both agents'
payload shapes. A defective premise denies with what is true now (and a concrete alternative);
the ordinary and the correct actions are allowed; a premise nothing can decide never denies.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from swtest import AGENTS, commit_all, git, hook, payload, pre_bash, reply, run_statewise, store_path

from statewise_cli.store.db import Store


def decide(agent: str, repo: Path, command: str | None = None, **call: Any) -> tuple[str, str]:
    data = reply(hook(pre_bash(agent, repo, command) if command is not None else payload(agent, "PreToolUse", repo, **call),
                      repo))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


def stub_bin(tmp_path: Path, name: str, script: str) -> dict[str, str]:
    """An environment whose PATH has ``name`` (a shell script) and the system tools only."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    (bin_dir / name).write_text(f"#!/bin/sh\n{script}\n")
    (bin_dir / name).chmod(0o755)
    return {"PATH": f"{bin_dir}:/usr/bin:/bin"}


def write(repo: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, "project files")


@pytest.mark.parametrize("agent", AGENTS)
def test_an_install_with_another_package_manager_than_the_lockfiles_is_denied(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "x"}\n', "pnpm-lock.yaml": "lockfileVersion: '9.0'\n"})
    kind, reason = decide(agent, git_repo, "npm install lodash")
    assert kind == "deny"
    assert "pnpm-lock.yaml" in reason and "`pnpm add lodash`" in reason
    assert decide(agent, git_repo, "pnpm add lodash")[0] == "allow"
    # The observation is kept with its lineage: the next session starts right.
    with Store.open(str(store_path(git_repo))) as s:
        (record,) = s.active_records("package_manager")
    assert (record.value, record.authority, record.source) == ("pnpm", "environment", "verifier:project.package-manager")
    assert "npm install lodash" in (record.evidence or "")


@pytest.mark.parametrize("agent", AGENTS)
def test_the_state_action_check_on_a_verified_package_manager_names_the_install_it_means(agent: str,
                                                                                       git_repo: Path) -> None:
    """Once the package manager is a verified record, the state–action check stops the next foreign
    install; its deny carries the same install spelled for the verified manager."""
    write(git_repo, {"package.json": '{"name": "x"}\n', "pnpm-lock.yaml": "lockfileVersion: '9.0'\n"})
    assert decide(agent, git_repo, "npm install lodash")[0] == "deny"  # stores package_manager = pnpm
    kind, reason = decide(agent, git_repo, "npm install -D date-fns")
    assert kind == "deny" and "package-manager" in reason
    assert "Safe alternative: `pnpm add date-fns -D`." in reason
    kind, reason = decide(agent, git_repo, "npm ci")
    assert kind == "deny" and "Safe alternative: `pnpm install`." in reason


def test_a_project_without_a_lockfile_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "x"}\n'})
    assert decide("claude", git_repo, "npm install")[0] == "allow"
    assert decide("claude", git_repo, "yarn install")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_node_version_the_project_does_not_pin_is_denied(agent: str, git_repo: Path) -> None:
    write(git_repo, {".nvmrc": "20\n"})
    kind, reason = decide(agent, git_repo, "nvm use 18")
    assert kind == "deny" and "nvm use 20" in reason
    assert decide(agent, git_repo, "nvm use 20")[0] == "allow"


def test_unittest_over_pytest_functions_is_denied_and_a_named_module_is_not(git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = ['tests']\n",
                     "tests/test_a.py": "def test_a():\n    assert 1 + 1 == 2\n"})
    kind, reason = decide("codex", git_repo, "python3 -m unittest discover")
    assert kind == "deny" and "`python -m pytest`" in reason and "0 tests" in reason
    assert decide("codex", git_repo, "python3 -m unittest tests.test_a")[0] == "allow"
    assert decide("codex", git_repo, "python -m pytest -q tests/test_a.py")[0] == "allow"
    # unittest classes: the premise holds
    write(git_repo, {"tests/test_b.py": "import unittest\n\nclass T(unittest.TestCase):\n    def test_b(self):\n        pass\n"})
    assert decide("codex", git_repo, "python3 -m unittest discover")[0] == "allow"


def test_another_ecosystems_test_command_is_not_a_contradiction(git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"scripts": {"test": "node --test"}}\n', "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
                     "scripts/test_tool.py": "def test_tool():\n    pass\n"})
    assert decide("claude", git_repo, "python -m pytest scripts")[0] == "allow"
    assert decide("claude", git_repo, "pnpm test")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_make_targets_npm_scripts_and_nox_sessions_that_do_not_exist(agent: str, git_repo: Path) -> None:
    write(git_repo, {
        "Makefile": ".PHONY: check\ncheck:\n\tpython -m pytest\nVERSION := 1\nlint:\n\truff check .\n",
        "package.json": '{"scripts": {"test:unit": "vitest run", "lint": "eslint ."}}\n',
        "noxfile.py": "import nox\n\n@nox.session\ndef tests(session):\n    pass\n\n@nox.session(name='style')\n"
                      "def lint(session):\n    pass\n",
    })
    kind, reason = decide(agent, git_repo, "make test")
    assert kind == "deny" and "`make check` (runs `python -m pytest`)" in reason
    for ok in ("make check", "make lint", "make -C elsewhere test", "npm run lint", "nox -s tests", "nox -s style"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok
    kind, reason = decide(agent, git_repo, "npm run build")
    assert kind == "deny" and "`npm run test:unit`" in reason
    kind, reason = decide(agent, git_repo, "nox -s lint")
    assert kind == "deny" and "`nox -s style`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_that_does_not_exist(agent: str, git_repo: Path) -> None:
    git(git_repo, "remote", "rename", "origin", "upstream")
    kind, reason = decide(agent, git_repo, "git push origin HEAD:feature")
    assert kind == "deny" and "`git push upstream HEAD:feature`" in reason
    assert decide(agent, git_repo, "git fetch origin main:main")[0] == "deny"
    assert decide(agent, git_repo, "git push upstream HEAD:feature")[0] == "allow"
    assert decide(agent, git_repo, "git push ../elsewhere.git HEAD:feature")[0] == "allow"  # a path: git decides


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_that_does_not_exist_names_the_default_branch(agent: str, git_repo: Path) -> None:
    git(git_repo, "fetch", "-q", "origin")
    git(git_repo, "remote", "set-head", "origin", "main")
    kind, reason = decide(agent, git_repo, "git switch master")
    assert kind == "deny" and "`git switch main`" in reason and "origin/HEAD" in reason
    assert decide(agent, git_repo, "git switch -c fix/typo origin/master")[0] == "deny"
    kind, reason = decide(agent, git_repo, "gh pr create --base master --title t --body b")
    assert kind == "deny" and "--base main" in reason
    for ok in ("git switch -c master", "git switch -c fix origin/main", "git rebase main", "git checkout HEAD~1",
               "git rebase --continue", "git fetch origin && git switch master", "git checkout README.md",
               "gh pr create --base main --title t --body b"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


def test_an_edit_of_a_file_git_history_moved_names_where_it_lives(git_repo: Path) -> None:
    write(git_repo, {".github/workflows/test.yml": "on: push\n"})
    (git_repo / "ci").mkdir()
    git(git_repo, "mv", ".github/workflows/test.yml", "ci/test.yml")
    commit_all(git_repo, "move the workflow")
    old = git_repo / ".github/workflows/test.yml"
    kind, reason = decide("claude", git_repo, tool="Edit",
                          tool_input={"file_path": str(old), "old_string": "push", "new_string": "pull_request"})
    assert kind == "deny" and "`ci/test.yml`" in reason
    new = git_repo / "ci/test.yml"
    assert decide("claude", git_repo, tool="Edit",
                  tool_input={"file_path": str(new), "old_string": "push", "new_string": "pull_request"})[0] == "allow"
    assert decide("claude", git_repo, tool="Write", tool_input={"file_path": str(git_repo / "docs/new.md"),
                                                                  "content": "x"})[0] == "allow"


def test_a_missing_tool_with_the_projects_replacement_configured(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "ruff", "exit 0")
    write(git_repo, {"pyproject.toml": "[tool.ruff]\nline-length = 100\n"})
    data = reply(hook(pre_bash("claude", git_repo, "black src"), git_repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    assert specific.get("permissionDecision") == "deny"
    assert "`ruff format src`" in specific["permissionDecisionReason"]
    assert reply(hook(pre_bash("claude", git_repo, "ruff format src"), git_repo, env=env)) is None


def test_explain_shows_the_premises_without_storing_them(git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "x"}\n', "yarn.lock": "# yarn\n"})
    from swtest import run_statewise

    path = git_repo / "p.json"
    path.write_text(json.dumps(pre_bash("claude", git_repo, "npm ci")))
    result = run_statewise(["explain", "--payload", str(path), "--json"], git_repo)
    assert result.returncode == 0, result.stderr
    trace = json.loads(result.stdout)
    premises = trace.get("premises") or trace.get("trace", {}).get("premises")
    assert premises and premises[0]["verified"] == "yarn"
    with Store.open(str(store_path(git_repo))) as s:
        assert s.active_records("package_manager") == []


def test_a_file_argument_git_history_moved(git_repo: Path) -> None:
    write(git_repo, {"Dockerfile": "FROM scratch\n"})
    (git_repo / "docker").mkdir()
    git(git_repo, "mv", "Dockerfile", "docker/Dockerfile")
    commit_all(git_repo, "move the Dockerfile")
    kind, reason = decide("codex", git_repo, "docker build -f Dockerfile -t app .")
    assert kind == "deny" and "`docker build -f docker/Dockerfile -t app .`" in reason
    assert decide("codex", git_repo, "docker build -f docker/Dockerfile -t app .")[0] == "allow"
    assert decide("codex", git_repo, "pytest tests/test_new.py")[0] == "allow"  # never existed: not a move


def test_a_venv_built_with_an_interpreter_the_project_does_not_allow(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "python3", "echo 'Python 3.9.18'")
    write(git_repo, {".python-version": "3.12\n"})
    data = reply(hook(pre_bash("claude", git_repo, "python3 -m venv .venv"), git_repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    assert specific.get("permissionDecision") == "deny"
    assert "`python3.12 -m venv .venv`" in specific["permissionDecisionReason"]


def _renamed_env_project(repo: Path) -> None:
    write(repo, {".env.example": "DATABASE_URL=changeme\nLOG_LEVEL=info\n",
                 "app/db.py": "import os\nURL = os.environ['DATABASE_URL']\nLEVEL = os.environ.get('LOG_LEVEL')\n"})
    write(repo, {".env.example": "DB_URL=changeme\nLOG_LEVEL=info\n",
                 "app/db.py": "import os\nURL = os.environ['DB_URL']\nLEVEL = os.environ.get('LOG_LEVEL')\n",
                 "CLAUDE.md": "- The database URL is `DATABASE_URL`.\n"})  # a stale note is not a reader


@pytest.mark.parametrize("agent", AGENTS)
def test_a_variable_git_history_renamed_is_denied_with_the_new_name(agent: str, git_repo: Path) -> None:
    _renamed_env_project(git_repo)
    env_file = str(git_repo / ".env")
    kind, reason = decide(agent, git_repo, tool="Write",
                          tool_input={"file_path": env_file, "content": "DATABASE_URL=sqlite:///dev.db\n"})
    if agent == "claude":
        assert kind == "deny"
        assert "DB_URL" in reason and "app/db.py" in reason and "`DB_URL=sqlite:///dev.db`" in reason
    kind, reason = decide(agent, git_repo, "export DATABASE_URL=postgresql://localhost/app")
    assert kind == "deny" and "`DB_URL=postgresql://localhost/app`" in reason
    # The new name, a variable the code still reads, and one that never existed: no premise is defective.
    for ok in ("export DB_URL=x", "export LOG_LEVEL=debug", "export NEVER_SEEN_BEFORE=1"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok
    if agent == "claude":
        assert decide(agent, git_repo, tool="Write", tool_input={
            "file_path": env_file, "content": "DB_URL=sqlite:///dev.db\nLOG_LEVEL=debug\n"})[0] == "allow"
        # .env.example documents variables; writing it is not a premise about what the code reads
        assert decide(agent, git_repo, tool="Write", tool_input={
            "file_path": str(git_repo / ".env.example"), "content": "DATABASE_URL=x\n"})[0] == "allow"


def test_a_variable_removed_without_a_successor_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {".env.example": "OLD_FLAG=1\nKEEP_ME=1\n"})
    write(git_repo, {".env.example": "KEEP_ME=1\n"})
    assert decide("claude", git_repo, "export OLD_FLAG=1")[0] == "allow"


def test_a_new_file_in_a_directory_git_history_moved_goes_to_the_new_directory(git_repo: Path) -> None:
    write(git_repo, {"tests/fixtures/orders.json": "[]\n", "tests/conftest.py": "FIXTURES = 'tests/fixtures'\n"})
    git(git_repo, "mv", "tests/fixtures", "tests/data")
    commit_all(git_repo, "rename fixtures to data")
    kind, reason = decide("claude", git_repo, tool="Write",
                          tool_input={"file_path": str(git_repo / "tests/fixtures/users.json"), "content": "[]\n"})
    assert kind == "deny"
    assert "tests/fixtures → tests/data" in reason and "`tests/data/users.json`" in reason
    # The first line leads with what is true now, then what the action assumes: the directory, not the file.
    assert reason.split("\n")[0] == ("statewise: verified now (git.renames): tests/data — not what the stopped action "
                                     "assumes (tests/fixtures is where these files live)")
    assert decide("claude", git_repo, tool="Write", tool_input={
        "file_path": str(git_repo / "tests/data/users.json"), "content": "[]\n"})[0] == "allow"
    # A directory that never existed, or one only some files left, is an ordinary new directory.
    write(git_repo, {"docs/a.md": "a\n", "docs/b.md": "b\n"})
    (git_repo / "site").mkdir()
    git(git_repo, "mv", "docs/a.md", "site/a.md")
    commit_all(git_repo, "one page moves")
    for path in ("newdir/x.json", "docs/sub/c.md"):
        assert decide("claude", git_repo, tool="Write", tool_input={
            "file_path": str(git_repo / path), "content": "x\n"})[0] == "allow", path


def test_an_edit_of_a_missing_file_names_the_one_tracked_file_of_that_name(git_repo: Path) -> None:
    write(git_repo, {"config/settings.py": "DEBUG = True\n"})
    (git_repo / "src/app").mkdir(parents=True)
    git(git_repo, "mv", "config/settings.py", "src/app/settings.py")
    commit_all(git_repo, "src layout")
    kind, reason = decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / "settings.py"), "old_string": "DEBUG = True", "new_string": "DEBUG = False"})
    assert kind == "deny" and "`src/app/settings.py`" in reason
    assert "config/settings.py → src/app/settings.py" in reason
    assert reason.split("\n")[0] == ("statewise: verified now (git.files): src/app/settings.py — not what the stopped "
                                     "action assumes (settings.py is where the file lives)")
    # Two files of that name: nothing says which one is meant.
    write(git_repo, {"tools/settings.py": "X = 1\n"})
    assert decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / "settings.py"), "old_string": "DEBUG = True", "new_string": "DEBUG = False"})[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_rust_toolchain_other_than_the_pinned_one(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Cargo.toml": '[package]\nname = "core"\nversion = "0.1.0"\n',
                     "rust-toolchain.toml": '[toolchain]\nchannel = "1.82"\n'})
    kind, reason = decide(agent, git_repo, "rustup toolchain install 1.75")
    assert kind == "deny" and "`rustup toolchain install 1.82`" in reason and "rust-toolchain.toml" in reason
    # `stable` is whatever the latest release is: not the pinned 1.82.
    kind, reason = decide(agent, git_repo, "rustup toolchain install stable")
    assert kind == "deny" and "`rustup toolchain install 1.82`" in reason
    assert decide(agent, git_repo, "cargo +1.75 build")[0] == "deny"
    for ok in ("rustup toolchain install 1.82", "rustup toolchain install 1.82.0", "rustup toolchain install nightly",
               "cargo +nightly miri test", "cargo build"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok
    write(git_repo, {"rust-toolchain.toml": '[toolchain]\nchannel = "stable"\n'})
    assert decide(agent, git_repo, "rustup toolchain install stable")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_remote_wide_receive_settings_forbid_only_what_they_name(agent: str, git_repo: Path) -> None:
    """receive.denyNonFastForwards names no branch and rejects only non-fast-forward updates: an ordinary
    push of a topic branch is allowed, a force push is stopped with an alternative that is not a pull
    request into the branch being pushed; a hook that names main still protects main."""
    origin = git_repo.parent / f"{git_repo.name}-origin.git"
    git(origin, "config", "receive.denyNonFastForwards", "true")
    hook_file = origin / "hooks" / "pre-receive"
    hook_file.write_text('#!/bin/sh\nwhile read o n r; do case "$r" in refs/heads/main) exit 1;; esac; done\nexit 0\n')
    hook_file.chmod(0o755)
    git(git_repo, "switch", "-q", "-c", "fix/typo")
    (git_repo / "typo.txt").write_text("fixed\n")
    commit_all(git_repo, "fix a typo")
    for ok in ("git push -u origin fix/typo", "git push origin HEAD:refs/heads/other"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok
        assert decide(agent, git_repo, ok)[0] == "allow", ok  # and again, with whatever the first call stored
    kind, reason = decide(agent, git_repo, "git push --force origin fix/typo")
    assert kind == "deny" and "receive.denyNonFastForwards" in reason
    assert "gh pr create --base fix/typo" not in reason and "`git push origin HEAD:refs/heads/fix-typo-update`" in reason
    kind, reason = decide(agent, git_repo, "git push origin main")
    assert kind == "deny" and "pre-receive" not in reason.split("\n")[0]
    assert "gh pr create --base main" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_deny_names_its_safe_alternative_once_and_indents_multi_line_evidence(agent: str, git_repo: Path) -> None:
    """Both the state–action check and the premise stop `npm install` in a pnpm project whose memory says pnpm:
    one 'Safe alternative' line, and every evidence line stays inside its bullet."""
    write(git_repo, {"package.json": '{"name": "x", "packageManager": "pnpm@9.0.0"}\n',
                     "pnpm-lock.yaml": "lockfileVersion: '9.0'\n", "CLAUDE.md": "We use pnpm.\n"})
    run_statewise(["import-memory"], git_repo)
    kind, reason = decide(agent, git_repo, "npm install lodash")
    assert kind == "deny"
    assert reason.count("Safe alternative:") == 1 and "`pnpm add lodash`" in reason
    lines = reason.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("- Evidence: "))
    assert "pnpm-lock.yaml" in reason and all(line.startswith(("- ", "  ", "Safe alternative", "Replan", "statewise"))
                                              for line in lines[at:]), reason
    assert ".." not in reason.replace("...", "")


@pytest.mark.parametrize("agent", AGENTS)
def test_an_output_the_command_writes_is_not_a_moved_input(agent: str, git_repo: Path) -> None:
    """A file named after an output option (``-o``, ``--output``, ``--outfile=``) is what the command writes: that it
    does not exist yet says nothing, and the one tracked file of that name is never offered in its place (it would be
    overwritten)."""
    write(git_repo, {"assets/css/site.css": "body {}\n", "docs/guide.md": "# Guide\n"})
    for command in ("esbuild --bundle assets/css/site.css -o build/site.css",
                    "esbuild --bundle assets/css/site.css --outfile=build/site.css",
                    "pandoc docs/guide.md --output out/guide.md",
                    "sort -o out/site.css assets/css/site.css"):
        kind, reason = decide(agent, git_repo, command)
        assert kind == "allow", (command, reason)
    # an input named where it is not still names the tracked file
    kind, reason = decide(agent, git_repo, "esbuild --bundle css/site.css -o build/out.css")
    assert kind == "deny" and "assets/css/site.css" in reason


def test_a_bare_file_name_a_program_may_resolve_itself_is_not_redirected(git_repo: Path) -> None:
    """An option value ``--report q3.csv`` where the repository's one ``q3.csv`` sits in a directory the program looks in
    (``reports/acme/q3.csv``): no rename moved it, so nothing says the command means another file; a path with a
    directory part that never existed still names the one tracked file of that name."""
    write(git_repo, {"reports/acme/q3.csv": "a,b\n"})
    kind, reason = decide("codex", git_repo, "./bin/send-report --client acme --report q3.csv")
    assert "reports/acme/q3.csv" not in reason, reason
    kind, reason = decide("codex", git_repo, "./bin/send-report --client acme --report data/q3.csv")
    assert kind == "deny" and "reports/acme/q3.csv" in reason, reason
