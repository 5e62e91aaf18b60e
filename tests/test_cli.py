"""The CLI through the installed console script: records, JSON contracts, exit codes, help."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from swtest import in_parallel, isolated_env, make_repo, run_statewise, store_path

import statewise_cli
from statewise_cli.store.db import Store

RECORD_KEYS = {
    "id", "key", "value", "type", "scope", "status", "validity", "source", "authority",
    "observed_at", "verified_at", "supersedes", "superseded_by",
}


def ok(args: list[str], cwd: Path) -> str:
    result = run_statewise(args, cwd)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def as_json(args: list[str], cwd: Path) -> dict:
    return json.loads(ok([*args, "--json"], cwd))


def assert_clean_error(result, code: int, text: str) -> None:
    assert result.returncode == code, (result.stdout, result.stderr)
    assert text in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_version_prints_the_package_version(tmp_path: Path) -> None:
    assert ok(["--version"], tmp_path).strip() == f"statewise {statewise_cli.__version__}"


def test_inspect_memory_json_contract(git_repo: Path) -> None:
    ok(["remember", "git.branch.protected", "true", "--scope", "branch:main", "--type", "branch_policy",
        "--source", "memory-file:CLAUDE.md:12", "--authority", "document", "--ttl", "7d"], git_repo)
    data = as_json(["inspect-memory"], git_repo)
    assert "records" in data and isinstance(data["records"], list)
    [record] = data["records"]
    assert RECORD_KEYS <= set(record), RECORD_KEYS - set(record)
    assert record["key"] == "git.branch.protected"
    assert record["value"] is True, "JSON values are stored as JSON"
    assert (record["scope"], record["type"], record["source"], record["authority"]) == (
        "branch:main", "branch_policy", "memory-file:CLAUDE.md:12", "document")
    assert (record["status"], record["validity"]) == ("active", "unchecked")
    assert record["observed_at"].endswith("Z") and record["verified_at"] is None
    assert record["expires_at"] is not None, "--ttl sets expires_at"
    assert data["store"] == str(store_path(git_repo))


def test_remember_supersedes_and_all_and_history_show_the_lineage(git_repo: Path) -> None:
    first = as_json(["remember", "test.command", "pytest"], git_repo)["record"]
    second = as_json(["remember", "test.command", "pytest -x"], git_repo)["record"]
    assert second["supersedes"] == first["id"]
    reads = [["inspect-memory", "--json"], ["inspect-memory", "--all", "--json"],
             ["inspect-memory", "--history", "test.command", "--json"], ["inspect-memory", "--history", "test.command"]]
    active, everything, history, text = in_parallel([(lambda a=args: ok(a, git_repo)) for args in reads])
    active, everything, history = (json.loads(x)["records"] for x in (active, everything, history))
    assert [(r["id"], r["value"]) for r in active] == [(second["id"], "pytest -x")]
    assert {r["id"]: r["status"] for r in everything} == {first["id"]: "superseded", second["id"]: "active"}
    assert [r["id"] for r in history] == [first["id"], second["id"]]
    assert history[0]["superseded_by"] == second["id"]
    assert "Lineage of test.command" in text and f"superseded by {second['id']}" in text


def test_repair_supersedes_keeping_scope_and_forget_retracts(git_repo: Path) -> None:
    ok(["remember", "git.branch.protected", "false", "--scope", "branch:main", "--authority", "agent", "--source", "agent"],
       git_repo)
    repaired = as_json(["repair", "--key", "git.branch.protected", "--value", "true", "--reason", "main is protected on GitHub"],
                       git_repo)
    [result] = repaired["results"]
    assert (result["key"], result["status"]) == ("git.branch.protected", "repaired")
    new = result["new"]
    [old] = result["old"]
    assert (new["scope"], new["value"], new["authority"], new["validity"]) == ("branch:main", True, "developer", "valid")
    assert old["status"] == "superseded" and old["superseded_by"] == new["id"] and new["supersedes"] == old["id"]
    assert new["evidence"] == "main is protected on GitHub"
    out = ok(["forget", "--key", "git.branch.protected"], git_repo)
    assert "Retracted 1 record" in out
    assert as_json(["inspect-memory"], git_repo)["records"] == []
    statuses = [r["status"] for r in as_json(["inspect-memory", "--history", "git.branch.protected"], git_repo)["records"]]
    assert statuses == ["superseded", "retracted"]


def test_history_shows_each_evidence_line_on_its_own_line_within_80_columns(git_repo: Path) -> None:
    with Store.open(str(store_path(git_repo))) as s:
        s.put("package_manager", "pnpm", type="package_manager", source="verifier:project.package-manager",
              authority="environment", evidence="project.package-manager: package.json packageManager = pnpm@9.0.0\n"
                                                "pnpm-lock.yaml exists (observed when `npm install lodash` assumed npm)")
    lines = ok(["inspect-memory", "--history", "package_manager"], git_repo).splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    why = next(i for i, line in enumerate(lines) if line.lstrip().startswith("why: "))
    assert lines[why].rstrip().endswith("pnpm@9.0.0") and lines[why + 1].lstrip().startswith("pnpm-lock.yaml exists")


def test_inspect_memory_does_not_create_a_store(git_repo: Path) -> None:
    out = ok(["inspect-memory"], git_repo)
    assert "No records" in out
    assert not store_path(git_repo).parent.exists()


def test_table_output_shows_values_that_look_like_markup(git_repo: Path) -> None:
    ok(["remember", "note", "[bold]not markup[/bold]", "--scope", "path:src/**"], git_repo)
    result = run_statewise(["inspect-memory"], git_repo, env={"COLUMNS": "250"})
    out = result.stdout
    assert result.returncode == 0
    assert "[bold]not markup[/bold]" in out and "path:src/**" in out


def test_forget_of_unknown_key_exits_1(git_repo: Path) -> None:
    assert_clean_error(run_statewise(["forget", "--key", "no.such.key"], git_repo), 1, "Error: no active record")


def test_forget_of_unknown_key_exits_1_with_json_too(git_repo: Path) -> None:
    assert run_statewise(["forget", "--key", "no.such.key", "--json"], git_repo).returncode == 1


def test_history_of_unknown_key_exits_1(git_repo: Path) -> None:
    assert_clean_error(run_statewise(["inspect-memory", "--history", "nope"], git_repo), 1, "Error: no record with key")


USAGE_ERRORS = [
    (["remember", "k", "v", "--scope", "team:core"], "Error: invalid scope"),
    (["remember", "k", "v", "--scope", "branch:"], "Error: scope branch: needs a value"),
    (["remember", "k", "v", "--ttl", "0"], "Error: duration must be positive"),
    (["remember", "k", "v", "--authority", "boss"], "Error: invalid authority"),
    (["remember", "k", "v", "--no-such-option"], "No such option"),
    (["inspect-memory", "--bogus"], "No such option"),
    (["no-such-command"], "No such command"),
    (["install-hook", "--agent", "vim"], "Error: unknown agent"),
]


@pytest.fixture(scope="module")
def usage_results(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Any]]:
    base = tmp_path_factory.mktemp("usage")
    env = isolated_env(base)
    repo = make_repo(base / "repo")
    results = in_parallel([(lambda a=args: run_statewise(a, repo, env=env)) for args, _ in USAGE_ERRORS])
    return repo, results


@pytest.mark.parametrize("index", range(len(USAGE_ERRORS)), ids=[" ".join(a) for a, _ in USAGE_ERRORS])
def test_usage_errors_exit_2_with_an_error_line(index: int, usage_results: tuple[Path, list[Any]]) -> None:
    repo, results = usage_results
    assert_clean_error(results[index], 2, USAGE_ERRORS[index][1])
    assert not store_path(repo).exists(), "a usage error writes nothing"


def test_doctor_healthy_exits_0_and_corrupt_store_exits_1(git_repo: Path) -> None:
    ok(["remember", "k", "v"], git_repo)
    report = as_json(["doctor"], git_repo)
    assert report["healthy"] is True
    repo_check = next(c for c in report["checks"] if c["name"] == "repository store")
    assert repo_check["status"] == "ok" and "journal wal" in repo_check["detail"]
    garbage = b"definitely not sqlite " * 100
    store_path(git_repo).write_bytes(garbage)
    for name in ("store.db-wal", "store.db-shm"):
        (store_path(git_repo).parent / name).unlink(missing_ok=True)
    result, text = in_parallel([lambda: run_statewise(["doctor", "--json"], git_repo),
                                lambda: run_statewise(["doctor"], git_repo)])
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["healthy"] is False
    failed = [c for c in data["checks"] if c["status"] == "fail"]
    assert [c["name"] for c in failed] == ["repository store"]
    assert "corrupt" in failed[0]["detail"] and failed[0]["fix"]
    assert store_path(git_repo).read_bytes() == garbage
    assert text.returncode == 1 and "FAIL" in text.stdout


def test_domain_commands_on_a_corrupt_store_exit_1_with_one_error_line(git_repo: Path) -> None:
    store_path(git_repo).parent.mkdir(parents=True)
    store_path(git_repo).write_bytes(b"\x00garbage" * 500)
    result = run_statewise(["remember", "k", "v"], git_repo)
    assert_clean_error(result, 1, "Error: store")
    assert len(result.stderr.strip().splitlines()) == 1


def test_internal_error_exits_3_with_a_log_file(git_repo: Path) -> None:
    # A directory where the migration lock file goes: an error no code path expects.
    (store_path(git_repo).parent / "store.db.migrate.lock").mkdir(parents=True)
    result = run_statewise(["remember", "k", "v"], git_repo)
    assert result.returncode == 3, result.stderr
    assert "Internal error" in result.stderr and "Traceback" not in result.stderr
    logs = list((Path(os.environ["STATEWISE_HOME"]) / "logs").glob("cli-*.log"))
    assert len(logs) == 1 and "Traceback" in logs[0].read_text()


def test_every_command_has_help_text() -> None:
    import typer.main

    from statewise_cli.cli.app import COMMAND_MODULES, app, load_commands

    load_commands()  # commands register when their module is imported; `run` imports only the one it runs
    group = typer.main.get_command(app)
    assert group.commands, "no commands registered"
    assert set(group.commands) == set(COMMAND_MODULES), "COMMAND_MODULES must name every command's module"
    for name, module in COMMAND_MODULES.items():
        assert group.commands[name].callback.__module__ == f"statewise_cli.cli.{module}", name
    for name, command in group.commands.items():
        assert (command.help or "").strip(), f"`statewise {name}` has no help text"
        for param in command.params:
            if param.param_type_name == "option" and param.name not in ("help",):
                assert (getattr(param, "help", None) or "").strip(), f"`statewise {name} {param.opts[0]}` has no help"


def test_help_lists_the_commands_of_the_spec(tmp_path: Path) -> None:
    out = ok(["--help"], tmp_path)
    for name in ("remember", "inspect-memory", "repair", "forget", "doctor", "install-hook", "uninstall-hook", "hook"):
        assert name in out
    assert "--version" in out
    sub = ok(["install-hook", "--help"], tmp_path)
    assert "--dry-run" in sub and "--scope" in sub and "--agent" in sub


def test_remember_outside_a_repository_uses_the_global_store(tmp_path: Path) -> None:
    ok(["remember", "editor", "vim", "--scope", "global"], tmp_path)
    with Store.open(os.path.join(os.environ["STATEWISE_HOME"], "global.db"), create=False) as s:
        assert [(r.key, r.value, r.scope) for r in s.active_records()] == [("editor", "vim", "global")]


def test_a_reader_that_goes_away_is_no_internal_error(git_repo: Path) -> None:
    """`statewise inspect-memory | head -1`: the command stops quietly, exit 0, no crash log."""
    import subprocess

    from swtest import STATEWISE

    with Store.open(str(store_path(git_repo))) as s:
        s.put("command.test", "python -m pytest -q", scope="repository")
    for command in (["inspect-memory", "--wide"], ["doctor"], ["evidence"], ["audit", "--help"]):
        proc = subprocess.Popen([STATEWISE, *command], cwd=git_repo, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # gone before the first line is written
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) in (0, 1), (command, err)  # doctor's own verdict may be 1
        assert "Internal error" not in err and "Traceback" not in err, (command, err)
    for logs in (Path(os.environ["STATEWISE_HOME"]) / "logs", Path(os.environ["XDG_STATE_HOME"]) / "statewise" / "logs"):
        assert not logs.exists() or not list(logs.glob("cli-*.log")), list(logs.glob("*"))
