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
    for name in ("stylua.toml", "rubocop-rspec.yml", ".mise.toml", "knip.jsonc", "lefthook.yml", "goreleaser.yaml"):
        assert not _path_ok(name), name


def test_a_root_config_named_for_what_it_configures_stays() -> None:
    for name in ("deploy.yml", "nightly-build.yml", "home.nix", "inventory.yaml", "flake.nix", "services.toml"):
        assert _path_ok(name), name


def test_a_tool_config_below_the_root_maps_a_component() -> None:
    text = "- Lint rules for the web app: `apps/web/eslint.config.json`\n- Release notes template: `cliff.toml`\n"
    assert _paths(text) == {"apps/web/eslint.config.json"}
