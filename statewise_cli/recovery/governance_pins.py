"""Pins the repository declares fixed: an action that moves one asks.

A repository fixes some revisions on purpose — a submodule at a certified SDK build, a subtree at an audited
release, a git dependency at a qualified commit — and says so where people look: the README, a contributing or
release guide, a note, the comment above the entry in ``.gitmodules``. The premise of an action that moves such a pin
(``git submodule update --remote``, ``git submodule foreach git pull``, ``git -C vendor/sdk checkout origin/main``,
``git subtree pull --prefix P …``, ``cargo update -p NAME`` / ``npm update NAME`` …) is "this revision follows
upstream"; the repository says it is held where it is.

A statement declares a pin when it names the pinned thing (its path, the last part of its path, its submodule name,
the package) and says it is held (``pinned``, ``certified``, ``qualified``, ``validated``, ``locked to``, ``must stay
on``, ``do not bump``) or gates it (``governance_targets.gated``), and it is not waived ("no longer pinned", "follows
upstream's main"). A later statement that records the move approved (``governance_targets.recorded``) lifts it. The
verdict is ``ask``: the document states a process, the developer decides. The alternative for a submodule is the
pinned revision itself (``git submodule update --init PATH``).

File reads only, and only for a line that moves a pin.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext

# Words that say a revision is held where it is.
_HELD = ("pinned", " pin ", "pin it", "pinning", "certified", "certification", "qualified", "qualification",
         "validated", "validation", "audited", "locked to", "locked at", "fixed at", "fixed to", "frozen",
         "must stay", "must remain", "stays on", "stays at", "stay on", "stay at", "remain on", "remains on",
         "exact commit", "exact revision", "exact sha", "known-good", "known good", "tested against",
         "do not bump", "don't bump", "never bump", "do not update", "don't update", "never update",
         "do not move", "don't move", "never move", "not be updated", "not be bumped", "not be moved")
# Words that say it is not held (any more), or that it follows upstream.
_LOOSE = ("no longer pinned", "not pinned", "unpinned", "no longer certified", "no longer frozen", "is lifted",
          "was lifted", "follows upstream", "tracks upstream", "track upstream", "follow upstream", "free to update",
          "free to bump", "can be bumped freely", "can be updated freely", "update it freely", "bump it freely")
# git subcommands that, run inside a submodule, move its checked-out revision.
_MOVERS = frozenset({"pull", "checkout", "switch", "merge", "rebase", "reset"})
# Package-manager subcommands that move a named dependency's locked revision.
_UPDATES = {"cargo": ("update",), "npm": ("update", "up", "upgrade"), "pnpm": ("update", "up", "upgrade"),
            "yarn": ("upgrade", "up"), "bun": ("update",), "poetry": ("update",), "bundle": ("update",),
            "composer": ("update", "upgrade"), "go": ("get",), "uv": ("lock",), "pdm": ("update",),
            "mix": ("deps.update",), "swift": ("package",)}
_README = ("README.md", "README.rst", "README", "README.txt", "readme.md")


def _submodules(root: str) -> tuple[dict[str, str], dict[str, list[str]]]:
    """path → name of every submodule ``.gitmodules`` declares, and name → the comment lines above and inside
    its section."""
    try:
        with open(os.path.join(root, ".gitmodules"), encoding="utf-8", errors="replace") as fh:
            text = fh.read(64 * 1024)
    except OSError:
        return {}, {}
    paths: dict[str, str] = {}
    comments: dict[str, list[str]] = {}
    pending: list[str] = []
    name = ""
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(("#", ";")):
            pending.append(line.lstrip("#; ").strip())
            continue
        if line.startswith("[submodule") and '"' in line:
            name = line.split('"')[1]
            comments.setdefault(name, []).extend(pending)
            pending = []
            continue
        key, _, value = line.partition("=")
        if name and key.strip() == "path" and value.strip():
            paths[value.strip().strip("/")] = name
        if name and pending:
            comments.setdefault(name, []).extend(pending)
            pending = []
    return paths, comments


def _operands(args: list[str]) -> list[str]:
    out: list[str] = []
    for arg in args:
        if arg == "--":
            continue
        if arg.startswith("-"):
            continue
        out.append(arg.strip("/"))
    return out


def moves(actions: list[Action], root: str) -> list[tuple[Action, str, str]]:
    """(action, pinned thing, its kind) for each thing the line moves: ``submodule`` paths, ``subtree`` prefixes,
    ``package`` names."""
    declared: dict[str, str] | None = None
    found: list[tuple[Action, str, str]] = []

    def subs() -> dict[str, str]:
        nonlocal declared
        if declared is None:
            declared = _submodules(root)[0]
        return declared

    for action in actions:
        args = [str(a) for a in action.arguments]
        op = action.operation
        if op == "git.submodule" and args[:1] == ["update"] and "--remote" in args:
            named = [a for a in _operands(args[1:]) if a in subs()]
            found += [(action, p, "submodule") for p in (named or sorted(subs()))]
        elif op == "git.submodule" and args[:1] == ["foreach"] and any(a in _MOVERS for a in args[1:4] + args[2:6]):
            found += [(action, p, "submodule") for p in sorted(subs())]
        elif op == "git.subtree" and args[:1] in (["pull"], ["merge"]):
            for i, arg in enumerate(args):
                prefix = arg.split("=", 1)[1] if arg.startswith(("--prefix=", "-P=")) else (
                    args[i + 1] if arg in ("--prefix", "-P") and i + 1 < len(args) else "")
                if prefix:
                    found.append((action, prefix.strip("/"), "subtree"))
        elif op.startswith("git.") and op[4:] in _MOVERS and action.cwd and "$" not in action.cwd:
            cwd = os.path.normpath(action.cwd).strip("/")
            for path in subs():
                if cwd == path or cwd.startswith(path + "/"):
                    found.append((action, path, "submodule"))
        else:
            words = (action.text or "").split()
            if len(words) >= 3 and words[0] in _UPDATES and words[1] in _UPDATES[words[0]]:
                rest = words[2:]
                names = []
                for i, w in enumerate(rest):
                    if w in ("-p", "--package", "--upgrade-package", "-P") and i + 1 < len(rest):
                        names.append(rest[i + 1])
                    elif not w.startswith("-") and (i == 0 or rest[i - 1] not in ("-p", "--package",
                                                                                   "--upgrade-package", "-P")):
                        names.append(w)
                for n in names:
                    n = n.split("@")[0] if not n.startswith("@") else "@" + n[1:].split("@")[0]
                    if len(n) >= 3:
                        found.append((action, n, "package"))
    return found


def _low(text: str) -> str:
    return " " + " ".join(text.lower().replace("`", " ").replace("*", " ").split()) + " "


def _names(statement: str, thing: str, name: str) -> bool:
    low = _low(statement)
    words = {w.strip(".,;:()[]\"'").lstrip("./").rstrip("/") for w in low.split()}
    thing = thing.lower()
    if thing in words or f" {thing}/" in low or f"/{thing} " in low or f"/{thing}/" in low:
        return True
    base = os.path.basename(thing)
    if len(base) >= 3 and base in words:
        return True
    if name and len(name) >= 3 and name.lower() in words:
        return True
    from statewise_cli.recovery.governance_targets import _spaced

    spaced = _spaced(statement)  # "the radio SDK submodule" names vendor/radio-sdk
    return any(len(_spaced(n).split()) >= 2 and _spaced(n) in spaced for n in (base, os.path.basename(name)) if n)


def _approved(statement: str) -> bool:
    """"… was approved by …", "has been certified": a move recorded as done, not one required."""
    from statewise_cli.recovery.governance_targets import _RECORDED

    words = [w.strip(".,;:()") for w in _low(statement).split()]
    return any(w in (*_RECORDED, "certified", "qualified", "validated") and i and words[i - 1] in ("was", "were",
                                                                                                   "been")
               for i, w in enumerate(words))


def _record(statement: str) -> bool:
    """The statement records an approval given (a move signed off), and holds nothing itself."""
    from statewise_cli.recovery.governance_targets import recorded

    low = _low(statement)
    return (recorded(statement) or _approved(statement)) and not any(w in low for w in _HELD)


def held(statement: str) -> bool:
    from statewise_cli.recovery.governance_targets import gated

    low = _low(statement)
    if any(w in low for w in _LOOSE):
        return False
    return any(w in low for w in _HELD) or gated(statement)


def _statements(root: str, things: list[str], comments: dict[str, list[str]]) -> list[tuple[str, int, str]]:
    from statewise_cli.recovery.governance import _statements as split
    from statewise_cli.recovery.governance_targets import statements

    found = list(statements(root))
    seen = {doc for doc, _, _ in found}
    dirs = {""} | {os.path.dirname(t) for t in things if "/" in t}
    for d in sorted(dirs):
        for name in _README:
            rel = os.path.join(d, name) if d else name
            if rel in seen:
                continue
            try:
                with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
                    text = fh.read(64 * 1024)
            except OSError:
                continue
            seen.add(rel)
            found += [(rel, n, s) for n, s in split(text) if len(s) <= 400]
            break
    for name, lines in comments.items():
        if lines:
            found.append((".gitmodules", 0, f"{' '.join(lines)} (submodule {name})"))
    return found


def violations(actions: list[Action], repo: RepoContext, developer: list[Any] | None = None) -> list[Any]:
    """``developer-intent`` findings (ask) for a line that moves a revision the repository declares fixed."""
    moved = moves(actions, repo.root)
    if not moved:
        return []
    paths, comments = _submodules(repo.root)
    from statewise_cli.recovery.governance_targets import _decided
    from statewise_cli.recovery.invariants import Violation

    grouped: dict[tuple[str, int], list[str]] = {}
    for doc, line, s in _statements(repo.root, [t for _, t, _ in moved], comments):
        grouped.setdefault((doc, line), []).append(s)
    texts = [(doc, line, " ".join(group)) for (doc, line), group in grouped.items()]  # a paragraph: "it" is its subject
    for action, thing, kind in moved:
        name = paths.get(thing, "") if kind == "submodule" else ""
        own = [(doc, line, s) for doc, line, s in texts if _names(s, thing, name)]
        for doc, line, statement in own:
            if not held(statement) or _record(statement) or _decided(statement, developer or []):
                continue
            if any(d == doc and n > line and _record(s) for d, n, s in own):
                continue  # a later entry records the move approved
            shown = (action.text or action.operation).strip()[:120]
            where = "the comment above it in .gitmodules" if doc == ".gitmodules" and line == 0 else \
                f"the repository's {doc} (line {line})"
            what = {"submodule": f"moves the submodule at {thing} off the commit the repository records",
                    "subtree": f"pulls new upstream commits into the subtree at {thing}",
                    "package": f"moves the locked revision of {thing}"}[kind]
            alternative = f"git submodule update --init {thing}" if kind == "submodule" else ""
            detail = (f"`{shown}` {what}; {where} says: {statement.rstrip('.')}. The revision is held on purpose: "
                      f"moving it is the developer's decision, so ask them first")
            if alternative:
                detail += f"; to check out the recorded revision instead: `{alternative}`"
            return [Violation("developer-intent", action, detail, verdict="ask", alternative=alternative)]
    return []
