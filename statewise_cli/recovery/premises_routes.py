"""What the repository's docs say replaced a git workflow — read from the docs, for tools and flows nobody listed.

- **a retired tool or bridge** — ``arc diff`` after the review server's client configuration was deleted,
  ``git svn dcommit`` in a clone with no ``svn-remote``: a paragraph of the docs names the tool (or the
  service its deleted configuration pointed at) in a sentence that says it is retired, gone, shut down or
  no longer used. The premise "this tool is how changes leave here" is false; the alternative is the
  command that paragraph gives (a code span, or "release with git push upstream trunk"), with the push of
  the current branch first when the paragraph says to push it before opening a review.
- **a branch moved only by a named command** — ``git push origin main:stable`` where a paragraph names
  the branch in a code span, restricts how it moves (only / never / restricted) and gives the command
  that moves it (``gh workflow run rollout.yml``): that command is the alternative, in place of the
  generic pull request of a protected-branch stop.

File reads only (a config read for the bridge); nothing here denies without a paragraph that says so.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_DOCS = ("README.md", "CONTRIBUTING.md", ".github/CONTRIBUTING.md", "DEVELOPMENT.md", "DEVELOPING.md", "HACKING.md",
         "RELEASING.md", "docs/README.md",
         # the checklist every change is reviewed against says how the work is done now
         ".github/pull_request_template.md", ".github/PULL_REQUEST_TEMPLATE.md", "PULL_REQUEST_TEMPLATE.md",
         "docs/pull_request_template.md", ".gitlab/merge_request_templates/Default.md")
_RETIRED = (r"\bretired\b", r"\bretiring\b", r"\bis gone\b", r"\bare gone\b", r"\bdecommissioned\b", r"\bshut down\b",
            r"\bno longer (?:used|exists?|in use|maintained|available|supported)\b", r"\bsunset\b", r"\bturned off\b",
            r"\bdeprecated\b", r"\bwas removed\b", r"\bhas been removed\b", r"\bis not used\b", r"\bnot used any ?more\b",
            r"\bread[- ]only since\b")
_RESTRICTS = (r"\bonly\b", r"\bnever\b", r"\brestrict", r"\bnobody\b", r"\bno one\b", r"\bmust not\b", r"\bdo not\b")
# A command in prose: "release with git push upstream trunk", "run gh workflow run x.yml".
_PROSE_COMMAND = r"\b(?:with|run|use|via|using)\s+((?:git|gh|glab|tea|hub)\s+[\w./:@=+-]+(?:\s+[\w./:@=+-]+){0,5}?)(?=\s*(?:[.;,)]|$))"

_CACHE: dict[tuple[str, float], list[str]] = {}


def _re() -> Any:
    import re

    return re


def paragraphs(root: str) -> list[tuple[str, str]]:
    """(doc file, flattened paragraph) of the top-level docs and the docs/ folder."""
    from statewise_cli.recovery.premises import _read

    names = list(_DOCS)
    try:
        names += [f"docs/{n}" for n in sorted(os.listdir(os.path.join(root, "docs")))[:40] if n.endswith((".md", ".rst"))]
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
        cached = _CACHE.get((path, stamp))
        if cached is None:
            cached = [" ".join(p.split()) for p in re.split(r"\n\s*\n", _read(path, 200_000) or "") if p.strip()]
            if len(_CACHE) > 64:
                _CACHE.clear()
            _CACHE[(path, stamp)] = cached
        out += [(name, p) for p in cached]
    return out


def _commands(paragraph: str, not_words: set[str]) -> list[str]:
    """Commands a paragraph gives: code spans whose first word is a program, and prose commands."""
    re = _re()
    found: list[str] = []
    for span in re.findall(r"`([^`]+)`", paragraph):
        first = span.split(" ", 1)[0]
        if " " in span and re.fullmatch(r"[a-z][\w.-]*", first) and first not in not_words and "<" not in span:
            found.append(span.strip())
    for m in re.finditer(_PROSE_COMMAND, paragraph):
        cmd = m.group(1).strip().rstrip(".:")
        if cmd.split(" ", 1)[0] not in not_words and cmd not in found:
            found.append(cmd)
    return found


def _quoted(name: str, paragraph: str) -> str:
    return f"{name} says: \"{paragraph[:300].replace('`', chr(39))}\""


def _service_names(ctx: Any, tool: str) -> set[str]:
    """Names the tool's deleted configuration points at: a ``<service>.uri`` key, a URL's host labels."""
    from statewise_cli.recovery.premises_conventions import own_files
    from statewise_cli.recovery.premises_files import _deletions

    names: set[str] = set()
    deleted = _deletions(ctx)
    re = _re()
    for path in own_files(tool):
        if path not in deleted or os.path.exists(os.path.join(ctx.root, path)):
            continue
        commit = deleted[path].split(" ", 1)[0]
        code, old = ctx.git("show", f"{commit}^:{path}")
        if code != 0:
            continue
        names.update(m.lower() for m in re.findall(r"[\"']([A-Za-z][\w-]{3,})\.(?:uri|url|host|server)[\"']", old))
        for host in re.findall(r"https?://([\w.-]+)", old):
            names.update(label for label in host.lower().split(".")[:-1] if len(label) > 3 and label != "www")
    return names


def retired_tool_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """A tool or bridge the docs say is retired, whose configuration is gone from the repository."""
    from statewise_cli.recovery.premises import _premise

    if action.operation == "git.svn":
        tool, names = "git-svn", {"git-svn", "git svn"}
        config = os.path.join(ctx.repo.common_dir, "config")
        try:
            with open(config, encoding="utf-8", errors="replace") as fh:
                if "[svn-remote" in fh.read(200_000):
                    return None  # the bridge is configured in this clone
        except OSError:
            return None
    elif action.operation == "git.send-email":
        tool, names = "git-send-email", {"git-send-email", "git send-email", "send-email"}
        code, out = ctx.git("config", "--get", "sendemail.smtpserver")
        host = out.strip().lower() if code == 0 else ""
        names |= {label for label in host.split(".")[:-1] if len(label) > 3 and label != "mail"} | (
            {"smtp"} if host else set())
    else:
        from statewise_cli.recovery.premises_conventions import own_files
        from statewise_cli.recovery.premises_tools import _invoked

        invoked = _invoked(words)
        if invoked is None:
            return None
        tool = os.path.basename(invoked[0]).lower()
        own = own_files(tool)
        if not own or any(os.path.exists(os.path.join(ctx.root, f)) for f in own):
            return None  # a tool with no known configuration, or one still configured here
        names = {tool} | _service_names(ctx, tool)
        if names == {tool}:
            return None
    re = _re()
    for name, paragraph in paragraphs(ctx.root):
        low = paragraph.lower()
        for sentence in re.split(r"(?<=[.;:!?])\s+", low):
            if not any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", sentence) for n in names):
                continue
            if not any(re.search(p, sentence) for p in _RETIRED):
                continue
            commands = _commands(paragraph, {tool, tool.split("-")[-1]})
            commands = [c for c in commands if not c.startswith(("git svn", "git send-email", f"{tool} "))]
            if not commands:
                continue
            command = commands[0]
            branch = getattr(ctx.repo, "branch", None)
            if (re.match(r"(?:gh pr|glab mr|tea pr|hub pull-request)", command) and "push" in low and branch
                    and "origin" in low):
                command = f"git push -u origin {branch} && {command}"
            spelled = tool.replace("-", " ", 1) if tool.startswith("git-") else tool  # as a command line writes it
            return _premise(action, f"tool.retired.{tool}", spelled, command, "repo.docs", _quoted(name, paragraph),
                            f"`{command}` (what the docs give in its place; {tool} is retired here)",
                            f"{tool} is how changes leave here", shown=f"`{command}`")
    return None


def documented_route_premise(action: Action, ctx: Any) -> Any:
    """A push to a branch the docs say moves only through a named command (a workflow, a release tool)."""
    from statewise_cli.recovery.premises import _premise

    refs = [str(a) for a in action.arguments if not str(a).startswith("-")][1:]
    if len(refs) != 1 or ":" not in refs[0]:
        targets = [r.lstrip("+") for r in refs]
    else:
        targets = [refs[0].lstrip("+").split(":", 1)[1]]
    targets = [t.removeprefix("refs/heads/") for t in targets if t]
    if len(targets) != 1:
        return None
    branch = targets[0]
    re = _re()
    for name, paragraph in paragraphs(ctx.root):
        if f"`{branch}`" not in paragraph:
            continue
        low = paragraph.lower()
        if not any(re.search(p, low) for p in _RESTRICTS) or not re.search(
                r"\b(?:promot|updat|move[sd]?\b|push|advanc|fast-forward|publish)", low):
            continue
        commands = [c for c in _commands(paragraph, set()) if not c.startswith(("git push", "git merge", "git rebase"))]
        if len(commands) != 1:
            continue
        return _premise(action, "git.branch.moved_via", branch, commands[0], "repo.docs", _quoted(name, paragraph),
                        f"`{commands[0]}` (how the docs say {branch} moves)", f"{branch} is updated by a push")
    return None


def rolling_tag(root: str, name: str) -> bool:
    """The docs describe the tag ``name`` (in a code span) as one that moves: a rolling tag, one a job moves."""
    re = _re()
    for _, paragraph in paragraphs(root):
        if f"`{name}`" in paragraph and re.search(r"\brolling\b|\bmove[sd]?\b(?! to a new name)", paragraph.lower()):
            return True
    return False


def checked_out_branch_premise(action: Action, ctx: Any) -> Any:
    """``git push lee HEAD:main`` where ``lee`` is a working clone on this machine with ``main`` checked out:
    git refuses to update a checked-out branch. The branch to push to instead is the namespace the docs give
    for that remote ("push to a branch under review/ on it"), else the current branch's own name."""
    from statewise_cli.recovery.premises import _premise, _remotes

    words = [str(a) for a in action.arguments if not str(a).startswith("-")]
    if len(words) != 2:
        return None
    remote, spec = words
    url = _remotes(ctx).get(remote)
    if not url or "://" in url or url.startswith("git@"):
        return None
    path = url if os.path.isabs(url) else os.path.normpath(os.path.join(ctx.root, url))
    from statewise_cli.recovery.premises import _read

    head = _read(os.path.join(path, ".git", "HEAD"), 400)
    if not head or not head.startswith("ref: refs/heads/"):
        return None  # a bare repository, or not one on this machine
    checked = head.strip()[len("ref: refs/heads/"):]
    config = _read(os.path.join(path, ".git", "config"), 100_000) or ""
    if "denycurrentbranch" in config.lower().replace(" ", ""):
        return None  # the clone says how it takes pushes to its checked-out branch
    dst = spec.lstrip("+").split(":")[-1].removeprefix("refs/heads/")
    if dst != checked:
        return None
    branch = ctx.repo.branch or "topic"
    re = _re()
    target = branch
    quoted = ""
    for name, paragraph in paragraphs(ctx.root):
        if not (f"`{remote}`" in paragraph or re.search(rf"(?i)\bthe\s+{re.escape(remote)}\s+remote\b", paragraph)):
            continue
        m = re.search(r"\bunder\s+`?([\w.-]+)/`?", paragraph)
        if m:
            target, quoted = f"{m.group(1)}/{branch}", _quoted(name, paragraph)
            break
    text = (action.text or "").strip()
    alternative = f"`git push {remote} HEAD:refs/heads/{target}`"
    return _premise(action, "git.remote.checked_out", f"{remote} takes pushes to {checked}", f"{checked} is checked out",
                    "git.remote", f"{remote} is a working clone ({url}) with `{checked}` checked out: git refuses to "
                    f"update a checked-out branch, so `{text[:80]}` is rejected" + (f"; {quoted}" if quoted else ""),
                    alternative, f"{remote} takes pushes to {checked}")


# What a sentence says of a branch no one uses any more (beside ``_RETIRED``).
_BRANCH_RETIRED: tuple[str, ...] = (r"\bold name\b", r"\bformer name\b", r"\barchived\b", r"\bobsolete\b", r"\bsuperseded\b",
                   r"\bend[- ]of[- ]life\b", r"\bfrozen (?:for (?:history|good|ever)|permanently|forever)\b",
                   r"\bnothing (?:builds|merges|deploys|ships|releases|reads|pulls) (?:from |it\b)",
                   r"\bno one (?:builds|merges|deploys) (?:from |it\b)", r"\bno longer (?:merged|built|deployed|read)\b",
                   r"\b(?:was|has been|got) renamed\b", r"\b(?:was|has been|got) replaced\b", r"\bdead\b",
                   r"\bwill be deleted\b", r"\bis deleted\b", r"\bbe deleted\b")
# What a reader of a branch does with it, said of readers that stopped ("no handheld reads X any more").
_STOPPED_READING = r"(?:reads?|uses?|loads?|pulls?|polls?|builds?|deploys?|watch(?:es)?|fetch(?:es)?|syncs?)"
_BRANCH_RETIRED += (rf"\bno\s+(?:[\w'-]+\s+){{1,2}}?{_STOPPED_READING}\s+(?:from\s+)?\S+\s+any\s?more\b",)
# Words after which a sentence names what took the branch's place ("renamed to `lts`").
_SUCCESSOR = r"\b(?:renamed to|replaced by|superseded by|moved to|in favou?r of|instead use|use instead)\b"


def retired_branch_premise(action: Action, ctx: Any) -> Any:
    """``git push origin HEAD:stable`` where a paragraph of the docs says ``stable`` was renamed, retired, archived or
    that nothing builds from it, and names the branch that took its place (one the remote has): the push succeeds and
    goes nowhere. The alternative is the same push to that branch."""
    from statewise_cli.recovery.premises import _premise

    words = [str(a) for a in action.arguments if not str(a).startswith("-")]
    if len(words) != 2:
        return None
    remote, spec = words
    branch = spec.lstrip("+").split(":")[-1].removeprefix("refs/heads/")
    if not branch or branch.startswith("refs/") or branch == "HEAD":
        return None
    re = _re()
    name_re = rf"(?<![\w./-]){re.escape(branch.lower())}(?![\w/-]|\.\w)"
    # a name written bare counts where the sentence makes it the subject of the retirement ("develop is retired (kept
    # read-only for history)"), so an ordinary word ("we develop on main") is not read as the branch
    bare_re = (rf"{name_re}\s+(?:branch\s+)?(?:is|was|has\s+been|got)\s+(?:now\s+)?(?:\w+\s+)?(?:retired|archived|"
               rf"deprecated|obsolete|superseded|decommissioned|dead)\b|\b(?:retired|archived|deprecated|obsolete)\s+"
               rf"(?:branch\s+)?{name_re}|"
               # "no handheld reads dispatch any more": the name is what its readers stopped reading
               rf"\b(?:no|nothing|nobody)\s+(?:[\w'-]+\s+){{0,2}}?{_STOPPED_READING}\s+(?:from\s+)?{name_re}\s+"
               rf"(?:any\s?more|now|these\s+days)\b")
    for name, paragraph in paragraphs(ctx.root) + _default_paragraphs(ctx, remote):
        bare = f"`{branch}`" not in paragraph
        if bare and re.search(bare_re, paragraph.lower()) is None:
            continue
        low = paragraph.lower()
        clauses = re.split(r"(?<=[.;:!?])\s+", low)
        for index, sentence in enumerate(clauses):
            at = re.search(name_re, sentence)
            if at is None:
                continue
            said = [sentence]
            if index + 1 < len(clauses) and "`" not in clauses[index + 1]:
                said.append(clauses[index + 1])  # "`edge` is kept for history; nothing deploys from it."
            if not any(re.search(p, c) for c in said for p in (*_RETIRED, *_BRANCH_RETIRED)):
                continue
            hits = [m.start() for p in (*_RETIRED, *_BRANCH_RETIRED) for m in re.finditer(p, sentence)]
            spans = [(m.start(), m.group(1)) for m in re.finditer(r"`([\w./-]+)`", sentence)]
            marker = re.search(_SUCCESSOR, sentence)
            if marker is None and hits and len({n for _, n in spans}) > 1 and min(spans, key=lambda x: abs(x[0] - hits[0]))[1] \
                    != branch.lower():
                continue  # "`main` replaced the retired `develop`": the word is about the other branch
            if marker is not None and marker.start() < at.start():
                continue  # "`stable` was renamed to `lts`" retires stable, not lts
            names_re = r"`([\w./-]+)`" if not bare else r"(?<![\w./-])([\w][\w./-]*\w)(?![\w/-])"
            named = re.findall(names_re, paragraph)
            if marker is not None:  # what the sentence says took its place comes first
                named = re.findall(names_re, paragraph[marker.end():]) + named
            others = [n for n in dict.fromkeys(named) if n != branch]
            successor = next((n for n in others if ctx.git("rev-parse", "--verify", "-q",
                                                           f"refs/remotes/{remote}/{n}")[0] == 0), None)
            if successor is None:
                continue
            text = (action.text or "").strip()
            other = text.replace(spec, spec.replace(branch, successor)) if spec in text else ""
            alternative = f"`{other}`" if other and other != text else f"push to `{successor}`"
            return _premise(action, "git.branch.retired", branch, successor, "repo.docs", _quoted(name, paragraph),
                            f"{alternative} ({successor} is the branch in use; {branch} is retired)",
                            f"{branch} is the branch this work goes to", shown=alternative)
    return None


def _default_paragraphs(ctx: Any, remote: str) -> list[tuple[str, str]]:
    """The docs' paragraphs as the remote's default branch has them, when they differ from the work tree's: a
    maintenance branch checked out here carries an older copy (or none) of the page that retired a branch."""
    re = _re()
    ref = ""
    for candidate in (f"refs/remotes/{remote}/HEAD", f"refs/remotes/{remote}/main", f"refs/remotes/{remote}/master"):
        code, sha = ctx.git("rev-parse", "--verify", "-q", candidate)
        if code == 0 and sha.strip():
            ref = sha.strip()
            break
    if not ref:
        return []
    code, head = ctx.git("rev-parse", "--verify", "-q", "HEAD")
    if code == 0 and head.strip() == ref:
        return []
    code, listing = ctx.git("ls-tree", "--name-only", ref, "--", *_DOCS, "docs/")
    if code != 0:
        return []
    names = [n for n in listing.splitlines() if n in _DOCS or (n.startswith("docs/") and n.endswith((".md", ".rst")))]
    out: list[tuple[str, str]] = []
    for name in names[:40]:
        code, text = ctx.git("show", f"{ref}:{name}")
        if code != 0:
            continue
        try:
            with open(os.path.join(ctx.root, name), encoding="utf-8", errors="replace") as fh:
                if fh.read(200_000) == text:
                    continue  # the work tree's copy, read already
        except OSError:
            pass
        label = f"{name} on {remote}'s default branch"
        out += [(label, " ".join(p.split())) for p in re.split(r"\n\s*\n", text[:200_000]) if p.strip()]
    return out


# Verbs of a command that destroys what it names (a bucket, a namespace, a database, keys).
_DESTROYS = frozenset({"rb", "rm", "del", "delete", "drop", "dropdb", "destroy", "purge", "flushall", "flushdb",
                       "truncate", "wipe", "nuke", "remove", "prune", "reset", "uninstall"})
# Words of a paragraph that make what it names someone else's: shared, the team's, production.
_SHARED = (r"\bshared\b", r"\bteam'?s\b", r"\beveryone'?s\b", r"\bother people'?s\b", r"\bproduction\b", r"\bprod\b",
           r"\blive\b", r"\bcustomers?'?\b", r"\bcommon\b")
# Words that offer a name as one's own (the place the destructive verb belongs).
_OWN = (r"\byour own\b", r"\blocal\b", r"\bonly\b", r"\bpersonal\b", r"\bprivate\b", r"\bscratch\b")


def shared_target_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """``mc rb --force dev/scratch`` where the docs say the ``dev`` alias (or context, profile, host) now points at a
    shared store and offer the one that is the developer's own (``minio-local``): the destructive command would hit
    other people's data. The alternative is the same command with the own name in place of the shared one."""
    from statewise_cli.recovery.premises import _premise

    if len(words) < 2 or not any(w.lower() in _DESTROYS for w in words[1:]):
        return None
    names: list[str] = []
    for i, w in enumerate(words[1:], 1):
        if w.startswith("-"):
            continue
        head = w.split("://", 1)[-1].split("/", 1)[0] if "/" in w else (
            w if words[i - 1].startswith("-") else "")  # `dev/scratch` → dev; `--context staging` → staging
        if head and head.lower() not in _DESTROYS and len(head) >= 2:
            names.append(head)
    if not names:
        return None
    re = _re()
    listed = paragraphs(ctx.root)
    for index, (name, paragraph) in enumerate(listed):
        for target in names:
            if f"`{target}`" not in paragraph:
                continue
            low = paragraph.lower()
            following = listed[index + 1][1].lower() if index + 1 < len(listed) and listed[index + 1][0] == name else ""
            sentences = re.split(r"(?<=[.;!?])\s+", low) + (re.split(r"(?<=[.;!?])\s+", following) if following
                                                             else [])
            about = [s for s in sentences if f"`{target.lower()}`" in s]
            if not any(re.search(p, s) for s in about for p in _SHARED):
                continue
            own = [m for s in sentences if f"`{target.lower()}`" not in s and any(re.search(p, s) for p in _OWN)
                   for m in re.findall(r"`([\w.:-]+)`", s)]
            own = [m for m in dict.fromkeys(own) if m != target.lower()]
            text = (action.text or "").strip()
            if own:
                other = own[0]
                original = next((m for m in re.findall(r"`([\w.:-]+)`", paragraph + " " + (
                    listed[index + 1][1] if following else "")) if m.lower() == other), other)
                fixed = re.sub(rf"(?<![\w.-]){re.escape(target)}(?=/|\s|$)", original, text, count=1)
                alternative = f"`{fixed}`" if fixed != text else f"use `{original}`"
            else:
                original, alternative = "", "ask the developer which target is yours"
            return _premise(action, f"target.shared.{target}", f"{target} is mine to destroy in",
                            f"{target} is shared" + (f"; {original} is the developer's own" if original else ""),
                            "repo.docs", _quoted(name, paragraph), alternative,
                            f"{target} is a target this command may destroy things in")
    return None
