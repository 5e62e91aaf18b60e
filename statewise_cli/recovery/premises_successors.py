"""What replaced a tool, and how the project runs it now — read from the repository itself, for tools no
catalogue lists.

- **the replacing commit's own words** — the commit that deleted a tool's configuration says in its
  message what took its place (``bump2version -> bump-my-version``, ``replace tslint with eslint``,
  ``migrate from X to Y``, ``Y replaces X``): the successor, by name, when no added file names it.
- **how the repository runs a tool now** — the successor's command as the project's own docs, CI
  workflows, task files and package scripts write it (``tilt up`` in the README, ``bump-my-version bump
  minor`` in a workflow), preferring the one that shares the action's operands.
- **a wrapper over a renamed file** — ``foreman start`` where the tool's default file is gone: a commit
  renamed it (``Procfile`` → ``Procfile.dev``) and added a script that runs the same tool with the new
  file (``bin/dev``: ``foreman start -f Procfile.dev``). The premise is "the tool finds its file where it
  looks by default"; the history and the script say where it is now and how the project runs it.

File reads and at most two ``git`` calls per candidate; nothing here denies without a commit, a file or a
script that names the tool asked about.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

# Words that follow "to"/"with" in a commit message without naming a tool.
# What kind of tool a name is ("the fleet manager", "its CLI"): words after a program's name, never a program here
_KIND_NOUNS = (r"fleet|manager|tool|tooling|cli|service|system|platform|engine|runner|daemon|client|wrapper|utility|"
               r"scheduler|orchestrator|console|app")
_NOT_NAMES = frozenset({"the", "a", "an", "it", "its", "use", "using", "new", "plain", "our", "this", "that", "be",
                        "make", "run", "allow", "avoid", "keep", "fix", "support", "match", "v", "version", "latest",
                        *_KIND_NOUNS.split("|")})
_DOC_FILES = ("README.md", "README.rst", "README", "CONTRIBUTING.md", "DEVELOPING.md", "DEVELOPMENT.md", "HACKING.md",
              "Makefile", "makefile", "justfile", "Justfile", "Taskfile.yml", "package.json", "Procfile", "tox.ini")
_DOC_DIRS = ("docs", "doc", ".github/workflows", "bin", "script", "scripts")



def _abbreviates(name: str, pieces: list[str]) -> bool:
    """``name`` is made of a prefix of each piece in order ("vcall": vessel-call, "invq": invoice-queue)."""
    if not name:
        return not pieces
    if not pieces or not pieces[0]:
        return False
    return any(_abbreviates(name[n:], pieces[1:]) for n in range(min(len(name), len(pieces[0])), 0, -1)
               if pieces[0].startswith(name[:n]))

def _re() -> Any:
    import re

    return re


def named_successor(ctx: Any, commit: str, tool: str) -> str | None:
    """The tool a commit's message says replaced ``tool`` (None when it names none, or several)."""
    code, out = ctx.git("log", "-n1", "--format=%B", commit)
    if code != 0 or not out.strip():
        return None
    re = _re()
    t = re.escape(tool)
    name = r"`?([A-Za-z@][\w@./+-]*[\w])`?"
    patterns = (
        rf"(?<![\w-]){t}`?\s*(?:->|→|=>|⇒)\s*{name}",
        rf"(?i)\b(?:replace[d]?|swap(?:ped|s)?)\s+`?{t}`?\s+(?:with|by|for)\s+{name}",
        # "Y replaces X for round sheets": after a subject, ``for`` says what for, not by what
        rf"(?i)\breplaces\s+`?{t}`?\s+(?:with|by)\s+{name}",
        rf"(?i)\b(?:from|drop(?:ped|s)?|dropping)\s+`?{t}`?\s+(?:to|for|in\s+favou?r\s+of)\s+{name}",
        rf"(?i)\b(?:switch(?:ed)?|move[sd]?|migrate[sd]?)\s+`?{t}`?\s+to\s+{name}",
        rf"(?i){name}\s+(?:replaces|supersedes|instead\s+of)\s+`?{t}`?(?![\w-])",
    )
    found: set[str] = set()
    for pattern in patterns:
        for m in re.finditer(pattern, out):
            word = m.group(1).rstrip(".,;:)")
            if word.lower() in _NOT_NAMES or word.lower() == tool.lower() or len(word) < 2:
                continue
            found.add(word.lower() if word[:1].isupper() and word[1:].islower() else word)
    return found.pop() if len(found) == 1 else None


def _invocations(text: str, tool: str) -> list[str]:
    """Commands in ``text`` that run ``tool``: a code span, a line of a script or recipe, a JSON string."""
    re = _re()
    found: list[str] = []
    t = re.escape(tool)
    for m in re.finditer(rf"(?:^|[`\"'$;&|]|\bexec\s|\brun:\s|^\s+|-\s)\s*((?:npx\s+|uv\s+run\s+|poetry\s+run\s+)?{t}(?:\s+[^`\"'\n;&|#]*)?)",
                         text, re.M):
        cmd = " ".join(m.group(1).split())
        if cmd and cmd not in found and "<" not in cmd and "{" not in cmd and not cmd.endswith("\\"):
            found.append(cmd)
    return found


def documented_invocation(root: str, tool: str, args: list[str]) -> str | None:
    """How the repository runs ``tool`` now (its docs, CI, task files, package scripts): the command that
    shares the most of the action's operands, else the most common one; None when nothing runs it."""
    from statewise_cli.recovery.premises import _read

    commands: list[str] = []
    paths = [os.path.join(root, n) for n in _DOC_FILES]
    for folder in _DOC_DIRS:
        try:
            names = sorted(os.listdir(os.path.join(root, folder)))[:40]
        except OSError:
            continue
        paths += [os.path.join(root, folder, n) for n in names]
    for path in paths:
        if not os.path.isfile(path):
            continue
        text = _read(path, 100_000)
        if text and tool in text:
            commands += _invocations(text, tool)
    if not commands:
        return None
    operands = {a for a in args if not a.startswith("-")}

    def score(cmd: str) -> tuple[int, int, int]:
        words = cmd.split()
        return (len(operands & set(words)), commands.count(cmd), -len(words))

    best = max(dict.fromkeys(commands), key=score)
    return best if len(best.split()) > 1 or not args else None


def _scripts(root: str) -> list[tuple[str, str]]:
    """(relative path, text) of the repository's executable scripts in its script folders."""
    from statewise_cli.recovery.premises import _read

    out = []
    for folder in ("bin", "script", "scripts", ""):
        base = os.path.join(root, folder)
        try:
            names = sorted(os.listdir(base))[:60]
        except OSError:
            continue
        for name in names:
            path = os.path.join(base, name)
            if name.startswith(".") or not os.path.isfile(path) or not os.access(path, os.X_OK):
                continue
            if os.path.getsize(path) > 20_000:
                continue
            text = _read(path, 20_000)
            if text and text.startswith("#!"):
                out.append((os.path.relpath(path, root), text))
    return out


_FILE_OPTS = ("-f", "--file", "--procfile", "-c", "--config")


def wrapper_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``T sub`` with no file option, where a repository script runs ``T sub -f F`` and F was added by the
    commit that deleted the file T reads by default (a rename in a new format or with a suffix)."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    tool = os.path.basename(program)
    if len(tool) < 2 or any(a in _FILE_OPTS or a.startswith(tuple(o + "=" for o in _FILE_OPTS if o.startswith("--")))
                            for a in args):
        return None
    from statewise_cli.recovery.premises_replaced import _GENERIC

    if tool in _GENERIC:
        return None
    root = os.path.realpath(ctx.root)
    sub = [a for a in args if not a.startswith("-")][:1]
    for rel, text in _scripts(root):
        if tool not in text:
            continue
        re = _re()
        for line in text.splitlines():
            m = re.search(rf"(?:^|\s|exec\s+){re.escape(tool)}\s+(.*)$", line.strip())
            if not m or line.strip().startswith("#"):
                continue
            rest = m.group(1).replace('"$@"', "").split()
            if sub and rest[:1] != sub:
                continue
            given = next((rest[i + 1] for i, w in enumerate(rest[:-1]) if w in _FILE_OPTS), None)
            if not given or "$" in given or not os.path.isfile(os.path.join(root, given)):
                continue
            code, out = ctx.git("log", "-n1", "--format=%h %s", "--no-renames", "--diff-filter=A", "--", given)
            if code != 0 or not out.strip():
                continue
            entry = out.strip().splitlines()[0]
            sha = entry.split(" ", 1)[0]
            code, names = ctx.git("show", "--format=", "--name-status", "--no-renames", sha)
            if code != 0:
                continue
            gone = [ln[2:] for ln in names.splitlines() if ln.startswith("D\t")]
            base = os.path.basename(given)
            old = [g for g in gone if os.path.dirname(g) == os.path.dirname(given)
                   and base.startswith(os.path.basename(g)) and not os.path.exists(os.path.join(root, g))]
            if len(old) != 1:
                continue
            command = rel if "/" in rel else f"./{rel}"
            return _premise(action, f"tool.file.{tool}", old[0], given, "git.history",
                            f"{old[0]}, the file `{tool}` reads by default, is gone: commit {entry} replaced it with "
                            f"{given} and added {rel}, which runs {tool} with -f {given}",
                            f"`{command}` (runs {tool} with {given})", f"{tool} finds {old[0]} here")
    return None


_MANIFESTS = ("requirements.txt", "requirements-dev.txt", "requirements.in", "pyproject.toml", "package.json", "Gemfile")
PLUGINS_CACHE = "premises-removed-plugins.json"


def _dependency_names(text: str) -> set[str]:
    """Package names a manifest declares (requirement lines, quoted names in TOML/JSON, Gemfile gems)."""
    re = _re()
    names = {m.group(1).lower().replace("_", "-") for m in re.finditer(r"(?m)^\s*([A-Za-z][\w.-]*)\s*(?:[=<>!~\[;]|$)", text)}
    names |= {m.group(1).lower().replace("_", "-") for m in re.finditer(r"[\"']([A-Za-z@][\w@/.-]*)\s*(?:[=<>!~\[;][^\"']*)?[\"']", text)}
    return names


def _removed_plugins(ctx: Any, program: str) -> list[tuple[str, str, str]]:
    """(plugin, manifest, "<commit> <subject>") for each dependency named ``<program>-<x>`` that a commit
    removed from a manifest that still declares ``program``; cached per HEAD and program."""
    from statewise_cli.fast import jsonfast as json
    from statewise_cli.recovery.premises import _head_commit, _read, save_cache

    head = _head_commit(ctx.repo) or ctx.head()
    cache = os.path.join(ctx.repo.store_dir, PLUGINS_CACHE)
    data: dict[str, Any] = {}
    text = _read(cache)
    if text:
        try:
            data = json.loads(text)
        except ValueError:
            data = {}
    if not isinstance(data, dict) or data.get("head") != head:
        data = {"head": head, "programs": {}}
    known = data["programs"].get(program)
    if isinstance(known, list):
        return [(str(x[0]), str(x[1]), str(x[2])) for x in known if isinstance(x, list) and len(x) == 3]
    found: list[tuple[str, str, str]] = []
    root = os.path.realpath(ctx.root)
    for manifest in _MANIFESTS:
        now = _read(os.path.join(root, manifest), 200_000)
        if not now or program.lower() not in now.lower() or program.lower() not in _dependency_names(now):
            continue
        code, out = ctx.git("log", "-n3", "--format=%h %s", "-i", "-G", rf"{program}[-_][a-z]", "--", manifest)
        if code != 0:
            continue
        for entry in out.strip().splitlines():
            sha = entry.split(" ", 1)[0]
            code, before = ctx.git("show", f"{sha}^:{manifest}")
            code2, after = ctx.git("show", f"{sha}:{manifest}")
            if code != 0 or code2 != 0:
                continue
            gone = {n for n in _dependency_names(before) - _dependency_names(after) if n.startswith(program.lower() + "-")}
            current = _dependency_names(now)
            found += [(n, manifest, entry) for n in sorted(gone) if n not in current]
    data["programs"][program] = [list(x) for x in found]
    save_cache(cache, data)
    return found


def removed_plugin_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``P sub …`` where a commit removed P's plugin (a dependency named ``P-x``, P itself still declared)
    and added the configuration of the tool the plugin wrapped (its file at the root, that tool now a
    dependency): the subcommand went with the plugin; the tool runs the same job (``flask db upgrade`` →
    ``alembic upgrade``)."""
    from statewise_cli.recovery.premises import _premise, _read
    from statewise_cli.recovery.premises_replaced import _GENERIC, _added_by, _config_tool
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    program = os.path.basename(program)
    if len(program) < 2 or not program.replace("-", "").isalnum() or program in _GENERIC:
        return None
    ops = [a for a in args if not a.startswith("-")]
    if not ops or not ops[0].replace("-", "").replace(":", "").isalnum():
        return None
    plugins = _removed_plugins(ctx, program)
    if len({e for _, _, e in plugins}) != 1:
        return None  # no plugin removed, or by several commits: the history does not say which one held the command
    plugin = " and ".join(sorted({p for p, _, _ in plugins}))
    _, manifest, entry = plugins[0]
    root = os.path.realpath(ctx.root)
    sha = entry.split(" ", 1)[0]
    current = set()
    for m in _MANIFESTS:
        current |= _dependency_names(_read(os.path.join(root, m), 200_000) or "")
    tools = {t for t in (_config_tool(p) for p in _added_by(ctx, sha) if os.path.exists(os.path.join(root, p)))
             if t and t != program and t in current}
    if len(tools) != 1:
        return None
    other = tools.pop()
    text = (action.text or "").strip()
    rest = args[args.index(ops[0]) + 1:]
    command = " ".join([other, *rest]) if rest else other
    return _premise(action, f"tool.replaced.{program}-{ops[0]}", f"{program} {ops[0]}", other, "git.history",
                    f"`{program} {ops[0]}` came with {plugin}, which commit {entry} removed from {manifest} while adding "
                    f"{other}'s configuration; {other} is a dependency now, so `{text[:80]}` has no command to run",
                    f"`{command}` ({other} runs this job now)", f"{program} still has the `{ops[0]}` command")


# ------------------------------------------------------------------ a successor the project's documents name
# Documents a project states what it moved to in: the usual top-level docs and changelogs, and docs/ (memory files
# are what is being checked, never evidence).
_STATEMENT_DOCS = ("README.md", "README.rst", "README", "CONTRIBUTING.md", "DEVELOPING.md", "DEVELOPMENT.md",
                   "HACKING.md", "CHANGELOG.md", "CHANGES.md", "HISTORY.md", "NEWS.md", "MIGRATION.md", "MIGRATING.md",
                   "UPGRADING.md", "RELEASING.md", "OPERATIONS.md", "RUNBOOK.md", "NOTES.md", "docs/README.md")
# A sentence that speaks of a plan, a question or a negation does not say what is true now.
_NOT_NOW = (r"\bwill\b", r"\bplan(?:s|ned|ning)?\b", r"\bconsider(?:s|ed|ing)?\b", r"\bpropos(?:e|ed|al)\b",
            r"\bmight\b", r"\bmay\b", r"\bshould we\b", r"\bnot yet\b", r"\beventually\b", r"\bsomeday\b", r"\bTODO\b",
            r"\b(?:was|were|is|has|have)\s+not\b", r"\bn't\b", r"\bnever\b", r"\bif\b", r"\?", r"\brevert(?:ed|s)?\b",
            r"\bback to\b")


_CHANGE = (r"(?i)\b(?:replac|supersed|succeed|mov(?:ed|es)\b|migrat|switch|instead\b|in place of|deprecat|retir|dropp|"
           r"swapp|rather than|no longer)")


def successor_in_text(text: str, old: str, strict: bool = False) -> set[str]:
    """The names ``text`` says replaced ``old`` ("X was replaced by Y", "moved from X to Y", "X → Y", "Y supersedes
    X", "X is deprecated in favour of Y", "use Y instead of X"), one sentence at a time, skipping sentences about
    plans, questions and negations."""
    re = _re()
    t = re.escape(old)
    name = r"`?\.?([A-Za-z@][\w@.+-]*[\w])`?"
    x = rf"`?\.?(?<![\w-]){t}(?![\w-])`?"
    glue = r"(?:\s+\([^)]{0,60}\))?"  # "sox (the old converter) was replaced by"
    patterns = (
        rf"(?i){x}{glue}\s*(?:->|→|=>|⇒)\s*{name}",
        (rf"(?i){x}{glue}\s+(?:(?:is|was|were|are|has\s+been|have\s+been|got|been)\s+)?(?:replaced|superseded|succeeded)"
        rf"\s+by\s+{name}"),
        rf"(?i)\b(?:replac(?:e|es|ed|ing)|swap(?:ped|s)?|substitut(?:e|ed|es))\s+{x}\s+(?:with|by|for)\s+{name}",
        (rf"(?i)\b(?:from|drop(?:ped|s)?|dropping|retired?|deprecated?|removed?)\s+{x}{glue}\s+(?:to|for|in\s+favou?r\s+of)"
        rf"\s+{name}"),
        (rf"(?i){x}{glue}\s+(?:(?:is|was|are|were|has\s+been|have\s+been)\s+)?(?:deprecated|retired|dropped|removed|gone)"
        rf"[^.;]{{0,40}}?\bin\s+favou?r\s+of\s+{name}"),
        rf"(?i)\b(?:switch(?:ed)?|move[sd]?|migrate[sd]?)\s+(?:\w+\s+){{0,3}}?{x}\s+to\s+{name}",
        rf"(?i){name}\s+(?:now\s+)?(?:replaces|replaced|supersedes|superseded|succeeds)\s+{x}",
        # "gamesrvctl fleet manager replaces srvadm": the program named before what kind of tool it is
        (rf"(?i){name}(?:\s+(?:{_KIND_NOUNS}))+\s+(?:now\s+)?(?:replaces|replaced|supersedes|superseded|succeeds)"
         rf"\s+{x}"),
        rf"(?i)\b(?:use|uses|using|run|runs)\s+{name}\s+(?:instead\s+of|in\s+place\s+of|rather\s+than)\s+{x}",
        rf"(?i){name}\s+(?:instead\s+of|in\s+place\s+of)\s+{x}",
    )
    found: set[str] = set()
    for sentence in re.split(r"(?<=[.;!])\s+|\n\s*\n|\n\s*[-*]\s+", text):
        if old.lower() not in sentence.lower():
            continue
        if any(re.search(p, sentence, re.I if p != r"\bTODO\b" else 0) for p in _NOT_NOW):
            continue
        if strict and not re.search(_CHANGE, sentence):
            continue  # "converts png to webp" describes a job, not a change
        for pattern in patterns:
            for m in re.finditer(pattern, sentence):
                word = m.group(1).rstrip(".,;:)")
                if word.lower() in _NOT_NAMES or word.lower() == old.lower() or len(word) < 2:
                    continue
                found.add(word)
    return found


# A sentence that says what became of a program: the words that mark a change, including a program gone or dead.
_GONE = (r"(?i)\b(?:replac|supersed|succeed|migrat|switch|instead\b|in place of|deprecat|retir|dropp|swapp|"
         r"rather than|no longer|removed|unmaintained|abandoned|discontinued|not (?:shipped|installed|available)|gone\b|"
         r"renamed|installs\b|now\b|these days|nowadays)")
_RENAMED_BINARY = r"(?i)\b(?:renamed|binary|executable|installs)\b"
_PROSE = frozenset({"host", "server", "build", "image", "config", "site", "test", "tests", "check", "run", "start",
                    "stop", "reload", "deploy", "release", "update", "upgrade", "status", "report", "format", "lint",
                    "docs", "edge", "proxy", "same", "strictness", "schemas", "recent", "manifests", "container",
                    "package", "binary", "shipped", "installs", "script", "scripts", "files", "file", "data", "pipeline"})


def _installed(program: str, ctx: Any, directory: str) -> bool:
    from statewise_cli.recovery.installed import installed

    return installed(program, ctx, directory)


def _commit_statements(ctx: Any, program: str, depth: int = 40) -> list[tuple[str, str]]:
    """The messages of the last ``depth`` commits that name ``program``, as (``commit <sha>``, message)."""
    code, out = ctx.git("log", f"-n{depth}", "--format=%h%x00%B%x1e")
    if code != 0:
        return []
    low = program.lower()
    found = []
    for entry in out.split("\x1e"):
        sha, _, body = entry.strip().partition("\x00")
        if sha and low in body.lower():
            found.append((f"commit {sha}", body.strip()))
    return found


def installed_successor(ctx: Any, directory: str, old: str,
                        texts: list[tuple[str, str]]) -> tuple[str, str, str, str] | None:
    """For a program that is not installed here: the one installed program that the project's statements (docs,
    recent commit messages) name beside it in a sentence saying what became of it ("kubeval is unmaintained; manifests
    are validated with kubeconform", "Edge proxy: Caddy; nginx removed from the host") — (name, where, text, the
    sentence), or None
    when none or several are named. Being installed here is what makes a word a program, not the sentence."""
    re = _re()
    from statewise_cli.recovery.premises_history import _SYSTEM

    x = re.compile(rf"(?i)(?<![\w-]){re.escape(old)}(?![\w-])")
    found: dict[str, tuple[str, str, str]] = {}
    for name, text in texts:
        for sentence in re.split(r"(?<=[.!])\s+|\n\s*\n|\n\s*[-*]\s+", text):
            if not x.search(sentence) or not re.search(_GONE, sentence):
                continue
            if any(re.search(p, sentence, re.I if p != r"\bTODO\b" else 0) for p in _NOT_NOW if p != r"\bn't\b"):
                continue
            for m in re.finditer(r"(?<![\w./-])`?([A-Za-z][\w+-]*[A-Za-z0-9])`?(?![\w/])", sentence):
                word = m.group(1)
                low = word.lower()
                if (low == old.lower() or len(low) < 3 or low in _SYSTEM or low in _PROSE or low in _NOT_NAMES
                        or (word[:1].isupper() and not word[1:].islower())):
                    continue
                if low not in found and _installed(low, ctx, directory):
                    found[low] = (name, text, " ".join(sentence.split())[:200].replace("`", "'"))
            # a product named in words ("BCL Convert", "Flow Runner") installed as their hyphenated name
            for m in re.finditer(r"(?<![\w./-])([A-Z][A-Za-z0-9]+)\s+([A-Z][a-z0-9]+|[A-Z0-9]+)(?![\w/-])", sentence):
                low = f"{m.group(1)}-{m.group(2)}".lower()
                if low != old.lower() and low not in found and _installed(low, ctx, directory):
                    found[low] = (name, text, " ".join(sentence.split())[:200].replace("`", "'"))
    if len(found) != 1:
        return None
    new, (name, text, sentence) = next(iter(found.items()))
    return new, name, text, sentence


def _statement_docs(root: str) -> list[tuple[str, str]]:
    from statewise_cli.recovery.premises import _read

    names = list(_STATEMENT_DOCS)
    for sub in ("docs", "doc"):
        try:
            names += [f"{sub}/{n}" for n in sorted(os.listdir(os.path.join(root, sub)))[:40]
                      if n.endswith((".md", ".rst", ".txt"))]
        except OSError:
            pass
    out: list[tuple[str, str]] = []
    for name in dict.fromkeys(names):
        text = _read(os.path.join(root, name), 200_000)
        if text:
            out.append((name, text))
    return out


def _quote(text: str, old: str, new: str) -> str:
    re = _re()
    for sentence in re.split(r"(?<=[.;!])\s+|\n\s*\n|\n\s*[-*]\s+", text):
        if old.lower() in sentence.lower() and new.lower() in sentence.lower():
            return " ".join(sentence.split())[:200].replace("`", "'")
    return ""


def documented_successor_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """An action naming X — its program, or the format of a file it names (``out.mbtiles``) — where the project's
    own documents say X was replaced by Y (and never that Y was replaced by X): the action gets what is true now,
    naming Y. The program's alternative is how the repository runs Y (its docs, CI, scripts), else the same line
    with Y where Y is a drop-in; a format's alternative is the same line with the file in Y's format."""
    from statewise_cli.recovery.premises_history import _SYSTEM
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    if not (where == root or where.startswith(root + os.sep)):
        return None
    tool = os.path.basename(program)
    candidates: list[tuple[str, str]] = []
    jobless = not any(not a.startswith("-") for a in args)  # `tool --version`: no job to run in its place
    if len(tool) >= 2 and tool not in _SYSTEM and tool.replace("-", "").replace("_", "").isalnum() and not jobless:
        candidates.append(("program", tool))
        for suffix in ("-ctl", "ctl", "-cli", "cli", "d"):  # supervisorctl / supervisord: Supervisor's programs
            if tool.endswith(suffix) and len(tool) - len(suffix) >= 4:
                candidates.append(("program", tool[: -len(suffix)]))
                break
    for a in args:
        base = os.path.basename(a.split("=", 1)[-1])
        stem, ext = os.path.splitext(base)
        if stem and len(ext) > 3 and ext[1:].isalpha() and ("program", ext[1:]) not in candidates:
            candidates.append(("format", ext[1:]))
    if not candidates:
        return None
    docs = _statement_docs(root)
    lowered = [(n, t, t.lower()) for n, t in docs]
    if candidates[0][0] == "program" and not _installed(candidates[0][1], ctx, directory):
        # a program that is not here: what the project's recent commits say about it counts as a statement too
        lowered += [(n, t, t.lower()) for n, t in _commit_statements(ctx, candidates[0][1])]
    for kind, old in candidates:
        low = old.lower()
        texts = [(n, t) for n, t, lt in lowered if low in lt]
        if not texts:
            continue
        re = _re()  # only once a document names what the action uses
        named: dict[str, str] = {}
        for name, text in texts:
            for new in successor_in_text(text, old, strict=kind == "format"):
                named.setdefault(new.lower(), name)
        fallback = None
        if not named and kind == "program" and not _installed(old, ctx, directory):
            fallback = installed_successor(ctx, directory, old, texts)
            if fallback is not None:
                named = {fallback[0]: fallback[1]}
        if len(named) != 1:
            continue
        new_low, source = next(iter(named.items()))
        if new_low == tool.lower():
            continue  # `payslipctl` for the `payslip` its name extends: the action already runs the one named
        if fallback is not None:
            text, new = fallback[2], fallback[0]
        else:
            text = next(t for n, t in texts if n == source)
            new = next(w for w in successor_in_text(text, old) if w.lower() == new_low)
        # the documents also say the successor was replaced by the old one: the history is not one-way
        if any(low in {w.lower() for w in successor_in_text(t, new)} for _, t, lt in lowered if new_low in lt):
            continue
        line = (action.text or "").strip()
        if kind == "format":
            command = re.sub(rf"(?i)\.{re.escape(old)}\b", "." + new.lower().lstrip("."), line)
            if command == line:
                continue
            shown = f"`{command}`"
            alternative = f"`{command}` (the file in {new}, which {source} says replaced {old})"
        else:
            if new_low == low or low in new_low and re.search(rf"(?i)\b{re.escape(old)}\s+{re.escape(new)}", line):
                continue
            if new[:1].isupper() and (new[1:].islower() or re.search(rf"(?<![\w-]){re.escape(new.lower())}\s", text)):
                new = new.lower()  # "Nomad" in prose, `nomad` on the command line
            command = documented_invocation(root, new, args)
            if command is None:
                from statewise_cli.recovery.premises_history import _carried
                from statewise_cli.recovery.premises_routes import _commands

                given = [c for c in _commands(" ".join(text.split()), {old}) if c.split()[:1] == [new]]
                command = _carried(given, old, args) if given else None
            if command is None:
                from statewise_cli.recovery.premises_roles import successor_command

                found = successor_command(old, args, new)
                command = found if found and found.split(" ", 1)[0] == new else None
            if command is None:
                from statewise_cli.recovery.premises_jobs import job_command

                command = job_command(new, old, args, directory, ctx)
            if command is None and fallback is not None and _re().search(_RENAMED_BINARY, fallback[3]) and args:
                # "the sex binary is no longer shipped; the package installs source-extractor": the same program
                # under its new name takes the same arguments
                command = " ".join([new, *args])
            if command is None and args:
                # "calls through the port community system CLI (pcs vessel-call)": the successor's own module for the
                # job, named with it, whose name carries a piece of the old program's ("call" of vcall)
                m = re.search(rf"[(`]\s*{re.escape(new)}\s+([a-z][\w-]*)\s*[)`]", text, re.I)
                if m and _abbreviates(low, m.group(1).lower().replace("_", "-").split("-")):
                    command = " ".join([new, m.group(1), *args])
            if command:
                from statewise_cli.recovery.premises_history import fill_variables

                command = fill_variables(command, list(args))
            shown = f"`{command}`" if command else ""
            alternative = (f"`{command}` (how this repository runs {new}, which {source} says replaced {old})"
                           if command else f"run the same job with {new}: {source} says it replaced {old} here")
        from statewise_cli.recovery.premises import _premise

        if fallback is not None:
            said = (f"`{old}` is not installed here, and {source} names {new} (installed) where it says what became "
                    f"of {old}: \"{fallback[3]}\"")
        else:
            said = f"{source} says {old} was replaced by {new}: \"{_quote(text, old, new)}\""
        return _premise(action, f"tool.replaced.{low}", old, new, "repo.docs",
                        f"{said}; `{line[:80]}` still uses {old}", alternative, f"this project uses {old}", shown=shown)
    return None
