"""An option value that restates a setting of the program's own configuration file as it was before a commit changed
it, where the texts beside the file say the earlier value is now refused.

Programs read their settings from a file of their own (``labsub.toml``, ``.coveragerc``, ``setup.cfg``'s sections
for each command) whose keys are their long options without the dashes (``lab`` ↔ ``--lab``, ``fail_under`` ↔
``--fail-under``), under a section for one command (``[send] lab``, ``[report] fail_under``) or for all of them. A
command line that passes ``--KEY OLD`` where a commit changed the file's ``KEY = "OLD"`` to ``KEY = "NEW"`` rests on
the premise that OLD is still the value the project uses — or it overrides the file on purpose. The two read the same
on the command line; the texts tell them apart.

Projects say a value is no longer taken beside the change: in the commit message, the file's comments, or a note in
the file's folder ("riverside lost its accreditation … its results do not count", "a 15-minute log still uploads but
the portal rejects it", "stock from zone 403 is delivered, but the inspector refuses the claim", "`--format csv` is
no longer supported"). The reader decides only when one sentence of those texts names the earlier value (as written,
or a duration in words: ``15m`` ↔ "15-minute") together with a word of refusal or retirement (a sentence about the
default — "x is no longer the default" — says what runs without the option, not that x is refused), and no text
names ``--KEY OLD`` (or ``--OLD``) as the way to get the earlier behaviour — a named option is a deliberate override
(``test runs need --target sim``), and the run that passes it is the one the project asks for. Anything else is
``unknown``: a changed value alone does not say that passing the earlier one is wrong.

The file may also be one of the repository's config files named for a value the action passes (``presses/P4.yaml``
for ``--press P4``); a field of a YAML flow mapping (``BR-10: {press_ton: 80}``) is asked about only for the entry
the action names, and a ``[section]`` counts as the action's when the action or the user's task names it ("the clinic
batch" for ``[clinic]``). A key of another name is the option's when the texts put the option's word beside the
earlier value ("the 2018 curve" for ``--curve 2018`` and ``chart: 2018``). Besides a sentence of refusal, the
project's own command running the program with the option at the value the file holds now (a CI step, a recipe),
none with the earlier one, says the earlier value is out; a sentence that warns the earlier value is "still accepted,
but … fails the check" is not an override. Notes in the repository's docs folder count when the sentence names the
option, the key or the entry.

A file named for the thing the action names (``stages/S1.yaml`` for ``--stage S1``; a one-letter value names a
file in the folder named for its option: ``bays/C.yaml`` for ``--bay C``) or a register's entry keyed by it
(``probes.yaml`` with ``p-2: {batch: …}`` for ``--probe p-2``) records that thing's own settings rather than a
default an option overrides. There the change itself is the evidence: a commit that moved the setting the option
passes (by name, or with a unit after it: ``gap_mm`` ↔ ``--gap``) from exactly the action's value to the value the file
holds now, with a text that names the new value (the commit message, the file's comments, a note beside it or in the
docs), says the earlier value is out of date — unless the user's task names the earlier value. A file named for an
option with its value (``line-2.yaml`` for ``--line 2``) is such a record too, and a list setting (``curve: [45, 27,
31]``) is compared with the one value the action writes its items in (``--curve 45-27-31``).

The alternative is the same command with the option's value as the file holds it now.

Read-only: the config file, ``git log`` / ``git show`` of that file (shared with the changed-default reader's cache,
per HEAD), and the notes in its folder and the action's directory.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from statewise_cli.actions.normalize import Action

# Words that say a value is refused, retired or no longer counts (changelogs, upgrade notes, dated ops notes).
_REFUSED = (r"\breject(?:s|ed|ing)?\b", r"\brefus(?:e|es|ed|ing)\b", r"\bno longer\b", r"\bdeprecated\b",
            r"\bretired\b", r"\bunsupported\b", r"\bnot (?:be )?(?:accepted|supported|valid|allowed|processed|read)\b",
            r"\b(?:does|do|did)(?: not|n't) count\b", r"\bnot counted\b", r"\bcounts? as (?:not|missing|un\w+)",
            r"\blost (?:its|their|the)\b", r"\binvalid\b", r"\bobsolete\b", r"\bwithdrawn\b", r"\brevoked\b",
            r"\bexpired\b", r"\bdiscard(?:s|ed)?\b", r"\bignored\b", r"\bend[- ]of[- ]life\b", r"\bremoved\b",
            r"\bwithdrew\b", r"\breplac(?:es|ed)\b", r"\bsupersed(?:es|ed)\b",
            r"\bfail(?:s|ed)?\s+(?:the|its|their|our|a|an)\b", r"\bshows? (?:up )?as (?:not|missing|un\w+)",
            # a value that now does harm, or whose thing is gone: a dose "three times too much", an account "merged
            # into ours" or "(closed 2026-11-28)" whose orders "never reach us"
            r"\btoo (?:much|many|high|low|strong|weak)\b", r"\bmerged into\b", r"\bclosed\b",
            r"\bnever (?:reach|arrive|get)s?\b")
_UNITS = {"s": "s|sec|secs|second|seconds", "sec": "s|sec|secs|second|seconds", "m": "m|min|mins|minute|minutes",
          "min": "m|min|mins|minute|minutes", "h": "h|hr|hrs|hour|hours", "d": "d|day|days", "w": "w|wk|week|weeks"}


def _re() -> Any:
    import re

    return re


def _passed(words: list[str]) -> dict[str, tuple[int, str]]:
    """``--flag`` → (index of its value word, value) for each long option given a value."""
    out: dict[str, tuple[int, str]] = {}
    for i, word in enumerate(words[1:], 1):
        if not word.startswith("--") or len(word) < 4:
            continue
        if "=" in word:
            flag, value = word.split("=", 1)
            out.setdefault(flag.lower(), (i, value))
        elif i + 1 < len(words) and (not words[i + 1].startswith("-") or _re().fullmatch(r"-\d+(?:\.\d+)?",
                                                                                        words[i + 1])):
            out.setdefault(word.lower(), (i + 1, words[i + 1]))  # a negative number is a value (--offset -4.5)
    return out


def _value_pattern(value: str) -> str:
    """The earlier value as prose writes it: the word itself, or a duration's number with its unit in words."""
    re = _re()
    m = re.fullmatch(r"(\d+)([a-z]{1,3})", value.lower())
    if m and m.group(2) in _UNITS:
        return rf"(?<![\w.-]){m.group(1)}[- ]?(?:{_UNITS[m.group(2)]})(?![\w-])"
    return rf"(?<![\w.-]){re.escape(value)}(?![\w-]|\.\d)"


def _refusal(value: str, texts: list[tuple[str, str]]) -> tuple[str, str] | None:
    """(where, sentence) of the first sentence that names ``value`` with a word of refusal; None when none does."""
    re = _re()
    pattern = _value_pattern(value)
    for where, text in texts:
        flat = " ".join(text.split())
        for sentence in re.split(r"(?<=[.!?])\s+", flat):
            if not re.search(pattern, sentence, re.I) or re.search(r"\bdefault", sentence, re.I):
                continue  # ("x is no longer the default" says what runs without the option, not that x is refused)
            if any(re.search(w, sentence, re.I) for w in _REFUSED):
                return where, sentence
    return None


def _retired_place(root: str, value: str) -> tuple[str, str] | None:
    """(where, sentence) of a note inside the directory ``value`` names (``calib/darks-2025/README.md``) whose sentence
    retires that directory ("Superseded on 2026-11-19 by calib/darks-2026"): a folder's own README speaks of the
    folder without naming it. None when ``value`` is no directory of the repository or no such sentence is there."""
    re = _re()
    if "/" not in value.strip("/") or value.startswith(("/", "~")) or ".." in value.split("/"):
        return None
    folder = os.path.join(root, value.strip("/"))
    if not os.path.isdir(folder) or os.path.realpath(folder) == root:
        return None
    from statewise_cli.recovery.premises_defaults import _notes

    for where, text in _notes(root, [folder]):
        flat = " ".join(text.split())
        for sentence in re.split(r"(?<=[.!?])\s+", flat)[:12]:
            if re.search(r"\bdefault", sentence, re.I):
                continue
            if any(re.search(w, sentence, re.I) for w in _REFUSED):
                return where, sentence
    return None


_TIED = 6
_DOC_FOLDERS = ("docs", "doc")


def _tied_configs(ctx: Any, root: str, directory: str, program: str, words: list[str]) -> list[tuple[str, str]]:
    """(absolute path, how) of the configuration files tied to the action: the program's own (``program``), and the
    repository's config files named for one of the values or operands it passes (``word``: ``presses/P4.yaml`` for
    ``--press P4``)."""
    from statewise_cli.recovery.premises_environments import _own_configs

    out = [(path, "program") for path in _own_configs(root, directory, program)]
    values = {w.lower() for w in words[1:] if len(w) >= 2 and not w.startswith("-") and "/" not in w}
    values |= {w.split("=", 1)[1].lower() for w in words[1:] if w.startswith("--") and "=" in w}
    # a value too short to name a file alone (``--pad B``) names one in the folder named for its option (pads/B.yaml)
    given = {value.lower() for _, value in _passed(words).values()}
    short = {(flag[2:].lower(), value.lower()) for flag, (_, value) in _passed(words).items()
             if len(value) < 2 and value.isalnum()}
    # a file named for an option with its value (``line-2.yaml`` for ``--line 2``)
    options = {f"{flag[2:].lower()}{sep}{value.lower()}" for flag, (_, value) in _passed(words).items()
               for sep in ("-", "_", "") if value.isalnum() or re_word(value)}
    if len(out) < _TIED:
        seen_keyed = {os.path.realpath(p) for p, _ in out}
        for rel in _keyed_files(ctx, words):
            full = os.path.join(root, rel)
            if os.path.realpath(full) not in seen_keyed and os.path.isfile(full):
                out.append((full, "key"))
    if not values and not short:
        return out
    from statewise_cli.recovery.premises_reassigned import _config_files, _stem

    seen = {os.path.realpath(p) for p, _ in out}
    for rel in _config_files(ctx):
        stem = _stem(rel)
        folder = os.path.basename(os.path.dirname(rel)).lower()
        named = stem in values or any(stem == v and folder in (o, o + "s", o + "es") for o, v in short) \
            or stem in options
        if named and os.path.basename(rel).lower().split(".", 1)[0] != program.lower():
            full = os.path.join(root, rel)
            if os.path.realpath(full) not in seen and os.path.isfile(full):
                # "item": named through an option (``--stage S1``), the record of the thing the action acts on;
                # "word": named by another word of the line (a subcommand's own settings file)
                out.append((full, "item" if stem in given or stem in options or len(stem) < 2 else "word"))
                seen.add(os.path.realpath(full))
        if len(out) >= _TIED:
            break
    if len(out) < _TIED:
        by_option = {flag[2:].lower(): value.lower() for flag, (_, value) in _passed(words).items()}
        for rel in _entry_files(ctx, values):
            folder = os.path.basename(os.path.dirname(rel)).lower()
            owner = next((v for o, v in by_option.items() if folder in (o, o + "s", o + "es")), None)
            if owner is not None and _stem(rel) != owner:
                continue  # the register of another thing the action names (presses/P4.yaml for --press P5)
            full = os.path.join(root, rel)
            if os.path.realpath(full) not in seen and os.path.isfile(full):
                out.append((full, "entry"))
                seen.add(os.path.realpath(full))
            if len(out) >= _TIED:
                break
    return out


_KEYED_CACHE = "option-keyed-files.json"
# Files that tools read on their own for their settings: an option given there overrides them on purpose.
_SHARED_CONFIGS = frozenset({"setup.cfg", "tox.ini", "pyproject.toml", "package.json", "composer.json", "cargo.toml",
                             ".editorconfig", "pytest.ini", ".flake8", "mypy.ini", "tsconfig.json", "deno.json"})


def _keyed_files(ctx: Any, words: list[str]) -> list[str]:
    """The one tracked settings file (memory files and CI aside) with a key that spells an option of several words the
    action passes, with or without a unit (``feed_rate_mm:`` for ``--feed-rate``): a record of that setting kept
    for the people who run the command. A file the action names (``--config FILE``) is read by the program and is not
    asked about here; two or more such files keep settings of different things, and none is."""
    re = _re()
    options = sorted({flag[2:].lower() for flag in _passed(words)
                      if re.fullmatch(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)+", flag[2:].lower())})[:4]
    if not options:
        return []
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, _KEYED_CACHE, "options")
    table: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    asked = ",".join(options)
    if isinstance(table.get(asked), list):
        found = [str(rel) for rel in table[asked]]
    else:
        from statewise_cli.recovery.premises_history import _excludes

        args = ["grep", "-l", "-I", "-i", "-E"]
        for option in options:
            name = "[_-]".join(re.escape(part) for part in option.split("-"))
            args += ["-e", rf"^[[:space:]]*[\"']?{name}(_[a-z]{{1,3}}[0-9]?|_pct|_percent)?[\"']?[[:space:]]*[:=]"]
        code, out = ctx.git(*args, "--", "*.yaml", "*.yml", "*.toml", "*.ini", "*.cfg", "*.conf", "*.json",
                            *_excludes())
        if code not in (0, 1):
            return []
        found = [rel for rel in out.splitlines() if rel and not rel.startswith(".github/")
                 and os.path.basename(rel).lower() not in _SHARED_CONFIGS][:3] if code == 0 else []
        if len(table) > 64:
            table.clear()
        table[asked] = found
        save_cache(cache, {"head": head, "options": table})
    if len(found) != 1:
        return []
    named = {w.split("=", 1)[-1].lstrip("./") for w in words[1:]}
    return [] if found[0] in named else found


def re_word(value: str) -> bool:
    return bool(_re().fullmatch(r"[A-Za-z0-9][\w.-]*", value))


def _entry_files(ctx: Any, values: set[str]) -> list[str]:
    """The tracked YAML files with an entry (a flow mapping ``hs-1: {lot: A-2}``) named for one of ``values``: a
    register of things keyed by name holds the settings of the thing the action names."""
    re = _re()
    names = sorted(v for v in values if len(v) >= 3 and re.fullmatch(r"[a-z0-9][\w.-]*", v)
                   and not re.fullmatch(r"[\d.]+", v))[:12]
    if not names:
        return []
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, "entry-files.json", "entries")
    table: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    asked = ",".join(names)
    if isinstance(table.get(asked), list):
        return [str(rel) for rel in table[asked]]
    alt = "|".join(re.escape(n).replace("\\-", "-") for n in names)
    code, out = ctx.git("grep", "-l", "-i", "-I", "-E", "-e", rf"^\s*[\"']?({alt})[\"']?\s*:\s*\{{", "--",
                        "*.yaml", "*.yml")
    if code not in (0, 1):
        return []
    found = [rel for rel in out.splitlines() if rel and not rel.startswith(".github/")][:_TIED] if code == 0 else []
    if len(table) > 64:
        table.clear()
    table[asked] = found
    save_cache(cache, {"head": head, "entries": table})
    return found


def _flow_changes(ctx: Any, rel: str) -> list[tuple[str, str, str, str]]:
    """(``entry.key``, earlier value, value now, commit) for each field of a YAML flow mapping that the newest commits of
    ``rel`` changed (``  BR-10: {press_ton: 80, dwell_s: 3}`` → ``{press_ton: 60, …}``): the entry names the thing."""
    re = _re()
    code, out = ctx.git("log", "-n3", "--format=%h", "--", rel)
    if code != 0:
        return []
    from statewise_cli.recovery.premises_defaults import _value

    entry_re = re.compile(r"^([-+])\s*[\"']?([\w][\w.-]*)[\"']?\s*:\s*\{(.*)\}\s*(?:#.*)?$")
    found: dict[str, tuple[str, str, str, str]] = {}
    for commit in out.split():
        code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff", "--", rel)
        if code != 0:
            continue
        removed: dict[str, str] = {}
        added: dict[str, str] = {}
        for line in diff.splitlines():
            if line.startswith(("---", "+++")):
                continue
            m = entry_re.match(line)
            if not m:
                continue
            for part in m.group(3).split(","):
                key, sep, raw = part.partition(":")
                value = _value(raw) if sep else None
                key = key.strip().strip("\"'")
                if value is None or not re.fullmatch(r"[A-Za-z][\w-]*", key):
                    continue
                (removed if m.group(1) == "-" else added).setdefault(f"{m.group(2)}.{key}", value)
        for key, before in removed.items():
            after = added.get(key)
            if after is not None and after.lower() != before.lower() and key not in found:
                found[key] = (key, before, after, commit)
    return list(found.values())


def _own_step(ctx: Any, program: str, flag: str, before: str, after: str) -> tuple[str, str] | None:
    """(path, line) of a tracked file (memory files aside) whose command runs ``program`` with ``flag`` at the value
    the configuration holds now (a CI step, a Makefile recipe), none of them with the earlier value."""
    re = _re()
    from statewise_cli.recovery.premises_history import _excludes

    code, out = ctx.git("grep", "-n", "-I", "-F", "-e", f"{flag} {after}", "-e", f"{flag}={after}", "--", ".",
                        *_excludes())
    if code != 0:
        return None
    prog = rf"(?<![\w./-]){re.escape(program)}\s"
    new = re.compile(prog + rf".*(?<![\w-]){re.escape(flag)}(?:\s+|=)[\"']?{re.escape(after)}(?![\w.-])")
    old = re.compile(rf"(?<![\w-]){re.escape(flag)}(?:\s+|=)[\"']?{re.escape(before)}(?![\w.-])")
    found: tuple[str, str] | None = None
    for row in out.splitlines()[:200]:
        path, _, rest = row.partition(":")
        _, _, line = rest.partition(":")
        if old.search(line):
            return None
        if found is None and new.search(line):
            found = (path, " ".join(line.split())[:200])
    if found is not None:
        code, _ = ctx.git("grep", "-q", "-I", "-F", "-e", f"{flag} {before}", "-e", f"{flag}={before}", "--", ".",
                          *_excludes())
        if code != 1:
            return None
    return found


def _linked_option(passed: dict[str, tuple[int, str]], before: str, texts: list[tuple[str, str]]
                   ) -> tuple[int, str] | None:
    """The one option passing ``before`` whose word the texts put beside that value ("the 2018 curve" for ``--curve
    2018`` and a key ``chart: 2018``): the key of another name is what the option sets."""
    re = _re()
    if len(before) < 2:
        return None
    flat = " ".join(" ".join(t.split()) for _, t in texts)
    value = re.escape(before)
    hits = []
    for flag, (at, given) in passed.items():
        if given.lower() != before.lower():
            continue
        word = re.escape(flag[2:].split("-")[-1])
        if len(word) < 3:
            continue
        if re.search(rf"(?<![\w.-]){value}\s+{word}s?\b|\b{word}s?\s+{value}(?![\w-])", flat, re.I):
            hits.append((at, given))
    return hits[0] if len(hits) == 1 else None


def _doc_notes(root: str, names: list[str]) -> list[tuple[str, str]]:
    """The sentences of the repository's docs folder that name one of ``names`` (the option, the key, the entry)."""
    from statewise_cli.recovery.premises_defaults import _notes

    re = _re()
    pattern = "|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in names if n)
    if not pattern:
        return []
    out: list[tuple[str, str]] = []
    for where, text in _notes(root, [os.path.join(root, d) for d in _DOC_FOLDERS]):
        flat = " ".join(text.split())
        kept = [s for s in re.split(r"(?<=[.!?])\s+", flat) if re.search(pattern, s, re.I)]
        if kept:
            out.append((where, " ".join(kept)))
    return out


_UNIT = r"[a-z]{1,3}\d?|pct|percent"


def _unit_option(key: str, passed: dict[str, tuple[int, str]], flag: str, qualified: bool = False
                 ) -> tuple[str, tuple[int, str] | None]:
    """The option a key with a unit after its name sets (``surface_c`` ↔ ``--surface``, ``gap_mm`` ↔ ``--gap``), or
    the key's own option with None. ``qualified``: also a key that puts a word before the option's name, with or
    without the unit (``cure_temp_c`` ↔ ``--temp-c`` or ``--temp``) — in the record of the
    thing the action names, where the key says which of the thing's settings the option is."""
    re = _re()
    parts = key.lower().replace("-", "_").split("_")
    bases = [parts]
    if len(parts) >= 2 and re.fullmatch(_UNIT, parts[-1]):
        short = "--" + "-".join(parts[:-1])
        if short in passed:
            return short, passed[short]
        bases.append(parts[:-1])
    if qualified:
        for base in bases:
            for start in range(1, len(base)):
                tail = base[start:]
                short = "--" + "-".join(tail)
                if len("".join(tail)) >= 4 and short in passed:
                    return short, passed[short]
    return flag, None


def _record_changed(before: str, after: str, text: str, texts: list[tuple[str, str]], asked: str,
                    held: bool | None = None) -> tuple[str, str] | None:
    """(where, sentence) saying why the record of the thing the action names changed ``before`` to ``after``.

    A file named for the thing (``stages/S1.yaml`` for ``--stage S1``) or a register entry keyed by it records
    that thing's settings, not a default an option overrides: a commit that changed the setting the option passes,
    from exactly the action's value to the value the file holds now, with a text that explains the new value (the
    commit message, the file's comments, a note beside it or in the docs), says the earlier value is out of date. The
    user's task naming the earlier value keeps it (a deliberate return to it)."""
    re = _re()
    now = _value_pattern(after)
    if held is None:
        held = bool(re.search(now, text, re.I)) and (not re.search(_value_pattern(before), text, re.I)
                                                     or _commented(before, text))
    if not held:
        return None  # the file does not hold the new value now, or still holds the earlier one as a setting
    if asked and re.search(_value_pattern(before), asked, re.I):
        return None
    said = [(where, sentence) for where, body in texts for sentence in re.split(r"(?<=[.!?])\s+", " ".join(body.split()))
            if re.search(now, sentence, re.I)]
    if any(re.search(r"\bdefault", sentence, re.I) for _, sentence in said):
        return None  # the new value is called a default: what runs without the option, which an option overrides
    return said[0] if said else None


def _seq_changes(ctx: Any, rel: str) -> list[tuple[str, str, str, str]]:
    """(key, earlier items, items now, commit) for each list setting of scalars (``steps: [10, 20, 30]``) the newest
    commits of ``rel`` changed; the items joined by commas."""
    re = _re()
    code, out = ctx.git("log", "-n3", "--format=%h", "--", rel)
    if code != 0:
        return []
    line_re = re.compile(r"^([-+])\s*[\"']?([A-Za-z][\w-]*)[\"']?\s*[:=]\s*\[([^\[\]{}]*)\]\s*(?:#.*)?$")
    found: dict[str, tuple[str, str, str, str]] = {}
    for commit in out.split():
        code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff", "--", rel)
        if code != 0:
            continue
        sides: dict[str, dict[str, str]] = {"-": {}, "+": {}}
        for line in diff.splitlines():
            m = line_re.match(line) if not line.startswith(("---", "+++")) else None
            if m is None:
                continue
            items = [x.strip().strip("\"'") for x in m.group(3).split(",")]
            if 2 <= len(items) <= 8 and all(re.fullmatch(r"[\w.+-]+", x) for x in items):
                sides[m.group(1)].setdefault(m.group(2), ",".join(items))
        for key, before in sides["-"].items():
            after = sides["+"].get(key)
            if after is not None and after.lower() != before.lower() and key not in found:
                found[key] = (key, before, after, commit)
    return list(found.values())


def _as_passed(before: str, after: str, passed: dict[str, tuple[int, str]]) -> tuple[str, str] | None:
    """The earlier and the current items written as the one option value that lists the earlier items
    (``45-27-31`` for ``45,27,31``), with the same separator; None when no value the action passes lists them."""
    re = _re()
    old, new = before.lower().split(","), after.split(",")
    hits = []
    for _, value in passed.values():
        sep = next((c for c in (",", "-", "/", ":", "x", "+") if c in value.strip("-")), None)
        if sep is not None and value.lower().split(sep) == old and not any(sep in x for x in new):
            hits.append((value, sep.join(new)))
    if len(hits) != 1 or not re.fullmatch(r"[\w.,:/+-]+", hits[0][1]):
        return None
    return hits[0]


def _commented(value: str, text: str) -> bool:
    """True when every line naming ``value`` names it only in a comment."""
    re = _re()
    pattern = _value_pattern(value)
    for line in text.splitlines():
        if re.search(pattern, line, re.I) and not re.search(pattern, line.split("#", 1)[1] if "#" in line else "",
                                                          re.I):
            return False
    return True


def _task_words(task: Callable[[], str] | None) -> str:
    if task is None:
        return ""
    try:
        return (task() or "").lower()
    except Exception:  # noqa: BLE001 - the task is context only: without it the section rule stays as it was
        return ""


def earlier_value_premise(action: Action, words: list[str], directory: str, ctx: Any,
                          task: Callable[[], str] | None = None) -> Any:
    """See the module docstring."""
    if len(words) < 3 or words[0].startswith("-"):
        return None
    passed = _passed(words)
    if not passed:
        return None
    from statewise_cli.recovery.premises_defaults import (
        _CACHE,
        _GENERAL,
        _SKIP,
        _changes,
        _notes,
        _option_for,
        _section,
    )

    program = os.path.basename(words[0])
    if len(program) < 3 or program in _SKIP:
        return None
    root = os.path.realpath(ctx.root)
    configs = _tied_configs(ctx, root, directory, program, words)
    if not configs:
        return None
    from statewise_cli.recovery.premises import _read, head_cached, save_cache

    head, cache, cached = head_cached(ctx, _CACHE, "changes")
    table: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    dirty = False
    plain = {w.lower() for w in words[1:] if not w.startswith("-")}
    asked: str | None = None
    found = None
    found_how = ""
    re = _re()
    for path, how in configs:
        rel = os.path.relpath(path, root)
        if rel not in table:
            table[rel] = [list(c) for c in _changes(ctx, rel)]
            dirty = True
        if "flow:" + rel not in table:
            table["flow:" + rel] = [list(c) for c in _flow_changes(ctx, rel)]
            dirty = True
        if how != "program" and "seq:" + rel not in table:
            table["seq:" + rel] = [list(c) for c in _seq_changes(ctx, rel)]
            dirty = True
        changes = [tuple(map(str, c)) for c in [*table[rel], *table["flow:" + rel]] if isinstance(c, list)
                   and len(c) == 4]
        seqs = {len(changes) + i for i in range(len(table.get("seq:" + rel) or []))}
        changes += [tuple(map(str, c)) for c in table.get("seq:" + rel) or [] if isinstance(c, list) and len(c) == 4]
        text = (_read(path, 100_000) or "") if changes else ""
        for index, (full_key, before, after, commit) in enumerate(changes):
            entry, _, key = full_key.rpartition(".")
            held = None
            if index in seqs:  # a list setting (``curve: [45, 27, 31]``) as the action writes it (``--curve 45-27-31``)
                form = _as_passed(before, after, passed)
                if form is None:
                    continue
                before, after = form
                held = bool(re.search(rf"(?m)^\s*{re.escape(key)}\s*[:=]\s*\[\s*"
                                      + r"\s*,\s*".join(re.escape(x) for x in re.split(r"[^\w.+]+", after) if x)
                                      + r"\s*\]", text))
            if len(before) < 2 or before.lower() in ("true", "false", "yes", "no", "on", "off", "none", "null"):
                continue
            flag = "--" + key.replace("_", "-").lower()
            given = passed.get(flag)
            if given is None:
                flag, given = _unit_option(key, passed, flag, qualified=how in ("item", "entry"))
            by_name = given is not None
            if given is not None and given[1].lower() != before.lower():
                continue
            if given is None and not any(v.lower() == before.lower() for _, v in passed.values()):
                continue
            section = entry.lower() if entry else _section(text, key)
            if section and section not in _GENERAL and section != program.lower() and section not in plain:
                if entry:
                    continue  # an entry the action does not name
                asked = _task_words(task) if asked is None else asked
                if not asked or not re.search(rf"(?<![\w-]){re.escape(section)}(?![\w-])", asked):
                    continue  # a setting of another of the program's commands (or of another thing it acts on)
            code, message = ctx.git("log", "-n1", "--format=%B", commit)
            message = message if code == 0 else ""
            comments = "\n".join(ln.strip().lstrip("#;").strip() for ln in text.splitlines()
                                 if ln.strip().startswith(("#", ";")))
            comments += "\n" + "\n".join(ln.split("#", 1)[1].strip() for ln in text.splitlines()
                                         if "#" in ln and not ln.strip().startswith("#"))
            texts = [(f"commit {commit}", message), (rel, comments), *_notes(root, [os.path.dirname(path), directory])]
            texts += [t for t in _doc_notes(root, [flag, key, entry]) if t[0] not in {w for w, _ in texts}]
            if given is None:
                given = _linked_option(passed, before, texts)
                if given is None:
                    continue
            pattern = _value_pattern(before)
            quiet = [(w, " ".join(s for s in re.split(r"(?<=[.!?])\s+", " ".join(t.split()))
                                   if not (re.search(pattern, s, re.I) and any(re.search(r, s, re.I) for r in _REFUSED))))
                     for w, t in texts]
            if _option_for(key, before, after, quiet) is not None:
                continue  # the texts name the earlier value as an option to pass: an override on purpose
            refused = _refusal(before, texts) or _retired_place(root, before)
            if refused is None:
                step = _own_step(ctx, program, flag, before, after) if flag in passed else None
                if step is not None:
                    refused = (step[0], f"the project runs `{step[1][:160]}`")
                elif (how in ("item", "key") or how == "entry" and any(entry.lower() == v.lower()
                                                                         for _, v in passed.values())) and by_name:
                    asked = _task_words(task) if asked is None else asked
                    told = texts[1:] + [t for t in _doc_notes(root, [after, flag[2:]]) if t[0] not in
                                        {w for w, _ in texts}] + texts[:1]  # the commit message last: it is shown
                    refused = _record_changed(before, after, text, told, asked, held)
                if refused is None:
                    continue
            found = (rel, section, key, before, after, commit, message, given[0], refused)
            found_how = how
            break
        if found is not None:
            break
    if dirty:
        save_cache(cache, {"head": head, "changes": table})
    if found is None:
        return _refused_value(action, words, passed, program, configs, root, directory, ctx)
    rel, section, key, before, after, commit, message, at, (where, sentence) = found
    import shlex

    fixed = list(words)
    if fixed[at].startswith("--") and "=" in fixed[at]:
        fixed[at] = fixed[at].split("=", 1)[0] + "=" + after
    else:
        fixed[at] = after
    command = " ".join(shlex.quote(w) for w in fixed)
    shown_key = f"[{section}] {key}" if section else key
    subject = (message.strip().splitlines() or [""])[0][:160].replace("`", "'")
    quoted = sentence[:220].replace("`", "'")
    text_ = (action.text or "").strip()
    from statewise_cli.recovery.premises import _premise

    return _premise(action, "runtime.option.earlier_value", f"{program}'s {key} {before} is still the one to use",
                    f"{key} = {after}", "repo.config",
                    (f"{rel} records `{shown_key}`, the setting {program}'s {flag_of(words, at)} passes; commit {commit} "
                     f"changed it from {before} to {after}" if found_how == "key" else
                     f"{program} reads {rel}, whose `{shown_key}` commit {commit} changed from {before} to {after}")
                    + (f" (\"{subject}\")" if subject else "") + f"; {where} says: \"{quoted}\" — `{text_[:80]}` "
                    f"still passes {before}", f"`{command}` ({rel} has {key} = {after} now)",
                    f"{program}'s {key} {before} is still accepted", shown=f"`{command}`")


def _step_comments(root: str, program: str, flag: str) -> list[tuple[str, str]]:
    """(workflow file, comment) of the comment lines right above each CI step that runs ``program`` with ``flag``: the
    automation's own note on why it passes the value it does ("# X fails the check now" over ``--flag Y``)."""
    from statewise_cli.recovery.premises_docvalues import _workflow_notes

    re = _re()
    out: list[tuple[str, str]] = []
    for where, note in _workflow_notes(root, [flag]):
        comment, _, step = note.rpartition(" `")
        if comment and re.search(rf"(?<![\w./-]){re.escape(program)}\s", step + " "):
            out.append((where, comment))
    return out[:6]


def flag_of(words: list[str], at: int) -> str:
    """The option whose value is word ``at`` (``--flag value`` or ``--flag=value``)."""
    word = words[at]
    return word.split("=", 1)[0] if word.startswith("--") and "=" in word else words[at - 1]


def _steps_values(ctx: Any, program: str, flag: str) -> set[str] | None:
    """The values the project's own commands (CI steps, recipes, scripts; memory files aside) pass to ``program`` with
    ``flag``; None when git cannot say."""
    re = _re()
    from statewise_cli.recovery.premises_history import _excludes

    code, out = ctx.git("grep", "-h", "-I", "-F", "-e", f"{flag} ", "-e", f"{flag}=", "--", ".", *_excludes())
    if code not in (0, 1):
        return None
    found: set[str] = set()
    line_re = re.compile(rf"(?<![\w./-]){re.escape(program)}\s.*?(?<![\w-]){re.escape(flag)}(?:\s+|=)[\"']?([\w.:+-]+)")
    for line in out.splitlines()[:400]:
        for m in line_re.finditer(line):
            found.add(m.group(1))
    return found


def _refused_value(action: Action, words: list[str], passed: dict[str, tuple[int, str]], program: str,
                   configs: list[tuple[str, str]], root: str, directory: str, ctx: Any) -> Any:
    """An option value that a note beside the program's configuration refuses ("a v1 report still uploads, but the week
    shows as not reported"), while the project's own commands run the program with that option at one other value
    and never at this one: the same command with the project's value."""
    from statewise_cli.recovery.premises_defaults import _notes

    folders = [os.path.dirname(p) for p, _ in configs] + [directory]
    base_texts = _notes(root, folders)
    for flag, (at, value) in passed.items():
        if len(value) < 2 or value.lower() in ("true", "false", "yes", "no", "on", "off", "none", "null"):
            continue
        texts = base_texts + [t for t in _doc_notes(root, [flag, value]) if t[0] not in {w for w, _ in base_texts}]
        texts += _step_comments(root, program, flag)
        if _refusal(value, texts) is None:
            continue
        steps = _steps_values(ctx, program, flag)
        if not steps or value in steps or len(steps) != 1:
            continue
        other = next(iter(steps))
        re_ = _re()
        other_at = _value_pattern(other)
        # a sentence naming both values does not say which one is refused ("X still takes --p old, but only --p new
        # counts"): only one that names the action's value alone refuses it
        alone = [(w, " ".join(s for s in re_.split(r"(?<=[.!?])\s+", " ".join(t.split()))
                              if not re_.search(other_at, s, re_.I))) for w, t in texts]
        refused = _refusal(value, alone)
        if refused is None:
            continue
        from statewise_cli.recovery.premises_defaults import _option_for

        re = _re()
        pattern = _value_pattern(value)
        quiet = [(w, " ".join(s for s in re.split(r"(?<=[.!?])\s+", " ".join(t.split()))
                               if not (re.search(pattern, s, re.I) and any(re.search(r, s, re.I) for r in _REFUSED))))
                 for w, t in texts]
        if _option_for(flag[2:], value, other, quiet) is not None:
            continue  # a text names the value as an option to pass: an override on purpose
        import shlex

        fixed = list(words)
        fixed[at] = fixed[at].split("=", 1)[0] + "=" + other if fixed[at].startswith("--") and "=" in fixed[at] \
            else other
        command = " ".join(shlex.quote(w) for w in fixed)
        where, sentence = refused
        quoted = sentence[:220].replace("`", "'")
        text_ = (action.text or "").strip()
        from statewise_cli.recovery.premises import _premise

        return _premise(action, "runtime.option.refused_value", f"{program} {flag} {value} is accepted",
                        f"{flag} {other}", "repo.docs",
                        f"{where} says: \"{quoted}\"; the project's own commands run {program} with {flag} {other}, "
                        f"none with {value} — `{text_[:80]}` passes {value}",
                        f"`{command}` (the value the project's own commands pass)",
                        f"{program}'s {flag} {value} is still accepted", shown=f"`{command}`")
    return None
