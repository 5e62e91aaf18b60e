"""A developer's record that waits for an event ("only after the board has approved the survey") gates the script
doing its act until the item's own record states the event done; a record that names one value of an option's kind
and rules out another ("the crate layout heavy-2; never the light layout") lets the action passing that value through
and names it as the alternative to the other (``intent_conditions``, ``intent._kind_put_instead``). Invented
programs, records and items."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, run_statewise
from test_premises import decide, write

from statewise_cli.recovery.intent import restriction
from statewise_cli.recovery.intent_conditions import awaited

SCRIPT = "#!/bin/sh\necho \"done: $*\"\n"


def _remember(repo: Path, key: str, text: str) -> None:
    result = run_statewise(["remember", key, text, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


def _script(repo: Path, name: str) -> dict[str, str]:
    return {f"bin/{name}": SCRIPT}


@pytest.mark.parametrize("agent", AGENTS)
def test_a_rule_waiting_for_an_event_gates_until_the_items_record_states_it_done(agent: str, git_repo: Path) -> None:
    write(git_repo, {**_script(git_repo, "open-dig"),
                     "digs/D-12.yaml": "site: north field\nsurvey: submitted 2026-11-02, not yet approved\n",
                     "digs/D-14.yaml": "site: east field\nsurvey: approved 2026-10-20 by the board\n"})
    (git_repo / "bin" / "open-dig").chmod(0o755)
    _remember(git_repo, "policy.dig_after_survey", "a dig is opened only after the board has approved the site survey "
                                                  "for it")
    kind, reason = decide(agent, git_repo, "./bin/open-dig --dig D-12")
    assert kind == "deny", reason
    assert "policy.dig_after_survey" in reason
    assert decide(agent, git_repo, "./bin/open-dig --dig D-14")[0] == "allow"


def test_what_an_awaited_event_reads() -> None:
    from types import SimpleNamespace

    value = "a dig is opened only after the board has approved the site survey for it"
    assert restriction(SimpleNamespace(key="policy.digs", value=value)) == "deny"  # type: ignore[arg-type]
    ((done, nouns),) = awaited(value)
    assert done == "approv" and {"board", "survey"} <= nouns
    assert awaited("digs are opened on weekdays") == []
    from statewise_cli.recovery.intent_conditions import _states_done

    assert _states_done("survey: approved 2026-10-20 by the board", done, nouns)
    assert not _states_done("I open the dig myself when the board has approved the survey.", done, nouns)
    assert not _states_done("survey: submitted 2026-11-02, not yet approved", done, nouns)
    # a release given outside a condition still permits
    assert restriction(SimpleNamespace(key="policy.digs", value="digs are approved")) is None  # type: ignore[arg-type]


def test_the_value_a_record_puts_in_place_of_another_of_its_kind(git_repo: Path) -> None:
    agent = "codex"
    write(git_repo, {**_script(git_repo, "pack-order")})
    (git_repo / "bin" / "pack-order").chmod(0o755)
    _remember(git_repo, "policy.glass_packing", "glass orders get the padded crate layout Heavy-2 (ops, 2026-11-02); "
                                                "never the light layout")
    assert decide(agent, git_repo, "./bin/pack-order --order G-1 --layout Heavy-2")[0] == "allow"
    assert decide(agent, git_repo, "./bin/pack-order --order G-1 --layout=heavy-2")[0] == "allow"
    kind, reason = decide(agent, git_repo, "./bin/pack-order --order G-1 --layout light")
    assert kind == "deny", reason
    assert "`./bin/pack-order --order G-1 --layout Heavy-2`" in reason


@pytest.mark.parametrize(("value", "expected"), [
    (("the crane (crane-02) is out after a cable fault on 2026-12-02; it does not lift anything until the inspector "
      "has seen it"), "deny"),
    ("the van doesn't leave before the driver's check", "deny"),
    ("the order does not matter until Friday", None),
    ("the new price does not apply until Friday", None),
])
def test_a_subject_that_does_not_act_until_another_party_acts_is_held(value: str, expected: str | None) -> None:
    from types import SimpleNamespace

    assert restriction(SimpleNamespace(key="policy.crane", value=value)) == expected  # type: ignore[arg-type]


def test_the_hook_stops_the_act_the_record_holds_until_someone_acts(git_repo: Path) -> None:
    write(git_repo, {**_script(git_repo, "book-lift"), "cranes/crane-02.yaml": "status: in the yard\n"})
    (git_repo / "bin" / "book-lift").chmod(0o755)
    _remember(git_repo, "policy.crane_02_out", "crane-02 is out after a cable fault on 2026-12-02; it does not lift "
                                               "anything until the inspector has seen it")
    kind, reason = decide("claude", git_repo, "./bin/book-lift --crane crane-02 --at 14:00")
    assert kind == "deny", reason
