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
