"""Memory extraction by class of phrasing: env vars, git branches, package managers, commands.

Every text here is invented for the test (no line of a corpus file): each case is one class of wording a
memory file uses for a fact, with the near-miss that must stay out beside it.
"""

from __future__ import annotations

from statewise_cli.memory.extract import extract


def facts_of(text: str) -> set[tuple[str, object]]:
    return {(f.key, f.value) for f in extract(text)}


def keys_of(text: str, prefix: str) -> set[tuple[str, object]]:
    return {(f.key, f.value) for f in extract(text) if f.key.startswith(prefix)}


def branches(text: str) -> set[tuple[str, object, str]]:
    return {(f.key, f.value, f.scope) for f in extract(text) if f.key.startswith("git.")}


# ----------------------------------------------------------------- environment variables
def test_a_parenthesised_requires_list_names_every_variable_it_lists() -> None:
    got = keys_of("- Message queue (requires `MQ_HOST`, `MQ_USER` and `MQ_SECRET`)\n", "env.")
    assert got == {("env.MQ_HOST", "required"), ("env.MQ_USER", "required"), ("env.MQ_SECRET", "required")}


def test_needs_a_variable_at_the_end_of_a_sentence_is_required() -> None:
    assert keys_of("The mail relay needs `RELAY_TOKEN`. Start it after the API.\n", "env.") == {
        ("env.RELAY_TOKEN", "required")}


def test_a_required_secrets_label_lists_its_secrets() -> None:
    assert keys_of("Required secrets: `BILLING_KEY`, `ALERTS_DSN`\n", "env.") == {
        ("env.BILLING_KEY", "required"), ("env.ALERTS_DSN", "required")}


def test_optional_and_merely_mentioned_variables_are_not_required() -> None:
    assert keys_of("- Optional: `TRACE_LEVEL`\n", "env.") == set()
    assert keys_of("Copy `.env.example` to `.env` and fill in `WIDGET_TOKEN`.\n", "env.") == set()
    assert keys_of("It needs `NODE_OPTIONS` tuned for large builds.\n", "env.") == set()
    assert keys_of("The importer requires `CSV_DIR` if you enable batch mode.\n", "env.") == set()


# ----------------------------------------------------------------- git: default and protected branches
def test_a_branch_item_whose_rules_require_a_pr_is_protected() -> None:
    assert branches("- **`trunk`**: reviews required, no deletions\n") == {("git.branch.protected", True, "branch:trunk")}
    assert branches("- main: protected, merges via pull request only\n") == {("git.branch.protected", True, "branch:main")}


def test_a_branch_that_allows_direct_pushes_is_not_protected() -> None:
    assert branches("- **`develop`**: direct push allowed, no force push\n") == set()
    assert branches("- staging - auto deploys nightly\n") == set()


def test_the_branch_feature_work_flows_into_is_the_default() -> None:
    assert branches("- Larger work: feature branch → PR → `develop`\n") == {("git.default_branch", "develop", "repository")}
    assert branches("- Shipping: PR `develop` -> `main`\n") == set()  # a release promotion, not the trunk


def test_trunk_based_development_around_a_branch_names_the_default() -> None:
    assert branches("Work is trunk-based, organised around the `trunk` branch.\n") == {
        ("git.default_branch", "trunk", "repository")}


def test_where_work_starts_names_the_default_in_prose_and_in_a_block_comment() -> None:
    assert branches("- Create a feature branch from updated `master`\n") == {("git.default_branch", "master", "repository")}
    assert branches("```bash\n# 1. Start from the latest develop\ngit checkout develop\n```\n") == {
        ("git.default_branch", "develop", "repository")}
    assert branches("```bash\n# start the server\nmake serve\n```\n") == set()


# ----------------------------------------------------------------- package manager
def test_a_package_manager_label_can_name_two_managers() -> None:
    assert keys_of("3. **Package manager**: yarn or bun (two lockfiles)\n", "package_manager") == {
        ("package_manager", "yarn"), ("package_manager", "bun")}


def test_a_table_row_labelled_package_manager() -> None:
    text = "| Part | Choice |\n|---|---|\n| Package manager | pnpm with workspaces |\n| Bundler | vite |\n"
    assert keys_of(text, "package_manager") == {("package_manager", "pnpm")}


def test_a_manager_for_dependency_management_even_behind_a_link() -> None:
    assert keys_of("We rely on [PDM](https://example.invalid/pdm) for dependency management.\n", "package_manager") == {
        ("package_manager", "pdm")}
    assert keys_of("The service manages its dependencies with poetry.\n", "package_manager") == {
        ("package_manager", "poetry")}


def test_a_stack_list_with_a_manager_item() -> None:
    assert keys_of("**Stack**: Python 3.12, Litestar, uv\n", "package_manager") == {("package_manager", "uv")}
    assert keys_of("Stack: React, Node, npm scripts\n", "package_manager") == set()


def test_the_add_command_for_dependencies_names_the_manager() -> None:
    assert keys_of("- `pnpm add <name>` to add a dependency\n", "package_manager") == {("package_manager", "pnpm")}


def test_running_one_script_through_a_manager_does_not_state_it() -> None:
    assert keys_of("Style: use `yarn format` before committing\n", "package_manager") == set()
    assert keys_of("Always use `poetry run` for every tool.\n", "package_manager") == {("package_manager", "poetry")}


def test_an_install_through_a_virtualenv_path_names_pip() -> None:
    text = "## Installing\n\n```bash\n../env/bin/pip install -r requirements-dev.txt\n```\n"
    assert ("package_manager", "pip") in facts_of(text)


def test_tidying_modules_after_changing_imports_is_not_the_install_step() -> None:
    assert facts_of("- **Modules**: Run `go mod tidy` after changing imports\n") == set()
    assert ("command.install", "go mod download") in facts_of("- Install dependencies: `go mod download`\n")


# ----------------------------------------------------------------- commands
def test_the_framework_test_runner_of_a_manage_script_is_the_test_command() -> None:
    got = facts_of("- **Tests**: `python3 manage.py test`\n- **One app**: `python3 manage.py test shop.tests`\n")
    assert ("command.test", "python3 manage.py test") in got
    assert ("command.test", "python3 manage.py test shop.tests") in got


def test_a_framework_server_follows_the_words_run_or_development() -> None:
    assert facts_of("- **Run server**: `python manage.py runserver 0.0.0.0:9000`\n") == {
        ("command.run", "python manage.py runserver 0.0.0.0:9000")}
    assert facts_of("- **Run the development server**: `python manage.py runserver`\n") == {
        ("command.dev", "python manage.py runserver")}
    # a dev tool stays the dev command whatever the prose calls it
    assert facts_of("- Run the app: `npx expo start`\n") == {("command.dev", "npx expo start")}


def test_a_script_the_command_runs_is_not_a_single_test_qualifier() -> None:
    (fact,) = [f for f in extract("## Running the Application\n\n```bash\n./env/bin/python manage.py runserver\n```\n")
               if f.key.startswith("command.")]
    assert (fact.key, fact.qualifier) == ("command.run", "")


def test_each_command_of_a_several_label_line_takes_its_own_label() -> None:
    got = facts_of("- Tidy: `task tidy` | Setup: `task setup` | Format: `task style`\n"
                   "- Lint: `task lint` | Format check: `task check:style`\n")
    assert ("command.install", "task setup") in got
    assert ("command.format", "task style") in got and ("command.format", "task check:style") in got
    assert ("command.lint", "task lint") in got
    assert not any(value == "task tidy" for _key, value in got)


def test_a_tool_a_style_guideline_names_is_not_a_command() -> None:
    assert facts_of("- **Formatting**: Use `shfmt -i` and `goimports`\n") == set()
    assert facts_of("- Format code with `yapf`.\n") == set()
    # an invocation: a label before the tool, run before it, a script path, a flag that makes it act
    assert facts_of("- **Lint code**: `pylint`\n") == {("command.lint", "pylint")}
    assert facts_of("Run `pytest` before submitting PRs.\n") >= {("command.test", "pytest")}
    assert ("command.install", "bin/bootstrap") in facts_of("- Use `bin/bootstrap` to set up the dev env\n")
    assert ("command.format", "gofmt -w") in facts_of("- Format the changed files with `gofmt -w`.\n")


def test_a_build_tools_test_or_coverage_target_is_the_test_command() -> None:
    got = facts_of("## Testing\n\n```bash\n# all tests\ncmake --build out --target test\n"
                   "# coverage report\ncmake --build out-cov --target coverage\n```\n")
    assert {("command.test", "cmake --build out --target test"), ("command.test", "cmake --build out-cov --target coverage")} <= got


def test_installing_the_git_hooks_is_an_install_step() -> None:
    assert facts_of("## Setup\n\n```bash\n./install-hooks.sh\n```\n") == {("command.install", "./install-hooks.sh")}


def test_the_list_of_what_ci_runs_is_not_the_agents_commands() -> None:
    text = ("The CI workflow (`.github/workflows/main.yml`) runs:\n\n1. Style check (`cargo fmt -- --check`)\n"
            "2. Tests (`cargo test --all`)\n\nLocally:\n\n- Test: `cargo test`\n")
    assert {f for f in facts_of(text) if f[0].startswith("command.")} == {("command.test", "cargo test")}


def test_running_the_tests_with_a_bare_tool_runs_it() -> None:
    assert facts_of("Run the unit tests with `nox`.\n") == {("command.test", "nox")}


# ----------------------------------------------------------------- paths that are not component paths
def test_branch_name_patterns_under_a_branch_heading_are_not_paths() -> None:
    text = "### Branch names\n\n- `feature/ticket-name` - new work\n- `hotfix/short-name` - urgent fixes\n"
    assert keys_of(text, "path.") == set()
    assert keys_of("### Layout\n\n- `docs/guides/` - user guides\n", "path.") == {("path.user_guides", "docs/guides/")}


def test_url_routes_are_not_paths() -> None:
    assert keys_of("### Public endpoints\n- **Orders**: `/v2/orders/` with paging\n", "path.") == set()
    text = "- **web/** (the site)\n  - Routes:\n    - `/signup` - account creation\n    - `/billing` - invoices\n"
    assert not {v for _k, v in keys_of(text, "path.") if str(v).startswith("/")}


def test_placeholder_and_identifier_pairs_are_not_paths() -> None:
    assert keys_of("- Put each exercise in `exercises/unit-XX/`\n", "path.") == set()
    assert keys_of("- **Memoisation**: prefer `useMemo/useCallback` for heavy work\n", "path.") == set()


# ----------------------------------------------------------------- policies
def test_the_run_steps_of_a_pre_commit_checklist_are_not_policies_of_their_own() -> None:
    text = ("## Pre-commit checklist\n\nBefore committing, always run these:\n\n1. **Run the unit suite**\n\n"
            "   ```bash\n   make unit\n   ```\n\n2. **Run the linter** (strict mode)\n")
    policies = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert 3 in policies  # the lead-in is the rule
    assert not policies & {5, 11}  # its steps are not rules of their own
    # a step that says when is a rule
    assert any(f.key.startswith("policy.") for f in extract("## Commits\n\n- Run `make unit` before every commit\n"))


def test_a_release_configuration_is_a_build_a_release_task_is_not() -> None:
    text = ("## Build\n\n```bash\n# Optimised build\ncmake --preset release\n# Cloud build for phones\n"
            "eas build --platform android\n# Cut a release\nmake release\n```\n")
    assert {f for f in facts_of(text) if f[0].startswith("command.")} == {
        ("command.build", "cmake --preset release"), ("command.build", "eas build --platform android")}


def test_making_migrations_is_not_a_task_fact() -> None:
    assert facts_of("- **Schema changes**: `python manage.py makemigrations shop`\n") == set()


# ----------------------------------------------------------------- versions
def test_the_latest_lts_node_is_the_lts_version() -> None:
    assert keys_of("2. **Node.js**: Use the latest LTS\n", "version.") == {("version.node", "lts")}
    assert keys_of("Node 22 LTS is the runtime\n", "version.") == {("version.node", "22")}
    assert keys_of("LTS releases of Node get security fixes\n", "version.") == set()


def test_using_one_tool_with_its_flags_for_a_task_is_a_command() -> None:
    assert facts_of("Use `pytest -x` for a fast check.\n") == {("command.test", "pytest -x")}
