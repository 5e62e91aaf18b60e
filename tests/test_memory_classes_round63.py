"""Extraction classes added in round 63, each on invented text (no line of any labelled file); the branch kinds of a
workflow file through the real import into a real store of a real git repository, and the console script."""

from __future__ import annotations

from pathlib import Path

from swtest import commit_all, run_statewise, store_path

from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def _keys_at(text: str) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for fact in extract(text):
        found.setdefault(fact.line, []).append(fact.key)
    return found


def _at(text: str) -> dict[str, int]:
    return {line: n for n, line in enumerate(text.splitlines(), 1)}


# --- one kind of branch per list item, each a naming rule of its own -------------------------------------------------------

BRANCH_KINDS = ("# Team Flow\n\n## Branch Layout\n\n- `trunk` - always releasable\n- `topic/*` - new work, cut from trunk\n"
                "- `repair/<ticket>` — defects\n- `upkeep/` — tooling and dependencies\n\n"
                "Names we use:\n- **Spikes**: `probe/short-idea`\n- **Docs work**: `notes/topic`\n")


def test_each_branch_kind_item_under_a_branch_heading_is_a_naming_rule() -> None:
    found = _keys_at(BRANCH_KINDS)
    at = _at(BRANCH_KINDS)
    for item in ("- `topic/*` - new work, cut from trunk", "- `repair/<ticket>` — defects", "- `upkeep/` — tooling and dependencies",
                 "- **Spikes**: `probe/short-idea`", "- **Docs work**: `notes/topic`"):
        assert "policy.branch_naming" in found.get(at[item], []), (item, found)
    # a prefix is no directory of the repository
    assert not any(k.startswith("path.") for n in range(at["- `topic/*` - new work, cut from trunk"], len(at) + 2)
                   for k in found.get(n, [])), found


def test_a_labelled_branch_kind_names_the_branch_itself_outside_a_branch_section() -> None:
    text = "# Notes\n\nNaming:\n- Topic branches: `topic/<short-description>`\n- Repair branches: `repair/<short-description>`\n"
    found = _keys_at(text)
    at = _at(text)
    assert "policy.branch_naming" in found.get(at["- Topic branches: `topic/<short-description>`"], []), found
    assert "policy.branch_naming" in found.get(at["- Repair branches: `repair/<short-description>`"], []), found


def test_a_label_naming_one_branch_gives_no_naming_rule() -> None:
    text = "# Task\n\n## Context\n\n- Source branch: `agent/calm-otter-x1`\n- Topic branches: `topic/<slug>`\n"
    found = _keys_at(text)
    at = _at(text)
    assert "policy.branch_naming" not in found.get(at["- Source branch: `agent/calm-otter-x1`"], []), found
    assert "policy.branch_naming" in found.get(at["- Topic branches: `topic/<slug>`"], []), found


def test_a_slash_item_outside_any_branch_context_is_no_naming_rule() -> None:
    text = "# Layout\n\n## Folders\n\n- `src/*` - the sources\n- `tools/` — helper scripts\n"
    found = _keys_at(text)
    assert not any(k == "policy.branch_naming" for keys in found.values() for k in keys), found


def test_examples_of_a_pattern_are_no_naming_rules_of_their_own() -> None:
    text = ("# Flow\n\n## Branch Naming\n\nPattern: `<kind>/<what>`\n\nExamples:\n- `topic/add-search`\n- `repair/null-id`\n\n"
            "## Branch names\n\n```\n{owner}/{short-kebab-description}\n\nExamples:\n  ana/search-box\n  bo/null-id\n```\n")
    found = _keys_at(text)
    at = _at(text)
    assert "policy.branch_naming" not in found.get(at["- `topic/add-search`"], []), found
    assert "policy.branch_naming" not in found.get(at["- `repair/null-id`"], []), found
    assert "policy.branch_naming" in found.get(at["{owner}/{short-kebab-description}"], []), found
    assert "policy.branch_naming" not in found.get(at["  ana/search-box"], []), found


def test_a_branch_naming_sections_block_of_names_gives_one_rule_a_line() -> None:
    text = "# Flow\n\n## Branch Naming\n\n```\ntopic/add-search\nrepair/null-id\n```\n\n## Build\n\n```\nmake all\n```\n"
    found = _keys_at(text)
    at = _at(text)
    assert "policy.branch_naming" in found.get(at["topic/add-search"], []), found
    assert "policy.branch_naming" in found.get(at["repair/null-id"], []), found


def test_import_memory_stores_every_branch_kind(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text(BRANCH_KINDS)
    commit_all(git_repo)
    result = run_statewise(["import-memory", "--json"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        values = {str(r.value) for r in store.all_records() if r.status == "active" and r.key.startswith("policy.branch_naming")}
    for name in ("topic/*", "repair/<ticket>", "upkeep/", "probe/short-idea", "notes/topic"):
        assert any(name in v for v in values), (name, values)


def test_items_under_a_lead_that_states_the_naming_rule_illustrate_it() -> None:
    text = ("# Flow\n\n## Branching\n\n- Create short-lived branches from `main` using these prefixes:\n"
            "  - `topic/<slug>`: new work\n  - `repair/<slug>`: defects\n\n## Branch Naming\n\n"
            "Use lowercase names with hyphens:\n- `topic/search-box`\n- `repair/null-id`\n")
    found = _keys_at(text)
    at = _at(text)
    for item in ("  - `topic/<slug>`: new work", "  - `repair/<slug>`: defects", "- `topic/search-box`", "- `repair/null-id`"):
        assert "policy.branch_naming" not in found.get(at[item], []), (item, found)


# --- a deployment guide's conventions, a CI list of what every push runs, front matter --------------------------------------

DEPLOY_DOC = ("---\ndescription: \"Use when shipping. Covers release tags, commit rules and what never goes to main.\"\n---\n\n"
              "# Deployment Guide\n\n## CI Requirements\n\nEvery push to `main` and every PR must run:\n\n"
              "1. **Web:** `npm ci` → `npm run lint` → `npm run build`\n\n## Deployment Conventions\n\n"
              "- Use blue-green slots for hosting the service.\n- Tag images with the commit SHA.\n"
              "- Roll back by redeploying the last good image.\n- Verify the health endpoint answers.\n\n"
              "## Steps the script runs\n\n1. Use the cached layers\n")


def test_a_deployment_guides_conventions_are_release_rules_but_checks_and_steps_are_not() -> None:
    found = _keys_at(DEPLOY_DOC)
    at = _at(DEPLOY_DOC)
    for rule in ("- Use blue-green slots for hosting the service.", "- Tag images with the commit SHA.",
                 "- Roll back by redeploying the last good image."):
        assert any(k.startswith("policy.") for k in found.get(at[rule], [])), (rule, found)
    assert not any(k.startswith("policy.") for k in found.get(at["- Verify the health endpoint answers."], [])), found
    assert not any(k.startswith("policy.") for k in found.get(at["1. Use the cached layers"], [])), found


def test_the_same_bullets_outside_a_deployment_guide_are_left_to_the_other_rules() -> None:
    text = "# Service\n\n## Deployment\n\n- Use blue-green slots for hosting the service.\n"
    assert not any(f.key.startswith("policy.") for f in extract(text)), list(extract(text))


def test_what_every_push_must_run_is_the_pipelines_list_not_the_agents_commands() -> None:
    found = _keys_at(DEPLOY_DOC)
    at = _at(DEPLOY_DOC)
    assert not any(k.startswith("command.") for k in found.get(at["1. **Web:** `npm ci` → `npm run lint` → `npm run build`"], [])), found
    assert any(k.startswith("policy.") for k in found.get(at["Every push to `main` and every PR must run:"], [])), found


def test_front_matter_is_metadata_not_a_rule() -> None:
    found = _keys_at(DEPLOY_DOC)
    assert not any(k.startswith(("policy.", "git.")) for n in (1, 2, 3) for k in found.get(n, [])), found


# --- a branch name on a line that says so; the files a folder's item names inside it ---------------------------------------

def test_a_branch_shaped_value_on_a_line_naming_a_branch_is_no_path() -> None:
    text = "# Cheat sheet\n\n| Action | Convention |\n|---|---|\n| Branch for a feature | `feature/order-lookup` |\n" \
           "| Layout | `docs/guides/` holds the guides |\n"
    values = {str(f.value) for f in extract(text) if f.key.startswith("path.")}
    assert "feature/order-lookup" not in values, values


FOLDER_ITEM = ("# Engine\n\n## Layout\n\n- `src/engine/` — the engine: `planner.ts` (query planner), `lexer.ts` + `lexer-sql.ts`, "
               "`runner.ts` (executes plans; see `vendor/x.ts`), `backends/` (one per database), tests incl. `planner.test.ts`.\n"
               "- `src/cli/` — `main.ts`, `args.ts`\n")


def test_the_files_a_folders_item_names_inside_it_are_components_under_it() -> None:
    values = {str(f.value) for f in extract(FOLDER_ITEM) if f.key.startswith("path.")}
    for path in ("src/engine/planner.ts", "src/engine/lexer.ts", "src/engine/lexer-sql.ts", "src/engine/runner.ts"):
        assert path in values, (path, values)
    assert values & {"backends/", "src/engine/backends/"}, values
    # a name inside an aside, or after "incl.", is no member of the folder
    assert "src/engine/x.ts" not in values and not any(v.endswith("planner.test.ts") for v in values), values
    # a folder item whose names carry no roles is left to the other forms
    assert "src/cli/main.ts" not in values, values


def test_import_memory_stores_a_folders_files_under_it(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text(FOLDER_ITEM)
    commit_all(git_repo)
    result = run_statewise(["import-memory", "--json"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        values = {str(r.value) for r in store.all_records() if r.status == "active" and r.key.startswith("path.")}
    assert "src/engine/planner.ts" in values, values


# --- a commit-message guide's section on a part of the message; a command placed in CI --------------------------------------

def test_a_section_on_a_part_of_the_message_under_a_message_title_holds_its_rules() -> None:
    text = ("# Commit messages\n\n## Subject line\n\n- Summary lines stay short\n- Headlines are written in English\n\n"
            "## Examples\n\n- Tidy the parser\n")
    found = _keys_at(text)
    at = _at(text)
    assert "policy.commit_message_style" in found.get(at["- Headlines are written in English"], []), found
    assert not any(k.startswith("policy.") for k in found.get(at["- Tidy the parser"], [])), found


def test_a_command_the_sentence_places_in_ci_is_the_pipelines_step() -> None:
    text = ("# Ops\n\n## Scanning\n\n- Use `npm audit` and `pip-audit` in CI for known vulnerabilities.\n"
            "- Run `ruff check .` on every CI run.\n- Run `ruff format --check` locally and in CI.\n"
            "- Run `mypy src` (as in CI) before pushing.\n"
            "- Run lint as `CI=1 pnpm lint` from a terminal: some rules only fail in CI\n")
    commands = {str(f.value) for f in extract(text) if f.key.startswith("command.")}
    assert "npm audit" not in commands and "pip-audit" not in commands and "ruff check ." not in commands, commands
    assert "ruff format --check" in commands and "mypy src" in commands, commands
    assert "CI=1 pnpm lint" in commands, commands  # CI named in another clause, after the colon
