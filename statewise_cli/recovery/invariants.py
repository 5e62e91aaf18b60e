"""Hard invariants of the independent state–action check (configurable in ``.statewise.toml``).

- ``protected-branch``: no push, force-push or deletion of a branch a usable record marks protected;
- ``keep-uncommitted-work``: no ``reset --hard`` / ``clean -f`` / ``checkout -- .`` / ``stash drop``
  while the work tree holds changes they would destroy;
- ``rm-inside-repository``: no recursive ``rm`` outside the repository;
- ``write-inside-repository``: no writes outside the repository or ``[policy] writable_paths``;
- ``package-manager``: no install with a package manager other than the verified one;
- ``[permissions] deny = ["npm.publish", …]`` and ``ask = […]``: configured requirements by operation.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~5 ms to import on the hook path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from statewise_cli.config.settings import Settings

import os

from statewise_cli.actions.normalize import Action
from statewise_cli.fast.struct import Struct
from statewise_cli.fast.wildcard import match as fnmatchcase  # no `re` on the hook path
from statewise_cli.repo import RepoContext
from statewise_cli.store.records import Record, scope_matches

DEFAULT_WRITABLE = ("/tmp/**", "/var/tmp/**", "/dev/null", "/dev/stdout", "/dev/stderr")
JS = {"npm", "pnpm", "yarn", "bun"}
PY = {"pip", "pip3", "uv", "poetry", "pdm", "pipenv"}


class Violation(Struct):
    invariant: str
    action: Action
    detail: str
    verdict: str = "deny"  # deny | ask

    def to_json(self) -> dict[str, Any]:
        return {"invariant": self.invariant, "operation": self.action.operation, "target": self.action.target,
                "detail": self.detail, "verdict": self.verdict}


def _inside(path: str, root: str, cwd: str) -> bool:
    full = os.path.normpath(os.path.join(cwd, os.path.expanduser(path)))
    return full == root or full.startswith(root.rstrip(os.sep) + os.sep)


def _dirty(repo: RepoContext, untracked: bool) -> list[str]:
    import subprocess

    proc = subprocess.run(["git", "status", "--porcelain", "-uall" if untracked else "-uno"],
                          cwd=repo.root, capture_output=True, text=True, timeout=5, check=False)
    return [line for line in proc.stdout.splitlines() if line.strip()]


def check(actions: list[Action], records: list[Record], repo: RepoContext | None, cwd: str,
          settings: Settings, env: Mapping[str, str] | None = None) -> list[Violation]:
    from statewise_cli.recovery.trust import INVARIANT, reasons

    # The guard's own state and configuration: not an invariant a config file can disable.
    found = [Violation(INVARIANT, action, reason) for action, reason in reasons(actions, repo, cwd, env or os.environ)]
    disabled = set(settings.policy.disable_invariants)
    writable = settings.policy.writable_paths + DEFAULT_WRITABLE
    perms = {"deny": settings.permissions.deny, "ask": settings.permissions.ask}
    dirty_cache: dict[bool, list[str]] = {}

    def dirty(untracked: bool) -> list[str]:
        if untracked not in dirty_cache:
            dirty_cache[untracked] = _dirty(repo, untracked) if repo else []
        return dirty_cache[untracked]

    for action in actions:
        op = action.operation
        for verdict in ("deny", "ask"):
            for pattern in perms[verdict]:
                if fnmatchcase(op, pattern):
                    found.append(Violation("permission", action, f"{op} requires {verdict} by [permissions] in .statewise.toml", verdict))
        if (op == "shell.unparsed" and action.risk == "remote" and "protected-branch" not in disabled
                and any(r.key == "git.branch.protected" and r.value is True and r.validity != "defective"
                        for r in records)):
            found.append(Violation("protected-branch", action,
                                   "this command could not be parsed and may push to a protected branch; run the "
                                   "git command on its own, without unbalanced quotes or a multi-kilobyte line"))
        if op == "git.push" and "protected-branch" not in disabled and action.risk != "read-only":
            from statewise_cli.recovery.protected import protected_push_violations

            for _, record in protected_push_violations([action], records):
                how = "force-push" if "force" in action.flags else "delete" if "delete" in action.flags else "push"
                found.append(Violation("protected-branch", action,
                                       f"{how} to `{action.target}`, protected by {record.key} [{record.scope}] ({record.source})"))
        if repo and "keep-uncommitted-work" not in disabled and action.risk == "destructive" and op.startswith("git."):
            untracked = op == "git.clean"
            changes = dirty(untracked)
            if op == "git.clean":
                changes = [c for c in changes if c.startswith("??")]
            if changes:
                found.append(Violation("keep-uncommitted-work", action,
                                       f"`{action.text.strip()[:120]}` would destroy {len(changes)} uncommitted change(s), e.g. {changes[0].strip()}"))
        if (op == "file.delete" and "recursive" in action.flags and "rm-inside-repository" not in disabled
                and action.target and (not repo or not _inside(action.target, repo.root, cwd))
                and not any(fnmatchcase(os.path.normpath(os.path.join(cwd, action.target)), w) for w in writable)):
            found.append(Violation("rm-inside-repository", action, f"recursive rm of `{action.target}` outside the repository"))
        if op in ("file.write", "file.create", "edit", "file.move") and action.target and repo and "write-inside-repository" not in disabled:
            full = os.path.normpath(os.path.join(cwd, os.path.expanduser(action.target)))
            if not _inside(full, repo.root, cwd) and not any(fnmatchcase(full, w) for w in writable):
                found.append(Violation("write-inside-repository", action, f"writes `{full}`, outside the repository {repo.root}"))
        if op == "pkg.install" and "package-manager" not in disabled:
            used = action.target or ""
            for record in records:
                if record.key != "package_manager" or record.validity not in ("valid",) or not scope_matches(record.scope, path=None):
                    continue
                verified = str(record.value)
                same_family = (used in JS and verified in JS) or (used in PY and verified in PY)
                if same_family and verified != used:
                    found.append(Violation("package-manager", action,
                                           f"installs with {used}, but the verified package manager is {verified} ({record.source})"))
    return found
