"""Extraction classes added in round 59, each on invented text (no line of any labelled file); the bare command block
through the real import into a real store of a real git repository, and the console script."""

from __future__ import annotations

from pathlib import Path

from swtest import commit_all, run_statewise, store_path

from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def _policies(text: str) -> dict[int, str]:
    return {f.line: f.key for f in extract(text) if f.key.startswith("policy.")}


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _paths(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("path.")}


def _line(text: str, line: str) -> int:
    return text.splitlines().index(line) + 1


# --- the rules of a commit-message section written in CJK ------------------------------------------------------------------

CJK_RULES = ("# 提交规范\n\n## 提交信息格式（Conventional Commits）\n\n### 主题（subject）\n\n- 用英文小写字母开头\n"
             "- 长度不超过 60 个字符\n\n### 类型（type）\n\n- 新功能使用某类型\n")


def test_the_cjk_items_of_a_commit_message_rules_section_are_rules_each() -> None:
    found = _policies(CJK_RULES)
    assert found.get(_line(CJK_RULES, "- 用英文小写字母开头")) == "policy.commit_message_style", found
    assert found.get(_line(CJK_RULES, "- 长度不超过 60 个字符")) == "policy.commit_message_style", found
    assert _line(CJK_RULES, "- 新功能使用某类型") not in found, found  # the type section lists types, no rules


# --- a lead-in naming the part of a commit or a pull request its nested items fill ------------------------------------------

PART_LEAD = ("# Flow\n\n### 4. Open the merge request\n\n- **Target:** the trunk\n- **Description** must include:\n"
             "  - **Motivation** — the ticket and why\n  - **Rollout** — how it ships\n\n### 5. Commit\n\n"
             "1. Include in commit message:\n   - The module touched\n   - The reason for it\n2. Push the branch\n\n"
             "### 6. Notes\n\n- **Checklist** must include:\n  - Screenshots of the page\n")


def test_the_items_a_pull_request_or_commit_part_must_include_are_its_rules_each() -> None:
    found = _policies(PART_LEAD)
    assert found.get(_line(PART_LEAD, "  - **Motivation** — the ticket and why")) == "policy.pr_description", found
    assert found.get(_line(PART_LEAD, "  - **Rollout** — how it ships")) == "policy.pr_description", found
    assert found.get(_line(PART_LEAD, "   - The module touched")) == "policy.commit_message_style", found
    assert found.get(_line(PART_LEAD, "   - The reason for it")) == "policy.commit_message_style", found
    assert _line(PART_LEAD, "1. Include in commit message:") not in found, found  # the lead alone names no rule
    # a list of what a checklist holds, under a heading about neither a commit nor a pull request, is no git rule
    assert _line(PART_LEAD, "  - Screenshots of the page") not in found, found


# --- commands written bare on their own lines -------------------------------------------------------------------------------

BARE = ("# Widget CLI\n\n## Quick Start\npnpm install\npnpm run dev -- login\npnpm run build\n\n## Testing\n"
        "pnpm test (vitest)\nMock the network in tests.\n\n## Notes\nmake sure it works\ngo to the settings page\n\n"
        "Some prose first.\npnpm run lint\n")


def test_commands_written_bare_under_a_heading_are_the_sections_commands() -> None:
    found = _commands(BARE)
    assert found.get("pnpm install") == "command.install", found
    assert found.get("pnpm run dev -- login") == "command.dev", found
    assert found.get("pnpm run build") == "command.build", found
    assert found.get("pnpm test") == "command.test", found  # the aside in parentheses is not part of the command
    assert "make sure it works" not in found and "go to the settings page" not in found, found  # sentences, not commands
    assert "pnpm run lint" not in found, found  # a bare line after prose is the paragraph's, not a command block's


def test_import_memory_stores_the_bare_command_block(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text(BARE)
    commit_all(git_repo)
    result = run_statewise(["import-memory", "--json"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        values = {str(r.value) for r in store.all_records() if r.status == "active" and r.key.startswith("command.")}
    assert {"pnpm install", "pnpm run build", "pnpm test"} <= values, values


# --- a label, then bare paths each with what it is in parentheses ------------------------------------------------------------

def test_bare_paths_each_described_in_parentheses_after_a_label_are_components() -> None:
    text = ("# Tool\n\n## Layout\n- Entry: src/main.ts (argument parsing)\n"
            "- Core: src/core/store.ts (the cache), render.ts (output)\n- Handlers: src/handlers/*.ts (one per verb)\n"
            "- Note: see the docs (they help)\n- Data: var_data/ (gitignored), src/db.ts (the store)\n")
    found = _paths(text)
    assert {"src/main.ts", "src/core/store.ts", "render.ts"} <= set(found), found
    assert not any("*" in p for p in found), found  # a glob names no one component
    assert found["src/core/store.ts"] == "path.cache", found
    assert "src/db.ts" in found and "var_data/" not in found, found  # a git-ignored folder is written, not a part


# --- a link whose text is a path --------------------------------------------------------------------------------------------

def test_a_links_code_span_path_is_the_path_the_file_names_not_its_target() -> None:
    text = ("# CI\n\n## Pipelines\n\n- **Workflows** ([`.github/workflows/`](../workflows))\n"
            "  - [`build.yml`](../workflows/build.yml) — the main build.\n"
            "- Guides: [`kb/rules/`](kb/rules/index.md) — the house rules.\n"
            "- [`runner`](../actions/runner) — a composite action.\n")
    found = set(_paths(text))
    assert {".github/workflows/", "build.yml", "kb/rules/"} <= found, found
    assert not any(p.startswith("../") for p in found), found
    assert "runner" not in found, found  # a bare name is no path


# --- required variables listed one a line in a block ------------------------------------------------------------------------

def _env(text: str) -> set[str]:
    return {f.key.removeprefix("env.") for f in extract(text) if f.key.startswith("env.")}


def test_variables_listed_in_a_block_under_a_required_heading_or_comment_are_required() -> None:
    heading = ("# Deploy\n\n### Environment Variables Required\n```\nSHOP_TENANT_URL  — the tenant address\n"
               "SHOP_MODE        — \"live\"\nSHOP_DEBUG_LEVEL — (optional) log detail\n```\n")
    assert _env(heading) == {"SHOP_TENANT_URL", "SHOP_MODE"}, _env(heading)
    array = ("# Deploy\n\n```bash\n# Validate required variables\nrequired_vars=(\n    \"QUEUE_TOKEN\"\n    \"QUEUE_REGION\"\n)\n"
             "```\n")
    assert _env(array) == {"QUEUE_TOKEN", "QUEUE_REGION"}, _env(array)
    silent = heading.replace("Environment Variables Required", "Settings")
    assert not _env(silent), _env(silent)  # names listed with no word of required


# --- a pre-deployment checklist heading -------------------------------------------------------------------------------------

def test_a_pre_deployment_checklist_heading_is_a_release_rule() -> None:
    text = ("# Ops\n\n## Pre-Deploy Checklist\n\nTick these off:\n\n- [ ] the dashboard is green\n\n"
            "## Troubleshooting\n\n### 5. Deployment Checklist Not Followed\n\nIt happens.\n")
    found = _policies(text)
    assert _line(text, "## Pre-Deploy Checklist") in found, found
    assert _line(text, "### 5. Deployment Checklist Not Followed") not in found, found  # a failure described, no rule
    led = "# Ops\n\n## Pre-Deployment Checklist\n\n**ALWAYS verify these before deploying to production:**\n\n1. The build\n"
    rules = _policies(led)
    assert list(rules) == [_line(led, "**ALWAYS verify these before deploying to production:**")], rules  # the lead states it


# --- branch roles and where a change may not be made, in CJK and English --------------------------------------------------

def _git(text: str) -> set[tuple[str, str]]:
    return {(f.key, str(f.value) if f.key == "git.default_branch" else f.scope.removeprefix("branch:"))
            for f in extract(text) if f.key.startswith("git.")}


def test_branch_roles_and_where_changes_are_forbidden_name_the_trunk_and_the_protected_branch() -> None:
    label = "# Git\n\n- **日常开发分支：** `dev`。所有改动都在 `dev` 上进行。\n- **`main`：** 发布用，不直接在 `main` 上开发。\n"
    assert {("git.default_branch", "dev"), ("git.branch.protected", "main")} <= _git(label), _git(label)
    table = ("# Git\n\n| 分支 | 职责 |\n|---|---|\n| `develop` | 日常开发与修复 |\n| `master` | 最终稳定分支（GitHub 默认分支） |\n\n"
             "- 禁止直接在 `release` 分支上修改任何文件\n")
    found = _git(table)
    assert {("git.default_branch", "develop"), ("git.default_branch", "master"), ("git.branch.protected", "release")} <= found, found
    english = "# Git\n\n- Keep the master branch as the main development branch\n"
    assert ("git.default_branch", "master") in _git(english), _git(english)
    allowed = "# Git\n\n- 可以在 `main` 上开发小改动\n"
    assert not _git(allowed), _git(allowed)  # no word forbids it


# --- a labelled group of labelled rules -------------------------------------------------------------------------------------

def test_sub_items_with_labels_of_their_own_under_a_git_label_are_rules_each() -> None:
    text = ("# Git\n\n- **Commit Habits:**\n  - **Small Commits:** Keep each commit to one change.\n"
            "  - **Message Style:** Write the commit message in the imperative mood.\n"
            "  - **Cadence:** Always commit after every finished task.\n\n- **Commit Confirmation:**\n"
            "  - Never commit without the user's approval.\n  - Wait for the user to confirm before you commit.\n")
    found = _policies(text)
    for rule in ("  - **Small Commits:** Keep each commit to one change.",
                 "  - **Message Style:** Write the commit message in the imperative mood.",
                 "  - **Cadence:** Always commit after every finished task.",
                 "  - Never commit without the user's approval."):
        assert _line(text, rule) in found, (rule, found)
    # plain sub-items under a label: the first states the rule, the next says how to follow it
    assert _line(text, "  - Wait for the user to confirm before you commit.") not in found, found


# --- a repository laid out by its package manager ---------------------------------------------------------------------------

def test_a_monorepo_or_workspace_named_by_its_manager_states_the_manager() -> None:
    def managers(text: str) -> set[str]:
        return {str(f.value) for f in extract(text) if f.key == "package_manager"}

    assert managers("# App\n\n## Layout\n\nThis is a pnpm monorepo with two packages.\n") == {"pnpm"}
    assert managers("# App\n\nIt's a **yarn workspace** of three apps.\n") == {"yarn"}
    assert not managers("# App\n\nThis is an npm package for parsing dates.\n")  # a package published, no manager chosen


# --- an anti-patterns section -----------------------------------------------------------------------------------------------

def test_the_items_of_an_anti_patterns_section_are_prohibitions() -> None:
    text = ("# Deploy\n\n## Anti-Patterns\n\n- ❌ Deploying to production without a staging run\n"
            "- ❌ Long-lived feature flags\n\n## Tips\n\n- Deploying on Fridays is common\n")
    found = _policies(text)
    assert _line(text, "- ❌ Deploying to production without a staging run") in found, found
    assert _line(text, "- ❌ Long-lived feature flags") not in found, found  # no git or release step named
    assert _line(text, "- Deploying on Fridays is common") not in found, found


# --- a workflow file as a heading, a Cursor `mdc:` link ---------------------------------------------------------------------

def test_a_workflow_file_heading_under_a_ci_section_and_an_mdc_link_name_paths() -> None:
    text = ("# CI\n\n## Workflows\n\n### `lint-charts.yml`\n\nLints the charts.\n\n## Settings\n\n### `app.yml`\n\n"
            "The app's settings.\n\n## Scripts\n\n- Main script: [provision.sh](mdc:provision.sh)\n")
    found = _paths(text)
    assert {"lint-charts.yml", "provision.sh"} <= set(found), found
    assert "app.yml" not in found, found  # a settings file under no CI section (the title names the whole file)


# --- the checks a CI file requires ------------------------------------------------------------------------------------------

def test_required_checks_of_a_ci_file_are_a_ci_rule_not_the_agents_commands() -> None:
    ci = "# CI/CD Instructions\n\n## Required Checks\n- Lint: `cargo clippy --all -- -D warnings`\n- Test: `cargo test --all`\n"
    assert _policies(ci).get(_line(ci, "## Required Checks")) == "policy.ci_must_pass", _policies(ci)
    assert not _commands(ci), _commands(ci)
    agent = ci.replace("# CI/CD Instructions", "# Agents").replace("## Required Checks", "## Required Checks Before Finishing")
    assert _commands(agent) == {"cargo clippy --all -- -D warnings": "command.lint", "cargo test --all": "command.test"}, \
        _commands(agent)


def test_a_commands_comment_naming_its_stage_in_parentheses_is_a_git_rule() -> None:
    text = ("# B\n\n### Build\n\n```bash\ngo vet ./...        # Static analysis (run before every commit)\n"
            "go build ./cmd/x    # Build the binary\n```\n")
    found = _policies(text)
    assert found.get(_line(text, "go vet ./...        # Static analysis (run before every commit)")), found
    assert _line(text, "go build ./cmd/x    # Build the binary") not in found, found
    assert _commands(text).get("go vet ./...") == "command.lint", _commands(text)


# --- a bold label naming a part of a commit or a pull request ---------------------------------------------------------------

def test_a_bold_label_naming_a_commit_or_pull_request_part_is_its_rule() -> None:
    text = ("# Flow\n\n### Open the merge request\n\n- **Title:** short, imperative\n- **Reviewers:** the module owner\n"
            "- **Target:** the trunk\n\n## Notes\n\n- **提交信息：** 使用中文，说明原因\n- **Title:** the page's heading\n")
    found = _policies(text)
    assert found.get(_line(text, "- **Title:** short, imperative")) == "policy.pr_title_format", found
    assert found.get(_line(text, "- **Reviewers:** the module owner")) == "policy.pr_description", found
    assert found.get(_line(text, "- **提交信息：** 使用中文，说明原因")) == "policy.commit_message_style", found
    assert _line(text, "- **Target:** the trunk") not in found, found  # no part of the request's text
    assert _line(text, "- **Title:** the page's heading") not in found, found  # under a heading about no commit or PR


# --- trying a build is the build --------------------------------------------------------------------------------------------

def test_a_label_that_tests_a_build_names_the_build_command() -> None:
    text = ("# Ops\n\n## Checks\n\n- Test container builds: `docker build -t probe .`\n- Test and build: `make all-tests`\n"
            "- Run tests: `make unit`\n")
    found = _commands(text)
    assert found.get("docker build -t probe .") == "command.build", found
    assert found.get("make unit") == "command.test", found


# --- a block's comment saying when the commit below it is made; a template shown twice ----------------------------------------

def test_a_comment_saying_when_over_a_git_commit_is_a_commit_rule_and_a_repeated_template_is_one() -> None:
    text = ("# G\n\n```bash\n# After each finished screen\ngit add src/screens\ngit commit -m \"feat(ui): add the screen\"\n"
            "git commit -m \"feat(ui): wire the screen\"\n# After deploy\nkubectl apply -f k8s/\n```\n")
    found = {f.line: f.key for f in extract(text) if f.key.startswith("policy.")}
    assert found.get(_line(text, "# After each finished screen")) == "policy.commit_after_change", found
    assert found.get(_line(text, "git commit -m \"feat(ui): add the screen\"")) == "policy.conventional_commits", found
    assert _line(text, "git commit -m \"feat(ui): wire the screen\"") not in found, found  # the same rule shown again
    assert _line(text, "# After deploy") not in found, found  # no commit follows it
