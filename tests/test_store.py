"""The record store on real SQLite files: lineage, scopes, freshness, WAL, migrations, corruption."""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
import time
from pathlib import Path

import pytest
from swtest import git, store_path

from statewise_cli.errors import StatewiseError, StoreCorrupt, StoreError, UsageError
from statewise_cli.store import db as store_mod
from statewise_cli.store import migrations as migrations_mod
from statewise_cli.store.db import Store
from statewise_cli.store.records import parse_duration, scope_matches, validate_scope


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store.open(str(tmp_path / "s" / "store.db"))
    yield s
    s.close()


def test_put_stores_a_developer_fact_as_active_and_valid(store: Store) -> None:
    record = store.put("git.branch.protected", True, scope="branch:main", type="branch_policy")
    assert (record.key, record.value, record.scope, record.type) == ("git.branch.protected", True, "branch:main", "branch_policy")
    assert record.status == "active"
    assert record.validity == "valid" and record.verified_at is not None
    assert record.supersedes is None and record.superseded_by is None


def test_agent_claims_are_stored_unchecked(store: Store) -> None:
    record = store.put("build.command", "make", source="agent", authority="agent")
    assert record.validity == "unchecked"
    assert record.verified_at is None


def test_put_of_same_key_and_scope_supersedes_with_lineage(store: Store) -> None:
    first = store.put("test.command", "pytest", scope="repository")
    second = store.put("test.command", "pytest -x", scope="repository")
    old = store.get(first.id)
    assert old is not None
    assert old.status == "superseded"
    assert old.superseded_by == second.id
    assert second.supersedes == first.id
    assert second.status == "active"
    assert [r.id for r in store.active_records("test.command")] == [second.id]
    assert [r.id for r in store.history("test.command")] == [first.id, second.id]


def test_put_in_another_scope_does_not_supersede(store: Store) -> None:
    main = store.put("git.branch.protected", True, scope="branch:main")
    dev = store.put("git.branch.protected", False, scope="branch:dev")
    assert dev.supersedes is None
    assert {r.id for r in store.active_records("git.branch.protected")} == {main.id, dev.id}


def test_repair_without_scope_keeps_the_scope_of_the_repaired_record(store: Store) -> None:
    old = store.put("git.branch.protected", False, scope="branch:main", source="memory-file:CLAUDE.md:3", authority="document")
    replaced, new = store.repair("git.branch.protected", True)
    assert new.scope == "branch:main"
    assert new.value is True
    assert new.authority == "developer" and new.validity == "valid"
    assert new.supersedes == old.id
    assert [r.id for r in replaced] == [old.id]
    assert replaced[0].status == "superseded" and replaced[0].superseded_by == new.id
    assert "repair" in (new.evidence or "")


def test_repair_of_a_key_active_in_two_scopes_needs_a_scope(store: Store) -> None:
    store.put("k", 1, scope="branch:main")
    store.put("k", 2, scope="branch:dev")
    with pytest.raises(UsageError, match="several scopes"):
        store.repair("k", 3)
    _, new = store.repair("k", 3, scope="branch:dev")
    assert new.scope == "branch:dev"
    assert sorted(r.value for r in store.active_records("k")) == [1, 3]


def test_forget_retracts_but_history_keeps_the_record(store: Store) -> None:
    record = store.put("deploy.target", "staging")
    gone = store.forget("deploy.target")
    assert [r.id for r in gone] == [record.id]
    assert gone[0].status == "retracted"
    assert store.active_records("deploy.target") == []
    history = store.history("deploy.target")
    assert [(r.id, r.status) for r in history] == [(record.id, "retracted")]
    assert store.count("retracted") == 1


def test_forget_of_unknown_key_retracts_nothing(store: Store) -> None:
    assert store.forget("no.such.key") == []


def test_ttl_sets_expires_at_and_expired_follows_the_clock(store: Store) -> None:
    observed = time.time() - 120
    record = store.put("ci.status", "green", ttl_seconds=60, observed_at=observed)
    assert record.expires_at == pytest.approx(observed + 60)
    assert record.expired()
    assert not record.expired(now=observed + 30)
    fresh = store.put("ci.other", "green", ttl_seconds=3600)
    assert not fresh.expired()
    assert "EXPIRED" in record.describe() and "EXPIRED" not in fresh.describe()


def test_record_without_ttl_never_expires(store: Store) -> None:
    record = store.put("k", "v", observed_at=0.0)
    assert record.expires_at is None
    assert not record.expired(now=time.time() + 10**9)


@pytest.mark.parametrize(
    ("scope", "branch", "path", "expected"),
    [
        ("branch:main", "main", None, True),
        ("branch:main", "feature", None, False),
        ("branch:main", None, None, False),
        ("branch:release/*", "release/1.0", None, True),
        ("branch:release/*", "main", None, False),
        ("branch:feat-?", "feat-a", None, True),
        ("branch:feat-?", "feat-ab", None, False),
        ("path:src/**", None, "src/a/b.py", True),
        ("path:src/*.py", None, "src/a.py", True),
        ("path:src/*.py", None, "lib/a.py", False),
        ("path:docs", None, "docs/index.md", True),
        ("path:docs", None, "docsite/index.md", False),
        ("path:src/**", None, None, False),
        ("global", None, None, True),
        ("repository", "main", "x", True),
        ("workspace", None, None, True),
    ],
)
def test_scope_matches_branch_and_path_globs(scope: str, branch: str | None, path: str | None, expected: bool) -> None:
    assert scope_matches(scope, branch=branch, path=path) is expected


@pytest.mark.parametrize("scope", ["branch:", "path:", "repository:x", "team", "branch"])
def test_invalid_scopes_are_usage_errors(scope: str) -> None:
    with pytest.raises(UsageError):
        validate_scope(scope)


@pytest.mark.parametrize(("text", "seconds"), [("90", 90), ("90s", 90), ("15m", 900), ("12h", 43200), ("7d", 604800), ("2w", 1209600)])
def test_parse_duration(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["0", "-5m", "soon", "5y"])
def test_parse_duration_rejects_nonsense(text: str) -> None:
    with pytest.raises(UsageError):
        parse_duration(text)


def test_store_runs_in_wal_mode(store: Store) -> None:
    assert store.journal_mode() == "wal"
    other = sqlite3.connect(store.path)
    try:
        assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        other.close()


def test_migration_is_applied_once(tmp_path: Path) -> None:
    path = str(tmp_path / "store.db")
    Store.open(path).close()
    raw = sqlite3.connect(path)
    first = raw.execute("SELECT name, applied_at FROM _sqlite_migrations").fetchall()
    raw.close()
    for _ in range(3):
        with Store.open(path) as s:
            s.put("k", 1)
    raw = sqlite3.connect(path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == store_mod.SCHEMA_VERSION
        assert raw.execute("SELECT name, applied_at FROM _sqlite_migrations").fetchall() == first
        names = [r[0] for r in first]
        declared = sorted(n for n in vars(migrations_mod) if re.fullmatch(r"m\d{3}_\w+", n))
        assert sorted(names) == declared and len(names) == len(set(names))
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"records", "evidence", "decisions", "incidents"} <= tables
    finally:
        raw.close()


def test_store_with_a_newer_schema_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    path = str(tmp_path / "store.db")
    Store.open(path).close()
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version = {store_mod.SCHEMA_VERSION + 5}")
    raw.close()
    with pytest.raises(StatewiseError) as info:
        Store.open(path)
    assert info.value.code == "store-too-new"
    assert "newer" in info.value.message and "upgrade statewise" in info.value.message


@pytest.mark.parametrize("size", [16, 4096, 70_000])
def test_corrupt_store_raises_store_corrupt_and_is_left_byte_identical(tmp_path: Path, size: int) -> None:
    path = tmp_path / "store.db"
    garbage = hashlib.sha256(b"seed").digest() * (size // 32 + 1)
    path.write_bytes(b"this is not sqlite" + garbage[:size])
    before = path.read_bytes()
    with pytest.raises(StoreCorrupt) as info:
        Store.open(str(path))
    assert info.value.code == "store-corrupt"
    assert "corrupt" in info.value.message
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["store.db"], "no -wal/-shm/lock files next to a corrupt store"


def test_open_without_create_refuses_a_missing_store(tmp_path: Path) -> None:
    with pytest.raises(StoreError) as info:
        Store.open(str(tmp_path / "nope" / "store.db"), create=False)
    assert info.value.code == "store-missing"
    assert not (tmp_path / "nope").exists()


def test_store_directory_that_cannot_be_created_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "statewise"
    blocker.write_text("a file where the store directory should be")
    with pytest.raises(StoreError, match="cannot create store directory"):
        Store.open(str(blocker / "store.db"))


def test_repository_store_lives_in_the_git_common_dir_shared_by_worktrees(git_repo: Path, tmp_path: Path) -> None:
    env = dict(os.environ)
    with Store.for_cwd(str(git_repo / "README.md").rsplit("/", 1)[0], env) as s:
        assert s.path == str(store_path(git_repo))
        s.put("git.branch.protected", True, scope="branch:main")
    worktree = tmp_path / "wt"
    git(git_repo, "worktree", "add", "-q", "-b", "wt-branch", str(worktree))
    with Store.for_cwd(str(worktree), env) as s:
        assert os.path.realpath(s.path) == os.path.realpath(store_path(git_repo))
        assert s.repo is not None and s.repo.branch == "wt-branch"
        assert [r.key for r in s.active_records()] == ["git.branch.protected"]
    assert "statewise" not in git(git_repo, "status", "--porcelain")


def test_outside_a_repository_the_global_store_is_used(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    env = dict(os.environ)
    with Store.for_cwd(str(plain), env) as s:
        assert s.path == os.path.join(env["STATEWISE_HOME"], "global.db")
        assert s.repo is None


def test_evidence_decisions_and_incidents_are_stored(store: Store) -> None:
    store.add_evidence(kind="command", command="git status", exit_code=0, output_digest="ab" * 32)
    store.add_decision(event="PreToolUse", decision="deny", reason="r", records=["x"], action=[{"op": "git.push"}], latency_ms=1.5)
    store.add_incident(kind="store-locked", message="m", policy="deny")
    assert [store.table_count(t) for t in ("evidence", "decisions", "incidents")] == [1, 1, 1]
    decision = store.rows("decisions")[0]
    assert decision["decision"] == "deny" and decision["latency_ms"] == 1.5
    assert decision["records"] == '["x"]'
    assert store.integrity() == "ok"


def test_git_repo_fixture_is_a_real_repo_with_main_pushed_to_origin(git_repo: Path) -> None:
    assert git(git_repo, "rev-parse", "--abbrev-ref", "HEAD").strip() == "main"
    origin = git(git_repo, "remote", "get-url", "origin").strip()
    assert Path(origin).parent == git_repo.parent
    assert git(git_repo, "rev-parse", "HEAD") == git(git_repo, "rev-parse", "origin/main")
    assert git(origin, "rev-parse", "main") == git(git_repo, "rev-parse", "HEAD")
    assert git(git_repo, "config", "user.email").strip() == "test@example.invalid"


# ----------------------------------------------------------- which records an action rests on
def test_relevant_records_by_key_glob_and_value_text(store: Store) -> None:
    store.put("command.test", "python -m pytest -q", source="agent", authority="agent")
    store.put("command.test.e2e", "npm run e2e", source="agent", authority="agent")
    store.put("path.settings", "config/settings.py", source="agent", authority="agent")
    store.put("git.branch.protected", True, scope="branch:main", type="branch_policy")
    store.put("tool.short", "ab", source="agent", authority="agent")  # under 3 characters: never by text
    store.put("tool.sep", "x\x1fy", source="agent", authority="agent")  # holds the separator
    old = store.put("env.required", "DB_URL", source="agent", authority="agent")
    store.retract(old.id, "renamed")

    def keys(*args: object) -> list[str]:
        return [r.key for r in store.relevant_records(*args)]  # type: ignore[arg-type]

    assert keys({"git.branch.protected"}, set(), []) == ["git.branch.protected"]
    assert keys(set(), {"command.test*"}, []) == ["command.test", "command.test.e2e"]
    assert keys(set(), {"*.e2e"}, []) == ["command.test.e2e"]  # no literal start: still found
    assert keys(set(), set(), ["vim config/settings.py", "make ab"]) == ["path.settings"]
    # Joined texts never match across the boundary, and a retracted record is not relevant.
    assert keys(set(), set(), ["run x", "y now", "echo DB_URL"]) == []
    assert keys({"git.branch.protected"}, {"command.test.*"}, ["npm run e2e --ci"]) == [
        "command.test.e2e", "git.branch.protected"]
    assert keys(set(), set(), []) == []


def test_relevant_records_reads_the_value_index_not_every_row(store: Store) -> None:
    from statewise_cli.store.records import NEEDLE

    plan = " ".join(str(row[3]) for row in store.conn.execute(
        f"EXPLAIN QUERY PLAN SELECT rowid FROM records WHERE status = 'active' AND instr(?, {NEEDLE}) > 0"
        f" AND instr({NEEDLE}, char(31)) = 0", ("npm test",)))
    assert "records_needle" in plan, plan
    plan = " ".join(str(row[3]) for row in store.conn.execute(
        "EXPLAIN QUERY PLAN SELECT rowid FROM records WHERE key >= ? AND key < ? AND key GLOB ? AND +status = 'active'",
        ("policy.", "policy/", "policy.*")))
    assert "records_key_status" in plan, plan


def test_describe_says_verified_only_for_a_valid_record(tmp_path: Path) -> None:
    from statewise_cli.store.records import Record

    base = Record(id="r", key="command.test", value="pytest", type="command", scope="repository", observed_at=0.0,
                  stored_at=0.0, expires_at=None, source="user", authority="agent", status="active",
                  validity="valid", verified_at=1.0, supersedes=None, superseded_by=None, evidence=None)
    assert "; verified " in base.describe(now=10.0)
    assert "; defective, checked " in base.replace(validity="defective").describe(now=10.0)
    assert "verified" not in base.replace(validity="unresolved").describe(now=10.0)
