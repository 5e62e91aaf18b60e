"""The guard does not take orders from what it guards.

Authority orders what statewise believes: environment (what the repository and its remote
show) > developer (what a developer states in their own terminal) > document / agent (memory
files and anything the agent wrote). Nothing an agent does through its tools may lower a
protection set with higher authority, so a tool call is denied when it would

- run one of statewise's own mutating commands (``statewise.mutate`` from the one normalizer:
  ``repair``, ``forget``, ``remember``, ``answer``, ``import``, ``import-memory``, ``install-hook``,
  ``uninstall-hook``, ``hook`` — through any wrapper, ``python -m statewise_cli`` or a venv path);
- write, move or delete statewise's own state (``<git-common-dir>/statewise/``, ``$STATEWISE_HOME``,
  the XDG state and config directories of statewise), its configuration (``.statewise.toml``) or
  the agents' hook settings (``.claude/settings*.json``, ``.codex/hooks.json``, Codex's
  ``config.toml``, and the user-level ones under ``$CLAUDE_CONFIG_DIR`` / ``$CODEX_HOME``) —
  or a directory holding them;
- open the store with ``sqlite3`` and a statement that may change it, or run an inline program
  (``python -c``, ``node -e`` …) that names one of these files.

The first two are recognised from the normalized actions and hold for every path the shell
parser sees. The last is defence in depth: a program can always write a file under a name it
computes. Server-side branch protection remains the wall that holds regardless.

Hot path: only ``os`` and statewise's light modules (no ``re``, ``typing``, ``json``).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext

from statewise_cli.config import paths as config

INVARIANT = "guard-state"
DEVELOPER_ONLY = "a developer runs this in their own terminal"
_GIT_FILE_OPS = ("git.rm", "git.mv", "git.checkout", "git.restore")
_WRITES = ("file.write", "file.create", "edit", "file.move", "file.delete", "file.operand")
_INTERPRETERS = {"python", "python3", "python2", "node", "deno", "bun", "ruby", "perl", "php", "osascript", "pwsh", "Rscript",
                 # language interpreters that read their program from standard input when given no script file
                 "tclsh", "wish", "expect", "jimsh", "lua", "luajit", "R", "julia", "octave", "guile", "racket", "sbcl",
                 "clisp", "gosh", "csi", "ocaml", "ghci", "erl", "elixir", "iex", "jshell", "groovysh", "scala", "irb",
                 "pry", "psysh", "ksh93", "powershell", "gjs", "qjs", "tcc", "swift", "kotlinc", "bb", "janet", "pike",
                 "rexx", "regina", "gforth", "io", "nu", "elvish", "xonsh", "raku", "perl6", "pypy", "pypy3"}
_INLINE_FLAGS = {"-c", "-e", "-E", "--eval", "-p", "-r", "-"}
_SQLITE_VALUE_OPTS = {"-cmd", "-init", "-separator", "-newline", "-nullvalue", "-vfs", "-maxsize", "-mmap",
                      "-pagecache", "-lookaside", "-heap", "-A", "-escape"}
_SQL_WRITES = ("insert", "update", "delete", "drop", "alter", "create", "replace", "attach", "detach", "vacuum",
               "reindex", "pragma", "begin", "commit", "savepoint", "release", "rollback", "analyze")
_SQL_DOT_WRITES = (".import", ".restore", ".read", ".shell", ".system", ".load", ".open", ".recover",
                   ".clone", ".backup", ".save", ".output", ".once", ".excel", ".archive", ".ar", ".cd")
MARKERS = (".git/statewise", "/statewise/store.db", "/statewise/global.db", ".statewise.toml", ".claude/settings",
           ".codex/hooks.json", ".codex/config.toml", "statewise/config.toml")


class Guarded:
    """Where the guard's own state and configuration live, for one repository and environment."""

    def __init__(self, repo: RepoContext | None, env: Mapping[str, str]) -> None:
        home = env.get("HOME") or os.path.expanduser("~")
        self.home = home
        dirs = {
            config.state_home(env): "statewise's state directory",
            config.config_home(env): "statewise's configuration directory",
            os.path.join(home, ".local", "state", "statewise"): "statewise's state directory",
            os.path.join(home, ".config", "statewise"): "statewise's configuration directory",
        }
        if hasattr(os, "getuid"):
            from statewise_cli.hook.client import run_dir

            dirs[run_dir()] = "statewise's hook server directory"
        if repo is not None:
            dirs[repo.store_dir] = "statewise's record store"
        self.dirs = {os.path.normpath(d): what for d, what in dirs.items() if d}
        claude = os.path.normpath(config.claude_config_dir(env))
        codex = os.path.normpath(config.codex_home(env))
        self.agent_dirs = {claude: "claude", os.path.join(home, ".claude"): "claude",
                           codex: "codex", os.path.join(home, ".codex"): "codex"}
        self.root = repo.root if repo is not None else None

    def what(self, path: str) -> str | None:
        """What ``path`` (absolute, normalized) is to the guard, or None when it is an ordinary file."""
        for directory, what in self.dirs.items():
            if path == directory or path.startswith(directory + os.sep):
                return what
        parent, name = os.path.split(path)
        if name == ".statewise.toml" and (self._agent_place(parent) or os.path.exists(os.path.join(parent, ".git"))):
            return "statewise's configuration"  # (a scratch copy under a temporary directory, in no repository, is not)
        kind = self.agent_dirs.get(parent) or (
            {".claude": "claude", ".codex": "codex"}.get(os.path.basename(parent)) if self._agent_place(parent) else None)
        if kind == "claude" and name.startswith("settings") and name.endswith(".json"):
            return "Claude Code's settings, which install the statewise hook"
        if kind == "codex" and name in ("hooks.json", "config.toml"):
            return "Codex's hook configuration"
        return None

    def _agent_place(self, directory: str) -> bool:
        """Whether a `.claude`/`.codex` directory is one an agent reads its hook settings from: in the repository
        (or anywhere, when there is none), not a scratch copy under a temporary directory elsewhere."""
        if self.root is None:
            return True
        root = os.path.normpath(self.root)
        if directory == root or directory.startswith(root + os.sep):
            return True
        return not directory.startswith(("/tmp/", "/var/tmp/", os.path.normpath(os.environ.get("TMPDIR") or "/tmp") + "/"))

    def holds(self, path: str, pattern: str | None = None) -> str | None:
        """What a recursive delete or move of the directory ``path`` would take with it (only what a
        name under it matches, when ``pattern`` limits the delete: ``find . -name '*.pyc' -delete``)."""
        prefix = path.rstrip(os.sep) + os.sep

        def hit(guarded: str) -> bool:
            if not guarded.startswith(prefix):
                return False
            if pattern is None:
                return True
            from statewise_cli.fast.wildcard import match

            return any(match(part, pattern) for part in guarded[len(prefix):].split(os.sep))

        def inside(directory: str) -> bool:
            """A file in the guarded directory has the name the pattern matches (`find .git -name 'store.db*'`)."""
            if pattern is None or not directory.startswith(prefix):
                return False
            from statewise_cli.fast.wildcard import match

            seen = 0
            for _, _, names in os.walk(directory):
                seen += len(names)
                if any(match(name, pattern) for name in names):
                    return True
                if seen > 5000:
                    return True  # too many to look through on the hook's path: the protected answer
            return False

        for directory, what in self.dirs.items():
            if (hit(directory) or inside(directory)) and os.path.exists(directory):
                return what
        candidates = [os.path.join(d, n) for d in self.agent_dirs for n in ("settings.json", "settings.local.json",
                                                                            "hooks.json", "config.toml")]
        if self.root is not None:
            candidates += [os.path.join(self.root, ".statewise.toml")]
            candidates += [os.path.join(self.root, d, n) for d in (".claude", ".codex")
                           for n in ("settings.json", "settings.local.json", "hooks.json", "config.toml")]
        for candidate in candidates:
            if hit(candidate) and os.path.exists(candidate):
                return self.what(candidate)
        return None

    def real(self, path: str, follow_last: bool = True) -> str:
        """``path`` with its symbolic links resolved (the last component only with ``follow_last``: a delete or move
        of a link takes the link, a write goes through it)."""
        try:
            if follow_last:
                return os.path.realpath(path)
            head, tail = os.path.split(path)
            return os.path.join(os.path.realpath(head), tail)
        except (OSError, ValueError):
            return path

    def through_link(self, path: str, follow_last: bool = True) -> str | None:
        """What ``path`` is to the guard when it reaches a guarded file through a link: a symbolic link on the way
        (``/tmp/x.toml -> repo/.statewise.toml``, ``/tmp/cl -> repo/.claude``), or, for a write, a hard link (the
        same inode as the store, ``.statewise.toml`` or a hook settings file)."""
        real = self.real(path, follow_last)
        if real != path:
            what = self.what(real)
            if what is not None:
                return what
        if not follow_last:
            return None
        try:
            st = os.stat(path)
        except (OSError, ValueError):
            return None
        if st.st_nlink < 2 or (st.st_mode & 0o170000) != 0o100000:
            return None
        for candidate in self._files():
            try:
                other = os.stat(candidate)
            except OSError:
                continue
            if (other.st_ino, other.st_dev) == (st.st_ino, st.st_dev):
                return self.what(candidate)
        return None

    def _files(self) -> list[str]:
        """The guarded files that exist as files: those in the guarded directories, ``.statewise.toml`` and the
        agents' hook settings."""
        out = []
        for directory in self.dirs:
            try:
                out += [os.path.join(directory, n) for n in os.listdir(directory)]
            except OSError:
                continue
        names = ("settings.json", "settings.local.json", "hooks.json", "config.toml")
        out += [os.path.join(d, n) for d in self.agent_dirs for n in names]
        if self.root is not None:
            out.append(os.path.join(self.root, ".statewise.toml"))
            out += [os.path.join(self.root, d, n) for d in (".claude", ".codex") for n in names]
        return out

    def absolute(self, target: str, cwd: str) -> str:
        for var in ("$HOME", "${HOME}"):
            if target == var or target.startswith(var + "/"):
                target = self.home + target[len(var):]
        if target == "~" or target.startswith("~/"):
            target = self.home + target[1:]
        return os.path.normpath(os.path.join(cwd, target))


def archive_members(path: str, limit: int = 5000) -> list[str]:
    """The member names of a zip or tar archive, or the files under a directory (a tree synced like one), the first
    ``limit``; [] when it cannot be read."""
    if os.path.isdir(path):
        found: list[str] = []
        for top, dirs, names in os.walk(path):
            dirs[:] = [d for d in dirs if d != ".git"] if top == path else dirs
            found += [os.path.relpath(os.path.join(top, n), path) for n in names]
            if len(found) >= limit:
                break
        return found[:limit]
    try:
        if path.endswith((".zip", ".jar", ".whl")):
            import zipfile

            with zipfile.ZipFile(path) as zf:
                return zf.namelist()[:limit]
        import tarfile

        with tarfile.open(path) as tf:
            names = []
            for member in tf:
                names.append(member.name)
                if len(names) >= limit:
                    break
            return names
    except Exception:  # noqa: BLE001 - an archive the check cannot read names nothing it can check
        return []


def written_under(directory: str, actions: list[Action], cwd: str) -> list[str]:
    """The files the line itself writes under ``directory`` (``printf … > DIR/x.md`` before ``cp -r DIR dest``), as
    paths relative to it: members of a tree copied or synced from there that are not on disk yet."""
    from statewise_cli.actions.shell import unknown

    found: list[str] = []
    top = os.path.join(os.path.normpath(directory), "")
    for a in actions:
        if a.operation not in ("file.write", "file.create") or not a.target or unknown(a.target) or (
                a.cwd and unknown(a.cwd)):
            continue
        full = os.path.normpath(os.path.join(cwd, os.path.expanduser(a.cwd or ""), os.path.expanduser(a.target)))
        if full.startswith(top) and full != top.rstrip("/"):
            name = os.path.relpath(full, top)
            if name not in found:
                found.append(name)
    return found


def archive_unknown(path: str, text: str) -> bool:
    """An archive whose members the check cannot list but that may hold anything: one the command line makes
    before extracting it (``git archive -o a.zip HEAD && unzip -o a.zip``), or one there in a form it cannot read.
    An archive that is not there and that nothing on the line makes names nothing: the extraction fails."""
    if os.path.exists(path):
        return not archive_members(path)
    name = os.path.basename(path)
    return bool(name) and text.count(name) >= 2


def _shown(action: Action) -> str:
    return (action.text or action.operation).strip()[:160]


def _sqlite(action: Action, guarded: Guarded, cwd: str) -> str | None:
    args = action.arguments
    operands: list[str] = []
    sql: list[str] = []
    from_file = False  # `-init FILE`: statements the command line does not show
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in _SQLITE_VALUE_OPTS or arg.lstrip("-") in {o.lstrip("-") for o in _SQLITE_VALUE_OPTS}:
            if arg.lstrip("-") == "cmd":
                sql.append(args[i + 1] if i + 1 < len(args) else "")
            elif arg.lstrip("-") == "init":
                from_file = True
            i += 2
            continue
        if not arg.startswith("-"):
            operands.append(arg)
        i += 1
    if not operands:
        return None
    sql += operands[1:]
    attached = _attached(" ".join(sql))
    for path in attached:  # `attach 'store.db' as s; update s.records …`
        where = guarded.what(guarded.absolute(path, cwd)) if not ("$" in path or "`" in path) else "a database the check cannot name"
        if where is not None and _sql_writes(" ".join(sql)):
            return (f"statewise denied `{_shown(action)}`: it attaches `{path}` ({where}) with a statement that may change "
                    "it. The store is changed by statewise itself or by a developer in their own terminal, never from an "
                    "agent's tool call; read it with `statewise inspect-memory`.")
    if "$" in operands[0] or "`" in operands[0] or "__SUBST__" in operands[0]:
        if any(a.lstrip("-") == "readonly" for a in args) or (operands[1:] and not _sql_writes(" ".join(sql))):
            return None
        return (f"statewise denied `{_shown(action)}`: it opens a database whose path only the running shell knows "
                f"(`{operands[0]}`) with statements that may change it; it may be statewise's record store. The store is "
                "changed by statewise itself or by a developer in their own terminal, never from an agent's tool call.")
    name = operands[0]
    if name.startswith("file:"):  # a URI filename: `file:PATH?mode=rw`, `file://localhost/PATH`
        name, _, query = name[5:].partition("?")
        if name.startswith("//"):
            name = "/" + name[2:].partition("/")[2]
        if "mode=ro" in query or "immutable=1" in query:
            return None
        from urllib.parse import unquote

        name = unquote(name)
    db = guarded.absolute(name, cwd)
    what = guarded.what(db) or guarded.through_link(db)
    if what is None and os.path.isdir(db):
        # a directory stands for the files found under it (`find .git -name '*.db' -exec sqlite3 {} …`): the store,
        # when it is one of them
        held = guarded.holds(db, "*.db*")
        what = f"a file under it: {held}" if held else None
    if what is None and not (os.path.basename(db) in ("store.db", "global.db")
                             and os.path.basename(os.path.dirname(db)) == "statewise"):
        return None
    what = what or "statewise's record store"
    if any(a.lstrip("-") == "readonly" for a in args):
        return None
    if sql and not from_file and not _sql_writes(" ".join(sql)):
        return None
    return (f"statewise denied `{_shown(action)}`: it opens `{operands[0]}` ({what}) with "
            + ("statements read from a file (-init)" if from_file else
               "a statement that may change it" if sql else "statements read from its input")
            + ". The store is changed by statewise itself or by a developer in their own terminal, never from an "
              "agent's tool call; read it with `statewise inspect-memory` (or `sqlite3 -readonly`).")


def _attached(sql: str) -> list[str]:
    """The database files an SQL text attaches (``attach 'x.db' as s``, ``attach database "x" as s``)."""
    found = []
    low = sql.lower()
    start = low.find("attach")
    while start >= 0:
        rest = sql[start + 6:].lstrip()
        if rest.lower().startswith("database"):
            rest = rest[8:].lstrip()
        if rest[:1] in ("'", '"'):
            end = rest.find(rest[0], 1)
            if end > 0:
                found.append(rest[1:end])
        start = low.find("attach", start + 6)
    return found


def _sql_writes(sql: str) -> bool:
    text = sql.lower()
    for ch in ";()\n\t,'\"`=":
        text = text.replace(ch, " ")
    words = text.split()
    return any(w in _SQL_WRITES for w in words) or any(w.startswith(_SQL_DOT_WRITES) for w in words)


_QUOTES = ("'", '"')


def _without_read_only_uris(code: str) -> str:
    """``code`` with each quoted SQLite URI that opens a database read-only (``'file:….db?mode=ro'``,
    ``?immutable=1``) taken out: such an open cannot change the store. Any other mention stays."""
    if "file:" not in code:
        return code
    out: list[str] = []
    i = 0
    while True:
        start = code.find("file:", i)
        if start < 0 or start == 0 or code[start - 1] not in _QUOTES:
            if start < 0:
                return "".join(out) + code[i:]
            out.append(code[i:start + 5])
            i = start + 5
            continue
        end = code.find(code[start - 1], start)
        uri = code[start:end] if end > 0 else ""
        query = uri.partition("?")[2].split("&") if "?" in uri else []
        if uri and ("mode=ro" in query or "immutable=1" in query) and not any(c in uri for c in " ;\\\n"):
            out.append(code[i:start] + "file:ro-uri")
            i = end
        else:
            out.append(code[i:start + 5])
            i = start + 5


def _program(action: Action) -> str:
    if action.operation.startswith("shell."):
        return action.operation[6:]
    if action.operation.startswith(("run.", "runtime.")) and action.target:
        return action.target.split(" ", 1)[0].rsplit("/", 1)[-1]
    return ""


def _literals(text: str, limit: int = 40) -> list[str]:
    """The quoted strings of a program's text that could name a file (no regex: the hook's path)."""
    out: list[str] = []
    i = 0
    while i < len(text) and len(out) < limit:
        quote = text[i]
        if quote in "'\"":
            end = text.find(quote, i + 1)
            if end < 0:
                break
            word = text[i + 1:end]
            if word and len(word) < 300 and "\n" not in word and ("/" in word or "." in word) and " " not in word:
                out.append(word)
            i = end + 1
        else:
            i += 1
    return out


# What an inline Python program may use and still only read: parsers and printing, files opened for reading.
_READ_IMPORTS = {"tomllib", "tomli", "json", "sys", "pprint", "configparser", "re", "textwrap"}
_READ_CALLS = {"open", "print", "len", "sorted", "list", "dict", "str", "repr", "set", "tuple", "int", "bool", "any",
               "all", "min", "max", "enumerate", "zip", "isinstance", "pprint"}
_READ_METHODS = {"load", "loads", "read", "readlines", "readline", "get", "keys", "items", "values", "splitlines",
                 "strip", "split", "startswith", "endswith", "lower", "upper", "join", "format", "dumps", "sections",
                 "read_file", "read_string", "has_section", "has_option", "getboolean", "findall", "search", "match",
                 "group", "pprint", "dedent"}


def _python_reads_only(arguments: tuple[str, ...]) -> bool:
    """Whether an inline Python program (``-c CODE``) only reads: it imports nothing but parsers, calls only
    pure builtins and reading methods, opens files only for reading (``open(p)``, ``open(p, 'rb')``) and touches no
    dunder attribute. Such a program that names the guard's configuration shows it, it cannot change it."""
    code = next((arguments[i + 1] for i, a in enumerate(arguments[:-1]) if a == "-c"), None)
    if code is None or len(code) > 2000:
        return False
    import ast  # only for an inline program that names the guard's files

    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name not in _READ_IMPORTS for a in node.names):
            return False
        if isinstance(node, ast.ImportFrom) and (node.module not in _READ_IMPORTS or node.level):
            return False
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            return False
        if isinstance(node, ast.Name) and node.id.startswith("__"):
            return False
        if isinstance(node, (ast.Global, ast.Nonlocal, ast.Lambda, ast.FunctionDef, ast.AsyncFunctionDef,
                             ast.ClassDef, ast.Await)):
            return False
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                if func.id not in _READ_CALLS:
                    return False
                if func.id == "open" and not _opens_for_reading(node):
                    return False
            elif not (isinstance(func, ast.Attribute) and func.attr in _READ_METHODS):
                return False
    return True


def _opens_for_reading(node: object) -> bool:
    import ast

    assert isinstance(node, ast.Call)
    modes = list(node.args[1:2]) + [k.value for k in node.keywords if k.arg == "mode"]
    if len(node.args) > 2 or any(k.arg not in ("mode", "encoding", "errors") for k in node.keywords):
        return False
    return all(isinstance(m, ast.Constant) and m.value in ("r", "rb", "rt", "br", "tr") for m in modes)


def _interpreter(action: Action, guarded: Guarded, cwd: str) -> str | None:
    program = _program(action)
    base = program.rstrip("0123456789.")
    if program not in _INTERPRETERS and base not in _INTERPRETERS:
        return None
    inline = [a for a in action.arguments if a in _INLINE_FLAGS or (a.startswith("-") and not a.startswith("--")
                                                                     and a[-1:] in ("c", "e"))]
    args = _without_read_only_uris(" ".join(action.arguments))
    if inline and base == "python" and _python_reads_only(action.arguments):
        return None
    if inline and any(m in args for m in MARKERS):
        hit = next(m for m in MARKERS if m in args)
    elif ("-" in action.arguments or (not action.arguments and any(c in (action.text or "") for c in "|<"))) and any(
            m in _without_read_only_uris(action.text or "") for m in MARKERS):
        # no program file: the interpreter reads its program from standard input, which the line shows
        hit = next(m for m in MARKERS if m in _without_read_only_uris(action.text or ""))
    else:
        # a name in the program that reaches a guarded file through a link (a database opened at 'build/cache.db',
        # a hard link to the store)
        linked = [w for w in _literals(args) if inline and guarded.through_link(guarded.absolute(w, cwd))]
        if not linked and inline:
            # a pattern the program expands (`glob.glob('.git/*/store.db')`, `Dir.glob(".clau?e/*")`): the names it
            # matches here
            import glob

            linked = [w for w in _literals(args) if any(c in w for c in "*?[") and any(
                guarded.what(m) or guarded.holds(m) for m in glob.glob(guarded.absolute(w, cwd))[:200])][:1]
        if not linked:
            return None
        hit = linked[0]
    return (f"statewise denied `{_shown(action)}`: an inline {program} program that names `{hit}`, statewise's own "
            f"state or the guard's configuration. {DEVELOPER_ONLY[0].upper() + DEVELOPER_ONLY[1:]} changes those, not an "
            "agent's tool call.")


_GUARD_FILES = (".statewise.toml", ".claude/settings.json", ".claude/settings.local.json", ".codex/hooks.json",
                ".codex/config.toml")


def _sparse_drops_guard(action: Action, guarded: Guarded, repo: RepoContext) -> str | None:
    """git-sparse-checkout(1): ``set``/``init``/``reapply`` rewrite the work tree to the patterns given, and a tracked
    file they leave out is removed from it. In cone mode (the default) the files at the top level stay, and a file
    in a directory stays when that directory, one under it or one above it is given; ``--no-cone`` patterns are
    gitignore patterns, kept here when one matches the file or a directory above it. When the guard's own tracked
    configuration (the agents' hook settings, ``.statewise.toml``) would leave the work tree, the command switches the
    guard off; patterns from standard input, or ``reapply`` of patterns on disk, are patterns the command does not
    show: the same answer when such a file is tracked. ``add``, ``list``, ``check-rules`` and ``disable`` take no file
    away."""
    import fnmatch
    import subprocess

    args = list(action.arguments)
    sub = next((a for a in args if not a.startswith("-")), None)
    if sub not in ("set", "init", "reapply"):
        return None
    present = [n for n in _GUARD_FILES if os.path.isfile(os.path.join(repo.root, n))]
    if not present:
        return None
    try:
        tracked = subprocess.run(["git", "-C", repo.root, "ls-files", "--", *present], capture_output=True, text=True,
                                 timeout=5, check=False).stdout.split()
    except (OSError, subprocess.SubprocessError):
        tracked = present  # git could not say: the protected answer
    if not tracked:
        return None
    rest = args[args.index(sub) + 1:]
    patterns = [a for a in rest if not a.startswith("-")]
    cone = "--no-cone" not in rest
    unknown_patterns = "--stdin" in rest or sub == "reapply" or any("$" in p or "`" in p for p in patterns)
    dropped: list[str] = []
    for rel in tracked:
        if unknown_patterns:
            dropped.append(rel)
            continue
        folder = os.path.dirname(rel)
        if cone:
            kept = not folder or any(p.strip("/") == folder or p.strip("/").startswith(folder + "/")
                                     or folder.startswith(p.strip("/") + "/") for p in patterns)
        else:
            parts = [rel] + [rel.split("/")[0]] if "/" in rel else [rel]
            kept = any(fnmatch.fnmatch(x, p.strip("/")) or fnmatch.fnmatch("/" + x, p) for p in patterns for x in parts
                       if not p.startswith("!"))
        if not kept:
            dropped.append(rel)
    if not dropped:
        return None
    what = guarded.what(os.path.join(repo.root, dropped[0])) or "the guard's configuration"
    how = "patterns the command does not show" if unknown_patterns else "the sparse patterns given"
    return (f"statewise denied `{_shown(action)}`: with {how} it removes the tracked `{dropped[0]}` ({what}) from the "
            "work tree, which switches the guard off. An agent's tool call cannot change what guards it; include "
            f"`{os.path.dirname(dropped[0]) or dropped[0]}` in the patterns, or ask the developer.")


def _sweeps_guard(action: Action, guarded: Guarded, repo: RepoContext) -> str | None:
    """``git stash -u``/``--all`` and ``git clean -f`` take untracked (``-a``/``-x``: also ignored) files out of the work
    tree: when the guard's own configuration is among them (the agents' hook settings, ``.statewise.toml``, usually
    untracked), the command switches the guard off. Asked of git only for these commands."""
    spec_after = list(action.arguments[action.arguments.index("--") + 1:]) if "--" in action.arguments else []
    args = [a for a in action.arguments if a != "--"]
    letters = "".join(a[1:] for a in args if a.startswith("-") and not a.startswith("--"))
    if action.operation == "git.stash":
        if args[:1] and not args[0].startswith("-") and args[0] not in ("push", "save"):
            return None
        if not ("u" in letters or "a" in letters or any(a in ("--include-untracked", "--all") for a in args)):
            return None
        ignored = "a" in letters or "--all" in args
    else:
        if "force" not in action.flags or "n" in letters or "--dry-run" in args:
            return None
        ignored = "x" in letters or "X" in letters
    only_ignored = action.operation == "git.clean" and "X" in letters
    candidates = [os.path.join(repo.root, n) for n in (".statewise.toml", ".claude/settings.json",
                                                       ".claude/settings.local.json", ".codex/hooks.json",
                                                       ".codex/config.toml")]
    present = [c for c in candidates if os.path.isfile(c)]
    if not present:
        return None
    import subprocess

    rel = [os.path.relpath(c, repo.root) for c in present]
    try:
        out = [] if only_ignored else subprocess.run(
            ["git", "-C", repo.root, "ls-files", "--others", "--exclude-standard", "--", *rel],
            capture_output=True, text=True, timeout=5, check=False).stdout.split()
        if ignored:
            out += subprocess.run(["git", "-C", repo.root, "ls-files", "--others", "--ignored", "--exclude-standard",
                                   "--", *rel], capture_output=True, text=True, timeout=5, check=False).stdout.split()
    except (OSError, subprocess.SubprocessError):
        out = rel  # git could not say: the protected answer
    pathspecs = [a for a in (action.pathspecs or tuple(spec_after)) if a not in (".", ":/")]
    swept = [r for r in dict.fromkeys(out) if not pathspecs or any(
        r == p.rstrip("/") or r.startswith(p.rstrip("/") + "/") for p in pathspecs)]
    if not swept:
        return None
    what = guarded.what(os.path.join(repo.root, swept[0])) or "the guard's configuration"
    return (f"statewise denied `{_shown(action)}`: it takes the untracked `{swept[0]}` ({what}) out of the work tree, "
            "which switches the guard off. An agent's tool call cannot change what guards it; stash or clean with a "
            "pathspec that leaves it, or ask the developer.")


def reasons(actions: list[Action], repo: RepoContext | None, cwd: str, env: Mapping[str, str]) -> list[tuple[Action, str]]:
    """Each action that would change the guard or what it knows, with the reason it is denied."""
    found: list[tuple[Action, str]] = []
    guarded: Guarded | None = None
    session_cwd = cwd
    for action in actions:
        cwd = session_cwd
        op = action.operation
        if op == "statewise.mutate":
            found.append((action, (
                f"statewise denied `{_shown(action)}`: `statewise {action.target}` changes statewise's records, "
                f"configuration or hooks, and {DEVELOPER_ONLY} — never from an agent's tool call. If a record is "
                "wrong or the guard is in the way, stop and ask the developer; read-only commands (`statewise "
                "inspect-memory`, `verify`, `explain`, `doctor`, `audit`, `evidence`) remain available.")))
            continue
        if op == "agent.unguard":
            found.append((action, (
                f"statewise denied `{_shown(action)}`: {action.unknown}. An agent's tool call cannot switch off or "
                "step around what guards it; if the guard is in the way, stop and ask the developer.")))
            continue
        if action.risk == "read-only":
            continue
        guarded = guarded or Guarded(repo, env)
        here = _action_directory(action, guarded, session_cwd)
        if here is not None:
            cwd = here
        else:
            # `cd "$D" && rm -f settings.json`: only the running shell knows where a name the guard keeps lands
            named = _guard_name(action)
            if named:
                found.append((action, (
                    f"statewise denied `{_shown(action)}`: it runs in a directory only the running shell knows "
                    f"({action.cwd}) and names `{named}`, a name the guard's own files have there. An agent's tool call "
                    "cannot change what guards it: run it with a literal directory, or ask the developer.")))
                continue
        if op == "shell.sqlite3":
            reason = _sqlite(action, guarded, cwd)
            if reason:
                found.append((action, reason))
            continue
        if op == "git.sparse-checkout" and repo is not None:
            dropped = _sparse_drops_guard(action, guarded, repo)
            if dropped:
                found.append((action, dropped))
                continue
        if op in ("git.stash", "git.clean") and repo is not None:
            swept = _sweeps_guard(action, guarded, repo)
            if swept:
                found.append((action, swept))
                continue
        unlisted = op == "file.extract" and action.target and archive_unknown(guarded.absolute(action.target, cwd),
                                                                             action.text or "")
        if ("members-unknown" in action.flags or unlisted) and action.target and repo is not None:
            # an archive or tree whose members the check cannot list (`cpio -i`, `… | tar -x`, `rsync --delete`),
            # written where the agents' hook settings live: it may replace or remove them
            into = (action.arguments[0] if action.arguments else ".") if op == "file.extract" else action.target
            path = guarded.absolute(into, cwd)
            if path == os.path.normpath(repo.root) or os.path.basename(path) in (".claude", ".codex") \
                    or path in guarded.agent_dirs:
                found.append((action, (
                    f"statewise denied `{_shown(action)}`: it writes files the check cannot list into `{into}`, "
                    "where the agents' hook settings and statewise's configuration live, and may replace or remove "
                    "them. An agent's tool call cannot change what guards it: extract into a new directory (e.g. "
                    "under /tmp) and copy the files you need by name.")))
                continue
        targets: list[str] = []
        if op in _WRITES and action.target:
            targets.append(action.target)
        if op == "file.extract" and action.target:
            source = guarded.absolute(action.target, cwd)
            targets += [os.path.join(action.arguments[0] if action.arguments else ".", m)
                        for m in archive_members(source) + written_under(source, actions, session_cwd)]
        if action.kind == "edit":
            targets += [p for p in action.paths if p not in targets]
        if op == "git.config":  # `git config -f .statewise.toml --edit` (or `--set`…): git writes that file
            targets += [f for f in _git_config_files(action.arguments) if f not in targets]
        if op in _GIT_FILE_OPS:  # `git rm .statewise.toml`, `git checkout main -- .statewise.toml`
            targets += [a for a in action.arguments if not a.startswith("-") and a not in targets]
        targets += [t.split(",", 1)[0] for t in targets if "," in t and t.split(",", 1)[0] not in targets]
        for target in list(targets):
            if any(c in target for c in "*?[") and "$" not in target:
                # a pattern the shell expands (`rm -rf .clau?e`, `mv .code[x] /tmp`): the names it matches here
                import glob

                matched = sorted(glob.glob(guarded.absolute(target, cwd)))
                # past the first 200 names, the ones the guard holds still count (`rm -f ./*` in a large tree)
                matched = matched[:200] + [m for m in matched[200:] if guarded.what(m) is not None
                                           or os.path.basename(m) in (".claude", ".codex", ".git")]
                targets += [m for m in matched if m not in targets]
        for target in targets:
            path = guarded.absolute(target, cwd)
            what = guarded.what(path)
            # a write goes through a link at the path's end; a delete or move takes that link itself (unless the
            # path ends in `/`: `find /tmp/link/ -delete` walks the directory the link names)
            follow = op not in ("file.delete", "file.move", "git.rm", "git.mv") or target.endswith("/")
            if what is None:
                what = guarded.through_link(path, follow)
            if what is None and (op == "file.move" or (op == "file.delete" and "recursive" in action.flags)
                                 or "tree" in action.flags):
                pattern = action.pattern if op == "file.delete" or "tree" in action.flags else None
                what = guarded.holds(path, pattern)
                real = guarded.real(path, follow)
                if what is None and real != path:
                    what = guarded.holds(real, pattern)
                if what is not None:
                    what = f"a directory holding {what}"
            if what is not None:
                verb = {"file.delete": "deletes", "file.move": "moves", "git.rm": "deletes", "git.mv": "moves"}.get(op, "writes")
                found.append((action, (
                    f"statewise denied `{_shown(action)}`: it {verb} `{target}`, {what}. An agent's tool call cannot "
                    f"change what guards it: a developer edits this in their own terminal. If the change is needed, "
                    "ask the developer to make it.")))
                break
        else:
            reason = _interpreter(action, guarded, cwd) or _argument_names_guard(action, guarded, cwd)
            if reason:
                found.append((action, reason))
    return found


_GUARD_NAMES = frozenset({".statewise.toml", "settings.json", "settings.local.json", "hooks.json", "store.db", "global.db",
                          ".claude", ".codex", "statewise"})


def _git_config_files(arguments: tuple[str, ...]) -> list[str]:
    """The files a `git config` call names with ``-f``/``--file`` (it reads or writes them as its configuration;
    the caller has already judged the call not read-only)."""
    files = []
    for i, arg in enumerate(arguments):
        if arg in ("-f", "--file") and i + 1 < len(arguments):
            files.append(arguments[i + 1])
        elif arg.startswith("--file="):
            files.append(arg[7:])
        elif arg.startswith("-f") and len(arg) > 2 and not arg.startswith("--"):
            files.append(arg[2:])
    return files


def _action_directory(action: Action, guarded: Guarded, cwd: str) -> str | None:
    """The directory ``action`` runs in (``cd``, ``env -C``, ``git -C`` on the line moved it), or None when only
    the running shell knows it."""
    if not action.cwd:
        return cwd
    if "$" in action.cwd or "`" in action.cwd or "__SUBST__" in action.cwd:
        return None
    return guarded.absolute(action.cwd, cwd)


def _guard_name(action: Action) -> str | None:
    """A word of ``action`` that is, as a path's last part, the name of one of the guard's files or directories."""
    for word in (action.target or "", *action.arguments, *action.paths):
        name = os.path.basename(word.rstrip("/"))
        if name in _GUARD_NAMES or (name.startswith("settings") and name.endswith(".json")):
            return word
    return None


# options whose file is only matched or skipped, never written
_NOT_WRITTEN = ("exclude", "ignore", "skip", "include", "filter", "match")


def _argument_values(arguments: tuple[str, ...]) -> list[str]:
    """The paths a program's arguments name in the forms the operand check does not read: a value attached to a short
    option (``-o.claude/settings.json``), a `key=value`'s value (``of=FILE``), a response file's name (``@file``)."""
    values: list[str] = []
    for arg in arguments:
        if arg.startswith("--") and "=" in arg and not any(w in arg.partition("=")[0] for w in _NOT_WRITTEN):
            values.append(arg.partition("=")[2])  # `--index-file=F`, `--debug=F`: an option's file, whatever program
        elif arg.startswith("-") and not arg.startswith("--") and len(arg) > 2:
            values.append(arg.partition("=")[2] if "=" in arg else arg[2:])
        elif arg.startswith("@") and len(arg) > 1:
            values.append(arg[1:])
        elif "=" in arg and not arg.startswith(("/", ".", "~", "-")):
            values.append(arg.partition("=")[2])
    return [v.strip("'\"") for v in values if v and "://" not in v and "\n" not in v]


def _argument_names_guard(action: Action, guarded: Guarded, cwd: str) -> str | None:
    """A program the normalizer knows nothing more about (operation ``shell.<program>``) that may write — every path
    its arguments name, in whatever form (:func:`_argument_values`), is checked against the guard's own files: the
    store, statewise's directories, ``.statewise.toml`` and the agents' hook settings. A program may write what it is
    pointed at; the guard's inputs are not the agent's to rewrite."""
    if action.operation.startswith(("git.", "statewise.")) or action.operation in (
            "shell.script", "shell.exec", "shell.empty", "shell.sqlite3") or action.risk == "read-only":
        return None
    from statewise_cli.actions.normalize import reads_its_arguments

    if action.operation.startswith("shell.") and reads_its_arguments(action.operation[6:]):
        return None
    for value in _argument_values(action.arguments)[:64]:
        path = guarded.absolute(value, cwd)
        what = guarded.what(path) or guarded.through_link(path)
        if what is not None:
            return (f"statewise denied `{_shown(action)}`: the command is pointed at `{value}`, {what}, "
                    "and may write it. An agent's tool call cannot change what guards it: a developer edits this in "
                    "their own terminal. If the change is needed, ask the developer to make it.")
    return None


_MEMORY_NAMES = ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md")  # Codex reads the override first


def _rules_directory(path: str, cwd: str, root: str | None) -> bool:
    full = os.path.normpath(os.path.join(cwd, path))
    rel = os.path.relpath(full, root) if root and os.path.isabs(full) else full
    return rel.replace(os.sep, "/").removeprefix("./").rstrip("/") == ".claude/rules"


def _memory_file(path: str, root: str | None) -> str | None:
    """The scope of the facts a memory file holds, when ``path`` is one (``CLAUDE.md``, ``AGENTS.md`` at any
    depth, ``CLAUDE.local.md``, ``.claude/CLAUDE.md``, ``.claude/rules/*.md``), else None."""
    rel = path
    if root and os.path.isabs(path):
        rel = os.path.relpath(path, root)
    rel = rel.replace(os.sep, "/").removeprefix("./")
    if rel.startswith("../"):
        return None
    directory, _, name = rel.rpartition("/")
    if name in _MEMORY_NAMES or (rel.startswith(".claude/rules/") and name.endswith(".md")):
        return "repository" if directory in ("", ".claude") or rel.startswith(".claude/rules/") else f"path:{directory}/**"
    return None


# A memory line that lifts branch protection without naming a branch ("Protected branches: none", "no branch is
# protected", "branch protection is off"): it contradicts every protected-branch record.
_UNPROTECT = (r"(?i)\bprotected\s+branch(?:es)?\s*(?:[:=]|\bare\b|\bis\b)\s*(?:none|nothing|n/?a\b|no\b|off\b|false\b|"
              r"disabled|\[\s*\])|\bno\s+branch(?:es)?\s+(?:is|are)\s+protected|\bbranch\s+protection\s*"
              r"(?:(?:on|for)\s+[\w./-]+\s+)?(?:[:=]|is|has\s+been|was|were)?\s*(?:now\s+)?(?:off|disabled|removed|lifted|none|"
              r"false|gone|dropped|turned\s+off)\b|\bnothing\s+is\s+protected|"
              # a key set to false (`git.branch.protected: false`, `protected = no`)
              r"\bbranch\.protected\b\W{0,4}(?:[:=]|is)\s*['\"`]?(?:false|no|off|0)\b|"
              # "main is not protected (any more)", "main: unprotected"
              r"\b(?:main|master|trunk|release|the\s+default\s+branch)\b[^.\n]{0,30}\b(?:not|no\s+longer|un)\s*protected\b|"
              # a branch, then a denied copula before "protected", a few words apart: "main is no longer a protected
              # branch", "the release branch isn't really protected" (an order such as "do not push to protected
              # branches", or a statement about other branches, stays)
              r"\b(?:main|master|trunk|release|it|(?:the|this)\s+(?:default\s+|main\s+)?branch)\b[^.\n;]{0,30}?"
              r"(?:\b(?:is|are|was|were|be|been)\s+(?:not|no\s+longer|no\s+more|never)\s+|"
              r"\b(?:isn['’]t|aren['’]t|wasn['’]t|weren['’]t|ain['’]t)\s+)(?:[\w-]+\s+){0,2}protected\b|"
              # "force-pushing main is allowed", "force pushes to main are fine now"
              r"\bforce[-\s]?push(?:es|ing|ed)?\b[^.\n]{0,40}\b(?:is|are)\s+(?:now\s+)?(?:allowed|fine|ok|okay|permitted|"
              r"safe|acceptable|expected|accepted|tolerated|approved|authori[sz]ed)\b|"
              # "main has no protection", "the branch carries no protection", "without any protection"
              r"\b(?:main|master|trunk|default\s+branch|the\s+branch|it)\b[^.\n;]{0,30}\b(?:has|have|carries)\s+no\s+"
              r"(?:branch\s+)?protection\b|"
              # "pushing to it directly is expected", "direct pushes to main are fine", "you can push straight to main"
              r"\b(?:main|master|trunk|it|the\s+(?:default\s+|main\s+)?branch)\b[^.\n;]{0,12}\b(?:direct(?:ly)?|straight)\b"
              r"[^.\n;]{0,20}\b(?:is|are)\s+(?:now\s+)?(?:allowed|fine|ok|okay|permitted|expected|encouraged|welcome)\b|"
              r"\b(?:direct|straight)\s+(?:force[-\s]?)?push(?:es|ing)?\s+(?:to|into|on)\s+(?:main|master|trunk|the\s+"
              r"(?:default\s+|main\s+)?branch)\b[^.\n;]{0,20}\b(?:is|are)\s+(?:now\s+)?(?:allowed|fine|ok|okay|permitted|"
              r"expected|encouraged|welcome)\b|"
              r"\bpush(?:es|ing)?\s+(?:directly|straight)\s+(?:to|into)\s+(?:main|master|trunk)\b[^.\n;]{0,20}\b(?:is|are)\s+"
              r"(?:now\s+)?(?:allowed|fine|ok|okay|permitted|expected|encouraged|welcome)\b|"
              r"\b(?:you|agents?|we)\s+(?:can|may|should)\s+(?:just\s+)?(?:force[-\s]?push\s+(?:directly\s+|straight\s+)?|"
              r"push\s+(?:directly|straight)\s+)(?:to\s+|into\s+)(?:main|master|trunk)\b|"
              # a label and its answer: "Force-push to main: allowed", "Is main protected? No.", "Not protected
              # anymore: main"
              r"\bforce[-\s]?push(?:es|ing)?\s+(?:to|into|on)\s+`?[\w./-]+`?\s*(?:[:=]|->|→|-{1,2}|—)\s*"
              r"(?:allowed|permitted|ok|okay|fine|yes|enabled|on|accepted)\b|"
              r"\bis\s+`?[\w./-]+`?\s+(?:still\s+)?protected\s*\?\s*(?:(?:no|nope)\b(?!\s+\w)|not\s+(?:any\s*more|any\s+longer)\b)|"
              r"(?:^|[\s*>#-])not\s+protected(?:\s+(?:any\s*more|any\s+longer|now))?\s*(?::|—|->|→)\s*`?[\w./-]+")


# Protection named before the branch ("Protection of main was removed", "the protection on main has been lifted")
_PROTECTION_OF = (r"(?i)\b(?:branch\s+)?(?:protection|rules?|restrictions?)\s+(?:of|on|for)\s+(?:the\s+)?`?[\w./-]+`?\s+"
                  r"(?:branch\s+)?"
                  r"(?:is|was|were|has\s+been|had\s+been|got|is\s+now|was\s+now)\s+(?:now\s+|just\s+|since\s+)?"
                  r"(?:off|disabled|removed|lifted|gone|dropped|deleted|revoked|withdrawn|cancell?ed|turned\s+off|"
                  r"switched\s+off|taken\s+(?:off|away)|over|ended|waived|relaxed|suspended|rescinded)\b")
# English words of a clause that forbid or negate
_CLAUSE_NEGATIONS = frozenset(("no", "not", "never", "nor", "don't", "dont", "doesn't", "isn't", "aren't", "can't",
                               "cannot", "mustn't", "shouldn't", "won't", "without", "forbidden", "prohibited",
                               "banned", "refused", "blocked", "denied", "disallowed"))
_PERMISSIONS = frozenset(("allowed", "fine", "ok", "okay", "permitted", "safe", "acceptable", "expected", "alright",
                          "encouraged", "welcome", "accepted", "tolerated", "approved", "authorized", "authorised"))


def _lowering_clause(text: str) -> str | None:
    """A clause of a line about a branch or a force push that lowers a protection in words the patterns above do not
    spell: a force push declared fine with no word in its clause that negates it (whatever word stands for the verb),
    or a branch named and then a negation a word or two before "protected" (whatever word stands for the copula)."""
    import re

    for line in text.splitlines():
        lower = line.lower()
        if "protect" not in lower and "push" not in lower:
            continue
        for clause in re.split(r"[;.!?\n]|\s[-–—]\s|,\s*(?:but|and|so)\s", lower):
            words = re.findall(r"[a-z']+", clause)
            if not words:
                continue
            negated = any(w in _CLAUSE_NEGATIONS or w.endswith("n't") for w in words)
            if not negated and re.search(r"\bforce[-\s]?push\w*\b", clause) and any(w in _PERMISSIONS for w in words):
                return clause.strip()[:160]
            if re.search(r"(?:\b(?:main|master|trunk)\b|`[^`\s]+`)[^;]*?\b(?:no|not|never)\s+(?:[a-z']+\s+){0,2}"
                         r"protected\b(?!\s+branch)", clause):
                # the branch named first, then the negation (branches in general, "that are not protected", are
                # other branches)
                return clause.strip()[:160]
    return None


# The same statement in the other languages a memory file is commonly written in (French, Spanish, Portuguese, Italian,
# German): "main n'est plus protégée", "ya no está protegida", "nicht mehr geschützt", "les push forcés sont autorisés".
_UNPROTECT_OTHER = (r"(?i)(?:\bn['’]\s*(?:est|sont)\s+(?:plus|pas)|\b(?:es|son)\s+pas(?:\s+mai)?|\bno\s+és(?:\s+pas)?|\b(?:ya\s+)?no\s+(?:está|esta|están|estan|es)|"
                    r"\bnão\s+(?:está|esta|é|e)(?:\s+mais)?|\bnon\s+(?:è|e|sono)(?:\s+più)?|\bnicht(?:\s+mehr)?|"
                    r"\bkein(?:e|en)?\s+(?:Schutz|geschützt))\s+(?:protégée?s?|protegée?s?|protegid[ao]s?|protett[aoi]|"
                    r"geschützt|protegit|protegits|protegida)|\b(?:non[-\s]?protégée?s?|sans\s+protection|sin\s+protecci[oó]n|sem\s+proteç[aã]o|"
                    r"desprotegid[ao]s?|ungeschützt|senza\s+protezione)\b|"
                    r"\bpush(?:es)?\s+(?:forcés?|forzados?|forçados?|forzati)\b[^.\n]{0,30}\b(?:sont|est|son|está|están|são|"
                    r"sono|è)\s+(?:désormais\s+|maintenant\s+|ahora\s+|agora\s+|ora\s+)?(?:autorisés?|permitidos?|"
                    r"permis|consentiti|ok)\b|\bforce[-\s]?push(?:es)?\b[^.\n]{0,30}\b(?:es|és)\s+(?:ara\s+)?(?:permés|permès|"
                    r"permesa?|permis|permitit|autorizat)\b|\bforce[-\s]?push(?:es)?\b[^.\n]{0,30}\b(?:ist|sind)\s+(?:jetzt\s+)?"
                    r"(?:erlaubt|ok|in\s+Ordnung)\b")


# The same statement in Japanese, Chinese, Korean and Russian: protection removed or absent ("保護は解除されました",
# "已取消保护", "보호가 해제되었습니다", "больше не защищена"), or a force push declared fine ("force push しても問題
# ありません", "可以直接 force push", "강제 푸시해도 됩니다", "force push разрешён"). Counted on a line that speaks of a
# branch or of pushing and forbids nothing ("保護を解除しないでください" keeps it).
_UNPROTECT_CJK_RU = (r"(?i)保護[^。\n]{0,8}(?:解除|外れ|外さ|無効|廃止|なし|ありません|されていな|されていま?せん)|"
                     r"(?:(?<!不要)(?<!请勿)(?:取消|解除|移除|关闭|撤销|去除|解除了|取消了)(?:了)?(?:分支)?保护|保护[^。\n]{0,4}"
                     r"(?:已|被)?(?:取消|解除|移除|关闭|撤销)|不再受?保护|(?:未|不|没有)受保护|无保护)|"
                     r"보호[^.\n]{0,4}(?:해제|없|풀렸|풀림|꺼져|중단|비활성)|"
                     r"(?:больше\s+)?не\s+защищ\w*|защит\w*\s+(?:снят\w*|отключ\w*|убран\w*|нет)|без\s+защиты|незащищ\w*|"
                     r"(?:force[-\s]?push|強制プッシュ|フォースプッシュ|强制推送|강제\s*푸시)[^。.\n]{0,20}(?:問題(?:あり|な)|大丈夫|"
                     r"構いません|(?:して|でも)(?:も)?(?:いい|良い|よい)|没问题|没有问题|可以|允许|해도\s*(?:됩|된|돼|괜찮)|허용|괜찮|"
                     r"разреш\w*|можно|допуст\w*)|"
                     r"(?:可以|允许|能)[^。\n]{0,6}(?:force[-\s]?push|强制推送)|(?:можно|разрешено)[^.\n]{0,20}force[-\s]?push")
# Traditional characters (and Cantonese function words) of the Chinese statements, as their simplified / Mandarin forms.
_HANZI_FOLD = str.maketrans({"護": "护", "問": "问", "題": "题", "沒": "没", "關": "关", "閉": "闭", "銷": "销",
                             "許": "许", "強": "强", "無": "无", "經": "经", "請": "请", "這": "这", "個": "个",
                             "讓": "让", "須": "须", "續": "续", "對": "对", "會": "会",
                             "唔": "不", "冇": "没", "係": "是", "咗": "了", "嘅": "的", "佢": "它"})
_CJK_RU_SUBJECT = r"(?i)\b(?:main|master|trunk)\b|ブランチ|プッシュ|分支|推送|브랜치|푸시|ветк|push"
_CJK_RU_FORBIDS = r"禁止|ないで|しない|不要|请勿|請勿|唔好|不得|不可以|금지|하지\s*마|нельзя|запрещ"


def _table_sentences(text: str) -> str:
    """A markdown table's rows read as sentences: under a column whose header speaks of protection, the row's first
    cell (the branch) and what that cell says (``| main | none (force pushes fine) |`` → "main is not protected.",
    "force pushes to main are fine.")."""
    rows = [[c.strip() for c in ln.strip().strip("|").split("|")] for ln in text.splitlines() if ln.strip().startswith("|")]
    if len(rows) < 2:
        return ""
    header = [c.lower() for c in rows[0]]
    out = []
    for row in rows[1:]:
        if all(set(c) <= set("-: ") for c in row):
            continue
        branch = row[0].strip("`* ")
        for i, cell in enumerate(row[1:], 1):
            if i >= len(header) or not ("protect" in header[i] or "push" in header[i]):
                continue
            low = cell.lower().strip("`* ")
            if low.startswith(("none", "no", "off", "false", "unprotected", "not protected", "-", "n/a", "disabled")):
                out.append(f"{branch} is not protected.")
            if branch.lower() in ("main", "master", "trunk", "default", "the default branch") and (
                    "force" in low or "force" in header[i]) and (low.startswith("yes") or any(
                    w in low for w in ("fine", "ok", "allowed", "permitted", "welcome"))):
                out.append(f"force pushes to {branch} are fine.")
    return "\n".join(out)


_FALSE_WORDS = ("false", "no", "off", "none", "disabled", "0", "never", "unprotected")
_TRUE_WORDS = ("true", "yes", "on", "allowed", "allow", "ok", "fine", "permitted", "enabled", "1", "always")


def _key_value_sentences(text: str) -> str:
    """Settings written as ``key: value`` / ``key = value`` lines (YAML front matter, TOML, INI) read as sentences:
    a key about protection with a false value is "BRANCH is not protected.", a key about force pushes with a true value
    is "force pushes to BRANCH are fine." BRANCH is the block's ``branch`` key, or a branch named in the key itself;
    with neither the lines say nothing about a branch and are left alone."""
    import re

    pairs: list[tuple[str, str]] = []
    comments: list[str] = []
    section = ""
    # nested blocks by indentation: a key with no value (`branch_protection:`) or a list item that is one bare word
    # (`- main`) names the block of the lines indented under it (YAML front matter, nested lists)
    parents: list[tuple[int, str]] = []
    for line in text.splitlines()[:2000]:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        while parents and indent <= parents[-1][0]:
            parents.pop()
        bare = line.strip().lstrip("-*#> ").strip()
        if bare.startswith("[") and bare.endswith("]") and "=" not in bare:
            # a TOML / INI table header names the block its keys belong to (`[git.branch.main]`, `[branch "main"]`)
            section = re.sub(r"[\[\]\"' ]+", ".", bare.lower()).strip(".")
            parents = []
            continue
        word = bare.strip("\"'`:").lower()
        if word and re.fullmatch(r"[\w./-]{1,60}", word) and (bare.endswith(":") or line.lstrip()[:1] in "-*"):
            parents.append((indent, word.replace("-", "_")))
            continue
        key, sep, value = bare.partition(":") if ":" in bare.split("=", 1)[0] else bare.partition("=")
        key = key.strip().strip("\"'`")
        if not sep or not key or len(key) > 60 or len(key.split()) > 3:
            continue
        key = "_".join(key.lower().replace("-", "_").split())
        comment = value.split("#", 1)[1].strip().lower() if "#" in value else ""
        prefix = ".".join(p for p in [section, *[name for _, name in parents]] if p)
        pairs.append(((prefix + "." + key) if prefix else key, value.split("#", 1)[0].strip().strip("\"'`,").lower()))
        comments.append(comment)
    if not pairs:
        return ""
    named = [v for k, v in pairs if k.rsplit(".", 1)[-1] in ("branch", "branches", "target_branch", "default_branch", "ref")
             and v]
    out: list[str] = []
    for (key, value), comment in zip(pairs, comments):
        parts = set(re.split(r"[_.]", key))
        branch = next((p for p in parts if p in ("main", "master", "trunk", "release", "production", "prod")), None)
        branch = branch or (named[0].strip("[]").split(",")[0].strip(" \"'") if named else None)
        words = value.split()
        if not branch and len(words) > 1:
            # the value names the branch it is about ("Force-push: allowed on main")
            branch = next((w for w in words[1:] if w in ("main", "master", "trunk", "release", "production", "prod")), None)
            value = words[0] if branch else value
        if not branch and "branch" in parts and ("git" in parts or "branches" in parts or "branch" in key.split(".")):
            # a branch setting that names no branch (`[git.branch]` / `protected = false  # main`): the branch its
            # comment names, else the default branch — the protected answer for a key that could be about it
            branch = next((w for w in re.findall(r"[\w./-]+", comment) if w not in ("the", "for", "branch", "is")),
                          "the default branch")
        if not branch:
            continue
        if any("protect" in p for p in parts) and value in _FALSE_WORDS:
            out.append(f"{branch} is not protected.")
        elif "force" in parts and any(p.startswith("push") for p in parts) and value in _TRUE_WORDS:
            out.append(f"force pushes to {branch} are fine.")
        elif any(p.startswith("unprotect") for p in parts) and value in _TRUE_WORDS:
            out.append(f"{branch} is not protected.")
    return "\n".join(out)


def _reversed_runs(text: str) -> str:
    """``text`` as a reader sees it where runs are shown reversed: ``<bdo dir="rtl">…</bdo>`` (and an element styled
    ``unicode-bidi: bidi-override`` with ``rtl``) overrides the direction of Latin letters too, as does U+202E
    (RIGHT-TO-LEFT OVERRIDE) up to U+202C or the line's end (``niam ot sehsup ecrof wolla`` shows as "allow force
    pushes to main"); each run is put back in display order where it stands (an unclosed element runs to the line's
    end). The text unchanged when it has no such run."""
    import re

    def flip(m: re.Match[str]) -> str:
        tag, attrs = m.group(1).lower(), m.group(2).lower()
        if "rtl" in attrs and (tag == "bdo" or "bidi-override" in attrs):
            return m.group(3)[::-1]
        return m.group(0)

    shown = re.sub(r"<(\w+)\b([^>]*)>(.*?)(?:</\1\s*>|(?=\n)|\Z)", flip, text, flags=re.IGNORECASE)
    return re.sub("\u202e([^\u202c\n]*)\u202c?", lambda m: m.group(1)[::-1], shown)


def _lifts_protection(text: str) -> str | None:
    if "\u202e" in text or ("<" in text and ("bdo" in text.lower() or "bidi-override" in text.lower())):
        shown_reversed = _reversed_runs(text)
        if shown_reversed != text:
            text = text + "\n" + shown_reversed
    if "|" in text and "\n|" in "\n" + text.replace("\n ", "\n"):
        tables = _table_sentences(text)
        if tables:
            text = text + "\n" + tables
    if ":" in text or "=" in text:
        settings = _key_value_sentences(text)
        if settings:
            text = text + "\n" + settings
    if not text.isascii():
        # zero-width and other format characters (U+200B, U+2060, soft hyphen) and variation selectors are invisible:
        # the line reads without them; compatibility forms (full-width letters) read as the plain ones. Tag characters
        # (U+E0020–U+E007E) show nothing but a model reads them as the ASCII they shadow (`no\U000E0020longer`): the
        # line is read both ways
        import unicodedata

        def shown(c: str) -> bool:
            return unicodedata.category(c) != "Cf" and not ("\ufe00" <= c <= "\ufe0f" or "\U000e0100" <= c <= "\U000e01ef")

        plain = unicodedata.normalize("NFKC", "".join(c for c in text if shown(c)))
        if any("\U000e0020" <= c <= "\U000e007e" for c in text):
            plain += "\n" + unicodedata.normalize("NFKC", "".join(
                chr(ord(c) - 0xE0000) if "\U000e0020" <= c <= "\U000e007e" else c for c in text if shown(c)
                or "\U000e0020" <= c <= "\U000e007e"))
        text = plain
        if any("\u3400" <= c <= "\u9fff" for c in text):
            # Chinese in traditional characters, and Cantonese's own words for "not", "no longer", "have not"
            # (`唔再`, `冇問題`): also read in the simplified forms and Mandarin words the statements above are written in
            folded = text.translate(_HANZI_FOLD)
            if folded != text:
                text = text + "\n" + folded
    lowered = text.lower()
    if ("rotect" not in text and "orce" not in text and "ORCE" not in text and "push" not in lowered
            and not any(w in lowered for w in ("rotég", "roteg", "rotet", "schütz", "schutz", "保護", "保护", "보호",
                                                "защ", "プッシュ", "推送", "푸시"))):
        return None
    import re

    if not text.isascii():
        for other in re.finditer(_UNPROTECT_CJK_RU, text):
            line = text[text.rfind("\n", 0, other.start()) + 1:text.find("\n", other.end()) % (len(text) + 1)]
            if re.search(_CJK_RU_SUBJECT, line) and not re.search(_CJK_RU_FORBIDS, line):
                return other.group(0)

    found = re.search(_UNPROTECT, text) or re.search(_PROTECTION_OF, text)
    if found:
        return found.group(0)
    if "<" in text and ">" in text:
        # markup a renderer does not show (`main is no longer <em>protected</em>`, `ma<!-- -->in`): the line is read as
        # it reads without it too (the text as written was read above)
        bare = re.sub(r"<!--.*?-->|</?[A-Za-z][^<>\n]*>", "", text)
        found = (re.search(_UNPROTECT, bare) or re.search(_PROTECTION_OF, bare)) if bare != text else None
        if found:
            return found.group(0)
        text = text + "\n" + bare
    lowered_clause = _lowering_clause(text)
    if lowered_clause:
        return lowered_clause
    for other in re.finditer(_UNPROTECT_OTHER, text):
        # the other languages' forms count on a line that speaks of a branch or of pushing
        line = text[text.rfind("\n", 0, other.start()) + 1:text.find("\n", other.end()) % (len(text) + 1)].lower()
        if re.search(r"\b(?:main|master|trunk|branche|rama|ramo|branch|zweig|push\w*)\b", line):
            return other.group(0)
    return None


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# The languages whose statements about protection the readers above understand, identified by their most common
# function words (a Latin-script line) or by their script (Japanese, Chinese, Korean, Cyrillic). A memory line in any
# other language cannot be read by the check at all, whatever it says.
_READ_LANGUAGE_WORDS = (
    _words("the is are was were be to and of a an in on for with not no it this that before after always never do "
              "don't only use run must should can from by into any all has have when then stays via if or"),
    _words("le la les est sont des du un une et pas ne plus sur pour avec dans jamais toujours"),
    _words("el la los las es está están y no de del en por para con un una ya se nunca siempre"),
    _words("o a os as é está e não de do da em para com um uma mais nunca sempre"),
    _words("il lo la gli le è e non di del della in per con un una più su mai sempre"),
    _words("der die das ist sind nicht und mehr auf mit für ein eine kein keine zu nie niemals immer"),
    # Russian, the one Cyrillic language the readers read: a script is not a language (a Ukrainian, Bulgarian or
    # Serbian line shares the letters and not the words the readers match)
    _words("и не в на с по для что это как из от или уже только всегда никогда нельзя можно больше ветка ветку "
           "ветке ветки есть нет был была будет его её их через без защищена защищён защищен защищены защита "
           "разрешено разрешён запрещено пушить"),
)
# English beyond its function words: the vocabulary of a project's notes (a word counts with a plural, past or
# -ing/-ly ending taken off), so that a terse English note ("keep main green; rebase topic branches daily") reads.
_ENGLISH_NOTES = _words(
    "keep green rebase topic daily accept direct during release window deploy nightly ci test tests lint build check "
    "protect protected protection protecting unprotected open review approval approve fine allow allowed ok okay hotfix "
    "fix ship go through stay stays pull request main branch commit push force delete tag merge squash rewrite history "
    "team owner ask first need needs required require every each one new old up down out over under off instead "
    "directly straight via per team's ours our your you we they them us me my just also again still yet now later "
    "soon today tomorrow weekly monthly hourly week day time window freeze frozen policy rule rules note notes see "
    "docs readme changelog version bump publish package install update upgrade run runs script scripts make task "
    "job pipeline workflow action server local remote origin upstream fork clone fetch pull rebase reset stash clean "
    "work tree file files folder directory path code source src lib app api web service services module modules "
    "config setting settings default defaults team lead maintainer maintainers reviewer reviewers pr prs mr "
    "land landed green red pass passing fail failing broken stable unstable latest next last what which who how "
    "why where there here than more most less least very much many few some such same other another both either "
    "neither but so because while until unless since about above below between against without within across "
    "along around behind beyond except like near past toward upon whether please thanks note important warning "
    "careful safe unsafe never always usually sometimes often rarely don't doesn't isn't aren't can't won't "
    "shouldn't mustn't may might will would could shall been being done doing did does go goes going gone get gets "
    "got getting take takes use uses used using write writes written read reads keep kept")
# Scripts written without spaces between words, whose languages the readers read by script (Japanese kana, Chinese
# and Japanese ideographs, Korean): word lists cannot tell their languages apart, the script does.
_READ_SCRIPTS = ((0x3040, 0x30FF), (0x4E00, 0x9FFF), (0xAC00, 0xD7AF), (0x1100, 0x11FF))
_NAMES_NOT_WORDS = frozenset(("force", "push", "pushes", "pull", "request", "branch", "git", "main", "master", "merge"))


# What a line about a protected branch in a language the readers above do not read can still be seen to say, by its
# words alone, in the languages memory files are commonly written in beyond those: that the branch is protected
# (_PROTECTED_WORDS) and that something must never be done to it (_FORBID_WORDS) — a restatement of the protection,
# which cannot lower it — unless any word that lowers or negates a protection (_LOWERING_PHRASES: no longer, not, allowed,
# removed, disabled, unprotected, may) is there too. In scripts written with spaces a word is matched whole (one that
# ends in `*` is a stem: at a word's start); in Thai, Hebrew, Arabic and Devanagari, whose words take prefixes or run on,
# anywhere in the line.
_PROTECTED_WORDS = (
    "beschermd", "beskyttet", "skyddad", "chronion*", "zabezpieczon*", "chráněn*", "chránen*", "zaštićen*",
    "zaštiten*", "zaščiten*", "заштићен*", "védett", "védve", "suojattu", "kaitstud", "προστατεύ*", "προστατευμέν*",
    "korunuyor", "korunan", "korumalı", "protejat*", "захищен*", "защитен*", "varin", "varinn", "varið", "dilindungi",
    "được bảo vệ", "protektado", "protegida", "apsaugot*", "aizsargāt*", "beskerm*", "ป้องกัน", "מוגן", "מוגנת",
    "محمي", "محمية", "محافظت", "संरक्षित", "सुरक्षित", "limelindwa", "imelindwa", "linalindwa", "inalindwa",
    "yamelindwa", "zimelindwa", "umelindwa",
    # Welsh (with its mutations), Albanian, Armenian, Georgian, Bengali, Tamil
    "diogel*", "ddiogel*", "gwarchod*", "warchod*", "mbrojtur", "mbrojtura", "պաշտպանված*", "დაცულ*",
    "সুরক্ষিত", "সংরক্ষিত", "பாதுகாக்கப்பட்ட", "பாதுகாப்பான",
    # Latvian, Basque, Mongolian, Kazakh, Kyrgyz, Uzbek, Azerbaijani, Tatar, Macedonian, Belarusian, Irish, Maltese,
    # Galician, Catalan
    "aizsargāts", "aizsargāta", "aizsargātas", "aizsargāti", "babestuta", "babestua", "babestutako", "babestu",
    "хамгаалагдсан", "хамгаалалттай", "қорғалған", "қорғаулы", "корголгон", "корголот", "himoyalangan",
    "himoyada", "qorunur", "qorunan", "qorunmuş", "qorunmuşdur", "qorunur", "сакланган", "сакланучы", "заштитен*",
    "абаронен*", "cosanta", "faoi chosaint", "protett*", "protexida", "protexido", "protegit*",
)
_FORBID_WORDS = (
    "nooit", "verboden", "aldrig", "aldri", "ingen", "nigdy", "zabronion*", "nikdy", "zakázan*", "zakazan*", "nikad",
    "nikada", "zabranjen*", "nikoli", "никад", "никада", "забрањен*", "soha", "tilos", "koskaan", "älä", "kielletty",
    "kunagi", "ποτέ", "απαγορεύ*", "asla", "yasak", "yapma*", "niciodată", "interzis*", "ніколи", "заборонен*",
    "никога", "забранен*", "aldrei", "bannað", "jangan", "dilarang", "không bao giờ", "đừng", "cấm", "kailanman",
    "huwag", "mai", "niekada", "nekad", "ห้าม", "อย่า", "לעולם", "אסור", "أبدا", "ابدا", "ممنوع", "يمنع", "هرگز",
    "कभी", "वर्जित", "मना", "kamwe", "usifanye", "marufuku",
    "byth", "peidiwch", "paid", "gwaharddedig", "gwaherddir", "waherddir", "kurrë", "ndalohet", "ndaluar", "mos",
    "երբեք", "արգելված*", "արգելվում*", "մի", "არასოდეს", "აკრძალულ*", "იკრძალება", "ნუ", "কখনো", "কখনই", "কখনও",
    "নিষিদ্ধ", "ஒருபோதும்", "கூடாது", "தடை", "செய்யாதீர்",
    # Latvian, Basque, Mongolian, Kazakh, Kyrgyz, Uzbek, Azerbaijani, Tatar, Macedonian, Belarusian, Irish, Maltese,
    # Galician, Catalan
    "nekad", "nekādā gadījumā", "aizliegt*", "nedrīkst", "debekatu*", "inoiz", "хориглоно", "хориглосон", "хориотой",
    "хэзээ ч", "ешқашан", "болмайды", "тыйым", "жасамаңыз", "эч качан", "болбойт", "тыюу", "hech qachon",
    "taqiqlangan", "taqiqlanadi", "heç vaxt", "qadağan*", "olmaz", "беркайчан", "ярамый", "тыела", "никогаш",
    "забранет*", "ніколі", "забаронен*", "nach", "choíche", "riamh", "toirmiscthe", "qatt", "projbit*", "nunca",
    "prohibid*", "mai", "prohibit*",
)
# Words for "allowed", "may" or "can" and the negations that, placed right next to one of them, forbid ("ni dovoljen",
# "nuk lejohet", "ni chaniateir", "যাবে না", "nav atļauts"): such a pair is a prohibition, not a lowering word — but
# only as a pair (a negation or a permission anywhere else in the line still lowers).
_PERMIT_WORDS = (
    "dovoljen*", "dozvoljen*", "dopušten*", "lejohet", "lejuar", "caniateir", "chaniateir", "ganiateir", "atļaut*",
    "drīkst", "baimendu*", "যাবে", "পারবেন", "পারেন", "যায়", "permitid*", "permès", "permesso", "permess*", "ruxsat",
    "mumkin", "icazə", "olar", "allowed", "permitted", "дозволен*", "дазволен*", "разрешено", "tilladt*", "tillatt*",
    "tillåt*", "dozwolon*", "povolen*", "engedélyez*", "sallittu*", "lubatud", "permis*", "leyf*", "diizinkan",
    "boleh", "cho phép", "được phép", "pinapayagan", "leidžiama", "toegestaan*", "toegelaat",
    "erlaubt", "gestattet", "autorisé*", "autorizad*", "autorizzat*", "consentit*",
)
_NEGATION_WORDS = (
    "ni", "nije", "nuk", "s'", "nid", "nav", "ez", "না", "nu", "no", "non", "não", "emas", "deyil", "не", "not",
    "ikke", "inte", "nie", "není", "nem", "ei", "ekki", "tidak", "không", "hindi", "nėra", "niet", "nie", "ne",
    "pas", "nicht", "kein", "keine",
)
_LOWERING_PHRASES = (
    "niet meer", "niet langer", "toegestaan*", "onbeschermd*", "verwijderd*", "uitgeschakeld*", "ikke længere",
    "ikke lenger", "ikke beskyttet", "tilladt*", "tillatt*", "ubeskyttet*", "fjernet*", "inte längre",
    "inte skyddad*", "tillåt*", "oskyddad*", "borttag*", "inget skydd", "nie jest", "już nie", "dozwolon*",
    "niechronion*", "usunięt*", "wyłączon*", "można", "není", "už ne*", "povolen*", "nechráněn*", "odstraněn*",
    "vypnut*", "lze", "smí", "nie je", "už nie", "nechránen*", "odstránen*", "môže", "nije", "više nije", "dopušten*",
    "dozvoljen*", "nezaštićen*", "uklonjen*", "isključen*", "smije", "može", "ni več", "nezaščiten*", "odstranjen*",
    "није", "дозвољен*", "незаштић*", "уклоњен*", "már nem", "nem védett", "engedélyez*", "szabad*", "védtelen*",
    "eltávolít*", "kikapcsol*", "ei ole", "ei enää", "sallittu*", "suojaamaton*", "poistettu*", "enam", "enää",
    "lubatud", "kaitsmata", "eemaldatud", "δεν", "πια", "πλέον", "επιτρέπ*", "απροστάτευτ*", "αφαιρέθ*", "artık",
    "korunmuyor", "korumasız", "serbest*", "izin*", "kaldırıld*", "nu mai", "nu este", "permis*", "neprotejat*",
    "eliminat*", "dezactivat*", "більше не", "не захищ*", "дозвол*", "незахищ*", "знят*", "вимкн*", "можна", "не е",
    "вече не", "разрешен*", "незащит*", "премахн*", "изключ*", "може", "ekki", "lengur", "leyf*", "óvarin*",
    "fjarlægð*", "tidak", "diizinkan", "boleh", "dihapus", "dinonaktifkan", "bebas", "không còn", "được phép",
    "cho phép", "nữa", "gỡ bỏ", "không được", "hindi na", "hindi protektado", "pinapayagan", "puwede", "tinanggal",
    "ja no", "no està", "permès", "desprotegida", "nebe*", "nėra", "leidžiama", "neapsaugot*", "pašalint*",
    "vairs nav", "nav", "atļaut*", "neaizsargāt*", "noņemt*", "nie meer", "nie beskerm*", "toegelaat", "onbeskerm*",
    "verwyder*", "no longer", "not protected", "unprotected", "allowed", "permitted", "removed", "disabled", "lifted",
    "anymore", "fine", "okay", "ok", "ไม่", "อนุญาต", "สามารถ", "ยกเลิก", "อีกต่อไป", "ลบ", "לא", "מותר", "הוסר",
    "ללא", "אין הגנה", "בוטל", "لم يعد", "غير محمي", "ليس", "مسموح", "يسمح", "يمكن", "إزالة", "ازالة", "أزيل", "بدون",
    "تعطيل", "دیگر", "نیست", "مجاز", "حذف", "नहीं", "अनुमति", "हटा", "असुरक्षित", "सकते", "बंद", "hali*", "haija*",
    "haili*", "tena", "ruhusiwa*", "inaruhusiwa*", "ondolewa*", "imeondolewa*", "bila",
    # Welsh
    "ddim", "nid", "nad", "mwyach", "caniateir", "ganiateir", "caniatáu", "ganiatáu", "cewch", "gallwch", "gellir",
    "tynnwyd", "dilëwyd", "diffodd*", "heb", "ansicr",
    # Albanian
    "nuk", "s'është", "lejohet", "lejuar", "mund", "hequr", "çaktivizuar", "pambrojtur", "pa",
    # Armenian
    "չի", "չէ", "չեն", "այլևս", "թույլատրված*", "թույլատրվում*", "կարող*", "հանված*", "անջատված*", "անպաշտպան*", "առանց",
    # Georgian
    "არ", "აღარ", "არაა", "არაა.", "ნებადართულ*", "შეგიძლიათ", "შეიძლება", "მოხსნილ*", "გაუქმებ*", "გამორთულ*",
    "დაუცველ*", "გარეშე",
    # Bengali
    "না", "নয়", "নেই", "আর", "অনুমতি*", "পারেন", "পারবেন", "সরানো", "বাতিল", "অরক্ষিত", "ছাড়া",
    # Tamil (matched anywhere in a word: its negations and permissions are suffixes)
    "இல்லை", "வில்லை", "அல்ல", "இனி", "அனுமதி", "லாம்", "முடியும்", "நீக்க", "தேவையில்லை", "இல்லாமல்",
    # Latvian, Basque, Mongolian, Kazakh, Kyrgyz, Uzbek, Azerbaijani, Tatar, Macedonian, Belarusian, Irish, Maltese,
    # Galician, Catalan, Slovenian
    "ne", "nav", "vairs", "atļaut*", "drīkst", "var", "neaizsargāt*", "noņemt*", "atcelt*", "izslēgt*", "bez",
    "ez", "jada", "gehiago", "baimen*", "daiteke", "dezakezu", "kendu*", "desgaitu*", "gabe", "babesgabe*",
    "биш", "үгүй", "болно", "зөвшөөр*", "хамгаалалтгүй", "хамгаалагдаагүй", "хасагдсан", "устгасан", "цуцал*",
    "идэвхгүй", "байхгүй", "ахиж", "дахиж", "хэрэггүй", "емес", "енді", "болады", "рұқсат", "алынып", "өшірілген",
    "қорғаусыз", "қорғалмаған", "жоқ", "эмес", "эми", "болот", "уруксат", "алынып", "корголбойт", "корголбогон",
    "emas", "endi", "mumkin", "ruxsat", "olib tashlan*", "himoyasiz", "o'chirilgan", "deyil", "artıq", "icazə",
    "olar", "silin*", "qorunmur", "qorunmasız", "söndürül*", "түгел", "инде", "ярый", "рөхсәт", "бетерелде",
    "веќе не", "не е", "дозволен*", "отстранет*", "незаштитен*", "больш не", "не", "дазволен*", "выдалены",
    "неабаронен*", "níl", "ní", "a thuilleadh", "ceadaithe", "ceadaítear", "is féidir", "bainte", "gan", "mhux",
    "aktar", "permess*", "jista'", "mneħħi*", "mingħajr", "xa non", "permitid*", "pode", "poden", "podes", "eliminad*", "sen",
    "desprotexid*", "ja no", "permès", "pot", "poden", "podeu", "eliminat*", "sense", "desprotegi*", "dovoljen*", "ni", "lahko",
    "odstranjen*", "izklopljen*", "brez",
    "nuk", "lejohet", "lejuar",
)
# Words that say a line speaks of pushing to a branch or of its protection, in the languages the readers read by their
# function words (stems, matched at a word's start): such a line may lower the protection.
_PROTECTION_TOPIC = ("push", "force", "forc", "protec", "proteg", "protég", "protez", "protet", "schutz", "schütz",
                     "geschütz", "ungeschütz", "sperr", "gesperr", "direct", "direkt", "diret", "libre", "liber", "frei",
                     "bloque", "bloqué", "bloccat", "sblocc", "desbloque", "entsperr", "débloqu")
# Words of the read languages that forbid, beside _FORBID_WORDS (which holds the languages the readers do not read)
_READ_FORBID_WORDS = ("nunca", "jamais", "nie", "niemals", "mai", "verboten", "interdit*", "proibid*", "vietat*",
                      "prohibid*", "never", "niemand")


def _about_protection(prose: str) -> bool:
    """Whether a line speaks of pushing to a branch or of its protection (:data:`_PROTECTION_TOPIC`,
    :data:`_PROTECTED_WORDS`)."""
    line = _plain(prose)
    return any(_matches(line, _plain(w), True) for w in _PROTECTION_TOPIC) or any(
        _has_word(line, w) for w in _PROTECTED_WORDS)


# Words of the read languages for "protected" and for a review the change goes through, and their negations
_READ_PROTECTED = ("protected", "protegid*", "protégé*", "protege*", "geschützt*", "protett*", "gesperrt*", "bloquead*",
                   "bloqué*", "bloccat*")
_REVIEWED = ("pr", "prs", "pull", "merge", "mr", "mrs", "review*", "revis*", "relecture", "überprüf*", "code-review")
_READ_NEGATIONS = ("no", "ne", "n", "pas", "plus", "nicht", "kein*", "nao", "non", "not", "mehr", "nunca", "jamais",
                   "nie", "niemals", "mai", "never", "ni", "sin", "sans", "ohne", "sem", "senza", "without")


def _forbids(prose: str) -> bool:
    """Whether a line's words show it agrees with the protection: a prohibition (a word that forbids, a negation right
    next to a word for "allowed", a negation just before the push it speaks of: "no hagas push", "kein direkter Push"),
    or, with no negation at all, that the branch is protected or that changes reach it through a review ("solo por
    PR") — and no distinctive phrase that lowers a protection."""
    import re

    if _lowers_by_words(prose):
        return False
    line = _plain(prose)
    rest, pairs = _negated_permissions(line)
    if pairs > 0 or any(_has_word(rest, w) for w in (*_FORBID_WORDS, *_READ_FORBID_WORDS)):
        return True
    tokens = re.findall(r"[^\W\d_]+", line)
    negated = [k for k, t in enumerate(tokens) if any(_matches(t, w.rstrip("*"), w.endswith("*")) for w in _READ_NEGATIONS)]
    permitting = [k for k, t in enumerate(tokens) if any(_has_word(t, w) for w in (
        *_PERMIT_WORDS, "opcional*", "optional*", "facoltativ*", "facultati*", "freiwillig*", "opzional*"))]
    # a negation up to two words before a word for "allowed" ("non è permesso", "ist nicht erlaubt") forbids
    pairs_near = [(n, k) for k in permitting for n in negated if 0 < k - n <= 2]
    if pairs_near:
        negated = [n for n in negated if n not in {a for a, _ in pairs_near}]
        permitting = [k for k in permitting if k not in {b for _, b in pairs_near}]
        if not negated and not permitting:
            return True
    permits = bool(permitting)
    protected = any(_has_word(line, w) for w in _READ_PROTECTED) or any(_has_word(line, w) for w in _PROTECTED_WORDS)
    if not negated:
        return not permits and (protected or any(t in _REVIEWED or any(
            _matches(t, w.rstrip("*"), True) for w in _REVIEWED if w.endswith("*")) for t in tokens))
    if protected or permits:
        return False
    pushes = [k for k, t in enumerate(tokens) if t.startswith(("push", "pous", "forc"))]
    return bool(pushes) and all(any(0 < p - n <= 2 for n in negated) for p in pushes)


# Scripts whose words take prefixes or are written without spaces: their words are matched anywhere in the line.
_RUN_ON_SCRIPTS = ((0x0590, 0x05FF), (0x0600, 0x06FF), (0x0900, 0x097F), (0x0E00, 0x0E7F), (0x0B80, 0x0BFF))


def _plain(text: str) -> str:
    """``text`` compared as the word lists above are: compatibility forms folded, lower case, combining marks off."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if unicodedata.category(c) != "Mn")


def _has_word(line: str, word: str, exact: str | None = None) -> bool:
    """Whether ``line`` (folded by :func:`_plain`) holds ``word``; a word of three letters or fewer is matched with
    its accents in ``exact`` (the line lower-cased, when given): Albanian "në" is not Slovenian "ne"."""
    stem = word.endswith("*")
    if exact is not None and len(word.rstrip("*")) <= 3:
        # with its accents, or as a word of the line written with none (a word typed without its accents, "smi" for
        # "smí", still reads as that word; "në" is not "ne")
        bare = " ".join(t if _plain(t) == t else "\0" for t in exact.split())
        return _matches(exact, word.rstrip("*").lower(), stem) or _matches(bare, _plain(word.rstrip("*")), stem)
    return _matches(line, _plain(word.rstrip("*")), stem)


def _matches(line: str, word: str, stem: bool) -> bool:
    import re

    if any(lo <= ord(word[0]) <= hi for lo, hi in _RUN_ON_SCRIPTS):
        return word in line
    return re.search(r"(?<![^\W\d_])" + re.escape(word) + ("" if stem else r"(?![^\W\d_])"), line) is not None


def _negated_permissions(line: str) -> tuple[str, int]:
    """``line`` with each negation written right next to a word for "allowed" / "may" (either order, within one
    clause) taken out, and how many such pairs there were: a negated permission is a prohibition."""
    import re

    tokens = re.findall(r"[^\s;,.:!?।()]+|[;,.:!?।()]", line)
    drop: set[int] = set()
    concord: set[int] = set()
    for k in range(len(tokens) - 1):
        a, b = tokens[k], tokens[k + 1]
        for neg, permit in ((a, b), (b, a)):
            if any(neg in (_plain(w), w) for w in _NEGATION_WORDS) and any(
                    _has_word(permit, w) for w in _PERMIT_WORDS):
                drop |= {k, k + 1}
        if any(b in (_plain(w), w) for w in _NEGATION_WORDS) and any(_has_word(a, w) for w in _FORBID_WORDS):
            concord.add(k + 1)  # "nikad ne", "никога не": a negation that agrees with "never" is part of it
    pairs = len(drop) // 2
    return " ".join(t for k, t in enumerate(tokens) if k not in drop and k not in concord), pairs


def _restates_protection(prose: str) -> bool:
    """Whether a line the readers cannot read shows by its words that it restates a branch's protection (it says the
    branch is protected and that something must never be done to it — a word that forbids, or a negation right next
    to a word for "allowed" — and no other word of it lowers or negates a protection): such a line cannot lower the
    protection, and is written."""
    import unicodedata

    line = _plain(prose)
    if not any(_has_word(line, w) for w in _PROTECTED_WORDS):
        return False
    rest, pairs = _negated_permissions(line)
    exact, _ = _negated_permissions(unicodedata.normalize("NFC", prose.lower()))
    return ((pairs > 0 or any(_has_word(rest, w) for w in _FORBID_WORDS))
            and not any(_has_word(rest, w, exact) for w in _LOWERING_PHRASES))


def _lowers_by_words(prose: str) -> bool:
    """Whether a line the readers took for one of their languages, and found nothing in, still carries a phrase that
    lowers or negates a protection in some language (:data:`_LOWERING_PHRASES`): only the distinctive ones count — a
    phrase of two words or more, or a word of five letters or more — after negated permissions ("n'est pas permis",
    "nicht erlaubt") are taken out, and not when the words show the line restates the protection."""
    import re
    import unicodedata

    if _restates_protection(prose):
        return False

    def unnegated(text: str) -> str:
        # a word for "allowed" with a negation up to two words before it, in its clause ("non è permesso"): dropped
        tokens = re.findall(r"[^\s;,.:!?।()]+|[;,.:!?।()]", text)
        keep = []
        for k, t in enumerate(tokens):
            near = [x for x in tokens[max(0, k - 3):k] if x not in ";,.:!?।()"][-2:]
            if any(_has_word(t, w) for w in _PERMIT_WORDS) and any(
                    x in (_plain(n), n) for x in near for n in _NEGATION_WORDS):
                continue
            keep.append(t)
        return " ".join(keep)

    # matched with their accents: Catalan "no està" is not Spanish "no está"
    exact = unnegated(_negated_permissions(unicodedata.normalize("NFC", prose.lower()))[0])
    return any((" " in w or len(w.rstrip("*")) >= 5) and _matches(exact, w.rstrip("*").lower(), w.endswith("*"))
               for w in _LOWERING_PHRASES)


# A line that is the shell command writing a note (`printf '%s\n' '- …' > AGENTS.md`): its quoted strings are the note.
_COMMAND_LINE = r"^(?:[^'\"|;&]*(?:&&|;)\s*)*(?:printf|echo|cat|tee|sed|awk|perl|python3?)\b.*(?:>|\|)"


def _unread_line(text: str, branches: set[str]) -> str | None:
    """A prose line of ``text`` that names one of ``branches`` (or a statewise key) and is written in a language the
    readers do not understand (:data:`_READ_LANGUAGE_WORDS`, :data:`_READ_SCRIPTS`), or None. Code (a fenced block, a
    code span) is not prose. What such a line says about the branch cannot be known."""
    import re

    fenced = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced or not line:
            continue
        if re.match(_COMMAND_LINE, line):
            # the shell command that writes the note (its text is read too): judge the strings it writes, not the
            # program's own words
            quoted = [a or b for a, b in re.findall(r"'([^']*)'|\"([^\"]*)\"", line)]
            if any("%" in q or "\\" in q for q in quoted):
                from statewise_cli.actions.hidden import printed_text

                printed = printed_text(line)
                if printed:
                    # a format or escapes: the lines printf/echo print in their place (`%(TEXT)T`, `\n`)
                    quoted = [q for q in quoted if "%" not in q and "\\" not in q] + printed.splitlines()
            bare = re.match(r"(?:[^'\"|;&]*(?:&&|;)\s*)*(?:echo|printf)\s+([^'\"<>|;&]+?)\s*\d?>", line)
            if bare:
                # `echo - main … >> CLAUDE.md` (a hook's or script's line): the unquoted words are what it writes
                quoted.append(bare.group(1))
            found = next((hit for q in quoted if (hit := _unread_line(q, branches))), None)
            if found:
                return found
            continue
        prose = re.sub(r"`[^`]*`", " ", line)
        # the branch may be named in a code span (`main`) or carry a case ending (main-ზე, main-ге, main'e): its name
        # is the part before the hyphen or apostrophe
        tokens = [m.group(0).lower().strip("./-") for m in re.finditer(r"[\w./'’-]+", line)]
        named = set(tokens) | {re.split(r"['’-]", t, maxsplit=1)[0] for t in tokens}
        if not (named & branches or "branch.protected" in line):
            continue
        words = [w.lower() for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", prose)]
        words = [w for w in words if w not in branches and w not in _NAMES_NOT_WORDS]
        if any(lo <= ord(c) <= hi for lo, hi in _READ_SCRIPTS for w in words for c in w):
            continue  # a script one of the readers reads
        if len(words) < 2:
            continue  # too few words to be a statement in any language (`main: protected`)
        if any(len(set(words) & lang) >= 2 and sum(w in lang for w in words) * 4 >= len(words)
               for lang in _READ_LANGUAGE_WORDS[1:]):
            if _lowers_by_words(prose):
                # it shares its function words with a language a reader reads, and that reader found nothing in it —
                # but its words lower a protection in a neighbouring language (Catalan beside Spanish, Afrikaans beside
                # German and Dutch): what it says cannot be known, so it is held like an unread line
                return line[:160]
            if _about_protection(prose) and not _forbids(prose):
                # it speaks of pushing to the branch or of its protection, and the reader found no lowering in it —
                # but a reader of function words sees only the wordings it lists ("se permite el push", "la
                # protezione è stata tolta"): a line it could not read to the end does not lower the protection by
                # default. Written when its words show a prohibition (a word that forbids, a negated permission).
                return line[:160]
            continue
        english = sum(1 for w in words if w in _READ_LANGUAGE_WORDS[0] or w in _ENGLISH_NOTES or any(
            w.endswith(end) and w[:-len(end)] in _ENGLISH_NOTES for end in ("s", "es", "ed", "d", "ing", "ly")))
        if english * 2 >= len(words):
            foreign = [w for w in words if not (w in _READ_LANGUAGE_WORDS[0] or w in _ENGLISH_NOTES or any(
                w.endswith(end) and w[:-len(end)] in _ENGLISH_NOTES for end in ("s", "es", "ed", "d", "ing", "ly")))]
            if len(foreign) >= 2 and _lowers_by_words(" ".join(foreign)) and not _restates_protection(prose):
                # mostly English, with a phrase that lowers a protection in another language the English reader does
                # not see ("main: push is ara permès"): mixed wording it cannot read, held
                return line[:160]
            continue
        if _restates_protection(prose):
            continue  # it restates the protection in words the lists above show: it cannot lower it
        return line[:160]
    return None


# Struck-through text as it renders: `~~x~~` whose delimiters touch the text (GFM: `~~ x ~~` is not struck), and the
# elements <s>, <del>, <strike> by their exact names (`<s-x>`, `<del-note>` are other elements, shown as written)
_STRUCK = r"~~(?![\s~])([^~\n]*?[^\s~])~~|<(s|del|strike)(?=[\s/>])[^>]*>(.*?)</\2\s*>"
_CODE_TILDE = "\x00"
_CODE_LT = "\x01"


def _code_tildes_masked(text: str) -> str:
    """``text`` with the tildes inside code spans masked: a code span shows them as written, never as a strike. An
    escaped tilde (``\\~``) is shown as written too; a line with an escaped backquote is not masked at all (where its
    code spans end is not read here), so the strike is read from the text as written."""
    text = text.replace("\\~", "\\" + _CODE_TILDE)
    if "`" not in text or ("~" not in text and "<" not in text) or "\\`" in text:
        return text
    import re

    # an element's tag inside a code span is shown as written too (`` `<s>` … `</s>` `` strikes nothing)
    return re.sub(r"(`+)(.+?)\1", lambda m: m.group(0).replace("~", _CODE_TILDE).replace("<", _CODE_LT), text,
                  flags=re.DOTALL)


def _struck_rules(text: str) -> list[str]:
    """The struck-through pieces of ``text`` (``~~…~~``, ``<s>``, ``<del>``, ``<strike>``): what a note withdraws."""
    if "~~" not in text and "</" not in text:
        return []
    import re

    return [(m.group(1) or m.group(3) or "").replace(_CODE_TILDE, "~").replace(_CODE_LT, "<") for m in re.finditer(
        _STRUCK, _code_tildes_masked(text), flags=re.IGNORECASE)]


def _logical_lines(text: str, paragraphs: bool = False) -> list[str]:
    """The lines of ``text`` as a reader takes them: a line ending in a backslash joined with the next one, and a
    list item with the indented lines that continue it (Markdown's continuation lines); with ``paragraphs``, any
    line that starts no block of its own continues the one before (a paragraph's soft line breaks)."""
    out: list[str] = []
    fenced = False
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if out and not fenced and (out[-1].endswith("\\") or ((paragraphs or raw[:1] in (" ", "\t")) and line.strip()
                                                and not line.lstrip().startswith(("- ", "* ", "+ ", "#", ">", "|", "`"))
                                                and not line.lstrip()[:1].isdigit() and out[-1].strip()
                                                and not out[-1].lstrip().startswith(("#", "```", "~~~")))):
            out[-1] = out[-1].rstrip("\\").rstrip() + " " + line.strip()
        else:
            out.append(line)
    return out


_NEGATED_CLAUSE = r"(?:\b(?:no\s+longer|not|never|nowhere\s+near)\s+(?:the\s+case|true|so)|\b(?:untrue|false))\s+that\s+(.+)"
_PERMITTING = ("open", "allowed", "permitted", "fine", "ok", "okay", "free", "welcome", "acceptable")


def _withdrawn(text: str, struck: list[str], branches: set[str]) -> str | None:
    """A line of ``text`` that takes back a protection of one of ``branches`` in a shape the word readers do not
    follow: a rule that keeps it struck through (``~~B stays protected~~``), a statement continued on the next line
    (a trailing backslash, a list item's indented continuation) that lowers it once joined, a negated proposition
    ("it is untrue that B is closed to rewrites") whose clause keeps it — or one whose clause is not known to lower
    it (the protected answer) — and a negation at most one word before the word for the protection ("B: without
    protection")."""
    import re

    def names(line: str) -> bool:
        tokens = {m.group(0).lower().strip("./-") for m in re.finditer(r"[\w./'’-]+", line)}
        return bool(tokens & branches)

    for piece in struck:
        if names(piece) and _forbids(piece) and not _lifts_protection(piece):
            return f"struck through: {piece.strip()[:120]}"
    for line in _logical_lines(text):
        if line in text.splitlines():
            continue  # judged as it is by the other readers
        if names(line) and (_lifts_protection(line) or _unread_line(line, branches)):
            return line.strip()[:160]
    for line in _logical_lines(text):
        if not names(line):
            continue
        plain = _plain(re.sub(r"`([^`]*)`", r"\1", line))
        m = re.search(_NEGATED_CLAUSE, plain)
        if m:
            clause = m.group(1)
            tokens = re.findall(r"[^\W\d_]+", clause)
            negated = [k for k, t in enumerate(tokens) if t in ("not", "no", "never", "nor", "without", "cannot")
                       or t.endswith("n't")]
            permits = [k for k, t in enumerate(tokens) if t in _PERMITTING or any(_has_word(t, w) for w in _PERMIT_WORDS)]
            keeps = _forbids(clause) or any(0 < p - n <= 2 for p in permits for n in negated)
            lowers = bool(_lifts_protection(clause)) or (bool(permits) and not negated and _about_protection(clause))
            if keeps or (not lowers and _about_protection(clause)):
                return line.strip()[:160]
        words = re.findall(r"[^\W\d_]+|[;,.:!?]", plain)
        for k, w in enumerate(words):
            if w not in ("no", "not", "never", "without", "nor") or (k and words[k - 1] in ("not", "never", "no")):
                continue  # a negation, not itself negated ("not without protection")
            near = words[k + 1:k + 3]
            if near[:1] and near[0] in ("no", "not", "never", "without", "nor"):
                continue
            if near and (near[0].startswith("protect") or (len(near) > 1 and near[0] not in ";,.:!?"
                                                           and near[1].startswith("protect"))):
                return line.strip()[:160]
    return None


def _held_branches(held: list[Any]) -> set[str]:
    """The branch names the records in ``held`` protect (a repository-wide record: the usual default branches)."""
    names: set[str] = set()
    for r in held:
        scope = str(getattr(r, "scope", "") or "")
        if scope.startswith("branch:") and scope[7:]:
            names.add(scope[7:].lower())
        else:
            names.update(("main", "master", "trunk"))
    return names


def _content_shown(action: Action) -> bool:
    """Whether a shell write's text is on its command line (``echo``/``printf``/a heredoc or here-string, ``tee`` fed
    by them, an awk or sed program that prints its own words) rather than copied from a file (``cp``, ``install``,
    ``mv``, ``cat FILE >``, ``awk '{print}' FILE``, ``sed p FILE``, an archive, another program). The pipeline that
    writes is read stage by stage: every stage must show what it passes on, whatever else the line runs."""
    if action.operation in ("file.operand", "file.move", "file.extract"):
        return False
    text = action.text or ""
    if action.kind == "edit" and action.body and not text:
        return True
    pipelines = _writing_pipelines(text)
    if pipelines is None:
        return False  # a line the split cannot read: its lines are not taken as shown
    if not pipelines:
        scripts = _launched_scripts(text)
        if scripts:
            # `su -m -c 'echo … >> CLAUDE.md' root`, `flock L -c '…'`: the write is in the script a launcher runs
            return all(_content_shown(action.replace(text=script)) for script in scripts)
        words = text.replace(";", " ").replace("|", " ").replace("&", " ").replace("(", " ").split()
        # no redirection or tee: an in-place edit (`sed -i`, `perl -pi`) whose program is on the line
        return "<<" in text or bool({w.rsplit("/", 1)[-1] for w in words} & {"echo", "printf", "sed", "perl", "awk"}) or (
            action.kind == "edit" and bool(action.body))
    return all(_stage_shows(stage) for pipeline in pipelines for stage in pipeline)


_COMPUTED_LINE_MAX = 4096  # longest command line whose memory-file write is computed (the hook's time budget)


def _computed_output(action: Action, path: str) -> str | None:
    """The text a shell write puts in ``path`` when the program writing it is a pure text program the constant folder
    computes (:mod:`statewise_cli.actions.fold`: decoders such as ``base64 -d`` or ``python3 -m base64 -d``, ``printf``,
    ``tr`` …) fed only literal text (its words, a here-string): every command of the line that writes ``path`` must be
    computed, else None (the write stays "lines from elsewhere", held)."""
    text = action.text or ""
    if not text or len(text) > _COMPUTED_LINE_MAX:
        return None  # a cost bound: a longer line's write stays "lines from elsewhere" (held), never an allow
    from statewise_cli.actions import fold
    from statewise_cli.actions.shell import ParseError, split_commands, unknown

    try:
        commands = split_commands(text)
    except (ParseError, RecursionError, ValueError):
        return None
    name = os.path.basename(path)
    out: list[str] = []
    for cmd in commands:
        targets = [t for op, t in cmd.redirects if op in (">", ">>", ">|", "&>", "&>>", "1>", "1>>")]
        if not any(os.path.basename(t) == name for t in targets):
            continue
        if cmd.wrappers or cmd.stdin or cmd.carried or cmd.heredocs or not cmd.argv or any(unknown(w) for w in cmd.argv):
            return None
        head = cmd.argv[0].rsplit("/", 1)[-1]
        if head not in fold.FOLDERS and not fold.pure_form(list(cmd.argv)):
            return None
        if head in fold.SELECTORS or any(op in ("<", "<>") for op, _ in cmd.redirects):
            return None  # output chosen from files: not this check's to read
        fed = [t for op, t in cmd.redirects if op == "<<<"]
        if len(fed) > 1 or (fed and unknown(fed[0])):
            return None
        shown = fold.run(list(cmd.argv), fed[0] + "\n" if fed else None)
        if shown is None:
            return None
        out.append(shown)
    return "\n".join(out) if out else None


def _writing_pipelines(text: str) -> list[list[list[str]]] | None:
    """The pipelines of a command line that write a file (a ``>``/``>>`` redirection or ``tee``), each as its stages'
    words; None when the line cannot be split (unbalanced quotes)."""
    import re
    import shlex

    if re.search(r"<<-?\s*['\"]?\w", text.replace("<<<", "")):
        text = text.split("\n", 1)[0]  # a here-document: its body is the text shown, not commands of the line
    spaced = re.sub(r"(?<![<>&|0-9])(\|\||&&|;|\n)", r" \1 ", text.replace("<<<", " <<< ").replace("\n", " ; "))
    try:
        lexer = shlex.shlex(spaced, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        tokens = list(lexer)
    except ValueError:
        return None
    pipelines: list[list[list[str]]] = [[[]]]
    for tok in tokens:
        if tok in (";", "&&", "||", "&"):
            pipelines.append([[]])
        elif tok == "|":
            pipelines[-1].append([])
        else:
            pipelines[-1][-1].append(tok)
    return [p for p in pipelines if any(
        any(w.startswith((">", "1>")) and not w.startswith(">&") or w == "tee" or w.endswith("/tee") for w in stage)
        for stage in p)]


_SHOWERS = frozenset({"echo", "printf", "true", ":"})
_PROGRAM_FILTERS = frozenset({"sed", "gsed", "awk", "gawk", "mawk", "nawk", "busybox-awk", "perl"})


def _launched_scripts(text: str) -> list[str]:
    """The scripts the line's launchers run (``su -c S``, ``runuser … -c S``, ``flock F -c S``, ``sh -c S``, a
    documented launcher's command option), when every command of the line is one: read as the line they write."""
    import shlex

    from statewise_cli.actions.shell import _unwrap

    try:
        words = shlex.split(text, posix=True)
    except ValueError:
        return []
    scripts: list[str] = []
    for _ in range(8):
        rest, wrapper, script, _cwd = _unwrap(words)
        if wrapper is None:
            return []
        if script is not None:
            scripts.append(script)
            return scripts if not rest else []
        words = rest
    return []


def _stage_shows(words: list[str]) -> bool:
    """Whether one stage of a writing pipeline passes on only text the line shows."""
    import re

    while words and "=" in words[0] and not words[0].startswith(("-", "=")):
        words = words[1:]  # `LC_ALL=C awk …`
    if words and words[0].rsplit("/", 1)[-1] not in _SHOWERS and words[0].rsplit("/", 1)[-1] != "tee":
        from statewise_cli.actions.shell import _unwrap

        # a launcher documented to run the program after its own options (`nsenter -- tee -a F`, `nice -n 5 tee`,
        # `setpriv --reuid=U -- tee`): the stage is the program it runs
        for _ in range(8):
            rest, wrapper, script, _cwd = _unwrap(list(words))
            if wrapper is None or script is not None or not rest or rest == ["sh"]:
                break
            words = rest
    if not words:
        return True
    name = words[0].rsplit("/", 1)[-1]
    if name in _SHOWERS or name == "tee":
        return not any(w.startswith("<") and w not in ("<<", "<<<") for w in words)
    if "<<" in words or "<<<" in words:
        fed = True  # a heredoc or here-string: its text is on the line
    else:
        fed = False
    if name not in _PROGRAM_FILTERS and name != "cat":
        return False
    program_seen = name == "cat"
    operands: list[str] = []
    skip = False
    for i, w in enumerate(words[1:], 1):
        if skip:
            skip = False
            continue
        if w in ("<<", "<<<"):
            skip = True
            continue
        if w.startswith((">", "2>", "1>")):
            if w in (">", ">>", "2>", "1>", "2>>", "1>>"):
                skip = True
            continue
        if w.startswith("<"):
            return False  # standard input from a file
        if name != "cat" and w in ("-f", "--file") or w.startswith(("--file=", "-f")) and name != "cat" and len(w) > 2 \
                and not w.startswith("-F"):
            return False  # the program itself from a file
        if name != "cat" and w in ("-e", "--expression", "-v", "-F", "-i"):
            program_seen = program_seen or w in ("-e", "--expression")
            skip = True
            if w in ("-e", "--expression") and i + 1 < len(words) and _reads_files(name, words[i + 1]):
                return False
            continue
        if w.startswith("-") and w != "-":
            continue
        if not program_seen:
            program_seen = True
            if _reads_files(name, w):
                return False
            continue
        operands.append(w)
    if operands:
        return False  # input files: the text is theirs
    return fed or name != "cat" and not re.search(r"\b(?:getline|ARGV|ENVIRON)\b", " ".join(words))


def _reads_files(name: str, program: str) -> bool:
    """An awk, sed or perl program that reads a file of its own (``getline < F``, sed's ``r``/``R``, perl's ``open``)."""
    import re

    if name.endswith("awk"):
        return "getline" in program
    if name.endswith("sed"):
        return re.search(r"(?:^|[;\n}/0-9$!{])\s*[rR]\s*\S", program) is not None
    return re.search(r"\b(?:open|readline|do|require|qx)\b|<[A-Z$]*>|`", program) is not None


def _imported(added: str, directory: str) -> str:
    """The lines of the files an added ``@path`` line imports into the memory file (Claude Code reads them as part of
    it): judged as if written there. Paths are relative to the memory file, ``~`` the home directory."""
    if "@" not in added:
        return ""
    import re

    out = []
    for m in re.finditer(r"(?<![\w`@])@((?:~/|\.{0,2}/)?[\w.-]+(?:/[\w.-]+)*)", added):
        path = os.path.normpath(os.path.join(directory, os.path.expanduser(m.group(1))))
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                out.append(fh.read(64_000))
        except OSError:
            continue
        if len(out) >= 8:
            break
    return "\n" + "\n".join(out) if out else ""


def _action_dir(action: Action, cwd: str) -> str:
    """The directory an action runs in: the session's, or the one the command changed to (``cd DIR &&``, ``env -C``,
    ``git -C``) when the line names it."""
    from statewise_cli.actions.shell import unknown

    where = action.cwd
    if not where or unknown(where):
        return cwd
    return os.path.normpath(os.path.join(cwd, os.path.expanduser(where)))


def memory_contradictions(store: Any, actions: list[Action], cwd: str) -> list[tuple[Action, str]]:
    """Writes of a memory file whose new lines state a fact against an active record of higher authority
    (developer or environment) of the same key and scope — "main is not protected" over a developer's
    ``git.branch.protected true``. The importer never lets such a line win; the write itself is the agent
    arguing with its guard, and is denied with what the record says."""
    from statewise_cli.store.records import AUTHORITY_RANK

    root = store.repo.root if store.repo is not None else None
    session_cwd = cwd
    found: list[tuple[Action, str]] = []
    stronger: set[str] | None = None  # the keys of the records a line could contradict, read once
    awks = ("awk", "gawk", "mawk", "nawk", "busybox-awk")
    writes = {a.target for a in actions if a.operation == "file.write" and a.target}
    awk_ran = any(a.operation[6:] in awks for a in actions if a.operation.startswith("shell."))
    for action in actions:
        if action.kind != "edit" and action.operation not in ("file.write", "file.create", "file.operand", "file.move",
                                                              "file.extract"):
            continue
        if action.operation == "file.operand" and "fed" in action.flags and action.target in writes and (
                awk_ran or action.arguments[:1] and action.arguments[0].rsplit("/", 1)[-1] in awks):
            # the awk program on the line (inline, a here-document, or a file the line wrote) is read by awk's own
            # model, which gives its `print > "FILE"` as a write of FILE judged below; the same words seen again as
            # text fed to a program are no second, unknown write
            continue
        paths = action.paths or ((action.target,) if action.target else ())
        cwd = _action_dir(action, session_cwd)  # `cd repo && echo … >> AGENTS.md`: the file is the repository's
        if action.operation == "file.move" and len(action.arguments) > 1 and not action.paths:
            paths = (action.arguments[-1],)  # `mv /tmp/x.md CLAUDE.md`: the memory file is the destination
        if action.operation == "file.extract" and action.target:
            source = os.path.normpath(os.path.join(cwd, os.path.expanduser(action.target)))
            paths = tuple(os.path.join(action.arguments[0] if action.arguments else ".", m)
                          for m in archive_members(source) + written_under(source, actions, session_cwd))
        for path in paths:
            scope = _memory_file(os.path.normpath(os.path.join(cwd, path)), root)
            if scope is None and action.operation == "file.operand" and _rules_directory(path, cwd, root):
                # the rules directory handed to a program nobody modelled: what it writes there is a memory file
                # (a directory made or listed is no write of one: only an unmodelled program's operand is)
                scope = "repository"
            if scope is None:
                continue
            added = "\n".join(ln[1:] for ln in action.body.splitlines() if ln[:1] == "+")
            if action.operation == "file.move" and action.tool != "Bash" and action.arguments:
                # a patch that moves a file into a memory file (`*** Move to: CLAUDE.md`): the lines it keeps are the
                # source file's own, and they land in the memory file with the ones the patch adds
                try:
                    with open(os.path.join(cwd, action.arguments[0]), encoding="utf-8", errors="replace") as fh:
                        added += "\n" + fh.read(256_000)
                except OSError:
                    pass
            if not added and action.tool == "Bash":
                added = action.text  # `echo '…' >> CLAUDE.md`: the line is on the command line
                shown = _content_shown(action)
                computed = _computed_output(action, path)
                if computed is not None:
                    # `python3 -m base64 -d <<< … >> CLAUDE.md`, `printf '%(TEXT)T\n' -1 >> …`: the text the
                    # program writes, judged instead of the command line that shows it
                    added, shown = computed, True
                elif not shown:
                    # `install -D /tmp/r.md .claude/rules/x.md`, `cp`, an archive: the lines come from a file the check
                    # does not read; with a developer's protection in force that is no silent allow
                    held = [r for r in store.active_records("git.branch.protected") if r.value is True
                            and not r.source.startswith("memory-file:")
                            and AUTHORITY_RANK.get(r.authority, 0) > AUTHORITY_RANK["document"]]
                    if held:
                        found.append((action, (
                            f"statewise denied `{_shown(action)}`: it writes `{path}`, a memory file, with lines from "
                            "elsewhere that the check cannot read, while branch protection is stated with "
                            f"{held[0].authority} authority ({held[0].key} [{held[0].scope}]). Write the lines themselves "
                            "(an Edit, or `printf` / a heredoc on the command line) so they can be checked.")))
                        continue
            if not added.strip():
                continue
            if action.tool == "Bash" and _content_shown(action) and ("%" in added or "\\" in added):
                from statewise_cli.actions.hidden import printed_text

                added += "\n" + printed_text(action.text or "")  # what printf/echo print (`%s%s` joins pieces)
            if action.tool == "Bash" and "\\" in added:
                # `printf '\n@/tmp/x.md\n' >> CLAUDE.md`, `echo -e`: the file gets the lines the escapes make
                from statewise_cli.actions.hidden import decode_escapes

                added += "\n" + decode_escapes(added)  # and every other escape (`\x6e`, `\0156`, `\u006e`)
            if "\n" in added.strip() and ("<" in added or "~~" in added or "\\" in added):
                # Markdown renders a paragraph's lines as one: markup opened on one line and closed on the next (a
                # tag, a comment, a strike-through) reads as it renders, so the joined paragraphs are read too
                joined = "\n".join(_logical_lines(added, paragraphs=True))
                if joined != added:
                    added += "\n" + joined
            if "<!--" in added:
                import re

                added += "\n" + re.sub(r"<!--.*?-->", "", added, flags=re.DOTALL)  # a comment shows nothing
            if "&" in added and ";" in added:
                import html

                # Markdown renders character references as the characters they name: `main&nbsp;is&nbsp;not`
                # is read as the words it shows
                added = html.unescape(added)
            if "</" in added:
                import re

                # an element with nothing in it shows nothing (`pro<b></b>tected` reads "protected"), one with only
                # blanks a blank
                added = re.sub(r"<([A-Za-z][\w-]*)\b[^<>\n]*>(\s*)</\1\s*>", lambda m: " " if m.group(2) else "", added)
            struck = _struck_rules(added)
            if "~~" in added or "</" in added:
                import re

                # struck-through text (`~~…~~`, `<s>`, `<del>`, `<strike>`) renders as deleted: the line is read as
                # it reads without it
                added = re.sub(_STRUCK, " ", _code_tildes_masked(added),
                               flags=re.IGNORECASE).replace(_CODE_TILDE, "~").replace(_CODE_LT, "<")
            added += _imported(added, os.path.dirname(os.path.normpath(os.path.join(cwd, path))))
            lifted = _lifts_protection(added)
            if not lifted:
                held = [r for r in store.active_records("git.branch.protected") if r.value is True
                        and not r.source.startswith("memory-file:")
                        and AUTHORITY_RANK.get(r.authority, 0) > AUTHORITY_RANK["document"]]
                lifted = _withdrawn(added, struck, _held_branches(held)) if held else None
            if lifted:
                held = [r for r in store.active_records("git.branch.protected") if r.value is True
                        and not r.source.startswith("memory-file:")
                        and AUTHORITY_RANK.get(r.authority, 0) > AUTHORITY_RANK["document"]]
                if held:
                    found.append((action, (
                        f"statewise denied `{_shown(action)}`: it writes `{path}`, a memory file, with \"{lifted}\", which "
                        f"lifts branch protection that {held[0].key} [{held[0].scope}] states with {held[0].authority} "
                        f"authority ({held[0].source}). A memory file never lowers what a developer stated or the "
                        "environment showed; if the record is wrong, stop and ask the developer to change it.")))
                    continue
            held = [r for r in store.active_records("git.branch.protected") if r.value is True
                    and not r.source.startswith("memory-file:")
                    and AUTHORITY_RANK.get(r.authority, 0) > AUTHORITY_RANK["document"]]
            unread = _unread_line(added, _held_branches(held)) if held else None
            if unread:
                # the same rule whatever the words: a line about a protected branch that the check cannot read may
                # lower its protection as well as restate it, so it is held like one that lowers it
                found.append((action, (
                    f"statewise denied `{_shown(action)}`: it writes `{path}`, a memory file, with \"{unread}\", a line "
                    f"about a branch that {held[0].key} [{held[0].scope}] protects with {held[0].authority} authority, in "
                    "a language or wording the check cannot read to the end, so it cannot tell whether the line lowers "
                    "that protection. A memory file never lowers what a developer stated or the environment showed: "
                    "write the note in English (a rule that keeps the protection, such as \"never force-push to main\", "
                    "is written), or ask the developer to add it.")))
                continue
            if stronger is None:
                stronger = store.outranking_keys()
            if not stronger:
                continue  # no record a line could contradict: nothing to extract
            from statewise_cli.memory.extract import extract

            for fact in extract(added):
                if fact.key not in stronger:
                    continue
                fact_scope = fact.scope if fact.scope != "repository" else scope
                for record in store.active_records(fact.key):
                    if (record.scope == fact_scope and not record.source.startswith("memory-file:")
                            and AUTHORITY_RANK.get(record.authority, 0) > AUTHORITY_RANK["document"]
                            and record.value != fact.value):
                        found.append((action, (
                            f"statewise denied `{_shown(action)}`: it writes `{path}`, a memory file, with the line "
                            f"\"{fact.text.strip()[:120]}\", which contradicts {record.key} [{record.scope}] = "
                            f"{record.value!r}, stated with {record.authority} authority ({record.source}). A memory file "
                            "is something an agent may write, so it never lowers what a developer stated or the "
                            "environment showed; if the record is wrong, stop and ask the developer to change it.")))
                        break
    return found
