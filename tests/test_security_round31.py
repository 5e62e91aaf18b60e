"""Security classes of round 31: false denies of ordinary commands read too broadly — push --prune with refspecs,
refspecs whose source only the shell knows, git pointed at an empty or harmless configuration, and HOME given to a
single command."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


def _pushes(command: str, repo: Path) -> bool:
    return any(v.startswith("protected-branch") for v in judged(command, repo))


# ---------------------------------------------------------------- push --prune names where it prunes
@pytest.mark.parametrize("command", [
    "git push --prune origin 'refs/heads/feature/*:refs/heads/feature/*'",
    "git push --prune upstream 'refs/heads/wip/*:refs/heads/wip/*' 'refs/tags/*:refs/tags/*'",
])
def test_prune_under_a_refspec_prunes_only_there(command: str, protected_repo: Path) -> None:
    assert not _pushes(command, protected_repo), command


@pytest.mark.parametrize("command", [
    "git push --prune origin 'refs/heads/*:refs/heads/*'",
    "git push --prune origin",
    "git push --prune origin 'refs/heads/ma*:refs/heads/ma*'",
])
def test_prune_over_the_protected_branch_is_denied(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


# ---------------------------------------------------------------- a source only the shell knows
@pytest.mark.parametrize("command", [
    'git push origin "$(git rev-parse HEAD~1)":refs/heads/review/one',
    "git push origin `git write-tree`:refs/heads/scratch",
    'git push origin "$SHA":refs/heads/topic',
])
def test_unknown_source_to_a_written_destination_is_judged_by_the_destination(command: str,
                                                                              protected_repo: Path) -> None:
    assert not _pushes(command, protected_repo), command


@pytest.mark.parametrize("command", [
    'git push origin "$(git rev-parse HEAD~1)":refs/heads/main',
    'git push origin "$SHA":main',
    'git push origin "$(echo x:y)":"$DEST"',
    'git push origin "$SHA":',
])
def test_unknown_source_to_the_protected_branch_is_denied(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


# ---------------------------------------------------------------- git pointed at other configuration or another repository
@pytest.mark.parametrize("command", [
    "GIT_CONFIG_GLOBAL=/dev/null git log --oneline -5",
    "GIT_CONFIG_SYSTEM=/dev/null GIT_CONFIG_GLOBAL=/dev/null git diff --stat",
    "GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_SYSTEM=/dev/null git push origin feature",
])
def test_an_empty_configuration_runs_nothing(command: str, protected_repo: Path) -> None:
    assert judged(command, protected_repo) == [], command


def test_an_empty_configuration_does_not_hide_a_push(protected_repo: Path) -> None:
    assert _pushes("GIT_CONFIG_GLOBAL=/dev/null git push --force origin main", protected_repo)


def _bare(tmp_path: Path, config: str) -> Path:
    bare = tmp_path / "mirror.git"
    bare.mkdir()
    (bare / "config").write_text(config)
    return bare


def test_another_repository_read_by_a_reading_command_is_allowed(protected_repo: Path, tmp_path: Path) -> None:
    bare = _bare(tmp_path, "[core]\n\trepositoryformatversion = 0\n\tbare = true\n[receive]\n\tdenyNonFastForwards = true\n")
    for command in (f"git --git-dir={bare} branch --list", f"git --git-dir {bare} log --oneline -3",
                    f"GIT_DIR={bare} git for-each-ref refs/heads", f"git --git-dir={bare} tag -l 'v1.*'"):
        assert judged(command, protected_repo) == [], command


def test_another_repository_whose_configuration_runs_code_is_judged(protected_repo: Path, tmp_path: Path) -> None:
    bare = _bare(tmp_path, "[core]\n\tbare = true\n\tpager = git push --force origin main\n")
    assert judged(f"git --git-dir={bare} log --oneline -3", protected_repo)


def test_another_repository_changed_by_the_command_is_judged(protected_repo: Path, tmp_path: Path) -> None:
    bare = _bare(tmp_path, "[core]\n\tbare = true\n")
    for command in (f"git --git-dir={bare} branch -D main", f"git --git-dir={bare} update-ref -d refs/heads/main",
                    f"GIT_DIR={bare} git tag v9 main", f"git --git-dir={bare} branch release main"):
        assert judged(command, protected_repo), command


def test_a_configuration_file_the_line_writes_first_is_judged(protected_repo: Path, tmp_path: Path) -> None:
    cfg = tmp_path / "alt.cfg"
    cfg.write_text("[user]\n\tname = x\n")
    assert judged(f"GIT_CONFIG_GLOBAL={cfg} git log -1", protected_repo) == []
    line = f"printf '[core]\\n\\tpager = git push -f origin main\\n' > {cfg} && GIT_CONFIG_GLOBAL={cfg} git log -1"
    assert judged(line, protected_repo)


# ---------------------------------------------------------------- HOME given to one command
def _written(command: str) -> set[str]:
    from statewise_cli.actions.normalize import normalize_shell

    return {a.target or "" for a in normalize_shell(command, "feature") if a.operation.startswith("file.")}


def test_home_given_to_a_command_moves_the_files_it_keeps_there(protected_repo: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from statewise_cli.recovery import invariants

    assert "~/.gitconfig" in _written("git config --global core.autocrlf input")
    assert _written("HOME=/srv/scratch-home git config --global core.autocrlf input") == {"/srv/scratch-home/.gitconfig"}
    assert _written("HOME=/srv/h npm config set fund false") == {"/srv/h/.npmrc"}
    home = tmp_path / "scratch-home"
    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", (str(tmp_path) + "/**",))
    assert judged(f"HOME={home} git config --global core.autocrlf input", protected_repo) == []
    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    assert judged(f"HOME={home} git config --global core.autocrlf input", protected_repo)


@pytest.mark.parametrize("command", [
    "HOME=/srv/elsewhere rm -rf ~/.ssh",
    "HOME=/srv/elsewhere touch ~/.bashrc",
    "HOME=/srv/elsewhere git config --global core.autocrlf input > ~/.profile",
])
def test_a_home_path_the_line_writes_out_stays_in_the_real_home(command: str) -> None:
    assert not any(t.startswith("/srv/elsewhere") and not t.endswith(".gitconfig") for t in _written(command)), command
    assert any(t.endswith(("/.ssh", "/.bashrc", "/.profile")) for t in _written(command)), command


# ---------------------------------------------------------------- an included configuration file is read
@pytest.mark.parametrize("command", [
    "printf '[alias]\\n\\tst = status --short\\n' > {d}/aliases.inc && git -c include.path={d}/aliases.inc st",
    "git -c include.path={d}/colors.inc log -1",
    "git -c 'includeIf.onbranch:feature.path={d}/colors.inc' diff --stat",
])
def test_an_included_file_without_code_is_allowed(command: str, protected_repo: Path, tmp_path: Path) -> None:
    (tmp_path / "colors.inc").write_text("[color]\n\tui = auto\n[user]\n\tname = Someone\n")
    assert judged(command.format(d=tmp_path), protected_repo) == [], command


@pytest.mark.parametrize("command", [
    "printf '[alias]\\n\\tsync = push --force origin main\\n' > {d}/a.inc && git -c include.path={d}/a.inc sync",
    "printf '[core]\\n\\tpager = git push -f origin main\\n' > {d}/b.inc && git -c include.path={d}/b.inc log -1",
    "git -c include.path={d}/hooks.inc log -1",
    "printf '[alias]\\n\\tsync = !%s\\n' 'git push -f origin main' > {d}/c.inc && git -c include.path={d}/c.inc sync",
    "printf '[alias]\\n\\tsync = !%q\\n' 'git push -f origin main' > {d}/c.inc && git -c include.path={d}/c.inc sync",
    "git -c include.path={d}/missing.inc log -1",
    "python3 gen.py > {d}/gen.inc && git -c include.path={d}/gen.inc log -1",
])
def test_an_included_file_that_runs_code_or_cannot_be_read_is_judged(command: str, protected_repo: Path,
                                                                      tmp_path: Path) -> None:
    hooks = tmp_path / "elsewhere-hooks"
    hooks.mkdir()
    (hooks / "post-checkout").write_text("#!/usr/bin/env python3\nimport os\n")  # code of another interpreter
    (tmp_path / "hooks.inc").write_text(f"[core]\n\thooksPath = {hooks}\n")
    assert judged(command.format(d=tmp_path), protected_repo), command


# ---------------------------------------------------------------- aliases naming aliases; a home given to git
def test_an_alias_naming_another_alias_keeps_the_settings(protected_repo: Path) -> None:
    assert _pushes("git -c alias.ship='push --force' -c alias.go='ship origin' go main", protected_repo)
    assert judged("git -c alias.l='log -1' -c alias.ll='l --stat' ll", protected_repo) == []
    assert judged("git -c alias.x=y -c alias.y=x x", protected_repo)


@pytest.mark.parametrize("variable,relative", [("HOME", ".gitconfig"), ("XDG_CONFIG_HOME", "git/config")])
def test_the_global_configuration_of_a_home_given_to_git_is_read(variable: str, relative: str, protected_repo: Path,
                                                                 tmp_path: Path) -> None:
    home = tmp_path / "h"
    (home / relative).parent.mkdir(parents=True, exist_ok=True)
    (home / relative).write_text("[alias]\n\tship = !git push --force origin main\n\tl = log -1\n")
    assert _pushes(f"{variable}={home} git ship", protected_repo)
    assert judged(f"{variable}={home} git l", protected_repo) == []
    line = f"printf '[alias]\\n\\tsend = push -f origin main\\n' > {tmp_path}/g.cfg && {variable}={tmp_path}/none git log -1"
    assert judged(line, protected_repo) == []
    other = tmp_path / "w"
    target = other / relative
    line = (f"mkdir -p {target.parent} && printf '[alias]\\n\\tsend = push -f origin main\\n' > {target} && "
            f"{variable}={other} git send")
    assert _pushes(line, protected_repo)


# ---------------------------------------------------------------- make's options from its environment
@pytest.mark.parametrize("command", [
    "MAKEFLAGS='--eval=$$(shell\\ git\\ push\\ --force\\ origin\\ main)' make -q build",
    "GNUMAKEFLAGS=\"--eval=x:=\\$(shell git push -f origin main)\" make -n",
])
def test_make_options_from_the_environment_are_judged(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


@pytest.mark.parametrize("command", ["MAKEFLAGS=-j4 make -n", "MAKEFLAGS='s -k' make -n", "MAKEFLAGS=--no-print-directory make -n"])
def test_ordinary_make_options_from_the_environment_are_allowed(command: str, protected_repo: Path) -> None:
    assert judged(command, protected_repo) == [], command


# ---------------------------------------------------------------- start-up files and templates found through the environment
def test_an_interactive_shell_reads_the_rc_file_of_the_home_it_is_given(protected_repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "h"
    home.mkdir()
    (home / ".bashrc").write_text("alias ll='ls -l'\ngit push --force origin main\n")
    (home / ".profile").write_text("git push --force origin main\n")
    assert _pushes(f"HOME={home} bash -ic 'echo hi'", protected_repo)
    assert _pushes(f"HOME={home} bash --login -c 'echo hi'", protected_repo)
    assert judged(f"HOME={home} bash -c 'echo hi'", protected_repo) == []
    assert judged(f"HOME={tmp_path}/empty bash -ic 'echo hi'", protected_repo) == []


def test_a_template_directory_from_the_environment_is_read(protected_repo: Path, tmp_path: Path) -> None:
    hooks = tmp_path / "tpl" / "hooks"
    hooks.mkdir(parents=True)
    (hooks / "post-checkout").write_text("#!/bin/sh\ngit push --force origin main\n")
    assert _pushes(f"GIT_TEMPLATE_DIR={tmp_path}/tpl git clone -q . {tmp_path}/copy", protected_repo)
