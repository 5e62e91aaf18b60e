"""Hard invariants of the independent state–action check (configurable in ``.statewise.toml``).

- ``protected-branch``: no push, force-push or deletion of a branch a usable record marks protected;
- ``keep-uncommitted-work``: no ``reset --hard`` / ``clean -f`` / ``checkout -- .`` / ``stash drop``
  while the work tree holds changes they would destroy;
- ``rm-inside-repository``: no recursive ``rm`` outside the repository;
- ``write-inside-repository``: no writes outside the repository or ``[policy] writable_paths``;
- ``package-manager``: no install with a package manager other than the verified one;
- ``[permissions] deny = ["npm.publish", …]`` and ``ask = […]``: configured requirements by operation.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~5 ms to import on the hook path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from statewise_cli.config.settings import Settings

import os

from statewise_cli.actions.normalize import Action
from statewise_cli.fast.struct import Struct
from statewise_cli.fast.wildcard import match as fnmatchcase  # no `re` on the hook path
from statewise_cli.repo import RepoContext
from statewise_cli.store.records import Record, scope_matches

DEFAULT_WRITABLE = ("/tmp/**", "/var/tmp/**", "/dev/null", "/dev/stdout", "/dev/stderr")
JS = {"npm", "pnpm", "yarn", "bun", "deno", "cnpm"}
PY = {"pip", "pip3", "uv", "poetry", "pdm", "pipenv"}


class Violation(Struct):
    invariant: str
    action: Action
    detail: str
    verdict: str = "deny"  # deny | ask
    alternative: str = ""  # the same action done right, when the check knows it

    def to_json(self) -> dict[str, Any]:
        return {"invariant": self.invariant, "operation": self.action.operation, "target": self.action.target,
                "detail": self.detail, "verdict": self.verdict}


_REGENERABLE = frozenset({"node_modules", "__pycache__", ".venv", "venv", ".pytest_cache", ".mypy_cache", ".ruff_cache",
                          ".tox", ".nox", "build", "dist", "target", ".next", ".cache", "coverage", "htmlcov", ".gradle",
                          ".parcel-cache", ".turbo", "out", ".eggs"})
_REGENERABLE_ENDS = (".pyc", ".pyo", ".o", ".class", ".log", ".egg-info", ".egg-info/", ".coverage")


def _unknown(word: str) -> bool:
    return "$" in word or "__SUBST__" in word or "`" in word


def _base(action: Action, cwd: str) -> str | None:
    """The directory ``action`` runs in, or None when only the running shell knows it."""
    if not action.cwd:
        return cwd
    if _unknown(action.cwd):
        return None
    return _physical(os.path.join(cwd, os.path.expanduser(action.cwd)))


def _physical(path: str) -> str:
    """``path`` normalized as the kernel resolves it: ``..`` is the parent of what the part before it really is
    (``link/..`` is the parent of the link's target, not the directory holding the link)."""
    if ".." not in path.split("/"):
        return os.path.normpath(path)
    current = "/" if path.startswith("/") else ""
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == ".." and current:
            current = os.path.dirname(os.path.realpath(current))
        else:
            current = os.path.join(current, part)
    return os.path.normpath(current or ".")


def _full(action: Action, path: str, cwd: str) -> str | None:
    if _unknown(path) or path == "?":
        return None
    base = _base(action, cwd)
    if base is None and not path.startswith(("/", "~/")):
        return None  # a relative path in a directory that could not be determined (an absolute one needs none)
    return _physical(os.path.join(base or "/", os.path.expanduser(path)))


def _real(full: str, follow_last: bool = True) -> str:
    """``full`` with its symbolic links resolved (a deleted symlink is itself, not what it points to)."""
    if follow_last:
        return os.path.realpath(full)
    return os.path.join(os.path.realpath(os.path.dirname(full)), os.path.basename(full))


def _within(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _inside(path: str, root: str, cwd: str, follow_last: bool = True) -> bool:
    full = os.path.normpath(os.path.join(cwd, os.path.expanduser(path)))
    return _within(_real(full, follow_last), os.path.realpath(root))


def _writable(full: str, patterns: tuple[str, ...], follow_last: bool = True) -> bool:
    real = _real(full, follow_last)
    for pattern in patterns:
        if fnmatchcase(real, pattern):
            return True
        cut = min([pattern.find(c) for c in "*?[" if c in pattern] or [len(pattern)])
        head = pattern[:cut].rsplit("/", 1)[0] if "/" in pattern[:cut] else ""
        if head and fnmatchcase(real, os.path.realpath(head) + pattern[len(head):]):
            return True
    return False


def _scratch_root(real: str, patterns: tuple[str, ...]) -> bool:
    """``real`` is itself a scratch directory the patterns open (``/tmp`` of ``/tmp/**``): a program handed it as an
    operand (``npm pack --pack-destination /tmp``) writes inside it, which is as open as the files under it."""
    return any(p.endswith("/**") and real == os.path.realpath(p[:-3]) for p in patterns)


def _existing_directory(action: Action, real: str) -> bool:
    """``mkdir -p DIR`` (``--parents``) where DIR is already a directory: nothing is created or changed."""
    parents = any(a == "--parents" or (a.startswith("-") and not a.startswith("--") and "p" in a) for a in action.arguments)
    return parents and os.path.isdir(real) and not os.path.islink(real)


def _git_lines(directory: str, *args: str) -> list[str]:
    import subprocess

    try:
        proc = subprocess.run(["git", *args], cwd=directory, capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    return [line for line in proc.stdout.splitlines() if line.strip()]


def _unmerged_branches(directory: str, arguments: list[str] | tuple[str, ...]) -> list[tuple[str, int, str]]:
    """``git branch -D NAME…``: (name, commits, an example) for each branch whose commits no other
    branch, remote-tracking branch or tag has — what a forced delete destroys. ``-d`` without force
    is left to git, which refuses an unmerged branch itself."""
    letters = "".join(a[1:] for a in arguments if a.startswith("-") and not a.startswith("--"))
    force = "D" in letters or ("f" in letters or "--force" in arguments)
    if not force:
        return []
    found = []
    for name in (a for a in arguments if not a.startswith("-")):
        ref = f"refs/heads/{name}"
        only = _only_here(directory, [ref, "--not", f"--exclude={name}", "--branches", "--remotes", "--tags"])
        if only and not _squash_merged(directory, name):
            found.append((name, *only))
    return found


def _only_here(directory: str, span: list[str]) -> tuple[int, str] | None:
    """(how many, an example ``hash subject``) of the commits ``git rev-list SPAN`` lists, or None when there are none."""
    count = _git_lines(directory, "rev-list", "--count", *span)
    if not count or not count[0].strip().isdigit() or int(count[0]) == 0:
        return None
    example = _git_lines(directory, "log", "-1", "--format=%h %s", *span)
    return int(count[0]), example[0].strip()[:80] if example else ""


def _commits_a_reset_drops(directory: str, arguments: list[str] | tuple[str, ...]) -> tuple[str, int, str] | None:
    """``git reset --hard|--keep|--merge REMOTE/BRANCH`` (or ``@{u}``, ``FETCH_HEAD``): (target, how many, an example)
    when the current branch has commits that no other branch, remote-tracking branch or tag has and the remote's state
    does not contain — what syncing by reset leaves reachable only from the reflog (a field laptop's unpushed commit)."""
    modes = {a for a in arguments if a in ("--hard", "--keep", "--merge")}
    operands = [a for a in arguments if not a.startswith("-")]
    if not modes or len(operands) != 1 or "--" in arguments:
        return None
    target = operands[0]
    if not (target.lower().endswith(("@{u}", "@{upstream}")) or target == "FETCH_HEAD"
            or _git_lines(directory, "rev-parse", "--verify", "-q", f"refs/remotes/{target}")):
        return None  # a reset to a remote's state (syncing with it); `HEAD~1` undoing one's own commit is left alone
    current = _git_lines(directory, "symbolic-ref", "-q", "--short", "HEAD")
    exclude = [f"--exclude={current[0].strip()}"] if current else []  # (--branches patterns drop refs/heads/)
    only = _only_here(directory, ["HEAD", "--not", target, *exclude, "--branches", "--remotes", "--tags"])
    return (target, *only) if only else None


def _patch_ids(directory: str, *args: str) -> set[str]:
    """The stable patch ids of what ``git ARGS`` prints (a diff, or a log with patches)."""
    import subprocess

    try:
        diff = subprocess.run(["git", *args], cwd=directory, capture_output=True, timeout=5, check=False)
        if diff.returncode != 0 or not diff.stdout.strip():
            return set()
        ids = subprocess.run(["git", "patch-id", "--stable"], cwd=directory, input=diff.stdout, capture_output=True,
                             timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return set()
    return {line.split()[0] for line in ids.stdout.decode(errors="replace").splitlines() if line.strip()}


def _squash_merged(directory: str, name: str, limit: int = 12) -> bool:
    """Whether branch ``name``'s whole change, squashed into one patch, is a commit another branch or
    remote-tracking branch already has (a squash merge: git cannot see the branch as merged, yet the
    forced delete loses nothing but the branch's intermediate commits)."""
    others = [r for r in _git_lines(directory, "for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes")
              if r != f"refs/heads/{name}" and not r.endswith("/HEAD")][:limit]
    for other in others:
        base = _git_lines(directory, "merge-base", other, f"refs/heads/{name}")
        if not base:
            continue
        squashed = _patch_ids(directory, "diff", "--no-color", "--no-ext-diff", base[0].strip(), f"refs/heads/{name}")
        if squashed and squashed <= _patch_ids(directory, "log", "-p", "--no-color", "--no-ext-diff", "--format=commit %H",
                                               f"{base[0].strip()}..{other}"):
            return True
    return False


_EXACT_VERSION = r"v?\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.]+)?"


def _installed_pins(arguments: tuple[str, ...] | list[str]) -> list[tuple[str, str]]:
    """(tool name, exact version) of each ``NAME@VERSION`` / ``NAME==VERSION`` operand of a tool install
    (``go install example.com/x/v2/cmd/tool@v2.1.6`` → ("tool", "2.1.6")); a range or ``@latest`` is none."""
    import re

    found = []
    for word in arguments:
        match = re.fullmatch(rf"(@?[\w./-]+?)(?:@|==)({_EXACT_VERSION})", word)
        if not match:
            continue
        parts = [p for p in match.group(1).split("/") if p and not re.fullmatch(r"v\d+", p)]
        if parts:
            found.append((parts[-1].lstrip("@"), match.group(2).lstrip("v")))
    return found


# Prose is no pin: notes and documentation (the agents' own memory files among them) say what was once used.
_NOT_PIN_FILES = tuple(f":(exclude,glob)**/*.{ext}" for ext in ("md", "markdown", "mdx", "rst", "adoc", "asciidoc", "org"))


def _pinned_by_repository(arguments: tuple[str, ...] | list[str], root: str) -> bool:
    """Whether every tool a machine-wide install names, at an exact version, is pinned at that version by a
    file the repository tracks (``GOLANGCI_LINT_VERSION := v2.1.6`` in the Makefile, ``.tool-versions``, a CI
    step; prose — notes, documentation — is not a pin): installing the repository's own toolchain, not a program
    of the command's choosing."""
    import re

    pins = _installed_pins(arguments)
    if not pins:
        return False
    for name, version in pins:
        key = re.sub(r"[-_.]", "", name.lower())
        lines = _git_lines(root, "grep", "-I", "-h", "-F", "-e", version, "--", *_NOT_PIN_FILES)
        pattern = re.compile(rf"(?<![\w.]){re.escape('v')}?{re.escape(version)}(?![\w.])")
        if not key or not any(pattern.search(line) and key in re.sub(r"[-_.]", "", line.lower()) for line in lines):
            return False
    return True


def _made_earlier(where: str, earlier: list[Action], cwd: str) -> bool:
    """An earlier action of the same command line creates ``where`` (``git clone URL dir``, ``mkdir dir``)."""
    for a in earlier:
        if a.target and a.operation in ("file.write", "file.create") and not _unknown(a.target):
            full = _full(a, a.target, cwd)
            if full is not None and (full == where or _within(where, full)):
                return True
        if a.operation in ("git.clone", "git.init"):
            return True
    return False


def _linked_earlier(where: str, earlier: list[Action], cwd: str, root: str) -> bool:
    """An earlier ``git worktree add`` of the line, run in this repository (``root``: its work tree), adds ``where``
    (or a directory above it) as a linked work tree: one that shares this repository's refs, stash and configuration.
    One run from a directory the check cannot place counts too (the careful side)."""
    for k, a in enumerate(earlier):
        at = _base(a, cwd)
        if a.operation == "git.worktree" and a.arguments[:1] == ("add",) and (
                at is None or _within(_real(at), _real(root))):
            for b in earlier[k + 1:k + 2]:
                full = _full(b, b.target, cwd) if b.operation == "file.write" and b.target else None
                if full is not None and (full == where or _within(where, full)):
                    return True
    return False


def _work_tree_pointer(after: list[Action], action: Action, cwd: str) -> str | None:
    """The work tree ``--work-tree DIR`` / ``GIT_WORK_TREE=DIR`` gives the git command ``action`` (the write the
    reader adds right after it), as an absolute path; None when it has none."""
    for b in after[:2]:
        if b.operation == "file.write" and b.arguments[1:2] in (("--work-tree",), ("GIT_WORK_TREE",)) \
                and b.text == action.text and b.target:
            full = _full(b, b.target, cwd)
            return full.rstrip("/") if full is not None else None
    return None


def _discard_source(op: str, arguments: tuple[str, ...]) -> str | None:
    """Where ``git checkout REF -- paths`` / ``git restore --source=REF paths`` take the files from."""
    args = list(arguments)
    if op == "git.restore":
        for j, a in enumerate(args):
            if a.startswith("--source="):
                return a[9:]
            if a in ("-s", "--source") and j + 1 < len(args):
                return args[j + 1]
            if a.startswith("-s") and len(a) > 2:
                return a[2:]
        return None
    before = args[:args.index("--")] if "--" in args else args
    operands = [a for a in before if not a.startswith("-")]
    return operands[0] if operands else None


def _matches_nothing(base: str, pathspecs: tuple[str, ...], source: str | None) -> bool:
    """No pathspec names a file on disk, in the index or in ``source``: git would refuse the command."""
    if any(p.startswith(":") or any(c in p for c in "*?[") or os.path.lexists(os.path.join(base, p)) for p in pathspecs):
        return False
    if _git_lines(base, "ls-files", "--", *pathspecs):
        return False
    return not (source and (_unknown(source) or _git_lines(base, "ls-tree", "-r", "--name-only", source, "--", *pathspecs)))


def _require_force_off(directory: str) -> bool:
    """The repository's ``clean.requireForce`` is off: a plain ``git clean`` deletes untracked files."""
    value = _git_lines(directory, "config", "--type=bool", "--get", "clean.requireForce")
    return bool(value) and value[0].strip() == "false"


def _dirty(repo: RepoContext, untracked: bool) -> list[str]:
    return _git_lines(repo.root, "status", "--porcelain", "-uall" if untracked else "-uno")


def _repo_of(directory: str) -> RepoContext | None:
    from statewise_cli.repo import find_repo

    path = directory
    while not os.path.isdir(path) and os.path.dirname(path) != path:
        path = os.path.dirname(path)
    return find_repo(path)


def _protected_records_of(repo: RepoContext) -> list[Record]:
    """The protected-branch records in another repository's store (a session above the repository)."""
    from statewise_cli.config.paths import STORE_FILENAME
    from statewise_cli.store.db import Store

    try:
        store = Store.open_read_only(os.path.join(repo.store_dir, STORE_FILENAME), repo)
    except Exception:  # noqa: BLE001 - no store, or not readable: no records
        return []
    try:
        return store.active_records("git.branch.protected")
    except Exception:  # noqa: BLE001
        return []
    finally:
        store.close()


def _review_ref(target: str | None) -> bool:
    from statewise_cli.recovery.protected import review_ref

    return review_ref(target)


def _protected(records: list[Record]) -> list[Record]:
    return [r for r in records if r.key == "git.branch.protected" and r.value is True and r.validity != "defective"]


def _ignored_work(line: str) -> bool:
    path = line[3:].strip().strip('"')
    parts = [p for p in path.split("/") if p]
    return not (set(parts) & _REGENERABLE or path.endswith(_REGENERABLE_ENDS) or any(p.endswith(".egg-info") for p in parts))


def _changes_in(directory: str, specs: tuple[str, ...], untracked: bool, pattern: str | None = None) -> list[str]:
    lines = _git_lines(directory, "status", "--porcelain", "-uall" if untracked else "-uno", "--", *specs)
    if pattern:
        lines = [ln for ln in lines if fnmatchcase(ln[3:].strip().strip('"').rstrip("/").rsplit("/", 1)[-1], pattern)]
    return lines


def _overwritten_work(action: Action, repo: RepoContext, cwd: str) -> str:
    """An archive extracted or a tree synced over the work tree (``unzip -o``, ``tar -x``, ``cpio -iu``, ``rsync -a
    [--delete] SRC/ ./``): the uncommitted changes it replaces — those its members name, when the check can list
    them, else every one under the directory it writes (with ``--delete``, untracked files too). "" when none."""
    dest = (action.arguments[0] if action.arguments else ".") if action.operation == "file.extract" else action.target
    full = _full(action, dest or ".", cwd)
    if full is None:
        return ""
    root = os.path.realpath(repo.root)
    real = os.path.realpath(full)
    if not _within(real, root):
        return ""
    rel = os.path.relpath(real, root)
    changes = _changes_in(root, () if rel == "." else (rel,), "delete" in action.flags)
    changes = [c for c in changes if not (c.startswith("??") and not _ignored_work(c))]
    if not changes:
        return ""
    members: list[str] = []
    if action.operation == "file.extract" and action.target:
        from statewise_cli.recovery.trust import archive_members, archive_unknown

        archive = os.path.join(action.cwd and os.path.join(cwd, action.cwd) or cwd, os.path.expanduser(action.target))
        members = archive_members(archive)
        if not members and not archive_unknown(archive, action.text or ""):
            return ""  # not there and nothing on the line makes it: the extraction fails
    if members and "delete" not in action.flags:
        named = {os.path.normpath(os.path.join(rel, m)) for m in members}
        changes = [c for c in changes if os.path.normpath(c[3:].strip().strip('"').split(" -> ")[-1]) in named]
        if not changes:
            return ""
    how = "lists no members the check can read" if not members else "names them"
    return (f"`{action.text.strip()[:120]}` writes over the work tree at `{dest}` and would replace {len(changes)} "
            f"uncommitted change(s), e.g. {changes[0].strip()} (the archive or tree {how}); commit or stash first, "
            "or extract into a new directory")


def _untracked_earlier(earlier: list[Action]) -> bool:
    """An earlier command of the line takes files out of the index and leaves them in the work tree
    (``git rm --cached``): they are untracked when a later clean runs."""
    return any(a.operation == "git.rm" and "--cached" in a.arguments for a in earlier)


def _members_outside(action: Action, cwd: str, root: str, writable: tuple[str, ...]) -> tuple[str, str] | None:
    """(member, where) of the first member of an extracted archive that lands outside the repository and the
    writable places: its name joined to the destination, resolved as the kernel opens it (``..`` and absolute
    names taken as written — the careful side, some extractors strip them unless told not to — and symbolic links
    already on disk followed: ``link-out/x`` with ``link-out -> ../outside``)."""
    from statewise_cli.recovery.trust import archive_members

    dest = _full(action, action.arguments[0] if action.arguments else ".", cwd)
    archive = _full(action, action.target or "", cwd)
    if dest is None or archive is None or os.path.isdir(archive):
        return None
    top = os.path.realpath(root)
    for member in archive_members(archive):
        full = _physical(os.path.join(dest, member.rstrip("/")))
        if not member.strip("/.") or full == dest:
            continue
        real = _real(full, follow_last=False)
        if not _within(real, top) and not _writable(full, writable, False):
            return member, real
    return None


def _made_by_mktemp(full: str, env: Mapping[str, str]) -> bool:
    """A path as ``$(mktemp -d)`` expands it: a template (``tmp.XXXXXXXXXX``) directly in a temp directory."""
    parent, name = os.path.split(full)
    temps = {"/tmp", "/var/tmp", os.path.normpath(env.get("TMPDIR") or "/tmp"), os.path.realpath(env.get("TMPDIR") or "/tmp")}
    return parent in temps and name.endswith("XXX") and len(name) > 3


def _scratch_made_on_the_line(full: str, earlier: list[Action], cwd: str, env: Mapping[str, str]) -> bool:
    """A directory in a temp directory (``/tmp/build-1``) that is not there now and that an earlier ``mkdir`` of the
    same line creates: the line's own scratch tree, as one ``mktemp -d`` made (`mkdir -p /tmp/b && cmake -E rm -r
    /tmp/b`). One that is there already (``mkdir -p`` creates nothing) may hold another program's files."""
    temps = {"/tmp", "/var/tmp", os.path.normpath(env.get("TMPDIR") or "/tmp")}
    parent = os.path.dirname(full)
    if full in temps or not any(parent == t or _within(parent, t) for t in temps) or os.path.lexists(full):
        return False
    top = full
    while os.path.dirname(top) not in temps:
        top = os.path.dirname(top)
    if os.path.lexists(top) and top != full:
        return False  # a tree under an existing directory of the temp place: not only the line's own
    for a in earlier:
        if a.operation == "file.write" and "mkdir" in a.flags and a.target and not _unknown(a.target) \
                and not a.unknown:
            made = _full(a, a.target, cwd)
            if made is not None and (made == full or _within(made, full)):
                return True
    return False


def _anything_to_lose(repo: RepoContext) -> bool:
    """Whether the work tree holds anything a discard could destroy: changes, untracked or ignored
    work (not regenerable output), stashes."""
    lines = _git_lines(repo.root, "status", "--porcelain", "--ignored", "-uall")
    return any(not ln.startswith("!!") or _ignored_work(ln) for ln in lines) or bool(_git_lines(repo.root, "stash", "list"))


_SCRIPT_LIMIT = 64 * 1024


_GLOB_LIMIT = 24  # files of one glob (`*.csproj`, a package's `*.go`) read on the hook path


def _expand_glob(action: Action, cwd: str) -> list[Action]:
    """A tool file named by a pattern (``*.csproj``, ``pkg/*.go``; ``recursive``: the subdirectories too, as
    ``go generate ./...`` walks them) as one action per file, at most :data:`_GLOB_LIMIT`."""
    import glob

    full = _full(action, action.target or "", cwd)
    if full is None:
        return []
    found = sorted(glob.glob(full))
    if "recursive" in action.arguments or "visits" in action.flags:  # `visits`: every file find visits under a root
        head, tail = os.path.split(full)
        found += sorted(glob.glob(os.path.join(head, "**", tail), recursive=True))
    return [action.replace(target=f, arguments=(), flags=action.flags - {"visits"})
            for f in list(dict.fromkeys(found))[:_GLOB_LIMIT]]


def _included(text: str, directory: str, pattern: str) -> list[str]:
    """The files a makefile (``include``/``-include``/``sinclude``) or a CMake list (``include(F)``) pulls in by a
    literal path, relative to its own directory; CMake's directory variables are that directory."""
    import re

    out = []
    for m in re.finditer(pattern, text, re.MULTILINE):
        for word in m.group(1).split():
            word = word.strip("\"'")
            for var in ("${CMAKE_CURRENT_LIST_DIR}", "${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_SOURCE_DIR}",
                        "${PROJECT_SOURCE_DIR}", "$(CURDIR)", "${CURDIR}"):
                word = word.replace(var, directory)
            if word and "$" not in word and "(" not in word:
                out.append(os.path.normpath(os.path.join(directory, os.path.expanduser(word))))
    return out


_MAKE_INCLUDE = r"^\s*(?:-|s)?include\s+(.+)$"
_CMAKE_INCLUDE = r"\binclude\s*\(\s*([^)\s]+)"


def _read_tool_file(full: str, action: Action) -> str | list[Action] | None:
    """The text of a file a command runs as code; a file too large to read on the hook path is screened by its words
    (analysis that cannot complete is never a silent allow); None when there is nothing to read."""
    try:
        size = os.path.getsize(full)
        with open(full, "rb") as fh:
            data = fh.read(_SCRIPT_LIMIT if size <= _SCRIPT_LIMIT else 1 << 20)
    except OSError as exc:
        import errno

        if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.EISDIR):
            return None
        from statewise_cli.actions.normalize import EVERYTHING, _inline

        # a file the command runs that the check cannot open (a loop of links, no permission to read it): what it
        # would do is unknown, never a silent allow
        return [_inline(f"the file {action.target}", "", action.text, f"{action.target}, which the command runs, could "
                        f"not be read ({os.strerror(exc.errno) if exc.errno else exc})", suspects=EVERYTHING)]
    if size > _SCRIPT_LIMIT:
        from statewise_cli.actions.normalize import EVERYTHING, _inline, screen

        suspects = screen(data.decode("utf-8", "replace")) if size <= 1 << 20 else EVERYTHING
        if not suspects:
            return []
        return [_inline(f"the file {action.target}", "", action.text, f"{action.target} is too large to read on the hook "
                        "path, and the command runs it", suspects=suspects)]
    if b"\0" in data:
        return None
    return data.decode("utf-8", "replace")


def _executable(path: str) -> bool:
    """A program file: a script by its shebang, or a file with the executable bit and no extension."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
    except OSError:
        return False
    return head.startswith(b"#!") or head == b"\x7fELF" or (
        os.access(path, os.X_OK) and "." not in os.path.basename(path))


def _named_file_actions(action: Action, cwd: str, repo: RepoContext | None) -> list[Action]:
    """A file or directory outside the repository that a command names (``normalize._named_files``): a directory's
    files (a few levels, a bounded number) and a file read as what it is — a program file by its extension, a
    script by its shebang or its executable bit, anything else as a configuration whose values may be commands."""
    full = _full(action, action.target or "", cwd)
    if full is None or (repo is not None and _within(os.path.realpath(full), os.path.realpath(repo.root))):
        return []
    if os.path.isdir(full):
        real = os.path.realpath(full)
        shared = {"/", "/tmp", "/var/tmp", os.path.realpath(os.path.expanduser("~")),
                  os.path.realpath(os.environ.get("TMPDIR") or "/tmp")}
        if real in shared:
            return []  # a shared place (the scratch root, the home directory) is no directory made for this command
        found: list[str] = []
        for root, dirs, files in os.walk(full):
            if root[len(full):].count(os.sep) >= 3:
                dirs[:] = []
            dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("node_modules", "__pycache__")]
            found += [os.path.join(root, f) for f in sorted(files)]
            if len(found) > 40:
                return []  # a tree this large is a destination or a data set, not a plug-in directory
        if "toolchain" in action.flags:
            # a toolchain's installation: an executable there runs only under its own name (the command's, or one of
            # its subcommands); its configuration and code files are read as for any named directory
            program = action.arguments[0] if action.arguments else ""
            found = [f for f in found if not _executable(f) or (program and (
                os.path.basename(f) == program or os.path.basename(f).startswith(program + "-")))]
        return [action.replace(target=f, cwd="", flags=action.flags - {"toolchain"}) for f in found
                if os.path.getsize(f) <= _SCRIPT_LIMIT]
    if not os.path.isfile(full):
        return []
    from statewise_cli.actions.normalize import _CODE_EXTS

    try:
        with open(full, "rb") as fh:
            head = fh.read(64)
    except OSError:
        return []
    if full.endswith(_CODE_EXTS):
        kind = frozenset({"code"})
    elif head.startswith(b"#!") or (os.access(full, os.X_OK) and "." not in os.path.basename(full)):
        kind = frozenset()
    else:
        kind = frozenset({"commands"})
    return _script_actions(action.replace(target=full, cwd="", flags=kind | {"expanded"}), cwd, repo)


def _operand_file_actions(action: Action, cwd: str, repo: RepoContext | None) -> list[Action]:
    """A file handed to a program the normalizer does not model (``normalize._operand_files``), read like a task file
    when the agent wrote it (the record of written files) or when it is already in the repository and is no prose (a
    program nobody modelled may obey what a document, debugger or script file says): a protected operation its text
    shows gets the protected answer. Prose files the agent did not write are not read."""
    if repo is None:
        return []
    full = _full(action, action.target or "", cwd)
    if full is None:
        return []
    from statewise_cli.recovery import written

    if os.path.isdir(full):
        # a directory handed over (a harness that runs the files under it): the agent's non-prose files there
        return [b for path in written.run_by("project-code", [(full, True)], repo.store_dir)[:16]
                for b in _operand_file_actions(action.replace(target=path, cwd=""), cwd, repo)]
    mine = full in written.recorded(repo.store_dir)
    if not mine and ("written-only" in action.flags or not _repo_code(full, repo) or action.arguments[:1] and str(
            action.arguments[0]) in _OWN_FILE_MODELS):
        return []
    failed = lookup_failure(full)
    if failed:
        from statewise_cli.actions.normalize import EVERYTHING, _inline

        return [_inline(f"the file {action.target}", "", action.text, f"`{action.target}`, which a program runs or "
                        f"reads, could not be looked up ({failed})", suspects=EVERYTHING)]
    if not os.path.isfile(full):
        return []
    read = _read_tool_file(full, action)
    if not isinstance(read, str):
        return read or []
    from statewise_cli.actions.normalize import operand_file_actions

    return operand_file_actions(read, full, action.text, repo.branch, written=mine)


# Programs whose own model reads the files they are given (a makefile's targets, a task file's recipes): a repository
# file handed to them is judged by that model, not read whole.
_OWN_FILE_MODELS = frozenset({"make", "gmake", "just", "cmake", "ninja", "task", "rake", "invoke", "nox", "tox"})


def _repo_code(full: str, repo: RepoContext) -> bool:
    """A file of the repository's work tree that is no prose (``written._project_code``): one a program may obey."""
    from statewise_cli.recovery.written import _project_code

    root = os.path.join(repo.root, "")
    return full.startswith(root) and _project_code(full)


def lookup_failure(path: str) -> str:
    """Why a lookup of ``path`` cannot finish — a loop or a chain of symbolic links too long to follow, a directory on
    the way that cannot be searched, a name too long — else "" (a path that does not exist is no failure)."""
    import errno

    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            return ""
        return os.strerror(exc.errno or 0) if exc.errno else str(exc)
    except ValueError as exc:
        return str(exc)
    return ""


def _script_actions(action: Action, cwd: str, repo: RepoContext | None) -> list[Action]:
    """What a shell script file the action runs would do (``sh cleanup.sh``, ``./p.sh``, ``source x.sh``), read from
    disk: defence in depth for a script written by an earlier tool call. A file that is no shell script (a binary,
    another interpreter's shebang) is not followed; one too large to read on the hook path is screened by its words."""
    if "named" in action.flags:
        return _named_file_actions(action, cwd, repo)
    if "operand-file" in action.flags:
        return _operand_file_actions(action, cwd, repo)
    if "make" in action.flags:
        base = _base(action, cwd)
        names = [action.target] if action.target else ["GNUmakefile", "makefile", "Makefile"]
        full = next((os.path.join(base, n) for n in names if base and os.path.isfile(os.path.join(base, n))), None)
    else:
        full = _full(action, action.target or "", cwd)
        if (full is not None and "code" in action.flags and action.arguments[:1]
                and action.arguments[0].startswith(("python", "pypy")) and os.path.isdir(full)):
            full = os.path.join(full, "__main__.py")  # Python handed a directory runs the `__main__.py` in it
    if full is not None and not os.path.isfile(full) and lookup_failure(full):
        from statewise_cli.actions.normalize import EVERYTHING, _inline

        # a file the command runs whose lookup cannot finish (a loop or too long a chain of links, a directory that
        # may not be searched): what it would do is unknown, never a silent allow
        return [_inline(f"the file {action.target}", "", action.text, f"`{action.target}`, which the command runs, "
                        f"could not be looked up ({lookup_failure(full)})", suspects=EVERYTHING)]
    if full is None or not os.path.isfile(full):
        return []
    if "pickle" in action.flags:
        return _pickle_actions(full, action, repo)
    read = _read_tool_file(full, action)
    if not isinstance(read, str):
        return read or []
    text = read
    first = text.split("\n", 1)[0]
    from statewise_cli.actions import normalize

    branch = repo.branch if repo else None
    if action.flags & {"code", "task-code"}:
        # a program file: the shell commands it hands over as literals and the files it names (no keyword screen:
        # whole programs are full of words like `push`); a file a build or task tool runs (a noxfile, tasks.py, a
        # conftest, setup.py) also for every literal that is a command line (`c.run("git …")`)
        inner = normalize.code_file_actions(text, (), action.text)
        shown_list = normalize.shell_calls(text)
        if (os.path.basename(full) in normalize.RUBY_PERL_FILES or full.endswith(normalize.RUBY_PERL_EXTS)
                or action.arguments[:1] == ("perl",)):
            shown_list += [c for c in normalize.backtick_calls(text) if c not in shown_list]
        if "task-code" in action.flags:
            literal, paths = normalize.config_commands(text)
            shown_list += [c for c in literal if c not in shown_list]
            inner += [Action(tool="Bash", operation="shell.script", risk="read-only", target=p, text=action.text,
                             flags=frozenset({"code"}) if p.endswith(normalize._CODE_EXTS) else frozenset())
                      for p in paths if p.endswith((*normalize._CODE_EXTS, ".sh", ".bash"))]  # programs, not data
        for shown in shown_list:
            inner += normalize.normalize_shell(shown, branch, _depth=1)
    elif "make" in action.flags:
        for extra in _included(text, os.path.dirname(full), _MAKE_INCLUDE)[:8]:
            more = _read_tool_file(extra, action) if os.path.isfile(extra) else None
            if isinstance(more, list):
                return more
            text += "\n" + (more or "")
        inner = normalize.normalize_shell(normalize.make_commands(text, action.arguments), branch, _depth=1)
    elif "npm-script" in action.flags:
        inner = [b for shown in normalize.package_script_commands(text, action.arguments[0] if action.arguments else "")
                 for b in normalize.normalize_shell(shown, branch, _depth=1)]
    elif "cmake" in action.flags:
        inner = [b for shown in normalize.cmake_commands(text) for b in normalize.normalize_shell(shown, branch, _depth=1)]
        inner += [Action(tool="Bash", operation="shell.script", risk="read-only", target=f, text=action.text,
                         flags=frozenset({"cmake"})) for f in _included(text, os.path.dirname(full), _CMAKE_INCLUDE)[:8]]
    elif "specs" in action.flags:
        # a compiler driver's spec file: the programs its spec strings name, read next like scripts the line runs
        inner = normalize._spec_file_runs(text, action, {}, branch, 0)
    elif "commands" in action.flags:
        # a tool's configuration: the command strings it holds, and executables its values name (read next: a program
        # file by its extension, anything else as a script)
        from statewise_cli.actions.hidden import operand_commands

        # (with the escapes a string table uses decoded: `c"git … main\00"` names main)
        shown_list, paths = operand_commands(text), normalize.config_commands(text)[1]
        inner = [b for shown in shown_list for b in normalize.normalize_shell(shown, branch, _depth=1)]
        inner += [Action(tool="Bash", operation="shell.script", risk="read-only", target=p, text=action.text,
                         flags=frozenset({"code"}) if p.endswith(normalize._CODE_EXTS) else frozenset())
                  for p in paths]
    elif "compose" in action.flags:
        # a bind mount is a write of its source by the container: relative to the compose file, `${HOME}` the home
        inner = []
        for source in normalize.compose_mounts(text):
            for var in ("${HOME}", "$HOME"):
                if source.startswith(var):
                    source = "~" + source[len(var):]
            if source.startswith(("${PWD}", "$PWD")):
                source = "." + source.partition("}")[2] if source.startswith("${") else "." + source[4:]
            path = source if source.startswith(("/", "~", "$")) else os.path.join(os.path.dirname(full), source)
            inner.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path,
                                arguments=(action.target or "",), text=action.text,
                                unknown=f"`{source}` is interpolated by compose" if "$" in path else ""))
        return [b.replace(text=action.text) for b in inner]
    elif "devcontainer" in action.flags or "curl-config" in action.flags:
        inner = _hidden_config_actions(text, action, branch)
    elif "go-generate" in action.flags:
        inner = [b for line in text.splitlines() if line.startswith("//go:generate ")
                 for b in normalize.normalize_shell(line[len("//go:generate "):], branch, _depth=1)]
    elif "notebook" in action.flags:
        inner = _notebook_actions(text, action, branch)
    elif "pytest-config" in action.flags:
        inner = _pytest_plugins(text, action, os.path.dirname(full))
    elif "just" in action.flags:
        inner = normalize.normalize_shell(normalize.just_commands(text, action.arguments), branch, _depth=1)
    elif "node-env" in action.flags:
        # NODE_OPTIONS in an env file: the modules it loads are read like program files
        import shlex

        inner = []
        for line in text.splitlines():
            key, eq, value = line.strip().removeprefix("export ").partition("=")
            if eq and key.strip() == "NODE_OPTIONS":
                inner += normalize.normalize_shell(f"NODE_OPTIONS={shlex.quote(value.strip().strip(chr(39) + chr(34)))} node -e 0",
                                                   branch, _depth=1)
    elif first.startswith("#!") and not any(sh in first for sh in ("sh", "bash", "dash", "zsh", "ksh")):
        return []
    else:
        inner = normalize.normalize_shell(text, branch, _depth=1, variables=_positional(action))
    where = action.cwd
    return [b.replace(cwd=(os.path.join(where, b.cwd) if b.cwd and not b.cwd.startswith("/") else b.cwd or where)
                      if where else b.cwd, text=action.text) for b in inner if b.operation != "shell.empty"]


def _positional(action: Action) -> dict[str, str] | None:
    """The positional parameters (``$1`` …) of a script the command runs by name with words it shows literally
    (``./bin/export 2026-12-08``, ``sh x.sh a b``): what the shell gives the script's ``$1``, ``${2}``. A word the
    shell expands or globs leaves that parameter and the later ones unknown."""
    if "argv" not in action.flags or not action.arguments:
        return None
    from statewise_cli.actions.shell import unknown

    words = list(action.arguments)
    if action.target in words:  # `sh FILE a b`: the parameters follow the file's name
        words = words[words.index(action.target or "") + 1:]
    known: dict[str, str] = {}
    for k, word in enumerate(words[:9], 1):
        if unknown(word) or any(c in word for c in "*?["):  # expanded or globbed by the shell: not this word
            break
        known[str(k)] = word
    return known or None


def _pickle_actions(full: str, action: Action, repo: RepoContext | None) -> list[Action]:
    """What loading a pickle runs: the string constants of one that calls into a module that runs commands or code,
    judged as commands; one too large to read, or one whose call the check cannot see, gets the protected answer."""
    from statewise_cli.actions import hidden, normalize

    try:
        if os.path.getsize(full) > 1 << 20:
            return [normalize._inline("pickle", "", action.text, f"{action.target} is too large to read on the hook path")]
        with open(full, "rb") as fh:
            data = fh.read()
    except OSError:
        return []
    runs, strings = hidden.pickle_strings(data)
    if not runs:
        return []
    branch = repo.branch if repo else None
    out = [b.replace(text=action.text) for s in strings[:16] if s.strip()
           for b in normalize.normalize_shell(s, branch, _depth=1) if b.operation != "shell.empty"]
    suspects = normalize.screen("\n".join(strings)) if strings else normalize.EVERYTHING
    if suspects or not out:
        out.append(normalize._inline("pickle", "\n".join(strings)[:500], action.text,
                                     f"loading {action.target} calls code the check cannot follow",
                                     suspects=suspects or normalize.EVERYTHING))
    return out


def _hidden_config_actions(text: str, action: Action, branch: str | None) -> list[Action]:
    """A development container's commands (``initializeCommand`` runs on the host, the others in a container that
    mounts the work tree) and the files a curl configuration writes (``output = …``); a configuration that cannot be
    read is code the check cannot follow."""
    from statewise_cli.actions import hidden, normalize

    if "curl-config" in action.flags:
        return [Action(tool="Bash", operation="file.write", risk="local-mutation", target=t, arguments=("curl",),
                       text=action.text) for t in hidden.curl_config_writes(text)]
    shown = hidden.json_commands(text, _DEVCONTAINER_KEYS)
    if "\x00" in shown:
        return [normalize._inline("devcontainer", "", action.text,
                                  f"{action.target} holds commands the check cannot read")]
    return [b for line in shown for b in normalize.normalize_shell(line, branch, _depth=1)]


_DEVCONTAINER_KEYS = ("initializeCommand", "onCreateCommand", "updateContentCommand", "postCreateCommand",
                      "postStartCommand", "postAttachCommand")


def _notebook_actions(text: str, action: Action, branch: str | None) -> list[Action]:
    """What executing a notebook runs: each code cell as a program (its literal commands and files), its ``!cmd``
    lines and ``%%bash``/``%%sh``/``%%script`` cells as shell commands; a notebook that is no JSON is read whole."""
    from statewise_cli.actions import normalize
    from statewise_cli.fast import jsonfast as json  # no `re` on the hook path (see jsonfast)

    try:
        cells = json.loads(text).get("cells") or []
        sources = ["".join(c.get("source") or "") if isinstance(c.get("source"), list) else str(c.get("source") or "")
                   for c in cells if isinstance(c, dict) and c.get("cell_type") == "code"]
    except (ValueError, AttributeError, TypeError):
        sources = [text]
    inner: list[Action] = []
    for source in sources:
        head, _, body = source.partition("\n")
        if head.strip().startswith(("%%bash", "%%sh", "%%script", "%%system")):
            inner += normalize.normalize_shell(body, branch, _depth=1)
            continue
        shell_lines = [ln.strip()[1:].lstrip("!") for ln in source.splitlines() if ln.strip().startswith("!")]
        shell_lines += [ln.strip()[7:] for ln in source.splitlines() if ln.strip().startswith("%system ")]
        for line in shell_lines:
            inner += normalize.normalize_shell(line, branch, _depth=1)
        inner += normalize.code_file_actions(source, (), action.text)
        for shown in normalize.shell_calls(source):
            inner += normalize.normalize_shell(shown, branch, _depth=1)
    return inner


def _pytest_plugins(text: str, action: Action, directory: str) -> list[Action]:
    """The plugin modules a pytest configuration loads (``-p NAME`` in ``addopts``, ``pytest_plugins``, ``required_plugins``
    are installed ones), looked up in the directory and the ``pythonpath`` it sets, read like a conftest."""
    import re

    if "pytest" not in text and "addopts" not in text:
        return []
    names = re.findall(r"""(?:^|[\s"'\[,=])-p\s*([\w.]+)""", text)
    for m in re.finditer(r"pytest_plugins\s*=\s*(\[[^\]]*\]|\([^)]*\)|['\"][^'\"]+['\"])", text):
        names += re.findall(r"['\"]([\w.]+)['\"]", m.group(1))
    roots = [directory]
    for m in re.finditer(r"(?m)^\s*pythonpath\s*=\s*(.+)$", text):
        roots += [os.path.join(directory, w.strip("\"',[] ")) for w in m.group(1).split() if w.strip("\"',[] ")]
    out = []
    for name in dict.fromkeys(n for n in names if not n.startswith("no:")):
        rel = name.replace(".", "/")
        for root in roots:
            for candidate in (f"{rel}.py", f"{rel}/__init__.py"):
                out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=os.path.join(root, candidate),
                                  text=action.text, flags=frozenset({"task-code"})))
    return out


def _git_internals(real: str, repo: RepoContext) -> str | None:
    """What a write or delete of ``real`` changes among git's own records when it is inside the repository's git
    directory (refs, reflogs, objects, the index, HEAD): those are git's to change (``git stash drop``,
    ``git branch -D``), a direct write bypasses every safety the check applies to them. Lock files, hooks, config
    and the rest are not records of work."""
    for directory in {os.path.realpath(repo.common_dir), os.path.realpath(repo.git_dir)}:
        if not _within(real, directory) or real == directory:
            continue
        rel = os.path.relpath(real, directory)
        if rel.endswith(".lock"):
            return None
        if rel in ("refs/stash", "logs/refs/stash"):
            return "the stash (stashed work)"
        top = rel.split(os.sep, 1)[0]
        if top in ("refs", "logs", "objects") or rel in ("packed-refs", "index", "HEAD", "ORIG_HEAD", "shallow"):
            return f"git's records ({rel})"
    return None


def _scratch_dirs(env: Mapping[str, str], repo: RepoContext | None) -> tuple[str, ...]:
    """The temp directory this session's environment names (``$TMPDIR``), as a scratch place like /tmp — unless it
    holds the repository or the home directory (then it is no scratch place)."""
    tmp = env.get("TMPDIR") or ""
    if not tmp.startswith("/"):
        return ()
    real = os.path.realpath(tmp)
    if real == "/" or any(p and (_within(os.path.realpath(p), real)) for p in (repo.root if repo else "", env.get("HOME") or "")):
        return ()
    return (real.rstrip("/") + "/**", real)


def _undetermined(action: Action, what: str) -> str:
    return f"the target could not be determined: {action.unknown or what}"


def _written_runs(action: Action, cwd: str, repo: RepoContext | None) -> list[Action]:
    """The files of the agent's own record of writes (recovery/written.py) a test runner would execute: each is read
    like a file a task tool runs (its literal commands, argv lists, files it names)."""
    if repo is None or not action.arguments:
        return []
    from statewise_cli.recovery import written

    base = _base(action, cwd)
    if base is None:
        return []
    kind, operands = action.arguments[0], action.arguments[1:]
    if "convention" in action.flags:
        # a program handed an existing file or directory works on that (its files are read as its operands), not on
        # whatever the agent wrote where it runs
        if any(os.path.exists(os.path.join(base, os.path.expanduser(w))) for w in operands[1:]):
            return []
        operands = operands[:1]
    scopes: list[tuple[str, bool]] = []
    if kind == "project-code" and not operands:
        base = repo.root  # a tool's configuration may name any file of the project
    for operand in operands or ("",):
        recursive = kind != "go-tests" or operand.endswith("...")
        full = os.path.normpath(os.path.join(base, os.path.expanduser(operand.removesuffix("...").rstrip("/") or ".")))
        scopes.append((full, recursive if os.path.isdir(full) else False))
    found = written.run_by(kind, scopes, repo.store_dir)[:32]
    if "convention" in action.flags:
        # files a program nobody modelled may find where it runs: read like files it is handed (their commands, the
        # paths they name outside the repository or on a guard file)
        return [Action(tool="Bash", operation="shell.script", risk="read-only", target=path, text=action.text,
                       arguments=action.arguments[:0], flags=frozenset({"operand-file", "written-only"}))
                for path in found[:16]]
    return [Action(tool="Bash", operation="shell.script", risk="read-only", target=path, text=action.text,
                   flags=frozenset() if _shell_file(path) else frozenset({"task-code"}))
            for path in found]


def _shell_file(path: str) -> bool:
    """A shell script (by its extension or its `#!` line): read as one, not as a program file."""
    if path.endswith((".sh", ".bash")):
        return True
    if "." in os.path.basename(path):
        return False
    try:
        with open(path, "rb") as fh:
            first = fh.readline(200)
    except OSError:
        return False
    return first.startswith(b"#!") and first.split(b"/")[-1].split()[:1] in ([b"sh"], [b"bash"], [b"dash"], [b"zsh"]) \
        or first.startswith(b"#!/usr/bin/env") and any(w in first.split()[1:2] for w in (b"sh", b"bash", b"dash", b"zsh"))


def expand_scripts(actions: list[Action], cwd: str, repo: RepoContext | None) -> list[Action]:
    """The actions with what the files they run would do (scripts, task and build files, configurations a tool
    loads), read from disk; a file may name another one (`script-shell=/x`, NODE_OPTIONS, an include), followed
    four levels deep. Idempotent: a file already read is marked ``expanded``."""
    for _level in range(4):
        if not any(a.operation == "shell.script" and "read" not in a.flags and "expanded" not in a.flags for a in actions):
            break
        expanded: list[Action] = []
        for action in actions:
            if action.operation == "shell.script" and "read" not in action.flags and "expanded" not in action.flags:
                expanded.append(action.replace(flags=action.flags | {"expanded"}))
                if "written" in action.flags:
                    expanded.extend(_written_runs(action, cwd, repo))
                elif action.target and ("*" in action.target or "visits" in action.flags):
                    expanded.extend(_expand_glob(action, cwd))
                elif action.target or "make" in action.flags:
                    expanded.extend(_script_actions(action, cwd, repo))
            else:
                expanded.append(action)
        actions = expanded
    return actions


def check(actions: list[Action], records: list[Record], repo: RepoContext | None, cwd: str,
          settings: Settings, env: Mapping[str, str] | None = None) -> list[Violation]:
    from statewise_cli.recovery.trust import INVARIANT, reasons

    # The guard's own state and configuration: not an invariant a config file can disable.
    env = env if env is not None else os.environ
    actions = expand_scripts(actions, cwd, repo)
    found = [Violation(INVARIANT, action, reason) for action, reason in reasons(actions, repo, cwd, env)]
    disabled = set(settings.policy.disable_invariants)
    configured = tuple(settings.policy.writable_paths)
    writable = configured + DEFAULT_WRITABLE + _scratch_dirs(env, repo)
    perms = {"deny": settings.permissions.deny, "ask": settings.permissions.ask}
    dirty_cache: dict[bool, list[str]] = {}

    def dirty(untracked: bool) -> list[str]:
        if untracked not in dirty_cache:
            dirty_cache[untracked] = _dirty(repo, untracked) if repo else []
        return dirty_cache[untracked]

    def keep(action: Action, detail: str) -> None:
        if "keep-uncommitted-work" not in disabled:
            found.append(Violation("keep-uncommitted-work", action, detail))

    said = "`{}` would destroy {} uncommitted change(s), e.g. {}"
    for index, action in enumerate(actions):
        op = action.operation
        for verdict in ("deny", "ask"):
            for pattern in perms[verdict]:
                if fnmatchcase(op, pattern):
                    found.append(Violation("permission", action, f"{op} requires {verdict} by [permissions] in .statewise.toml", verdict))
        if op in ("shell.unparsed", "shell.exec"):
            what = "this command could not be parsed" if op == "shell.unparsed" else _undetermined(action, "code it runs")
            if ("push" in action.flags or action.risk == "remote") and "protected-branch" not in disabled and _protected(records):
                found.append(Violation("protected-branch", action,
                                       f"{what}, and it may push to a protected branch; run the git command on its own, "
                                       "without unbalanced quotes, inline code or a multi-kilobyte line"))
            if "discard" in action.flags and (repo is None or _anything_to_lose(repo)):
                keep(action, f"{what}, and it may discard uncommitted work (reset --hard, checkout, clean, stash drop); "
                             "run the git command on its own")
            if "delete" in action.flags and "rm-inside-repository" not in disabled:
                found.append(Violation("rm-inside-repository", action,
                                       f"{what}, and it may delete recursively outside the repository; run rm on its own "
                                       "with literal paths"))
            continue
        action_repo, base = repo, cwd
        if action.cwd:
            where = _base(action, cwd)
            base = where or cwd
            action_repo = _repo_of(where) if where else None
            if (op.startswith("git.") and op != "git.push" and action.risk in ("local-mutation", "destructive")
                    and repo is not None and "write-inside-repository" not in disabled):
                # git run in another directory (`git -C ../x init`, `cd ../origin.git && git update-ref …`) writes
                # that directory's files and refs: a write outside the repository like any other
                from statewise_cli.actions.normalize import _git_reads_only

                if where is None:
                    if _git_reads_only(op[4:], [a for a in action.arguments if not a.startswith("--output=")]):
                        pass  # a reading form writes nothing there (the file `--output=F` names is judged on its own)
                    else:
                        found.append(Violation("write-inside-repository", action,
                                               f"`{action.text.strip()[:120]}` runs git in a directory that could not "
                                               f"be determined ({action.cwd}); it may write outside the repository"))
                elif not _within(_real(where), os.path.realpath(repo.root)) and not _writable(where, writable):
                    found.append(Violation("write-inside-repository", action,
                                           f"`{action.text.strip()[:120]}` runs `git {op[4:]}` in {where}, outside the "
                                           f"repository {repo.root}: it writes there"))
        if (op == "git.push" and "protected-branch" not in disabled and action.risk != "read-only"
                and not _review_ref(action.target)):
            usable = records
            if action.cwd and action_repo is not None and (repo is None or action_repo.root != repo.root):
                usable = records + _protected_records_of(action_repo)
            protected = _protected(usable)
            followed = _symbolic_branch(action_repo, action)
            if followed:
                import fnmatch

                from statewise_cli.recovery.protected import protected_push_violations as _named

                # the name as written is judged first: only a name that protects nothing itself stands for the
                # branch its symbolic ref points at (the ref on disk may be re-pointed or removed by the line)
                if not list(_named([action], usable)) and not (protected and action.target and any(
                        r.scope.startswith("branch:") and fnmatch.fnmatchcase(action.target, r.scope[7:])
                        for r in protected)):
                    action = action.replace(target=followed)
            target = action.target or "?"
            how = "force-push" if "force" in action.flags else "delete" if "delete" in action.flags else "push"
            if target == "?" and action.unknown:
                if protected:
                    found.append(Violation("protected-branch", action,
                                           f"{how}: {_undetermined(action, 'the branch')}; protected branches here: "
                                           + ", ".join(sorted({r.scope for r in protected}))))
                continue
            if any(c in target for c in "*?[") and target != "?":
                hits = [r for r in protected if r.scope.startswith("branch:")
                        and (fnmatchcase(r.scope[7:], target) or fnmatchcase(target, r.scope[7:]))]
                if hits:
                    found.append(Violation("protected-branch", action,
                                           f"{how} to `{target}`, a pattern that matches {hits[0].scope}, protected by "
                                           f"{hits[0].key} ({hits[0].source})"))
                continue
            from statewise_cli.recovery.protected import protected_push_violations, remote_wide_only

            for _, record in protected_push_violations([action], usable):
                if record.source.startswith("memory-file:") and repo is not None:
                    from statewise_cli.recovery.premises_git import memory_protection_released

                    if memory_protection_released(record.source, action, repo.root):
                        continue  # a dated record of the repository releases the memory line for this push
                kinds = remote_wide_only(record.evidence) if record.source.startswith("verifier:") else None
                if kinds is not None:
                    # The remote's receive.deny* settings name no branch: they reject only what they say.
                    if not action.flags & kinds:
                        continue
                    setting = "receive.denyNonFastForwards" if "force" in action.flags else "receive.denyDeletes"
                    found.append(Violation(
                        "protected-branch", action,
                        f"{how} to `{action.target}`: the remote rejects it on every branch ({setting} = true; "
                        f"{record.key} [{record.scope}] ({record.source}))",
                        alternative=("keep the remote's history: add a commit on top instead of rewriting, or push the "
                                     "rewritten commits to a new branch: `git push origin HEAD:refs/heads/<new-branch>`")
                        if "force" in action.flags else "leave the branch on the remote; the remote refuses deletions"))
                    continue
                tag = _is_tag(action_repo, str(action.target or ""))
                found.append(Violation("protected-branch", action,
                                       f"{how} to `{action.target}`" + (" (a tag)" if tag else "") +
                                       f", protected by {record.key} [{record.scope}] ({record.source})",
                                       alternative=("keep the tag local: the remote accepts it only from whoever its "
                                                    "rules name; tell the developer it is ready") if tag else ""))
        if "keep-uncommitted-work" not in disabled and op.startswith("git.") and (
                "discard" in action.flags or "stash-drop" in action.flags or (op == "git.clean" and "force" in action.flags)
                or (op == "git.clean" and "unforced" in action.flags and action_repo is not None
                    and _require_force_off(base if action.cwd else cwd))):
            text = action.text.strip()[:120]
            if action.cwd and _base(action, cwd) is None:
                keep(action, f"`{text}` runs in a directory that could not be determined ({action.cwd}), "
                             "where it may destroy uncommitted work")
                continue
            where = _base(action, cwd) if action.cwd else None
            back = _work_tree_pointer(actions[index + 1:], action, cwd) if action.cwd and repo is not None else None
            if back is not None and repo is not None and "stash-drop" not in action.flags and \
                    _within(_real(back), _real(repo.root)):
                # `git -C ELSEWHERE --work-tree=DIR reset --hard` with DIR in this work tree (from a linked work tree,
                # another repository, a bare one): the files it overwrites are this work tree's
                where = base = back
                action_repo = repo
            elif where is not None and not os.path.lexists(where) and repo is not None and \
                    _linked_earlier(where, actions[:index], cwd, repo.root):
                # a linked work tree of this repository the line adds: its stash (and every ref) is this repository's;
                # its own files are a fresh checkout
                if "stash-drop" not in action.flags:
                    continue
                where = base = cwd
                action_repo = repo
            if where is not None and not os.path.lexists(where):
                if repo is not None and _anything_to_lose(repo) and not _made_earlier(where, actions[:index], cwd):
                    # git would refuse a directory that is not there — or the check is not looking where
                    # the command runs: not a silent allow while this work tree holds something to lose
                    keep(action, f"`{text}` runs in `{action.cwd}`, which does not exist here ({where}): git would "
                                 "refuse it, or it runs somewhere the check cannot see, where it may destroy "
                                 "uncommitted work")
                continue
            if action_repo is None:
                continue
            if any(_unknown(p) for p in action.pathspecs):
                if dirty(True):
                    keep(action, f"`{text}`: {_undetermined(action, 'the paths it overwrites')}, and the work tree "
                                 f"holds uncommitted changes, e.g. {dirty(True)[0].strip()}")
                continue
            if "stash-drop" in action.flags:
                entries = _git_lines(base, "stash", "list")
                if entries:
                    keep(action, f"`{text}` would drop stashed work: {len(entries)} stash entr"
                                 f"{'y' if len(entries) == 1 else 'ies'}, e.g. {entries[0].strip()[:80]}")
                elif any("stash-push" in a.flags for a in actions[:index]):
                    changes = _changes_in(base, (), False)
                    if changes:
                        keep(action, f"`{text}` stashes {len(changes)} uncommitted change(s) and then drops the stash, "
                                     f"e.g. {changes[0].strip()}")
                continue
            if op == "git.clean":
                ignored_only = "ignored-only" in action.flags
                lines = [] if ignored_only else [c for c in _changes_in(base, action.pathspecs, True) if c.startswith("??")]
                if "ignored" in action.flags or ignored_only:
                    lines += [c for c in _git_lines(base, "status", "--porcelain", "--ignored", "-uall", "--",
                                                    *action.pathspecs) if c.startswith("!!") and _ignored_work(c)]
                if not ignored_only and _untracked_earlier(actions[:index]):
                    # `git rm --cached PATH` earlier on the line makes PATH's files untracked: clean takes their changes
                    lines += [c for c in _changes_in(base, action.pathspecs, False) if not c.startswith("??")]
                if lines:
                    keep(action, said.format(text, len(lines), lines[0].strip()))
                continue
            changes = _changes_in(base, () if "all" in action.flags else action.pathspecs, False)
            if changes and ("all" in action.flags or action.pathspecs):
                keep(action, said.format(text, len(changes), changes[0].strip()))
            elif (not changes and action.pathspecs and "all" not in action.flags and op in ("git.checkout", "git.restore")
                  and action.risk == "destructive" and _matches_nothing(base, action.pathspecs, _discard_source(op, action.arguments)) and dirty(True)):
                # a path git knows nowhere: git refuses it — or the check resolved it against the wrong place
                keep(action, f"`{text}`: {', '.join(action.pathspecs[:3])} matches no file git knows here, so the "
                             "check cannot tell what it overwrites (git would refuse it, or it is relative to another "
                             f"directory), and the work tree holds uncommitted changes, e.g. {dirty(True)[0].strip()}")
        if (op == "git.branch" and "delete" in action.flags and "keep-uncommitted-work" not in disabled
                and action_repo is not None and not action.unknown):
            for name, count, example in _unmerged_branches(base, action.arguments):
                keep(action, f"`{action.text.strip()[:120]}` would delete branch `{name}` and {count} commit(s) that no "
                             f"other branch, remote or tag has, e.g. {example}; merge or push it first, or delete it "
                             "with `git branch -d`, which refuses unmerged work")
        if (op == "git.reset" and "keep-uncommitted-work" not in disabled and action_repo is not None
                and not action.unknown):
            dropped = _commits_a_reset_drops(base, action.arguments)
            if dropped:
                target, count, example = dropped
                remote, _, branch = target.partition("/")
                alternative = (f"`git pull --rebase {remote} {branch}` replays them on top of `{target}`"
                               if branch and "@" not in target else "`git pull --rebase` replays them on top of the "
                               "remote's state")
                found.append(Violation("keep-uncommitted-work", action, (
                    f"`{action.text.strip()[:120]}` moves the branch to `{target}` and drops {count} commit(s) that no "
                    f"other branch, remote or tag has, e.g. {example}"), alternative=alternative))
        if op == "file.delete" and "recursive" in action.flags:
            target = action.target or "?"
            full = _full(action, target, cwd)
            if full is None:
                if "rm-inside-repository" not in disabled:
                    found.append(Violation("rm-inside-repository", action,
                                           f"recursive rm: {_undetermined(action, target)}; it may lie outside the repository"))
                continue
            follow = target.endswith("/") or os.path.basename(full) in ("", ".", "..")
            real = _real(full, follow)
            # Only a developer's own writable_paths lift this: the default scratch places (/tmp) are for writes,
            # and a recursive rm there may take another program's files. A directory `mktemp` made on this
            # command line is the command's own.
            if (not repo or not _within(real, os.path.realpath(repo.root))) and not _writable(full, configured, follow) \
                    and not _made_by_mktemp(full, env or os.environ) \
                    and not _scratch_made_on_the_line(full, actions[:index], cwd, env or os.environ):
                if "rm-inside-repository" not in disabled:
                    shown = target if real == full else f"{target}` (really `{real}`)"
                    found.append(Violation("rm-inside-repository", action,
                                           f"recursive rm of `{shown.rstrip('`')}` outside the repository"))
                continue
            owner = _repo_of(real) if os.path.exists(real) else _repo_of(os.path.dirname(real))
            if owner is None:
                continue
            root, git_dir = os.path.realpath(owner.root), os.path.realpath(owner.git_dir)
            refused = os.path.basename(target.rstrip("/")) in (".", "..")  # rm refuses `.` and `..` itself
            if _within(real, git_dir) or _within(real, os.path.realpath(owner.common_dir)) or (
                    not refused and not any(c in target for c in "*?[") and _within(git_dir, real)
                    and repo is not None and root == os.path.realpath(repo.root)):  # the whole session repository
                keep(action, f"`{action.text.strip()[:120]}` deletes the repository's git directory ({real}): its history "
                             "and every uncommitted change")
                continue
            whole = _within(root, real)
            glob = any(c in target for c in "*?[")
            spec = () if whole else (os.path.relpath(real, root) if not glob else os.path.relpath(full, root),)
            changes = _changes_in(root, spec, True, action.pattern)
            # untracked build output (`*.pyc`, `__pycache__/`, `dist/` …) is regenerated, not uncommitted work
            changes = [c for c in changes if not (c.startswith("??") and not _ignored_work(c))]
            if not (whole or glob):
                changes = [c for c in changes if not c.startswith("??")]
            if changes:
                keep(action, said.format(action.text.strip()[:120], len(changes), changes[0].strip()))
        if "overwrite" in action.flags and op in ("file.extract", "file.operand") and repo is not None \
                and "keep-uncommitted-work" not in disabled:
            over = _overwritten_work(action, repo, cwd)
            if over:
                keep(action, over)
        writes = op in ("file.write", "file.create", "edit", "file.move", "shell.inline-edit", "file.operand") or (
            op == "file.delete" and "recursive" not in action.flags)  # deleting a file writes it
        if writes and action.target and repo and "write-inside-repository" not in disabled:
            targets = [action.target] + ([action.arguments[1]] if op == "file.move" and len(action.arguments) > 1 else [])
            verb = "deletes" if op == "file.delete" else "writes"
            if op == "file.operand":  # an operand of a program not known to only read it
                verb = f"passes `{action.arguments[0] if action.arguments else 'a program'}` an operand it may write:"
            for target in targets:
                full = _full(action, target, cwd)
                if "tool-install" in action.flags and _pinned_by_repository(action.arguments, repo.root):
                    continue  # the repository's own toolchain, at the version it pins
                if full is None:
                    found.append(Violation("write-inside-repository", action,
                                           f"{verb} {_undetermined(action, target)}; it may lie outside the repository"))
                    continue
                failed = lookup_failure(full if op != "file.delete" else os.path.dirname(full) or ".")
                if failed:
                    # a lookup the check cannot finish (a loop or too long a chain of links, a directory it may not
                    # search) is no answer: where the write lands is unknown
                    found.append(Violation("write-inside-repository", action,
                                           f"{verb} `{target}`, whose lookup could not be finished ({failed}); it may "
                                           "lie outside the repository or be one of the guard's files"))
                    continue
                real = _real(full, op != "file.delete")
                internal = _git_internals(real, repo) if "keep-uncommitted-work" not in disabled else None
                if internal is not None and (not internal.startswith("the stash") or _git_lines(repo.root, "stash", "list")):
                    keep(action, f"`{action.text.strip()[:120]}` {verb} {real} directly: it changes {internal} "
                                 "behind git's back, where no check of git's commands applies")
                if "mkdir" in action.flags and _existing_directory(action, real):
                    continue  # `mkdir -p DIR` of a directory that is there creates nothing
                if not _within(real, os.path.realpath(repo.root)) and not _writable(full, writable, op != "file.delete") \
                        and not (op == "file.operand" and _scratch_root(real, writable)):
                    shown = full if real == full else f"{full}` (really `{real}`)"
                    found.append(Violation("write-inside-repository", action,
                                           f"{verb} `{shown.rstrip('`')}`, outside the repository {repo.root}"))
        if op == "file.extract" and action.target and repo and "write-inside-repository" not in disabled:
            landed = _members_outside(action, cwd, repo.root, writable)
            if landed:
                found.append(Violation("write-inside-repository", action,
                                       f"extracts `{landed[0]}` to `{landed[1]}`, outside the repository {repo.root} "
                                       "(a member's `..` or absolute name, or a symbolic link on disk it is written "
                                       "through)"))
        if op == "pkg.install" and "package-manager" not in disabled:
            used = action.target or ""
            for record in records:
                if record.key != "package_manager" or record.validity not in ("valid",) or not scope_matches(record.scope, path=None):
                    continue
                verified = str(record.value)
                same_family = (used in JS and verified in JS) or (used in PY and verified in PY)
                if same_family and verified != used:
                    from statewise_cli.recovery.premises import install_alternative

                    found.append(Violation("package-manager", action,
                                           f"installs with {used}, but the verified package manager is {verified} ({record.source})",
                                           alternative=install_alternative(action, verified)))
    return found


def _symbolic_branch(repo: RepoContext | None, action: Action) -> str | None:
    """The branch a pushed local branch name stands for when that branch is a symbolic ref (``git symbolic-ref
    refs/heads/A refs/heads/B`` earlier): git resolves the name, so ``git push origin A`` updates the remote's B."""
    target = action.target or ""
    spec = action.arguments[-1] if action.arguments else ""
    if repo is None or not target or ":" in spec or spec.lstrip("+").removeprefix("refs/heads/") != target \
            or target.startswith(("-", ".")) or ".." in target:
        return None
    # git spells a short name out as it does for any revision (gitrevisions(7)): refs/NAME, refs/tags/NAME,
    # refs/heads/NAME, refs/remotes/NAME, refs/remotes/NAME/HEAD — but a push prefers a branch or a tag over other
    # matches, so which one it sends depends on more than this order: every spelling that exists is followed, and
    # the first that leads to another ref (a branch first) is the answer
    spelled = [target] if target.startswith("refs/") else [
        f"refs/heads/{target}", f"refs/tags/{target}", f"refs/{target}", f"refs/remotes/{target}",
        f"refs/remotes/{target}/HEAD"]
    other: str | None = None
    for start in spelled:
        if not os.path.isfile(os.path.join(repo.common_dir, start)):
            continue
        ref, seen = start, set[str]()
        while ref and ref not in seen and len(seen) < 5:
            seen.add(ref)
            try:
                with open(os.path.join(repo.common_dir, ref), encoding="utf-8") as fh:
                    head = fh.read(512).strip()
            except (OSError, ValueError):
                break
            if not head.startswith("ref:"):
                break
            ref = head[4:].strip()
            if not ref.startswith("refs/heads/"):
                other = other or ref
                ref = ""
                break
        name = ref[11:] if ref.startswith("refs/heads/") else ""
        if name and name != target:
            return name
    return other


def _is_tag(repo: Any, name: str) -> bool:
    """``name`` is a tag of this repository and not a branch: a push sends refs/tags/NAME."""
    if repo is None or not name or "/" in name and name.startswith("refs/heads/"):
        return False
    name = name.removeprefix("refs/tags/")
    common = getattr(repo, "common_dir", "")
    if not common or os.path.exists(os.path.join(common, "refs", "heads", name)):
        return False
    if os.path.exists(os.path.join(common, "refs", "tags", name)):
        return True
    try:
        with open(os.path.join(common, "packed-refs"), encoding="utf-8") as fh:
            packed = fh.read()
    except OSError:
        return False
    return f" refs/tags/{name}\n" in packed and f" refs/heads/{name}\n" not in packed
