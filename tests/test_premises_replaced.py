"""Premises about a tool or a file the repository's history replaced, read from git history by class:

- a tool whose own configuration a commit deleted while adding another tool's (the file the action names,
  or the file named for the tool where it reads its configuration): the same named task with the
  successor where both run named tasks and the successor's file defines it, else the successor by name;
- an edit of a file a commit deleted while adding, in the same directory, its successor of the same role
  (a name that extends the old one or keeps its stem) — a rename git's similarity misses.

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_premises import decide, write
from test_premises_round19 import _allowed, _denied_with
from test_premises_round21 import _edit

from statewise_cli.recovery.premises_replaced import _config_tool, _named_for, _stem, _task


def _replace(repo: Path, gone: list[str], added: dict[str, str], subject: str) -> None:
    git(repo, "rm", "-q", *gone)
    for name, text in added.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", subject)


def test_names_read_from_files() -> None:
    assert _named_for("tox.ini", "tox") and _named_for(".eslintrc.json", "eslint") and _named_for("Makefile", "make")
    assert _named_for("justfile", "just") and not _named_for("toxic.txt", "tox") and not _named_for("maker.py", "make")
    assert _stem(".eslintrc.json") == "eslint" and _stem("noxfile.py") == "nox" and _stem("Justfile") == "just"
    assert _config_tool("noxfile.py") == "nox" and _config_tool("rome.json") == "rome"
    assert _config_tool("Taskfile.yml") == "task" and _config_tool("vite.config.ts") == "vite"
    assert _config_tool("src/report.py") is None and _config_tool("pyproject.toml") is None
    assert _config_tool("README.md") is None and _config_tool("package.json") is None
    assert _task("tox", ["-e", "fmt"]) == "fmt" and _task("just", ["--justfile", "x", "fmt"]) == "fmt"
    assert _task("tox", ["-e", "a,b"]) is None and _task("make", ["-C", "docs", "html"]) == "html"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_task_runner_a_commit_replaced_names_the_same_task_in_its_successor(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Justfile": "fmt:\n    black .\n\nspell:\n    codespell\n", "src/a.py": "x = 1\n"})
    _allowed(agent, git_repo, "just fmt")
    _replace(git_repo, ["Justfile"], {"Taskfile.yml": "version: '3'\ntasks:\n  fmt:\n    cmds: [black .]\n"},
             "Move from just to go-task")
    reason = _denied_with(agent, git_repo, "just fmt", "task fmt")
    assert "Justfile" in reason and "Taskfile.yml" in reason and "Move from just to go-task" in reason
    # a task the successor's file does not define: the successor by name, no invented command
    kind, reason = decide(agent, git_repo, "just spell")
    assert kind == "deny" and "`task spell`" not in reason and "use task" in reason
    _allowed(agent, git_repo, "task fmt", "task --list")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tool_whose_named_file_a_commit_deleted_names_its_successor(agent: str, git_repo: Path) -> None:
    write(git_repo, {"deps.yaml": "name: lab\ndependencies: [numpy]\n", "lab/__init__.py": ""})
    _replace(git_repo, ["deps.yaml"], {"rattler.toml": "[project]\nname = 'lab'\n"}, "Environments with rattler")
    kind, reason = decide(agent, git_repo, "mamba env update -f deps.yaml")
    assert kind == "deny", reason
    assert "deps.yaml was deleted" in reason and "rattler" in reason and "rattler.toml" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_removal_without_a_successor_or_a_tool_still_configured_is_left_alone(agent: str, git_repo: Path) -> None:
    write(git_repo, {"tox.ini": "[testenv:fmt]\ncommands = black .\n", "src/a.py": "x = 1\n"})
    # deleted with nothing of another tool added: a plain removal, the history does not name a successor
    _replace(git_repo, ["tox.ini"], {"src/b.py": "y = 2\n"}, "Drop tox")
    _allowed(agent, git_repo, "tox -e fmt")
    # the tool keeps its configuration in the shared manifest
    _replace(git_repo, ["src/b.py"], {"pyproject.toml": "[project]\nname = 'a'\n\n[tool.tox]\nlegacy_tox_ini = ''\n",
                                      "noxfile.py": "import nox\n"}, "tox config in pyproject")
    _allowed(agent, git_repo, "tox -e fmt")


@pytest.mark.parametrize("agent", AGENTS)
def test_the_same_tool_in_a_new_configuration_format_is_not_a_replacement(agent: str, git_repo: Path) -> None:
    write(git_repo, {".stylelintrc.json": "{}\n", "src/a.css": "a {}\n"})
    _replace(git_repo, [".stylelintrc.json"], {"stylelint.config.mjs": "export default {};\n"},
             "stylelint flat config")
    _allowed(agent, git_repo, "stylelint --fix src/a.css")


@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_of_a_file_replaced_by_its_successor_of_the_same_role(agent: str, git_repo: Path) -> None:
    write(git_repo, {"tools/rollup.config.js": "module.exports = {input: 'src/main.js'};\n"})
    _replace(git_repo, ["tools/rollup.config.js"],
             {"tools/rollup.config.ts": "import type { RollupOptions } from 'rollup';\n"
                                        "const options: RollupOptions = { input: 'src/main.ts' };\nexport default options;\n"},
             "Bundler config in TypeScript")
    kind, reason = _edit(agent, git_repo, "tools/rollup.config.js")
    assert kind == "deny" and "`tools/rollup.config.ts`" in reason, reason
    # a file deleted with an unrelated file added: nothing of the same role
    write(git_repo, {"notes/plan.txt": "a\n"})
    _replace(git_repo, ["notes/plan.txt"], {"notes/other.md": "b\n"}, "notes")
    kind, _ = _edit(agent, git_repo, "notes/plan.txt")
    assert kind == "allow"
