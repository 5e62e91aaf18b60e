"""Two readings that had denied correct actions:

1. A service manager's operands are names in its own registry (`systemctl --user restart api.service` names a unit),
   not files from the working directory — a file of the same name elsewhere in the repository is no moved input.
2. What a program or version cannot do ("the old generator cannot read OpenAPI 3.1") is a capability, not a gate on
   people's actions; a person as the subject, or an imperative, keeps the rule.

Inputs are invented here (neighbours of the classes, not taken from an evaluation set)."""

from __future__ import annotations

import pytest

from statewise_cli.recovery.governance_targets import gated
from statewise_cli.recovery.premises import _named_operands


@pytest.mark.parametrize("words", [
    ["systemctl", "--user", "restart", "worker.service"],
    ["journalctl", "-u", "billing.timer"],
    ["service", "nginx.conf", "reload"],
    ["supervisorctl", "restart", "queue.consumer"],
])
def test_a_service_managers_operands_are_names(words: list[str]) -> None:
    assert set(range(1, len(words))) <= _named_operands(words) | {i for i, w in enumerate(words) if w.startswith("-")}


def test_a_word_with_a_slash_stays_a_path() -> None:
    assert 2 not in _named_operands(["systemctl", "link", "deploy/systemd/worker.service"])
    assert _named_operands(["python", "tools/worker.service"]) == set()


@pytest.mark.parametrize("statement", [
    "Since March the SDKs are built by the new generator (the legacy generator cannot read OpenAPI 3.1).",
    "The v1 exporter does not support encrypted archives.",
    "protoc 3 can't parse editions syntax, so buf builds the stubs.",
])
def test_a_programs_capability_is_no_gate(statement: str) -> None:
    assert not gated(statement), statement


@pytest.mark.parametrize("statement", [
    "You cannot import customer data into staging.",
    "Do not open the production database from a laptop.",
    "Releases cannot go out without the release manager's sign-off.",
    "Agents can't load the prod dump.",
    "The legacy generator cannot read OpenAPI 3.1; regenerating clients needs the API owner's approval.",
])
def test_a_rule_about_people_stays_a_gate(statement: str) -> None:
    assert gated(statement), statement
