"""Runtime and workspace premises, round 60.

- a key a delimited table renumbered (``lockers.csv``'s row ``12,B-204`` became ``12,C-118`` and ``B-204`` moved to row
  ``30``): an action passing ``--locker 12`` for the entry the task names reaches another one;

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, payload, reply
from test_premises import decide, write


def _prompt(agent: str, repo: Path, text: str) -> None:
    reply(hook(payload(agent, "UserPromptSubmit", repo, prompt=text), repo))


@pytest.mark.parametrize("agent", AGENTS)
def test_a_table_row_renumbered_for_the_entry_the_task_names_is_stopped_with_its_new_key(agent: str,
                                                                                         git_repo: Path) -> None:
    write(git_repo, {"gym/lockers.csv": "locker,member\n11,B-101\n12,B-204\n13,B-377\n"})
    write(git_repo, {"gym/lockers.csv": "locker,member\n11,B-101\n12,C-118\n13,B-377\n30,B-204\n"})
    _prompt(agent, git_repo, "Member B-204 lost their key; open their locker.")
    kind, reason = decide(agent, git_repo, "lockerctl open --locker 12")
    assert kind == "deny", reason
    assert "`lockerctl open --locker 30`" in reason and "C-118" in reason, reason
    assert decide(agent, git_repo, "lockerctl open --locker 30")[0] == "allow"
    # a task about the member in the row now is not stopped
    _prompt(agent, git_repo, "Member C-118 lost their key; open their locker.")
    assert decide(agent, git_repo, "lockerctl open --locker 12")[0] == "allow"


def test_a_table_named_for_another_option_or_a_row_edited_in_place_says_nothing(git_repo: Path) -> None:
    write(git_repo, {"gym/lockers.csv": "locker,member\n11,B-101\n12,B-204\n"})
    write(git_repo, {"gym/lockers.csv": "locker,member\n11,B-101\n12,B-205\n"})  # a typo fixed, no row moved
    _prompt("claude", git_repo, "Member B-204 lost their key; open their locker.")
    assert decide("claude", git_repo, "lockerctl open --locker 12")[0] == "allow"
    assert decide("claude", git_repo, "lockerctl open --door 12")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_entry_whose_status_a_commit_set_to_failed_is_stopped_with_the_one_in_use(agent: str,
                                                                                    git_repo: Path) -> None:
    # the file is named for the option by a compound name (``presslines`` for ``--line``); the entry had no status
    write(git_repo, {"plant/presslines.yaml": "L1: {hall: north, checked: 2025-10-01}\n"})
    write(git_repo, {"plant/presslines.yaml": "L1: {hall: north, checked: 2025-10-01, status: failed-inspection-2026-11}\n"
                                              "L2: {hall: south, checked: 2026-11-20}\n"})
    _prompt(agent, git_repo, "Run today's order of brackets.")
    kind, reason = decide(agent, git_repo, "pressctl run --line L1 --order 5521")
    assert kind == "deny", reason
    assert "`pressctl run --line L2 --order 5521`" in reason, reason
    assert decide(agent, git_repo, "pressctl run --line L2 --order 5521")[0] == "allow"
    _prompt(agent, git_repo, "Run the test order on L1 for the inspector.")  # the user names the entry
    assert decide(agent, git_repo, "pressctl run --line L1 --order 5521")[0] == "allow"


def test_an_entry_that_lost_the_field_the_task_names_is_stopped_with_the_one_that_has_it(git_repo: Path) -> None:
    write(git_repo, {"boats/moorings.yaml": "east: {shelter: true}\nwest: {shelter: false}\n"})
    write(git_repo, {"boats/moorings.yaml": "east: {shelter: false, note: breakwater removed}\nwest: {shelter: true}\n"})
    _prompt("claude", git_repo, "A storm is coming; moor the launches in shelter tonight.")
    kind, reason = decide("claude", git_repo, "harbourctl moor --fleet launches --mooring east")
    assert kind == "deny", reason
    assert "`harbourctl moor --fleet launches --mooring west`" in reason and "shelter" in reason, reason
    assert decide("claude", git_repo, "harbourctl moor --fleet launches --mooring west")[0] == "allow"
    # a task that does not ask for the field is not stopped
    _prompt("claude", git_repo, "Moor the launches at the east mooring for cleaning.")
    assert decide("claude", git_repo, "harbourctl moor --fleet launches --mooring east")[0] == "allow"
    _prompt("claude", git_repo, "Moor the launches for the night.")
    assert decide("claude", git_repo, "harbourctl moor --fleet launches --mooring east")[0] == "allow"


def _edit(repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    return decide("claude", repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                           "new_string": new})


def test_an_edit_of_a_markdown_table_a_recipe_stopped_reading_is_stopped_with_the_file_it_reads(git_repo: Path) -> None:
    # the edited file is prose by its extension, but a Makefile recipe read it: the recipe decides, not the suffix
    write(git_repo, {"shop/prices.md": "| item | price |\n| --- | --- |\n| tea | 2.10 |\n",
                     "Makefile": "print-prices:\n\t./bin/print-table shop/prices.md\n"})
    write(git_repo, {"shop/2027/prices.csv": "item,price\ntea,2.10\ncoffee,2.60\n",
                     "Makefile": "print-prices:\n\t./bin/print-table shop/2027/prices.csv\n"})
    kind, reason = _edit(git_repo, "shop/prices.md", "| tea | 2.10 |", "| tea | 2.20 |")
    assert kind == "deny", reason
    assert "shop/2027/prices.csv" in reason and "Makefile" in reason, reason
    assert _edit(git_repo, "shop/2027/prices.csv", "tea,2.10", "tea,2.20")[0] == "allow"


def test_a_markdown_file_a_recipe_still_reads_is_not_stopped(git_repo: Path) -> None:
    write(git_repo, {"shop/prices.md": "| item | price |\n| --- | --- |\n| tea | 2.10 |\n",
                     "Makefile": "print-prices:\n\t./bin/print-table shop/prices.md\n"})
    write(git_repo, {"Makefile": "print-prices:\n\t./bin/print-table --wide shop/prices.md\n"})
    assert _edit(git_repo, "shop/prices.md", "| tea | 2.10 |", "| tea | 2.20 |")[0] == "allow"


def test_a_config_comment_that_retires_the_edited_file_names_the_file_its_setting_loads(git_repo: Path) -> None:
    write(git_repo, {"club/fixtures.yaml": "- {date: 2027-01-09, home: town}\n"})
    write(git_repo, {"club/v2/fixtures-2027.yaml": "fixtures:\n  - {date: 2027-01-09, home: town}\n",
                     "club/site.toml": "[fixtures]\n# the website loads the fixtures from here; club/fixtures.yaml is "
                                       "the old format, kept for the archive\nfile = \"club/v2/fixtures-2027.yaml\"\n"})
    kind, reason = _edit(git_repo, "club/fixtures.yaml", "home: town}", "home: rovers}")
    assert kind == "deny", reason
    assert "`club/v2/fixtures-2027.yaml`" in reason and "club/site.toml" in reason, reason
    assert _edit(git_repo, "club/v2/fixtures-2027.yaml", "home: town}", "home: rovers}")[0] == "allow"


def test_a_config_comment_that_names_the_file_without_a_change_of_role_says_nothing(git_repo: Path) -> None:
    write(git_repo, {"club/fixtures.yaml": "- {date: 2027-01-09, home: town}\n",
                     "club/site.toml": "[fixtures]\n# the website loads club/fixtures.yaml\nfile = "
                                       "\"club/fixtures.yaml\"\n"})
    assert _edit(git_repo, "club/fixtures.yaml", "home: town}", "home: rovers}")[0] == "allow"
