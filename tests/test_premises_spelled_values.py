"""Values the repository spells another way, quantities with a unit a recipe rewrote, and the commands an
automation file runs when a commit put that file where a removed tool was. Invented repositories, programs and
values; a value of the same spelling class, a value still named and the current command are allowed."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


@pytest.mark.parametrize("agent", AGENTS)
def test_a_quantity_with_a_unit_a_recipe_rewrote(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "feed:\n\tmeterfeed send --day 2031-02-03 --step 30m --to hub\n"})
    write(git_repo, {"Makefile": "feed:\n\tmeterfeed send --day 2031-02-03 --step 5m --to hub\n"})
    kind, reason = decide(agent, git_repo, "meterfeed send --day 2031-02-03 --step 30m --to hub")
    assert kind == "deny", reason
    assert "`meterfeed send --day 2031-02-03 --step 5m --to hub`" in reason and "Makefile" in reason
    assert decide(agent, git_repo, "meterfeed send --day 2031-02-03 --step 5m --to hub")[0] == "allow"


def test_quantities_are_candidates_only_after_an_option(tmp_path: Path) -> None:
    from statewise_cli.recovery.premises_retired import candidates

    words = ["tool", "--step", "30m", "45s", "--mem", "512M", "--n", "12", "--x", "3wk", "7d"]
    assert candidates(words, str(tmp_path)) == [(2, "30m"), (5, "512M"), (9, "3wk")]


@pytest.mark.parametrize("agent", AGENTS)
def test_an_option_value_the_ci_spells_another_way(agent: str, git_repo: Path) -> None:
    write(git_repo, {"marks/ALG-7.csv": "id,mark\n1,70\n"})
    write(git_repo, {".github/workflows/marks.yml": "on: [workflow_dispatch]\njobs:\n  push:\n    runs-on: x\n"
                                                    "    steps:\n      - run: markpush send --unit ALG-7 --cycle 2031-SU\n"})
    kind, reason = decide(agent, git_repo, "markpush send --unit ALG-7 --cycle 2031S")
    assert kind == "deny", reason
    assert "`markpush send --unit ALG-7 --cycle 2031-SU`" in reason and "marks.yml" in reason
    # the same spelling class is a choice of value, not a premise; the value the workflow gives is allowed
    assert decide(agent, git_repo, "markpush send --unit ALG-7 --cycle 2032-WI")[0] == "allow"
    assert decide(agent, git_repo, "markpush send --unit ALG-7 --cycle 2031-SU")[0] == "allow"
    # another verb of the same program is another command
    assert decide(agent, git_repo, "markpush check --unit ALG-7 --cycle 2031S")[0] == "allow"


def test_a_value_spelled_two_other_ways_or_named_somewhere_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {"ci.sh": "markpush send --cycle 2031-SU\nmarkpush send --cycle SU.2031\n"})
    assert decide("claude", git_repo, "markpush send --cycle 2031S")[0] == "allow"
    write(git_repo, {"ci.sh": "markpush send --cycle 2031-SU\n", "docs/cycles.md": "Legacy code 2030S stays valid.\n"})
    assert decide("claude", git_repo, "markpush send --cycle 2030S")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_wrapper_replaced_by_a_workflow_names_the_workflows_command(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/overlap.sh": "#!/bin/sh\noldmatch -l py -d work/*/main.py\n", "work/u1/main.py": "1\n"})
    (git_repo / "bin" / "overlap.sh").unlink()
    write(git_repo, {".github/workflows/overlap.yml": "on: [workflow_dispatch]\njobs:\n  scan:\n    runs-on: x\n"
                                                      "    steps:\n      - uses: actions/setup-java@v4\n"
                                                      "      - run: pip install matcher-tools\n"
                                                      "      - run: newmatch -l python3 -r out/scan work\n"})
    kind, reason = decide(agent, git_repo, "oldmatch -l py -d work/*/main.py")
    assert kind == "deny", reason
    assert "`newmatch -l python3 -r out/scan work`" in reason and "pip install" not in reason
