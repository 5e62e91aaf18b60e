"""A program whose footprint the repository no longer has, read from its current files and its history — not
from what its documents say or how they say it.

The premise of running a project tool is that the project still uses it. Its **footprint** is what a project
keeps for a tool it uses: a configuration file named for it, a manifest or lockfile entry, a CI step, a script or
recipe that runs it — any tracked file that names it, except prose (Markdown, reStructuredText, text files,
changelogs), ignore lists and the agents' memory files, which say what people wrote about it, not that anything
runs it. When nothing tracked is footprint of the program now, the newest commit that changed a non-prose line
naming it (or deleted a file named for it) is the one that removed it. That commit decides:

- it also **put something in its place** — a line that runs another program where the removed one ran it (the
  same hunk), the successor its message names, or files it added that the repository still has — the action
  rests on a tool the project dropped: deny, with the commit, what it removed and what it added;
- it only removed the program: nothing took its place, nothing is said (no deny).

A program the repository never had a footprint of is not judged (nothing in the repository speaks either way).
One ``git grep`` per program and HEAD (cached beside the store); the history only for a program without a
footprint.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

HISTORY = 200  # commits searched for the one that removed a program's footprint
CACHE = "footprints.json"
# Prose, ignore lists and memory files: what people wrote about a tool, never evidence that anything runs it.
_NOT_FOOTPRINT = ("*.md", "*.markdown", "*.mdx", "*.rst", "*.txt", "*.adoc", "*.org", "CHANGELOG*", "CHANGES*",
                  "HISTORY*", "NEWS*", "AUTHORS*", ".gitignore", ".dockerignore", ".gitattributes", ".mailmap",
                  "CLAUDE.md", "AGENTS.md", "AGENTS.override.md", "GEMINI.md", ".cursorrules")
# Files a commit adds that can hold another tool's footprint: configuration, unit files, scripts — not the project's
# own code, tests, docs or lockfiles (a commit that adds source files next to a removal says nothing of a successor).
_SUCCESSOR_EXTS = (".toml", ".json", ".jsonc", ".json5", ".yaml", ".yml", ".ini", ".cfg", ".conf", ".service", ".timer",
                   ".socket", ".xml", ".properties", ".hcl", ".tf", ".nix", ".sh", ".env")
_SUCCESSOR_SCRIPTS = (".config.js", ".config.cjs", ".config.mjs", ".config.ts", "rc.js", "rc.cjs", "file", "file.js",
                      "file.py")


# The project's own manifests and lockfiles: a file of this name is no tool's configuration.
_PROJECT_MANIFESTS = frozenset({"package.json", "pyproject.toml", "setup.cfg", "setup.py", "cargo.toml", "go.mod",
                                "go.sum", "gemfile", "composer.json", "pom.xml", "build.gradle", "build.gradle.kts",
                                "settings.gradle", "mix.exs", "pubspec.yaml", "deno.json", "package-lock.json",
                                "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "uv.lock", "cargo.lock", "gemfile.lock",
                                "composer.lock", "requirements.txt", ".gitignore", ".gitattributes", ".editorconfig"})


def _successor_file(path: str) -> bool:
    """Whether an added file can be another tool's footprint (its configuration, a unit, a script)."""
    low = path.lower()
    if any(part in ("test", "tests", "spec", "specs", "__tests__", "fixtures", "docs", "doc") for part in low.split("/")[:-1]):
        return False
    base = os.path.basename(low)
    if base in _PROJECT_MANIFESTS:
        return False  # every project has one: adding it names no tool (a successor in it shows in its lines)
    return base.endswith(_SUCCESSOR_EXTS + _SUCCESSOR_SCRIPTS) or (base.startswith(".") and "." not in base[1:])


def _excludes() -> list[str]:
    return [f":(exclude,glob,icase)**/{name}" for name in _NOT_FOOTPRINT]


def _footprint_file(path: str) -> bool:
    import fnmatch

    base = os.path.basename(path)
    return not any(fnmatch.fnmatch(base.lower(), p.lower()) for p in _NOT_FOOTPRINT)


def _re() -> Any:
    import re

    return re


def _word(tool: str) -> str:
    re = _re()
    return "(^|[^A-Za-z0-9_.-])" + re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", tool) + "([^A-Za-z0-9_-]|$)"


def _footprint_now(ctx: Any, tool: str) -> bool | None:
    """Whether a tracked file other than prose names ``tool`` (any case) or is named for it (None: git could not
    say)."""
    code, _ = ctx.git("grep", "-q", "-I", "-i", "-E", "-e", _word(tool), "--", ".", *_excludes())
    if code != 1:
        return True if code == 0 else None
    code, out = ctx.git("ls-files", "--", f":(glob,icase)**/*{tool}*")
    if code != 0:
        return None
    from statewise_cli.recovery.premises_history import _named_for_program

    return any(_footprint_file(p) and _named_for_program(os.path.basename(p), tool) for p in out.splitlines())


def _removal(ctx: Any, tool: str) -> dict[str, Any] | None:
    """The newest commit that removed ``tool``'s footprint, what it removed and what it put in its place."""
    code, out = ctx.git("log", f"-n{HISTORY}", "-i", "-G", _word(tool), "--format=%H %ct", "--no-merges", "--", ".",
                        *_excludes())
    if code != 0:
        return None
    candidates = [line.split() for line in out.splitlines() if len(line.split()) == 2]
    code, out = ctx.git("log", f"-n{HISTORY}", "--diff-filter=D", "--format=%H %ct", "--no-merges", "--",
                        f":(glob,icase)**/*{tool}*")
    if code == 0:
        candidates += [line.split() for line in out.splitlines() if len(line.split()) == 2]
    if not candidates:
        return None
    commit = max(candidates, key=lambda c: int(c[1]) if c[1].isdigit() else 0)[0]
    code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff", "--no-renames")
    if code != 0:
        return None
    re = _re()
    pattern = re.compile(_word(tool), re.I)
    from statewise_cli.recovery.premises_history import _files, _named_for_program

    files = _files(diff)
    removed_from = sorted(p for p, (rem, _) in files.items() if _footprint_file(p)
                          and any(pattern.search(line) for line in rem))
    code, status = ctx.git("show", commit, "--format=", "--name-status", "--no-renames")
    if code != 0:
        return None
    deleted, added = [], []
    for line in status.splitlines():
        parts = line.split("\t")
        if len(parts) != 2:
            continue
        if parts[0] == "D" and (_named_for_program(os.path.basename(parts[1]), tool) or parts[1] in removed_from):
            deleted.append(parts[1])
        elif parts[0] == "A" and _footprint_file(parts[1]) and _successor_file(parts[1]) \
                and os.path.exists(os.path.join(ctx.root, parts[1])):
            added.append(parts[1])
    if not removed_from and not deleted:
        return None  # the newest change named it without removing it: not the commit that dropped it
    code, meta = ctx.git("log", "-n1", "--format=%h%x00%ad%x00%s", "--date=short", commit)
    short, date, subject = (meta.strip().split("\0") + ["", "", ""])[:3] if code == 0 else (commit[:7], "", "")
    from statewise_cli.recovery.premises_history import _replacement

    line = _replacement(diff, tool, strict=True)
    successor, old, new, where = "", "", "", ""
    if line is not None and _footprint_now(ctx, line[3]):
        where, old, new, successor = line
    if not successor:
        from statewise_cli.recovery.premises_successors import named_successor

        named = named_successor(ctx, commit, tool)
        if named and named.lower() != tool.lower() and _footprint_now(ctx, named):
            successor = named
    if not successor and not added:
        return None  # removed, with nothing in its place
    return {"commit": short, "date": date, "subject": subject, "deleted": deleted[:5], "removed_from": removed_from[:5],
            "added": added[:6], "successor": successor, "old": old, "new": new, "where": where}


def footprint_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """An action running a program the repository keeps no footprint of now, whose footprint a commit removed while
    it put something else in its place."""
    from statewise_cli.recovery.premises_history import _SYSTEM
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    tool = os.path.basename(program)
    if (len(tool) < 3 or tool in _SYSTEM or os.sep in program or tool.startswith(("-", ".", "$"))
            or not _re().fullmatch(r"[A-Za-z][\w.+-]*", tool) or not any(not a.startswith("-") for a in args)):
        return None  # `tool --version`: no job that rests on the project using it
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    if not (where == root or where.startswith(root + os.sep)):
        return None
    from statewise_cli.recovery.installed import in_project_bins

    if in_project_bins(tool, where, root):
        return None  # installed with the project
    from statewise_cli.recovery.premises import head_cached, save_cache

    head, cache, cached = head_cached(ctx, CACHE, "tools")
    known: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    entry = known.get(tool)
    if not isinstance(entry, dict):
        now = _footprint_now(ctx, tool)
        entry = {"now": now, "removal": _removal(ctx, tool) if now is False else None}
        if now is not None:
            known[tool] = entry
            save_cache(cache, {"head": head, "tools": known})
    found = entry.get("removal")
    if entry.get("now") is not False or not isinstance(found, dict):
        return None
    return _deny(action, tool, args, found, root, ctx)


def _deny(action: Action, tool: str, args: list[str], found: dict[str, Any], root: str, ctx: Any) -> Any:
    from statewise_cli.recovery.premises import _premise

    origin = f"commit {found['commit']} ({found['date']}) \"{found['subject']}\""
    gone = [*found["deleted"], *[p for p in found["removed_from"] if p not in found["deleted"]]]
    what = ("deleted " if found["deleted"] else "removed it from ") + ", ".join(gone)
    added = found["added"]
    evidence = (f"nothing in this repository keeps a footprint of `{tool}` now (no configuration, manifest, CI step or "
                f"script names it; prose and memory files aside); {origin} {what}")
    successor, new = found["successor"], found["new"]
    if new:
        evidence += f" and ran `{new[:100]}` in its place" + (f" in {found['where']}" if found["where"] else "")
    elif successor:
        evidence += f" and names {successor} in its place"
    if added:
        evidence += f", adding {', '.join(added)}"
    if new:
        alternative = f"`{new[:160]}` (what {found['where'] or 'the project'} runs in its place now)"
        shown = f"`{new[:160]}`"
    elif successor:
        from statewise_cli.recovery.premises_successors import documented_invocation

        documented = documented_invocation(root, successor, args)
        if not documented:
            from statewise_cli.recovery.premises_jobs import job_command

            documented = job_command(successor, tool, args, root, ctx)
        alternative = f"`{documented}`" if documented else f"run the same job with {successor}, which replaced {tool} here"
        shown = f"`{documented}`" if documented else ""
    else:
        runs = successor_command(ctx, found, tool, args)
        if runs is not None:
            alternative = f"`{runs[0]}` (how {runs[1]} runs what replaced {tool}: {', '.join(added)})"
            shown = f"`{runs[0]}`"
        else:
            alternative = (f"do the job with what replaced {tool} here: {', '.join(added)} (added by commit "
                           f"{found['commit']}); read them for how the project runs it now")
            shown = ""
    verified = successor or (added[0] if added else "")
    return _premise(action, f"tool.replaced.{tool}", tool, verified, "git.history", evidence, alternative,
                    f"this project uses {tool}", shown=shown)


# Directory names that hold many tools' files: they name no successor.
_PLACES = frozenset({"deploy", "deployment", "config", "configs", "conf", "etc", "ops", "infra", "scripts", "script",
                     "tools", "bin", "build", "ci", ".github", "workflows", ".gitlab", "src", "lib", "app", "docs"})


def _successor_names(found: dict[str, Any]) -> set[str]:
    """What the files a removing commit added are named for: their stems and their folders (``.tongues/project.json``
    → tongues; ``deploy/units/acme-api.service`` → units, acme-api, acme-api.service)."""
    from statewise_cli.recovery.premises_replaced import _NOT_A_TOOL, _stem

    names: set[str] = set()
    if found.get("successor"):
        names.add(str(found["successor"]).lower())
    for path in found.get("added") or []:
        parts = path.lower().split("/")
        base = parts[-1]
        for name in (base, _stem(base), *[p.lstrip(".") for p in parts[:-1]]):
            if len(name) >= 3 and name not in _NOT_A_TOOL and name not in _PLACES:
                names.add(name)
    return names


def successor_command(ctx: Any, found: dict[str, Any], tool: str, args: list[str]) -> tuple[str, str] | None:
    """(command, where) — how the repository runs what took ``tool``'s place: the commands of the docs paragraphs
    and automation lines that name what the removing commit added, when they run one program (not ``tool``)."""
    from statewise_cli.recovery.premises_history import _SYSTEM
    from statewise_cli.recovery.premises_routes import _commands, paragraphs

    names = _successor_names(found)
    if not names:
        return None
    re = _re()
    marks = [re.compile(rf"(?<![\w-]){re.escape(n)}(?![\w-])", re.I) for n in sorted(names)]
    old = re.compile(rf"(?<![\w-]){re.escape(tool)}(?![\w-])", re.I)
    commands: list[tuple[str, str]] = []
    for doc, paragraph in paragraphs(os.path.realpath(ctx.root)):
        if not any(m.search(paragraph) for m in marks):
            continue
        for command in _commands(paragraph, {tool}):
            program = command.split()[0]
            if program not in _SYSTEM and program != tool and not old.search(command):
                commands.append((command, doc))
    from statewise_cli.recovery.automation import index

    for row in index(ctx):
        if row[1] != tool and row[1] not in _SYSTEM and not old.search(row[2]) and any(m.search(row[2]) for m in marks):
            commands.append((row[2], row[3]))
    if not commands:
        commands = _added_automation_commands(ctx, found, tool, old)
    programs = {c.split()[0] for c, _ in commands}
    if len(programs) != 1:
        return None
    command = _same_job([c for c, _ in commands], args)
    where = next((d for c, d in commands if c == command), commands[0][1])
    doing = _doing_not_checking(command, args)
    if doing != command:
        where = f"{where} (its `{command[:80]}` checks the job; here it is run with this action's options)"
    return doing, where


_CHECK_FLAGS = frozenset({"--check", "--dry-run", "--validate", "--verify", "--lint", "--diff"})


def _doing_not_checking(command: str, args: list[str]) -> str:
    """The automation's command in the stopped action's mode: CI runs a job with a check flag (``… manifest --check
    --depot x``) where the action does it; the flag is dropped and the action's own option values the command does
    not set (``--date 2026-12-07``, the day the job is for) take its place. A command without such a flag, or an
    action that checks too, is kept as it is."""
    words = command.split()
    flags = [w for w in words if w in _CHECK_FLAGS]
    if len(flags) != 1 or any(a in _CHECK_FLAGS for a in args):
        return command
    at = words.index(flags[0])
    carried: list[str] = []
    for i, arg in enumerate(args):
        if arg.startswith("--") and len(arg) > 3:
            option = arg.split("=", 1)[0]
            if option in words or any(w.startswith(option + "=") for w in words):
                continue
            if "=" in arg:
                carried.append(arg)
            elif i + 1 < len(args) and not args[i + 1].startswith("-"):
                carried += [arg, args[i + 1]]
    return " ".join(words[:at] + carried + words[at + 1:])


def _added_automation_commands(ctx: Any, found: dict[str, Any], tool: str, old: Any) -> list[tuple[str, str]]:
    """The commands an automation file the removing commit added runs itself (a workflow's ``run:`` steps, a
    recipe's lines), whatever the file is named: the commit put that file where ``tool`` was, so what it runs is how
    the job is done now. Install steps and the shell's own programs are not the job."""
    from statewise_cli.recovery.automation import _kind, _parse, simple_commands
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_history import _SYSTEM

    commands: list[tuple[str, str]] = []
    for path in (found.get("added") or [])[:6]:
        kind = _kind(path)
        if kind is None or kind != "yaml" or os.path.basename(path).lower().startswith(("taskfile", "lefthook", ".pre-commit")):
            continue  # a pipeline's steps run the job; a task runner's file names tasks its program runs by name
        text = _read(os.path.join(ctx.root, path), 200_000) or ""
        for _name, line in _parse(kind, text):
            for words in simple_commands(line):
                if not words:
                    continue
                program = os.path.basename(words[0])
                command = " ".join(words)
                if (program == tool or program in _SYSTEM or old.search(command)
                        or (len(words) > 1 and words[1] in ("install", "add", "i", "ci", "sync", "setup"))):
                    continue
                commands.append((command[:200], path))
    return commands


def _same_job(commands: list[str], args: list[str]) -> str:
    """The command sharing most of the action's words (its verb, its operands), else the first."""
    words = {a for a in args if not a.startswith("-")}
    return max(commands, key=lambda c: (len(words & set(c.split()[1:])), -commands.index(c)))
