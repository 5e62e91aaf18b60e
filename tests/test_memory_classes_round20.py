"""Memory extraction by class of phrasing, second set: trunk and protected branches said as workflow, run versus dev
by the file's words, described executables, formatter variants, paths in headings and tables, policies written without
the usual directive words, versions in a stack table, and the near-misses that must stay out.

Every text here is invented for the test (no line of a corpus file).
"""

from __future__ import annotations

from statewise_cli.memory.extract import extract


def facts_of(text: str) -> set[tuple[str, object]]:
    return {(f.key, f.value) for f in extract(text)}


def keys_of(text: str, prefix: str) -> set[tuple[str, object]]:
    return {(f.key, f.value) for f in extract(text) if f.key.startswith(prefix)}


def policy_lines(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


# ----------------------------------------------------------------- git: the trunk and the protected branch
def test_the_branch_pull_requests_target_is_the_trunk() -> None:
    assert keys_of("- Submit a pull request against `develop` once CI is green.\n", "git.") == {
        ("git.default_branch", "develop")}
    assert keys_of("- Open a PR to `main` for every change\n", "git.") == {("git.default_branch", "main")}
    assert keys_of("Always raise a PR before merging into master.\n", "git.") == {("git.default_branch", "master")}
    assert keys_of("- Merge to trunk only via reviewed pull requests\n", "git.") == {("git.default_branch", "trunk")}


def test_working_directly_on_a_branch_names_the_trunk_and_a_negated_one_does_not() -> None:
    assert keys_of("- Work directly on the master branch; no topic branches\n", "git.") == {
        ("git.default_branch", "master")}
    assert ("git.default_branch", "main") not in keys_of("- Never work directly on main\n", "git.")


def test_a_ci_trigger_naming_a_branch_is_not_the_trunk() -> None:
    text = "### Workflow Triggers\n- Push to `main` and `develop` branches\n- Pull requests to `main` branch\n"
    assert keys_of(text, "git.") == set()


def test_a_tools_base_branch_setting_names_the_trunk() -> None:
    assert keys_of("The task runner compares against a base: `baseBranch` is set to `trunk`.\n", "git.") == {
        ("git.default_branch", "trunk")}
    assert keys_of("The default base image is `alpine`; set `baseBranch` in the bot's config.\n", "git.") == set()


def test_nothing_can_be_pushed_to_a_branch_protects_it_and_is_a_policy() -> None:
    text = "- Nothing may be merged or pushed to the develop branch\n"
    got = [(f.key, f.value, f.scope) for f in extract(text)]
    assert ("git.branch.protected", True, "branch:develop") in got
    assert any(key.startswith("policy.") for key, _, _ in got)
    assert not any(f.key == "git.branch.protected" for f in extract("- Pushed builds to the develop server\n"))


# ----------------------------------------------------------------- run versus dev, described executables
def test_a_framework_server_the_file_says_runs_the_server_is_the_run_command() -> None:
    assert keys_of("- **Run server:** `mix phx.server`\n", "command.") == {("command.run", "mix phx.server")}
    assert keys_of("- Run app locally: `flutter run --flavor prod`\n", "command.") == {
        ("command.run", "flutter run --flavor prod")}
    # the file says development server: the dev command
    assert keys_of("- Start the dev server: `mix phx.server`\n", "command.") == {("command.dev", "mix phx.server")}


def test_an_executable_whose_item_says_it_runs_the_program_is_a_run_command() -> None:
    text = "## Building\n\n- `ghc Calc.hs -o calc` - Compile the calculator\n- `./calc` - Run the compiled program\n"
    got = facts_of(text)
    assert ("command.run", "./calc") in got
    assert not any(key.startswith("path.") and value == "./calc" for key, value in got)
    assert keys_of("- `runghc Calc.hs` - Run the file without compiling\n", "command.") == {
        ("command.run", "runghc Calc.hs")}
    # a directory item is still a path
    assert ("path.generated_parsers", "./gen/") in facts_of("- `./gen/` - Generated parsers\n")


# ----------------------------------------------------------------- format versus lint
def test_a_linters_fixer_the_file_calls_formatting_is_the_format_command() -> None:
    assert keys_of("- Format Ruby code: `bundle exec rubocop -a`\n", "command.") == {
        ("command.format", "bundle exec rubocop -a")}
    # a style check that fixes is still the linter when the file speaks of offenses, not formatting
    assert keys_of("- run `bin/rubocop -a` to confirm code style and no offenses\n", "command.") == {
        ("command.lint", "bin/rubocop -a")}


def test_spotless_check_and_apply_are_format_commands() -> None:
    text = "Before each commit:\n\n```bash\n./mvnw spotless:apply\n```\n\nTo verify only: `./mvnw spotless:check`\n"
    assert keys_of(text, "command.") == {("command.format", "./mvnw spotless:apply"),
                                         ("command.format", "./mvnw spotless:check")}


def test_the_task_word_nearest_a_command_decides_its_kind() -> None:
    assert keys_of("- Python: use `hatch`; install `hatch env create`; build `hatch build`.\n", "command.") == {
        ("command.install", "hatch env create"), ("command.build", "hatch build")}


def test_commands_a_product_is_said_to_wrap_are_not_steps() -> None:
    text = "A CLI that merges the functionality of `npm install`, `npm ci`, and `npm update` into one.\n"
    assert keys_of(text, "command.") == set()


def test_a_version_query_and_a_tool_a_config_is_enforced_by_are_not_commands() -> None:
    assert keys_of("* Install the SDK (`dotnet`). Run `dotnet --info` and check the version.\n", "command.") == set()
    assert keys_of("* `.editorconfig` holds style rules that `dotnet format` will enforce.\n", "command.") == set()
    assert keys_of("* Format with `dotnet format` before committing.\n", "command.") == {("command.format", "dotnet format")}


def test_the_projects_scripts_listed_bare_under_a_commands_heading() -> None:
    text = "### Handy commands\n\n- tools/format --check / tools/format\n- bin/lint / bin/lint fix\n- bin/deploy prod\n"
    assert keys_of(text, "command.") == {("command.format", "tools/format --check"), ("command.format", "tools/format"),
                                         ("command.lint", "bin/lint"), ("command.lint", "bin/lint fix")}
    assert keys_of("## Notes\n\n- bin/lint everything before pushing\n", "command.") == set()


def test_a_daemon_the_file_says_it_runs_is_the_run_command() -> None:
    assert keys_of("- Run the daemon with the sample settings: `go run . serve --config sample/app.ini`\n", "command.") == {
        ("command.run", "go run . serve --config sample/app.ini")}
    # a daemon the project uses is infrastructure, not the project's program
    assert keys_of("- Start the Docker daemon: `sudo systemctl start docker`\n", "command.") == set()


def test_placeholders_passed_flags_and_commands_not_to_rely_on_are_not_commands() -> None:
    assert keys_of("* `poetry run ...` and `make ci` may need network access.\n", "command.run") == set()
    assert keys_of("- `APP_NO_SANDBOX=1`: passes `--no-sandbox` to `cargo run` and `cargo test`.\n", "command.") == set()
    text = "- Preferred: `make lint-py`\n- Do not rely on `python3 -m flake8 .`.\n"
    assert ("command.lint", "python3 -m flake8 .") not in facts_of(text)


def test_a_generic_target_whose_comment_names_several_tasks_is_an_aggregate() -> None:
    text = "```bash\n# Check style, static analysis, and tests\ncomposer qa\n# Run before pushing\ntask precheck\n```\n"
    assert keys_of(text, "command.") == set()
    text = "```bash\n# Code quality (includes tests, coverage, formatting)\n./gradlew check\n```\n"
    assert keys_of(text, "command.") == set()
    # one task named: that task
    assert keys_of("```bash\n# Run the unit tests\nmake check\n```\n", "command.") == {("command.test", "make check")}


def test_a_database_migration_is_not_a_run_command() -> None:
    assert keys_of("- Apply migrations: `uv run alembic upgrade head`\n", "command.") == set()


def test_linters_of_other_file_types_security_checks_and_the_virtualenv_interpreter() -> None:
    text = ("- Lint Markdown: `markdownlint .`\n- Security check: `make security-check`\n"
            "- Fallback: `.venv/bin/python -m ruff check src`\n")
    assert keys_of(text, "command.") == {("command.lint", "markdownlint ."), ("command.lint", "make security-check"),
                                         ("command.lint", ".venv/bin/python -m ruff check src")}
    # the interpreter named alone is no command
    assert keys_of("- The interpreter lives at `.venv/bin/python`\n", "command.") == set()


def test_installing_an_android_variant_on_a_device_is_not_the_install_step() -> None:
    text = "```bash\n# Put the release build on a connected phone\n./gradlew installRelease\n```\n"
    assert keys_of(text, "command.install") == set()


# ----------------------------------------------------------------- paths
def test_paths_in_headings_with_or_without_backticks() -> None:
    assert keys_of("### Core Models (models/)\n\nText.\n", "path.") == {("path.core_models", "models/")}
    assert keys_of("### `plugin-core/` — Build plugin\n\nText.\n", "path.") == {("path.build_plugin", "plugin-core/")}
    # a stack in parentheses is not a path
    assert keys_of("### Platform (Rust/Zig)\n\nText.\n", "path.") == set()


def test_paths_in_bold_steps_and_numbered_named_items() -> None:
    assert keys_of("**3. Register Handler (handlers/register.ts)**\n", "path.") == {
        ("path.register_handler", "handlers/register.ts")}
    assert keys_of("1. **Parsing Functions** (`R/parse.R`, `src/fast_parse.cpp`)\n", "path.") == {
        ("path.parsing_functions", "R/parse.R"), ("path.parsing_functions", "src/fast_parse.cpp")}
    assert keys_of("- **Backend (Elixir/Phoenix)**\n", "path.") == set()


def test_a_module_table_maps_source_files_and_described_directories() -> None:
    text = ("| Module | Role |\n|--------|------|\n| `store/` | Storage backend (`Sqlite`, `Memory`) |\n"
            "| `retry.rs` | Retry policy for outgoing calls |\n")
    got = keys_of(text, "path.")
    assert {value for _, value in got} == {"store/", "retry.rs"}


def test_component_labels_may_be_lower_case_or_carry_a_note() -> None:
    text = "- macOS app: `apps/mac/`\n- GTK (Linux and BSD) app: `src/gtk/`\n"
    assert {value for _, value in keys_of(text, "path.")} == {"apps/mac/", "src/gtk/"}
    # a config key and an output file are not components
    assert keys_of("- basePath: `/docs-site`\n", "path.") == set()
    assert keys_of("### Report Output\n\n- go vet: `reports/vet.json`\n", "path.") == set()


def test_url_routes_templates_and_reference_lists_are_not_component_paths() -> None:
    assert keys_of("- `handlers/` - HTTP handlers (LoginHandler at `/api/login`)\n", "path.") == {
        ("path.http_handlers", "handlers/")}
    assert keys_of("- `/v2/items` endpoint - lists the items\n", "path.") == set()
    assert keys_of("- Settings via `.env` (copy from `config/.env.example`)\n", "path.") == set()
    assert keys_of("  - Used in: `billing.py`, `invoices.py`\n", "path.") == set()


# ----------------------------------------------------------------- policies
def test_policies_written_without_the_usual_directive_words() -> None:
    text = ("## Rules\n\n- All work must happen on topic branches\n- Please commit your work when you are finished\n"
            "- All code should be formatted with gofmt prior to being checked in\n"
            "- You are prohibited from staging or committing files unless explicitly asked\n")
    assert policy_lines(text) == {3, 4, 5, 6}
    # checking in with a person is no commit rule
    assert policy_lines("- Do not keep guessing without checking in.\n") == set()


def test_a_bold_workflow_step_ending_in_a_colon_is_a_rule() -> None:
    text = ("## GitHub Workflow\n\n1. **Create a feature branch** for your work:\n   ```bash\n   git switch -c feat/x\n"
            "   ```\n\n2. **Merge the PR** only after all checks pass:\n")
    assert policy_lines(text) == {3, 8}
    assert policy_lines("## Setup\n\n1. **Create a virtualenv** for the tools:\n") == set()


def test_a_clause_after_a_semicolon_is_a_rule_of_its_own() -> None:
    assert policy_lines("- Prefer small diffs; tests must pass before PRs\n") == {1}
    # a wrapped sentence's lower-case continuation is not
    assert policy_lines("- Slow suites, e.g. integration tests before PRs\n") == set()


def test_pull_request_rules_with_other_imperatives_and_proposing_changes() -> None:
    text = ("- Cite the issue number in PR summaries.\n- Document open questions in the PR description.\n"
            "- Check every change against the lint command before proposing it.\n"
            "- Do not propose changes that break the build.\n"
            "- Work directly on the trunk branch (no new branches).\n"
            "- Document the public API in docstrings.\n- Propose a design before writing code.\n")
    assert policy_lines(text) == {1, 2, 3, 4, 5}


def test_a_hook_named_by_its_manager_is_a_policy() -> None:
    assert policy_lines("Husky pre-commit runs eslint on staged files.\n") == {1}
    assert policy_lines("Husky is listed in the dev dependencies.\n") == set()


# ----------------------------------------------------------------- versions
def test_a_stack_table_gives_the_language_version() -> None:
    text = "| Tech | Version | Purpose |\n|------|---------|---------|\n| Ruby | 3.3 | Language |\n| Rails | 7.1 | Web |\n"
    assert keys_of(text, "version.") == {("version.ruby", "3.3")}
    assert keys_of("| Tech | Purpose |\n|---|---|\n| Ruby | 3 |\n", "version.") == set()


# ----------------------------------------------------------------- examples, placeholders, prose about tools
def test_the_second_command_of_an_example_line_is_an_example_too() -> None:
    text = "- Example: `mytool send --to ops` or legacy `mytool -to ops`\n"
    assert keys_of(text, "command.") == set()
    # an instruction after the example list is not an example
    assert ("command.test", "make test") in facts_of("- Tools such as `pytest`, or run `make test`\n")


def test_a_command_the_file_says_something_is_not_part_of_is_not_a_step() -> None:
    got = facts_of("- Benchmarks run via `make bench`; they are not part of the default `cargo test`.\n")
    assert ("command.test", "cargo test") not in got


def test_a_sentence_about_a_tool_in_parentheses_is_not_its_invocation() -> None:
    assert keys_of("- Bump the toolchain to fix advisories (govulncheck detects these)\n", "command.") == set()


def test_date_placeholders_and_http_routes_are_not_paths() -> None:
    assert keys_of("- The importer moves posts into `YYYY/MM/` folders.\n", "path.") == set()
    assert keys_of("- Reset a setting: `POST api/settings/reset` with the key\n", "path.") == set()
