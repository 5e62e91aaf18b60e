"""Readings a review of the round's security changes showed unsafe, held denied.

- an unquoted here-document's body is shown to the checker by its command substitutions alone, so a quote or a
  backslash in the body never opens a string that hides the rest of the line;
- a symbolic ref is followed only for a name that protects nothing itself, and a push on the line is judged both as
  written and as followed (the ref may be made in another repository, fail, or be re-pointed first);
- ``find ROOT -exec sh {}`` runs ROOT itself when ROOT is a file, or a file the line writes.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_trust import pre

_HIDDEN_BY_A_HEREDOC = [
    'cat > /tmp/sw63r-x <<EOF\n$(true)\\"\nEOF\ngit push -qf origin main # "',
    'cat > /tmp/sw63r-x <<EOF\n`true`\\\\"\nEOF\ngit push -qf origin main # "',
    'cat > /tmp/sw63r-x <<EOF\n$(true) "\nEOF\ngit push -qf origin main # "',
]


@pytest.mark.parametrize("line", _HIDDEN_BY_A_HEREDOC)
def test_a_quote_in_a_here_document_body_hides_nothing_after_it(protected_repo: Path, line: str) -> None:
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny" and "`main`" in reason, reason


def test_a_here_document_substitution_with_quotes_inside_is_judged_as_run(protected_repo: Path) -> None:
    verdict, reason = pre("claude", protected_repo, 'cat > /tmp/sw63r-y <<EOF\nsaved: $(git push -qf "origin" "main")\nEOF')
    assert verdict == "deny" and "`main`" in reason, reason
    verdict, reason = pre("claude", protected_repo, 'cat > /tmp/sw63r-y <<EOF\nat "$(git rev-parse --short HEAD)"\nEOF')
    assert verdict == "allow", reason


def test_a_symbolic_ref_made_elsewhere_or_undone_does_not_stand_for_a_protected_name(protected_repo: Path,
                                                                                     tmp_path: Path) -> None:
    other = tmp_path / "other"
    subprocess.run(["git", "init", "-q", "-b", "main", str(other)], check=True)
    subprocess.run(["git", "branch", "feature"], cwd=protected_repo, check=True)
    for line in (f"git -C {other} symbolic-ref refs/heads/main refs/heads/feature; git push -f origin main",
                 "false && git symbolic-ref refs/heads/main refs/heads/feature; git push -f origin main",
                 ("git symbolic-ref refs/heads/main refs/heads/feature && git update-ref --no-deref refs/heads/main "
                  "HEAD && git push -f origin main")):
        verdict, reason = pre("claude", protected_repo, line)
        assert verdict == "deny" and "`main`" in reason, (line, reason)


def test_a_symbolic_ref_on_disk_does_not_stand_for_a_protected_name(protected_repo: Path) -> None:
    subprocess.run(["git", "branch", "feature"], cwd=protected_repo, check=True)
    main = protected_repo / ".git" / "refs" / "heads" / "main"
    head = main.read_text() if main.exists() else None
    subprocess.run(["git", "symbolic-ref", "refs/heads/main", "refs/heads/feature"], cwd=protected_repo, check=True)
    try:
        verdict, reason = pre("claude", protected_repo,
                              "git update-ref --no-deref refs/heads/main feature && git push -f origin main")
        assert verdict == "deny" and "`main`" in reason, reason
    finally:
        if head is not None:
            main.write_text(head)


def test_find_runs_its_root_when_the_root_is_a_file(protected_repo: Path) -> None:
    for line in ("printf '#!/bin/sh\\ngit push -q --force origin main\\n' > x.sh && find x.sh -exec sh {} \\;",
                 "printf '#!/bin/sh\\ngit push -q --force origin main\\n' > x.sh && find x.sh -type f -exec bash {} +"):
        verdict, reason = pre("claude", protected_repo, line)
        assert verdict == "deny" and "`main`" in reason, (line, reason)
