"""A value a repository document gives an option of the project's own program, for the item the line names.

Release notes, runbooks and decision notes state a setting in words, not as a flag: "every BR-220 label carries
'may contain sesame'", "the harbour feed's wind units are kt", "dry runs use the sandbox region eu-west-3". When a
line runs the project's own program on an item the paragraph names (``--sku BR-220``) and passes an option whose
words the paragraph spells out (``--may-contain`` ~ "may contain") with another value than the word that follows
them there (``none`` where the paragraph says ``sesame``), the line does not do what the document says: it is
stopped with the document's value as the alternative. An option of one word, a value the paragraph names itself,
or a paragraph that names no item of the line decides nothing (``unknown``).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from statewise_cli.actions.normalize import Action

_NOT_VALUES = frozenset({"the", "a", "an", "be", "is", "are", "if", "when", "only", "all", "any", "every", "each", "to",
                         "of", "for", "on", "in", "and", "or", "not", "no", "it", "its", "this", "that", "must", "should",
                         "can", "may", "will", "was", "were", "has", "have", "with", "from", "by", "as", "at"})


def differs(paragraph: str, action: Action) -> tuple[str, str, str] | None:
    """(option, the value passed, the value the paragraph gives it) when they differ, else None."""
    text = action.text or ""
    if "--" not in text:
        return None
    import re

    words = text.split()
    low = " ".join(paragraph.lower().split())
    tokens = set(re.findall(r"[a-z0-9][\w-]*", low))
    # an item the line names that the paragraph names too (``BR-220``): a value with a digit or an inner hyphen
    items = [w.strip("'\"") for w in words[1:] if not w.startswith("-") and "/" not in w
             and (any(c.isdigit() for c in w) or "-" in w.strip("-")) and len(w.strip("'\"")) >= 3]
    if not any(i.lower() in tokens for i in items):
        return None
    for k, word in enumerate(words):
        if not word.startswith("--") or word.count("-") < 3:
            continue  # an option of two words or more (``--may-contain``): one word is too common to read
        option, eq, passed = word.partition("=")
        if not eq:
            passed = words[k + 1] if k + 1 < len(words) else ""
        passed = passed.strip("'\"")
        if not re.fullmatch(r"[a-z][a-z0-9-]{0,30}", passed.lower()):
            continue
        parts = [p for p in option[2:].lower().split("-") if p]
        spelled = r"[\s-]+".join(re.escape(p) for p in parts)
        for m in re.finditer(rf"(?<![\w-]){spelled}(?![\w-])[\s'\"`:=]*(?:is\s+|are\s+)?['\"`]?([a-z][\w-]*)", low):
            value = m.group(1)
            if value in _NOT_VALUES or value == passed.lower():
                break
            if re.search(rf"(?<![\w-]){re.escape(passed.lower())}(?![\w-])", low):
                break  # the paragraph names the line's value too: not read here
            return option, passed, value
    return None


def alternative(action: Action, option: str, passed: str, value: str) -> str:
    import re

    return re.sub(rf"(?<![\w-]){re.escape(option)}(=|\s+)(['\"]?){re.escape(passed)}\2(?![\w-])",
                  lambda m: f"{option}{m.group(1)}{value}", (action.text or "").strip(), count=1)


# A measured value said with its unit ("900 mm", "16 mm", "230 V", "40 km/h"): a number and a short unit after it.
_MEASURE = r"(?<![\w.-])(\d+(?:\.\d+)?)\s?([A-Za-z]{1,4}(?:/[A-Za-z]{1,2})?)(?![\w-])"
# Words of a clause that say a value is not to be used ("never 1200 mm", "a 1200 mm bollard there breaches the licence").
_BANNING = ("never", "not ", "no ", "breach", "forbidden", "prohibited", "banned", "must not", "may not", "cannot",
            "is removed", "are removed", "unlawful", "illegal", "against the")
_INVENTORY = (".yaml", ".yml", ".json", ".toml", ".csv", ".tsv", ".ini")
_SKIP_DIRS = frozenset({"node_modules", "vendor", "target", "build", "dist", "out", "venv", "env", "bin", "src", "lib",
                        "tests", "test", "docs", "doc"})


def unit_differs(paragraph: str, action: Action, scripts: list[str], root: str) -> tuple[str, str, str] | None:
    """(option, the value passed, the value the paragraph gives) when a document states, as the rule for every thing
    of a kind in a place ("every bollard we fit on the harbour front is 900 mm high"), a value with a unit that the
    line's own program sets by a numeric option (``--height 1200``) to another value the paragraph bans or does not
    give — for an item of that place: the line's item (``HF-03``) is named in the paragraph, or is listed in a data file
    of the repository whose name is the place the paragraph names (``posts/harbour-front.yaml`` for "the harbour
    front"). A paragraph
    that names no such item or place decides nothing here."""
    import re

    text = action.text or ""
    if "--" not in text or not scripts:
        return None
    low = " ".join(paragraph.split())
    # the rule: every / all / each thing … is (at, uses) a value with its unit
    rules = [(m.group(1), m.group(2)) for m in re.finditer(
        r"(?i)\b(?:every|all|each|any)\s+(?:[\w'’-]+\s+){1,8}?(?:is|are|uses?|runs?\s+at|at|gets?|takes?)\s+(?:only\s+)?"
        + _MEASURE, low)]
    if not rules:
        return None
    if not _names_thing(paragraph, scripts):
        return None
    words = text.split()
    for k, word in enumerate(words[:-1]):
        if not word.startswith("--") or not re.fullmatch(r"\d+(?:\.\d+)?", words[k + 1]):
            continue
        passed = words[k + 1]
        for value, unit in rules:
            if float(value) == float(passed):
                break  # the line takes the rule's value
            said = [m for m in re.finditer(_MEASURE, low) if m.group(2) == unit and float(m.group(1)) == float(passed)]
            if any(not any(b in _clause(low, m.start()).lower() for b in _BANNING) for m in said):
                continue  # the paragraph gives the line's value somewhere without banning it
            if not _item_of_paragraph(paragraph, words, root):
                return None
            return word, passed, value
    return None


def _names_thing(paragraph: str, scripts: list[str]) -> bool:
    """The paragraph names what the line's program acts on: a word of its name that is not a verb or a generic word
    (``bin/install-bollard`` → bollard), by its stem."""
    import os
    import re

    from statewise_cli.recovery.governance_targets import _GENERIC, _VERBS
    from statewise_cli.recovery.intent import _same, stem

    said = [stem(w) for w in re.findall(r"[a-z]+", paragraph.lower())]
    for script in scripts:
        name = os.path.splitext(os.path.basename(script))[0].lower()
        things = [w for w in re.split(r"[-_.]", name) if len(w) >= 4 and w.isalpha() and w not in _VERBS
                  and w not in _GENERIC and w not in ("replace", "install", "order", "book", "swap", "change")]
        if any(_same(stem(w), s) for w in things for s in said):
            return True
    return False


def _clause(text: str, at: int) -> str:
    """The clause of ``text`` around position ``at`` (between the nearest ``;``, ``.``, ``:`` or dash)."""
    import re

    starts = [m.end() for m in re.finditer(r"[;:.!?]\s|\s[—–]\s", text[:at])]
    end = re.search(r"[;:.!?](?:\s|$)|\s[—–]\s", text[at:])
    return text[(starts[-1] if starts else 0):(at + end.start() if end else len(text))]


def _item_of_paragraph(paragraph: str, words: list[str], root: str) -> bool:
    """The line's item (an operand with a letter, a digit and a hyphen: ``HF-03``) is named by the paragraph, or listed
    in a data file of the repository (one directory down) whose name's words the paragraph says ("harbour-front.yaml"
    and "the harbour front")."""
    import os
    import re

    items = [w.strip("'\"") for w in words[1:] if not w.startswith("-") and re.fullmatch(r"[A-Za-z]{1,6}-?\d[\w-]*",
                                                                                          w.strip("'\""))]
    if not items:
        return False
    spaced = " " + " ".join(re.findall(r"[a-z0-9]+", paragraph.lower())) + " "
    if any(f" {i.lower()} " in spaced or i.lower() in paragraph.lower().split() for i in items):
        return True
    try:
        tops = sorted(n for n in os.listdir(root) if not n.startswith((".", "_")) and n not in _SKIP_DIRS
                      and os.path.isdir(os.path.join(root, n)))[:30]
    except OSError:
        return False
    for top in tops:
        try:
            names = sorted(os.listdir(os.path.join(root, top)))[:60]
        except OSError:
            continue
        for name in names:
            stem, ext = os.path.splitext(name.lower())
            parts = [p for p in re.split(r"[-_.\s]+", stem) if p]
            if ext not in _INVENTORY or not parts or f" {' '.join(parts)} " not in spaced:
                continue
            try:
                with open(os.path.join(root, top, name), encoding="utf-8", errors="replace") as fh:
                    listed = fh.read(64 * 1024)
            except OSError:
                continue
            if any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", listed) for i in items):
                return True
    return False
