"""Memory extraction: the forms real files use, the variants import keeps, and what is not a fact.

Extraction runs on small phrasings; import runs on real git repositories with real SQLite stores
(``memory.import_all``), and the stored, active records — what the hook reads — are checked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from swtest import store_path

from statewise_cli.memory import importer as memory
from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store
from statewise_cli.store.records import Record
from statewise_cli.verifiers import Observation, VerifyContext, for_key, load


def facts_of(text: str) -> set[tuple[str, object]]:
    return {(f.key, f.value) for f in extract(text)}


def stored(repo: Path, text: str, name: str = "CLAUDE.md") -> dict[tuple[str, str], object]:
    path = repo / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    with Store.open(str(store_path(repo)), find_repo(str(repo))) as store:
        memory.import_all(store, find_repo(str(repo)), os.environ)
        return {(r.key, r.scope): r.value for r in store.active_records()}


# ----------------------------------------------------------------- several commands per kind
def test_every_test_command_is_kept_as_a_variant_and_the_default_needs_evidence(git_repo: Path) -> None:
    got = stored(git_repo, "# Dev\n\n## Test\n\n```bash\npnpm test        # watch mode\npnpm test:run\npnpm test:e2e\n"
                           "pnpm test src/utils.test.ts\n```\n")
    assert got[("command.test", "repository")] == "pnpm test:run"  # the only one without a qualifier
    assert got[("command.test.watch", "repository")] == "pnpm test"
    assert got[("command.test.e2e", "repository")] == "pnpm test:e2e"
    assert got[("command.test.single", "repository")] == "pnpm test src/utils.test.ts"


def test_without_evidence_no_command_is_the_default(git_repo: Path) -> None:
    got = stored(git_repo, "## Testing\n\n```sh\nmake test-unit\nmake test-fast\n```\n")
    assert ("command.test", "repository") not in got  # first-wins would have picked make test-unit
    assert sorted(v for (k, _), v in got.items() if k.startswith("command.test")) == ["make test-fast", "make test-unit"]


def test_a_label_or_a_manifest_match_makes_the_default(git_repo: Path) -> None:
    got = stored(git_repo, "- Run one suite: `npm run test:api`\n- Test: `npm run test:all`\n")
    assert got[("command.test", "repository")] == "npm run test:all"  # "Test:" labels it
    (git_repo / "package.json").write_text(json.dumps({"scripts": {"test": "jest", "test:api": "jest api"}}))
    (git_repo / "CLAUDE.md").unlink()  # one file at a time: two files' commands are kept side by side
    with Store.open(str(store_path(git_repo))) as store:
        store.forget("command.test")
    got = stored(git_repo, "## Testing\n\n```sh\nnpm run test:api\nnpm test\n```\n", name="AGENTS.md")
    assert got[("command.test", "repository")] == "npm test"  # package.json has a `test` script


def test_run_line_under_a_test_heading_and_examples_are_not_the_test_command() -> None:
    got = facts_of("## Test\n\n- Run server: `python3 -m app.server --port 8000`\n- Example: `pytest tests/test_x.py`\n"
                   "- Run tests: `pytest -q`\n")
    assert ("command.run", "python3 -m app.server --port 8000") in got
    assert ("command.test", "pytest -q") in got
    assert not any(v == "pytest tests/test_x.py" for _, v in got)


def test_bare_tool_names_in_prose_do_not_take_the_slot() -> None:
    got = facts_of("We lint with `eslint` and `golangci-lint` in CI.\n\nLint: `pnpm lint`, then `golangci-lint run`.\n")
    assert ("command.lint", "pnpm lint") in got and ("command.lint", "golangci-lint run") in got
    assert ("command.lint", "eslint") not in got and ("command.lint", "golangci-lint") not in got


def test_cd_prefix_scopes_the_command_to_that_directory(git_repo: Path) -> None:
    got = stored(git_repo, "## Web\n\nRun the web tests: `cd web && pnpm test`\n")
    assert got[("command.test", "path:web/**")] == "cd web && pnpm test"


def test_a_cd_scoped_variant_is_verified_in_its_directory(git_repo: Path) -> None:
    (git_repo / "web").mkdir()
    (git_repo / "web" / "package.json").write_text(json.dumps({"scripts": {"test": "vitest"}}))
    (git_repo / "web" / "pnpm-lock.yaml").write_text("lockfileVersion: '9.0'\n")
    load()
    ctx = VerifyContext(find_repo(str(git_repo)), {"PATH": os.environ["PATH"]})
    for key, value in (("command.test", "cd web && pnpm test"), ("command.test.e2e", "cd web && pnpm test:e2e")):
        record = Record(id="r", key=key, value=value, type="command", scope="path:web/**", observed_at=0.0, stored_at=0.0,
                        expires_at=None, source="memory-file:CLAUDE.md:3", authority="document", status="active",
                        validity="unchecked", verified_at=None, supersedes=None, superseded_by=None, evidence=None)
        [verifier] = for_key(key)
        result = verifier.verify(record, ctx)
        assert isinstance(result, Observation)
        assert result.agrees is (key == "command.test"), result.evidence  # no test:e2e script: the variant is wrong


# ----------------------------------------------------------------- runners
@pytest.mark.parametrize(("text", "expected"), [
    ("```\nmix test\n```", ("command.test", "mix test")),
    ("Run tests with `./gradlew test`.", ("command.test", "./gradlew test")),
    ("Build: `cd app && ../gradlew assembleDebug`", ("command.build", "cd app && ../gradlew assembleDebug")),
    ("- `./mvnw test` runs the unit tests", ("command.test", "./mvnw test")),
    ("```\nxcodebuild test -scheme App -destination 'platform=macOS'\n```",
     ("command.test", "xcodebuild test -scheme App -destination 'platform=macOS'")),
    ("Lint with `swiftlint lint --strict`.", ("command.lint", "swiftlint lint --strict")),
    ("Tests: `Rscript -e 'devtools::test()'`", ("command.test", "Rscript -e 'devtools::test()'")),
    ("- `dotnet test` runs the tests", ("command.test", "dotnet test")),
    ("Format: `just fmt`", ("command.format", "just fmt")),
    ("- Test: `mise run test`", ("command.test", "mise run test")),
    ("Type check with `poe typecheck`", ("command.typecheck", "poe typecheck")),
    ("Test: deno test -A; Lint: deno lint; Format: deno fmt", ("command.lint", "deno lint")),
    ("Test: deno test -A; Lint: deno lint; Format: deno fmt", ("command.test", "deno test -A")),
    ("Run the tests:\n\n    bundle exec rspec\n", ("command.test", "bundle exec rspec")),
    ("- Always run the tests (bin/rails test)", ("command.test", "bin/rails test")),
    ("| Task | Command |\n|---|---|\n| Test | `flutter test` |\n| Lint | `flutter analyze` |",
     ("command.lint", "flutter analyze")),
])
def test_runners_and_forms(text: str, expected: tuple[str, str]) -> None:
    assert expected in facts_of(text + "\n")


def test_a_terraform_plan_target_under_a_testing_heading_is_not_the_test_command() -> None:
    got = facts_of("## Testing\n\n```sh\nmake plan-dev\n```\n")
    assert not any(k.startswith("command.test") for k, _ in got)


def test_aggregates_deploys_and_chains_of_different_tasks_are_not_facts() -> None:
    got = facts_of("```sh\nmake deploy\nmake clean\npnpm build && pnpm lint\n```\n")
    assert not any(k.startswith("command.") for k, _ in got)


# ----------------------------------------------------------------- versions, branches, package manager, env
@pytest.mark.parametrize(("line", "expected"), [
    ("Node: use `>=18`", ("version.node", ">=18")),
    ("**Go Version**: 1.25.2", ("version.go", "1.25.2")),
    ("Requires JDK 17+", ("version.java", ">=17")),
    ("Node.js >= 20", ("version.node", ">=20")),
    ("- Ensure you are on **Ruby ≥ 3.0**", ("version.ruby", ">=3.0")),
])
def test_version_forms(line: str, expected: tuple[str, str]) -> None:
    assert expected in facts_of(line + "\n")


def test_rust_editions_are_not_versions() -> None:
    assert not any(k == "version.rust" for k, _ in facts_of("Uses Rust 2024 edition.\n"))


def test_branch_protection_on_a_branch_is_protection() -> None:
    [fact] = [f for f in extract("We have branch protection on `main`.\n") if f.key == "git.branch.protected"]
    assert (fact.value, fact.scope) == (True, "branch:main")


@pytest.mark.parametrize(("command", "manager"), [
    ("pip install -e .[dev]", "pip"), ("pnpm -w install", "pnpm"), ("bun install", "bun"), ("uv sync", "uv"),
])
def test_package_manager_from_the_install_command(command: str, manager: str) -> None:
    assert ("package_manager", manager) in facts_of(f"## Setup\n\nInstall dependencies: `{command}`\n")


def test_a_stated_package_manager_wins_over_an_install_command(git_repo: Path) -> None:
    got = stored(git_repo, "We use pnpm.\n\n- Install: `npm install -g pnpm`\n")
    assert got[("package_manager", "repository")] == "pnpm"


def test_required_env_vars_and_not_optional_ones_or_conventions() -> None:
    got = facts_of("Required secrets: `DATABASE_URL`, `STRIPE_KEY`\n\nOptional: `SENTRY_DSN` (required for tracing only "
                   "if you enable it, optional otherwise)\n\nPrefix every variable with `APP_`.\n")
    assert ("env.DATABASE_URL", "required") in got and ("env.STRIPE_KEY", "required") in got
    assert not any(k in ("env.SENTRY_DSN", "env.APP_") for k, _ in got)


def test_env_table_with_a_required_column() -> None:
    got = facts_of("| Variable | Required | Purpose |\n|---|---|---|\n| `API_TOKEN` | yes | auth |\n| `DEBUG` | no | x |\n")
    assert ("env.API_TOKEN", "required") in got and not any(k == "env.DEBUG" for k, _ in got)


# ----------------------------------------------------------------- paths and policies
def test_nested_path_items_are_joined_to_their_parent() -> None:
    got = facts_of("## Layout\n\n- `packages/` - workspace packages\n  - `ui/` - shared components\n  - `api/` - the server\n")
    assert {v for k, v in got if k.startswith("path.")} == {"packages/", "packages/ui/", "packages/api/"}


def test_ignore_lists_and_doc_links_are_not_component_paths() -> None:
    got = facts_of("## Ignored\n\n- `dist/` - build output\n- `tmp/cache/` - scratch\n\nSee [the guide](docs/guide.md) "
                   "for `docs/guide.md`.\n")
    assert not any(k.startswith("path.") for k, _ in got)


def test_a_test_directory_and_a_table_of_paths() -> None:
    got = facts_of("Tests live in `tests/unit/`.\n\n| Path | What |\n|---|---|\n| `src/api/` | HTTP handlers |\n")
    assert {v for k, v in got if k.startswith("path.")} == {"tests/unit/", "src/api/"}


def test_policies_in_commented_code_blocks() -> None:
    got = [f for f in extract("## Git\n\n```bash\n# Always commit after verified working changes\ngit add . && "
                              "git commit -m \"type: description\"\n```\n") if f.key.startswith("policy.")]
    assert {f.line for f in got} == {4, 5}


# ----------------------------------------------------------------- env vars: the forms that say required, and those that do not
def _env(text: str) -> set[str]:
    return {k.removeprefix("env.") for k, v in facts_of(text) if k.startswith("env.") and v == "required"}


def test_required_and_optional_groups_on_one_line_are_read_apart() -> None:
    text = ("## Configuration\n\nRequired: `APP_DB_DSN` (postgres DSN), `SIGNING_KEY` (32+ bytes). Optional: `HTTP_PORT` "
            "(default 9000), `TRACE_SAMPLE` (off). Staging: `REGISTRY_HOST` (e.g. `registry.local`).\n")
    assert _env(text) == {"APP_DB_DSN", "SIGNING_KEY"}


def test_a_required_lead_in_covers_the_list_below_it_and_ends_with_it() -> None:
    nested = ("### Profiles\n\n- Profile: `live`\n- Required environment variables:\n  - `SMTP_USER` - mail account\n"
              "  - `SMTP_PASS` - its password\n- Mail host: `localhost:25`\n- `LOG_FORMAT` - json or text\n")
    assert _env(nested) == {"SMTP_USER", "SMTP_PASS"}
    paragraph = ("## Setup\n\nThe following environment variables are required:\n\n- `QUEUE_URL`: the broker\n"
                 "- `QUEUE_TOKEN`: its token\n\nThe server then starts.\n\n- `OTHER_FLAG`: unrelated\n")
    assert _env(paragraph) == {"QUEUE_URL", "QUEUE_TOKEN"}
    optional = "## Setup\n\nOptional environment variables:\n\n- `CACHE_DIR`: where to cache\n- `NO_COLOR`: plain output\n"
    assert _env(optional) == set()


def test_requires_a_named_variable_and_negated_requirements() -> None:
    assert _env("### Database\nRequires `STORE_DSN` environment variable. Migrations run on start.\n") == {"STORE_DSN"}
    assert _env("The worker needs `BROKER_TOKEN` set before it starts.\n") == {"BROKER_TOKEN"}
    assert _env("`LEGACY_KEY` is not required any more; `TRACE_ID` is optional.\n") == set()
    assert _env("- Integration tests skip when `REMOTE_TOKEN` is not set (required only for them)\n") == set()


def test_export_and_dotenv_lines_are_required_only_where_the_file_says_so() -> None:
    commented = ("## Keys\n\n```bash\n# Required: the service key\nexport SERVICE_KEY=\"your-key\"\n\n# Optional: endpoint\n"
                 "export SERVICE_URL=\"https://example.invalid\"\n```\n")
    assert _env(commented) == {"SERVICE_KEY"}
    lead = "## Deploy\n\nSet the required environment variables:\n\n```sh\nexport CLOUD_TOKEN=abc\naz login\n```\n"
    assert _env(lead) == {"CLOUD_TOKEN"}
    silent = "## Setup\n\nSet your key as an environment variable:\n\n```bash\nexport MODEL_KEY=\"your-key-here\"\n```\n"
    assert _env(silent) == set()
    dotenv = ("## Env\n\n```env\n# Base URL (required)\nBASE_URL=https://example.invalid\nTIMEOUT=30  # optional\n"
              "# DB_URL=postgres://user:pass@host/db\nSESSION_SECRET=change-me  # required\n```\n")
    assert _env(dotenv) == {"BASE_URL", "SESSION_SECRET"}


def test_a_table_of_defaults_is_not_a_list_of_required_variables() -> None:
    text = ("## Environment Variables\n\n| Variable | Default | Description |\n|---|---|---|\n| `WORKERS` | `4` | pool size |\n"
            "| `ADMIN_PASSWORD` | (none) | admin login |\n")
    assert _env(text) == set()


# ----------------------------------------------------------------- what is not a fact: examples, mentions, descriptions
def _keys(text: str, prefix: str) -> set[tuple[str, object]]:
    return {(k, v) for k, v in facts_of(text) if k.startswith(prefix)}


def test_items_under_an_examples_lead_in_are_not_commands_but_a_script_named_example_is() -> None:
    text = "## Packages\n\n- Always use `yarn`\n- Examples:\n  - `yarn install` (not npm install)\n  - `yarn add <pkg>`\n"
    assert _keys(text, "command.") == set()
    assert ("package_manager", "yarn") in facts_of(text)
    assert ("command.run", "python main.py") in facts_of("## Running\n\nExecute the main example:\n```bash\npython main.py\n```\n")


def test_a_negated_package_manager_and_a_bare_tool_name_are_not_facts() -> None:
    got = facts_of("- Never use npm or pnpm; always use `yarn`.\n")
    assert {v for k, v in got if k == "package_manager"} == {"yarn"}
    assert _keys("- ALWAYS use `pnpm` for every package task\n", "command.") == set()
    assert _keys("Optionally run `golangci-lint` for more checks.\n\n- `uv add` to add dependencies.\n", "command.") == set()


def test_aggregates_database_tasks_deploy_targets_and_publishing_sections() -> None:
    text = ("## Commands\n\n- `mix quality` - run all quality checks\n- `mix ecto.setup` - create and seed the database\n"
            "- `bin/rails db:setup` - set up the database\n- `make app-deploy` - build and deploy the app\n")
    assert _keys(text, "command.") == set()
    assert _keys("### Publishing\n\n- `mix hex.build` - Build package for Hex.pm\n", "command.") == set()
    assert ("command.build", "pnpm build") in facts_of("## Build & Deploy\n\n```bash\npnpm build   # Build all apps\n```\n")


def test_policies_written_as_lead_ins_and_after_a_label() -> None:
    def lines(text: str) -> set[int]:
        return {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert lines("### Checklist\n\n**ALWAYS run the formatter before git commit:**\n\n```bash\nmix format\n```\n") == {3}
    assert lines("### Rules\n\n- **PR Descriptions**: Write PR descriptions in English\n") == {3}
    assert lines("### CI\n\n- Triggers on: push to main, nightly schedule\n- Development: Use `pnpm db:push` to iterate\n") == set()


def test_a_tool_run_through_its_path_and_runner_tasks_named_by_their_target() -> None:
    assert ("command.format", "./vendor/bin/pint") in facts_of("```bash\n./vendor/bin/pint    # code style fixer\n```\n")
    got = facts_of("## Commands\n\n- `./gradlew bootRun` - Run the Spring Boot application\n- `./gradlew bootJar` - "
                   "Create an executable JAR\n- **Run**: `make run` (builds then runs)\n")
    assert {("command.run", "./gradlew bootRun"), ("command.build", "./gradlew bootJar"), ("command.run", "make run")} <= got
    assert ("command.dev", "bin/rails server") in facts_of("```bash\nbin/rails server   # Start dev server on port 3000\n```\n")


def test_paths_mapped_by_an_arrow_and_what_is_not_a_path() -> None:
    assert {v for k, v in facts_of("### Autoloading\n- `App\\` → `app/`\n- `Tests\\` → `tests/`\n") if k.startswith("path.")} \
        == {"app/", "tests/"}
    not_paths = ("## Notes\n\n- `composer.json`: custom scripts\n- MySQL connection: `localhost:3306/app`\n"
                 "- `lib/your_gem.rb` loads the gem\n- Evals: `make eval` (artifacts under `outputs/evals/`)\n")
    assert _keys(not_paths, "path.") == set()
    assert _keys("### API Structure\n\n- `/api/health`: Health check\n- `/api/users`: Users\n", "path.") == set()


def test_a_version_matrix_is_not_a_pin_and_x_versions_are_kept() -> None:
    assert _keys("- Tests run on Python 3.8, 3.9, 3.10 and 3.11\n", "version.") == set()
    assert ("version.zig", "0.14.x") in facts_of("Requires Zig 0.14.x.\n")


def test_one_inferred_package_manager_per_ecosystem() -> None:
    got = facts_of("## Setup\n\n```bash\nbundle install   # Install Ruby gems\nyarn install     # Install JavaScript deps\n```\n")
    assert {v for k, v in got if k == "package_manager"} == {"bundler", "yarn"}


def test_what_ci_runs_and_the_second_command_of_an_example_list() -> None:
    text = ("- All workflows run `make syntax-check` first\n- Sandboxes may block commands like `uv run pytest` or "
            "`uv sync`.\n")
    assert _keys(text, "command.") == set()


def test_bold_paths_nested_under_a_bold_directory_and_leading_slash_directories() -> None:
    text = ("### Layout\n- **cmd/api/main.go**: Entry point\n- **pkg/**: Core logic\n  - **store/**: Persistence\n"
            "- **Config/Data**: sorted alphabetically\n- **Vue.js**: the UI framework\n")
    assert {v for k, v in facts_of(text) if k.startswith("path.")} == {"cmd/api/main.go", "pkg/", "pkg/store/"}
    got = facts_of("Monorepo: server in `/server`, web app in `/web`.\n\n- `/app/(admin)/` - Routes behind a login\n")
    assert {v for k, v in got if k.startswith("path.")} == {"/server", "/web", "/app/(admin)/"}


def test_paths_in_headings_after_bold_names_and_in_placement_sentences() -> None:
    text = ("### Deploy pipeline (`.ci/pipelines/deploy.yml`)\n\n**Worker config** (`apps/worker/settings.toml`):\n\n"
            "New widgets will be added to `apps/web/src/widgets/` automatically.\n\n- Fixtures: `tests/fixtures.py` (shared)\n"
            "\nSource lives in `src/` and tests in `tests/`.\n")
    assert {v for k, v in facts_of(text) if k.startswith("path.")} == {
        ".ci/pipelines/deploy.yml", "apps/worker/settings.toml", "apps/web/src/widgets/", "tests/fixtures.py", "src/", "tests/"}


def test_url_routes_module_functions_and_root_configs_are_not_paths() -> None:
    text = ("- Health check at `/health` returns JSON\n- **Routes**: Namespaced under `/admin/reports`\n"
            "- **Auth.Users.register/1** - registration\n- **vite-config.js**: bundler settings\n")
    assert _keys(text, "path.") == set()
    assert {v for k, v in facts_of("3. Place API routes under `/app/api/`\n") if k.startswith("path.")} == {"/app/api/"}


def test_branch_defaults_and_naming_patterns_and_label_led_rules() -> None:
    got = facts_of("- Git is used for all tracking; `trunk` is the default branch\n")
    assert ("git.default_branch", "trunk") in got
    naming = [f for f in extract("- Create feature branches from main (`feat/short-name`)\n") if f.key == "policy.branch_naming"]
    assert [f.value for f in naming] == ["feat/short-name"]
    assert {f.line for f in extract("### Commits\n\n- **Signature**: Include the following trailer in commit messages:\n"
                                    "  ```\n  Signed-off-by: Name\n  ```\n") if f.key.startswith("policy.")} == {3}


def test_typecheck_scripts_and_node_test_scripts() -> None:
    assert ("command.typecheck", "npm run check:types") in facts_of("```sh\nnpm run check:types   # TypeScript only\n```\n")
    assert ("command.test", "node test/run-all.js") in facts_of("Run after the build:\n\n```\nnode test/run-all.js\n```\n")


def test_starting_containers_is_not_a_task_even_the_app_stack() -> None:
    text = "```sh\ndocker compose up -d db        # Start PostgreSQL\n# Start Redis\ndocker-compose up -d\n```\n"
    assert _keys(text, "command.") == set()
    # the label guide counts `docker compose up` as infrastructure start-up in every form, "Start application" included
    assert not [k for k, _ in facts_of("- Run the app: `docker compose up`\n") if k.startswith("command.")]


# ----------------------------------------------------------------- env vars: bare names, tables and indented blocks
def test_variables_named_without_backticks_in_a_required_sentence_or_a_code_comment() -> None:
    block = "## Deploy\n\n```bash\n# Deploy (requires .env with SIGNER_KEY and CHAIN_RPC_URL)\nforge script x --broadcast\n```\n"
    assert _env(block) == {"SIGNER_KEY", "CHAIN_RPC_URL"}
    assert _env("Required secrets: STORE_DSN, MAIL_TOKEN.\n") == {"STORE_DSN", "MAIL_TOKEN"}
    # a required sentence that is not about variables names no variable; a commented-out placeholder neither
    assert _env("MAX_RETRIES and TIMEOUT_MS are required constants in config.py.\n") == set()
    assert _env("```env\n# STORE_DSN=postgres://user:pass@host/db (required in production)\n```\n") == set()


def test_each_variable_takes_its_own_note_in_a_list_written_as_prose() -> None:
    text = ("## Env vars\n\n`PROXY_KEY` (required to proxy), `DEMO_KEY` (the demo project; without it requests are "
            "refused), `DATA_ROOT` (root for the database), `AUDIT_SECRET` (required for the log viewer).\n")
    assert _env(text) == {"PROXY_KEY", "AUDIT_SECRET"}


def test_a_table_under_a_required_heading_or_lead_in_and_one_with_a_required_column() -> None:
    heading = "## Required environment variables\n\n| Variable | Purpose |\n|---|---|\n| `STORE_DSN` | db |\n| `MAIL_TOKEN` | mail |\n"
    assert _env(heading) == {"STORE_DSN", "MAIL_TOKEN"}
    lead = ("## Setup\n\nThese environment variables are required:\n\n| Name | Notes |\n|---|---|\n| `QUEUE_URL` | broker |\n"
            "| `CACHE_DIR` | optional, a directory |\n\n| Name | Notes |\n|---|---|\n| `LATER_VAR` | another table |\n")
    assert _env(lead) == {"QUEUE_URL"}
    column = "| Variable | Default | Required |\n|---|---|---|\n| `API_TOKEN` | - | yes |\n| `VERBOSE` | `true` | no |\n"
    assert _env(column) == {"API_TOKEN"}
    defaults = "## Environment\n\n| Variable | Default | Description |\n|---|---|---|\n| `FEATURE_ON` | `true` | flag |\n"
    assert _env(defaults) == set()


def test_an_indented_export_block_under_a_required_lead_in() -> None:
    text = "Before running, export the required variables:\n\n    export CLIENT_ID=xxx\n    export CLIENT_SECRET=yyy\n"
    assert _env(text) == {"CLIENT_ID", "CLIENT_SECRET"}
    assert _env("Set up your key:\n\n    export CLIENT_ID=xxx\n") == set()


# ----------------------------------------------------------------- paths: nesting, ignore lists, examples, links, forms
def _paths(text: str) -> set[object]:
    return {v for k, v in facts_of(text) if k.startswith("path.")}


def test_nested_items_join_every_level_and_a_directory_without_a_slash() -> None:
    text = "- `packages/` - workspace\n  - `api/` - server\n    - `routes/` - handlers\n- `libs/ui` - UI kit\n  - `src/` - components\n"
    assert _paths(text) == {"packages/", "packages/api/", "packages/api/routes/", "libs/ui", "libs/ui/src/"}


def test_underscores_inside_a_code_span_are_not_bold_markers() -> None:
    assert _paths("- **Unit tests**: `src/__tests__/`\n- **Package**: `pkg/__init__.py` - exports\n") == \
        {"src/__tests__/", "pkg/__init__.py"}


def test_lists_under_an_ignore_or_example_lead_in_name_no_components() -> None:
    text = ("Do not modify these directories:\n- `vendor/` - third-party code\n- `gen/` - generated\n\n"
            "For example:\n- `src/features/auth/` - a feature\n\nThe layout:\n\n- `src/core/` - the core\n")
    assert _paths(text) == {"src/core/"}
    assert _paths("Never edit files in `generated/`.\n") == set()


def test_a_path_that_is_a_link_points_at_a_document() -> None:
    assert _paths("- **Architecture**: [the overview](docs/architecture/overview.md)\n") == set()
    # a link to a folder of the repository names that folder (documentation folders are parts of the project too)
    assert _paths("- **Architecture**: [`docs/architecture/`](docs/architecture/)\n") == {"docs/architecture/"}
    assert _paths("- See [the guide](docs/deploy/README.md); the deploy scripts live in `deploy/`.\n") == {"deploy/"}


def test_a_path_leading_a_sentence_a_label_line_and_a_named_thing_that_is_a_path() -> None:
    text = ("`src/lib/` contains shared utilities.\n\nConfiguration: `config/settings.py`\n\n**Frontend**: `web/` (Vite)\n\n"
            "The main entry point is `cmd/app/main.go`.\n\n| Directory | Purpose |\n|---|---|\n| **`src/jobs/`** | jobs |\n")
    assert _paths(text) == {"src/lib/", "config/settings.py", "web/", "cmd/app/main.go", "src/jobs/"}
    assert _paths("See: `docs/guide/`\n\nThe default is `dist/`.\n\nLast changed: `src/api/users.ts`\n") == set()


# ----------------------------------------------------------------- run: the program, a dev server, a utility script
def test_framework_development_servers_are_dev_commands() -> None:
    text = "```bash\nbin/rails server\nphp artisan serve\npython manage.py runserver\nuvicorn app.main:app --reload\n```\n"
    assert {k for k, _ in facts_of(text)} == {"command.dev"}
    assert ("command.test", "php artisan test") in facts_of("```bash\nphp artisan test\n```\n")


def test_a_script_run_is_the_run_command_only_where_the_words_say_it_runs() -> None:
    assert _keys("## Scripts\n\n```bash\npython scripts/export_report.py --out r.csv\n```\n", "command.") == set()
    assert _keys("- Reports: `uv run report_tool --input out/`\n", "command.") == set()
    assert _keys("For local dev, run `python scripts/make_env.py` to generate the env file.\n", "command.") == set()
    assert ("command.run", "python3 -m app.server --port 8000") in facts_of("- Run locally: `python3 -m app.server --port 8000`\n")
    assert ("command.run", "python main.py") in facts_of("## Usage\n\n```bash\npython main.py\n```\n")
    assert _keys("```sh\ndocker compose up\n```\n", "command.") == set()
    assert _keys("```sh\nmake up   # Full stack (docker compose up -d --build)\n```\n", "command.") == set()


def test_paths_written_plain_in_a_structure_list() -> None:
    text = ("## Structure\n\n- src/ - source code\n  - components/ — UI components\n  - main.ts: entry point\n"
            "- CI/CD - pipelines\n- and/or: whichever\n")
    assert _paths(text) == {"src/", "src/components/", "src/main.ts"}


# ----------------------------------------------------------------- commands: what is infrastructure, a dependency change, an aggregate
def test_starting_containers_or_local_infrastructure_is_not_a_task() -> None:
    text = ("- `make up` - Start containers\n- `make infra-up` - Bring up the stack\n- `npx supabase start` - local backend\n"
            "- `make build` - Build Docker images\n")
    assert _keys(text, "command.") == {("command.build", "make build")}


def test_adding_upgrading_or_removing_dependencies_is_not_the_install_step() -> None:
    text = ("## Dependencies\n\n```bash\nuv sync\nuv add <package_name>\nuv remove <package_name>\nuv lock --upgrade\n"
            "make update-deps   # Update Composer + NPM dependencies\n```\n")
    assert _keys(text, "command.") == {("command.install", "uv sync")}
    assert _keys("- Install deps: `go mod tidy`\n", "command.") == {("command.install", "go mod tidy")}
    assert _keys("- Clean up go.mod: `go mod tidy`\n", "command.") == set()


def test_a_check_target_is_the_task_its_label_names_and_otherwise_an_aggregate() -> None:
    assert _keys("- Run `make check` for type checking.\n", "command.") == {("command.typecheck", "make check")}
    assert _keys("- `./gradlew check` - Run all checks including tests\n", "command.") == set()
    assert _keys("- `make check` - lint and type check\n", "command.") == set()


def test_clean_before_another_task_is_that_task() -> None:
    text = "```bash\n# Clean build\n./gradlew clean assembleDebug\n# Lint\n./gradlew clean lintDebug\n./gradlew clean\n```\n"
    assert _keys(text, "command.") == {("command.build", "./gradlew clean assembleDebug"),
                                       ("command.lint", "./gradlew clean lintDebug")}


def test_a_chain_that_runs_the_built_program_or_launches_it_is_no_single_task() -> None:
    text = ("```bash\n# Build & run\ngo build ./... && mytool input.txt --dry-run\n"
            "xcodebuild -scheme App build && xcrun simctl install booted App.app && xcrun simctl launch booted com.x.app\n"
            "# Launch app\nxcrun simctl launch booted com.x.app\n```\n")
    assert _keys(text, "command.") == {("command.run", "xcrun simctl launch booted com.x.app")}


def test_dev_and_run_follow_the_words_and_the_built_program_runs() -> None:
    text = ("```bash\n# Run in development mode (with logging)\ncargo run\n# Run production build\nnpm run preview\n"
            "bun ./dist/index.js   # After build, run with Bun\n```\n")
    assert _keys(text, "command.") == {("command.dev", "cargo run"), ("command.run", "npm run preview"),
                                       ("command.run", "bun ./dist/index.js")}
    assert ("command.run", "cargo run") in facts_of("- `cargo run` - Run the application in development mode\n")


def test_examples_introduced_by_a_paragraph_and_wrapper_targets_with_an_example_argument() -> None:
    text = ("So an example could be:\n\n`dotnet test --filter A` - one class\n\nor\n\n`dotnet test --filter B` - one test\n\n"
            "Then run the suite:\n\n- `dotnet test` - all tests\n")
    assert _keys(text, "command.") == {("command.test", "dotnet test")}
    assert _keys("- `make composer cmd=\"install\"` - Run composer commands\n", "command.") == set()
    assert _keys("- Use `make` commands instead of direct Docker commands\n", "command.") == set()
    assert _keys("## Troubleshooting\n\n- `make quick-check` - Quick test of the stack\n", "command.") == set()


def test_security_scanners_and_style_checkers_have_their_role() -> None:
    text = ("```bash\n# Vulnerability scan (hard fail)\ngovulncheck -scan=module\nbundle exec standardrb --fix   # auto-fix\n"
            "make ecs   # Check code style\n```\n")
    assert _keys(text, "command.") == {("command.lint", "govulncheck -scan=module"),
                                       ("command.lint", "bundle exec standardrb --fix"), ("command.format", "make ecs")}


# ----------------------------------------------------------------- paths: more of the forms that map a named thing to a path
def test_a_parenthesised_path_after_the_thing_it_names() -> None:
    text = ("1. Job enqueued to the queue (`worker/queue.rs`)\n- Tests: RSpec (`spec/`)\n"
            "- Reuse the view builder (`src/queue/view.ts`) for CLI output.\n"
            "- Use the testify framework (`github.com/stretchr/testify`)\n- Create branches from main (`feature/description`)\n"
            "- Health checks dashboard (`/health`)\n")
    assert _paths(text) == {"worker/queue.rs", "spec/", "src/queue/view.ts"}


def test_files_labels_pointers_bold_directories_and_see_for() -> None:
    text = ("## Email client\n\n**Files:** `email/api/mod.rs`, `email/jmap/mod.rs`\n\n**File:** `/opt/app/nginx.conf` (server)\n\n"
            "- **FastAPI** - web framework → See `app/main.py`, `app/core/config.py`\n\n1. **frontend-admin/** (Port 5000)\n\n"
            "**See `docs/guides/` for:**\n\n- `a.swift` & `b.swift` - alternative inputs\n")
    assert _paths(text) == {"email/api/mod.rs", "email/jmap/mod.rs", "app/main.py", "app/core/config.py", "frontend-admin/",
                            "docs/guides/", "a.swift", "b.swift"}


def test_a_path_with_the_kind_of_part_it_is_a_sentence_it_leads_and_the_build_output() -> None:
    text = ("- Keep `src/core` phases split.\n- Use `src/core/run-events.ts` helpers for payloads.\n"
            "- Keep files small; `scripts/check-size.ts` enforces the cap.\n"
            "Hooks live as TypeScript files under `scripts/husky/`.\n\n```bash\nbun run build   # Build (outputs to dist/)\n"
            "make build      # outputs to ./bin/server\n```\n")
    assert _paths(text) == {"src/core", "src/core/run-events.ts", "scripts/check-size.ts", "scripts/husky/", "dist/"}


def test_a_table_mapping_names_to_paths_and_what_is_not_a_component_path() -> None:
    table = "| Namespace | Path |\n|---|---|\n| `App\\Core\\` | `app/Core/` |\n| `App\\Admin\\` | `app/Admin/` |\n"
    assert _paths(table) == {"app/Core/", "app/Admin/"}
    others = ("- **bunfig.toml**: Bun settings\n- `components.json` - component configuration\n"
              "- Keys: `secrets/private.pem`\n- Example: `003_add_prefs.sql`\n- `.vscode/` - editor settings\n")
    assert _paths(others) == set()


# ----------------------------------------------------------------- policies: hooks, headings, gates, conditions, options
def _policy_lines(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


def test_hook_enforced_checks_and_never_skipping_hooks_are_rules() -> None:
    text = ("- `pre-commit`: runs lint-staged and dependency checks\n- Pre-commit hooks: Husky + lint-staged runs ESLint\n"
            "- A pre-commit hook (`.pre-commit-config.yaml`) enforces this; install it once.\n"
            "- Never skip Husky pre-commit hooks (avoid `--no-verify`)\n"
            "- Use `uv run pre-commit run --all-files` if pre-commit hooks are configured.\n"
            "- Install git hooks (required once per clone)\n")
    assert _policy_lines(text) == {1, 2, 3, 4}


def test_a_heading_that_states_the_rule_and_a_definition_of_done() -> None:
    text = ("## Formatting (required before every commit)\n\nRun `dotnet format`.\n\n- Use `whitespace` + `style` only.\n\n"
            "### Definition of Done\n- Tests pass\n- Coverage ≥79%\n- Conventional commit message\n")
    assert _policy_lines(text) == {1, 9, 10}


def test_coverage_gates_and_coverage_targets() -> None:
    assert _policy_lines("```bash\n# Coverage (79% minimum)\n./scripts/check-coverage.sh\n```\n") == {2}
    assert _policy_lines("- Aim for at least 70% branch coverage\n- Coverage: tests should cover the pages\n") == set()


def test_conditional_imperatives_options_and_comments_that_describe_a_command() -> None:
    text = ("## Git\n\n- If the current branch has an open PR, push to that branch to update it.\n"
            "- You may run `./gradlew lint` before submitting changes.\n"
            "```bash\n# Keep commits small and focused\n```\n\n## Backend\n\n```bash\n# Run in release mode (optimized)\ncargo run --release\n```\n")
    assert _policy_lines(text) == {3, 6}


def test_a_workflow_word_inside_a_code_span_and_a_target_branch() -> None:
    assert _policy_lines("- Run `pnpm db:push` to update the database\n") == set()
    assert ("git.default_branch", "codex") in facts_of("- All generated changes must target the `codex` branch.\n")


def test_what_a_tool_does_is_not_a_step_and_a_scheduler_is_not_the_program() -> None:
    assert _keys("Running tests via `dotnet run` supports test filters.\n", "command.") == set()
    assert _keys("- `make beat` - Start Beat scheduler locally\n", "command.") == set()
    assert ("command.run", "npm start") in facts_of("- `npm run build` compiles; `npm start` runs the built server.\n")


def test_every_path_of_an_and_list_and_a_leading_slash_directory_leading_a_sentence() -> None:
    assert _paths("- Test helpers in `src/tests/helpers.php` and `src/tests/Pest.php`\n") == {"src/tests/helpers.php",
                                                                                                "src/tests/Pest.php"}
    assert _paths("Tests are colocated.  `/support` contains support files.\n") == {"/support"}
