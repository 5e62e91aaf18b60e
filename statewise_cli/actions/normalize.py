"""The one action normalizer: what a tool call does, for the hook, the transcript reader, the gate and the audit.

One tool call can hold several actions (``git add . && git push -f origin main``).
Each action names its operation (``git.push``), target (the branch), arguments and
risk: ``read-only`` < ``local-mutation`` < ``destructive`` < ``remote``. The risk
also steers the failure policy when the hook itself breaks.

Each action also has a ``kind`` — read, search, edit, test, push, publish, install,
command or other — with the files it reads or writes (``paths``), the lines read,
the search pattern and, for edits, the changed text. Shell commands are seen through
every wrapper and composition :mod:`statewise_cli.actions.shell` knows (``bash -c``,
``env``, ``sudo``, ``timeout``, ``nice``, ``xargs``, ``&&``, pipes, subshells, ``$(…)``),
and shell-side edits (``sed -i``, ``perl -i``, ``tee``, ``>`` redirects, heredocs into
files, ``git apply``, ``patch``, ``apply_patch``) are edits of the files they write.
:func:`normalize_call` is the entry point; :func:`describe_call` reduces its actions to
what the call does as one step.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.actions.shell import ParseError, SimpleCommand, split_commands
from statewise_cli.fast.struct import Struct

if TYPE_CHECKING:
    from typing import Any

RISKS = ("read-only", "local-mutation", "destructive", "remote")
KINDS = ("read", "search", "edit", "test", "push", "publish", "install", "command", "other")
# Submissions for the evidence gate: the work is declared done or handed on.
SUBMIT_OPERATIONS = ("git.commit", "git.push", "gh.pr")
RISK_RANK = {name: rank for rank, name in enumerate(RISKS)}
EDIT_TOOLS = {"Edit", "Write", "NotebookEdit", "MultiEdit", "apply_patch"}
READ_TOOLS = {"Read", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "TodoWrite", "Task"}
SHELL_TOOLS = {"Bash", "exec_command", "shell", "local_shell", "container.exec"}
# Programs whose file arguments are read, and programs that search.
READ_PROGRAMS = {"cat", "head", "tail", "sed", "nl", "less", "more", "bat"}
SEARCH_PROGRAMS = {"rg", "grep", "egrep", "fgrep", "ag", "ack", "find", "fd"}
# Writes there are scratch, not changes to the project.
SCRATCH_PREFIXES = ("/dev/", "/tmp/", "/var/tmp/", "/private/tmp/", "$TMPDIR/", "${TMPDIR}/")

_GIT_OPTS_WITH_VALUE = {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path"}
_PUSH_OPTS_WITH_VALUE = {"--repo", "-o", "--push-option", "--receive-pack", "--exec", "--signed"}
_READ_ONLY_GIT = {
    "status", "log", "diff", "show", "branch", "remote", "fetch", "rev-parse", "ls-files",
    "blame", "grep", "describe", "config", "shortlog", "reflog", "ls-remote", "cat-file",
}
_PUBLISH = {
    ("npm", "publish"), ("pnpm", "publish"), ("yarn", "publish"), ("twine", "upload"),
    ("poetry", "publish"), ("uv", "publish"), ("cargo", "publish"), ("gem", "push"),
    ("docker", "push"), ("gh", "pr"), ("gh", "release"), ("gh", "repo"), ("kubectl", "apply"),
    ("kubectl", "delete"), ("terraform", "apply"), ("terraform", "destroy"), ("helm", "install"),
    ("helm", "upgrade"), ("helm", "uninstall"), ("flyctl", "deploy"), ("fly", "deploy"),
    ("vercel", "deploy"), ("netlify", "deploy"), ("heroku", "releases"),
}
_READ_ONLY_COMMANDS = {
    "ls", "cat", "head", "tail", "less", "grep", "rg", "ag", "find", "fd", "echo", "printf",
    "pwd", "wc", "sort", "uniq", "which", "type", "file", "stat", "tree", "du", "df", "env",
    "printenv", "true", "false", "test", "[", "diff", "cmp", "jq", "sed", "awk", "cut", "tr",
    "date", "whoami", "uname", "id", "hostname", "nl", "basename", "dirname", "realpath", "cd",
}


class Action(Struct):
    tool: str
    operation: str  # e.g. git.push, git.reset, shell.rm, edit, shell.run
    risk: str
    target: str | None = None  # the branch / path / package acted on
    arguments: tuple[str, ...] = ()
    flags: frozenset[str] = frozenset()
    text: str = ""  # the command as the agent wrote it (for messages)
    kind: str = "command"  # one of KINDS
    paths: tuple[str, ...] = ()  # files read (read), searched (search) or written (edit)
    lines: tuple[int, int] | None = None  # lines read; for an edit, the lines of the new file it writes, when known
    pattern: str | None = None  # what a search looks for
    body: str = ""  # an edit's changed text: "+"/"-" lines
    context: tuple[str, ...] = ()  # an edit's hunk headers (apply_patch "@@ def f():")

    def to_json(self) -> dict[str, Any]:
        return {
            "tool": self.tool,
            "operation": self.operation,
            "risk": self.risk,
            "target": self.target,
            "arguments": list(self.arguments),
            "flags": sorted(self.flags),
        }


def _strip_ref(ref: str) -> str:
    for prefix in ("refs/heads/", "heads/"):
        if ref.startswith(prefix):
            return ref[len(prefix) :]
    return ref


def _git_subcommand(argv: tuple[str, ...]) -> tuple[str | None, list[str]]:
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg in _GIT_OPTS_WITH_VALUE:
            i += 2
        elif arg.startswith("-"):
            i += 1
        else:
            return arg, list(argv[i + 1 :])
    return None, []


def _git_push(args: list[str], branch: str | None, text: str) -> list[Action]:
    flags: set[str] = set()
    positional: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("-f", "--force") or arg.startswith("--force-with-lease") or arg == "--force-if-includes":
            flags.add("force")
        elif arg in ("-d", "--delete"):
            flags.add("delete")
        elif arg in ("--all", "--mirror", "--branches"):
            flags.add("all")
            if arg == "--mirror":
                flags.update(("force", "delete"))
        elif arg in ("-n", "--dry-run"):
            flags.add("dry-run")
        elif arg in _PUSH_OPTS_WITH_VALUE:
            i += 1
        elif arg.startswith("-") and len(arg) > 1:
            if not arg.startswith("--") and "f" in arg[1:]:
                flags.add("force")  # combined short flags: -uf
            if not arg.startswith("--") and "d" in arg[1:]:
                flags.add("delete")
        else:
            positional.append(arg)
        i += 1
    risk = "read-only" if "dry-run" in flags else "remote"
    remote = positional[0] if positional else None
    refspecs = positional[1:]
    base: dict[str, Any] = {"tool": "Bash", "operation": "git.push", "risk": risk, "text": text,
                                "kind": "command" if "dry-run" in flags else "push"}
    if "all" in flags:
        return [Action(target="*", arguments=tuple(positional), flags=frozenset(flags), **base)]
    if not refspecs:
        return [Action(target=branch or "?", arguments=tuple(positional), flags=frozenset(flags), **base)]
    actions = []
    for spec in refspecs:
        spec_flags = set(flags)
        if spec.startswith("+"):
            spec_flags.add("force")
            spec = spec[1:]
        src, colon, dst = spec.partition(":")
        if colon and not src:
            spec_flags.add("delete")
        target = dst if colon else src
        if target == "HEAD":
            target = branch or "?"
        target = _strip_ref(target)
        if "$" in target or "{}" in target or "*" in target and not colon:
            target = "?"
        actions.append(
            Action(target=target, arguments=(remote or "", spec), flags=frozenset(spec_flags), **base)
        )
    return actions


def _git(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    sub, args = _git_subcommand(cmd.argv)
    if sub == "push":
        return _git_push(args, branch, text)
    risk = "local-mutation"
    flags: set[str] = set()
    if sub in _READ_ONLY_GIT:
        risk = "read-only"
        if sub == "branch" and any(a in ("-D", "-d", "--delete", "-M", "-m") for a in args):
            risk, flags = "destructive", {"delete"}
        if sub == "config" and not any(a.startswith("--get") or a in ("-l", "--list") for a in args):
            risk = "local-mutation"
    elif sub == "reset" and "--hard" in args:
        risk, flags = "destructive", {"hard"}
    elif sub == "clean" and any(a.startswith("-") and "f" in a for a in args):
        risk, flags = "destructive", {"force"}
    elif sub in ("checkout", "restore") and ("." in args or "--" in args or "-f" in args) or sub == "stash" and args[:1] in (["drop"], ["clear"]):
        risk = "destructive"
    elif sub in ("commit", "tag", "merge", "rebase", "cherry-pick", "revert"):
        risk = "local-mutation"
    what: dict[str, Any] = {}
    if sub == "grep":
        positional = _operands(tuple(args), _GREP_OPTS_WITH_VALUE)
        what = {"kind": "search", "pattern": positional[0] if positional else None, "paths": tuple(positional[1:2])}
    elif sub == "apply" and not any(a in ("--check", "--stat", "--numstat", "--summary") for a in args):
        what = _diff_edit(cmd, [], 1)
    return [
        Action(tool="Bash", operation=f"git.{sub or '?'}", risk=risk, target=None,
               arguments=tuple(args), flags=frozenset(flags), text=text, **what)
    ]


_INSTALLERS = {
    "pip": ("install",), "pip3": ("install",), "uv": ("add", "sync", "pip"), "poetry": ("add", "install"),
    "pdm": ("add", "install"), "pipenv": ("install",), "npm": ("install", "i", "add", "ci"),
    "pnpm": ("add", "install", "i"), "yarn": ("add", "install"), "bun": ("add", "install", "i"),
}
_RUNNERS = {
    "npm", "pnpm", "yarn", "bun", "npx", "pytest", "tox", "nox", "make", "just", "go", "cargo", "ruff", "black",
    "mypy", "pyright", "eslint", "prettier", "tsc", "jest", "vitest", "python", "python3", "uv", "poetry",
    "py.test", "mocha", "rspec", "ctest",
}
_GREP_OPTS_WITH_VALUE = {"-e", "-f", "-A", "-B", "-C", "-m", "-g", "-t", "-T", "--glob", "--type", "--type-not",
                         "--max-count", "--regexp", "--file", "--context", "--after-context", "--before-context"}
_FILE_WRITES = ("rm", "mv", "cp", "tee", "touch", "mkdir", "chmod", "chown", "truncate", "ln")


def _paths(args: tuple[str, ...]) -> list[str]:
    return [a for a in args if not a.startswith("-")]


def _operands(args: tuple[str, ...], with_value: set[str]) -> list[str]:
    """Non-option arguments, the values of ``with_value`` options left out (``--`` ends the options)."""
    out: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            out.extend(args[i + 1:])
            break
        if arg in with_value:
            i += 2
            continue
        if not arg.startswith("-") or arg == "-":
            out.append(arg)
        i += 1
    return out


def _scratch(path: str, root: str | None = None) -> bool:
    """A shell write that changes no project file: a device, or a temporary place outside ``root``."""
    if path.startswith("/dev/") or path == "-":
        return True
    if root and path.startswith("/"):
        return not path.startswith(root.rstrip("/") + "/")
    return path.startswith(SCRATCH_PREFIXES)


def _lines_of(body: str) -> tuple[int, int]:
    return 1, max(body.count("\n") + (0 if body.endswith("\n") else 1), 1)


def _written(path: str, cmd: SimpleCommand, name: str) -> dict[str, Any]:
    """An edit of ``path``; its text is the heredoc fed to ``cat``/``tee``/a bare redirect, when there is one."""
    what: dict[str, Any] = {"kind": "edit", "paths": (path,)}
    if cmd.heredocs and name in ("", "cat", "tee"):
        body = cmd.heredocs[-1]
        what.update(body="\n".join("+" + ln for ln in body.splitlines()), lines=_lines_of(body))
    return what


def _file_actions(cmd: SimpleCommand, name: str, args: tuple[str, ...], text: str) -> list[Action]:
    """Shell file mutations: one action per path written, moved or deleted."""
    writes = [t for op, t in cmd.redirects if op.startswith(">") or op in ("&>", "&>>", ">|")]
    writes = [t for t in writes if t not in ("/dev/null", "/dev/stdout", "/dev/stderr") and not t.startswith("&")]
    actions: list[Action] = []
    if name == "rm":
        recursive = any(a.startswith("-") and not a.startswith("--") and ("r" in a or "R" in a) for a in args) or "--recursive" in args
        for path in _paths(args) or ["?"]:
            actions.append(Action(tool="Bash", operation="file.delete", risk="destructive" if recursive else "local-mutation",
                                  target=path, arguments=args, flags=frozenset({"recursive"} if recursive else ()), text=text))
    elif name in ("mv", "cp") and len(_paths(args)) >= 2:
        paths = _paths(args)
        for path in paths[:-1]:
            actions.append(Action(tool="Bash", operation=f"file.{'move' if name == 'mv' else 'copy'}", risk="local-mutation",
                                  target=path, arguments=(path, paths[-1]), text=text))
        actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=paths[-1], arguments=args, text=text))
    elif name == "sed" and any(a.startswith(("-i", "--in-place")) for a in args):
        script = any(a in ("-e", "--expression", "-f", "--file") or a.startswith("--expression=") for a in args)
        files = [a for a in _operands(args, {"-e", "--expression", "-f", "--file", "-l"}) if a]
        for path in files[0 if script else 1:]:
            actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args,
                                  text=text, kind="edit", paths=(path,)))
    elif name == "tee":
        writes = writes + _paths(args)
    elif name in ("touch", "mkdir", "chmod", "chown", "truncate", "ln"):
        for path in _paths(args)[(1 if name in ("chmod", "chown") else 0):]:
            actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args, text=text))
    for path in writes:
        actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args,
                              text=text, **_written(path, cmd, name)))
    return actions


_READ_OPTS_WITH_VALUE = {
    "head": {"-n", "-c", "--lines", "--bytes"}, "tail": {"-n", "-c", "--lines", "--bytes", "-s", "--pid"},
    "sed": {"-e", "--expression", "-f", "--file", "-l"}, "bat": {"-r", "--line-range", "-l", "--language"},
}


def _read(cmd: SimpleCommand, name: str, args: tuple[str, ...]) -> dict[str, Any]:
    """What ``cat``/``head``/``sed -n``/… read: the files (the last one is the one that counts) and, for
    ``sed -n 'N,Mp'``, the lines."""
    operands = _operands(args, _READ_OPTS_WITH_VALUE.get(name, set()))
    lines = None
    if name == "sed":
        scripts = [args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-e", "--expression")]
        if not any(a in ("-e", "--expression", "-f", "--file") for a in args):
            scripts, operands = operands[:1], operands[1:]  # sed's first operand is its script
        lines = next((r for r in map(_sed_range, scripts) if r), None)
    files = [a for a in operands if a and a != "-" and not _line_count(a)]
    if "xargs" not in cmd.wrappers:  # `xargs cat < list`: the list is xargs' input, not a file read
        files += [t for op, t in cmd.redirects if op == "<" and not t.startswith("__HEREDOC_")]
    if not files:
        return {}
    return {"kind": "read", "paths": tuple(files), "lines": lines}


def _line_count(arg: str) -> bool:
    numbers = arg.removesuffix("p")
    return bool(numbers) and all(part.isdigit() for part in numbers.split(","))


def _sed_range(script: str) -> tuple[int, int] | None:
    numbers = script[:-1] if script.endswith("p") else ""
    first, comma, last = numbers.partition(",")
    return (int(first), int(last)) if comma and first.isdigit() and last.isdigit() else None


def _search(name: str, args: tuple[str, ...]) -> dict[str, Any]:
    if name in ("find", "fd"):
        positional = _paths(args)
        return {"kind": "search", "paths": tuple(positional[:1])} if positional else {}
    pattern = next((args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-e", "--regexp")), None)
    positional = _operands(args, _GREP_OPTS_WITH_VALUE)
    if pattern is None:
        if not positional:
            return {}
        pattern, positional = positional[0], positional[1:]
    return {"kind": "search", "pattern": pattern, "paths": tuple(positional[:1])}


def _diff_edit(cmd: SimpleCommand, operands: list[str], strip: int) -> dict[str, Any]:
    """``git apply``/``patch``: an edit of the files the diff names, when its text is in the command."""
    from statewise_cli.actions.diff import diff_files

    paths: tuple[str, ...] = ()
    for body in cmd.heredocs:
        paths += tuple(path for path, op in diff_files(body, strip) if op != "delete")
    return {"kind": "edit", "paths": paths or tuple(operands)}


def _patch_strip(args: tuple[str, ...]) -> int:
    for i, arg in enumerate(args):
        if arg.startswith("-p") and arg[2:].isdigit():
            return int(arg[2:])
        if arg in ("-p", "--strip") and i + 1 < len(args) and args[i + 1].isdigit():
            return int(args[i + 1])
        if arg.startswith("--strip=") and arg[8:].isdigit():
            return int(arg[8:])
    return 0


def _perl_in_place(args: tuple[str, ...]) -> tuple[str, ...] | None:
    """The files ``perl -i``/``-pi -e …`` rewrites, or None when it does not edit in place."""
    in_place = any(a.startswith("-") and not a.startswith("--") and "i" in a.split("e", 1)[0][1:] for a in args)
    if not in_place:
        return None
    files: list[str] = []
    i, script = 0, False
    while i < len(args):
        arg = args[i]
        if arg.startswith("-") and not arg.startswith("--") and arg[-1:] in ("e", "E"):
            script, i = True, i + 2
            continue
        if not arg.startswith("-"):
            files.append(arg)
        i += 1
    return tuple(files if script else files[1:])


# statewise's own commands. Those that change what the guard knows or whether it runs are a
# developer's, in their own terminal: from an agent's tool call they are ``statewise.mutate``.
STATEWISE_READ_ONLY = {"inspect-memory", "verify", "doctor", "explain", "evidence", "audit", "index", "demo", "export"}
_STATEWISE_MODULES = ("statewise_cli", "statewise_cli.__main__", "statewise_cli.cli.app")
_RUN_WRAPPERS = {("uv", "run"), ("uvx",), ("pipx", "run"), ("poetry", "run"), ("pdm", "run"), ("hatch", "run"),
                 ("rye", "run"), ("pipenv", "run")}


def statewise_argv(argv: tuple[str, ...]) -> tuple[str, ...] | None:
    """The arguments of a statewise invocation (``statewise …``, ``/venv/bin/statewise …``, ``python -m
    statewise_cli …``, ``uv run statewise …``), or None when ``argv`` runs something else."""
    for _ in range(3):
        if not argv:
            return None
        name = argv[0].rsplit("/", 1)[-1]
        if name in ("statewise", "statewise.exe"):
            return argv[1:]
        if name.startswith("python") or name in ("py", "pypy3", "pypy"):
            i = 1
            while i < len(argv) and argv[i].startswith("-") and argv[i] != "-m" and not argv[i].startswith("-m"):
                i += 2 if argv[i] in ("-W", "-X", "-Q") else 1
            if i < len(argv) and argv[i].startswith("-m"):
                module = argv[i][2:] or (argv[i + 1] if i + 1 < len(argv) else "")
                rest = argv[i + 1:] if argv[i][2:] else argv[i + 2:]
                return rest if module in _STATEWISE_MODULES else None
            return None
        for wrapper in _RUN_WRAPPERS:
            if tuple(a.rsplit("/", 1)[-1] if j == 0 else a for j, a in enumerate(argv[:len(wrapper)])) == wrapper:
                rest = argv[len(wrapper):]
                while rest and rest[0].startswith("-"):
                    rest = rest[2:] if rest[0] in ("--with", "--from", "--python", "-p", "--project", "--directory",
                                                    "--package", "--spec", "-e", "--env") else rest[1:]
                argv = rest
                break
        else:
            return None
    return None


def _statewise(args: tuple[str, ...], text: str) -> list[Action]:
    """A statewise invocation: read-only commands stay commands; the rest is ``statewise.mutate``."""
    sub = next((a for a in args if not a.startswith("-")), None)
    if sub is None or any(a in ("--help", "-h", "--version") for a in args):
        return [Action(tool="Bash", operation="statewise.read", risk="read-only", target=sub, arguments=args, text=text)]
    if sub in STATEWISE_READ_ONLY or (sub in ("repair", "install-hook", "uninstall-hook") and "--dry-run" in args
                                      and "--value" not in args and not any(a.startswith("--value=") for a in args)):
        return [Action(tool="Bash", operation="statewise.read", risk="read-only" if sub != "index" else "local-mutation",
                       target=sub, arguments=args, text=text)]
    return [Action(tool="Bash", operation="statewise.mutate", risk="destructive", target=sub, arguments=args, text=text)]


def _command(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    if not cmd.argv:
        return _file_actions(cmd, "", (), text) or [Action(tool="Bash", operation="shell.redirect", risk="read-only", text=text)]
    name = cmd.argv[0].rsplit("/", 1)[-1]
    args = cmd.argv[1:]
    if name == "git":
        return _git(cmd, branch, text)
    files = _file_actions(cmd, name, args, text)
    invoked = statewise_argv(cmd.argv)
    if invoked is not None:
        return _statewise(invoked, text) + files
    if name in _FILE_WRITES or (name == "sed" and files):
        return files or [Action(tool="Bash", operation=f"shell.{name}", risk="local-mutation", arguments=args, text=text)]
    if len(args) >= 1 and (name, args[0]) in _PUBLISH:
        return [Action(tool="Bash", operation=f"{name}.{args[0]}", risk="remote", arguments=args, text=text,
                       kind="publish")] + files
    if (name in _INSTALLERS and (not args and name in ("yarn", "pnpm", "bun") or args and args[0] in _INSTALLERS[name])
            and not (name == "uv" and args[:2] == ("pip", "list"))):
        return [Action(tool="Bash", operation="pkg.install", risk="local-mutation", target=name, arguments=args, text=text,
                       kind="install")] + files
    if name in ("nvm", "fnm") and args[:1] == ("use",) and len(args) > 1:
        return [Action(tool="Bash", operation="runtime.node", risk="local-mutation", target=args[1].lstrip("v"), arguments=args, text=text)]
    if name.startswith("python") and name[6:].replace(".", "").isdigit() and "." in name[6:]:
        return [Action(tool="Bash", operation="runtime.python", risk="local-mutation", target=name[6:], arguments=args, text=text)] + files
    if name in _RUNNERS:
        from statewise_cli.actions.commands import command_kind

        kind = command_kind(" ".join(cmd.argv))
        if kind in ("test", "build", "lint", "format", "typecheck", "run", "dev"):
            return [Action(tool="Bash", operation=f"run.{kind}", risk="local-mutation", target=" ".join(cmd.argv),
                           arguments=args, text=text, kind="test" if kind == "test" else "command")] + files
    what: dict[str, Any] = {}
    if name in READ_PROGRAMS:
        what = _read(cmd, name, args)
    elif name in SEARCH_PROGRAMS:
        what = _search(name, args)
    elif name == "perl":
        written = _perl_in_place(args)
        if written is not None:
            what = {"kind": "edit", "paths": written}
    elif name == "patch" and not any(a in ("--dry-run", "-C", "--check") for a in args):
        patch_file = next((args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-i", "--input")), None)
        operands = [a for a in _operands(args, {"-i", "--input", "-p", "--strip", "-o", "--output", "-d", "-D", "-r", "-z", "-V", "-B", "-Y"})
                    if a != patch_file]
        what = _diff_edit(cmd, operands[:1], _patch_strip(args))
    elif name == "apply_patch":
        return _shell_apply_patch(cmd, args, text, files)
    if files:  # `cat a.py > b.py` reads a.py and writes b.py
        return ([Action(tool="Bash", operation=f"shell.{name}", risk="read-only", arguments=args, text=text, **what)]
                if what.get("kind") in ("read", "search") else []) + files
    if name in _READ_ONLY_COMMANDS and not (name == "sed" and any(a.startswith("-i") for a in args)):
        return [Action(tool="Bash", operation=f"shell.{name}", risk="read-only", arguments=args, text=text, **what)]
    return [Action(tool="Bash", operation=f"shell.{name}", risk="local-mutation", arguments=args, text=text, **what)]


def _shell_apply_patch(cmd: SimpleCommand, args: tuple[str, ...], text: str, files: list[Action]) -> list[Action]:
    """Codex's ``apply_patch`` run as a shell command (its patch in a heredoc or an argument)."""
    patch = cmd.heredocs[-1] if cmd.heredocs else (args[0] if args else "")
    ops = {"file.create": "add", "edit": "update", "file.delete": "delete"}
    edits = [a.replace(tool="Bash", operation="shell.apply_patch", target=None, arguments=a.arguments, text=text,
                       flags=frozenset({ops.get(a.operation, "update")}))
             for a in _patch_actions("Bash", patch) if a.operation != "file.move"]
    return (edits or [Action(tool="Bash", operation="shell.apply_patch", risk="local-mutation", arguments=args, text=text,
                             kind="edit")]) + files


def _patch_actions(tool: str, patch: str) -> list[Action]:
    """An ``apply_patch`` envelope → one action per file it adds, updates, deletes (and moves)."""
    from statewise_cli.actions.patch import PatchError, parse_patch

    try:
        changes = parse_patch(patch if "*** Begin Patch" in patch else "*** Begin Patch\n" + patch)
    except PatchError:
        return [Action(tool=tool, operation="edit", risk="local-mutation", target=None, text=str(patch)[:200], kind="edit")]
    actions = []
    for change in changes:
        op = {"add": "file.create", "update": "edit", "delete": "file.delete"}[change.op]
        added = sum(1 for ln in change.lines if ln.startswith("+"))
        actions.append(Action(tool=tool, operation=op, risk="local-mutation", target=change.path,
                              arguments=tuple(x for x in (change.move_to,) if x), text=f"apply_patch {change.op} {change.path}",
                              kind="edit", paths=(change.path,), lines=(1, max(added, 1)) if change.op == "add" else None,
                              body="\n".join(change.lines), context=change.contexts))
        if change.move_to:
            actions.append(Action(tool=tool, operation="file.move", risk="local-mutation", target=change.path,
                                  arguments=(change.path, change.move_to), text=f"apply_patch move {change.path} -> {change.move_to}",
                                  kind="edit", paths=(change.move_to,)))
    return actions


def _diff_text(old: str, new: str) -> str:
    return "\n".join(["-" + ln for ln in old.splitlines()] + ["+" + ln for ln in new.splitlines()])


def normalize_edit(tool: str, tool_input: Any) -> list[Action]:
    """Claude Edit/Write/MultiEdit/NotebookEdit and Codex apply_patch → one action per file."""
    if tool == "apply_patch":
        if isinstance(tool_input, str):
            patch: Any = tool_input
        else:
            patch = tool_input.get("command") or tool_input.get("input") or tool_input.get("patch") or ""
        if not isinstance(patch, str):
            return [Action(tool=tool, operation="edit", risk="local-mutation", target=None, text=str(patch)[:200], kind="edit")]
        return _patch_actions(tool, patch)
    target = tool_input.get("file_path") or tool_input.get("notebook_path")
    target = target if isinstance(target, str) else None
    op = "file.create" if tool == "Write" else "edit"
    if tool == "MultiEdit" and isinstance(tool_input.get("edits"), list):
        body = "\n".join(_diff_text(str(e.get("old_string") or ""), str(e.get("new_string") or ""))
                         for e in tool_input["edits"] if isinstance(e, dict))
    else:
        new = str(tool_input.get("new_string", tool_input.get("content", tool_input.get("new_source", ""))))
        body = _diff_text(str(tool_input.get("old_string", "")), new)
    lines = None
    if tool == "Write":
        lines = (1, max(str(tool_input.get("content", "")).count("\n"), 1))
    return [Action(tool=tool, operation=op, risk="local-mutation", target=target, text=f"{tool} {target}", kind="edit",
                   paths=(target,) if target else (), lines=lines, body=body)]


def normalize_shell(command: str, branch: str | None) -> list[Action]:
    """Actions of a shell command. Unparseable input is one opaque, unknown-risk action."""
    try:
        commands = split_commands(command)
    except ParseError:
        return [Action(tool="Bash", operation="shell.unparsed", risk=keyword_risk(command), text=command)]
    actions: list[Action] = []
    for cmd in commands:
        actions.extend(_command(cmd, branch, command))
    return actions or [Action(tool="Bash", operation="shell.empty", risk="read-only", text=command)]


def normalize_call(tool: str, tool_input: Any, branch: str | None = None, *, command: str | None = None) -> list[Action]:
    """Every action of one tool call: a shell command (``command``, or a shell tool's input), a Claude
    file tool (Read, Edit, Write, MultiEdit, NotebookEdit, Grep, Glob), Codex ``apply_patch``, or
    another tool (kind ``other``)."""
    if command is None and tool in SHELL_TOOLS:
        raw = tool_input.get("command", tool_input.get("cmd")) if isinstance(tool_input, dict) else tool_input
        if isinstance(raw, list):
            raw = " ".join(str(x) for x in raw)
        command = raw if isinstance(raw, str) and raw else None
    if command is not None:
        return normalize_shell(command, branch)
    if tool in EDIT_TOOLS:
        return normalize_edit(tool, tool_input if isinstance(tool_input, (dict, str)) else {})
    inp = tool_input if isinstance(tool_input, dict) else {}
    if tool == "Read":
        path = inp.get("file_path")
        off, lim = inp.get("offset"), inp.get("limit")
        lines = None
        if isinstance(off, int) or isinstance(lim, int):
            start = off if isinstance(off, int) and off > 0 else 1
            lines = (start, start + lim - 1) if isinstance(lim, int) else (start, 10 ** 9)
        return [Action(tool=tool, operation="read", risk="read-only", kind="read",
                       paths=(path,) if isinstance(path, str) else (), lines=lines)]
    if tool in ("Grep", "Glob"):
        path, pattern = inp.get("path"), inp.get("pattern")
        return [Action(tool=tool, operation="read", risk="read-only", kind="search", paths=(path,) if isinstance(path, str) else (),
                       pattern=pattern if isinstance(pattern, str) else None)]
    if tool in READ_TOOLS:
        return [Action(tool=tool or "?", operation="read", risk="read-only", kind="other")]
    return [Action(tool=tool or "?", operation="tool", risk="local-mutation", kind="other")]


class Call(Struct):
    """What one tool call does, as one step: the kind that decides, and where."""

    kind: str  # read | search | edit | test | push | publish | install | command | other
    actions: tuple[Action, ...]
    path: str | None = None  # the file read / searched (the last file a read names)
    lines: tuple[int, int] | None = None
    pattern: str | None = None
    edits: tuple[Action, ...] = ()  # for an edit: its actions that write project files


def describe_call(tool: str, tool_input: Any, branch: str | None = None, *, command: str | None = None,
                  root: str | None = None) -> Call:
    """:func:`normalize_call`, reduced to one step. A test run decides over everything else (``pytest |
    tee log``); then edits of project files (a shell write to a device, or to a temporary place outside
    ``root`` such as ``/tmp/x``, changes none); then the first read or search; then a push, publish or
    install; else a command."""
    if command is None:
        return summarize(normalize_call(tool, tool_input, branch), root)
    key = (command, branch, root)
    call = _SHELL_CALLS.get(key)
    if call is None:  # sessions repeat their commands (test runs, status checks): parse each once
        if len(_SHELL_CALLS) >= 2048:
            _SHELL_CALLS.clear()
        call = _SHELL_CALLS[key] = summarize(normalize_shell(command, branch), root)
    return call


_SHELL_CALLS: dict[tuple[str, str | None, str | None], Call] = {}


def summarize(actions: list[Action], root: str | None = None) -> Call:
    acts = tuple(actions)
    if not acts:
        return Call("command", acts)
    if any(a.kind == "test" for a in acts):
        return Call("test", acts)
    edits = tuple(a for a in acts if a.kind == "edit"
                  and (a.tool != "Bash" or not a.paths or not all(_scratch(p, root) for p in a.paths)))
    if edits:
        return Call("edit", acts, edits[0].paths[0] if edits[0].paths else None, edits=edits)
    for a in acts:
        if a.kind == "read":
            return Call("read", acts, a.paths[-1] if a.paths else None, a.lines)
        if a.kind == "search":
            return Call("search", acts, a.paths[0] if a.paths else None, pattern=a.pattern)
    for kind in ("push", "publish", "install", "other"):
        if any(a.kind == kind for a in acts):
            return Call(kind, acts)
    return Call("command", acts)


def keyword_risk(text: str) -> str:
    """Risk from words alone, for input no parser accepted (used by the failure policy)."""
    words = set(text.replace(";", " ").replace("&", " ").replace("|", " ").split())
    if "push" in words or "publish" in words or "deploy" in words or "upload" in words:
        return "remote"
    if words & {"--hard", "clean", "-rf", "-fr", "-r", "--force", "-f", "-D", "drop", "destroy"}:
        return "destructive"
    return "local-mutation"


def max_risk(actions: list[Action]) -> str:
    return max((a.risk for a in actions), key=RISK_RANK.__getitem__, default="read-only")
