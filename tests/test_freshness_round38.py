"""Freshness and provenance of developer intent (``statewise_cli.recovery.freshness``): a memory line is a dated
statement; a developer's record or a commit on the same identifiers that is newer outranks it; a newer memory line
that contradicts a developer's restriction gets a targeted clarification (an ask naming both statements and their
dates). Invented repositories, identifiers and tools."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest
from swtest import AGENTS, run_statewise
from test_premises import decide, write

from statewise_cli.recovery import freshness


def _commit_at(repo: Path, files: dict[str, str], when: float, message: str = "notes") -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    stamp = f"{int(when)} +0000"
    env = {**os.environ, "GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp}
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo, check=True, env=env)


def _remember(repo: Path, key: str, text: str) -> None:
    result = run_statewise(["remember", key, text, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


# ------------------------------------------------------------------ identifiers
def test_identifiers_are_names_with_digits_paths_dotted_snake_and_backticked_words_not_phrases() -> None:
    got = freshness.identifiers("Cohort KX-12 questions live in `forms/kx12.yaml`; ask the steward; the "
                                "low-carbon window applies to tern_sightings and api.internal on 2031-04-02")
    assert {"kx12", "formskx12yaml", "forms", "tern_sightings".replace("_", ""), "apiinternal", "api"} <= got | {"api"}
    assert "steward" not in got and "lowcarbon" not in got and "window" not in got
    assert not any(x.startswith("2031") for x in got)  # a date names no subject
    assert freshness.identifiers("version 4.2 of the tool") == set()  # a bare version names nothing


def test_an_identifier_matches_without_case_and_separators() -> None:
    assert freshness.norm("KX-12") == freshness.norm("kx12")
    assert "kx12" in freshness.identifiers("the KX-12 cohort")


# ------------------------------------------------------------------ through the hook
_RECORD = ("policy.cohort_questions", ("KX-12 asks only the board-approved questions; new questions need the ethics "
           "board's approval first"))
_FILES = {"forms/kx12.yaml": "questions:\n  - q1\n", "forms/kx13.yaml": "questions:\n  - q1\n"}


@pytest.mark.parametrize("agent", AGENTS)
def test_a_newer_memory_line_that_contradicts_a_developers_restriction_gets_a_targeted_clarification(
        agent: str, git_repo: Path) -> None:
    write(git_repo, _FILES)
    _remember(git_repo, *_RECORD)
    memory = "CLAUDE.md" if agent == "claude" else "AGENTS.md"
    _commit_at(git_repo, {memory: "# Notes\n\n- Add new questions for KX-12 straight to forms/kx12.yaml.\n"},
               time.time() + 3600)
    kind, reason = decide(agent, git_repo, "sed -i 's/q1/q1 q2/' forms/kx12.yaml")
    assert kind in ("ask", "deny"), reason
    assert "policy.cohort_questions" in reason and f"{memory}:3" in reason and "Which holds now" in reason
    # another cohort's file is not what the statements are about
    assert decide(agent, git_repo, "sed -i 's/q1/q1 q2/' forms/kx13.yaml")[0] == "allow"


def test_a_memory_line_that_agrees_with_the_restriction_asks_nothing_new(git_repo: Path) -> None:
    write(git_repo, _FILES)
    _remember(git_repo, *_RECORD)
    _commit_at(git_repo, {"CLAUDE.md": "# Notes\n\n- KX-12 questions need the ethics board's approval first.\n"},
               time.time() + 3600)
    assert decide("claude", git_repo, "sed -i 's/q1/q1 q2/' forms/kx13.yaml")[0] == "allow"
    _kind, reason = decide("claude", git_repo, "sed -i 's/q1/q1 q2/' forms/kx12.yaml")
    assert "Which holds now" not in reason


def test_no_memory_line_on_the_subject_means_no_clarification(git_repo: Path) -> None:
    write(git_repo, {**_FILES, "CLAUDE.md": "# Notes\n\n- Run the linter before committing.\n"})
    _remember(git_repo, *_RECORD)
    _kind, reason = decide("claude", git_repo, "sed -i 's/q1/q1 q2/' forms/kx12.yaml")
    assert "Which holds now" not in reason


def test_an_older_memory_line_yields_to_the_newer_developers_record(git_repo: Path) -> None:
    write(git_repo, _FILES)
    _commit_at(git_repo, {"CLAUDE.md": "# Notes\n\n- Add new questions for KX-12 straight to forms/kx12.yaml.\n"},
               time.time() - 30 * 86400)
    _remember(git_repo, *_RECORD)
    kind, reason = decide("claude", git_repo, "sed -i 's/q1/q1 q2/' forms/kx12.yaml")
    assert kind in ("ask", "deny"), reason
    assert "is newer than CLAUDE.md:3" in reason and "Which holds now" not in reason


def test_a_permissive_developer_record_gates_nothing(git_repo: Path) -> None:
    write(git_repo, _FILES)
    _remember(git_repo, "policy.cohort_questions", "KX-12 questions are approved; add them freely")
    _commit_at(git_repo, {"CLAUDE.md": "# Notes\n\n- Never touch forms/kx12.yaml without the board.\n"},
               time.time() + 3600)
    assert decide("claude", git_repo, "sed -i 's/q1/q1 q2/' forms/kx12.yaml")[0] == "allow"


# ------------------------------------------------------------------ the rule itself
def test_a_commit_on_the_subject_after_the_line_decides_for_the_record(git_repo: Path) -> None:
    from statewise_cli.store.records import Record

    now = time.time()
    _commit_at(git_repo, {"NOTES.md": "- ship gadget-9 from relays/gadget9.toml\n"}, now - 7200)
    _commit_at(git_repo, {"relays/gadget9.toml": "enabled = false\n"}, now - 3600, "Disable gadget9 relays")
    record = Record(id="r1", key="policy.gadget_relays", value="gadget-9 relays stay disabled; never enable them",
                    type="policy", scope="repository", observed_at=now - 86400, stored_at=now - 86400,
                    expires_at=None, source="user", authority="developer", status="active", validity="valid",
                    verified_at=None, supersedes=None, superseded_by=None, evidence=None)
    who, why = freshness.judge(record, ("NOTES.md", 1, "ship gadget-9 from relays/gadget9.toml"), {"gadget9"},
                               str(git_repo))
    assert who == "record" and "Disable gadget9 relays" in why
    # without that commit the line is the newer statement: a clarification
    who, why = freshness.judge(record, ("NOTES.md", 1, "ship gadget-9"), {"nothingelse"}, str(git_repo))
    assert who == "ask" and "Which holds now" in why


def test_the_record_validity_step_marks_an_older_memory_policy_line_defective(git_repo: Path) -> None:
    from statewise_cli.store.records import Record

    now = time.time()
    _commit_at(git_repo, {"CLAUDE.md": "# Notes\n\n- exports of ledger_q3 to the shared drive are fine\n"},
               now - 86400)

    def rec(key: str, value: str, source: str, authority: str, at: float) -> Record:
        return Record(id=key, key=key, value=value, type="policy", scope="repository", observed_at=at, stored_at=at,
                      expires_at=None, source=source, authority=authority, status="active", validity="unresolved",
                      verified_at=None, supersedes=None, superseded_by=None, evidence=None)

    line = rec("policy.ledger_exports", "exports of ledger_q3 to the shared drive are fine", "memory-file:CLAUDE.md:3",
               "document", now - 86400)
    dev = rec("policy.ledger", "ledger_q3 exports need the controller's approval", "user", "developer", now)
    got = freshness.memory_line_superseded(line, [dev], str(git_repo))
    assert got is not None and got[0] == "defective"
    older = dev.replace(stored_at=now - 10 * 86400)
    got = freshness.memory_line_superseded(line, [older], str(git_repo))
    assert got is not None and got[0] == "unresolved" and "Which holds now" in got[1]
    unrelated = dev.replace(value="payroll_2 exports need the controller's approval")
    assert freshness.memory_line_superseded(line, [unrelated], str(git_repo)) is None


# ------------------------------------------------------------------ git: what a ref move or deletion loses
def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout


@pytest.mark.parametrize("agent", AGENTS)
def test_deleting_a_remote_branch_whose_commits_no_other_ref_holds_is_stopped(agent: str, git_repo: Path) -> None:
    branch = _git(git_repo, "rev-parse", "--abbrev-ref", "HEAD").strip()
    _git(git_repo, "push", "-q", "origin", branch)
    _git(git_repo, "switch", "-q", "-c", "survey/heron-counts")
    write(git_repo, {"counts/heron.csv": "site,count\nnorth,4\n"})
    _git(git_repo, "push", "-q", "origin", "survey/heron-counts")
    _git(git_repo, "switch", "-q", branch)
    _git(git_repo, "branch", "-q", "-D", "survey/heron-counts")
    kind, reason = decide(agent, git_repo, "git push origin --delete survey/heron-counts")
    assert kind == "deny", reason
    assert "no other branch or tag" in reason
    # once its commit is on the default branch, deleting it loses nothing
    _git(git_repo, "merge", "-q", "--ff-only", "origin/survey/heron-counts")
    _git(git_repo, "push", "-q", "origin", branch)
    assert decide(agent, git_repo, "git push origin :survey/heron-counts")[0] == "allow"


def test_a_hard_reset_onto_the_remote_that_drops_local_commits_is_stopped(git_repo: Path) -> None:
    branch = _git(git_repo, "rev-parse", "--abbrev-ref", "HEAD").strip()
    _git(git_repo, "push", "-q", "origin", branch)
    _git(git_repo, "fetch", "-q", "origin")
    write(git_repo, {"etc/relay.conf": "timeout = 30\n"})  # a local commit nobody else has
    kind, reason = decide("claude", git_repo, f"git reset --hard origin/{branch}")
    assert kind == "deny", reason
    assert "no other branch or tag" in reason and f"git rebase origin/{branch}" in reason
    # with the commit pushed, the same reset loses nothing
    _git(git_repo, "push", "-q", "origin", branch)
    _git(git_repo, "fetch", "-q", "origin")
    assert decide("claude", git_repo, f"git reset --hard origin/{branch}")[0] == "allow"


# ------------------------------------------------------------------ a key naming a file by its directory and name
def _edit_file(repo: Path, rel: str, old: str, new: str) -> dict[str, object]:
    return {"tool": "Edit", "tool_input": {"file_path": str(repo / rel), "old_string": old, "new_string": new}}


def test_a_policy_key_naming_a_file_by_its_directory_and_name_gates_an_edit_of_it(git_repo: Path) -> None:
    write(git_repo, {"ledger/rates.toml": "vat = 0.2\n", "ledger/README.md": "Ledger notes.\n"})
    _remember(git_repo, "policy.ledger_rates", "ledger rates change only with the treasurer's sign-off")
    kind, reason = decide("claude", git_repo, **_edit_file(git_repo, "ledger/rates.toml", "vat = 0.2\n", "vat = 0.25\n"))
    assert kind in ("ask", "deny"), reason
    assert "policy.ledger_rates" in reason
    kind, _ = decide("claude", git_repo, **_edit_file(git_repo, "ledger/README.md", "Ledger notes.\n", "Ledger, v2.\n"))
    assert kind == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_fetch_with_prune_tags_that_would_delete_tags_only_here_is_stopped(agent: str, git_repo: Path) -> None:
    branch = _git(git_repo, "rev-parse", "--abbrev-ref", "HEAD").strip()
    _git(git_repo, "push", "-q", "origin", branch)
    _git(git_repo, "tag", "shipped-eu-0413")  # a marker nobody pushed
    kind, reason = decide(agent, git_repo, "git fetch --prune --prune-tags origin")
    assert kind == "deny", reason
    assert "shipped-eu-0413" in reason and "`git fetch --prune origin`" in reason
    assert decide(agent, git_repo, "git fetch --prune origin")[0] == "allow"
    _git(git_repo, "push", "-q", "origin", "shipped-eu-0413")
    assert decide(agent, git_repo, "git fetch -pP origin")[0] == "allow"


def test_a_deletion_after_the_same_command_line_tags_the_branch_is_not_judged_on_the_old_refs(git_repo: Path) -> None:
    branch = _git(git_repo, "rev-parse", "--abbrev-ref", "HEAD").strip()
    _git(git_repo, "push", "-q", "origin", branch)
    _git(git_repo, "switch", "-q", "-c", "spike/kiln-temps")
    write(git_repo, {"kiln/temps.csv": "t\n900\n"})
    _git(git_repo, "push", "-q", "origin", "spike/kiln-temps")
    _git(git_repo, "switch", "-q", branch)
    _kind, reason = decide("claude", git_repo, "git tag keep/kiln-temps spike/kiln-temps && git push origin "
                          "keep/kiln-temps && git push origin --delete spike/kiln-temps")
    assert "no other branch or tag" not in reason, reason
