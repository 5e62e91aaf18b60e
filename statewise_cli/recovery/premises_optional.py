"""An option whose absence the project's documents call live or destructive now.

A program's behaviour without an option changes between versions and deployments: "since 4.0 a publish without it
applies the new rates to live quotes immediately — publish with ``--effective DATE``"; "BREAKING: runs for real by
default (destroys what is due); ``--dry-run`` previews". An action run without that option rests on the premise that
its default is the harmless one. When a document about the program (an operations note, a docs page, the newest
section of its changelog) says the default — or the run without the option — acts live, immediately or
destructively, and names exactly one option to pass instead, the action is stopped with the same line plus that
option.

An option the action passes that a note about the program says it ignores now ("version 3 ignores --dry-run") is
stopped too, with the one other option the note names in its place (:func:`ignored_option_premise`).

Read-only: reads the documents the environment premises read and the program's own changelog; runs nothing.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_SKIP = frozenset({"git", "sh", "bash", "env", "sudo", "make", "npm", "npx", "python", "python3", "node", "rm", "cp", "mv",
                   "echo", "printf", "cat", "ls", "cd"})


def _re() -> Any:
    import re

    return re


# What the run without the option does: destroys (said of the default or of a run without it), or acts on something
# live or at once (said of a run without it only: "deploys to production by default" is how deploys are meant to go).
_HAZARD = (r"\b(?:for\s+real|destroys?|deletes?|wipes?|purges?|erases?|irreversibl[ey]|permanently|live|immediately|"
           r"at\s+once|in\s+production|to\s+production|(?:is|are|makes?|places?|sends?|raises?)\s+an?\s+real|"
           r"dispatch(?:es|ed)?)\b")
_DESTROYS = r"\b(?:for\s+real|destroys?|deletes?|wipes?|purges?|erases?|irreversibl[ey]|permanently)\b"
_WITHOUT = r"\bwithout\s+(?:it|them|this|that|the\s+(?:option|flag)|`?--[a-z][\w-]*`?)\b"
_ABSENT = rf"\bby\s+default\b|\bdefaults?\s+(?:is|are|now|to|runs?|does)\b|{_WITHOUT}"


def _hazard(sentence: str) -> bool:
    """A sentence that says the run without an option destroys, or (of a run without it) acts live or at once."""
    re = _re()
    if re.search(_DESTROYS, sentence, re.I) and re.search(_ABSENT, sentence, re.I):
        return True
    return bool(re.search(_HAZARD, sentence, re.I) and re.search(_WITHOUT, sentence, re.I))


_OLD = (r"\bno\s+longer\b", r"\bused\s+to\b", r"\bpreviously\b", r"\bformerly\b", r"\bbefore\s+(?:v(?:ersion)?\s*)?\d",
        r"\buntil\s+(?:v(?:ersion)?\s*)?\d")
# Verbs that say an option is the harmless way: "--dry-run previews", "pass --x", "with --x DATE".
_SAFE_AFTER = r"(?:previews?|simulates?|shows?|lists?|prints?|plans?|checks?|reports?)\b"
_CUE_BEFORE = r"\b(?:with|pass|passing|use|using|add|adding|always|needs?|requires?|must\s+(?:pass|use|add))\s+`?$"


def _changelog_head(text: str) -> str:
    """The newest section of a changelog: the text before its second version heading."""
    re = _re()
    heads = [m.start() for m in re.finditer(r"(?m)^#{1,3}\s+\S|^\[?v?\d+\.\d+", text)]
    return text[:heads[1]] if len(heads) > 1 else text


_INDEX = "documented-options.json"
_DOC_FILES = 300  # tracked documents read for the index, per HEAD


def _hazard_sentences(ctx: Any) -> list[list[str]]:
    """[path, first line, sentence] for every sentence of the repository's tracked documents (the newest section of
    a changelog) that says a run without an option acts live or destructively and names one option to pass; built
    once per HEAD and cached beside the store."""
    import os

    from statewise_cli.recovery.premises import _read, head_cached, save_cache

    head, cache, cached = head_cached(ctx, _INDEX, "sentences")
    if isinstance(cached, list):
        return [list(map(str, row)) for row in cached if isinstance(row, list) and len(row) == 3]
    re = _re()
    code, out = ctx.git("ls-files", "--", "*.md", "*.markdown", "*.txt", "*.rst", "*.adoc", "CHANGELOG*", "CHANGES*",
                        "NEWS*")
    found: list[list[str]] = []
    for rel in (out.splitlines() if code == 0 else [])[:_DOC_FILES]:
        text = _read(os.path.join(ctx.root, rel), 64 * 1024) or ""
        if not re.search(_HAZARD, text, re.I) or "--" not in text:
            continue
        base = os.path.basename(rel).lower()
        if base.startswith(("changelog", "changes", "news", "history")) or "changelog" in base:
            text = _changelog_head(text)
        first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")[:200]
        flat = " ".join(text.split())
        for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z#*-])", flat):
            if _hazard(sentence) and not any(re.search(p, sentence, re.I) for p in _OLD) and len(_options(sentence)) == 1:
                found.append([rel, first, sentence[:600]])
    save_cache(cache, {"head": head, "sentences": found[:200]})
    return found[:200]


def _options(sentence: str) -> list[tuple[str, str]]:
    """(option, value or "") the sentence names as the way to run: after a cue ("with --effective 2027-01-01",
    "pass --dry-run") or before a harmless verb ("--dry-run previews")."""
    re = _re()
    found: list[tuple[str, str]] = []
    for m in re.finditer(r"`?(--[a-z][\w-]*)(?:=|\s+)?`?([^\s`,;:)]*)`?", sentence):
        flag, value = m.group(1), m.group(2).rstrip(".")
        before = sentence[:m.start()]
        after = sentence[m.end(1):].lstrip("` =")
        if value and not (any(c.isdigit() for c in value) or "=" in sentence[m.end(1):m.end(1) + 1]):
            value = ""  # a word after the option that is no value of it ("--dry-run previews")
        rest = after[len(value):].lstrip("` ") if value else after
        if (re.search(_CUE_BEFORE, before, re.I) or re.match(_SAFE_AFTER, rest, re.I)) and not re.match(
                r"(?:destroys?|deletes?|removed|is\s+removed|was\s+removed)\b", rest, re.I):
            found.append((flag, value))
        elif re.search(r"\bwithout\s+`?$", before, re.I) and _hazard(sentence):
            # "a test alarm without --to bench is a real call-out": the option the hazard lacks is the one to pass,
            # with the word after it when the sentence's verb follows that word (else it is the option's own verb)
            word = re.match(r"([A-Za-z][\w.-]*)`?\s+(?:is|are|goes|go|sends?|acts?|runs?|means|becomes|will|would)\b",
                            after)
            found.append((flag, value or (word.group(1) if word else "")))
    return list(dict.fromkeys(found))


def with_option(words: list[str], flag: str, value: str) -> str:
    """The command with ``flag [value]`` placed where programs read options: before the first file operand (a word
    with a ``/`` or a ``.``), keeping a path-valued option with its path; at the end when there is none."""
    add = [flag, value] if value else [flag]
    at = len(words)
    for i, word in enumerate(words[1:], 1):
        if word.startswith("-"):
            continue
        if "/" in word or "." in word and not word.replace(".", "").isdigit():
            at = i - 1 if words[i - 1].startswith("-") and "=" not in words[i - 1] and i > 1 else i
            break
    import shlex

    return " ".join(shlex.quote(w) for w in [*words[:at], *add, *words[at:]])


def hazard_option_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """See the module docstring."""
    import os

    if len(words) < 2 or words[0].startswith("-"):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in _SKIP:
        return None
    sentences = _hazard_sentences(ctx)
    if not sentences:
        return None  # (nothing imported on the allow path of a repository whose documents say no such thing)
    re = _re()
    given = {w.split("=", 1)[0] for w in words[1:] if w.startswith("--")}
    verbs = {w.lower() for w in words[1:3] if w.isalpha()}
    low = program.lower()
    for name, first, sentence in sentences:
        if not (re.search(rf"(?<![\w-]){re.escape(low)}(?![\w-])", sentence.lower()) or low in name.lower()
                or re.search(rf"(?<![\w-]){re.escape(low)}(?![\w-])", first.lower())):
            continue
        # a sentence about one of the program's commands speaks for that command only
        named = {w.lower() for w in re.findall(r"\b[a-z]{4,}\b", sentence)}
        if verbs and not verbs & named and re.search(r"\ba\s+([a-z]{4,})\s+without\b", sentence, re.I):
            continue
        options = [(f, v) for f, v in _options(sentence) if f not in given]
        if len(options) != 1 or len(_options(sentence)) != 1:
            continue
        flag, value = options[0]
        command = with_option(words, flag, value)
        quote = sentence[:240].replace("`", "'")
        from statewise_cli.recovery.premises import _premise

        shown = f"`{command}`"
        return _premise(action, "runtime.default.behaviour", f"{program} without {flag} (its default is harmless)",
                        f"{flag} {value}".strip(), "repo.docs",
                        f"{name} says {program} without {flag} acts live or destructively now: \"{quote}\"; "
                        f"`{(action.text or '')[:80]}` passes no {flag}",
                        f"{shown} ({name} names {flag} for this)", f"{program}'s default is harmless here",
                        shown=shown)
    return None


# ------------------------------------------------------------------ a form the documents state for the action's verb
_FORMS = "documented-forms-2.json"


def _form_of(sentence: str) -> tuple[str, str, str] | None:
    """(verb, option, value) of a sentence that states how a kind of work is run: an imperative ("Export with
    --format pdfa"), or a rule ("every export for them is run with --redact-pii", "uploads are made with --env qa");
    None for anything else, or a negated one ("never with --force")."""
    re = _re()
    low = sentence.lower()
    if re.search(r"\b(?:not|never|no longer|n't|don't|avoid|instead of|if|when|whenever|optionally|can|could|may|might|"
                 r"e\.g|for example|to debug|debugging)\b", low):
        return None  # negated, or a form for a case (a condition, an option one may take), not the rule
    option = r"`?(--[a-z][\w-]*)(?:[ =]`?([\w./:@-]*[\w]))?`?"
    # matched on the sentence as written (re.I), so a value keeps its case: "Upload with --depot NL" gives NL
    m = re.match(rf"^\W*([a-z]{{3,}})\s+(?:[\w-]+\s+){{0,3}}?with\s+{option}", sentence, re.I)
    if m is not None and re.search(r"\b(?:is|are|was|were|be|been)\b", m.group(0), re.I):
        m = None  # "Credits are applied with …" is no imperative of a verb "credits"
    if m is None:
        m = re.search(rf"\b(?:every|each|all)\s+([a-z]{{3,}}?)s?\b[^.;:]{{0,50}}?\b(?:is|are)\s+(?:run|done|made|sent|"
                      rf"\w+ed)\s+with\s+{option}", sentence, re.I)
    if m is None:
        # a rule in the passive, the work named by its participle: "credits are applied with --rate 10.25", "routes
        # for it are built with --vehicle-profile X", "the regulator only counts notes lodged with --service dwt"
        m = re.search(rf"\b([a-z]{{4,}})\s+with\s+{option}", sentence, re.I)
        if m is None or not participle_bases(m.group(1).lower()):
            return None
        return "=" + m.group(1).lower(), m.group(2), _plain_value(m.group(3) or "")
    verb, flag, value = m.group(1).lower(), m.group(2), m.group(3) or ""
    if verb in ("run", "use", "call", "start", "try", "invoke", "execute", "launch", "the", "and"):
        return None  # says nothing of which work it is
    if value and not (any(c.isdigit() for c in value) or value.isalpha() and len(value) <= 12):
        value = ""
    if value in ("and", "or", "the", "a", "for", "to", "so", "when", "if"):
        value = ""
    return verb, flag, value


def _documented_forms(ctx: Any) -> list[list[str]]:
    """[path, verb, option, value, sentence, directories the document names] for every form sentence of the
    repository's tracked documents; built once per HEAD and cached beside the store."""
    import os

    from statewise_cli.recovery.premises import _read, head_cached, save_cache

    head, cache, cached = head_cached(ctx, _FORMS, "forms")
    if isinstance(cached, list):
        return [list(map(str, row)) for row in cached if isinstance(row, list) and len(row) == 6]
    re = _re()
    code, out = ctx.git("ls-files", "--", "*.md", "*.markdown", "*.txt", "*.rst", "*.adoc")
    found: list[list[str]] = []
    for rel in (out.splitlines() if code == 0 else [])[:_DOC_FILES]:
        text = _read(os.path.join(ctx.root, rel), 64 * 1024) or ""
        if " with --" not in text and "with `--" not in text:
            continue
        flat = " ".join(text.split())
        dirs = " ".join(dict.fromkeys(re.findall(r"(?<![\w./-])([A-Za-z_][\w.-]*/)", flat)))[:300]
        for sentence in re.split(r"(?<=[.!?;])\s+", flat):
            form = _form_of(sentence)
            if form is not None:
                found.append([rel, *form, sentence[:400], dirs])
    save_cache(cache, {"head": head, "forms": found[:200]})
    return found[:200]


# Past participles that do not end in -ed, with their verbs (the commands tools name their work by).
_IRREGULAR = {"built": "build", "made": "make", "sent": "send", "run": "run", "done": "do", "written": "write",
              "taken": "take", "given": "give", "kept": "keep", "held": "hold", "set": "set", "put": "put",
              "drawn": "draw", "shown": "show", "bound": "bind", "found": "find", "spun": "spin", "split": "split",
              "cut": "cut", "read": "read", "sold": "sell", "brought": "bring", "begun": "begin", "rebuilt": "rebuild",
              "rerun": "rerun", "rewritten": "rewrite"}


def participle_bases(word: str) -> set[str]:
    """The verbs a past participle can be of (``applied`` → apply; ``lodged`` → lodge; ``submitted`` → submit;
    ``built`` → build); empty for a word that is none."""
    if word in _IRREGULAR:
        return {_IRREGULAR[word]}
    if not word.endswith("ed") or len(word) < 5 or word in ("need", "seed", "feed", "speed", "indeed", "bed", "red"):
        return set()
    stem = word[:-2]
    out = {stem, stem + "e"}
    if stem.endswith("i"):
        out.add(stem[:-1] + "y")
    if len(stem) >= 2 and stem[-1] == stem[-2]:
        out.add(stem[:-1])
    return out


def _plain_value(value: str) -> str:
    if value and not (any(c.isdigit() for c in value) or value.isalpha() and len(value) <= 12):
        return ""
    return "" if value.lower() in ("and", "or", "the", "a", "an", "for", "to", "so", "when", "if", "in", "on", "at",
                                   "by", "from", "of", "with", "as", "into", "unless", "but", "then") else value


def _same_verb(a: str, b: str) -> bool:
    if b.startswith("="):  # a participle's form: the action's verb is one it can be of
        return a in participle_bases(b[1:])
    for suffix in ("ing", "ed", "es", "s"):
        if a.endswith(suffix) and len(a) - len(suffix) >= 4:
            a = a[: -len(suffix)]
        if b.endswith(suffix) and len(b) - len(suffix) >= 4:
            b = b[: -len(suffix)]
    return len(a) >= 4 and a == b


def _names_word(ctx: Any, rel: str, word: str) -> bool:
    import os

    from statewise_cli.recovery.premises import _read

    re = _re()
    text = _read(os.path.join(ctx.root, rel), 64 * 1024) or ""
    return re.search(rf"(?<![\w.-]){re.escape(word)}(?![\w-])", text, re.I) is not None


def documented_form_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """A command whose kind of work (its subcommand: ``export``, ``upload``) the project's documents say is run with an
    option — "Export with --format pdfa", "every export for them is run with --redact-pii" — while the action passes
    that option with another value, or (when the document names the program or a directory the action writes into)
    not at all: the documented form is how it runs now."""
    import os

    if len(words) < 2 or words[0].startswith("-"):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in _SKIP:
        return None
    verb = next((w.lower() for w in words[1:3] if w.isalpha() and len(w) >= 4), "")
    if not verb:
        return None
    mine: dict[str, str] = {}
    for i, w in enumerate(words[1:], 1):
        if w.startswith("--"):
            flag, eq, val = w.partition("=")
            mine[flag] = val if eq else (words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("-") else "")
    operand_dirs = {w.split("/", 1)[0] + "/" for w in words[1:] if "/" in w and not w.startswith(("-", "/", "."))}
    for rel, their_verb, flag, value, sentence, dirs in _documented_forms(ctx):
        if not _same_verb(verb, their_verb):
            continue
        if their_verb.startswith("=") and (flag not in mine or not _names_word(ctx, rel, mine[flag])):
            continue  # a rule in the passive decides only against a value the same document names as well
        if flag in mine:
            if not value or mine[flag].lower() == value.lower() or not mine[flag]:
                continue
            fixed = [value if j > 0 and words[j - 1] == flag else (f"{flag}={value}" if w == f"{flag}={mine[flag]}" else w)
                     for j, w in enumerate(words)]
            import shlex

            command = " ".join(shlex.quote(w) for w in fixed)
            what = f"passes {flag} {mine[flag]}"
        else:
            named = program.lower() in sentence.lower() or any(d in dirs.split() for d in operand_dirs)
            if not named:
                continue
            command = with_option(words, flag, value)
            what = f"passes no {flag}"
        from statewise_cli.recovery.premises import _premise

        quote = sentence[:240].replace("`", "'")
        return _premise(action, "runtime.documented.form", f"{program} {verb} without {flag} {value}".strip(),
                        f"{flag} {value}".strip(), "repo.docs",
                        f"{rel} says how {verb} runs here: \"{quote}\"; `{(action.text or '')[:80]}` {what}",
                        f"`{command}` (the form {rel} states)", f"{program} {verb} runs in this form here",
                        shown=f"`{command}`")
    return None


# "renewctl 4 changed --send: it emails the offers straight to the policyholders"; "since 2.0 --sync pushes to the live
# catalogue": an option whose meaning a document says changed, to something that reaches people or live systems
_CHANGED_TO = (r"\b(?:changed|now|since|as\s+of|no\s+longer)\b")
_REACHES = (r"\b(?:e-?mails?|sends?|texts?|mails?|notif(?:y|ies)|publish(?:es)?|posts?|pushes|pays|charges|bills|"
            r"transfers|deletes|straight\s+(?:to|away)|directly\s+to|immediately|at\s+once|live|production|customers?|"
            r"policyholders?|clients?|claimants?|patients?|members?|tenants?|public|everyone|all\s+users)\b")


def changed_option_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """An option the action passes whose meaning a document about the program says changed to something that reaches
    people or live systems, where the same paragraph names one other option for this work ("our brokered book goes to
    the broker queue first (--queue-broker)"): the action is that option's old meaning. The alternative is the same
    line with the other option in place of this one."""
    import os

    if len(words) < 2 or words[0].startswith("-"):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in _SKIP:
        return None
    mine = [w.split("=", 1)[0] for w in words[1:] if w.startswith("--") and len(w) > 3]
    if not mine:
        return None
    re = _re()
    from statewise_cli.recovery.premises_consumers import doc_paragraphs

    for rel, paragraph in doc_paragraphs(ctx.root):
        if program.lower() not in paragraph.lower() or "--" not in paragraph:
            continue
        sentences = re.split(r"(?<=[.!?])\s+", paragraph)
        for flag in mine:
            at = re.compile(rf"(?<![\w-]){re.escape(flag)}(?![\w-])")
            said = next((s for s in sentences if at.search(s) and re.search(_CHANGED_TO, s, re.I)
                         and re.search(_REACHES, s, re.I) and not re.search(r"\b(?:never|not|don't|do not)\b", s, re.I)),
                        None)
            if said is None:
                continue
            others = [m.group(1) for s in sentences if s != said
                      for m in re.finditer(r"[(`]\s*(--[a-z][\w-]*)\s*[)`]", s)]
            others = [o for o in dict.fromkeys(others) if o != flag and o not in mine]
            if len(others) != 1:
                continue
            other = others[0]
            import shlex

            command = " ".join(shlex.quote(other if w == flag else w) for w in words)
            quote = said[:240].replace("`", "'")
            from statewise_cli.recovery.premises import _premise

            return _premise(action, "runtime.option.meaning", f"{program} {flag}", other, "repo.docs",
                            f"{rel} says {flag} changed: \"{quote}\"; `{(action.text or '').strip()[:80]}` passes it",
                            f"`{command}` ({rel} names {other} for this work)",
                            f"{program} {flag} does what it did before", shown=f"`{command}`")
    return None


# A sentence that says the program no longer acts on an option: "version 3 ignores --dry-run", "--check is silently
# ignored now", "--x is no longer recognised", "--x was renamed --y".
_IGNORED_AFTER = (r"^\s*`?\s*(?:is|are|gets?|will\s+be|has\s+been|was|were)?\s*(?:now\s+|silently\s+|just\s+|simply\s+)*"
                  r"(?:ignored|dropped|removed|renamed|no\s+longer\s+(?:recogni[sz]ed|understood|known|supported|"
                  r"honou?red|read|accepted|does\s+anything))\b")
_IGNORED_BEFORE = (r"\b(?:ignores|ignoring|drops|dropped|removed|renamed|no\s+longer\s+(?:recogni[sz]es|understands|knows|"
                   r"supports|honou?rs|reads|accepts))\s+(?:the\s+)?(?:(?:old|former|legacy)\s+)?(?:option\s+|flag\s+)?`?\s*$")


def _ignored_in(sentence: str, flag: str) -> bool:
    """True when ``sentence`` says the program ignores ``flag`` (and does not deny it: "never ignores")."""
    re = _re()
    for m in re.finditer(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", sentence):
        before, after = sentence[max(0, m.start() - 60):m.start()], sentence[m.end():m.end() + 60]
        if re.search(_IGNORED_BEFORE, before, re.I) and not re.search(r"\b(?:never|not|n't)\s+\w+\s*`?\s*$", before,
                                                                          re.I):
            return True
        if re.search(_IGNORED_AFTER, after, re.I) and not re.search(r"^\s*`?\s*(?:is|are)\s+not\b", after, re.I):
            return True
    return False


# Units an option's name can end in, by kind, as a factor of the kind's smallest unit: an option replaced by one of
# another unit of the same kind takes the value converted (``--minutes 180`` → ``--hours 3``), never the same number.
_UNITS: dict[str, tuple[str, int]] = {}
for _kind, _table in (("time", ((1, "ms", "msec", "msecs", "millis", "milliseconds"),
                                (1000, "s", "sec", "secs", "second", "seconds"),
                                (60_000, "m", "min", "mins", "minute", "minutes"),
                                (3_600_000, "h", "hr", "hrs", "hour", "hours"),
                                (86_400_000, "d", "day", "days"), (604_800_000, "w", "wk", "week", "weeks"))),
                      ("size", ((1, "b", "byte", "bytes"), (1024, "kb", "kib"), (1024 ** 2, "mb", "mib"),
                                (1024 ** 3, "gb", "gib"))),
                      ("length", ((1, "mm",), (10, "cm",), (1000, "metres", "meters"), (1_000_000, "km",)))):
    for _factor, *_names in _table:
        for _name in _names:
            _UNITS[_name] = (_kind, _factor)


def _unit(flag: str) -> tuple[str, int] | None:
    """The unit an option's name ends in (``--hours``, ``--timeout-ms``); one-letter units only as a suffix."""
    parts = flag.lstrip("-").lower().replace("_", "-").split("-")
    last = parts[-1]
    if len(last) == 1 and len(parts) == 1:
        return None  # `-s`, `--m`: a short option, not a unit
    return _UNITS.get(last)


def _converted(flag: str, other: str, value: str) -> str | None:
    """``value`` of ``flag`` in ``other``'s unit: the same text when the two options name no units of one kind, None
    when it does not come out as a whole number (or is no number)."""
    a, b = _unit(flag), _unit(other)
    if a is None or b is None or a[0] != b[0] or a[1] == b[1]:
        return value
    if not value.isdigit():
        return None
    total = int(value) * a[1]
    return str(total // b[1]) if total % b[1] == 0 else None


def _with_option(words: list[str], flag: str, other: str) -> list[str] | None:
    """The action's words with ``flag`` replaced by ``other`` and its value carried in ``other``'s unit, or None when
    the value does not convert."""
    out: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w == flag:
            out.append(other)
            if i + 1 < len(words) and not words[i + 1].startswith("-"):
                value = _converted(flag, other, words[i + 1])
                if value is None:
                    return None
                out.append(value)
                i += 1
        elif w.startswith(flag + "="):
            value = _converted(flag, other, w.split("=", 1)[1])
            if value is None:
                return None
            out.append(f"{other}={value}")
        else:
            out.append(w)
        i += 1
    return out


def ignored_option_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """An option the action passes that a note about the program says the program ignores now ("version 3 ignores
    --dry-run and sends the campaign"): the action rests on the option still taking effect. The note is a paragraph of
    the project's docs naming the program, or a note in the folder of the program's own config file or of the action.
    The alternative is the same line with the one other option that sentence (else its paragraph) names in its place;
    without exactly one, the action is stopped with none."""
    import os

    if len(words) < 2 or words[0].startswith("-"):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in _SKIP:
        return None
    mine = [w.split("=", 1)[0] for w in words[1:] if w.startswith("--") and len(w) > 3]
    if not mine:
        return None
    re = _re()
    from statewise_cli.recovery.premises_consumers import doc_paragraphs

    named = re.compile(rf"(?<![\w./-]){re.escape(program)}(?![\w-])", re.I)
    paragraphs = [(rel, p) for rel, p in doc_paragraphs(ctx.root) if "--" in p and named.search(p)]
    root = os.path.realpath(ctx.root)
    from statewise_cli.recovery.premises_defaults import _notes
    from statewise_cli.recovery.premises_environments import _own_configs

    own = _own_configs(root, directory, program)
    folders = [os.path.dirname(p) for p in own] + [directory]
    seen = {rel for rel, _ in paragraphs}
    from statewise_cli.recovery.premises import _read

    for path in own:  # the comments of the program's own configuration file, as one note
        comments = [ln.strip().lstrip("#;").strip() for ln in (_read(path, 100_000) or "").splitlines()
                    if ln.strip().startswith(("#", ";"))]
        if comments and "--" in " ".join(comments):
            paragraphs.append((os.path.relpath(path, root), " ".join(" ".join(comments).split())))
    for where, text in _notes(root, folders):
        rel = os.path.relpath(where, root) if os.path.isabs(where) else where
        if rel in seen or "--" not in text:
            continue
        paragraphs += [(rel, " ".join(p.split())) for p in re.split(r"\n\s*\n", text) if "--" in p]
    for rel, paragraph in paragraphs:
        sentences = re.split(r"(?<=[.!?])\s+", paragraph)
        for flag in mine:
            said = next((s for s in sentences if _ignored_in(s, flag)), None)
            if said is None:
                continue
            other = None
            for scope in (said, paragraph):
                found = [m.group(1) for m in re.finditer(r"(?<![\w-])(--[a-z][\w-]*)(?![\w-])", scope)]
                found = [o for o in dict.fromkeys(found) if o != flag and o not in mine]
                if found:
                    other = found[0] if len(found) == 1 else None
                    break
            import shlex

            quote = said[:240].replace("`", "'")
            text_ = (action.text or "").strip()
            from statewise_cli.recovery.premises import _premise

            carried = _with_option(words, flag, other) if other is not None else None
            if carried is None:
                return _premise(action, "runtime.option.ignored", f"{program} acts on {flag}", f"{flag} ignored",
                                "repo.docs", f"{rel} says: \"{quote}\"; `{text_[:80]}` passes {flag}",
                                f"the way {rel} gives to get what {flag} did", f"{program} still acts on {flag}")
            command = " ".join(shlex.quote(w) for w in carried)
            return _premise(action, "runtime.option.ignored", f"{program} acts on {flag}", str(other), "repo.docs",
                            f"{rel} says: \"{quote}\"; `{text_[:80]}` passes {flag}",
                            f"`{command}` ({rel} names {other} for this)", f"{program} still acts on {flag}",
                            shown=f"`{command}`")
    return None
