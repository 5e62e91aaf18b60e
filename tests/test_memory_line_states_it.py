"""A memory file's line states a fact by its own words: what it calls the thing, its verb, whether it prescribes.

- A version is the project's runtime requirement, not the tag of a container image (`node:20-alpine`, `python:3.12-slim`,
  "multi-stage build for Python 3.13").
- A variable is required when the line (or the lead-in of its list) says it must be set: "set at least:", "至少设置：",
  "requires `A` / `B` in the environment"; a lead-in closed by a CJK colon leads its list like any other.
- A label in Chinese, Japanese or Korean names the task of its command as an English one does ("**运行测试**: `pytest`").
- A check the code "must pass", named by its tool, is that tool's command.
- An install command whose own words say it installs the dependencies stays the install with an upgrade flag.
- A package manager is stated by "installs deps with uv", "Node.js with pnpm", a stack list's "**UV**: Latest".
- "push" is a git word only as git says it: "push to main", "never push"; not "push notifications".
- Checks put into the pre-commit hook are a commit rule.
- A script named as the subject of a sentence that says what it does, or as a heading with its role, is a path.
- The lines of a "CLI Usage" block that run the project's entry-point script run the program, whatever its subcommands
  are about.

The shapes follow public CLAUDE.md / AGENTS.md / GEMINI.md / copilot-instructions files (Chinese set-up notes, NestJS and
FastAPI command lists, Docker notes, script folders, deployment CLIs), rewritten, not copied.
"""

from __future__ import annotations

import os
from pathlib import Path

from swtest import commit_all, store_path

from statewise_cli.memory import importer as memory
from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def keyed(text: str, prefix: str) -> set[tuple[str, str]]:
    return {(f.key, str(f.value)) for f in extract(text) if f.key.startswith(prefix)}


def commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key.split(".")[1] for f in extract(text) if f.key.startswith("command.")}


# ----------------------------------------------------------------------------------------------------------- versions
def test_an_image_tag_is_not_the_runtime_the_project_requires() -> None:
    text = """# Services

## Docker

- Pin base images to exact tags: `ghcr.io/acme/base/node:20.11.1-alpine`
- Never use floating tags such as `node:20-alpine`
- `docker/Dockerfile.web` - Multi-stage Node 20 alpine build
- Multi-stage build optimized for Python 3.13
- The builder stage starts from `python:3.12-slim`
"""
    assert keyed(text, "version.") == set()


def test_the_runtime_the_project_states_is_still_its_version() -> None:
    text = """# Tools

- Node version: 22 (see `.nvmrc`)
- Requires Python 3.12; the image is built from `python:3.12-slim`
- Docker image requires Go 1.22 or later
"""
    assert keyed(text, "version.") == {("version.node", "22"), ("version.python", "3.12"), ("version.go", ">=1.22")}


# ------------------------------------------------------------------------------------------------------- env variables
def test_set_at_least_under_a_cjk_colon_lead_names_each_variable_below() -> None:
    text = """# 后端

## 环境配置
- 复制 `.env.example` 为 `.env`，至少设置：
  - `DATABASE_URL`（默认 PostgreSQL）
  - `JWT_SECRET`、`TOKEN_TTL_MINUTES`
- 确保数据库已经创建。
"""
    assert keyed(text, "env.") == {("env.DATABASE_URL", "required"), ("env.JWT_SECRET", "required"),
                                   ("env.TOKEN_TTL_MINUTES", "required")}


def test_requires_two_variables_in_the_environment() -> None:
    text = """# Provider

`plan` requires `ACME_API_KEY` / `ACME_API_SECRET` in the environment, since it reads the live API.
"""
    assert keyed(text, "env.") == {("env.ACME_API_KEY", "required"), ("env.ACME_API_SECRET", "required")}


def test_optional_variables_under_a_cjk_lead_stay_unlabelled() -> None:
    text = """# 配置

- 可选环境变量：
  - `SENTRY_DSN`
"""
    assert keyed(text, "env.") == set()


# ---------------------------------------------------------------------------------------------------------- commands
def test_a_chinese_label_names_the_task_of_a_lone_tool() -> None:
    text = """# 项目

## 构建/运行命令
- **启动服务器**: `python run.py`
- **运行测试**: `pytest`
- **代码检查**: `flake8 app/`
"""
    assert commands(text) == {"python run.py": "run", "pytest": "test", "flake8 app/": "lint"}


def test_a_check_the_code_must_pass_is_that_tools_command() -> None:
    assert commands("# Infra\n\nEvery playbook must pass `yamllint`.\n") == {"yamllint": "lint"}
    assert commands("# Infra\n\nWe talked about `yamllint` once.\n") == {}


def test_an_upgrade_flag_on_the_install_its_words_call_the_install() -> None:
    text = """# Commands

```bash
# Install dependencies with uv
uv sync --upgrade --extra dev

# Bump every locked package
uv lock --upgrade
```
"""
    found = extract(text)
    assert {(f.key, str(f.value)) for f in found if f.key.startswith("command.")} == {
        ("command.install", "uv sync --upgrade --extra dev")}
    assert {str(f.value) for f in found if f.key == "package_manager"} == {"uv"}


def test_the_usage_lines_of_the_entry_point_script_run_the_program() -> None:
    text = """# Release tool

- **CLI Entry Point**: `bin/shipit.js` - the command-line interface

## Commands

### CLI Usage

```bash
# Deploy a bundle
./bin/shipit.js deploy --bundle out.tgz [--verbose]

# Roll back the last deployment
./bin/shipit.js rollback --env prod
```
"""
    assert commands(text) == {"./bin/shipit.js deploy --bundle out.tgz [--verbose]": "run",
                              "./bin/shipit.js rollback --env prod": "run"}


def test_deploy_lines_of_a_script_that_is_no_declared_entry_point_stay_out() -> None:
    text = """# Ops

### Usage

```bash
# Deploy a bundle
./scripts/push-bundle.sh deploy --bundle out.tgz
```
"""
    assert commands(text) == {}


# --------------------------------------------------------------------------------------------------- package managers
def test_package_managers_stated_by_their_own_words() -> None:
    assert keyed("# S\n\n1. **builder** - installs deps with `uv` into a venv\n", "package_manager") == {("package_manager", "uv")}
    assert keyed("# S\n\nNode.js with pnpm and Prettier formats the web code.\n", "package_manager") == {("package_manager", "pnpm")}
    assert keyed("# S\n\n## Stack\n- **UV**: Latest\n", "package_manager") == {("package_manager", "uv")}
    assert keyed("# S\n\nWe use Node.js with npm scripts for chores.\n", "package_manager") == set()


# ----------------------------------------------------------------------------------------------------------- policies
def test_push_is_a_git_word_only_as_git_says_it() -> None:
    text = """# Rules

- Send push notifications through the queue, never inline.
- Use pull over push payment flows.
- Never push directly to `main`.
"""
    assert {f.line for f in extract(text) if f.key.startswith("policy.")} == {5}


def test_checks_put_into_the_pre_commit_hook_are_a_commit_rule() -> None:
    text = "# Rules\n\n- Use type checking and linting tools in pre-commit hooks.\n"
    assert {f.line for f in extract(text) if f.key.startswith("policy.")} == {3}


# -------------------------------------------------------------------------------------------------------------- paths
def test_a_script_described_by_its_own_sentence_or_heading_is_a_path() -> None:
    text = """# Scripts

## tunnel.py — resilient SOCKS proxy

Keeps the proxy up.

## Testing

`build-local.sh` builds the plugin from source and installs it into the local mirror.
Run `./run-all.sh` before you push.
"""
    assert {str(f.value) for f in extract(text) if f.key.startswith("path.")} == {"tunnel.py", "build-local.sh"}


def test_a_file_placed_already_and_named_again_bare_is_not_a_second_path() -> None:
    text = """# Bootstrap

- `src/lib/bootstrap-apps.ts` — the canonical bootstrap module.
- `helm/apps.yaml` — app definitions; `bootstrap-apps.ts` renders and applies these.
"""
    found = {str(f.value) for f in extract(text) if f.key.startswith("path.")}
    assert "src/lib/bootstrap-apps.ts" in found and "bootstrap-apps.ts" not in found
    assert "bootstrap-apps.ts" in {str(f.value) for f in extract(text.replace("src/lib/", "src/lib/x", 1))
                                   if f.key.startswith("path.")}  # (no earlier placement: the sentence places it)


# ------------------------------------------------------------------------------------------------------- end to end
def test_import_stores_the_required_variables_and_no_image_version(git_repo: Path) -> None:
    (git_repo / "backend").mkdir()
    (git_repo / "backend" / "CLAUDE.md").write_text("""# 后端

## 环境
- 复制 `.env.example` 为 `.env`，至少设置：
  - `DATABASE_URL`
  - `SECRET_KEY`、`ACCESS_TTL`

## Docker
- Multi-stage build from `python:3.13-alpine`
""", encoding="utf-8")
    commit_all(git_repo, "memory file")
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        memory.import_all(store, find_repo(str(git_repo)), os.environ)
        active = [r.to_json() for r in store.all_records() if r.to_json()["status"] == "active"]
    keys = {str(r["key"]) for r in active}
    assert {"env.DATABASE_URL", "env.SECRET_KEY", "env.ACCESS_TTL"} <= keys
    assert not any(k.startswith("version.") for k in keys)


def test_a_project_cli_script_given_a_task_subcommand_does_that_task() -> None:
    text = """# API

```
node ace test
php bin/console lint
```
"""
    assert commands(text) == {"node ace test": "test", "php bin/console lint": "lint"}


def test_a_label_closed_by_a_full_width_colon_maps_its_path() -> None:
    text = "# 指南\n\n## 代码位置\n\n- Electron main process：`apps/desktop/src/main`\n"
    assert {str(f.value) for f in extract(text) if f.key.startswith("path.")} == {"apps/desktop/src/main"}


def test_a_repository_script_under_a_usage_heading_or_its_own_heading_is_run() -> None:
    text = """# Ops scripts

## tunnel.py — resilient proxy

```bash
python scripts/tunnel.py            # Ctrl-C to stop
```

## bastion

### Usage

```bash
./scripts/bastion-connect.sh
```
"""
    assert commands(text) == {"python scripts/tunnel.py": "run", "./scripts/bastion-connect.sh": "run"}


def test_a_script_run_under_an_unrelated_heading_stays_out() -> None:
    text = """# Ops scripts

## Reports

```bash
python scripts/report.py
```
"""
    assert commands(text) == {}
