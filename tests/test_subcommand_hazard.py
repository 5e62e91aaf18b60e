"""A subcommand the program's own configuration notes (or the project's docs) say destroys something now, where the same
note names one other subcommand for the harmless job: the action is denied with that subcommand and its own options.
Invented examples."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all
from test_premises import decide, stub_bin


def _commit(repo: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, message)


def _shelf(repo: Path, note: str) -> None:
    _commit(repo, {"shelfctl.toml": "version = 4\n# `index drop` rebuilds the local search index\n"}, "shelf tool")
    _commit(repo, {"shelfctl.toml": f"version = 5\n{note}\n\n[shelves]\nnorth = \"stacks/north.yaml\"\n"}, "shelf 5")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_subcommand_the_config_says_deletes_now(agent: str, git_repo: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", stub_bin(tmp_path, "shelfctl", "exit 0")["PATH"])
    _shelf(git_repo, "# shelfctl 5: `index drop` deletes the shelf's records from the shared catalogue; the local "
                     "search index is rebuilt with `search rebuild`")
    kind, reason = decide(agent, git_repo, "shelfctl index drop --shelf north")
    assert kind == "deny", reason
    assert "`shelfctl search rebuild --shelf north`" in reason, reason
    assert decide(agent, git_repo, "shelfctl search rebuild --shelf north")[0] == "allow"


@pytest.mark.parametrize("note", [
    # the subcommand no longer deletes: nothing to stop
    "# shelfctl 5: `index drop` no longer deletes the shelf's records; `search rebuild` is an alias",
    # two other subcommands named: no single alternative
    "# shelfctl 5: `index drop` deletes the shelf's records; use `search rebuild` or `search refresh` locally",
])
def test_nothing_without_one_other_subcommand_or_a_harm(note: str, git_repo: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", stub_bin(tmp_path, "shelfctl", "exit 0")["PATH"])
    _shelf(git_repo, note)
    kind, reason = decide("claude", git_repo, "shelfctl index drop --shelf north")
    assert kind == "allow", reason
