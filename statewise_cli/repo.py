"""Locate the git repository of a directory without spawning git.

The hook runs on every tool call, so it reads ``.git`` itself (a directory, or a
``gitdir:`` file for worktrees and submodules) instead of paying ~5 ms for
``git rev-parse``. ``git_common_dir`` is where the per-repository store lives: it
is shared by all worktrees of a repository and is never committed.
"""

from __future__ import annotations

import os

from statewise_cli.fast.struct import Struct


class RepoContext(Struct):
    root: str  # the work tree (top level) the cwd belongs to
    git_dir: str  # this worktree's git dir
    common_dir: str  # shared by all worktrees: the store lives here
    branch: str | None  # None when HEAD is detached or unreadable

    @property
    def store_dir(self) -> str:
        return os.path.join(self.common_dir, "statewise")


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read().strip()
    except OSError:
        return None


def _resolve_gitfile(dot_git: str) -> str | None:
    text = _read(dot_git)
    if not text or not text.startswith("gitdir:"):
        return None
    target = text[len("gitdir:") :].strip()
    if not os.path.isabs(target):
        target = os.path.join(os.path.dirname(dot_git), target)
    return os.path.normpath(target)


def current_branch(git_dir: str) -> str | None:
    head = _read(os.path.join(git_dir, "HEAD"))
    if head and head.startswith("ref: refs/heads/"):
        return head[len("ref: refs/heads/") :]
    return None


def find_repo(start: str) -> RepoContext | None:
    """Return the repository containing ``start``, or None outside any repository."""
    path = os.path.abspath(start)
    while True:
        dot_git = os.path.join(path, ".git")
        git_dir: str | None = None
        if os.path.isdir(dot_git):
            git_dir = dot_git
        elif os.path.isfile(dot_git):
            git_dir = _resolve_gitfile(dot_git)
        if git_dir and os.path.isfile(os.path.join(git_dir, "HEAD")):
            common = git_dir
            pointer = _read(os.path.join(git_dir, "commondir"))
            if pointer:
                common = os.path.normpath(
                    pointer if os.path.isabs(pointer) else os.path.join(git_dir, pointer)
                )
            return RepoContext(path, git_dir, common, current_branch(git_dir))
        parent = os.path.dirname(path)
        if parent == path:
            return None
        path = parent
