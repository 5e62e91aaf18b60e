"""An edit of a row of a file a recent commit deleted, where that commit split the rows into one file per record
(per site, per line, per client) or moved the file under another folder: the record's short identifier (``K2``,
``B7``) and the whole row of the deleted file (the words the edit's own text leaves out) say which new file holds
it (recovery/premises_workspace.py). Invented repositories, checked on the installed hook with both agents'
payloads."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


def _edit(repo: Path, name: str, old: str, new: str) -> dict[str, object]:
    return {"tool": "Edit", "tool_input": {"file_path": str(repo / name), "old_string": old, "new_string": new}}


def _move(repo: Path, deleted: list[str], files: dict[str, str]) -> None:
    for name in deleted:
        (repo / name).unlink()
    write(repo, files)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_short_identifier_names_the_file_of_its_record(agent: str, git_repo: Path) -> None:
    write(git_repo, {"plant/kilns.md": "| kiln | site | state |\n| --- | --- | --- |\n| 3 | K2 | firing |\n"
                                       "| 4 | K5 | firing |\n"})
    _move(git_repo, ["plant/kilns.md"], {"plant/kilns/k2.csv": "kiln,state\n3,firing\n",
                                         "plant/kilns/k5.csv": "kiln,state\n4,firing\n"})
    kind, reason = decide(agent, git_repo, **_edit(git_repo, "plant/kilns.md", "| 3 | K2 | firing |",
                                                   "| 3 | K2 | cooling |"))
    assert kind == "deny", reason
    assert "`plant/kilns/k2.csv`" in reason and "k5.csv" not in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_moved_under_another_folder_with_its_identifiers(agent: str, git_repo: Path) -> None:
    write(git_repo, {"yard/berths.yaml": "berths:\n  B6: free\n  B7: free\n"})
    _move(git_repo, ["yard/berths.yaml"], {"yard/live/berth-status.yaml": "B6:\n  state: free\nB7:\n  state: free\n",
                                           "yard/live/README.md": "The crane scheduler reloads yard/live/.\n"})
    kind, reason = decide(agent, git_repo, **_edit(git_repo, "yard/berths.yaml", "  B7: free", "  B7: blocked"))
    assert kind == "deny", reason
    assert "`yard/live/berth-status.yaml`" in reason and "README" not in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_the_whole_row_of_the_deleted_file_says_which_record(agent: str, git_repo: Path) -> None:
    # the edit's own text ("| LX 42 | 61 |") shares its cue number with the other show's file; its row names the
    # show and the standby, which only one new file holds
    write(git_repo, {"showcall.md": "| show | cue | page | standby |\n| --- | --- | --- | --- |\n"
                                    "| hamlet | LX 42 | 61 | Ophelia exits |\n| macbeth | LX 42 | 12 | Witches enter |\n"})
    _move(git_repo, ["showcall.md"], {"cues/hamlet/cues.csv": "cue,page,standby\nLX 42,61,Ophelia exits\n",
                                      "cues/macbeth/cues.csv": "cue,page,standby\nLX 42,12,Witches enter\n"})
    kind, reason = decide(agent, git_repo, **_edit(git_repo, "showcall.md", "| LX 42 | 61 |", "| LX 42 | 62 |"))
    assert kind == "deny", reason
    assert "`cues/hamlet/cues.csv`" in reason and "macbeth" not in reason


def test_a_row_in_no_new_file_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {"billing/tiers.json": '{"harbourline": {"gold": 40}, "mossgate": {"gold": 40}}\n'})
    _move(git_repo, ["billing/tiers.json"], {"clients/harbourline/tiers.yaml": "gold: 40\n",
                                             "clients/mossgate/tiers.yaml": "gold: 40\n"})
    # one line holds both records: the row does not say which, and the edit goes on as before
    kind, _reason = decide("claude", git_repo, **_edit(git_repo, "billing/tiers.json", '"gold": 40', '"gold": 44'))
    assert kind == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_table_split_into_one_file_per_column_names_the_column_the_edit_changes(agent: str, git_repo: Path) -> None:
    """``key,en,de`` became one catalogue per language: the row's words are in every file, the changed cell's column
    (its header) names the one file that holds it."""
    write(git_repo, {"i18n/strings.csv": "key,en,de\ncheckout,Pay now,Jetzt zahlen\ncancel,Cancel,Abbrechen\n"})
    _move(git_repo, ["i18n/strings.csv"], {"i18n/strings/en.yaml": "checkout: Pay now\ncancel: Cancel\n",
                                           "i18n/strings/de.yaml": "checkout: Jetzt zahlen\ncancel: Abbrechen\n"})
    kind, reason = decide(agent, git_repo, **_edit(git_repo, "i18n/strings.csv", "checkout,Pay now,Jetzt zahlen",
                                                   "checkout,Pay now,Jetzt bezahlen"))
    assert kind == "deny", reason
    assert "`i18n/strings/de.yaml`" in reason and "column de" in reason and "en.yaml" not in reason


def test_an_edit_of_two_columns_of_a_split_table_names_no_file(git_repo: Path) -> None:
    write(git_repo, {"i18n/strings.csv": "key,en,de\ncheckout,Pay now,Jetzt zahlen\n"})
    _move(git_repo, ["i18n/strings.csv"], {"i18n/strings/en.yaml": "checkout: Pay now\n",
                                           "i18n/strings/de.yaml": "checkout: Jetzt zahlen\n"})
    _kind, reason = decide("claude", git_repo, **_edit(git_repo, "i18n/strings.csv", "checkout,Pay now,Jetzt zahlen",
                                                      "checkout,Pay,Zahlen"))
    assert "i18n/strings/de.yaml" not in reason and "i18n/strings/en.yaml" not in reason
