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

The alternative is the same command with the option's value as the file holds it now.

Read-only: the config file, ``git log`` / ``git show`` of that file (shared with the changed-default reader's cache,
per HEAD), and the notes in its folder and the action's directory.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

# Words that say a value is refused, retired or no longer counts (changelogs, upgrade notes, dated ops notes).
_REFUSED = (r"\breject(?:s|ed|ing)?\b", r"\brefus(?:e|es|ed|ing)\b", r"\bno longer\b", r"\bdeprecated\b",
            r"\bretired\b", r"\bunsupported\b", r"\bnot (?:be )?(?:accepted|supported|valid|allowed|processed|read)\b",
            r"\b(?:does|do|did)(?: not|n't) count\b", r"\bnot counted\b", r"\bcounts? as (?:not|missing|un\w+)",
            r"\blost (?:its|their|the)\b", r"\binvalid\b", r"\bobsolete\b", r"\bwithdrawn\b", r"\brevoked\b",
            r"\bexpired\b", r"\bdiscard(?:s|ed)?\b", r"\bignored\b", r"\bend[- ]of[- ]life\b", r"\bremoved\b")
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
        elif i + 1 < len(words) and not words[i + 1].startswith("-"):
            out.setdefault(word.lower(), (i + 1, words[i + 1]))
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


def earlier_value_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
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
    from statewise_cli.recovery.premises_environments import _own_configs

    root = os.path.realpath(ctx.root)
    configs = _own_configs(root, directory, program)
    if not configs:
        return None
    from statewise_cli.recovery.premises import _read, head_cached, save_cache

    head, cache, cached = head_cached(ctx, _CACHE, "changes")
    table: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    dirty = False
    plain = {w.lower() for w in words[1:] if not w.startswith("-")}
    found = None
    for path in configs:
        rel = os.path.relpath(path, root)
        if rel not in table:
            table[rel] = [list(c) for c in _changes(ctx, rel)]
            dirty = True
        changes = [tuple(map(str, c)) for c in table[rel] if isinstance(c, list) and len(c) == 4]
        text = (_read(path, 100_000) or "") if changes else ""
        for key, before, after, commit in changes:
            flag = "--" + key.replace("_", "-").lower()
            given = passed.get(flag)
            if given is None or given[1].lower() != before.lower() or len(before) < 2 \
                    or before.lower() in ("true", "false", "yes", "no", "on", "off", "none", "null"):
                continue
            section = _section(text, key)
            if section and section not in _GENERAL and section != program.lower() and section not in plain:
                continue  # a setting of another of the program's commands (or of another thing it acts on)
            code, message = ctx.git("log", "-n1", "--format=%B", commit)
            message = message if code == 0 else ""
            comments = "\n".join(ln.strip().lstrip("#;").strip() for ln in text.splitlines()
                                 if ln.strip().startswith(("#", ";")))
            texts = [(f"commit {commit}", message), (rel, comments), *_notes(root, [os.path.dirname(path), directory])]
            if _option_for(key, before, after, texts) is not None:
                continue  # the texts name the earlier value as an option to pass: an override on purpose
            refused = _refusal(before, texts)
            if refused is None:
                continue
            found = (rel, section, key, before, after, commit, message, given[0], refused)
            break
        if found is not None:
            break
    if dirty:
        save_cache(cache, {"head": head, "changes": table})
    if found is None:
        return None
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
                    f"{program} reads {rel}, whose `{shown_key}` commit {commit} changed from {before} to {after}"
                    + (f" (\"{subject}\")" if subject else "") + f"; {where} says: \"{quoted}\" — `{text_[:80]}` "
                    f"still passes {before}", f"`{command}` ({rel} has {key} = {after} now)",
                    f"{program}'s {key} {before} is still accepted", shown=f"`{command}`")
