"""Extraction classes added in round 40, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _values(text: str, key: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key == key}


# --- build systems that address targets -------------------------------------------------------------------------------


def test_target_build_systems_are_read_by_their_verb() -> None:
    text = ("## Commands\n\n```sh\naspect build //services/...\nbazelisk test //lib:all\nbuck2 test //core/...\n"
            "pants lint src/py::\npants fmt ::\npants check ::\nplz build //cmd/...\npants package ::\n```\n")
    found = _commands(text)
    assert found.get("aspect build //services/...") == "command.build", found
    assert found.get("bazelisk test //lib:all") == "command.test", found
    assert found.get("buck2 test //core/...") == "command.test", found
    assert found.get("pants lint src/py::") == "command.lint", found
    assert found.get("pants fmt ::") == "command.format", found
    assert found.get("pants check ::") == "command.typecheck", found
    assert found.get("plz build //cmd/...") == "command.build", found
    assert found.get("pants package ::") == "command.build", found


def test_pants_everything_marker_is_no_single_test() -> None:
    found = {f.value: f.qualifier for f in extract("```sh\npants test ::\ncargo test parser::lexer\n```\n")}
    assert found.get("pants test ::") == "", found
    assert found.get("cargo test parser::lexer") == "single", found


def test_a_run_target_named_for_a_task_is_that_task() -> None:
    text = ("## Tooling\n\n```sh\nbazel run //devtools/fmt\nbazel run //:lint\nbuck2 run //scripts:prettier\n"
            "bazel run //server:api\n```\n")
    found = _commands(text)
    assert found.get("bazel run //devtools/fmt") == "command.format", found
    assert found.get("bazel run //:lint") == "command.lint", found
    assert found.get("buck2 run //scripts:prettier") == "command.format", found
    assert found.get("bazel run //server:api") == "command.run", found


def test_bazel_build_file_generation_is_no_task() -> None:
    assert _commands("```sh\nbazel run //:gazelle\naspect configure\n```\n") == {}


def test_ibazel_is_the_development_loop() -> None:
    found = _commands("## Dev\n\n```sh\nibazel run //frontend:serve\nibazel test //backend/...\n```\n")
    assert found.get("ibazel run //frontend:serve") == "command.dev", found
    assert found.get("ibazel test //backend/...") == "command.test", found
    assert {f.value: f.qualifier for f in extract("```sh\nibazel test //backend/...\n```\n")} == {
        "ibazel test //backend/...": "watch"}


def test_a_target_command_takes_the_task_its_label_names() -> None:
    assert _commands("- Run the simulation test: `buck2 build //rtl/alu:alu_tb`\n") == {
        "buck2 build //rtl/alu:alu_tb": "command.test"}


# --- dev servers -------------------------------------------------------------------------------------------------------


def test_watchers_and_reloading_runners_are_dev_servers() -> None:
    text = ("## Local\n\n```sh\nair -c .air.conf\nwatchexec -r -e rs -- cargo run\nnodemon server/main.js\n"
            "node --watch app/index.mjs\nbun --hot api/server.ts\ntilt up\nskaffold dev\ntrunk serve\n"
            "docker compose watch\nforeman start -f Procfile.dev\nwrangler dev\n```\n")
    found = _commands(text)
    for command in ("air -c .air.conf", "watchexec -r -e rs -- cargo run", "nodemon server/main.js", "node --watch app/index.mjs",
                    "bun --hot api/server.ts", "tilt up", "skaffold dev", "trunk serve", "foreman start -f Procfile.dev",
                    "wrangler dev"):
        assert found.get(command) == "command.dev", (command, found)
    assert found.get("docker compose watch", "").startswith("command.dev"), found


def test_r_formatter_air_is_still_the_format() -> None:
    assert _commands("```sh\nair format .\n```\n") == {"air format .": "command.format"}


def test_reload_words_make_a_start_or_preview_script_the_dev_server() -> None:
    text = ("## Scripts\n\n- `pnpm start` - serves the site with live reload\n- `yarn preview` — local docker dev\n"
            "- `npm run preview` - preview the production build\n- `npm run serve` - serve without hot reload\n")
    found = _commands(text)
    assert found.get("pnpm start") == "command.dev", found
    assert found.get("yarn preview") == "command.dev", found
    assert found.get("npm run preview") == "command.run", found
    assert found.get("npm run serve") == "command.run", found


def test_an_or_block_takes_the_lead_in_of_the_block_before() -> None:
    text = ("To start the development server:\n\n```bash\npnpm dev\n```\n\nor\n\n```bash\npnpm start\n```\n\n"
            "To run the compiled app:\n\n```bash\nnode dist/main.js\n```\n")
    found = _commands(text)
    assert found.get("pnpm dev") == "command.dev", found
    assert found.get("pnpm start") == "command.dev", found
    assert found.get("node dist/main.js") == "command.run", found


def test_a_keystroke_is_no_command() -> None:
    assert _commands("- **Hot restart**: Press `R` in the simulator\n") == {}


# --- static-site generation is the build ------------------------------------------------------------------------------


def test_static_site_generation_is_the_build() -> None:
    found = _commands("```sh\nnpx nuxt generate\nnpx next export\n```\n\nTo prerender every page:\n\n```sh\nyarn generate\n```\n")
    assert found == {"npx nuxt generate": "command.build", "npx next export": "command.build", "yarn generate": "command.build"}


def test_a_nuxt_projects_generate_script_is_the_build_but_elsewhere_codegen() -> None:
    assert _commands("# Shop (Nuxt 3)\n\n- Hosted on a CDN, built with `pnpm run generate`\n") == {
        "pnpm run generate": "command.build"}
    assert _commands("# API client\n\n- Regenerate the client: `pnpm run generate`\n") == {}


# --- versions ---------------------------------------------------------------------------------------------------------


def test_node_lts_codenames_are_kept_as_written() -> None:
    assert _values("- Node.js: `lts/iron`\n", "version.node") == {"lts/iron"}
    assert _values("- nvm picks up `lts/*` from `.nvmrc`\n", "version.node") == {"lts/*"}
    assert _values("- Node: current LTS\n", "version.node") == {"lts"}


def test_toolchain_clauses_and_parenthesised_ranges_are_versions() -> None:
    assert _values("- **Language:** Rust 2021 edition (toolchain: 1.79+)\n", "version.rust") == {">=1.79"}
    assert _values("- Rust (MSRV 1.74)\n", "version.rust") == {">=1.74"}
    assert _values("- Go (>= 1.23)\n", "version.go") == {">=1.23"}


def test_toolchain_files_name_the_version_they_hold() -> None:
    assert _values("- `rust-toolchain.toml` pins 1.83.0\n", "version.rust") == {"1.83.0"}
    assert _values("- `.python-version`: 3.13\n", "version.python") == {"3.13"}
    assert _values("- `.nvmrc` holds 20.18.1\n", "version.node") == {"20.18.1"}


# --- package managers -------------------------------------------------------------------------------------------------


def test_build_system_cargo_and_packages_provided_by_a_manager() -> None:
    assert _values("- **Build system:** Cargo\n", "package_manager") == {"cargo"}
    assert _values("JavaScript dependencies are managed with pnpm.\n", "package_manager") == {"pnpm"}


# --- precision --------------------------------------------------------------------------------------------------------


def test_commands_the_file_says_are_not_needed_are_no_tasks() -> None:
    assert _commands("- Plain HTML site: there is no need to run `yarn install` or `yarn build`.\n") == {}


def test_a_prohibition_wrapped_over_two_lines_names_no_task() -> None:
    text = "Every check runs in the sandbox. Never run tools directly\nthrough `go test ./...` or `golangci-lint run`.\n"
    assert _commands(text) == {}


def test_entering_a_shell_or_activating_an_environment_is_no_install() -> None:
    text = "- **Environment:** `devbox shell` to get every dependency\n- **Setup:** `mamba activate geo`\n"
    assert _commands(text) == {}


def test_a_gradle_call_of_build_and_test_tasks_is_an_aggregate() -> None:
    assert _commands("### Validate\n\n```bash\n./gradlew :app:assembleRelease test\n```\n") == {}


def test_a_linter_given_the_docs_directory_is_still_the_linter() -> None:
    assert _commands("- Lint prose: `vale 'docs/**/*.md'`\n- Lint Markdown: `markdownlint 'docs/**/*.md'`\n") == {
        "markdownlint 'docs/**/*.md'": "command.lint"}


def test_a_lone_program_after_a_task_label_is_the_command() -> None:
    text = "- **Tests:** Use `pytest` to run all tests; for the plugin: `cd plugin && pytest -q`\n"
    found = _commands(text)
    assert found.get("pytest") == "command.test", found


def test_we_use_a_tool_like_its_command_is_no_example() -> None:
    text = "On Linux we run swift test like `swift test --parallel`. Don't use xcodebuild like `xcodebuild test` there.\n"
    assert _commands(text) == {"swift test --parallel": "command.test"}


# --- more version forms -----------------------------------------------------------------------------------------------


def test_version_forms_a_file_uses() -> None:
    assert _values("- **Python 3.12/3.13 only.** Not 3.14.\n", "version.python") == {"3.12/3.13"}
    assert _values("- **Language:** Go (1.24.3)\n", "version.go") == {"1.24.3"}
    assert _values("- Python (3.10+)\n", "version.python") == {">=3.10"}
    assert _values("- Node engine: >= 22.1.0\n", "version.node") == {">=22.1.0"}
    assert _values("- JVM toolchain 17, Kotlin 2.1\n", "version.java") == {"17"}
    assert _values("- Minimum JDK version: **23**\n", "version.java") == {">=23"}
    assert _values("- Needs Node.js ^18.20.0 or >=20.11.0\n", "version.node") == {"^18.20.0", ">=20.11.0"}
    assert _values("- Targets Elixir ~> 1.16\n", "version.elixir") == {"~> 1.16"}
    assert _values("- The Go toolchain is `go1.24.2`.\n", "version.go") == {"1.24.2"}


def test_rust_release_channels() -> None:
    assert _values("- Rust 2021 edition (latest stable), serde\n", "version.rust") == {"stable"}
    assert _values("- nightly toolchain selected by `rust-toolchain.toml`\n", "version.rust") == {"nightly"}


def test_python_3_as_a_prerequisite_but_not_as_a_style() -> None:
    assert _values("Prerequisites: Git, Python 3.\n", "version.python") == {"3"}
    assert _values("- Write idiomatic Python 3 code.\n", "version.python") == set()


def test_a_code_comment_that_states_a_requirement_gives_the_version() -> None:
    text = "```sh\n# Compile every crate (requires Rust 1.82+)\ncargo build\nyarn e2e:20   # e2e tests on Node.js 20\n```\n"
    assert _values(text, "version.rust") == {">=1.82"}
    assert _values(text, "version.node") == set()


# --- more dev servers -------------------------------------------------------------------------------------------------


def test_a_wrapper_used_instead_of_a_known_command_does_its_task() -> None:
    assert _commands("Use `./bin/serve-local` instead of `bin/rails server`.\n") == {"./bin/serve-local": "command.dev"}


def test_alternatives_share_the_description_after_them() -> None:
    found = _commands("- `script/server` or `mix phx.server` - Start the development server\n")
    assert found.get("script/server") == "command.dev", found


def test_framework_dev_servers() -> None:
    found = _commands("```sh\nsymfony server:start\nyarn storybook\n```\n")
    assert found == {"symfony server:start": "command.dev", "yarn storybook": "command.dev"}


def test_a_dev_server_on_another_port_stays_the_dev_server() -> None:
    text = ("```bash\n# Start the development server\npoetry run python manage.py runserver\n\n# On another port\n"
            "poetry run python manage.py runserver 9000\n\n# Release mode\ncargo run\ncargo run --release\n```\n")
    found = _commands(text)
    assert found.get("poetry run python manage.py runserver 9000") == "command.dev", found
    assert found.get("cargo run --release") == "command.run", found


# --- installs that are not the dependency install ---------------------------------------------------------------------


def test_installing_the_projects_own_product_is_no_dependency_install() -> None:
    text = "```sh\ncmake --install build --prefix ~/.local\nR CMD INSTALL --no-multiarch .\ncargo install --path crates/cli\n```\n"
    assert _commands(text) == {}


def test_showing_dependencies_or_installing_into_a_cluster_is_no_install() -> None:
    text = ("```sh\nmake deps          # Print the dependency graph\nmake install-crds  # Install the CRDs into the cluster\n"
            "./autogen.sh       # Generate the configure script\nmake deps-install  # Install dependencies\n```\n")
    assert _commands(text) == {"make deps-install": "command.install"}


def test_every_command_replaced_by_instead_of_is_no_command() -> None:
    assert _commands("- Use `pnpm install` instead of `npm install`, `yarn install` or `bun install`\n") == {
        "pnpm install": "command.install"}


# --- run commands that are no run of the program ----------------------------------------------------------------------


def test_a_database_container_a_migration_and_a_docs_server_are_no_run() -> None:
    text = ("| Command | Purpose |\n| --- | --- |\n| `make redis` | Start Redis in Docker |\n\n"
            "- **Schema migrations:** `go run ./cmd/api -migrate=down`\n\n```sh\nmake godoc   # Start local documentation server\n```\n")
    assert _commands(text) == {}


def test_a_runner_without_its_target_is_no_command() -> None:
    assert _commands("- Tools you need: `go run`, `gofmt`\n") == {}


def test_watching_and_a_metro_bundler_are_the_dev_server() -> None:
    found = _commands("- `pnpm start:inspect` - Start with inspector and watch\n- `yarn start` - Start Metro bundler\n")
    assert found == {"pnpm start:inspect": "command.dev", "yarn start": "command.dev"}


def test_package_manager_named_in_more_label_forms() -> None:
    assert _values("- `yarn` - the package manager we standardise on\n", "package_manager") == {"yarn"}
    assert _values("- **Package Management:** pnpm\n", "package_manager") == {"pnpm"}
    assert _values("- **pnpm workspaces** for package management\n", "package_manager") == {"pnpm"}
    assert _values("- Dependency management tool: `poetry`\n", "package_manager") == {"poetry"}


def test_a_tool_version_wrapper_keeps_the_install_managers_name() -> None:
    assert _values("- `mise exec -- dart pub get` - Install dependencies\n", "package_manager") == {"pub"}


def test_bazels_short_alias_only_with_a_target_label() -> None:
    assert _commands("- Build with Bazel: `b build //services/...`\n- Coverage: `b coverage //lib/...`\n") == {
        "b build //services/...": "command.build", "b coverage //lib/...": "command.test"}
    assert _commands("- Option b: run the script\n") == {}


def test_angular_cli_commands() -> None:
    assert _commands("  `npm run build` or `ng build`\n") == {"npm run build": "command.build", "ng build": "command.build"}


def test_a_command_described_as_held_in_a_file_is_no_step() -> None:
    assert _commands("The port comes from the `uvicorn app:api --port 8001` invocation in the `Procfile`.\n") == {}
    assert _commands("Start the API with `uvicorn app:api --port 8001`.\n") == {"uvicorn app:api --port 8001": "command.run"}


def test_linters_in_the_plural_and_crystals_linter() -> None:
    assert _commands("- **Run all linters**: `trunk check --all`\n\n```sh\nameba src\n```\n") == {
        "trunk check --all": "command.lint", "ameba src": "command.lint"}
