"""Extraction classes added in round 38, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _facts(text: str) -> list[tuple[int, str, object, str]]:
    return [(f.line, f.key, f.value, str(f.scope)) for f in extract(text)]


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _policy_lines(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


def _protected(text: str) -> set[str]:
    return {str(f.scope).removeprefix("branch:") for f in extract(text) if f.key == "git.branch.protected" and f.value is True}


def _defaults(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key == "git.default_branch"}


# --- a command's kind from the type checker its comment or table cell names ------------------------------------------


def test_a_neutral_script_whose_comment_names_a_type_checker_is_the_type_check() -> None:
    text = ("## Commands\n\n```bash\ncomposer inspect      # Psalm analysis, strictest level\n"
            "make verify           # Run cargo check on every crate\n```\n")
    found = _commands(text)
    assert found.get("composer inspect") == "command.typecheck", found
    assert found.get("make verify") == "command.typecheck", found


def test_a_table_cell_naming_a_type_checkers_static_analysis_is_one_task() -> None:
    text = "## Tasks\n\n| Task | What |\n| --- | --- |\n| `just analyseTypes` | Run PHPStan static analysis |\n"
    assert _commands(text).get("just analyseTypes") == "command.typecheck"


def test_a_type_checker_named_beside_a_linter_stays_an_aggregate() -> None:
    text = "## Commands\n\n```bash\nmake verify   # eslint and vue-tsc together\n```\n"
    assert "make verify" not in _commands(text)


def test_static_analysis_alone_stays_lint() -> None:
    text = "## Commands\n\n- `just scanSources` - Run static analysis over the sources\n"
    assert _commands(text).get("just scanSources") == "command.lint"


# --- CI trigger events and product pushes are no git rules -----------------------------------------------------------


def test_the_events_that_start_a_workflow_are_no_policy() -> None:
    text = ("## CI\n\n- Pipeline `.ci/main.yaml`, three stages.\n- Triggers: push to trunk, PRs to trunk\n"
            "- The nightly job fires on every merge to `stable`.\n")
    assert _policy_lines(text) == set()


def test_a_rule_beside_a_trigger_stays_a_rule() -> None:
    text = "## CI\n\n- Never push to `stable` directly; every push triggers a deploy.\n"
    assert _policy_lines(text) == {3}
    assert "stable" in _protected(text)


def test_a_push_notification_is_no_git_push() -> None:
    text = "## Rules\n\n- Never send push notifications from the test suite.\n- Never push to `main` without a review.\n"
    assert _policy_lines(text) == {4}


# --- branch rules and the base branch in running sentences -----------------------------------------------------------


def test_a_modal_forbidding_changes_to_a_branch_of_any_name() -> None:
    text = ("# Workflow\n\nWe keep a tidy history, and nobody may push to `stable-2` directly.\n\n"
            "Commits should never land on `trunk` without a review.\n")
    assert _protected(text) == {"stable-2", "trunk"}


def test_a_remote_or_a_file_is_no_protected_branch() -> None:
    text = "# Workflow\n\nNever push to `upstream` without asking. Never commit to `notes.txt` by hand.\n"
    assert _protected(text) == set()


def test_the_base_branch_named_with_what_it_is_the_base_of() -> None:
    assert _defaults("# Git\n\nThe base branch for pull requests is `edge`.\n") == {"edge"}
    assert _defaults("# Git\n\n- Target branch for new work: `next-gen`\n") == {"next-gen"}


def test_where_development_happens_is_the_trunk() -> None:
    assert _defaults("# Git\n\nThe coming minor version is developed on `line-4`.\n") == {"line-4"}
    assert _defaults("# Git\n\nDevelopment happens on `integration`; releases are cut from tags.\n") == {"integration"}
    assert _defaults("# Layout\n\nWidgets are developed in `libs/widgets/`, and the main development happens in `app/`.\n") == set()


# --- classes added after reading batch R (each on invented text) -----------------------------------------------------


def test_a_watch_script_the_comment_says_type_checks_is_the_type_check() -> None:
    text = ("## Commands\n\n```bash\nyarn run types:watch   # Type checking in watch mode\n"
            "yarn run css:watch     # rebuild styles on change\n```\n")
    found = _commands(text)
    assert found.get("yarn run types:watch") == "command.typecheck", found
    assert found.get("yarn run css:watch") == "command.dev", found


def test_merging_things_that_are_no_branch_is_no_git_rule() -> None:
    text = ("## Style\n\n- Use the `cx()` helper when merging styles.\n- Keep notes tidy; merge repeated entries only.\n"
            "- Merge related widgets into one module.\n")
    assert _policy_lines(text) == set()


def test_merging_a_pr_or_a_branch_stays_a_git_rule() -> None:
    text = ("## Git\n\n- Always merge PRs with squash.\n- Never merge bot PRs without review.\n"
            "- Merge `topic/x` into `trunk` only after CI.\n- Before merging, run the checks.\n")
    assert _policy_lines(text) == {3, 4, 5, 6}


def test_a_commit_hash_is_an_identifier_not_a_git_rule() -> None:
    text = "## Notes\n\n- Each entry must record the commit hash of its baseline.\n- Always commit the lockfile.\n"
    assert _policy_lines(text) == {4}


def test_a_branch_as_the_object_a_modal_forbids_changing() -> None:
    assert _protected("## Git\n\n- Do not touch `trunk`.\n- Never rewrite the develop branch!\n") == {"trunk", "develop"}
    assert _protected("## Git\n\n- Do not touch `main.py` or the config.\n") == set()


def test_several_tools_joined_by_plus_behind_a_script_stay_an_aggregate() -> None:
    text = "## Quality\n\n- `make qa-fast` - Quick quality pass (Pint + Psalm only)\n"
    assert "make qa-fast" not in _commands(text)


def test_a_type_checker_named_only_inside_another_commands_span_does_not_classify_this_one() -> None:
    text = "## Checks\n\n- Per file: `composer tidy:style one.php`, `vendor/bin/psalm --no-cache one.php`\n"
    assert _commands(text).get("composer tidy:style one.php") != "command.typecheck"


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


def test_a_heading_naming_where_its_component_lives_with_a_preposition() -> None:
    text = "# App\n\n### Hook Helpers (in `hooks/`)\n\n### Tools (under `tools/cli/`)\n\n## Running (in dev mode)\n"
    assert _paths(text) == {"hooks/", "tools/cli/"}


def test_the_files_a_directory_label_lists_are_its_components() -> None:
    text = "# App\n\nHelpers kept in `_common/`: `time.ts`, `money.ts`, `ids.ts`\n"
    assert {"_common/time.ts", "_common/money.ts", "_common/ids.ts"} <= _paths(text)
    assert not any(p.endswith(("a.ts", "b.ts")) for p in _paths("# App\n\nExamples in `demo/`: `a.ts`, `b.ts`\n"))


def test_a_link_or_a_file_is_no_branch_name_pattern() -> None:
    text = ("## Docs\n\n| [Branching](docs/branch-rules.md) | Commits, PRs, branch naming |\n\n"
            "## Git\n\n- Branch names: `feature/<ticket>`\n")
    assert [(f.line, f.value) for f in extract(text) if f.key == "policy.branch_naming"] == [(7, "feature/<ticket>")]


def test_a_build_in_watch_mode_stays_the_development_loop() -> None:
    text = "## Styles\n\n- Build: `make styles` (one build) or `make styles-watch` (rebuild on changes)\n"
    assert _commands(text).get("make styles-watch") == "command.dev"


def test_watch_mode_named_first_still_leaves_the_task_the_words_name() -> None:
    text = "## Commands\n\n```bash\nyarn run verify:watch   # watch mode for type checking\n```\n"
    assert _commands(text).get("yarn run verify:watch") == "command.typecheck"
