"""Who else reads a ref — every place a repository says something outside this clone reads a branch or a tag —
and what a push of it changes for them.

A push that rewrites, deletes or moves a ref (``--force``, ``+src:dst``, ``--delete``, ``-f … refs/tags/x``) rests
on the premise "nobody else reads this ref"; a plain push into a branch a party outside the team pulls and acts on
(an importer that notifies attendees, a partner that deploys it) rests on "what I push here stays here". Both are
read from the repository, for consumers nobody listed:

==============================  ======================================================================================
the docs                        a sentence of README / CONTRIBUTING / MAINTAINERS / ``docs/**.md`` that names the ref
                                (```schedule```, "the schedule branch", "tag rev-c") with a verb of reading it (pulls,
                                imports, deploys / builds / ships from, mirrors, tracks, rebases, "built from"), or a
                                sentence that forbids moving / rewriting it ("never move it"); first-person notes
                                ("I rebase X every Friday", "I ordered 50 boards built from the tag") count the same
CI workflows                    ``on: push: branches / tags`` filters of ``.github/workflows/*.yml``, GitLab's
                                ``only:`` / ``$CI_COMMIT_BRANCH == "x"``: pushing the ref runs the workflow
the workflow's history          a filter that named the ref and now names another (``branches: [ota]`` →
                                ``[fleet]``): the ref triggers nothing any more, the other one is built
==============================  ======================================================================================

A paragraph that consents (``I'm fine with that``, ``go ahead``, ``approved``, ``push … to the x branch``) or says the
reading stopped (``no longer``, ``used to``) decides nothing. A verdict names the consumer; otherwise there is none.
File reads, one ``git log`` of the workflow folder for a plain push to a branch some workflow stopped building;
this module is imported only for a push.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_TOP = ("README.md", "CONTRIBUTING.md", "MAINTAINERS", "MAINTAINERS.md", "OWNERS", "OWNERS.md", "RELEASING.md",
        "DEVELOPMENT.md", "HACKING.md", ".github/CONTRIBUTING.md", "NOTES.md")
# a verb of reading a ref: who pulls / imports / deploys from / builds from / rebases it
_READS = (r"\b(?:pull(?:s|ed|ing)?|import(?:s|ed|ing)?|fetch(?:es|ed)?|clone(?:s|d)?|mirror(?:s|ed)?|track(?:s|ed)?|"
          r"sync(?:s|ed|hroni[sz]es)?|consume(?:s|d)?|rebase(?:s|d)?|deploy(?:s|ed)?\s+(?:it\s+)?from|"
          r"(?:build|builds|built|ship|ships|shipped|release[sd]?|publish(?:es|ed)?|run|runs|ran|cut|cuts|made|"
          r"manufactured|flashed|produced)\s+(?:\w+\s+){0,3}from|depend(?:s|ed)?\s+on|based\s+on|build(?:s)?\s+on|"
          r"watch(?:es|ed)?|subscribe[sd]?\s+to)\b")
# a sentence that forbids rewriting, moving or deleting the ref
_KEEP = (r"\b(?:never|do not|don't|must not|should not|nobody|no one)\s+(?:\w+\s+){0,2}(?:move|moves|rewrite|rewrites|"
         r"force[- ]?push(?:es)?|delete|deletes|re-?tag|retag|reset|rebase)\b")
# the reader acts outside the team: it notifies, publishes, deploys, ships to people
_OUTWARD = (r"\b(?:notif\w*|attendees?|customers?|clients?|subscribers?|vendor'?s?|partners?|public|production|prod|"
            r"live|deploy\w*|publish\w*|sends?|e-?mails?|users|players|stores?|fab|factory|printer|broadcast\w*|"
            r"fleet|devices|nightly|every\s+(?:night|day|morning|evening|hour|week)|etl|cron|scheduled|"
            r"at\s+\d{1,2}:\d{2}|extracts?|auditors?|regulators?|hospitals?|study\s+team|third[- ]party)\b")
_CONSENT = (r"\b(?:fine with|is fine|are fine|that'?s fine|go ahead|agreed|approved?|approves|ok(?:ay)? to|feel free|"
            r"allowed to|may (?:force|push|move|rewrite)|can (?:force|push|move|rewrite)|signed? (?:it )?off)\b")
# the paragraph gives the rewrite itself as the way the ref moves ("moving `stable` … is the release procedure: git tag -f
# stable vX.Y.Z, then force-push refs/tags/stable"): a mention of it that no negation governs
_REWRITE = (r"\b(?:move|moves|moved|moving|force[- ]?push(?:es|ed|ing)?|tag -f|tag --force|push -f|push --force|"
            r"re-?tag(?:s|ged|ging)?|rewrites?|rewriting|rewritten)\b")
_NEGATION = r"\b(?:never|not|don't|do not|nobody|no one|must not|mustn't|cannot|can't|won't|without)\b[^.;:]{0,40}$"
_STOPPED = r"\b(?:no longer|not any ?more|anymore|used to|stopped|retired|was the|formerly|old)\b"
# a sentence that says others work on the ref: "`staging` is QA's shared branch", "release candidates are merged there",
# "everyone pushes to it" — a rewrite takes their commits away
_SHARED = (r"\bshared\b|\bmerged\s+(?:there|into\s+it)\b|\b(?:everyone|everybody|others|the\s+team|colleagues|"
           r"all\s+of\s+us)\s+(?:push|commit|merge|work)\w*\s+(?:to|on|into|there|in)\b")

_DOC_CACHE: dict[str, tuple[tuple[tuple[str, float], ...], list[tuple[str, str]]]] = {}


def _re() -> Any:
    import re

    return re


# Top-level documents in capitals are the project's own pages (CONTRIBUTING.md, SECURITY.md, RELEASING.md,
# GOVERNANCE.md, STANDARDS.md, HANDOFF.md …), except the agents' memory files and the generated or legal ones.
_NOT_FOLDERS = frozenset({"node_modules", "vendor", "third_party", "third-party", "build", "dist", "target", "venv",
                          "env", "site-packages", "out", "tmp", "test", "tests", "fixtures", "testdata"})
_NOT_PAGES = ("CHANGELOG", "CHANGES", "HISTORY", "LICENSE", "LICENCE", "COPYING", "NOTICE", "AUTHORS", "CREDITS",
              "CLAUDE", "AGENTS", "GEMINI", "COPILOT", "CODE_OF_CONDUCT", "THIRD_PARTY_NOTICES")


def _branch_page(stem: str) -> bool:
    """A page named for how the team branches or ships (``Branching-Strategy.md``, ``branching_model.md``,
    ``deploying.md``, ``Contributing.md``), whatever its case."""
    low = stem.lower().replace("-", "_").replace(" ", "_")
    return any(w in low for w in ("branching", "branches", "contributing", "deploying", "deployment", "releasing",
                                  "workflow", "git_flow", "gitflow"))


def _changelog(path: str) -> bool:
    """Whether a page named CHANGES / HISTORY is a change log (its headings are versions, dates or "Changelog")
    rather than a note beside what it describes ("# Changing the pricing config")."""
    from statewise_cli.recovery.premises import _read

    head = (_read(path, 2_000) or "")[:2_000]
    re = _re()
    heading = (r"(?im)^#{1,3}\s*(?:\[?v?\d+\.\d+|\[?(?:19|20)\d\d-\d\d-\d\d\]?\s*$|"
               r"(?:change\s*log|changes|history|release\s+notes|unreleased)\b)")
    underlined = r"(?im)^(?:v?\d+\.\d+\S*|change\s*log|changes|history|release\s+notes)[^\n]{0,40}\n[-=~^]{3,}\s*$"
    return not head.strip() or bool(re.search(heading, head) or re.search(underlined, head))


def _doc_files(root: str) -> list[str]:
    names = [n for n in _TOP if os.path.isfile(os.path.join(root, n))]
    try:
        top = sorted(os.listdir(root))
    except OSError:
        top = []
    for n in top:
        stem, ext = os.path.splitext(n)
        if ext.lower() in (".md", ".rst", ".txt") and stem.isupper() and stem not in _NOT_PAGES and n not in names \
                and len(names) < 30 and os.path.isfile(os.path.join(root, n)):
            names.append(n)
    # the notes a team keeps beside what they describe: a page in a first-level folder named as a page
    # (``formulas/README.md``, ``tournaments/BUILDS.md``)
    for n in top[:80]:
        if n.startswith((".", "_")) or n in _NOT_FOLDERS or n == "docs" or not os.path.isdir(os.path.join(root, n)):
            continue
        try:
            inner = sorted(os.listdir(os.path.join(root, n)))[:80]
        except OSError:
            continue
        for m in inner:
            stem, ext = os.path.splitext(m)
            if ext.lower() not in (".md", ".rst", ".txt", ".markdown") or len(names) >= 60:
                continue
            if stem.isupper() and stem not in _NOT_PAGES or _branch_page(stem) or \
                    stem in ("CHANGES", "HISTORY") and not _changelog(os.path.join(root, n, m)):
                names.append(f"{n}/{m}")
    docs = os.path.join(root, "docs")
    for folder, dirs, files in os.walk(docs):
        depth = os.path.relpath(folder, docs).count(os.sep)
        if depth >= 2:
            dirs[:] = []
        dirs.sort()
        for name in sorted(files)[:60]:
            if name.endswith((".md", ".rst", ".txt")):
                names.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
        if len(names) > 150:
            break
    return names


def doc_paragraphs(root: str) -> list[tuple[str, str]]:
    """(file, flattened paragraph) of the top-level docs and ``docs/`` (two levels), cached by the files' mtimes."""
    from statewise_cli.recovery.premises import _read

    names = _doc_files(root)
    stamps = []
    for name in names:
        try:
            stamps.append((name, os.path.getmtime(os.path.join(root, name))))
        except OSError:
            continue
    key = tuple(stamps)
    cached = _DOC_CACHE.get(root)
    if cached is not None and cached[0] == key:
        return cached[1]
    re = _re()
    out: list[tuple[str, str]] = []
    for name, _ in stamps:
        text = _read(os.path.join(root, name), 200_000) or ""
        out += [(name, " ".join(p.split())) for p in re.split(r"\n\s*\n", text) if p.strip()]
    if len(_DOC_CACHE) > 16:
        _DOC_CACHE.clear()
    _DOC_CACHE[root] = (key, out)
    return out


# A family of refs as docs name it: ``release/*``, ``mirror/**``, ``deploy/*``, ``version-*``, ``v*``, ``steam-*``,
# ``preview/<topic>``, ``playtest-<build>``, ``feature/imu-fusion-<your name>``: a literal prefix, then a wildcard or
# a placeholder in angle brackets or braces.
_GLOB = r"(?<![\w/.*<-])([A-Za-z][\w.-]*(?:/[\w.-]+)*(?:/|-|_)?)(\*{1,2}|<[\w' -]{1,24}>|\{[\w' -]{1,24}\})(?![\w*])"


def ref_globs(text: str) -> list[str]:
    """The ref families a text names (``cro/*``, ``steam-*``, ``preview/<topic>``) as fnmatch patterns."""
    re = _re()
    out: list[str] = []
    for m in re.finditer(_GLOB, text):
        prefix = m.group(1)
        if len(prefix.rstrip("/-_")) < 1 or prefix.lower() in ("refs/", "refs/heads/", "refs/tags/", "origin/"):
            continue
        pattern = prefix + "*"
        if pattern not in out:
            out.append(pattern)
    return out


def _glob_names(text: str, name: str) -> str | None:
    """The family of refs in ``text`` that ``name`` belongs to, if any (a prefix of one character only for a
    version tag family such as ``v*``)."""
    from fnmatch import fnmatchcase

    for pattern in ref_globs(text):
        prefix = pattern[:-1]
        if len(prefix) < 2 and not (prefix == "v" and name[1:2].isdigit()):
            continue
        if fnmatchcase(name, pattern) and name != prefix:
            return pattern
    return None


def _scoped_globs(text: str, name: str) -> set[str]:
    """The ref families in ``text`` that cover ``name`` where a placeholder stands for one path segment: ``lab/<segment>``
    covers ``lab/t1`` and not ``lab/ana/t1``; ``lab/<your name>/`` covers what lies under one more segment
    (``lab/ana/t1``). A wildcard (``release/*``) keeps fnmatch's reach."""
    from fnmatch import fnmatchcase

    re = _re()
    out: set[str] = set()
    for m in re.finditer(_GLOB, text):
        prefix = m.group(1)
        if len(prefix.rstrip("/-_")) < 2 or prefix.lower() in ("refs/", "refs/heads/", "refs/tags/", "origin/"):
            continue
        if not name.startswith(prefix) or name == prefix:
            continue
        rest = name[len(prefix):]
        if m.group(2).startswith("*"):
            if fnmatchcase(name, prefix + "*"):
                out.add(prefix + "*")
            continue
        if text[m.end():m.end() + 1] == "/":
            head, sep, tail = rest.partition("/")
            if head and sep and tail:
                out.add(prefix + "*")
        elif "/" not in rest:
            out.add(prefix + "*")
    return out


# a sentence that lets the rewrite happen ("rebase them and force-push them as you like", "you may force-push
# those", "force-pushing them is fine"): a rewrite word that no negation governs, with a word of leave
# — or that prescribes it as the way the ref is updated ("rebuild it as a fresh branch and force-push it")
_REWRITE_OK = (r"\b(?:as you (?:like|wish|want|please)|is fine|are fine|freely|at will|whenever you (?:like|want)|"
               r"(?:may|can) (?:be )?(?:force[- ]?push|rebase|rewrit|amend)\w*|yours(?: alone)?\b|(?:feel )?free to|"
               r"(?:rebuild|regenerate|recreate|rebase|amend|squash)\s+(?:it|them)\b[^.;]{0,60}?\band\s+"
               r"force[- ]?push\s+(?:it|them)\b(?!\s+(?:only|if|when|once|after|before|unless)\b))")


def _rewrite_allowed(sentence: str) -> bool:
    re = _re()
    return bool(re.search(_REWRITE_OK, sentence, re.I) and _documents_rewrite(sentence)
                and not re.search(_NO_REWRITE, sentence, re.I))


def _names(sentence: str, name: str, kind: str) -> bool:
    """Whether a sentence names the ref: in a code span, as "the X branch" / "tag X", or by a family of refs it
    belongs to (``cro/*`` hand-off branches, ``steam-*`` tags)."""
    re = _re()
    n = re.escape(name)
    if re.search(rf"`(?:refs/(?:heads|tags)/)?{n}`", sentence):
        return True
    if _glob_names(sentence, name):
        return True
    word = "branch(?:es)?" if kind == "branch" else "tags?"
    return bool(re.search(rf"(?<![\w/.-]){n}(?![\w/-])\s+{word}\b|\b{word}\s+[\"']?{n}(?![\w/-])", sentence))


def _sentences(paragraph: str) -> list[str]:
    return [s for s in _re().split(r"(?<=[.!?;])\s+(?=[A-Z0-9`\"(])", paragraph) if s.strip()]


def _documents_rewrite(paragraph: str) -> bool:
    """Whether the paragraph mentions a rewrite of a ref with no negation before it in its clause."""
    re = _re()
    for m in re.finditer(_REWRITE, paragraph, re.I):
        if not re.search(_NEGATION, paragraph[max(0, m.start() - 60):m.start()], re.I):
            return True
    return False


def doc_consumers(root: str, name: str, kind: str) -> list[tuple[str, str, bool, bool]]:
    """(file, sentence, outward?, forbids rewriting?) for each sentence of the docs that says something reads the
    ref ``name`` (``kind`` ``branch`` / ``tag``), from paragraphs that neither consent nor say the reading stopped."""
    re = _re()
    found: list[tuple[str, str, bool, bool]] = []
    for file, paragraph in doc_paragraphs(root):
        if (name not in paragraph and not _glob_names(paragraph, name)) or re.search(_CONSENT, paragraph, re.I) \
                or _documents_rewrite(paragraph):
            continue
        sentences = _sentences(paragraph)
        named = [i for i, s in enumerate(sentences) if _names(s, name, kind)]
        for i in named:
            sentence = sentences[i]
            if re.search(_STOPPED, sentence, re.I):
                continue
            reads = bool(re.search(_READS, sentence, re.I))
            # "… built from the tag `rev-c`. That tag is what those boards are now; never move it."
            near = " ".join(sentences[i:i + 3])
            keeps = bool(re.search(_KEEP, near, re.I)) or bool(re.search(_SHARED, sentence, re.I))
            if reads or keeps:
                outward = bool(re.search(_OUTWARD, near, re.I))
                found.append((file, sentence[:240], outward, keeps))
    return found


# ------------------------------------------------------------------ CI triggers
def _items(value: str) -> list[str]:
    value = value.split("#", 1)[0].strip()
    if value.startswith("["):
        return [v.strip().strip("'\"") for v in value.strip("[]").split(",") if v.strip()]
    return [value.strip("'\"")] if value else []


def push_filters(text: str) -> dict[str, list[str]]:
    """``{"branches": [...], "tags": [...]}`` of a GitHub workflow's ``on: push`` (the lists it names)."""
    out: dict[str, list[str]] = {}
    lines = text.splitlines()
    in_on = in_push = False
    push_indent = -1
    current: str | None = None
    current_indent = -1
    for raw in lines:
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip())
        line = raw.strip()
        if indent == 0:
            in_on = line.rstrip(":").strip("'\"") in ("on", "true") and line.endswith(":")
            in_push = False
            current = None
            continue
        if not in_on:
            continue
        if line.startswith("push:"):
            in_push, push_indent, current = True, indent, None
            continue
        if in_push and indent <= push_indent:
            in_push, current = False, None
        if not in_push:
            continue
        key, sep, value = line.partition(":")
        if sep and key in ("branches", "tags") and not line.startswith("-"):
            current, current_indent = key, indent
            out.setdefault(key, []).extend(_items(value))
            continue
        if current and line.startswith("-") and indent >= current_indent:
            out[current].extend(_items(line[1:]))
            continue
        current = None
    return out


def _gitlab_filters(text: str) -> dict[str, list[str]]:
    re = _re()
    branches = re.findall(r"\$CI_COMMIT_(?:BRANCH|REF_NAME)\s*==\s*[\"']([^\"']+)[\"']", text)
    tags = re.findall(r"\$CI_COMMIT_TAG\s*=~\s*/\^?([^/$]+)", text)
    return {"branches": branches, "tags": [t.replace("\\", "").replace(".*", "*") for t in tags]}


def workflows(root: str) -> list[tuple[str, str]]:
    """(file, text) of the repository's CI definitions."""
    from statewise_cli.recovery.premises import _read

    out: list[tuple[str, str]] = []
    folder = os.path.join(root, ".github", "workflows")
    try:
        names = sorted(os.listdir(folder))[:40]
    except OSError:
        names = []
    for name in names:
        if name.endswith((".yml", ".yaml")):
            out.append((f".github/workflows/{name}", _read(os.path.join(folder, name), 100_000) or ""))
    for name in (".gitlab-ci.yml", ".gitlab-ci.yaml"):
        if os.path.isfile(os.path.join(root, name)):
            out.append((name, _read(os.path.join(root, name), 200_000) or ""))
    return out


def ci_consumers(root: str, name: str, kind: str) -> list[tuple[str, bool]]:
    """(workflow file, deploys?) for each CI definition whose push filter names the ref: by its name, or by a glob
    when the workflow deploys (a build of every ``feature/*`` branch reads nothing a rewrite takes away)."""
    from fnmatch import fnmatchcase

    re = _re()
    out: list[tuple[str, bool]] = []
    for file, text in workflows(root):
        filters = _gitlab_filters(text) if "gitlab" in file else push_filters(text)
        patterns = [p for p in filters.get("branches" if kind == "branch" else "tags", []) if p]
        deploys = bool(re.search(r"\b(?:deploy\w*|publish\w*|release|production|prod|upload|rollout)\b", text, re.I))
        if name in patterns or deploys and any(p not in ("*", "**") and fnmatchcase(name, p) for p in patterns):
            out.append((file, deploys))
    return out


# ------------------------------------------------------------------ the premises
def _quote(text: str) -> str:
    return text if len(text) <= 200 else text[:197] + "…"


_ROUTES = r"\b(?:go|goes|went|belong|belongs) (?:to|on|in)\b|\binstead\b|\bfrom now on\b|\bpush(?:ed)? (?:\w+ )?to\b"


def _other_branch(paragraphs: list[str], name: str, ctx: Any, remote: str, src: str = "") -> str | None:
    """A branch the same docs route work to beside ``name`` ("drafts go to `x-draft` from now on"): a code span in a
    sentence that routes, naming a branch this clone knows on ``remote``; or a family with a placeholder ("previews go
    to preview/<topic>"), filled with the last part of the pushed branch's name (``feature/search`` → ``preview/search``)."""
    re = _re()
    for paragraph in paragraphs:
        for sentence in _sentences(paragraph):
            if not re.search(_ROUTES, sentence, re.I):
                continue
            if src:
                for m in re.finditer(_GLOB, sentence):
                    if not m.group(2).startswith(("<", "{")) or _glob_names(m.group(0), name):
                        continue
                    leaf = src.rsplit("/", 1)[-1]
                    if leaf and leaf not in ("HEAD", "main", "master") and re.fullmatch(r"[\w.-]+", leaf):
                        return m.group(1) + leaf
            for span in re.findall(r"`([\w./-]+)`", sentence):
                if span == name or span.startswith("refs/"):
                    continue
                if ctx.git("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{span}")[0] == 0:
                    return span
    return None


def _on_remote(ctx: Any, remote: str, ref: str) -> bool:
    if ref.startswith("refs/heads/"):
        return ctx.git("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{ref[len('refs/heads/'):]}")[0] == 0
    return ctx.git("rev-parse", "-q", "--verify", ref)[0] == 0


def _live_tip(ctx: Any, remote: str, name: str) -> str:
    """The commit of ``name`` on ``remote`` now, for a remote on this machine (read from its files); "" otherwise."""
    from statewise_cli.recovery.premises import _remotes
    from statewise_cli.recovery.premises_git import remote_branches

    url = _remotes(ctx).get(remote)
    branches = remote_branches(url, ctx.root) if url else None
    return (branches or {}).get(name, "")


def consumer_premise(action: Action, ctx: Any) -> Any:
    """A push that rewrites, deletes or moves a ref something else reads, or that sends work into a branch a party
    outside the team pulls and acts on."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_refrules import _push_parts, namespaced

    if action.operation != "git.push":
        return None
    parts = _push_parts(action, ctx)
    if parts is None or not parts[1]:
        return None
    remote, pushed = parts
    text = (action.text or "").strip()
    for src, ref, kind in pushed:
        if not ref.startswith(("refs/heads/", "refs/tags/")):
            continue
        if src in ("HEAD", "@") and ctx.repo.branch:
            src = ctx.repo.branch
        rkind = "branch" if ref.startswith("refs/heads/") else "tag"
        name = ref.split("/", 2)[2]
        if not _on_remote(ctx, remote, ref):
            continue  # a new ref: nobody reads it yet
        if kind == "force" and rkind == "branch" and src:
            old = ctx.git("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{name}")
            tip = old[1].strip() if old[0] == 0 else ""
            live = _live_tip(ctx, remote, name)
            if live:
                tip = live  # the remote on this machine, as it is now (others may have pushed since the last fetch)
            if tip and ctx.git("merge-base", "--is-ancestor", tip, src)[0] == 0:
                kind = "update"  # a fast-forward, whatever the flag says
        docs = doc_consumers(ctx.root, name, rkind)
        if kind in ("force", "delete"):
            ci = ci_consumers(ctx.root, name, rkind)
            if not docs and not ci:
                continue
            what = "delete" if kind == "delete" else ("move" if rkind == "tag" else "rewrite")
            said = [f"{f}: \"{_quote(s)}\"" for f, s, _o, _k in docs[:2]] + [
                f"{f} runs on every push of it" + (" (it deploys)" if d else "") for f, d in ci[:2]]
            if rkind == "tag":
                alternative = (f"leave the tag `{name}` where it is and tag the new commit under a new name "
                               f"(`git tag <new-name> {src or 'HEAD'} && git push {remote} <new-name>`)")
            elif kind == "delete":
                alternative = f"leave `{name}` on {remote}: others read it"
            elif kind == "force" and (sibling := _other_branch(
                    [p for f, p in doc_paragraphs(ctx.root) if any(s in p for _f, s, _o, _k in docs)], name, ctx,
                    remote, src)):
                alternative = (f"`{text.replace(f':{name}', f':{sibling}', 1)}`" if f":{name}" in text and
                               text.count("git push") == 1 else f"`git push {remote} {src}:{sibling}`")
                alternative += " (the branch the same page routes this work to)"
            else:
                other = namespaced(ctx.repo, remote, f"{name.rsplit('/', 1)[-1]}-rewrite")
                alternative = f"`git push {remote} {src or name}:refs/heads/{other}` (the rewritten history under a new " \
                              f"branch name; `{name}` stays as its readers have it)"
            return _premise(action, f"git.ref.consumers.{name}", ref, "read by others", "git.ref-consumers",
                            f"something else reads {ref}: {'; '.join(said)} — a {what} of it changes what they have",
                            alternative, f"nobody else reads {ref}")
        if kind != "update" or rkind != "branch" or not src or src == name or src.endswith(f"/{name}"):
            continue
        outward = [(f, s) for f, s, o, _k in docs if o]
        if outward:
            # a push into a branch an outside party acts on is often the very task ("push it to the branch the agency
            # pulls"): only the same page routing this work to another branch says this push is not it
            paragraphs = [p for f, p in doc_paragraphs(ctx.root) if any(s in p for _f, s in outward)]
            sibling = _other_branch(paragraphs, name, ctx, remote)
            if sibling:
                alternative = f"`{text.replace(f':{name}', f':{sibling}', 1)}`" if f":{name}" in text and \
                    text.count("git push") == 1 else f"`git push {remote} {src}:{sibling}`"
                alternative += " (the branch the same page routes this work to)"
                f, s = outward[0]
                return _premise(action, f"git.ref.consumers.{name}", ref, "read by others", "git.ref-consumers",
                                f"{f}: \"{_quote(s)}\" — pushing {src} into `{name}` hands it to that reader, and the "
                                f"same page routes this work to `{sibling}`", alternative,
                                f"what is pushed to {ref} stays with the team")
        moved = moved_trigger(ctx, name)
        if moved is None and src and src != ctx.repo.branch:
            # GitHub runs the workflow files of the pushed commit: the branch's own copy of a workflow builds it, the
            # pushed commit's copy names another branch instead
            moved = moved_trigger(ctx, name, src)
            if moved is not None and name not in push_filters(dict(_workflows_at(
                    ctx, f"refs/remotes/{remote}/{name}")).get(moved[0], "")).get("branches", []):
                moved = None
        if moved is not None:
            file, now, subject = moved
            alternative = f"`{text.replace(f':{name}', f':{now}', 1)}`" if f":{name}" in text and \
                text.count("git push") == 1 else f"`git push {remote} {src}:{now}`"
            return _premise(action, f"git.ref.consumers.{name}", name, now, "git.ci-triggers",
                            f"{file} no longer runs on pushes of `{name}`: its push filter names `{now}` since "
                            f"\"{_quote(subject)}\"", alternative, f"pushing `{name}` runs {file}", shown=now)
    return None


def _workflows_at(ctx: Any, rev: str) -> list[tuple[str, str]]:
    """(file, text) of the GitHub workflows in the tree of ``rev`` (what a push of that commit runs)."""
    code, out = ctx.git("ls-tree", "--name-only", f"{rev}:.github/workflows")
    if code != 0:
        return []
    found: list[tuple[str, str]] = []
    for name in sorted(out.split())[:40]:
        if name.endswith((".yml", ".yaml")):
            code, text = ctx.git("show", f"{rev}:.github/workflows/{name}")
            if code == 0:
                found.append((f".github/workflows/{name}", text[:100_000]))
    return found


def moved_trigger(ctx: Any, name: str, rev: str | None = None) -> tuple[str, str, str] | None:
    """(workflow, the branch it builds now, the commit's subject) when a workflow's push filter named ``name`` and a
    later commit replaced it by one other branch that the filter still names. With ``rev``, the workflows are those
    of that commit and its history: GitHub runs the workflow files of the commit a push sends, so a branch made
    from the one the filter moved to does not run the old filter's workflow when pushed to the old branch."""
    if rev is not None and (rev.startswith("-") or ctx.git("rev-parse", "-q", "--verify", f"{rev}^{{commit}}")[0] != 0):
        return None
    files = _workflows_at(ctx, rev) if rev is not None else [(f, t) for f, t in workflows(ctx.root) if "gitlab" not in f]
    current = {f: push_filters(t).get("branches", []) for f, t in files}
    if not current or any(name in v for v in current.values()):
        return None
    code, out = ctx.git("log", "-n", "30", "--format=%x00%s", "-p", "--unified=0", *([rev] if rev else []), "--",
                        ".github/workflows")
    if code != 0:
        return None
    re = _re()
    for chunk in out.split("\x00")[1:]:
        subject, _, diff = chunk.partition("\n")
        file = None
        removed: dict[str, list[str]] = {}
        added: dict[str, list[str]] = {}
        for line in diff.splitlines():
            if line.startswith("+++ b/"):
                file = line[6:]
                continue
            m = re.match(r"^([+-])\s*branches\s*:\s*(\[.*\]|\S.*)$", line)
            if m and file:
                (removed if m.group(1) == "-" else added).setdefault(file, []).extend(_items(m.group(2)))
        for wf, old in removed.items():
            new = added.get(wf, [])
            if name in old and name not in new:
                fresh = [b for b in new if b not in old and "*" not in b]
                if len(fresh) == 1 and fresh[0] in current.get(wf, []):
                    return wf, fresh[0], subject
    return None


# ------------------------------------------------------------------ published history
# A paragraph that forbids rewriting what was pushed: "no amend, no force-push", "never amended or force-pushed",
# "No `--force` pushes or modifying the git history", "Never amend commits or force-push to shared branches",
# "Do not rewrite published history".
_NO_REWRITE = (r"\b(?:never|no|not|don't|do not|must not|mustn't|may not|cannot|can't|nobody|no one)\b[^.;:!?]{0,40}?"
               r"(?:\bamend(?:s|ed|ing)?\b|\bforce[- ]?push(?:es|ed|ing)?\b|`?--force`?\s+push(?:es)?|\brewrit(?:e|es|ten|ing)\b|"
               r"\bmodify(?:ing)?\s+(?:the\s+)?(?:git\s+)?history\b|\brebas(?:e|ed|ing)\b|\bsquash(?:ed|ing)?\b)")
_REWRITERS = ("git.rebase", "git.reset", "git.filter-branch", "git.filter-repo")


def _heading_above(root: str, file: str, paragraph: str) -> str:
    """The nearest Markdown heading before ``paragraph`` in ``file`` (its title, without the #)."""
    last = ""
    for f, p in doc_paragraphs(root):
        if f != file:
            continue
        if p == paragraph:
            return last
        if p.startswith("#"):
            last = p.lstrip("#").strip()
    return last


def _amends(before: list[Action]) -> Action | None:
    for a in before:
        if a.operation == "git.commit" and "--amend" in a.arguments:
            return a
    return None


def _new_commit_alternative(root: str, amend: Action, paragraph: str, push: Action, ctx: Any) -> str:
    """The same command line with the amend made a new commit on top and the push without force: the amend's own
    options less the amend, a message in the form the page asks for ("message starting 'Correction:'") or naming the
    commit it corrects."""
    import shlex

    re = _re()
    m = re.search(r"(?i)\bmessages?\s+(?:starting|beginning|prefixed)\s+(?:with\s+)?['\"`“]([^'\"`”]{1,24})['\"`”]", paragraph)
    code, subject = ctx.git("log", "-1", "--format=%s")
    subject = subject.strip() if code == 0 else ""
    prefix = m.group(1).strip() if m else "Correct:"
    message = f"{prefix} {subject}".strip() if subject else prefix
    out: list[str] = []
    for segment in re.split(r"\s*(&&|;|\|\|)\s*", (push.text or "").strip()):
        if segment in ("&&", ";", "||"):
            out.append(segment)
            continue
        try:
            words = shlex.split(segment)
        except ValueError:
            return ""
        if words[:2] == ["git", "commit"] and "--amend" in words:
            keep: list[str] = []
            skip = False
            for arg in words[2:]:
                if skip:
                    skip = False
                    continue
                if arg in ("--amend", "--no-edit", "--reset-author"):
                    continue
                if arg in ("-C", "-c", "--reuse-message", "--reedit-message", "-m", "--message", "-F", "--file"):
                    skip = True
                    continue
                if arg.startswith(("--reuse-message=", "--reedit-message=", "--message=", "--file=", "-m")):
                    continue
                keep.append(arg)
            out.append(" ".join(["git", "commit", *[shlex.quote(k) for k in keep], "-m", shlex.quote(message)]))
        elif words[:2] == ["git", "push"]:
            kept = [w.lstrip("+") if not w.startswith("-") else w for w in words
                    if w not in ("-f", "--force", "--force-with-lease") and not w.startswith(("--force-with-lease=",
                                                                                              "--force-if-includes"))]
            out.append(" ".join(shlex.quote(w) for w in kept))
        else:
            out.append(segment)
    return "`" + " ".join(out) + "`"


# A sentence that lets the branches it names be rewritten by whoever owns them: "are yours alone: rebase them and
# force-push them as you like", "may be force-pushed", "force-push it whenever you like". Stricter than the
# ``_REWRITE_OK`` of ``_rewrite_allowed`` above, and named apart from it: it decides between families of one page.
_FAMILY_REWRITE_OK = (r"(?i)\b(?:force[- ]?push(?:es|ed)?\s+(?:them|it)\s+(?:as\s+you\s+(?:like|wish|need)|freely|whenever|any\s*time|"
               r"at\s+will)|(?:may|can)\s+(?:be\s+)?force[- ]?push(?:ed)?|(?:are|is)\s+(?:yours|mine|theirs|his|hers)\s+alone|"
               r"rebase\s+(?:them|it)\s+and\s+force[- ]?push)")


def _family_permits(paragraph: str, name: str) -> bool:
    """Of the ref families a paragraph's sentences name that hold ``name``, the narrowest one is named by a sentence
    that lets it be rewritten (and keeps nothing): "shared bench branches (bench/<site>) are never force-pushed.
    Branches under bench/<your name>/ are yours alone: force-push them" — ``bench/ana/north`` is two levels below
    ``bench/``, so the placeholder of one level does not hold it and the personal family decides."""
    from fnmatch import fnmatchcase

    re = _re()
    best: tuple[int, bool] | None = None
    for sentence in _sentences(paragraph):
        forbids = re.search(_NO_REWRITE, sentence, re.I) is not None
        permits = re.search(_FAMILY_REWRITE_OK, sentence) is not None
        if forbids == permits:
            continue
        for m in re.finditer(_GLOB, sentence):
            prefix, mark = m.group(1), m.group(2)
            if not name.startswith(prefix) or name == prefix:
                continue
            deeper = sentence[m.end():m.end() + 1] == "/"
            if mark.startswith("*"):
                if not fnmatchcase(name, prefix + "*"):
                    continue
            else:
                levels = name[len(prefix):].split("/")
                if (deeper and len(levels) < 2) or (not deeper and len(levels) != 1):
                    continue  # a placeholder stands for one level of the name
            rank = len(prefix) + (1 if deeper else 0)
            if best is None or rank > best[0]:
                best = (rank, permits)
    return best is not None and best[1]


def published_history_premise(action: Action, before: list[Action], ctx: Any) -> Any:
    """A force-push that rewrites the default branch (or a branch the page names) where a page of the repository says
    pushed history is never rewritten ("no amend, no force-push"). A page that names branches speaks for those only;
    one that names none speaks for the repository's published history, its default branch."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_git import _remote_head
    from statewise_cli.recovery.premises_refrules import _push_parts

    if action.operation != "git.push":
        return None
    parts = _push_parts(action, ctx)
    if parts is None or not parts[1]:
        return None
    remote, pushed = parts
    amend = _amends(before)
    rewrites_here = amend is not None or any(a.operation in _REWRITERS for a in before)
    re = _re()
    for src, ref, kind in pushed:
        if kind != "force" or not ref.startswith("refs/heads/"):
            continue
        name = ref[len("refs/heads/"):]
        if src in ("HEAD", "@", "") and ctx.repo.branch:
            src = ctx.repo.branch
        old = ctx.git("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{name}")
        if old[0] != 0:
            continue  # not on the remote: nothing published yet
        if not rewrites_here and src and ctx.git("merge-base", "--is-ancestor", old[1].strip(), src)[0] == 0:
            continue  # a fast-forward, whatever the flag says
        default = _remote_head(ctx, remote) or ("main" if _on_remote(ctx, remote, "refs/heads/main") else
                                                "master" if _on_remote(ctx, remote, "refs/heads/master") else None)
        from statewise_cli.recovery.premises_refpurpose import _remote_default_texts

        # the work tree's pages, and the default branch's where a colleague wrote since this branch was cut
        for file, paragraph in doc_paragraphs(ctx.root) + _remote_default_texts(ctx, remote):
            hit = re.search(_NO_REWRITE, paragraph, re.I)
            if hit is None or re.search(r"(?i)\b(?:your own|own (?:feature |topic )?branch|private branch|personal branch)\b",
                                        paragraph):
                continue

            def _named(text: str, name: str = name) -> set[str]:
                spans = {s for s in re.findall(r"`([\w./-]+)`", text)}
                words = set(re.findall(r"(?<![\w/.-])([\w][\w./-]*)(?![\w/-])", text))
                found = {w for w in spans | words if w == name or _on_remote(ctx, remote, f"refs/heads/{w}")}
                return found | _scoped_globs(text, name)

            # another sentence of the page lets the branch's family be rewritten ("shared branches are never
            # force-pushed. Branches under lab/<your name>/ are yours: force-push them as you like"): it
            # speaks for the branch unless the forbidding clause names the branch itself
            allowed = [s for s in _sentences(paragraph) if _rewrite_allowed(s) and _named(s)]
            if allowed and not any(name in _named(c) for c in _sentences(paragraph)
                                   if re.search(_NO_REWRITE, c, re.I)):
                continue

            # the clause that forbids the rewrite says which branches it keeps ("update yours with git push
            # --force-with-lease; main itself is never force-pushed" keeps main only); a clause naming none, the page
            clause = next((c for c in re.split(r"(?<=[.;!?])\s+", paragraph) if re.search(_NO_REWRITE, c, re.I)), "")
            named = _named(clause) or _named(paragraph)
            if named:
                if name not in named and not any(_glob_names(g, name) for g in named if g.endswith("*")):
                    continue  # the page speaks of other branches
            elif name != default:
                continue  # a page naming no branch speaks for the published history: the default branch
            if _family_permits(paragraph, name):
                continue  # "bench/<your name>/ … are yours alone: force-push them": the narrowest family of the branch
            sentence = next((s for s in _sentences(paragraph) if re.search(_NO_REWRITE, s, re.I)), hit.group(0))
            heading = _heading_above(ctx.root, file, paragraph)
            where = f"{file} ({_quote(heading)})" if heading else file
            line = _new_commit_alternative(ctx.root, amend, paragraph, action, ctx) if amend is not None else ""
            if line:
                alternative = line + " (the change as a new commit on top; nothing pushed is rewritten)"
            else:
                alternative = (f"`git pull --no-rebase {remote} {name}` then `git push {remote} {src or name}:{name}` "
                               f"(merge instead of rewriting; nothing pushed is rewritten)")
            return _premise(action, f"git.ref.history.{name}", ref, "history kept", "git.ref-consumers",
                            f"{where} says: \"{_quote(sentence)}\" — this force-push rewrites {remote}/{name}, whose "
                            f"pushed commits the page keeps", alternative, f"{remote}/{name} may be rewritten")
    return None


# ------------------------------------------------------------------ a tag family that now goes out
_CHANGED = r"\b(?:since|now|from now on|no longer|any ?more|became|becomes|as of|starting|from (?:today|\d))\b|\b20\d\d-\d\d-\d\d\b"
_TAGGED = r"\b(?:tag(?:ged)?|tags?\s+(?:them|it)?\s*(?:as|with)?)\b"
_ASSIGNED = r"\b(?:are|is|get|gets|got|were|was)\s+(?:always\s+|now\s+)?tagged\b|\btag\s+(?:them|it|those|these)\s+(?:as|with)\b"


def _new_tag(before: list[Action], pushed: str) -> bool:
    for a in before:
        if a.operation == "git.tag":
            names = [w for w in a.arguments if not w.startswith("-")]
            if names and names[0] == pushed and not any(f in a.arguments for f in ("-d", "--delete", "-l", "--list")):
                return True
    return False


def tag_route_premise(action: Action, before: list[Action], ctx: Any) -> Any:
    """A push of a new tag of a family a dated page says now goes out (``steam-*`` tags go live for every player since
    the launch) while the same page tags another kind of build with another family (``playtest-<build>``): the tag
    the agent remembers for that kind of build is the outward one now. The alternative is the same line with the tag
    of the other family (``playtest-1042``)."""
    from statewise_cli.recovery.premises import _operands, _premise

    if action.operation != "git.push":
        return None
    operands = [str(a) for a in _operands(action.arguments)]
    if len(operands) < 2:
        return None
    remote = operands[0]
    names = [o.removeprefix("refs/tags/") for o in operands[1:]]
    re = _re()
    for name in names:
        if ":" in name or not (_new_tag(before, name) or (
                ctx.git("rev-parse", "-q", "--verify", f"refs/tags/{name}")[0] == 0 and
                not _on_remote(ctx, remote, f"refs/heads/{name}"))):
            continue
        for file, paragraph in doc_paragraphs(ctx.root):
            family = _glob_names(paragraph, name)
            if family is None or not re.search(_CHANGED, paragraph, re.I) or re.search(_CONSENT, paragraph, re.I):
                continue
            sentences = _sentences(paragraph)
            # the sentence that assigns the family to a kind of build ("test builds are tagged rc-<version>; only
            # test store 07 pulls those") is the route itself, not a family that goes out
            out = next((s for s in sentences if _glob_names(s, name) and re.search(_OUTWARD, s, re.I)
                        and not re.search(_STOPPED, s, re.I) and not re.search(_ASSIGNED, s, re.I)), None)
            if out is None:
                continue
            suffix = name[len(family) - 1:]
            sibling = None
            for s in sentences:
                if s == out or not re.search(_TAGGED, s, re.I):
                    continue
                for m in re.finditer(_GLOB, s):
                    other = m.group(1) + "*"
                    if other != family and m.group(1) and not _glob_names(other, name):
                        # a kind word the action's tag carries that the sibling sentence names as its kind of build
                        # ("v4.2.0-test" where "test builds are tagged rc-<version>"): the family's tag is without it
                        kind = re.search(r"[-_.]([a-z]+)$", suffix)
                        bare = suffix[:kind.start()] if kind and re.search(rf"\b{kind.group(1)}\b", s, re.I) else suffix
                        sibling = m.group(1) + bare
                        break
                if sibling:
                    break
            if not sibling:
                continue
            text = (action.text or "").strip()
            line = re.sub(rf"(?<![\w/.-]){re.escape(name)}(?![\w/-])", sibling, text)
            return _premise(action, f"git.tag.route.{family}", name, sibling, "git.ref-consumers",
                            f"{file}: \"{_quote(out)}\" — the tag {name} is one of {family}, which goes out; the same "
                            f"page tags the other builds {sibling.rsplit(suffix, 1)[0]}…", f"`{line}`",
                            f"a tag {name} stays with the team", shown=f"`{line}`")
    return None
