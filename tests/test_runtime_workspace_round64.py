"""Runtime and workspace premises, round 64.

- a value a commit on the branch's upstream (fetched, not merged) changed in place in the program's or the entry's
  configuration file, with a word refusing the old value, is not the one to pass: the upstream's value is;
- an edit of a file a note in its own folder names by its file name and retires ("kept for the archive"), naming the
  file the work moved to the same way, is sent there;
- an edit of a file under a directory a note says was turned into something else, where the note sends the work to
  another directory that holds a file of the same name with the edit's text, is sent there.

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


def _edit(agent: str, repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    if agent == "claude":
        return decide("claude", repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                               "new_string": new})
    patch = f"*** Begin Patch\n*** Update File: {path}\n@@\n-{old}\n+{new}\n*** End Patch\n"
    return decide("codex", repo, tool="apply_patch", tool_input={"command": patch})


def _upstream_changed(repo: Path, tmp_path: Path, comment: str) -> None:
    remote = tmp_path / "repo-origin.git"  # the fixture's origin; the branch tracks origin/main
    write(repo, {"lots/L-220.yaml": "lot: L-220\nglaze: 5\n"})
    git(repo, "push", "-q", "origin", "HEAD:main")
    other = tmp_path / "other"
    git(tmp_path, "clone", "-q", str(remote), str(other))
    git(other, "config", "user.email", "sam@example.invalid")
    git(other, "config", "user.name", "Sam")
    (other / "lots" / "L-220.yaml").write_text(f"lot: L-220\n# {comment}\nglaze: 7\n")
    commit_all(other, "Lots: L-220 takes glaze 7 now")
    git(other, "push", "-q", "origin", "HEAD:main")
    git(repo, "fetch", "-q", "origin")


def test_a_value_a_fetched_upstream_commit_changed_and_refuses(git_repo: Path, tmp_path: Path) -> None:
    _upstream_changed(git_repo, tmp_path, "the buyer's spec is glaze 7; glaze 5 pots are refused at delivery")
    kind, reason = decide("claude", git_repo, "kilnctl fire --lot L-220 --glaze 5")
    assert kind == "deny", reason
    assert "`kilnctl fire --lot L-220 --glaze 7`" in reason and "not merged" in reason
    assert decide("claude", git_repo, "kilnctl fire --lot L-220 --glaze 7")[0] == "allow"


def test_a_fetched_upstream_change_without_a_refusal_leaves_the_value_a_choice(git_repo: Path,
                                                                              tmp_path: Path) -> None:
    _upstream_changed(git_repo, tmp_path, "the buyer prefers glaze 7 this season")
    assert decide("claude", git_repo, "kilnctl fire --lot L-220 --glaze 5")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_of_a_sheet_a_note_in_its_folder_keeps_for_the_archive(agent: str, git_repo: Path) -> None:
    write(git_repo, {"crews/night/roster.csv": "slot,name\n3,ann\n"})
    write(git_repo, {"crews/night/roster-2032.csv": "slot,name\n3,ann\n",
                     "crews/night/NOTES.md": "# Night crew\n\n2032-01-04 (dispatcher): the new crew works from "
                                             "roster-2032.csv; the board prints it. roster.csv is the old crew's sheet, "
                                             "kept for the archive.\n"})
    kind, reason = _edit(agent, git_repo, "crews/night/roster.csv", "3,ann", "3,bo")
    assert kind == "deny", reason
    assert "crews/night/roster-2032.csv" in reason
    assert _edit(agent, git_repo, "crews/night/roster-2032.csv", "3,ann", "3,bo")[0] == "allow"


def test_an_edit_under_a_directory_a_note_says_was_turned_into_something_else(git_repo: Path) -> None:
    write(git_repo, {"rigs/trial/limits.yaml": "max_rpm: 900\n", "rigs/live/limits.yaml": "max_rpm: 900\n"})
    write(git_repo, {"sandbox/limits.yaml": "max_rpm: 900\n",
                     "sandbox/README.md": "2032-02-01 (rig lead): trials run from sandbox/ now. I turned rigs/trial/ "
                                          "into the second live rig's profile.\n"})
    kind, reason = _edit("claude", git_repo, "rigs/trial/limits.yaml", "max_rpm: 900", "max_rpm: 1200")
    assert kind == "deny", reason
    assert "sandbox/limits.yaml" in reason
    assert _edit("claude", git_repo, "rigs/live/limits.yaml", "max_rpm: 900", "max_rpm: 1200")[0] == "allow"


def test_a_directory_a_note_names_as_where_the_file_moved_is_the_successor_not_a_retired_path(git_repo: Path) -> None:
    # "sim/" is where the file went: the word "simulator's" before it is no mention of the path
    write(git_repo, {"probes/levels.yaml": "# trainer\nalarm: 4\n"})
    (git_repo / "sim").mkdir()
    (git_repo / "probes" / "levels.yaml").rename(git_repo / "sim" / "levels.yaml")
    write(git_repo, {"probes/levels.yaml": "# LIVE\nalarm: 4\n",
                     "probes/README.md": "2032-03-01: probes/ is the live network's configuration now; the simulator's "
                                         "file moved to sim/.\n"})
    assert _edit("claude", git_repo, "sim/levels.yaml", "alarm: 4", "alarm: 2")[0] == "allow"


def test_an_entry_keyed_by_a_number_in_a_flow_mapping_moved_to_another_number(git_repo: Path) -> None:
    from swtest import hook, payload

    write(git_repo, {"kiln/glazer.yaml": "recipes:\n  2: {name: pale, for: porcelain cups}\n"})
    write(git_repo, {"kiln/glazer.yaml": "recipes:\n  2: {name: black, for: stoneware jars}\n"
                                         "  4: {name: pale, for: porcelain cups}\n"})
    hook(payload("claude", "UserPromptSubmit", git_repo, prompt="Glaze the porcelain cups of order 17 in booth B."),
         git_repo)
    kind, reason = decide("claude", git_repo, "glazectl run --booth B --recipe 2")
    assert kind == "deny", reason
    assert "`glazectl run --booth B --recipe 4`" in reason and "kiln/glazer.yaml" in reason
    assert decide("claude", git_repo, "glazectl run --booth B --recipe 4")[0] == "allow"
    # the task names the entry that holds the number now: asked for
    hook(payload("claude", "UserPromptSubmit", git_repo, prompt="Glaze the stoneware jars of order 18 in booth B."),
         git_repo)
    assert decide("claude", git_repo, "glazectl run --booth B --recipe 2")[0] == "allow"


def test_a_checkers_configuration_named_for_what_it_checks_is_its_own(git_repo: Path) -> None:
    write(git_repo, {"rules/gauge.toml": "edition = 17\n", "parts/P-9.yaml": "bore: 12\n"})
    write(git_repo, {"rules/gauge.toml": "# edition 17 is withdrawn for new parts\nedition = 18\n"})
    kind, reason = decide("claude", git_repo, "gaugecheck --edition 17 parts/P-9.yaml")
    assert kind == "deny", reason
    assert "`gaugecheck --edition 18 parts/P-9.yaml`" in reason and "rules/gauge.toml" in reason
    assert decide("claude", git_repo, "gaugecheck --edition 18 parts/P-9.yaml")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_of_a_page_generated_from_a_record_is_sent_to_the_record(agent: str, git_repo: Path) -> None:
    write(git_repo, {"pages/T-4.md": "<!-- generated from records/T-4.yaml by bin/pages; CI rewrites this file on every "
                                     "push -->\n# T-4\n\nLoad: 7 t\n",
                     "records/T-4.yaml": "tank: T-4\nload_t: 7\n"})
    kind, reason = _edit(agent, git_repo, "pages/T-4.md", "Load: 7 t", "Load: 8 t")
    assert kind == "deny", reason
    assert "edit `records/T-4.yaml`" in reason
    assert _edit(agent, git_repo, "records/T-4.yaml", "load_t: 7", "load_t: 8")[0] == "allow"
