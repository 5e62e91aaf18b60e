"""Premises about what the repository's own files say may not be done here (a policy stated in the
repository, read at the time of the action):

- a file whose own header says not to edit it (synced from a template repository, managed by another
  team or tool): an edit lands where the next sync overwrites it;
- a migration a release already shipped (the file is in the tree of a release tag): production applied
  it and records it, so a change goes in a new migration;
- ``gh pr merge --admin`` where the repository's settings require an approving review (or a code
  owner's): ``--admin`` merges around the requirement;
- a push to a remote on this machine whose receive hook rejects every push (an archived, read-only
  repository): the hook's own message says why.

Each is a defect of the action's premise ("this file is ours to edit", "this migration is unreleased",
"no review is needed", "this remote takes pushes"); the evidence is the file that says otherwise.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_DO_NOT_EDIT = ("do not edit", "don't edit", "do not modify", "don't modify", "must not be edited", "never edit",
                "not be edited", "edits here are overwritten", "changes here are overwritten",
                "will be overwritten", "local changes are overwritten")
_COMMENT = ("#", "//", "/*", "*", "--", ";", "<!--", "%", "rem ", "'")


def _re() -> Any:
    import re

    return re


def _head_lines(path: str, count: int = 10) -> list[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read(4096).splitlines()[:count]
    except OSError:
        return []


def managed_header(path: str) -> list[str]:
    """The comment lines at the top of a file that say it must not be edited here ([] when none do)."""
    lines = _head_lines(path)
    header: list[str] = []
    for line in lines:
        stripped = line.strip()
        if not stripped:
            if header:
                break
            continue
        if not stripped.lower().startswith(_COMMENT):
            break
        header.append(stripped.lstrip("#/*-;%<!' ").strip())
    if any(any(w in h.lower() for w in _DO_NOT_EDIT) for h in header):
        return [h for h in header if h][:3]
    return []


def managed_file_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a file whose header says it is not edited here (synced from elsewhere, managed by
    another owner). Generated code is judged by its own premise first."""
    from statewise_cli.recovery.premises import _premise, inside_root

    if action.operation not in ("edit", "file.write") or not os.path.isfile(full):
        return None
    rel = inside_root(full, os.path.realpath(ctx.root))
    if rel is None:
        return None
    header = managed_header(full)
    if not header:
        return None
    said = " ".join(header)
    source = _re().search(r"(?i)\b(?:synced|copied|generated|managed|maintained|owned|vendored)\s+(?:from|by|in)\s+"
                          r"([^\s;:,()]+(?:\s*\([^)]*\))?)", said)
    where = f" ({source.group(0).strip()})" if source else ""
    return _premise(action, f"path.{os.path.basename(rel)}", rel, "managed elsewhere", "project.files",
                    f"{rel} says at its top: \"{said[:300]}\"", f"do not edit {rel} here: change it at its source"
                    f"{where} or ask its owner; the edit would be overwritten",
                    f"{rel} is this repository's to edit")


_MIGRATION_DIRS = ("migrations", "migrate", "versions", "changelog", "db/migrate", "sql/migrations",
                   "flyway", "liquibase")


def _is_migration(rel: str) -> bool:
    parts = rel.replace(os.sep, "/").split("/")
    if len(parts) < 2:
        return False
    name = parts[-1]
    in_dir = any(p.lower() in ("migrations", "migrate", "migration") for p in parts[:-1]) or \
        "/".join(parts[-3:-1]).lower() in ("alembic/versions", "db/migrate") or parts[-2].lower() == "versions" \
        and "alembic" in rel.lower()
    numbered = _re().match(r"^(V?\d+[._]?\d*[_-].+|\d{3,}.*)\.(sql|py|rb|js|ts|go|xml|yaml|yml)$", name) is not None
    return in_dir and numbered and not name.startswith("__init__")


def _release_tag(ctx: Any) -> str | None:
    code, out = ctx.git("describe", "--tags", "--abbrev=0", "HEAD")
    tag = out.strip()
    return tag if code == 0 and tag else None


def _next_migration(directory: str, name: str) -> str | None:
    m = _re().match(r"^(V?)(\d+)(.*)$", name)
    if not m:
        return None
    try:
        names = os.listdir(directory)
    except OSError:
        names = []
    prefix, digits = m.group(1), m.group(2)
    numbers = [int(x.group(2)) for n in names for x in [_re().match(r"^(V?)(\d+)", n)] if x and x.group(1) == prefix]
    nxt = max(numbers + [int(digits)]) + 1
    ext = os.path.splitext(name)[1]
    return f"{prefix}{str(nxt).zfill(len(digits))}_<change>{ext}"


def released_migration_premise(action: Action, ctx: Any, full: str) -> Any:
    """An edit of a migration that a release tag already holds: the databases that release reached have
    applied it (many frameworks also keep its checksum), so the change is a new migration."""
    from statewise_cli.recovery.premises import _premise, inside_root

    if action.operation not in ("edit", "file.write") or not os.path.isfile(full):
        return None
    rel = inside_root(full, os.path.realpath(ctx.root))
    if rel is None or not _is_migration(rel):
        return None
    tag = _release_tag(ctx)
    if tag is None:
        return None
    code, _ = ctx.git("cat-file", "-e", f"{tag}:{rel.replace(os.sep, '/')}")
    if code != 0:
        return None
    nxt = _next_migration(os.path.dirname(full), os.path.basename(full))
    new = os.path.join(os.path.dirname(rel), nxt) if nxt else ""
    return _premise(action, f"path.{os.path.basename(rel)}", rel, f"released in {tag}", "git.tags",
                    f"{rel} is in release {tag} (`git cat-file -e {tag}:{rel}`): the databases that release reached "
                    f"have applied it, so a change to it never reaches them and checksums stop matching; a released "
                    f"migration must not be edited",
                    "add the change as a new migration" + (f" (`{new}`)" if new else ""),
                    f"{rel} is not released yet")


def _settings_requires_review(root: str) -> str | None:
    """The line of the repository's settings that requires an approving review before a merge."""
    from statewise_cli.recovery.premises import _read

    for name in (".github/settings.yml", ".github/settings.yaml"):
        text = _read(os.path.join(root, name), 200_000) or ""
        for key in ("require_code_owner_reviews", "required_approving_review_count", "required_pull_request_reviews"):
            m = _re().search(rf"(?m)^\s*{key}\s*:\s*(\S*)", text)
            if m and m.group(1).strip().lower() not in ("false", "0", "null", "~"):
                return f"{name}: `{m.group(0).strip()}`"
    rules = os.path.join(root, ".github", "rulesets")
    try:
        names = sorted(os.listdir(rules))
    except OSError:
        names = []
    for name in names:
        text = _read(os.path.join(rules, name), 200_000) or ""
        m = _re().search(r'"(required_approving_review_count|require_code_owner_review)"\s*:\s*(true|[1-9]\d*)', text)
        if m:
            return f".github/rulesets/{name}: `{m.group(0)}`"
    return None


def review_bypass_premise(action: Action, ctx: Any) -> Any:
    """``gh pr merge --admin`` where the repository requires an approving review: the flag merges around
    the requirement, which is the decision of the reviewers it names, not the agent's."""
    from statewise_cli.recovery.premises import _premise

    args = [str(a) for a in action.arguments]
    if args[:2] != ["pr", "merge"] or "--admin" not in args:
        return None
    why = _settings_requires_review(ctx.root)
    if why is None:
        return None
    owners = ""
    for name in (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"):
        if os.path.isfile(os.path.join(ctx.root, name)):
            owners = f"; code owners are listed in {name}"
            break
    return _premise(action, "git.merge_review", "no review needed", "review required", "project.files",
                    f"this repository requires an approving review before a merge ({why}){owners}; `--admin` "
                    f"merges around that requirement",
                    "do not merge around the review: the merge needs the required review first; ask the reviewers "
                    "or the developer", "merging without a review is fine here")


def _rejects_every_push(url: str, root: str) -> tuple[str, str] | None:
    """(hook path, what it says) when a remote on this machine has a receive hook that rejects every push,
    whatever the ref (its script exits non-zero with no condition); None otherwise or when unknowable."""
    from statewise_cli.recovery.premises_git import _receive_hooks

    for path, text in _receive_hooks(url, root):
        body = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
        if not body or any(_re().search(r"(^|[\s;])(if|case|while|for|until|test)\b|\[|&&|\|\|", ln) for ln in body):
            continue
        exits = [ln for ln in body if _re().match(r"^exit\s+\d+\s*;?$", ln)]
        if not exits or exits[0].split()[1].rstrip(";") == "0":
            continue
        said = " ".join(m.group(1) for ln in body for m in [_re().match(r"""^echo\s+(?:-e\s+)?['"]?(.*?)['"]?\s*(?:>&2)?$""",
                                                                           ln)] if m)
        return path, said
    return None


def closed_remote_premise(action: Action, remote: str, url: str, ctx: Any) -> Any:
    """A push to a remote on this machine whose receive hook rejects every push, whatever the ref: an
    archived or read-only repository. When the repository has exactly one other remote that is not closed
    the same way (a contributor's fork beside the canonical repository), that remote is where the push goes."""
    from statewise_cli.recovery.premises import _premise, _remotes

    if action.operation != "git.push":
        return None
    closed = _rejects_every_push(url, ctx.root)
    if closed is None:
        return None
    path, said = closed
    evidence = f"the receive hook of `{remote}` ({os.path.basename(path)}) rejects every push" + (
        f": \"{said[:200]}\"" if said else "")
    others = [name for name, other in sorted(_remotes(ctx).items())
              if name != remote and _rejects_every_push(other, ctx.root) is None]
    text = (action.text or "").strip()
    if len(others) == 1 and f" {remote} " in f"{text} " and text.count(f" {remote}") == 1:
        other = others[0]
        from statewise_cli.store.redact import redact

        url_other = redact(_remotes(ctx)[other])
        return _premise(action, "git.remote", remote, other, "git.remotes",
                        f"{evidence}; the other remote of this repository, `{other}` ({url_other}), takes pushes",
                        f"push to `{other}`: `{text.replace(f' {remote}', f' {other}', 1)}`",
                        f"the remote `{remote}` takes pushes")
    return _premise(action, "git.remote_closed", "takes pushes", "rejects every push", "git.remotes", evidence,
                    "do not push here: this repository does not take changes; ask the developer where the "
                    "change belongs", f"{remote} takes pushes")


def pinned_install_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """A machine-wide install of a tool at an exact version (``go install …/tool@v1.61.0``, ``pipx install
    tool==1.2``) where the repository's tracked files pin that tool at one other version (``TOOL_VERSION :=
    v2.1.6`` in a Makefile, a CI step, ``.tool-versions``; prose is no pin): the same install at the pinned
    version — for a Go module whose major version grows past 1, at the module path that carries it (``/v2``)."""
    from statewise_cli.recovery.invariants import _NOT_PIN_FILES, _installed_pins
    from statewise_cli.recovery.premises import _premise

    pins = _installed_pins([str(w) for w in words[1:]])
    if not pins:  # `tool@latest`: whatever is newest, where the repository pins one version
        pins = [(p.rstrip("/").rsplit("/", 1)[-1].lstrip("@"), "latest") for w in words[1:]
                for p, sep, v in [str(w).rpartition("@")] if sep and p and v == "latest"]
    if len(pins) != 1:
        return None
    name, asked = pins[0]
    key = _re().sub(r"[-_.]", "", name.lower())
    if len(key) < 3:
        return None
    spelled = "[-_.]?".join(_re().escape(part) for part in _re().split(r"[-_.]", name) if part)
    code, out = ctx.git("grep", "-I", "-n", "-i", "-E", "-e", spelled, "--", *_NOT_PIN_FILES)
    if code not in (0, 1):
        return None
    versions: dict[str, str] = {}
    for line in out.splitlines()[:500]:
        path, _, rest = line.partition(":")
        _, _, text = rest.partition(":")
        if key not in _re().sub(r"[-_.]", "", text.lower()):
            continue
        for m in _re().finditer(r"(?<![\w.])v?(\d+\.\d+(?:\.\d+)?)(?![\w.])", text):
            versions.setdefault(m.group(1), f"{path}: `{text.strip()[:100]}`")
    if asked in versions or len(versions) != 1:
        return None
    pinned, where = next(iter(versions.items()))
    text = (action.text or "").strip()
    operand = next((str(w) for w in words[1:] if _re().search(rf"(@|==)v?{_re().escape(asked)}$", str(w))), "")
    fixed_operand = _re().sub(rf"(@|==)(v?){_re().escape(asked)}$", lambda m: f"{m.group(1)}{m.group(2) or ('v' if asked == 'latest' and words[0] == 'go' else '')}{pinned}",
                           operand)
    major = int(pinned.split(".")[0])
    old_major = int(asked.split(".")[0]) if asked[:1].isdigit() else 0
    if words[0] == "go" and major >= 2 and major != old_major and "@" in fixed_operand:
        path, _, version = fixed_operand.partition("@")
        parts = path.split("/")
        parts = [p for p in parts if not _re().fullmatch(r"v\d+", p)]
        if len(parts) >= 3 and parts[0] in ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org"):
            parts.insert(3, f"v{major}")  # semantic import versioning: the major version is in the module path
            fixed_operand = "/".join(parts) + "@" + version
    fixed = text.replace(operand, fixed_operand, 1) if operand and operand in text else ""
    return _premise(action, f"tool.{key}.version", asked, pinned, "project.files",
                    f"this repository pins {name} v{pinned} ({where}), not " + (f"v{asked}" if asked != "latest" else
                                                                               "whatever is latest"),
                    f"`{fixed}`" if fixed else f"install {name} v{pinned}", f"{name} v{asked} is this project's version")
