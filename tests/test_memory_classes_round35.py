"""Extraction classes added in round 35, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import _path_ok, extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


# --- installing what the project needs: system package managers, toolchain parts, pods, submodules ----------------


def test_system_package_managers_in_a_setup_block_install() -> None:
    text = ("## Setup\n\nInstall the prerequisites:\n\n```bash\nbrew install libsodium\nsudo apt-get install -y libsodium-dev\n"
            "sudo dnf install -y libsodium-devel\nsudo pacman -S --needed libsodium\n```\n")
    found = _commands(text)
    for command in ("brew install libsodium", "sudo apt-get install -y libsodium-dev", "sudo dnf install -y libsodium-devel",
                    "sudo pacman -S --needed libsodium"):
        assert found.get(command, "").startswith("command.install"), (command, found)


def test_a_toolchain_target_pods_and_submodules_are_set_up_steps() -> None:
    text = ("## Getting started\n\n```sh\nrustup target add aarch64-linux-android\nrustup component add llvm-tools\n"
            "cd app/ios && pod install\ngit submodule update --init --recursive\n```\n")
    found = _commands(text)
    for command in ("rustup target add aarch64-linux-android", "rustup component add llvm-tools", "cd app/ios && pod install",
                    "git submodule update --init --recursive"):
        assert found.get(command, "").startswith("command.install"), (command, found)


def test_neighbours_stay_out_upgrades_examples_and_other_git_calls() -> None:
    text = ("## Maintenance\n\n```sh\nbrew upgrade\ngit submodule update --remote\nsudo apt-get update\n```\n\n"
            "Install Redis (e.g. `brew install redis`) and start it.\n")
    found = _commands(text)
    assert "brew upgrade" not in found and "git submodule update --remote" not in found
    assert "sudo apt-get update" not in found and "brew install redis" not in found


def test_an_install_under_a_troubleshooting_section_is_no_fact() -> None:
    text = "## Troubleshooting\n\nIf the build fails on a fresh machine:\n\n```sh\nbrew install pkg-config\n```\n"
    assert "brew install pkg-config" not in _commands(text)


# --- a tool's own configuration file at the root is named for the tool, not a component -------------------------


def test_a_root_config_named_for_its_tool_is_no_component() -> None:
    for name in ("stylua.toml", "rubocop-rspec.yml", ".mise.toml", "knip.jsonc", "lefthook.yml", "goreleaser.yaml", "node.json"):
        assert not _path_ok(name), name


def test_a_root_config_named_for_what_it_configures_stays() -> None:
    for name in ("deploy.yml", "nightly-build.yml", "home.nix", "inventory.yaml", "flake.nix", "services.toml"):
        assert _path_ok(name), name


def test_a_tool_config_below_the_root_maps_a_component() -> None:
    text = "- Lint rules for the web app: `apps/web/eslint.config.json`\n- API docs settings: `typedoc.json`\n"
    assert _paths(text) == {"apps/web/eslint.config.json"}


# --- placeholders, constants, REPL calls and agent material are no component paths --------------------------------


def test_placeholder_file_names_of_a_layout_are_no_files() -> None:
    text = ("## Layout\n\n- Per-group settings go in `inventory/group_vars/group_name.yml`\n"
            "- Per-host settings go in `inventory/host_vars/hostname.yml`\n- Playbooks are named `verb_noun.yml`\n"
            "- The cache helper lives in `lib/cache-name.ts`\n")
    assert _paths(text) == {"lib/cache-name.ts"}


def test_constants_written_as_alternatives_are_no_directory() -> None:
    assert not _path_ok("PAYMENT_ACCEPTED/DECLINED")
    assert not _path_ok("STATE_IDLE/STATE_BUSY")
    assert _path_ok("LICENSES/") and _path_ok("docs/API/")


def test_a_lisp_repl_call_is_no_path() -> None:
    assert _paths("- `(dev/restart)` is all you need after changing the server code\n") == set()


def test_agent_instruction_folders_are_no_component() -> None:
    text = ("- Read and follow every file in the `.agents` folder\n- Editor rules are in `.cursor/rules/`\n"
            "- Prompt files live in `.github/prompts/`\n- The agent runtime lives in `src/agents/`\n")
    assert _paths(text) == {"src/agents/"}


def test_generated_output_a_rule_says_not_to_hand_edit_is_no_component() -> None:
    text = "- Don\u2019t hand-edit generated files: `reference/`, or `INDEX`.\n- Templates live in `reference-templates/`\n"
    assert _paths(text) == {"reference-templates/"}


# --- a prose list of tasks in parentheses is no command line -------------------------------------------------------


def test_a_parenthesised_list_of_tasks_is_no_command() -> None:
    text = "Use one worker for CPU-bound work (cargo test, build, clippy) and more for network calls.\n"
    assert _commands(text) == {}
    assert _commands("Run the checks (cargo test) before you push.\n") == {"cargo test": "command.test"}


# --- a nested memory file naming its own directory names no component ----------------------------------------------


def test_a_nested_file_naming_its_own_directory_keeps_no_path_record(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from statewise_cli.memory.extract import Fact, Facts
    from statewise_cli.memory.importer import MemoryFile, _drop_own_directory

    facts = Facts()
    for value in ("deploy/", "deploy/charts/", "./deploy", "charts/"):
        facts.append(Fact("path.x", value, "path", line=1, text=""))
    facts.append(Fact("command.test", "deploy/", "command", line=2, text=""))
    _drop_own_directory(MemoryFile(str(tmp_path / "deploy/AGENTS.md"), "deploy/AGENTS.md", "path:deploy/**", None), facts)
    assert [f.value for f in facts] == ["deploy/charts/", "charts/", "deploy/"]
    root = Facts()
    root.append(Fact("path.x", "deploy/", "path", line=1, text=""))
    _drop_own_directory(MemoryFile(str(tmp_path / "AGENTS.md"), "AGENTS.md", "repository", None), root)
    assert len(root) == 1


# --- runner families: a tool's dev subcommand, task runners, interpreters of named scripts ------------------------


def test_a_tools_dev_subcommand_is_the_dev_command() -> None:
    assert _commands("- Start the local UI: `quarry dev -m app.defs`\n") == {"quarry dev -m app.defs": "command.dev"}
    text = "## Local\n\n```sh\n# Start the local stack\nquarry dev start\n# Logs\nquarry dev logs\n# Shell\nquarry dev bash\n```\n"
    assert _commands(text) == {"quarry dev start": "command.dev"}


def test_task_runners_with_a_task_named_for_its_kind() -> None:
    text = ("## Commands\n\n```sh\ndevenv tasks run build:web --mode before\nbb lint-all\nbb test\n```\n")
    found = _commands(text)
    assert found["devenv tasks run build:web --mode before"].startswith("command.build")
    assert found["bb lint-all"].startswith("command.lint") and found["bb test"].startswith("command.test")


def test_interpreters_and_compilers_of_other_ecosystems() -> None:
    text = ("## Commands\n\n```sh\njulia scripts/lint.jl\nnim check src/engine.nim\nnim c -r demos/tour.nim\nmix run\n"
            "cd tests && nim c -r test_lexer.nim\n"
            ".venv/bin/pio run\n```\n")
    found = _commands(text)
    assert found["julia scripts/lint.jl"].startswith("command.lint")
    assert found["nim check src/engine.nim"].startswith("command.typecheck")
    assert found["nim c -r demos/tour.nim"].startswith("command.run") and found["mix run"].startswith("command.run")
    assert found[".venv/bin/pio run"].startswith("command.build")
    assert found["cd tests && nim c -r test_lexer.nim"].startswith("command.test")


def test_environment_and_dependency_installers() -> None:
    text = "## Setup\n\n```sh\ncpanm -n --installdeps .\nmamba env create -f env.yml\n```\n"
    found = _commands(text)
    assert found["cpanm -n --installdeps ."].startswith("command.install")
    assert found["mamba env create -f env.yml"].startswith("command.install")


# --- "committing to" a decision is no git commit ------------------------------------------------------------------


def test_committing_to_a_decision_is_no_workflow_rule() -> None:
    text = ("- Use `render_preview` to check the output before committing to creation.\n"
            "- Never commit to an approach before reading the code.\n- Never commit to staging directly.\n"
            "- Run the linter before committing.\n")
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert lines == {3, 4}


def test_the_old_component_a_file_names_is_retired() -> None:
    text = ("- The old `server/legacy/` (a.k.a. `old_server/`) carried a broken design and has\n  been dropped.\n"
            "- The old approach's replacement lives in `src/core/`.\n")
    assert _paths(text) == {"src/core/"}
