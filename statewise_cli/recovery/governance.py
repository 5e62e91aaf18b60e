"""Developer intent the repository's own governance documents state: rules that gate a class of actions.

A repository says who decides, when not, and what is required first in its governance documents: a
contributing guide, a release or deploy runbook, a maintenance or freeze notice, a governance or policy file
(``GOVERNANCE_NAMES``: found by the file's name, at the root, under ``docs/`` and ``.github/``). A statement
(a list item, a table row, a sentence) gates an action class when

* it names the class (``ACTION_CLASSES``: deploy, release, publish, migrate, merge, push, tag, upload, export,
  rollback) — the statement's words, by stem;
* its structure restricts it: a modal or negation (must not, never, do not, may not, only, … frozen), or a
  requirement (needs, requires, approval, review, sign-off, "X's call") — read by ``intent.restriction``, which
  also reads dates ("until 2026-12-05" after that day restricts nothing) and permissive wording (lifted, allowed);
* it is in force and is not about another environment than the action's (``intent.scoped_restriction``).

Authority ordering (highest first): what the repository and its remote show (``environment``) > a developer's
record (``statewise remember … --type policy``) > a governance document of the repository (``governance``; its
rules are read at the time of the action, never stored) > a memory file (CLAUDE.md / AGENTS.md) and the agent's own
claims (``document`` / ``agent``). A developer record
about the same action class decides instead of the document (whether it restricts or permits); a memory file
never lifts a document's rule. A document's gate asks at most where the developer's would deny (``ask``): the
document states a process, the developer is the one who decides.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext
    from statewise_cli.store.records import Record

# Words of a document's file name (its stem, lower-cased) that make it a governance document.
GOVERNANCE_NAMES = ("contributing", "releasing", "release", "releases", "deploying", "deploy", "deployment",
                    "deployments", "maintenance", "freeze", "governance", "policy", "policies", "runbook",
                    "maintainers", "codeowners")
_DIRS = ("", "docs", ".github", "doc")
_SUFFIXES = ("", ".md", ".markdown", ".rst", ".txt", ".adoc")
# Action classes a governance rule can gate, with the stems that name them in a statement.
ACTION_CLASSES = {
    "deploy": ("deploy", "deployment", "rollout", "ship"),
    "release": ("release", "releas"),
    "publish": ("publish", "publication"),
    "migrate": ("migrat", "migration"),
    "merge": ("merge", "merg"),
    "push": ("push",),
    "tag": ("tag", "tagg"),
    "upload": ("upload",),
    "export": ("export",),
    "rollback": ("rollback",),
}
# What makes a document's restriction a gate (who decides, when not, what is required before): a prohibition, a
# freeze, or an approval. "Only" alone states a form the action must take (tags named vX.Y.Z, from the build box):
# other premises read forms, a document's gate does not.
_GATES = ("never", "do not", "don't", "must not", "may not", "cannot", "can't", "not allowed", "forbidden",
          "prohibited", "not permitted", "frozen", "freeze", "approval", "approve", "approved by", "sign-off",
          "sign off", "signoff", "'s call", "decides", "decide", "permission", "consent")
_MAX_BYTES = 64 * 1024
_CACHE: dict[str, tuple[tuple[tuple[str, float], ...], list[Record]]] = {}


def _documents(root: str) -> list[str]:
    found: list[str] = []
    for sub in _DIRS:
        directory = os.path.join(root, sub) if sub else root
        try:
            names = os.listdir(directory)
        except OSError:
            continue
        for name in sorted(names):
            stem, ext = os.path.splitext(name.lower())
            if ext not in _SUFFIXES:
                continue
            words = stem.replace("-", "_").replace(".", "_").split("_")
            if stem in GOVERNANCE_NAMES or any(w in GOVERNANCE_NAMES for w in words):
                path = os.path.join(directory, name)
                if os.path.isfile(path):
                    found.append(path)
    return found


def _statements(text: str) -> list[tuple[int, str]]:
    """(line, statement): list items, table rows and sentences of paragraphs; code blocks skipped."""
    out: list[tuple[int, str]] = []
    fenced = False
    paragraph: list[str] = []
    start = 0

    def flush() -> None:
        if paragraph:
            joined = " ".join(paragraph)
            for sentence in joined.replace("! ", ". ").replace("? ", ". ").split(". "):
                if sentence.strip():
                    out.append((start, sentence.strip()))
            paragraph.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith(("```", "~~~")):
            flush()
            fenced = not fenced
            continue
        if fenced:
            continue
        if not line or line.startswith("#"):
            flush()
            continue
        if line.startswith(("- ", "* ", "+ ", "|")) or line.split(" ", 1)[0].rstrip(".)").isdigit():
            flush()
            body = line.lstrip("-*+0123456789. ").strip()
            if line.startswith("|"):
                cells = [c.strip() for c in line.strip("|").split("|")]
                if all(set(c) <= set("-: ") for c in cells):
                    continue
                body = " — ".join(c for c in cells if c)
            start = number
            paragraph.append(body)
            flush()
            continue
        if not paragraph:
            start = number
        paragraph.append(line)
    flush()
    return out


def _classes(statement: str) -> list[str]:
    from statewise_cli.recovery.intent import _split

    words = _split(statement.replace("_", " ").replace("-", " ").replace("/", " "))
    return [c for c, stems in ACTION_CLASSES.items() if any(w.startswith(s) for w in words for s in stems)]


def rules(root: str) -> list[Record]:
    """The repository's governance statements that restrict an action class, as policy records of authority
    ``governance`` (never stored; cached by the documents' paths and modification times)."""
    documents = _documents(root)
    stamp: list[tuple[str, float]] = []
    for path in documents:
        try:
            stamp.append((path, os.stat(path).st_mtime))
        except OSError:
            continue
    cached = _CACHE.get(root)
    if cached is not None and cached[0] == tuple(stamp):
        return cached[1]
    from statewise_cli.recovery.intent import restriction
    from statewise_cli.store.records import Record

    found: list[Record] = []
    for path, mtime in stamp:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(_MAX_BYTES)
        except OSError:
            continue
        rel = os.path.relpath(path, root)
        for line, statement in _statements(text):
            if len(statement) > 400:
                continue
            for cls in _classes(statement):
                from statewise_cli.recovery.intent import environments

                envs = sorted(environments(statement))
                key = "policy." + "_".join([*envs, cls]) if len(envs) == 1 else f"policy.{cls}"
                record = Record(id=f"doc:{rel}:{line}:{cls}", key=key, value=statement, type="policy",
                                scope="repository", observed_at=mtime, stored_at=mtime, expires_at=None,
                                source=f"document:{rel}:{line}", authority="governance", status="active",
                                validity="unverified", verified_at=None, supersedes=None, superseded_by=None,
                                evidence=None)
                if restriction(record) is not None and any(g in f" {statement.lower()}" for g in _GATES):
                    found.append(record)
    _CACHE[root] = (tuple(stamp), found)
    return found


def _decided_by(record: Record, developer: list[Record]) -> bool:
    """A developer's record about the same action class decides instead of the document."""
    from statewise_cli.recovery.intent import _same, subject

    wanted = subject(record)
    return any(_same(w, s) for r in developer for s in subject(r) for w in wanted)


def violations(actions: list[Action], developer: list[Record], repo: RepoContext) -> list[Any]:
    """The state–action check's findings for the repository's governance documents (invariant
    ``developer-intent``; lower authority than a developer record, which decides when it speaks)."""
    from statewise_cli.recovery.intent import gates
    from statewise_cli.recovery.invariants import Violation

    # one text per command line: the actions of one line share it, and a line of thousands of statements must not
    # be read thousands of times
    texts = list(dict.fromkeys((a.text or a.operation).lower() for a in actions if a.risk != "read-only"))
    if not any(s in t for t in texts for stems in ACTION_CLASSES.values() for s in stems):
        return []  # cheap: no word of an action class in any action (nothing imported, no document read)
    named = {c for t in texts for c in _classes(t)}
    if not named:
        return []  # no action of a class a document could gate: no document is read
    documented = [r for r in rules(repo.root) if not _decided_by(r, developer) and
                  any(c in named for c in _classes(r.key.split(".", 1)[-1])) and not _about_other_branch(r, texts, repo)]
    if not documented:
        return []
    found = []
    for action, record, _verdict, why in gates(actions, documented, repo, authorities=("governance",)):
        where = record.source.removeprefix("document:")
        detail = (f"{why}; the repository's {where.rsplit(':', 1)[0]} (line {where.rsplit(':', 1)[-1]}) says: "
                  f"{record.value}. A governance document of the repository outranks memory files (CLAUDE.md / "
                  f"AGENTS.md); the developer decides whether this runs: it needs their approval first, so do what "
                  f"the task asks without it (another way) or ask them")
        found.append(Violation("developer-intent", action, detail, verdict="ask"))
    return found


# Options with which one action names every ref of a kind: a pattern of refs always matches it.
_ALL_REFS = ("--tags", "--follow-tags", "--mirror", "--all")
# Words of a statement that make its glob words ref patterns ("every pushed `v*` tag", "`release/*` branches").
_REF_WORDS = ("tag", "tags", "branch", "branches", "ref", "refs")
# Words that make a pattern the exception of a statement rather than its subject.
_EXCEPT = ("except", "other", "besides", "but", "unless", "excluding", "apart")


def _about_other_branch(record: Record, texts: list[str], repo: RepoContext) -> bool:
    """The statement names branches or remotes of this repository ("never push to main there, push topic branches",
    "the `partner` remote: pull only") or a pattern of refs ("every pushed `v*` tag publishes") and the action names
    none of them: the rule is about those, not this action."""
    from statewise_cli.recovery.alternatives import branches_among, remotes

    words = {w.strip("`'\".,;:()") for w in str(record.value).split()}
    acted = {w.strip("`'\"").removeprefix("+").removeprefix("refs/tags/").removeprefix("refs/heads/")
             for t in texts for w in t.replace(":", " ").split()}
    patterns = _ref_patterns(words)
    if patterns and not (acted & set(_ALL_REFS)):
        import fnmatch

        if not any(fnmatch.fnmatchcase(w, p) for w in acted for p in patterns):
            return True
    branches = branches_among(repo.common_dir, {w for w in words if w and not w.startswith("-")}, [])
    if branches:  # a branch it names decides ("never push to main there": a topic branch there is not meant)
        return not (branches & acted)
    named = words & set(remotes(repo.common_dir))  # else a remote it names ("the `partner` remote: pull only")
    return bool(named) and not (named & acted)


def _ref_patterns(words: set[str]) -> set[str]:
    """The glob words of a statement that speaks of tags, branches or refs and that name refs: a literal start
    (``v*``, ``release/*``, ``hotfix-*``), not a file pattern (``*.lock``, ``src/**/*.py``)."""
    lowered = {w.lower() for w in words}
    if not lowered & set(_REF_WORDS) or lowered & set(_EXCEPT):
        return set()  # no refs spoken of, or the pattern is the exception ("no tags other than `v*`")
    import re

    return {w for w in lowered if "*" in w and not w.startswith("*") and "**" not in w
            and not re.search(r"\.[a-z][a-z0-9]*$", w)}
