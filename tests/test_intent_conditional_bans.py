"""Rules the repository states in the passive present — "X is not <done> before <condition>", "no X is <done> until
<condition>" — gate the script whose own act they name; a window that refers back to a dated event ends with it; and
a consent recorded as given meets a consent gate and releases a memory-file rule that waited for it
(``governance_targets.conditional_ban`` / ``_dated_reference`` / ``_consent_given``, ``released.release_for``).
Invented repositories, documents and domains."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write

from statewise_cli.recovery.governance_targets import _consent_given, conditional_ban
from statewise_cli.recovery.released import released_rules

SCRIPT = "#!/bin/sh\necho \"done: $*\"\n"


def _scripts(repo: Path, *names: str) -> dict[str, str]:
    return {f"bin/{n}": SCRIPT for n in names}


def _executable(repo: Path, *names: str) -> None:
    for n in names:
        (repo / "bin" / n).chmod(0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_passive_rule_with_a_condition_gates_the_script_doing_that_act(agent: str, git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "drain-reservoir", "sample-reservoir"),
                     "docs/dam/2026-12-01-inspection.md": "# Inspection\n\nThe dam engineer inspects the spillway of "
                                                          "reservoir B on 2099-03-09. Reservoir B is not drained before "
                                                          "that inspection; draining it early hides the cracks.\n"})
    _executable(git_repo, "drain-reservoir", "sample-reservoir")
    kind, reason = decide(agent, git_repo, "./bin/drain-reservoir --reservoir B")
    assert kind in ("ask", "deny"), reason
    assert "docs/dam/2026-12-01-inspection.md" in reason and "not drained before" in reason
    # the note says nothing about what another script does
    assert decide(agent, git_repo, "./bin/sample-reservoir --reservoir B")[0] == "allow"


def test_the_window_ends_with_the_dated_event_it_refers_back_to(git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "drain-reservoir"),
                     "docs/dam/2020-03-01-inspection.md": "# Inspection\n\nThe dam engineer inspects the spillway of "
                                                          "reservoir B on 2020-03-09. Reservoir B is not drained before "
                                                          "that inspection.\n"})
    _executable(git_repo, "drain-reservoir")
    kind, reason = decide("claude", git_repo, "./bin/drain-reservoir --reservoir B")
    assert kind == "allow", reason


def test_no_item_is_done_until_a_condition_in_a_template(git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "dispatch-sample"),
                     ".github/pull_request_template.md": "## Checklist\n\n- [ ] Tests pass\n- [ ] Samples: no sample "
                                                         "of a category A pathogen is dispatched until its transport "
                                                         "declaration is filed. S-4410's declaration is pending.\n"})
    _executable(git_repo, "dispatch-sample")
    kind, reason = decide("codex", git_repo, "./bin/dispatch-sample --sample S-4410 --to lab-north")
    assert kind in ("ask", "deny"), reason
    assert "pull_request_template" in reason


def test_what_a_passive_rule_reads_and_what_it_does_not() -> None:
    acts = ["drain", "reservoir"]
    assert conditional_ban("Reservoir B is not drained before that inspection.", acts)
    assert conditional_ban("Reservoir B isn't drained until the engineer signs it off.", acts)
    assert conditional_ban("No reservoir of the north valley is drained without the warden's word.", acts)
    # a routine, not a condition; another act; no act of the line at all
    assert not conditional_ban("The filter is not drained before each cycle.", acts)
    assert not conditional_ban("Reservoir B is not sampled before that inspection.", acts)
    assert not conditional_ban("Reservoir B is not drained before that inspection.", [])


def test_a_consent_recorded_as_given_and_one_still_awaited() -> None:
    assert _consent_given("2026-12-02: T-77 signed the consent form to share her file with Harbour Lettings.")
    assert _consent_given("The owner gave written permission on 2026-11-02.")
    assert _consent_given("She has consented to the transfer.")
    assert not _consent_given("She has not signed the consent form.")
    assert not _consent_given("Until the tenant has signed the consent form, nothing is shared.")
    assert not _consent_given("Exports need the tenant's signed consent.")
    assert not _consent_given("Given consent, the export runs.")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_consent_recorded_in_a_note_meets_the_consent_gate(agent: str, git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "share-file"),
                     "docs/consent/2026-12-02-T-77.md": "# 2026-12-02: T-77 consent\n\n2026-12-02: T-77 signed the "
                                                        "consent form to share her tenancy file with harbour-lettings, "
                                                        "her new agent; the scan is in her record.\n"})
    _executable(git_repo, "share-file")
    kind, reason = decide(agent, git_repo, "./bin/share-file --tenant T-77 --to harbour-lettings")
    assert kind == "allow", reason


def test_a_consent_still_missing_keeps_the_gate(git_repo: Path) -> None:
    write(git_repo, {**_scripts(git_repo, "share-file"),
                     "docs/consent/2026-12-02-T-77.md": "# 2026-12-02: T-77 consent\n\nT-77 has not signed the consent "
                                                        "form to share her tenancy file with harbour-lettings.\n"})
    _executable(git_repo, "share-file")
    kind, reason = decide("claude", git_repo, "./bin/share-file --tenant T-77 --to harbour-lettings")
    assert kind in ("ask", "deny"), reason


def test_a_recorded_consent_releases_a_memory_rule_that_waited_for_it(tmp_path: Path) -> None:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- The tenancy file of T-77 must never be shared; she has not "
                                        "consented to sharing it.\n")
    note = tmp_path / "docs" / "consent" / "2026-12-02-T-77.md"
    note.parent.mkdir(parents=True)
    note.write_text("# 2026-12-02: T-77 consent\n\n2026-12-02: T-77 signed the consent form to share her tenancy file "
                    "with Harbour Lettings, her new agent.\n")
    prompt = "T-77 is moving to Harbour Lettings; share her tenancy file (./bin/share-file --tenant T-77)."
    said = released_rules(str(tmp_path), prompt, datetime.date(2026, 12, 5))
    assert "docs/consent/2026-12-02-T-77.md (2026-12-02)" in said and "signed the consent form" in said
    # the same note saying the consent is still missing releases nothing
    note.write_text("# 2026-12-02: T-77 consent\n\nT-77 has not signed the consent form to share her tenancy file.\n")
    assert released_rules(str(tmp_path), prompt, datetime.date(2026, 12, 5)) == ""
