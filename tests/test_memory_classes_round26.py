"""Extraction classes fixed in round 26, each on invented text (no line of any labelled file)."""

from swtest import memory_commands as _commands
from swtest import memory_facts as _facts

from statewise_cli.memory.extract import _tool_kind, extract

# --- runners of ROS 2, dbt, Foundry and MATLAB -------------------------------------------------------


def test_colcon_dbt_and_ros2_commands_have_their_tasks() -> None:
    text = (
        "## Workspace\n\n"
        "```bash\n"
        "colcon build --symlink-install\n"
        "source install/setup.bash\n"
        "colcon test && colcon test-result --all\n"
        "docker exec -it robot ros2 launch arm_bringup arm.launch.py\n"
        "dbt deps\n"
        "dbt run --target staging\n"
        "dbt build --select marts\n"
        "dbt test --select orders\n"
        "```\n"
    )
    assert _commands(text) == {
        "colcon build --symlink-install": "build",
        "colcon test && colcon test-result --all": "test",
        "docker exec -it robot ros2 launch arm_bringup arm.launch.py": "run",
        "dbt deps": "install",
        "dbt run --target staging": "run",
        "dbt build --select marts": "build",
        "dbt test --select orders": "test",
    }


def test_forge_coverage_is_a_test_command() -> None:
    assert _tool_kind("forge coverage --report lcov") == "test"
    assert _commands("## Commands\n\n- Coverage: `forge coverage`\n- Format: `forge fmt`\n") == {
        "forge coverage": "test", "forge fmt": "format"}


def test_matlab_test_runner_calls_in_a_matlab_block() -> None:
    text = (
        "## Testing\n\n"
        "```matlab\n"
        "res = runtests('tests', 'IncludeSubfolders', true);\n"
        "runUnitTests();\n"
        "plot(x, y)\n"
        "```\n\n"
        "```bash\n"
        "matlab -batch \"runtests('tests')\"\n"
        "```\n"
    )
    assert _commands(text) == {
        "res = runtests('tests', 'IncludeSubfolders', true);": "test",
        "runUnitTests();": "test",
        "matlab -batch \"runtests('tests')\"": "test",
    }


# --- inline environment before a command ------------------------------------------------------------

def test_a_command_after_several_inline_variables_is_read_and_its_variables_required_when_said() -> None:
    text = (
        "## Running locally\n\n"
        "```bash\n"
        "# run locally (these environment variables are required)\n"
        "PGHOST=localhost PGPORT=5433 \\\n"
        "  uv run --extra dev dbt run --target dev\n"
        "# quick check\n"
        "LOG_LEVEL=debug TZ_NAME=UTC pnpm test\n"
        "```\n"
    )
    commands = _commands(text)
    assert commands["PGHOST=localhost PGPORT=5433 uv run --extra dev dbt run --target dev"] == "run"
    assert commands["LOG_LEVEL=debug TZ_NAME=UTC pnpm test"] == "test"
    env = {k for k, _ in _facts(text, "env.")}
    assert env == {"env.PGHOST", "env.PGPORT"}  # the second command's variables are not said to be required


def test_environment_variables_said_required_in_korean_chinese_or_japanese() -> None:
    for comment in ("로컬 실행 (환경변수 필요)", "本地运行（需要环境变量）", "ローカル実行（環境変数が必要）"):
        text = f"## Run\n\n```bash\n# {comment}\nAPI_TOKEN=xyz uv run serve-api --port 8000\n```\n"
        assert ("env.API_TOKEN", "required") in _facts(text, "env."), comment
    assert _facts("## Run\n\n```bash\n# 로컬 실행\nAPI_TOKEN=xyz uv run serve-api\n```\n", "env.") == set()


# --- a project's own script named for its task -------------------------------------------------------

def test_a_script_named_for_its_task_through_bash_or_powershell_with_placeholders() -> None:
    text = (
        "## Linting\n\n"
        "- **Linux:** `bash tools/prepare-env.sh <site>` then `bash tools/lint-all.sh <site> --fix`\n"
        "- **Windows:** `tools\\lint-all.ps1 -Site <site>`\n"
        "- Tests: `sh ci/run_tests.sh`\n"
    )
    commands = _commands(text)
    assert commands["bash tools/lint-all.sh <site> --fix"] == "lint"
    assert commands["tools\\lint-all.ps1 -Site <site>"] == "lint"
    assert commands["sh ci/run_tests.sh"] == "test"
    assert _tool_kind("bash scripts/format.sh") == "format"
    assert _tool_kind("bash scripts/deploy.sh") is None


# --- branch-name rules ------------------------------------------------------------------------------

def test_a_table_of_branch_prefixes_is_one_naming_rule_read_at_its_heading() -> None:
    text = (
        "# Guide\n\n"
        "### Branch prefixes\n\n"
        "| Prefix | Purpose |\n"
        "|--------|---------|\n"
        "| `feature/` | New work |\n"
        "| `bugfix/` | Repairs |\n"
        "| `refactor/` | Restructuring |\n"
    )
    naming = [f for f in extract(text) if f.key == "policy.branch_naming"]
    assert [(f.line, f.value) for f in naming] == [(3, "feature/")]
    assert not _facts(text, "path.")


def test_a_sentence_listing_branch_prefixes_is_a_naming_rule_and_a_directory_list_is_not() -> None:
    text = (
        "## Branching\n\n"
        "Start every change on a new branch with a conventional prefix (`feature/`, `fix/`, `docs/`).\n\n"
        "## Layout\n\n"
        "The `docs/` and `test/` directories hold the manual and the suites.\n"
    )
    assert _facts(text, "policy.branch_naming") == {("policy.branch_naming", "feature/, fix/, docs/")}


def test_items_under_a_branch_naming_heading_give_one_rule_each() -> None:
    # (each item names one kind of branch: one naming rule per kind, as the labelling notes of later batches settle)
    text = (
        "#### Branch naming conventions\n\n"
        "- `feature/ticket-NN-summary` - new features\n"
        "- `fix/ticket-NN-summary` - bug fixes\n"
    )
    found = _facts(text, "policy.branch_naming")
    assert len(found) == 2, found
    assert any("feature/ticket-NN-summary" in v for _, v in found) and any("fix/ticket-NN-summary" in v for _, v in found), found


def test_examples_under_a_stated_naming_rule_add_no_rule() -> None:
    text = (
        "### Branch names\n\n"
        "Branch names must follow `<type>/<ticket>-<slug>`.\n\n"
        "- `feature/` - features\n"
        "- `fix/` - fixes\n\n"
        "Valid:\n\n"
        "- `feature/v2.1.0/dark-mode`\n"
    )
    assert not _facts(text, "policy.branch_naming")
    assert len(_facts(text, "policy.")) == 1


def test_a_new_branch_with_a_placeholder_name_is_the_naming_rule() -> None:
    text = (
        "## Workflow\n\n"
        "1. Create a branch:\n"
        "   ```bash\n"
        "   git switch -c agent/<short-topic>\n"
        "   ```\n"
        "2. Later:\n"
        "   ```bash\n"
        "   git checkout -b scratch\n"
        "   ```\n"
    )
    assert _facts(text, "policy.branch_naming") == {("policy.branch_naming", "agent/<short-topic>")}


# --- a branch named in a code span is a workflow word ---------------------------------------------------

def test_never_working_directly_on_a_backticked_branch_is_a_rule_outside_a_git_section() -> None:
    text = (
        "## Key rules\n\n"
        "**NOTE: Never work directly on the `trunk` branch**\n\n"
        "- ❌ Never work directly on `main` branch\n"
        "- Keep `config/` tidy\n"
    )
    policy_lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert policy_lines == {3, 5}
    assert ("git.branch.protected", "True") in _facts(text, "git.")


# --- a path table row whose description starts with a code span --------------------------------------

def test_a_path_row_described_by_a_code_span_is_a_path() -> None:
    text = (
        "**`src/engine/`** - the engine\n\n"
        "| File | Purpose |\n"
        "|------|---------|\n"
        "| `scheduler.rs` | `Scheduler` struct and its queue |\n"
        "| `clock.rs` | Time source |\n"
    )
    paths = {v for _, v in _facts(text, "path.")}
    assert {"scheduler.rs", "clock.rs"} <= paths


# --- requests to the agent and changelog rules are no workflow policies ---------------------------------

def test_an_instruction_for_when_the_user_asks_is_no_policy() -> None:
    text = (
        "## Git\n\n"
        "- When asked to open a pull request, read the contributing guide before doing anything.\n"
        "- If the user asks you to commit, include every modified file.\n"
        "- Never push directly to `main`.\n"
    )
    assert {f.line for f in extract(text) if f.key.startswith("policy.")} == {5}


def test_a_changelog_entry_rule_is_no_workflow_policy() -> None:
    text = (
        "## Documentation\n\n"
        "- Every user-visible change must have a one-line entry in CHANGELOG.md.\n"
        "- Always squash commits before merging.\n"
    )
    assert {f.line for f in extract(text) if f.key.startswith("policy.")} == {4}  # the second rule only


# --- command forms ---------------------------------------------------------------------------------------

def test_a_docs_directory_among_the_arguments_is_not_the_docs_task() -> None:
    text = (
        "## Formatting\n\n"
        "```bash\n"
        "dotnet fantomas src tests docs\n"
        "make docs\n"
        "pip install -e \".[docs]\"\n"
        "```\n"
    )
    commands = _commands(text)
    assert commands.get("dotnet fantomas src tests docs") == "format"
    assert "make docs" not in commands and "pip install -e \".[docs]\"" not in commands


def test_composer_and_npm_bin_executables_are_commands_and_a_forbidden_run_is_skipped() -> None:
    text = (
        "## Style\n\n"
        "- Run `vendor/bin/php-cs-fixer fix --dry-run` before finishing.\n"
        "- Do not run `node_modules/.bin/eslint --fix-dry`, run `npm run lint` instead.\n"
    )
    commands = _commands(text)
    assert commands.get("vendor/bin/php-cs-fixer fix --dry-run") == "format"
    assert "node_modules/.bin/eslint --fix-dry" not in commands
    assert commands.get("npm run lint") == "lint"


def test_a_setup_target_that_also_starts_containers_is_the_install_step() -> None:
    text = (
        "## Docker\n\n"
        "```bash\n"
        "make bootstrap                 # build images, start containers, install dependencies\n"
        "make up                        # start all containers\n"
        "```\n"
    )
    assert _commands(text) == {"make bootstrap": "install"}


# --- trunk and versions ----------------------------------------------------------------------------------

def test_the_trunk_from_a_branch_start_point_and_an_integration_base() -> None:
    text = (
        "## Flow\n\n"
        "1. Keep `develop` as the integration branch.\n"
        "2. **Branch from upstream/develop:**\n\n"
        "```bash\n"
        "git switch -c topic/x upstream/develop\n"
        "git checkout -b scratch\n"
        "```\n"
    )
    trunks = [(f.line, f.value) for f in extract(text) if f.key == "git.default_branch"]
    assert trunks == [(3, "develop"), (4, "develop"), (7, "develop")]


def test_versions_in_a_minimum_version_table_and_a_dash_list() -> None:
    text = (
        "## Requirements\n\n"
        "| Tool | Minimum version |\n"
        "|------|-----------------|\n"
        "| Ruby | 3.2+ (YJIT on) |\n"
        "| Redis | 7.0+ |\n\n"
        "## Stack\n\n"
        "- elixir - 1.17.3\n"
    )
    assert _facts(text, "version.") == {("version.ruby", ">=3.2"), ("version.elixir", "1.17.3")}


# --- paths that name no component ---------------------------------------------------------------------------

def test_root_manifests_and_django_manage_py_are_self_describing() -> None:
    text = (
        "## Layout\n\n"
        "- `pnpm-workspace.yaml` - workspace globs\n"
        "- `Shop.csproj` - the project file\n"
        "- `manage.py` - Django's command line\n"
        "- `CMakePresets.json` - build presets\n"
        "- `flake.nix` - the Nix entry point\n"
        "- `src/shop/` - the shop module\n"
    )
    assert {v for _, v in _facts(text, "path.")} == {"flake.nix", "src/shop/"}


def test_the_agents_own_rule_and_command_directories_are_not_project_paths() -> None:
    text = (
        "## Agent set-up\n\n"
        "- `.claude/rules/` - detailed rules for the agent\n"
        "- `.claude/commands/` - custom slash commands\n"
        "- `.claude/worktrees/` - where worktrees are created\n"
        "- `.ai/templates/api/` - scaffolding templates\n"
    )
    assert {v for _, v in _facts(text, "path.")} == {".claude/worktrees/", ".ai/templates/api/"}


def test_a_path_the_file_calls_retired_is_not_a_component() -> None:
    text = (
        "## Layout\n\n"
        "- `legacy/worker/` - deprecated, kept for reference\n"
        "- `app/Kernel.php` is no longer registered; middleware moved to `bootstrap/app.php`\n"
        "- `services/worker/` - the queue worker\n"
    )
    assert {v for _, v in _facts(text, "path.")} == {"services/worker/"}


def test_secrets_kept_in_an_ignored_file_is_a_rule_and_an_ignored_directory_is_not() -> None:
    text = (
        "## Configuration\n\n"
        "- Keep API keys in .env.local files (add them to .gitignore)\n"
        "- Ensure tmp/out is in .gitignore\n"
        "- This file is gitignored and stays local.\n"
    )
    assert {f.line for f in extract(text) if f.key.startswith("policy.")} == {3}


def test_a_table_of_branch_patterns_under_a_naming_heading_is_read_at_the_heading() -> None:
    text = "## Git\n\n### Branch naming\n\n| Pattern | Use |\n|---|---|\n| `feature/xxx` | features |\n| `fix/xxx` | fixes |\n"
    assert [(f.line, f.value) for f in extract(text) if f.key == "policy.branch_naming"] == [(3, "feature/xxx")]
