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
