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
