"""Developer intent, round 33: what a policy's value says beyond its key's words.

- **a category ban with named members** (``category_banned``): "no AGPL/GPL dependencies (libfoo is AGPL; libbar
  is MIT)" bans a category, not a package; a package an add / install brings in is banned when a clause of the
  value names it together with a banned category ("libfoo is AGPL"). A package named with another category
  ("libbar is MIT"), or not named at all, is not decided here.
- **a required option** (``required_option``): "batch jobs only on the low-priority partition (--partition=low)"
  names the command-line option that makes an action of its subject allowed. An action carrying the option (on
  its command line, or in the directives of the script it submits) is what the record asks for; one without it
  is gated, and the alternative is the same command with the option added.
- **the subject of a submitted script** (``directive_words``): a job scheduler's submission (``sbatch job.sh``,
  ``qsub``, ``bsub``) is about what its script requests: the words of the script's scheduler directives
  (``#SBATCH --gres=gpu:1`` → gres, gpu) count as the action's own words.
"""

from __future__ import annotations

import os
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from statewise_cli.actions.normalize import Action
    from statewise_cli.store.records import Record

_BAN_LEADS = r"(?:no|never add|never use|never install|do not add|don't add|do not use|don't use|ban|banned)"
_KINDS = r"(?:dependenc\w*|packages?|librar\w*|licen[cs]e\w*|modules?|crates?|gems?)"
_CATEGORY = re.compile(r"(?<![\w-])" + _BAN_LEADS + r"\s+((?:[\w+.-]+)(?:\s*(?:/|,|\bor\b|\band\b)\s*[\w+.-]+)*)\s+"
                       + _KINDS, re.IGNORECASE)
_DIRECTIVES = ("#SBATCH", "#PBS", "#BSUB", "#$", "#MSUB", "#COBALT")


def _value(record: Record) -> str:
    return record.value if isinstance(record.value, str) else ""


def _categories(text: str) -> set[str]:
    found: set[str] = set()
    for m in _CATEGORY.finditer(text):
        for term in re.split(r"\s*(?:/|,|\bor\b|\band\b)\s*", m.group(1)):
            term = term.strip().lower()
            if term and term not in ("new", "more", "extra", "other", "any", "external", "third-party"):
                found.add(term)
    return found


def category_banned(record: Record, action: Action) -> str | None:
    """A package the action adds that the record's value puts in a category it bans (see the module docstring)."""
    from statewise_cli.recovery.intent import added_packages

    text = _value(record)
    added = added_packages(action)
    if not added or not text:
        return None
    banned = _categories(text)
    if not banned:
        return None
    for clause in re.split(r"[;()\n]|\.\s|,\s", text):
        low = clause.lower()
        if not any(re.search(r"(?<![\w-])" + re.escape(t) + r"(?:v?\d|(?![\w+]))", low) for t in banned):
            continue
        hit = sorted(n for n in added if n not in banned and re.search(r"(?<![\w.-])" + re.escape(n) + r"(?![\w.-])", low))
        if hit:
            return hit[0]
    return None


_OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*(?:[= ][\w.:,/-]+)?)")


def required_option(record: Record) -> str | None:
    """The one command-line option a restrictive "only" record names (``--qos=night``, ``--partition low``)."""
    text = _value(record)
    if " only" not in f" {text.lower()}" or "-" not in text:
        return None
    quoted = re.findall(r"[(`]\s*(--?[A-Za-z][\w-]*(?:[= ][\w.:,/-]+)?)\s*[)`]", text)
    options = sorted(set(quoted))
    return options[0] if len(options) == 1 else None


def _option_parts(option: str) -> tuple[str, str]:
    name, _, value = option.replace(" ", "=", 1).partition("=")
    return name, value


def _script_operands(action: Action, root: str | None) -> list[str]:
    if root is None:
        return []
    found = []
    for arg in action.arguments:
        if arg.startswith("-") or "$" in arg:
            continue
        path = arg if os.path.isabs(arg) else os.path.join(root, action.cwd or "", arg)
        if os.path.isfile(path):
            found.append(path)
    return found[:2]


def _directive_lines(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = handle.read(20_000)
    except OSError:
        return []
    return [line.strip() for line in head.splitlines() if line.strip().startswith(_DIRECTIVES)]


def carries_option(action: Action, option: str, root: str | None) -> bool:
    """The action sets the option to the record's value: on its command line or in its script's directives."""
    name, value = _option_parts(option)
    args = list(action.arguments)
    for i, arg in enumerate(args):
        if arg == name and (not value or i + 1 < len(args) and args[i + 1] == value):
            return True
        if value and arg == f"{name}={value}":
            return True
    for path in _script_operands(action, root):
        for line in _directive_lines(path):
            if f"{name}={value}" in line or f"{name} {value}" in line or (not value and name in line.split()):
                return True
    return False


def directive_words(action: Action, root: str | None) -> list[str]:
    """The words of the scheduler directives of the scripts the action submits (see the module docstring)."""
    from statewise_cli.recovery.intent import _split

    words: list[str] = []
    for path in _script_operands(action, root):
        for line in _directive_lines(path):
            body = line.split(None, 1)[1] if " " in line else ""
            words += _split(re.sub(r"[^\w]+", " ", body).replace("_", " "))
    return words


def with_option(action: Action, option: str) -> str:
    """The action's command line with the option added where programs read options (after the subcommand and its
    options, before the first file operand)."""
    text = (action.text or "").strip()
    if not text or "\n" in text or any(c in text for c in ";&|"):
        return ""
    name = _option_parts(option)[0]
    if any(w == name or w.startswith(f"{name}=") for w in text.split()):
        return ""  # it passes the option already (with another value, or the gate is not about the form)
    import shlex

    from statewise_cli.recovery.premises_optional import with_option as placed

    try:
        words = shlex.split(text)
    except ValueError:
        return ""
    value = _option_parts(option)[1]
    joined = "=" in option.split(" ", 1)[0]
    if joined:
        return f"`{placed(words, option, '')}`"
    return f"`{placed(words, name, value)}`"


# --------------------------------------------------------------------------- what a repository's program documents
# A program of the repository (``./bin/deposit`` run by its path) that documents its options in the comment block at
# its top ("--embargo 24m keeps the full text closed for 24 months") says which option carries what a record
# requires in words ("theses carry the 24-month embargo"): the option whose description shares the record's words.
_DOC_OPTION = re.compile(r"(?<![\w-])(--[a-z][\w-]*)(?:[ =]([A-Z][A-Z0-9_]*|[0-9][\w.:-]*|<\w+>))?")
_COMMON = frozenset({"with", "without", "from", "that", "this", "them", "they", "their", "only", "never", "always",
                     "every", "each", "when", "while", "into", "onto", "after", "before", "until", "also", "then",
                     "than", "there", "here", "what", "which", "whose", "about", "other", "some", "more", "most",
                     "less", "same", "does", "done", "were", "have", "been", "will", "would", "should", "could",
                     "must", "shall", "decides", "decide", "exceptions", "fine"})


def _program_path(action: Action, root: str | None) -> str | None:
    text = (action.text or "").strip()
    program = text.split(" ", 1)[0] if text else ""
    if root is None or "/" not in program or program.startswith(("/", "~")) or ".." in program:
        return None
    path = os.path.join(root, action.cwd or "", program)
    return path if os.path.isfile(path) else None


def documented_options(path: str) -> list[tuple[str, str, str]]:
    """(option, value, clause) for each option the program's leading comment block names; ``value`` is the value
    the comment gives (``24m``, ``HOUSING``), a placeholder (``N``, ``<n>``), or empty."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = handle.read(8_000)
    except OSError:
        return []
    lines = head.splitlines()
    if lines[:1] and lines[0].startswith("#!"):
        lines = lines[1:]
    comment: list[str] = []
    for line in lines:
        stripped = line.strip()
        if not stripped.startswith(("#", "//")):
            break
        comment.append(stripped.lstrip("#/ "))
    found: list[tuple[str, str, str]] = []
    for clause in re.split(r";|\.\s|\.$", " ".join(comment)):
        for m in _DOC_OPTION.finditer(clause):
            found.append((m.group(1), m.group(2) or "", clause.strip()))
    return found


def _content(text: str) -> set[str]:
    words = {w.strip("`'\"()[],.;:!?").lower() for w in re.split(r"[\s/_-]+", text)}
    return {w for w in words if (len(w) >= 4 and w.isalpha() and w not in _COMMON) or w.isdigit()}


def documented_requirement(record: Record, action: Action, root: str | None) -> tuple[str, str] | None:
    """(option, value) the action's program documents for what the record requires (see above), the placeholder
    of a value resolved from the record ("N px" in the comment, "400 px" in the record → 400); None when no
    documented option shares at least two of the record's words, or two options tie."""
    text = _value(record)
    path = _program_path(action, root)
    if not text or path is None:
        return None
    wanted = _content(text) | _content(record.key.split(".", 1)[-1].replace("_", " "))
    scored: list[tuple[int, str, str]] = []
    for option, value, clause in documented_options(path):
        said = _content(clause) | _content(option.lstrip("-").replace("-", " "))
        score = len(said & wanted)
        if not value:  # a flag ("--with-correction appends a dated correction note"): three shared words
            written = _written_value(text, option)
            if written:  # ... that the record writes with its value ("use --exclude-vendor lingua-de")
                if score >= 3:
                    scored.append((score, option, written))
                continue
            args = [str(a) for a in action.arguments]
            takes_value = any(a == option and i + 1 < len(args) and not args[i + 1].startswith("-")
                              for i, a in enumerate(args)) or any(a.startswith(f"{option}=") for a in args)
            if score >= 3 and not takes_value:  # `--channels online,tv`: an option with a value is not a flag
                scored.append((score, option, ""))
            continue
        if value.isdigit() and value in text:
            score += 1
        if score >= 2:
            if value == value.upper() and (len(value) == 1 or value.startswith("<")) and not value.isdigit():
                got = None
                for unit in re.findall(re.escape(value) + r"\s+([A-Za-z%]+)", clause):  # "N px"
                    got = got or re.search(r"(\d+)\s*" + re.escape(unit) + r"(?![A-Za-z])", text)
                if got is None:
                    continue
                value = got.group(1)
            scored.append((score, option, value))
    if not scored:
        return None
    scored.sort(reverse=True)
    if len(scored) > 1 and scored[1][0] == scored[0][0] and scored[1][1:] != scored[0][1:]:
        return None
    return scored[0][1], scored[0][2]


def _written_value(text: str, option: str) -> str:
    """The value the record's text writes after an option the program's comment names bare ("German pool sends
    use --exclude-vendor lingua-de" → ``lingua-de``); "" when it writes none."""
    given = re.search(rf"(?<![\w-]){re.escape(option)}(?:=|\s+)(\w[\w.:@/+-]*)", text)
    return given.group(1).rstrip(".:") if given is not None else ""


def documented_alternative(action: Action, record: Record, option: str, value: str) -> str:
    """The action's command line with the documented option set, and without the options the record speaks
    against by name ("no age or ZIP targeting" drops ``--age 25-45`` and ``--zip …``)."""
    text = (action.text or "").strip()
    if not text or "\n" in text or any(c in text for c in ";&|`$"):
        return ""
    # the words the record rules out: those shortly after a negation ("no age or ZIP targeting")
    said = [w.strip("`'\"()[],.;:!?").lower() for w in re.split(r"[\s/_-]+", _value(record))]
    record_words = {w for i, w in enumerate(said)
                    if any(n in ("no", "not", "never", "without", "nor", "except") for n in said[max(0, i - 4):i])}
    words = text.split()
    kept: list[str] = [words[0]]
    i = 1
    while i < len(words):
        word = words[i]
        name = word.split("=", 1)[0]
        if name.startswith("--") and name != option and name.lstrip("-").lower() in record_words:
            i += 1 if "=" in word or i + 1 >= len(words) or words[i + 1].startswith("-") else 2
            continue
        kept.append(word)
        i += 1
    return " ".join([*kept, option, *([value] if value else [])])


def named_in_value(record: Record, action: Action) -> str | None:
    """Two consecutive words of the record's value that the action's operands both hold ("Night Shift is rated
    15 …" and ``--title 'Night Shift S2E4'``; "vaultkit 2.0 goes public only after …" and
    ``dist/vaultkit-2.0-linux.tar.gz``): the action is about what the record names. Words of four letters or
    more, or a version; the pair's first word is not a common word."""
    text = _value(record)
    if not text or not action.text:
        return None
    value = [w.strip("`'\"()[],;:!?").lower().rstrip(".") for w in text.split()]
    whole = {str(a).strip("'\"").lower() for a in action.arguments if not str(a).startswith("-")}
    for word in value:  # an identifier the record names (`winter-2026`, `births-1930-1939`) that the action passes
        if len(word) >= 6 and word in whole and any(c.isdigit() for c in word) and any(c.isalpha() for c in word) \
                and any(c in word for c in "-_."):
            return word
    for word in value:  # ... or that names a file the action passes (`CS-4410` and ``plans/CS-4410-tilt.xml``)
        if len(word) >= 6 and any(c.isdigit() for c in word) and any(c.isalpha() for c in word) and "-" in word \
                and not re.fullmatch(r"\d{4}-\d\d(?:-\d\d)?", word) and any(
                    re.search(rf"(?:^|[/_.-]){re.escape(word)}(?:$|[/_.-])", os.path.splitext(os.path.basename(w))[0])
                    for w in whole if "/" in w or "." in w):
            return word
    operands = set()
    for arg in action.arguments:
        if arg.startswith("-"):
            continue
        operands |= {w.strip("'\"").lower() for w in re.split(r"[\s/_=-]+", arg) if w}
    from itertools import pairwise

    for first, second in pairwise(value):
        good = [w for w in (first, second) if (len(w) >= 4 and w.isalpha() and w not in _COMMON)
                or re.fullmatch(r"\d+(\.\d+)+", w)]
        if len(good) == 2 and first in operands and second in operands:
            return first
    return None
