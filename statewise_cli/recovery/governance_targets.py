"""Gates the repository declares for a concrete target: a file, a directory, a script, a named item.

People put a gate where the work happens, not only in a contributing guide: a dated note (``notes/2026-11-02-….md``),
CODEOWNERS (a comment above the paths it covers), a pull-request or issue template, a runbook, an ADR, the comment at
the top of the very script or configuration file. A statement there gates an action when

* it states a gate: a sign-off, an approval or a review someone else gives, a prohibition, a two-person rule, a
  retention period, a window or quiet hours (``_gate_words``), and it is not waived ("no longer needs …") or out of
  its dates (``intent.out_of_force``);
* it names the action's concrete target: the repository path the action runs, edits, deletes or hands to a program
  (the path itself, a directory above it, a CODEOWNERS pattern, its file name), or a compound name the action carries
  (``flood-warning``, ``page-subscribers``: the words of a file stem or an operand, spaced or hyphenated) — or it is
  the comment at the top of the file the action runs;
* it is not satisfied already: a later statement of the same document records the sign-off ("2026-11-03: approved
  by …", "[x] signed off"), the window is open now, or the item is past its retention period (a date in its name).

An edit is gated only by a statement about changes (or by CODEOWNERS and templates, which are about changes): a note
that a bulletin needs sign-off before it is sent does not stop anyone writing it. The verdict is ``ask``: the document
states a process, the developer decides (``governance.py``'s authority ordering).
"""

from __future__ import annotations

import os

from statewise_cli.fast.lazy_re import Pattern


class _LazyRe:
    """``re`` imported on first use: this module is loaded on the allow path, where no pattern is needed."""

    def __getattr__(self, name: str) -> Any:
        import re as module

        return getattr(module, name)


re = _LazyRe()

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext

# Directories (at the top level, under docs/ and .github/) where people keep notes, runbooks, decisions and templates.
_NOTE_DIRS = ("notes", "note", "runbooks", "runbook", "playbooks", "adr", "adrs", "decisions", "decision-records",
              "notices", "announcements", "policies", "process", "compliance", "ops/runbooks", "docs/adr", "docs/adrs",
              "docs/decisions", "docs/runbooks", "docs/notes", ".github", ".github/PULL_REQUEST_TEMPLATE",
              ".github/ISSUE_TEMPLATE", ".gitlab/merge_request_templates", ".gitlab/issue_templates")
# Words of a file's name that make it a note, a template or an ownership file wherever it is.
_NOTE_NAMES = ("notice", "notices", "template", "checklist", "owners", "codeowners", "approvals",
               "signoff", "sign-off", "runbook", "handover", "handoff", "embargo", "retention")
_TEXT = ("", ".md", ".markdown", ".rst", ".txt", ".adoc", ".yml", ".yaml")
_MAX_FILES = 60
_MAX_BYTES = 64 * 1024
_CACHE: dict[str, tuple[tuple[tuple[str, float], ...], list[tuple[str, int, str]]]] = {}

# What makes a statement a gate on its target (beside governance._GATES).
_GATE_WORDS = ("sign-off", "sign off", "signoff", "signed off by", "signed by", "ratif", "endorse", "approval", "approve", "approved by", "review",
               "reviewed by", "two-person", "two person", "four-eyes", "four eyes", "second person", "second pair",
               "countersign", "quiet hours", "blackout", "embargo", "retention", "must be kept", "must be retained",
               "kept for at least", "retained for", "must not", "never", "do not", "don't", "may not", "cannot",
               "not allowed", "forbidden", "prohibited", "frozen", "freeze", "permission", "consent", "'s call",
               "only after", "only between", "not before", "'s decision", "'s decisions", "decision of")
_WAIVED = ("no longer", "not needed", "not required", "no need", "without sign", "without approval", "without review",
           "is lifted", "was lifted", "has been lifted", "waived", "exempt", "no sign-off", "no signoff",
           "no approval", "no review", "does not need", "doesn't need", "do not need", "don't need")
_CHANGE = ("chang", "edit", "modif", "updat", "touch", "rewrit", "alter", "amend", "adjust", "commit", "merg")
# Words before an approval that make it a requirement, not a record ("must be approved", "needs sign-off").
_REQUIRING = {"must", "be", "to", "need", "needs", "require", "requires", "required", "should", "shall", "until",
              "before", "unless", "once", "when", "if", "after", "without", "no", "not", "pending", "awaiting", "await",
              "for", "get", "gets", "have", "has", "got", "are"}
_RECORDED = ("approved", "signed off", "signed-off", "reviewed", "cleared", "authorised", "authorized",
             "countersigned", "ratified", "endorsed", "signed by")


def _sources(root: str) -> list[str]:
    from statewise_cli.recovery.governance import _documents

    found = list(_documents(root))
    seen = set(found)
    for sub in ("", *_NOTE_DIRS):
        directory = os.path.join(root, sub) if sub else root
        try:
            names = sorted(os.listdir(directory))
        except OSError:
            continue
        whole = sub != "" and sub not in (".github",)
        for name in names:
            stem, ext = os.path.splitext(name.lower())
            if ext not in _TEXT or (not ext and stem != "codeowners"):
                continue
            words = stem.replace("-", "_").replace(".", "_").split("_")
            dated = len(stem) >= 8 and stem[:4].isdigit() and stem[4:5] in "-_" and stem[5:7].isdigit()
            if not (whole or dated or any(w in _NOTE_NAMES for w in words) or stem in _NOTE_NAMES):
                continue
            path = os.path.join(directory, name)
            if path not in seen and os.path.isfile(path):
                seen.add(path)
                found.append(path)
            if len(found) >= _MAX_FILES:
                return found
    # a dated record kept beside the work it is about (``closures/2026-12-07-north-ridge.md``,
    # ``minutes/2026-12-03.md``): one level of the top-level directories, dated file names only
    try:
        tops = sorted(n for n in os.listdir(root) if not n.startswith((".", "_")) and n not in _SKIP_TOPS
                      and n not in _NOTE_DIRS and os.path.isdir(os.path.join(root, n)))[:30]
    except OSError:
        tops = []
    for sub in tops:
        try:
            names = sorted(os.listdir(os.path.join(root, sub)))[-20:]
        except OSError:
            continue
        for name in names:
            stem, ext = os.path.splitext(name.lower())
            if ext in (".md", ".markdown", ".rst", ".txt", ".adoc") and len(stem) >= 10 and stem[:4].isdigit() \
                    and stem[4:5] in "-_" and stem[5:7].isdigit() and stem[7:8] in "-_" and stem[8:10].isdigit():
                path = os.path.join(root, sub, name)
                if path not in seen and os.path.isfile(path):
                    seen.add(path)
                    found.append(path)
                if len(found) >= _MAX_FILES:
                    return found
    return found


# Capitalised top-level files that are not statements of how work is done here (licences, histories, memory files).
_NOT_PAGES = frozenset({"LICENSE", "LICENCE", "COPYING", "AUTHORS", "CONTRIBUTORS", "CHANGELOG", "CHANGES", "HISTORY",
                        "NEWS", "CODE_OF_CONDUCT", "CITATION", "CLAUDE", "AGENTS", "GEMINI", "CRUSH", "WARP", "THIRD_PARTY",
                        "THIRD-PARTY-NOTICES", "TODO"})
_SKIP_TOPS = frozenset({"node_modules", "vendor", "target", "build", "dist", "out", "venv", "env", "site-packages",
                        "third_party", "third-party", "external", "deps", "bin", "src", "lib", "tests", "test"})


def _codeowners(text: str) -> list[tuple[int, str]]:
    """CODEOWNERS as statements: each path line with the comment block above it (and its own trailing comment)."""
    out: list[tuple[int, str]] = []
    comment: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            comment = []
            continue
        if line.startswith("#"):
            comment.append(line.lstrip("# ").strip())
            continue
        pattern, _, trailing = line.partition("#")
        words = pattern.split()
        if not words:
            continue
        said = " ".join([*comment, trailing.strip()]).strip()
        if said:
            out.append((number, f"{said} ({words[0]}; owners: {' '.join(words[1:])})"))
    return out


_BESIDE_DIRS = ("approvals", "approval", "signoffs", "sign-offs", "signoff", "decisions", "notes", "minutes")


def _beside(root: str) -> list[str]:
    """The pages a team keeps beside the work they describe: a capitalised page in a first-level folder
    (``rates/SIGNOFF.md``, ``tariffs/README.md``, ``dairy/SHARING.md``) and the notes of an approvals / sign-offs /
    decisions folder inside one (``fuel/approvals/2026-12-04-winter.md``, the newest first)."""
    found: list[str] = []
    try:
        tops = sorted(n for n in os.listdir(root) if not n.startswith((".", "_")) and n not in _SKIP_TOPS
                      and n not in _NOTE_DIRS and n != "docs" and os.path.isdir(os.path.join(root, n)))[:30]
    except OSError:
        return found
    for top in tops:
        try:
            inner = sorted(os.listdir(os.path.join(root, top)))[:80]
        except OSError:
            continue
        for name in inner:
            stem, ext = os.path.splitext(name)
            if ext.lower() in (".md", ".markdown", ".rst", ".txt") and stem.isupper() and stem not in _NOT_PAGES:
                found.append(f"{top}/{name}")
            elif name.lower() in _BESIDE_DIRS and os.path.isdir(os.path.join(root, top, name)):
                try:
                    notes = sorted(os.listdir(os.path.join(root, top, name)), reverse=True)[:10]
                except OSError:
                    continue
                found += [f"{top}/{name}/{n}" for n in notes if os.path.splitext(n)[1].lower() in (".md", ".txt", ".rst")]
        if len(found) > 40:
            break
    return found


_WORK_CACHE: dict[str, tuple[str, list[str]]] = {}


def beside_work(root: str) -> list[str]:
    """The pages kept beside the work this clone has not pushed yet: a capitalised page (``BROADCAST.md``,
    ``EMBARGO.md``) in a folder below the top level that the unpushed commits change, or in a folder above it
    (``recordings/2026-11-28-sibelius/BROADCAST.md`` beside ``recordings/2026-11-28-sibelius/stream.md``). Cached by
    the commit HEAD names."""
    from statewise_cli.repo import find_repo

    repo = find_repo(root)
    if repo is None:
        return []
    try:
        with open(os.path.join(repo.git_dir, "HEAD"), encoding="utf-8") as fh:
            head = fh.read().strip()
        if head.startswith("ref: "):
            ref = head[5:]
            path = os.path.join(repo.common_dir, *ref.split("/"))
            head = f"{ref} {os.stat(path).st_mtime if os.path.exists(path) else ''}"
    except OSError:
        return []
    cached = _WORK_CACHE.get(root)
    if cached is not None and cached[0] == head:
        return cached[1]
    from statewise_cli.subproc import run_readonly

    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    code, out = run_readonly(("git", "log", "-n20", "--no-merges", "--name-only", "--format=", "HEAD", "--not",
                              "--remotes"), root, env, 2.0)
    folders: set[str] = set()
    for name in out.splitlines() if code == 0 else []:
        parts = name.strip().split("/")[:-1]
        for depth in range(2, min(len(parts), 6) + 1):  # below the top level (``_beside`` reads that one)
            folders.add("/".join(parts[:depth]))
    found: list[str] = []
    for folder in sorted(folders)[:20]:
        if folder.split("/", 1)[0] in _SKIP_TOPS or folder.startswith((".", "_")):
            continue
        try:
            names = sorted(os.listdir(os.path.join(root, folder)))[:80]
        except OSError:
            continue
        for n in names:
            stem, ext = os.path.splitext(n)
            if ext.lower() in (".md", ".markdown", ".rst", ".txt") and stem.isupper() and stem not in _NOT_PAGES:
                found.append(f"{folder}/{n}")
    if len(_WORK_CACHE) > 16:
        _WORK_CACHE.clear()
    _WORK_CACHE[root] = (head, found)
    return found


def page_statements(root: str) -> list[tuple[str, int, str]]:
    """(document, line, statement) of the project's capitalised top-level pages that are not among the notes and
    governance documents (``MIGRATION.md``, ``SHARING.md``, ``PRESERVATION.md``): where a repository states how its
    own work is done. Read for releases of a memory-file rule, not as gates of their own."""
    from statewise_cli.recovery.governance import _statements

    known = set(_sources(root))
    try:
        pages = sorted(n for n in os.listdir(root) if os.path.splitext(n)[1].lower() in (".md", ".markdown", ".rst",
                                                                                        ".txt", ".adoc")
                       and os.path.splitext(n)[0].isupper() and os.path.splitext(n)[0].upper() not in _NOT_PAGES)[:15]
    except OSError:
        return []
    found: list[tuple[str, int, str]] = []
    for name in pages + _beside(root) + beside_work(root):
        path = os.path.join(root, name)
        if path in known or not os.path.isfile(path):
            continue
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(_MAX_BYTES)
        except OSError:
            continue
        found += [(name, n, s) for n, s in _statements(text) if len(s) <= 400]
    return found


def statements(root: str) -> list[tuple[str, int, str]]:
    """(document, line, statement) of every note, template, runbook and governance document (cached by mtimes)."""
    paths = _sources(root)
    stamp: list[tuple[str, float]] = []
    for path in paths:
        try:
            stamp.append((path, os.stat(path).st_mtime))
        except OSError:
            continue
    cached = _CACHE.get(root)
    if cached is not None and cached[0] == tuple(stamp):
        return cached[1]
    from statewise_cli.recovery.governance import _statements

    found: list[tuple[str, int, str]] = []
    for path, _mtime in stamp:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(_MAX_BYTES)
        except OSError:
            continue
        rel = os.path.relpath(path, root)
        if os.path.basename(path).lower() == "codeowners":
            found += [(rel, n, s) for n, s in _codeowners(text)]
            continue
        if path.endswith((".yml", ".yaml")):  # an issue form: its labels and descriptions, not its keys
            text = "\n".join(line.split(":", 1)[1] if ":" in line else line for line in text.splitlines())
        found += [(rel, n, s) for n, s in _statements(text) if len(s) <= 400]
    if len(_CACHE) > 16:
        _CACHE.clear()
    _CACHE[root] = (tuple(stamp), found)
    return found


def _top_comment(path: str) -> list[tuple[int, str]]:
    """The comment block at the top of a script or configuration file (after a shebang), as statements."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(4096).splitlines()[:25]
    except (OSError, UnicodeDecodeError):
        return []
    lines: list[tuple[int, str]] = []
    for number, raw in enumerate(head, 1):
        line = raw.strip()
        if number == 1 and line.startswith("#!"):
            continue
        if line.startswith(("#", "//", "--", ";", "/*", "*", "<!--", "rem ", "REM ")):
            body = line.lstrip("#/-;*<!").strip().removesuffix("-->").removesuffix("*/").strip()
            if body:
                lines.append((number, body))
            continue
        if line in ('"""', "'''") or (not line and not lines):
            continue
        if line.startswith(('"""', "'''")):
            lines.append((number, line.strip("\"' ")))
            continue
        break
    if not lines:
        return []
    text = " ".join(b for _, b in lines)
    return [(lines[0][0], s.strip()) for s in text.replace("! ", ". ").split(". ") if s.strip()]


def _low(text: str) -> str:
    return " " + " ".join(text.lower().replace("`", " ").replace("'", "'").split()) + " "


def _spaced(text: str) -> str:
    return " " + " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split()) + " "


def _gated(statement: str) -> bool:
    from statewise_cli.recovery.governance import _gated as gate

    return gate(statement)


# What a program or version cannot do ("swagger-codegen 2 cannot read OpenAPI 3.1", "the old CLI can't parse v2 files"):
# a capability, not a rule about people's actions — taken out before the gate words are looked for. A person as the
# subject ("you cannot import …", "agents can't load …") keeps the rule, and so does an imperative ("do not open …").
_CAPABILITY = (r"(?i)(\S+)\s+(?:cannot|can't|can not|could not|couldn't|does not|doesn't|will not|won't)\s+"
               r"(?:read|parse|handle|support|open|load|understand|process|compile|render|decode|import|recogni[sz]e|"
               r"run on|work with|cope with|emit|generate|produce|"
               # what a test, a check or a method cannot establish ("the cleaning validation cannot rule out traces")
               r"rule out|exclude|guarantee|confirm|prove|detect|establish|verify|ensure|tell|distinguish)\b")
_PERSONS = frozenset({"you", "we", "i", "agents", "agent", "nobody", "one", "people", "staff", "contributors",
                      "developers", "maintainers", "users", "they", "he", "she", "claude", "codex", "assistants"})


# A role or a person a statement reserves an action to: a title (``treasurer``, ``duty forecaster``, ``promoter``,
# ``agronomist``, ``county judge``, ``housing counsel``), a team handle (``@hopehouse/treasurer``) or a name. Titles
# are read by their endings (-er, -or, -ist, -ant, -ent, -ian, -ary) and a few words people use for a role; words
# with those endings that name things, not people, are left out.
_VERB = Pattern(r"(?i)(?:may|can|does|do|is|are|gets|get|should|shall|will|submits?|issues?|sends?|runs?|changes?|"
                   r"sets?|decides?|signs?|approves?|publishes?|posts?|releases?|triggers?|files?|gives?|tags?|"
                   r"deploys?|merges?|pushes|push|makes?|orders?|writes?|updates?|edits?|handles?)[,.;:]?")
_ROLE_WORDS = ("owner", "owners", "lead", "chair", "judge", "counsel", "board", "committee", "council", "trustee",
               "trustees", "head", "clerk", "staff", "steward", "stewards", "partner", "partners", "coordinator",
               "pi", "cto", "ceo", "cfo", "coo", "vp", "dpo")
_ROLE_ENDINGS = ("er", "or", "ist", "ant", "ent", "ian", "ary", "ers", "ors", "ists", "ants", "ents", "ians",
                 "aries")
_NOT_ROLES = frozenset({"never", "other", "others", "after", "under", "order", "orders", "number", "user", "users",
                        "server", "servers", "container", "cluster", "docker", "folder", "filter", "buffer", "layer",
                        "runner", "worker", "workers", "builder", "compiler", "linter", "formatter", "installer",
                        "scheduler", "browser", "header", "footer", "parser", "wrapper", "helper",
                        "loader", "handler", "listener", "adapter", "router", "monitor", "editor", "mirror",
                        "error", "errors", "vendor", "color", "colour", "sensor", "generator", "event",
                        "client", "agent", "agents", "component", "environment", "content", "current", "different",
                        "present", "recent", "frequent", "urgent", "constant", "relevant", "important", "library",
                        "summary", "primary", "secondary", "temporary", "necessary", "binary", "boundary", "dictionary",
                        "every", "ever", "either", "whether", "rather", "further", "later", "earlier", "over",
                        "per", "for", "nor", "or", "minor", "major", "prior", "floor", "door", "meter", "water",
                        "paper", "letter", "master", "cover", "register", "transfer", "winter", "summer", "poster",
                        "tier", "tiers", "player", "players", "customer", "customers", "tenant", "tenants",
                        "student", "students", "patient", "patients", "resident", "residents"})


def _role(phrase: str) -> bool:
    """Whether a short phrase (a few words after "only", "by", "'s call") names a role or a person."""
    import re

    words = [w for w in re.findall(r"[@\w][\w/'’.-]*", phrase) if w.lower() not in ("the", "a", "an", "our", "your",
                                                                                     "their", "its", "his", "her")]
    if not words:
        return False
    if words[0].startswith("@") and len(words[0]) > 2:
        return True
    head = words[0]
    if head[:1].isupper() and len(words) > 1 and words[1][:1].isupper() and head.isalpha():
        return True  # a person's name: "only Dev Patel changes them"
    for w in words[:3]:
        low = w.lower().strip(".,;:()'’")
        if low.endswith(("'s", "’s")):
            low = low[:-2]
        if low in _NOT_ROLES or len(low) < 2:
            continue
        if low in _ROLE_WORDS or (len(low) >= 6 and low.endswith(_ROLE_ENDINGS)):
            return True
    return False


def reserved(statement: str) -> str:
    """The role or person a statement reserves an action to — "only the treasurer submits Gift Aid claims", "issued
    only by the duty forecaster", "pricing is the promoter's call", "his call alone", "X signs off" is not one (that
    is an approval, read elsewhere) — or "" when it reserves nothing."""
    import itertools
    import re

    for m in re.finditer(r"(?i)\bonly\s+(?:by\s+|for\s+|to\s+)?((?:@[\w/-]+|(?:the\s+|our\s+|a\s+|an\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,2}))",
                         statement):
        phrase = m.group(1)
        before = statement[:m.start()].split()
        prev = before[-1] if before else ""
        if not re.match(r"(?i)only\s+(?:by|for|to)\b", m.group(0)) and prev.isalpha() and prev.lower() not in (
                "is", "are", "was", "were", "be", "been", "may", "can", "should", "must", "will", "shall", "and", "or",
                "but", "not") and (prev.lower().endswith(("s", "ed")) or _VERB.fullmatch(prev)):
            continue  # "it restarts only the charge controller": what a verb acts on, not who may act
        # "only the treasurer submits", "only @ops/release may run": the words before a verb
        words = phrase.split()
        first = 1 if words and words[0].lower() in ("the", "our", "a", "an") else 0
        cut = " ".join(words[:first + 1] + list(itertools.takewhile(lambda w: not _VERB.fullmatch(w), words[first + 1:])))
        if _role(cut):
            return " ".join(cut.split())
    call = re.search(r"(?i)\b((?:the\s+)?(?:[\w-]+\s+){0,2}[\w-]+)(?:'s|’s)\s+(?:call|decision|say)\b", statement)
    if call and _role(call.group(1).split()[-1]):
        return " ".join(call.group(1).split())
    named = re.search(r"\b([A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)\s*(?:\(([^)]{2,40})\))?\s*:?\s*(?:[Hh]is|[Hh]er|[Tt]heir)\s+call\b",
                      statement)
    if named:
        return " ".join((named.group(1) + (f" ({named.group(2)})" if named.group(2) else "")).split())
    if re.search(r"(?i)\b(?:his|her|their)\s+call\s+alone\b", statement):
        return "the person named"
    return ""


# A clause that says what the action conforms to ("deletes mail older than a date, as the retention schedule requires",
# "as the runbook says"): the reason the program exists, not a gate on running it — taken out before gate words.
_CONFORMS = (r"(?i),?\s*\b(?:as|like)\s+(?:the\s+|our\s+|its\s+|their\s+|this\s+)?[\w'’ -]{1,40}?\s+"
             r"(?:requires?|required|says|said|demands?|specifies|prescribes|dictates|sets\s+out|mandates?)\b")


def gated(statement: str) -> bool:
    if reserved(statement) and not any(w in _low(statement) for w in _WAIVED):
        return True
    if " as " in f" {statement.lower()} " or " like " in f" {statement.lower()} ":
        import re

        statement = re.sub(_CONFORMS, " ", statement)
    if "not" in statement or "n't" in statement:
        import re

        statement = re.sub(_CAPABILITY, lambda m: m.group(0) if m.group(1).lower().strip("(,;:") in _PERSONS
                           else m.group(1) + " ", statement)
    if "mbargo" in statement:
        import re

        from statewise_cli.recovery.intent import _LEDGERS

        # "the embargo calendar", "the embargoes table": the file that lists embargoes, not one in force
        statement = re.sub(rf"(?i)\bembargo(?:es)?\s+(?:{'|'.join(_LEDGERS)})\b", " ", statement)
    low = _low(statement)
    if any(w in low for w in _WAIVED):
        return False
    if "/" in statement:  # a path's words gate nothing (`cms/embargoes/`, `reports/frozen/`)
        statement = " ".join(w for w in statement.split() if "/" not in w.strip("`'\".,;:()"))
        low = _low(statement)
    if _gated(statement) or any(_word_in(w, low) for w in _GATE_WORDS):
        return True
    if _WAITS_FOR_LEAVE.search(low) is not None or _NOT_WITHOUT_LEAVE.search(low) is not None:
        return True  # "crane lifts over the street wait for the council's oversail permit", "no blasting without the
        # county's licence"
    if _window_open(statement) is not None and any(w in low for w in (" no ", " never ", " not ", " nothing ")):
        return True  # "no text message reaches a patient between 21:00 and 08:00"
    return _period_days(statement) is not None  # "the ledger backups are kept for 7 years"


# Work that waits for someone's leave — a permit, a licence, an approval, a consent issued by another party ("crane
# lifts over the street wait for the council's oversail permit") — not a thing that waits for a lock or a build, nor
# a wait said unneeded ("does not wait for", "no need to wait for": ``_WAIVED`` and the negation before it).
_WAITS_FOR_LEAVE = Pattern(r"(?<!not )(?<!n't )(?<!never )\b(?:waits?|must\s+wait|has\s+to\s+wait|have\s+to\s+wait)\s+"
                           r"for\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+|his\s+|her\s+)?(?:[\w'’-]+\s+){0,4}?(?:permit|"
                           r"licen[cs]e|approval|sign-?off|consent|clearance|go-ahead|authori[sz]ation|permission|"
                           r"ruling)s?\b")
# Work not done without someone's leave: "no welding or other spark work in the grain store without the fire officer's
# permit", "never
# without the council's licence" (an approval, a consent or a permission is a gate word already).
_NOT_WITHOUT_LEAVE = Pattern(r"\b(?:no|never|not|nothing|nobody|no\s+one)\b[^.;]{0,80}?\bwithout\s+(?:the\s+|a\s+|an\s+|its\s+|"
                             r"their\s+|his\s+|her\s+|our\s+)?(?:[\w'’-]+\s+){0,4}?(?:permit|licen[cs]e|clearance|go-ahead|"
                             r"authori[sz]ation)s?\b")


# A rule stated as what is not done before a condition, in the passive present people write norms in: "Dock 2 is not
# flooded before that survey", "no transfer of an Appendix I animal is booked before its permit is filed", "the batch
# isn't bottled until the lab clears it". The verb is captured: it gates an action only when it is that action's own act.
_CONDITIONAL_BAN = Pattern(r"(?i)(?:\bno\s+(?:[\w'’/-]+\s+){1,10}?(?:is|are|gets|get)|\b(?:is|are)\s+not|\b(?:isn't|aren't|"
                           r"isn’t|aren’t))\s+(?:\w+ly\s+)?([a-z]+(?:ed|en|wn|lt|nt))\s+(?:[\w'’-]+\s+){0,3}?"
                           r"(?:before|until|till|unless|without)\s+(?!(?:each|every|any|all)\b)(\S+)")


# "nothing ships before", "no van leaves until the check is done": nothing of the act happens before a condition
_NOTHING_BEFORE = Pattern(r"(?i)\b(?:nothing|no\s+[\w'’-]+(?:\s+[\w'’-]+)?)\s+([a-z]{3,}?)(?:es|s)\s+(?:[\w'’-]+\s+){0,2}?"
                          r"(?:before|until|till)\b")
# "nothing is dispatched before", "no van is loaded until the check is done": the passive of the same rule
_NOTHING_DONE_BEFORE = Pattern(r"(?i)\b(?:nothing|no\s+[\w'’-]+(?:\s+[\w'’-]+)?)\s+(?:is|are|gets|get|will\s+be|can\s+be|"
                               r"may\s+be)\s+([a-z]{3,}(?:ed|en|wn|lt|nt))\s+(?:[\w'’%-]+\s+){0,3}?(?:before|until|till)\b")
# "Fernhill holds every order made there, PO-7719 included, until the re-audit is passed": a party holds things back
# until an event — an act someone does (a participle, a verb of deciding) or a named step (a re-audit, a permit)
_HOLDS_UNTIL = Pattern(r"(?i)\b(?:holds?|(?:is|are|am|i'm|we're|they're)\s+holding|has\s+put|put)\s+(?:[\w'’,/-]+\s+){0,10}?(?:on\s+hold\s+)?"
                       r"(?:until|till|pending)\s+(?:the\s+|its\s+|their\s+|a\s+|an\s+)?([^.;]{0,80})")
_EVENT_WORDS = ("audit", "re-audit", "inspection", "review", "approval", "sign-off", "signoff", "permit", "licence",
                "license", "ruling", "decision", "result", "results", "clearance", "certificate", "check", "test", "tests",
                "investigation", "assessment", "recall", "confirmation", "consent", "verdict", "report")
# What someone does that ends a hold, said as the act in the present ("until she signs off the gas test", "until the vet
# clears the herd", "until the board rules"): a person's act, not a date
_EVENT_ACTS = ("signs", "clears", "approves", "agrees", "confirms", "rules", "decides", "releases", "lifts",
               "authorises", "authorizes", "certifies", "inspects", "reports")


def held_until_event(statement: str) -> bool:
    """A party holds things back until an event, not a date: "… holds every order made there until the re-audit is
    passed", "the yard holds the vessel pending the class inspection"."""
    for m in _HOLDS_UNTIL.finditer(statement):
        condition = m.group(1).lower()
        words = [w.strip(",()'’") for w in condition.split()]
        if not words or words[0][:1].isdigit() or words[0][:3] in ("jan", "feb", "mar", "apr", "may", "jun", "jul",
                                                                   "aug", "sep", "oct", "nov", "dec"):
            continue  # a date: a period, read with the statement's dates
        if any(w in _EVENT_WORDS or w in _EVENT_ACTS or w.endswith("ed") and len(w) > 4 for w in words[:8]):
            return True
    return False


def conditional_ban(statement: str, acts: list[str]) -> bool:
    """The statement says the act is not done before (until, unless, without) a condition, in the passive present —
    and the act is one of ``acts`` (the stems of what the action does: the words of its script's name). "is not
    flooded before the survey" gates ``bin/flood-dock``; "is not cleared before each build" (a routine, not a
    condition) gates nothing."""
    from statewise_cli.recovery.intent import _same, stem

    if not acts:
        return False
    for pattern in (_CONDITIONAL_BAN, _NOTHING_BEFORE, _NOTHING_DONE_BEFORE):
        for m in pattern.finditer(statement):
            verb = stem(m.group(1).lower())
            if any(_same(verb, a) for a in acts):
                return True
    return False


def _acts(scripts: list[str]) -> list[str]:
    """The stems of every word of the names of the scripts a line runs (``bin/flood-dock`` → flood, dock)."""
    from statewise_cli.recovery.intent import stem

    out: list[str] = []
    for script in scripts:
        name = os.path.splitext(os.path.basename(script))[0].lower()
        out += [stem(w) for w in name.replace("-", " ").replace("_", " ").replace(".", " ").split()
                if len(w) >= 3 and w not in _GENERIC]
    return out


def _dated_reference(statement: str, group: list[str]) -> str:
    """The statement with an event it refers back to replaced by the event's date, when it names no date itself and
    another sentence of its paragraph dates that event: "The surveyor inspects her bottom on 2026-12-09. Dock 2 is
    not flooded before that survey" reads "… before 2026-12-09" (a window that closes on that day)."""
    import re

    from statewise_cli.recovery.intent import _dates, _same, _split, stem

    if _dates(statement):
        return statement
    m = re.search(r"(?i)\b(before|until|till)\s+(?:that|this|the)\s+(?:[\w'’-]+\s+)?([\w'’-]+)", statement)
    if m is None:
        return statement
    event = stem(m.group(2).lower())
    found: set[tuple[int, int, int]] = set()
    for other in group:
        if other == statement:
            continue
        dates = _dates(other)
        if dates and any(_same(stem(w), event) or _same(w, m.group(2).lower()) for w in _split(other)):
            found |= {d for _at, _before, d in dates}
    if len(found) != 1:
        return statement
    day = next(iter(found))
    return statement[:m.start()] + f"{m.group(1)} {day[0]:04d}-{day[1]:02d}-{day[2]:02d}" + statement[m.end():]


def _word_in(word: str, low: str) -> bool:
    """``word`` starts a word of ``low`` ("review", not the "review" of "preview apps")."""
    if not word[:1].isalpha():
        return word in low
    at = low.find(word)
    while at >= 0:
        if at == 0 or not low[at - 1].isalpha():
            return True
        at = low.find(word, at + 1)
    return False


def _about_changes(statement: str) -> bool:
    low = _low(statement)
    return any(f" {w}" in low for w in _CHANGE)


def recorded(statement: str) -> bool:
    """The statement records a sign-off given ("2026-11-03: approved by …", "[x] signed off by …"), not one
    required ("must be approved by …")."""
    low = _low(statement)
    if "[x]" in low or "✅" in statement or "✔" in statement:
        return any(w in low for w in _RECORDED)
    if _says_where_kept(low):
        return False  # "signed-off inspections are in inspections/": where such records go, none given
    if _first_person_release(statement):
        return True
    if _consent_given(statement):
        return True
    import re

    # "Economy review done", "security sign-off complete", "QA passed": the step named and said finished
    if re.search(r"\b(?:review|sign-?off|approval|check|audit|inspection|qa|testing)\s+(?:is\s+|was\s+|has\s+been\s+)?"
                 r"(?:done|complete|completed|finished|passed)\b", low) and not re.search(
                     r"\b(?:not|never|no|until|once|before|after|when|if|must|needs?|required?)\s+(?:\w+\s+){0,2}?"
                     r"(?:\w+-)?(?:review|sign-?off|approval|check|audit|inspection|qa|testing)\b", low):  # a re-audit
        return True
    for word in _RECORDED:
        at = low.find(f" {word}")
        while at >= 0:
            before = [b.strip(".,;:()") for b in low[:at].split()[-3:]]
            process = "is" in before and any(f" {w} " in low for w in ("each", "every", "all", "any"))
            if not any(b in _REQUIRING for b in before) and not process:
                return True
            at = low.find(f" {word}", at + 1)
    return False


_FIRST_PERSON = Pattern(r"(?i)(?:^|[^\w'’])(?:i|we)(?:'ve|’ve|\s+have)?\s+(?:(?:[^.;!?]{0,80}?)\s)?(approve|approves|"
                           r"sign\s+(?:it|this|them|that)\s+off|sign\s+off\s+on|authori[sz]e|agree\s+to|consent\s+to)\b")
_MODAL = frozenset({"will", "would", "'ll", "can", "cannot", "could", "might", "may", "must", "should", "shall", "to",
                    "not", "never", "don't", "won't", "if", "when", "once", "until", "before", "unless", "need", "needs",
                    "first"})


# A party's consent or permission recorded as given: "P-2231 signed the consent form to share …", "the owner gave
# written permission", "she has consented to the transfer", "the landlord granted permission on 2026-11-02".
_CONSENT_GIVEN = Pattern(r"(?i)\b(?:signed\s+(?:the|her|his|their|its|our|a|an)\s+(?:(?:written|signed|explicit|informed|"
                         r"formal)\s+)?(?:[\w-]+\s+)?(?:consent|permission|authori[sz]ation)|(?:gave|given|granted|returned|"
                         r"provided)\s+(?:(?:the|her|his|their|its|our|a|an|written|signed|explicit|informed|formal)\s+){0,3}"
                         r"(?:consent|permission|authori[sz]ation)|consented\s+to)\b")
# Words that make the clause before a consent a condition or a requirement ("until she has signed the consent form",
# "exports need …", "she has not consented").
_CONDITIONAL = frozenset({"not", "never", "no", "without", "unless", "until", "till", "before", "once", "if", "when",
                          "must", "needs", "need", "require", "requires", "required", "pending", "awaiting", "yet",
                          "should", "shall", "whether"})


def _consent_given(statement: str) -> bool:
    """The statement records a consent, permission or authorisation given by someone (past tense, not negated, not
    in a condition): the gate a consent word would otherwise read is met, for what the statement names."""
    import re

    for m in _CONSENT_GIVEN.finditer(statement):
        clause = re.split(r"[.;:,!?]\s", statement[:m.start()])[-1]
        words = [w.strip("()\"'").lower() for w in clause.split()]
        if any(w in _CONDITIONAL or w.endswith(("n't", "n’t")) for w in words):
            continue
        if m.group(0).lower().startswith("given") and not (words and words[-1] in ("has", "have", "had", "was", "been")):
            continue  # "given consent, the export runs": a condition, not a record
        return True
    return False


def _first_person_release(statement: str) -> bool:
    """The statement gives a release in the first person, in the present — "I have checked lot L-77 and approve its
    write-off", "I sign it off", "we approve the drill" — not a promise or a condition ("I will approve it once …",
    "until I sign it off", "I don't approve")."""
    for m in _FIRST_PERSON.finditer(statement):
        before = [w.strip(".,;:()\"'").lower() for w in statement[:m.start(1)].split()[-3:]]
        if not any(b in _MODAL or b.endswith(("n't", "n’t")) for b in before):
            return True
    return False


def _says_where_kept(low: str) -> bool:
    """The statement says where records of a kind are kept (``… are in inspections/``, ``… go to docs/approvals/``,
    ``… are filed under …``): a directory, not an item's sign-off."""
    words = [w.strip(".,;:()\"'`") for w in low.split()]
    for i, w in enumerate(words[:-1]):
        if w in ("are", "go", "live", "get", "is") :
            rest = words[i + 1:i + 4]
            rest = rest[1:] if rest[:1] and rest[0] in ("kept", "stored", "filed", "saved", "put", "recorded") else rest
            if rest[:1] and rest[0] in ("in", "under", "into", "to") and len(rest) > 1 and (
                    rest[1].endswith("/") or "/" in rest[1]):
                return True
    return False


# --- the action's targets -------------------------------------------------------------------------------------------

def _rel(root: str, cwd: str, value: str) -> str | None:
    if not value or "://" in value or value.startswith(("-", "~", "$")) or "$" in value:
        return None
    path = value if os.path.isabs(value) else os.path.join(root, cwd if cwd and "$" not in cwd else "", value)
    path = os.path.normpath(path)
    if not (path == root or path.startswith(root + os.sep)) or not os.path.exists(path):
        return None
    rel = os.path.relpath(path, root)
    return None if rel == "." else rel


_SCRIPT_EXTS = (".sh", ".bash", ".zsh", ".py", ".rb", ".pl", ".js", ".mjs", ".cjs", ".ts", ".php", ".ps1", ".lua",
                ".r", ".jl", ".exs", ".groovy", ".kts")


def targets(actions: list[Action], root: str) -> tuple[list[str], list[str], list[str]]:
    """(repository paths the line acts on, compound names it carries, scripts it runs)."""
    paths: list[str] = []
    names: list[str] = []
    scripts: list[str] = []
    for action in actions:
        values = [action.target or "", *action.arguments, *action.paths]
        if action.operation.startswith("shell.") and "." in action.operation[6:]:
            values.append(action.operation[6:])
        for value in values:
            value = str(value)
            if value == "-m":
                continue
            rel = _rel(root, action.cwd, value)
            if rel is None and "." in value and "/" not in value and value.replace(".", "").replace("_", "").isalnum():
                rel = _rel(root, action.cwd, value.replace(".", "/") + ".py")  # python -m tools.notify
            if rel is not None:
                if rel not in paths:
                    paths.append(rel)
                full = os.path.join(root, rel)
                if action.operation == "shell.script" and action.target == value and rel not in scripts \
                        and os.path.isfile(full) and (os.path.splitext(rel)[1].lower() in _SCRIPT_EXTS
                                                      or os.access(full, os.X_OK)):
                    scripts.append(rel)
                stem = os.path.splitext(os.path.basename(rel))[0]
                if ("-" in stem or "_" in stem) and stem.lower() not in names:
                    names.append(stem.lower())
                continue
            plain = value.strip("'\"")
            if ("-" in plain[1:] or "_" in plain) and not plain.startswith("-") and "/" not in plain \
                    and (sum(c.isalpha() for c in plain) >= 6 or _item_id(plain)) and plain.lower() not in names:
                names.append(plain.lower())
    return paths, names, scripts


def _item_id(value: str) -> bool:
    """An item's identifier an operand carries: letters and digits joined by ``-`` (``SO-5512``, ``P-1209``,
    ``E21-1``), not a date, a number or a version: a note that names it speaks of that item."""
    parts = value.split("-")
    return len(parts) >= 2 and all(p.isalnum() for p in parts) and any(c.isalpha() for c in value) \
        and any(c.isdigit() for c in value) and not value[:1].isdigit() and not value.lower().startswith("v")


def _names_target(statement: str, paths: list[str], names: list[str]) -> str | None:
    import fnmatch

    low = _low(statement)
    words = {w.strip(".,;:()[]\"'").lstrip("./") for w in low.split()}
    for path in paths:
        p = path.lower()
        if f" {p} " in low or f" {p}" in low or f"/{p}" in low:
            return path
        base = os.path.basename(p)
        if "." in base and base in words:
            return path
        for w in words:
            w2 = w.rstrip("/")
            if "/" in w and len(w2) > 2 and (p == w2 or p.startswith(w2 + "/") or
                                             ("*" in w2 and fnmatch.fnmatchcase(p, w2))):
                return path
    spaced = _spaced(statement)
    for name in names:
        phrase = _spaced(name)
        if len(phrase.split()) >= 2 and phrase in spaced:
            return name
    return None


def _names_other_item(text: str, paths: list[str], scripts: list[str], root: str) -> bool:
    """The text names a file beside one the line acts on (``bulletins/flood-warning.md`` while the line sends
    ``bulletins/road-works.md``): it is about that item, not this one."""
    operands = [p for p in paths if p not in scripts]
    parents = {os.path.dirname(p) for p in operands}
    for word in _low(text).split():
        word = word.strip(".,;:()[]\"'").lstrip("./")
        if "/" in word and os.path.dirname(word.rstrip("/")) in parents and word not in operands \
                and os.path.exists(os.path.join(root, word)):
            return True
    return False


def _window_open(statement: str) -> bool | None:
    """For a statement with a time range: True when the action would fall outside what it forbids now (quiet hours
    over, or inside an allowed "only between" window), False when inside, None when it states no range."""
    import re

    low = statement.lower()
    m = next((m for m in re.finditer(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:-|–|—|to|and|until)\s*(\d{1,2})"
                                     r"(?::(\d{2}))?\s*(am|pm)?\b(\s*utc)?", low)
              if (m.group(2) or m.group(3)) and (m.group(5) or m.group(6))), None)
    if m is None:
        return None

    def minutes(h: str, mm: str | None, half: str | None) -> int:
        hour = int(h) % 12 + (12 if half == "pm" else 0) if half else int(h)
        return hour * 60 + int(mm or 0)

    start, end = minutes(m.group(1), m.group(2), m.group(3)), minutes(m.group(4), m.group(5), m.group(6))
    if start >= 24 * 60 or end > 24 * 60:
        return None
    if any(w in low for w in ("their local", "their time", "recipient", "local time of", "each customer",
                              "each patient", "each user")):
        return False  # the recipients' own clocks: this machine cannot say the window is open
    import time

    now = time.gmtime() if (m.group(7) or " utc" in low) else time.localtime()
    current = now.tm_hour * 60 + now.tm_min
    inside = start <= current < end if start <= end else (current >= start or current < end)
    allowed = " only " in f" {low} " and not any(w in low for w in ("quiet", "blackout", "no ", "not ", "never"))
    return inside if allowed else not inside


_UNIT_DAYS = {"day": 1.0, "week": 7.0, "month": 365.25 / 12, "year": 365.25}
_RETAIN = ("kept", "keep", "retain", "retention", "retained", "held for", "hold for", "preserve", "must not be deleted",
           "never delete", "never be deleted", "not be deleted")


def _period_days(statement: str) -> float | None:
    """The retention period a statement sets ("kept for 7 years", "retained for at least 60 days"), in days."""
    import re

    low = statement.lower()
    if not any(w in low for w in _RETAIN):
        return None
    m = re.search(r"\b(\d+)[\s-]*(day|week|month|year)s?\b", low)
    return None if m is None else int(m.group(1)) * _UNIT_DAYS[m.group(2)]


def _kept_days(action_text: str) -> float | None:
    """How long a pruning command keeps things, read from its options (``--keep-monthly 84`` → 84 months,
    ``--keep-daily 14``, ``--keep-within 2y``, ``--older-than 30d``, ``--retention-days 90``); None when it names none."""
    import re

    words = action_text.replace("=", " ").split()
    spans: list[float] = []
    units = {"daily": "day", "day": "day", "days": "day", "d": "day", "weekly": "week", "week": "week", "weeks": "week",
             "w": "week", "monthly": "month", "month": "month", "months": "month", "m": "month", "yearly": "year",
             "year": "year", "years": "year", "y": "year", "annual": "year"}
    for i, word in enumerate(words[:-1]):
        if not word.startswith("--"):
            continue
        name = word[2:].lower()
        value = words[i + 1].lower()
        if not any(k in name for k in ("keep", "retain", "retention", "older", "age", "within")):
            continue
        m = re.fullmatch(r"(\d+)([a-z]*)", value)
        if m is None:
            continue
        unit = units.get(m.group(2)) or next((units[p] for p in reversed(name.replace("_", "-").split("-"))
                                              if p in units), None)
        if unit is None:
            continue
        spans.append(int(m.group(1)) * _UNIT_DAYS[unit])
    return max(spans) if spans else None


def _retained(statement: str, path: str, action_text: str) -> bool | None:
    """For a retention statement ("kept for at least 60 days", "kept for 7 years"): whether what the action deletes
    is still within it — by the date in the path's name, else by how long the command's options keep things.
    None when the statement states no period."""
    import re

    period = _period_days(statement)
    if period is None:
        return None
    kept = _kept_days(action_text)
    if kept is not None:
        return kept < period - 1
    d = re.search(r"(\d{4})-?(\d{2})-?(\d{2})", os.path.basename(path))
    if d is None:
        return True
    import time

    try:
        stamp = time.mktime((int(d.group(1)), int(d.group(2)), int(d.group(3)), 0, 0, 0, 0, 0, -1))
    except (OverflowError, ValueError):
        return True
    return (time.time() - stamp) / 86400 < period


# Leading verbs of a script's name: what is left names what it acts on (send-recall-notice → recall notice).
_VERBS = frozenset({"send", "run", "make", "build", "do", "push", "pull", "sync", "deploy", "publish", "release",
                    "export", "import", "upload", "download", "update", "upgrade", "create", "delete", "remove", "rm",
                    "prune", "clean", "purge", "sign", "notify", "post", "start", "stop", "restart", "reset", "wipe",
                    "generate", "gen", "rotate", "apply", "set", "get", "check", "print", "mail", "email", "text",
                    "page", "trigger", "schedule", "close", "open", "issue", "submit", "file", "bump", "tag", "migrate",
                    "rollback", "roll", "drop", "refresh", "seed", "reseed", "archive", "transfer", "broadcast"})
_GENERIC = frozenset({"script", "scripts", "tool", "tools", "bin", "main", "app", "data", "file", "files", "all", "new",
                      "local", "dev", "util", "utils", "helper", "helpers", "cli", "cmd", "job", "jobs", "task",
                      "tasks", "run", "and", "the", "for", "to"})


def _program_words(scripts: list[str]) -> list[list[str]]:
    """For each script the line runs, the words of its name after a leading verb (``bin/send-boil-notice`` → boil,
    notice; ``bin/prune-backups`` → backups)."""
    out: list[list[str]] = []
    for script in scripts:
        stem = os.path.splitext(os.path.basename(script))[0].lower()
        words = [w for w in stem.replace("-", " ").replace("_", " ").replace(".", " ").split() if w]
        if words and words[0] in _VERBS:
            words = words[1:]
        words = [w for w in words if w not in _GENERIC and not w.isdigit()]
        if words and (len(words) >= 2 or len(words[0]) >= 5):
            out.append(words)
    return out


def _names_program(text: str, program_words: list[list[str]]) -> bool:
    from statewise_cli.recovery.intent import _same, stem

    words = _spaced(text).split()
    # a plural stems as its singular does ("outings" as "outing": both "out"), whatever suffix the stem strips first
    said = [stem(w) for w in words] + [stem(w[:-1]) for w in words if len(w) > 4 and w.endswith("s")
                                       and not w.endswith("ss")]
    return any(all(any(_same(stem(w), s) for s in said) for w in words) for words in program_words)


def _prescribed(paragraph: list[str], action: Action) -> list[str]:
    """Options the paragraph prescribes in a code span (```--send-after 08:00```) that the action's program takes
    (its top comment or the line names the option) but the line lacks."""
    import re

    text = action.text or ""
    found: list[str] = []
    for statement in paragraph:
        for span in re.findall(r"`([^`]+)`", statement):
            span = span.strip()
            if span.startswith("--") and span.split()[0].split("=")[0] not in text:
                found.append(span)
    return found


# Words of a gate that asks a person for something (approval, sign-off, review, consent): a prescribed form taken
# does not satisfy those
_PERSON_WORDS = ("approv", "sign-off", "sign off", "signoff", "signed off", "review", "consent", "authoris",
                 "authoriz", "permission", "ratif", "countersign", "ok from", "go-ahead", "green light")


def _only_target(group: list[str]) -> str | None:
    """The one item a paragraph sends the work to with "only" ("appeals go to donors-consented only", "send it to
    `qa-list` only", "only to staging-eu"): a name shaped like an item (a hyphen, a dot, a digit or an underscore in
    it), or None when it names none or several."""
    import re

    found: set[str] = set()
    for sentence in group:
        for m in re.finditer(r"(?i)\b(?:to|into|on|via|through|at)\s+`?([\w][\w./-]*[\w])`?\s+only\b|\bonly\s+(?:to|into|on|via|"
                             r"through|at)\s+`?([\w][\w./-]*[\w])`?", sentence):
            item = m.group(1) or m.group(2)
            if any(c in item for c in "-._") or any(c.isdigit() for c in item):
                found.add(item)
    return next(iter(found)) if len(found) == 1 else None


def _form_taken(gates: list[str], text: str) -> bool:
    """Whether every gate only prescribes a form for each such action — "every release starts at 5 % (`--percent
    5`)", "each export is pseudonymised (`--pseudonymize`)" — and the line carries every option it shows (with the
    value shown), while none of them asks a person for anything."""
    import re

    spans = [span for s in gates for span in _spans(s) if span.startswith("-")]
    if not spans or not text:
        return False
    said = " ".join(_low(s) for s in gates)
    if not re.search(r"\b(every|each|all|always)\b", said) or any(w in said for w in _PERSON_WORDS):
        return False
    words = text.split()
    return all(_carries(words, span.split()) for span in spans)


def _carries(words: list[str], span: list[str]) -> bool:
    """Whether the words of the line hold the span's words in a row (``--percent 5``; ``--percent=5`` alike)."""
    if len(span) == 2 and f"{span[0]}={span[1]}" in words:
        return True
    return any(words[k:k + len(span)] == span for k in range(len(words) - len(span) + 1))


def violations(actions: list[Action], repo: RepoContext, developer: list[Any] | None = None) -> list[Any]:
    """``developer-intent`` findings (ask) for gates the repository declares on the concrete targets of the line; a
    developer's policy record about what the gate speaks of decides instead (``governance.py``)."""
    own = [a for a in actions if not a.operation.startswith(("git.", "gh."))]  # refs and remotes: governance.py
    acting = [a for a in own if a.risk != "read-only" or a.kind == "edit"]
    if not acting:
        return []
    paths, names, scripts = targets(own, repo.root)
    if not paths and not names:
        return []
    program_words = _program_words(scripts)
    acts = _acts(scripts)
    edits_only = all(a.kind == "edit" or a.operation in ("file.write", "file.create") for a in acting)
    text = " ".join(dict.fromkeys(a.text for a in acting if a.text))
    from statewise_cli.recovery.intent import out_of_force
    from statewise_cli.store.records import Record

    def in_force(statement: str, group: list[str] | None = None) -> bool:
        dated = _dated_reference(statement, group or [])
        record = Record(id="", key="policy.target", value=dated, type="policy", scope="repository",
                        observed_at=0.0, stored_at=0.0, expires_at=None, source="", authority="governance",
                        status="active", validity="unverified", verified_at=None, supersedes=None, superseded_by=None,
                        evidence=None)
        return out_of_force(record) is None

    # (document, line of the paragraph, its statements, the whole document's statements, is the file itself)
    paragraphs: list[tuple[str, int, list[str], list[tuple[int, str]], bool]] = []
    for script in scripts:
        top = _top_comment(os.path.join(repo.root, script))
        if top:
            paragraphs.append((script, top[0][0], [s for _, s in top], top, True))
    by_doc: dict[str, list[tuple[int, str]]] = {}
    for doc, line, statement in statements(repo.root):
        by_doc.setdefault(doc, []).append((line, statement))
    for doc, lines in by_doc.items():
        grouped: dict[int, list[str]] = {}
        for line, statement in lines:
            grouped.setdefault(line, []).append(statement)
        for line, group in grouped.items():
            paragraphs.append((doc, line, group, lines, False))
    from statewise_cli.recovery.invariants import Violation

    for doc, line, group, siblings, itself in paragraphs:
        gates = [s for s in group if (gated(s) or conditional_ban(s, acts) or held_until_event(s))
                 and in_force(s, group)]
        if not itself and acting[0].text and "--" in acting[0].text and scripts:
            from statewise_cli.recovery import governance_values

            other = governance_values.differs(" ".join(group), acting[0])
            if other is None:  # a value with its unit, the rule for every thing of a kind in a place the line's item is in
                other = governance_values.unit_differs(" ".join(group), acting[0], scripts, repo.root)
            if other is not None and not _decided(" ".join(group), developer or []):
                option, passed, value = other
                shown = (acting[0].text or "").strip()[:120]
                fixed = governance_values.alternative(acting[0], option, passed, value)
                return [Violation("developer-intent", acting[0],
                                  f"`{shown}` passes `{option} {passed}`; the repository's {doc} (line {line}) says: "
                                  f"{' '.join(s.rstrip('.') + '.' for s in group)} It gives {option} the value "
                                  f"{value} for what the line names. A document of the repository outranks memory "
                                  f"files (CLAUDE.md / AGENTS.md)", verdict="deny",
                                  alternative=f"`{fixed}` (the value {doc} gives {option})")]
        if not gates:
            continue
        joined = " ".join(group)
        hit = doc if itself else (_names_target(joined, paths, names)
                               or (scripts[0] if program_words and _names_program(joined, program_words)
                                   and not _names_other_item(joined, paths, scripts, repo.root) else None))
        if hit is None or _decided(joined, developer or []):
            continue
        template = "template" in doc.lower() or os.path.basename(doc).lower() == "codeowners"
        if edits_only and not (template or any(_about_changes(s) for s in group)):
            continue
        if any(_window_open(s) is True for s in gates) and not any(_window_open(s) is False for s in gates):
            continue  # the window is open now, or the quiet hours are over
        from statewise_cli.recovery.governance_windows import outside

        if all(outside(s, a) for s in gates for a in acting):
            continue  # the action is for a date or an hour the period or the hours it states do not close
        if any(recorded(s) for s in group) or any(
                n > line and recorded(s) and _names_target(s, paths, names) in (None, hit) for n, s in siblings):
            continue  # the sign-off it asks for is recorded
        if all(_period_days(s) is not None and not _gated(s) and not any(w in _low(s) for w in _GATE_WORDS)
               for s in gates) and not _deletes(acting, scripts, text):
            continue  # a retention period gates what deletes, not what reads or adds
        retention = [r for r in (_retained(s, hit, text) for s in gates) if r is not None]
        if retention and not any(retention):
            continue  # what it deletes is past the retention period, or the command keeps the whole period
        if _shows_line(group, gates, text):
            continue  # the paragraph shows this very command as the way to do it, in a sentence that gates nothing
        sole = _only_target(group)
        if sole is not None and sole.lower() == str(hit).lower():
            continue  # the paragraph sends this work to exactly what the line acts on ("appeals go to donors-consented
            # only"): the line does what it prescribes
        if _form_taken(gates, text):
            continue  # the gate prescribes a form for every such action (`every export is pseudonymised
            # (`--pseudonymize`)`) and the line takes it: nobody's approval is asked for
        options = _prescribed(group, acting[0])
        timed = [s for s in gates if _window_open(s) is not None]
        if timed and not options and any(o.split()[0] in text for s in group for o in _spans(s) if o.startswith("--")):
            continue  # the line takes the form the paragraph prescribes for the window (`--send-after 08:00`)
        roles = [r for r in (reserved(s) for s in gates) if r]
        if roles and len(roles) == len(gates) and _acting_as(repo.root, roles):
            continue  # the action is reserved to a role, and whoever commits here is named as it
        action = acting[0]
        shown = (action.text or action.operation).strip()[:120]
        where = "the top of the file itself" if itself else f"the repository's {doc} (line {line})"
        said = " ".join(s.rstrip(".") + "." for s in group)
        if roles:
            detail = (f"`{shown}` acts on {hit}; {where} says: {said} It is reserved to {roles[0]}, and nothing here "
                      f"says you are acting as them. A rule the repository declares outranks memory files (CLAUDE.md / "
                      f"AGENTS.md): do not run it yourself; hand the task over to {roles[0]} or ask the developer")
        else:
            detail = (f"`{shown}` acts on {hit}; {where} says: {said} A gate the repository declares outranks memory "
                      f"files (CLAUDE.md / AGENTS.md); the developer decides whether this runs: it needs their approval "
                      f"first, so do what the task asks without it (another way) or ask them")
        alternative = ""
        if sole is not None and action.text and hit in action.text.split() and sole not in action.text.split():
            alternative = " ".join(sole if w == hit else w for w in action.text.split())
            detail += f". The same paragraph sends this work to {sole} only: `{alternative}`"
        if timed and options and action.text:
            alternative = f"{action.text.strip()} {options[0]}"
            detail += f". The same paragraph names the form for it: `{alternative}`"
        return [Violation("developer-intent", action, detail, verdict="ask", alternative=alternative)]
    return []


_OUTPUT_ONLY = frozenset({"-q", "--quiet", "-v", "--verbose", "--no-progress", "--progress"})


def _shows_line(group: list[str], gates: list[str], text: str) -> bool:
    """A clause of the paragraph that gates nothing shows the action's whole command line in a code span as the way
    to do it ("A stuck charger gets a Soft reset: `ocpp-cli reset --charger CP-17 --type Soft`"): the gate is about
    another form of the command (the Hard reset), not this one. Output-only options do not make another command."""
    import re

    line = tuple(w for w in text.split() if w not in _OUTPUT_ONLY)
    if len(line) < 2:
        return False
    showing = []
    for statement in group:
        for clause in re.split(r"[;]|[.!?](?:\s|$)", statement):
            if gated(re.sub(r"\([^)]*\)", " ", clause)):  # a parenthesis explains ("it restarts only the …")
                continue
            if any(tuple(w for w in span.split() if w not in _OUTPUT_ONLY) == line
                   for span in re.findall(r"`([^`]+)`", clause)):
                showing.append(statement)
    if not showing:
        return False
    # a gate of another sentence that reserves the act to someone or waits for a person's word still holds: showing
    # the command says how it is run, not who may run it
    return not any(reserved(g) or any(w in _low(g) for w in _PERSON_WORDS) for g in gates if g not in showing)


def _acting_as(root: str, roles: list[str]) -> bool:
    """Whether the git identity of the repository (``user.name`` / ``user.email``) names every role an action is
    reserved to ("only Ana Ruiz approves" while Ana commits here)."""
    from statewise_cli.recovery.premises_refrules import _identity

    mine = {w for w in _identity(root) if len(w) >= 3}
    if not mine:
        return False
    return all(mine & {w.lower().strip("@()'’.,") for w in re.split(r"[\s/]+", role)} for role in roles)


_DELETING = frozenset({"prune", "delete", "remove", "rm", "purge", "clean", "cleanup", "expire", "rotate", "wipe",
                       "drop", "gc", "vacuum", "trim", "shred", "destroy"})


def _deletes(acting: list[Action], scripts: list[str], text: str) -> bool:
    if any(a.operation in ("file.delete", "shell.rm") for a in acting) or _kept_days(text) is not None:
        return True
    words = {w for s in scripts for w in os.path.basename(s).lower().replace("-", " ").replace("_", " ").split()}
    return bool(words & _DELETING) or any(f" {w} " in f" {text.lower()} " for w in _DELETING)


def _decided(text: str, developer: list[Any]) -> bool:
    """A developer's policy record whose subject the paragraph speaks of decides instead of the paragraph."""
    if not developer:
        return False
    from statewise_cli.recovery.intent import _same, stem, subject

    said = [stem(w) for w in _spaced(text).split() if len(w) >= 3]
    return any(_same(w, s) for r in developer for w in subject(r) for s in said)


def _spans(statement: str) -> list[str]:
    import re

    return [s.strip() for s in re.findall(r"`([^`]+)`", statement)]
