"""Extraction classes fixed in round 21, each on invented text."""

from statewise_cli.memory.extract import extract


def _paths(text: str) -> list[str]:
    return [str(f.value) for f in extract(text) if f.key.startswith("path.")]


def test_namespaced_slash_commands_are_not_paths() -> None:
    text = "# Notes\n\n- `/plan:draft`, `/plan:review`, `/plan:ship` - the planning workflow for features\n"
    assert not [p for p in _paths(text) if p.startswith("/plan")]


def test_slash_commands_under_a_skills_lead_are_not_paths() -> None:
    text = (
        "## Workflow\n\n"
        "Key skills:\n\n"
        "- **`/ship-it`** — run the release pipeline from an approved plan.\n"
        "- **`/triage`** — sort the incoming bug reports.\n"
    )
    paths = _paths(text)
    assert "/ship-it" not in paths and "/triage" not in paths


def test_slash_command_given_an_argument_elsewhere_is_not_a_path() -> None:
    text = (
        "# Guide\n\n"
        "- **`/publish`** — the whole release pipeline.\n\n"
        "Run `/publish dry` to rehearse it.\n"
    )
    assert "/publish" not in _paths(text)


def test_top_level_directory_written_with_a_slash_stays_a_path() -> None:
    text = "## Layout\n\n- `/widgets` - the widget library\n- `/gadgets` - the gadget drivers\n"
    paths = _paths(text)
    assert "/widgets" in paths and "/gadgets" in paths


def test_plain_directory_items_with_a_parenthesised_note_are_paths() -> None:
    text = "## Layout\n- handlers/   (HTTP handlers)\n- storage/    (database access layer)\n"
    paths = _paths(text)
    assert "handlers/" in paths and "storage/" in paths


def test_full_width_colon_list_items_name_paths() -> None:
    text = "### 结构\n\n- `engine.go`\uff1a核心调度模块\n- `queue/`\uff1a任务队列\n  - `queue/worker.go`\uff1a工作进程\n"
    paths = _paths(text)
    assert "engine.go" in paths and "queue/" in paths
    assert any(p.endswith("queue/worker.go") for p in paths)


def _commands(text: str) -> list[tuple[str, str]]:
    return [(f.key, str(f.value)) for f in extract(text) if f.key.startswith("command.")]


def test_server_under_a_development_server_heading_is_the_dev_command() -> None:
    text = "# Development server\n\n```bash\nmix phx.server          # Start Phoenix server at localhost:4000\n```\n"
    assert ("command.dev", "mix phx.server") in _commands(text)


def test_a_make_target_commented_start_dev_is_the_dev_command() -> None:
    text = "## Commands\n\n```bash\nmake serve-all       # Free ports + start dev\n```\n"
    assert ("command.dev", "make serve-all") in _commands(text)


def test_cli_usage_block_lines_run_the_program() -> None:
    text = (
        "## Troubleshooting Setup\n\n**CLI Usage:**\n```bash\n"
        "# Fetch the tickets\n"
        "uv run tix-tool fetch --board [BOARD]     # One board\n"
        "uv run tix-tool report <run-id>           # Summarise a run\n"
        "```\n"
    )
    commands = _commands(text)
    assert ("command.run", "uv run tix-tool fetch --board [BOARD]") in commands
    assert ("command.run", "uv run tix-tool report <run-id>") in commands


def test_project_executable_item_described_by_one_task_is_that_command() -> None:
    text = (
        "## Commands\n\n"
        "- `tools/spec-runner`: Run the whole test suite.\n"
        "- `./vendor/bin/tidyup`: Format the sources to the house style.\n"
        "- `bin/`: local tooling.\n"
    )
    commands = _commands(text)
    assert ("command.test", "tools/spec-runner") in commands
    assert ("command.format", "./vendor/bin/tidyup") in commands
    assert "tools/spec-runner" not in _paths(text)


def test_runner_with_only_a_placeholder_or_bare_interpreter_is_no_command() -> None:
    text = "**Runtime:**\n- Never call `python` directly - always use `uv run python` or `uv run <command>`\n- Scripts: `pnpm <script>`\n"
    assert _commands(text) == []
