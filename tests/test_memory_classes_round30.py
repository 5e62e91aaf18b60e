"""Extraction classes fixed in round 30, each on invented text (no line of any labelled file)."""

from swtest import memory_facts as _facts

# --- a bare code file named as the place something lives ------------------------------------------------


def _paths(text: str) -> set[str]:
    return {v for _, v in _facts(text, "path.")}


def test_a_bare_code_file_that_holds_something_is_a_component() -> None:
    text = (
        "## Architecture\n\n"
        "- Rate limiting in `ThrottleFilter.scala` for every public route\n"
        "- The CLI entry point: `cli.rb`\n"
        "- Add a new metric to `MetricNames.go` and document it.\n"
        "| Parsers | `lib/parse/csv.ex`, `json.ex` | one module per format |\n"
    )
    assert _paths(text) >= {"ThrottleFilter.scala", "cli.rb", "MetricNames.go", "json.ex"}


def test_a_bare_file_name_elsewhere_is_no_component() -> None:
    text = (
        "## Notes\n\n"
        "- Handlers are declared in `handlers.py` files in each app.\n"
        "- The wallet code does not yet exist, nor in `Wallet.swift`.\n"
        "- Tokens go in `secrets.h` (gitignored).\n"
        "- Orders use helpers from `Money.kt`.\n"
        "- Settings are read from `app.yaml` at start.\n"
        "- Keep each test in a file like `test_orders.py`.\n"
    )
    assert _paths(text) == set()


# --- an identifier that only looks like a path -----------------------------------------------------------


def test_qualified_identifiers_images_and_module_hosts_are_no_paths() -> None:
    text = (
        "## Permissions\n\n"
        "The deploy account holds `roles/storage.objectAdmin` and `roles/pubsub.publisherClient`.\n"
        "Builds run inside `acme/builder:v2.1` on CI.\n"
        "Logs are parsed with `go.uber.org/zap/zapcore` and `cuelang.dev/go/cue`.\n"
        "Queue workers live in `workers/queue.py`; assets in `web/static.v2/`.\n"
    )
    assert _paths(text) == {"workers/queue.py", "web/static.v2/"}


# --- generic advice and procedure steps taken as policy ----------------------------------------------------


def _policies(text: str) -> list[str]:
    return [str(v) for _, v in _facts(text, "policy.")]


def test_everyday_push_and_merge_and_diff_size_are_no_git_rules() -> None:
    text = (
        "## Working style\n\n"
        "- Always push back when a request is unclear.\n"
        "- Merge with the team's own conventions where they differ.\n"
        "- Prefer small, focused diffs.\n"
    )
    assert _policies(text) == []


def test_a_plain_commit_or_push_step_is_no_rule_but_a_constrained_one_is() -> None:
    steps = (
        "## Git workflow\n\n"
        "1. Commit the work with a short summary\n"
        "2. Push the branch to the remote\n"
        "3. Then push again\n"
    )
    assert _policies(steps) == []
    rules = (
        "## Git workflow\n\n"
        "- Commit only after the full suite passes\n"
        "- Push directly to `main`? Never.\n"
        "- Commit each logical change separately\n"
    )
    assert len(_policies(rules)) == 3


def test_a_documentation_rule_is_no_git_rule_unless_it_is_about_a_release() -> None:
    text = (
        "## Pull requests\n\n"
        "- Every PR must add a line to `CHANGELOG.md` under Unreleased.\n"
        "- Before committing, update the docs for any changed flag.\n"
        "- Keep `docs/api.md` in step with every merged PR.\n"
    )
    assert _policies(text) == []
    assert _policies("## Releases\n\n- Never tag a release without updating the changelog.\n") != []


def test_a_dotted_project_folder_is_a_path_a_dotted_namespace_is_not() -> None:
    text = (
        "## Layout\n\n"
        "- `Shop.Api/` - HTTP host\n"
        "- Integration fixtures live in `Shop.Tests/Fixtures/`.\n"
        "- Handlers are registered under the `Shop.Api.Handlers` namespace.\n"
    )
    assert _paths(text) == {"Shop.Api/", "Shop.Tests/Fixtures/"}


def test_a_bold_folder_label_is_a_component_a_bold_product_or_package_is_not() -> None:
    text = (
        "## Stack\n\n"
        "- **Views/**: server-rendered pages\n"
        "- **Express.js**: the HTTP framework\n"
        "- **CI/CD**: GitHub Actions\n"
    )
    assert _paths(text) == {"Views/"}


def test_a_header_source_pair_the_root_and_a_build_file_are_no_component_paths() -> None:
    # (Terraform's `variables.tf` the file says holds the inputs is the module's code, a component: labelling notes 109
    # and 189; the same names listed for every module are not, tests/test_memory_classes_round43.py)
    text = (
        "## Sources\n\n"
        "- **ringbuf.h/c**: lock-free queue\n"
        "- `codec.hpp/.cpp` - frame codec\n"
        "- Requests to `/` return the index.\n"
        "- Inputs are declared in `variables.tf`; the build script is `build.zig`.\n"
        "- Tooling binaries sit in `.tools/bin`.\n"
    )
    assert _paths(text) == {".tools/bin", "variables.tf"}


def test_a_link_to_a_source_file_or_folder_names_a_component_a_link_to_a_document_does_not() -> None:
    text = (
        "## Firmware\n\n"
        "[ring.c](src/ring.c) owns the sample buffer; [src/radio/](src/radio/) brings the link up.\n"
        "See the [design notes](docs/design.md) and the [protocol](docs/protocol.html).\n"
    )
    assert _paths(text) == {"src/ring.c", "src/radio/"}
