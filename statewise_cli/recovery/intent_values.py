"""A developer's record that fixes an option's value: an action passing that option with another value breaks it.

A developer writes a limit or a setting as the option that carries it — "BESS-2's export limit is 250 kW
(``--max-kw 250``) under the revised agreement", "first waves cover at most 5 percent (``--percent 5``)", "the
canary runs with ``--region eu-west-3``". The record is about every action that passes that option, whatever
program it is and whatever a memory file says: such an action passing another value is stopped with the record's
value, unless the record's sentence makes the value a bound and the action stays within it ("at most 5": 3 is
fine; "at least 2 replicas": 4 is fine). An action that does not pass the option is not judged here (the record's
subject words and required forms are ``intent.gates``' reading).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.store.records import Record

_UPPER = ("at most", "no more than", "not more than", "never more than", "never above", "not above", "never over",
          "maximum", "max", "up to", "or less", "or lower", "or below", "above it", "above that", "cap", "capped",
          "limit", "ceiling", "exceed", "exceeds", "reduced to", "lowered to", "cut to", "capped at")
_LOWER = ("at least", "no less than", "not less than", "never less than", "never below", "not below", "minimum",
          "min", "or more", "or higher", "or above", "below it", "below that", "floor")


def _re() -> Any:
    import re

    return re


def fixed_options(record: Record) -> list[tuple[str, str, str]]:
    """(option, value, the sentence naming them) for each ``--option value`` / ``--option=value`` a record's
    text states."""
    if not isinstance(record.value, str):
        return []
    re = _re()
    text = record.value
    out: list[tuple[str, str, str]] = []
    for sentence in re.split(r"(?<=[.;!?])\s+", text):
        for m in re.finditer(r"(?<![\w-])(--[A-Za-z][\w-]*)(?:=|\s+)([A-Za-z0-9][\w.:%+-]*)", sentence.replace("`", " ")):
            value = m.group(2).rstrip(".,;:")
            if value:
                out.append((m.group(1), value, sentence))
    return out


def _passed(words: list[str], option: str) -> str | None:
    for i, word in enumerate(words):
        if word == option and i + 1 < len(words) and not words[i + 1].startswith("-"):
            return words[i + 1].strip("'\"")
        if word.startswith(option + "="):
            return word.split("=", 1)[1].strip("'\"")
    return None


def _number(text: str) -> float | None:
    try:
        return float(text.rstrip("%"))
    except ValueError:
        return None


def _says(sentence: str, phrases: tuple[str, ...]) -> bool:
    """Whether a phrase stands in ``sentence`` as words (``min`` in "at 5 min intervals", not in "18 l/min")."""
    re = _re()
    return any(re.search(rf"(?<![\w/]){re.escape(p)}(?![\w/])", sentence.lower()) for p in phrases)


def violation(record: Record, action: Action) -> tuple[str, str, str] | None:
    """(option, the value passed, the value the record fixes) when ``action`` passes an option the record fixes
    with a value outside it."""
    if not action.text:
        return None
    import shlex

    try:
        words = shlex.split(action.text)
    except ValueError:
        words = action.text.split()
    for option, fixed, sentence in fixed_options(record):
        passed = _passed(words, option)
        if passed is None or passed == fixed:
            continue
        have, want = _number(passed), _number(fixed)
        if have is not None and want is not None:
            if _says(sentence, _UPPER) and have <= want:
                continue
            if _says(sentence, _LOWER) and have >= want:
                continue
        return option, passed, fixed
    return _prose_bound(record, words) or _named_setting(record, words) or _retention(record, action, words)


def _retention(record: Record, action: Action, words: list[str]) -> tuple[str, str, str] | None:
    """A record that keeps something for a period ("KITE-3 telemetry is kept 400 days", "invoices are retained for 7
    years") and an action about the same thing (a word of the record's subject among the action's words) whose keep
    option keeps less (``--keep-days 90``): the option with the record's period in the option's own unit. A period the
    record sets as a ceiling ("kept for at most 30 days") is not a retention the action can fall short of."""
    if not isinstance(record.value, str):
        return None
    from statewise_cli.recovery.governance_targets import _kept_days, _period_days
    from statewise_cli.recovery.intent import _same, action_words, subject

    period = _period_days(record.value)
    if period is None or _says(record.value, _UPPER):
        return None
    kept = _kept_days(" ".join(words))
    if kept is None or kept >= period - 1:
        return None
    done = action_words(action)
    if not any(_same(w, d) for w in subject(record) for d in done):
        return None
    re = _re()
    import math

    for option, passed in _long_options(words):
        value = passed.strip("'\"")
        m = re.fullmatch(r"(\d+)([a-z]*)", value.lower())
        if m is None:
            continue
        span = _kept_days(f"{option} {value}")
        if span is None or span >= period - 1:
            continue
        unit = _kept_days(f"{option} 1{m.group(2)}")
        if not unit:
            continue
        return option, value, f"{math.ceil(period / unit - 1e-9)}{m.group(2)}"
    return None


_NOT_TOPIC = frozenset({"max", "min", "maximum", "minimum", "limit", "set", "num", "number", "with", "per", "new", "use"})


def _long_options(words: list[str]) -> list[tuple[str, str]]:
    """The action's long options with the value each is given (``--opt=v`` or ``--opt v``)."""
    found = []
    for i, word in enumerate(words):
        if not word.startswith("--") or len(word) < 5:
            continue
        option, eq, passed = word.partition("=")
        found.append((option, passed if eq else (words[i + 1] if i + 1 < len(words) else "")))
    return found


def _prose_bound(record: Record, words: list[str]) -> tuple[str, str, str] | None:
    """A numeric option of the action (``--max-wind 45``) that the record bounds in prose: one number standing
    beside a word of the option's name ("limits lifts to 30 km/h wind") in a sentence that makes it a bound (the
    option's own ``max``/``min``, or "at most", "limits … to", "at least"), and the action's value outside it."""
    if not isinstance(record.value, str):
        return None
    re = _re()
    for option, passed in _long_options(words):
        have = _number(passed.strip("'\""))
        if have is None:
            continue
        name = option[2:].lower()
        topic = [p for p in re.split(r"[-_]", name) if len(p) >= 3 and p not in _NOT_TOPIC]
        if not topic:
            continue
        upper_name, lower_name = name.startswith("max"), name.startswith("min")
        numbers: dict[float, str] = {}
        for sentence in re.split(r"(?<=[.;!?])\s+", record.value):
            tokens = re.findall(r"[\w.%]+", sentence.lower())
            for k, token in enumerate(tokens):
                if not re.fullmatch(r"\d+(?:\.\d+)?", token):
                    continue
                near = tokens[k + 1:k + 4] + tokens[max(0, k - 3):k]
                if any(t in near or t + "s" in near for t in topic):
                    numbers.setdefault(float(token), sentence)
        if not numbers and any(t in re.split(r"[._]", record.key.lower()) for t in topic):
            # the record is named for the option's subject (`policy.north_stand_capacity` for `--capacity`): its one
            # number (dates and times aside) is the value it sets
            plain = re.sub(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}\b", " ", record.value)
            for sentence in re.split(r"(?<=[.;!?])\s+", plain):
                for token in re.findall(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w.])", sentence):
                    numbers.setdefault(float(token.replace(",", "")), sentence)
        if len(numbers) != 1:
            continue
        want, sentence = next(iter(numbers.items()))
        upper = upper_name or (not lower_name and (_says(sentence, _UPPER) or _says(sentence, ("limits", "limited"))
                                                   or re.search(r"\b(?:reduced|lowered|cut|capped)\b[^.;]{0,40}?\b(?:to|at)"
                                                                r"\s+\d", sentence.lower()) is not None))
        lower = lower_name or (not upper_name and _says(sentence, _LOWER))
        if upper == lower:
            continue  # no bound, or both: the sentence does not say which side is safe
        if (upper and have > want) or (lower and have < want):
            shown = str(int(want)) if want == int(want) else str(want)
            return option, passed.strip("'\""), shown
    return None


def _abbreviates(short: str, word: str) -> bool:
    """``kt`` for knots, ``prod`` for production, ``uk`` for UK: the same first letter and the short form's letters in
    order in the word."""
    if not short or not word or short[0] != word[0] or len(short) > len(word):
        return False
    it = iter(word)
    return all(c in it for c in short)


_NEGATING = ("never", "not", "no", "nor", "without", "refused", "denied", "rejected", "excluded", "except")


def _value_said(value: str, text: str) -> bool | None:
    """True when ``text`` names ``value`` as what holds (the word or a form it abbreviates), False when it names it
    negated ("never worldwide", "worldwide was refused"), None when it does not name it."""
    re = _re()
    tokens = re.findall(r"[a-z0-9][\w-]*", text.lower())
    value = value.lower()
    for k, token in enumerate(tokens):
        if token == value or (len(value) >= 2 and value.isalpha() and _abbreviates(value, token)):
            around = tokens[max(0, k - 3):k] + tokens[k + 1:k + 3]
            return not any(t in _NEGATING for t in around)
    return None


def _named_setting(record: Record, words: list[str]) -> tuple[str, str, str] | None:
    """A record about a named item's setting — its key carries the option's subject (``policy.ep103_territory``,
    ``policy.harbour_pilots_units``) or its text the option's words ("the harbour pilots get wind in knots") — and the
    action names that item (``--episode EP103``, ``--customer harbour-pilots``) and passes the option with a word
    the record does not give it ("EP103 is delivered for the UK only" and ``--territory worldwide``), or gives it
    negated ("never worldwide"). A value the record names, or one it abbreviates (``kt`` for knots), is within it."""
    if not isinstance(record.value, str) or len(words) < 3:
        return None
    re = _re()
    text = record.value.lower()
    key_words = set(re.split(r"[._-]", record.key.lower())[1:])
    said = " " + " ".join(re.findall(r"[a-z0-9]+", f"{text} {' '.join(key_words)}")) + " "
    # the items the action names (an option's value or an operand, not the program), as the record would spell them
    named: list[str] = []
    for i, word in enumerate(words[1:], 1):
        if word.startswith("-") or len(word) < 3 or "/" in word:
            continue
        spelled = " ".join(re.findall(r"[a-z0-9]+", word.lower()))
        if len(spelled) >= 3 and f" {spelled} " in said and not spelled.isdigit():
            named.append(word)
    if not named:
        return None
    for option, passed in _long_options(words):
        passed = passed.strip("'\"")
        if not re.fullmatch(r"[a-z][a-z-]{1,24}", passed.lower()) or passed in named:
            continue  # a word (``worldwide``, ``mps``), not an item's name (``B-03``)
        parts = [p for p in re.split(r"[-_]", option[2:].lower()) if len(p) >= 3 and p not in _NOT_TOPIC
                 and p not in ("from", "into", "onto", "for", "the", "and", "via", "with", "out", "off")]
        if not parts:
            continue
        in_key = any(p in key_words or p.rstrip("s") in {k.rstrip("s") for k in key_words} for p in parts)
        in_text = any(re.search(rf"\b{re.escape(p.rstrip('s'))}s?\b", text) for p in parts)
        if not in_text and not (in_key and re.search(r"\bonly\b", text)):
            continue  # the record says nothing of this option's subject (or states no value of it)
        if not in_key and not in_text:
            continue
        verdict = _value_said(passed, text)
        if verdict is True:
            continue
        return option, passed, ""
    return None


def why(record: Record, action: Action) -> str | None:
    found = violation(record, action)
    if found is None:
        return None
    option, passed, fixed = found
    if not fixed:
        return f"`{option} {passed}`, a value the developer's record does not give {option} for what the action names"
    return f"`{option} {passed}` where the developer's record fixes `{option} {fixed}`"


def alternative(record: Record, action: Action) -> str:
    """The action with the record's value for the option (``--max-kw 500`` → ``--max-kw 250``)."""
    found = violation(record, action)
    if found is None or not action.text:
        return ""
    option, passed, fixed = found
    if not fixed:
        return ""
    re = _re()
    text = re.sub(rf"(?<![\w-]){re.escape(option)}(=|\s+)(['\"]?){re.escape(passed)}\2(?![\w.:%+-])",
                  lambda m: f"{option}{m.group(1)}{fixed}", action.text.strip(), count=1)
    return f"`{text}` (the value the developer's record fixes for {option}: {fixed})"
