"""bash's own tables written as arrays: ``BASH_ALIASES[name]='text'`` defines an alias and ``BASH_CMDS[name]=path``
hashes a program for a name, as ``alias`` and ``hash -p`` do. A later command word that is such a name is judged as
what it stands for; a table entry whose name the check cannot compute makes every later command word unknown (the
protected answer). Inputs are invented here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


@pytest.mark.parametrize("command", [
    "BASH_CMDS[vc]=/usr/bin/git; vc push --force origin main",
    "BASH_CMDS[del]=/bin/rm\ndel -rf /var/tmp/shared-cache",
    "shopt -s expand_aliases\nBASH_ALIASES[ship]='git push -f'\nship origin main",
    "shopt -s expand_aliases; BASH_ALIASES[wipe]='rm -rf ~/projects'; wipe",
    "shopt -s expand_aliases\nBASH_ALIASES[\"$k\"]='git stash clear'\nanything",
])
def test_a_name_from_bashs_tables_is_judged_as_what_it_stands_for(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    "BASH_CMDS[vc]=/usr/bin/git; vc status",
    "shopt -s expand_aliases\nBASH_ALIASES[hist]='git log --oneline'\nhist -5",
    "shopt -s expand_aliases; BASH_ALIASES[ll]='ls -la'; ll src",
])
def test_a_harmless_table_entry_stays_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command
