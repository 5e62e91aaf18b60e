"""A program whose footprint the repository no longer has: no configuration, manifest entry, CI step or script names
it now (prose aside), while a commit removed that footprint and added something in its place. Invented
repositories and tools (``statewise_cli.recovery.premises_footprint``); the program that took its place, a program
the repository still configures, one it never had and one removed with nothing in its place are allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


def _replace(repo: Path, remove: list[str], files: dict[str, str], message: str) -> None:
    for name in remove:
        git(repo, "rm", "-q", "-r", name)
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, message)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_translation_platform_whose_config_a_commit_replaced(agent: str, git_repo: Path) -> None:
    write(git_repo, {"lingohub.yml": "project_id: 42\nfiles:\n  - source: /locales/en.json\n",
                     "README.md": "Strings live in locales/.\n"})
    _replace(git_repo, ["lingohub.yml"], {"transvault.toml": "[project]\nslug = \"acme\"\n",
                                          "README.md": "Our translators work in Transvault now; nobody translates in "
                                                       "Lingohub any more. Push new source strings with "
                                                       "`tvcli push --source`.\n"}, "Translations: new platform")
    kind, reason = decide(agent, git_repo, "lingohub upload sources")
    assert kind == "deny", reason
    assert "lingohub.yml" in reason and "transvault.toml" in reason and "new platform" in reason
    assert "`tvcli push --source`" in reason
    assert decide(agent, git_repo, "transvault push")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_process_manager_whose_scripts_moved_to_unit_files(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "api", "scripts": {"start": "procvisor start herd.config.js"}}\n',
                     "herd.config.js": "module.exports = { apps: [{ name: 'acme-api', script: 'server.js' }] };\n",
                     "server.js": "console.log('hi')\n"})
    _replace(git_repo, ["herd.config.js"], {"package.json": '{"name": "api", "scripts": {"start": "node server.js"}}\n',
                                            "deploy/units/acme-api.service": "[Service]\nExecStart=/usr/bin/node server.js\n",
                                            "docs/ops.md": "We ran procvisor before; restart the unit instead.\n"},
             "Run the API under user units")
    kind, reason = decide(agent, git_repo, "procvisor restart acme-api")
    assert kind == "deny", reason
    assert "deploy/units/acme-api.service" in reason
    assert decide(agent, git_repo, "systemctl --user restart acme-api.service")[0] == "allow"


def test_a_code_generator_line_replaced_in_the_makefile_with_a_changelog_mention(git_repo: Path) -> None:
    write(git_repo, {"Makefile": "client:\n\tcodegenx generate -i api.yaml -l python -o client\n",
                     "api.yaml": "openapi: 3.1.0\n"})
    _replace(git_repo, [], {"Makefile": "client:\n\tapigen-cli generate -i api.yaml -g python -o client\n",
                            "CHANGELOG.md": "- client generation moved off codegenx\n"}, "client: new generator")
    kind, reason = decide("claude", git_repo, "codegenx generate -i api.yaml -l python -o client")
    assert kind == "deny", reason
    assert "apigen-cli generate -i api.yaml -g python -o client" in reason


def test_controls_still_configured_never_there_or_removed_with_nothing_in_place(git_repo: Path) -> None:
    write(git_repo, {"wharf.yml": "target: prod\n", "README.md": "Deploy with Wharf and check with Linty.\n",
                     "tools/lint.sh": "#!/bin/sh\nsnoopcheck src\n"})
    assert decide("claude", git_repo, "wharf deploy")[0] == "allow"  # its configuration is there
    assert decide("claude", git_repo, "linty src")[0] == "allow"  # prose only, no history either way
    _replace(git_repo, ["tools/lint.sh"], {}, "drop the lint script")
    assert decide("claude", git_repo, "snoopcheck src")[0] == "allow"  # removed, nothing took its place


def test_a_tool_removed_and_later_brought_back_is_allowed(git_repo: Path) -> None:
    write(git_repo, {"dataflux.yaml": "stages: {}\n"})
    _replace(git_repo, ["dataflux.yaml"], {"pipeline.toml": "[stages]\n"}, "try the other pipeline tool")
    _replace(git_repo, [], {"dataflux.yaml": "stages: {}\n"}, "back to dataflux")
    assert decide("claude", git_repo, "dataflux repro")[0] == "allow"


def test_the_deny_names_the_commit_what_it_removed_and_what_it_added(git_repo: Path) -> None:
    write(git_repo, {".github/workflows/i18n.yml": "jobs:\n  up:\n    steps:\n      - run: polyglotter push --all\n"})
    _replace(git_repo, [".github/workflows/i18n.yml"], {".tongues/project.json": '{"slug": "acme"}\n',
                                                        "README.md": "Polyglotter is history: the team works in Tongues.\n"},
             "i18n: Tongues")
    kind, reason = decide("codex", git_repo, "polyglotter push --all")
    assert kind == "deny", reason
    assert ".github/workflows/i18n.yml" in reason and ".tongues/project.json" in reason and "i18n: Tongues" in reason
    assert decide("codex", git_repo, "polyglotter --version")[0] == "allow"  # no job resting on it


# ------------------------------------------------------------------ a setting a commit moved to another file
def _edit(agent: str, repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    if agent == "codex":
        minus = "".join(f"-{line}\n" for line in old.splitlines())
        plus = "".join(f"+{line}\n" for line in new.splitlines())
        patch = f"*** Begin Patch\n*** Update File: {path}\n@@\n{minus}{plus}*** End Patch\n"
        return decide(agent, repo, tool="apply_patch", tool_input={"command": patch})
    return decide(agent, repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                         "new_string": new})


@pytest.mark.parametrize("agent", AGENTS)
def test_a_setting_added_back_to_the_file_a_commit_moved_it_out_of(agent: str, git_repo: Path) -> None:
    write(git_repo, {"config/initializers/queue.rb": "Queuer.configure do |config|\n  config.redis = ENV['REDIS']\n"
                                                     "  config.worker_threads = 10\nend\n"})
    _replace(git_repo, [], {"config/initializers/queue.rb": "Queuer.configure do |config|\n  config.redis = ENV['REDIS']\n"
                                                            "end\n",
                            "config/queuer.yml": ":worker_threads: 10\n:queues:\n  - default\n"}, "queue: settings to YAML")
    kind, reason = _edit(agent, git_repo, "config/initializers/queue.rb", "  config.redis = ENV['REDIS']\n",
                         "  config.redis = ENV['REDIS']\n  config.worker_threads = 25\n")
    assert kind == "deny", reason
    assert "config/queuer.yml" in reason and ":worker_threads: 10" in reason and "queue: settings to YAML" in reason
    # the file that holds it now, and another setting of the same file, are edits like any other
    assert _edit(agent, git_repo, "config/queuer.yml", ":worker_threads: 10\n", ":worker_threads: 25\n")[0] == "allow"
    assert _edit(agent, git_repo, "config/initializers/queue.rb", "  config.redis = ENV['REDIS']\n",
                 "  config.redis = ENV['REDIS']\n  config.network_timeout = 5\n")[0] == "allow"


def test_a_setting_dropped_with_nothing_in_its_place_or_still_set_is_allowed(git_repo: Path) -> None:
    write(git_repo, {"deploy/api.yaml": "kind: Deployment\nspec:\n  replicas: 3\n  template: {}\n"})
    _replace(git_repo, [], {"deploy/api.yaml": "kind: Deployment\nspec:\n  template: {}\n"}, "drop the replica count")
    kind, reason = _edit("claude", git_repo, "deploy/api.yaml", "spec:\n", "spec:\n  replicas: 5\n")
    assert kind == "allow", reason  # removed, nothing took its place
    _replace(git_repo, [], {"deploy/api.yaml": "kind: Deployment\nspec:\n  replicas: 2\n  template: {}\n",
                            "deploy/scaler.yaml": "minReplicas: 2\n"}, "scaler")
    assert _edit("claude", git_repo, "deploy/api.yaml", "  replicas: 2\n", "  replicas: 4\n")[0] == "allow"


def test_replicas_handed_to_an_autoscaler_manifest(git_repo: Path) -> None:
    write(git_repo, {"k8s/web.yaml": "kind: Deployment\nspec:\n  replicas: 3\n  template: {}\n"})
    _replace(git_repo, [], {"k8s/web.yaml": "kind: Deployment\nspec:\n  template: {}\n",
                            "k8s/web-scaler.yaml": "kind: Autoscaler\nspec:\n  minReplicas: 3\n  maxReplicas: 12\n"},
             "web: scale with the autoscaler")
    kind, reason = _edit("codex", git_repo, "k8s/web.yaml", "spec:\n", "spec:\n  replicas: 6\n")
    assert kind == "deny", reason
    assert "k8s/web-scaler.yaml" in reason


def test_a_commit_saying_the_successor_replaces_the_tool_for_a_purpose_names_the_successor(git_repo: Path) -> None:
    # "Y replaces X for <purpose>": the words after ``for`` say what for, not by what
    write(git_repo, {"labs/oldlabel.cfg": "[print]\nprinter = bench-2\n"})
    _replace(git_repo, ["labs/oldlabel.cfg"], {"labs/tubeprint.yaml": "printer: bench-2\n"},
             "Labs: tubeprint replaces oldlabel for sample tubes")
    kind, reason = decide("claude", git_repo, "oldlabel --batch 7")
    assert kind == "deny", reason
    assert "run the same job with tubeprint" in reason, reason
