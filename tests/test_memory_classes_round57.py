"""Extraction classes added in round 57, each on invented text (no line of any labelled file); the nested file's
parent-relative paths through the real import into a real store of a real git repository, and the console script."""

from __future__ import annotations

import json
import os
from pathlib import Path

from swtest import commit_all, run_statewise, store_path

from statewise_cli.memory import importer as memory
from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _paths(text: str, nested: bool = False) -> set[str]:
    return {str(f.value) for f in extract(text, nested=nested) if f.key.startswith("path.")}


def _facts(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for f in extract(text):
        found.setdefault(f.key, set()).add(str(f.value))
    return found


# --- a nested file's parent-relative paths -------------------------------------------------------------------------------

NESTED = ("# Operations\n\n## Relies on\n- Reads `../lib/billing/invoice.rb` (the invoice model), "
          "`../config/queues.yml` (the queue table) and `../docs/runbooks/` (what on-call reads).\n"
          "- See [the worker](../app/workers/mailer.py) for the retry loop.\n")


def test_a_nested_files_parent_relative_paths_are_parts_of_the_repository() -> None:
    found = _paths(NESTED, nested=True)
    assert {"../lib/billing/invoice.rb", "../config/queues.yml", "../docs/runbooks/", "../app/workers/mailer.py"} <= found, found


def test_a_root_files_parent_relative_paths_point_outside_the_repository() -> None:
    found = _paths(NESTED)
    assert not {p for p in found if p.startswith("../")}, found
    assert not {p for p in _paths(NESTED.replace("../", "../../"), nested=True) if p.startswith("../")}


def test_import_memory_keeps_a_nested_files_parent_relative_path_scoped_to_its_directory(git_repo: Path) -> None:
    (git_repo / "ops").mkdir()
    (git_repo / "ops" / "AGENTS.md").write_text(NESTED)
    (git_repo / "CLAUDE.md").write_text("# Repo\n\n- Reads `../shared/tokens.py` (the token table) from the sibling checkout.\n")
    commit_all(git_repo)
    result = run_statewise(["import-memory", "--json"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        records = [r.to_json() for r in store.all_records() if r.status == "active" and r.key.startswith("path.")]
    nested = {(r["value"], r["scope"]) for r in records if str(r["source"]).startswith("memory-file:ops/AGENTS.md")}
    assert ("../lib/billing/invoice.rb", "path:ops/**") in nested, records
    assert ("../app/workers/mailer.py", "path:ops/**") in nested, records
    assert not [r for r in records if str(r["value"]).startswith("../shared")], records


# --- a list of the project's files -------------------------------------------------------------------------------------


def test_a_key_files_list_names_the_projects_files_by_their_bare_names() -> None:
    text = ("# Box\n\n## Key files\n- `worker.service` — the queue unit (restarts on failure).\n"
            "- `backup.sh` / `restore.sh` — nightly jobs, both logged.\n- `edge.conf`, `jail/` — the proxy and its jail.\n"
            "- `Proxyfile` — upstream pool.\n- `NOTES.md` — scratch notes.\n- `jobs-{a,b}.sh` — the chores.\n"
            "- `package.json` — the manifest.\n\n### Config Files\n\n**routes.json:** Route table (read by the proxy)\n")
    found = _paths(text)
    assert {"worker.service", "backup.sh", "restore.sh", "edge.conf", "Proxyfile", "routes.json"} <= found, found
    assert not {"NOTES.md", "package.json"} & found and not [p for p in found if "{" in p], found


def test_a_lone_file_line_under_a_files_heading_is_that_file() -> None:
    text = "# Infra\n\n## IAM Files\n\n`roles-ci.tf`\n- the CI role\n\n`roles-app.tf`\n- the app roles\n"
    assert {"roles-ci.tf", "roles-app.tf"} <= _paths(text), _paths(text)


def test_files_under_other_headings_or_of_tests_and_docs_stay_unnamed() -> None:
    for heading in ("Test files", "Documentation Files", "When Creating New Files", "Overview"):
        text = f"# Repo\n\n## {heading}\n- `worker.service` — the queue unit.\n- `edge.conf` — the proxy.\n"
        assert not {"worker.service", "edge.conf"} & _paths(text), (heading, _paths(text))


# --- a settings-style memory file --------------------------------------------------------------------------------------

SETTINGS = ("# Agent settings\nproject_root=/home/someone/work/app\npython_version=3.12\ntest_command=\"python -m pytest -q\"\n"
            "lint_command='ruff check .'\npackage_manager=uv\nsource_directory=app\ntests_directory=tests\n"
            "test_directory=tests\nvenv_path=/home/someone/.venvs/app\nbranch_prefix=feat/\n"
            "commit_convention=conventional_commits\nAPI_KEY=changeme\nuse_black=true\n")


def test_settings_lines_name_commands_versions_manager_directories_and_git_conventions() -> None:
    found = _facts(SETTINGS)
    assert found.get("command.test") == {"python -m pytest -q"}, found
    assert found.get("command.lint") == {"ruff check ."}, found
    assert found.get("version.python") == {"3.12"} and found.get("package_manager") == {"uv"}, found
    paths = {v for k, vs in found.items() if k.startswith("path.") for v in vs}
    assert paths == {"app", "tests"}, paths  # the absolute checkout and virtualenv are one machine's; a repeat once
    assert "policy.branch_naming" in found and "policy.conventional_commits" in found, found
    assert not [k for k in found if k.startswith("env.")], found
    assert sum(1 for f in extract(SETTINGS) if f.key.startswith("path.")) == 2


def test_two_stray_settings_lines_make_no_settings_file() -> None:
    text = "# Notes\n\nSome prose.\n\ntest_command=make test\nsource_directory=app\n"
    found = _facts(text)
    assert "command.test" not in found and not [k for k in found if k.startswith("path.")], found
    fenced = "# Notes\n\n```ini\ntest_command=make test\nsource_directory=app\npython_version=3.12\n```\n"
    assert not _facts(fenced), _facts(fenced)


# --- a command list of a program no list knows ---------------------------------------------------------------------------


def test_a_command_list_entry_led_by_the_tasks_verb_is_that_command() -> None:
    text = ("# Driver\n\n## Build Commands\n- `qmake` or `qmake release` - Build the optimized release image\n"
            "- `qmake debug` - Build with symbols\n- `qmake check-fast` - Run the quick tests\n"
            "- `qmake clean` - Clean the build directory\n- `qmake info` - Show build configuration and targets\n")
    found = _commands(text)
    assert found.get("qmake") == found.get("qmake release") == found.get("qmake debug") == "command.build", found
    assert found.get("qmake check-fast") == "command.test", found
    assert "qmake clean" not in found and "qmake info" not in found, found


def test_a_lone_program_without_an_alternative_or_a_verb_stays_a_mention() -> None:
    text = "# Tools\n\n## Tooling\n- `qmake` - the build tool we ship\n- `qmake debug` - symbols included\n"
    assert not _commands(text), _commands(text)


def test_import_all_reads_a_memory_file_written_as_settings(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text(SETTINGS)
    commit_all(git_repo)
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        memory.import_all(store, find_repo(str(git_repo)), os.environ)
        got = {(r.key, json.dumps(r.value)) for r in store.all_records() if r.status == "active"}
    assert ("command.test", json.dumps("python -m pytest -q")) in got, got
    assert ("package_manager", json.dumps("uv")) in got, got


# --- the package manager, stated ---------------------------------------------------------------------------------------


def _managers(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key == "package_manager"}


def test_go_modules_named_as_the_dependency_tool_are_the_package_manager() -> None:
    text = "# Svc\n\n- **Dependencies:** Manage dependencies with `go mod`. Keep `go.mod` tidy.\n"
    assert _managers(text) == {"go"}, extract(text)
    assert not _commands(text), _commands(text)  # `go mod` alone runs nothing
    assert _managers("# Svc\n\n- Inspect the graph with `go mod graph`.\n") == set()


def test_a_manager_for_deps_is_stated() -> None:
    assert _managers("# Api\n\n* **Poetry** for deps; prefix commands with `poetry run`.\n") == {"poetry"}
    assert _managers("# Api\n\n* Run the linter with `poetry run ruff check .`.\n") == set()


def test_a_manager_stated_in_chinese_japanese_or_korean() -> None:
    assert _managers("1. 使用 pnpm 来执行所有的包安装\n") == {"pnpm"}
    assert _managers("- パッケージマネージャーは yarn を使う\n") == {"yarn"}
    assert _managers("- 패키지 매니저: bun\n") == {"bun"}
    assert _managers("- パッケージ管理ツールはyarnを使用してください\n") == {"yarn"}  # no space before the name
    assert _managers("1. 使用 pnpm 运行测试\n") == set()  # running a script chooses no manager


# --- git rules and what is no rule -------------------------------------------------------------------------------------


def test_release_as_a_path_segment_is_no_release() -> None:
    text = "# Notes\n\n## Important Notes\n\n- A revision note (same name, placed in a new release/2024 folder) must NOT copy the whole page.\n"
    assert _policies(text) == [], _policies(text)
    assert _policies("# Notes\n\n## Git\n\n- Commit messages in English.\n"), "a rule on commit messages without a verb"


def test_a_component_item_describing_what_uses_it_is_no_rule() -> None:
    text = "# Infra\n\n## Roles\n- `ci-read-role` — assumed by PR workflows, read-only\n- `main` — never push directly\n"
    assert [p for p in _policies(text) if "ci-read-role" in p] == [], _policies(text)
    assert [p for p in _policies(text) if "never push" in p], _policies(text)
    hooks = "# Dev\n\n## Hooks\n- `msg-lint` - Commit message linter\n- `no-keys` - Prevents committing private keys\n"
    assert len(_policies(hooks)) == 2, _policies(hooks)  # a hook that enforces a commit rule is the rule


def test_secrets_kept_out_of_vcs_and_ci_that_must_run_are_rules() -> None:
    text = ("# Api\n\n## Security\n\n* Tokens live in the vault, never VCS.\n\n## Tests\n\n"
            "* CI must run the whole suite; a red build blocks.\n* Don\u2019t commit secrets.\n")
    found = _policies(text)
    assert len(found) == 3, found


def test_raising_a_pr_is_the_step_a_rule_asks_for() -> None:
    text = "# Ops\n\n## Drift\n\nDrift found in prod: do not auto-fix. Raise a PR with the change and let review approve it.\n"
    assert _policies(text), extract(text)


# --- directories named in prose ------------------------------------------------------------------------------------------


def test_an_item_naming_a_component_and_its_directory_in_parentheses() -> None:
    text = "# Mono\n\n- Api (services/api)\n  - Test: go test ./...\n- Web (apps/web)\n- Built output (dist/web)\n"
    found = _paths(text)
    assert {"services/api", "apps/web"} <= found and "dist/web" not in found, found


def test_a_folder_named_in_korean_japanese_or_chinese() -> None:
    assert "src/hooks" in _paths("- 훅은 src/hooks 폴더에 둔다.\n")
    assert "shared/" in _paths("- 共通コードは shared/ ディレクトリに配置\n")
    assert "assets/icons" in _paths("- 图标放在 assets/icons 目录\n")
    assert _paths("- 使用 hooks 来管理状态\n") == set()


def _policies(text: str) -> list[str]:
    return [str(f.value) for f in extract(text) if f.key.startswith("policy.")]


# --- env vars a program cannot run without; commands the file says are not the way -----------------------------------------


def test_a_variable_a_script_refuses_to_run_without_is_required() -> None:
    text = "# Ops\n\n- `restore-check.sh` refuses to run without `SCRATCH_DB_URL` so it never touches production.\n"
    assert _facts(text).get("env.SCRATCH_DB_URL") == {"required"}, _facts(text)
    text = "# Ops\n\n- The worker won't start without `QUEUE_TOKEN`.\n"
    assert _facts(text).get("env.QUEUE_TOKEN") == {"required"}, _facts(text)
    assert "env.QUEUE_TOKEN" not in _facts("# Ops\n\n- The worker starts faster with `QUEUE_TOKEN`.\n")


def test_a_command_the_file_says_checks_are_not_done_by_is_no_command() -> None:
    text = "# Ops\n\n- These are shell scripts, verified by running them, not by `lein test`.\n"
    assert "lein test" not in _commands(text), _commands(text)


# --- rules in other languages and under a prohibitions heading ----------------------------------------------------------


def test_secrets_kept_out_of_the_repository_in_german_and_a_prohibitions_section() -> None:
    text = ("# Betrieb\n\n## Qualität\n\n- Keine API-Keys ins Repository.\n\n## Verboten\n\n- Private Schlüssel committen.\n"
            "- Dateien umbenennen ohne Rückfrage.\n")
    found = _policies(text)
    assert any("Repository" in p for p in found) and any("committen" in p for p in found), found
    assert not any("umbenennen" in p for p in found), found  # a prohibition with no git action is no git rule


def test_the_steps_of_a_commit_section_are_its_rules() -> None:
    text = ("# App\n\n## Git commits\n\n- Stage the changed files\n- Generate a message from the summary of the diff\n"
            "- Using conventional commits for every message\n- Be short and specific about the change\n")
    assert len(_policies(text)) >= 3, _policies(text)


# --- directories placed in plain prose; a deploy that also builds; a rule that wraps after ";" -----------------------------


def test_a_part_placed_in_a_directory_written_without_a_code_span() -> None:
    assert "src/widgets" in _paths("# Web\n\n- All widgets should go in src/widgets and be named in kebab-case.\n")
    assert "tests/data" in _paths("# Api\n\nFixtures live under tests/data.\n")
    assert _paths("# Api\n\n- Never put keys in config/secrets\n") == set()


def test_a_command_commented_as_build_and_deploy_is_a_deployment() -> None:
    text = "# K8s\n\n```bash\n# Dev loop\nskaffold dev\n\n# One-off build & deploy\nskaffold run\n```\n"
    found = _commands(text)
    assert "skaffold run" not in found and found.get("skaffold dev") == "command.dev", found


def test_a_rule_after_a_semicolon_that_the_line_wraps_is_kept() -> None:
    text = ("# Infra\n\nSizing and contact addresses are workspace variables; never commit values,\n"
            "prose, or comments that reveal the deployment's scale.\n")
    assert [p for p in _policies(text) if "never commit" in p], _policies(text)


def test_use_a_file_for_a_role_in_a_file_organisation_section() -> None:
    text = ("# Web\n\n### File Organization\n- Use `boot.tsx` for app bootstrap\n- Use `/static/` for files served as they are\n"
            "- Use `.env.local` for secrets\n\n### Styling\n- Use `theme.ts` for colours\n")
    found = _paths(text)
    assert {"boot.tsx", "/static/"} <= found and not {".env.local", "theme.ts"} & found, found


def test_a_file_shown_in_parentheses_after_a_naming_case_is_an_example() -> None:
    text = "# Web\n\n### Components\n- Keep components in `/src/ui/` directory\n- Use PascalCase for component files (`UserCard.tsx`)\n"
    found = _paths(text)
    assert "/src/ui/" in found and "UserCard.tsx" not in found, found


def test_a_nested_files_parent_path_named_as_reading_material_or_vendored_is_no_component() -> None:
    text = ("# Rust driver\n\n- Java: `../java/` - the production driver\n"
            "\nReference the Java (`../java/`) and Go (`../go/`) drivers for retry patterns.\n"
            "- Keep `KNOWN/0` aligned with `../spec/known.json`.\n"
            "- JSON: located at `../vendor-pack/thirdparty/json.hpp`, on the include path\n"
            "- Uses `../lib/core.rs` (the parser), `../bench/run.rs` (the sibling this mirrors), `../tools/gen.rs` (codegen)\n")
    found = _paths(text, nested=True)
    assert "../java/" in found and "../go/" not in found, found
    assert "../spec/known.json" not in found and not [p for p in found if "thirdparty" in p], found
    assert {"../lib/core.rs", "../bench/run.rs", "../tools/gen.rs"} <= found, found
    assert "thirdparty/pkgs/" in _paths("# Zig\n\n- External package modules live in `thirdparty/pkgs/`.\n"), "a directory stays"
