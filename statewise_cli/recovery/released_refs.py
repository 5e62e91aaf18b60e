"""A memory-file rule that forbids rewriting a branch, which the repository's own pages let be rewritten.

A memory file says "never force-push a lab branch"; CONTRIBUTING.md says "shared lab branches
(``lab/<segment>``) are never force-pushed. Branches under ``lab/<your name>/`` are yours alone: rebase them and
force-push them as you like". The prompt names ``lab/ana/t-12``, a branch of this repository that the
narrower family covers: the memory line is older or broader than the page, and an agent that follows it stops for
nothing. On a prompt, this pairs

* a memory-file statement that forbids rewriting (``never force-push``, ``is never force-pushed``, ``no rebase``)
  and names a branch the prompt names, or the family word before "branch" (``a lab branch`` for ``lab/…``),
  with
* a sentence of the repository's pages (top-level documents, ``docs/``) that lets the rewrite happen ("force-push
  them as you like", "rewrite your own freely", "force-pushing it is fine") and names that branch, or a family of
  refs that covers it (a placeholder stands for one path segment), in a paragraph whose forbidding clauses do not
  name the branch itself.

It says so in the prompt's context, quoting both. It lowers no protection: the push itself is checked again when it
is proposed (a page that keeps the branch, a remote that refuses it), and nothing is stored.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_MAX = 2


def _prompt_branches(root: str, prompt: str) -> list[str]:
    """Branches of this repository (local, or a remote's copy) that the prompt names."""
    import re

    from statewise_cli.subproc import run_readonly

    out: list[str] = []
    for token in re.findall(r"(?<![\w./-])([A-Za-z0-9][\w.-]*(?:/[\w.-]+)*)(?<![.-])", prompt):
        if token in out or len(token) < 3 or len(out) >= 6:
            continue
        if "/" not in token and not re.search(r"[-_\d]", token):
            continue  # a plain word: too many prompts say "main" or "tests" without meaning a branch to rewrite
        for ref in (f"refs/heads/{token}", f"refs/remotes/origin/{token}"):
            code, _ = run_readonly(("git", "rev-parse", "-q", "--verify", ref), root, dict(os.environ), 1.0)
            if code == 0:
                out.append(token)
                break
    return out


def _rule_names(rule: str, branch: str) -> bool:
    """The rule names the branch, or speaks of the family its path starts with ("a lab branch", "wip branches")."""
    import re

    if re.search(rf"(?<![\w/.-]){re.escape(branch)}(?![\w/-])", rule):
        return True
    segments = branch.split("/")[:-1]
    return any(len(s) >= 3 and re.search(rf"(?i)\b{re.escape(s)}/?\s+branch(?:es)?\b", rule) for s in segments)


def _names(text: str, branch: str) -> bool:
    import re

    from statewise_cli.recovery.premises_consumers import _scoped_globs

    return bool(re.search(rf"(?<![\w/.-]){re.escape(branch)}(?![\w/-])", text)) or bool(_scoped_globs(text, branch))


def _page_allows(root: str, branch: str) -> tuple[str, str] | None:
    """(page, sentence) of a paragraph of the repository's pages that lets ``branch`` be rewritten, where no
    forbidding clause of the same paragraph names the branch itself."""
    import re

    from statewise_cli.recovery.premises_consumers import _NO_REWRITE, _rewrite_allowed, doc_paragraphs

    def paragraphs() -> Any:
        yield from doc_paragraphs(root)
        yield from _default_branch_paragraphs(root)  # read only when the work tree's pages said nothing

    for doc, paragraph in paragraphs():
        # sentences end at a full stop whatever case follows ("main is never force-pushed. wip/* branches …")
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", paragraph) if s.strip()]
        allowed = next((s for s in sentences if _rewrite_allowed(s) and _names(s, branch)), None)
        if allowed is None:
            continue
        if any(re.search(_NO_REWRITE, s, re.IGNORECASE) and _names(s, branch) for s in sentences):
            continue  # the page keeps the branch itself somewhere: not a release
        return doc, allowed
    return None


def _default_branch_paragraphs(root: str) -> list[tuple[str, str]]:
    """(``branch:page``, flattened paragraph) of the top-level pages of the default branch that the work tree does not
    hold: a generated branch checked out on its own history (``gh-pages`` built as an orphan) carries none of the
    project's pages, and its rules are written on the default branch. Empty on the default branch itself."""
    import re

    from statewise_cli.subproc import run_readonly

    env = dict(os.environ)
    code, head = run_readonly(("git", "symbolic-ref", "-q", "--short", "HEAD"), root, env, 1.0)
    code2, default = run_readonly(("git", "symbolic-ref", "-q", "--short", "refs/remotes/origin/HEAD"), root, env, 1.0)
    candidates = [default.strip()] if code2 == 0 and default.strip() else ["main", "master", "trunk"]
    base = ""
    for name in candidates:
        if run_readonly(("git", "rev-parse", "-q", "--verify", f"{name}^{{commit}}"), root, env, 1.0)[0] == 0:
            base = name
            break
    if not base or code == 0 and head.strip() in (base, base.split("/", 1)[-1]):
        return []
    code, listed = run_readonly(("git", "ls-tree", "--name-only", base), root, env, 1.0)
    if code != 0:
        return []
    out: list[tuple[str, str]] = []
    pages = [n for n in listed.splitlines() if os.path.splitext(n)[1].lower() in (".md", ".rst", ".txt")
             and os.path.splitext(n)[0].isupper() and not os.path.exists(os.path.join(root, n))]
    for name in pages[:8]:
        code, text = run_readonly(("git", "show", f"{base}:{name}"), root, env, 1.0)
        if code == 0:
            out += [(f"{base}:{name}", " ".join(p.split())) for p in re.split(r"\n\s*\n", text[:200_000]) if p.strip()]
    return out


def _forbids_rewrite(rule: str) -> bool:
    import re

    if re.search(r"(?i)force|rewrit|rebas|amend|squash", rule) is None:
        return False  # read the pages' patterns only for a rule about rewriting
    from statewise_cli.recovery.premises_consumers import _NO_REWRITE

    return re.search(_NO_REWRITE, rule, re.IGNORECASE) is not None


def rewrite_releases(root: str, rules: list[tuple[str, str]], prompt: str) -> list[str]:
    """Context lines for each memory-file rule against rewriting a branch the prompt names that a page of the
    repository lets be rewritten (empty: none)."""
    forbidding = [(f, r) for f, r in rules if _forbids_rewrite(r)]
    if not forbidding:
        return []
    notes: list[str] = []
    for branch in _prompt_branches(root, prompt):
        about = [(f, r) for f, r in forbidding if _rule_names(r, branch)]
        found = _page_allows(root, branch) if about else None
        if found is None:
            continue
        for file, rule in about:
            notes.append(f"- {file}: \"{rule}\" — force-pushing `{branch}` is allowed by the repository's own rules: "
                         f"{found[0]} says \"{found[1][:240]}\"")
            if len(notes) >= _MAX:
                return notes
    return notes


def rule_released_for_branches(root: str, rule: str) -> str:
    """For a memory rule against rewriting: the branches of this repository it names (or whose family it names)
    that a page lets be rewritten, said as a suffix for the rule's line (empty: none)."""
    if not _forbids_rewrite(rule):
        return ""
    from statewise_cli.subproc import run_readonly

    code, out = run_readonly(("git", "for-each-ref", "--format=%(refname:short)", "refs/heads/"), root,
                             dict(os.environ), 2.0)
    if code != 0:
        return ""
    for branch in out.split()[:50]:
        if not _rule_names(rule, branch):
            continue
        found = _page_allows(root, branch)
        if found is not None:
            return (f" — force-pushing `{branch}` is allowed by the repository's own rules: {found[0]} says "
                    f"\"{found[1][:200]}\"")
    return ""
