"""What a memory file's line states, decided by the line's own words: an install command only where it installs the
project's dependencies, a workflow rule only where deployment is a step of the workflow, where the ignore file or
version control is ruled, or where a workflow label heads an imperative."""

from __future__ import annotations

from statewise_cli.memory.extract import extract


def keys(text: str, prefix: str) -> list[tuple[int, str, object]]:
    return [(f.line, f.key, f.value) for f in extract(text) if f.key.startswith(prefix)]


# --- install: the project's dependencies, not a package one chooses, not a chart released into a cluster -------------
def test_an_install_with_a_placeholder_package_adds_a_package_and_the_bare_install_installs() -> None:
    text = ("## Setup\n\n```bash\n# Install dependencies\nnpm install\n```\n\n"
            "### Dependency management\n\n```bash\nnpm install <package>\nnpm install --save-dev <package>\n"
            "pip install [package]\n```\n")
    assert [v for _, k, v in keys(text, "command.")] == ["npm install"]
    assert [v for _, k, v in keys(text, "package_manager")] == ["npm"]
    chosen = "## Dependency management\n\n```bash\nnpm install <package>\n```\n"
    assert keys(chosen, "command.") == [] and keys(chosen, "package_manager") == []


def test_a_helm_install_is_a_release_into_a_cluster_not_a_dependency_install() -> None:
    text = ("## Local testing\n\n```bash\n# Install the chart (dry run)\nhelm install web . -n apps --dry-run --debug\n"
            "helm upgrade web . --install -n apps\n```\n")
    assert keys(text, "command.install") == []


def test_a_set_up_task_whose_own_comment_says_apply_is_a_deployment() -> None:
    applied = "## Playbooks\n\n```bash\n# Dry run (no changes)\njust bootstrap --check\n\n# Apply\njust bootstrap\n```\n"
    assert keys(applied, "command.") == []
    installs = "## Setup\n\n```bash\n# Set up the toolchain and dependencies\njust bootstrap\n```\n"
    assert keys(installs, "command.install") == [(5, "command.install", "just bootstrap")]


# --- policy: deployment as a step of the workflow, the production branch, the ignore file ---------------------------
def test_deployment_is_a_workflow_step_only_where_the_line_orders_or_routes_it() -> None:
    text = ("## Rules\n\n"
            "- Search deployment and app docs before changing container behavior.\n"
            "- Don't hardcode tenant values in the chart; defaults must work for every deployment.\n"
            "- Extensions must be pre-built for production deployment.\n"
            "- Code must pass the test suite before deployment.\n"
            "- All deployments must go through Argo CD.\n")
    assert [line for line, _, _ in keys(text, "policy.")] == [6, 7]


def test_production_ready_code_is_not_the_production_branch() -> None:
    text = "## Rules\n\n- DO NOT use `console.log` directly in production-ready code.\n- Never push directly to `production`.\n"
    assert [line for line, _, _ in keys(text, "policy.")] == [4]


def test_the_ignore_file_and_version_control_ruled_in_english_and_chinese() -> None:
    text = ("## Rules\n\n"
            "- Ensure `.env` files are in `.gitignore`\n"
            "- Ensure tmp/out is in .gitignore\n"
            "- `.gitignore` 必須包含 `*.tfvars`、`*.tfstate`\n"
            "- `*.tfstate` 不應提交到版本控制\n"
            "- 提醒使用者 `.terraform.lock.hcl` 需要進入版本控制\n"
            "- Bump `Chart.yaml` `version:` on every user-facing change.\n"
            "- **Branching:** Use git-flow\n"
            "- **Testing:** Use pytest fixtures\n")
    assert [line for line, _, _ in keys(text, "policy.")] == [3, 5, 6, 7, 8, 9]
