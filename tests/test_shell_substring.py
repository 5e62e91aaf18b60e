"""Bash's substring expansion (`${NAME:OFFSET}`, `${NAME:OFFSET:LENGTH}`) of a value the line assigned is computed,
and a colon inside any `${…}` expansion is never read as a push refspec's separator: a word the shell slices or
defaults is either known exactly or unknown (the protected answer). Every case here is invented for the class."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged

from statewise_cli.actions.shell import _substring


@pytest.mark.parametrize(("value", "spec", "out"), [
    ("release", "3", "ease"), ("release", "0:3", "rel"), ("release", " -4", "ease"), ("release", "(-4)", "ease"),
    ("release", "2:-2", "lea"), ("abc", "9", ""), ("release", "$n", None), ("release", "1+1", None), ("abc", "2:-3", None),
])
def test_substring_of_a_known_value(value: str, spec: str, out: str | None) -> None:
    assert _substring(value, spec) == out


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(git_repo)
    return git_repo


@pytest.mark.parametrize("line", [
    'name=zzmain && git push -f origin "${name:2}"',
    'name=mainstream; git push origin "${name:0:4}"',
    'name=the-main && git push --force origin "${name: -4}"',
    'git push -f origin "${name:$k}"',  # not knowable: the protected answer
    'git push -f origin "${name:1}"',  # unassigned: unknown
])
def test_sliced_push_targets_that_are_or_may_be_protected_are_denied(repo: Path, line: str) -> None:
    assert any("protected-branch" in v for v in judged(line, repo, branch="feature")), line


@pytest.mark.parametrize("line", [
    'name=zzfeature && git push origin "${name:2}"',
    'name=topic-7 && git push origin "${name:0:5}"',
])
def test_sliced_push_targets_that_are_topics_go_through(repo: Path, line: str) -> None:
    assert judged(line, repo, branch="feature") == []
