"""Classes of writes and hidden commands the hook follows: ``$PWD`` as the absolute directory a command runs in,
a scratch directory handed to a program as its destination, environment variables and wrapper options that name
the file a program writes, programs whose second operand is their output, wrappers with an operand before the
command, ``hash -p`` remaps, shells fed through an output process substitution, git settings that run commands
and the ``exec`` lines a rebase's sequence editor writes. Each class has look-alikes that must stay allowed.
All inputs are invented here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged
from test_shellsafe_classes import _kinds

from statewise_cli.actions.normalize import normalize_call
from statewise_cli.actions.shell import split_commands
from statewise_cli.config.settings import Settings
from statewise_cli.recovery.invariants import check
from statewise_cli.repo import find_repo


def judged_at(command: str, cwd: Path, records: list | None = None) -> list[str]:
    """As the hook judges it: the command's directory is known, so ``$PWD`` is."""
    actions = normalize_call("Bash", {"command": command}, "feature", cwd=str(cwd))
    found = check(actions, records or [], find_repo(str(cwd)), str(cwd), Settings())
    return [f"{v.invariant}: {v.detail}" for v in found if v.verdict == "deny"]


# ---------------------------------------------------------------- $PWD
def test_pwd_is_the_absolute_directory_each_command_runs_in() -> None:
    words = {c.argv[0]: c.argv[1:] for c in split_commands('a "$PWD"/x; cd sub && b ${PWD}; cd /abs; c $PWD', pwd="/w/r")
             if c.argv[0] != "cd"}
    assert words == {"a": ("/w/r/x",), "b": ("/w/r/sub",), "c": ("/abs",)}


def test_pwd_pattern_removal_gives_the_real_parent_and_name() -> None:
    cmds = split_commands('p ${PWD%/*}; q ${PWD##*/}; r ${PWD#/w}', pwd="/w/r/proj")
    assert [c.argv[1] for c in cmds] == ["/w/r", "proj", "/r/proj"]


def test_pwd_stays_unknown_without_a_directory_or_after_a_cd_the_check_cannot_follow() -> None:
    assert split_commands('a "$PWD"')[0].argv[1] == "$PWD"
    assert split_commands('cd "$X"; a $PWD', pwd="/w")[-1].argv[1] == "$PWD"


def test_pwd_the_line_sets_itself_is_that_value_in_substitutions_too() -> None:
    cmds = split_commands('PWD=/elsewhere; echo $(b "$PWD")', pwd="/w")
    assert [c.argv for c in cmds if c.argv[0] == "b"] == [("b", "/elsewhere")]


def test_mounting_the_working_directory_is_allowed_and_its_parent_is_outside(git_repo: Path, outside: Path) -> None:
    assert judged_at('docker run --rm -v "$PWD":/w -w /w alpine:3 true', git_repo) == []
    assert judged_at('cp README.md "$PWD/copy.md"', git_repo) == []
    assert "write-inside-repository" in _kinds(judged_at('cp README.md "${PWD%/*}/copy.md"', git_repo))
    assert "write-inside-repository" in _kinds(judged_at('cd .. && cp x "$PWD/copy.md"', git_repo))


# ---------------------------------------------------------------- a scratch directory as a destination
def test_a_scratch_directory_given_as_a_destination_is_allowed(git_repo: Path) -> None:
    assert judged("pnpm pack --pack-destination /tmp", git_repo, records=[]) == []
    assert judged("somegen --out-dir /var/tmp", git_repo, records=[]) == []


def test_a_directory_outside_given_as_a_destination_is_still_a_write(git_repo: Path, outside: Path) -> None:
    assert "write-inside-repository" in _kinds(judged(f"pnpm pack --pack-destination {outside}", git_repo, records=[]))


# ---------------------------------------------------------------- environment variables and options naming outputs
@pytest.mark.parametrize("template", [
    "GIT_TRACE_PACKET={o}/p.log git fetch -q", "GIT_TRACE2_PERF={o}/perf git status", "PYTHONPYCACHEPREFIX={o}/c python3 -c 1",
    "TMPDIR={o} mktemp", "export GIT_TRACE_SETUP={o}/s.log", "COVERAGE_FILE={o}/.cov pytest -q",
    "strace -f -o {o}/t.txt ls", "ltrace --output={o}/l.txt ls", "valgrind --log-file={o}/v.txt ./prog",
    "xxd -r -p hex.txt {o}/b.bin", "xxd README.md {o}/dump.txt", "uniq -c README.md {o}/u.txt",
])
def test_files_named_by_environment_options_and_second_operands_are_writes(template: str, git_repo: Path,
                                                                             outside: Path) -> None:
    command = template.format(o=outside)
    assert "write-inside-repository" in _kinds(judged(command, git_repo, records=[])), command


@pytest.mark.parametrize("command", [
    "GIT_TRACE=1 git status", "GIT_TRACE2=0 git log -1", "GIT_TRACE_PACKET=true git status", "TMPDIR=.cache/t mktemp",
    "strace -f -o trace.txt ls", "xxd README.md", "xxd -r -p hex.txt out.bin", "sort README.md | uniq -c",
    "uniq README.md out.txt", "PYTHONPYCACHEPREFIX=.pyc python3 -c 1",
])
def test_the_same_inside_the_repository_or_to_stderr_is_allowed(command: str, git_repo: Path, outside: Path) -> None:
    assert judged(command, git_repo, records=[]) == [], command


def test_strace_output_named_with_a_pipe_is_a_command_it_starts(git_repo: Path, outside: Path) -> None:
    """strace(1): an ``-o`` file name starting with ``|`` or ``!`` is a command the trace output is piped to."""
    assert "rm-inside-repository" in _kinds(judged(f"strace -f -o '|rm -rf {outside}' true", git_repo, records=[]))
    assert "rm-inside-repository" in _kinds(judged(f"strace --output='!rm -rf {outside}' true", git_repo, records=[]))
    names = [c.argv[0] for c in split_commands("strace -qq -o '|tee trace.log' git status")]
    assert names == ["tee", "git"]
    assert judged("strace -f -o '|grep -c open' ls", git_repo, records=[]) == []
    assert judged("strace -o 'trace|x.txt' ls", git_repo, records=[]) == []  # a `|` inside a name is a name


# ---------------------------------------------------------------- wrappers with an operand, hash -p, >(sh)
@pytest.mark.parametrize("command", ["chrt --idle 0 git clean -fdx", "chrt -f 10 git clean -fd",
                                     "taskset 0x3 git clean -fdx", "taskset -c 0,1 git clean -fd"])
def test_wrappers_with_an_operand_before_the_command_are_seen_through(command: str, git_repo: Path) -> None:
    (git_repo / "untracked.txt").write_text("new work\n")
    assert "keep-uncommitted-work" in _kinds(judged(command, git_repo, records=[])), command


def test_pid_forms_of_those_wrappers_run_nothing(git_repo: Path) -> None:
    assert judged("chrt -p 1234", git_repo, records=[]) == []
    assert judged("taskset -p 0x1 1234", git_repo, records=[]) == []


def test_hash_p_makes_a_name_run_another_program(git_repo: Path, outside: Path) -> None:
    assert "rm-inside-repository" in _kinds(judged(f"hash -p /bin/rm view; view -r {outside}", git_repo, records=[]))
    assert judged(f"hash -p /bin/cat view; view {outside}/f", git_repo, records=[]) == []
    unknown = judged('hash -p "$BIN" view; view x', git_repo, records=[])
    assert unknown, "a remap to an unknown program is not a silent allow"


@pytest.mark.parametrize("command", ["exec 4> >(bash); echo 'git clean -fdx' >&4", "echo hi > >(sh -s)",
                                     "exec 5> >(python3)"])
def test_a_shell_fed_through_an_output_process_substitution_is_not_followed_silently(command: str,
                                                                                       git_repo: Path) -> None:
    assert judged(command, git_repo, records=[]), command


def test_output_process_substitutions_into_ordinary_programs_stay_allowed(git_repo: Path) -> None:
    assert judged("make -n 2> >(tee build.log >&2)", git_repo, records=[]) == []
    assert judged("diff <(sort README.md) <(sort README.md)", git_repo, records=[]) == []


# ---------------------------------------------------------------- git settings that run commands
@pytest.fixture
def work(git_repo: Path) -> Path:
    (git_repo / "README.md").write_text("# demo\nstashed\n")
    git(git_repo, "stash")
    return git_repo


@pytest.mark.parametrize("command", [
    "git -c remote.origin.receivepack='git stash clear; git receive-pack' push -q origin feature",
    "git -c remote.upstream.uploadpack='git stash clear; git upload-pack' fetch upstream",
    "git -c interactive.diffFilter='git stash clear; cat' add -p",
    "GIT_SEQUENCE_EDITOR=\"sed -i '1i exec git stash clear'\" git rebase -i HEAD~1",
    "git -c sequence.editor=\"sed -i '\\$a x git stash clear'\" rebase -i HEAD~1",
])
def test_git_settings_and_todo_lines_that_run_commands_are_judged(command: str, work: Path) -> None:
    assert "keep-uncommitted-work" in _kinds(judged(command, work, records=[])), command


@pytest.mark.parametrize("command", [
    "GIT_SEQUENCE_EDITOR=\"sed -i 's/^pick/fixup/'\" git rebase -i HEAD~1",
    "GIT_SEQUENCE_EDITOR=true git rebase -i --autosquash HEAD~1",
    "git -c interactive.diffFilter='cat' add -p",
])
def test_harmless_sequence_editors_and_filters_stay_allowed(command: str, work: Path) -> None:
    assert judged(command, work, records=[]) == [], command


# ---------------------------------------------------------------- the record store opened by URI or with -init
def test_the_store_opened_by_uri_or_with_an_init_file_is_denied(protected_repo: Path, tmp_path: Path) -> None:
    from test_trust import AGENTS, pre

    init = tmp_path / "setup.sql"
    init.write_text("select 1;\n")
    for command in ("sqlite3 'file:.git/statewise/store.db?mode=rw' 'delete from records'",
                    f"sqlite3 -init {init} .git/statewise/store.db .quit"):
        for agent in AGENTS:
            assert pre(agent, protected_repo, command)[0] == "deny", (agent, command)
    for command in ("sqlite3 'file:.git/statewise/store.db?mode=ro' 'select count(*) from records'",
                    f"sqlite3 -init {init} other.db .quit"):
        assert pre("claude", protected_repo, command)[0] == "allow", command


@pytest.mark.parametrize("template", ["sqlite3 :memory: \"select writefile('{o}/w.txt', 'x')\"",
                                      "sqlite3 notes.db '.output {o}/dump.sql' '.dump'",
                                      "sqlite3 notes.db \"vacuum into '{o}/copy.db'\""])
def test_files_sqlite_writes_by_statement_are_writes(template: str, git_repo: Path, outside: Path) -> None:
    command = template.format(o=outside)
    assert "write-inside-repository" in _kinds(judged(command, git_repo, records=[])), command
    assert judged(template.format(o="build"), git_repo, records=[]) == [], template


def test_find_exec_changing_the_files_it_visits_reaches_the_store(protected_repo: Path) -> None:
    from test_trust import AGENTS, pre

    for agent in AGENTS:
        assert pre(agent, protected_repo, "find .git -name 'store*' -exec truncate -s 0 {} +")[0] == "deny", agent
    assert pre("claude", protected_repo, "find . -name '*.log' -exec truncate -s 0 {} +")[0] == "allow"
    assert pre("claude", protected_repo, "find .git -name '*.orig' -exec truncate -s 0 {} +")[0] == "allow"


# ---------------------------------------------------------------- git apply: the files a patch file names
PATCH = "--- a/notes.txt\n+++ b/notes.txt\n@@ -1 +1 @@\n-old\n+new\n"


def test_git_apply_of_a_patch_file_names_the_files_it_patches(tmp_path: Path) -> None:
    from statewise_cli.actions.normalize import normalize_shell

    patch = tmp_path / "change.diff"
    patch.write_text(PATCH.replace("notes.txt", ".statewise.toml"))
    (apply,) = [a for a in normalize_shell(f"git apply {patch}", "feature") if a.operation == "git.apply"]
    assert apply.kind == "edit" and apply.paths == (".statewise.toml",)


def test_git_apply_into_a_directory_outside_is_a_write_there(git_repo: Path, outside: Path, tmp_path: Path) -> None:
    patch = tmp_path / "change.diff"
    patch.write_text(PATCH)
    for command in (f"git apply --unsafe-paths --directory={outside} {patch}",
                    f"git apply --unsafe-paths --directory={outside} {tmp_path}/missing.diff"):
        assert "write-inside-repository" in _kinds(judged(command, git_repo, records=[])), command
    (git_repo / "notes.txt").write_text("old\n")
    assert judged(f"git apply {patch}", git_repo, records=[]) == []
    assert judged(f"git apply --directory=sub {patch}", git_repo, records=[]) == []


def test_deleting_the_working_directory_by_pwd_takes_the_repository_with_it(git_repo: Path) -> None:
    for command in ('rm -rf "$PWD"', 'rm -rf "$PWD/"', f"cd .. && rm -rf {git_repo.name}"):
        assert "keep-uncommitted-work" in _kinds(judged_at(command, git_repo)), command
    for command in ('rm -rf "$PWD/build"', "rm -rf ./*", "rm -rf ."):
        assert judged_at(command, git_repo) == [], command


# ---------------------------------------------------------------- a container that mounts the repository
def test_a_container_command_on_a_mounted_repository_is_judged_on_the_host(git_repo: Path) -> None:
    (git_repo / "README.md").write_text("# demo\nuncommitted work\n")
    (git_repo / "new.txt").write_text("untracked work\n")
    for command in ('docker run --rm -v "$PWD":/w -w /w alpine/git reset --hard',
                    'docker run --rm -v "$PWD":/w -w /w some/image git clean -fdx',
                    'podman run --rm --mount type=bind,source="$PWD",target=/w -w /w img git checkout -- .'):
        assert "keep-uncommitted-work" in _kinds(judged_at(command, git_repo)), command
    for command in ('docker run --rm -v "$PWD":/src -w /src node:20 npm test',
                    'docker run --rm -v "$PWD":/w -w /w alpine/git status', "docker run --rm alpine rm -rf /tmp/x"):
        assert judged_at(command, git_repo) == [], command


# ---------------------------------------------------------------- output options of programs whose operands are data
@pytest.mark.parametrize("template", [
    "gpg --output {out}/doc.gpg --symmetric README.md",
    "gpg -o {out}/plain.txt --decrypt doc.gpg",
    "mktemp -p {out} scratch.XXXXXX",
    "mktemp {out}/scratch.XXXXXX",
    "cloc --report-file={out}/loc.txt .",
    "pytest --cov-report=xml:{out}/cov.xml",
    "go test -coverprofile={out}/c.out ./...",
])
def test_an_output_option_or_typed_path_outside_is_a_write(template: str, git_repo: Path, outside: Path) -> None:
    command = template.format(out=outside)
    assert "write-inside-repository" in _kinds(judged(command, git_repo, records=[])), command


@pytest.mark.parametrize("command", [
    "gpg --output build/doc.gpg --symmetric README.md", "gpg --verify doc.sig README.md", "mktemp", "mktemp -d",
    "cloc --report-file=build/loc.txt .", "pytest --cov-report=xml:build/cov.xml", "go test -coverprofile=c.out ./...",
    "ps -o pid,comm", "grep -o main README.md", "kubectl cp web-0:/var/log/app.log ./app.log",
])
def test_output_options_inside_stay_allowed(command: str, git_repo: Path, outside: Path) -> None:
    assert judged(command, git_repo, records=[]) == [], command


# ---------------------------------------------------------------- hooks made runnable, hooks written beside other files
def _dirty(repo: Path) -> None:
    (repo / "work.txt").write_text("uncommitted\n")
    git(repo, "add", "work.txt")
    (repo / "work.txt").write_text("uncommitted, changed again\n")


def test_chmod_that_makes_a_dormant_hook_runnable_judges_its_text(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(git_repo)
    _dirty(git_repo)
    hook = git_repo / ".git" / "hooks" / "post-checkout"
    hook.write_text("#!/bin/sh\ngit reset -q --hard HEAD\n")
    for command in ("chmod +x .git/hooks/post-checkout && git checkout -q -b other",
                    "chmod 755 .git/hooks/post-checkout", "chmod u+rwx,go+rx .git/hooks/post-checkout"):
        assert "keep-uncommitted-work" in _kinds(judged_at(command, git_repo, records=[])), command
    assert judged_at("chmod -x .git/hooks/post-checkout", git_repo, records=[]) == []
    assert judged_at("chmod 644 .git/hooks/post-checkout", git_repo, records=[]) == []
    hook.write_text("#!/bin/sh\necho checked out\n")
    assert judged_at("chmod +x .git/hooks/post-checkout", git_repo, records=[]) == []
    hook.unlink()
    assert judged_at("chmod +x .git/hooks/post-checkout", git_repo, records=[]) == []  # no file: git runs nothing


def test_a_hook_written_on_the_line_is_judged_when_a_file_beside_it_shares_its_directory_name(
        git_repo: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(git_repo)
    _dirty(git_repo)
    d = tmp_path / "hk"
    line = (f"printf 'x\\n' > {d}.list && mkdir -p {d} && printf '#!/bin/sh\\n{{body}}\\n' > {d}/pre-commit && "
            f"chmod +x {d}/pre-commit && git -c core.hooksPath={d} commit -qm note {d}.list")
    # a hooks directory outside the work tree is not judged by the hook's text: held whatever it says
    assert any("core.hooksPath" in v for v in judged_at(line.replace("{body}", "echo checked"), git_repo, records=[]))
    assert "keep-uncommitted-work" in _kinds(judged_at(line.replace("{body}", "git reset -q --hard"), git_repo,
                                                       records=[]))
