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
                                                       "Lingohub any more.\n"}, "Translations: new platform")
    kind, reason = decide(agent, git_repo, "lingohub upload sources")
    assert kind == "deny", reason
    assert "lingohub.yml" in reason and "transvault.toml" in reason and "new platform" in reason
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
