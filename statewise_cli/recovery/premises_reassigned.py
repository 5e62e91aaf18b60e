"""A value an action passes that the program's own configuration changed in place, or a key it renumbered.

A tool's settings live in a file of the repository tied to the action — named for the program (``washctl.toml``),
for a word the action passes (``tanks/T12.yaml`` for ``--tank T12``) or for the option itself (``zones.yaml`` for
``--zone``). Two kinds of change there leave an action that passes the old value running without error:

- **a value changed in place**: a commit rewrote ``program = 71`` as ``program = 82`` (the key the same, the value
  another) and the file still holds the new value — an action passing ``--program 71`` (the option named as the key,
  or the file named by one of the action's words) assumes the old value is still the one to pass. Prose that still
  names the old value (a note explaining why it went, a comment) does not keep it: the file that sets it decides.
- **a key renumbered**: a commit moved an entry to another key and gave its old key to something else (``4:
  depot-test-displays`` → ``4: market-street-platforms``, ``9: depot-test-displays``) — an action passing
  ``--zone 4`` for the entry that used to be 4 reaches the other one. Asked only when the task the user gave
  names the moved entry (its words) and not the entry that holds the key now.

A value changed in place on the branch's upstream — a colleague's commit fetched but not merged — counts the same way
when the tied file here still sets the value the action passes and the upstream's file sets the other: the action
passes what this clone has not caught up with. The refusal is then read from the upstream commit's message and the
upstream file's comments, and the alternative passes the upstream's value (after a pull).

Nothing is decided when the user's task names the value itself (a rollback asked for is intent, not memory), when
the file still sets the old value anywhere, or when the history shows no single in-place change. Read-only: the
file list and each tied file's recent history are read once per HEAD and cached beside the store.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from statewise_cli.actions.normalize import Action

CONFIG_EXTS = (".toml", ".yaml", ".yml", ".ini", ".cfg", ".conf", ".json", ".env", ".properties")
_FILES = "config-files.json"
_HISTORY = "config-history.json"
_TABLES = "table-files.json"
_MAX_FILES = 4000
_MAX_TIED = 6
_COMMITS = 6
# Programs whose arguments are text, refs or places rather than a tool's settings.
_NOT_SETTINGS = frozenset({"git", "echo", "printf", "cd", "export", "set", "test", "[", "true", "false", "sleep",
                           "statewise", "mkdir", "touch", "rm", "rmdir", "cp", "mv", "ln", "chmod", "chown", "cat",
                           "kill", "date", "grep", "sed", "awk", "head", "tail", "ls", "find", "gh", "glab", "ssh",
                           "scp", "curl", "wget", "sh", "bash", "env", "sudo", "xargs", "tee", "python", "python3",
                           "node", "npm", "npx", "pnpm", "yarn", "pip", "make"})
_SECRET_WORDS = ("pass", "pwd", "token", "secret", "key", "auth", "cred", "cookie", "session", "sig", "otp", "pin")


def _re() -> Any:
    import re

    return re


def _norm(name: str) -> str:
    return name.lower().lstrip("-").replace("-", "_")


def _pairs(words: list[str]) -> list[tuple[int, str, str]]:
    """(word index, option name, value) of each ``--option value`` / ``--option=value`` of the action."""
    out: list[tuple[int, str, str]] = []
    for i, word in enumerate(words[1:], 1):
        if word.startswith("--") and "=" in word:
            option, value = word.split("=", 1)
        elif i > 1 and words[i - 1].startswith("--") and len(words[i - 1]) > 3 and "=" not in words[i - 1] \
                and not word.startswith("-"):
            option, value = words[i - 1], word
        else:
            continue
        value = value.strip("'\"")
        if not value or len(value) > 40 or "/" in value or "$" in value or " " in value:
            continue
        if any(s in option.lower() for s in _SECRET_WORDS):
            continue
        out.append((i, _norm(option), value))
    return out[:6]


_LINE = None


def _setting(line: str) -> tuple[str, str] | None:
    """(key, value) of one configuration line: ``key = value``, ``key: value``, ``"key": value,`` (comments cut)."""
    global _LINE
    if _LINE is None:
        _LINE = _re().compile(r"""^\s*(?:-\s+)?["']?([\w.-]+)["']?\s*[:=]\s*["']?([^"'#\s,\[\]{}]+)["']?\s*,?\s*(?:[#;].*)?$""")
    stripped = line.strip()
    if not stripped or stripped.startswith(("#", ";", "//")):
        return None
    m = _LINE.match(line)
    if m is None and ("{" in stripped or "[" in stripped):
        return _flow_entry(stripped)
    return (m.group(1), m.group(2)) if m else None


def _flow_entry(stripped: str) -> tuple[str, str] | None:
    """(key, its flow mapping or list as written) of a YAML line ``2: {name: pale, for: porcelain cups}``: an entry
    keyed by the value a command passes, its fields on one line."""
    key, sep, rest = stripped.lstrip("- ").partition(":")
    rest = rest.split(" #", 1)[0].strip()
    key = key.strip().strip("\"'")
    if not sep or not key or len(key) > 40 or not key.replace("-", "").replace("_", "").replace(".", "").isalnum():
        return None
    if not (rest.startswith("{") and rest.endswith("}")) and not (rest.startswith("[") and rest.endswith("]")):
        return None
    return key, " ".join(rest.split())


def _row(line: str) -> tuple[str, str] | None:
    """(key, entry) of one row of a delimited table whose first column is the key (``14,R-0412`` → ``14``,
    ``R-0412``; further columns stay in the entry), or of a configuration line (``_setting``)."""
    kv = _setting(line)
    if kv is not None:
        return kv
    re = _re()
    m = re.fullmatch(r"\s*([\w.-]{1,40})\s*[,;\t]\s*(\S.*?)\s*", line)
    if not m or m.group(2).startswith(("#", "//")):
        return None
    return m.group(1), re.sub(r"\s*([,;\t])\s*", r"\1", m.group(2))


def _table_files(ctx: Any) -> list[str]:
    """The repository's delimited tables (``*.csv``, ``*.tsv``): keyed rows a command names by their first column."""
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, _TABLES, "files")
    if isinstance(cached, list):
        return [str(f) for f in cached]
    code, out = ctx.git("ls-files", "--", "*.csv", "*.tsv")
    files = [f for f in out.splitlines() if f][:_MAX_FILES] if code == 0 else []
    save_cache(cache, {"head": head, "files": files})
    return files


def _config_files(ctx: Any) -> list[str]:
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, _FILES, "files")
    if isinstance(cached, list):
        return [str(f) for f in cached]
    code, out = ctx.git("ls-files", "--", *(f"*{ext}" for ext in CONFIG_EXTS))
    files = [f for f in out.splitlines() if f and not f.startswith(".github/")][:_MAX_FILES] if code == 0 else []
    save_cache(cache, {"head": head, "files": files})
    return files


def _stem(path: str) -> str:
    base = os.path.basename(path).lower()
    return base.split(".", 1)[0] if not base.startswith(".") else base.lstrip(".").split(".", 1)[0]


def _program_stem(program: str) -> str:
    """The name a control program's configuration goes by without the program's suffix (``fooctl`` → ``foo``,
    ``dock-cli`` → ``dock``); "" when the program has no such suffix."""
    for suffix in ("ctl", "cli", "adm"):
        if program.endswith(suffix) and len(program) - len(suffix) >= 3:
            return program[:-len(suffix)].rstrip("-_")
    return ""


def _tied(files: list[str], program: str, words: list[str], options: set[str]) -> list[tuple[str, str]]:
    """(path, how) of the configuration files tied to the action: ``program`` (named for the program), ``word``
    (named for one of its operands or values), ``option`` (named for one of its options, or their plural)."""
    low = program.lower()
    plain = {w.lower() for w in words[1:] if len(w) >= 2 and not w.startswith("-") and "/" not in w}
    out: list[tuple[str, str]] = []
    for path in files:
        stem = _stem(path)
        parts = [p.lower() for p in path.split("/")[:-1]]
        short = _program_stem(low)
        # named for the program, or for its stem in an inflected form (``glazectl`` → ``glazer.yaml``)
        if stem == low or low in parts or short == stem or (len(short) >= 4 and stem.startswith(short)
                                                            and len(stem) - len(short) <= 3 and stem[len(short):].isalpha()):
            out.append((path, "program"))
        elif stem in plain:
            out.append((path, "word"))
        elif stem in options or stem.rstrip("s") in options:
            out.append((path, "option"))
        if len(out) >= _MAX_TIED:
            break
    return out


def _history(ctx: Any, path: str) -> list[dict[str, Any]]:
    """The last commits that changed ``path``: commit, date, subject and the (removed, added) lines of each hunk."""
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, _HISTORY, "files")
    known: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    if path in known and isinstance(known[path], list):
        return list(known[path])
    commits = _log_hunks(ctx, path)
    known[path] = commits
    save_cache(cache, {"head": head, "files": known})
    return commits


def _current(ctx: Any, path: str, table: bool = False) -> list[tuple[str, str]]:
    from statewise_cli.recovery.premises import _read

    text = _read(os.path.join(ctx.root, path), 64 * 1024) or ""
    parse = _row if table else _setting
    return [kv for kv in (parse(line) for line in text.splitlines()[:2000]) if kv is not None]


def _words_of(text: str) -> set[str]:
    return {w for w in _re().findall(r"[a-z0-9]+", text.lower()) if len(w) >= 3}


def _named(task: str, value: str) -> bool:
    re = _re()
    return bool(task) and re.search(rf"(?<![\w.-]){re.escape(value)}(?![\w-])", task) is not None


def _changed_in_place(commits: list[dict[str, Any]], value: str, key_ok: Callable[[str], bool]
                      ) -> tuple[dict[str, Any], str, str] | None:
    """(commit, key, new value) of the newest commit that rewrote a ``key = value`` line as ``key = other``."""
    for c in commits:
        found: set[tuple[str, str]] = set()
        for removed, added in c["hunks"]:
            old = [kv for kv in map(_setting, removed) if kv is not None]
            new = [kv for kv in map(_setting, added) if kv is not None]
            for key, val in old:
                if val != value or not key_ok(key):
                    continue
                for key2, val2 in new:
                    if key2 == key and val2 != value:
                        found.add((key, val2))
        if len(found) == 1:
            key, new_value = next(iter(found))
            return c, key, new_value
        if found:
            return None
    return None


def _renumbered(commits: list[dict[str, Any]], value: str, table: bool = False
                ) -> tuple[dict[str, Any], str, str, str] | None:
    """(commit, the entry ``value`` named before, the entry it names now, the key the old entry moved to)."""
    parse = _row if table else _setting
    for c in commits:
        removed_all = [kv for removed, _ in c["hunks"] for kv in map(parse, removed) if kv is not None]
        added_all = [kv for _, added in c["hunks"] for kv in map(parse, added) if kv is not None]
        before = [v for k, v in removed_all if k == value]
        if len(before) != 1:
            continue
        now = [v for k, v in added_all if k == value and v != before[0]]
        moved = [k for k, v in added_all if v == before[0] and k != value]
        if len(now) == 1 and len(moved) == 1:
            return c, before[0], now[0], moved[0]
        return None
    return None


def _still_given(ctx: Any, option: str, value: str) -> bool:
    """Whether a tracked file (memory files aside) writes ``option value`` or ``option=value`` (None: cannot say)."""
    from statewise_cli.recovery.premises_history import _excludes

    if not option.startswith("-"):
        return False
    code, _ = ctx.git("grep", "-q", "-I", "-F", "-e", f"{option} {value}", "-e", f"{option}={value}", "--", ".",
                      *_excludes())
    return code != 1


def _upstream(ctx: Any) -> str:
    """The branch's upstream commit when it holds commits HEAD lacks (fetched, not merged); "" otherwise."""
    code, out = ctx.git("rev-parse", "-q", "--verify", "@{upstream}^{commit}")
    if code != 0 or not out.strip():
        return ""
    up = out.strip()
    code, count = ctx.git("rev-list", "--count", f"HEAD..{up}")
    return up if code == 0 and count.strip() not in ("", "0") else ""


def _upstream_history(ctx: Any, up: str, path: str) -> list[dict[str, Any]]:
    """The commits of the upstream that HEAD lacks and that changed ``path``, as :func:`_history` gives them."""
    return _log_hunks(ctx, path, f"HEAD..{up}")


def _log_hunks(ctx: Any, path: str, *revisions: str) -> list[dict[str, Any]]:
    """One ``git log -p`` of ``path`` (over ``revisions``, else HEAD's history): commit, date, subject and the
    (removed, added) lines of each hunk, newest first."""
    from statewise_cli.recovery.premises_history import _hunks

    code, out = ctx.git("log", f"-n{_COMMITS}", "--format=\x01%h %ad %s", "--date=short", "-U0", "--no-color",
                        "--no-ext-diff", "--no-renames", "-p", *revisions, "--", path)
    commits: list[dict[str, Any]] = []
    if code == 0:
        for chunk in out.split("\x01")[1:]:
            first, _, diff = chunk.partition("\n")
            commit, date, subject = (first.split(" ", 2) + ["", ""])[:3]
            hunks = [[r[:40], a[:40]] for _, r, a in _hunks(diff)][:20]
            commits.append({"commit": commit, "date": date, "subject": subject[:160], "hunks": hunks})
    return commits


def _upstream_changed(ctx: Any, up: str, path: str, index: int, value: str, words: list[str],
                      key_ok: Callable[[str], bool]) -> tuple[dict[str, Any], str, str, str] | None:
    """(commit, key, upstream value, refusal) when the upstream rewrote ``key = value`` in ``path`` in place, the file
    here still sets ``value`` and the upstream's sets the other, with a word refusing ``value`` there."""
    hit = _changed_in_place(_upstream_history(ctx, up, path), value, key_ok)
    if hit is None:
        return None
    commit, key, new_value = hit
    if (key, value) not in _current(ctx, path):
        return None
    code, body = ctx.git("show", f"{up}:{path}")
    if code != 0:
        return None
    there = [kv for kv in (_setting(line) for line in body.splitlines()[:2000]) if kv is not None]
    if (key, new_value) not in there or (key, value) in there:
        return None
    # an upstream change is a colleague's word on the value: "refused" there says the old one is out (here, where the
    # file's sections may scope a value to one entry, a refusal alone says less)
    refusal = _refused(ctx, path, value, new_value, commit, body=body[:64 * 1024], extra=(r"\brefused\b",))
    if refusal is None or _still_given(ctx, words[index - 1] if words[index].startswith(value) else
                                       words[index].split("=", 1)[0], value):
        return None
    return commit, key, new_value, refusal


# A value the program's own configuration changed in place, with no word anywhere refusing the old one, is not asked
# about: a changed default leaves an explicit older value a choice (`--printer dock-a` after the default moved to dock-b
# "for returns"), as the earlier-value checks decided; off until a refusal or a reader of the old value is required.
_IN_PLACE = False


def reassigned_value_premise(action: Action, words: list[str], directory: str, ctx: Any,
                             task: Callable[[], str]) -> Any:
    """See the module docstring."""
    if len(words) < 3 or words[0].startswith(("$", "-")):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in _NOT_SETTINGS:
        return None
    pairs = _pairs(words)
    if not pairs:
        return None
    files = _config_files(ctx)
    options = {o for _, o, _ in pairs}
    tied = _tied(files, program, words, options)
    # a table named for an option (``rooms.csv`` for ``--room``) keys its rows by the option's values
    tied += [(path, "table") for path in _table_files(ctx)
             if _stem(path).rstrip("s") in {o.rstrip("s") for o in options}][:_MAX_TIED]
    if not tied:
        return None
    asked: str | None = None
    up: str | None = None
    for path, how in tied:
        table = how == "table"
        if how in ("program", "word"):
            up = _upstream(ctx) if up is None else up
            for index, option, value in pairs if up else []:
                def up_key_ok(key: str, option: str = option, how: str = how) -> bool:
                    return how == "word" or _norm(key) == option

                found = _upstream_changed(ctx, up, path, index, value, words, up_key_ok)
                if found is not None:
                    asked = task() if asked is None else asked
                    if not _named(asked, value):
                        commit, key, new_value, said = found
                        return _deny_changed(action, words, index, value, new_value, key, path, commit, said,
                                             upstream=True)
        commits = _history(ctx, path)
        if not commits:
            continue
        for index, option, value in pairs:
            if how in ("program", "word"):
                def key_ok(key: str, option: str = option, how: str = how) -> bool:
                    return how == "word" or _norm(key) == option or not _IN_PLACE

                hit = _changed_in_place(commits, value, key_ok)
                if hit is not None:
                    commit, key, new_value = hit
                    now = _current(ctx, path)
                    refusal = None if _IN_PLACE else _refused(ctx, path, value, new_value, commit)
                    if (key, new_value) in now and (key, value) not in now and (_IN_PLACE or refusal is not None) \
                            and not _still_given(ctx, words[index - 1] if words[index].startswith(value) else
                                                 words[index].split("=", 1)[0], value):
                        # not changed back, not set elsewhere, not a choice the project still writes out (an explicit
                        # `--target rehearsal` over a default that became live is how it is meant to run)
                        asked = task() if asked is None else asked
                        if not _named(asked, value):  # the user did not ask for this value
                            return _deny_changed(action, words, index, value, new_value, key, path, commit, refusal)
            if how == "word" or (how in ("option", "table") and _stem(path).rstrip("s") != option.rstrip("s")):
                continue
            moved = _renumbered(commits, value, table)
            if moved is None:
                continue
            commit, before, now_entry, key = moved
            now = _current(ctx, path, table)
            if (key, before) not in now or (value, now_entry) not in now:
                continue
            asked = task() if asked is None else asked
            wanted = _words_of(asked)
            if not (_words_of(before) & wanted) or (_words_of(now_entry) & wanted) or _named(asked, value):
                continue  # the task does not name the entry that moved (or names the one there now, or the key)
            return _deny_renumbered(action, words, index, value, key, before, now_entry, path, commit)
    return None


# Words that refuse a value, beyond the documents' harm words: nobody is reached by it, it is off its specification.
_REFUSING = (r"\bnobody\b", r"\breach(?:es)? no ?one\b", r"\boff-spec\b", r"\bout of spec\b",
             (r"\b(?:stays?|kept|remains?|left)\b(?:\s+[\w-]+){0,4}?\s+for (?:the )?(?:record|records|reference|"
              r"archive|archives|history)\b"))


_SWITCH_WORDS = frozenset({"yes", "no", "y", "n", "true", "false", "on", "off", "0", "1", "enabled", "disabled"})


def _value_names(value: str, new_value: str) -> list[str]:
    """How people write ``value`` in prose: itself, and where it and the new value differ only in their last part
    (``KL80-R4`` / ``KL80-R5``), that part when it carries a digit (``R4``)."""
    re = _re()
    names = [value]
    a, b = re.split(r"[-_.]", value), re.split(r"[-_.]", new_value)
    if len(a) == len(b) >= 2 and a[:-1] == b[:-1] and a[-1] != b[-1] and len(a[-1]) >= 2 \
            and any(c.isdigit() for c in a[-1]):
        names.append(a[-1])
    return names


def _refused(ctx: Any, path: str, value: str, new_value: str, commit: dict[str, Any],
             body: str | None = None, extra: tuple[str, ...] = ()) -> str | None:
    """Where the project says the value a commit replaced in place is not to be used any more: a sentence naming it
    with a word of harm or retirement, in the commit's message, a comment of the file, or a note beside the file
    (``# P2 is the old profile, kept for the archive``; "node-b still exists … with nobody on it"). None when
    nothing refuses it: a changed default alone leaves the older value a choice."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_docvalues import _HARM, _sentences

    if value.strip().lower() in _SWITCH_WORDS:
        return None  # a switch's word (``no``, ``off``) is a setting either way, and prose uses it for other things
    re = _re()
    patterns = [re.compile(p, re.I) for p in (*_HARM, *_REFUSING, *extra)]
    names = [re.compile(rf"(?<![\w-]){re.escape(n)}(?![\w-])", re.I) for n in _value_names(value, new_value)]
    texts: list[tuple[str, str]] = []
    code, message = ctx.git("log", "-n1", "--format=%B", commit["commit"])
    if code == 0:
        texts.append((f"commit {commit['commit']}", " ".join(message.split())))
    if body is None:
        body = _read(os.path.join(ctx.root, path), 64 * 1024) or ""
    comments = [ln.strip().lstrip("#;/ ").strip() for ln in body.splitlines() if ln.strip().startswith(("#", ";", "//"))]
    if comments:
        texts.append((path, " ".join(comments)))
    folder = os.path.dirname(path)
    try:
        notes = sorted(n for n in os.listdir(os.path.join(ctx.root, folder or ".")) if n.lower().endswith(".md"))[:8]
    except OSError:
        notes = []
    for name in notes:
        rel = f"{folder}/{name}" if folder else name
        texts.append((rel, " ".join((_read(os.path.join(ctx.root, rel), 100_000) or "").split())))
    for where, text in texts:
        for sentence in _sentences(text):
            if any(n.search(sentence) for n in names) and any(p.search(sentence) for p in patterns):
                return f"{where} says: \"{sentence[:200]}\""
    return None


def _deny_changed(action: Action, words: list[str], index: int, value: str, new_value: str, key: str, path: str,
                  commit: dict[str, Any], refusal: str | None = None, upstream: bool = False) -> Any:
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_retired import with_value

    alternative = with_value(words, index, value, new_value)
    origin = f"commit {commit['commit']} ({commit['date']}) \"{commit['subject']}\""
    if upstream:
        return _premise(action, f"value.changed.{key}", value, new_value, "git.upstream",
                        f"the upstream branch's {path} sets `{key}` to `{new_value}`; {origin}, fetched but not merged "
                        f"here, changed it from `{value}`, the value `{(action.text or '')[:100]}` still passes"
                        + (f"; {refusal}" if refusal else ""),
                        f"`{alternative[:200]}` (the value the upstream's {path} sets; pull it first)",
                        f"`{value}` still holds here", shown=f"`{alternative[:200]}`")
    return _premise(action, f"value.changed.{key}", value, new_value, "git.history",
                    f"{path} sets `{key}` to `{new_value}` now; {origin} changed it from `{value}`, the value "
                    f"`{(action.text or '')[:100]}` still passes" + (f"; {refusal}" if refusal else ""),
                    f"`{alternative[:200]}` (the value {path} sets now)", f"`{value}` still holds here",
                    shown=f"`{alternative[:200]}`")


def _deny_renumbered(action: Action, words: list[str], index: int, value: str, key: str, before: str, now: str,
                     path: str, commit: dict[str, Any]) -> Any:
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_retired import with_value

    alternative = with_value(words, index, value, key)
    origin = f"commit {commit['commit']} ({commit['date']}) \"{commit['subject']}\""
    return _premise(action, f"value.renumbered.{value}", f"{value} is {before}", key, "git.history",
                    f"in {path}, `{value}` is `{now}` now; {origin} moved `{before}`, which `{value}` named before, "
                    f"to `{key}` — the task names {before}",
                    f"`{alternative[:200]}` ({before} is `{key}` in {path} now)",
                    f"`{value}` still is {before}", shown=f"`{alternative[:200]}`")


# ------------------------------------------------------------------ a data file that says it is superseded

_READERS = frozenset({"diff", "cmp", "less", "more", "vi", "vim", "nvim", "nano", "emacs", "code", "wc", "file", "stat",
                      "sha256sum", "sha1sum", "md5sum", "du", "open", "xdg-open", "bat", "jq", "yq", "csvlook", "sort",
                      "uniq", "cut", "tr", "od", "xxd", "hexdump", "strings", "tar", "zip", "gzip", "unzip"})
_HEAD_LINES = 8


def _successor_named(head: str) -> str | None:
    """The path a file's first lines name as its successor ("superseded by tables/2026.csv", "replaced by …")."""
    re = _re()
    found = {m.group(1).rstrip(".,;:)") for m in re.finditer(
        r"(?i)\b(?:superseded|replaced|obsoleted|deprecated\s+in\s+favou?r\s+of|retired\s+in\s+favou?r\s+of)"
        r"(?:\s+by)?\s+[`'\"]?((?:[\w.-]+/)*[\w-]+\.[A-Za-z][\w]{0,9})", head)}
    return next(iter(found)) if len(found) == 1 else None


def superseded_operand_premise(action: Action, words: list[str], directory: str, ctx: Any,
                               task: Callable[[], str]) -> Any:
    """An action handing a program a data file of the repository whose own first lines say another file superseded
    it (``# superseded by tables/sgr-2026.csv``), where that file exists: the program should get the successor.
    Programs that only read, compare or copy files are not asked about, nor a file the user's task names."""
    if len(words) < 2 or words[0].startswith(("$", "-")):
        return None
    program = os.path.basename(words[0])
    if len(program) < 2 or program in _NOT_SETTINGS or program in _READERS:
        return None
    root = os.path.realpath(ctx.root)
    for index, word in enumerate(words[1:], 1):
        value = word.split("=", 1)[1] if word.startswith("--") and "=" in word else word
        if value.startswith("-") or "$" in value or not ("/" in value or "." in value) or len(value) > 200:
            continue
        full = os.path.realpath(os.path.join(directory, value))
        if not full.startswith(root + os.sep) or not os.path.isfile(full):
            continue
        try:
            with open(full, encoding="utf-8", errors="replace") as fh:
                head = "".join(fh.readline(400) for _ in range(_HEAD_LINES))
        except OSError:
            continue
        if "by" not in head and "favo" not in head:
            continue
        successor = _successor_named(head)
        if successor is None:
            continue
        new_full = next((p for p in (os.path.join(root, successor), os.path.join(os.path.dirname(full), successor))
                         if os.path.isfile(p) and os.path.realpath(p) != full), None)
        if new_full is None:
            continue
        new_value = os.path.relpath(os.path.realpath(new_full), os.path.realpath(directory))
        if _named(task(), value) or _named(task(), os.path.basename(value)):
            continue  # the user asked for this file
        from statewise_cli.recovery.premises import _premise
        from statewise_cli.recovery.premises_retired import with_value

        alternative = with_value(words, index, value, new_value)
        rel = os.path.relpath(full, root)
        line = next((ln.strip() for ln in head.splitlines() if successor in ln), "")[:160]
        return _premise(action, f"path.superseded.{os.path.basename(value)}", value, new_value, "repo.files",
                        f"{rel} says it is superseded: `{line}`; {os.path.relpath(new_full, root)} exists",
                        f"`{alternative[:200]}` (the file that superseded it)", f"{value} is the file to use",
                        shown=f"`{alternative[:200]}`")
    return None


# ------------------------------------------------------------------ a named entry whose own file says it is withdrawn

_WITHDRAWN = (r"(?i)\b(?:withdrawn|retired|superseded|obsolete|deprecated|do not use|no longer (?:in )?use[d]?|"
              r"kept for (?:the )?records?(?: only)?)\b")


def _versioned(stem: str) -> tuple[str, int] | None:
    re = _re()
    m = re.fullmatch(r"(.*?[^\d])(\d{1,4})", stem)
    return (m.group(1), int(m.group(2))) if m else None


def _withdrawn_head(path: str) -> str | None:
    """The comment line (or ``status:`` line) among a file's first lines that says the file is withdrawn."""
    re = _re()
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = [fh.readline(400) for _ in range(_HEAD_LINES)]
    except OSError:
        return None
    for line in head:
        text = line.strip()
        if (text.startswith(("#", "//", ";", "<!--")) or re.match(r"(?i)^[\"']?status[\"']?\s*[:=]", text)) \
                and re.search(_WITHDRAWN, text):
            return text[:160]
    return None


def _refused_in_notes(root: str, value: str, folders: list[str]) -> tuple[str, str] | None:
    """(where, clause) of a note beside the entry or in the docs whose clause names ``value`` with a word of refusal
    ("a unit on R3-2024 misreads and fails the audit")."""
    from statewise_cli.recovery.premises_defaults import _notes
    from statewise_cli.recovery.premises_earlier import _doc_notes, _refusal

    re = _re()
    texts = _notes(root, folders)
    texts += [t for t in _doc_notes(root, [value]) if t[0] not in {w for w, _ in texts}]
    clauses = [(w, c) for w, t in texts for c in re.split(r"(?<=[;:])\s+", " ".join(t.split()))]
    return _refusal(value, clauses)


def withdrawn_entry_premise(action: Action, words: list[str], directory: str, ctx: Any,
                            task: Callable[[], str]) -> Any:
    """An option whose value names a file of the folder named for the option (``--schedule oak-v1`` and
    ``schedules/oak-v1.yaml``) whose own first lines say it is withdrawn (``# WITHDRAWN 2026-11: kept for the records
    only``), while the same folder holds its next version (``oak-v2.yaml``, not withdrawn): the program should get the
    newer entry. A note beside the entry or in the docs whose clause refuses the value ("a meter on T-2025 fails the
    check") withdraws it as its own first lines would. Not asked when the user's task names the withdrawn value."""
    if len(words) < 3 or words[0].startswith(("$", "-")):
        return None
    program = os.path.basename(words[0])
    if len(program) < 2 or program in _NOT_SETTINGS or program in _READERS:
        return None
    pairs = _pairs(words)
    if not pairs:
        return None
    files = _config_files(ctx)
    if not files:
        return None
    root = os.path.realpath(ctx.root)
    for index, option, value in pairs:
        version = _versioned(value.lower())
        if version is None:
            continue
        names = {option, option + "s", option + "es"}
        entries = [f for f in files if os.path.basename(os.path.dirname(f)).lower().replace("-", "_") in names]
        mine = [f for f in entries if _stem(f) == value.lower()]
        if len(mine) != 1:
            continue
        said = _withdrawn_head(os.path.join(root, mine[0]))
        where = f"{mine[0]} says it is withdrawn"
        if said is None:
            refused = _refused_in_notes(root, value, [os.path.dirname(os.path.join(root, mine[0])), directory])
            if refused is None:
                continue
            where, said = f"{refused[0]} says", refused[1]
        folder = os.path.dirname(mine[0])
        newer: list[tuple[int, str, str]] = []
        for f in entries:
            other = _versioned(_stem(f))
            if os.path.dirname(f) != folder or other is None or other[0] != version[0] or other[1] <= version[1]:
                continue
            if _withdrawn_head(os.path.join(root, f)) is None:
                base = os.path.basename(f)
                newer.append((other[1], base.split(".", 1)[0], f))
        if not newer:
            continue
        _, new_value, new_path = max(newer)
        if _named(task(), value):
            continue  # the user asked for this entry
        from statewise_cli.recovery.premises import _premise
        from statewise_cli.recovery.premises_retired import with_value

        alternative = with_value(words, index, value, new_value)
        return _premise(action, f"value.withdrawn.{option}", value, new_value, "repo.files",
                        f"{where}: `{said.replace('`', '')}`; {new_path} is its next version",
                        f"`{alternative[:200]}` (the entry that is in use)", f"{value} is the entry to use",
                        shown=f"`{alternative[:200]}`")
    return None


# ------------------------------------------------------------------ an entry whose status a commit closed

_STATUS_KEYS = frozenset({"status", "state"})
# fields that say what an entry is for; a value of retirement there (``role: removed``) closes it like a status
_ROLE_KEYS = frozenset({"role", "use", "usage", "purpose", "condition", "availability", "function"})
_CLOSED = frozenset({"closed", "retired", "inactive", "decommissioned", "disabled", "withdrawn", "offline",
                     "out-of-service", "out_of_service", "shut", "shutdown", "archived", "suspended", "mothballed",
                     # a status that says the thing failed its check or may not be used (``failed-verification-…``)
                     "failed", "condemned", "faulty", "broken", "uncertified", "revoked", "expired", "banned",
                     "removed", "dismantled", "scrapped"})
_OPEN = frozenset({"open", "active", "live", "enabled", "online", "in-service", "in_service", "operational"})
_TRUE = frozenset({"true", "yes", "on"})
_FALSE = frozenset({"false", "no", "off"})


def _fields(text: str) -> dict[str, dict[str, str]]:
    """entry → {field: value} of a YAML mapping of entries: ``name: {status: open, …}`` or ``name:`` with indented
    ``field: value`` lines (the entry's direct children only)."""
    re = _re()
    out: dict[str, dict[str, str]] = {}
    entry = ""
    indent = -1
    for line in text.splitlines()[:4000]:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        flow = re.match(r"^\s*[\"']?([\w][\w.-]*)[\"']?\s*:\s*\{(.*)\}\s*(?:#.*)?$", line)
        if flow:
            fields = out.setdefault(flow.group(1).lower(), {})
            for part in flow.group(2).split(","):
                key, sep, value = part.partition(":")
                key = key.strip().strip("\"'").lower()
                if sep and re.fullmatch(r"\w[\w-]*", key):
                    fields.setdefault(key, value.strip().strip("\"'").lower())
            entry = ""
            continue
        top = re.match(r"^[\"']?([\w][\w.-]*)[\"']?\s*:\s*(?:#.*)?$", line)
        if top:
            entry, indent = top.group(1).lower(), -1
            continue
        child = re.match(r"^(\s+)[\"']?(\w[\w-]*)[\"']?\s*:\s*[\"']?([\w.-]+)", line)
        if child and entry and line[:1].isspace():
            if indent < 0:
                indent = len(child.group(1))
            if len(child.group(1)) == indent:
                out.setdefault(entry, {}).setdefault(child.group(2).lower(), child.group(3).lower())
        elif not line[:1].isspace():
            entry = ""
    return out


def _statuses(text: str) -> dict[str, str]:
    """entry → status of a YAML mapping of entries (``name: {status: open, …}`` or an indented ``status: open``); a
    flow-mapping entry without a status is listed as ``""`` (in use: nothing says otherwise)."""
    re = _re()
    out: dict[str, str] = {}
    flows = {m.group(1).lower() for m in re.finditer(r"(?m)^\s*[\"']?([\w][\w.-]*)[\"']?\s*:\s*\{", text)}
    for entry, fields in _fields(text).items():
        status = next((v for k, v in fields.items() if k in _STATUS_KEYS), None)
        if status is None:
            # no status field: a field whose value says the entry is out of use (``role: removed-2026-11``)
            status = next((v for k, v in fields.items() if k in _ROLE_KEYS and _closed(v)), None)
        if status is not None:
            out[entry] = status
        elif entry in flows:
            out[entry] = ""
    return out


def _closed(status: str | None) -> bool:
    return status is not None and (status in _CLOSED or _re().split(r"[-_ ]", status)[0] in _CLOSED)


def _in_use(status: str) -> bool:
    """A status word of use; one written in words ("in service") is the same as its joined form (``in-service``)."""
    return status in _OPEN or "-".join(status.split()) in _OPEN


def _open(status: str | None) -> bool:
    return status is not None and (_in_use(status) or status == "")


def _tied_to_option(stem: str, option: str) -> bool:
    """A file named for the option (``depots.yaml`` for ``--depot``), or a compound name ending in it
    (``buildhosts.yaml`` for ``--host``)."""
    stem = stem.replace("-", "_")
    if stem in (option, option + "s", option + "es"):
        return True
    return len(option) >= 4 and stem.endswith((option, option + "s", option + "es"))


def _capability_lost(ctx: Any, path: str, value: str, task: str, commits: list[dict[str, Any]]
                     ) -> tuple[str, str, dict[str, Any]] | None:
    """(field, the one other entry that has it now, commit) when the user's task names a yes/no field of the entries
    (``gpu``) that a commit turned off for the entry the action names and that exactly one other entry has now."""
    re = _re()
    now = _fields(_read_text(ctx, path))
    mine = now.get(value.lower())
    if not mine or not task:
        return None
    for field, state in mine.items():
        if state not in _FALSE or not re.search(rf"(?<![\w-]){re.escape(field)}s?(?![\w-])", task, re.I):
            continue
        others = [e for e, f in now.items() if e != value.lower() and f.get(field) in _TRUE]
        if len(others) != 1:
            continue
        for c in commits:
            code, before = ctx.git("show", f"{c['commit']}~1:{path}")
            if code == 0 and (_fields(before).get(value.lower()) or {}).get(field) in _TRUE:
                return field, others[0], c
    # a field whose word the task names (``feeds: packing`` and "to the packing silo") that a commit gave another
    # entry, while the action's entry holds something else now
    for c in commits[:3]:
        code, before = ctx.git("show", f"{c['commit']}~1:{path}")
        if code != 0:
            continue
        was = _fields(before).get(value.lower()) or {}
        for field, old in was.items():
            if len(old) < 4 or not old.isalpha() or mine.get(field) == old or old in _TRUE | _FALSE \
                    or not re.search(rf"(?<![\w-]){re.escape(old)}(?![\w-])", task, re.I):
                continue
            others = [e for e, f in now.items() if e != value.lower() and f.get(field) == old]
            if len(others) == 1:
                return f"{field}: {old}", others[0], c
    return None


def closed_entry_premise(action: Action, words: list[str], directory: str, ctx: Any, task: Callable[[], str]) -> Any:
    """An option whose value names an entry of the configuration file named for the option (``--depot north`` and
    ``depots.yaml``, ``--host bh1`` and ``buildhosts.yaml``) whose status a commit changed from open (or no status)
    to closed (``north: {status: closed}``, ``status: failed-verification``): the program is sent to a place that is
    shut. The alternative is the one open entry the closing commit's message names, else the one open entry the file
    holds. Not asked when the user's task names the closed entry.

    The same holds for a yes/no field the user's task names ("run the job on a host with a GPU" and ``bh1: {gpu:
    false}``) that a commit turned off for the action's entry while exactly one other entry has it now."""
    if len(words) < 3 or words[0].startswith(("$", "-")):
        return None
    program = os.path.basename(words[0])
    if len(program) < 2 or program in _NOT_SETTINGS:
        return None
    pairs = _pairs(words)
    if not pairs:
        return None
    files = _config_files(ctx)
    if not files:
        return None
    re = _re()
    action_words = {w.lower() for w in words[1:] if not w.startswith("-") and len(w) >= 3}
    for index, option, value in pairs:
        tied = [f for f in files if _tied_to_option(_stem(f), option)][:3]
        # the file kept for an item another option names (``--site ridge-7`` and ``sites/ridge-7.yaml``): the
        # entries of that item's own file
        others = {v.lower() for i, _, v in pairs if i != index and len(v) >= 3}
        tied += [f for f in files if _stem(f) in others and f not in tied][:3]
        # the file named for what the program controls (``valves.yaml`` for ``valvectl``)
        base = _program_stem(program.lower())
        if base:
            tied += [f for f in files if _stem(f) in (base, base + "s", base + "es") and f not in tied][:2]
        for path in tied:
            text_now = _read_text(ctx, path)
            now = _statuses(text_now)
            if not _closed(now.get(value.lower())):
                lost = None
                if value.lower() in text_now.lower() and not _named(task(), value):
                    lost = _capability_lost(ctx, path, value, task(), _history(ctx, path))
                if lost is None:
                    upstream = _closed_upstream(ctx, path, value, text_now) \
                        if value.lower() in text_now.lower() and not _named(task(), value) else None
                    if upstream is not None:
                        text_up, c, ref = upstream
                        chosen = _open_pick(text_up, value, c["message"], action_words)
                        if chosen is not None:
                            return _deny_closed(action, words, index, value, chosen, path, c, text_up,
                                                f"{ref} (fetched, not merged here) marks `{value}` "
                                                f"{_statuses(text_up)[value.lower()]} in {path}: commit {c['commit']} "
                                                f"({c['date']}{c['author']}) \"{c['subject']}\"",
                                                f"is in use on {ref}")
                    continue
                field, other, c = lost
                if ": " in field:  # a role the task names, moved to another entry
                    return _deny_closed(action, words, index, value, other, path, c, text_now,
                                        f"{path} gives `{field}` to `{other}` now, not to `{value}` (commit "
                                        f"{c['commit']} ({c['date']}) \"{c['subject']}\" moved it)", f"has `{field}`")
                return _deny_closed(action, words, index, value, other, path, c, text_now,
                                    f"{path} has `{field}: false` for `{value}` now (commit {c['commit']} "
                                    f"({c['date']}) \"{c['subject']}\" turned it off) and `{field}: true` only for "
                                    f"`{other}`", f"has {field}")
            commits = _history(ctx, path)
            closing = None
            for c in commits:
                code, before = ctx.git("show", f"{c['commit']}~1:{path}")
                if code == 0 and _open(_statuses(before).get(value.lower())):
                    closing = c
                    break
            if closing is None:
                continue
            opened = [e for e, st in now.items() if _in_use(st) and e != value.lower()] or \
                [e for e, st in now.items() if st == "" and e != value.lower()]  # no status written: in use
            code, message = ctx.git("log", "-n1", "--format=%B", closing["commit"])
            message = message if code == 0 else closing["subject"]
            named = [e for e in opened if re.search(rf"(?<![\w-]){re.escape(e)}(?![\w-])", message, re.I)]
            # of several in use, the one whose own fields name what the action does (``replica`` of a
            # ``… replica --unit X`` among ``{role: main}`` and ``{role: replica}``)
            fields_now = _fields(text_now)
            doing = [e for e in opened if set((fields_now.get(e) or {}).values()) & action_words]
            pick = named if len(named) == 1 else opened if len(opened) == 1 else doing if len(doing) == 1 else []
            if len(pick) != 1:
                continue
            if _named(task(), value):
                continue  # the user asked for this entry
            origin = f"commit {closing['commit']} ({closing['date']}) \"{closing['subject']}\""
            return _deny_closed(action, words, index, value, pick[0], path, closing, text_now,
                                f"{path} marks `{value}` {now[value.lower()]} now; {origin} changed it from open",
                                "is open")
    return None


def _open_pick(text: str, value: str, message: str, action_words: set[str]) -> str | None:
    """The one entry of ``text`` in use in place of the closed ``value``: the one the closing commit's message names,
    else the only one in use, else the only one whose own fields name what the action does."""
    re = _re()
    now = _statuses(text)
    opened = [e for e, st in now.items() if _in_use(st) and e != value.lower()] or \
        [e for e, st in now.items() if st == "" and e != value.lower()]
    named = [e for e in opened if re.search(rf"(?<![\w-]){re.escape(e)}(?![\w-])", message, re.I)]
    fields_now = _fields(text)
    doing = [e for e in opened if set((fields_now.get(e) or {}).values()) & action_words]
    pick = named if len(named) == 1 else opened if len(opened) == 1 else doing if len(doing) == 1 else []
    return pick[0] if len(pick) == 1 else None


def _closed_upstream(ctx: Any, path: str, value: str, text_here: str
                     ) -> tuple[str, dict[str, Any], str] | None:
    """(the file on the upstream branch, the newest upstream commit that changed it, the upstream's name) when the
    branch's upstream holds commits not merged here that changed ``path`` and closed the entry ``value`` there (a
    colleague's push, fetched): what the team's branch says now, not yet in this work tree."""
    code, ref = ctx.git("rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}")
    ref = ref.strip()
    if code != 0 or not ref:
        return None
    code, out = ctx.git("log", "-n1", "--format=%h%x1f%ad%x1f%an%x1f%s%x1f%B", "--date=short", f"HEAD..{ref}", "--",
                        path)
    if code != 0 or not out.strip():
        return None
    parts = out.strip().split("\x1f", 4)
    if len(parts) < 5:
        return None
    code, text_up = ctx.git("show", f"{ref}:{path}")
    if code != 0 or not _closed(_statuses(text_up).get(value.lower())):
        return None
    if _closed(_statuses(text_here).get(value.lower())):
        return None
    commit = {"commit": parts[0], "date": parts[1], "author": f", {parts[2]}" if parts[2] else "",
              "subject": parts[3], "message": parts[4]}
    return text_up, commit, ref


def _deny_closed(action: Action, words: list[str], index: int, value: str, pick: str, path: str,
                 commit: dict[str, Any], text_now: str, evidence: str, holds: str) -> Any:
    re = _re()
    option = _norm(words[index - 1]) if index > 1 and words[index - 1].startswith("--") else _norm(
        words[index].split("=", 1)[0])
    new_value = pick if value.islower() else next(
        (m.group(0) for m in re.finditer(rf"(?i)(?<![\w-]){re.escape(pick)}(?![\w-])", text_now)), pick)
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_retired import with_value

    alternative = with_value(words, index, value, new_value)
    return _premise(action, f"value.closed.{option}", value, new_value, "git.history", evidence,
                    f"`{alternative[:200]}` ({new_value} {holds} in {path})", f"{value} {holds}",
                    shown=f"`{alternative[:200]}`")


def _read_text(ctx: Any, path: str) -> str:
    from statewise_cli.recovery.premises import _read

    return _read(os.path.join(ctx.root, path), 256 * 1024) or ""


# ------------------------------------------------------------------ a unit the program's configuration changed

_PREFIX = {"": 1.0, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "m": 1e-3, "u": 1e-6, "µ": 1e-6, "c": 1e-2}
_BASES = ("Wh", "W", "VA", "var", "Hz", "m", "g", "l", "L", "B", "bit", "bps", "Pa", "bar", "s", "A", "V")


def _unit_factor(unit: str) -> tuple[str, float] | None:
    """(base unit, factor) of an SI-prefixed unit (``kW`` → (W, 1000), ``MWh`` → (Wh, 1e6)); None for anything else."""
    unit = unit.strip()
    for base in _BASES:
        if unit.endswith(base) and unit[:-len(base)] in _PREFIX and (unit != base or len(base) > 1):
            return base, _PREFIX[unit[:-len(base)]]
        if unit == base:
            return base, 1.0
    return None


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _same_dimension(a: str, b: str) -> bool:
    """Two units of one dimension (``cm`` / ``m``, ``kW`` / ``MW``): a setting that holds a unit."""
    x, y = _unit_factor(a), _unit_factor(b)
    return x is not None and y is not None and x[0] == y[0]


def unit_change_premise(action: Action, words: list[str], directory: str, ctx: Any, task: Callable[[], str]) -> Any:
    """An action passing a figure the user's task gives in one unit (``12 MW``), converted to the unit the program's own
    configuration used before a commit changed it (``units = "kW"`` → ``units = "MW"``): the program reads the figure in
    the unit it takes now (12000 read as MW), so the figure to pass is the task's own."""
    if len(words) < 3 or words[0].startswith(("$", "-")):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in _NOT_SETTINGS:
        return None
    numeric = [(i, o, v) for i, o, v in _pairs(words) if _number(v) is not None]
    if not numeric:
        return None
    files = _config_files(ctx)
    tied = [path for path, how in _tied(files, program, words, set()) if how == "program"] if files else []
    for path in tied:
        commits = _history(ctx, path)
        if not commits:
            continue
        for c in commits:
            changes = {(k, v, k2, v2) for removed, added in c["hunks"]
                       for k, v in (kv for kv in map(_setting, removed) if kv is not None)
                       for k2, v2 in (kv for kv in map(_setting, added) if kv is not None)
                       if k == k2 and v != v2 and ("unit" in k.lower() or _same_dimension(v, v2))}
            if len(changes) != 1:
                continue
            key, old_unit, _, new_unit = next(iter(changes))
            old, new = _unit_factor(old_unit), _unit_factor(new_unit)
            if old is None or new is None or old[0] != new[0] or (key, new_unit) not in _current(ctx, path):
                break
            ratio = old[1] / new[1]
            re = _re()
            asked = task()
            stated = [m.group(1) for m in re.finditer(rf"(?<![\w.])(\d+(?:\.\d+)?)\s*{re.escape(new_unit)}(?![\w])",
                                                      asked)]
            # the task's figure in the unit the program took before, passed as it is (``--height 120`` for "120 cm"
            # after ``height = "cm"`` became ``"m"``): the program reads it in the new unit
            before = [m.group(1) for m in re.finditer(rf"(?<![\w.])(\d+(?:\.\d+)?)\s*{re.escape(old_unit)}(?![\w])",
                                                      asked)]
            for index, option, value in numeric:
                number = _number(value)
                if "unit" not in key.lower() and _norm(key) != option:
                    continue
                for quantity in before:
                    if number is None or number != float(quantity) or old[1] == new[1]:
                        continue
                    figure = f"{number * old[1] / new[1]:.6g}"
                    from statewise_cli.recovery.premises import _premise
                    from statewise_cli.recovery.premises_retired import with_value

                    alternative = with_value(words, index, value, figure)
                    origin = f"commit {c['commit']} ({c['date']}) \"{c['subject']}\""
                    return _premise(action, f"value.unit.{key}", f"{value} {old_unit}", f"{figure} {new_unit}",
                                    "git.history",
                                    f"{path} sets `{key}` to `{new_unit}` now ({origin} changed it from "
                                    f"`{old_unit}`): {program} reads `{value}` as {value} {new_unit}, while the "
                                    f"task asks for {quantity} {old_unit} = {figure} {new_unit}",
                                    f"`{alternative[:200]}` ({quantity} {old_unit} in {new_unit}, the unit {path} "
                                    f"sets now)", f"{program} takes {old_unit}", shown=f"`{alternative[:200]}`")
                for quantity in stated:
                    q = float(quantity)
                    if number is not None and number != q and q and abs(number * ratio - q) <= 1e-9 * abs(q):
                        from statewise_cli.recovery.premises import _premise
                        from statewise_cli.recovery.premises_retired import with_value

                        alternative = with_value(words, index, value, quantity)
                        origin = f"commit {c['commit']} ({c['date']}) \"{c['subject']}\""
                        return _premise(action, f"value.unit.{key}", f"{value} {old_unit}", f"{quantity} {new_unit}",
                                        "git.history",
                                        f"{path} sets `{key}` to `{new_unit}` now ({origin} changed it from "
                                        f"`{old_unit}`): {program} reads `{value}` as {value} {new_unit}, while the "
                                        f"task asks for {quantity} {new_unit}",
                                        f"`{alternative[:200]}` ({quantity} {new_unit}, in the unit {path} sets now)",
                                        f"{program} takes {old_unit}", shown=f"`{alternative[:200]}`")
            break
    return None


# ------------------------------------------------------------------ an edition directory beside the edited file


def edition_dir_premise(action: Action, ctx: Any, rel: str) -> Any:
    """An edit of ``rel`` (``stage/plans/messiah.yaml``) while a file of the same name is tracked in a directory
    below it (``stage/plans/v2/messiah.yaml``) that a reader of the repository loads (``dir = "stage/plans/v2"``),
    set after ``rel`` last changed, and no reader names ``rel`` or its own directory: the edit belongs in the
    edition the reader loads (the old file is left for the record and changes nothing)."""
    from statewise_cli.recovery.premises_readers import _reader, _still_named, _tokens, _values

    if action.operation != "edit" or not _reader(rel):
        return None
    folder, base = os.path.dirname(rel), os.path.basename(rel)
    if not folder:
        return None
    # the file system first (no git on the allow path of an ordinary edit): a file of that name one or two levels down
    here = os.path.join(ctx.root, folder)
    seen: list[str] = []
    try:
        for first in sorted(os.scandir(here), key=lambda e: e.name)[:200]:
            if not first.is_dir() or first.name.startswith("."):
                continue
            if os.path.isfile(os.path.join(first.path, base)):
                seen.append(f"{folder}/{first.name}/{base}")
            for second in sorted(os.scandir(first.path), key=lambda e: e.name)[:200]:
                if second.is_dir() and os.path.isfile(os.path.join(second.path, base)):
                    seen.append(f"{folder}/{first.name}/{second.name}/{base}")
    except OSError:
        return None
    if len(seen) != 1:
        return None
    code, out = ctx.git("ls-files", "--", seen[0])
    if code != 0 or out.strip() != seen[0]:
        return None
    below = seen
    now = below[0]
    edition = os.path.dirname(now)
    code, out = ctx.git("grep", "-n", "-I", "-F", "-e", edition, "-e", folder, "--", ".")
    if code not in (0, 1):
        return None
    loads: list[tuple[str, str]] = []
    for row in out.splitlines()[:200]:
        path, _, rest = row.partition(":")
        _, _, line = rest.partition(":")
        if not _reader(path) or path in (rel, now) or line.lstrip().startswith(("#", "//", ";")):
            continue
        named = {w.rstrip("/") for w in _tokens(line) + _values(line)}
        if folder in named or rel in named:
            return None  # a reader loads the old directory (or the file) itself
        if edition in named:
            loads.append((path, line.strip()))
    if len({p for p, _ in loads}) != 1 or _still_named(ctx, rel):
        return None
    reader, line = loads[0]
    code, last_old = ctx.git("log", "-1", "--format=%H", "--", rel)
    code2, when_new = ctx.git("log", "-1", "--format=%H %s", "-S", edition, "--", reader)
    if code != 0 or code2 != 0 or not last_old.strip() or not when_new.strip():
        return None
    full_commit, *subject = when_new.strip().split(" ", 1)
    if last_old.strip() == full_commit or ctx.git("merge-base", "--is-ancestor", last_old.strip(), full_commit)[0] != 0:
        return None  # the old file changed with or after the reader was pointed at the edition
    commit = full_commit[:8]
    from statewise_cli.recovery.premises import _premise

    return _premise(action, f"path.{base}", rel, now, "git.history",
                    f"{reader} loads {edition} (`{line[:100]}`, commit {commit}); {rel} lies outside it and no "
                    f"reader names it; {now} is the file of that name there"
                    + (f" (commit {commit}: \"{subject[0][:100]}\")" if subject else ""),
                    f"edit `{now}`, the file {reader} loads", f"{rel} is the file the project reads")
