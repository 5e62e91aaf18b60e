"""Extraction classes added in round 32, each on invented text (no line of any labelled file)."""

from swtest import memory_commands as _commands

from statewise_cli.memory.extract import extract


def _facts(text: str) -> dict[str, str]:
    return {f.key: str(f.value) for f in extract(text)}


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


def _policies(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


# --- a project's own script named for its task -----------------------------------------------------------


def test_a_script_without_extension_named_for_its_task() -> None:
    text = "## Scripts\n\n```sh\nscript/setup\n./tools/compile\nscripts/fmt\nscripts/lint-all\n```\n"
    assert _commands(text) == {"script/setup": "install", "./tools/compile": "build", "scripts/fmt": "format",
                               "scripts/lint-all": "lint"}


def test_a_script_run_through_its_interpreter_is_named_for_its_task() -> None:
    text = "## Tooling\n\n```bash\npoetry run python ./run_unittests.py\nnode tools/build-site.mjs\nRscript dev/lint.R\n```\n"
    assert _commands(text) == {"poetry run python ./run_unittests.py": "test", "node tools/build-site.mjs": "build",
                               "Rscript dev/lint.R": "lint"}


def test_the_script_is_not_one_test_file_of_many() -> None:
    facts = [f for f in extract("## Testing\n\n```bash\nbun run scripts/test_all.ts\n```\n") if f.key.startswith("command.")]
    assert [(f.key, f.qualifier) for f in facts] == [("command.test", "")]


def test_a_script_named_for_an_e2e_suite_tests_and_one_named_run_runs() -> None:
    text = "## Local\n\n```sh\n./ci/run-integration.sh\n./bin/server --port 8000\n./scripts/start\n```\n"
    assert _commands(text)["./ci/run-integration.sh"] == "test"
    assert _commands(text)["./scripts/start"] == "run"


def test_a_task_word_that_qualifies_another_word_names_no_task() -> None:
    # "dev" in front of another word (a development database), a generator whose first word is "test"
    text = "## Scripts\n\n```sh\nnode dev-postgres.js\npython tools/test_fixture_gen.py\n```\n"
    assert _commands(text) == {}


def test_the_files_own_words_beat_a_scripts_name() -> None:
    text = "## Testing\n\nRun the suite against a throwaway database:\n\n```sh\nnode scripts/dev-db.js --reset\n```\n"
    assert _commands(text).get("node scripts/dev-db.js --reset") in (None, "test")


def test_two_alternatives_written_as_one_are_not_a_script_command() -> None:
    text = "## Scripts\n\n```sh\ntools/lint --strict / tools/lint\n```\n"
    assert "tools/lint --strict / tools/lint" not in _commands(text)


# --- a package script whose last part says dev ------------------------------------------------------------


def test_a_package_script_ending_in_dev_is_the_dev_command() -> None:
    text = "## Running\n\n```bash\npnpm api:dev\nnpm run start:dev\n```\n"
    assert _commands(text) == {"pnpm api:dev": "dev", "npm run start:dev": "dev"}


def test_a_hyphenated_task_with_a_dev_variant_is_not_the_dev_server() -> None:
    assert _commands("## Scripts\n\n```bash\nnpm run sync-icon-sprites:dev\n```\n").get("npm run sync-icon-sprites:dev") != "dev"


# --- a tool's own task subcommand, a task runner's task -------------------------------------------------


def test_an_unknown_tools_task_subcommand_names_the_task() -> None:
    text = "## Commands\n\n```bash\nfoundryup build\nquarkctl test -k parser\nnpx truffle compile\nmise run lint\n```\n"
    assert _commands(text) == {"foundryup build": "build", "quarkctl test -k parser": "test", "npx truffle compile": "build",
                               "mise run lint": "lint"}


def test_a_target_flag_leaves_the_subcommand_open_and_image_builds_are_not_read_so() -> None:
    kinds = _commands("## Commands\n\n```bash\nwest build -t flash\n```\n")
    assert kinds.get("west build -t flash") != "build"


# --- the built program run from the build's output directory -------------------------------------------


def test_a_program_run_from_the_build_output_directory_runs() -> None:
    text = ("## Usage\n\n```bash\n./target/release/ripx --help-all\n./cmake-build-debug/viewer scene.obj\n"
            "LogLevel__Default=Info ./bin/Debug/net8.0/server\n```\n")
    assert _commands(text) == {"./target/release/ripx --help-all": "run", "./cmake-build-debug/viewer scene.obj": "run",
                               "LogLevel__Default=Info ./bin/Debug/net8.0/server": "run"}


def test_a_test_binary_in_the_build_directory_still_tests() -> None:
    assert _commands("## Testing\n\n```bash\n./build/tests/unit_tests\n```\n") == {"./build/tests/unit_tests": "test"}


# --- Maven's exec plugin, the Windows form of a wrapper ---------------------------------------------------


def test_maven_exec_runs_the_program_and_the_windows_wrapper_is_the_wrapper() -> None:
    text = "## Commands\n\n```powershell\nmvn -q compile exec:java\n.\\mvnw.cmd clean package\ngradlew.bat assemble\n```\n"
    assert _commands(text) == {"mvn -q compile exec:java": "run", ".\\mvnw.cmd clean package": "build",
                               "gradlew.bat assemble": "build"}


# --- a description is not a policy -------------------------------------------------------------------------


def test_a_label_then_a_third_person_verb_describes_and_is_no_policy() -> None:
    text = ("## Git workflow\n\n"
            "- Sync Flag: Keeps the mirror current and rewrites it after every merged PR\n"
            "- `hooks/install.sh` writes a pre-push hook before each push\n"
            "- Commits: Squash before merging\n"
            "- Releases: Requires a signed tag before release\n")
    assert _policies(text) == {5, 6}


def test_a_description_with_a_modal_word_stays_a_rule() -> None:
    text = "## Git workflow\n\n- Review: Needs two approvals and must never be merged by its author\n"
    assert _policies(text) == {3}


# --- bare directory names under a directory lead-in ------------------------------------------------------


def test_bare_directory_names_under_a_directory_lead_in() -> None:
    text = ("**Repository layout:**\n"
            "- `cmd` - the binaries\n"
            "- `internal` - private packages\n"
            "  - `internal/store` - the storage layer\n"
            "- `web/app` - the frontend\n\n"
            "Tools we use:\n"
            "- `golangci` - the linter\n")
    assert _paths(text) == {"cmd", "internal", "internal/store", "web/app"}


def test_bare_names_outside_a_directory_section_are_not_paths() -> None:
    assert _paths("## Dependencies\n\n- `chi` - the router\n- `sqlc` - query generation\n") == set()


def test_a_known_tools_build_step_keeps_its_own_meaning() -> None:
    text = "## Commands\n\n```bash\nzig build test\nzig build run\n```\n"
    assert _commands(text) == {"zig build test": "test", "zig build run": "run"}


# --- a program started through the shell's wrappers ----------------------------------------------------


def test_a_detached_program_is_the_program_it_starts() -> None:
    text = "## Running\n\n```bash\nnohup ./bin/start > /tmp/app.log 2>&1 &\n```\n"
    assert _commands(text) == {"nohup ./bin/start > /tmp/app.log 2>&1 &": "run"}


# --- generated files and remote-tracking branches are not components ----------------------------------


def test_a_generated_file_is_no_component_but_its_directory_is() -> None:
    text = ("## Layout\n\n- `src/generated/` - generated API client\n"
            "- `src/generated/client.gen.ts` - the generated client\n"
            "- `api/.generated/schema.ts` - generated schema types\n")
    assert _paths(text) == {"src/generated/"}


def test_a_remote_tracking_branch_is_no_path() -> None:
    assert _paths("## Workflow\n\n- Base (`origin/main`): always rebase on it\n") == set()


def test_a_metadata_field_is_no_policy() -> None:
    assert _policies("## Git\n\n- Commit: 4f2a9c1\n- Release: v3.0.2\n- Commit: Squash first\n") == {5}


def test_a_short_note_after_a_script_defers_to_the_comment_above_it() -> None:
    text = "## CLI\n\n```bash\n# Start the service\npython -m ledgerd   # as a module\n```\n"
    assert _commands(text) == {"python -m ledgerd": "run"}


def test_a_built_program_under_a_build_heading_still_runs() -> None:
    assert _commands("## Build\n\n```bash\n# build first, then\n./target/debug/ledgerd\n```\n") == {"./target/debug/ledgerd": "run"}
