"""A memory-file line is a fact by its own words: its verb, its object, what it describes; a heading only names a section.

The shapes below are written after public CLAUDE.md / AGENTS.md / copilot-instructions files (release checklists, "Key
files" tables, "Running the Tool" blocks, branch notes), rewritten, not copied.
"""

from __future__ import annotations

from statewise_cli.memory.extract import extract


def facts_of(text: str) -> set[tuple[str, object, int]]:
    return {(f.key.split(".")[0] if f.key.startswith("policy.") else f.key, f.value, f.line) for f in extract(text)}


def keys_at(text: str, prefix: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith(prefix)}


RELEASE = """# Tooling notes

## Release

1. Bump the version in `pyproject.toml`
2. Update `CHANGELOG.md` (move "Unreleased" under the new version)
3. Tag and push: `git tag v1.2.3 && git push --tags`
4. Wait for the wheel workflow (builds wheels for linux and macos)
5. Build the docs locally to check them: `make docs && make linkcheck`
6. Publish: `twine upload dist/*`
"""


def test_a_release_step_is_a_rule_when_its_own_words_name_the_release() -> None:
    lines = keys_at(RELEASE, "policy.")
    assert {5, 7, 10} <= lines  # the version bump, the tag and push, the publish
    assert not lines & {6, 8, 9}  # the changelog, the wait, the docs check: chores on the way (the version only in an aside)


def test_the_files_title_is_no_subject_its_generic_sections_inherit() -> None:
    text = "# acme-release-io\n\nA plugin.\n\n## Conventions\n\n- Max line length: 100 columns (enforced by the formatter)\n" \
           "- Always check the examples folder when planning changes\n"
    assert keys_at(text, "policy.") == set()
    # a git section's generic "Rules" heading still takes its subject from the git heading above it
    text = "# acme\n\n## Git workflow\n\n### Rules\n\n- Squash your commits before merging\n"
    assert keys_at(text, "policy.") == {7}


def test_the_branch_changes_are_merged_into_is_the_default_branch() -> None:
    got = facts_of("# Notes\n\n- Close the issue once your changes are merged to main.\n"
                   "- Feature branches get merged into `develop` after review.\n")
    assert ("git.default_branch", "main", 3) in got and ("git.default_branch", "develop", 4) in got
    # what is pushed to a branch is no target
    assert not keys_at("# Notes\n\n- Changes pushed to `main` trigger a deploy.\n", "git.default_branch")


def test_the_projects_own_program_run_by_path_under_a_running_heading_is_the_run() -> None:
    text = "# Tool\n\n### Running the Tool\n```powershell\n# Basic run, everything shown\n.\\Monitor.ps1\n\n" \
           "# Only the connections\n.\\Monitor.ps1 -Connections\n```\n"
    got = facts_of(text)
    assert ("command.run", ".\\Monitor.ps1", 6) in got and ("command.run", ".\\Monitor.ps1 -Connections", 9) in got
    # the same kind of script under a testing heading is not the program run
    assert not keys_at("# Tool\n\n## Testing\n\n```bash\n./scripts/gen.sh\n```\n", "command.run")


def test_own_words_that_say_run_keep_a_hot_reloading_tool_a_run() -> None:
    text = "# App\n\n## Development\n\n```bash\n# Run on web browser\nflutter run -d chrome\n\n" \
           "# Run with hot reload\nflutter run -d macos\n```\n"
    got = facts_of(text)
    assert ("command.run", "flutter run -d chrome", 7) in got
    assert ("command.dev", "flutter run -d macos", 10) in got


def test_a_key_files_column_names_each_file_of_its_row() -> None:
    text = "# App\n\n## Layers\n\n| Layer | Directory | Key Files |\n|---|---|---|\n" \
           "| **Core** | `src/App/Core/` | `main.swift` (entry point, not `@main`), `Router.swift`, helpers |\n"
    values = {str(f.value) for f in extract(text) if f.key.startswith("path.")}
    assert {"src/App/Core/", "main.swift", "Router.swift"} <= values
    assert "@main" not in values


def test_a_label_then_a_bare_directory_maps_the_label_to_it() -> None:
    text = "# Repo\n\n## Important Paths\n- Apps: apps/\n- Scripts: scripts/\n"
    values = {(f.key, str(f.value)) for f in extract(text) if f.key.startswith("path.")}
    assert ("path.apps", "apps/") in values and ("path.scripts", "scripts/") in values
