"""What a ref is for, read from what moving it sets off (``premises_downstream.purpose_route`` /
``purpose_premise``), a review rule worded as a sign-off in a pull request, and what a remote's post-push hook does
with a ref (``premises_refpurpose._remote_hook_texts``). Invented repositories (a seed bank, a village hall, a tram
depot, a bakery, a lido); each case has the push the task asks for beside the one that goes elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, hook, payload
from test_premises import decide, write

from statewise_cli.recovery.premises_downstream import _DIRECT, _words, effects


def _prompt(agent: str, repo: Path, text: str) -> None:
    hook(payload(agent, "UserPromptSubmit", repo, prompt=text), repo)


def _topic(repo: Path, name: str, start: str = "HEAD", file: str = "notes.txt") -> None:
    git(repo, "switch", "-q", "-c", name, start)
    (repo / file).parent.mkdir(parents=True, exist_ok=True)
    (repo / file).write_text(f"work on {name}\n")
    commit_all(repo, f"work on {name}")


def _flow(name: str, trigger: str, job: str, run: str) -> str:
    return (f"name: {name}\non:\n  push:\n    {trigger}\njobs:\n  {job}:\n    runs-on: ubuntu-latest\n"
            f"    steps:\n      - run: {run}\n")


def _origin(repo: Path) -> Path:
    return Path(git(repo, "config", "--get", "remote.origin.url").strip())


# ---------------------------------------------------------------- reading
def test_a_job_carries_its_workflow_name_and_id_and_words_drop_the_plumbing(tmp_path: Path) -> None:
    flows = tmp_path / ".github" / "workflows"
    flows.mkdir(parents=True)
    (flows / "seeds.yml").write_text(_flow("seed catalogue export", "branches: [catalogue]", "export",
                                           "./bin/export --to partners"))
    [job] = effects(str(tmp_path))
    assert job.title == "seed catalogue export export" and job.branches == ["catalogue"]
    assert _words("Push the branch the seed catalogues are exported from") == {"seed", "catalogue", "exported"}


@pytest.mark.parametrize("text, rule", [
    ("Timetables (timetables/): the depot manager signs off every change in a pull request before it is pushed.",
     True),
    ("You cannot directly commit to the master branch of this repository.", True),
    ("Add a member of the docs team as a reviewer and wait for their approval before checking in.", True),
    ("CI checks run in the pull request for src/.", False),
    ("A reviewer approves the pull request (docs/).", False),
])
def test_review_rules_worded_as_a_sign_off_or_an_approval(text: str, rule: bool) -> None:
    import re

    assert bool(re.search(_DIRECT, text, re.IGNORECASE)) is rule


# ---------------------------------------------------------------- the hook, end to end
@pytest.mark.parametrize("agent", AGENTS)
def test_a_tag_whose_job_is_not_what_the_task_asks_goes_under_the_family_whose_job_is(agent: str,
                                                                                        git_repo: Path) -> None:
    write(git_repo, {".github/workflows/menu.yml": _flow("price list feed to shops", "tags: ['shop-*']",
                                                         "feed", "./bin/list-send --to shops out/"),
                     ".github/workflows/proof.yml": _flow("menu proof for the owners", "tags: ['proof-*']", "proof",
                                                          "./bin/menu-build --out proof/")})
    git(git_repo, "push", "-q", "origin", "HEAD")
    _prompt(agent, git_repo, "Make a proof of the winter menu for the owners: tag the commit with the prefix for a "
                             "proof followed by -w12 and push the tag.")
    decision, reason = decide(agent, git_repo, "git tag shop-w12 && git push -q origin shop-w12")
    assert decision == "deny", reason
    assert "`git tag proof-w12 && git push -q origin proof-w12`" in reason and "menu.yml" in reason
    assert decide(agent, git_repo, "git tag proof-w12 && git push -q origin proof-w12")[0] == "allow"
    # a task that asks for what the pushed family's own job does: the push is the task
    _prompt(agent, git_repo, "Send the winter price list to the shops: tag it shop-w12 and push the tag.")
    assert decide(agent, git_repo, "git tag shop-w12 && git push -q origin shop-w12")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_to_a_branch_nothing_runs_on_goes_to_the_branch_whose_job_the_task_names(agent: str,
                                                                                       git_repo: Path) -> None:
    write(git_repo, {"rota/2026-12.yaml": "drivers: 12\n",
                     ".github/workflows/rota.yml": _flow("driver rota publication", "branches: [rota-live]",
                                                         "publish", "./bin/publish-rota rota/")})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "branch", "rota-live")
    git(git_repo, "push", "-q", "origin", "rota-live")
    _topic(git_repo, "rota/january", "rota-live", "rota/2027-01.yaml")
    _prompt(agent, git_repo, "The January rota is ready (branch rota/january); push it to the branch the driver rota "
                             "is published from.")
    decision, reason = decide(agent, git_repo, "git push -q origin rota/january:roster")
    assert decision == "deny", reason
    assert "`git push -q origin rota/january:rota-live`" in reason and "nothing in the CI definitions" in reason
    assert decide(agent, git_repo, "git push -q origin rota/january:rota-live")[0] == "allow"
    # the developer named the branch: the task is the push
    _prompt(agent, git_repo, "Push rota/january to the roster branch for the archive.")
    assert decide(agent, git_repo, "git push -q origin rota/january:roster")[0] == "allow"
    # a task that does not describe any job: unknown, the push goes ahead
    _prompt(agent, git_repo, "Push my branch somewhere the others can see it.")
    assert decide(agent, git_repo, "git push -q origin rota/january:roster")[0] == "allow"
    # the job's words are the change's topic, not the task's words for the branch: unknown
    _prompt(agent, git_repo, "Push my driver rota publication fix to the integration branch.")
    assert decide(agent, git_repo, "git push -q origin rota/january:roster")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_a_remote_hook_rejects_goes_to_the_branch_whose_job_the_task_names(agent: str,
                                                                                 git_repo: Path) -> None:
    write(git_repo, {"counts/ward-3.csv": "box,issued\nA,10\n",
                     ".github/workflows/tally.yml": _flow("lido visitor tallies", "branches: [tallies]", "verify",
                                                          "./bin/verify-tallies counts/")})
    git(git_repo, "push", "-q", "origin", "HEAD")
    for branch in ("tallies", "counts"):
        git(git_repo, "branch", branch)
        git(git_repo, "push", "-q", "origin", branch)
    hooks = _origin(git_repo) / "hooks"
    (hooks / "pre-receive").write_text("#!/bin/sh\nwhile read old new ref; do\n  case \"$ref\" in\n"
                                       "    refs/heads/counts) echo 'closed since the cut-over' >&2; exit 1;;\n"
                                       "  esac\ndone\nexit 0\n")
    (hooks / "pre-receive").chmod(0o755)
    _topic(git_repo, "fix/ward-3", "tallies", "counts/ward-3.csv")
    _prompt(agent, git_repo, "Push my corrected visitor tally (branch fix/ward-3) to the branch lido visitor tallies "
                             "are checked from.")
    decision, reason = decide(agent, git_repo, "git push -q origin fix/ward-3:counts")
    assert decision == "deny", reason
    assert "`git push -q origin fix/ward-3:tallies`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_post_receive_hook_that_forwards_a_branch_routes_test_work_to_the_branch_it_names(
        agent: str, git_repo: Path) -> None:
    write(git_repo, {"orders/2026-12-08.yaml": "loaves: 40\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    for branch in ("orders", "orders-test"):
        git(git_repo, "branch", branch)
        git(git_repo, "push", "-q", "origin", branch)
    hooks = _origin(git_repo) / "hooks"
    (hooks / "post-receive").write_text(
        "#!/bin/sh\n# Every update of refs/heads/orders is forwarded to the mill, which bakes and delivers it.\n"
        "# Trial orders go to orders-test; nothing reads it.\nwhile read old new ref; do\n"
        "  [ \"$ref\" = refs/heads/orders ] && echo \"$new\" >> mill.log\ndone\nexit 0\n")
    (hooks / "post-receive").chmod(0o755)
    _topic(git_repo, "trial/rye", "orders-test", "orders/trial.yaml")
    decision, reason = decide(agent, git_repo, "git push -q origin trial/rye:orders")
    assert decision == "deny", reason
    assert "`git push -q origin trial/rye:orders-test`" in reason and "hooks/post-receive" in reason
    assert decide(agent, git_repo, "git push -q origin trial/rye:orders-test")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_pull_request_template_sign_off_rule_stops_a_push_of_its_paths(agent: str, git_repo: Path) -> None:
    write(git_repo, {"timetables/route-4.md": "06:10\n", "README.md": "# Depot\n",
                     ".github/pull_request_template.md": "## Checklist\n\n- [ ] Links checked\n- [ ] Timetables "
                     "(timetables/): the depot manager signs off every revision in a pull request before it is "
                     "pushed to main.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    (git_repo / "README.md").write_text("# Depot\n\nNotes.\n")
    commit_all(git_repo, "readme")
    assert decide(agent, git_repo, "git push -q origin main")[0] == "allow"
    (git_repo / "timetables" / "route-4.md").write_text("06:15\n")
    commit_all(git_repo, "route 4: 06:15")
    decision, reason = decide(agent, git_repo, "git push -q origin main")
    assert decision == "deny", reason
    assert "timetables/route-4.md" in reason and "--base main" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_goes_to_the_branch_a_doc_sentence_sends_the_kind_of_work_the_task_describes(agent: str,
                                                                                          git_repo: Path) -> None:
    write(git_repo, {"plans/bed-4.yaml": "tulips: 40\n",
                     "docs/garden.md": "# Garden\n\nPlanting plans for the committee's review go to plans-review; "
                                       "the gardeners work from plans.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    for branch in ("plans", "plans-review"):
        git(git_repo, "branch", branch)
        git(git_repo, "push", "-q", "origin", branch)
    _topic(git_repo, "plan/bed-5", "plans-review", "plans/bed-5.yaml")
    _prompt(agent, git_repo, "Share my planting plan for bed 5 (branch plan/bed-5) with the committee: push it to the "
                             "branch planting plans for review go to.")
    decision, reason = decide(agent, git_repo, "git push -q origin plan/bed-5:main")
    assert decision == "deny", reason
    assert "`git push -q origin plan/bed-5:plans-review`" in reason and "docs/garden.md" in reason
    assert decide(agent, git_repo, "git push -q origin plan/bed-5:plans-review")[0] == "allow"


def test_jenkins_bitbucket_and_environment_tables_say_what_a_push_sets_off(tmp_path: Path) -> None:
    (tmp_path / "Jenkinsfile").write_text(
        "pipeline {\n  agent any\n  stages {\n    stage('Test') {\n      steps { sh 'make test' }\n    }\n"
        "    stage('Deploy to production') {\n      when { branch 'trunk' }\n      steps {\n"
        "        sh './ops/ship.sh live'\n      }\n    }\n    stage('Preview') {\n"
        "      when { anyOf { branch 'preview'; branch 'qa' } }\n      steps { sh \"./ops/ship.sh preview\" }\n"
        "    }\n  }\n}\n")
    (tmp_path / "bitbucket-pipelines.yml").write_text(
        "image: node:20\npipelines:\n  default:\n    - step:\n        script:\n          - npm test\n"
        "  branches:\n    stable:\n      - step:\n          name: Ship it\n          deployment: production\n"
        "          script:\n            - ./deploy.sh prod\n  tags:\n    'v*':\n      - step:\n"
        "          script:\n            - npm publish\n")
    (tmp_path / "README.md").write_text(
        "# Hall bookings\n\n| Environment | URL | Branch |\n|---|---|---|\n| **Production** | hall.example | `live` |\n"
        "| Staging | staging.hall.example | `next` |\n| Local | localhost | any |\n")
    (tmp_path / "ENVIRONMENTS.md").write_text("## Sandbox\n\n- URL: https://sandbox.example\n- Branch: `sandbox`\n")
    found = {(e.file, tuple(e.branches), tuple(e.tags), tuple(e.environments)) for e in effects(str(tmp_path))}
    assert ("Jenkinsfile", ("trunk",), (), ("production",)) in found
    assert ("Jenkinsfile", ("preview", "qa"), (), ()) in found
    assert not any(f == "Jenkinsfile" and "Test" in str(b) for f, b, _t, _e in found)  # no `when`: no ref named
    assert ("bitbucket-pipelines.yml", ("stable",), (), ("production",)) in found
    assert ("bitbucket-pipelines.yml", (), ("v*",), ()) in found
    assert ("README.md", ("live",), (), ("production",)) in found and ("README.md", ("next",), (), ("staging",)) in found
    assert not any(b == ("any",) for _f, b, _t, _e in found)
    assert ("ENVIRONMENTS.md", ("sandbox",), (), ("sandbox",)) in found


@pytest.mark.parametrize("agent", AGENTS)
def test_no_purpose_route_to_a_branch_the_docs_retire_or_away_from_one_they_send_work_to(agent: str,
                                                                                       git_repo: Path) -> None:
    write(git_repo, {".github/workflows/export.yml": _flow("seed catalogue export", "branches: [catalogue]",
                                                           "export", "./bin/export --to partners"),
                     "docs/catalogue.md": "# Catalogue\n\nThe catalogue branch is retired: nothing reads it any "
                                         "more. Seed catalogue changes go to seedlist now.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    for branch in ("catalogue", "seedlist"):
        git(git_repo, "branch", branch)
        git(git_repo, "push", "-q", "origin", branch)
    _topic(git_repo, "cat/winter", "seedlist", "seeds/winter.txt")
    _prompt(agent, git_repo, "Push my winter seeds (branch cat/winter) to the branch the seed catalogue export "
                             "reads from.")
    # the workflow still names `catalogue`, but the docs retire it and send this work to `seedlist`
    assert decide(agent, git_repo, "git push -q origin cat/winter:seedlist")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_the_workflows_of_the_pushed_commit_decide_where_its_job_runs(agent: str, git_repo: Path) -> None:
    # the checked-out branch still publishes the allotment plan from `plots`; the branch the work is based on moved
    # the trigger to `plots-2027` in its own copy of the workflow, which is the copy a push of it runs
    write(git_repo, {"plots/plan.yaml": "plots: 40\n",
                     ".github/workflows/plots.yml": _flow("allotment plan publication", "branches: [plots]",
                                                          "publish", "./bin/publish-plan plots/")})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "branch", "plots")
    git(git_repo, "push", "-q", "origin", "plots")
    git(git_repo, "switch", "-q", "-c", "plots-2027")
    write(git_repo, {".github/workflows/plots.yml": _flow("allotment plan publication", "branches: [plots-2027]",
                                                          "publish", "./bin/publish-plan plots/")})
    git(git_repo, "push", "-q", "origin", "plots-2027")
    _topic(git_repo, "fix/plot-12", "plots-2027", "plots/plan.yaml")
    git(git_repo, "switch", "-q", "main")
    _prompt(agent, git_repo, "Publish my plot 12 fix (branch fix/plot-12): push it to the branch the allotment plan "
                             "publication workflow runs from.")
    assert decide(agent, git_repo, "git push -q origin fix/plot-12:plots-2027")[0] == "allow"
