"""Premise classes of round 28, by what repository evidence says changed:

- the task runner of a JavaScript monorepo (lerna.json / nx.json / turbo.json), the Python environment
  manager (Pipfile / hatch environments / poetry / pdm / uv.lock) and the Scala build tool (build.sbt /
  build.mill), each read from the file the tool works from, with the command doing the same task;
- what the repository's files say may not be done here: a file whose header says it is not edited here
  (synced from a template), a migration a release tag already holds, ``gh pr merge --admin`` where the
  settings require a review, a push to a remote whose receive hook rejects every push;

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_premises import decide, write
from test_premises_round19 import _allowed, _denied_with, _remote_hook


def _rm(repo: Path, *names: str) -> None:
    git(repo, "rm", "-q", *names)
    git(repo, "commit", "-q", "-m", "remove " + " ".join(names))


# --------------------------------------------------------------------------- tools a repository replaced


@pytest.mark.parametrize("agent", AGENTS)
def test_a_monorepo_task_after_lerna_gave_way_to_another_runner(agent: str, git_repo: Path) -> None:
    write(git_repo, {"lerna.json": json.dumps({"version": "independent"}), "package.json": '{"name": "mono"}\n',
                     "packages/a/package.json": '{"name": "@x/a"}\n'})
    _allowed(agent, git_repo, "lerna run lint")
    _rm(git_repo, "lerna.json")
    write(git_repo, {"turbo.json": json.dumps({"tasks": {"lint": {}, "build": {}}})})
    reason = _denied_with(agent, git_repo, "lerna run lint", "turbo run lint")
    assert "turbo.json" in reason
    _allowed(agent, git_repo, "turbo run lint", "lerna --version")
    _rm(git_repo, "turbo.json")
    write(git_repo, {"nx.json": json.dumps({"targetDefaults": {}})})
    _denied_with(agent, git_repo, "lerna run build", "nx run-many -t build")
    _denied_with(agent, git_repo, "turbo run build", "nx run-many -t build")
    _allowed(agent, git_repo, "nx run-many -t build", "nx run-many --target=build")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_python_environment_manager_the_project_left(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Pipfile": "[packages]\n", "tests/test_a.py": "def test_a():\n    pass\n"})
    _allowed(agent, git_repo, "pipenv run pytest -q")
    _rm(git_repo, "Pipfile")
    write(git_repo, {"pyproject.toml": '[project]\nname = "ledger"\n\n[tool.hatch.envs.default]\ndependencies = []\n'})
    _denied_with(agent, git_repo, "pipenv run pytest -q", "hatch test -q")
    _denied_with(agent, git_repo, "pipenv run python -m ledger.report", "hatch run python -m ledger.report")
    _allowed(agent, git_repo, "hatch test", "pipenv --version")
    # a build backend alone is not hatch's environments; a uv lockfile names uv
    write(git_repo, {"pyproject.toml": '[project]\nname = "ledger"\n\n[tool.hatch.build.targets.wheel]\npackages = ["src/ledger"]\n'})
    _allowed(agent, git_repo, "pipenv run pytest -q")
    write(git_repo, {"uv.lock": "version = 1\n"})
    _denied_with(agent, git_repo, "pipenv run pytest -q", "uv run pytest -q")
    _denied_with(agent, git_repo, "poetry run pytest", "uv run pytest")
    _allowed(agent, git_repo, "uv run pytest")


@pytest.mark.parametrize("agent", AGENTS)
def test_sbt_in_a_scala_project_built_with_mill(agent: str, git_repo: Path) -> None:
    write(git_repo, {"build.sbt": 'scalaVersion := "3.3.4"\n', "core/src/A.scala": "object A\n"})
    _allowed(agent, git_repo, "sbt test")
    _rm(git_repo, "build.sbt")
    write(git_repo, {"build.mill": "package build\nimport mill._\n"})
    reason = _denied_with(agent, git_repo, "sbt test", "mill __.test")
    assert "build.mill" in reason
    _denied_with(agent, git_repo, "sbt compile", "mill __.compile")
    _allowed(agent, git_repo, "mill __.test")


# --------------------------------------------------------------------------- policies stated in repository files


def _edit(repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    return decide("claude", repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                             "new_string": new})


def test_an_edit_of_a_file_whose_header_says_it_is_synced_from_elsewhere(git_repo: Path) -> None:
    body = "name: lint\non: push\njobs: {}\n"
    write(git_repo, {".github/workflows/lint.yml": "# Managed by the org-config bot from acme/ci-templates.\n"
                                                   "# DO NOT EDIT: changes here are overwritten on the next run.\n" + body,
                     ".github/workflows/docs.yml": "# docs site\n" + body})
    kind, reason = _edit(git_repo, ".github/workflows/lint.yml", "on: push", "on: [push, pull_request]")
    assert kind == "deny" and "DO NOT EDIT" in reason and "at its source" in reason, reason
    assert _edit(git_repo, ".github/workflows/docs.yml", "on: push", "on: [push, pull_request]")[0] == "allow"
    # a note further down the file is not a header
    write(git_repo, {"config.yml": "a: 1\n# do not edit the value below by hand\nb: 2\n"})
    assert _edit(git_repo, "config.yml", "a: 1", "a: 2")[0] == "allow"


def test_an_edit_of_a_migration_a_release_tag_holds(git_repo: Path) -> None:
    write(git_repo, {"db/migrations/V7__users_email.sql": "ALTER TABLE users ADD email text;\n",
                     "db/migrations/V8__users_idx.sql": "CREATE INDEX users_email ON users (email);\n"})
    git(git_repo, "tag", "v3.1.0")
    write(git_repo, {"db/migrations/V9__orders.sql": "CREATE TABLE orders (id int);\n"})
    kind, reason = _edit(git_repo, "db/migrations/V8__users_idx.sql", "(email)", "(lower(email))")
    assert kind == "deny" and "v3.1.0" in reason and "must not be edited" in reason, reason
    assert "V10_<change>.sql" in reason, reason
    # a migration written after the last release is still the developer's to amend
    assert _edit(git_repo, "db/migrations/V9__orders.sql", "(id int)", "(id bigint)")[0] == "allow"
    # a file that is no migration, in a released tree, is not judged
    write(git_repo, {"src/app.py": "x = 1\n"})
    git(git_repo, "tag", "v3.2.0")
    assert _edit(git_repo, "src/app.py", "x = 1", "x = 2")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_an_admin_merge_where_the_settings_require_a_review(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/settings.yml": "branches:\n  - name: main\n    protection:\n"
                                             "      required_pull_request_reviews:\n        required_approving_review_count: 2\n"})
    kind, reason = decide(agent, git_repo, "gh pr merge 17 --squash --admin")
    assert kind == "deny" and "required_approving_review_count: 2" in reason and "review" in reason, reason
    assert "Safe alternative: do not merge" in reason  # no merge command is offered
    _allowed(agent, git_repo, "gh pr merge 17 --squash")
    write(git_repo, {".github/settings.yml": "repository:\n  allow_squash_merge: true\n"})
    _allowed(agent, git_repo, "gh pr merge 17 --squash --admin")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_to_a_remote_whose_hook_rejects_every_push(agent: str, git_repo: Path) -> None:
    git(git_repo, "switch", "-q", "-c", "topic/x")
    (git_repo / "x.txt").write_text("x\n")
    git(git_repo, "add", "x.txt")
    git(git_repo, "commit", "-q", "-m", "x")
    _remote_hook(git_repo, "#!/bin/sh\n# frozen\necho 'This project moved to gitlab.example/acme/ledger; read-only.' >&2\nexit 1\n")
    kind, reason = decide(agent, git_repo, "git push -u origin topic/x")
    assert kind == "deny" and "rejects every push" in reason and "read-only" in reason, reason
    # a hook with a condition rejects some pushes only: not judged here
    _remote_hook(git_repo, "#!/bin/sh\nwhile read o n r; do\n  [ \"$r\" = refs/heads/main ] && exit 1\ndone\nexit 0\n")
    _allowed(agent, git_repo, "git push -u origin topic/x")


# --------------------------------------------------------------------------- named targets a commit renamed


@pytest.mark.parametrize("agent", AGENTS)
def test_a_kube_context_the_repository_renamed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"ops/Makefile": "CTX ?= x\nKUBE_CONTEXT ?= minikube-dev\n\nbounce:\n\tkubectl --context $(KUBE_CONTEXT) get ns\n"})
    write(git_repo, {"ops/Makefile": "CTX ?= x\nKUBE_CONTEXT ?= arn-aws-eks-dev-blue\n\nbounce:\n\tkubectl --context $(KUBE_CONTEXT) get ns\n"})
    reason = _denied_with(agent, git_repo, "kubectl --context minikube-dev -n web rollout restart deploy/web",
                          "kubectl --context arn-aws-eks-dev-blue -n web rollout restart deploy/web")
    assert "ops/Makefile" in reason
    # a context the repository never named is the developer's own: not judged
    _allowed(agent, git_repo, "kubectl --context kind-scratch -n web get pods",
             "kubectl --context arn-aws-eks-dev-blue -n web rollout restart deploy/web")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_terraform_workspace_the_repository_renamed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"tf/README.md": "# Infra\n\nWorkspaces: `qa` and `live`.\n", "tf/main.tf": "variable \"n\" {}\n"})
    write(git_repo, {"tf/README.md": "# Infra\n\nWorkspaces per region: `qa-use1`, `live-use1`.\n",
                     ".gitlab-ci.yml": "plan:\n  variables:\n    TF_WORKSPACE: qa-use1\n  script:\n    - terraform plan\n"})
    _denied_with(agent, git_repo, "terraform -chdir=tf workspace select qa && terraform -chdir=tf plan",
                 "terraform -chdir=tf workspace select qa-use1 && terraform -chdir=tf plan")
    _allowed(agent, git_repo, "terraform -chdir=tf workspace select qa-use1", "terraform -chdir=tf workspace select scratch")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_helm_release_renamed_in_the_helmfile(agent: str, git_repo: Path) -> None:
    write(git_repo, {"helmfile.yaml": "releases:\n  - name: search\n    namespace: s\n    chart: ./charts/search\n",
                     ".github/workflows/ci.yml": "jobs:\n  a:\n    steps:\n      - name: lint\n"})
    write(git_repo, {"helmfile.yaml": "releases:\n  - name: search-api\n    namespace: s\n    chart: ./charts/search\n"})
    _denied_with(agent, git_repo, "helm upgrade --install search ./charts/search -n s",
                 "helm upgrade --install search-api ./charts/search -n s")
    _allowed(agent, git_repo, "helm upgrade --install search-api ./charts/search -n s",
             "helm upgrade --install lint ./charts/lint -n s", "helm upgrade --install brand-new ./charts/x -n s")


# --------------------------------------------------------------------------- the most specific place files moved to


@pytest.mark.parametrize("agent", AGENTS)
def test_a_new_file_in_a_directory_whose_files_moved_and_were_renamed(agent: str, git_repo: Path) -> None:
    write(git_repo, {"obs/grafana.ini": "[server]\n", "obs/panels/latency.json": "{}\n"})
    (git_repo / "ops/grafana/dashboards").mkdir(parents=True)
    git(git_repo, "mv", "obs/grafana.ini", "ops/grafana/grafana.ini")
    git(git_repo, "mv", "obs/panels/latency.json", "ops/grafana/dashboards/latency.dashboard.json")
    git(git_repo, "commit", "-q", "-m", "Grafana under ops/grafana; dashboards as *.dashboard.json")
    kind, reason = decide(agent, git_repo, tool="Write", tool_input={"file_path": str(git_repo / "obs/panels/errors.json"),
                                                                      "content": "{}\n"}) if agent == "claude" else \
        decide(agent, git_repo, "printf '{}' > obs/panels/errors.json")
    assert kind == "deny", reason
    assert "ops/grafana/dashboards" in reason and "ops/grafana/panels" not in reason, reason


# --------------------------------------------------------------------------- a branch merged by squash


@pytest.mark.parametrize("agent", AGENTS)
def test_deleting_a_branch_whose_changes_were_squash_merged(agent: str, git_repo: Path) -> None:
    main = git(git_repo, "branch", "--show-current").strip()
    git(git_repo, "switch", "-q", "-c", "topic/cache")
    for n in (1, 2):
        (git_repo / "cache.py").write_text(f"TTL = {n}\n")
        git(git_repo, "add", "cache.py")
        git(git_repo, "commit", "-q", "-m", f"cache {n}")
    git(git_repo, "switch", "-q", main)
    (git_repo / "other.txt").write_text("o\n")
    git(git_repo, "add", "other.txt")
    git(git_repo, "commit", "-q", "-m", "unrelated")
    git(git_repo, "merge", "-q", "--squash", "topic/cache")
    git(git_repo, "commit", "-q", "-m", "Cache (#12)")
    reason = _denied_with(agent, git_repo, "git branch -d topic/cache", "git branch -D topic/cache")
    assert "Cache (#12)" in reason
    # a branch with work that is nowhere else: -d refuses it rightly, nothing to say
    git(git_repo, "switch", "-q", "-c", "topic/wip")
    (git_repo / "wip.py").write_text("x = 1\n")
    git(git_repo, "add", "wip.py")
    git(git_repo, "commit", "-q", "-m", "wip")
    git(git_repo, "switch", "-q", main)
    _allowed(agent, git_repo, "git branch -d topic/wip")


# --------------------------------------------------------------------------- developer intent: data brought into a place


@pytest.mark.parametrize("agent", AGENTS)
def test_a_copy_of_untracked_data_into_the_place_a_developer_policy_names(agent: str, git_repo: Path) -> None:
    from test_intent import remember

    write(git_repo, {".gitignore": "dumps/\n", "seeds/.gitkeep": "", "docs/a.md": "a\n"})
    (git_repo / "dumps").mkdir()
    (git_repo / "dumps/users-live.csv").write_text("id,email\n1,x@example.invalid\n")
    remember(git_repo, "policy.seed_data", "no live customer data in seeds; build them with make fake-seeds")
    kind, reason = decide(agent, git_repo, "cp dumps/users-live.csv seeds/users.csv")
    assert kind == "deny" and "policy.seed_data" in reason, reason
    # a tracked file copied inside the repository brings nothing in; other places are not the policy's
    _allowed(agent, git_repo, "cp docs/a.md seeds/readme.md", "cp dumps/users-live.csv /tmp/users.csv")


def test_a_no_x_in_y_clause_is_a_prohibition() -> None:
    from test_intent import policy

    from statewise_cli.recovery import intent

    assert intent.restriction(policy("policy.seed_data", "no live customer data in seeds")) == "deny"
    assert intent.restriction(policy("policy.deploys", "no deploys on Fridays")) == "deny"
    assert intent.restriction(policy("policy.previews", "no need to ask for previews")) is None


# --------------------------------------------------------------------------- a tool installed at another version than the pin


@pytest.mark.parametrize("agent", AGENTS)
def test_a_machine_wide_install_of_a_tool_at_another_version_than_the_pin(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "STATICCHECK_VERSION := v3.4.1\n\nlint:\n\tstaticcheck ./...\n", "go.mod": "module x\n",
                     "NOTES.md": "we used staticcheck 2023.1 once\n"})
    kind, reason = decide(agent, git_repo, "go install github.com/acme/staticcheck/cmd/staticcheck@v2.9.0")
    assert kind == "deny", reason
    assert "`go install github.com/acme/staticcheck/v3/cmd/staticcheck@v3.4.1`" in reason and "Makefile" in reason, reason
    _denied_with(agent, git_repo, "go install github.com/acme/staticcheck/cmd/staticcheck@latest",
                 "go install github.com/acme/staticcheck/v3/cmd/staticcheck@v3.4.1")
    _allowed(agent, git_repo, "go install github.com/acme/staticcheck/v3/cmd/staticcheck@v3.4.1")


# --------------------------------------------------------------------------- a make target that requires a variable


@pytest.mark.parametrize("agent", AGENTS)
def test_a_make_target_the_makefile_stops_without_a_variable(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": "unit:\n\tpytest -q tests/unit\n\ne2e:\nifndef E2E_BASE_URL\n"
                                 "\t$(error E2E_BASE_URL is not set: point it at a throwaway deployment)\nendif\n"
                                 "\tpytest -q tests/e2e\n",
                     "CONTRIBUTING.md": "End-to-end tests:\n\n    E2E_BASE_URL=http://localhost:8089 make e2e\n"})
    reason = _denied_with(agent, git_repo, "make e2e", "E2E_BASE_URL=http://localhost:8089 make e2e")
    assert "ifndef E2E_BASE_URL" in reason
    _allowed(agent, git_repo, "make unit", "E2E_BASE_URL=http://localhost:9000 make e2e", "make e2e E2E_BASE_URL=http://x")


# --------------------------------------------------------------------------- where the repository is hosted, how it publishes


@pytest.mark.parametrize("agent", AGENTS)
def test_a_github_pull_request_in_a_repository_hosted_on_gitlab(agent: str, git_repo: Path) -> None:
    write(git_repo, {".gitlab-ci.yml": "test:\n  script: [make test]\n"})
    main = git(git_repo, "branch", "--show-current").strip()
    git(git_repo, "switch", "-q", "-c", "topic/tz")
    _denied_with(agent, git_repo, f"gh pr create --fill --base {main}",
                 f"git push -o merge_request.create -o merge_request.target={main} origin topic/tz")
    write(git_repo, {".github/workflows/ci.yml": "on: push\n"})
    _allowed(agent, git_repo, f"gh pr create --fill --base {main}")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_site_pushed_to_a_pages_branch_a_workflow_replaced(agent: str, git_repo: Path) -> None:
    wf = ("on:\n  workflow_dispatch:\n  push:\n    branches: [main]\njobs:\n  d:\n    steps:\n"
          "      - uses: actions/upload-pages-artifact@v3\n      - uses: actions/deploy-pages@v4\n")
    write(git_repo, {"mkdocs.yml": "site_name: x\n", ".github/workflows/site.yml": wf})
    main = git(git_repo, "branch", "--show-current").strip()
    kind, reason = decide(agent, git_repo, "mkdocs gh-deploy --force")
    assert kind == "deny" and f"`gh workflow run site.yml --ref {main}`" in reason, reason
    # a gh-pages branch on the remote may still be what Pages serves
    git(git_repo, "update-ref", "refs/remotes/origin/gh-pages", "HEAD")
    _allowed(agent, git_repo, "mkdocs gh-deploy --force")


# --------------------------------------------------------------------------- an import a commit replaced


def test_an_import_whose_alias_became_a_workspace_package(git_repo: Path) -> None:
    write(git_repo, {"tsconfig.json": json.dumps({"compilerOptions": {"paths": {"~core/*": ["core/src/*"]}}}),
                     "core/src/dates.ts": "export const iso = (d: Date) => d.toISOString();\n",
                     "web/src/a.ts": 'import { iso } from "~core/dates";\nexport const x = iso;\n'})
    write(git_repo, {"tsconfig.json": json.dumps({"compilerOptions": {"strict": True}}),
                     "libs/core/package.json": json.dumps({"name": "@ledger/core"}),
                     "web/src/a.ts": 'import { iso } from "@ledger/core";\nexport const x = iso;\n'})
    call = {"tool": "Write", "tool_input": {"file_path": str(git_repo / "web/src/b.ts"),
                                            "content": 'import { iso } from "~core/dates";\nimport { z } from "zod";\n'}}
    kind, reason = decide("claude", git_repo, **call)
    assert kind == "deny" and "`@ledger/core`" in reason and "~core/dates" in reason, reason
    call["tool_input"]["content"] = 'import { iso } from "@ledger/core";\nimport { z } from "zod";\n'
    assert decide("claude", git_repo, **call)[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_root_script_removed_by_the_commit_that_added_a_monorepo_runner(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": json.dumps({"name": "m", "scripts": {"lint": "lerna run lint", "build": "lerna run build"}}),
                     "lerna.json": "{}\n"})
    _rm(git_repo, "lerna.json")
    write(git_repo, {"package.json": json.dumps({"name": "m", "scripts": {"build": "turbo run build"}}),
                     "turbo.json": json.dumps({"tasks": {"lint": {}, "build": {}}})})
    _denied_with(agent, git_repo, "npm run lint", "turbo run lint")
