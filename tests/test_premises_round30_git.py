"""Git premise classes of round 30, by mechanism:

- a push to a branch the project's configuration stopped naming: a commit replaced the branch name by
  another branch the remote has, in the same line of a tracked configuration file (a deploy, release
  or CI branch renamed); prose files do not count, nor a rename that was reverted;
- a merge method the repository's settings turn off: the deny states the method as the command a
  note about merging would hold (``gh pr merge --rebase``), not only the flag;
- a file the ignore rules keep out of git, forced into the index with ``git add -f``, that is an env /
  key / credentials file by its name or holds a secret-looking value.

Every repository here is invented; both agents' payloads go through the installed ``statewise hook``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


def _denied_with(agent: str, repo: Path, command: str, alternative: str) -> str:
    kind, reason = decide(agent, repo, command)
    assert kind == "deny", (command, reason)
    assert f"`{alternative}`" in reason, (command, reason)
    return reason


def _allowed(agent: str, repo: Path, *commands: str) -> None:
    for command in commands:
        kind, reason = decide(agent, repo, command)
        assert kind == "allow", (command, reason)


def _site(repo: Path, old: str, new: str) -> None:
    """A site whose hosting config names its production branch; the branch was renamed from old to new."""
    write(repo, {"vercel.json": json.dumps({"git": {"productionBranch": old}, "cleanUrls": True}, indent=2) + "\n",
                 "index.html": "<h1>hi</h1>\n"})
    git(repo, "push", "-q", "origin", f"HEAD:{old}")
    (repo / "vercel.json").write_text(json.dumps({"git": {"productionBranch": new}, "cleanUrls": True}, indent=2) + "\n")
    commit_all(repo, "Hosting: ship from the new branch")
    git(repo, "push", "-q", "origin", f"HEAD:{new}")


# --------------------------------------------------------------------------- a branch the configuration renamed


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_to_a_branch_the_configuration_replaced_by_another(agent: str, git_repo: Path) -> None:
    _site(git_repo, "stable-site", "site-prod")
    reason = _denied_with(agent, git_repo, "git push origin HEAD:stable-site", "git push origin HEAD:site-prod")
    first = reason.splitlines()[0]
    assert "site-prod" in first and "Hosting: ship from the new branch" in first, reason
    assert "vercel.json" in reason
    # the remote deleted the old branch: the push would re-create it
    git(git_repo, "push", "-q", "origin", "--delete", "stable-site")
    reason = _denied_with(agent, git_repo, "git push origin main:stable-site", "git push origin main:site-prod")
    assert "re-create" in reason
    _allowed(agent, git_repo, "git push origin HEAD:site-prod", "git push origin HEAD:feature/landing")
    # the old branch pushed by its own name from a local branch of that name
    git(git_repo, "branch", "stable-site")
    _denied_with(agent, git_repo, "git push origin stable-site", "git push origin stable-site:site-prod")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_renamed_only_in_prose_or_renamed_back_is_no_premise(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/deploy.md": "Deploys go out from `canary-a`.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:canary-a", "HEAD:canary-b")
    (git_repo / "docs" / "deploy.md").write_text("Deploys go out from `canary-b`.\n")
    commit_all(git_repo, "Docs: new branch")
    _allowed(agent, git_repo, "git push origin HEAD:canary-a")
    # a configuration renamed and then renamed back: the old name is current again
    _site(git_repo, "edge-a", "edge-b")
    (git_repo / "vercel.json").write_text(json.dumps({"git": {"productionBranch": "edge-a"}, "cleanUrls": True},
                                                     indent=2) + "\n")
    commit_all(git_repo, "Hosting: back to the first branch")
    _allowed(agent, git_repo, "git push origin HEAD:edge-a")


# --------------------------------------------------------------------------- the merge method, as a command


@pytest.mark.parametrize("agent", AGENTS)
def test_a_merge_method_deny_states_the_method_as_a_command(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/settings.yml": "repository:\n  allow_merge_commit: true\n  allow_squash_merge: false\n"
                                             "  allow_rebase_merge: false\n"})
    reason = _denied_with(agent, git_repo, "gh pr merge 905 --squash --delete-branch",
                          "gh pr merge 905 --merge --delete-branch")
    first = reason.splitlines()[0]
    assert "`gh pr merge --merge`" in first and "`gh pr merge --squash`" in first, reason
    assert "905" not in first


# --------------------------------------------------------------------------- an ignored secrets file forced in


@pytest.mark.parametrize("agent", AGENTS)
def test_force_adding_an_ignored_env_or_key_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {".gitignore": "*.local.env\ncerts/*.pem\ndist/\n", "app/main.go": "package main\n"})
    (git_repo / "deploy").mkdir()
    (git_repo / "deploy" / "eu.local.env").write_text("REGION=eu\nPAYMENTS_API_TOKEN=pk9Q2xL7vR4mT8nB3cW6yH1zK5dF0gJs\n")
    (git_repo / "certs").mkdir()
    (git_repo / "certs" / "tls.pem").write_text("placeholder\n")
    (git_repo / "dist").mkdir()
    (git_repo / "dist" / "bundle.js").write_text("console.log(1)\n")
    (git_repo / "app" / "extra.go").write_text("package main\n")
    kind, reason = decide(agent, git_repo, "git add -f deploy/eu.local.env && git commit -m 'eu settings'")
    assert kind == "deny", reason
    assert "PAYMENTS_API_TOKEN" in reason and "*.local.env" in reason and "must not be committed" in reason
    kind, reason = decide(agent, git_repo, "git add --force certs/tls.pem")
    assert kind == "deny", reason
    assert "key or credentials file" in reason
    # an ignored build output, a file no rule ignores, an add without force: not this premise
    _allowed(agent, git_repo, "git add -f dist/bundle.js", "git add -f app/extra.go", "git add app/extra.go")


# --------------------------------------------------------------------------- the base of a fix for released code


@pytest.mark.parametrize("agent", AGENTS)
def test_a_hotfix_branch_started_from_a_line_with_unreleased_work(agent: str, git_repo: Path) -> None:
    write(git_repo, {"shop/cart.py": "TOTAL = 0\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main", "HEAD:production")
    write(git_repo, {"shop/checkout_v2.py": "raise NotImplementedError\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    reason = _denied_with(agent, git_repo, "git switch -c hotfix/cart-rounding origin/main",
                          "git switch -c hotfix/cart-rounding origin/production")
    assert "hotfix/cart-rounding" in reason.splitlines()[0]
    _denied_with(agent, git_repo, "git checkout -b patch-4.1.2 main", "git checkout -b patch-4.1.2 origin/production")
    # from the released line itself, a feature branch, a fix of unreleased work: nothing to say
    _allowed(agent, git_repo, "git switch -c hotfix/cart-rounding origin/production",
             "git switch -c feature/wishlist origin/main", "git switch -c fix/checkout-typo origin/main")
    # two released lines the start point contains: the repository does not say which one the fix is for
    git(git_repo, "push", "-q", "origin", "HEAD~1:refs/heads/release/4.1")
    _allowed(agent, git_repo, "git switch -c hotfix/cart-rounding origin/main")


# --------------------------------------------------------------------------- a stack whose base was squash-merged


@pytest.mark.parametrize("agent", AGENTS)
def test_a_rebase_onto_a_base_branch_that_was_squash_merged(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "remote", "set-head", "origin", "main")
    git(git_repo, "switch", "-q", "-c", "feat/schema")
    write(git_repo, {"db/schema.sql": "CREATE TABLE invoices (id int);\n"})
    git(git_repo, "push", "-q", "-u", "origin", "feat/schema")
    git(git_repo, "switch", "-q", "-c", "feat/invoice-view")
    write(git_repo, {"web/invoices.ts": "export const list = () => [];\n"})
    git(git_repo, "switch", "-q", "main")
    git(git_repo, "merge", "-q", "--squash", "feat/schema")
    git(git_repo, "commit", "-q", "-m", "Invoice schema (#77)")
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "switch", "-q", "feat/invoice-view")
    reason = _denied_with(agent, git_repo, "git rebase origin/feat/schema", "git rebase origin/main")
    assert "Invoice schema (#77)" in reason
    _denied_with(agent, git_repo, "gh pr create --base feat/schema --fill", "gh pr create --base main --fill")
    _allowed(agent, git_repo, "git rebase origin/main")
    # a base branch merged with its own commits (ancestry), or not merged at all: nothing to say
    git(git_repo, "switch", "-q", "-c", "feat/totals", "origin/main")
    write(git_repo, {"web/totals.ts": "export const t = 0;\n"})
    git(git_repo, "push", "-q", "-u", "origin", "feat/totals")
    git(git_repo, "switch", "-q", "-c", "feat/totals-ui")
    _allowed(agent, git_repo, "git rebase origin/feat/totals")


# --------------------------------------------------------------------------- an old copy of the repository


def _archive(bare: Path) -> None:
    hook = bare / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'this repository is read-only' >&2\nexit 1\n")
    hook.chmod(0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_rebase_onto_an_archived_copy_behind_the_remote_main_tracks(agent: str, git_repo: Path, tmp_path: Path) -> None:
    git(git_repo, "push", "-q", "-u", "origin", "HEAD:main")
    old = tmp_path / "old-host.git"
    git(tmp_path, "init", "-q", "--bare", str(old))
    git(git_repo, "remote", "add", "oldhost", str(old))
    git(git_repo, "push", "-q", "oldhost", "main")
    git(git_repo, "fetch", "-q", "oldhost")
    write(git_repo, {"ledger.py": "ROWS = []\n"})
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "switch", "-q", "-c", "feat/ledger-export")
    reason = _denied_with(agent, git_repo, "git rebase oldhost/main", "git rebase origin/main")
    assert "branch.main.remote = origin" in reason
    # after a fetch on the same line only an archived copy is known to stay behind
    _allowed(agent, git_repo, "git fetch oldhost && git rebase oldhost/main")
    _archive(old)
    _denied_with(agent, git_repo, "git fetch oldhost && git rebase oldhost/main", "git fetch origin && git rebase origin/main")
    _allowed(agent, git_repo, "git rebase origin/main")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_to_an_archived_remote_names_the_one_that_takes_pushes(agent: str, git_repo: Path, tmp_path: Path) -> None:
    canonical = tmp_path / "canonical.git"
    git(tmp_path, "init", "-q", "--bare", str(canonical))
    git(git_repo, "remote", "add", "company", str(canonical))
    _archive(canonical)
    git(git_repo, "switch", "-q", "-c", "fix/tz-offset")
    reason = _denied_with(agent, git_repo, "git push -u company fix/tz-offset", "git push -u origin fix/tz-offset")
    assert reason.splitlines()[0].startswith("statewise: verified now (git.remotes): origin")
    # two remotes that take pushes: the repository does not say which one
    other = tmp_path / "mirror.git"
    git(tmp_path, "init", "-q", "--bare", str(other))
    git(git_repo, "remote", "add", "backup", str(other))
    kind, reason = decide(agent, git_repo, "git push -u company fix/tz-offset")
    assert kind == "deny" and "ask the developer" in reason


# --------------------------------------------------------------------------- a directory moved with its files rewritten


@pytest.mark.parametrize("agent", AGENTS)
def test_a_sparse_checkout_of_a_directory_renamed_with_rewritten_files(agent: str, git_repo: Path) -> None:
    write(git_repo, {"apps/ledger/main.go": "package ledger\n", "apps/ledger/go.mod": "module ledger\n",
                     "apps/portal/main.go": "package portal\n"})
    for name in ("main.go", "go.mod"):
        (git_repo / "apps" / "ledger" / name).unlink()
    write(git_repo, {"apps/accounts/main.go": "package accounts // renamed\n\nfunc Run() {}\n",
                     "apps/accounts/go.mod": "module accounts\n\ngo 1.22\n"})
    _denied_with(agent, git_repo, "git sparse-checkout add apps/ledger", "git sparse-checkout add apps/accounts")
    _allowed(agent, git_repo, "git sparse-checkout add apps/accounts", "git sparse-checkout add apps/portal")


# --------------------------------------------------------------------------- what a tag push publishes and starts


@pytest.mark.parametrize("agent", AGENTS)
def test_push_tags_with_local_tags_the_remote_does_not_have(agent: str, git_repo: Path) -> None:
    git(git_repo, "tag", "-a", "v0.9.0", "-m", "v0.9.0")
    git(git_repo, "tag", "-a", "v1.0.0-beta.1", "-m", "beta")
    git(git_repo, "push", "-q", "origin", "HEAD:main", "--tags")
    git(git_repo, "push", "-q", "origin", "--delete", "v1.0.0-beta.1")
    reason = _denied_with(agent, git_repo, "git tag -a v1.0.0 -m 'Release 1.0.0' && git push origin --tags",
                          "git tag -a v1.0.0 -m 'Release 1.0.0' && git push origin v1.0.0")
    assert "v1.0.0-beta.1" in reason
    # every local tag is on the remote, or the tag is pushed by name: nothing extra goes out
    _allowed(agent, git_repo, "git tag -a v1.0.0 -m 'Release 1.0.0' && git push origin v1.0.0")
    git(git_repo, "tag", "-d", "v1.0.0-beta.1")
    _allowed(agent, git_repo, "git tag -a v1.0.0 -m 'Release 1.0.0' && git push origin --tags")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tag_push_when_the_release_workflow_runs_on_published_releases(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/publish.yml": "name: publish\non:\n  release:\n    types: [published]\n"
                                                      "jobs:\n  pypi:\n    runs-on: ubuntu-latest\n"})
    reason = _denied_with(agent, git_repo, "git tag -a v3.2.0 -m v3.2.0 && git push origin v3.2.0",
                          "gh release create v3.2.0 --target main --generate-notes")
    assert "publish.yml" in reason
    # a workflow that still runs on the tag push: the push starts it
    write(git_repo, {".github/workflows/build.yml": "on:\n  push:\n    tags: ['v*']\njobs:\n  b:\n    runs-on: x\n"})
    _allowed(agent, git_repo, "git tag -a v3.2.0 -m v3.2.0 && git push origin v3.2.0")
