"""What a push of a ref sets off downstream, read from the CI definitions that name it.

A branch or a tag is rarely only a name: a workflow runs when it moves. Repositories say so in their CI files:

================================  ====================================================================================
GitHub Actions                    ``on: push: branches: [X]`` / ``tags: ['v*']`` at the top, and per job an
                                  ``environment: staging`` (or ``environment: {name: production}``, or
                                  ``with: environment: staging`` handed to a reusable workflow), an
                                  ``if: github.ref == 'refs/heads/X'`` that narrows the job to one branch, and the
                                  ``run:`` lines that do the work (``./bin/deploy production``,
                                  ``./bin/submit-nomination --to tso schedules/``); comments beside them carry rules
GitLab CI                         per job: ``only: [main]``, ``rules: - if: $CI_COMMIT_BRANCH == "main"``,
                                  ``environment: production`` / ``environment: {name: production}``, ``script:``
================================  ====================================================================================

Two questions are answered from these effects, both only when the evidence names the ref asked about:

* the environment a task asks for ("put it on the branch that deploys to the staging environment") against the
  environments a push of the named branch deploys to: pushing ``main`` runs ``environment: production`` while the
  task names ``staging``, and exactly one other branch of the remote deploys to ``staging`` — the push is denied and
  routed there (only when that branch's tip is already in the pushed commit: the alternative is a fast-forward);
* the branch whose workflow takes the files a push changes (``./bin/submit-port-requests porting/requests/`` on
  pushes of ``porting-queue``, and the pushed commit adds ``porting/requests/PR-5502.yaml``): the route offered when
  a push is already stopped for another reason (a remote's rule rejects it), never a reason to deny by itself.

File reads and a few ``git merge-base`` / ``git diff`` calls; imported only for a push.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action


@dataclass
class Effect:
    """One job (or, without jobs, one workflow) of a CI definition: the refs whose push runs it and what it does."""

    file: str
    branches: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    environments: list[str] = field(default_factory=list)
    runs: list[str] = field(default_factory=list)


def _re() -> Any:
    import re

    return re


_GENERIC_ENVS = frozenset({"", "env", "environment", "default", "ci", "test", "testing", "build", "github-pages",
                           "${{", "true", "false"})
# a step that sends what it reads somewhere outside the repository
_OUTWARD_RUN = (r"\b(?:deploy\w*|publish\w*|releas\w*|upload\w*|submit\w*|send\w*|feed\w*|notify\w*|sync\w*|"
                r"rollout|ship\w*|push|apply|file-\w+|sftp|rsync|scp|curl|twine|gh-pages|wrangler|vercel|netlify|"
                r"firebase|fly|heroku|kubectl|helm|terraform)\b|\s--to\b")


def _value(raw: str) -> str:
    value = raw.split(" #", 1)[0].strip().strip("'\"")
    m = _re().match(r"\{\s*name\s*:\s*['\"]?([\w.-]+)", value)
    return m.group(1) if m else value


def _job_blocks(text: str, jobs_indent: int | None) -> list[list[str]]:
    """The lines of each job: GitHub's children of ``jobs:``; GitLab's top-level keys (``jobs_indent`` None)."""
    blocks: list[list[str]] = []
    lines = text.splitlines()
    if jobs_indent is None:
        current: list[str] | None = None
        for raw in lines:
            if raw and not raw[0].isspace() and not raw.startswith("#"):
                key = raw.split(":", 1)[0].strip()
                current = [] if key and not key.startswith(".") and key not in (
                    "stages", "variables", "default", "include", "workflow", "image", "services", "cache",
                    "before_script", "after_script") else None
                if current is not None:
                    blocks.append(current)
                continue
            if current is not None:
                current.append(raw)
        return blocks
    inside = False
    child = -1
    current = None
    for raw in lines:
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip())
        if indent == 0:
            inside = raw.strip() == "jobs:"
            current = None
            continue
        if not inside:
            continue
        if child < 0:
            child = indent
        if indent == child:
            current = []
            blocks.append(current)
            continue
        if current is not None:
            current.append(raw)
    return blocks


def _job_effect(file: str, lines: list[str], gitlab: bool) -> Effect:
    re = _re()
    effect = Effect(file)
    text = "\n".join(lines)
    for i, raw in enumerate(lines):
        line = raw.strip()
        m = re.match(r"-?\s*environment\s*:\s*(.*)$", line)
        if m:
            value = _value(m.group(1))
            if not value and i + 1 < len(lines):
                n = re.match(r"\s*name\s*:\s*(.+)$", lines[i + 1])
                value = _value(n.group(1)) if n else ""
            if value.lower() not in _GENERIC_ENVS and re.fullmatch(r"[\w.-]+", value):
                effect.environments.append(value)
        m = re.match(r"-?\s*run\s*:\s*(.*)$", line)
        if m:
            value = m.group(1).strip()
            if value in ("|", ">", "|-", ">-", ""):
                indent = len(raw) - len(raw.lstrip())
                for nxt in lines[i + 1:]:
                    if nxt.strip() and len(nxt) - len(nxt.lstrip()) <= indent:
                        break
                    if nxt.strip():
                        effect.runs.append(nxt.strip())
            else:
                effect.runs.append(value)
    if gitlab:
        from statewise_cli.recovery.premises_consumers import _gitlab_filters

        found = _gitlab_filters(text)
        effect.branches += found["branches"]
        effect.tags += found["tags"]
        script = False
        only = False
        for raw in lines:
            line = raw.strip()
            if re.match(r"(?:script|before_script|after_script)\s*:", line):
                script, only = True, False
                continue
            if re.match(r"only\s*:", line):
                only, script = True, False
                inline = line.split(":", 1)[1].strip()
                if inline.startswith("["):
                    effect.branches += [v.strip().strip("'\"") for v in inline.strip("[]").split(",") if v.strip()]
                continue
            if re.match(r"[\w-]+\s*:", line):
                script = only = False
                continue
            if line.startswith("- "):
                if script:
                    effect.runs.append(line[2:].strip())
                elif only and re.fullmatch(r"[\w./*-]+", line[2:].strip().strip("'\"")):
                    item = line[2:].strip().strip("'\"")
                    if item not in ("branches", "tags", "merge_requests", "pushes", "web", "schedules", "api"):
                        effect.branches.append(item)
    else:
        for m in re.finditer(r"github\.(?:event\.)?ref\s*==\s*['\"]refs/(heads|tags)/([\w./-]+)['\"]", text):
            (effect.branches if m.group(1) == "heads" else effect.tags).append(m.group(2))
    return effect


def effects(root: str) -> list[Effect]:
    """Each job of the repository's CI definitions, with the refs whose push runs it (the workflow's push filter,
    narrowed by the job's own ``if:`` / ``only:`` / ``rules:`` when it names a ref)."""
    from statewise_cli.recovery.premises_consumers import push_filters, workflows

    out: list[Effect] = []
    for file, text in workflows(root):
        gitlab = "gitlab" in file
        top = {} if gitlab else push_filters(text)
        blocks = _job_blocks(text, None if gitlab else 0)
        for lines in blocks or [text.splitlines()]:
            effect = _job_effect(file, lines, gitlab)
            if not gitlab:
                if not effect.branches and not effect.tags:
                    effect.branches = [b for b in top.get("branches", []) if b]
                    effect.tags = [t for t in top.get("tags", []) if t]
                elif top.get("branches") and effect.branches:
                    effect.branches = [b for b in effect.branches if _matches(b, top["branches"])]
            if effect.branches or effect.tags:
                out.append(effect)
    return out


def _matches(name: str, patterns: list[str]) -> bool:
    from fnmatch import fnmatchcase

    return any(p == name or p not in ("*", "**") and fnmatchcase(name, p) for p in patterns if p)


def ran_by(root: str, name: str, kind: str = "branch") -> list[Effect]:
    """The jobs a push of the branch (or tag) ``name`` runs."""
    return [e for e in effects(root) if _matches(name, e.branches if kind == "branch" else e.tags)]


def outward(effect: Effect) -> bool:
    """Whether the job sends what it reads outside the repository (an environment, a deploy / submit / feed step)."""
    re = _re()
    return bool(effect.environments) or any(re.search(_OUTWARD_RUN, r, re.I) for r in effect.runs)


def comment_pages(root: str) -> list[tuple[str, str]]:
    """(file, paragraph) of the comment blocks of the CI definitions: the prose a team writes beside a trigger
    ("every push to day-ahead is submitted to …; drafts go to day-ahead-review")."""
    from statewise_cli.recovery.premises_consumers import workflows

    out: list[tuple[str, str]] = []
    for file, text in workflows(root):
        block: list[str] = []
        for line in text.splitlines() + [""]:
            stripped = line.strip()
            if stripped.startswith("#") and not stripped.startswith("#!"):
                body = stripped.lstrip("#").strip()
                if body and not _re().fullmatch(r"[=#*~-]+", body):
                    block.append(body)
                    continue
            if block:
                if len(" ".join(block)) > 30:
                    out.append((file, " ".join(block)))
                block = []
    return out


# ------------------------------------------------------------------ the task's environment
def last_prompt(store: Any, within: float = 6 * 3600) -> str:
    """The latest prompt the hook saw in this repository's store (the task the agent works on), "" when none."""
    import time

    from statewise_cli.store.evidence import latest_prompt

    found = latest_prompt(store)
    if found is None or time.time() - found[1] > within:
        return ""
    return found[0]


def _named(prompt: str, word: str) -> bool:
    re = _re()
    return bool(re.search(rf"(?<![\w/.-]){re.escape(word)}(?![\w/-])", prompt, re.I))


def _tip(ctx: Any, remote: str, branch: str) -> str:
    from statewise_cli.recovery.premises_refpurpose import _remote_tip

    return _remote_tip(ctx, remote, branch)


def _contains(ctx: Any, tip: str, commit: str) -> bool:
    return bool(tip) and ctx.git("merge-base", "--is-ancestor", tip, commit)[0] == 0


def environment_premise(action: Action, ctx: Any, prompt: str) -> Any:
    """A plain push into a branch whose push deploys to other environments than the one the task names, when
    exactly one other branch of the remote deploys to that one and the pushed commit already contains its tip."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_refpurpose import _remote_branch_names, retarget
    from statewise_cli.recovery.premises_refrules import single_branch_update

    pushed = single_branch_update(action, ctx) if prompt else None
    if pushed is None:
        return None
    remote, src, name = pushed
    if src in ("HEAD", "@", "") and ctx.repo.branch:
        src = ctx.repo.branch
    if not src or src == name:
        return None
    jobs = effects(ctx.root)
    envs = {e for j in jobs for e in j.environments}
    asked = [e for e in envs if _named(prompt, e)]
    if len(asked) != 1:
        return None
    wanted = asked[0]
    mine = [j for j in jobs if _matches(name, j.branches)]
    here = {e for j in mine for e in j.environments}
    if not here or wanted in here:
        return None  # the push deploys nowhere known, or to the environment the task names
    commit = ctx.git("rev-parse", "-q", "--verify", f"{src}^{{commit}}")
    if commit[0] != 0:
        return None
    sha = commit[1].strip()
    on_remote = set(_remote_branch_names(ctx, remote))
    others = sorted({b for j in jobs if wanted in j.environments for b in j.branches
                     if b != name and b in on_remote and not any(c in b for c in "*?[")})
    if len(others) != 1 or not _contains(ctx, _tip(ctx, remote, others[0]), sha):
        return None
    other = others[0]
    files = sorted({j.file for j in mine if j.environments})
    theirs = sorted({j.file for j in jobs if wanted in j.environments and _matches(other, j.branches)})
    alternative = f"`{retarget(action, remote, src, name, other)}`"
    return _premise(action, f"git.ref.environment.{name}", name, other, "git.ci-triggers",
                    f"a push of `{name}` runs {', '.join(files)} (environment: {', '.join(sorted(here))}), not "
                    f"{wanted}; {', '.join(theirs)} deploys to {wanted} on pushes of `{other}`",
                    alternative + f" (`{other}` is the branch that deploys to {wanted})",
                    f"pushing `{name}` deploys to {wanted}", shown=alternative)


# ------------------------------------------------------------------ the branch that takes these files
def _paths(runs: list[str], root: str) -> list[str]:
    """The repository paths a job's steps name as operands (``schedules/``, ``porting/requests/``)."""
    re = _re()
    out: list[str] = []
    for run in runs:
        for word in run.split():
            word = word.strip("'\"")
            if "/" not in word or word.startswith(("-", "$", "http")) or not re.fullmatch(r"[\w./-]+", word):
                continue
            clean = word.removeprefix("./").rstrip("/")
            if clean and os.path.isdir(os.path.join(root, clean)):
                out.append(clean + "/")
    return out


def consumer_route(ctx: Any, remote: str, name: str, src: str) -> tuple[str, str] | None:
    """(branch, why): the one branch of the remote whose push runs a job that reads the files this push changes
    (a directory its steps name), when ``name``'s own jobs do not and the pushed commit already contains that branch's
    tip; None otherwise."""
    from statewise_cli.recovery.premises_refpurpose import _remote_branch_names

    commit = ctx.git("rev-parse", "-q", "--verify", f"{src or 'HEAD'}^{{commit}}")
    if commit[0] != 0:
        return None
    sha = commit[1].strip()
    jobs = [j for j in effects(ctx.root) if outward(j)]
    if any(_matches(name, j.branches) and _paths(j.runs, ctx.root) for j in jobs):
        return None
    on_remote = set(_remote_branch_names(ctx, remote))
    found: dict[str, str] = {}
    for job in jobs:
        paths = _paths(job.runs, ctx.root)
        if not paths:
            continue
        for branch in job.branches:
            if branch == name or branch not in on_remote or branch in found:
                continue
            tip = _tip(ctx, remote, branch)
            if not _contains(ctx, tip, sha):
                continue
            code, out = ctx.git("diff", "--name-only", "--no-renames", tip, sha, "--")
            changed = out.split() if code == 0 else []
            hit = next((f for f in changed for p in paths if f.startswith(p)), None)
            if hit:
                step = next((r for r in job.runs if any(p.rstrip("/") in r for p in paths)), job.runs[0])
                found[branch] = f"{job.file} runs `{step[:120]}` on every push of `{branch}`, and this push changes {hit}"
    if len(found) != 1:
        return None
    return next(iter(found.items()))


# ------------------------------------------------------------------ review rules scoped to paths
# a rule that changes reach a branch only through review: "never pushed directly to main", "only through a pull
# request", "direct pushes to main are closed", "changes must go through a merge request", "needs a QA review
# through a pull request"
_DIRECT = (r"\b(?:never|not|no|don't|do\s+not|must\s+not|mustn't|may\s+not|cannot|can't)\b[^.;!?]{0,50}?"
           r"\b(?:push(?:ed|es|ing)?|commit(?:ted|s)?|merg(?:e|ed|es|ing))\b[^.;!?]{0,30}?\b(?:directly|straight)\b|"
           r"\bdirect\s+(?:pushes|push|commits|changes)\b[^.;!?]{0,50}?\b(?:restricted|prohibited|not\s+allowed|"
           r"forbidden|closed|invalidates?|not\s+permitted|blocked)\b|"
           r"\bonly\s+(?:through|via|by\s+way\s+of|in)\s+(?:a\s+|an\s+)?(?:reviewed\s+)?(?:pull|merge)\s+requests?\b|"
           r"\b(?:must|should|shall)\s+(?:go|come|be\s+made|be\s+merged)\s+(?:through|via|in)\s+(?:a\s+)?(?:pull|merge)"
           r"\s+requests?\b|"
           r"\b(?:needs?|requires?|reviewed\s+by|approved\s+by)\b[^.;!?]{0,80}?\b(?:through|via|in)\s+(?:a\s+)?"
           r"(?:pull|merge)\s+requests?\b")
_PERMIT = (r"\b(?:can|may)\s+be\s+pushed\s+(?:straight|directly)\b|\b(?:is|are|that'?s)\s+fine\b|\bno\s+longer\s+"
           r"(?:need|require)|\bno\s+review\s+(?:is\s+)?needed\b")


def _owner_blocks(root: str) -> list[tuple[str, str, list[str]]]:
    """(file, comment, patterns): each comment block of CODEOWNERS with the path rules that follow it."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_refpurpose import _CODEOWNERS

    out: list[tuple[str, str, list[str]]] = []
    for name in _CODEOWNERS:
        text = _read(os.path.join(root, name), 200_000)
        if not text:
            continue
        comment: list[str] = []
        patterns: list[str] = []
        for line in text.splitlines() + ["# end"]:
            stripped = line.strip()
            if stripped.startswith("#"):
                if patterns:
                    out.append((name, " ".join(comment), patterns))
                    comment, patterns = [], []
                body = stripped.lstrip("#").strip()
                if body:
                    comment.append(body)
                continue
            if not stripped or stripped.startswith("["):
                continue
            pattern = stripped.split()[0]
            if comment:
                patterns.append(pattern)
        break
    return [(f, c, p) for f, c, p in out if c]


def _paragraph_rules(root: str) -> list[tuple[str, str, list[str]]]:
    """(file, paragraph, paths): a paragraph or list item of a pull-request template, CONTRIBUTING or a doc that
    names a directory of the repository and holds a review rule ("Security access (diag/security-access/): … never
    push them directly to main")."""
    from statewise_cli.recovery.premises_refpurpose import texts

    re = _re()
    out: list[tuple[str, str, list[str]]] = []
    for file, paragraph in texts(root):
        if file.endswith((".yml", ".yaml")) or "CODEOWNERS" in file:
            continue
        for item in re.split(r"(?:^|\s)[-*+]\s+(?:\[[ xX]\]\s+)?(?=\S)", paragraph):
            if not re.search(_DIRECT, item, re.I) or re.search(_PERMIT, item, re.I):
                continue
            paths = []
            for word in re.findall(r"[\w.-]+(?:/[\w.-]+)*/", item):
                clean = word.strip("./")
                if clean and ".." not in clean.split("/") and os.path.isdir(os.path.join(root, clean)):
                    paths.append(clean + "/")
            if paths:
                out.append((file, item.strip(), paths))
    return out


def _owned(path: str, pattern: str) -> bool:
    from fnmatch import fnmatchcase

    anchored = pattern.startswith("/")
    p = pattern.strip("/")
    if not p or p in ("*", "**"):
        return False
    if pattern.endswith("/"):
        return path.startswith(p + "/") if anchored else (path.startswith(p + "/") or f"/{p}/" in f"/{path}")
    if any(c in p for c in "*?["):
        return fnmatchcase(path, p) or not anchored and fnmatchcase(path.rsplit("/", 1)[-1], p)
    return path == p or path.startswith(p + "/") or not anchored and path.endswith("/" + p)


def review_gate_premise(action: Action, ctx: Any) -> Any:
    """A plain push into a branch of files a CODEOWNERS comment, a pull-request template or a contributing page
    says reach that branch only through review (a pull request): the pushed commits change such a file."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_refrules import single_branch_update

    pushed = single_branch_update(action, ctx)
    if pushed is None:
        return None
    remote, src, name = pushed
    if src in ("HEAD", "@", "") and ctx.repo.branch:
        src = ctx.repo.branch
    rules = [(f, c, p) for f, c, p in _owner_blocks(ctx.root)
             if re_search(_DIRECT, c) and not re_search(_PERMIT, c)] + _paragraph_rules(ctx.root)
    if not rules:
        return None
    tip = _tip(ctx, remote, name)
    commit = ctx.git("rev-parse", "-q", "--verify", f"{src or 'HEAD'}^{{commit}}")
    if not tip or commit[0] != 0:
        return None
    sha = commit[1].strip()
    code, out = ctx.git("diff", "--name-only", "--no-renames", f"{tip}...{sha}", "--")
    changed = out.split() if code == 0 else []
    if not changed:
        return None
    from statewise_cli.recovery.premises_refpurpose import names_ref

    default = _default_branch(ctx, remote)
    for file, said, patterns in rules:
        others = [b for b in ("main", "master", "develop", "trunk", default) if b and b != name and names_ref(said, b)]
        if not names_ref(said, name) and (others or name != default):
            continue  # the rule is about another branch (or, naming none, about the default branch)
        hit = next((f for f in changed for p in patterns if _owned(f, p)), None)
        if hit is None:
            continue
        top = hit.split("/", 1)[0] if "/" in hit else hit.rsplit(".", 1)[0]
        topic = _free_branch(ctx, remote, f"review/{top}")
        alternative = (f"`git push {remote} {src}:{topic}` and open a pull request into `{name}` "
                       f"(`gh pr create --base {name} --head {topic}`)")
        quoted = said if len(said) <= 220 else said[:217] + "…"
        return _premise(action, f"git.ref.review.{name}", name, "through review", "git.review-rules",
                        f"{file}: \"{quoted}\" (for {', '.join(patterns[:3])}) — this push of `{name}` changes {hit}",
                        alternative, f"changes to {hit} may be pushed straight to `{name}`")
    return None


def re_search(pattern: str, text: str) -> bool:
    re = _re()
    return bool(re.search(pattern, text, re.I))


def _default_branch(ctx: Any, remote: str) -> str:
    code, out = ctx.git("symbolic-ref", "-q", f"refs/remotes/{remote}/HEAD")
    if code == 0 and out.strip():
        return out.strip().rsplit("/", 1)[-1] if "/" not in out.strip()[len(f"refs/remotes/{remote}/"):] else \
            out.strip()[len(f"refs/remotes/{remote}/"):]
    from statewise_cli.recovery.premises_refpurpose import _remote_branch_names

    names = _remote_branch_names(ctx, remote)
    return next((b for b in ("main", "master", "trunk", "develop") if b in names), "")


def _free_branch(ctx: Any, remote: str, base: str) -> str:
    from statewise_cli.recovery.premises_refpurpose import _remote_branch_names

    taken = set(_remote_branch_names(ctx, remote))
    name, n = base, 2
    while name in taken or ctx.git("rev-parse", "-q", "--verify", f"refs/heads/{name}")[0] == 0:
        name, n = f"{base}-{n}", n + 1
    return name
