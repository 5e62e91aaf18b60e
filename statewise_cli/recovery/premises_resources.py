"""Premises about names a project's configuration declares (round 33, workspace family): an action passes a
name (a volume, a Cargo feature, a workflow input's value) or edits a value the configuration now keeps
elsewhere (a dependency's version in a workspace catalog).

- **a Compose volume the project renamed** (``compose_volume_premise``): ``docker volume rm shop_pgdata`` (or
  ``inspect``, ``podman volume rm``) assumes ``shop_pgdata`` is the Compose project's volume. Compose names a
  project's volume ``<project>_<key>`` (the project: the file's top-level ``name:``, else its directory), unless
  the volume sets its own ``name:``. When the Compose file no longer declares that key and the commit that
  removed it added exactly one volume that is still declared, the action is about a volume the project no
  longer uses: denied with the current volume (the same command, the name replaced) and, when the tracked
  documentation names the old volume, that sentence as evidence (it often says why it is kept).

- **a Cargo feature the crate no longer declares** (``cargo_feature_premise``): ``cargo build --features tls`` where
  Cargo.toml's ``[features]`` (and optional dependencies) have no ``tls``; cargo fails ("does not contain this
  feature"). The commit that removed it names the successor: the added feature that replaced the old name on
  the lines the same commit rewrote (a Dockerfile's or CI's ``--features``), else the one of ``default``.
- **a workflow input value outside its choices** (``workflow_input_premise``): ``gh workflow run W -f name=value``
  where W's ``workflow_dispatch`` input ``name`` is ``type: choice`` and ``value`` is not one of its ``options``
  (GitHub answers HTTP 422); the option the commit that dropped ``value`` added, else the list.
- **a dependency version kept in a catalog** (``catalog_premise``): an edit of a package.json whose dependency is
  ``catalog:`` / ``catalog:<name>`` (pnpm, bun): the version lives in pnpm-workspace.yaml's catalog (or the root
  package.json's), which is where the edit belongs.

Everything is read from the working tree and git history; nothing runs Docker, cargo or gh.
"""

from __future__ import annotations

import os

from statewise_cli.actions.normalize import Action

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_VOLUME_SUBS = ("rm", "remove", "inspect", "prune")
_VOLUME_FLAGS = ("-f", "--force")
_DOC_SUFFIXES = (".md", ".markdown", ".rst", ".adoc", ".txt")


def _top_mapping(text: str, section: str) -> dict[str, dict[str, str]] | None:
    """key → its scalar settings (``name``, ``external`` …) of a Compose file's top-level ``section:`` mapping;
    None when the file includes others (the mapping may be elsewhere)."""
    found: dict[str, dict[str, str]] = {}
    inside, indent, current = False, None, None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[:1].isspace():
            if line.startswith("include:"):
                return None
            inside = line.split(":", 1)[0].strip() == section
            current = None
            continue
        if not inside:
            continue
        width = len(line) - len(line.lstrip())
        if indent is None:
            indent = width
        key, sep, rest = line.strip().partition(":")
        if width == indent and sep:
            current = key.strip().strip("'\"")
            found[current] = {}
        elif current is not None and width > indent and sep:
            found[current][key.strip()] = rest.strip().strip("'\"")
    return found


def _project_name(text: str, base: str, env: Any) -> str:
    for line in text.splitlines():
        if line.startswith("name:"):
            value = line[5:].split("#", 1)[0].strip().strip("'\"")
            if value and "$" not in value:
                return value
    named = (env or {}).get("COMPOSE_PROJECT_NAME", "") if hasattr(env, "get") else ""
    if named:
        return str(named)
    raw = os.path.basename(os.path.normpath(base)).lower()
    return "".join(c for c in raw if c.isalnum() or c in "_-")


def _docker_names(project: str, volumes: dict[str, dict[str, str]]) -> dict[str, str]:
    """Docker volume name → its Compose key."""
    names = {}
    for key, settings in volumes.items():
        explicit = settings.get("name", "")
        names[explicit if explicit and "$" not in explicit else f"{project}_{key}"] = key
    return names


def _renamed_volume(ctx: Any, where: str, old: str, current: set[str]) -> tuple[str, str] | None:
    """(new key, commit) when a commit of the Compose file removed the top-level volume ``old`` and added exactly
    one volume that is still declared."""
    code, out = ctx.git("log", "-n20", "-p", "-U200", "--no-color", "--no-ext-diff", "--format=@@@commit %h %s",
                        "--", where)
    if code != 0:
        return None
    commit, removed, added = "", set[str](), set[str]()
    section = ""
    for line in [*out.splitlines(), "@@@commit end"]:
        if line.startswith("@@@commit "):
            if old in removed:
                new = sorted((added - removed) & current)
                return (new[0], commit) if len(new) == 1 else None
            commit, removed, added, section = line[len("@@@commit "):], set(), set(), ""
            continue
        if line.startswith(("+++", "---", "@@", "diff ", "index ")) or not line:
            continue
        mark, body = line[0], line[1:]
        if not body.strip() or body.lstrip().startswith("#"):
            continue
        if not body[:1].isspace():
            section = body.split(":", 1)[0].strip()
            continue
        if section != "volumes" or mark not in "+-":
            continue
        stripped = body.strip()
        width = len(body) - len(body.lstrip())
        if width <= 4 and stripped.endswith(":") and " " not in stripped:
            (removed if mark == "-" else added).add(stripped[:-1].strip("'\""))
    return None


def _doc_sentence(ctx: Any, name: str) -> str:
    """The first sentence of the tracked documentation that names ``name`` (the volume's Docker name)."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_workspace import _names, _paragraphs, _sentences

    code, out = ctx.git("ls-files", "-z")
    if code != 0:
        return ""
    docs = [p for p in out.split("\0") if p.lower().endswith(_DOC_SUFFIXES)
            and os.path.basename(p).lower() not in ("claude.md", "agents.md", "changelog.md")]
    for doc in docs[:60]:
        body = _read(os.path.join(ctx.root, doc), 100_000) or ""
        if name not in body:
            continue
        for paragraph in _paragraphs(body):
            sentences = _sentences(paragraph)
            for i, sentence in enumerate(sentences):
                if _names(sentence, name):
                    return f"{doc}: \"{' '.join(sentences[i:i + 2])}\""
    return ""


def compose_volume_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``docker volume rm <project>_<key>`` where the project's Compose file no longer declares ``key`` and
    its history replaced it by one volume still declared (see the module docstring)."""
    from statewise_cli.recovery.premises import _premise, _read, _upward
    from statewise_cli.recovery.premises_tools import _COMPOSE_FILES

    if len(words) < 4 or os.path.basename(words[0]) not in ("docker", "podman") or words[1] != "volume" \
            or words[2] not in _VOLUME_SUBS:
        return None
    operands = [w for w in words[3:] if w not in _VOLUME_FLAGS]
    if len(operands) != 1 or operands[0].startswith("-") or any(c in operands[0] for c in "$*?{"):
        return None
    named = operands[0]
    for base in _upward(directory, ctx.root):
        found = next((n for n in _COMPOSE_FILES if os.path.isfile(os.path.join(base, n))), None)
        if found is None:
            continue
        text = _read(os.path.join(base, found)) or ""
        volumes = _top_mapping(text, "volumes")
        if not volumes:
            return None
        project = _project_name(text, base, getattr(ctx, "_env", None))
        current = _docker_names(project, volumes)
        if named in current or not named.startswith(project + "_"):
            return None
        old = named[len(project) + 1:]
        where = os.path.relpath(os.path.join(base, found), ctx.root)
        renamed = _renamed_volume(ctx, where, old, set(volumes))
        if renamed is None:
            return None
        new_key, commit = renamed
        new = next(n for n, k in current.items() if k == new_key)
        said = _doc_sentence(ctx, named)
        evidence = (f"{where} no longer declares the volume `{old}`: commit {commit.split(' ', 1)[0]} replaced it with "
                    f"`{new_key}` (Docker volume `{new}`)" + (f". {said}" if said else ""))
        line = (action.text or " ".join(words)).strip()
        alternative = "`" + line.replace(named, new, 1) + "`" if named in line else f"use the volume `{new}`"
        return _premise(action, "compose.volume", named, new, "project.files", evidence, alternative,
                        f"`{named}` is the Compose project's volume")
    return None


def _successor_in_commit(ctx: Any, commit: str, old: str, added: list[str], where: str) -> str | None:
    """The one of ``added`` that the commit put where it removed ``old`` on a line of another file than ``where``
    (``--features tls`` → ``--features rustls`` in a Dockerfile the same commit rewrote)."""
    import re

    code, out = ctx.git("show", "--format=", "-U0", "--no-color", "--no-ext-diff", commit, "--", ".",
                        f":(exclude){where}")
    if code != 0:
        return None
    word = re.compile(r"(?<![\w.-])" + re.escape(old) + r"(?![\w.-])")
    minus = [ln[1:] for ln in out.splitlines() if ln.startswith("-") and not ln.startswith("---") and word.search(ln)]
    plus = [ln[1:] for ln in out.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    hits = set()
    for line in minus:
        for new in added:
            if word.sub(new, line) in plus:
                hits.add(new)
    return next(iter(hits)) if len(hits) == 1 else None


def _toml_table(text: str, table: str) -> dict[str, str] | None:
    """key → raw value of a TOML table (one level, one line per key); None when the table is absent."""
    found: dict[str, str] | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            if found is not None:
                return found
            if stripped == f"[{table}]":
                found = {}
            continue
        if found is not None and "=" in stripped and not stripped.startswith("#"):
            key, _, value = stripped.partition("=")
            found[key.strip().strip('"')] = value.strip()
    return found


def _cargo_features(text: str) -> set[str] | None:
    features = _toml_table(text, "features")
    names = set(features or {})
    for table in ("dependencies", "build-dependencies", "dev-dependencies"):
        for key, value in (_toml_table(text, table) or {}).items():
            if "optional" in value and "true" in value:
                names.add(key)
    return names if features is not None else None


def _removed_key(ctx: Any, where: str, old: str, current: set[str], pattern: str) -> tuple[list[str], str] | None:
    """(keys the commit added that are still current, the commit) for the last commit of ``where`` whose diff
    removed a line matching ``pattern`` for ``old``."""
    import re

    code, out = ctx.git("log", "-n20", "-p", "-U0", "--no-color", "--no-ext-diff", "--format=@@@commit %h %s",
                        "--", where)
    if code != 0:
        return None
    rx = re.compile(pattern)
    commit, removed, added = "", set[str](), set[str]()
    for line in [*out.splitlines(), "@@@commit end"]:
        if line.startswith("@@@commit "):
            if old in removed:
                return sorted((added - removed) & current), commit
            commit, removed, added = line[len("@@@commit "):], set(), set()
            continue
        if line.startswith(("+++", "---")) or line[:1] not in "+-":
            continue
        for m in rx.finditer(line[1:]):
            (removed if line[0] == "-" else added).add(m.group(1))
    return None


def cargo_feature_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``cargo build --features x`` where the crate declares no feature ``x`` (see the module docstring)."""
    from statewise_cli.recovery.premises import _premise, _read, _upward

    if len(words) < 3 or os.path.basename(words[0]) != "cargo":
        return None
    asked: list[str] = []
    for i, word in enumerate(words):
        if word in ("--features", "-F") and i + 1 < len(words):
            asked += words[i + 1].replace(",", " ").split()
        elif word.startswith("--features="):
            asked += word.split("=", 1)[1].replace(",", " ").split()
        elif word in ("-p", "--package", "--manifest-path", "--workspace", "--all") or word.startswith(
                ("--package=", "--manifest-path=")):
            return None  # another crate's features
    asked = [a for a in asked if "/" not in a and not any(c in a for c in "$*?{")]
    if not asked:
        return None
    for base in _upward(directory, ctx.root):
        text = _read(os.path.join(base, "Cargo.toml"))
        if text is None:
            continue
        if "[package]" not in text:
            return None
        features = _cargo_features(text)
        if features is None:
            return None
        missing = [a for a in asked if a not in features]
        if len(missing) != 1:
            return None
        old = missing[0]
        where = os.path.relpath(os.path.join(base, "Cargo.toml"), ctx.root)
        found = _removed_key(ctx, where, old, set(_toml_table(text, "features") or {}),
                             r"^\s*\"?([A-Za-z0-9][\w.-]*)\"?\s*=\s*\[")
        listing = ", ".join(sorted(features)[:12])
        line = (action.text or " ".join(words)).strip()
        if found is not None and found[0]:
            added, commit = found
            new = added[0] if len(added) == 1 else _successor_in_commit(ctx, commit.split(" ", 1)[0], old, added, where)
            if new is None:
                default = (_toml_table(text, "features") or {}).get("default", "")
                picked = [a for a in added if f'"{a}"' in default]
                new = picked[0] if len(picked) == 1 else None
            if new is not None:
                import re

                alt = re.sub(r"(?<![\w.-])" + re.escape(old) + r"(?![\w.-])", new, line, count=1)
                return _premise(action, "cargo.feature", old, new, "project.files",
                                f"{where} declares no feature `{old}`; commit {commit} replaced it with "
                                + ", ".join(f"`{a}`" for a in added) + (f" (the build lines now pass `{new}`)"
                                                                         if len(added) > 1 else ""),
                                f"`{alt}`", f"the crate has a feature `{old}`")
        return _premise(action, "cargo.feature", old, sorted(features), "project.files",
                        f"{where} declares no feature `{old}`; its features: {listing}",
                        f"pass one of the features in {where}: {listing}", f"the crate has a feature `{old}`")
    return None


def _workflow_choices(text: str, name: str) -> list[str] | None:
    """The ``options`` of the ``workflow_dispatch`` input ``name`` when it is ``type: choice``."""
    lines = text.splitlines()
    at = next((i for i, ln in enumerate(lines) if ln.strip() == f"{name}:" and i > 0
               and any(lines[j].strip() == "inputs:" for j in range(max(0, i - 3), i))), None)
    if at is None:
        return None
    indent = len(lines[at]) - len(lines[at].lstrip())
    kind, options, in_options = "", None, False
    for line in lines[at + 1:]:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        width = len(line) - len(line.lstrip())
        if width <= indent:
            break
        stripped = line.strip()
        if stripped.startswith("type:"):
            kind = stripped[5:].strip().strip("'\"")
            in_options = False
        elif stripped.startswith("options:"):
            rest = stripped[8:].strip()
            if rest.startswith("["):
                options = [o.strip().strip("'\"") for o in rest.strip("[]").split(",") if o.strip()]
            else:
                options, in_options = [], True
        elif in_options and stripped.startswith("- ") and options is not None:
            options.append(stripped[2:].strip().strip("'\""))
        else:
            in_options = False
    return options if kind == "choice" and options else None


def workflow_input_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """``gh workflow run W -f input=value`` with a value outside the input's choices (see the module docstring)."""
    from statewise_cli.recovery.premises import _premise, _read

    if words[1:3] != ["workflow", "run"] or len(words) < 4:
        return None
    workflow = words[3]
    if workflow.startswith("-") or "/" in workflow:
        return None
    where = os.path.join(".github", "workflows", workflow)
    text = _read(os.path.join(ctx.root, where))
    if text is None:
        return None
    fields = []
    for i, word in enumerate(words):
        if word in ("-f", "--raw-field", "-F", "--field") and i + 1 < len(words):
            fields.append(words[i + 1])
        elif word.startswith(("--raw-field=", "--field=")):
            fields.append(word.split("=", 1)[1])
    for field in fields:
        name, sep, value = field.partition("=")
        if not sep or not value or any(c in value for c in "$*?{@"):
            continue
        choices = _workflow_choices(text, name)
        if choices is None or value in choices:
            continue
        found = None
        code, out = ctx.git("log", "-n10", "--format=%h %s", "--", where)
        for commit in out.splitlines() if code == 0 else []:
            sha = commit.split(" ", 1)[0]
            got, before = ctx.git("show", f"{sha}^:{where}")
            old = _workflow_choices(before, name) if got == 0 else None
            if old is not None and value in old:
                gone = [c for c in choices if c not in old]
                found = (gone[0], commit) if len(gone) == 1 else None
                break
        line = (action.text or " ".join(words)).strip()
        listing = ", ".join(choices)
        if found is not None:
            new, commit = found
            alt = line.replace(f"{name}={value}", f"{name}={new}", 1)
            return _premise(action, "workflow.input", value, new, "project.files",
                            f"{where}: input `{name}` takes one of {listing} (GitHub rejects any other value with "
                            f"HTTP 422); commit {commit} replaced `{value}` with `{new}`", f"`{alt}`",
                            f"`{value}` is a value of the workflow's input `{name}`")
        return _premise(action, "workflow.input", value, choices, "project.files",
                        f"{where}: input `{name}` takes one of {listing} (GitHub rejects any other value with HTTP 422)",
                        f"pass one of {listing} as `{name}`", f"`{value}` is a value of the workflow's input `{name}`")
    return None


_CATALOG_FILES = ("pnpm-workspace.yaml",)


def catalog_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a package.json dependency whose version is ``catalog:`` (see the module docstring)."""
    import re

    from statewise_cli.recovery.premises import _premise, _read, _upward

    if os.path.basename(full) != "package.json" or action.operation != "edit" or not action.body:
        return None
    text = _read(full) or ""
    if "catalog:" not in text:
        return None
    entry = re.compile(r'"(@?[\w./-]+)"\s*:\s*"(catalog:[\w.-]*)"')
    cataloged = dict(entry.findall(text))
    replaced = [ln[1:] for ln in action.body.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    named = [m for ln in replaced for m in re.findall(r'"(@?[\w./-]+)"\s*:\s*"([^"]*)"', ln)]
    deps = [dep for dep, version in named if dep in cataloged and not version.startswith("catalog:")]
    if not deps:
        return None
    dep = deps[0]
    which = cataloged[dep][len("catalog:"):]
    for base in _upward(os.path.dirname(full), ctx.root):
        for name in _CATALOG_FILES:
            catalog = _read(os.path.join(base, name))
            if catalog is None:
                continue
            version = ""
            for line in catalog.splitlines():
                key, sep, value = line.strip().partition(":")
                if sep and key.strip().strip("'\"") == dep:
                    version = value.strip().strip("'\"")
                    break
            where = os.path.relpath(os.path.join(base, name), ctx.root)
            rel = os.path.relpath(full, ctx.root)
            section = f"catalogs.{which}" if which and which != "default" else "catalog"
            return _premise(action, f"path.{dep}", rel, where, "project.files",
                            f"{rel} declares `\"{dep}\": \"{cataloged[dep]}\"`: its version is set in {where}'s "
                            f"{section}" + (f" (now `{dep}: {version}`)" if version else "")
                            + "; every package of the workspace using the catalog gets it from there",
                            f"edit `{where}` ({section}: `{dep}`)", f"{rel} sets the version of {dep}")
    return None


# ------------------------------------------------------------------ a directory the documentation scopes
SCOPES_CACHE = "doc_scopes.json"
_SCOPE = (" only", " exclusively", " nothing but ", " nothing else")
_ELSEWHERE = (" belong to ", " belongs to ", " live in ", " lives in ", " moved to ", " owned by ", " now in ",
              " elsewhere", " maintained in ", " is handled in ", " are handled in ", " now live", " now lives")
_STOP = frozenset({"file", "files", "this", "that", "with", "from", "into", "only", "text", "column", "table", "tables",
                   "data", "default", "main", "index", "test", "tests", "readme", "config", "update", "change", "create",
                   "alter", "add", "drop", "not", "null", "schema"})


def _scoped_paragraphs(ctx: Any) -> list[tuple[str, str]]:
    """(document, paragraph) of the tracked documentation whose paragraphs both scope something (``only``) and
    send something elsewhere (``belong to``, ``live in`` …); cached beside the store per HEAD."""
    from statewise_cli.recovery.premises import _read, head_cached, save_cache
    from statewise_cli.recovery.premises_workspace import _paragraphs

    head, cache, cached = head_cached(ctx, SCOPES_CACHE, "scopes")
    if cached is not None:
        try:
            return [(str(a), str(b)) for a, b in cached]
        except (ValueError, TypeError):
            pass
    code, out = ctx.git("ls-files", "-z")
    found: list[tuple[str, str]] = []
    if code == 0:
        docs = [p for p in out.split("\0") if p.lower().endswith(_DOC_SUFFIXES)
                and not p.lower().startswith(("node_modules/", "vendor/", "third_party/"))
                and os.path.basename(p).lower() not in ("changelog.md", "history.md", "news.md", "claude.md", "agents.md")]
        for doc in docs[:60]:
            body = _read(os.path.join(ctx.root, doc), 100_000) or ""
            for paragraph in _paragraphs(body):
                low = f" {paragraph.lower()} "
                if any(p in low for p in _SCOPE) and any(p in low for p in _ELSEWHERE):
                    found.append((doc, paragraph))
    save_cache(cache, {"head": head, "scopes": found})
    return found


def _subject_words(rel: str, body: str) -> set[str]:
    import re

    stem = os.path.splitext(os.path.basename(rel))[0]
    words = set(re.findall(r"[a-z]{4,}", stem.lower()))
    added = " ".join(ln[1:] for ln in body.splitlines() if ln.startswith("+"))[:2000]
    words |= set(re.findall(r"[a-z]{4,}", added.lower()))
    return {w for w in words if w not in _STOP}


def scoped_directory_premise(action: Action, ctx: Any, full: str) -> Any:
    """A new file written into a directory the documentation scopes to something else ("db/migrations here covers
    the billing schema only") while the same paragraph says the new file's subject lives elsewhere ("the orders
    tables belong to the orders service … live in its repository"). Nothing here is the right place: the deny
    quotes the paragraph and names the place it gives."""
    import re

    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_workspace import _names, _sentences

    root = os.path.realpath(ctx.root)
    rel = os.path.relpath(full, root)
    directory = os.path.dirname(rel)
    if not directory or rel.startswith("..") or os.path.exists(full) or not os.path.isdir(os.path.join(root, directory)):
        return None
    subject = _subject_words(rel, action.body or "")
    if not subject:
        return None
    for doc, paragraph in _scoped_paragraphs(ctx):
        sentences = _sentences(paragraph)
        scoped = any((_names(s, directory) or _names(s, directory + "/")) and any(p in f" {s.lower()} " for p in _SCOPE)
                     for s in sentences)
        if not scoped:
            continue
        for sentence in sentences:
            low = f" {sentence.lower()} "
            if not any(p in low for p in _ELSEWHERE):
                continue
            hit = sorted(w for w in subject if re.search(r"(?<![\w-])" + w + r"(?![\w-])", low))
            # the place it sends them: a path-like word of the sentence other than this directory
            place = next((w.strip("`'\"(),:;.") for w in sentence.split() if "/" in w
                          and w.strip("`'\"(),:;.").rstrip("/") != directory), "")
            if not hit or not place:
                continue
            quoted = paragraph if len(paragraph) <= 360 else sentence
            return _premise(action, f"path.{directory}", directory, place,
                            "project.docs", f"{doc} says: \"{quoted}\"",
                            f"nothing in `{directory}`: the {hit[0]} changes go to {place}"
                            " (ask the developer or open the change there)",
                            f"`{directory}` is where {hit[0]} changes go")
    return None


# ------------------------------------------------------------------ a configuration's base layer
_BASE_DIRS = ("_default", "default", "base", "common", "shared", "_base")


def base_layer(paths: list[str]) -> list[str]:
    """Of several tracked files of one name, the one in a base layer's directory (``config/_default/x.toml`` beside
    ``config/production/x.toml``; Hugo's config directory, Kustomize's base and overlays): the others, in sibling
    directories under the same parent, override it per environment. Else ``paths`` unchanged."""
    layered = [p for p in paths if os.path.basename(os.path.dirname(p)) in _BASE_DIRS]
    if len(layered) != 1:
        return paths
    parent = os.path.dirname(os.path.dirname(layered[0]))
    if all(os.path.dirname(os.path.dirname(p)) == parent for p in paths):
        return layered
    return paths


# ------------------------------------------------------------------ a role the documentation moved to another file
ROLE_MOVES_CACHE = "doc_role_moves.json"
_ROLE_STOP = frozenset({"reads", "read", "file", "files", "this", "that", "with", "from", "into", "here", "there", "used",
                        "uses", "use", "goes", "go", "are", "the", "and", "for", "now", "only", "also", "when", "what",
                        "which", "where", "them", "they", "their", "should", "must", "will", "keep", "kept", "lives",
                        "live", "holds", "hold", "contains", "edit", "edits", "change", "changes", "every", "each"})


def _path_words(line: str) -> list[str]:
    found = []
    for word in line.split():
        word = word.lstrip("`'\"(*").rstrip("`'\"(),:;*.")
        if ("/" in word or "." in word[1:]) and "://" not in word and not word.startswith(("-", "$")) and \
                any(c.isalpha() for c in word.rsplit(".", 1)[-1]):
            found.append(word)
    return found


def _role_moves(ctx: Any) -> list[tuple[str, str, str, list[str]]]:
    """(document, commit, removed line, the paths it names) for lines the documentation's recent commits rewrote;
    cached beside the store per HEAD."""
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, ROLE_MOVES_CACHE, "moves")
    if cached is not None:
        try:
            return [(str(a), str(b), str(c), [str(p) for p in d]) for a, b, c, d in cached]
        except (ValueError, TypeError):
            pass
    specs = [f"*{s}" for s in _DOC_SUFFIXES]
    code, out = ctx.git("log", "-n30", "-p", "-U0", "--no-color", "--no-ext-diff", "--diff-filter=M",
                        "--format=@@@commit %h %s", "--", *specs)
    found: list[tuple[str, str, str, list[str]]] = []
    commit, doc = "", ""
    for line in out.splitlines() if code == 0 else []:
        if line.startswith("@@@commit "):
            commit = line[len("@@@commit "):]
        elif line.startswith("+++ b/"):
            doc = line[6:]
        elif line.startswith("-") and not line.startswith("---") and doc and \
                os.path.basename(doc).lower() not in ("changelog.md", "claude.md", "agents.md"):
            paths = _path_words(line[1:])
            if paths:
                found.append((doc, commit, line[1:].strip(), paths))
    save_cache(cache, {"head": head, "moves": found})
    return found


def _role_words(text: str, exclude: str) -> set[str]:
    import re

    skip = set(re.findall(r"[a-z]+", exclude.lower()))
    return {w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in _ROLE_STOP and w not in skip}


def moved_role_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a file whose role the documentation handed to another file: a commit rewrote the doc line that
    gave the file a role ("Local development reads `conf/app.yaml`"), and the doc now gives that role to
    another path ("local overrides go in `conf/app.local.yaml`") while the sentence about the edited file no
    longer does. The edit belongs in the other path."""
    from statewise_cli.recovery.premises import _premise, _read
    from statewise_cli.recovery.premises_workspace import _names, _paragraphs, _sentences

    root = os.path.realpath(ctx.root)
    rel = os.path.relpath(os.path.realpath(full), root)
    if rel.startswith("..") or not os.path.isfile(full):
        return None
    for doc, commit, old_line, paths in _role_moves(ctx):
        if rel not in paths or doc == rel:
            continue
        roles = _role_words(old_line, rel)
        if not roles:
            continue
        body = _read(os.path.join(root, doc), 100_000) or ""
        if old_line in body:
            continue  # the line is still there: nothing was rewritten
        for paragraph in _paragraphs(body):
            sentences = _sentences(paragraph)
            about = [s for s in sentences if _names(s, rel)]
            if not about or any(roles & _role_words(s, rel) for s in about):
                continue
            ext = os.path.splitext(rel)[1]
            for sentence in sentences:
                shared = roles & _role_words(sentence, "")
                others = [p for p in _path_words(sentence) if p != rel and p.endswith(ext)
                          and os.path.dirname(p) == os.path.dirname(rel)]
                if shared and len(set(others)) == 1:
                    other = others[0]
                    verb = "edit" if os.path.isfile(os.path.join(root, other)) else "write"
                    quoted = paragraph if len(paragraph) <= 300 else " ".join(about + [sentence])
                    return _premise(action, f"path.{os.path.basename(rel)}", rel, other, "project.docs",
                                    f"{doc} said \"{old_line}\" until commit {commit.split(' ', 1)[0]}; it now says: "
                                    f"\"{quoted}\"", f"{verb} `{other}`",
                                    f"{rel} is where the {min(shared)} settings go")
    return None
