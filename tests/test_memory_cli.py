"""The memory commands' contracts through the installed ``statewise`` script on real repositories.

``verify``, ``repair`` (verifier-driven, ``--value``, ``--dry-run``, ``--fix-memory-file``),
``export`` / ``import``, ``inspect-memory --verify``, and the SessionStart digest that tells the
agent which memory-file lines are out of date.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
import tomllib
from pathlib import Path
from typing import Any

from swtest import commit_all, git, hook, make_repo, pnpm_project, reply, run_statewise, store_path

from statewise_cli.store.db import Store


# --------------------------------------------------------------------------- helpers
def sw(repo: Path, *args: str) -> Any:
    """Run ``statewise ARGS --json`` and return (exit code, parsed stdout)."""
    proc = run_statewise([*args, "--json"], repo)
    assert "Traceback" not in proc.stderr, proc.stderr
    try:
        data = json.loads(proc.stdout) if proc.stdout.strip() else None
    except ValueError:
        raise AssertionError(f"not JSON: {proc.stdout!r} / {proc.stderr!r}") from None
    return proc.returncode, data


def put(repo: Path, key: str, value: Any, **kw: Any) -> str:
    kw.setdefault("source", "memory-file:CLAUDE.md:1")
    kw.setdefault("authority", "document")
    with Store.open(str(store_path(repo))) as store:
        return store.put(key, value, **kw).id


def records_dump(repo: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(store_path(repo))
    try:
        return [tuple(r) for r in conn.execute("SELECT * FROM records ORDER BY id")]
    finally:
        conn.close()


def count(repo: Path, table: str) -> int:
    conn = sqlite3.connect(store_path(repo))
    try:
        return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        conn.close()


def active(repo: Path, key: str) -> list[dict[str, Any]]:
    with Store.open(str(store_path(repo))) as store:
        return [r.to_json() for r in store.active_records(key)]


def session_start(repo: Path) -> str | None:
    data = reply(hook({
        "session_id": "11111111-2222-3333-4444-555555555555",
        "transcript_path": str(repo.parent / "transcript.jsonl"),
        "cwd": str(repo),
        "hook_event_name": "SessionStart",
        "source": "startup",
    }, repo))
    if data is None:
        return None
    return data["hookSpecificOutput"]["additionalContext"]


# =============================================================================== verify
def test_verify_json_contract_and_exit_1_when_any_record_is_defective(git_repo: Path) -> None:
    pnpm_project(git_repo)
    good = put(git_repo, "package_manager", "pnpm", type="package_manager")
    bad = put(git_repo, "command.test", "npm test", type="command", source="memory-file:CLAUDE.md:4")
    question = put(git_repo, "policy.always_open_pr", "Always open a PR.", type="intent", authority="developer")

    code, data = sw(git_repo, "verify")
    assert code == 1
    rows = {r["id"]: r for r in data["records"]}
    assert set(rows) == {good, bad, question}
    for r in rows.values():
        assert {"key", "value", "scope", "source", "validity", "evidence"} <= set(r)
    assert (rows[good]["validity"], rows[bad]["validity"], rows[question]["validity"]) == ("valid", "defective", "unresolved")
    assert rows[bad]["key"] == "command.test" and rows[bad]["value"] == "npm test"
    assert rows[bad]["scope"] == "repository" and rows[bad]["source"] == "memory-file:CLAUDE.md:4"
    evidence = rows[bad]["evidence"]
    assert evidence["verifier"] == "project.command" and evidence["observed"] == "pnpm test" and evidence["agrees"] is False
    assert rows[good]["evidence"]["observed"] == "pnpm"
    assert rows[question]["evidence"] is None and "statewise answer policy.always_open_pr" in rows[question]["question"]
    # verify records what it found, but repairs nothing
    assert [r["validity"] for r in active(git_repo, "command.test")] == ["defective"]


def test_verify_exits_0_when_every_record_is_valid(git_repo: Path) -> None:
    pnpm_project(git_repo)
    put(git_repo, "package_manager", "pnpm", type="package_manager")
    put(git_repo, "command.test", "pnpm test", type="command")
    put(git_repo, "path.readme", "README.md", type="path")
    code, data = sw(git_repo, "verify")
    assert code == 0
    assert [r["validity"] for r in data["records"]] == ["valid", "valid", "valid"]
    # a second run reuses the fresh verifications (inputs unchanged)
    code, again = sw(git_repo, "verify")
    assert code == 0 and all(r["cached"] for r in again["records"])


def test_verify_table_output_names_the_defective_records(git_repo: Path) -> None:
    pnpm_project(git_repo)
    put(git_repo, "package_manager", "npm", type="package_manager")
    proc = run_statewise(["verify"], git_repo)
    assert proc.returncode == 1
    assert "defective" in proc.stdout and "statewise repair --key package_manager" in proc.stdout


# =============================================================================== repair
def test_repair_json_reports_repaired_with_lineage(git_repo: Path) -> None:
    pnpm_project(git_repo)
    old = put(git_repo, "package_manager", "npm", type="package_manager")
    code, data = sw(git_repo, "repair", "--key", "package_manager")
    assert code == 0
    [result] = data["results"]
    assert result["status"] == "repaired" and result["key"] == "package_manager"
    assert result["old"]["id"] == old and result["new"]["value"] == "pnpm"
    assert result["new"]["supersedes"] == old and result["new"]["authority"] == "environment"
    assert result["resolution"]["validity"] == "defective" and result["resolution"]["evidence"]["observed"] == "pnpm"
    assert data["memory_file_fixes"] == []
    [now] = active(git_repo, "package_manager")
    assert now["id"] == result["new"]["id"] and now["validity"] == "valid"


def test_repair_json_statuses_already_valid_and_unresolved(git_repo: Path) -> None:
    pnpm_project(git_repo)
    put(git_repo, "package_manager", "pnpm", type="package_manager")
    put(git_repo, "policy.always_open_pr", "Always open a PR.", type="intent", authority="developer")
    code, data = sw(git_repo, "repair", "--key", "package_manager")
    assert code == 0 and [r["status"] for r in data["results"]] == ["already-valid"]
    assert data["results"][0]["new"] is None
    code, data = sw(git_repo, "repair", "--key", "policy.always_open_pr")
    assert code == 1 and [r["status"] for r in data["results"]] == ["unresolved"]
    assert "statewise answer policy.always_open_pr yes" in data["results"][0]["detail"]


def test_repair_only_touches_the_requested_scope(git_repo: Path) -> None:
    pnpm_project(git_repo)
    repo_scoped = put(git_repo, "package_manager", "npm", type="package_manager")
    elsewhere = put(git_repo, "package_manager", "yarn", type="package_manager", scope="path:legacy/**")
    code, data = sw(git_repo, "repair", "--key", "package_manager", "--scope", "repository")
    assert code == 0 and [r["old"]["id"] for r in data["results"]] == [repo_scoped]
    by_scope = {r["scope"]: r for r in active(git_repo, "package_manager")}
    assert by_scope["path:legacy/**"]["id"] == elsewhere and by_scope["path:legacy/**"]["validity"] == "unchecked"
    assert by_scope["repository"]["value"] == "pnpm"


def test_repair_dry_run_reports_would_repair_and_writes_nothing(git_repo: Path) -> None:
    pnpm_project(git_repo)
    put(git_repo, "package_manager", "npm", type="package_manager")
    db = store_path(git_repo)
    before_bytes = db.read_bytes()
    before_rows = records_dump(git_repo)
    code, data = sw(git_repo, "repair", "--key", "package_manager", "--dry-run")
    assert code == 0
    [result] = data["results"]
    assert result["status"] == "would-repair" and result["new"] is None and '"pnpm"' in result["detail"]
    assert records_dump(git_repo) == before_rows
    assert count(git_repo, "verifications") == 0
    assert db.read_bytes() == before_bytes


def test_repair_of_an_unknown_key_exits_1_and_value_with_dry_run_is_a_usage_error(git_repo: Path) -> None:
    proc = run_statewise(["repair", "--key", "nope.nothing", "--json"], git_repo)
    assert proc.returncode == 1 and "no active record with key 'nope.nothing'" in proc.stderr
    proc = run_statewise(["repair", "--key", "x", "--value", "1", "--dry-run"], git_repo)
    assert proc.returncode == 2 and proc.stderr.startswith("Error:")


def test_repair_with_value_is_a_developer_correction(git_repo: Path) -> None:
    old = put(git_repo, "git.branch.protected", True, type="branch_policy", scope="branch:main")
    code, data = sw(git_repo, "repair", "--key", "git.branch.protected", "--value", "false", "--reason", "we dropped it")
    assert code == 0
    [result] = data["results"]
    assert [o["id"] for o in result["old"]] == [old]
    new = result["new"]
    assert (new["value"], new["scope"], new["authority"], new["source"], new["supersedes"]) == (
        False, "branch:main", "developer", "user", old)
    assert new["evidence"] == "we dropped it"


def test_fix_memory_file_rewrites_a_command_line_with_a_backup_and_a_diff(git_repo: Path) -> None:
    pnpm_project(git_repo)
    original = "# Dev\n\nRun the tests with `npm test`.\nKeep this line.\n"
    (git_repo / "CLAUDE.md").write_text(original)
    assert sw(git_repo, "import-memory")[0] == 0
    code, data = sw(git_repo, "repair", "--key", "command.test", "--fix-memory-file")
    assert code == 0, data
    assert [r["status"] for r in data["results"]] == ["repaired"]
    [fix] = data["memory_file_fixes"]
    assert fix["status"] == "rewritten" and fix["line"] == 3
    assert Path(fix["path"]).resolve() == (git_repo / "CLAUDE.md").resolve()
    assert (git_repo / "CLAUDE.md").read_text() == "# Dev\n\nRun the tests with `pnpm test`.\nKeep this line.\n"
    assert Path(fix["backup"]).read_text() == original
    assert Path(fix["backup"]).is_relative_to(Path(os.environ["STATEWISE_HOME"]) / "backups")
    assert not Path(fix["backup"]).resolve().is_relative_to(git_repo.resolve()), "a backup in the work tree"
    assert git(git_repo, "status", "--porcelain", "--untracked-files=all").strip() in ("", "M CLAUDE.md", "?? CLAUDE.md")
    assert "-Run the tests with `npm test`." in fix["diff"] and "+Run the tests with `pnpm test`." in fix["diff"]


def test_fix_memory_file_after_an_earlier_repair_still_fixes_the_line(git_repo: Path) -> None:
    """The record was repaired before (by the hook or a plain `repair`): the file still says the old command, and
    `repair --fix-memory-file` on the now-valid record rewrites it from the record the repair superseded."""
    pnpm_project(git_repo)
    (git_repo / "CLAUDE.md").write_text("# Dev\n\nRun the tests with `npm test`.\n")
    assert sw(git_repo, "import-memory")[0] == 0
    assert [r["status"] for r in sw(git_repo, "repair", "--key", "command.test")[1]["results"]] == ["repaired"]
    assert "`npm test`" in (git_repo / "CLAUDE.md").read_text()
    code, data = sw(git_repo, "repair", "--key", "command.test", "--fix-memory-file")
    assert code == 0, data
    assert [r["status"] for r in data["results"]] == ["already-valid"]
    [fix] = data["memory_file_fixes"]
    assert (fix["status"], fix["line"]) == ("rewritten", 3)
    assert (git_repo / "CLAUDE.md").read_text() == "# Dev\n\nRun the tests with `pnpm test`.\n"
    code, data = sw(git_repo, "repair", "--key", "command.test", "--fix-memory-file")  # nothing left to fix
    assert [f["status"] for f in data["memory_file_fixes"]] == ["unchanged"]


def test_fix_memory_file_reports_the_line_of_a_retracted_record(git_repo: Path) -> None:
    """A record with no current value is retracted: its line cannot be rewritten, so it is named for the developer."""
    (git_repo / "CLAUDE.md").write_text("# Dev\n\nThe HTTP handlers live in `internal/handlers/`.\n")
    assert sw(git_repo, "import-memory")[0] == 0
    code, data = sw(git_repo, "repair", "--key", "path.http_handlers", "--fix-memory-file")
    assert code == 0, data
    assert [r["status"] for r in data["results"]] == ["repaired"] and data["results"][0]["new"] is None
    [fix] = data["memory_file_fixes"]
    assert (fix["status"], fix["line"]) == ("manual", 3)
    assert "retracted" in fix["detail"] and "internal/handlers/" in fix["detail"]
    proc = run_statewise(["repair", "--key", "command.none", "--value", "x", "--fix-memory-file"], git_repo)
    assert "no memory-file line to rewrite" in proc.stdout


def test_fix_memory_file_with_a_developer_value_rewrites_the_line(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("Run the tests with `pytest -q`.\n")
    assert sw(git_repo, "import-memory")[0] == 0
    code, data = sw(git_repo, "repair", "--key", "command.test", "--value", "pytest -x", "--fix-memory-file")
    assert code == 0
    [fix] = data["memory_file_fixes"]
    assert fix["status"] == "rewritten"
    assert (git_repo / "CLAUDE.md").read_text() == "Run the tests with `pytest -x`.\n"
    assert Path(fix["backup"]).read_text() == "Run the tests with `pytest -q`.\n"


def test_fix_memory_file_dry_run_shows_the_diff_and_writes_nothing(git_repo: Path) -> None:
    pnpm_project(git_repo)
    original = "Run the tests with `npm test`.\n"
    (git_repo / "CLAUDE.md").write_text(original)
    assert sw(git_repo, "import-memory")[0] == 0
    before = records_dump(git_repo)
    code, data = sw(git_repo, "repair", "--key", "command.test", "--dry-run", "--fix-memory-file")
    assert code == 0
    assert [r["status"] for r in data["results"]] == ["would-repair"]
    assert (git_repo / "CLAUDE.md").read_text() == original
    assert records_dump(git_repo) == before
    [fix] = data["memory_file_fixes"]
    assert fix["status"] == "would-rewrite" and "+Run the tests with `pnpm test`." in fix["diff"]


def test_fix_memory_file_rewrites_the_stated_value_not_an_earlier_substring(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("The old `src/handlers_v1.py` is gone; the handlers live in `src/handlers`.\n")
    assert sw(git_repo, "import-memory")[0] == 0
    assert [r["value"] for r in active(git_repo, "path.handlers")] == ["src/handlers"]
    code, _data = sw(git_repo, "repair", "--key", "path.handlers", "--value", "src/web/handlers", "--fix-memory-file")
    assert code == 0
    assert (git_repo / "CLAUDE.md").read_text() == (
        "The old `src/handlers_v1.py` is gone; the handlers live in `src/web/handlers`.\n")


def test_fix_memory_file_refuses_to_rewrite_prose(git_repo: Path) -> None:
    git(git_repo.parent / f"{git_repo.name}-origin.git", "config", "receive.denyNonFastForwards", "true")
    original = "# Git\n\nNote that main is not protected.\n"
    (git_repo / "CLAUDE.md").write_text(original)
    assert sw(git_repo, "import-memory")[0] == 0
    [claim] = active(git_repo, "git.branch.protected")
    assert (claim["value"], claim["scope"]) == (False, "branch:main")
    code, data = sw(git_repo, "repair", "--key", "git.branch.protected", "--fix-memory-file")
    assert code == 0
    [result] = data["results"]
    assert result["status"] == "repaired" and result["new"]["value"] is True
    [fix] = data["memory_file_fixes"]
    assert fix["status"] == "manual" and fix["line"] == 3 and fix["backup"] is None
    assert "git.branch.protected = true" in fix["detail"]
    assert (git_repo / "CLAUDE.md").read_text() == original
    assert sorted(p.name for p in git_repo.iterdir() if p.name.startswith("CLAUDE.md")) == ["CLAUDE.md"]


# =============================================================== digest and auto-import
def test_session_start_digest_says_which_memory_line_is_out_of_date(git_repo: Path) -> None:
    pnpm_project(git_repo)
    (git_repo / "CLAUDE.md").write_text("# Dev\n\nWe use `npm` as package manager.\n")
    assert sw(git_repo, "import-memory")[0] == 0
    code, data = sw(git_repo, "repair", "--key", "package_manager")
    assert code == 0 and data["results"][0]["status"] == "repaired"
    context = session_start(git_repo)
    assert context is not None
    assert "CLAUDE.md:3 says package_manager = npm; verified now: pnpm" in context
    assert "Memory files that are out of date" in context


def _renamed_handlers_repo(repo: Path) -> None:
    (repo / "src" / "api").mkdir(parents=True)
    (repo / "src" / "api" / "handlers.py").write_text("x = 1\n")
    (repo / "CLAUDE.md").write_text("# Layout\n\nThe API handlers live in `src/api/handlers.py`.\n")
    commit_all(repo, "handlers")
    assert sw(repo, "import-memory")[0] == 0
    (repo / "src" / "web").mkdir()
    git(repo, "mv", "src/api/handlers.py", "src/web/handlers.py")
    commit_all(repo, "move handlers")


def test_session_start_digest_reports_a_renamed_path_after_repair(git_repo: Path) -> None:
    _renamed_handlers_repo(git_repo)
    code, data = sw(git_repo, "repair", "--key", "path.api_handlers")
    assert code == 0 and [r["status"] for r in data["results"]] == ["repaired"]
    context = session_start(git_repo) or ""
    assert "CLAUDE.md:3 says path.api_handlers = src/api/handlers.py; verified now: src/web/handlers.py" in context


def test_repair_of_a_renamed_path_converges(git_repo: Path) -> None:
    _renamed_handlers_repo(git_repo)
    assert sw(git_repo, "repair", "--key", "path.api_handlers")[0] == 0
    code, data = sw(git_repo, "repair", "--key", "path.api_handlers")
    assert {r["status"] for r in data["results"]} == {"already-valid"}
    code, data = sw(git_repo, "verify")
    assert code == 0, [(r["value"], r["scope"], r["validity"]) for r in data["records"]]


def test_repair_of_a_renamed_path_on_the_default_branch_repairs_the_repository_record(git_repo: Path) -> None:
    _renamed_handlers_repo(git_repo)
    code, data = sw(git_repo, "repair", "--key", "path.api_handlers")
    assert code == 0
    [result] = data["results"]
    assert result["status"] == "repaired"
    assert (result["new"]["value"], result["new"]["scope"]) == ("src/web/handlers.py", "repository")
    assert result["new"]["supersedes"] == result["old"]["id"]
    assert "renamed src/api/handlers.py → src/web/handlers.py" in result["new"]["evidence"]


def test_session_start_auto_imports_a_changed_memory_file(git_repo: Path) -> None:
    pnpm_project(git_repo)
    (git_repo / "CLAUDE.md").write_text("# Dev\n\nWe use `npm` as package manager.\n")
    assert sw(git_repo, "import-memory")[0] == 0
    assert sw(git_repo, "repair", "--key", "package_manager")[0] == 0

    # unchanged hash: nothing is re-read (a forgotten record does not come back)
    assert run_statewise(["forget", "--key", "package_manager"], git_repo).returncode == 0
    context = session_start(git_repo)
    assert active(git_repo, "package_manager") == []
    assert context is None or "package_manager" not in context.split("Records:")[-1]

    with open(git_repo / "CLAUDE.md", "a") as fh:
        fh.write("\nRun the tests with `pnpm test`.\n")
    context = session_start(git_repo)
    [test_cmd] = active(git_repo, "command.test")
    assert (test_cmd["value"], test_cmd["source"]) == ("pnpm test", "memory-file:CLAUDE.md:5")
    assert context is not None and "command.test = pnpm test" in context
    assert active(git_repo, "package_manager") == []  # the repaired npm line was not re-imported
    with Store.open(str(store_path(git_repo))) as store:
        [known] = store.memory_files()
    assert known["path"] == "CLAUDE.md" and known["facts"] == 2


def test_session_start_does_not_import_user_level_memory(git_repo: Path) -> None:
    (Path(os.environ["CLAUDE_CONFIG_DIR"]) / "CLAUDE.md").write_text("Never push to `main`.\n")
    session_start(git_repo)
    assert active(git_repo, "git.branch.protected") == []


# ========================================================================= export/import
def test_export_then_import_in_another_repository(tmp_path: Path, git_repo: Path) -> None:
    put(git_repo, "package_manager", "npm", type="package_manager", authority="environment", source="verifier:x")
    put(git_repo, "git.branch.protected", True, type="branch_policy", scope="branch:main", authority="developer",
        source="user")
    put(git_repo, "command.lint", "npm run lint", type="command")  # document, unchecked: not exported
    put(git_repo, "version.python", "3.12", type="version", scope="workspace", authority="environment",
        source="transcript")  # workspace: not shared
    code, data = sw(git_repo, "export")
    assert code == 0 and data["records"] == 2
    exported = git_repo / ".statewise" / "records.toml"
    assert Path(data["path"]).resolve() == exported.resolve()
    parsed = tomllib.loads(exported.read_text())
    assert sorted((r["key"], r["value"], r["scope"]) for r in parsed["record"]) == [
        ("git.branch.protected", True, "branch:main"), ("package_manager", "npm", "repository")]

    other = make_repo(tmp_path / "other")
    put(other, "package_manager", "pnpm", type="package_manager", authority="environment", source="verifier:x")
    (other / ".statewise").mkdir()
    shutil.copy(exported, other / ".statewise" / "records.toml")
    code, data = sw(other, "import")
    assert code == 0
    outcome = {r["key"]: r for r in data["records"]}
    assert outcome["package_manager"]["status"] == "skipped"
    assert "environment record" in outcome["package_manager"]["detail"]
    assert outcome["git.branch.protected"]["status"] == "imported"
    [pm] = active(other, "package_manager")
    assert (pm["value"], pm["authority"]) == ("pnpm", "environment")  # never overridden by a document
    [prot] = active(other, "git.branch.protected")
    assert (prot["value"], prot["scope"], prot["authority"]) == (True, "branch:main", "document")
    line = outcome["git.branch.protected"]["line"]
    assert prot["source"] == f"memory-file:.statewise/records.toml:{line}"
    assert exported.read_text().splitlines()[line - 1] == "[[record]]"

    code, data = sw(other, "import")  # importing again changes nothing
    assert {r["key"]: r["status"] for r in data["records"]} == {"package_manager": "skipped",
                                                               "git.branch.protected": "unchanged"}


def test_import_replaces_a_document_record_but_not_a_valid_developer_one(git_repo: Path) -> None:
    put(git_repo, "command.test", "pytest", type="command")  # document
    put(git_repo, "deploy.target", "fly.io", authority="developer", source="user")  # developer, valid
    toml = ('[[record]]\nkey = "command.test"\nvalue = "tox"\n\n'
            '[[record]]\nkey = "deploy.target"\nvalue = "heroku"\n\n[[record]]\nvalue = 1\n')
    (git_repo / "shared.toml").write_text(toml)
    code, data = sw(git_repo, "import", "shared.toml")
    assert code == 0
    assert [r["status"] for r in data["records"]] == ["imported", "skipped", "invalid"]
    assert [r["value"] for r in active(git_repo, "command.test")] == ["tox"]
    assert [r["value"] for r in active(git_repo, "deploy.target")] == ["fly.io"]


def test_import_never_replaces_a_verified_record_with_an_unchecked_one(git_repo: Path) -> None:
    """Another repository's export must not overwrite what this repository verified (verified beats unchecked)."""
    pnpm_project(git_repo)
    assert run_statewise(["remember", "package_manager", "pnpm", "--type", "package_manager", "--source",
                          "memory-file:CLAUDE.md:3"], git_repo).returncode == 0
    assert run_statewise(["verify"], git_repo).returncode == 0
    [before] = active(git_repo, "package_manager")
    assert before["validity"] == "valid"
    (git_repo / "shared.toml").write_text('[[record]]\nkey = "package_manager"\nvalue = "uv"\n')
    code, data = sw(git_repo, "import", "shared.toml")
    assert code == 0
    [outcome] = data["records"]
    assert outcome["status"] == "skipped" and "verified" in outcome["detail"]
    assert [r["id"] for r in active(git_repo, "package_manager")] == [before["id"]]


def test_import_of_invalid_toml_exits_1(git_repo: Path) -> None:
    (git_repo / "bad.toml").write_text("[[record]\nkey=")
    proc = run_statewise(["import", "bad.toml"], git_repo)
    assert proc.returncode == 1 and "not valid TOML" in proc.stderr


# ======================================================================== inspect-memory
def test_inspect_memory_verify_json_has_a_verification_per_active_record(git_repo: Path) -> None:
    pnpm_project(git_repo)
    good = put(git_repo, "package_manager", "pnpm", type="package_manager")
    put(git_repo, "command.test", "npm test", type="command")
    bad = put(git_repo, "command.test", "yarn test", type="command")  # supersedes the npm one
    code, data = sw(git_repo, "inspect-memory", "--verify")
    assert code == 0
    rows = {r["id"]: r for r in data["records"]}
    assert set(rows) == {good, bad}
    assert rows[good]["verification"]["validity"] == "valid"
    assert rows[bad]["verification"]["validity"] == "defective"
    assert rows[bad]["verification"]["evidence"]["observed"] == "pnpm test"
    code, data = sw(git_repo, "inspect-memory", "--all", "--verify")
    superseded = [r for r in data["records"] if r["status"] == "superseded"]
    assert len(superseded) == 1 and "verification" not in superseded[0]
    # the table form shows the live validity and the lineage
    proc = run_statewise(["inspect-memory", "--verify"], git_repo, env={"COLUMNS": "300"})
    assert proc.returncode == 0, proc.stderr
    assert "live validity" in proc.stdout and "defective" in proc.stdout and "supersedes" in proc.stdout


def test_inspect_memory_without_verify_has_no_verification(git_repo: Path) -> None:
    put(git_repo, "package_manager", "pnpm", type="package_manager")
    code, data = sw(git_repo, "inspect-memory")
    assert code == 0 and "verification" not in data["records"][0]
    assert count(git_repo, "verifications") == 0


# =========================================================================== performance
def test_verify_of_200_mixed_records_stays_interactive(tmp_path: Path, git_repo: Path) -> None:
    git(git_repo.parent / f"{git_repo.name}-origin.git", "config", "receive.denyNonFastForwards", "true")
    (git_repo / "src" / "api").mkdir(parents=True)
    (git_repo / "src" / "api" / "handlers.py").write_text("x = 1\n")
    for i in range(10):
        (git_repo / "src" / f"mod{i}.py").write_text(f"v = {i}\n")
    (git_repo / "pyproject.toml").write_text('[project]\nname = "demo"\nrequires-python = ">=3.10"\n'
                                            '[tool.ruff]\nline-length = 100\n')
    (git_repo / ".python-version").write_text("3.11\n")
    (git_repo / "Makefile").write_text("test:\n\tpytest\nlint:\n\truff check .\n")
    pnpm_project(git_repo)
    git(git_repo, "mv", "src/api/handlers.py", "src/api/routes.py")
    commit_all(git_repo, "rename")
    kinds: list[tuple[str, Any, str]] = [
        ("command.test", "pnpm test", "command"), ("command.lint", "npm run lint", "command"),
        ("command.build", "make build", "command"), ("package_manager", "npm", "package_manager"),
        ("version.python", "3.8", "version"), ("version.node", "18", "version"),
        ("git.default_branch", "main", "branch_policy"), ("path.handlers", "src/api/handlers.py", "path"),
        ("env.HOME", "set", "env"), ("config.pyproject.toml#tool.ruff.line-length", 100, "config"),
        ("policy.pull_requests", "Always open a PR.", "intent"), ("tool.git", True, "tool"),
        ("git.branch.protected", False, "branch_policy"), ("path.module", "src/mod3.py", "path"),
    ]
    with Store.open(str(store_path(git_repo))) as store:
        for i in range(200):
            key, value, type_ = kinds[i % len(kinds)]
            scope = "branch:main" if key == "git.branch.protected" and i < len(kinds) else (
                "repository" if i < len(kinds) else f"path:pkg{i}/**")
            if key == "git.branch.protected" and i >= len(kinds):
                scope = f"branch:release-{i}"
            store.put(key, value, type=type_, scope=scope, source=f"memory-file:CLAUDE.md:{i + 1}", authority="document")
        assert store.count() == 200

    start = time.perf_counter()
    proc = run_statewise(["verify", "--json"], git_repo, timeout=120)
    elapsed = time.perf_counter() - start
    assert proc.returncode == 1, proc.stderr  # the mix holds defective records
    data = json.loads(proc.stdout)
    outcomes: dict[str, int] = {}
    for r in data["records"]:
        outcomes[r["validity"]] = outcomes.get(r["validity"], 0) + 1
    print(f"\nstatewise verify --json on 200 records: {elapsed:.2f} s (cold) {outcomes}")
    assert len(data["records"]) == 200
    assert outcomes.get("defective", 0) > 0 and outcomes.get("valid", 0) > 0
    start = time.perf_counter()
    warm = run_statewise(["verify", "--json"], git_repo, timeout=120)
    warm_elapsed = time.perf_counter() - start
    print(f"statewise verify --json on 200 records: {warm_elapsed:.2f} s (warm)")
    assert warm.returncode == 1  # how long it takes is benchmarks/verify_speed.py's business, not a test's
