"""The file a program reads now: an edit of a file whose reader stopped reading it.

A configuration, script or module of the repository names the file it loads — an include directive
(``include "/etc/nftables.d/*.nft";``, ``Include sshd_config.d/*.conf``, ``[include] files = conf.d/*.ini``), a
list of globs (``rule_files: ['rules/*.yml']``), a loader call (``glob.glob('promotions/*.yaml')``), a
directory setting (``dir = "rates/2027"``) or a command (``nft -f router/nftables.conf``,
``iptables-restore < router/iptables.rules``). When a commit changed such a reference — the reader's line that
named the edited file (or its directory) was replaced, in the same commit and the same reader, by a line naming
another path — the reader loads that other path now. An edit of the old file, whether the file is gone or
still there, changes nothing the project reads (a left-behind file is the *silent* case: the edit succeeds).

The successor is read from the reader's new reference alone: a file it names, the file of the same name in the
directory it names, or the one file of a glob (else the one that holds the text the edit replaces, the one of
the same name, or the one named for a key of the old file: a file split into one file per entry — of several, the
one the edit's own text names). A directory reference (``labels/allergens/``) covers the files directly in it. A reference
to an include file is followed one step to the files it includes. Nothing is said unless the reader names the
path asked about; prose (READMEs, notes, memory files) is no reader.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

READER_HISTORY = 150  # commits searched for a reader's changed reference
READERS_CACHE = "readers.json"
_PROSE = (".md", ".markdown", ".rst", ".txt", ".adoc", ".org")
_SPLIT = " \t\"'`=,;()<>[]{}|"
_MAX_LINES = 12  # path-bearing lines kept per side of one file's change in one commit


def _re() -> Any:
    import re

    return re


def _tokens(line: str) -> list[str]:
    """The words of a line that may be paths (a slash, a glob or a file extension), ``./`` dropped."""
    re = _re()
    out = []
    for word in re.split("[" + re.escape(_SPLIT) + "]+", line):
        word = word.strip().rstrip(":")
        if len(word) < 2 or "://" in word or word.startswith(("-", "$", "%", "@")):
            continue
        if "/" in word or "*" in word or re.search(r"\w\.[A-Za-z][\w-]{0,9}$", word):
            out.append(word.removeprefix("./"))
    return out


def _values(line: str) -> list[str]:
    """The quoted or assigned values of a setting line (``dir = "rates"`` → ``rates``): a bare directory name is a
    reference only as a setting's value."""
    re = _re()
    found = re.findall(r"""["']([\w./-]+)["']""", line)
    m = re.match(r"^\s*[\w.-]+\s*[=:]\s*([\w./-]+)\s*$", line)
    if m:
        found.append(m.group(1))
    return [v[2:] if v.startswith("./") else v.rstrip("/") for v in found]


def _key(line: str) -> str:
    re = _re()
    m = re.match(r"^\s*([\w.-]+)\s*[=:]", line)
    return m.group(1) if m else ""


def _reader(path: str) -> bool:
    from statewise_cli.recovery.memory_lines import MEMORY_FILES

    low = path.lower()
    return not low.endswith(_PROSE) and os.path.basename(path) not in {os.path.basename(m) for m in MEMORY_FILES} \
        and not low.startswith(("docs/", "doc/"))


def _changes(ctx: Any) -> list[list[Any]]:
    """[commit-and-subject, reader, removed lines, added lines] for each reader file a commit changed with path-bearing
    lines on both sides, newest first; cached beside the store per HEAD."""
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, READERS_CACHE, "changes")
    if isinstance(cached, list):
        return cached
    code, out = ctx.git("log", f"-n{READER_HISTORY}", "--format=@@@%h %s", "-p", "--unified=0", "--no-color",
                        "--no-renames", "--diff-filter=M", "--no-ext-diff", timeout=3.0)
    found: list[list[Any]] = []
    if code == 0:
        commit, path = "", ""
        removed: list[str] = []
        added: list[str] = []

        def flush() -> None:
            if commit and path and removed and added and _reader(path):
                found.append([commit, path, removed[:_MAX_LINES], added[:_MAX_LINES]])

        for line in out.splitlines():
            if line.startswith("@@@"):
                flush()
                commit, path, removed, added = line[3:].strip(), "", [], []
            elif line.startswith("diff --git "):
                flush()
                path, removed, added = "", [], []
            elif line.startswith("+++ "):
                path = line[6:] if line.startswith("+++ b/") else ""
            elif line.startswith("--- "):
                continue
            elif path and line[:1] in "+-" and len(line) < 400:
                text = line[1:]
                if _tokens(text) or _values(text):
                    (removed if line[0] == "-" else added).append(text)
        flush()
    save_cache(cache, {"head": head, "changes": found})
    return found


def _resolve(word: str, reader: str) -> list[str]:
    """Where a reference of ``reader`` may point, repository-relative: beside the reader, from the root, and for
    an absolute path the part below its first directory that names a deployed place (``/etc/x/y`` → ``x/y``,
    ``y``)."""
    word = word.replace("\\", "/")
    if word.startswith("/"):
        parts = [p for p in word.split("/") if p]
        return ["/".join(parts[i:]) for i in range(1, len(parts))]
    here = os.path.dirname(reader)
    out = [os.path.normpath(os.path.join(here, word))] if here else []
    out.append(os.path.normpath(word))
    return out


def _names(word: str, path: str, reader: str, tail_ok: bool = True) -> bool:
    """Whether ``word`` in ``reader`` names the repository path ``path``."""
    for place in _resolve(word, reader):
        if place == path or (tail_ok and word.startswith("/") and "/" in place and path.endswith("/" + place)):
            return True
    # a deployed absolute path whose file sits beside the reader in the repository (``web/nginx.conf`` includes
    # ``/etc/nginx/vhosts.conf``, kept as ``web/vhosts.conf``)
    return tail_ok and word.startswith("/") and os.path.basename(word) == os.path.basename(path) \
        and os.path.dirname(path) == os.path.dirname(reader) and len(os.path.basename(path)) > 4


def _matches(word: str, reader: str, tracked: list[str]) -> list[str]:
    """The tracked files a reference (a path, a directory or a glob) of ``reader`` covers now."""
    import fnmatch

    found: list[str] = []
    for place in _resolve(word, reader):
        if any(c in place for c in "*?["):
            for path in tracked:
                if fnmatch.fnmatchcase(path, place) or (word.startswith("/") and fnmatch.fnmatchcase(path, "*/" + place)):
                    found.append(path)
        else:
            for path in tracked:
                if path == place or (word.startswith("/") and "/" in place and path.endswith("/" + place)):
                    found.append(path)
            if not found and word.endswith("/"):
                # a directory the reader loads whole (`--allergens labels/allergens/`): the files directly in it
                found = [p for p in tracked if p.startswith(place.rstrip("/") + "/") and "/" not in p[len(place.rstrip("/")) + 1:]]
        if found:
            break
    return sorted(set(found))


def _dir_files(word: str, reader: str, tracked: list[str], name: str) -> list[str]:
    """The file named ``name`` in the directory a setting of ``reader`` names."""
    for place in _resolve(word, reader):
        if f"{place}/{name}" in tracked:
            return [f"{place}/{name}"]
    return []


def _norm(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


def _choose(action: Action, ctx: Any, rel: str, candidates: list[str], old_text: str) -> str | None:
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_workspace import _edit_anchor

    candidates = [c for c in candidates if c != rel]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        return None
    same = [c for c in candidates if os.path.basename(c) == os.path.basename(rel)]
    if len(same) == 1:
        return same[0]
    anchor = [a for a in _edit_anchor(action) if len(a) >= 4]
    if anchor:
        holding = [c for c in candidates if all(a in (_read(os.path.join(ctx.root, c), 200_000) or "") for a in anchor)]
        if len(holding) == 1:
            return holding[0]
    # a file split into one file per entry: the one named for an entry of the old file
    flat = _norm(old_text)
    named = [c for c in candidates if len(_norm(os.path.basename(c).split(".", 1)[0])) >= 4
             and _norm(os.path.basename(c).split(".", 1)[0]) in flat]
    if len(named) > 1 and anchor:
        edited = _norm(" ".join(anchor))
        named = [c for c in named if _norm(os.path.basename(c).split(".", 1)[0]) in edited]
    return named[0] if len(named) == 1 else None


def _includes(ctx: Any, path: str, tracked: list[str]) -> list[str]:
    """The files an include file names by a glob (one step), excluding itself."""
    from statewise_cli.recovery.premises import _read

    found: list[str] = []
    for line in (_read(os.path.join(ctx.root, path), 100_000) or "").splitlines()[:400]:
        if line.strip().startswith(("#", ";", "//")):
            continue
        for word in _tokens(line):
            if "*" in word:
                found.extend(_matches(word, path, tracked))
    return sorted(set(found) - {path})


def _still_named(ctx: Any, rel: str) -> bool:
    """Whether a reader of the repository names ``rel`` now (its path, or its name when distinctive) outside a
    comment (``# labels/allergens.csv is frozen`` reads nothing)."""
    base = os.path.basename(rel)
    for probe in {rel, base} if len(base) > 5 else {rel}:
        code, out = ctx.git("grep", "-I", "-F", "-e", probe, "--", ".")
        if code != 0:
            continue
        for row in out.splitlines():
            path, _, line = row.partition(":")
            if path != rel and _reader(path) and not line.lstrip().startswith(_COMMENTS) \
                    and (probe == rel or _names_base(line, base) and not _names_another(line, base, rel, path)):
                return True
    return False


def _names_base(line: str, base: str) -> bool:
    """Whether ``line`` names a file called ``base`` (a path word that is it or ends in ``/base``), not a longer name
    that ends in it (``extra-rates.yaml`` does not name ``rates.yaml``)."""
    return any(w == base or w.endswith("/" + base) for w in _tokens(line))


def _names_another(line: str, base: str, rel: str, reader: str) -> bool:
    """Whether every path of ``line`` that ends in the name ``base`` is the path of another file than ``rel`` (the
    successor's path, ``rules/2026/intervals.csv``, names no file of the old one's name)."""
    paths = [w for w in _tokens(line) if w == base or w.endswith("/" + base)]
    return bool(paths) and all(w != base and rel not in _resolve(w, reader) for w in paths)


_COMMENTS = ("#", "//", ";", "/*", "<!--", "REM ", "rem ")  # not `--`: a continued command line's option


def reader_moved_premise(action: Action, ctx: Any, rel: str) -> Any:
    """An edit of ``rel`` (repository-relative; gone or still there) whose reader's reference to it a commit
    replaced by a reference to another path that exists now: the edit belongs in the file the reader loads now."""
    from statewise_cli.recovery.memory_lines import MEMORY_FILES
    from statewise_cli.recovery.premises import _premise, _read

    # the edited file may be prose (a price table kept as Markdown, a letter template as text): what decides is a
    # reader that stopped naming it; only the agents' memory files are never data a reader loads
    if action.operation != "edit" or os.path.basename(rel) in {os.path.basename(m) for m in MEMORY_FILES}:
        return None
    changes = _changes(ctx)
    if not changes:
        return None
    base = os.path.basename(rel)
    folder = os.path.dirname(rel)
    tracked: list[str] | None = None
    exists = os.path.isfile(os.path.join(ctx.root, rel))
    for commit, reader, removed, added in changes:
        if reader == rel:
            continue
        hit = ""
        by_dir = False
        for line in removed:
            if any(_names(w, rel, reader) for w in _tokens(line)):
                hit = line
                break
            if folder and any(_names(v, folder, reader, tail_ok=False) for v in _values(line)):
                hit, by_dir = line, True
                break
        if not hit:
            continue
        now_text = _read(os.path.join(ctx.root, reader), 500_000)
        if now_text is None or hit.strip() in {ln.strip() for ln in now_text.splitlines()}:
            continue  # the reader is gone, or it still reads the old path
        if tracked is None:
            code, out = ctx.git("ls-files", timeout=2.0)
            if code != 0:
                return None
            tracked = out.splitlines()
        current = {ln.strip() for ln in now_text.splitlines()}
        candidates: list[str] = []
        said = ""
        for line in added:
            if line.strip() not in current:
                continue  # a later commit changed it again
            if by_dir:
                if _key(line) != _key(hit) or not _key(hit):
                    continue
                found = [f for v in _values(line) for f in _dir_files(v, reader, tracked, base)]
            else:
                if any(_names(w, rel, reader) for w in _tokens(line)):
                    continue  # the line still names the file: another part of the reference changed
                kept = {f for w in _tokens(hit) for f in _matches(w, reader, tracked)}
                found = [f for w in _tokens(line) for f in _matches(w, reader, tracked) if f not in kept]
            found = [f for f in found if f != rel and f != reader]
            if found:
                candidates, said = sorted(set(found)), line.strip()
                break
        if not candidates:
            return None  # the newest change of the reference names nothing this repository holds
        via = ""
        if len(candidates) == 1 and base != os.path.basename(candidates[0]):
            leaves = _includes(ctx, candidates[0], tracked)
            if leaves:
                via, candidates = candidates[0], leaves
        sha = commit.split(" ", 1)[0]
        if exists:
            old_text = _read(os.path.join(ctx.root, rel), 200_000) or ""
        else:
            code, old_text = ctx.git("show", f"{sha}^:{rel}")
            if code != 0:
                code, old_text = ctx.git("log", "-1", "--format=", "-p", "--", rel)
        now = _choose(action, ctx, rel, candidates, old_text if isinstance(old_text, str) else "")
        if now is None:
            return None
        if exists and _still_named(ctx, rel):
            return None  # something reads the old file too
        state = "is still there, but nothing reads it" if exists else "does not exist"
        return _premise(action, f"path.{base}", rel, now, "git.history",
                        f"{reader} read {rel} until commit {sha} changed `{hit.strip()[:100]}` to "
                        f"`{said[:100]}`; {rel} {state}, and {reader} reads {now} now"
                        + (f" (through {via}, which includes it)" if via else "")
                        + f" (commit {sha}: \"{commit.split(' ', 1)[-1][:120]}\")",
                        f"edit `{now}`, the file {reader} reads now", f"{rel} is the file the project reads")
    return None


COPIES_CACHE = "added-since.json"


def _added_since(ctx: Any, rel: str) -> str:
    """``git log --name-status`` of the files added by the commits after the last one that changed ``rel`` (the
    newest 20); cached per HEAD and path beside the store, so an edit pays the two ``git log`` runs once."""
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, COPIES_CACHE, "paths")
    known: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    if isinstance(known.get(rel), str):
        return str(known[rel])
    out = ""
    code, last = ctx.git("log", "-n1", "--format=%H", "--", rel)
    if code == 0 and last.strip():
        code, log = ctx.git("log", "-n20", "--format=@@@%h %s", "--name-status", "--no-renames", "--diff-filter=A",
                            f"{last.strip()}..HEAD")
        out = log if code == 0 else ""
    if len(known) > 200:
        known = {}
    known[rel] = out[:20_000]
    save_cache(cache, {"head": head, "paths": known})
    return out


def superseded_copy_premise(action: Action, ctx: Any, rel: str) -> Any:
    """An edit of a file that is still there while a later commit added another file holding the records the edit
    changes (the same names and values in a new format or place: ``rates.csv`` → ``2027/rates.yaml``), a
    reader of the repository (a CI step, a Makefile, a config) loads that new file, and no reader names the edited
    one: the edit succeeds and nothing reads it. The edit belongs in the file that is read."""
    from statewise_cli.recovery.memory_lines import MEMORY_FILES
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_workspace import _content_home, _edit_anchor

    if action.operation != "edit" or os.path.basename(rel) in {os.path.basename(m) for m in MEMORY_FILES}:
        return None
    if not os.path.isfile(os.path.join(ctx.root, rel)) or rel.lower().endswith(_PROSE):
        return None
    anchor = _edit_anchor(action)
    if not anchor:
        return None
    out = _added_since(ctx, rel)
    if not out:
        return None
    commit_of: dict[str, str] = {}
    names: list[str] = []
    commit = ""
    for line in out.splitlines():
        if line.startswith("@@@"):
            commit = line[3:].strip()
        elif line.startswith("A\t") and commit:
            path = line[2:]
            if path != rel and os.path.isfile(os.path.join(ctx.root, path)):
                commit_of.setdefault(path, commit)
                names.append(f"A\t{path}")
    if not names:
        return None
    home = _content_home(ctx, "\n".join(names), rel, anchor)
    if home is None or _still_named(ctx, rel):
        return None
    code, grep = ctx.git("grep", "-I", "-n", "-F", "-e", home, "--", ".")
    if code != 0:
        return None
    readers = [row.split(":", 2) for row in grep.splitlines()]
    reading = next(((p, ln) for p, _, ln in (r for r in readers if len(r) == 3)
                    if p not in (rel, home) and _reader(p) and not ln.lstrip().startswith(_COMMENTS)
                    and any(home in _resolve(w, p) for w in _tokens(ln))), None)
    if reading is None:
        return None
    reader, said = reading
    added_by = commit_of[home]
    return _premise(action, f"path.{os.path.basename(rel)}", rel, home, "git.history",
                    f"{rel} is still there, but nothing reads it: {home} holds the records this edit changes and "
                    f"{reader} reads it (`{said.strip()[:100]}`); commit {added_by} added it",
                    f"edit `{home}`, the file {reader} reads", f"{rel} is the file the project reads")
