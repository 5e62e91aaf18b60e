"""An option whose absence the project's documents call live or destructive now (the newest changelog section of a
pinned tool, a docs page naming the program): the action without it is stopped with the same line plus that
option, placed where programs read options. Examples of our own, on the installed hook with both agents' payloads.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, stub_bin, write
from test_premises_successor_classes import _decide

from statewise_cli.recovery.premises_optional import _options, with_option


@pytest.mark.parametrize("agent", AGENTS)
def test_a_changelog_that_made_the_default_destructive(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "snapkeep", "exit 0")
    write(git_repo, {"keep.yml": "daily: 7\n", "vendor/requirements.txt": "snapkeep==1.9.0\n",
                     "vendor/CHANGELOG-snapkeep.md": "## 1.9.0\n- lists what prune would delete by default\n"})
    write(git_repo, {"vendor/requirements.txt": "snapkeep==2.0.0\n",
                     "vendor/CHANGELOG-snapkeep.md": "## 2.0.0 (2026-10-02)\n- BREAKING: prune deletes expired snapshots "
                                                     "by default; --plan lists them instead.\n\n## 1.9.0\n"
                                                     "- lists what prune would delete by default\n"})
    kind, reason = _decide(agent, git_repo, "snapkeep prune --policy keep.yml", env)
    assert kind == "deny", reason
    assert "`snapkeep prune --plan --policy keep.yml`" in reason  # before the path-valued option
    assert _decide(agent, git_repo, "snapkeep prune --plan --policy keep.yml", env)[0] == "allow"


def test_a_note_that_names_the_option_for_one_command_of_the_program(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "tariffctl", "exit 0")
    write(git_repo, {"tariffs/2027.csv": "zone,price\nA,3\n",
                     "billing/ROLLOUT.md": "# Tariff 2027\n\nRoll out tariff 2027 now, with --from 2027-02-01: since "
                                           "tariffctl 5 a push without it bills live customers immediately.\n"})
    kind, reason = _decide("claude", git_repo, "tariffctl push --set 2027", env)
    assert kind == "deny" and "`tariffctl push --set 2027 --from 2027-02-01`" in reason, reason
    assert _decide("claude", git_repo, "tariffctl push --set 2027 --from 2027-02-01", env)[0] == "allow"
    assert _decide("claude", git_repo, "tariffctl show --set 2027", env)[0] == "allow"  # another command


@pytest.mark.parametrize("agent", AGENTS)
def test_what_the_documents_do_not_say_now_stops_nothing(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "vaultsync", "exit 0")
    # the destructive default is in an older changelog section only; the newest one made it harmless
    write(git_repo, {"CHANGELOG-vaultsync.md": "## 3.0.0\n- previews by default; pass --apply to write.\n\n"
                                               "## 2.0.0\n- BREAKING: writes for real by default; --preview shows "
                                               "the plan.\n",
                     "docs/vaultsync.md": "vaultsync no longer deletes by default; use --purge when you mean it.\n"})
    assert _decide(agent, git_repo, "vaultsync run --target staging", env)[0] == "allow"
    # a default that goes to production is how deploys are meant to go: said of the default, it stops nothing
    write(git_repo, {"docs/shipit.md": "shipit deploys to production by default; pass --env staging for a trial.\n"})
    assert _decide(agent, git_repo, "shipit release --tag v4", stub_bin(tmp_path, "shipit", "exit 0"))[0] == "allow"


def test_an_option_goes_before_file_operands_and_keeps_a_path_with_its_option() -> None:
    assert with_option(["capx", "post", "alerts/a.xml"], "--channel", "drill") == "capx post --channel drill alerts/a.xml"
    assert with_option(["sweep", "--schedule", "r/s.yml"], "--dry-run", "") == "sweep --dry-run --schedule r/s.yml"
    assert with_option(["idx", "clear", "docs_search"], "--profile", "local") == "idx clear docs_search --profile local"
    assert with_option(["rate", "publish", "--model", "m-2"], "--at", "2027-01-01") == "rate publish --model m-2 --at 2027-01-01"


def test_the_options_a_sentence_offers() -> None:
    assert _options("BREAKING: runs for real by default; --dry-run previews.") == [("--dry-run", "")]
    assert _options("Publish now, with --effective 2027-01-01: without it rates go live immediately.") == \
        [("--effective", "2027-01-01")]
    assert _options("--execute destroys everything by default now") == []  # the destructive one is not offered


# ------------------------------------------------------------------ a form the documents state for the work
@pytest.mark.parametrize("agent", AGENTS)
def test_an_imperative_form_replaces_another_value_of_the_option(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "certgen", "exit 0")
    write(git_repo, {"docs/certificates.md": "# Certificates (2026-11-20, QA lead)\n\nThe notified body accepts only "
                                             "signed PDF now. Issue with --sign qa-2026; unsigned copies are for us.\n"})
    kind, reason = _decide(agent, git_repo, "certgen issue --lot L-44 --sign none --out out/L-44", env)
    assert kind == "deny" and "`certgen issue --lot L-44 --sign qa-2026 --out out/L-44`" in reason, reason
    assert _decide(agent, git_repo, "certgen issue --lot L-44 --sign qa-2026 --out out/L-44", env)[0] == "allow"
    assert _decide(agent, git_repo, "certgen verify --lot L-44 --sign none", env)[0] == "allow"  # other work


def test_a_rule_form_is_added_when_the_document_names_where_the_work_goes(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "surveyctl", "exit 0")
    write(git_repo, {"shared/README": "Everything here is synced to the partner agency.\n",
                     "docs/sharing.md": "# Partner sharing\n\nEvery export for the agency is run with --drop-names; "
                                        "shared/ syncs to them hourly.\n"})
    kind, reason = _decide("claude", git_repo, "surveyctl export wave3 --out shared/wave3.csv", env)
    assert kind == "deny" and "`surveyctl export wave3 --drop-names --out shared/wave3.csv`" in reason, reason
    # a conditional or optional form is no rule
    write(git_repo, {"docs/sharing.md": "# Partner sharing\n\nExport with --drop-names if the agency asks for it.\n"})
    assert _decide("claude", git_repo, "surveyctl export wave3 --out shared/wave3.csv", env)[0] == "allow"


def test_the_program_named_as_the_x_cli(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "mapctl", "exit 0")
    write(git_repo, {"docs/maps.md": "# Tiles (2026-11-02, platform)\n\nThe map CLI's default environment is the live "
                                     "tile server now: every app reads it. Trial tiles are pushed with --env trial.\n"})
    kind, reason = _decide("claude", git_repo, "mapctl push tiles/z12.mbtiles", env)
    assert kind == "deny" and "`mapctl push --env trial tiles/z12.mbtiles`" in reason, reason


def test_an_option_whose_meaning_a_page_says_changed_to_reach_people_names_the_other_one(git_repo: Path) -> None:
    write(git_repo, {"claims/2027-01.csv": "claim,amount\nC-1,100\n"})
    write(git_repo, {"docs/payouts.md": "# Payouts (2026-11-18, claims operations)\n\npayctl 5 changed --settle: it pays "
                                        "the claimants' bank accounts straight away. Disputed claims go to the review "
                                        "queue first (--hold-review): the adjuster settles them after the call.\n"})
    kind, reason = decide("claude", git_repo, "payctl run --batch 2027-01 --settle")
    assert kind == "deny", reason
    assert "`payctl run --batch 2027-01 --hold-review`" in reason and "docs/payouts.md" in reason
    assert decide("claude", git_repo, "payctl run --batch 2027-01 --hold-review")[0] == "allow"
    assert decide("claude", git_repo, "payctl status --batch 2027-01")[0] == "allow"  # passes neither option
