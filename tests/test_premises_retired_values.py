"""A value or a command line a commit replaced in place, passed by an action as if it still held
(``statewise_cli.recovery.premises_retired``), and a program the machine lacks whose file the project's own recipe
hands to another program (``premises_history._runs_instead``). Invented repositories, programs and values; the
current value, a value nothing ever named and a value still named are allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


@pytest.mark.parametrize("agent", AGENTS)
def test_a_value_a_commit_replaced_in_a_list_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "image:\n\t./build.sh $(BOARD)\n", "boards.txt": "quokka_mk-3\n"})
    write(git_repo, {"boards.txt": "quokka_mk-4\n"})
    kind, reason = decide(agent, git_repo, "make image BOARD=quokka_mk-3")
    assert kind == "deny", reason
    assert "`quokka_mk-3`" in reason and "`make image BOARD=quokka_mk-4`" in reason and "boards.txt" in reason
    assert decide(agent, git_repo, "make image BOARD=quokka_mk-4")[0] == "allow"
    assert decide(agent, git_repo, "make image BOARD=wombat_x-9")[0] == "allow"  # never named: nothing to say


def test_a_recipe_line_rewritten_for_the_same_program(git_repo: Path) -> None:
    write(git_repo, {"Makefile": "load:\n\tbenchload --port ttyS3 --speed 115200 out/fw.bin\n"})
    write(git_repo, {"Makefile": "load:\n\tbenchload --port ttyS3 --fast --speed 921600 out/fw.bin\n"})
    kind, reason = decide("claude", git_repo, "benchload --port ttyS3 --speed 115200 out/fw.bin")
    assert kind == "deny", reason
    assert "`benchload --port ttyS3 --fast --speed 921600 out/fw.bin`" in reason and "Makefile" in reason
    assert decide("claude", git_repo, "benchload --port ttyS3 --fast --speed 921600 out/fw.bin")[0] == "allow"


def test_a_value_still_named_or_removed_without_a_replacement_is_allowed(git_repo: Path) -> None:
    write(git_repo, {"envs.txt": "stage-eu1\nstage-us2\n", "docs/old.md": "stage-eu1 is kept for audits\n"})
    write(git_repo, {"envs.txt": "stage-us2\n"})  # removed, nothing in its place; the docs still name it
    assert decide("claude", git_repo, "deployer push --env stage-eu1")[0] == "allow"
    write(git_repo, {"pins.txt": "grid-7a\n"})
    write(git_repo, {"pins.txt": ""})
    assert decide("claude", git_repo, "deployer push --env grid-7a")[0] == "allow"  # dropped, not replaced
    assert decide("claude", git_repo, "git push origin stage-eu1")[0] == "allow"  # git: refs have their own premises


@pytest.mark.parametrize("agent", AGENTS)
def test_a_missing_program_whose_file_the_projects_recipe_hands_to_another(agent: str, git_repo: Path) -> None:
    write(git_repo, {"maps/area.osm": "<osm/>\n", "Makefile": "lint:\n\tosmlint --strict maps/area.osm\n"})
    kind, reason = decide(agent, git_repo, "mapcheck-legacy maps/area.osm")
    assert kind == "deny", reason
    assert "`osmlint --strict maps/area.osm`" in reason and "Makefile (lint)" in reason
    # a file no recipe takes, or an operand that is not a file here: nothing to go on
    assert decide(agent, git_repo, "mapcheck-legacy maps/other.osm")[0] == "allow"


def test_candidates_are_values_a_user_would_not_type_by_chance(tmp_path: Path) -> None:
    from statewise_cli.recovery.premises_retired import candidates

    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "fw-1.bin").write_text("")
    words = ["flasher", "--speed", "921600", "--board=quokka_mk-3", "PROFILE=alpha-2", "out/fw-1.bin", "now", "--n",
             "12", "hello"]
    assert candidates(words, str(tmp_path)) == [(2, "921600"), (3, "quokka_mk-3"), (4, "alpha-2")]


@pytest.mark.parametrize("agent", AGENTS)
def test_a_script_replaced_by_a_ci_pipeline_names_the_pipelines_step_not_the_workflow_file(agent: str,
                                                                                          git_repo: Path) -> None:
    import subprocess

    write(git_repo, {"reports/summary.gp": "plot 1\n", "reports/summary.tmpl": "x\n"})
    (git_repo / "reports" / "summary.gp").unlink()
    (git_repo / "reports" / "summary.tmpl").unlink()
    write(git_repo, {"reports/summary.typ": "= Summary\n",
                     ".github/workflows/summary.yml": "on: [push]\njobs:\n  render:\n    runs-on: ubuntu-latest\n"
                                                      "    steps:\n      - run: typst compile reports/summary.typ\n"})
    subprocess.run(["git", "-C", str(git_repo), "add", "-A"], check=True)
    kind, reason = decide(agent, git_repo, "gnuplot reports/summary.gp")
    assert kind == "deny", reason
    assert "`typst compile reports/summary.typ`" in reason and "moved from gnuplot to typst" in reason
    assert "to summary" not in reason


def test_a_branch_name_inside_a_hooks_printed_message_names_no_branch() -> None:
    from statewise_cli.verifiers.git import mentions_branch

    hook = ("#!/bin/sh\nwhile read old new ref; do\n  case \"$ref\" in\n    refs/heads/trunk) echo \"remote: error: "
            "ledgers are not accepted on this branch\" >&2; exit 1;;\n  esac\ndone\nexit 0\n")
    assert mentions_branch(hook, "ledgers") is None  # the word is in the message the hook prints
    assert mentions_branch(hook, "trunk") is not None
    compared = "#!/bin/sh\nread o n r\n[ \"$r\" = refs/heads/ledgers ] && { echo no >&2; exit 1; }\nexit 0\n"
    assert mentions_branch(compared, "ledgers") is not None


@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_of_a_file_converted_into_the_one_content_file_its_deleting_commit_added(agent: str,
                                                                                       git_repo: Path) -> None:
    write(git_repo, {"rates/zones.csv": "zone,eur\n1,4.10\n"})
    (git_repo / "rates" / "zones.csv").unlink()
    write(git_repo, {"pricing/zones.toml": "[zone.1]\neur = 4.10\n",
                     "docs/pricing.md": "2026-11-02: zone rates moved to TOML for the new checkout.\n",
                     ".github/workflows/rates.yml": "on: [push]\njobs:\n  c:\n    steps:\n      - run: ratecheck pricing\n"})
    kind, reason = decide(agent, git_repo, tool_name="Edit", tool_input={
        "file_path": str(git_repo / "rates" / "zones.csv"), "old_string": "1,4.10", "new_string": "1,4.30"})
    assert kind == "deny", reason
    assert "pricing/zones.toml" in reason
    # two content files added: the history does not say which one took its place
    write(git_repo, {"legal/terms.txt": "v1\n"})
    (git_repo / "legal" / "terms.txt").unlink()
    write(git_repo, {"legal/terms-en.md": "v2\n", "legal/terms-de.md": "v2\n"})
    kind, reason = decide(agent, git_repo, tool_name="Edit", tool_input={
        "file_path": str(git_repo / "legal" / "terms.txt"), "old_string": "v1", "new_string": "v3"})
    assert "terms-en.md" not in reason and "terms-de.md" not in reason, reason


def test_a_recipe_line_with_a_short_option_value_is_asked_about_as_a_whole(git_repo: Path) -> None:
    from swtest import hook, payload

    write(git_repo, {"Makefile": "etch:\n\tplotter --file art/panel.svg --speed 80\n"})
    write(git_repo, {"Makefile": "# the new film tears above 45\netch:\n\tplotter --file art/panel.svg --speed 45\n"})
    kind, reason = decide("claude", git_repo, "plotter --file art/panel.svg --speed 80")
    assert kind == "deny", reason
    assert "`plotter --file art/panel.svg --speed 45`" in reason and "Makefile" in reason
    assert decide("claude", git_repo, "plotter --file art/panel.svg --speed 45")[0] == "allow"
    # a line no recipe ever ran: nothing to go on
    assert decide("claude", git_repo, "plotter --file art/panel.svg --speed 70")[0] == "allow"
    # the user's task asks for the old value with its option: asked for, not a memory of it
    hook(payload("claude", "UserPromptSubmit", git_repo, prompt="Etch the panel once more at speed 80 as a test."),
         git_repo)
    assert decide("claude", git_repo, "plotter --file art/panel.svg --speed 80")[0] == "allow"
