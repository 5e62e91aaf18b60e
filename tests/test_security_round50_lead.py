"""A remote helper chosen by configuration: ``remote.<name>.vcs=<x>`` makes git run ``git-remote-<x>`` from PATH on
every fetch and push of that remote (git-remote-helpers(7)), a program the command does not show."""
from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


@pytest.mark.parametrize("command", [
    "git -c remote.origin.vcs=zq fetch -q origin",
    "PATH=/tmp/helpers:$PATH git -c remote.upstream.vcs=mirror pull upstream main",
    "git -c remote.origin.vcs=\"$H\" fetch origin",
    "git config remote.origin.vcs zq",
])
def test_a_remote_helper_chosen_by_configuration_is_unknown_code(git_repo: Path, command: str) -> None:
    found = judged(command, git_repo)
    assert found, command
    assert any("git-remote-" in v or "could not be determined" in v or "does not show" in v for v in found), found


def test_a_helper_the_line_writes_is_judged_as_the_commands_it_holds(git_repo: Path) -> None:
    line = ("mkdir -p /tmp/zq-h && printf '#!/bin/sh\\n{body}\\n' > /tmp/zq-h/git-remote-zq && chmod +x "
            "/tmp/zq-h/git-remote-zq && PATH=/tmp/zq-h:$PATH git -c remote.origin.vcs=zq fetch -q origin")
    assert any("main" in v for v in judged(line.format(body="git push -q -f origin main"), git_repo, branch="main"))
    assert not judged(line.format(body="echo capabilities"), git_repo)


@pytest.mark.parametrize("command", [
    "git fetch -q origin",
    "git -c remote.origin.vcs=https fetch origin",  # a helper git ships itself
    "git config --get remote.origin.vcs",
])
def test_ordinary_fetches_and_git_own_helpers_are_not_judged_as_unknown(git_repo: Path, command: str) -> None:
    assert not [v for v in judged(command, git_repo) if "git-remote-" in v], command


# ------------------------------------------------------------------ a second remote that lags the tracked one
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_lagging_remote_redirects_only_this_branchs_work(agent: str, git_repo: Path, tmp_path: Path) -> None:
    from swtest import git
    from test_premises import decide, write

    git(git_repo, "push", "-q", "-u", "origin", "HEAD:main")
    partner = tmp_path / "partner.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(partner))
    git(git_repo, "remote", "add", "partner", str(partner))
    git(git_repo, "push", "-q", "partner", "main")
    git(git_repo, "fetch", "-q", "partner")
    git(git_repo, "branch", "shareable")
    write(git_repo, {"internal.txt": "not for the partner\n"})
    git(git_repo, "push", "-q", "origin", "main")
    # the checked-out branch's work goes where it tracks: the lagging copy is redirected
    kind, reason = decide(agent, git_repo, "git push -q partner main:main")
    assert kind == "deny" and "older copy" in reason, reason
    # another branch pushed there on purpose is not this branch's work
    kind, reason = decide(agent, git_repo, "git push -q partner shareable:main")
    assert "older copy" not in reason, reason


# ------------------------------------------------------------------ a branch name a receive hook's pattern asks for
_TICKET_HOOK = ("#!/bin/sh\nwhile read old new ref; do\n  case \"$ref\" in\n"
                "    refs/heads/main|refs/heads/ticket/TK-[0-9]*) ;;\n"
                "    refs/heads/*) echo 'branches are ticket/TK-<id>' >&2; exit 1 ;;\n  esac\ndone\nexit 0\n")


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_the_accepted_pattern_is_filled_with_the_identifier_the_commits_carry(agent: str, git_repo: Path) -> None:
    from swtest import git
    from test_premises import decide, write
    from test_premises_round19 import _remote_hook

    git(git_repo, "push", "-q", "origin", "HEAD:main")
    _remote_hook(git_repo, _TICKET_HOOK)
    git(git_repo, "switch", "-q", "-c", "wip")
    write(git_repo, {"rates.py": "RATE = 0.12\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Rates: 12% for TK-5150's class")
    kind, reason = decide(agent, git_repo, "git push -q origin HEAD:fix/rates")
    assert kind == "deny" and "`git push origin HEAD:ticket/TK-5150`" in reason, reason
    # two identifiers in the commits: the name is not known, the accepted patterns are said
    write(git_repo, {"rates.py": "RATE = 0.13\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Rates for TK-5150 and TK-5151")
    kind, reason = decide(agent, git_repo, "git push -q origin HEAD:fix/rates")
    assert kind == "deny" and "HEAD:ticket/" not in reason and "refs/heads/ticket/TK-[0-9]*" in reason, reason


# ------------------------------------------------------------------ a force push over commits this clone never fetched
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_force_push_over_commits_this_clone_never_fetched(agent: str, git_repo: Path, tmp_path: Path) -> None:
    from swtest import git
    from test_premises import decide, write

    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "branch", "-q", "--set-upstream-to=origin/main")
    origin = git(git_repo, "config", "remote.origin.url").strip()
    other = tmp_path / "desk-clone"
    git(tmp_path, "clone", "-q", origin, str(other))
    (other / "rota.md").write_text("night shift: Ayo\n")
    git(other, "add", "-A")
    me = [f"user.name={git(git_repo, 'config', 'user.name').strip()}", f"user.email={git(git_repo, 'config', 'user.email').strip()}"]
    git(other, "-c", me[0], "-c", me[1], "commit", "-q", "-m", "Rota: night shift")  # the same identity, another clone
    git(other, "push", "-q", "origin", "HEAD:main")
    write(git_repo, {"texts/amber.md": "Secure loose objects.\n"})
    kind, reason = decide(agent, git_repo, "git push -q -f origin main")
    assert kind == "deny" and "Rota: night shift" in reason and "git pull --rebase origin main" in reason, reason
    assert decide(agent, git_repo, "git push -q origin main")[0] == "allow"  # git itself refuses a non-fast-forward
