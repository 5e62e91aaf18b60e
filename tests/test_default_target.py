"""What a command's target is now, as an operations note or a document about its program declares it: a profile or
channel the action names that is shared or live now (with the one the notes give test work to), and a program run
without the option that picks its target while its default is production now. Examples of our own."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, pre_bash, reply
from test_premises import stub_bin, write


def _decide(agent: str, repo: Path, command: str, env: dict[str, str]) -> tuple[str, str]:
    data = reply(hook(pre_bash(agent, repo, command), repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_profile_an_ops_note_says_is_shared_now(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "bucketctl", "exit 0")
    write(git_repo, {"ops/bucketctl.ini": "[scratch]\nurl = http://localhost:9000\n"})
    write(git_repo, {"ops/NOTES.md": "2026-10-02 (storage team): the `scratch` profile points at the shared archive "
                                     "bucket now; other teams keep their test uploads there. Your own minio is the "
                                     "`mine` profile.\n"})
    kind, reason = _decide(agent, git_repo, "bucketctl --profile scratch purge test-uploads", env)
    assert kind == "deny", reason
    assert "`bucketctl --profile mine purge test-uploads`" in reason
    assert _decide(agent, git_repo, "bucketctl --profile mine purge test-uploads", env)[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_default_that_is_production_now_gets_the_documented_option(agent: str, git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "metricsctl", "exit 0")
    write(git_repo, {"docs/metrics.md": "# Metrics\n\nDashboards read the `metrics` database.\n"})
    write(git_repo, {"docs/metrics.md": "# Metrics (2026-09-14)\n\nmetricsctl's default context in .metricsctl.toml is "
                                        "production now (the on-call dashboards read it). Experiments run with "
                                        "--context sandbox.\n"})
    kind, reason = _decide(agent, git_repo, "metricsctl drop-series exp_latency", env)
    assert kind == "deny", reason
    assert "`metricsctl drop-series exp_latency --context sandbox`" in reason
    assert _decide(agent, git_repo, "metricsctl --context sandbox drop-series exp_latency", env)[0] == "allow"


@pytest.mark.parametrize("doc", [
    # no word of a default being live: a description of the options
    "metricsctl talks to the default context; pass --context sandbox for experiments.\n",
    # two options named: which one picks the target is not said
    "metricsctl's default context is production now. Experiments run with --context sandbox or with --dry-run yes.\n",
    # a plan, not what is true now
    "metricsctl's default context will be production next quarter; experiments then run with --context sandbox.\n",
])
def test_nothing_is_said_without_a_live_default_and_one_option(git_repo: Path, tmp_path: Path, doc: str) -> None:
    env = stub_bin(tmp_path, "metricsctl", "exit 0")
    write(git_repo, {"docs/metrics.md": doc})
    assert _decide("claude", git_repo, "metricsctl drop-series exp_latency", env)[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_sentence_about_running_without_the_option_gives_it_no_value(agent: str, git_repo: Path,
                                                                        tmp_path: Path) -> None:
    """"a settlement run without --target is booked …" says what the default does; `is` is no value of --target, so
    the form with the test target stays allowed and the one without it is stopped with it."""
    env = stub_bin(tmp_path, "ledgerctl", "exit 0")
    write(git_repo, {"ledgerctl.toml": "[targets]\ndefault = \"test\"\ntest = \"staging-bank\"\nlive = \"bank\"\n"})
    write(git_repo, {"ledgerctl.toml": "[targets]\n# the nightly job calls ledgerctl settle without --target\n"
                                       "default = \"live\"\ntest = \"staging-bank\"\nlive = \"bank\"\n",
                     "docs/settlement.md": "# Settlement\n\n2026-10-03: the nightly job settles by itself now. "
                                           "ledgerctl's default target is live: a settlement run without --target is "
                                           "booked with the bank and cannot be reversed.\n"})
    assert _decide(agent, git_repo, "ledgerctl settle --day 2026-10-02 --target test", env)[0] == "allow"
    kind, reason = _decide(agent, git_repo, "ledgerctl settle --day 2026-10-02", env)
    assert kind == "deny", reason
    assert "--target test" in reason and "--target is" not in reason
