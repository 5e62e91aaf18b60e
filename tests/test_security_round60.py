"""Writes an option or an archiver's grammar names, words joined by ``IFS``, and code git runs from a template.

- an option a git subcommand's manual says builds a file there (``git apply --build-fake-ancestor=FILE``, which
  writes an index file even with ``--check``) is a write of that file, from the generated table;
- ``zip ZIPFILE FILE…`` writes its first operand and only reads the members it is given: a guard file archived
  into a scratch place is a read, a guard file named as the archive is a write.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import PROTECTED, Settings, check, find_repo
from test_trust import pre

from statewise_cli.actions.normalize import normalize_shell


def _judged_in(command: str, repo: Path) -> list[str]:
    """The invariants a command breaks, judged from ``repo`` as its ``$PWD``."""
    found = check(normalize_shell(command, "feature", cwd=str(repo)), PROTECTED, find_repo(str(repo)), str(repo),
                  Settings())
    return [f"{v.invariant}: {v.detail}" for v in found if v.verdict == "deny"]


@pytest.mark.parametrize("target", [".statewise.toml", ".codex/hooks.json", ".git/statewise/store.db"])
def test_an_index_file_git_apply_builds_is_a_write_of_the_guard(protected_repo: Path, target: str) -> None:
    for form in (f"--build-fake-ancestor={target}", f"--build-fake-ancestor {target}"):
        verdict, reason = pre("claude", protected_repo, f"git show --format= HEAD | git apply -R --check {form}")
        assert verdict == "deny", reason
        assert target in reason


def test_an_index_file_git_apply_builds_outside_is_a_write_outside(protected_repo: Path, outside: Path) -> None:
    found = _judged_in(f"git diff HEAD | git apply --check --build-fake-ancestor={outside}/dir/x.idx", protected_repo)
    assert any(f"{outside}/dir/x.idx" in v and "outside the repository" in v for v in found), found
    verdict, reason = pre("claude", protected_repo, "git diff HEAD | git apply --check --build-fake-ancestor=/tmp/x.idx")
    assert verdict == "allow", reason


def test_zip_writes_its_archive_and_reads_its_members(protected_repo: Path, outside: Path) -> None:
    for line in ("zip -q /tmp/sw60-guard.zip .statewise.toml", "zip -qr9 /tmp/sw60-g.zip .codex README.md",
                 "zip --quiet --junk-paths /tmp/sw60-s.zip .claude/settings.json"):
        verdict, reason = pre("claude", protected_repo, line)
        assert verdict == "allow", (line, reason)
    for line, target in (("zip -q .claude/settings.local.json README.md", ".claude/settings.local.json"),
                         ("zip -q .git/statewise/x.zip README.md", ".git/statewise/x.zip"),
                         ("zip -q .git/statewise/store README.md", ".git/statewise/store"),
                         ("zip -qm /tmp/sw60-m.zip .statewise.toml", ".statewise.toml")):
        verdict, reason = pre("claude", protected_repo, line)
        assert verdict == "deny", (line, reason)
        assert target in reason
    found = _judged_in(f"zip -qr {outside}/dir/docs.zip README.md", protected_repo)
    assert any(f"{outside}/dir/docs.zip" in v and "outside the repository" in v for v in found), found
    # a name without a suffix is written with `.zip` added
    found = _judged_in(f"zip -q {outside}/dir/docs README.md", protected_repo)
    assert any(f"{outside}/dir/docs.zip" in v for v in found), found


@pytest.mark.parametrize("line", [
    'IFS=:; a=(HEAD main); git push -q -f origin "${a[*]}"',  # joined with `:`: the refspec HEAD:main
    'IFS=; a=(ma in); git push -q -f origin "${a[*]}"',  # an empty IFS joins with nothing
    'IFS=:; a=(x HEAD main); git push -q -f origin "${a[*]:1}"',
    'IFS=:; set -- HEAD main; git push -f origin "$*"',
    'read -r IFS < /tmp/sw60-ifs; a=(HEAD main); git push -q -f origin "${a[*]}"',  # IFS the check cannot know
    'IFS=$(cat /tmp/sw60-ifs); x=main; git push -q -f origin $x',
])
def test_words_joined_or_split_by_ifs_get_the_protected_answer(protected_repo: Path, line: str) -> None:
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


def test_a_quoted_expansion_is_not_split_at_ifs(protected_repo: Path, outside: Path) -> None:
    found = _judged_in(f'IFS=/; h=("{outside}" dir); rm -rf "${{h[*]}}"', protected_repo)
    assert any(f"{outside}/dir" in v for v in found), found
    found = _judged_in(f'IFS=/; d="{outside}/dir"; rm -rf "$d"', protected_repo)
    assert any(f"{outside}/dir" in v for v in found), found
    # the same words with a topic branch and a default IFS go through
    verdict, reason = pre("claude", protected_repo, 'a=(x y); : "${a[*]}"; git push -q origin feature')
    assert verdict == "allow", reason
    verdict, reason = pre("claude", protected_repo, 'IFS=-; a=(topic one); git push -q origin "${a[*]}"')
    assert verdict == "allow", reason


def _template_line(tag: str, body: str, clone: str) -> str:
    return (f"mkdir -p /tmp/sw60-{tag}/hooks && printf '#!/bin/sh\\n{body}\\n' > /tmp/sw60-{tag}/hooks/post-checkout"
            f" && chmod +x /tmp/sw60-{tag}/hooks/post-checkout && {clone.replace('TPL', f'/tmp/sw60-{tag}')}")


@pytest.mark.parametrize("clone", ["git clone -q --template=TPL . /tmp/sw60-cl", "git clone -q --template TPL . /tmp/sw60-cl",
                                   "git -c init.templateDir=TPL clone -q . /tmp/sw60-cl"])
def test_a_template_hook_the_line_writes_is_judged_as_what_it_runs(protected_repo: Path, clone: str) -> None:
    for body in ("echo checked out >&2", "git status -sb", "ls -la ..", "git push -q origin HEAD:refs/heads/topic"):
        verdict, reason = pre("claude", protected_repo, _template_line("t", f"cd {protected_repo} && {body}", clone))
        assert verdict == "allow", (body, reason)
    for body in ("git push -qf origin main", "statewise install-hook --agent codex --force", "rm -f .statewise.toml"):
        verdict, reason = pre("claude", protected_repo, _template_line("u", f"cd {protected_repo} && {body}", clone))
        assert verdict == "deny", (body, reason)


def test_a_template_hook_on_disk_is_judged_as_what_it_runs(protected_repo: Path, tmp_path: Path) -> None:
    hooks = tmp_path / "tpl" / "hooks"
    hooks.mkdir(parents=True)
    hook = hooks / "post-checkout"
    hook.write_text(f"#!/bin/sh\ncd {protected_repo} && unset GIT_DIR\ngit push -qf origin main\n")
    verdict, reason = pre("codex", protected_repo, f"git clone -q --template={tmp_path}/tpl . /tmp/sw60-cl2")
    assert verdict == "deny", reason
    hook.write_text("#!/bin/sh\necho checked out >&2\n")
    verdict, reason = pre("codex", protected_repo, f"git clone -q --template={tmp_path}/tpl . /tmp/sw60-cl2")
    assert verdict == "allow", reason
    hook.write_bytes(b"\x7fELF\x00\x01")  # a binary: what it runs is not known
    verdict, reason = pre("codex", protected_repo, f"git clone -q --template={tmp_path}/tpl . /tmp/sw60-cl2")
    assert verdict == "deny", reason


def test_a_receive_hook_on_disk_runs_when_the_push_arrives(protected_repo: Path, tmp_path: Path) -> None:
    import subprocess

    bare = tmp_path / "rb"
    subprocess.run(["git", "init", "-q", "--bare", str(bare)], check=True)
    hook = bare / "hooks" / "pre-receive"
    hook.write_text(f"#!/bin/sh\ncd {protected_repo} && unset GIT_DIR\ngit push -qf origin main\n")
    verdict, reason = pre("claude", protected_repo, f"chmod +x {hook} && git push -q {bare} HEAD:refs/heads/x")
    assert verdict == "deny", reason
    assert "main" in reason
    hook.write_text("#!/bin/sh\necho received >&2\n")
    verdict, reason = pre("claude", protected_repo, f"chmod +x {hook} && git push -q {bare} HEAD:refs/heads/x")
    assert verdict == "allow", reason


def test_a_filter_snippet_is_judged_with_its_own_parameters_unknown(protected_repo: Path) -> None:
    line = ("git clone -q . /tmp/sw60-fb && git -C /tmp/sw60-fb filter-branch -f --commit-filter "
            f"'(cd {protected_repo} && unset GIT_DIR && {{}}); git commit-tree \"$@\"' HEAD~1..HEAD")
    verdict, reason = pre("claude", protected_repo, line.format("git diff --stat HEAD"))
    assert verdict == "allow", reason
    verdict, reason = pre("claude", protected_repo, line.format("git push -qf origin main"))
    assert verdict == "deny", reason
    # a snippet that is only a parameter the shell expands stays unknown
    verdict, reason = pre("claude", protected_repo, 'git filter-branch -f --tree-filter "$F" HEAD~1..HEAD')
    assert verdict == "deny", reason


@pytest.mark.parametrize("unit", ['a=(x y); : "${a[*]}"; ', "read -a w < /dev/null; ", "read -r -a w < /dev/null; "])
def test_a_long_line_of_repeated_no_ops_is_read_like_the_short_line(protected_repo: Path, unit: str) -> None:
    verdict, reason = pre("claude", protected_repo, unit * 3000 + "git push -q origin HEAD:refs/heads/topic")
    assert verdict == "allow", reason
    verdict, reason = pre("claude", protected_repo, unit * 3000 + "git push -qf origin main")
    assert verdict == "deny", reason
    assert "main" in reason
