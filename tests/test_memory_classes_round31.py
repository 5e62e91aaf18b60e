"""Extraction classes fixed in round 31, each on invented text (no line of any labelled file)."""

from swtest import memory_commands as _commands

# --- a dated log of past work, a changelog section -------------------------------------------------------


def test_commands_in_dated_log_entries_are_not_the_projects() -> None:
    text = (
        "## Build\n\n"
        "```bash\nmake build\n```\n\n"
        "## Notes\n\n"
        "- 2025-11-03: split the parser into `core/`; after the move `cargo build --workspace` passes and\n"
        "  `cargo run --bin loader` prints the same output.\n"
        "- **2025/11/04** — checked the lockfile with `npm ci`, then `npm run lint` was clean.\n"
        "1. 04.11.2025 ran `pytest -x tests/slow` once to confirm the fix.\n"
    )
    assert _commands(text) == {"make build": "build"}


def test_commands_under_a_changelog_heading_are_not_the_projects() -> None:
    text = (
        "## Testing\n\n"
        "- Run `go test ./...` before every commit.\n\n"
        "## Changelog\n\n"
        "- Switched the linter to `golangci-lint run --fast`.\n\n"
        "## [2.3.0] - 2025-06-01\n\n"
        "- `yarn build` now emits ES modules.\n\n"
        "### Recent changes\n\n"
        "- `make install` also copies the man page.\n"
    )
    assert _commands(text) == {"go test ./...": "test"}


def test_an_undated_list_item_keeps_its_command() -> None:
    text = "## Commands\n\n- Build: `cargo build --release`\n- 3 workers: `cargo test -- --test-threads=3`\n"
    assert _commands(text) == {"cargo build --release": "build", "cargo test -- --test-threads=3": "test"}


# --- a benchmark or a parameter sweep --------------------------------------------------------------------


def test_benchmark_and_sweep_runs_are_no_build_test_or_lint() -> None:
    text = (
        "## Build and test\n\n"
        "```sh\n"
        "cargo build\n"
        "cargo test\n"
        "cargo bench -p parser-bench\n"
        "go test -bench=. ./codec\n"
        "pytest --benchmark-only\n"
        "hyperfine 'target/release/app in.txt'\n"
        "./tools/run-latency-sweep.sh --quick\n"
        "npm run bench:cold\n"
        "make benchmarks\n"
        "```\n"
    )
    assert _commands(text) == {"cargo build": "build", "cargo test": "test"}


def test_a_workbench_project_name_is_no_benchmark() -> None:
    text = "## Build\n\n```sh\ncd workbench && npm run build\n```\n"
    assert _commands(text) == {"cd workbench && npm run build": "build"}


# --- a tool and its pinned version -----------------------------------------------------------------------


def test_a_tool_with_its_version_is_no_command() -> None:
    text = (
        "## Tooling\n\n"
        "Pinned tool versions (CI installs exactly these):\n\n"
        "```text\nstaticcheck 2024.1.1\nbuf v1.28.0\n```\n\n"
        "```sh\nruff 0.6.9\nruff check .\n```\n"
    )
    assert _commands(text) == {"ruff check .": "lint"}


# --- a block of what not to run --------------------------------------------------------------------------


def test_a_block_under_a_wrong_or_avoid_lead_is_not_run() -> None:
    text = (
        "## Running\n\n"
        "Right:\n\n```sh\nmake serve-bg\n```\n\n"
        "**Wrong — these hang the session:**\n\n```sh\nmake serve\nnpm run start | less\n```\n\n"
        "\u274c Don't do this:\n\n```sh\ncargo run --release\n```\n\n"
        "Avoid:\n\n```sh\npython -m pytest tests/ -n 64\n```\n"
    )
    assert "make serve" not in _commands(text)
    assert set(_commands(text)) <= {"make serve-bg"}


def test_a_never_without_lead_still_introduces_the_commands_to_run() -> None:
    text = "## Checks\n\nNever commit without running:\n\n```sh\nnpm test\nnpm run lint\n```\n"
    assert _commands(text) == {"npm test": "test", "npm run lint": "lint"}


# --- a tool's format subcommand --------------------------------------------------------------------------


def test_a_format_subcommand_formats_whatever_the_tool_is() -> None:
    text = "## Style\n\n```sh\ngolangci-lint fmt ./...\ntrunk fmt\nbiome format --write .\ngolangci-lint run\n```\n"
    assert _commands(text) == {"golangci-lint fmt ./...": "format", "trunk fmt": "format",
                               "biome format --write .": "format", "golangci-lint run": "lint"}


# --- the commands of a prohibition -----------------------------------------------------------------------


def test_commands_a_qualified_prohibition_names_are_not_steps() -> None:
    text = (
        "## Notes\n\n"
        "- Never run concurrent `bazel build`, `bazel test` or `bazel run` invocations in one workspace.\n"
        "- Do not use global `pip install` here.\n"
        "- Never run tests without `make test-env` first.\n"
    )
    assert _commands(text) == {"make test-env": "test"}


# --- listing what there is -------------------------------------------------------------------------------


def test_listing_tests_or_tasks_is_no_run() -> None:
    text = (
        "## Testing\n\n"
        "```sh\n"
        "pytest -q\n"
        "pytest --collect-only -q\n"
        "go test -list . ./store\n"
        "npx jest --listTests\n"
        "./bin/check --list-suites\n"
        "```\n"
    )
    assert _commands(text) == {"pytest -q": "test"}
