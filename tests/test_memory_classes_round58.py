"""Extraction classes added in round 58, each on invented text (no line of any labelled file); the required variables
through the real import into a real store of a real git repository, and the console script."""

from __future__ import annotations

from pathlib import Path

from swtest import commit_all, run_statewise, store_path

from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def _env(text: str) -> set[str]:
    return {f.key.removeprefix("env.") for f in extract(text) if f.key.startswith("env.")}


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


# --- required environment variables --------------------------------------------------------------------------------------

NEEDS_THESE = ("# Shop\n\n## Configuration\n\nThe web app requires these in `.env.development`:\n- `SHOP_PAYMENT_KEY`\n"
               "- `SHOP_MAIL_HOST`\n\n## Notes\n- `SHOP_THEME` picks the colours.\n")


def test_a_lead_in_that_requires_these_in_an_env_file_makes_its_list_required() -> None:
    found = _env(NEEDS_THESE)
    assert {"SHOP_PAYMENT_KEY", "SHOP_MAIL_HOST"} <= found, found
    assert "SHOP_THEME" not in found, found


def test_a_silent_variable_list_inside_a_verify_checklist_is_required() -> None:
    text = ("# Release\n\n## Before shipping\n\nBefore publishing the worker, verify:\n1. Environment variables in .env:\n"
            "   - `QUEUE_TOKEN` (the broker token)\n   - `QUEUE_REGION` (where it runs)\n2. The build is green\n\n"
            "## Reference\n\nEnvironment variables in .env:\n- `QUEUE_DEBUG` (verbose logs)\n")
    found = _env(text)
    assert {"QUEUE_TOKEN", "QUEUE_REGION"} <= found, found
    assert "QUEUE_DEBUG" not in found, found  # the same list with no checklist over it says nothing of required


def test_always_use_these_variables_and_its_european_forms_make_the_list_required() -> None:
    english = "# Db\n\nAlways set both environment variables:\n- `PRIMARY_DSN` → pooled\n- `REPLICA_DSN` → direct\n"
    spanish = "# Db\n\nSiempre usar **dos variables de entorno**:\n- `PRIMARY_DSN` → con pool\n- `REPLICA_DSN` → directa\n"
    assert {"PRIMARY_DSN", "REPLICA_DSN"} <= _env(english), _env(english)
    assert {"PRIMARY_DSN", "REPLICA_DSN"} <= _env(spanish), _env(spanish)
    assert not _env(spanish.replace("Siempre usar", "Ejemplo de")), _env(spanish.replace("Siempre usar", "Ejemplo de"))


def test_a_minimum_configuration_names_its_variables_as_required() -> None:
    assert "SIGNING_SECRET" in _env("# App\n\n## Setup\n\n- Minimum configuration: SIGNING_SECRET, database credentials\n")
    assert "SIGNING_SECRET" in _env("# App\n\n## Variáveis de Ambiente\n\n- Configurações mínimas: SIGNING_SECRET, credenciais\n")


def test_a_required_secrets_table_under_a_ci_section_is_the_pipelines_not_the_projects() -> None:
    ci = ("# Site\n\n## CI/CD Workflow\n\n### Required Secrets\n\n| Secret | Description |\n|---|---|\n"
          "| `BUCKET_ROLE_ARN` | role the job assumes |\n| `CDN_DIST_ID` | cache to purge |\n")
    assert not _env(ci), _env(ci)
    runtime = ci.replace("## CI/CD Workflow", "## Runtime").replace("Required Secrets", "Required Environment Variables")
    assert {"BUCKET_ROLE_ARN", "CDN_DIST_ID"} <= _env(runtime), _env(runtime)


def test_import_memory_stores_the_variables_a_lead_in_requires_in_an_env_file(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text(NEEDS_THESE)
    commit_all(git_repo)
    result = run_statewise(["import-memory", "--json"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        keys = {r.key for r in store.all_records() if r.status == "active" and r.key.startswith("env.")}
    assert {"env.SHOP_PAYMENT_KEY", "env.SHOP_MAIL_HOST"} <= keys, keys
    assert "env.SHOP_THEME" not in keys, keys


# --- the app started on a simulator ------------------------------------------------------------------------------------------


def test_running_the_app_on_a_simulator_or_emulator_is_the_dev_loop() -> None:
    text = ("# Mobile\n\n```bash\nnpm run phone              # Run on iOS simulator\nnpm run tablet    # Run on Android emulator\n"
            "npm run emulators   # Start the cloud emulators\n```\n")
    found = _commands(text)
    assert found.get("npm run phone") == "command.dev" and found.get("npm run tablet") == "command.dev", found
    assert found.get("npm run emulators") != "command.dev", found  # starting emulators is not running the app on one


# --- paths named as examples ------------------------------------------------------------------------------------------------


def test_paths_under_a_canonical_examples_lead_in_are_examples() -> None:
    text = ("# App\n\n## Layout\n\n- Screens live in `src/screens/`.\n\n**Canonical examples:**\n\n"
            "- Feature layout: `src/features/login/`\n- Store pattern: `src/features/login/stores/login.store.ts`\n")
    found = _paths(text)
    assert "src/screens/" in found, found
    assert not {"src/features/login/", "src/features/login/stores/login.store.ts"} & found, found


# --- the rules of a commit-message section, one row each -----------------------------------------------------------------


def _policies(text: str) -> dict[int, str]:
    return {f.line: f.key for f in extract(text) if f.key.startswith("policy.")}


MESSAGE_RULES = ("# Repo rules\n\n## Commit Messages\n\n### Types\n\n- `feat`: a new feature\n- fix: a bug fix\n\n"
                 "### Subject Rules\n\n1. **Imperative mood**: \"add\" not \"added\"\n2. **No period** at the end\n"
                 "3. **Lowercase start**\n\n### Body\n\n- **Wrap at 72 characters** per line\n- Each body line is at most 72 characters\n"
                 "- **Good:** `add the invoice export`\n\n### Footer\n\n- Issue references: `Refs #12`\n\n"
                 "## Other\n\n- Lowercase start\n")


def test_the_items_of_a_commit_message_rules_section_are_rules_each() -> None:
    found = _policies(MESSAGE_RULES)
    lines = MESSAGE_RULES.splitlines()
    at = {text: n for n, text in enumerate(lines, 1)}
    for rule in ("1. **Imperative mood**: \"add\" not \"added\"", "2. **No period** at the end", "3. **Lowercase start**",
                 "- **Wrap at 72 characters** per line"):
        assert found.get(at[rule]) == "policy.commit_message_style", (rule, found)
    for other in ("- `feat`: a new feature", "- fix: a bug fix", "- **Good:** `add the invoice export`",
                  "- Issue references: `Refs #12`", "- Each body line is at most 72 characters"):
        assert at[other] not in found, (other, found)  # a type, an example, a footer form, a restatement next to its rule
    assert len(lines) not in found, found  # the same words outside the section are no rule


def test_the_items_under_a_create_commit_message_step_are_its_rules() -> None:
    text = ("# Workflow\n\n### Committing\n\n1. Review the diff\n\n   - Look at every file\n\n2. Create commit message\n\n"
            "   - Say why the change was made\n   - Name the module touched\n\n3. Push\n\n   - Check the remote\n")
    found = _policies(text)
    lines = text.splitlines()
    assert found.get(lines.index("   - Say why the change was made") + 1) == "policy.commit_message_style", found
    assert found.get(lines.index("   - Name the module touched") + 1) == "policy.commit_message_style", found
    assert lines.index("   - Check the remote") + 1 not in found and lines.index("   - Look at every file") + 1 not in found, found


def test_a_release_sections_publish_items_are_the_release_process() -> None:
    text = ("# Shipping\n\n## Release Targets\n\n- Publish the CLI through the package registry.\n"
            "- Publish the container image through the image registry.\n\n## Architecture\n\n"
            "- Publish events through the message bus.\n")
    found = _policies(text)
    lines = text.splitlines()
    assert lines.index("- Publish the CLI through the package registry.") + 1 in found, found
    assert lines.index("- Publish the container image through the image registry.") + 1 in found, found
    assert lines.index("- Publish events through the message bus.") + 1 not in found, found  # code, not a release


def test_a_release_sections_labelled_feature_list_is_no_release_step() -> None:
    text = "# Tools\n\n## Release tooling\n\n- **Release Automation**: Automate repetitive preparation tasks\n"
    assert not _policies(text), _policies(text)


# --- a source file named by the part it is ---------------------------------------------------------------------------------


def test_a_source_file_named_by_its_kind_and_what_it_does_is_a_component() -> None:
    assert "guard.ts" in _paths("# Api\n\n## Auth\n\nThe middleware `guard.ts` checks the session on every request.\n")
    assert "fail.ts" in _paths("# Api\n\n## Errors\n\nThe `fail.ts` handler turns every exception into a response.\n")
    assert "guard.ts" in _paths("# Api\n\n## Auth\n\nEl middleware `guard.ts` valida la sesión en cada request.\n")
    assert not _paths("# Api\n\n## Notes\n\nThe helper `dates.ts` formats dates.\n")  # one helper's home is no component
    assert not _paths("# Api\n\n## Notes\n\nThe script `old.py` is unused.\n")


# --- git workflow words --------------------------------------------------------------------------------------------------


def test_syncing_with_the_trunk_before_work_is_a_git_rule() -> None:
    text = "# Git\n\n## Before Starting Work\n\nALWAYS sync with main:\n```bash\ngit pull origin main\n```\n"
    assert 5 in _policies(text), _policies(text)
    assert not _policies("# App\n\n## Data\n\nALWAYS sync with the server:\n- the cache\n")


def test_deploying_from_a_named_branch_is_a_release_rule() -> None:
    text = ("# Deploy\n\n## Environments\n\n- **Staging**:\n  - Deploy from `next` branch\n  - Use the staging bucket\n"
            "- **Production**:\n  - Deploy from `main` or `stable` branch\n")
    found = _policies(text)
    assert 6 in found and 9 in found, found
    assert 7 not in found, found


# --- the package manager ---------------------------------------------------------------------------------------------------


def _managers(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key == "package_manager"}


def test_the_preferred_package_manager_and_its_french_and_spanish_forms_name_it() -> None:
    assert _managers("# A\n\n## Tooling\n\n- **pnpm** is the preferred package manager\n") == {"pnpm"}
    assert _managers("# A\n\n## Stack\n\n- **uv** pour la gestion de dépendances\n") == {"uv"}
    assert _managers("# A\n\n## Stack\n\n- **poetry** para la gestión de dependencias\n") == {"poetry"}
    assert not _managers("# A\n\n## Stack\n\n- **pnpm** is the preferred tool for demos\n")


# --- a pre-deployment checklist's checks -----------------------------------------------------------------------------------


def test_the_linters_and_tests_of_a_pre_deployment_checklist_are_the_projects_checks() -> None:
    items = "- Validate the charts with `helm lint`\n- Run the suite with `pytest`\n- Roll out with `helm upgrade --install web .`\n"
    found = _commands("# Ops\n\n## Pre-Deployment Checklist\n\n" + items)
    assert found.get("helm lint") == "command.lint" and found.get("pytest") == "command.test", found
    assert "helm upgrade --install web ." not in found, found
    assert not _commands("# Ops\n\n## Deployment\n\n" + items)  # a deployment section alone: no day-to-day task


def test_a_commit_sections_type_list_shown_forms_and_benefits_are_no_rules() -> None:
    text = ("# Repo\n\n## Commit Message Standards\n\n- Start with a verb in the imperative\n"
            "- Types: feat, fix, docs, refactor, chore\n- Bug fixes: `fix TICKET-1 [description]`\n\n**Benefits:**\n"
            "- **History**: a clear timeline\n\n**Rules again:**\n- Keep the subject short\n")
    found = _policies(text)
    lines = text.splitlines()
    assert lines.index("- Start with a verb in the imperative") + 1 in found, found
    assert lines.index("- Keep the subject short") + 1 in found, found
    for other in ("- Types: feat, fix, docs, refactor, chore", "- Bug fixes: `fix TICKET-1 [description]`",
                  "- **History**: a clear timeline"):
        assert lines.index(other) + 1 not in found, (other, found)


def test_a_commit_message_step_alone_is_no_rule_its_items_are() -> None:
    text = "# Guide\n\n1. **Tests**\n   - Run them\n\n2. **Commit Messages**\n   - Use a short imperative summary\n"
    found = _policies(text)
    lines = text.splitlines()
    assert lines.index("2. **Commit Messages**") + 1 not in found, found
    assert found.get(lines.index("   - Use a short imperative summary") + 1) == "policy.commit_message_style", found


def test_a_bare_commit_messages_entry_of_a_language_list_keeps_its_rule() -> None:
    text = ("# Repo\n\n## Language\n\nWrite in **Japanese** for the following:\n\n- Pull request titles\n- Commit messages\n"
            "- Review comments\n")
    found = {f.line: str(f.value) for f in extract(text) if f.key.startswith("policy.")}
    assert "Japanese" in found.get(text.splitlines().index("- Commit messages") + 1, ""), found
