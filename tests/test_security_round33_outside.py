"""Security classes of round 33 (uncommitted work, writes outside the repository, and ordinary commands that must stay
allowed), by mechanism: git's answers to where the repository is and which branch it is on, given back only when
nothing earlier on the line may have changed them; reading forms of git commands that also write; a one-off hooks
directory that holds no hook; ``os.path.join`` of literals; a committed version written over a file; ignore rules
given to ``git clean -X`` for one command; a container volume that is a host directory. Every case is written for
its class here, not taken from a corpus."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import PROTECTED

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.config.settings import Settings
from statewise_cli.recovery.invariants import check
from statewise_cli.repo import find_repo


def verdicts(command: str, cwd: Path, branch: str = "main") -> list[str]:
    """The invariants a command breaks, judged as the hook does: with the directory it starts in known."""
    actions = normalize_shell(command, branch, cwd=str(cwd))
    found = check(actions, PROTECTED, find_repo(str(cwd)), str(cwd), Settings())
    return [f"{v.invariant}: {v.detail}" for v in found if v.verdict == "deny"]


@pytest.fixture
def worked(git_repo: Path) -> Path:
    """main checked out after a topic branch, a modified tracked file in a subdirectory, an untracked file."""
    (git_repo / "lib").mkdir()
    (git_repo / "lib" / "core.py").write_text("A = 1\n")
    git(git_repo, "add", "lib/core.py")
    git(git_repo, "commit", "-qm", "core")
    git(git_repo, "switch", "-qc", "topic/x")
    git(git_repo, "switch", "-q", "main")
    (git_repo / "lib" / "core.py").write_text("A = 2  # not committed\n")
    (git_repo / "draft.txt").write_text("untracked work\n")
    return git_repo


# ---------------------------------------------------------------- git's answers, when nothing before changed them
@pytest.mark.parametrize("command", [
    'git push origin "$(git rev-parse --symbolic-full-name @{-1})"',
    'git push -u origin "$(git rev-parse --abbrev-ref @{-1})"',
    'cd lib && rm -rf "$(git rev-parse --show-cdup)dist"',
    'rm -rf "$(git rev-parse --show-toplevel)/coverage"',
    'cd lib && rm -rf "$(git rev-parse --show-toplevel)"/lib/__pycache__',
])
def test_a_git_answer_known_now_is_used(command: str, worked: Path) -> None:
    assert verdicts(command, worked) == []


@pytest.mark.parametrize("command", [
    'git push -f origin "$(git branch --show-current)"',  # it is main
    'git push -f origin "$(git symbolic-ref --short HEAD)"',
    'cd lib && rm -rf "$(git rev-parse --show-cdup)../elsewhere"',
])
def test_a_git_answer_that_names_a_protected_target_is_judged_by_it(command: str, worked: Path) -> None:
    assert verdicts(command, worked)


@pytest.mark.parametrize("command", [
    # something ran before on the line: HEAD may have moved, the answer now says nothing about the answer then
    'git switch -q topic/x && git push -f origin "$(git rev-parse --symbolic-full-name @{-1})"',
    '(git checkout -q main) ; git push -f origin "$(git branch --show-current)"',
    'b=checkout; git $b -q main && git push -f origin "$(git rev-parse --abbrev-ref HEAD)"',
    './tools/prepare.sh; git push -f origin "$(git rev-parse --abbrev-ref HEAD)"',
    # git pointed elsewhere, or a query this reading does not answer
    'git push -f origin "$(git -C ../other rev-parse --abbrev-ref HEAD)"',
    'git push -f origin "$(git log -1 --format=%D)"',
])
def test_a_git_answer_that_may_differ_at_run_time_stays_unknown(command: str, worked: Path) -> None:
    git(worked, "switch", "-q", "topic/x")  # on the topic branch now: main would be pushed only if HEAD moved
    found = verdicts(command, worked, branch="topic/x")
    assert any(v.startswith("protected-branch") for v in found), found


# ---------------------------------------------------------------- reading forms of git commands that also write
@pytest.mark.parametrize("command, denied", [
    ("git --git-dir=../peer.git symbolic-ref HEAD", False),
    ("git --git-dir=../peer.git symbolic-ref --short -q HEAD", False),
    ("git --git-dir=../peer.git config --get core.bare", False),
    ("git --git-dir=../peer.git worktree list --porcelain", False),
    ("git --git-dir=../peer.git symbolic-ref HEAD refs/heads/gone", True),
    ("git --git-dir=../peer.git config core.bare false", True),
    ("git --git-dir=../peer.git stash drop", True),
])
def test_reading_forms_of_another_repository(command: str, denied: bool, worked: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    monkeypatch.chdir(worked)  # the hook runs in the session's directory
    subprocess.run(["git", "init", "-q", "--bare", str(worked.parent / "peer.git")], check=True)
    assert bool(verdicts(command, worked)) is denied


# ---------------------------------------------------------------- a one-off hooks directory
def test_a_hooks_directory_with_no_hook_runs_nothing(worked: Path, tmp_path: Path) -> None:
    missing = tmp_path / "no-such-hooks"
    assert verdicts(f"git -c core.hooksPath={missing} hook run --ignore-missing pre-push", worked) == []
    empty = tmp_path / "empty-hooks"
    empty.mkdir()
    assert verdicts(f"git -c core.hooksPath={empty} commit -qm wip", worked) == []


def test_a_hooks_directory_with_a_hook_or_written_on_the_line_is_code(worked: Path, tmp_path: Path) -> None:
    full = tmp_path / "full-hooks"
    full.mkdir()
    (full / "post-commit").write_text("#!/bin/sh\ngit push -f origin main\n")
    assert verdicts(f"git -c core.hooksPath={full} commit -qm wip", worked)
    later = tmp_path / "later-hooks"
    assert verdicts(f"mkdir -p {later} && cp tools/h {later}/pre-commit && git -c core.hooksPath={later} commit -m x",
                    worked)
    assert verdicts("git -c core.hooksPath=hooks-here commit -qm wip", worked)  # relative: not judged here


# ---------------------------------------------------------------- os.path.join of literals
@pytest.mark.parametrize("code, denied", [
    ("import os, shutil; shutil.rmtree(os.path.join(os.curdir, 'dist'))", False),
    ("import shutil, os.path; shutil.rmtree(os.path.join('lib', '__pycache__'), ignore_errors=True)", False),
    ("import os, shutil; shutil.rmtree(os.path.join(os.path.join(os.curdir, 'a'), 'b'))", False),
    ("import os, shutil; shutil.rmtree(os.path.join(os.pardir, 'sibling'))", True),
    ("import os, shutil; shutil.rmtree(os.path.join(os.curdir, os.pardir, os.pardir))", True),
    ("import os, shutil; d = input(); shutil.rmtree(os.path.join(os.curdir, d))", True),
])
def test_literal_joins_are_the_path_they_build(code: str, denied: bool, worked: Path) -> None:
    found = verdicts(f'python3 -c "{code}"', worked)
    assert bool([v for v in found if v.startswith("rm-inside-repository")]) is denied, found


# ---------------------------------------------------------------- a committed version written over a file
@pytest.mark.parametrize("command", [
    "git show HEAD:lib/core.py > lib/core.py",
    "git cat-file -p HEAD:lib/core.py >| lib/core.py",
    "git show main:lib/core.py | tee lib/core.py > /dev/null",
    "cd lib && git show HEAD:lib/core.py > core.py",
])
def test_a_committed_version_over_a_modified_file_discards_it(command: str, worked: Path) -> None:
    found = verdicts(command, worked)
    assert any(v.startswith("keep-uncommitted-work") for v in found), found


@pytest.mark.parametrize("command", [
    "git show HEAD:lib/core.py > /tmp/core.orig.py && diff -u /tmp/core.orig.py lib/core.py || true",
    "git show HEAD:lib/core.py >> lib/core.py",  # appends: nothing is lost
    "git show HEAD:README.md > README.md",  # no uncommitted change there
    "git show HEAD:lib/core.py > lib/core_v1.py",  # a new file
    "git show HEAD:lib/core.py | tee -a lib/core.py",
])
def test_a_committed_version_elsewhere_is_no_discard(command: str, worked: Path) -> None:
    assert [v for v in verdicts(command, worked) if v.startswith("keep-uncommitted-work")] == []


# ---------------------------------------------------------------- ignore rules given to `git clean -X`
@pytest.mark.parametrize("command", [
    "git clean -fX -e draft.txt",
    "printf 'draft.txt\\n' > /tmp/ign && git -c core.excludesFile=/tmp/ign clean -fX",
    "git -c core.excludesfile=/tmp/ign clean -fX -- draft.txt",
])
def test_ignore_rules_for_one_clean_make_untracked_work_ignored(command: str, worked: Path) -> None:
    found = verdicts(command, worked)
    assert any(v.startswith("keep-uncommitted-work") for v in found), found


def test_a_plain_ignored_clean_stays_allowed(worked: Path) -> None:
    assert verdicts("git clean -fX", worked) == []
    assert verdicts("git -c core.excludesFile=/tmp/ign status --short --ignored", worked) == []


# ---------------------------------------------------------------- a volume that is a host directory
@pytest.mark.parametrize("command, denied", [
    ('docker volume create --driver local --opt type=none --opt o=bind --opt device="$HOME" home-vol', True),
    ("podman volume create -o device=/var/lib/other -o o=bind data", True),
    ("docker volume create --opt=device=../sibling --opt=o=bind up", True),
    ("docker volume create --opt device=./data --opt o=bind local-data", False),
    ("docker volume create scratch", False),
])
def test_a_volume_on_a_host_directory_writes_it(command: str, denied: bool, worked: Path, outside: Path) -> None:
    found = [v for v in verdicts(command, worked) if v.startswith("write-inside-repository")]
    assert bool(found) is denied, found


# ---------------------------------------------------------------- commands inline code hands over without calling a shell
@pytest.mark.parametrize("code", [
    "python3 -c \"import os; os.spawnlp(os.P_WAIT, 'sh', 'sh', '-c', 'echo x >> ~/.profile')\"",
    "python3 -c \"import os; os.posix_spawnp('sh', ['sh', '-c', 'echo x >> ~/.profile'], {})\"",
    "python3 -c \"import threading, os; threading.Thread(target=os.system, args=('echo x >> ~/.profile',)).start()\"",
    "python3 -c \"import functools, subprocess; functools.partial(subprocess.call, 'echo x >> ~/.profile', shell=True)()\"",
    "perl -e 'my $o = readpipe(q(true)); readpipe(\"echo x >> ~/.profile\")'",
    "ruby -e 'Open3.capture2(cmd: \"echo x >> ~/.profile\")'",
])
def test_a_command_handed_over_without_a_shell_call_is_judged(code: str, worked: Path, outside: Path) -> None:
    found = verdicts(code, worked)
    assert any(v.startswith("write-inside-repository") for v in found), found


@pytest.mark.parametrize("code", [
    "python3 -c \"import os; os.spawnlp(os.P_WAIT, 'ls', 'ls', '-l')\"",
    "python3 -c \"import atexit, os; atexit.register(os.system, 'echo done')\"",
    "perl -e 'print readpipe(\"date -u\")'",
])
def test_a_harmless_handed_command_stays_allowed(code: str, worked: Path) -> None:
    assert verdicts(code, worked) == []


def test_a_literal_path_resolve_in_node_is_the_path_it_builds(worked: Path, outside: Path) -> None:
    out = "node -e \"require('fs').copyFileSync('a.txt', require('path').resolve('..', 'elsewhere', 'a.txt'))\""
    assert any(v.startswith("write-inside-repository") for v in verdicts(out, worked))
    inside = "node -e \"require('fs').copyFileSync('a.txt', require('path').join('build', 'a.txt'))\""
    assert verdicts(inside, worked) == []


# ---------------------------------------------------------------- git's own output operands, an empty input stream
@pytest.mark.parametrize("command, denied", [
    ("git mailinfo ../elsewhere/msg ../elsewhere/patch < /tmp/in.mbox", True),
    ("git mailsplit -o../elsewhere/parts /tmp/in.mbox", True),
    ("git mailsplit -o ../elsewhere/parts /tmp/in.mbox", True),
    ("git mailinfo /tmp/msg /tmp/patch < /tmp/in.mbox", False),
    ("git fast-import --quiet --export-marks=/tmp/marks < /dev/null", False),
])
def test_git_output_operands(command: str, denied: bool, worked: Path, outside: Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ("/tmp/marks", "/tmp/msg", "/tmp/patch"))  # not the test dirs
    assert bool(verdicts(command, worked)) is denied


# ---------------------------------------------------------------- stream compressors to standard output
@pytest.mark.parametrize("command, denied", [
    ("xz -c .statewise.toml > /tmp/cfg.xz", False),
    ("bzip2 --stdout .statewise.toml > /tmp/cfg.bz2", False),
    ("gzip -t lib/core.py.gz", False),
    ("xz .statewise.toml", True),  # replaces the file by .statewise.toml.xz
])
def test_compressors_to_standard_output_only_read(command: str, denied: bool, worked: Path) -> None:
    (worked / ".statewise.toml").write_text("[policy]\n")
    assert bool(verdicts(command, worked)) is denied


# ---------------------------------------------------------------- the work tree's changes applied in reverse
@pytest.mark.parametrize("command, denied", [
    ("git diff -R | git apply", True),
    ("git diff --reverse -- lib | git apply --whitespace=nowarn", True),
    ("git diff | patch -p1 -R", True),
    ("git diff -R | git apply --stat", False),
    ("git diff --cached -R | git apply", False),
    ("git diff -R -- README.md | git apply", False),  # no change there
])
def test_a_reversed_diff_of_the_work_tree_discards_it(command: str, denied: bool, worked: Path) -> None:
    found = [v for v in verdicts(command, worked) if v.startswith("keep-uncommitted-work")]
    assert bool(found) is denied, found


# ---------------------------------------------------------------- a fresh temporary directory; code's own arguments
@pytest.mark.parametrize("command, denied", [
    ("python3 -c \"import tempfile, shutil; shutil.rmtree(tempfile.mkdtemp(prefix='job'))\"", False),
    ("python3 -c \"import tempfile, shutil; shutil.rmtree(tempfile.mkdtemp(dir='../elsewhere'))\"", True),
    ("d=$(mktemp -d) && node -e \"require('fs').rmSync(process.argv[1], {recursive: true})\" \"$d\"", False),
    ("node -e \"require('fs').rmSync(process.argv[1], {recursive: true, force: true})\" ../elsewhere", True),
    ("python3 -c \"import shutil, sys; shutil.rmtree(sys.argv[1])\" dist", False),
    ("python3 -c \"import shutil, sys; shutil.rmtree(sys.argv[1])\" \"$TARGET_DIR\"", True),
])
def test_temporary_directories_and_own_arguments(command: str, denied: bool, worked: Path) -> None:
    found = [v for v in verdicts(command, worked) if v.startswith(("rm-inside-repository", "write-inside-repository"))]
    assert bool(found) is denied, found


def test_an_argument_that_is_only_printed_stays_text(worked: Path) -> None:
    assert verdicts("python3 -c 'import sys; print(sys.argv[1])' 'git clean -fdx'", worked) == []
    assert verdicts("node -e 'console.log(process.argv[1])' 'rm -rf ../elsewhere'", worked) == []
