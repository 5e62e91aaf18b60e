"""Extraction of operational facts from memory files, and their import / re-import into the store.

Extraction runs on real corpus files (``fixtures/memory_corpus``) and on small phrasings;
import runs on real git repositories with real SQLite stores, through ``memory.import_all``
and through the installed ``statewise import-memory --json``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from swtest import REPO_ROOT, commit_all, git, run_statewise, store_path

from statewise_cli.config import paths as config
from statewise_cli.memory import importer as memory
from statewise_cli.memory.extract import Fact, extract
from statewise_cli.recovery import resolve
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store

CORPUS = REPO_ROOT / "fixtures" / "memory_corpus"


# --------------------------------------------------------------------------- helpers
def facts_of(text: str) -> list[tuple[int, str, object]]:
    return [(f.line, f.key, f.value) for f in extract(text)]


def find(facts: list[Fact], key: str, value: object | None = None) -> list[Fact]:
    return [f for f in facts if f.key == key and (value is None or f.value == value)]


def open_store(repo: Path) -> Store:
    return Store.open(str(store_path(repo)), find_repo(str(repo)))


def import_repo(repo: Path, *, force: bool = False, global_store: Store | None = None) -> list[memory.ImportReport]:
    with open_store(repo) as store:
        return memory.import_all(store, find_repo(str(repo)), os.environ, force=force, global_store=global_store)


def rows(repo: Path) -> list[dict[str, object]]:
    with open_store(repo) as store:
        return [r.to_json() for r in store.all_records()]


def by_key(repo: Path, key: str, status: str | None = "active") -> list[dict[str, object]]:
    return [r for r in rows(repo) if r["key"] == key and (status is None or r["status"] == status)]


# =========================================================================== extract()
@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("NicholasGrundl__tokentoss__CLAUDE.md", [
            (5, "package_manager", "uv"),
            (10, "command.test", "uv run pytest tests/ -x -q"),
            (21, "command.format", "uv run ruff format src/ tests/"),
            (36, "command.typecheck", "uv run ty check src/"),
        ]),
        ("shrik450__dijester__CLAUDE.md", [
            (8, "command.install", "make tools"),
            (9, "command.build", "make build"),
            (12, "command.test", "go test ./path/to/package -run TestName"),
            (14, "command.format", "make fmt"),
        ]),
        ("josh__imdb-plex-sync__AGENTS.md", [
            (3, "version.python", "3.12"),
            (7, "version.python", ">=3.12"),
            (20, "command.install", "uv sync"),
            (37, "command.typecheck", "uv run mypy ."),
        ]),
        ("vitest-dev__vitest__AGENTS.md", [
            (18, "package_manager", "pnpm"),
            (20, "path.packages", "packages/"),
            (39, "command.test", "CI=true pnpm test:ci"),
        ]),
    ],
)
def test_corpus_files_yield_their_labelled_facts_on_their_lines(name: str, expected: list[tuple[int, str, str]]) -> None:
    labels = [json.loads(line) for line in (CORPUS / "labels.jsonl").read_text().splitlines() if line.strip()]
    gold = {(l["line"], l["key"], l["value"]) for l in labels if l["file"] == name}
    text = (CORPUS / "files" / name).read_text(encoding="utf-8")
    got = set(facts_of(text))
    for fact in expected:
        assert fact in gold, f"test expectation {fact} is not a gold label of {name}"
        assert fact in got, f"{name}: {fact} not extracted; got {sorted(got, key=str)[:40]}"


def test_corpus_never_commit_on_main_is_a_developer_protection_of_main() -> None:
    text = (CORPUS / "files" / "shrik450__dijester__CLAUDE.md").read_text(encoding="utf-8")
    protected = find(extract(text), "git.branch.protected")
    assert [(f.line, f.value, f.scope, f.authority) for f in protected] == [(66, True, "branch:main", "developer")]


def test_corpus_files_labelled_as_fact_free_yield_nothing() -> None:
    for name in ("AOSSIE-Org__PictoPy__backend__CLAUDE.md", "GabrielHub__slop-lash__CLAUDE.md"):
        assert name in (CORPUS / "labeled_files.txt").read_text().split()
        assert extract((CORPUS / "files" / name).read_text(encoding="utf-8")) == []


def test_fenced_block_commands_are_classified_by_their_comments() -> None:
    text = "# Development\n\n```bash\n# install the dependencies\nmake deps\n# run the unit tests\nmake check-all\njust fmt-all  # format everything\n```\n\n```python\npytest.main()\n```"
    got = facts_of(text)
    assert (5, "command.install", "make deps") in got
    assert (7, "command.test", "make check-all") in got
    assert (8, "command.format", "just fmt-all") in got
    assert not [f for f in got if f[0] == 12]


def test_dollar_prompts_are_stripped_in_blocks_and_inline_code() -> None:
    text = "## Testing\n\n```console\n$ pytest -q tests/\n```\n\nLint with `$ ruff check .`\n"
    got = facts_of(text)
    assert (4, "command.test", "pytest -q tests/") in got
    assert (7, "command.lint", "ruff check .") in got
    assert not any(str(value).startswith("$") for _, _, value in got)


def test_inline_code_commands_take_their_kind_from_the_prose() -> None:
    got = facts_of("Build the bundle with `npm run bundle` and start the dev server with `npm run dev`.\n")
    assert (1, "command.build", "npm run bundle") in got
    assert (1, "command.dev", "npm run dev") in got
    # Words that are not commands are not facts.
    assert facts_of("The `config` module reads `settings.yaml`.\n") == []


def test_never_push_to_main_is_developer_intent_that_main_is_protected() -> None:
    facts = extract("- Never push to `main`; open a pull request instead.\n")
    protected = find(facts, "git.branch.protected")
    assert len(protected) == 1
    fact = protected[0]
    assert (fact.value, fact.scope, fact.authority, fact.type, fact.line) == (True, "branch:main", "developer", "branch_policy", 1)
    policies = [f for f in facts if f.key.startswith("policy.")]
    assert policies and policies[0].authority == "developer" and policies[0].type == "intent"


def test_main_is_not_protected_is_a_document_claim_of_false() -> None:
    facts = find(extract("Note: main is not protected, so be careful.\n"), "git.branch.protected")
    assert [(f.value, f.scope, f.authority) for f in facts] == [(False, "branch:main", "document")]
    facts = find(extract("The `release` branch is protected.\n"), "git.branch.protected")
    assert [(f.value, f.scope) for f in facts] == [(True, "branch:release")]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("We use `pnpm` for everything.", ("package_manager", "pnpm")),
        ("Always use uv, not pip.", ("package_manager", "uv")),
        ("Requires Python 3.11+.", ("version.python", ">=3.11")),
        ("Node.js 20 or later is needed.", ("version.node", ">=20")),
        ("Built with Go 1.22.", ("version.go", "1.22")),
        ("The API handlers live in `src/api/handlers.py`.", ("path.api_handlers", "src/api/handlers.py")),
        ("- `src/lib/prisma.ts` - Prisma client singleton", ("path.prisma_client_singleton", "src/lib/prisma.ts")),
        ("You must set `DATABASE_URL` before running.", ("env.DATABASE_URL", "required")),
        ("`OPENAI_API_KEY` must be set.", ("env.OPENAI_API_KEY", "required")),
        ("The default branch is `develop`.", ("git.default_branch", "develop")),
    ],
)
def test_prose_phrasings(line: str, expected: tuple[str, str]) -> None:
    got = [(key, value) for _, key, value in facts_of(line + "\n")]
    assert expected in got, got


def test_python_3_without_a_minor_is_not_a_version_pin() -> None:
    assert not find(extract("All code is Python 3 code.\n"), "version.python")


def test_extraction_eval_benchmark_stays_above_the_regression_floor() -> None:
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "benchmarks" / "extraction_eval.py"), "--json",
                           "--corpus", str(CORPUS), "--split", "all", "--no-timing"],
                          capture_output=True, text=True, timeout=120, cwd=REPO_ROOT, check=False)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    print(f"extraction precision {result['precision']:.3f} recall {result['recall']:.3f} "
          f"(tp {result['tp']} fp {result['fp']} fn {result['fn']})")
    assert result["tp"] + result["fn"] >= 250  # the labelled corpus is actually scored
    assert result["precision"] >= 0.7
    assert result["recall"] >= 0.7


def test_stored_records_on_the_dev_half_of_memory_real_stay_above_the_floor() -> None:
    # The dev half only: the held-out half is scored once, by hand, never by a test.
    proc = subprocess.run([sys.executable, str(REPO_ROOT / "benchmarks" / "extraction_eval.py"), "--json", "--split", "dev",
                           "--mode", "stored", "--no-timing"],
                          capture_output=True, text=True, timeout=120, cwd=REPO_ROOT, check=False)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["split"] == "dev" and result["facts"] >= 200
    assert result["stored"]["precision"] >= 0.9 and result["stored"]["recall"] >= 0.9, result["stored"]


# ===================================================================== discovery / import
def test_import_discovers_every_repository_memory_file_with_scopes_and_provenance(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("# Repo\n\nRun the tests with `pytest -q`.\n")
    (git_repo / ".gitignore").write_text("CLAUDE.local.md\n")
    (git_repo / "CLAUDE.local.md").write_text("Lint with `ruff check .`.\n")
    (git_repo / ".claude" / "rules").mkdir(parents=True)
    (git_repo / ".claude" / "rules" / "style.md").write_text("\nFormat with `black .`.\n")
    (git_repo / "web").mkdir()
    (git_repo / "web" / "AGENTS.md").write_text("# Web\n\n\nRun the web tests with `npm test`.\n")
    (git_repo / "notes.md").write_text("Run the tests with `tox`.\n")  # not a memory file
    commit_all(git_repo)
    assert git(git_repo, "ls-files", "CLAUDE.local.md") == ""  # untracked (ignored), still read

    reports = import_repo(git_repo)
    assert sorted(r.file for r in reports) == [".claude/rules/style.md", "CLAUDE.local.md", "CLAUDE.md", "web/AGENTS.md"]
    got = {(r["key"], r["value"], r["scope"], r["source"], r["authority"], r["validity"]) for r in rows(git_repo)}
    assert got == {
        ("command.test", "pytest -q", "repository", "memory-file:CLAUDE.md:3", "document", "unchecked"),
        ("command.lint", "ruff check .", "repository", "memory-file:CLAUDE.local.md:1", "document", "unchecked"),
        ("command.format", "black .", "repository", "memory-file:.claude/rules/style.md:2", "document", "unchecked"),
        ("command.test", "npm test", "path:web/**", "memory-file:web/AGENTS.md:4", "document", "unchecked"),
    }


def test_claude_auto_memory_is_imported_with_agent_authority(git_repo: Path) -> None:
    root = str(git_repo.resolve())
    auto = Path(os.environ["CLAUDE_CONFIG_DIR"]) / "projects" / root.replace("/", "-") / "memory"
    auto.mkdir(parents=True)
    (auto / "MEMORY.md").write_text("# Learned\n\n- This project uses pnpm as package manager.\n")
    (auto / "notes.txt").write_text("We use `yarn`.\n")  # not .md: ignored
    reports = import_repo(git_repo)
    assert [r.file for r in reports] == [str(auto / "MEMORY.md")]
    [record] = rows(git_repo)
    assert (record["key"], record["value"], record["authority"], record["scope"]) == ("package_manager", "pnpm", "agent", "repository")
    assert record["source"] == f"memory-file:{auto / 'MEMORY.md'}:3"


def test_user_level_claude_md_goes_to_the_global_store_with_global_scope(git_repo: Path) -> None:
    user = Path(os.environ["CLAUDE_CONFIG_DIR"]) / "CLAUDE.md"
    user.write_text("# Me\n\nNever force-push to `main`.\n")
    (git_repo / "CLAUDE.md").write_text("Run the tests with `pytest`.\n")
    with Store.open(config.global_store_path(os.environ), None) as global_store:
        import_repo(git_repo, global_store=global_store)
        globals_ = [r.to_json() for r in global_store.all_records()]
    protected = [r for r in globals_ if r["key"] == "git.branch.protected"]
    # "never push to main" keeps its own (branch) scope; the other facts of the file are global
    assert [(r["value"], r["scope"], r["authority"]) for r in protected] == [(True, "branch:main", "developer")]
    assert {r["scope"] for r in globals_ if r["key"].startswith("policy.")} == {"global"}
    assert all(r["source"] == f"memory-file:{user}:3" for r in globals_)
    # the repository store got only the repository file
    assert {r["source"] for r in rows(git_repo)} == {"memory-file:CLAUDE.md:1"}


def test_import_memory_json_and_reimport_of_an_unchanged_file_is_skipped(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("# Dev\n\nRun the tests with `pytest -q`.\nWe use `uv`.\n")
    first = run_statewise(["import-memory", "--json"], git_repo)
    assert first.returncode == 0, first.stderr
    [report] = json.loads(first.stdout)["files"]
    assert report["file"] == "CLAUDE.md" and len(report["added"]) == 2 and report["skipped"] is None
    before = rows(git_repo)

    again = run_statewise(["import-memory", "--json"], git_repo)
    [report] = json.loads(again.stdout)["files"]
    assert report["skipped"] == "unchanged since the last import"
    assert report["added"] == report["superseded"] == report["retracted"] == []
    assert rows(git_repo) == before

    forced = run_statewise(["import-memory", "--force", "--json"], git_repo)
    [report] = json.loads(forced.stdout)["files"]
    assert report["skipped"] is None and report["unchanged"] == 2 and report["added"] == []
    assert rows(git_repo) == before


def test_import_memory_of_an_explicit_path(git_repo: Path) -> None:
    (git_repo / "docs").mkdir()
    (git_repo / "docs" / "dev.md").write_text("Run the tests with `make test`.\n")
    proc = run_statewise(["import-memory", "--json", "docs/dev.md"], git_repo)
    assert proc.returncode == 0, proc.stderr
    [report] = json.loads(proc.stdout)["files"]
    assert report["file"] == "docs/dev.md"
    assert [(r["key"], r["source"]) for r in rows(git_repo)] == [("command.test", "memory-file:docs/dev.md:1")]


def test_a_removed_line_retracts_its_record(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("Run the tests with `pytest`.\nWe use `uv`.\n")
    import_repo(git_repo)
    (git_repo / "CLAUDE.md").write_text("Run the tests with `pytest`.\n")
    [report] = import_repo(git_repo)
    [gone] = by_key(git_repo, "package_manager", status=None)
    assert report.retracted == [gone["id"]]
    assert gone["status"] == "retracted" and "no longer stated in CLAUDE.md" in gone["evidence"]
    assert by_key(git_repo, "command.test")[0]["status"] == "active"


def test_a_deleted_memory_file_retracts_all_its_records(git_repo: Path) -> None:
    (git_repo / "AGENTS.md").write_text("Run the tests with `pytest`.\nWe use `uv`.\n")
    import_repo(git_repo)
    (git_repo / "AGENTS.md").unlink()
    with open_store(git_repo) as store:
        file = memory.MemoryFile(str(git_repo / "AGENTS.md"), "AGENTS.md", "repository", None)
        report = memory.import_file(store, file)
        assert store.memory_files() == []
    assert report.skipped == "file no longer exists" and len(report.retracted) == 2
    assert {r["status"] for r in rows(git_repo)} == {"retracted"}


def test_a_moved_line_keeps_the_same_record_and_updates_its_source_line(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("# Dev\nRun the tests with `pytest -q`.\n")
    import_repo(git_repo)
    [before] = by_key(git_repo, "command.test")
    assert before["source"] == "memory-file:CLAUDE.md:2"
    (git_repo / "CLAUDE.md").write_text("# Dev\n\nSome new intro.\n\nMore prose.\nRun the tests with `pytest -q`.\n")
    [report] = import_repo(git_repo)
    assert report.added == report.retracted == report.superseded == [] and report.unchanged == 1
    [after] = by_key(git_repo, "command.test", status=None)
    assert after["id"] == before["id"]
    assert after["source"] == "memory-file:CLAUDE.md:6"
    assert {k: v for k, v in after.items() if k != "source"} == {k: v for k, v in before.items() if k != "source"}


def test_a_changed_line_supersedes_the_old_record_with_lineage(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("# Dev\nRun the tests with `pytest -q`.\n")
    import_repo(git_repo)
    [old] = by_key(git_repo, "command.test")
    (git_repo / "CLAUDE.md").write_text("# Dev\nRun the tests with `pytest -x`.\n")
    [report] = import_repo(git_repo)
    history = {r["id"]: r for r in by_key(git_repo, "command.test", status=None)}
    [new] = [r for r in history.values() if r["status"] == "active"]
    assert new["value"] == "pytest -x" and new["source"] == "memory-file:CLAUDE.md:2"
    assert history[old["id"]]["status"] == "superseded"
    assert history[old["id"]]["superseded_by"] == new["id"]
    assert new["supersedes"] == old["id"]
    assert report.superseded == [new["id"]] and report.retracted == []


def test_a_changed_line_replaces_the_active_value(git_repo: Path) -> None:
    """What does hold today: after an edit exactly one active record, with the new value."""
    (git_repo / "CLAUDE.md").write_text("# Dev\nRun the tests with `pytest -q`.\n")
    import_repo(git_repo)
    (git_repo / "CLAUDE.md").write_text("# Dev\nRun the tests with `pytest -x`.\n")
    import_repo(git_repo)
    active = by_key(git_repo, "command.test")
    assert [(r["value"], r["source"]) for r in active] == [("pytest -x", "memory-file:CLAUDE.md:2")]
    assert len(by_key(git_repo, "command.test", status=None)) == 2  # the old one stays in the history


def _pnpm_project(repo: Path) -> None:
    (repo / "package.json").write_text(json.dumps({"name": "demo", "scripts": {"test": "vitest"}}))
    (repo / "pnpm-lock.yaml").write_text("lockfileVersion: '9.0'\n")
    commit_all(repo, "pnpm project")


def test_a_fact_repaired_by_a_verifier_does_not_come_back_on_forced_reimport(git_repo: Path) -> None:
    _pnpm_project(git_repo)
    (git_repo / "CLAUDE.md").write_text("# Dev\n\nWe use `npm` as package manager.\n")
    import_repo(git_repo)
    with open_store(git_repo) as store:
        [record] = store.active_records("package_manager")
        result = resolve.repair(store, record, resolve.context(store, os.environ, {}))
    assert result.status == "repaired" and result.new is not None and result.new.value == "pnpm"
    snapshot = rows(git_repo)

    [report] = import_repo(git_repo, force=True)
    assert report.added == report.superseded == []
    assert rows(git_repo) == snapshot
    assert [r["value"] for r in by_key(git_repo, "package_manager")] == ["pnpm"]

    # an unrelated edit of the file re-reads it: the wrong fact still does not come back
    with open(git_repo / "CLAUDE.md", "a") as fh:
        fh.write("\nRun the tests with `pnpm test`.\n")
    [report] = import_repo(git_repo)
    assert [r["value"] for r in by_key(git_repo, "package_manager")] == ["pnpm"]
    assert len(report.added) == 1  # only the new command


def test_a_fact_retracted_by_repair_does_not_come_back_on_reimport(git_repo: Path) -> None:
    (git_repo / "src").mkdir()
    (git_repo / "src" / "legacy.py").write_text("x = 1\n")
    commit_all(git_repo, "legacy")
    (git_repo / "CLAUDE.md").write_text("- `src/legacy.py` - the legacy module\n")
    import_repo(git_repo)
    git(git_repo, "rm", "-q", "src/legacy.py")
    git(git_repo, "commit", "-q", "-m", "drop legacy")
    with open_store(git_repo) as store:
        [record] = store.active_records("path.legacy_module")
        result = resolve.repair(store, record, resolve.context(store, os.environ, {}))
    assert result.status == "repaired"
    assert by_key(git_repo, "path.legacy_module") == []
    import_repo(git_repo, force=True)
    assert by_key(git_repo, "path.legacy_module") == []


def test_a_removed_then_restored_line_is_imported_again(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("Run the tests with `pytest`.\nWe use `uv`.\n")
    import_repo(git_repo)
    (git_repo / "CLAUDE.md").write_text("Run the tests with `pytest`.\n")
    import_repo(git_repo)
    assert by_key(git_repo, "package_manager") == []
    (git_repo / "CLAUDE.md").write_text("Run the tests with `pytest`.\nWe use `uv`.\n")
    [report] = import_repo(git_repo)
    [back] = by_key(git_repo, "package_manager")
    assert back["value"] == "uv" and report.added == [back["id"]]
    assert [r["status"] for r in by_key(git_repo, "package_manager", status=None)] == ["retracted", "active"]


def test_a_fact_the_developer_forgot_is_not_imported_again(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("Run the tests with `pytest`.\nWe use `uv`.\n")
    import_repo(git_repo)
    forgot = run_statewise(["forget", "--key", "package_manager"], git_repo)
    assert forgot.returncode == 0, forgot.stderr
    with open(git_repo / "CLAUDE.md", "a") as fh:
        fh.write("Lint with `ruff check .`.\n")
    import_repo(git_repo)
    import_repo(git_repo, force=True)
    assert by_key(git_repo, "package_manager") == []
    assert [r["value"] for r in by_key(git_repo, "command.lint")] == ["ruff check ."]


def test_a_policy_line_has_one_status_from_import_to_verify_and_the_digest(git_repo: Path) -> None:
    """A memory file's policy is a claim: unchecked when imported, unresolved once verification finds that only the
    developer can confirm it — never 'valid' first and 'unresolved' after, and never described as 'verified'."""
    from statewise_cli.memory.digest import digest

    (git_repo / "AGENTS.md").write_text("# Notes\n\nCommit messages follow Conventional Commits.\n")
    assert run_statewise(["import-memory"], git_repo).returncode == 0
    with Store.open(str(store_path(git_repo))) as store:
        [policy] = [r for r in store.active_records() if r.key.startswith("policy.")]
        assert policy.validity == "unchecked"
    assert run_statewise(["verify"], git_repo).returncode == 0
    with Store.open(str(store_path(git_repo))) as store:
        [policy] = [r for r in store.active_records() if r.key.startswith("policy.")]
        assert policy.validity == "unresolved"
        line = policy.describe()
        assert "verified" not in line and "unresolved" in line
        assert "verified" not in next(x for x in digest(store.active_records(), store).splitlines() if policy.key in x)


def test_two_memory_files_naming_two_commands_of_one_kind_keep_both(git_repo: Path) -> None:
    """AGENTS.md's `go vet ./...` and CLAUDE.md's `make lint` are both lint commands: the second file's becomes a
    variant instead of superseding the first (the order files are read in decides nothing is lost); re-importing
    changes nothing."""
    (git_repo / "AGENTS.md").write_text("# Notes\n\n- Lint: `go vet ./...`\n")
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Lint: `make lint`\n")
    assert run_statewise(["import-memory"], git_repo).returncode == 0
    with Store.open(str(store_path(git_repo))) as store:
        lint = {r.value: r.key for r in store.active_records() if r.key.startswith("command.lint")}
        assert set(lint) == {"go vet ./...", "make lint"}
        assert min(lint.values()) == "command.lint" and sorted(lint.values())[1].startswith("command.lint.")
        assert not [r for r in store.all_records() if r.key.startswith("command.lint") and r.status != "active"]
    again = run_statewise(["import-memory", "--force"], git_repo)
    assert again.returncode == 0, again.stderr
    with Store.open(str(store_path(git_repo))) as store:
        assert {r.value: r.key for r in store.active_records() if r.key.startswith("command.lint")} == lint
