"""The directory a command runs in (``cd``, ``env -C``, a subshell) when the guard's own files are judged; git
config's file; setarch's architecture names; settings written under a TOML/INI table header."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged


@pytest.fixture
def guarded(git_repo: Path) -> Path:
    (git_repo / ".claude").mkdir()
    (git_repo / ".claude" / "settings.json").write_text("{}\n")
    (git_repo / ".statewise.toml").write_text("[policy]\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-qm", "guard files")
    return git_repo


def _guard(found: list[str]) -> bool:
    return any(v.startswith("guard-state") for v in found)


@pytest.mark.parametrize("command", [
    "cd .claude && rm -f settings.json",
    "env --chdir=.claude rm -f settings.json",
    "env -C .claude rm -f settings.json",
    "(cd .claude; rm -f settings.json)",
    "cd .claude && echo '{}' > settings.json",
    "cd .git && rm -rf statewise",
    "env --chdir=.git/statewise rm -f store.db",
    'cd "$D" && rm -f settings.json',             # only the running shell knows where the name lands
    "cd .. && rm -rf {name}/.claude",
])
def test_the_directory_a_command_runs_in_locates_the_guard(guarded: Path, command: str) -> None:
    command = command.replace("{name}", guarded.name)
    assert _guard(judged(command, guarded)), command


@pytest.mark.parametrize("command", [
    "cd .claude && cat settings.json",
    "cd /tmp && rm -f settings.json",
    'cd "$D" && rm -f notes.txt',
    ("mkdir -p /tmp/sw-x /tmp/sw-y && printf 'x\\n' > /tmp/sw-x/a.txt && tar -C /tmp/sw-x -cf /tmp/sw-x.tar a.txt && "
     "cmake -E chdir /tmp/sw-y cmake -E tar xf /tmp/sw-x.tar"),   # extracted in /tmp, not where the hooks live
])
def test_commands_elsewhere_are_not_the_guard(guarded: Path, command: str) -> None:
    assert not _guard(judged(command, guarded)), command


@pytest.mark.parametrize(("command", "denied"), [
    ("git -c core.editor='truncate -s 0' config -f .statewise.toml --edit", True),
    ("git config --file=.statewise.toml policy.on_error allow", True),
    ("git config -f .statewise.toml --get policy.on_error", False),
    ("git config -f /tmp/sw-other.ini a.b c", False),
])
def test_git_config_on_a_guard_file(guarded: Path, command: str, denied: bool) -> None:
    assert _guard(judged(command, guarded)) is denied, command


@pytest.mark.parametrize(("command", "denied"), [
    ("linux64 ls -la ..", False),
    ("linux64 stat .claude/settings.json", False),
    ("setarch x86_64 -R git push -f origin main", True),
    ("linux32 git push origin main", True),
])
def test_setarch_runs_its_command_as_itself(guarded: Path, command: str, denied: bool) -> None:
    assert bool(judged(command, guarded)) is denied, command


@pytest.mark.parametrize(("text", "lowers"), [
    ("```toml\n[git.branch.main]\nprotected = false\n```\n", True),
    ('[branch "main"]\n\tprotected = false\n', True),
    ("git.branch.main.protected = false\n", True),
    ("[git.branch.main]\nprotected = true\n", False),
    ("[tool.pytest]\nprotected = false\n", False),   # no branch named: says nothing about one
])
def test_settings_under_a_table_header(text: str, lowers: bool) -> None:
    from statewise_cli.recovery.trust import _lifts_protection

    assert bool(_lifts_protection(text)) is lowers, text


@pytest.mark.parametrize("block", [
    "```toml\n[git.branch]\nprotected = false  # main\n```\n",
    "```toml\n[git.branch]\nprotected = false\n```\n",
    "```ini\n[branch]\nprotected = off\n```\n",
])
def test_a_branch_setting_that_names_no_branch_is_read_as_the_default_branch(block: str) -> None:
    from statewise_cli.recovery.trust import _key_value_sentences

    said = _key_value_sentences(block)
    assert "is not protected." in said, said


def test_settings_about_other_things_say_nothing_about_branches() -> None:
    from statewise_cli.recovery.trust import _key_value_sentences

    assert _key_value_sentences("```toml\n[lint]\nstrict = false\n```\n") == ""
    assert _key_value_sentences("```toml\n[git.branch]\nprotected = true\n```\n") == ""


def test_a_setting_whose_value_names_the_branch() -> None:
    from statewise_cli.recovery.trust import _key_value_sentences

    assert "force pushes to main are fine." in _key_value_sentences("Force-push: allowed on main\n")
    assert "main is not protected." in _key_value_sentences("Protection: off for main\n")
    assert _key_value_sentences("Force-push: allowed on feature branches\n") == ""
