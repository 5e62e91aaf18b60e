"""Safe alternatives runnable as written: placeholders and a missing ``origin`` made concrete from the
stopped action and the repository (``statewise_cli.recovery.alternatives``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from statewise_cli.actions.normalize import Action, normalize_shell
from statewise_cli.recovery.alternatives import branch_exists, concrete, remotes
from statewise_cli.repo import RepoContext

PR_ALT = ("Safe alternative: push a feature branch and open a pull request: `git switch -c <feature-branch> && "
          "git push -u origin <feature-branch>`, then `gh pr create --base {base}`.")


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def _repo(tmp_path: Path, remotes_: tuple[str, ...], branch: str = "trunk") -> RepoContext:
    repo = tmp_path / "w"
    repo.mkdir(parents=True)
    _git(repo, "init", "-q", "-b", branch)
    _git(repo, "-c", "user.name=T", "-c", "user.email=t@e.invalid", "commit", "-q", "--allow-empty", "-m", "one")
    for r in remotes_:
        _git(repo, "remote", "add", r, f"/nowhere/{r}.git")
    return RepoContext(root=str(repo), git_dir=str(repo / ".git"), common_dir=str(repo / ".git"), branch=branch)


def _push(remote: str, target: str) -> Action:
    return next(a for a in normalize_shell(f"git push {remote} {target}", "trunk") if a.operation == "git.push")


def test_a_placeholder_becomes_a_new_branch_named_after_the_base(tmp_path: Path) -> None:
    ctx = _repo(tmp_path, ("origin",))
    out = concrete(PR_ALT.format(base="trunk"), [_push("origin", "trunk")], ctx)
    assert "<" not in out
    assert "`git switch -c trunk-update && git push -u origin trunk-update`" in out and "--base trunk" in out


def test_the_new_name_skips_branches_that_exist(tmp_path: Path) -> None:
    ctx = _repo(tmp_path, ("origin",))
    _git(Path(ctx.root), "branch", "trunk-update")
    _git(Path(ctx.root), "pack-refs", "--all")
    assert branch_exists(ctx.common_dir, "trunk-update", ["origin"])
    out = concrete(PR_ALT.format(base="trunk"), [_push("origin", "trunk")], ctx)
    assert "git push -u origin trunk-update-2" in out


def test_a_topic_branch_already_checked_out_is_pushed_as_it_is(tmp_path: Path) -> None:
    ctx = _repo(tmp_path, ("origin",), branch="docs/typo")
    out = concrete(PR_ALT.format(base="stable"), [_push("origin", "stable")], ctx)
    assert "git switch -c" not in out and "`git push -u origin docs/typo`" in out and "--base stable" in out


def test_the_remote_the_push_named_replaces_a_missing_origin(tmp_path: Path) -> None:
    ctx = _repo(tmp_path, ("canonical", "mirror"))
    assert remotes(ctx.common_dir) == ["canonical", "mirror"]
    out = concrete(PR_ALT.format(base="trunk"), [_push("canonical", "trunk")], ctx)
    assert "git push -u canonical trunk-update" in out and "origin" not in out


def test_origin_is_kept_when_it_exists_and_undecided_remotes_leave_the_text(tmp_path: Path) -> None:
    text = "Safe alternative: `git push origin HEAD:refs/heads/<new-branch>`."
    ctx = _repo(tmp_path, ("origin", "fork"))
    assert concrete(text, [_push("fork", "trunk")], ctx) == "Safe alternative: `git push origin HEAD:refs/heads/trunk-update`."
    other = _repo(tmp_path / "b", ("alpha", "beta"))
    plain = "Safe alternative: `git fetch origin`."
    assert concrete(plain, normalize_shell("git fetch", "trunk"), other) == plain


def test_text_without_placeholders_or_origin_is_untouched(tmp_path: Path) -> None:
    ctx = _repo(tmp_path, ("upstream",))
    text = "Safe alternative: run `pnpm install`."
    assert concrete(text, [_push("upstream", "trunk")], ctx) is text
    assert concrete(text, [], None) is text


# --- a receive hook names a branch only in its code -------------------------------------------------------------

def test_a_hook_names_a_branch_in_code_not_in_comments_or_messages() -> None:
    from statewise_cli.verifiers.git import mentions_branch

    hook = ("#!/bin/sh\n# stable is cut by the release job; see docs/releasing.md\n"
            "while read old new ref; do\n"
            '  if [ "$ref" = refs/heads/prod ]; then\n'
            '    echo "prod is deployed from stable by the release job" >&2; exit 1\n'
            "  fi\ndone\n")
    assert mentions_branch(hook, "stable") is None  # a comment and a message only
    assert mentions_branch(hook, "prod") == 'line 4: if [ "$ref" = refs/heads/prod ]; then'
    # a variable the code compares with, a ref in a message, a pattern: still named
    assert mentions_branch('guarded=stable\n[ "${ref#refs/heads/}" = "$guarded" ] && exit 1\n', "stable")
    assert mentions_branch('echo "refs/heads/stable is closed" >&2; exit 1\n', "stable")
    assert mentions_branch('case "$ref" in refs/heads/hotfix/*) exit 1;; esac\n', "hotfix/a1")


def test_a_shared_trunk_checked_out_is_never_the_topic_branch(tmp_path: Path) -> None:
    # on `develop`, a stop of a push to `stable` must not offer pushing `develop` as the feature branch
    ctx = _repo(tmp_path, ("origin",), branch="develop")
    out = concrete(PR_ALT.format(base="stable"), [_push("origin", "stable")], ctx)
    assert "git push -u origin develop" not in out
    assert "`git switch -c stable-update && git push -u origin stable-update`" in out and "--base stable" in out


def test_the_remotes_default_branch_checked_out_is_never_the_topic_branch(tmp_path: Path) -> None:
    ctx = _repo(tmp_path, ("upstream",), branch="integration")
    heads = Path(ctx.common_dir) / "refs" / "remotes" / "upstream"
    heads.mkdir(parents=True)
    (heads / "HEAD").write_text("ref: refs/remotes/upstream/integration\n")
    out = concrete(PR_ALT.format(base="lts-2"), [_push("upstream", "lts-2")], ctx)
    assert "git push -u upstream integration" not in out and "git switch -c lts-2-update" in out
