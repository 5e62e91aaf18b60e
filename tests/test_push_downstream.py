"""What a push sets off downstream (``statewise_cli.recovery.premises_downstream``) and the rules read beside it:
the CI jobs a push of a ref runs (their environments, their steps, a job narrowed to one ref), a review rule scoped
to paths (a CODEOWNERS comment above its path rules, a pull-request template item naming a directory), governance
statements that freeze or embargo, and memory-file rules a remote's hooks or a hand-over note release. Invented
repositories (a library's catalogue, a ferry timetable, a brewery's recipes, a choir's scores); each rule has the
push it lets through beside the one it stops."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, hook, payload
from test_premises import decide, write

from statewise_cli.recovery.premises_downstream import _owned, comment_pages, effects, ran_by
from statewise_cli.recovery.released import released_rules

_STAGING = ("name: catalogue staging\non:\n  push:\n    branches: [preview]\njobs:\n  ship:\n"
            "    runs-on: ubuntu-latest\n    environment: staging\n    steps:\n      - run: ./bin/ship staging\n")
_PRODUCTION = ("name: catalogue production\non:\n  push:\n    branches: [main]\njobs:\n  ship:\n"
               "    runs-on: ubuntu-latest\n    environment:\n      name: production\n      url: https://x.invalid\n"
               "    steps:\n      - run: ./bin/ship production\n")


def _prompt(agent: str, repo: Path, text: str) -> None:
    hook(payload(agent, "UserPromptSubmit", repo, prompt=text), repo)


def _topic(repo: Path, name: str, start: str = "HEAD", file: str = "notes.txt") -> None:
    git(repo, "switch", "-q", "-c", name, start)
    (repo / file).parent.mkdir(parents=True, exist_ok=True)
    (repo / file).write_text(f"work on {name}\n")
    commit_all(repo, f"work on {name}")


# ---------------------------------------------------------------- reading the CI files
def test_effects_read_environments_steps_and_job_conditions(tmp_path: Path) -> None:
    flows = tmp_path / ".github" / "workflows"
    flows.mkdir(parents=True)
    (flows / "staging.yml").write_text(_STAGING)
    (flows / "production.yml").write_text(_PRODUCTION)
    (flows / "both.yml").write_text(
        "on:\n  push:\n    branches: [main, hotfix]\njobs:\n  build:\n    runs-on: ubuntu-latest\n"
        "    steps:\n      - run: make\n  publish:\n    if: github.ref == 'refs/heads/main'\n"
        "    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          twine upload dist/*\n")
    (tmp_path / ".gitlab-ci.yml").write_text(
        "stages: [deploy]\ndeploy_prod:\n  stage: deploy\n  script:\n    - ./deploy.sh prod\n"
        "  environment:\n    name: production\n  only:\n    - release\n")
    assert {e.file: e.environments for e in ran_by(str(tmp_path), "preview")} == \
        {".github/workflows/staging.yml": ["staging"]}
    on_main = ran_by(str(tmp_path), "main")
    assert sorted(e for j in on_main for e in j.environments) == ["production"]
    assert any("twine upload dist/*" in j.runs for j in on_main)  # the job narrowed to main by its `if:`
    assert not any("twine upload dist/*" in j.runs for j in ran_by(str(tmp_path), "hotfix"))
    gitlab = [e for e in effects(str(tmp_path)) if e.file == ".gitlab-ci.yml"]
    assert gitlab and gitlab[0].branches == ["release"] and gitlab[0].environments == ["production"]


def test_workflow_comments_are_prose_and_owned_paths_follow_codeowners_rules(tmp_path: Path) -> None:
    flows = tmp_path / ".github" / "workflows"
    flows.mkdir(parents=True)
    (flows / "timetable.yml").write_text(
        "on:\n  push:\n    branches: [sailings]\n# from today every push to sailings is sent to the port authority; "
        "draft timetables go to sailings-draft\njobs:\n  send:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - run: ./bin/send --to port timetables/\n")
    pages = comment_pages(str(tmp_path))
    assert pages and "draft timetables go to sailings-draft" in pages[0][1]
    assert _owned("scores/easter.ly", "/scores/") and not _owned("src/scores/easter.ly", "/scores/")
    assert _owned("src/scores/easter.ly", "scores/") and _owned("a/b.pdf", "*.pdf")
    assert not _owned("anything.txt", "*")  # a catch-all owns nothing in particular


# ---------------------------------------------------------------- the hook, end to end
@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_into_the_branch_that_deploys_elsewhere_than_the_task_asks_goes_to_the_one_that_deploys_there(
        agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/staging.yml": _STAGING, ".github/workflows/production.yml": _PRODUCTION})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "branch", "preview")
    git(git_repo, "push", "-q", "origin", "preview")
    _topic(git_repo, "feature/opening-hours")
    _prompt(agent, git_repo, "Put my opening hours change on the branch that deploys to the staging environment.")
    decision, reason = decide(agent, git_repo, "git push -q origin feature/opening-hours:main")
    assert decision == "deny", reason
    assert "`git push -q origin feature/opening-hours:preview`" in reason and "production" in reason
    assert decide(agent, git_repo, "git push -q origin feature/opening-hours:preview")[0] == "allow"
    # a task that names production: main is where it goes
    _prompt(agent, git_repo, "Ship the opening hours change to the production environment.")
    assert decide(agent, git_repo, "git push -q origin feature/opening-hours:main")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_a_remote_hook_rejects_is_routed_to_the_branch_whose_job_takes_the_files(agent: str,
                                                                                        git_repo: Path) -> None:
    write(git_repo, {"recipes/stout.yaml": "abv: 5.1\n",
                     ".github/workflows/brew.yml": "on:\n  push:\n    branches: [brew-queue]\njobs:\n  order:\n"
                                                   "    runs-on: ubuntu-latest\n    steps:\n"
                                                   "      - run: ./bin/submit-batches recipes/\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "branch", "brew-queue")
    git(git_repo, "push", "-q", "origin", "brew-queue")
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    (origin / "hooks" / "pre-receive").write_text(
        "#!/bin/sh\nwhile read old new ref; do\n  if [ \"$ref\" = refs/heads/main ]; then\n"
        "    echo 'main is closed to direct changes' >&2; exit 1\n  fi\ndone\nexit 0\n")
    (origin / "hooks" / "pre-receive").chmod(0o755)
    _topic(git_repo, "batch/porter", "brew-queue", "recipes/porter.yaml")
    decision, reason = decide(agent, git_repo, "git push -q origin batch/porter:main")
    assert decision == "deny", reason
    assert "`git push -q origin batch/porter:brew-queue`" in reason and "recipes/porter.yaml" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_codeowners_review_rule_stops_a_push_of_its_paths_only(agent: str, git_repo: Path) -> None:
    write(git_repo, {"scores/easter.ly": "\\relative c' { c d e }\n", "rota.txt": "Sunday: altos\n",
                     ".github/CODEOWNERS": "* @choir/all\n\n# Scores change only through a pull request the music "
                                           "director reviews; never pushed directly to main.\n"
                                           "/scores/ @choir/director\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    (git_repo / "rota.txt").write_text("Sunday: tenors\n")
    commit_all(git_repo, "rota")
    assert decide(agent, git_repo, "git push -q origin main")[0] == "allow"  # no owned path changes
    (git_repo / "scores" / "easter.ly").write_text("\\relative c' { c d e f }\n")
    commit_all(git_repo, "Easter: one more bar")
    decision, reason = decide(agent, git_repo, "git push -q origin main")
    assert decision == "deny", reason
    assert "scores/easter.ly" in reason and "review/scores" in reason and "--base main" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_freeze_note_holds_a_deploy_tag_with_a_slash(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/tap.yml": "on:\n  push:\n    tags: ['tap/*']\njobs:\n  tap:\n"
                                                  "    runs-on: ubuntu-latest\n    steps:\n      - run: ./bin/tap\n",
                     "docs/cellar/2026-12-01-freeze.md": "# Freeze\n\nI am freezing all tap deployments from "
                                                         "2026-12-01 until 2099-01-10: nobody pushes a tap tag "
                                                         "before then. -- Ines, cellar manager\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "tag", "tap/2026-12-05")
    decision, reason = decide(agent, git_repo, "git push -q origin tap/2026-12-05")
    assert decision in ("ask", "deny"), reason
    assert "freezing" in reason


def test_a_hook_that_rejects_only_named_refs_releases_a_memory_rule_that_it_blocks_every_push(git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    (origin / "hooks" / "update").write_text("#!/bin/sh\ncase \"$1\" in\n  refs/heads/main|refs/heads/marks/*)\n"
                                             "    echo 'only the registrar bot' >&2\n    exit 1;;\nesac\nexit 0\n")
    (origin / "hooks" / "update").chmod(0o755)
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Never push a topic branch to the school repository; the "
                                        "registrar's hook blocks every push.\n")
    said = released_rules(str(git_repo), "Push my branch fix/typo to origin (git push -q origin fix/typo).")
    assert "refs/heads/main" in said and "`fix/typo` there is allowed" in said
    # a branch the hook does reject: nothing released
    assert released_rules(str(git_repo), "Push it (git push -q origin marks/term1).") == ""


def test_a_branch_handed_over_releases_a_prohibition_kept_for_its_former_owner(git_repo: Path) -> None:
    (git_repo / "docs").mkdir()
    (git_repo / "docs" / "handover.md").write_text("# Handover\n\n2026-11-30: I have handed the choir-draft branch "
                                                   "over to Sam; I do not use it any more. Rewrite it as you like. "
                                                   "-- Ada\n")
    commit_all(git_repo, "handover")
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Never force-push the choir-draft branch; Ada works on it.\n")
    said = released_rules(str(git_repo), "Force-push choir-draft after my squash (git push -f origin choir-draft).")
    assert "docs/handover.md" in said
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Never force-push the alto-draft branch; Ada works on it.\n")
    assert released_rules(str(git_repo), "Force-push alto-draft (git push -f origin alto-draft).") == ""
