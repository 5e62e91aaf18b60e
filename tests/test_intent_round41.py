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
    (git_repo / "bin" / "send-report").write_text("#!/bin/sh\necho \"$@\"\n")
    (git_repo / "bin" / "send-report").chmod(0o755)
    commit_all(git_repo, "report tool")
    _remember(git_repo, "policy.patient_report_regions",
              "patient reports with diagnoses are sent to eu regions only (no us, no apac); the DPO decides")
    kind, reason = decide(agent, git_repo, "./bin/send-report --report q4-diagnoses --regions eu,us")
    assert kind == "deny", reason
    assert "`./bin/send-report --report q4-diagnoses --regions eu`" in reason
