"""What the repository says a branch is for now, and which branch it sends this work to instead.

A plain push ``git push origin HEAD:<branch>`` rests on "this branch is where this work goes". Repositories say what
a branch is for in a handful of places, and say it in their own words, for branches nobody listed:

==============================  ======================================================================================
the docs                        a sentence of README / CONTRIBUTING / RELEASES / ``docs/**`` / ``ops/**`` that names
                                the branch (in a code span, as "the X branch", or by its bare name when the name has a
                                ``/ - _ .`` or digit in it, or follows "into / to / on / from") and says
                                - something outside reads it: "the OTA reads X as its live feed", "the robot picks up
                                  from X", "X is deployed to production", "the journey planner reads X";
                                - it is frozen: "its branch is frozen", "code freeze for X", "in certification";
                                - only a bot or a window moves it: "X is only updated by the deploy bot in the
                                  Tuesday/Thursday window";
                                - nothing reads it any more: "X belonged to the old portal; nothing reads it any more"
pull-request templates,         the same sentences (``.github/pull_request_template.md``, ``.github/*.md``), and the
CODEOWNERS comments             comment lines of CODEOWNERS, which carry rules in prose ("# only main and the branches
                                that deploy need the owners' review")
CI workflows                    ``on: push: branches: [X]`` in a workflow that deploys or publishes (a deploy job, an
                                environment, ``production``): pushing X ships it
configs                         a key naming a branch (``feed_branch: X``, ``deploy_branch = "X"``) in a YAML / TOML /
                                JSON file of the top two levels, beside ``live`` / ``production``
==============================  ======================================================================================

Such a statement alone decides nothing: pushing into a live branch is often the task. The push is denied only when
the same evidence also routes this work to another branch — a sentence with a verb of routing ("test loads go to
Y", "every fix from now goes there", "queue changes on Y", "unfinished work stays on wip/* branches") naming a branch
the remote has whose tip the pushed commit already contains (the push to it is a fast-forward), or a family of
branches (``wip/*``) the pushed branch's own name belongs to. The alternative is the same push to that branch.

The same route finder gives the alternative when a remote's rule rejects a push (``premises_refrules``): the branch
the docs route the work to, instead of "push a ref the remote accepts". And a push that is not a fast-forward of
the branch it names, from a branch that tracks another branch of the same remote (the release manager cut
``release/2026-12`` and moved ``main`` on), goes to the tracked branch.

File reads and a few ``git merge-base`` calls; this module is imported only for a push.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

# something outside the team reads the branch and acts on it
_READS = (r"\b(?:reads?|reading|pick(?:s|ed)?\s+up|loads?|ingests?|collects?|consumes?|pulls?|imports?|fetch(?:es)?|"
          # what is done to the ref, said in the passive: "every update of X is loaded into the planning system"
          r"(?:is|are|gets?|get)\s+(?:\w+\s+)?(?:loaded|ingested|imported|consumed|synced|synchroni[sz]ed|"
          r"pulled|fetched|checked\s+out|copied|uploaded|applied|installed|rolled\s+out|pushed)\s+(?:in)?to\b|"
          r"serves?|syncs?|mirrors?|deploy(?:s|ed)?|publish(?:es|ed)?|ships?|sends?|submit(?:s|ted)?|releases?|"
          r"watch(?:es)?|feeds?|fed\s+(?:in)?to|forward(?:s|ed)?|"
          r"builds?|built)\b")
_OUTWARD = (r"\b(?:live|production|prod|partners?|customers?|clients?|public|tenants?|users|players|robots?|bots?|"
            r"portals?|feeds?|ota|vendors?|mssp|third[- ]party|courts?|stores?|fleets?|devices|every\s+\d+\s+minutes|"
            r"every\s+(?:night|day|morning|hour|week)|within\s+(?:a\s+few\s+|\w+\s+)?minutes|deploy\w*|publish\w*|"
            r"on\s+sale)\b")
_FROZEN = (r"\b(?:frozen|freeze|code[- ]freeze|in\s+certification|under\s+certification|locked|read[- ]only|"
           r"closed\s+for\s+(?:changes|pushes|commits))\b")
_GATED = (r"\bonly\s+(?:\w+\s+){0,2}(?:updated|moved|written|pushed|merged|changed)\s+(?:\w+\s+){0,3}by\b|"
          r"\b(?:update|deploy|release|merge|change)\s+window\b|\bin\s+the\s+[\w/ :.-]{0,40}\bwindow\b|"
          r"\bnobody\s+(?:pushes|commits|writes)\b|\bno\s+direct\s+pushes\b")
_RETIRED = (r"\b(?:nothing|nobody|no\s+one)\s+(?:reads|uses|deploys|builds|watches|pulls)\s+(?:it|from\s+it|\w+)\s+"
            r"(?:any\s?more|now|since)\b|\bnothing\s+reads\s+it\b|\bbelonged\s+to\s+the\s+old\b|"
            r"\bno\s+longer\s+(?:read|used|deployed|built|watched|pulled)\b|\bis\s+retired\b|\bwas\s+retired\b|"
            r"\bretired\b|"
            # "the shared X branch is not read by anyone since …", "X feeds nothing"
            r"\b(?:is|are)\s+not\s+(?:read|used|watched|pulled|deployed|built)\s+by\s+(?:anyone|anybody|any\s+\w+)\b|"
            r"\bfeeds\s+nothing\b|"
            # "X is the 2025 archive and is not deployed": kept for the record, taken by no reader
            r"\b(?:is|are|stays?|remains?)\s+(?:as\s+)?(?:the|an|our)\s+(?:[\w'’-]+\s+){0,2}archive\b|"
            r"\bkept\s+(?:[\w-]+\s+){0,2}(?:for|as)\s+(?:the|an|our)\s+(?:[\w'’-]+\s+){0,2}archive\b|"
            r"\b(?:is|are)\s+(?:no\s+longer|not)\s+(?:deployed|served|published|shipped)\b(?!\s+(?:yet|until|before|unless))")
# the paragraph lets this very push through
_CONSENT = (r"\b(?:fine with|is fine|are fine|that'?s fine|go ahead|approved?|approves|ok(?:ay)? to|feel free|"
            r"allowed to|may push|can push|waive[sd]?|straight to)\b")
# a verb that sends work somewhere (never a piece of a branch name: ``efile-queue`` is no "queue")
_ROUTE = (r"(?<![\w/.`-])(?:go|goes|went|belongs?|stays?|queue[sd]?|queueing|queuing|"
          # a branch renamed: "X was renamed Y", "X renamed to Y" (the work for X goes to Y)
          r"renamed(?:\s+(?:to|as|into))?|"
          r"(?<!every\s)(?<!each\s)(?<!any\s)(?<!\ba\s)push(?:es|ed)?\s+(?:\w+\s+){0,3}(?:to|on|into)|from\s+now|instead|every\s+(?:fix|change)|opened|cut|"
          r"pick(?:s|ed)?\s+up\s+from|reads?\s+from|is\s+for|are\s+for|belong|"
          # what contributing guides say: "open pull requests against develop", "PRs should target next", "changes
          # towards dev"; and an imperative that opens a clause: "Test card changes on sandbox", "Stage it on preview"
          r"(?:requests?|prs?|mrs?|patches|changes|contributions?|fixes|work)\b[^.;:]{0,40}?\b(?:against|"
          r"target(?:s|ing|ed)?|towards?)|^(?:please\s+)?(?:test|try|stage|preview|trial)\b(?=[^.;:]{0,60}\b(?:on|in|to)\s))"
          r"(?![\w/-])")


_EXTRA_DOCS = ("RELEASES.md", "RELEASING.md", "BRANCHES.md", "DEPLOY.md", "DEPLOYING.md", "SHARING.md", "OPS.md")
_TEMPLATES = (".github/pull_request_template.md", ".github/PULL_REQUEST_TEMPLATE.md", "pull_request_template.md",
              "docs/pull_request_template.md", ".gitlab/merge_request_templates/Default.md")
_CODEOWNERS = (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS", ".gitlab/CODEOWNERS")
_CONFIG_EXT = (".yml", ".yaml", ".toml", ".json", ".ini", ".cfg")
_SKIP_DIRS = frozenset({".git", "node_modules", ".venv", "venv", "vendor", "dist", "build", "target", "__pycache__",
                        "workflows"})


def _re() -> Any:
    import re

    return re


def _sentences(paragraph: str) -> list[str]:
    """Sentences, with each item of a flattened list (``- [ ] …``, ``* …``) on its own."""
    re = _re()
    out: list[str] = []
    for item in re.split(r"(?:^|\s+)[-*+]\s+(?:\[[ xX]\]\s+)?(?=\S)", paragraph):
        out += [s for s in re.split(r"(?<=[.!?;])\s+(?=[A-Z0-9`\"(])", item) if s.strip()]
    return out


def texts(root: str) -> list[tuple[str, str]]:
    """(file, paragraph) of every place the repository writes about its branches in prose: the docs the consumer
    reader reads, ``ops/`` notes, release pages, pull-request templates and CODEOWNERS comments."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_consumers import doc_paragraphs

    re = _re()
    out = list(doc_paragraphs(root))
    seen = {f for f, _p in out}
    extra: list[str] = [n for n in _EXTRA_DOCS + _TEMPLATES if n not in seen]
    for folder in ("ops", ".github"):
        try:
            names = sorted(os.listdir(os.path.join(root, folder)))[:40]
        except OSError:
            continue
        extra += [f"{folder}/{n}" for n in names if n.endswith((".md", ".rst", ".txt")) and f"{folder}/{n}" not in seen]
    for name in dict.fromkeys(extra):
        text = _read(os.path.join(root, name), 200_000)
        if text:
            out += [(name, " ".join(p.split())) for p in re.split(r"\n\s*\n", text) if p.strip()]
    from statewise_cli.recovery.premises_downstream import comment_pages

    out += comment_pages(root)
    for name in _CODEOWNERS:
        text = _read(os.path.join(root, name), 200_000)
        if not text:
            continue
        # a run of comment lines is a paragraph of prose; the rules themselves are not
        block: list[str] = []
        for line in text.splitlines() + [""]:
            stripped = line.strip()
            if stripped.startswith("#"):
                body = stripped.lstrip("#").strip()
                if body and not re.fullmatch(r"[=#*~-]+", body):
                    block.append(body)
                    continue
            if block:
                out.append((name, " ".join(block)))
                block = []
        break
    return out


def names_ref(sentence: str, name: str) -> bool:
    """Whether ``sentence`` names the branch ``name``: a code span, "the X branch" / "branch X", a bare name that
    cannot be an ordinary word (it has ``/ - _ .`` or a digit), or a bare word after into / onto / to / on / from /
    at, or opening a clause ("live is only updated by …")."""
    re = _re()
    n = re.escape(name)
    if re.search(rf"`(?:refs/heads/|origin/)?{n}`", sentence):
        return True
    if re.search(rf"(?<![\w/.-])refs/heads/{n}(?![\w/-]|\.\w)", sentence):
        return True
    if re.search(rf"(?<![\w/.-]){n}(?![\w/-])\s+branch(?:es)?\b|\bbranch(?:es)?\s+[\"'`]?{n}(?![\w/-])", sentence, re.I):
        return True
    bare = rf"(?<![\w/.`-]){n}(?![\w/`-]|\.\w)"
    if re.search(r"[/_.\d-]", name):
        return bool(re.search(bare, sentence))
    if re.search(rf"\b(?:into|onto|to|on|from|at)\s+{n}(?![\w/-]|\.\w)", sentence):
        return True
    return bool(re.search(rf"(?:^|[:;]\s+){n}\s+(?:is|are|was|has|gets|only)\b", sentence))


def _clauses(sentence: str) -> list[str]:
    """A sentence's clauses: split at ``;`` / ``:`` and at commas, except before a relative clause ("X, which the
    planner reads") that still speaks of what precedes it."""
    return [c for c in _re().split(r"\s*[;:]\s+|,\s+(?!which\b|that\b|where\b|who\b)", sentence) if c.strip()]


def destinations(sentence: str, names: list[str]) -> list[str]:
    """The ``names`` (branches, or families such as ``wip/*``) a sentence sends work to: named after a verb of
    routing in the same clause ("test loads go to Y", "queue changes on Y", "I opened Y", "stays on wip/*")."""
    re = _re()
    out: list[str] = []
    for clause in _clauses(sentence):
        verb = re.search(_ROUTE, clause, re.I)
        if verb is None:
            continue
        # the verb's own sentence: "… the diners read from. x-old is the archive" routes nothing to x-old
        rest = re.split(r"(?<=[.!?])\s+", clause[verb.start():], maxsplit=1)[0]
        hits = []
        for name in names:
            m = re.search(rf"(?<![\w/.-]){re.escape(name)}(?![\w/-]|\.\w)", rest)
            if m and (name.endswith("*") or names_ref(rest, name)):
                hits.append((m.start(), name))
        out += [n for _i, n in sorted(hits) if n not in out]
    return out


def _consents(paragraph: str) -> bool:
    re = _re()
    for m in re.finditer(_CONSENT, paragraph, re.I):
        if not re.search(r"\b(?:not|never|no longer|until|before|without)\b[^.;]{0,30}$",
                         paragraph[max(0, m.start() - 40):m.start()], re.I):
            return True
    return False


def statements(pages: list[tuple[str, str]], name: str) -> list[tuple[str, str, str, str]]:
    """(what, file, sentence, paragraph) for each sentence of the repository's prose that says what the branch
    ``name`` is for now; ``what`` is ``live`` / ``frozen`` / ``gated`` / ``retired``. Paragraphs that consent to
    pushing are left out."""
    re = _re()
    found: list[tuple[str, str, str, str]] = []
    for file, paragraph in pages:
        if name not in paragraph or _consents(paragraph):
            continue
        sentences = _sentences(paragraph)
        for i, sentence in enumerate(sentences):
            if not names_ref(sentence, name):
                continue
            if name in destinations(sentence, [name]):
                continue  # "queue changes on X": the docs send work to X, they do not warn about it
            # the clauses that name the branch, and the next sentence when it refers back to it ("… X. Nothing
            # reads it any more.")
            near = " ".join(c for c in _clauses(sentence) if names_ref(c, name)) or sentence
            if i + 1 < len(sentences) and not names_ref(sentences[i + 1], name) and re.match(
                    r"(?:it|its|this|that)\b", sentences[i + 1], re.I):
                near += " " + sentences[i + 1]
            if re.search(_RETIRED, near, re.I):
                found.append(("retired", file, sentence, paragraph))
            elif re.search(_FROZEN, near, re.I):
                found.append(("frozen", file, sentence, paragraph))
            elif re.search(_GATED, near, re.I):
                found.append(("gated", file, sentence, paragraph))
            elif re.search(_READS, near, re.I) and (re.search(_OUTWARD, near, re.I) or ":hooks/post-" in file) \
                    and not re.search(
                    r"\b(?:no longer|not any ?more|used to|formerly)\b", near, re.I):
                found.append(("live", file, sentence, paragraph))
    return found


def _config_statements(root: str, name: str) -> list[tuple[str, str, str, str]]:
    """A config key that names the branch (``feed_branch: rates-preview``) in a file that says ``live`` or
    ``production`` about it (two levels deep at most, workflows aside)."""
    from statewise_cli.recovery.premises import _read

    re = _re()
    key = re.compile(rf"^\s*-?\s*[\"']?[\w.-]*branch[\w.-]*[\"']?\s*[:=]\s*[\"']?{re.escape(name)}[\"']?\s*,?\s*$",
                     re.I | re.M)
    found: list[tuple[str, str, str, str]] = []
    count = 0
    for folder, dirs, files in os.walk(root):
        rel = os.path.relpath(folder, root)
        depth = 0 if rel == "." else rel.count(os.sep) + 1
        dirs[:] = [] if depth >= 1 else sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith("."))
        for file in sorted(files):
            if not file.endswith(_CONFIG_EXT):
                continue
            count += 1
            if count > 80:
                return found
            path = os.path.join(folder, file)
            text = _read(path, 100_000) or ""
            m = key.search(text)
            if m is None:
                continue
            block = text[max(0, m.start() - 300):m.end() + 300]
            if re.search(r"\b(?:live|production|prod|public)\b", block, re.I):
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                found.append(("live", rel, m.group(0).strip(), block))
    return found


def _ci_statements(root: str, name: str) -> list[tuple[str, str, str, str]]:
    """A workflow whose push filter names the branch and that deploys or publishes."""
    from statewise_cli.recovery.premises_consumers import ci_consumers
    from statewise_cli.recovery.premises_downstream import outward, ran_by

    found = [("live", file, f"{file} runs on every push of `{name}` and deploys", "")
             for file, deploys in ci_consumers(root, name, "branch") if deploys]
    seen = {f for _w, f, _s, _p in found}
    for job in ran_by(root, name):
        if job.file not in seen and outward(job):
            seen.add(job.file)
            step = next((r for r in job.runs), "")
            found.append(("live", job.file, f"{job.file} runs `{step[:100]}` on every push of `{name}`", ""))
    return found


def _remote_tip(ctx: Any, remote: str, branch: str) -> str:
    from statewise_cli.recovery.premises_consumers import _live_tip

    tip = _live_tip(ctx, remote, branch)
    if tip:
        return tip
    code, out = ctx.git("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{branch}")
    return out.strip() if code == 0 else ""


def _remote_branch_names(ctx: Any, remote: str) -> list[str]:
    code, out = ctx.git("for-each-ref", "--format=%(refname)", f"refs/remotes/{remote}/")
    if code != 0:
        return []
    prefix = f"refs/remotes/{remote}/"
    return [r[len(prefix):] for r in out.split() if r.startswith(prefix) and not r.endswith("/HEAD")]


def _contains(ctx: Any, tip: str, commit: str) -> bool:
    return bool(tip) and ctx.git("merge-base", "--is-ancestor", tip, commit)[0] == 0


# the verbs of a reader that takes the work from a branch ("the tablets sync job sheets from field-jobs")
_TAKES = r"loads?|loaded|loading|takes?|pulls?|syncs?|synced|syncing|synchroni[sz]es?|fetch(?:es)?|reads?"


def route(ctx: Any, remote: str, name: str, src: str, paragraphs: list[str],
          live: bool = True) -> tuple[str, str] | None:
    """(branch, sentence): where ``paragraphs`` route this work instead of ``name`` — a sentence with a verb of
    routing that names a branch the remote has whose tip ``src`` contains, or a family (``wip/*``) the pushed
    branch's own name belongs to."""
    from fnmatch import fnmatchcase

    from statewise_cli.recovery.premises_consumers import ref_globs

    re = _re()
    commit = ctx.git("rev-parse", "-q", "--verify", f"{src or 'HEAD'}^{{commit}}")
    if commit[0] != 0:
        return None
    sha = commit[1].strip()
    branches = [b for b in _remote_branch_names(ctx, remote) if b != name]
    own = src if src and src not in ("HEAD", "@") else (ctx.repo.branch or "")
    pages = [("", p) for p in paragraphs]
    for paragraph in paragraphs:
        for sentence in _sentences(paragraph):
            # a reader that watches a family of branches ("each client's connector watches its own branch
            # delivery/<client>", "the kiosks poll kiosk/<site>") names where the work for it goes
            watched = re.search(r"\b(?:watch(?:es|ing)?|polls?|polling)\b", sentence, re.I) is not None
            # ... or says where the work comes from ("grow recipes for 2027 come from recipes-2027")
            loads = re.search(rf"\b(?:{_TAKES}|comes?|coming)\b[^.;]*\bfrom\b", sentence, re.I) is not None
            if not watched and not loads and not re.search(_ROUTE, sentence, re.I):
                continue
            globs = [g for g in ref_globs(sentence) if len(g) > 2]
            targets = destinations(sentence, branches + globs)
            targets += [g for g in globs if watched and g not in targets]
            # a reader that takes the work from a branch ("I load the titles onto the operator laptop from X"): a
            # route for a push elsewhere, never a reason to stop warning about X itself (``statements``)
            for clause in _clauses(sentence):
                taken = re.search(rf"\b(?:{_TAKES}|comes?|coming)\s+(?:[\w'’-]+\s+){{0,6}}?from\b", clause, re.I)
                if taken:
                    targets += [b for b in branches if b not in targets and names_ref(clause[taken.end():], b)]
            for branch in targets:
                if branch.endswith("*"):
                    if own and own != name and fnmatchcase(own, branch) and not fnmatchcase(name, branch):
                        return own, sentence
                    family = [b for b in branches if fnmatchcase(b, branch)]
                    # the one branch of that family the remote has, which this push fast-forwards
                    if len(family) == 1 and not fnmatchcase(name, branch) and _contains(
                            ctx, _remote_tip(ctx, remote, family[0]), sha) and not any(
                            w != "live" for w, *_x in statements(pages, family[0])):
                        return family[0], sentence
                    continue
                if not _contains(ctx, _remote_tip(ctx, remote, branch), sha):
                    continue
                if any(w != "live" or live for w, *_x in statements(pages, branch)):
                    continue  # the docs say that branch is frozen, gated or retired too (or read outside)
                return branch, sentence
    return None


def _quote(text: str) -> str:
    return text if len(text) <= 220 else text[:217] + "…"


def retarget(action: Action, remote: str, src: str, name: str, other: str) -> str:
    """The action's own push with ``name`` replaced by ``other`` (or a plain push of ``src`` to ``other``)."""
    text = (action.text or "").strip()
    re = _re()
    if text.count("git push") == 1:
        fixed = re.sub(rf"(:(?:refs/heads/)?){re.escape(name)}(?=\s|$)", lambda m: m.group(1) + other, text, count=1)
        if fixed != text:
            return fixed
    return f"git push {remote} {src or 'HEAD'}:{other}"


def _read_text(root: str, rel: str) -> str:
    from statewise_cli.recovery.premises import _read

    return _read(os.path.join(root, rel), 100_000) or ""


def _workflow_statements(root: str, name: str) -> list[tuple[str, str, str, str]]:
    """What the comments of a CI workflow that runs on pushes of exactly one other branch say of the branch ``name``
    as retired ("the boards show this branch; the old x branch is kept read-only for the archive"): the comments as
    one paragraph, "this branch" written as the branch the workflow runs on."""
    from statewise_cli.recovery.premises_consumers import push_filters, workflows

    re = _re()
    found: list[tuple[str, str, str, str]] = []
    for rel, text in workflows(root):
        if name not in text:
            continue
        runs_on = [b for b in push_filters(text).get("branches", []) if not re.search(r"[*?\[!]", b)]
        if len(runs_on) != 1 or runs_on[0] == name:
            continue
        comments = [m.group(1).strip() for m in re.finditer(r"(?m)(?:^|\s)#\s?(.*)$", text) if m.group(1).strip()]
        paragraph = re.sub(r"\bthis branch\b", f"`{runs_on[0]}`", " ".join(comments), flags=re.I)
        found += [f for f in statements([(rel, paragraph)], name) if f[0] == "retired"]
    return found


def _live_beside(ctx: Any, remote: str, name: str, src: str,
                 said: list[tuple[str, str, str, str]]) -> tuple[str, str] | None:
    """(branch, sentence): for a branch a paragraph says nothing takes any more ("X is the old archive and is not
    deployed"), the one other branch of the remote the same paragraph says is read or deployed ("every update of Y is
    deployed to …"), when the push is a fast-forward of it; None otherwise."""
    commit = ctx.git("rev-parse", "-q", "--verify", f"{src or 'HEAD'}^{{commit}}")
    if commit[0] != 0:
        return None
    found: dict[str, str] = {}
    branches = [b for b in _remote_branch_names(ctx, remote) if b != name]
    for what, file, _sentence, paragraph in said:
        if what != "retired" or not paragraph:
            continue
        if file.startswith(".github/workflows/"):
            from statewise_cli.recovery.premises_consumers import push_filters

            runs_on = push_filters(_read_text(ctx.root, file)).get("branches", [])
            if len(runs_on) == 1 and runs_on[0] in branches:  # the branch the workflow runs on
                found.setdefault(runs_on[0], f"{file} runs on every push of `{runs_on[0]}`")
            continue
        # each sentence on its own, a lowercase name opening one too ("… read from. x-old is the archive …")
        for chunk in _re().split(r"(?<=[.!?])\s+", paragraph):
            for branch in branches:
                if branch in chunk and name not in chunk:
                    live = [s for w, _f, s, _p in statements([(file, chunk)], branch) if w == "live"]
                    if live:
                        found.setdefault(branch, live[0])
    if len(found) != 1:
        return None
    branch, sentence = next(iter(found.items()))
    if not _contains(ctx, _remote_tip(ctx, remote, branch), commit[1].strip()):
        return None
    return branch, sentence


def purpose_premise(action: Action, ctx: Any) -> Any:
    """A plain push into a branch the repository says is read by someone outside, frozen, moved only by a bot or in
    a window, or read by nobody any more — when the same evidence routes this work to another branch."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_refrules import _push_parts

    if action.operation != "git.push":
        return None
    parts = _push_parts(action, ctx)
    if parts is None or not parts[1]:
        return None
    remote, pushed = parts
    for src, ref, kind in pushed:
        if kind != "update" or not ref.startswith("refs/heads/"):
            continue
        name = ref[len("refs/heads/"):]
        if src in ("HEAD", "@", "") and ctx.repo.branch:
            src = ctx.repo.branch
        if not src or src == name:
            continue
        if not _remote_tip(ctx, remote, name):
            continue  # a new branch: nobody reads it yet
        everything = all_texts(ctx, remote)
        if any(name in destinations(sentence, [name]) for _f, p in everything if name in p
               for sentence in _sentences(p)):
            continue  # the repository itself sends work to this branch
        said = statements(everything, name)
        if not said:
            said = _ci_statements(ctx.root, name) + _config_statements(ctx.root, name) + _hook_code_statements(
                ctx, remote, name)
        if not said:
            said = _workflow_statements(ctx.root, name)
        if not said:
            continue
        # where the work goes: the paragraphs that said it first, then every page of the repository's prose
        paragraphs = [p for _w, _f, _s, p in said if p]
        files = {f for _w, f, _s, _p in said}
        paragraphs += [p for f, p in everything if f in files and p not in paragraphs]
        if any(w != "live" for w, *_ in said) or any(not p for *_x, p in said) or all(
                f.endswith((".yml", ".yaml", ".toml", ".json")) for f in files):
            paragraphs += [p for _f, p in everything if p not in paragraphs]
        found = route(ctx, remote, name, src, paragraphs, live=all(w == "live" for w, *_x in said))
        if found is None and any(w == "retired" for w, *_x in said):
            found = _live_beside(ctx, remote, name, src, said)
        if found is None and all(w == "live" for w, *_x in said):
            found = started_from(ctx, remote, name, src, everything)
        if found is None:
            continue
        other, sentence = found
        what, file, first, _p = said[0]
        meaning = {"live": "something outside the team reads it", "frozen": "it is frozen",
                   "gated": "only its owner's process moves it", "retired": "nothing reads it any more"}[what]
        alternative = f"`{retarget(action, remote, src, name, other)}`"
        return _premise(action, f"git.ref.purpose.{name}", ref, other, "git.ref-purpose",
                        f"{file}: \"{_quote(first)}\" — {meaning}; the repository routes this work to `{other}`: "
                        f"\"{_quote(sentence)}\"", alternative + f" (`{other}` is where this work goes now)",
                        f"{name} is where this work goes", shown=alternative)
    return None


def started_from(ctx: Any, remote: str, name: str, src: str, pages: list[tuple[str, str]]) -> tuple[str, str] | None:
    """(branch, why): where the work goes when nothing the repository says routes it, for a push into a branch that
    something outside reads: the branch of the same remote the pushed branch was started from (its upstream, or its
    reflog's "Created from"), when that is not the remote's default branch (a topic branch cut from the default
    branch says nothing of where it goes), nothing says that branch is read outside, frozen or retired, and the
    push to it is a fast-forward. A draft cut from ``family-review`` and pushed into the branch a workflow publishes
    goes back to ``family-review``."""
    from statewise_cli.recovery.premises_git import _remote_head

    branch = src if src and src not in ("HEAD", "@") else (ctx.repo.branch or "")
    if not branch:
        return None
    code, merge = ctx.git("config", "--get", f"branch.{branch}.merge")
    code2, upstream_remote = ctx.git("config", "--get", f"branch.{branch}.remote")
    if code == 0 and code2 == 0:
        if upstream_remote.strip() != remote:
            return None
        base, how = merge.strip().removeprefix("refs/heads/"), "tracks it"
    else:
        base, how = created_from(ctx, branch, remote), "was created from it (its reflog)"
    if not base or base in (name, branch) or base == (_remote_head(ctx, remote) or ""):
        return None
    commit = ctx.git("rev-parse", "-q", "--verify", f"{branch}^{{commit}}")
    if commit[0] != 0 or not _contains(ctx, _remote_tip(ctx, remote, base), commit[1].strip()):
        return None
    if statements(pages, base) or _ci_statements(ctx.root, base) or _config_statements(ctx.root, base):
        return None  # that branch is read outside, frozen or retired too: nothing to send the work to
    return base, f"{branch} was started from {remote}/{base} and {how}"


def cut_elsewhere_premise(action: Action, ctx: Any) -> Any:
    """A plain push into the remote's default branch of a branch started from another branch of that remote (its
    upstream, or its reflog's "Created from"): the work was cut from that line (``order/P-1`` from
    ``lab-orders-digital``) and goes back to it. Pushed into the default branch it merges that line's work there,
    and whatever reads the line it came from never sees it. Only when the push is a fast-forward of both (a push that
    is not one is ``diverged_premise``'s), nothing the repository says sends work to the default branch, and nothing
    says the other line is frozen, retired or moved only by its owner's process."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_git import _remote_head
    from statewise_cli.recovery.premises_refrules import single_branch_update

    pushed = single_branch_update(action, ctx)
    if pushed is None:
        return None
    remote, src, name = pushed
    if name != (_remote_head(ctx, remote) or ""):
        return None
    branch = ctx.repo.branch if src in ("HEAD", "@", "") else src
    if not branch or branch == name:
        return None
    code, merge = ctx.git("config", "--get", f"branch.{branch}.merge")
    code2, upstream_remote = ctx.git("config", "--get", f"branch.{branch}.remote")
    if code == 0 and code2 == 0:
        if upstream_remote.strip() != remote:
            return None
        base, how = merge.strip().removeprefix("refs/heads/"), "tracks it"
    else:
        base, how = created_from(ctx, branch, remote), "was created from it (its reflog)"
    if not base or base in (name, branch):
        return None
    commit = ctx.git("rev-parse", "-q", "--verify", f"{branch}^{{commit}}")
    if commit[0] != 0:
        return None
    sha = commit[1].strip()
    tip = _remote_tip(ctx, remote, name)
    if not tip or not _contains(ctx, tip, sha) or not _contains(ctx, _remote_tip(ctx, remote, base), sha):
        return None
    everything = all_texts(ctx, remote)
    if any(name in destinations(sentence, [name]) for _f, p in everything if name in p for sentence in _sentences(p)):
        return None  # the repository itself sends work to the default branch
    if any(w != "live" for w, *_x in statements(everything, base)):
        return None  # the line it came from is frozen, retired or moved only by its owner's process
    alternative = f"`{retarget(action, remote, src, name, base)}`"
    return _premise(action, f"git.ref.tracked.{branch}", f"refs/heads/{name}", base, "git.ref-purpose",
                    f"{branch} was started from {remote}/{base} and {how}, not from {name}: the push would put the "
                    f"work of {base} into {remote}'s default branch {name}, and what reads {base} would not get it",
                    alternative + f" (the branch {branch} was started from)", f"{name} is where this work goes",
                    shown=alternative)


def diverged_premise(action: Action, ctx: Any) -> Any:
    """A plain push of a branch that tracks ``release/x`` into another branch of the same remote that the pushed
    commit does not contain (git rejects it as non-fast-forward): the work belongs to the tracked branch."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_refrules import single_branch_update

    pushed = single_branch_update(action, ctx)
    if pushed is None:
        return None
    remote, src, name = pushed
    branch = ctx.repo.branch if src in ("HEAD", "@", "") else src
    if not branch or branch == name:
        return None
    code, merge = ctx.git("config", "--get", f"branch.{branch}.merge")
    code2, upstream_remote = ctx.git("config", "--get", f"branch.{branch}.remote")
    how = "tracks it"
    if code == 0 and code2 == 0:
        if upstream_remote.strip() != remote:
            return None
        tracked = merge.strip().removeprefix("refs/heads/")
    else:
        # no upstream: the branch the reflog says it was created from ("branch: Created from status-drafts")
        tracked = created_from(ctx, branch, remote)
        how = "was created from it (its reflog)"
    if not tracked or tracked == name:
        return None
    commit = ctx.git("rev-parse", "-q", "--verify", f"{src or 'HEAD'}^{{commit}}")
    if commit[0] != 0:
        return None
    sha = commit[1].strip()
    tip = _remote_tip(ctx, remote, name)
    ours = _remote_tip(ctx, remote, tracked)
    if not tip or not ours or _contains(ctx, tip, sha) or not _contains(ctx, ours, sha):
        return None
    if ctx.git("cat-file", "-e", tip)[0] != 0:
        return None  # the remote moved to commits this clone has never seen: unknown here
    said = ""
    for file, paragraph in all_texts(ctx, remote):
        for sentence in _sentences(paragraph):
            if names_ref(sentence, tracked) and re_route(sentence):
                said = f"; {file}: \"{_quote(sentence)}\""
                break
        if said:
            break
    alternative = f"`{retarget(action, remote, src, name, tracked)}`"
    return _premise(action, f"git.ref.tracked.{branch}", f"refs/heads/{name}", tracked, "git.ref-purpose",
                    f"{branch} was started from {remote}/{tracked} and {how}; {remote}/{name} has moved on to "
                    f"commits this branch does not have, so the push into {name} is not a fast-forward{said}",
                    alternative + f" (the branch {branch} tracks)", f"{name} is where this work goes",
                    shown=alternative)


def created_from(ctx: Any, branch: str, remote: str) -> str:
    """The branch of ``remote`` that ``branch`` was created from, as its reflog's first entry says (``git switch -c X
    base`` / ``git checkout -b X origin/base`` write "branch: Created from base"), when the remote has that branch;
    "" when the reflog is gone, names a commit or HEAD, or the remote has no such branch."""
    code, out = ctx.git("reflog", "show", "--format=%gs", f"refs/heads/{branch}", "--")
    if code != 0 or not out.strip():
        return ""
    first = out.strip().splitlines()[-1]
    m = _re().match(r"branch: Created from (\S+)$", first.strip())
    if m is None:
        return ""
    base = m.group(1).removeprefix("refs/heads/").removeprefix("refs/remotes/")
    if base in ("HEAD", "@") or base == branch:
        return ""
    if base.startswith(f"{remote}/") and _remote_tip(ctx, remote, base[len(remote) + 1:]):
        return base[len(remote) + 1:]
    return base if _remote_tip(ctx, remote, base) else ""


def re_route(sentence: str) -> bool:
    return bool(_re().search(_ROUTE, sentence, _re().I))


def _remote_default_texts(ctx: Any, remote: str) -> list[tuple[str, str]]:
    """The prose pages (top-level pages, ``docs/``, ``ops/``, ``.github/`` and CODEOWNERS) of the remote's default
    branch as this clone last fetched it, where they differ from the checked-out commit's: a colleague wrote the
    page after this branch was cut, or the branch was cut from a maintenance line that never had it."""
    from statewise_cli.recovery.premises_consumers import _NOT_PAGES

    re = _re()
    code, head = ctx.git("symbolic-ref", "-q", f"refs/remotes/{remote}/HEAD")
    rev = head.strip() if code == 0 and head.strip() else f"refs/remotes/{remote}/main"
    if ctx.git("rev-parse", "-q", "--verify", rev)[0] != 0:
        return []
    if ctx.git("merge-base", "--is-ancestor", rev, "HEAD")[0] == 0:
        return []  # the checked-out commit has everything the default branch has: its own pages are the newer ones
    code, listing = ctx.git("diff", "--name-only", "--no-renames", "HEAD", rev, "--")
    if code != 0:
        return []
    out: list[tuple[str, str]] = []
    for path in listing.split()[:400]:
        stem = path.rsplit(".", 1)[0]
        # a top-level page, or one a first-level folder keeps beside what it describes (``tournaments/BUILDS.md``)
        top = path.endswith((".md", ".rst", ".txt")) and path.count("/") <= 1 and stem.rsplit("/", 1)[-1].isupper() \
            and stem.rsplit("/", 1)[-1] not in _NOT_PAGES
        prose = path.startswith(("docs/", "ops/", ".github/")) and path.endswith((".md", ".rst", ".txt"))
        owners = path in _CODEOWNERS
        if not (top or prose or owners):
            continue
        code, text = ctx.git("show", f"{rev}:{path}")
        if code != 0:
            continue
        label = f"{rev.removeprefix('refs/remotes/')}:{path}"
        if owners:
            out += [(label, " ".join(line.lstrip("#").strip() for line in text.splitlines()
                                     if line.strip().startswith("#")))]
        else:
            out += [(label, " ".join(p.split())) for p in re.split(r"\n\s*\n", text[:100_000]) if p.strip()]
        if len(out) > 200:
            break
    return out


def _remote_hook_texts(ctx: Any, remote: str,
                       hooks: tuple[str, ...] = ("post-receive", "post-update")) -> list[tuple[str, str]]:
    """(``remote:hooks/<hook>``, paragraph): the comment blocks of the ``post-receive`` / ``post-update`` hooks of a
    remote on this machine — what a push of a ref sets off once it is written ("every update of refs/heads/X is
    forwarded to …", "pushes to master are checked out into /var/www"); of ``hooks`` when given."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_refrules import _remote_url, remote_rules

    url = _remote_url(ctx, remote)
    rules = remote_rules(url, ctx.root) if url else None
    if rules is None:
        return []
    out: list[tuple[str, str]] = []
    for hook in hooks:
        path = os.path.join(rules.hooks_dir(), hook)
        if not os.access(path, os.X_OK):
            continue
        block: list[str] = []
        for line in (_read(path, 100_000) or "").splitlines() + [""]:
            stripped = line.strip()
            if stripped.startswith("#") and not stripped.startswith("#!"):
                body = stripped.lstrip("#").strip()
                if body:
                    block.append(body)
                    continue
            if block:
                out.append((f"{remote}:hooks/{hook}", " ".join(block)))
                block = []
    return out


def _hook_code_statements(ctx: Any, remote: str, name: str) -> list[tuple[str, str, str, str]]:
    """A ``post-receive`` / ``post-update`` hook of a remote on this machine whose code singles the branch out — the
    shapes such hooks use: ``case "$ref" in refs/heads/X)``, ``[ "$refname" = "refs/heads/X" ]``, ``[[ $ref =~
    .*/X$ ]]``, ``BRANCH="X"`` beside a ``refs/heads/$BRANCH`` test, ``if [[ $branch == "X" ]]`` — and runs something
    for it: whatever it runs happens on every push of that branch."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_refrules import _remote_url, remote_rules

    re = _re()
    url = _remote_url(ctx, remote)
    rules = remote_rules(url, ctx.root) if url else None
    if rules is None:
        return []
    n = re.escape(name)
    shapes = [rf"refs/heads/{n}(?![\w/.-])", rf"\.\*/{n}\$", rf"(?:==?|!=)\s*[\"']{n}[\"']",
              rf"^\s*(?:[A-Za-z_]*BRANCH[A-Za-z_]*|branch)=[\"']?{n}[\"']?\s*$"]
    out: list[tuple[str, str, str, str]] = []
    for hook in ("post-receive", "post-update"):
        path = os.path.join(rules.hooks_dir(), hook)
        if not os.access(path, os.X_OK):
            continue
        code = [ln for ln in (_read(path, 100_000) or "").splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        hit = next((ln.strip() for ln in code if any(re.search(p, ln) for p in shapes)), "")
        if hit and len(code) >= 3:
            said = f"the remote's {hook} hook acts on every push of `{name}` (\"{_quote(hit)[:100]}\")"
            out.append(("live", f"{remote}:hooks/{hook}", said, ""))
    return out


def all_texts(ctx: Any, remote: str) -> list[tuple[str, str]]:
    """The work tree's prose, the remote default branch's where it differs, and the remote's post-push hooks'."""
    return texts(ctx.root) + _remote_default_texts(ctx, remote) + _remote_hook_texts(ctx, remote)


def successor_tag(ctx: Any, name: str, remote: str = "") -> str:
    """The name the repository's prose gives a correction of the tag ``name``: a tag of the same name with a
    numbered suffix that a page writes out (``acc-2026-118.1``, ``v2.1.0-2``, "a new tag acc-<id>.<n>
    (acc-2026-118.1, .2, …)"), the first number this clone and the remote do not have yet; "" when no page does."""
    from statewise_cli.recovery.premises_git import _remote_has_ref

    re = _re()
    pattern = re.compile(rf"(?<![\w.-]){re.escape(name)}([.-])(\d{{1,3}})(?![\w.-]*\w)")
    separator = ""
    for _f, paragraph in texts(ctx.root):
        m = pattern.search(paragraph)
        if m:
            separator = m.group(1)
            break
    if not separator:
        return ""
    from statewise_cli.recovery.premises import _remotes

    url = _remotes(ctx).get(remote or "origin", "")
    for n in range(1, 100):
        candidate = f"{name}{separator}{n}"
        if ctx.git("rev-parse", "-q", "--verify", f"refs/tags/{candidate}")[0] == 0:
            continue
        if url and _remote_has_ref(url, f"refs/tags/{candidate}", ctx.root):
            continue
        return candidate
    return ""


_DATE_SHAPES = (("YYYYMMDD", "%Y%m%d"), ("YYYY-MM-DD", "%Y-%m-%d"), ("YYYY.MM.DD", "%Y.%m.%d"), ("<date>", "%Y%m%d"),
                ("{date}", "%Y%m%d"), ("$(date +%Y%m%d)", "%Y%m%d"), ("$(date +%F)", "%Y-%m-%d"))


def next_tag(ctx: Any, pattern: str, words: str) -> str:
    """A concrete new tag of the family ``pattern`` (``op-*``, ``recipes-r*``): the date shape the repository writes
    for it (``op-YYYYMMDD``, ``prod-YYYY-MM-DD``, ``production-$(date +%F)``) filled with today's date, else the
    number after the family's highest tag (``recipes-r41`` → ``recipes-r42``); "" when neither is known."""
    import datetime

    re = _re()
    prefix = pattern.split("*", 1)[0]
    if not prefix or "*" not in pattern or any(c in prefix for c in "?[ "):
        return ""
    today = datetime.datetime.now(datetime.UTC)
    low = words.lower()
    for shape, fmt in _DATE_SHAPES:
        if (prefix + shape).lower() in low:
            name = prefix + today.strftime(fmt)
            return name if ctx.git("rev-parse", "-q", "--verify", f"refs/tags/{name}")[0] != 0 else ""
    code, out = ctx.git("tag", "--list", pattern)
    numbers = [(t, m) for t in (out.split() if code == 0 else []) for m in [re.fullmatch(r"(\d+)", t[len(prefix):])]
               if m]
    if not numbers:
        return ""
    width = len(numbers[0][1].group(1))
    if width == 8 and all(m.group(1).startswith(("19", "20")) for _t, m in numbers):
        name = prefix + today.strftime("%Y%m%d")
    else:
        name = prefix + str(max(int(m.group(1)) for _t, m in numbers) + 1).zfill(width)
    return name if ctx.git("rev-parse", "-q", "--verify", f"refs/tags/{name}")[0] != 0 else ""


def tag_trigger_premise(action: Action, ctx: Any) -> Any:
    """``git push origin HEAD:ops`` where the workflow that ran on pushes of ``ops`` was changed to run on tags
    (``branches: [ops]`` → ``tags: ['op-*']``): the push deploys nothing any more; a tag of the family does."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_consumers import _items, push_filters, workflows
    from statewise_cli.recovery.premises_refrules import _push_parts

    if action.operation != "git.push":
        return None
    parts = _push_parts(action, ctx)
    if parts is None or len(parts[1]) != 1:
        return None
    remote, [(src, ref, kind)] = parts
    if kind == "update" and ref.startswith("refs/tags/"):
        return _tag_family_moved(action, remote, ref[len("refs/tags/"):], ctx)
    if kind == "update" and ref.startswith("refs/heads/") and _re().search(
            rf"\bgit\s+tag\s+(?:-\S+\s+)*{_re().escape(ref[len('refs/heads/'):])}(?![\w./-])", action.text or "") and \
            ctx.git("rev-parse", "-q", "--verify", ref)[0] != 0:
        return _tag_family_moved(action, remote, ref[len("refs/heads/"):], ctx)  # a tag the same line makes
    if kind != "update" or not ref.startswith("refs/heads/"):
        return None
    name = ref[len("refs/heads/"):]
    current = {f: push_filters(t) for f, t in workflows(ctx.root) if "gitlab" not in f}
    if not current or any(name in v.get("branches", []) for v in current.values()):
        return None
    re = _re()
    for message, file, line in _removed_filter_lines(ctx):
        m = re.match(r"^-\s*branches\s*:\s*(\[.*\]|\S.*)$", line)
        if not (m and file and name in _items(m.group(1))):
            continue
        tags = [t for t in current.get(file, {}).get("tags", []) if t]
        if not tags or current.get(file, {}).get("branches"):
            continue
        pages = " ".join(p for _f, p in texts(ctx.root))
        tag = next_tag(ctx, tags[0], message + " " + pages)
        subject = message.strip().splitlines()[0] if message.strip() else ""
        target = "" if src in ("", "HEAD", "@") else f" {src}"
        alternative = (f"`git tag {tag}{target} && git push {remote} {tag}` (a tag of the family `{tags[0]}` "
                       f"is what {file} runs on)" if tag else f"tag the commit with a tag of the family "
                       f"`{tags[0]}` and push the tag ({file} runs on those)")
        return _premise(action, f"git.ref.trigger.{name}", name, tags[0], "git.ci-triggers",
                        f"{file} no longer runs on pushes of `{name}`: it runs on tags `{', '.join(tags)}` since "
                        f"\"{_quote(subject)}\" — a push of `{name}` deploys nothing", alternative,
                        f"pushing `{name}` runs {file}", shown=tag or tags[0])
    return None


def _tag_family_moved(action: Action, remote: str, name: str, ctx: Any) -> Any:
    """``git push origin v3.4.1`` where the workflow that ran on ``v*`` tags now runs on ``gw-v*`` (a monorepo gave each
    service its own prefix): no workflow runs on the tag pushed; the same version under the new family does."""
    from fnmatch import fnmatchcase

    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_consumers import _items, push_filters, workflows

    current = {f: push_filters(t) for f, t in workflows(ctx.root) if "gitlab" not in f}
    if not current or any(fnmatchcase(name, t) for v in current.values() for t in v.get("tags", [])):
        return None
    re = _re()
    for message, file, line in _removed_filter_lines(ctx):
        m = re.match(r"^-\s*tags\s*:\s*(\[.*\]|\S.*)$", line)
        if not (m and file):
            continue
        old = next((t for t in _items(m.group(1)) if t.endswith("*") and fnmatchcase(name, t)), None)
        new = [t for t in current.get(file, {}).get("tags", []) if t.endswith("*") and t != old]
        if old is None or len(new) != 1 or "*" in new[0][:-1] or "*" in old[:-1]:
            continue
        tag = new[0][:-1] + name[len(old) - 1:]
        text = (action.text or "").strip()
        line_ = re.sub(rf"(?<![\w/.-]){re.escape(name)}(?![\w/.-])", tag, text)
        subject = message.strip().splitlines()[0] if message.strip() else ""
        return _premise(action, f"git.tag.trigger.{old}", name, tag, "git.ci-triggers",
                        f"{file} no longer runs on tags `{old}`: it runs on `{new[0]}` since \"{_quote(subject)}\" "
                        f"— a push of the tag `{name}` runs nothing", f"`{line_}` (the same version in the family "
                        f"`{new[0]}` that {file} runs on)", f"pushing the tag `{name}` runs {file}", shown=f"`{line_}`")
    # no trigger line was taken out, but the commit that wrote the workflow says the old family no longer starts it
    # ("the printer job runs on labels/* tags (v* tags no longer start it)")
    # … or a comment of the workflow itself ("# beta-* tags are not built since the release change")
    said_in = [(m, f, "the commit that wrote it says") for m, f in _workflow_commits(ctx)]
    for file, text in workflows(ctx.root):
        if "gitlab" not in file:
            said_in += [(c, [file], "its own comment says") for c in re.findall(r"(?m)(?:^|\s)#\s*([^\n]{8,300})", text)]
    for message, files, where in said_in:
        for sentence in re.split(r"(?<=[.;!?)])\s+|\(", message):
            # a family said with a placeholder ("nest-<job> tags are no longer read") is the same family as ``nest-*``
            sentence = re.sub(r"<[\w' -]{1,24}>|\{[\w' -]{1,24}\}", "*", sentence)
            # … or that nothing starts it any more ("v* were the old print shop's, nothing builds them")
            if not re.search(r"\b(?:no longer|not any ?more|any ?more|instead of|replac\w*|retired|stopped|dropped)\b"
                             r"|\bnothing\s+(?:\w+\s+)?(?:builds?|runs?|starts?|triggers?|deploys?|publish(?:es)?|"
                             r"releases?|picks?\s+up)\s+(?:them|it|those|these)\b"
                             r"|\b(?:was|were)\s+(?:the\s+)?(?:old|former|previous)\b"
                             r"|\b(?:is|are)\s+not\s+(?:sent|built|run|read|deployed|published|released|loaded)\s+"
                             r"(?:since|any\s?more|now)\b", sentence, re.I):
                continue
            old = next((g for g in re.findall(r"(?<![\w/.*-])([\w./-]*\*)", sentence) if fnmatchcase(name, g)
                        and "*" not in g[:-1]), None)
            if old is None:
                continue
            for file in files:
                new = [t for t in current.get(file, {}).get("tags", []) if t.endswith("*") and t != old
                       and "*" not in t[:-1]]
                if len(new) != 1:
                    continue
                tag = new[0][:-1] + name[len(old) - 1:]
                text = (action.text or "").strip()
                line_ = re.sub(rf"(?<![\w/.-]){re.escape(name)}(?![\w/.-])", tag, text)
                subject = message.strip().splitlines()[0] if message.strip() else ""
                return _premise(action, f"git.tag.trigger.{old}", name, tag, "git.ci-triggers",
                                f"{file} runs on tags `{new[0]}`, and {where} \"{_quote(subject)}\""
                                f" — a push of the tag `{name}` runs nothing", f"`{line_}` (the same version in the "
                                f"family `{new[0]}` that {file} runs on)", f"pushing the tag `{name}` runs {file}",
                                shown=f"`{line_}`")
    return _release_family_replaced(action, name, current, ctx)


def _release_family_replaced(action: Action, name: str, current: dict[str, dict[str, list[str]]], ctx: Any) -> Any:
    """``git push origin main:refs/tags/v2025.3`` where the tags of that shape (``v2025.2``, ``v2025.1``) all predate the
    commit that made releases run from another tag family ("releases from rel-* tags", writing a workflow that runs
    on ``rel-*`` only): the release tag is now spelled in the new family, and a tag of the old shape releases
    nothing (no workflow runs on it). The same date or version under the new family's prefix is the alternative."""
    from fnmatch import fnmatchcase

    from statewise_cli.recovery.premises import _premise

    re = _re()
    at = next((i for i, c in enumerate(name) if c.isdigit()), -1)
    if at < 0 or not re.fullmatch(r"[\d][\w.-]*", name[at:]) or "/" in name:
        return None
    prefix, rest = name[:at], name[at:]
    families = {(t, f) for f, v in current.items() for t in v.get("tags", []) if t}
    new = sorted({t for t, _f in families if t.endswith("*") and not any(c in t[:-1] for c in "*?[")
                  and not fnmatchcase(name, t)})
    if len(new) != 1 or len({t for t, _f in families}) != 1:
        return None  # one tag family starts the workflows, and the pushed name is not of it
    pattern = new[0]
    file = next(f for t, f in families if t == pattern)
    # the commit that wrote the trigger says releases come from that family
    said = ""
    for message, files in _workflow_commits(ctx):
        if file not in files:
            continue
        for sentence in re.split(r"(?<=[.;!?])\s+|\n", message):
            if pattern in sentence and re.search(r"(?i)\breleas\w*\b", sentence):
                said = sentence.strip()
                break
        if said:
            break
    if not said:
        return None
    code, out = ctx.git("log", "-n1", "--format=%ct", "-S", pattern, "--", file)
    since = int(out.strip()) if code == 0 and out.strip().isdigit() else None
    code, out = ctx.git("for-each-ref", "--format=%(refname:short) %(creatordate:unix)", "refs/tags")
    if since is None or code != 0:
        return None
    old = [(t, int(d)) for t, d in (ln.split(" ", 1) for ln in out.splitlines() if " " in ln)
           if t != name and t.startswith(prefix) and t[len(prefix):][:1].isdigit() and d.strip().isdigit()]
    if not old or any(d > since for _t, d in old):
        return None  # no earlier family of that shape, or it is still tagged after the new family came in
    tag = pattern[:-1] + rest
    text = (action.text or "").strip()
    line_ = re.sub(rf"(?<![\w.-]){re.escape(name)}(?![\w/.-])", tag, text)  # also in ``main:refs/tags/NAME``
    newest = max(old, key=lambda x: x[1])[0]
    return _premise(action, f"git.tag.trigger.{prefix or name}", name, tag, "git.ci-triggers",
                    f"{file} runs only on tags `{pattern}`, and the commit that wrote it says \"{_quote(said)}\"; the "
                    f"tags spelled like `{name}` (newest: {newest}) all predate it — a push of the tag `{name}` "
                    f"releases nothing", f"`{line_}` (the same name in the family `{pattern}` that {file} runs on)",
                    f"pushing the tag `{name}` runs {file}", shown=f"`{line_}`")


def _workflow_commits(ctx: Any) -> list[tuple[str, list[str]]]:
    """(commit message, workflow files it changed) of the last 30 commits that changed ``.github/workflows``."""
    code, out = ctx.git("log", "-n", "30", "--format=%x00%s%n%b%x01", "--name-only", "--", ".github/workflows")
    if code != 0:
        return []
    found: list[tuple[str, list[str]]] = []
    for chunk in out.split("\x00")[1:]:
        message, _, names = chunk.partition("\x01")
        found.append((message, [n.strip() for n in names.splitlines() if n.strip()]))
    return found


def _removed_filter_lines(ctx: Any) -> list[tuple[str, str, str]]:
    """(commit message, workflow file, removed line) of the last 30 commits that changed ``.github/workflows``: the
    lines a trigger's history took out, newest first."""
    code, out = ctx.git("log", "-n", "30", "--format=%x00%s%n%b%x01", "-p", "--unified=0", "--", ".github/workflows")
    if code != 0:
        return []
    found: list[tuple[str, str, str]] = []
    for chunk in out.split("\x00")[1:]:
        message, _, diff = chunk.partition("\x01")
        file = ""
        for line in diff.splitlines():
            if line.startswith("+++ b/"):
                file = line[6:]
            elif line.startswith("-") and not line.startswith("---") and file:
                found.append((message, file, line))
    return found


def routed_push(action: Action, repo: Any) -> tuple[str, str] | None:
    """(command, sentence): the push ``action`` retargeted to the branch the repository's documents route this work
    to (a sentence with a verb of routing naming a branch of the remote that the pushed commit fast-forwards), when a
    stop's own alternative would otherwise be a new topic branch; None when the documents route it nowhere."""
    from statewise_cli.recovery.premises import _LazyContext
    from statewise_cli.recovery.premises_refrules import _push_parts

    if action.operation != "git.push" or repo is None or not getattr(repo, "root", ""):
        return None
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    ctx = _LazyContext(repo, None, env, 2.0)
    parts = _push_parts(action, ctx)
    if parts is None or len(parts[1]) != 1:
        return None
    remote, ((src, ref, kind),) = parts
    if kind != "update" or not ref.startswith("refs/heads/"):
        return None
    name = ref[len("refs/heads/"):]
    if src in ("HEAD", "@", "") and repo.branch:
        src = repo.branch
    found = route_anywhere(ctx, remote, name, src)
    if found is None:
        return None
    return retarget(action, remote, src, name, found[0]), found[1]


def route_anywhere(ctx: Any, remote: str, name: str, src: str) -> tuple[str, str] | None:
    """``route`` over the repository's prose (``all_texts``), then over every other tracked page (``*.md``, ``*.rst``,
    ``*.txt``, at most 20) that names a branch of the remote — notes kept beside the work they are about
    (``hamlet/titles/OPERATING.md``): a stop's alternative is read only on a deny."""
    texts_now = all_texts(ctx, remote)
    found = route(ctx, remote, name, src, [p for _f, p in texts_now], live=False)
    if found is not None:
        return found
    # the comments of the hooks that judge a push before it is written (``pre-receive`` / ``update``): where a hook
    # that closes the branch says the work goes now ("fleet-config was renamed depot/fleet")
    receiving = [p for _f, p in _remote_hook_texts(ctx, remote, ("pre-receive", "update"))]
    found = route(ctx, remote, name, src, receiving, live=False) if receiving else None
    if found is not None:
        return found
    # the message the remote's hook gives when it rejects this ref ("X is retired; the reader takes the work from
    # Y"): said to whoever pushes there, so it speaks for where the work goes now
    said = _rejection_message(ctx, remote, name)
    found = route(ctx, remote, name, src, [said], live=False) if said else None
    if found is not None:
        return found
    from statewise_cli.recovery.premises import _read

    branches = [b for b in _remote_branch_names(ctx, remote) if b != name and len(b) > 2]
    if not branches:
        return None
    patterns = [x for b in branches[:30] for x in ("-e", b)]
    code, out = ctx.git("grep", "-l", "-I", "-F", "-w", *patterns, "--", "*.md", "*.rst", "*.txt", "*.adoc",
                        timeout=2.0)
    seen = {f for f, _p in texts_now}
    files = [f for f in out.splitlines() if f and f not in seen][:20] if code == 0 else []
    re = _re()
    paragraphs = [" ".join(p.split()) for f in files
                  for p in re.split(r"\n\s*\n", _read(os.path.join(ctx.root, f), 200_000) or "") if p.strip()]
    found = route(ctx, remote, name, src, paragraphs, live=False) if paragraphs else None
    if found is not None:
        return found
    # the messages of the commits that made the change ("Grading certificates go to certs-ukca from 2026-12-01;
    # certs is closed"): a decision recorded only where it was committed, newest first
    messages = _commit_messages(ctx)
    return route(ctx, remote, name, src, messages, live=False) if messages else None


def _rejection_message(ctx: Any, remote: str, name: str) -> str:
    """The message a hook of a remote on this machine prints when it rejects an update of branch ``name``."""
    from statewise_cli.recovery.premises_refrules import _remote_url, remote_rules

    url = _remote_url(ctx, remote)
    rules = remote_rules(url, ctx.root) if url else None
    if rules is None:
        return ""
    verdict, _evidence, message = rules.verdict(f"refs/heads/{name}", "update")
    return " ".join(message.split()) if verdict == "reject" and message else ""


def _commit_messages(ctx: Any, limit: int = 50) -> list[str]:
    """The messages (subject and body, whitespace folded) of the last ``limit`` commits of HEAD, newest first."""
    code, out = ctx.git("log", f"-n{limit}", "--no-merges", "--format=%B%x00", "HEAD", "--", timeout=2.0)
    if code != 0:
        return []
    return [" ".join(m.split()) for m in out.split("\x00") if m.strip()]
