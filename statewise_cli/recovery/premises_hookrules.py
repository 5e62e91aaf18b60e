"""Premises about what a remote's receive hook rejects in the commits themselves — read from the hook's
own text, for rules nobody listed.

A local remote's ``pre-receive`` / ``update`` hook that filters what it receives with ``grep`` states its
rule in the hook itself:

- **a path rule** — the names of the changed files piped into ``grep`` (``git diff --name-only … | grep -q
  '^third_party/'``, ``git diff-tree -r --name-only … | grep -Eq '\\.(zip|exe)$'``): a commit that
  changes a file matching the pattern is rejected on push, whatever the branch.
- **a message rule** — the commit messages piped into ``grep`` (``git log --format=%B … | grep -qi
  '\\[skip ci\\]'``): a commit whose message matches is rejected on push.

The premise of ``git commit`` (and of ``git add`` of such a file) is "the remote takes this commit"; the
hook says what it rejects and, in its ``echo`` lines, why. The verdict names the file or the message the
rule matched, quoting the hook's own reason; a hook without such a ``grep`` says nothing here. File reads
only, plus ``git diff --name-only`` once a path rule exists.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_CACHE: dict[tuple[str, float], list[tuple[str, str, str, str]]] = {}


def _re() -> Any:
    import re

    return re


def _python_regex(pattern: str, extended: bool) -> str:
    """A grep pattern as a Python regular expression (basic syntax: ``\\|``, ``\\(``, ``\\)`` are the
    operators; extended: as written)."""
    if extended:
        return pattern
    out = pattern.replace("\\|", "\x00").replace("\\(", "\x01").replace("\\)", "\x02")
    out = out.replace("(", "\\(").replace(")", "\\)").replace("|", "\\|")
    return out.replace("\x00", "|").replace("\x01", "(").replace("\x02", ")")


def hook_rules(path: str, text: str) -> list[tuple[str, str, str, str]]:
    """(kind, python regex, flags, reason) for each ``grep`` a receive hook applies to changed file names
    (kind ``path``) or to commit messages (kind ``message``); reason: the hook's ``echo`` lines after it."""
    try:
        stamp = os.path.getmtime(path)
    except OSError:
        stamp = 0.0
    cached = _CACHE.get((path, stamp))
    if cached is not None:
        return cached
    re = _re()
    rules: list[tuple[str, str, str, str]] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.search(r"\|\s*grep\s+((?:-[A-Za-z]+\s+)*)(?:-e\s+)?(['\"])(.+?)\2", line)
        if not m:
            continue
        before = line[:m.start()]
        head = line.strip()
        if not head.startswith("if ") or head.startswith(("if !", "if ! ")) or "||" in line:
            continue  # only `if … | grep …; then … exit 1` rejects what matches; `|| exit 1` rejects what does not
        if "--name-only" in before or "--name-status" in before:
            kind = "path"
        elif re.search(r"\blog\b.*--(?:format|pretty)=(?:format:)?%[BsbS]", before):
            kind = "message"
        else:
            continue
        opts = m.group(1)
        pattern = m.group(3)
        if m.group(2) == '"':
            pattern = pattern.replace("\\\\", "\\")
        regex = _python_regex(pattern, "E" in opts)
        try:
            re.compile(regex)
        except re.error:
            continue
        said = []
        for follow in lines[i + 1:i + 8]:
            if re.search(r"\bexit\s+[1-9]", follow):
                break
            e = re.search(r"\becho\s+(['\"])(.*)\1", follow)
            if e:
                words = e.group(2).replace("\\[", "[").replace("\\]", "]").replace("\\\\", "\\")
                words = re.sub(r"^(remote:\s*)+", "", words).strip()
                words = re.sub(r"\$\{?\w+\}?", "…", words)
                if words:
                    said.append(words)
        rules.append((kind, regex, "i" if "i" in opts else "", " ".join(said)[:300]))
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[(path, stamp)] = rules
    return rules


def _message(args: list[str]) -> str | None:
    for i, a in enumerate(args):
        if a in ("-m", "--message") and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--message="):
            return a[len("--message="):]
        if a.startswith("-") and not a.startswith("--") and a.endswith("m") and i + 1 < len(args):
            return args[i + 1]  # a cluster ending in m (-am, -qam)
    return None


def _all_flag(args: list[str]) -> bool:
    return any(a == "--all" or (a.startswith("-") and not a.startswith("--") and "a" in a[1:].split("m", 1)[0])
               for a in args)


def content_rule_premise(action: Action, earlier: list[Action], ctx: Any) -> Any:
    """A ``git commit`` (or ``git add``) of what the branch's remote rejects by a rule in its receive hook:
    a changed file matching its path rule, a message matching its message rule."""
    if action.operation == "git.add" and not any(not str(p).startswith("-") and p != "." for p in action.arguments):
        return None  # `git add -A` / `git add .` names no file a rule could match
    from statewise_cli.recovery.premises import _premise, branch_remote

    found = branch_remote(ctx)
    if found is None:
        return None
    from statewise_cli.recovery.premises_git import _receive_hooks  # a large module: only once there is a remote
    remote, url = found
    rules = [(path, rule) for path, text in _receive_hooks(url, ctx.root) for rule in hook_rules(path, text)]
    if not rules:
        return None
    re = _re()
    args = [str(a) for a in action.arguments]
    text = (action.text or "").strip()
    if action.operation == "git.commit":
        message = _message(args)
        for path, (kind, regex, flags, reason) in rules:
            if kind != "message" or not message:
                continue
            m = re.search(regex, message, re.I if flags else 0)
            if m:
                cleaned = " ".join(message.replace(m.group(0), " ").split())
                alternative = (f"`{text.replace(message, cleaned, 1)}`" if cleaned and text.count(message) == 1
                               else "write the message without it")
                return _premise(action, "git.commit.message_rule", message, f"no {m.group(0)}", "git.receive-hook",
                                f"{remote}'s {os.path.basename(path)} hook ({path}) rejects a commit whose message "
                                f"matches `{regex}`" + (f": \"{reason}\"" if reason else "") +
                                f"; this message has `{m.group(0)}`", alternative,
                                f"{remote} takes a commit whose message has {m.group(0)}")
    paths: list[str] = []
    for a in [*earlier, action]:
        if a.operation == "git.add":
            paths += [p for p in a.arguments if not str(p).startswith("-") and p not in (".", "-A")]
    if action.operation == "git.commit":
        code, out = ctx.git("diff", "--cached", "--name-only")
        paths += out.split() if code == 0 else []
        if _all_flag(args):
            code, out = ctx.git("diff", "--name-only")
            paths += out.split() if code == 0 else []
    elif action.operation != "git.add":
        return None
    for path, (kind, regex, flags, reason) in rules:
        if kind != "path":
            continue
        hit = [p for p in dict.fromkeys(paths) if re.search(regex, p, re.I if flags else 0)]
        if not hit:
            continue
        why = f": \"{reason}\"" if reason else ""
        return _premise(action, "git.remote.path_rule", ", ".join(hit[:3]), f"no file matching {regex}", "git.receive-hook",
                        f"{remote}'s {os.path.basename(path)} hook ({path}) rejects every push whose changed files "
                        f"match `{regex}`{why}; this commit changes {', '.join(hit[:3])}",
                        _path_alternative(hit, reason, ctx),
                        f"{remote} takes a commit that changes {hit[0]}")
    return None


def _path_alternative(hit: list[str], reason: str, ctx: Any) -> str:
    """What to do instead: the hook's own reason says who owns these files; a release artifact the docs
    send to the forge's releases is attached to the release of the tag at HEAD."""
    low = reason.lower()
    if "release" in low or "asset" in low or _docs_say_release(hit, ctx):
        name = os.path.basename(hit[0])
        tags = _release_tags(ctx, name)
        here = [p for p in _candidates(ctx.root, name)]
        if len(tags) == 1 and here:
            return (f"attach {hit[0]} to the release instead: `gh release upload {tags[0]} {here[0]}` "
                    f"(release downloads are release assets, not files in the repository)")
    return (f"leave {', '.join(hit[:3])} out of the commit; the remote rejects it"
            + (f" (\"{reason}\")" if reason else ""))


def _docs_say_release(hit: list[str], ctx: Any) -> bool:
    from statewise_cli.recovery.premises import _read

    for p in hit[:3]:
        folder = os.path.join(ctx.root, os.path.dirname(p))
        for name in ("README.md", "README"):
            text = (_read(os.path.join(folder, name), 50_000) or "").lower()
            if "release" in text and ("asset" in text or "github releases" in text):
                return True
    return False


def _candidates(root: str, name: str) -> list[str]:
    """Paths of files named ``name`` in the work tree's build-output folders and top level."""
    found = []
    for folder in ("dist", "build", "out", "target", "release", ""):
        path = os.path.join(root, folder, name)
        if os.path.isfile(path):
            found.append(os.path.relpath(path, root))
    return found


def _release_tags(ctx: Any, artifact: str) -> list[str]:
    """The tag whose version the artifact's file name carries (``v1.4.0`` for ``acme-cli-1.4.0.zip``; the
    longest such version), read from the ref files."""
    from statewise_cli.recovery.premises import _read

    tags: set[str] = set()
    base = os.path.join(ctx.repo.common_dir, "refs", "tags")
    for folder, _dirs, files in os.walk(base):
        tags |= {os.path.relpath(os.path.join(folder, n), base) for n in files}
    for line in (_read(os.path.join(ctx.repo.common_dir, "packed-refs"), 2_000_000) or "").splitlines():
        ref = line.partition(" ")[2]
        if ref.startswith("refs/tags/"):
            tags.add(ref[len("refs/tags/"):])
    re = _re()
    named = []
    for tag in tags:
        version = re.sub(r"^[A-Za-z_-]*?v?(?=\d)", "", tag.rsplit("/", 1)[-1])
        if version and version[:1].isdigit() and re.search(rf"(?<![\d.]){re.escape(version)}(?![\d])", artifact):
            named.append((len(version), tag))
    if not named:
        return []
    best = max(n for n, _ in named)
    return sorted(t for n, t in named if n == best)
