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
