"""Extraction classes added in round 33, each on invented text (no line of any labelled file)."""

from swtest import memory_commands as _commands

from statewise_cli.memory.extract import _describes, extract


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


def _policies(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


# --- names that only look like paths --------------------------------------------------------------------


def test_a_naming_convention_example_is_no_file() -> None:
    text = ("## Naming\n\n- Components live in `src/widgets/PascalCase.tsx`\n- Hooks: `src/hooks/useFeatureName.ts`\n"
            "- Folders use `kebab-case/` names\n")
    assert _paths(text) == set()


def test_a_real_file_beside_the_convention_is_still_a_path() -> None:
    assert _paths("The chart widget lives in `src/widgets/SalesChart.tsx`.\n") == {"src/widgets/SalesChart.tsx"}


def test_a_time_zone_is_no_directory() -> None:
    text = "- Scheduler: jobs run in `Europe/Lisbon` time; reports use `America/Argentina/Salta`\n- Default zone: `Etc/UTC`\n"
    assert _paths(text) == set()


def test_documents_inside_installed_dependencies_are_no_component() -> None:
    text = "Read the framework's guide in `node_modules/quartzjs/docs/routing/` before changing `src/routes/`.\n"
    assert _paths(text) == {"src/routes/"}


def test_a_bold_owner_and_name_pair_is_a_package_unless_the_file_writes_it_as_a_folder() -> None:
    assert _paths("## Stack\n\n- **acmeui/kit** - Vue widgets on top of Headless primitives\n") == set()
    text = ("## Layout\n\n- **tools/gen**: the code generator\n\nIts templates sit beside it in tools/gen/ as well.\n")
    assert "tools/gen" in _paths(text)


# --- code files in tables and lists ---------------------------------------------------------------------


def test_every_code_file_of_a_table_cell_is_a_path() -> None:
    text = ("| Package | Test files | Cases |\n|---|---|---|\n| `pkg/codec` | `frame_test.go` `header_test.go` | 12 |\n"
            "| Add a route | `Router.kt` + `NavGraph.kt` | sealed class |\n")
    assert _paths(text) == {"pkg/codec", "frame_test.go", "header_test.go", "Router.kt", "NavGraph.kt"}


def test_files_in_a_naming_table_are_examples() -> None:
    text = "## Naming conventions\n\n| Kind | Example |\n|---|---|\n| Service | `billing_service.py` |\n"
    assert _paths(text) == set()


def test_a_list_item_leading_with_a_code_file_names_it() -> None:
    text = ("**Engine (`core/engine/`)**:\n- `loader.rs`: `Loader` reads the manifests\n"
            "- `planner.rs` - turns the graph into steps\n")
    assert {"loader.rs", "planner.rs"} <= {p.rsplit("/", 1)[-1] for p in _paths(text)}


def test_a_file_a_thing_is_handled_by_is_a_path() -> None:
    assert _paths("- **Navigation**: handled by `Shell.razor` and its menu\n") == {"Shell.razor"}


# --- commands -------------------------------------------------------------------------------------------


def test_a_workspace_script_does_its_task() -> None:
    text = "## Commands\n\n```bash\nyarn workspace admin lint\npnpm --filter @acme/site run build\n```\n"
    assert _commands(text) == {"yarn workspace admin lint": "lint", "pnpm --filter @acme/site run build": "build"}


def test_a_package_script_named_for_bringing_dependencies_in_installs() -> None:
    text = "## Setup\n\n```bash\npnpm deps\nnpm run bootstrap\nyarn install:all\n```\n"
    assert _commands(text) == {"pnpm deps": "install", "npm run bootstrap": "install", "yarn install:all": "install"}


def test_a_script_named_sync_is_left_to_its_context() -> None:
    assert _commands("## Checks\n\n```bash\npnpm sync   # verify the project references\n```\n") == {}


def test_a_package_script_says_its_task_in_one_part_of_its_name() -> None:
    text = ("## Checks\n\n```bash\npnpm --filter @acme/shop smoke:checkout\npnpm --filter @acme/shop run desktop:smoke\n"
            "pnpm run knip\nyarn deps:audit\npnpm desktop:dist\n```\n")
    assert _commands(text) == {"pnpm --filter @acme/shop smoke:checkout": "test", "pnpm --filter @acme/shop run desktop:smoke": "test",
                               "pnpm run knip": "lint", "yarn deps:audit": "lint", "pnpm desktop:dist": "build"}


def test_an_engine_running_a_project_script_does_what_the_script_is_named_for() -> None:
    text = "## Checks\n\n```bash\ngodot --headless --script res://ci/lint_levels.gd\ngodot --headless -s res://ci/setup_keymap.gd\n```\n"
    assert _commands(text) == {"godot --headless --script res://ci/lint_levels.gd": "lint",
                               "godot --headless -s res://ci/setup_keymap.gd": "install"}


# --- policies -------------------------------------------------------------------------------------------


def test_a_glossary_entry_describes_its_code_span() -> None:
    assert _describes("`DEPLOY_TOKEN`: Needed to publish a release")
    assert _describes("`make cov` - Run tests with coverage reports (90% threshold)")
    assert not _describes("`make check` - run before every commit")
    assert not _describes("`release/*` - never push directly")
    assert not _describes("`pre-push`: runs the type checker")


def test_a_glossary_list_of_release_commands_holds_no_rule() -> None:
    text = "## Release\n\n- `just tag`: Create the release tag and push it\n- `just notes` - Draft the PR description\n"
    assert _policies(text) == set()


def test_a_code_review_checklist_is_no_git_rule() -> None:
    text = ("## Code Review Rules\n\n- Do not add a second cache layer to the parser.\n"
            "- Keep handlers small and never block the event loop.\n- Always reply to every reviewer comment before merging.\n")
    assert _policies(text) == {5}


# --- more path forms ------------------------------------------------------------------------------------


def test_an_inventory_line_names_its_file() -> None:
    text = "# api/\n\nMembers\nsrc/queue.ts: the retry queue and its backoff.\nsrc/http/router.ts: mounts the routes.\n"
    assert _paths(text) == {"src/queue.ts", "src/http/router.ts"}


def test_two_capitalised_words_with_a_slash_are_no_inventory_line() -> None:
    assert _paths("Errors/Warnings: reported once per run\n") == set()


def test_a_bold_path_with_capitals_heads_its_paragraph() -> None:
    text = ("**Render/**: draw passes and the frame graph\n\n**Render/Pass**: one pass\n\n**Core/Clock.h**: the frame clock\n\n"
            "**Build/test/deploy**: see the guide\n")
    assert _paths(text) == {"Render/", "Render/Pass", "Core/Clock.h"}


def test_a_bold_name_with_a_plain_path_in_parentheses() -> None:
    text = "1. **Scheduler** (Runtime/): picks the next job\n\n**Unit tests (helpers.spec.ts):**\n\n**Vue** (Vue.js)\n"
    assert _paths(text) == {"Runtime/", "helpers.spec.ts"}


def test_a_label_naming_an_owner_and_name_package_is_no_path() -> None:
    assert _paths("## Stack\n\n- **Widget kit**: acmeui/kit\n- **Services**: services/api/\n") == {"services/api/"}


def test_a_transaction_or_log_commit_is_no_git_rule() -> None:
    text = ("## Workflow\n\n- Storage engine: every write must commit the transaction or roll back\n"
            "- Raft: never commit log entries before a majority acknowledges them\n- Never commit secrets to the repository\n")
    assert _policies(text) == {5}
