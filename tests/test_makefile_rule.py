"""A Makefile recipe that runs the program, under a comment above its target stating how it runs now (a dated entry or
a normative word): the recipe's form is the rule, as a commented CI step's is; what make fills in (``$(SITE)``) is
taken from the action. Invented examples."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all
from test_premises import decide

MAKEFILE = ("# {note}\nestimate:\n\troofcalc estimate --job $(JOB) --area $(AREA) --tariff 2031\n")


def _commit(repo: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, message)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_recipe_under_a_dated_comment_gives_the_form(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"Makefile": MAKEFILE.format(note="estimates from 2031-02-01 use the 2031 tariff (slate went "
                                                        "up); the 2029 tariff stays for old invoices"),
                       "tariffs/2029.yaml": "slate_m2: 40\n", "tariffs/2031.yaml": "slate_m2: 52\n"}, "Tariff 2031")
    kind, reason = decide(agent, git_repo, "roofcalc estimate --job mill-lane --area 120 --tariff 2029")
    assert kind == "deny", reason
    assert "`roofcalc estimate --job mill-lane --area 120 --tariff 2031`" in reason, reason
    assert decide(agent, git_repo, "roofcalc estimate --job mill-lane --area 120 --tariff 2031")[0] == "allow"


def test_a_recipe_under_a_comment_that_states_no_rule(git_repo: Path) -> None:
    _commit(git_repo, {"Makefile": MAKEFILE.format(note="estimate a roof"),
                       "tariffs/2029.yaml": "slate_m2: 40\n", "tariffs/2031.yaml": "slate_m2: 52\n"}, "Estimates")
    assert decide("claude", git_repo, "roofcalc estimate --job mill-lane --area 120 --tariff 2029")[0] == "allow"
