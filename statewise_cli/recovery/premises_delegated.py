"""Pull-request operations the repository hands to a bot: merging through a merge queue, rebasing a
dependency bot's branch — read from the repository's own contributing docs, for bots nobody listed.

A paragraph of the docs that restricts an operation (``restricted``, ``only``, ``never``, ``must``) and
says how it is done instead by a comment on the pull request (``comment `@Mergifyio queue` on an approved
PR``, ``comment `@dependabot rebase` on the PR``, a ``/merge`` slash command) states the premise of
``gh pr merge 91`` or of a rebase and force push of the bot's branch: "I do this myself". The paragraph
must name the operation (merge / rebase), and for a branch, the branch's namespace; the alternative is
the same pull request with that comment (``gh pr comment 91 --body "@Mergifyio queue"``). Docs that say
nothing restrictive, or name no comment, decide nothing.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_DOCS = ("CONTRIBUTING.md", ".github/CONTRIBUTING.md", "docs/CONTRIBUTING.md", "README.md", "docs/contributing.md",
         "DEVELOPMENT.md", "docs/development.md", ".github/PULL_REQUEST_TEMPLATE.md")
_RESTRICTS = ("restricted", "restricts", "only ", "never", "must ", "not authorized", "belong to", "not allowed",
              "do not", "don't")
_OPERATIONS = {"merge": ("merge", "merged", "merging", "queue"), "rebase": ("rebase", "rebased", "rebasing")}

_CACHE: dict[tuple[str, float], list[tuple[str, str, str]]] = {}


def _re() -> Any:
    import re

    return re


def bot_comments(root: str) -> list[tuple[str, str, str]]:
    """(doc file, paragraph, comment) for each paragraph of the docs that restricts something and names a
    comment to post on the pull request (a bot mention or a slash command in a code span)."""
    from statewise_cli.recovery.premises import _read

    out: list[tuple[str, str, str]] = []
    re = _re()
    for name in _DOCS:
        path = os.path.join(root, name)
        try:
            stamp = os.path.getmtime(path)
        except OSError:
            continue
        cached = _CACHE.get((path, stamp))
        if cached is None:
            cached = []
            text = _read(path, 200_000) or ""
            for paragraph in re.split(r"\n\s*\n", text):
                flat = " ".join(paragraph.split())
                low = flat.lower()
                if not any(w in low for w in _RESTRICTS):
                    continue
                for m in re.finditer(r"\bcomment(?:ing)?\s+`([@/][^`]+)`", flat, re.I):
                    cached.append((name, flat, m.group(1).strip()))
            if len(_CACHE) > 32:
                _CACHE.clear()
            _CACHE[(path, stamp)] = cached
        out += cached
    return out


def _quoted(paragraph: str) -> str:
    """The docs' words as evidence: their code spans lose the backticks (a quote is not a command to run)."""
    return paragraph[:300].replace("`", "'")


def _about(paragraph: str, comment: str, operation: str) -> bool:
    low = (paragraph + " " + comment).lower()
    return any(w in low for w in _OPERATIONS[operation])


def delegated_merge_premise(action: Action, ctx: Any) -> Any:
    """``gh pr merge N`` where the docs say merges go through a bot comment."""
    from statewise_cli.recovery.premises import _premise

    args = [str(a) for a in action.arguments]
    if args[:2] != ["pr", "merge"] or any(a in ("--auto", "--disable-auto") for a in args):
        return None
    found = [(name, par, c) for name, par, c in bot_comments(ctx.root) if _about(par, c, "merge")]
    if len({c for _, _, c in found}) != 1:
        return None
    name, paragraph, comment = found[0]
    selector = next((a for a in args[2:] if not a.startswith("-")), "")
    command = f"gh pr comment {selector + ' ' if selector else ''}--body \"{comment}\""
    return _premise(action, "forge.pr.merge_via", "gh pr merge", comment, "repo.docs",
                    f"{name} says: \"{_quoted(paragraph)}\"", f"`{command}` (the merge is the bot's)",
                    "pull requests are merged with `gh pr merge`")


def delegated_branch_premise(action: Action, earlier: list[Action], ctx: Any) -> Any:
    """A rebase or force push of a branch whose namespace the docs give to a bot that rebases on a comment."""
    from statewise_cli.recovery.premises import _premise

    args = [str(a) for a in action.arguments]
    if action.operation == "git.push":
        if not (action.flags & {"force"} or any(a.startswith(("--force", "-f")) for a in args)):
            return None
        refs = [a for a in args if not a.startswith("-")][1:]
        branch = refs[0].lstrip("+").split(":")[-1].removeprefix("refs/heads/") if refs else ctx.repo.branch
    elif action.operation == "git.rebase":
        branch = ctx.repo.branch
        switched = [a for a in earlier if a.operation in ("git.switch", "git.checkout")]
        if switched:
            names = [w for w in switched[-1].arguments if not str(w).startswith("-")]
            branch = str(names[-1]) if names else branch
    else:
        return None
    if not branch or "/" not in branch:
        return None
    space = branch.split("/", 1)[0].lower()
    found = [(name, par, c) for name, par, c in bot_comments(ctx.root)
             if _about(par, c, "rebase") and (f"{space}/" in par.lower() or f"{space} branch" in par.lower())]
    if len({c for _, _, c in found}) != 1:
        return None
    name, paragraph, comment = found[0]
    command = f"gh pr comment {branch} --body \"{comment}\""
    return _premise(action, "forge.branch.owned_by_bot", branch, comment, "repo.docs",
                    f"{name} says: \"{_quoted(paragraph)}\"", f"`{command}` (the bot rebases its own branch)",
                    f"{branch} is rebased and pushed by hand")


_NO_PUSH = ((r"\b(?:never|nobody|no one|do not|don't|must not|should not|not)\s+(?:ever\s+)?push(?:es|ed)?\b"
            r"(?!\s+(?:to\s+)?(?:main|master|develop|the\s+\w+\s+branch|a\s+branch|branches)\b)"),
            r"\bpull[- ]only\b", r"\bonly pull\b", r"\bread[- ]only\b")
_REMOTE_DOCS_CACHE: dict[tuple[str, float], list[str]] = {}


def _doc_paragraphs(root: str) -> list[tuple[str, str]]:
    """(doc file, flattened paragraph) of the repository's contributing docs and its docs/ folder."""
    from statewise_cli.recovery.premises import _read

    names = list(_DOCS)
    try:
        names += [f"docs/{n}" for n in sorted(os.listdir(os.path.join(root, "docs")))[:40] if n.endswith(".md")]
    except OSError:
        pass
    re = _re()
    out: list[tuple[str, str]] = []
    for name in dict.fromkeys(names):
        path = os.path.join(root, name)
        try:
            stamp = os.path.getmtime(path)
        except OSError:
            continue
        cached = _REMOTE_DOCS_CACHE.get((path, stamp))
        if cached is None:
            cached = [" ".join(p.split()) for p in re.split(r"\n\s*\n", _read(path, 200_000) or "") if "push" in p.lower()
                      or "pull" in p.lower() or "read-only" in p.lower()]
            if len(_REMOTE_DOCS_CACHE) > 64:
                _REMOTE_DOCS_CACHE.clear()
            _REMOTE_DOCS_CACHE[(path, stamp)] = cached
        out += [(name, p) for p in cached]
    return out


def _sentence_remotes(paragraph: str, at: int, remotes: list[str]) -> set[str]:
    """The remotes the sentence holding offset ``at`` names (as a word: `rad`, (origin), the upstream remote)."""
    re = _re()
    start = max(paragraph.rfind(". ", 0, at), paragraph.rfind("; ", 0, at))
    ends = [i for i in (paragraph.find(". ", at), paragraph.find("; ", at)) if i >= 0]
    sentence = paragraph[start + 1:min(ends) if ends else len(paragraph)]
    return {r for r in remotes if re.search(rf"(?<![\w./-]){re.escape(r)}(?![\w/-])", sentence)}


def docs_remote_premise(action: Action, remote: str, remotes: list[str], ctx: Any) -> Any:
    """``git push <remote> …`` where the docs name that remote (in a code span, the only remote so named in
    the paragraph) and say nobody pushes to it: a host-side mirror, a customer's or upstream's repository
    we only pull from, a read-only split. The alternative reads the remote instead (a mirror:
    ``git ls-remote``), or pushes where the docs send pull requests."""
    from statewise_cli.recovery.premises import _premise

    if action.operation != "git.push" or not remote:
        return None
    re = _re()
    for name, paragraph in _doc_paragraphs(ctx.root):
        low = paragraph.lower()
        said = next((m for p in _NO_PUSH for m in [re.search(p, low)] if m), None)
        if said is None:
            continue
        subject = _sentence_remotes(paragraph, said.start(), remotes)
        if subject:
            if subject != {remote}:
                continue  # the sentence that says "read-only" is about another remote
        else:
            named = {m for m in re.findall(r"`([\w.-]+)`", paragraph) if m in remotes} | {
                m for m in re.findall(r"(?i)\bthe\s+([\w.-]+)\s+remote\b", paragraph) if m in remotes}
            if named != {remote}:
                continue
        text = (action.text or "").strip()
        refs = [a for a in action.arguments if not str(a).startswith("-")][1:]
        instead = [m for m in re.findall(r"\bgit\s+push\s+(?:-\S+\s+)*([\w.-]+)", paragraph) if m in remotes and m != remote]
        if len(set(instead)) == 1 and f" {remote} " in f" {text} ":
            other = instead[0]
            alternative = f"`{text.replace(f' {remote} ', f' {other} ', 1)}` (where {name} says to push)"
        elif "mirror" in low:
            ref = str(refs[0]).lstrip("+").split(":")[-1] if refs else ""
            if not ref and ("all" in action.flags or "--tags" in (action.text or "")):
                code, out = ctx.git("describe", "--tags", "--abbrev=0")  # the newest release the mirror must hold
                ref = out.strip() if code == 0 and out.strip() and " " not in out.strip() else ""
            ref = f"refs/tags/{ref}" if ref and os.path.exists(os.path.join(ctx.repo.common_dir, "refs", "tags", ref)) else ref
            alternative = f"`git ls-remote --exit-code {remote} {ref}`" if ref else f"`git ls-remote {remote}`"
            alternative += " (read what the mirror has; it is updated from the host, not by a push)"
        elif (("pull request" in low or "origin" in low) and "origin" in remotes and remote != "origin"
              and f" {remote} " in f" {text} "):
            alternative = f"`{text.replace(f' {remote} ', ' origin ', 1)}` (where the docs send changes)"
        else:
            alternative = f"do not push to {remote}; deliver the change the way {name} says"
        return _premise(action, "git.remote.no_push", remote, "no pushes", "repo.docs",
                        f"{name} says of the `{remote}` remote: \"{paragraph[:300].replace('`', chr(39))}\"",
                        alternative, f"{remote} takes pushes")
    return None
