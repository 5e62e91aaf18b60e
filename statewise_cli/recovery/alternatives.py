"""Safe alternatives made runnable as written.

A stop's safe alternative is followed literally: an agent runs the backquoted command it names. A
placeholder (``<feature-branch>``, ``<topic-branch>``, ``<new-branch>``) is not a branch an agent can
push, and ``origin`` is not a remote in a repository whose remote is called something else. Before a
deny leaves the hook, each such command is made concrete from the stopped action and the repository:

- the remote is the one the stopped push named (when the repository has it), else ``origin`` when it
  exists, else the repository's only remote; a repository with several remotes and none of these keeps
  the text as it is;
- the topic branch is the branch checked out now when it is neither the branch the action would
  change, nor one the stop names as the base, nor a shared line of development (a remote's default
  branch, ``main`` / ``master`` / ``trunk`` / ``develop``) — a topic branch the agent already works on:
  pushed as it is, no ``git switch -c`` — else a new name ``<base>-update`` (``-2``, ``-3`` … when it
  exists locally or as a remote-tracking branch).

Everything is read from git's files (no subprocess): this runs only on a deny.
"""

from __future__ import annotations

import os

from statewise_cli.actions.normalize import Action

TYPE_CHECKING = False
if TYPE_CHECKING:
    from statewise_cli.repo import RepoContext

PLACEHOLDERS = ("<feature-branch>", "<topic-branch>", "<new-branch>")


def remotes(common_dir: str) -> list[str]:
    """The remotes git's config file declares, in order."""
    try:
        with open(os.path.join(common_dir, "config"), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError:
        return []
    found: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[remote ") and line.endswith("]"):
            name = line[len("[remote "):-1].strip().strip('"')
            if name and name not in found:
                found.append(name)
    return found


def branch_exists(common_dir: str, name: str, remote_names: list[str]) -> bool:
    """``name`` is a local branch or a remote-tracking branch of any remote (loose refs or packed-refs)."""
    return bool(branches_among(common_dir, {name}, remote_names))


def branches_among(common_dir: str, names: set[str], remote_names: list[str]) -> set[str]:
    """The ``names`` that are local branches or remote-tracking branches of any remote (packed-refs read once)."""
    def refs(name: str) -> list[str]:
        return [f"refs/heads/{name}", *(f"refs/remotes/{r}/{name}" for r in remote_names)]

    found = {n for n in names if any(os.path.isfile(os.path.join(common_dir, *ref.split("/"))) for ref in refs(n))}
    rest = names - found
    if not rest:
        return found
    try:
        with open(os.path.join(common_dir, "packed-refs"), encoding="utf-8", errors="replace") as fh:
            packed = {line.split(" ", 1)[1].strip() for line in fh if " " in line and not line.startswith(("#", "^"))}
    except OSError:
        return found
    return found | {n for n in rest if any(ref in packed for ref in refs(n))}


def _pushed(action: Action) -> tuple[str | None, str | None]:
    """The remote a push names and the branch it would change (None when not said)."""
    if action.operation != "git.push":
        return None, None
    operands = [str(a) for a in action.arguments if not str(a).startswith("-")]
    remote = operands[0] if operands else None
    target = str(action.target) if action.target not in (None, "", "*", "?") else None
    if target and target.startswith("refs/heads/"):
        target = target[len("refs/heads/"):]
    return remote, target


def _remote_for(named: str | None, known: list[str]) -> str | None:
    if named and named in known:
        return named
    if "origin" in known:
        return "origin"
    return known[0] if len(known) == 1 else None


def _new_name(base: str, common_dir: str, known: list[str]) -> str:
    stem = (base.replace("/", "-").strip("-.") or "topic") + "-update"
    name, n = stem, 1
    while branch_exists(common_dir, name, known):
        n += 1
        name = f"{stem}-{n}"
    return name


def _bases(text: str) -> set[str]:
    """Branches the text names as a pull request's base (``--base X``)."""
    out = set()
    words = text.replace("`", " ").split()
    for i, word in enumerate(words[:-1]):
        if word == "--base":
            out.add(words[i + 1].rstrip(".,;)"))
    return out


def concrete(text: str, actions: list[Action], repo: RepoContext | None) -> str:
    """``text`` with its alternatives' placeholders and a missing ``origin`` replaced (unchanged when the
    repository does not decide them)."""
    if repo is None or not text:
        return text
    if "gh pr create" in text:
        from statewise_cli.recovery.premises_refrules import with_reviewers

        text = with_reviewers(text, repo, actions)  # the code owners of the paths the push carries review it
    if "<feature-branch>" in text and "gh pr create" in text:
        text = _routed(text, actions, repo)  # the branch the repository's documents send this work to, if any
    if "<" not in text and "origin" not in text:
        return text
    has_placeholder = any(p in text for p in PLACEHOLDERS)
    if not has_placeholder and " origin " not in text.replace("`", " "):
        return text
    known = remotes(repo.common_dir)
    if not known:
        return text
    named, target = None, None
    for action in actions:
        named, target = _pushed(action)
        if named or target:
            break
    remote = _remote_for(named, known)
    if remote is not None and remote != "origin" and "origin" not in known:
        text = _swap_origin(text, remote)
    if not has_placeholder:
        return text
    avoid = {b for b in (target, *_bases(text)) if b}
    current = repo.branch
    fresh = _new_name(target or min(avoid, default="") or current or "topic", repo.common_dir, known)
    from statewise_cli.recovery.premises_refrules import namespaced

    fresh = namespaced(repo, remote, fresh)  # inside the namespace the remote and the documents accept
    text = text.replace("<new-branch>", fresh)
    if current and current not in avoid and remote is not None and not _shared(current, repo.common_dir, known) \
            and namespaced(repo, remote, current) == current:
        # the topic branch the agent is on: push it as it is
        text = text.replace("git switch -c <feature-branch> && ", "")
        name = current
    else:
        name = fresh
    for placeholder in PLACEHOLDERS:
        text = text.replace(placeholder, name)
    return text


def _routed(text: str, actions: list[Action], repo: RepoContext) -> str:
    """A protected branch's alternative — a new topic branch and a pull request — replaced by the push to the branch
    the repository's documents route this work to ("quota transfers are pushed to the quota-review branch"), when
    they name one the pushed commit fast-forwards."""
    import re

    pushes = [a for a in actions if a.operation == "git.push"]
    if len(pushes) != 1:
        return text
    from statewise_cli.recovery.premises_refpurpose import routed_push

    found = routed_push(pushes[0], repo)
    if found is None:
        return text
    command, sentence = found
    said = " ".join(sentence.split())[:200].replace("`", "'")
    return re.sub(r"push a feature branch and open a pull request\s*[:—-]\s*`git switch -c <feature-branch> && git push -u "
                  r"\S+ <feature-branch>`, then `gh pr create --base [^`]+`",
                  lambda _m: f"push to the branch the repository routes this work to: `{command}` (\"{said}\")", text)


# The usual names of a repository's shared line of development: never a topic branch, whatever the stop is about.
_TRUNKS = ("main", "master", "trunk", "develop", "development")


def _shared(branch: str, common_dir: str, known: list[str]) -> bool:
    """``branch`` is a shared line of development rather than the agent's topic branch: a remote's default branch
    (``refs/remotes/<remote>/HEAD``) or one of the usual trunk names. Pushing it is no way around a stop."""
    if branch in _TRUNKS:
        return True
    for name in known:
        try:
            with open(os.path.join(common_dir, "refs", "remotes", name, "HEAD"), encoding="utf-8") as fh:
                head = fh.read().strip()
        except OSError:
            continue
        if head == f"ref: refs/remotes/{name}/{branch}":
            return True
    return False


def _swap_origin(text: str, remote: str) -> str:
    """``origin`` as a push's remote inside backquoted commands → ``remote``."""
    parts = text.split("`")
    for i in range(1, len(parts), 2):  # the odd parts are inside backquotes
        words = parts[i].split(" ")
        for j, word in enumerate(words):
            if word == "origin" and j > 0 and (words[j - 1] in ("push", "-u", "--set-upstream", "fetch", "pull")):
                words[j] = remote
        parts[i] = " ".join(words)
    return "`".join(parts)
