"""Premise classes of round 21, by mechanism:

- a CMake preset the presets file does not define for that step (renamed in its history);
- the build system, C/C++ package manager and development environment a repository uses, read from the
  file each tool cannot run without (``cabal test`` beside ``stack.yaml``, ``conan install`` beside
  ``vcpkg.json``, ``vagrant up`` beside ``.devcontainer/``), with the command that does the same job;
- a moved directory named as the directory (not only the file the action touched);
- a revert of a merge commit without ``-m``; a sparse-checkout path git history renamed.

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write
from test_premises_round19 import _allowed, _denied_with, _remote_hook


def _presets(*names: str) -> str:
    return json.dumps({"version": 6,
                       "configurePresets": [{"name": n, "binaryDir": f"build/{n}"} for n in names],
                       "buildPresets": [{"name": n, "configurePreset": n} for n in names]}, indent=2) + "\n"


# --------------------------------------------------------------------------- CMake presets


@pytest.mark.parametrize("agent", AGENTS)
def test_a_cmake_preset_renamed_in_the_presets_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CMakeLists.txt": "project(ring CXX)\n", "CMakePresets.json": _presets("default", "release")})
    write(git_repo, {"CMakePresets.json": _presets("dev", "release", "asan")})
    reason = _denied_with(agent, git_repo, "cmake --preset default", "cmake --preset dev")
    assert "CMakePresets.json" in reason and reason.splitlines()[0].startswith("statewise: verified now")
    _denied_with(agent, git_repo, "cmake --build --preset default", "cmake --build --preset dev")
    _allowed(agent, git_repo, "cmake --preset dev", "cmake --build --preset release", "cmake -S other --preset x",
             "cmake -B build")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_cmake_preset_never_defined_lists_the_presets(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CMakeLists.txt": "project(ring CXX)\n", "CMakePresets.json": _presets("ci", "release")})
    kind, reason = decide(agent, git_repo, "cmake --preset debug")
    assert kind == "deny" and "`ci`" in reason and "`release`" in reason, reason
    # a user presets file adds its own; an include is not followed, so nothing is decided
    (git_repo / "CMakeUserPresets.json").write_text(_presets("debug"))
    _allowed(agent, git_repo, "cmake --preset debug")
    write(git_repo, {"CMakeUserPresets.json": json.dumps({"version": 6, "include": ["more.json"]})})
    _allowed(agent, git_repo, "cmake --preset nothing-here")


def test_a_project_without_presets_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {"CMakeLists.txt": "project(ring CXX)\n"})
    _allowed("claude", git_repo, "cmake --preset default")
    (git_repo / "CMakePresets.json").write_text("{not json")
    _allowed("claude", git_repo, "cmake --preset default")


# --------------------------------------------------------------------------- the tool a repository uses


@pytest.mark.parametrize("agent", AGENTS)
def test_cabal_in_a_project_built_with_stack_and_hpack(agent: str, git_repo: Path) -> None:
    write(git_repo, {"stack.yaml": "resolver: lts-22.33\n", "package.yaml": "name: ledger\n", "src/Ledger.hs": "\n"})
    reason = _denied_with(agent, git_repo, "cabal test", "stack test")
    assert "stack.yaml" in reason
    _denied_with(agent, git_repo, "cabal build", "stack build")
    _allowed(agent, git_repo, "stack test", "cabal update", "cabal install hlint")
    # a committed .cabal file: cabal runs here too
    write(git_repo, {"ledger.cabal": "name: ledger\n"})
    _allowed(agent, git_repo, "cabal test")


@pytest.mark.parametrize("agent", AGENTS)
def test_conan_after_the_move_to_a_vcpkg_manifest(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CMakeLists.txt": "project(codec CXX)\n", "vcpkg.json": '{"dependencies": ["zlib"]}\n'})
    _denied_with(agent, git_repo, "conan install . --build=missing", "vcpkg install")
    _allowed(agent, git_repo, "vcpkg install", "conan install --requires=zlib/1.3.1", "conan profile detect")
    write(git_repo, {"conanfile.txt": "[requires]\nzlib/1.3.1\n"})
    _allowed(agent, git_repo, "conan install . --build=missing")


@pytest.mark.parametrize("agent", AGENTS)
def test_vagrant_after_the_box_gave_way_to_a_dev_container(agent: str, git_repo: Path) -> None:
    write(git_repo, {".devcontainer/devcontainer.json": '{"image": "mcr.microsoft.com/devcontainers/base"}\n'})
    _denied_with(agent, git_repo, "vagrant up", "devcontainer up --workspace-folder .")
    _allowed(agent, git_repo, "vagrant init", "vagrant box list", "devcontainer up --workspace-folder .")


@pytest.mark.parametrize("agent", AGENTS)
def test_autotools_check_in_a_meson_project_names_the_meson_commands(agent: str, git_repo: Path) -> None:
    write(git_repo, {"meson.build": "project('cbor', 'c')\n", "src/cbor.c": "\n"})
    reason = _denied_with(agent, git_repo, "./autogen.sh && ./configure && make check",
                          "meson setup build && meson test -C build")
    assert "meson.build" in reason
    # a configured build directory needs no setup step
    (git_repo / "build" / "meson-private").mkdir(parents=True)
    _denied_with(agent, git_repo, "make check", "meson test -C build")


# --------------------------------------------------------------------------- a directory moved as a whole


def _edit(agent: str, repo: Path, rel: str) -> tuple[str, str]:
    if agent == "claude":
        return decide(agent, repo, tool="Edit", tool_input={"file_path": str(repo / rel), "old_string": "a",
                                                            "new_string": "b"})
    return decide(agent, repo, tool="apply_patch",
                  tool_input={"command": f"*** Begin Patch\n*** Update File: {rel}\n@@\n-a\n+b\n*** End Patch\n"})


@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_in_a_moved_directory_names_the_directory_first(agent: str, git_repo: Path) -> None:
    write(git_repo, {"playbooks/site.yml": "a\n", "playbooks/roles/web/defaults/main.yml": "a\n",
                     "playbooks/roles/web/tasks/main.yml": "a\n"})
    (git_repo / "infra/roles").mkdir(parents=True)
    git(git_repo, "mv", "playbooks/roles/web", "infra/roles/web")
    git(git_repo, "mv", "playbooks/site.yml", "infra/site.yml")
    commit_all(git_repo, "Move the roles under infra/")
    kind, reason = _edit(agent, git_repo, "playbooks/roles/web/defaults/main.yml")
    assert kind == "deny", reason
    first = reason.splitlines()[0]
    # what is true now is the directory; the old file's new path comes right after the old path
    assert first.split(" — ")[0].endswith("infra/roles"), first
    assert "playbooks/roles/web/defaults/main.yml, now at infra/roles/web/defaults/main.yml" in first, first
    assert "`infra/roles/web/defaults/main.yml`" in reason
    assert "the Ansible role" not in first  # what the directory is goes into the evidence
    assert _edit(agent, git_repo, "infra/roles/web/defaults/main.yml")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_moved_out_of_a_directory_that_still_has_files_names_the_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {"conf/app.yml": "a\n", "conf/other.yml": "a\n"})
    (git_repo / "settings").mkdir()
    git(git_repo, "mv", "conf/app.yml", "settings/app.yml")
    commit_all(git_repo, "Move the app settings")
    kind, reason = _edit(agent, git_repo, "conf/app.yml")
    assert kind == "deny", reason
    assert reason.splitlines()[0].split(" — ")[0].endswith("settings/app.yml"), reason


# --------------------------------------------------------------------------- reverting a merge


@pytest.mark.parametrize("agent", AGENTS)
def test_a_revert_of_a_merge_commit_without_a_mainline(agent: str, git_repo: Path) -> None:
    write(git_repo, {"app.py": "a\n"})
    git(git_repo, "switch", "-q", "-c", "feature/export")
    write(git_repo, {"export.py": "x\n"})
    git(git_repo, "switch", "-q", "-")
    git(git_repo, "merge", "-q", "--no-ff", "--no-edit", "feature/export")
    git(git_repo, "switch", "-q", "-c", "topic")
    write(git_repo, {"notes.md": "n\n"})
    main = git(git_repo, "rev-parse", "--abbrev-ref", "@{-1}").strip()
    # the line switches to the branch whose tip is the merge first
    line = f"git switch -q {main} && git revert --no-edit HEAD && git push -q origin {main}"
    reason = _denied_with(agent, git_repo, line,
                          f"git switch -q {main} && git revert -m 1 --no-edit HEAD && git push -q origin {main}")
    assert "merge commit with 2 parents" in reason
    assert "`git revert -m 1 --no-edit HEAD`" in reason.splitlines()[0]  # what is true now names the command
    _allowed(agent, git_repo, "git revert --no-edit HEAD",  # on topic: an ordinary commit
             f"git switch -q {main} && git revert -m 1 --no-edit HEAD")


# --------------------------------------------------------------------------- sparse checkout, subtrees


@pytest.mark.parametrize("agent", AGENTS)
def test_a_sparse_checkout_of_a_directory_git_history_renamed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"services/auth/app.py": "SERVICE = 'auth'\n", "services/invoicing/app.py": "SERVICE = 'inv'\n",
                     "services/invoicing/models.py": "class Invoice:\n    total = 0\n"})
    git(git_repo, "mv", "services/invoicing", "services/billing")
    commit_all(git_repo, "Rename the invoicing service to billing")
    git(git_repo, "sparse-checkout", "set", "--cone", "services/auth")
    _denied_with(agent, git_repo, "git sparse-checkout add services/invoicing", "git sparse-checkout add services/billing")
    _allowed(agent, git_repo, "git sparse-checkout add services/billing", "git sparse-checkout add 'docs/*'",
             "git sparse-checkout add services/new-thing")  # never existed: nothing to say


@pytest.mark.parametrize("agent", AGENTS)
def test_a_submodule_update_of_a_directory_that_is_now_a_subtree(agent: str, git_repo: Path, tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    git(kit, "init", "-q", "-b", "main")
    (kit / "button.css").write_text(".btn {}\n")
    git(kit, "add", "-A")
    git(kit, "-c", "user.name=k", "-c", "user.email=k@example.com", "commit", "-q", "-m", "Button")
    write(git_repo, {"app.css": "x\n"})
    git(git_repo, "remote", "add", "kit", str(kit))
    git(git_repo, "fetch", "-q", "kit")
    git(git_repo, "subtree", "add", "-q", "--prefix", "vendor/kit", "kit", "main", "--squash")
    reason = _denied_with(agent, git_repo, "git submodule update --remote vendor/kit",
                          "git subtree pull --prefix vendor/kit kit main --squash")
    assert "no submodule is declared at vendor/kit" in reason
    _allowed(agent, git_repo, "git submodule update --init", "git submodule update --remote vendor/other")


# --------------------------------------------------------------------------- commit conventions


@pytest.mark.parametrize("agent", AGENTS)
def test_a_free_form_subject_where_commitlint_extends_conventional_commits(agent: str, git_repo: Path) -> None:
    write(git_repo, {"commitlint.config.js": "module.exports = { extends: ['@commitlint/config-conventional'] };\n",
                     "billing.py": "x\n"})
    line = "git commit -q -am 'Round invoice totals to cents' && git push -q origin fix/rounding"
    kind, reason = decide(agent, git_repo, line)
    assert kind == "deny", reason
    assert "commit subject must read `type(scope): summary`" in reason and "commitlint.config.js" in reason
    assert "`git commit -q -am 'fix: round invoice totals to cents' && git push -q origin fix/rounding`" in reason
    _allowed(agent, git_repo, "git commit -q -am 'fix(billing): round invoice totals to cents'",
             "git commit -m 'feat!: drop the v1 API'", "git commit --fixup HEAD", "git commit -q -a")


def test_no_commitlint_convention_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {"commitlint.config.js": "module.exports = { rules: {} };\n", "a.py": "x\n"})
    _allowed("claude", git_repo, "git commit -am 'Round invoice totals'")
    write(git_repo, {"commitlint.config.js": "module.exports = { extends: ['@commitlint/config-conventional'], "
                                             "rules: { 'type-enum': [2, 'always', ['story', 'task']] } };\n"})
    _allowed("claude", git_repo, "git commit -am 'story: round invoice totals'")
    kind, _ = decide("claude", git_repo, "git commit -am 'Round invoice totals'")
    assert kind == "deny"


# --------------------------------------------------------------------------- what the remote's receive hook accepts

_MERGES_ONLY_HOOK = ("#!/bin/sh\nwhile read old new ref; do\n  [ \"$ref\" = refs/heads/main ] || continue\n"
                     "  n=$(git rev-list --parents -n 1 \"$new\" | wc -w)\n"
                     "  [ \"$n\" -lt 3 ] && { echo 'error: main accepts only merge commits' >&2; exit 1; }\n"
                     "done\nexit 0\n")
_FIXUP_HOOK = ("#!/bin/sh\nwhile read old new ref; do\n"
               "  git log --format=%s \"$old..$new\" | grep -Eq '^(fixup|squash)! ' && { echo 'squash first' >&2; exit 1; }\n"
               "done\nexit 0\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_fast_forward_merge_onto_a_branch_that_takes_only_merge_commits(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "feature/export")
    write(git_repo, {"export.py": "x\n"})
    git(git_repo, "switch", "-q", "main")
    git(git_repo, "branch", "-q", "--set-upstream-to=origin/main")
    _remote_hook(git_repo, _MERGES_ONLY_HOOK)
    line = "git merge --ff-only --no-edit feature/export && git push -q origin main"
    reason = _denied_with(agent, git_repo, line, "git merge --no-ff --no-edit feature/export && git push -q origin main")
    assert "accepts only merge commits on `main`" in reason and "`git merge --no-ff`" in reason.splitlines()[0]
    _allowed(agent, git_repo, "git merge --no-ff --no-edit feature/export")
    # a hook scoped to another branch says nothing about this one
    _remote_hook(git_repo, _MERGES_ONLY_HOOK.replace("refs/heads/main", "refs/heads/release"))
    _allowed(agent, git_repo, line)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_of_fixup_commits_to_a_remote_that_rejects_them(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "feature/export")
    write(git_repo, {"export.py": "x\n"})
    _remote_hook(git_repo, _FIXUP_HOOK)
    (git_repo / "export.py").write_text("y\n")
    line = "git commit -q -a --fixup HEAD && git push -q origin feature/export"
    reason = _denied_with(agent, git_repo, line, "git commit -q -a --fixup HEAD && GIT_SEQUENCE_EDITOR=true git rebase -q "
                          "-i --autosquash main && git push -q origin feature/export")
    assert "rejects fixup!/squash! commits" in reason
    _allowed(agent, git_repo, "git commit -q -a --fixup HEAD && GIT_SEQUENCE_EDITOR=true git rebase -q -i --autosquash "
             "main && git push -q origin feature/export")  # the line squashes them itself
    _allowed(agent, git_repo, "git push -q origin feature/export")  # nothing of the kind on the branch
    git(git_repo, "commit", "-q", "-a", "--fixup", "HEAD")
    kind, _ = decide(agent, git_repo, "git push -q origin feature/export")
    assert kind == "deny"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_moved_directory_is_named_by_what_its_tool_keeps_there(agent: str, git_repo: Path) -> None:
    write(git_repo, {"k8s/overlays/prod/kustomization.yaml": "resources: []\n", "k8s/overlays/prod/replicas.yaml": "a\n"})
    (git_repo / "deploy/k8s/overlays").mkdir(parents=True)
    git(git_repo, "mv", "k8s/overlays/prod", "deploy/k8s/overlays/production")
    commit_all(git_repo, "Overlays named after environments")
    kind, reason = _edit(agent, git_repo, "k8s/overlays/prod/replicas.yaml")
    assert kind == "deny", reason
    assert "k8s/overlays/prod → deploy/k8s/overlays/production" in reason and "the kustomize overlay" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_directory_that_held_one_file_moved_is_said_as_the_files_move(agent: str, git_repo: Path) -> None:
    """``slots/bookings.yaml`` was the one file of ``slots``; the commit that moved it to ``venues/riverside/`` (and
    added another venue beside it) is the file's move: every line of the evidence names the file's own new path
    before the directory's, so a reader taking the first path of a line gets the file."""
    write(git_repo, {"slots/bookings.yaml": "a\n"})
    (git_repo / "venues/riverside").mkdir(parents=True)
    git(git_repo, "mv", "slots/bookings.yaml", "venues/riverside/bookings.yaml")
    (git_repo / "venues/harbour").mkdir(parents=True)
    (git_repo / "venues/harbour/bookings.yaml").write_text("b\n")
    commit_all(git_repo, "Slot bookings per venue")
    kind, reason = _edit(agent, git_repo, "slots/bookings.yaml")
    assert kind == "deny", reason
    evidence = next(line for line in reason.splitlines() if "Evidence" in line)
    paths = [w.strip("`(),;:") for w in evidence.split() if "/" in w and not w.startswith("/")]
    assert paths[:2] == ["slots/bookings.yaml", "venues/riverside/bookings.yaml"], evidence
    assert _edit(agent, git_repo, "venues/riverside/bookings.yaml")[0] == "allow"
