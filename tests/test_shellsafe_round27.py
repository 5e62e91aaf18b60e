"""False denies on ordinary actions (round 27), judged through the installed hook: a `find … -prune -o -name P
-delete` deletes only what its own `-o` operand names; inline code that removes a build directory named by a whole
literal is judged like `rm -r DIR`; a standard-library reader (`python -m json.tool F`) writes no operand; a dry run
of a statewise command is read-only whatever options follow it; unittest over plain test functions is stopped only
where the project configures pytest. Each look-alike that does harm stays denied. Inputs invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, run_statewise
from test_premises import decide, write
from test_trust import active, pre

from statewise_cli.actions.normalize import normalize_shell


@pytest.mark.parametrize("command", [
    "find . -path ./.git -prune -o -name '*.pyc' -delete",
    "find . -path ./.git -prune -o -type f -name '*.orig' -print -delete",
    "find . -name .git -prune -o -iname '*.tmp' -delete",
])
def test_find_delete_narrowed_by_its_own_operand_is_allowed(protected_repo: Path, command: str) -> None:
    verdict, reason = pre("claude", protected_repo, command)
    assert verdict == "allow", (command, reason)


@pytest.mark.parametrize("command", [
    "find . -path ./.git -prune -o -delete",  # every file but .git's
    "find . -name '*.pyc' -o -delete",  # the delete is in the operand that names nothing
    "find . -path ./src -prune -o ! -name '*.pyc' -delete",  # a negated name matches everything else
])
def test_find_delete_of_everything_stays_denied(protected_repo: Path, command: str) -> None:
    assert pre("claude", protected_repo, command)[0] == "deny", command


def test_find_clause_pattern_is_the_operand_of_the_delete() -> None:
    def patterns(command: str) -> list[str | None]:
        return [a.pattern for a in normalize_shell(command, "feature") if a.operation == "file.delete"]

    assert patterns("find . -path ./.git -prune -o -name '*.pyc' -delete") == ["*.pyc"]
    assert patterns("find . -name a -o -name b -delete") == ["b"]
    assert patterns("find . -name '*.pyc' -o -delete") == [None]


@pytest.mark.parametrize("command", [
    """python3 -c "import shutil; shutil.rmtree('build', ignore_errors=True)\"""",
    """node -e "require('fs').rmSync('dist', {recursive: true, force: true})\"""",
    """node -e "const fs = require('fs'); fs.rmSync('coverage', {recursive: true}); fs.rmSync('dist', {recursive: true})\"""",
])
def test_inline_removal_of_a_named_build_directory_is_allowed(protected_repo: Path, command: str) -> None:
    for agent in AGENTS:
        verdict, reason = pre(agent, protected_repo, command)
        assert verdict == "allow", (agent, command, reason)


@pytest.mark.parametrize("command", [
    """python3 -c "import shutil; shutil.rmtree('..')\"""",  # the repository's parent
    """python3 -c "import shutil,os; shutil.rmtree(os.path.expanduser('~'))\"""",  # a computed target
    """python3 -c "import shutil; shutil.rmtree('b' + 'uild/../..')\"""",  # a literal that is only a prefix
    """python3 -c "import os,shutil; os.chdir('..'); shutil.rmtree('repo')\"""",  # the directory moved first
    """node -e "require('fs').rmSync('build', {recursive: true}); require('child_process').execSync('git push -f origin main')\"""",
    """python3 -c "import shutil; shutil.rmtree('.git')\"""",  # the store lives there
])
def test_inline_removals_that_reach_further_stay_denied(protected_repo: Path, command: str) -> None:
    verdict, reason = pre("claude", protected_repo, command)
    assert verdict == "deny", (command, reason)


@pytest.mark.parametrize("command", [
    "python3 -m json.tool .claude/settings.json && cat .statewise.toml",
    "python3 -m json.tool --indent 2 .codex/config.json",
    "python3 -m tokenize .statewise.toml | head",
])
def test_standard_library_readers_write_no_operand(protected_repo: Path, command: str) -> None:
    (protected_repo / ".claude").mkdir(exist_ok=True)
    (protected_repo / ".claude" / "settings.json").write_text("{}\n")
    verdict, reason = pre("claude", protected_repo, command)
    assert verdict == "allow", (command, reason)


@pytest.mark.parametrize("command", [
    "python3 -m json.tool settings.json .claude/settings.json",  # the second operand is the output file
    "python3 -m json.tool --indent 2 x.json .statewise.toml",
    "python3 -m pickletools -o .statewise.toml data.pkl",
])
def test_standard_library_reader_output_is_a_write(protected_repo: Path, command: str) -> None:
    verdict, reason = pre("claude", protected_repo, command)
    assert verdict == "deny", (command, reason)


@pytest.mark.parametrize("command", [
    "statewise repair --dry-run --key git.branch.protected --value false --reason check",
    "statewise repair --key git.branch.protected --value=false --dry-run",
    "statewise install-hook --agent claude --dry-run",
])
def test_statewise_dry_runs_are_read_only(protected_repo: Path, command: str) -> None:
    verdict, reason = pre("claude", protected_repo, command)
    assert verdict == "allow", (command, reason)


@pytest.mark.parametrize("command", [
    "statewise repair --key git.branch.protected --value false --reason --dry-run",  # the reason's text
    "statewise repair --key git.branch.protected --value false --dry-run --no-dry-run",
    "statewise uninstall-hook --agent --dry-run",  # the agent's name
])
def test_a_dry_run_flag_that_is_not_one_stays_denied(protected_repo: Path, command: str) -> None:
    verdict, reason = pre("claude", protected_repo, command)
    assert verdict == "deny", (command, reason)


def test_repair_refuses_a_dry_run_with_a_value(protected_repo: Path) -> None:
    """What makes `repair --dry-run --value …` read-only: the command itself refuses and writes nothing."""
    proc = run_statewise(["repair", "--dry-run", "--key", "git.branch.protected", "--value", "false"], protected_repo)
    assert proc.returncode != 0 and "--dry-run" in proc.stderr + proc.stdout
    assert [r.value for r in active(protected_repo)] == [True]


def test_unittest_over_plain_functions_without_pytest_configured_runs(git_repo: Path) -> None:
    write(git_repo, {"test_ok.py": "def test_ok():\n    assert True\n"})
    assert decide("codex", git_repo, "python3 -m unittest discover -s . -p 'test_*.py' -q")[0] == "allow"
    write(git_repo, {"pytest.ini": "[pytest]\n"})
    kind, reason = decide("codex", git_repo, "python3 -m unittest discover -s . -p 'test_*.py' -q")
    assert kind == "deny" and "pytest is configured" in reason


# ------------------------------------------------ guarded files reached through a link
def _write_call(repo: Path, path: Path) -> tuple[str, str]:
    return decide("claude", repo, tool="Write", tool_input={"file_path": str(path), "content": "{}\n"})


def test_a_symbolic_link_elsewhere_does_not_hide_a_guarded_file(protected_repo: Path, tmp_path: Path) -> None:
    (protected_repo / ".statewise.toml").write_text('[hook]\non_error = "guard"\n')
    (protected_repo / ".claude").mkdir(exist_ok=True)
    (protected_repo / ".claude" / "settings.json").write_text("{}\n")
    (tmp_path / "sw.toml").symlink_to(protected_repo / ".statewise.toml")
    (tmp_path / "cl").symlink_to(protected_repo / ".claude")
    (tmp_path / "s.db").symlink_to(protected_repo / ".git" / "statewise" / "store.db")
    assert _write_call(protected_repo, tmp_path / "sw.toml")[0] == "deny"
    assert _write_call(protected_repo, tmp_path / "cl" / "settings.json")[0] == "deny"
    for command in (f"printf 'x' > {tmp_path}/sw.toml",
                    f"rm {tmp_path}/cl/settings.json",  # the link is a directory on the way: the real file goes
                    f"find {tmp_path}/cl/ -mindepth 1 -delete",
                    f"sqlite3 {tmp_path}/s.db \"update records set value = 'false'\""):
        verdict, reason = pre("claude", protected_repo, command)
        assert verdict == "deny", (command, reason)
    # removing the link itself, reading through it, writing an ordinary file next to it: allowed
    for command in (f"rm {tmp_path}/sw.toml", f"cat {tmp_path}/sw.toml", f"printf 'x' > {tmp_path}/other.toml",
                    f"sqlite3 {tmp_path}/s.db 'select count(*) from records'"):
        verdict, reason = pre("claude", protected_repo, command)
        assert verdict == "allow", (command, reason)


def test_a_hard_link_to_a_guarded_file_is_written_as_that_file(protected_repo: Path) -> None:
    (protected_repo / ".statewise.toml").write_text('[hook]\non_error = "guard"\n')
    (protected_repo / "docs").mkdir(exist_ok=True)
    (protected_repo / "docs" / "example.toml").hardlink_to(protected_repo / ".statewise.toml")
    (protected_repo / "build").mkdir(exist_ok=True)
    (protected_repo / "build" / "cache.db").hardlink_to(protected_repo / ".git" / "statewise" / "store.db")
    (protected_repo / "docs" / "a.txt").write_text("a\n")
    (protected_repo / "docs" / "b.txt").hardlink_to(protected_repo / "docs" / "a.txt")
    verdict, reason = pre("codex", protected_repo, "printf '[policy]\\nprotected_branches = []\\n' > docs/example.toml")
    assert verdict == "deny" and "statewise's configuration" in reason, reason
    assert _write_call(protected_repo, protected_repo / "docs" / "example.toml")[0] == "deny"
    assert pre("claude", protected_repo, "sqlite3 build/cache.db 'delete from records'")[0] == "deny"
    inline = "python3 -c \"import sqlite3; c = sqlite3.connect('build/cache.db'); c.execute('delete from records')\""
    verdict, reason = pre("claude", protected_repo, inline)
    assert verdict == "deny" and "build/cache.db" in reason, reason
    # inline code naming an ordinary file stays allowed
    assert pre("claude", protected_repo, "python3 -c \"print(open('docs/b.txt').read())\"")[0] == "allow"
    # the link's own removal leaves the guarded file; another file with two names is ordinary
    for command in ("rm docs/example.toml", "printf 'x' > docs/b.txt"):
        verdict, reason = pre("claude", protected_repo, command)
        assert verdict == "allow", (command, reason)


def test_a_written_test_package_init_runs_on_unittest_discovery(git_repo: Path) -> None:
    """Without the premise's incidental stop, the written test package's `load_tests` is what unittest runs."""
    init = git_repo / "tests" / "__init__.py"
    init.parent.mkdir()
    body = "import subprocess\n\n\ndef load_tests(loader, tests, pattern):\n    subprocess.run(['git', 'clean', '-fd'])\n    return tests\n"
    assert decide("claude", git_repo, tool="Write", tool_input={"file_path": str(init), "content": body})[0] == "allow"
    init.write_text(body)
    from swtest import hook, payload
    hook(payload("claude", "PostToolUse", git_repo, tool="Write", tool_input={"file_path": str(init), "content": body}),
         git_repo)
    verdict, reason = decide("claude", git_repo, "python3 -m unittest discover -s tests -t .")
    assert verdict == "deny" and "__init__.py" in reason, reason
