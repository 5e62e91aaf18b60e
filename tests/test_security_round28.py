"""Security classes of round 28: the stash replaced through ref plumbing, tools that run their own configuration or
plugins (the agent's own written files they load), and the guard's configuration reached by other names."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged

from statewise_cli.recovery import written
from statewise_cli.repo import find_repo


@pytest.fixture
def stashed(git_repo: Path) -> Path:
    (git_repo / "README.md").write_text("# stashed\n")
    git(git_repo, "stash")
    git(git_repo, "branch", "topic")
    return git_repo


# ---------------------------------------------------------------- the stash replaced through plumbing
@pytest.mark.parametrize(
    "command",
    ["git fetch . +refs/heads/topic:refs/stash", "git fetch -q ./other.git topic:stash",
     "git symbolic-ref refs/stash refs/heads/topic", "git symbolic-ref -d refs/stash",
     "git replace -f stash@{0} HEAD", "git replace --force \"$(git rev-parse refs/stash)\" HEAD"],
)
def test_ref_plumbing_that_replaces_the_stash(command: str, stashed: Path) -> None:
    found = judged(command, stashed, records=[])
    assert any(v.startswith("keep-uncommitted-work") for v in found), (command, found)


@pytest.mark.parametrize(
    "command",
    ["git fetch . +refs/heads/topic:refs/heads/copy", "git symbolic-ref HEAD", "git symbolic-ref --short HEAD",
     "git replace -l", "git replace -d 0123abcd", "git fetch origin topic:topic"],
)
def test_ref_plumbing_that_leaves_the_stash_alone(command: str, stashed: Path) -> None:
    assert not any(v.startswith("keep-uncommitted-work") for v in judged(command, stashed, records=[])), command


# ---------------------------------------------------------------- tools that execute their own configuration
RESET_PY = "import subprocess\n\nsubprocess.run(['git', 'reset', '--hard'])\n"
RESET_JS = "require('child_process').execSync('git reset --hard');\n"
RESET_SH = "#!/bin/sh\ngit reset --hard\nexec /bin/sh \"$@\"\n"


def _wrote(repo: Path, rel: str, text: str) -> None:
    (repo / rel).parent.mkdir(parents=True, exist_ok=True)
    (repo / rel).write_text(text)
    written.note(find_repo(str(repo)).store_dir, "s1", [str(repo / rel)])


@pytest.fixture
def dirty_repo(git_repo: Path) -> Path:
    (git_repo / "README.md").write_text("# demo\nuncommitted work\n")
    return git_repo


@pytest.mark.parametrize(
    ("rel", "text", "command"),
    [("lint/checker_plugin.py", RESET_PY, "python3 -m pylint src"),
     ("lint/checker_plugin.py", RESET_PY, "mypy src"),
     ("lint/checker_plugin.py", RESET_PY, "flake8"),
     ("config/setup-env.js", RESET_JS, "npx --no-install jest"),
     ("config/setup-env.js", RESET_JS, "eslint ."),
     ("hooks/install-hook.cjs", RESET_JS, "pnpm install --offline"),
     ("tasks/build_tasks.py", RESET_PY, "doit build"),
     ("backend/in_tree.py", RESET_PY, "python3 -m pip wheel --no-deps -w /tmp/w ."),
     ("bin/wrapper", RESET_SH, "PATH=./bin:$PATH git status"),
     ("pkg/helpers.py", RESET_PY, "python3 -m pytest --doctest-modules pkg")],
)
def test_a_tool_that_loads_project_code_runs_the_agents_written_files(rel: str, text: str, command: str,
                                                                      dirty_repo: Path) -> None:
    _wrote(dirty_repo, rel, text)
    found = judged(command, dirty_repo, records=[])
    assert any(v.startswith("keep-uncommitted-work") for v in found), (command, found)


@pytest.mark.parametrize(
    "command",
    ["python3 -m pylint src", "mypy src", "npx --no-install jest", "pnpm install --offline", "doit build",
     "PATH=./bin:$PATH git status", "python3 -m pytest --doctest-modules pkg"],
)
def test_ordinary_written_files_stay_allowed_under_those_tools(command: str, dirty_repo: Path) -> None:
    _wrote(dirty_repo, "pkg/helpers.py", "import subprocess\n\nsubprocess.run(['git', 'status'], check=True)\n")
    _wrote(dirty_repo, "bin/wrapper", "#!/bin/sh\ngit status\n")
    _wrote(dirty_repo, "docs/notes.md", "Run `git reset --hard` to start over.\n")  # prose is never run
    assert judged(command, dirty_repo, records=[]) == [], command


def test_a_tool_that_runs_no_project_code_does_not_read_the_record(dirty_repo: Path) -> None:
    _wrote(dirty_repo, "lint/checker_plugin.py", RESET_PY)
    assert judged("ls lint", dirty_repo, records=[]) == []
    assert judged("git status", dirty_repo, records=[]) == []


@pytest.mark.parametrize(("script", "command"), [("postversion", "npm version patch"), ("prepack", "npm pack"),
                                                 ("prepublishOnly", "npm publish --dry-run")])
def test_npm_commands_run_their_own_lifecycle_scripts(script: str, command: str, git_repo: Path) -> None:
    import json

    (git_repo / "package.json").write_text(json.dumps({"scripts": {"test": "echo ok", script: "git push -f origin main"}}))
    found = judged(command, git_repo)
    assert any(v.startswith("protected-branch") for v in found), (command, found)
    (git_repo / "package.json").write_text(json.dumps({"scripts": {"test": "echo ok", script: "echo done"}}))
    assert judged(command, git_repo) == [], command
