"""Runtime and git premise classes of round 33, by mechanism (every repository here is invented):

- a replaced tool's successor named by what the replacing commit added (an ecosystem manifest, a version
  pin, a cargo alias) or by its message naming the old tool by its package, and the successor's own
  command convention for the same job (a Clojure CLI alias, a cargo alias with the task, the job word);
- a file operand the history turned into several files the same tool reads from their directory;
- a subcommand or option the project's pinned major of a tool removed (a config's schema version, a pin);
- a tool or bridge the docs retire, with the command the same paragraph gives;
- a branch the docs say moves only through a named command: that command replaces the stop's generic
  pull request.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_premises import decide, write


def _swap(repo: Path, gone: list[str], files: dict[str, str], message: str) -> None:
    """One commit that deletes ``gone`` and adds ``files`` (a tool replaced by another)."""
    for path in gone:
        git(repo, "rm", "-rq", path)
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", message)


# --------------------------------------------------------------------------- successors and their conventions


@pytest.mark.parametrize("agent", AGENTS)
def test_a_clojure_cli_alias_is_the_successor_command_of_a_removed_build_tool(agent: str, git_repo: Path) -> None:
    write(git_repo, {"project.clj": '(defproject shop/cart "1.0.0")\n', "src/cart/core.clj": "(ns cart.core)\n"})
    _swap(git_repo, ["project.clj"], {"deps.edn": '{:paths ["src"]\n :aliases {:check {:main-opts ["-m" "kondo"]}\n'
                                                  '  :unit {:extra-paths ["test"] :exec-fn runner/run}}}\n'},
          "Build with tools.deps")
    kind, reason = decide(agent, git_repo, "lein check")
    assert kind == "deny", reason
    assert "`clojure -M:check`" in reason and "deps.edn" in reason
    assert decide(agent, git_repo, "clojure -M:check")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_version_pin_and_a_manifest_name_the_successor_and_the_job_word_carries_over(agent: str,
                                                                                         git_repo: Path) -> None:
    write(git_repo, {"project.yml": "name: Radio\n", "Radio/Main.swift": "import UIKit\n"})
    _swap(git_repo, ["project.yml"], {"Project.swift": 'import ProjectDescription\nlet project = Project(name: "Radio")\n',
                                      ".tool-versions": "tuist 4.2.0\n"}, "Project generation in Swift")
    kind, reason = decide(agent, git_repo, "xcodegen generate --spec project.yml")
    assert kind == "deny", reason
    assert "`tuist generate`" in reason
    assert decide(agent, git_repo, "tuist generate")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_cargo_alias_replacing_a_cargo_plugin_takes_the_same_task(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Cargo.toml": '[workspace]\nmembers = ["core"]\n', "Makefile.toml": "[tasks.release-check]\n"})
    _swap(git_repo, ["Makefile.toml"], {"automation/Cargo.toml": '[package]\nname = "automation"\n',
                                        ".cargo/config.toml": '[alias]\nauto = "run -p automation --"\n'},
          "Automation crate instead of a task plugin")
    kind, reason = decide(agent, git_repo, "cargo make release-check")
    assert kind == "deny", reason
    assert "`cargo auto release-check`" in reason
    assert decide(agent, git_repo, "cargo auto release-check")[0] == "allow"
    assert decide(agent, git_repo, "cargo build --release")[0] == "allow"  # a built-in subcommand is no plugin


@pytest.mark.parametrize("agent", AGENTS)
def test_a_commit_naming_the_old_tool_by_its_package_names_the_successor(agent: str, git_repo: Path) -> None:
    write(git_repo, {"schema/1_users.up.sql": "create table users();\n", "schema/1_users.down.sql": "drop table users;\n"})
    _swap(git_repo, ["schema"], {"db/changes/001_users.sql": "-- migrate:up\n"}, "acme-migrate -> dbmate for schema changes")
    kind, reason = decide(agent, git_repo, "migrate -source schema -database $PG_URL up")
    assert kind == "deny", reason
    assert "`dbmate up`" in reason and "schema" in reason


def test_a_tool_still_configured_or_never_replaced_is_allowed(git_repo: Path) -> None:
    write(git_repo, {"project.clj": '(defproject a/b "0.1.0")\n', "notes.txt": "x\n"})
    assert decide("claude", git_repo, "lein test")[0] == "allow"
    _swap(git_repo, ["notes.txt"], {"deps.edn": "{:aliases {:test {:exec-fn r/t}}}\n"}, "Add a tools.deps file too")
    assert decide("claude", git_repo, "lein test")[0] == "allow"  # project.clj is still there


@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_operand_turned_into_a_directory_of_the_same_tools_files(agent: str, git_repo: Path) -> None:
    write(git_repo, {"images/worker.json": '{"builders": []}\n'})
    _swap(git_repo, ["images/worker.json"], {"images/worker.pkr.hcl": 'source "null" "w" {}\n',
                                             "images/plugins.pkr.hcl": "packer {}\n"}, "Templates in HCL")
    kind, reason = decide(agent, git_repo, "packer build images/worker.json")
    assert kind == "deny", reason
    assert "`packer build images`" in reason
    assert decide(agent, git_repo, "packer build images")[0] == "allow"


# --------------------------------------------------------------------------- a pinned major's removed spellings


@pytest.mark.parametrize("agent", AGENTS)
def test_an_option_and_a_subcommand_a_pinned_major_removed(agent: str, git_repo: Path) -> None:
    write(git_repo, {".goreleaser.yml": "version: 2\nbuilds:\n  - main: ./cmd/tool\n",
                     "requirements-dev.txt": "apache-airflow[postgres]==2.8.4\n"})
    kind, reason = decide(agent, git_repo, "goreleaser build --single-target --rm-dist")
    assert kind == "deny", reason
    assert "`goreleaser build --single-target --clean`" in reason
    kind, reason = decide(agent, git_repo, "airflow list_dags")
    assert kind == "deny" and "`airflow dags list`" in reason, reason
    assert decide(agent, git_repo, "airflow dags list")[0] == "allow"


def test_the_old_spelling_under_the_old_major_is_allowed(git_repo: Path) -> None:
    write(git_repo, {".goreleaser.yml": "builds:\n  - main: .\n", "requirements.txt": "apache-airflow==1.10.15\n"})
    assert decide("claude", git_repo, "goreleaser release --rm-dist")[0] == "allow"
    assert decide("claude", git_repo, "airflow list_dags")[0] == "allow"


# --------------------------------------------------------------------------- retired tools and bridges


@pytest.mark.parametrize("agent", AGENTS)
def test_a_review_client_whose_server_the_docs_retire(agent: str, git_repo: Path) -> None:
    write(git_repo, {".reviewboardrc": 'REVIEWBOARD_URL = "https://reviews.corp.example/"\n'})
    git(git_repo, "switch", "-q", "-c", "fix/retry")
    _swap(git_repo, [".reviewboardrc"], {"CONTRIBUTING.md": "# Contributing\n\nThe reviews server was shut down in May. "
                                         "Push your branch to origin and open a pull request (`gh pr create --fill`).\n"},
          "Move review to pull requests")
    kind, reason = decide(agent, git_repo, "rbt post")
    assert kind == "deny", reason
    assert "`git push -u origin fix/retry && gh pr create --fill`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_vcs_bridge_the_docs_retire_names_the_push_the_docs_give(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/history.md": "# History\n\nThe Perforce depot is read-only since 2025. git-svn is no longer used "
                                        "either; publish with git push origin main.\n"})
    kind, reason = decide(agent, git_repo, "git svn dcommit")
    assert kind == "deny", reason
    assert "`git push origin main`" in reason
    git(git_repo, "config", "svn-remote.svn.url", "https://svn.example/repo")
    assert decide(agent, git_repo, "git svn dcommit")[0] == "allow"  # this clone still has the bridge


def test_docs_that_do_not_retire_the_tool_decide_nothing(git_repo: Path) -> None:
    write(git_repo, {".reviewboardrc": 'REVIEWBOARD_URL = "https://reviews.corp.example/"\n'})
    _swap(git_repo, [".reviewboardrc"], {"README.md": "# App\n\nThe reviews server moved hosts; run `rbt setup-repo`.\n"},
          "Docs")
    assert decide("claude", git_repo, "rbt post")[0] == "allow"


# --------------------------------------------------------------------------- a branch moved through a named command


def _reject(repo: Path, ref: str) -> None:
    origin = Path(git(repo, "config", "remote.origin.url").strip())
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(f"#!/bin/sh\nwhile read old new ref; do\n  [ \"$ref\" = \"refs/heads/{ref}\" ] && "
                    "{ echo 'remote: protected' >&2; exit 1; }\ndone\nexit 0\n")
    hook.chmod(0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_the_docs_move_only_through_a_workflow_gets_that_workflow(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:refs/heads/live")
    write(git_repo, {"docs/deploy.md": "# Deploy\n\n`live` is what the edge serves. It is updated only by the rollout "
                                       "workflow (`gh workflow run rollout.yml`) after the canary passes.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _reject(git_repo, "live")
    kind, reason = decide(agent, git_repo, "git push origin HEAD:live")
    assert kind == "deny", reason
    assert "`gh workflow run rollout.yml`" in reason and "gh pr create" not in reason
    assert decide(agent, git_repo, "git push origin HEAD:topic/x")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_mirror_push_to_a_host_mirror_names_the_newest_release_to_read_back(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/ops.md": "# Ops\n\nThe `vault` remote is a mirror the hosting service keeps in sync with origin. "
                                    "Nobody pushes to it by hand.\n"})
    vault = git_repo.parent / "vault.git"
    git(git_repo.parent, "init", "-q", "--bare", str(vault))
    git(git_repo, "remote", "add", "vault", str(vault))
    git(git_repo, "tag", "-a", "v4.0.1", "-m", "v4.0.1")
    kind, reason = decide(agent, git_repo, "git push --mirror vault")
    assert kind == "deny", reason
    assert "`git ls-remote --exit-code vault refs/tags/v4.0.1`" in reason


# --------------------------------------------------------------------------- successors' documented jobs (after set L)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_removed_go_dependency_tool_names_the_modules_command_for_its_job(agent: str, git_repo: Path) -> None:
    write(git_repo, {"glide.yaml": "package: example.org/x\n", "main.go": "package main\n"})
    _swap(git_repo, ["glide.yaml"], {"go.mod": "module example.org/x\n\ngo 1.22\n"}, "Go modules")
    kind, reason = decide(agent, git_repo, "glide install")
    assert kind == "deny" and "`go mod download`" in reason, reason
    assert decide(agent, git_repo, "go mod download")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_targets_of_a_removed_makefile_become_the_successor_build_tools_commands(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "PROJECT = relay\ninclude erlang.mk\n", "erlang.mk": "# build\n"})
    _swap(git_repo, ["Makefile", "erlang.mk"], {"rebar.config": "{erl_opts, [debug_info]}.\n"}, "Build with rebar3")
    kind, reason = decide(agent, git_repo, "make eunit")
    assert kind == "deny" and "`rebar3 eunit`" in reason, reason
    assert "`rebar3 xref`" in decide(agent, git_repo, "make xref")[1]
    assert decide(agent, git_repo, "rebar3 eunit")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_pipeline_target_becomes_the_successor_modules_function(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Earthfile": "VERSION 0.8\nbuild-image:\n    FROM alpine\n"})
    _swap(git_repo, ["Earthfile"], {"dagger.json": '{"name": "pipe"}\n', "ci/main.go": "package main\n"}, "Pipeline module")
    kind, reason = decide(agent, git_repo, "earthly +build-image")
    assert kind == "deny" and "`dagger call build-image --source=.`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_toolchain_program_and_an_r_package_function_take_their_successors_spelling(agent: str, git_repo: Path) -> None:
    write(git_repo, {"elm-package.json": "{}\n", "packrat/packrat.lock": "PackratFormat: 1.4\n"})
    _swap(git_repo, ["elm-package.json"], {"elm.json": '{"type": "application"}\n'}, "Upgrade the compiler")
    _swap(git_repo, ["packrat"], {"renv.lock": '{"R": {"Version": "4.4.0"}}\n'}, "Another package library")
    kind, reason = decide(agent, git_repo, "elm-reactor --port 9000")
    assert kind == "deny" and "`elm reactor --port 9000`" in reason, reason
    kind, reason = decide(agent, git_repo, 'Rscript -e "packrat::snapshot()"')
    assert kind == "deny" and '`Rscript -e "renv::snapshot()"`' in reason, reason
    assert decide(agent, git_repo, 'Rscript -e "renv::snapshot()"')[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_installers_that_bypass_a_snapshot_and_sdks_pinned_for_a_wrapper(agent: str, git_repo: Path) -> None:
    write(git_repo, {"cpanfile": "requires 'Dancer2';\n", "cpanfile.snapshot": "# carton snapshot format: version 1.0\n",
                     ".fvm/fvm_config.json": '{"flutterSdkVersion": "3.22.0"}\n', "pubspec.yaml": "name: app\n"})
    kind, reason = decide(agent, git_repo, "cpanm --notest --installdeps .")
    assert kind == "deny" and "`carton install`" in reason, reason
    kind, reason = decide(agent, git_repo, "dart run build_runner build")
    assert kind == "deny" and "`fvm dart run build_runner build`" in reason, reason
    assert decide(agent, git_repo, "fvm dart run build_runner build")[0] == "allow"
    assert decide(agent, git_repo, "cpanm App::cpanminus")[0] == "allow"  # not the project's dependencies


# --------------------------------------------------------------------------- git (after set L)


def _published(repo: Path, tag: str) -> None:
    git(repo, "tag", "-a", tag, "-m", tag)
    git(repo, "push", "-q", "origin", "HEAD", tag)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_rolling_tag_the_docs_describe_may_move_and_a_release_tag_may_not(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/channels.md": "# Channels\n\n`edge` is a rolling tag: the build bot moves it to main after "
                                         "every green build, and anyone may move it when the bot is down.\n"})
    _published(git_repo, "edge")
    _published(git_repo, "v3.1.0")
    write(git_repo, {"b.txt": "2\n"})
    assert decide(agent, git_repo, "git tag -f edge HEAD && git push -f origin edge")[0] == "allow"
    assert decide(agent, git_repo, "git tag -f v3.1.0 HEAD")[0] == "deny"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_published_go_module_version_is_retracted_not_deleted(agent: str, git_repo: Path) -> None:
    write(git_repo, {"go.mod": "module example.org/clock\n\ngo 1.22\n"})
    _published(git_repo, "v2.3.0")
    kind, reason = decide(agent, git_repo, "git push --delete origin v2.3.0")
    assert kind == "deny", reason
    assert "retract v2.3.0" in reason and "git tag v2.3.1" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_to_a_working_clones_checked_out_branch_goes_to_the_namespace_the_docs_give(agent: str,
                                                                                         git_repo: Path) -> None:
    peer = git_repo.parent / "lee"
    git(git_repo.parent, "clone", "-q", git(git_repo, "config", "remote.origin.url").strip(), str(peer))
    git(git_repo, "remote", "add", "lee", str(peer))
    write(git_repo, {"docs/pairing.md": "# Pairing\n\nThe lee remote is Lee's working copy. Push to a branch under "
                                        "review/ on it and Lee picks it up.\n"})
    git(git_repo, "switch", "-q", "-c", "fix-dates")
    checked = git(peer, "rev-parse", "--abbrev-ref", "HEAD").strip()
    kind, reason = decide(agent, git_repo, f"git push lee HEAD:{checked}")
    assert kind == "deny", reason
    assert "`git push lee HEAD:refs/heads/review/fix-dates`" in reason
    assert decide(agent, git_repo, "git push lee HEAD:refs/heads/review/fix-dates")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_mail_relay_the_docs_retire_stops_send_email(agent: str, git_repo: Path) -> None:
    git(git_repo, "config", "sendemail.smtpServer", "relay.widgets.example")
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nThe widgets relay was decommissioned in June; submit series "
                                        "with `patchsend submit --series` instead.\n"})
    kind, reason = decide(agent, git_repo, "git send-email --to=dev@widgets.example origin/main")
    assert kind == "deny", reason
    assert "`patchsend submit --series`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_the_docs_name_in_prose_as_exported_is_closed_to_pushes(agent: str, git_repo: Path) -> None:
    mirror = git_repo.parent / "oss.git"
    git(git_repo.parent, "init", "-q", "--bare", str(mirror))
    git(git_repo, "remote", "add", "oss", str(mirror))
    write(git_repo, {"docs/oss.md": "# Open source\n\nThe oss remote is filled by the export job, which drops private/. "
                                    "Never push to the oss remote by hand.\n"})
    assert decide(agent, git_repo, "git push oss main")[0] == "deny"
    assert decide(agent, git_repo, "git push origin HEAD:refs/heads/topic")[0] == "allow"
