"""Git verifiers against real repositories and real bare remotes in tmp_path."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest

from statewise_cli.repo import find_repo
from statewise_cli.store.records import Record
from statewise_cli.verifiers import CannotVerify, Observation, VerifyContext, for_key, load


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    home = tmp_path / "home"
    home.mkdir()
    return {"PATH": os.environ["PATH"], "HOME": str(home), "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C"}


def git(cwd: Path, env: dict[str, str], *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def make_repo(path: Path, env: dict[str, str], branch: str = "main") -> Path:
    path.mkdir(parents=True)
    git(path, env, "init", "-q", "-b", branch)
    git(path, env, "config", "user.name", "Test")
    git(path, env, "config", "user.email", "test@example.com")
    (path / "README.md").write_text("hello\n")
    git(path, env, "add", ".")
    git(path, env, "commit", "-qm", "init")
    return path


def make_bare(path: Path, env: dict[str, str], source: Path) -> Path:
    git(path.parent, env, "init", "-q", "--bare", "-b", "main", str(path))
    git(source, env, "remote", "add", "origin", str(path))
    git(source, env, "push", "-q", "origin", "main")
    return path


def record(key: str, value: Any, scope: str = "repository") -> Record:
    return Record(id="r1", key=key, value=value, type="fact", scope=scope, observed_at=0.0, stored_at=0.0,
                  expires_at=None, source="user", authority="agent", status="active", validity="unchecked",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


def check(repo: Path, env: dict[str, str], key: str, value: Any, scope: str = "repository",
          **kwargs: Any) -> Observation | CannotVerify:
    load()
    context = find_repo(str(repo))
    assert context is not None
    return for_key(key)[0].verify(record(key, value, scope), VerifyContext(context, env, **kwargs))


def executable(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


# --- default branch ---


def test_default_branch_from_origin_head_of_a_clone(tmp_path: Path, env: dict[str, str]) -> None:
    source = make_repo(tmp_path / "src", env)
    bare = make_bare(tmp_path / "remote.git", env, source)
    git(tmp_path, env, "clone", "-q", str(bare), "clone")
    agree = check(tmp_path / "clone", env, "git.default_branch", "main")
    wrong = check(tmp_path / "clone", env, "git.default_branch", "master")
    assert isinstance(agree, Observation) and agree.agrees is True and agree.scope == "repository"
    assert isinstance(wrong, Observation) and wrong.agrees is False and wrong.value == "main"
    assert "refs/remotes/origin/main" in wrong.evidence


def test_default_branch_asks_a_local_remote_with_ls_remote(tmp_path: Path, env: dict[str, str]) -> None:
    source = make_repo(tmp_path / "src", env)
    bare = make_bare(tmp_path / "remote.git", env, source)
    git(source, env, "push", "-q", "origin", "main:trunk")
    git(bare, env, "symbolic-ref", "HEAD", "refs/heads/trunk")
    observed = check(source, env, "git.default_branch", "main")
    assert isinstance(observed, Observation)
    assert (observed.agrees, observed.value) == (False, "trunk")
    assert "ls-remote" in observed.evidence


def test_default_branch_of_a_local_only_repo_and_the_ambiguous_case(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    only_main = check(repo, env, "git.default_branch", "master")
    assert isinstance(only_main, Observation) and (only_main.agrees, only_main.value) == (False, "main")
    git(repo, env, "branch", "master")
    ambiguous = check(repo, env, "git.default_branch", "main")
    assert isinstance(ambiguous, CannotVerify) and "ambiguous" in ambiguous.reason


def test_default_branch_cannot_verify_a_missing_path_remote(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    git(repo, env, "remote", "add", "origin", str(tmp_path / "gone.git"))
    result = check(repo, env, "git.default_branch", "main")
    assert isinstance(result, CannotVerify) and "does not exist" in result.reason


# --- branch protection ---


def test_protection_from_the_repository_policy(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    (repo / ".statewise.toml").write_text('[policy]\nprotected_branches = ["main", "release/*"]\n')
    release = check(repo, env, "git.branch.protected", True, "branch:release/1.0")
    feature = check(repo, env, "git.branch.protected", True, "branch:feature")
    assert isinstance(release, Observation) and release.agrees is True and release.scope == "branch:release/1.0"
    assert isinstance(feature, Observation) and (feature.agrees, feature.value) == (False, False)
    assert ".statewise.toml" in feature.inputs and "not listed" in feature.evidence


def test_bare_remote_with_deny_non_fast_forwards_makes_the_branch_protected(tmp_path: Path,
                                                                           env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    bare = make_bare(tmp_path / "remote.git", env, repo)
    git(bare, env, "config", "receive.denyNonFastForwards", "true")
    observed = check(repo, env, "git.branch.protected", False, "branch:main")
    assert isinstance(observed, Observation)
    assert (observed.agrees, observed.value, observed.scope) == (False, True, "branch:main")
    assert "receive.denyNonFastForwards → true" in observed.evidence


def test_pre_receive_hook_naming_the_branch_protects_it(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    bare = make_bare(tmp_path / "remote.git", env, repo)
    executable(bare / "hooks" / "pre-receive",
               '#!/bin/sh\nwhile read old new ref; do\n  [ "$ref" = "refs/heads/main" ] && exit 1\ndone\nexit 0\n')
    main = check(repo, env, "git.branch.protected", True, "branch:main")
    other = check(repo, env, "git.branch.protected", True, "branch:dev")
    assert isinstance(main, Observation) and main.agrees is True and "pre-receive" in main.evidence
    assert isinstance(other, Observation) and other.agrees is None  # the hook may still reject: inconclusive


TICKET_HOOK = ('#!/bin/sh\nzero=0000000000000000000000000000000000000000\nwhile read old new ref; do\n'
               '  case "$ref" in refs/heads/trunk) ;; *) continue ;; esac\n'
               '  [ "$new" = "$zero" ] && continue\n'
               '  for c in $(git rev-list "$old..$new"); do\n'
               '    git log -1 --format=%s "$c" | grep -qE "^[A-Z]+-[0-9]+ " || {\n'
               '      echo "remote: error: Protected branch trunk: rejected" >&2\n'
               '      echo "remote: error: every commit subject must start with a ticket id (ABC-123)" >&2\n'
               '      exit 1; }\n  done\ndone\nexit 0\n')


def test_hook_that_checks_only_the_pushed_commits_is_not_branch_protection(tmp_path: Path,
                                                                           env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env, branch="trunk")
    git(tmp_path, env, "init", "-q", "--bare", "-b", "trunk", str(tmp_path / "remote.git"))
    git(repo, env, "remote", "add", "origin", str(tmp_path / "remote.git"))
    executable(tmp_path / "remote.git" / "hooks" / "pre-receive", TICKET_HOOK)
    observed = check(repo, env, "git.branch.protected", True, "branch:trunk")
    assert isinstance(observed, Observation) and (observed.value, observed.agrees) == (False, False)
    assert "ticket id" in observed.evidence and "does not protect trunk" in observed.evidence
    assert "Protected branch" not in observed.evidence.splitlines()[-1]


def test_commit_rule_hook_that_also_blocks_rewrites_still_protects(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env, branch="trunk")
    git(tmp_path, env, "init", "-q", "--bare", "-b", "trunk", str(tmp_path / "remote.git"))
    git(repo, env, "remote", "add", "origin", str(tmp_path / "remote.git"))
    rewrites = TICKET_HOOK.replace('  [ "$new" = "$zero" ] && continue\n',
                                   '  git merge-base --is-ancestor "$old" "$new" || exit 1\n')
    executable(tmp_path / "remote.git" / "hooks" / "pre-receive", rewrites)
    observed = check(repo, env, "git.branch.protected", False, "branch:trunk")
    assert isinstance(observed, Observation) and (observed.value, observed.agrees) == (True, False)


def test_commit_rule_hook_that_rejects_deletions_still_protects(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env, branch="trunk")
    git(tmp_path, env, "init", "-q", "--bare", "-b", "trunk", str(tmp_path / "remote.git"))
    git(repo, env, "remote", "add", "origin", str(tmp_path / "remote.git"))
    deletions = TICKET_HOOK.replace('[ "$new" = "$zero" ] && continue', '[ "$new" = "$zero" ] && exit 1')
    executable(tmp_path / "remote.git" / "hooks" / "pre-receive", deletions)
    observed = check(repo, env, "git.branch.protected", True, "branch:trunk")
    assert isinstance(observed, Observation) and (observed.value, observed.agrees) == (True, True)


def test_bare_remote_without_protection_says_unprotected(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    make_bare(tmp_path / "remote.git", env, repo)
    observed = check(repo, env, "git.branch.protected", True, "branch:main")
    assert isinstance(observed, Observation) and (observed.agrees, observed.value) == (False, False)


def test_policy_remote_names_the_remote_to_inspect(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    git(tmp_path, env, "init", "-q", "--bare", "-b", "main", str(tmp_path / "upstream.git"))
    git(tmp_path / "upstream.git", env, "config", "receive.denyDeletes", "true")
    git(repo, env, "remote", "add", "upstream", str(tmp_path / "upstream.git"))
    (repo / ".statewise.toml").write_text('[policy]\nremote = "upstream"\n')
    observed = check(repo, env, "git.branch.protected", True, "branch:main")
    assert isinstance(observed, Observation) and observed.agrees is True and "denyDeletes" in observed.evidence


def test_protection_cannot_be_verified_without_evidence(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    no_remote = check(repo, env, "git.branch.protected", True, "branch:main")
    git(repo, env, "remote", "add", "origin", "git@github.com:acme/app.git")
    offline = check(repo, env, "git.branch.protected", True, "branch:main")
    only_git = tmp_path / "bin"  # a PATH with git and without gh
    only_git.mkdir()
    (only_git / "git").symlink_to(shutil.which("git") or "/usr/bin/git")
    no_gh = check(repo, {**env, "PATH": str(only_git)}, "git.branch.protected", True, "branch:main",
                  allow_network=True)
    wrong_scope = check(repo, env, "git.branch.protected", True, "repository")
    assert isinstance(no_remote, CannotVerify) and "no remote" in no_remote.reason
    assert isinstance(offline, CannotVerify) and "network" in offline.reason and "acme/app" in offline.reason
    assert isinstance(no_gh, CannotVerify) and "gh is not installed" in no_gh.reason
    assert isinstance(wrong_scope, CannotVerify) and "branch:NAME" in wrong_scope.reason


def test_missing_path_remote_cannot_verify_protection(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    git(repo, env, "remote", "add", "origin", "../nowhere.git")
    result = check(repo, env, "git.branch.protected", True, "branch:main")
    assert isinstance(result, CannotVerify) and "does not exist" in result.reason


# --- current branch, upstream, remotes, branches, clean tree ---


def test_current_branch(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    assert check(repo, env, "git.current_branch", "main").agrees is True  # type: ignore[union-attr]
    git(repo, env, "checkout", "-qb", "feature")
    moved = check(repo, env, "git.current_branch", "main")
    assert isinstance(moved, Observation) and (moved.agrees, moved.value, moved.scope) == (False, "feature",
                                                                                          "workspace")
    git(repo, env, "checkout", "-q", "--detach")
    detached = check(repo, env, "git.current_branch", "feature")
    assert isinstance(detached, Observation) and detached.value is None and "detached" in detached.evidence


def test_upstream(tmp_path: Path, env: dict[str, str]) -> None:
    source = make_repo(tmp_path / "src", env)
    bare = make_bare(tmp_path / "remote.git", env, source)
    git(tmp_path, env, "clone", "-q", str(bare), "clone")
    clone = tmp_path / "clone"
    assert check(clone, env, "git.upstream", "origin/main", "branch:main").agrees is True  # type: ignore[union-attr]
    wrong = check(clone, env, "git.upstream", "origin/develop", "branch:main")
    assert isinstance(wrong, Observation) and (wrong.agrees, wrong.value) == (False, "origin/main")
    git(clone, env, "branch", "local-only")
    none = check(clone, env, "git.upstream", "origin/local-only", "branch:local-only")
    assert isinstance(none, Observation) and (none.agrees, none.value) == (False, None)


def test_remote_url_matches_across_spellings_and_never_shows_credentials(tmp_path: Path,
                                                                        env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    git(repo, env, "remote", "add", "origin", "https://x-access-token:tok3nS3cr3t@github.com/acme/app.git")
    same = check(repo, env, "git.remote.origin.url", "git@github.com:acme/app")
    other = check(repo, env, "git.remote.origin.url", "https://github.com/acme/other")
    missing = check(repo, env, "git.remote.upstream.url", "https://github.com/acme/app")
    assert isinstance(same, Observation) and same.agrees is True
    assert isinstance(other, Observation) and (other.agrees, other.value) == (False, "https://github.com/acme/app.git")
    assert "tok3nS3cr3t" not in other.evidence + str(other.value)
    assert isinstance(missing, Observation) and (missing.agrees, missing.value) == (False, None)


def test_branch_exists_locally_or_as_remote_tracking(tmp_path: Path, env: dict[str, str]) -> None:
    source = make_repo(tmp_path / "src", env)
    git(source, env, "branch", "dev")
    bare = make_bare(tmp_path / "remote.git", env, source)
    git(source, env, "push", "-q", "origin", "dev")
    git(tmp_path, env, "clone", "-q", str(bare), "clone")
    clone = tmp_path / "clone"
    remote_only = check(clone, env, "git.branch.exists", True, "branch:dev")
    gone = check(clone, env, "git.branch.exists", True, "branch:hotfix")
    assert isinstance(remote_only, Observation) and remote_only.agrees is True
    assert "refs/remotes/origin/dev" in remote_only.evidence
    assert isinstance(gone, Observation) and (gone.agrees, gone.value) == (False, False)


def test_worktree_clean(tmp_path: Path, env: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", env)
    assert check(repo, env, "git.worktree.clean", True).agrees is True  # type: ignore[union-attr]
    (repo / "README.md").write_text("changed\n")
    dirty = check(repo, env, "git.worktree.clean", True)
    assert isinstance(dirty, Observation) and (dirty.agrees, dirty.value) == (False, False)
    assert "README.md" in dirty.evidence
    assert dirty.inputs == {}  # volatile: never reused from the cache


# --- the remote's settings read in one git call ---

REMOTE_CONFIGS = [
    "",  # none set
    "[receive]\n\tdenyNonFastForwards = true\n",
    "[receive]\n\tdenyNonFastForwards = TRUE\n\tdenyDeletes = off\n",
    "[receive]\n\tdenyDeletes\n",  # a key without `=` is true
    "[receive]\n\tdenyDeletes =\n",  # an empty value is false
    "[receive]\n\tdenyNonFastForwards = yes\n\tdenyNonFastForwards = no\n",  # the last value counts
    "[receive]\n\tdenyNonFastForwards = 1\n\tdenyDeletes = 0\n",
    "[receive]\n\tdenyNonFastForwards = 2k\n",  # a unit suffix: git's own parse
    "[receive]\n\tdenyNonFastForwards = 010\n\tdenyDeletes = -1\n",
    "[receive]\n\tdenyNonFastForwards = maybe\n",  # not a boolean: git fails, read as unset
    "[core]\n\thooksPath = guard-hooks\n[receive]\n\tdenyDeletes = On\n",
    "[core]\n\thooksPath\n",
    "[core]\n\thooksPath = first\n\thooksPath = second\n",
    '[RECEIVE]\n\tDenyNonFastForwards = "true"\n',
]


@pytest.mark.parametrize("text", REMOTE_CONFIGS)
def test_the_remotes_settings_read_at_once_answer_as_git_asked_key_by_key(tmp_path: Path, env: dict[str, str],
                                                                          text: str) -> None:
    from statewise_cli.verifiers.git import _REMOTE_BOOLS, _REMOTE_SETTINGS, _remote_settings

    repo = make_repo(tmp_path / "work", env)
    git(tmp_path, env, "init", "-q", "--bare", str(tmp_path / "shared.git"))
    config = tmp_path / "shared.git" / "config"
    config.write_text(config.read_text() + text)
    context = find_repo(str(repo))
    assert context is not None
    ctx = VerifyContext(context, env)
    found = _remote_settings(ctx, str(tmp_path / "shared.git"))
    for key in _REMOTE_SETTINGS:
        typed = ("--bool",) if key in _REMOTE_BOOLS else ()
        code, out = ctx.run("git", "-C", str(tmp_path / "shared.git"), "config", *typed, "--get", key)
        if key in found:
            assert (found[key][0], found[key][1].strip() if found[key][0] == 0 else "") == (
                code, out.strip() if code == 0 else ""), (key, text)


def test_a_protected_local_remote_is_read_with_two_git_calls(tmp_path: Path, env: dict[str, str]) -> None:
    source = make_repo(tmp_path / "src", env)
    bare = make_bare(tmp_path / "shared.git", env, source)
    git(bare, env, "config", "receive.denyDeletes", "on")
    calls: list[tuple[str, ...]] = []
    real = VerifyContext.run

    def counted(self: VerifyContext, *argv: str, **kw: Any) -> tuple[int, str]:
        calls.append(argv)
        return real(self, *argv, **kw)

    VerifyContext.run = counted  # type: ignore[method-assign]
    try:
        seen = check(source, env, "git.branch.protected", False, "branch:main")
    finally:
        VerifyContext.run = real  # type: ignore[method-assign]
    assert isinstance(seen, Observation) and seen.value is True and seen.agrees is False
    assert "config --get receive.denyDeletes → true" in seen.evidence
    assert "config --get receive.denyNonFastForwards → (unset)" in seen.evidence
    assert sum(1 for argv in calls if "-C" in argv) == 2  # rev-parse and one config read (was four)
