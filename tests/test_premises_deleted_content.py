"""An edit of text a recent commit moved: the edited file was deleted (or no longer holds the text) and the same
commit wrote that text into another file — one file per record, another format, a data file beside the code.

The repository's history decides where the edit belongs; when it does not decide (no file holds the edit's words,
or two hold them equally) statewise says nothing and the edit is allowed as before. Examples of our own, checked on
the installed hook with both agents' payloads.
"""

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
def test_a_table_split_into_one_file_per_record(agent: str, git_repo: Path) -> None:
    write(git_repo, {"fleet/vessels.json": '{"kestrel": {"max_draught_m": 4.2}, "osprey": {"max_draught_m": 5.1}}\n'})
    _move(git_repo, ["fleet/vessels.json"], {"fleet/kestrel/vessel.toml": "[limits]\nmax_draught_m = 4.2\n",
                                             "fleet/osprey/vessel.toml": "[limits]\nmax_draught_m = 5.1\n",
                                             "docs/fleet.md": "One folder per vessel; kestrel max_draught_m 4.2.\n"})
    kind, reason = decide(agent, git_repo, **_edit(git_repo, "fleet/vessels.json", '"kestrel": {"max_draught_m": 4.2}',
                                                   '"kestrel": {"max_draught_m": 4.0}'))
    assert kind == "deny", reason
    assert "`fleet/kestrel/vessel.toml`" in reason and "osprey" not in reason
    assert "docs/fleet.md" not in reason  # a document is never where a setting lives
    # the file where the text lives now is edited without a word
    assert decide(agent, git_repo, **_edit(git_repo, "fleet/kestrel/vessel.toml", "max_draught_m = 4.2",
                                           "max_draught_m = 4.0"))[0] == "allow"


def test_a_csv_shaped_text_file_is_data_not_prose(git_repo: Path) -> None:
    write(git_repo, {"prices/catalog.yml": "items:\n  walnut_loaf: 4.35\n  rye_roll: 0.95\n"})
    _move(git_repo, ["prices/catalog.yml"], {"feeds/items.txt": "item_id,item_name,price\nwalnut_loaf,Walnut loaf,4.35\n"
                                                                "rye_roll,Rye roll,0.95\n",
                                             "feeds/README.txt": "The till and the web shop read the feed files.\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "prices/catalog.yml", "walnut_loaf: 4.35",
                                                      "walnut_loaf: 4.60"))
    assert kind == "deny" and "`feeds/items.txt`" in reason, reason


def test_one_distinctive_value_moved_out_of_a_file_that_stays(git_repo: Path) -> None:
    write(git_repo, {"billing/cutoff.py": "CUTOFF_DAYS = [\n    '2027-03-31',\n]\n"})
    write(git_repo, {"billing/cutoff.py": "from billing.dates import load\n\nCUTOFF_DAYS = load('dates/cutoff.yaml')\n",
                     "dates/cutoff.yaml": "cutoff:\n  - 2027-03-31\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "billing/cutoff.py", "    '2027-03-31',\n",
                                                      "    '2027-03-30',\n    '2027-03-31',\n"))
    assert kind == "deny" and "`dates/cutoff.yaml`" in reason, reason


def test_a_deleted_file_turned_into_a_folder_named_like_it(git_repo: Path) -> None:
    write(git_repo, {"recipes/sourdough.json": '{"hydration": 0.78}\n'})
    _move(git_repo, ["recipes/sourdough.json"], {"recipes/sourdough/recipe.yaml": "hydration: 0.80\nsalt: 0.02\n"})
    # the values changed on the way, so the words do not decide; the folder named like the file does
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "recipes/sourdough.json", '"hydration": 0.78',
                                                      '"hydration": 0.75'))
    assert kind == "deny" and "`recipes/sourdough/recipe.yaml`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_the_history_that_does_not_decide_says_nothing(agent: str, git_repo: Path) -> None:
    # deleted with nothing in its place
    write(git_repo, {"old/limits.json": '{"burst_limit": 40}\n', "keep.txt": "x\n"})
    _move(git_repo, ["old/limits.json"], {"keep.txt": "y\n"})
    assert decide(agent, git_repo, **_edit(git_repo, "old/limits.json", '"burst_limit": 40', '"burst_limit": 50'))[0] \
        == "allow"
    # moved into two files that hold the same words: which one is meant is not known
    write(git_repo, {"cfg/pools.json": '{"pool_size": 16}\n'})
    _move(git_repo, ["cfg/pools.json"], {"cfg/a/pool.toml": "pool_size = 16\n", "cfg/b/pool.toml": "pool_size = 16\n"})
    assert decide(agent, git_repo, **_edit(git_repo, "cfg/pools.json", '"pool_size": 16', '"pool_size": 20'))[0] \
        == "allow"
    # one short common word is not enough to say which text is meant
    write(git_repo, {"app/flags.py": "ON = 'yes'\n"})
    write(git_repo, {"app/flags.py": "ON = load()\n", "app/flags.yaml": "on: yes\n", "app/other.yaml": "x: 1\n"})
    assert decide(agent, git_repo, **_edit(git_repo, "app/flags.py", "'yes'", "'no'"))[0] == "allow"


# ------------------------------------------------------------------ a variable the script's history renamed
@pytest.mark.parametrize("agent", AGENTS)
def test_a_variable_the_shell_script_renamed_in_its_history(agent: str, git_repo: Path) -> None:
    old = "#!/bin/sh\n# Loads a price list into the till system.\nwhere=\"${TILLPRO_HOST:-live}\"\necho \"loading $1 into $where\"\n"
    write(git_repo, {"bin/load-prices": old, "data/test.csv": "sku,price\n1,2\n"})
    (git_repo / "bin/load-prices").chmod(0o755)
    write(git_repo, {"bin/load-prices": old.replace("TILLPRO_HOST", "POS_HOST")})
    kind, reason = decide(agent, git_repo, "TILLPRO_HOST=lab ./bin/load-prices data/test.csv")
    assert kind == "deny", reason
    assert "`POS_HOST=lab ./bin/load-prices data/test.csv`" in reason
    assert decide(agent, git_repo, "POS_HOST=lab ./bin/load-prices data/test.csv")[0] == "allow"
    # a name the script never read and no commit renamed says nothing
    assert decide(agent, git_repo, "LOG_LEVEL=debug ./bin/load-prices data/test.csv")[0] == "allow"
