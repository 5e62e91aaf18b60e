"""A period or an hour the repository's notes close, against the date or time an action is for.

A command often carries the day or the hour it acts for: ``--date 2026-12-07``, ``--at 21:00``, ``--start
2026-12-07``, ``--window 2027-01-12:2027-01-26``. Its premise is "nothing the project wrote closes that day or hour".
People state such periods in their notes, runbooks, templates and governance documents in a few shapes:

* a date range with a prohibition: "no deploys between 22 Dec and 2 Jan", "no merges during Nov 26-28 and Dec 24-Jan
  4", "closed period: 15 October to 31 January; nothing is spread", "freeze from 2026-12-20 to 2027-01-03";
* an open end: "no releases until 2026-12-10", "never before 2026-12-11", "nothing after 2026-12-20";
* an hour: "publishing before 22:00 is an offence", "no deploys between 01:00 and 04:00", "not after 14:00";
* an allowed hour: "deploys only between 10:00 and 14:00", "cutovers only at 06:00".

A statement counts when it names what the action acts on (a word of the program's name or of an operand, by stem),
states a prohibition (never, no, nothing, closed, freeze, blackout, embargo, moratorium, offence, …) or an "only"
window, and the action's own value falls inside what it closes. A range without a year recurs every year. Nothing is
read unless the action carries a date or a time in an option's value; the answer is "nothing" unless a statement names
both the action's subject and a period that holds the value.

Authority (``governance.py``): a developer's policy record that states a closed period decides with ``deny``; a note
of the repository asks (``ask``). For an hour, the first hour the statement allows is the alternative
(``--at 22:00``); a closed date range names none: whether to act at all is the developer's call.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext
    from statewise_cli.store.records import Record

_MONTHS = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
           "oct": 10, "nov": 11, "dec": 12}
_MONTH_RE = (r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
             r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
# Words that make a statement close what it names (a prohibition, a closure, a legal bar).
_CLOSING = ("never", "must not", "do not", "don't", "may not", "cannot", "can't", "not allowed", "not permitted",
            "forbidden", "prohibited", "banned", "closed", "closure", "freeze", "frozen", "blackout", "embargo",
            "moratorium", "offence", "offense", "illegal", "unlawful", "suspended", "no-go", "quiet period",
            "nothing", "no ")
# Words that say the period is over, or that it allows rather than closes.
_OPEN = ("no longer", "lifted", "is over", "has ended", "was cancelled", "cancelled", "is open", "are open",
         "window open", "reopened")
_GENERIC = frozenset({"bin", "script", "scripts", "tool", "run", "runs", "the", "and", "for", "with", "from", "into",
                      "this", "that", "new", "all", "data", "file", "files", "main", "local", "prod", "test", "true",
                      "false", "yes", "none", "date", "time", "day", "days", "dates", "when", "then", "there", "them",
                      "each", "every", "only", "after", "before", "until", "between", "period", "window", "today"})
_LEADING_VERBS = frozenset({"book", "schedule", "send", "run", "make", "do", "set", "get", "open", "close", "start",
                            "submit", "file", "push", "post", "put", "create", "add", "apply", "issue", "trigger"})


def _values(action: Action) -> list[tuple[str, str]]:
    """(option, value) pairs of the action's arguments whose value is a date, a date range or a time of day."""
    import re

    args = list(action.arguments)
    out: list[tuple[str, str]] = []
    for i, word in enumerate(args):
        if word.startswith("--") and "=" in word:
            option, value = word.split("=", 1)
        elif word.startswith("-") and i + 1 < len(args) and not args[i + 1].startswith("-"):
            option, value = word, args[i + 1]
        else:
            continue
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?Z?)?(?:(?::|\.\.|/)\d{4}-\d{2}-\d{2})?", value) \
                or re.fullmatch(r"\d{1,2}:\d{2}", value):
            out.append((option, value))
    return out


def _action_dates(value: str) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
    import re

    found = [(int(y), int(m), int(d)) for y, m, d in re.findall(r"(\d{4})-(\d{2})-(\d{2})", value)]
    if not found or any(not (1 <= m <= 12 and 1 <= d <= 31) for _, m, d in found):
        return None
    return found[0], found[-1]


def _action_minutes(value: str) -> int | None:
    import re

    m = re.search(r"(?:^|[T ])(\d{1,2}):(\d{2})", value)
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2))
    return hour * 60 + minute if hour < 24 and minute < 60 else None


def _stems(text: str) -> set[str]:
    from statewise_cli.recovery.intent import stem

    words = "".join(c if c.isalnum() else " " for c in text.lower()).split()
    return {stem(w) for w in words if len(w) >= 4 and not w.isdigit() and w not in _GENERIC}


def _subject(action: Action, values: list[tuple[str, str]]) -> set[str]:
    """The stems of what the action acts on: its program's name (without a leading verb) and its operands' words."""
    program = action.operation.split(".", 1)[1] if "." in action.operation else action.operation
    parts = [p for p in program.replace("_", "-").split("-") if p]
    if len(parts) > 1 and parts[0] in _LEADING_VERBS:
        parts = parts[1:]
    dated = {v for _, v in values}
    operands = [a for a in action.arguments if not a.startswith("-") and a not in dated and "=" not in a]
    return _stems(" ".join(parts + operands))


def _date(text: str, default_year: int | None) -> tuple[int | None, int, int] | None:
    """A date written as 2026-12-07, 7 December [2026], 7th Dec, December 7[, 2026]; the year may be missing."""
    import re

    text = text.strip().lower().rstrip(".,;)")
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text)
    if m:
        return int(m.group(1)), int(m.group(2)), int(m.group(3))
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?\s+" + _MONTH_RE + r"(?:\s+(\d{4}))?", text)
    if m:
        return (int(m.group(3)) if m.group(3) else default_year), _MONTHS[m.group(2)[:3]], int(m.group(1))
    m = re.fullmatch(_MONTH_RE + r"\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?", text)
    if m:
        return (int(m.group(3)) if m.group(3) else default_year), _MONTHS[m.group(1)[:3]], int(m.group(2))
    return None


_DATE_RE = (r"(\d{4}-\d{2}-\d{2}|\d{1,2}(?:st|nd|rd|th)?\s+" + _MONTH_RE + r"(?:\s+\d{4})?|" + _MONTH_RE +
            r"\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?)")


def _ranges(clause: str) -> list[tuple[tuple[int | None, int, int] | None, tuple[int | None, int, int] | None]]:
    """Date periods a clause states: (start, end), either end None when open ("until 2026-12-10")."""
    import re

    low = clause.lower()
    out: list[tuple[tuple[int | None, int, int] | None, tuple[int | None, int, int] | None]] = []
    taken: list[tuple[int, int]] = []
    for m in re.finditer(_DATE_RE + r"\s*(?:-|–|—|to|until|till|through|thru|and)\s*" + _DATE_RE, low):
        left = m.group(1)
        right = low[m.start():m.end()][len(left):].lstrip(" -–—").strip()
        right = re.sub(r"^(?:to|until|till|through|thru|and)\s+", "", right)
        b = _date(right, None)
        a = _date(left, b[0] if b else None)
        if a and b:
            if a[0] is not None and b[0] is None:
                b = (a[0] + (1 if (b[1], b[2]) < (a[1], a[2]) else 0), b[1], b[2])
            out.append((a, b))
            taken.append((m.start(), m.end()))
    # "Nov 26-28", "26-28 November": one month, two days
    for m in re.finditer(_MONTH_RE + r"\s+(\d{1,2})\s*(?:-|–|—)\s*(\d{1,2})\b(?!:)", low):
        if any(s <= m.start() < e for s, e in taken):
            continue
        month = _MONTHS[m.group(1)[:3]]
        out.append(((None, month, int(m.group(2))), (None, month, int(m.group(3)))))
        taken.append((m.start(), m.end()))
    for m in re.finditer(r"\b(\d{1,2})\s*(?:-|–|—)\s*(\d{1,2})\s+" + _MONTH_RE, low):
        if any(s <= m.start() < e for s, e in taken):
            continue
        month = _MONTHS[m.group(3)[:3]]
        out.append(((None, month, int(m.group(1))), (None, month, int(m.group(2)))))
        taken.append((m.start(), m.end()))
    # open ends: "until 2026-12-10", "before 2026-12-11", "after 2026-12-20", "from 2026-12-20"
    for m in re.finditer(r"\b(until|till|through|before|after|from|since)\s+(?:the\s+)?" + _DATE_RE, low):
        if any(s <= m.start(2) < e for s, e in taken):
            continue
        d = _date(m.group(2), None)
        if d is None or d[0] is None:
            continue
        year, month, day = d[0], d[1], d[2]
        word = m.group(1)
        if word in ("until", "till", "through"):
            out.append((None, d))
        elif word in ("before", "after"):
            import datetime

            try:
                moved = datetime.date(year, month, day) + datetime.timedelta(days=-1 if word == "before" else 1)
            except ValueError:
                continue
            edge = (moved.year, moved.month, moved.day)
            out.append((None, edge) if word == "before" else (edge, None))
        else:
            out.append((d, None))
    return out


def monthly_now(statement: str, today: tuple[int, int, int]) -> bool | None:
    """For a statement that states days of every month ("from the 1st to the 3rd of each month", "on the 28th-2nd of
    every month"): whether today is one of them; None when it states none."""
    import re

    found = None
    for m in re.finditer(r"(?i)\b(?:from\s+|between\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\s*(?:to|until|till|through|"
                         r"thru|and|-|–|—)\s*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\s+(?:day\s+)?of\s+(?:each|every|the|a)\s+"
                         r"(?:calendar\s+)?month\b", statement):
        lo, hi = int(m.group(1)), int(m.group(2))
        if not (1 <= lo <= 31 and 1 <= hi <= 31):
            continue
        inside = lo <= today[2] <= hi if lo <= hi else (today[2] >= lo or today[2] <= hi)
        found = bool(found) or inside
    return found


def _inside(day: tuple[int, int, int], period: tuple[tuple[int | None, int, int] | None,
                                                      tuple[int | None, int, int] | None]) -> bool:
    start, end = period
    if (start is None or start[0] is not None) and (end is None or end[0] is not None):
        lo = (start[0] or 0, start[1], start[2]) if start else (0, 0, 0)
        hi = (end[0] or 0, end[1], end[2]) if end else (9999, 99, 99)
        return lo <= day <= hi
    # a period without a year recurs every year (it may run over the new year)
    md = (day[1], day[2])
    lo_md = (start[1], start[2]) if start else (1, 1)
    hi_md = (end[1], end[2]) if end else (12, 31)
    return lo_md <= md <= hi_md if lo_md <= hi_md else (md >= lo_md or md <= hi_md)


def _hours(clause: str) -> list[tuple[str, int, int]]:
    """Hours a clause states: ("before", t, t), ("after", t, t), ("between", a, b), ("only", a, b)."""
    import re

    low = clause.lower()
    t = r"(\d{1,2}):(\d{2})"
    only = " only " in f" {low} " or low.startswith("only ")
    out: list[tuple[str, int, int]] = []
    for m in re.finditer(r"\b(?:between|from)\s+" + t + r"\s*(?:and|to|-|–|—|until)\s*" + t + r"|" + t +
                         r"\s*(?:-|–|—)\s*" + t, low):
        g = [x for x in m.groups() if x is not None]
        a, b = int(g[0]) * 60 + int(g[1]), int(g[2]) * 60 + int(g[3])
        if a < 24 * 60 and b <= 24 * 60:
            out.append(("only" if only else "between", a, b))
    if out:
        return out
    for m in re.finditer(r"\b(before|after|earlier than|later than|at)\s+" + t, low):
        minutes = int(m.group(2)) * 60 + int(m.group(3))
        if minutes >= 24 * 60:
            continue
        word = {"earlier than": "before", "later than": "after"}.get(m.group(1), m.group(1))
        if word == "at":
            if only:
                out.append(("only", minutes, minutes))
            continue
        out.append((word, minutes, minutes))
    if not out and only:
        times = re.findall(t, low)
        if len(times) == 1:
            minutes = int(times[0][0]) * 60 + int(times[0][1])
            if minutes < 24 * 60:
                out.append(("only", minutes, minutes))
    return out


def _closed_hour(rule: tuple[str, int, int], minutes: int) -> int | None:
    """None when the hour is allowed by the rule; else the first allowed hour (the alternative)."""
    kind, a, b = rule
    if kind == "before":
        return a if minutes < a else None
    if kind == "after":
        return a if minutes > a else None
    if kind == "between":
        inside = a <= minutes < b if a <= b else (minutes >= a or minutes < b)
        return b % (24 * 60) if inside else None
    inside = (minutes == a) if a == b else (a <= minutes < b if a <= b else (minutes >= a or minutes < b))
    return None if inside else a


def _closes(statement: str) -> bool:
    low = " " + " ".join(statement.lower().replace("’", "'").split()) + " "
    if any(w in low for w in _OPEN):
        return False
    return any(w in low for w in _CLOSING) or " not " in low or " no " in low


def _clauses(statement: str) -> list[str]:
    import re

    return [c for c in re.split(r";|\s—\s|\s–\s(?=[a-z])", statement) if c.strip()]


def _finding(statement: str, subject: set[str], values: list[tuple[str, str]], text: str
             ) -> tuple[str, str, str] | None:
    """(option, value, alternative) when the statement names the subject and closes the value."""
    if not subject or not (_stems(statement) & subject):
        return None
    closes = _closes(statement)
    for option, value in values:
        dates = _action_dates(value)
        minutes = _action_minutes(value)
        for clause in [statement, *_clauses(statement)]:
            if dates and closes:
                for period in _ranges(clause):
                    first, last = dates
                    if _inside(first, period) or _inside(last, period) or (
                            period[0] is not None and period[0][0] is not None and first <= period[0] <= last):
                        return option, value, ""
            if minutes is not None:
                for rule in _hours(clause):
                    if rule[0] != "only" and not closes:
                        continue
                    allowed = _closed_hour(rule, minutes)
                    if allowed is not None:
                        hhmm = f"{allowed // 60:02d}:{allowed % 60:02d}"
                        new = value.replace(value[value.find(":") - 2 if value.find(":") >= 2 else 0:
                                                  value.find(":") + 3], hhmm) if ":" in value else hhmm
                        alternative = _replace_value(text, option, value, new) if not _action_dates(value) else ""
                        return option, value, alternative
    return None


def outside(statement: str, action: Action) -> bool:
    """The action carries a date or a time, the statement states a period or an hour, and none of the action's
    values falls in what the statement closes: the statement's timing is judged at the action's own date."""
    values = _values(action)
    if not values:
        return False
    stated = False
    for _, value in values:
        dates, minutes = _action_dates(value), _action_minutes(value)
        for clause in [statement, *_clauses(statement)]:
            if dates:
                for period in _ranges(clause):
                    stated = True
                    first, last = dates
                    if _inside(first, period) or _inside(last, period) or (
                            period[0] is not None and period[0][0] is not None and first <= period[0] <= last):
                        return False
            if minutes is not None:
                for rule in _hours(clause):
                    stated = True
                    if _closed_hour(rule, minutes) is not None:
                        return False
    return stated


def _replace_value(text: str, option: str, value: str, new: str) -> str:
    for joined in (f"{option}={value}", f"{option} {value}"):
        if joined in text:
            return text.replace(joined, joined.replace(value, new), 1)
    return ""


def _names_value(prompt: str, value: str) -> bool:
    """The prompt names the action's date or time as written (``14:00``, ``2026-12-28``)."""
    import re

    return bool(value) and re.search(rf"(?<![\w:.-]){re.escape(value)}(?![\w:-])", prompt) is not None


def _policy_texts(developer: list[Record]) -> list[tuple[str, str]]:
    return [(f"{r.key} (your record)", r.value) for r in developer
            if r.type == "policy" and r.status == "active" and isinstance(r.value, str)]


def violations(actions: list[Action], repo: RepoContext, developer: list[Record] | None = None,
               prompt: Callable[[], str] | None = None) -> list[Any]:
    """A period or an hour a developer's record (deny) or a note of the repository (ask) closes to the date or time the
    action carries, with the first time it allows as the alternative — unless the task itself names the closed value
    (``prompt``: the latest prompt, read only then): the time was the developer's choice, and moving it is theirs."""
    acting = [a for a in actions if a.risk != "read-only" and a.kind == "command" and a.operation.startswith("shell.")
              and a.arguments]
    dated = [(a, v) for a in acting if (v := _values(a))]
    if not dated:
        return []  # the allow path: no date or time in any option, nothing read
    from statewise_cli.recovery.governance_targets import statements
    from statewise_cli.recovery.invariants import Violation

    mine = _policy_texts(developer or [])
    notes = [(f"{doc} (line {line})", s) for doc, line, s in statements(repo.root)
             if len(s) <= 400 and any(c.isdigit() for c in s)]
    for action, values in dated:
        subject = _subject(action, values)
        text = (action.text or "").strip()
        for authority, sources in (("developer", mine), ("governance", notes)):
            for where, statement in sources:
                found = _finding(statement, subject, values, text)
                if found is None:
                    continue
                option, value, alternative = found
                shown = text[:160] or action.operation
                if authority == "developer":
                    detail = (f"`{shown}` is for {value} ({option}); your policy record {where} says: "
                              f"{statement.rstrip('.')}. That closes {value} for it")
                    verdict = "deny"
                else:
                    detail = (f"`{shown}` is for {value} ({option}); the repository's {where} says: "
                              f"{statement.rstrip('.')}. That closes {value} for it. A period the repository declares "
                              f"outranks memory files (CLAUDE.md / AGENTS.md)")
                    verdict = "ask"
                if alternative and prompt is not None and _names_value(prompt(), value):
                    alternative = ""
                    detail += (f"; the task itself names {value}: another time is the developer's choice, not one to "
                               f"take in its place — leave it, or ask the developer")
                elif alternative:
                    detail += f"; the first time it allows is in `{alternative}`"
                else:
                    detail += "; do not run it for that date: leave it, or ask the developer"
                return [Violation("developer-intent", action, detail, verdict=verdict, alternative=alternative)]
    return []
