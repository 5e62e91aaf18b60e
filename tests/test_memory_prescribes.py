"""A policy is a line that prescribes; a required variable is one the file says is required; a path is a part the line names.

A clause that states what a tool, a component or a process does - its subject a thing, its verb a description ("is
deployed", "runs", "means"), or what happens on its own ("자동으로 배포한다") - describes the project's machinery and is
no operational rule, unless it gates a git action (a hook at a commit, a pipeline before a merge). A table row led by a
component says what that component does. "release" naming another thing (release notes, a release image) is no release.
A lead-in that says the project requires its environment variables covers the lists of its groups, each group's own word
deciding; a CI repository secret is the pipeline's. Data files a program writes and slash-written identifiers labelled as
a chart or an image are no paths; a part declared or configured in a file maps to it, and a heading that is one code file
is that file.

The shapes are written after public CLAUDE.md / AGENTS.md / WARP.md files of infrastructure, GitOps and backend
repositories (deployment notes, "Required Environment Variables" sections, module invariants, chart lists), rewritten,
not copied.
"""

from __future__ import annotations

import os
from pathlib import Path

from swtest import commit_all, store_path

from statewise_cli.memory import importer as memory
from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def policy_lines(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


def env_names(text: str) -> set[str]:
    return {f.key.removeprefix("env.") for f in extract(text) if f.key.startswith("env.")}


def paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


# --------------------------------------------------------------------------- policies

MACHINERY = """# Platform notes

## Deployment

- The certificate operator is deployed to its own namespace before any service.
- This means no bootstrap job is needed before the chart deploys.
- `release --tag=v1.2.3` runs the packager for archives (images always skipped), creates the release and signs it.
- the scan image builds the runtime image the way a release publishes it.
- Never push directly to `main`.
- Commits are automatically signed before push.
- Pre-commit hooks check and format the code automatically before each commit.
"""


def test_a_description_of_what_the_machinery_does_is_no_policy_but_rules_beside_it_stay() -> None:
    lines = policy_lines(MACHINERY)
    assert not lines & {5, 6, 7, 8}
    assert {9, 10, 11} <= lines


def test_a_table_row_led_by_a_component_says_what_it_does() -> None:
    text = ("# CI\n\n## Packages\n\n| Package | Responsibility |\n| --- | --- |\n"
            "| `ci/publish/` | Post the comment, create the fix branch, commit generated files |\n"
            "| `ci/render/` | Render the report |\n\n## Git\n\n- Never commit generated files by hand.\n")
    assert policy_lines(text) == {12}


def test_release_naming_another_thing_is_no_release_rule() -> None:
    text = ("# Cluster\n\n## Upgrades\n\n- NEVER upgrade the wiki image without checking release notes first\n"
            "- Do not make local development depend on it unless you are validating a release image.\n"
            "- Never publish a release from a dirty tree.\n")
    assert policy_lines(text) == {7}


def test_what_a_gitops_tool_does_on_its_own_is_no_rule_in_korean_either() -> None:
    text = ("# 배포\n\n## 배포 흐름\n\n- 이 경로의 변경이 머지되면 ArgoCD가 자동으로 감지하여 클러스터에 배포한다.\n"
            "- `kubectl apply`로 직접 배포하지 않는다.\n")
    assert policy_lines(text) == {6}


# --------------------------------------------------------------------------- env

GROUPED = """# Backend

### Configuration

The service requires several environment variables for proper operation:

**Registry:**
- `REGISTRY_URL`: registry database URL
- `REGISTRY_TOKEN`: its token

**Optional:**
- `LOG_FORMAT`: json or text

### Endpoints
- `GET /health`
"""


def test_a_required_lead_in_covers_its_groups_and_each_group_word_decides() -> None:
    assert env_names(GROUPED) == {"REGISTRY_URL", "REGISTRY_TOKEN"}


def test_several_names_before_a_note_and_a_ci_secret() -> None:
    text = ("# App\n\nRequired environment variables (see the compose file for values):\n\n"
            "- `DB_USER`, `DB_PASSWORD`, `DB_HOST` (PostgreSQL connection)\n- `DATA_DIR` (optional, for persistent data)\n\n"
            "## CI\n\n### Required Environment Variables\n- `CLOUD_CLIENT_ID`: service principal id\n"
            "- `CLOUD_CLIENT_SECRET`: service principal secret (stored in GitHub Secrets)\n")
    assert env_names(text) == {"DB_USER", "DB_PASSWORD", "DB_HOST", "CLOUD_CLIENT_ID"}


# --------------------------------------------------------------------------- paths

def test_parts_declared_in_a_file_and_files_as_headings() -> None:
    text = ("# Infra\n\n## Module invariants\n\n- Network subnets are declared in `network.bicep`; others reference them.\n"
            "- Role IDs come from `role-ids.bicep`.\n\n## `sync-staging-db.sh`\n\nCopies the staging database.\n\n"
            "### Router Registration (main.py)\n\nEvery router is added there.\n")
    assert {"network.bicep", "role-ids.bicep", "sync-staging-db.sh", "main.py"} <= paths(text)


def test_data_files_and_chart_names_are_no_paths_but_a_directory_of_models_is() -> None:
    text = ("# App\n\n- Three databases:\n  - Main: `storage/production.sqlite3`\n  - Cache: `storage/cache.sqlite3`\n\n"
            "### Search (`search-values.yaml`)\n- Chart: `acme/search`\n- Image: `acme/search-server`\n\n"
            "## Layout\n\n- Models: `app/models`\n")
    found = paths(text)
    assert not found & {"storage/production.sqlite3", "storage/cache.sqlite3", "acme/search", "acme/search-server"}
    assert "app/models" in found


# --------------------------------------------------------------------------- stored records

def test_the_store_holds_the_rule_and_the_variables_not_the_descriptions(git_repo: Path) -> None:
    (git_repo / "AGENTS.md").write_text(MACHINERY + "\n" + GROUPED.replace("# Backend\n", ""))
    commit_all(git_repo, "memory file")
    repo = find_repo(str(git_repo))
    with Store.open(str(store_path(git_repo)), repo) as store:
        memory.import_all(store, repo, os.environ)
        active = [r.to_json() for r in store.all_records() if r.to_json()["status"] == "active"]
    keys = {str(r["key"]) for r in active}
    assert {"env.REGISTRY_URL", "env.REGISTRY_TOKEN"} <= keys and "env.LOG_FORMAT" not in keys
    policies = [r for r in active if str(r["key"]).startswith("policy.")]
    assert policies and not any("operator is deployed" in str(r["value"]) for r in policies)
    assert any("push directly" in str(r["value"]) for r in policies)


# --------------------------------------------------------------------------- commands

def test_a_script_named_only_run_takes_its_task_from_its_words() -> None:
    text = ("# Db\n\n### Running Tests\n\n```bash\n./test/run.sh                  # Run all tests\n"
            "./test/run.sh --keep           # Keep the test database after the run\n```\n\n"
            "### Running\n\n```bash\n./run.sh                       # Start the app\n```\n")
    found = {str(f.value): f.key.split(".")[1] for f in extract(text) if f.key.startswith("command.")}
    assert found["./test/run.sh"] == "test"
    assert found["./run.sh"] == "run"
