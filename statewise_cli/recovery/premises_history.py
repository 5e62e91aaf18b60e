"""A program the repository no longer names, and what its history put in its place.

The premise of running a program in a project is that the project still uses it. When nothing tracked in the
repository names the program now (memory files aside: they are what is being checked), while its history does,
the newest commit that changed a line naming it is the one that retired it. That commit says what replaced it:

- **the line that took its place** — in the same file, an added line that keeps the removed line's lead
  (a recipe's tab, a workflow's ``run:``, a list's ``-``) and runs another program there
  (``\tbuck build //app`` → ``\tbuck2 build //app``);
- **its own words** — the subject or body naming the successor (``X -> Y``, ``replace X with Y``).

The successor must be named by the repository now; otherwise the verdict is unknown (no deny). One
``git grep`` per program and HEAD on the allow path (cached beside the store), and the history only for a
program the repository does not name.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from statewise_cli.actions.normalize import Action

HISTORY = 200  # commits searched for the one that retired a program
CACHE = "retired-programs.json"
# Memory files (what is being verified, never evidence) and where agents' instructions are kept.
_MEMORY_GLOBS = ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md", "GEMINI.md", ".cursorrules",
                 "copilot-instructions.md")
# Programs every machine has, whose absence from a project's files says nothing about the project.
_SYSTEM = frozenset({
    "git", "sh", "bash", "zsh", "fish", "dash", "env", "sudo", "doas", "exec", "time", "command", "nohup", "xargs",
    "cat", "cp", "mv", "rm", "ls", "echo", "printf", "cd", "mkdir", "rmdir", "touch", "sed", "awk", "grep", "egrep",
    "find", "head", "tail", "sort", "uniq", "wc", "cut", "tr", "tee", "diff", "patch", "chmod", "chown", "ln", "test",
    "true", "false", "pwd", "which", "whoami", "date", "sleep", "kill", "ps", "du", "df", "file", "stat", "basename",
    "dirname", "realpath", "readlink", "mktemp", "install", "tar", "zip", "unzip", "gzip", "gunzip", "xz", "curl",
    "wget", "ssh", "scp", "rsync", "open", "xdg-open", "code", "vim", "vi", "nano", "emacs", "less", "more", "man",
    "python", "python3", "py", "node", "ruby", "perl", "php", "java", "go", "rustc", "cargo", "npm", "npx", "pnpm",
    "yarn", "bun", "pip", "pip3", "gh", "glab", "jq", "yq", "make", "docker", "source", ".", "export", "set",
    "unset", "alias", "type", "read", "eval", "trap", "exit", "return", "statewise",
    # the rest of the base system's text and file utilities (coreutils, util-linux, POSIX): no project replaces them
    "yes", "seq", "expr", "printenv", "nproc", "uname", "id", "hostname", "tput", "stty", "nl", "rev", "tac", "base64",
    "base32", "xxd", "od", "hexdump", "fold", "fmt", "column", "paste", "join", "comm", "cmp", "md5sum", "sha1sum",
    "sha256sum", "sha512sum", "shuf", "split", "csplit", "truncate", "dd", "sync", "nice", "timeout", "stdbuf", "tty",
    "logname", "users", "groups", "getent", "locale", "iconv", "numfmt", "factor", "pathchk", "mkfifo", "mknod",
})
# Where a command starts inside a line of a recipe, a workflow, a script, a README code span.
_LEAD = r"(?:^|&&|\|\||[;|`(]|\$\(|\brun:|\bRUN\b|\bCMD\b|\bexec\b|^\s*[-*>$]|\"|')\s*"


def _re() -> Any:
    import re

    return re


def _excludes() -> list[str]:
    return [f":(exclude,glob)**/{name}" for name in _MEMORY_GLOBS]


def _named_now(ctx: Any, word: str) -> bool | None:
    """Whether a tracked file other than a memory file names ``word`` as a word (None: git could not say)."""
    code, _ = ctx.git("grep", "-q", "-I", "-w", "-F", "-e", word, "--", ".", *_excludes())
    if code != 1:
        return True if code == 0 else None
    if "*" in word or "?" in word or "[" in word:
        return None
    code, out = ctx.git("ls-files", "--", f":(glob,icase)**/*{word}*")  # a file named for it (`.toolrc`)
    return None if code != 0 else bool(out.strip())


def _command_at(line: str, tool: str) -> tuple[str, str] | None:
    """(the line before the command, the command from ``tool`` on) when ``tool`` starts a command in ``line``."""
    re = _re()
    m = re.search(rf"({_LEAD})({re.escape(tool)})(?![\w.-])", line)
    if m is None:
        return None
    command = line[m.start(2):].strip().rstrip("`\"',\\").strip()
    return line[:m.start(2)], command


def _first_command(line: str) -> tuple[str, str] | None:
    """(lead, command) of the first command-looking word of an added line."""
    re = _re()
    m = re.search(rf"({_LEAD})([A-Za-z][\w.+-]*[\w+])(?=\s|$|`|\"|')", line)
    if m is None:
        return None
    return line[:m.start(2)], line[m.start(2):].strip().rstrip("`\"',\\").strip()


def _norm(text: str) -> str:
    return " ".join(text.split())


def _files(diff: str) -> dict[str, tuple[list[str], list[str]]]:
    """path → (removed lines, added lines) of a ``git show -U0`` diff."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    path = ""
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            path = line.rsplit(" b/", 1)[-1]
            out.setdefault(path, ([], []))
        elif line.startswith(("---", "+++")) or not path:
            continue
        elif line.startswith("-"):
            out[path][0].append(line[1:])
        elif line.startswith("+"):
            out[path][1].append(line[1:])
    return out


def _hunks(diff: str) -> list[tuple[str, list[str], list[str]]]:
    """(path, removed lines, added lines) of each hunk of a ``git show -U0`` diff."""
    out: list[tuple[str, list[str], list[str]]] = []
    path = ""
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            path = line.rsplit(" b/", 1)[-1]
        elif line.startswith("@@") and path:
            out.append((path, [], []))
        elif line.startswith(("---", "+++")) or not out:
            continue
        elif line.startswith("-"):
            out[-1][1].append(line[1:])
        elif line.startswith("+"):
            out[-1][2].append(line[1:])
    return out


def _shares_operand(old: str, new: str) -> bool:
    ops = {w.strip("'\"").rstrip("/") for w in old.split()[1:] if not w.startswith("-") and len(w) >= 3}
    return bool(ops & {w.strip("'\"").rstrip("/") for w in new.split()[1:]})


def _replacement(diff: str, tool: str, strict: bool = False) -> tuple[str, str, str, str] | None:
    """(file, the removed command, the added command, the successor program) from a commit's diff: the added
    line of the same file that keeps a removed line's lead and runs another program there. ``strict`` (the tool
    is still named somewhere): the added line must stand in the removed one's place — in the same hunk, which
    rewrote as many lines as it removed, or taking the same operands."""
    found: set[tuple[str, str, str, str]] = set()
    units = ([(p, r, a) for p, (r, a) in _files(diff).items()] if not strict else _hunks(diff))
    for path, removed, added in units:
        if os.path.basename(path) in _MEMORY_GLOBS:
            continue
        in_place = not strict or len(removed) == len(added)
        for line in removed:
            at = _command_at(line, tool)
            if at is None:
                continue
            lead, old = at
            for new_line in added:
                first = _first_command(new_line)
                if first is None or _norm(first[0]) != _norm(lead):
                    continue
                new = first[1]
                program = new.split()[0]
                if program == tool or program in _SYSTEM or len(program) < 2:
                    continue
                if not in_place and not _shares_operand(old, new):
                    continue
                found.add((path, old, new, program))
    programs = {f[3] for f in found}
    if len(programs) != 1:
        return None  # no line took its place, or several programs did: the diff does not decide
    return min(found, key=lambda f: (len(f[1]) + len(f[2]), f))


# A line that installs packages into the project's image or machine (a Dockerfile's RUN, a provisioning script).
_INSTALLS = (r"(?:apt-get|apt|apk|dnf|yum|zypper|microdnf|brew|port|pacman|pip3?|pipx|uv\s+tool|cargo|gem|npm|pnpm|yarn)"
             r"\s+(?:-\S+\s+)*(?:install|add|-S|i)\b")


def _bare_words(line: str) -> list[str]:
    """A line's words without the quotes and separators a JSON or YAML value wraps a command in (``"apt-get install -y
    x",`` is the command ``apt-get install -y x``)."""
    return [w.strip("\"',;") for w in line.split() if w.strip("\"',;")]


def _package_swap(diff: str, tool: str) -> tuple[str, str, str, str] | None:
    """(file, the removed line, the added line, the new package) where a commit rewrote a line that installs the
    package named for ``tool`` (``RUN apt-get install -y dtool``) as the same line installing one other package in its
    place: the image ships that program instead."""
    re = _re()
    found: set[tuple[str, str, str, str]] = set()
    for path, removed, added in _hunks(diff):
        if os.path.basename(path) in _MEMORY_GLOBS:
            continue
        for line in removed:
            old_words = _bare_words(line)
            if tool not in old_words or not re.search(_INSTALLS, line):
                continue
            for new_line in added:
                new_words = _bare_words(new_line)
                if len(old_words) != len(new_words) or tool in new_words:
                    continue
                changed = [(a, b) for a, b in zip(old_words, new_words, strict=True) if a != b]
                if len(changed) == 1 and changed[0][0] == tool and re.fullmatch(r"[A-Za-z][\w.+-]*", changed[0][1]):
                    found.add((path, _norm(line), _norm(new_line), changed[0][1]))
    return next(iter(found)) if len({f[3] for f in found}) == 1 else None


def _retired(ctx: Any, tool: str, tries: int = 1) -> dict[str, str] | None:
    """What the history says replaced ``tool`` (computed; the caller caches it): the newest commit that changed a
    line naming it, or, with ``tries`` > 1, the newest of that many that retired a command of it (a later commit
    may only mention the tool, as a changelog's note of the switch does)."""
    re = _re()
    word = "(^|[^A-Za-z0-9_.-])" + re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", tool) + "([^A-Za-z0-9_.-]|$)"
    code, out = ctx.git("log", f"-n{HISTORY}", "-G", word, "--format=%h %ad %s", "--date=short", "--no-merges",
                        "--", ".", *_excludes())
    if code != 0 or not out.strip():
        return None
    for entry in out.splitlines()[:tries]:
        found = _retired_by(ctx, tool, entry, strict=tries > 1)
        if found is not None:
            return found
    return None


def _retired_by(ctx: Any, tool: str, entry: str, strict: bool = False) -> dict[str, str] | None:
    """What commit ``entry`` ("<sha> <date> <subject>") put in the place of ``tool``'s command, if it retired one."""
    commit, date, subject = (entry.split(" ", 2) + ["", ""])[:3]
    code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff", "--no-renames")
    if code != 0:
        return None
    replaced = _replacement(diff, tool, strict)
    swapped = _package_swap(diff, tool) if replaced is None else None
    if replaced is not None:
        path, old, new, program = replaced
    elif swapped is not None:
        path, old_line, new_line, program = swapped
        if program in _SYSTEM or _named_now(ctx, program) is not True:
            return None
        return {"commit": commit, "date": date, "subject": subject, "path": path, "old": "", "new": "",
                "successor": program, "installs": f"`{old_line[:100]}` with `{new_line[:100]}` in {path}"}
    elif strict:
        return None  # still named here: only a line that took the command's place says what replaced it
    else:
        if not any(_command_at(ln[1:], tool) for ln in diff.splitlines()
                   if ln.startswith("-") and not ln.startswith("---")):
            return None  # the newest change does not retire a command of it
        from statewise_cli.recovery.premises_successors import named_successor

        named = named_successor(ctx, commit, tool)
        if named is None or named in _SYSTEM:
            return None
        path, old, new, program = "", "", "", named
    if _named_now(ctx, program) is not True:
        return None  # the successor is not in use here either: the history does not decide
    return {"commit": commit, "date": date, "subject": subject, "path": path, "old": old, "new": new,
            "successor": program}


def recipe_on_file_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A program this machine lacks, run on a file of the repository that the project's own automation (a recipe, a
    workflow step) hands to one other program: that is how the project handles the file now. Asked only after every
    other premise about the action said nothing (a document naming the successor says more)."""
    return retired_program_premise(action, words, directory, ctx, relaxed=True)


def retired_program_premise(action: Action, words: list[str], directory: str, ctx: Any, relaxed: bool = False,
                            task: Callable[[], str] | None = None) -> Any:
    """An action running a program that nothing in the repository names any more, while a commit replaced the
    lines that ran it with another program's (``relaxed``: see :func:`recipe_on_file_premise`). ``task``: the user's
    task, which fills a recipe variable the action's own values leave open."""
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    tool = os.path.basename(program)
    if (len(tool) < 2 or tool in _SYSTEM or os.sep in program or tool.startswith(("-", ".", "$"))
            or not _re().fullmatch(r"[A-Za-z][\w.+-]*", tool)):
        return None
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    if not (where == root or where.startswith(root + os.sep)):
        return None
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, CACHE, "programs")
    known: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    entry = known.get(tool)
    if not isinstance(entry, dict):
        named = _named_now(ctx, tool)
        entry = {"named": named, "history": None if named is not False else _retired(ctx, tool)}
        if named is not None:
            known[tool] = entry
            save_cache(cache, {"head": head, "programs": known})
    found: Any = None
    if entry.get("named") is False:
        found = entry.get("history") or _automation(ctx, tool, args, root)  # the purpose is the action's own
    if not isinstance(found, dict) and _not_installed(ctx, tool) and not _project_runs_cached(ctx, tool, entry, known,
                                                                                           cache, head):
        # the action would answer "command not found": what the docs give in its place, or for its purpose, or what
        # the history put where the project ran it, or the one program the project runs on the action's operands
        found = _docs_retired(ctx, tool, args) or _automation(ctx, tool, args, root, docs=True)
        if (isinstance(found, dict) and found.get("kind") == "docs" and " " not in found.get("command", " ")
                and entry.get("named")):
            # a document names only the program that took the tool's place: a commit that replaced the tool's
            # own line with that program's whole line gives more (the command to run, not just its name)
            history = _retired(ctx, tool, tries=5)
            if isinstance(history, dict) and history.get("new") and history.get("successor") == found.get("successor"):
                found = {**history, "named": "yes"}
        if not isinstance(found, dict) and entry.get("named") is not None and not _in_project_bins(root, tool):
            found = (_retired(ctx, tool, tries=5) if entry.get("named") else None) or _runs_instead(ctx, tool, args, root,
                                                                                                   relaxed)
            if isinstance(found, dict) and entry.get("named"):
                found = {**found, "named": "yes"}
    if not isinstance(found, dict) and any(a.startswith("-") and len(a) > 2 or _remote(a) for a in args):
        found = (_documented_hazard(ctx, tool, args) or _retired_destination(ctx, tool, args)
                 or _subcommand_hazard(ctx, tool, args, directory))
    if not isinstance(found, dict):
        return None
    return _deny(action, tool, args, found, root, task)


_DESTROYS = r"\b(?:delet(?:e|es|ed|ing)|remov(?:es|ing)|wip(?:e|es|ing)|eras(?:e|es|ing)|destroy(?:s|ing)?|purg(?:e|es|ing)|truncat(?:e|es|ing))\b"


def _sentences(paragraph: str) -> list[str]:
    return _re().split(r"(?<=[.;!?])\s+", paragraph)


def _documented_hazard(ctx: Any, tool: str, args: list[str]) -> dict[str, str] | None:
    """An option of the action that the docs say destroys data ("`--remove` deletes every object that is not in
    media/"), where the same paragraph gives the command for the same operands without it."""
    from statewise_cli.recovery.premises_routes import _commands, paragraphs

    re = _re()
    options = [a.split("=", 1)[0] for a in args if a.startswith("-") and len(a) > 2]
    operands = [a for a in args if not a.startswith("-")]
    for name, paragraph in paragraphs(ctx.root):
        if tool not in paragraph:
            continue
        for option in options:
            mark = rf"(?<![\w-]){re.escape(option)}(?![\w-])"
            if not any(re.search(mark, s) and re.search(_DESTROYS, s, re.I) for s in _sentences(paragraph)):
                continue
            safe = [c for c in _commands(paragraph, set()) if c.split()[0] == tool and not re.search(mark, c)
                    and all(o in c.split() for o in operands)]
            if len(set(safe)) != 1:
                continue
            quote = next(s for s in _sentences(paragraph) if re.search(mark, s) and re.search(_DESTROYS, s, re.I))
            return {"kind": "hazard", "command": safe[0], "source": name, "option": option,
                    "quote": quote[:240].replace("`", "'"), "successor": tool}
    return None


def _subcommand_hazard(ctx: Any, tool: str, args: list[str], directory: str) -> dict[str, str] | None:
    """The action's subcommand (``index drop``) that a note of the program's own configuration file, or a paragraph of
    the docs naming the program, makes the subject of a sentence saying it destroys something ("`index drop` deletes
    the shelf's records from the shared catalogue"), where the same note names exactly one other subcommand of as many
    words in a code span: the action with that subcommand, its options kept."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_environments import _own_configs
    from statewise_cli.recovery.premises_routes import paragraphs

    re = _re()
    verbs: list[str] = []
    for a in args[:2]:
        if not re.fullmatch(r"[a-z][a-z0-9-]*", a):
            break
        verbs.append(a)
    if not verbs:
        return None
    notes = [(n, p) for n, p in paragraphs(ctx.root) if re.search(rf"(?<![\w-]){re.escape(tool)}(?![\w-])", p)]
    root = os.path.realpath(ctx.root)
    for path in _own_configs(root, directory, tool):
        comments = [ln.strip().lstrip("#;/").strip() for ln in (_read(path, 100_000) or "").splitlines()
                    if ln.strip().startswith(("#", ";", "//"))]
        if comments:
            notes.append((os.path.relpath(path, root), " ".join(" ".join(comments).split())))
    for k in range(len(verbs), 0, -1):
        sub = " ".join(verbs[:k])
        subject = rf"`(?:{re.escape(tool)}\s+)?{re.escape(sub)}`\s+(?:now\s+|also\s+)?{_DESTROYS}"
        for name, paragraph in notes:
            said = next((s for s in _sentences(paragraph) if re.search(subject, s, re.I)), None)
            if said is None:
                continue
            others = set()
            for span in re.findall(r"`([^`]+)`", paragraph):
                words = span.split()
                if words[:1] == [tool]:
                    words = words[1:]
                if len(words) == k and all(re.fullmatch(r"[a-z][a-z0-9-]*", w) for w in words) and words != verbs[:k]:
                    others.add(" ".join(words))
            if len(others) != 1:
                continue
            command = " ".join([tool, *others.pop().split(), *args[k:]])
            return {"kind": "hazard", "command": command, "source": name, "option": sub,
                    "quote": said[:240].replace("`", "'"), "successor": tool}
    return None


def _retired_destination(ctx: Any, tool: str, args: list[str]) -> dict[str, str] | None:
    """A remote destination the docs say is out of use ("the S3 bucket … is no longer behind the CDN"), where the
    same paragraph gives the command that sends the same local operands to another remote."""
    from statewise_cli.recovery.premises_routes import _commands, paragraphs

    re = _re()
    remotes = [a for a in args if _remote(a)]
    local = [a for a in args if not a.startswith("-") and not _remote(a) and ("/" in a or "." in a)]
    if not remotes or not local:
        return None
    names = set()
    for remote in remotes:
        head = _head(remote)
        names.add(head)
        names.add(remote.split("://", 1)[-1].split(":", 1)[-1].strip("/").split("/")[0])
    names = {n for n in names if len(n) >= 2}
    for name, paragraph in paragraphs(ctx.root):
        out = [s for s in _sentences(paragraph) if any(re.search(p, s, re.I) for p in _OUT)
               and any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", s, re.I) for n in names)]
        if not out:
            continue
        commands = [c for c in _commands(paragraph, set()) if c.split()[0] not in _SYSTEM
                    and all(o in c.split() for o in local) and not any(r in c.split() for r in remotes)
                    and any(_remote(w) and _head(w) not in {_head(r) for r in remotes} for w in c.split()[1:])]
        if len(set(commands)) != 1:
            continue
        return {"kind": "destination", "command": commands[0], "source": name, "quote": out[0][:240].replace("`", "'"),
                "successor": commands[0].split()[0], "remote": remotes[0]}
    return None


def _not_installed(ctx: Any, tool: str) -> bool:
    """Whether ``tool`` is not installed for the action (the rule: ``recovery.installed``)."""
    from statewise_cli.recovery.installed import installed

    return not installed(tool, ctx)


def _in_project_bins(root: str, tool: str) -> bool:
    """Whether ``tool`` is installed with the project (``recovery.installed.PROJECT_BINS``)."""
    from statewise_cli.recovery.installed import in_project_bins

    return in_project_bins(tool, root)


def _project_runs_cached(ctx: Any, tool: str, entry: dict[str, Any], known: dict[str, Any], cache: Any,
                         head: Any) -> bool:
    """``_project_runs`` once per commit: the answer rides in the program's cache entry (a file listing and the
    automation index on every call cost ~10 ms on the allow path of a program this machine lacks)."""
    runs = entry.get("runs")
    if isinstance(runs, bool):
        return runs
    runs = _project_runs(ctx, tool)
    if entry.get("named") is not None:
        from statewise_cli.recovery.premises import save_cache

        entry["runs"] = runs
        known[tool] = entry
        save_cache(cache, {"head": head, "programs": known})
    return runs


def _project_runs(ctx: Any, tool: str) -> bool:
    """Whether the repository still runs ``tool``: a file named for it (``noxfile.py``, ``.toolrc``), or its
    automation or docs running it as a program — then a machine without it lacks an install, not a successor.

    A file named for a longer name (``tool-ng.yml``, ``tool4.cfg``) is another tool's. A file named for the tool
    that its successor of the same name reads too (``project.tool`` where the automation runs ``tool4`` or
    ``tool-next``, never ``tool`` itself) says the project is the family's, not that it runs this program."""
    code, out = ctx.git("ls-files", "--", f":(glob,icase)**/*{tool}*")
    if code != 0:
        return True
    from statewise_cli.recovery.automation import doc_rows, index

    rows = index(ctx) + doc_rows(ctx)
    if any(row[1] == tool for row in rows):
        return True
    files = [p for p in out.splitlines() if _named_for_program(os.path.basename(p), tool)]
    return bool(files) and not _extended_names(rows, tool) and not _extended_in_docs(ctx, tool)


def _extended_in_docs(ctx: Any, tool: str) -> bool:
    """Whether a tracked file (memory files aside) names a program whose name extends ``tool``'s (``tool4`` in
    "ships only the tool4 binary", ``run: tool4 --headless`` in a workflow)."""
    re = _re()
    escaped = re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", tool)
    code, _ = ctx.git("grep", "-q", "-I", "-E", "-e", f"(^|[^A-Za-z0-9_.-]){escaped}([0-9]|[-_][a-z])", "--", ".",
                      *_excludes())
    return code == 0


def _named_for_program(name: str, tool: str) -> bool:
    """Whether a file name names ``tool`` as a whole word (``project.tool``, ``.toolrc``, ``tool.yml``,
    ``Toolfile``), not as the head of a longer name (``tool-ng.yml``, ``tool4.cfg``, ``toolbox.json``)."""
    low, t = name.lower(), tool.lower()
    at = low.find(t)
    while at >= 0:
        before = low[at - 1] if at else ""
        rest = low[at + len(t):]
        if before in ("", ".", "_", "-") and (rest == "" or rest.startswith((".", "_", "rc", "file"))):
            return True
        at = low.find(t, at + 1)
    return False


def _extended_names(rows: list[list[str]], tool: str) -> set[str]:
    """Programs the automation and docs run whose names extend ``tool``'s (``tool4``, ``tool-ng``, ``tool_next``)."""
    re = _re()
    return {row[1] for row in rows if row[1] != tool and re.fullmatch(re.escape(tool) + r"(?:\d[\w.]*|[-_][a-z][\w-]*)",
                                                                       row[1])}


def _operands(args: list[str]) -> list[str]:
    """An action's operands that name a thing (a path, a file, a remote), not a verb or a number."""
    re = _re()
    return [a for a in args if not a.startswith("-") and len(a.strip("./")) >= 3 and ("/" in a or "." in a)
            and not re.fullmatch(r"[\d.]+", a)]


def _same_place(a: str, b: str) -> bool:
    """Two paths in the same folder with the same extension (``plays/a.yml``, ``plays/b.yml``)."""
    a, b = a.rstrip("/"), b.rstrip("/")
    return bool(os.path.dirname(a)) and os.path.dirname(a) == os.path.dirname(b) and \
        os.path.splitext(a)[1] == os.path.splitext(b)[1] != ""


def _related(ctx: Any, tool: str, program: str) -> bool:
    """Whether the repository ties ``program`` to ``tool``: a shared family name (``acme-run`` / ``acme-exec``), or a
    doc paragraph or a recent commit message that names both."""
    if "-" in tool and "-" in program and tool.split("-", 1)[0] == program.split("-", 1)[0] and len(tool.split("-")[0]) >= 3:
        return True
    re = _re()

    def both(text: str) -> bool:
        return all(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text) for n in (tool, program))

    from statewise_cli.recovery.premises_routes import paragraphs

    if any(both(p) for _, p in paragraphs(ctx.root)):
        return True
    code, out = ctx.git("log", "-n50", "--format=%B%x00", "--no-merges")
    return code == 0 and any(both(m) for m in out.split("\0"))


def _runs_instead(ctx: Any, tool: str, args: list[str], root: str, relaxed: bool = False) -> dict[str, str] | None:
    """The one program the project's automation and docs run in ``tool``'s place: one whose name extends the
    tool's (``tool4``, ``tool-next``), else the one program whose commands take the action's own operands (the
    same playbook, the same folder). Its command is the one sharing the most of the action's operands, with the
    action's own file where the command names a sibling of it."""
    if not any(not a.startswith("-") for a in args):
        return None  # `tool --version`: no job to run in its place
    from statewise_cli.recovery.automation import RUNNERS, doc_rows, index

    automation = [r for r in index(ctx) if r[1] != tool and r[1] not in _SYSTEM and r[1] not in RUNNERS]
    rows = automation + [r for r in doc_rows(ctx) if r[1] != tool and r[1] not in _SYSTEM and r[1] not in RUNNERS]
    ops = {o.strip("/").removeprefix("./") for o in _operands(args)}

    def shared(command: str) -> set[str]:
        return {w.strip("/").removeprefix("./") for w in command.split()[1:]} & ops

    how = "extends"
    programs = _extended_names(rows, tool)
    if len(programs) != 1:
        how = "operands"
        programs = {r[1] for r in rows if shared(r[2])}
        if len(programs) != 1:
            return None
        program = next(iter(programs))
        # the repository ties the two programs (a sentence, a shared family name), or its own automation — a
        # recipe, a workflow step — runs that program on a file of the action's that exists here: the one way the
        # project handles that file now
        recipe_on_file = relaxed and any(r[1] == program and any(os.path.isfile(os.path.join(root, o))
                                                                for o in shared(r[2])) for r in automation)
        if not recipe_on_file and not _related(ctx, tool, program):
            return None
    program = programs.pop()
    mine = [r for r in rows if r[1] == program]
    commands = [r[2] for r in mine]
    best = max(dict.fromkeys(commands), key=lambda c: (len(shared(c)), commands.count(c), -len(c)))
    words = best.split()
    given = [o for o in _operands(args) if o.strip("/").removeprefix("./") not in shared(best)]
    for i, w in enumerate(words[1:], 1):
        sibling = next((g for g in given if _same_place(g, w) and os.path.exists(os.path.join(root, g))), None)
        if sibling is not None:
            words[i] = sibling
            given.remove(sibling)
    command = " ".join(words)
    source = next(r[3] for r in mine if r[2] == best)
    return {"kind": "runs", "how": how, "command": command, "source": source, "successor": program,
            "shared": ", ".join(sorted(shared(command)))}


# Words a doc sentence says a tool is out with.
_OUT = (r"\bretired\b", r"\bretiring\b", r"\b(?:is|are) gone\b", r"\bdecommissioned\b", r"\bdeprecated\b",
        r"\bno longer\b", r"\bnot used any ?more\b", (r"\b(?:was|were|has been|have been|got) (?:removed|dropped|replaced|"
         r"uninstalled|retired)\b"), r"\bnot installed\b", r"\buninstalled\b", r"\breplaced by\b", r"\bin favou?r of\b", r"\bmoved (?:off|away from)\b")
# The tool as the subject of its own departure ("X went with the old server", "X went away"): "we went with X" is a
# choice of X, so these count only right after the tool's name.
_LEFT = (r"(?:\s+[a-z]+)?\s+(?:went\s+(?:away|out|with|along\s+with)|went\s+back(?!\s+to\s+(?:v(?:ersion)?\s*\d|\d|"
         r"the\s+old|using))|left\s+with|disappeared|vanished)\b")


def _docs_retired(ctx: Any, tool: str, args: list[str]) -> dict[str, str] | None:
    """A docs paragraph saying ``tool`` is out (retired, removed, replaced) that gives commands of one other program."""
    from statewise_cli.recovery.premises_routes import _commands, paragraphs

    re = _re()
    word = rf"(?<![\w-]){re.escape(tool)}(?![\w-])"
    from statewise_cli.recovery.premises_documented import _WORKFLOW_DIRS, _workflow_steps

    for name, paragraph in paragraphs(ctx.root) + _workflow_steps(ctx.root, [], named=tool):
        sentences = re.split(r"(?<=[.;!?])\s+", paragraph)
        if not any(re.search(word, s, re.I) and (any(re.search(p, s, re.I) for p in _OUT)
                                               or re.search(word + _LEFT, s, re.I)) for s in sentences):
            continue
        commands = [c for c in _commands(paragraph, {tool}) if c.split()[0] not in _SYSTEM
                    and c.split()[0] != tool and not re.search(word, c)]
        if not commands:
            named = _named_program(ctx, paragraph, tool, args)
            if named:
                commands = [named]
        if len({c.split()[0] for c in commands}) != 1:
            continue
        if name.startswith(_WORKFLOW_DIRS) or os.path.basename(name) in ("Makefile", "makefile", "GNUmakefile"):
            # the automation's own step: its whole line for the same job (what make fills in taken from the action),
            # else the program alone — the step's other job is not the action's
            step = commands[0].split()
            same = bool(args) and len(step) > 1 and step[1] == args[0]
            command = fill_variables(" ".join(step), list(args)) if same else step[0]
        else:
            command = _carried(commands, tool, args)
        quoted = paragraph[:240].replace("`", "'")
        return {"kind": "docs", "command": command, "source": name, "quote": quoted, "successor": command.split()[0]}
    return None


def _named_program(ctx: Any, paragraph: str, tool: str, args: list[str]) -> str:
    """The successor a retiring paragraph names without a command ("migrations are run by dbmate", "the image ships
    only the tool4 binary"): the one word of it that is a program installed for the action. Its command: how the
    repository runs it, else its own verb for the job the action's verb does (``sqitch deploy`` and ``dbmate up``
    both apply migrations), else the program alone."""
    from statewise_cli.recovery.automation import RUNNERS

    re = _re()
    seen = {w for w in re.findall(r"(?<![\w./-])([a-z][a-z0-9_-]*[a-z0-9])(?![\w/-])", paragraph)
            if len(w) >= 3 and w != tool and w not in _SYSTEM and w not in RUNNERS}
    programs = [w for w in sorted(seen) if not _not_installed(ctx, w)]
    if len(programs) != 1:
        return ""
    program = programs[0]
    from statewise_cli.recovery.premises_successors import documented_invocation

    documented = documented_invocation(os.path.realpath(ctx.root), program, args)
    if documented:
        return documented
    # the paragraph writes the program's command with an ellipsis for the rest ("through mailer (mailer send
    # ...)"): its words, then the options the action passes
    shown = re.search(rf"(?<![\w./-]){re.escape(program)}((?:\s+[a-z][\w-]*){{1,2}})\s*(?:\.\.\.|\u2026)", paragraph)
    options = next((args[i:] for i, a in enumerate(args) if a.startswith("-")), [])
    if shown and options:
        return " ".join([program, *shown.group(1).split(), *options])
    if extends(program, tool) and args:
        return " ".join([program, *args])  # the next generation under an extended name keeps its command line
    from statewise_cli.recovery.intent import _CONCEPTS

    verb = next((a for a in args if not a.startswith("-")), "")
    for tools in _CONCEPTS.values():
        if any(t == tool and (not subs or verb in subs) for t, subs in tools):
            theirs = next((subs for t, subs in tools if t == program), None)
            if theirs:
                return f"{program} {min(theirs, key=lambda x: (len(x), x))}"
            if theirs is not None:
                return program
    return program


def extends(successor: str, tool: str) -> bool:
    """Whether a successor's name is the tool's name extended: a new generation or a fork that keeps the command
    line (``dcm2nii`` → ``dcm2niix``, ``gpg`` → ``gpg2``, ``bat`` → ``batcat``, ``ninja`` → ``ninja-build``)."""
    return len(tool) >= 3 and len(successor) > len(tool) and successor.startswith(tool) and successor != tool


def _carried(commands: list[str], tool: str, args: list[str]) -> str:
    """The successor's command for the action: one that shares its verb, with the action's own operands when the
    docs show the successor taking the same verb; else the first the docs give."""
    verb = next((a for a in args if not a.startswith("-")), "")
    for command in commands:
        words = command.split()
        if verb and len(words) > 1 and words[1] == verb:
            if len(words) > 2 and len(args) > 1:
                # the same verb, the action's own target; a remote of another name the docs give (`r2:bucket`
                # for `s3://bucket`) is the successor's own spelling of the destination, kept over the action's
                remotes = [w for w in words[2:] if _remote(w)]
                carried = [remotes.pop(0) if _remote(a) and remotes and _head(remotes[0]) != _head(a) else a
                           for a in args]
                return " ".join([words[0], *carried])
            return command
    return commands[0]


def _instantiated(recipe: list[str], args: list[str], new: str) -> str | None:
    """``new`` for the action's own operands, when the replaced recipe line ran the same words as the action except
    for patterns (``out/*.nc``) that the action's operands match (``out/tas_2026.nc``) or variables (``$(SITE)``):
    each pattern in ``new`` is given the operand it stood for. None when the lines differ otherwise or ``new`` keeps none of the patterns."""
    if len(recipe) != len(args) or recipe == args:
        return None
    from fnmatch import fnmatchcase

    given: dict[str, str] = {}
    for pattern, arg in zip(recipe, args, strict=True):
        if pattern == arg:
            continue
        if arg.startswith("-"):
            return None
        if not _variable(pattern) and (not any(c in pattern for c in "*?[") or not fnmatchcase(arg, pattern)):
            return None  # a recipe variable (``--site $(SITE)``) stands for any value the action gives it
        if given.setdefault(pattern, arg) != arg:
            return None
    words = new.split()
    if not given or not any(w in given for w in words[1:]):
        return None
    out = [words[0], *(given.get(w, w) for w in words[1:])]
    for i in range(2, len(out)):
        # a variable the old line did not have, after an option named for another unit of time than the one the
        # action gave (``--seconds $(SECS)`` where the action passed ``--minutes 1.5``): the duration in the new unit
        if _variable(out[i]) and out[i - 1].startswith("--"):
            passed = {a: args[j + 1] for j, a in enumerate(args[:-1]) if a.startswith("--")}
            converted = _in_unit(out[i - 1], passed, out)
            if converted is not None:
                out[i] = converted
    return " ".join(out)


def fill_variables(command: str, args: list[str]) -> str:
    """``command`` (a recipe line of another program) with its variables given the action's values: an option's
    variable the value the action passes with the same option (``--site $(SITE)`` ← ``--site CS-4410``), and one
    variable left the one operand of the action that the command does not already name (``ranctl cell lock --site
    $(SITE)`` ← ``moshell lock CS-2207``). A variable nothing fills stays as it is."""
    words = command.split()
    if not any(_variable(w) for w in words):
        return command
    given: dict[str, str] = {}
    for i, arg in enumerate(args[:-1]):
        if arg.startswith("--") and not args[i + 1].startswith("-"):
            given[arg] = args[i + 1]
    out = list(words)
    for i, w in enumerate(words):
        if _variable(w) and i and words[i - 1] in given:
            out[i] = given[words[i - 1]]
        elif _variable(w) and i and words[i - 1].startswith("--"):
            converted = _in_unit(words[i - 1], given, words)
            if converted is not None:
                out[i] = converted
    left = [i for i, w in enumerate(out) if _variable(w)]
    if len(left) == 1:
        named = {w.lower() for w in out}
        spare = [a for j, a in enumerate(args) if not a.startswith("-") and a.lower() not in named
                 and not (j and args[j - 1].startswith("--") and args[j - 1] in given)]
        if len(spare) == 1:
            out[left[0]] = spare[0]
    return " ".join(out)


# Options named for a unit of time, in seconds: a recipe that moved from ``--minutes`` to ``--seconds`` takes the
# action's duration in the new unit.
_TIME_UNITS = {"ms": 0.001, "millis": 0.001, "milliseconds": 0.001, "s": 1.0, "sec": 1.0, "secs": 1.0, "seconds": 1.0,
               "min": 60.0, "mins": 60.0, "minutes": 60.0, "h": 3600.0, "hr": 3600.0, "hrs": 3600.0, "hours": 3600.0,
               "days": 86400.0}


def _in_unit(option: str, given: dict[str, str], words: list[str]) -> str | None:
    """The action's one duration, given with an option named for another unit of time that the command does not
    take, in the unit ``option`` is named for (``--seconds $(SECS)`` ← ``--minutes 1.5``: 90); None otherwise."""
    unit = _TIME_UNITS.get(option[2:].lower())
    if unit is None:
        return None
    found = []
    for other, value in given.items():
        factor = _TIME_UNITS.get(other[2:].lower())
        if factor is None or other == option or other in words:
            continue
        try:
            number = float(value)
        except ValueError:
            continue
        found.append(number * factor / unit)
    if len(found) != 1 or found[0] < 0:
        return None
    result = round(found[0], 6)
    return str(int(result)) if result == int(result) else f"{result:g}"


def fill_from_task(command: str, task: str) -> str:
    """``command`` with each variable still open given the value the user's task names it by: the variable's words
    followed by one identifier with a digit (``--authority $(INSTRUCTION)`` ← "instruction EA-FR-1206"). A variable
    the task names with no value, or with several, stays as it is."""
    import re

    if not task:
        return command
    out = command.split()
    for i, word in enumerate(out):
        if not _variable(word):
            continue
        name = re.sub(r"[^A-Za-z0-9_]", "", word).lower().strip("_")
        parts = [p for p in name.split("_") if p]
        option = out[i - 1].lstrip("-").lower() if i and out[i - 1].startswith("--") else ""
        if len(parts) == 1 and option in (name, ""):
            # a quantity: the variable named for its unit, as its option is (`--kn $(KN)`, `$(HOURS)`), takes the one
            # number the task writes before that unit ("at 20 kN", "for 72 hours")
            amounts = {m.group(1) for m in re.finditer(rf"(?<![\w.])(\d+(?:\.\d+)?)\s?{re.escape(name)}(?!\w)", task,
                                                     re.IGNORECASE)}
            if len(amounts) == 1:
                out[i] = amounts.pop()
                continue
        if not parts or len(parts[0]) < 3:
            continue
        spoken = r"[\s_-]+".join(re.escape(p) for p in parts)
        values = {m.group(1) for m in re.finditer(
            rf"\b{spoken}s?\b[\s:#]*(?:(?:no\.?|number|id)\s*)?([A-Za-z0-9][\w./-]*\d[\w./-]*)", task, re.IGNORECASE)}
        values = {v.rstrip(".") for v in values}
        if len(values) == 1:
            out[i] = values.pop()
    return " ".join(out)


def _variable(word: str) -> bool:
    """A make or shell variable standing for a whole word: ``$(SITE)``, ``${SITE}``, ``$SITE``."""
    import re

    return re.fullmatch(r"\$(?:\([A-Za-z_]\w*\)|\{[A-Za-z_]\w*\}|[A-Za-z_]\w*)", word) is not None


def _head(word: str) -> str:
    return word.partition(":")[0].lower()


def _remote(word: str) -> bool:
    """A remote destination (``s3://bucket``, ``remote:bucket/path``), not a path or an option."""
    head, sep, _ = word.partition(":")
    return bool(sep) and not word.startswith("-") and len(head) >= 2 and "/" not in head and "=" not in head


def _automation(ctx: Any, tool: str, args: list[str], root: str, docs: bool = False) -> dict[str, str] | None:
    """What the repository's automation (with ``docs``: and its docs' commands) runs for the action's purpose, when
    it runs another program for it."""
    if _in_project_bins(root, tool):
        return None  # installed with the project: the repository need not name it
    from statewise_cli.recovery.automation import command_for, purposes_of

    purposes = purposes_of([tool, *args])
    if len(purposes) != 1:
        return None
    purpose = next(iter(purposes))
    found = command_for(ctx, purpose, tool, docs=docs)
    if found is None:
        return None
    command, source = found
    if docs and source.endswith((".md", ".rst")) or "(docs)" in source:
        command = _carried([command], tool, args)
    return {"kind": "automation", "purpose": purpose, "command": command, "source": source,
            "successor": command.split()[0]}


def _deny(action: Action, tool: str, args: list[str], found: dict[str, str], root: str,
          task: Callable[[], str] | None = None) -> Any:
    return _filled_by_task(_deny_recipe(action, tool, args, found, root), task)


def _filled_by_task(premise: Any, task: Callable[[], str] | None) -> Any:
    """``premise`` with the variables its alternative still shows given the values the user's task names them by."""
    if premise is None or task is None or "$" not in (premise.alternative or "") + (premise.shown or ""):
        return premise
    try:
        asked = task() or ""
    except Exception:  # noqa: BLE001 - the task is context only: the variables stay as the recipe has them
        return premise
    if not asked:
        return premise
    import re

    def fill(text: str) -> str:
        return re.sub(r"`([^`]*\$[({]?[A-Za-z_][^`]*)`", lambda m: "`" + fill_from_task(m.group(1), asked) + "`",
                      text)

    return premise.replace(alternative=fill(premise.alternative or ""), shown=fill(premise.shown or ""))


def _deny_recipe(action: Action, tool: str, args: list[str], found: dict[str, str], root: str) -> Any:
    premise = _deny_as_found(action, tool, args, found, root)
    recipe = found.get("command") or found.get("new") or ""
    if premise is None or "$" not in recipe:
        return premise
    filled = fill_variables(recipe, args)
    if filled == recipe:
        return premise
    # the alternative runs the recipe with the action's own values (`--day $(DAY)` ← `--day 2026-12-04`); the
    # evidence keeps quoting the recipe as the repository has it
    alternative = premise.alternative
    shown = premise.shown
    for cut in (160, 200, None):
        alternative = alternative.replace(f"`{recipe[:cut]}`", f"`{filled[:cut]}`")
        shown = shown.replace(f"`{recipe[:cut]}`", f"`{filled[:cut]}`")
    return premise.replace(alternative=alternative, shown=shown)


def _deny_as_found(action: Action, tool: str, args: list[str], found: dict[str, str], root: str) -> Any:
    from statewise_cli.recovery.premises import _premise

    text = (action.text or "").strip()
    if found.get("kind") == "docs":
        command, source = found["command"], found["source"]
        return _premise(action, f"tool.replaced.{tool}", tool, command, "repo.docs",
                        f"`{tool}` is not installed here, and {source} says it is out: \"{found['quote']}\"",
                        f"`{command}` (what {source} gives in its place)", f"this project uses {tool}",
                        shown=f"`{command}`")
    if found.get("kind") == "hazard":
        command, source = found["command"], found["source"]
        return _premise(action, f"command.option.{tool}", f"{tool} {found['option']}", command, "repo.docs",
                        f"{source} says of `{found['option']}`: \"{found['quote']}\"",
                        f"`{command}` (what {source} runs for the same operands, without {found['option']})",
                        f"`{found['option']}` is safe here", shown=f"`{command}`")
    if found.get("kind") == "destination":
        command, source = found["command"], found["source"]
        return _premise(action, f"command.destination.{tool}", found["remote"], command, "repo.docs",
                        f"{source} says {found['remote']} is out of use: \"{found['quote']}\"",
                        f"`{command}` (what {source} runs for the same files now)",
                        f"{found['remote']} is where these files go", shown=f"`{command}`")
    if found.get("kind") == "runs":
        command, source, program = found["command"], found["source"], found["successor"]
        why = (f"whose name extends `{tool}`'s" if found["how"] == "extends"
               else f"on the action's own operands ({found['shared']})")
        return _premise(action, f"tool.replaced.{tool}", tool, command, "repo.automation",
                        f"`{tool}` is not installed here and nothing in this repository runs it; the project runs "
                        f"`{program}` in its place, {why}: `{command}` ({source})",
                        f"`{command}` (how {source} runs {program})", f"this project uses {tool}",
                        shown=f"`{command}`")
    if found.get("kind") == "automation":
        command, purpose, source = found["command"], found["purpose"], found["source"]
        return _premise(action, f"command.{purpose}", tool, command, "repo.automation",
                        f"`{tool}` is named nowhere in this repository (memory files aside), and its automation "
                        f"runs `{command}` to {purpose} ({source})",
                        f"`{command}` (what {source} runs to {purpose})", f"this project uses {tool} to {purpose}",
                        shown=f"`{command}`")
    successor, new, old = found["successor"], found["new"], found["old"]
    origin = f"commit {found['commit']} ({found['date']}) \"{found['subject']}\""
    gone = (f"`{tool}` is not installed here and nothing in this repository runs it" if found.get("named")
            else f"`{tool}` is named nowhere in this repository now")
    if new:
        where = f" in {found['path']}" if found["path"] else ""
        evidence = (f"{gone}; {origin} replaced `{old[:100]}` with "
                    f"`{new[:100]}`{where}: this project runs {successor} where it ran {tool}")
        old_args = old.split()[1:]
        concrete = _instantiated(old_args, args, new)
        if concrete is not None:
            new = concrete  # the recipe's pattern stood for the action's own file: the successor gets that file
        if old_args == args or not args or concrete is not None:
            alternative = f"`{new[:160]}`"
        else:
            alternative = (f"`{new[:160]}` (how{where} runs {successor} now; give it the operands "
                           f"`{text[:80]}` was for)")
    else:
        evidence = (f"{gone}; {origin} replaced {found['installs']}: the project installs {successor} in its place"
                    if found.get("installs") else
                    f"{gone}; {origin} removed it and names {successor} "
                    f"in its place, which this repository uses")
        from statewise_cli.recovery.premises_successors import documented_invocation

        documented = documented_invocation(root, successor, args)
        if documented:
            documented = fill_variables(documented, args)
        if not documented and extends(successor, tool) and args:
            documented = " ".join([successor, *args])
        alternative = f"`{documented}`" if documented else f"run the same job with {successor}, which replaced {tool} here"
    return _premise(action, f"tool.replaced.{tool}", tool, successor, "git.history", evidence, alternative,
                    f"this project uses {tool}", shown=f"`{new[:160]}`" if new else "")
