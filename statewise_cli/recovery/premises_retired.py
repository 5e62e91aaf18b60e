"""A value or a command line the repository's history replaced in place, passed by an action as if it still held.

An action's arguments carry premises the repository can contradict without any memory line: ``make image
PROFILE=tplink_archer-c7-v2`` assumes that profile is still the one built; ``flasher --bitrate 500000 fw.hex``
assumes that is still how the bench is flashed. When nothing tracked names the value now (memory files aside:
they are what is being checked; a line that names it only as retired, ``retired: [uk2km]``, ``# v1 is deprecated``,
with no successor and nothing that keeps it on that line, does not count), while a recent commit rewrote a line holding it — the same line, the value's
place now holding another (``tplink_archer-c7-v2`` → ``tplink_archer-c7-v5`` in ``profiles.txt``; a recipe's
``canflash … --bitrate 500000 …`` → ``canflash … --fd --dbitrate 2000000 …``) — the history says what holds now:

- **the whole command** — the removed line ran the action's own command, word for word: the added line that
  runs the same program in its place is how the project runs it now. A command line that gives an option a value
  too short to ask about alone (``--speed 80``) is asked about as a whole line, unless the user's task names that
  value with its option (``speed 80``: asked for);
- **one value** — the removed and added lines differ in a few words, the action's value among them: the added
  line's word in its place is the value now, and the action with it is the alternative.

Only values a user would not type by chance are asked about: words with a digit, a dash or an underscore (five
characters or more), numbers of four digits or more and quantities with a unit (``30m``, ``512M``) given to an option; no path that exists, no option name,
nothing of git (refs have their own premises). One ``git grep`` per action and HEAD, and the history (the last
``HISTORY`` commits) only for a value nothing names now; both cached per HEAD beside the store. A history that
does not show one in-place replacement decides nothing.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from statewise_cli.actions.normalize import Action

HISTORY = 200
CACHE = "retired-values.json"
_MAX_VALUES = 3
# Programs whose arguments are text, refs or places rather than a project's settings.
_NOT_SETTINGS = frozenset({"git", "echo", "printf", "cd", "pushd", "export", "set", "unset", "alias", "test", "[",
                           "true", "false", "sleep", "statewise", "mkdir", "touch", "rm", "rmdir", "cp", "mv", "ln",
                           "chmod", "chown", "tee", "cat", "gh", "glab", "ssh", "scp", "curl", "wget", "kill", "date"})


def _re() -> Any:
    import re

    return re


_VALUE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+@:-")


def _value_shaped(value: str, after_option: bool) -> bool:
    """Plain string tests (no ``re`` on the allow path): a word of name characters that starts with a letter or digit
    and ends with a name character."""
    if after_option and 2 <= len(value) <= 6 and value[0].isdigit():
        digits = value.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        if digits.isdigit() and 1 <= len(value) - len(digits) <= 3:
            return True  # a quantity with its unit given to an option (`--interval 30m`, `--memory 512M`)
    if len(value) < 4 or not value[0].isalnum() or not (value[-1].isalnum() or value[-1] in "_+") \
            or not set(value) <= _VALUE_CHARS:
        return False
    if value.isdigit():
        return after_option
    if set(value) <= set("0123456789."):  # a version or a decimal: only given to an option
        return after_option and "." in value
    return len(value) >= 5 and any(c.isdigit() or c in "-_" for c in value)


# Options whose value is a credential: never asked about, never cached.
_SECRET_WORDS = ("pass", "pwd", "token", "secret", "key", "auth", "cred", "cookie", "session", "sig", "otp", "pin")


def candidates(words: list[str], directory: str) -> list[tuple[int, str]]:
    """(word index, value) of the values of ``words`` (program first) worth asking the history about."""
    out: list[tuple[int, str]] = []
    for i, word in enumerate(words[1:], 1):
        previous = words[i - 1]
        after_option = previous.startswith("-") and "=" not in previous and len(previous) > 1
        name = previous if after_option else ""
        value = word
        if word.startswith("-"):
            if "=" not in word:
                continue
            name, value = word.split("=", 1)
            after_option = True
        elif "=" in word and word.split("=", 1)[0].replace("_", "a").isalnum() and not word[0].isdigit():
            name, value = word.split("=", 1)
            after_option = True
        if any(s in name.lower() for s in _SECRET_WORDS):
            continue  # a credential's value is no setting to check, and is kept nowhere
        value = value.strip("'\"")
        if not _value_shaped(value, after_option):
            continue
        if os.path.exists(os.path.join(directory, value)):
            continue
        out.append((i, value))
    return out[:_MAX_VALUES]


def whole_command(words: list[str]) -> str | None:
    """The action's whole command line, when it passes an option a value but no value worth asking about alone
    (``--speed 80``): the line is asked about as a whole — a recipe that ran it word for word and now runs the same
    program with another value says how the project runs it now, where a short number alone says nothing."""
    if len(words) < 4 or len(words) > 16:
        return None
    options = 0
    for i, word in enumerate(words[1:], 1):
        if "\n" in word or "\0" in word:
            return None
        name = word.split("=", 1)[0] if word.startswith("-") and "=" in word else \
            words[i - 1] if words[i - 1].startswith("-") and not word.startswith("-") else ""
        if any(s in name.lower() for s in _SECRET_WORDS):
            return None
        if name.startswith("-") and len(name) > 1:
            options += 1
    return _norm_words(words) if options else None


def _excludes() -> list[str]:
    from statewise_cli.recovery.premises_history import _excludes as history_excludes

    return history_excludes()


# A line that names a value only to say it is out: a key of that name (``retired: [uk2km]``, ``deprecated =
# ["v1"]``), or a sentence or comment with such a word and no successor on the same line.
_RETIRING = (r"\b(?:retired|retiring|deprecated|obsolete|removed|decommissioned|discontinued|withdrawn|sunset|"
             r"superseded|no\s+longer\s+(?:used|supported|valid|operational))\b")
# a successor on the line, or a line that keeps the value ("legacy code X stays valid", "still accepted")
_SUCCESSOR = (r"\b(?:use|using|instead|replaced\s+by|in\s+favou?r\s+of|now|superseded\s+by|moved\s+to|stays?|"
              r"still|remains?|kept|keeps?)\b|->|=>|→")


def _named_now(ctx: Any, values: list[str]) -> set[str] | None:
    """The values a tracked file (memory files aside) names as a word now, other than on a line that names it only as
    retired; None when git cannot say."""
    args = ["grep", "-h", "-I", "-w", "-F"]
    for value in values:
        args += ["-e", value]
    code, out = ctx.git(*args, "--", ".", *_excludes())
    if code not in (0, 1):
        return None
    re = _re()
    named: set[str] = set()
    for line in out.splitlines()[:400]:
        retiring = re.search(_RETIRING, line, re.I) is not None and re.search(_SUCCESSOR, line, re.I) is None
        for value in values:
            if value in named or not re.search(rf"(?<![\w.+@:-]){re.escape(value)}(?![\w+@:-])", line):
                continue
            if not retiring:
                named.add(value)
    return named


def _tokens(line: str) -> list[str]:
    return _re().findall(r"[\w.+@:-]+|[^\w\s]|\s+", line)


def _in_place(removed: str, added: str, value: str) -> str | None:
    """The word of ``added`` in the place ``value`` holds in ``removed``, when the two lines differ in a few words,
    that one among them."""
    old, new = _tokens(removed), _tokens(added)
    if len(old) != len(new) or value not in old:
        return None
    differ = [k for k in range(len(old)) if old[k] != new[k]]
    if not differ or len(differ) > 3 or any(not old[k].strip() or not new[k].strip() for k in differ):
        return None
    at = old.index(value)
    if at not in differ:
        return None
    replacement = new[at]
    if not _re().fullmatch(r"[\w.+@:-]+", replacement):
        return None
    return replacement


def _boundary(ctx: Any) -> str:
    code, out = ctx.git("rev-list", "--max-count=1", f"--skip={HISTORY}", "HEAD")
    return out.strip() if code == 0 else ""


def _history(ctx: Any, value: str, words: list[str], boundary: str) -> dict[str, str] | None:
    """What the newest commit that removed a line holding ``value`` put in its place (computed; the caller caches)."""
    from statewise_cli.recovery.premises_history import _command_at, _hunks, _norm

    rev = [f"{boundary}..HEAD"] if boundary else ["HEAD"]
    code, out = ctx.git("log", "-n1", "-S", value, "--format=%h %ad %s", "--date=short", "--no-merges", *rev,
                        "--", ".", *_excludes())
    if code != 0 or not out.strip():
        return None
    commit, date, subject = (out.strip().splitlines()[0].split(" ", 2) + ["", ""])[:3]
    code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff", "--no-renames", "--", ".",
                         *_excludes())
    if code != 0:
        return None
    re = _re()
    mark = rf"(?<![\w.+@:-]){re.escape(value)}(?![\w.+@:-])"
    program = os.path.basename(words[0])
    action = _norm(" ".join(w.strip("'\"") for w in words))
    found: set[tuple[str, str, str, str]] = set()
    for path, removed, added in _hunks(diff):
        for line in removed:
            if not re.search(mark, line):
                continue
            at = _command_at(line, program)
            if at is not None and _norm(at[1]) == action:
                for new_line in added:
                    new_at = _command_at(new_line, program)
                    if new_at is not None and _norm(new_at[1]) != action and _norm(new_at[0]) == _norm(at[0]):
                        found.add(("command", path, at[1], new_at[1]))
            for new_line in added:
                replacement = _in_place(line, new_line, value)
                if replacement is not None and replacement != value:
                    found.add(("value", path, line.strip(), replacement))
    commands = {f for f in found if f[0] == "command"}
    values = {f for f in found if f[0] == "value"}
    pick = commands if len({f[3] for f in commands}) == 1 else (values if len({f[3] for f in values}) == 1 else set())
    if not pick:
        return None
    kind, path, old, new = min(pick)
    return {"kind": kind, "path": path, "old": old, "new": new, "commit": commit, "date": date, "subject": subject}


def _shape(value: str) -> str:
    """A value's spelling class: runs of digits → 9, of letters → a, other characters kept (``2026F`` → ``9a``,
    ``2026-FA`` → ``9-a``)."""
    out: list[str] = []
    for c in value:
        k = "9" if c.isdigit() else "a" if c.isalpha() else c
        if not out or out[-1] != k or k not in "9a":
            out.append(k)
    return "".join(out)


def _spelled(ctx: Any, words: list[str], value: str) -> dict[str, str] | None:
    """What the repository's own command lines give the same option of the same program and verb, when it is one
    value spelled in another way than the action's (``--term 2026-FA`` where the action passes ``--term 2026F``):
    the action's value is named nowhere, the files run the command with the other spelling. A value of the same
    spelling class (another date, another id) is a choice, not a premise."""
    from statewise_cli.recovery.premises_history import _command_at

    index = next((i for i, w in enumerate(words) if i and (w == value or w.endswith("=" + value))), 0)
    if not index:
        return None
    word = words[index]
    option = word.split("=", 1)[0] if word != value else words[index - 1]
    if not option.startswith("-") or len(option) < 3:
        return None
    program = os.path.basename(words[0])
    verb = next((w for w in words[1:index] if not w.startswith("-")), "")
    code, out = ctx.git("grep", "-I", "-n", "-F", "-w", "-e", option, "--", ".", *_excludes())
    if code not in (0, 1):
        return None
    seen: dict[str, tuple[str, str]] = {}
    for row in out.splitlines()[:200]:
        path, _, rest = row.partition(":")
        _, _, line = rest.partition(":")
        at = _command_at(line, program)
        if at is None:
            continue
        other = _split(at[1])
        if verb and verb not in other[1:3]:
            continue
        for k, w in enumerate(other[1:], 1):
            if w == option and k + 1 < len(other):
                got = other[k + 1]
            elif w.startswith(option + "="):
                got = w.split("=", 1)[1]
            else:
                continue
            got = got.strip("'\"")
            if got != value and _value_shaped(got, True) and _shape(got) != _shape(value):
                seen.setdefault(got, (path, line.strip()))
    if len(seen) != 1:
        return None
    got, (path, line) = next(iter(seen.items()))
    return {"kind": "spelled", "path": path, "old": line[:200], "new": got, "option": option, "program": program,
            "verb": verb}


def _task_names(task: str, line: str) -> bool:
    """The user's task names one of the command line's option values with its option (``speed 80``): asked for."""
    words = _split(line)
    low = " ".join(task.lower().split())
    for i, word in enumerate(words[1:], 1):
        if word.startswith("-") and "=" in word:
            name, value = word.split("=", 1)
        elif words[i - 1].startswith("-") and not word.startswith("-"):
            name, value = words[i - 1], word
        else:
            continue
        name = name.lstrip("-").replace("-", " ").replace("_", " ").lower()
        if f"{name} {value.lower()}" in low or f"{name} of {value.lower()}" in low or f"{name}={value.lower()}" in low:
            return True
    return False


def retired_value_premise(action: Action, words: list[str], directory: str, ctx: Any,
                          task: Callable[[], str] | None = None) -> Any:
    """An action passing a value (or running a command line) nothing in the repository names any more, which a
    recent commit replaced in place."""
    if not words or os.path.basename(words[0]) in _NOT_SETTINGS or words[0].startswith(("$", "-")):
        return None
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    if not (where == root or where.startswith(root + os.sep)):
        return None
    wanted = candidates(words, directory)
    if not wanted:
        line = whole_command(words)
        if line is None or (task is not None and _task_names(task(), line)):
            return None
        wanted = [(0, line)]
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, CACHE, "values")
    known: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    from statewise_cli.store.redact import salt

    secret = salt(ctx.repo.store_dir)
    keyed = {v: _key(v, secret) for _, v in wanted}  # the cache keeps a keyed digest of each value, never the value
    fresh = [v for _, v in wanted if keyed[v] not in known]
    changed = False
    if fresh:
        named = _named_now(ctx, fresh)
        if named is None:
            return None
        boundary = known.get("\0boundary")
        for value in fresh:
            if value in named:
                known[keyed[value]] = {"named": True}
                continue
            if not isinstance(boundary, str):
                boundary = known["\0boundary"] = _boundary(ctx)
            found = _history(ctx, value, words, boundary)
            if found is None:
                found = _spelled(ctx, words, value)
            known[keyed[value]] = {"named": False, "history": found}
        changed = True
    if changed:
        save_cache(cache, {"head": head, "values": known})
    for index, value in wanted:
        entry = known.get(keyed[value])
        if not isinstance(entry, dict) or entry.get("named") is not False:
            continue
        found = entry.get("history")
        if not isinstance(found, dict):
            continue
        if found["kind"] == "command" and _norm_words(words) != _norm_words(_split(found["old"])):
            continue  # cached for another command with this value: only the same command line is replaced whole
        if found["kind"] == "spelled" and (found.get("program") != os.path.basename(words[0]) or not any(
                w == found["option"] or w.startswith(found["option"] + "=") for w in words)
                or found.get("verb") != next((w for w in words[1:index] if not w.startswith("-")), "")):
            continue  # cached for another program, verb or option with this value
        return _deny(action, words, index, value, found)
    return None


def _key(value: str, secret: bytes) -> str:
    import hashlib
    import hmac

    return hmac.new(secret, value.encode(), hashlib.sha256).hexdigest()[:32]


def _split(text: str) -> list[str]:
    import shlex

    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


def _norm_words(words: list[str]) -> str:
    return " ".join(w.strip("'\"") for w in words)


def _deny(action: Action, words: list[str], index: int, value: str, found: dict[str, str]) -> Any:
    from statewise_cli.recovery.premises import _premise

    if found["kind"] == "spelled":
        return _deny_spelled(action, words, index, value, found)
    origin = f"commit {found['commit']} ({found['date']}) \"{found['subject']}\""
    if found["kind"] == "command":
        command = found["new"]
        return _premise(action, f"command.replaced.{os.path.basename(words[0])}", found["old"], command, "git.history",
                        f"nothing in this repository runs `{found['old'][:120]}` now; {origin} replaced it with "
                        f"`{command[:160]}` in {found['path']}",
                        f"`{command[:200]}` (how {found['path']} runs it now)",
                        f"`{found['old'][:80]}` is how this project runs it", shown=f"`{command[:200]}`")
    new_value = found["new"]
    alternative = with_value(words, index, value, new_value)
    return _premise(action, f"value.replaced.{value}", value, new_value, "git.history",
                    f"nothing in this repository names `{value}` now; {origin} replaced it with `{new_value}` in "
                    f"{found['path']} (`{found['old'][:120]}`)",
                    f"`{alternative[:200]}` (the value {found['path']} holds now)",
                    f"`{value}` still holds here", shown=f"`{alternative[:200]}`")


def _deny_spelled(action: Action, words: list[str], index: int, value: str, found: dict[str, str]) -> Any:
    from statewise_cli.recovery.premises import _premise

    new_value = found["new"]
    alternative = with_value(words, index, value, new_value)
    return _premise(action, f"value.spelled.{found['option']}", value, new_value, "repo.automation",
                    f"nothing in this repository names `{value}`; {found['path']} runs the same command with "
                    f"`{found['option']} {new_value}` (`{found['old'][:120]}`), a value spelled another way",
                    f"`{alternative[:200]}` (the value {found['path']} gives {found['option']})",
                    f"`{value}` is how {found['option']} is spelled here", shown=f"`{alternative[:200]}`")


def with_value(words: list[str], index: int, value: str, new: str) -> str:
    """The action's command line with ``value`` in word ``index`` replaced by ``new`` (the word's other characters
    kept: ``--term=2026F`` → ``--term=2026-FA``), quoted as the shell needs."""
    import shlex

    new_words = list(words)
    word = new_words[index]
    at = word.rfind(value)
    new_words[index] = word[:at] + new + word[at + len(value):]
    return " ".join(w if w == shlex.quote(w) else shlex.quote(w) for w in new_words)
