"""git's own documentation, walked row by row: what runs a program, what redirects the repository or a push, what
names a ref a push writes, and what writes a file at a path it is given.

The rows come from ``man git-config`` (every key whose value is a command, a program or a path git runs code from),
``man git`` (the environment variables that do the same or point git at another repository / configuration),
``man gitrevisions`` and the refspec grammar of ``man git-push``, and the options of git commands that write to a
path they are given. Also the other programs whose documented options run a command line (``tar
--use-compress-program``/``-I``/``--to-command``/``--checkpoint-action=exec``, ``mawk/gawk -W exec``) or delete a tree
(``cmake -E rm -r`` / ``remove_directory``). Each row is judged as the program it runs, the target it redirects to,
or the path it writes; a harmless value (a pager ``less``, ``cat``) is allowed. Every value here is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged, outside  # noqa: F401  (a fixture)

PUSH = "git push -f origin main"


def memory_denied(line: str, repo: Path) -> bool:
    """Whether the hook's memory-file check denies ``line`` (a developer's protection of main in force)."""
    from swtest import remember

    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery.trust import memory_contradictions
    from statewise_cli.store.db import Store

    remember(repo, "git.branch.protected", True, scope="branch:main", type="branch_policy")
    with Store.open(str(repo / ".git" / "statewise" / "store.db")) as store:
        return bool(memory_contradictions(store, normalize_shell(line, "feature"), str(repo)))


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    git(git_repo, "checkout", "-q", "-b", "feature")
    monkeypatch.chdir(git_repo)
    return git_repo


# ---------------------------------------------------------------- 1. configuration keys whose value git runs
# (key, a git command that reaches it) — from man git-config
PROGRAM_KEYS = [
    ("core.fsmonitor", "status"),
    ("core.sshCommand", "fetch origin"),
    ("core.gitProxy", "fetch origin"),
    ("core.alternateRefsCommand", "fetch origin"),
    ("core.askPass", "fetch origin"),
    ("core.pager", "log"),
    ("pager.log", "log"),
    ("pager.diff", "diff"),
    ("core.editor", "commit"),
    ("sequence.editor", "rebase -i HEAD~1"),
    ("diff.external", "diff"),
    ("diff.foo.command", "diff"),
    ("diff.foo.textconv", "diff"),
    ("difftool.foo.cmd", "difftool"),
    ("difftool.foo.path", "difftool"),
    ("mergetool.foo.cmd", "mergetool"),
    ("mergetool.foo.path", "mergetool"),
    ("merge.foo.driver", "merge other"),
    ("filter.foo.clean", "add ."),
    ("filter.foo.smudge", "checkout ."),
    ("filter.foo.process", "add ."),
    ("credential.helper", "fetch origin"),
    ("credential.https://example.invalid.helper", "fetch origin"),
    ("gpg.program", "commit -S -m x"),
    ("gpg.openpgp.program", "commit -S -m x"),
    ("gpg.x509.program", "commit -S -m x"),
    ("gpg.ssh.program", "commit -S -m x"),
    ("gpg.ssh.defaultKeyCommand", "commit -S -m x"),
    ("guitool.foo.cmd", "status"),
    ("browser.foo.cmd", "help --web log"),
    ("browser.foo.path", "help --web log"),
    ("man.foo.cmd", "help log"),
    ("man.foo.path", "help log"),
    ("instaweb.httpd", "instaweb"),
    ("instaweb.browser", "instaweb"),
    ("web.browser", "help --web log"),
    ("imap.tunnel", "imap-send"),
    ("interactive.diffFilter", "add -p"),
    ("sendemail.sendmailCmd", "send-email x.patch"),
    ("sendemail.smtpServer", "send-email x.patch"),
    ("sendemail.toCmd", "send-email x.patch"),
    ("sendemail.ccCmd", "send-email x.patch"),
    ("sendemail.work.toCmd", "send-email --identity=work x.patch"),
    ("sendemail.work.sendmailCmd", "send-email --identity=work x.patch"),
    ("uploadpack.packObjectsHook", "fetch origin"),
    ("remote.origin.uploadpack", "fetch origin"),
    ("remote.origin.receivepack", "push origin feature"),
    ("submodule.lib.update", "submodule update"),
]


def _value(key: str) -> str:
    # alias.*, submodule.<name>.update and pager values run as shell commands when they start with "!"
    return "!" + PUSH if key.endswith(".update") else PUSH


@pytest.mark.parametrize(("key", "sub"), PROGRAM_KEYS)
def test_a_program_key_given_by_dash_c_is_judged_as_its_program(key: str, sub: str, repo: Path) -> None:
    assert judged(f"git -c {key}='{_value(key)}' {sub}", repo), key


@pytest.mark.parametrize(("key", "sub"), PROGRAM_KEYS)
def test_a_program_key_written_by_git_config_is_judged_as_its_program(key: str, sub: str, repo: Path) -> None:
    assert judged(f"git config {key} '{_value(key)}'", repo), key
    assert judged(f"git config --local --add {key} '{_value(key)}'", repo), key
    assert judged(f"git config --file .git/config {key} '{_value(key)}'", repo), key


@pytest.mark.parametrize(("key", "sub"), PROGRAM_KEYS)
def test_a_program_key_in_the_environment_is_judged_as_its_program(key: str, sub: str, repo: Path) -> None:
    assert judged(f"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0={key} GIT_CONFIG_VALUE_0='{_value(key)}' git {sub}", repo), key
    assert judged(f"GIT_CONFIG_PARAMETERS=\"'{key}'='{_value(key)}'\" git {sub}", repo), key
    assert judged(f"V='{_value(key)}' git --config-env={key}=V {sub}", repo), key


def _section(key: str) -> tuple[str, str]:
    parts = key.split(".")
    head = parts[0] if len(parts) == 2 else f'{parts[0]} "{".".join(parts[1:-1])}"'
    return head, parts[-1]


@pytest.mark.parametrize(("key", "sub"), PROGRAM_KEYS)
def test_a_program_key_written_into_git_config_by_a_file_tool_is_judged(key: str, sub: str, repo: Path) -> None:
    head, name = _section(key)
    body = f"[{head}]\n\t{name} = {_value(key)}\n"
    assert judged("", repo, tool="Write", tool_input={"file_path": str(repo / ".git" / "config"), "content": body}), key
    old = (repo / ".git" / "config").read_text()
    assert judged("", repo, tool="Edit", tool_input={"file_path": str(repo / ".git" / "config"),
                                                     "old_string": old, "new_string": old + body}), key


@pytest.mark.parametrize(("key", "sub"), [("core.pager", "log"), ("pager.log", "log"), ("core.editor", "commit")])
@pytest.mark.parametrize("value", ["less", "cat", "less -FRX", "vim", "delta"])
def test_a_harmless_program_is_allowed(key: str, sub: str, value: str, repo: Path) -> None:
    assert judged(f"git -c {key}='{value}' log -1", repo) == [], (key, value)
    assert judged(f"git config {key} '{value}'", repo) == [], (key, value)


@pytest.mark.parametrize("line", [
    "git -c 'alias.up=!git push -f origin main' up",
    "git config alias.ship '!git push -f origin main'",
    "git config alias.ship 'push -f origin main' && git ship",
    "git -c alias.ship='push --force origin HEAD:main' ship",
])
def test_aliases_run_what_they_name(line: str, repo: Path) -> None:
    assert judged(line, repo), line


@pytest.mark.parametrize("line", [
    "git config core.hooksPath .githooks",
    "git -c core.hooksPath=hooks-dir commit -m x",
    "git config include.path ../shared.gitconfig",
    "git config includeIf.gitdir:~/.path ../shared.gitconfig",
    "git -c include.path=/tmp/x.cfg status",
    "git config init.templateDir /tmp/tpl",
    "git -c protocol.ext.allow=always fetch 'ext::sh -c git% push% -f% origin% main'",
    "git -c protocol.allow=always ls-remote 'ext::git push -f origin main'",
    "GIT_ALLOW_PROTOCOL=ext git clone 'ext::sh -c git% push% --force% origin% HEAD:main' /tmp/c",
])
def test_keys_that_point_git_at_code_are_not_allowed_blind(line: str, repo: Path) -> None:
    assert judged(line, repo), line


@pytest.mark.parametrize("line", [
    "git -c init.templateDir={tpl} init sub", "git init --template={tpl} sub", "git init --template {tpl} sub",
    "git clone --template={tpl} . /tmp/copy-{n}", "GIT_TEMPLATE_DIR={tpl} git init sub",
])
def test_a_template_directory_with_hooks_is_judged(line: str, repo: Path, tmp_path: Path) -> None:
    """git-init(1) TEMPLATE DIRECTORY: its hooks/ are copied into the new repository and run there later."""
    tpl = tmp_path / "tpl"
    (tpl / "hooks").mkdir(parents=True)
    (tpl / "hooks" / "post-checkout").write_text(f"#!/bin/sh\n{PUSH}\n")
    assert judged(line.format(tpl=tpl, n=1), repo), line
    assert judged(line.format(tpl=tmp_path / "none", n=2), repo) == [], line  # no template there: nothing copied


# ---------------------------------------------------------------- 1b. environment variables of man git
PROGRAM_ENV = [
    ("GIT_SSH_COMMAND", "fetch origin"), ("GIT_SSH", "fetch origin"), ("GIT_EXTERNAL_DIFF", "diff"),
    ("GIT_PAGER", "log"), ("PAGER", "log"), ("GIT_EDITOR", "commit"), ("EDITOR", "commit"), ("VISUAL", "commit"),
    ("GIT_SEQUENCE_EDITOR", "rebase -i HEAD~1"), ("GIT_ASKPASS", "fetch origin"), ("SSH_ASKPASS", "fetch origin"),
    ("GIT_PROXY_COMMAND", "fetch origin"),
]


@pytest.mark.parametrize(("name", "sub"), PROGRAM_ENV)
def test_a_program_variable_is_judged_as_its_program(name: str, sub: str, repo: Path) -> None:
    assert judged(f"{name}='{PUSH}' git {sub}", repo), name
    assert judged(f"export {name}='{PUSH}'; git {sub}", repo), name
    assert judged(f"env {name}='{PUSH}' git {sub}", repo), name


@pytest.mark.parametrize("line", [
    "GIT_PAGER=cat git log -3", "PAGER=less git log", "GIT_EDITOR=true git commit --amend --no-edit",
    "GIT_PAGER= git log", "GIT_SEQUENCE_EDITOR=: git rebase -i HEAD~1",
])
def test_a_harmless_program_variable_is_allowed(line: str, repo: Path) -> None:
    assert judged(line, repo) == [], line


@pytest.mark.parametrize("line", [
    "GIT_CONFIG_GLOBAL=/tmp/evil.cfg git status",
    "GIT_CONFIG_SYSTEM=/tmp/evil.cfg git status",
    "GIT_CONFIG=/tmp/evil.cfg git status",
    "GIT_EXEC_PATH=/tmp/bin git pull",
    "GIT_ALLOW_PROTOCOL=ext git fetch 'ext::sh -c git% push% -f% origin% main'",
])
def test_variables_that_point_git_at_other_code_are_not_allowed_blind(line: str, repo: Path) -> None:
    (Path("/tmp") / "evil.cfg").write_text(f"[core]\n\tfsmonitor = {PUSH}\n")
    assert judged(line, repo), line


# ---------------------------------------------------------------- 2. ref naming (man gitrevisions, man git-push)
WRITES_MAIN = [
    "git push origin main", "git push origin +main", "git push -f origin main", "git push --force origin main",
    "git push origin HEAD:main", "git push origin +HEAD:main", "git push origin feature:main",
    "git push origin feature:refs/heads/main", "git push origin HEAD:refs/heads/main", "git push origin @:main",
    "git push origin 'HEAD~0:main'", "git push origin 'feature^0:main'", "git push origin 'HEAD@{0}:main'",
    "git push origin 'feature@{0}:main'", "git push origin refs/heads/feature:main",
    "git push origin :main", "git push origin +:main", "git push --delete origin main", "git push -d origin main",
    "git push origin --delete main", "git push origin 'refs/heads/*:refs/heads/*'", "git push origin '+refs/heads/*'",
    "git push origin 'refs/heads/*'", "git push --all origin", "git push --al origin", "git push --mirror origin",
    "git push --mirr origin", "git push --force-with-lease origin main",
    "git push --force-with-lease=main origin HEAD:main", "git push --force-with-lease=main:abc1234 origin +HEAD:main",
    "git push --force-if-includes --force origin HEAD:main", "git push --atomic origin feature main",
    "git push --follow-tags origin main", "git push --tags origin main", "git push origin main:main",
    "git push origin refs/heads/main:refs/heads/main", "git push origin heads/main",
    "git push origin @{-1}:main", "git push origin 'main@{u}:main'", "git push origin '@{push}:main'",
    "git -c remote.origin.push=HEAD:main push origin", "git -c remote.origin.push=HEAD:main push",
    "git -c remote.origin.push='refs/heads/*:refs/heads/*' push", "git -c push.default=matching push origin",
    "git -c remote.origin.mirror=true push origin",
    "git -c push.default=upstream -c branch.feature.remote=origin -c branch.feature.merge=refs/heads/main push",
    "git -c push.default=upstream -c branch.feature.merge=main push origin",
    "git -c push.default=tracking -c branch.feature.merge=refs/heads/main push origin",
    "git checkout main && git push", "git switch main && git push origin",
    "git checkout main && git push origin HEAD", "git checkout main && git push origin @",
    "git switch main; git switch feature; git push origin @{-1}",
    "git checkout main && make test && git push origin HEAD", "git checkout main && npm test && git push",
    "git checkout main; git push origin HEAD", "git checkout other; git push origin HEAD",
    "git checkout main && git stash && git push origin HEAD", "git switch - && git push origin HEAD",
    "git checkout --detach main && git push origin HEAD:main",
]


@pytest.mark.parametrize("line", WRITES_MAIN)
def test_a_push_that_writes_the_protected_branch_is_denied(line: str, repo: Path) -> None:
    git(repo, "branch", "other")
    assert judged(line, repo), line


WRITES_OTHER = [
    "git push origin feature", "git push origin HEAD", "git push origin HEAD:feature", "git push origin @",
    "git push -u origin feature", "git push origin feature:topic", "git push origin HEAD:refs/heads/topic",
    "git push --force-with-lease origin feature", "git push -f origin feature", "git push origin :topic",
    "git push --delete origin topic", "git push origin refs/tags/v1.0", "git push origin v1.0",
    "git push --follow-tags origin feature", "git push origin 'refs/heads/feat/*:refs/heads/feat/*'",
    "git push --dry-run origin main", "git push -n origin main",
    "git checkout other && git push origin HEAD", "git switch other && git push -u origin HEAD",
    "git checkout main && git checkout feature && git push origin HEAD", "git checkout -- README.md && git push origin HEAD",
    "git checkout -b topic && git push -u origin HEAD",
]


@pytest.mark.parametrize("line", WRITES_OTHER)
def test_a_push_of_another_branch_is_allowed(line: str, repo: Path) -> None:
    git(repo, "tag", "v1.0")
    assert judged(line, repo) == [], line


# ---------------------------------------------------------------- 3. write channels: git writes the path it is given
WRITES_OUTSIDE = [
    "git log -1 --output={out}/x.txt", "git log -1 --output {out}/x.txt", "git diff --output={out}/x.diff",
    "git show --output={out}/x.txt HEAD", "git format-patch -o {out}/p -1", "git format-patch --output-directory={out}/p -1",
    "git format-patch -1 --output={out}/one.patch", "git archive -o {out}/a.tar HEAD",
    "git archive --output={out}/a.tar HEAD", "git bundle create {out}/b.bundle HEAD", "git worktree add {out}/wt",
    "git clone . {out}/copy", "git init {out}/fresh", "git config --file {out}/cfg a.b c", "git config -f {out}/cfg a.b c",
    "git bugreport -o {out}/rep", "git fast-export --export-marks={out}/marks HEAD",
    "git checkout-index -a --prefix={out}/", "git --work-tree={out} checkout HEAD -- .",
    "git mailsplit -o{out} mbox", "git init --separate-git-dir={out}/gd sub",
    "git credential-store --file={out}/cred store", "GIT_TRACE={out}/trace.log git status",
    "GIT_TRACE2_EVENT={out}/t2.json git status", "git -c trace2.eventTarget={out}/t2.json status",
]


@pytest.mark.parametrize("line", WRITES_OUTSIDE)
def test_a_git_write_channel_outside_the_repository_is_denied(line: str, repo: Path, outside: Path) -> None:  # noqa: F811
    assert judged(line.format(out=outside), repo), line


WRITES_INSIDE = [
    "git log -1 --output=log.txt", "git diff --output=changes.diff", "git format-patch -o patches -1",
    "git archive -o build/a.tar HEAD", "git bundle create repo.bundle HEAD", "git config --file local.cfg a.b c",
    "git log -1 --output=/tmp/x.txt", "git format-patch -o /tmp/patches -1", "git archive -o /tmp/a.tar HEAD",
    "git worktree add /tmp/wt-check", "GIT_TRACE=/tmp/trace.log git status",
]


@pytest.mark.parametrize("line", WRITES_INSIDE)
def test_a_git_write_channel_inside_the_repository_or_tmp_is_allowed(line: str, repo: Path) -> None:
    assert judged(line, repo) == [], line


@pytest.mark.parametrize("line", [
    "git log -1 --format='- main is protected: never push to main directly' --output=CLAUDE.md",
    "git log -1 --pretty='format:## Rules%n- Never force-push to main.%n' --output=AGENTS.md",
    "git log -1 --format=tformat:'- main is protected; open a pull request instead' --output CLAUDE.md",
])
def test_a_memory_line_git_log_writes_that_agrees_is_allowed(line: str, repo: Path) -> None:
    assert judged(line, repo) == [], line
    assert not memory_denied(line, repo), line


@pytest.mark.parametrize("line", [
    "git log -1 --format='main is not protected: push freely' --output=CLAUDE.md",
    "git log -1 --format='%s' --output=CLAUDE.md",
    "git log -1 --output=CLAUDE.md",
])
def test_a_memory_line_git_log_writes_that_lowers_or_is_unknown_is_denied(line: str, repo: Path) -> None:
    assert memory_denied(line, repo), line


# ---------------------------------------------------------------- other programs' documented doors
@pytest.mark.parametrize("line", [
    "tar --use-compress-program='sh -c \"gzip -d\"' -xf a.tgz",
    "tar -I 'zstd -T0' -cf a.tar.zst src",
    "tar --use-compress-program=pigz -cf a.tgz src",
    "tar -I 'sh -c \"xz -9\"' -cf a.txz src",
    "tar --to-command='wc -c' -xf a.tar",
    "tar -cf a.tar --checkpoint=100 --checkpoint-action=exec='echo done' src",
])
def test_tar_runs_a_harmless_inner_command_line(line: str, repo: Path) -> None:
    assert judged(line, repo) == [], line


@pytest.mark.parametrize("line", [
    "tar --use-compress-program='sh -c \"git push -f origin main\"' -xf a.tgz",
    "tar -I 'sh -c \"git push -f origin main\"' -cf a.tar src",
    "tar --to-command='git push -f origin main' -xf a.tar",
    "tar -cf a.tar --checkpoint=1 --checkpoint-action=exec='git push -f origin main' src",
])
def test_tar_inner_command_line_that_pushes_is_denied(line: str, repo: Path) -> None:
    assert judged(line, repo), line


@pytest.mark.parametrize("line", [
    "mawk -W exec /dev/stdin <<'EOF'\nBEGIN { print \"- Never force-push to main.\" > \"AGENTS.md\" }\nEOF",
    "gawk -W exec /dev/stdin <<'EOF'\nBEGIN { print \"- main is protected; use a pull request\" > \"CLAUDE.md\" }\nEOF",
])
def test_awk_w_exec_writing_an_agreeing_memory_line_is_allowed(line: str, repo: Path) -> None:
    assert judged(line, repo) == [], line
    assert not memory_denied(line, repo), line


@pytest.mark.parametrize("line", [
    "mawk -W exec /dev/stdin <<'EOF'\nBEGIN { print \"main is not protected any more\" > \"CLAUDE.md\" }\nEOF",
    "mawk -W exec /dev/stdin <<'EOF'\nBEGIN { system(\"git push -f origin main\") }\nEOF",
    "printf 'BEGIN { system(\"git push -f origin main\") }\\n' > /tmp/p.awk && gawk -W exec /tmp/p.awk",
])
def test_awk_w_exec_that_lowers_or_pushes_is_denied(line: str, repo: Path) -> None:
    assert judged(line, repo) or memory_denied(line, repo), line


@pytest.mark.parametrize("line", [
    "mkdir -p /tmp/build-42 && cmake -E rm -r /tmp/build-42",
    "mkdir -p /tmp/build-42 && cmake -E rm -rf /tmp/build-42",
    "mkdir -p /tmp/build-42 && cmake -E remove_directory /tmp/build-42",
    "D=$(mktemp -d) && cmake -E rm -r \"$D\"",
    "cmake -E rm -r build", "cmake -E remove_directory build",
])
def test_cmake_removes_a_scratch_tree(line: str, repo: Path) -> None:
    assert judged(line, repo) == [], line


@pytest.mark.parametrize("line", [
    "cmake -E rm -r {out}", "cmake -E remove_directory {out}", "cmake -E rm -rf {out}/dir",
    "cmake -E rm -r .git", "cmake -E remove_directory .git/statewise",
])
def test_cmake_removes_a_tree_outside_or_a_guard(line: str, repo: Path, outside: Path) -> None:  # noqa: F811
    assert judged(line.format(out=outside), repo), line


def test_a_scratch_tree_that_is_there_already_is_not_the_line_s_own(repo: Path, tmp_path: Path) -> None:
    (tmp_path / "shared" / "cache").mkdir(parents=True)  # another program's files: mkdir -p creates nothing
    from statewise_cli.recovery import invariants

    assert invariants._scratch_made_on_the_line(str(tmp_path / "shared"), [], str(repo), {}) is False
    assert judged("mkdir -p /tmp && cmake -E rm -r /tmp/never-made-here-47", repo)
    assert judged("cmake -E rm -r /tmp/never-made-here-47", repo)


def test_a_long_chain_of_harmless_tests_is_allowed(repo: Path) -> None:
    chain = " && ".join(f"test -f src/file_{i}.py" for i in range(2500))
    assert len(chain) > 32 * 1024
    assert judged(chain, repo) == []
    chain = " && ".join(f"[ -d dir{i} ] || echo missing {i}" for i in range(1500))
    assert len(chain) > 32 * 1024
    assert judged(chain, repo) == []


def test_a_long_chain_that_ends_in_a_push_is_denied(repo: Path) -> None:
    chain = " && ".join(f"test -f src/file_{i}.py" for i in range(2500)) + " && " + PUSH
    assert judged(chain, repo)
