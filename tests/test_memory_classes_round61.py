"""Extraction classes added in round 61, each on invented text (no line of any labelled file); the lead-in's file list
through the real import into a real store of a real git repository, and the console script."""

from __future__ import annotations

from pathlib import Path

from swtest import commit_all, run_statewise, store_path

from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


# --- a list of the project's files that a lead-in sentence introduces ---------------------------------------------------------

HANDLERS = ("# Billing\n\n## Handler Pattern\n\nEvery resource has a dedicated handler file exporting plain functions:\n\n"
            "- `invoice-handler.ts` — invoices and their totals\n- `refund-handler.ts`\n"
            "- `plan-handler.ts` (tiers: `free`, `pro`) / `coupon-handler.ts` / `tax-handler.ts`\n"
            "- `{resource}-handler.ts` for anything new\n\n## Notes\n\n- `scratch.ts`\n- `sandbox.ts`\n")


def test_every_file_of_a_list_a_lead_in_calls_files_is_a_path() -> None:
    paths = _paths(HANDLERS)
    assert {"invoice-handler.ts", "refund-handler.ts", "plan-handler.ts", "coupon-handler.ts", "tax-handler.ts"} <= paths, paths
    assert not any("{" in p for p in paths), paths  # a placeholder names a pattern, not a file
    assert not {"scratch.ts", "sandbox.ts"} & paths, paths  # past the list, under another heading


def test_a_lead_in_of_examples_or_tests_names_no_files_of_the_project() -> None:
    text = ("# App\n\nFor example, a feature might have these files:\n\n- `card-view.ts` / `card-model.ts`\n- `card-store.ts`\n\n"
            "The test files:\n\n- `card.spec.ts`\n- `list.spec.ts`\n")
    assert _paths(text) & {"card-view.ts", "card-model.ts", "card-store.ts", "card.spec.ts", "list.spec.ts"} == set(), _paths(text)


def test_a_lone_file_under_a_lead_in_is_left_to_the_other_rules() -> None:
    text = "# App\n\nThe service file:\n\n- `only-service.ts`\n\nMore prose here.\n"
    assert "only-service.ts" not in _paths(text)


def test_import_memory_stores_the_lead_ins_files(git_repo: Path) -> None:
    (git_repo / "packages" / "billing").mkdir(parents=True)
    (git_repo / "packages" / "billing" / "CLAUDE.md").write_text(HANDLERS)
    commit_all(git_repo)
    result = run_statewise(["import-memory", "--json"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        values = {str(r.value) for r in store.all_records() if r.status == "active" and r.key.startswith("path.")}
    assert any(v.endswith("coupon-handler.ts") for v in values), values
    assert any(v.endswith("refund-handler.ts") for v in values), values


# --- a toolchain's own formatter or validator named in a guideline ----------------------------------------------------------

def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def test_a_guideline_to_use_a_toolchains_formatter_names_the_tool() -> None:
    text = ("# Infra\n\n## Practices\n\n- Use `tofu fmt` to keep the modules tidy.\n- Use `tofu validate` to catch typos.\n"
            "- Run `tofu fmt` before every commit.\n- Use `hatch fmt` to format code.\n- **Format**: use `zig fmt`\n")
    commands = _commands(text)
    assert commands.get("tofu fmt") == "command.format", commands  # "Run …": the step to take
    assert "tofu validate" not in commands, commands  # "Use …": the tool named
    assert commands.get("hatch fmt") == "command.format", commands  # a project runner's task, not a toolchain's own
    assert commands.get("zig fmt") == "command.format", commands  # the file's label makes it the command


# --- a package script that brings the containers up -------------------------------------------------------------------------

def test_a_package_script_named_for_bringing_containers_up_is_no_task() -> None:
    text = ("# Stack\n\n```bash\n# Start everything\npnpm stack:up\n# or\ndocker compose up -d\n# Build the images\n"
            "pnpm stack:build\n```\n")
    commands = _commands(text)
    assert "pnpm stack:up" not in commands, commands
    assert commands.get("pnpm stack:build") == "command.build", commands


# --- the package managers a product supports ------------------------------------------------------------------------------

def test_a_support_list_of_package_managers_states_none() -> None:
    text = ("# Scaffolder\n\n- **Package managers**: `detectManager()` (`src/pm.ts`) keeps npm/pnpm/yarn/bun handling alike.\n")
    assert not [f for f in extract(text) if f.key == "package_manager"]
    assert [f.value for f in extract("# App\n\n- Package manager: pnpm\n") if f.key == "package_manager"] == ["pnpm"]


# --- a rule scoped to deploying files ----------------------------------------------------------------------------------------

def test_a_rule_for_when_files_are_deployed_is_a_release_rule() -> None:
    text = "# Hosting\n\n- When deploying files, always use the vendored uploader.\n- Images load slowly.\n"
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert lines == {3}, lines


# --- a generated folder's listed files, and a list of sensitive files ---------------------------------------------------------

def test_the_files_under_a_do_not_edit_folder_are_no_components() -> None:
    text = ("# Data\n\n## Layout\n\n- `src/gen/` — Auto-generated (DO NOT EDIT)\n  - `models.ts` — the models\n"
            "  - `index.ts` — barrel\n- `src/api/` — the handlers\n  - `users.ts` — user routes\n")
    paths = _paths(text)
    assert not any(p.startswith("src/gen/") for p in paths), paths
    assert "src/api/users.ts" in paths or "users.ts" in paths, paths


def test_a_sensitive_areas_list_maps_no_components() -> None:
    text = "# Backend\n\n## Sensitive Areas\n\n- `src/core/app.py`\n- `src/core/db.py`\n\n## Layout\n\n- `src/core/` — the core\n"
    paths = _paths(text)
    assert "src/core/" in paths, paths
    assert not {"src/core/app.py", "src/core/db.py"} & paths, paths


# --- a walk-through that creates a new project and works inside it -----------------------------------------------------------

def test_the_steps_after_creating_a_project_and_changing_into_it_are_product_usage() -> None:
    text = ("# Acme CLI\n\n## Typical Workflow\n\n1. `acme create my-bot` — scaffold a workspace\n2. `cd my-bot`\n"
            "3. `acme dev` — run local dev\n4. `acme start` — run production\n\n## Contributing\n\n- Test: `pnpm test`\n"
            "- Dev: `pnpm dev`\n")
    commands = _commands(text)
    assert "acme dev" not in commands and "acme start" not in commands, commands
    assert commands.get("pnpm test") == "command.test" and commands.get("pnpm dev") == "command.dev", commands


def test_changing_into_a_folder_the_file_did_not_create_keeps_its_steps() -> None:
    text = "# App\n\n```bash\ncd web\nnpm run dev\n```\n"
    assert _commands(text) == {"npm run dev": "command.dev"}


# --- a program driven with plan and apply ------------------------------------------------------------------------------------

def test_a_program_driven_with_plan_and_apply_provisions() -> None:
    text = ("# Stackform Guide\n\n- Run `stackform plan` to preview changes before `stackform apply`.\n"
            "- Then `stackform approve <id>`.\n- Start the local console with `stackform console`.\n")
    commands = _commands(text)
    assert not {"stackform plan", "stackform apply", "stackform approve <id>"} & set(commands), commands
    labelled = _commands("# Infra\n\n- Test: `tofu plan`\n- Deploy: `tofu apply`\n")
    assert labelled.get("tofu plan") == "command.test", labelled  # the file's own label still gives the kind


# --- an example marked in another language -------------------------------------------------------------------------------------

def test_a_command_given_as_an_example_in_another_language_is_no_task() -> None:
    text = ("# Servicios\n\n- **Build**: Contexto por carpeta (ej. `./billing`), Dockerfile en cada servicio.\n"
            "- **Tests**: dentro del contenedor (p. ej. `docker compose exec billing pnpm test`).\n"
            "- **Lint**: `pnpm lint`\n")
    assert _commands(text) == {"pnpm lint": "command.lint"}


# --- accepting new snapshots --------------------------------------------------------------------------------------------------

def test_a_script_that_updates_snapshots_is_no_test_run() -> None:
    text = ("# Pkg\n\n* **Testing:**\n    * `npm test`: Runs the unit tests.\n    * `npm run snapfix`: Updates the golden files.\n"
            "    * `npm run test:ci` - run tests and update snapshots when needed\n")
    commands = _commands(text)
    assert "npm run snapfix" not in commands, commands
    assert commands.get("npm test") == "command.test" and commands.get("npm run test:ci") == "command.test", commands


# --- a Terraform wrapper's own checks ------------------------------------------------------------------------------------------

def test_the_wrappers_format_and_validate_are_alternatives_of_the_checks() -> None:
    text = ("# Infra\n\n- fmt: run `terraform fmt` (or `terragrunt fmt`) on changed files.\n"
            "- validate: run `terraform validate` (or `terragrunt validate`) in the unit.\n")
    commands = _commands(text)
    assert commands.get("terragrunt fmt") == "command.format", commands
    assert commands.get("terragrunt validate") == "command.lint", commands
