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
    title: str = ""  # what the definition says the job is for: the workflow's ``name:``, the job's id / stage name


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


def _job_blocks(text: str, jobs_indent: int | None) -> list[tuple[str, list[str]]]:
    """(job id, lines) of each job: GitHub's children of ``jobs:``; GitLab's top-level keys (``jobs_indent``
    None)."""
    blocks: list[tuple[str, list[str]]] = []
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
                    blocks.append((key, current))
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
            blocks.append((raw.strip().split(":", 1)[0].strip("'\""), current))
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
        named = _re().search(r"^name\s*:\s*(.+)$", text, _re().M)
        title = _value(named.group(1)) if named and not gitlab else ""
        for key, lines in blocks or [("", text.splitlines())]:
            effect = _job_effect(file, lines, gitlab)
            job_name = next((_value(m.group(1)) for m in [_re().match(r"\s*name\s*:\s*(.+)$", ln) for ln in lines[:3]]
                             if m), "")
            effect.title = " ".join(t for t in (title, key, job_name) if t)
            if not gitlab:
                if not effect.branches and not effect.tags:
                    effect.branches = [b for b in top.get("branches", []) if b]
                    effect.tags = [t for t in top.get("tags", []) if t]
                elif top.get("branches") and effect.branches:
                    effect.branches = [b for b in effect.branches if _matches(b, top["branches"])]
            if effect.branches or effect.tags:
                out.append(effect)
    return out + _other_effects(root)


# ------------------------------------------------------------------ other definitions of what a push sets off
_ENV_WORD = (r"\b(?:deploy\w*|releas\w*|publish\w*|ship\w*|promot\w*)\s+(?:to\s+)?(?:the\s+)?([A-Za-z][\w-]*)|"
             r"\b([A-Za-z][\w-]*)[ _-]deploy\w*\b")
_NOT_ENV = frozenset({"app", "application", "site", "code", "image", "images", "build", "artifact", "artifacts", "docs",
                      "it", "them", "this", "and", "all", "a", "an", "the", "to", "new", "docker", "package", "packages",
                      "npm", "pypi", "release", "version", "changes", "step", "stage", "job", "manual"})
_QUOTED = r"(?:'{3}|\"{3}|['\"])(.+?)(?:'{3}|\"{3}|['\"])"


def _env_words(title: str) -> list[str]:
    """Environment names a stage's own name gives ("Deploy to production", "staging-deploy")."""
    re = _re()
    out: list[str] = []
    for m in re.finditer(_ENV_WORD, title, re.I):
        word = (m.group(1) or m.group(2) or "").lower()
        if word and word not in _NOT_ENV and word not in _GENERIC_ENVS:
            out.append(word)
    return out


def _jenkins_effects(file: str, text: str) -> list[Effect]:
    """Jenkinsfile stages: declarative ``stage('Deploy') { when { branch 'main' } steps { sh '…' } }`` (also
    ``anyOf { branch 'a'; branch 'b' }``, ``tag 'v*'``, ``environment name: 'DEPLOY_TO', value: 'production'``) and
    scripted ``if (env.BRANCH_NAME == 'main') { sh '…' }``."""
    re = _re()
    out: list[Effect] = []
    marks = [(m.start(), m.group(1)) for m in re.finditer(r"\bstage\s*\(\s*['\"]([^'\"]+)['\"]\s*\)", text)]
    for i, (start, title) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else len(text)
        body = text[start:end]
        when = re.search(r"\bwhen\s*\{", body)
        head = body[when.end():when.end() + 400] if when else ""
        effect = Effect(file, title=title)
        if not re.search(r"comparator\s*:\s*['\"]REGEXP", head):
            effect.branches = re.findall(r"\bbranch\s*(?:pattern\s*:\s*)?['\"]([^'\"]+)['\"]", head)
            effect.tags = re.findall(r"\btag\s*(?:pattern\s*:\s*)?['\"]([^'\"]+)['\"]", head)
        for m in re.finditer(r"env\.(?:BRANCH_NAME|GIT_BRANCH)\s*==\s*['\"](?:origin/)?([^'\"]+)['\"]", body):
            effect.branches.append(m.group(1))
        effect.runs = [r.strip() for r in re.findall(r"\b(?:sh|bat)\s*(?:\(\s*)?(?:script\s*:\s*)?" + _QUOTED, body,
                                                     re.S)][:10]
        effect.environments = _env_words(title) + re.findall(
            r"environment\s+name\s*:\s*['\"]\w+['\"]\s*,\s*value\s*:\s*['\"]([\w-]+)['\"]", head)
        if effect.branches or effect.tags:
            out.append(effect)
    return out


def _bitbucket_effects(file: str, text: str) -> list[Effect]:
    """bitbucket-pipelines.yml: ``pipelines: branches: main: - step: {name, deployment: production, script}`` and
    ``tags: 'v*':``."""
    re = _re()
    out: list[Effect] = []
    section, section_indent, key_indent = "", -1, -1
    current: Effect | None = None
    for raw in text.splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip())
        line = raw.strip()
        m = re.match(r"(branches|tags)\s*:\s*$", line)
        if m and indent <= 4:
            section, section_indent, current, key_indent = m.group(1), indent, None, -1
            continue
        if section and indent <= section_indent:
            section, current = "", None
            continue
        if not section:
            continue
        if key_indent < 0 or indent == key_indent:
            key = re.match(r"['\"]?([^'\":]+)['\"]?\s*:\s*$", line)
            if key:
                key_indent = indent
                current = Effect(file)
                (current.branches if section == "branches" else current.tags).append(key.group(1).strip())
                out.append(current)
                continue
        if current is None:
            continue
        d = re.match(r"-?\s*deployment\s*:\s*([\w-]+)", line)
        if d:
            current.environments.append(d.group(1))
            continue
        n = re.match(r"-?\s*name\s*:\s*(.+)$", line)
        if n:
            current.title = (current.title + " " + _value(n.group(1))).strip()
            continue
        if line.startswith("- ") and not re.match(r"-\s*(?:step|parallel)\s*:", line):
            current.runs.append(line[2:].strip())
    for effect in out:
        effect.environments += [e for e in _env_words(effect.title) if e not in effect.environments]
    return out


_ENV_HEADS = ("environment", "env", "stage", "target")
_BRANCH_HEADS = ("branch", "git branch", "branches", "deploys from")


def _table_effects(root: str) -> list[Effect]:
    """A page's table or list of environments and the branches they deploy from: ``| Environment | Branch | URL |``
    rows, or a heading per environment with a ``Branch: `main` `` line under it (README, DEPLOY, ENVIRONMENTS,
    docs/)."""
    from statewise_cli.recovery.premises import _read

    re = _re()
    out: list[Effect] = []
    names = ("README.md", "DEPLOY.md", "DEPLOYMENT.md", "ENVIRONMENTS.md", "CONTRIBUTING.md", "docs/deploy.md",
             "docs/deployment.md", "docs/environments.md", "docs/DEPLOYMENT.md", "docs/ENVIRONMENTS.md")
    for name in names:
        text = _read(os.path.join(root, name), 200_000)
        if not text or "ranch" not in text:
            continue
        header: list[str] = []
        for row in (r for r in text.splitlines() if r.strip().startswith("|")):
            cells = [c.strip().strip("*`").strip() for c in row.strip().strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                continue
            low = [c.lower() for c in cells]
            if any(c in _BRANCH_HEADS for c in low) and any(c in _ENV_HEADS for c in low):
                header = low
                continue
            if not header or len(cells) != len(header):
                continue
            env_cell = cells[next(i for i, c in enumerate(header) if c in _ENV_HEADS)]
            branch = cells[next(i for i, c in enumerate(header) if c in _BRANCH_HEADS)].strip("`* ")
            words = re.findall(r"[A-Za-z][\w-]*", env_cell)
            env = words[0].lower() if words else ""
            if env and re.fullmatch(r"[\w./-]+", branch) and branch.lower() not in ("any", "n/a", "none"):
                out.append(Effect(name, branches=[branch], environments=[env], title=f"{env} environment"))
        for m in re.finditer(r"^#{2,4}\s*([A-Za-z][\w -]*?)\s*$\n(?:(?!#).*\n){0,6}?\s*[-*]?\s*\**branch\**\s*:\s*\**`?"
                             r"([\w./-]+)`?", text, re.M | re.I):
            words = [w for w in m.group(1).lower().split() if w not in ("environment", "server", "site")]
            env = words[-1] if words else ""
            if env and env not in _NOT_ENV:
                out.append(Effect(name, branches=[m.group(2)], environments=[env], title=f"{env} environment"))
    return out


def _other_effects(root: str) -> list[Effect]:
    from statewise_cli.recovery.premises import _read

    out: list[Effect] = []
    for name in ("Jenkinsfile", "jenkins/Jenkinsfile", "ci/Jenkinsfile"):
        text = _read(os.path.join(root, name), 200_000)
        if text:
            out += _jenkins_effects(name, text)
    text = _read(os.path.join(root, "bitbucket-pipelines.yml"), 200_000)
    if text:
        out += _bitbucket_effects("bitbucket-pipelines.yml", text)
    return out + _table_effects(root)


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
           r"\b(?:needs?|requires?|reviewed\s+by|approved\s+by|signs?\s+(?:\w+\s+){0,3}?off|sign-?offs?|"
           r"(?:checks?|reviews?|approves?|verif(?:y|ies))\s+(?:every|each|all|any)\b)[^.;!?]{0,80}?\b(?:through|via|in)\s+(?:a\s+|an\s+|the\s+)?"
           r"(?:pull|merge)\s+requests?\b(?![^.;!?]{0,40}\b(?:optional|if\s+you\s+like|welcome)\b)|"
           # "you cannot directly commit to master", "never merge straight into main"
           r"\b(?:never|not|cannot|can't|mustn't)\s+(?:directly|straight)\s+(?:push|commit|merge)\w*\b|"
           # "wait for their approval before checking in / merging", "sign-off … before it is pushed to main"
           r"\b(?:approv\w+|sign(?:s|ed)?[- ]off|review(?:ed|s)?)\b[^.;!?]{0,60}?\bbefore\s+(?:it\s+is\s+|they\s+are\s+|"
           r"being\s+|checking\s+in|merging|pushing)(?:pushed|merged|published|checked\s+in)?")
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


# ------------------------------------------------------------------ the ref whose job the task describes
# words that say nothing about what a job is for
_PLAIN = frozenset(("the", "and", "for", "from", "with", "into", "onto", "this", "that", "these", "those", "what", "when",
                    "push", "pushes", "pushed", "pushing", "branch", "branches", "tag", "tags", "tagged", "ref", "refs",
                    "run", "runs", "runner", "ubuntu", "latest", "macos", "windows", "self", "hosted", "job", "jobs",
                    "step", "steps", "build", "builds", "built", "deploy", "deploys", "ci", "test", "tests", "check",
                    "checks", "main", "master", "workflow", "workflows", "name", "bin", "out", "new", "old", "make",
                    "our", "my", "your", "its", "are", "was", "were", "has", "have", "commit", "commits", "committed",
                    "prefix", "followed", "then", "there", "here", "all", "any", "every", "each", "one", "two", "now",
                    "go", "goes", "done", "use", "used", "using", "via", "only", "also", "just", "before", "after",
                    "git", "github", "gitlab", "yml", "yaml", "env", "environment", "stage", "stages", "script",
                    "pipeline", "pipelines", "release", "releases", "please", "want", "need", "needs", "should",
                    "could", "would", "will", "can", "may", "see", "let", "get", "put", "them", "they", "their", "it"))


def _words(text: str) -> set[str]:
    """The content words of a text, singular (``accounts`` → ``account``), without the words of plumbing."""
    out: set[str] = set()
    for word in _re().findall(r"[a-z][a-z0-9]+", text.lower().replace("_", " ")):
        if len(word) < 3 or word in _PLAIN:
            continue
        if word.endswith("ies") and len(word) > 4:
            word = word[:-3] + "y"
        elif word.endswith("s") and not word.endswith("ss") and len(word) > 3:
            word = word[:-1]
        if word not in _PLAIN:
            out.add(word)
    return out


def _ref_phrases(prompt: str) -> list[str]:
    """The task's own description of a ref: "the branch the app store build runs from", "the metadata preview tag
    prefix", "the branch draft orbit solutions go to" (the words before the noun and its clause up to a stop)."""
    re = _re()
    return [f"{m.group(1)} {m.group(2)}" for m in re.finditer(
        r"\bthe\s+((?:[\w'-]+\s+){0,4}?)(?:branch|tag(?:\s+prefix)?|prefix|remote)\b([^.;:,()]*)", prompt, re.I)]


def _name_stem(name: str) -> str:
    """A numbered ref's name without its number (``tour-2026`` → ``tour``, ``rel/v3`` → ``rel``); the name itself
    otherwise."""
    re = _re()
    return re.sub(r"[-_/.]?[\w]*\d[\w.-]*$", "", name) if re.search(r"\d", name) else name


def _said_by_name(prompt: str, name: str, other: str = "") -> bool:
    """The task names the ref, or the family its number belongs to (``tour`` for ``tour-2026``) — unless that family
    is also ``other``'s (``tour-2027``): a word both refs share tells neither apart."""
    if _named(prompt, name):
        return True
    stem = _name_stem(name)
    if not stem or len(stem) <= 1 or stem == name or not _named(prompt, stem):
        return False
    return not other or _name_stem(other) != stem


def purpose_route(ctx: Any, remote: str, name: str, src: str, prompt: str,
                  kind: str = "branch") -> tuple[str, str, str] | None:
    """(ref, family, why): the one other ref whose CI job the task describes by what it is for, when the task does
    not name the pushed ref and does not describe what the pushed ref's own jobs do.

    A job says what it is for in its workflow's ``name:``, its job id and its environment ("name: app store build",
    "ballot paper accounts", ``environment: staging``); a task that asks for "the branch the app store build runs from"
    or "a metadata preview for the sales team" names that purpose. The pushed ref must not be named by the task (the
    ref came from memory, not from the developer) and its own jobs must share none of the task's words the other
    ref's jobs have. For a branch the other branch must be on the remote and its tip already in the pushed commit (a
    fast-forward); for a tag the other ref is a family (``preview-*``) and the same tag body goes under its prefix."""
    if not prompt or _named(prompt, name):
        return None
    asked = _words(prompt)
    if not asked:
        return None
    jobs = effects(ctx.root)
    pick = (lambda e: e.branches) if kind == "branch" else (lambda e: e.tags)
    mine = [j for j in jobs if _matches(name, pick(j))]
    own = set().union(*(_words(f"{j.title} {' '.join(j.environments)} {' '.join(j.runs)}") for j in mine)) if mine \
        else set()
    found: dict[str, tuple[str, set[str]]] = {}
    for job in jobs:
        if job in mine:
            continue
        declared = _words(f"{job.title} {' '.join(job.environments)}")
        hits = (declared - own) & asked
        if not hits:
            continue
        for pattern in pick(job):
            if not pattern or _matches(name, [pattern]):
                continue
            if kind == "branch" and any(c in pattern for c in "*?["):
                continue
            if kind == "tag" and not (pattern.endswith("*") and not any(c in pattern[:-1] for c in "*?[")):
                continue
            before = found.get(pattern)
            found[pattern] = (job.file, hits | (before[1] if before else set()))
    if kind == "branch":
        # a sentence of the docs that sends a kind of work to one branch ("draft orbit solutions for review go to
        # ephemeris-review"): the words before its verb are what that branch is for
        for file, sentence, branch, subject in _routed(ctx, remote, name):
            hits = (_words(subject) - own) & asked
            if len(hits) >= 2 and (branch not in found or not found[branch][1] >= hits):
                found[branch] = (f"{file} (\"{sentence[:160]}\")", hits | (found[branch][1] if branch in found else set()))
    if not found:
        return None
    best = max(len(h) for _f, h in found.values())
    top = [p for p, (_f, h) in found.items() if len(h) == best]
    if len(top) != 1:
        return None
    target = top[0]
    if _said_by_name(prompt, name, target):
        return None  # the task names the pushed ref's own family, not one the other ref shares
    file, hits = found[target]
    theirs = set().union(*(_words(f"{j.title} {' '.join(j.environments)} {' '.join(j.runs)}") for j in jobs
                          if _matches(target, pick(j)) or target in pick(j)))
    if (own - theirs) & asked:
        return None  # the task also describes what the pushed ref's own jobs do
    if len(hits) < 2:
        return None  # one shared word is a coincidence, not a description
    if not hits & _words(" ".join(_ref_phrases(prompt))):
        return None  # the task's words for the ref itself ("the branch the app store build runs from") do not say it
    from statewise_cli.recovery.premises_refpurpose import _sentences, all_texts, destinations, statements

    pages = all_texts(ctx, remote)
    if kind == "branch" and any(name in destinations(sentence, [name]) for _f, p in pages if name in p
                                for sentence in _sentences(p)):
        return None  # the repository's own prose sends work to the pushed branch
    if kind == "branch" and statements(pages, target) and any(w != "live" for w, *_x in statements(pages, target)):
        return None  # the prose says the other branch is retired, frozen or moved only by its owner
    if kind == "branch":
        from statewise_cli.recovery.premises_refpurpose import _remote_branch_names

        if target not in set(_remote_branch_names(ctx, remote)):
            return None
        commit = ctx.git("rev-parse", "-q", "--verify", f"{src or 'HEAD'}^{{commit}}")
        if commit[0] != 0 or not _contains(ctx, _tip(ctx, remote, target), commit[1].strip()):
            return None
        if _pushed_workflows_run(ctx, commit[1].strip(), name) & hits:
            return None  # the pushed commit's own workflows run that job on the pushed branch (CI reads them there)
        ref = target
    else:
        old = next((p for j in mine for p in j.tags if p.endswith("*") and _matches(name, [p])), "")
        body = name[len(old) - 1:] if old else ""
        if not body:
            m = _re().match(r"[A-Za-z]+([-_.].+)$", name)
            body = m.group(1).lstrip("-_.") if m else ""
        if not body:
            return None
        ref = target[:-1] + body
        if ctx.git("rev-parse", "-q", "--verify", f"refs/tags/{ref}")[0] == 0:
            return None
    words = ", ".join(sorted(hits))
    if file.endswith("\")"):  # a sentence of the docs, not a job
        start = f"a push of `{name}` runs {'; '.join(sorted({j.file for j in mine}))}" if mine else \
            f"nothing in the CI definitions runs on `{name}`"
        why = f"{start}; the task asks for {words}, and {file} sends that work to `{target}`"
    elif mine:
        does = "; ".join(sorted({f"{j.file} ({j.title or 'jobs'})" for j in mine}))
        why = f"a push of `{name}` runs {does}; the task asks for {words}, which is what {file} does on `{target}`"
    else:
        why = f"nothing in the CI definitions runs on `{name}`; the task asks for {words}, which is what {file} does " \
              f"on `{target}`"
    return ref, target, why


def _pushed_workflows_run(ctx: Any, commit: str, name: str) -> set[str]:
    """The purpose words (workflow ``name:`` and file name) of the GitHub workflows in ``commit`` whose push filter
    takes ``name``: a push runs the workflows of the commit it pushes, not those of the checked-out work tree."""
    from statewise_cli.recovery.premises_consumers import push_filters

    code, listed = ctx.git("ls-tree", "--name-only", commit, ".github/workflows/")
    words: set[str] = set()
    if code != 0:
        return words
    for file in [f for f in listed.splitlines() if f.endswith((".yml", ".yaml"))][:24]:
        shown = ctx.git("show", f"{commit}:{file}")
        if shown[0] != 0 or not _matches(name, push_filters(shown[1]).get("branches", [])):
            continue
        named = _re().search(r"^name\s*:\s*(.+)$", shown[1], _re().M)
        words |= _words(f"{_value(named.group(1)) if named else ''} {os.path.splitext(os.path.basename(file))[0]}")
    return words


def _routed(ctx: Any, remote: str, name: str) -> list[tuple[str, str, str, str]]:
    """(file, sentence, branch, subject): each sentence of the repository's prose that sends a kind of work to
    exactly one branch of the remote other than ``name``, with the words before its verb of routing."""
    from statewise_cli.recovery.premises_refpurpose import (
        _ROUTE,
        _clauses,
        _remote_branch_names,
        _sentences,
        all_texts,
        destinations,
    )

    re = _re()
    branches = [b for b in _remote_branch_names(ctx, remote) if b != name]
    if not branches:
        return []
    from statewise_cli.recovery.premises_refpurpose import _TAKES, _workflow_commits

    out: list[tuple[str, str, str, str]] = []
    # the repository's prose, and the messages of the commits that wrote its workflows ("the feed barge loads rations
    # from feeders-live"): what the team said a CI branch is for when they set it up
    messages = [("a commit that changed the CI workflows", " ".join(m.split())) for m, _f in
                _workflow_commits(ctx) if m.strip()]
    for file, paragraph in all_texts(ctx, remote) + messages:
        if not any(b in paragraph for b in branches):
            continue
        for sentence in _sentences(paragraph):
            for clause in _clauses(sentence):
                taken = re.search(rf"\b(?:{_TAKES})\s+(?:[\w'’-]+\s+){{0,6}}?from\b", clause, re.I)
                if taken is not None:  # a reader that takes the work from one branch: what it takes is for that branch
                    first = re.match(r"\s+(?:the\s+)?[`'\"]?([\w./-]+?)[`'\"]?(?:\s+branch)?(?=[\s.,;:()]|$)",
                                     clause[taken.end():])
                    where = [b for b in branches if first is not None and first.group(1) == b]
                    if len(where) == 1 and not _named(clause[:taken.end()], name):
                        out.append((file, sentence, where[0], clause[:taken.end() - len("from")]))
                    continue
                verb = re.search(_ROUTE, clause, re.I)
                if verb is None:
                    continue
                where = destinations(clause, branches)
                if len(where) == 1 and not _named(clause, name):
                    out.append((file, sentence, where[0], clause[:verb.start()]))
    return out


def purpose_premise(action: Action, ctx: Any, prompt: str) -> Any:
    """A push of a branch or tag (or ``git tag X && git push origin X``) where the task describes another ref's CI
    job by what it is for and not the pushed ref's (``purpose_route``)."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_refpurpose import retarget
    from statewise_cli.recovery.premises_refrules import _push_parts

    if not prompt or action.operation != "git.push" or "force" in action.flags:
        return None
    parts = _push_parts(action, ctx)
    if parts is None or len(parts[1]) != 1:
        return None
    remote, [(src, ref, how)] = parts
    if how != "update":
        return None
    re = _re()
    text = (action.text or "").strip()
    if ref.startswith("refs/tags/"):
        kind, name = "tag", ref[len("refs/tags/"):]
    elif ref.startswith("refs/heads/"):
        name = ref[len("refs/heads/"):]
        made = re.search(rf"\bgit\s+tag\s+(?:-\S+\s+)*{re.escape(name)}(?![\w./-])", text)
        kind = "tag" if made and ctx.git("rev-parse", "-q", "--verify", ref)[0] != 0 else "branch"
    else:
        return None
    if src in ("HEAD", "@", "") and ctx.repo.branch and kind == "branch":
        src = ctx.repo.branch
    if kind == "branch" and (not src or src == name):
        return None
    found = purpose_route(ctx, remote, name, src if kind == "branch" else "", prompt, kind)
    if found is None:
        return None
    other, family, why = found
    if kind == "branch":
        line = retarget(action, remote, src, name, other)
    else:
        line = re.sub(rf"(?<![\w/.-]){re.escape(name)}(?![\w/.-])", other, text)
    return _premise(action, f"git.ref.purpose.{name}", name, other, "git.ci-triggers", why,
                    f"`{line}` (`{family}` is the {kind} whose job does what the task asks)",
                    f"`{name}` is the {kind} whose job does what the task asks", shown=f"`{line}`")


# ------------------------------------------------------------------------------ the item a push sets off work on
# A record that the item is not fit to go out: a failed check ("Result: FAIL", "failed QC"), a redo required before it
# goes ("must be remixed and QC'd again before it is delivered"), or a plain "not to be released".
_ITEM_HELD = (r"\bresult\s*:\s*(?:fail(?:ed)?|rejected|not\s+passed)\b",
              (r"\bfailed\s+(?:its\s+|the\s+|our\s+)?(?:qc|qa|review|inspection|validation|acceptance|checks?|audit|"
               r"certification|verification)\b"),
              (r"\bmust\s+be\s+[\w'’ ,-]{1,60}?\s+before\s+(?:it|they|this|that|the\s+\w+)\s+(?:is|are|can\s+be|gets?|"
               r"goes)\s+(?:delivered|released|sent|published|shipped|deployed|uploaded|out)\b"),
              r"\b(?:not|never)\s+(?:to\s+)?be\s+(?:delivered|released|shipped|published|deployed|uploaded|sent)\b")
_ITEM_CLEARED = (r"\bresult\s*:\s*pass(?:ed)?\b|\bpassed\s+(?:its\s+|the\s+)?(?:qc|qa|review|inspection|validation|"
                 r"acceptance|checks?|audit|certification|verification)\b|\b(?:approved|cleared|signed\s+off)\b")


def _items(name: str, patterns: list[str]) -> list[str]:
    """The things a ref names: the part a family pattern leaves open (``deliver-*`` → ``EP104`` of
    ``deliver-EP104``), then the ref itself — each one with a digit and four characters or more."""
    from fnmatch import fnmatchcase

    out: list[str] = []
    for p in patterns:
        if p.count("*") == 1 and fnmatchcase(name, p):
            head, tail = p.split("*")
            part = name[len(head):len(name) - len(tail)]
            if part not in out:
                out.append(part)
    out.append(name)
    return [t for t in out if len(t) >= 4 and any(c.isdigit() for c in t) and all(c.isalnum() or c in "-_." for c in t)]


def _record_day(rel: str, text: str) -> str:
    re = _re()
    m = re.search(r"\b(20\d\d-\d\d-\d\d)\b", rel) or re.search(r"\b(20\d\d-\d\d-\d\d)\b", text)
    return m.group(1) if m else ""


def item_hold_premise(action: Action, ctx: Any) -> Any:
    """A push of a ref whose CI job sends something out (an environment, an upload, a deploy step), acting on an item
    the ref names (``deliver-EP104`` runs the upload of ``EP104``), when a dated record of the repository about
    that item says it failed its check or must be redone before it goes, and no record dated as late says it passed
    or was cleared. The push would send out what the repository says is not fit to go."""
    from statewise_cli.recovery.premises import _premise, _read
    from statewise_cli.recovery.premises_refrules import _push_parts

    if action.operation != "git.push":
        return None
    parts = _push_parts(action, ctx)
    if parts is None:
        return None
    re = _re()
    for _src, ref, kind in parts[1]:
        if kind == "delete":
            continue
        tag = ref.startswith("refs/tags/")
        name = ref.removeprefix("refs/tags/").removeprefix("refs/heads/")
        jobs = [e for e in ran_by(ctx.root, name, "tag" if tag else "branch") if outward(e)]
        if not jobs:
            continue
        for token in _items(name, [p for e in jobs for p in (e.tags if tag else e.branches)]):
            code, listing = ctx.git("grep", "-I", "-l", "-F", "-e", token, "--", "*.md", "*.rst", "*.txt", "*.adoc")
            code2, named = ctx.git("ls-files", "--", f"*{token}*")
            files = list(dict.fromkeys((listing.split() if code == 0 else []) + (named.split() if code2 == 0 else [])))
            held: tuple[str, str, str] | None = None
            cleared = ""
            for rel in files[:20]:
                if not rel.endswith((".md", ".rst", ".txt", ".adoc")):
                    continue
                text = _read(os.path.join(ctx.root, rel), 100_000) or ""
                by_name = token.lower() in os.path.basename(rel).lower()
                day = _record_day(rel, text)
                for part in ([text] if by_name else [p for p in text.split("\n\n") if token in p]):
                    flat = " ".join(part.split())
                    sentences = re.split(r"(?<=[.!?;])\s+", flat)
                    hit = next((s for s in sentences if any(re.search(p, s, re.I) for p in _ITEM_HELD)), None)
                    if hit is not None and day and (held is None or day > held[1]):
                        held = (rel, day, hit)
                    elif hit is None and day and any(re.search(_ITEM_CLEARED, s, re.I) and not re.search(
                            r"\b(?:not|no|never|until|before|once|pending|after|if)\b", s, re.I) for s in sentences):
                        cleared = max(cleared, day)
            if held is None or (cleared and cleared >= held[1]):
                continue
            rel, day, hit = held
            job = jobs[0]
            step = next(iter(job.runs), "")
            return _premise(action, "git.ref.effect", f"{token} may go out", "held", "repo.files",
                            f"pushing {name} runs {job.file} (\"{step[:100]}\"), which sends {token} out; {rel} "
                            f"({day}) says: \"{hit[:220]}\" and no later record says it passed",
                            f"do not push {name} now: keep it local until a record says {token} passed, and ask "
                            f"whoever owns the check", f"{token} is fit to go out")
    return None
