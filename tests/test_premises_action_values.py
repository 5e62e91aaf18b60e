"""Premises read from the action's own slots, against what the repository says now: an option value a document states
(kept in its own case, or stated as a passive rule), a value the files name only as retired, a table's ``default``
that now points at something live, and a replacement recipe whose variables take the action's values. Invented
programs and files, in the shapes public repositories use (``.firebaserc``'s ``projects.default``, ``[targets]``
tables, ``deprecated: [..]`` lists, ``make`` recipes with ``$(VAR)``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, pre_bash, reply
from test_premises import decide, stub_bin, write

from statewise_cli.recovery.premises_history import fill_variables
from statewise_cli.recovery.premises_optional import _form_of, participle_bases


def _decide(agent: str, repo: Path, command: str, env: dict[str, str]) -> tuple[str, str]:
    data = reply(hook(pre_bash(agent, repo, command), repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


# ------------------------------------------------------------------ a documented form keeps the value's case
def test_a_documented_value_keeps_its_case() -> None:
    assert _form_of("Sync with --region EUW2.") == ("sync", "--region", "EUW2")
    assert _form_of("Labels are printed with --printer ZD420;") == ("=printed", "--printer", "ZD420")
    assert _form_of("Builds are made with --strict in CI.") == ("=made", "--strict", "")
    assert _form_of("Reports are never sent with --draft 1.") is None  # negated
    assert _form_of("Proofs are printed with --copies 2 when the client asks.") is None  # a case, not the rule


@pytest.mark.parametrize("agent", AGENTS)
def test_an_imperative_with_an_upper_case_value(agent: str, git_repo: Path) -> None:
    write(git_repo, {"batches/week-12.csv": "sku,qty\nA1,4\n"})
    write(git_repo, {"docs/warehouse.md": "# Warehouse\n\n2026-10-01: the pallets moved to the Leeds site. Dispatch "
                                          "with --site LDS.\n"})
    kind, reason = decide(agent, git_repo, "palletctl dispatch --file batches/week-12.csv --site MAN")
    assert kind == "deny", reason
    assert "`palletctl dispatch --file batches/week-12.csv --site LDS`" in reason
    assert decide(agent, git_repo, "palletctl dispatch --file batches/week-12.csv --site LDS")[0] == "allow"


# ------------------------------------------------------------------ a passive rule, read by its participle
def test_participles_give_the_verbs_they_can_be_of() -> None:
    assert "apply" in participle_bases("applied")
    assert "lodge" in participle_bases("lodged")
    assert "submit" in participle_bases("submitted")
    assert participle_bases("built") == {"build"}
    assert participle_bases("speed") == set() and participle_bases("bundle") == set()


@pytest.mark.parametrize("agent", AGENTS)
def test_a_passive_rule_that_names_the_actions_value_as_well(agent: str, git_repo: Path) -> None:
    write(git_repo, {"claims/C-19.yaml": "insurer: north\n"})
    write(git_repo, {"docs/claims.md": "# Claims\n\n2026-09-02: the insurer's excess went up. Refunds are issued with "
                                       "--excess 250; an excess of 150 leaves every refund short.\n"})
    kind, reason = decide(agent, git_repo, "refundctl issue --claim C-19 --excess 150")
    assert kind == "deny", reason
    assert "`refundctl issue --claim C-19 --excess 250`" in reason and "docs/claims.md" in reason
    assert decide(agent, git_repo, "refundctl issue --claim C-19 --excess 250")[0] == "allow"


def test_a_passive_sentence_that_does_not_name_the_actions_value_says_nothing(git_repo: Path) -> None:
    write(git_repo, {"docs/exports.md": "# Exports\n\nArchive copies are exported with --format pdfa.\n"})
    assert decide("claude", git_repo, "ledgerx export --year 2025 --format csv")[0] == "allow"
    write(git_repo, {"docs/tests.md": "# Tests\n\nThe suites are run with --workers 4 on the build farm.\n"})
    assert decide("claude", git_repo, "suitectl run --workers 2")[0] == "allow"  # `run` names no kind of work


# ------------------------------------------------------------------ a value named only as retired
@pytest.mark.parametrize("agent", AGENTS)
def test_a_value_the_files_name_only_as_retired_is_replaced_by_the_history(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "sync:\n\tmirrorctl sync --pool pool-a7 --verify\n",
                     "pools.yaml": "active: pool-a7\n"})
    write(git_repo, {"Makefile": "sync:\n\tmirrorctl sync --pool pool-b2 --verify\n",
                     "pools.yaml": "active: pool-b2\ndeprecated: [pool-a7]\n"})
    kind, reason = decide(agent, git_repo, "mirrorctl sync --pool pool-a7 --verify")
    assert kind == "deny", reason
    assert "`mirrorctl sync --pool pool-b2 --verify`" in reason
    assert decide(agent, git_repo, "mirrorctl sync --pool pool-b2 --verify")[0] == "allow"


def test_a_value_named_beside_its_successor_still_counts_as_named(git_repo: Path) -> None:
    write(git_repo, {"Makefile": "sync:\n\tmirrorctl sync --pool pool-a7 --verify\n"})
    write(git_repo, {"Makefile": "sync:\n\tmirrorctl sync --pool pool-b2 --verify\n",
                     "NOTES.md": "pool-a7 is deprecated for nightly runs; use pool-b2 there, pool-a7 stays for "
                                 "restores.\n"})
    assert decide("claude", git_repo, "mirrorctl sync --pool pool-a7 --verify")[0] == "allow"
    write(git_repo, {"NOTES.md": "pool-a7 was deprecated for new mirrors but stays valid for restores.\n"})
    assert decide("claude", git_repo, "mirrorctl sync --pool pool-a7 --verify")[0] == "allow"


# ------------------------------------------------------------------ a table's default that points at something live
@pytest.mark.parametrize("agent", AGENTS)
def test_a_tables_default_that_a_commit_made_live(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "bulletin", "exit 0")
    write(git_repo, {"bulletin.toml": "[channels]\ndefault = \"proof\"\nproof = \"https://proof.local\"\n"
                                      "live = \"https://www.local\"\n"})
    write(git_repo, {"bulletin.toml": "[channels]\n# the Monday job sends without --channel\ndefault = \"live\"\n"
                                      "proof = \"https://proof.local\"\nlive = \"https://www.local\"\n"})
    kind, reason = _decide(agent, git_repo, "bulletin send --issue 42", env)
    assert kind == "deny", reason
    assert "`bulletin send --issue 42 --channel proof`" in reason and "bulletin.toml" in reason
    assert _decide(agent, git_repo, "bulletin send --issue 42 --channel proof", env)[0] == "allow"
    assert _decide(agent, git_repo, "bulletin send --issue 42 --channel live", env)[0] == "allow"  # chosen


def test_a_json_projects_default_made_production_and_one_live_since_written(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "shipit", "exit 0")
    write(git_repo, {".shipitrc": '{\n  "projects": {\n    "default": "staging",\n    "staging": "acme-stg"\n  }\n}\n'})
    write(git_repo, {".shipitrc": '{\n  "projects": {\n    "default": "prod",\n    "staging": "acme-stg"\n  }\n}\n'})
    kind, reason = _decide("claude", git_repo, "shipit deploy --only hosting", env)
    assert kind == "deny" and "`shipit deploy --only hosting --project staging`" in reason, reason
    env2 = stub_bin(tmp_path, "pushit", "exit 0")
    write(git_repo, {"pushit.toml": "[targets]\ndefault = \"live\"\n"})  # live since the file was written
    assert _decide("claude", git_repo, "pushit deploy", env2)[0] == "allow"


# ------------------------------------------------------------------ a replacement recipe gets the action's values
def test_recipe_variables_are_filled_from_the_actions_options_and_its_one_operand() -> None:
    assert fill_variables("gatectl close --site $(SITE) --force", ["north-4"]) == "gatectl close --site north-4 --force"
    assert fill_variables("tally export --day $(DAY)", ["export", "--day", "2026-03-02"]) == \
        "tally export --day 2026-03-02"
    assert fill_variables("tally export --day $(DAY) --to $(DEST)", ["--day", "2026-03-02"]) == \
        "tally export --day 2026-03-02 --to $(DEST)"  # what nothing fills stays as it is


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tool_replaced_in_a_recipe_names_the_recipe_with_the_actions_values(agent: str, git_repo: Path,
                                                                            tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "gatectl", "exit 0")
    write(git_repo, {"Makefile": "close:\n\tgateshut north-4\n"})
    write(git_repo, {"Makefile": "close:\n\tgatectl close --site $(SITE) --force\n"})
    kind, reason = _decide(agent, git_repo, "gateshut north-4", env)
    assert kind == "deny", reason
    assert "`gatectl close --site north-4 --force`" in reason
    assert "$(SITE)" in reason  # the evidence quotes the recipe as the repository has it
