"""Extraction classes added in round 42, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


# --- runners spelled the Windows way ---------------------------------------------------------------------------------


def test_a_runner_written_with_windows_separators_is_the_same_runner() -> None:
    text = ("## Testing\n\n- Unit tests: `vendor\\bin\\pest --parallel`\n- `.\\vendor\\bin\\phpstan analyse`\n"
            "- Windows: `.\\node_modules\\.bin\\vitest run`\n- Build: `.\\mvnw.cmd verify -DskipTests`\n")
    found = _commands(text)
    assert found.get("vendor\\bin\\pest --parallel", "").startswith("command.test"), found
    assert found.get(".\\vendor\\bin\\phpstan analyse", "").startswith("command.typecheck"), found
    assert found.get(".\\node_modules\\.bin\\vitest run", "").startswith("command.test"), found


# --- linters and type checkers named as the program run -------------------------------------------------------------


def test_a_type_checker_or_linter_named_as_the_program_is_its_task() -> None:
    text = ("## Checks\n\nRun `svelte-check --tsconfig ./tsconfig.json` to type check the app.\n"
            "Run `vue-tsc --noEmit` before pushing.\n"
            "Style: `phpcs --standard=PSR12 app/`.\nStatic analysis: `cppcheck --enable=warning src/`.\n")
    found = _commands(text)
    assert found.get("svelte-check --tsconfig ./tsconfig.json") == "command.typecheck", found
    assert found.get("vue-tsc --noEmit") == "command.typecheck", found
    assert found.get("phpcs --standard=PSR12 app/", "").startswith("command.lint"), found
    assert found.get("cppcheck --enable=warning src/", "").startswith("command.lint"), found


# --- development servers -----------------------------------------------------------------------------------------------


def test_a_framework_server_under_a_development_heading_is_the_dev_command() -> None:
    text = ("## Local development server\n\n```bash\nbin/rails server -p 4000\n```\n\n"
            "## Serving\n\n- Start local server: `python manage.py runserver 0.0.0.0:9000`\n")
    found = _commands(text)
    assert found.get("bin/rails server -p 4000") == "command.dev", found
    assert found.get("python manage.py runserver 0.0.0.0:9000") == "command.dev", found


def test_a_program_the_file_says_runs_the_application_stays_the_run_command() -> None:
    text = "## Running the application\n\n- Run the production server: `bin/rails server -e production`\n- `go run ./cmd/api`\n"
    found = _commands(text)
    assert found.get("bin/rails server -e production") == "command.run", found
    assert found.get("go run ./cmd/api") == "command.run", found


# --- example paths, API names, words written with a slash -------------------------------------------------------------


def test_a_path_shown_as_an_example_of_a_kind_of_file_is_no_component() -> None:
    text = ("## Adding a resource\n\n- Example entity: `src/Entity/Invoice.php`\n"
            "- A sample handler looks like `internal/handlers/orders.go`.\n"
            "- e.g. `lib/screens/settings_screen.dart`\n"
            "- Demos live in `examples/`\n- Services live in `src/services/`\n")
    found = _paths(text)
    assert "src/Entity/Invoice.php" not in found, found
    assert "internal/handlers/orders.go" not in found, found
    assert "lib/screens/settings_screen.dart" not in found, found
    assert "src/services/" in found, found


def test_api_names_and_keyword_pairs_written_with_a_slash_are_not_paths() -> None:
    text = ("## Conventions\n\n- Logging: `logger.Debug/Info/Warn`\n- Concurrency: `async/await`, never raw threads\n"
            "- Errors: `try/catch` around I/O\n- Widgets: `ui.Button/Card/…`\n- Handlers: `internal/handlers/`\n")
    found = _paths(text)
    assert not {"logger.Debug/Info/Warn", "async/await", "try/catch", "ui.Button/Card/…"} & found, found


# --- commands without code spans, commands under a lead-in item ------------------------------------------------------


def test_bare_command_lines_under_a_commands_heading_are_commands() -> None:
    text = "## Useful commands\n\ngo test -race ./...\nstaticcheck ./...\nThis section lists the go commands.\n"
    found = _commands(text)
    assert found.get("go test -race ./...") == "command.test", found
    assert found.get("staticcheck ./...") == "command.lint", found


def test_a_command_quoted_in_prose_after_run_is_a_command() -> None:
    found = _commands("## Workflow\n\nBefore every push run 'task test' and make sure it passes.\n")
    assert found.get("task test") == "command.test", found
    found = _commands("## Env\n\nUse `nix-shell --run \"cargo test\"` in the shell.\n")
    assert "cargo test" not in found, found


def test_commands_listed_in_prose_after_use_or_run_are_each_a_command() -> None:
    found = _commands("## Tooling\n\n- Use go vet and go test ./... before pushing.\n- Use cargo doc and mdbook build.\n")
    assert found.get("go vet") == "command.lint", found
    assert found.get("go test ./...") == "command.test", found
    assert "cargo doc" not in found, found


def test_a_lead_in_item_labels_the_commands_of_its_sub_items() -> None:
    text = ("## Workflows\n- **Start local server:**\n  - `rails server` (port 3000)\n- **Run tests:**\n"
            "  - `bin/rails test` or `bin\\rspec`\n")
    found = _commands(text)
    assert found.get("rails server") == "command.dev", found
    assert found.get("bin\\rspec", "").startswith("command.test"), found


def test_a_gradle_browser_or_desktop_run_task_runs_the_app() -> None:
    text = "## Run\n\n```\n./gradlew :web:wasmJsBrowserProductionRun\n./gradlew :desktop:desktopRun\n./gradlew gatlingRun\n```\n"
    found = _commands(text)
    assert found.get("./gradlew :desktop:desktopRun") == "command.run", found
    assert found.get("./gradlew gatlingRun") != "command.run", found


# --- style rules, example blocks, replacement rules --------------------------------------------------------------------


def test_style_rules_under_a_commitments_heading_are_not_git_policies() -> None:
    text = "## Quality Commitments\n- Avoid deeply nested callbacks.\n- Prefer small pure functions.\n"
    assert not [f for f in extract(text) if f.key.startswith("policy.")]


def test_a_block_after_a_paragraph_ending_on_example_and_its_or_alternative_are_examples() -> None:
    text = ("## Tests\n\n- Keep a log of every run. It helps later. Example:\n  ```bash\n  pytest -x 2>&1 | tee run.log\n  ```\n"
            "  Or to keep the streams apart:\n  ```bash\n  pytest -x > out.log 2> err.log\n  ```\n")
    found = _commands(text)
    assert "pytest -x 2>&1 | tee run.log" not in found and "pytest -x > out.log 2> err.log" not in found, found


def test_a_program_path_given_instead_of_the_bare_program_is_no_component() -> None:
    text = "## Binstubs\n- `bin/rake` instead of `rake`\n- `script/server` rather than `server`\n- Put queries in `db/sql.rb` instead of inline\n"
    found = _paths(text)
    assert "bin/rake" not in found and "script/server" not in found, found


# --- release, version and issue rules ------------------------------------------------------------------------------------


def _policy_lines(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


def test_release_and_process_rules_written_as_steps_are_policies() -> None:
    text = ("## Shipping\n\n"
            "- Before tagging or publishing a new release, the maintainer must run the full suite.\n"
            "- Make sure the version in `mix.exs` has been bumped for every change that ships.\n"
            "- To register a new version, comment `@ReleaseBot release` on the tracking issue.\n"
            "- Refuse to commit credentials; point the user at `.gitignore`.\n"
            "- Before starting any implementation, open a GitHub issue describing the plan.\n"
            "- Regularly update version constraints of the providers.\n"
            "- Always register new screens in the router table.\n")
    lines = _policy_lines(text)
    assert {3, 4, 5, 6, 7} <= lines, lines
    assert not {8, 9} & lines, lines


def test_a_tools_table_under_a_linting_heading_gives_each_row_its_task() -> None:
    text = ("## Linting Tools\n\n| Tool | Command |\n|---|---|\n| Secrets | `trufflehog filesystem src` |\n\n"
            "## Test Tools\n\n| Kind | Command |\n|---|---|\n| Fuzz | `atheris run fuzz` |\n")
    found = _commands(text)
    assert found.get("trufflehog filesystem src") == "command.lint", found
    assert found.get("atheris run fuzz") == "command.test", found
