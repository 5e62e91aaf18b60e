"""Premise and intent classes of round 17, by mechanism: a developer's ban on a dependency gates any
package manager's add of it, a flag a developer keeps off gates the config edit that turns it on, a
force push that would discard commits other people pushed, a move of a tag the remote already has, a
push of a branch that carries commits the remote's default branch dropped in a rewrite; the runtime
names a command assumes (conda env, Go workspace modules, .NET target framework, the package manager of
a container image's distribution).

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, run_statewise
from test_premises import decide, write


def remember(repo: Path, key: str, value: str) -> None:
    result = run_statewise(["remember", key, value, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


# --------------------------------------------------------------------------- intent: banned dependency


@pytest.mark.parametrize("agent", AGENTS)
def test_a_banned_dependency_is_gated_for_every_package_manager(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "billing", "dependencies": {"date-fns": "^3.6.0"}}\n',
                     "pnpm-lock.yaml": "lockfileVersion: '9.0'\n"})
    remember(git_repo, "policy.dependency_lodash", "lodash is banned (bundle size): use native methods")
    for command in ("pnpm add lodash", "pnpm add -D lodash@4", "npm install --save lodash", "yarn add lodash"):
        kind, reason = decide(agent, git_repo, command)
        assert kind in ("deny", "ask"), command
        assert "policy.dependency_lodash" in reason, command
    # other packages, and taking it out, stay allowed
    for ok in ("pnpm add date-fns", "pnpm remove lodash", "pnpm rm lodash"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


# --------------------------------------------------------------------------- intent: a flag kept off


@pytest.mark.parametrize("agent", AGENTS)
def test_a_flag_the_developer_keeps_off_gates_the_edit_that_turns_it_on(agent: str, git_repo: Path) -> None:
    write(git_repo, {"config/flags.prod.json": '{\n  "checkout_v2": false,\n  "search": true\n}\n',
                     "config/flags.staging.json": '{\n  "checkout_v2": false,\n  "search": true\n}\n',
                     "settings/production.toml": "[features.checkout_v2]\nenabled = false\n"})
    remember(git_repo, "policy.checkout_v2_flag", "checkout_v2 must stay off in production until the payments audit")
    prod = git_repo / "config" / "flags.prod.json"
    kind, reason = decide(agent, git_repo, tool="Edit", tool_input={
        "file_path": str(prod), "old_string": '"checkout_v2": false', "new_string": '"checkout_v2": true'}) \
        if agent == "claude" else decide(agent, git_repo, f"sed -i 's/\"checkout_v2\": false/\"checkout_v2\": true/' {prod}")
    assert kind in ("deny", "ask") and "policy.checkout_v2_flag" in reason and "checkout_v2" in reason
    # a nested switch (`enabled = true` under the feature's table) is the same flag
    kind, reason = decide(agent, git_repo, "sed -i 's/enabled = false/enabled = true/' settings/production.toml")
    assert kind in ("deny", "ask") and "policy.checkout_v2_flag" in reason
    # another environment, another flag, turning it off: allowed
    for ok in ("sed -i 's/\"checkout_v2\": false/\"checkout_v2\": true/' config/flags.staging.json",
               "sed -i 's/\"search\": true/\"search\": false/' config/flags.prod.json"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


# --------------------------------------------------------------------------- git: what a push takes from others


def _other_author_commit(origin: Path, tmp: Path, branch: str, name: str) -> None:
    other = tmp / "other-clone"
    env = {**os.environ, "GIT_AUTHOR_NAME": "Robin Roe", "GIT_AUTHOR_EMAIL": "robin@example.invalid",
           "GIT_COMMITTER_NAME": "Robin Roe", "GIT_COMMITTER_EMAIL": "robin@example.invalid"}
    subprocess.run(["git", "clone", "-q", "-b", branch, str(origin), str(other)], check=True, env=env, capture_output=True)
    (other / name).write_text("robin's work\n")
    for args in (["add", "-A"], ["commit", "-q", "-m", f"Add {name}"], ["push", "-q", "origin", branch]):
        subprocess.run(["git", *args], cwd=other, check=True, env=env, capture_output=True)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_force_push_that_discards_another_authors_commits_is_denied(agent: str, git_repo: Path, tmp_path: Path) -> None:
    git(git_repo, "switch", "-q", "-c", "topic/search")
    (git_repo / "a.txt").write_text("a\n")
    commit_all(git_repo, "mine")
    git(git_repo, "push", "-q", "-u", "origin", "topic/search")
    _other_author_commit(tmp_path / "repo-origin.git", tmp_path, "topic/search", "theirs.txt")
    (git_repo / "b.txt").write_text("b\n")
    commit_all(git_repo, "mine again")
    git(git_repo, "fetch", "-q", "origin")
    for command in ("git push --force origin topic/search", "git push -f", "git push origin +topic/search",
                    "git push --force-with-lease origin topic/search"):
        kind, reason = decide(agent, git_repo, command)
        assert kind == "deny", command
        assert "Robin Roe" in reason and "git pull --rebase origin topic/search" in reason, command
    assert decide(agent, git_repo, "git pull --rebase origin topic/search && git push origin topic/search")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_force_push_over_only_my_own_rewritten_commits_is_allowed(agent: str, git_repo: Path) -> None:
    git(git_repo, "switch", "-q", "-c", "topic/own")
    (git_repo / "a.txt").write_text("a\n")
    commit_all(git_repo, "mine")
    git(git_repo, "push", "-q", "-u", "origin", "topic/own")
    git(git_repo, "commit", "-q", "--amend", "-m", "mine, reworded")
    assert decide(agent, git_repo, "git push --force origin topic/own")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_moving_a_tag_the_remote_has_is_denied_with_the_next_version(agent: str, git_repo: Path) -> None:
    git(git_repo, "tag", "-a", "v3.1.4", "-m", "3.1.4")
    git(git_repo, "push", "-q", "origin", "v3.1.4")
    (git_repo / "VERSION").write_text("3.1.4\n")
    commit_all(git_repo, "bump")
    for command in ("git tag -f v3.1.4", "git tag -fa v3.1.4 -m again", "git push --force origin v3.1.4",
                    "git push origin +refs/tags/v3.1.4", "git push --delete origin v3.1.4"):
        kind, reason = decide(agent, git_repo, command)
        assert kind == "deny", command
        assert "v3.1.4" in reason and "v3.1.5" in reason, command
    # a tag only this clone has may move; the next version is a new tag
    git(git_repo, "tag", "local-only")
    assert decide(agent, git_repo, "git tag -f local-only")[0] == "allow"
    assert decide(agent, git_repo, "git tag -a v3.1.5 -m 3.1.5 && git push origin v3.1.5")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_that_republishes_commits_a_history_rewrite_dropped_is_denied(agent: str, git_repo: Path) -> None:
    base = git(git_repo, "rev-parse", "HEAD").strip()
    (git_repo / "dump.sql").write_text("customer data\n")
    commit_all(git_repo, "Add the data dump")
    (git_repo / "app.txt").write_text("app\n")
    commit_all(git_repo, "App")
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "switch", "-q", "-c", "topic/report")
    (git_repo / "report.txt").write_text("r\n")
    commit_all(git_repo, "Report")
    # main is rewritten without the dump and force-pushed; this clone's main still has the old history
    git(git_repo, "switch", "-q", "-c", "clean", base)
    (git_repo / "app.txt").write_text("app\n")
    commit_all(git_repo, "App")
    git(git_repo, "push", "-q", "--force", "origin", "clean:main")
    git(git_repo, "switch", "-q", "topic/report")
    git(git_repo, "branch", "-q", "-D", "clean")
    git(git_repo, "fetch", "-q", "origin")
    kind, reason = decide(agent, git_repo, "git push -u origin topic/report")
    assert kind == "deny"
    assert "Add the data dump" in reason and "git rebase --onto origin/main main topic/report" in reason
    ok = "git rebase -q --onto origin/main main topic/report && git push -u origin topic/report"
    assert decide(agent, git_repo, ok)[0] == "allow"


def test_a_push_after_an_ordinary_fast_forward_is_allowed(git_repo: Path, tmp_path: Path) -> None:
    _other_author_commit(tmp_path / "repo-origin.git", tmp_path, "main", "theirs.txt")
    git(git_repo, "pull", "-q", "--rebase", "origin", "main")
    git(git_repo, "switch", "-q", "-c", "topic/x")
    (git_repo / "x.txt").write_text("x\n")
    commit_all(git_repo, "x")
    assert decide("claude", git_repo, "git push -u origin topic/x")[0] == "allow"


# --------------------------------------------------------------------------- runtime names


@pytest.mark.parametrize("agent", AGENTS)
def test_a_renamed_conda_env_is_denied_with_the_declared_name(agent: str, git_repo: Path) -> None:
    write(git_repo, {"environment.yml": "name: geo-py39\ndependencies:\n  - python=3.9\n"})
    write(git_repo, {"environment.yml": "name: geo-py312\ndependencies:\n  - python=3.12\n"})
    for command, fixed in (("conda run -n geo-py39 pytest -q", "conda run -n geo-py312 pytest -q"),
                           ("mamba run --name geo-py39 python -m geo", "mamba run --name geo-py312 python -m geo"),
                           ("conda activate geo-py39 && pytest", "conda activate geo-py312")):
        kind, reason = decide(agent, git_repo, command)
        assert kind == "deny", command
        assert "geo-py312" in reason and fixed in reason, command
    assert decide(agent, git_repo, "conda run -n geo-py312 pytest -q")[0] == "allow"
    # a name the file never declared says nothing: a personal env, unknown
    assert decide(agent, git_repo, "conda run -n scratch pytest -q")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_renamed_hatch_environment_is_denied(agent: str, git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": "[project]\nname = 'x'\n\n[tool.hatch.envs.tests]\ndependencies = ['pytest']\n"})
    write(git_repo, {"pyproject.toml": "[project]\nname = 'x'\n\n[tool.hatch.envs.test]\ndependencies = ['pytest']\n"})
    kind, reason = decide(agent, git_repo, "hatch run tests:pytest")
    assert kind == "deny" and "`hatch run test:pytest`" in reason
    assert decide(agent, git_repo, "hatch run test:pytest")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_go_patterns_outside_the_workspace_modules_are_denied(agent: str, git_repo: Path) -> None:
    write(git_repo, {"go.work": "go 1.22\n\nuse (\n\t./svc/auth\n\t./svc/billing\n)\n",
                     "svc/auth/go.mod": "module example.com/auth\n", "svc/billing/go.mod": "module example.com/billing\n",
                     "tools/gen/go.mod": "module example.com/gen\n"})
    kind, reason = decide(agent, git_repo, "go test ./...")
    assert kind == "deny" and "./svc/auth/... ./svc/billing/..." in reason and "go.work" in reason
    kind, reason = decide(agent, git_repo, "go vet ./tools/gen/...")
    assert kind == "deny" and "go work use ./tools/gen" in reason
    for ok in ("go test ./svc/auth/... ./svc/billing/...", "go build ./svc/billing/...", "cd svc/auth && go test ./..."):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


@pytest.mark.parametrize("agent", AGENTS)
def test_an_older_dotnet_target_framework_is_denied(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Directory.Build.props": "<Project>\n  <PropertyGroup>\n    <TargetFramework>net9.0</TargetFramework>\n"
                     "  </PropertyGroup>\n</Project>\n", "src/Shop/Shop.csproj": '<Project Sdk="Microsoft.NET.Sdk">\n</Project>\n'})
    kind, reason = decide(agent, git_repo, "dotnet new classlib -n Shop.Tax -o src/Shop.Tax -f net7.0")
    assert kind == "deny" and "-f net9.0" in reason and "Directory.Build.props" in reason
    kind, reason = decide(agent, git_repo, "dotnet test --framework net7.0")
    assert kind == "deny" and "net9.0" in reason
    for ok in ("dotnet new classlib -n Shop.Tax -o src/Shop.Tax -f net9.0", "dotnet new classlib -n Shop.Tax -o src/Shop.Tax",
               "dotnet new classlib -n Shop.Shared -f netstandard2.0", "dotnet build -f net9.0"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


DEBIAN_DOCKERFILE = ("FROM python:3.12-slim-bookworm AS app\nRUN apt-get update && apt-get install -y --no-install-recommends "
                     "curl && rm -rf /var/lib/apt/lists/*\nWORKDIR /srv\nCOPY . .\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_an_install_with_another_distributions_package_manager_is_denied(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docker/api.Dockerfile": DEBIAN_DOCKERFILE,
                     "docker/edge.Dockerfile": "FROM nginx:1.27-alpine\nCOPY site /usr/share/nginx/html\n"})
    api = git_repo / "docker" / "api.Dockerfile"
    if agent == "claude":
        kind, reason = decide(agent, git_repo, tool="Edit", tool_input={
            "file_path": str(api), "old_string": "WORKDIR /srv\n", "new_string": "RUN apk add --no-cache ffmpeg\nWORKDIR /srv\n"})
    else:
        kind, reason = decide(agent, git_repo, f"sed -i 's|^WORKDIR /srv$|RUN apk add --no-cache ffmpeg\\nWORKDIR /srv|' {api}")
    assert kind == "deny" and "python:3.12-slim-bookworm" in reason and "apt-get install -y --no-install-recommends ffmpeg" in reason
    edge = git_repo / "docker" / "edge.Dockerfile"
    kind, reason = decide(agent, git_repo, f"sed -i 's|^COPY site|RUN apt-get install -y jq\\nCOPY site|' {edge}")
    assert kind == "deny" and "apk add --no-cache jq" in reason
    kind, _ = decide(agent, git_repo, f"sed -i 's|^COPY site|RUN apk add --no-cache jq\\nCOPY site|' {edge}")
    assert kind == "allow"


BACKPORT_HOOK = ("#!/bin/sh\nwhile read old new ref; do\n  case \"$ref\" in refs/heads/stable/*) ;; *) continue;; esac\n"
                 "  for c in $(git rev-list $old..$new); do\n"
                 "    git log -1 --format=%B $c | grep -q '(cherry picked from commit ' || exit 1\n  done\ndone\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_pick_without_x_onto_a_branch_whose_remote_requires_the_trailer_is_denied(agent: str, git_repo: Path,
                                                                                   tmp_path: Path) -> None:
    git(git_repo, "branch", "stable/1.x")
    git(git_repo, "push", "-q", "-u", "origin", "stable/1.x")
    hook = tmp_path / "repo-origin.git" / "hooks" / "pre-receive"
    hook.write_text(BACKPORT_HOOK)
    hook.chmod(0o755)
    (git_repo / "fix.txt").write_text("fix\n")
    commit_all(git_repo, "Fix")
    kind, reason = decide(agent, git_repo, "git switch stable/1.x && git cherry-pick main && git push origin stable/1.x")
    assert kind == "deny" and "`git switch stable/1.x && git cherry-pick -x main && git push origin stable/1.x`" in reason
    assert decide(agent, git_repo, "git switch stable/1.x && git cherry-pick -x main")[0] == "allow"
    # a branch the hook does not check
    assert decide(agent, git_repo, "git switch -c scratch && git cherry-pick main")[0] == "allow"


def test_conda_run_without_an_env_in_a_project_that_declares_one_is_denied(git_repo: Path) -> None:
    write(git_repo, {"environment.yml": "name: geo-py312\ndependencies:\n  - python=3.12\n"})
    kind, reason = decide("claude", git_repo, "conda run pytest -q")
    assert kind == "deny" and "`conda run -n geo-py312 pytest -q`" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_denied_banned_dependency_names_what_the_record_offers_instead(agent: str, git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "web"}\n', "package-lock.json": "{}\n"})
    remember(git_repo, "policy.no_axios", "axios is banned here: use the fetch wrapper in src/http.ts")
    kind, reason = decide(agent, git_repo, "npm install axios")
    assert kind == "deny" and "is not allowed while the record holds" in reason
    assert "use the fetch wrapper in src/http.ts" in reason


def test_the_next_version_alternative_bumps_the_version_file(git_repo: Path) -> None:
    (git_repo / "VERSION").write_text("0.9.0\n")
    commit_all(git_repo, "0.9.0")
    git(git_repo, "tag", "v0.9.0")
    git(git_repo, "push", "-q", "origin", "main", "v0.9.0")
    kind, reason = decide("claude", git_repo, "git tag -f v0.9.0 && git push --force origin v0.9.0")
    assert kind == "deny"
    assert "sed -i 's/^0\\.9\\.0$/0.9.1/' VERSION && git commit -qam 'Bump VERSION to 0.9.1' && git tag -a v0.9.1" in reason
    assert "git push origin main v0.9.1" in reason


def test_a_ban_named_in_the_value_gates_every_ecosystems_add_of_that_package() -> None:
    from test_intent import policy

    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery import intent

    records = [policy("policy.banned_packages", "requests is banned: use httpx"),
               policy("policy.dates", "moment.js is banned (maintenance mode); prefer date-fns")]
    for command in ("pip install requests", "uv add requests", "poetry add requests==2.31", "pdm add requests",
                    "go get github.com/acme/moment@v1", "composer require moment/moment", "cargo add moment",
                    "yarn add moment@2.30.1", "bundle add moment"):
        assert intent.gates(normalize_shell(command, "main"), records, None), command
    for command in ("uv add httpx", "pnpm add date-fns", "pip install -r requirements.txt", "pip uninstall requests"):
        assert not intent.gates(normalize_shell(command, "main"), records, None), command


def test_a_whole_file_write_that_turns_a_kept_off_flag_on_is_gated(git_repo: Path) -> None:
    write(git_repo, {"flags.env": "FEATURE_BULK_EXPORT=0\nFEATURE_SEARCH=1\n"})
    remember(git_repo, "policy.bulk_export", "bulk export stays off until legal signs off")
    target = str(git_repo / "flags.env")
    kind, reason = decide("claude", git_repo, tool="Write", tool_input={
        "file_path": target, "content": "FEATURE_BULK_EXPORT=1\nFEATURE_SEARCH=1\n"})
    assert kind in ("deny", "ask") and "FEATURE_BULK_EXPORT" in reason
    assert decide("claude", git_repo, tool="Write", tool_input={
        "file_path": target, "content": "FEATURE_BULK_EXPORT=0\nFEATURE_SEARCH=0\n"})[0] == "allow"


NO_MERGES_HOOK = ("#!/bin/sh\nwhile read old new ref; do\n  [ \"$ref\" = refs/heads/trunk ] || continue\n"
                  "  if [ -n \"$(git rev-list --merges $old..$new)\" ]; then echo 'no merge commits' >&2; exit 1; fi\n"
                  "done\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_merge_commit_onto_a_branch_that_keeps_linear_history_is_denied(agent: str, git_repo: Path,
                                                                         tmp_path: Path) -> None:
    git(git_repo, "switch", "-q", "-c", "trunk")
    git(git_repo, "push", "-q", "-u", "origin", "trunk")
    hook = tmp_path / "repo-origin.git" / "hooks" / "pre-receive"
    hook.write_text(NO_MERGES_HOOK)
    hook.chmod(0o755)
    git(git_repo, "switch", "-q", "-c", "topic/a")
    (git_repo / "a.txt").write_text("a\n")
    commit_all(git_repo, "a")
    git(git_repo, "switch", "-q", "trunk")
    kind, reason = decide(agent, git_repo, "git merge --no-ff topic/a && git push origin trunk")
    assert kind == "deny"
    assert ("`git rebase -q trunk topic/a && git switch -q trunk && git merge -q --ff-only topic/a && "
            "git push origin trunk`") in reason
    assert decide(agent, git_repo, "git merge --ff-only topic/a && git push origin trunk")[0] == "allow"
    assert decide(agent, git_repo, "git merge topic/a")[0] == "allow"  # a fast-forward makes no merge commit
    # a branch the hook does not check
    git(git_repo, "switch", "-q", "-c", "scratch")
    assert decide(agent, git_repo, "git merge --no-ff topic/a")[0] == "allow"


def test_required_linear_history_in_the_settings_file_is_evidence(git_repo: Path) -> None:
    write(git_repo, {".github/settings.yml": "branches:\n  - name: main\n    protection:\n      required_linear_history: true\n"})
    git(git_repo, "switch", "-q", "-c", "topic/b")
    (git_repo / "b.txt").write_text("b\n")
    commit_all(git_repo, "b")
    git(git_repo, "switch", "-q", "main")
    kind, reason = decide("claude", git_repo, "git merge --no-ff --no-edit topic/b")
    assert kind == "deny" and "required_linear_history" in reason
