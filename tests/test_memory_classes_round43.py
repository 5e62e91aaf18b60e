"""Extraction classes added in round 43, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


def _policies(text: str) -> list[str]:
    return [str(f.value) for f in extract(text) if f.key.startswith("policy.")]


# --- the files every part of a kind has, not components -----------------------------------------------------------------


def test_files_listed_for_each_part_of_a_kind_are_no_component_paths() -> None:
    go = ("## Service layout\n\nEvery service under `internal/` contains:\n- `handler.go` - HTTP handlers\n"
          "- `repo.go` - persistence\n- `dto.go` - request and response types\n")
    rails = "## Engines\n\nEach engine has `app/models`-style folders plus `engine.rb` and `routes.rb`.\n"
    table = ("## Per-package files\n\n| File | Role |\n| --- | --- |\n| `index.ts` | public exports |\n"
             "| `types.ts` | shared types |\n")
    android = ("## Feature modules\n\nFor each feature module:\n- `FeatureScreen.kt` - the composable\n"
               "- `FeatureViewModel.kt` - state\n")
    for text in (go, rails, table, android):
        found = _paths(text)
        assert not {p for p in found if "/" not in p}, (text, found)  # (`internal/`, where the services live, may stay)


def test_a_file_list_without_a_distributive_lead_stays() -> None:
    text = "## Infrastructure\n\n- `infra/main.tf` - the resources\n- `infra/variables.tf` - inputs\n"
    assert {"infra/main.tf", "infra/variables.tf"} <= _paths(text)


def test_the_directories_of_each_part_still_name_project_paths_when_written_in_full() -> None:
    text = "## Packages\n\nEach package lives in its own folder:\n- `packages/api/` - the HTTP API\n- `packages/web/` - the UI\n"
    assert {"packages/api/", "packages/web/"} <= _paths(text)


# --- two commands written as one -------------------------------------------------------------------------------------------


def test_two_commands_joined_by_a_slash_are_not_one_command() -> None:
    text = "## Commands\n\n- `yarn check / yarn fix` - check and fix style\n- `make vet / make tidy`\n"
    assert not {c for c in _commands(text) if " / " in c}, _commands(text)


# --- script names with a colon ---------------------------------------------------------------------------------------------


def test_a_script_with_a_types_part_is_the_type_check() -> None:
    text = "## Commands\n\n- `bun run test:types`\n- `npm run check:tsc`\n- `pnpm typecheck:all`\n- `yarn build:types`\n"
    found = _commands(text)
    assert found.get("bun run test:types") == "command.typecheck", found
    assert found.get("npm run check:tsc") == "command.typecheck", found
    assert found.get("yarn build:types") != "command.typecheck", found


# --- a tool given a quoted batch of its steps ------------------------------------------------------------------------------


def test_a_quoted_batch_of_steps_is_read_as_its_last_step() -> None:
    text = "## Testing\n\n```bash\nsbt \"clean; scalafmtCheck; test\"\nmill 'clean; __.compile'\n```\n"
    found = _commands(text)
    assert found.get('sbt "clean; scalafmtCheck; test"', "").startswith("command.test"), found


# --- secrets kept out of the repository --------------------------------------------------------------------------------


def test_secrets_kept_out_of_the_repository_is_a_rule_in_its_phrasings() -> None:
    for line in ("- Never add API keys, passwords or `.env` files to the repository.",
                 "- Do not check in credentials of any kind.",
                 "- Never push private keys or tokens.",
                 "- Secrets must never go into version control."):
        assert _policies(f"## Security\n\n{line}\n"), line


def test_secrets_read_from_the_environment_are_no_commit_rule() -> None:
    assert not _policies("## Config\n\nThe API key is read from the environment at start-up.\n")


# --- a project script the item says is run -------------------------------------------------------------------------------


def test_a_script_item_whose_words_say_what_running_it_does_is_a_command() -> None:
    text = ("## Commands\n\n- `./tools/unit.sh` Run the unit tests\n- `scripts/style` formats every file\n"
            "- `src/main.rs` starts the CLI\n")
    found = _commands(text)
    assert found.get("./tools/unit.sh") == "command.test", found
    assert found.get("scripts/style", "").startswith("command.format"), found
    assert "src/main.rs" not in found and "src/main.rs" in _paths(text)


def test_a_note_in_words_inside_a_command_span_is_not_part_of_the_command() -> None:
    text = "## Testing\n\n- `./tools/unit.sh [SPEC_FILE] (optional)` runs one spec\n"
    assert not {c for c in _commands(text) if "(optional)" in c}, _commands(text)


def test_an_example_after_ex_is_no_command() -> None:
    text = "## Testing\n\n- `./tools/unit.sh` Run all tests\n  Ex.: `./tools/unit.sh spec/models/user_spec.rb`\n"
    assert "./tools/unit.sh spec/models/user_spec.rb" not in _commands(text)


# --- a test runner pointed at a release build directory ------------------------------------------------------------------


def test_a_build_directory_named_release_is_no_release_task() -> None:
    text = "## Testing\n\n- `ctest --test-dir out/release -j8`\n- `ctest --test-dir cmake-build/debug`\n"
    found = _commands(text)
    assert found.get("ctest --test-dir out/release -j8", "").startswith("command.test"), found
    assert found.get("ctest --test-dir cmake-build/debug", "").startswith("command.test"), found


# --- folders linked without their slash ----------------------------------------------------------------------------------


def test_a_folder_link_without_a_trailing_slash_is_a_component() -> None:
    text = ("## Frontend\n\n- **Hooks**: shared hooks (see [web/app/hooks](web/app/hooks))\n"
            "- **Docs**: see [LICENSE](LICENSE) and [the guide](docs/GUIDE.md)\n")
    assert _paths(text) == {"web/app/hooks"}


# --- a label of two tasks over two commands ------------------------------------------------------------------------------


def test_a_label_of_two_tasks_over_two_commands_pairs_them_in_order() -> None:
    text = "## Checks\n\n- Format/lint: cargo fmt / cargo clippy\n- Syntax check: php -l index.php\n"
    found = _commands(text)
    assert found.get("cargo fmt", "").startswith("command.format"), found
    assert found.get("cargo clippy", "").startswith("command.lint"), found


# --- prohibitions lead a list ---------------------------------------------------------------------------------------------


def test_items_under_a_prohibition_lead_are_rules_and_name_no_components() -> None:
    text = ("## Boundaries\n\nNever:\n- Commit credentials or private keys\n- Edit `infra/prod/` without a ticket\n\n"
            "### Don'ts\n- Push tags by hand\n\n## Layout\n- `src/core/` - domain code\n")
    rules = _policies(text)
    assert any("credentials" in r for r in rules), rules
    assert any("tags" in r for r in rules), rules
    assert _paths(text) == {"src/core/"}


# --- parts the file expects to exist later -----------------------------------------------------------------------------


def test_folders_a_file_expects_some_day_are_no_components() -> None:
    text = ("## Notes\n\n- Nothing is scaffolded yet; check `cmd/`, `internal/` once they exist.\n\n"
            "Laravel folders to look for (when the app is created):\n- Standard layout: `app/Http`, `routes/web.php`\n\n"
            "## Layout\n- `pkg/api/` - the HTTP API\n")
    assert _paths(text) == {"pkg/api/"}


# --- where new parts of a kind go, a quoted path ---------------------------------------------------------------------------


def test_where_new_parts_of_a_kind_are_created_is_their_path_quoted_either_way() -> None:
    text = "## Layout\n\n- Screens should be created under \"mobile/src/screens\"\n- Hooks are placed in `web/hooks/`\n"
    assert {"mobile/src/screens", "web/hooks/"} <= _paths(text)


# --- names that are no directory of the project ------------------------------------------------------------------------


def test_a_branch_name_prefix_is_no_component() -> None:
    text = ("## Bots\n\n- Treat PRs from branches starting with `snyk-fix/` as bot PRs.\n"
            "- `deploy/main.tf` - the stack\n")
    assert _paths(text) == {"deploy/main.tf"}


def test_the_paths_a_lead_gives_as_examples_are_no_components() -> None:
    text = "## Orientation\n\nFiles worth opening (examples):\n- `lib/jobs/**`, `config/queue.yml`\n"
    assert not _paths(text)


def test_a_typescript_check_named_in_words_is_the_type_check() -> None:
    text = "## Frontend\n\n- Use `./tools/web.sh types` for running TypeScript checks.\n"
    assert _commands(text).get("./tools/web.sh types") == "command.typecheck"


def test_a_file_the_item_says_every_module_has_is_no_component() -> None:
    text = ("## Module template\n\n- `versions.tf` - provider pins. Required in every module.\n"
            "- `locals.tf` - shared locals\n")
    assert _paths(text) == {"locals.tf"}


def test_terraform_files_mapped_to_what_they_hold_are_the_root_modules_parts() -> None:
    text = "## Key files\n\n- `main.tf` - the cluster and its node pools\n- `variables.tf` - input variables\n"
    assert {"main.tf", "variables.tf"} <= _paths(text)


def test_scratch_directories_inside_the_checkout_are_no_components() -> None:
    text = "## Tests\n\n- Every run writes its databases to `api/tmp/run-dbs/`\n- Fixtures are kept in `api/test/fixtures/`\n"
    assert _paths(text) == {"api/test/fixtures/"}


def test_every_used_of_something_else_leaves_the_paths_of_the_sentence() -> None:
    text = ("## Notes\n\n- Every request passes through `src/middleware/` (see `log.ts` there).\n"
            "- Each component under `packages/` may have a `build.mjs`; run it after changes.\n"
            "- When a query doesn't exist, add it to `db/queries.sql`.\n")
    found = _paths(text)
    assert {"src/middleware/", "packages/", "db/queries.sql"} <= found, found
    assert "build.mjs" not in found, found


def test_the_folders_each_part_has_and_a_folder_whose_existence_is_a_condition() -> None:
    text = ("## Layout\n\n- Plugins live under `plugins/`\n- Each plugin has `hooks/` and `assets/`\n"
            "- If `bench/` exists, run the benchmarks too.\n")
    assert _paths(text) == {"plugins/"}
