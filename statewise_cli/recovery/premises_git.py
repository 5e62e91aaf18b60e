"""Git premises beyond "the name exists": which branch work goes into, which remote is the live one,
which release line the remote still has.

- **the integration branch** — ``gh pr create --base main`` / ``git rebase origin/main`` from a branch
  that was started from the remote's default branch (``origin/HEAD → develop``) and carries commits of
  it that ``main`` lacks: the pull request or the rebase would take the default branch's unreleased
  work along. The premise is "main is where this work goes"; the repository says develop.
- **the live remote** — ``git push origin v1.3.0`` while the current branch tracks another remote
  (``branch.main.remote = github``) and origin's copy of the branch is strictly behind that remote's:
  origin is a copy nobody updates any more (an old mirror), not where this branch's work goes.
- **the release line** — ``git push origin HEAD:refs/heads/release/2025-10`` from a branch that tracks
  ``origin/release/2025-11``, when the remote has no ``release/2025-10``: a branch of the same line,
  older than the one tracked, that the remote no longer has (a push would re-create it).

Each reads local refs and config only (no network); a premise the refs cannot decide never denies.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action


def _re() -> Any:
    """The re module, imported on first use (not on the hook's allow path)."""
    import re

    return re


def live_remote_head(ctx: Any, remote: str) -> str | None:
    """The branch a remote on this machine names as its HEAD now (its own HEAD file, when that branch exists
    there); None for a network remote or an unborn HEAD. A clone's ``<remote>/HEAD`` is set once, at clone time."""
    code, out = ctx.git("config", "--get", f"remote.{remote}.url")
    if code != 0 or not out.strip():
        return None
    git_dir = _remote_git_dir(out.strip(), ctx.root)
    if git_dir is None:
        return None
    try:
        with open(os.path.join(git_dir, "HEAD"), encoding="utf-8") as fh:
            head = fh.read().strip()
    except OSError:
        return None
    if not head.startswith("ref: refs/heads/"):
        return None
    branch = head[len("ref: refs/heads/"):]
    have = remote_branches(out.strip(), ctx.root)
    return branch if have and branch in have else None


def _remote_head(ctx: Any, remote: str) -> str | None:
    """The branch the remote names as its default: a remote on this machine's own HEAD, else the branch
    ``refs/remotes/<remote>/HEAD`` names (read from the git files; None when unset)."""
    live = live_remote_head(ctx, remote)
    if live is not None:
        return live
    path = os.path.join(ctx.repo.common_dir, "refs", "remotes", remote, "HEAD")
    try:
        with open(path, encoding="utf-8") as fh:
            head = fh.read().strip()
    except OSError:
        return None
    prefix = f"ref: refs/remotes/{remote}/"
    return head[len(prefix):] if head.startswith(prefix) else None


def _remote_of(ctx: Any, existing: list[str], name: str) -> tuple[str, str] | None:
    """(remote, branch) for ``origin/main``; for a plain ``main``, the one remote that has it."""
    remotes = sorted({ref.split("/", 3)[2] for ref in existing if ref.startswith("refs/remotes/") and ref.count("/") >= 3})
    head, _, rest = name.partition("/")
    if rest and head in remotes and f"refs/remotes/{name}" in existing:
        return head, rest
    having = [r for r in remotes if f"refs/remotes/{r}/{name}" in existing]
    if len(having) == 1:
        return having[0], name
    if "origin" in having:
        return "origin", name
    return None


def _count(ctx: Any, *args: str) -> int | None:
    code, out = ctx.git("rev-list", "--count", *args)
    if code != 0:
        return None
    try:
        return int(out.strip())
    except ValueError:
        return None


def integration_premise(action: Action, name: str, existing: list[str], ctx: Any) -> Any:
    """A PR base or rebase target that is not the remote's default branch, from a branch that carries
    commits of the default branch the target lacks."""
    from statewise_cli.recovery.premises import _premise

    if action.operation not in ("gh.pr", "git.rebase"):
        return None
    where = _remote_of(ctx, existing, name)
    if where is None:
        return None
    remote, branch = where
    default = _remote_head(ctx, remote)
    if not default or default == branch or f"refs/remotes/{remote}/{default}" not in existing:
        return None
    head = ctx.repo.branch
    if action.operation == "gh.pr":
        args = list(action.arguments)
        for i, arg in enumerate(args):
            if arg in ("--head", "-H") and i + 1 < len(args):
                head = args[i + 1].split(":", 1)[-1]
            elif arg.startswith("--head="):
                head = arg.split("=", 1)[1].split(":", 1)[-1]
    if not head or head in (default, branch):
        return None  # the release pull request itself (develop → main), or a branch onto itself
    head_ref = f"refs/heads/{head}" if f"refs/heads/{head}" in existing else (
        f"refs/remotes/{remote}/{head}" if f"refs/remotes/{remote}/{head}" in existing else None)
    if head_ref is None:
        return None
    base_ref, default_ref = f"refs/remotes/{remote}/{branch}", f"refs/remotes/{remote}/{default}"
    code, out = ctx.git("merge-base", head_ref, default_ref)
    if code != 0 or not out.strip():
        return None
    carried = _count(ctx, out.strip(), f"^{base_ref}")
    if not carried:
        return None  # started from the target (a hotfix), or the default branch adds nothing to it
    text = (action.text or "").strip()
    shown = f"{remote}/{default}" if name.startswith(f"{remote}/") else default
    alternative = f"`{text.replace(name, shown, 1)}`" if text.count(name) == 1 else f"use `{shown}`"
    doing = "a pull request into" if action.operation == "gh.pr" else "a rebase onto"
    return _premise(action, "git.default_branch", name, default, "git.refs",
                    f"{remote}'s default branch is `{default}` ({remote}/HEAD → {remote}/{default}); `{head}` was "
                    f"started from {default} and carries {carried} commit(s) of {default} that `{branch}` does not "
                    f"have: {doing} `{branch}` would take them along", alternative,
                    f"{branch} is the branch this work goes into")


def _upstream(ctx: Any, branch: str) -> tuple[str, str] | None:
    code, out = ctx.git("config", "--get-regexp", rf"^branch\.{_escape(branch)}\.(remote|merge)$")
    if code != 0:
        return None
    config = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    remote, merge = config.get(f"branch.{branch}.remote", ""), config.get(f"branch.{branch}.merge", "")
    if not remote or remote == "." or not merge.startswith("refs/heads/"):
        return None
    return remote, merge[len("refs/heads/"):]


def _escape(name: str) -> str:
    return "".join("\\" + c if c in ".^$*+?()[]{}|\\" else c for c in name)


def live_remote_premise(action: Action, remote: str, remotes: dict[str, str], ctx: Any) -> Any:
    """A push to a remote whose copy of the current branch is strictly behind the copy on the remote
    the branch tracks: an old mirror, not where this branch's work goes."""
    from statewise_cli.recovery.premises import _premise

    if action.operation != "git.push" or action.flags & {"delete"} or len(remotes) < 2:
        return None
    current = ctx.repo.branch
    if not current:
        return None
    # another local branch pushed by name (`tlp-clear:main`); a tag or HEAD is this branch's work as before
    other_work = any(src not in ("", current, "HEAD", "@", f"refs/heads/{current}") and not src.startswith("refs/tags/")
                     and ctx.git("rev-parse", "-q", "--verify", f"refs/heads/{src.removeprefix('refs/heads/')}")[0] == 0
                     for src in _push_sources(action))
    upstream = _upstream(ctx, current)
    if upstream is None or upstream[0] == remote or upstream[0] not in remotes:
        return None
    tracked_remote, tracked = upstream
    mine, theirs = f"refs/remotes/{remote}/{tracked}", f"refs/remotes/{tracked_remote}/{tracked}"
    code, out = ctx.git("rev-parse", "-q", mine, theirs)
    shas = out.split() if code == 0 else []
    if len(shas) != 2 or shas[0] == shas[1]:
        return None
    code, _ = ctx.git("merge-base", "--is-ancestor", mine, theirs)
    if code != 0:
        return None
    if _docs_push_to(ctx, remote):
        return None  # a remote the docs give work to (a private remote for embargoed fixes) lags by design
    behind = _count(ctx, f"{mine}..{theirs}")
    text = (action.text or "").strip()
    replaced = _replacing_remote(ctx, remote, remotes)
    if replaced is not None and replaced[2] != tracked_remote:
        rel, quote, other = replaced
        alternative = (f"`{(text + ' ').replace(f' {remote} ', f' {other} ', 1).strip()}`"
                       if f" {remote} " in f"{text} " else f"push to `{other}`")
        return _premise(action, "git.remote", remote, other, "repo.files",
                        f"{rel} says: \"{quote}\" — {remote} is left behind ({behind or 'some'} commit(s) behind this "
                        f"branch's upstream), and the same note names `{other}` for this work",
                        alternative, f"{remote} is where this work is pushed")
    if other_work and not _docs_retire(ctx, remote):
        return None  # it pushes another branch (`tlp-clear:main`): not this branch's work, whose remote is asked
    recipe = _recipe_destination(ctx, tracked, {remote, tracked_remote, remotes.get(remote, "")})
    if recipe is not None:
        # the repository's own recipe pushes this branch to a third place (``publish: git push mirror main``): the
        # lagging remote is that route's older copy, and the recipe's destination is where this push goes now
        other, source, line = recipe
        alternative = (f"`{(text + ' ').replace(f' {remote} ', f' {other} ', 1).strip()}`"
                       if f" {remote} " in f"{text} " else f"push to `{other}`")
        return _premise(action, "git.remote", remote, other, "repo.files",
                        f"{remote}/{tracked} is {behind or 'some'} commit(s) behind {tracked_remote}/{tracked} and has "
                        f"nothing of its own: {remote} is an older copy; the repository's own recipe pushes "
                        f"`{tracked}` to `{other}` ({source}: `{line}`)", alternative,
                        f"{remote} is where this branch's work is pushed")
    if any((_replacing_remote(ctx, other, remotes) or ("", "", ""))[2] == remote for other in remotes
           if other not in (remote, tracked_remote)):
        return None  # the remote a note names as where the work goes now, in place of another: behind by design
    alternative = (f"`{(text + ' ').replace(f' {remote} ', f' {tracked_remote} ', 1).strip()}`"
                   if f" {remote} " in f"{text} " else f"push to `{tracked_remote}`")
    return _premise(action, "git.remote", remote, tracked_remote, "git.refs",
                    f"`{current}` tracks {tracked_remote}/{tracked} (branch.{current}.remote = {tracked_remote}); "
                    f"{remote}/{tracked} is {behind or 'some'} commit(s) behind {tracked_remote}/{tracked} and has "
                    f"nothing of its own: {remote} is an older copy, {tracked_remote} is where this branch's work goes",
                    alternative, f"{remote} is where this branch's work is pushed")


def _recipe_destination(ctx: Any, branch: str, known: set[str]) -> tuple[str, str, str] | None:
    """(destination, source, command) of the one place the repository's automation (a Makefile recipe, a justfile
    task, a script) pushes ``branch`` to, other than ``known`` (the remote pushed and the upstream's); None when no
    recipe or more than one place. One ``git grep``."""
    import shlex

    re = _re()
    code, out = ctx.git("grep", "-I", "-E", "-e", r"git\s+push\s", "--", "Makefile", "GNUmakefile", "makefile", "*.mk",
                        "justfile", "Justfile", "*.just", "*.sh", "bin/*", "scripts/*", "script/*")
    if code != 0:
        return None
    found: dict[str, tuple[str, str]] = {}
    for row in out.splitlines()[:200]:
        source, _, line = row.partition(":")
        m = re.search(r"\bgit\s+push\s+[^;&|#\n]*", line)
        if m is None or any(c in m.group(0) for c in "$`{}"):
            continue  # a destination given by a variable is not known here
        command = " ".join(m.group(0).split())
        try:
            words = shlex.split(command)
        except ValueError:
            continue
        operands = [w for w in words[2:] if not w.startswith("-")]
        if len(operands) != 2:
            continue
        dest, spec = operands
        if spec.lstrip("+").split(":")[-1].removeprefix("refs/heads/") != branch or dest in known:
            continue
        found.setdefault(dest, (source, command))
    if len(found) != 1:
        return None
    dest, (source, command) = next(iter(found.items()))
    return dest, source, command


def renamed_remote(ctx: Any, remote: str, remotes: dict[str, str]) -> tuple[str, str] | None:
    """(new name, reflog line) when this clone renamed the remote ``remote`` (``git remote rename``): git moves the
    remote-tracking refs and writes "remote: renamed refs/remotes/OLD/B to refs/remotes/NEW/B" into their reflogs.
    None when no remote of this clone was renamed from ``remote``, or the rename went to a name that is gone."""
    common = ctx.repo.common_dir
    marker = f"\tremote: renamed refs/remotes/{remote}/"
    logs = os.path.join(common, "logs", "refs", "remotes")
    for other in sorted(remotes):
        if other == remote:
            continue
        base = os.path.join(logs, other)
        try:
            names = sorted(os.listdir(base))[:50]
        except OSError:
            continue
        for name in names:
            path = os.path.join(base, name)
            if not os.path.isfile(path):
                continue
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    text = fh.read(200_000)
            except OSError:
                continue
            for line in reversed(text.splitlines()):
                at = line.find(marker)
                if at >= 0 and f" to refs/remotes/{other}/" in line[at:]:
                    return other, line[at + 1:].strip()
    return None


def _replacing_remote(ctx: Any, remote: str, remotes: dict[str, str]) -> tuple[str, str, str] | None:
    """(document, sentence, other remote) when a paragraph of the repository's documents says the remote was left
    ("the old `broker` remote no longer accepts anything", "`gitlab` is retired") and names exactly one other
    remote of this clone (by its name) as where the work goes now."""
    from statewise_cli.recovery.premises import _read

    re = _re()
    code, files = ctx.git("grep", "-I", "-l", "-i", "-F", "-w", "-e", remote, "--", "*.md", "*.rst", "*.txt", "*.adoc")
    documents: list[tuple[str, str | None]] = [(rel, None) for rel in files.split()[:12]] if code == 0 else []
    # and the notes the branch's upstream has that this branch has not merged yet (a colleague's pushed commit)
    documents += [(rel, text) for rel, text in _incoming_documents(ctx) if remote.lower() in text.lower()]
    if not documents:
        return None
    # the remote named as the party it belongs to ("our contract with Meridian Filing Services ended") counts too
    name = re.compile(rf"(?<![\w/.-]){re.escape(remote)}(?![\w/-])", re.IGNORECASE)
    others = [r for r in remotes if r != remote]
    for rel, given in documents:
        text = given if given is not None else _read(os.path.join(ctx.root, rel), 200_000) or ""
        for paragraph in text.split("\n\n"):
            flat = " ".join(paragraph.split())
            sentences = re.split(r"(?<=[.;!?])\s+", flat)
            # a sentence may name the remote in one clause and leave it in the next ("X was last year's remote; it
            # still takes pushes, but the inspector closed it")
            left = [s for s in (*sentences, *re.split(r"(?<=[.!?])\s+", flat))
                    if name.search(s) and any(w in s.lower() for w in _LEFT)
                    and re.search(rf"`{re.escape(remote)}`|\b(?:remote|repository|repo)\b", flat, re.IGNORECASE)]
            if not left:
                continue
            named = {o for o in others for s in sentences
                     if re.search(rf"`{re.escape(o)}`|\bremote\s+`?{re.escape(o)}\b|\b{re.escape(o)}\s+(?:remote|repository|"
                                  rf"repo)\b", s)}
            if not named:  # "the inspector reads our logs from insp2027": a remote of this clone by its bare name, in a
                # sentence of the paragraph that does not leave it
                named = {o for o in others for s in sentences if len(o) >= 4 and not name.search(s)
                         and not any(w in s.lower() for w in _LEFT)
                         and re.search(rf"(?<![\w/.-]){re.escape(o)}(?![\w/-])", s)}
            named = {o for o in named if not any(re.search(rf"(?<![\w/.-]){re.escape(o)}(?![\w/-])", s)
                                                 and any(w in s.lower() for w in _LEFT) for s in left if
                                                 not name.search(s))}
            if len(named) == 1:
                return rel, " ".join(left[0].split())[:240].replace("`", "'"), named.pop()
    return None


def _incoming_documents(ctx: Any) -> list[tuple[str, str]]:
    """(where, text) of the documents the current branch's upstream changed in commits this branch does not have yet
    (a colleague's note pushed and fetched, not merged: "the team moved its intake to the intake-v2 repository"), read
    from the upstream ref; ``where`` is ``origin/main:ORDERS.md``."""
    current = ctx.repo.branch
    upstream = _upstream(ctx, current) if current else None
    if upstream is None:
        return []
    ref = f"refs/remotes/{upstream[0]}/{upstream[1]}"
    code, out = ctx.git("log", "-n20", "--no-merges", "--format=", "--name-only", f"HEAD..{ref}", "--", "*.md", "*.rst",
                        "*.txt", "*.adoc")
    if code != 0:
        return []
    found: list[tuple[str, str]] = []
    for path in dict.fromkeys(n.strip() for n in out.splitlines() if n.strip()):
        code, text = ctx.git("show", f"{ref}:{path}")
        if code == 0:
            found.append((f"{upstream[0]}/{upstream[1]}:{path}", text[:200_000]))
        if len(found) >= 6:
            break
    return found


def _push_sources(action: Action) -> list[str]:
    """The local refs a ``git push <remote> <refspec>…`` names as sources (``tlp-clear`` of ``tlp-clear:main``)."""
    import shlex

    try:
        words = shlex.split(action.text or "")
    except ValueError:
        return []
    if "push" not in words:
        return []
    rest = [w for w in words[words.index("push") + 1:] if not w.startswith("-")]
    return [spec.lstrip("+").split(":", 1)[0] for spec in rest[1:] if spec not in ("&&", ";", "|")][:8]


_POLICY_DOCS = ("SECURITY.md", ".github/SECURITY.md", "docs/SECURITY.md", "CONTRIBUTING.md", ".github/CONTRIBUTING.md",
                "docs/CONTRIBUTING.md", "README.md", "DEVELOPMENT.md", "docs/development.md", "RELEASING.md")
_LEFT = ("no longer", "not any more", "anymore", "retired", "deprecated", "archived", "frozen", "read-only", "old ",
         "stale", "do not push", "don't push", "never push", "not push", "stopped", "nothing more goes", "nothing goes to",
         "contract ended", "ended on", " closed it", " closed on", "is closed", "was closed")


def _docs_retire(ctx: Any, remote: str) -> bool:
    """Whether a policy document names ``remote`` with a word that leaves it ("retired", "no longer", "read-only")."""
    from statewise_cli.recovery.premises import _read

    re = _re()
    for doc in _POLICY_DOCS:
        text = _read(os.path.join(ctx.root, doc), 200_000)
        if not text or remote not in text:
            continue
        for sentence in re.split(r"(?<=[.;!?])\s+|\n\s*\n", text):
            if re.search(rf"(?<![\w-]){re.escape(remote)}(?![\w-])", sentence) and any(
                    word in " ".join(sentence.lower().split()) for word in _LEFT):
                return True
    return False


def _docs_push_to(ctx: Any, remote: str) -> bool:
    """Whether a document of the repository sends work to ``remote`` by name: a sentence naming it as a remote
    (`` `security` ``, "the security remote", "remote security") that pushes there and does not retire it. A remote
    being behind another is then its purpose (a private or staging remote), not evidence that it was left behind:
    the verdict stays unknown unless the evidence names the remote."""
    from statewise_cli.recovery.premises import _read

    re = _re()
    name = re.escape(remote)
    named = re.compile(rf"`{name}`|\bthe\s+{name}\s+remote\b|\bremote\s+`?{name}\b|\bpush(?:ed|es|ing)?\s+(?:\S+\s+)?to\s+"
                       rf"`?{name}\b|\bgit\s+push\s+(?:-\S+\s+)*{name}\b", re.IGNORECASE)
    for doc in _POLICY_DOCS:
        text = _read(os.path.join(ctx.root, doc), 200_000)
        if not text or remote not in text:
            continue
        for sentence in re.split(r"(?<=[.;!?])\s+|\n\s*\n", text):
            if not named.search(sentence):
                continue
            low = " ".join(sentence.lower().split())
            if "push" in low and not any(word in low for word in _LEFT):
                return True
    return False


def _shape(name: str) -> tuple[str, tuple[int, ...]]:
    """``release/2025-10`` → ("release/#-#", (2025, 10)): the name with its numbers masked, and the numbers."""
    masked, numbers, digits = [], [], ""
    for ch in name + "\0":
        if ch.isdigit():
            digits += ch
            continue
        if digits:
            masked.append("#")
            numbers.append(int(digits))
            digits = ""
        if ch != "\0":
            masked.append(ch)
    return "".join(masked), tuple(numbers)


def retired_line_premise(action: Action, remote: str, dst: str, existing: list[str], ctx: Any) -> Any:
    """A push that would create ``dst`` on the remote while the current branch tracks a newer branch of
    the same numbered line there (release/2025-11 for release/2025-10)."""
    from statewise_cli.recovery.premises import _premise

    if f"refs/remotes/{remote}/{dst}" in existing or not any(ref.startswith(f"refs/remotes/{remote}/") for ref in existing):
        return None
    current = ctx.repo.branch
    if not current or current == dst:
        return None
    upstream = _upstream(ctx, current)
    if upstream is None or upstream[0] != remote or f"refs/remotes/{remote}/{upstream[1]}" not in existing:
        return None
    tracked = upstream[1]
    shape, numbers = _shape(dst)
    tracked_shape, tracked_numbers = _shape(tracked)
    if not numbers or shape != tracked_shape or numbers >= tracked_numbers:
        return None
    line = sorted(ref[len(f"refs/remotes/{remote}/"):] for ref in existing
                  if ref.startswith(f"refs/remotes/{remote}/") and _shape(ref[len(f"refs/remotes/{remote}/"):])[0] == shape)
    text = (action.text or "").strip()
    alternative = f"`{text.replace(dst, tracked, 1)}`" if text.count(dst) == 1 else f"push to `{tracked}`"
    return _premise(action, "git.branch", dst, tracked, "git.refs",
                    f"{remote} has no branch `{dst}` (a push would create it); its branches of this line: "
                    f"{', '.join(line[:6])}; `{current}` tracks {remote}/{tracked}", alternative,
                    f"{dst} is a live branch on {remote}")


def _receive_hooks(url: str, root: str) -> list[tuple[str, str]]:
    """(path, text) of a local remote's executable pre-receive / update hooks (none for a network remote)."""
    from statewise_cli.recovery.premises import _local_path, _read

    local = _local_path(url.strip(), root)
    if local is None or not os.path.isdir(local):
        return []
    git_dir = os.path.join(local, ".git") if os.path.isdir(os.path.join(local, ".git")) else local
    found = []
    for hook in ("pre-receive", "update"):
        path = os.path.join(git_dir, "hooks", hook)
        if os.access(path, os.X_OK):
            text = _read(path, 200_000)
            if text:
                found.append((path, text))
    return found


def commit_requirements(remote: str, url: str, required_by: dict[str, str], ctx: Any,
                        branch: str | None = None) -> dict[str, str]:
    """What the remote requires of every commit it receives (requirement key → why): a DCO sign-off or a
    signature, read from a local remote's receive hooks, or from a rejection kept as a record
    (``required_by``). With ``branch``: a hook that names only other branches says nothing about it."""
    why = dict(required_by)
    for path, text in _receive_hooks(url, ctx.root):
        low = text.lower()
        if not any(w in low for w in ("exit 1", "reject", "required", "exit(1)", "die ")):
            continue
        named = set(_re().findall(r"refs/heads/([\w./-]+)", text))
        if branch and named and branch not in named:
            continue
        if "signed-off-by" in low:
            why.setdefault("git.commit.signoff_required",
                           f"{remote}'s {os.path.basename(path)} hook rejects commits without a `Signed-off-by:` line ({path})")
        if "%g?" in low or "verify-commit" in low or "gpg" in low and "signature" in low:
            why.setdefault("git.commit.signature_required",
                           f"{remote}'s {os.path.basename(path)} hook rejects commits without a signature ({path})")
    return why


def _has_flag(args: tuple[str, ...] | list[str], short: str, long: str) -> bool:
    """Whether git's options carry ``-X`` (alone, in a cluster such as ``-sam``, or with its value ``-Skey``)
    or ``--long[=value]``, up to ``--``."""
    for arg in args:
        if arg == "--":
            return False
        if arg == long or arg.startswith(long + "="):
            return True
        if arg.startswith("-") and not arg.startswith("--"):
            cluster = arg[1:]
            for ch in cluster:
                if ch == short:
                    return True
                if ch in "mFcCt":  # an option whose value follows: the rest is that value
                    break
    return False


def commit_signing_premise(action: Action, remote: str, url: str, required_by: dict[str, str], ctx: Any) -> Any:
    """A ``git commit`` without the sign-off or the signature the branch's remote requires of every
    commit: the push of that commit would be rejected. Said before the commit is made, with the same
    commit carrying ``-s`` / ``-S``."""
    from statewise_cli.recovery.premises import _premise

    args = [str(a) for a in action.arguments]
    why = commit_requirements(remote, url, required_by, ctx, ctx.repo.branch)
    text = (action.text or "").strip()
    if "git.commit.signature_required" in why and not _has_flag(args, "S", "--gpg-sign"):
        code, out = ctx.git("config", "--get", "commit.gpgsign")
        if not (code == 0 and out.strip().lower() in ("true", "yes", "on", "1")) or "--no-gpg-sign" in args:
            fixed = text.replace("git commit", "git commit -S", 1) if "git commit" in text else ""
            return _premise(action, "git.commit.signature_required", "false", True, "git.receive-hook",
                            f"{why['git.commit.signature_required']}: an unsigned commit is rejected when it is pushed",
                            f"sign the commit: `{fixed}`" if fixed else "sign the commit (`git commit -S`)",
                            "commits need no signature to be accepted")
    if "git.commit.signoff_required" in why and not _has_flag(args, "s", "--signoff"):
        fixed = text.replace("git commit", "git commit -s", 1) if "git commit" in text else ""
        return _premise(action, "git.commit.signoff_required", "false", True, "git.receive-hook",
                        f"{why['git.commit.signoff_required']}: a commit without a sign-off is rejected when it is pushed",
                        f"sign off the commit: `{fixed}`" if fixed else "sign off the commit (`git commit -s`)",
                        "commits need no DCO sign-off (Signed-off-by) to be accepted")
    return None


def signoff_premise(action: Action, remote: str, url: str, refspecs: list[str], required_by: dict[str, str],
                    ctx: Any) -> Any:
    """A push of commits without a ``Signed-off-by`` line, or without a signature, to a remote that
    requires one on every commit: its receive hook checks for it (a local remote's hook is read), or it
    rejected such a push before (``required_by``: requirement key → the record of that rejection). The
    push would be rejected; the commits need signing off (or signing) first."""
    from statewise_cli.recovery.premises import _premise

    if action.operation != "git.push" or action.flags & {"delete"} or any(
            a in ("--delete", "-d", "--tags", "--mirror") for a in action.arguments):
        return None
    why = commit_requirements(remote, url, required_by, ctx)
    if not why:
        return None
    src = refspecs[0].lstrip("+").split(":", 1)[0] if refspecs else "HEAD"
    if not src or any(c in src for c in "$*{}"):
        return None
    code, out = ctx.git("log", "-n50", "--format=%h%x1f%G?%x1f%B%x1e", src, "--not", f"--remotes={remote}")
    if code != 0:
        return None
    entries = [e.strip().split("\x1f", 2) for e in out.split("\x1e") if e.strip()]
    entries = [e for e in entries if len(e) == 3]
    default = _remote_head(ctx, remote)
    base = f"{remote}/{default}" if default else f"HEAD~{len(entries)}"
    text = (action.text or "").strip()
    if "git.commit.signoff_required" in why:
        unsigned = [sha for sha, _sig, body in entries if "signed-off-by:" not in body.lower()]
        if unsigned:
            return _premise(action, "git.commit.signoff_required", "false", True, "git.receive-hook",
                            f"{why['git.commit.signoff_required']}; {len(unsigned)} of the {len(entries)} commit(s) "
                            f"this push sends have no sign-off ({', '.join(unsigned[:5])})",
                            f"sign off every commit first, then push: `git rebase --signoff {base} && {text}`",
                            "the commits need no DCO sign-off (Signed-off-by) to be accepted")
    if "git.commit.signature_required" in why:
        unsigned = [sha for sha, sig, _body in entries if sig.strip() in ("N", "")]
        if unsigned:
            return _premise(action, "git.commit.signature_required", "false", True, "git.receive-hook",
                            f"{why['git.commit.signature_required']}; {len(unsigned)} of the {len(entries)} commit(s) "
                            f"this push sends are not signed ({', '.join(unsigned[:5])})",
                            f"sign every commit first, then push: `git rebase --exec 'git commit --amend --no-edit -S' "
                            f"{base} && {text}`", "the commits need no signature to be accepted")
    return None


def _version_tag(name: str) -> tuple[str, str] | None:
    """``v1.4.0`` → ("v", "1.4.0"), ``release-2.1`` → ("release-", "2.1"); None when not a version tag."""
    at = next((i for i, c in enumerate(name) if c.isdigit()), -1)
    if at < 0:
        return None
    rest = name[at:]
    if "." not in rest or not all(part.isdigit() for part in rest.split("-", 1)[0].split(".")):
        return None
    return name[:at], rest


def tag_convention_premise(action: Action, ctx: Any) -> Any:
    """``git tag 1.4.0`` in a repository whose release tags are all ``v1.2.0``-style: the tag would not be
    seen as a release by whatever reads the tags (release workflows, changelog tools, protection
    patterns). The premise is "this is how release tags are named here"; the existing tags say how."""
    from statewise_cli.recovery.premises import _operands, _premise

    if action.operation != "git.tag" or any(a in ("-d", "--delete", "-l", "--list", "-v", "--verify", "-n", "--contains",
                                                   "--merged", "--no-merged", "--points-at", "--sort")
                                            for a in action.arguments):
        return None
    operands = _operands(tuple(a for a in action.arguments if a not in ("-a", "-s", "--annotate", "--sign", "-f")))
    if not operands:
        return None
    name = operands[0]
    new = _version_tag(name)
    if new is None:
        return None
    code, out = ctx.git("for-each-ref", "--sort=-creatordate", "--format=%(refname:short)", "refs/tags")
    if code != 0:
        return None
    existing = [t for t in out.split() if _version_tag(t) is not None]
    if len(existing) < 2 or name in out.split():
        return None
    prefixes = {str(_version_tag(t)[0]) for t in existing}  # type: ignore[index]
    if len(prefixes) != 1:
        return None  # no single convention
    prefix = prefixes.pop()
    if prefix == new[0]:
        return None
    wanted = f"{prefix}{new[1]}"
    text = (action.text or "").strip()
    alternative = f"`{text.replace(f' {name}', f' {wanted}', 1)}`" if f" {name}" in text else f"name the tag `{wanted}`"
    return _premise(action, "git.tag_format", name, wanted, "git.refs",
                    f"every one of the {len(existing)} release tags here is spelled `{prefix}<version>` "
                    f"(newest: {', '.join(existing[:4])}); `{name}` would be the only one without that form",
                    alternative, f"release tags here are spelled like `{name}`")


def annotated_tag_premise(action: Action, ctx: Any) -> Any:
    """``git tag v2.4.0`` (a lightweight tag) where the remote's receive hook rejects tags that are not
    annotated objects (git's sample ``update`` hook, or any hook that checks a tag ref's object type): the
    push of that tag would be rejected. The same tag, annotated."""
    from statewise_cli.recovery.premises import _operands, _premise, _remotes

    args = [str(a) for a in action.arguments]
    if action.operation != "git.tag" or any(
            a in ("-d", "--delete", "-l", "--list", "-v", "--verify", "-a", "--annotate", "-s", "--sign", "-m", "-F",
                  "--message", "--file") or a.startswith(("-u", "--local-user", "--message=", "--file=", "-m"))
            for a in args):
        return None
    operands = _operands(tuple(a for a in args if a != "-f"))
    if not operands:
        return None
    remotes = _remotes(ctx)
    remote = "origin" if "origin" in remotes else next(iter(remotes)) if len(remotes) == 1 else None
    if remote is None:
        return None
    for path, text in _receive_hooks(remotes[remote], ctx.root):
        low = text.lower()
        if "refs/tags" not in low or not any(w in low for w in ("exit 1", "reject", "not allowed", "die ")):
            continue
        if not ("un-annotated" in low or "unannotated" in low or "lightweight" in low
                or "cat-file -t" in low and "commit" in low):
            continue
        if "allowunannotated" in low:
            from statewise_cli.recovery.premises import _local_path

            local = _local_path(remotes[remote].strip(), ctx.root)
            code, out = ctx.git("--git-dir", local, "config", "--bool", "hooks.allowunannotated") if local else (1, "")
            if code == 0 and out.strip() == "true":
                continue
        name = operands[0]
        command = (action.text or "").strip()
        fixed = command.replace(f"git tag {name}", f"git tag -a {name} -m '{name}'", 1) \
            if f"git tag {name}" in command else ""
        return _premise(action, "git.tag.annotated_required", "false", True, "git.receive-hook",
                        f"{remote}'s {os.path.basename(path)} hook rejects tags that are not annotated ({path}): a "
                        f"lightweight tag {name} is rejected when it is pushed",
                        f"create an annotated tag: `{fixed}`" if fixed else f"create it annotated (`git tag -a {name} -m …`)",
                        "a lightweight tag (`git tag`) is accepted",
                        shown=f"annotated tags only: `{fixed}`" if fixed else "annotated tags only: `git tag -a`")
    return None


# `gh pr merge` methods and the repository setting that allows each (`.github/settings.yml`, the settings app's
# file, mirrors GitHub's own repository settings)
_MERGE_METHODS = {"--merge": "allow_merge_commit", "-m": "allow_merge_commit", "--squash": "allow_squash_merge",
                  "-s": "allow_squash_merge", "--rebase": "allow_rebase_merge", "-r": "allow_rebase_merge"}


def merge_method_premise(action: Action, ctx: Any) -> Any:
    """``gh pr merge --merge 42`` where the repository's settings file turns that merge method off
    (``allow_merge_commit: false``): GitHub refuses it. The same merge with a method the settings allow."""
    from statewise_cli.recovery.premises import _premise, _read

    args = [str(a) for a in action.arguments]
    if args[:2] != ["pr", "merge"]:
        return None
    chosen = next((a for a in args[2:] if a in _MERGE_METHODS), None)
    if chosen is None:
        return None
    text = _read(os.path.join(ctx.root, ".github", "settings.yml"), 100_000)
    if not text:
        return None
    allowed: dict[str, bool] = {}
    for key in set(_MERGE_METHODS.values()):
        m = _re().search(rf"(?m)^\s*{key}\s*:\s*(true|false)\b", text)
        if m:
            allowed[key] = m.group(1) == "true"
    if allowed.get(_MERGE_METHODS[chosen]) is not False:
        return None
    methods = [flag for flag in ("--squash", "--rebase", "--merge") if allowed.get(_MERGE_METHODS[flag])]
    if not methods:
        return None
    command = (action.text or "").strip()
    fixed = command.replace(f" {chosen}", f" {methods[0]}", 1)
    # What is true now, in the form a note about merging states it (the method, not this PR's number):
    # `gh pr merge --rebase`, not `gh pr merge --squash`.
    return _premise(action, "git.merge_method", _MERGE_METHODS[chosen], methods[0], "project.files",
                    f".github/settings.yml sets {_MERGE_METHODS[chosen]}: false (the method `{chosen}` is turned off "
                    f"for this repository); it allows {', '.join(methods)}",
                    f"`{fixed}`", f"pull requests here are merged with `gh pr merge {chosen}`",
                    shown=f"`gh pr merge {methods[0]}`")


def _submodule_paths(text: str) -> dict[str, str]:
    """path → name of each submodule ``.gitmodules`` declares."""
    found: dict[str, str] = {}
    name = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[submodule") and '"' in stripped:
            name = stripped.split('"')[1]
        key, sep, value = stripped.partition("=")
        if sep and key.strip() == "path" and name:
            found[value.strip()] = name
    return found


def _submodule_urls(text: str) -> dict[str, str]:
    """name → url of each submodule a config text (``.gitmodules`` or ``.git/config``) declares."""
    found: dict[str, str] = {}
    name = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            name = stripped.split('"')[1] if stripped.startswith("[submodule") and stripped.count('"') >= 2 else ""
            continue
        key, sep, value = stripped.partition("=")
        if sep and key.strip().lower() == "url" and name:
            found[name] = value.strip().strip('"')
    return found


def submodule_url_premise(action: Action, ctx: Any) -> Any:
    """``git submodule update`` after ``.gitmodules`` moved a submodule to another URL while this clone's
    configuration still names the old one: the update fetches from the old place (an archived host lacks
    the recorded commit). ``git submodule sync`` first copies the new URL into the clone's configuration."""
    from statewise_cli.recovery.premises import _premise, _read

    args = list(action.arguments)
    if not args or args[0] != "update":
        return None
    declared = _read(os.path.join(ctx.root, ".gitmodules"), 100_000)
    local = _read(os.path.join(ctx.repo.common_dir, "config"), 200_000)
    if not declared or not local:
        return None
    paths = {name: path for path, name in _submodule_paths(declared).items()}
    named = [a.rstrip("/") for a in args[1:] if not a.startswith("-") and a != "--"]
    wanted, have = _submodule_urls(declared), _submodule_urls(local)
    stale = [(n, have[n], url) for n, url in wanted.items() if n in have and have[n] != url
             and not url.startswith(("./", "../")) and (not named or paths.get(n, n) in named)]
    if not stale:
        return None
    name, old, new = stale[0]
    recursive = " --recursive" if "--recursive" in args else ""
    text = (action.text or "").strip()
    return _premise(action, f"git.submodule.{name}.url", old, new, "git.submodules",
                    f".gitmodules says submodule {name} ({paths.get(name, name)}) is fetched from {new}; this clone's "
                    f"configuration still fetches it from {old}, so the update would use the old place",
                    f"copy the URLs from .gitmodules first: `git submodule sync{recursive} && {text}`",
                    f"submodule {name} is fetched from {old}")


def submodule_premise(action: Action, ctx: Any, directory: str) -> Any:
    """``git submodule update --init libs/foo`` for a path ``.gitmodules`` no longer declares (the
    submodule moved): git would do nothing for it (or fail), and the work meant for it goes nowhere.
    The submodule of that name, or the one whose path ends like it, is where it lives now."""
    from statewise_cli.recovery.premises import _premise, _read

    args = list(action.arguments)
    if not args or args[0] not in ("update", "init", "sync", "deinit", "status", "foreach", "absorbgitdirs", "set-url",
                                   "set-branch"):
        return None
    paths = [a for a in args[1:] if not a.startswith("-") and a != "--"]
    if args[0] in ("foreach", "set-url", "set-branch") or not paths:
        return None
    text = _read(os.path.join(ctx.root, ".gitmodules"), 100_000)
    if not text:
        return None
    declared = _submodule_paths(text)
    rel_dir = os.path.relpath(directory, ctx.root)
    for path in paths:
        rel = os.path.normpath(os.path.join(rel_dir, path)).replace(os.sep, "/").rstrip("/")
        if rel in declared or any(p.startswith(rel + "/") for p in declared) or "$" in path:
            continue
        base = os.path.basename(rel)
        same = [p for p, n in declared.items() if os.path.basename(p) == base or n == base or n == rel]
        if len(same) != 1:
            same = []
        now = same[0] if same else None
        text_cmd = (action.text or "").strip()
        listing = ", ".join(sorted(declared)[:8]) or "none"
        alternative = (f"`{text_cmd.replace(path, now, 1)}`" if now and text_cmd.count(path) == 1
                       else f"name one of the declared submodule paths: {listing}")
        return _premise(action, f"path.{base}", rel, now or sorted(declared), "git.submodules",
                        f".gitmodules declares no submodule at {rel}; its submodule paths: {listing}", alternative,
                        f"{rel} is a submodule of this repository")
    return None


def _hook_arms(text: str) -> tuple[list[tuple[int, str]], bool]:
    """The ref patterns a receive hook's ``case`` arms let through ((line number, pattern), in order),
    and whether the same hook rejects every other ref (a catch-all ``*)`` arm whose body only prints and exits
    non-zero; one whose exit is behind another test rejects only some pushes: no verdict). Read by the one reader
    of a hook's arms (``premises_refrules.case_arms``)."""
    from statewise_cli.recovery.premises_refrules import case_arms

    accepted: list[tuple[int, str]] = []
    rejects_rest = False
    for kind, patterns, _regex, number, _message in case_arms(text):
        if patterns == ["*"]:
            rejects_rest = rejects_rest or kind == "reject"
            continue
        if kind == "accept" and all(p.startswith("refs/") for p in patterns):
            accepted.extend((number, p) for p in patterns)
    return accepted, rejects_rest


def _identity(ctx: Any) -> set[str]:
    """Words that name the committer (``user.email``'s local part, ``user.name``'s words), lowercased."""
    words: set[str] = set()
    for key in ("user.email", "user.name"):
        code, out = ctx.git("config", "--get", key)
        if code == 0 and out.strip():
            value = out.strip().lower()
            words |= {w for w in _re().split(r"[^a-z0-9_-]+", value.split("@", 1)[0] if key == "user.email" else value) if len(w) > 1}
    return words


def accepted_ref_premise(action: Action, remote: str, local: str | None, refspecs: list[str], ctx: Any) -> Any:
    """A push that creates a ref the remote's receive hook does not let through: the hook's ``case``
    arms accept only the refs they name (``refs/heads/dana/*``, ``refs/for/*``) and reject every other
    one. The premise is "the remote takes this ref"; the hook says which refs it takes. Only a remote
    on this machine (its hook can be read); a ref the remote already has is not judged (hooks often
    check new refs only)."""
    from fnmatch import fnmatchcase

    from statewise_cli.recovery.premises import _premise, _read

    if action.operation != "git.push" or local is None or action.flags & {"delete"} or not refspecs:
        return None
    spec = refspecs[0].lstrip("+")
    src, colon, dst = spec.partition(":")
    dst = dst if colon else src
    if not dst or any(c in dst for c in "$*?[ ") or dst in ("HEAD", "@"):
        return None
    if not dst.startswith("refs/"):
        tag = os.path.exists(os.path.join(ctx.repo.common_dir, "refs", "tags", dst))
        dst = f"refs/tags/{dst}" if tag else f"refs/heads/{dst}"
    git_dir = local if os.path.isfile(os.path.join(local, "HEAD")) and os.path.isdir(os.path.join(local, "refs")) \
        else os.path.join(local, ".git")
    if os.path.exists(os.path.join(git_dir, dst)) or f" {dst}\n" in (_read(os.path.join(git_dir, "packed-refs"), 2_000_000) or ""):
        return None
    for hook in ("pre-receive", "update"):
        path = os.path.join(git_dir, "hooks", hook)
        if not os.access(path, os.X_OK):
            continue
        accepted, rejects_rest = _hook_arms(_read(path, 200_000) or "")
        if not accepted or not rejects_rest or any(fnmatchcase(dst, p) for _, p in accepted):
            continue
        patterns = [p for _, p in accepted]
        heads = [p for p in patterns if p.startswith("refs/heads/") and p.endswith("/*")]
        review = [p for p in patterns if p.startswith("refs/for/")]
        text = (action.text or "").strip()
        wanted = None
        if dst.startswith("refs/heads/") and heads:
            topic = dst[len("refs/heads/"):].rsplit("/", 1)[-1]
            mine = [p for p in heads if set(_re().split(r"[/_-]", p[len("refs/heads/"):-2].lower())) & _identity(ctx)]
            chosen = mine if len(mine) == 1 else heads
            wanted = [p[:-1] + topic for p in chosen]
        elif review and dst.startswith("refs/heads/"):
            default = _remote_head(ctx, remote) or next((b for b in ("main", "master") if os.path.exists(
                os.path.join(ctx.repo.common_dir, "refs", "remotes", remote, b))), None)
            if default:
                wanted = [review[0][:-1] + default if review[0].endswith("*") else review[0]]
        if wanted and len(wanted) == 1:
            new = f"{src or 'HEAD'}:{wanted[0]}"
            if wanted[0].startswith("refs/for/"):
                alternative = f"`git push {remote} {new}` (a change for review into `{wanted[0][len('refs/for/'):]}`)"
            else:
                alternative = f"`{text.replace(refspecs[0], new, 1)}`" if refspecs[0] in text else f"push to `{wanted[0]}`"
        elif wanted:
            alternative = "push to a ref the remote accepts: " + ", ".join(f"`{w}`" for w in wanted)
        else:
            alternative = "push to a ref the remote accepts: " + ", ".join(f"`{p}`" for p in patterns)
        lines = sorted({n for n, _ in accepted})
        return _premise(action, "git.remote.accepted_refs", dst, wanted[0] if wanted and len(wanted) == 1 else patterns,
                        "git.refs", f"{path} (executable, line {', '.join(map(str, lines))}) lets through only "
                        f"{', '.join(patterns)} and rejects every other new ref: `{dst}` is none of them", alternative,
                        f"{remote} accepts `{dst}`")
    return None


_CI_FILES = (".gitlab-ci.yml", ".gitlab-ci.yaml", "bitbucket-pipelines.yml", ".circleci/config.yml")


def ci_tag_patterns(root: str) -> list[tuple[str, str]]:
    """(tag pattern, file) for each tag pattern a CI configuration triggers on (``on: push: tags:
    ['api/v*']`` in a GitHub workflow, a GitLab ``only: tags`` / ``- if: $CI_COMMIT_TAG =~ /^api-v/``
    is not read: patterns given as a YAML list or flow sequence under ``tags:``)."""
    from statewise_cli.recovery.premises import _read

    files = []
    workflows = os.path.join(root, ".github", "workflows")
    try:
        files = [os.path.join(workflows, n) for n in sorted(os.listdir(workflows)) if n.endswith((".yml", ".yaml"))]
    except OSError:
        pass
    files += [os.path.join(root, n) for n in _CI_FILES]
    found: list[tuple[str, str]] = []
    for path in files[:40]:
        text = _read(path, 200_000)
        if not text:
            continue
        lines = text.splitlines()
        for i, line in enumerate(lines):
            m = _re().match(r"^(\s*)tags\s*:\s*(.*)$", line)
            if not m:
                continue
            inline = m.group(2).strip()
            items: list[str] = []
            if inline.startswith("["):
                items = [x.strip().strip("'\"") for x in inline.strip("[] ").split(",")]
            elif not inline:
                for nxt in lines[i + 1:]:
                    item = _re().match(r"^\s*-\s*(.+?)\s*$", nxt)
                    if not item or len(nxt) - len(nxt.lstrip()) <= len(m.group(1)) - 2:
                        break
                    items.append(item.group(1).strip("'\""))
            rel = os.path.relpath(path, root)
            found += [(x, rel) for x in items if x and not x.startswith("!")]
    return found


def tag_line_premise(action: Action, ctx: Any) -> Any:
    """``git tag v2.4.0`` where the newest ``v`` tag is already v5.1.0: the version goes backwards in that
    tag line, so the line belongs to something else (another component of a monorepo, whose releases
    CI triggers on its own prefix). When a CI tag trigger names a prefix whose directory holds the
    version being tagged (``api/v*`` and ``api/app.py`` says 2.4.0), that prefix is the alternative."""
    from fnmatch import fnmatchcase

    from statewise_cli.recovery.premises import _operands, _premise, _read

    if action.operation != "git.tag" or any(a.startswith("-") and a not in ("-a", "-s", "--annotate", "--sign", "-m")
                                            for a in action.arguments):
        return None
    operands = _operands(tuple(a for a in action.arguments if a not in ("-a", "-s", "--annotate", "--sign")))
    if not operands:
        return None
    name = operands[0]
    new = _version_tag(name)
    if new is None:
        return None
    prefix, version = new
    try:
        asked = tuple(int(p) for p in version.split("-", 1)[0].split("."))
    except ValueError:
        return None
    code, out = ctx.git("for-each-ref", "--format=%(refname:short)", "refs/tags")
    if code != 0:
        return None
    line = []
    for tag in out.split():
        seen = _version_tag(tag)
        if seen is None or seen[0] != prefix:
            continue
        try:
            line.append((tuple(int(p) for p in seen[1].split("-", 1)[0].split(".")), tag))
        except ValueError:
            continue
    if not line or name in out.split():
        return None
    newest = max(line)
    if asked >= newest[0] or any(seen[:1] == asked[:1] for seen, _ in line):
        return None  # the next release of the line, or a patch of a major line it already has (a backport)
    others = []
    for pattern, where in ci_tag_patterns(ctx.root):
        head = pattern.split("*", 1)[0]
        if not head or head == prefix or not fnmatchcase(f"{head}{version}", pattern):
            continue
        component = head.rstrip("/-_v").rstrip("/-_")
        directory = os.path.join(ctx.root, component)
        if component and os.path.isdir(directory) and _holds_version(directory, version, _read):
            others.append((head, where, component))
    text = (action.text or "").strip()
    evidence = (f"the newest `{prefix}` tag is {newest[1]}: `{name}` would go back from {'.'.join(map(str, newest[0]))} "
                f"to {version} in that tag line, so that line is another release series than this one")
    if len(others) == 1:
        head, where, component = others[0]
        wanted = f"{head}{version}"
        evidence += f"; {where} triggers on `{head}*` tags, and {component}/ is at version {version}"
        alternative = (f"`{text.replace(name, wanted)}`" if name in text else f"name the tag `{wanted}`")
        return _premise(action, "git.tag_format", name, wanted, "git.refs", evidence, alternative,
                        f"`{prefix}` tags are this release's")
    return _premise(action, "git.tag_format", name, None, "git.refs", evidence,
                    "ask the developer which tag prefix this release uses", f"`{prefix}` tags are this release's")


def tag_series_premise(action: Action, ctx: Any) -> Any:
    """``git tag -a v2026.11.1 main`` where the series' earlier tags (v2026.11.0) sit on a branch the tagged
    commit is not on (``release/2026-11``): the series is cut from that branch, and the tag would publish
    another line's commits under the series' version. Unknown unless the earlier tags of the same series
    (every version part but the last alike) lie on one branch that does not hold the commit tagged."""
    from statewise_cli.recovery.premises import _operands, _premise

    if action.operation != "git.tag" or any(a.startswith("-") and a not in ("-a", "-s", "--annotate", "--sign", "-m")
                                            for a in action.arguments):
        return None
    operands = _operands(tuple(a for a in action.arguments if a not in ("-a", "-s", "--annotate", "--sign")))
    if not operands or len(operands) > 2:
        return None
    name = operands[0]
    new = _version_tag(name)
    if new is None or "." not in new[1].split("-", 1)[0]:
        return None
    prefix, version = new
    series = version.split("-", 1)[0].rsplit(".", 1)[0]
    code, out = ctx.git("for-each-ref", "--sort=-creatordate", "--format=%(refname:short)", "refs/tags")
    if code != 0 or name in out.split():
        return None
    earlier = [t for t in out.split() if (_version_tag(t) or ("", ""))[0] == prefix
               and str((_version_tag(t) or ("", ""))[1]).split("-", 1)[0].rsplit(".", 1)[0] == series]
    if not earlier:
        return None
    commit = operands[1] if len(operands) == 2 else "HEAD"
    code, target = ctx.git("rev-parse", "--verify", "-q", f"{commit}^{{commit}}")
    if code != 0 or not target.strip():
        return None
    target = target.strip()
    if any(ctx.git("merge-base", "--is-ancestor", f"{t}^{{commit}}", target)[0] == 0 for t in earlier):
        return None  # the commit continues the series
    code, out = ctx.git("for-each-ref", f"--contains={earlier[0]}", "--format=%(refname:short)", "refs/heads",
                        "refs/remotes")
    if code != 0:
        return None
    code, remotes = ctx.git("remote")
    names = set()
    for ref in out.split():
        head, _, rest = ref.partition("/")
        if ref.endswith("/HEAD"):
            continue
        names.add(rest if rest and head in remotes.split() else ref)
    names = {n for n in names if ctx.git("merge-base", "--is-ancestor", target, n)[0] != 0}
    if len(names) != 1:
        return None
    branch = names.pop()
    text = (action.text or "").strip()
    evidence = (f"the {prefix}{series}.x series is tagged on `{branch}` ({earlier[0]} is on it), and the commit "
                f"`{commit}` is not on `{branch}` nor after {earlier[0]}: `{name}` would tag another line's commits")
    wanted = f"{prefix}{series}.x on {branch}"
    if len(operands) == 2 and f" {commit}" in text:
        alternative = f"`{text.replace(f' {commit}', f' {branch}', 1)}`"
    else:
        alternative = f"tag the series branch: `git tag -a {name} -m 'Release {name}' {branch}`"
    return _premise(action, "git.tag_branch", name, wanted, "git.refs", evidence, alternative,
                    f"`{name}` is tagged on `{commit}`")


def _holds_version(directory: str, version: str, read: Any) -> bool:
    """A file near the top of ``directory`` states ``version`` (``VERSION = '2.4.0'``, ``"version": "2.4.0"``)."""
    pattern = _re().compile(rf"(?i)version\W{{0,6}}{_re().escape(version)}\b")
    try:
        names = sorted(os.listdir(directory))[:60]
    except OSError:
        return False
    for n in names:
        path = os.path.join(directory, n)
        if os.path.isfile(path) and pattern.search(read(path, 20_000) or ""):
            return True
    return False


def _submodule_branch(text: str, path: str) -> tuple[str, str] | None:
    """(name, branch setting or "") of the submodule ``.gitmodules`` declares at ``path``."""
    name, found, branch = "", None, {}
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[submodule") and '"' in stripped:
            name = stripped.split('"')[1]
        key, sep, value = stripped.partition("=")
        if sep and name:
            if key.strip() == "path" and value.strip().rstrip("/") == path:
                found = name
            elif key.strip() == "branch":
                branch[name] = value.strip()
    return (found, branch.get(found, "")) if found else None


def submodule_line_premise(action: Action, ctx: Any, directory: str) -> Any:
    """``git -C libs/protos checkout origin/master`` in a submodule whose upstream follows another branch:
    the branch ``.gitmodules`` sets for it, else the upstream's default (the submodule's
    ``origin/HEAD``) when the branch asked for is strictly behind it (a line upstream left). Pinning the
    submodule there takes the parent repository back to what upstream abandoned."""
    from statewise_cli.recovery.premises import _operands, _premise, _read
    from statewise_cli.subproc import run_readonly

    if action.operation not in ("git.checkout", "git.switch", "git.merge", "git.reset") or action.flags & {"force"}:
        return None
    rel = os.path.relpath(directory, ctx.root).replace(os.sep, "/")
    if rel.startswith("..") or rel == ".":
        return None
    text = _read(os.path.join(ctx.root, ".gitmodules"), 100_000)
    declared = _submodule_branch(text, rel) if text else None
    if declared is None:
        return None
    operands = [a for a in _operands(action.arguments) if a != "--"]
    if len(operands) != 1 or "/" not in operands[0] or any(c in operands[0] for c in "$~^:@ "):
        return None
    remote, _, branch = operands[0].partition("/")
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}

    def git(*args: str) -> tuple[int, str]:
        return run_readonly(("git", "-C", directory, *args), ctx.root, env, 2.0)

    code, out = git("symbolic-ref", "-q", f"refs/remotes/{remote}/HEAD")
    head = out.strip().removeprefix(f"refs/remotes/{remote}/") if code == 0 else ""
    wanted = declared[1] if declared[1] not in ("", ".") else head
    if not wanted or wanted == branch:
        return None
    code, _ = git("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{wanted}^{{commit}}")
    if code != 0:
        return None
    why = f".gitmodules sets branch = {wanted} for {declared[0]}" if declared[1] else \
        f"the submodule's upstream default branch is {wanted} ({remote}/HEAD)"
    if not declared[1]:
        code, _ = git("merge-base", "--is-ancestor", f"refs/remotes/{remote}/{branch}", f"refs/remotes/{remote}/{wanted}")
        if code != 0:
            return None  # not an older point of the followed branch: another line the developer may mean
        why += f", and {remote}/{branch} is an older point of it (upstream no longer moves {branch})"
    shown = (action.text or "").strip()
    alternative = (f"`{shown.replace(operands[0], f'{remote}/{wanted}')}`" if operands[0] in shown
                   else f"use `{remote}/{wanted}`")
    return _premise(action, "git.submodule.branch", branch, wanted, "git.refs",
                    f"{rel} is the submodule {declared[0]}: {why}", alternative,
                    f"the submodule {declared[0]} follows {branch}")


# --------------------------------------------------------------------------- pushes that take from others


def _remote_has_ref(url: str, ref: str, root: str) -> bool | None:
    """Whether a remote on this machine has ``ref`` (read from its files); None for a network remote."""
    from statewise_cli.recovery.premises import _local_path, _read

    local = _local_path(url.strip(), root)
    if local is None or not os.path.isdir(local):
        return None
    git_dir = os.path.join(local, ".git") if os.path.isdir(os.path.join(local, ".git")) else local
    if os.path.isfile(os.path.join(git_dir, ref)):
        return True
    return f" {ref}\n" in (_read(os.path.join(git_dir, "packed-refs"), 4_000_000) or "")


def _next_version(name: str, ctx: Any) -> str | None:
    """The next patch version tag after ``name`` that this repository does not have (v2.0.1 → v2.0.2)."""
    parsed = _version_tag(name)
    if parsed is None:
        return None
    prefix, rest = parsed
    numbers = rest.split("-", 1)[0].split(".")
    for _ in range(20):
        numbers[-1] = str(int(numbers[-1]) + 1)
        candidate = prefix + ".".join(numbers)
        if not os.path.exists(os.path.join(ctx.repo.common_dir, "refs", "tags", candidate)):
            code, _ = ctx.git("rev-parse", "-q", "--verify", f"refs/tags/{candidate}")
            if code != 0:
                return candidate
    return None


_VERSION_FILES = ("VERSION", "VERSION.txt", "version.txt", ".version")


def _version_bump(name: str, following: str, ctx: Any) -> str:
    """The command that writes the next version into the project's version file, when one at the root
    holds the published tag's version (``VERSION`` = 2.0.1 for v2.0.1), committed; "" otherwise."""
    from statewise_cli.recovery.premises import _read

    old, new = (_version_tag(name) or ("", ""))[1], (_version_tag(following) or ("", ""))[1]
    if not old or not new:
        return ""
    for file in _VERSION_FILES:
        text = _read(os.path.join(ctx.root, file), 4_000)
        if text is not None and text.strip() == old:
            pattern = "^" + old.replace(".", "\\.") + "$"
            return f"sed -i 's/{pattern}/{new}/' {file} && git commit -qam 'Bump {file} to {new}'"
    return ""


def _tag_change_released(root: str, name: str, delete: bool) -> bool:
    """A dated record of the repository's documents (on or before today) that releases deleting (or moving) the
    published tag ``name``: "please remove it from the server, approved by the release owner" in a dated note
    whose paragraph names the tag. The premise "the tag is not published yet" stands for the rule "never delete / move
    a published tag", and a record that gives the release for this tag ends it; a record about another tag, an
    approval still required ("must be approved") or a future date does not."""
    import re

    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.released import _words, release_for

    verb = "delete" if delete else "move"
    found = release_for(root, f"never {verb} the published tag {name}", _words(f"{verb} the tag {name}"),
                        prompt=f"{verb} the tag {name}")
    if found is None:
        return False
    path = os.path.normpath(os.path.join(root, found[0]))
    if not path.startswith(os.path.normpath(root) + os.sep):
        return False
    text = _read(path, 200_000) or ""
    # the record must name this very tag (a note about another tag releases nothing here)
    return re.search(r"(?<![\w.-])" + re.escape(name) + r"(?![\w-]|\.\w)", text) is not None


def published_tag_premise(action: Action, remote: str | None, url: str | None, name: str, ctx: Any) -> Any:
    """A tag moved or deleted after it was published: ``git tag -f v2.0.1`` / ``git push --force origin
    v2.0.1`` / ``git push --delete origin v2.0.1`` where the remote already has ``v2.0.1``. Everyone who
    fetched it keeps the old one (git never updates a fetched tag), release tooling has built from it:
    the premise is "v2.0.1 is not published yet". The evidence is the remote's own ref (a remote on this
    machine is read; a network remote is not asked: unknown)."""
    from statewise_cli.recovery.premises import _premise, _remotes

    remotes = {remote: url} if remote and url else _remotes(ctx)
    where = [r for r, u in sorted(remotes.items()) if _remote_has_ref(u, f"refs/tags/{name}", ctx.root)]
    if not where:
        return None
    from statewise_cli.recovery.premises_routes import rolling_tag

    if rolling_tag(ctx.root, name):
        return None  # the docs say this tag moves (a rolling tag a job or a person advances)
    if _tag_change_released(ctx.root, name, "delete" in action.flags):
        return None  # a dated record of the repository asks for (or approves) deleting / moving this very tag
    following = _next_version(name, ctx)
    text = (action.text or "").strip()
    retract = os.path.exists(os.path.join(ctx.root, "go.mod")) and following and name.startswith("v")
    if retract:
        # a Go module's published version is withdrawn by a retract directive released in the next version
        branch = ctx.repo.branch
        alternative = (f"leave `{name}` where it is (the module proxy keeps serving it) and retract it: "
                       f"`printf '\\nretract {name}\\n' >> go.mod && git commit -q -am 'Retract {name}' && "
                       f"git tag {following} && git push {where[0]} {branch + ' ' if branch else ''}{following}`")
    elif following:
        bump = _version_bump(name, following, ctx)
        branch = ctx.repo.branch
        pushed = f"{branch} {following}" if bump and branch else following
        alternative = (f"leave `{name}` where it is and release the fix as the next version: "
                       f"`{bump + ' && ' if bump else ''}git tag -a {following} -m 'Release {following}' && "
                       f"git push {where[0]} {pushed}`")
    else:
        from statewise_cli.recovery.premises_refpurpose import successor_tag

        successor = successor_tag(ctx, name, where[0])
        alternative = (f"leave `{name}` where it is and tag the fix under the name the docs give a correction: "
                       f"`git tag {successor} && git push {where[0]} {successor}`" if successor
                       else f"leave `{name}` where it is and tag the fix with a new name")
    how = "deletes" if action.flags & {"delete"} else "moves"
    return _premise(action, "git.tag.published", name, f"{where[0]} has refs/tags/{name}", "git.refs",
                    f"{where[0]} already has the tag `{name}` (refs/tags/{name} in its repository): `{text[:80]}` {how} "
                    f"a published tag; clones that fetched it keep the old one", alternative,
                    f"the tag `{name}` is not published yet")


def _tag_operand(action: Action) -> str | None:
    """The tag a ``git tag -f NAME`` / ``git tag -d NAME`` changes (None for a new tag or a listing)."""
    args = list(action.arguments)
    if not any(a in ("-f", "--force", "-d", "--delete") or a.startswith("-") and not a.startswith("--") and
               ("f" in a[1:] or "d" in a[1:]) and a not in ("-m",) for a in args):
        return None
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in ("-m", "-F", "-u", "--message", "--file", "--local-user", "--cleanup"):
            skip = True
            continue
        if arg.startswith("-"):
            continue
        return arg if not any(c in arg for c in "$*?") else None
    return None


def moved_tag_premise(action: Action, ctx: Any) -> Any:
    """``git tag -f NAME`` / ``git tag -d NAME`` of a tag a remote already has."""
    name = _tag_operand(action)
    if name is None or not os.path.exists(os.path.join(ctx.repo.common_dir, "refs", "tags", name)) and \
            ctx.git("rev-parse", "-q", "--verify", f"refs/tags/{name}")[0] != 0:
        return None
    return published_tag_premise(action.replace(flags=action.flags | ({"delete"} if any(
        a in ("-d", "--delete") for a in action.arguments) else set())), None, None, name, ctx)


def _pushed_refs(action: Action, refspecs: list[str], ctx: Any) -> list[tuple[str, str, bool]]:
    """(source, destination ref, forced) of each refspec of a push; the current branch when none."""
    force = "force" in action.flags
    out = []
    if not refspecs:
        branch = ctx.repo.branch
        return [(branch, f"refs/heads/{branch}", force)] if branch else []
    for spec in refspecs:
        forced = force or spec.startswith("+")
        spec = spec.lstrip("+")
        src, colon, dst = spec.partition(":")
        dst = dst if colon else src
        if not dst or any(c in dst for c in "$*?[ ") or dst in ("HEAD", "@"):
            continue
        if not dst.startswith("refs/"):
            if os.path.exists(os.path.join(ctx.repo.common_dir, "refs", "tags", dst)) and not os.path.exists(
                    os.path.join(ctx.repo.common_dir, "refs", "heads", dst)):
                dst = f"refs/tags/{dst}"
            else:
                dst = f"refs/heads/{dst}"
        out.append((src or "", dst, forced))
    return out


def _me(ctx: Any) -> tuple[str, str]:
    email = ctx.git("config", "--get", "user.email")
    name = ctx.git("config", "--get", "user.name")
    return (email[1].strip().lower() if email[0] == 0 else "", name[1].strip().lower() if name[0] == 0 else "")


def _reflog_values(ctx: Any, ref: str, limit: int = 5) -> list[str]:
    """The values ``ref`` had before its current one, newest first (read from its reflog file)."""
    from statewise_cli.recovery.premises import _read

    text = _read(os.path.join(ctx.repo.common_dir, "logs", ref), 2_000_000) or ""
    values = []
    for line in reversed(text.splitlines()):
        old = line.split(" ", 1)[0]
        if len(old) >= 40 and old.strip("0") and old not in values:
            values.append(old)
        if len(values) >= limit:
            break
    return values


def _unfetched_commits(ctx: Any, url: str, branch: str, tracking: str) -> tuple[int, str]:
    """Commits the remote's ``branch`` has now that this clone has not fetched, when the remote is a repository on
    this machine (read in place, no network): ``git log`` output in the shape ``shared_push_premise`` reads."""
    path = url.removeprefix("file://")
    if not path or "://" in path or ":" in path.split("/", 1)[0]:
        return 1, ""  # a network remote: only what was fetched is known
    path = path if os.path.isabs(path) else os.path.normpath(os.path.join(ctx.root, path))
    if not (os.path.isfile(os.path.join(path, "HEAD")) or os.path.isdir(os.path.join(path, ".git"))):
        return 1, ""
    code, sha = ctx.git("--git-dir", path if os.path.isfile(os.path.join(path, "HEAD")) else os.path.join(path, ".git"),
                        "rev-parse", "-q", "--verify", f"refs/heads/{branch}", timeout=2.0)
    known_code, known = ctx.git("rev-parse", "-q", "--verify", tracking)
    if code != 0 or not sha.strip() or known_code == 0 and known.strip() == sha.strip():
        return 1, ""
    git_dir = path if os.path.isfile(os.path.join(path, "HEAD")) else os.path.join(path, ".git")
    not_known = ["--not", known.strip()] if known_code == 0 and known.strip() else []
    return ctx.git("--git-dir", git_dir, "log", "-n30", "--no-merges", "--format=%h%x1f%an%x1f%ae%x1f%s", sha.strip(),
                   *not_known, timeout=2.0)


def _local_reflog_values(ctx: Any, limit: int = 400) -> list[str]:
    """Every commit this clone's own branches and HEAD have pointed at (their reflogs, newest first, bounded)."""
    from statewise_cli.recovery.premises import _read

    logs = os.path.join(ctx.repo.common_dir, "logs")
    files = [os.path.join(logs, "HEAD")]
    for folder, _dirs, names in os.walk(os.path.join(logs, "refs", "heads")):
        files += [os.path.join(folder, n) for n in names]
    values: list[str] = []
    for path in files[:50]:
        text = _read(path, 2_000_000) or ""
        for line in reversed(text.splitlines()[-200:]):
            for sha in line.split(" ", 2)[:2]:
                if len(sha) >= 40 and sha.strip("0") and sha not in values:
                    values.append(sha)
        if len(values) >= limit:
            break
    return values[:limit]


def _never_local(ctx: Any, commits: list[str]) -> set[str]:
    """The commits (abbreviated as given) that no branch of this clone holds and no branch or HEAD of it ever held
    (its reflogs): they reached the remote from another clone — a colleague's push — whoever the author field names.
    A rebase or an amend keeps the replaced commits in the reflogs, so one's own rewritten work is not among them."""
    if not commits:
        return set()
    code, out = ctx.git("rev-list", "--no-walk=unsorted", *commits, timeout=2.0)
    if code != 0:
        return set()
    full = dict(zip(out.split(), commits))
    code, out = ctx.git("rev-list", "-n400", *full, "--not", "--branches", *_local_reflog_values(ctx), timeout=2.0)
    if code != 0:
        return set()
    return {full[c] for c in out.split() if c in full}


def _behind_premise(action: Action, remote: str, url: str, src: str, branch: str, tracking: str, ctx: Any) -> Any:
    """A plain push of a branch into its own remote branch (the same name, or the one it tracks) whose remote-tracking
    ref has commits the pushed commit does not contain (another clone pushed them: a colleague's work): git rejects
    it as non-fast-forward, and forcing it would discard them.
    The alternative brings them in first. Read from the refs this clone fetched; for a remote on this machine only
    while its branch is still where the fetch left it."""
    from statewise_cli.recovery.premises import _premise

    own = ctx.repo.branch if src in ("HEAD", "@", "") else src.removeprefix("refs/heads/")
    if own != branch:  # another branch pushed into this one: whose line it is, is another premise's question
        code, merge = ctx.git("config", "--get", f"branch.{own}.merge")
        code2, where = ctx.git("config", "--get", f"branch.{own}.remote")
        if code != 0 or code2 != 0 or merge.strip() != f"refs/heads/{branch}" or where.strip() != remote:
            return None
    code, out = ctx.git("log", "-n30", "--no-merges", "--format=%h%x1f%an%x1f%s", f"{src}..{tracking}", "--",
                        timeout=2.0)
    if code != 0 or not out.strip():
        return None
    from statewise_cli.recovery.premises_refrules import _remote_sha, remote_rules

    rules = remote_rules(url.strip(), ctx.root) if url.strip() else None
    if rules is not None:
        live = _remote_sha(rules, f"refs/heads/{branch}")
        code, tip = ctx.git("rev-parse", "-q", "--verify", tracking)
        if live is None or code != 0 or live != tip.strip():
            return None  # the remote's branch moved since the fetch: git decides
    theirs = [e.split("\x1f") for e in out.strip().splitlines()]
    theirs = [e for e in theirs if len(e) == 3]
    if not theirs:
        return None
    authors = sorted({e[1] for e in theirs})
    listing = "; ".join(f"{e[0]} {e[1]}: {e[2][:60]}" for e in theirs[:4])
    text = (action.text or "").strip()
    single = not any(sep in text for sep in ("&&", "||", ";", "|", "\n"))
    pull = f"git pull --rebase {remote} {branch}"
    alternative = (f"bring them in first, then push: `{pull} && {text}`" if single else
                   f"bring them in first (`{pull}`), then push without force")
    return _premise(action, "git.branch.behind", branch, authors, "git.refs",
                    f"{remote}/{branch} has {len(theirs)} commit(s) by {', '.join(authors)} that `{src}` does not "
                    f"contain ({listing}): the push is rejected as not a fast-forward, and a force push would discard "
                    f"them", alternative, f"`{src}` holds everything {remote}/{branch} has")


def _others_commits(ctx: Any, remote: str, branch: str, out: str, unseen: bool = False
                    ) -> tuple[list[list[str]], set[str]]:
    """The entries of a ``%h %an %ae %s`` listing of a remote branch's commits a push does not carry that are other
    people's work, and those of them no branch of this clone ever held. On the remote's default branch (or for
    commits this clone never fetched: ``unseen``) every one is published history, whoever wrote it; elsewhere one's
    own commits are the copies an amend or a rebase replaced."""
    email, name = _me(ctx)
    shared = unseen or branch == _remote_head(ctx, remote)
    theirs = [e.split("\x1f") for e in out.strip().splitlines()]
    arrived = set() if shared else _never_local(ctx, [e[0] for e in theirs if len(e) == 4])
    theirs = [e for e in theirs if len(e) == 4 and (shared or e[0] in arrived or (email or name)
                                                    and e[2].strip().lower() != email
                                                    and e[1].strip().lower() != name)]
    return theirs, arrived


def _others_fetched(ctx: Any, remote: str, branch: str, out: str) -> bool:
    return bool(_others_commits(ctx, remote, branch, out)[0])


def shared_push_premise(action: Action, remote: str, url: str, refspecs: list[str], ctx: Any,
                        unfetched: bool = False) -> Any:
    """What a push takes from other people, read from the refs this clone has fetched:

    - a forced push of a branch whose remote-tracking ref has commits by other authors that the pushed
      commits do not contain (not even as the same patch): the force push discards their work;
    - a push of a tag the remote already has, forced or deleting (``published_tag_premise``);
    - a push of commits that the remote's default branch dropped when its history was rewritten (its
      reflog shows an earlier value that is no longer an ancestor): the push publishes them again.
    """
    from statewise_cli.recovery.premises import _premise

    if action.operation != "git.push" or any(a in ("--mirror", "--all", "--tags") for a in action.arguments):
        return None
    text = (action.text or "").strip()
    for src, dst, forced in _pushed_refs(action, refspecs, ctx):
        if dst.startswith("refs/tags/"):
            if forced or "delete" in action.flags or not src:
                premise = published_tag_premise(action, remote, url, dst[len("refs/tags/"):], ctx)
                if premise is not None:
                    return premise
            continue
        if not src or "delete" in action.flags:
            continue
        branch = dst[len("refs/heads/"):]
        tracking = f"refs/remotes/{remote}/{branch}"
        if forced and "--force-if-includes" not in action.arguments:
            code, out = ctx.git("log", "-n30", "--no-merges", "--cherry-pick", "--right-only",
                                "--format=%h%x1f%an%x1f%ae%x1f%s", f"{src}...{tracking}", timeout=2.0)
            unseen = False
            if code == 0 and unfetched and (not out.strip() or not _others_fetched(ctx, remote, branch, out)):
                # (asked last: what names the branch's readers comes first) the fetched copy holds nothing of
                # anyone else's — at most one's own commits an amend or a rebase replaced — so what the remote
                # has now that this clone never fetched decides
                code, out = _unfetched_commits(ctx, url, branch, tracking)
                unseen = True  # commits this clone never fetched are nobody's rebased copy here, whoever wrote them
            if code == 0 and out.strip():
                theirs, arrived = _others_commits(ctx, remote, branch, out, unseen)
                if theirs:
                    authors = sorted({e[1] for e in theirs})
                    listing = "; ".join(f"{e[0]} {e[1]}: {e[3][:60]}" for e in theirs[:4])
                    return _premise(action, "git.branch.shared", branch, authors, "git.refs",
                                    f"{remote}/{branch} has {len(theirs)} commit(s) by {', '.join(authors)} that "
                                    f"`{src}` does not contain ({listing})"
                                    + (" and that no branch of this clone ever held (they came from another clone's "
                                       "push)" if any(e[0] in arrived for e in theirs) else "")
                                    + ": a force push discards them",
                                    f"bring their commits in, then push without force: `git pull --rebase {remote} "
                                    f"{branch} && git push {remote} {src}:{branch}`" if src == branch else
                                    f"rebase `{src}` onto `{remote}/{branch}` first, then push without force",
                                    f"nobody else has pushed to `{branch}`")
        if not forced and not unfetched:
            behind = _behind_premise(action, remote, url, src, branch, tracking, ctx)
            if behind is not None:
                return behind
        default = _remote_head(ctx, remote) or next((b for b in ("main", "master") if os.path.exists(
            os.path.join(ctx.repo.common_dir, "refs", "remotes", remote, b))), None)
        if default is None:
            continue
        base = f"refs/remotes/{remote}/{default}"
        olds = _reflog_values(ctx, base)
        if not olds:
            continue
        code, out = ctx.git("rev-list", "-n200", src, "--not", f"--remotes={remote}", timeout=2.0)
        pushed = set(out.split()) if code == 0 else set()
        if not pushed:
            continue
        # one walk over every earlier value: most pushes end here (the earlier values are ancestors)
        code, out = ctx.git("rev-list", "-n400", "--no-merges", *olds, "--not", base, timeout=2.0)
        if code != 0 or not set(out.split()) & pushed:
            continue
        code, out = ctx.git("log", "-n200", "--no-merges", "--cherry-pick", "--left-only", "--format=%H",
                            f"{src}...{base}", timeout=2.0)
        fresh = set(out.split()) & pushed if code == 0 else set()
        for old in olds:
            if not fresh:
                break
            code, out = ctx.git("rev-list", "-n200", "--no-merges", old, "--not", base, timeout=2.0)
            dropped = [c for c in out.split() if c in fresh] if code == 0 else []
            if not dropped:
                continue
            code, out = ctx.git("log", "--no-walk", "--format=%h %s", *dropped[:4])
            listing = "; ".join(out.strip().splitlines()) if code == 0 else ", ".join(c[:9] for c in dropped[:4])
            local = next((b for b in (default,) if ctx.git("rev-parse", "-q", "--verify", f"refs/heads/{b}")[1].strip()
                          == old), None)
            onto_from = local or old[:12]
            return _premise(action, "git.history.rewritten", default, f"{remote}/{default} rewritten", "git.refs",
                            f"{remote}/{default} was rewritten: it was at {old[:12]} and no longer contains it; "
                            f"`{src}` would publish again {len(dropped)} commit(s) {remote}/{default} dropped ({listing})",
                            f"rebase onto the new {default} first, then push: `git rebase --onto {remote}/{default} "
                            f"{onto_from} {src} && {text}`",
                            f"`{src}` is based on the current {remote}/{default}")
    return None


def pruned_branches_premise(action: Action, remote: str, url: str, refspecs: list[str], ctx: Any) -> Any:
    """``git push --mirror <remote>`` (or ``--prune``) deletes every branch of the remote this clone has no branch
    of its own for. It assumes the remote holds nothing but this clone's work; a branch there whose commits no ref
    of this clone contains (a colleague's, another team's on a shared remote) would be deleted with them. The
    remote's branches are read from its files (a remote on this machine) or this clone's remote-tracking refs;
    the alternative pushes this clone's own branches by name, which deletes nothing."""
    from statewise_cli.recovery.premises import _premise

    args = [str(a) for a in action.arguments] + [w for w in (action.text or "").split() if w.startswith("--")]
    branches = remote_branches(url, ctx.root)
    if branches is None:
        code, out = ctx.git("for-each-ref", "--format=%(refname:lstrip=3) %(objectname)", f"refs/remotes/{remote}/")
        if code != 0:
            return None
        branches = {n: sha for n, _, sha in (ln.partition(" ") for ln in out.splitlines()) if n and n != "HEAD"}
    code, out = ctx.git("for-each-ref", "--format=%(refname:lstrip=2)", "refs/heads/")
    mine = out.split() if code == 0 else []
    if "--prune" in args and "--mirror" not in args:
        # --prune deletes only the remote branches the pushed refspecs' destinations would cover
        specs = [s.lstrip("+") for s in refspecs if s.lstrip("+")]
        patterns = [s.split(":", 1)[-1].removeprefix("refs/heads/") for s in specs if "*" in s]
        if "--all" in args or "--branches" in args:
            patterns.append("*")
        if not patterns:
            return None
        import fnmatch

        branches = {n: c for n, c in branches.items() if any(fnmatch.fnmatchcase(n, p) for p in patterns)}
    lost: list[tuple[str, str]] = []
    for name, sha in sorted(branches.items()):
        if name in mine:
            continue
        if ctx.git("cat-file", "-e", f"{sha}^{{commit}}")[0] == 0:
            code, out = ctx.git("for-each-ref", "--contains", sha, "--format=%(refname)", "refs/heads/", "refs/tags/")
            if code == 0 and out.strip():
                continue  # a branch of this clone holds its commits: nothing is lost
            code, log = ctx.git("log", "-1", "--format=%an: %s", sha)
            lost.append((name, log.strip() if code == 0 else sha[:12]))
        else:
            lost.append((name, f"{sha[:12]}, a commit this clone has never fetched"))
    if not lost:
        return None
    text = (action.text or "").strip()
    keep = [b for b in mine if b in branches] or ([ctx.repo.branch] if ctx.repo.branch else [])
    if not keep:
        return None
    flags = " ".join(dict.fromkeys(a for a in (action.text or "").split() if a in ("-q", "--quiet", "--no-verify")))
    command = f"git push {flags + ' ' if flags else ''}{remote} {' '.join(keep[:6])}"
    listing = "; ".join(f"`{n}` ({what[:80]})" for n, what in lost[:4])
    what = "--mirror" if "--mirror" in args else "--prune"
    return _premise(action, "git.remote.pruned", remote, [n for n, _ in lost], "git.refs",
                    f"`{remote}` has {len(lost)} branch(es) this clone has no branch for and whose commits no ref here "
                    f"contains: {listing}; `{text}` deletes them there ({what} removes every remote branch without a "
                    f"local counterpart)",
                    f"`{command}` (pushes this clone's own branches by name and deletes nothing)",
                    f"`{remote}` holds only this clone's branches", shown=f"`{command}`")


def cherry_trailer_premise(action: Action, branch: str | None, ctx: Any) -> Any:
    """``git cherry-pick`` without ``-x`` onto a branch whose remote's receive hook rejects commits that do
    not record where they were picked from (``(cherry picked from commit …)``): the push that follows
    would be rejected. A hook that names the refs it checks (``refs/heads/release/*``) speaks only for
    those."""
    from fnmatch import fnmatchcase

    from statewise_cli.recovery.premises import _premise, _remotes

    if action.operation != "git.cherry-pick" or not branch or any(
            a in ("-x", "--abort", "--continue", "--skip", "--quit") for a in action.arguments):
        return None
    upstream = _upstream(ctx, branch)
    remotes = _remotes(ctx)
    remote = upstream[0] if upstream else ("origin" if "origin" in remotes else None)
    if remote is None or remote not in remotes:
        return None
    for path, text in _receive_hooks(remotes[remote], ctx.root):
        if "cherry picked from" not in text.lower():
            continue
        patterns = [p.rstrip(")") for p in _re().findall(r"refs/heads/[\w./*-]+\)?", text)]
        if patterns and not any(fnmatchcase(f"refs/heads/{branch}", p) for p in patterns):
            continue
        words = (action.text or "").strip()
        fixed = words.replace("git cherry-pick", "git cherry-pick -x", 1) if "git cherry-pick" in words else ""
        return _premise(action, "git.commit.cherry_pick_trailer_required", "false", True, "git.receive-hook",
                        f"{remote}'s {os.path.basename(path)} hook ({path}) rejects commits on `{branch}` without a "
                        f"`(cherry picked from commit …)` line: a pick without -x would be refused at the push",
                        f"`{fixed}` (records the picked commit)" if fixed else "pick with `git cherry-pick -x`",
                        f"commits on `{branch}` need not record the commit they were picked from")
    return None


def _linear_required(ctx: Any, remote: str, url: str, branch: str) -> str | None:
    """Why ``branch`` on ``remote`` must keep a linear history: the remote's receive hook rejects merge
    commits on it (``rev-list --min-parents=2`` / ``--merges``), or the repository's settings file
    (``.github/settings.yml``) requires linear history for it. None when nothing says so for this branch."""
    from fnmatch import fnmatchcase

    from statewise_cli.recovery.premises import _read

    for path, text in _receive_hooks(url, ctx.root):
        if not _re().search(r"--min-parents=2|--merges\b", text):
            continue
        refs = [p.rstrip(")\"'") for p in _re().findall(r"refs/heads/[\w./*-]+", text)]
        if refs and not any(fnmatchcase(f"refs/heads/{branch}", p) for p in refs):
            continue
        return f"{remote}'s {os.path.basename(path)} hook ({path}) rejects merge commits on `{branch}`"
    text = _read(os.path.join(ctx.root, ".github", "settings.yml"), 200_000) or ""
    current = None
    for line in text.splitlines():
        m = _re().match(r"\s*-?\s*name:\s*[\"']?([\w./*-]+)", line)
        if m:
            current = m.group(1)
        if current and fnmatchcase(branch, current) and _re().match(r"\s*required_linear_history:\s*true\b", line):
            return f".github/settings.yml requires a linear history on `{branch}` (required_linear_history: true)"
    return None


def merge_commit_premise(action: Action, landing: str | None, ctx: Any) -> Any:
    """``git merge --no-ff X`` (or a merge that cannot fast-forward) onto a branch whose remote keeps a
    linear history: the push of the merge commit would be rejected. The alternative rebases X onto the
    branch and fast-forwards it."""
    from statewise_cli.recovery.premises import _operands, _premise, _remotes

    if action.operation != "git.merge" or not landing or any(
            a in ("--ff-only", "--abort", "--continue", "--quit", "--squash") for a in action.arguments):
        return None
    merged = _operands(action.arguments)
    if len(merged) != 1 or any(c in merged[0] for c in "$*?"):
        return None
    feature = merged[0]
    if "--no-ff" not in action.arguments:
        code, _ = ctx.git("merge-base", "--is-ancestor", landing, feature)
        if code == 0:
            return None  # a fast-forward: no merge commit
    upstream = _upstream(ctx, landing)
    remotes = _remotes(ctx)
    remote = upstream[0] if upstream else ("origin" if "origin" in remotes else None)
    if remote is None or remote not in remotes:
        return None
    why = _linear_required(ctx, remote, remotes[remote], landing)
    if why is None:
        return None
    text = (action.text or "").strip()
    tail = ""
    at = text.find("git merge")
    if at >= 0 and "&&" in text[at:]:
        tail = " && " + text[at:].split("&&", 1)[1].strip()
    alternative = (f"`git rebase -q {landing} {feature} && git switch -q {landing} && git merge -q --ff-only {feature}"
                   f"{tail}`")
    return _premise(action, "git.branch.linear_history", "merge commit", "linear history", "git.receive-hook",
                    f"{why}: this merge makes a merge commit on `{landing}`, and the push would be refused",
                    f"rebase and fast-forward instead: {alternative}",
                    f"`{landing}` accepts merge commits")


def revert_merge_premise(action: Action, landing: str | None, ctx: Any) -> Any:
    """``git revert HEAD`` where the commit is a merge: git refuses without ``-m`` ("is a merge but no -m
    option was given"). The alternative reverts it against its first parent (the branch it landed on)."""
    from statewise_cli.recovery.premises import _operands, _premise

    args = list(action.arguments)
    if any(a in ("-m", "--mainline", "--abort", "--continue", "--quit", "--skip") or a.startswith(("-m", "--mainline="))
           for a in args):
        return None
    commits = _operands(action.arguments)
    if len(commits) != 1 or any(c in commits[0] for c in "$*?") or ".." in commits[0]:
        return None
    rev = commits[0]
    if rev.startswith("HEAD") and landing:
        rev = landing + rev[len("HEAD"):]  # the line switches first: HEAD is that branch's tip then
    code, out = ctx.git("rev-list", "--parents", "-n1", rev, "--")
    parts = out.split() if code == 0 else []
    if len(parts) < 3:
        return None  # not a merge (or not resolvable): nothing to say
    code, subject = ctx.git("log", "-1", "--format=%h %s", parts[0])
    text = (action.text or "").strip()
    at = text.find("git revert")
    alternative = f"`{text[:at + 10]} -m 1{text[at + 10:]}`" if at >= 0 else "`git revert -m 1 " + commits[0] + "`"
    # what is true now names the command that works on it, so the first line already says what to run
    segment = " ".join(["git revert -m 1", *args])
    return _premise(action, "git.commit.merge", commits[0],
                    f"a merge commit with {len(parts) - 1} parents, reverted with `{segment}`", "git.objects",
                    f"{commits[0]}{f' (on {landing})' if landing and commits[0].startswith('HEAD') else ''} is "
                    f"{subject.strip() if code == 0 else parts[0][:10]}, a merge commit with {len(parts) - 1} parents: "
                    f"git reverts a merge only against a parent named with -m (1 = the branch it was merged into)",
                    alternative, f"{commits[0]} is an ordinary commit")


def subtree_premise(action: Action, ctx: Any, directory: str) -> Any:
    """``git submodule update vendor/x`` where no submodule is declared at that path and git history added it
    as a subtree (a ``git-subtree-dir: vendor/x`` trailer): the submodule command does nothing there. The
    alternative pulls the subtree from the remote whose branch holds the subtree's upstream commit."""
    from statewise_cli.recovery.premises import _premise, _read

    args = list(action.arguments)
    if not args or args[0] not in ("update", "init", "sync"):
        return None
    paths = [a for a in args[1:] if not a.startswith("-") and a != "--"]
    if len(paths) != 1 or "$" in paths[0]:
        return None
    rel = os.path.normpath(os.path.join(os.path.relpath(directory, ctx.root), paths[0])).replace(os.sep, "/").rstrip("/")
    modules = _read(os.path.join(ctx.root, ".gitmodules"), 100_000) or ""
    if rel in _submodule_paths(modules):
        return None
    code, out = ctx.git("log", "-1", "--format=%h%x00%s%x00%b", f"--grep=^git-subtree-dir: {rel}/\\?$", "HEAD", "--")
    if code != 0 or not out.strip():
        return None
    commit, subject, body = (out.strip().split("\x00") + ["", ""])[:3]
    split = next((ln.split(":", 1)[1].strip() for ln in body.splitlines() if ln.startswith("git-subtree-split:")), "")
    squash = " --squash" if subject.startswith("Squashed ") or "Squashed " in body else ""
    where = None
    if split:
        code, refs = ctx.git("branch", "-r", "--contains", split, "--format=%(refname:short)")
        found = [r for r in refs.split() if "/" in r and not r.endswith("/HEAD")] if code == 0 else []
        if len(found) == 1 or len({r.split("/", 1)[0] for r in found}) == 1 and found:
            ref = min(found, key=len)
            where = ref.split("/", 1)
    alternative = (f"`git subtree pull --prefix {rel} {where[0]} {where[1]}{squash}`" if where else
                   f"pull the subtree with `git subtree pull --prefix {rel}` from its upstream repository")
    return _premise(action, f"git.subtree.{rel}", "submodule", "subtree", "git.history",
                    f"no submodule is declared at {rel} (.gitmodules {'does not name it' if modules else 'is absent'}); "
                    f"commit {commit} ({subject[:80]}) added {rel} as a git subtree"
                    + (f" of {where[0]}/{where[1]}" if where else ""),
                    alternative, f"{rel} is a submodule")


def sparse_path_premise(action: Action, ctx: Any, directory: str) -> Any:
    """``git sparse-checkout add services/invoicing`` for a directory HEAD no longer has, which git history
    renamed: git adds the pattern and checks out nothing. The renamed directory is what to add."""
    from statewise_cli.recovery.premises import _premise, _renames

    args = list(action.arguments)
    if not args or args[0] not in ("add", "set"):
        return None
    paths = [a for a in args[1:] if not a.startswith("-")]
    if not paths or any(c in "".join(paths) for c in "$*?[!"):
        return None  # patterns (non-cone mode) are not paths
    rel_dir = os.path.relpath(directory, ctx.root)
    for path in paths:
        rel = os.path.normpath(os.path.join(rel_dir, path)).replace(os.sep, "/").rstrip("/")
        code, _ = ctx.git("cat-file", "-e", f"HEAD:{rel}")
        if code == 0:
            continue
        places: dict[str, str] = {}
        for old, new, commit in _renames(ctx):
            if old.startswith(rel + "/"):
                suffix = old[len(rel):]
                if new.endswith(suffix) and len(new) > len(suffix):
                    places.setdefault(new[: len(new) - len(suffix)], commit)
        if not places:
            places = _moved_by_structure(ctx, rel)
        live = [p for p in places if ctx.git("cat-file", "-e", f"HEAD:{p}")[0] == 0]
        if len(live) != 1:
            continue
        now = live[0]
        text = (action.text or "").strip()
        alternative = f"`{text.replace(path, now, 1)}`" if text.count(path) == 1 else f"add `{now}`"
        return _premise(action, f"path.{os.path.basename(rel)}", rel, now, "git.renames",
                        f"HEAD has no {rel}: git history renamed it to {now} ({places[now]}); a sparse checkout of "
                        f"{rel} checks out nothing", alternative, f"{rel} is a directory of HEAD")
    return None


def _moved_by_structure(ctx: Any, rel: str) -> dict[str, str]:
    """{new directory: commit} when the commit that deleted ``rel``'s last files added the same file names
    under one other directory (a directory renamed while its files changed too much for git's rename
    detection: ``services/invoicing/app.py`` → ``services/billing/app.py`` rewritten)."""
    code, out = ctx.git("log", "-n1", "--diff-filter=D", "--format=%h %s", "--", rel)
    if code != 0 or not out.strip():
        return {}
    entry = out.strip().splitlines()[0]
    commit = entry.split(" ", 1)[0]
    code, changes = ctx.git("show", "--no-renames", "--name-status", "--format=", commit)
    if code != 0:
        return {}
    deleted, added = [], []
    for line in changes.splitlines():
        status, _, path = line.partition("\t")
        if status == "D" and path.startswith(rel + "/"):
            deleted.append(path[len(rel):])
        elif status == "A":
            added.append(path)
    if not deleted:
        return {}
    homes: set[str] = set()
    for suffix in deleted:
        found = {path[: len(path) - len(suffix)] for path in added if path.endswith(suffix) and len(path) > len(suffix)}
        if len(found) != 1:
            return {}
        homes |= found
    return {homes.pop(): entry} if len(homes) == 1 else {}


# Where a repository states its commit-message convention (commitlint's configuration files, or the
# `commitlint` key of package.json).
_COMMITLINT_FILES = ("commitlint.config.js", "commitlint.config.cjs", "commitlint.config.mjs", "commitlint.config.ts",
                     "commitlint.config.cts", ".commitlintrc", ".commitlintrc.json", ".commitlintrc.yaml",
                     ".commitlintrc.yml", ".commitlintrc.js", ".commitlintrc.cjs")
_CONVENTIONAL_TYPES = ("build", "chore", "ci", "docs", "feat", "fix", "perf", "refactor", "revert", "style", "test")


def _commit_subject(args: list[str]) -> str | None:
    """The subject line of ``git commit -m …`` (``-am``, ``--message=``); None when the message comes from
    elsewhere (an editor, a file, ``--fixup``)."""
    for i, arg in enumerate(args):
        short = arg.startswith("-") and not arg.startswith("--") and arg.endswith("m") and "m" not in arg[1:-1]
        if (arg in ("-m", "--message") or short and len(arg) <= 4) and i + 1 < len(args):
            return args[i + 1].split("\n", 1)[0].strip()
        if arg.startswith("--message="):
            return arg.split("=", 1)[1].split("\n", 1)[0].strip()
        if arg.startswith("-m") and len(arg) > 2 and not arg.startswith("--"):
            return arg[2:].split("\n", 1)[0].strip()
    return None


def _commit_convention(root: str) -> tuple[str, bool] | None:
    """(the file stating it, whether it keeps the conventional type list) when the repository's commitlint
    configuration extends the Conventional Commits preset."""
    from statewise_cli.recovery.premises import _read

    for name in _COMMITLINT_FILES:
        text = _read(os.path.join(root, name), 50_000)
        if text and "config-conventional" in text:
            return name, "type-enum" not in text
    text = _read(os.path.join(root, "package.json"), 200_000) or ""
    if '"commitlint"' in text and "config-conventional" in text:
        return "package.json", "type-enum" not in text
    return None


def commit_convention_premise(action: Action, ctx: Any) -> Any:
    """``git commit -m 'Round totals'`` in a repository whose commitlint configuration extends the
    Conventional Commits preset: the subject must read ``type(scope): summary``, and a hook or CI rejects
    anything else."""
    from statewise_cli.recovery.premises import _premise

    args = list(action.arguments)
    if any(a in ("--fixup", "--squash", "-C", "-c", "--reuse-message", "--reedit-message", "-F", "--file")
           or a.startswith(("--fixup=", "--squash=", "--file=")) for a in args):
        return None
    subject = _commit_subject(args)
    if not subject or "$" in subject:
        return None
    found = _commit_convention(ctx.root)
    if found is None:
        return None
    source, typed = found
    re = _re()
    types = "|".join(_CONVENTIONAL_TYPES) if typed else r"[a-z]+"
    if re.match(rf"^({types})(\([\w./-]+\))?!?: \S", subject) or subject.startswith(("Merge ", "Revert ", "fixup! ",
                                                                                       "squash! ", "amend! ")):
        return None
    guess = "fix" if re.match(r"(?i)^(fix|round|correct|handle|avoid|prevent|repair)", subject) else "feat"
    summary = subject[:1].lower() + subject[1:] if subject[1:2].islower() else subject
    fixed = f"{guess}: {summary}"
    text = (action.text or "").strip()
    alternative = (f"`{text.replace(subject, fixed, 1)}` (pick the type that fits: "
                   f"{', '.join(_CONVENTIONAL_TYPES[:8])} …)" if text.count(subject) == 1 else
                   f"a subject like `{fixed}`")
    return _premise(action, "git.commit.convention", "free-form commit subject", "Conventional Commits",
                    "project.commitlint",
                    f"{source} extends @commitlint/config-conventional: every commit subject must read "
                    f"`type(scope): summary`, anything else is rejected by commitlint (a commit-msg hook, the "
                    f"server or CI); `{subject[:80]}` does not follow it", alternative, "this repository takes free-form commit subjects")



def _hook_scoped(text: str, branch: str) -> bool:
    """Whether a receive hook that names branches names ``branch`` (one that names none covers every branch)."""
    from fnmatch import fnmatchcase

    refs = [p.rstrip(")\"'") for p in _re().findall(r"refs/heads/[\w./*-]+", text)]
    return not refs or any(fnmatchcase(f"refs/heads/{branch}", p) for p in refs)


_MERGES_ONLY = r"(?i)only merge commits|merge commits only|must be (?:a )?merge commit|requires? (?:a )?merge commit"


def ff_merge_premise(action: Action, landing: str | None, ctx: Any) -> Any:
    """``git merge --ff-only X`` (or a merge that would fast-forward) onto a branch whose remote's receive
    hook accepts only merge commits there: the push of the fast-forwarded branch would be refused. The
    alternative makes the merge commit (``--no-ff``)."""
    from statewise_cli.recovery.premises import _operands, _premise, _remotes

    args = list(action.arguments)
    if action.operation != "git.merge" or not landing or any(
            a in ("--no-ff", "--abort", "--continue", "--quit", "--squash") for a in args):
        return None
    merged = _operands(action.arguments)
    if len(merged) != 1 or any(c in merged[0] for c in "$*?"):
        return None
    if "--ff-only" not in args and ctx.git("merge-base", "--is-ancestor", landing, merged[0])[0] != 0:
        return None  # not a fast-forward: git makes a merge commit anyway
    upstream = _upstream(ctx, landing)
    remotes = _remotes(ctx)
    remote = upstream[0] if upstream else ("origin" if "origin" in remotes else None)
    if remote is None or remote not in remotes:
        return None
    why = next((f"{remote}'s {os.path.basename(path)} hook ({path}) accepts only merge commits on `{landing}`"
                for path, text in _receive_hooks(remotes[remote], ctx.root)
                if _re().search(_MERGES_ONLY, text) and _hook_scoped(text, landing)), None)
    if why is None:
        return None
    text = (action.text or "").strip()
    fixed = text.replace("--ff-only", "--no-ff", 1) if "--ff-only" in text else text.replace("git merge", "git merge --no-ff", 1)
    return _premise(action, "git.branch.merge_commits", "fast-forward", "merge commits only (`git merge --no-ff`)",
                    "git.receive-hook",
                    f"{why}: this merge fast-forwards `{landing}` to `{merged[0]}` without a merge commit, and the push "
                    f"would be refused", f"merge with `git merge --no-ff`: `{fixed}`", f"`{landing}` takes fast-forwards")


def fixup_push_premise(action: Action, before: list[Action], ctx: Any) -> Any:
    """A push of ``fixup!`` / ``squash!`` commits (made earlier on the line, or already on the branch) to a
    remote whose receive hook rejects them: the alternative autosquashes them before the push."""
    from statewise_cli.recovery.premises import _operands, _premise, _remotes

    operands = _operands(action.arguments)
    if len(operands) < 2 or any(c in "".join(operands) for c in "$*?:"):
        return None
    remote, branch = operands[0], operands[1]
    remotes = _remotes(ctx)
    if remote not in remotes:
        return None
    why = next((f"{remote}'s {os.path.basename(path)} hook ({path}) rejects fixup!/squash! commits"
                for path, text in _receive_hooks(remotes[remote], ctx.root)
                if _re().search(r"fixup!|fixup\|squash|\(fixup\|", text) and _hook_scoped(text, branch)), None)
    if why is None:
        return None
    if any(a.operation in ("git.rebase", "git.reset", "git.filter-branch") for a in before):
        return None  # the line rewrites the branch before the push: what it sends is not known here
    made = any(a.operation == "git.commit" and any(x in ("--fixup", "--squash") or x.startswith(("--fixup=", "--squash="))
                                                  for x in a.arguments) for a in before)
    if not made:
        tracking = f"refs/remotes/{remote}/{branch}"
        span = [f"{tracking}..HEAD"] if ctx.git("rev-parse", "-q", "--verify", tracking)[0] == 0 else \
            ["HEAD", "--not", f"--remotes={remote}"]
        code, out = ctx.git("log", "--format=%s", "-n200", *span, "--")
        if code != 0 or not any(s.startswith(("fixup! ", "squash! ", "amend! ")) for s in out.splitlines()):
            return None
    code, head = ctx.git("rev-parse", "--abbrev-ref", f"{remote}/HEAD")
    base = head.strip().split("/", 1)[1] if code == 0 and "/" in head.strip() else "main"
    if ctx.git("rev-parse", "-q", "--verify", f"refs/heads/{base}")[0] != 0:
        base = f"{remote}/{base}"
    text = (action.text or "").strip()
    at = text.find("git push")
    squash = f"GIT_SEQUENCE_EDITOR=true git rebase -q -i --autosquash {base}"
    alternative = f"`{text[:at]}{squash} && {text[at:]}`" if at >= 0 else f"`{squash}` before the push"
    return _premise(action, "git.branch.fixup_commits", "fixup commits accepted", "fixup commits rejected",
                    "git.receive-hook", f"{why}: the push carries fixup! commits; squash them into their targets first",
                    f"autosquash before pushing: {alternative}", "the remote accepts fixup! commits")


def squashed_branch_premise(action: Action, ctx: Any) -> Any:
    """``git branch -d X`` where X's commits are not ancestors of the branch it would be checked against,
    but its changes are: one commit of the default branch since they diverged carries exactly X's diff (a
    squash or rebase merge). ``-d`` refuses such a branch; nothing of X is lost by ``-D``."""
    from statewise_cli.recovery.premises import _premise

    args = [str(a) for a in action.arguments]
    if "delete" not in action.flags or any(a in ("-D", "--force", "-f") or a.startswith("-") and "D" in a[1:]
                                           and not a.startswith("--") for a in args):
        return None
    names = [a for a in args if not a.startswith("-")]
    if len(names) != 1 or "-r" in args or "--remotes" in args:
        return None
    name = names[0]
    code, tip = ctx.git("rev-parse", "--verify", "-q", f"refs/heads/{name}")
    if code != 0:
        return None
    upstream_code, upstream = ctx.git("rev-parse", "--abbrev-ref", f"{name}@{{upstream}}")
    base = upstream.strip() if upstream_code == 0 else ""
    if not base or ctx.git("rev-parse", "--verify", "-q", base)[0] != 0:
        base = "HEAD"  # git -d checks against the upstream when it exists, else HEAD
    entry = _squashed_into(ctx, tip.strip(), base, merges=True)  # None too when merged: -d deletes it
    if entry is not None:
        commit = entry.split(" ", 1)[0]
        where = "HEAD" if base == "HEAD" else base
        text = (action.text or "").strip()
        fixed = text.replace(" -d ", " -D ", 1) if " -d " in text else f"git branch -D {name}"
        return _premise(action, "git.branch_merged", f"{name} is merged by ancestry", f"{name}'s changes are in {commit}",
                        "git.history",
                        f"{name}'s changes are already in {where} as commit {entry.strip()[:90]} (a squash or rebase "
                        f"merge: the same diff), but its own commits are not ancestors of {where}, so a safe delete (-d) "
                        f"refuses it; nothing of it is lost by a forced delete", f"`{fixed}`",
                        f"{name}'s commits are ancestors of {where}")
    return None


def _diff_body(diff: str) -> list[str]:
    """A diff's changed lines and file names, without the hunk positions and blob ids that differ between
    the same change made on two bases."""
    return [ln for ln in diff.splitlines() if ln.startswith(("+", "-", "diff --git")) and not ln.startswith("@@")]


_DOC_PATHSPECS = (":(exclude)*.md", ":(exclude)*.markdown", ":(exclude)*.rst", ":(exclude)*.txt", ":(exclude)*.adoc")


def _file_sections(diff: str) -> list[tuple[str, str]]:
    """(path, its part of a ``-U0`` diff) for each file of one commit's diff."""
    out: list[tuple[str, str]] = []
    for part in diff.split("diff --git ")[1:]:
        first, _, body = part.partition("\n")
        path = first.rsplit(" b/", 1)[-1].strip()
        out.append((path, body))
    return out


def replaced_branch(dst: str, branches: set[str], ctx: Any) -> tuple[str, str, str, str] | None:
    """(new branch, commit, file, the file's line now) when a recent commit of the project's configuration
    (not its prose) replaced the branch name ``dst`` by another branch in the same line — a deploy,
    release or CI branch renamed (``production_branch = "production"`` → ``= "live"``) — the other
    branch is one of ``branches`` (the remote has it), and the file still says so: it holds the new line
    and none of the lines that named ``dst``."""
    others = branches - {dst}
    if not others:
        return None
    found = _replaced_branch_by(["-S", dst], dst, others, ctx)
    if found is None and any(other != dst and dst in other for other in others):
        # `depot` → `north-depot` keeps the count of the string: `-S` misses it, the word itself does not
        word = "[:alnum:]_./-"
        found = _replaced_branch_by(["-G", f"(^|[^{word}]){_re().escape(dst)}($|[^{word}])"], dst, others, ctx)
    return found


PICKAXE_CACHE = "branch-pickaxe.json"


def _pickaxe_log(ctx: Any, pickaxe: list[str]) -> str | None:
    """The ``-U0`` diffs of the newest 50 commits of HEAD that add or remove a branch name outside the prose, cached
    beside the store by HEAD's commit and the search (they depend on nothing else); None when git fails."""
    import json

    from statewise_cli.recovery.premises import _head_commit, _read, save_cache

    head = _head_commit(ctx.repo) or ""
    cache = os.path.join(ctx.repo.store_dir, PICKAXE_CACHE)
    key = "\0".join(pickaxe)
    known: dict[str, str] = {}
    try:
        data = json.loads(_read(cache) or "{}")
        if head and isinstance(data, dict) and data.get("head") == head and isinstance(data.get("logs"), dict):
            known = {k: str(v) for k, v in data["logs"].items()}
    except ValueError:
        pass
    if key in known:
        return known[key]
    code, out = ctx.git("log", "-n50", *pickaxe, "-p", "-U0", "--no-color", "--no-ext-diff", "--no-merges",
                        "--format=@@@commit %h %s", "--", ".", *_DOC_PATHSPECS)
    if code != 0:
        return None
    if head and len(out) <= 64 * 1024:
        if len(known) > 32:
            known.clear()
        known[key] = out
        save_cache(cache, {"head": head, "logs": known})
    return out


def _replaced_branch_by(pickaxe: list[str], dst: str, others: set[str], ctx: Any) -> tuple[str, str, str, str] | None:
    from statewise_cli.recovery.premises import _read, _replaced_in

    out = _pickaxe_log(ctx, pickaxe)
    if out is None:
        return None
    for chunk in out.split("@@@commit ")[1:6]:
        entry, _, diff = chunk.partition("\n")
        for path, section in _file_sections(diff):
            found = _replaced_in(section, dst, lambda other: other in others)
            if not found:
                continue
            other = max(found, key=lambda k: found[k])
            now = _read(os.path.join(ctx.root, path), 200_000)
            if not now:
                continue
            current = set(now.splitlines())
            removed = [ln[1:] for ln in section.splitlines() if ln.startswith("-") and not ln.startswith("---")
                       and dst in ln]
            added = [ln[1:] for ln in section.splitlines() if ln.startswith("+") and not ln.startswith("+++")
                     and other in ln and ln[1:] in current]
            if not added or any(ln in current for ln in removed):
                continue  # the file names the old branch again (reverted), or the new line is gone
            return other, entry.strip(), path, added[0].strip()
    return None


def replaced_branch_premise(action: Action, remote: str, dst: str, existing: list[str], ctx: Any) -> Any:
    """``git push origin main:production`` after a commit of the project's configuration replaced the
    branch ``production`` by ``live`` (a deploy / prerelease / CI branch renamed): the push goes to a
    branch the project no longer uses — it re-creates a deleted branch, or updates one nothing releases
    from. The remote's default branch and the branch checked out are never such a target."""
    from statewise_cli.recovery.premises import _premise

    prefix = f"refs/remotes/{remote}/"
    branches = {ref[len(prefix):] for ref in existing if ref.startswith(prefix)} - {"HEAD"}
    if not dst or dst in (ctx.repo.branch, _remote_head(ctx, remote)):
        return None
    upstream = _upstream(ctx, ctx.repo.branch) if ctx.repo.branch else None
    if upstream is not None and upstream == (remote, dst):
        return None  # the branch this one tracks
    found = replaced_branch(dst, branches, ctx)
    if found is None:
        return None
    other, entry, path, line = found
    commit, _, subject = entry.partition(" ")
    text = (action.text or "").strip()
    if text.count(dst) != 1:
        alternative = f"push to `{other}`"
    elif f":{dst}" in text or f":refs/heads/{dst}" in text:
        alternative = f"`{text.replace(dst, other)}`"
    else:  # `git push origin stable`: the same local branch, to the branch the project uses now
        alternative = f"`{text.replace(dst, f'{dst}:{other}')}`"
    state = (f"{remote} still has `{dst}`, but nothing in the project's configuration names it any more"
             if dst in branches else f"{remote} has no branch `{dst}` (this push would re-create it)")
    return _premise(action, "git.replaced_branch", dst, other, "git.history",
                    f"{path} now says `{line[:160]}`; {state}; {remote} has `{other}`", alternative,
                    f"`{dst}` is still the branch this goes to; commit {commit} \"{subject[:100]}\" replaced it with "
                    f"`{other}` in {path}")


# A branch that holds released code, by its conventional name (git-flow's production branch, stable / LTS /
# maintenance lines, release branches).
_RELEASE_LINE = (r"^(?:stable|production|prod|live|latest|lts|release|releases|maint|maintenance)$"
                 r"|^(?:release|releases|maint|maintenance|support|lts|stable)[/-]\S+$")
# A branch that fixes released code: git-flow's hotfix/, a patch branch, or one named for a patch version.
_FIX_BRANCH = r"^(?:hotfix|hot-fix|hotfixes|patch|patches)[/-]|(?:^|[/-])v?\d+\.\d+\.[1-9]\d*$"


def _new_branch(action: Action) -> str | None:
    args = list(action.arguments)
    for i, arg in enumerate(args):
        if arg in ("-c", "-C", "-b", "-B", "--create", "--force-create") and i + 1 < len(args):
            return args[i + 1]
    return None


def fix_base_premise(action: Action, name: str, existing: list[str], ctx: Any) -> Any:
    """``git switch -c hotfix/2.3.1 origin/main`` while the remote has a branch of released code
    (``stable``, ``production``, a ``release/…`` or maintenance line; git-flow's main when the default
    branch is develop) that ``main`` contains and runs ahead of: the fix would carry the unreleased
    commits into the release. Exactly one such branch decides; several, or none, say nothing."""
    from statewise_cli.recovery.premises import _premise

    new = _new_branch(action)
    if not new or not _re().search(_FIX_BRANCH, new, _re().IGNORECASE):
        return None
    where = _remote_of(ctx, existing, name)
    if where is None:
        return None
    remote, branch = where
    if _re().search(_RELEASE_LINE, branch):
        return None  # already started from a release line
    default = _remote_head(ctx, remote)
    prefix = f"refs/remotes/{remote}/"
    lines = []
    for ref in existing:
        if not ref.startswith(prefix):
            continue
        cand = ref[len(prefix):]
        if cand in ("HEAD", branch) or not (_re().search(_RELEASE_LINE, cand) or (
                cand in ("main", "master") and default and default not in ("main", "master"))):
            continue
        code, _ = ctx.git("merge-base", "--is-ancestor", ref, f"{prefix}{branch}")
        if code != 0:
            continue  # not a line the start point grew from
        ahead = _count(ctx, f"{prefix}{branch}", f"^{ref}")
        if ahead:
            lines.append((cand, ahead))
    if len(lines) != 1:
        return None
    line, ahead = lines[0]
    code, out = ctx.git("log", "-n3", "--no-merges", "--format=%s", f"{prefix}{branch}", f"^{prefix}{line}")
    subjects = "; ".join(s.strip()[:60] for s in out.splitlines() if s.strip()) if code == 0 else ""
    text = (action.text or "").strip()
    shown = f"{remote}/{line}"
    alternative = f"`{text.replace(name, shown, 1)}`" if text.count(name) == 1 else f"start it from `{remote}/{line}`"
    return _premise(action, "git.fix_base", name, f"{remote}/{line}", "git.refs",
                    f"{remote}/{line} is the released line ({remote}/{branch} contains it); {remote}/{branch} is "
                    f"{ahead} commit(s) ahead with work {line} has not released" + (f" ({subjects})" if subjects else "")
                    + f": `{new}` started from `{name}` would carry it into the fix",
                    alternative, f"`{name}` is the base for {new}")


def _squashed_into(ctx: Any, tip: str, base: str, *, merges: bool = False) -> str | None:
    """The commit of ``base`` (``<hash> <subject>``) that carries exactly the diff of ``tip`` since they
    diverged — a squash or rebase merge of the branch — when ``tip`` itself is not an ancestor of ``base``.
    Merge commits of ``base`` are candidates only with ``merges``."""
    if ctx.git("merge-base", "--is-ancestor", tip, base)[0] == 0:
        return None
    code, mb = ctx.git("merge-base", base, tip)
    if code != 0 or not mb.strip():
        return None
    code, mine = ctx.git("diff", "--no-color", "--no-ext-diff", "-U0", mb.strip(), tip)
    body = _diff_body(mine)
    if code != 0 or not body:
        return None
    code, log = ctx.git("log", "-n60", *(() if merges else ("--no-merges",)), "--format=%h %s", f"{mb.strip()}..{base}")
    if code != 0:
        return None
    for entry in log.splitlines():
        commit = entry.split(" ", 1)[0]
        code, theirs = ctx.git("diff", "--no-color", "--no-ext-diff", "-U0", f"{commit}^", commit)
        if code == 0 and _diff_body(theirs) == body:
            return entry.strip()
    return None


def squashed_base_premise(action: Action, name: str, existing: list[str], ctx: Any) -> Any:
    """``git rebase origin/feature/api`` or ``gh pr create --base feature/api`` from a branch stacked on
    ``feature/api``, after ``feature/api`` was squash- (or rebase-) merged into the remote's default branch:
    one commit of the default branch carries exactly its diff. The stack's base is the default branch now
    (a rebase there drops the already-applied commits); the old branch is only a leftover."""
    from statewise_cli.recovery.premises import _premise

    if action.operation not in ("gh.pr", "git.rebase"):
        return None
    where = _remote_of(ctx, existing, name)
    if where is None:
        return None
    remote, branch = where
    default = _remote_head(ctx, remote) or next(
        (b for b in ("main", "master") if f"refs/remotes/{remote}/{b}" in existing), None)
    if not default or default == branch or f"refs/remotes/{remote}/{default}" not in existing:
        return None
    entry = _squashed_into(ctx, f"refs/remotes/{remote}/{branch}", f"refs/remotes/{remote}/{default}")
    if entry is None:
        return None
    shown = f"{remote}/{default}" if name.startswith(f"{remote}/") else default
    text = (action.text or "").strip()
    alternative = f"`{text.replace(name, shown, 1)}`" if text.count(name) == 1 else f"use `{shown}`"
    return _premise(action, "git.stack_base", name, shown, "git.history",
                    f"`{branch}` was merged into {default} as commit {entry[:100]} (the same diff, squashed or rebased), "
                    f"so its own commits are not in {default}; work stacked on it builds on {default} now",
                    alternative, f"`{name}` is still the base of the stacked work")


def stale_copy_premise(action: Action, name: str, existing: list[str], ctx: Any, fetched: bool = False) -> Any:
    """``git rebase origin/main`` where the local ``main`` tracks another remote (``branch.main.remote =
    forge``) and ``origin/main`` is strictly behind ``forge/main`` with nothing of its own: origin is an
    older copy (a mirror left behind by a move), and the rebase would build on its stale branch. After a
    fetch of that remote on the same line, only a remote that is archived (its receive hook on this
    machine rejects every push) is known to stay behind."""
    from statewise_cli.recovery.premises import _premise, _remotes

    if action.operation not in ("git.rebase", "git.merge"):
        return None
    head, _, branch = name.partition("/")
    if not branch or f"refs/remotes/{name}" not in existing:
        return None
    upstream = _upstream(ctx, branch)
    if upstream is None or upstream[0] == head or upstream[1] != branch:
        return None
    primary = upstream[0]
    mine, theirs = f"refs/remotes/{head}/{branch}", f"refs/remotes/{primary}/{branch}"
    if theirs not in existing:
        return None
    code, out = ctx.git("rev-parse", "-q", mine, theirs)
    shas = out.split() if code == 0 else []
    if len(shas) != 2 or shas[0] == shas[1] or ctx.git("merge-base", "--is-ancestor", mine, theirs)[0] != 0:
        return None
    closed = ""
    remotes = _remotes(ctx)
    if head in remotes:
        from statewise_cli.recovery.premises_policy import _rejects_every_push

        rejected = _rejects_every_push(remotes[head], ctx.root)
        closed = "; its receive hook rejects every push (an archived copy)" if rejected else ""
    if fetched and not closed:
        return None  # the fetch may bring it up to date
    behind = _count(ctx, f"{mine}..{theirs}")
    text = (action.text or "").strip()
    fixed = _re().sub(rf"(?<![\w./-]){_re().escape(head)}(?=/|\s|$)", primary, text)
    return _premise(action, "git.remote", head, primary, "git.refs",
                    f"local `{branch}` tracks {primary}/{branch} (branch.{branch}.remote = {primary}); {head}/{branch} is "
                    f"{behind or 'some'} commit(s) behind it with nothing of its own{closed}",
                    f"`{fixed}`" if fixed != text else f"use `{primary}/{branch}`",
                    f"the remote `{head}` has the current `{branch}`", shown=f"{primary}/{branch}")


def _made_tags(before: list[Action]) -> list[str]:
    """Tags created earlier on the command line (``git tag -a v2.4.0 -m … && git push …``)."""
    from statewise_cli.recovery.premises import _operands

    out: list[str] = []
    for a in before:
        args = tuple(str(x) for x in a.arguments)
        if a.operation != "git.tag" or any(x in ("-d", "--delete", "-l", "--list", "-v", "--verify") for x in args):
            continue
        cleaned: list[str] = []
        skip = False
        for x in args:  # drop option values (`-m msg`, `-u key`) before taking the tag name
            if skip:
                skip = False
                continue
            if x in ("-m", "--message", "-F", "--file", "-u", "--local-user", "--cleanup"):
                skip = True
                continue
            cleaned.append(x)
        operands = _operands(tuple(cleaned))
        if operands:
            out.append(operands[0])
    return out


def _push_remote(action: Action, ctx: Any) -> tuple[str, str] | None:
    from statewise_cli.recovery.premises import _operands, _remotes

    remotes = _remotes(ctx)
    operands = _operands(action.arguments)
    if operands:
        name = operands[0]
    else:
        upstream = _upstream(ctx, ctx.repo.branch) if ctx.repo.branch else None
        name = upstream[0] if upstream else ("origin" if "origin" in remotes else "")
    return (name, remotes[name]) if name in remotes else None


def all_tags_premise(action: Action, before: list[Action], ctx: Any) -> Any:
    """``git push --tags`` where this clone holds tags the remote does not have besides the ones made on the
    same line (tags the remote pruned, or local experiments): every one of them would be published, and a
    tag-triggered workflow runs for each. The premise is "only the new tag goes out". Asked only of a
    remote on this machine that already has tags (a network remote's tags are unknown here)."""
    from statewise_cli.recovery.premises import _local_path, _premise

    # the push's own options are not kept as arguments: read `--tags` from its segment of the command line
    if action.operation != "git.push" or not _re().search(r"\bpush\b[^&|;\n]*\s--tags\b", action.text or ""):
        return None
    where = _push_remote(action, ctx)
    if where is None:
        return None
    remote, url = where
    local = _local_path(url.strip(), ctx.root)
    if local is None or not os.path.isdir(local):
        return None
    code, out = ctx.git("ls-remote", "--tags", local)
    if code != 0:
        return None
    theirs = {ln.split("\t", 1)[1][len("refs/tags/"):].removesuffix("^{}") for ln in out.splitlines() if "\trefs/tags/" in ln}
    if not theirs:
        return None
    code, out = ctx.git("for-each-ref", "--format=%(refname:short)", "refs/tags")
    if code != 0:
        return None
    new = _made_tags(before)
    extra = sorted(t for t in out.split() if t not in theirs and t not in new)
    if not extra:
        return None
    text = (action.text or "").strip()
    release = all(_re().match(r"^v?\d+(\.\d+)+$", t) for t in new) and new
    what = f"the new {'release ' if release else ''}tag{'s' if len(new) > 1 else ''}"
    fixed = ""
    push = f"git push {remote} {' '.join(new)}"
    if new:
        m = _re().search(r"git push(?:\s+-\S+)*\s+(?:" + _re().escape(remote) + r"\s+)?--tags(?:\s+" + _re().escape(remote)
                         + r")?", text)
        fixed = text[:m.start()] + push + text[m.end():] if m else push
    listing = ", ".join(extra[:6]) + (f" and {len(extra) - 6} more" if len(extra) > 6 else "")
    return _premise(action, "git.tags_pushed", "new tags only", extra, "git.remote-refs",
                    f"this clone has {len(extra)} tag(s) {remote} does not have: {listing} (pruned there, or never "
                    f"published); `--tags` would publish them too, and a tag-triggered workflow runs for each",
                    f"push only {what}: `{fixed}`" if fixed else f"push the tag by name: `git push {remote} <tag>`",
                    f"`git push --tags` publishes only {what}", shown=f"`{push}`" if new else "")


_RELEASE_EVENT = r"(?m)^\s*on\s*:\s*\[?[^\n#]*\brelease\b|^\s+release\s*:\s*(?:#.*)?$"


def release_event_premise(action: Action, before: list[Action], ctx: Any) -> Any:
    """``git push origin v2.5.0`` where no GitHub workflow runs on a tag push any more while one runs on a
    published release (``on: release: types: [published]``): the push publishes a tag and builds nothing.
    The release is what starts the workflow: ``gh release create v2.5.0``. Only GitHub workflows decide
    (another CI's configuration makes it unknown)."""
    from statewise_cli.recovery.premises import _operands, _premise, _read

    if action.operation != "git.push":
        return None
    root = ctx.root
    if any(os.path.exists(os.path.join(root, n)) for n in _CI_FILES):
        return None
    workflows = os.path.join(root, ".github", "workflows")
    try:
        names = sorted(n for n in os.listdir(workflows) if n.endswith((".yml", ".yaml")))
    except OSError:
        return None
    on_release = [n for n in names if _re().search(_RELEASE_EVENT, _read(os.path.join(workflows, n), 200_000) or "")]
    if not on_release:
        return None
    made = _made_tags(before)
    tags = [t for t in _operands(action.arguments)[1:] if t in made or os.path.exists(
        os.path.join(ctx.repo.common_dir, "refs", "tags", t)) or t.startswith("refs/tags/")]
    tags = [t.removeprefix("refs/tags/") for t in tags]
    if len(tags) != 1 or not _re().match(r"^v?\d+(\.\d+)+", tags[0]):
        return None
    tag = tags[0]
    import fnmatch

    if any(fnmatch.fnmatchcase(tag, pattern.replace("**", "*")) for pattern, _ in ci_tag_patterns(root)):
        return None  # a workflow still runs on this tag's push
    branch = ctx.repo.branch or _remote_head(ctx, "origin") or "main"
    create = f"gh release create {tag} --target {branch} --generate-notes"
    return _premise(action, "git.release_trigger", "tag push", "published release", "ci.workflows",
                    f"no workflow of .github/workflows runs on a tag push; {', '.join(on_release[:3])} run(s) on a "
                    f"published release (`on: release`): pushing {tag} builds nothing",
                    f"create the release (it makes the tag on {branch}): `{create}`",
                    f"pushing the tag {tag} starts the release workflow", shown=f"`{create}`")


_REMOTE_BRANCHES: dict[tuple[str, float, float], dict[str, str]] = {}


def remote_branches(url: str, root: str) -> dict[str, str] | None:
    """branch -> commit of a remote on this machine, read from its files (loose refs and packed-refs), cached by
    the modification times of its refs directory tree root and packed-refs; None for a network remote."""
    from statewise_cli.recovery.premises import _local_path, _read

    local = _local_path(url.strip(), root)
    if local is None or not os.path.isdir(local):
        return None
    git_dir = os.path.join(local, ".git") if os.path.isdir(os.path.join(local, ".git")) else local
    heads = os.path.join(git_dir, "refs", "heads")
    packed = os.path.join(git_dir, "packed-refs")
    try:
        stamp = (git_dir, os.stat(heads).st_mtime, os.stat(packed).st_mtime if os.path.exists(packed) else 0.0)
    except OSError:
        return None
    found: dict[str, str] | None = None
    if not any(os.path.isdir(os.path.join(heads, d)) for d in os.listdir(heads)):
        found = _REMOTE_BRANCHES.get(stamp)  # nested directories change without their parent's mtime
    if found is not None:
        return found
    found = {}
    for line in (_read(packed, 4_000_000) or "").splitlines():
        sha, _, ref = line.partition(" ")
        if ref.startswith("refs/heads/") and len(sha) >= 40:
            found[ref[len("refs/heads/"):]] = sha
    for base, _dirs, files in os.walk(heads):
        for name in files:
            sha = (_read(os.path.join(base, name), 200) or "").strip()
            if len(sha) >= 40:
                found[os.path.relpath(os.path.join(base, name), heads).replace(os.sep, "/")] = sha
    _REMOTE_BRANCHES[stamp] = found
    return found


def _remote_git_dir(url: str, root: str) -> str | None:
    from statewise_cli.recovery.premises import _local_path

    local = _local_path(url.strip(), root)
    if local is None:
        return None
    return os.path.join(local, ".git") if os.path.isdir(os.path.join(local, ".git")) else local


def vanished_branch_premise(action: Action, remote: str, branch: str, ctx: Any, *, pushed: bool = False) -> Any:
    """The action names ``branch`` of ``remote`` (``git rebase origin/develop``, ``gh pr create --base develop``,
    ``git push origin HEAD:develop``) from this clone's remote-tracking copy, but the remote (on this machine) no
    longer has that branch, and exactly one of its branches now holds the copy's commit — the evident successor
    (the branch renamed, or folded into another line). A remote that still has the branch, a network remote, or no
    single successor decides nothing."""
    from statewise_cli.recovery.premises import _premise, _remotes

    url = _remotes(ctx).get(remote)
    if not url:
        return None
    branches = remote_branches(url, ctx.root)
    if not branches or branch in branches:
        return None
    code, out = ctx.git("rev-parse", "-q", "--verify", f"refs/remotes/{remote}/{branch}^{{commit}}")
    old = out.strip() if code == 0 else ""
    if len(old) < 40:
        return None
    git_dir = _remote_git_dir(url, ctx.root)
    if git_dir is None:
        return None
    holders = [name for name, sha in sorted(branches.items())
               if sha == old or ctx.git("--git-dir", git_dir, "merge-base", "--is-ancestor", old, sha)[0] == 0]
    same = [name for name in holders if branches[name] == old]
    # the line whose own commits since the copy's name the branch that went ("the integration branch is trunk now;
    # develop is retired"): the successor the remote's history names, before a branch that only holds the commit
    word = _re().compile(rf"(?<![\w/.-]){_re().escape(branch)}(?![\w/-])")
    named = [name for name in holders if branches[name] != old and word.search(
        ctx.git("--git-dir", git_dir, "log", "-n", "20", "--format=%B", f"{old}..{branches[name]}")[1])]
    successor = (named[0] if len(named) == 1 else holders[0] if len(holders) == 1 else same[0] if len(same) == 1
                 else None)  # the line the history names, one line, or a rename
    if successor is None or (pushed and successor == ctx.repo.branch):
        return None
    text = (action.text or "").strip()
    fixed = _re().sub(rf"(?<![\w.-]){_re().escape(branch)}(?![\w.-])", successor, text)
    how = "the same commit" if branches[successor] == old else f"{old[:9]} in its history"
    return _premise(action, "git.remote_branch", branch, successor, "git.remote-refs",
                    f"{remote} has no branch `{branch}` any more (this clone's {remote}/{branch} is a stale copy at "
                    f"{old[:9]}); {remote}'s `{successor}` holds {how}",
                    f"`{fixed}`" if fixed != text else f"use `{successor}`",
                    f"`{branch}` is still a branch of {remote}", shown=successor)


def _only_here(ctx: Any, tip: str, keep: list[str], git_dir: str | None = None) -> list[str]:
    """``<hash> <subject>`` of the commits reachable from ``tip`` and from no ref except ``keep`` (full ref
    names): what is lost when those refs stop pointing at them. Read in ``git_dir`` when given (a remote on this
    machine: its own refs are the truth), else in the work tree's repository (all its refs, remote copies too)."""
    prefix = ("--git-dir", git_dir) if git_dir else ()
    groups = []  # each kind's excludes are named without its prefix (git's rule); HEAD is not among them
    for kind, prefix_ in (("--branches", "refs/heads/"), ("--tags", "refs/tags/"), ("--remotes", "refs/remotes/")):
        groups += [f"--exclude={ref[len(prefix_):]}" for ref in keep if ref.startswith(prefix_)] + [kind]
    code, out = ctx.git(*prefix, "rev-list", "-n", "20", "--format=%h %s", "--no-commit-header", tip, "--not",
                        *groups)
    if code != 0:
        return []
    return [ln.strip() for ln in out.splitlines() if ln.strip()]


def lost_commits_premise(action: Action, ctx: Any) -> Any:
    """An action that moves or deletes a ref assumes nothing is lost by it: ``git push <remote> --delete <b>``
    (or ``:<b>``) while commits of ``<b>`` are on no other branch or tag of that remote, ``git reset --hard
    <ref>`` while the checked-out branch has commits no other ref holds, or uncommitted changes to tracked
    files. The state is read from the repository itself (and from a remote on this machine, its own refs); a
    branch whose changes a commit of the default branch already carries (a squash or rebase merge) loses
    nothing."""
    from statewise_cli.recovery.premises import _operands, _premise, _remotes

    args = [str(a) for a in action.arguments]
    words = (action.text or "").split()
    if action.operation == "git.push" and ("--mirror" in words or "--prune" in words):
        operands = _operands(tuple(args))
        remotes = _remotes(ctx)
        if operands and operands[0] in remotes:
            return pruned_branches_premise(action, operands[0], remotes[operands[0]], list(operands[1:]), ctx)
        return None
    if action.operation == "git.reset":
        if "--hard" not in args:
            return None
        operands = _operands(tuple(args))
        target = operands[0] if operands else "HEAD"
        if target in ("HEAD", "@"):
            return None  # discarding one's own changes is what `reset --hard HEAD` is for
        branch = ctx.repo.branch
        if ctx.git("rev-parse", "--verify", "-q", f"{target}^{{commit}}")[0] != 0:
            return None
        keep = [f"refs/heads/{branch}"] if branch else []
        lost = _only_here(ctx, "HEAD", keep) if branch else []
        if lost and ctx.git("merge-base", "--is-ancestor", "HEAD", target)[0] == 0:
            lost = []
        code, status = ctx.git("status", "--porcelain", "--untracked-files=no")
        changed = [ln[3:] for ln in status.splitlines() if ln.strip()] if code == 0 else []
        if not lost and not changed:
            return None
        what = []
        if lost:
            what.append(f"{len(lost)}{'+' if len(lost) >= 20 else ''} commit(s) of {branch} that no other branch or "
                        f"tag holds ({'; '.join(lost[:3])[:200]})")
        if changed:
            what.append(f"uncommitted changes to {', '.join(changed[:4])[:160]}")
        keep_cmd = (f"`git branch {branch}-before-reset`" if lost else "`git stash push`")
        return _premise(action, "git.work_kept", "nothing here is lost by the reset", "; ".join(what), "git.history",
                        f"`{(action.text or '').strip()[:80]}` throws away {' and '.join(what)}. Keep them first "
                        f"({keep_cmd}), or bring {target} in without discarding them (`git rebase {target}` or "
                        f"`git merge {target}`)", f"`git rebase {target}`", "nothing on this branch is only here")
    if action.operation == "git.fetch":
        return _pruned_tags_premise(action, args, ctx)
    if action.operation != "git.push":
        return None
    operands = _operands(tuple(args))
    deleting = "delete" in action.flags
    if not operands:
        return None
    remote, refspecs = operands[0], operands[1:]
    names = [r.removeprefix(":") for r in refspecs if r.startswith(":") or deleting and ":" not in r]
    names = [n.removeprefix("refs/heads/") for n in names]
    if not names or any(n.startswith("refs/tags/") for n in names):
        return None
    url = _remotes(ctx).get(remote)
    if url is None:
        return None
    branches = remote_branches(url, ctx.root)
    git_dir = _remote_git_dir(url, ctx.root) if branches is not None else None
    for name in names:
        if branches is not None:
            tip = branches.get(name)
            if tip is None:
                continue  # a tag, or a branch the remote does not have: other premises speak for it
            lost = _only_here(ctx, tip, [f"refs/heads/{name}"], git_dir)
        else:
            code, tip = ctx.git("rev-parse", "--verify", "-q", f"refs/remotes/{remote}/{name}")
            if code != 0:
                continue
            tip = tip.strip()
            lost = _only_here(ctx, tip, [f"refs/remotes/{remote}/{name}", f"refs/heads/{name}"])
        if not lost:
            continue
        if ctx.git("cat-file", "-e", f"{tip}^{{commit}}")[0] == 0:
            default = _remote_head(ctx, remote)
            base = f"refs/remotes/{remote}/{default}" if default else "HEAD"
            if _squashed_into(ctx, tip, base, merges=True) is not None:
                continue  # its changes are in the default branch already
        if _deletion_granted(ctx, name) is not None:
            continue  # the repository's documents name the branch and ask for or allow its deletion
        return _premise(action, "git.branch_kept", f"{name} holds nothing that is not kept elsewhere",
                        f"{len(lost)}{'+' if len(lost) >= 20 else ''} commit(s) only on {name}", "git.history",
                        f"{remote}'s branch {name} has {len(lost)}{'+' if len(lost) >= 20 else ''} commit(s) that no "
                        f"other branch or tag of {remote} holds ({'; '.join(lost[:3])[:200]}): deleting it loses them. "
                        f"It is not a merged topic branch; leave it, or ask whoever owns it",
                        "", f"{name}'s commits are on another branch or tag")
    return None


# A sentence that asks for or allows a branch's deletion: "delete it whenever you like", "please delete the branch",
# "X can be (safely) deleted", "feel free to remove it", "X is no longer needed", "safe to delete".
_DELETE_OK = (r"(?:^|[.;:!?]\s*|\b(?:please|just|go\s+ahead\s+and|feel\s+free\s+to|you\s+(?:can|may)|we\s+can|ok(?:ay)?\s+to|"
              r"fine\s+to|safe\s+to)\s+)(?:delete|remove|drop|prune)\b|"
              r"\b(?:can|may|could|should)\s+(?:now\s+|safely\s+|be\s+safely\s+)?(?:be\s+)?(?:deleted|removed|dropped|pruned)\b|"
              r"\bsafe\s+to\s+(?:delete|remove|drop)\b|\bno\s+longer\s+(?:needed|used|required)\b|"
              # "I ask that X is deleted from origin now", "we agreed that the branch be removed"
              r"\b(?:ask(?:s|ed)?|request(?:s|ed)?|want(?:s|ed)?|agree[sd]?|approved?|decided)\s+that\s+(?:[\w./-]+\s+){1,4}?"
              r"(?:is|be|are|gets?)\s+(?:now\s+)?(?:deleted|removed|dropped|pruned)\b|"
              r"\b(?:delete|remove)\s+(?:it|the\s+branch|this\s+branch)?\s*(?:whenever|any\s*time|at\s+will)\b|"
              # "I approve deleting X from origin", "we authorise the removal of the branch": the deletion approved in the
              # first person, in the present
              r"\b(?:I|we)\s+(?:(?:hereby|now|have)\s+)?(?:approve[sd]?|authori[sz]e[sd]?|agree\s+to|sign\s+off)\s+(?:on\s+)?"
              r"(?:the\s+)?(?:deleting|deletion\s+of|removing|removal\s+of|dropping|pruning)\b|"
              # "I approve deleting X from origin", "we agreed to removing it", "X is to be deleted"
              # (not a promise: "I will approve deleting X next week" approves nothing yet)
              r"\b(?<!\bwill\s)(?<!\bshall\s)(?<!\bwould\s)(?<!\bmight\s)(?<!\bcould\s)(?<!\bmay\s)(?<!'ll\s)"
              r"(?:approv(?:e|es|ed|ing)|allow(?:s|ed|ing)?|agree(?:s|d)?\s+to|(?:fine|ok(?:ay)?|happy)\s+with)\s+"
              r"(?:the\s+)?(?:deleting|removing|dropping|pruning|deletion\s+of|removal\s+of)\b|"
              r"\b(?:is|are)\s+to\s+be\s+(?:deleted|removed|dropped|pruned)\b")
_DELETE_NO = (r"\b(?:never|not|don't|do\s+not|must\s+not|mustn't|should\s+not|shouldn't|nobody|no\s+one|keep|until|"
              r"unless|before|once|after|when)\b[^.;:!?]{0,30}\b(?:delete|deleted|remove|removed|drop|dropped|prune|pruned|"
              r"deleting|removing|dropping|pruning|deletion|removal)\b|"
              r"\b(?:delete|deleted|remove|removed|drop|dropped|prune|pruned)\b[^.;:!?]{0,40}\b(?:not\s+(?:before|until|yet)|"
              r"only\s+(?:after|once|when)|until|unless|once|after)\b")


def _deletion_granted(ctx: Any, name: str) -> tuple[str, str] | None:
    """(document, sentence) of a paragraph of the repository's documents that names the branch and asks for or
    allows its deletion, with no sentence of it that keeps the branch or makes its deletion wait for something."""
    import re

    if len(name) < 3:
        return None
    code, files = ctx.git("grep", "-I", "-l", "-F", "-w", "-e", name, "--", "*.md", "*.rst", "*.txt", "*.adoc")
    if code != 0 or not files.strip():
        return None
    from statewise_cli.recovery.premises import _read

    word = re.compile(rf"(?<![\w/.-]){re.escape(name)}(?![\w/-])")
    for rel in files.split()[:12]:
        text = _read(os.path.join(ctx.root, rel), 200_000) or ""
        for paragraph in text.split("\n\n"):
            if not word.search(paragraph):
                continue
            flat = " ".join(paragraph.split())
            if re.search(_DELETE_NO, flat, re.IGNORECASE):
                continue
            for sentence in re.split(r"(?<=[.!?])\s+", flat):
                if re.search(_DELETE_OK, sentence, re.IGNORECASE) and (
                        word.search(sentence) or re.search(r"\b(?:it|the\s+branch|this\s+branch)\b", sentence,
                                                                    re.IGNORECASE)):
                    return rel, sentence
    return None


def _pruned_tags_premise(action: Action, args: list[str], ctx: Any) -> Any:
    """``git fetch --prune-tags`` (``-P``) deletes every local tag the remote does not have: tags made only here
    (markers, local releases) are lost. Read from the remote's own refs when it is on this machine."""
    from statewise_cli.recovery.premises import _operands, _premise, _remotes

    if not any(a.startswith("--prune-t") or a.startswith("-") and not a.startswith("--") and "P" in a[1:]
               for a in args):
        return None
    operands = _operands(tuple(args))
    remotes = _remotes(ctx)
    remote = operands[0] if operands else ("origin" if "origin" in remotes else "")
    url = remotes.get(remote)
    git_dir = _remote_git_dir(url, ctx.root) if url else None
    if not git_dir or not os.path.isdir(git_dir):
        return None  # a network remote: its tags are not read here
    code, theirs = ctx.git("--git-dir", git_dir, "for-each-ref", "--format=%(refname:short)", "refs/tags")
    code_mine, mine = ctx.git("for-each-ref", "--format=%(refname:short)", "refs/tags")
    if code != 0 or code_mine != 0:
        return None
    only_here = sorted(set(mine.split()) - set(theirs.split()))
    if not only_here:
        return None
    text = (action.text or "").strip()
    kept = " ".join(w for w in text.split() if not (w.startswith("--prune-t") or w == "-P"))
    shown = ", ".join(only_here[:5]) + (f" and {len(only_here) - 5} more" if len(only_here) > 5 else "")
    return _premise(action, "git.tags_kept", "every local tag is also on the remote",
                    f"{len(only_here)} tag(s) only here", "git.refs",
                    f"{remote} does not have the local tag(s) {shown}: `--prune-tags` deletes them from this "
                    f"repository and nothing else holds them. Fetch without it: `{kept}`",
                    f"`{kept}`" if kept != text else "", "every local tag is on the remote")


def _push_refspec(refspecs: list[str]) -> tuple[str, str] | None:
    """(source, destination branch) of a push's first refspec (``HEAD:x``, ``topic:x``, ``topic``)."""
    if not refspecs:
        return None
    spec = refspecs[0].lstrip("+")
    src, _, dst = spec.partition(":")
    dst = (dst or src).removeprefix("refs/heads/")
    if not src or not dst or dst.startswith("refs/") or "*" in spec:
        return None
    return src, dst


def _on_remote(ctx: Any, remote: str, branch: str) -> bool | None:
    code, out = ctx.git("for-each-ref", "--format=%(refname)", f"refs/remotes/{remote}/")
    if code != 0:
        return None
    refs = out.split()
    if not refs:
        return None  # nothing known of the remote: no verdict
    return f"refs/remotes/{remote}/{branch}" in refs


# Words a line says a branch is out of use with.
_BRANCH_OUT = (r"\bwas (?:removed|deleted|retired|dropped|renamed)\b", r"\b(?:is|are) gone\b", r"\bno longer\b",
               r"\bretired\b", r"\bdeprecated\b", r"\breplaced by\b", r"\bnothing builds\b", r"\bin favou?r of\b")


BRANCH_HISTORY_CACHE = "branch-history.json"


def refs_stamp(ctx: Any) -> str:
    """What the history of every branch depends on, read from git's files without a subprocess: HEAD's commit, the
    loose refs of ``refs/heads`` and ``refs/remotes`` (name, size, mtime), ``packed-refs`` and the config (its remotes)
    — a fetch, a commit, a push or a remote's change gives another stamp."""
    import hashlib

    from statewise_cli.recovery.premises import _head_commit

    common = ctx.repo.common_dir
    parts: list[str] = [str(_head_commit(ctx.repo) or "")]
    for name in ("packed-refs", "config"):
        try:
            st = os.stat(os.path.join(common, name))
            parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(f"{name}:-")
    for sub in ("refs/heads", "refs/remotes"):
        for folder, _dirs, files in os.walk(os.path.join(common, sub)):
            for file in sorted(files)[:2000]:
                try:
                    st = os.stat(os.path.join(folder, file))
                except OSError:
                    continue
                parts.append(f"{os.path.relpath(os.path.join(folder, file), common)}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha1("\n".join(sorted(parts)).encode()).hexdigest()


def _message_lines(ctx: Any, dst: str) -> list[str]:
    """The lines of the newest 200 commit messages of every branch that name ``dst`` (the commit that retired a
    branch may say so only there: "B is retired in favour of B2"), cached beside the store by ``refs_stamp``: a
    repeated push reads nothing again until a ref or the remotes change."""
    import json

    from statewise_cli.recovery.premises import _read, save_cache

    re = _re()
    stamp = refs_stamp(ctx)
    cache = os.path.join(ctx.repo.store_dir, BRANCH_HISTORY_CACHE)
    known: dict[str, list[str]] = {}
    try:
        data = json.loads(_read(cache) or "{}")
        if isinstance(data, dict) and data.get("stamp") == stamp and isinstance(data.get("names"), dict):
            known = {k: [str(x) for x in v] for k, v in data["names"].items() if isinstance(v, list)}
    except ValueError:
        pass
    if dst in known:
        return known[dst]
    # (read whole: a ``--grep`` would walk the entire history for no match)
    code, log = ctx.git("log", "-n", "200", "--format=%B", "HEAD", "--branches", "--remotes", timeout=2.0)
    if code != 0:
        return []
    word = re.compile(rf"(?<![\w/.-]){re.escape(dst)}(?![\w/-]|\.\w)")
    found = [ln for ln in log.splitlines() if word.search(ln)][:20]
    if len(known) > 64:
        known.clear()
    known[dst] = found
    save_cache(cache, {"stamp": stamp, "names": known})
    return found


def retired_branch_premise(action: Action, remote: str, refspecs: list[str], ctx: Any) -> Any:
    """A push that would create branch B on the remote, where a tracked file's line says B was removed (renamed,
    retired, no longer used) and names the one branch of the remote that replaced it: the push recreates a
    branch nothing uses, and the work does not reach the one that is used."""
    if action.operation != "git.push" or action.flags & {"delete", "force"}:
        return None
    parsed = _push_refspec(refspecs)
    if parsed is None:
        return None
    src, dst = parsed
    if _on_remote(ctx, remote, dst) is not False:
        return None
    import re

    code, refs = ctx.git("for-each-ref", "--format=%(refname)", f"refs/remotes/{remote}/")
    branches = {r[len(f"refs/remotes/{remote}/"):] for r in refs.split()} - {"HEAD"}
    from statewise_cli.recovery.premises import _premise

    text = (action.text or "").strip()
    renamed = renamed_branch(ctx, dst)
    if renamed is not None and renamed[0] in branches:
        # this clone renamed its branch ``dst`` and the remote has the new name (the old one is gone from it)
        other = renamed[0]
        command = text.replace(f"{src}:{dst}", f"{src}:{other}") if f"{src}:{dst}" in text else \
            f"git push {remote} {src}:{other}"
        return _premise(action, "git.branch", dst, other, "git.refs",
                        f"{remote} has no branch {dst} (this push would create it); {renamed[1]}, and {remote} has "
                        f"`{other}`", f"`{command}` (the branch {dst} was renamed to)",
                        f"{dst} is the branch to push to", shown=f"`{other}`")
    code, out = ctx.git("grep", "-I", "-h", "-F", "-w", "-e", dst, "--", ".")
    lines = out.splitlines()[:50] if code == 0 else []
    lines += _message_lines(ctx, dst)
    name = re.escape(dst)
    # "I renamed B to B2", "B renamed with the rebuild", "B was renamed": the old name renamed, not the new one
    renamed_from = re.compile(rf"\brenam(?:e|es|ed|ing)\s+(?:the\s+)?(?:branch\s+)?[`'\"]?{name}[`'\"]?\s+(?:to|as|into)\b"
                              rf"|(?<![\w/.-]){name}[`'\"]?\)?\s+(?:(?:was|is|has\s+been|got)\s+)?renamed\b", re.IGNORECASE)
    for line in lines:
        if not any(re.search(p, line, re.IGNORECASE) for p in _BRANCH_OUT) and not renamed_from.search(line):
            continue
        named = {w.strip("`'\".,;:()") for w in line.split()} & branches
        if len(named) != 1:
            continue
        other = named.pop()
        command = text.replace(f"{src}:{dst}", f"{src}:{other}") if f"{src}:{dst}" in text else \
            f"git push {remote} {src}:{other}"
        quote = " ".join(line.split())[:240].replace("`", "'")
        return _premise(action, "git.branch", dst, other, "repo.files",
                        f"{remote} has no branch {dst} (this push would create it), and the repository says: \"{quote}\"",
                        f"`{command}` (the branch that replaced {dst})", f"{dst} is the branch to push to",
                        shown=f"`{other}`")  # the branch, not the command: its source ref is another branch name
    return None


# "nothing about Eastfield goes to main": a hold on the work about one item (the words after "about" / "on" / "for")
_SCOPED_NOTHING = (r"\bnothing\s+(?:about|on|for|of|concerning|regarding)\s+((?:[\w'’./-]+\s+){0,2}?[\w'’./-]+)\s+"
                   r"(?:goes|lands|is\s+pushed|gets\s+pushed)\b")
# A sentence that holds pushes to the branch it names (whoever writes it, for whatever reason).
_HELD = (r"\b(?:nobody|no one|no-one)\s+(?:else\s+)?(?:pushes|pushed|commits|merges)\b",
         r"\b(?:do not|don't|never|must not|mustn't|should not|shouldn't)\s+(?:\w+\s+)?(?:push|commit|merge)\b",
         r"\bnothing (?:else\s+)?(?:goes|lands|is pushed|gets pushed)\b", _SCOPED_NOTHING, r"\bno (?:more )?(?:pushes|commits)\b",
         r"\bnot (?:to )?be pushed\b", r"\bhands off\b", r"\bkeep (?:your )?commits (?:on|in) (?:local|your own)\b",
         # "no cab-* tag is pushed", "no release branch gets created"
         (r"\bno\s+(?:[\w*./-]+\s+){0,2}(?:tags?|branch(?:es)?|commits?|releases?)\s+(?:is|are|gets?|goes)\s+"
          r"(?:pushed|created|made|cut)\b"),
         # a hold on deploying, for a branch a push deploys ("I deploy nothing in that window; the site deploys from B")
         r"\b(?:deploy|deploys|release|releases|ship|ships|publish|publishes)\s+nothing\b",
         r"\bnothing\s+(?:is\s+|gets\s+)?(?:deployed|released|shipped|published)\b",
         r"\bno\s+(?:deploys|deployments|releases)\b",
         # an owner who takes the changes by review and lands them on the branch themselves: "changes to x/ come to us as
         # merge requests; we land them on trunk ourselves"
         r"\b(?:I|we)\s+(?:merge|land|push)\s+(?:\w+\s+)?(?:to|into|onto|on)\s+\S+\s+(?:myself|ourselves)\b",
         r"\bcomes?\s+to\s+(?:me|us)\s+(?:in|as|through|via)\s+(?:a\s+)?(?:pull|merge)\s+requests?\b")


def _holds_named(sentence: str, word: Any, branches: set[str]) -> bool:
    """Whether a sentence that names the branch (``word``) holds pushes to it: a clause that holds and names it, or a
    clause that holds and names no other branch."""
    import re

    clauses = re.split(r"[;:]\s+|,\s+(?=(?:and\s+|but\s+)?(?:push|use|send|commit)\b)", sentence)
    for clause in clauses:
        if not any(re.search(p, clause, re.IGNORECASE) for p in _HELD):
            continue
        if word.search(clause):
            return True
        named = {w.strip("`'\".,;:()") for w in clause.split()} & branches
        if not named:
            return True
    return False


# A sentence that ends a hold on the branch it names: "the freeze on B is lifted", "B is unfrozen", "B is reopened".
_LIFTED = (r"\b(?:lifted|unfrozen|thawed|re-?opened|no\s+longer\s+(?:frozen|held|locked)|(?:freeze|hold|moratorium|"
           r"embargo|blackout)\s+(?:has\s+|had\s+)?(?:ended|is\s+over|was\s+over)|"
           # the activity a hold lasts "while" it runs, said ended ("nothing goes to main while the auditors review
           # the tables" … "2026-12-04: the review ended today")
           r"(?:review|audit|consultation|inspection|investigation|enquiry|inquiry|trial|tender|election|count|"
           r"assessment|evaluation|appeal|hearing|negotiation)s?\s+(?:has\s+|had\s+)?(?:ended|is\s+over|was\s+over|"
           r"(?:is\s+|was\s+)?(?:closed|finished|complete|completed|concluded)))\b")


def _holds_this_work(held: str, ctx: Any, src: str, remote: str, dst: str) -> bool:
    """A hold scoped to one item ("nothing about Eastfield goes to main") holds this push only when the work it carries
    is about that item: the pushed commits' subjects or the files they change name it. Any other hold holds it."""
    import re

    scoped = [m.group(1) for m in re.finditer(_SCOPED_NOTHING, held, re.IGNORECASE)]
    if not scoped or any(re.search(p, held, re.IGNORECASE) for p in _HELD if p != _SCOPED_NOTHING):
        return True
    code, out = ctx.git("log", "-n20", "--no-merges", "--name-only", "--format=%s", src or "HEAD",
                        f"^refs/remotes/{remote}/{dst}", timeout=2.0)
    if code != 0:
        return True  # the pushed work cannot be read: the hold stands
    work = out.lower()
    return any(re.search(rf"(?<![\w-]){re.escape(item.lower().strip('.'))}(?![\w-])", work) for item in scoped)


# Words of a hold that say how it holds, not what it is about.
_HOLD_COMMON = frozenset({"nothing", "goes", "pushed", "push", "pushes", "while", "until", "before", "after", "nobody",
                          "commits", "commit", "merge", "merges", "never", "must", "should", "freeze", "frozen", "hold",
                          "held", "there", "this", "that", "them", "they", "with", "from", "into", "main", "master",
                          "branch", "lands", "gets", "anyone", "else", "more", "only", "when", "where", "which"})


def _window_ahead(statement: str, today: Any) -> bool:
    """Whether the statement holds for a window of two dates ("from Friday 2026-12-05 18:00 to Monday 2026-12-08
    07:00", "between 2026-12-19 and 2026-12-21") that begins after today."""
    import re

    m = re.search(r"(?i)\b(?:from|between)\b[^.;]{0,30}?\b(20\d\d-\d\d-\d\d)\b[^.;]{0,30}?\b(?:to|until|till|and|through)\b"
                  r"[^.;]{0,30}?\b(20\d\d-\d\d-\d\d)\b", statement)
    return m is not None and m.group(1) <= m.group(2) and m.group(1) > today.isoformat()


def _hold_over(held: str, later: list[str], word: Any, today: Any) -> bool:
    """Whether the hold a sentence puts on a branch is over: a later, dated sentence of the same document that names
    the branch lifts it ("2026-12-04: the freeze on B is lifted"). The hold's own end date ("until 2026-12-04") does
    not end it: holds are extended without a note more often than they end on time."""
    import re

    dates = [m.group(0) for m in re.finditer(r"\b20\d\d-\d\d-\d\d\b", held)]
    # what the hold is about, without who wrote it ("(release manager)") or when
    subject = {w for w in re.findall(r"[a-z]{4,}", re.sub(r"\([^)]*\)", " ", held.lower())) if w not in _HOLD_COMMON}
    # what the hold waits on ended: "nothing goes to main while the board reviews X" — "the board's review is over"
    ended = r"\b(?:ended|concluded|(?:is|was)\s+over)\b"
    stems = {w.rstrip("s") for w in subject}
    for sentence in later:
        lifting = _LIFTED if re.search(_LIFTED, sentence, re.IGNORECASE) else ended
        if not re.search(lifting, sentence, re.IGNORECASE):
            continue
        said = set(re.findall(r"[a-z]{4,}", re.sub(r"\([^)]*\)", " ", sentence.lower())))
        if not word.search(sentence) and not subject & said and not stems & {w.rstrip("s") for w in said}:
            continue  # it names neither the branch nor what the hold is about ("the results are published; the freeze
            # ended today" for "nothing goes to main while the results are checked")
        lifted_on = [m.group(0) for m in re.finditer(r"\b20\d\d-\d\d-\d\d\b", sentence)]
        if not lifted_on or max(lifted_on) > today.isoformat() or (dates and max(lifted_on) < min(dates)):
            continue  # only a dated note, on or before today and not before the hold, lifts it
        if re.search(r"\b(?:not|never|isn't|aren't|won't|until|once|when|after|if|will|shall|would)\b"
                     r"(?:[^.;]|\.(?=\S)){0,40}?"
                     + f"(?:{lifting})", sentence, re.IGNORECASE):
            continue  # "not lifted yet", "once the freeze is lifted", "will be lifted": a condition or a promise
        return True
    return False


def _dated_sentences(text: str, rel: str) -> list[str]:
    """The sentences of a document, each carrying a date: its own, else the date of the heading above it, else the
    date in the file's name. Sentences with no date to carry are left out."""
    import re

    out: list[str] = []
    named = re.search(r"\b20\d\d-\d\d-\d\d\b", os.path.basename(rel))
    dated = named.group(0) if named else ""
    for block in text.split("\n\n"):
        first = block.lstrip()
        if first.startswith("#"):
            heading = re.search(r"\b20\d\d-\d\d-\d\d\b", first.splitlines()[0])
            dated = heading.group(0) if heading else (named.group(0) if named else "")
            block = "\n".join(first.splitlines()[1:])
        for s in re.split(r"(?<=[.!?])\s+|\n\s*[-*]\s+", block):
            s = " ".join(s.split())
            if not s:
                continue
            if re.search(r"\b20\d\d-\d\d-\d\d\b", s) is None:
                if not dated:
                    continue
                s = f"{s} ({dated})"
            out.append(s)
    return out


def _lifted_elsewhere(root: str, rel: str, statement: str, word: Any, others: list[str], today: Any) -> bool:
    """Whether a hold kept in one document (``statement``, carrying its date) is lifted by a dated sentence of another
    document: one of ``others`` (documents that name the branch) or a note beside the hold in its own folder. The
    sentence must say the hold is over and name the branch or what the hold is about, with a date on or after the
    hold's and not after today (``_hold_over``). A hold with no date of its own is lifted by nothing here."""
    import re

    from statewise_cli.recovery.premises import _read

    if re.search(r"\b20\d\d-\d\d-\d\d\b", statement) is None:
        return False
    folder = os.path.dirname(rel)
    try:
        beside = sorted(n for n in os.listdir(os.path.join(root, folder)) if n.endswith((".md", ".txt", ".rst")))[:40]
    except OSError:
        beside = []
    candidates = [r for r in others if r != rel] + [
        os.path.join(folder, n) for n in beside if os.path.join(folder, n) != rel and os.path.join(folder, n) not in others]
    for other in candidates[:40]:
        text = _read(os.path.join(root, other), 100_000) or ""
        if text and _hold_over(statement, _dated_sentences(text, other), word, today):
            return True
    return False


def _hold_statement(sentences: list[str], held: str, rel: str, before: list[str]) -> str:
    """The hold as its paragraph states it: the sentence that holds pushes with the sentences before it. "Do not push
    to main before it." refers back to what is held and until when ("The lift configuration is frozen until the annual
    inspection."), and a record that releases the hold ("the configuration freeze is lifted") names that, not the
    sentence's own words. With no date of its own, the hold takes the date of the heading above it or of its file's
    name, so that no record older than the hold releases it."""
    import re

    at = sentences.index(held) if held in sentences else 0
    statement = " ".join(sentences[: at + 1]) if at else held
    if re.search(r"\b20\d\d-\d\d-\d\d\b", statement) is None:
        heading = next((ln for b in reversed(before) for ln in reversed(b.splitlines()) if ln.lstrip().startswith("#")), "")
        dated = re.search(r"\b20\d\d-\d\d-\d\d\b", heading) or re.search(r"\b20\d\d-\d\d-\d\d\b", os.path.basename(rel))
        if dated is not None:
            statement = f"{statement} ({dated.group(0)})"
    return statement


def hold_in_document(root: str, rel: str, line: int, statement: str) -> str:
    """A document's statement that holds pushes (read at ``rel``'s line ``line``) as its paragraph states it: see
    ``_hold_statement``. The statement alone when the document cannot be read or no longer holds it there."""
    import re

    from statewise_cli.recovery.premises import _read

    path = os.path.normpath(os.path.join(root, rel))
    if not path.startswith(os.path.normpath(root) + os.sep):
        return statement
    blocks = (_read(path, 200_000) or "").split("\n\n")
    seen = 0
    for at, block in enumerate(blocks):
        seen += block.count("\n") + 2
        if seen <= line:
            continue
        sentences = [" ".join(s.split()) for s in re.split(r"(?<=[.!?])\s+|\n\s*[-*]\s+", block)]
        wanted = " ".join(statement.split())
        held = next((s for s in sentences if s == wanted or (wanted and wanted in s)), None)
        return statement if held is None else _hold_statement(sentences, held, rel, blocks[:at])
    return statement


def _pushed_subjects(ctx: Any, src: str, remote: str, dst: str, besides: str = "") -> str:
    """The subjects of the commits a push of ``src`` to ``remote``'s ``dst`` carries (the work it publishes); with
    ``besides`` (a file), only those that change another file too."""
    paths = ["--", ".", f":(exclude){besides}"] if besides else []
    code, out = ctx.git("log", "-n20", "--no-merges", "--format=%s", src, f"^refs/remotes/{remote}/{dst}", *paths,
                        timeout=2.0)
    if code != 0:
        code, out = ctx.git("log", "-n20", "--no-merges", "--format=%s", src, "--not", f"--remotes={remote}", *paths,
                            timeout=2.0)
    return " ".join(out.split()) if code == 0 else ""


def _released_for_push(ctx: Any, hold: str, src: str, remote: str, dst: str, today: Any) -> tuple[str, str, str] | None:
    """(document, date, sentence) of a dated record of the repository, on or after the hold's own first date, that
    releases the hold (an approval given, an exception granted, the awaited declaration made, the window closed, "push
    it now" from the one who held it) and names the work the push carries (its commits' subjects); None otherwise."""
    import re

    from statewise_cli.recovery.released import _words, release_for

    work = _pushed_subjects(ctx, src, remote, dst)
    if not work:
        return None
    # the pushed commits' subjects stand for the task: their items (``ward 7``, ``C7``) must be the record's too; the
    # notes kept beside the files the push changes are read with the repository's documents
    code, names = ctx.git("log", "-n20", "--no-merges", "--format=", "--name-only", src, f"^refs/remotes/{remote}/{dst}",
                          timeout=2.0)
    beside = sorted({os.path.dirname(n) for n in names.split("\n") if n.strip() and os.path.dirname(n)}) \
        if code == 0 else []
    from statewise_cli.recovery.released import recent_note_dirs

    beside += [d for d in recent_note_dirs(ctx.root) if d not in beside]  # the notes written since (the hold ended)
    found = release_for(ctx.root, hold, _words(f"{work} {dst}"), today, work, beside=beside)
    if found is None:
        return None
    # the record's own commit is no part of the work it releases: the rest of the push must be what it names
    rest = _pushed_subjects(ctx, src, remote, dst, besides=found[0])
    if rest and rest != work and release_for(ctx.root, hold, _words(f"{rest} {dst}"), today, rest, beside=beside) is None:
        return None
    dates = re.findall(r"\b20\d\d-\d\d-\d\d\b", hold)
    if dates and found[1] < min(dates):
        return None  # a release older than the hold it would end
    return found


def push_released(root: str, statement: str, actions: list[Action]) -> tuple[str, str, str] | None:
    """(document, date, sentence) of a dated record of the repository that releases a document's hold
    (``statement``) for the work every push of ``actions`` carries — read as ``_released_for_push`` reads it; None
    when an action is not a push or no record releases it."""
    import datetime

    pushes = [a for a in actions if a.operation == "git.push"]
    if not pushes or len(pushes) != len([a for a in actions if a.risk != "read-only"]):
        return None
    from statewise_cli.recovery.premises import _LazyContext
    from statewise_cli.repo import find_repo

    repo = find_repo(root)
    if repo is None:
        return None
    # git and the repository's root only (no verifier plugins), the hook's own GIT_* settings left out
    ctx = _LazyContext(repo, None, {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}, timeout=2.0)
    found = None
    for action in pushes:
        words = [a for a in action.arguments if a and not a.startswith("-")]
        remote = words[0] if words else "origin"
        spec = words[1] if len(words) > 1 else "HEAD"
        src, _, dst = spec.lstrip("+").partition(":")
        dst = (dst or src).removeprefix("refs/heads/")
        if not src or any(c in src + dst for c in "$`*?[ "):
            return None
        found = _released_for_push(ctx, statement, src, remote, dst, datetime.date.today())
        if found is None:
            return None
    return found


def memory_protection_released(source: str, action: Action, root: str) -> bool:
    """A protection record imported from a memory file line (``memory-file:CLAUDE.md:14``: "never push to main until
    January") that a later dated record of the repository releases for the work this push carries (an exception
    granted, the hold ended): the memory line is stale for this push, as ``released_rules`` tells the agent."""
    if not source.startswith("memory-file:") or action.operation != "git.push" or "force" in action.flags \
            or "delete" in action.flags or not root:
        return False
    name, _, line = source[len("memory-file:"):].rpartition(":")
    if not name or not line.isdigit():
        return False
    path = os.path.normpath(os.path.join(root, name))
    if not path.startswith(os.path.normpath(root) + os.sep):
        return False
    from statewise_cli.recovery.memory_lines import _statement
    from statewise_cli.recovery.premises import _read

    lines = (_read(path, 200_000) or "").splitlines()
    at = int(line) - 1
    if not 0 <= at < len(lines):
        return False
    return push_released(root, " ".join(_statement(lines, at).split()), [action]) is not None


def held_branch_premise(action: Action, remote: str, refspecs: list[str], ctx: Any) -> Any:
    """A push to a branch B where a sentence of the repository's documents that names B holds pushes to it
    ("nobody pushes to B until …", "nothing goes there before the editors have proofread it"): the push lands
    where the team said nothing lands now. When the same paragraph names one other branch of the remote in a
    sentence that holds nothing, that branch is the alternative; else the answer is to wait and ask."""
    if action.operation != "git.push" or action.flags & {"delete"}:
        return None
    parsed = _push_refspec(refspecs)
    if parsed is None:
        return None
    src, dst = parsed
    if len(dst) < 3:
        return None
    docs = ("--", "*.md", "*.rst", "*.txt", "*.adoc", "CODEOWNERS", ".github/*")
    code, files = ctx.git("grep", "-I", "-l", "-F", "-w", "-e", dst, *docs)
    if code == 0 and files.strip():
        found = _held_by(action, remote, ctx, src, dst, dst, files)
        if found is not None:
            return found
    # the documents may name the ref by a pattern it matches ("no cab-* tag is pushed" for cab-5.1.0)
    code, out = ctx.git("grep", "-I", "-h", "-o", "-E", "-e", r"[A-Za-z0-9_][A-Za-z0-9_./-]*\*", *docs)
    if code != 0:
        return _deploy_hold_beside(action, remote, ctx, src, dst)
    from fnmatch import fnmatchcase

    for pattern in sorted({p for p in out.split() if len(p) >= 3 and fnmatchcase(dst, p)})[:3]:
        code, files = ctx.git("grep", "-I", "-l", "-F", "-e", pattern, *docs)
        found = _held_by(action, remote, ctx, src, dst, pattern, files) if code == 0 and files.strip() else None
        if found is not None:
            return found
    return _deploy_hold_beside(action, remote, ctx, src, dst)


# A sentence that holds deploys, naming no branch: "I deploy nothing in that window", "nothing is deployed", "no deploys".
_DEPLOY_HELD = (r"\b(?:deploy|deploys|release|releases|ship|ships|publish|publishes)\s+nothing\b",
                r"\bnothing\s+(?:is\s+|gets\s+)?(?:deployed|released|shipped|published)\b",
                r"\bno\s+(?:deploys|deployments|releases)\b",
                # "I change nothing on main in that window": a hold of the changes the branch's reader takes
                r"\b(?:change|changes|push|pushes|merge|merges|touch|touches)\s+nothing\s+(?:on|to|in|into)\b")


def _deploying_workflow(ctx: Any, dst: str) -> str | None:
    """A CI workflow of the repository that a push to branch ``dst`` runs (``on: push: branches: [dst]``)."""
    re = _re()
    code, files = ctx.git("ls-files", "--", ".github/workflows/*.yml", ".github/workflows/*.yaml", ".gitlab-ci.yml")
    for rel in (files.split() if code == 0 else [])[:20]:
        from statewise_cli.recovery.premises import _read

        text = _read(os.path.join(ctx.root, rel), 100_000) or ""
        if not re.search(r"(?m)^\s*push\s*:|\bon\s*:\s*\[?[^\n]*\bpush\b", text):
            continue
        name = re.escape(dst)
        if re.search(rf"(?m)^\s*branches\s*:\s*\[[^\]\n]*(?<![\w/.-])['\"]?{name}['\"]?(?![\w/-])[^\]\n]*\]"
                     rf"|^\s*-\s*['\"]?{name}['\"]?\s*$", text):
            return rel
    return None


def _deploy_hold_beside(action: Action, remote: str, ctx: Any, src: str, dst: str) -> Any:
    """A push to a branch whose push runs a deploy workflow, carrying commits that change files of a directory whose note
    holds deploys with no branch named ("From 09:00 until the hall is empty I deploy nothing to the kiosks and nobody
    else does"): the note is about the work this push deploys. A hold of a dated day or window that is all in
    the past, one that has not begun, or one a later dated sentence ends, holds nothing."""
    import datetime
    import re

    from statewise_cli.recovery.premises import _premise, _read

    if action.flags & {"delete"} or not src or not dst:
        return None
    workflow = _deploying_workflow(ctx, dst)
    code, out = ctx.git("log", "-n50", "--no-merges", "--format=", "--name-only", src, "--not", f"--remotes={remote}",
                        "--")
    changed = {n.strip() for n in out.splitlines() if n.strip()} if code == 0 else set()
    dirs = sorted({os.path.dirname(n) for n in changed} - {""})[:8]
    if not dirs:
        return None
    code, out = ctx.git("ls-files", "--", *(f"{d}/*.md" for d in dirs), *(f"{d}/*.txt" for d in dirs))
    notes = [n for n in (out.split() if code == 0 else []) if os.path.dirname(n) in dirs][:8]
    today = datetime.date.today()
    word = re.compile(rf"(?<![\w/.-]){re.escape(dst)}(?![\w/-])")
    for rel in notes:
        blocks = (_read(os.path.join(ctx.root, rel), 200_000) or "").split("\n\n")
        for at, paragraph in enumerate(blocks):
            sentences = [" ".join(x.split()) for x in re.split(r"(?<=[.!?])\s+|\n\s*[-*]\s+", paragraph)]
            held = [x for x in sentences if any(re.search(p, x, re.IGNORECASE) for p in _DEPLOY_HELD)]
            if not held:
                continue
            flat = " ".join(sentences)
            # with no workflow on the branch, the note itself says what takes it ("the kiosk pulls main every hour and
            # reloads its menu"): a reader of the branch, which a push feeds
            reader = f"{workflow} runs on it" if workflow else next(
                (f"{rel}: \"{' '.join(x.split())[:160]}\"" for x in sentences if x not in held and re.search(
                    rf"\b(?:pulls?|fetch(?:es)?|polls?|reads?|syncs?|deploys?|loads?|builds?)\s+(?:from\s+)?"
                    rf"(?:the\s+)?`?{re.escape(dst)}`?(?![\w/-])", x, re.IGNORECASE)), None)
            if reader is None:
                continue
            if not workflow and not word.search(held[0]):
                continue  # a hold that names no branch speaks of the deploys only a workflow makes
            days = re.findall(r"\b20\d\d-\d\d-\d\d\b", re.sub(r"^\W*20\d\d-\d\d-\d\d\b", "", flat))
            if days and max(days) < today.isoformat():
                continue  # a hold for a day or a window that is over
            if _window_ahead(" ".join(sentences[: sentences.index(held[0]) + 1]), today):
                continue
            later = sentences[sentences.index(held[0]) + 1:] + [
                " ".join(x.split()) for b in blocks[at + 1:] for x in re.split(r"(?<=[.!?])\s+|\n\s*[-*]\s+", b)]
            if _hold_over(held[0], later, word, today):
                continue
            quote = " ".join(held[0].split())[:240].replace("`", "'")
            return _premise(action, "git.branch_open", f"{dst} takes pushes now", "held", "repo.files",
                            f"{rel} holds deploys of the work this push carries: \"{quote}\"; a push to {dst} deploys "
                            f"({reader}). Keep the commits on {src} and ask whoever holds it before pushing",
                            "", f"{dst} takes pushes now")
    return None


def _held_by(action: Action, remote: str, ctx: Any, src: str, dst: str, named: str, files: str) -> Any:
    """The premise ``held_branch_premise`` finds in ``files``, documents that name the pushed ref ``dst`` as ``named``
    (the ref itself, or a pattern it matches); None when none of them holds it."""
    import re

    from statewise_cli.recovery.premises import _premise, _read

    code, refs = ctx.git("for-each-ref", "--format=%(refname)", f"refs/remotes/{remote}/")
    branches = {r[len(f"refs/remotes/{remote}/"):] for r in refs.split()} - {"HEAD", dst}
    word = re.compile(rf"(?<![\w/.-]){re.escape(named)}(?![\w/-])")
    import datetime

    today = datetime.date.today()
    for rel in files.split()[:12]:
        text = _read(os.path.join(ctx.root, rel), 200_000) or ""
        blocks = text.split("\n\n")
        for at, paragraph in enumerate(blocks):
            if not word.search(paragraph):
                continue
            sentences = [" ".join(s.split()) for s in re.split(r"(?<=[.!?])\s+|\n\s*[-*]\s+", paragraph)]
            # the hold is on the branch of its own clause: "do not push to X while …; push a X-dana branch instead"
            # holds X and routes the work to X-dana; a hold naming no branch ("…; nothing goes there before …") is on
            # the branch the sentence names
            held = [s for s in sentences if word.search(s) and _holds_named(s, word, branches)]
            if not held and not {w.strip("`'\".,;:()") for w in paragraph.split()} & branches:
                # the paragraph names only this branch, and another of its sentences holds with no branch of its own:
                # "… the press pulls main every hour. I deploy nothing in that window and nobody else does."
                # (a hold on deploying only: "nobody pushes to `archive` any more" is about a branch of its own)
                held = [s for s in sentences if not word.search(s) and "`" not in s and any(
                    re.search(p, s, re.IGNORECASE) for p in _DEPLOY_HELD)]
            if held:
                from statewise_cli.recovery.governance_windows import monthly_now

                # a hold for days of every month ("from the 1st to the 3rd of each month") holds nothing on the others
                held = [h for h in held if monthly_now(h, (today.year, today.month, today.day)) is not False]
                # a hold for a window that has not begun ("from 2026-12-19 to 2026-12-21 nothing is deployed")
                held = [h for h in held if not _window_ahead(" ".join(sentences[: sentences.index(h) + 1]), today)]
            if held:
                later = [" ".join(s.split()) for s in sentences[sentences.index(held[0]) + 1:]] + [
                    " ".join(s.split()) for b in blocks[at + 1:] for s in re.split(r"(?<=[.!?])\s+|\n\s*[-*]\s+", b)]
                held = [h for h in held if not _hold_over(h, later, word, today)]
                held = [h for h in held if not _lifted_elsewhere(
                    ctx.root, rel, _hold_statement(sentences, h, rel, blocks[:at]), word, files.split()[:12], today)]
                held = [h for h in held if _holds_this_work(h, ctx, src, remote, dst)]
            if not held:
                continue
            from statewise_cli.verifiers.git import documented_push_rule

            latest = documented_push_rule(ctx.root, dst)
            if latest is not None and latest[0] is False:
                return None  # a later note of the documents made direct pushes to it the rule (trunk-based development)
            from statewise_cli.recovery.memory_lines import MEMORY_FILES

            if os.path.basename(rel) in {os.path.basename(m) for m in MEMORY_FILES}:
                from statewise_cli.recovery.released import release_for

                if release_for(ctx.root, held[0]) is not None:
                    continue  # a memory file's hold a later, dated record of the repository releases (approved, signed off)
            elif _released_for_push(ctx, _hold_statement(sentences, held[0], rel, blocks[:at]), src, remote, dst,
                                    today) is not None:
                continue  # a dated record of the repository releases the hold for the work this push carries
            quote = " ".join(held[0].split())[:240].replace("`", "'")
            others = {w.strip("`'\".,;:()") for s in sentences if s not in held and not any(
                re.search(p, s, re.IGNORECASE) for p in _HELD) for w in s.split()} & branches
            if not others:  # the sentence that holds routes the work itself: "…; push a `x-bo` branch instead"
                others = {w.strip("`'\".,;:()") for s in held for c in re.split(r"[;:]\s+", s) if not any(
                    re.search(p, c, re.IGNORECASE) for p in _HELD) for w in c.split()} & branches
            text_now = (action.text or "").strip()
            if len(others) == 1:
                other = others.pop()
                command = text_now.replace(f"{src}:{dst}", f"{src}:{other}") if f"{src}:{dst}" in text_now else \
                    f"git push {remote} {src}:{other}"
                return _premise(action, "git.branch", dst, other, "repo.files",
                                f"{rel} holds pushes to {dst}: \"{quote}\"", f"`{command}` (the branch {rel} names "
                                f"for this)", f"{dst} takes pushes now", shown=f"`{command}`")
            as_named = f" (as {named})" if named != dst else ""
            code, _out = ctx.git("show-ref", "--verify", "-q", f"refs/tags/{src}")
            keep = f"Keep {src} local" if code == 0 or named != dst else f"Keep the commits on {src}"
            return _premise(action, "git.branch_open", f"{dst} takes pushes now", "held", "repo.files",
                            f"{rel} holds pushes to {dst}{as_named}: \"{quote}\". {keep} and ask whoever holds it "
                            f"before pushing", "", f"{dst} takes pushes now")
    return None


def foreign_history_premise(action: Action, remote: str, refspecs: list[str], ctx: Any) -> Any:
    """A push of a branch that shares no commit with anything of the remote it names, while another remote's
    branch is in its history: the branch belongs to that other repository (a service extracted into its own
    repository), and the push would put unrelated history beside the remote's."""
    if action.operation != "git.push" or action.flags & {"delete"}:
        return None
    parsed = _push_refspec(refspecs)
    if parsed is None:
        return None
    src, _dst = parsed
    code, apart = ctx.git("rev-list", "--count", src, "--not", f"--remotes={remote}", "--")
    if code != 0 or not apart.strip().isdigit():
        return None
    # bounded: a branch that shares history with the remote has more commits than those it does not share
    code, total = ctx.git("rev-list", "--count", f"--max-count={int(apart.strip()) + 1}", src, "--")
    if code != 0 or total.strip() != apart.strip():
        return None  # shares history with the remote (or git could not say)
    code, refs = ctx.git("for-each-ref", "--format=%(refname)", f"refs/remotes/{remote}/")
    if code != 0 or not refs.split():
        return None  # nothing known of the remote
    code, merged = ctx.git("for-each-ref", "--format=%(refname)", f"--merged={src}", "refs/remotes/")
    if code != 0:
        return None
    others = sorted({r.split("/")[2] for r in merged.split() if r.count("/") >= 3 and r.split("/")[2] != remote
                     and not r.endswith("/HEAD")})
    if len(others) != 1:
        return None
    other = others[0]
    text = (action.text or "").strip()
    command = re_sub_remote(text, remote, other) or f"git push {other} {refspecs[0]}"
    from statewise_cli.recovery.premises import _premise

    return _premise(action, "git.remote", remote, other, "git.history",
                    f"{src} shares no commit with anything of {remote}; its history holds {other}'s branches "
                    f"(`git for-each-ref --merged={src}`): it is a branch of the repository behind {other}",
                    f"`{command}`", f"{remote} is where {src} belongs", shown=f"`{command}`")


def re_sub_remote(text: str, remote: str, other: str) -> str:
    """``text`` with the push's remote operand replaced by ``other`` ("" when the remote is not a word of it)."""
    words = text.split()
    for i, w in enumerate(words):
        if w == remote and i > 0 and any(x == "push" for x in words[:i]):
            return " ".join([*words[:i], other, *words[i + 1:]])
    return ""


def renamed_branch(ctx: Any, name: str) -> tuple[str, str] | None:
    """(new name, evidence) when this clone's reflogs record ``git branch -m <name> <new>`` and the new name
    is a branch now (the newest rename wins; a chain of renames is followed)."""
    from statewise_cli.recovery.premises import _read

    logs = os.path.join(ctx.repo.common_dir, "logs")
    files = [os.path.join(logs, "HEAD")]
    heads = os.path.join(logs, "refs", "heads")
    for base, _dirs, names in os.walk(heads):
        files.extend(os.path.join(base, n) for n in names)
        if len(files) > 300:
            break
    renames: list[tuple[int, str, str]] = []
    marker = "\tBranch: renamed refs/heads/"
    for path in files[:300]:
        for line in (_read(path, 2_000_000) or "").splitlines():
            at = line.find(marker)
            if at < 0:
                continue
            old, sep, new = line[at + len(marker):].partition(" to refs/heads/")
            if not sep:
                continue
            stamp = line[:at].rsplit(" ", 2)
            try:
                when = int(stamp[-2])
            except (ValueError, IndexError):
                when = 0
            renames.append((when, old.strip(), new.strip()))
    renames.sort()
    current, seen = name, {name}
    while True:
        step = [(w, new) for w, old, new in renames if old == current]
        if not step:
            break
        current = step[-1][1]
        if current in seen:
            return None
        seen.add(current)
    if current == name:
        return None
    code, _ = ctx.git("rev-parse", "--verify", "-q", f"refs/heads/{current}")
    if code != 0:
        return None
    return current, f"the reflog records `git branch -m {name} {current}`"


_BUILTIN_TRANSPORTS = ("ssh", "git", "http", "https", "ftp", "ftps", "file", "git+ssh", "ssh+git")


def _transport_helper(url: str) -> str | None:
    """The remote helper git runs for ``url`` (``git-remote-<name>``), None for a built-in transport."""
    if "::" in url:
        name = url.split("::", 1)[0]
    elif "://" in url:
        name = url.split("://", 1)[0].lower()
        if name in _BUILTIN_TRANSPORTS:
            return None
    else:
        return None
    return name if name and all(c.isalnum() or c in "+-_." for c in name) else None


def _helper_installed(name: str, ctx: Any) -> bool:
    from statewise_cli.recovery.installed import installed

    if installed(f"git-remote-{name}", ctx):
        return True
    code, out = ctx.git("--exec-path")
    return code == 0 and os.path.exists(os.path.join(out.strip(), f"git-remote-{name}"))


def remote_helper_premise(action: Action, remote: str, remotes: dict[str, str], ctx: Any) -> Any:
    """A push / fetch / pull to a remote whose URL needs a remote helper (``codecommit::…``, ``hg::…``,
    ``gcrypt::…``, ``s3://…``) that is not installed here: git fails with "'remote-X' is not a git command".
    The alternative is the same command to the repository's other remote (the only one whose transport works)."""
    from statewise_cli.recovery.premises import _premise

    if action.operation not in ("git.push", "git.fetch", "git.pull"):
        return None
    helper = _transport_helper(remotes.get(remote, ""))
    if helper is None or _helper_installed(helper, ctx):
        return None
    working = [r for r, u in sorted(remotes.items()) if r != remote and (
        (h := _transport_helper(u)) is None or _helper_installed(h, ctx))]
    text = (action.text or "").strip()
    if len(working) == 1 or "origin" in working:
        other = working[0] if len(working) == 1 else "origin"
        alternative = (f"`{text.replace(f' {remote} ', f' {other} ', 1)}`" if f" {remote} " in f" {text} "
                       else f"use the remote `{other}`")
    elif working:
        alternative = f"use one of the remotes whose transport works here: {', '.join(working)}"
    else:
        alternative = f"install git-remote-{helper}, or ask which remote to use"
    return _premise(action, "git.remote", remote, working[0] if len(working) == 1 else working, "git.remotes",
                    f"the `{remote}` remote's URL needs the git-remote-{helper} helper, which is not installed here "
                    f"(git would fail: 'remote-{helper}' is not a git command); the other remote(s): "
                    f"{', '.join(f'{r} ({remotes[r]})' for r in working) or 'none'}",
                    alternative, f"{remote} can be reached from here")


def missing_ref_premise(action: Action, remote: str, url: str, src: str, ctx: Any) -> Any:
    """``git fetch origin refs/pull/481/head:pr-481`` from a remote on this machine that has no such ref, while
    it holds refs of another namespace carrying the same numbers (a forge's own layout:
    ``refs/pull-requests/481/from``, ``refs/merge-requests/481/head``, ``refs/changes/81/481/2``). The
    alternative fetches the one of them that is the change's own head (a ``merge`` ref is a preview)."""
    from statewise_cli.recovery.premises import _premise

    if "*" in src or not src.startswith("refs/") or src.startswith(("refs/heads/", "refs/tags/")):
        return None
    git_dir = _remote_git_dir(url, ctx.root)
    if git_dir is None or not os.path.isdir(git_dir):
        return None
    code, out = ctx.git("ls-remote", git_dir)
    if code != 0:
        return None
    refs = [line.split("\t", 1)[1] for line in out.splitlines() if "\t" in line]
    if src in refs:
        return None
    re = _re()
    numbers = set(re.findall(r"\d+", src))
    if not numbers:
        return None
    kept = [r for r in refs if r.startswith("refs/") and not r.startswith(("refs/heads/", "refs/tags/", "refs/remotes/"))]
    same = [r for r in kept if numbers <= set(re.findall(r"\d+", r))]
    if not same:
        return None
    same.sort(key=lambda r: (r.rsplit("/", 1)[-1] == "merge", r.rsplit("/", 1)[-1] != src.rsplit("/", 1)[-1], r))
    best = same[0]
    text = (action.text or "").strip()
    alternative = f"`{text.replace(src, best, 1)}`" if text.count(src) == 1 else f"fetch `{best}`"
    spaces = sorted({"/".join(r.split("/")[:2]) + "/" for r in kept})
    return _premise(action, "git.remote_ref", src, best, "git.remote-refs",
                    f"the refs of {remote} (read from its repository) hold no `{src}`; it keeps such refs under "
                    f"{', '.join(spaces[:4])}: {', '.join(same[:4])}", alternative, f"{remote} has {src}")


# ------------------------------------------------------------------ the remote the repository routes the work to
# Words of a statement that route a kind of work to one remote ("solutions live on `staff` only", "the Debian
# packaging is kept on `salsa`", "the 2.x LTS line is pushed to `lts`").
_ROUTES = (r"\bonly\b", r"\bgo(?:es)?\s+(?:only\s+)?to\b", r"\b(?:is|are|get|gets)\s+pushed\s+to\b", r"\bpush(?:es)?\s+to\b",
           r"\blive[sd]?\s+(?:on|in|at|here|there)\b", r"\bbelongs?\s+(?:on|to|in)\b", r"\bkept\s+(?:on|in)\b",
           r"\bhosted\s+(?:on|at)\b", r"\bpublished\s+to\b", r"\blands?\s+on\b", r"\bprivate\b", r"\binternal\b",
           r"\bconfidential\b", r"\bsplit\s+(?:off\s+)?(?:in)?to\b", r"\bmoved\s+to\b", r"\bhas\s+its\s+own\b",
           # a reader outside the team takes the work from that remote ("the co-op's app reads our records from the
           # `coop` remote", "the live server is the `production` remote; pushing to it deploys")
           (r"\b(?:reads?|pulls?|fetch(?:es)?|picks?\s+up|collects?|loads?|takes?|receives?|ingests?|imports?)\s+"
            r"(?:[\w'’-]+\s+){0,6}from\b"),
           r"\bdeploy(?:s|ed|ing)?\s+(?:it\s+)?(?:from|to|on)\b", r"\blive\s+server\b")
_NOT_ROUTED = (r"\bnever\b", r"\bnot\b", r"\bno\b", r"\bn't\b", r"\bpublic\b", r"\bwithout\b", r"\bexcept\b")
_ROUTE_STOP = frozenset({
    "the", "this", "that", "these", "those", "with", "from", "only", "here", "there", "into", "onto", "public", "private",
    "remote", "remotes", "repository", "repositories", "repo", "branch", "branches", "push", "pushed", "pushes",
    "pushing", "never", "always", "goes", "live", "lives", "lived", "belong", "belongs", "kept", "hosted", "clone",
    "clones", "cloned", "their", "them", "they", "where", "which", "what", "when", "line", "lines", "work", "must",
    "should", "internal", "confidential", "published", "lands", "land", "split", "moved", "have", "will", "also",
    "other", "every", "each", "team", "copy", "mirror", "main", "master", "default", "fetch", "pull", "merge",
    "request", "requests", "commit", "commits", "changes", "change", "code", "files", "file", "upstream", "origin",
    "anything", "everything", "nothing", "people", "anyone", "everyone",
    # the verbs of a reader that takes the work from a remote (``_ROUTES``) are no kind of work
    "read", "reads", "pulls", "fetches", "picks", "collects", "load", "loads", "deploy", "deploys", "deployed", "take",
    "takes", "receive", "receives", "ingest", "ingests", "import", "imports"})
# A clause that says nobody takes work from a remote any more ("`b` is the old board's archive and nobody reads new
# branches there", "the `c` remote is retired"): beside a clause that routes the work to another remote, whatever the
# pushed work is, the remote it names is not where it goes.
_UNREAD = ((r"\b(?:nobody|no\s+one|no-one|nothing)\s+(?:\w+\s+){0,2}?(?:reads?|pulls?|fetch(?:es)?|ingests?|"
            r"imports?|uses?|takes?|picks?\s+up)\b"),
           r"\bno\s+longer\s+(?:\w+\s+)?(?:read|used|pulled|fetched|ingested|imported|taken|in\s+use)\b",
           r"\b(?:is|are)\s+not\s+(?:read|used|pulled|fetched|ingested|imported)\b",
           r"\b(?:retired|decommissioned|deprecated|abandoned|defunct|unused)\b",
           r"\b(?:old|former|previous|legacy)\s+(?:[\w'’-]+\s+){0,2}?(?:archive|copy|home|history)\b")


def _route_statements(root: str) -> list[str]:
    """Sentences of the repository's docs and governance documents (list items and clauses kept whole)."""
    from statewise_cli.recovery.governance import _statements
    from statewise_cli.recovery.governance_targets import _sources

    re = _re()
    paths = list(dict.fromkeys([*_sources(root), *(os.path.join(root, n) for n in ("README.md", "README.rst", "README"))]))
    found: list[str] = []
    for path in paths[:60]:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(64 * 1024)
        except OSError:
            continue
        for _, statement in _statements(text):
            found += [s for s in re.split(r"(?<=[.!?])\s+", statement) if s.strip()]
    # the notes a team keeps beside what they describe (``dairy/SHARING.md``, ``docs/**``): the pages the readers of
    # what a branch is for read too
    from statewise_cli.recovery.premises_consumers import doc_paragraphs

    read = {os.path.relpath(p, root).replace(os.sep, "/") for p in paths}
    for name, paragraph in doc_paragraphs(root):
        if name not in read:
            found += [s for s in re.split(r"(?<=[.!?])\s+", paragraph) if s.strip()]
    return found + _recipe_statements(root)


def _recipe_statements(root: str) -> list[str]:
    """The comment above a Makefile target whose recipe pushes to a remote by name, as one sentence that names that
    remote ("lesson slots are published to the pupils' booking app through its own repository (the `pupilapp`
    remote)"): what the project's own push to that remote is for."""
    from statewise_cli.recovery.premises import _read

    re = _re()
    found: list[str] = []
    for name in ("Makefile", "makefile", "GNUmakefile"):
        text = _read(os.path.join(root, name), 200_000)
        if not text:
            continue
        comment: list[str] = []
        target = False
        for line in text.splitlines():
            if line.startswith("#"):
                comment = [] if target else comment
                target = False
                comment.append(line.lstrip("#").strip())
            elif re.match(r"^[\w./%-]+(?:\s+[\w./%-]+)*\s*::?(?!=)", line):
                target = True
            elif line.startswith("\t") and target and comment:
                pushed = re.search(r"\bgit\s+push\s+(?:-\S+\s+)*([A-Za-z][\w.-]*)(?=\s|$)", line)
                if pushed:
                    found.append(f"{' '.join(' '.join(comment).split())} (the `{pushed.group(1)}` remote)")
            elif not line.strip():
                continue
            else:
                comment, target = [], False
    return found


def _named_remotes(sentence: str, names: list[str]) -> list[str]:
    re = _re()
    found = []
    for name in names:
        e = re.escape(name)
        if re.search(rf"`{e}`|\b{e}\s+remote\b|\bremote\s+[\"'`]?{e}\b|^\W*{e}\W*[:—–-]", sentence, re.I):
            found.append(name)
    return found


def _subject(sentence: str, names: list[str]) -> set[str]:
    re = _re()
    low = sentence.lower()
    words = set(re.findall(r"[a-z][a-z0-9]{3,}", low)) - _ROUTE_STOP - {n.lower() for n in names}
    words |= set(re.findall(r"\b\d+\.(?:x|\*)", low))  # "the 2.x line"
    words |= {g for g in re.findall(r"`([\w./-]*\*[\w./-]*)`", sentence)}  # `debian/*`
    return words


def _carries(subject: set[str], tokens: set[str], refs: list[str]) -> str | None:
    """The subject word the pushed work carries (a word of its branch names or changed paths, by stem)."""
    import fnmatch

    for word in sorted(subject):
        if "*" in word:
            if any(fnmatch.fnmatch(r, word) for r in refs):
                return word
            continue
        if word[:1].isdigit():
            head = word.split(".")[0] + "."
            if any(t.startswith(head) or f"/{head}" in t or f"-{head}" in t for t in refs):
                return word
            continue
        stem = word[:5] if len(word) >= 6 else word.rstrip("s")
        if any(t == word or len(t) >= 4 and (t.startswith(stem) or word.startswith(t.rstrip("s")) and len(t) >= 5)
               for t in tokens):
            return word
    return None


def routed_remote_premise(action: Action, remote: str, refspecs: list[str], ctx: Any) -> Any:
    """A push of work to remote R0 while the repository's documents route that kind of work to another remote R1
    ("solutions live on `staff` only", "the Debian packaging is kept on `salsa`", "the 2.x LTS line is pushed to
    `lts`"), and say nothing routing it to R0: the work would land where the project does not keep it (a public
    remote, a mirror, another line's home). The kind of work is read from the statement's own words against the
    pushed branch's name and the paths its unpushed commits change."""
    if action.operation != "git.push" or action.flags & {"delete"} or not refspecs:
        return None
    code, out = ctx.git("remote")
    names = out.split() if code == 0 else []
    if remote not in names or len(names) < 2:
        return None
    parsed = _push_refspec(refspecs)
    if parsed is None:
        return None
    src, dst = parsed
    re = _re()
    sentences = [s for s in _route_statements(ctx.root) if any(n in s for n in names)]
    if not sentences:
        return None
    refs = list(dict.fromkeys([src, dst]))
    if src == "HEAD":
        code, cur = ctx.git("symbolic-ref", "-q", "--short", "HEAD")
        if code == 0 and cur.strip():
            refs.append(cur.strip())
    tokens = {t for r in refs for t in re.split(r"[-_/.]+", r.lower()) if t}
    named_by_ref = set(tokens)  # what the pushed ref's own name says it carries
    recipes = set(_recipe_statements(ctx.root))
    code, paths = ctx.git("log", "--format=", "--name-only", "-n", "30", src, "--not", f"--remotes={remote}", "--")
    if code == 0:
        tokens |= {t for p in paths.split()[:200] for t in re.split(r"[-_/.]+", p.lower()) if len(t) >= 4}
        # the commits' subjects name the kind of work too ("Inspection report: flat 3" when the folder is named
        # like a remote), less the words of a routing sentence's own plumbing
        code, subjects = ctx.git("log", "--format=%s", "-n", "30", src, "--not", f"--remotes={remote}", "--")
        if code == 0:
            tokens |= {t for t in re.findall(r"[a-z][a-z0-9]{3,}", subjects.lower())} - _ROUTE_STOP
    routed: dict[str, tuple[str, str]] = {}
    here = False
    units: list[str] = []
    unread: set[str] = set()  # clauses routing work beside a clause that says the pushed-to remote is read by nobody
    bare = re.compile(rf"(?<![\w/.-]){re.escape(remote)}(?![\w/-])")
    for sentence in sentences:
        clauses = [c for c in re.split(r";\s+|\s+[—–]\s+", sentence) if c.strip()]
        # (a recipe's comment carries the remote its recipe pushes to at its end: not a remote its clause names)
        if any(bare.search(c) and not set(_named_remotes(re.sub(r"\s*\(the `[\w.-]+` remote\)$", "", c), names))
               - {remote} and any(re.search(p, c, re.I) for p in _UNREAD) for c in clauses):
            unread |= {c for c in clauses if not bare.search(c)}
        if len(_named_remotes(sentence, names)) < 2 and not any(c in unread for c in clauses):
            units.append(sentence)
            continue
        # "readers take X from the remote `a`; the `b` repository is read by nobody": each clause names its own
        units += clauses
    for sentence in units:
        named = _named_remotes(sentence, names)
        if len(named) != 1 or not any(re.search(p, sentence, re.I) for p in _ROUTES):
            continue
        # a Makefile target's comment speaks of the work its recipe pushes: the pushed ref must be named for it (the
        # branch a recipe's work is on), not merely hold commits of that kind made on another branch
        word = _carries(_subject(sentence, names), named_by_ref if sentence in recipes else tokens, refs)
        if word is None and sentence in unread and named[0] != remote:
            word = "new work"  # the same sentence says nobody takes work from the pushed-to remote
        if word is None:
            continue
        # the clause naming the remote says what it is for ("`staff` is private; … never to the public one")
        clause = next((c for c in re.split(r"[;,:—–()]", sentence) if named[0] in c), sentence)
        if named[0] == remote:
            if not any(re.search(p, clause, re.I) for p in _NOT_ROUTED):
                here = True  # the documents route this work to the remote the push names too
            continue
        if any(re.search(p, clause, re.I) for p in (r"\bnever\b", r"\bnot\b", r"\bno longer\b", r"\bn't\b")):
            continue
        routed.setdefault(named[0], (word, sentence))
    if here or len(routed) != 1:
        return None
    other, (word, sentence) = next(iter(routed.items()))
    text = (action.text or "").strip()
    command = re_sub_remote(text, remote, other) or f"git push {other} {refspecs[0]}"
    quote = " ".join(sentence.split())[:240].replace("`", "'")
    from statewise_cli.recovery.premises import _premise

    return _premise(action, "git.remote", remote, other, "repo.docs",
                    f"the repository's documents route {word} to the `{other}` remote, not `{remote}`: \"{quote}\"; "
                    f"this push carries it ({', '.join(refs[:2])})",
                    f"`{command}`", f"{remote} is where this work belongs", shown=f"`{command}`")


def _is_repository(path: str) -> bool:
    return os.path.isfile(os.path.join(path, "HEAD")) or os.path.isdir(os.path.join(path, ".git")) \
        or os.path.isfile(os.path.join(path, ".git"))


def _pushed_with(ctx: Any, remotes: dict[str, str], gone: str) -> list[tuple[str, str]]:
    """(remote, file) for each live remote of this clone other than ``gone`` that a tracked file of the project — a
    Makefile recipe, a script, a guide; never a memory file — pushes to by name (``git push pupilapp HEAD:$(WEEK)``)."""
    from statewise_cli.recovery.memory_lines import MEMORY_FILES

    names = [r for r in remotes if r != gone]
    if not names:
        return []
    patterns = [x for r in names[:20] for x in ("-e", f"git push {r}")]
    code, out = ctx.git("grep", "-I", "-F", "-l", *patterns, "--", ".", timeout=2.0)
    if code != 0:
        return []
    memory = {os.path.basename(m).lower() for m in MEMORY_FILES}
    files = [f for f in out.splitlines() if f and os.path.basename(f).lower() not in memory][:20]
    re = _re()
    found: list[tuple[str, str]] = []
    for rel in files:
        from statewise_cli.recovery.premises import _read

        text = _read(os.path.join(ctx.root, rel), 200_000) or ""
        for name in names:
            if (name, rel) not in found and re.search(rf"\bgit\s+push\s+(?:-\S+\s+)*{re.escape(name)}(?![\w/.-])", text):
                found.append((name, rel))
    return found


def gone_remote_premise(action: Action, remote: str, url: str, remotes: dict[str, str], ctx: Any) -> Any:
    """A push, fetch or pull with a remote whose URL is a path on this machine where no repository is any more (the
    old repository was removed): git fails with "does not appear to be a git repository", which names no other
    remote. When exactly one other remote of this clone, whose repository is there, is the one the project's own files
    push to by name (a Makefile recipe, a script), that push is the alternative; else the live remotes are listed."""
    from statewise_cli.recovery.premises import _local_path, _premise

    if action.operation not in ("git.push", "git.fetch", "git.pull"):
        return None
    path = _local_path(url.strip(), ctx.root)
    if path is None or _is_repository(path):
        return None
    cwd = getattr(action, "cwd", None)
    if cwd and not os.path.isabs(url.strip()) and not url.startswith("file://") and \
            _is_repository(os.path.normpath(os.path.join(cwd, url.strip()))):
        return None  # a relative URL that names a repository from where the command runs
    live = {r: u for r, u in remotes.items() if r != remote and (
        (lp := _local_path(u.strip(), ctx.root)) is None or _is_repository(lp))}
    text = (action.text or "").strip()
    pushed = [(r, f) for r, f in _pushed_with(ctx, remotes, remote) if r in live]
    chosen = {r for r, _f in pushed}
    if len(chosen) == 1 and f" {remote} " in f" {text} ":
        other, rel = pushed[0]
        alternative = f"`{(' ' + text + ' ').replace(f' {remote} ', f' {other} ', 1).strip()}` ({rel} pushes to " \
                      f"`{other}`)"
    else:
        alternative = f"use a remote whose repository is there: {', '.join(sorted(live))}" if live else \
            "ask the developer where this work goes now"
    return _premise(action, "git.remote.gone", remote, sorted(chosen) or sorted(live), "git.remotes",
                    f"the remote {remote} points at {url.strip()}, and there is no repository at {path} any more: git "
                    f"would fail", alternative, f"{remote}'s repository is at {url.strip()}")


def _plain_git(command: str, sub: str) -> list[str] | None:
    """The words of ``command`` when it is one plain ``git … SUB …`` (no other command, variable or substitution, quotes
    balanced); None otherwise: a note after its failure can spell it again."""
    import shlex

    if _re().search(r"[;|`$]|&&|\|\|", command):
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    return words if words[:1] == ["git"] and sub in words[:4] else None


def rejected_push_note(command: str, output: str) -> str | None:
    """What to run after ``git push`` was rejected because the remote branch has commits the pushed branch does not
    (git's "[rejected] … (fetch first)" / "(non-fast-forward)"): bring them in with a rebase, then push the same way
    again — never a force push, which would discard them. None for a push this cannot spell (several commands, a
    refspec or remote given by a variable, a force push)."""
    import shlex

    re = _re()
    words = _plain_git(command, "push")
    if words is None:
        return None
    rest = words[words.index("push") + 1:]
    if any(w in ("-f", "--force", "--mirror", "--all", "--tags", "-d", "--delete") or w.startswith(("--force", "+"))
           for w in rest):
        return None
    operands = [w for w in rest if not w.startswith("-")]
    m = re.search(r"\[rejected\]\s+(\S+)\s+->\s+(\S+)\s+\((?:fetch first|non-fast-forward)\)", output)
    if m is None:
        return None
    src, dst = m.group(1), m.group(2)
    if not operands:
        return None  # the remote is the upstream's: not spelled here
    remote = operands[0]
    if any(c in remote + dst for c in "*?[{"):
        return None
    quoted = " ".join(shlex.quote(w) for w in words)
    pull = f"git pull --rebase {shlex.quote(remote)} {shlex.quote(dst)}"
    return (f"statewise: the push was rejected because {remote}'s `{dst}` has commits `{src}` does not contain (someone "
            f"else pushed to it); a force push would discard them. Bring them in, then push again: `{pull} && {quoted}`.")


def divergent_pull_note(command: str, output: str) -> str | None:
    """What to run after ``git pull`` stopped because the local branch and the remote's have both moved and no
    reconciliation is configured (git's "Need to specify how to reconcile divergent branches", or "Not possible to
    fast-forward" under ``pull.ff=only``): nothing was changed, and the local commits are still there. The same pull
    with ``--rebase`` replays them on top of the remote's; ``--no-rebase`` merges. Never a reset, which would drop
    them. None for a command this cannot spell (several commands, a variable, no ``git pull``)."""
    import shlex

    if not _re().search(r"Need to specify how to reconcile divergent branches|Not possible to fast-forward", output):
        return None
    words = _plain_git(command, "pull")
    if words is None:
        return None
    at = words.index("pull")
    rest = words[at + 1:]
    if any(w in ("--rebase", "-r", "--no-rebase", "--ff-only", "--ff", "--no-ff") or w.startswith("--rebase=")
           for w in rest):
        return None  # the command chose already: its failure is another one
    flags = [w for w in rest if w.startswith("-")]
    operands = [w for w in rest if not w.startswith("-")]

    def spelled(how: str) -> str:
        return " ".join(shlex.quote(w) for w in [*words[:at + 1], *flags, how, *operands])

    return (f"statewise: the pull changed nothing: this branch has commits of its own that the remote's branch does not "
            f"have, and the remote's has commits this one lacks; git needs to be told how to reconcile them. "
            f"`{spelled('--rebase')}` replays the local commits on top of the remote's and keeps them "
            f"(`{spelled('--no-rebase')}` merges instead). A reset to the remote's branch would drop the local commits.")
