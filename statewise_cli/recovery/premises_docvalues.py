"""An option value the repository's documents say is no longer the one to pass, naming the one that is.

Projects write down in prose which value of a setting now does harm or is no longer taken, and which value to
use instead: a dated note ("v2 files are acknowledged and then discarded … only schema v3 files are processed"),
an ops page ("anything on 5432 is the production database now; point test runs at 5433"), a README's
deprecation line ("API v1 is deprecated; use v2"). An action passing the first value assumes it still does
what it used to.

A plain word given to an option is also asked about where a paragraph about the program or the option — in the docs or
in a note beside the program's configuration file — gives it a new name ("what we called quick is now `normal`",
"`fast` was renamed to `turbo`"): the old name is the action's premise, the new one the alternative.

A plain word given to an option (``--route sandbox``) is asked about only where a document writes it as code
(`` `sandbox` ``) or with its option (``--channel email``) in a sentence of harm, and the paragraph's other sentences
give exactly one other value: a code span with a word of direction, or the same option with another value.

The reader asks otherwise only about the action's own option values that carry a digit (versions, ports, schema and API
levels, profile numbers — what a user would not type by chance), and only documents (README, CONTRIBUTING,
``docs/`` two levels deep) whose paragraph names the option or the program. It decides only when one sentence
of the paragraph puts the action's value next to a word of harm or retirement (live, production, real traffic,
discarded, rejected, no longer, deprecated, retired, unsupported) and the paragraph's other sentences give
exactly one value of the same shape (``v2`` → ``v3``; ``10110`` → ``10111``) with a word of direction (only,
use, go to, instead, must, point at) and no word of harm. Anything else is ``unknown``.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from statewise_cli.actions.normalize import Action

_TOP_DOCS = ("README.md", "README.rst", "README", "CONTRIBUTING.md", "OPERATIONS.md", "RUNBOOK.md", "DEVELOPMENT.md")
_MAX_DOCS = 60
_HARM = (r"\blive\b", r"\bproduction\b", r"\bprod\b", (r"\breal (?:traffic|customers?|users?|data|money|orders?|"
                                                          r"devices?|ships|vessels?|patients?|phones?|people|"
                                                          r"recipients?|inbox(?:es)?|accounts?|members?)\b"), r"\bdiscard(?:s|ed)?\b", r"\breject(?:s|ed)?\b",
         r"\bignored?\b", r"\bdropped\b", r"\bno longer\b", r"\bnot (?:be )?(?:accepted|processed|supported|read)\b",
         r"\bdeprecated\b", r"\bretired\b", r"\bunsupported\b", r"\bobsolete\b", r"\bend[- ]of[- ]life\b",
         r"\bcount as missing\b", r"\bshows? up as\b",
         r"\bany ?more\b", r"\b(?:switched|turned|shut) (?:\w+ )?(?:off|down)\b",
         r"\bstopped (?:taking|accepting|receiving|handling|serving|processing|collecting)\b",
         r"\brevoked\b", r"\bwithdrawn\b", r"\bsuperseded\b", r"\blapsed\b", r"\bexpired\b",
         r"\b(?:stays?|kept|remains?|left) (?:only )?for (?:the )?(?:record|records|reference|archive|history)\b",
         # what the value does when passed: it drops, corrupts or takes down what it reaches
         (r"\b(?:drops(?! (?:to|from|by|below|under|off)\b)|corrupts|damages|destroys|disrupts|knocks out|"
          r"takes down|cuts off)\b"),  # (a figure that drops to a value is no harm done by it)
         r"\bbreaks (?:the|all|every|our|their|its|customer|live|production)\b")
_DIRECTION = (r"\bonly\b", r"\buse\b", r"\buses\b", r"\bgo(?:es)? to\b", r"\binstead\b", r"\bmust\b", r"\bshould\b",
              r"\bpoint(?:s|ed)? (?:at|to)\b", r"\bsend (?:it |them )?to\b", r"\bis processed\b", r"\bare processed\b",
              r"\bare accepted\b", r"\bis accepted\b", r"\bswitch(?:ed)? to\b", r"\bmigrat(?:e|ed) to\b",
              r"\b(?:update|upgrade) to\b", r"\breissued\b", r"\breplaced (?:by|with)\b", r"\bfrom now on\b",
              r"\brenewed\b", r"\breplacement\b", r"\bsuccessor\b",
              # a successor named as the new one of its kind, where it is now: "has a new printer at X", "the new host is X"
              r"\b(?:a|the|its|our|their) new [\w-]+(?: [\w-]+)? (?:is|at|on|lives at|sits at|runs at)\b",
              r"\bis now (?:at|on)\b", r"\bmoved to\b")
# Programs whose arguments are text, refs or places rather than a project's settings.
_NOT_SETTINGS = frozenset({"git", "echo", "printf", "cd", "export", "set", "test", "[", "true", "false", "sleep",
                           "statewise", "mkdir", "touch", "rm", "cp", "mv", "ln", "chmod", "chown", "cat", "kill",
                           "date", "grep", "sed", "awk", "head", "tail", "ls", "find"})


def _re() -> Any:
    import re

    return re


def _shape(value: str) -> str:
    return _re().sub(r"\d", "#", value)


def _kin(value: str, token: str) -> bool:
    """``token`` is a value of the same kind as ``value``: the same shape (``v2`` / ``v3``), or for a file name the
    same extension and a stem that extends the other's (``2026-w49.csv`` / ``2026-w49b.csv``: a reissue)."""
    if token == value:
        return False
    if _shape(token) == _shape(value):
        return True
    stem, dot, ext = value.rpartition(".")
    other, odot, oext = token.rpartition(".")
    if not (dot and odot and ext == oext and ext.isalpha() and len(stem) >= 4 and len(other) >= 4):
        return False
    short, long_ = sorted((stem, other), key=len)
    return long_.startswith(short) and 0 < len(long_) - len(short) <= 3


def _date_like(token: str) -> bool:
    re = _re()
    return bool(re.fullmatch(r"\d{4}-\d{2}(?:-\d{2})?|\d{1,2}:\d{2}(?::\d{2})?|(?:19|20)\d{2}|\d{1,2}(?:st|nd|rd|th)",
                             token))


def _option_pairs(words: list[str], lead: str, shortest: int) -> list[tuple[int, str, str]]:
    """(word index, option name, value) of each ``--option=value`` and of each value after an option word that starts
    with ``lead`` and is longer than ``shortest`` characters."""
    found: list[tuple[int, str, str]] = []
    for i, word in enumerate(words[1:], start=1):
        if word.startswith("--") and "=" in word:
            option, value = word.split("=", 1)
        elif i > 1 and words[i - 1].startswith(lead) and len(words[i - 1]) > shortest and not word.startswith("-") \
                and "=" not in words[i - 1]:
            option, value = words[i - 1], word
        else:
            continue
        found.append((i, option, value))
    return found


def _values(words: list[str]) -> list[tuple[int, str, str]]:
    """(word index, option name, value part) for each option value with a digit: ``--schema v2``, ``--udp=h:10110``
    (each part of a ``host:port`` or ``a,b`` value on its own; a machine's own address, 127.x or 0.0.0.0, is no
    setting a document retires, another host's address is)."""
    re = _re()
    found: list[tuple[int, str, str]] = []
    for index, option, value in _option_pairs(words, "-", 2):
        for part in re.split(r"[:,@/=]", value):
            if re.search(r"\d", part) and 2 <= len(part) <= 24 and not _date_like(part) \
                    and re.fullmatch(r"[\w.+-]+", part) and not re.fullmatch(r"(?:127|0)(?:\.\d{1,3}){3}", part):
                found.append((index, option, part))
    return found[:4]


def _docs(root: str) -> list[str]:
    names = [n for n in _TOP_DOCS if os.path.isfile(os.path.join(root, n))]
    base = os.path.join(root, "docs")
    for here, dirs, files in os.walk(base):
        depth = here[len(base):].count(os.sep)
        if depth >= 2:
            dirs[:] = []
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".md", ".rst", ".txt", ".adoc")):
                names.append(os.path.relpath(os.path.join(here, name), root))
        if len(names) >= _MAX_DOCS:
            break
    return names[:_MAX_DOCS]


def _sentences(paragraph: str) -> list[str]:
    return [s for s in _re().split(r"(?<=[.;!?])\s+", paragraph) if s.strip()]


def _tokens(sentence: str) -> list[str]:
    return [t.strip(".,:;!?()'\"`*") for t in _re().findall(r"[\w.:+-]+", sentence)]


def _any(patterns: tuple[str, ...], text: str) -> bool:
    re = _re()
    return any(re.search(p, text, re.I) for p in patterns)


def _about(paragraph: str, program: str, option: str) -> bool:
    """Whether a paragraph names the option (a word of its name) or the program (a word of its name)."""
    re = _re()
    low = paragraph.lower()
    words = [w for w in re.split(r"[-_.]", option.lstrip("-").lower()) if len(w) >= 3]
    words += [w for w in re.split(r"[-_.]", program.lower()) if len(w) >= 4]
    return any(re.search(rf"\b{re.escape(w)}", low) for w in words)


def documented_value_premise(action: Action, words: list[str], directory: str, ctx: Any,
                             task: Callable[[], str] | None = None) -> Any:
    """An action passing an option value a document of the repository says does harm or is no longer taken, in a
    paragraph that gives one other value of the same shape to pass instead."""
    if not words or words[0].startswith(("$", "-")) or os.path.basename(words[0]) in _NOT_SETTINGS:
        return None
    if not any(w.startswith("-") for w in words[1:]):
        return None  # no option value (and nothing imported on the allow path)
    written = (action.text or "").split()[:1]
    if written and written[0] != words[0] and os.path.basename(written[0]) == words[0]:
        words = [written[0], *words[1:]]  # the alternative runs the program as the line wrote it (``./bin/x``)
    values = _values(words) if any(c.isdigit() for w in words[1:] for c in w) else []
    spanned = _word_values(words)
    if not values and not spanned:
        return None
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    if not (where == root or where.startswith(root + os.sep)):
        return None
    from statewise_cli.recovery.premises import _premise, _read

    listed = _listed_out(action, words, values, ctx) if values else None
    if listed is not None:
        return listed
    program = os.path.basename(words[0])
    re = _re()
    if spanned:
        for name, text in _workflow_notes(root, [o for _, o, _ in spanned]):
            found = _spanned(action, words, spanned, text, name, program)
            if found is not None:
                return found
    docs = _docs(root)
    for name in dict.fromkeys(docs + (_near_docs(root, ctx, program, words) if values or spanned else [])):
        text = _read(os.path.join(root, name), 100_000) or ""
        found = _spanned(action, words, spanned, text, name, program) if spanned and name in docs else None
        if found is None and spanned:
            found = _renamed(action, words, spanned, text, name, program)
        if found is not None:
            return found
        if not any(v in text for _, _, v in values):
            continue
        for raw in re.split(r"\n\s*\n", text):
            paragraph = " ".join(raw.split())
            for index, option, value in values:
                if value not in paragraph or not _about(paragraph, program, option):
                    continue
                sentences = _sentences(paragraph)
                harm = [s for s in sentences if value in _tokens(s) and _any(_HARM, s)]
                if not harm:
                    found = _worked_example(action, words, index, option, value, sentences, name, task)
                    if found is not None:
                        return found
                    continue
                others = {t for s in sentences if not _any(_HARM, s) and _any(_DIRECTION, s)
                          for t in _tokens(s) if _kin(value, t) and not _date_like(t)}
                if not others:
                    others = _restated(value, [s for s in sentences if not _any(_HARM, s)])
                if len(others) != 1 or any(o in _tokens(h) for h in harm for o in others):
                    continue
                new = next(iter(others))
                if not _file_there(words[index], value, new, directory):
                    continue
                from statewise_cli.recovery.premises_retired import with_value

                alternative = with_value(words, index, value, new)
                return _premise(action, f"value.documented.{option.lstrip('-')}", value, new, "repo.docs",
                                f"{name} says of `{value}`: \"{harm[0][:200]}\"; the same paragraph gives `{new}`",
                                f"`{alternative[:200]}` (the value {name} gives)",
                                f"`{value}` is the value to pass here", shown=f"`{alternative[:200]}`")
    return None


def _worked_example(action: Action, words: list[str], index: int, option: str, value: str, sentences: list[str],
                    name: str, task: Callable[[], str] | None) -> Any:
    """A paragraph that works the user's own case through with another value ("a 40 litre trial mix is --amount 0.2")
    and says what the action's ``option value`` does instead ("--size 10 fills 500 litres"): the units or meaning of the
    option changed, and the task's words say which case applies. Asked only when the worked case's words (three or
    more) stand in the user's task as written."""
    if task is None or not option.startswith("--"):
        return None
    re = _re()
    given = f"{option} {value}"
    if not any(given in s or f"{option}={value}" in s for s in sentences):
        return None
    asked = " ".join(task().lower().split())
    if not asked:
        return None
    cases: set[str] = set()
    for sentence in sentences:
        for m in re.finditer(rf"(?:^|[,:;]\s*|\bso\s+)(?:an?\s+|the\s+)?([\w\s.-]{{5,60}}?) (?:is|means|takes) `?"
                             rf"{re.escape(option)}[ =]([\w.+-]+?)`?[.;,]?(?:\s|$)", sentence):
            said = m.group(1).lower().split()
            while said and said[0] in ("so", "a", "an", "the", "then", "thus", "hence"):
                said = said[1:]
            case, new = " ".join(said), m.group(2).rstrip(".")
            if new != value and len(case.split()) >= 3 and case in asked:
                cases.add(new)
    if len(cases) != 1:
        return None
    new = next(iter(cases))
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_retired import with_value

    alternative = with_value(words, index, value, new)
    said = next(s for s in sentences if given in s or f"{option}={value}" in s)
    return _premise(action, f"value.documented.{option.lstrip('-')}", value, new, "repo.docs",
                    f"{name} works the task's case through as `{option} {new}` and says of `{given}`: "
                    f"\"{said[:200]}\"", f"`{alternative[:200]}` (the value {name} gives for this case)",
                    f"`{value}` is the value to pass here", shown=f"`{alternative[:200]}`")


def _restated(value: str, sentences: list[str]) -> set[str]:
    """The code a sentence gives the thing the value names, written out in words: "4 ply merino is YW-120." for
    ``merino-4ply`` (the same letters and digits, in another order and spacing) — the value's new name."""
    re = _re()
    letters = sorted(c for c in value.lower() if c.isalnum())
    found: set[str] = set()
    for sentence in sentences:
        m = re.fullmatch(r"(?:.*[:;,]\s+)?([\w\s.-]{3,40}?) (?:is|are) (?:now )?`?([\w.+-]{2,24})`?[.;!]?", sentence.strip())
        if m is None:
            continue
        said, new = m.group(1), m.group(2).rstrip(".")
        if sorted(c for c in said.lower() if c.isalnum()) == letters and new.lower() != value.lower() \
                and any(c.isdigit() for c in new):
            found.add(new)
    return found


def _file_there(word: str, value: str, new: str, directory: str) -> bool:
    """A value that names a file that exists (``plans/2026-w49.csv``) is replaced only by one that exists too."""
    at = word.rfind(value)
    path = word.split("=", 1)[-1] if word.startswith("-") else word
    if at < 0 or not os.path.isfile(os.path.join(directory, path)):
        return True
    replaced = word[:at] + new + word[at + len(value):]
    replaced = replaced.split("=", 1)[-1] if replaced.startswith("-") else replaced
    return os.path.isfile(os.path.join(directory, replaced))


def _near_docs(root: str, ctx: Any, program: str, words: list[str]) -> list[str]:
    """Notes kept beside what the action works on: the Markdown files of the folder of the program's own
    configuration file (``queue/`` for ``queue/queuectl.toml``) or of the file named for one of its options
    (``dyeing/`` for ``dyeing/yarns.yaml`` and ``--yarn``), and of the folder of each file the action
    names (``plans/`` for ``--plan plans/2026-w49.csv``) — where people write that a value went out of use."""
    from statewise_cli.recovery.premises_reassigned import _config_files, _stem

    folders: list[str] = []
    options = {w.lstrip("-").split("=", 1)[0].lower() for w in words[1:] if w.startswith("--") and len(w) > 4}
    for path in _config_files(ctx):
        stem = _stem(path)
        # the program's own file, or the file of the entries an option picks from (``yarns.yaml`` for ``--yarn``)
        if "/" in path and (stem == program.lower() or stem in options or stem in {f"{o}s" for o in options}):
            folders.append(os.path.dirname(path))
    for word in words[1:]:
        word = word.split("=", 1)[-1] if word.startswith("-") else word
        if "/" in word and not word.startswith(("/", "..")) and os.path.isfile(os.path.join(root, word)):
            folders.append(os.path.dirname(os.path.normpath(word)))
    found: list[str] = []
    for folder in dict.fromkeys(f for f in folders if f and f != "docs" and not f.startswith("docs/")):
        try:
            names = sorted(os.listdir(os.path.join(root, folder)))
        except OSError:
            continue
        found += [f"{folder}/{n}" for n in names if n.lower().endswith((".md", ".rst", ".txt"))
                  and os.path.isfile(os.path.join(root, folder, n))][:8]
    return found[:16]


def _word_values(words: list[str]) -> list[tuple[int, str, str]]:
    """(word index, option name, value) of option values that are plain words (``--route sandbox``): asked about only
    where a document writes the value as code (`` `sandbox` ``)."""
    return [(i, option, value) for i, option, value in _option_pairs(words, "--", 3)
            if 3 <= len(value) <= 24 and value.replace("-", "").replace("_", "").isalpha()][:4]


def _spanned(action: Action, words: list[str], values: list[tuple[int, str, str]], text: str, name: str,
             program: str) -> Any:
    """The code-span form: a sentence puts `` `value` `` next to a word of harm, the paragraph's other sentences give
    exactly one other code span with a word of direction (``Anything sent on `sandbox` now reaches real phones. Test
    runs go to `loopback`.``)."""
    if not any(f"`{v}`" in text or f"{o} {v}" in text or f"{o}={v}" in text or _named(v, text) for _, o, v in values):
        return None
    from statewise_cli.recovery.premises import _premise

    re = _re()
    for raw in re.split(r"\n\s*\n", text):
        paragraph = " ".join(raw.split())
        for index, option, value in values:
            forms = (f"`{value}`", f"{option} {value}", f"{option}={value}")
            if not (any(f in paragraph for f in forms) or _named(value, paragraph)) \
                    or not _about(paragraph, program, option):
                continue
            sentences = _sentences(paragraph)
            harm = [x for x in sentences if (any(f in x for f in forms) or _named(value, x)) and _any(_HARM, x)]
            if not harm:
                continue
            given = rf"(?<![\w-]){re.escape(option)}[ =]([\w.+-]{{3,24}})"
            others = {m for x in sentences if not any(f in x for f in forms) and not _named(value, x)
                      and not _any(_HARM, x)
                      for m in ([*re.findall(r"`([\w.+-]{3,24})`", x)] if _any(_DIRECTION, x) else [])
                      + [g.rstrip(".") for g in re.findall(given, x)] if m != value}  # "--via rapido." ends a sentence
            if len(others) != 1:
                continue
            new = next(iter(others))
            from statewise_cli.recovery.premises_retired import with_value

            alternative = with_value(words, index, value, new)
            return _premise(action, f"value.documented.{option.lstrip('-')}", value, new, "repo.docs",
                            f"{name} says of `{value}`: \"{harm[0][:200]}\"; the same paragraph gives `{new}`",
                            f"`{alternative[:200]}` (the value {name} gives)",
                            f"`{value}` is the value to pass here", shown=f"`{alternative[:200]}`")
    return None


# A sentence that gives a value's new name: the old name, as the action passes it, stands for what the new one does now
# ("what we called quick is now `normal`", "`fast` is now called `turbo`", "`eu` was renamed to `eu-west`",
# "`turbo` (formerly `fast`)"). {old} is the action's value; the new name is a code span or a plain word.
_RENAMED = ((r"\bwhat (?:we|you|they|people|everyone) (?:used to call|called|knew as) `?{old}`? (?:is|are) now "
             r"(?:called |named )?`?([\w.+-]{{3,24}})`?"),
            r"(?<![\w-])`?{old}`? (?:is|are) now (?:called|named|known as) `?([\w.+-]{{3,24}})`?",
            r"(?<![\w-])`?{old}`? (?:was|were|has been|have been|got) renamed (?:to |as )?`?([\w.+-]{{3,24}})`?",
            r"`([\w.+-]{{3,24}})` \((?:formerly|previously|once|was) `?{old}`?\)")


def _renamed(action: Action, words: list[str], values: list[tuple[int, str, str]], text: str, name: str,
             program: str) -> Any:
    """A paragraph about the program or the option that gives the action's value a new name (``_RENAMED``): the
    action passes the old name, the paragraph says which value does that job now."""
    if not any(v in text for _, _, v in values):
        return None
    from statewise_cli.recovery.premises import _premise

    re = _re()
    for raw in re.split(r"\n\s*\n", text):
        paragraph = " ".join(raw.split())
        for index, option, value in values:
            if value not in paragraph or not _about(paragraph, program, option):
                continue
            found: dict[str, str] = {}
            for sentence in _sentences(paragraph):
                for pattern in _RENAMED:
                    for m in re.finditer(pattern.format(old=re.escape(value)), sentence, re.I):
                        new = m.group(1).rstrip(".")
                        if new.lower() != value.lower() and new.lower() not in ("the", "a", "an", "now", "our"):
                            found.setdefault(new, sentence)
            if len(found) != 1:
                continue
            new, sentence = next(iter(found.items()))
            from statewise_cli.recovery.premises_retired import with_value

            alternative = with_value(words, index, value, new)
            return _premise(action, f"value.renamed.{option.lstrip('-')}", value, new, "repo.docs",
                            f"{name} gives `{value}` a new name: \"{sentence[:200]}\"",
                            f"`{alternative[:200]}` (the name {name} gives it now)",
                            f"`{value}` still does what it did", shown=f"`{alternative[:200]}`")
    return None


def _named(value: str, text: str) -> bool:
    """Whether ``text`` writes a value of several words by its name in prose (``leeds-south`` as "Leeds South",
    ``north_yard`` as "North Yard"): a name of two words is as particular as the value itself; one word is not."""
    re = _re()
    parts = [p for p in re.split(r"[-_]", value) if p]
    if len(parts) < 2 or not all(len(p) >= 3 and p.isalpha() for p in parts):
        return False
    return re.search(r"(?<![\w-])" + r"[ ]".join(re.escape(p) for p in parts) + r"(?![\w-])", text, re.IGNORECASE) \
        is not None


_WORKFLOW_DIRS = (".github/workflows", ".gitea/workflows", ".forgejo/workflows")


def _workflow_notes(root: str, options: list[str]) -> list[tuple[str, str]]:
    """(file, paragraph) for each step of a CI workflow that passes one of ``options``, under a comment: the comment
    lines right above it, then the step's command as a code span. The automation runs the project's own form of the
    option, and its comment says why (``# Leeds South stopped taking returns; …`` over ``--depot wakefield``)."""
    from statewise_cli.recovery.premises import _read

    paths = [os.path.join(root, ".gitlab-ci.yml")]
    for sub in _WORKFLOW_DIRS:
        try:
            paths += [os.path.join(root, sub, n) for n in sorted(os.listdir(os.path.join(root, sub)))[:30]
                      if n.endswith((".yml", ".yaml"))]
        except OSError:
            continue
    re = _re()
    found: list[tuple[str, str]] = []
    for path in paths:
        text = _read(path, 100_000) if os.path.isfile(path) else None
        if not text or not any(o in text for o in options):
            continue
        lines = text.splitlines()
        for i, line in enumerate(lines):
            body = re.sub(r"^\s*(?:-\s*)?(?:run:\s*)?", "", line).strip()
            if "`" in body or not any(re.search(rf"(?<![\w-]){re.escape(o)}(?:[ =])", body) for o in options):
                continue
            notes: list[str] = []
            j = i - 1
            while j >= 0 and lines[j].strip().startswith("#"):
                notes.insert(0, lines[j].strip().lstrip("#").strip())
                j -= 1
            if notes:
                found.append((os.path.relpath(path, root), " ".join(notes) + f" `{body}`"))
    return found


_LISTED_CACHE = "listed-values.json"
# Keys of a settings file that list values out of use, and keys that give the one in use.
_OUT_KEYS = frozenset({"withdrawn", "deprecated", "retired", "revoked", "obsolete", "disabled", "superseded", "removed",
                       "blocked", "banned", "eol", "end_of_life", "legacy"})
_NOW_KEYS = frozenset({"current", "default", "active", "latest", "use", "in_use", "live", "stable", "preferred"})


def _key_of(line: str) -> tuple[str, str]:
    key, sep, rest = line.strip().lstrip("-# ").partition(":")
    if not sep:
        key, sep, rest = line.strip().partition("=")
    return ("_".join(key.strip().strip("\"'").lower().replace("-", "_").split()), rest.strip()) if sep else ("", "")


def _listed_out(action: Action, words: list[str], values: list[tuple[int, str, str]], ctx: Any) -> Any:
    """A settings file (YAML, TOML, INI, JSON) that lists the action's value under a key of retirement (``withdrawn:
    [EU-2026]``) and gives one value under a key of use in the same file (``current: EU-2026b``): the action passes a
    value the project took out of use. One ``git grep`` for the action's values; nothing else is read unless a line
    of that shape holds one."""
    from statewise_cli.recovery.premises import _premise, _read, head_cached, save_cache
    from statewise_cli.recovery.premises_retired import _key
    from statewise_cli.store.redact import salt

    head, cache, cached = head_cached(ctx, _LISTED_CACHE, "values")
    known: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    secret = salt(ctx.repo.store_dir)
    digest = _key("\0".join(v for _, _, v in values), secret)  # the cache keeps a keyed digest, never the values
    if known.get(digest) is False:
        return None  # no settings file names these values (cached per HEAD)
    args = ["grep", "-n", "-I", "-F", "-w"]
    for _, _, value in values:
        args += ["-e", value]
    code, out = ctx.git(*args, "--", "*.yaml", "*.yml", "*.toml", "*.ini", "*.cfg", "*.json", "*.conf")
    if code not in (0, 1):
        return None
    if code == 1:
        known[digest] = False
        save_cache(cache, {"head": head, "values": known})
        return None
    re = _re()
    for row in out.splitlines()[:50]:
        path, _, rest = row.partition(":")
        _, _, line = rest.partition(":")
        key, rest_value = _key_of(line)
        if key not in _OUT_KEYS:
            continue
        listed = set(re.findall(r"[\w.+-]+", rest_value))
        hit = next(((i, o, v) for i, o, v in values if v in listed), None)
        if hit is None:
            continue
        text = _read(os.path.join(ctx.root, path), 200_000) or ""
        now = {v for k, v in (_key_of(x) for x in text.splitlines()) if k in _NOW_KEYS and v}
        now = {v.strip("\"',[] ") for v in now} - {hit[2]}
        if len(now) != 1:
            continue
        new = next(iter(now))
        if not re.fullmatch(r"[\w.+-]{2,40}", new):
            continue
        index, option, value = hit
        from statewise_cli.recovery.premises_retired import with_value

        alternative = with_value(words, index, value, new)
        return _premise(action, f"value.withdrawn.{option.lstrip('-')}", value, new, "repo.config",
                        f"{path} lists `{value}` as {key} (`{line.strip()[:80]}`) and gives `{new}` in use",
                        f"`{alternative[:200]}` (the value {path} gives in use)",
                        f"`{value}` is still in use here", shown=f"`{alternative[:200]}`")
    return None
