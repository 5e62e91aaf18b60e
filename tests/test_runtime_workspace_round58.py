"""Runtime and workspace premises, round 58.

- a repository script run with literal arguments: its positional parameters are what the command line gives it, so a
  file it writes under a fixed directory with ``$1`` in the name is judged at the place it is written, not as a write
  that may lie anywhere (an argument that leaves the repository is still a write outside it).

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write
from test_shellsafe import judged


@pytest.fixture
def outside(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory outside the repository (the temporary directories are not writable by default here)."""
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    path = tmp_path / "elsewhere"
    path.mkdir()
    return path


EXPORT = ("#!/bin/sh\n# Exports a day's rota for a site.\nsite=\"${ROTA_SITE:-main}\"\nmkdir -p out\n"
          "echo \"shift,start\" > \"out/rota-$site-$1.csv\"\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_script_writing_under_a_fixed_directory_with_its_argument_in_the_name_is_allowed(agent: str,
                                                                                           git_repo: Path) -> None:
    write(git_repo, {"bin/export-rota": EXPORT, ".gitignore": "out/\n"})
    (git_repo / "bin/export-rota").chmod(0o755)
    kind, reason = decide(agent, git_repo, "ROTA_SITE=harbour ./bin/export-rota 2027-01-04")
    assert kind == "allow", reason
    kind, reason = decide(agent, git_repo, "sh bin/export-rota 2027-01-04")
    assert kind == "allow", reason


def test_a_script_argument_that_leaves_the_repository_is_still_a_write_outside(git_repo: Path, outside: Path) -> None:
    write(git_repo, {"bin/save": "#!/bin/sh\necho saved > \"$1/report.txt\"\n"})
    (git_repo / "bin/save").chmod(0o755)
    found = judged(f"./bin/save {outside}", git_repo)
    assert any(f.startswith("write-inside-repository") and str(outside) in f for f in found), found
    assert judged("./bin/save docs", git_repo) == []
    # a word the shell expands or globs stays unknown: judged as a write that may lie anywhere
    found = judged("./bin/save $TARGET_DIR", git_repo)
    assert any(f.startswith("write-inside-repository") for f in found), found


# --------------------------------------------------------------------------- a default that reaches a live service


@pytest.mark.parametrize("agent", AGENTS)
def test_a_run_without_the_option_a_note_calls_a_real_call_out_is_stopped_with_that_option(agent: str,
                                                                                          git_repo: Path) -> None:
    write(git_repo, {"ops/pagerctl.toml": "[page]\ntarget = \"sandbox\"\n"})
    write(git_repo, {"ops/pagerctl.toml": "[page]\ntarget = \"on-call\"\n",
                     "ops/README.md": ("2027-01-10 (duty manager): pagerctl pages the on-call rota by default now. A "
                                       "test page without --to sandbox is a real page: the on-call engineer is woken "
                                       "up.\n")})
    kind, reason = decide(agent, git_repo, "pagerctl test-page --service billing")
    assert kind == "deny", reason
    assert "`pagerctl test-page --service billing --to sandbox`" in reason
    assert decide(agent, git_repo, "pagerctl test-page --service billing --to sandbox")[0] == "allow"
    # another program the note does not speak of is not stopped
    assert decide(agent, git_repo, "mailctl test-page --service billing")[0] == "allow"
