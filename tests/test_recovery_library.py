"""The library calls behind `verify`, `repair` and `answer` (the CLI and the hook share them)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swtest import git, run_statewise, store_path

from statewise_cli.config.settings import Settings
from statewise_cli.errors import StatewiseError
from statewise_cli.recovery.answer import answer
from statewise_cli.recovery.repair import correct, repair_key
from statewise_cli.recovery.verify import retrieval_candidates, verify_all
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def open_store(repo: Path) -> Store:
    return Store.open(str(store_path(repo)), find_repo(str(repo)))


def test_verify_all_resolves_and_records_each_active_record(git_repo: Path) -> None:
    git(git_repo, "switch", "-q", "-c", "topic")
    with open_store(git_repo) as store:
        right = store.put("git.current_branch", "topic", source="memory-file:CLAUDE.md:1", authority="document")
        wrong = store.put("git.current_branch", "main", scope="workspace", source="memory-file:CLAUDE.md:2",
                          authority="document")
        outcomes = {res.record.id: res.outcome for res in verify_all(store, Settings(), os.environ)}
        assert outcomes == {right.id: "valid", wrong.id: "defective"}
        assert store.get(wrong.id).validity == "defective"  # persisted, not only returned
        assert verify_all(store, Settings(), os.environ, budget_s=0.0) == []  # a spent budget checks nothing


def test_verify_all_can_repair_what_the_evidence_contradicts(git_repo: Path) -> None:
    git(git_repo, "switch", "-q", "-c", "topic")
    with open_store(git_repo) as store:
        wrong = store.put("git.current_branch", "main", source="memory-file:CLAUDE.md:2", authority="document")
        assert [r.id for r in retrieval_candidates(store)] == [wrong.id]
        verify_all(store, Settings(), os.environ, retrieval_candidates(store), repair_defective=True)
        repaired = [r for r in store.active_records("git.current_branch") if r.id != wrong.id]
        assert [(r.value, r.scope, r.source) for r in repaired] == [("topic", "workspace", "verifier:git.current-branch")]


def test_retrieval_candidates_are_the_unconfirmed_records_in_store_order_and_a_repeated_unknown_adds_no_row(
        git_repo: Path) -> None:
    with open_store(git_repo) as store:
        made = [
            store.put("zz.unknown.fact", "x", source="memory-file:CLAUDE.md:1", authority="document"),
            store.put("policy.review", "two approvals", type="policy", source="memory-file:CLAUDE.md:2",
                      authority="document"),
            store.put("aa.unknown.fact", "y", source="agent", authority="agent"),
            store.put("mm.stated", "z", source="user", authority="developer"),
        ]
        expected = [r.id for r in store.active_records()
                    if (r.validity in ("unchecked", "unresolved") or r.verified_at is None)
                    and not r.key.startswith("policy.") and r.authority != "developer"]
        assert [r.id for r in retrieval_candidates(store)] == expected == [made[2].id, made[0].id]
        assert [r.id for r in retrieval_candidates(store, limit=1)] == [made[2].id]

        def rows() -> int:
            return store.conn.execute("SELECT count(*) FROM verifications WHERE record_id = ?",
                                      (made[0].id,)).fetchone()[0]

        for _ in range(3):  # three prompts: nothing observes the key, the same answer each time
            outcomes = [res.outcome for res in verify_all(store, Settings(), os.environ, retrieval_candidates(store))]
            assert outcomes == ["unresolved", "unresolved"]
        assert rows() == 1 and store.get(made[0].id).validity == "unresolved"


def test_answer_no_retracts_a_policy_and_yes_confirms_it(git_repo: Path) -> None:
    with open_store(git_repo) as store:
        store.put("policy.review", "two approvals", type="policy", source="memory-file:AGENTS.md:3",
                  authority="document")
        yes = answer(store, "policy.review", "Yes")
        assert yes.record is not None and yes.record.value == "two approvals" and yes.record.authority == "developer"
        no = answer(store, "policy.review", "no")
        assert no.record is None and [r.id for r in no.retracted] == [yes.record.id]
        stated = answer(store, "deploy.target", "\"staging\"", scope="branch:main")
        assert (stated.record.value, stated.record.type, stated.record.scope) == ("staging", "intent", "branch:main")
        assert stated.new_key and yes.new_key is False


def test_an_answer_about_a_key_no_record_has_says_so_and_names_close_keys(git_repo: Path) -> None:
    """`answer policy.always_open_a_pull_request yes` where memory holds `policy.always_open_pull_request`: the answer
    is stored (developer intent may be new) and the near-miss is named, so a typo does not pass silently."""
    with open_store(git_repo) as store:
        store.put("policy.always_open_pull_request", "always open a pull request", type="policy",
                  source="memory-file:CLAUDE.md:4", authority="document")
        given = answer(store, "policy.always_open_a_pull_request", "yes")
        assert given.new_key and given.close_keys == ("policy.always_open_pull_request",)
    proc = run_statewise(["answer", "policy.always_open_a_pull_reqest", "yes"], git_repo)
    assert proc.returncode == 0
    assert "no record of policy.always_open_a_pull_reqest existed" in " ".join(proc.stdout.split())
    assert "policy.always_open_pull_request" in proc.stdout


def test_repair_key_of_an_unknown_key_is_a_domain_error_and_correct_supersedes(git_repo: Path) -> None:
    with open_store(git_repo) as store:
        with pytest.raises(StatewiseError) as caught:
            repair_key(store, "command.test", Settings(), os.environ)
        assert caught.value.code == "unknown-key"
        old = store.put("command.test", "make test", source="memory-file:CLAUDE.md:1", authority="document")
        fixed = correct(store, "command.test", "pytest -q", reason="the Makefile is gone")
        assert [r.id for r in fixed.replaced] == [old.id]
        assert (fixed.new.value, fixed.new.authority) == ("pytest -q", "developer")
