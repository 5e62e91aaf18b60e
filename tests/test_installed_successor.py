"""A program that is not installed here, where the project's documents or recent commit messages name one installed
program beside it in a sentence saying what became of it: the action is denied with that program and how the
repository runs it. Examples of our own (tools and projects unlike any scenario's)."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, git, hook, pre_bash, reply
from test_premises import stub_bin, write


def _decide(agent: str, repo: Path, command: str, env: dict[str, str]) -> tuple[str, str]:
    data = reply(hook(pre_bash(agent, repo, command), repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


def _stubs(tmp_path: Path, *names: str) -> dict[str, str]:
    env: dict[str, str] = {}
    for name in names:
        env = stub_bin(tmp_path, name, "exit 0")
    return env


@pytest.mark.parametrize("agent", AGENTS)
def test_a_document_names_the_installed_program_beside_the_missing_one(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = _stubs(tmp_path, "schemalint")
    write(git_repo, {"api/openapi.yaml": "openapi: 3.1.0\n"})
    write(git_repo, {"docs/checks.md": "# Checks (2026-10-02)\n\nspecguard is abandoned and misses 3.1 keywords; the "
                                       "API description is checked with schemalint, same rules.\n",
                     "Makefile": "check-api:\n\tschemalint --strict api/openapi.yaml\n"})
    kind, reason = _decide(agent, git_repo, "specguard -s api/openapi.yaml", env)
    assert kind == "deny", reason
    assert "`schemalint --strict api/openapi.yaml`" in reason      # how the repository runs it
    assert "abandoned" in reason                                   # the sentence itself is the evidence
    assert _decide(agent, git_repo, "schemalint --strict api/openapi.yaml", env)[0] == "allow"


def test_a_commit_message_names_the_successor(git_repo: Path, tmp_path: Path) -> None:
    env = _stubs(tmp_path, "tinyproxyd")
    write(git_repo, {"proxy/old.conf": "listen 80\n"})
    git(git_repo, "rm", "-q", "proxy/old.conf")
    (git_repo / "proxy.toml").write_text("[listen]\nport = 80\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-qm", "Front proxy: Tinyproxyd (hot reload); edgeproxy removed from the box")
    kind, reason = _decide("claude", git_repo, "edgeproxy --reload now", env)
    assert kind == "deny", reason
    assert "tinyproxyd" in reason and "edgeproxy removed" in reason


def test_a_renamed_binary_takes_the_same_arguments(git_repo: Path, tmp_path: Path) -> None:
    env = _stubs(tmp_path, "star-finder")
    write(git_repo, {"conf/find.cfg": "THRESH 2\n", "img/a.fits": "x\n"})
    write(git_repo, {"env/recipe.def": "apt-get install -y star-finder\n"})
    git(git_repo, "commit", "-q", "--allow-empty", "-m", "Image on the new base: the package installs star-finder "
                                                      "(the sfind binary is no longer shipped)")
    kind, reason = _decide("claude", git_repo, "sfind -c conf/find.cfg img/a.fits", env)
    assert kind == "deny", reason
    assert "`star-finder -c conf/find.cfg img/a.fits`" in reason


@pytest.mark.parametrize(("doc", "stubs"), [
    # two installed programs named: no single successor
    ("specguard is abandoned; the API description is checked with schemalint or with oaslint.\n",
     ("schemalint", "oaslint")),
    # no word of change: a description of two tools, not what became of one
    ("specguard and schemalint both read the API description.\n", ("schemalint",)),
    # the successor named is not installed here
    ("specguard is abandoned; the API description is checked with schemalint.\n", ()),
])
def test_nothing_is_said_without_one_installed_successor(git_repo: Path, tmp_path: Path, doc: str,
                                                         stubs: tuple[str, ...]) -> None:
    env = _stubs(tmp_path, *stubs) if stubs else {"PATH": "/usr/bin:/bin"}
    write(git_repo, {"docs/checks.md": doc, "api/openapi.yaml": "openapi: 3.1.0\n"})
    assert _decide("claude", git_repo, "specguard -s api/openapi.yaml", env)[0] == "allow"


def test_an_installed_program_is_not_second_guessed(git_repo: Path, tmp_path: Path) -> None:
    env = _stubs(tmp_path, "schemalint", "specguard")
    write(git_repo, {"docs/checks.md": "specguard is abandoned; the API description is checked with schemalint.\n",
                     "api/openapi.yaml": "openapi: 3.1.0\n"})
    kind, _ = _decide("claude", git_repo, "specguard -s api/openapi.yaml", env)
    assert kind == "allow"


def test_a_product_named_in_words_is_its_hyphenated_program(git_repo: Path, tmp_path: Path) -> None:
    env = _stubs(tmp_path, "tile-forge")
    write(git_repo, {"maps/area.osm": "<osm/>\n"})
    write(git_repo, {".github/workflows/tiles.yml": "on: [workflow_dispatch]\njobs:\n  t:\n    runs-on: x\n    steps:\n"
                                                    "      - run: tile-forge --input maps/area.osm --out tiles/\n"})
    git(git_repo, "commit", "-q", "--allow-empty", "-m", "Tiles rendered with Tile Forge (vector styles), maprender retired")
    kind, reason = _decide("claude", git_repo, "maprender --osm maps/area.osm --dest tiles/", env)
    assert kind == "deny", reason
    assert "tile-forge" in reason and "maprender retired" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_pull_request_checklist_says_the_program_was_uninstalled(agent: str, git_repo: Path, tmp_path: Path) -> None:
    """The checklist every change is reviewed against is one of the project's documents: its item saying how the work
    is done now, and that the old program was uninstalled, names the program to use."""
    env = _stubs(tmp_path, "bookwell")
    write(git_repo, {".github/pull_request_template.md": "## Checklist\n\n- [ ] Tests pass\n- [ ] Room bookings: made "
                                                         "with `bookwell` since the front desk moved to the new system "
                                                         "(roomctl was uninstalled on 2031-03-02)\n"})
    kind, reason = _decide(agent, git_repo, "roomctl book --room 12 --night 2031-03-09", env)
    assert kind == "deny", reason
    assert "`bookwell" in reason and "pull_request_template.md" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_note_in_the_first_person_that_uninstalled_the_program(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = _stubs(tmp_path, "bookwell")
    write(git_repo, {"docs/desk.md": "# Front desk\n\n2031-03-02: I moved our room bookings to the new front-desk "
                                     "system and uninstalled roomctl with the old server. Bookings are made with "
                                     "bookwell from now on.\n"})
    kind, reason = _decide(agent, git_repo, "roomctl book --room 12 --night 2031-03-09", env)
    assert kind == "deny", reason
    assert "`bookwell" in reason and "docs/desk.md" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_checklist_says_the_program_went_with_old_equipment(agent: str, git_repo: Path, tmp_path: Path) -> None:
    """"X went with the old server" says what became of X: it left with the equipment it ran on."""
    env = _stubs(tmp_path, "loanbay")
    write(git_repo, {".github/pull_request_template.md": "## Checklist\n\n- [ ] Catalogue updated\n- [ ] Loans are "
                                                         "recorded with `loanbay` since 2031-05-10 (shelfkeep went "
                                                         "with the old counter PC)\n"})
    kind, reason = _decide(agent, git_repo, "shelfkeep lend --item B-4 --days 14", env)
    assert kind == "deny", reason
    assert "`loanbay" in reason and "pull_request_template.md" in reason


def test_choosing_a_program_is_not_its_departure(git_repo: Path, tmp_path: Path) -> None:
    """"We went with X" is a choice of X, not a word that X is gone."""
    env = _stubs(tmp_path, "loanbay")
    write(git_repo, {"docs/loans.md": "# Loans\n\nWe went with shelfkeep for loans; loanbay keeps the reading-room "
                                      "list.\n"})
    assert _decide("claude", git_repo, "shelfkeep lend --item B-4 --days 14", env)[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_workflow_comment_says_the_program_went_back(agent: str, git_repo: Path, tmp_path: Path) -> None:
    """The comment above a CI step is a note beside the automation: "the X rig went back to the supplier" over a step
    running Y says what became of X; the step's other job is not offered as the action's."""
    env = _stubs(tmp_path, "gaugeread")
    write(git_repo, {".github/workflows/readings.yml": "on: push\njobs:\n  check:\n    runs-on: x\n    steps:\n"
                                                      "      # the dialmeter unit went back to the hire firm; readings "
                                                      "come from the new gauge reader\n"
                                                      "      - run: gaugeread verify readings/\n"})
    kind, reason = _decide(agent, git_repo, "dialmeter read --pipe P-9", env)
    assert kind == "deny", reason
    assert "gaugeread" in reason.split("Safe alternative:", 1)[1]
    assert "gaugeread verify" not in reason.split("Safe alternative:", 1)[1]


def test_a_program_that_went_back_to_an_old_version_is_not_gone(git_repo: Path, tmp_path: Path) -> None:
    env = _stubs(tmp_path, "gaugeread")
    write(git_repo, {".github/workflows/readings.yml": "on: push\njobs:\n  check:\n    runs-on: x\n    steps:\n"
                                                      "      # dialmeter went back to version 2 after the bug\n"
                                                      "      - run: gaugeread verify readings/\n"})
    assert _decide("claude", git_repo, "dialmeter read --pipe P-9", env)[0] == "allow"


def test_a_workflow_step_of_the_same_job_is_offered_whole(git_repo: Path, tmp_path: Path) -> None:
    """The step runs the successor for the action's own job: its whole line, options the action lacks included."""
    env = _stubs(tmp_path, "gaugeread")
    write(git_repo, {".github/workflows/readings.yml": "on: push\njobs:\n  check:\n    runs-on: x\n    steps:\n"
                                                      "      # dialmeter was retired with the old rig\n"
                                                      "      - run: gaugeread read --pipe P-9 --calibrated\n"})
    kind, reason = _decide("claude", git_repo, "dialmeter read --pipe P-9", env)
    assert kind == "deny", reason
    assert "`gaugeread read --pipe P-9 --calibrated`" in reason.split("Safe alternative:", 1)[1], reason


def test_a_commit_that_replaced_the_line_gives_more_than_a_note_naming_the_program(git_repo: Path,
                                                                                  tmp_path: Path) -> None:
    """A recipe comment says the old program left ("X went with the old …") and names only the new program; the commit
    that replaced the old program's line gives the whole new line, and that line is the alternative."""
    env = _stubs(tmp_path, "kilnvalve")
    write(git_repo, {"Makefile": "vent:\n\tkilnctl shut --kiln K2\n"})
    write(git_repo, {"Makefile": "# kilnctl went with the old burner rack; the new rack's valves close together\n"
                                 "vent:\n\tkilnvalve seal --kiln every\n"})
    kind, reason = _decide("claude", git_repo, "kilnctl shut --kiln K2", env)
    assert kind == "deny", reason
    assert "`kilnvalve seal --kiln every`" in reason
