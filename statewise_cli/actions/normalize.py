"""Normalize a tool call into agent-neutral actions with a risk class.

One tool call can hold several actions (``git add . && git push -f origin main``).
Each action names its operation (``git.push``), target (the branch), arguments and
risk: ``read-only`` < ``local-mutation`` < ``destructive`` < ``remote``. The risk
also steers the failure policy when the hook itself breaks.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.actions.shell import ParseError, SimpleCommand, split_commands
from statewise_cli.fast.struct import Struct

if TYPE_CHECKING:
    from typing import Any

RISKS = ("read-only", "local-mutation", "destructive", "remote")
# Submissions for the evidence gate: the work is declared done or handed on.
SUBMIT_OPERATIONS = ("git.commit", "git.push", "gh.pr")
RISK_RANK = {name: rank for rank, name in enumerate(RISKS)}
EDIT_TOOLS = {"Edit", "Write", "NotebookEdit", "MultiEdit", "apply_patch"}
READ_TOOLS = {"Read", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "TodoWrite", "Task"}

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
    base = dict(tool="Bash", operation="git.push", risk=risk, text=text)
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
    elif sub in ("checkout", "restore") and ("." in args or "--" in args or "-f" in args):
        risk = "destructive"
    elif sub == "stash" and args[:1] in (["drop"], ["clear"]):
        risk = "destructive"
    elif sub in ("commit", "tag", "merge", "rebase", "cherry-pick", "revert"):
        risk = "local-mutation"
    return [
        Action(tool="Bash", operation=f"git.{sub or '?'}", risk=risk, target=None,
               arguments=tuple(args), flags=frozenset(flags), text=text)
    ]


_INSTALLERS = {
    "pip": ("install",), "pip3": ("install",), "uv": ("add", "sync", "pip"), "poetry": ("add", "install"),
    "pdm": ("add", "install"), "pipenv": ("install",), "npm": ("install", "i", "add", "ci"),
    "pnpm": ("add", "install", "i"), "yarn": ("add", "install"), "bun": ("add", "install", "i"),
}
_RUNNERS = {
    "npm", "pnpm", "yarn", "bun", "npx", "pytest", "tox", "nox", "make", "just", "go", "cargo", "ruff", "black",
    "mypy", "pyright", "eslint", "prettier", "tsc", "jest", "vitest", "python", "python3", "uv", "poetry",
}


def _paths(args: tuple[str, ...]) -> list[str]:
    return [a for a in args if not a.startswith("-")]


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
    elif name == "sed" and any(a.startswith("-i") or a == "--in-place" for a in args):
        for path in _paths(args)[1:]:
            actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args, text=text))
    elif name == "tee":
        writes = writes + _paths(args)
    elif name in ("touch", "mkdir", "chmod", "chown", "truncate", "ln"):
        for path in _paths(args)[(1 if name in ("chmod", "chown") else 0):]:
            actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args, text=text))
    for path in writes:
        actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args, text=text))
    return actions


def _command(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    if not cmd.argv:
        return _file_actions(cmd, "", (), text) or [Action(tool="Bash", operation="shell.redirect", risk="read-only", text=text)]
    name = cmd.argv[0].rsplit("/", 1)[-1]
    args = cmd.argv[1:]
    if name == "git":
        return _git(cmd, branch, text)
    files = _file_actions(cmd, name, args, text)
    if name in ("rm", "mv", "cp", "tee", "touch", "mkdir", "chmod", "chown", "truncate", "ln") or (name == "sed" and files):
        return files or [Action(tool="Bash", operation=f"shell.{name}", risk="local-mutation", arguments=args, text=text)]
    if len(args) >= 1 and (name, args[0]) in _PUBLISH:
        return [Action(tool="Bash", operation=f"{name}.{args[0]}", risk="remote", arguments=args, text=text)] + files
    if name in _INSTALLERS and (not args and name in ("yarn", "pnpm", "bun") or args and args[0] in _INSTALLERS[name]):
        if not (name == "uv" and args[:2] == ("pip", "list")):
            return [Action(tool="Bash", operation="pkg.install", risk="local-mutation", target=name, arguments=args, text=text)] + files
    if name in ("nvm", "fnm") and args[:1] == ("use",) and len(args) > 1:
        return [Action(tool="Bash", operation="runtime.node", risk="local-mutation", target=args[1].lstrip("v"), arguments=args, text=text)]
    if name.startswith("python") and name[6:].replace(".", "").isdigit() and "." in name[6:]:
        return [Action(tool="Bash", operation="runtime.python", risk="local-mutation", target=name[6:], arguments=args, text=text)] + files
    if name in _RUNNERS:
        from statewise_cli.actions.commands import command_kind

        kind = command_kind(" ".join(cmd.argv))
        if kind in ("test", "build", "lint", "format", "typecheck", "run", "dev"):
            return [Action(tool="Bash", operation=f"run.{kind}", risk="local-mutation", target=" ".join(cmd.argv),
                           arguments=args, text=text)] + files
    if files:
        return files
    if name in _READ_ONLY_COMMANDS and not (name == "sed" and any(a.startswith("-i") for a in args)):
        return [Action(tool="Bash", operation=f"shell.{name}", risk="read-only", arguments=args, text=text)]
    return [Action(tool="Bash", operation=f"shell.{name}", risk="local-mutation", arguments=args, text=text)]


def normalize_edit(tool: str, tool_input: dict[str, Any]) -> list[Action]:
    """Claude Edit/Write/NotebookEdit and Codex apply_patch → one action per file."""
    if tool == "apply_patch":
        from statewise_cli.actions.patch import PatchError, parse_patch

        patch = tool_input.get("command") or tool_input.get("input") or tool_input.get("patch") or ""
        try:
            changes = parse_patch(patch if isinstance(patch, str) else "")
        except PatchError:
            return [Action(tool=tool, operation="edit", risk="local-mutation", target=None, text=str(patch)[:200])]
        actions = []
        for change in changes:
            op = {"add": "file.create", "update": "edit", "delete": "file.delete"}[change.op]
            actions.append(Action(tool=tool, operation=op, risk="local-mutation", target=change.path,
                                  arguments=tuple(x for x in (change.move_to,) if x), text=f"apply_patch {change.op} {change.path}"))
            if change.move_to:
                actions.append(Action(tool=tool, operation="file.move", risk="local-mutation", target=change.path,
                                      arguments=(change.path, change.move_to), text=f"apply_patch move {change.path} -> {change.move_to}"))
        return actions
    target = tool_input.get("file_path") or tool_input.get("notebook_path")
    op = "file.create" if tool == "Write" else "edit"
    return [Action(tool=tool, operation=op, risk="local-mutation", target=target if isinstance(target, str) else None,
                   text=f"{tool} {target}")]


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
