"""Extraction classes fixed in round 29, each on invented text (no line of any labelled file)."""

from swtest import memory_commands as _commands
from swtest import memory_facts as _facts

from statewise_cli.memory.extract import extract

# --- a project path written as a code span in prose ----------------------------------------------------


def _paths(text: str) -> set[str]:
    return {v for _, v in _facts(text, "path.")}


def test_a_file_named_in_prose_is_a_component() -> None:
    text = (
        "## Billing\n\n"
        "Every charge goes through `billing/gateway.py`, which wraps the provider SDK.\n"
        "Retries are scheduled by `jobs/retry_queue.rb`; invoices render from `billing/templates/`.\n"
    )
    assert _paths(text) == {"billing/gateway.py", "jobs/retry_queue.rb", "billing/templates/"}


def test_a_path_before_a_particle_or_with_a_call_is_read() -> None:
    text = (
        "## 데이터\n\n"
        "- 모든 요청은 `core/http/client.ts`의 `request`를 쓴다.\n"
        "- 업로드는 `core/files/upload(file, kind)` 재사용.\n"
    )
    assert _paths(text) == {"core/http/client.ts", "core/files/upload"}


def test_a_two_word_pair_is_no_path_unless_the_file_uses_its_directory() -> None:
    text = (
        "Prefer `async/await` over callbacks; wrap calls with `try/catch`.\n"
        "Install `acme/widgets` with composer.\n"
        "Handlers live next to `store/orders.go`; queries stay in `store/queries`.\n"
    )
    assert _paths(text) == {"store/orders.go", "store/queries"}


def test_examples_outputs_caches_data_and_mime_types_are_no_components() -> None:
    text = (
        "Put a feature in its own folder (e.g. `features/checkout/`).\n"
        "Check `coverage/lcov-report/` after a run and ship `dist/app.js` to the CDN.\n"
        "Seed rows: see `fixtures/seed/users.csv`.\n"
        "Uploads are re-encoded to `image/webp`.\n"
        "Each service has its own `config/settings.yaml`.\n"
    )
    assert _paths(text) == set()


def test_a_forbidden_path_is_no_component_in_english_or_korean() -> None:
    text = (
        "- Never edit `gen/proto/api.pb.go` by hand.\n"
        "그리고 `vendor/legacy/`의 파일은 수정 금지.\n"
        "- `app/main.ts`가 진입점이다.\n"
    )
    assert _paths(text) == {"app/main.ts"}


def test_a_branch_name_is_no_path() -> None:
    text = "## Branches\n\nName them like `feature/v2.1/login-form` or `fix/crash-on-start`.\n"
    assert _paths(text) == set()


def test_a_nested_item_is_not_read_twice_unjoined() -> None:
    text = "- `server/` - the API\n  - `routes/` - the HTTP routes\n"
    assert _paths(text) == {"server/", "server/routes/"}


def test_a_literal_route_folder_is_read_and_a_placeholder_folder_is_not() -> None:
    text = (
        "Streaming lives behind `web/app/api/orders/[orderId]/stream/route.ts`.\n"
        "Add a screen under `web/app/screens/[screen]/` when needed.\n"
    )
    assert _paths(text) == {"web/app/api/orders/[orderId]/stream/route.ts"}


# --- command kinds -------------------------------------------------------------------------------------


def _kinds(text: str) -> dict[str, str]:
    return _commands(text)


def test_a_build_script_told_a_task_does_that_task() -> None:
    text = (
        "- Unit tests: `./make.ps1 -Command UnitTest`\n"
        "- Start locally: `make.ps1 run`\n"
        "- Lint: `./ci.sh --task lint`\n"
    )
    assert _kinds(text) == {"./make.ps1 -Command UnitTest": "test", "make.ps1 run": "run", "./ci.sh --task lint": "lint"}


def test_dev_servers_dev_clients_and_watch_development_are_dev() -> None:
    text = (
        "```bash\n"
        "./scripts/up.sh              # Run all dev servers at once\n"
        "npm run serve                # Development with watch\n"
        "```\n"
        "- `yarn ios` - Start with the dev client\n"
    )
    assert _kinds(text) == {"./scripts/up.sh": "dev", "npm run serve": "dev", "yarn ios": "dev"}


def test_a_repl_a_stop_flag_and_a_dependency_update_are_no_tasks() -> None:
    text = (
        "- `iex -S mix run --no-halt` - Open an interactive shell with the app loaded\n"
        "- `bin/rails console` - Start a console\n"
        "- `./scripts/up.sh --stop` - Stop every dev server\n"
        "- `mix deps.update plug` - Update one dependency\n"
    )
    assert _kinds(text) == {}


def test_a_package_manager_installing_a_tool_is_install() -> None:
    text = "```bash\nluarocks --local install luacheck\ngo install golang.org/x/tools/cmd/goimports@latest\n```\n"
    assert _kinds(text) == {"luarocks --local install luacheck": "install",
                            "go install golang.org/x/tools/cmd/goimports@latest": "install"}


def test_a_dependency_audit_is_a_lint_and_tools_joined_by_plus_are_no_command() -> None:
    text = (
        "- `pnpm run audit:deps` - Audit the production dependencies for known vulnerabilities\n"
        "- **Test stack**: mocha + chai (headless)\n"
    )
    assert _kinds(text) == {"pnpm run audit:deps": "lint"}


# --- env and git ---------------------------------------------------------------------------------------


def test_required_keys_of_the_env_file_in_korean_and_english() -> None:
    assert {k for k, _ in _facts("`.env` 필수 키: `DB_DSN`, `MAIL_TOKEN`.", "env.")} == {"env.DB_DSN", "env.MAIL_TOKEN"}
    assert {k for k, _ in _facts("`.env` required keys: `QUEUE_URL`.", "env.")} == {"env.QUEUE_URL"}


def test_a_branch_roles_list_names_the_integration_branch_as_default() -> None:
    text = "## Branches\n\n- prod → live site\n- dev → integration branch\n"
    assert ("git.default_branch", "dev") in _facts(text, "git.")


def test_branching_off_of_a_branch_names_the_trunk() -> None:
    assert _facts("- For each task, create a branch off of `master`.", "git.") == {("git.default_branch", "master")}


def test_stop_when_on_a_branch_protects_it() -> None:
    text = "- If you are on `trunk` or `production` and about to edit files, stop and ask first."
    scopes = {f.scope for f in extract(text) if f.key == "git.branch.protected"}
    assert scopes == {"branch:trunk", "branch:production"}
    assert not [f for f in extract("If you are on main, run the release script.") if f.key.startswith("git.")]


# --- policies ------------------------------------------------------------------------------------------


def test_a_rules_heading_under_a_git_heading_is_a_workflow_section() -> None:
    text = (
        "## Version control\n\n"
        "Some history.\n\n"
        "### Rules\n\n"
        "- Every change must be developed in its own branch\n"
        "- Code review is mandatory\n\n"
        "## Styling\n\n"
        "### Rules\n\n"
        "- Components must use the design tokens\n"
    )
    lines = sorted(f.line for f in extract(text) if f.key.startswith("policy."))
    assert lines == [7, 8]


# --- more path forms -----------------------------------------------------------------------------------


def test_items_under_a_placeholder_directory_are_role_relative() -> None:
    text = (
        "- **Modules**: `src/modules/[module]/` for one module each, with its own layers.\n"
        "   - **Api**: `api/` for the routes.\n"
        "   - **Store**: `store/` for the state.\n"
        "- **Shared**: `src/shared/` for helpers.\n"
    )
    assert _paths(text) == {"src/shared/"}


def test_a_url_route_with_a_parameter_is_no_placeholder_directory() -> None:
    text = "- **`GET /orders/{id}` returns 404 for drafts** — the check lives in `api/orders.ts`.\n"
    assert _paths(text) == {"api/orders.ts"}


def test_plain_directories_listed_in_parentheses_are_each_read() -> None:
    assert _paths("Editor configs (vim/, kitty/, zsh/, etc.) are linked by the installer.") == {"vim/", "kitty/", "zsh/"}
    assert _paths("Platform folders (android/, ios/) should only be modified for native code.") == set()


def test_commands_after_i_e_name_a_tool_and_cjk_notes_are_no_commands() -> None:
    text = (
        "- Run every task through `turbo` (i.e. `turbo run`, `turbo watch`) rather than the tool itself.\n"
        "- 루트에 둔다(pnpm workspace 설치 때문에 필수).\n"
    )
    assert _kinds(text) == {}


def test_a_release_that_changed_something_is_no_version_pin() -> None:
    text = "**Runtime**: requires Python 3.12.x\n- Python 3.13 removed the old `imp` module.\n"
    assert _facts(text, "version.") == {("version.python", "3.12.x")}


def test_a_long_configure_line_is_still_a_command() -> None:
    flags = " ".join(f"-DOPTION_{i}=ON" for i in range(14))
    text = f"Configure with sanitizers:\n\n```bash\ncmake -S . -B out/asan -G Ninja {flags} && ninja -C out/asan\n```\n"
    assert len(text.splitlines()[3]) > 200
    assert set(_kinds(text).values()) == {"build"}


def test_the_sub_items_of_a_workflow_label_state_one_rule() -> None:
    text = (
        "## Working rules\n\n"
        "- **Merge Approval**:\n"
        "  - Never merge a pull request without a maintainer's approval\n"
        "  - Before running `gh pr merge`, ask the maintainer first\n"
        "  - Wait for the approval before proceeding with the merge\n"
        "- **Release Notes**:\n"
        "  - Always update the changelog before tagging a release\n"
    )
    assert sorted(f.line for f in extract(text) if f.key.startswith("policy.")) == [4, 8]


def test_a_java_package_and_a_path_that_moved_away_are_no_components() -> None:
    text = (
        "Sources follow `org.acme.shop/` naming.\n"
        "The `legacy-jobs/` and `bots/` trees previously living here now have their own repository.\n"
        "Jobs are defined in `jobs/nightly.py`.\n"
    )
    assert _paths(text) == {"jobs/nightly.py"}
