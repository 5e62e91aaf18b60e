"""Developer-intent class of round 41: a record that allows one value of a thing the action names by an option
("covers online channels only" for ``--channels online,tv``) names that option's value as the alternative — not
another option's."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, run_statewise
from test_premises import decide


def _remember(repo: Path, key: str, value: str) -> None:
    result = run_statewise(["remember", key, value, "--type", "policy"], repo)
    assert result.returncode == 0, result


@pytest.mark.parametrize("agent", AGENTS)
def test_a_record_allowing_one_value_of_an_option_names_that_option(agent: str, git_repo: Path) -> None:
    (git_repo / "bin").mkdir()
    (git_repo / "bin" / "send-report").write_text(
        "#!/bin/sh\n# Sends a patient report to the regions given with --regions (eu, us, apac).\necho \"$@\"\n")
    (git_repo / "bin" / "send-report").chmod(0o755)
    commit_all(git_repo, "report tool")
    _remember(git_repo, "policy.patient_report_regions",
              "patient reports with diagnoses are sent to eu regions only (no us, no apac); the DPO decides")
    kind, reason = decide(agent, git_repo, "./bin/send-report --report q4-diagnoses --regions eu,us")
    assert kind == "deny", reason
    assert "`./bin/send-report --report q4-diagnoses --regions eu`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_required_flag_the_program_documents_is_the_alternative(agent: str, git_repo: Path) -> None:
    (git_repo / "bin").mkdir()
    (git_repo / "bin" / "ship-recipe").write_text(
        "#!/bin/sh\n# Publishes a recipe page. --allergen-panel adds the signed allergen panel to the page;\n"
        "# without it the recipe goes out with the ingredients list only.\necho \"$@\"\n")
    (git_repo / "bin" / "ship-recipe").chmod(0o755)
    commit_all(git_repo, "recipe tool")
    _remember(git_repo, "policy.allergen_labelling",
              "every published recipe carries the signed allergen panel (food labelling rules); the head chef decides")
    kind, reason = decide(agent, git_repo, "./bin/ship-recipe --slug lemon-tart")
    assert kind == "deny", reason
    assert "`./bin/ship-recipe --slug lemon-tart --allergen-panel`" in reason
    assert decide(agent, git_repo, "./bin/ship-recipe --slug lemon-tart --allergen-panel")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_record_that_schedules_the_action_restricts_it_until_then(agent: str, git_repo: Path) -> None:
    import datetime

    ahead = (datetime.date.today() + datetime.timedelta(days=9)).isoformat()
    (git_repo / "bin").mkdir()
    (git_repo / "bin" / "open-enrolment").write_text("#!/bin/sh\necho \"$@\"\n")
    (git_repo / "bin" / "open-enrolment").chmod(0o755)
    commit_all(git_repo, "enrolment tool")
    _remember(git_repo, "policy.open_enrolment", f"spring enrolment is scheduled for {ahead} 09:00 (the prospectus "
                                                 "says so); the registrar opens it")
    kind, reason = decide(agent, git_repo, "./bin/open-enrolment --term spring")
    assert kind in ("deny", "ask"), reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_schedule_that_has_passed_restricts_nothing(agent: str, git_repo: Path) -> None:
    (git_repo / "bin").mkdir()
    (git_repo / "bin" / "open-enrolment").write_text("#!/bin/sh\necho \"$@\"\n")
    (git_repo / "bin" / "open-enrolment").chmod(0o755)
    commit_all(git_repo, "enrolment tool")
    _remember(git_repo, "policy.open_enrolment", "spring enrolment is scheduled for 2024-03-01 09:00")
    assert decide(agent, git_repo, "./bin/open-enrolment --term spring")[0] == "allow"
