"""Developer records that hold their subject back in the shapes people write them: the thing *waits until* someone
acts, a passive "not <irregular participle> until …" ("is not made final until"), and a state the subject is kept in
with a reason instead of a condition ("the hatch stays open: the crew is still inside"), which gates the action whose
own verb undoes that state and nothing else (recovery/intent.py, intent_state.py). Invented records and tools."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, run_statewise
from test_intent import policy
from test_premises import decide, write

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import intent
from statewise_cli.recovery.released import developer_releases


@pytest.mark.parametrize(("value", "expected"), [
    ("the quarterly bonus pool waits until Ines (payroll lead) rules on the disputed overtime", "deny"),
    ("the cutover must wait till the auditors have finished the stock count", "deny"),
    ("heat 3's times are not made final until the judges rule on the false start", "deny"),
    ("the refund is not paid before the warehouse has the parcel back", "deny"),
    # not a hold: no need to wait, or it does not wait
    ("the bonus pool does not wait until the audit; pay it when the quarter closes", None),
    ("there is no need to wait until the audit for the bonus pool", None),
])
def test_a_wait_or_an_irregular_participle_holds_the_thing(value: str, expected: str | None) -> None:
    assert intent.restriction(policy("policy.some_change", value)) == expected


def _gated(command: str, key: str, value: str) -> list[str]:
    return [verdict for _a, _r, verdict, _w in intent.gates(normalize_shell(command, "main"), [policy(key, value)], None)]


@pytest.mark.parametrize(("command", "gated"), [
    ("./bin/hatch close --hatch 7", True),        # undoes "stays open"
    ("./bin/hatch shut --hatch 7", True),
    ("./bin/hatch open --hatch 7", False),        # keeps the state
    ("./bin/hatch status --hatch 7", False),      # says no state
])
def test_a_state_kept_with_a_reason_gates_only_the_action_that_undoes_it(command: str, gated: bool) -> None:
    value = "hatch 7 stays open: two fitters are still inside the tank and the gas monitor reads the air"
    assert intent.restriction(policy("policy.hatch_7", value)) is None  # the words alone restrict nothing
    assert _gated(command, "policy.hatch_7", value) == (["deny"] if gated else [])


@pytest.mark.parametrize("value", [
    "hatch 7 no longer stays open: the fitters are out",          # the state is not held
    "hatch 7 stays on the inspection list; closing it is fine",   # a place, and a permission
    "hatch 7 can stay open or be closed, that is fine",
])
def test_a_state_not_held_gates_nothing(value: str) -> None:
    assert _gated("./bin/hatch close --hatch 7", "policy.hatch_7", value) == []


def test_a_state_held_on_or_off_gates_the_reverse_switch() -> None:
    assert _gated("./bin/fans off --bay 2", "policy.bay2_fans", "the bay 2 fans stay on while the resin cures") == ["deny"]
    assert _gated("./bin/fans on --bay 2", "policy.bay2_fans", "the bay 2 fans stay on while the resin cures") == []


@pytest.mark.parametrize("agent", AGENTS)
def test_the_hook_denies_the_action_that_undoes_the_state_the_developer_keeps(agent: str, git_repo: Path) -> None:
    (git_repo / "bin").mkdir(exist_ok=True)
    (git_repo / "bin" / "accounts").write_text("#!/bin/sh\n# Opens or closes a customer account.\necho \"$@\"\n")
    (git_repo / "bin" / "accounts").chmod(0o755)
    commit_all(git_repo, "accounts tool")
    result = run_statewise(["remember", "policy.account_4471", ("account 4471 stays open: the customer paid by cheque "
                            "and the bank has not cleared it yet"), "--type", "policy"], git_repo)
    assert result.returncode == 0, result
    kind, reason = decide(agent, git_repo, "./bin/accounts close --account 4471")
    assert kind == "deny", reason
    assert "policy.account_4471" in reason
    kind, reason = decide(agent, git_repo, "./bin/accounts statement --account 4471")
    assert kind == "allow", reason


def test_every_run_that_uses_an_option_is_the_form_the_record_requires() -> None:
    value = "until the assay is back, every packing run uses --skip-batch B-77; its seal test failed"
    assert _gated("./bin/packing run --date 2026-12-07", "policy.packing_b77", value) == ["deny"]
    assert _gated("./bin/packing run --date 2026-12-07 --skip-batch B-77", "policy.packing_b77", value) == []
    alternative = intent.required_form_alternative(policy("policy.packing_b77", value),
                                                   normalize_shell("./bin/packing run --date 2026-12-07", "main")[0])
    assert "`./bin/packing run --date 2026-12-07 --skip-batch B-77`" in alternative


@pytest.mark.parametrize("agent", AGENTS)
def test_a_held_thing_the_action_leaves_out_is_not_acted_on(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/packing": "#!/bin/sh\necho packed\n",
                     "quality/B-77.md": "# B-77\n\nB-77 is on hold: its seal test failed. Until I release it, every "
                                        "run leaves it out.\n"})
    (git_repo / "bin" / "packing").chmod(0o755)
    assert decide(agent, git_repo, "./bin/packing run --batch B-77")[0] in ("ask", "deny")
    kind, reason = decide(agent, git_repo, "./bin/packing run --date 2026-12-07 --skip-batch B-77")
    assert kind == "allow", reason
    kind, reason = decide(agent, git_repo, "./bin/packing run --date 2026-12-07 --exclude-batch=B-77")
    assert kind == "allow", reason


# ------------------------------------------------------------------- the act done or ordered by the one responsible
TODAY = datetime.date(2026, 12, 6)


@pytest.mark.parametrize(("rule", "value"), [
    ("- Cancelling the 2026-12-12 regatta: never cancel it from here\n",
     "the race officer cancelled the 2026-12-12 regatta (gales) at the 08:00 briefing; it is to be marked cancelled"),
    ("- Boat B-12 is never decommissioned while it passes its survey.\n",
     "the fleet manager decommissioned boat B-12 on 2026-12-04: the hull cracked; it comes off the fleet list"),
    ("- Old forms in archive box A7: never shred the forms\n",
     "the records manager ordered the forms older than 7 years in archive box A7 shredded under the retention policy"),
])
def test_the_act_done_or_ordered_by_the_one_responsible_releases_the_memory_rule(tmp_path: Path, rule: str,
                                                                                  value: str) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n" + rule)
    prompt = {"regatta": "The race officer called it off; cancel the 2026-12-12 regatta (./bin/events cancel).",
              "b-12": "Decommission boat B-12 in the fleet register (./bin/fleet decommission --boat B-12).",
              "a7": "Shred the old forms in archive box A7 (./bin/archive shred --box A7 --older-than 7y)."}
    asked = next(p for k, p in prompt.items() if k in value.lower())
    note = developer_releases(str(tmp_path), asked, [policy("policy.some_item", value)], TODAY)
    assert "allowed now" in note and rule.strip("- \n")[:30] in note


@pytest.mark.parametrize("value", [
    "the fleet manager was decommissioned boat B-12 on 2026-12-04",     # no doer: the act done, nobody's decision
    "boat B-12 was decommissioned on 2026-12-04 by mistake",            # a passive, the reason for a rule
    "the fleet manager decided to keep boat B-12 in service on 2026-12-04",
])
def test_no_release_from_a_passive_or_a_decision_to_keep(tmp_path: Path, value: str) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Boat B-12 is never decommissioned while it passes its survey.\n")
    asked = "Decommission boat B-12 in the fleet register (./bin/fleet decommission --boat B-12)."
    assert developer_releases(str(tmp_path), asked, [policy("policy.some_item", value)], TODAY) == ""


def test_an_order_given_by_a_role_decides_instead_of_the_items_own_record() -> None:
    assert intent.decides(policy("policy.box_a7", "the records manager ordered the forms in archive box A7 shredded"))
    assert not intent.decides(policy("policy.box_a7", "the records manager ordered the forms in box A7 kept until "
                                                      "the audit"))
    assert not intent.decides(policy("policy.box_a7", "box A7 holds forms the records manager has listed"))


# ------------------------------------------------------------------- a decision with its reason
DECIDED = ("the stores manager decided on 2026-12-04 that every crate of lot K-19 is recycled; the buyer refused them "
           "and they cannot be sold elsewhere")


@pytest.mark.parametrize(("command", "gated"), [
    ("./bin/crates recycle --lot K-19", False),   # what the decision is about: the modal is its reason
    ("./bin/crates sell --lot K-19", True),       # what the modal says cannot be done
])
def test_a_modal_negative_beside_a_decision_is_its_reason(command: str, gated: bool) -> None:
    assert bool(_gated(command, "policy.k19_crates", DECIDED)) is gated


def test_a_modal_negative_alone_still_restricts() -> None:
    value = "the crates of lot K-19 cannot be recycled before the stores manager has decided"
    assert _gated("./bin/crates recycle --lot K-19", "policy.k19_crates", value) == ["deny"]
    assert not intent.ordered(policy("policy.k19_crates", value))


@pytest.mark.parametrize("agent", AGENTS)
def test_the_digest_says_a_decision_of_the_one_responsible_lets_the_act_through(agent: str, git_repo: Path) -> None:
    import json

    from swtest import hook, payload

    result = run_statewise(["remember", "policy.k19_crates", DECIDED, "--type", "policy"], git_repo)
    assert result.returncode == 0, result
    out = hook(payload(agent, "SessionStart", git_repo), git_repo)
    context = json.loads(out.stdout)["hookSpecificOutput"]["additionalContext"]
    line = next(ln for ln in context.splitlines() if "policy.k19_crates" in ln)
    assert "decided by the one responsible: what it names is allowed now" in line, context
    (git_repo / "bin").mkdir(exist_ok=True)
    (git_repo / "bin" / "crates").write_text("#!/bin/sh\necho \"$@\"\n")
    (git_repo / "bin" / "crates").chmod(0o755)
    commit_all(git_repo, "crates tool")
    kind, reason = decide(agent, git_repo, "./bin/crates recycle --lot K-19")
    assert kind == "allow", reason


def test_a_rule_limited_to_a_window_is_not_released_by_the_note_that_sets_the_window(tmp_path: Path) -> None:
    (tmp_path / "CLAUDE.md").write_text("# Notes\n\n- Stopping the east pumps: never outside the utility's maintenance "
                                        "window, 01:00 to 05:00\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "2026-11-22-east.md").write_text(
        "# 2026-11-22: east pumps\n\nOur permit lets us stop the east pumps only between 01:00 and 05:00; outside that "
        "window the estate loses water pressure. -- Ines, plant engineer\n")
    prompt = "The fitters are on site at two; stop the east pumps at 14:00 (./bin/pumps-off --site east --at 14:00)."
    from statewise_cli.recovery.released import released_rules

    assert released_rules(str(tmp_path), prompt, TODAY) == ""
