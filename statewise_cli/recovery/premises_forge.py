"""Premises about where a repository is hosted and how it publishes, read from its own files:

- a GitHub CLI pull request (``gh pr create``) in a repository hosted on GitLab (``.gitlab-ci.yml``, no
  ``.github/``, or a GitLab remote URL): GitLab opens the merge request from push options;
- a site pushed to a ``gh-pages`` branch (``mkdocs gh-deploy``, ``ghp-import -p``, ``gh-pages -d``) where the
  remote has no such branch and a workflow deploys GitHub Pages (``actions/deploy-pages``): the workflow
  publishes, and a workflow with ``workflow_dispatch`` is run with ``gh workflow run``.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action


def _re() -> Any:
    import re

    return re


def _host(url: str) -> str:
    """The host of a remote URL (``https://h/…``, ``ssh://git@h/…``, ``git@h:…``); "" for a local path."""
    if "://" in url:
        rest = url.split("://", 1)[1]
        return rest.split("/", 1)[0].rsplit("@", 1)[-1].lower()
    head, colon, _ = url.partition(":")
    if colon and "/" not in head:
        return head.rsplit("@", 1)[-1].lower()
    return ""


def _gitlab_evidence(ctx: Any) -> str | None:
    code, out = ctx.git("config", "--get-regexp", r"^remote\..*\.url$")
    urls = [ln.split(" ", 1)[1] for ln in out.splitlines() if " " in ln] if code == 0 else []
    hosts = [_host(u) for u in urls]
    if any("gitlab" in h for h in hosts):
        return "the remote URL is GitLab's"
    if any("github" in h for h in hosts):
        return None
    gitlab = os.path.isfile(os.path.join(ctx.root, ".gitlab-ci.yml"))
    github = os.path.isdir(os.path.join(ctx.root, ".github"))
    if gitlab and not github:
        return ".gitlab-ci.yml is the CI configuration and there is no .github/ directory"
    return None


def gitlab_pr_premise(action: Action, ctx: Any) -> Any:
    """``gh pr create`` in a repository hosted on GitLab: the merge request goes with the push."""
    from statewise_cli.recovery.premises import _premise

    args = [str(a) for a in action.arguments]
    if args[:2] != ["pr", "create"]:
        return None
    why = _gitlab_evidence(ctx)
    if why is None:
        return None
    base = next((args[i + 1] for i, a in enumerate(args) if a in ("--base", "-B") and i + 1 < len(args)), None)
    base = base or next((a.split("=", 1)[1] for a in args if a.startswith("--base=")), None)
    head = next((args[i + 1] for i, a in enumerate(args) if a in ("--head", "-H") and i + 1 < len(args)), None)
    branch = head or ctx.repo.branch
    if not branch:
        return None
    code, remote = ctx.git("config", "--get", f"branch.{branch}.remote")
    remote = remote.strip() if code == 0 and remote.strip() else "origin"
    if not base:
        code, out = ctx.git("symbolic-ref", "-q", "--short", f"refs/remotes/{remote}/HEAD")
        base = out.strip().split("/", 1)[-1] if code == 0 and out.strip() else None
    target = f" -o merge_request.target={base}" if base else ""
    command = f"git push -o merge_request.create{target} {remote} {branch}"
    return _premise(action, "git.forge", "github", "gitlab", "project.files",
                    f"this repository is hosted on GitLab ({why}): the GitHub CLI has no GitHub repository to open "
                    f"it on; GitLab opens a merge request from push options", f"`{command}`",
                    "this repository is on GitHub")


_PAGES_PUSHERS = (("mkdocs", ("gh-deploy",)), ("ghp-import", ("-p", "--push")), ("gh-pages", ("-d", "--dist")))


def _workflows(root: str) -> list[tuple[str, str]]:
    from statewise_cli.recovery.premises import _read

    base = os.path.join(root, ".github", "workflows")
    try:
        names = sorted(os.listdir(base))
    except OSError:
        return []
    return [(n, _read(os.path.join(base, n), 200_000) or "") for n in names if n.endswith((".yml", ".yaml"))]


def pages_branch_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """A site pushed to the gh-pages branch where Pages is deployed by a workflow and the remote has no
    gh-pages branch: the push publishes nothing."""
    from statewise_cli.recovery.premises import _premise

    if not words:
        return None
    program = os.path.basename(words[0])
    if program in ("npx", "pnpx", "bunx") and len(words) > 1:
        words = words[1:]
        program = os.path.basename(words[0])
    if not any(program == p and any(s in words[1:] for s in subs) for p, subs in _PAGES_PUSHERS):
        return None
    branch = "gh-pages"
    for i, w in enumerate(words):
        if w in ("-b", "--remote-branch", "--branch") and i + 1 < len(words):
            branch = words[i + 1]
    deployers = [(n, t) for n, t in _workflows(ctx.root) if "actions/deploy-pages" in t]
    if len(deployers) != 1:
        return None
    code, out = ctx.git("for-each-ref", "--format=%(refname)", f"refs/remotes/*/{branch}")
    if code != 0 or out.strip():
        return None  # the branch is there: it may still be what Pages serves
    name, text = deployers[0]
    code, default = ctx.git("symbolic-ref", "-q", "--short", "refs/remotes/origin/HEAD")
    ref = default.strip().split("/", 1)[-1] if code == 0 and default.strip() else (ctx.repo.branch or "main")
    if "workflow_dispatch" in text:
        alternative = f"`gh workflow run {name} --ref {ref}`"
    else:
        alternative = f"push to {ref}: .github/workflows/{name} deploys the site"
    return _premise(action, "git.pages_source", branch, f".github/workflows/{name}", "project.files",
                    f".github/workflows/{name} deploys GitHub Pages (actions/deploy-pages) and the remote has no "
                    f"{branch} branch: a push there publishes nothing", alternative,
                    f"the site is served from the {branch} branch")


# --------------------------------------------------------------------------- an import specifier a commit replaced

_JS_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".vue", ".svelte")


def _specifiers(body: str) -> list[str]:
    found = _re().findall(r"""(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"'\s]+)["']""", body,
                          _re().M)
    return [s for s in dict.fromkeys(found) if not s.startswith((".", "/", "node:", "http:", "https:", "data:"))]


def _package_of(spec: str) -> str:
    parts = spec.split("/")
    return "/".join(parts[:2]) if spec.startswith("@") else parts[0]


def _resolvable(ctx: Any, directory: str) -> Any:
    """A test of whether a bare specifier resolves here: an installed package (node_modules from the file's
    directory up), a workspace package of the repository, or a tsconfig ``paths`` alias."""
    from statewise_cli.recovery.premises import _read, _upward

    names: set[str] = set()
    aliases: list[str] = []
    code, out = ctx.git("ls-files", "--", "*package.json", "package.json", "*tsconfig*.json", "tsconfig*.json",
                        "*jsconfig.json", "jsconfig.json")
    for rel in out.splitlines()[:400] if code == 0 else []:
        text = _read(os.path.join(ctx.root, rel), 200_000) or ""
        if rel.endswith("package.json"):
            m = _re().search(r'"name"\s*:\s*"([^"]+)"', text)
            if m:
                names.add(m.group(1))
        elif '"paths"' in text:
            block = text.split('"paths"', 1)[1]
            aliases += _re().findall(r'"([^"\s]+)"\s*:\s*\[', block)
    bases = _upward(directory, ctx.root)

    def resolves(spec: str) -> bool:
        package = _package_of(spec)
        if package in names or any(os.path.isdir(os.path.join(b, "node_modules", package)) for b in bases):
            return True
        return any(spec == a or a.endswith("*") and spec.startswith(a[:-1]) for a in aliases)
    return resolves


def _history_depth(ctx: Any, limit: int = 300) -> int:
    """``limit`` when HEAD has at least that many ancestors (a range then bounds the search), else 0."""
    code, _ = ctx.git("rev-parse", "-q", "--verify", f"HEAD~{limit}")
    return limit if code == 0 else 0


def import_premise(action: Action, ctx: Any, full: str) -> Any:
    """A write of JavaScript / TypeScript importing a bare specifier that resolves nowhere here (no installed
    package, workspace package or tsconfig ``paths`` alias) and that a commit replaced, in the same line, by
    a specifier that resolves now (``@shared/money`` → ``@acme/shared`` when the alias became a package)."""
    from statewise_cli.recovery.premises import _premise, _replaced_in

    if not full.endswith(_JS_SUFFIXES) or not action.body:
        return None
    specs = _specifiers(action.body)
    if not specs:
        return None
    resolves = None
    for spec in specs[:8]:
        if "$" in spec or "{" in spec:
            continue
        if resolves is None:
            resolves = _resolvable(ctx, os.path.dirname(full))
        if resolves(spec):
            continue
        escaped = _re().sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", spec)
        # only the last 300 commits' JS/TS files are searched: the hook stays fast on long histories
        depth = _history_depth(ctx)
        code, out = ctx.git("log", "-n20", "-G", f"[\"']{escaped}[\"']", "--format=%h %s", "--no-merges",
                            f"HEAD~{depth}..HEAD" if depth else "HEAD", "--", *(f"*{x}" for x in _JS_SUFFIXES))
        for entry in (out.splitlines()[:4] if code == 0 else []):
            commit = entry.split(" ", 1)[0]
            code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff")
            if code != 0:
                continue
            test = resolves
            pairs = _replaced_in(diff, f'"{spec}"', lambda o, t=test: o[:1] == o[-1:] == '"' and t(o[1:-1])) or \
                _replaced_in(diff, f"'{spec}'", lambda o, t=test: o[:1] == o[-1:] == "'" and t(o[1:-1]))
            if not pairs:
                continue
            new = max(pairs.items(), key=lambda kv: kv[1])[0][1:-1]
            added = [ln[1:].strip() for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")
                     and (f'"{new}"' in ln or f"'{new}'" in ln)]
            line = next((ln for ln in added if _re().search(r"\b(import|from|require)\b", ln)), "")
            commit_id, _, subject = entry.strip().partition(" ")
            return _premise(action, f"import.{spec}", spec, new, "git.history",
                            f"`{spec}` resolves nowhere here now (no installed or workspace package, no tsconfig paths "
                            f"alias); commit {commit_id} (\"{subject[:70]}\") replaced it by `{new}`"
                            + (f" (`{line[:120]}`)" if line else ""),
                            f"import from `{new}`", f"`{spec}` is importable here")
    return None
