"""A task the project's docs say how to run now, when the action's own way can no longer run.

The premise of ``expo build:android …`` or ``make flash`` is "this program (or this runner's file) is still how the
project does it". When the program is not installed, or the runner's file (Makefile, justfile, Taskfile) is gone
from the action's directory, the project's documents (README, CONTRIBUTING, ``docs/``) are read for a command in a
code span that runs another, installed program and names the same task — a word of the action's operands
(``flash``, ``build``, ``android``): that command is the alternative (``idf.py -p /dev/ttyUSB0 flash``,
``eas build --platform android --profile production``). A documented command that chains further bare targets
after the task's last word (``… flash monitor``) is cut after it: the action asked for that task only.

File reads only; nothing denies unless a document names a command for the task.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_DOCS = ("README.md", "README.rst", "CONTRIBUTING.md", "DEVELOPING.md", "DEVELOPMENT.md", "BUILDING.md", "HACKING.md")
_DIRS = ("docs", "doc")
_RUNNER_FILES = {"make": ("Makefile", "makefile", "GNUmakefile"), "just": ("justfile", "Justfile", ".justfile"),
                 "task": ("Taskfile.yml", "Taskfile.yaml", "taskfile.yml")}
# Operand words that name no task (options' values that are everywhere, generic verbs).
_GENERIC = frozenset({"run", "the", "a", "to", "and", "all", "--", "-", "true", "false", "yes", "no", "on", "off"})


def _spans(root: str, directory: str) -> list[tuple[str, str]]:
    import re

    from statewise_cli.recovery.premises import _read

    found: list[tuple[str, str]] = []
    for path in _doc_paths(root, directory):
        text = _read(path, 200_000) if os.path.isfile(path) else None
        if not text:
            continue
        rel = os.path.relpath(path, root)
        for m in re.finditer(r"`([^`\n]{3,160})`", text):
            found.append((rel, " ".join(m.group(1).split())))
    return found


def _doc_paths(root: str, directory: str) -> list[str]:
    paths: list[str] = []
    for base in dict.fromkeys((directory, root)):
        paths += [os.path.join(base, n) for n in _DOCS]
        for sub in _DIRS:
            try:
                paths += [os.path.join(base, sub, n) for n in sorted(os.listdir(os.path.join(base, sub)))[:40]
                          if n.endswith((".md", ".rst", ".txt", ".adoc"))]
            except OSError:
                continue
    return list(dict.fromkeys(paths))


def _mentioned(root: str, directory: str, task: set[str]) -> bool:
    """A document holds a code span and one of the task's words (plain string search, no module imported)."""
    from statewise_cli.recovery.premises import _read

    for path in _doc_paths(root, directory):
        text = (_read(path, 200_000) or "") if os.path.isfile(path) else ""
        if "`" in text and any(w in text.lower() for w in task):
            return True
    return False


def _task_words(words: list[str]) -> set[str]:
    out: set[str] = set()
    for w in words[1:]:
        if w.startswith("-") or "=" in w:
            continue
        for part in w.replace(":", " ").replace("/", " ").split():
            if len(part) >= 3 and part.lower() not in _GENERIC and not part.isdigit():
                out.add(part.lower())
    return out


def _pieces(word: str) -> set[str]:
    """The directory and file-stem words of a path-like word (``inventory/staging.py`` → inventory, staging)."""
    out: set[str] = set()
    if "/" not in word:
        return out
    for part in word.replace(":", "/").split("/"):
        stem = part.rsplit(".", 1)[0] if "." in part[1:] else part
        if len(stem) >= 3 and stem not in _GENERIC and not stem.isdigit():
            out.add(stem)
    return out


def documented_task_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    if not words:
        return None
    program = os.path.basename(words[0])
    if os.sep in words[0] or program in ("git", "cd", "echo", "cat", "ls"):
        return None
    if action.operation.startswith("run.") and program not in _RUNNER_FILES:
        return None  # a project runner (npm test, pytest): its own premises read it
    task = _task_words(words)
    if not task or not _mentioned(ctx.root, directory, task):
        return None  # cheap: no document names the task in a code span
    from statewise_cli.recovery.installed import installed
    from statewise_cli.recovery.premises import _premise

    files = _RUNNER_FILES.get(program)
    if files is not None:
        if any(os.path.exists(os.path.join(directory, f)) for f in files) or len(words) < 2:
            return None
        why = f"no {files[0]} in {os.path.relpath(directory, ctx.root) if directory != ctx.root else 'the repository'}"
    elif not installed(program, ctx, directory):
        why = f"`{program}` is not installed here"
    else:
        return None
    best: tuple[int, int, str, str] | None = None
    for rel, span in _spans(ctx.root, directory):
        parts = span.split()
        head = parts[0]
        if head in ("$", ">") and len(parts) > 1:
            parts = parts[1:]
            head = parts[0]
        if os.path.basename(head) == program or "<" in span or "…" in span or "..." in span:
            continue
        if not (installed(os.path.basename(head), ctx, directory) or os.path.isfile(os.path.join(ctx.root, head))):
            continue
        lowered = [p.lower() for p in parts]
        # a word is shared whole, or as the parts of a path (`inventory/staging` and `inventory/staging.py`)
        pieces = [{p} | _pieces(p) for p in lowered]
        shared = task & set().union(*pieces[1:]) if len(pieces) > 1 else set()
        if not shared:
            continue
        last = max(i for i, p in enumerate(pieces) if p & shared)
        tail = parts[last + 1:]
        command = " ".join(parts[:last + 1]) if tail and all(not t.startswith("-") and t.isalpha() for t in tail) \
            else " ".join(parts)
        key = (len(shared), -len(command.split()), rel, command)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:
        return None
    _n, _l, rel, command = best
    return _premise(action, "command.documented", " ".join(words[:3]), command, "repo.docs",
                    f"{why}; {rel} runs this task as `{command}`", f"`{command}`",
                    f"`{program}` is how this project runs it")


def documented_program(ctx: Any, directory: str, name: str) -> str | None:
    """A command the docs write whose program is ``name`` under a longer or wrapped name (``bin/standardrb --fix``
    for standard, ``./gradlew`` for gradle) and that runs here (installed, or a file of the repository)."""
    from statewise_cli.recovery.installed import installed

    found: list[str] = []
    for _rel, span in _spans(ctx.root, directory):
        parts = span.split()
        if parts[0] in ("$", ">") and len(parts) > 1:
            parts = parts[1:]
        base = os.path.basename(parts[0]).lower()
        if not base.startswith(name.lower()) or "<" in span or "…" in span:
            continue
        if os.sep in parts[0] and not os.path.isfile(os.path.join(ctx.root, parts[0])):
            continue
        if os.sep not in parts[0] and not installed(parts[0], ctx, directory):
            continue
        found.append(" ".join(parts))
    if not found:
        return None
    return max(dict.fromkeys(found), key=lambda c: (len(c.split()) > 1, found.count(c)))


# Words that make a document's paragraph a rule about how a command runs, not an example of one.
_NORMATIVE = ("must", "only", "never", "always", "required", "requires", "caps ", "capped", "at most", "do not",
              "don't", "not allowed", "mandatory", "no longer", "instead")


def _options(words: list[str]) -> dict[str, str | None]:
    """option → its value (``--rate 1``, ``--rate=1``, ``-p 'script'``), or None for a bare flag."""
    out: dict[str, str | None] = {}
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("--") and "=" in w:
            name, _, value = w.partition("=")
            out[name] = value
        elif w.startswith("-") and len(w) > 1 and w != "--":
            nxt = words[i + 1] if i + 1 < len(words) else None
            if nxt is not None and not nxt.startswith("-"):
                out[w] = nxt
                i += 1
            else:
                out[w] = None
        i += 1
    return out


# Where people keep dated notes and decisions besides docs/: a value fixed there ("from today the pool runs at 1.5
# mg/l (`--chlorine 1.5`)") is as much the project's word as one in the README.
_NOTE_DIRS = ("notes", "decisions", "adr", "ops", "runbooks")


def _note_paths(root: str, directory: str) -> list[str]:
    """The documents ``_doc_paths`` reads, then one level of sections under docs/ (``docs/notes/``,
    ``docs/decisions/``) and the top-level note directories."""
    paths = _doc_paths(root, directory)
    for base in dict.fromkeys((directory, root)):
        subs: list[str] = []
        for sub in _DIRS:
            try:
                subs += [os.path.join(sub, n) for n in sorted(os.listdir(os.path.join(base, sub)))[:20]
                         if not n.startswith(".") and os.path.isdir(os.path.join(base, sub, n))]
            except OSError:
                continue
        for sub in (*subs, *_NOTE_DIRS):
            try:
                paths += [os.path.join(base, sub, n) for n in sorted(os.listdir(os.path.join(base, sub)))[-40:]
                          if n.endswith((".md", ".rst", ".txt", ".adoc"))]
            except OSError:
                continue
        paths += _folder_documents(base)
    return list(dict.fromkeys(paths))


# Folders that hold other people's code or build output, never the project's own rules.
_NOT_DOC_FOLDERS = frozenset({"node_modules", "vendor", "third_party", "dist", "build", "target", "out", "venv",
                              "site-packages", "__pycache__", "docs", "doc", "tests", "test"})


def _folder_documents(base: str) -> list[str]:
    """The documents a work area keeps beside its files — a rulebook, a checklist, notes, a README one folder down
    (``tournaments/RULEBOOK.md``, ``intake/CHECKLIST.md``, ``dispensary/NOTES.md``): how that work is done is written
    where it is done."""
    out: list[str] = []
    try:
        folders = sorted(n for n in os.listdir(base) if not n.startswith((".", "_")) and n not in _NOT_DOC_FOLDERS
                         and os.path.isdir(os.path.join(base, n)))[:40]
    except OSError:
        return out
    for folder in folders:
        try:
            names = sorted(os.listdir(os.path.join(base, folder)))
        except OSError:
            continue
        out += [os.path.join(base, folder, n) for n in names if n.endswith((".md", ".rst", ".adoc"))][:10]
    return out


def _date_of(text: str) -> str:
    """The first ISO date a text carries (``2026-11-28``), or ""."""
    import re

    m = re.search(r"\b(?:19|20)\d\d-[01]\d-[0-3]\d\b", text)
    return m.group(0) if m else ""


def _paragraphs(root: str, directory: str, names: list[str]) -> list[tuple[str, str, str]]:
    """The paragraphs of the documents that hold a code span and one of ``names`` (the program, its options), the
    latest dated first (the date of the paragraph, else of the heading above it, else of the file's name — on or
    before today), then the undated ones in reading order: of two notes fixing a value, the later one holds."""
    import datetime

    from statewise_cli.recovery.premises import _read

    today = datetime.date.today().isoformat()
    found: list[tuple[str, str, str]] = []
    options = [n for n in names if n.startswith("--")]
    program = next((n.lower() for n in names if not n.startswith("-")), "")

    def holds(p: str) -> bool:  # a code span, one of the action's options, or an option beside the program's name
        return "`" in p or _names_option(p, options) or (" --" in p and bool(program) and program in p.lower())

    for path in _note_paths(root, directory):
        text = _read(path, 200_000) if os.path.isfile(path) else None
        if text and holds(text) and any(n in text.lower() if n == program else n in text for n in names):
            rel = os.path.relpath(path, root)
            heading = ""
            for p in text.split("\n\n"):
                if p.lstrip().startswith("#"):
                    heading = p
                if holds(p) and any(n in p.lower() if n == program else n in p for n in names):
                    day = _date_of(p) or _date_of(heading) or _date_of(os.path.basename(path))
                    found.append((day if day <= today else "", rel, p))
    for rel, p in _workflow_steps(root, [n for n in names if not n.startswith("-")][:1]):
        found.append(("", rel, p))
    dated = sorted((f for f in found if f[0]), key=lambda f: f[0], reverse=True)
    return [(rel, p, day) for day, rel, p in dated] + [(rel, p, day) for day, rel, p in found if not day]


def _names_option(text: str, options: list[str]) -> bool:
    """Whether ``text`` writes one of ``options`` as a word (``--fields`` in "(--fields anonymised)")."""
    import re

    return any(re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", text) for o in options)


_WORKFLOW_DIRS = (".github/workflows", ".gitea/workflows", ".forgejo/workflows")


def _workflow_steps(root: str, programs: list[str], named: str = "") -> list[tuple[str, str]]:
    """(file, paragraph) for each line of a CI workflow that runs one of ``programs``: the comment lines right above
    it and the command as a code span (``# playout ingests IMSC only`` + `` `capgen export … --format imsc` ``). The
    automation is the project's own statement of how the program runs; the comment says whether it is a rule.
    ``named`` instead: every commented step whose comment names that word (a note about a program the step no longer
    runs). A Makefile's recipe line counts as a step, under the comment above its target."""
    import re

    from statewise_cli.recovery.premises import _read

    if not programs and not named:
        return []
    found: list[tuple[str, str]] = []
    paths: list[str] = [os.path.join(root, ".gitlab-ci.yml")]
    for sub in _WORKFLOW_DIRS:
        try:
            paths += [os.path.join(root, sub, n) for n in sorted(os.listdir(os.path.join(root, sub)))[:30]
                      if n.endswith((".yml", ".yaml"))]
        except OSError:
            continue
    paths += [os.path.join(root, n) for n in ("Makefile", "makefile", "GNUmakefile")]
    mark = re.compile(rf"(?<![\w-]){re.escape(named)}(?![\w-])", re.IGNORECASE) if named else None
    for path in paths:
        text = _read(path, 100_000) if os.path.isfile(path) else None
        if not text or not (any(p in text for p in programs) or mark and mark.search(text)):
            continue
        lines = text.splitlines()
        make = not path.endswith((".yml", ".yaml"))
        for i, line in enumerate(lines):
            if make and not line.startswith("\t"):
                continue
            body = line.strip()
            for lead in ("- run:", "run:", "- "):
                if body.startswith(lead) and not make:
                    body = body[len(lead):].strip()
                    break
            first = body.split()[0] if body.split() else ""
            if "`" in body or not first or (not named and os.path.basename(first) not in programs):
                continue
            j = i - 1
            if make:  # the recipe's other lines, then its target line
                while j >= 0 and lines[j].startswith("\t"):
                    j -= 1
                if j < 0 or not re.match(r"[\w./%-]+\s*:(?!=)", lines[j]):
                    continue
                j -= 1
            notes: list[str] = []
            while j >= 0 and lines[j].strip().startswith("#"):
                notes.insert(0, lines[j].strip().lstrip("#").strip())
                j -= 1
            if notes and (mark is None or mark.search(" ".join(notes))):
                found.append((os.path.relpath(path, root), " ".join(notes) + f" `{body}`"))
    return found


def _work_words(program: str, words: list[str], mine: dict[str, str | None]) -> set[str]:
    """The words that say which work an action does: its program, its subcommands and operands, the values it passes
    (``clubctl members export --to sports-council`` → clubctl, member, export, sport, council), by a 4-letter stem."""
    import re

    out = {program.lower(), "\0" + program.lower()}
    for w in words[1:]:
        if w.startswith("-"):
            continue
        for part in re.split(r"[^A-Za-z]+", w.lower()):
            if len(part) >= 4:
                out.add(part[:5] if len(part) > 5 else part)
    return out


def _stated_forms(paragraph: str, mine: dict[str, str | None], work: set[str]) -> list[list[str]]:
    """The forms a paragraph states: each code span, split into words, and — in a paragraph about the action's work
    (it names the program or a word of its subcommands and operands) — each of the action's valued options written
    in prose with a value (``(--fields anonymised)``, "I export every permit model with --schema IFC4")."""
    import re
    import shlex

    forms: list[list[str]] = []
    pieces = paragraph.split("`")
    for i, piece in enumerate(pieces):
        if i % 2 == 0 or not piece.strip() or "<" in piece or "…" in piece or "..." in piece:
            continue
        try:
            parts = shlex.split(piece)
        except ValueError:
            continue
        if parts[:1] in (["$"], [">"]):
            parts = parts[1:]
        if parts:
            forms.append(parts)
    prose = " ".join(p for i, p in enumerate(pieces) if i % 2 == 0)
    valued = [o for o, v in mine.items() if o.startswith("--") and v]
    if "--" not in prose:
        return forms
    said = {w[:5] if len(w) > 5 else w for w in re.findall(r"[a-z]{4,}", prose.lower())}
    if not said & work:
        return forms
    # an option the action does not pass counts where the paragraph names the program itself ("Conflicts check on
    # every party, with --scope all" for ``conflicts search``): it says how that program runs
    program = next(iter(sorted(w for w in work if w.startswith("\0"))), "")[1:]
    named = bool(program) and re.search(rf"(?<![\w-]){re.escape(program)}(?![\w-])", prose, re.IGNORECASE) is not None
    seen: dict[str, set[str]] = {}
    for m in re.finditer(r"(?<![\w-])(--[A-Za-z][\w-]*)(?:=|[ \t]+)([A-Za-z0-9][\w.:/@+-]*)", prose):
        value = m.group(2).rstrip(".,;:)")
        if "=" not in m.group(0) and value.lower() in _PROSE_WORDS:
            continue  # "a return run without --target is filed …": the sentence goes on, no value follows
        if re.search(r"\b(?:without|no|not|never|omit(?:s|ted)?|drop(?:s|ped)?)\s+$", prose[:m.start()],
                     re.IGNORECASE):
            continue  # "without --target X" says what happens when it is left out, not the form to run
        if m.group(1) in valued or (named and m.group(1) not in mine):
            seen.setdefault(m.group(1), set()).add(value)
    for option, values in seen.items():
        if len(values) == 1:  # one value the paragraph gives the option; two are a choice, not a rule
            forms.append([option, next(iter(values))])
    return forms


# English words that follow an option in a sentence without being its value ("run without --target is filed", "with
# --dry-run and then", "--force to overwrite").
_PROSE_WORDS = frozenset({
    "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "does", "do", "did", "will", "would",
    "can", "could", "may", "might", "must", "should", "shall", "the", "a", "an", "and", "or", "but", "nor", "so", "if",
    "then", "than", "that", "this", "these", "those", "which", "who", "whom", "whose", "what", "when", "where", "while",
    "as", "at", "by", "for", "from", "in", "into", "of", "on", "onto", "to", "with", "without", "it", "its", "they",
    "them", "their", "there", "here", "not", "no", "only", "also", "too", "just", "still", "now", "ever", "never",
    "always", "flag", "option", "options", "argument", "given", "passed", "goes", "means", "makes", "takes", "gives",
    "keeps", "leaves", "before", "after", "until", "unless", "because", "since", "instead", "else", "otherwise"})


def _placeholder(word: str) -> bool:
    """A word automation fills in at run time: ``$EPISODE``, ``${SITE}``, ``$(SITE)``, ``{ro}``."""
    return word.startswith("$") or (word.startswith("{") and word.endswith("}"))


def _rule_paragraph(paragraph: str) -> bool:
    """A paragraph that states how things are done now: a normative word, or a dated entry (``2026-11-09:``)."""
    low = f" {paragraph.lower()} "
    if any(f" {w}" in low for w in _NORMATIVE):
        return True
    for i in range(len(paragraph) - 6):
        chunk = paragraph[i:i + 7]
        if chunk[:4].isdigit() and chunk[4] == "-" and chunk[5:7].isdigit() and paragraph[i:i + 2] in ("19", "20"):
            return True
    return False


def documented_option_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A command whose option the project's documents give another value, or a valued option they add, in a
    paragraph that states a rule (``must be flashed for EU868 (`--region EU868`)``, ``Fixtures run only against the
    test project: `stripe --project-name shop-test fixtures …` ``): the documented form is how it runs now.

    Two shapes of span count: the same program with the action's operands (its options are compared, and a valued
    option the action lacks is added), and a span that is only one option and its value (``--rate 1``), compared with
    the action's value of that option. File reads only; a document that names none of the action's options says
    nothing."""
    if len(words) < 2 or action.operation.startswith("run."):
        return None
    program = os.path.basename(words[0])
    if program in ("git", "cd", "echo", "cat", "ls", "printf", "true", "false", "test", "script", "env", "sudo"):
        return None
    mine = _options(words[1:])
    operands = [w for w in words[1:] if not w.startswith("-") and w not in {v for v in mine.values() if v}]
    if not mine and not operands:
        return None
    import re
    import shlex

    from statewise_cli.recovery.premises import _premise

    settled: set[str] = set()  # options the latest dated statement already gives the action's own value
    for rel, paragraph, day in _paragraphs(ctx.root, directory, [program, *mine]):
        if not _rule_paragraph(paragraph) and not day:
            continue
        for parts in _stated_forms(paragraph, mine, _work_words(program, words, mine)):
            fixed: list[str] | None = None
            if parts[0].startswith("--") and len(parts) == 2 and parts[0] not in mine and not parts[1].startswith("-") \
                    and re.search(rf"(?<![\w-]){re.escape(program)}(?![\w-])", paragraph.replace("`", " "), re.IGNORECASE) \
                    and not re.search(rf"`[^`]*{re.escape(parts[0])}[^`]*`", paragraph):
                fixed = [*words, *parts]  # an option the paragraph about this program gives in prose, not passed
            elif parts[0].startswith("-") and len(parts) == 2 and parts[0] in mine and mine[parts[0]] is not None \
                    and not parts[1].startswith("-"):
                if parts[0] in settled:
                    continue
                if mine[parts[0]] == parts[1]:
                    settled.add(parts[0])
                else:
                    fixed = [parts[1] if j > 0 and words[j - 1] == parts[0] else w for j, w in enumerate(words)]
            elif os.path.basename(parts[0]) == program and len(parts) > 1:
                theirs = _options(parts[1:])
                their_operands = [w for w in parts[1:] if not w.startswith("-") and w not in
                                  {v for v in theirs.values() if v}]
                if len(operands) != len(their_operands) or any(
                        a != b and not _placeholder(b) for a, b in zip(operands, their_operands)):
                    continue  # another task of the same program
                changed = {o: v for o, v in theirs.items() if v is not None and o in mine and mine[o] not in (None, v)
                           and not _placeholder(v)}
                added = {o: v for o, v in theirs.items() if v is not None and o not in mine and not _placeholder(v)}
                if changed or added:
                    # the documented form, with what automation fills in at run time taken from the action
                    filled = iter(operands)
                    fixed = [words[0]]
                    for j, w in enumerate(parts[1:], 1):
                        if _placeholder(w) and parts[j - 1] in theirs and theirs[parts[j - 1]] == w:
                            fixed.append(mine.get(parts[j - 1]) or w)
                        elif not w.startswith("-") and w not in {v for v in theirs.values() if v}:
                            fixed.append(next(filled, w))
                        else:
                            fixed.append(w)
                    if any(_placeholder(w) for w in fixed):
                        continue
            if fixed is None:
                continue
            # the program as the action wrote it (`./bin/flash-nodes`, not its name)
            head = next((w for w in (action.text or "").split() if os.path.basename(w) == program), fixed[0])
            command = " ".join(shlex.quote(w) if (" " in w or "'" in w) else w for w in [head, *fixed[1:]])
            span = " ".join(parts)
            return _premise(action, "command.documented_option", " ".join(words[:6]), command, "repo.docs",
                            f"{rel} states how this runs now: `{span}`", f"`{command}`",
                            f"`{' '.join(words[:6])}` is how this project runs it")
    return None


# A sentence that holds something until someone acts: not cleared, under review, not for release, nothing goes out
# until a sign-off, quarantined, on hold.
_HOLD_SENTENCE = (r"\bnot (?:yet )?(?:cleared|approved|released|reviewed|signed off|for (?:publication|release))\b",
                  r"\b(?:do not|don't|never|must not) (?:release|send|publish|post|ship|announce|deploy)\b",
                  r"\bnothing (?:\w+ ){0,2}(?:goes|leaves|is sent|is published|is released)\b",
                  r"\bno \w+ (?:goes|leaves|is sent|is published|is released|goes out)\b",
                  r"\buntil (?:i|we|the [\w -]{2,40}?|[A-Z]\w+) (?:have |has )?(?:signed off|stamp|approve|clear|release|review)",
                  r"\bunder (?:my |our |legal |\w+'s )?review\b", r"\bquarantined\b", r"\bon hold\b")
# A sentence that lifts it: approved, cleared, signed off, released — when it holds nothing itself.
_RELEASE_SENTENCE = r"\b(?:approved|cleared|signed off|released|go ahead|green light|lifted)\b"


# An option whose value names a thing the action leaves out (``--skip-batch``, ``--exclude-case``, ``--hold-item``,
# ``--without``): the thing is not acted on.
_EXCLUDING_OPTION = ("--no-", "--skip", "--exclud", "--except", "--omit", "--without", "--ignor", "--hold", "--withhold",
                     "--leave-out", "--drop", "--filter-out", "--blacklist", "--denylist")


def left_out(words: list[str]) -> set[str]:
    """The values of ``words`` (a command line) that an excluding option names (``--skip-batch B-7``,
    ``--exclude-case=C-9``): things the action leaves out."""
    out: set[str] = set()
    for i, w in enumerate(words):
        if w.startswith(_EXCLUDING_OPTION):
            if "=" in w:
                out.add(w.partition("=")[2])
            elif i + 1 < len(words) and not words[i + 1].startswith("-"):
                out.add(words[i + 1])
    return out


def _held_tokens(words: list[str]) -> list[str]:
    """The words of a command that name one particular thing (a case number, a template, a date, a lot): a value with
    a digit or an inner hyphen, four characters or more, that is not an option, a path or a number alone."""
    out: list[str] = []
    skipped = left_out(words)  # `--skip-batch B-7`: the action leaves that thing out, as a hold on it asks
    for w in words[1:]:
        value = w.partition("=")[2] if w.startswith("--") and "=" in w else w
        if value in skipped:
            continue
        if value.startswith("-") or "/" in value or len(value) < 4 or value.replace(".", "").isdigit():
            continue
        if (any(c.isdigit() for c in value) or "-" in value.strip("-")) and value not in out \
                and all(c.isalnum() or c in "-_.:" for c in value):
            out.append(value)
    return out[:4]


def _memory_file(rel: str) -> bool:
    """An agent's memory file (CLAUDE.md, AGENTS.md …): the document a hold is checked against, never its evidence."""
    from statewise_cli.recovery.memory_lines import MEMORY_FILES

    return os.path.basename(rel).lower() in {os.path.basename(m).lower() for m in MEMORY_FILES}


def documented_hold_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """The project's own program (``./bin/send-notice --template rent-increase-2027``) run on a thing that a document
    of the repository holds: a file named for it or a paragraph naming it says it is not cleared, under review, not
    for release, or that nothing goes out until someone signs off — and nothing later in that document lifts the hold
    (approved, cleared, signed off). The action runs before whoever holds it has acted: ask them first. File reads
    only (``git grep`` and ``git ls-files`` over the repository's text documents)."""
    program = ((action.text or "").split() or [""])[0]
    if len(words) < 2 or not program.startswith(("./", "bin/", "scripts/", "tools/")):
        return None
    tokens = _held_tokens(words)
    if not tokens:
        return None
    import re

    from statewise_cli.recovery.premises import _premise, _read

    docs = ("*.md", "*.rst", "*.txt", "*.adoc", "CODEOWNERS")
    for token in tokens:
        code, named = ctx.git("ls-files", "--", *(f"*{token}*{ext[1:]}" for ext in docs if ext.startswith("*")))
        code2, holding = ctx.git("grep", "-I", "-l", "-F", "-e", token, "--", *docs)
        files = ([(f, True) for f in named.split()] if code == 0 else []) + \
            ([(f, False) for f in holding.split()] if code2 == 0 else [])
        for rel, by_name in [f for f in dict.fromkeys(files) if not _memory_file(f[0])][:12]:
            text = _read(os.path.join(ctx.root, rel), 100_000) or ""
            parts = [text] if by_name else [p for p in text.split("\n\n") if token in p]
            for part in parts:
                sentences = [" ".join(s.split()) for s in re.split(r"(?<=[.!?;])\s+|\n+", part) if s.strip()]
                held = [i for i, s in enumerate(sentences) if any(re.search(p, s, re.IGNORECASE) for p in _HOLD_SENTENCE)]
                if not held:
                    continue
                # what the document says after the hold (the rest of the paragraph, then the paragraphs below it)
                later = sentences[held[-1] + 1:] + [" ".join(x.split()) for x in re.split(
                    r"(?<=[.!?;])\s+|\n+", text[text.find(part) + len(part):]) if x.strip()]
                lifted = any(re.search(_RELEASE_SENTENCE, s, re.IGNORECASE) and not re.search(
                    r"\b(?:not|no|never|until|before|once|pending|waits?|after)\b", s, re.IGNORECASE)
                    for s in later)
                if lifted:
                    continue
                quote = sentences[held[0]][:240].replace("`", "'")
                return _premise(action, "intent.hold", f"{token} is cleared now", "held", "repo.files",
                                f"{rel} holds {token}: \"{quote}\". Do not run this now: ask whoever holds it",
                                "", f"{token} is cleared now")
    return None
