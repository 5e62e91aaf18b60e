"""A fact is what a memory file's line says about its own command or path, not what the words around it say.

An install command is one the command itself or its own words say installs or sets up (a section heading named
"Setup" or a list lead-in named "bootstrap flow" does not make every command under it one); a code span's words name
that span's command, not its neighbours'; a bare "# or" between two commands offers the second for the first one's
task; deploying is a workflow word when the project is deployed, not a component; parts are named by a path heading,
a parenthesised path with a note, or a plain path in parentheses at the end of a list item.

The shapes are written after public CLAUDE.md / AGENTS.md / copilot-instructions files (set-up sections, "Examples
used in the README" lists, alternative commands in one block, operations notes, feature lists), rewritten, not copied.
"""

from __future__ import annotations

from statewise_cli.memory.extract import extract


def commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key.split(".")[1] for f in extract(text) if f.key.startswith("command.")}


def policy_lines(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


def paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


SETUP_SECTION = """# Notes

## Environment Setup

1. `uv sync`
2. `uv run acmectl --help`
"""


def test_a_setup_heading_makes_no_install_command_of_a_command_that_installs_nothing() -> None:
    found = commands(SETUP_SECTION)
    assert found.get("uv sync") == "install"  # the tool's own role: it installs the dependencies
    assert found.get("uv run acmectl --help") != "install"


def test_a_setup_block_with_its_own_comments_keeps_them() -> None:
    text = "# Notes\n\n### Local Setup\n\n```bash\n# Install dependencies\nuv sync\n\n# Start the API server (port 8000)\n" \
           "python server.py\n# or\nuv run api-server\n```\n"
    found = commands(text)
    assert found.get("uv sync") == "install"
    assert found.get("uv run api-server") == "run"  # the "# or" offers it for the comment above, not for the heading


def test_a_comment_of_its_own_still_says_install() -> None:
    text = "# Notes\n\n## Running\n\n```bash\n# Install the build tools\nmake tools\n```\n"
    assert commands(text).get("make tools") == "install"


def test_a_neighbouring_span_does_not_classify_a_command() -> None:
    text = "# Notes\n\n## Where to look\n\n- `Taskfile.yaml` - entry point. Targets used in the README: `task init`, " \
           "`task bootstrap-db`, `task reconcile`.\n"
    assert commands(text).get("task reconcile") != "install"


def test_a_list_lead_saying_bootstrap_does_not_make_each_step_an_install() -> None:
    text = "# Notes\n\n## Workflows\n\n- Typical bootstrap flow:\n  1. `task render` - render templates from the inputs.\n"
    assert commands(text).get("task render") != "install"


def test_deploying_a_component_is_no_workflow_rule_but_deploying_the_project_is() -> None:
    text = "# Ops\n\n## Order\n\n- Deploy the certificate manager before the secrets operator and the CD controller.\n" \
           "- Verify the BGP peering before deploying load balancer services.\n" \
           "- Always run the full test suite before deploying to production.\n"
    lines = policy_lines(text)
    assert 7 in lines
    assert not lines & {5, 6}


def test_a_quoted_text_or_a_file_path_names_no_workflow() -> None:
    text = "# Ops\n\n## Images\n\n- Then the Dockerfile MUST have \"COPY deploy/run.sh /app/run.sh\"\n" \
           "- Always pass `--skip slow` in non-release CI to stay under the time limit.\n" \
           "- Never push directly to `main`.\n"
    lines = policy_lines(text)
    assert 7 in lines
    assert not lines & {5, 6}


def test_a_proposed_change_is_no_proposal_of_changes() -> None:
    text = "# Notes\n\n## Working\n\n- Always explain the aim of a proposed change before making it.\n" \
           "- Always run the linters before proposing changes.\n"
    lines = policy_lines(text)
    assert 6 in lines
    assert 5 not in lines


def test_parts_named_by_their_paths() -> None:
    text = "# App\n\n## Implemented Features\n\n- Vote casting workflow (lib/screens/voting_screen.dart)\n" \
           "- Results display (lib/screens/results.dart - first version)\n" \
           "- Offline mode (e.g. lib/offline/)\n\n" \
           "## Servers\n\n1. **Bridge Server** (`server.py`, Port 8000)\n   - protobuf encoding\n\n" \
           "#### `cli/deps.act` - Dependency Management\n- Package resolution\n\n" \
           "#### `src/types.ts` - extend types\n- mirror the backend\n"
    found = paths(text)
    assert {"lib/screens/voting_screen.dart", "lib/screens/results.dart", "server.py", "cli/deps.act"} <= found
    assert "lib/offline/" not in found and "src/types.ts" not in found


def test_a_section_on_the_code_in_a_directory_is_no_git_workflow_section() -> None:
    text = "# Tool\n\n### Git Operations (`internal/gitops/`)\n\n- Handle git errors gracefully\n" \
           "- Add retry protection\n- Use temporary directories for testing\n\n### Git Workflow\n\n- Use feature branches\n"
    lines = policy_lines(text)
    assert not lines & {5, 6, 7}
    assert 11 in lines


def test_updating_a_lock_file_as_a_resolution_step_is_no_rule_but_committing_it_is() -> None:
    text = "# Tool\n\n### Dependency resolution\n\n1. Read the manifest\n2. Fetch missing packages\n3. Update lock file\n\n" \
           "## Git\n\n- Always commit the lock file with the manifest change\n"
    lines = policy_lines(text)
    assert 7 not in lines
    assert 11 in lines
