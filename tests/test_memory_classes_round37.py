"""Extraction classes added in round 37, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


# --- a command's kind from the command itself before the words around it ------------------------------------------


def test_a_runners_task_is_not_read_as_run_from_the_runners_own_word() -> None:
    text = ("## Workflows\n\n- Tasks are kept in `tasks.toml`:\n"
            "    - `mise run build`: Produces the bundle.\n"
            "    - `mise run lint`: Checks the sources.\n"
            "    - `pdm run test-unit`: Fast suite.\n")
    found = _commands(text)
    assert found.get("mise run build") == "command.build", found
    assert found.get("mise run lint") == "command.lint", found
    assert found.get("pdm run test-unit") == "command.test", found


def test_a_make_target_named_for_its_task_wins_over_a_comment_naming_another() -> None:
    text = "## Commands\n\n```bash\nmake app-build   # Dry-run build of the app\nmake vet-lint   # run the vetters\n```\n"
    found = _commands(text)
    assert found.get("make app-build") == "command.build", found
    assert found.get("make vet-lint") == "command.lint", found


def test_a_neutral_target_still_takes_its_kind_from_the_comment() -> None:
    found = _commands("## Commands\n\n```bash\nmake serve-all   # Run the application locally\n```\n")
    assert found.get("make serve-all") == "command.run", found


def test_a_project_script_named_for_its_task_in_its_last_part() -> None:
    text = ("## Checks\n\n- Then run `Rscript tools/run_all_tests.R --quick` before opening a PR.\n"
            "- Run `bash ci/yaml-lint.sh` for the manifests.\n")
    found = _commands(text)
    assert found.get("Rscript tools/run_all_tests.R --quick") == "command.test", found
    assert found.get("bash ci/yaml-lint.sh") == "command.lint", found


def test_a_helper_script_named_for_no_task_takes_no_task_slot_from_its_last_part() -> None:
    found = _commands("## Testing\n\n- Run `python tools/make_fixtures.py` to refresh the sample data.\n")
    assert found.get("python tools/make_fixtures.py") not in ("command.test", "command.build", "command.install")
    assert _commands("## Tests\n\n- `node scripts/seed-data.mjs`\n").get("node scripts/seed-data.mjs") != "command.test"


# --- the programs a project ships in its bin directory run as the project's programs ---------------------------------


_TOOLBOX = ("# Notes\n\n## Helper programs (`pkg/.local/bin/`)\n\n"
            "- `kit-build` - builds any Kotlin project it is pointed at\n"
            "- `kit-deps` - dependency helper\n- `mk-app` - app scaffolder\n\n"
            "## Commands\n\n```bash\nkit-build --target jvm     # Build for the JVM\nkit-deps list              # List dependencies\n"
            "mk-app Demo                # New app\nmake test                  # Run the tests\n```\n")


def test_a_program_the_bin_section_lists_is_run_whatever_its_name_says() -> None:
    found = _commands(_TOOLBOX)
    assert found.get("kit-build --target jvm") == "command.run", found
    assert found.get("kit-deps list") == "command.run", found
    assert found.get("mk-app Demo") == "command.run", found
    assert found.get("make test") == "command.test", found  # the project's own runner keeps its task


def test_programs_listed_outside_a_bin_section_keep_their_task() -> None:
    text = _TOOLBOX.replace("## Helper programs (`pkg/.local/bin/`)", "## Helper programs")
    assert _commands(text).get("kit-build --target jvm") == "command.build"
    after = _TOOLBOX.replace("## Commands", "# Other part\n\n## Commands")  # a higher heading ends the bin section
    assert _commands(after).get("make test") == "command.test"


# --- a sentence that opens with its own label, bare commands ----------------------------------------------------------


def test_a_run_label_after_a_sentence_gives_the_bare_command() -> None:
    text = ("Checks\n- Style (Go): gofumpt per its config (tabs). Run: gofumpt -l .\n"
            "- Lint (Go): golangci-lint per .golangci.yml. Run: golangci-lint run .\n")
    found = _commands(text)
    assert found.get("gofumpt -l .") == "command.format", found
    assert found.get("golangci-lint run .") == "command.lint", found
    assert not any(" per " in c for c in found), found


# --- paths: the files a directory's description gives as examples -----------------------------------------------------


def test_files_a_directory_item_gives_as_examples_are_not_its_components() -> None:
    text = ("## Layout\n- `app/widgets/` — shared widgets (e.g. `Panel.tsx`, `Badge.tsx`).\n"
            "- `app/db/` — the store (`pool.ts` helpers, `migrate.ts`)\n")
    paths = {str(f.value) for f in extract(text) if f.key.startswith("path.")}
    assert "app/widgets/" in paths and "app/db/pool.ts" in paths and "app/db/migrate.ts" in paths
    assert not {p for p in paths if p.endswith(("Panel.tsx", "Badge.tsx"))}, paths


# --- policies: a heading naming a workflow step in any form ------------------------------------------------------------


def test_rules_under_a_committing_heading_are_commit_rules() -> None:
    text = ("# Service\n\n## Committing Work\n\n- The subject line must stay under 60 characters.\n"
            "- Body lines must wrap at 80.\n\n## Pushing\n\n- Never push to the shared branch on Fridays.\n")
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert {5, 6, 10} <= lines, lines
