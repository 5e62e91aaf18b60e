"""Extraction classes fixed in round 25, each on invented text (no line of any labelled file)."""

from swtest import memory_commands as _commands
from swtest import memory_facts as _facts

from statewise_cli.memory.extract import _tool_kind, extract

# --- scaffolding generators and package installers are not the test command ---------------------------

def test_a_framework_generator_is_no_task() -> None:
    text = (
        "## Writing specs\n\n"
        "- Scaffold a spec with `php artisan make:test --unit OrderTotalTest`.\n"
        "- Generate a component with `ng g component widget-list`.\n"
        "- Run the suite with `php artisan test`.\n"
    )
    commands = _commands(text)
    assert "php artisan make:test --unit OrderTotalTest" not in commands
    assert "ng g component widget-list" not in commands
    assert commands.get("php artisan test") == "test"


def test_a_package_set_up_step_through_artisan_installs() -> None:
    assert _tool_kind("php artisan breeze:install") == "install"
    assert _tool_kind("php artisan test") == "test"


def test_adding_named_packages_is_not_the_install_step() -> None:
    text = (
        "## Setup\n\n"
        "```bash\n"
        "# Install dependencies\n"
        "npm install\n"
        "npm install @acme/charts tiny-dates\n"
        "npm i -D @types/tiny-dates\n"
        "composer require acme/invoicing --dev\n"
        "composer install\n"
        "```\n"
    )
    installs = {v for v, k in _commands(text).items() if k == "install"}
    assert installs == {"npm install", "composer install"}


def test_a_tool_restore_installs_even_under_a_formatting_heading() -> None:
    text = "## Formatting\n\n```sh\ndotnet tool restore\ndotnet csharpier .\n```\n"
    assert _commands(text).get("dotnet tool restore") == "install"


# --- dev scripts -------------------------------------------------------------------------------------

def test_composer_dev_script_and_app_platform_scripts_are_dev() -> None:
    text = (
        "## Development\n\n"
        "```bash\n"
        "yarn start        # Start the bundler\n"
        "yarn ios          # Start on the iPhone simulator\n"
        "yarn android      # Start on the emulator\n"
        "composer run dev  # Start everything\n"
        "```\n"
    )
    commands = _commands(text)
    assert commands.get("yarn ios") == "dev"
    assert commands.get("yarn android") == "dev"
    assert commands.get("composer run dev") == "dev"


# --- a command the comment says does several tasks, or the file retires ------------------------------

def test_a_command_whose_comment_names_several_tasks_is_no_single_task() -> None:
    text = (
        "## Checks\n\n"
        "```bash\n"
        "# Whole pipeline (lint, build, test)\n"
        "./pipeline.fsx run-all\n"
        "# Only the linters\n"
        "./tools/analyze-solution\n"
        "```\n"
    )
    commands = _commands(text)
    assert "./pipeline.fsx run-all" not in commands


def test_a_deprecated_command_is_not_stored() -> None:
    text = (
        "## Commands\n"
        "- Server: `python server.py --port 8080`\n"
        "- Old server: `python old_server.py` (deprecated, use `server.py` instead)\n"
    )
    commands = _commands(text)
    assert commands.get("python server.py --port 8080") == "run"
    assert "python old_server.py" not in commands


# --- a script the label names, and its other options -------------------------------------------------

def test_a_script_the_label_names_runs_and_so_do_its_option_variants() -> None:
    text = (
        "## Commands\n"
        "- Distributed training: `torchrun --nproc_per_node=4 finetune.py`\n"
        "- Finetuning (one GPU): `python finetune.py --split val`\n"
        "- Smaller batches: `python finetune.py --batch 4`\n"
        "- Make a chart: `python chart.py`\n"
        "- Scoring: `python evaluate.py --split val`\n"
    )
    commands = _commands(text)
    assert commands.get("torchrun --nproc_per_node=4 finetune.py") == "run"
    assert commands.get("python finetune.py --split val") == "run"
    assert commands.get("python finetune.py --batch 4") == "run"
    assert "python chart.py" not in commands  # a utility the label names by what it makes
    assert "python evaluate.py --split val" not in commands  # the label does not name the script


def test_a_dispatcher_subcommand_does_not_inherit_the_run_kind() -> None:
    text = (
        "## Commands\n"
        "- Start: `python manage.py runserver`\n"
        "- Admin user: `python manage.py createsuperuser`\n"
    )
    commands = _commands(text)
    assert commands.get("python manage.py createsuperuser") != "run"


# --- branch-name prefixes are not directories ---------------------------------------------------------

def test_branch_prefixes_in_a_table_are_not_paths() -> None:
    text = (
        "## Branch naming\n\n"
        "| Prefix | Use |\n"
        "|--------|-----|\n"
        "| `feat/` | New features |\n"
        "| `spike/` | Throwaway experiments |\n"
        "\n"
        "## Layout\n\n"
        "- `core/` - the engine\n"
    )
    paths = {v for _, v in _facts(text, "path.")}
    assert "feat/" not in paths and "spike/" not in paths
    assert "core/" in paths


# --- sub-items that spell out a rule are that rule, not more rules -------------------------------------

def test_sub_items_under_a_rule_item_are_not_separate_rules() -> None:
    text = (
        "## Workflow\n\n"
        "- **Push small commits** - many small commits beat one large one\n"
        "  - Commit whenever a test turns green\n"
        "  - Commit before renaming a module\n"
        "- Never push to `main` directly.\n"
        "\n"
        "Some prose.\n"
        "\n"
        "- Always rebase onto `main` before opening a PR.\n"
    )
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert 3 in lines and 6 in lines and 10 in lines
    assert 4 not in lines and 5 not in lines


def test_plain_numbered_rules_keep_their_steps_as_rules() -> None:
    text = (
        "## Rules\n\n"
        "1. Never push directly to `trunk`.\n"
        "   - Use a branch.\n"
        "   - Open a PR to `trunk`.\n"
    )
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert {3, 4, 5} <= lines


def test_a_prerequisite_note_or_a_lint_and_format_tool_is_no_aggregate() -> None:
    text = (
        "## Commands\n\n"
        "```sh\n"
        "make styling          # Run linting/formatting\n"
        "npx fooo test web/    # E2E tests (requires dev build)\n"
        "```\n"
    )
    commands = _commands(text)
    assert commands.get("make styling") == "lint"
    assert commands.get("npx fooo test web/") == "test"


# --- an image platform or a quoted import string is not a path -------------------------------------------

def test_an_image_platform_and_a_quoted_import_are_not_paths() -> None:
    text = (
        "## Layout\n\n"
        "- Images for the gateway must be built for `linux/arm64`\n"
        "- `engine/` - the core library\n"
        "- Relative imports: `\"./Vault.sol\"`\n"
    )
    paths = {v for _, v in _facts(text, "path.")}
    assert "engine/" in paths
    assert "linux/arm64" not in paths
    assert not any('"' in p for p in paths)
