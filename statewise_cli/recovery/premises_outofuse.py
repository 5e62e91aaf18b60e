"""An option value that keys a line of a settings file which a commit marked out of use, adding the entry in use.

Registers of things a command acts on — vehicles, hosts, rooms, accounts, devices — are often a plain settings
file keyed by the thing's name, one line each, with what it is in the line's text: ``scale-north = ind570
(bay 1, not in use)``, ``TR-4410: {status: retired 2031-02-01}``. When a thing goes out of use, the commit that says
so in its line usually adds the line of the one that takes its place: ``TR-5120: {status: in service}``. An action
passing the first name (``--truck TR-4410``) assumes it is still the one to use, whatever file holds the register —
the file need not be named for the option or the program: the exact name keying a line is what ties them.

The reader decides only when all of these hold: one option value of the action spelled as an identifier (a letter and a
digit, a dash or an underscore; four characters or more) keys a line (``NAME =`` / ``NAME:``) of a tracked settings
file (memory files aside) whose text says the entry is out of use (retired, decommissioned, not / no longer in use,
out of use or service, withdrawn, disused, scrapped); the newest of the file's recent commits that touched that line
turned it from a line without those words into this one (a thing out of use from the start says nothing about
memory going stale); and that commit added exactly one line keyed by a name of the same spelling class (``TR-5120``
for ``TR-4410``, ``scale-south`` for ``scale-north``) whose text is not out of use, which the file still holds. The
user's task naming the value keeps it (work on the retired thing itself). The alternative is the same command with the
new name.

Read-only: one ``git grep`` per HEAD and set of values (cached beside the store), the file's recent history (shared
with the reassigned-value reader's cache) only for a line that says out of use.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from statewise_cli.actions.normalize import Action

_CACHE = "out-of-use-entries.json"
_EXTS = ("*.yaml", "*.yml", "*.toml", "*.ini", "*.cfg", "*.conf", "*.json", "*.properties")
# Words of a line's text that put its entry out of use.
_OUT = (r"\b(?:retired|decommissioned|(?:not|no longer) in use|no longer used|out of (?:use|service)|withdrawn|"
        r"disused|scrapped|dismantled)\b")


def _re() -> Any:
    import re

    return re


def _identifier(value: str) -> bool:
    if len(value) < 4 or len(value) > 40 or not value[0].isalnum() or not value[-1].isalnum():
        return False
    if not all(c.isalnum() or c in "-_." for c in value) or not any(c.isalpha() for c in value):
        return False
    return any(c.isdigit() or c in "-_" for c in value)


def _keyed(line: str) -> tuple[str, str] | None:
    """(key, the line's text after it) of a settings line keyed by a name: ``NAME = text`` / ``NAME: text`` /
    ``"NAME": text``."""
    m = _re().match(r"""^\s*["']?([\w][\w.-]*)["']?\s*[:=]\s*(.*)$""", line)
    return (m.group(1), m.group(2)) if m else None


def _out(text: str) -> bool:
    return _re().search(_OUT, text, _re().I) is not None


def out_of_use_entry_premise(action: Action, words: list[str], directory: str, ctx: Any,
                             task: Callable[[], str]) -> Any:
    """See the module docstring."""
    if len(words) < 3 or words[0].startswith(("$", "-")):
        return None
    from statewise_cli.recovery.premises_reassigned import _NOT_SETTINGS, _pairs

    program = os.path.basename(words[0])
    if len(program) < 2 or program in _NOT_SETTINGS:
        return None
    pairs = [(i, o, v) for i, o, v in _pairs(words) if _identifier(v)]
    if not pairs:
        return None
    hits = _lines(ctx, sorted({v for _, _, v in pairs}))
    if not hits:
        return None
    from statewise_cli.recovery.premises_reassigned import _history, _named

    asked: str | None = None
    for index, _option, value in pairs:
        for path, line in hits:
            kv = _keyed(line)
            if kv is None or kv[0] != value or not _out(kv[1]):
                continue
            found = _retiring_commit(_history(ctx, path), value)
            if found is None:
                continue
            commit, successor, new_line = found
            from statewise_cli.recovery.premises import _read

            now = [_keyed(x) for x in (_read(os.path.join(ctx.root, path), 256 * 1024) or "").splitlines()[:4000]]
            if not any(kv2 is not None and kv2[0] == successor and not _out(kv2[1]) for kv2 in now):
                continue  # the file does not hold the new entry in use any more
            asked = task() if asked is None else asked
            if _named(asked, value):
                continue  # the user asked about this entry
            from statewise_cli.recovery.premises import _premise
            from statewise_cli.recovery.premises_retired import with_value

            alternative = with_value(words, index, value, successor)
            origin = f"commit {commit['commit']} ({commit['date']}) \"{commit['subject']}\""
            return _premise(action, f"value.out_of_use.{value}", value, successor, "git.history",
                            f"{path} has `{line.strip()[:120]}` now; {origin} marked it so and added "
                            f"`{new_line.strip()[:120]}`",
                            f"`{alternative[:200]}` (the entry in use in {path})", f"{value} is in use",
                            shown=f"`{alternative[:200]}`")
    return None


def _lines(ctx: Any, values: list[str]) -> list[tuple[str, str]]:
    """(path, line) of the tracked settings lines keyed by one of ``values`` whose text says out of use (cached per
    HEAD, under a keyed digest of the values)."""
    from statewise_cli.recovery.premises import head_cached, save_cache
    from statewise_cli.recovery.premises_retired import _key
    from statewise_cli.store.redact import salt

    head, cache, cached = head_cached(ctx, _CACHE, "values")
    known: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    digest = _key("\0".join(values), salt(ctx.repo.store_dir))
    if isinstance(known.get(digest), list):
        return [(str(p), str(x)) for p, x in known[digest] if isinstance(p, str)]
    from statewise_cli.recovery.premises_history import _excludes

    re = _re()
    args = ["grep", "-n", "-I", "-E"]
    for value in values:
        args += ["-e", rf"^[[:space:]]*[\"']?{re.escape(value)}[\"']?[[:space:]]*[:=]"]
    code, out = ctx.git(*args, "--", *_EXTS, *_excludes())
    if code not in (0, 1):
        return []
    found: list[list[str]] = []
    for row in out.splitlines()[:200] if code == 0 else []:
        path, _, rest = row.partition(":")
        _, _, line = rest.partition(":")
        if _out(line) and not path.startswith(".github/"):
            found.append([path, line[:400]])
        if len(found) >= 8:
            break
    if len(known) > 64:
        known.clear()
    known[digest] = found
    save_cache(cache, {"head": head, "values": known})
    return [(p, x) for p, x in found]


def _retiring_commit(commits: list[dict[str, Any]], value: str) -> tuple[dict[str, Any], str, str] | None:
    """(commit, the successor's name, its added line) of the newest commit that touched the line keyed by ``value``,
    when that commit turned it from in use to out of use and added exactly one line keyed by a name of the same
    spelling class that is in use."""
    from statewise_cli.recovery.premises_retired import _shape

    for c in commits:
        removed = [_keyed(x) for hunk in c["hunks"] for x in hunk[0]]
        added = [(_keyed(x), x) for hunk in c["hunks"] for x in hunk[1]]
        mine_before = [kv for kv in removed if kv is not None and kv[0] == value]
        mine_after = [kv for kv, _ in added if kv is not None and kv[0] == value]
        if not mine_before and not mine_after:
            continue
        if len(mine_before) != 1 or len(mine_after) != 1 or _out(mine_before[0][1]) or not _out(mine_after[0][1]):
            return None
        old_keys = {kv[0] for kv in removed if kv is not None}
        new = [(kv[0], line) for kv, line in added if kv is not None and kv[0] != value and kv[0] not in old_keys
               and _shape(kv[0]) == _shape(value) and not _out(kv[1])]
        if len(new) != 1:
            return None
        return c, new[0][0], new[0][1]
    return None
