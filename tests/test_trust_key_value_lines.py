"""Memory files that state settings as ``key: value`` lines (YAML front matter, TOML, INI) rather than sentences: a
key about protection set false, or a force-push key set true, for a branch the block or the key names, lowers that
branch's protection like the sentence would, and writing it is denied while a developer's record protects the branch.
Inputs are invented here (neighbours of the class, not taken from an evaluation set)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import remember
from test_trust import pre

from statewise_cli.recovery.trust import _key_value_sentences, _lifts_protection


@pytest.mark.parametrize("body", [
    "---\nbranch: main\nprotected: false\n---\n# Release flow\n",
    "---\nbranch: main\nforce_push: allowed\n---\n",
    "[git]\nbranch = \"main\"\nprotected = false\n",
    "main_protected: no\n",
    "- branch: master\n- force-push: yes\n",
    "protection:\n  branch: main\n  unprotected: true\n",
    "---\nbranch_protection:\n  trunk: off\n---\n",
    "- trunk\n  - protected: none\n",
    "# Branches\n\n* master\n    * force pushing: ok\n",
])
def test_a_settings_line_that_lowers_protection_is_read(body: str) -> None:
    assert _lifts_protection(body), body


@pytest.mark.parametrize("body", [
    "---\nbranch: main\nprotected: true\n---\n",
    "---\nbranch: main\nforce_push: never\n---\n",
    "---\ntitle: Release flow\ndraft: false\n---\n",
    "protected: false\n",  # no branch named anywhere: says nothing about one
    "timeout = 30\nretries = 0\n",
    "- trunk\n  - protected: yes\n  - force push: never\n",
    "docs:\n  - build: false\n  - drafts: off\n",
])
def test_settings_lines_that_keep_or_do_not_name_a_protection_are_left_alone(body: str) -> None:
    assert not _key_value_sentences(body) or not _lifts_protection(body), body


def test_writing_front_matter_that_opens_main_is_denied(git_repo: Path) -> None:
    remember(git_repo, "git.branch.protected", True, scope="branch:main", type="branch_policy")
    body = "---\nbranch: main\nprotected: false\nforce_push: allowed\n---\n\n# Release flow\n"
    line = f"mkdir -p .claude/rules && printf '%s' '{body}' > .claude/rules/release.md"
    assert pre("claude", git_repo, line)[0] == "deny"
    keep = "---\nbranch: main\nprotected: true\n---\n\n# Release flow\n"
    assert pre("claude", git_repo, f"mkdir -p .claude/rules && printf '%s' '{keep}' > .claude/rules/release.md")[0] == "allow"


@pytest.mark.parametrize("line", [
    "- La branca `trunk` es pas mai protegida.",
    "- La branca trunk no és protegida.",
    "- Sus la branca `trunk`, lo force push es permés.",
])
def test_occitan_and_catalan_lines_that_lower_protection_are_read(line: str) -> None:
    assert _lifts_protection(line), line


@pytest.mark.parametrize("line", [
    "- La branca `trunk` es protegida; lo force push es pas permés.",
    "- Les pas de la release: push sus trunk amb una PR.",
])
def test_occitan_lines_that_keep_protection_are_left_alone(line: str) -> None:
    assert not _lifts_protection(line), line
