"""Lines a review of this round's security work found allowed, held denied: a value a line reads back from
``git config`` (the environment, a worktree's config or a concurrent writer can answer differently), padding inside
a quoted value (the shell reads its length and offsets as data), and a history-rewrite filter that runs a script
file (each rewritten commit's copy runs, whatever path names it)."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_trust import pre


@pytest.mark.parametrize("line", [
    'git config sw.t topic && git push -qf origin "$(git config --get sw.t)"',
    ("export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=sw.t GIT_CONFIG_VALUE_0=main; git config sw.t topic && "
     'git push -qf origin "$(git config --get sw.t)"'),
    ("export GIT_CONFIG_PARAMETERS=\"'sw.t'='main'\"; git config sw.t topic && "
     'git push -qf origin "$(git config --get sw.t)"'),
])
def test_a_push_target_read_back_from_git_config_stays_unknown(protected_repo: Path, line: str) -> None:
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


@pytest.mark.parametrize("line", [
    "s='" + "case main in main) ;; esac;" * 1500 + "-----feat'; git push -qf origin \"${s:59:4}\"",
    "s='" + "case x in x) ;; esac;" * 1600 + "git push -qf origin main'; eval \"${s:33600}\"",
    "s=';" + ": main;" * 6000 + "xxfeat'; git push -qf origin \"${s:10:4}\"",
    "s=\";" + ": main;" * 6000 + "xxfeat\"; git push -qf origin \"${s:10:4}\"",
])
def test_padding_inside_a_quoted_value_is_not_collapsed(protected_repo: Path, line: str) -> None:
    # the run is a value the shell slices by offset: read as written, the line is over the size limit and held
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


@pytest.mark.parametrize("line", [
    "git filter-branch -f --tree-filter 'sh $PWD/tools/x.sh' HEAD~2..HEAD",
    "git filter-branch -f -d /tmp/sw61-rw --tree-filter 'sh /tmp/sw61-rw/t/tools/x.sh' HEAD~2..HEAD",
    "git filter-branch -f --tree-filter 'bash --rcfile /dev/null tools/x.sh' HEAD~2..HEAD",
    "git filter-branch -f --tree-filter 'perl -I /usr/lib tools/x.pl' HEAD~2..HEAD",
])
def test_a_filter_running_a_script_file_is_held_whatever_names_it(protected_repo: Path, line: str) -> None:
    (protected_repo / "tools").mkdir(exist_ok=True)
    (protected_repo / "tools" / "x.sh").write_text("#!/bin/sh\necho ok\n")
    (protected_repo / "tools" / "x.pl").write_text("print 'ok';\n")
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


def test_a_short_padded_line_without_quotes_is_still_read_once(protected_repo: Path) -> None:
    # the collapse stays for unquoted no-op statements: a harmless push padded past the size limit is allowed
    line = ":;" * 6000 + " git push -q origin HEAD:feature"
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "allow", reason
