"""Extraction classes fixed in round 28, each on invented text (no line of any labelled file)."""

from swtest import memory_commands as _commands
from swtest import memory_facts as _facts

from statewise_cli.memory.extract import extract

# --- the steps of a task done on request are no standing rules ----------------------------------------


def test_steps_of_a_requested_task_are_no_policies() -> None:
    text = (
        "## Release helper\n\n"
        "When asked to \"refresh the vendored schemas\", follow these steps:\n\n"
        "1. Run `make fetch-schemas`\n"
        "2. Stage and commit the regenerated schema files\n"
        "3. Push the branch to the fork\n"
    )
    assert _facts(text, "policy.") == set()


def test_a_rule_outside_the_steps_is_still_read() -> None:
    text = (
        "## Git\n\n"
        "- Never push directly to `main`.\n\n"
        "## Schema refresh\n\n"
        "Execute these tasks in order:\n\n"
        "1. Pull the schemas\n"
        "2. Commit the regenerated files\n"
    )
    values = {v for _, v in _facts(text, "policy.")}
    assert values == {"Never push directly to `main`."}


# --- a directive lead item is the rule its sub-items spell out -----------------------------------------


def test_a_directive_lead_carries_the_rule_of_its_steps() -> None:
    text = (
        "## Rules\n\n"
        "- **Never store credentials in the repository**. When you find one:\n"
        "  - Warn the user\n"
        "  - Do not commit anything until the user has removed it\n"
    )
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert lines == {3}


def test_files_a_task_step_edits_are_no_components() -> None:
    text = (
        "## Toolchain bump\n\n"
        "When asked to bump the toolchain, follow these steps:\n\n"
        "1. Read the pinned version\n"
        "2. Update these files:\n"
        "   - `svc/go.mod`: Update the `go` line\n"
        "   - `tools/versions.toml`: Update the runtime pin\n"
    )
    assert _facts(text, "path.") == set()


# --- the agent's skill directories and build targets are no project paths --------------------------------


def test_agent_skill_directories_are_no_components() -> None:
    text = (
        "## Skills\n\n"
        "Skills are kept in `.claude/skills/` and mirrored to `.agents/skills/`.\n"
        "- `.agent/skills/` - symlinked copies\n"
        "- `src/engine/` - the simulation engine\n"
    )
    assert {v for _, v in _facts(text, "path.")} == {"src/engine/"}


def test_build_targets_are_no_paths() -> None:
    text = (
        "## Modules\n\n"
        "- **Target**: `//services/gateway:Gateway`\n"
        "- **Library target**: `libs/core:core_lib`\n"
        "- **Source**: `services/gateway/src/`\n"
    )
    assert {v for _, v in _facts(text, "path.")} == {"services/gateway/src/"}


# --- commands that are no task of the slot they would fill ----------------------------------------------


def test_a_look_at_the_dependency_graph_is_no_install() -> None:
    text = (
        "## Dependencies\n\n"
        "```bash\n"
        "# Inspect dependencies\n"
        "bazel query 'deps(//apps/web:server)'\n"
        "cargo tree\n"
        "pnpm why left-pad\n"
        "# Install dependencies\n"
        "pnpm install\n"
        "```\n"
    )
    assert _commands(text) == {"pnpm install": "install"}


def test_provisioning_under_a_testing_heading_is_no_test() -> None:
    text = (
        "## Integration testing\n\n"
        "```bash\n"
        "# 1. Provision the test machines\n"
        "terraform -chdir=infra/test apply -auto-approve\n"
        "# 2. Full deployment of the stack\n"
        "ansible-playbook -i hosts.ini site.yml\n"
        "# 3. Run the checks\n"
        "pytest tests/integration\n"
        "# 4. Tear down\n"
        "terraform -chdir=infra/test destroy -auto-approve\n"
        "```\n"
    )
    assert _commands(text) == {"pytest tests/integration": "test"}


def test_provisioning_the_file_calls_its_build_is_kept() -> None:
    text = "## Commands\n\n```bash\n# Build\ntofu apply   # Apply the configuration\n```\n"
    assert _commands(text) == {"tofu apply": "build"}


def test_a_wrapper_with_a_placeholder_argument_and_golden_updates_are_no_tasks() -> None:
    text = (
        "## Commands\n\n"
        "- Build: `make build`\n"
        "- Use `./tools/build.sh <command>` for anything the Makefile lacks\n\n"
        "```bash\n"
        "mise run test            # run the tests\n"
        "mise run test:golden-update   # refresh golden files\n"
        "```\n"
    )
    assert _commands(text) == {"make build": "build", "mise run test": "test"}


# --- "requires these environment variables" leads a list of required variables -------------------------


def test_requires_these_environment_variables_leads_the_list() -> None:
    text = (
        "### Environment\n"
        "The service requires these environment variables to reach the queue:\n"
        "- `QUEUE_URL` - where the broker listens\n"
        "- `QUEUE_TOKEN` - the access token\n"
        "- `QUEUE_TIMEOUT` - seconds to wait (optional, defaults to 30)\n"
    )
    assert {k for k, _ in _facts(text, "env.")} == {"env.QUEUE_URL", "env.QUEUE_TOKEN"}


# --- a catalogue table's rows are no rules ---------------------------------------------------------------


def test_rows_of_a_catalogue_table_are_no_policies() -> None:
    text = (
        "## Agents\n\n"
        "| Agent | Purpose | When to Use |\n"
        "|-------|---------|-------------|\n"
        "| **shipper** | Changelog, tagging, merge queue | Right before commits and releases |\n"
        "| **auditor** | Dependency review | Before merging a PR that adds packages |\n\n"
        "## Git\n\n"
        "| Rule | Detail |\n"
        "|------|--------|\n"
        "| Never push to `main` | Always open a PR |\n"
    )
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert lines == {12}


def test_a_gate_heading_restated_by_its_first_item_is_one_rule() -> None:
    text = (
        "## Mandatory Before Push\n\n"
        "- `just verify` - runs the unit and contract checks; all must pass before pushing\n\n"
        "## Formatting (required before every commit)\n\n"
        "Run `just fmt`.\n"
    )
    lines = sorted(f.line for f in extract(text) if f.key.startswith("policy."))
    assert lines == [3, 5]


# --- a do / don't table and a dotenv file name no components -------------------------------------------


def test_a_do_and_dont_table_names_no_components() -> None:
    text = (
        "## Naming\n\n"
        "| File | Use | NOT this |\n"
        "|------|-----|----------|\n"
        "| `Billing/InvoiceService.cs` | `Tenant.Invoice` | `tenant.invoice` |\n"
        "| `ReportBuilder.cs` | `$\"{a}:{b}\"` | `a.b` |\n\n"
        "## Layout\n\n"
        "- `Billing/` - invoicing module\n"
    )
    assert {v for _, v in _facts(text, "path.")} == {"Billing/"}


def test_a_dotenv_file_is_no_component() -> None:
    text = "## Settings\n\nSettings are read from `api/.env` and `web/.env.local`; the API lives in `api/`.\n"
    assert not any(v.endswith((".env", ".env.local")) for _, v in _facts(text, "path."))


# --- commands written without fences or backticks, then what they do ------------------------------------


def test_unfenced_command_lines_with_a_comment_are_read() -> None:
    text = (
        "## Key Commands\n\n"
        " poetry install          # Install dependencies\n"
        " poetry run pytest -q    # Run tests\n"
        " poetry run black .      # Format\n"
        " poetry run nox          # Run all checks\n"
    )
    assert _commands(text) == {"poetry install": "install", "poetry run pytest -q": "test", "poetry run black .": "format"}


def test_a_list_item_of_a_command_then_its_description_is_read() -> None:
    text = (
        "## web commands\n\n"
        "- deno task build: Build the bundle\n"
        "- deno task dev: Launch the development webserver\n"
        "- deno run -A tools/seed.ts: Seed the database\n"
    )
    assert _commands(text) == {"deno task build": "build", "deno task dev": "dev"}


def test_deno_runs_a_script_by_its_name() -> None:
    from statewise_cli.memory.extract import _tool_kind

    assert _tool_kind("deno run lint") == "lint"
    assert _tool_kind("deno task test") == "test"
    assert _tool_kind("deno run -A server.ts") == "run"


# --- several bold directories sharing one description ---------------------------------------------------


def test_several_bold_directories_with_one_description_are_each_read() -> None:
    text = (
        "## Layout\n\n"
        "- **client/**: the app\n"
        "  - **desktop/**, **mobile/** and **tv/**: Per-platform shells\n"
    )
    assert {v for _, v in _facts(text, "path.")} == {"client/", "client/desktop/", "client/mobile/", "client/tv/"}


# --- plain directories continuing a list; issue references and regular commits as rules -----------------


def test_plain_directories_continuing_a_list_are_each_read() -> None:
    text = "## Layout\n\n- Suites live in checks/fast/, checks/slow/ and checks/live/\n"
    assert {v for _, v in _facts(text, "path.")} == {"checks/fast/", "checks/slow/", "checks/live/"}


def test_issue_references_and_regular_commits_are_commit_rules() -> None:
    text = (
        "## Version control\n\n"
        "- Reference ticket numbers in commit messages\n"
        "- Regularly create commits for finished steps\n"
        "- Reference the style guide when naming things\n"
    )
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert lines == {3, 4}


def test_ansible_collection_tools_are_commands() -> None:
    text = (
        "## Role testing\n\n"
        "1. `molecule converge` - apply the role for testing during development\n"
        "2. `molecule test` - full test suite\n\n"
        "Install collections: `ansible-galaxy collection install -r requirements.yml`\n"
    )
    assert _commands(text) == {"molecule converge": "test", "molecule test": "test",
                               "ansible-galaxy collection install -r requirements.yml": "install"}


def test_a_command_named_for_its_processes_is_no_step() -> None:
    text = (
        "## Commands\n\n"
        "- Dev: `make dev`\n"
        "- Stop: `make stop` (kills orphaned `vite preview` processes)\n"
        "- Note: `gradle build` spawns daemon processes that outlive it\n"
    )
    assert _commands(text) == {"make dev": "dev"}
