"""``statewise audit``: folding, prior failure reasoning, the investigator, the LLM Protocol, the store link."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit
from statewise_cli.audit.signals import fold, parse_failure, prior_reasoning
from statewise_cli.store.db import Store

ROOT = Path(__file__).resolve().parent.parent
AUDIT = ROOT / "fixtures" / "audit"
LABELS = {json.loads(x)["file"]: json.loads(x) for x in (AUDIT / "labels.jsonl").read_text().splitlines() if x.strip()}

PYTEST_FAILURE = """\
____________________________ test_apply_discount _____________________________

    def test_apply_discount():
>       assert apply_discount(200, 10) == 180.0
E       assert 20.0 == 180.0
E        +  where 20.0 = apply_discount(200, 10)

tests/test_pricing.py:5: AssertionError
FAILED tests/test_pricing.py::test_apply_discount - assert 20.0 == 180.0
1 failed, 7 passed in 0.05s
"""


def claude_lines(cwd: str, calls: list[tuple[str, dict, str, bool]], final: str = "Done.") -> str:
    """A Claude Code session JSONL in the recorded shape: tool_use lines and tool_result lines."""
    out = [{"type": "user", "cwd": cwd, "sessionId": "s1", "message": {"role": "user", "content": "Fix apply_discount."}}]
    for i, (name, inp, result, is_error) in enumerate(calls):
        out.append({"type": "assistant", "cwd": cwd, "message": {"role": "assistant", "content": [
            {"type": "tool_use", "id": f"toolu_{i}", "name": name, "input": inp}]}})
        out.append({"type": "user", "cwd": cwd, "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": result, "is_error": is_error}]}})
    out.append({"type": "assistant", "message": {"role": "assistant", "content": [{"type": "text", "text": final}]}})
    return "".join(json.dumps(x) + "\n" for x in out)


def diagnose_fixture(name: str, **kw) -> audit.Diagnosis:
    label = LABELS[name]
    traj = transcript.parse_file(str(AUDIT / name))
    return audit.diagnose(traj, tests_text=(AUDIT / label["tests"]).read_text(), **kw)


# ------------------------------------------------------------------ folding
def test_folding_keeps_patches_and_failures_and_folds_repeats(tmp_path: Path) -> None:
    calls = [
        ("Read", {"file_path": "/r/shop/pricing.py"}, "1\tdef apply_discount(p, pct):\n2\t    return p", False),
        ("Read", {"file_path": "/r/shop/pricing.py"}, "1\tdef apply_discount(p, pct):\n2\t    return p", False),
        ("Bash", {"command": "git fetch"}, "Exit code 128\nfatal: unable to access", True),
        ("Bash", {"command": "git fetch"}, "", False),
        ("Bash", {"command": "python3 -m pytest -q"}, "Exit code 1\nFAILED t.py::test_a\n1 failed in 0.1s", True),
        ("Bash", {"command": "python3 -m pytest -q"}, "1 passed in 0.1s", False),
        ("Edit", {"file_path": "/r/shop/pricing.py", "old_string": "return p", "new_string": "return p * 2"}, "ok", False),
        ("Bash", {"command": "ls"}, "shop\ntests", False),
    ]
    path = tmp_path / "s.jsonl"
    path.write_text(claude_lines("/r", calls))
    folding = fold(transcript.parse_file(str(path)))
    reasons = {n: f.reason for n, f in folding.folds.items()}
    assert reasons == {1: "low-signal", 2: "duplicate-read", 3: "retried-command", 4: "low-signal",
                       5: "flaky-rerun", 6: "low-signal", 8: "low-signal"}
    assert 7 not in folding.folds and 9 not in folding.folds  # the patch and the final message stay
    report = folding.report()
    assert report["folded"] == 7 and report["steps"] == 9 and report["by_reason"]["flaky-rerun"] == 1
    assert folding.folds[2].same_as == 1 and "pricing.py" in folding.folds[2].summary


# ------------------------------------------------------------------ prior failure reasoning
def test_failure_parsing_finds_test_ids_functions_and_expected_actual() -> None:
    failure = parse_failure(PYTEST_FAILURE, "--tests")
    assert failure.failing == ("tests/test_pricing.py::test_apply_discount",)
    assert "apply_discount" in failure.functions and failure.exceptions == ("AssertionError",)
    assert (failure.expected, failure.actual) == ("180.0", "20.0")
    py = parse_failure('Traceback (most recent call last):\n  File "shop/cart.py", line 9, in total\n'
                       "TypeError: unsupported operand\n", "x")
    assert py.frames == (("shop/cart.py", 9, "total"),) and py.files == ("shop/cart.py",)


@pytest.mark.parametrize("touched, phase", [
    ({"edits": [3], "edited": [3], "seen_failing": None}, "patch"),
    ({"edits": [3], "edited": [], "seen_failing": None}, "localization"),
    ({"edits": [3], "edited": [], "seen_failing": "5"}, "verification"),
])
def test_prior_reasoning_names_the_phase_with_a_rationale(touched: dict, phase: str) -> None:
    prior = prior_reasoning(parse_failure(PYTEST_FAILURE, "--tests"), touched)
    assert prior.phase == phase and "test_apply_discount" in prior.rationale


def test_prior_reasoning_sees_an_environment_failure() -> None:
    text = "E   ModuleNotFoundError: No module named 'yaml'\nERROR tests/test_a.py\n1 error in 0.1s\n"
    assert prior_reasoning(parse_failure(text, "x"), {"edits": [], "edited": []}).phase == "environment"


# ------------------------------------------------------------------ the investigator on recorded trajectories
@pytest.mark.parametrize("name", [
    "claude/wrong_patch_discount.jsonl", "codex/wrong_patch_discount.jsonl", "claude/wrong_function_count.jsonl",
    "claude/ignored_failure_slug.jsonl", "claude/skipped_verification_date.jsonl",
    "claude/environment_error_discount.jsonl", "swe/early_localization_slug.traj",
])
def test_investigator_finds_the_labelled_decisive_step(name: str) -> None:
    label = LABELS[name]
    diag = diagnose_fixture(name)
    assert diag.chosen is not None
    assert (diag.chosen.step, diag.chosen.cause) == (label["decisive_step"], label["cause"])
    assert str(label["decisive_step"]) in diag.justification


def test_long_noisy_session_is_mostly_folded_and_still_diagnosed() -> None:
    diag = diagnose_fixture("claude/long_noisy_count.jsonl")
    report = diag.folding.report()
    assert report["folded"] >= report["steps"] // 2
    assert report["by_reason"].get("retried-command", 0) + report["by_reason"].get("flaky-rerun", 0) >= 1
    assert diag.chosen.step == LABELS["claude/long_noisy_count.jsonl"]["decisive_step"]


def test_skipped_verification_names_the_missing_evidence() -> None:
    diag = diagnose_fixture("codex/skipped_verification_count.jsonl")
    assert diag.chosen.cause == "skipped_verification"
    assert "Missing evidence" in diag.justification and "test run after the last edit" in diag.justification


def test_no_steps_means_no_diagnosis(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text(json.dumps({"type": "user", "message": {"role": "user", "content": "hi"}}) + "\n")
    diag = audit.diagnose(transcript.parse_file(str(path)))
    assert diag.chosen is None and diag.to_json()["step"] is None


# ------------------------------------------------------------------ the LLM investigator (Protocol)
class FakeInvestigator:
    """Implements the Investigator Protocol: expands one folded step, then submits."""

    def __init__(self, step: int) -> None:
        self.step = step
        self.seen: list[str] = []

    def investigate(self, brief: str, tools: audit.Tools) -> None:
        self.seen.append(brief)
        self.seen.append(tools.expand(1))
        tools.submit(self.step, "the grep pattern sent the agent to the wrong module")


def test_llm_investigator_can_expand_folded_steps_and_overrule() -> None:
    fake = FakeInvestigator(step=1)
    diag = diagnose_fixture("claude/wrong_function_count.jsonl", investigator=fake)
    assert "Prior failure reasoning" in fake.seen[0] and "[step 1]" in fake.seen[1]
    assert diag.by == "llm" and diag.chosen.step == 1 and 1 in diag.expanded
    assert "wrong module" in diag.justification
    assert any(c.step == 3 for c in diag.candidates)  # the deterministic choice becomes a runner-up


def test_without_a_configured_endpoint_no_investigator_is_built() -> None:
    from statewise_cli.config.settings import LlmSettings

    ambient = {"OPENAI_BASE_URL": "http://127.0.0.1:9", "STATEWISE_LLM_BASE_URL": "http://127.0.0.1:9"}
    assert audit.investigator_for(LlmSettings(), ambient) is None  # ambient variables never send data
    assert isinstance(audit.investigator_for(LlmSettings(base_url="http://127.0.0.1:9"), {}), audit.OpenAIInvestigator)
    assert isinstance(audit.investigator_for(None, {}, "http://127.0.0.1:9"), audit.OpenAIInvestigator)


# ------------------------------------------------------------------ the statewise link
def test_action_on_a_superseded_record_is_the_decisive_step_with_a_repair(git_repo: Path) -> None:
    store_file = git_repo / ".git" / "statewise" / "store.db"
    with Store.open(str(store_file)) as store:
        store.put("paths.pricing", "shop/legacy_pricing.py", authority="agent", source="agent")
        store.put("paths.pricing", "shop/pricing.py")
    calls = [
        ("Bash", {"command": "git status"}, "", False),
        ("Read", {"file_path": f"{git_repo}/shop/legacy_pricing.py"}, "1\tdef apply_discount(p, pct):", False),
        ("Edit", {"file_path": f"{git_repo}/shop/legacy_pricing.py", "old_string": "p - pct", "new_string": "p"}, "ok", False),
    ]
    path = git_repo.parent / "session.jsonl"
    path.write_text(claude_lines(str(git_repo), calls))
    traj = transcript.parse_file(str(path))
    assert audit.store_for(traj, "/nonexistent") == str(store_file)
    diag = audit.diagnose(traj, tests_text=PYTEST_FAILURE, store_path=str(store_file))
    assert (diag.chosen.step, diag.chosen.cause) == (2, "stale_record")
    assert diag.chosen.repair == "statewise repair --key paths.pricing"
    assert "statewise repair --key paths.pricing" in diag.justification


def test_a_transcript_of_another_repository_is_not_judged_by_this_repositorys_records(git_repo: Path,
                                                                                        tmp_path: Path) -> None:
    """`statewise audit other-session.jsonl` run inside a repository with its own retracted records: the session's
    own directory decides which store is read, and a bare `true` never says that a step rested on a record."""
    store_file = git_repo / ".git" / "statewise" / "store.db"
    with Store.open(str(store_file)) as store:
        store.put("policy.always_open_pull_request", True, type="policy")
        store.forget("policy.always_open_pull_request")
    other = tmp_path / "other"
    other.mkdir()
    calls = [("Bash", {"command": "grep -rn 'def ' . && true"}, "", False),
             ("Edit", {"file_path": f"{other}/app.py", "old_string": "a", "new_string": "b"}, "ok", False)]
    path = tmp_path / "session.jsonl"
    path.write_text(claude_lines(str(other), calls))
    traj = transcript.parse_file(str(path))
    assert audit.store_for(traj, str(git_repo)) is None
    stale, _ = audit.store_rows(str(store_file))
    assert stale == []  # `true` is no value an action can be said to rest on
    assert not audit._mentions("python -m pytest_xdist", "pytest") and audit._mentions("run pytest -q", "pytest")


def test_an_edit_the_gate_flagged_is_a_candidate(git_repo: Path) -> None:
    store_file = git_repo / ".git" / "statewise" / "store.db"
    with Store.open(str(store_file)) as store:
        store.add_decision(session_id="s1", tool_use_id="toolu_1", agent="claude", event="PreToolUse", tool_name="Edit",
                           action=[], decision="context", reason="evidence gap: shop/pricing.py was never read", records=[])
    calls = [("Bash", {"command": "ls"}, "shop", False),
             ("Edit", {"file_path": "shop/cart.py", "old_string": "a", "new_string": "b"}, "ok", False)]
    path = git_repo.parent / "session.jsonl"
    path.write_text(claude_lines(str(git_repo), calls))
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=PYTEST_FAILURE, store_path=str(store_file))
    gap = [c for c in [diag.chosen, *diag.candidates] if c.cause == "gate_gap"]
    assert gap and gap[0].step == 2 and "never read" in gap[0].missing_evidence


def test_a_missing_store_is_tolerated(tmp_path: Path) -> None:
    assert audit.store_rows(str(tmp_path / "none.db")) == ([], [])
    assert audit.store_rows(None) == ([], [])
