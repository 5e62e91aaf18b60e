"""Extraction classes added in round 36, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


def _trunks(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key == "git.default_branch"}


# --- a tool's own `run` subcommand, given what to run ---------------------------------------------------------------


def test_a_tools_run_subcommand_with_a_target_runs_the_program() -> None:
    text = ("## Usage\n\n- `odin run .`\n- `koka run <file>.kk`\n- `gleamx run src/app.glx --verbose`\n"
            "- `mill-ish run -- --port 8080`\n")
    found = _commands(text)
    for command in ("odin run .", "koka run <file>.kk", "gleamx run src/app.glx --verbose", "mill-ish run -- --port 8080"):
        assert found.get(command) == "command.run", (command, found)


def test_a_run_subcommand_that_names_a_task_or_a_container_is_not_the_program() -> None:
    text = "## Deploy\n\n- `cloudctl run deploy api`\n- `docker run app.img`\n- `git run x.y`\n- Then run `use run .` again\n"
    found = _commands(text)
    assert "cloudctl run deploy api" not in found
    assert found.get("docker run app.img") != "command.run"
    assert "git run x.y" not in found
    assert "devbox-like run <task>" not in _commands("## Tasks\n\n- `devbox-like run <task>`\n")  # a task, not a file


def test_a_run_subcommand_given_a_test_binary_runs_the_tests() -> None:
    assert _commands("## Tests\n\n- `wasmrun run build/debug/ParserTests.wasm`\n").get(
        "wasmrun run build/debug/ParserTests.wasm") == "command.test"


def test_a_run_subcommand_in_a_shell_block_runs_the_program() -> None:
    text = "## Running\n\n```sh\nvlang run main.v\n```\n"
    assert _commands(text).get("vlang run main.v") == "command.run"


# --- the trunk, from the git commands that keep work in step with it ------------------------------------------------


def test_commands_syncing_with_the_remote_trunk_name_it() -> None:
    assert _trunks("## Workflow\n\n1. `git pull --rebase upstream develop` before any change\n") == {"develop"}
    assert _trunks("## Workflow\n\n- Stay current: `git fetch origin && git rebase origin/trunk`\n") == {"trunk"}
    assert _trunks("## Workflow\n\n```bash\ngit switch master && git pull\n```\n") == {"master"}
    assert _trunks("## Workflow\n\n```bash\ngit merge --ff-only origin/main\n```\n") == {"main"}


def test_other_branches_and_negated_syncs_name_no_trunk() -> None:
    assert _trunks("## Workflow\n\n- `git rebase origin/feature-login` when asked\n") == set()
    assert _trunks("## Workflow\n\n- Never run `git pull origin main` on a release branch\n") == set()
    assert _trunks("## Workflow\n\n```bash\ngit checkout main\n```\n") == set()


# --- a table whose header says a column holds paths ------------------------------------------------------------------


def test_a_plain_cell_of_a_path_column_is_a_path() -> None:
    text = ("## Layout\n\n| Folder | What lives there |\n|---|---|\n| engine/render/ | the draw passes |\n"
            "| src/bake.rs | asset baking |\n| shaders | GLSL sources |\n")
    found = _paths(text)
    assert "engine/render/" in found and "src/bake.rs" in found, found
    assert "shaders" not in found  # a bare word may name anything


def test_a_plain_cell_of_another_column_is_no_path() -> None:
    text = "## Notes\n\n| Topic | Detail |\n|---|---|\n| and/or | either works |\n| render/draw | two phases |\n"
    assert _paths(text) == set()


# --- where a command runs: a subshell's `cd`, a runner's directory option ---------------------------------------------


def _scoped(text: str) -> dict[str, str]:
    return {str(f.value): f.scope for f in extract(text) if f.key.startswith("command.")}


def test_a_subshell_that_changes_directory_scopes_its_command() -> None:
    found = _scoped("## Checks\n\n- Tests: `(cd gateway; cargo test)`\n- Lint: `(pushd site && npx eslint .)`\n")
    assert found.get("(cd gateway; cargo test)") == "path:gateway/**", found
    assert found.get("(pushd site && npx eslint .)") == "path:site/**", found


def test_a_runners_directory_option_scopes_its_command() -> None:
    found = _scoped("## Checks\n\n- `npm --prefix portal test`\n- `make -C drivers/usb check-fmt`\n"
                    "- `cargo clippy --manifest-path crates/core/Cargo.toml`\n- `yarn --cwd kiosk build`\n")
    assert found.get("npm --prefix portal test") == "path:portal/**", found
    assert found.get("make -C drivers/usb check-fmt") == "path:drivers/usb/**", found
    assert found.get("cargo clippy --manifest-path crates/core/Cargo.toml") == "path:crates/core/**", found
    assert found.get("yarn --cwd kiosk build") == "path:kiosk/**", found


def test_options_that_name_no_directory_leave_the_repository_scope() -> None:
    found = _scoped("## Checks\n\n- `uv run pytest -p no:cacheprovider`\n- `(cd .. && make test)`\n- `(echo hi)`\n")
    assert found.get("uv run pytest -p no:cacheprovider") == "repository", found
    assert found.get("(cd .. && make test)", "repository") == "repository", found
    assert "(echo hi)" not in found


# --- a runner's task named for its kind in one part of its name -------------------------------------------------------


def test_a_task_name_part_gives_the_kind() -> None:
    text = ("## Tasks\n\n- `task schema-lint`\n- `pdm run types`\n- `hatch run fmt:all`\n- `just validate-manifests`\n"
            "- `rye run test-fast`\n")
    found = _commands(text)
    assert found.get("task schema-lint") == "command.lint", found
    assert found.get("pdm run types") == "command.typecheck", found
    assert found.get("hatch run fmt:all") == "command.format", found
    assert found.get("just validate-manifests") == "command.lint", found
    assert found.get("rye run test-fast") == "command.test", found


def test_a_task_name_of_mixed_or_generic_kind_is_not_guessed() -> None:
    from statewise_cli.memory.extract import _tool_kind

    assert _tool_kind("just check-all") is None  # a generic check is an aggregate
    assert _tool_kind("task lint-then-build") is None  # two kinds in one name
    assert _tool_kind("pdm run build-image") is None  # a container image, not the project's build


# --- a heading that is a directory: the files listed under it are inside it ------------------------------------------


def test_files_listed_under_a_directory_heading_are_inside_it() -> None:
    text = ("# Map\n\n### `engine/net/`\n\n- `socket.zig` — the sockets\n- `tls/` — handshakes\n  - `record.zig` — records\n\n"
            "## Scripts\n\n- `bake.rs` — the baker\n")
    found = _paths(text)
    assert {"engine/net/socket.zig", "engine/net/tls/", "engine/net/tls/record.zig", "bake.rs"} <= found, found
    assert "engine/net/bake.rs" not in found


def test_a_title_naming_a_directory_is_the_files_own_folder() -> None:
    assert _paths("# tools/\n\n- `gen.rs` — the generator\n") == {"gen.rs"}


# --- after the blind run: classes seen in batch P, tested on invented text ---------------------------------------------


def test_gos_package_pattern_keeps_its_dots_in_a_plain_list_item() -> None:
    found = _commands("## Checks\n\n- go test ./...\n- go vet ./internal/...\n- cargo test.\n")
    assert found.get("go test ./...") == "command.test" and found.get("go vet ./internal/...") == "command.lint", found
    assert "cargo test" in found  # a sentence's full stop still goes


def test_a_protected_branch_of_any_name_and_the_branch_prs_target() -> None:
    found = [(f.key, f.value, f.scope) for f in extract(
        "## Flow\n\n- Never push directly to the protected `qa` branch.\n- Open a PR targeting `qa` once checks pass.\n")]
    assert ("git.branch.protected", True, "branch:qa") in found, found
    assert ("git.default_branch", "qa", "repository") in found, found


def test_a_rake_task_through_bundler_is_read_by_its_name() -> None:
    found = _commands("## Tasks\n\n- Run `FOO=1 bundle exec rake lint` before pushing.\n- `bin/rake fmt`\n")
    assert found.get("FOO=1 bundle exec rake lint") == "command.lint" and found.get("bin/rake fmt") == "command.format", found


def test_a_source_file_keying_a_table_row_and_a_cjk_directory_column() -> None:
    text = ("## Routes\n\n| Handler | Prefix |\n|---|---|\n| orders.rb | /api/orders |\n| misc | /api/misc |\n\n"
            "| 分类 | 存放目录 |\n|---|---|\n| 笔记 | notes/daily/ |\n")
    found = _paths(text)
    assert "orders.rb" in found and "notes/daily/" in found, found
    assert "misc" not in found and "/api/orders" not in found, found


def test_a_label_then_plain_directories_names_each() -> None:
    found = _paths("## Layout\n\n- Layers: core/domain, core/ports, adapters/http and adapters/db.\n")
    assert {"core/domain", "core/ports", "adapters/http", "adapters/db"} <= found, found
    assert _paths("## Layout\n\n- Do not touch: gen/api, gen/db, gen/ui\n") == set()


def test_a_prohibition_on_publishing_what_the_project_ships_is_a_rule() -> None:
    found = {f.line for f in extract("## Rules\n\n- Never publish the wheel yourself.\n- Do not publish to the registry by hand.\n"
                                     "- Publish events to the bus after each write.\n- Include only published artifacts.\n")
             if f.key.startswith("policy.")}
    assert found == {3, 4}, found


def test_bare_files_in_a_directory_items_description_are_inside_it() -> None:
    found = _paths("## Layout\n\n- `tools/` — build helpers (`gen.rs` codegen, `bake.py`, `Cargo.toml`)\n")
    assert {"tools/", "tools/gen.rs", "tools/bake.py"} <= found, found
    assert "tools/Cargo.toml" not in found
    assert "tools/main.rs" not in _paths("## Layout\n\n- `tools/` — build helpers; see `main.rs` for the entry\n")
