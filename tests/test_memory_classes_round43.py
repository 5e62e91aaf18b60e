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
        assert not {p for p in found if "/" not in p.rstrip("/")}, (text, found)


def test_a_file_list_without_a_distributive_lead_stays() -> None:
    text = "## Infrastructure\n\n- `infra/main.tf` - the resources\n- `infra/variables.tf` - inputs\n"
    assert {"infra/main.tf", "infra/variables.tf"} <= _paths(text)


def test_the_directories_of_each_part_still_name_project_paths_when_written_in_full() -> None:
    text = "## Packages\n\nEach package lives in its own folder:\n- `packages/api/` - the HTTP API\n- `packages/web/` - the UI\n"
    assert {"packages/api/", "packages/web/"} <= _paths(text)


# --- a nested package's manifest names itself ---------------------------------------------------------------------------


def test_a_nested_manifest_is_no_component_path() -> None:
    text = ("## Workspaces\n\n- `server/pyproject.toml` - backend dependencies\n- `mobile/pubspec.yaml` - app dependencies\n"
            "- `crates/core/Cargo.toml` - the core crate\n- `server/app/` - the FastAPI app\n")
    assert _paths(text) == {"server/app/"}


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
