"""A program the repository no longer names, whose lines a commit gave to another program: the deny names the
commit, the line that took its place and the command to run (``statewise_cli.recovery.premises_history``).
Invented repositories and tools; the correct command, an unrelated tool and a still-used one are allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


@pytest.mark.parametrize("agent", AGENTS)
def test_a_recipe_line_given_to_another_program(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "bundle:\n\tquillpack bake --release site/\n", "docs/HACKING.md": "Run `make bundle`.\n"})
    write(git_repo, {"Makefile": "bundle:\n\tinkroll build --release site/\n"})
    kind, reason = decide(agent, git_repo, "quillpack bake --release site/")
    assert kind == "deny", reason
    assert "named nowhere in this repository now" in reason and "project files" in reason
    assert "`inkroll build --release site/`" in reason
    assert decide(agent, git_repo, "inkroll build --release site/")[0] == "allow"
    assert decide(agent, git_repo, "tokei .")[0] == "allow"  # never in this repository: nothing to say


def test_a_workflow_step_and_a_memory_file_that_still_names_the_old_program(git_repo: Path) -> None:
    write(git_repo, {".github/workflows/ci.yml": "jobs:\n  t:\n    steps:\n      - run: spindle check src\n"})
    write(git_repo, {".github/workflows/ci.yml": "jobs:\n  t:\n    steps:\n      - run: loomcheck src\n",
                     "CLAUDE.md": "- check the code with `spindle check src`\n"})
    kind, reason = decide("claude", git_repo, "spindle check src")
    assert kind == "deny", reason
    assert "`loomcheck src`" in reason


def test_a_program_still_named_or_replaced_by_nothing_is_allowed(git_repo: Path) -> None:
    write(git_repo, {"Makefile": "fmt:\n\tprettyfmt -w .\nlint:\n\tnitpick src\n", "README.md": "nitpick is optional\n"})
    write(git_repo, {"Makefile": "fmt:\n\tgofmt -w .\n"})
    assert decide("claude", git_repo, "nitpick src")[0] == "allow"  # the README still names it
    git(git_repo, "rm", "-q", "Makefile")
    commit_all(git_repo, "drop the makefile")
    assert decide("claude", git_repo, "gofmt -w .")[0] == "allow"  # removed, nothing took its place


def test_a_commit_subject_names_the_successor(git_repo: Path) -> None:
    write(git_repo, {"scripts/release.sh": "#!/bin/sh\nshipit publish\n", "tools.txt": "relayer\n"})
    (git_repo / "scripts" / "release.sh").write_text("#!/bin/sh\necho done\n")
    commit_all(git_repo, "Replace shipit with relayer")
    kind, reason = decide("codex", git_repo, "shipit publish")
    assert kind == "deny", reason
    assert "relayer" in reason and "Replace shipit with relayer" in reason


# ------------------------------------------------------------------ the automation's command for the same purpose
@pytest.mark.parametrize("agent", AGENTS)
def test_a_program_the_repository_never_names_while_its_automation_builds_with_another(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": ".PHONY: site\nsite:\n\tpagesmith compile content/ --out public\n",
                     ".github/workflows/ci.yml": "jobs:\n  site:\n    steps:\n      - run: make site\n"})
    kind, reason = decide(agent, git_repo, "docforge build content/")
    assert kind == "deny", reason
    assert "`pagesmith compile content/ --out public`" in reason and "Makefile (site)" in reason
    assert decide(agent, git_repo, "pagesmith compile content/ --out public")[0] == "allow"
    assert decide(agent, git_repo, "make site")[0] == "allow"
    assert decide(agent, git_repo, "sloccount content/")[0] == "allow"  # states no purpose


def test_no_deny_when_the_automation_does_not_decide_or_the_tool_is_installed_with_the_project(git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"scripts": {"test": "quickcheckjs specs/", "test:e2e": "browsewright test"}}\n'})
    assert decide("claude", git_repo, "mochaccino test")[0] == "allow"  # two programs test here
    (git_repo / "node_modules" / ".bin").mkdir(parents=True)
    (git_repo / "node_modules" / ".bin" / "tscx").write_text("#!/bin/sh\n")
    write(git_repo, {"package.json": '{"scripts": {"build": "bundlr build src"}}\n'})
    assert decide("claude", git_repo, "tscx build")[0] == "allow"  # installed with the project
    kind, reason = decide("claude", git_repo, "rollpack build src")
    assert kind == "deny" and "`bundlr build src`" in reason, reason
    assert decide("claude", git_repo, "rollpack --version")[0] == "allow"


def test_purposes_and_commands_read_from_automation_files() -> None:
    from statewise_cli.recovery.automation import _parse, purposes_of, simple_commands

    assert purposes_of(["zz", "deploy", "--prod"]) == {"deploy"}
    assert purposes_of(["ktlintish"], "") == set()
    assert purposes_of(["lintr", "src"], "") == set()
    assert purposes_of(["gq-lint", "./..."]) == {"lint"}
    assert simple_commands("FOO=1 uv run --frozen quux test && echo ok") == [["quux", "test"], ["echo", "ok"]]
    yml = "jobs:\n  check:\n    steps:\n      - name: Unit\n        run: |\n          zork test -q\n          zork fmt --check\n"
    assert ("Unit", "zork test -q") in _parse("yaml", yml) and ("Unit", "zork fmt --check") in _parse("yaml", yml)
    assert _parse("ini", "[testenv:lint]\ncommands =\n    flakey src\n") == [("lint", "flakey src")]
    assert _parse("nox", "def docs(session):\n    session.run('scribe', 'make')\n") == [("docs", "scribe make")]
    assert _parse("docker", "FROM x\nCMD [\"srv\", \"--port\", \"8\"]\n") == [("run", "srv --port 8")]


# ------------------------------------------------------------------ a program not installed: what the docs give
def _path_without(tmp_path: Path) -> dict[str, str]:
    from test_premises import stub_bin

    stub_bin(tmp_path, "plotsmith", "exit 0")
    return stub_bin(tmp_path, "weaver2", "exit 0")


def _decide(agent: str, repo: Path, command: str, env: dict[str, str]) -> tuple[str, str]:
    from swtest import hook, pre_bash, reply

    data = reply(hook(pre_bash(agent, repo, command), repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_missing_program_the_docs_retire(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = _path_without(tmp_path)
    write(git_repo, {"docs/dev.md": "# Dev\n\nCharts render with `plotsmith draw charts/` now. The old grapher "
                                    "setup was removed last spring.\n\nOther notes.\n"})
    kind, reason = _decide(agent, git_repo, "grapher --all charts/", env)
    assert kind == "deny", reason
    assert "`plotsmith draw charts/`" in reason and "docs/dev.md" in reason
    assert _decide(agent, git_repo, "plotsmith draw charts/", env)[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_missing_program_whose_purpose_the_docs_run_with_another(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = _path_without(tmp_path)
    write(git_repo, {"README.md": "# Loom\n\nThe monorepo builds with Weaver 2 (`weaver2 build core:all`, "
                                  "`weaver2 test core:all`).\n"})
    kind, reason = _decide(agent, git_repo, "weaver test core:unit", env)
    assert kind == "deny", reason
    assert "`weaver2 test core:unit`" in reason
    assert _decide(agent, git_repo, "weaver2 test core:unit", env)[0] == "allow"
    assert _decide(agent, git_repo, "weaver --version", env)[0] == "allow"  # no purpose: nothing to say
