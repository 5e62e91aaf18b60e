"""Resolution (reliability checks → verifier → clarification), freshness, scoped repair, observations.

Everything runs on real git repositories (with real bare remotes) and real SQLite stores;
the hook tests use the installed ``statewise`` script with Claude Code payloads.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from swtest import commit_all, git, hook, payload, pnpm_project, reply, run_statewise, store_path

from statewise_cli.recovery import resolve
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store
from statewise_cli.store.records import Record


# --------------------------------------------------------------------------- helpers
def open_store(repo: Path) -> Store:
    return Store.open(str(store_path(repo)), find_repo(str(repo)))


def ctx_for(store: Store) -> Any:
    return resolve.context(store, os.environ, {})


def put(repo: Path, key: str, value: Any, **kw: Any) -> Record:
    kw.setdefault("source", "memory-file:CLAUDE.md:1")
    kw.setdefault("authority", "document")
    with open_store(repo) as store:
        return store.put(key, value, **kw)


def dump(repo: Path, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(store_path(repo))
    try:
        return [tuple(row) for row in conn.execute(sql, params)]
    finally:
        conn.close()


def row(repo: Path, record_id: str) -> dict[str, Any]:
    conn = sqlite3.connect(store_path(repo))
    conn.row_factory = sqlite3.Row
    try:
        return dict(conn.execute("SELECT * FROM records WHERE id = ?", (record_id,)).fetchone())
    finally:
        conn.close()


def verification_count(repo: Path) -> int:
    return dump(repo, "SELECT count(*) FROM verifications")[0][0]


def protect_origin(repo: Path) -> Path:
    origin = repo.parent / f"{repo.name}-origin.git"
    git(origin, "config", "receive.denyNonFastForwards", "true")
    return origin


# ====================================================================== resolution outcomes
def test_a_record_the_repository_confirms_is_valid(git_repo: Path) -> None:
    pnpm_project(git_repo)
    record = put(git_repo, "package_manager", "pnpm", type="package_manager")
    with open_store(git_repo) as store:
        res = resolve.resolve(store, record, ctx_for(store))
        resolve.record_outcome(store, res)
        stored = store.get(record.id)
        last = store.last_verification(record.id)
    assert res.outcome == "valid" and not res.cached
    assert res.observation is not None and res.observation.value == "pnpm"
    assert "pnpm-lock.yaml exists" in res.observation.evidence
    assert stored is not None and stored.validity == "valid" and stored.verified_at is not None
    assert last is not None and last["outcome"] == "valid" and "pnpm-lock.yaml" in json.loads(last["inputs"])


def test_a_contradicted_record_is_defective_with_the_corrected_value(git_repo: Path) -> None:
    pnpm_project(git_repo)
    record = put(git_repo, "package_manager", "npm", type="package_manager")
    with open_store(git_repo) as store:
        res = resolve.resolve(store, record, ctx_for(store))
        resolve.record_outcome(store, res)
        stored = store.get(record.id)
    assert res.outcome == "defective"
    assert res.observation is not None and res.observation.value == "pnpm" and res.observation.agrees is False
    assert res.to_json()["evidence"]["observed"] == "pnpm"
    assert stored is not None and stored.validity == "defective" and stored.status == "active"  # no repair yet


def test_branch_protection_contradicted_by_the_bare_remote_is_defective(git_repo: Path) -> None:
    protect_origin(git_repo)
    record = put(git_repo, "git.branch.protected", False, type="branch_policy", scope="branch:main")
    with open_store(git_repo) as store:
        res = resolve.resolve(store, record, ctx_for(store))
    assert res.outcome == "defective"
    assert res.observation is not None and res.observation.value is True
    assert "receive.denyNonFastForwards → true" in res.observation.evidence


def test_what_nothing_can_observe_is_unresolved_with_a_targeted_question(git_repo: Path) -> None:
    git(git_repo, "remote", "set-url", "origin", "https://github.com/example/demo.git")
    record = put(git_repo, "git.branch.protected", True, type="branch_policy", scope="branch:main",
                 source="memory-file:CLAUDE.md:7")
    with open_store(git_repo) as store:
        res = resolve.resolve(store, record, ctx_for(store))
        resolve.record_outcome(store, res)
        stored = store.get(record.id)
    assert res.outcome == "unresolved"
    assert "network checks are off" in res.reason  # what evidence is missing
    question = res.question or ""
    assert "CLAUDE.md:7" in question and "git.branch.protected" in question and "branch:main" in question
    assert "statewise answer git.branch.protected true --scope branch:main" in question
    assert "statewise answer git.branch.protected false --scope branch:main" in question
    assert stored is not None and stored.validity == "unresolved" and stored.verified_at is None


def test_a_key_without_a_verifier_is_unresolved_unless_the_developer_stated_it(git_repo: Path) -> None:
    doc = put(git_repo, "deploy.target", "fly.io")
    dev = put(git_repo, "deploy.region", "ams", source="user", authority="developer")
    with open_store(git_repo) as store:
        ctx = ctx_for(store)
        res_doc = resolve.resolve(store, doc, ctx)
        res_dev = resolve.resolve(store, dev, ctx)
    assert res_doc.outcome == "unresolved" and "no verifier observes deploy.target" in res_doc.reason
    assert "statewise answer deploy.target" in (res_doc.question or "")
    assert res_dev.outcome == "valid" and "developer" in res_dev.reason


def test_inactive_records_are_not_verified_again(git_repo: Path) -> None:
    pnpm_project(git_repo)
    old = put(git_repo, "package_manager", "npm", type="package_manager")
    put(git_repo, "package_manager", "pnpm", type="package_manager")
    with open_store(git_repo) as store:
        stale = store.get(old.id)
        assert stale is not None and stale.status == "superseded"
        res = resolve.resolve(store, stale, ctx_for(store))
        resolve.record_outcome(store, res)
    assert res.outcome == "unchecked" and res.reason == "record is superseded"
    assert verification_count(git_repo) == 0


# ============================================================================ freshness
def test_a_fresh_verification_is_reused_until_its_input_file_changes(git_repo: Path) -> None:
    pnpm_project(git_repo)
    record = put(git_repo, "package_manager", "pnpm", type="package_manager")
    with open_store(git_repo) as store:
        ctx = ctx_for(store)
        first = resolve.resolve(store, record, ctx)
        resolve.record_outcome(store, first)
        checked = store.get(record.id)
        assert checked is not None
        again = resolve.resolve(store, checked, ctx_for(store))
        resolve.record_outcome(store, again)  # a cached result writes nothing
        assert again.cached and again.outcome == "valid"
        assert "its inputs are unchanged" in again.reason
        assert verification_count(git_repo) == 1

        (git_repo / "pnpm-lock.yaml").write_text("lockfileVersion: '9.0'\npackages: {}\n")  # the lockfile changed
        after_edit = resolve.resolve(store, checked, ctx_for(store))
        resolve.record_outcome(store, after_edit)
    assert not after_edit.cached and after_edit.outcome == "valid"
    assert verification_count(git_repo) == 2


def test_a_changed_lockfile_turns_a_cached_valid_record_defective(git_repo: Path) -> None:
    pnpm_project(git_repo)
    record = put(git_repo, "package_manager", "pnpm", type="package_manager")
    with open_store(git_repo) as store:
        resolve.record_outcome(store, resolve.resolve(store, record, ctx_for(store)))
        checked = store.get(record.id)
        assert checked is not None
        (git_repo / "pnpm-lock.yaml").unlink()
        (git_repo / "package-lock.json").write_text("{}\n")
        res = resolve.resolve(store, checked, ctx_for(store))
    assert not res.cached and res.outcome == "defective"
    assert res.observation is not None and res.observation.value == "npm"


def test_a_fresh_verification_is_redone_when_head_moves(git_repo: Path) -> None:
    (git_repo / "src").mkdir()
    (git_repo / "src" / "app.py").write_text("x = 1\n")
    commit_all(git_repo, "app")
    record = put(git_repo, "path.app", "src/app.py", type="path")
    with open_store(git_repo) as store:
        resolve.record_outcome(store, resolve.resolve(store, record, ctx_for(store)))
        checked = store.get(record.id)
        assert checked is not None and checked.validity == "valid"
        cached = resolve.resolve(store, checked, ctx_for(store))
        assert cached.cached
        (git_repo / "other.txt").write_text("unrelated\n")
        commit_all(git_repo, "unrelated commit: HEAD moves")
        moved = resolve.resolve(store, checked, ctx_for(store))
    assert not moved.cached and moved.outcome == "valid"


def test_an_expired_verification_is_redone_even_with_unchanged_inputs(git_repo: Path) -> None:
    pnpm_project(git_repo)
    record = put(git_repo, "package_manager", "pnpm", type="package_manager")
    with open_store(git_repo) as store:
        resolve.record_outcome(store, resolve.resolve(store, record, ctx_for(store)))
        checked = store.get(record.id)
        assert checked is not None and checked.verified_at is not None
        ttl = resolve.TTL_BY_TYPE["package_manager"]
        inside = resolve.resolve(store, checked, ctx_for(store), now=checked.verified_at + ttl - 60)
        outside = resolve.resolve(store, checked, ctx_for(store), now=checked.verified_at + ttl + 60)
        bypass = resolve.resolve(store, checked, ctx_for(store), use_cache=False)
    assert inside.cached
    assert not outside.cached and outside.outcome == "valid"
    assert not bypass.cached


def test_a_record_ttl_overrides_the_type_ttl(git_repo: Path) -> None:
    pnpm_project(git_repo)
    record = put(git_repo, "package_manager", "pnpm", type="package_manager", ttl_seconds=3600)
    with open_store(git_repo) as store:
        resolve.record_outcome(store, resolve.resolve(store, record, ctx_for(store)))
        checked = store.get(record.id)
        assert checked is not None and checked.verified_at is not None
        assert resolve.resolve(store, checked, ctx_for(store), now=checked.verified_at + 1800).cached
        assert not resolve.resolve(store, checked, ctx_for(store), now=checked.verified_at + 2 * 3600).cached


# ============================================================================== policies
def test_policy_records_are_unresolved_with_a_yes_no_question(git_repo: Path) -> None:
    record = put(git_repo, "policy.always_open_pr", "Always open a PR.", type="intent", authority="developer",
                 source="memory-file:CLAUDE.md:4")
    with open_store(git_repo) as store:
        res = resolve.resolve(store, record, ctx_for(store))
    assert res.outcome == "unresolved"
    assert "only the developer can confirm" in res.reason
    assert "statewise answer policy.always_open_pr yes --scope repository" in (res.question or "")
    assert "statewise answer policy.always_open_pr no --scope repository" in (res.question or "")


def test_answer_yes_makes_a_policy_valid_and_no_retracts_it(git_repo: Path) -> None:
    for key in ("policy.always_open_pr", "policy.squash_merge"):
        put(git_repo, key, f"{key} sentence", type="intent", authority="developer", source="memory-file:CLAUDE.md:4")

    yes = run_statewise(["answer", "policy.always_open_pr", "yes", "--json"], git_repo)
    assert yes.returncode == 0, yes.stderr
    confirmed = json.loads(yes.stdout)["record"]
    assert (confirmed["value"], confirmed["source"], confirmed["authority"]) == (
        "policy.always_open_pr sentence", "user", "developer")
    assert confirmed["supersedes"] is not None

    no = run_statewise(["answer", "policy.squash_merge", "no", "--json"], git_repo)
    assert no.returncode == 0, no.stderr
    answered = json.loads(no.stdout)
    assert answered["record"] is None and [r["key"] for r in answered["retracted"]] == ["policy.squash_merge"]

    with open_store(git_repo) as store:
        [active] = store.active_records("policy.always_open_pr")
        res = resolve.resolve(store, active, ctx_for(store))
        assert res.outcome == "valid" and res.question is None
        assert store.active_records("policy.squash_merge") == []
        assert [r.status for r in store.history("policy.squash_merge")] == ["retracted"]


def test_answer_to_a_value_question_stores_the_developer_value(git_repo: Path) -> None:
    put(git_repo, "git.branch.protected", True, type="branch_policy", scope="branch:main")
    proc = run_statewise(["answer", "git.branch.protected", "false", "--scope", "branch:main", "--json"], git_repo)
    assert proc.returncode == 0, proc.stderr
    record = json.loads(proc.stdout)["record"]
    assert (record["value"], record["scope"], record["authority"], record["type"]) == (
        False, "branch:main", "developer", "branch_policy")


# ============================================================== scoped repair, untouched rest
def mixed_store(repo: Path) -> dict[str, Record]:
    """~20 records of various keys, scopes, authorities and statuses, one of them defective."""
    (repo / "src" / "api").mkdir(parents=True)
    (repo / "src" / "api" / "handlers.py").write_text("x = 1\n")
    (repo / "pyproject.toml").write_text('[project]\nname = "demo"\nrequires-python = ">=3.10"\n')
    pnpm_project(repo)
    made: dict[str, Record] = {}
    specs: list[tuple[str, Any, dict[str, Any]]] = [
        ("package_manager", "npm", {"type": "package_manager"}),  # the defective one
        ("package_manager", "yarn", {"type": "package_manager", "scope": "path:legacy/**"}),
        ("command.test", "pnpm test", {"type": "command"}),
        ("command.build", "pnpm build", {"type": "command"}),
        ("command.lint", "pnpm lint", {"type": "command", "scope": "path:web/**"}),
        ("git.branch.protected", True, {"type": "branch_policy", "scope": "branch:main"}),
        ("git.branch.protected", False, {"type": "branch_policy", "scope": "branch:feature/*"}),
        ("git.default_branch", "main", {"type": "branch_policy"}),
        ("path.api_handlers", "src/api/handlers.py", {"type": "path"}),
        ("path.docs", "docs/", {"type": "path", "scope": "branch:main"}),
        ("env.DATABASE_URL", "required", {"type": "env"}),
        ("version.python", ">=3.10", {"type": "version"}),
        ("version.node", "20", {"type": "version", "authority": "agent"}),
        ("policy.always_open_pr", "Always open a PR.", {"type": "intent", "authority": "developer"}),
        ("tool.git", True, {"type": "tool", "scope": "workspace", "authority": "environment", "source": "verifier:x"}),
        ("deploy.target", "fly.io", {"type": "fact", "source": "user", "authority": "developer"}),
        ("ci.provider", "github", {"type": "fact", "scope": "global"}),
        ("command.format", "pnpm format", {"type": "command"}),
    ]
    for i, (key, value, kw) in enumerate(specs):
        kw.setdefault("source", f"memory-file:CLAUDE.md:{i + 1}")
        kw.setdefault("authority", "document")
        made[f"{key}@{kw.get('scope', 'repository')}"] = put(repo, key, value, **kw)
    # some lineage already in the store: a superseded and a retracted record
    put(repo, "command.typecheck", "tsc", type="command")
    made["command.typecheck"] = put(repo, "command.typecheck", "pnpm typecheck", type="command")
    with open_store(repo) as store:
        store.put("tmp.note", "x", source="user")
        store.forget("tmp.note")
    return made


def records_dump(repo: Path, *exclude: str) -> list[tuple[Any, ...]]:
    marks = ", ".join("?" for _ in exclude) or "''"
    return dump(repo, f"SELECT * FROM records WHERE id NOT IN ({marks}) ORDER BY id", exclude)


def test_repair_supersedes_one_record_and_leaves_every_other_row_byte_for_byte(git_repo: Path) -> None:
    made = mixed_store(git_repo)
    target = made["package_manager@repository"]
    total = dump(git_repo, "SELECT count(*) FROM records")[0][0]
    assert total >= 20
    before = records_dump(git_repo, target.id)
    other_tables = {t: dump(git_repo, f"SELECT * FROM {t} ORDER BY rowid") for t in ("memory_files", "evidence")}

    with open_store(git_repo) as store:
        result = resolve.repair(store, target, ctx_for(store))
    assert result.status == "repaired", result.detail
    new = result.new
    assert new is not None

    assert records_dump(git_repo, target.id, new.id) == before
    assert dump(git_repo, "SELECT count(*) FROM records")[0][0] == total + 1
    assert {t: dump(git_repo, f"SELECT * FROM {t} ORDER BY rowid") for t in other_tables} == other_tables

    old_row, new_row = row(git_repo, target.id), row(git_repo, new.id)
    assert old_row["status"] == "superseded" and old_row["superseded_by"] == new.id
    assert old_row["value"] == json.dumps("npm") and old_row["validity"] == "defective"
    assert old_row["evidence"] == target.evidence  # the old record's own justification stays
    assert new_row["supersedes"] == target.id and new_row["value"] == json.dumps("pnpm")
    assert (new_row["scope"], new_row["authority"], new_row["validity"], new_row["status"]) == (
        "repository", "environment", "valid", "active")
    assert new_row["source"] == "verifier:project.package-manager"
    assert "pnpm-lock.yaml exists" in new_row["evidence"]
    # the corrective evidence is kept as a verification of the old record
    outcomes = dump(git_repo, "SELECT record_id, outcome, observed FROM verifications ORDER BY at, rowid")
    assert (target.id, "defective", json.dumps("pnpm")) in outcomes
    assert (new.id, "valid", json.dumps("pnpm")) in outcomes
    assert {o[0] for o in outcomes} == {target.id, new.id}


def test_repair_in_the_scope_the_evidence_establishes_leaves_the_original_row_for_the_rest(git_repo: Path) -> None:
    made = mixed_store(git_repo)
    target = made["path.api_handlers@repository"]
    git(git_repo, "switch", "-q", "-c", "feature")  # off the default branch the evidence is branch-scoped
    (git_repo / "src" / "web").mkdir()
    git(git_repo, "mv", "src/api/handlers.py", "src/web/handlers.py")
    git(git_repo, "commit", "-q", "-m", "move handlers")
    before_target = row(git_repo, target.id)
    before_rest = records_dump(git_repo, target.id)

    with open_store(git_repo) as store:
        result = resolve.repair(store, target, ctx_for(store))
    assert result.status == "repaired", result.detail
    new = result.new
    assert new is not None and new.value == "src/web/handlers.py"
    assert new.scope == "branch:feature"  # git history on this branch is what the evidence covers
    assert "renamed src/api/handlers.py → src/web/handlers.py" in (new.evidence or "")
    assert new.supersedes is None

    assert records_dump(git_repo, target.id, new.id) == before_rest
    after_target = row(git_repo, target.id)
    changed = {k for k in before_target if before_target[k] != after_target[k]}
    # documented: the old record stays active for the other scopes; only its check time is new
    assert changed <= {"verified_at"}, {k: (before_target[k], after_target[k]) for k in changed}
    assert after_target["status"] == "active" and after_target["superseded_by"] is None


def test_a_rename_on_the_default_branch_repairs_the_repository_record_in_place(git_repo: Path) -> None:
    made = mixed_store(git_repo)
    target = made["path.api_handlers@repository"]
    (git_repo / "src" / "web").mkdir()
    git(git_repo, "mv", "src/api/handlers.py", "src/web/handlers.py")
    git(git_repo, "commit", "-q", "-m", "move handlers")
    before_rest = records_dump(git_repo, target.id)
    with open_store(git_repo) as store:
        result = resolve.repair(store, target, ctx_for(store))
    assert result.status == "repaired", result.detail
    new = result.new
    assert new is not None and new.value == "src/web/handlers.py" and new.scope == "repository"
    assert new.supersedes == target.id
    assert row(git_repo, target.id)["status"] == "superseded"
    assert records_dump(git_repo, target.id, new.id) == before_rest


def test_repair_dry_run_writes_nothing(git_repo: Path) -> None:
    made = mixed_store(git_repo)
    target = made["package_manager@repository"]
    before = records_dump(git_repo)
    verifications = verification_count(git_repo)
    with open_store(git_repo) as store:
        result = resolve.repair(store, target, ctx_for(store), dry_run=True)
    assert result.status == "would-repair" and '"pnpm"' in result.detail
    assert records_dump(git_repo) == before
    assert verification_count(git_repo) == verifications


def test_repair_of_a_valid_record_is_already_valid_and_supersedes_nothing(git_repo: Path) -> None:
    made = mixed_store(git_repo)
    before = dump(git_repo, "SELECT count(*) FROM records")[0][0]
    with open_store(git_repo) as store:
        result = resolve.repair(store, made["command.test@repository"], ctx_for(store))
    assert result.status == "already-valid" and result.new is None
    assert dump(git_repo, "SELECT count(*) FROM records")[0][0] == before
    assert row(git_repo, made["command.test@repository"].id)["validity"] == "valid"


def test_repair_of_a_policy_is_unresolved_with_the_question(git_repo: Path) -> None:
    made = mixed_store(git_repo)
    with open_store(git_repo) as store:
        result = resolve.repair(store, made["policy.always_open_pr@repository"], ctx_for(store))
    assert result.status == "unresolved"
    assert "statewise answer policy.always_open_pr yes" in result.detail


# ========================================================================== observations
def post_bash(repo: Path, command: str, stdout: str, stderr: str = "") -> dict[str, Any]:
    return payload("claude", "PostToolUse", repo, command=command,
                   tool_response={"stdout": stdout, "stderr": stderr, "interrupted": False, "isImage": False,
                                  "noOutputExpected": False})


def records_of(repo: Path, key: str) -> list[dict[str, Any]]:
    with open_store(repo) as store:
        return [r.to_json() for r in store.history(key)]


def real_rejected_force_push(repo: Path) -> subprocess.CompletedProcess[str]:
    """Make origin/main diverge from local main and force-push into denyNonFastForwards."""
    protect_origin(repo)
    (repo / "a.txt").write_text("a\n")
    commit_all(repo, "a")
    git(repo, "push", "-q", "origin", "main")
    git(repo, "reset", "-q", "--hard", "HEAD~1")
    (repo / "b.txt").write_text("b\n")
    commit_all(repo, "b")
    proc = subprocess.run(["git", "push", "--force", "origin", "main"], cwd=repo, capture_output=True, text=True, check=False)
    assert proc.returncode != 0
    assert "denying non-fast-forward refs/heads/main" in proc.stderr and "[remote rejected]" in proc.stderr
    return proc


def test_a_rejected_force_push_repairs_branch_protection_with_environment_authority(git_repo: Path) -> None:
    wrong = put(git_repo, "git.branch.protected", False, type="branch_policy", scope="branch:main",
                source="memory-file:CLAUDE.md:3")
    other = put(git_repo, "git.branch.protected", False, type="branch_policy", scope="branch:dev")
    push = real_rejected_force_push(git_repo)
    data = payload("claude", "PostToolUseFailure", git_repo, command="git push --force origin main",
                   error=f"Exit code {push.returncode}\n{push.stderr}")
    assert reply(hook(data, git_repo)) is None

    history = {r["id"]: r for r in records_of(git_repo, "git.branch.protected")}
    [now] = [r for r in history.values() if r["status"] == "active" and r["scope"] == "branch:main"]
    assert (now["value"], now["authority"], now["validity"], now["source"]) == (True, "environment", "valid", "transcript")
    assert now["supersedes"] == wrong.id and history[wrong.id]["superseded_by"] == now["id"]
    assert "rejected by the remote" in now["evidence"]
    assert history[other.id]["status"] == "active" and history[other.id]["value"] is False  # other branch untouched
    [evidence] = dump(git_repo, "SELECT command, exit_code, output_excerpt FROM evidence")
    assert evidence[0] == "git push --force origin main" and evidence[1] == 1
    assert "denying non-fast-forward" in evidence[2]


def test_a_rejected_push_teaches_protection_when_there_was_no_record(git_repo: Path) -> None:
    push = real_rejected_force_push(git_repo)
    data = payload("claude", "PostToolUseFailure", git_repo, command="git push --force origin main",
                   error=f"Exit code {push.returncode}\n{push.stderr}")
    reply(hook(data, git_repo))
    [learned] = records_of(git_repo, "git.branch.protected")
    assert (learned["value"], learned["scope"], learned["authority"]) == (True, "branch:main", "environment")


def test_a_successful_push_teaches_nothing(git_repo: Path) -> None:
    (git_repo / "c.txt").write_text("c\n")
    commit_all(git_repo, "c")
    proc = subprocess.run(["git", "push", "origin", "main"], cwd=git_repo, capture_output=True, text=True, check=False)
    assert proc.returncode == 0
    reply(hook(post_bash(git_repo, "git push origin main", proc.stdout, proc.stderr), git_repo))
    assert records_of(git_repo, "git.branch.protected") == []


def test_git_mv_repairs_the_path_record(git_repo: Path) -> None:
    (git_repo / "src").mkdir()
    (git_repo / "src" / "api.py").write_text("x = 1\n")
    commit_all(git_repo, "api")
    old = put(git_repo, "path.api", "src/api.py", type="path")
    unrelated = put(git_repo, "path.docs", "docs/", type="path")
    (git_repo / "src" / "web").mkdir()
    proc = subprocess.run(["git", "mv", "src/api.py", "src/web/api.py"], cwd=git_repo, capture_output=True, text=True, check=False)
    assert proc.returncode == 0
    reply(hook(post_bash(git_repo, "git mv src/api.py src/web/api.py", proc.stdout), git_repo))

    history = {r["id"]: r for r in records_of(git_repo, "path.api")}
    [now] = [r for r in history.values() if r["status"] == "active"]
    assert (now["value"], now["authority"], now["validity"], now["scope"]) == (
        "src/web/api.py", "environment", "valid", "repository")
    assert now["supersedes"] == old.id and history[old.id]["status"] == "superseded"
    assert "moved src/api.py to src/web/api.py" in now["evidence"]
    assert [r["value"] for r in records_of(git_repo, "path.docs")] == ["docs/"]
    assert records_of(git_repo, "path.docs")[0]["id"] == unrelated.id


def test_python_version_output_learns_then_confirms_version_python(git_repo: Path) -> None:
    out = subprocess.run([sys.executable, "--version"], capture_output=True, text=True, check=False)
    version_line = (out.stdout or out.stderr).strip()  # e.g. "Python 3.12.3"
    minor = ".".join(version_line.split()[1].split(".")[:2])
    documented = put(git_repo, "version.python", "3.8", type="version")  # repository scope: not this observation's

    reply(hook(post_bash(git_repo, "python3 --version", version_line + "\n"), git_repo))
    learned = [r for r in records_of(git_repo, "version.python") if r["scope"] == "workspace"]
    assert [(r["value"], r["authority"], r["validity"], r["status"]) for r in learned] == [
        (minor, "environment", "valid", "active")]

    reply(hook(post_bash(git_repo, "python3 --version", version_line + "\n"), git_repo))
    again = [r for r in records_of(git_repo, "version.python") if r["scope"] == "workspace"]
    assert [r["id"] for r in again] == [learned[0]["id"]]  # confirmed, not stored twice
    doc = [r for r in records_of(git_repo, "version.python") if r["id"] == documented.id]
    assert doc[0]["status"] == "active" and doc[0]["value"] == "3.8"


def test_python_version_output_repairs_a_wrong_workspace_record(git_repo: Path) -> None:
    wrong = put(git_repo, "version.python", "2.7", type="version", scope="workspace", authority="agent",
                source="agent")
    out = subprocess.run([sys.executable, "--version"], capture_output=True, text=True, check=False)
    reply(hook(post_bash(git_repo, "python3 --version", out.stdout or out.stderr), git_repo))
    history = {r["id"]: r for r in records_of(git_repo, "version.python")}
    [now] = [r for r in history.values() if r["status"] == "active"]
    assert now["supersedes"] == wrong.id and now["value"] == f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert history[wrong.id]["superseded_by"] == now["id"]
