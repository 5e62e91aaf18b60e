"""Extraction classes added in round 60, each on invented text (no line of any labelled file); the deployment guide's
prohibitions through the real import into a real store of a real git repository, and the console script."""

from __future__ import annotations

from pathlib import Path

from swtest import commit_all, run_statewise, store_path

from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def _policies(text: str) -> dict[int, str]:
    return {f.line: f.key for f in extract(text) if f.key.startswith("policy.")}


def _line(text: str, line: str) -> int:
    return text.splitlines().index(line) + 1


# --- a deployment guide's section of prohibitions ---------------------------------------------------------------------------

DEPLOY_GUIDE = ("# Shipping the Site: Deployment Rules\n\n## Hosting\n\n- Use the static host's dashboard\n\n"
                "## Anti-Patterns\n\n- Do not skip the smoke test\n- Don't ignore failing health checks\n"
                "- ❌ Rolling out on Fridays without a second reviewer\n- Never forget the cache purge\n\n"
                "## Notes\n\n- Do not skip the intro video\n")


def test_each_prohibition_of_a_deployment_guide_is_a_rule() -> None:
    found = _policies(DEPLOY_GUIDE)
    for item in ("- Do not skip the smoke test", "- Don't ignore failing health checks",
                 "- ❌ Rolling out on Fridays without a second reviewer", "- Never forget the cache purge"):
        assert _line(DEPLOY_GUIDE, item) in found, (item, found)
    assert _line(DEPLOY_GUIDE, "- Use the static host's dashboard") not in found, found  # no prohibition section
    assert _line(DEPLOY_GUIDE, "- Do not skip the intro video") not in found, found  # past the section


def test_a_guides_front_matter_description_names_its_subject() -> None:
    text = ("---\ndescription: \"Deployment standards for the services\"\n---\n\n## Anti-Patterns\n\n"
            "- ❌ Skipping the load test before the cut-over\n")
    assert _line(text, "- ❌ Skipping the load test before the cut-over") in _policies(text)
    values = [str(f.value) for f in extract(text) if f.key.startswith("policy.")]
    assert values == ["Skipping the load test before the cut-over"], values  # the cross mark is no part of the rule


def test_the_prohibitions_of_a_guide_on_another_subject_need_a_workflow_word() -> None:
    text = "# Styling Guide\n\n## Anti-Patterns\n\n- Do not skip the smoke test\n- Don't ignore failing health checks\n"
    assert _policies(text) == {}


def test_deploying_without_or_during_is_a_release_rule_anywhere() -> None:
    assert _policies("# App\n\n- Do not deploy without a passing build\n") == {3: _policies(
        "# App\n\n- Do not deploy without a passing build\n")[3]}
    assert 3 in _policies("# App\n\n- Never deploy during the nightly freeze\n")
    assert _policies("# App\n\n- The worker deploys during startup hooks\n") == {}  # what happens, no rule


def test_import_memory_stores_the_guides_prohibitions(git_repo: Path) -> None:
    (git_repo / "AGENTS.md").write_text(DEPLOY_GUIDE)
    commit_all(git_repo)
    result = run_statewise(["import-memory", "--json"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        lines = {int(r.source.rsplit(":", 1)[1]) for r in store.all_records()
                 if r.status == "active" and r.key.startswith("policy.")}
    assert _line(DEPLOY_GUIDE, "- Do not skip the smoke test") in lines, lines
    assert _line(DEPLOY_GUIDE, "- Never forget the cache purge") in lines, lines


# --- the events that start a pipeline ---------------------------------------------------------------------------------------

def test_a_trigger_sections_items_are_events_not_rules_nor_the_trunk() -> None:
    text = "# CI\n\n### Workflow Triggers\n\n- Push to main branch\n- Tag releases\n- Never push tags by hand\n"
    found = _policies(text)
    assert set(found) == {_line(text, "- Never push tags by hand")}, found  # a strong directive still is one
    assert not any(f.key.startswith("git.") for f in extract(text))


# --- a Markdown template's own code blocks ----------------------------------------------------------------------------------

def test_code_blocks_inside_a_markdown_template_do_not_end_it() -> None:
    text = ("# Ops\n\n## Runbook template\n\n```markdown\n## Steps\n\n```bash\nmake rollback\n```\n\n"
            "- Never commit the filled-in runbook\n```\n\n## Git\n\n- Never push directly to `main`\n")
    found = _policies(text)
    assert _line(text, "- Never push directly to `main`") in found, found
    assert _line(text, "- Never commit the filled-in runbook") not in found, found  # inside the template


# --- a lead-in naming route handlers and where they live --------------------------------------------------------------------

def test_the_items_under_a_route_handlers_lead_are_routes_not_directories() -> None:
    text = ("# Service\n\n## Layout\n\n1. **Route Handlers** (`src/handlers/`):\n   - `/render` - renders a page\n"
            "   - `/jobs` - job queue\n2. **Storage** (`src/store/`):\n   - `src/store/db.ts` - the database client\n")
    paths = {str(f.value) for f in extract(text) if f.key.startswith("path.")}
    assert "src/handlers/" in paths and "src/store/" in paths, paths
    assert not {"/render", "/jobs"} & paths, paths


# --- a link whose text gives the folder its slash ---------------------------------------------------------------------------

def test_a_link_whose_text_is_its_target_with_a_slash_names_a_folder() -> None:
    text = "# Deploy\n\n## Cluster\n- Manifests: [charts/](mdc:charts)\n- Notes: [notes](mdc:notes)\n"
    paths = {str(f.value) for f in extract(text) if f.key.startswith("path.")}
    assert "charts/" in paths, paths
    assert "notes" not in paths and "notes/" not in paths, paths  # a bare word linked names no folder


# --- a deployment section's step whose lead-in names its task ---------------------------------------------------------------

def test_a_step_of_a_deployment_section_whose_lead_names_the_build_is_the_build() -> None:
    text = ("# Ops\n\n## Release Steps\n\n1. Build the images:\n   ```bash\n   docker compose build\n   ```\n"
            "2. Ship to production:\n   ```bash\n   ./scripts/ship.sh\n   ```\n")
    commands = {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}
    assert commands == {"docker compose build": "command.build"}, commands


def test_bootstrapping_a_cloud_account_is_no_install() -> None:
    text = "# Infra\n\n## Setup\n\n```bash\n# Bootstrap the account (once)\nnpx -w infra cdk bootstrap\n```\n"
    assert not [f for f in extract(text) if f.key.startswith("command.")]


# --- the steps of a preparation for deploying -------------------------------------------------------------------------------

def test_the_steps_under_a_prepare_for_deployment_lead_are_release_rules() -> None:
    text = ("# Site\n\n## Steps\n\n1. **Prepare for deployment:**\n   - Build the bundle: `npm run build:web`\n"
            "   - Test the bundle locally first\n   - Update `.slugignore` when large assets were added\n\n"
            "2. **Notes:**\n   - Test the widget in two browsers\n")
    found = _policies(text)
    assert _line(text, "   - Test the bundle locally first") in found, found
    assert _line(text, "   - Update `.slugignore` when large assets were added") in found, found
    assert _line(text, "   - Build the bundle: `npm run build:web`") not in found, found  # a command step
    assert _line(text, "   - Test the widget in two browsers") not in found, found  # another lead


# --- workflow words the rules above did not read ----------------------------------------------------------------------------

def test_a_checklist_before_pushing_changes_of_a_kind_is_a_rule() -> None:
    text = "## Image checklist\n\nBefore pushing Dockerfile changes, verify:\n\n- [ ] **Layers**: dependencies first\n"
    assert _line(text, "Before pushing Dockerfile changes, verify:") in _policies(text)


def test_committing_changes_as_one_commit_is_a_rule_not_a_plain_step() -> None:
    text = ("## Adding a column\n\n1. Edit the model.\n2. Commit the model + generated SQL as ONE commit.\n"
            "3. Commit and push the status update\n")
    found = _policies(text)
    assert _line(text, "2. Commit the model + generated SQL as ONE commit.") in found, found
    assert _line(text, "3. Commit and push the status update") not in found, found  # a step of the procedure


def test_keeping_the_release_environments_apart_is_a_release_rule() -> None:
    text = ("# Ops\n\n## Pipeline\n\n- Use a separate staging environment\n"
            "- **Separation**: Use separate stacks for dev/staging/prod\n- Use separate fonts for headings\n")
    found = _policies(text)
    assert _line(text, "- Use a separate staging environment") in found, found
    assert _line(text, "- **Separation**: Use separate stacks for dev/staging/prod") in found, found
    assert _line(text, "- Use separate fonts for headings") not in found, found


# --- commands the kind rules missed -----------------------------------------------------------------------------------------

def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def test_a_test_run_on_one_file_whose_name_holds_a_non_task_word_is_a_test() -> None:
    text = ("## Commands\n\n```sh\nbun run test test/upload.test.ts  # single file\npytest tests/test_release.py\n"
            "./scripts/upload.sh\nnpm run deploy\n```\n")
    assert _commands(text) == {"bun run test test/upload.test.ts": "command.test",
                               "pytest tests/test_release.py": "command.test"}


def test_a_bun_package_script_is_the_script_not_a_file_run() -> None:
    text = ("## Commands\n\n```sh\nbun run start  # one-shot\nbun scripts/report.ts\nbun --filter @acme/api <script>\n"
            "bun run clear  # clear the cache\n```\n")
    assert _commands(text) == {"bun run start": "command.run"}


def test_a_monorepo_runners_target_is_the_task() -> None:
    text = "## Dev\n\n```bash\nbun nx dev server\n```\n\n## Build\n\n```bash\npnpm nx build web\nnx graph\n```\n"
    assert _commands(text) == {"bun nx dev server": "command.dev", "pnpm nx build web": "command.build"}


def test_a_longer_outer_fence_holds_its_inner_blocks_and_then_ends() -> None:
    text = ("# Blog\n\n## Do\n\n- Use fenced blocks:\n  ````markdown\n  ```javascript\n  const x = 1\n  ```\n  ````\n\n"
            "## Git\n\n- Never push directly to `main`\n")
    assert _line(text, "- Never push directly to `main`") in _policies(text)
