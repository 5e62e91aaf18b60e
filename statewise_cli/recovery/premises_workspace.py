"""Workspace premises read from the repository's history and build configuration: a path whose role changed.

Three classes, each decided from what the repository says now and how it got there, never from a list of
file names:

- **content moved out of a path that stays** (``split_role_premise``): a commit copied a file's content to a
  new path and gave the old path new content (``git log -C`` pairs the new file with the old one as its
  copy source, which git only does for a source the same commit modified). An edit of the old path whose
  anchor text is also in the new one is an edit meant for the content that moved.
- **a directory that stopped being ignored output** (``ignore_role_premise``): ``rm -r D`` where D holds
  tracked files, and the root ``.gitignore`` once ignored D and dropped it in the commit that started
  ignoring another directory — the output moved there, D holds sources now.
- **metadata a build backend does not read** (``backend_metadata_premise``): package metadata written to
  ``setup.cfg`` / ``setup.py`` when ``pyproject.toml`` names a PEP 517 build backend other than setuptools
  — only setuptools reads those files; the backend reads ``pyproject.toml``'s ``[project]`` table.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

SPLIT_HISTORY = 300  # commits searched for copies out of a modified file
SPLITS_CACHE = "splits.json"
IGNORE_HISTORY = 50  # commits of .gitignore searched


def _splits(ctx: Any) -> list[tuple[str, str, str]]:
    """(old, new, "<commit> <subject>") for each file a commit copied out of a file it also rewrote, newest
    first; cached beside the store per HEAD."""
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, SPLITS_CACHE, "splits")
    if cached is not None:
        try:
            return [(str(a), str(b), str(c)) for a, b, c in cached]
        except (ValueError, TypeError):
            pass
    code, out = ctx.git("log", f"-n{SPLIT_HISTORY}", "--format=@@@%h %s", "--name-status", "-C", "--diff-filter=C")
    found: list[tuple[str, str, str]] = []
    if code == 0:
        commit = ""
        for line in out.splitlines():
            if line.startswith("@@@"):
                commit = line[3:].strip()
                continue
            parts = line.split("\t")
            # C<score>: a copy; below 80% the new file is more new than moved.
            if len(parts) == 3 and parts[0].startswith("C") and parts[0][1:].isdigit() and int(parts[0][1:]) >= 80:
                found.append((parts[1], parts[2], commit))
    save_cache(cache, {"head": head, "splits": found})
    return found


def _edit_anchor(action: Action) -> list[str]:
    """The lines an edit replaces (its ``-`` lines), stripped and non-empty."""
    return [ln[1:].strip() for ln in (action.body or "").splitlines()
            if ln.startswith("-") and not ln.startswith("---") and ln[1:].strip()]


def split_role_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a file whose content a commit moved to another path while giving this path new content
    (``db/seeds.rb`` → ``db/seeds/development.rb``, a new ``db/seeds.rb`` for another role)."""
    from statewise_cli.recovery.premises import _premise, _read

    root = os.path.realpath(ctx.root)
    real = os.path.realpath(full)
    if not os.path.isfile(real) or not real.startswith(root + os.sep):
        return None
    rel = os.path.relpath(real, root)
    moved = [(new, commit) for old, new, commit in _splits(ctx)
             if old == rel and new != rel and os.path.isfile(os.path.join(root, new))]
    if len({new for new, _ in moved}) != 1:
        return None  # never split, or split into several: the evidence does not say which one is meant
    new, commit = moved[0]
    anchor = _edit_anchor(action)
    if anchor:
        there = _read(os.path.join(root, new)) or ""
        if not all(line in there for line in anchor):
            return None  # the edit changes text only the file's new content has: it is meant for this file
    return _premise(action, f"path.{os.path.basename(rel)}", rel, new, "git.history",
                    f"commit {commit} moved the content of {rel} to {new} and gave {rel} new content; "
                    f"what {rel} held is in {new} now", f"edit `{new}`, where that content lives now",
                    f"{rel} holds that content")


def _tracked(ctx: Any, rel: str, limit: int = 3) -> list[str]:
    code, out = ctx.git("ls-files", "--", rel)
    return out.splitlines()[:limit] if code == 0 else []


def _ignore_entry(line: str) -> str:
    """The directory a .gitignore line names (``/build/``, ``build/``, ``build/**`` → ``build``), else ""."""
    entry = line.strip()
    if not entry or entry.startswith(("#", "!")):
        return ""
    entry = entry.lstrip("/")
    for suffix in ("/**", "/*", "/"):
        if entry.endswith(suffix):
            entry = entry[: -len(suffix)]
            break
    return "" if not entry or any(c in entry for c in "*?[") else entry


def ignore_role_premise(action: Action, ctx: Any, full: str) -> Any:
    """``rm -r D`` of a directory that holds tracked files, which the root .gitignore stopped ignoring in the
    commit that started ignoring another directory: the ignored output lives there now."""
    from statewise_cli.recovery.premises import _premise

    root = os.path.realpath(ctx.root)
    real = os.path.realpath(full)
    if not os.path.isdir(real) or not real.startswith(root + os.sep):
        return None
    rel = os.path.relpath(real, root)
    tracked = _tracked(ctx, rel)
    if not tracked:
        return None
    code, out = ctx.git("log", f"-n{IGNORE_HISTORY}", "--format=@@@%h %s", "-p", "--no-color", "--unified=0",
                        "--", ".gitignore")
    if code != 0:
        return None
    commits: list[tuple[str, list[str], list[str]]] = []
    for line in out.splitlines():
        if line.startswith("@@@"):
            commits.append((line[3:].strip(), [], []))
        elif commits and line.startswith("-") and not line.startswith("---"):
            commits[-1][1].append(_ignore_entry(line[1:]))
        elif commits and line.startswith("+") and not line.startswith("+++"):
            commits[-1][2].append(_ignore_entry(line[1:]))
    for commit, removed, added in commits:  # newest first
        if rel in added:
            return None  # ignored again since
        if rel not in removed:
            continue
        now = [a for a in added if a and a != rel and a not in removed]
        if len(now) != 1:
            return None
        successor = now[0]
        text = (action.text or "").strip()
        shown = str(action.target or "").rstrip("/")
        alternative = (f"`{text.replace(shown, successor, 1)}`" if shown and text.count(shown) == 1
                       else f"delete `{successor}/`, the ignored output")
        files = ", ".join(tracked) + (", …" if len(tracked) >= 3 else "")
        return _premise(action, f"path.{os.path.basename(rel)}", rel, successor, "git.ignore",
                        f"{rel}/ holds tracked files ({files}); .gitignore stopped ignoring {rel}/ in commit "
                        f"{commit} and ignores {successor}/ instead", alternative,
                        f"{rel}/ is ignored output")
    return None


# PEP 517 backends that read setup.cfg / setup.py: setuptools alone.
_SETUPTOOLS_BACKENDS = ("setuptools.build_meta", "setuptools.build_meta:__legacy__")
# setup.cfg sections holding package metadata (setuptools' declarative configuration).
_METADATA_SECTIONS = ("metadata", "options")


def _backend(text: str) -> str | None:
    """The ``build-backend`` of pyproject.toml's ``[build-system]`` table, None when it names none."""
    section = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped.strip("[] ")
            continue
        if section == "build-system" and stripped.startswith("build-backend"):
            _, _, value = stripped.partition("=")
            value = value.split("#", 1)[0].strip().strip("\"'")
            return value or None
    return None


def backend_metadata_premise(action: Action, ctx: Any, full: str) -> Any:
    """Package metadata written to setup.cfg / setup.py while pyproject.toml builds with a backend that is not
    setuptools (hatchling, flit_core, pdm.backend, poetry.core, maturin, …): that backend never reads them."""
    from statewise_cli.recovery.premises import _premise, _read

    name = os.path.basename(full)
    if name not in ("setup.cfg", "setup.py"):
        return None
    directory = os.path.dirname(full)
    pyproject = _read(os.path.join(directory, "pyproject.toml"))
    if not pyproject:
        return None
    backend = _backend(pyproject)
    if backend is None or backend in _SETUPTOOLS_BACKENDS or backend.startswith("setuptools"):
        return None
    if name == "setup.cfg":
        from statewise_cli.recovery.premises_files import _added_lines

        headers = [ln.strip().strip("[] ") for ln in _added_lines(action) if ln.strip().startswith("[")]
        if not any(h.split(".", 1)[0] in _METADATA_SECTIONS for h in headers):
            return None  # another tool's section (flake8, mypy, …): read by that tool, not by the backend
    has_project = "\n[project]" in "\n" + pyproject
    target = os.path.relpath(os.path.join(directory, "pyproject.toml"), os.path.realpath(ctx.root))
    return _premise(action, f"path.{name}", name, target, "pyproject.build-system",
                    f"pyproject.toml builds with {backend}, which reads package metadata from pyproject.toml"
                    + (" ([project] table)" if has_project else "")
                    + f"; only setuptools reads {name}'s metadata, so this change does not reach the package",
                    f"edit `{target}`" + (" ([project] table)" if has_project else ""),
                    f"{name} holds the package metadata")


# ------------------------------------------------------------------ a role the documentation says changed
DOC_ROLES_CACHE = "doc_roles.json"
# Phrases a sentence uses to say a path's role changed or narrowed.
_ROLE_CHANGE = ("no longer", " is now ", " are now ", " now only ", " only feeds ", " only used ", " only for ",
                " kept only ", " kept for ", " legacy", " deprecated", " obsolete", " superseded", " replaced by ",
                " moved to ", " not used", " unused", " frozen")


def _role_changed(low: str) -> bool:
    """Whether a sentence (lowercased, padded with spaces) says a path's role changed: a ``_ROLE_CHANGE`` phrase, or
    "turned X into Y"."""
    return any(p in low for p in _ROLE_CHANGE) or (" turned " in low and " into " in low.split(" turned ", 1)[1])
_DOC_SUFFIXES = (".md", ".markdown", ".rst", ".adoc", ".txt")


# Configuration files whose comments document the settings below them.
_COMMENTED = (".toml", ".yaml", ".yml", ".ini", ".cfg", ".conf")


def _comment_paragraphs(text: str) -> list[str]:
    """Each block of ``#`` / ``;`` comment lines of a configuration file, with the setting line right after it: the
    comment speaks of that setting ("course/pins.yaml is the old format, kept for the archive" above ``file =
    "course/v2/pin-positions.yaml"``)."""
    out: list[str] = []
    block: list[str] = []
    for line in text.splitlines()[:2000]:
        stripped = line.strip()
        if stripped.startswith(("#", ";")):
            block.append(stripped.lstrip("#;").strip())
            continue
        if block:
            said = " ".join(block).strip()
            if said and not said.endswith((".", ";", "!", "?")):
                said += ";"
            out.append(" ".join(f"{said} {stripped}".split()))
            block = []
    if block:
        out.append(" ".join(" ".join(block).split()))
    return out


def _paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip() and not p.lstrip().startswith(("```", "    "))]


def _sentences(paragraph: str) -> list[str]:
    out, start = [], 0
    for i, ch in enumerate(paragraph):
        if ch in ".;!?" and (i + 1 == len(paragraph) or paragraph[i + 1] == " "):
            out.append(paragraph[start:i + 1].strip())
            start = i + 1
    if paragraph[start:].strip():
        out.append(paragraph[start:].strip())
    return out


def _doc_roles(ctx: Any) -> list[tuple[str, str, str]]:
    """(document, sentence, its paragraph) for each sentence of the repository's tracked documentation that
    says a role changed (``_ROLE_CHANGE``); cached beside the store per HEAD."""
    from statewise_cli.recovery.premises import _read, head_cached, save_cache

    head, cache, cached = head_cached(ctx, DOC_ROLES_CACHE, "roles")
    if cached is not None:
        try:
            return [(str(a), str(b), str(c)) for a, b, c in cached]
        except (ValueError, TypeError):
            pass
    code, out = ctx.git("ls-files", "-z")
    found: list[tuple[str, str, str]] = []
    if code == 0:
        docs = [p for p in out.split("\0") if p.lower().endswith(_DOC_SUFFIXES)
                and not p.lower().startswith(("node_modules/", "vendor/", "third_party/"))
                and os.path.basename(p).lower() not in ("changelog.md", "history.md", "news.md", "claude.md", "agents.md")]
        for doc in docs[:60]:
            body = _read(os.path.join(ctx.root, doc), 100_000) or ""
            for paragraph in _paragraphs(body):
                for sentence in _sentences(paragraph):
                    low = f" {sentence.lower()} "
                    if _role_changed(low):
                        found.append((doc, sentence, paragraph))
        configs = [p for p in out.split("\0") if p.lower().endswith(_COMMENTED)
                   and not p.lower().startswith(("node_modules/", "vendor/", "third_party/", ".github/"))]
        for config in configs[:60]:
            for paragraph in _comment_paragraphs(_read(os.path.join(ctx.root, config), 100_000) or ""):
                for sentence in _sentences(paragraph):
                    low = f" {sentence.lower()} "
                    if _role_changed(low):
                        found.append((config, sentence, paragraph))
    save_cache(cache, {"head": head, "roles": found})
    return found


def _names(sentence: str, name: str) -> bool:
    """``sentence`` names the path ``name`` as a word of its own (``k8s/`` in "k8s/ in this repository …")."""
    at = sentence.find(name)
    while at >= 0:
        before = sentence[at - 1] if at else " "
        end = at + len(name)
        after = sentence[end] if end < len(sentence) else " "
        if before in " `'\"(" and (after in " `'\",:;)" or (after == "." and (end + 1 == len(sentence)
                                                                              or sentence[end + 1] == " "))):
            return True
        at = sentence.find(name, at + 1)
    return False


# Role-change phrases that introduce what replaced the old thing: a path named only after one is the successor
_SUCCESSOR_PHRASES = (" moved to ", " replaced by ", " superseded by ", " is now ", " are now ", " migrated to ",
                      " switched to ")


def _named_as_successor(sentence: str, named: str) -> bool:
    """Whether the sentence names the path only after a phrase that introduces the successor ("the project moved to
    GX 1.0: the context directory is gx/"), and says nothing else about a role that changed: then the path is where
    things are now, not what changed."""
    low = f" {sentence.lower()} "
    starts = [low.find(p) for p in _SUCCESSOR_PHRASES if p in low]
    if not starts or any(p in low for p in _ROLE_CHANGE if p not in _SUCCESSOR_PHRASES):
        return False
    name = named.lower().rstrip("/")
    re = _re()
    # the path as a word of its own ("sim/" is not the start of "simulator's")
    m = re.search(r"(?<![\w./-])" + re.escape(name) + r"(?![\w-]|\.\w)", low)
    first = m.start() if m else low.find(name)
    return first > min(starts)


def _paths_in(paragraph: str, root: str) -> list[str]:
    found = []
    for word in paragraph.split():
        word = word.strip("`'\"(),:;").rstrip(".")
        if ("/" in word or "." in word[1:]) and "://" not in word and os.path.exists(os.path.join(root, word)):
            found.append(word.rstrip("/"))
    return found


def _named_holder(ctx: Any, root: str, doc: str, rel: str, named: str, action: Action) -> str:
    """The one file the document that retires ``rel`` names anywhere in its text (a compose volume, a config's
    path value: ``./pa/v2/cues.yaml:/etc/pa/cues.yaml``) that holds every line the edit replaces: the file in
    use now holds the text the edit means to change. "" when none or several do."""
    from statewise_cli.recovery.premises import _read

    anchor = _edit_anchor(action)
    if not anchor or max(len(a) for a in anchor) < 6:
        return ""
    text = _read(os.path.join(root, doc), 100_000) or ""
    found: set[str] = set()
    for word in _re().split(r"[\s:=,;'\"`()\[\]{}<>]+", text):
        word = word.rstrip(".")
        while word.startswith("./"):
            word = word[2:]
        if not word or word.startswith(("/", "..")) or "://" in word or ("/" not in word and "." not in word[1:]):
            continue
        if word == rel or word.rstrip("/") == named.rstrip("/") or rel.startswith(word.rstrip("/") + "/"):
            continue
        path = os.path.join(root, word)
        if os.path.isdir(path) and word.endswith("/"):
            # a directory the document sends that work to ("experiments run from sandbox/ now"): its file of the same name
            word = word.rstrip("/") + "/" + os.path.basename(rel)
            path = os.path.join(root, word)
            if os.path.normpath(word) == rel:
                continue
        if not os.path.isfile(path):
            continue
        there = _read(path, 512 * 1024) or ""
        if all(a in there for a in anchor):
            found.add(os.path.normpath(word))
    return next(iter(found)) if len(found) == 1 else ""


def documented_role_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a file the repository's documentation says has another role now ("params.yaml only feeds the
    frozen baseline stage", "k8s/ in this repository is now the on-prem bundle"): the sentence names the file or
    a directory holding it and says its role changed. The file the same paragraph names with the edited file's
    kind (its extension), when there is one such, is where the edit belongs."""
    from statewise_cli.recovery.premises import _premise

    root = os.path.realpath(ctx.root)
    real = os.path.realpath(full)
    if not os.path.isfile(real) or not real.startswith(root + os.sep):
        return None
    rel = os.path.relpath(real, root)
    parts = rel.split("/")
    names = [rel] + ["/".join(parts[:i]) + "/" for i in range(len(parts) - 1, 0, -1)]
    for doc, sentence, paragraph in _doc_roles(ctx):
        if doc == rel:
            continue
        here = os.path.dirname(doc)
        # a note in the file's own folder names it as its neighbours do: by the path below that folder
        local = rel[len(here) + 1:] if here and rel.startswith(here + "/") else ""
        named = next((n for n in names if _names(sentence, n) or (n.endswith("/") and _names(sentence, n[:-1] + "/"))),
                     None)
        if named is None and local and _names(sentence, local):
            named = rel
        if named is None or _named_as_successor(sentence, named) or (local and named == rel
                                                                     and _named_as_successor(sentence, local)):
            continue
        ext = os.path.splitext(rel)[1]
        found = _paths_in(paragraph, root) + ([f"{here}/{p}" for p in _paths_in(paragraph, os.path.join(root, here))]
                                              if local else [])
        others = {p for p in found if p != rel and p.rstrip("/") != named.rstrip("/")
                  and os.path.isfile(os.path.join(root, p)) and ext and p.endswith(ext)
                  and not rel.startswith(p.rstrip("/") + "/")}
        successor = next(iter(others)) if len(others) == 1 else ""
        if not successor and not others:
            # the same name in another format (`topo.json` → `v2/topo.yaml`): the file's successor when it is the one
            stem = os.path.basename(rel).split(".", 1)[0]
            formats = {p for p in found if p != rel and os.path.basename(p).split(".", 1)[0] == stem
                       and os.path.isfile(os.path.join(root, p)) and os.path.splitext(p)[1] != ext}
            successor = next(iter(formats)) if len(formats) == 1 else ""
        if not successor:
            successor = _named_holder(ctx, root, doc, rel, named, action)
        quoted = paragraph if len(paragraph) <= 400 else sentence
        return _premise(action, f"path.{os.path.basename(rel)}", rel, successor or f"{named} (role changed)",
                        "project.docs", f"{doc} says: \"{quoted}\"",
                        f"edit `{successor}`" if successor else "",
                        f"{rel} holds what this edit changes")
    return None


def _added_lines(action: Action) -> list[str]:
    """The lines an edit writes (its ``+`` lines), stripped and non-empty."""
    return [ln[1:].strip() for ln in (action.body or "").splitlines()
            if ln.startswith("+") and not ln.startswith("+++") and ln[1:].strip()]


def _linked(ctx: Any, rel: str, text: str, other: str, anchor: list[str]) -> str:
    """How the edited file ``rel`` leads to ``other``, where the edit's text lives: its text names the other file
    (an include of its path, its folder or a glob over it; a call of the function the file is named for), or a
    commit took those lines out of ``rel`` and put them into ``other``. "" when nothing links them."""
    re = _re()
    here = os.path.dirname(rel)
    to_other = os.path.relpath(other, here or ".")
    base = os.path.basename(other)
    stem = base.split(".", 1)[0]
    folder = os.path.dirname(to_other)
    for line in text.splitlines():
        if line.strip().startswith(("#", "//", ";")) and "include" not in line.lower():
            continue
        if other in line or to_other in line or (len(base) > 4 and base in line):
            return f"{rel} includes it: `{line.strip()[:100]}`"
        if folder and folder != "." and re.search(rf"(?<![\w/]){re.escape(folder)}/[^\s'\"]*[*?]", line):
            return f"{rel} includes its folder: `{line.strip()[:100]}`"
        if len(stem) >= 5 and re.search(rf"(?<![\w.-]){re.escape(stem)}\s*\(", line):
            return f"{rel} calls `{stem}`, which {other} defines: `{line.strip()[:100]}`"
    code, out = ctx.git("log", "-n1", "--format=%h %s", "-S", anchor[0], "--", rel)
    if code == 0 and out.strip():
        commit = out.strip().splitlines()[0]
        code, names = ctx.git("show", "--format=", "--name-only", commit.split(" ", 1)[0])
        if code == 0 and other in names.splitlines():
            return f"commit {commit} moved these lines from {rel} to {other}"
    return ""


def _re() -> Any:
    import re

    return re


def split_out_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a file whose text to replace is not in it any more, while exactly one other tracked file holds
    all of it and the edited file leads there (an include, a call, or the commit that moved the lines): the
    configuration was split into an included file; the edit belongs there."""
    from statewise_cli.recovery.premises import _premise, _read

    root = os.path.realpath(ctx.root)
    real = os.path.realpath(full)
    if not os.path.isfile(real) or not real.startswith(root + os.sep):
        return None
    anchor = _edit_anchor(action)
    if not anchor or max(len(a) for a in anchor) < 6:
        return None
    text = _read(real) or ""
    if all(a in text for a in anchor):
        return None  # the edit applies here
    rel = os.path.relpath(real, root)
    probe = max(anchor, key=len)
    code, out = ctx.git("grep", "-l", "-I", "-F", "-e", probe, "--", ".")
    if code != 0:
        return reformatted_premise(action, ctx, rel, anchor)
    holders = []
    for other in out.splitlines()[:20]:
        if other == rel:
            continue
        there = _read(os.path.join(root, other)) or ""
        if all(a in there for a in anchor):
            holders.append(other)
    if len(holders) != 1:
        return None  # nowhere, or in several files: the repository does not say which one is meant
    other = holders[0]
    link = _linked(ctx, rel, text, other, anchor)
    if not link:
        return None
    return _premise(action, f"path.{os.path.basename(rel)}", rel, other, "repo.files",
                    f"the text this edit replaces is not in {rel}; it is in {other}, and {link}",
                    f"edit `{other}`, where that text lives now", f"{rel} holds that setting")


def _setting_key(old: str, new: str) -> str:
    """The setting an edit changes: the common head of its old and new line, cut back to the last separator
    (``Environment=BATCH=500`` → ``Environment=BATCH=``, ``timeout server 30s`` → ``timeout server ``)."""
    n = 0
    while n < min(len(old), len(new)) and old[n] == new[n]:
        n += 1
    head = old[:n]
    cut = max(head.rfind(c) for c in "=: \t")
    return head[:cut + 1] if cut >= 2 else ""


def dropin_override_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a setting in a file that has a drop-in folder beside it (``F.d/``, read after F), where a
    drop-in sets the same setting: the drop-in's value wins, so the edit changes nothing that takes effect."""
    from statewise_cli.recovery.premises import _premise, _read

    root = os.path.realpath(ctx.root)
    real = os.path.realpath(full)
    if not os.path.isfile(real) or not real.startswith(root + os.sep):
        return None
    folder = real + ".d"
    if not os.path.isdir(folder):
        return None
    old, new = _edit_anchor(action), _added_lines(action)
    if not old or len(old) != len(new):
        return None
    keys = [k for k in (_setting_key(o, n) for o, n in zip(old, new) if o != n) if len(k.strip()) >= 3]
    if not keys:
        return None
    try:
        names = sorted(n for n in os.listdir(folder) if not n.startswith("."))[:40]
    except OSError:
        return None
    rel = os.path.relpath(real, root)
    for name in reversed(names):  # the last drop-in read wins
        path = os.path.join(folder, name)
        if not os.path.isfile(path):
            continue
        re = _re()
        for line in (_read(path, 100_000) or "").splitlines():
            if line.strip().startswith(("#", ";")):
                continue
            key = next((k for k in keys if re.search(r"(?:^|[\s=\"'])" + re.escape(k.strip()), line.strip())), None)
            if key is None:
                continue
            drop = os.path.relpath(path, root)
            return _premise(action, f"setting.{key.strip()}", rel, drop, "repo.files",
                            f"{drop}, a drop-in read after {rel}, sets `{line.strip()[:100]}`: the drop-in's value "
                            f"wins, so changing it in {rel} changes nothing that takes effect",
                            f"edit `{drop}`, whose `{key.strip()}` takes effect", f"{rel} sets what takes effect")
    return None


_PROSE = (".md", ".markdown", ".rst", ".txt", ".adoc")


def _tokens(text: str) -> set[str]:
    """The distinctive words of a setting, normalized across formats (``batch.max_bytes = 1048576`` and
    ``max_bytes: 1048576``; ``versionCode = 4107`` and ``VERSION_CODE=4107``; ``guide/deployment.md``)."""
    re = _re()
    out: set[str] = set()
    for word in re.findall(r"[\w./-]+", text):
        for part in {word, *word.replace("/", ".").split(".")} | set(word.split("/")):
            norm = part.lower().replace("_", "").replace("-", "").strip(".")
            if len(norm) >= 3 or norm.isdigit() and len(norm) >= 2:
                out.add(norm)
    return out


def reformatted_premise(action: Action, ctx: Any, rel: str, anchor: list[str]) -> Any:
    """An edit whose text to replace no file holds any more: the commit that took it out of the edited file put the
    same setting into another file in another format (TOML into one YAML file per sink, a Gradle literal into
    ``version.properties``, an ``nav:`` list into a folder's ``.pages``). The file that commit added or changed
    whose text carries most of the setting's words — names and values, normalized across formats — is where the
    edit belongs; prose files are not candidates, and a tie decides nothing."""
    from statewise_cli.recovery.premises import _premise

    probe = max(anchor, key=len)
    code, out = ctx.git("log", "-n1", "--format=%h %s", "-S", probe, "--", rel)
    if code != 0 or not out.strip():
        return None
    commit = out.strip().splitlines()[0]
    code, names = ctx.git("show", "--format=", "--name-status", commit.split(" ", 1)[0])
    if code != 0:
        return None
    other = _content_home(ctx, names, rel, anchor)
    if other is None:
        return None
    return _premise(action, f"path.{os.path.basename(rel)}", rel, other, "git.history",
                    f"the text this edit replaces is not in {rel} any more; commit {commit} took it out of {rel} "
                    f"and wrote the same setting into {other}", f"edit `{other}`, where that setting lives now",
                    f"{rel} holds that setting")


def _words(text: str) -> set[str]:
    """``_tokens`` plus the parts of compound names (``amber_gust_kmh`` → amber, gust, kmh), so that a setting
    written nested in one format (``[amber] gust_kmh``) and flat in another still shares its words."""
    re = _re()
    out = _tokens(text)
    for word in re.findall(r"[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+", text):
        out.update(p.lower() for p in re.split(r"[_-]", word) if len(p) >= 3)
    # a short identifier of a letter and a digit names one record (pad D2, terminal T2, field F9, gate B4)
    out.update(w.lower() for w in re.findall(r"(?<![A-Za-z0-9])([A-Za-z][0-9]|[0-9][A-Za-z])(?![A-Za-z0-9])", text))
    return out


def _identifier(word: str) -> bool:
    """A word that says which record it is: a name of four letters or more, a value of three characters or more
    with a digit, or a short identifier of a letter and a digit (``d2``, ``t2``)."""
    if len(word) == 2:
        return word[0].isalpha() != word[1].isalpha() and word.isalnum()
    return len(word) >= 3 and (word.isalpha() and len(word) >= 4 or any(c.isdigit() for c in word))


def _old_lines(ctx: Any, commit: str, rel: str, anchor: list[str]) -> list[str]:
    """The whole lines of the deleted file (as it was before ``commit`` deleted it) that hold the edit's text to
    replace: the row or entry the edit changes, with the words that say which record it is (``| LX 42 | 61 |`` is
    in ``| LX 42 | 61 | Ophelia exits |``; ``"C": 28`` in ``"lyceum": {"A": 62, "B": 45, "C": 28}``)."""
    code, old = ctx.git("show", f"{commit.split(' ', 1)[0]}^:{rel}")
    if code != 0 or not old or len(old) > 400_000:
        return anchor
    lines = old.splitlines()
    out: list[str] = []
    for a in anchor:
        held = [ln.strip() for ln in lines if a in ln]
        out += held[:1] if len(held) == 1 else [a]
    return out


def _prose(path: str, text: str) -> bool:
    """A document rather than data: Markdown, reStructuredText, AsciiDoc, and a ``.txt`` file whose first line is
    not a table header (GTFS and other CSV-shaped ``.txt`` files are data)."""
    if not path.endswith(_PROSE):
        return False
    if not path.endswith(".txt"):
        return True
    head = text.split("\n", 1)[0]
    return not (head.count(",") >= 2 or head.count("\t") >= 2) or " " in head.strip()


def _distinctive(token: str) -> bool:
    """A single word that by itself says which text is meant: a date, a long number, an identifier of six or
    more characters (``20261225``, ``485000``, ``harbourroad``) — not a short common word."""
    return len(token) >= 6 and (any(c.isdigit() for c in token) or len(token) >= 8)


def _content_home(ctx: Any, names: str, rel: str, anchor: list[str]) -> str | None:
    """Of the files a commit added or changed (``git show --name-status`` output), the one whose text carries most
    of the words of the edit's text to replace (names and values, normalized across formats): at least half of
    them, more than any other file; one distinctive word alone decides only when no other file holds it. Prose
    files are not candidates."""
    from statewise_cli.recovery.premises import _read

    wanted = _words(" ".join(anchor))
    if not wanted or len(wanted) == 1 and not _distinctive(next(iter(wanted))):
        return None
    scored: list[tuple[float, str, set[str]]] = []
    for line in names.splitlines()[:50]:
        status, _, path = line.partition("\t")
        path = path.split("\t")[-1]
        if status[:1] not in ("A", "M", "R", "C") or path == rel:
            continue
        text = _read(os.path.join(ctx.root, path), 200_000)
        if not text or _prose(path, text):
            continue
        # the file's own path counts: a setting of "coast" kept in regions/coast/warnings.toml
        hit = wanted & (_words(text) | _words(path))
        scored.append((len(hit) / len(wanted), path, hit))
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    if not scored or scored[0][0] < 0.5 or len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    if len(wanted) == 1 and len(scored) > 1 and scored[1][0] > 0:
        return None
    # what sets the winner apart must be a word that says which record it is (a name, a value of three or more
    # characters), not a short number every record could hold ('"percent": 10' of one offer among several)
    apart = scored[0][2] - (scored[1][2] if len(scored) > 1 else set())
    if not any(_identifier(w) for w in apart):
        # the one data file the commit wrote that holds every word of the text (two or more) is its home
        alone = len(wanted) >= 2 and scored[0][0] == 1.0 and not any(s[0] > 0 for s in scored[1:])
        return scored[0][1] if alone else None
    return scored[0][1]


def deleted_content_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a file that is not there because a recent commit deleted it, where that commit wrote the text the
    edit replaces into another file (a table split into one file per record, a JSON file turned into a folder with
    a YAML file, a module's constants moved to a data file): the file that commit added or changed whose text
    carries the edit's words is where the edit belongs. Without words to go on (an edit that replaces nothing
    recognizable), the one file that commit added under a folder named like the deleted file
    (``listings/42-harbour-road.json`` → ``listings/42-harbour-road/listing.yaml``) is."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_files import _deletions

    if action.operation != "edit" or os.path.exists(full):
        return None
    root = os.path.realpath(ctx.root)
    parent = os.path.dirname(full)
    real = os.path.join(os.path.realpath(parent) if os.path.isdir(parent) else parent, os.path.basename(full))
    if not real.startswith(root + os.sep):
        return None
    rel = os.path.relpath(real, root).replace(os.sep, "/")
    commit = _deletions(ctx).get(rel)
    if commit is None:
        return None
    code, names = ctx.git("show", "--format=", "--name-status", "--no-renames", commit.split(" ", 1)[0])
    if code != 0:
        return None
    names = "\n".join(ln for ln in names.splitlines()
                      if os.path.isfile(os.path.join(root, ln.partition("\t")[2].split("\t")[-1])))
    anchor = _edit_anchor(action)
    other = _content_home(ctx, names, rel, anchor) if anchor else None
    if other is None and anchor:
        whole = _old_lines(ctx, commit, rel, anchor)
        other = _content_home(ctx, names, rel, whole) if whole != anchor else None
    how = "wrote the text this edit replaces into"
    evidence = ""
    if other is None and anchor:
        column = _column_home(ctx, commit, rel, names, action, anchor)
        if column is not None:
            other, header = column
            evidence = (f"{rel} does not exist: commit {commit} deleted it and put each column of its table into a "
                        f"file of its own: {other} holds the column {header} this edit changes")
    if other is None:
        stem = os.path.splitext(rel)[0]
        added = [ln.partition("\t")[2] for ln in names.splitlines() if ln.startswith("A\t")]
        under = [p for p in added if p.startswith(stem + "/") and not p.endswith(_PROSE)]
        if len(under) != 1:
            return None
        other, how = under[0], "added, in a folder named like it,"
    return _premise(action, f"path.{os.path.basename(rel)}", rel, other, "git.history",
                    evidence or f"{rel} does not exist: commit {commit} deleted it and {how} {other}",
                    f"edit `{other}`, where that text lives now", f"{rel} holds that text")


def _column_home(ctx: Any, commit: str, rel: str, names: str, action: Action, anchor: list[str]
                 ) -> tuple[str, str] | None:
    """(file, column) when the deleted file was a table (CSV or TSV with a header) that its commit split into one
    file per column (``item,car,van`` → ``damage/cars.yaml`` and ``damage/vans.yaml``; ``key,en,de`` → ``de.yaml``):
    the edit changes cells of one column, and exactly one file the commit added is named for that column and holds
    the row's key and the cell's old value. None otherwise."""
    from statewise_cli.recovery.premises import _read

    added = _added_lines(action)
    if len(added) != len(anchor):
        return None
    code, old = ctx.git("show", f"{commit.split(' ', 1)[0]}^:{rel}")
    if code != 0 or not old or len(old) > 400_000:
        return None
    header_line = old.split("\n", 1)[0]
    sep = "\t" if "\t" in header_line and "," not in header_line else ","
    header = [h.strip().strip("\"'") for h in header_line.split(sep)]
    if len(header) < 3 or not all(header):
        return None
    changed: set[tuple[str, str, str]] = set()  # (column, the row's key, old value)
    for before, after in zip(anchor, added, strict=True):
        a, b = before.split(sep), after.split(sep)
        if len(a) != len(header) or len(b) != len(header):
            return None
        changed |= {(header[i], a[0].strip(), a[i].strip()) for i in range(1, len(a)) if a[i] != b[i]}
    if len({c for c, _, _ in changed}) != 1:
        return None
    column = next(iter(changed))[0].lower()
    found: list[str] = []
    for line in names.splitlines()[:80]:
        status, _, path = line.partition("\t")
        path = path.split("\t")[-1]
        stem = os.path.splitext(os.path.basename(path))[0].lower()
        if status[:1] != "A" or path.endswith(_PROSE) or stem not in (column, column + "s", column + "es") \
                and column not in (stem + "s", stem + "es"):
            continue
        text = _read(os.path.join(ctx.root, path), 200_000) or ""
        if all(key in text and value in text for _, key, value in changed):
            found.append(path)
    if len(found) != 1:
        return None
    return found[0], next(iter(changed))[0]


SETTING_HISTORY = 100  # commits of the edited file searched for the one that moved a setting out of it
# Keys too common to say which setting a line is (every manifest has a name and a version).
_COMMON_KEYS = frozenset({"name", "type", "version", "value", "values", "enabled", "true", "false", "none", "null",
                          "default", "description", "kind", "image", "path", "file", "source", "target", "main",
                          "items", "data", "spec", "metadata", "labels", "config", "settings", "options", "return"})


def _setting_key_of(line: str) -> str:
    """The setting a line assigns, normalized across formats (``config.concurrency = 25``, ``:concurrency: 25``,
    ``"max_threads": 8`` and ``MAX_THREADS=8`` → concurrency, maxthreads); "" for a line that assigns none."""
    s = line.strip()
    if not s or s.startswith(("#", "//", ";", "--", "/*", "*")) or (":" not in s and "=" not in s):
        return ""
    # Parsed by hand (no regex on the edit path): ``[- ][export |set ][:"']NAME["']\s*(:|=| =)``.
    if s.startswith("-") and s[1:2].isspace():
        s = s[1:].lstrip()
    for word in ("export", "set"):
        if s.startswith(word) and s[len(word):len(word) + 1].isspace():
            s = s[len(word):].lstrip()
            break
    if s[:1] in (":", '"', "'"):
        s = s[1:]
    if not s or not (s[0].isascii() and (s[0].isalpha() or s[0] == "_")):
        return ""
    end = 1
    while end < len(s) and s[end].isascii() and (s[end].isalnum() or s[end] in "_.-"):
        end += 1
    name, rest = s[:end], s[end:]
    if rest[:1] in ('"', "'"):
        rest = rest[1:]
    rest = rest.lstrip()
    if not (rest.startswith(":") and not rest.startswith("::") or rest.startswith("=") and not rest.startswith("==")):
        return ""
    key = name.rsplit(".", 1)[-1].lower().replace("_", "").replace("-", "")
    return key if len(key) >= 4 and key not in _COMMON_KEYS else ""


def _sets(text: str, key: str, loose: bool = False) -> list[str]:
    """The lines of ``text`` that assign ``key`` (``loose``: or a setting whose name holds it, ``minReplicas`` for
    ``replicas``)."""
    out = []
    for ln in text.splitlines():
        found = _setting_key_of(ln)
        if found == key or loose and found and len(key) >= 5 and key in found:
            out.append(ln.strip())
    return out


def moved_setting_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit that sets a setting in a file that no longer sets it, where the commit that took the setting out of
    this file wrote it into another file that still sets it (``concurrency`` out of a Ruby initializer into
    ``config/sidekiq.yml``; ``replicas`` out of a Deployment into an autoscaler's manifest): the other file is what
    the program reads for it now, so the edit would set a value nothing reads, or one the other file overrides."""
    from statewise_cli.recovery.premises import _premise, _read

    root = os.path.realpath(ctx.root)
    real = os.path.realpath(full)
    if not os.path.isfile(real) or not real.startswith(root + os.sep) or real.endswith(_PROSE):
        return None
    old = {_setting_key_of(ln) for ln in _edit_anchor(action)}
    keys = [k for k in dict.fromkeys(_setting_key_of(ln) for ln in _added_lines(action)) if k and k not in old]
    if not keys:
        return None
    text = _read(real, 400_000) or ""
    rel = os.path.relpath(real, root)
    re = _re()
    for key in keys[:3]:
        if _sets(text, key):
            continue  # the file still sets it: the edit changes it where it is
        code, out = ctx.git("log", f"-n{SETTING_HISTORY}", "-i", "-G", "[_-]?".join(re.escape(c) for c in key),
                            "--format=%h%x00%ad%x00%s",
                            "--date=short", "--no-merges", "--", rel)
        if code != 0 or not out.strip():
            continue
        commit, date, subject = (out.splitlines()[0].split("\0") + ["", ""])[:3]
        code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff", "--no-renames")
        if code != 0:
            continue
        from statewise_cli.recovery.premises_history import _files

        files = _files(diff)
        removed, added_here = files.get(rel, ([], []))
        gone = [ln.strip() for ln in removed if _setting_key_of(ln) == key]
        if not gone or any(_setting_key_of(ln) == key for ln in added_here):
            continue  # that commit did not take the setting out of this file
        places = []
        for path, (_, added) in files.items():
            if path == rel or path.endswith(_PROSE) or not _sets("\n".join(added), key, loose=True):
                continue
            now = _sets(_read(os.path.join(root, path), 400_000) or "", key, loose=True)
            if now:
                places.append((path, now[0]))
        if len(places) != 1:
            continue  # taken out with nothing in its place, or put in several: the history does not decide
        other, line = places[0]
        return _premise(action, f"setting.{key}", rel, other, "git.history",
                        f"{rel} no longer sets it: commit {commit} ({date}) \"{subject}\" took `{gone[0][:80]}` out of "
                        f"{rel} and wrote it into {other}, which sets `{line[:80]}` now",
                        f"edit `{other}`, where that setting is read now", f"{rel} is where this setting is set")
    return None


_PERIOD = r"\d{4}(?:-\d{2}){0,2}"


def period_file(action: Action, root: str, now: str) -> str | None:
    """A file split into one file per period (``log/2031-04.yaml``, ``log/2031-05.yaml``) where ``now`` is one of
    them: the file of the period the edit's new dated entries fall in, when that is one other file of the same folder
    and naming; None when the edit adds no dated entry, its dates fall in ``now``'s period, or in no single file's."""
    import re

    folder, name = os.path.split(now)
    stem, ext = os.path.splitext(name)
    m = re.search(rf"(?<!\d){_PERIOD}(?!\d)", stem)
    if not m:
        return None
    shape = stem[: m.start()] + "\0" + stem[m.end():]
    body = (action.body or "").splitlines()
    removed = {ln[1:].strip() for ln in body if ln.startswith("-")}
    added = [ln[1:] for ln in body if ln.startswith("+") and ln[1:].strip() and ln[1:].strip() not in removed]
    dates = {d for ln in added for d in re.findall(r"(?<![\d-])(\d{4}-\d{2}(?:-\d{2})?)(?![\d-])", ln)}
    if not dates:
        return None
    try:
        names = sorted(os.listdir(os.path.join(root, folder)))
    except OSError:
        return None
    periods: dict[str, str] = {}
    for other in names[:2000]:
        o_stem, o_ext = os.path.splitext(other)
        p = re.search(rf"(?<!\d){_PERIOD}(?!\d)", o_stem)
        if o_ext == ext and p and o_stem[: p.start()] + "\0" + o_stem[p.end():] == shape:
            periods[p.group(0)] = os.path.join(folder, other) if folder else other
    if len(periods) < 2:
        return None
    chosen = {next((f for p, f in periods.items() if d.startswith(p) and len(d) >= len(p)), "") for d in dates}
    if len(chosen) != 1 or "" in chosen:
        return None
    found = chosen.pop()
    return found if found != now else None
