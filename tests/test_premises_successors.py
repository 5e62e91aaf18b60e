"""Where a stale premise's subject went, named in the deny so the agent can act on it.

Real repositories with history, the installed hook, both agents' payload shapes: a task whose runner
file is gone or whose target was removed, a subcommand the pinned package-manager major dropped, a
tool's settings moved into another file's section, a script path that never existed, a push of
unsigned commits to a remote that requires sign-off. The correct action in each repository is allowed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, store_path
from test_premises import decide, write

from statewise_cli.memory.digest import digest
from statewise_cli.recovery.observations import _protected_branches, commit_requirements, observe
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def remove(repo: Path, path: str, message: str, files: dict[str, str] | None = None) -> None:
    git(repo, "rm", "-q", path)
    if files:
        write(repo, files)  # commits the removal with the new files
    else:
        commit_all(repo, message)


# ------------------------------------------------------------------ runners
@pytest.mark.parametrize("agent", AGENTS)
def test_a_runner_file_replaced_by_another_runner(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "migrate:\n\talembic upgrade head\nseed:\n\tpython -m app.seed\n"})
    git(git_repo, "rm", "-q", "Makefile")
    (git_repo / "justfile").write_text("migrate:\n    alembic upgrade head\n\nseed:\n    python -m app.seed\n")
    commit_all(git_repo, "Replace the Makefile with a justfile")
    kind, reason = decide(agent, git_repo, "make migrate")
    assert kind == "deny", reason
    assert "verified now (project.runners): `just migrate`" in reason.split("\n")[0]
    assert "deleted Makefile" in reason and "Safe alternative: `just migrate`" in reason
    assert decide(agent, git_repo, "just migrate")[0] == "allow"
    # A file make builds by an implicit rule, or a task no runner has: nothing to say.
    assert decide(agent, git_repo, "make hello")[0] == "allow"
    assert decide(agent, git_repo, "make main.o")[0] == "allow"


def test_a_just_recipe_in_a_project_that_moved_back_to_make(git_repo: Path) -> None:
    write(git_repo, {"Makefile": ".PHONY: fmt\nfmt:\n\truff format .\n", "package.json": '{"scripts": {"lint": "eslint ."}}\n',
                     "pnpm-lock.yaml": "lockfileVersion: '9.0'\n"})
    assert decide("claude", git_repo, "just fmt")[0] == "deny"
    kind, reason = decide("codex", git_repo, "just lint")
    assert kind == "deny" and "`pnpm run lint`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_removed_target_whose_role_moved_to_pre_commit(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": ".PHONY: lint test\nlint:\n\truff check .\ntest:\n\tpytest -q\n"})
    write(git_repo, {"Makefile": ".PHONY: test\ntest:\n\tpytest -q\n",
                     ".pre-commit-config.yaml": "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n"
                                                "    rev: v0.7.1\n    hooks:\n      - id: ruff\n"})
    kind, reason = decide(agent, git_repo, "make lint")
    assert kind == "deny"
    first = reason.split("\n")[0]
    assert ": `pre-commit run --all-files` — not" in first, first  # not `make test`: another task's role
    assert "added .pre-commit-config.yaml" in reason
    assert decide(agent, git_repo, "pre-commit run --all-files")[0] == "allow"
    assert decide(agent, git_repo, "make test")[0] == "allow"


def test_a_missing_target_with_no_successor_still_lists_the_runners_own(git_repo: Path) -> None:
    write(git_repo, {"Makefile": "check:\n\tpytest\n"})
    kind, reason = decide("claude", git_repo, "make coverage")
    assert kind == "deny" and "`make check`" in reason and "project.makefile" in reason


# ------------------------------------------------------------------ retired subcommands
@pytest.mark.parametrize("agent", AGENTS)
def test_a_subcommand_the_pinned_yarn_major_dropped(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "site", "packageManager": "yarn@4.5.1", "dependencies": {"lodash": "^4"}}\n',
                     "yarn.lock": "__metadata:\n  version: 8\n"})
    kind, reason = decide(agent, git_repo, "yarn upgrade lodash")
    assert kind == "deny" and "`yarn up`" in reason.split("\n")[0] and "Safe alternative: `yarn up lodash`" in reason
    assert decide(agent, git_repo, "yarn install --frozen-lockfile")[0] == "deny"
    for ok in ("yarn up lodash", "yarn install --immutable", "yarn add zod"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


def test_yarn_classic_keeps_its_own_subcommands(git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "site", "packageManager": "yarn@1.22.22"}\n',
                     "yarn.lock": "# yarn lockfile v1\n"})
    assert decide("claude", git_repo, "yarn upgrade lodash")[0] == "allow"
    assert decide("claude", git_repo, "yarn install --frozen-lockfile")[0] == "allow"


def test_poetry_shell_under_poetry_2(git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": '[project]\nname = "x"\n',
                     "poetry.lock": "# This file is automatically @generated by Poetry 2.0.1 and should not be changed by hand.\n"})
    kind, reason = decide("codex", git_repo, "poetry shell")
    assert kind == "deny" and "poetry env activate" in reason
    write(git_repo, {"poetry.lock": "# This file is automatically @generated by Poetry 1.8.3 and should not be changed by hand.\n"})
    assert decide("codex", git_repo, "poetry shell")[0] == "allow"


# ------------------------------------------------------------------ a tool's settings in another file
def _edit(repo: Path, name: str, old: str, new: str) -> dict[str, object]:
    return {"tool": "Edit", "tool_input": {"file_path": str(repo / name), "old_string": old, "new_string": new}}


@pytest.mark.parametrize("agent", AGENTS)
def test_a_section_moved_from_a_deleted_setup_cfg_into_pyproject(agent: str, git_repo: Path) -> None:
    write(git_repo, {"setup.cfg": "[metadata]\nname = parse\n\n[tool:pytest]\naddopts = -q\ntestpaths = tests\n"})
    remove(git_repo, "setup.cfg", "Move all configuration to pyproject.toml", {
        "pyproject.toml": '[project]\nname = "parse"\n\n[tool.pytest.ini_options]\naddopts = "-q"\ntestpaths = ["tests"]\n'})
    if agent == "claude":
        kind, reason = decide(agent, git_repo, **_edit(git_repo, "setup.cfg", "-q", "-q --strict-markers"))
    else:
        patch = "*** Begin Patch\n*** Update File: setup.cfg\n@@\n-addopts = -q\n+addopts = -q --strict-markers\n*** End Patch\n"
        kind, reason = decide(agent, git_repo, tool="apply_patch", tool_input={"command": patch})
    assert kind == "deny", reason
    assert "pytest's settings (its [tool:pytest] section) are in pyproject.toml [tool.pytest.ini_options]" in reason
    assert 'addopts = "-q"' in reason
    assert decide("claude", git_repo, **_edit(git_repo, "pyproject.toml", '"-q"', '"-q --strict-markers"'))[0] == "allow"


def test_a_tool_settings_file_that_never_existed(git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": '[project]\nname = "x"\n\n[tool.pytest.ini_options]\naddopts = "-q"\n'})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "pytest.ini", "-q", "-q -x"))
    assert kind == "deny" and "edit `pyproject.toml` [tool.pytest.ini_options]" in reason
    # No other home for the tool's settings: an edit of a missing file is the tool's own business.
    kind, _ = decide("claude", git_repo, **_edit(git_repo, "mypy.ini", "strict", "strict = True"))
    assert kind == "allow"


# ------------------------------------------------------------------ paths
@pytest.mark.parametrize("agent", AGENTS)
def test_a_script_path_that_never_existed_follows_the_rename_of_its_name(agent: str, git_repo: Path) -> None:
    write(git_repo, {"tools/release_notes.py": "print('notes')\n"})
    (git_repo / "scripts/release").mkdir(parents=True)
    git(git_repo, "mv", "tools/release_notes.py", "scripts/release/notes.py")
    commit_all(git_repo, "Move release tooling under scripts/release")
    kind, reason = decide(agent, git_repo, "python scripts/release_notes.py 2.3.0")
    assert kind == "deny" and "`python scripts/release/notes.py 2.3.0`" in reason
    assert "tools/release_notes.py → scripts/release/notes.py" in reason
    assert decide(agent, git_repo, "python scripts/release/notes.py 2.3.0")[0] == "allow"
    assert decide(agent, git_repo, "python scripts/other.py")[0] == "allow"  # nothing of that name anywhere


# ------------------------------------------------------------------ sign-off
_DCO_HOOK = ("#!/bin/sh\nz=0000000000000000000000000000000000000000\nwhile read old new ref; do\n"
             "  for c in $(git rev-list $new --not --all); do\n"
             "    git log -1 --format=%B $c | grep -q '^Signed-off-by: ' || {\n"
             "      echo \"error: commit $c rejected: a Signed-off-by line is required\" >&2; exit 1; }\n"
             "  done\ndone\nexit 0\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_unsigned_commits_pushed_to_a_remote_that_requires_sign_off(agent: str, git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "remote.origin.url").strip())
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(_DCO_HOOK)
    hook.chmod(0o755)
    git(git_repo, "switch", "-q", "-c", "feature/parser")
    write(git_repo, {"parser.py": "x = 1\n"})
    kind, reason = decide(agent, git_repo, "git push -u origin feature/parser")
    assert kind == "deny" and "Signed-off-by" in reason and "git rebase --signoff" in reason
    assert decide(agent, git_repo, "git rebase -q --signoff origin/main && git push -u origin feature/parser")[0] == "allow"
    git(git_repo, "commit", "-q", "--amend", "--signoff", "--no-edit")
    assert decide(agent, git_repo, "git push -u origin feature/parser")[0] == "allow"


def test_a_rejection_for_a_missing_sign_off_is_not_branch_protection(git_repo: Path) -> None:
    output = ("remote: error: commit 2ebae54 rejected: a Signed-off-by line is required (DCO sign-off)\n"
              "To /tmp/origin.git\n ! [remote rejected] feature/parser -> feature/parser (pre-receive hook declined)\n"
              "error: failed to push some refs to '/tmp/origin.git'\n")
    assert _protected_branches(output) == set()
    assert "git.commit.signoff_required" in commit_requirements(output)
    protected = ("remote: error: main is protected: open a pull request\n"
                 " ! [remote rejected] main -> main (pre-receive hook declined)\n")
    assert _protected_branches(protected) == {"main"} and commit_requirements(protected) == {}
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        observe(store, "git push -u origin feature/parser", 1, output, "ev1")
        assert store.active_records("git.branch.protected") == []
        (record,) = store.active_records("git.commit.signoff_required")
        assert record.value is True and "Signed-off-by" in (record.evidence or "")


# ------------------------------------------------------------------ authority in the digest
def test_the_developers_own_policy_comes_first_and_outranks_the_memory_file(git_repo: Path) -> None:
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        store.put("policy.4_0_rollout_4", "4.0 rollout: the 4.0 rollout is on hold: do not deploy it anywhere",
                  type="policy", source="memory-file:CLAUDE.md:14", authority="developer")
        store.put("policy.keep_changes_small", "Keep changes small.", type="policy", source="memory-file:CLAUDE.md:3",
                  authority="developer")
        store.put("policy.rollout_4_0", "approved for staging; production still needs the release manager's sign-off",
                  type="policy", source="user", authority="developer")
        text = digest(store.active_records(), store) or ""
    lines = [ln for ln in text.splitlines() if ln.startswith("- policy.")]
    assert lines[0].startswith("- policy.rollout_4_0 = approved for staging"), lines
    held = next(ln for ln in lines if ln.startswith("- policy.4_0_rollout_4"))
    assert "outranked by the developer's own record policy.rollout_4_0" in held
    small = next(ln for ln in lines if ln.startswith("- policy.keep_changes_small"))
    assert "outranked" not in small  # another subject


# ------------------------------------------------------------------ release tags, signatures
@pytest.mark.parametrize("agent", AGENTS)
def test_a_release_tag_spelled_against_the_repositorys_convention(agent: str, git_repo: Path) -> None:
    for tag in ("v1.2.0", "v1.3.0"):
        git(git_repo, "tag", tag)
    kind, reason = decide(agent, git_repo, "git tag -a 1.4.0 -m 'Release 1.4.0'")
    assert kind == "deny" and "`git tag -a v1.4.0 -m 'Release 1.4.0'`" in reason and "v1.3.0" in reason
    for ok in ("git tag -a v1.4.0 -m 'Release 1.4.0'", "git tag nightly", "git tag -d v1.2.0", "git tag --list"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok
    git(git_repo, "tag", "2.0.0")  # two conventions: nothing says which one is meant
    assert decide(agent, git_repo, "git tag 2.1.0")[0] == "allow"


def test_unsigned_commits_pushed_to_a_remote_that_requires_signatures(git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "remote.origin.url").strip())
    hook = origin / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\nwhile read old new ref; do\n  for c in $(git rev-list $new --not --all); do\n"
                    "    [ \"$(git log -1 --format=%G? $c)\" = G ] || { echo \"unsigned commit $c rejected\" >&2; exit 1; }\n"
                    "  done\ndone\n")
    hook.chmod(0o755)
    git(git_repo, "switch", "-q", "-c", "feature/x")
    write(git_repo, {"x.py": "x = 1\n"})
    kind, reason = decide("claude", git_repo, "git push -u origin feature/x")
    assert kind == "deny" and "not signed" in reason and "--no-edit -S" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_submodule_path_gitmodules_no_longer_declares(agent: str, git_repo: Path) -> None:
    write(git_repo, {".gitmodules": '[submodule "foo"]\n\tpath = libs/foo\n\turl = https://example.invalid/foo.git\n'})
    write(git_repo, {".gitmodules": '[submodule "foo"]\n\tpath = third_party/foo\n\turl = https://example.invalid/foo.git\n'
                                    '[submodule "bar"]\n\tpath = third_party/bar\n\turl = https://example.invalid/bar.git\n'})
    kind, reason = decide(agent, git_repo, "git submodule update --init libs/foo")
    assert kind == "deny" and "`git submodule update --init third_party/foo`" in reason
    for ok in ("git submodule update --init third_party/foo", "git submodule update --init --recursive",
               "git submodule foreach git pull"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


@pytest.mark.parametrize("agent", AGENTS)
def test_a_top_level_script_that_moved_and_one_that_never_existed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"app.py": "print('ok')\n"})
    (git_repo / "src/service").mkdir(parents=True)
    git(git_repo, "mv", "app.py", "src/service/main.py")
    commit_all(git_repo, "Move entry point into src/service")
    kind, reason = decide(agent, git_repo, "python app.py --self-check")
    assert kind == "deny" and "`python src/service/main.py --self-check`" in reason
    kind, reason = decide(agent, git_repo, "python main.py --self-check")
    assert kind == "deny" and "src/service/main.py" in reason
    assert decide(agent, git_repo, "python src/service/main.py --self-check")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_node_alias_in_a_project_that_pins_node(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "x", "engines": {"node": ">=22 <23"}}\n'})
    kind, reason = decide(agent, git_repo, "nvm install --lts")
    assert kind == "deny" and "`nvm install 22`" in reason
    assert decide(agent, git_repo, "nvm install 22")[0] == "allow"
    write(git_repo, {".nvmrc": "lts/*\n", "package.json": '{"name": "x"}\n'})
    assert decide(agent, git_repo, "nvm install --lts")[0] == "allow"  # the pin is the alias itself
