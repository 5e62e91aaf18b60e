"""Extraction classes fixed in round 27, each on invented text (no line of any labelled file)."""

from swtest import memory_commands as _commands
from swtest import memory_facts as _facts

from statewise_cli.memory.extract import _tool_kind

# --- a catalogue entry's usage notes are no project rules ---------------------------------------------


def test_usage_notes_of_a_catalogue_entry_are_no_policies() -> None:
    text = (
        "## Release workflow\n\n"
        "**ship** - tagging and changelog helper\n"
        "- **When to Use**: After a merge to main, before tagging a release\n"
        "- **Key Features**: PR checks, changelog/commit summaries, tag creation\n"
        "- **Examples**:\n"
        "  - Use when the PR is approved and CI passes\n"
        "  - Use before deployment to confirm the release commit\n"
        "  - Use instead of manual PR merging and tagging\n"
    )
    assert _facts(text, "policy.") == set()


def test_a_rule_next_to_usage_notes_is_still_read() -> None:
    text = (
        "## Git workflow\n\n"
        "- **When to Use**: Before committing changes\n"
        "- Never push directly to `main`; open a PR instead.\n"
        "- Use feature branches for every change.\n"
    )
    values = {v for _, v in _facts(text, "policy.")}
    assert any("Never push directly" in v for v in values)
    assert any("feature branches" in v for v in values)
    assert not any("When to Use" in v for v in values)


# --- a framework CLI's subcommand through the package manager names the task --------------------------


def test_framework_cli_through_package_manager() -> None:
    assert _tool_kind("pnpm tauri dev") == "dev"
    assert _tool_kind("npx nuxi build") == "build"
    assert _tool_kind("pnpm run dev") == "dev"  # the ordinary script form keeps its meaning
    assert _commands("## Commands\n\n`pnpm install` | `pnpm tauri dev` | `pnpm tauri build` | `pnpm test`\n") == {
        "pnpm install": "install", "pnpm tauri dev": "dev", "pnpm tauri build": "build", "pnpm test": "test"}


# --- every command of an "(e.g., …)" list is an example --------------------------------------------------


def test_every_command_of_an_eg_list_is_an_example() -> None:
    text = ("## Tooling\n\n1. Prefer Gradle tasks for building, testing and linting once the build exists "
            "(e.g., `./gradlew assemble`, `./gradlew detektMain`, `./gradlew checkstyleMain`).\n")
    assert _commands(text) == {}


def test_a_command_after_an_eg_list_run_by_the_file_is_kept() -> None:
    text = "## Commands\n\n- Build: `./gradlew assemble`\n"
    assert _commands(text) == {"./gradlew assemble": "build"}


# --- stopping or cleaning up processes is no task --------------------------------------------------------


def test_stop_shutdown_and_cleanup_targets_are_no_build() -> None:
    text = (
        "## Build\n\n"
        "- Build: `make build`\n"
        "- Stop watchers: `make stop-watch`\n"
        "- Shutdown build servers: `make shutdown-servers`\n"
        "- `make cleanup-tmp` removes build leftovers\n"
    )
    assert _commands(text) == {"make build": "build"}
