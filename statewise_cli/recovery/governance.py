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
    from collections.abc import Callable
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext
    from statewise_cli.store.records import Record

# Words of a document's file name (its stem, lower-cased) that make it a governance document.
GOVERNANCE_NAMES = ("contributing", "releasing", "release", "releases", "deploying", "deploy", "deployment",
                    "deployments", "maintenance", "freeze", "governance", "policy", "policies", "runbook",
                    "maintainers", "codeowners", "security")
_DIRS = ("", "docs", ".github", "doc", "Documentation")
# The project's documentation directories: each of their documents states how the project works (a fork notice,
# an open-source or publishing note, a migration window), so each is read for gating statements whatever its name.
_DOC_DIRS = ("docs", "doc", "Documentation")
_MAX_DOCS = 40
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
# A person's signature or ratification named by any role ("signed by the PI", "ratified by the committee", "the
# principal investigator has signed", "endorsed by the league secretary").
_SIGNING = ("signed by", "has signed", "have signed", "ratif", "endorse", "countersign", "go-ahead", "green light",
            "sanctioned by")
_GATES = ("never", "do not", "don't", "must not", "may not", "cannot", "can't", "not allowed", "forbidden",
          "prohibited", "not permitted", "frozen", "freeze", "approval", "approve", "approved by", "sign-off",
          "sign off", "signoff", "'s call", "decides", "decide", "permission", "consent", "freezing", "embargo",
          "nobody pushes", "nobody deploys", "nobody merges", "nobody tags", "nobody publishes", "no one pushes",
          "no one deploys", "must not be", "stays off", "stay off", "kept off", "keep it off", *_SIGNING)
_MAX_BYTES = 64 * 1024
_CACHE: dict[str, tuple[tuple[tuple[str, float], ...], list[Record]]] = {}


def _documents(root: str) -> list[str]:
    found: list[str] = []
    subs = list(_DIRS)
    for sub in _DOC_DIRS:  # one level of sections under a documentation directory (`Documentation/process/`)
        try:
            subs += [f"{sub}/{n}" for n in sorted(os.listdir(os.path.join(root, sub)))[:20]
                     if not n.startswith(".") and os.path.isdir(os.path.join(root, sub, n))]
        except OSError:
            continue
    for sub in subs:
        directory = os.path.join(root, sub) if sub else root
        try:
            names = os.listdir(directory)
        except OSError:
            continue
        every = 0
        in_docs = sub.split("/", 1)[0] in _DOC_DIRS
        for name in sorted(names):
            stem, ext = os.path.splitext(name.lower())
            if ext not in _SUFFIXES:
                continue
            words = stem.replace("-", "_").replace(".", "_").split("_")
            if stem in GOVERNANCE_NAMES or any(w in GOVERNANCE_NAMES for w in words) or (
                    in_docs and ext and (every := every + 1) <= _MAX_DOCS):
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


def rules(root: str, common_dir: str | None = None) -> list[Record]:
    """The repository's governance statements that restrict an action class, as policy records of authority
    ``governance`` (never stored; cached by the documents' paths and modification times). A gated statement that
    names one of the repository's branches ("for-next is frozen: nothing new is applied") gates pushes too: what reaches that branch is what it restricts."""
    from statewise_cli.recovery.governance_targets import _sources

    documents = _sources(root)  # governance documents, and the notes, templates and runbooks people keep
    stamp: list[tuple[str, float]] = []
    from statewise_cli.recovery.governance_targets import _beside

    for path in documents:
        try:
            stamp.append((path, os.stat(path).st_mtime))
        except OSError:
            continue
    notes: list[tuple[str, float]] = []  # the notes beside the work, which lift holds (never gates of their own)
    for name in _beside(root):
        try:
            notes.append((name, os.stat(os.path.join(root, name)).st_mtime))
        except OSError:
            continue
    seen = tuple(stamp + notes + (_refs_stamp(common_dir) if common_dir else []))  # a branch a statement names may appear
    slot = root if not common_dir else f"{root}\0{common_dir}"
    cached = _CACHE.get(slot)
    if cached is not None and cached[0] == seen:
        return cached[1]
    from statewise_cli.recovery.intent import restriction
    from statewise_cli.store.records import Record

    found: list[Record] = []
    beside = _beside_notes(root)
    for path, mtime in stamp:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(_MAX_BYTES)
        except OSError:
            continue
        rel = os.path.relpath(path, root)
        statements = _statements(text)
        for line, statement in statements:
            if len(statement) > 400:
                continue
            if _given_later(statement, line, statements):
                continue  # "2026-11-02: the shortlist was ratified by the committee" — the sign-off it asks for is given
            if _hold_ended(statement, line, statements, beside):
                continue  # "frozen (until 2026-12-04)" past its end, or lifted by a later note naming what it held
            if _release_only(statement) or _hold_released(statement) or _ends_hold(statement):
                continue  # "I approve publishing it now; push it to the public branch": a release given, no gate
            classes = _classes(statement)
            if "push" not in classes and common_dir and _gated(statement):
                from statewise_cli.recovery.alternatives import branches_among, remotes

                words = {w for w in _bare_words(statement) if w and not w.startswith("-") and len(w) >= 3}
                if branches_among(common_dir, words, list(remotes(common_dir))):
                    classes = [*classes, "push"]
                elif _gated_remotes(statement, common_dir):
                    classes = [*classes, "push"]  # "the submission project (remote `overleaf`) stays frozen"
            if "push" in classes and _lifted_push_rule(root, statement):
                classes = [c for c in classes if c != "push"]  # a later note made direct pushes the rule
            for cls in classes:
                from statewise_cli.recovery.intent import environments

                envs = sorted(environments(statement))
                key = "policy." + "_".join([*envs, cls]) if len(envs) == 1 else f"policy.{cls}"
                record = Record(id=f"doc:{rel}:{line}:{cls}", key=key, value=statement, type="policy",
                                scope="repository", observed_at=mtime, stored_at=mtime, expires_at=None,
                                source=f"document:{rel}:{line}", authority="governance", status="active",
                                validity="unverified", verified_at=None, supersedes=None, superseded_by=None,
                                evidence=None)
                if restriction(record) is not None and _gated(statement):
                    found.append(record)
                elif cls == "push" and common_dir and " only" in f" {statement.lower()}" and restriction(record):
                    from statewise_cli.recovery.alternatives import remotes as known

                    names = list(known(common_dir))
                    if _only_remotes(statement, [n for n in names if n in _bare_words(statement)]):
                        # "fixes for embargoed vulnerabilities are pushed only to the private `security` remote": a
                        # gate on the work it describes, read against the pushed branch (``_describes``)
                        found.append(record.replace(id=record.id + ":only"))
    _CACHE[slot] = (seen, found)
    return found


def _beside_notes(root: str) -> list[str]:
    """The dated sentences of the notes kept beside the work (``tariffs/README.md``, ``fuel/approvals/…``), each
    prefixed with the folder it sits in ("tariffs/ — 2026-12-01: the season freeze ended …"): a note in a folder
    speaks of that folder."""
    import re

    from statewise_cli.recovery.governance_targets import _beside

    out: list[str] = []
    for name in _beside(root):
        try:
            with open(os.path.join(root, name), encoding="utf-8", errors="replace") as fh:
                text = fh.read(_MAX_BYTES)
        except OSError:
            continue
        folder = name.split("/", 1)[0] + "/"
        out += [f"{folder} — {s}" for _n, s in _statements(text) if len(s) <= 400 and re.search(r"\b20\d\d-\d\d-\d\d\b", s)]
    return out


def _hold_ended(statement: str, line: int, statements: list[tuple[int, str]], beside: list[str] | None = None) -> bool:
    """A freeze or hold whose own end date has passed ("frozen … until 2026-12-04"), or that a later statement of
    the same document — or a dated note kept beside the work it held (``tariffs/README.md``) — lifts while naming
    what it held by an identifier ("the freeze on exam-bank is lifted")."""
    import re

    low = statement.lower()
    if not any(w in low for w in ("frozen", "freeze", "hold", "held", "nothing", "no ", "not ", "never", "until")):
        return False
    import datetime

    from statewise_cli.recovery.premises_git import _hold_over

    names = sorted({w for w in _bare_words(statement) if len(w) >= 4 and re.search(r"[-/_\d]", w)
                    and not re.fullmatch(r"[\d-]+", w)})
    word = re.compile("|".join(rf"(?<![\w/.-]){re.escape(n)}(?![\w/-])" for n in names), re.IGNORECASE) if names \
        else re.compile(r"(?!x)x")
    later = [s for n, s in statements if n > line] + list(beside or [])
    return _hold_over(statement, later, word, datetime.date.today())


def _release_only(statement: str) -> bool:
    """The statement records a release given ("I have reviewed it and I approve publishing it now", "approved by the
    QA manager on 2026-12-04") and holds no other gate: its only gate words are the approval it gives."""
    from statewise_cli.recovery.governance_targets import recorded

    if not recorded(statement):
        return False
    low = f" {statement.lower()}"
    requirement = set(_REQUIREMENTS) | {"decides", "decide", "'s call"}
    return not any(gate in low for gate in _GATES if gate not in requirement)


_HOLDS = ("freeze", "frozen", "freezing", "embargo")


def _hold_released(statement: str) -> bool:
    """The statement records a freeze or a hold ended ("I ended the group rate freeze today: changes go to main as
    usual again", "the embargo was lifted on 2026-12-01") and holds no other gate: it names the freeze to say it is
    over, which gates nothing. A negated or conditional end ("not lifted yet", "until the budget ends the freeze")
    is no release."""
    import re

    low = f" {statement.lower()}"
    if any(gate in low for gate in _GATES if gate not in _HOLDS):
        return False
    hold = r"(?:freeze|moratorium|embargo|blackout|hold)"
    for m in re.finditer(rf"\b(?:ended|lifted|called\s+off)\s+(?:the\s+|our\s+|this\s+|that\s+|its\s+)?(?:[\w'’-]+\s+)"
                         rf"{{0,3}}?{hold}\b|\b{hold}\s+(?:has\s+|had\s+|was\s+|is\s+)?(?:been\s+)?(?:ended|lifted|over|"
                         rf"called\s+off)\b", low):
        before = low[max(0, m.start() - 40):m.start()]
        clause = re.split(r"[.;:,]", before)[-1]
        if re.search(r"\b(?:not|never|no|until|till|once|when|if|unless|before|after|yet)\b", clause) \
                or re.match(r"\s+(?:yet|later|soon)\b", low[m.end():]):
            continue
        if re.search(r"\b(?:not|n't)\b", low[m.start():m.end()]):
            continue
        return True
    return False


# A hold the statement itself ends: "I ended the group rate freeze today", "the embargo is over", "lifting the hold".
_HOLD = r"(?:freeze|embargo|hold|moratorium|lockdown)"
_ENDS_HOLD = (rf"\b(?:end(?:ed|s|ing)?|lift(?:ed|s|ing)?|call(?:ed|s|ing)?\s+off|cancel(?:l?ed|s)?|drop(?:ped|s)?)\s+"
              rf"(?:the\s+|our\s+|this\s+|that\s+|my\s+|a\s+)?(?:[\w'-]+\s+){{0,3}}?{_HOLD}\b"
              rf"|\b{_HOLD}\s+(?:[\w'-]+\s+){{0,3}}?(?:is|was|has\s+been|has|had|got)\s+(?:now\s+)?(?:over|ended|lifted|"
              rf"finished|cancell?ed|called\s+off)\b")


def _ends_hold(statement: str) -> bool:
    """The statement ends a hold ("The budget is signed, so I ended the group rate freeze today: changes go to main as
    usual again") and holds no other gate once that ending is read out; a negated ending ("has not lifted the
    freeze") ends nothing."""
    import re

    low = f" {statement.lower()}"
    ended = [m for m in re.finditer(_ENDS_HOLD, low)
             if not re.search(r"(?:\bnot|n't|\bnever|\bno longer|\buntil|\bbefore|\bonce|\bwhen|\bif)\s+(?:\w+\s+){0,2}$",
                              low[max(0, m.start() - 30):m.start()])]
    if not ended:
        return False
    rest = low
    for m in reversed(ended):
        rest = rest[:m.start()] + " " + rest[m.end():]
    return not _gated(rest)


def _lifted_push_rule(root: str, statement: str) -> bool:
    """A statement about direct pushes to a branch it names that a later, dated note of the documents lifted
    (trunk-based development adopted: ``verifiers.git.documented_push_rule``)."""
    from statewise_cli.verifiers.git import _statement, documented_push_rule

    for branch in ("main", "master", "trunk", "develop"):
        if _statement(statement, branch) is True:
            latest = documented_push_rule(root, branch)
            return latest is not None and latest[0] is False
    return False


# Gates that state a requirement: "no sign-off needed", "without approval" waive them instead.
_REQUIREMENTS = ("approval", "approve", "approved by", "sign-off", "sign off", "signoff", "permission", "consent",
                 *_SIGNING)


def _given_later(statement: str, line: int, statements: list[tuple[int, str]]) -> bool:
    """A later statement of the same document records as given the sign-off this one requires, about the same
    thing (a word of five letters or more they share, other than the role that signs: "… by the awards committee")."""
    from statewise_cli.recovery.governance_targets import gated, recorded

    if not gated(statement) or recorded(statement):
        return False
    import re

    low = statement.lower()
    role = {w for m in re.finditer(r"\bby\s+((?:[\w'-]+\s*){1,3})", low) for w in m.group(1).split()}
    subject = {w for w in re.findall(r"[a-z][a-z0-9-]{4,}", low) if w not in role} - _GIVEN_STOP
    for n, later in statements:
        if n > line and recorded(later) and subject & set(re.findall(r"[a-z][a-z0-9-]{4,}", later.lower())):
            return True
    return False


_GIVEN_STOP = frozenset({"ratified", "signed", "approved", "approval", "endorsed", "before", "after", "until", "there",
                         "their", "which", "every", "first", "needs", "needed", "required", "requires", "must", "cleared",
                         "countersigned", "sign-off", "signoff", "being", "these", "those", "where", "other"})


def _gated(statement: str) -> bool:
    """The statement holds a gate word that is not a waived requirement ("pushed directly, no sign-off needed")."""
    low = f" {statement.lower()}"
    if " no " in low and " be " in low:
        import re

        if re.search(r"\bno\s+(?:[\w-]+\s+){0,3}(?:may|can|shall|should|must|is to|are to)\s+be\b", low):
            return True  # "no release tag may be pushed", "no migration can be run"
    for gate in _GATES:
        start = low.find(gate)
        while start >= 0:
            if gate == "never" and _outcome(low, start) or gate in ("do not", "don't") and _ceased(low, start):
                start = low.find(gate, start + 1)
                continue
            if gate not in _REQUIREMENTS:
                return True
            before = low[max(0, start - 16):start].split()
            if not any(w in ("no", "without", "not", "nor") for w in before[-2:]):
                return True
            start = low.find(gate, start + 1)
    return False


def _ceased(low: str, at: int) -> bool:
    """"I do not use it any more": a negation that ends with "any more" / "any longer" says what stopped (a state),
    not what anyone may do."""
    clause = low[at:]
    for stop in (".", ";", ":", "!", "?", " but ", " and "):
        cut = clause.find(stop, 4)
        if cut > 0:
            clause = clause[:cut]
    return any(w in clause for w in (" any more", " anymore", " any longer"))


def _outcome(low: str, at: int) -> bool:
    """"… are never shown": a passive "never" over a verb that names no action class states what happens (an
    outcome, a consequence), not what anyone may do ("main is never pushed to directly" still gates)."""
    before = low[:at].split()[-1:]
    after = low[at + len("never"):].split()[:1]
    if not before or not after or before[0] not in ("is", "are", "was", "were", "be", "been", "gets", "get"):
        return False
    verb = after[0].strip(".,;:()`'\"")
    if not verb.endswith(("ed", "en", "wn")):
        return False
    return not any(verb.startswith(stem) for stems in ACTION_CLASSES.values() for stem in stems)


def _bare_words(text: str) -> set[str]:
    """The words of a statement without the quotes and punctuation around them."""
    return {w.strip("`'\".,;:()") for w in text.split()}


# A statement that says who or what a branch reaches: a delivery verb and an audience beyond the team.
_REACH = (r"\b(?:reach(?:es)?|(?:delivered|deployed|shipped|sent|served|rolled out|published|released|pushed) to|"
          r"(?:deploys|ships|publishes|releases|goes live|rolls out)(?:\s+[\w-]+){0,4}\s+(?:to|on)|"
          r"goes (?:out )?to|go (?:out )?to|(?:is|are) (?:now )?(?:the )?(?:production|live)(?: environment| site| system)?"
          r"|serves? (?:the )?production)\b")
_REACH_CACHE: dict[str, tuple[tuple[tuple[str, float], ...], list[tuple[str, int, str, str, list[str]]]]] = {}
_AUDIENCE = (r"\b(?:customers?|customer's|users|end users|production|in the field|the public|public|subscribers|"
             r"clients|patients|paying|visitors|guests|students|passengers|residents|voters|players|listeners|"
             r"viewers|readers|members)\b")


def _refs_stamp(common_dir: str) -> list[tuple[str, float]]:
    """Modification times of where git keeps branch names (packed-refs, refs/heads, each remote's refs)."""
    places = [os.path.join(common_dir, "packed-refs"), os.path.join(common_dir, "refs", "heads")]
    try:
        places += [os.path.join(common_dir, "refs", "remotes", r)
                   for r in sorted(os.listdir(os.path.join(common_dir, "refs", "remotes")))]
    except OSError:
        pass
    out = []
    for place in places:
        try:
            out.append((place, os.stat(place).st_mtime))
        except OSError:
            continue
    return out


def _reaches(statement: str) -> bool:
    """The statement says something reaches someone: a reach phrase that no negation holds ("nothing is pushed to
    main", "never deployed to production" say what does not happen)."""
    import re

    for m in re.finditer(_REACH, statement, re.IGNORECASE):
        before = statement[max(0, m.start() - 40): m.start()].lower().split()[-3:]
        if not any(w.strip(",;:()") in ("not", "never", "nothing", "no", "isn't", "aren't", "won't", "nobody")
                   for w in before):
            return True
    return False


def _consequences(root: str, common_dir: str) -> list[tuple[str, int, str, str, list[str]]]:
    """(doc, line, statement, branch, branches the document reserves "only" for other work) for each statement that
    says a branch of the repository reaches customers, users or production ("since 2026-11 beta is delivered to the
    customer beta programme")."""
    import re

    from statewise_cli.recovery.alternatives import branches_among, remotes

    documents = _documents(root)
    stamp: list[tuple[str, float]] = []
    for path in documents:
        try:
            stamp.append((path, os.stat(path).st_mtime))
        except OSError:
            continue
    seen = tuple(stamp + _refs_stamp(common_dir))
    slot = f"{root}\0{common_dir}\0reach"
    cached = _REACH_CACHE.get(slot)
    if cached is not None and cached[0] == seen:
        return cached[1]
    names = list(remotes(common_dir))
    found: list[tuple[str, int, str, str, list[str]]] = []
    for path, _mtime in stamp:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(_MAX_BYTES)
        except OSError:
            continue
        if not re.search(_AUDIENCE, text, re.IGNORECASE):
            continue
        statements = _statements(text)
        rel = os.path.relpath(path, root)
        for line, statement in statements:
            if len(statement) > 400 or not (_reaches(statement) and re.search(_AUDIENCE, statement, re.IGNORECASE)):
                continue
            words = {w for w in _bare_words(statement) if len(w) >= 3 and not w.startswith("-")}
            named = branches_among(common_dir, words, names)
            if not _says_reach(statement, named):
                continue
            clause = _reach_clause(statement)
            if clause is not None and len(named) > 1:  # "`main` is production; staging is the `staging` branch"
                inside = branches_among(common_dir, {w for w in _bare_words(clause) if len(w) >= 3}, names)
                if inside:
                    others = sorted(set(named) - set(inside))
                    for branch in sorted(inside):
                        found.append((rel, line, statement, branch, others))
                    continue
            for branch in sorted(named):
                reserved = sorted({b for _, other in statements if " only" in f" {other.lower()}" and branch not in
                                   _bare_words(other) for b in branches_among(common_dir, _bare_words(other), names)
                                   if b != branch})
                if not reserved:  # the other branch the same paragraph names ("untested builds go to kiosk-next")
                    reserved = sorted({b for at, other in statements if at == line and other != statement
                                       and not (re.search(_REACH, other, re.IGNORECASE)
                                                and re.search(_AUDIENCE, other, re.IGNORECASE))
                                       for b in branches_among(common_dir, {w for w in _bare_words(other) if len(w) >= 3},
                                                               names) if b != branch})
                found.append((rel, line, statement, branch, reserved))
    if len(_REACH_CACHE) > 16:
        _REACH_CACHE.clear()
    _REACH_CACHE[slot] = (seen, found)
    return found


def _says_reach(statement: str, branches: set[str]) -> bool:
    """The statement says work reaches an audience: a reach phrase that is not the act a hold forbids ("nothing is
    pushed to main", "never deployed to"), and an audience word that is not the name of a branch the statement names
    ("a recording goes to public only after …" speaks of the branch ``public``, not of the public)."""
    import re

    reach = False
    for m in re.finditer(_REACH, statement, re.IGNORECASE):
        clause = re.split(r"[;:.]\s", statement[: m.start()])[-1]
        if not re.search(r"\b(?:nothing|never|not|no|nobody|none)\b", clause, re.IGNORECASE):
            reach = True
            break
    if not reach:
        return False
    names = {b.lower() for b in branches}
    return any(m.group(0).lower() not in names for m in re.finditer(_AUDIENCE, statement, re.IGNORECASE))


def _reach_clause(statement: str) -> str | None:
    """The clause (between ``;`` / sentence ends) of a statement that holds its reach phrase with an audience."""
    import re

    for clause in re.split(r";|\.\s", statement):
        if re.search(_REACH, clause, re.IGNORECASE) and re.search(_AUDIENCE, clause, re.IGNORECASE):
            return clause
    return None


def _consequence_violations(actions: list[Action], repo: RepoContext) -> list[Any]:
    """A push to a branch the repository's documents say reaches customers, users or production: what it reaches
    is the developer's decision (ask), with the branch the document reserves for other work as the alternative."""
    from statewise_cli.recovery.invariants import Violation

    pushes = [a for a in actions if a.operation == "git.push" and a.target not in (None, "", "*", "?")]
    if not pushes:
        return []
    found = []
    reaching = _consequences(repo.root, repo.common_dir)
    for action in pushes:
        target = str(action.target).removeprefix("refs/heads/")
        hit = next((c for c in reaching if c[3] == target), None)
        if hit is None:
            continue
        doc, line, statement, branch, reserved = hit
        text = (action.text or "").strip()
        alternative = ""
        if len(reserved) == 1:
            other = text.replace(f":{branch}", f":{reserved[0]}") if f":{branch}" in text else ""
            alternative = f"`{other}`" if other and other != text else f"push to `{reserved[0]}`"
            alternative += f" ({doc} reserves {reserved[0]} for it)"
        detail = (f"`{text[:120]}` pushes to {branch}; the repository's {doc} (line {line}) says: {statement}. What "
                  f"reaches them is the developer's decision: it needs their approval first, so do what the task asks "
                  f"without it (another way) or ask them")
        if alternative:
            detail += f". For work that must not reach them: {alternative}"
        found.append(Violation("developer-intent", action, detail, verdict="ask", alternative=alternative))
    return found


def _decided_by(record: Record, developer: list[Record]) -> bool:
    """A developer's record about the same action class decides instead of the document."""
    from statewise_cli.recovery.intent import _same, subject

    wanted = subject(record)
    return any(_same(w, s) for r in developer for s in subject(r) for w in wanted)


def violations(actions: list[Action], developer: list[Record], repo: RepoContext,
               prompt: Callable[[], str] | None = None) -> list[Any]:
    """The state–action check's findings for the repository's governance documents (invariant
    ``developer-intent``; lower authority than a developer record, which decides when it speaks)."""
    # one text per command line: the actions of one line share it, and a line of thousands of statements must not
    # be read thousands of times
    from statewise_cli.recovery import governance_targets, governance_windows
    from statewise_cli.recovery.intent import gates
    from statewise_cli.recovery.invariants import Violation

    closed = governance_windows.violations(actions, repo, developer, prompt)  # a period or an hour closed to its date
    if closed:
        return closed
    targeted = governance_targets.violations(actions, repo, developer)  # a gate declared on the line's concrete target
    if targeted:
        return targeted
    from statewise_cli.recovery import governance_pins

    pinned = governance_pins.violations(actions, repo, developer)  # a revision the repository declares fixed
    if pinned:
        return pinned
    from statewise_cli.recovery import governance_items

    held = governance_items.violations(actions, repo, developer)  # the record the repository keeps for the item
    if held:
        return held
    texts = list(dict.fromkeys((a.text or a.operation).lower() for a in actions if a.risk != "read-only"))
    if not any(s in t for t in texts for stems in ACTION_CLASSES.values() for s in stems):
        return []  # cheap: no word of an action class in any action (nothing imported, no document read)
    named = {c for t in texts for c in _classes(t)}
    if not named:
        return []  # no action of a class a document could gate: no document is read
    found = _consequence_violations(actions, repo) if "push" in named else []
    import time

    from statewise_cli.recovery.governance_windows import monthly_now

    now = time.localtime()
    today = (now.tm_year, now.tm_mon, now.tm_mday)
    # a rule for days of every month ("from the 1st to the 3rd of each month nothing is pushed") holds on those days only
    documented = [r for r in rules(repo.root, repo.common_dir) if monthly_now(str(r.value), today) is not False
                  and not _decided_by(r, developer) and
                  any(c in named for c in _classes(r.key.split(".", 1)[-1]))
                  and (_describes(r, actions) if r.id.endswith(":only") else not _about_other_branch(r, texts, repo))
                  and _to_gated_remote(r, actions, repo) and not _prescribes(r, actions)
                  and not _sent_where_prescribed(r, actions) and not _signoff_on_file(r, actions, repo)
                  and not _released_for_pushes(r, actions, repo)]
    if not documented:
        return found
    for action, record, why in _merges(actions, documented):
        found.append(Violation("developer-intent", action, (
            f"{why}; {_cited(record)}. A governance document of the repository outranks memory files "
            f"(CLAUDE.md / AGENTS.md); the developer decides whether this merge runs: it needs their approval first"),
            verdict="ask"))
    for action, record, _verdict, why in gates(actions, documented, repo, authorities=("governance",)):
        if _sent_there(record, action, repo):
            continue
        detail = (f"{why}; {_cited(record)}. A governance document of the repository outranks memory files (CLAUDE.md / "
                  f"AGENTS.md); the developer decides whether this runs: it needs their approval first, so do what "
                  f"the task asks without it (another way) or ask them")
        other = _alternative(record, action, repo)
        if other:
            detail += f". {other}"
        found.append(Violation("developer-intent", action, detail, verdict="ask"))
    return found


def _gated_remotes(statement: str, common_dir: str) -> list[str]:
    """The remotes of the repository a gating clause of the statement names ("the submission project (remote
    `overleaf`) stays frozen"): the clause between ``;`` / ``:`` / sentence ends that holds the gate word."""
    from statewise_cli.recovery.alternatives import remotes

    names = list(remotes(common_dir))
    if not names:
        return []
    found: list[str] = []
    for clause in statement.replace(":", ";").split(";"):
        if _gated(clause):
            found += [n for n in names if n in _bare_words(clause) and n not in found]
    return found


def _to_gated_remote(record: Record, actions: list[Action], repo: RepoContext) -> bool:
    """A push statement that names remotes only in its gating clauses gates pushes to those remotes only."""
    if "push" not in record.key or record.id.endswith(":only"):
        return True
    gated = _gated_remotes(str(record.value), repo.common_dir)
    if not gated:
        return True
    from statewise_cli.recovery.alternatives import branches_among, remotes

    if branches_among(repo.common_dir, {w for w in _bare_words(str(record.value)) if len(w) >= 3},
                      list(remotes(repo.common_dir))):
        return True  # a statement about a branch: the branch decides (``_about_other_branch``)
    pushed = {str(a.arguments[0]) for a in actions if a.operation == "git.push" and a.arguments
              and not str(a.arguments[0]).startswith("-")}
    return bool(pushed & set(gated))


_QUIET = frozenset({"-q", "--quiet", "-v", "--verbose", "--no-progress", "--progress"})


def _prescribes(record: Record, actions: list[Action]) -> bool:
    """A clause of the statement that gates nothing shows an action's own command in a code span as the way to do it
    ("review notes are pushed with `git push origin refs/notes/review`; the default notes ref is never pushed"):
    the statement prescribes that command, its gating clause is about something else. Output-only options
    (``-q``, ``--verbose``) do not make another command."""
    import re

    value = str(record.value)
    if "`" not in value:
        return False
    lines = {tuple(w for w in (a.text or "").split() if w not in _QUIET) for a in actions if a.text}
    for clause in re.split(r"[;:]|[.!?](?:\s|$)", value):
        if _gated(clause):
            continue
        for span in re.findall(r"`([^`]+)`", clause):
            if tuple(w for w in span.split() if w not in _QUIET) in lines:
                return True
    return False


def _operand_parts(actions: list[Action]) -> set[str]:
    """What the actions send to or act on, in pieces: ``HEAD:feature/x-dana`` → feature/x-dana, feature, x-dana;
    ``acme/game:playtest`` → acme/game, playtest, acme, game."""
    out: set[str] = set()
    for action in actions:
        for arg in [*action.arguments, str(action.target or "")]:
            arg = str(arg).strip("'\"")
            if not arg or arg.startswith("-"):
                continue
            for piece in arg.replace("=", ":").replace("@", ":").split(":"):
                piece = piece.removeprefix("refs/heads/").removeprefix("refs/tags/")
                if piece:
                    out.add(piece.lower())
                    out |= {p.lower() for p in piece.split("/") if p}
    return out


def _sent_where_prescribed(record: Record, actions: list[Action]) -> bool:
    """The statement holds one destination back and names the one to use instead ("playtest builds go to the `playtest`
    channel; never push an untested build to beta", "don't push to it until I say so; push your commits to
    feature/imu-<your name>"), and the action sends to the one it names: a destination of a clause that gates nothing —
    a code span, a ref path, or a pattern with a ``<placeholder>`` — is among the action's operands, and no clause that
    gates names any of them. The gate is about the other destination, not this action."""
    import re

    value = str(record.value)
    parts = _operand_parts(actions)
    if not parts:
        return False
    clauses = [c for c in re.split(r";|[.!?](?:\s|$)", value) if c.strip()]
    gating = [c for c in clauses if _gated(re.sub(r"\([^)]*\)", " ", c))]
    free = [c for c in clauses if c not in gating]
    if not gating or not free:
        return False
    gated_words = {w.lower().strip("`'\"./") for c in gating for w in (
        re.findall(r"`([^`]+)`", c) + re.findall(r"[\w.-]+/[\w./-]+", c)
        + re.findall(r"(?i)\b(?:to|into|onto|on|in)\s+(?:the\s+)?([\w./-]+)", c))}
    if parts & gated_words:
        return False  # a clause that gates names what this action sends to
    for clause in free:
        for pattern in re.findall(r"[\w./-]*<[^>]+>[\w./-]*", clause):
            rx = r"[\w.-]+".join(re.escape(piece) for piece in re.split(r"<[^>]+>", pattern.lower()))
            if any(re.fullmatch(rx, p) for p in parts):
                return True
        named = re.findall(r"`([^`\s]+)`", clause) + [w for w in re.findall(r"[\w.-]+/[\w./-]+", clause)]
        if any(n.lower().strip("./") in parts and len(n) >= 3 for n in named):
            return True
    return False


def _released_for_pushes(record: Record, actions: list[Action], repo: RepoContext) -> bool:
    """A push the statement holds, where a later dated record of the repository releases the hold for the work the
    push carries (an exception granted, the awaited declaration made, the window closed): read by the git reader."""
    if not repo.root or not any(a.operation == "git.push" for a in actions):
        return False
    from statewise_cli.recovery.premises_git import hold_in_document, push_released

    statement = str(record.value)
    where = record.source.removeprefix("document:")
    rel, _, line = where.rpartition(":")
    if record.source.startswith("document:") and rel and line.isdigit():
        statement = hold_in_document(repo.root, rel, int(line), statement)  # "…before it" names what is held there
    return push_released(repo.root, statement, actions) is not None


def _signoff_on_file(record: Record, actions: list[Action], repo: RepoContext) -> bool:
    """The statement says where the sign-off for what a push carries is kept ("the validation lead's sign-off is
    recorded in docs/validation/", "each release needs a signoff file in release-signoffs/") and that place holds a
    sign-off given for an item the pushed commits name (``CC-2240`` in a commit subject and in
    ``docs/validation/CC-2240.md``: "I sign off on this change", "approved 2026-12-04"): the gate is satisfied."""
    import re

    value = str(record.value)
    found = re.search(r"(?i)\b(?:sign-?offs?|signed\s+off|approvals?|sign\s+off)\b[^.;]{0,60}?\b(?:recorded|kept|filed|"
                      r"stored|logged|on\s+file|lives?|goes|go)\s+(?:in|under|at|into)\s+`?([\w.-]+(?:/[\w.-]+)*/?)`?", value)
    if found is None or not repo.root:
        return False
    place = os.path.normpath(os.path.join(repo.root, found.group(1)))
    if not place.startswith(repo.root + os.sep):
        return False
    pushes = [a for a in actions if a.operation == "git.push"]
    if not pushes:
        return False
    from statewise_cli.subproc import run_readonly

    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    items: set[str] = set()
    for action in pushes:
        remote = next((a for a in action.arguments if a and not a.startswith("-")), "origin")
        spec = next((a for a in action.arguments[1:] if a and not a.startswith("-")), "HEAD")
        source, _, dest = spec.lstrip("+").partition(":")
        dest = (dest or source).removeprefix("refs/heads/")
        if any(c in source + dest for c in "$`*?[ ") or source.startswith("-"):
            return False
        code, out = run_readonly(("git", "log", "-n50", "--format=%s%n%b", f"{source or 'HEAD'}",
                                  f"^refs/remotes/{remote}/{dest}", "--"), repo.root, env, 2.0)
        if code != 0 or not out.strip():
            return False
        items |= {m.lower() for m in re.findall(r"\b[A-Za-z]{2,}-\d+\b", out)}
    if not items:
        return False
    given = re.compile(r"(?i)\b(?:i\s+(?:hereby\s+)?(?:sign\s+off|approve)|signed\s+off|approved|sign-?off:\s*(?:yes|approved|granted))\b")
    pending = re.compile(r"(?i)\b(?:not|no|until|pending|awaiting|before|needs?|requires?)\W+(?:\w+\W+){0,2}$")
    for name, text in _kept_files(repo, place, pushes, env):
        if not any(i in (name.lower() + " " + text.lower()) for i in items):
            continue
        if any(not pending.search(text[: m.start()][-40:]) for m in given.finditer(text)):
            return True
    return False


def _kept_files(repo: RepoContext, place: str, pushes: list[Action], env: dict[str, str]) -> list[tuple[str, str]]:
    """(name, text) of the files kept in ``place``: in the work tree, or — on a branch that does not carry them — on
    the remote's default branch (sign-offs are usually committed there)."""
    out: list[tuple[str, str]] = []
    if os.path.isdir(place):
        for name in sorted(os.listdir(place))[:200]:
            path = os.path.join(place, name)
            if os.path.isfile(path):
                try:
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        out.append((name, fh.read(32 * 1024)))
                except OSError:
                    continue
        return out
    from statewise_cli.subproc import run_readonly

    rel = os.path.relpath(place, repo.root).replace(os.sep, "/")
    remote = next((a for a in pushes[0].arguments if a and not a.startswith("-")), "origin")
    for ref in (f"refs/remotes/{remote}/HEAD", f"refs/remotes/{remote}/main", f"refs/remotes/{remote}/master"):
        code, listed = run_readonly(("git", "ls-tree", "--name-only", f"{ref}:{rel}"), repo.root, env, 2.0)
        if code != 0:
            continue
        for name in listed.splitlines()[:50]:
            code, text = run_readonly(("git", "show", f"{ref}:{rel}/{name}"), repo.root, env, 2.0)
            if code == 0:
                out.append((name, text[: 32 * 1024]))
        return out
    return out


def _describes(record: Record, actions: list[Action]) -> bool:
    """A statement that sends a kind of work only to one remote describes what this push sends: a word of the pushed
    branch's name is a word of the statement (``fix/cve-2026-4411`` and "fixes for embargoed vulnerabilities")."""
    from statewise_cli.recovery.intent import _same, _split, stem

    said = [stem(w) for w in _split(str(record.value).lower().replace("-", " ").replace("_", " ").replace("/", " "))
            if len(w) >= 3]
    value = str(record.value)
    only = set(_only_remotes(value, [w for w in _bare_words(value) if w]))
    for action in actions:
        if action.operation != "git.push" or not action.target:
            continue
        operands = [str(a) for a in action.arguments if not str(a).startswith("-")]
        if operands and operands[0] in only:
            return False  # it goes where the statement sends it
        ref = str(action.target).removeprefix("refs/heads/").split(":")[-1]
        words = [w for w in _split(ref.lower().replace("-", " ").replace("_", " ").replace("/", " "))
                 if len(w) >= 3 and not w.isdigit() and w not in ("main", "master", "head", "feat", "feature", "wip")]
        if any(_same(stem(w), s) for w in words for s in said):
            return True
    return False


def _cited(record: Record) -> str:
    """Where a governance record was read and what it says: "the repository's docs/x.md (line 4) says: …"."""
    where = record.source.removeprefix("document:")
    return (f"the repository's {where.rsplit(':', 1)[0]} (line {where.rsplit(':', 1)[-1]}) says: "
            f"{str(record.value).rstrip('.')}")


def _merges(actions: list[Action], documented: list[Record]) -> list[tuple[Action, Record, str]]:
    """A merge or pull of the very ref a gating statement about merges names ("`vendor/trunk` is never merged"):
    what the merge brings in is the statement's subject, even though the merge itself stays on this machine."""
    from statewise_cli.recovery.intent import scoped_restriction

    found: list[tuple[Action, Record, str]] = []
    for action in actions:
        if action.operation not in ("git.merge", "git.pull"):
            continue
        operands = [str(a) for a in action.arguments if not str(a).startswith("-")]
        refs = set(operands) if action.operation == "git.merge" else (
            {"/".join(operands[:2])} if len(operands) >= 2 else set())
        refs = {r.removeprefix("refs/remotes/") for r in refs if "/" in r}
        if not refs:
            continue
        for record in documented:
            if "merge" not in _classes(record.key.split(".", 1)[-1]):
                continue
            words = _bare_words(str(record.value))
            named = refs & words
            if named and scoped_restriction(record, action) is not None:
                found.append((action, record, f"`{action.text or action.operation}` merges {min(named)}"))
                break
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

    words = _bare_words(str(record.value))
    acted = {w.strip("`'\"").removeprefix("+").removeprefix("refs/tags/").removeprefix("refs/heads/")
             for t in texts for w in t.replace(":", " ").split()}
    patterns = _ref_patterns(words)
    if patterns and not (acted & set(_ALL_REFS)):
        import fnmatch

        if not any(fnmatch.fnmatchcase(w, p) for w in acted for p in patterns):
            return True
    lowered = {w.lower() for w in words}
    if lowered & {"tag", "tags"} and not lowered & {"branch", "branches"} and not _tags_in(texts, acted, repo):
        return True  # "no release tag may be pushed": a push of branches is not what it gates
    branches = branches_among(repo.common_dir, {w for w in words if w and not w.startswith("-")}, [])
    if branches:  # a branch it names decides ("never push to main there": a topic branch there is not meant)
        return not (branches & acted)
    named = words & set(remotes(repo.common_dir))  # else a remote it names ("the `partner` remote: pull only")
    if named & acted & set(_only_remotes(str(record.value), list(named))):
        return True  # the remote the statement sends this to ("pushed only to the `internal` remote; never to origin")
    return bool(named) and not (named & acted)


def _tags_in(texts: list[str], acted: set[str], repo: RepoContext) -> bool:
    """The command lines make or push a tag: ``git tag``, ``--tags``, ``refs/tags/…``, a release-shaped name
    (``v4.2.0``, ``2.0.1``) or a tag this repository has."""
    import re

    if any("git tag" in t or "refs/tags/" in t or "gh release" in t for t in texts) or acted & set(_ALL_REFS):
        return True
    if any(re.fullmatch(r"v?\d+(?:\.\d+)+(?:[-+.][\w.]+)?", w) for w in acted):
        return True
    from statewise_cli.recovery.premises import _read

    packed = _read(os.path.join(repo.common_dir, "packed-refs")) or ""
    # a tag name may hold slashes (``deploy/2026-12-05``); never a path out of refs/tags
    return any(w and ".." not in w.split("/") and not w.startswith("/") and (
        os.path.isfile(os.path.join(repo.common_dir, "refs", "tags", w))
                                       or f" refs/tags/{w}\n" in packed) for w in acted)


def _only_remotes(statement: str, names: list[str]) -> list[str]:
    """The remotes a statement names as the only place for its subject: the clause after "only" up to the next
    negation or clause end ("pushed only to the `internal` remote; never to origin" → internal)."""
    low = statement.lower()
    found: list[str] = []
    start = low.find("only")
    while start >= 0:
        clause = low[start + 4:]
        for stop in (";", ". ", " never", " not ", " no ", ", never", " but "):
            cut = clause.find(stop)
            if cut >= 0:
                clause = clause[:cut]
        words = _bare_words(clause)
        found += [n for n in names if n.lower() in words and n not in found]
        start = low.find("only", start + 4)
    return found


def _ref_patterns(words: set[str]) -> set[str]:
    """The glob words of a statement that speaks of tags, branches or refs and that name refs: a literal start
    (``v*``, ``release/*``, ``hotfix-*``), not a file pattern (``*.lock``, ``src/**/*.py``)."""
    lowered = {w.lower() for w in words}
    if not lowered & set(_REF_WORDS) or lowered & set(_EXCEPT):
        return set()  # no refs spoken of, or the pattern is the exception ("no tags other than `v*`")
    import re

    return {w for w in lowered if "*" in w and not w.startswith("*") and "**" not in w
            and not re.search(r"\.[a-z][a-z0-9]*$", w)}


def _alternative(record: Record, action: Action, repo: RepoContext) -> str:
    """What the same document says to do instead, made concrete for this action: the remote a statement names as
    the only place for what it gates ("pushed only to the `internal` remote; never to origin"), or another tag line
    the document names that the repository's CI builds (a ref pattern of its tag triggers) and that no gate of the
    document covers. Empty when the document names none."""
    from statewise_cli.recovery.alternatives import remotes

    words = [str(a) for a in action.arguments]
    operands = [w for w in words if not w.startswith("-")]
    text = action.text or ""
    if action.operation == "git.push" and operands:
        known = remotes(repo.common_dir)
        value = str(record.value)
        said = _bare_words(value)
        named = [n for n in known if n in said]
        only = [n for n in _only_remotes(value, named) if n != operands[0]]
        if len(only) == 1 and operands[0] in named:
            rewritten = _replace_word(text, operands[0], only[0]) if text else ""
            return (f"The same statement names the `{only[0]}` remote as the place for it"
                    + (f": `{rewritten}`" if rewritten else ""))
        gated = _gated_remotes(value, repo.common_dir)
        others = [n for n in named if n not in gated]
        if gated and operands[0] in gated and len(others) == 1:
            rewritten = _replace_word(text, operands[0], others[0]) if text else ""
            return (f"The same statement names the `{others[0]}` remote for the current work"
                    + (f": `{rewritten}`" if rewritten else ""))
        branch = _other_branch(value, operands, repo) or _other_branch(_paragraph(record, repo), operands, repo)
        if branch:
            return branch
    elif not action.operation.startswith("git.") and text:
        target = _other_target(str(record.value), _paragraph(record, repo), text)
        if target:
            return target
    return _other_tag_line(record, action, operands, text, repo)


# "Playtest builds go to the `playtest` channel", "release candidates are published to the `candidate` track",
# "nightlies land in `edge`": where a document sends a kind of work, by a delivery verb and a backticked name.
_SENDS = (r"\b(?:go(?:es)?|land|lands|belong|belongs|are\s+(?:pushed|uploaded|published|released|deployed|shipped|sent|"
          r"promoted|tagged)|ship|ships)\s+(?:only\s+)?(?:to|on|in|into|under|with)\s+(?:the\s+)?`([\w.-]{2,40})`")


def _targets(statement: str, paragraph: str, text: str) -> tuple[list[str], set[str], set[str]]:
    """(the targets a gating statement holds that the action names, the targets its paragraph sends work to, the
    action's words)."""
    import re

    pieces = set(re.split(r"[\s:/=@,]+", text.lower()))
    # the target the statement holds: a name after "to"/"on"/"in" or in backticks, that the action names as a word
    held = [w for w in dict.fromkeys(m.rstrip(".-") for m in re.findall(_HELD, statement))
            if w.lower() in pieces and w.lower() not in _NOT_TARGETS]
    text_sent = paragraph or statement
    # "untested builds never go to `stable`" sends nothing there
    sent = {m.group(1) for m in re.finditer(_SENDS, text_sent, re.IGNORECASE)
            if not re.search(r"\b(?:never|not|no|n't)\b\W*(?:\w+\W+)?$", text_sent[max(0, m.start() - 20):m.start()], re.IGNORECASE)}
    return held, sent, pieces


_HELD = r"(?:\b(?:to|on|in|into|onto)\s+(?:the\s+)?`?|`)([\w.-]{2,40})"
_NOT_TARGETS = frozenset({"the", "a", "an", "it", "them", "this", "that", "there", "here"})


def _sent_there(record: Record, action: Action, repo: RepoContext) -> bool:
    """A non-git action whose target is the one the gating statement's own paragraph sends this work to (the push to
    `playtest` beside "Playtest builds go to the `playtest` channel; never push an untested build to beta"): the gate
    is about another target, which the statement names."""
    text = action.text or ""
    if action.operation.startswith("git.") or not text:
        return False
    import re

    statement = str(record.value)
    held, sent, pieces = _targets(statement, _paragraph(record, repo), text)
    low_sent = {s.lower() for s in sent}
    if [w for w in held if w.lower() not in low_sent] or not low_sent & pieces:
        return False
    named = {m.rstrip(".-").lower() for m in re.findall(r"\b(?:to|on|in|into|onto)\s+(?:the\s+)?`?([\w.-]{2,40})",
                                                       statement)}
    return bool(named - low_sent - _NOT_TARGETS)


def _other_target(statement: str, paragraph: str, text: str) -> str:
    """The action with the target a gating statement holds (a channel, track, tag or profile the action names as a
    word of its own: ``acme/game:beta``, ``--release=stable``) replaced by the one other target the same paragraph
    sends work to ("Playtest builds go to the `playtest` channel; never push an untested build to beta"). Empty when
    the paragraph sends work to no other target, or to several."""
    import re

    held, sent, pieces = _targets(statement, paragraph, text)
    low_sent = {s.lower() for s in sent}
    for name in held:
        others = {s for s in sent if s.lower() != name.lower() and s.lower() not in pieces}
        if len(others) != 1 or name.lower() in low_sent:
            continue
        other = others.pop()
        rewritten, n = re.subn(rf"(?<=[\s:/=@]){re.escape(name)}(?![\w-])", other, text, count=1)
        if n:
            return f"The same document sends this work to `{other}`: `{rewritten}`"
    return ""


def _paragraph(record: Record, repo: RepoContext) -> str:
    """The paragraph of the document a statement of it stands in ("… is frozen. All work lands on `main`.")."""
    source = str(record.source or "")
    if not source.startswith("document:"):
        return ""
    rel, _, line = source[len("document:"):].rpartition(":")
    if not line.isdigit():
        return ""
    try:
        with open(os.path.join(repo.root, rel), encoding="utf-8", errors="replace") as fh:
            lines = fh.read(_MAX_BYTES).splitlines()
    except OSError:
        return ""
    at = min(int(line), len(lines)) - 1
    start = at
    while start > 0 and lines[start - 1].strip():
        start -= 1
    end = at
    while end + 1 < len(lines) and lines[end + 1].strip():
        end += 1
    return " ".join(lines[start:end + 1]) if at >= 0 else ""


def _other_branch(value: str, operands: list[str], repo: RepoContext) -> str:
    """The one other branch of the remote a statement gating the pushed branch names ("`preview` is frozen; all
    work lands on `main`"), as the same push to it."""
    if len(operands) < 2:
        return ""
    remote, spec = operands[0], operands[1].lstrip("+")
    src, _, dst = spec.partition(":")
    dst = (dst or src).removeprefix("refs/heads/")
    said = _bare_words(value)
    if not src or dst not in said:
        return ""
    try:
        from statewise_cli.recovery.alternatives import branches_among

        others = [b for b in branches_among(repo.common_dir, said - {dst, src}, [remote]) if b != dst]
    except Exception:  # noqa: BLE001 - an alternative is a courtesy: never fail the verdict over it
        return ""
    if len(others) != 1:
        return ""
    return f"The same statement names `{others[0]}` for the work: `git push {remote} {src}:{others[0]}`"


def _replace_word(text: str, old: str, new: str) -> str:
    """``text`` with its first whole word ``old`` replaced by ``new``."""
    parts = text.split(" ")
    for i, part in enumerate(parts):
        if part == old:
            parts[i] = new
            return " ".join(parts)
    return ""


def _other_tag_line(record: Record, action: Action, operands: list[str], text: str, repo: RepoContext) -> str:
    if action.operation not in ("git.push", "git.tag"):
        return ""
    import fnmatch

    patterns = _ref_patterns(_bare_words(str(record.value)))
    tags = [t.removeprefix("refs/tags/") for t in (operands[1:] if action.operation == "git.push" else operands)]
    hits = [(t, p) for t in tags for p in patterns if fnmatch.fnmatchcase(t.lower(), p)]
    if len(hits) != 1:
        return ""
    tag, pattern = hits[0]
    version = tag[len(pattern.split("*", 1)[0]):]
    if not version[:1].isdigit():
        return ""
    from statewise_cli.recovery.premises_git import ci_tag_patterns

    path = os.path.join(repo.root, record.source.removeprefix("document:").rsplit(":", 1)[0])
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            statements = _statements(fh.read(_MAX_BYTES))
    except OSError:
        return ""
    for trigger, where in ci_tag_patterns(repo.root):
        prefix = trigger.split("*", 1)[0]
        if not prefix or fnmatch.fnmatchcase(tag, trigger) or fnmatch.fnmatchcase(prefix + version, pattern):
            continue
        for line, statement in statements:
            said = _bare_words(statement)
            if not any(w.startswith(prefix) for w in said) or _gated(statement) or _ref_patterns(said) & patterns:
                continue
            new = prefix + version
            rewritten = " ".join(new if w == tag else w for w in text.split(" ")) if text else ""
            return (f"The same document (line {line}) names another tag line, `{prefix}`, which "
                    f"{where} builds on a `{trigger}` tag: {statement}"
                    + (f"; for this tag: `{rewritten}`" if rewritten else ""))
    return ""
