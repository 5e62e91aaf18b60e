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

import os

from statewise_cli.actions.shell import (
    SOURCED_UNREAD,
    STDIN_WORD,
    ParseError,
    SimpleCommand,
    _is_assignment,
    split_commands,
    unknown,
)
from statewise_cli.fast.lazy_re import Pattern
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

_GIT_OPTS_WITH_VALUE = {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env",
                        "--super-prefix", "--list-cmds"}
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
_MANAGERS = {name for name, _ in _PUBLISH}
_READ_ONLY_COMMANDS = {
    "ls", "cat", "head", "tail", "less", "grep", "rg", "ag", "find", "fd", "echo", "printf",
    "pwd", "wc", "sort", "uniq", "which", "type", "file", "stat", "tree", "du", "df", "env",
    "printenv", "true", "false", "test", "[", "diff", "cmp", "jq", "sed", "awk", "cut", "tr",
    "date", "whoami", "uname", "id", "hostname", "nl", "basename", "dirname", "realpath", "cd", "command",
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
    # Where it runs, relative to the session's directory ("" there; ``cd``, ``git -C``, ``env -C``);
    # a word with ``$`` when it cannot be known.
    cwd: str = ""
    # Why the analysis is incomplete ("" when it is not): a target only the running shell knows, inline
    # code, an unparseable command. The checks give such an action the protected answer.
    unknown: str = ""
    pathspecs: tuple[str, ...] = ()  # the work-tree paths a git command would overwrite (flag "discard")

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
    sub, args, _ = _git_globals(argv)
    return sub, args


# Configuration whose value git runs as a command (or that points git at code to run).
_GIT_EXEC_CONFIG = ("core.fsmonitor", "core.sshcommand", "core.pager", "core.editor", "core.askpass", "core.gitproxy",
                    "core.alternaterefscommand", "diff.external", "sequence.editor", "gpg.program", "gpg.ssh.program",
                    "credential.helper", "uploadpack.packobjectshook", "interactive.difffilter",
                    "sendemail.sendmailcmd", "sendemail.smtpserver", "sendemail.tocmd", "sendemail.cccmd", "imap.tunnel")
_GIT_EXEC_CONFIG_PARTS = ("pager.", "filter.", "difftool.", "mergetool.", "alias.")
_GIT_EXEC_CONFIG_ENDS = (".textconv", ".command", ".driver", ".cmd", ".program", ".helper", ".clean", ".smudge", ".process",
                         ".receivepack", ".uploadpack", ".proxy", ".defaultkeycommand")
_GIT_CODE_PATHS = ("core.hookspath", "core.worktree", "init.templatedir")  # no command, but they decide what code runs / where


def _code_path(key: str) -> bool:
    """Configuration that decides what code git runs without showing it: hooks, the work tree, and included
    configuration files (``include.path``, ``includeIf.<cond>.path``), which may set any command-running key."""
    k = key.lower()
    return k in _GIT_CODE_PATHS or k == "include.path" or (k.startswith("includeif.") and k.endswith(".path"))
# Environment variables git runs as commands.
_GIT_EXEC_ENV = ("GIT_EXTERNAL_DIFF", "GIT_PAGER", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "GIT_SSH_COMMAND", "GIT_SSH",
                 "GIT_ASKPASS", "GIT_PROXY_COMMAND", "PAGER", "EDITOR", "VISUAL")


# git-config(1) keys under a section of their own that name a program git (or a script it ships) starts: a browser
# (`git help --web`, `git web--browse`, `git instaweb`), a man viewer, the web server of `git instaweb`, a
# send-email identity's commands, and a submodule's update command (`submodule.<name>.update = !cmd`).
_GIT_EXEC_CONFIG_SECTIONS = ("browser.", "man.", "instaweb.", "web.browser", "help.browser")
_GIT_EXEC_SENDEMAIL_ENDS = (".tocmd", ".cccmd", ".sendmailcmd", ".smtpserver", ".headercmd")


# Remote helpers git itself ships (``git-remote-http`` and friends): a ``remote.<name>.vcs`` naming one runs git's code.
_GIT_OWN_HELPERS = frozenset({"http", "https", "ftp", "ftps", "ext", "fd", "file"})


def _vcs_helper(key: str, value: str | None, cmd: Any, branch: str | None, text: str) -> list[Action] | None:
    """``remote.<name>.vcs=<x>`` makes every fetch and push of that remote run ``git-remote-<x>``, a program found on
    PATH that the command does not show (git-remote-helpers(7)). A helper git ships, or one installed in a system
    directory while the command leaves PATH alone, runs git's or the system's code (no actions); a shell script found
    where the command's PATH puts it first — written earlier on the same line, as the line shows it, or on disk — is
    judged as the commands it holds; anything else is code the check cannot follow. None for any other key."""
    k = key.lower()
    if not (k.startswith("remote.") and k.endswith(".vcs")):
        return None
    name = (value or "").strip()
    if name.lower() in _GIT_OWN_HELPERS:
        return []
    import shutil

    program = f"git-remote-{name}"
    unknown_helper = [_inline(f"git {key}", "", text, f"{key} makes git run {program}, a program the command does not "
                                                      f"show (found on PATH when the remote is used)")]
    if not name or unknown(name) or "/" in name:
        return unknown_helper
    assigned = [a[1] if isinstance(a, tuple) else str(a).partition("=")[2] for a in getattr(cmd, "assigns", ())
                if (a[0] if isinstance(a, tuple) else str(a).partition("=")[0]) == "PATH"]
    dirs = assigned[-1].split(":") if assigned else ["$PATH"]
    body: str | None = None
    for d in dirs:
        if "$" in d:  # the PATH the hook runs with, as the rest of the command's PATH
            found = shutil.which(program)
            if found and found.startswith(("/usr/lib/git-core/", "/usr/libexec/git-core/", "/usr/bin/", "/usr/local/bin/",
                                           "/bin/")):
                return []
            if not found:
                continue
            full = found
        else:
            if unknown(d) or (cmd.cwd and unknown(cmd.cwd) and not d.startswith("/")):
                return unknown_helper
            full = os.path.normpath(os.path.join(cmd.cwd or "", os.path.expanduser(d), program))
        if full in _LINE_TEXTS:
            body = _LINE_TEXTS[full]
            break
        if os.path.isfile(full):
            try:
                if os.path.getsize(full) <= 64_000:
                    with open(full, encoding="utf-8") as fh:
                        body = fh.read()
            except (OSError, UnicodeDecodeError):
                body = None
            break
    if body is None or "%" in body:  # unreadable, or a printf format the check could not fill in
        return unknown_helper
    first = body.split("\n", 1)[0].strip()
    if not _shell_shebang(first):
        return unknown_helper
    return [a.replace(text=text) for a in normalize_shell(body, branch, _depth=2)]


def _exec_config(key: str) -> bool:
    key = key.lower()
    return key in _GIT_EXEC_CONFIG or key.startswith(_GIT_EXEC_CONFIG_PARTS) or key.endswith(_GIT_EXEC_CONFIG_ENDS) \
        or key.startswith(_GIT_EXEC_CONFIG_SECTIONS) or (key.startswith("submodule.") and key.endswith(".update")) \
        or (key.startswith("sendemail.") and key.endswith(_GIT_EXEC_SENDEMAIL_ENDS))


class _GitGlobals(Struct):
    cwd: str = ""  # -C, relative to the command's directory
    config: tuple[tuple[str, str | None], ...] = ()  # (key, value); value None: from an unknown variable
    unknown: str = ""
    # (name, value, why): another repository (GIT_DIR, --git-dir) or configuration file (GIT_CONFIG_GLOBAL, …)
    # git is pointed at; judged by what is there on disk and what the git command does
    pointers: tuple[tuple[str, str, str], ...] = ()


# git commands whose writes, handed another work tree, are files of that work tree (and the index)
_GIT_WORK_TREE_WRITERS = frozenset({"checkout", "restore", "reset", "clean", "add", "rm", "mv", "checkout-index",
                                    "read-tree", "apply"})
# git commands that only read the repository (no hooks, no writes), whatever repository they are pointed at
_GIT_PURE_READS = frozenset({"status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree", "blame", "grep",
                             "describe", "shortlog", "cat-file", "for-each-ref", "show-ref", "rev-list",
                             "count-objects", "name-rev", "merge-base", "whatchanged", "show-branch", "var"})
_GIT_REF_LISTERS = {"branch": ("-l", "--list", "-a", "--all", "-r", "--remotes", "-v", "-vv", "--verbose",
                               "--show-current", "--contains", "--no-contains", "--merged", "--no-merged",
                               "--sort", "--format", "--points-at", "--column", "--no-column", "--color",
                               "--no-color", "-i", "--ignore-case", "--abbrev", "--no-abbrev"),
                    "tag": ("-l", "--list", "-n", "--contains", "--no-contains", "--merged", "--no-merged",
                            "--sort", "--format", "--points-at", "--column", "--no-column", "--color", "-i",
                            "--ignore-case")}
# configuration keys that make git run code, change where it pushes, or pull in further configuration
_GIT_STEERING_PARTS = ("url.", "remote.", "push.", "branch.", "include.", "includeif.", "alias.", "core.hookspath",
                       "core.worktree", "receive.", "clean.")


def _included(key: str) -> bool:
    k = key.lower()
    return k == "include.path" or (k.startswith("includeif.") and k.endswith(".path"))


def _git_config_pairs(body: str) -> list[tuple[str, str]]:
    """The (key, value) settings of a git configuration file's text (sections, subsections, bare booleans)."""
    pairs: list[tuple[str, str]] = []
    section = ""
    for raw in body.splitlines():
        line = raw.strip()
        if line.startswith("["):
            head = line[1:].split("]", 1)[0].strip()
            name, _, sub = head.partition(" ")
            section = name.lower() + ("." + sub.strip().strip('"') if sub else "")
            line = line.split("]", 1)[1].strip() if "]" in line else ""
        if not line or line[0] in "#;":
            continue
        key, eq, value = line.partition("=")
        value = value.strip()
        if len(value) > 1 and value[0] == value[-1] == '"':
            value = value[1:-1]
        pairs.append((f"{section}.{key.strip()}", value if eq else "true"))
    return pairs


def _git_includes(actions: list[Action], written: dict[str, str | None], branch: str | None,
                  depth: int) -> list[Action]:
    """``git -c include.path=FILE …``: FILE's settings (as the line writes it, or as it is on disk) judged as if
    given with ``-c`` on the same git command; a file the check cannot read is code it cannot follow."""
    import shlex

    out: list[Action] = []
    for a in actions:
        if a.operation != "shell.script" or "gitconfig" not in a.flags:
            out.append(a)
            continue
        key = os.path.normpath(os.path.join(a.cwd, os.path.expanduser(a.target or "")))
        body: str | None = None
        if key in written:
            body = written[key]
        else:
            try:
                if os.path.getsize(key) <= 256_000:
                    with open(key, encoding="utf-8", errors="replace") as fh:
                        body = fh.read()
            except OSError:
                body = None
        setting = a.arguments[0]
        if body is None and "optional" in a.flags and key not in written:
            continue  # no such file: git reads nothing there
        if body is None or depth >= 2 or "%" in body:  # (a printf format the check could not fill in)
            out.append(_inline(f"git {setting.partition('=')[0]}", "", a.text,
                               f"{setting.partition('=')[0]} makes git run code the command does not show"))
            continue
        argv: list[str] = []
        rest = list(a.arguments[1:])
        k = 0
        while k < len(rest):
            if rest[k] == "-c" and k + 1 < len(rest) and rest[k + 1] == setting:
                for name, value in _git_config_pairs(body):
                    argv += ["-c", f"{name}={value}"]
                k += 2
                continue
            argv.append(rest[k])
            k += 1
        out.extend(b.replace(cwd=b.cwd or a.cwd, text=a.text) for b in normalize_shell(shlex.join(argv), branch,
                                                                                      _depth=depth + 1))
    return out


# git commands that read in one form and write in another: the options of the reading form, and how many
# operands it takes (``symbolic-ref HEAD`` reads, ``symbolic-ref HEAD refs/heads/x`` writes)
_GIT_READ_FORMS = {"symbolic-ref": (("-q", "--quiet", "--short", "--no-recurse", "--recurse"), 1, ()),
                   "config": (("--get", "--get-all", "--get-regexp", "-l", "--list", "--name-only", "--null", "-z",
                               "--show-origin", "--show-scope", "--type", "--bool", "--int", "--path", "--default",
                               "--local", "--includes", "--no-includes"), 2, ("--get", "--get-all", "--get-regexp",
                                                                                "-l", "--list")),
                   "stash": ((), 1, ()), "worktree": (("--porcelain", "-v", "--verbose", "-z"), 1, ())}
_GIT_READ_SUBFORMS = {"stash": ("list",), "worktree": ("list",)}


def _git_read_form(sub: str, args: list[str]) -> bool:
    """``git symbolic-ref HEAD``, ``git config --get k``, ``git stash list``, ``git worktree list``: the reading form."""
    options, most, needed = _GIT_READ_FORMS[sub]
    operands = [a for a in args if not a.startswith("-")]
    if sub == "stash" and operands[:1] in (["list"], ["show"]) and not any(unknown(a) for a in args):
        # `git stash list [log options]`, `git stash show [diff options] [stash]`: a log and a diff (an option that
        # writes a file or runs a program is no reading form)
        return len(operands) <= (1 if operands[0] == "list" else 2) and not any(
            a.startswith(("--output", "--ext-diff", "--textconv", "-O", "--open-files-in-pager")) for a in args)
    if any(unknown(a) for a in args) or any(a.partition("=")[0] not in options for a in args if a.startswith("-")):
        return False
    if sub in _GIT_READ_SUBFORMS:
        return operands[:1] == list(_GIT_READ_SUBFORMS[sub][:1]) and len(operands) <= most
    if needed and not any(a.partition("=")[0] in needed for a in args):
        return operands[:1] in (["get"], ["list"]) and len(operands) <= most
    return len(operands) <= most


def _git_reads_only(sub: str | None, args: list[str]) -> bool:
    """A git command that only reads the repository: no hook, no pager of its own choosing beyond configuration."""
    if sub is None or unknown(sub):
        return False
    if sub in _GIT_PURE_READS:
        return not any(unknown(a) or a.partition("=")[0] in ("--output", "-o", "--ext-diff", "--textconv")
                       for a in args)
    if sub in _GIT_READ_FORMS:
        return _git_read_form(sub, args)
    listers = _GIT_REF_LISTERS.get(sub)
    if listers is None:
        return False
    listing = sub == "branch" or any(a in ("-l", "--list") or a.startswith("-n") for a in args)
    for a in args:
        if unknown(a):
            return False
        if a.startswith("-") and a.partition("=")[0] not in listers and not a.startswith("-n"):
            return False
        if not a.startswith("-") and not (listing and any(b in ("-l", "--list") for b in args)):
            return False
    return True


def _git_config_file_harmless(path: str, text: str, reads_only: bool = False) -> bool:
    """A configuration file git is pointed at that holds nothing that runs code or steers a push: the empty
    ``/dev/null``, or a file on disk that the same command line does not write first (its name appears once)."""
    import os

    if path == "/dev/null":
        return True
    if not path or unknown(path) or text.count(os.path.basename(path.rstrip("/"))) > 1:
        return False
    try:
        if os.path.getsize(path) > 256_000:
            return False
        with open(path, encoding="utf-8", errors="replace") as fh:
            body = fh.read()
    except OSError:
        return False
    section = ""
    for raw in body.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            head = line[1:].split("]", 1)[0].strip()
            name, _, sub = head.partition(" ")
            section = name.lower() + ("." + sub.strip().strip('"') if sub else "")
            rest = line.split("]", 1)[1].strip() if "]" in line else ""
            if not rest or rest[0] in "#;":
                continue
            line = rest
        key, _, value = line.partition("=")
        full = f"{section}.{key.strip()}".lower()
        # a command that only reads pushes nothing and receives nothing: only keys that run code matter to it
        if _exec_config(full) or _code_path(full) or (not reads_only and full.startswith(_GIT_STEERING_PARTS)) \
                or _weakens_git(full, value.strip()) or full.startswith(("gpg.", "ssh.", "protocol.", "http.")):
            return False
    return True


def _git_pointer_harmless(name: str, value: str, sub: str | None, args: list[str], cwd: str, text: str) -> bool:
    """Another repository or configuration file git is pointed at, when what is there cannot run code or push:
    a configuration file with no such key, or another repository read by a command that only reads."""
    import os

    if unknown(value) or (cwd and unknown(cwd)):
        return False
    if name in ("GIT_WORK_TREE", "--work-tree"):
        # another work tree of this repository (no GIT_DIR: git finds its repository where it runs, with its own
        # hooks and configuration): the files it reads and writes are there; a command that writes is judged as a
        # write of that directory as well (:func:`_work_tree_writes`)
        return sub in _GIT_WORK_TREE_WRITERS
    full = value if value.startswith("/") or not cwd else os.path.join(cwd, value)
    if name in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"):
        return _git_config_file_harmless(full, text)
    if name in ("GIT_DIR", "--git-dir") and sub == "init" and value.startswith("/") and not os.path.lexists(full) \
            and not any(a.startswith("--separate-git-dir") for a in args) and not any(
            k == os.path.normpath(full) or k.startswith(os.path.normpath(full) + os.sep) for k in _LINE_TEXTS):
        return True  # `git --git-dir=/tmp/new.git init --bare`: a repository made there now, with nothing in it to run
    if name in ("GIT_DIR", "--git-dir"):
        return _git_reads_only(sub, args) and os.path.isdir(full) and \
            _git_config_file_harmless(os.path.join(full, "config"), text.replace(os.path.basename(value.rstrip("/")), "", 1),
                                      reads_only=True)
    return False


def _here(value: str) -> bool:
    """A work tree named as the directory git runs in (``.``, ``./``, ``$PWD``): no other repository, no other code.
    With no ``GIT_DIR``/``--git-dir``, git finds the same repository it would find without it."""
    import os

    return bool(value) and not unknown(value.replace("$PWD", ".").replace("${PWD}", ".")) and \
        os.path.normpath(value.replace("${PWD}", ".").replace("$PWD", ".")) == "."


def _own_git_dir(value: str) -> bool:
    """A git directory named as ``.git`` of the directory git runs in: if it exists it is the nearest one, the
    repository git's own discovery finds anyway (if not, git stops): no other repository, no other code."""
    bare = value.rstrip("/")
    return bare == ".git" or (bare.endswith("/.git") and _here(bare[:-5]))


def _git_globals(argv: tuple[str, ...], assigns: tuple[tuple[str, str], ...] = ()) -> tuple[str | None, list[str], _GitGlobals]:
    """git's subcommand, its arguments and the global options before it (``-C``, ``-c``, ``--config-env``)."""
    cwd, why = "", ""
    config: list[tuple[str, str | None]] = []
    pointers: list[tuple[str, str, str]] = []
    for name, value in assigns:
        if name in _GIT_EXEC_ENV:
            config.append((f"env.{name}", value))
        elif name == "GIT_CONFIG_PARAMETERS":
            # `'core.fsmonitor'='cmd with spaces' 'k2'='v2'`: shell-quoted items, each KEY=VALUE
            import shlex

            try:
                items = shlex.split(value)
            except ValueError:
                items = []
                why = why or "GIT_CONFIG_PARAMETERS could not be read"
            for item in items:
                key, _, val = item.partition("=")
                config.append((key, val))
        elif name.startswith("GIT_CONFIG_KEY_"):
            config.append((value, dict(assigns).get("GIT_CONFIG_VALUE_" + name[15:], "")))
        elif (name == "GIT_WORK_TREE" and _here(value)) or (name == "GIT_DIR" and _own_git_dir(value)):
            continue  # the directory git runs in, as its own work tree, or its .git: the repository git finds anyway
        elif name in ("GIT_DIR", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG", "GIT_WORK_TREE"):
            pointers.append((name, value, f"{name}={value} points git at another repository or other code"))
        elif name == "GIT_EXEC_PATH":
            why = why or f"{name}={value} points git at another repository or other code"
    i = 1
    while i < len(argv):
        arg = argv[i]
        opt, eq, inline = arg.partition("=")
        if arg.startswith("-C") and arg != "--":
            value = arg[2:] if len(arg) > 2 else (argv[i + 1] if i + 1 < len(argv) else "")
            cwd = value if value.startswith("/") or "$" in cwd else (f"{cwd}/{value}" if cwd else value)
            i += 1 if len(arg) > 2 else 2
        elif arg.startswith("-c"):
            value = arg[2:] if len(arg) > 2 else (argv[i + 1] if i + 1 < len(argv) else "")
            key, _, val = value.partition("=")
            config.append((key, val))
            i += 1 if len(arg) > 2 else 2
        elif opt == "--config-env":
            value = inline if eq else (argv[i + 1] if i + 1 < len(argv) else "")
            key = value.partition("=")[0]
            # the variable's value when git starts is not known: the line may assign or export it, a wrapper such as
            # `env -S` may assign it again, and the hook's own environment is not the agent's shell
            config.append((key, None))
            i += 1 if eq else 2
        elif opt in _GIT_OPTS_WITH_VALUE:
            if opt == "--work-tree" and _here(inline if eq else (argv[i + 1] if i + 1 < len(argv) else "")):
                pass  # the directory git runs in (after any -C), as its own work tree
            elif opt == "--git-dir" and _own_git_dir(inline if eq else (argv[i + 1] if i + 1 < len(argv) else "")):
                pass  # `.git` of the directory git runs in: the repository its discovery finds anyway
            elif opt in ("--git-dir", "--work-tree") and (eq or i + 1 < len(argv)):
                pointers.append((opt, inline if eq else argv[i + 1], f"{opt} points git at another repository or other code"))
            elif opt == "--exec-path" and (eq or i + 1 < len(argv)):
                why = why or f"{opt} points git at another repository or other code"
            i += 1 if eq else 2
        elif arg.startswith("-"):
            if opt in ("--exec-path",) and eq:
                why = why or "--exec-path points git at other code"
            i += 1
        else:
            return arg, list(argv[i + 1 :]), _GitGlobals(cwd, tuple(config), why, tuple(pointers))
    return None, [], _GitGlobals(cwd, tuple(config), why or next((w for _, _, w in pointers), ""))


def _git_sub(cmd: SimpleCommand) -> str | None:
    """The git subcommand a command line runs, after git's global options (``-C``, ``-c``, ``--no-pager``…)."""
    return _git_globals(cmd.argv, cmd.assigns)[0]


def _git_plain_argv(cmd: SimpleCommand) -> tuple[str, ...] | None:
    """``git SUB ARGS`` with git's global options that change nothing of what SUB does here left out (``-C .``,
    ``-c KEY=VALUE``, ``--no-pager``, ``-P``…), so that a subcommand is found wherever the user put it; None when a
    global option points git elsewhere (``-C DIR``, ``--git-dir``, ``--work-tree``) or cannot be read."""
    argv = cmd.argv
    if argv[:1] != ("git",) or len(argv) < 2 or not argv[1].startswith("-"):
        return argv
    sub, args, glob = _git_globals(argv, cmd.assigns)
    if sub is None or glob.unknown or glob.pointers or glob.cwd not in ("", ".", "./"):
        return None
    return ("git", sub, *args)


def _long(arg: str, *names: str) -> bool:
    """Whether ``arg`` is one of the long options ``names`` or an abbreviation git (getopt) would accept
    for it: any prefix of at least three characters (``--forc``, ``--al``, ``--har``)."""
    opt = arg.partition("=")[0]
    if not opt.startswith("--") or len(opt) < 4:
        return opt in names
    return any(name.startswith(opt) for name in names)


def _short(arg: str, letters: str) -> bool:
    """A combined short option (``-qf``, ``-uf``) holding one of ``letters``."""
    return arg.startswith("-") and not arg.startswith("--") and any(c in arg[1:] for c in letters)


_PUSH_LONG_VALUE = ("--repo", "--push-option", "--receive-pack", "--exec", "--signed", "--recurse-submodules")
_PUSH_OPTS_WITH_VALUE = {"--repo", "-o", "--push-option", "--receive-pack", "--exec", "--signed"}


def _git_push(args: list[str], branch: str | None, text: str) -> list[Action]:
    flags: set[str] = set()
    positional: list[str] = []
    why = ""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            positional.extend(args[i + 1:])
            break
        if unknown(arg) and arg.startswith("-"):
            flags.add("force")  # an option only the shell knows: assume the worst
            why = why or f"`{arg}` is expanded by the shell"
        elif arg.startswith("--"):
            if arg == "--no-dry-run" or (_long(arg, "--no-dry-run") and not _long(arg, "--no-thin", "--no-verify",
                                                                                   "--no-force-with-lease")):
                flags.discard("dry-run")
            elif _long(arg, "--force", "--force-with-lease", "--force-if-includes"):
                flags.add("force")
            elif _long(arg, "--delete", "--prune"):
                if _long(arg, "--prune") and not _long(arg, "--delete"):
                    flags.add("prune")
                else:
                    flags.add("delete")
            elif _long(arg, "--all", "--mirror", "--branches"):
                flags.add("all")
                if _long(arg, "--mirror"):
                    flags.update(("force", "delete"))
            elif arg == "--dry-run" or (arg.startswith("--dr") and "--dry-run".startswith(arg)):
                flags.add("dry-run")
            elif arg.partition("=")[0] in _PUSH_LONG_VALUE and "=" not in arg and arg != "--recurse-submodules":
                i += 1
        elif arg in _PUSH_OPTS_WITH_VALUE:
            i += 1
        elif arg.startswith("-") and len(arg) > 1:
            letters = arg[1:].split("o", 1)[0]  # -o takes the rest of the word as its value
            if "f" in letters:
                flags.add("force")  # combined short flags: -uf
            if "d" in letters:
                flags.add("delete")
            if "n" in letters:
                flags.add("dry-run")
            if arg.endswith("o") and "o" in arg[1:]:
                i += 1
        else:
            positional.append(arg)
        i += 1
    risk = "read-only" if "dry-run" in flags else "remote"
    remote = positional[0] if positional else None
    refspecs = positional[1:]
    base: dict[str, Any] = {"tool": "Bash", "operation": "git.push", "risk": risk, "text": text,
                            "kind": "command" if "dry-run" in flags else "push"}
    if remote is not None and unknown(remote):
        why = why or f"the remote `{remote}` is expanded by the shell"
    if "prune" in flags:
        # --prune deletes the remote refs under the destination side of the refspecs pushed (every ref pushed by
        # default, with none given): a refspec names the place pruned
        flags.discard("prune")
        if not refspecs:
            flags.update(("delete", "all"))
        else:
            flags.add("delete")
    if "all" in flags:
        return [Action(target="*", arguments=tuple(positional), flags=frozenset(flags), unknown=why, **base)]
    if not refspecs:
        return [Action(target=branch or "?", arguments=tuple(positional), flags=frozenset(flags), unknown=why, **base)]
    actions = []
    for spec in refspecs:
        spec = spec.strip()  # git trims a refspec: `' main'` pushes main
        spec_flags = set(flags)
        spec_why = why
        if spec.startswith("+"):
            spec_flags.add("force")
            spec = spec[1:]
        filtered = _filtered_branch_names(spec) if spec.startswith("$(") else ""
        if filtered:
            # a pattern every name the substitution can print matches (judged like a refspec glob)
            actions.append(Action(target=filtered, arguments=(remote or "", spec), flags=frozenset(spec_flags),
                                  unknown=spec_why, **base))
            continue
        if "${" in spec and ":" in spec and _colon_in_expansion(spec):
            # a colon inside a parameter expansion (`${b:2}`, `${x:-main}`) is no refspec separator: what the word
            # becomes is the shell's, so the target is unknown
            actions.append(Action(target="?", arguments=(remote or "", spec), flags=frozenset(spec_flags),
                                  unknown=spec_why or f"the refspec `{spec}` is expanded by the shell", **base))
            continue
        if spec == ":":
            # the matching refspec: every branch both sides have, by its own name (forced with `+:`), as `--all` pushes
            actions.append(Action(target="*", arguments=(remote or "", spec), flags=frozenset(spec_flags | {"all"}),
                                  unknown=spec_why, **base))
            continue
        src, colon, dst = spec.partition(":")
        if colon and unknown(src) and not unknown(spec.rpartition(":")[2]) and ")" not in spec.rpartition(":")[2]:
            # git reads the destination after the last colon: a source only the shell knows (a commit a command
            # substitution makes) still pushes to the destination written out; it may be forced (a `+` it prints)
            src, dst = spec.rpartition(":")[0], spec.rpartition(":")[2]
            spec_flags.add("force")
            if not dst:
                spec_flags.add("delete")
            target = _strip_ref(dst)
            actions.append(Action(target=target or "?", arguments=(remote or "", spec), flags=frozenset(spec_flags),
                                  unknown=spec_why if target else (spec_why or f"the refspec `{spec}` is expanded by the shell"),
                                  **base))
            continue
        if colon and not src:
            spec_flags.add("delete")
        target = dst if colon else src
        if target in ("HEAD", "@"):
            target = branch or "?"
        target = _strip_ref(target)
        if unknown(target) or unknown(src):
            spec_why = spec_why or f"the refspec `{spec}` is expanded by the shell"
            target = "?"
        elif "{}" in target:
            target = "?"
        actions.append(
            Action(target=target, arguments=(remote or "", spec), flags=frozenset(spec_flags), unknown=spec_why, **base)
        )
    return actions


_BRANCH_LISTERS = (("git", "branch"), ("git", "for-each-ref"), ("git", "rev-parse", "--abbrev-ref"),
                   ("git", "symbolic-ref", "--short"))
_REGEX_SPECIAL = frozenset(".[]*^$\\+?(){}|")


def _filtered_branch_names(spec: str) -> str:
    """A refspec that is a substitution listing local branch names and keeping those a fixed grep pattern matches
    (`$(git branch --points-at HEAD --format='%(refname:short)' | grep topic/)`): whatever it prints, each name holds
    that text, so the push goes to a branch matching `*TEXT*` (a name holds no `:`, so it names no other destination).
    "" when the substitution is anything else: its target stays unknown."""
    from statewise_cli.actions.shell import ParseError, _tokens

    inner = spec[2:-1] if spec.endswith(")") else ""
    if "$(" in inner or "`" in inner or ";" in inner or "&" in inner or ">" in inner or "<" in inner:
        return ""
    try:
        words = _tokens(inner)
    except ParseError:
        return ""
    stages: list[list[str]] = [[]]
    for w in words:
        if w == "|":
            stages.append([])
        else:
            stages[-1].append(w)
    first, last = stages[0], stages[-1]
    if len(stages) < 2 or not any(tuple(first[:len(p)]) == p for p in _BRANCH_LISTERS):
        return ""
    if any(a in ("-r", "--remotes", "-a", "--all", "-m", "-M", "-c", "-C", "-d", "-D", "--delete", "--move", "--copy")
           for a in first):
        return ""
    if first[1] == "for-each-ref" and not any(a.startswith("refs/heads") for a in first[2:]):
        return ""
    if any(st[:1] not in (["head"], ["tail"], ["sort"], ["uniq"], ["grep"]) for st in stages[1:]):
        return ""
    if last[:1] != ["grep"]:
        return ""
    options = [a for a in last[1:] if a.startswith("-")]
    operands = [a for a in last[1:] if not a.startswith("-")]
    fixed = any(a in ("-F", "--fixed-strings") for a in options)
    if len(operands) != 1 or any(a not in ("-F", "--fixed-strings", "-w", "-m1", "-q") for a in options) or unknown(
            operands[0]):
        return ""
    pattern = operands[0]
    if not pattern or (not fixed and _REGEX_SPECIAL & set(pattern)) or any(c in pattern for c in "*?[]:\\"):
        return ""
    return f"*{pattern}*"


def _operands_of(args: list[str], with_value: tuple[str, ...] = ()) -> tuple[list[str], list[str]]:
    """(operands before ``--``, operands after it), the values of ``with_value`` options left out."""
    before: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            return before, list(args[i + 1:])
        if arg in with_value or (arg[:2] in with_value and len(arg) == 2):
            i += 2
            continue
        if not arg.startswith("-") or arg == "-":
            before.append(arg)
        i += 1
    return before, []


def _git_discards(sub: str, args: list[str]) -> tuple[set[str], tuple[str, ...]]:
    """Flags (``discard`` and ``all``) and pathspecs for git commands that overwrite the work tree."""
    if sub == "reset":
        if any(_long(a, "--hard") for a in args):
            return {"hard", "discard", "all"}, ()
        return set(), ()
    if sub == "checkout":
        force = any(a != "--" and (_short(a, "f") or _long(a, "--force")) for a in args)
        branching = any(a in ("-b", "-B", "--orphan") or _short(a, "bB") and len(a) > 2 for a in args)
        before, after = _operands_of(args, ("-b", "-B", "--orphan", "--conflict", "--pathspec-from-file"))
        if any(_long(a, "--pathspec-from-file") for a in args):
            return {"discard", "all"}, ()
        if after:
            return {"discard"}, tuple(after)
        if branching:
            return ({"discard", "all"} if force else set()), ()
        flags = {"discard", "all"} if force else ({"discard"} if before else set())
        return flags, tuple(before)
    if sub == "switch":
        if any(_short(a, "f") or _long(a, "--force", "--discard-changes") for a in args if a != "--"):
            return {"discard", "all"}, ()
        return set(), ()
    if sub == "restore":
        staged = any(a in ("-S",) or _long(a, "--staged") or _short(a, "S") for a in args)
        worktree = any(a in ("-W",) or _long(a, "--worktree") or _short(a, "W") for a in args)
        if staged and not worktree:
            return set(), ()
        before, after = _operands_of(args, ("-s", "--source", "--pathspec-from-file"))
        if any(_long(a, "--pathspec-from-file") for a in args):
            return {"discard", "all"}, ()
        return ({"discard"} if before + after else set()), tuple(before + after)
    if sub == "checkout-index":
        if not any(_short(a, "f") or _long(a, "--force") for a in args):
            return set(), ()
        if any(a in ("-a",) or _short(a, "a") or _long(a, "--all") for a in args):
            return {"discard", "all"}, ()
        before, after = _operands_of(args, ("--prefix", "--stage"))
        return ({"discard"} if before + after else set()), tuple(before + after)
    return set(), ()


def _git_nested(cmd: SimpleCommand, script: str, cwd: str, branch: str | None, text: str) -> list[Action]:
    """The actions of a command git itself would run (``-c core.fsmonitor=…``, ``rebase -x …``)."""
    script = script.lstrip().removeprefix("!")  # `credential.helper='!cmd'`, `alias.x='!cmd'`: a shell command
    try:
        nested = split_commands(script, 1, ("git",), cwd)
    except ParseError:
        return _statewise_in_text(script, text) + [_unparsed(script, text)]
    out: list[Action] = []
    for inner in nested:
        out.extend(_command(inner, branch, text))
    return out


def _ext_command(cmd: SimpleCommand, url: str, cwd: str, branch: str | None, text: str) -> list[Action]:
    """The command an ``ext::`` URL runs: words split at spaces, ``% `` a space inside a word, ``%%`` a ``%``."""
    from statewise_cli.actions.shell import expand_argv

    if unknown(url):
        return [_inline("git ext::", "", text, "the command of an ext:: URL could not be determined")]
    argv, word, k = [], "", 0
    while k < len(url):
        c = url[k]
        if c == "%" and k + 1 < len(url):
            word += {" ": " ", "%": "%"}.get(url[k + 1], "")
            k += 2
            continue
        if c == " ":
            if word:
                argv.append(word)
            word = ""
        else:
            word += c
        k += 1
    if word:
        argv.append(word)
    out: list[Action] = []
    for sub in expand_argv(tuple(argv), cmd.wrappers + ("git ext::",), cwd):
        out.extend(_command(sub, branch, text))
    return out


def _env_config(assigns: tuple[tuple[str, str], ...]) -> list[tuple[str, str | None]]:
    """The settings git takes from its environment (``GIT_CONFIG_KEY_n``/``GIT_CONFIG_VALUE_n``,
    ``GIT_CONFIG_PARAMETERS``)."""
    return [c for c in _git_globals(("git",), assigns)[2].config if not c[0].startswith("env.")]


def _git(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    sub, args, glob = _git_globals(cmd.argv, cmd.assigns)
    cwd = cmd.cwd
    if glob.cwd:
        cwd = glob.cwd if glob.cwd.startswith("/") or unknown(glob.cwd) else (f"{cwd}/{glob.cwd}" if cwd else glob.cwd)
    extra: list[Action] = []
    sourced = next((v for n, v in cmd.assigns if n == SOURCED_UNREAD), None)
    if sourced is not None:
        extra.append(_inline("git", "", text, f"`. {sourced}` earlier on the line runs a file the check cannot read in "
                                              "this shell: the variables it may export (an editor, a diff or ssh "
                                              "program, git's own configuration) decide what git runs"))
    aliases = {key[6:].lower(): value for key, value in glob.config if key.lower().startswith("alias.")}
    for key, value in glob.config:
        if key.lower().startswith("alias.") and sub is not None and key[6:].lower() != sub.lower():
            continue
        helper = _vcs_helper(key, value, cmd, branch, text)
        if helper is not None:
            extra.extend(helper)
            continue
        if key.lower().startswith("env.") or _exec_config(key) and not key.lower().startswith("alias."):
            if value is None or unknown(value):
                extra.append(_inline(f"git {key}", "", text, f"the command git would run for {key} could not be determined"))
            elif value:
                extra.extend(_git_nested(cmd, value, cwd, branch, text))
                if sub == "rebase" and key.lower() in _TODO_EDITORS:
                    extra.extend(_todo_exec_lines(cmd, key, value, cwd, branch, text))
        elif _code_path(key) and _included(key) and value and not unknown(value) and (
                ("-c", f"{key}={value}") in zip(cmd.argv, cmd.argv[1:])):
            # an included configuration file is read (from disk, or as the line writes it) as the `-c` settings it is
            # (one the environment names, `GIT_CONFIG_KEY_n`/`GIT_CONFIG_PARAMETERS`, is not: the line may have
            # rewritten the file, or a nested include may name another relative to it — judged as unknown below)
            given = cmd.argv
            extra.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=value, cwd=cwd,
                                arguments=(f"{key}={value}", *given), flags=frozenset({"gitconfig"}), text=text))
        elif _code_path(key) and key.lower() != "init.templatedir" and not (
                key.lower() == "core.hookspath" and (value == "/dev/null" or (
                    (value or "").startswith("/") and _no_hooks_there(value, cwd, text)))):
            # hooks in a directory the command names are not judged by their text: outside the work tree anyone may
            # change them before git runs them (links, files they source); inside it the command itself may write
            # them first (a checkout, merge or rebase brings another commit's hooks directory and then runs it), and
            # ``-C`` moves where git looks. What git runs there is not known
            extra.append(_inline(f"git {key}", "", text, f"{key} makes git run code the command does not show"))
    if sub is not None and sub.lower() in aliases:
        value = aliases[sub.lower()]
        if value is None or unknown(value):
            return [_inline(f"git alias {sub}", "", text, f"the alias `{sub}` could not be determined")] + extra
        if value.startswith("!"):
            script = value[1:] + "".join(" " + a for a in args)
            return _git_nested(cmd, script, cwd, branch, text) + extra
        if cmd.wrappers.count("git alias") >= 8:
            return [_inline(f"git alias {sub}", "", text, f"the alias `{sub}` expands to further aliases")] + extra
        # an alias may name another alias: the global options before it (`-c alias.x=…`) stay in force
        before = tuple(cmd.argv[1:len(cmd.argv) - len(args) - 1])
        expanded = SimpleCommand(("git", *before, *value.split(), *args), cmd.redirects, cmd.wrappers + ("git alias",),
                                 cmd.heredocs, cmd.cwd, cmd.assigns, cmd.stdin)
        return _git(expanded, branch, text) + extra
    if glob.unknown:
        extra.append(_inline("git", "", text, glob.unknown))
    if sub in ("init", "clone"):
        # a template directory (`--template=DIR`, `init.templateDir`, `GIT_TEMPLATE_DIR`) is copied into the new
        # repository's git directory: its hooks/ become that repository's hooks, run by every later command there
        templates = [*_option_values(tuple(args), ("--template",)), *(v or "$unknown" for k, v in glob.config
                                                                    if k.lower() == "init.templatedir"),
                     *(v for k, v in cmd.assigns if k == "GIT_TEMPLATE_DIR")]
        if sub == "clone":
            # `git clone -c KEY=VALUE` / `--config KEY=VALUE` writes the setting into the new repository before its
            # checkout: hooks or included files it names run or are read at once (`post-checkout`), a command it
            # names runs when git needs it
            for setting in _option_values(tuple(args), ("-c", "--config")):
                key, eq, value = setting.partition("=")
                if _code_path(key) or (eq and unknown(key)):
                    extra.append(_inline("git", "", text, f"`git clone --config {key}=…` makes the new repository run "
                                         "code (hooks, an included file) the command does not show"))
                elif _exec_config(key):
                    if not eq or unknown(value):
                        extra.append(_inline(f"git {key}", "", text,
                                             f"the command git would run for {key} could not be determined"))
                    elif value:
                        extra.extend(_git_nested(cmd, value, cwd, branch, text))
        for value in templates:
            if not _no_hooks_there(value.rstrip("/") + "/hooks", cwd, text) or not _no_files_there(value, cwd, text):
                # (a template's `config`, `info/attributes` or any other file is copied into the new repository too:
                # a configuration there may name hooks or commands elsewhere)
                extra.append(_inline("git", "", text, f"the template directory `{value}` may give the new repository "
                                     "hooks or configuration the command does not show"))
                break
    for name, value in cmd.assigns:
        if name in ("HOME", "XDG_CONFIG_HOME") and value and not unknown(value):
            # git's global configuration is $HOME/.gitconfig and $XDG_CONFIG_HOME/git/config (or, with no
            # XDG_CONFIG_HOME given, $HOME/.config/git/config): given to one command — an absolute directory or one
            # relative to where it runs — the file there (as the line writes it, or on disk) is read like an
            # included file
            base = value.rstrip("/") or "/"
            wheres = [base + "/git/config"] if name == "XDG_CONFIG_HOME" else [base + "/.gitconfig"] + (
                [] if "XDG_CONFIG_HOME" in dict(cmd.assigns) else [base + "/.config/git/config"])
            for where in wheres:
                setting = f"include.path={where}"
                extra.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=where,
                                    cwd=cmd.cwd if not where.startswith("/") else cwd,
                                    arguments=(setting, "git", "-c", setting, *cmd.argv[1:]),
                                    flags=frozenset({"gitconfig", "optional"}), text=text))
    for name, value, why in glob.pointers:
        if sub == "init" and name in ("GIT_DIR", "--git-dir") and not unknown(value):
            # `git --git-dir=DIR init` makes DIR: a write there, judged like any other
            extra.append(_write(value if value.startswith(("/", "~")) or not cwd else f"{cwd}/{value}", ("init",), text))
        if not _git_pointer_harmless(name, value, sub, args, cmd.cwd, text):
            extra.append(_inline("git", "", text, why))
            break
        if name in ("GIT_WORK_TREE", "--work-tree") and sub in _GIT_WORK_TREE_WRITERS:
            # the files it checks out, restores or removes are under that directory: a write there
            where = value if value.startswith(("/", "~")) or not cwd else f"{cwd}/{value}"
            extra.append(_write(where.rstrip("/") + "/", (sub or "", name), text))
    for word in [*args, *(v for _, v in glob.config if v)]:
        if "ext::" in word:
            # the `ext::` transport runs its URL as a command (`%` escapes a space)
            extra.extend(_ext_command(cmd, word.split("ext::", 1)[1], cwd, branch, text))
    if sub is not None and unknown(sub):
        return [_inline("git", " ".join(cmd.argv), text, f"the git command `{sub}` is expanded by the shell",
                        suspects=screen(" ".join(cmd.argv)) | {"push", "discard"})] + extra
    if sub == "clean" and any(k.lower() == "clean.requireforce" and (v is None or unknown(v) or v.strip().lower() in _FALSE)
                              for k, v in glob.config):
        args = ["--force", *args]  # git's own refusal is switched off: a plain clean deletes
    specs = _configured_refspecs(glob.config, sub, args)
    if specs:
        args = [*args, *specs]  # `git -c remote.origin.push=SRC:DST push origin`: git pushes the configured refspecs
    for key, value in glob.config:
        if key.lower().startswith("remote.") and key.lower().endswith((".push", ".mirror")) and not specs:
            extra.append(_inline(f"git {key}", "", text, f"{key} changes what `git push` pushes", suspects={"push"}))
        elif key.lower().startswith("trace2.") and key.lower().endswith("target") and value and (
                value.startswith(("/", "~")) or unknown(value)):
            extra.append(_write(value, (key,), text))  # git-config(1): trace2.*Target, an absolute path git appends to
        elif sub == "push" and _push_mode_changed(key, value):
            # git-push(1)/git-config(1): `push.default=matching` pushes every branch of the same name on both sides,
            # `upstream`/`tracking` the branch `branch.<name>.merge` names; a `branch.<name>.merge` given here is
            # where such a push goes: the branch written is not the one the command names
            extra.append(_inline(f"git {key}", "", text, f"{key}={value} changes which branch `git push` writes",
                                 suspects={"push"}))
    actions = _git_one(cmd, sub, args, branch, text)
    if sub == "push":
        extra.extend(_receive_hook_actions(actions, cwd, text, glob.config))
    if sub == "clean" and any(k.lower() == "core.excludesfile" for k, _ in glob.config):
        # ignore rules given for this command alone: what -X takes as ignored is whatever they say, untracked work too
        actions = [a.replace(flags=(a.flags - {"ignored-only"}) | {"ignored"}) if "ignored-only" in a.flags else a
                   for a in actions]
    actions = actions + _credential_store_writes(sub, args, glob.config, text)
    if sub in ("gc", "maintenance") and any(_expires_reflogs(k, v) for k, v in glob.config):
        # `git -c gc.reflogExpire=now gc`: gc expires every reflog, refs/stash's too, by these settings — the stash
        # entries older than the given age are dropped as by `git reflog expire --all`
        actions = actions + [Action(tool="Bash", operation="git.reflog", risk="destructive", target="refs/stash",
                                    arguments=("expire", "--all"), flags=frozenset({"stash-drop"}), text=text)]
    if cwd:
        actions = [a.replace(cwd=cwd) if not a.cwd else a for a in actions]
    return actions + extra


# The names git runs as hooks (githooks(5)); any other file in a hooks directory is never run
_GIT_HOOK_NAMES = frozenset({
    "applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit", "prepare-commit-msg",
    "commit-msg", "post-commit", "pre-rebase", "post-checkout", "post-merge", "pre-push", "pre-receive", "update",
    "proc-receive", "post-receive", "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc",
    "post-rewrite", "sendemail-validate", "fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist",
    "p4-post-changelist", "p4-pre-submit", "post-index-change"})
def _shell_shebang(first: str) -> bool:
    """Whether a script's first line has git run it with a shell: no ``#!`` line, or one naming a shell with only
    options after it (``#!/bin/sh -e``); ``#!/bin/sh /tmp/x.sh`` runs another file."""
    if not first.startswith("#!"):
        return True
    head, *rest = first.split() or [""]
    if not first.startswith(_SHELL_SHEBANGS):
        return False
    rest = rest[1:] if head in ("#!/usr/bin/env",) else rest
    return all(w.startswith("-") for w in rest)


def _runs_another_file(first: str) -> bool:
    """Whether a ``#!`` line hands its interpreter a file of its own (``#!/bin/sh /tmp/x.sh``,
    ``#!/usr/bin/env python3 /tmp/x.py``): the script's own text is then not what runs."""
    if not first.startswith("#!"):
        return False
    words = first[2:].split()
    if words[:1] and words[0].rsplit("/", 1)[-1] == "env":
        words = [w for w in words[1:] if not w.startswith("-")][1:]
    else:
        words = words[1:]
    return any(not w.startswith("-") for w in words)


_SHELL_SHEBANGS = ("#!/bin/sh", "#!/bin/bash", "#!/usr/bin/env sh", "#!/usr/bin/env bash", "#!/bin/dash",
                   "#!/usr/bin/sh", "#!/usr/bin/bash")


# githooks(5): the hooks the receiving repository runs for a push, in its git directory
_RECEIVE_HOOKS = ("pre-receive", "update", "proc-receive", "post-receive", "post-update", "push-to-checkout",
                  "reference-transaction")


def _remote_url(name: str, cwd: str | None, config: tuple[tuple[str, str | None], ...]) -> str | None:
    """The URL of a remote named on the command line: ``-c remote.NAME.url=…`` given to this command, else the
    ``[remote "NAME"]`` section of the repository's own config file (``.git/config`` found upward from where the
    command runs); None when neither says."""
    for key, value in reversed(config):
        if key.lower() == f"remote.{name.lower()}.url" and value:
            return value
    top = os.path.abspath(os.path.join(os.getcwd(), cwd or "."))
    while not os.path.exists(os.path.join(top, ".git")):
        parent = os.path.dirname(top)
        if parent == top:
            return None
        top = parent
    conf = os.path.join(top, ".git", "config")
    try:
        with open(conf, encoding="utf-8", errors="replace") as fh:
            lines = fh.read(256_000).splitlines()
    except OSError:
        return None
    section = None
    for line in lines:
        head = _CONFIG_SECTION.fullmatch(line.strip())
        if head:
            section = (head.group(1).lower(), head.group(2))
            continue
        if section == ("remote", name):
            key = _CONFIG_KEY.fullmatch(line.strip())
            if key and key.group(1).lower() == "url" and key.group(2) is not None:
                return _config_value(key.group(2))
    return None


def _git_dirs(base: str) -> list[str]:
    """The git directories git may take a local repository path for (git-push(1) tries ``PATH``, ``PATH.git`` and
    their ``.git``; a ``.git`` file names the directory it points to)."""
    out = []
    for root in (base, base + ".git"):
        dot = os.path.join(root, ".git")
        if os.path.isfile(dot):
            try:
                with open(dot, encoding="utf-8") as fh:
                    pointed = fh.read(4096).strip()
            except OSError:
                pointed = ""
            if pointed.startswith("gitdir:"):
                out.append(os.path.normpath(os.path.join(root, pointed[7:].strip())))
        else:
            out.append(dot)
        out.append(root)
    return out


def _receive_hook_actions(pushes: list[Action], cwd: str | None, text: str,
                          config: tuple[tuple[str, str | None], ...] = ()) -> list[Action]:
    """A push to a repository on this machine (a path, ``file://``, or a remote whose URL is one) runs that
    repository's receive hooks (``pre-receive`` … ``push-to-checkout``): each one the same line writes there is judged
    as the commands it holds (:func:`_script_as_hook`), run in that git directory; one whose text is not known, or a
    config the line writes there (it may move the hooks), is code the check cannot follow. A hook already on disk was
    judged when it was written (or is the repository's own, like a remote's checks). A dry run runs none."""
    remotes = {a.arguments[0] for a in pushes if a.operation == "git.push" and a.arguments and a.arguments[0]
               and a.risk != "read-only"}
    out: list[Action] = []
    for remote in remotes:
        if unknown(remote) or (cwd and unknown(cwd)):
            continue
        path = remote
        if not remote.startswith(("/", "./", "../", "~", "file://")) and ":" not in remote and \
                not os.path.isdir(os.path.join(os.getcwd(), cwd or ".", os.path.expanduser(remote))):
            url = _remote_url(remote, cwd, config)
            if url is None or unknown(url):
                continue
            path = url
        if "://" in path and not path.startswith("file://") or (":" in path.split("/", 1)[0] and
                                                                 not path.startswith("file:")):
            continue  # a network remote: its hooks run on another machine
        path = path.removeprefix("file://")
        base = os.path.normpath(os.path.join(os.getcwd(), cwd or ".", os.path.expanduser(path)))
        for git_dir in _git_dirs(base):
            if any(k.startswith(os.path.join(git_dir, "config")) for k in _LINE_TEXTS):
                out.append(_inline("git's receive hooks", "", text,
                                   f"`{git_dir}`'s configuration may move the hooks the push runs there"))
                break
            for hook in _RECEIVE_HOOKS:
                full = os.path.join(git_dir, "hooks", hook)
                if full not in _LINE_TEXTS:
                    continue  # a hook already there was judged when it was written, or is the repository's own
                body = _LINE_TEXTS[full]
                if body is None or "%" in body or not _shell_shebang(body.split("\n", 1)[0].strip()):
                    out.append(_inline("git's receive hooks", "", text,
                                       f"`{full}` runs when the push arrives and what it runs could not be determined"))
                    continue
                if "$" in body or "`" in body:
                    # the refs it updates are words it computes when the push arrives (`ma${X}in`): any branch
                    out.append(_inline("git's receive hooks", "", text,
                                       f"`{full}` runs when the push arrives, with words it computes then"))
                    continue
                out.extend(_script_as_hook(body, text, git_dir, full))
    return out


_INERT_PROGRAMS = frozenset({"mkdir", "chmod", "ls", "test", "[", "stat", "touch"})


def _mentions(text: str, name: str) -> int:
    """How often ``name`` appears in ``text`` as a whole path component (``/tmp/hooks/pre-commit``, ``hooks``), not
    as part of a longer name (``/tmp/hooks.mbox``, ``githooks``): the words that could name that directory."""
    import re

    return len(re.findall(r"(?<![\w.-])" + re.escape(name) + r"(?![\w.-])", text))


def _inert_mentions(text: str, name: str) -> int:
    """How often ``name`` appears in the line's commands that neither write a hook's text nor run it (``mkdir -p
    DIR``, ``chmod +x DIR/pre-commit``, ``test -d DIR``): mentions that put no code there."""
    import re

    count = 0
    for part in re.split(r"&&|\|\||[;|\n]", text):
        words = part.split()
        while words and "=" in words[0] and not words[0].startswith("-"):
            words = words[1:]
        if words and words[0].rsplit("/", 1)[-1] not in _INERT_PROGRAMS:
            from statewise_cli.actions.shell import _unwrap

            rest, wrapper, script, _ = _unwrap(words)  # `prlimit --core=0 mkdir -p DIR`: the program it runs
            words = rest if wrapper is not None and script is None else words
        if words and words[0].rsplit("/", 1)[-1] in _INERT_PROGRAMS and not any(c in part for c in "<>`$("):
            count += _mentions(part, name)
    return count


def _configured_refspecs(config: Any, sub: str | None, args: list[str]) -> list[str]:
    """The refspecs ``remote.NAME.push`` settings given on the line make ``git push NAME`` push, when the push names
    that remote and no refspec of its own, and every setting is a literal refspec: git pushes exactly those (judged
    as if the line named them). Empty when any of this does not hold (the setting keeps the protected answer)."""
    if sub != "push" or not config:
        return []
    keys = [(k.lower(), v) for k, v in config if k.lower().startswith("remote.")
            and k.lower().endswith((".push", ".mirror"))]
    operands = [a for a in args if not a.startswith("-")]
    if not keys or len(operands) != 1 or any(a in ("--all", "--mirror", "--tags", "--prune", "-d", "--delete",
                                                   "--branches") for a in args):
        return []
    if any(a.startswith("-") and a not in ("-f", "--force", "-q", "--quiet", "-v", "--verbose", "-u",
                                           "--set-upstream", "--dry-run", "-n", "--no-verify", "--force-with-lease")
           for a in args):
        return []
    remote = operands[0]
    specs: list[str] = []
    for key, value in keys:
        if key != f"remote.{remote.lower()}.push" or not value or unknown(value) or any(c in value for c in "* \t"):
            return []
        specs.append(value)
    return specs


def _filled_on_line(value: str, text: str) -> bool:
    """Whether a command of the line ``text`` other than ``mkdir`` and git itself names the directory ``value`` (its
    last part) in a word or a redirection: a line that may put files there first. A line that cannot be read says
    yes."""
    name = os.path.basename(value.rstrip("/"))
    if not name:
        return text.count("/") > 1
    if _mentions(text, name) <= 1:
        return False
    try:
        commands = split_commands(text)
    except ParseError:
        return True
    for c in commands:
        head = os.path.basename(c.argv[0]) if c.argv else ""
        if head in ("mkdir", "git") and not c.redirects:
            continue
        if any(name in w for w in (*c.argv, *(t for _, t in c.redirects), *(v for _, v in c.assigns))):
            return True
    return False


def _no_files_there(value: str | None, cwd: str, text: str = "") -> bool:
    """DIR holds no file at all now (it does not exist, or has only empty directories), and nothing else on the line
    ``text`` names it (a line that writes a file there first names it twice); False when unknown."""
    if not value or unknown(value) or (cwd and unknown(cwd)):
        return False
    if text and _filled_on_line(value, text):
        return False
    full = os.path.expanduser(value)
    if not full.startswith("/"):
        if not cwd:
            return False
        full = os.path.join(cwd, full)
    if not os.path.lexists(full):
        return True
    if not os.path.isdir(full) or os.path.islink(full):
        return False
    seen = 0
    for _root, dirs, files in os.walk(full):
        seen += 1 + len(dirs)
        if files or seen > 256:
            return False
    return True


def _no_hooks_there(value: str | None, cwd: str, text: str) -> bool:
    """``-c core.hooksPath=DIR`` for one command, where DIR holds no file git could run as a hook: it does not exist
    (or is empty) now, and nothing else on the line names it (a line that writes a hook there first names it twice)."""
    if not value or unknown(value) or (cwd and unknown(cwd)):
        return False
    full = os.path.expanduser(value)
    if not full.startswith("/"):
        return False  # relative to the work tree's top, which this reading does not know
    name = os.path.basename(value.rstrip("/"))
    if (_mentions(text, name) if name else text.count("/")) > 1:
        return False
    try:
        return not any(entry.is_file() or entry.is_symlink() for entry in os.scandir(full))
    except FileNotFoundError:
        return True
    except OSError:
        return False


def _credential_store_writes(sub: str | None, args: list[str], config: Any, text: str) -> list[Action]:
    """``git credential-store [--file F] store|erase`` writes F (default ``~/.git-credentials``), and so does
    ``git credential approve|reject`` when a ``credential.helper`` given on the line is the store helper."""
    if sub == "credential-store":
        ops = [a for a in args if not a.startswith("-")]
        if not ops or ops[-1] not in ("store", "erase"):
            return []
        helper_args = args
    elif sub == "credential" and args[-1:] and args[-1] in ("approve", "reject", "store", "erase"):
        helpers = [v or "" for k, v in config if k.lower() == "credential.helper" or
                   (k.lower().startswith("credential.") and k.lower().endswith(".helper"))]
        store = [h for h in helpers if h.split()[:1] == ["store"] or h.split()[:1] == ["credential-store"]
                 or unknown(h)]
        if not store:
            return []
        helper_args = store[-1].split()[1:]
    else:
        return []
    files = []
    for j, a in enumerate(helper_args):
        if a.startswith("--file="):
            files.append(a[7:])
        elif a == "--file" and j + 1 < len(helper_args):
            files.append(helper_args[j + 1])
    files = files or ["~/.git-credentials"]
    return [_write(os.path.expanduser(f) if f.startswith("~") else f, tuple(args), text) for f in files]


def _expires_reflogs(key: str, value: str | None) -> bool:
    """A ``gc.reflogExpire``/``gc.reflogExpireUnreachable`` (or per-pattern ``gc.<pattern>.reflogExpire``) setting
    that lets gc expire reflog entries: any value but ``never``/``false`` (unknown counts as expiring)."""
    low = key.lower()
    if not (low.startswith("gc.") and low.endswith((".reflogexpire", ".reflogexpireunreachable"))):
        return False
    return value is None or unknown(value) or value.strip().lower() not in ("never", "false")


# The editor of an interactive rebase's todo list: a line it writes (`exec CMD`, `x CMD`) is a command git runs.
_TODO_EDITORS = ("sequence.editor", "core.editor", "env.git_sequence_editor", "env.git_editor", "env.editor", "env.visual")
_TODO_EXEC = Pattern(r"(?:^|[\s'\"/;]|\\n)(?:exec|x)\s+([^'\"\n/]*?)(?:\\n|['\"\n/]|$)")


def _todo_exec_lines(cmd: SimpleCommand, key: str, value: str, cwd: str, branch: str | None, text: str) -> list[Action]:
    """``GIT_SEQUENCE_EDITOR="sed -i '1i exec CMD'" git rebase -i``: the editor writes an ``exec`` line into the todo
    list, and git runs it. Each such line is judged as its command; one whose command cannot be read is unknown."""
    out: list[Action] = []
    for found in _TODO_EXEC.finditer(value):
        line = found.group(1).strip()
        out.extend(_git_nested(cmd, line, cwd, branch, text) if line and not unknown(line) else
                   [_inline(f"git {key}", "", text, f"the {key} writes rebase `exec` lines the check cannot read")])
    return out


# Environment variables that name a file or directory the program writes (traces, caches, temp files).
_OUTPUT_ENV = ("PYTHONPYCACHEPREFIX", "TMPDIR", "TMP", "TEMP", "COVERAGE_FILE", "LLVM_PROFILE_FILE", "GCOV_PREFIX",
               "NODE_V8_COVERAGE", "HISTFILE", "PYTHON_HISTORY", "NODE_REPL_HISTORY", "SQLITE_HISTORY", "LESSHISTFILE",
               "CARGO_TARGET_DIR", "GOCACHE", "PIP_CACHE_DIR", "npm_config_cache", "PYTEST_ADDOPTS_CACHE_DIR")
# Compressors that replace the files they are given (the original is removed) unless told to keep it or write to
# standard output, and their options that do so (or only test or list)
_REPLACING_COMPRESSORS = frozenset({"gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "lzip",
                                    "compress", "uncompress", "pigz", "unpigz", "pbzip2", "lbzip2", "plzip"})
_COMPRESSOR_KEEPS = frozenset({"--stdout", "--to-stdout", "--keep", "--test", "--list", "-c", "-k", "-t", "-l",
                               "--help", "-h", "--version", "-V", "-L", "--license"})
# Variables the C preprocessor (gcc, cpp) reads as the file it writes a make dependency list to: ``FILE`` or
# ``FILE TARGET`` (cpp(1), "Environment Variables")
_DEPENDENCY_OUTPUT_ENV = frozenset({"DEPENDENCIES_OUTPUT", "SUNPRO_DEPENDENCIES"})
_TRACE_FLAGS = frozenset({"", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "true", "false", "yes", "no", "on", "off"})


def _env_writes(assigns: tuple[tuple[str, str], ...] | list[tuple[str, str]], name: str, text: str) -> list[Action]:
    """Writes a program makes where an environment variable says (``GIT_TRACE=/path``, ``TMPDIR=dir mktemp``,
    ``PYTHONPYCACHEPREFIX=dir``): a write of that path, judged like any other."""
    out: list[Action] = []
    for key, value in assigns:
        if key.startswith("GIT_TRACE") and value.strip().lower() not in _TRACE_FLAGS:
            out.append(_write(value, (name, key), text))  # a trace written to that file (or into that directory)
        elif key in _DEPENDENCY_OUTPUT_ENV and value.strip():
            # the C preprocessor writes make dependencies to the file the value names first (`FILE [TARGET]`),
            # whichever directory it is in: relative to where the compiler runs
            out.append(_write(value.split()[0], (name, key), text))
        elif key in _OUTPUT_ENV and value:
            out.append(_write(value.rstrip("/") + "/" if key not in ("COVERAGE_FILE", "LLVM_PROFILE_FILE", "HISTFILE",
                                                                      "PYTHON_HISTORY", "NODE_REPL_HISTORY",
                                                                      "SQLITE_HISTORY", "LESSHISTFILE") else value,
                              (name, key), text))
        elif _output_variable(key) and value.startswith(("/", "~", "../")) and not value.startswith(_SYSTEM_PREFIXES):
            out.append(_write(value, (name, key), text))  # `FOO_LOG_FILE=~/x`, `SSLKEYLOGFILE=/x`, `DESTDIR=~/x`
    return out


# words of a variable's name that say its value is where the program writes (a log, a trace, a dump, a report, a
# cache, a history, a destination)
_OUTPUT_NAME_WORDS = frozenset({"LOG", "LOGFILE", "LOGDIR", "LOGS", "OUT", "OUTPUT", "OUTDIR", "OUTFILE", "TRACE",
                                "TRACEFILE", "DUMP", "DUMPDIR", "REPORT", "REPORTS", "HISTFILE", "HISTORY",
                                "DEST", "DESTDIR", "PREFIX", "INSTALLDIR", "TARGET", "SNAPSHOT", "SNAPSHOTS",
                                "ARTIFACTS", "RESULTS", "COVERAGE", "PROFRAW"})
_OUTPUT_NAME_ENDS = ("LOGFILE", "LOGDIR", "KEYLOG", "DUMPFILE", "OUTFILE", "OUTDIR", "HISTFILE", "TRACEFILE")


def _output_variable(key: str) -> bool:
    """A variable whose name says it names a file or directory the program writes (by its words, whatever the
    program: ``MYTOOL_LOG_FILE``, ``SSLKEYLOGFILE``, ``FOO_REPORT_DIR``, ``DESTDIR``)."""
    upper = key.upper()
    return bool(set(upper.split("_")) & _OUTPUT_NAME_WORDS) or upper.endswith(_OUTPUT_NAME_ENDS)


def _stash_ref(word: str) -> bool:
    """``word`` names the stash or one of its entries (``stash``, ``refs/stash``, ``stash@{0}``, ``stash^{commit}``)."""
    name = word.lstrip("+").split("@", 1)[0].split("^", 1)[0].split("~", 1)[0]
    return name in ("stash", "refs/stash")


def _fed_answer(cmd: SimpleCommand) -> str | None:
    """The first line a command reads from its standard input when the line shows it (a pipe from echo/printf, a
    here-string, a here-document), stripped; None when it is not known."""
    from statewise_cli.actions.shell import _stdin_text

    fed: str | None = _stdin_text(cmd.stdin) if cmd.stdin else None
    for op, target in cmd.redirects:
        if op == "<<<":
            fed = target if not unknown(target) else None
        elif op.startswith("<<") or op in ("<", "<>"):
            fed = None
    if cmd.heredocs:
        fed = None
    if fed is None or (cmd.stdin and cmd.redirects and any(op.startswith("<") for op, _ in cmd.redirects)):
        return None
    return fed.split("\n", 1)[0].strip()


def _declined_every_hunk(cmd: SimpleCommand) -> bool:
    """Whether every answer the line feeds an interactive ``-p`` run declines (``n``, ``d``: not this hunk or any later
    one in the file, ``q``: quit): the whole text is shown (a pipe from echo/printf, a here-string) and holds no other
    answer — at the end of its input git stops asking, so nothing else is taken."""
    from statewise_cli.actions.shell import _stdin_text

    if cmd.heredocs or any(op != "<<<" and op.startswith("<") for op, _ in cmd.redirects):
        return False
    here = [t for op, t in cmd.redirects if op == "<<<"]
    if here and cmd.stdin:
        return False
    fed = here[-1] if here else (_stdin_text(cmd.stdin) if cmd.stdin else None)
    if fed is None or unknown(fed) or (cmd.stdin and cmd.stdin[0].rsplit("/", 1)[-1] not in ("printf", "echo")):
        return False
    answers = [line.strip().lower() for line in fed.replace("\\n", "\n").splitlines() if line.strip()]
    return bool(answers) and all(a in ("n", "no", "d", "q", "quit") for a in answers)


def _fed(cmd: SimpleCommand) -> bool:
    """The command's standard input carries answers: a pipe, a here-document, a here-string or a file."""
    return bool(cmd.stdin or cmd.heredocs) or any(op in ("<", "<<<", "<>") or op.startswith("<<") for op, _ in cmd.redirects)


def _git_one(cmd: SimpleCommand, sub: str | None, args: list[str], branch: str | None, text: str) -> list[Action]:
    if sub == "push":
        return _git_push(args, branch, text) + _git_code_options(cmd, sub, args, branch, text)
    if sub in ("send-pack", "http-push"):
        # push plumbing: `git send-pack [--force] [--all] DIR [REF…]` updates the remote's refs as `git push`
        # does; with no ref it pushes every branch both sides have (the matching ones), with --stdin the refs
        # it reads
        operands = [a for a in args if not a.startswith("-")]
        pushed = list(args) if len(operands) > 1 and "--stdin" not in args else ["--all", *args]
        pushed = [a for a in pushed if a != "--stdin"]
        return [a.replace(operation="git.push") for a in _git_push(pushed, branch, text)] + _git_code_options(
            cmd, sub, args, branch, text)
    risk = "local-mutation"
    flags: set[str] = set()
    pathspecs: tuple[str, ...] = ()
    nested: list[Action] = []
    if sub not in _READ_ONLY_GIT and sub in _GIT_PURE_READS and _git_reads_only(sub, args):
        risk = "read-only"  # `git -C ../mirror.git for-each-ref`: a read, whatever repository it is pointed at
    if sub in _READ_ONLY_GIT:
        risk = "read-only"
        if sub == "branch" and any(a in ("-D", "-d", "--delete", "-M", "-m") or _long(a, "--delete") for a in args):
            risk, flags = "destructive", {"delete"}
        elif sub == "branch" and any(a in ("-f", "-C") or _long(a, "--force") for a in args):
            # `git branch -f NAME START` moves NAME: the commits only NAME had are lost as in a forced delete
            named = _operands(tuple(args), {"-u", "--set-upstream-to", "--track", "-t"})
            risk, flags = "destructive", {"delete"}
            args = ["-D", *named[:1]] if "-C" not in args else ["-D", *named[1:2]]
        elif sub == "branch" and any(a in ("-c", "-u", "--set-upstream-to", "--unset-upstream", "--edit-description")
                                     or _long(a, "--copy", "--set-upstream-to", "--unset-upstream") for a in args):
            risk = "local-mutation"
        elif sub == "branch" and _operands(tuple(args), {"--contains", "--no-contains", "--merged", "--no-merged",
                                                          "--points-at", "--sort", "--format", "--color", "--column"}) \
                and not any(a in ("-l", "--list", "-a", "-r", "--all", "--remotes") for a in args):
            risk = "local-mutation"  # `git branch NAME [START]` creates a branch
        if sub == "config" and not any(a.startswith("--get") or a in ("-l", "--list") for a in args):
            risk = "local-mutation"
        if sub == "fetch" and any(a.startswith("--prune-t") or _short(a, "P") for a in args):
            risk = "local-mutation"  # `fetch --prune-tags` deletes the local tags the remote does not have
        if sub == "fetch" and any(":" in a and not a.startswith("-") and "://" not in a for a in args):
            risk = "local-mutation"  # `fetch origin main:main` writes a local branch
            if any(_stash_ref(a.rpartition(":")[2]) for a in args if ":" in a and not a.startswith("-") and "://" not in a):
                risk, flags = "destructive", {"stash-drop"}  # a refspec whose destination is refs/stash replaces the stash
        if sub == "reflog" and args[:1] in (["expire"], ["delete"]):
            # the stash list is refs/stash's reflog: expiring or deleting its entries drops stashed work
            refs = [a for a in args[1:] if not a.startswith("-")]
            if "--all" in args or any(r.split("@", 1)[0] in ("stash", "refs/stash") or unknown(r) for r in refs):
                risk, flags = "destructive", {"stash-drop"}
            else:
                risk = "local-mutation"
    elif sub in ("reset", "checkout", "switch", "restore", "checkout-index"):
        flags, pathspecs = _git_discards(sub, args)
        if sub in ("checkout", "restore") and _fed(cmd) and any(_short(a, "p") or _long(a, "--patch") for a in args):
            if _declined_every_hunk(cmd):
                # `printf 'n\n' | git restore -p f`: every answer the line feeds keeps the hunk (n, d, q): nothing put back
                return [Action(tool="Bash", operation=f"git.{sub}", risk="read-only", arguments=tuple(args), text=text,
                               flags=frozenset({"dry-run"}))]
            flags = flags | {"discard"} | (set() if pathspecs else {"all"})  # `yes | git checkout -p`: answers discard
        # `git checkout name` is a switch unless `name` is a path with changes (the check asks git):
        # destructive in itself only when forced or when its operands read as paths.
        if "discard" in flags and ("all" in flags or sub != "checkout" or "--" in args or any(
                p in (".", "..") or p.startswith((":", "./", "../", "/")) or any(c in p for c in "*?[") for p in pathspecs)):
            risk = "destructive"
    elif sub == "clean":
        # -i asks before deleting; answers piped in (`echo c | git clean -di`) delete without a person asking
        interactive = any(_short(a, "i") or _long(a, "--interactive") for a in args)
        if interactive and _fed(cmd) and _fed_answer(cmd) in ("q", "quit", "5"):
            return [Action(tool="Bash", operation="git.clean", risk="read-only", arguments=tuple(args), text=text,
                           flags=frozenset({"dry-run"}))]  # the menu's first answer quits: nothing is deleted
        if interactive and _fed(cmd):
            args = ["--force", *[a for a in args if not (_short(a, "i") or _long(a, "--interactive"))]]
            interactive = False
        if not any(_short(a, "n") or _long(a, "--dry-run") for a in args) and not interactive:
            # without -f git refuses unless clean.requireForce is off (the check reads the repository's setting)
            forced = any(_short(a, "f") or _long(a, "--force") for a in args)
            risk, flags = ("destructive", {"force"}) if forced else (risk, {"unforced"})
            letters = "".join(a[1:] for a in args if a.startswith("-") and not a.startswith("--"))
            if "X" in letters:
                # `-e PATTERN` adds ignore rules for -X: the untracked files it names become "ignored" and are deleted
                flags.add("ignored" if any(a in ("-e", "--exclude") or a.startswith(("--exclude=", "-e")) for a in args)
                          else "ignored-only")
            elif "x" in letters:
                flags.add("ignored")
            before, after = _operands_of(args, ("-e", "--exclude"))
            pathspecs = tuple(before + after)
    elif sub == "stash":
        action = args[0] if args and not args[0].startswith("-") else "push"
        if action in ("drop", "clear"):
            risk, flags = "destructive", {"stash-drop"}
        elif action in ("push", "save"):
            flags = {"stash-push"}
    elif sub == "rebase":
        for j, a in enumerate(args):
            if a in ("-x", "--exec") and j + 1 < len(args):
                nested.extend(_git_nested(cmd, args[j + 1], cmd.cwd, branch, text))
            elif a.startswith("--exec=") or (a.startswith("-x") and len(a) > 2):
                nested.extend(_git_nested(cmd, a.partition("=")[2] if a.startswith("--") else a[2:], cmd.cwd, branch, text))
    elif sub == "bisect" and args[:1] == ["run"] and len(args) > 1:
        from statewise_cli.actions.shell import _quote

        nested.extend(_git_nested(cmd, " ".join(_quote(a) for a in args[1:]), cmd.cwd, branch, text))
    elif sub == "submodule" and "foreach" in args:
        rest = args[args.index("foreach") + 1:]
        rest = [a for a in rest if not a.startswith("--")]
        if rest:
            nested.extend(_git_nested(cmd, " ".join(rest), cmd.cwd, branch, text))
    elif sub == "update-ref":
        # plumbing that moves or deletes any ref: refs/stash is the stash (deleting or moving it drops
        # stashed work), refs/heads/X a branch (judged as a forced delete of X: what no other ref keeps)
        operands, _ = _operands_of(args, ("-m",))
        refs = operands[:1] if operands else []
        stream = _piped_text(cmd) if "--stdin" in args and "-z" not in args and not cmd.redirects else None
        if stream is not None and not unknown(stream) and stream.strip():
            # `printf 'delete refs/heads/x\n' | git update-ref --stdin`: each command of the stream is judged as the
            # `git update-ref` it is (`delete REF` as `-d REF`, `update|create REF NEW` as `REF NEW`)
            lines = [ln.split() for ln in stream.splitlines() if ln.strip()]
            verbs = {"delete": "-d", "update": "", "create": "", "verify": None, "start": None, "prepare": None,
                     "commit": None, "abort": None, "option": None}
            if all(ln[0] in verbs for ln in lines):
                for ln in lines:
                    if verbs[ln[0]] is None or len(ln) < 2:
                        continue
                    import shlex

                    stream_line = shlex.join(["git", "update-ref", "-d", ln[1]] if ln[0] == "delete" else
                                             ["git", "update-ref", *ln[1:3]])
                    nested.extend(_git_nested(cmd, stream_line, cmd.cwd, branch, text))
                args = [a for a in args if a != "--stdin"]
                refs = []
                risk = "local-mutation"
        if "--stdin" in args or any(unknown(r) for r in refs):
            risk, flags = "destructive", {"stash-drop"}
            nested.append(_inline("git update-ref", "", text, "the refs `git update-ref` changes could not be determined",
                                  suspects={"push", "discard"}))
        for ref in refs:
            name = ref.removeprefix("refs/")
            if name == "stash" or ref == "stash":
                risk, flags = "destructive", {"stash-drop"}
            elif name.startswith("heads/"):
                nested.append(Action(tool="Bash", operation="git.branch", risk="destructive", target=name[6:],
                                     arguments=("-D", name[6:]), flags=frozenset({"delete"}), text=text))
    elif sub == "symbolic-ref" and not any(a in ("-d", "--delete", "-q", "--quiet", "--short") for a in args):
        operands = [a for a in args if not a.startswith("-")]
        if len(operands) >= 2 and _stash_ref(operands[0]):
            risk, flags = "destructive", {"stash-drop"}  # refs/stash pointed elsewhere: the stash is gone
    elif sub == "symbolic-ref" and any(a in ("-d", "--delete") for a in args) and any(
            _stash_ref(a) for a in args if not a.startswith("-")):
        risk, flags = "destructive", {"stash-drop"}
    elif sub == "replace" and not any(a in ("-l", "--list", "-d", "--delete", "--format") or a.startswith("--format=")
                                    for a in args):
        # `git replace OBJ NEW` makes every command see NEW where OBJ was: replacing a stash entry (or an object
        # only the running shell names) swaps stashed work for other content, as a drop does
        operands = [a for a in args if not a.startswith("-")]
        if operands and (_stash_ref(operands[0]) or unknown(operands[0])):
            risk, flags = "destructive", {"stash-drop"}
    elif sub == "read-tree" and any(a == "-u" or _short(a, "u") for a in args) and any(
            a == "--reset" or _long(a, "--reset") for a in args):
        risk, flags = "destructive", {"discard", "all"}  # `read-tree -u --reset`: the work tree becomes the tree
    elif sub == "worktree" and args[:1] == ["add"]:
        operands = _operands(tuple(args[1:]), {"-b", "-B", "--reason", "--orphan"})
        nested.extend(_write(operands[0], args, text) for _ in operands[:1])
    if sub == "config":
        nested.extend(_git_config_code(cmd, args, branch, text))
    nested.extend(_git_code_options(cmd, sub, args, branch, text))
    if sub in _GIT_MAY_DISCARD and "discard" not in flags and _mode_unknown(sub, args):
        # `git reset --$MODE`, `git stash $CMD`: a word only the running shell knows decides whether the command
        # discards work — the protected answer (judged against the work tree's uncommitted changes)
        nested.append(_inline(f"git {sub}", "", text, f"an argument of `git {sub}` is expanded by the shell",
                              suspects={"discard"}))
    if sub == "mv" and not any(a in ("-n", "--dry-run") for a in args):
        # `git mv SRC… DST` moves files as `mv` does: the destination is written with the source's lines
        import shlex

        moved = [a for a in args if a == "--" or not a.startswith("-")]
        moved = [a for a in moved if a != "--"]
        if len(moved) >= 2 and not any(unknown(a) for a in moved):
            nested.extend(a.replace(text=text) for a in normalize_shell(
                "mv -- " + " ".join(shlex.quote(m) for m in moved), branch, _depth=1) if a.operation.startswith("file."))
    if sub == "mv" and any(_short(a, "f") or _long(a, "--force") for a in args if a != "--"):
        # `git mv -f SRC DST` overwrites DST whatever its uncommitted changes
        operands, after = _operands_of(args)
        operands += after
        if len(operands) >= 2:
            risk, flags, pathspecs = "destructive", {"discard"}, (operands[-1],)
    if sub == "rm" and any(_short(a, "f") or _long(a, "--force") for a in args if a != "--") and not any(
            a == "--cached" or _long(a, "--cached") for a in args):
        # `git rm -f` removes files whatever their uncommitted changes (without -f git refuses)
        before, after = _operands_of(args, ("--pathspec-from-file",))
        risk, flags, pathspecs = "destructive", {"discard"}, tuple(before + after) or ("$(pathspec file)",)
    if sub in ("clone", "init"):
        operands = _operands(tuple(args), {"-o", "--origin", "-b", "--branch", "-u", "--upload-pack", "--reference",
                                           "--separate-git-dir", "--depth", "-c", "--config", "--template", "--filter",
                                           "--shallow-since", "--shallow-exclude", "-j", "--jobs", "--object-format",
                                           "--initial-branch", "--shared", "--bundle-uri"})
        where = operands[1] if sub == "clone" and len(operands) > 1 else operands[0] if sub == "init" and operands else None
        if sub == "init" and not where:
            where = "."  # `git init` (also `git -C DIR init`) writes a repository where it runs
        if where:
            nested.append(_write(where, args, text))
        nested.extend(_write(w, args, text) for w in _option_values(tuple(args), ("--separate-git-dir",)))
        for setting in _option_values(tuple(args), ("-c", "--config")):
            key, _, value = setting.partition("=")
            if _exec_config(key.lower()):
                nested.extend(_git_nested(cmd, value, cmd.cwd, branch, text) if not unknown(value) else
                              [_inline(f"git {key}", "", text, f"the command git would run for {key} could not be determined")])
    if sub == "bundle" and args[:1] == ["create"]:
        operands = _operands(tuple(args[1:]), {"--version"})
        nested.extend(_write(w, args, text) for w in operands[:1])
    if sub == "worktree" and args[:1] == ["move"]:
        operands = _operands(tuple(args[1:]), set())
        nested.extend(_write(w, args, text) for w in operands[1:2])
    what: dict[str, Any] = {}
    if sub == "grep":
        positional = _operands(tuple(args), _GREP_OPTS_WITH_VALUE)
        what = {"kind": "search", "pattern": positional[0] if positional else None, "paths": tuple(positional[1:2])}
        for j, a in enumerate(args):  # `-O CMD` / `--open-files-in-pager=CMD` runs CMD on the matching files
            if a.startswith(("-O", "--open-files-in-pager")):
                risk = "local-mutation"
                pager = a.partition("=")[2] if a.startswith("--") else a[2:]
                if pager:
                    nested.extend(_git_nested(cmd, pager, cmd.cwd, branch, text))
    elif sub == "apply" and not any(a in ("--check", "--stat", "--numstat", "--summary") for a in args):
        what = _diff_edit(cmd, [], 1)
        patched = _applied_paths(cmd, args, tuple(what.get("paths") or ()) if cmd.heredocs else ())
        if patched:
            what["paths"] = patched
            if "--cached" not in args and any(p.startswith("/") or ".." in p.split("/") for p in patched):
                # a patch that reaches out of the work tree (`--directory=../x --unsafe-paths`, `../` or absolute
                # names) writes there: judged as writes
                nested.extend(_write(p, args, text) for p in patched[:50])
        reverse = any(a in ("-R", "--reverse") or _long(a, "--reverse") for a in args)
        hunks = _git_apply_hunks(cmd, args, reverse)
        memory = tuple(p for p in hunks if _memory_name(p))
        if memory:
            # a memory file the patch writes: the lines it adds there are judged like any write's lines
            nested.extend(Action(tool="Bash", operation="git.apply", risk="local-mutation", arguments=tuple(args),
                                 text=text, kind="edit", paths=(p,), body=hunks[p], cwd=cmd.cwd) for p in memory)
            kept_paths = tuple(p for p in what.get("paths") or () if p not in memory)
            what["paths"] = kept_paths
        if reverse and not any(a == "--cached" for a in args):
            # reversing a patch over the work tree takes those changes out: the patch's files, or
            # (a patch the command does not show or that cannot be read now) files that cannot be known
            shown: tuple[str, ...] = tuple(what.get("paths") or ()) if cmd.heredocs else tuple(hunks)
            risk, flags = "destructive", {"discard"}
            pathspecs = tuple(shown) or ("$(the patch's files)",)
    if sub == "am" and not any(a in ("--abort", "--skip", "--quit", "--show-current-patch") for a in args):
        # `git am MBOX`: the patches it commits are writes of the files they change, with the lines they add
        nested.extend(Action(tool="Bash", operation="git.apply", risk="local-mutation", arguments=tuple(args), text=text,
                             kind="edit", paths=(p,), body=b, cwd=cmd.cwd)
                      for p, b in list(_git_apply_hunks(cmd, args, False).items())[:64])
    if sub == "interpret-trailers" and any(a in ("--in-place", "-i") for a in args):
        # `git interpret-trailers --in-place FILE…` rewrites each FILE with the trailers added
        files = _operands(tuple(args), {"--trailer", "--where", "--if-exists", "--if-missing"})
        added = "".join(f"+{v.replace('=', ': ', 1) if '=' in v and ':' not in v.split('=', 1)[0] else v}\n"
                        for v in _option_values(tuple(args), ("--trailer",)))
        if files:
            risk = "local-mutation" if risk == "read-only" else risk
            nested.extend(_write(f, args, text).replace(kind="edit", body=added) if added else _write(f, args, text)
                          for f in files[:64])
    if sub == "merge-file" and not any(a in ("-p", "--stdout", "--object-id") for a in args):
        # `git merge-file CURRENT BASE OTHER` writes the merge into CURRENT
        current = _operands(tuple(args), {"-L", "--marker-size", "--diff-algorithm"})[:1]
        if current:
            risk = "local-mutation" if risk == "read-only" else risk
            nested.append(_write(current[0], args, text))
    for j, a in enumerate(args):  # files git writes itself: `--output=F` (diff, log, show), `archive -o F`
        target = None
        if a.startswith("--output="):
            target = a[9:]
        elif (a == "--output" or (a == "-o" and sub in ("archive", "format-patch"))) and j + 1 < len(args):
            target = args[j + 1]
        elif a.startswith("-o") and len(a) > 2 and sub in ("archive", "format-patch"):
            target = a[2:]
        else:
            target = _git_output(sub, args, j)
        if target:
            risk = "local-mutation" if risk == "read-only" else risk
            printed = _git_log_literal(sub, args) if a.startswith("--output") else None
            nested.append(_write(target, args, text) if printed is None else _write(target, args, text).replace(
                kind="edit", body="".join(f"+{ln}\n" for ln in printed.splitlines())))
    if sub and sub not in ("config", "-c") and any(a[:1] == "-" for a in args):
        documented = _documented_writes(f"git {sub}", tuple(args), nested, text) if f"git {sub}" in _git_writers() \
            else []
        if documented:
            risk = "local-mutation" if risk == "read-only" else risk
            nested.extend(documented)
    return [
        Action(tool="Bash", operation=f"git.{sub or '?'}", risk=risk, target=None,
               arguments=tuple(args), flags=frozenset(flags), text=text, pathspecs=pathspecs, **what)
    ] + nested


_GIT_LOG_QUIET = ("--no-color", "--color=never", "--no-decorate", "--no-walk", "--no-notes", "--no-patch", "-s",
                  "--no-abbrev-commit", "--no-mailmap", "--reverse", "--first-parent", "--no-merges", "--merges")


def _git_log_literal(sub: str | None, args: list[str]) -> str | None:
    """What `git log --format=TEXT --output=F` writes when TEXT has no placeholder but `%n` / `%%` (git-log(1),
    PRETTY FORMATS): TEXT for each commit shown, and nothing else when no option adds a diff, a graph or decoration.
    None when the output is not that literal text (a placeholder, a named format, another option, other revisions
    than `HEAD`/the current branch)."""
    if sub != "log":
        return None
    text: str | None = None
    k = 0
    while k < len(args):
        a = args[k]
        if a.startswith(("--format=", "--pretty=")):
            value = a.split("=", 1)[1]
            if a.startswith("--pretty=") and not value.startswith(("format:", "tformat:")):
                return None
            value = value.split(":", 1)[1] if value.startswith(("format:", "tformat:")) else value
            if unknown(value) or any(c in value for c in "\x00\x1b"):
                return None
            literal, j = "", 0
            while j < len(value):
                if value[j] == "%":
                    nxt = value[j + 1:j + 2]
                    if nxt == "n":
                        literal += "\n"
                    elif nxt == "%":
                        literal += "%"
                    else:
                        return None  # a placeholder: commit data the check does not read
                    j += 2
                    continue
                literal += value[j]
                j += 1
            text = literal
        elif a.startswith("--output") or a in _GIT_LOG_QUIET or a == "HEAD" or (a[:1] == "-" and a[1:].isdigit()):
            if a == "--output":
                k += 1
        elif a in ("-n", "--max-count") and k + 1 < len(args) and args[k + 1].isdigit():
            k += 1
        elif (a.startswith("-n") and a[2:].isdigit()) or (a.startswith("--max-count=") and a[12:].isdigit()):
            pass
        else:
            return None
        k += 1
    return text


# git subcommands whose `-o` names where they write (a report, a diagnostics archive, a pack index)
_GIT_DASH_O = frozenset({"archive", "format-patch", "bugreport", "diagnose", "index-pack", "mailsplit"})


def _git_output(sub: str | None, args: list[str], j: int) -> str | None:
    """The file or directory git writes that ``args[j]`` names: ``-o`` of the subcommands that write there, a long
    option named for output (``--output-directory``, ``--export-marks``), checkout-index's ``--prefix``,
    pack-objects' base name (it writes BASE-<hash>.pack and .idx)."""
    a = args[j]
    following = args[j + 1] if j + 1 < len(args) else None
    if a == "-o" and sub in _GIT_DASH_O:
        return following
    if a.startswith("-o") and len(a) > 2 and sub in _GIT_DASH_O:
        return a[2:]  # `-oDIR`, attached
    if sub == "mailinfo" and not a.startswith("-") and a in [x for x in args if not x.startswith("-")][:2]:
        return a  # `git mailinfo MSG PATCH`: writes the message and the patch it splits off
    opt, eq, value = a.partition("=")
    if opt.startswith("--") and (_written_option(opt, eq) or opt in ("--export-marks", "--output-directory")
                                 or (opt == "--prefix" and sub == "checkout-index")):
        return value if eq else (following if opt != "--prefix" else None)
    if sub == "mailinfo" and not a.startswith("-"):
        return a  # `git mailinfo MSG PATCH`: the message and the patch are files it writes
    if sub == "pack-objects" and not a.startswith("-") and "--stdout" not in args \
            and a == next((x for x in args if not x.startswith("-")), None):
        return a + "-pack"
    return None


def _git_code_options(cmd: SimpleCommand, sub: str | None, args: list[str], branch: str | None, text: str) -> list[Action]:
    """The commands of options whose value git runs (``--upload-pack``, ``--receive-pack``, ``--tree-filter`` …)."""
    out: list[Action] = []
    code_opts = _GIT_CODE_OPTIONS.get(sub or "", ())
    if sub == "for-each-repo":
        # `git for-each-repo --config=KEY ARGS…` runs `git ARGS…` in every repository the key lists (which may be
        # this one): the rest is judged as that git command
        import shlex

        rest = [a for a in args if not a.startswith("--config") and a != "--keep-going"]
        if rest:
            out.extend(_git_nested(cmd, "git " + shlex.join(rest), cmd.cwd, branch, text))
    for j, a in enumerate(args):
        opt, eq, value = a.partition("=")
        if opt in code_opts or (opt.startswith("--") and opt.endswith(_COMMAND_OPTION_ENDINGS)):
            value = value if eq else (args[j + 1] if j + 1 < len(args) else "")
            if unknown(value):
                out.append(_inline(f"git {sub} {opt}", "", text, f"the command `{opt}` runs could not be determined"))
            elif value and sub == "filter-branch" and (unseen := _rewrite_filter_unseen(value)):
                out.append(_inline(f"git {sub} {opt}", "", text, (
                    f"`{opt} '{value[:80]}'` runs {unseen}: git runs each filter once per rewritten commit, in a "
                    "checkout of that commit's tree with the commit's data on its standard input, so what runs is not "
                    "what the work tree holds now; put the commands in the filter itself")))
            elif value:
                out.extend(_git_nested(cmd, value, cmd.cwd, branch, text))
    return out


def _rewrite_filter_unseen(value: str) -> str | None:
    """What in a history-rewriting filter's command runs code the line does not show, or None: a script file (relative
    paths resolve in each old commit's tree, as it was then), a shell or interpreter reading its program from a file or
    from standard input (the commit message, the tree listing), or a sourced file."""
    from statewise_cli.actions.shell import ParseError, split_commands

    try:
        commands = split_commands(value)
    except ParseError:
        return "a command the check cannot parse"
    for c in commands:
        if not c.argv:
            continue
        program = c.argv[0]
        name = program.rsplit("/", 1)[-1]
        if name in ("source", ".", "eval"):
            return f"`{name}` of code the check does not see"
        if "/" in program and not program.startswith(_SYSTEM_PREFIXES):
            return f"the program file `{program}`"
        if name in _SHELL_NAMES:
            return f"`{name}` with its script {'in ' + c.argv[1] if len(c.argv) > 1 else 'on standard input'}"
        interpreter = name.startswith(("python", "pypy")) or name in _INTERPRETERS
        if interpreter and _inline_code(c, name, c.argv[1:]) is None:
            return f"`{name}` with its program in a file or on standard input"
    return None


# Options that name a command line by the end of their name, whatever the program (``--to-cmd``, ``--sendmail-cmd``,
# ``--header-cmd``, ``--extcmd``, ``--proxy-command``): their value is run by a shell.
_COMMAND_OPTION_ENDINGS = ("-cmd", "-command", "extcmd")
def _mode_unknown(sub: str, args: list[str]) -> bool:
    """Whether a word only the shell knows may decide what a git command does: its subcommand (``git stash $X``),
    an option (``--$MODE``) or a word that may expand to one (``$X``) — not a message, nor an operand after a known
    subcommand (``git stash store "$(git stash create)"``)."""
    if sub in ("stash", "reflog", "worktree"):
        first = next((a for a in args if not a.startswith("-") or unknown(a)), "")
        return unknown(first)
    for k, a in enumerate(args):
        if not unknown(a) or (k and args[k - 1] in _PROSE_OPTIONS) or a.startswith(
                tuple(o + "=" for o in _PROSE_OPTIONS)) or (a.startswith("-m") and len(a) > 2):
            continue
        if a.startswith(("-", "$", '"$', "`")):
            return True
    return False


# git commands whose arguments decide whether they discard work (a mode, a subcommand, a path, a force flag)
_GIT_MAY_DISCARD = frozenset({"reset", "stash", "restore", "checkout", "switch", "clean", "update-ref", "reflog",
                              "read-tree", "checkout-index", "rm", "mv", "worktree", "apply", "am", "merge", "rebase",
                              "pull", "cherry-pick", "revert", "symbolic-ref", "gc", "prune", "filter-branch", "replace"})
_GIT_CODE_OPTIONS = {
    "push": ("--receive-pack", "--exec"), "send-pack": ("--receive-pack", "--exec"), "fetch": ("--upload-pack",), "pull": ("--upload-pack",),
    "clone": ("--upload-pack", "-u"), "ls-remote": ("--upload-pack", "-u"), "archive": ("--exec",),
    "difftool": ("-x", "--extcmd"), "filter-branch": ("--setup", "--tree-filter", "--index-filter", "--msg-filter", "--env-filter",
                                                    "--commit-filter", "--parent-filter", "--tag-name-filter"),
}


def _write(target: str, args: Any, text: str) -> Action:
    return Action(tool="Bash", operation="file.write", risk="local-mutation", target=target, arguments=tuple(args), text=text)


def _tool_install(target: str, args: Any, text: str) -> Action:
    """A program installed for the whole machine (``go install pkg@v1.2.3``): a write outside the repository,
    flagged so the check can tell the repository's own pinned tool apart (``invariants._pinned_by_repository``)."""
    return Action(tool="Bash", operation="file.write", risk="local-mutation", target=target, arguments=tuple(args),
                  text=text, flags=frozenset({"tool-install"}))


_CONFIG_OPTS_WITH_VALUE = ("-f", "--file", "--blob", "--type", "--default", "--comment", "--value")


def _git_config_code(cmd: SimpleCommand, args: list[str], branch: str | None, text: str) -> list[Action]:
    """``git config KEY VALUE`` for a key whose value git runs later (``core.fsmonitor``, ``core.pager``,
    ``alias.X``, …): the command is judged now, as what it will run."""
    operands, _ = _operands_of(args, _CONFIG_OPTS_WITH_VALUE)
    if operands[:1] in (["set"], ["add"]):
        operands = operands[1:]
    if len(operands) < 2 or any(a.startswith("--get") or a in ("-l", "--list", "--unset", "--unset-all") for a in args):
        return []
    key, value = operands[0], operands[1]
    if key.lower().startswith("alias."):
        if unknown(value):
            return [_inline(f"git alias {key[6:]}", "", text, f"the alias `{key[6:]}` could not be determined")]
        if value.startswith("!"):
            return _git_nested(cmd, value[1:], cmd.cwd, branch, text)
        return _git(SimpleCommand(("git", *value.split()), (), cmd.wrappers, (), cmd.cwd), branch, text)
    helper = _vcs_helper(key, value, cmd, branch, text)
    if helper is not None:
        return helper
    if _exec_config(key):
        if unknown(value):
            return [_inline(f"git {key}", "", text, f"the command git would run for {key} could not be determined")]
        return _git_nested(cmd, value, cmd.cwd, branch, text)
    weakened = _weakens_git(key, value)
    if weakened:
        return [weakened.replace(text=text)]
    return []


_FALSE = ("false", "no", "off", "0", "")


def _weakens_git(key: str, value: str | None) -> Action | None:
    """Configuration that switches off one of git's own safeties, as the action it lets through later:
    ``clean.requireForce=false`` (a plain ``git clean`` deletes untracked work), ``core.hooksPath``
    (git runs hooks from elsewhere), ``remote.X.push`` (a refspec every plain ``git push`` then
    pushes, ``+main`` forced)."""
    k = key.lower()
    if k == "clean.requireforce" and (value is None or unknown(value) or value.strip().lower() in _FALSE):
        return _inline(f"git {key}", "", "", f"{key}={value} lets a plain `git clean` delete untracked work without -f",
                       suspects={"discard"})
    if _code_path(k):
        return _inline(f"git {key}", "", "", f"{key} makes git run code the command does not show")
    if k.startswith("remote.") and k.endswith((".push", ".mirror")):
        return _inline(f"git {key}", "", "", f"{key} changes what every later `git push` pushes", suspects={"push"})
    if k == "push.default" and (value is None or unknown(value) or value.strip().lower() == "matching"):
        return _inline(f"git {key}", "", "", f"{key}={value} makes every later plain `git push` push each branch of "
                       "the same name on the remote, the protected ones too", suspects={"push"})
    return None


def _push_mode_changed(key: str, value: str | None) -> bool:
    """Configuration given for one push that sends it to a branch its refspecs do not name: a `push.default` other
    than `simple`/`current`/`nothing`, or an upstream (`branch.<name>.merge`) that `upstream` mode pushes to."""
    k = key.lower()
    if k == "push.default":
        return value is None or unknown(value) or value.strip().lower() not in ("simple", "current", "nothing")
    return k.startswith("branch.") and k.endswith(".merge")


EVERYTHING = frozenset({"push", "discard", "delete"})


def _unjudged(code: str) -> str:
    """Inline code without the string literals that are command lines judged on their own: those the code hands to a
    shell (``shell_calls``) and, when it reaches processes by other routes, the commands it holds as literals
    (``hidden.literal_commands``) — a literal is removed only when its whole text, or each of its lines, is such a
    command, so a word used any other way (``getattr(remote, "push")``) stays."""
    from statewise_cli.actions.hidden import decode_escapes, literal_commands, reaches_processes

    judged = {c.strip() for c in shell_calls(code)} if "(" in code else set()
    if reaches_processes(code):
        judged |= {c.strip() for c in literal_commands(code)}
    spans = [(start, end) for start, end, _ in _judged_argvs(code)]
    if spans:
        # an argv handed over whole as literals (`execvp("git", ["git", "push", …])`): judged as its command line
        for start, end in reversed(spans):
            code = code[:start] + "(" + " " * (end - start - 2) + ")" + code[end:]
    if not judged:
        return code

    def keep(m: Any) -> str:
        body = decode_escapes(m.group(2))
        lines = [ln.strip() for ln in body.splitlines() if ln.strip()]
        return '""' if lines and all(ln in judged for ln in lines) else m.group(0)

    from statewise_cli.actions.hidden import _LITERAL

    return _LITERAL.sub(keep, code)


def _inline(what: str, code: str, text: str, why: str = "", suspects: frozenset[str] | set[str] | None = None) -> Action:
    """Code run by an interpreter (``python -c``, ``node -e``, ``awk 'system(…)'``, ``sed 'e …'``) or by
    git, that the checks cannot follow: its flags say what a keyword screen of ``code`` suggests
    (everything when there is no code to read, or ``suspects`` when the caller knows better)."""
    if suspects is None:
        suspects = screen(code) if code else EVERYTHING
    return Action(tool="Bash", operation="shell.exec", risk="destructive" if suspects else "local-mutation",
                  target=what, arguments=(code[:500],), flags=frozenset(suspects), text=text,
                  unknown=why or f"{what} runs code the check cannot follow")


def _unparsed(command: str, text: str) -> Action:
    suspects = screen(command)
    return Action(tool="Bash", operation="shell.unparsed", risk=keyword_risk(command), text=text,
                  flags=frozenset(suspects), unknown="the command could not be parsed")


def _unparsed_paths(command: str) -> list[Action]:
    """The paths a line no parser reads names outside the repository or on a guard file, each a possible write (a
    redirection or a copy the check cannot see): every word of the line is looked at, however long it is."""
    words = dict.fromkeys(w for w in _screen_words(command)
                          if w.startswith(("/", "~/", "$HOME/", "${HOME}/", "../")) or w.rstrip("/").rsplit("/", 1)[-1]
                          in _GUARD_NAMES)
    return _fed_paths(" ".join(words), "a line no parser reads", command, set()) if words else []


def _unparsed_installs(command: str) -> list[Action]:
    """The package installs a line no parser reads names by its words (`npm install x`, `pip install y`, a manager
    given a subcommand only the shell knows): each is an install by that manager, so the package-manager check answers
    for it as for a parsed one (an unread line is no silent allow)."""
    words = _screen_words(command)
    found: list[Action] = []
    seen: set[str] = set()
    for k, word in enumerate(words[:-1]):
        name = word.rsplit("/", 1)[-1]
        if name not in _INSTALLERS or name in seen:
            continue
        rest = [w for w in words[k + 1:k + 6] if not w.startswith("-")]
        sub = rest[0] if rest else ""
        if sub in _INSTALLERS[name] or "$" in sub:
            seen.add(name)
            found.append(Action(tool="Bash", operation="pkg.install", risk="local-mutation", target=name,
                                arguments=tuple(words[k + 1:k + 6]), text=command, kind="install",
                                unknown="the command could not be parsed"))
    return found


_INSTALLERS = {
    "pip": ("install",), "pip3": ("install",), "uv": ("add", "sync", "pip"), "poetry": ("add", "install"),
    "pdm": ("add", "install"), "pipenv": ("install",), "npm": ("install", "i", "add", "ci"),
    "pnpm": ("add", "install", "i"), "yarn": ("add", "install"), "bun": ("add", "install", "i", "a"),
    # deno 2 installs a package.json's dependencies into node_modules; cnpm is npm against another registry
    "deno": ("add", "install", "i"), "cnpm": ("install", "i", "add", "ci"),
}
_RUNNERS = {
    "npm", "pnpm", "yarn", "bun", "npx", "pytest", "tox", "nox", "make", "just", "go", "cargo", "ruff", "black",
    "mypy", "pyright", "eslint", "prettier", "tsc", "jest", "vitest", "python", "python3", "uv", "poetry",
    "py.test", "mocha", "rspec", "ctest", "meson", "ninja", "deno", "node", "bazel", "zig", "bunx",
}
# Programs that compile and run one source file they are given (``go run f.go``, ``npx tsx f.ts``, ``deno run
# f.ts``), with the words before that file.
_PROGRAM_RUNNERS = {"go": ("run",), "deno": ("run",), "bun": ("run",), "ts-node": (), "tsx": (), "node": (),
                    "npx": ("ts-node", "tsx", "node"), "bunx": ("ts-node", "tsx"), "pnpm": ("exec", "dlx", "ts-node", "tsx"),
                    "yarn": ("ts-node", "tsx")}


def _program_operands(name: str, args: tuple[str, ...]) -> tuple[str, ...]:
    """The source files a program runner is given (``go run repro.go``, ``npx tsx repro.ts``), else ()."""
    words = _PROGRAM_RUNNERS.get(name)
    if words is None:
        return ()
    rest = [a for a in args if not a.startswith("-")]
    while rest and rest[0] in words:
        rest = rest[1:]
    if name in ("go", "deno") and len(rest) == len([a for a in args if not a.startswith("-")]):
        return ()  # `go test`, `go build`: not a run of a file
    return tuple(a for a in rest if a.endswith(_SCRIPT_EXT + _PROGRAM_EXT))
# JVM build tools: a test goal makes the call a test run; the action keeps its program's own operation
# (``shell.mvn``), which the tool premises read (``mvn`` where the project builds with ``./gradlew``)
_JVM_BUILDS = ("mvn", "mvnw", "gradle", "gradlew")
_GREP_OPTS_WITH_VALUE = {"-e", "-f", "-A", "-B", "-C", "-m", "-g", "-t", "-T", "--glob", "--type", "--type-not",
                         "--max-count", "--regexp", "--file", "--context", "--after-context", "--before-context"}
# Programs whose second operand is the file they write (options with a value given).
_SECOND_OPERAND_OUT: dict[str, set[str]] = {
    "xxd": {"-c", "-cols", "-g", "-groupsize", "-l", "-len", "-o", "-offset", "-s", "-seek", "-n", "-name"},
    "uniq": {"-f", "-s", "-w", "--skip-fields", "--skip-chars", "--check-chars"},
}
# Options whose value is a file or directory a program writes.
_WRITE_OPTIONS: dict[str, tuple[str, ...]] = {
    "tar": ("-C", "--directory", "--index-file", "-g", "--listed-incremental"), "unzip": ("-d",), "curl": ("-o", "--output", "--output-dir"),
    "wget": ("-O", "--output-document", "-P", "--directory-prefix", "-o", "--output-file", "-a", "--append-output"),
    "sort": ("-o", "--output"), "cp": ("-t", "--target-directory"), "mv": ("-t", "--target-directory"),
    "patch": ("-o", "--output"),
    "gcc": ("-o",), "cc": ("-o",), "go": ("-o",), "ssh-keygen": ("-f",), "zip": (), "split": (),
    "g++": ("-o",), "c++": ("-o",), "clang": ("-o",), "clang++": ("-o",), "rustc": ("-o",),
}
# The C preprocessor's options that take the next word as their value.
_CPP_VALUE_OPTIONS = {"-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-iprefix",
                      "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-MF", "-MT", "-MQ", "-x", "-A", "-Xpreprocessor"}
# Compilers: what their ``-o`` writes is a build product (flagged ``artifact``), never a change of the source.
_COMPILERS = frozenset({"gcc", "cc", "go", "g++", "c++", "clang", "clang++", "rustc"})
# Options whose value a program runs as a command.
_CODE_OPTIONS: dict[str, tuple[str, ...]] = {
    "tar": ("--to-command", "-I", "--use-compress-program", "--info-script", "--new-volume-script", "-F"),
    "rsync": ("-e", "--rsh", "--rsync-path"), "sort": ("--compress-program",),
    "zip": ("-TT", "--unzip-command"), "less": (), "man": ("-P", "--pager", "-H", "--html"),
    # the program run in place of ssh
    "scp": ("-S",), "sftp": ("-S",),
}


# Words that end a long option's name when its value is a program the command runs (`--strip-program=PATH`,
# `--foo-wrapper PATH`, `--use-askpass=PATH`): whatever the program, a path given there is run, not read.
_PROGRAM_OPTION_ENDS = ("-program", "-prog", "-command", "-cmd", "-wrapper", "-runner", "-linker", "-launcher",
                        "-interpreter", "-editor", "-pager", "-askpass", "-rsh", "-shell")


def _program_option_paths(args: tuple[str, ...]) -> list[str]:
    """The paths long options whose name says they name a program are given (``--strip-program=/tmp/x.sh``,
    ``--x-wrapper ./w``): run by the command, so read as the program they are; a system program or a bare name found
    on ``PATH`` is the toolchain's own."""
    out: list[str] = []
    for j, a in enumerate(args):
        if a == "--":
            break
        if not a.startswith("--"):
            continue
        opt, eq, value = a.partition("=")
        if not eq:
            nxt = args[j + 1] if j + 1 < len(args) else ""
            value = nxt if nxt.startswith(("/", "./", "../", "~/")) else ""
        if (opt.lower().endswith(_PROGRAM_OPTION_ENDS) and value.startswith(("/", "./", "../", "~/"))
                and not value.startswith(_SYSTEM_PREFIXES) and not any(c in value for c in " \t\n")
                and value not in out):
            out.append(value)
    return out[:8]


def _curl_file_uploads(args: tuple[str, ...]) -> list[str]:
    """``curl -T FILE file:///path`` (``--upload-file``, ``--url``): an upload to a ``file://`` URL writes that path."""
    if not (_option_values(args, ("-T", "--upload-file")) or any(a.startswith("--upload-file=") for a in args)):
        return []
    out = []
    for a in [*args, *_option_values(args, ("--url",))]:
        if a.lower().startswith("file://"):
            rest = a[7:]
            host, _, tail = rest.partition("/")
            # `file:///p`, `file://localhost/p`: the path; a host word the shell expands stays in (unknown)
            path = "/" + tail if host.lower() in ("", "localhost") else rest
            out.append(path.split("?", 1)[0].split("#", 1)[0] or "/")
    return out


def _option_values(args: tuple[str, ...], options: tuple[str, ...]) -> list[str]:
    """The values of ``options`` (``-o F``, ``-oF``, ``--output=F``, ``--output F``)."""
    out = []
    for j, a in enumerate(args):
        opt, eq, value = a.partition("=")
        if opt in options and opt.startswith("--") and eq:
            out.append(value)
        elif a in options and j + 1 < len(args):
            out.append(args[j + 1])
        elif len(a) > 2 and a[0] == "-" and a[1] != "-":  # `-oF`, and a cluster ending in it: `curl -so F`
            for k, letter in enumerate(a[1:], 1):
                if not letter.isalnum():
                    break  # a cluster is letters: `-Wl,-Map,/x/out` holds no `-o`
                if "-" + letter in options:
                    out.append(a[k + 1:] or (args[j + 1] if j + 1 < len(args) else ""))
                    break
    return [v for v in out if v and v != "-"]


_FILE_WRITES = ("rm", "mv", "cp", "tee", "touch", "mkdir", "chmod", "chown", "truncate", "ln", "dd", "rsync", "scp", "install")
_COPY_OPTS_WITH_VALUE = {"-e", "--rsh", "-m", "--mode", "-o", "--owner", "-g", "--group", "-t", "--target-directory",
                         "-S", "--suffix", "-P", "-i", "-F", "-l", "-J", "--exclude", "--include", "--filter", "-f",
                         "--exclude-from", "--include-from", "--files-from", "--chmod", "--chown", "--log-file",
                         "--backup-dir", "--partial-dir", "--temp-dir", "-T", "--timeout", "--port", "--bwlimit"}


# install(1)'s options that take a value: its `-T` is `--no-target-directory` (rsync's `-T DIR` is a temporary
# directory, scp's `-T` takes none either), so the copy tools' shared table would take install's source for it
_INSTALL_OPTS_WITH_VALUE = {"-m", "--mode", "-o", "--owner", "-g", "--group", "-t", "--target-directory", "-S",
                            "--suffix"}


def _copy_opts(name: str) -> set[str]:
    return _INSTALL_OPTS_WITH_VALUE if name == "install" else _COPY_OPTS_WITH_VALUE


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


def _fd_variable(word: str, text: str) -> bool:
    """``$name`` / ``${name}`` where the line binds ``name`` with a ``{name}>FILE`` (``{name}<``, ``{name}>&``)
    redirection: the shell stores the number of the descriptor it opened there, so ``>&$name`` duplicates it."""
    name = word[2:-1] if word.startswith("${") and word.endswith("}") else word[1:] if word.startswith("$") else ""
    if not name or not (name.replace("_", "a").isalnum() and not name[0].isdigit()):
        return False
    at = text.find("{" + name + "}")
    while at >= 0:
        after = text[at + len(name) + 2:at + len(name) + 3]
        if after in (">", "<"):
            return True
        at = text.find("{" + name + "}", at + 1)
    return False


def _prints_committed_version(argv: tuple[str, ...]) -> bool:
    """``git show REV:PATH``, ``git cat-file -p|blob REV:PATH|ID``: a program that prints a committed file's content."""
    if not argv or argv[0].rsplit("/", 1)[-1] != "git":
        return False
    sub, args = _git_subcommand(argv)
    operands = [a for a in args if not a.startswith("-")]
    if sub == "show":
        return any(":" in a for a in operands)
    if sub == "cat-file":
        return bool(operands) and (operands[0] == "blob" or "-p" in args) and any(":" in a or unknown(a) or
                                                                                  len(a) >= 7 for a in operands)
    return False


def _committed_version_writes(cmd: SimpleCommand, name: str, text: str) -> list[Action]:
    """A committed version written over a file (``git show HEAD:f > f``, ``git cat-file -p HEAD:f | tee f``) is a
    discard of that file's uncommitted changes, as ``git checkout -- f`` would be (appending with ``>>`` is not)."""
    if _prints_committed_version(cmd.argv):
        targets = [t for op, t in cmd.redirects if op in (">", ">|", "1>", "&>") and t in _redirect_writes(cmd, text)]
    elif cmd.stdin and _prints_committed_version(cmd.stdin):
        targets = [t for op, t in cmd.redirects if op in (">", ">|", "1>", "&>") and t in _redirect_writes(cmd, text)]
        if name in ("tee", "sponge") and not any(a in ("-a", "--append") for a in cmd.argv[1:]):
            targets += [a for a in cmd.argv[1:] if not a.startswith("-")]
        elif name == "dd":
            targets += [a[3:] for a in cmd.argv[1:] if a.startswith("of=") and "notrunc" not in " ".join(cmd.argv)]
    else:
        return []
    return [Action(tool="Bash", operation="git.overwrite", risk="destructive", target=t, arguments=("--", t), text=text,
                   flags=frozenset({"discard"}), pathspecs=(t,), cwd=cmd.cwd) for t in targets if t not in ("-",)]


def _reversed_diff(cmd: SimpleCommand, name: str, text: str) -> list[Action]:
    """``git diff -R | git apply``, ``git diff | git apply -R``, ``git diff | patch -R -p1``: the work tree's own changes
    applied in reverse undo them — a discard of the paths the diff covers, as ``git checkout -- PATHS`` would be."""
    diff = cmd.stdin
    if not diff or diff[0].rsplit("/", 1)[-1] != "git":
        return []
    sub, dargs = _git_subcommand(diff)
    if sub != "diff" or any(a in ("--cached", "--staged") or (not a.startswith("-") and a not in ("HEAD", "--")
                                                                and "--" not in dargs) for a in dargs):
        return []  # the index's changes, or another revision's: not the work tree's own changes
    if name == "git":
        asub, aargs = _git_subcommand(cmd.argv)
        if asub != "apply" or any(a in ("--check", "--stat", "--numstat", "--summary", "--cached") for a in aargs):
            return []
    else:
        aargs = list(cmd.argv[1:])
        if any(a in ("--dry-run",) for a in aargs):
            return []
    reversed_diff = any(a in ("-R", "--reverse") for a in dargs)
    reversed_apply = any(a in ("-R", "--reverse") or (a[:1] == "-" and a[1:2] != "-" and "R" in a[1:]) for a in aargs)
    if reversed_diff == reversed_apply:
        return []
    paths = tuple(dargs[dargs.index("--") + 1:]) if "--" in dargs else ()
    return [Action(tool="Bash", operation="git.overwrite", risk="destructive", target=None, arguments=("--", *paths),
                   text=text, flags=frozenset({"discard"} | (set() if paths else {"all"})), pathspecs=paths,
                   cwd=cmd.cwd)]


def _redirect_writes(cmd: SimpleCommand, text: str = "") -> list[str]:
    """The files a command's redirections open for writing: every operator with ``>`` in it (``>``, ``>>``,
    ``>|``, ``&>``, ``&>>``, ``>&FILE``, with or without an fd number) and ``<>`` (read-write, creates the file);
    ``>&2`` / ``>&-`` / ``>&$fd`` (a descriptor the line opened with ``{fd}>``) duplicate or close a descriptor and
    write no file."""
    out = []
    for op, t in cmd.redirects:
        if not (">" in op or op == "<>") or op.startswith("<<") or t in ("/dev/null", "/dev/stdout", "/dev/stderr"):
            continue
        if t.startswith("&") or (op in (">&", "<&") and (t.isdigit() or t in ("-", "") or t.rstrip("-").isdigit())):
            continue
        if op in (">&", "<&") and _fd_variable(t.rstrip("-"), text):
            continue
        out.append(t)
    return out


def _file_actions(cmd: SimpleCommand, name: str, args: tuple[str, ...], text: str) -> list[Action]:
    """Shell file mutations: one action per path written, moved or deleted."""
    writes = _redirect_writes(cmd, text)
    actions: list[Action] = []
    if name == "rm":
        options = args[:args.index("--")] if "--" in args else args
        recursive = any(_short(a, "rR") or _long(a, "--recursive") for a in options)
        paths, why, pattern = _operands(args, set()), "", None
        if "xargs" in cmd.wrappers and cmd.stdin:  # the paths arrive on the pipe (known ones were appended)
            given, why, pattern = _piped_paths(cmd.stdin)
            paths = [p for p in paths if p != "{}" and p != STDIN_WORD] + given
            if cmd.stdin[0].rsplit("/", 1)[-1] in ("find", "fd"):
                recursive = True  # every file find lists under its roots: a delete of the roots, by name
        for path in paths:  # `rm -rf` with no operand deletes nothing
            actions.append(Action(tool="Bash", operation="file.delete", risk="destructive" if recursive else "local-mutation",
                                  target=path, arguments=args, flags=frozenset({"recursive"} if recursive else ()), text=text,
                                  unknown=why if path == "?" else "", pattern=pattern))
    elif name in ("mv", "cp") and _option_values(args, ("-t", "--target-directory")):
        dest = _option_values(args, ("-t", "--target-directory"))[0]
        sources = _operands(args, {"-t", "--target-directory", "-S", "--suffix"})
        for path in sources:
            actions.append(Action(tool="Bash", operation=f"file.{'move' if name == 'mv' else 'copy'}", risk="local-mutation",
                                  target=path, arguments=(path, dest), text=text))
        actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=dest, arguments=args, text=text))
        actions += _landed(name, args, sources, dest, True, text)
    elif name in ("mv", "cp") and len(_paths(args)) >= 2:
        paths = _paths(args)
        for path in paths[:-1]:
            actions.append(Action(tool="Bash", operation=f"file.{'move' if name == 'mv' else 'copy'}", risk="local-mutation",
                                  target=path, arguments=(path, paths[-1]), text=text))
        actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=paths[-1], arguments=args, text=text))
        actions += _landed(name, args, paths[:-1], paths[-1], len(paths) > 2, text)
    elif name == "sed" and any(a.startswith(("-i", "--in-place")) for a in args):
        script = any(a in ("-e", "--expression", "-f", "--file") or a.startswith("--expression=") for a in args)
        # the first operand is the script, even an empty one (`sed -i '' FILE`: GNU reads '' as the script that
        # prints nothing under -n; BSD as the backup suffix): the operands after it are the files rewritten
        operands = list(_operands(args, {"-e", "--expression", "-f", "--file", "-l"}))
        scripts = [args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-e", "--expression")] if script else operands[:1]
        files = [a for a in (operands if script else operands[1:]) if a]
        body = "\n".join(filter(None, map(_sed_body, scripts)))
        for path in files:
            actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args,
                                  text=text, kind="edit", paths=(path,), body=body))
    elif name == "tee":
        writes = writes + _paths(args)
    elif name == "sed" and _sed_writes(args):
        writes = writes + _sed_writes(args)
    elif name in ("shred", "unlink"):
        # shred overwrites (with -u also deletes) each file; unlink deletes one
        remove = name == "unlink" or any((a[:1] == "-" and a[1:2] != "-" and "u" in a) or a.startswith("--remove")
                                         for a in args)
        for path in _operands(args, {"-n", "--iterations", "-s", "--size", "--random-source"}):
            actions.append(Action(tool="Bash", operation="file.delete" if remove else "file.write", risk="local-mutation",
                                  target=path, arguments=args, text=text))
    elif name == "dd":
        writes = writes + [a[3:] for a in args if a.startswith("of=")]
    elif name in ("perl", "ruby") and _perl_in_place(args) is not None:
        writes = writes + list(_perl_in_place(args) or ())  # `perl -i -pe … FILE` rewrites FILE
    elif name in _EDITORS:
        writes = writes + _editor_writes(cmd, name, args)
    elif name in ("awk", "gawk") and _awk_in_place(args):
        writes = writes + _awk_in_place(args)
    elif name == "sponge":
        writes = writes + _operands(args, set())[:1]
    elif name in _SECOND_OPERAND_OUT:  # `xxd [-r] IN OUT`, `uniq IN OUT`: the second operand is the output file
        writes = writes + [p for p in _operands(args, _SECOND_OPERAND_OUT[name])[1:2] if p != "-"]
    elif name == "split":  # `split [opts] INPUT PREFIX`: writes PREFIXaa, PREFIXab, …
        operands = _operands(args, {"-a", "-b", "-C", "-l", "-n", "-t", "--additional-suffix", "--filter",
                                    "--suffix-length", "--bytes", "--line-bytes", "--lines", "--number"})
        suffix = (_option_values(args, ("--additional-suffix",)) + [a.partition("=")[2] for a in args
                                                                   if a.startswith("--additional-suffix=")] + [""])[0]
        writes = writes + [p + "aa" + suffix for p in operands[1:2]]  # the suffix decides what kind of file it is
    elif name == "csplit":  # `csplit -f PREFIX …`: PREFIX00, PREFIX01, … (xx00 in its directory without -f)
        writes = writes + ([p + "00" for p in _option_values(args, ("-f", "--prefix"))] or ["xx00"])
    elif name in _WRITE_OPTIONS:
        writes = writes + _option_values(args, _WRITE_OPTIONS[name])
        if name == "tar":
            writes = writes + _tar_archive_written(args)
        if name == "curl":
            writes = writes + _curl_file_uploads(args)
        if name == "tar" and not any(a in ("-x", "--extract", "--get") or (a[:1] == "-" and a[1:2] != "-" and "x" in a)
                                     or (a[:1] not in "-" and a is args[0] and "x" in a) for a in args):
            writes = [w for w in writes if w not in _option_values(args, ("-C", "--directory"))]  # -C only extracts there
    elif name in ("rsync", "scp", "install") and (len(_operands(args, _copy_opts(name))) >= 2
                                                  or _option_values(args, ("-t", "--target-directory"))):
        into = _option_values(args, ("-t", "--target-directory"))
        dest = (into or _operands(args, _copy_opts(name)))[-1]
        if not (name != "install" and ":" in dest.split("/", 1)[0]):  # `host:path` is another machine
            writes = writes + [dest]
            if name == "rsync":
                actions += _rsync_tree(args, dest, text)
            elif name == "install" and not any(_short(a, "d") or _long(a, "--directory") for a in args):
                sources = _operands(args, _copy_opts(name))[:None if into else -1]
                actions += _landed(name, args, sources, dest, bool(into) or len(sources) > 1, text)
    elif name == "ln":  # `ln [-s] TARGET… LINK`: only the link (or -t DIR, or a TARGET's name here) is written
        link_dir = _option_values(args, ("-t", "--target-directory"))
        operands = _operands(args, {"-t", "--target-directory", "-S", "--suffix"})
        written = link_dir or (operands[-1:] if len(operands) > 1 else [os.path.basename(p.rstrip("/")) for p in operands])
        for path in written:
            actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args, text=text))
        if link_dir or len(operands) > 2 or (len(operands) == 2 and operands[-1].endswith("/")):
            # into a directory (`-t DIR`, several targets, `DIR/`); `ln -s TARGET LINK` makes LINK itself (a link the
            # line makes is not a directory to land in)
            actions += _landed(name, args, operands if link_dir else operands[:-1], (link_dir or operands)[-1],
                               True, text)
    elif name in ("touch", "mkdir", "chmod", "chown", "truncate"):
        for path in _paths(args)[(1 if name in ("chmod", "chown") else 0):]:
            actions.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args,
                                  text=text, flags=frozenset({"mkdir"}) if name == "mkdir" else frozenset()))
    for path in writes:
        action = Action(tool="Bash", operation="file.write", risk="local-mutation", target=path, arguments=args,
                        text=text, **_written(path, cmd, name))
        if name in _COMPILERS and path in _option_values(args, ("-o",)):
            action = action.replace(flags=action.flags | {"artifact"})
        actions.append(action)
    return actions


def _landed(name: str, args: tuple[str, ...], sources: list[str], dest: str, into_directory: bool,
            text: str) -> list[Action]:
    """Where a copy, move, install or link puts each source when its destination is a directory: ``DEST/NAME`` (a
    directory given by ``-t``, several sources, a destination ending in ``/``, or one already there: the check
    judges both readings). A directory copied by its contents (``cp -a SRC/. DEST``, ``cp -r SRC DEST``) lands member
    by member, read like a tree synced there: one the line fills first cannot be listed (the protected answer where
    the guard's files live)."""
    if not dest or "$" in dest or "`" in dest:
        return []
    recursive = name in ("cp", "mv") and any(_short(a, "rRa") or _long(a, "--recursive", "--archive") for a in args
                                             if not a.startswith("--target"))
    # `-T` (`--no-target-directory`): DEST is never a directory to copy into; a directory source becomes DEST itself
    whole = name in ("cp", "mv", "install", "ln") and any(
        _short(a, "T") or a == "--no-target-directory" for a in args)
    out: list[Action] = []
    for src in sources:
        base = os.path.basename(src.rstrip("/"))
        if src in ("-", "") or "$" in src or "`" in src:
            continue
        if any(c in base for c in "*?[") and not any(c in os.path.dirname(src) for c in "*?[$`"):
            out.extend(_globbed_sources(src, dest, recursive, args, text))
            continue
        if recursive and not into_directory and not dest.endswith("/") and base not in (".", ""):
            # `cp -r SRC DEST` with DEST absent (or `-T`): DEST becomes a copy of SRC, its members land as DEST/NAME
            # (a guard directory that is not there yet is made from SRC's tree)
            out.append(Action(tool="Bash", operation="file.extract", risk="local-mutation", target=src,
                              arguments=(dest,), text=text, flags=frozenset({"overwrite"})))
            if whole:
                continue
        if recursive and (base in (".", "") or src.endswith("/")):
            out.append(Action(tool="Bash", operation="file.extract", risk="local-mutation", target=src, arguments=(dest,),
                              text=text, flags=frozenset({"overwrite"})))
            continue
        if base in (".", ".."):
            continue
        if into_directory or dest.endswith("/") or os.path.isdir(dest) or not dest.startswith("/"):
            # a relative destination may be a directory where the command runs: both readings are judged
            out.append(Action(tool="Bash", operation="file.write", risk="local-mutation",
                              target=dest.rstrip("/") + "/" + base, arguments=args, text=text))
        if recursive:
            out.append(Action(tool="Bash", operation="file.extract", risk="local-mutation", target=src,
                              arguments=(dest.rstrip("/") + "/" + base,), text=text, flags=frozenset({"overwrite"})))
    return out


def _globbed_sources(src: str, dest: str, recursive: bool, args: tuple[str, ...], text: str) -> list[Action]:
    """``cp DIR/* DEST``: the names the pattern matches in DIR now, each landing as DEST/NAME (the shell's rule: a
    leading dot only where the pattern spells it). A DIR the same line names again (fills first) cannot be listed:
    what lands in DEST is not known — the protected answer where the guard's files live."""
    import glob

    where = os.path.dirname(src) or "."
    # the listing holds only for a copy that is the whole line: another command before it may fill the directory
    # under another spelling (`d=/tmp/b/emp; … > ${d}ty/x`), change the directory the pattern is read in (`cd`), or
    # the shell's options (`shopt -s dotglob`)
    alone = not any(c in text for c in ";&|\n<>`$()") and text.lstrip().split(None, 1)[:1] in (["cp"], ["mv"],
                                                                                                ["install"], ["ln"])
    if not alone or _mentions(text, os.path.basename(where.rstrip("/")) or where) > 1 or unknown(where):
        return [Action(tool="Bash", operation="file.operand", risk="local-mutation", target=dest, arguments=("cp",),
                       text=text, flags=frozenset({"tree", "overwrite", "members-unknown"}))]
    out: list[Action] = []
    full = os.path.join(os.getcwd(), os.path.expanduser(src))
    # hidden names too: the session's shell may have `dotglob` set
    for match in sorted(set(glob.glob(full)) | set(glob.glob(full, include_hidden=True)))[:1000]:
        name = os.path.basename(match)
        out.append(Action(tool="Bash", operation="file.write", risk="local-mutation",
                          target=dest.rstrip("/") + "/" + name, arguments=args, text=text))
        if recursive and os.path.isdir(match):
            out.append(Action(tool="Bash", operation="file.extract", risk="local-mutation", target=match,
                              arguments=(dest.rstrip("/") + "/" + name,), text=text, flags=frozenset({"overwrite"})))
    return out


def _rsync_tree(args: tuple[str, ...], dest: str, text: str) -> list[Action]:
    """``rsync -a SRC/ DEST/``: each source (a directory, when it is one) is written into DEST member by member (the
    check lists it like an archive), over what is there; ``--delete`` also removes what DEST holds beyond it."""
    sources = [a for a in _operands(args, _COPY_OPTS_WITH_VALUE)[:-1] if ":" not in a.split("/", 1)[0]]
    over = frozenset({"overwrite"}) if _overwrites("rsync", args) else frozenset()
    deletes = any(a.startswith("--delete") or a == "--del" for a in args)
    out: list[Action] = []
    for src in sources:
        into = dest if src.endswith("/") else dest.rstrip("/") + "/" + src.rstrip("/").rsplit("/", 1)[-1]
        out.append(Action(tool="Bash", operation="file.extract", risk="local-mutation", target=src.rstrip("/") or "/",
                          arguments=(into,), text=text, flags=over | ({"delete"} if deletes else set())))
        if deletes:  # what DEST holds beyond the source is deleted: the guard's files among them
            out.append(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=into,
                              arguments=("rsync",), text=text, flags=frozenset({"tree", "overwrite", "delete",
                                                                                 "members-unknown"})))
    return out


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
    elif name == "head":
        lines = _head_lines(args)
    files = [a for a in operands if a and a != "-" and not _line_count(a)]
    if "xargs" not in cmd.wrappers:  # `xargs cat < list`: the list is xargs' input, not a file read
        files += [t for op, t in cmd.redirects if op == "<" and not t.startswith("__HEREDOC_")]
    if not files:
        return {}
    return {"kind": "read", "paths": tuple(files), "lines": lines}


def _head_lines(args: tuple[str, ...]) -> tuple[int, int] | None:
    """``head`` shows the first N lines (10 unless ``-n N`` / ``-nN`` / ``-N`` / ``--lines=N`` says
    otherwise); None for byte counts and ``-n -N`` (all but the last N)."""
    count = "10"
    for i, a in enumerate(args):
        if a in ("-n", "--lines") and i + 1 < len(args):
            count = args[i + 1]
        elif a.startswith("--lines="):
            count = a[8:]
        elif a.startswith("-n") and len(a) > 2:
            count = a[2:]
        elif a[:1] == "-" and a[1:].isdigit():
            count = a[1:]
        elif a in ("-c", "--bytes") or a.startswith(("-c", "--bytes=")):
            return None
    return (1, int(count)) if count.isdigit() and int(count) > 0 else None


def _line_count(arg: str) -> bool:
    numbers = arg.removesuffix("p")
    return bool(numbers) and all(part.isdigit() for part in numbers.split(","))


_SED_TEXT = Pattern(r"(?s)^\s*(?:\$|\d+(?:,\d+)?|/(?:[^/\\]|\\.)*/)?\s*([iac])\\?\s*(.*)$")
_SED_SUB = Pattern(r"(?s)^\s*(?:\d+(?:,\d+)?|/(?:[^/\\]|\\.)*/)?\s*s(.)(.*?)\1(.*?)\1[gIpi0-9]*\s*$")


def _sed_body(script: str) -> str:
    """What an in-place sed script changes, as ``-``/``+`` lines: the text it inserts, appends or puts
    instead (``i``, ``a``, ``c``), or both sides of a substitution; "" when it cannot tell."""
    sub = _SED_SUB.match(script)
    if sub:
        return f"-{sub.group(2)}\n+{sub.group(3)}"
    m = _SED_TEXT.match(script)
    if m:
        return "\n".join("+" + ln for ln in m.group(2).replace("\\n", "\n").splitlines())
    return ""


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


_PATCH_LIMIT = 256 * 1024


def _applied_paths(cmd: SimpleCommand, args: list[str], shown: tuple[str, ...]) -> tuple[str, ...]:
    """The files ``git apply`` writes: those the patch names (its text on the command line, or a patch file that
    exists now), under ``--directory=DIR``. A patch that cannot be read with a ``--directory`` writes under DIR."""
    from statewise_cli.actions.diff import diff_files

    directory = ""
    strip = 1
    files: list[str] = []
    for i, a in enumerate(args):
        if a.startswith("--directory="):
            directory = a.partition("=")[2]
        elif a == "--directory" and i + 1 < len(args):
            directory = args[i + 1]
        elif a.startswith("-p") and a[2:].isdigit():
            strip = int(a[2:])
        elif not a.startswith("-") and (i == 0 or args[i - 1] not in ("--directory", "--exclude", "--include")):
            files.append(a)
    paths = list(shown)
    if not cmd.heredocs:
        piped = _piped_text(cmd) if not files else None
        for body in _patch_files_read(cmd, files) + ([piped] if piped else []):
            paths += [path for path, _ in diff_files(body, strip)]  # a deleted file is written too
    if directory:
        if not paths:
            return (directory.rstrip("/") + "/",)
        return tuple(os.path.join(directory, p) for p in paths)
    return tuple(paths)


def _memory_name(path: str) -> bool:
    """Whether a path names a memory file (``CLAUDE.md``, ``CLAUDE.local.md``, ``AGENTS.md``, ``AGENTS.override.md`` in
    any directory, ``.claude/rules/**/*.md``)."""
    name = path.replace(os.sep, "/").rsplit("/", 1)[-1]
    return name in ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md") or (
        "/.claude/rules/" in "/" + path.replace(os.sep, "/") and name.endswith(".md"))


def _git_apply_hunks(cmd: SimpleCommand, args: list[str], reverse: bool) -> dict[str, str]:
    """The lines ``git apply`` writes into each file, read from the patch on the command line or a patch file that
    exists now (``_patch_hunks``); empty when any patch file cannot be read."""
    strip = next((int(a[2:]) for a in args if a.startswith("-p") and a[2:].isdigit()), 1)
    directory = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == "--directory"), "")
    directory = directory or next((a.partition("=")[2] for a in args if a.startswith("--directory=")), "")
    files = [a for i, a in enumerate(args) if not a.startswith("-")
             and (i == 0 or args[i - 1] not in ("--directory", "--exclude", "--include"))]
    files += [t for op, t in cmd.redirects if op == "<"]
    piped = _piped_text(cmd) if not files else None
    bodies = list(cmd.heredocs) + _patch_files_read(cmd, files) + ([piped] if piped else [])
    if len(bodies) != len(cmd.heredocs) + len(files) + (1 if piped else 0) or unknown(directory):
        return {}
    hunks: dict[str, str] = {}
    for body in bodies:
        for path, lines in _patch_hunks(body, strip, reverse).items():
            key = os.path.join(directory, path) if directory else path
            hunks[key] = (hunks.get(key, "") + "\n" + lines).strip("\n")
    return hunks


def _patch_hunks(diff: str, strip: int, reverse: bool) -> dict[str, str]:
    """Per file a unified diff changes, its hunk lines as the file will see them (``+`` added, ``-`` removed; a patch
    applied in reverse swaps the two): the lines a patch program writes into each file."""
    from statewise_cli.actions.diff import _diff_path

    out: dict[str, list[str]] = {}
    current: str | None = None
    old: str | None = None
    for line in diff.splitlines():
        if line.startswith("--- "):
            old = _diff_path(line, strip)
            continue
        if line.startswith("+++ "):
            new = _diff_path(line, strip)
            current = (old if reverse and old else new) or old
            if current is not None:
                out.setdefault(current, [])
            continue
        if current is not None and line[:1] in ("+", "-"):
            tag = line[:1] if not reverse else {"+": "-", "-": "+"}[line[:1]]
            out[current].append(tag + line[1:])
    return {k: "\n".join(v) for k, v in out.items()}


# Files written earlier on the line being normalized, with the text the line shows (None: text it does not show);
# set by normalize_shell for the patch programs that read them.
_LINE_TEXTS: dict[str, str | None] = {}


def _piped_text(cmd: SimpleCommand) -> str | None:
    """The text ``echo``/``printf`` pipe into the command (``printf -- '--- a/x…' | git apply``), when it shows it."""
    if not cmd.stdin or cmd.stdin[0].rsplit("/", 1)[-1] not in ("printf", "echo"):
        return None
    # (a word the shell computes stays in the text as written: a name or a line it holds is judged as unknown there;
    # a backtick inside single quotes is plain text)
    return _text_written(SimpleCommand(argv=cmd.stdin))


def _patch_files_read(cmd: SimpleCommand, files: list[str]) -> list[str]:
    """The text of the patch files that exist now (bounded), in order; an unreadable or unknown one is left out."""
    bodies = []
    for f in files:
        if not f or f == "-" or unknown(f) or unknown(cmd.cwd):
            continue
        full = os.path.expanduser(f) if f.startswith(("/", "~")) or not cmd.cwd else os.path.join(cmd.cwd, f)
        key = os.path.normpath(full)
        if key in _LINE_TEXTS:
            # written earlier on the same line: its text is what the line shows, or unknown
            shown = _LINE_TEXTS[key]
            if shown is not None:
                bodies.append(shown)
            continue
        try:
            if os.path.getsize(full) > _PATCH_LIMIT:
                continue
            with open(full, encoding="utf-8", errors="replace") as fh:
                bodies.append(fh.read())
        except OSError:
            continue
    return bodies


def _patch_program(cmd: SimpleCommand, args: tuple[str, ...], text: str) -> list[Action] | None:
    """GNU/BSD ``patch`` reading its patch from a file (``-i F``, ``< F``, ``cat F |``, the second operand) or a
    heredoc: one edit per file the patch changes, carrying the lines it writes there (a memory file's new lines are
    judged like any write's; a guard file is a guard write), and — applied in reverse (``-R``) — a discard of those
    files' uncommitted changes. A patch file that cannot be read now, applied in reverse, undoes files that cannot be
    known. None when the patch comes from elsewhere (a pipe from another program: judged as before)."""
    with_value = {"-i", "--input", "-p", "--strip", "-o", "--output", "-d", "--directory", "-D", "--ifdef", "-r",
                  "--reject-file", "-z", "--suffix", "-V", "--version-control", "-B", "--prefix", "-Y",
                  "--basename-prefix", "-F", "--fuzz", "-g", "--get", "--quoting-style"}
    files = [args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-i", "--input")]
    files += [a.partition("=")[2] for a in args if a.startswith("--input=")]
    files += [a[2:] for a in args if a.startswith("-i") and len(a) > 2 and not a.startswith("--")]
    files += [t for op, t in cmd.redirects if op == "<"]
    operands = _operands(args, with_value)
    files += operands[1:2]
    if cmd.stdin and cmd.stdin[0].rsplit("/", 1)[-1] in _OPERAND_SOURCES:
        files += [a for a in cmd.stdin[1:] if not a.startswith("-")]
    if not files and not cmd.heredocs and _piped_text(cmd) is None:
        return None
    reverse = any(a in ("-R", "--reverse") or (a[:1] == "-" and a[1:2] != "-" and "R" in a[1:] and a[1:2] not in
                                                 "ipodDrzVBYFg") for a in args)
    strip_given = any(a.startswith(("-p", "--strip")) for a in args)
    strip = _patch_strip(args)
    directory = next((args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-d", "--directory")), "")
    directory = directory or next((a.partition("=")[2] for a in args if a.startswith("--directory=")), "")
    piped = _piped_text(cmd)
    if piped is not None and not files:
        files = ["-"]
    bodies = list(cmd.heredocs) + _patch_files_read(cmd, files) + ([piped] if piped else [])
    hunks: dict[str, str] = {}
    for body in bodies:
        for path, lines in _patch_hunks(body, strip, reverse).items():
            hunks[path] = (hunks.get(path, "") + "\n" + lines).strip("\n")
        if not strip_given:
            # no `-p`: patch may take the name whole or its last component (GNU patch tries them in turn)
            for path, lines in _patch_hunks(body, 99, reverse).items():
                hunks.setdefault(path, lines)
    if operands[:1] and hunks:
        hunks = {operands[0]: "\n".join(hunks.values())}  # `patch FILE PATCH`: every hunk goes into FILE
    if directory and not unknown(directory):
        hunks = {os.path.join(directory, p): b for p, b in hunks.items()}
    elif directory:
        hunks = {}
    out = [Action(tool="Bash", operation="shell.patch", risk="local-mutation", arguments=args, text=text, kind="edit",
                  paths=(path,), body=body, cwd=cmd.cwd) for path, body in list(hunks.items())[:64]]
    if reverse:
        paths = tuple(hunks) if hunks and len(bodies) == len(files) + len(cmd.heredocs) else ("$(the patch's files)",)
        out.append(Action(tool="Bash", operation="git.overwrite", risk="destructive", target=None,
                          arguments=("--", *paths), text=text, flags=frozenset({"discard"}), pathspecs=paths,
                          cwd=cmd.cwd))
    if not hunks:
        out.insert(0, Action(tool="Bash", operation="shell.patch", risk="local-mutation", arguments=args, text=text,
                             kind="edit", paths=tuple(operands[:1]), cwd=cmd.cwd))
    return out


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


# Editors that an agent can only run as a script (``vim -es -c … FILE``, ``ed -s FILE <<< …``): every file they are
# given may be written, and so may a file their commands name (``w OTHER``, ``saveas``).
_EDITORS = {"vim", "vi", "nvim", "ex", "view", "rview", "rvim", "vimdiff", "ed", "red", "emacs", "nano", "joe", "mg", "micro", "kak"}
_EDITOR_VALUE = {"-c", "--cmd", "-S", "-s", "-u", "-U", "-i", "-T", "-w", "-W", "-t", "-q", "-r", "--servername",
                 "--remote", "-l", "--load", "--eval", "-f", "--funcall", "-p", "--startuptime", "-x", "--script"}


def _editor_script(cmd: SimpleCommand, name: str, args: tuple[str, ...]) -> list[str]:
    """The editor commands a call runs: ``-c``/``--cmd``/``+CMD``, ``--eval`` and (ed, ex) its input."""
    parts = [args[j + 1] for j, a in enumerate(args[:-1]) if a in ("-c", "--cmd", "--eval")]
    parts += [a[1:] for a in args if a.startswith("+") and len(a) > 1]
    if name in ("ed", "red", "ex") or "-e" in args or "-es" in args or "-s" in args:
        parts += list(cmd.heredocs) + [t for op, t in cmd.redirects if op == "<<<"]
        piped = _piped_script(cmd)
        if piped:
            parts.append(piped)
    return [p for part in parts for p in part.replace("|", "\n").split("\n") if p.strip()]


def _piped_script(cmd: SimpleCommand) -> str | None:
    """The text ``printf``/``echo`` of literal words pipes into the command (``printf '%s\\n' ',p' q | ed -s F``)."""
    if not cmd.stdin:
        return None
    from statewise_cli.actions.shell import _stdin_text

    text = _stdin_text(cmd.stdin)
    return None if text is None or unknown(text) else text


# ex/ed commands that write the buffer (to the file, or to the one they name)
_EX_WRITE_VERBS = ("w", "write", "wq", "x", "xit", "sav", "saveas", "wa", "wall", "up", "update", "W", "wn")
_ED_WRITES = _EX_WRITE_VERBS + ("exi", "exit")


def _shown_script_writes_nothing(cmd: SimpleCommand, name: str, args: tuple[str, ...]) -> bool:
    """``ed``/``red`` (or ``ex``) whose whole script the line shows — a here-string, a here-document or literal text
    piped in, and no ``-c`` / ``+CMD`` — and holds no write command (``w``, ``wq``, ``x``, …): the files it is given
    are only read (``printf '%s\\n' ',p' q | ed -s F`` prints F). Vim in silent Ex mode (``vim -es``, ``vimdiff
    -es``, ``nvim -es``) likewise when every command is given by ``-c`` / ``+CMD``, each one prints or compares, and the
    last one quits (standard input is never read, no vimrc or script file is loaded): ``vimdiff -es -c 'qa!' A B``."""
    if name in ("vim", "vi", "nvim", "vimdiff", "view", "rvim", "rview"):
        return _vim_batch_reads_only(cmd, args)
    if name not in ("ed", "red", "ex") or any(a in ("-c", "--cmd") or (a.startswith("+") and len(a) > 1) for a in args):
        return False
    shown = list(cmd.heredocs) + [t for op, t in cmd.redirects if op == "<<<"]
    if cmd.stdin:
        piped = _piped_script(cmd)
        if piped is None:
            return False
        shown.append(piped)
    if not shown or any(unknown(t) or not isinstance(t, str) for t in shown) or any(op == "<" for op, _ in cmd.redirects):
        return False  # a script read from a file (`ed F < script`) is not shown
    for line in (p for part in shown for p in part.split("\n") if p.strip()):
        verb = _ex_command(line).split(" ", 1)[0]
        if verb.rstrip("!") in _ED_WRITES or verb[:1] == "w":
            return False
    return True


# ed(1) commands that change the buffer only with the script's own text, print, or write it back to the file it read
_ED_OWN_TEXT = frozenset({"a", "i", "c", "d", "j", "m", "t", "p", "n", "l", "=", "k", "w", "wq", "q", "Q", "H", "h", "P",
                          "u"})


def _ed_edits_with_shown_text(cmd: SimpleCommand, args: tuple[str, ...]) -> bool:
    """``ed``/``red``/``ex`` whose whole script is shown (a here-string, a here-document or literal text piped in; no
    ``-c`` / ``+CMD``) and holds only commands of :data:`_ED_OWN_TEXT` or a substitution (``s/x/y/``): no ``r FILE``,
    ``e FILE``, ``!cmd``, ``W FILE``, ``w FILE`` or global command brings in text from elsewhere or writes elsewhere."""
    if any(a in ("-c", "--cmd") or (a.startswith("+") and len(a) > 1) for a in args):
        return False
    shown = list(cmd.heredocs) + [t for op, t in cmd.redirects if op == "<<<"]
    if cmd.stdin:
        piped = _piped_script(cmd)
        if piped is None:
            return False
        shown.append(piped)
    if not shown or any(not isinstance(t, str) or unknown(t) for t in shown) or any(op == "<" for op, _ in cmd.redirects):
        return False
    inserting = False
    for line in (p for part in shown for p in part.split("\n")):
        if inserting:
            inserting = line != "."
            continue
        if not line.strip():
            continue
        verb = _ex_command(line).strip()
        if verb[:1] == "s" and len(verb) > 1 and not verb[1].isalnum() and verb[1] not in " \\\n":
            continue  # s/x/y/[flags]: the buffer's own text changed by the line's
        if verb not in _ED_OWN_TEXT:
            return False
        inserting = verb in ("a", "i", "c")
    return not inserting


# Ex commands that only quit, print or compare (`qa!`, `%p`, `diffupdate`): no write, no shell, no expression
_EX_QUITS = frozenset({"q", "q!", "qa", "qa!", "qall", "qall!", "quit", "quit!", "quita", "quitall", "quitall!", "cq",
                       "cq!", "cquit", "cquit!"})
_EX_PRINTS = frozenset({"p", "print", "nu", "number", "l", "list", "=", "#", "z", "diffupdate", "diffthis", "diffoff",
                        "windo diffthis", "set nomore", "set more"})


def _vim_batch_reads_only(cmd: SimpleCommand, args: tuple[str, ...]) -> bool:
    """Vim in silent Ex mode whose whole script is its ``-c`` / ``+CMD`` commands, each a print or a comparison and
    the last a quit: the files it is given are read."""
    if not any(a in ("-es", "-Es") or (a == "-s" and ("-e" in args or "-E" in args)) for a in args):
        return False
    if cmd.stdin or cmd.heredocs or any(op in ("<<<", "<") for op, _ in cmd.redirects):
        return False  # standard input carries Ex commands too
    script: list[str] = []
    for j, a in enumerate(args):
        if a in ("-u", "-U", "-S", "-W", "-w", "--cmd", "-i", "--startuptime", "-T", "-q", "-t") \
                or a.startswith(("--cmd=", "-S", "-W", "-w", "--startuptime=")):
            if a in ("-u", "-U") and args[j + 1:j + 2] == ("NONE",):
                continue
            if a == "-i" and args[j + 1:j + 2] == ("NONE",):
                continue
            return False  # a file loaded as a script, a file written, a command run before the files load
        if a == "-c" and j + 1 < len(args):
            script.append(args[j + 1])
        elif a.startswith("+") and len(a) > 1:
            script.append(a[1:])
    if not script or any(unknown(s) for s in script):
        return False
    lines = [_ex_command(p).strip() for s in script for p in s.split("\n") if p.strip()]
    if not lines or any("|" in ln for ln in lines):
        return False
    if lines[-1] not in _EX_QUITS:
        return False  # it would go on to read commands from standard input
    return all(ln in _EX_QUITS or ln in _EX_PRINTS for ln in lines)


def _ex_command(line: str) -> str:
    """An ex/ed command with its range skipped (``%``, ``1,$``, ``.``, ``'<,'>``); ``!`` is kept (it runs a command)."""
    line = line.strip().lstrip(":")
    k = 0
    while k < len(line) and (line[k] in "0123456789,%$.;+- \t" or (line[k] == "'" and k + 1 < len(line))):
        k += 2 if line[k] == "'" else 1
    return line[k:]


def _editor_writes(cmd: SimpleCommand, name: str, args: tuple[str, ...]) -> list[str]:
    silent = name in ("ed", "red", "ex") or any(a in ("-e", "-es", "-E", "-Es") for a in args)  # -s: silent, no value
    files = [a for a in _operands(args, _EDITOR_VALUE - {"-s"} if silent else _EDITOR_VALUE) if not a.startswith("+")]
    if _shown_script_writes_nothing(cmd, name, args):
        files = []  # its whole script is shown and writes nothing: the files are read
    for line in _editor_script(cmd, name, args):
        rest = _ex_command(line)
        verb, _, target = rest.partition(" ")
        if verb.rstrip("!") in _EX_WRITE_VERBS:
            target = target.strip()
            if target and not target.startswith("!"):
                files.append(os.path.expanduser(target) if target.startswith("~") else target)
    return files  # with no file named, an editor's `w` has nowhere to write


def _editor_commands(cmd: SimpleCommand, name: str, args: tuple[str, ...]) -> list[str]:
    """Shell commands an editor's script runs (``!cmd``, ``:!cmd``, ``w !cmd``, ``r !cmd``)."""
    out = []
    for line in _editor_script(cmd, name, args):
        rest = _ex_command(line)
        if rest.startswith("!"):
            out.append(rest[1:])
        elif "!" in rest and rest.split(" ", 1)[0].rstrip("!") in ("w", "r", "write", "read", "silent", "sil", "exe",
                                                                    "execute", "call", "system"):
            out.append(rest.split("!", 1)[1])
        elif "system(" in rest or "systemlist(" in rest or "shell-command" in rest or "call-process" in rest:
            out.append("")
    return out


def _awk_in_place(args: tuple[str, ...]) -> list[str]:
    """The files ``gawk -i inplace`` rewrites (every file operand after the program)."""
    if not any((a in ("-i", "--include") and args[j + 1:j + 2] in (("inplace",), ("inplace.awk",)))
               or a in ("-iinplace", "--include=inplace") for j, a in enumerate(args)):
        return []
    operands = _operands(args, {"-F", "-v", "-f", "-i", "--include", "--field-separator", "--assign", "--file"})
    return operands[1:] if not any(a in ("-f", "--file") for a in args) else operands


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


_STATEWISE_NAMES = ("statewise", "statewise.exe", *_STATEWISE_MODULES)
_STATEWISE_COMMANDS = STATEWISE_READ_ONLY | {"remember", "import-memory", "import", "forget", "repair", "answer",
                                             "install-hook", "uninstall-hook", "hook"}


def _statewise_in_text(code: str, text: str) -> list[Action]:
    """statewise's own mutating commands named in code no parser follows — inline ``python -c``/``node -e``/
    ``perl -e`` (``os.system("statewise forget …")``, ``execSync('statewise uninstall-hook')``,
    ``system("statewise", "repair", …)``) or an unparsable command line: each is ``statewise.mutate``,
    whichever interpreter or wrapper carries it."""
    words = _screen_words(code)
    out: list[Action] = []
    for i, word in enumerate(words):
        base = word.rsplit("/", 1)[-1]
        if base not in _STATEWISE_NAMES or (base in _STATEWISE_MODULES and words[i - 1:i] != ["-m"]):
            continue  # a module named elsewhere than `-m` is an import (see _statewise_entry)
        rest = tuple(w for w in words[i + 1:i + 16])
        sub = next((w for w in rest if not w.startswith("-")), None)
        if sub not in _STATEWISE_COMMANDS:
            continue
        out.extend(a for a in _statewise(rest, text) if a.operation == "statewise.mutate")
    return out


_QUOTED_WORD = Pattern(r"""['"]([a-z][a-z-]*)['"]""")


def _statewise_entry(code: str, trailing: tuple[str, ...], text: str) -> list[Action]:
    """Inline code that runs statewise's own entry point (``from statewise_cli.__main__ import main;
    main()``, ``statewise_cli.cli.app.app(…)``): its command is the arguments after the code, or a
    subcommand the code spells as a string (``sys.argv = [..., "forget", …]``)."""
    if trailing:
        sub = next((a for a in trailing if not a.startswith("-")), None)
        if sub in _STATEWISE_COMMANDS:
            return [a for a in _statewise(trailing, text) if a.operation == "statewise.mutate"]
    for word in _QUOTED_WORD.findall(code):
        if word in _STATEWISE_COMMANDS and word not in STATEWISE_READ_ONLY:
            return [Action(tool="Bash", operation="statewise.mutate", risk="destructive", target=word,
                           arguments=(word,), text=text)]
    return []


# statewise's options that take no value; any other option without `=` takes the next word as its value
_STATEWISE_FLAGS = {"--dry-run", "--no-dry-run", "--json", "--fix-memory-file", "--wide", "--help", "-h", "--version"}


def _statewise_dry_run(args: tuple[str, ...]) -> bool:
    """Whether a statewise command runs as a dry run: ``--dry-run`` as an option of its own, never the value of
    another (``--reason --dry-run``), nor after ``--``, nor undone by a later ``--no-dry-run``. A dry run writes
    nothing; with ``--value``, ``repair`` refuses it outright (a usage error, nothing written)."""
    dry, i = False, 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg == "--dry-run":
            dry = True
        elif arg == "--no-dry-run":
            dry = False
        elif arg.startswith("-") and "=" not in arg and arg not in _STATEWISE_FLAGS:
            i += 1  # its value
        i += 1
    return dry


def _statewise(args: tuple[str, ...], text: str) -> list[Action]:
    """A statewise invocation: read-only commands stay commands; the rest is ``statewise.mutate``."""
    sub = next((a for a in args if not a.startswith("-")), None)
    if sub is None or any(a in ("--help", "-h", "--version") for a in args):
        return [Action(tool="Bash", operation="statewise.read", risk="read-only", target=sub, arguments=args, text=text)]
    # --accept-store makes a wiped store the new baseline; --ack hides the incidents recorded so far
    # (a word only the shell knows may be either: `statewise doctor "$o"`, and may undo a dry run)
    after = args[args.index(sub) + 1:]
    accepts_store = sub == "doctor" and any(a in ("--accept-store", "--ack") or unknown(a) for a in after)
    if (sub in STATEWISE_READ_ONLY and not accepts_store) or (
            sub in ("repair", "install-hook", "uninstall-hook") and _statewise_dry_run(args)
            and not any(unknown(a) for a in after)):
        return [Action(tool="Bash", operation="statewise.read", risk="read-only" if sub != "index" else "local-mutation",
                       target=sub, arguments=args, text=text)]
    return [Action(tool="Bash", operation="statewise.mutate", risk="destructive", target=sub, arguments=args, text=text)]


def _adds_execute(args: list[str] | tuple[str, ...]) -> bool:
    """Whether a ``chmod`` command line grants execute permission: a symbolic mode that adds or sets ``x``
    (``+x``, ``u+rwx``, ``a=rx``) or an octal mode with an odd digit among its last three (``755``, ``0700``)."""
    import re

    for arg in args:
        if arg.startswith("--reference"):
            return True  # the reference file's mode, which this reading does not know
        if re.fullmatch(r"[0-7]{3,4}", arg):
            return any(int(d) % 2 for d in arg[-3:])
        if re.fullmatch(r"[ugoa]*([-+=][rwxXst]*)+(,[ugoa]*([-+=][rwxXst]*)+)*", arg):
            return any(re.search(r"[+=][rwXst]*[xX]", part) for part in arg.split(","))
    return False


def _dormant_hook(target: str, where: str | None) -> str | None | bool:
    """The text of a hook file ``chmod`` is about to make runnable: the file's text on disk, None when it cannot be
    read (a binary, unreadable, a name only the shell knows), False when there is no file (chmod fails; git runs
    nothing)."""
    if unknown(target) or (where and unknown(where)):
        return None
    path = os.path.normpath(os.path.join(os.getcwd(), where or ".", os.path.expanduser(target)))
    try:
        if os.path.islink(path) or not os.path.isfile(path):
            return False if not os.path.lexists(path) else None
        if os.path.getsize(path) > 64_000:
            return None
        with open(path, encoding="utf-8") as fh:
            body = fh.read()
    except (OSError, UnicodeDecodeError):
        return None
    first = body.split("\n", 1)[0].strip()
    return body if _shell_shebang(first) else None


def _git_code_file(path: str) -> bool:
    """A file whose content git runs as code: a hook (in ``.git/hooks/`` or in the directory the repository's
    ``core.hooksPath`` names), or the repository's config (``core.fsmonitor``…)."""
    shown = "/" + path.replace("\\", "/")
    if "/.git/hooks/" in shown or shown.endswith("/.git/config") or "/.git/info/attributes" in shown:
        return True
    if os.path.normpath(shown).endswith("/.git/hooks"):
        return True  # the hooks directory itself: what a copy, a move, a link or an extraction puts there runs
    if not unknown(path) and os.path.basename(os.path.normpath(path)) == "hooks":
        full = os.path.normpath(os.path.join(os.getcwd(), os.path.expanduser(path)))
        if full == _configured_hooks_dir():
            return True  # the directory `core.hooksPath` names, as a whole
    if os.path.basename(path) not in _GIT_HOOK_NAMES or unknown(path):
        return False
    where = os.path.dirname(os.path.normpath(os.path.join(os.getcwd(), os.path.expanduser(path))))
    if os.path.basename(where) == "hooks":
        git_dir = os.path.dirname(where)
        if git_dir.endswith(".git") or (os.path.isfile(os.path.join(git_dir, "HEAD"))
                                        and os.path.isdir(os.path.join(git_dir, "objects"))):
            return True  # a bare repository's hooks (`origin.git/hooks/pre-receive`): run by git there
    return where == _configured_hooks_dir()


_HOOKS_DIR_CACHE: dict[tuple[str, float], str | None] = {}


def _configured_hooks_dir() -> str | None:
    """The absolute directory the repository around the working directory names in ``core.hooksPath`` (read from its
    own config file, no subprocess; relative to the work tree's top), or None when it names none."""
    top = os.getcwd()
    while not os.path.exists(os.path.join(top, ".git")):
        parent = os.path.dirname(top)
        if parent == top:
            return None
        top = parent
    config = os.path.join(top, ".git", "config")
    try:
        key = (config, os.stat(config).st_mtime)
    except OSError:
        return None  # a linked work tree (`.git` a file) or no config: git's default hooks directory
    if key in _HOOKS_DIR_CACHE:
        return _HOOKS_DIR_CACHE[key]
    found: str | None = None
    try:
        with open(config, encoding="utf-8", errors="replace") as fh:
            pairs = _git_config_pairs(fh.read(200_000))
    except OSError:
        pairs = []
    for k, v in pairs:
        if k.lower() == "core.hookspath" and v:
            found = os.path.normpath(os.path.join(top, os.path.expanduser(v)))
    _HOOKS_DIR_CACHE[key] = found
    return found


def _placed_at(a: Action, cwd: str | None) -> Action:
    """A write whose relative target the line's ``cd`` placed (``cd .git && printf … > config``), named from where the
    line started, so what git runs there is judged as the path written out; a directory only the shell knows stays
    the action's working directory."""
    if not cwd or a.cwd:
        return a
    target = a.target or ""
    if unknown(cwd) or not target or target.startswith(("/", "~")) or unknown(target):
        return a.replace(cwd=cwd)
    return a.replace(target=os.path.normpath(os.path.join(cwd, target)))


def _code_written(a: Action, code: str | None, text: str, why: str = "") -> Action:
    why = why or f"`{a.target}` holds code git runs later"
    if code and ("\\" in code or "%" in code):
        # escapes or a format printf / echo expand (`\x67it`, `\147`, `%b`): the text git runs is not the text the
        # line shows, so its words tell nothing
        why = (f"`{a.target}` gets code git runs later, written through escapes or a format the check does not "
               "expand; write the hook's commands plainly")
        code = None
    return _inline("git's hooks or config", code or "", text, why, suspects=None if code else EVERYTHING)


def _echoed_code(name: str, args: tuple[str, ...]) -> str | None:
    """The text ``echo``/``printf`` write, when the words show it plainly: printf's format with no conversion (any
    argument after it is not printed), echo's words joined by spaces; None for an option or a conversion."""
    if not args or args[0].startswith("-"):
        return None
    if name == "printf":
        return args[0].replace("\\n", "\n") if "%" not in args[0] else None
    if name == "echo":
        return " ".join(args).replace("\\n", "\n")
    return None


def _hook_code(a: Action, code: str | None, text: str, branch: str | None = None) -> list[Action]:
    """The code a write puts where git runs it. A whole hook that is a shell script the line shows (``Write``,
    ``apply_patch`` adding it, ``printf '#!/bin/sh…' > .git/hooks/post-merge``) is judged as the commands it holds, run
    where git runs that hook (the work tree's top; a receive hook in its git directory), as typed out; what those
    commands do to uncommitted work or with a recursive delete depends on the state when git runs it, so that stays
    held from the words as before. Anything else (an edit of part of a hook, the config, escapes or a format only a
    program expands) is judged from its words."""
    target = (a.target or "").replace("\\", "/")
    cwd: str | None = a.cwd
    if cwd and not unknown(cwd) and target and not target.startswith(("/", "~")) and not unknown(target):
        # a relative name after the line's `cd` (`cd .git/hooks && printf … > post-checkout`): the same hook as the
        # path written out from where the line started
        target, cwd = os.path.normpath(os.path.join(cwd, target)), None
        a = a.replace(target=target, cwd=None)
    hooks_dir, _, name = target.rpartition("/")
    if code and _runs_another_file(code.lstrip().split("\n", 1)[0].strip()):
        return [_code_written(a, None, text)]  # `#!/bin/sh /tmp/x.sh`: what runs is another file's code
    if name in _RECEIVE_HOOKS and hooks_dir.endswith("hooks") and (
            not code or not _shell_shebang(code.lstrip().split("\n", 1)[0].strip())):
        # a receive hook in another language (or a binary, or text the line does not show) updates the refs a push
        # names in ways its words do not tell
        return [_code_written(a, None, text, f"`{a.target}` runs when a push arrives, as a program the check does not "
                                             "read; write it as a shell script")]
    if code and name in _RECEIVE_HOOKS and ("$" in code or "`" in code):
        # a receive hook updates the refs a push names, as it computes them when the push arrives (`ma${X}in`):
        # a word it computes may be any branch
        return [_code_written(a, None, text, f"`{a.target}` runs when a push arrives, with words it computes then")]
    if (not code or a.operation == "edit" or name not in _GIT_HOOK_NAMES or not hooks_dir.endswith("hooks")
            or "%" in code or "\\" in code or unknown(target) or (cwd and unknown(cwd))
            or not _shell_shebang(code.lstrip().split("\n", 1)[0].strip())):
        return [_code_written(a, code, text)]
    git_dir = os.path.dirname(os.path.normpath(os.path.join(os.getcwd(), cwd or ".", os.path.expanduser(hooks_dir))))
    run = git_dir if name in _RECEIVE_HOOKS or os.path.basename(git_dir) != ".git" else os.path.dirname(git_dir)
    if name in ("prepare-commit-msg", "commit-msg", "applypatch-msg"):
        # githooks(5): their first argument is the message file git wrote in its own directory
        code = f"set -- {git_dir}/COMMIT_EDITMSG message\n{code}"
    return _script_as_hook(code, text, run, a.target or "")


def _script_as_hook(code: str, text: str, run: str, where: str) -> list[Action]:
    """A shell script git runs later (a hook), judged as the commands it holds where git runs it, with no branch:
    which branch is checked out then is not known now. What the commands settle is judged as typed (a write outside
    the repository, an install, statewise's own commands, a push to a branch the script names); what they leave
    unknown (a word the script computes when it runs) and what depends on the state when git runs it (uncommitted
    work, a recursive delete) is held from the script's words, as is a push whose branch the script does not name
    literally."""
    every = normalize_shell(code, None, _depth=2, cwd=run)
    other = next((x for x in every if (x.operation == "shell.exec" and x.unknown) or (
        x.operation == "shell.script" and "argv" in x.flags and x.target and ("$" in x.target or "__SUBST__" in x.target
                                                                          or not x.target.startswith("/")))), None)
    if other is not None:
        # the hook runs a program or a file it finds when it runs (`"$(dirname "$0")/x.sh"`, `. ./lib.sh`): what that
        # file holds then is not the text on this line — the protected answer, as for a hook the line does not show
        return [_inline("git's hooks or config", "", text, f"`{where}` runs another file when git runs it "
                        f"(`{((other.unknown if other.operation == 'shell.exec' else other.target) or '')[:80]}`), whose "
                        "code the check cannot read",
                        suspects=EVERYTHING)]
    # the commands run where git runs the hook, not where the line that wrote it stood (`cd .git/hooks && printf … >
    # post-checkout`): a relative name in them is named from there
    parsed = [x.replace(text=text, cwd=x.cwd or run) for x in every if not x.unknown]
    words = screen(code)
    pushes = [x for x in parsed if x.operation == "git.push"]
    if ("$" not in code and "`" not in code and pushes
            and sum(1 for w in _screen_words(code) if w == "push") <= len(pushes)
            and all(x.target not in (None, "?", "*") and x.target in code for x in pushes)):
        words.discard("push")  # each push names its branch literally: the push checks answer for it
    if words:
        parsed.append(_inline("git's hooks or config", code, text, f"`{where}` holds code git runs later",
                              suspects=words))
    return parsed


def _config_code_written(a: Action, code: str | None, text: str, branch: str | None) -> list[Action]:
    """A write of git's configuration file judged as the commands it sets (git-config(1): ``[remote "origin"]
    uploadpack = …``, ``[core] fsmonitor = …``): each command-valued key's value is read as the command line git runs
    for it, so a package install or a push there meets the check it would meet typed out (the screen of the whole
    text alone does not know which project a package manager runs in)."""
    if not code or not (a.target or "").replace("\\", "/").endswith(".git/config"):
        return []
    out: list[Action] = []
    for key, value in git_config_commands(code):
        script = value.lstrip().removeprefix("!")
        if not script.strip():
            continue
        out.extend(x.replace(text=text) for x in normalize_shell(script, branch, _depth=2))
    return out


_CONFIG_SECTION = Pattern(r'\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\](.*)$')
_CONFIG_KEY = Pattern(r"([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$")


def _config_value(raw: str) -> str:
    """A git-config value as git reads it: double quotes removed, ``\\"`` ``\\\\`` ``\\n`` ``\\t`` unescaped, a ``#`` or
    ``;`` outside quotes starting a comment, the whitespace around it dropped."""
    out, quoted, k = [], False, 0
    raw = raw.strip()
    while k < len(raw):
        c = raw[k]
        if c == "\\" and k + 1 < len(raw):
            out.append({"n": "\n", "t": "\t", "b": "\b"}.get(raw[k + 1], raw[k + 1]))
            k += 2
            continue
        if c == '"':
            quoted = not quoted
        elif c in "#;" and not quoted:
            break
        else:
            out.append(c)
        k += 1
    return "".join(out).strip()


def git_config_commands(text: str) -> list[tuple[str, str]]:
    """(key, value) of every key in a git-config text whose value git runs as a command. A key written with no
    section header in the text (an edit inside an existing section) counts when its name is one git runs in some
    section (``uploadpack``, ``fsmonitor``, ``pager``…)."""
    section = ""
    out: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        m = _CONFIG_SECTION.match(line)
        if m:
            section = m.group(1) + ("." + m.group(2) if m.group(2) is not None else "")
            line = m.group(3).strip()
        if not line or line[0] in "#;":
            continue
        km = _CONFIG_KEY.match(line)
        if not km or km.group(2) is None:
            continue
        name = km.group(1).lower()
        key = f"{section}.{name}" if section else name
        if _exec_config(key) or not section and (_exec_config("x." + name) or any(
                k.rsplit(".", 1)[-1] == name for k in _GIT_EXEC_CONFIG)):
            out.append((key, _config_value(km.group(2))))
    return out


# ``shell.script`` marks a file a command runs as code: read-only in itself (the command that runs it keeps its own
# risk), it is what the state–action check reads the file for; what the file does is judged as its own actions.
def script_run(argv: tuple[str, ...]) -> str | None:
    """The script file a command runs as shell code: ``sh FILE``, ``bash -e FILE``, ``source FILE``, ``. FILE``,
    ``./FILE`` (a path the shell runs directly), or None."""
    if not argv:
        return None
    name = argv[0].rsplit("/", 1)[-1]
    if name in ("source", ".") and len(argv) > 1:
        return argv[1]
    if name in _SHELL_NAMES:
        i = 1
        while i < len(argv):
            a = argv[i]
            if a in ("--rcfile", "--init-file", "-o", "+o", "-O", "+O"):
                i += 2
                continue
            if a == "--":
                return argv[i + 1] if i + 1 < len(argv) else None
            if a[:1] in "-+" and len(a) > 1:
                i += 1
                continue
            return a
        return None
    if "/" in argv[0] and not argv[0].startswith(("/usr/", "/bin/", "/sbin/", "/opt/", "/nix/")) and not unknown(argv[0]):
        return argv[0]
    return None


_SHELL_NAMES = ("bash", "sh", "zsh", "dash", "ksh", "ash", "mksh", "busybox-sh")
_CODE_RUNNERS = ("node", "nodejs", "bun", "ruby", "perl", "php", "lua", "Rscript")


def _colon_in_expansion(word: str) -> bool:
    """Whether a colon of ``word`` sits inside a ``${…}`` parameter expansion."""
    depth = 0
    i = 0
    while i < len(word):
        if word.startswith("${", i):
            depth += 1
            i += 2
            continue
        if word[i] == "}" and depth:
            depth -= 1
        elif word[i] == ":" and depth:
            return True
        i += 1
    return False


def _perl_debugger(args: tuple[str, ...]) -> bool:
    """``perl -d`` (``-dt``, bundled as in ``-wd``) among the switches: the debugger, which loads its init file. A
    ``-d:Module`` loads ``Devel::Module`` instead (read as a module the interpreter loads)."""
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "--" or not a.startswith("-") or a == "-":
            return False  # the program (or its arguments) starts here
        if a in ("-e", "-E"):
            skip = True  # its code is the next word; switches may follow it
            continue
        for ch in a[1:]:
            if ch == "d":
                return not a[a.index("d") + 1:].startswith(":")
            if ch not in "acnpsStTuUvwWX":
                break  # a switch that takes the rest of the word as its value (`-Mdata`, `-Ilib`, `-e…`)
    return False


def _code_script(cmd: SimpleCommand, name: str) -> str | None:
    """The program file an interpreter runs (``python3 tidy.py``, ``node s.js``), or None (inline code, a module)."""
    if not (name in _CODE_RUNNERS or name.startswith(("python", "pypy"))) or _inline_code(cmd, name, cmd.argv[1:]):
        return None
    args = cmd.argv[1:]
    for k, a in enumerate(args):
        if a == "-m" and name.startswith(("python", "pypy")) and k + 1 < len(args) and args[k + 1] in _FILE_RUNNERS:
            return _runner_program(args[k + 1], args[k + 2:])
        if a in ("-m", "-c", "-e", "-r", "--eval", "--print", "-p"):
            return None
        if not a.startswith("-"):
            return None if unknown(a) or a.endswith(".toml") else a
    return None


# Standard-library modules that run the program file their first operand names (``python -m cProfile -o OUT
# FILE``, ``-m pdb -c continue FILE``, ``-m trace --count FILE``), with their options that take a value; their
# ``-m MOD`` / ``--module`` runs a module instead (read by ``hidden.python_module_files``).
_FILE_RUNNERS: dict[str, tuple[str, ...]] = {
    "profile": ("-o", "--outfile", "-s", "--sort"),
    "cProfile": ("-o", "--outfile", "-s", "--sort"),
    "pdb": ("-c", "--command"),
    "trace": ("-f", "--file", "-C", "--coverdir", "--ignore-module", "--ignore-dir"),
}


def _runner_program(runner: str, args: tuple[str, ...]) -> str | None:
    """The program file a standard-library runner's arguments name, None when it runs a module or none is named."""
    valued = _FILE_RUNNERS[runner]
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--module" or a == "-m" and runner != "trace":  # trace's `-m` is --missing
            return None
        if a == "--":
            i += 1
            break
        if a in valued:
            i += 2
            continue
        if not a.startswith("-") or a == "-":
            break
        i += 1
    if i >= len(args) or args[i] == "-" or unknown(args[i]):
        return None
    return args[i]


def make_commands(text: str, targets: tuple[str, ...]) -> str:
    """The recipe lines ``make TARGET…`` runs from a makefile's text: those of the named targets (the first target
    when none is named) and of their prerequisites, with the makefile's plain ``VAR = value`` definitions
    substituted (``$$`` is a ``$``). A line make echoes or ignores (``@``, ``-``, ``+``) runs all the same."""
    rules: dict[str, tuple[list[str], list[str]]] = {}
    variables: dict[str, str] = {}
    first = None
    current: list[str] = []
    for raw in text.replace("\\\n", " ").splitlines():
        if raw.startswith("\t") and current:
            for t in current:
                rules[t][1].append(raw[1:].lstrip("@-+ \t"))
            continue
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        name, eq, value = line.partition("=")
        if eq and ":" not in name.rstrip(":?+ ") and name.rstrip(":?+ ").strip().replace("_", "").isalnum():
            variables[name.rstrip(":?+ ").strip()] = value.strip()
            current = []
            continue
        head, colon, rest = line.partition(":")
        if colon and not rest.startswith("="):
            names = [t for t in head.split() if t]
            prereqs, _, inline = rest.partition(";")
            current = [t for t in names if not t.startswith(".")] or names
            for t in names:
                rules.setdefault(t, ([], []))[0].extend(prereqs.split("|")[0].split())
                if inline.strip():
                    rules[t][1].append(inline.strip())
            if first is None and current and not current[0].startswith("."):
                first = current[0]
            continue
        current = []
    wanted = list(targets) or ([first] if first else [])
    seen: set[str] = set()
    lines: list[str] = []
    while wanted:
        t = wanted.pop(0)
        if t in seen or t not in rules:
            continue
        seen.add(t)
        wanted.extend(rules[t][0])
        lines.extend(rules[t][1])
    out = "\n".join(lines)
    # what make runs while it reads the makefile, whatever the target: `$(shell …)` (in a `:=` definition, a
    # conditional, a recipe) and `VAR != command`; a recursively expanded definition may run later, or never
    # (read all the same: defence in depth)
    evaluated = _make_shell_calls(text)
    shell = variables.get("SHELL", "").split()
    if shell and shell[0].rsplit("/", 1)[-1] not in ("sh", "bash", "dash", "zsh", "ksh", "env") and lines:
        # make runs every recipe line as `$(SHELL) -c LINE`: a shell the makefile names runs first, whatever the line
        evaluated.append(" ".join(shell) + " -c true")
    out = "\n".join([*evaluated, *lines])
    for _ in range(3):  # nested definitions
        for var, value in variables.items():
            out = out.replace("$(" + var + ")", value).replace("${" + var + "}", value)
    return out.replace("$$", "$")


def _make_shell_calls(text: str) -> list[str]:
    """The commands a makefile's ``$(shell …)`` / ``${shell …}`` calls and ``VAR != …`` assignments run."""
    found: list[str] = []
    joined = text.replace("\\\n", " ")
    for opener, closer in (("$(shell ", ")"), ("${shell ", "}")):
        start = joined.find(opener)
        while start != -1 and len(found) < 64:
            depth, i = 1, start + len(opener)
            while i < len(joined) and depth:
                depth += {opener[1]: 1, closer: -1}.get(joined[i], 0)
                i += 1
            body = joined[start + len(opener):i - 1 if not depth else i].strip()
            if body:
                found.append(body.replace("$$", "$"))
            start = joined.find(opener, i)
    for line in joined.splitlines():
        name, bang, value = line.partition("!=")
        if bang and not line.startswith("\t") and name.strip().replace("_", "").isalnum() and value.strip():
            found.append(value.strip().replace("$$", "$"))
    if "file " in joined:
        from statewise_cli.actions.hidden import make_file_writes

        found += make_file_writes(joined)
    return found


def _make_call(cmd: SimpleCommand) -> tuple[str, str, tuple[str, ...]] | None:
    """``make``'s (makefile, directory, targets): ``-f FILE`` (``-`` for its standard input) or "" for the default
    makefile, ``-C DIR``, the targets named (not ``VAR=value``)."""
    args = cmd.argv[1:]
    makefile, directory, targets = "", "", []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-f", "--file", "--makefile", "-C", "--directory", "-I", "--include-dir", "-o", "-W", "-j", "-l",
                 "--old-file", "--what-if", "--jobs", "--load-average"):
            value = args[i + 1] if i + 1 < len(args) else ""
            if a in ("-f", "--file", "--makefile"):
                makefile = value
            elif a in ("-C", "--directory"):
                directory = value if not directory or value.startswith("/") else directory + "/" + value
            i += 2
            continue
        if a.startswith(("--file=", "--makefile=")):
            makefile = a.partition("=")[2]
        elif a.startswith("--directory="):
            directory = a.partition("=")[2]
        elif a.startswith("-f") and len(a) > 2 and not a.startswith("--"):
            makefile = a[2:]
        elif a.startswith("-C") and len(a) > 2:
            directory = a[2:]
        elif not a.startswith("-") and "=" not in a:
            targets.append(a)
        i += 1
    return makefile, directory, tuple(targets)


_JVM_TOOLS = ("java", "javac", "kotlinc", "kotlin", "scala", "scalac")
_JVM_VALUE_OPTS = {"-cp", "-classpath", "--class-path", "-d", "-s", "-h", "-sourcepath", "--source-path", "-p",
                   "--module-path", "-m", "--module", "-processorpath", "--processor-path", "-encoding", "-source",
                   "-target", "--release", "-bootclasspath", "-include-runtime", "-jar"}
_JUNIT_LAUNCHER = Pattern(r"(?i)junit|ConsoleLauncher|TestRunner")


def _jvm_run(name: str, args: tuple[str, ...], text: str) -> Action | None:
    """A compile-and-run of code by hand: ``java``/``javac`` (Kotlin, Scala alike) of a JUnit launcher is a test
    run; of a top-level source file or a class of the default package (no package: an agent's own program, see
    :func:`_top_level_program`) it runs a reproduction. None for anything else (a packaged application)."""
    operands: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _JVM_VALUE_OPTS:
            if a == "-jar" and i + 1 < len(args):
                operands.append(args[i + 1])
                break  # the jar is the program; what follows are its arguments
            i += 2
            continue
        if not a.startswith("-"):
            operands.append(a)
            if name in ("java", "kotlin", "scala"):
                break  # the main class (or jar); what follows are the program's arguments
        i += 1
    if any(_JUNIT_LAUNCHER.search(o) for o in operands):
        return Action(tool="Bash", operation="run.test", risk="local-mutation", target=" ".join((name, *args)),
                      arguments=args, text=text, kind="test")
    for o in operands:
        own = _top_level_program(o) if o.endswith(_JVM_SOURCE) else (
            name in ("java", "kotlin", "scala") and o.isidentifier())  # a main class of the default package
        if own:
            return Action(tool="Bash", operation="run.script", risk="local-mutation", target=o, arguments=args, text=text,
                          flags=frozenset({"reproduction"}))
    return None


def _array_reader(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action] | None:
    """``readarray``/``mapfile``: bash's builtin reads lines into an array and changes nothing else, unless ``-C`` gives
    it a callback, a command it evaluates for every few lines (judged as that command). None: judged like any other
    (an output redirection)."""
    if any(op[:1] == ">" or op in ("<>", "&>", "&>>") for op, _ in cmd.redirects):
        return None
    args, k, callbacks = cmd.argv[1:], 0, []
    while k < len(args) and args[k].startswith("-") and len(args[k]) > 1:
        word = args[k]
        for j, c in enumerate(word[1:], 1):
            if c in "dnOsuCc":
                value = word[j + 1:] if j + 1 < len(word) else (args[k + 1] if k + 1 < len(args) else "")
                if j + 1 >= len(word):
                    k += 1
                if c == "C":
                    callbacks.append(value)
                break
        k += 1
    actions = [Action(tool="Bash", operation=f"shell.{cmd.argv[0]}", risk="read-only", arguments=cmd.argv[1:], text=text)]
    for callback in callbacks:
        if unknown(callback) or not callback.strip():
            actions.append(_inline(cmd.argv[0], callback, text, f"the callback `{callback}` is known only when it runs"))
        else:
            actions.extend(normalize_shell(callback + " 0 line", branch, _depth=1))
    # the callback runs in the directory the line changed to (`cd repo && mapfile -C '… >> CLAUDE.md'`)
    return [a.replace(cwd=cmd.cwd) if cmd.cwd and not a.cwd else a for a in actions]


def _options_from_environment(cmd: SimpleCommand) -> SimpleCommand:
    """``VAR=OPTS prog ARGS`` where ``prog`` reads its options from ``VAR`` before its own (``UNZIP='-d dir' unzip``,
    ``ZIPOPT``, ``GZIP``, ``XZ_OPT``, ``TAR_OPTIONS``): the command as ``prog OPTS ARGS``, so it is judged once, with
    the options it runs with (where it writes, what it deletes). A value the shell computes, or one that does not
    split into words, leaves the command as it is (the variable's own reading then gives the protected answer)."""
    if not cmd.assigns or not cmd.argv:
        return cmd
    name = cmd.argv[0].rsplit("/", 1)[-1]
    import shlex

    words: list[str] = []
    kept: list[tuple[str, str]] = []
    for assign in cmd.assigns:
        key, value = assign
        if name in _OPTION_ENV_PROGRAMS.get(key, ()) and _ENV_CODE.get(key) == "options" and not unknown(value):
            try:
                words += shlex.split(value)
            except ValueError:
                return cmd
            continue
        kept.append(assign)
    if len(kept) == len(cmd.assigns):
        return cmd
    return cmd.replace(argv=(cmd.argv[0], *words, *cmd.argv[1:]), assigns=tuple(kept))


def _command(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    if cmd.argv and cmd.argv[0] in ("readarray", "mapfile"):
        read = _array_reader(cmd, branch, text)
        if read is not None:
            return read
    cmd = _options_from_environment(cmd)
    actions = _command_files(cmd, branch, text)
    home = next((v for k, v in reversed(cmd.assigns) if k == "HOME"), None)
    if home is None or not home.startswith("/") or unknown(home):
        return actions
    # `HOME=DIR program`: the files the program itself keeps in the home directory (`git config --global`,
    # `npm config set`) are under DIR for that one command; a path the command line writes out (`~/x`, `$HOME/x`)
    # is expanded by the shell before the assignment takes effect, and stays where it was
    shown = [w for w in cmd.argv[1:]] + [t for _, t in cmd.redirects]
    out = []
    for a in actions:
        target = a.target or ""
        if a.operation.startswith("file.") and target.startswith("~/") and not any(target[1:] in w for w in shown):
            a = a.replace(target=home.rstrip("/") + target[1:])
        out.append(a)
    return out


_COMMAND_VARIABLES = ("PAGER", "EDITOR", "VISUAL", "BROWSER", "MANPAGER", "TERMINAL", "DIFFTOOL", "MERGETOOL")
_COMMAND_VARIABLE_ENDS = ("_PAGER", "_EDITOR", "_BROWSER", "_COMMAND", "_CMD", "_HOOK", "_EXEC")


def _command_variables(cmd: SimpleCommand, branch: str | None, text: str,
                       assigns: tuple[tuple[str, str], ...] | None = None) -> list[Action]:
    """Variables that hold a command line a program runs (``PAGER``, ``EDITOR``, ``*_COMMAND``, ``*_CMD``; a
    program reads them unquoted, so their words are a command): what the command does is judged. Whatever its name,
    a variable whose value is a command line — its first word a program the normalizer knows to run or hand over
    commands (a shell, an interpreter, git, a package manager, :data:`_NESTED_PROGRAMS`) — may name the program another
    program runs (``DEBUGGER="sh -c '…'" tool``), and is judged the same way; a value that is one path is a program
    file the check reads when the agent wrote it."""
    out: list[Action] = []
    for key, value in cmd.assigns if assigns is None else assigns:
        upper = key.upper()
        stripped = value.strip()
        if (upper in _COMMAND_VARIABLES or upper.endswith(_COMMAND_VARIABLE_ENDS)) and " " in stripped:
            out.extend(a for a in _git_nested(cmd, value, cmd.cwd, branch, text) if _matters(a))
        elif upper in _PATH_LIST_VARIABLES or unknown(stripped):
            continue
        elif " " in stripped and _command_value(stripped):
            out.extend(a for a in _git_nested(cmd, stripped, cmd.cwd, branch, text) if _matters(a))
        elif stripped and " " not in stripped and "/" in stripped and _operand_file(stripped):
            out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=stripped,
                              arguments=(key,), flags=frozenset({"operand-file", "written-only"}), text=text))
    return out


# Variables that hold lists of directories or search paths, never a command line.
_PATH_LIST_VARIABLES = frozenset({"PATH", "PYTHONPATH", "LD_LIBRARY_PATH", "MANPATH", "CDPATH", "NODE_PATH", "GOPATH",
                                  "CLASSPATH", "PKG_CONFIG_PATH", "HOME", "PWD", "OLDPWD", "TMPDIR"})


def _command_value(value: str) -> bool:
    """Whether a variable's value reads as a command line: its first word (a path's last part) is a program that
    runs or hands over commands (:data:`_NESTED_PROGRAMS`, an interpreter)."""
    for part in value.replace("&&", ";").replace("||", ";").replace("|", ";").split(";"):
        words = [w.strip("'\"") for w in part.split()]
        while words and "=" in words[0] and words[0].partition("=")[0].isidentifier():
            words = words[1:]  # `VAR=x cmd`: the command after the assignments
        base = words[0].rsplit("/", 1)[-1] if words else ""
        if base in _NESTED_PROGRAMS or base in _INTERPRETERS or base.startswith(("python", "pypy")):
            return True
    return False


def _command_files(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    actions = _command_actions(cmd, branch, text)
    name = cmd.argv[0].rsplit("/", 1)[-1] if cmd.argv else ""
    if cmd.assigns and name:
        actions.extend(_env_writes(cmd.assigns, name, text))
    elif name in ("export", "declare", "typeset") and len(cmd.argv) > 1:
        # `export GIT_TRACE=/path`: every later command of the shell writes there
        pairs = [(a.partition("=")[0], a.partition("=")[2]) for a in cmd.argv[1:] if "=" in a and not a.startswith("-")]
        actions.extend(_env_writes(pairs, name, text))
        # an exported command line is handed to every later program that reads the variable
        actions.extend(_command_variables(cmd, branch, text, tuple(pairs)))
    if name == "git" and cmd.redirects:
        actions.extend(_write(t, cmd.argv[1:], text) for t in _redirect_writes(cmd, text) if not any(
            a.operation.startswith("file.") and a.target == t for a in actions))
    if cmd.redirects or (cmd.stdin and name in ("tee", "sponge", "dd", "cat")):
        actions.extend(_committed_version_writes(cmd, name, text))
    if cmd.stdin and name in ("git", "patch"):
        actions.extend(_reversed_diff(cmd, name, text))
    if name == "git":
        # the subcommand after git's global options (`git -C dir -c k=v --no-pager config -f F k v`), never a position
        sub, sub_args, glob = _git_globals(cmd.argv, cmd.assigns)
        if sub == "config":
            where = glob.cwd if glob.cwd and not unknown(glob.cwd) else ""
            actions.extend(w.replace(cwd=where) if where and not (w.target or "").startswith(("/", "~")) else w
                           for w in _config_file_writes(name, ("config", *sub_args), text))
    elif name in ("npm", "pnpm", "yarn", "pip", "pip3") and "config" in cmd.argv[1:3]:
        actions.extend(_config_file_writes(name, cmd.argv[1:], text))
    elif name.startswith(("python", "pypy")) and cmd.argv[1:3] in (("-m", "pip"), ("-m", "pip3")) and "config" in cmd.argv[3:5]:
        actions.extend(_config_file_writes("pip", cmd.argv[3:], text))  # `python -m pip config set k v`
    actions.extend(_user_state_writes(cmd, name, text))
    if cmd.assigns and name and name != "git":
        actions.extend(_command_variables(cmd, branch, text))
    if name == "git":
        actions.extend(_template_hooks(cmd, text))
        actions.extend(_fast_import(cmd, branch, text))
    code_file = _code_script(cmd, name)
    if code_file is not None:
        # a program file is read for the commands and files it names (defence in depth)
        actions.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=code_file,
                              arguments=(name,), flags=frozenset({"code"}), text=text))
    if name == "perl" and _perl_debugger(cmd.argv[1:]):
        # Perl's debugger runs its init file before the program: `.perldb` where it starts, else `~/.perldb`
        # (perl5db.pl); with `PERLDB_OPTS=NonStop` nobody sees it happen
        actions.extend(Action(tool="Bash", operation="shell.script", risk="read-only", target=init, arguments=(name,),
                              flags=frozenset({"code"}), text=text) for init in (".perldb", "~/.perldb"))
    if name in ("make", "gmake"):
        makefile, directory, targets = _make_call(cmd) or ("", "", ())
        if makefile == "-":
            piped = _piped_text(cmd)
            shown = [t for op, t in cmd.redirects if op == "<<<"] + list(cmd.heredocs) + ([piped] if piped else [])
            if shown:
                actions.extend(a.replace(cwd=directory or a.cwd) for a in normalize_shell(
                    make_commands(shown[-1], targets), branch, _depth=1))
            else:
                actions.append(_inline("make", "", text, "make reads its makefile from a pipe the check cannot see"))
        else:
            actions.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=makefile,
                                  arguments=targets, flags=frozenset({"make"}), text=text, cwd=directory))
    actions.extend(_written_code_runs(cmd, name, text))
    if name in ("claude", "codex"):
        actions.extend(_agent_unguarded(cmd.argv[1:], name, text))
        if name == "claude" and any(k == "CLAUDE_CODE_SIMPLE" and v.lower() not in _FALSE for k, v in cmd.assigns):
            # the environment switch behind `--bare` (no hooks, plugins or memory files are loaded)
            actions.append(Action(tool="Bash", operation="agent.unguard", risk="destructive", target=name, text=text,
                                  unknown="CLAUDE_CODE_SIMPLE starts the nested Claude run in its bare mode, which loads "
                                          "no hooks, so its tool calls run without statewise's hook"))
        if any(k in ("CODEX_HOME", "CLAUDE_CONFIG_DIR") for k, _ in cmd.assigns):
            from statewise_cli.actions.hidden import agent_home_unguarded

            why = agent_home_unguarded(cmd.assigns, name, cmd.cwd if cmd.cwd.startswith("/") else None)
            if why:
                actions.append(Action(tool="Bash", operation="agent.unguard", risk="destructive", target=name,
                                      text=text, unknown=why))
    for target, flag, arguments in _tool_files(cmd, name) + _tool_config_files(cmd, name):
        # files the tool itself runs as code: read like a script (defence in depth, see the README); a program a
        # PATH entry may shadow is not read-only whatever its name says (`PATH=/x:$PATH ls` may run /x/ls)
        actions.append(Action(tool="Bash", operation="shell.script", risk="local-mutation" if flag == "path" else "read-only",
                              target=target, arguments=arguments, flags=frozenset({flag}), text=text))
    inner = _launched(cmd, name)
    if inner is not None:
        # a launcher runs the program it names (`npx gulp`, `bundle exec rake x`, `uv run pytest`): the files that
        # program runs as code are read as if it were run directly
        iname = inner.argv[0].rsplit("/", 1)[-1].partition("@")[0]  # `npx gulp@4`
        for target, flag, arguments in _tool_files(inner, iname) + _tool_config_files(inner, iname):
            actions.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=target,
                                  arguments=arguments, flags=frozenset({flag}), text=text))
        actions.extend(_written_code_runs(inner, iname, text))
    script_file = script_run(cmd.argv)
    if script_file in ("/dev/stdin", "-", "/dev/fd/0", "/proc/self/fd/0") and name in ("source", "."):
        shown = [t for op, t in cmd.redirects if op == "<<<"] + list(cmd.heredocs)
        actions.extend(normalize_shell(shown[-1], branch, _depth=1) if shown else
                       [_inline(name, "", text, f"{name} reads its commands from a pipe the check cannot see")])
        script_file = None
    if script_file is not None:
        # a script file runs as shell code: the check reads it (defence in depth), or the text written to it
        # earlier on the same command line
        # ("argv": the arguments are the command's own words, the script's positional parameters after its name)
        actions.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=script_file,
                              arguments=cmd.argv[1:], text=text, flags=frozenset({"argv"})))
    if name in _INTERPRETER_WRITES or name.startswith(("python", "pypy")):
        actions.extend(_interpreter_writes(cmd, name, text))
    if name in ("node", "nodejs", "bun", "deno", "ts-node", "tsx"):
        actions.extend(_loaded_code(cmd, name, text, branch))
    elif _INTERP_FAMILY.get(name, name) in _INTERP_CODE_OPTIONS:
        actions.extend(_carried_code(cmd, name, text, branch))
    elif any(key in ("NODE_OPTIONS", "BUN_OPTIONS") for key, _ in cmd.assigns):
        # every node process the program starts (npm, a test runner, a build tool) loads what NODE_OPTIONS names
        actions.extend(_loaded_code(cmd.replace(argv=(cmd.argv[0],)), name, text, branch))
    if (cmd.assigns or name == "less") and name:
        actions.extend(_env_code(cmd, name, text, branch))
        actions.extend(_command_env(cmd, name, text, branch))
    if name in _SSH_CLIENTS:
        for command in _ssh_local_commands(cmd.argv[1:]):
            actions.extend(_git_nested(cmd, command, cmd.cwd, branch, text) if not unknown(command) else
                           [_inline(name, "", text, f"the command {name} runs could not be determined")])
    inline = _inline_code(cmd, name, cmd.argv[1:]) if name in _INTERPRETERS or name.startswith(("python", "pypy")) else None
    fed_from = [t for op, t in cmd.redirects if op == "<"]
    if inline is None and fed_from and (name in _INTERPRETERS or name.startswith(("python", "pypy"))) and \
            _inline_code(cmd.replace(redirects=tuple(r for r in cmd.redirects if r[0] != "<"), heredocs=("\0",),
                                     stdin=()), name, cmd.argv[1:]) == "\0":
        # `python3 < FILE`, `python3 -m asyncio < FILE`, `node < FILE`: the program comes from standard input, and
        # the file the shell opens there is that program — read like a script the interpreter is handed
        actions.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=fed_from[-1],
                              arguments=(name,), flags=frozenset({"code"}), text=text))
    # inline code that moves its own directory runs its command lines from a directory the check does not know
    where = "$INLINE_CODE_DIR" if inline and _code_moves_directory(inline) else cmd.cwd
    if inline and ("(" in inline):
        # the command inline code hands to a shell (`system("…")`, `os.execute`, `subprocess.run("…", shell=True)`)
        # or runs as an argv list is judged as that command
        for handed in shell_calls(inline):
            actions.extend(_git_nested(cmd, handed, where, branch, text))
    if inline and (name.startswith(("python", "pypy"))) and "import" in inline:
        # the project's own modules that inline code imports run as it starts (`python -c 'import bench'`, timeit's
        # `-s 'sys.path.insert(0, "tools"); import bench'`): each is read like a script the interpreter is handed
        actions.extend(Action(tool="Bash", operation="shell.script", risk="read-only", target=f, arguments=(name,),
                              flags=frozenset({"operand-file"}), text=text) for f in _imported_local_modules(inline))
    if inline and name not in ("awk", "gawk", "mawk", "nawk", "busybox-awk", "sed"):
        from statewise_cli.actions.hidden import literal_commands, reaches_processes

        if reaches_processes(inline):
            # a process reached by a name no screen lists (an asynchronous API, a function fetched by its name): the
            # commands the code holds as literals are judged as the commands they are
            handed_already = set(shell_calls(inline)) if "(" in inline else set()
            for held in literal_commands(inline):
                if held not in handed_already:
                    actions.extend(a for a in _git_nested(cmd, held, where, branch, text)
                                   if _matters(a) and "operand-file" not in a.flags)
    if name in _EDITORS:
        for ed_cmd in _editor_commands(cmd, name, cmd.argv[1:]):
            actions.extend(_git_nested(cmd, ed_cmd, cmd.cwd, branch, text) if ed_cmd.strip() and not unknown(ed_cmd) else
                           [_inline(name, "", text, f"{name} runs a command the check cannot follow")])
    argv = cmd.argv
    if name == "ruby" and ("-run" in argv or any(argv[i:i + 2] == ("-r", "un") for i in range(len(argv)))):
        # Ruby's `un` library: `ruby -run -e rm -- -rf DIR` is `rm -rf DIR` (cp, mv, ln, mkdir, rmdir, install, chmod,
        # touch alike)
        util = _option_values(argv[1:], ("-e",))
        if util and util[0] in ("rm", "cp", "mv", "ln", "mkdir", "rmdir", "install", "chmod", "touch"):
            import shlex

            rest = list(argv[argv.index("-e") + 2:]) if "-e" in argv else []
            rest = rest[1:] if rest[:1] == ["--"] else rest
            actions.extend(a.replace(text=text) for a in normalize_shell(
                " ".join(shlex.quote(w) for w in (util[0], *rest)), branch, _depth=1))
    if name in ("vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim"):
        commands = _option_values(cmd.argv[1:], ("-c", "--cmd")) + [a[1:] for a in cmd.argv[1:] if a.startswith("+")]
        actions.extend(_write(f, cmd.argv[1:], text) for c in commands for f in _ex_writes(c))
        # `-u FILE` (the vimrc) and `-S FILE` (a session) are Vim scripts it runs: read like a program file
        for script in _option_values(cmd.argv[1:], ("-u", "-S")):
            if script.upper() not in ("NONE", "NORC", "DEFAULTS") and not script.startswith("-"):
                actions.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=script,
                                      arguments=(name,), flags=frozenset({"task-code"}), text=text))
    scripts = _option_values(cmd.argv[1:], _CODE_OPTIONS.get(name, ())) if name in _CODE_OPTIONS else []
    scripts += [p for p in _program_option_paths(cmd.argv[1:]) if p not in scripts]
    if name == "tar":  # `--checkpoint-action=exec=CMD`
        scripts += [a.partition("exec=")[2] for a in cmd.argv if a.startswith("--checkpoint-action=") and "exec=" in a]
    for script in scripts:
        actions.extend(_git_nested(cmd, script, cmd.cwd, branch, text) if not unknown(script) else
                       [_inline(name, "", text, f"the command {name} runs could not be determined")])
    actions.extend(_documented_writes(name, cmd.argv[1:], actions, text))
    actions.extend(_generic(cmd, name, actions, branch, text))
    if name in ("ed", "red", "ex") and _ed_edits_with_shown_text(cmd, cmd.argv[1:]):
        # its whole script is on the line and only changes the buffer with the line's own text (`$a` … `.`, `s/x/y/`,
        # `d`) before `w`: the file it is given is written with what the line shows, not with lines from elsewhere
        actions = [a for a in actions if not (a.operation == "file.operand" and a.arguments == (name,))]
    def git_runs(target: str) -> bool:
        # a relative path is where the line's `cd` left it (`cd .git/hooks && cp /tmp/x pre-commit`); in a directory
        # only the running shell knows, a hook's name may be a hook
        if not cmd.cwd or target.startswith(("/", "~")) or unknown(target):
            return _git_code_file(target)
        if unknown(cmd.cwd):
            return os.path.basename(target.rstrip("/")) in _GIT_HOOK_NAMES or _git_code_file(target)
        return _git_code_file(os.path.join(cmd.cwd, target))

    for a in list(actions):
        if (a.operation in ("file.write", "file.create", "edit") and a.target and git_runs(a.target)
                and name not in ("chmod", "chown", "touch", "mkdir")):
            code = _echoed_code(name, cmd.argv[1:])
            written = "\n".join(cmd.heredocs) if cmd.heredocs else code
            if any(op.endswith(">>") and t == a.target for op, t in cmd.redirects) and (
                    os.path.basename(a.target) in _GIT_HOOK_NAMES or a.target.endswith("config")):
                # `>> .git/hooks/pre-commit`: the lines join what the file holds (a line it ends with may continue
                # into them), and git runs the whole file: the added text alone says nothing
                actions.append(_code_written(a, None, text, f"`{a.target}` gets lines appended to code git runs "
                                             "later; the file is run whole, so the lines cannot be judged alone"))
                continue
            placed = _placed_at(a, cmd.cwd)
            actions.extend(_hook_code(placed, written, text, branch))
            actions.extend(_config_code_written(placed, written, text, branch))
    if name == "chmod" and _adds_execute(cmd.argv[1:]):
        # `chmod +x .git/hooks/pre-commit` makes git run a hook that lay dormant: its text is judged as if written now
        for a in list(actions):
            if a.operation == "file.write" and a.target and git_runs(a.target) \
                    and os.path.basename(a.target) in _GIT_HOOK_NAMES:
                body = _dormant_hook(a.target, cmd.cwd)
                if body is not False:
                    placed = _placed_at(a, cmd.cwd)
                    actions.extend(_hook_code(placed, body if isinstance(body, str) else None, text, branch))
    out = []
    for a in actions:
        if cmd.cwd and not a.cwd:
            a = a.replace(cwd=cmd.cwd)
        if a.operation.startswith("file.") and a.target and unknown(a.target) and not a.unknown:
            a = a.replace(unknown=f"`{a.target}` is expanded by the shell")
        out.append(a)
    return out


# Ex commands that write a file (Vim's documentation, with their shortest abbreviations), and the file each writes
# when it names none ("" : the file being edited, judged as the editor's operand).
_EX_WRITES = (("w", "write", ""), ("sav", "saveas", ""), ("up", "update", ""), ("wq", "wq", ""), ("x", "xit", ""),
              ("exi", "exit", ""), ("mks", "mksession", "Session.vim"), ("mkvie", "mkview", "~/.vim/view"),
              ("mkv", "mkvimrc", ".vimrc"), ("mk", "mkexrc", ".exrc"), ("wv", "wviminfo", "~/.viminfo"),
              ("wsh", "wshada", "~/.local/state/nvim/shada/main.shada"), ("redi", "redir", ""))


def _ex_writes(command: str) -> list[str]:
    """The files an Ex command line (``-c 'mksession! ~/s.vim'``, ``+w /x``, ``redir > F``) writes."""
    out: list[str] = []
    for part in command.split("|"):
        part = part.strip().lstrip(":").strip()
        for prefix in ("silent!", "silent", "sil!", "sil", "noautocmd", "keepalt"):
            if part.startswith(prefix + " "):
                part = part[len(prefix):].strip()
        head = ""
        while head.__len__() < len(part) and part[len(head)].isalpha():
            head += part[len(head)]
        if not head:
            continue
        rest = part[len(head):].lstrip("!").strip()
        for short, full, default in _EX_WRITES:
            if full.startswith(head) and head.startswith(short):
                if full == "redir":
                    rest = rest.lstrip(">").strip() if rest.startswith(">") else ""
                target = rest.split()[0] if rest.split() else default
                if target and not target.startswith(("@", "=", "END")):
                    out.append(target)
                break
    return out


# --------------------------------------------------------------------------------------------------------------
# Generic rules for programs the normalizer has no model of (and known ones whose arguments it does not read):
# nobody can list every program that runs a command string or writes where an operand says.
#
# (a) an argument that itself parses as a command of a program that matters here (``cmake -E env X=1 git push …``,
#     ``npm exec -c 'git reset --hard'``, ``gdb -ex 'shell …'``, ``sqlite3 db '.system …'``, ``make --eval=…``) is
#     judged as that command: the program may run it;
# (b) an operand (or ``--opt=value``) that names a path is a possible write of that path, unless the program only
#     reads its operands: outside the writable area or on a file that guards the agent, it gets the protected answer.

# Programs whose arguments are data, or that the normalizer reads in full.
_ARGS_READ = frozenset({
    *READ_PROGRAMS, *SEARCH_PROGRAMS, *_READ_ONLY_COMMANDS, "git", "statewise", "statewise.exe", "man", "help", "info",
    "whatis", "apropos", "which", "whereis", "type", "hash", "alias", "unalias", "export", "unset", "declare", "local",
    "readonly", "typeset", "set", "shopt", "read", "exit", "return", "shift", "trap", "wait", "jobs", "fg", "bg", "kill",
    "sleep", "pushd", "popd", "dirs", ":", "[[", "umask", "ulimit", "getent", "id", "groups", "ps", "pgrep", "top", "free",
    "uptime", "lsof", "md5sum", "sha1sum", "sha256sum", "sha512sum", "cksum", "b2sum", "xxd", "od", "hexdump", "strings",
    "readelf", "objdump", "nm", "ldd", "size", "column", "fold", "fmt", "rev", "tac", "paste", "join", "comm", "expand",
    "unexpand", "base64", "base32", "shellcheck", "tokei", "cloc", "locale", "tput", "stty", "dig", "host", "nslookup",
    "ping", "seq", "yes", "expr", "bc", "dc", "numfmt", "mktemp", "tty", "nproc", "arch", "lscpu", "lsb_release", "cal",
    "ssh-keygen", "gpg", "open", "xdg-open", "code", "cursor", "subl", "idea", "hx", "zed", "printenv", "envsubst",
    "git-lfs", "tig", "lazygit", "delta", "difft", "colordiff", "vimdiff", "meld", "blkid", "lsblk", "findmnt",
    *_FILE_WRITES, "mkdir", "chmod", "chown", "touch", "cd", "source", ".",  # a sourced script is read as a script
})
# Programs of _ARGS_READ whose every argument is inert by its slot — a printer, a searcher's pattern, a shell builtin
# (its own model), a digest or formatter of what it reads, a program modelled elsewhere. The others of _ARGS_READ (a
# pager, a manual or info reader, gpg, an editor or diff viewer, a calculator) read their files, but an argument of
# theirs may be a command they run (`man -P CMD`, `gpg --photo-viewer CMD`, `bat --pager CMD`): a whole command line
# given to one of them is judged as that command (_argument_command_lines).
_INERT_ARGUMENTS = frozenset({
    *SEARCH_PROGRAMS, *_READ_ONLY_COMMANDS, "cat", "head", "tail", "sed", "nl", "git", "statewise", "statewise.exe",
    "help", "which", "whereis", "whatis", "apropos", "type", "hash", "alias", "unalias", "export", "unset", "declare",
    "local", "readonly", "typeset", "set", "shopt", "read", "exit", "return", "shift", "trap", "wait", "jobs", "fg",
    "bg", "kill", "sleep", "pushd", "popd", "dirs", ":", "[[", "umask", "ulimit", "getent", "id", "groups", "ps",
    "pgrep", "top", "free", "uptime", "lsof", "md5sum", "sha1sum", "sha256sum", "sha512sum", "cksum", "b2sum", "xxd",
    "od", "hexdump", "strings", "readelf", "objdump", "nm", "ldd", "size", "column", "fold", "fmt", "rev", "tac",
    "paste", "join", "comm", "expand", "unexpand", "base64", "base32", "shellcheck", "tokei", "cloc", "locale", "tput",
    "stty", "dig", "host", "nslookup", "ping", "seq", "yes", "expr", "numfmt", "mktemp", "tty", "nproc", "arch",
    "lscpu", "lsb_release", "cal", "printenv", "envsubst", "mkdir", "chmod", "chown", "touch", "cd", "source", ".",
})


# Programs that matter when an argument names them (a command another program runs).
_NESTED_PROGRAMS = frozenset({
    "git", "rm", "rmdir", "mv", "cp", "dd", "tee", "truncate", "shred", "unlink", "install", "ln", "rsync", "find",
    "xargs", "statewise", "npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "pip", "pip3", "uv", "uvx", "poetry", "pdm",
    "pipenv", "sqlite3", "sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python3", "node", "perl", "ruby", "php",
    "tar", "sed", "awk", "chmod", "make", "cmake", "env", "sudo", "exec", "eval", "source", ".", "unzip", "zip", "patch",
    "gh", "curl", "wget", "docker", "podman", "claude", "codex",
})
# Programs a launcher's first argument names as the program it runs (``corepack npm install``, ``bunx npm i``,
# ``npx git push``): names no launcher uses for a subcommand of its own. (``install``, ``rm``, ``cp`` are
# subcommands of many programs, ``docker rm x``: a nested program only after the first argument.)
_LAUNCHED = frozenset({
    "git", "statewise", "npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "pip", "pip3", "uv", "uvx", "poetry", "pdm",
    "pipenv", "sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python3", "node", "perl", "ruby", "php", "deno", "cnpm",
    "sqlite3", "xargs", "find", "claude", "codex",
})
# Programs whose own subcommands share those names and that the normalizer models itself (``uv pip install``,
# ``yarn node x.js``, ``git``'s aliases).
_MODELLED_LAUNCHERS = frozenset({"git", "statewise", "npm", "pnpm", "yarn", "bun", "pip", "pip3", "uv", "poetry", "pdm",
                                 "pipenv", "deno", "cnpm", "python", "python3", "node", "sh", "bash", "zsh", "dash", "ksh",
                                 "docker", "podman", "nerdctl", "kubectl", "gh", "hub"})
# Arguments that are prose, never run: a message, a title.
_PROSE_OPTIONS = ("-m", "--message", "--body", "--title", "--subject", "--description", "--comment", "--notes", "--msg",
                  "--summary", "--reason", "--label")
# A forge CLI's short options for the text it posts (`gh pr comment -b`, `gh pr create -t`, `glab mr note -m`).
_FORGE_PROSE_SHORT = ("-b", "-t")
_SYSTEM_PREFIXES = ("/usr/", "/etc/", "/opt/", "/bin/", "/sbin/", "/lib", "/proc/", "/sys/", "/dev/", "/nix/",
                    "/Library/", "/System/", "/Applications/", "/snap/", "/var/lib/", "/run/")
_GUARD_NAMES = ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md", ".statewise.toml", "settings.json", "settings.local.json",
                "hooks.json", "store.db")


def _matters(a: Action) -> bool:
    """Whether a nested action is one the checks decide on (a push, a discard, a delete or write, the guard's state,
    an install, code that cannot be followed); a nested read, test run or unknown program adds nothing."""
    return (a.risk in ("remote", "destructive") or a.operation in ("statewise.mutate", "pkg.install", "shell.exec",
                                                                  "shell.unparsed", "shell.sqlite3", "shell.script")
            or a.operation.startswith("file.") or a.kind == "edit" or (a.operation.startswith("git.") and a.risk != "read-only"))


def _path_like(word: str) -> bool:
    if not word or "://" in word or word.startswith(("-", "@", "=")) or "\n" in word or " " in word:
        return False
    if word.startswith(("/", "~", "./", "../", "$HOME", "${HOME}")) or word in (".", ".."):
        return True
    base = word.rstrip("/").rsplit("/", 1)[-1]
    return "/" in word or base in _GUARD_NAMES


def _distinguished_name(word: str) -> bool:
    """An X.500 name in its slash form (``/CN=test``, ``/C=US/O=Org/CN=host``): a subject or issuer, no path."""
    first = word[1:].split("/", 1)[0]
    key, eq, _ = first.partition("=")
    return word.startswith("/") and bool(eq) and key.replace(".", "").isalnum() and len(key) <= 24


def _redirect_word(word: str) -> bool:
    """A shell redirection written as one word (``2>&1``, ``>/dev/null``, ``1>>log``, ``<in``)."""
    body = word.lstrip("0123456789&")
    return body[:1] in ("<", ">")


def _argument_command_lines(cmd: SimpleCommand, name: str, branch: str | None, text: str) -> list[Action]:
    """A whole command line given as one argument (or ``--opt=`` value) of a program that reads its files but may run
    a command an argument names (:data:`_INERT_ARGUMENTS`): judged as that command, unless it is prose (a message)."""
    out: list[Action] = []
    args = cmd.argv[1:]
    if name in _INERT_ARGUMENTS or name in _FILE_WRITES:
        return out
    for i, arg in enumerate(args):
        if (i and args[i - 1] in _PROSE_OPTIONS) or arg.startswith(tuple(o + "=" for o in _PROSE_OPTIONS if o.startswith("--"))):
            continue
        value = arg.partition("=")[2] if arg.startswith("-") and "=" in arg else arg
        if value.startswith("-") and len(value) > 2 and " " in value:
            value = value[2:]  # `-P'CMD'`, `-H'CMD'`: a short option with its value attached
        if " " not in value.strip() or unknown(value):
            continue
        for shown in _command_strings(value.lstrip("+")):
            out.extend(_own_memory_text(a.replace(cwd=_join_cwd(cmd.cwd, a.cwd)) if cmd.cwd else a, shown)
                       for a in _git_nested(cmd, shown, "", branch, text) if _matters(a))
    return out


def _own_memory_text(action: Action, shown: str) -> Action:
    """A memory-file write a program's argument holds (`gdb -ex 'shell echo … >> CLAUDE.md'`) carries the command
    line that writes it, so the lines it writes are read from that line, not from the program's."""
    if action.operation == "file.write" and action.target and _memory_name(action.target.replace(os.sep, "/")):
        return action.replace(text=shown)
    return action


def _command_strings(arg: str) -> list[str]:
    """The command strings an argument may hold: itself, without a leading sigil (``!cmd``, ``.system cmd``,
    ``shell cmd``: the first word dropped), and its lines (a recipe ``x:\n\tcmd``)."""
    found: list[str] = []
    for line in [arg, *arg.split("\n")] if "\n" in arg else [arg]:
        rest = line.strip()
        for _ in range(3):  # `shell CMD`, `platform shell CMD`, `\! CMD`: a command after up to two words
            rest = rest.lstrip("!@\\").strip()
            if not rest:
                break
            words = rest.split(None, 1)
            while len(words) > 1 and (_redirect_word(words[0]) or _is_assignment(words[0])):
                words = words[1].split(None, 1)  # `.sy 2>&1 X=1 CMD`: redirections and assignments before the command
            rest = " ".join(words)
            if len(words) > 1 and words[1].startswith("= ") and words[0].replace("_", "").replace("-", "").isalnum():
                rest = words[1][2:]  # `command = CMD` (a ninja rule, an ini key): the value is the command line
                continue
            code = _EMBEDDED_LANGUAGES.get(words[0].lstrip(":").lower())
            if code is not None and len(words) > 1 and not _path_like(words[1].split(None, 1)[0]):
                import shlex  # `python import os; …` (gdb), `:py3 …` / `:lua …` (vim): that language's inline code

                found.append(shlex.join([code[0], code[1], words[1]]))
                break
            if words[0] in _NESTED_PROGRAMS or (words[0].startswith("/") and words[0].rsplit("/", 1)[-1] in _NESTED_PROGRAMS):
                found.append(rest)
                break
            if len(words) > 1 and not words[0].startswith((".", "!", "\\")) and words[0] not in _ESCAPE_WORDS \
                    and _writes_by_redirect(rest):
                found.append(rest)  # `.pso echo x >> ~/.profile`: any command line that writes a file by redirection
                break
            if len(words) < 2:
                break
            rest = words[1]
    for line in [arg, *arg.split("\n")] if "\n" in arg else [arg]:
        body = _delimited_shell_body(line)
        if body and body not in found:
            found.append(body)
    for shown in _embedded_commands(arg):
        if shown not in found:
            found.append(shown)
    parts = arg.split(",")
    if len(parts) > 1 and not any(c.isspace() for c in arg) and parts[0].rsplit("/", 1)[-1] in _NESTED_PROGRAMS:
        import shlex  # an argv joined by commas (`gcc -wrapper /bin/rm,-rf,DIR`, `-Wl,…` style)

        found.append(shlex.join(parts))
    return found


# Commands of programs that embed an interpreter and run the rest of the line as its code (gdb's `python`/`py`/`pi`,
# `guile`; vim's `:python3`/`:py3`/`:pyx`/`:lua`/`:perl`/`:ruby`; weechat's and others' `/python`…): judged as that
# interpreter's inline code.
_EMBEDDED_LANGUAGES = {
    "python": ("python3", "-c"), "python3": ("python3", "-c"), "py": ("python3", "-c"), "py3": ("python3", "-c"),
    "pi": ("python3", "-c"), "pyx": ("python3", "-c"), "pythonx": ("python3", "-c"), "pyo": ("python3", "-c"),
    "perl": ("perl", "-e"), "ruby": ("ruby", "-e"), "rub": ("ruby", "-e"), "lua": ("lua", "-e"),
    "tcl": ("tclsh", "-c"), "mzscheme": ("racket", "-e"), "guile": ("guile", "-c"), "js": ("node", "-e"),
}
_CLOSING = {"{": "}", "(": ")", "[": "]"}
# Words that open a shell escape in the little languages programs read (pic's and m4's `sh`/`syscmd`, `system`,
# `shell`, `exec`, `!`): what follows, between delimiters, is a command line.
_ESCAPE_WORDS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "system", "syscmd", "esyscmd", "shell", "exec", "!", "run"})


def _delimited_shell_body(line: str) -> str | None:
    """The command in a shell-escape statement whose body sits between delimiters of the statement's own choosing:
    ``sh X cmd X`` (any delimiter word, pic's grammar), ``sh "cmd"``, ``system('cmd')``, ``shell {cmd}``; else None."""
    text = line.strip().lstrip(".")
    cut = next((k for k, c in enumerate(text) if not (c.isalnum() or c in "_!")), len(text))
    head, rest = text[:cut], text[cut:].strip()
    if head.lower() not in _ESCAPE_WORDS:
        return None
    if len(rest) < 3:
        return None
    opener = rest[0]
    closer = _CLOSING.get(opener, ")" if opener == "(" else opener)
    if opener == "(":
        inner = rest[1:rest.rfind(")")].strip() if ")" in rest else ""
        if inner[:1] in "'\"" and inner[-1:] == inner[:1]:
            return inner[1:-1].strip() or None
        return None
    if not opener.isalnum() and rest.endswith(closer) and len(rest) > 2:
        return rest[1:-1].strip() or None
    words = rest.split()
    if len(words) >= 3 and words[0] == words[-1] and len(words[0]) <= 3:
        return " ".join(words[1:-1])  # `sh Q cmd args Q`: a delimiter word of the statement's own choosing
    return None
_REDIRECT_WRITE = Pattern(r"""(?:^|\s)\d?>>?\s*['"]?(?:~|/|\$HOME|\.\.?/|[\w.-]+/)""")
# A redirection onto a guard file by its bare name (`>> CLAUDE.md`), read as a write when echo or printf shows the text
_REDIRECT_GUARD = Pattern(r"""(?:^|\s)\d?>>?\s*['"]?(?:(?:CLAUDE(?:\.local)?|AGENTS(?:\.override)?|GEMINI)\.md|\.statewise\.toml)\b""")


def _writes_by_redirect(line: str) -> bool:
    """A command line (a program-like first word) whose output redirection writes a path: ``echo x >> ~/.profile``."""
    first = line.split(None, 1)[0] if line.strip() else ""
    return bool(first) and first.replace("-", "").replace("_", "").replace(".", "").replace("/", "").isalnum() \
        and (bool(_REDIRECT_WRITE.search(line)) or first in ("echo", "printf") and bool(_REDIRECT_GUARD.search(line)))


def _quoted_pipe(arg: str, start: int) -> str:
    """The command of a pipe opened at ``arg[start]`` (a ``|`` after ``{``, ``"`` or ``'``), up to the matching close,
    with Tcl's ``{…}`` words written as single-quoted shell words."""
    close = {"{": "}", '"': '"', "'": "'"}[arg[start - 1]]
    depth, k, body = 0, start + 1, []
    while k < len(arg):
        c = arg[k]
        if close == "}" and c == "{":
            depth += 1
            body.append("'" if depth == 1 else c)
        elif c == close and depth == 0:
            break
        elif close == "}" and c == "}":
            depth -= 1
            body.append("'" if depth == 0 else c)
        else:
            body.append(c)
        k += 1
    return "".join(body).strip()


def _literal_command_actions(code: str, cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    """Inline code of any language judged by the command lines its literals hold — a string handed to an API no
    screen lists (a pager or a pipe opened to a program, ``open {|cmd}``, ``pipepager(text, 'cmd')``), a command of
    a program that matters or one that writes a file by redirection: what such a literal does is judged as if it
    ran. A literal that is no command line adds nothing."""
    out: list[Action] = []
    # code that moves its own directory first (`os.chdir('/')`, `cwd=`, Go's `cmd.Dir`, `current_dir`, Tcl's `cd`)
    # runs its command lines from a directory the hook does not know: relative names there are unknown, not the line's
    cwd = "$INLINE_CODE_DIR" if _code_moves_directory(code) else cmd.cwd
    for shown in [*_embedded_commands(code)[:16], *(_join_argv(argv) for _, _, argv in _judged_argvs(code)[:16])]:
        try:
            inner = normalize_shell(shown, branch, _depth=2)
        except RecursionError:
            continue
        out += [a.replace(cwd=_join_cwd(cwd, a.cwd), text=text) for a in inner if _matters(a)]
    return out


# Words of inline code that set the directory it, or a process it starts, runs in
_DIRECTORY_MOVES = ("chdir", "cwd=", "cwd =", "cwd:", "cwd :", "cwd,", "cwd)", "Dir =", "Dir=", "current_dir",
                    "directory(", "setwd", "Set-Location", "pushd", "Push-Location", "lcd(", "workingDirectory",
                    "WorkingDirectory", "working_dir")


def _code_moves_directory(code: str) -> bool:
    """Whether inline code changes the directory it (or a process it starts) works in — a relative name in a command
    line it runs is then not relative to the command line's own directory."""
    return any(w in code for w in _DIRECTORY_MOVES) or "cd" in _screen_words(code)


# Words of inline code that start a process in another directory or environment than the line's (`cwd=`, `chdir`,
# Go's `cmd.Dir`, `env=`, `GIT_DIR`): an argv it hands over is not judged as if the line ran it
_MOVED_PROCESS = ("cwd", "chdir", "Dir", "GIT_", "env=", "env:", "env =", "env :", "environ[", "putenv", "setenv",
                  "environ.update", "ENV[", "%ENV", "process.env.", "os.Setenv", "Env ")


def _judged_argvs(code: str, moved: bool = False) -> list[tuple[int, int, tuple[str, ...]]]:
    """The whole literal argv lists inline code hands a program that matters (:func:`hidden.literal_argvs`); with
    ``moved``, also in code that starts its process in another directory or environment (the caller judges them from a
    directory it does not know)."""
    if "(" not in code and "[" not in code and "{" not in code or (not moved and any(w in code for w in _MOVED_PROCESS)):
        return []  # a process started elsewhere or with a changed environment is not the command line's
    from statewise_cli.actions.hidden import literal_argvs

    return [(start, end, argv) for start, end, argv in literal_argvs(code)
            if argv[0].rsplit("/", 1)[-1] in _NESTED_PROGRAMS]


def _fed_argvs(code: str, moved: bool = False) -> list[tuple[str, ...]]:
    """The argv lists program text hands a program that matters: whole literal lists (:func:`_judged_argvs`), and a
    literal argument list set apart from the program it is given to (Swift's ``executableURL = …"/usr/bin/git"`` and
    ``arguments = ["push", …]``, ``Command(gitPath)`` with ``args = [...]``): each such list after each program of
    the text named by a literal."""
    if "(" not in code and "[" not in code and "{" not in code or (not moved and any(w in code for w in _MOVED_PROCESS)):
        return []
    from statewise_cli.actions.hidden import literal_argvs

    found: list[tuple[str, ...]] = []
    lists: list[tuple[str, ...]] = []
    for _, _, argv in literal_argvs(code)[:32]:
        if argv[0].rsplit("/", 1)[-1] in _NESTED_PROGRAMS:
            found.append(argv)
        elif not argv[0].startswith("/"):
            lists.append(argv)
    if lists:
        programs: list[str] = []
        for quote in ('"', "'"):
            for part in code.split(quote)[1::2]:
                base = part.rsplit("/", 1)[-1]
                if base in _NESTED_PROGRAMS and " " not in part and base not in programs:
                    programs.append(base)
        found += [(p, *argv) for p in programs[:4] for argv in lists[:8]]
    return found[:24]


def _join_argv(argv: tuple[str, ...]) -> str:
    import shlex

    return shlex.join(argv)


def _embedded_commands(arg: str) -> list[str]:
    """Command lines that start inside a word, after a separator of the program's own syntax: ``SYSTEM:cmd``
    (socat's address), ``/bin/sh,-c,cmd`` (an argv joined by commas), ``\\write18{cmd}`` (TeX), ``--opt=cmd``,
    ``x;cmd``. A command opened by a bracket ends at its matching bracket."""
    import re

    found: list[str] = []
    for m in re.finditer(r"[:=,{(\[;|&`%]\s*(['\"]?)([^\s:=,{}()\[\];|&`'\"%]+)", arg):
        word = m.group(2)
        base = word.rsplit("/", 1)[-1] if word.startswith("/") else word
        if m.end(2) >= len(arg) or not arg[m.end(2)].isspace():
            continue  # a program's name followed by its arguments
        rest = arg[m.start(2):]
        if m.group(1) and m.group(1) in rest:
            rest = rest[:rest.index(m.group(1))]  # `-XX:OnError="cmd args"`: the quoted command
        opener = m.group(0)[0]
        start = m.start(0)
        if opener == "|" and start and arg[start - 1] in "{\"'":
            # a pipe opened to a program (Tcl's `open {|cmd args}` / `open "|cmd"`): the command ends where the
            # quoting around it does, and Tcl's braces inside it quote a word
            rest = _quoted_pipe(arg, start)
        if base not in _NESTED_PROGRAMS and not _writes_by_redirect(rest):
            continue  # a program that matters, or any command line that writes a file by redirection
        if opener in _CLOSING:
            depth = 0
            for k, c in enumerate(rest):
                if c == opener:
                    depth += 1
                elif c == _CLOSING[opener]:
                    if depth == 0:
                        rest = rest[:k]
                        break
                    depth -= 1
        rest = rest.strip()
        if rest and rest not in found:
            found.append(rest)
    return found


# Options whose value is a file or directory a program writes, whatever the program (``--output F``, ``-o F`` of
# programs whose -o is no flag, ``--report-file=F``, ``--out-dir D``): for programs whose operands are otherwise data.
_OUTPUT_OPTION_WORDS = ("output", "out", "outfile", "outdir", "report-file", "log-file", "logfile", "dump", "save",
                        "write", "export", "dest", "destination", "result-file", "pidfile", "pid-file", "tmpdir",
                        "basetemp", "junitxml", "junit-xml", "xunit-file", "resultlog", "result-log", "report-log")
# ... and options whose name says they name a written report or scratch directory (`--junit-xml=F`, `--html=F`,
# `--json-report-file=F`, `--coverage-dir=D`, `--cache-dir=D`): by the end of the option's name
_OUTPUT_OPTION_ENDINGS = ("-output", "-out", "-outdir", "-output-dir", "-report-file", "-log-file", "-xml", "-html",
                          "-dir-out", "-temp", "-tmp", "-tmpdir", "-basetemp", "-cache-dir", "-coverage-dir")


def _written_option(opt: str, eq: str = "=") -> bool:
    """Whether ``--opt`` (or ``-opt``) names a file or directory the program writes, whatever the program (by the end
    of its name only in the ``--opt=VALUE`` form: ``--html FILE`` may be a flag and an input)."""
    word = opt.lstrip("-")
    return word in _OUTPUT_OPTION_WORDS or (bool(eq) and (("-" + word).endswith(_OUTPUT_OPTION_ENDINGS)
                                                          or word in ("html", "xml")))


def _option_writes(args: tuple[str, ...], text: str) -> list[Action]:
    """Writes named by output options (:func:`_written_option`) of a program whose other arguments are its own."""
    out: list[Action] = []
    for j, a in enumerate(args):
        if not a.startswith("-") or a == "--":
            continue
        opt, eq, value = a.partition("=")
        if not opt.startswith("--") and not eq:
            continue  # short options: their meaning is the program's own
        if _written_option(opt, eq):
            value = value if eq else (args[j + 1] if j + 1 < len(args) else "")
            if _path_like(value) and not value.startswith(_SYSTEM_PREFIXES):
                out.append(_write(value, args, text))
    return out
# openssl commands whose operands are files they read (their documented writes go to `-out`): digests and checks.
_OPENSSL_READERS = frozenset({"dgst", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3-256", "sha3-512",
                              "blake2b512", "blake2s256", "sm3", "ripemd160", "verify", "asn1parse"})
_SHORT_OUTPUT = {"gpg": ("-o",), "gpg2": ("-o",), "pandoc": ("-o",), "asciidoctor": ("-o",), "iconv": ("-o",),
                 "enscript": ("-o",), "mmdc": ("-o",), "markdown": ("-o",), "rst2md": ("-o",), "base64": ("-o",), "base32": ("-o",), "mktemp": ("-p",),
                 "sha256sum": (), "openssl": ("-out", "-keyout")}


def _output_options(cmd: SimpleCommand, name: str, text: str) -> list[Action]:
    """Writes named by output options of a program whose arguments are read as data (see :data:`_ARGS_READ`), and
    the file ``mktemp TEMPLATE`` creates where its template says."""
    args = cmd.argv[1:]
    out: list[Action] = []
    for j, a in enumerate(args):
        if not a.startswith("-"):
            continue
        opt, eq, value = a.partition("=")
        if _written_option(opt, eq) or opt in _SHORT_OUTPUT.get(name, ()):
            value = value if eq else (args[j + 1] if j + 1 < len(args) else "")
            if name == "mktemp":
                continue  # `-p DIR`/`--tmpdir DIR` is where the file is made, not the file: below
            if _path_like(value) and not value.startswith(_SYSTEM_PREFIXES):
                out.append(_write(value, args, text))
    if name == "mktemp":
        out += _mktemp_writes(args, text)
    if name in ("gpg", "gpg2") and any(a.split("=", 1)[0] in _GPG_KEYRING_WRITES for a in args):
        # key generation, import and edits write the keyring: user-level state in `--homedir`, $GNUPGHOME or ~/.gnupg
        home = (_option_values(args, ("--homedir",)) or [v for k, v in cmd.assigns if k == "GNUPGHOME"] or ["~/.gnupg"])[-1]
        out.append(_write(home.rstrip("/") + "/pubring.kbx", args, text))
    return out + _output_specs(args, text)


_GPG_KEYRING_WRITES = frozenset({
    "--gen-key", "--generate-key", "--quick-gen-key", "--quick-generate-key", "--full-gen-key", "--full-generate-key",
    "--import", "--recv-keys", "--recv-key", "--receive-keys", "--fetch-keys", "--refresh-keys", "--edit-key",
    "--sign-key", "--lsign-key", "--quick-sign-key", "--quick-lsign-key", "--quick-add-uid", "--quick-add-key",
    "--quick-revoke-uid", "--quick-set-expire", "--delete-key", "--delete-keys", "--delete-secret-key",
    "--delete-secret-keys", "--delete-secret-and-public-key", "--import-ownertrust", "--update-trustdb",
    "--gen-revoke", "--locate-keys", "--auto-key-locate"})


def _output_specs(args: tuple[str, ...], text: str) -> list[Action]:
    """Destinations of output specs, whatever the program (``-o type=local,dest=DIR``, ``--output type=tar,dest=F``,
    ``--mount …,dst=…`` is no output: only an option's ``dest=``/``destination=`` part after a ``type=``)."""
    out: list[Action] = []
    for j, a in enumerate(args):
        if not a.startswith("-"):
            continue
        _opt, eq, value = a.partition("=")
        spec = value if eq else (args[j + 1] if j + 1 < len(args) else "")
        if not (spec.startswith(("dest=", "destination=")) or ("type=" in spec and "," in spec)):
            continue
        for part in spec.split(","):
            key, _, where = part.partition("=")
            if key in ("dest", "destination") and _path_like(where) and not where.startswith(_SYSTEM_PREFIXES):
                out.append(_write(where, args, text))
    return out


def _mktemp_writes(args: tuple[str, ...], text: str) -> list[Action]:
    """The file ``mktemp`` creates: its template, inside the ``-p DIR``/``--tmpdir[=DIR]`` directory when one is
    given (the directory itself is not written)."""
    directory, templates, j = "", [], 0
    while j < len(args):
        a = args[j]
        if a in ("-p", "--tmpdir") and j + 1 < len(args):
            directory, j = args[j + 1], j + 2
            continue
        if a.startswith("--tmpdir="):
            directory = a[9:]
        elif a.startswith("-p") and len(a) > 2:
            directory = a[2:]
        elif not a.startswith("-"):
            templates.append(a)
        j += 1
    if directory and _path_like(directory):
        names = [t for t in templates if "/" not in t] or ["tmp.XXXXXXXXXX"]
        return [_write(directory.rstrip("/") + "/" + t, args, text) for t in names] + \
            [_write(t, args, text) for t in templates if "/" in t]
    return [_write(t, args, text) for t in templates if "/" in t and "XXX" in t]


# Standard-library modules run with `python -m` that read their file operands and print: the options that take a
# value, and the position of an operand that names the output file (None: they write none).
_READING_MODULES: dict[str, tuple[frozenset[str], int | None]] = {
    "json.tool": (frozenset({"--indent"}), 1),
    "tokenize": (frozenset(), None),
    "tabnanny": (frozenset(), None),
    "dis": (frozenset(), None),
    "ast": (frozenset({"-m", "--mode", "--feature-version", "-O", "--optimize", "--indent"}), None),
    "pyclbr": (frozenset(), None),
    "base64": (frozenset(), None),
    "pickletools": (frozenset({"-o", "--output", "-l", "--indentlevel", "-p", "--preamble"}), None),
    "uu": (frozenset(), 1),  # `uu [-d] [-t] IN OUT`; decoding without OUT writes the name the input's header holds
    "quopri": (frozenset(), None),
}


def _reading_module_outputs(module: str, args: tuple[str, ...]) -> list[str]:
    """The files a module of ``_READING_MODULES`` writes: its output operand, a ``-o``/``--output`` value."""
    valued, out_at = _READING_MODULES[module]
    operands: list[str] = []
    written: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in valued:
            if arg in ("-o", "--output") and i + 1 < len(args):
                written.append(args[i + 1])
            i += 2
            continue
        if arg.startswith("--output="):
            written.append(arg.partition("=")[2])
        elif not arg.startswith("-") or arg == "-":
            operands.append(arg)
        i += 1
    if out_at is not None and len(operands) > out_at:
        written.append(operands[out_at])
    return [w for w in written if w and w != "-"]


# Stream compressors: with `-c`/`--stdout` (or a `*cat` name) they write standard output only, and `-t`/`--test`
# reads; the files they are given are read, never written (without them, `gzip f` replaces f by f.gz).
_STREAM_COMPRESSORS = frozenset({"gzip", "gunzip", "zcat", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat", "lzma",
                                 "unlzma", "zstd", "unzstd", "zstdcat", "lz4", "lz4cat", "brotli", "pigz", "unpigz",
                                 "pbzip2", "lzip", "lzop", "lz4c", "unlz4", "uncompress", "compress", "lunzip",
                                 "plzip", "lbzip2", "pixz", "zstdmt"})


def _compressor_to_stdout(name: str, args: tuple[str, ...]) -> bool:
    if name not in _STREAM_COMPRESSORS or any(a == "-o" or a.startswith(("--output", "-o")) or unknown(a) for a in args):
        return False
    if not any(not a.startswith("-") for a in args):
        return True  # no file operand: standard input to standard output
    return name.endswith("cat") or any(a in ("--stdout", "--to-stdout", "--test") or (
        a[:1] == "-" and a[1:2] != "-" and a[1:].isalpha() and any(c in a[1:] for c in "ct")) for a in args)


_CTAGS_WRITES = ("-f", "-o", "--output", "--options", "-L", "-a", "--append", "-e", "--etags-include", "--optlib-dir")
# docutils' written reports and output option (its front ends print when given one operand)
_DOCUTILS_WRITES = ("--record-dependencies", "--warnings", "--output", "-o", "--config", "--output-encoding-error-handler")


# Pure readers by grammar: programs whose every operand is an input they read and print from, with no execution or
# write path — except through the options listed (an output file, code loaded from a file, a mode whose operands
# are an input and an output). A run that uses none of them reads what it names: a guard file among its operands
# is read, not written. The table holds the grammar of each program, never a case: any program or option outside it
# keeps the generic judgement (its path operands are possible writes).
_PURE_READERS: dict[str, tuple[str, ...]] = {
    "ptx": ("-o",),  # traditional mode (-G): `ptx INPUT OUTPUT` writes its second operand (_OUTPUT_OPERAND)
    "pygmentize": ("-o", "-x"),  # an output file; `-x`: a lexer or formatter loaded from a file (a `-l`/`-f` value
                                 # naming a file, `PATH:Class`, is code too: _CODE_VALUE)
    "highlight": ("-o", "--output", "-O", "--outdir", "-d", "--plug-in", "--config-file"),
    "tsort": (), "look": (), "pr": (), "fmt": (), "fold": (), "tac": (), "rev": (), "wc": (), "sum": (),
    "expand": (), "unexpand": (), "column": (), "paste": (), "join": (), "comm": (), "cmp": (), "od": (),
    "hexdump": (), "strings": (), "md5sum": (), "sha1sum": (), "sha256sum": (), "sha512sum": (), "b2sum": (),
    "cksum": (), "file": ("-C", "--compile"), "iconv": ("-o", "--output"), "numfmt": (), "base64": (), "base32": (),
    "basenc": (), "xmllint": ("-o", "--output", "--c14n", "--format"),
    "namei": (),  # follows a path name and lists each component: nothing opened for writing
    # jq wrappers for YAML, XML and TOML: they print unless told to write the file in place (or, mikefarah's yq,
    # to split the output into files)
    "tomlq": ("-i", "--in-place"), "xq": ("-i", "--in-place"),
    "yq": ("-i", "--in-place", "--inplace", "-s", "--split-exp", "--split-exp-file", "--from-file"),
    # tag generators: they write a tags file (`-f FILE`/`-o FILE`, default `tags`/`TAGS`) unless told to print
    # (`-x`, `--filter`, a tags file of `-`); read with _STDOUT_ONLY
    "ctags": _CTAGS_WRITES,
    "etags": ("-f", "-o", "--output", "--options", "-L", "-a", "--append", "-i", "--include", "--regex"),
    "uctags": _CTAGS_WRITES,
    "exuberant-ctags": ("-f", "-o", "--output", "--options", "-L", "-a", "--append", "-e", "--etags-include"),
    # document converters that print what they convert: docutils' front ends (`rst2X SOURCE [DEST]`: a second operand
    # is the output, _OUTPUT_OPERAND; their report files are written), perl's pod converters (same form), CommonMark
    "rst2html": _DOCUTILS_WRITES, "rst2html4": _DOCUTILS_WRITES, "rst2html5": _DOCUTILS_WRITES,
    "rst2latex": _DOCUTILS_WRITES, "rst2xetex": _DOCUTILS_WRITES, "rst2man": _DOCUTILS_WRITES,
    "rst2xml": _DOCUTILS_WRITES, "rst2pseudoxml": _DOCUTILS_WRITES, "rst2s5": _DOCUTILS_WRITES,
    "rst2odt": _DOCUTILS_WRITES,
    # every front end also under its `.py` name (the spelling older docutils installs)
    **{f"rst2{n}.py": _DOCUTILS_WRITES for n in ("html", "html4", "html5", "latex", "xetex", "man", "xml", "pseudoxml",
                                                  "s5", "odt")},
    "docutils": _DOCUTILS_WRITES,
    "pod2text": ("-o", "--output"), "pod2man": ("-o", "--output"), "pod2usage": ("-output", "--output"),
    "pod2html": ("--outfile", "--infile"),
    "cmark": (), "cmark-gfm": ("-e", "--extension"),
    # terminal-output cleaners and troff preprocessors: they print what they read (pic runs `sh` only with -U)
    "col": (), "colcrt": (), "ul": (), "hd": (), "eqn": (), "neqn": (), "geqn": (), "tbl": (), "gtbl": (),
    "soelim": (), "gsoelim": (), "refer": ("-B",), "pic": ("-U",), "gpic": ("-U",),
    "ctags-universal": _CTAGS_WRITES, "universal-ctags": _CTAGS_WRITES, "ctags-exuberant": _CTAGS_WRITES,
    # printers to a terminal, the system log or the clipboard: what they read is shown or stored, never run (a cow
    # file, `-f`, is Perl code cowsay loads)
    "cowsay": ("-f",), "cowthink": ("-f",), "figlet": (), "toilet": (), "lolcat": (), "ts": (), "logger": (),
    "xclip": (), "xsel": (), "pbcopy": (), "wl-copy": (),
    # the C preprocessor prints its one input (`cpp [OPTIONS] INFILE [OUTFILE]`, gcc's manual): it writes through
    # `-o`, a second operand (_OUTPUT_OPERAND), a dependency file (`-MD`, `-MMD`, `-MF`), kept intermediate or dump
    # files; it runs code from a plugin, a specs file, a wrapper or a directory of subprograms (`-B`); options pass
    # to subprograms with `-Wp,`/`-Xpreprocessor`, or come from a file (`@FILE`, refused as code below)
    "cpp": ("-o", "--output", "-MD", "-MMD", "-MF", "-specs", "--specs", "-B", "-wrapper", "-fplugin",
            "-fplugin-arg", "-save-temps", "-dumpdir", "-dumpbase", "-Wp", "-Xpreprocessor", "-aux-info",
            "-iplugindir", "--sysroot", "-imultilib", "-fdump-tree", "-fdump-rtl", "-fdump-ipa", "-fopt-info",
            "-fcallgraph-info", "-fstack-usage", "-fprofile-generate", "-fprofile-arcs"),
}
_CTAGS = ("ctags", "etags", "uctags", "exuberant-ctags", "ctags-universal", "universal-ctags", "ctags-exuberant")
# Options of an output that may be standard output (`-f -`): a run naming `-` there prints (tag generators).
_STDOUT_VALUE: dict[str, tuple[str, ...]] = {n: ("-f", "-o", "--output") for n in _CTAGS}
# Programs among those that write a default file unless a printing option or an output of `-` is given.
_STDOUT_ONLY = {n: ("-x", "--filter") for n in _CTAGS}


# Modes in which a pure reader's second operand is its output file (and the options that take a value there).
_OUTPUT_OPERAND = {"ptx": (("-G", "--traditional"), ("-F", "-M", "-S", "-W", "-b", "-g", "-i", "-w")),
                   "cpp": (("",), ("-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
                                   "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-x", "-MT", "-MQ", "-A",
                                   "-isysroot", "-std", "-ansi")),
                   **{n: (("",), ()) for n in ("rst2html", "rst2html4", "rst2html5", "rst2latex", "rst2xetex", "rst2man",
                                               "rst2xml", "rst2pseudoxml", "rst2s5", "rst2odt", "rst2html.py",
                                               "rst2html4.py", "rst2html5.py", "rst2latex.py", "rst2xetex.py",
                                               "rst2man.py", "rst2xml.py", "rst2pseudoxml.py", "rst2s5.py",
                                               "rst2odt.py", "docutils", "pod2text",
                                               "pod2man", "pod2usage")}}
# A value naming a program file (`lexer.py:Name`, `./fmt.py`): code the program loads.
_CODE_VALUE = Pattern(r"^[\w./~-]+\.(?:py|pyc|rb|pl|pm|lua|js|cjs|mjs|tcl|so)(?::[\w.]+)?$")


# Package managers whose install-family commands take a dry-run option that changes nothing (npm's `--dry-run`,
# which its option parser also accepts abbreviated, `--dry`, and as `--dry-run=true`); a later `--no-dry-run` or
# `--dry-run=false` undoes it. Other managers' dry runs still resolve or build packages, so they are not listed.
_DRY_RUN_MANAGERS = {"npm": "--dry-run"}


def _help_request(args: tuple[str, ...]) -> bool:
    """Whether a package manager's words ask for help: ``--help`` or ``-h`` as a word of its own before ``--`` (after
    it, the words belong to a program the manager runs)."""
    words = args[:args.index("--")] if "--" in args else args
    return any(a in ("--help", "-h") for a in words)


def _manager_dry_run(name: str, args: tuple[str, ...], assigns: tuple[tuple[str, str], ...] = ()) -> bool:
    option = _DRY_RUN_MANAGERS.get(name)
    if option is None:
        return False
    # npm reads its settings from `npm_config_*` variables too, in any case (`npm_config_dry_run=true npm i`); an
    # option on the command line wins over them. Only the word npm reads as true counts.
    setting = "npm_config_" + option[2:].replace("-", "_")
    values = [v for k, v in assigns if k.lower() == setting]
    dry = bool(values) and values[-1] == "true"  # the last assignment is the one the program sees
    for a in args:
        if a == "--":
            break
        opt, eq, value = a.partition("=")
        if len(opt) >= 5 and option.startswith(opt):
            dry = not eq or value.lower() in ("true", "1", "yes")
        elif opt in ("--no-dry-run", "--no-dry"):
            dry = False
    return dry


def _unversioned(name: str) -> str:
    """A program's name without a version suffix (`llvm-ar-18`, `gcc-ar-12.2` → `llvm-ar`, `gcc-ar`)."""
    head, dash, tail = name.rpartition("-")
    return head if dash and head and tail.replace(".", "").isdigit() and not tail.startswith(".") else name


def _archive_update(name: str, args: tuple[str, ...]) -> str | None:
    """The archive an ``ar``-family run writes when its key adds, replaces, moves or deletes members or writes the
    index (``r``, ``q``, ``d``, ``m``, ``s`` with their modifiers): the operands after the archive are members it reads
    (or drops from the archive), never files it writes. None for any other run (``x`` extracts: its own model)."""
    base = _unversioned(name)
    if not (base == "ar" or base.endswith("-ar")) or not args:
        return None
    key = args[0].lstrip("-")
    operands = [a for a in args[1:] if not a.startswith(("-", "@"))]
    if not key or key[0] not in "rqdms" or not set(key[1:]) <= set("cuvsSDUTPaib") or not operands:
        return None
    if any(c in key for c in "abi"):
        operands = operands[1:]  # a position member comes before the archive
    return operands[0] if operands else None


def _lists_only(name: str, args: tuple[str, ...]) -> bool:
    """Whether this run of an archive tool is in its listing or printing mode, by the tool's documented grammar: the
    ``ar`` family (``ar``, ``llvm-ar``, ``gcc-ar``, a cross prefix or a version suffix) with the key ``t`` or ``p`` and
    only the modifiers that change what it prints (``v``, ``O``, ``U``, ``D``), ``zipinfo``, ``lsar``, ``unzip -l/-v/-Z``
    (``-t`` tests), ``7z l``. It names members; it writes nothing (a redirection of its output is judged on its own)."""
    base = _unversioned(name)
    if base == "ar" or base.endswith("-ar"):
        key = args[0].lstrip("-") if args else ""
        return bool(key) and key[0] in "tp" and set(key[1:]) <= set("vOUD") and not any(
            a.startswith(("--plugin", "@")) for a in args)
    if base in ("zipinfo", "lsar"):
        return not any(a.startswith("@") for a in args)
    if base == "unzip":
        return any(a in ("-l", "-v", "-Z", "-t", "-lv", "-vl", "-tq", "-qt") for a in args) and not any(
            a in ("-d", "-o", "-x") or a.startswith("-d") for a in args)
    if base in ("7z", "7za", "7zr", "7zz"):
        return args[:1] == ("l",) and not any(a.startswith(("-o", "-so", "-si", "-scrc")) for a in args[1:])
    return False


def _pure_read(name: str, args: tuple[str, ...]) -> bool:
    """Whether this run of a pure reader (:data:`_PURE_READERS`) uses none of its write or execution options."""
    risky = _PURE_READERS.get(name)
    if risky is None:
        return _lists_only(name, args)
    if any(_CODE_VALUE.match(a.partition("=")[2] if a.startswith("--") else a) for a in args if a != "--"):
        return False  # a program file named among its arguments is code it may load
    if name == "cpp" and any(a.startswith(("@", *risky)) for a in args):
        return False  # gcc's options glue their value (`-MFdeps`, `-Wp,-MD,f`, `-fdump-tree-all`): by prefix
    modes, valued = _OUTPUT_OPERAND.get(name, ((), ()))
    if "" in modes or any(a in modes for a in args):
        operands = [a for k, a in enumerate(args) if not a.startswith("-") and not (k and args[k - 1] in valued)]
        if len(operands) > 1:
            return False
    printing = _STDOUT_VALUE.get(name, ())
    if name in _STDOUT_ONLY and not any(
            a in _STDOUT_ONLY[name] or (a in printing and k + 1 < len(args) and args[k + 1] == "-")
            or any(a in (p + "-", p + "=-") for p in printing) for k, a in enumerate(args)):
        return False  # it writes its default tags file
    for k, a in enumerate(args):
        if a == "--":
            break
        opt = a.partition("=")[0]
        if any(a in (p + "=-", p + "-") for p in printing) or (
                a in printing and k + 1 < len(args) and args[k + 1] == "-"):
            continue  # an output of `-`: standard output
        if opt in risky or (opt[:1] == "-" and opt[1:2] != "-" and any(
                "-" + c in risky for c in opt[1:] if c.isalpha())):
            return False
    return True


# Readers that may be the command a wrapper runs (`WRAPPER [OPTIONS] cat FILE`): each reads its operands and prints.
_INNER_READERS = frozenset({"cat", "head", "tail", "less", "more", "wc", "nl", "md5sum", "sha1sum", "sha256sum",
                            "sha512sum", "cksum", "stat", "file", "od", "hexdump", "strings", "grep", "egrep", "fgrep",
                            "rg", "diff", "cmp", "tac", "ls"})


def _inner_reader(args: tuple[str, ...], i: int, word: str) -> bool:
    """Whether ``args[i:]`` is a reader's command line run by the wrapper (a reader's name after the wrapper's own
    options or its ``--``, followed by operands), so that the operands after it are the reader's."""
    if i == 0 or word not in _INNER_READERS or not _pure_read_inner(args[i:]):
        return False  # the first argument is often the wrapper's own subcommand (`prof stat`, `tool diff`)
    before = args[1:i]  # the wrapper's subcommand (or first argument), then only its options and their values
    return all(a.startswith("-") or (k and before[k - 1].startswith("-") and "=" not in before[k - 1])
               for k, a in enumerate(before)) or "--" in before


def _pure_read_inner(argv: tuple[str, ...]) -> bool:
    # sed/awk/find are left out of _INNER_READERS (they have write and exec paths); `tail -f`/`less` only read
    return not any(a in ("-o", "--output") for a in argv[1:])


_UNKNOWN_OUTPUT_SHORT = ("-o",)


_GIT_WRITERS: list[frozenset[str]] = []


def _git_writers() -> frozenset[str]:
    """The git subcommands the generated table lists (the table is imported at the first git command with an
    option and kept)."""
    if not _GIT_WRITERS:
        from statewise_cli.actions.writers_table import WRITERS

        _GIT_WRITERS.append(frozenset(k for k in WRITERS if k.startswith("git ")))
    return _GIT_WRITERS[0]


# Programs whose manual says an option names a file it reads where the program also writes it, which the generated
# table cannot tell: blkid(8) `-c cachefile` is the cache it reads and, run as root, rewrites
_WRITERS_BY_HAND: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "blkid": (frozenset({"-c", "--cache-file"}), frozenset()),
}


def _documented_writes(name: str, args: tuple[str, ...], actions: list[Action], text: str) -> list[Action]:
    """Writes through the options a program's own manual says name a file or directory it writes
    (:data:`statewise_cli.actions.writers_table.WRITERS`, generated from the installed manual pages and ``--help``
    texts by ``benchmarks/security/gen_writers_table.py``): each such option's value is a write, and with an in-place
    flag (``--in-place``, ``-i`` where documented so) each operand is rewritten. A program the table does not list
    that is given an output-like option (``-o``, ``--output``, ``--outfile``, ``--log-file``, ``--cache-dir``…) whose
    value the check cannot know writes a target that could not be determined: the protected answer (a known value
    is judged by the operand checks as any path the program is handed). Nothing is imported unless an option is
    there."""
    if not any(a[:1] == "-" and len(a) > 1 for a in args):
        return []
    from statewise_cli.actions.writers_table import OTHER_OUTPUT_OPTIONS, WRITERS

    have = {a.target for a in actions if a.operation == "file.write"}
    entry = WRITERS.get(name) or _WRITERS_BY_HAND.get(name)
    out: list[Action] = []

    def wrote(value: str) -> None:
        if value and value != "-" and not value.startswith("/dev/") and value not in have:
            have.add(value)
            out.append(_write(value, args, text))

    if entry is None:
        for j, a in enumerate(args):
            if a == "--":
                break
            opt, eq, value = a.partition("=")
            if not (opt.startswith("--") and _written_option(opt, eq)) and a not in _UNKNOWN_OUTPUT_SHORT \
                    or opt in OTHER_OUTPUT_OPTIONS.get(name, ()):
                continue
            value = value if eq else (args[j + 1] if j + 1 < len(args) else "")
            if unknown(value):
                wrote(value)
        return out
    valued, in_place = entry
    operands: list[str] = []
    rewrites = False
    j = 0
    while j < len(args):
        a = args[j]
        if a == "--":
            operands += args[j + 1:]
            break
        opt, eq, value = a.partition("=")
        if a.startswith("--") and eq and opt in valued:
            wrote(value)
        elif a in valued and j + 1 < len(args):
            wrote(args[j + 1])
            j += 2
            continue
        elif a in in_place or (a.startswith("--") and eq and opt in in_place):
            rewrites = True
        elif a[:1] == "-" and a[1:2] != "-" and len(a) > 2 and a[:2] in valued:
            wrote(a[2:])  # `-oFILE`
        elif a[:1] != "-":
            operands.append(a)
        j += 1
    if rewrites:
        for o in operands[:64]:
            wrote(o)
    return out


def _generic(cmd: SimpleCommand, name: str, actions: list[Action], branch: str | None, text: str) -> list[Action]:
    if _compressor_to_stdout(name, cmd.argv[1:]):
        return []  # reads its operands, writes standard output (its redirection is judged on its own)
    if cmd.argv and not unknown(cmd.argv[0]) and _pure_read(name, cmd.argv[1:]):
        return []  # a pure reader reads its operands and prints (its redirection is judged on its own)
    archive = _archive_update(name, cmd.argv[1:])
    if archive is not None and not unknown(cmd.argv[0]):
        return [_write(archive, cmd.argv[1:], text)]  # the archive is written; the members it names are read
    shown_runs = _argument_command_lines(cmd, name, branch, text) \
        if cmd.argv and name in _ARGS_READ and name not in _INERT_ARGUMENTS and not unknown(cmd.argv[0]) else []
    if cmd.argv and name in _ARGS_READ and name not in READ_PROGRAMS and name not in SEARCH_PROGRAMS and name != "git" \
            and not unknown(cmd.argv[0]):
        return _output_options(cmd, name, text) + shown_runs
    if not cmd.argv or name in _ARGS_READ or unknown(cmd.argv[0]):
        return shown_runs
    args = cmd.argv[1:]
    module = ""
    if name in ("docker", "podman", "nerdctl") and args[:1] in (("run",), ("create",)):
        return []  # its own model: what it mounts writable, the push or statewise command it runs
    if name.startswith(("python", "pypy")) and "-m" in args:
        # `python3 -m MODULE ARGS`: the module is the program
        k = args.index("-m")
        if k + 1 < len(args) and args[k + 1].split(".", 1)[0] in ("pip", "pytest", "unittest", "statewise_cli"):
            # their own models judge them; an output option's path is a write all the same (`--basetemp=D`, which
            # pytest empties first, `--junitxml=F`)
            return _option_writes(args[k + 2:], text) + _outside_option_values(args[k + 2:], text) \
                if args[k + 1] != "statewise_cli" else []
        if k + 1 < len(args) and args[k + 1] in _READING_MODULES and not (
                args[k + 1] == "uu" and "-d" in args[k + 2:]
                and len([a for a in args[k + 2:] if not a.startswith("-") or a == "-"]) < 2):
            # a standard-library tool that reads the files it names and prints to standard output: only the output
            # file it is given is written (`json.tool IN OUT`, `pickletools -o OUT`)
            return [_write(out, args, text) for out in _reading_module_outputs(args[k + 1], args[k + 2:])]
        if args[k + 1:k + 2] == ("pydoc",) and "-w" in args:
            # `pydoc -w NAME` writes NAME.html into the directory it runs in
            return [_write(f"{n}.html", args, text) for n in args[args.index("-w") + 1:] if not n.startswith("-")]
        module = args[k + 1] if k + 1 < len(args) else ""
        args = args[k + 2:]
    elif name.startswith(("python", "pypy")) or name in _CODE_RUNNERS or name in ("nodejs", "deno", "sh", "bash") + _SHELL_NAMES:
        # the program file is read by its own check; its options and its own arguments are the generic part
        rest = list(args)
        script_at = next((i for i, a in enumerate(rest) if not a.startswith("-")), None)
        if _inline_code(cmd, name, args) is not None or script_at is None:
            args = tuple(a for a in args if a.startswith("--") and "=" in a)
        else:
            args = tuple(a for a in rest[:script_at] if a.startswith("--") and "=" in a) + tuple(rest[script_at + 1:])
    out: list[Action] = _output_specs(args, text)
    seen = {(a.operation, a.target) for a in actions}
    extracted = _extraction(name, args)
    if extracted is None and name == "cpio":
        extracted = _cpio_extraction(args, cmd)
    if extracted is None and (module or name in _OTHER_EXTRACTORS):
        from statewise_cli.actions.hidden import module_extraction, other_extraction

        extracted = module_extraction(module, args) if module else other_extraction(name, args)
    over = frozenset({"overwrite"}) if extracted is not None and _overwrites(name, args) else frozenset()
    if extracted is not None and not extracted[0]:  # members the check cannot list are written in the directory
        out.append(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=extracted[1],
                          arguments=(name,), text=text, flags=over | {"members-unknown"}))
    elif extracted is not None:  # an archive's members are written where it is extracted (checked against the archive)
        out.append(Action(tool="Bash", operation="file.extract", risk="local-mutation", target=extracted[0],
                          arguments=(extracted[1],), text=text, flags=over))
    if (name in ("tar", "bsdtar", "gtar") and "--remove-files" in args) or (name == "zip" and any(
            a in ("-m", "--move") or (a[:1] == "-" and a[1:2] != "-" and "m" in a) for a in args)):
        # the archiver deletes the files it archived
        archive = next((a for a in args if not a.startswith("-")), "") if name == "zip" else ""
        for arg in args:
            if not arg.startswith("-") and arg != archive and not arg.endswith((".tar", ".tgz", ".gz", ".zip", ".xz", ".bz2", ".zst")):
                out.append(Action(tool="Bash", operation="file.delete", risk="destructive", target=arg, arguments=args,
                                  flags=frozenset({"recursive"}), text=text))
        if name == "zip" and any(a in ("-@", "--names-stdin") or (a[:1] == "-" and a[1:2] != "-" and "@" in a)
                                 for a in args):
            # the names it archives, and so deletes, come from its standard input: not listed on the line
            out.append(Action(tool="Bash", operation="file.delete", risk="destructive", target=".", arguments=args,
                              flags=frozenset({"recursive"}), text=text,
                              unknown="zip -m deletes the files named on its standard input, which the check cannot list"))
    if name in _REPLACING_COMPRESSORS and not any(
            a in _COMPRESSOR_KEEPS or (a[:1] == "-" and a[1:2] != "-" and set(a[1:]) & set("cktl")) for a in args):
        # gzip, bzip2, xz … replace each file they are given with its compressed (or decompressed) form: the file
        # itself is removed; with -r, every file under a directory operand
        recursive = any(a in ("-r", "--recursive") or (a[:1] == "-" and a[1:2] != "-" and "r" in a[1:]) for a in args)
        for arg in _operands(args, {"-S", "--suffix", "-T", "--threads", "-M", "--memlimit", "-b", "--block-size"}):
            if arg != "-":
                out.append(Action(tool="Bash", operation="file.delete", risk="destructive", target=arg, arguments=args,
                                  flags=frozenset({"recursive"}) if recursive else frozenset(), text=text))
    # (a) a command word among the arguments: what follows is a command the program runs
    where = ""
    skip = False
    inner_reader = len(args)
    for i, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg in _PROSE_OPTIONS:
            skip = True
            continue
        if arg.startswith(tuple(o + "=" for o in _PROSE_OPTIONS if o.startswith("--"))):
            continue
        word = arg.rsplit("/", 1)[-1] if arg.startswith("/") and "/bin/" in arg else arg
        if name not in _MODELLED_LAUNCHERS and not arg.startswith("-") and _inner_reader(args, i, word):
            # `prof stat -e clock cat FILE`: a wrapper's command whose program only reads (by its grammar) — the
            # operands after it are that reader's, read, not the wrapper's
            inner_reader = i
            break
        if (i > 0 or (word in _LAUNCHED and name not in _MODELLED_LAUNCHERS)) and word in _NESTED_PROGRAMS and not arg.startswith("-"):
            from statewise_cli.actions.shell import expand_argv

            runs = [tuple(args[i:])]
            if "--" in args[i + 1:]:
                # `start-stop-daemon --exec /usr/bin/git -d DIR -- ARGS`: the program an option names, run with the
                # arguments after `--`
                runs.append((arg, *args[i + 1:][args[i + 1:].index("--") + 1:]))
            for run in runs:
                for sub in expand_argv(run, cmd.wrappers + (name,), _join_cwd(cmd.cwd, where)):
                    out.extend(a for a in _command(sub, branch, text) if _matters(a))
            if name not in _MODELLED_LAUNCHERS and (i > 0 or "--" in args[:i]):
                # the words after the command a wrapper runs are that command's, judged by its own model (`prof stat
                # -o OUT -- sqlite3 -readonly DB '…'` reads DB); the wrapper's own options stay the generic part
                inner_reader = i
            break
        value = arg.partition("=")[2] if arg.startswith("-") and "=" in arg else arg
        values = [value]
        setting = value.partition("=")[2].strip()
        shown_lines = [setting] if "=" in value and " " in setting and not unknown(setting) and _command_value(setting) \
            else []
        if " " in value and not unknown(value):
            # a command line among the value's own statements (`--eval='t: ; CMD'`, `key=x; CMD`)
            for part in value.replace("\n", ";").replace("&&", ";").replace("||", ";").split(";")[1:16]:
                if " " in part.strip() and _command_value(part.strip()) and part.strip() not in shown_lines:
                    shown_lines.append(part.strip())
        for shown_line in shown_lines:
            # a configuration option's value (`-o Some::Hook::=CMD`, `key=CMD`): a command line the program may run
            out.extend(a.replace(cwd=_join_cwd(cmd.cwd, a.cwd)) if cmd.cwd else a
                       for a in _git_nested(cmd, shown_line, "", branch, text) if _matters(a))
        # (a long option's `--opt=CMD` or the word after the option: the spellings read as a command line above)
        code_value = name in _CODE_OPTIONS and i > 0 and (
            arg.startswith("--") and "=" in arg and arg.partition("=")[0] in _CODE_OPTIONS[name]
            or args[i - 1] in _CODE_OPTIONS[name])
        if i and (" " in value.strip() or "\n" in value) and not (args[i - 1] in _PROSE_OPTIONS or arg.startswith(
                tuple(o + "=" for o in _PROSE_OPTIONS if o.startswith("--")))) and name not in _MODELLED_LAUNCHERS \
                and not code_value:  # a command-running option's value is judged as that command line (above)
            # a request in the program's own language given as one word (`TOOL -R 'dump SRC DEST'`): the paths it
            # names outside the repository or on a guard file may be written, like text fed on standard input; a
            # command line it holds is judged as that command (its paths by that command's model)
            out.extend(_fed_paths(_without_commands(value, shown_lines), name, text, seen))
        for shown in (s for v in values for s in _command_strings(v)) if (
                " " in value or "\n" in value or "\t" in value or "," in value) else ():
            out.extend(_own_memory_text(a.replace(cwd=_join_cwd(cmd.cwd, a.cwd)) if cmd.cwd else a, shown)
                       for a in _git_nested(cmd, shown, "", branch, text) if _matters(a))
        if name not in _MODELLED_LAUNCHERS and "," in value and ("'" in value or '"' in value):
            # program text given as an argument (`crystal eval 'Process.run("git", ["push", …])'`): a whole literal
            # argv list it hands a program that matters is judged as that command
            # (code that starts the process in another directory or environment is judged all the same, from a
            # directory the check does not know: where it runs is not known, what it runs is)
            moved = any(w in value for w in _MOVED_PROCESS)
            for _, _, argv in _judged_argvs(value, moved=True)[:8]:
                out.extend(a.replace(cwd="$INLINE_CODE_DIR" if moved else _join_cwd(cmd.cwd, a.cwd))
                           if cmd.cwd or moved else a
                           for a in _git_nested(cmd, _join_argv(argv), "", branch, text) if _matters(a))
        if not arg.startswith("-") and _path_like(arg) and i > 0 and "=" not in arg and not (
                args[i - 1].startswith("-") and "=" not in args[i - 1]) and not arg.startswith("/dev/"):
            # `cmake -E chdir DIR cmd`: a directory before a command (an option's value — `-o /dev/null` — is none)
            where = arg if not where else where
    out.extend(_named_files(cmd, args, text))
    if name not in _MODELLED_LAUNCHERS and name not in _INTERPRETERS and not name.startswith(("python", "pypy")):
        # (a') what the line feeds the program on its standard input (a here-document, `<<<`, echo/printf piped in):
        # a line of it that starts a command (`.sy CMD`, `!CMD`, `system CMD`) is a command the program may run
        for fed in _fed_text(cmd):
            for line in fed.splitlines():
                for shown in _command_strings(line) if " " in line.strip() else ():
                    out.extend(a.replace(cwd=_join_cwd(cmd.cwd, a.cwd)) if cmd.cwd else a
                               for a in _git_nested(cmd, shown, "", branch, text) if _matters(a))
            # (a'') the paths its words name outside the repository or on a guard file: a program nobody modelled may
            # write what its input names (a batch of transfer commands, a script of its own language); the command
            # lines judged above are judged by their own models
            out.extend(_fed_paths(_without_commands(fed, []), name, text, seen))
    if name not in _MODELLED_LAUNCHERS and _inline_code(cmd, name, cmd.argv[1:]) is None:
        # (a''') program text fed on standard input that is not judged as inline code (a compiler or a runner reading
        # `-` or `/dev/stdin`, a program nobody modelled): a whole argv list its literals hand a program that matters
        # (`exec.Command("git", "push", …)`, `new ProcessBuilder("git", …)`, `{"git", "push", …}`) is judged as that
        # command — what the text does with it is not known, so it may run it
        for fed in _fed_text(cmd):
            moved = any(w in fed for w in _MOVED_PROCESS)
            for argv in _fed_argvs(fed, moved=True):
                out.extend(a.replace(cwd="$INLINE_CODE_DIR" if moved else _join_cwd(cmd.cwd, a.cwd))
                           if cmd.cwd or moved else a
                           for a in _git_nested(cmd, _join_argv(argv), "", branch, text) if _matters(a))
    # (b) operands that name paths: possible writes (tar's and unzip's writes have their own model: the archive it
    # creates, the directory it extracts into, the files --remove-files deletes)
    if name in ("tar", "bsdtar", "gtar", "unzip"):
        return out
    if name == "openssl" and args[:1] and args[0] in _OPENSSL_READERS:
        # openssl's digest, inspection and verification commands read their operands; what they write goes only to
        # `-out` — `openssl dgst -sha256 FILE…`, `openssl sha256 FILE`, `openssl verify CERT`
        written = _option_values(args, ("-out", "-keyout"))[:4]
        out.extend(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=p, arguments=(name,),
                          flags=frozenset({"operand"}), text=text,
                          unknown=f"`{p}` is expanded by the shell" if unknown(p) else "")
                   for p in written if not p.startswith("-"))
        return out
    if _unversioned(name) in ("cpp", "clang-cpp"):
        # the C preprocessor reads its first operand and writes the second (`cpp [options] IN [OUT]`), or `-o FILE`;
        # `-MF FILE` is the dependency file it writes
        operands = _operands(args, _CPP_VALUE_OPTIONS)
        written = _option_values(args, ("-o", "-MF")) + [a[2:] for a in args if a.startswith("-o") and len(a) > 2]
        # (what it writes comes from its input file: an operand's write, whose lines the command line does not show)
        out.extend(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=p, arguments=(name,),
                          flags=frozenset({"operand"}), text=text,
                          unknown=f"`{p}` is expanded by the shell" if unknown(p) else "")
                   for p in written + operands[1:2] if p != "-")
        return out
    if name == "sqlite3":
        from statewise_cli.recovery.trust import _sql_writes

        statements = [a for a in args if not a.startswith("-")][1:]
        out.extend(_sqlite_dot_commands(cmd, statements, branch, text))
        out.extend(_sql_script_files(cmd, args, statements, text))
        for shown in _sqlite_editor_commands(" ".join(statements)):
            # `select edit(x, 'CMD')`: the shell runs `CMD TEMPFILE` as the editor (sqlite's system() call)
            out.extend(a for a in _git_nested(cmd, shown, "", branch, text) if _matters(a))
        out += _sqlite_pipes(cmd, " ".join(statements), branch, text)
        for found in _SQLITE_FILE_WRITES.finditer(" ".join(statements)):
            # `select writefile('F', …)`, `.output F`, `.save F`, `vacuum into 'F'`: sqlite writes F
            path = next(g for g in found.groups() if g is not None)
            out.append(_write(path, (name,), text).replace(unknown=f"`{path}` is expanded by the shell" if unknown(path) else ""))
        if "-readonly" in args or "--readonly" in args or (statements and not _sql_writes(" ".join(statements))):
            return out  # reads only; the store itself is judged by its own check (recovery/trust.py)
    if name in _EDITORS and _shown_script_writes_nothing(cmd, name, args):
        return out  # its whole script is shown and writes nothing: its files are read (the commands it runs are judged)
    labels = name in _LABEL_BUILD_TOOLS
    http = name in _HTTP_CLIENTS
    prose = _PROSE_OPTIONS + _FORGE_PROSE_SHORT if name in ("gh", "glab", "hub", "tea") else _PROSE_OPTIONS
    output = _output_destination(args)
    for j, arg in enumerate(args[:inner_reader]):
        if (j and args[j - 1] in prose) or arg.startswith(tuple(o + "=" for o in prose if o.startswith("--"))):
            continue  # a message, body or title is text the program sends (`gh pr comment 3 --body "/retest"`), no path
        if output and not arg.startswith("-") and arg != output and not (
                j and args[j - 1].startswith("-") and "=" not in args[j - 1]):
            continue  # an input beside the file an output option names (`tagger -o /tmp/tags src.c`): read, not written
        if http and _url_variable(arg) and not (j and args[j - 1] in _HTTP_CLIENTS[name]):
            continue  # `curl "$API_URL/labels"`: a URL the variable holds, fetched, never a file written
        if labels and arg == "--":
            labels = False  # what follows `--` goes to the program the build tool runs
        if labels and not arg.startswith("-") and arg.startswith("//"):
            continue  # a build label (`//...`, `//pkg:target`), not a path: the tool resolves it in its workspace
        value = arg.partition("=")[2] if arg.startswith("-") and "=" in arg else ("" if arg.startswith("-") else arg)
        if arg.startswith("-") and "," in arg and not value:
            value = _packed_path(arg)  # `-Wl,-Map,FILE`, `-Wp,-MD,FILE`: values handed on to another program
        elif arg[:1] == "-" and arg[1:2].isalpha() and arg[2:3] in ("/", "~", "$") and not value:
            value = arg[2:] if arg[2:].startswith(("/", "~/", "$HOME/", "${HOME}/")) else ""  # `-o/x/out`, `-l~/x`
        elif _slash_option(arg):
            value = arg.partition(":")[2]  # `/out:FILE` (a slash option's value is the path), `/machine:x64`
        values = [value]
        if arg.startswith("-") and value and "://" not in value:
            # `--cov-report=html:~/cov`, `-o type:PATH`, `--emit=dep-info=../x.d,link=/y`: typed paths, each
            # kind's value a path of its own
            typed = [piece.rsplit(sep, 1)[1] for piece in value.split(",") for sep in (":", "=")
                     if sep in piece and (piece.rsplit(sep, 1)[1].startswith(("~", "/", "$HOME", "../"))
                                          or _guard_word(piece.rsplit(sep, 1)[1]))]
            values = typed or values
        for value in values:
            if not _path_like(value) or value.startswith(_SYSTEM_PREFIXES) or ("file.operand", value) in seen \
                    or _distinguished_name(value):
                continue
            seen.add(("file.operand", value))
            out.append(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=value,
                              arguments=(name,), flags=frozenset({"operand"}), text=text,
                              unknown=f"`{value}` is expanded by the shell" if unknown(value) else ""))
    return out + _joined_outputs(args, text) + _default_user_output(name, args, text) + _operand_files(cmd, name, args, text)


def _slash_option(word: str) -> bool:
    """``/NAME:VALUE`` (``/out:FILE``, ``/machine:x64``, the option syntax of programs that follow Windows' tools)
    whose ``/NAME`` is no entry of the root directory: an option with its value, not a path."""
    if word[:1] != "/" or ":" not in word:
        return False  # (no regular expression on the hot path: most words stop here)
    name = word[1:].partition(":")[0]
    if not (0 < len(name) <= 32 and name[0].isascii() and name[0].isalpha()
            and all(c.isascii() and (c.isalnum() or c in "_-") for c in name)) or unknown(word):
        return False
    import os

    return not os.path.lexists("/" + name)


# Options that name the one file a program writes, and options that make it write its inputs in place instead.
_OUTPUT_OPTIONS = ("-o", "--output", "--output-file", "--outfile", "--out-file", "-output")
_IN_PLACE_OPTIONS = ("-i", "--in-place", "--inplace", "--write", "-w", "--fix", "--overwrite", "--replace", "-r",
                     "--recursive", "-R", "--update", "-u", "--append", "-a")


def _output_destination(args: tuple[str, ...]) -> str:
    """The file an output option names (``-o FILE``, ``--output=FILE``) when the program is given one and no option that
    writes its inputs in place: its other plain operands are the inputs it reads. "" when there is none, several, or
    the value does not look like a file."""
    found: list[str] = []
    for j, a in enumerate(args):
        opt, eq, value = a.partition("=")
        if a.startswith("-") and (opt in _IN_PLACE_OPTIONS or (not a.startswith("--") and len(a) > 2 and not eq
                                                               and any(c in a[1:] for c in "iwr"))):
            return ""
        if opt in _OUTPUT_OPTIONS:
            value = value if eq else (args[j + 1] if j + 1 < len(args) else "")
            found.append(value)
    if len(found) != 1 or unknown(found[0]) or not _path_like(found[0]) or found[0] in ("-", ".", "..", "/"):
        return ""
    return found[0]


def _operand_file(word: str) -> bool:
    """Whether a word may name a file a program reads: literal, one word, no URL, no system path. Braces that bash
    leaves as they are (``{TMPDIR}/x.sh``: no comma, no ``..`` sequence inside) are part of a literal name."""
    return bool(word) and len(word) < 512 and not word.startswith(("-", "+", "@", "=")) and "://" not in word \
        and not unknown(word) and not any(c in word for c in " \t\n*?[]=,:;") and not word.startswith(_SYSTEM_PREFIXES) \
        and not word.replace(".", "").isdigit() and word not in (".", "..", "/", "~") and _literal_braces(word)


def _literal_braces(word: str) -> bool:
    """Whether every brace of a word is one bash keeps: a pair with neither a comma nor a ``..`` sequence between
    (commas are refused by the caller), or an unpaired brace; ``{}`` (a placeholder) is no file name."""
    if "{" not in word and "}" not in word:
        return True
    if "{}" in word:
        return False
    depth = 0
    start = 0
    for i, c in enumerate(word):
        if c == "{":
            depth += 1
            start = i
        elif c == "}" and depth:
            depth -= 1
            if ".." in word[start:i]:
                return False
    return True


_OPERAND_SOURCES = ("cat", "tac", "head", "tail", "zcat", "bzcat", "xzcat")


def _operand_files(cmd: SimpleCommand, name: str, args: tuple[str, ...], text: str) -> list[Action]:
    """The files a program the normalizer does not model is handed — its operands and option values, the file its
    standard input reads (``prog < f``, ``cat f | prog``): each is read like a task file by the check when the agent
    wrote it (the record of written files) or the line writes it (defence in depth: a program nobody modelled may run
    what the file says). Programs with a model of their own are left to it."""
    if name in _MODELLED_LAUNCHERS or name in ("tar", "bsdtar", "gtar", "unzip", "sqlite3") or name in _FILE_WRITES:
        return []
    # every word is a possible file, whatever its shape or the option it follows: a name that looks like a key
    # (`/tmp/aZ9kQ2mX7pL4vB8nR3tY6wE1.cmake`) or the value of `--token-file` is still what the program is handed.
    # A word that names no file the agent wrote or that exists is read as nothing; secrets are kept out of what is
    # stored where it is stored (store.redact), never by leaving a word out of the analysis.
    words = [a.partition("=")[2] if a.startswith("--") and "=" in a else a for a in args]
    words += [t for op, t in cmd.redirects if op == "<"]
    # `-l tools/lexer.py:Name`: a program file named with the object to load from it is read as that file
    words += [w.rsplit(":", 1)[0] for w in words if ":" in w and _CODE_VALUE.match(w)]
    if cmd.stdin and cmd.stdin[0].rsplit("/", 1)[-1] in _OPERAND_SOURCES:
        words += [a for a in cmd.stdin[1:] if not a.startswith("-")]
    out: list[Action] = []
    for word in dict.fromkeys(w for w in words if _operand_file(w)):
        out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=word, arguments=(name,),
                          flags=frozenset({"operand-file"}), text=text))
        if len(out) >= 8:
            break
    # a file the agent wrote named in any spelling of a word — an attached short option (``-cFILE``), a configuration
    # option's value (``-o Dir::Etc::Parts=DIR``, ``key=FILE``), a list (``a,FILE``): read when the agent wrote it
    taken = {a.target for a in out}
    pieces: list[str] = []
    for arg in args:
        if arg.startswith("-") and not arg.startswith("--") and len(arg) > 2 and (arg[2] in "./~" or "/" in arg[2:]):
            pieces.append(arg[2:])
        for piece in arg.replace(":", "=").replace(",", "=").replace(";", "=").split("="):
            if piece != arg and ("/" in piece or piece.startswith(".")) and piece not in (".", ".."):
                pieces.append(piece)
    for piece in dict.fromkeys(pieces):
        if piece not in taken and _operand_file(piece) and len(out) < 16:
            out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=piece, arguments=(name,),
                              flags=frozenset({"operand-file", "written-only"}), text=text))
    if not (name in _INTERPRETERS or name in _CODE_RUNNERS or name.startswith(("python", "pypy")) or name in _SHELL_NAMES
            or name in _OWN_FILE_MODELS or not name or unknown(cmd.argv[0]) or _written_code_runs(cmd, name, text)):
        # a program nobody modelled may run a file it finds by convention where it runs (a recipe, a rules file, a
        # hook configuration): the files the agent wrote under its directory are read like files it is handed —
        # unless it is handed an existing file or directory to work on (the check looks), whose files are read as
        # its operands; a test runner or a tool with a model of the files it runs is left to that model
        handed = tuple(a.target for a in out if a.target)
        out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=".",
                          arguments=("project-code", ".", *handed), flags=frozenset({"written", "convention"}),
                          text=text, cwd=cmd.cwd))
    return out


# Programs whose own model reads the files they run by convention (a makefile's targets, a task file's recipes).
_OWN_FILE_MODELS = frozenset({"make", "gmake", "just", "cmake", "ninja", "task", "rake", "invoke", "nox", "tox"})


_GUARD_FILE = Pattern(r"^(?:[\w.-]+/)*(?:\.statewise\.toml|CLAUDE(?:\.local)?\.md|AGENTS(?:\.override)?\.md|"
                      r"\.claude/settings(?:\.local)?\.json|\.claude/rules/[\w./-]+\.md|\.codex/(?:hooks\.json|config\.toml))$")


def _guard_headers(body: str) -> list[str]:
    """Guard files a text names as a file of its own: a line that is only the name, within punctuation."""
    found: list[str] = []
    for line in body.splitlines()[:4000]:
        bare = line.strip().strip("#-=*>:[]`'\"<|+ \t")
        if bare and len(bare) < 256 and _GUARD_FILE.match(bare) and bare not in found:
            found.append(bare)
    return found[:8]


def operand_file_actions(body: str, path: str, text: str, branch: str | None, depth: int = 1,
                         written: bool = False) -> list[Action]:
    """What a file handed to an unmodelled program would do, judged by its text (``hidden.operand_commands``): the
    commands it shows, and for a program file the files it writes by name. A file the agent wrote (``written``) is
    also read for the paths it names outside the repository or on a guard file, like text fed to such a program: a
    configuration or recipe handed to a system tool may create, link or write what it names."""
    from statewise_cli.actions.hidden import operand_commands

    inner: list[Action] = code_file_actions(body, (), text) if path.endswith(_CODE_EXTS) else []
    shown_commands = list(operand_commands(body))
    ssh_lines, ssh_commands = ssh_config_commands(body)
    if ssh_commands:
        # an ssh configuration (ssh -F): the commands its keywords run are judged as those commands, the paths they
        # name are their operands, read or written as their model says
        shown_commands += [c for c in ssh_commands if c not in shown_commands]
        body = "\n".join(ln for k, ln in enumerate(body.splitlines()) if k not in ssh_lines)
    script = _shell_script(body, path, branch, depth) if written else None
    if script is not None:
        # a shell script: its commands are judged by the shell's model (what it reads stays a read)
        inner += script
    elif written and not path.endswith(_CODE_EXTS):
        rest = body[:200_000]
        for shown in shown_commands:
            # a command line the file holds as a string literal is judged as that command (below): the paths it
            # names are its operands, read or written as its model says
            for q in ('"', "'"):
                rest = rest.replace(q + shown + q, q + q)
        rest = _without_commands(rest, shown_commands)  # a read-only command it holds reads what it names
        inner += [a.replace(arguments=(path,)) for a in _fed_paths(rest, os.path.basename(path), text, set())]
    for name in _guard_headers(body):
        # a line that is a guard file's name on its own (`#--- .statewise.toml`, `=== AGENTS.md ===`): a program that
        # splits, unpacks or applies the file may write that guard file (judged as a write the check cannot see)
        inner.append(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=name, arguments=(path,),
                            flags=frozenset({"operand"}), text=text))
    for shown in shown_commands:
        inner += normalize_shell(shown, branch, _depth=depth)
    return [a.replace(text=text) for a in inner if _matters(a)]


_SSH_COMMAND_LINE = Pattern(r"(?i)^\s*(match\b.*?\bexec|proxycommand|localcommand|knownhostscommand)(\s*=\s*|\s+)(.*)$")


def ssh_config_commands(body: str) -> tuple[set[int], list[str]]:
    """(line numbers, commands) of the lines of an ssh configuration (ssh_config(5)) whose keyword runs a command on
    this machine: ``ProxyCommand``, ``LocalCommand``, ``KnownHostsCommand`` (the rest of the line) and ``Match … exec``
    (its one argument, double quotes removed)."""
    lines: set[int] = set()
    commands: list[str] = []
    if "ommand" not in body and "exec" not in body:
        return lines, commands
    for k, line in enumerate(body.splitlines()[:4000]):
        m = _SSH_COMMAND_LINE.match(line)
        if not m:
            continue
        rest = m.group(3).strip()
        if m.group(1).lower().startswith("match"):
            if rest.startswith('"'):
                end = rest.find('"', 1)
                rest = rest[1:end] if end > 0 else rest[1:]
            else:
                rest = rest.split()[0] if rest.split() else ""
        if rest and rest.lower() != "none":
            lines.add(k)
            commands.append(rest)
    return lines, commands


_SHELL_SHEBANG = Pattern(r"^#!\s*(?:/usr)?/bin/(?:env\s+)?(?:sh|bash|dash|ksh|zsh)\b[^\n]*\n")


def _shell_script(body: str, path: str, branch: str | None, depth: int) -> list[Action] | None:
    """The actions of a file that is a POSIX shell script (a `sh`/`bash` shebang) the parser reads whole, or None
    (any other file, or a script it cannot read: then judged by the words it holds)."""
    if len(body) > 64 * 1024 or not _SHELL_SHEBANG.match(body):
        return None
    from statewise_cli.actions.shell import ParseError, split_commands

    try:
        split_commands(body)
    except ParseError:
        return None
    actions = normalize_shell(body, branch, _depth=depth)
    if any(a.operation == "shell.unparsed" for a in actions):
        return None
    return [a.replace(arguments=a.arguments or (path,)) for a in actions]


_SQLITE_EDIT = Pattern(r"""(?i)\bedit\s*\((?:[^'"()]|'[^']*'|"[^"]*"|\([^()]*\))*?,\s*(?:'((?:[^']|'')*)'|"([^"]*)")\s*\)""")


_SQLITE_DOT = Pattern(r"""(?m)(?:^|[\s;])\.(open|log|output|once|read|import|excel|save|backup|restore|cd)\b[ \t]*((?:-\S+[ \t]+)*)(?:'([^']*)'|"([^"]*)"|([^\s;'"]+))""")


def _sqlite_dot_commands(cmd: SimpleCommand, statements: list[str], branch: str | None, text: str) -> list[Action]:
    """sqlite3's dot-commands read by what they do to files and commands: ``.open F`` creates F, ``.log F``
    writes it, ``.output/.once/.read/.import '|CMD'`` run CMD through the shell — ``|sh`` (any shell) runs the text
    the following statements print (their string literals) —, and ``-A … -x -C DIR`` extracts into DIR."""
    from statewise_cli.actions.shell import SHELLS

    out: list[Action] = []
    joined = "\n".join(statements)
    for k, m in enumerate(_SQLITE_DOT.finditer(joined)):
        verb, value = m.group(1), m.group(3) if m.group(3) is not None else (m.group(4) if m.group(4) is not None else m.group(5))
        if value.startswith("|"):
            line = value[1:].strip()
            out.extend(a for a in _git_nested(cmd, line, "", branch, text) if _matters(a))
            if line.split(None, 1)[:1] and line.split()[0].rsplit("/", 1)[-1] in SHELLS:
                later = joined[m.end():]
                for lit in Pattern(r"'((?:[^']|'')*)'").finditer(later):
                    out.extend(a for a in _git_nested(cmd, lit.group(1).replace("''", "'"), "", branch, text) if _matters(a))
        elif verb in ("open", "log") and value and value not in (":memory:", "stdout", "stderr", "off"):
            out.append(_write(value, (cmd.argv[0],), text))
    args = cmd.argv[1:]
    if any(a.startswith("-A") and "x" in a[2:] or a in ("--extract",) for a in args) or \
            ("-A" in args and any(a.startswith("-") and "x" in a and not a.startswith("--") for a in args)):
        for j, a in enumerate(args):  # `-AxC DIR`, `-Ax -C DIR`: the archive's members are written in DIR
            if (a.startswith("-A") and a.endswith("C") or a in ("-C", "--directory")) and j + 1 < len(args):
                    out.append(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=args[j + 1],
                                      arguments=(cmd.argv[0],), text=text, flags=frozenset({"operand", "members-unknown"})))
    return out


def _sql_script_files(cmd: SimpleCommand, args: tuple[str, ...], statements: list[str], text: str) -> list[Action]:
    """The script files a SQL shell runs as its own input — ``-init FILE``, ``< FILE``, ``.read FILE`` (also inside
    ``-cmd``): their dot-commands (``.shell``/``.system CMD``, ``.once |CMD``) run commands, so each is read like a
    file handed to an unmodelled program (an agent-written one wherever it is, a repository one that is no prose)."""
    files = [args[j + 1] for j, a in enumerate(args[:-1]) if a in ("-init", "--init")]
    files += [a.partition("=")[2] for a in args if a.startswith(("-init=", "--init="))]
    files += [t for op, t in cmd.redirects if op == "<"]
    for m in _SQLITE_DOT.finditer("\n".join(statements)):
        value = m.group(3) if m.group(3) is not None else (m.group(4) if m.group(4) is not None else m.group(5))
        if m.group(1) == "read" and value and not value.startswith("|"):
            files.append(value)
    return [Action(tool="Bash", operation="shell.script", risk="read-only", target=f, arguments=(cmd.argv[0],),
                   flags=frozenset({"operand-file"}), text=text) for f in dict.fromkeys(files) if f and f != "-"][:8]


def _sqlite_editor_commands(sql: str) -> list[str]:
    """The command lines sqlite3's ``edit(TEXT, EDITOR)`` function runs: EDITOR with the file it writes TEXT to."""
    if "edit" not in sql.lower():
        return []
    return [(m.group(1) or "").replace("''", "'") + (m.group(2) or "") + " /tmp/sqlite-edit.txt"
            for m in _SQLITE_EDIT.finditer(sql)]


def _outside_option_values(args: tuple[str, ...], text: str) -> list[Action]:
    """``--opt=VALUE`` values that may lie outside the project (absolute, home, climbing out) of a program that
    writes where it is told (a test runner's root, debug log, cache): operands it may write."""
    out = []
    for a in args:
        opt, eq, value = a.partition("=")
        if opt.startswith("--") and eq and (value.startswith(("/", "~", "../")) or value == "..") \
                and not value.startswith(_SYSTEM_PREFIXES) and not _written_option(opt, eq):
            out.append(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=value,
                              arguments=("python",), flags=frozenset({"operand"}), text=text))
    return out


def _packed_path(arg: str) -> str:
    """The path among the comma-packed values of an option that hands them on (``-Wl,-Map,FILE`` to the linker,
    ``-Wa,-adhln=FILE``, ``-Wp,-MD,FILE``): one that may lie outside the project, "" when none."""
    for piece in reversed(arg.split(",")[1:]):
        piece = piece.partition("=")[2] if piece.startswith("-") and "=" in piece else piece
        if piece.startswith(("/", "~", "../", "$HOME", "${HOME}")) and len(piece) > 1:
            return piece
    return ""


# HTTP clients, with the options whose value is a file they write: any other operand that starts with a variable
# named for a URL (`$API_URL/x`, `${SERVICE_ENDPOINT}`) is the URL it fetches, not a path.
_HTTP_CLIENTS: dict[str, frozenset[str]] = {
    "curl": frozenset({"-o", "--output", "--output-dir", "-D", "--dump-header", "-c", "--cookie-jar", "--trace",
                       "--trace-ascii", "--stderr", "--libcurl", "-K", "--config", "--etag-save", "--hsts",
                       "--alt-svc"}),
    "wget": frozenset({"-O", "--output-document", "-P", "--directory-prefix", "-o", "--output-file", "-a",
                       "--append-output", "--save-cookies", "--load-cookies", "-i", "--input-file"}),
    "http": frozenset({"-o", "--output", "--session"}), "https": frozenset({"-o", "--output", "--session"}),
    "xh": frozenset({"-o", "--output", "--session"}), "xhs": frozenset({"-o", "--output", "--session"}),
}
_URL_VARIABLE = Pattern(r"(?i)^(?:--url=)?\$\{?[A-Za-z_][A-Za-z0-9_]*(?:URL|URI|ENDPOINT|HOST|ORIGIN)\}?(?:/|$)")


def _named_files(cmd: SimpleCommand, args: tuple[str, ...], text: str) -> list[Action]:
    """Files and directories outside the project a command names by absolute or home path — an operand, an option's
    value (``-F /x``, ``--opt=/x``, ``-B/x/``, ``key=/x``) or the value of a variable it runs with
    (``AWS_CONFIG_FILE=/x``, ``IPYTHONDIR=/x``): a program may run what they hold (a configuration's command, a
    plug-in, a start-up file, a program found there first). The check reads them from disk (defence in depth)."""
    values = [v for k, v in cmd.assigns if k != "PATH" and k not in _TOOLCHAIN_HOMES]
    program = cmd.argv[0].rsplit("/", 1)[-1] if cmd.argv else ""
    homes = [v for k, v in cmd.assigns if k in _TOOLCHAIN_HOMES and v.startswith(("/", "~/")) and not unknown(v)
             and not v.startswith(_SYSTEM_PREFIXES)]
    for k, v in cmd.assigns:
        if k == "PATH":  # entries searched before the system's (`PATH=/x:$PATH`): programs found there first
            values += [e for e in v.split(":")[:next((i for i, e in enumerate(v.split(":")) if unknown(e)), None)]]
    for a in args:
        if a.startswith("-") and "=" in a:
            values.append(a.partition("=")[2])
        elif a.startswith("-") and not a.startswith("--") and len(a) > 2 and a[2:3] in "/~":
            values.append(a[2:])  # `-B/tmp/dir/`, `-I/x`: a short option with its value attached
        else:
            values.append(a.partition("=")[2] if "=" in a and not a.startswith(("/", "~")) else a)
    out: list[Action] = []
    seen: set[str] = set()
    for value in values:
        for part in value.split(":") if value.count(":") and not value.startswith(("http", "ftp")) else [value]:
            if (not part.startswith(("/", "~/")) or part.startswith(_SYSTEM_PREFIXES) or unknown(part)
                    or any(c in part for c in " *?[\n") or part in seen or len(seen) >= 8):
                continue
            seen.add(part)
            out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=part, arguments=(),
                              flags=frozenset({"named"}), text=text))
    for home in homes[:4]:
        out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=home, arguments=(program,),
                          flags=frozenset({"named", "toolchain"}), text=text))
    return out


# Variables that name a toolchain's installation (a toolchain manager's home, a language's root): the programs
# installed there are run by name — the command's own (a proxy runs `bin/rustc` for `rustc`) or one of its
# subcommands (`cargo-NAME`, `git-NAME`) — while its configuration files are read whatever their names.
_TOOLCHAIN_HOMES = frozenset({
    "RUSTUP_HOME", "CARGO_HOME", "GOROOT", "GOPATH", "JAVA_HOME", "ANDROID_HOME", "ANDROID_SDK_ROOT", "NVM_DIR",
    "PYENV_ROOT", "RBENV_ROOT", "SDKMAN_DIR", "VOLTA_HOME", "BUN_INSTALL", "DENO_INSTALL", "PNPM_HOME", "ASDF_DIR",
    "ASDF_DATA_DIR", "DOTNET_ROOT", "FLUTTER_ROOT", "JULIA_DEPOT_PATH", "GHCUP_INSTALL_BASE_PREFIX", "ELAN_HOME",
    "OPAMROOT", "RUSTUP_TOOLCHAIN_HOME"})


def _without_commands(fed: str, shown: list[str]) -> str:
    """Text fed to a program without the lines that are a command of a program that only reads the files its
    arguments name (``.shell ls /etc``, ``exec=cat ~/.bashrc``, ``!head /var/log/x``, ``shell grep -r x /opt``):
    such a line is a listing or a read whichever program runs it, so its paths are no possible writes. A line whose
    command may write (an option such as ``sort -o``, a redirection, a program no model reads) keeps its words. So
    does a line none of whose words is left to guessing: a program whose model says which operand it reads and which
    it writes (``--post-invoke='cp .codex/hooks.json /tmp/x'``), judged as that command where it is shown."""
    rest = fed
    judged = {*shown, *_command_strings(fed)}  # the command lines the caller judges as commands
    for line in [*shown, *fed.splitlines()] or [fed]:
        # a command after a sigil, or one an embedded interpreter's code hands a shell (`python os.system("…")`)
        for candidate in [*_sigil_commands(line), *(shell_calls(line) if "(" in line else [])]:
            if _only_reads(candidate) or candidate in judged and _modelled_line(candidate):
                rest = rest.replace(candidate, " ")
                break
    return rest


_ECHO_TO_FILE = Pattern(r"""(?s)\s*(?:echo|printf)\s.*?\s\d?>>?\s*[\w./-]+\s*""")


def _modelled_line(line: str) -> bool:
    """Whether every command of ``line`` is one a model reads word by word: plain words (no expansion, redirection
    or second statement), and actions none of which is a generic operand guess or left unknown — the paths it names
    are then judged by that model (its writes among the command's own actions), not as words a program may write."""
    specials = {c for c in line if c in "<>|;&$`\n*?[{~"}
    if specials and not (specials == {">"} and _ECHO_TO_FILE.fullmatch(line)) or len(line.split()) < 2:
        return False  # (an echo or printf of shown text into a named file: that write is modelled, text and all)
    try:
        actions = normalize_shell(line, None, _depth=2)
    except Exception:  # noqa: BLE001 - a line no parser reads has no model
        return False
    return bool(actions) and all(not a.unknown and not ({"operand", "fed", "operand-file", "named"} & a.flags)
                                 and a.operation.startswith(("file.", "shell.")) for a in actions) \
        and any(a.operation.startswith("file.") for a in actions)


def _sigil_commands(line: str) -> list[str]:
    """The command lines a line of a program's own language may hold after up to two leading words or a sigil
    (``.shell CMD``, ``!CMD``, ``platform shell CMD``, ``exec=CMD``)."""
    found: list[str] = []
    rest = line.strip()
    for _ in range(3):
        rest = rest.lstrip("!@\\").strip()
        head, eq, value = rest.partition("=")
        if eq and " " not in head.strip() and head.strip().replace("-", "").replace("_", "").isalnum() and value.strip():
            found.append(value.strip())  # `exec=CMD`, `command = CMD`
        if not rest:
            break
        found.append(rest)
        words = rest.split(None, 1)
        if len(words) < 2:
            break
        rest = words[1]
    return found


def _only_reads(line: str) -> bool:
    """Whether a command line runs only programs that read the files their arguments name, and writes nothing."""
    if any(c in line for c in "<>|;&$`\n") or not line.split():
        return False
    first = line.split(None, 1)[0].rsplit("/", 1)[-1]
    if not (reads_its_arguments(first) or first in ("sh", "bash", "dash")):
        return False
    try:
        actions = normalize_shell(line, None, _depth=2)
    except Exception:  # noqa: BLE001 - a line no parser reads is no read
        return False
    return bool(actions) and all(a.risk == "read-only" and not a.operation.startswith("file.") and not a.unknown
                                 and a.operation.startswith("shell.") and reads_its_arguments(a.operation[6:])
                                 for a in actions)


def _fed_paths(fed: str, name: str, text: str, seen: set[tuple[str, str | None]]) -> list[Action]:
    """Possible writes of the paths the words of text fed to an unmodelled program name outside the repository
    (``/abs``, ``~/``, ``$HOME/``, ``../``) or on a guard file; system directories and ``/dev`` are left out."""
    out: list[Action] = []
    if '"op"' in fed and '"path"' in fed:
        fed = _without_json_pointers(fed)
    for word in fed.replace(";", " ").replace('"', " ").replace("'", " ").split()[:4096]:
        word = _glued_path(word) or word
        if not word.strip("/~.") or word in ("$HOME", "$HOME/", "${HOME}", "${HOME}/"):
            continue  # the root, the home or `..` itself: a listing's or a lookup's subject, no file written
        if not any(c.isalnum() for c in word):
            continue  # punctuation such as a doc comment's `//!` or `///`, a rule `/*-`: no file a program names
        if not (word.startswith(("/", "~/", "$HOME/", "${HOME}/", "../")) or _guard_word(word)) or not _path_like(word) or word.startswith(_SYSTEM_PREFIXES) \
                or _distinguished_name(word) or ("file.operand", word) in seen:
            continue
        seen.add(("file.operand", word))
        out.append(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=word, arguments=(name,),
                          flags=frozenset({"operand", "fed"}), text=text,
                          unknown=f"`{word}` is expanded by the shell" if unknown(word) else ""))
        if len(out) >= 32:
            break
    return out


def _guard_word(word: str) -> bool:
    """Whether a relative path names the guard's own files: a guard file by name, a memory rule under
    ``.claude/rules/``, anything under ``.git/statewise/``, the agents' settings directories' files."""
    w = word.replace(os.sep, "/")
    while w.startswith("./"):
        w = w[2:]
    return bool(w) and (w.rstrip("/").rsplit("/", 1)[-1] in _GUARD_NAMES or _memory_name(w)
                        or w.startswith((".git/statewise/", ".claude/", ".codex/")) or "/.git/statewise/" in w)


def _glued_path(word: str) -> str | None:
    """The path a word of a request carries after a prefix glued to it: a setting's name (``key=/p``, ``key:/p``, not a
    URL's ``://``) or a one-letter command of a line protocol (``O/p`` opens /p) — an absolute path when its top
    directory exists (``d/sub/f`` is a relative path, not ``/sub/f``; ``route=/api/v1`` no file); after a one-letter
    command also a relative path that leaves the repository or names a guard file (``O../outside/f``,
    ``O.claude/settings.json``), whether or not its directory exists here; else None."""
    if len(word) > 3 and word[0].isalpha() and word[1] in ".~$" and (
            word[1:].startswith(("../", "~/", "$HOME/", "${HOME}/")) or _guard_word(word[1:])):
        return word[1:]
    if word.startswith(("/", "~", "$", "../")) or "/" not in word:
        return None
    at = word.index("/")
    head, tail = word[:at], word[at:]
    if tail.startswith("//") or len(tail) < 2:
        return None
    if not ((head.endswith(("=", ":")) and len(head) > 2) or (len(head) == 1 and head.isalpha())) or "/" not in tail[1:]:
        return None
    return tail if os.path.isdir(tail[: tail.index("/", 1)]) else None


_PATCH_OPS = frozenset({"add", "remove", "replace", "move", "copy", "test"})


def _without_json_pointers(fed: str) -> str:
    """A JSON Patch document (RFC 6902: a list of ``{"op": …, "path": …}`` operations) as the text of its values
    alone: its ``path`` and ``from`` members are JSON Pointers (RFC 6901) into the patched document, not files.
    Any other text is returned as it is."""
    import json

    if len(fed) > 200_000:
        return fed
    try:
        doc = json.loads(fed)
    except ValueError:
        return fed
    if isinstance(doc, dict):
        doc = [doc]
    if not isinstance(doc, list) or not doc or not all(
            isinstance(op, dict) and op.get("op") in _PATCH_OPS and isinstance(op.get("path"), str)
            and (op.get("path") == "" or op["path"].startswith("/")) for op in doc):
        return fed
    return json.dumps([{k: v for k, v in op.items() if k not in ("path", "from")} for op in doc])


# Output-directory options: with an output-file option beside them, the file is written inside that directory.
_OUTPUT_DIR_OPTIONS = ("-p", "-d", "--output-dir", "--outdir", "--out-dir", "--output-directory", "--destdir",
                       "--dest-dir", "--directory", "--dir")


def _joined_outputs(args: tuple[str, ...], text: str) -> list[Action]:
    """``TOOL -p DIR -o FILE``: the possible write of DIR/FILE (each spelling: ``-pDIR``, ``--outdir=DIR``)."""
    dirs = [v for v in _option_values(args, _OUTPUT_DIR_OPTIONS) if v and not v.startswith("-")]
    dirs += [a[2:] for a in args if a[:2] in ("-p", "-d") and len(a) > 2 and a[2] != "=" and _path_like(a[2:] + "/")]
    files = [v for v in _option_values(args, _OUTPUT_OPTIONS) if v and not v.startswith(("-", "/", "~", "$"))]
    files += [a[2:] for a in args if a.startswith("-o") and len(a) > 2 and a[2] not in "=-" and "/" not in a[2:3]]
    return [Action(tool="Bash", operation="file.operand", risk="local-mutation", target=f"{d.rstrip('/')}/{f}",
                   arguments=(), flags=frozenset({"operand"}), text=text,
                   unknown=f"`{d}` is expanded by the shell" if unknown(d) else "")
            for d in dirs[:4] for f in files[:4]]


# Programs that write a user-level file by default, from their documented grammar: (options that send the output
# elsewhere or make the run write nothing, subcommands that write — empty: any run —, the file written).
_DEFAULT_USER_OUTPUT: dict[str, tuple[tuple[str, ...], tuple[str, ...], str]] = {
    "tic": (("-o", "-c", "-C", "-I", "-V"), (), "~/.terminfo"),
    "dconf": ((), ("write", "load", "reset", "update"), "~/.config/dconf/user"),
    "gsettings": ((), ("set", "reset", "reset-recursively"), "~/.config/dconf/user"),
    "xdg-mime": ((), ("default", "install"), "~/.config/mimeapps.list"),
    "xdg-settings": ((), ("set",), "~/.config/mimeapps.list"),
}


def _default_user_output(name: str, args: tuple[str, ...], text: str) -> list[Action]:
    entry = _DEFAULT_USER_OUTPUT.get(name)
    if name == "wipefs" and any(a == "--backup" or a[:1] == "-" and a[1:2] != "-" and "b" in a[1:].split("o")[0]
                                for a in args):
        # `wipefs --backup` saves every signature it erases to `$HOME/wipefs-DEVICE-OFFSET.bak` (wipefs(8))
        return [Action(tool="Bash", operation="file.operand", risk="local-mutation",
                       target=os.path.expanduser("~/wipefs-DEVICE-OFFSET.bak"), arguments=(name,),
                       flags=frozenset({"operand"}), text=text)]
    if entry is None:
        return []
    elsewhere, subs, path = entry
    if any(a in elsewhere or (a[:2] in elsewhere and len(a) > 2) for a in args):
        return []
    if subs and not any(a in subs for a in args if not a.startswith("-")):
        return []
    return [Action(tool="Bash", operation="file.operand", risk="local-mutation", target=os.path.expanduser(path),
                   arguments=(name,), flags=frozenset({"operand"}), text=text)]


def _fed_text(cmd: SimpleCommand) -> list[str]:
    """The text the line feeds a command on its standard input, where the line shows it."""
    from statewise_cli.actions.shell import _stdin_text

    fed = [h for h in cmd.heredocs if isinstance(h, str)] + [t for op, t in cmd.redirects if op == "<<<"]
    shown = _stdin_text(cmd.stdin) if cmd.stdin else None
    return fed + ([shown] if shown else []) + list(cmd.carried)


def _url_variable(arg: str) -> bool:
    """Whether ``arg`` starts with a variable whose name says it holds a URL (``$CARRIER_URL/labels``)."""
    return bool(_URL_VARIABLE.match(arg))


# Build tools whose operands are labels rooted at their workspace (`//pkg:target`, `//...`), not file paths
_LABEL_BUILD_TOOLS = frozenset({"bazel", "bazelisk", "blaze", "buck", "buck2", "pants", "plz", "please"})

_SQLITE_FILE_WRITES = Pattern(r"(?i)\bwritefile\s*\(\s*'([^']*)'|(?:^|[\s;])\.(?:output|once|save|log|open|backup(?:\s+\w+)?)\s+"
                              r"['\"]?([^\s'\";]+)|\bvacuum\s+(?:\w+\s+)?into\s+'([^']*)'")

_SQLITE_PIPE = Pattern(r"""(?:^|[\s;])\.(?:once|output|excel)\s+(?:-\w+\s+)*['"]?\|\s*([^'"]+)""")
_SQL_TEXT = Pattern(r"""'((?:[^']|'')*)'""")


def _sqlite_pipes(cmd: SimpleCommand, script: str, branch: str | None, text: str) -> list[Action]:
    """sqlite3's ``.once '|CMD'`` / ``.output '|CMD'``: CMD runs, fed the next results. A shell fed them runs the text
    the query selects (every string literal of the statements is judged as a command line); another program is judged
    as itself."""
    out: list[Action] = []
    for m in _SQLITE_PIPE.finditer(script):
        program = m.group(1).strip()
        if program.split()[:1] and program.split()[0].rsplit("/", 1)[-1] in _SHELL_NAMES + ("sh", "bash", "zsh"):
            rest = script[m.end():]
            literals = [t.replace("''", "'") for t in _SQL_TEXT.findall(rest[1:] if rest[:1] in "'\"" else rest)]
            for line in literals or [""]:
                out.extend(_git_nested(cmd, line, cmd.cwd, branch, text) if line.strip() else
                           [_inline("sqlite3", "", text, "sqlite3 feeds a shell the results of a query")])
        out.extend(_git_nested(cmd, program, cmd.cwd, branch, text))
    return out


_JS_BUILTINS = frozenset({
    "install", "i", "add", "remove", "rm", "why", "list", "ls", "info", "init", "exec", "dlx", "create", "publish",
    "config", "cache", "audit", "outdated", "update", "up", "upgrade", "link", "unlink", "import", "store", "patch",
    "rebuild", "prune", "dedupe", "pack", "version", "help", "set", "workspace", "workspaces", "node", "env", "bin", "root",
    "x", "pm", "global", "login", "logout", "whoami", "owner", "search", "view", "npm", "licenses", "plugin"})


# Launchers whose (sub)command runs the program named after it, and their options that take a value.
_LAUNCHER_SUBS = {"npx": (), "pnpx": (), "bunx": (), "uvx": (), "npm": ("exec", "x"), "pnpm": ("exec", "dlx"),
                  "yarn": ("exec", "dlx"), "bun": ("x",), "bundle": ("exec",), "bundler": ("exec",), "uv": ("run",),
                  "poetry": ("run",), "pipenv": ("run",), "pdm": ("run",), "hatch": ("run",), "rye": ("run",)}
_LAUNCHER_VALUE_OPTS = ("-p", "--package", "--with", "--from", "--python", "--env", "-e", "--directory", "--project",
                        "--call", "--cache", "--prefix", "-w", "--workspace", "--filter", "-F", "--group", "--extra")


def _launched(cmd: SimpleCommand, name: str) -> SimpleCommand | None:
    """The command a launcher runs (``npx --no-install gulp`` → ``gulp``), or None (a command string, `-c`)."""
    subs = _LAUNCHER_SUBS.get(name)
    if subs is None:
        return None
    args = list(cmd.argv[1:])
    if subs:
        k = next((i for i, a in enumerate(args) if not a.startswith("-")), None)
        if k is None or args[k] not in subs:
            return None
        args = args[k + 1:]
    i = 0
    while i < len(args) and args[i].startswith("-"):
        if args[i] in ("-c", "--call", "--shell-mode"):
            return None
        if args[i] == "--":
            i += 1
            break
        i += 2 if args[i] in _LAUNCHER_VALUE_OPTS else 1
    rest = tuple(args[i:])
    if not rest or unknown(rest[0]) or "/" in rest[0] and not rest[0].startswith("./"):
        return None
    return cmd.replace(argv=rest, assigns=())


_PYTEST_VALUE_OPTS = ("-k", "-m", "-p", "-c", "-o", "--rootdir", "--deselect", "--ignore", "--ignore-glob", "--confcutdir",
                      "--basetemp", "--junitxml", "--junit-xml", "-W", "--maxfail", "--tb", "-n", "--durations", "--log-level",
                      "--cov", "--cov-report", "--timeout", "-r", "--capture", "--import-mode", "-s", "--start-directory",
                      "-t", "--top-level-directory", "--pattern")
_JS_TEST_RUNNERS = ("jest", "vitest", "mocha", "ava", "tap", "jasmine", "karma", "playwright", "cypress", "uvu", "tape")


# cargo subcommands that compile the package (and so run its build scripts and procedural macros first)
_CARGO_BUILDS = frozenset({"build", "b", "run", "r", "check", "c", "clippy", "doc", "d", "install", "rustc", "rustdoc",
                           "fix", "miri", "llvm-cov", "tarpaulin", "watch"})

def _written_code_runs(cmd: SimpleCommand, name: str, text: str) -> list[Action]:
    """A test runner executes test modules it finds by itself: the files of that kind the agent wrote (the record of
    written files, recovery/written.py) under the paths it runs are read like a task file when the check runs."""
    args = cmd.argv[1:]
    kind = ""
    operands: list[str] = []
    python = name.startswith(("python", "pypy"))
    module = args[1] if python and args[:1] == ("-m",) and len(args) > 1 else ""
    if name in ("pytest", "py.test") or module in ("pytest", "unittest"):
        kind = "python-tests"
        rest = args[2:] if module else args
        if module == "unittest":
            start = _option_values(rest, ("-s", "--start-directory"))
            operands = start or [o.replace(".", "/") + ".py" if "/" not in o and not o.endswith(".py") and o != "discover"
                                 else o for o in rest if not o.startswith("-") and o not in start and o != "discover"]
        else:
            i = 0
            while i < len(rest):
                a = rest[i]
                if a in _PYTEST_VALUE_OPTS:
                    i += 2
                    continue
                if not a.startswith("-"):
                    operands.append(a.split("::")[0])
                i += 1
    elif name == "go" and args[:1] == ("test",):
        kind = "go-tests"
        operands = [a for a in args[1:] if a.startswith((".", "/")) and not a.startswith("-")]
    elif name in _JS_TEST_RUNNERS or (name in ("bun", "deno") and args[:1] == ("test",)) or (
            name in ("node", "nodejs") and "--test" in args):
        kind = "js-tests"
    elif name in ("rspec", "minitest") or (name in ("rails", "bin/rails") and args[:1] == ("test",)):
        kind = "ruby-tests"
    elif (name == "cargo" and args[:1] in (("test",), ("t",), ("bench",), ("nextest",))) or name == "cargo-nextest":
        kind = "rust-tests"
    elif name == "cargo" and next((a for a in args if not a.startswith(("-", "+"))), "") in _CARGO_BUILDS:
        # a build runs the packages' build scripts (`build.rs`, or the file `build =` names) and procedural macros
        # before anything else: the Rust files the agent wrote under the package the manifest names (or the project)
        kind = "rust-tests"
        manifest = _option_values(args, ("--manifest-path",)) + [a.partition("=")[2] for a in args
                                                                 if a.startswith("--manifest-path=")]
        operands = [os.path.dirname(m) or "." for m in manifest[:1]]
    out: list[Action] = []
    if kind == "python-tests" and "--doctest-modules" in args:
        out += _written_run("python-modules", operands, text)  # every module under the paths runs its docstrings
    if kind == "python-tests" and any(a.startswith("--doctest-glob") for a in args) and not any(unknown(o) for o in operands):
        out += _written_run("doctest-files", operands, text)  # text files the glob matches run their `>>>` examples
    if _runs_project_code(name, module, args) and not (name in _INSTALLERS and _help_request(args)):
        # a tool that executes its configuration or plugins (a linter's init-hook or plugin module, a test runner's
        # setup files, a package manager's hooks and lifecycle scripts, a task runner's task file, an in-tree build
        # backend): whatever the agent wrote in the project may be what it loads
        out += _written_run("project-code", [], text)
    for key, value in cmd.assigns:
        if key == "PATH":
            # a PATH entry inside the project: the agent's own executables there shadow the programs the command runs
            entries = [e.replace("$PWD/", "./").replace("${PWD}/", "./") for e in value.split(":")]
            entries = [e for e in entries if e and not e.startswith(_SYSTEM_PREFIXES) and not unknown(e)]
            if entries:
                # not read-only whatever the program: the program it names may be one of them
                out += [a.replace(risk="local-mutation") for a in _written_run("project-code", entries, text)]
    if not kind or any(unknown(o) for o in operands):
        return out
    return out + _written_run(kind, operands, text)


_AGENT_CONFIG_WRITES = frozenset({"set", "add", "remove", "rm", "unset", "reset", "delete", "del", "edit", "import"})


def _agent_unguarded(args: tuple[str, ...], name: str, text: str) -> list[Action]:
    """An agent CLI run that switches the guard off or steps around it: disabling or removing statewise's plugin,
    or a nested agent started without the settings that register the hook (Claude's ``--setting-sources`` without
    the project's, Codex with ``features.codex_hooks`` off or hooks overridden)."""
    why = ""
    words = [a for a in args if not a.startswith("-")]
    if words[:1] == ["plugin"] and words[1:2] and words[1] in ("disable", "uninstall", "remove", "rm") and (
            not words[2:] or any("statewise" in w.lower() or unknown(w) for w in words[2:])):
        why = f"`{name} plugin {words[1]}` switches statewise's hook off"
    if words[:1] == ["config"] and words[1:2] and (words[1] in _AGENT_CONFIG_WRITES or unknown(words[1])):
        # the CLI's own configuration command writes the settings its hooks and permissions live in (Claude Code's
        # `config set|add|remove [-g] KEY VALUE`: `disableAllHooks`, `hooks`, `permissions`): the same files an
        # agent's tool call may not write directly
        why = f"`{name} config {words[1]}` writes {name}'s settings, where its hooks and permissions are configured"
    if name == "codex" and words[:1] == ["features"] and words[1:2] and words[1] not in ("list", "ls", "help"):
        # `codex features enable|disable FEATURE` updates config.toml (the `[features]` table holds `hooks`)
        why = f"`codex features {words[1]}` writes Codex's config.toml, where its hooks feature is switched"
    for i, a in enumerate(args):
        value = args[i + 1] if i + 1 < len(args) else ""
        if a.startswith(("--setting-sources=", "--settings=", "--disable=")):
            a, _eq, value = a.partition("=")
        if name == "claude" and a in ("--bare", "--safe-mode"):
            # Claude Code's documented minimal modes: `--bare` skips hooks, plugins and CLAUDE.md discovery,
            # `--safe-mode` starts with every customization (hooks among them) off
            why = f"a nested Claude run with `{a}` loads no hooks, so its tool calls run without statewise's hook"
        if name == "claude" and a == "--settings" and ("hook" in value.lower() or unknown(value)):
            # settings given on the command line (JSON or a file) that name hooks: `disableAllHooks`, `"hooks": {}`
            why = "a nested Claude run with settings that change its hooks runs its tool calls without statewise's hook"
        if name == "codex" and a == "--disable" and ("hook" in value.lower() or unknown(value)):
            why = "a nested Codex run with its hooks feature disabled runs its tool calls without statewise's hook"
        if name == "claude" and a == "--setting-sources" and not {"project", "local"} & set(value.replace(" ", "").split(",")):
            why = "a nested Claude run without the project's settings runs its tool calls without statewise's hook"
        if name == "codex" and a in ("-c", "--config") and any(p.startswith(
                ("features.codex_hooks=false", "hooks", "features.codex_hooks=0", "features.hooks=false",
                 "features.hooks=0")) for p in _config_pairs(value)):
            why = "a nested Codex run with its hooks switched off runs its tool calls without statewise's hook"
    if not why:
        return []
    return [Action(tool="Bash", operation="agent.unguard", risk="destructive", target=name, text=text, unknown=why)]


def _config_pairs(value: str) -> list[str]:
    if "{" not in value:
        return [value.replace(" ", "").lower()]
    from statewise_cli.actions.hidden import config_pairs

    return config_pairs(value)


def _written_run(kind: str, operands: list[str], text: str) -> list[Action]:
    return [Action(tool="Bash", operation="shell.script", risk="read-only", target=".", arguments=(kind, *operands),
                   flags=frozenset({"written"}), text=text)]


# Tools that execute code their configuration names (plugins, hooks, setup files, task files, build backends).
_PROJECT_CODE_PROGRAMS = frozenset({
    "pylint", "mypy", "dmypy", "flake8", "eslint", "stylelint", "prettier", "webpack", "vite", "rollup", "babel",
    "next", "nuxt", "gulp", "grunt", "doit", "ant", "mix", "invoke", "inv", "nox", "tox", "rake", "gradle", "gradlew",
    "mvn", "mvnw", "sbt", "jupyter", "papermill", "jupyter-nbconvert", "jupyter-execute", *_JS_TEST_RUNNERS})
_PROJECT_CODE_MODULES = frozenset({"pylint", "mypy", "flake8", "doit", "nox", "tox", "invoke", "jupyter", "nbconvert",
                                   "papermill", "build"})
_PACKAGE_RUNS = frozenset({"test", "t", "tst", "run", "run-script", "rum", "urn", "version", "pack", "publish", "rebuild",
                           "rb", "start", "stop", "restart", "build", "shrinkwrap", "prune", "dedupe", "ddp", "update",
                           "up", "upgrade", "import", "link", "ln"})


def _runs_project_code(name: str, module: str, args: tuple[str, ...]) -> bool:
    if name in _PROJECT_CODE_PROGRAMS or module in _PROJECT_CODE_MODULES:
        return True
    sub = next((a for a in args if not a.startswith("-")), "")
    if name in ("npm", "pnpm", "yarn", "bun"):
        return sub in _PACKAGE_RUNS or sub in _JS_INSTALLS or (name == "yarn" and not sub)
    if name in ("pip", "pip3") or module == "pip":
        rest = args[2:] if module else args
        sub = next((a for a in rest if not a.startswith("-")), "")
        # building the project from its own tree runs its build backend (`pip wheel .`, `pip install -e .`)
        return sub in ("install", "wheel", "download") and any(
            a == "." or a.startswith(("./", "../")) or a in ("-e", "--editable") for a in rest)
    if name in ("uv", "poetry", "hatch", "pdm", "flit", "rye"):
        return sub in ("build", "install", "sync", "publish")
    return False


_JS_INSTALLS = frozenset({"install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall",
                          "add", "ci", "clean-install", "ic", "install-clean", "isntall-clean", "install-ci-test", "cit",
                          "install-test", "it"})


# npm's commands that run lifecycle scripts of their own name (each read with its pre- and post- script).
_LIFECYCLE_OF = {"version": ("version",), "pack": ("pack", "prepare"), "restart": ("restart", "stop", "start"),
                 "publish": ("prepublishOnly", "pack", "prepare", "publish"),
                 "rebuild": ("install", "prepare"), "rb": ("install", "prepare")}


def _tool_files(cmd: SimpleCommand, name: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Project files a tool runs as code when it starts: ``conftest.py`` (pytest), ``sitecustomize.py`` on a
    ``PYTHONPATH`` the command sets (python), ``package.json`` scripts (``npm run X``, ``npm test``, ``yarn X``),
    ``CMakeLists.txt`` (cmake configuring a source directory); (path, how to read it, arguments)."""
    args = cmd.argv[1:]
    out: list[tuple[str, str, tuple[str, ...]]] = []
    python = name.startswith(("python", "pypy"))
    if name in ("pytest", "py.test") or (python and args[:2] == ("-m", "pytest")):
        out += [(f, "task-code", ()) for f in ("conftest.py", "tests/conftest.py", "test/conftest.py")]
        # the conftest.py of every directory between here and the tests it names, the plugins its configuration and
        # `-p` load (pytest imports them before any test)
        operands = [a.split("::")[0] for a in args[2 if python else 0:] if not a.startswith("-") and not unknown(a)]
        for operand in operands:
            parts = [p for p in operand.split("/") if p and p != "."]
            if operand.endswith(".py"):
                parts = parts[:-1]
            out += [("/".join(parts[:i + 1]) + "/conftest.py", "task-code", ()) for i in range(min(len(parts), 6))]
        plugins = _option_values(args, ("-p",))
        out += [(f"{m.replace('.', '/')}{ext}", "task-code", ()) for m in plugins if not m.startswith("no:")
                for ext in (".py", "/__init__.py")]
        out += [(f, "pytest-config", ()) for f in _PYTEST_CONFIGS]
    if python or name in ("pytest", "py.test"):
        for key, value in cmd.assigns:
            if key == "PYTHONPATH" and not unknown(value):
                for d in value.split(":"):
                    if d:
                        out += [(f"{d.rstrip('/')}/{f}", "code", ()) for f in ("sitecustomize.py", "usercustomize.py")]
    if name in ("npm", "pnpm", "yarn", "bun"):
        i = 0
        while i < len(args) and args[i].startswith("-"):
            i += 2 if args[i] in _PM_OPTS_WITH_VALUE else 1
        sub = args[i] if i < len(args) else ""
        script = ""
        if sub in ("run", "run-script", "rum", "urn") and i + 1 < len(args):
            script = args[i + 1]
        elif sub in ("test", "t", "tst", "start", "stop", "restart"):
            script = {"t": "test", "tst": "test"}.get(sub, sub)
        elif name in ("yarn", "pnpm", "bun") and sub and sub not in _JS_BUILTINS and not unknown(sub):
            script = sub
        out += [(f, "code", ()) for f in _option_values(args, ("--init-module",))]  # `npm init` runs it
        if sub in _LIFECYCLE_OF:
            # npm's own commands run the project's lifecycle scripts of that command (`npm version` its
            # preversion/version/postversion, `npm pack` prepack/prepare/postpack, a publish all of these)
            out += [("package.json", "npm-script", (s,)) for s in _LIFECYCLE_OF[sub]]
        elif script and not script.startswith("-"):
            out.append(("package.json", "npm-script", (script,)))
        elif _help_request(args):
            pass  # a help request runs no script
        elif sub in _JS_INSTALLS or (name == "yarn" and not sub and not set(args) & {"--version", "-v", "--help", "-h"}):
            # an install runs the project's own lifecycle scripts: pre/install/post and prepare
            out += [("package.json", "npm-script", ("install",)), ("package.json", "npm-script", ("prepare",))]
    if name in ("node", "nodejs") and any(a == "--run" or a.startswith("--run=") for a in args):
        # `node --run NAME` runs the package.json script NAME (without npm's pre/post scripts)
        named = [a.partition("=")[2] for a in args if a.startswith("--run=")] + [
            args[k + 1] for k, a in enumerate(args[:-1]) if a == "--run"]
        out += [("package.json", "npm-script", (n,)) for n in named if n and not unknown(n)]
    out += _hidden_tool_files(cmd, name)
    if name == "cmake" and not any(a in ("-E", "--build", "--install", "-P", "--version", "--help") for a in args):
        source = (_option_values(args, ("-S",)) or [a[2:] for a in args if a.startswith("-S") and len(a) > 2]
                  or [a for a in args if not a.startswith("-") and a not in _option_values(
                      args, ("-B", "-G", "-D", "-C", "-T", "-A", "--preset", "--workflow"))][:1]
                  or (["."] if any(a.startswith("--preset") for a in args) else []))
        if source and not unknown(source[0]):
            out.append((f"{source[0].rstrip('/')}/CMakeLists.txt", "cmake", ()))
    return out


def _hidden_tool_files(cmd: SimpleCommand, name: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Files a program runs or obeys that the environment or a launcher picks (``statewise_cli.actions.hidden``): the
    user site's ``usercustomize.py`` under a ``PYTHONUSERBASE``, a ``node_modules/.bin`` shim ``npm exec``/``npx`` runs,
    curl's configuration files, a development container's configuration."""
    args = cmd.argv[1:]
    modules: list[tuple[str, str, tuple[str, ...]]] = []
    if name.startswith(("python", "pypy")) and "-m" in args and not unknown(cmd.cwd or "."):
        from statewise_cli.actions.hidden import python_module_files

        modules = [(f, "code", ()) for f in python_module_files(args, cmd.cwd)]
        if args[args.index("-m") + 1:args.index("-m") + 2] == ("pickle",):
            # `python -m pickle FILE…` loads each file: a pickle may call what it names while it loads
            modules += [(f, "pickle", ()) for f in args[args.index("-m") + 2:] if not f.startswith("-") and not unknown(f)]
    if not (name in _HIDDEN_TOOLS or any(k == "PYTHONUSERBASE" for k, _ in cmd.assigns)):
        return modules
    if name in ("npm", "pnpm", "yarn", "bun") and not {"exec", "x", "dlx"} & set(args) \
            and not any(k == "PYTHONUSERBASE" for k, _ in cmd.assigns):
        return []  # an ordinary script run: no launcher shim
    from statewise_cli.actions import hidden

    out: list[tuple[str, str, tuple[str, ...]]] = modules + [(f, "code", ()) for f in hidden.python_user_site(cmd.assigns)
                                                              if not unknown(f)]
    out += [(f, "", ()) for f in hidden.package_bin_runs(name, args)]
    if name == "curl":
        out += [(f, "curl-config", ()) for f in hidden.curl_config_files(cmd.assigns, args) if not unknown(f)]
    if name == "devcontainer":
        out += [(f, "devcontainer", ()) for f in hidden.devcontainer_files(args) if not unknown(f)]
    return out


_HIDDEN_TOOLS = frozenset({"npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "curl", "devcontainer"})


# Files a build or task tool reads its commands from when it runs (defence in depth: read from disk like a
# script): (file names tried in the directory it runs in, how to read them, the options naming another file).
# "commands": every command string the file holds (a `key = value` / `key: value` value, a recipe line, a quoted
# argv list, a Maven `<executable>` with its `<argument>`s) and any executable file a value names by path;
# "code": a program file read for the shell commands it hands over; "just": the recipes of the named targets.
_KUBECONFIG = ("~/.kube/config",)  # a Kubernetes client's configuration when neither option nor variable names one
_TOOL_CONFIG: dict[str, tuple[tuple[str, ...], str, tuple[str, ...]]] = {
    "ninja": (("build.ninja",), "commands", ("-f",)),
    "samu": (("build.ninja",), "commands", ("-f",)),
    "just": (("justfile", "Justfile", ".justfile"), "just", ("-f", "--justfile")),
    "pre-commit": ((".pre-commit-config.yaml", ".pre-commit-config.yml"), "commands", ("-c", "--config")),
    "prek": ((".pre-commit-config.yaml", ".pre-commit-config.yml"), "commands", ("-c", "--config")),
    "lefthook": (("lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml"), "commands", ()),
    "task": (("Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml"), "commands", ("-t", "--taskfile")),
    "go-task": (("Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml"), "commands", ("-t", "--taskfile")),
    "cargo": ((".cargo/config.toml", ".cargo/config"), "commands", ("--config",)),
    "mvn": (("pom.xml", ".mvn/maven.config", ".mvn/jvm.config"), "commands", ("-f", "--file")),
    "mvnw": (("pom.xml", ".mvn/maven.config", ".mvn/jvm.config"), "commands", ("-f", "--file")),
    "gradle": (("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties"),
               "commands", ("-b", "--build-file")),
    "gradlew": (("build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties"),
                "commands", ("-b", "--build-file")),
    "rake": (("Rakefile", "rakefile", "Rakefile.rb"), "task-code", ("-f", "--rakefile")),
    "gulp": (("gulpfile.js", "gulpfile.mjs", "gulpfile.cjs", "gulpfile.ts"), "task-code", ("-f", "--gulpfile")),
    "grunt": (("Gruntfile.js", "Gruntfile.cjs"), "task-code", ("--gruntfile",)),
    "invoke": (("tasks.py",), "task-code", ("-f",)),
    "inv": (("tasks.py",), "task-code", ("-f",)),
    "fab": (("fabfile.py",), "task-code", ("-f",)),
    "nox": (("noxfile.py",), "task-code", ("-f", "--noxfile")),
    "tox": (("tox.ini", "pyproject.toml", "setup.cfg"), "commands", ("-c",)),
    "composer": (("composer.json",), "commands", ()),
    "bazel": ((".bazelrc",), "commands", ()),
    "mise": (("mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", "mise/config.toml", ".mise/config.toml",
              ".config/mise.toml", ".config/mise/config.toml", ".tool-versions"), "commands", ("-E", "--env")),
    "dotnet": (("*.csproj", "*.fsproj", "*.vbproj", "*.proj", "Directory.Build.props", "Directory.Build.targets",
                "global.json"), "commands", ()),
    "msbuild": (("*.csproj", "*.fsproj", "*.vbproj", "*.proj", "Directory.Build.props", "Directory.Build.targets"),
                "commands", ()),
    "sbt": (("build.sbt", "project/plugins.sbt"), "commands", ()),
    "meson": (("meson.build",), "commands", ()),
    "scons": (("SConstruct", "SConscript"), "task-code", ("-f", "--file", "--sconstruct")),
    "waf": (("wscript",), "task-code", ()),
    "earthly": (("Earthfile",), "commands", ()),
    "tilt": (("Tiltfile",), "task-code", ()),
    "xmake": (("xmake.lua",), "task-code", ()),
    "mix": (("mix.exs",), "task-code", ()),
    "lein": (("project.clj",), "commands", ()),
    "deno": (("deno.json", "deno.jsonc"), "commands", ("-c", "--config")),
    # Procfile runners start every process line (`name: command`) of the Procfile, or the ones named
    "honcho": (("Procfile",), "commands", ("-f", "--procfile")),
    "foreman": (("Procfile",), "commands", ("-f", "--procfile")),
    "overmind": (("Procfile",), "commands", ("-f", "--procfile")),
    "hivemind": (("Procfile",), "commands", ()),
    "nf": (("Procfile",), "commands", ("-j", "--procfile")),
    # Documentation builders and servers that import their Python configuration (Sphinx's conf.py, MkDocs' hooks,
    # gunicorn's config file) and RubyGems evaluating a gemspec as Ruby
    "sphinx-build": (("conf.py", "docs/conf.py", "doc/conf.py", "source/conf.py", "docs/source/conf.py"), "task-code",
                     ("-c",)),
    "mkdocs": (("mkdocs.yml", "mkdocs.yaml"), "commands", ("-f", "--config-file")),
    "gunicorn": (("gunicorn.conf.py",), "task-code", ("-c", "--config")),
    "gem": (("*.gemspec",), "task-code", ()),
    # Bundler evaluates the Gemfile as Ruby on every command (`bundle install`, `bundle exec …`)
    "bundle": (("Gemfile", "gems.rb"), "task-code", ("--gemfile",)),
    "bundler": (("Gemfile", "gems.rb"), "task-code", ("--gemfile",)),
    # Kubernetes clients run the credential plugin their kubeconfig names (`users[].user.exec.command`, an
    # auth-provider's `cmd-path`) before they talk to the cluster: `--kubeconfig FILE`, else `$KUBECONFIG`'s files,
    # else ~/.kube/config
    **{k: (_KUBECONFIG, "commands", ("--kubeconfig",)) for k in ("kubectl", "oc", "helm", "kubectx", "kubens",
                                                                      "k9s", "kustomize", "flux", "argocd", "stern")},
}
# Options and files through which a build tool runs code the command line names: `cmake -DCMAKE_PROJECT_INCLUDE=F`
# (and the toolchain file, `-C` initial cache), `pytest -p MODULE`.
_CMAKE_CODE_VARIABLES = ("CMAKE_PROJECT_INCLUDE", "CMAKE_PROJECT_INCLUDE_BEFORE", "CMAKE_TOOLCHAIN_FILE",
                         "CMAKE_PROJECT_TOP_LEVEL_INCLUDES", "CMAKE_USER_MAKE_RULES_OVERRIDE")
_PYTEST_CONFIGS = ("pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg")
_CODE_EXTS = (".py", ".js", ".cjs", ".mjs", ".ts", ".mts", ".cts", ".rb", ".pl", ".pm", ".php", ".lua", ".tcl", ".java", ".jsh",
              ".kts", ".groovy", ".exs", ".jl", ".r", ".R")


def _cmake_preset_files(args: tuple[str, ...], cwd: str) -> list[str]:
    """``cmake --preset NAME``: the files the preset (and the presets it inherits) makes cmake run while configuring —
    its ``toolchainFile`` and the code-running cache variables it sets (:data:`_CMAKE_CODE_VARIABLES`), read from
    ``CMakePresets.json`` and ``CMakeUserPresets.json``."""
    names = _option_values(args, ("--preset",)) + [a.partition("=")[2] for a in args if a.startswith("--preset=")]
    if not names:
        return []
    import json

    presets: dict[str, dict[str, Any]] = {}
    for file in ("CMakePresets.json", "CMakeUserPresets.json"):
        try:
            with open(os.path.join(cwd or ".", file), encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError):
            continue
        for kind in ("configurePresets", "workflowPresets", "buildPresets", "testPresets"):
            for p in data.get(kind, []) if isinstance(data, dict) else []:
                if isinstance(p, dict) and isinstance(p.get("name"), str):
                    presets.setdefault(p["name"], p)
    out: list[str] = []
    todo, seen = list(names), set[str]()
    while todo and len(seen) < 64:
        name = todo.pop()
        if name in seen or name not in presets:
            continue
        seen.add(name)
        p = presets[name]
        if isinstance(p.get("configurePreset"), str):
            todo.append(p["configurePreset"])
        inherits = p.get("inherits")
        todo += [inherits] if isinstance(inherits, str) else [i for i in inherits or [] if isinstance(i, str)]
        for step in p.get("steps", []) if isinstance(p.get("steps"), list) else []:
            if isinstance(step, dict) and isinstance(step.get("name"), str):
                todo.append(step["name"])
        values = [p.get("toolchainFile")]
        cache: dict[str, Any] = p["cacheVariables"] if isinstance(p.get("cacheVariables"), dict) else {}
        for var, value in cache.items():
            if var.split(":")[0] in _CMAKE_CODE_VARIABLES:
                values.append(value.get("value") if isinstance(value, dict) else value)
        out += [v.replace("${sourceDir}/", "").replace("${sourceDir}", ".") for v in values
                if isinstance(v, str) and v and not unknown(v.replace("${sourceDir}", "."))]
    return out

_COMPOSE_FILES = ("compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml", "compose.override.yaml",
                  "compose.override.yml", "docker-compose.override.yml", "docker-compose.override.yaml")
_COMPOSE_SHORT = Pattern(r"""^\s*-\s*["']?([^"'\s]+?):(/[^"'\s:]*)(?::([\w,]+))?["']?\s*(?:#.*)?$""")
_COMPOSE_SOURCE = Pattern(r"""^\s*-?\s*source:\s*["']?([^"'\s#]+)["']?""")


def compose_mounts(text: str) -> list[str]:
    """The host paths a compose file bind-mounts writable into its containers: short syntax ``- SRC:DST[:ro]`` with a
    path source (``/x``, ``./x``, ``~/x``, ``${HOME}``; a named volume has none), and long syntax ``source:`` of a
    ``type: bind`` entry without ``read_only: true``. ``${VAR}``/``${VAR:-default}`` stay as written."""
    out: list[str] = []
    lines = text.splitlines()
    for n, line in enumerate(lines):
        m = _COMPOSE_SHORT.match(line)
        if m and m.group(1)[:1] in "/.~$" and not set((m.group(3) or "").split(",")) & {"ro", "readonly"}:
            out.append(m.group(1))
            continue
        m = _COMPOSE_SOURCE.match(line)
        if m and m.group(1)[:1] in "/.~$":
            block = "\n".join(lines[max(0, n - 4):n + 5])
            if "bind" in block and "read_only: true" not in block:
                out.append(m.group(1))
    return out


# Builtins of the shell: they run no program, so no file named after them is read
_SHELL_BUILTINS = frozenset({
    "let", "declare", "typeset", "local", "export", "readonly", "shift", "set", "unset", "alias", "unalias", "return",
    "break", "continue", "getopts", "true", "false", "wait", "umask", "shopt", "read", "mapfile", "readarray", "test",
    "pushd", "popd", "dirs", "times", "trap", "ulimit", "caller", "jobs", "disown", "bg", "fg", "compgen", "complete",
    "compopt", "logout", "suspend", "echo", "printf", "cd", "pwd"})

# Compiler drivers that look for their sub-programs under a `-B` prefix first (gcc's family, clang, versioned and
# cross-target names: `gcc-13`, `x86_64-linux-gnu-gcc`), and the sub-programs they run.
_COMPILER_DRIVER = Pattern(r"(?:[\w.]+-)*(?:gcc|g\+\+|cc|c\+\+|c89|c99|cpp|gfortran|gccgo|gnat|clang|clang\+\+|clang-cl)(?:-[\d.]+)?")
_DRIVER_SUBPROGRAMS = ("as", "ld", "collect2", "cc1", "cc1plus", "cc1obj", "cpp", "f951", "lto-wrapper", "lto1", "ld.bfd",
                       "ld.gold", "ld.lld", "ld.mold")


def _tool_config_files(cmd: SimpleCommand, name: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """The files of :data:`_TOOL_CONFIG` (and a few by subcommand) the command runs, as (path, flag, arguments)."""
    args = cmd.argv[1:]
    out: list[tuple[str, str, tuple[str, ...]]] = []
    spec = _TOOL_CONFIG.get(name)
    if spec is not None and not any(a in ("--version", "-V", "--help", "-h", "--list", "-l") for a in args[:1]):
        files, flag, options = spec
        named = _option_values(args, options) if options else []
        if flag == "commands" and name == "cargo":
            named = [v for v in named if not ("=" in v and not v.endswith(".toml"))]  # `--config k=v` is a value
        targets = tuple(a for a in args if not a.startswith("-") and a not in named)
        if files == _KUBECONFIG and not named:
            named = [a.partition("=")[2] for a in args if a.startswith("--kubeconfig=")] or [
                f for k, v in cmd.assigns if k == "KUBECONFIG" for f in v.split(":") if f][:4]
        out += [(f, flag, targets) for f in (named or files)]
        if name == "cargo" and not named and next((a for a in args if not a.startswith(("-", "+"))), "") in (
                "build", "b", "run", "r", "test", "t", "check", "c", "bench", "install", "doc", "clippy", "fix", "rustc"):
            manifest = _option_values(args, ("--manifest-path",)) + [a.partition("=")[2] for a in args
                                                                     if a.startswith("--manifest-path=")]
            where = os.path.dirname(manifest[0]) if manifest else ""
            out.append((os.path.join(where, "build.rs") if where else "build.rs", "code", ()))  # the package's build
            # script runs before it builds (the package the manifest path names, else the one here)
    if name == "java":
        source = next((a for a in args if not a.startswith("-")), "")
        if source.endswith(".java") and not unknown(source):  # source-file mode: the file is compiled and run
            out.append((source, "code", ()))
    # a versioned program's files are its stem's (`pdb3.11` → pdb, `tool-2` → tool)
    stem = _unversioned(name).rstrip("0123456789.") or name
    if stem == "pdb" or name.startswith("python") and args[:2] == ("-m", "pdb"):
        out += [(".pdbrc", "code", ()), ("~/.pdbrc", "code", ())]  # pdb runs its rc files as debugger commands
    if stem != name and stem.replace("-", "").isalnum():
        name = stem
    if name in ("npm", "pnpm", "yarn", "bun", "npx", "pnpx"):
        out += [(".npmrc", "commands", ()), ("~/.npmrc", "commands", ()), (".yarnrc.yml", "commands", ())]
    if spec is None and name and name not in _ARGS_READ and name not in _NESTED_PROGRAMS and name.replace("-", "").isalnum() \
            and name not in _SHELL_BUILTINS:
        # a tool nobody listed reads the file named after it (`Snakefile`, `Tiltfile`, `.xrc`, `x.config.js`,
        # `x.toml`): its literal commands are read like any task file's (defence in depth)
        out += [(f, "task-code" if f.endswith(_CODE_EXTS) else "commands", ()) for f in (
            f"{name.capitalize()}file", f"{name}file", f"{name}.toml", f".{name}.toml", f"{name}.yml", f"{name}.yaml",
            f".{name}.yml", f".{name}rc", f"{name}.config.js", f"{name}.config.mjs", f"{name}.config.ts", f"{name}.json",
            f"{name}.conf.py", f"{name}_config.py", f"{name}.config.py")]
    compose = args[1:] if name in ("docker", "podman") and args[:1] == ("compose",) else (
        args if name in ("docker-compose", "podman-compose") else None)
    if compose is not None:
        # the compose file's bind mounts are written by the containers it starts
        compose_files = _option_values(compose, ("-f", "--file"))
        sub = next((a for i, a in enumerate(compose) if not a.startswith("-") and a not in compose_files and (
            i == 0 or compose[i - 1] not in ("-f", "--file", "-p", "--project-name", "--env-file", "--profile",
                                             "--project-directory"))), "")
        if sub in ("up", "run", "create", "start", "restart", "watch") and not any(unknown(f) for f in compose_files):
            out += [(f, "compose", ()) for f in compose_files or _COMPOSE_FILES]
    if name == "bun":
        out.append(("bunfig.toml", "commands", ()))  # `preload` modules run before every bun program
    module = args[1] if name.startswith("python") and args[:1] == ("-m",) and len(args) > 1 else ""
    if name in ("jupyter", "jupyter-nbconvert", "jupyter-execute", "papermill", "nbconvert", "ipython", "nbclient") or \
            module in ("nbconvert", "papermill", "jupyter", "nbclient", "IPython"):
        # a notebook a tool executes runs its code cells (and their `!` shell lines, `%%bash` cells)
        executes = name in ("papermill", "jupyter-execute", "ipython") or module in ("papermill", "IPython") or any(
            a in ("--execute", "execute", "run") or a.startswith("--execute") for a in args)
        out += [(a, "notebook", ()) for a in args if executes and a.endswith((".ipynb", ".ipy")) and not unknown(a)]
    if name == "go" and args[:1] == ("generate",):
        # `go generate` runs the `//go:generate` lines of the packages it names (the current one by default)
        pkgs = [a for a in args[1:] if not a.startswith("-")] or ["."]
        for pkg in pkgs:
            root = pkg.removesuffix("/...")
            out.append((f"{root.rstrip('/') or '.'}/*.go", "go-generate", ("recursive",) if pkg.endswith("...") else ()))
    if name in ("pip", "pip3", "uv", "pipx") or (name.startswith("python") and args[:2] in (("-m", "pip"), ("-m", "build"))):
        # building a local project runs its setup.py (`pip install -e .`, `pip install ./pkg`, `python -m build`)
        rest = args[2:] if name.startswith("python") else args
        if name.startswith("python") and args[1:2] == ("build",):
            dirs = [a for a in rest if not a.startswith("-")][:1] or ["."]
        else:
            dirs = [a for a in rest if a in (".", "..") or a.startswith(("./", "../", "/")) and not a.endswith(
                (".txt", ".whl", ".tar.gz", ".zip", ".toml", ".cfg"))]
            dirs += [v for v in _option_values(rest, ("-e", "--editable"))]
        for d in dict.fromkeys(dirs):
            if not unknown(d) and "://" not in d and "+" not in d:
                out.append((f"{d.rstrip('/') or '/'}/setup.py", "task-code", ()))
    if name == "cmake":
        for a in args:
            var, _, value = a[2:].partition("=") if a.startswith("-D") else ("", "", "")
            if var.split(":")[0] in _CMAKE_CODE_VARIABLES and value and not unknown(value):
                out.append((value, "cmake", ()))
        out += [(v, "cmake", ()) for v in _option_values(args, ("-C",)) if not unknown(v)]
        out += [(v, "cmake", ()) for v in _option_values(args, ("-P",)) if not unknown(v) and v not in _STDIN_FILES]
        out += [(f, "cmake", ()) for f in _cmake_preset_files(args, cmd.cwd)]
    if name in ("hatch", "pdm", "poe", "poethepoet") and args[:1] not in (("--version",), ("--help",)):
        out.append(("pyproject.toml", "commands", ()))
    if any(a.startswith(("-B", "--prefix")) for a in args) and _COMPILER_DRIVER.fullmatch(name):
        # `cc -B DIR/ …` (`-BDIR`, clang's `--prefix DIR`): the driver runs its sub-programs (as, ld, cc1, …) from the
        # prefix first — an agent-written `DIR/as` is a program this command runs
        for prefix in _option_values(args, ("-B", "--prefix"))[:4]:  # `-B DIR`, `-BDIR`, `--prefix=DIR`
            if prefix and not unknown(prefix):  # a directory gets its slash; a bare prefix is prepended as it is
                out += [(f, "path", ()) for sub in _DRIVER_SUBPROGRAMS
                        for f in dict.fromkeys((f"{prefix.rstrip('/')}/{sub}", prefix + sub))]
    if any(a.startswith(("-specs", "--specs", "-wrapper", "-fuse-ld=", "--ld-path=")) for a in args) \
            and _COMPILER_DRIVER.fullmatch(name):
        out += _driver_program_files(args)
    for key, value in cmd.assigns:
        # `PATH=DIR:$PATH prog`: a program found first in DIR is the one that runs
        if key == "PATH" and "/" not in name and name and not unknown(cmd.argv[0]):
            for d in value.split(":"):
                if not d or unknown(d):
                    break
                out.append((f"{d.rstrip('/')}/{name}", "path", ()))
                if name == "git":
                    # git runs its helpers `git-NAME` (merge strategies, remote helpers, subcommands) from PATH
                    sub = _git_globals(cmd.argv, cmd.assigns)[0] or ""
                    helpers = [f"git-{sub}"] + [f"git-merge-{v}" for v in _option_values(args, ("-s", "--strategy"))]
                    out += [(f"{d.rstrip('/')}/{h}", "path", ()) for h in helpers if not unknown(h)]
                elif name in _PATH_PLUGIN_HOSTS:
                    # kubectl/oc run a plugin `kubectl-NAME[-SUB…]` from PATH for a command they do not have
                    # themselves (the longest name first), cargo its `cargo-NAME`
                    words = [a for a in args if not a.startswith(("-", "+"))][:3]
                    helpers = ["-".join([name, *words[:n]]) for n in range(len(words), 0, -1)]
                    out += [(f"{d.rstrip('/')}/{h}", "path", ()) for h in helpers[:3] if not unknown(h)]
    return out


_PATH_PLUGIN_HOSTS = frozenset({"kubectl", "oc", "cargo"})


def _driver_program_files(args: tuple[str, ...]) -> list[tuple[str, str, tuple[str, ...]]]:
    """Files a compiler driver runs because an option names them: a spec file (``-specs=FILE``, ``--specs FILE``),
    whose spec strings may name the linker or any program the driver starts (kind ``specs``: read for the programs
    it names); ``-wrapper PROG,ARGS``, the program every sub-program runs under; ``-fuse-ld=PATH`` /
    ``--ld-path=PATH``, a linker given by its path."""
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for j, a in enumerate(args):
        value = None
        kind = "path"
        for opt in ("-specs", "--specs"):
            if a.startswith(opt + "="):
                value, kind = a[len(opt) + 1:], "specs"
            elif a == opt and j + 1 < len(args):
                value, kind = args[j + 1], "specs"
        if a == "-wrapper" and j + 1 < len(args):
            value = args[j + 1].split(",", 1)[0]
        for opt in ("-fuse-ld=", "--ld-path="):
            if a.startswith(opt) and "/" in a[len(opt):]:
                value = a[len(opt):]
        if value and not unknown(value):
            out.append((value, kind, ()))
    return out[:8]


# A spec file's directives that read another spec file, and words in a spec string that name a program by its path
_SPEC_INCLUDE = Pattern(r"(?m)^%include(?:_noerr)?\s+<?([^>\s]+)>?")
_SPEC_PATH = Pattern(r"""(?<![\w%{}.=:-])((?:\.{1,2}/|~/|/)[^\s%{}|;:,()"'<>]+)""")
# The spec names whose string starts with the program the driver runs for that step
_SPEC_PROGRAMS = frozenset({"linker", "assembler", "asm_final", "cc1", "cpp", "collect2", "lto_wrapper"})
_KNOWN_LINKERS = frozenset({"ld", "collect2", "ld.bfd", "ld.gold", "ld.lld", "ld.mold", "gold", "lld", "mold", "as",
                            "cc1", "cc1plus", "cpp"})


def spec_programs(text: str) -> tuple[list[str], list[str]]:
    """The programs a gcc spec file names, and what about it the check cannot follow. Programs: every word of a spec
    string that is a path (``/tmp/x.sh``, ``./tools/ld``), and the first word of a program spec (``*linker:``) that
    is not one of the toolchain's own; not followed: another spec file it includes."""
    programs: list[str] = []
    unread: list[str] = []
    current = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("*") and stripped.endswith(":"):
            current = stripped[1:-1].strip()
            continue
        if not stripped:
            current = ""
            continue
        m = _SPEC_INCLUDE.match(stripped)
        if m:
            unread.append(f"it includes the spec file `{m.group(1)}`")
            continue
        if stripped.startswith(("%rename", "#")):
            continue
        body = stripped.lstrip("+ ")
        if current in _SPEC_PROGRAMS and body:
            first = body.split()[0]
            if first[:1] not in "%-" and "/" not in first and first not in _KNOWN_LINKERS:
                unread.append(f"its `{current}` spec runs `{first}`")
        programs += [m.group(1) for m in _SPEC_PATH.finditer(" " + body)]
    return list(dict.fromkeys(programs))[:16], unread[:4]


# Keys whose path value is a program the tool runs (not a certificate, cache or prefix directory).
_EXECUTABLE_KEYS = ("shell", "runner", "command", "cmd", "exec", "path", "script", "hook", "entry", "program", "bin",
                    "wrapper", "launcher", "interpreter", "linker", "compiler", "preload", "require", "loader", "init",
                    "setup", "plugin", "startup", "rcfile", "askpass", "editor", "pager")
# Options inside a configuration value that make a program load a file as code (`node-options=--require ./x.cjs`,
# `JAVA_TOOL_OPTIONS=-javaagent:x.jar`, `RUBYOPT=-r./x.rb`).
_KEYED_PATH = Pattern(r"""([\w-]+)["']?\s*[:=]\s*\[?\s*["']((?:\.{1,2}/|~/|/)[^"'\s$]+)["']""")
_LOADS_FILE = Pattern(r"""(?:--require|--import|--loader|--experimental-loader|--preload|-r)(?:\s+|=)?["']?((?:\.{0,2}/|~/)[^\s"',\]]+)""")
_XML_EXEC = Pattern(r"""(?s)<executable>\s*([^<]+?)\s*</executable>(?:.*?<arguments>(.*?)</arguments>)?""")
_XML_ARG = Pattern(r"""(?s)<argument>\s*([^<]*?)\s*</argument>""")
_KEY_VALUE = Pattern(r"""^\s*-?\s*["']?[\w.\-/ '"\[\]()]+?["']?\s*[:=]\s*(.+?)\s*,?\s*$""")
_QUOTED_LIST = Pattern(r"""\[\s*((?:(['"])(?:(?!\2).)*\2\s*,?\s*)+)\]""")


def config_commands(text: str) -> tuple[list[str], list[str]]:
    """The command strings a tool's configuration file holds, and the executable paths its values name."""
    from statewise_cli.actions.shell import _quote

    candidates: list[str] = []
    for exe, arguments in _XML_EXEC.findall(text):
        candidates.append(" ".join([exe] + [_quote(a) for a in _XML_ARG.findall(arguments or "")]))
    for m in _QUOTED_LIST.finditer(text):
        items = [x.group(2) for x in _STRING_LITERAL.finditer(m.group(1))]
        if items:
            candidates.append(" ".join(_quote(i) for i in items))
    paths: list[str] = []
    block_key = ""  # the key a YAML block list belongs to (`hooks:` followed by `- tools/h.py` items)
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "//", ";")):
            continue
        if stripped.endswith(":") and not stripped.startswith("-"):
            block_key = stripped[:-1].lower()
        elif stripped.startswith("- ") and any(k in block_key for k in _EXECUTABLE_KEYS):
            item = stripped[2:].strip().strip("'\"")
            if item.endswith(_CODE_EXTS) and " " not in item and "$" not in item:
                paths.append(item if item.startswith(("/", "./", "../", "~/")) else "./" + item)  # a hook module
        elif not line[:1].isspace():
            block_key = ""
        candidates.append(stripped.lstrip("-@ ").strip())
        kv = _KEY_VALUE.match(stripped)
        if kv:
            value = kv.group(1).strip()
            if len(value) > 1 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            candidates.append(value)
            key = stripped[:kv.start(1)].lower()
            if value.startswith(("/", "./", "~/")) and " " not in value and "$" not in value and any(
                    k in key for k in _EXECUTABLE_KEYS):
                paths.append(value)  # `script-shell=/x`, `yarnPath: ./x.cjs`, `runner = "/x"`: a program it runs
            elif value.startswith("[") and any(k in key for k in _EXECUTABLE_KEYS):
                # `preload = ["./setup.ts"]`: every path of the list
                paths += [x.group(2) for x in _STRING_LITERAL.finditer(value) if x.group(2).startswith(("/", "./", "../", "~/"))]
            paths += [m for m in _LOADS_FILE.findall(value) if "$" not in m]
        # `{ globalSetup: './x.ts' }`, `setupFiles = ["./y.js"]` anywhere on a line: a program the tool loads
        paths += [m.group(2) for m in _KEYED_PATH.finditer(stripped)
                  if any(k in m.group(1).lower() for k in _EXECUTABLE_KEYS) and m.group(2) not in paths]
        lits = list(_STRING_LITERAL.finditer(stripped))
        candidates += [lit.group(2) for lit in lits]
        run: list[str] = []
        for k, lit in enumerate(lits):
            # literals separated by commas only are one argv (`commandLine 'git', 'stash', 'clear'`, `cmd("git", "push")`)
            joined = k > 0 and stripped[lits[k - 1].end():lit.start()].strip() == ","
            if not joined and len(run) > 1:
                candidates.append(" ".join(_quote(w) for w in run))
            run = [*run, lit.group(2)] if joined else [lit.group(2)]
        if len(run) > 1:
            candidates.append(" ".join(_quote(w) for w in run))
    found: list[str] = []
    for c in candidates:
        found += [s for s in _command_strings(c) if s not in found]
    return found, list(dict.fromkeys(paths))


_JUST_RECIPE = Pattern(r"""^@?([A-Za-z_][\w-]*)(?:\s+[^:=]*)?:(?!=)\s*(.*)$""")


def just_commands(text: str, targets: tuple[str, ...]) -> str:
    """The recipe lines ``just TARGET…`` runs (the first recipe when none is named), with their dependencies."""
    recipes: dict[str, tuple[list[str], list[str]]] = {}
    order: list[str] = []
    current = None
    for line in text.splitlines():
        if line[:1] in (" ", "\t"):
            if current is not None and line.strip() and not line.strip().startswith("#"):
                recipes[current][1].append(line.strip().lstrip("@-"))
            continue
        m = _JUST_RECIPE.match(line)
        current = None
        if m and not line.startswith(("set ", "export ", "alias ", "import ", "mod ")):
            current = m.group(1)
            recipes[current] = ([d for d in m.group(2).split() if not d.startswith("#")], [])
            order.append(current)
    wanted = [t for t in targets if t in recipes] or order[:1]
    lines: list[str] = []
    seen: set[str] = set()
    while wanted:
        name = wanted.pop(0)
        if name in seen or name not in recipes:
            continue
        seen.add(name)
        wanted += [d.split("(")[0] for d in recipes[name][0]]
        lines += recipes[name][1]
    return "\n".join(lines)


def package_script_commands(text: str, script: str) -> list[str]:
    """The commands ``npm run SCRIPT`` runs from package.json's text: pre-, the script and post-."""
    from statewise_cli.fast import jsonfast as json  # no `re` on the hook path (see jsonfast)

    try:
        scripts = json.loads(text).get("scripts") or {}
    except (ValueError, AttributeError):
        return []
    if not isinstance(scripts, dict):
        return []
    return [v for k in (f"pre{script}", script, f"post{script}") if isinstance(v := scripts.get(k), str) and v.strip()]


_CMAKE_COMMAND = Pattern(r"""(?s)\bCOMMAND\s+(.*?)(?=\s+(?:COMMAND|WORKING_DIRECTORY|OUTPUT_VARIABLE|RESULT_VARIABLE|"""
                         r"""ERROR_VARIABLE|OUTPUT_QUIET|ERROR_QUIET|OUTPUT_FILE|ERROR_FILE|INPUT_FILE|TIMEOUT|DEPENDS|"""
                         r"""OUTPUT|BYPRODUCTS|COMMENT|VERBATIM|USES_TERMINAL|COMMAND_EXPAND_LISTS|ALL|ECHO_OUTPUT_VARIABLE|"""
                         r"""ECHO_ERROR_VARIABLE|COMMAND_ECHO|ENCODING|RESULTS_VARIABLE)\b|\s*\))""")


def cmake_commands(text: str) -> list[str]:
    """The commands a CMakeLists.txt runs while configuring or building (``execute_process(COMMAND …)``,
    ``add_custom_command``/``add_custom_target`` ``COMMAND …``); ``${VAR}`` stays unknown."""
    found = [m.strip() for m in _CMAKE_COMMAND.findall(text) if m.strip()]
    if "file" in text or "FILE" in text:
        found += _cmake_file_commands(text)
    return found


# `file(REMOVE_RECURSE a b)`, `file(WRITE path …)`: cmake's own file operations, as the shell command each is
_CMAKE_FILE = Pattern(r"""(?i)\bfile\s*\(\s*(REMOVE_RECURSE|REMOVE|WRITE|APPEND|TOUCH|TOUCH_NOCREATE|MAKE_DIRECTORY|RENAME|"""
                      r"""COPY_FILE|CREATE_LINK)\s+([^)]*)\)""")


def _cmake_file_commands(text: str) -> list[str]:
    import shlex

    out: list[str] = []
    for op, rest in _CMAKE_FILE.findall(text):
        try:
            words = shlex.split(rest.replace("\n", " "))
        except ValueError:
            continue
        op = op.upper()
        words = [w for w in words if w not in ("RESULT", "ONLY_IF_DIFFERENT", "SYMBOLIC", "COPY_ON_ERROR", "NO_REPLACE")]
        if not words or any("${" in w or "$<" in w for w in (words if op.startswith("REMOVE") or op in (
                "TOUCH", "TOUCH_NOCREATE", "MAKE_DIRECTORY") else words[:2])):
            continue  # a path only cmake knows: left to the configure step's own checks
        if op in ("REMOVE_RECURSE", "REMOVE"):
            out.append(shlex.join(["rm", "-rf" if op == "REMOVE_RECURSE" else "-f", "--", *words]))
        elif op in ("WRITE", "APPEND"):
            out.append(f"printf '' {'>>' if op == 'APPEND' else '>'} {shlex.quote(words[0])}")
        elif op in ("TOUCH", "TOUCH_NOCREATE"):
            out.append(shlex.join(["touch", "--", *words]))
        elif op == "MAKE_DIRECTORY":
            out.append(shlex.join(["mkdir", "-p", "--", *words]))
        elif op in ("RENAME", "COPY_FILE", "CREATE_LINK") and len(words) >= 2:
            out.append(shlex.join([{"RENAME": "mv", "COPY_FILE": "cp", "CREATE_LINK": "ln"}[op], "--", *words[:2]]))
    return out


_OTHER_EXTRACTORS = frozenset({"7z", "7za", "7zr", "7zz", "jar", "unrar", "unar", "bsdunzip", "ar"})


def _cpio_extraction(args: tuple[str, ...], cmd: SimpleCommand) -> tuple[str, str] | None:
    """(archive, directory) of ``cpio -i [-D DIR] < ARCHIVE`` (copy-in) and ``cpio -p DIR`` (pass-through: the files
    its standard input lists, written under DIR); the archive is "" when the check cannot read it."""
    letters = "".join(a[1:] for a in args if a.startswith("-") and not a.startswith("--"))
    directory = (_option_values(args, ("-D", "--directory")) or ["."])[-1]
    if "p" in letters or "--pass-through" in args:
        operands = _operands(args, {"-D", "--directory", "-E", "-F", "-H", "-I", "-M", "-O", "-R"})
        return "", operands[-1] if operands else "."
    if "i" not in letters and "--extract" not in args:
        return None
    return "", directory


def _overwrites(name: str, args: tuple[str, ...]) -> bool:
    """Whether an extraction replaces files already there: tar does unless told to keep them, unzip only with -o,
    cpio only with -u (it keeps a newer file otherwise), rsync unless --ignore-existing."""
    letters = "".join(a[1:] for a in args if a.startswith("-") and not a.startswith("--"))
    if name in ("tar", "bsdtar", "gtar"):
        first = args[0] if args and not args[0].startswith("-") else ""
        return not ("k" in letters or "k" in first or any(a in ("--keep-old-files", "--skip-old-files",
                                                                "--keep-newer-files", "--keep-directory-symlink")
                                                            for a in args))
    if name == "unzip":
        return "o" in letters and "n" not in letters
    if name == "cpio":
        return "u" in letters or "--unconditional" in args
    return "--ignore-existing" not in args and "--existing" not in args


def _extraction(name: str, args: tuple[str, ...]) -> tuple[str, str] | None:
    """(archive, directory) of ``unzip ARCHIVE [-d DIR]`` and ``tar -x[f] ARCHIVE [-C DIR]``, else None."""
    if name == "unzip":
        operands = _operands(args, {"-d", "-x", "-P"})
        if not operands or any(a in ("-l", "-v", "-t", "-Z", "-p", "-c") for a in args):
            return None
        return operands[0], (_option_values(args, ("-d",)) or ["."])[-1]
    if name in ("tar", "bsdtar", "gtar"):
        first = args[0] if args else ""
        mode = first if first and not first.startswith("--") else ""
        if not ("x" in mode or "--extract" in args or "--get" in args):
            return None
        if any(a in ("-O", "--to-stdout") or a.startswith("--to-command") or (a == mode and "O" in a)
               or (a[:1] == "-" and a[1:2] != "-" and "O" in a.partition("f")[0]) for a in args):
            # members sent to standard output or to a command's input (`-O`, `--to-stdout`, `--to-command=CMD`, whose
            # command is judged as a command): none is written to disk
            return None
        archive = _option_values(args, ("-f", "--file"))
        if not archive and mode and not mode.startswith("-") and "f" in mode:  # `tar xzf ARCHIVE`
            archive = [args[1]] if len(args) > 1 else []
        if not archive:
            for a in args:  # `-xzf ARCHIVE`: f last in a cluster takes the next word
                if a.startswith("-") and not a.startswith("--") and a.endswith("f") and a in args[:-1]:
                    archive = [args[args.index(a) + 1]]
        if not archive or archive[-1] == "-":
            # the archive arrives on standard input (`… | tar -x`): its members land in the directory all the same
            return "", (_option_values(args, ("-C", "--directory")) or ["."])[-1]
        return archive[-1], (_option_values(args, ("-C", "--directory")) or ["."])[-1]
    return None


def _config_file_writes(name: str, args: tuple[str, ...], text: str) -> list[Action]:
    """``git config --global k v``, ``npm config set k v``, ``pip config set``: a write of the user's (or the named)
    configuration file, outside the repository."""
    rest = args[args.index("config") + 1:]
    reads = ("--get", "--get-all", "--get-regexp", "-l", "--list", "get", "list", "ls", "--show-origin", "edit", "--edit",
             "-e", "debug", "fix")
    if any(a in reads or a.startswith("--get") for a in rest) or not rest:
        return []
    if name == "git":
        files = _option_values(rest, ("-f", "--file"))
        if "--global" in rest:
            files.append("~/.gitconfig")
        if "--system" in rest:
            files.append("/etc/gitconfig")
        operands = [a for a in rest if not a.startswith("-") and a not in files]
        return [_write(f, args, text) for f in files] if len(operands) >= 2 or "--unset" in rest or "--add" in rest else []
    where = _option_values(rest, ("--location", "-L"))
    where += [a.partition("=")[2] for a in rest if a.startswith("--location=")]
    verb = next((a for a in rest if not a.startswith("-") and a not in where), "")
    if verb not in ("set", "delete", "rm", "unset", "del"):
        return []  # the subcommand after any options (`pip config --user set k v`, `npm config --global set k v`)
    if name in ("npm", "pnpm", "yarn") and where[-1:] == ["project"]:
        return []
    if name.startswith("pip") and ("--site" in rest):
        return []
    target = {"npm": "~/.npmrc", "pnpm": "~/.npmrc", "yarn": "~/.yarnrc"}.get(name, "~/.config/pip/pip.conf")
    if "--global" in rest or where[-1:] == ["global"]:
        target = "$(npm prefix -g)/etc/npmrc" if not name.startswith("pip") else "/etc/pip.conf"
    return [_write(target, args, text)]


# --------------------------------------------------------------------------------------------------------------
# State a program keeps for the user, outside any repository: a command that sets a tool's user-level
# configuration (`go env -w`, `gh config set`, `poetry config`, `bundle config`, `kubectl config use-context`),
# installs a program or shim for the whole machine (`npm i -g`, `pip install --user`, `cargo install`,
# `uv tool install`, `corepack enable`), registers the repository or a service with the user's account
# (`git maintenance register`, `systemctl --user enable`, `direnv allow`) or logs in (`npm login`,
# `docker login`) writes a file under the home directory (or the system's) — a write outside the repository.
# The model is by kind: a subcommand that changes state (set/unset/add/install/enable …) under a program's
# user-level namespace, unless an option keeps it in the project (`--local`, `--location project`, `--root DIR`).

_HOME_STATE: dict[str, tuple[str, tuple[tuple[str, ...], ...], tuple[str, ...]]] = {
    # program: (file it writes, subcommand paths that write it, options that keep the write in the project)
    "go": ("~/.config/go/env", (("env", "-w"), ("env", "-u"), ("env", "--w"), ("env", "--u")), ()),
    "gh": ("~/.config/gh/config.yml", (("config", "set"), ("config", "clear-cache"), ("alias", "set"), ("alias", "delete"),
                                       ("alias", "import"), ("auth", "login"), ("auth", "logout"), ("auth", "refresh"),
                                       ("auth", "setup-git"), ("auth", "switch"), ("extension", "install"),
                                       ("extension", "upgrade"), ("extension", "remove"), ("ext", "install")), ()),
    "poetry": ("~/.config/pypoetry/config.toml", (("config",), ("self", "add"), ("self", "remove"), ("self", "update"),
                                                  ("self", "install"), ("self", "lock"), ("self", "sync")),
               ("--local", "--list", "-l")),
    "bundle": ("~/.bundle/config", (("config", "set"), ("config", "unset")), ("--local",)),
    "conda": ("~/.condarc", (("config",),), ("--file", "--env", "--show", "--show-sources", "--get", "--describe",
                                            "--validate")),
    "mamba": ("~/.condarc", (("config",),), ("--file", "--env", "--show", "--show-sources", "--get", "--describe")),
    "composer": ("~/.config/composer", (("global", "require"), ("global", "remove"), ("global", "update"),
                                        ("global", "install"), ("global", "config"), ("config", "-g"),
                                        ("config", "--global")), ("--list", "-l")),
    "rustup": ("~/.rustup/settings.toml", (("default",), ("override", "set"), ("override", "unset"), ("set",), ("update",), ("upgrade",), ("install",),
                                           ("uninstall",), ("self",), ("toolchain", "install"), ("toolchain", "uninstall"),
                                           ("toolchain", "link"), ("target", "add"), ("target", "remove"),
                                           ("component", "add"), ("component", "remove")), ()),
    "pipx": ("~/.local/share/pipx", (("install",), ("inject",), ("upgrade",), ("upgrade-all",), ("uninstall",),
                                     ("uninstall-all",), ("reinstall",), ("reinstall-all",), ("ensurepath",), ("pin",)), ()),
    "gem": ("~/.local/share/gem", (("install",), ("uninstall",), ("update",), ("sources",), ("cleanup",)),
            ("-i", "--install-dir", "--list", "-l")),
    "cargo": ("~/.cargo/bin", (("install",), ("uninstall",)), ("--root",)),
    "dotnet": ("~/.dotnet/tools", (("tool", "install", "-g"), ("tool", "install", "--global"), ("tool", "update", "-g"),
                                   ("tool", "update", "--global"), ("tool", "uninstall", "-g"),
                                   ("tool", "uninstall", "--global"), ("nuget", "add"), ("workload", "install")), ()),
    "corepack": ("$(dirname $(command -v node))", (("enable",), ("disable",), ("install", "-g"), ("install", "--global"),
                                                   ("prepare", "--activate")), ("--install-directory",)),
    "volta": ("~/.volta", (("install",), ("uninstall",), ("setup",)), ()),
    "mise": ("~/.config/mise/config.toml", (("use", "-g"), ("use", "--global"), ("settings", "set"), ("trust",),
                                            ("global",)), ()),
    "rtx": ("~/.config/mise/config.toml", (("use", "-g"), ("use", "--global"), ("global",)), ()),
    "asdf": ("~/.tool-versions", (("global",), ("set", "-u"), ("set", "--home"), ("plugin", "add")), ()),
    "pyenv": ("~/.pyenv/version", (("global",),), ()),
    "rbenv": ("~/.rbenv/version", (("global",),), ()),
    "nodenv": ("~/.nodenv/version", (("global",),), ()),
    "goenv": ("~/.goenv/version", (("global",),), ()),
    "jenv": ("~/.jenv/version", (("global",), ("add",)), ()),
    "nvm": ("~/.nvm/alias/default", (("alias",), ("unalias",)), ()),
    "fnm": ("~/.local/share/fnm/aliases", (("default",), ("alias",), ("unalias",)), ()),
    # (`sdk install`, like `rbenv install` or `nvm install`, adds a version beside the others: no one's default moves)
    "sdk": ("~/.sdkman/candidates", (("default",), ("uninstall",), ("config",)), ()),
    "systemctl": ("~/.config/systemd/user", (("--user", "enable"), ("--user", "disable"), ("--user", "link"),
                                             ("--user", "mask"), ("--user", "unmask"), ("--user", "edit"),
                                             ("--user", "set-environment"), ("--user", "import-environment"),
                                             ("--user", "preset"), ("--user", "revert"), ("--user", "add-wants")), ()),
    "launchctl": ("~/Library/LaunchAgents", (("load",), ("unload",), ("bootstrap",), ("bootout",), ("enable",),
                                             ("disable",), ("setenv",), ("unsetenv",), ("submit",)), ()),
    "direnv": ("~/.local/share/direnv/allow", (("allow",), ("permit",), ("grant",), ("deny",), ("revoke",), ("block",),
                                               ("prune",)), ()),
    "docker": ("~/.docker/config.json", (("login",), ("logout",), ("context", "create"), ("context", "use"),
                                         ("context", "rm"), ("context", "update"), ("buildx", "create"), ("buildx", "use")),
               ()),
    "podman": ("~/.config/containers/auth.json", (("login",), ("logout",)), ()),
    "kubectl": ("~/.kube/config", (("config", "set"), ("config", "unset"), ("config", "set-context"),
                                   ("config", "set-cluster"), ("config", "set-credentials"), ("config", "use-context"),
                                   ("config", "use"), ("config", "delete-context"), ("config", "delete-cluster"),
                                   ("config", "delete-user"), ("config", "rename-context")), ("--kubeconfig",)),
    "gcloud": ("~/.config/gcloud", (("config", "set"), ("config", "unset"), ("config", "configurations", "create"),
                                    ("config", "configurations", "activate"), ("config", "configurations", "delete"),
                                    ("auth", "login"), ("auth", "revoke"), ("auth", "activate-service-account"),
                                    ("auth", "application-default", "login"), ("components", "install"),
                                    ("components", "update"), ("components", "remove")), ()),
    "aws": ("~/.aws/config", (("configure", "set"), ("configure", "import"), ("configure", "sso"), ("sso", "login"),
                              ("sso", "logout")), ()),
    "az": ("~/.azure/config", (("config", "set"), ("config", "unset"), ("login",), ("logout",), ("account", "set"),
                               ("extension", "add")), ()),
    "code": ("~/.vscode/extensions", (("--install-extension",), ("--uninstall-extension",)), ()),
    "brew": ("$(brew --prefix)", (("install",), ("uninstall",), ("reinstall",), ("upgrade",), ("tap",), ("link",),
                                  ("unlink",), ("services",), ("pin",)), ()),
}
# Commands that create a project's manifest where they run (from the tools' documentation): (words, file).
_PROJECT_INIT: dict[str, tuple[tuple[str, ...], str]] = {
    "npm": (("init",), "package.json"), "pnpm": (("init",), "package.json"), "yarn": (("init",), "package.json"),
    "bun": (("init",), "package.json"), "cargo": (("init",), "Cargo.toml"), "go": (("mod", "init"), "go.mod"),
    "uv": (("init",), "pyproject.toml"), "poetry": (("init",), "pyproject.toml"), "composer": (("init",), "composer.json"),
    "deno": (("init",), "deno.json"), "pixi": (("init",), "pixi.toml"),
}
# Options that install a CLI's shell completion into the user's start-up files, whatever the CLI.
_COMPLETION_INSTALL = frozenset({"-install-autocomplete", "--install-autocomplete", "-uninstall-autocomplete",
                                 "--uninstall-autocomplete", "--install-completion", "--install-completions",
                                 "--install-shell-integration"})
# Subcommands that write a tool's shell integration into the user's rc files (~/.bashrc, ~/.zshrc, ~/.profile,
# PowerShell profiles), from the tools' documentation; tools that only print it (`pyenv init -`, `direnv hook`,
# `starship init`, `mise activate`) are not here.
_SHELL_INIT: dict[str, tuple[tuple[str, ...], ...]] = {
    "conda": (("init",),), "mamba": (("init",), ("shell", "init")), "micromamba": (("shell", "init"), ("shell", "deinit"),
                                                                                  ("shell", "reinit")),
    "opam": (("init",),), "broot": (("--install",),), "pixi": (("global", "install"),), "rye": (("self", "install"),),
    "ghcup": (("install",),),
}
# Package managers: a global install (or a link into the global prefix) writes outside every project.
_GLOBAL_FLAGS = ("-g", "--global", "--location=global", "--user", "--system")
_JS_GLOBAL = ("install", "i", "in", "ins", "add", "a", "uninstall", "un", "remove", "rm", "r", "update", "up", "upgrade",
              "link", "ln", "unlink")


def _subcommand_path(args: tuple[str, ...], path: tuple[str, ...]) -> bool:
    """Whether ``args`` (options between the words allowed) start with the words of ``path``; a path word that is an
    option may stand anywhere among the arguments."""
    words = [a for a in args if not a.startswith("-")]
    opts = [a.partition("=")[0] for a in args if a.startswith("-")]
    k = 0
    for word in path:
        if word.startswith("-"):
            if word not in opts:
                return False
            continue
        if k >= len(words) or words[k] != word:
            return False
        k += 1
    return True


def _redirected_input(cmd: SimpleCommand, text: str) -> str | None:
    """What ``< FILE`` gives a command: nothing from ``/dev/null``; a file on disk as it is now, when the line does not
    name it elsewhere (a line that writes it first names it twice); None when unknown."""
    source = next((t for op, t in reversed(cmd.redirects) if op in ("<", "0<")), None)
    if source is None or unknown(source):
        return None
    if source == "/dev/null":
        return ""
    if not source.startswith("/") or text.count(os.path.basename(source)) > 1:
        return None  # relative to a directory this reading may not be in
    try:
        if os.path.getsize(source) > 256_000:
            return None
        with open(source, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError:
        return None


def _fast_import(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    """``git fast-import`` moves (``--force``: also backwards) or resets every ref its input stream names (``reset
    REF`` / ``commit REF``): judged as ``git update-ref`` of those refs; a stream the check cannot read may move any."""
    sub, _rest, _globals = _git_globals(cmd.argv, cmd.assigns)
    if sub != "fast-import":
        return []
    from statewise_cli.actions.shell import _stdin_text

    stream = cmd.heredocs[-1] if cmd.heredocs else next((t for op, t in cmd.redirects if op == "<<<"), None)
    if stream is None and cmd.stdin:
        stream = _stdin_text(cmd.stdin)
    if stream is None:
        stream = _redirected_input(cmd, text)
    if stream is None:
        return [_inline("git fast-import", "", text, "git fast-import moves the refs of an input stream the check cannot "
                        "read", suspects=frozenset({"discard"}))]
    out: list[Action] = []
    for line in stream.replace("\\n", "\n").splitlines():
        words = line.split()
        if len(words) == 2 and words[0] in ("reset", "commit") and not unknown(words[1]):
            ref = words[1]
            shown = f"git update-ref -d {ref}" if ref in ("refs/stash", "stash") else f"git update-ref {ref} HEAD"
            out += [a for a in normalize_shell(shown, branch, _depth=1) if _matters(a)]
    return out


def _template_hooks(cmd: SimpleCommand, text: str) -> list[Action]:
    """``git clone|init --template=DIR`` (or ``-c init.templateDir=DIR``): the hooks of DIR are copied into the new
    repository and run there (a clone's checkout runs ``post-checkout``): read like scripts."""
    sub, rest, globals_ = _git_globals(cmd.argv, cmd.assigns)
    if sub not in ("clone", "init", "submodule"):
        return []
    dirs = _option_values(tuple(rest), ("--template",))
    dirs += [v for k, v in globals_.config if k.lower() == "init.templatedir" and v]
    dirs += [v for k, v in cmd.assigns if k == "GIT_TEMPLATE_DIR" and v]  # git's documented third source
    return [Action(tool="Bash", operation="shell.script", risk="read-only", target=f"{d.rstrip('/')}/hooks/{hook}",
                   arguments=(), text=text)
            for d in dirs if not unknown(d) for hook in ("post-checkout", "reference-transaction", "post-index-change")]


def _user_state_writes(cmd: SimpleCommand, name: str, text: str) -> list[Action]:
    """The user-level file a command changes (module comment above), as a write outside the repository."""
    args = cmd.argv[1:]
    words = [a for a in args if not a.startswith("-")]
    made = _PROJECT_INIT.get(name)
    if made and words[:len(made[0])] == list(made[0]) and not any(a in ("-h", "--help") for a in args):
        # `npm init -y`, `cargo init`, `go mod init m`: the project's manifest, written where the command runs (or in
        # the directory it names)
        place = words[len(made[0])] if name in ("cargo", "uv", "poetry") and len(words) > len(made[0]) else "."
        return [_write(f"{place.rstrip('/')}/{made[1]}", args, text)]
    if name in ("pytest", "py.test") or (name.startswith("python") and args[:2] == ("-m", "pytest")):
        # `-o cache_dir=DIR` (an ini option given on the command line): pytest writes its cache there
        overrides = _option_values(args, ("-o", "--override-ini"))
        dirs = [v.partition("=")[2] for v in overrides if v.partition("=")[0].strip() == "cache_dir"]
        if [d for d in dirs if d]:
            return [_write(d, args, text) for d in dirs if d]
    if name.startswith(("python", "pypy")):
        # a pycache prefix (`-X pycache_prefix=DIR`, PYTHONPYCACHEPREFIX): Python writes the bytecode of every module
        # it imports, the standard library's too, under DIR
        prefixes = [v for k, v in cmd.assigns if k == "PYTHONPYCACHEPREFIX" and v] + [
            a.partition("pycache_prefix=")[2] for k, a in enumerate(args)
            if "pycache_prefix=" in a and (a.startswith("-X") or (k and args[k - 1] == "-X"))]
        if [p for p in prefixes if p]:
            return [_write(p, args, text) for p in prefixes if p]
    if name == "git":
        sub, rest, _globals = _git_globals(cmd.argv, cmd.assigns)
        if sub == "maintenance" and rest[:1] and rest[0] in ("register", "unregister", "start", "stop"):
            # the repository is added to (removed from) the user's global config, `start` also schedules jobs
            where = _option_values(tuple(rest), ("--config-file",)) or ["~/.gitconfig"]
            return [_write(where[-1], args, text)]
        if sub == "lfs" and rest[:1] and rest[0] in ("install", "uninstall") and not any(
                a in ("--local", "--worktree", "--file") for a in rest):
            return [_write("~/.gitconfig", args, text)]
        return []
    if name in ("npm", "pnpm", "yarn", "bun", "cnpm", "deno"):
        sub, tail = _manager_subcommand(name, args)
        flags = {a.partition("=")[0] if not a.startswith("--location") else a for a in args if a.startswith("-")}
        if name == "yarn" and sub == "global":
            return [_write("~/.config/yarn/global", args, text)]
        if sub in ("login", "logout", "adduser", "add-user") or (sub == "set" and name == "npm"):
            return [_write("~/.npmrc", args, text)]  # a token or `npm set k v` (config set) in the user's .npmrc
        if name == "npm" and sub in ("link", "ln") and not [a for a in tail if not a.startswith("-")]:
            return [_write("$(npm prefix -g)/lib/node_modules", args, text)]  # `npm link`: this package, globally
        if name == "deno" and sub in ("install", "i", "uninstall") and ("-g" in flags or "--global" in flags):
            return [_write("~/.deno/bin", args, text)]
        if (sub in _JS_GLOBAL or sub == "install") and flags & {"-g", "--global", "--location=global"}:
            return [_tool_install("$(npm prefix -g)/lib/node_modules", args, text)]
        return []
    if name in ("pip", "pip3") or (name.startswith("python") and args[:2] == ("-m", "pip")):
        pip_args = args[2:] if args[:1] == ("-m",) else args
        sub = next((a for a in pip_args if not a.startswith("-")), "")
        if sub in ("install", "uninstall") and any(a in ("--user", "--break-system-packages") for a in pip_args):
            return [_tool_install("~/.local/lib", args, text)]
        return []
    if name == "uv":
        if args[:2] in (("tool", "install"), ("tool", "uninstall"), ("tool", "upgrade"), ("tool", "update-shell")):
            return [_tool_install("~/.local/share/uv/tools", args, text)]
        if args[:1] == ("pip",) and "--system" in args and args[1:2] in (("install",), ("uninstall",), ("sync",)):
            return [_write("$(python3 -c 'import site; print(site.getsitepackages()[0])')", args, text)]
        return []
    if name == "go" and args[:1] == ("install",) and any("@" in a for a in args[1:] if not a.startswith("-")):
        return [_tool_install("~/go/bin", args, text)]  # `go install pkg@version`: a program for the whole machine
    if name == "aws" and args == ("configure",):
        return [_write("~/.aws/config", args, text)]  # the interactive form writes the profile
    if name == "ssh-keygen" and any(a in ("-R", "-H") for a in args) and "-f" not in args:
        return [_write("~/.ssh/known_hosts", args, text)]  # removes or hashes entries of the user's known hosts
    if name == "crontab" and any(a in ("-r", "-e", "-") for a in args):
        return [_write("/var/spool/cron/crontabs", args, text)]
    if any(a.partition("=")[0] in _COMPLETION_INSTALL for a in args):
        # a CLI's own "install completion" option (HashiCorp's `-install-autocomplete`, Typer/Click's
        # `--install-completion`) appends to the user's shell start-up file
        return [_write("~/.bashrc", args, text)]
    for path in _SHELL_INIT.get(name, ()):
        if _subcommand_path(args, path) and not any(a in ("--dry-run", "-d", "--help", "-h") for a in args):
            return [_write("~/.bashrc", args, text)]  # shell integration written into the user's rc files
    spec = _HOME_STATE.get(name)
    if spec is None:
        return _settings_command_writes(name, args, words, text)
    target, paths, local = spec
    if any(a.partition("=")[0] in local for a in args):
        return []
    for path in paths:
        if _subcommand_path(args, path):
            if name in ("poetry", "conda", "mamba") and path == ("config",) and len(
                    [a for a in args[1:] if not a.startswith("-")]) < (2 if name == "poetry" else 0) and "--unset" not in args:
                continue  # `poetry config KEY` reads it; a value or --unset writes
            if name == "nvm" and path == ("alias",) and len([a for a in args[1:] if not a.startswith("-")]) < 2:
                continue  # `nvm alias` / `nvm alias default` list
            return [_write(target, args, text)]
    return []


_SETTINGS_NOUNS = frozenset({"config", "configure", "configuration", "settings", "setting", "prefs", "preferences",
                             "defaults"})
_SETTINGS_VERBS = frozenset({"set", "add", "unset", "remove", "rm", "delete", "del", "write", "reset", "put", "enable",
                             "disable"})
_SETTINGS_PROGRAM_ENDINGS = ("settings", "config", "conf", "defaults", "prefs", "-update")
# options that send a settings command to a file or scope the line names, instead of the user's own configuration
_SETTINGS_ELSEWHERE = ("--local", "--project", "--workspace", "--file", "-f", "--location", "--config", "--repo",
                       "--worktree")


# Subcommands that record the caller in a tool's user-level state, and programs that record a choice there.
_REGISTRATION_VERBS = frozenset({"register", "unregister", "deregister"})
_SELECTION_PROGRAMS = ("select-",)


def _settings_command_writes(name: str, args: tuple[str, ...], words: list[str], text: str) -> list[Action]:
    """A program's own settings command, by its grammar rather than its name: `TOOL config set KEY VALUE`, `TOOL
    settings unset KEY`, or a program that is a settings tool by its name (`…settings`, `…config`, `…-update`) told
    to `set`/`--set`/`write`/`reset`. With no file on the line it writes the user's configuration for that program,
    outside the repository (a write the README's promise covers, judged like `git config --global`)."""
    if any(a.partition("=")[0] in _SETTINGS_ELSEWHERE for a in args) or any(a in ("-h", "--help") for a in args) \
            or name in READ_PROGRAMS or name in SEARCH_PROGRAMS or name in _ARGS_READ:
        return []  # (a program that only reads its operands: `ls config set` lists two files)
    first = args[0] if args else ""
    verb = ""
    if words[:1] and words[0] in _SETTINGS_NOUNS and words[1:2] and words[1] in _SETTINGS_VERBS:
        verb = words[1]
    elif name.endswith(_SETTINGS_PROGRAM_ENDINGS) and (first in _SETTINGS_VERBS or first.lstrip("-") in (
            "set", "reset", "unset", "write")) and len(args) > 1:
        verb = first
    elif words[:1] and words[0] in _REGISTRATION_VERBS and not any(
            not w.startswith("-") and "/" not in w and w not in (".", "..") and not w.startswith("~")
            for w in words[1:]):
        # `TOOL register [PATH]`: a registration records the project (or the caller) in the tool's user-level state
        # (a global configuration, a list of enlistments); a path on the line names what is registered, not where.
        # A word that is no path (`register --case F-4410`, `register INV-7`) names a record the program enters in
        # its own register: that is the program's work, not the caller's registration
        verb = words[0]
    elif name.startswith(_SELECTION_PROGRAMS) and not any(a.startswith("-") for a in args[:1]):
        # a selection program (`select-THING`) records the user's choice in a dotfile of the home directory
        verb = "select"
    if not verb or unknown(name):
        return []
    return [_write(f"~/.config/{name}", args, text)]


def _join_cwd(cwd: str, where: str) -> str:
    if not where:
        return cwd
    if where.startswith("/") or not cwd:
        return where
    return cwd.rstrip("/") + "/" + where


_PM_ELSEWHERE = {"npm": ("--prefix", "-C", "--dir", "--cwd"), "pip": ("--target", "-t", "--prefix", "--root"),
                 "pip3": ("--target", "-t", "--prefix", "--root"), "uv": ("--target", "--prefix", "--directory", "--project")}
_PM_OPTS_WITH_VALUE = {"--registry", "--prefix", "-C", "--cache", "--userconfig", "--globalconfig", "--workspace", "-w",
                       "--loglevel", "--tag", "--access", "--otp", "--dir", "--filter", "-F", "--cwd", "--proxy",
                       "--python", "--cache-dir", "--log", "--timeout", "--retries", "--trusted-host", "--cert",
                       "--directory", "--project"}
_JS_INSTALL = {"install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "add", "it",
               "install-test", "cit", "clean-install", "ci", "ic", "install-clean", "isntall-clean", "install-ci-test",
               "update", "up", "upgrade", "udpate",
               # they rewrite the lockfile and node_modules like an install does
               "dedupe", "ddp", "prune", "rebuild", "rb", "uninstall", "unins", "uninst", "un", "remove", "rm", "r",
               # they write the project's lockfile (`npm shrinkwrap`, `yarn import`, `pnpm import` from another one)
               "shrinkwrap", "import"}
# npm's own aliases of those commands (`npm uninstall --help`: "aliases: unlink, remove, rm, r, un"; `npm update`:
# "u, up, upgrade, udpate"; `npm install-ci-test`: "cit, clean-install-test, sit"): in npm, `unlink` is uninstall
_NPM_INSTALL_ALIASES = {"unlink", "u", "clean-install-test", "sit"}


# The commands of npm (and of pnpm, yarn and bun) with their documented aliases. npm runs a script only through `run`,
# so for npm a word after a global option that is none of these and no install is that option's value.
_JS_COMMANDS = frozenset({
    "access", "adduser", "audit", "bugs", "cache", "completion", "config", "c", "deprecate", "diff", "dist-tag", "docs",
    "doctor", "edit", "exec", "x", "explain", "why", "explore", "find-dupes", "fund", "get", "help", "help-search",
    "hook", "init", "create", "link", "ln", "ll", "la", "list", "ls", "login", "logout", "org", "outdated", "owner",
    "pack", "ping", "pkg", "prefix", "profile", "publish", "pub", "query", "repo", "restart", "root", "run",
    "run-script", "rum", "urn", "sbom", "search", "find", "s", "se", "set", "star", "stars", "start", "stop", "team",
    "test", "t", "tst", "token", "unpublish", "unstar", "version", "view", "v", "info", "show", "whoami", "dlx",
    "env", "store", "server", "setup", "patch", "patch-commit", "licenses", "workspace", "workspaces", "node",
    "bin", "upgrade-interactive", "pm", "global", "npm", "plugin", "set-script", "install-completion"})


def _manager_subcommand(name: str, args: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """A package manager's subcommand after its global options (``npm --registry URL publish``), under its
    canonical name (``npm it`` and ``npm isntall`` install; ``npm pub`` publishes)."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        i += 2 if args[i] in _PM_OPTS_WITH_VALUE else 1
        if (i < len(args) and name in ("npm", "cnpm") and args[i - 1].startswith("--")
                and "=" not in args[i - 1] and not args[i].startswith("-") and args[i] not in _JS_INSTALL
                and args[i] not in _JS_COMMANDS):
            i += 1  # `npm --omit dev install`: a word no command is named by is the value of the option before it
    if i >= len(args):
        return None, ()
    sub = args[i]
    if name in ("npm", "pnpm", "yarn", "bun", "cnpm"):
        if sub in _JS_INSTALL or (sub == "audit" and "fix" in args[i + 1:]) or (name == "npm" and sub in _NPM_INSTALL_ALIASES):
            sub = "install"
        elif len(sub) >= 3 and "publish".startswith(sub):
            sub = "publish"
    return sub, args[i + 1:]


_INTERPRETERS = {"node": ("-e", "--eval", "-p", "--print"), "bun": ("-e", "--eval", "-p", "--print"),
                 "deno": ("eval",), "perl": ("-e", "-E"), "ruby": ("-e",), "php": ("-r",), "osascript": ("-e",),
                 "Rscript": ("-e",), "R": ("-e",), "lua": ("-e",), "luajit": ("-e",), "tclsh": (), "pwsh": ("-c", "-Command"), "powershell": ("-c", "-Command"),
                 # read-eval-print loops and script runners of other languages: code after their eval option, or fed
                 # on their standard input
                 "nodejs": ("-e", "--eval", "-p", "--print"), "jshell": (), "irb": (), "ghci": ("-e",), "julia": ("-e", "--eval", "-E", "--print"),
                 "scala": ("-e",), "groovy": ("-e",), "groovysh": (), "clojure": ("-e", "--eval"), "clj": ("-e", "--eval"),
                 "elixir": ("-e", "--eval"), "iex": ("-e",), "erl": ("-eval",), "guile": ("-c",), "racket": ("-e", "--eval"),
                 "sbcl": ("--eval",), "kotlinc": ("-e", "-expression"), "kotlin": ("-e",), "jrunscript": ("-e",),
                 "pypy": ("-c",), "pypy3": ("-c",)}
# Options of an interpreter that take a value (the value is no script operand), and those whose value is code or
# a module it loads before the program (``node --import data:…``, ``--require ./x.js``, ``NODE_OPTIONS``).
_INTERP_VALUE_OPTS = {
    "python": frozenset({"-X", "-W", "-Q"}),
    "node": frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions",
                       "--env-file", "--inspect-port", "--title", "--input-type", "--preload", "--config"}),
    "ruby": frozenset({"-r", "-I", "-C", "-E"}), "perl": frozenset({"-I", "-M", "-m"}),
    "php": frozenset({"-c", "-d", "-z", "-B", "-R", "-E", "-F"}),
}
_INTERP_FAMILY = {"nodejs": "node", "bun": "node", "deno": "node", "pypy": "python", "pypy3": "python"}
_LOADS_CODE = ("-r", "--require", "--import", "--loader", "--experimental-loader", "--preload")
# Interpreters' options that carry code or load it by name, from each interpreter's own documented grammar (node's are
# :data:`_LOADS_CODE`, read by :func:`_loaded_code`). "code": the value is source text the interpreter runs (perl's
# `-MMod=args` / `-mMod` become `use Mod …;`, so anything after the name is code too; php's `-B`/`-R`/`-E` begin, per-line
# and end code); "file": a file (or a module found by name) it loads and runs before the program. Attached (`-MX`),
# separate (`-M X`) and `--opt=X` spellings are all read. A "code" value is judged exactly like `-e`'s code.
_INTERP_CODE_OPTIONS: dict[str, dict[str, str]] = {
    "perl": {"-M": "code", "-m": "code"},
    "php": {"-B": "code", "-R": "code", "-E": "code", "-F": "file", "--process-begin": "code",
            "--process-code": "code", "--process-end": "code", "--process-file": "file"},
    "ruby": {"-r": "file"}, "irb": {"-r": "file"},
    "lua": {"-l": "file"}, "luajit": {"-l": "file"},
    "julia": {"-L": "file", "--load": "file"},
    "racket": {"-l": "file", "--lib": "file", "-t": "file", "--require": "file", "-f": "file", "--load": "file",
               "-r": "file", "--script": "file"},
    "guile": {"-l": "file", "-x": "file"}, "sbcl": {"--load": "file", "--script": "file"},
    "ghci": {"-ghci-script": "file"}, "clojure": {"-i": "file", "--init": "file"},
    "clj": {"-i": "file", "--init": "file"}, "elixir": {"-r": "file", "--require": "file"},
    "iex": {"-r": "file", "--require": "file"}, "erl": {"-s": "file", "-run": "file"},
    "Rscript": {"--default-packages": "file"}, "scala": {"-i": "file"}, "groovy": {"-cp": "paths"},
}
# Options of these interpreters whose letter may be attached to its value (`-MFoo`, `-rlib`): bundled spellings.
_ATTACHED_CODE_OPTIONS = frozenset({"-M", "-m", "-r", "-l", "-B", "-R", "-E", "-F", "-L", "-i", "-x", "-t", "-f", "-s"})


def _option_code(name: str, args: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """(code, files) an interpreter's code-carrying options give it (:data:`_INTERP_CODE_OPTIONS`), in every spelling:
    perl's `-MMod=a,b` is the code `use Mod split(/,/,q{a,b});` (its text after the name, verbatim, is code as well)."""
    table = _INTERP_CODE_OPTIONS.get(_INTERP_FAMILY.get(name, name))
    if not table:
        return [], []
    family = _INTERP_FAMILY.get(name, name)
    codes: list[str] = []
    files: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--" or not a.startswith("-") or a == "-":
            break  # the program (or its arguments) starts here
        opt, value = a, None
        if "=" in a and a.startswith("--"):
            opt, _, value = a.partition("=")
        elif a not in table and a[:2] in table and a[:2] in _ATTACHED_CODE_OPTIONS and not a.startswith("--"):
            opt, value = a[:2], a[2:]
        kind = table.get(opt)
        if kind is None:
            i += 1
            if a in _INTERP_VALUE_OPTS.get(family, ()) or (family in _INTERPRETERS and a in _INTERPRETERS[family]):
                i += 1
            continue
        if value is None:
            value = args[i + 1] if i + 1 < len(args) else ""
            i += 1
        i += 1
        if kind == "code" and family == "perl":
            module, eq, rest = value.lstrip("-").partition("=")
            codes.append(f"use {module}" + (f" split(/,/,q\0{rest}\0)" if eq else "") + ";")
            if eq:
                codes.append(rest)  # the import list's words, read as code too (a module may run what it is given)
        elif kind == "code":
            codes.append(value)
        elif kind == "file":
            files.append(value)
    return codes, files


def _imported_local_modules(code: str) -> list[str]:
    """The files of the modules Python code imports, looked up where the code itself would find the project's own:
    the working directory and directories it puts on ``sys.path`` by a literal (``sys.path.insert(0, "tools")``) —
    ``X.py`` or ``X/__init__.py``, as relative paths; a module of the standard library has no such file here."""
    import re

    dirs = [""] + [m.group(2) for m in re.finditer(
        r"""sys\.path\.(?:insert\s*\(\s*-?\d+\s*,|append\s*\()\s*(['"])([^'"\n]{1,200})\1""", code)]
    names: list[str] = []
    for m in re.finditer(r"(?m)(?:^|;)\s*(?:from\s+([\w.]+)\s+import\b|import\s+([\w.]+(?:\s*,\s*[\w.]+)*))", code):
        if m.group(1):
            names.append(m.group(1))
        else:
            names += [n.strip() for n in m.group(2).split(",")]
    out: list[str] = []
    for top in dict.fromkeys(n.split(".")[0] for n in names if n and not n.startswith(".")):
        for d in dirs:
            out += [os.path.join(d, f"{top}.py"), os.path.join(d, top, "__init__.py")]
    return out[:16]


def _inline_code(cmd: SimpleCommand, name: str, args: tuple[str, ...]) -> str | None:
    """The code an interpreter runs from the command line itself (``python -c``, ``node -e``, a heredoc,
    here-string or ``echo``/``printf`` piped into ``python`` / ``jshell``), or None."""
    flags = ("-c",) if name.startswith("python") or name in ("pypy", "pypy3") else _INTERPRETERS.get(name)
    if flags is None:
        return None
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg in flags or (name.startswith(("python", "perl", "ruby")) and arg.startswith("-") and not arg.startswith("--")
                            and flags and arg[-1:] == flags[0][-1:] and len(arg) > 2 and arg[1:].isalpha()):
            return args[i + 1] if i + 1 < len(args) else ""
        if arg == "-m" and (name.startswith(("python", "pypy"))):
            if args[i + 1:i + 2] and args[i + 1] in _STDIN_REPLS:
                break  # `python3 -m code`: a read-eval-print loop reads its program from standard input
            if args[i + 1:i + 2] == ("timeit",):
                # `python -m timeit -s SETUP STMT…`: its setup and statements are code given on the command line
                rest, code, j = args[i + 2:], [], 0
                while j < len(rest):
                    if rest[j] in ("-s", "--setup") and j + 1 < len(rest):
                        code.append(rest[j + 1])
                        j += 2
                    elif rest[j].startswith("--setup="):
                        code.append(rest[j][8:])
                        j += 1
                    elif rest[j] in ("-n", "--number", "-r", "--repeat", "-u", "--unit"):
                        j += 2
                    elif not rest[j].startswith("-") or code and rest[j - 1:j] == ("--",):
                        code.append(rest[j])
                        j += 1
                    else:
                        j += 1
                return "\n".join(code)
            return None  # a module is the program
        if arg == "-i" and name.startswith(("python", "pypy")):
            break  # interactive: after any script, the program comes from standard input
        family = "python" if name.startswith("python") else _INTERP_FAMILY.get(name, name)
        if arg in _INTERP_VALUE_OPTS.get(family, ()) and arg not in flags:
            skip = True
            continue
        if not arg.startswith("-"):
            if arg != "-":
                return None  # a script file: it is run, not shown
            break
    if cmd.heredocs:
        return cmd.heredocs[-1]
    strings = [t for op, t in cmd.redirects if op == "<<<"]
    if strings:
        return strings[-1]
    if cmd.stdin and not any(op == "<" for op, _ in cmd.redirects):
        from statewise_cli.actions.shell import _stdin_text

        shown = _stdin_text(cmd.stdin)
        if shown is not None:
            return shown
        return None if cmd.stdin[0].rsplit("/", 1)[-1] in _PIPED_DATA else ""  # code from a pipe nobody can read
    return None


# Modules that are read-eval-print loops: `python3 -m code` runs what its standard input says.
_STDIN_REPLS = ("code", "IPython", "ptpython", "bpython", "idlelib", "pdb", "asyncio")


# Programs whose output piped into an interpreter is data, not a program the check must read.
_PIPED_DATA = frozenset({"git", "ls", "find", "jq", "yq", "grep", "rg", "sort", "uniq", "head", "tail", "wc", "ps", "df",
                         "du", "env", "printenv", "date", "seq", "curl", "wget", "cat", "tr", "cut", "sed", "awk", "docker",
                         "kubectl", "npm", "pnpm", "yarn", "pip", "uv", "pytest", "make", "go", "cargo"})


_SSH_CLIENTS = frozenset({"ssh", "scp", "sftp", "slogin", "autossh", "ssh.exe", "scp.exe"})
# ssh options whose value is a command ssh runs on this machine (RemoteCommand runs on the other one)
_SSH_LOCAL_COMMANDS = ("proxycommand", "localcommand", "knownhostscommand", "match")


def _ssh_local_commands(args: tuple[str, ...]) -> list[str]:
    """The local commands of an ssh client's ``-o Key=Value`` / ``-o 'Key Value'`` / ``-oKey=Value`` options."""
    out = []
    for value in _option_values(args, ("-o",)):
        key, sep, rest = value.strip().partition("=")
        if not sep or " " in key.strip():
            key, _, rest = value.strip().partition(" ")
        key = key.strip().lower()
        if key not in _SSH_LOCAL_COMMANDS:
            continue
        rest = rest.strip()
        if key == "match":  # `Match exec "cmd"`
            rest = rest.partition("exec")[2].strip().strip('"')
        if rest and rest.lower() != "none":
            out.append(rest)
    return out


def _data_url_code(url: str) -> str:
    """The code of a ``data:`` URL (``data:text/javascript,…``, ``;base64,…``); "" when it cannot be decoded."""
    head, _, body = url.partition(",")
    if ";base64" in head:
        import base64

        try:
            return base64.b64decode(body + "=" * (-len(body) % 4)).decode("utf-8", "replace")
        except ValueError:
            return ""
    from urllib.parse import unquote

    return unquote(body)


# Interpreters that find a module named by a code option (`-MName`, `-rname`) in the directories `-I DIR` adds, and
# the file a module name maps to there (perl's `A::B` is `A/B.pm`, ruby's `a/b` is `a/b.rb`).
_MODULE_SEARCH = {"perl": (("-M", "-m"), ".pm"), "ruby": (("-r",), ".rb"), "irb": (("-r",), ".rb")}


def _module_files(name: str, args: tuple[str, ...]) -> list[str]:
    """The program files the modules an interpreter's options load would be read from: each module name in each
    directory its `-I` options add (attached or separate), before the program starts."""
    family = _INTERP_FAMILY.get(name, name)
    if family not in _MODULE_SEARCH:
        return []
    opts, ext = _MODULE_SEARCH[family]
    dirs: list[str] = []
    modules: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--" or not a.startswith("-") or a == "-":
            break
        value = None
        if a == "-I" or a in opts:
            value = args[i + 1] if i + 1 < len(args) else ""
            i += 1
        elif a[:2] == "-I" or a[:2] in opts:
            value = a[2:]
        if value is not None:
            if a.startswith("-I"):
                dirs.append(value)
            else:
                mod = value.lstrip("-").split("=", 1)[0].split(";", 1)[0].split()[0] if value.strip("-") else ""
                if mod:
                    modules.append(mod.replace("::", "/") + ("" if mod.endswith(ext) else ext))
        i += 1
    return [f"{d.rstrip('/')}/{m}" for d in dirs if d and not unknown(d) for m in modules
            if not m.startswith(("/", "."))][:32]


# Options of the interpreters the guard models itself (left out of the table generated from manual pages) whose value
# is a file or directory the interpreter writes, from node(1) and python(1): (option, only with this flag)
_INTERPRETER_WRITES: dict[str, tuple[tuple[str, str], ...]] = {
    "node": (("--snapshot-blob", "--build-snapshot"), ("--cpu-prof-dir", ""), ("--heap-prof-dir", ""),
             ("--diagnostic-dir", ""), ("--report-directory", ""), ("--report-dir", ""), ("--report-filename", ""),
             ("--redirect-warnings", ""), ("--cpu-prof-name", ""), ("--heap-prof-name", ""),
             ("--trace-event-file-pattern", "")),
}
_INTERPRETER_WRITES["nodejs"] = _INTERPRETER_WRITES["node"]


def _interpreter_writes(cmd: SimpleCommand, name: str, text: str) -> list[Action]:
    """Files an interpreter's own options make it write (:data:`_INTERPRETER_WRITES`; python's ``-X
    pycache_prefix=DIR`` and ``PYTHONPYCACHEPREFIX``): each value a write the path checks judge. Only the options
    before the program (the script's own arguments are not the interpreter's)."""
    args = list(cmd.argv[1:])
    end = next((i for i, a in enumerate(args) if not a.startswith("-") and (i == 0 or args[i - 1] not in (
        *(o for o, _ in _INTERPRETER_WRITES.get(name, ())), "-X", "-W", "-r", "--require", "--import"))), len(args))
    args = args[:end]
    out: list[Action] = []
    if name.startswith(("python", "pypy")):
        values = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-X"] + [a[2:] for a in args if a.startswith("-X")]
        values += [f"pycache_prefix={v}" for k, v in cmd.assigns if k == "PYTHONPYCACHEPREFIX"]
        for v in values:
            if v.startswith("pycache_prefix=") and v.partition("=")[2]:
                out.append(_write(v.partition("=")[2], args, text))
        return out
    for option, needs in _INTERPRETER_WRITES.get(name, ()):
        if needs and needs not in args:
            continue
        for value in _option_values(tuple(args), (option,)):
            if value and not value.startswith("/dev/") and option.endswith(("-dir", "-directory")):
                # a directory it writes its files into (a scratch root such as /tmp is as open as the files in it)
                out.append(Action(tool="Bash", operation="file.operand", risk="local-mutation", target=value,
                                  arguments=(name,), flags=frozenset({"operand"}), text=text))
            elif value and not value.startswith("/dev/"):
                out.append(_write(value, args, text))
    return out


def _carried_code(cmd: SimpleCommand, name: str, text: str, branch: str | None) -> list[Action]:
    """What an interpreter's code-carrying options give it (:func:`_option_code`): code judged exactly as the
    interpreter's own inline-code option would be (the same command with `-e CODE`), files read like program files."""
    codes, files = _option_code(name, cmd.argv[1:])
    out: list[Action] = []
    flags = _INTERPRETERS.get(name) or ()
    if codes and flags:
        # a `$` in the code is the language's own: the code is quoted for the interpreter on the line judged
        import shlex

        line = shlex.join([cmd.argv[0], flags[0], "\n".join(codes)])
        out.extend(a.replace(cwd=_join_cwd(cmd.cwd, a.cwd)) if cmd.cwd else a
                   for a in normalize_shell(line, branch, _depth=2))
    for f in _module_files(name, cmd.argv[1:]):
        out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=f, arguments=(name,),
                          flags=frozenset({"code"}), text=text))
    for f in files:
        if not f or unknown(f):
            if unknown(f):
                out.append(_inline(name, "", text, f"{name} loads a file an option names that the check cannot see"))
            continue
        out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=f, arguments=(name,),
                          flags=frozenset({"code"}), text=text))
    return out


def _loaded_code(cmd: SimpleCommand, name: str, text: str, branch: str | None) -> list[Action]:
    """Code an interpreter loads before its program: ``--import``/``--require``/``--loader``/``-r`` values (in the
    arguments or in ``NODE_OPTIONS``), a ``data:`` URL judged as inline code, a file read like a program file."""
    args = list(cmd.argv[1:])
    for key, value in cmd.assigns:
        if key in ("NODE_OPTIONS", "BUN_OPTIONS", "DENO_OPTIONS"):
            import shlex

            try:
                args = shlex.split(value) + args
            except ValueError:
                return [_inline(name, "", text, f"{key} could not be read")]
    out: list[Action] = []
    env_files = _option_values(tuple(args), ("--env-file", "--env-file-if-exists"))
    for value in env_files:  # NODE_OPTIONS in an env file node reads before it starts
        if not unknown(value):
            out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=value, arguments=(name,),
                              flags=frozenset({"node-env"}), text=text))
    for value in _option_values(tuple(args), _LOADS_CODE):
        if value in env_files:
            continue
        if value.startswith("data:"):
            code = _data_url_code(value)
            if not code:
                out.append(_inline(name, "", text, f"{name} loads a data: URL the check cannot decode"))
                continue
            for handed in shell_calls(code):
                out.extend(_git_nested(cmd, handed, cmd.cwd, branch, text))
            out += code_file_actions(code, (), text, computed=True)
            if screen(code):
                out.append(_inline(name, code, text))
        elif value.startswith(("/", "./", "../", "~")) or value.endswith((".js", ".cjs", ".mjs", ".ts", ".env")) or "/" in value:
            out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=value, arguments=(name,),
                              flags=frozenset({"code"}), text=text))
    return out


# Environment variables that make a process load code before (or around) its program, whatever the program:
# how to read the value. "code": the value is code of the interpreter (perl's `-M…;code`, a debugger's commands);
# "switches": interpreter switches whose `-r`/`-M`/`-I` values are files it loads; "file": a program file it runs
# first; "paths": directories whose modules shadow the ones the program imports; "library": native code the
# loader injects (the check cannot read it: the protected answer unless it is a system library); "shell": shell
# code an interactive shell runs (NODE_OPTIONS, BASH_ENV, ENV are read where the command is judged).
_ENV_CODE = {
    "PERL5OPT": "code", "PERL5DB": "code", "LUA_INIT": "code", "LUA_INIT_5_4": "code", "LUA_INIT_5_3": "code",
    "RUBYOPT": "switches", "PYTHONSTARTUP": "file", "PHP_INI_SCAN_DIR": "paths",
    "PYTHONPATH": "paths", "PERL5LIB": "paths", "PERLLIB": "paths", "RUBYLIB": "paths", "NODE_PATH": "paths",
    "LD_PRELOAD": "library", "LD_AUDIT": "library", "DYLD_INSERT_LIBRARIES": "library", "GCONV_PATH": "library",
    "PROMPT_COMMAND": "shell", "LESSOPEN": "preprocessor", "LESSCLOSE": "preprocessor", "TAR_OPTIONS": "options",
    "BROWSER": "browser", "VIMINIT": "ex", "EXINIT": "ex", "GVIMINIT": "ex", "PYTHONBREAKPOINT": "breakpoint",
    "ZIPOPT": "options", "ZIP": "options", "UNZIP": "options", "UNZIPOPT": "options", "ZIPINFO": "options",
    "GZIP": "options", "XZ_OPT": "options", "XZ_DEFAULTS": "options", "BZIP2": "options", "BZIP": "options",
}
# The programs that read their options from an "options" variable above, before the ones on the command line (zip's
# `ZIPOPT=-m` deletes what it archives; tar's `TAR_OPTIONS=--remove-files` as well)
_OPTION_ENV_PROGRAMS = {
    "TAR_OPTIONS": ("tar", "gtar", "bsdtar"), "ZIPOPT": ("zip",), "ZIP": ("zip",), "UNZIP": ("unzip",),
    "UNZIPOPT": ("unzip",), "ZIPINFO": ("zipinfo",), "GZIP": ("gzip", "gunzip", "zcat", "gzexe", "znew"),
    "XZ_OPT": ("xz", "unxz", "xzcat", "lzma", "unlzma", "lzcat"), "XZ_DEFAULTS": ("xz", "unxz", "xzcat", "lzma", "unlzma",
                                                                              "lzcat"),
    "BZIP2": ("bzip2", "bunzip2", "bzcat"), "BZIP": ("bzip2", "bunzip2", "bzcat"),
}
# Callables that hand their argument to a shell or run it as a program (what PYTHONBREAKPOINT may name)
_SHELL_CALLABLES = ("os.system", "os.popen", "subprocess.run", "subprocess.call", "subprocess.check_call",
                    "subprocess.check_output", "subprocess.Popen", "subprocess.getoutput", "subprocess.getstatusoutput",
                    "pty.spawn", "os.execlp", "os.execvp", "os.startfile", "commands.getoutput")
_MODULE_NAMES = Pattern(r"""(?m)(?:^|[;\s])(?:import|from)\s+([\w.]+)|\b(?:require|use)\s*\(?\s*['"]?([\w./-]+)""")
_MODULE_EXTS = (".py", "/__init__.py", ".pm", ".rb", ".js", ".cjs", ".mjs", "/index.js", ".lua", ".so")


# ------------------------------------------------------------------ commands a program takes from its environment
# Variables that programs, by long-standing convention, run as a command: an editor, a pager, a password prompt, a
# remote shell, a terminal, the shell a tool runs its scripts with. Named ones, and any variable whose name says the
# same (`*_EDITOR`, `*_PAGER`, `*_COMMAND`, `*_CMD`, `*_ASKPASS`, `*_RSH`, `*_SHELL`, `*_SSH`): whatever the program,
# the value is judged as the command it names (a command line as that line, a program file read from disk).
_COMMAND_ENV = frozenset({"EDITOR", "VISUAL", "PAGER", "MANPAGER", "SHELL", "TERMINAL", "DIFFTOOL", "MERGETOOL",
                          "FCEDIT", "SUDO_ASKPASS", "SSH_ASKPASS", "RSYNC_RSH", "CVS_RSH", "GIT_SSH", "HGEDITOR"})
_COMMAND_ENV_ENDS = ("_EDITOR", "_PAGER", "_COMMAND", "_CMD", "_ASKPASS", "_RSH", "_SHELL", "_SSH")
# Programs a command-running variable usually names: nothing to follow there
_PLAIN_TOOLS = frozenset({"vi", "vim", "nvim", "nano", "emacs", "emacsclient", "ed", "ex", "less", "more", "most", "cat",
                          "true", "false", "code", "subl", "micro", "kak", "hx", "joe", "mg", "pico", "ssh", "sh", "bash",
                          "zsh", "dash", "fish", "ksh", "xterm", "kitty", "alacritty", "gnome-terminal", "konsole", "tee",
                          "delta", "bat", "diff-so-fancy", "meld", "kdiff3", "vimdiff", "nvimdiff", "ssh-askpass"})


def reads_its_arguments(name: str) -> bool:
    """Whether ``name`` is a program the normalizer models as one that only reads the files its arguments name."""
    return name in _ARGS_READ or name in READ_PROGRAMS or name in SEARCH_PROGRAMS

def _command_env(cmd: SimpleCommand, name: str, text: str, branch: str | None) -> list[Action]:
    """The commands a program may run from the variables it is given (:data:`_COMMAND_ENV`), judged as if the line
    had run them: a command line as that line, a program file of the project's as a script read from disk, a value
    only the shell knows as code the check cannot see."""
    out: list[Action] = []
    for key, value in cmd.assigns:
        upper = key.upper()
        if upper in _ENV_CODE or upper == "PROMPT_COMMAND" or (name == "git" and upper in _GIT_EXEC_ENV):
            continue  # their own readings
        if upper not in _COMMAND_ENV and not upper.endswith(_COMMAND_ENV_ENDS):
            continue
        value = value.strip()
        if not value:
            continue
        if value.startswith(("$(", "`", "<(")) or "$(" in value or "`" in value:
            out.append(_inline(name, "", text, f"{key} names a command only the shell knows (`{value[:60]}`)"))
            continue
        if unknown(value):
            continue  # the caller's own environment, passed on
        first = value.split()[0]
        base = first.rsplit("/", 1)[-1]
        if base in _PLAIN_TOOLS and base not in _SHELL_NAMES + ("sh", "bash"):
            continue  # an editor, a pager, a terminal with its own options
        if any(c.isspace() for c in value):
            out.extend(a for a in _git_nested(cmd, value, cmd.cwd, branch, text) if _matters(a))
        elif base not in _PLAIN_TOOLS and ("/" in first or first.endswith((".sh", ".py", ".pl", ".rb", ".js"))) \
                and not first.startswith(_SYSTEM_PREFIXES):
            # a program file: read from disk (or from what the line wrote there) like a script the line runs
            code = frozenset({"code"}) if first.endswith((".py", ".pl", ".rb", ".js")) else frozenset()
            out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=first,
                              arguments=(name,), flags=code, text=text))
    return out


def _response_files(cmd: SimpleCommand, branch: str | None, text: str, depth: int) -> list[Action]:
    """``@FILE`` operands: compilers, linkers, the JDK's tools and most of binutils read more arguments from the file
    (a response file): the command is judged with the file's words in place of the operand. A file the same line writes
    first is one the check cannot read: the protected answer."""
    import shlex

    name = cmd.argv[0].rsplit("/", 1)[-1]
    if name in _AT_IS_DATA or name.startswith(("python", "pypy")):
        return []
    argv: list[str] = [cmd.argv[0]]
    changed = False
    for i, arg in enumerate(cmd.argv[1:], 1):
        if not (arg.startswith("@") and len(arg) > 1 and arg[1] not in "{@=") or unknown(arg):
            argv.append(arg)
            continue
        if cmd.argv[i - 1].startswith("-") and "=" not in cmd.argv[i - 1] and name not in _RESPONSE_FILE_TOOLS:
            argv.append(arg)  # an option's value (`-d @data.json`): the option decides what it is
            continue
        path = os.path.join(cmd.cwd or ".", os.path.expanduser(arg[1:]))
        try:
            if os.path.getsize(path) > 256_000:
                return [_inline(name, "", text, f"{name} reads its arguments from `{arg[1:]}`, too large to read here")]
            with open(path, encoding="utf-8", errors="replace") as fh:
                words = shlex.split(fh.read(), comments=False)
        except ValueError:
            return [_inline(name, "", text, f"{name} reads arguments from `{arg[1:]}` the check cannot split")]
        except OSError:
            if text.count(os.path.basename(arg[1:])) > 1:
                return [_inline(name, "", text, f"{name} reads arguments from `{arg[1:]}`, which the line writes first")]
            argv.append(arg)
            continue
        argv += words
        changed = True
    if not changed:
        return []
    line = shlex.join(argv)
    if cmd.cwd and not unknown(cmd.cwd):
        line = f"cd {shlex.quote(cmd.cwd)} && {line}"
    return [a for a in normalize_shell(line, branch, _depth=depth + 1) if _matters(a)]


# Programs whose `@word` operands are data, a version or a name, not a file of arguments
_AT_IS_DATA = frozenset({"curl", "http", "https", "xh", "wget", "git", "npm", "npx", "pnpm", "yarn", "bun", "gh", "ssh",
                         "scp", "docker", "podman", "az", "jq", "yq", "go", "pip", "pip3", "uv", "uvx", "pipx", "cargo",
                         "echo", "printf", "grep", "rg", "sed", "awk", "find", "ls", "cat", "dig", "host", "nslookup",
                         "mail", "sendmail", "statewise", "deno", "nix", "brew", "corepack", "volta", "nvm"})
# Programs documented to read `@FILE` as a response file even right after an option
_RESPONSE_FILE_TOOLS = frozenset({"gcc", "g++", "cc", "c++", "clang", "clang++", "cpp", "ld", "ld.lld", "ld.gold",
                                  "ld.bfd", "lld", "as", "ar", "nm", "objcopy", "objdump", "strip", "ranlib", "javac",
                                  "java", "jar", "javadoc", "jlink", "kotlinc", "scalac", "csc", "dotnet", "msbuild",
                                  "nvcc", "gfortran", "tcc", "zig", "rustc", "windres"})


_LESSKEY_ENV = ("LESSKEY", "LESSKEYIN", "LESSKEY_SRC", "LESSKEY_CONTENT", "LESSKEY_SYSTEM", "LESSKEYIN_SYSTEM",
                "LESSKEY_SRC_SYSTEM")


def _lesskey_words(words: list[str] | tuple[str, ...]) -> str:
    """The option of less's that names a key-binding file or gives its text (less(1): ``-k FILE``,
    ``--lesskey-file=``, ``--lesskey-src=``, ``--lesskey-content=``), among its option words; "" when none does."""
    for w in words:
        if w.startswith("--lesskey"):
            return w.partition("=")[0]
        if w.startswith("-") and not w.startswith("--") and "k" in w[1:]:
            return "-k"
    return ""


def _lesskey_source(cmd: SimpleCommand, name: str) -> str:
    """What on this command makes less load a key-binding file: a variable the line sets for it (``LESSKEYIN``,
    ``LESSKEY_SRC``…, or ``LESS`` holding such an option: any program that pages through less inherits it), or
    less's own option; "" when nothing does."""
    for key, value in cmd.assigns:
        if key in _LESSKEY_ENV and value.strip():
            return key
        if key == "LESS" and (_lesskey_words(value.split()) or "lesskey" in value):
            return f"LESS={value[:60]}"
    if name == "less":
        return _lesskey_words([a for a in cmd.argv[1:] if a != "--"][:64])
    return ""


def _env_code(cmd: SimpleCommand, name: str, text: str, branch: str | None) -> list[Action]:
    """Code the environment a command runs with makes it load (:data:`_ENV_CODE`): judged as inline code, read from
    disk like a program file, or — native code, or a value the shell expands — code the check cannot follow."""
    out: list[Action] = []
    keyed = _lesskey_source(cmd, name)
    if keyed:
        out.append(_inline(name, "", text, f"{keyed} gives less a key-binding file the check does not read; its "
                                           "environment section may set LESSOPEN, a command less runs for every file "
                                           "it opens (the program itself, git's pager, a manual viewer)",
                           suspects=EVERYTHING))
    for key, value in cmd.assigns:
        kind = _ENV_CODE.get(key)
        if kind == "options" and name not in _OPTION_ENV_PROGRAMS.get(key, ()):
            kind = None  # an options variable of another program: any other variable to this one
        if kind is None and any(c.isspace() for c in value.strip()) and not unknown(value):
            # a variable nobody listed whose value holds a command line after a separator of its own syntax
            # (`JAVA_TOOL_OPTIONS='-XX:OnOutOfMemoryError="cmd"'`, `X_OPTS=--on-exit=cmd`): judged as that command
            for shown in _embedded_commands(value):
                out.extend(a for a in _git_nested(cmd, shown, cmd.cwd, branch, text) if _matters(a))
            continue
        if kind is None or not value.strip():
            continue
        if kind == "options":
            # options a program reads before its own (tar's `--checkpoint-action=exec=…`, `--to-command`, `-I PROG`;
            # zip's `-m`, which deletes what it archives): judged as if the command had said them
            readers = _OPTION_ENV_PROGRAMS.get(key, ())
            if name in readers and unknown(value):
                out.append(_inline(name, "", text, f"{key} gives {name} options the check cannot see"))
            elif name in readers:
                import shlex

                try:
                    words = shlex.split(value)
                except ValueError:
                    words = []
                if words:
                    out.extend(normalize_shell(" ".join(shlex.quote(w) for w in (name, *words, *cmd.argv[1:])), branch,
                                               _depth=1))
            continue
        if kind == "browser":
            # BROWSER: the command line (or `:`-separated command lines, `%s` the URL) any program that opens a link
            # runs (`python3 -m webbrowser`, `xdg-open`, `git web--browse`, a CLI's login); judged whatever the program
            if unknown(value):
                out.append(_inline(name, "", text, f"{key} names a command the check cannot see (`{value[:60]}`)"))
            else:
                for line in value.split(":"):
                    if line.strip():
                        out.extend(_git_nested(cmd, line.replace("%s", "URL"), cmd.cwd, branch, text))
            continue
        if kind == "ex":
            # vim's start-up Ex commands: `!cmd` and `system("…")` run shell commands, `source`/`so` reads a file
            if unknown(value):
                out.append(_inline(name, "", text, f"{key} gives the editor commands the check cannot see"))
                continue
            for part in value.split("|"):
                part = part.strip().lstrip(":").strip()
                for prefix in ("silent!", "silent", "exe", "execute"):
                    part = part.removeprefix(prefix).strip()
                if part.startswith("!"):
                    out.extend(_git_nested(cmd, part[1:], cmd.cwd, branch, text))
            for handed in shell_calls(value.replace("call ", "")):
                out.extend(_git_nested(cmd, handed, cmd.cwd, branch, text))
            if ("system" in value or "!" in value or "py" in value or "lua" in value) and not out:
                out.append(_inline(f"{name} ({key})", value, text, f"{key} makes the editor run commands the check cannot "
                                                                   "follow", suspects=EVERYTHING))
            continue
        if kind == "breakpoint":
            # PYTHONBREAKPOINT=MODULE.CALLABLE: every `breakpoint(…)` calls it with the same arguments
            if not name.startswith(("python", "pypy")) or value.strip() in ("0", "pdb.set_trace", "ipdb.set_trace",
                                                                            "pudb.set_trace", "builtins.print", ""):
                continue
            inline = _inline_code(cmd, name, cmd.argv[1:]) or ""
            called = Pattern(r"""\bbreakpoint\s*\(\s*(?:r|b|u)?(['"])((?:(?!\1).)+)\1""").findall(inline)
            if value.strip() in _SHELL_CALLABLES and called and not unknown(value):
                for _q, shown in called:
                    out.extend(_git_nested(cmd, shown, cmd.cwd, branch, text))
            elif called and (unknown(value) or not value.strip().endswith(".set_trace")):
                # another callable, handed a string: what it does with it is not on the command line
                out.append(_inline(f"{name} ({key})", "", text, f"{key}={value[:60]} makes breakpoint() call code the "
                                                                "check cannot follow", suspects=EVERYTHING))
            continue
        if kind == "preprocessor":
            # less runs an input preprocessor for every file it opens: `|cmd %s` (a pipe), `||cmd`, `|-cmd`, `cmd %s`.
            # Whatever the program: the variable is inherited, and many programs page their output through less (a
            # decompressing pager script, a manual viewer, a VCS, a log viewer), so the command is judged as run
            if unknown(value):
                out.append(_inline(name, "", text, f"{key} names a preprocessor the check cannot see (`{value[:60]}`)"))
            else:
                out.extend(_git_nested(cmd, value.lstrip("|-").replace("%s", "FILE"), cmd.cwd, branch, text))
            continue
        if unknown(value) and kind != "paths":
            out.append(_inline(name, "", text, f"{key} makes {name} load code the check cannot see (`{value[:60]}`)"))
            continue
        if kind == "code":
            code = value[1:] if key.startswith("LUA_INIT") and value.startswith("@") else value
            if key.startswith("LUA_INIT") and value.startswith("@"):
                out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=code, arguments=(name,),
                                  flags=frozenset({"code"}), text=text))
                continue
            for handed in shell_calls(code):
                out.extend(_git_nested(cmd, handed, cmd.cwd, branch, text))
            out += code_file_actions(code, (), text, computed=True)
            if screen(code) or _decoded_exec(code):
                out.append(_inline(f"{name} ({key})", code, text))
        elif kind == "shell":
            out.extend(_git_nested(cmd, value, cmd.cwd, branch, text))
        elif kind in ("file", "switches"):
            files = [value] if kind == "file" else [w[2:] or "" for w in value.split() if w.startswith(("-r", "-I"))]
            for f in files:
                if f and ("/" in f or f.endswith(_MODULE_EXTS)):
                    out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=f, arguments=(name,),
                                      flags=frozenset({"code"}), text=text))
        elif kind == "library":
            for lib in value.replace(":", " ").split():
                if not lib.startswith(_SYSTEM_PREFIXES) and "/" in lib:
                    out.append(_inline(name, "", text, f"{key} makes {name} load native code from {lib}, which the check "
                                                       "cannot read"))
        elif kind == "paths":
            # the modules the command names (`-m X`, `-MX`, `-rX`, imports of its inline code) are read from each
            # directory first, like a program file
            inline = _inline_code(cmd, name, cmd.argv[1:]) or ""
            names = [m.group(1) or m.group(2) for m in _MODULE_NAMES.finditer(inline)]
            names += [cmd.argv[i + 1] for i, a in enumerate(cmd.argv[1:-1], 1) if a == "-m"]
            names += [a[2:] for a in cmd.argv[1:] if a[:2] in ("-M", "-r") and len(a) > 2]
            names += _plugin_modules(cmd.argv[1:])
            if name.startswith(("python", "pypy")):
                names += _warning_modules(cmd)
            for other, switches in cmd.assigns:
                if other.upper() in ("PERL5OPT", "RUBYOPT", "NODE_OPTIONS"):
                    # modules the interpreter's switches in the environment load (`PERL5OPT=-Mx`, `RUBYOPT=-rx`):
                    # found on the same search path
                    words = switches.split()
                    names += [w[2:] for w in words if w[:2] in ("-M", "-m", "-r") and len(w) > 2]
                    names += [words[k + 1] for k, w in enumerate(words[:-1]) if w in ("-M", "-r", "--require")]
            for d in value.split(":"):
                if not d or unknown(d) or d.startswith(_SYSTEM_PREFIXES):
                    continue
                for mod in dict.fromkeys(n.split("=")[0].replace("::", "/").replace(".", "/") for n in names if n):
                    out += [Action(tool="Bash", operation="shell.script", risk="read-only",
                                   target=f"{d.rstrip('/')}/{mod}{ext}", arguments=(name,), flags=frozenset({"code"}),
                                   text=text) for ext in _MODULE_EXTS if ext != ".so"]
    return out


def _warning_modules(cmd: SimpleCommand) -> list[str]:
    """Modules python imports to resolve a warning filter's category (``-W action:message:category``, the same
    fields in ``PYTHONWARNINGS``): a dotted category ``pkg.mod.Class`` imports ``pkg.mod`` at start-up."""
    args = cmd.argv[1:]
    filters = [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-W"]
    filters += [a[2:] for a in args if a.startswith("-W") and len(a) > 2]
    filters += [f for k, v in cmd.assigns if k == "PYTHONWARNINGS" for f in v.split(",")]
    found = []
    for f in filters:
        fields = f.split(":")
        if len(fields) > 2 and "." in fields[2].strip():
            found.append(fields[2].strip().rsplit(".", 1)[0])
    return found


def _plugin_modules(args: tuple[str, ...]) -> list[str]:
    """Modules a tool imports because an option names them as plug-ins (pytest's ``-p NAME``, pylint's
    ``--load-plugins=a,b``, ``--plugin``/``--plugins``): found on the module search path like ``-m``'s module."""
    found: list[str] = []
    for i, a in enumerate(args):
        value = ""
        if a in ("-p", "--plugin", "--plugins", "--load-plugins") and i + 1 < len(args):
            value = args[i + 1]
        elif a.startswith(("--plugin=", "--plugins=", "--load-plugins=")):
            value = a.partition("=")[2]
        elif a.startswith("-p") and len(a) > 2 and not a.startswith("--"):
            value = a[2:]
        found += [v.strip() for v in value.split(",") if v.strip() and not v.startswith("no:")]
    return found

def _awk_options_end(args: tuple[str, ...]) -> int:
    """Where awk's options end: at its first operand (the program, or with ``-f`` the first word of ``ARGV``), or
    after ``--``."""
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            return i + 1
        if not a.startswith("-") or a == "-":
            return i
        i += 2 if a in ("-f", "-v", "-F", "--file", "--assign", "--field-separator", "-i", "--include", "-l",
                        "--load", "-E", "--exec", "-e", "--source", "-W") else 1
    return min(i, len(args))


def _awk_exec_option(args: tuple[str, ...]) -> tuple[str, ...] | None:
    """mawk(1) `-W exec FILE` and gawk(1) `-E FILE` / `--exec=FILE` (also `-W exec FILE`): the program is read from
    FILE, and this is the last option — read as `-f FILE --`. None when the line has no such option."""
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--" or not a.startswith("-") or a == "-":
            return None
        if a == "-W" and i + 2 < len(args) and args[i + 1] == "exec":
            return (*args[:i], "-f", args[i + 2], "--", *args[i + 3:])
        if a in ("-E", "--exec") and i + 1 < len(args):
            return (*args[:i], "-f", args[i + 1], "--", *args[i + 2:])
        if a.startswith("--exec="):
            return (*args[:i], "-f", a[len("--exec="):], "--", *args[i + 1:])
        i += 2 if a in ("-f", "-v", "-F", "--file", "--assign", "--field-separator", "-i", "--include", "-l", "--load",
                        "-e", "--source", "-W") else 1
    return None


def _awk_code(args: tuple[str, ...]) -> str | None:
    """An awk program that runs commands (``system(…)``, ``print | "cmd"``, ``"cmd" | getline``)."""
    end = _awk_options_end(args)
    operands = list(args[end:])
    if any(a in ("-f", "--file") or a.startswith("--file=") for a in args[:end]) or not operands:
        return None
    program = operands[0]
    if "system" not in program and "|" not in program:
        return None
    return _awk_assigned(program, args)


def _awk_begin(cmd: SimpleCommand, name: str, args: tuple[str, ...], branch: str | None, text: str) -> list[Action] | None:
    """The commands an awk program that is one ``BEGIN`` block runs, when every one is computed from the program's
    literals, its ``-v`` values and the words the line hands it (``system(ARGV[1] " " ARGV[2])``, a loop joining
    ``ARGV``): each judged as the command line it is. None when any is not known."""
    from statewise_cli.actions.hidden import awk_begin_commands

    end = _awk_options_end(args)
    operands = args[end:]
    values: dict[str, str] = {}
    for j, a in enumerate(args[:end]):
        pair = args[j + 1] if a in ("-v", "--assign") and j + 1 < len(args) else \
            a[2:] if a.startswith("-v") and len(a) > 2 else a[len("--assign="):] if a.startswith("--assign=") else ""
        key, eq, value = pair.partition("=")
        if eq and key.isidentifier():
            values[key] = value
    if not operands or any(unknown(w) for w in (*operands, *values.values())):
        return None
    lines = awk_begin_commands(operands[0], tuple(operands[1:]), values)
    if lines is None:
        return None
    return [b.replace(cwd=b.cwd or cmd.cwd, text=text) for line in lines if line.strip()
            for b in normalize_shell(line, branch, _depth=2)]


def _awk_assigned(program: str, args: tuple[str, ...]) -> str:
    """An awk program with the variables the command line assigns (``-v c='git fetch'``, ``--assign=c=…``) written in
    as the string literals they are, where the program uses the variable once and only as the command of ``system()``,
    a pipe or ``getline``: the program cannot change a variable it names only there, so the command is the value."""
    values: dict[str, str] = {}
    for j, a in enumerate(args):
        pair = args[j + 1] if a in ("-v", "--assign") and j + 1 < len(args) else \
            a[2:] if a.startswith("-v") and len(a) > 2 else a[len("--assign="):] if a.startswith("--assign=") else ""
        key, eq, value = pair.partition("=")
        if eq and key.isidentifier() and not unknown(value) and not any(c in value for c in '"\\\n'):
            values[key] = value
    for key, value in values.items():
        uses = Pattern(rf"(?<![\w$]){key}(?!\w)").findall(program)
        if len(uses) != 1:
            continue
        program = Pattern(rf"(\bsystem\s*\(\s*|\|\s*){key}(?!\w)").sub(
            lambda m, v=value: m.group(1) + '"' + v + '"', program, count=1)
        program = Pattern(rf"(?<![\w$]){key}(\s*\|\s*getline)").sub(lambda m, v=value: '"' + v + '"' + m.group(1), program,
                                                                     count=1)
    return program


_OPENED_FOR_WRITING = Pattern(r"""\bopen\(\s*['"]([^'"]+)['"]\s*,\s*(?:mode\s*=\s*)?['"][rwxa]?[wax+]b?\+?['"]|"""
                              r"""(?:Path)?\(\s*['"]([^'"]+)['"]\s*\)(?:\.expanduser\(\)|\.resolve\(\))?\."""
                              r"""(?:write_text|write_bytes|open\(\s*['"][wa]|touch\()|"""
                              r"""(?:writeFileSync|appendFileSync|writeFile|appendFile|writeTextFile(?:Sync)?)\(\s*['"]([^'"]+)['"]|"""
                              r"""(?:File|IO)\.(?:write|open|binwrite)\(\s*['"]([^'"]+)['"]|"""
                              # php, lua, node streams, R, perl's open with a write mode, Python's copy/move/rename
                              r"""\b(?:file_put_contents|createWriteStream|sink)\(\s*['"]([^'"]+)['"]|"""
                              r"""\b(?:fopen|io\.open|file)\(\s*['"]([^'"]+)['"]\s*,\s*(?:open\s*=\s*)?['"][rwxa]?[wax+]|"""
                              r"""\b(?:writeLines|cat|write|write\.csv|saveRDS)\([^)]*?\b(?:file|con)\s*=\s*['"]([^'"]+)['"]|"""
                              r"""\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*['"](?:>>?|\+[<>])['"]\s*,\s*['"]([^'"]+)['"]|"""
                              r"""\bopen\s*\(?\s*(?:my\s+)?\$?\w+\s*,\s*['"](?:>>?|\+[<>])\s*([^'"\s]+)['"]|"""
                              r"""\b(?:shutil\.(?:copy\w*|move)|os\.(?:rename|replace)|copyFileSync|renameSync|rename|copy|cpSync|copyFile|"""
                              r"""copyTo|cp)\("""
                              r"""\s*['"][^'"]+['"]\s*,\s*['"]([^'"]+)['"]|"""
                              r"""\bfileinput\.(?:input|FileInput)\(\s*(?:files\s*=\s*)?[\[(]?\s*['"]([^'"]+)['"](?=[^)]*inplace)|"""
                              # Tcl: `open FILE w` (also a+, "w+", {WRONLY CREAT}) and `file copy|rename SRC DEST`
                              r"""\[\s*open\s+["{]?([^\s"{}\]]+)["}]?\s+["{]?(?:[wa]\+?|[^"}\]]*(?:WRONLY|RDWR|CREAT|APPEND))|"""
                              r"""\bfile\s+(?:copy|rename)\s+(?:-force\s+)?(?:--\s+)?\S+\s+["{]?([^\s"{}\]]+)|"""
                              # Perl's tie of a variable to a file (Tie::File, the DBM modules): read-write by default
                              r"""\btie\s*\(?\s*(?:my\s+)?[@%$]\w+\s*,\s*['"](?:Tie::File|DB_File|GDBM_File|NDBM_File|"""
                              r"""SDBM_File|ODBM_File|AnyDBM_File)['"]\s*,\s*['"]([^'"]+)['"]""")
# Python library calls that create a file they name (group 1) or a file in a directory they name (group 2): a log
# file, a shelf or dbm database, the readline history, a link, a directory; a temporary file placed in `dir=`.
_LIBRARY_WRITES = Pattern(r"""\b(?:logging\.basicConfig|basicConfig)\([^)]*?\bfilename\s*=\s*['"]([^'"]+)['"]|"""
                          r"""\b(?:(?:logging\.)?(?:handlers\.)?(?:FileHandler|RotatingFileHandler|TimedRotatingFileHandler|"""
                          r"""WatchedFileHandler)|shelve\.open|dbm(?:\.\w+)?\.open|readline\.write_history_file|"""
                          r"""os\.makedirs|os\.mkdir)\(\s*(?:filename\s*=\s*)?['"]([^'"]+)['"]|"""
                          r"""\breadline\.append_history_file\(\s*\w+\s*,\s*['"]([^'"]+)['"]|"""
                          r"""\bos\.(?:symlink|link)\(\s*['"][^'"]*['"]\s*,\s*['"]([^'"]+)['"]|"""
                          r"""\b(?:tempfile\.)?(?:mkstemp|mkdtemp|NamedTemporaryFile|TemporaryDirectory|TemporaryFile)\("""
                          r"""[^)]*?\bdir\s*=\s*['"]([^'"]+)['"]""")
# Inline code that deletes a file it names: `os.remove("f")`, `Path("f").unlink()`, perl/ruby `unlink "f"`,
# node `fs.unlinkSync("f")`, ruby `File.delete("f")`, php `unlink('f')`.
_REMOVED_BY_CODE = Pattern(r"""(?:\b(?:os\.(?:remove|unlink)|unlinkSync|unlink|rmSync|File\.delete|FileUtils\.rm(?:_f)?|"""
                           r"""file\.remove|os\.remove|Files\.delete)"""
                           r"""\s*\(?\s*['"]([^'"]+)['"])|Path\(\s*['"]([^'"]+)['"]\s*\)\.unlink\(|"""
                           r"""\bfile\s+delete\s+(?:--\s+)?["{]?([^\s"{}\]-][^\s"{}\]]*)""")
# Inline code that runs a shell command it shows as a literal: `system("…")` (php, ruby, perl, R, awk), `os.system`,
# `os.execute` (lua), `shell_exec`/`passthru` (php), `execSync` (node), `subprocess.run("…", shell=True)`.
_SHELL_CALL = Pattern(r"""(?:\bos\.(?:system|popen|execute)|\bsubprocess\.(?:run|call|check_call|check_output|Popen|"""
                      r"""getoutput|getstatusoutput)|(?<![.\w])exec|(?<!\w)(?:system|shell_exec|passthru|popen)|"""
                      r"""\b(?:execSync|spawnSync|execFileSync)|"""
                      r"""\bchild_process\.\w+|\bcp\.exec\w*)\s*\(\s*(?:r|b|u)?(['"])((?:(?!\1).)+)\1""")
# `subprocess.run(['git', 'push', …])`, `spawnSync('git', ['push', …])`, `execFileSync("rm", ["-rf", …])`: argv lists
_ARGV_CALL = Pattern(r"""(?:\bsubprocess\.(?:run|call|check_call|check_output|Popen)|\bos\.exec\w*|\b(?:spawnSync|spawn|"""
                     r"""execFileSync|execFile)|\bchild_process\.\w+)\s*\(\s*(?:(['"])((?:(?!\1).)+)\1\s*,\s*)?\[([^\]]*)\]""")
_STRING_LITERAL = Pattern(r"""(['"])((?:(?!\1).)*)\1""")
_VARARGS_CALL = Pattern(r"""(?:\bProcessBuilder|\bexec\.Command(?:Context)?|\bCommand::new|\.exec)\s*\(\s*((?:(?:ctx|context\.\w+\(\))\s*,\s*)?"""
                        r"""(?:"[^"]*"\s*,?\s*)+)\)((?:\s*\.\s*args?\s*\(\s*(?:\[[^\]]*\]|&?\[[^\]]*\]|"[^"]*")\s*\))*)""")


_RUNS_CODE = Pattern(r"""\b(?:exec|eval|compile|Function|execSync|system|spawnSync|instance_eval|class_eval)\b|"""
                     r"""(?<![.:\w])(?:load|loadstring)\s*\(""")  # Lua's load()/loadstring() run a string as code
_DECODES = Pattern(r"""\bfromhex\b|b64decode|b32decode|a85decode|\bunhexlify\b|\bBuffer\.from\s*\([^)]*['"](?:base64|hex)['"]|"""
                   r"""\batob\b|\bpack\s*\(|\bdecode_base64\b|\bdecode64\b|base64_decode|\bhex2bin\b|\bzlib\.decompress|"""
                   r"""\bcodecs\.decode|\bunpack1?\s*\(|\[\s*::\s*-1\s*\]|\.reverse\(\)|String\.fromCharCode|\bchr\b|"""
                   r"""\breverse\s*\(|\bstring\.char\b|:reverse\(\)""")


# A shell call whose command is no literal: `system(join …)`, `os.system(cmd)`, `execSync(parts.join(' '))`.
_COMPUTED_SHELL = Pattern(r"""(?:\bos\.(?:system|popen)|(?<![.\w$])(?:system|shell_exec|passthru|popen)|\b(?:execSync|"""
                          r"""child_process\.exec)|\bsubprocess\.(?:getoutput|getstatusoutput))\b\s*\(?\s*(?![\s'"\[\])]|\$?[a-z_]*['"]|"""
                          r"""f['"]|r['"]|\w+\s*\(\s*['"]/)[$@\w]""")


def _decoded_exec(code: str) -> bool:
    """Code that decodes text and runs it as code (``exec(bytes.fromhex(…))``, ``eval(Buffer.from(…, 'base64'))``)."""
    return bool(_RUNS_CODE.search(code) and _DECODES.search(code))


# A call whose leading arguments are string literals, the first naming a program (`session.run("git", "stash",
# "clear")`, `sh.git("push")`, `Bun.spawn` …): an argv handed over word by word, whatever the function is called.
_LITERAL_ARGS_CALL = Pattern(r"""\b([A-Za-z_][\w.]*)\s*\(\s*((?:(['"])[^'"\n]*\3\s*,\s*)+(['"])[^'"\n]*\4)""")
_NOT_RUNNERS = ("print", "println", "printf", "log", "echo", "puts", "write", "format", "info", "debug", "warn", "warning",
                "error", "join", "assert", "append", "add", "get", "set", "startswith", "endswith", "replace", "split",
                "translate", "_", "gettext", "describe", "it", "test", "expect", "fail", "skip", "parametrize", "raises")
# Git driven through a library of the language (GitPython, pygit2, dulwich, simple-git, isomorphic-git, nodegit,
# Rugged, JGit, go-git, LibGit2Sharp): its command-like methods are the git operations they name.
_GIT_LIBRARY = Pattern(r"""\bimport\s+git\b|\bfrom\s+git\b|\bgit\.Repo\b|\bRepo\s*\(|pygit2|dulwich|simple-?git|"""
                       r"""simpleGit|isomorphic-git|nodegit|Rugged|go-git|JGit|LibGit2Sharp|\bGit\.open\b""")
_GIT_WRAPPER_CALL = Pattern(r"""\.git\.(\w+)\s*\(([^()]*)\)|\.raw\s*\(\s*\[([^\]]*)\]""")
_GIT_METHOD = Pattern(r"""\.(push|reset|checkout|stash\w*|clean|reset_hard|hard_reset|checkout_index|force_push)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)""")
_GIT_REMOTE = Pattern(r"""\.remote\s*\(\s*(['"])([^'"]+)\1|\.remotes(?:\.(\w+)|\[\s*['"]([^'"]+)['"])""")


def _git_library_calls(code: str) -> list[str]:
    """The git commands code runs through a git library of its language (:data:`_GIT_LIBRARY`); a push whose refs it
    computes pushes an unknown ref."""
    from statewise_cli.actions.shell import _quote

    if not _GIT_LIBRARY.search(code):
        return []
    found = []
    for m in _GIT_WRAPPER_CALL.finditer(code):
        words = [x.group(2) for x in _STRING_LITERAL.finditer(m.group(2) if m.group(1) else m.group(3))]
        sub = [m.group(1).replace("_", "-")] if m.group(1) else []
        if m.group(1) in ("execute", "custom_environment", "update_environment"):
            continue
        found.append(" ".join(["git", *sub, *(_quote(w) for w in words)]))
    remote_m = _GIT_REMOTE.search(code)
    remote = next((g for g in (remote_m.groups()[1:] if remote_m else ()) if g), "origin")
    for m in _GIT_METHOD.finditer(code):
        method, inner = m.group(1), m.group(2)
        literals = [x.group(2) for x in _STRING_LITERAL.finditer(inner)]
        forced = bool(Pattern(r"""(?i)\bforce\w*\s*[:=]\s*(?:true|1)\b|['"](?:-f|--force)['"]""").search(inner))
        if method in ("push", "force_push"):
            refs = [r for r in literals if r not in (remote, "origin") and not r.startswith("-")] or ["$(computed)"]
            found.append(" ".join(["git", "push", *(["--force"] if forced or method == "force_push" else []),
                                   _quote(remote), *(_quote(r) if not r.startswith("$(") else r for r in refs)]))
        elif method in ("reset", "reset_hard", "hard_reset"):
            if method != "reset" or Pattern(r"""(?i)hard|working_tree\s*=\s*True|RESET_HARD|ResetType\.HARD""").search(inner):
                found.append("git reset --hard")
        elif method in ("checkout", "checkout_index"):
            if forced or method == "checkout_index" or ".index.checkout" in code:
                found.append("git checkout -f -- .")
        elif method.startswith("stash"):
            rest = method[5:].lstrip("_") or " ".join(_quote(w) for w in literals)
            if rest:
                found.append(f"git stash {rest}")
        elif method == "clean":
            found.append("git clean -f -d")
    return found


# Perl's (and Ruby's %q/%Q/%x) quote-like operators with bracket or other delimiters: `q{…}`, `qq(…)`, `qx[…]`,
# `%q{…}`, `%x(…)`.
_PERL_QUOTE = Pattern(r"""(?<![\w$@%&])(%?)(q|qq|qx|Q|x)\s*([{(\[<|/!#~])""")
_QUOTE_CLOSE = {"{": "}", "(": ")", "[": "]", "<": ">"}
_BARE_SHELL_CALL = Pattern(r"""(?m)(?:^|[;{}]\s*|\b(?:or|and|unless|if)\s+)(?:system|exec)\s+(['"])([^'"\n]+)\1""")


def _perl_quotes(code: str) -> str:
    """``code`` with quote-like operators rewritten as the plain quotes they mean (`q{…}` → `'…'`, `qq{…}` → `"…"`,
    `qx{…}` → a backtick command) when the body holds no quote of that kind, so literal commands in them are read."""
    out, at = [], 0
    for m in _PERL_QUOTE.finditer(code):
        if m.start() < at:
            continue
        percent, op, opener = m.group(1), m.group(2), m.group(3)
        if percent and op in ("qq", "qx") or not percent and op in ("Q", "x"):
            continue
        closer = _QUOTE_CLOSE.get(opener, opener)
        end = code.find(closer, m.end())
        if end < 0:
            continue
        body = code[m.end():end]
        quote = "`" if op in ("qx", "x") else '"' if op in ("qq", "Q") else "'"
        if quote in body or "\n" in body:
            continue
        out.append(code[at:m.start()] + quote + body + quote)
        at = end + 1
    return "".join(out) + code[at:]


def shell_calls(code: str) -> list[str]:
    """The shell commands a program hands over as literals: a command string (``os.system("…")``) or an argv list
    whose words are all literals (``subprocess.run(['git', 'stash', 'clear'])``, ``session.run("git", "push")``);
    a list with a computed word is the command up to that word and an unknown word; git run through a library of
    the language (``git.Repo('.').remote().push(…)``); Tcl's ``exec`` of a command line."""
    from statewise_cli.actions.shell import _quote

    if "q" in code and _PERL_QUOTE.search(code):
        code = _perl_quotes(code)
    found = [shown for _, shown in _SHELL_CALL.findall(code)]
    if "system" in code or "exec" in code:
        # Perl's and Ruby's calls without parentheses: `system 'cmd';`, `exec "cmd"`
        found += [m.group(2) for m in _BARE_SHELL_CALL.finditer(code) if m.group(2) not in found]
    from statewise_cli.actions.codewrites import ffi_shell_calls

    found += [c for c in ffi_shell_calls(code) if c not in found]
    from statewise_cli.actions.codewrites import handed_commands

    found += [c for c in handed_commands(code) if c not in found]
    if "(" in code and ("'" in code or '"' in code):
        for m in _LITERAL_ARGS_CALL.finditer(code):
            words = [x.group(2) for x in _STRING_LITERAL.finditer(m.group(2))]
            if (m.group(1).rsplit(".", 1)[-1] not in _NOT_RUNNERS and words
                    and words[0].rsplit("/", 1)[-1] in _NESTED_PROGRAMS):
                joined = " ".join(_quote(w) for w in words)
                if joined not in found:
                    found.append(joined)
    if "exec " in code:
        # Tcl (`exec git stash clear`, `[exec …]`) and ruby/perl's `exec "…"`: the rest of the line
        for m in Pattern(r"""(?m)(?:^|[\[;{]\s*)exec\s+(?!-)(['"]?)([^\]\n;}]+)\1""").finditer(code):
            line = m.group(2).strip().strip("'\"")
            if line.split(None, 1)[0].rsplit("/", 1)[-1] in _NESTED_PROGRAMS:
                found.append(line)
    found += [c for c in _git_library_calls(code) if c not in found]
    if "ProcessBuilder" in code or "Command" in code or "exec" in code:
        # argv given word by word: `new ProcessBuilder("git", "stash", "clear")`, Go's `exec.Command("git", "push")`,
        # Rust's `Command::new("git").args(["push", "-f"])` / `.arg("x")`, Java's `Runtime.getRuntime().exec(…)`
        for m in _VARARGS_CALL.finditer(code):
            words = [x.group(2) for x in _STRING_LITERAL.finditer(m.group(1))]
            if m.group(2):
                words += [x.group(2) for x in _STRING_LITERAL.finditer(m.group(2))]
            if words:
                found.append(" ".join(_quote(w) for w in words) if len(words) > 1 else words[0])
    if "[" in code:
        for _q, program, items in _ARGV_CALL.findall(code):
            words = [program] if program else []
            rest = items
            for m in _STRING_LITERAL.finditer(items):
                words.append(m.group(2))
                rest = rest.replace(m.group(0), "", 1)
            if rest.replace(",", "").strip():
                words.append("$(computed)")
            if words:
                found.append(" ".join(_quote(w) if not w.startswith("$(") else w for w in words))
    # a language's string interpolation (Ruby/Crystal/CoffeeScript `#{x}`) is a word the program computes
    return [c.replace("#{", "${") if "#{" in c else c for c in found]


_BACKTICK_CALL = Pattern(r"""(?<![\w`])`([^`\n]+)`|%x\(([^)\n]+)\)|%x\{([^}\n]+)\}|%x\[([^\]\n]+)\]""")
# Ruby and Perl files a tool evaluates (Bundler's Gemfile, rake's Rakefile, a gemspec): backticks and %x() run commands
RUBY_PERL_FILES = ("Gemfile", "gems.rb", "Rakefile", "rakefile", "Guardfile", "Vagrantfile", "Podfile", "Fastfile",
                   "Brewfile", "Capfile", "Dangerfile", "Berksfile", "Appfile", "Matchfile")
RUBY_PERL_EXTS = (".rb", ".rake", ".gemspec", ".ru", ".pl", ".pm", ".t")


def backtick_calls(code: str) -> list[str]:
    """The commands Ruby/Perl code runs through backticks or ``%x(…)`` (a program that matters, not a comment)."""
    found: list[str] = []
    if "q" in code and _PERL_QUOTE.search(code):
        code = _perl_quotes(code)
    for line in code.splitlines():
        if line.lstrip().startswith(("#", "=begin")) or ("`" not in line and "%x" not in line):
            continue
        for m in _BACKTICK_CALL.finditer(line):
            shown = next(g for g in m.groups() if g is not None).strip()
            if shown and shown.split(None, 1)[0].rsplit("/", 1)[-1] in _NESTED_PROGRAMS and shown not in found:
                found.append(shown)
    return found


# A home directory a program computes, followed by a literal rest: `os.path.expanduser('~/x')`, `os.homedir() + '/x'`,
# `os.environ['HOME'] + '/x'`, `Path.home() / 'x'` — read as the literal `~/x`.
_HOME_EXPR = Pattern(r"""os\.path\.expanduser\(\s*(['"])(~[^'"]*)\1\s*\)|"""
                     r"""(?:require\(\s*['"]os['"]\s*\)\.homedir\(\)|\bos\.homedir\(\)|os\.environ\[\s*['"]HOME['"]\s*\]|"""
                     r"""(?:os\.)?getenv\(\s*['"]HOME['"]\s*\)|process\.env\.HOME|ENV\[\s*['"]HOME['"]\s*\]|\$ENV\{HOME\}|"""
                     r"""Path\.home\(\))\s*[+./]\s*(['"])/?([^'"]*)\3""")
# `os.path.join('~', 'x')` (after the home expressions above), `path.join(os.homedir(), 'x')`: '~/x'
_HOME_PATH_JOIN = Pattern(r"""os\.path\.join\(\s*['"]~/?['"]\s*,\s*['"]([^'"]*)['"]\s*\)|"""
                          r"""path\.join\(\s*(?:require\(\s*['"]os['"]\s*\)\.|os\.)homedir\(\)\s*,\s*['"]([^'"]*)['"]\s*\)""")
# `NAME = '~/x'` (a home path, once the expressions above are read as literals) and the calls that write through it
_HOME_VARIABLE = Pattern(r"""(?m)^\s*(?:(?:const|let|var|my|local)\s+)?\$?([A-Za-z_]\w*)\s*:?=\s*(['"])(~/?[^'"]*)\2\s*;?\s*$""")
_WRITES_THROUGH = Pattern(r"""\.(?:mkdir|write_text|write_bytes|touch|open)\(|\bopen\([^)]*['"][wax]|\bmakedirs\(|"""
                          r"""\b(?:writeFileSync|appendFileSync|writeFile|appendFile|mkdirSync|createWriteStream|copyFile(?:Sync)?|"""
                          r"""shutil\.(?:copy\w*|move)|File\.(?:write|open)|FileUtils\.\w+)\(""")
# `Path.home().joinpath('x')` / `Path.home().joinpath("x")`: the same as `Path.home() / 'x'`
_HOME_JOIN = Pattern(r"""Path\.home\(\)\.joinpath\(\s*(['"][^'"]*['"])\s*\)""")
# pathlib writes: `.write_text(` on a literal `Path('f')` names its file; on anything else the name is computed
_PATH_WRITE = Pattern(r"""\.(?:write_text|write_bytes)\(""")
_LITERAL_PATH_WRITE = Pattern(r"""['"]\s*\)(?:\.expanduser\(\)|\.resolve\(\))?\.(?:write_text|write_bytes)\(""")
# Recursive deletes of a named directory: `shutil.rmtree("d")`, `fs.rmSync("d", {recursive: true})`, `rimraf("d")`,
# `FileUtils.rm_rf("d")`.
_RMTREE = Pattern(r"""\b(?:shutil\.rmtree|rmtree|rmSync|rimraf(?:\.sync)?|rmdirSync|FileUtils\.(?:rm_rf|rm_r|remove_dir|"""
                  r"""remove_entry_secure|remove_entry)|remove_tree|Deno\.remove(?:Sync)?|"""
                  r"""unlink\s*\(\s*recursive\s*=\s*TRUE\s*,)\s*\(?\s*"""
                  r"""['"]([^'"]+)['"]|\bfile\s+delete\s+-force\s+(?:--\s+)?["{]?([^\s"{}\]]+)""")
# A write or delete whose file name the code computes (its first argument is no literal): the target is unknown.
_COMPUTED_TARGET = Pattern(r"""\b(?:writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|file_put_contents|"""
                           r"""unlinkSync|rmSync|rmdirSync|shutil\.rmtree|os\.(?:remove|unlink|rename|replace|rmdir)|"""
                           r"""shutil\.(?:copy\w*|move)|File\.(?:write|delete)|FileUtils\.rm\w*)\s*\(\s*(?![\s'"\])])|"""
                           r"""\bopen\(\s*(?![\s'"])[^,()]*(?:\([^()]*\))?[^,()]*,\s*(?:mode\s*=\s*)?['"][rxa]?[wax+]""")


_LITERAL_JOIN = Pattern(r"""(?:\b(?:os\.)?path|\brequire\(\s*['"](?:node:)?path['"]\s*\))\.(?:join|resolve)\(\s*((?:(?:os\.curdir|os\.pardir|'[^'\\]*'|"[^"\\]*")\s*,\s*)*"""
                       r"""(?:os\.curdir|os\.pardir|'[^'\\]*'|"[^"\\]*"))\s*,?\s*\)""")
_MKDTEMP = Pattern(r"""\b(?:tempfile\.)?mkdtemp\(\s*(?:(?:suffix|prefix)\s*=\s*['"][^'"/]*['"]\s*,?\s*)*"""
                   r"""(dir\s*=\s*['"]([^'"]+)['"]\s*,?\s*)?(?:(?:suffix|prefix)\s*=\s*['"][^'"/]*['"]\s*,?\s*)*\)""")
_LITERAL_PART = Pattern(r"""os\.curdir|os\.pardir|'([^'\\]*)'|"([^"\\]*)["]""")


_PATH_CHANGE_CALL = Pattern(r"""(?i)(?:rm|rmtree|rmdir|unlink|remove|rename|move|copy|copyfile|write|truncate|mkdir|"""
                            r"""chmod)\w*\s*\(""")
_OWN_ARGUMENT = Pattern(r"""\b(process|sys)\.argv\[\s*(\d+)\s*\]""")


def _own_arguments(code: str, rest: tuple[str, ...]) -> str:
    """Inline code's reads of its own arguments (``process.argv[1]`` of ``node -e CODE A``, ``sys.argv[1]`` of
    ``python -c CODE A``: both are A) replaced by the literal word the line gives, when the shell's value is known."""
    words = [w for w in rest if w != "--"] if rest[:1] == ("--",) else list(rest)

    def literal(m: Any) -> str:
        k = int(m.group(2)) - 1  # node: argv[0] is node itself; python -c: argv[0] is '-c'
        if 0 <= k < len(words) and not unknown(words[k]) and not any(c.isspace() for c in words[k]):
            return repr(words[k])  # a path-like word (text with blanks stays the argument it is: printed, parsed)
        return m.group(0)

    return _OWN_ARGUMENT.sub(literal, code)


def _fold_literal_joins(code: str) -> str:
    """Python's ``os.path.join`` of string literals and ``os.curdir`` / ``os.pardir``, as the one literal it returns
    (``os.path.join(os.curdir, 'build')`` → ``'./build'``); a bare ``os.curdir`` / ``os.pardir`` as ``'.'`` / ``'..'``."""
    import posixpath

    def fold(m: Any) -> str:
        parts = []
        for p in _LITERAL_PART.finditer(m.group(1)):
            word = p.group(0)
            parts.append("." if word == "os.curdir" else ".." if word == "os.pardir" else (p.group(1) or p.group(2) or ""))
        return repr(posixpath.join(*parts)) if parts else m.group(0)

    if "mkdtemp(" in code:
        # a new directory under the temporary directory (or the literal `dir=` it is given): its name is unknown but
        # where it lies is known — the place that matters to the checks
        def fresh(m: Any) -> str:
            where = m.group(2) or os.environ.get("TMPDIR") or "/tmp"
            return repr(posixpath.join(where, "tmpXXXXXXXX"))

        code = _MKDTEMP.sub(fresh, code)
    for _ in range(3):  # nested joins fold from the inside out
        folded = _LITERAL_JOIN.sub(fold, code)
        if folded == code:
            break
        code = folded
    return code


def _literal_deletes_only(code: str) -> bool:
    """Whether all the keyword screen suspects of inline code is a recursive delete of a directory named by one whole
    string literal (the call's first argument ends with the literal: `rmtree('build')`, not `rmtree('b' + x)`)."""
    if screen(code) != {"delete"}:
        return False
    found = list(_RMTREE.finditer(code))
    if not found or any(m.group(1) is None or code[m.end():].lstrip()[:1] not in (",", ")") for m in found):
        return False
    rest = _RMTREE.sub(" ", code)
    # a change of directory first (`os.chdir('..')`, `process.chdir(…)`) moves what a relative name deletes
    return not screen(rest) and not _COMPUTED_TARGET.search(rest) and "chdir" not in rest and "cd" not in _screen_words(rest)


# A name bound to a module or to one of its functions: Python's `import shutil as sh`, `from os import remove as rm`;
# node's `const p = require('node:fs/promises')`, `const { rm: del } = require('fs').promises`, `import * as f from
# 'fs/promises'`, `import { rm as del } from 'node:fs/promises'`.
_PY_MODULE_ALIAS = Pattern(r"""\bimport\s+([A-Za-z_][\w.]*)\s+as\s+([A-Za-z_]\w*)""")
_PY_NAME_ALIAS = Pattern(r"""\bfrom\s+([A-Za-z_][\w.]*)\s+import\s+\(?\s*((?:[A-Za-z_]\w*(?:\s+as\s+[A-Za-z_]\w*)?\s*,?\s*)+)""")
_FS_MODULE = r"""(?:require\(\s*['"](?:node:)?fs(?:/promises)?['"]\s*\)(?:\.promises)?|(?<![\w.])fs\.promises)"""
_JS_MODULE_ALIAS = Pattern(r"""\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*""" + _FS_MODULE +
                           r"""|\bimport\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s+from\s+['"](?:node:)?fs(?:/promises)?['"]""")
_JS_NAME_ALIAS = Pattern(r"""\b(?:const|let|var)\s*\{([^}]*)\}\s*=\s*""" + _FS_MODULE +
                         r"""|\bimport\s*\{([^}]*)\}\s*from\s+['"](?:node:)?fs(?:/promises)?['"]""")
# The promise and callback forms of node's file calls, named as the synchronous calls the screens list
_FS_CALLS = ("rm", "rmdir", "unlink", "writeFile", "appendFile", "cp", "copyFile", "rename", "mkdir", "symlink")


def canonical_calls(code: str) -> str:
    """Inline code with module aliases written out, so the screens of file calls see the call they make: `sh.rmtree(`
    → `shutil.rmtree(`, an imported `del_(` → `os.remove(`, node's `require('fs/promises').rm(`, `p.rm(` or `del(` →
    `fs.rmSync(`. Names only: what a call does is decided by the screens as before."""
    import re

    def as_sync(call: str) -> str:
        return f"fs.{call}Sync(" if call in _FS_CALLS else f"fs.{call}("

    for m in list(_PY_MODULE_ALIAS.finditer(code)):
        module, alias = m.group(1), m.group(2)
        if alias != module:
            code = re.sub(rf"(?<![\w.]){re.escape(alias)}\.", module + ".", code)
    for m in list(_PY_NAME_ALIAS.finditer(code)):
        module = m.group(1)
        for part in m.group(2).split(","):
            words = part.split()
            if len(words) == 3 and words[1] == "as" and words[2] != words[0]:
                code = re.sub(rf"(?<![\w.]){re.escape(words[2])}\s*\(", f"{module}.{words[0]}(", code)
    code = re.sub(_FS_MODULE + r"\.(\w+)\s*\(", lambda m: as_sync(m.group(1)), code)
    for m in list(_JS_MODULE_ALIAS.finditer(code)):
        alias = m.group(1) or m.group(2)
        if alias:
            code = re.sub(rf"(?<![\w.$]){re.escape(alias)}\.(\w+)\s*\(", lambda c: as_sync(c.group(1)), code)
    for m in list(_JS_NAME_ALIAS.finditer(code)):
        for part in (m.group(1) or m.group(2) or "").split(","):
            original, _, bound = part.replace(" as ", ":").partition(":")
            original, bound = original.strip(), (bound.strip() or original.strip())
            if original.isidentifier() and bound.replace("$", "_").isidentifier():
                code = re.sub(rf"(?<![\w.$]){re.escape(bound)}\s*\(", as_sync(original), code)
    return code


def code_file_actions(code: str, args: tuple[str, ...], text: str, computed: bool = False) -> list[Action]:
    """The files code writes or deletes by a name it shows (a literal, or the home directory plus a literal); with
    ``computed``, a write or delete of a name it computes is one unknown target (the protected answer)."""
    import os

    if "promises" in code or " as " in code or "require(" in code:
        code = canonical_calls(code)
    if "HOME" in code or "home" in code or "expanduser" in code:
        code = _HOME_JOIN.sub(lambda m: f"Path.home() / {m.group(1)}", code)
        code = _HOME_EXPR.sub(lambda m: repr(m.group(2) if m.group(2) else "~/" + m.group(4)), code)

        code = _HOME_PATH_JOIN.sub(lambda m: repr("~/" + (m.group(1) or m.group(2) or "")), code)

    def path(t: str) -> str:
        return os.path.expanduser(t) if t.startswith("~") else t

    out: list[Action] = []
    if "~" in code:
        # a variable holding a home-directory path (`out = Path.home() / 'reports'`) that the code then writes
        # through (`out.mkdir()`, `(out / 'x').write_text(…)`, `open(os.path.join(out, …), 'w')`): that is written
        for m in _HOME_VARIABLE.finditer(code):
            var, where = m.group(1), m.group(3)
            if any(var in line and _WRITES_THROUGH.search(line) for line in code[m.end():].splitlines()):
                out.append(_write(path(where), args, text))
    if _OPENED_FOR_WRITING.search(code):
        # code that opens a named file for writing writes it, whatever its name (`~/.bashrc`, `/etc/x`)
        named = [t for group in _OPENED_FOR_WRITING.findall(code) for t in group if t]
        out += [_write(path(t), args, text) for t in dict.fromkeys(named)]
    if _LIBRARY_WRITES.search(code):
        # library calls that create the file (or a file in the directory) they are given
        for m in _LIBRARY_WRITES.finditer(code):
            groups: tuple[str | None, ...] = m.groups()
            made = next((g for g in groups[:4] if g), "")
            directory = groups[4]
            if made:
                out.append(_write(path(made), args, text))
            elif directory:
                out.append(_write(path(directory.rstrip("/") + "/tmp-file"), args, text))
    if _REMOVED_BY_CODE.search(code):
        named = [t for group in _REMOVED_BY_CODE.findall(code) for t in group if t]
        out += [Action(tool="Bash", operation="file.delete", risk="local-mutation", arguments=args, text=text,
                       target=path(t)) for t in dict.fromkeys(named)]
    for t in dict.fromkeys(t for group in _RMTREE.findall(code) for t in group if t):
        out.append(Action(tool="Bash", operation="file.delete", risk="destructive", arguments=args, text=text,
                          target=path(t), flags=frozenset({"recursive"})))
    if computed and (_COMPUTED_TARGET.search(code) or (
            "write_" in code and len(_PATH_WRITE.findall(code)) > len(_LITERAL_PATH_WRITE.findall(code)))):
        out.append(_write("$(a file name the code computes)", args, text).replace(
            unknown="the code writes or deletes a file whose name it computes"))
    out += _changed_by_calls(code, args, text, {a.target for a in out})
    if out and _code_moves_directory(code):
        # a relative name after the code moved its directory is not relative to the command line's directory
        out = [a.replace(cwd="$INLINE_CODE_DIR") if a.target and a.target[:1] not in "/~$" else a for a in out]
    return out


def _changed_by_calls(code: str, args: tuple[str, ...], text: str, seen: set[str | None]) -> list[Action]:
    """Paths outside the project a call of the code changes, by the call's shape (actions/codewrites.py)."""
    from statewise_cli.actions.codewrites import changed_paths

    out: list[Action] = []
    for target, deleted in changed_paths(code):
        target = os.path.expanduser(target) if target.startswith("~") else target
        if target in seen:
            continue
        seen.add(target)
        out.append(Action(tool="Bash", operation="file.delete", risk="local-mutation", arguments=args, text=text,
                          target=target) if deleted else _write(target, args, text))
    return out


# the printed expression may hold string literals with `;`, `{`, `}` or `>` in them: a literal is taken whole
_AWK_REDIRECT = Pattern(r"""\bprintf?\b(?:"(?:[^"\\]|\\.)*"|[^;{}"])*?(?<![<>=!])>>?\s*("(?:[^"\\]|\\.)*"|[^;}\s]+)""")


def _awk_writes(args: tuple[str, ...]) -> list[str]:
    """The files an awk program's ``print … > "file"`` / ``>> "file"`` writes (``$awk`` for a name it computes)."""
    operands = _operands(args, {"-F", "-v", "-f", "--field-separator", "--assign", "--file"})
    if not operands or ">" not in operands[0] or any(a in ("-f", "--file") for a in args):
        return []
    out = []
    for target in _AWK_REDIRECT.findall(operands[0]):
        out.append(target[1:-1] if target.startswith('"') and target.endswith('"') else "$awk")
    return out


def _awk_printed(args: tuple[str, ...], target: str) -> str | None:
    """The lines an awk program writes to ``target`` when every `print … > "target"` (or `>>`) of it prints only
    string literals (`print "a" "b" > "F"`): what the file gets. None when any prints something else."""
    import re

    operands = _operands(args, {"-F", "-v", "-f", "--field-separator", "--assign", "--file"})
    if not operands:
        return None
    program = operands[0]
    lines: list[str] = []
    for m in _AWK_REDIRECT.finditer(program):
        name = m.group(1)
        if (name[1:-1] if name.startswith('"') and name.endswith('"') else "$awk") != target:
            continue
        stmt = re.fullmatch(r'\s*print\s*\(?\s*((?:"(?:[^"\\]|\\.)*"\s*)+)\)?\s*>>?\s*"[^"]*"\s*', m.group(0))
        if stmt is None:
            return None
        pieces = re.findall(r'"((?:[^"\\]|\\.)*)"', stmt.group(1))
        text = "".join(pieces)
        if "\\" in text.replace('\\"', "").replace("\\n", "").replace("\\t", ""):
            return None
        lines.append(text.replace('\\"', '"').replace("\\n", "\n").replace("\\t", "\t"))
    return "\n".join(lines) if lines else None


def _sed_scripts(args: tuple[str, ...]) -> list[str]:
    scripts = [args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-e", "--expression")]
    scripts += [a.partition("=")[2] for a in args if a.startswith("--expression=")]
    if not scripts and not any(a in ("-f", "--file") for a in args):
        scripts = _operands(args, {"-l", "-f", "--file"})[:1]
    return scripts


def _sed_writes(args: tuple[str, ...]) -> list[str]:
    """The files a sed script writes itself: the ``w``/``W`` commands and the ``w`` flag of ``s``
    (``sed -n 'w out'``, ``s/a/b/w out``); the file name runs to the end of the command."""
    out: list[str] = []
    for script in _sed_scripts(args):
        for part in script.replace("\n", ";").split(";"):
            rest = _sed_command(part.strip())
            target = ""
            if rest[:1] in ("w", "W"):
                target = rest[1:]
            elif rest[:1] == "s" and len(rest) > 1:
                pieces = rest.split(rest[1])
                if len(pieces) >= 4:
                    tail = rest[1].join(pieces[3:]).lstrip("gpiImMe0123456789")
                    target = tail[1:] if tail[:1] == "w" else ""
            target = target.strip()
            if target:
                out.append(os.path.expanduser(target) if target.startswith("~") else target)
    return [t for t in out if t not in ("/dev/stdout", "/dev/stderr")]


def _sed_command(p: str) -> str:
    r"""A sed command with its address skipped (``1,5``, ``$``, ``/re/``, ``\cREc``)."""
    k = 0
    while k < len(p):
        if p[k].isdigit() or p[k] in "$,~+! \t{":
            k += 1
        elif p[k] in "/\\":
            end = p.find(p[k] if p[k] == "/" else p[k + 1:k + 2], k + 2 if p[k] == "\\" else k + 1)
            k = len(p) if end == -1 else end + 1
        else:
            break
    return p[k:]


def _tar_archive_written(args: tuple[str, ...]) -> list[str]:
    """The archive ``tar`` writes in create/append/update mode (``-cf F``, ``cf F``, ``--file=F``)."""
    if not args:
        return []
    letters = "".join(a[1:] for a in args if a[:1] == "-" and a[1:2] != "-")
    if args[0][:1] != "-":
        letters += args[0]  # old style: `tar cf x.tar .`
    longs = [a for a in args if a.startswith("--")]
    if not (set(letters) & set("cruA") or any(a.startswith(("--create", "--append", "--update", "--concatenate"))
                                              for a in longs)):
        return []
    found = [a.partition("=")[2] for a in args if a.startswith("--file=")]
    for j, a in enumerate(args):
        if a == "--file" and j + 1 < len(args):
            found.append(args[j + 1])
        elif (a[:1] == "-" and a[1:2] != "-" or (j == 0 and a[:1] != "-")) and "f" in a:
            rest = a[a.index("f") + 1:]
            if a[:1] == "-" and rest:
                found.append(rest)  # `-fNAME`, `-cfNAME`
            elif j + 1 < len(args):
                found.append(args[j + 1])
    return [f for f in found if f and f != "-"]


def _sed_exec(args: tuple[str, ...]) -> str | None:
    """What a GNU sed script runs (the ``e`` command, the ``e`` flag of ``s``): its text, "" when the
    command is the pattern space (unknown), None when the script runs nothing."""
    scripts = [args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-e", "--expression")]
    scripts += [a.partition("=")[2] for a in args if a.startswith("--expression=")]
    if not scripts and not any(a in ("-f", "--file") for a in args):
        operands = _operands(args, {"-l", "-f", "--file"})
        scripts = operands[:1]
    for script in scripts:
        for part in script.replace("\n", ";").split(";"):
            p = part.strip()
            rest = _sed_command(p)
            if rest[:1] == "e" and (len(rest) == 1 or rest[1] in " \t"):
                return rest[1:].strip()
            if rest[:1] == "s" and len(rest) > 1:
                pieces = rest.split(rest[1])
                if len(pieces) >= 4 and "e" in pieces[3]:
                    return ""
    return None


# find's tests and options that take a value: the value is never an action (``-name -delete``).
_FIND_VALUE = {"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname",
               "-type", "-xtype", "-maxdepth", "-mindepth", "-newer", "-anewer", "-cnewer", "-mtime", "-atime", "-ctime",
               "-mmin", "-amin", "-cmin", "-size", "-perm", "-user", "-group", "-uid", "-gid", "-links", "-inum",
               "-samefile", "-used", "-regextype", "-fstype", "-context", "-printf", "-fprint", "-fprint0", "-fls",
               "-files0-from"}


def _find_name(test: str, pattern: str) -> str:
    """The glob a ``-name``/``-iname`` test matches, case-sensitively: ``-iname 'A*.md'`` is ``[aA]*.[mM][dD]`` (a
    bracket expression of its own is not rewritten: every name, the protected reading)."""
    if test != "-iname" or not any(c.isalpha() for c in pattern):
        return pattern
    if "[" in pattern or "\\" in pattern:
        return "*"
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() and c.lower() != c.upper() else c for c in pattern)


def _find_roots(argv: tuple[str, ...]) -> tuple[list[str], str | None]:
    """``find``'s starting points and its ``-name`` pattern (None when several names, ``-o``/``!`` or a
    test other than the name and type decide what it matches)."""
    i = 1
    while i < len(argv) and argv[i] in ("-H", "-L", "-P", "-D", "-O") or (i < len(argv) and argv[i][:2] in ("-O", "-D")):
        i += 2 if argv[i] in ("-D", "-O") else 1
    roots = []
    while i < len(argv) and not argv[i].startswith(("-", "(", "!")):
        roots.append(argv[i])
        i += 1
    # In a conjunction (no -o, no `,`) every other test only narrows further what one positive -name matches:
    # `-name '*.pyc' -not -path './.git/*'` deletes only *.pyc files. A negated name matches everything else.
    names = [_find_name(argv[j], argv[j + 1]) for j in range(i, len(argv) - 1) if argv[j] in ("-name", "-iname")
             and argv[j - 1] not in ("!", "-not")]
    negated = [j for j in range(i, len(argv) - 1) if argv[j] in ("-name", "-iname") and argv[j - 1] in ("!", "-not")]
    tests = argv[i:]
    narrow = len(names) == 1 and not negated and not any(t in ("-o", "-or", ",", "(", ")") for t in tests)
    return roots or ["."], names[0] if narrow else None


def _clause_pattern(args: tuple[str, ...], at: int) -> str | None:
    """The ``-name`` pattern of the ``-o`` operand an action at ``args[at]`` belongs to: in ``find . -path ./.git
    -prune -o -name '*.pyc' -delete`` the delete runs only where the tests before it in its own operand hold (one
    positive name, no negated name); None with parentheses (grouping the check does not follow) or no such name."""
    if any(a in ("(", ")", "\\(", "\\)") for a in args):
        return None
    start, i = 0, 0
    while i < at:
        if args[i] in ("-o", "-or", ","):
            start = i + 1
        elif args[i] in _FIND_VALUE:
            i += 1
        i += 1
    clause = args[start:at]
    names = [_find_name(clause[j], clause[j + 1]) for j in range(len(clause) - 1) if clause[j] in ("-name", "-iname")
             and (j == 0 or clause[j - 1] not in ("!", "-not"))]
    negated = any(clause[j] in ("-name", "-iname") and j and clause[j - 1] in ("!", "-not") for j in range(len(clause)))
    return names[0] if len(names) == 1 and not negated else None


def _piped_paths(stdin: tuple[str, ...]) -> tuple[list[str], str, str | None]:
    """The paths ``xargs`` hands on, from the command piped into it: ``find ROOT`` (files under ROOT),
    ``echo``/``printf`` (their words); else none and why."""
    if stdin and stdin[0].rsplit("/", 1)[-1] in ("find", "fd"):
        roots, pattern = _find_roots(stdin) if stdin[0].endswith("find") else ([a for a in stdin[2:3] if not a.startswith("-")] or ["."], None)
        return roots, "", pattern
    what = f"`{' '.join(stdin)[:60]}`" if stdin else "its standard input"
    return ["?"], f"xargs takes the paths from {what}", None


def _followed(root: str, argv: tuple[str, ...]) -> str:
    """find's root as the delete sees it: with -L or -H a symbolic link given as a root is followed (``root/``)."""
    options = argv[1:argv.index(root)] if root in argv else ()
    return root.rstrip("/") + "/" if any(o in ("-L", "-H") for o in options) and root not in (".", "/") else root


def _find(cmd: SimpleCommand, args: tuple[str, ...], branch: str | None, text: str) -> list[Action]:
    from statewise_cli.actions.shell import expand_argv

    roots, pattern = _find_roots(cmd.argv)
    out: list[Action] = []
    runs = False
    i = 0
    while i < len(args):
        if args[i] == "-delete":
            narrowed = pattern if pattern is not None else _clause_pattern(args, i)
            # `-empty` among the tests every deleted entry passes (no `-o`, `,` or negation before the action): only
            # empty files and directories go, no content is lost — a delete of the root itself, not of a tree
            empty = "-empty" in args[:i] and not any(a in ("-o", "-or", ",", "!", "-not", "(") for a in args[:i])
            out.extend(Action(tool="Bash", operation="file.delete", risk="destructive", target=_followed(root, cmd.argv),
                              arguments=args, flags=frozenset({"empty"} if empty else {"recursive"}), text=text,
                              pattern=narrowed) for root in roots)
        elif args[i] in ("-exec", "-execdir", "-ok", "-okdir"):
            j = i + 1
            while j < len(args) and args[j] != ";" and not (args[j] == "+" and args[j - 1] == "{}"):
                j += 1
            inner = args[i + 1:j]
            runs = True
            if inner:
                for root in roots:
                    argv = tuple(root if a == "{}" else a.replace("{}", root) for a in inner)
                    # the command is unwrapped as on a command line (`-exec sudo rm`, `-exec sh -c '…'`)
                    for sub in expand_argv(argv, cmd.wrappers + ("find",), cmd.cwd):
                        for action in _command(sub, branch, text):
                            if action.operation == "file.delete" and action.target == root:
                                # every file find visits under ROOT is deleted: a recursive delete of ROOT,
                                # limited to the name find matches
                                action = action.replace(risk="destructive", flags=action.flags | {"recursive"},
                                                        pattern=pattern, target=_followed(root, cmd.argv))
                            elif action.operation.startswith("file.") and action.target == root:
                                # any other change of `{}` reaches every file find visits under ROOT (`-exec truncate
                                # -s 0 {} +`): the files there with the name find matches
                                action = action.replace(flags=action.flags | {"tree"}, pattern=pattern)
                            elif action.operation == "shell.script" and action.target == root and not (
                                    action.flags & {"named", "operand-file"}) and not unknown(root):
                                # `-exec sh {} \;`, `-execdir bash {} +`: each file find visits under ROOT with the
                                # name it matches is run as a script, read from disk like one named on a command line
                                # (the root itself too, as before: a file given as the root, or written on this
                                # line, is what runs — the files on disk under it are read besides)
                                out.append(action)
                                name = pattern if pattern and "/" not in pattern else "*"
                                action = action.replace(target=root.rstrip("/") + "/" + name,
                                                        flags=action.flags | {"visits"})
                            out.append(action)
            i = j
        elif args[i] in ("-fprint", "-fprint0", "-fprintf", "-fls") and i + 1 < len(args):
            out.append(Action(tool="Bash", operation="file.write", risk="local-mutation", target=args[i + 1],
                              arguments=args, text=text))
            i += 1
        elif args[i] in _FIND_VALUE:
            i += 1  # the value of a test (`-name -delete` names a file called "-delete")
        i += 1
    search = _search("find", args)
    main = Action(tool="Bash", operation="shell.find", risk="local-mutation" if runs else "read-only", arguments=args,
                  text=text, **search)
    return [main] + out + _file_actions(cmd, "find", args, text)


_CONTAINER_VALUE = {"-v", "--volume", "--mount", "-e", "--env", "--env-file", "-w", "--workdir", "-p", "--publish",
                    "--name", "--network", "--net", "-u", "--user", "--entrypoint", "-l", "--label", "--platform",
                    "--cpus", "-m", "--memory", "--device", "--add-host", "--hostname", "-h", "--restart", "--pull",
                    "--ulimit", "--security-opt", "--cap-add", "--cap-drop", "--tmpfs", "--gpus", "--shm-size",
                    "--log-driver", "--log-opt", "--ipc", "--pid", "--dns", "--expose", "--link", "--volumes-from",
                    "--cidfile", "--runtime", "--stop-signal", "--stop-timeout", "-a", "--attach", "--group-add",
                    "--userns", "--uts", "--sysctl", "--cgroupns", "--health-cmd", "--ip", "--mac-address"}


def _volume_device(args: tuple[str, ...], text: str) -> list[Action]:
    """``docker volume create --opt device=PATH [--opt o=bind]``: a volume that is a host directory; every container
    that mounts it writes there, so creating it is a write of PATH, as a bind mount of PATH (``-v PATH:…``) is."""
    out = [Action(tool="Bash", operation="shell.docker", risk="local-mutation", arguments=args, text=text)]
    values: list[str] = []
    for i, a in enumerate(args):
        if a in ("-o", "--opt") and i + 1 < len(args):
            values.append(args[i + 1])
        elif a.startswith(("--opt=", "-o")) and len(a) > 2:
            values.append(a.partition("=")[2] if a.startswith("--opt=") else a[2:])
    for value in values:
        key, _, device = value.partition("=")
        if key == "device" and device[:1] in "/.~$":
            out.append(_write(os.path.expanduser(device) if device.startswith("~") else device, args, text))
    return out


def _container_run(cmd: SimpleCommand, name: str, args: tuple[str, ...], branch: str | None, text: str) -> list[Action]:
    """``docker run -v SRC:DST …``: a bind mount lets the container write SRC (unless read-only), so SRC is written;
    the command it runs is judged for what does not depend on the container's paths (a push, statewise's own)."""
    from statewise_cli.actions.shell import expand_argv

    out = [Action(tool="Bash", operation=f"shell.{name}", risk="local-mutation", arguments=args, text=text)]
    mounts: list[tuple[str, str]] = []  # (target in the container, source on the host) of writable bind mounts
    workdir = ""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        opt, eq, value = args[i].partition("=")
        if opt in _CONTAINER_VALUE and not eq:
            value = args[i + 1] if i + 1 < len(args) else ""
            i += 1
        source, read_only = "", False
        if opt in ("-v", "--volume"):
            parts = value.split(":")
            source, read_only = (parts[0] if len(parts) > 1 else ""), any(o in ("ro", "readonly") for o in
                                                                           (parts[2].split(",") if len(parts) > 2 else ()))
        elif opt == "--mount":
            fields = dict(f.partition("=")[::2] for f in value.split(","))
            source = fields.get("source") or fields.get("src") or "" if fields.get("type", "volume") == "bind" else ""
            read_only = "readonly" in fields or "ro" in fields or fields.get("readonly") in ("true", "1")
        if source and source[:1] in "/.~$" and not read_only:
            source = os.path.expanduser(source) if source.startswith("~") else source
            out.append(_write(source, args, text))
            target = (value.split(":")[1] if opt in ("-v", "--volume") and len(value.split(":")) > 1 else
                      dict(f.partition("=")[::2] for f in value.split(",")).get("target")
                      or dict(f.partition("=")[::2] for f in value.split(",")).get("dst") or "")
            if target.startswith("/"):
                mounts.append((target.rstrip("/") or "/", source))
        if opt in ("-w", "--workdir"):
            workdir = value
        i += 1
    inner = args[i + 1:]  # after the image
    image = args[i].rsplit("/", 1)[-1].partition(":")[0].partition("@")[0] if i < len(args) else ""
    if image == "git" and (not inner or inner[0] != "git"):
        inner = ("git", *inner)  # git's images run git itself: their arguments are git's
    if inner and mounts:
        # the container writes the host directories mounted into it: its command is judged on the host, its paths
        # under a mount's target mapped to the mount's source (where it runs too, when that is under a mount)
        def host(word: str) -> str:
            for target, source in sorted(mounts, key=lambda m: -len(m[0])):
                if word == target or word.startswith(target.rstrip("/") + "/"):
                    return source.rstrip("/") + word[len(target.rstrip("/")):]
            return word

        where = host(workdir) if workdir and host(workdir) != workdir else ("$CONTAINER_DIR" if workdir else host("/"))
        if where == "/":
            where = "$CONTAINER_DIR"  # the container's own directory: relative paths are not the host's
        for sub in expand_argv(tuple(host(w) for w in inner), cmd.wrappers + (name,), where):
            out.extend(a.replace(cwd=a.cwd or where) for a in _command(sub, branch, text))
    elif inner:
        for sub in expand_argv(inner, cmd.wrappers + (name,), cmd.cwd):
            out.extend(a for a in _command(sub, branch, text) if a.operation in ("git.push", "statewise.mutate"))
    return out


def _command_actions(cmd: SimpleCommand, branch: str | None, text: str) -> list[Action]:
    if not cmd.argv:
        return _file_actions(cmd, "", (), text) or [Action(tool="Bash", operation="shell.redirect", risk="read-only", text=text)]
    if "=" in cmd.argv[0] and len(cmd.argv) > 1 and "/" not in cmd.argv[0].partition("=")[0]:
        # `1A=2 git …`: no assignment to the shell (the name is no identifier), so it runs a program named
        # `1A=2`, which no system has — a typo or a disguise: what follows is judged as the command
        return _command_actions(cmd.replace(argv=cmd.argv[1:]), branch, text)
    base = cmd.argv[0].rsplit("/", 1)[-1]
    if (unknown(cmd.argv[0]) and "/" in cmd.argv[0] and base and all(c.isalnum() or c in "-_.+" for c in base)
            and not any(m in cmd.argv[0] for m in ("$(", "`", "__SUBST__", "${STDIN}"))):
        # `$VIRTUAL_ENV/bin/python`, `$HOME/.local/bin/black`: the directory is unknown, the program is not
        return _command_actions(cmd.replace(argv=(base, *cmd.argv[1:])), branch, text)
    for exec_path in ("$(git --exec-path)/git-", "`git --exec-path`/git-"):
        if cmd.argv[0].startswith(exec_path) and cmd.argv[0][len(exec_path):].replace("-", "").isalnum():
            # git's own programs in git's exec path (`"$(git --exec-path)/git-push" …`) are git's subcommands
            return _command_actions(cmd.replace(argv=("git", cmd.argv[0][len(exec_path):], *cmd.argv[1:])), branch, text)
    if unknown(cmd.argv[0]):
        # A program only the running shell names may be any program: it gets the protected answer.
        return [_inline("a command", " ".join(cmd.argv), text, f"the command `{cmd.argv[0]}` is expanded by the shell",
                        suspects=EVERYTHING)]
    name = cmd.argv[0].rsplit("/", 1)[-1]
    args = cmd.argv[1:]
    if name == "git":
        return _git(cmd, branch, text)
    if name == "find":
        return _find(cmd, args, branch, text)
    if name in ("docker", "podman", "nerdctl") and args[:1] in (("run",), ("create",)):
        return _container_run(cmd, name, args[1:], branch, text)
    if name in ("docker", "podman", "nerdctl") and args[:2] == ("volume", "create"):
        return _volume_device(args[2:], text)
    if name in ("node", "nodejs", "bun") or name.startswith("python"):
        script = next((a for a in args if not a.startswith("-")), "")
        parts = set(script.replace("/", " ").replace("-", " ").replace("$(", " ").replace(")", " ").replace('"', " ")
                    .replace("_", " ").replace("${", " ").replace("$", " ").replace("}", " ").split())  # `$npm_execpath`
        manager = next((m for m in ("npm", "pnpm", "yarn", "pip", "pip3", "poetry", "pdm", "uv") if m in parts), None)
        if manager and not _inline_code(cmd, name, args):
            # a package manager run through its interpreter (`node $(readlink -f $(command -v npm)) install`,
            # `node …/npm/bin/npm-cli.js i x`) is that package manager
            return _command_actions(cmd.replace(argv=(manager, *args[args.index(script) + 1:])), branch, text)
    if name.startswith("python") and args[:2] == ("-m", "pip"):
        return _command_actions(cmd.replace(argv=("pip", *args[2:])), branch, text)
    if name in ("awk", "gawk", "mawk", "nawk", "busybox-awk"):
        exec_args = _awk_exec_option(args)
        if exec_args is not None:
            args = exec_args
            cmd = cmd.replace(argv=(cmd.argv[0], *args))
    if name in ("awk", "gawk", "mawk", "nawk", "busybox-awk", "sed") and any(
            a in ("-f", "--file") or a.startswith("--file=") or (name != "sed" and a.startswith("-f"))
            for a in (args if name == "sed" else args[:_awk_options_end(args)])):
        # a program file (`awk -f prog.awk`, `sed -f script.sed`) is read as the program it is (awk's options end
        # at its first operand: a `-f` after the program is a word of ARGV)
        from statewise_cli.actions.hidden import inline_program_files

        end = len(args) if name == "sed" else _awk_options_end(args)
        fed = cmd.heredocs[0] if len(cmd.heredocs) == 1 and not cmd.stdin and not any(
            op.startswith("<") and not op.startswith("<<") or op == "<<<" for op, _ in cmd.redirects) else None
        programs = [args[k + 1] for k, a in enumerate(args[:end]) if a in ("-f", "--file") and k + 1 < end]
        if fed is None and len(programs) == 1 and not unknown(programs[0]) and not unknown(cmd.cwd) and name != "sed":
            # a program file this line wrote before (`printf '…' > /tmp/p.awk && awk -f /tmp/p.awk`): its text is
            # the line's own, not yet on disk
            full = os.path.normpath(os.path.expanduser(programs[0]) if programs[0].startswith(("/", "~")) or not cmd.cwd
                                    else os.path.join(cmd.cwd, programs[0]))
            line_text = _LINE_TEXTS.get(full) if full in _LINE_TEXTS else None
            if line_text is not None:
                k = args.index(programs[0])
                args, fed = (*args[:k], "/dev/stdin", *args[k + 1:]), line_text
        inlined = inline_program_files(name, args[:end], cmd.cwd if not unknown(cmd.cwd) else ".", fed)
        inlined = None if inlined is None else inlined + args[end:]
        if inlined is None:
            return [_inline(name, "", text, f"{name} runs a program file the check cannot read")] + _file_actions(
                cmd, name, args, text)
        args = inlined
        cmd = cmd.replace(argv=(cmd.argv[0], *args))
    code = _inline_code(cmd, name, args)
    if code is None and name in ("awk", "gawk", "mawk", "nawk", "busybox-awk"):
        code = _awk_code(args)
        awk_written = _awk_writes(args)
        if awk_written:  # `print … > "file"`: awk writes the file itself
            printed = {path: _awk_printed(args, path) for path in awk_written if path[:1] != "$"}
            return [_write(path, args, text).replace(unknown="" if path[:1] != "$" else "awk computes the file name")
                    if not printed.get(path) else _write(path, args, text).replace(
                        kind="edit", body="".join(f"+{ln}\n" for ln in (printed[path] or "").splitlines()))
                    for path in awk_written] + _file_actions(cmd, name, args, text) + (
                       [_inline(name, code, text)] if code is not None else [])
    if code is not None and name in ("awk", "gawk", "mawk", "nawk", "busybox-awk"):
        ran = _awk_begin(cmd, name, args, branch, text)
        if ran is not None:
            return [_inline(name, code, text, suspects=set())] + _file_actions(cmd, name, args, text) + ran
    if code is None and name == "sed":
        code = _sed_exec(args)
        if code == "":
            return [_inline("sed", "", text, "sed runs its pattern space as a command")] + _file_actions(cmd, name, args, text)
    if code == "" and cmd.stdin and (name in _INTERPRETERS or name.startswith(("python", "pypy"))):
        from statewise_cli.actions.shell import _stdin_text

        if _stdin_text(cmd.stdin) is None:  # `… | python3`: the program comes from a pipe nobody can read
            return [_inline(name, "", text, f"{name} runs code piped in from `{cmd.stdin[0]}`, which the check cannot read")] + \
                _file_actions(cmd, name, args, text)
    if code and _COMPUTED_SHELL.search(code) and not _decoded_exec(code):
        # inline code that hands a shell a command it builds at run time (`system(join "", map { chr } …)`,
        # `os.system(cmd)`): what runs is not on the command line
        return [_inline(name, code, text, f"{name} runs a command it computes at run time", suspects=EVERYTHING)] + \
            _file_actions(cmd, name, args, text)
    if code and _decoded_exec(code):
        # code that decodes text and runs it (`exec(bytes.fromhex(…))`, `eval(Buffer.from(…, 'base64'))`,
        # `eval pack("H*", …)`): what it runs is not on the command line
        return [_inline(name, code, text, f"{name} runs code it decodes at run time", suspects=EVERYTHING)] + _file_actions(
            cmd, name, args, text)
    own = _statewise_in_text(code, text) if code else []
    if code and not own and "statewise_cli" in code:
        own = _statewise_entry(code, args[args.index(code) + 1:] if code in args else (), text)
    if code is not None and ("process.argv[" in code or "sys.argv[" in code) and code in args and \
            _PATH_CHANGE_CALL.search(code):
        code = _own_arguments(code, args[args.index(code) + 1:])  # the words the line gives the code, as literals
    if code is not None and ("curdir" in code or "path.join" in code or "path').resolve" in code or
                             'path").resolve' in code or "path.resolve" in code or "mkdtemp(" in code):
        code = _fold_literal_joins(code)  # `os.path.join(os.curdir, 'build')` names the literal './build'
    if code is not None and name not in ("awk", "gawk", "mawk", "nawk", "sed") and _literal_deletes_only(code):
        # the code's only recursive deletes name their directory as a whole literal (`shutil.rmtree('build')`,
        # `fs.rmSync('dist', {recursive: true})`): each is judged by its target like `rm -r DIR`
        return own + _file_actions(cmd, name, args, text) + code_file_actions(code, args, text, computed=True)
    if (code is not None and screen(code) and name not in ("awk", "gawk", "mawk", "nawk", "busybox-awk", "sed")
            and (name in _INTERPRETERS or name.startswith(("python", "pypy"))) and not screen(_unjudged(code))):
        # every word that made the screen suspect the code sits in a literal command line the code hands to a shell
        # or prints into one (`system("git push origin topic")`, `print $sh "git stash list\n"`); those commands are
        # judged as the commands they are (`_command_actions`), so the code is judged like code whose words say
        # nothing: a suspect word left anywhere else keeps the protected answer
        code_suspect = False
    else:
        code_suspect = code is not None and bool(screen(code))
    if code is not None and (code_suspect or name in ("awk", "gawk", "mawk", "nawk", "sed")):
        shown: list[Action] = []
        if name in ("awk", "gawk", "mawk", "nawk", "busybox-awk", "sed"):
            # the commands the program hands the shell, judged as commands too (`system("echo x >> ~/.profile")`, sed's
            # `e npm install`): the keyword screen alone does not see where they write or which manager they run
            from statewise_cli.actions.hidden import awk_pipe_commands

            for line in ([code] if name == "sed" else shell_calls(code) + awk_pipe_commands(code))[:16]:
                shown += [b.replace(cwd=b.cwd or cmd.cwd, text=text) for b in normalize_shell(line, branch, _depth=2)]
        return own + [_inline(name, code, text)] + _file_actions(cmd, name, args, text) + shown
    if own:
        return own + _file_actions(cmd, name, args, text)
    files = _file_actions(cmd, name, args, text)
    if code is not None:
        files = files + code_file_actions(code, args, text, computed=True) + _literal_command_actions(code, cmd, branch,
                                                                                                     text)
    if code is not None and name.startswith("python"):
        wrote = code_writes(code)
        if wrote:  # inline Python that opens project files for writing is an edit of those files
            return [Action(tool="Bash", operation="shell.inline-edit", risk="local-mutation", target=path, text=text,
                           kind="edit", paths=(path,), body="\n".join("+" + ln for ln in code.splitlines()))
                    for path in wrote] + files
    if code is None and (name.startswith(("python", "pypy")) or name in ("bash", "sh", "node")):
        for arg in args:
            role = None if arg.startswith("-") else helper_script(arg) or ("script" if _top_level_script(arg) else None)
            if role is not None:
                return [Action(tool="Bash", operation="run.script", risk="local-mutation", target=arg, arguments=args,
                               text=text, flags=frozenset({role}))] + files
    program = _program_operands(name, args) if code is None else ()
    for arg in program:  # `go run repro.go`, `npx tsx repro.ts`, `deno run /tmp/x.ts`: the agent's own program
        role = helper_script(arg)
        if role is not None:
            return [Action(tool="Bash", operation="run.script", risk="local-mutation", target=arg, arguments=args,
                           text=text, flags=frozenset({role}))] + files
    if code is None and name.endswith(_SCRIPT_EXT) and "/" not in cmd.argv[0].removeprefix("./"):
        role = helper_script(cmd.argv[0])  # `./run_tests.sh`: a top-level helper script run directly
        if role is not None:
            return [Action(tool="Bash", operation="run.script", risk="local-mutation", target=cmd.argv[0], arguments=args,
                           text=text, flags=frozenset({role}))] + files
    if name in _JVM_BUILDS:
        from statewise_cli.actions.commands import command_kind

        if command_kind(" ".join(cmd.argv)) == "test":
            return [Action(tool="Bash", operation=f"shell.{name}", risk="local-mutation", arguments=args, text=text,
                           kind="test")] + files
    if name in _JVM_TOOLS:
        run = _jvm_run(name, args, text)
        if run is not None:  # the program's own action stays (premises read ``shell.java``)
            return [Action(tool="Bash", operation=f"shell.{name}", risk="local-mutation", arguments=args, text=text),
                    run] + files
    invoked = statewise_argv(cmd.argv)
    if invoked is not None:
        return _statewise(invoked, text) + files
    if name in _FILE_WRITES or (name == "sed" and files):
        return files or [Action(tool="Bash", operation=f"shell.{name}", risk="local-mutation", arguments=args, text=text)]
    if name in _INSTALLERS:  # `npm --prefix DIR …`, `pip install --target DIR`: the manager writes under DIR
        for j, a in enumerate(args):
            opt, eq, value = a.partition("=")
            if opt in _PM_ELSEWHERE.get(name, _PM_ELSEWHERE["npm"]):
                where = value if eq else (args[j + 1] if j + 1 < len(args) else "")
                if where:
                    files = files + [_write(where, args, text)]
    sub, rest = _manager_subcommand(name, args) if name in _INSTALLERS or name in _MANAGERS else (None, ())
    if sub is not None and (name, sub) in _PUBLISH:
        return [Action(tool="Bash", operation=f"{name}.{sub}", risk="remote", arguments=args, text=text,
                       kind="publish")] + files
    if name in _INSTALLERS and sub is not None and (unknown(sub) or sub == STDIN_WORD):
        # a subcommand only the running shell knows (`npm "$X"`, `xargs -a FILE npm`): it may be an install
        return [Action(tool="Bash", operation="pkg.install", risk="local-mutation", target=name, arguments=args, text=text,
                       kind="install", unknown=f"`{name}`'s subcommand `{sub}` is known only when the command runs")] + files
    if (name in _INSTALLERS and (sub is None and name in ("yarn", "pnpm", "bun") or sub in _INSTALLERS[name])
            and not (name == "uv" and sub == "pip" and rest[:1] in (("list",), ("show",), ("freeze",)))):
        if _help_request(args):
            # `--help`/`-h` among the manager's own words: it prints the subcommand's usage (a misspelt subcommand
            # its suggestions) and changes nothing, whatever the subcommand
            return [Action(tool="Bash", operation=f"shell.{name}", risk="read-only", arguments=args, text=text,
                           flags=frozenset({"help"}))] + files
        if _manager_dry_run(name, args, () if cmd.wrappers else cmd.assigns):
            # the manager's documented dry run reports what it would do and changes nothing (no lockfile, no
            # node_modules, no lifecycle script): no install, whichever manager the project uses
            return [Action(tool="Bash", operation=f"shell.{name}", risk="read-only", arguments=args, text=text,
                           flags=frozenset({"dry-run"}))] + files
        return [Action(tool="Bash", operation="pkg.install", risk="local-mutation", target=name, arguments=args, text=text,
                       kind="install")] + files
    if name in ("nvm", "fnm") and args[:1] == ("use",) and len(args) > 1:
        return [Action(tool="Bash", operation="runtime.node", risk="local-mutation", target=args[1].lstrip("v"), arguments=args, text=text)]
    if name.startswith("python") and name[6:].replace(".", "").isdigit() and "." in name[6:]:
        return [Action(tool="Bash", operation="runtime.python", risk="local-mutation", target=name[6:], arguments=args, text=text)] + files
    if name == "runtests.py" or cmd.argv[0].removeprefix("./") == "bin/test":  # django's and sympy's runners
        return [Action(tool="Bash", operation="run.test", risk="local-mutation", target=" ".join(cmd.argv),
                       arguments=args, text=text, kind="test")] + files
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
    elif name == "patch" and not any(a in ("--dry-run", "-C", "--check") for a in args) and (
            (by_patch := _patch_program(cmd, args, text)) is not None):
        return by_patch + files
    elif name == "patch" and not any(a in ("--dry-run", "-C", "--check") for a in args):
        patch_file = next((args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-i", "--input")), None)
        operands = [a for a in _operands(args, {"-i", "--input", "-p", "--strip", "-o", "--output", "-d", "-D", "-r", "-z", "-V", "-B", "-Y"})
                    if a != patch_file]
        what = _diff_edit(cmd, operands[:1], _patch_strip(args))
        if cmd.stdin and patch_file is None and not cmd.heredocs and not any(op in ("<", "<<<") for op, _ in cmd.redirects):
            # `git diff | patch -R -p1`: a piped patch names files the check cannot read; it may undo uncommitted work
            return [Action(tool="Bash", operation="shell.patch", risk="local-mutation", arguments=args, text=text, **what),
                    _inline("patch", "", text, "patch edits the files a piped patch names, which the check cannot read",
                            suspects=frozenset({"discard"}))] + files
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
        if _git_code_file(change.move_to or change.path):
            added_text = "\n".join(ln[1:] for ln in change.lines if ln[:1] == "+")
            written_to = actions[-1].replace(target=change.move_to or change.path)
            shown = actions[-1].text or ""
            actions.extend(x.replace(tool=tool) for x in _hook_code(written_to, added_text, shown))
            actions.extend(x.replace(tool=tool) for x in _config_code_written(written_to, added_text, shown, None))
        if change.move_to:
            actions.append(Action(tool=tool, operation="file.move", risk="local-mutation", target=change.path,
                                  arguments=(change.path, change.move_to), text=f"apply_patch move {change.path} -> {change.move_to}",
                                  kind="edit", paths=(change.move_to,), body="\n".join(change.lines)))
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
    action = Action(tool=tool, operation=op, risk="local-mutation", target=target, text=f"{tool} {target}", kind="edit",
                    paths=(target,) if target else (), lines=lines, body=body)
    if target and _git_code_file(target):
        return [action, *(x.replace(tool=tool) for x in _hook_code(action, _script_text(action), action.text)),
                *(x.replace(tool=tool) for x in _config_code_written(action, _script_text(action), action.text, None))]
    if target and _configuration_place(target) and tool == "Write":
        return [action] + _configuration_written(action, str(tool_input.get("content", "")), tool)
    return [action]


def _configuration_place(path: str) -> bool:
    """A file a tool reads as configuration by where it is: in a ``conf.d``-style directory (``NAME.d/``), or a
    dotfile that is no data file git or an editor keeps (``.gitignore``, ``.editorconfig``): the commands it names run
    when the tool does."""
    parts = path.replace("\\", "/").split("/")
    parent = parts[-2] if len(parts) > 1 else ""
    base = parts[-1]
    if parent.endswith(".d") and len(parent) > 2:
        return True
    return base.startswith(".") and len(base) > 1 and base not in _DATA_DOTFILES and not base.endswith(_PROSE_EXTS)


_DATA_DOTFILES = frozenset({".gitignore", ".gitkeep", ".dockerignore", ".editorconfig", ".prettierrc", ".eslintignore",
                            ".prettierignore", ".npmignore", ".nvmrc", ".python-version", ".node-version",
                            ".tool-versions", ".gitattributes", ".mailmap", ".keep"})
_PROSE_EXTS = (".md", ".txt", ".rst", ".json")


def _configuration_written(action: Action, content: str, tool: str) -> list[Action]:
    """What a configuration file written by a file tool names: its commands (and, in a ``NAME.d/`` directory, the
    paths outside the repository or on a guard file it names), judged as the tool that reads it would run them."""
    if not content.strip() or len(content) > 200_000:
        return []
    parent = (action.target or "").replace("\\", "/").rsplit("/", 2)
    in_dir = len(parent) > 2 and parent[-2].endswith(".d")
    return [a.replace(tool=tool) for a in operand_file_actions(content, action.target or "", action.text, None,
                                                                written=in_dir)]


def _text_written(cmd: SimpleCommand, options_ended: bool = False, decode: bool = False) -> str | None:
    """The text a command writes to its redirection, when the command line shows it: ``echo``/``printf`` of
    literal words, ``cat``/``tee`` of a here-document or here-string; None when it cannot be known. ``decode``: the
    backslash escapes ``printf`` and ``echo -e`` expand are written out as the characters they make (a word an escape
    the model does not compute is in leaves the text unknown)."""
    name = cmd.argv[0].rsplit("/", 1)[-1] if cmd.argv else ""
    if decode and name in ("printf", "echo") and any("\\" in w for w in cmd.argv[1:]):
        if any(unknown(w) for w in cmd.argv[1:]):
            return None
        import re

        from statewise_cli.actions.fold import run

        fmt = next((w for w in cmd.argv[1:] if w != "--"), "") if name == "printf" else ""
        escaping = name == "printf" and not re.search(r"%[^sb%]", fmt.replace("%%", ""))
        for w in cmd.argv[1:]:
            if not (len(w) > 1 and w[0] == "-" and set(w[1:]) <= set("neE")):
                break  # echo's options end at its first other word
            escaping = "e" in w if ("e" in w or "E" in w) else escaping
        if escaping:
            return run(["printf" if name == "printf" else "echo", *cmd.argv[1:]], None)
    if name in ("cat", "tee", "") and (cmd.heredocs or any(op == "<<<" for op, _ in cmd.redirects)):
        return "\n".join(list(cmd.heredocs) + [t for op, t in cmd.redirects if op == "<<<"])
    words = [a for a in cmd.argv[1:]]
    if name == "echo":
        while words and words[0] in ("-e", "-n", "-E", "-ne", "-en"):
            words = words[1:]
        return " ".join(words).replace("\\n", "\n")  # `sh`'s echo turns \n into a newline: read both ways
    if name == "printf" and words[:1] == ["--"]:
        words, options_ended = words[1:], True  # `printf -- FORMAT`: the format may start with a dash
    if name == "printf" and words and (options_ended or not words[0].startswith("-")) and "%" in words[0]:
        from statewise_cli.actions.shell import _printf

        rendered = _printf(words[0].replace("\\n", "\n").replace("\\t", "\t"), tuple(words[1:]))
        if rendered is not None:
            return rendered  # the format filled with its arguments, as printf writes it
    if name == "printf" and words and (options_ended or not words[0].startswith("-")):
        # printf's format turns \n and \t into a newline and a tab
        return (words[0] + ("\n" + "\n".join(words[1:]) if "%" in words[0] else "")).replace("\\n", "\n").replace("\\t", "\t")
    return None


_NATIVE_COMPILERS = frozenset({"gcc", "cc", "clang", "g++", "c++", "clang++", "tcc", "rustc", "gfortran", "zig", "nim", "swiftc",
                               "ghc", "ocamlfind", "ocamlopt", "fpc", "gccgo", "dmd", "ldc2", "x86_64-linux-gnu-gcc"})
_COMPILED_SOURCES = (".c", ".cc", ".cpp", ".cxx", ".c++", ".m", ".rs", ".go", ".f90", ".f", ".zig", ".nim", ".swift",
                     ".hs", ".ml", ".pas", ".d", ".s", ".S")


def _compiled_runs(actions: list[Action], compiled: dict[str, list[str]], written: dict[str, str | None],
                   branch: str | None, depth: int) -> list[Action]:
    """A binary compiled on this line and then run: its sources are read like program files (from the line that
    wrote them, else from disk by the check)."""
    import os

    out: list[Action] = []
    for a in actions:
        key = os.path.normpath(os.path.join(a.cwd, a.target or ""))
        if a.operation != "shell.script" or key not in compiled:
            out.append(a)
            continue
        out.append(a.replace(flags=a.flags | {"read"}))
        for src in compiled[key]:
            body = written.get(src)
            if body is None:
                out.append(Action(tool="Bash", operation="shell.script", risk="read-only", target=src, arguments=(),
                                  flags=frozenset({"code"}), text=a.text))
                continue
            inner = code_file_actions(body, (), a.text)
            for shown in shell_calls(body):
                inner += normalize_shell(shown, branch, _depth=depth + 1)
            out.extend(b.replace(text=a.text) for b in inner)
    return out


def _link_to(cmd: SimpleCommand) -> tuple[str, str] | None:
    """``ln [-s] [-f] TARGET LINK`` with both words known: (TARGET, LINK), else None."""
    args = list(cmd.argv[1:])
    opts = [a for a in args if a.startswith("-")]
    operands = [a for a in args if not a.startswith("-")]
    if len(operands) != 2 or any(unknown(a) for a in operands) or any(
            o.startswith("--") and o not in ("--symbolic", "--force", "--no-dereference") or
            not o.startswith("--") and any(c not in "sfnv" for c in o[1:]) for o in opts):
        return None
    return operands[0], operands[1]


_LINK_HOPS = 40  # the kernel's own limit on the links one lookup follows


def _through_line_links(actions: list[Action], linked: dict[str, str]) -> list[Action]:
    """Writes and deletes through links the line itself makes (``ln -s ../x l0 && ln -s l0 l1 && rm -rf l1/``): the
    path is followed through each link to where it lands, as the kernel will; a chain longer than the kernel follows,
    or a loop, is a lookup the check cannot finish (the protected answer). Deleting a link itself (no trailing ``/``,
    nothing after it) deletes only the link."""
    import os

    out: list[Action] = []
    for a in actions:
        target = a.target or ""
        if not (a.operation.startswith("file.") and target and not unknown(target)):
            out.append(a)
            continue
        path = os.path.normpath(os.path.join(a.cwd, target))
        if path in linked and linked[path] in (a.arguments or ()):
            out.append(a)  # the `ln` that makes the link writes the link itself
            continue
        follows_last = a.operation != "file.delete" or target.endswith("/")
        hops = 0
        while hops <= _LINK_HOPS:
            hit = next((k for k in linked if path.startswith(k + "/") or (path == k and follows_last)), None)
            if hit is None:
                break
            landed = linked[hit] if linked[hit].startswith("/") else os.path.join(os.path.dirname(hit), linked[hit])
            path = os.path.normpath(landed + path[len(hit):])
            hops += 1
        if hops > _LINK_HOPS:
            out.append(a.replace(target="$(link-chain)", unknown=f"`{target}` is reached through a chain of links made "
                                 "on this command line that is too long to follow, or a loop"))
        elif hops:
            out.append(a.replace(target=path + ("/" if target.endswith("/") else ""), cwd=""))
        else:
            out.append(a)
    return out


def _linked_runs(actions: list[Action], linked: dict[str, str], branch: str | None, depth: int) -> list[Action]:
    """A link made on the line to a program (``ln -s "$(command -v git)" /tmp/bin/vcs && /tmp/bin/vcs …``) and then
    run runs that program: the command is judged as the target run with the same arguments. A bare target name is
    judged both as the program of that name and as the file next to the link."""
    import os
    import shlex

    out: list[Action] = []
    for a in actions:
        key = os.path.normpath(os.path.join(a.cwd, a.target or ""))
        if a.operation != "shell.script" or key not in linked or depth >= 2:
            out.append(a)
            continue
        target = linked[key]
        programs = [target] if os.path.isabs(target) else [os.path.normpath(os.path.join(os.path.dirname(key), target))]
        if "/" not in target:
            programs.insert(0, target)
        out.append(a.replace(flags=a.flags | {"read"}))
        for program in programs:
            inner = normalize_shell(shlex.join([program, *a.arguments]), branch, _depth=depth + 1)
            out.extend(b.replace(cwd=b.cwd or a.cwd, text=a.text) for b in inner)
    return out


def _scripts_on_the_line(commands: list[SimpleCommand], actions: list[Action], branch: str | None, depth: int) -> list[Action]:
    """A script written earlier on the same command line and then run (``echo 'git push …' > p.sh && sh p.sh``):
    its text, when the line shows it, is judged as the command it is; text the line does not show is code the
    check cannot follow."""
    import os

    written: dict[str, str | None] = {}
    compiled: dict[str, list[str]] = {}
    linked: dict[str, str] = {}
    for cmd in commands:
        for path in _redirect_writes(cmd):
            written[os.path.normpath(os.path.join(cmd.cwd, path))] = _text_written(cmd, decode=True)
        name = cmd.argv[0].rsplit("/", 1)[-1] if cmd.argv else ""
        if name == "tee":
            for path in _paths(cmd.argv[1:]):
                written[os.path.normpath(os.path.join(cmd.cwd, path))] = _text_written(cmd, decode=True)
        elif name == "ln" and _link_to(cmd) is not None:
            target, link = _link_to(cmd) or ("", "")
            linked[os.path.normpath(os.path.join(cmd.cwd, link))] = target
        elif name in ("cp", "mv", "curl", "wget", "dd", "install", "ln", "base64", "xxd", "openssl", "tar", "unzip"):
            for a in _file_actions(cmd, name, cmd.argv[1:], ""):
                if a.operation == "file.write" and a.target:
                    written[os.path.normpath(os.path.join(cmd.cwd, a.target))] = None
        elif name in _NATIVE_COMPILERS or (name == "go" and cmd.argv[1:2] == ("build",)):
            # a program compiled on the line and then run is what its sources say
            args = cmd.argv[2:] if name == "go" else cmd.argv[1:]
            outputs = _option_values(args, ("-o",))
            sources = [a for a in _operands(args, {"-o", "-I", "-L", "-l", "-D", "-U", "-x", "-include", "-std", "--target",
                                                   "-target", "--edition", "--crate-name", "--crate-type", "-C", "-ldflags",
                                                   "-tags", "-gcflags"})
                       if a.endswith(_COMPILED_SOURCES) and not unknown(a)]
            if "-" in args and name != "go":
                # `… | cc -x c -o x -` compiles its standard input: the text the line feeds it is a source (a feed the
                # line does not show is code the check cannot follow, read as a source it cannot find)
                fed = "\n".join(_fed_text(cmd))
                key = f"/dev/stdin#{len(written)}"
                written[key] = fed or None
                sources.append(key)
            for out_path in outputs[-1:] or (["a.out"] if name != "go" else []):
                compiled[os.path.normpath(os.path.join(cmd.cwd, out_path))] = [
                    os.path.normpath(os.path.join(cmd.cwd, src)) for src in sources]
    if compiled:
        actions = _compiled_runs(actions, compiled, written, branch, depth)
    if linked:
        actions = _through_line_links(actions, linked)
    for link, target in list(linked.items()):
        if os.path.normpath(os.path.join(os.path.dirname(link), target)) in written:
            written[link] = None  # a link to a file written on the line: that text is what runs
            del linked[link]
    if linked:
        actions = _linked_runs(actions, linked, branch, depth)
    if any("gitconfig" in a.flags for a in actions):
        actions = _git_includes(actions, written, branch, depth)
    if not written:
        return actions
    out: list[Action] = []
    for a in actions:
        key = os.path.normpath(os.path.join(a.cwd, a.target or ("Makefile" if "make" in a.flags else "")))
        if "make" in a.flags and not a.target:
            # GNU make reads the first of GNUmakefile, makefile, Makefile it finds
            key = next((k for k in (os.path.normpath(os.path.join(a.cwd, n)) for n in ("GNUmakefile", "makefile"))
                        if k in written), key)
        if a.operation == "shell.script" and "convention" in a.flags and depth < 2:
            # a program nobody modelled run after the line wrote files where it runs: what it finds there by a
            # convention of its own (a dot directory, a rules file, a hook configuration) is not known, so the
            # files the line wrote under its directory are judged like files it is handed
            under = [w for w in written if _under(w, key)][:16]
            out.append(a)
            for w in under:
                body = written[w]
                if body is not None:
                    out.extend(b.replace(cwd=b.cwd or a.cwd) for b in operand_file_actions(
                        body, w, a.text, branch, depth + 1, written=True))
            continue
        if ("code" in a.flags and key not in written and a.arguments[:1] and a.arguments[0].startswith(("python", "pypy"))
                and os.path.join(key, "__main__.py") in written):
            key = os.path.join(key, "__main__.py")  # Python handed a directory runs the `__main__.py` in it
        if a.operation == "shell.script" and a.flags & {"operand-file", "named"} and key not in written and depth < 2:
            # a directory handed to a program nobody modelled — an operand, an option's value or the value of a
            # variable it runs with (a runner of every file in it, a loader of a plugin folder, a home directory
            # whose command folder it runs from: `HOME=d git-shell -c x` runs `d/git-shell-commands/x`): the files
            # the line writes under it are judged like files it is handed
            under = [w for w in written if w.startswith(os.path.join(key, ""))][:16]
            if under:
                # (a named directory is still read from disk for the files the line does not write)
                out.append(a if "named" in a.flags else a.replace(flags=a.flags | {"read"}))
                for w in under:
                    body = written[w]
                    if body is None and "named" in a.flags:
                        continue  # a directory an option or a variable names is not known to be run from: what the
                        # line shows is judged, an unseen text is left to the reading from disk
                    if body is None:
                        out.append(_inline(f"the file {w}", "", a.text, f"`{w}` is written on this command line with "
                                           "text the check cannot see, under a directory a program is handed"))
                        continue
                    out.extend(b.replace(cwd=b.cwd or a.cwd) for b in operand_file_actions(
                        body, w, a.text, branch, depth + 1, written=True))
                continue
        if a.operation != "shell.script" or key not in written or "named" in a.flags:
            out.append(a)  # (a file a command only names is not known to be run: read from disk when it is there)
            continue
        body = written[key]
        if "operand-file" in a.flags:
            # a file the line writes and hands to a program nobody modelled: judged by the text the line shows
            out.append(a.replace(flags=a.flags | {"read"}))
            if body is not None and depth < 2:
                out.extend(b.replace(cwd=b.cwd or a.cwd) for b in operand_file_actions(body, a.target or "", a.text,
                                                                                       branch, depth + 1, written=True))
                out.extend(_settings_programs(body, a, written, branch, depth))
            continue
        if body is None or depth >= 2:
            out.append(a.replace(flags=a.flags | {"read"}))
            out.append(_inline(f"the script {a.target}", "", a.text, f"`{a.target}` is written on this command line "
                               "with text the check cannot see, and then run"))
            continue
        if a.flags & {"code", "task-code"}:
            inner = _code_body_actions(body, a.text, branch, depth,
                                       config_commands(body)[0] if "task-code" in a.flags else [])
        elif "specs" in a.flags:
            inner = _spec_file_runs(body, a, written, branch, depth)
        elif "commands" in a.flags and "make" not in a.flags:
            # a tool's own file (a ninja rule's `command = …`, a task file's `cmd:`): the command strings it holds
            shown_all, run_paths = config_commands(body)
            inner = []
            unread = []
            for path in run_paths:
                # a program the file names that the line itself writes is read as the line shows it
                program = written.get(os.path.normpath(os.path.join(a.cwd, os.path.expanduser(path))))
                if program is None:
                    unread.append(path)
                else:
                    inner += _written_program_actions(program, a.text, branch, depth)
            if unread:
                inner.append(_inline(f"the file {a.target}", "", a.text,
                                     f"`{a.target}` names programs the check cannot read"))
            for shown in shown_all[:64]:
                inner += normalize_shell(shown, branch, _depth=depth + 1)
        else:
            inner = normalize_shell(make_commands(body, a.arguments) if "make" in a.flags else body, branch,
                                    _depth=depth + 1)
        out.append(a.replace(body=body, flags=a.flags | {"read"}))
        out.extend(b.replace(cwd=os.path.join(a.cwd, b.cwd) if a.cwd and not b.cwd.startswith("/") else b.cwd or a.cwd,
                             text=a.text) for b in inner)
    return out


def _spec_file_runs(body: str, a: Action, written: dict[str, str | None], branch: str | None, depth: int
                    ) -> list[Action]:
    """What a compiler driver runs from a spec file: each program the spec strings name — as the line shows it when
    the line writes it too, otherwise read from disk like a script the line runs — and the protected answer for what
    the check cannot follow (an included spec file, a program named by a bare name)."""
    programs, unread = spec_programs(body)
    inner: list[Action] = []
    for path in programs:
        full = os.path.normpath(os.path.join(a.cwd, os.path.expanduser(path)))
        if full.startswith(_SYSTEM_PREFIXES):
            continue  # the toolchain's own programs and objects
        if full in written:
            program = written[full]
            if program is None:
                unread.append(f"it names `{path}`, written on this line with text the check cannot see")
            else:
                inner += _written_program_actions(program, a.text, branch, depth)
        else:
            inner.append(Action(tool="Bash", operation="shell.script", risk="local-mutation", target=path,
                                arguments=a.arguments, flags=frozenset({"path"}), text=a.text))
    if unread:
        inner.append(_inline(f"the spec file {a.target}", "", a.text,
                             f"`{a.target}` gives the compiler programs the check cannot follow: " + "; ".join(unread)))
    return inner


def _settings_programs(body: str, a: Action, written: dict[str, str | None], branch: str | None, depth: int
                       ) -> list[Action]:
    """The programs a file the line writes and hands to a program names under a key that says so (``use_askpass =
    /tmp/x.sh``, ``runner: ./r``): one the line writes too is judged as the line shows it, one on disk is read from
    there like a script the command runs."""
    import os

    out: list[Action] = []
    for path in config_commands(body)[1][:8]:
        full = os.path.normpath(os.path.join(a.cwd, os.path.expanduser(path)))
        if full.startswith(_SYSTEM_PREFIXES):
            continue
        if full in written:
            program = written[full]
            out.extend(_written_program_actions(program, a.text, branch, depth) if program is not None else [_inline(
                f"the file {a.target}", "", a.text, f"`{a.target}` names `{path}`, a program written on this line "
                "with text the check cannot see")])
        else:
            out.append(Action(tool="Bash", operation="shell.script", risk="local-mutation", target=path,
                              arguments=a.arguments, flags=frozenset({"path"}), text=a.text))
    return out


def _written_program_actions(program: str, text: str, branch: str | None, depth: int) -> list[Action]:
    """A program the line itself writes and another file names to be run: a Python script (by its `#!` line) as code,
    anything else as the shell commands it holds."""
    if program.startswith("#!") and "python" in program.split("\n", 1)[0]:
        return _code_body_actions(program, text, branch, depth)
    return normalize_shell(program, branch, _depth=depth + 1)


def _code_body_actions(body: str, text: str, branch: str | None, depth: int, more: list[str] | None = None
                       ) -> list[Action]:
    """A program file's text read for what it does: the files it names and the shell commands it hands over
    (and ``more`` command strings its tool gives it)."""
    inner = code_file_actions(body, (), text)
    for shown in shell_calls(body) + (more or []):
        inner += normalize_shell(shown, branch, _depth=depth + 1)
    return inner


def _under(path: str, directory: str) -> bool:
    """Whether a normalised path lies under a normalised directory (``.``: any relative path that does not climb)."""
    import os

    if directory == ".":
        return not os.path.isabs(path) and path != ".." and not path.startswith("../")
    return path.startswith(os.path.join(directory, ""))


_PROCSUBST = "$(<(…))"  # how the reader shows a process substitution used as a word


def _run_substitution(cmd: SimpleCommand, before: list[SimpleCommand], text: str, branch: str | None,
                      depth: int) -> list[Action] | None:
    """A shell, ``source`` or an interpreter whose program is a process substitution (``. <(printf …)``,
    ``python3 <(echo …)``) runs what the substitution writes: that text, when the line shows it (``echo``/``printf``
    of literals), judged as shell commands or as the interpreter's inline code; otherwise code the check cannot
    follow (the protected answer). None: the command is no such run."""
    from statewise_cli.actions.shell import _stdin_text

    name = cmd.argv[0].rsplit("/", 1)[-1] if cmd.argv else ""
    shell = name in ("source", ".") or name in _SHELL_NAMES
    program = next((a for a in cmd.argv[1:] if not a.startswith("-")), "")
    if program != _PROCSUBST or not (shell or name in _INTERPRETERS or name.startswith(("python", "pypy"))):
        return None
    producer = next((c for c in reversed(before) if "<()" in c.wrappers), None)
    shown = _stdin_text(producer.argv) if producer is not None else None
    if shown is None:
        return [_inline(name, "", text, f"{name} runs what a process substitution writes, which the check cannot read")]
    if shell:
        return normalize_shell(shown, branch, _depth=depth + 1) if depth < 4 else [_inline(name, shown, text)]
    argv = list(cmd.argv)
    argv[argv.index(_PROCSUBST)] = "-"
    return _command(cmd.replace(argv=tuple(argv), heredocs=(*cmd.heredocs, shown)), branch, text)


# Inline code that reads its own command-line arguments (`sys.argv`, `process.argv`, `@ARGV`) and runs a program
_ARGV_READ = Pattern(r"""\bsys\.argv\b|\bprocess\.argv\b|@ARGV\b|\$ARGV\b|\bARGV\b|\bos\.Args\b|\bDeno\.args\b|"""
                     r"""\bcommandArgs\s*\(|\$argv\b""")
_RUNS_PROGRAM = Pattern(r"""\b(?:exec\w*|system|(?:posix_)?spawn\w*|Popen|subprocess|child_process|popen|passthru|proc_open|"""
                        r"""Command|IO\.popen|Process)\b""")
_LIST_LITERAL = Pattern(r"""\[((?:\s*(['"])[^'"\n]*\2\s*,?)+)\]""")


def _arguments_run(cmd: SimpleCommand, branch: str | None, text: str, depth: int) -> list[Action]:
    """Inline code that runs its own command-line arguments (``perl -e 'exec @ARGV' CMD…``,
    ``python3 -c 'os.execvp(sys.argv[1], sys.argv[1:])' CMD…``, ``node -e "execFileSync(process.argv[1], [...])" CMD``):
    the arguments after the code are a command line and are judged as one (with a literal argument list the code
    adds, when it shows one)."""
    name = cmd.argv[0].rsplit("/", 1)[-1]
    if not (name in _INTERPRETERS or name.startswith(("python", "pypy"))):
        return []
    args = cmd.argv[1:]
    code = _inline_code(cmd, name, args)
    if not code or code not in args or not _ARGV_READ.search(code) or not _RUNS_PROGRAM.search(code):
        return []
    rest = [a for a in args[args.index(code) + 1:]]
    if rest[:1] == ["--"]:
        rest = rest[1:]
    if not rest:
        return []
    import shlex

    lines = [shlex.join(rest)]
    for m in _LIST_LITERAL.finditer(code):
        words = [x.group(2) for x in _STRING_LITERAL.finditer(m.group(1))]
        lines.append(shlex.join([rest[0], *words, *rest[1:]]))
    out: list[Action] = []
    for line in lines:
        out += [b.replace(cwd=b.cwd or cmd.cwd, text=text) for b in normalize_shell(line, branch, _depth=depth + 1)]
    return out


def _python_tool_code(cmd: SimpleCommand, branch: str | None, text: str, depth: int) -> list[Action]:
    """Python code a standard-library tool runs from its own input: ``python -m pdb -c CMD`` (each command, ``!stmt``
    or a bare statement, is Python run in the program) and ``python -m doctest FILE`` (the ``>>>`` lines of a text file
    are Python it runs): judged like inline code and like a program file."""
    args = cmd.argv[3:]
    if cmd.argv[2] == "pdb":
        code = "\n".join(v.lstrip("!") for v in _option_values(args, ("-c", "--command")))
        out: list[Action] = []
        for shown in shell_calls(code):
            out += [b.replace(cwd=b.cwd or cmd.cwd, text=text) for b in normalize_shell(shown, branch, _depth=depth + 1)]
        out += code_file_actions(code, (), text, computed=True)
        if code and not out and screen(code):
            out.append(_inline("pdb", code, text))
        return out
    files = [a for a in args if not a.startswith("-") and not a.endswith(".py") and not unknown(a)]
    return [Action(tool="Bash", operation="shell.script", risk="read-only", target=f, arguments=(cmd.argv[0],),
                   flags=frozenset({"code"}), text=text) for f in files]


# make's variables that name the programs its built-in rules run (`CC='…' make hello` runs `$(CC) … hello.c`)
_MAKE_PROGRAMS = ("CC", "CXX", "CPP", "FC", "F77", "AS", "LD", "AR", "RM", "LEX", "YACC", "PC", "M2C", "CO", "GET", "TEX",
                  "MAKEINFO", "TANGLE", "WEAVE", "CWEAVE", "CTANGLE", "TEXI2DVI", "LINT", "CHECKOUT,v", "GO", "RUSTC")


def _make_variables(cmd: SimpleCommand, branch: str | None, text: str, depth: int) -> list[Action]:
    """What make runs from its environment and command-line variables: a program variable of its built-in rules
    (``CC``, ``CXX``, ``LD``, ``RM`` …; the value is a command line) and ``MAKEFILES`` (makefiles it reads first)."""
    given = list(cmd.assigns) + [(w.partition("=")[0], w.partition("=")[2]) for w in cmd.argv[1:]
                                 if "=" in w and not w.startswith("-") and w.partition("=")[0].isidentifier()]
    out: list[Action] = []
    for key, value in given:
        if key in _MAKE_PROGRAMS and value.strip():
            if unknown(value):
                out.append(_inline("make", "", text, f"{key} names a program the check cannot see"))
            else:
                out += [b.replace(cwd=b.cwd or cmd.cwd, text=text) for b in normalize_shell(value, branch, _depth=depth + 1)]
        elif key == "MAKEFILES":
            out += [Action(tool="Bash", operation="shell.script", risk="read-only", target=f, arguments=(),
                           flags=frozenset({"make"}), text=text) for f in value.split() if not unknown(f)]
        elif key in ("MAKEFLAGS", "GNUMAKEFLAGS", "MFLAGS") and value.strip() and key in dict(cmd.assigns):
            # make takes the options in its environment as if given on its command line (`--eval=TEXT`,
            # `-f FILE`, `VAR=value`): words split at spaces not escaped with a backslash; a first word without a
            # dash is single-letter flags
            import re
            import shlex

            words = [w.replace("\\ ", " ") for w in re.split(r"(?<!\\) +", value.strip()) if w]
            if words and not words[0].startswith("-") and "=" not in words[0]:
                words[0] = "-" + words[0]
            out += [b.replace(cwd=b.cwd or cmd.cwd, text=text) for b in normalize_shell(
                shlex.join([cmd.argv[0], *words, *cmd.argv[1:]]), branch, _depth=depth + 1)]
    return out


_STDIN_FILES = ("-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0")


def _script_commands(cmd: SimpleCommand, branch: str | None, text: str, depth: int) -> list[Action]:
    """Programs whose own script language runs commands: ``cmake -P SCRIPT`` (``execute_process(COMMAND …)``) and
    ``dc`` (``!cmd`` runs the rest of the line through the shell). The script is read from the line (``-e``, a
    here-string or heredoc for a script read from standard input) or from the file it names; one the check cannot
    read is code it cannot follow."""
    import os

    name = cmd.argv[0].rsplit("/", 1)[-1]
    args = cmd.argv[1:]
    from statewise_cli.actions.shell import _stdin_text

    stdin = cmd.heredocs[-1] if cmd.heredocs else next((t for op, t in reversed(cmd.redirects) if op == "<<<"), None)
    if stdin is None and cmd.stdin:
        stdin = _stdin_text(cmd.stdin)  # `echo '…' | dc`: what the line shows, else unknown
    elif stdin is None and not any(op == "<" for op, _ in cmd.redirects):
        stdin = ""  # no input on the line: a tool call's standard input is empty
    scripts: list[str | None] = []
    if name == "cmake":
        for path in [args[i + 1] for i, a in enumerate(args[:-1]) if a == "-P"]:
            if path in _STDIN_FILES:
                scripts.append(stdin)
            elif unknown(path):
                scripts.append(None)  # a script file with a name it shows is read with the project's task files
        found = [c for script in scripts if script is not None for c in cmake_commands(script)]
    else:
        scripts += _option_values(args, ("-e", "--expression"))
        scripts += [a.partition("=")[2] for a in args if a.startswith("--expression=")]
        scripts += [a[2:] for a in args if a.startswith("-e") and len(a) > 2]
        files = _option_values(args, ("-f", "--file")) + [a for a in args if not a.startswith("-") and a not in scripts]
        for path in files:
            if path in _STDIN_FILES or unknown(path):
                scripts.append(stdin if path in _STDIN_FILES else None)
                continue
            try:
                with open(os.path.join(cmd.cwd or ".", path), encoding="utf-8", errors="replace") as fh:
                    scripts.append(fh.read(256_000))
            except OSError:
                pass
        if not args or (not files and not scripts):
            scripts.append(stdin)
        found = []
        for script in scripts:
            if script is None:
                continue
            i = script.find("!")
            while i >= 0:
                if script[i + 1:i + 2] not in ("<", ">", "="):
                    end = script.find("\n", i)
                    found.append(script[i + 1:end if end >= 0 else len(script)])
                    i = end
                    if i < 0:
                        break
                i = script.find("!", i + 1)
    out: list[Action] = []
    if any(s is None for s in scripts) and not found:
        out.append(_inline(name, "", text, f"{name} runs a script the check cannot read"))
    for shown in found:
        if shown.strip():
            out += [b.replace(cwd=b.cwd or cmd.cwd, text=text) for b in normalize_shell(shown, branch, _depth=depth + 1)]
    return out


# The substitutions that ask git which branch the work tree is on (the whole word).
_BRANCH_QUERIES = frozenset({"$(git branch --show-current)", "$(git rev-parse --abbrev-ref HEAD)",
                             "$(git symbolic-ref --short HEAD)", "$(git symbolic-ref --short -q HEAD)"})


def _branch_made(cmd: SimpleCommand, text: str) -> str:
    """The branch a command creates and switches to (`git switch -c NEW`, `git checkout -b NEW`, from the current
    commit) when the line goes on only if it succeeded (`&&` right after it): the branch the rest of the line is on.
    "" otherwise — a failed switch (the name exists) would leave the line on the branch it started on."""
    argv = _git_plain_argv(cmd)
    if argv is None or len(argv) < 4 or argv[0] != "git" or argv[1] not in ("switch", "checkout") or cmd.cwd:
        return ""
    create = ("-c", "--create") if argv[1] == "switch" else ("-b",)
    rest = list(argv[2:])
    names = [rest[k + 1] for k, a in enumerate(rest[:-1]) if a in create]
    others = [a for a in rest if a not in create and a not in names and a not in ("-q", "--quiet")]
    if len(names) != 1 or others or unknown(names[0]) or names[0].startswith("-"):
        return ""  # a start point, options or a name only the shell knows: not simply a new branch at HEAD
    from statewise_cli.actions.shell import ParseError, _tokens

    try:
        words = _tokens(text)
    except ParseError:
        return ""
    for k in range(len(words) - 1):
        if words[k] == names[0] and words[k + 1] == "&&" and k >= 2 and words[k - 1] in create:
            return names[0]
    return ""


# HEAD after a switch whose outcome the line does not show (it may fail, or name a commit, or the previous branch)
_HEAD_UNKNOWN = "$(git branch --show-current)"


def _branch_switched(cmd: SimpleCommand, text: str) -> str:
    """The branch HEAD is on after `git switch NAME` / `git checkout NAME` of an existing branch: NAME when the line
    goes on only if it succeeded (`&&` right after it), else a name only the running shell knows — gitrevisions(7):
    `HEAD`, `@` and a bare `git push` then name whichever branch the switch left, which may be a protected one.
    "" for a checkout of paths (`--`, several operands, `.`), which does not move HEAD."""
    argv = _git_plain_argv(cmd)
    if argv is None:
        # a switch run with `-C` in another directory, or with options the check does not follow: HEAD is not known
        return _HEAD_UNKNOWN if _git_sub(cmd) in ("switch", "checkout") else ""
    if len(argv) < 3 or argv[0] != "git" or argv[1] not in ("switch", "checkout") or cmd.cwd:
        return ""
    rest = [a for a in argv[2:] if a not in ("-q", "--quiet", "-f", "--force", "-m", "--merge", "--no-track",
                                              "--ignore-other-worktrees", "--progress", "--no-progress")]
    if "--" in rest or any(a in ("-b", "-B", "-c", "-C", "--create", "--force-create", "--orphan", "-p", "--patch",
                                 "--pathspec-from-file") or a.startswith("--pathspec") for a in rest):
        return ""
    operands = [a for a in rest if not a.startswith("-") or a == "-"]
    if argv[1] == "checkout" and (len(operands) != 1 or operands[0] in (".", "./", "*")):
        return ""  # paths, or nothing that moves HEAD
    if argv[1] == "checkout" and (os.path.lexists(operands[0]) or any(c in operands[0] for c in "*?[")):
        return _HEAD_UNKNOWN  # a path (HEAD stays) or a branch of the same name (HEAD moves): not known here
    if len(operands) != 1 or unknown(operands[0]) or operands[0] == "-" or operands[0].startswith("@") \
            or any(a.startswith("--detach") or a == "-d" for a in rest) or len(rest) != 1:
        return _HEAD_UNKNOWN
    from statewise_cli.actions.shell import ParseError, _tokens

    try:
        words = _tokens(text)
    except ParseError:
        return _HEAD_UNKNOWN
    for k in range(len(words) - 1):
        if words[k] == operands[0] and words[k + 1] == "&&" and k >= 2 and words[k - 1] == argv[1]:
            return operands[0]
    return _HEAD_UNKNOWN


def normalize_shell(command: str, branch: str | None, _depth: int = 0, cwd: str | None = None,
                    variables: dict[str, str] | None = None) -> list[Action]:
    """Actions of a shell command (``cwd``: the absolute directory it starts in, when known: ``$PWD``;
    ``variables``: parameters whose values are known before it starts, such as a script's positional parameters).
    Unparseable input is one opaque, unknown-risk action."""
    try:
        commands = split_commands(command, pwd=cwd, _vars=variables)
    except ParseError:
        return (_statewise_in_text(command, command) + [_unparsed(command, command)] + _unparsed_installs(command)
                + _unparsed_paths(command))
    if _depth == 0:
        _LINE_TEXTS.clear()
        for cmd in commands:
            if cmd.redirects and not unknown(cmd.cwd):
                for path in _redirect_writes(cmd):
                    if not unknown(path):
                        full = os.path.expanduser(path) if path.startswith(("/", "~")) or not cmd.cwd else \
                            os.path.join(cmd.cwd, path)
                        key = os.path.normpath(full)
                        shown = _text_written(cmd)
                        if shown is not None and "\\" in shown:
                            shown = None  # escapes echo / printf expand: the file's text is not what the line shows
                        if any(op.endswith(">>") and t == path for op, t in cmd.redirects) and (
                                key in _LINE_TEXTS or os.path.lexists(full)):
                            shown = None  # appended to what the file holds: its whole text is not on the line
                        _LINE_TEXTS[key] = shown
    actions: list[Action] = []
    moved, start, left = False, branch, False
    defined = _functions_defined(command) if "(" in command or "function" in command else frozenset()
    for i, cmd in enumerate(commands):
        if defined and len(cmd.argv) == 1 and cmd.argv[0] in defined and not (cmd.redirects or cmd.assigns or cmd.stdin):
            # `name() { …; }` or a bare call of a function the line defines: the shell runs the body, which the
            # parser hands over as commands of their own; the name is no program
            continue
        if moved and branch and any(w in _BRANCH_QUERIES for w in cmd.argv[1:]):
            # `git switch -c NEW && … && git push origin "$(git branch --show-current)"`: the line is on NEW, so the
            # query answers NEW (the parser leaves it unknown once something ran before it on the line)
            cmd = cmd.replace(argv=tuple(branch if w in _BRANCH_QUERIES else w for w in cmd.argv))
        if moved and cmd.argv[:1] == ("git",) and any("@{-" in w for w in cmd.argv[1:]):
            # gitrevisions(7): `@{-N}` is the N-th branch checked out before; after a switch on this line that is not
            # the answer git gives now
            cmd = cmd.replace(argv=tuple(w.replace("@{-", "$(git rev-parse --abbrev-ref @{-") if "@{-" in w else w
                                         for w in cmd.argv))
        ran = _run_substitution(cmd, commands[:i], command, branch, _depth) if _PROCSUBST in cmd.argv[1:] else None
        produced = _command(cmd, branch, command) if ran is None else ran
        if _script_set(cmd) and not any(_may_run_scripts(later) for later in commands[i + 1:]):
            # `npm pkg set scripts.NAME='CMD'` writes package.json: CMD runs when a later call runs the script, and
            # that run is judged by reading package.json then; on this line nothing runs it
            produced = [a for a in produced if a.operation.startswith(("shell.", "file."))]
        actions.extend(produced)
        made = _branch_made(cmd, command)
        switched = "" if made else _branch_switched(cmd, command)
        if made:
            branch, moved = made, True  # `git switch -c NEW && …`: what follows runs on NEW (`HEAD`, a bare `git push`)
            left = False
        elif switched:
            # `git checkout main && git push origin HEAD`: HEAD is on main now (or, not known, on whichever branch)
            branch, moved, left = switched, True, True
        elif moved and "$(" + " ".join(cmd.argv) + ")" not in _BRANCH_QUERIES and (
                cmd.argv[:1] != ("git",) or len(cmd.argv) < 2 or _git_sub(cmd) in (
                "switch", "checkout", "worktree", "rebase", "bisect", "stash", "branch", "symbolic-ref", "update-ref")
                or unknown(_git_sub(cmd) or "$?")):
            # a later command that may move HEAD again (or that the line does not follow): back to the branch the line
            # started on, as the check assumed before it followed the switch — unless the line left that branch
            # (a switch to an existing one): then HEAD is where the switch left it, or not known
            if not left:
                branch, moved = start, False
            elif cmd.argv[:1] == ("git",):
                branch = _HEAD_UNKNOWN
        if _depth < 3 and len(cmd.argv) > 2:
            actions.extend(_arguments_run(cmd, branch, command, _depth))
        if _depth < 3 and any(a.startswith("@") for a in cmd.argv[1:]):
            actions.extend(_response_files(cmd, branch, command, _depth))
        if _depth < 3 and cmd.argv and cmd.argv[0].rsplit("/", 1)[-1] in ("make", "gmake"):
            actions.extend(_make_variables(cmd, branch, command, _depth))
        if _depth < 3 and cmd.argv and cmd.argv[0].rsplit("/", 1)[-1] in ("cmake", "dc"):
            actions.extend(_script_commands(cmd, branch, command, _depth))
        if _depth < 3 and len(cmd.argv) > 3 and cmd.argv[0].rsplit("/", 1)[-1].startswith("python") \
                and cmd.argv[1:3] in (("-m", "pdb"), ("-m", "doctest")):
            actions.extend(_python_tool_code(cmd, branch, command, _depth))
    if any(a.operation == "shell.script" for a in actions):
        actions = _scripts_on_the_line(commands, actions, branch, _depth)
    elif len(commands) > 1 and any(c.argv[:1] == ("ln",) for c in commands[:-1]):
        # links made on the line and then written or deleted through
        links = {}
        for c in commands:
            pair = _link_to(c) if c.argv[:1] == ("ln",) else None
            if pair is not None:
                links[os.path.normpath(os.path.join(c.cwd, pair[1]))] = pair[0]
        if links:
            actions = _through_line_links(actions, links)
    if any(a.operation == "git.symbolic-ref" for a in actions):
        actions = _through_symbolic_refs(actions)
    if len(actions) > 64:
        actions = _without_repeated_reads(actions)
    return actions or [Action(tool="Bash", operation="shell.empty", risk="read-only", text=command)]


def _symref_name(ref: str) -> str:
    """A ref's name with the prefixes git's name lookup tries stripped (``refs/heads/x``, ``refs/tags/x``,
    ``heads/x``, ``refs/remotes/x``: ``x``), so a pushed short name meets the symbolic ref it may resolve to; a name
    met in more than one namespace is judged as each (the protected reading)."""
    ref = ref.lstrip("+")
    ref = ref.removeprefix("refs/")
    for prefix in ("heads/", "tags/", "remotes/"):
        if ref.startswith(prefix):
            return ref[len(prefix):]
    return ref


def _through_symbolic_refs(actions: list[Action]) -> list[Action]:
    """``git symbolic-ref refs/heads/A refs/heads/B && git push origin A``: git resolves a pushed name through the
    symbolic ref (in any namespace its name lookup tries: ``refs/tags/A``, ``refs/remotes/A``, ``heads/A``; a chain of
    symbolic refs to its end), and a push with no destination updates the remote's ref the name resolves to — a
    later push of A on the line is judged as a push of B (a target only the shell knows: not known)."""
    links: dict[str, str] = {}
    out: list[Action] = []
    for action in actions:
        if action.operation == "git.symbolic-ref":
            operands: list[str] = []
            args = list(action.arguments)
            k = 0
            while k < len(args):
                if args[k] == "-m":
                    k += 2  # the reflog message
                    continue
                if not args[k].startswith("-"):
                    operands.append(args[k])
                k += 1
            if len(operands) >= 2 and operands[0] != "HEAD":
                to = operands[1]
                to = "?" if unknown(to) or unknown(operands[0]) else to
                links[_symref_name(operands[0])] = to
                if operands[0].startswith("refs/remotes/") and operands[0].endswith("/HEAD"):
                    links[_symref_name(operands[0])[:-5]] = to  # `refs/remotes/R/HEAD` is what the name `R` means
        elif action.operation == "git.push" and links:
            spec = action.arguments[-1] if action.arguments else ""
            name = _symref_name(spec) if ":" not in spec else ""
            if name and name in links and (action.target is None or _symref_name(action.target) == name):
                to, seen = links[name], {name}
                while to != "?" and _symref_name(to) in links and _symref_name(to) not in seen:
                    seen.add(_symref_name(to))
                    to = links[_symref_name(to)]  # a chain of symbolic refs: git follows it to its end
                # judged both ways: the symbolic ref may be made elsewhere, fail or be re-pointed before the push
                out.append(action)
                to = to.removeprefix("refs/heads/")
                action = action.replace(target=to, unknown="the branch a symbolic ref on the line points at" if
                                        to == "?" else action.unknown)
        out.append(action)
    return out



_JS_MANAGERS = frozenset({"npm", "pnpm", "yarn", "bun", "cnpm", "npx", "pnpx", "bunx", "corepack"})


def _script_set(cmd: SimpleCommand) -> bool:
    """``npm pkg set scripts.NAME=CMD`` (pnpm, bun alike) or ``npm set-script NAME CMD``: a write of package.json's
    scripts, with no other option or value that runs anything."""
    if not cmd.argv or cmd.argv[0].rsplit("/", 1)[-1] not in ("npm", "pnpm", "bun", "cnpm") or cmd.stdin:
        return False
    words = [a for a in cmd.argv[1:] if not a.startswith("-")]
    if words[:1] == ["set-script"]:
        return len(words) == 3
    return words[:2] == ["pkg", "set"] and len(words) > 2 and all(w.startswith("scripts.") and "=" in w for w in words[2:])


def _may_run_scripts(cmd: SimpleCommand) -> bool:
    """Whether a later command on the line may run package.json's scripts: a JavaScript package manager or launcher,
    a program whose name the line computes, or one that runs another command (a wrapper, a shell, an interpreter)."""
    if not cmd.argv:
        return False
    name = cmd.argv[0].rsplit("/", 1)[-1]
    return (name in _JS_MANAGERS or unknown(cmd.argv[0]) or name in _NESTED_PROGRAMS or name in _INTERPRETERS
            or name in _SHELL_NAMES or name.startswith(("python", "node")) or name in ("eval", "source", ".", "exec",
                                                                                        "xargs", "env", "sudo", "make"))


_FUNCTION_DEF = Pattern(r"(?:^|[;&|\n{(]|\bfunction)\s*([A-Za-z_][\w.:+-]*)\s*\(\s*\)\s*[{(]|"
                        r"\bfunction\s+([A-Za-z_][\w.:+-]*)\s*(?:\(\s*\)\s*)?[{(]")


def _functions_defined(command: str) -> frozenset[str]:
    """The names a line defines as shell functions (``name() { …; }``, ``name () (…)``, ``function name {…}``)."""
    return frozenset(m.group(1) or m.group(2) for m in _FUNCTION_DEF.finditer(command))


def _without_repeated_reads(actions: list[Action]) -> list[Action]:
    """The actions with repeated reads of the same file left out (a line of thousands of alike statements reads
    the same conventional files once): a read judges the file once whatever the number of times it is named."""
    seen: set[tuple[object, ...]] = set()
    out: list[Action] = []
    for a in actions:
        if a.operation == "shell.script" and a.risk == "read-only":
            key = (a.target, a.arguments, a.flags, a.cwd, a.unknown)
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def normalize_call(tool: str, tool_input: Any, branch: str | None = None, *, command: str | None = None,
                   cwd: str | None = None) -> list[Action]:
    """Every action of one tool call: a shell command (``command``, or a shell tool's input), a Claude
    file tool (Read, Edit, Write, MultiEdit, NotebookEdit, Grep, Glob), Codex ``apply_patch``, or
    another tool (kind ``other``)."""
    if command is None and tool in SHELL_TOOLS:
        raw = tool_input.get("command", tool_input.get("cmd")) if isinstance(tool_input, dict) else tool_input
        if isinstance(raw, list):
            raw = " ".join(str(x) for x in raw)
        command = raw if isinstance(raw, str) and raw else None
    if command is not None:
        return normalize_shell(command, branch, cwd=cwd)
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
    # What the call is for, beyond its kind: "script" (writes a helper script), "fix-script" (writes a helper
    # script whose code writes project files), "fix-run" (runs such a script), "reproduction" (runs a
    # reproduction / check script: a verification run), "script-run" (runs a top-level script its name says
    # nothing about: a fix when an earlier step wrote it with code that writes files, else a reproduction),
    # "inline-edit" (inline code that writes files),
    # "revert" (git checkout / restore of paths: ``writes`` are the paths put back),
    # "delete" (rm of paths: ``writes`` are the paths removed).
    role: str | None = None
    script: str | None = None  # the helper script written or run
    writes: tuple[str, ...] = ()  # project files the script's or the inline code's text writes


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
    edits = tuple(a for a in acts if a.kind == "edit" and "artifact" not in a.flags
                  and (a.tool != "Bash" or not a.paths or not all(_scratch(p, root) for p in a.paths)))
    role, script, writes = _role(acts, edits, root)
    if edits:
        return Call("edit", acts, edits[0].paths[0] if edits[0].paths else None, edits=edits, role=role, script=script,
                    writes=writes)
    if role is not None:
        return Call("command", acts, role=role, script=script, writes=writes)
    for a in acts:
        if a.kind == "read":
            return Call("read", acts, a.paths[-1] if a.paths else None, a.lines)
        if a.kind == "search":
            return Call("search", acts, a.paths[0] if a.paths else None, pattern=a.pattern)
    for kind in ("push", "publish", "install", "other"):
        if any(a.kind == kind for a in acts):
            return Call(kind, acts)
    return Call("command", acts)


# ------------------------------------------------------------------ helper scripts and code that writes files
# A bash-only agent edits through the shell: ``sed -i``, ``cat > f <<EOF``, inline Python that opens a file for
# writing, or a helper script (``fix_x.py``) written in one step and run in another. What such a script is for
# is decided here, from its name and its text, so the audit, the gate and the hook read it the same way.
_REPRO_NAMES = ("repro", "test_", "tests_", "verify", "check", "debug", "demo", "inspect", "example", "try_", "sanity",
                "validate", "run_", "show_", "explore", "scratch", "tmp", "temp", "minimal", "mre")
_FIX_NAMES = ("fix", "patch", "apply", "edit", "modify", "update", "change", "replace", "rewrite", "refactor", "insert",
              "remove_", "add_", "implement", "do_", "make_")
_SCRIPT_EXT = (".py", ".sh", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".rb", ".pl")
# Compiled languages keep sources at the top of a repository (a Go package at its root), so only names that say
# "reproduction" make one of their files the agent's own program (``repro.go``, ``debug_lexer.rs``, ``/tmp/x.c``).
_PROGRAM_EXT = (".go", ".rs", ".c", ".cc", ".cpp", ".cxx", ".tsx", ".jsx")
_PROGRAM_REPRO_NAMES = ("repro", "debug_", "scratch", "tmp_", "temp_", "minimal", "mre")
_WRITES_FILE = Pattern(r"""open\([^)]*?,\s*(?:mode\s*=\s*)?['"][rwa]?[wa+]b?\+?['"]|\.write_(?:text|bytes)\(|inplace\s*=\s*(?:True|1)|"""
                       r"""shutil\.(?:copy\w*|move)\(|os\.(?:replace|rename)\(|\bwriteFileSync\(|File\.write\(""")
_PATH_LITERAL = Pattern(r"""['"]((?:\.{0,2}/)?[\w.-]+(?:/[\w.-]+)*\.(?:py|pyi|pyx|js|jsx|ts|tsx|mjs|go|rs|java|kt|c|h|cc|cpp|hpp|rb|"""
                        r"""php|rst|md|txt|cfg|ini|toml|ya?ml|json|html|css|in))['"]""")


_SYSTEM_DIRS = ("/tmp/", "/var/", "/usr/", "/etc/", "/opt/", "/bin/", "/sbin/", "/lib/", "/proc/", "/sys/", "/dev/",
                "/private/", "/home/", "/root/", "/Users/")


def _top_relative(path: str, root: str | None) -> str:
    """``path`` relative to the repository ``root``. Without a known root, a file directly inside a top-level
    directory that is no system directory (``/testbed/reproduce.py``, ``/repo/fix.py``: where sandboxes mount
    the repository an agent works in) is named as that directory's top-level file."""
    if root and path.startswith(root.rstrip("/") + "/"):
        return path[len(root.rstrip("/")) + 1:]
    if root is None and path.startswith("/") and path.count("/") == 2 and not path.startswith(_SYSTEM_DIRS):
        return path.split("/", 2)[2]
    return path


def helper_script(path: str, root: str | None = None) -> str | None:
    """``"fix"`` or ``"reproduction"`` for a scratch script the agent writes for itself (a top-level
    ``fix_*.py``/``reproduce*.py``/``test_*.py``… or one under /tmp), None for anything else."""
    if path.endswith(_PROGRAM_EXT):
        rel = _top_relative(path, root).removeprefix("./")
        if rel.startswith(SCRATCH_PREFIXES):
            return "reproduction"
        name = rel.rsplit("/", 1)[-1].lower()
        return "reproduction" if "/" not in rel and name.startswith(_PROGRAM_REPRO_NAMES) else None
    if not path.endswith(_SCRIPT_EXT):
        return None
    rel = _top_relative(path, root).removeprefix("./")
    if "/" in rel and not rel.startswith(SCRATCH_PREFIXES):
        return None
    name = rel.rsplit("/", 1)[-1].lower()
    if name.startswith(_FIX_NAMES):
        return "fix"
    if name.startswith(_REPRO_NAMES) or rel.startswith(SCRATCH_PREFIXES):
        return "reproduction"
    return None


_ENTRY_SCRIPTS = ("setup.py", "manage.py", "conftest.py", "runtests.py", "noxfile.py", "fabfile.py", "tasks.py")


def _top_level_script(path: str, root: str | None = None) -> bool:
    """A Python script at the top of the repository (or under /tmp) that is not one of the project's entry
    points: what an agent writes for itself when its name says nothing."""
    if not path.endswith(".py"):
        return False
    rel = _top_relative(path, root).removeprefix("./")
    return ("/" not in rel or rel.startswith(SCRATCH_PREFIXES)) and rel.rsplit("/", 1)[-1] not in _ENTRY_SCRIPTS


# JVM sources live in package directories under a source set (``src/main/java/…``); a file of them at the top of
# the repository sits in the default package outside every source set, so no build compiles it: an agent's own
# program (``Reproduce.java``, ``TestX.java``), compiled and run by hand.
_JVM_SOURCE = (".java", ".kt", ".scala")


def _top_level_program(path: str, root: str | None = None) -> bool:
    """A JVM source file at the top of the repository (or under /tmp): an agent's scratch program."""
    if not path.endswith(_JVM_SOURCE):
        return False
    rel = path[len(root.rstrip("/")) + 1:] if root and path.startswith(root.rstrip("/") + "/") else path
    rel = rel.removeprefix("./")
    return "/" not in rel or rel.startswith(SCRATCH_PREFIXES)


def scratch_script(path: str, root: str | None = None) -> bool:
    """A script the agent wrote for itself: a named helper (:func:`helper_script`), any top-level script, or a
    top-level JVM program (:func:`_top_level_program`)."""
    return helper_script(path, root) is not None or _top_level_script(path, root) or _top_level_program(path, root)


def code_writes(code: str) -> tuple[str, ...]:
    """The files a script's text writes: the path literals of code that opens a file for writing (or rewrites
    one in place), empty for code that writes nothing."""
    if not code or not _WRITES_FILE.search(code):
        return ()
    return tuple(dict.fromkeys(p.removeprefix("./") for p in _PATH_LITERAL.findall(code)))


def _script_text(a: Action) -> str:
    return "\n".join(ln[1:] for ln in a.body.splitlines() if ln[:1] == "+")


def _role(acts: tuple[Action, ...], edits: tuple[Action, ...], root: str | None) -> tuple[str | None, str | None, tuple[str, ...]]:
    """(role, script, writes) of a call; see :class:`Call`."""
    written: dict[str, tuple[str, ...]] = {}
    for a in edits:
        if a.tool == "Bash" and a.paths and all(helper_script(p, root) or _top_level_script(p, root) for p in a.paths):
            writes = tuple(p for p in code_writes(_script_text(a)) if p != a.paths[0])
            if helper_script(a.paths[0], root) or writes:  # any top-level script whose code writes files is a fix
                written[a.paths[0].removeprefix("./")] = writes
    inline = [a for a in acts if a.operation == "shell.inline-edit"]
    runs = [a for a in acts if a.operation == "run.script" and a.target]
    fix_runs = [a for a in runs if "fix" in a.flags or written.get((a.target or "").removeprefix("./"))]
    if fix_runs:
        script = (fix_runs[0].target or "").removeprefix("./")
        return "fix-run", script, written.get(script, ())
    if inline:
        return "inline-edit", None, tuple(p for a in inline for p in a.paths)
    run_role = ("reproduction" if any("reproduction" in a.flags for a in runs) else "script-run") if runs else None
    if written:
        script, writes = next(iter(written.items()))
        if writes:
            return "fix-script", script, writes
        if runs:
            return run_role, runs[0].target, ()
        return "script", script, ()
    if runs:
        return run_role, runs[0].target, ()
    reverted = tuple(p for a in acts if "discard" in a.flags and a.operation.startswith("git.")
                     for p in (a.pathspecs if "all" not in a.flags else (".",)))
    if reverted:
        return "revert", None, reverted
    deleted = tuple(a.target for a in acts if a.operation == "file.delete" and a.target and a.target != "?")
    if deleted:
        return "delete", None, deleted
    return None, None, ()


_REJECTED = Pattern(r"(?i)your proposed edit has introduced new syntax error|edit (?:was )?(?:rejected|refused|blocked|denied)|"
                    r"hook (?:error|blocked|denied)|blocked by (?:a |the )?hook|permission denied|read-only file system|"
                    r"^sed: |can't read .*: no such file|no such file or directory|string to replace not found|"
                    r"old_string not found|no match(?:es)? found for|file has not been read yet|has been modified since")


def edit_rejected(call: Call, output: str, exit_code: int | None, is_error: bool) -> bool:
    """Whether an edit call changed nothing: the tool or a hook refused it, or the shell command that edits failed
    with an error of its own (a failed ``sed -i``, a helper script that raised before writing)."""
    if call.kind != "edit" and call.role not in ("fix-run", "inline-edit"):
        return False
    if is_error:
        return True
    if exit_code in (None, 0):
        return False
    head = output[-3000:]
    if _REJECTED.search(head):
        return True
    if call.role in ("fix-run", "inline-edit") and "Traceback (most recent call last)" in head:
        return True
    return len(call.actions) == 1  # the edit was the whole command and it failed


def _screen_words(text: str) -> list[str]:
    """The words of ``text`` with quotes and backslashes removed (``pu""sh``, ``pu\\sh`` → ``push``)."""
    for ch in "'\"\\`":
        text = text.replace(ch, "")
    for ch in "()[]{},;|&<>":
        text = text.replace(ch, " ")
    return text.split()


def _perl_array(word: str) -> bool:
    """``@name``, ``@$ref``, ``@{…}`` (a bare ``@`` once the screen dropped the brace): a Perl array, the operand of
    Perl's own ``push``."""
    return word == "@" or (word.startswith("@") and len(word) > 1 and (word[1].isalpha() or word[1] in "_$"))


def screen(text: str) -> set[str]:
    """What a text no parser can follow might do, from its words alone: ``push``, ``discard``
    (reset --hard, checkout, restore, clean -f, stash drop/clear) or ``delete`` (a recursive rm)."""
    words = _screen_words(text)
    ws = set(words)
    found: set[str] = set()
    if "push" in ws and any(w == "push" and not _perl_array(words[k + 1] if k + 1 < len(words) else "")
                            for k, w in enumerate(words)):
        found.add("push")  # (Perl's `push @list, …` / `push(@$ref, …)` appends to an array)
    options = [w for w in words if w.startswith("-")]
    if (("reset" in ws and any(_long(w, "--hard") for w in options)) or ws & {"checkout", "checkout-index"}
            or ("restore" in ws and "git" in ws) or ("stash" in ws and ws & {"drop", "clear"})
            or "update-ref" in ws or ("reflog" in ws and ws & {"expire", "delete"})
            or ("clean" in ws and any(_short(w, "f") or _long(w, "--force") for w in options))
            or ("switch" in ws and any(_short(w, "f") or _long(w, "--force", "--discard-changes") for w in options))):
        found.add("discard")
    if (("rm" in ws or "rm.exe" in ws) and any(_short(w, "rR") or _long(w, "--recursive") for w in options)) or "-delete" in ws \
            or any(k in text for k in ("rmtree", "rmSync", "rimraf", "remove_tree", "rm_r", "rm_rf", "Remove-Item")):
        found.add("delete")
    return found


def keyword_risk(text: str) -> str:
    """Risk from words alone, for input no parser accepted (used by the failure policy)."""
    words = set(_screen_words(text))
    if "push" in words or "publish" in words or "deploy" in words or "upload" in words:
        return "remote"
    if words & {"--hard", "clean", "-rf", "-fr", "-r", "--force", "-f", "-D", "drop", "destroy"} or screen(text) - {"push"}:
        return "destructive"
    return "local-mutation"


def max_risk(actions: list[Action]) -> str:
    return max((a.risk for a in actions), key=RISK_RANK.__getitem__, default="read-only")
