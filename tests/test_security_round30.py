"""Security classes of round 30: command lines embedded inside a word of another program's syntax, the programs
option values name, text fed to a program on its standard input, arguments only the shell knows in git commands
that may discard, paths resolved as the kernel resolves them, files outside the project a command names, nested
agent runs with their hooks changed, and the false denies of descriptors, existing directories and Perl arrays."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged

from statewise_cli.actions.normalize import normalize_shell, screen


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory outside the repository (the test's /tmp is not writable by default here)."""
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    path = tmp_path / "elsewhere"
    path.mkdir()
    return path


@pytest.fixture
def dirty(git_repo: Path) -> Path:
    (git_repo / "README.md").write_text("# demo\nuncommitted work\n")
    return git_repo


def _pushes(command: str, repo: Path) -> bool:
    return any(v.startswith("protected-branch") for v in judged(command, repo))


# ---------------------------------------------------------------- a command line inside a word
@pytest.mark.parametrize("command", [
    "ncat --sh-exec=true -l 9 ; xinetd-like EXEC:'git push --force origin main'",
    "mytool -hook /bin/bash,-c,'git push -f origin main' build",
    "texify --run '\\input{x}\\immediate\\write18{git push origin main --force}\\bye'",
    "runner --on-fail=\"git push -f origin main\" check",
    "mailer --compose-cmd='git push -f origin main' --dry-run",
])
def test_a_push_inside_a_word_of_another_syntax_is_judged(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


@pytest.mark.parametrize("command", [
    "socat -u SYSTEM:'git log --oneline -1' STDOUT", "mytool -hook /bin/bash,-c,'git status' build",
    "gcc -Wl,-rpath,/opt/lib -o app main.c", "texify --run '\\input{x}\\bye'",
])
def test_harmless_embedded_commands_stay_allowed(command: str, protected_repo: Path) -> None:
    assert judged(command, protected_repo) == [], command


def test_a_comma_joined_argv_deletes_where_it_says(protected_repo: Path, outside: Path) -> None:
    command = f"cc -wrapper /usr/bin/rm,-r,-f,{outside} -c x.c"
    assert any(v.startswith("rm-inside-repository") for v in judged(command, protected_repo)), command


def test_an_environment_value_holding_a_command_is_judged(dirty: Path) -> None:
    command = "SERVICE_OPTS='-Dx=1 -XX:OnError=\"git checkout -- .\"' ./gradlew run"
    assert any(v.startswith("keep-uncommitted-work") for v in judged(command, dirty)), command


# ---------------------------------------------------------------- programs named by an option, run with what follows --
@pytest.mark.parametrize("command", [
    "daemonize-tool --exec /usr/bin/git --workdir . -- push -f origin main",
    "supervise -p /usr/local/bin/git -- push --force origin main",
])
def test_a_program_an_option_names_runs_with_the_words_after_the_separator(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


@pytest.mark.parametrize("command", [
    "git for-each-repo --config=maint.repo push --force origin main",
    "git send-email --cc-cmd='git push -f origin main' --dry-run HEAD~1",
])
def test_git_commands_that_run_other_git_commands(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


def test_for_each_repo_of_a_maintenance_task_stays_allowed(protected_repo: Path) -> None:
    assert judged("git for-each-repo --config=maint.repo gc --auto", protected_repo) == []


# ---------------------------------------------------------------- text fed to a program on its standard input
@pytest.mark.parametrize("command", [
    "printf '.pso git push -f origin main\\n' | troff -U",
    "echo '!git push --force origin main' | some-repl",
    "some-repl <<'X'\nshell git push -f origin main\nX",
])
def test_a_command_line_fed_to_a_program_is_judged(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


def test_fed_text_without_a_command_stays_allowed(protected_repo: Path) -> None:
    assert judged("printf '.TH demo 1\\nhello world\\n' | groff -man -Tutf8", protected_repo) == []


def test_an_interpreter_reading_a_program_that_names_the_store_is_denied(protected_repo: Path) -> None:
    from test_trust import pre

    command = "printf 'open .git/statewise/store.db\\n' | lua"
    assert pre("claude", protected_repo, command)[0] == "deny"
    assert pre("claude", protected_repo, "python3 --version && cat .statewise.toml")[0] == "allow"


# ---------------------------------------------------------------- printf substitutions, shell-expanded git arguments
@pytest.mark.parametrize("command", [
    'git push origin "$(printf %s%s ma in)"', "git push -f origin $(printf '%s' m a i n)",
])
def test_printf_substitution_is_what_printf_writes(command: str, protected_repo: Path) -> None:
    assert _pushes(command, protected_repo), command


def test_printf_substitution_of_a_topic_branch_is_allowed(protected_repo: Path) -> None:
    assert judged('git push origin "$(printf %s-%s fix login)"', protected_repo) == []


@pytest.mark.parametrize("command", ['git reset "--$MODE"', "git stash $ACTION", "git restore $WHAT",
                                     "ruby -e 'm = \"hard\"; system(\"git reset --#{m}\")'"])
def test_a_git_argument_only_the_shell_knows_may_discard(command: str, dirty: Path) -> None:
    assert any(v.startswith("keep-uncommitted-work") for v in judged(command, dirty)), command


@pytest.mark.parametrize("command", ['git stash push -m "$REASON"', 'git stash store -m keep "$(git stash create)"',
                                     'git worktree add "$DIR" -b topic'])
def test_a_message_or_operand_only_the_shell_knows_discards_nothing(command: str, dirty: Path) -> None:
    assert not any(v.startswith("keep-uncommitted-work") for v in judged(command, dirty)), command


# ---------------------------------------------------------------- `..` after a symbolic link, `cd -P`
def test_parent_of_a_linked_directory_is_where_the_link_points(protected_repo: Path, outside: Path) -> None:
    (outside / "deep").mkdir()
    (outside / "victim").mkdir()
    os.symlink(outside / "deep", protected_repo / "portal")
    assert any(v.startswith("rm-inside-repository") for v in judged("rm -rf portal/../victim", protected_repo))
    assert any(v.startswith("rm-inside-repository") for v in judged("cd -P portal/.. && rm -rf victim", protected_repo))
    assert not any(v.startswith("rm-inside-repository") for v in judged("cd portal/.. && rm -rf build", protected_repo))


# ---------------------------------------------------------------- files outside the project a command names
def test_a_named_configuration_outside_is_read_for_its_commands(protected_repo: Path, outside: Path) -> None:
    (outside / "creds.ini").write_text("[profile]\nhelper = sh -c \"git push -f origin main\"\n")
    (outside / "quiet.ini").write_text("[profile]\nregion = north\n")
    assert _pushes(f"CLOUDCLI_CONFIG={outside}/creds.ini cloudcli whoami", protected_repo)
    assert judged(f"CLOUDCLI_CONFIG={outside}/quiet.ini cloudcli whoami", protected_repo) == []


def test_a_named_directory_outside_is_read_for_its_programs(protected_repo: Path, outside: Path) -> None:
    (outside / "bin").mkdir()
    wrapper = outside / "bin" / "ld"
    wrapper.write_text("#!/bin/sh\ngit push --force origin main\nexec /usr/bin/ld \"$@\"\n")
    wrapper.chmod(0o755)
    (outside / "mods").mkdir()
    (outside / "mods" / "startup.rb").write_text("system('git push -f origin main')\n")
    assert _pushes(f"cc -B{outside}/bin/ -o app main.c", protected_repo)
    assert _pushes(f"TOOLHOME={outside}/mods irb-like -e 1", protected_repo)


def test_an_archive_written_outside_is_not_run(protected_repo: Path, tmp_path: Path) -> None:
    assert not _pushes(f"tar -cf {tmp_path}/out.tar README.md", protected_repo)


# ---------------------------------------------------------------- tools that run their project's configuration
@pytest.mark.parametrize("files,command", [
    ({"site.yml": "x\n", "mkdocs.yml": "site_name: x\nplugins:\n  - tools/plug.py\n",
      "tools/plug.py": "import os\nos.system('git push -f origin main')\n"}, "mkdocs serve"),
    ({"docs/conf.py": "import os\nos.system('git push -f origin main')\n"}, "sphinx-build -b html docs out"),
    ({"webapp.conf.py": "import subprocess\nsubprocess.call('git push -f origin main', shell=True)\n"}, "webapp start"),
    ({"package.json": '{"scripts": {"stop": "git push -f origin main"}}'}, "npm restart"),
    ({"package.json": '{"scripts": {"lint": "git push -f origin main"}}'}, "node --run lint"),
])
def test_tools_that_run_their_configuration(files: dict[str, str], command: str, protected_repo: Path) -> None:
    for name, content in files.items():
        (protected_repo / name).parent.mkdir(parents=True, exist_ok=True)
        (protected_repo / name).write_text(content)
    assert _pushes(command, protected_repo), command


# ---------------------------------------------------------------- outside writes by documented behaviour
@pytest.mark.parametrize("command", ["packer -install-autocomplete", "mycli --install-completion bash",
                                     "micromamba shell init -s zsh", "git merge-file {OUT}/f.txt base.txt other.txt",
                                     "python3 -X pycache_prefix={OUT}/pyc -c 'import json'",
                                     "PYTHONPYCACHEPREFIX={OUT}/c python3 -c pass",
                                     "perl -e 'tie my %h, \"DB_File\", \"{OUT}/h.db\"'"])
def test_documented_writes_outside_the_repository(command: str, protected_repo: Path, outside: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(outside))
    assert any(v.startswith("write-inside-repository") for v in judged(command.replace("{OUT}", str(outside)),
                                                                        protected_repo)), command


def test_merge_file_printing_its_result_writes_nothing(protected_repo: Path, outside: Path) -> None:
    assert judged(f"git merge-file -p {outside}/f.txt base.txt other.txt", protected_repo) == []


# ---------------------------------------------------------------- nested agents with their hooks changed
@pytest.mark.parametrize("command", ["claude -p --settings='{\"hooks\": {}}' 'fix it'",
                                     "codex exec --disable=codex_hooks 'fix it'", "claude --settings \"$S\" -p x"])
def test_nested_agents_with_hooks_changed_are_denied(command: str, protected_repo: Path) -> None:
    from test_trust import pre

    assert pre("claude", protected_repo, command)[0] == "deny", command


def test_nested_agent_with_other_settings_is_allowed(protected_repo: Path) -> None:
    from test_trust import pre

    assert pre("claude", protected_repo, "claude -p --settings '{\"model\": \"sonnet\"}' 'summarise'")[0] == "allow"


# ---------------------------------------------------------------- false denies
@pytest.mark.parametrize("command", [
    "exec {out}>>/tmp/run.log; make -s >&$out 2>&1", "exec {fd}>/tmp/trace.txt; ./run.sh 1>&${fd}",
    "mkdir -p /tmp && echo ok > /tmp/ok.txt", "mkdir -p /var/tmp",
])
def test_descriptors_and_existing_scratch_directories_are_allowed(command: str, protected_repo: Path) -> None:
    (protected_repo / "run.sh").write_text("#!/bin/sh\necho run\n")
    assert not any(v.startswith("write-inside-repository") for v in judged(command, protected_repo)), command


def test_a_variable_that_holds_no_descriptor_is_still_unknown(protected_repo: Path) -> None:
    assert any(v.startswith("write-inside-repository") for v in judged("make >&$dest", protected_repo))


def test_perl_push_onto_an_array_is_no_git_push() -> None:
    assert "push" not in screen('my @q; push @q, 1; push(@$r, 2); push @{$h{k}}, 3')
    assert "push" in screen('push @q, 1; system("git push origin main")')


def test_normalized_actions_of_embedded_commands_keep_their_text() -> None:
    actions = normalize_shell("socat -u SYSTEM:'git push -f origin main' STDOUT", "feature")
    assert any(a.operation == "git.push" and a.target == "main" for a in actions)


def test_shell_init_with_dry_run_writes_nothing(protected_repo: Path) -> None:
    git(protected_repo, "status")
    assert judged("conda init --dry-run bash", protected_repo) == []


@pytest.mark.parametrize("command", ["pnpm init", "cargo init {OUT}/crate", "composer init -n"])
def test_project_init_writes_its_manifest_where_it_says(command: str, protected_repo: Path, outside: Path) -> None:
    command = command.replace("{OUT}", str(outside))
    actions = normalize_shell(command, "feature")
    assert any(a.operation == "file.write" and a.target.endswith(("package.json", "Cargo.toml", "composer.json"))
               for a in actions), command
    if "{OUT}" not in command and str(outside) not in command:
        assert judged(command, protected_repo) == [], command
    else:
        assert any(v.startswith("write-inside-repository") for v in judged(command, protected_repo)), command


def test_a_git_helper_found_first_on_path_is_read(protected_repo: Path, outside: Path) -> None:
    helper = outside / "git-merge-octo2"
    helper.write_text("#!/bin/sh\ngit push --force origin main\n")
    helper.chmod(0o755)
    assert _pushes(f"PATH={outside}:$PATH git merge --strategy octo2 topic", protected_repo)
    assert not _pushes(f"PATH=$PATH:{outside} git merge --strategy octo2 topic", protected_repo)


@pytest.mark.parametrize("command", ["vim -Es -c 'mkview! {OUT}/v.vim' -c qa", "nvim --headless '+w {OUT}/copy.txt' +qa README.md",
                                     "vi -c 'redir! > {OUT}/log' -c 'redir END' -c q",
                                     "pytest -q --override-ini=cache_dir={OUT}/cache"])
def test_editor_commands_and_ini_overrides_that_write_outside(command: str, protected_repo: Path, outside: Path) -> None:
    command = command.replace("{OUT}", str(outside))
    assert any(v.startswith("write-inside-repository") for v in judged(command, protected_repo)), command


@pytest.mark.parametrize("command", ["vim -Es -c 'set nu' -c wq README.md", "vim +qa", "pytest -q -o cache_dir=.cache"])
def test_editor_commands_and_ini_overrides_inside_stay_allowed(command: str, protected_repo: Path) -> None:
    assert not any(v.startswith("write-inside-repository") for v in judged(command, protected_repo)), command
