"""Premise classes of round 19, by mechanism:

- the build system, Nix shell, Apple dependency manager and JavaScript runtime a repository uses, read from
  the file each tool cannot run without (``make test`` with no Makefile beside ``MODULE.bazel``);
- the task a Gradle code-style plugin adds, when the build applies another plugin of that role;
- a Turborepo task turbo.json does not define (renamed in its history), an Nx project renamed;
- a new file in a directory a rename moved as a unit, where the parent still exists or moved its other
  subdirectories elsewhere.

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


def _pj(data: dict[str, object]) -> str:
    return json.dumps(data, indent=2) + "\n"


def _denied_with(agent: str, repo: Path, command: str, alternative: str) -> str:
    kind, reason = decide(agent, repo, command)
    assert kind == "deny", (command, reason)
    assert f"`{alternative}`" in reason, (command, reason)
    return reason


def _allowed(agent: str, repo: Path, *commands: str) -> None:
    for command in commands:
        kind, reason = decide(agent, repo, command)
        assert kind == "allow", (command, reason)


# --------------------------------------------------------------------------- which build system


@pytest.mark.parametrize("agent", AGENTS)
def test_a_make_target_after_the_makefile_gave_way_to_bazel(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "test:\n\t./run-tests\n", "lib/sum.cc": "int sum() { return 0; }\n"})
    (git_repo / "Makefile").unlink()
    write(git_repo, {"MODULE.bazel": 'module(name = "abacus")\n', "lib/BUILD.bazel": 'cc_library(name = "sum")\n'})
    reason = _denied_with(agent, git_repo, "make test", "bazel test //...")
    assert "MODULE.bazel" in reason and "Makefile" in reason
    _denied_with(agent, git_repo, "make build", "bazel build //...")
    _allowed(agent, git_repo, "bazel test //...", "make -C vendor/zlib", "make -f other.mk all")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_make_target_in_a_project_of_one_language_toolchain(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Cargo.toml": '[package]\nname = "tally"\nversion = "0.1.0"\n', "src/lib.rs": "\n"})
    _denied_with(agent, git_repo, "make lint", "cargo clippy")
    _denied_with(agent, git_repo, "make tests", "cargo test")
    # two toolchains: the files do not say which one `make test` meant
    write(git_repo, {"go.mod": "module example.com/tally\n\ngo 1.22\n"})
    _allowed(agent, git_repo, "make test")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_makefile_a_configure_step_generates_is_not_missing(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CMakeLists.txt": "project(dial)\n", "Cargo.toml": '[package]\nname = "dial"\n'})
    _allowed(agent, git_repo, "make test", "make")
    write(git_repo, {"configure.ac": "AC_INIT([dial], [1.0])\n"})
    _allowed(agent, git_repo, "make check")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_bazel_run_in_a_project_that_builds_with_meson(agent: str, git_repo: Path) -> None:
    write(git_repo, {"meson.build": "project('gauge', 'c')\n"})
    # no configured build directory yet: the setup step comes first
    _denied_with(agent, git_repo, "bazel test //...", "meson setup build && meson test -C build")
    write(git_repo, {"WORKSPACE": "\n"})
    _allowed(agent, git_repo, "bazel test //...")


# --------------------------------------------------------------------------- Nix shells


@pytest.mark.parametrize("agent", AGENTS)
def test_nix_shell_after_the_dev_shell_became_a_flake(agent: str, git_repo: Path) -> None:
    write(git_repo, {"flake.nix": "{ outputs = { self }: { }; }\n", "app.py": "print(1)\n"})
    _denied_with(agent, git_repo, "nix-shell --run pytest", "nix develop --command pytest")
    _denied_with(agent, git_repo, "nix-shell --run 'pytest -q tests'", "nix develop --command pytest -q tests")
    _denied_with(agent, git_repo, "nix-shell", "nix develop")
    # a shell of named packages, or of another file, needs no shell.nix
    _allowed(agent, git_repo, "nix-shell -p jq --run 'jq --version'", "nix-shell ci/shell.nix --run make",
             "nix develop --command pytest")


@pytest.mark.parametrize("agent", AGENTS)
def test_nix_develop_in_a_project_with_only_shell_nix(agent: str, git_repo: Path) -> None:
    write(git_repo, {"shell.nix": "{ pkgs ? import <nixpkgs> {} }: pkgs.mkShell { }\n"})
    _denied_with(agent, git_repo, "nix develop -c cargo build", "nix-shell --run 'cargo build'")
    _allowed(agent, git_repo, "nix develop nixpkgs#hello", "nix-shell --run 'cargo build'")


# --------------------------------------------------------------------------- Apple dependency managers


@pytest.mark.parametrize("agent", AGENTS)
def test_cocoapods_and_carthage_after_a_move_to_swift_packages(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Package.swift": "// swift-tools-version: 5.9\nimport PackageDescription\n"})
    _denied_with(agent, git_repo, "pod install", "swift package resolve")
    _denied_with(agent, git_repo, "pod update", "swift package update")
    _denied_with(agent, git_repo, "carthage bootstrap --platform iOS", "swift package resolve")
    _allowed(agent, git_repo, "pod search Alamofire", "swift package resolve")


@pytest.mark.parametrize("agent", AGENTS)
def test_swift_package_commands_in_a_cocoapods_project(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Podfile": "platform :ios, '16.0'\n", "Podfile.lock": "PODS:\n"})
    _denied_with(agent, git_repo, "swift package resolve", "pod install")
    _allowed(agent, git_repo, "pod install", "swift --version")


# --------------------------------------------------------------------------- JavaScript project runtime


@pytest.mark.parametrize("agent", AGENTS)
def test_npm_scripts_in_a_project_ported_to_deno(agent: str, git_repo: Path) -> None:
    write(git_repo, {"deno.json": _pj({"tasks": {"test": "deno test -A", "start": "deno run -A main.ts"}}),
                     "main.ts": "console.log(1)\n"})
    _denied_with(agent, git_repo, "npm test", "deno task test")
    _denied_with(agent, git_repo, "pnpm run start", "deno task start")
    _denied_with(agent, git_repo, "yarn lint", "deno lint")
    # a new project, a registry query: no premise about this project's package.json
    _allowed(agent, git_repo, "npm view preact version", "npm init -y", "deno task test")


@pytest.mark.parametrize("agent", AGENTS)
def test_npm_in_a_node_project_next_to_a_deno_config_is_its_own(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": _pj({"name": "kite", "scripts": {"test": "node --test"}}),
                     "package-lock.json": "{}\n", "deno.json": _pj({"tasks": {}})})
    _allowed(agent, git_repo, "npm test")


# --------------------------------------------------------------------------- Gradle code-style plugins

_KTS = 'plugins {{\n    kotlin("jvm") version "2.0.0"\n    id("{plugin}") version "1.0"\n}}\n'


@pytest.mark.parametrize("agent", AGENTS)
def test_a_style_task_of_a_gradle_plugin_the_build_no_longer_applies(agent: str, git_repo: Path) -> None:
    write(git_repo, {"settings.gradle.kts": 'rootProject.name = "dune"\n',
                     "build.gradle.kts": _KTS.format(plugin="org.jmailen.kotlinter"),
                     "gradlew": "#!/bin/sh\nexec gradle \"$@\"\n"})
    _denied_with(agent, git_repo, "./gradlew ktlintFormat", "./gradlew formatKotlin")
    _denied_with(agent, git_repo, "./gradlew :app:spotlessCheck --console=plain", "./gradlew :app:lintKotlin --console=plain")
    _allowed(agent, git_repo, "./gradlew lintKotlin", "./gradlew build")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_style_plugin_applied_in_a_convention_plugin_or_a_catalog_is_applied(agent: str, git_repo: Path) -> None:
    write(git_repo, {"settings.gradle.kts": 'rootProject.name = "dune"\n',
                     "build.gradle.kts": _KTS.format(plugin="com.diffplug.spotless"),
                     "gradle/libs.versions.toml": '[plugins]\nktlint = { id = "org.jlleitschuh.gradle.ktlint", '
                                                  'version = "12.1.1" }\n'})
    _allowed(agent, git_repo, "gradle ktlintCheck", "gradle spotlessCheck")


# --------------------------------------------------------------------------- Turborepo tasks, Nx projects


@pytest.mark.parametrize("agent", AGENTS)
def test_a_turborepo_task_renamed_in_turbo_json(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": _pj({"name": "mono", "private": True}),
                     "turbo.json": _pj({"pipeline": {"build": {}, "test:unit": {}}})})
    write(git_repo, {"turbo.json": _pj({"pipeline": {"build": {}, "unit-test": {}}})})
    reason = _denied_with(agent, git_repo, "turbo run test:unit --filter=api", "turbo run unit-test --filter=api")
    assert "turbo.json" in reason
    _allowed(agent, git_repo, "turbo run build", "turbo build --filter=web", "turbo login", "turbo run web#build")


@pytest.mark.parametrize("agent", AGENTS)
def test_an_nx_project_renamed(agent: str, git_repo: Path) -> None:
    project = {"name": "console", "targets": {"build": {}}}
    write(git_repo, {"nx.json": _pj({}), "package.json": _pj({"name": "ws", "private": True}),
                     "apps/console/project.json": _pj(project), "libs/ui/project.json": _pj({"name": "ui"})})
    git(git_repo, "mv", "apps/console", "apps/dashboard")
    (git_repo / "apps/dashboard/project.json").write_text(_pj({**project, "name": "dashboard"}))
    commit_all(git_repo, "console is dashboard now")
    _denied_with(agent, git_repo, "nx build console", "nx build dashboard")
    _denied_with(agent, git_repo, "nx run console:serve", "nx run dashboard:serve")
    _denied_with(agent, git_repo, "nx run-many -t test -p console", "nx run-many -t test -p dashboard")
    _allowed(agent, git_repo, "nx build dashboard", "nx test ui", "nx affected -t build", "nx graph")


# --------------------------------------------------------------------------- a directory moved as a unit


def _write_file(repo: Path, path: str) -> tuple[str, str]:
    return decide("claude", repo, tool="Write", tool_input={"file_path": str(repo / path), "content": "{}\n"})


def test_a_new_file_in_a_moved_directory_whose_parent_still_holds_files(git_repo: Path) -> None:
    write(git_repo, {"web/locales/fr/app.json": "{}\n", "web/locales/it/app.json": "{}\n", "web/index.html": "<p>\n"})
    (git_repo / "web/src/lang").mkdir(parents=True)
    git(git_repo, "mv", "web/locales", "web/src/lang/locales")
    commit_all(git_repo, "catalogs bundled with the source")
    kind, reason = _write_file(git_repo, "web/locales/fr/billing.json")
    assert kind == "deny", reason
    assert "web/locales → web/src/lang/locales" in reason and "`web/src/lang/locales/fr/billing.json`" in reason
    assert "translation catalogs" in reason
    kind, reason = _write_file(git_repo, "web/locales/pt/app.json")  # a language that never existed
    assert kind == "deny" and "`web/src/lang/locales/pt/app.json`" in reason
    assert _write_file(git_repo, "web/src/lang/locales/fr/billing.json")[0] == "allow"
    assert _write_file(git_repo, "web/about.html")[0] == "allow"


def test_a_directory_whose_subdirectories_went_to_different_places(git_repo: Path) -> None:
    write(git_repo, {"sql/reports/daily.sql": "select 1;\n", "sql/ddl/001.sql": "create table t (i int);\n"})
    (git_repo / "store").mkdir()
    git(git_repo, "mv", "sql/reports", "store/reports")
    git(git_repo, "mv", "sql/ddl", "store/schema")
    commit_all(git_repo, "sql under store")
    kind, reason = _write_file(git_repo, "sql/reports/weekly.sql")
    assert kind == "deny" and "`store/reports/weekly.sql`" in reason, reason
    kind, reason = _write_file(git_repo, "sql/ddl/002.sql")
    assert kind == "deny" and "`store/schema/002.sql`" in reason, reason
    # a new subdirectory of the old parent: its files went to two places, which one is unknowable
    assert _write_file(git_repo, "sql/views/v.sql")[0] == "allow"


# --------------------------------------------------------------------------- permissions are not restrictions


@pytest.mark.parametrize("line", [
    "- Landing: use a merge commit (`git merge --no-ff`); merge commits on main are fine",
    "- `git push --no-verify` to main is fine when the hooks are down",
    "| Landing | git merge --no-ff feature/x; merges into `main` are allowed |",
    "Squash or no-ff merges into develop are both okay; pushing to develop is fine.",
])
def test_a_permission_about_a_branch_is_never_a_protection(line: str) -> None:
    from statewise_cli.memory.extract import extract

    facts = extract(line + "\n")
    assert not [f for f in facts if f.key == "git.branch.protected" and f.value is True], line


@pytest.mark.parametrize("line, branch", [
    ("- Never push directly to `main`; open a pull request.", "main"),
    ("- No merges into release/2.x without the release manager.", "release/2.x"),
    ("Do not commit to master.", "master"),
])
def test_a_restriction_about_a_branch_is_still_a_protection(line: str, branch: str) -> None:
    from statewise_cli.memory.extract import extract

    facts = extract(line + "\n")
    assert any(f.key == "git.branch.protected" and f.value is True and f.scope == f"branch:{branch}" for f in facts), line


# --------------------------------------------------------------------------- what the remote requires of a commit

_SIGNED_HOOK = ("#!/bin/sh\nwhile read old new ref; do\n{guard}"
                "  git verify-commit \"$new\" >/dev/null 2>&1 || {{ echo 'error: commits must be signed' >&2; exit 1; }}\n"
                "done\nexit 0\n")
_SIGNOFF_HOOK = ("#!/bin/sh\nwhile read old new ref; do\n"
                 "  git log -1 --format=%B \"$new\" | grep -q '^Signed-off-by: ' || { echo 'error: sign-off required' >&2; exit 1; }\n"
                 "done\nexit 0\n")


def _remote_hook(repo: Path, text: str) -> None:
    origin = Path(git(repo, "config", "remote.origin.url").strip())
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(text)
    hook.chmod(0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_commit_without_the_signature_the_remote_requires(agent: str, git_repo: Path) -> None:
    _remote_hook(git_repo, _SIGNED_HOOK.format(guard=""))
    git(git_repo, "switch", "-q", "-c", "topic/retry")
    (git_repo / "retry.py").write_text("x = 2\n")
    kind, reason = decide(agent, git_repo, "git commit -q -am 'Retry: jitter' && git push -q origin topic/retry")
    assert kind == "deny", reason
    assert "signature" in reason and "`git commit -S -q -am 'Retry: jitter' && git push -q origin topic/retry`" in reason
    _allowed(agent, git_repo, "git commit -S -am 'Retry: jitter'", "git commit -qS -m x", "git commit --gpg-sign=ABC -m x")
    git(git_repo, "config", "commit.gpgsign", "true")
    _allowed(agent, git_repo, "git commit -am 'Retry: jitter'")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_signature_hook_that_names_another_branch_says_nothing_about_this_one(agent: str, git_repo: Path) -> None:
    _remote_hook(git_repo, _SIGNED_HOOK.format(guard="  [ \"$ref\" = refs/heads/main ] || continue\n"))
    git(git_repo, "switch", "-q", "-c", "topic/notes")
    _allowed(agent, git_repo, "git commit --allow-empty -m notes")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_commit_without_the_sign_off_the_remote_requires(agent: str, git_repo: Path) -> None:
    _remote_hook(git_repo, _SIGNOFF_HOOK)
    kind, reason = decide(agent, git_repo, "git commit --allow-empty -m 'Docs: typo'")
    assert kind == "deny" and "`git commit -s --allow-empty -m 'Docs: typo'`" in reason, reason
    _allowed(agent, git_repo, "git commit -s --allow-empty -m x", "git commit --signoff --allow-empty -m x",
             "git commit -sm x")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_submodule_update_after_gitmodules_moved_its_url(agent: str, git_repo: Path) -> None:
    write(git_repo, {".gitmodules": '[submodule "vendor/icons"]\n\tpath = vendor/icons\n\turl = /srv/old-host/icons.git\n'})
    git(git_repo, "config", "submodule.vendor/icons.url", "/srv/old-host/icons.git")
    _allowed(agent, git_repo, "git submodule update --init --recursive")
    write(git_repo, {".gitmodules": '[submodule "vendor/icons"]\n\tpath = vendor/icons\n\turl = /srv/new-host/icons.git\n'})
    reason = _denied_with(agent, git_repo, "git submodule update --init --recursive",
                          "git submodule sync --recursive && git submodule update --init --recursive")
    assert "/srv/new-host/icons.git" in reason and "/srv/old-host/icons.git" in reason
    _allowed(agent, git_repo, "git submodule sync --recursive && git submodule update --init --recursive")
    git(git_repo, "config", "submodule.vendor/icons.url", "/srv/new-host/icons.git")
    _allowed(agent, git_repo, "git submodule update --init --recursive")


# --------------------------------------------------------------------------- files a repository keeps outside git


@pytest.mark.parametrize("agent", AGENTS)
def test_a_git_add_of_a_kind_of_file_the_repository_tracks_with_dvc(agent: str, git_repo: Path) -> None:
    write(git_repo, {".dvc/config": "[core]\n    remote = store\n", "data/weights.pt.dvc": "outs:\n- md5: 00\n  path: weights.pt\n",
                     "data/.gitignore": "/weights.pt\n", "train.py": "pass\n"})
    (git_repo / "data/weights-v2.pt").write_bytes(b"\0" * 64)
    (git_repo / "notes.md").write_text("n\n")
    for command in ("git add data/weights-v2.pt", "git add -A && git commit -qm weights", "git add data/"):
        kind, reason = decide(agent, git_repo, command)
        assert kind == "deny", (command, reason)
        assert "`dvc add data/weights-v2.pt && dvc push && git add data/weights-v2.pt.dvc data/.gitignore`" in reason
    _allowed(agent, git_repo, "git add notes.md", "dvc add data/weights-v2.pt && git add data/weights-v2.pt.dvc data/.gitignore")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_pointer_file_without_dvc_decides_nothing(agent: str, git_repo: Path) -> None:
    write(git_repo, {"data/weights.pt.dvc": "outs:\n- path: weights.pt\n"})
    (git_repo / "data/weights-v2.pt").write_bytes(b"\0" * 64)
    _allowed(agent, git_repo, "git add data/weights-v2.pt")


_TAG_HOOK = ("#!/bin/sh\nrefname=\"$1\"\nnewrev=\"$3\"\ncase \"$refname\" in\n  refs/tags/*)\n"
             "    if [ \"$(git cat-file -t \"$newrev\")\" = commit ]; then\n"
             "      echo \"*** lightweight tags are not allowed here\" >&2\n      exit 1\n    fi;;\nesac\nexit 0\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_lightweight_tag_where_the_remote_accepts_only_annotated_ones(agent: str, git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "remote.origin.url").strip())
    hook = origin / "hooks" / "update"
    hook.write_text(_TAG_HOOK)
    hook.chmod(0o755)
    reason = _denied_with(agent, git_repo, "git tag v3.1.0 && git push origin v3.1.0",
                          "git tag -a v3.1.0 -m 'v3.1.0' && git push origin v3.1.0")
    assert "annotated" in reason
    _allowed(agent, git_repo, "git tag -a v3.1.0 -m 'Release 3.1.0'", "git tag -s v3.1.0 -m x", "git tag -l")
    hook.write_text("#!/bin/sh\nexit 0\n")
    _allowed(agent, git_repo, "git tag v3.1.0")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_pull_request_merge_method_the_repository_settings_turn_off(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/settings.yml": "repository:\n  allow_merge_commit: false\n  allow_squash_merge: false\n"
                                             "  allow_rebase_merge: true\n"})
    reason = _denied_with(agent, git_repo, "gh pr merge --merge 17", "gh pr merge --rebase 17")
    assert "allow_merge_commit: false" in reason
    _denied_with(agent, git_repo, "gh pr merge 17 -s --delete-branch", "gh pr merge 17 --rebase --delete-branch")
    _allowed(agent, git_repo, "gh pr merge --rebase 17", "gh pr view 17")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_language_toolchain_run_in_a_project_that_moved_to_another(agent: str, git_repo: Path) -> None:
    write(git_repo, {"go.mod": "module example.com/meter\n\ngo 1.22\n", "main.go": "package main\n\nfunc main() {}\n"})
    _denied_with(agent, git_repo, "cargo test", "go test ./...")
    _denied_with(agent, git_repo, "cargo clippy", "go vet ./...")
    _denied_with(agent, git_repo, "mix test", "go test ./...")
    # what runs without a project: an install, a package at a version, a file of its own
    _allowed(agent, git_repo, "cargo install ripgrep", "go run example.com/tool@v1.2.0", "go test ./...",
             "swift --version", "cargo test --manifest-path tools/gen/Cargo.toml")
