"""Where a task went when its runner no longer has it: the runner's file is gone (``make migrate`` after
the Makefile was replaced by a justfile), or the target is gone (``make lint`` after linting moved to
pre-commit).

The project's task runners are read by class (make, just, package.json scripts, Taskfile, nox, tox,
poe, mise tasks): a task of the same name in another runner is where it lives now. Otherwise the commit
that removed the runner's file or the target says where the work went — a runner or tool configuration
it added (``.pre-commit-config.yaml`` → ``pre-commit run --all-files``) — and, for the linting and
formatting roles, a pre-commit configuration is the project's own way to run its linters. Everything
here reads files and, only for a task that is missing, one bounded ``git log``.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
JUSTFILES = ("justfile", "Justfile", ".justfile", "JUSTFILE")
TASKFILES = ("Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml", "Taskfile.dist.yml")
# A file whose presence gives the command that runs a whole role (the role's words → the command).
_ROLE_FILES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (".pre-commit-config.yaml", ("lint", "lints", "linters", "format", "fmt", "style", "check", "checks",
                                 "precommit", "pre-commit", "hooks"), "pre-commit run --all-files"),
    ("lefthook.yml", ("lint", "format", "fmt", "check", "hooks"), "lefthook run pre-commit"),
)


def _read(path: str, limit: int = 300_000) -> str | None:
    from statewise_cli.recovery.premises import _read as read

    return read(path, limit)


def package_manager(directory: str, root: str) -> str:
    """The manager a package.json's scripts are run with: ``packageManager``, else the lockfile."""
    from statewise_cli.recovery.premises import _package_json, _upward

    found = _package_json(directory, root)
    if found is not None:
        declared = found[1].get("packageManager")
        if isinstance(declared, str) and declared.split("@", 1)[0] in ("pnpm", "yarn", "bun", "npm"):
            return declared.split("@", 1)[0]
    for current in _upward(directory, root):
        for lock, manager in (("pnpm-lock.yaml", "pnpm"), ("yarn.lock", "yarn"), ("bun.lockb", "bun"),
                              ("bun.lock", "bun"), ("package-lock.json", "npm")):
            if os.path.exists(os.path.join(current, lock)):
                return manager
    return "npm"


def runners(directory: str, root: str) -> list[tuple[str, str, dict[str, str]]]:
    """(program, its file, task name → what it runs) for every task runner the project has here."""
    from statewise_cli.recovery import premises as p

    found: list[tuple[str, str, dict[str, str]]] = []
    for name in MAKEFILES:
        text = _read(os.path.join(directory, name))
        if text is not None:
            targets = p._make_targets(text)
            if targets:
                found.append(("make", os.path.join(directory, name), targets))
            break
    hit = p._first_existing(directory, root, JUSTFILES)
    if hit is not None:
        recipes = p._just_recipes(hit[1])
        if recipes:
            found.append(("just", hit[0], recipes))
    package = p._package_json(directory, root)
    if package is not None and isinstance(package[1].get("scripts"), dict):
        manager = package_manager(directory, root)
        scripts = {str(k): str(v) for k, v in package[1]["scripts"].items()}
        found.append((f"{manager} run", package[0], scripts))
    hit = p._first_existing(directory, root, TASKFILES)
    if hit is not None:
        tasks = _yaml_tasks(hit[1])
        if tasks:
            found.append(("task", hit[0], tasks))
    text = _read(os.path.join(directory, "noxfile.py"))
    if text is not None:
        sessions = p._nox_sessions(text)
        if sessions:
            found.append(("nox -s", os.path.join(directory, "noxfile.py"), {s: "" for s in sessions}))
    text = _read(os.path.join(directory, "tox.ini"))
    if text is not None:
        parsed = p._tox_envs(text)
        if parsed is not None and parsed[0]:
            found.append(("tox -e", os.path.join(directory, "tox.ini"), {e: "" for e in sorted(parsed[0])}))
    for name in ("mise.toml", ".mise.toml"):
        text = _read(os.path.join(directory, name))
        if text is not None and "[tasks" in text:
            tasks = _toml_tasks(text, "tasks")
            if tasks:
                found.append(("mise run", os.path.join(directory, name), tasks))
    hit = p._first_existing(directory, root, ("turbo.json", "turbo.jsonc"))
    if hit is not None:
        turbo = turbo_tasks(hit[1])
        if turbo:
            found.append(("turbo run", hit[0], turbo))
    text = _read(os.path.join(directory, "pyproject.toml"))
    if text is not None and "[tool.poe" in text:
        try:
            import tomllib

            poe = tomllib.loads(text).get("tool", {}).get("poe", {})
        except ValueError:
            poe = {}
        poe_tasks = poe.get("tasks") if isinstance(poe, dict) else None
        if isinstance(poe_tasks, dict):
            found.append(("poe", os.path.join(directory, "pyproject.toml"), {str(k): "" for k in poe_tasks}))
    return found


def turbo_tasks(text: str) -> dict[str, str] | None:
    """The tasks a turbo.json defines (``tasks``, or turbo 1's ``pipeline``; ``web#build`` is ``build``);
    None when it cannot be read or extends another configuration (a package's own turbo.json)."""
    from statewise_cli.fast import jsonfast as json

    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("extends"):
        return None
    tasks = data.get("tasks", data.get("pipeline"))
    if not isinstance(tasks, dict):
        return None
    return {str(k).split("#")[-1]: "" for k in tasks}


def _yaml_tasks(text: str) -> dict[str, str]:
    tasks: dict[str, str] = {}
    indent: int | None = None
    in_tasks = False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        depth = len(line) - len(line.lstrip())
        if depth == 0:
            in_tasks = line.rstrip() == "tasks:"
            continue
        if in_tasks:
            indent = depth if indent is None else indent
            if depth == indent and ":" in line:
                name = line.strip().split(":", 1)[0].strip("'\"")
                if name:
                    tasks.setdefault(name, "")
    return tasks


def _toml_tasks(text: str, table: str) -> dict[str, str]:
    try:
        import tomllib

        data = tomllib.loads(text).get(table, {})
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): (v if isinstance(v, str) else str(v.get("run", "")) if isinstance(v, dict) else "")
            for k, v in data.items()}


def elsewhere(name: str, program: str, directory: str, root: str) -> tuple[str, str, str] | None:
    """(command, the runner's file, what it runs) for a task ``name`` another runner than ``program`` has."""
    for runner, path, tasks in runners(directory, root):
        managers = ("npm", "pnpm", "yarn", "bun")
        if runner.split()[0] == program.split()[0] or runner.split()[0] in managers and program.split()[0] in managers:
            continue  # the same runner (package.json's scripts whichever manager runs them)
        if name in tasks:
            return f"{runner} {name}", path, tasks[name]
    return None


def _role_file(name: str, directory: str, root: str) -> tuple[str, str] | None:
    """(command, file) for a role a configuration file runs as a whole (linting → pre-commit)."""
    words = {name.lower(), *name.lower().replace(":", "-").replace("_", "-").split("-")}
    for file, roles, command in _ROLE_FILES:
        if words & set(roles):
            for base in dict.fromkeys((directory, root)):
                if os.path.exists(os.path.join(base, file)):
                    return command, os.path.relpath(os.path.join(base, file), root)
    return None


def _command_of_added(path: str, name: str, directory: str, root: str) -> str | None:
    """The command a file a commit added gives for the task ``name``."""
    base = os.path.basename(path)
    for file, _roles, command in _ROLE_FILES:
        if base == file:
            return command
    from statewise_cli.recovery.premises_tools import CATEGORIES

    for _tool, _words, evidence, roles in CATEGORIES["JavaScript monorepo task runner"]:
        if base in evidence and "*" in roles:
            return roles["*"].format(task=name)  # the monorepo runner that took the package's tasks over
    for runner, runner_path, tasks in runners(directory, root):
        if os.path.basename(runner_path) == base and name in tasks:
            return f"{runner} {name}"
    return None


def removal_commit(ctx: Any, rel: str, name: str) -> tuple[str, list[str]] | None:
    """("<commit> <subject>", files it added) for the newest commit that removed the task ``name`` from
    the runner file ``rel`` (or deleted the file while it had the task)."""
    code, out = ctx.git("log", "-n30", "-p", "-U0", "--no-color", "--no-ext-diff", "--format=@@@commit %h %s", "--",
                        rel)
    if code != 0:
        return None
    for chunk in out.split("@@@commit ")[1:]:
        entry, _, diff = chunk.partition("\n")
        removed = [ln[1:] for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")]
        added = {ln[1:].split(":", 1)[0].strip() for ln in diff.splitlines() if ln.startswith("+")
                 and not ln.startswith("+++")}
        if any(_defines(ln, name) for ln in removed) and name not in added:
            sha = entry.split(" ", 1)[0]
            code, names = ctx.git("show", "--format=", "--name-status", "--no-renames", sha)
            files = [ln.split("\t", 1)[1] for ln in names.splitlines() if code == 0 and ln.startswith("A\t")]
            return entry.strip(), files
    return None


def _defines(line: str, name: str) -> bool:
    """A runner-file line that defines the task ``name`` (``lint:``, ``"lint": "…"``, ``def lint(``)."""
    stripped = line.strip()
    return (stripped.startswith((f"{name}:", f"@{name}:", f'"{name}":', f"'{name}':", f"{name} "))
            and (":" in stripped or stripped.startswith(f"{name} ")) or stripped.startswith(f"def {name}(")
            or stripped == f"[testenv:{name}]")


def successor(ctx: Any, program: str, name: str, runner_file: str, directory: str) -> tuple[str, str] | None:
    """(command, why) for the task ``name`` its runner (``program``, file ``runner_file``, present or
    not) no longer has: another runner's task of that name; what the commit that removed it added; the
    configuration that runs the task's role as a whole."""
    root = ctx.root
    other = elsewhere(name, program, directory, root)
    if other is not None:
        command, path, body = other
        return command, (f"{os.path.relpath(path, root)} defines `{name}`" + (f" (runs `{body[:60]}`)" if body else ""))
    rel = os.path.relpath(runner_file, root)
    removal = removal_commit(ctx, rel, name)
    if removal is not None:
        entry, files = removal
        for path in files:
            if not os.path.exists(os.path.join(root, path)):
                continue
            added = _command_of_added(path, name, directory, root)
            if added:
                return added, f"commit {entry} removed `{name}` from {rel} and added {path}"
    role = _role_file(name, directory, root)
    if role is not None:
        command, file = role
        how = f"commit {removal[0]} removed `{name}` from {rel}; " if removal else ""
        return command, f"{how}{file} runs the project's {name} hooks"
    return None


def runner_gone(action: Action, program: str, name: str, directory: str, files: tuple[str, ...], ctx: Any) -> Any:
    """``make X`` / ``just X`` / ``task X`` where the runner's file is not there at all."""
    from statewise_cli.recovery.premises import _premise, _upward
    from statewise_cli.recovery.premises_files import _deletions

    if any(os.path.exists(os.path.join(base, f)) for base in _upward(directory, ctx.root) for f in files):
        return None
    rel_dir = os.path.relpath(directory, ctx.root)
    deleted = ""
    runner_file = os.path.join(directory, files[-1])
    for f in files:
        rel = os.path.normpath(os.path.join(rel_dir, f)).replace(os.sep, "/")
        commit = _deletions(ctx).get(rel)
        if commit:
            deleted, runner_file = f"; commit {commit} deleted {rel}", os.path.join(ctx.root, rel)
            break
    found = successor(ctx, program, name, runner_file, directory)
    if found is None:
        return None
    command, why = found
    text = (action.text or "").strip()
    prefix = f"{program} {name}"
    alternative = f"`{text.replace(prefix, command, 1)}`" if prefix in text else f"`{command}`"
    return _premise(action, f"command.{program.split()[0]}", name, command, "project.runners",
                    f"there is no {files[-1]} here{deleted}; {why}", alternative,
                    f"this project runs its tasks with {program} ({files[-1]})", runner_file)


# Subcommands and options a tool's major version removed or renamed: tool → (the first major without
# them, {old spelling: new spelling}). An old spelling is a word sequence of the command line.
_RETIRED: dict[str, tuple[int, dict[tuple[str, ...], str]]] = {
    "yarn": (2, {("upgrade",): "up", ("global", "add"): "dlx", ("--frozen-lockfile",): "--immutable",
                 ("--pure-lockfile",): "--immutable", ("outdated",): "upgrade-interactive",
                 ("install", "--production"): "workspaces focus --production"}),
    "poetry": (2, {("shell",): "env activate", ("lock", "--no-update"): "lock"}),
}


def tool_major(tool: str, directory: str, root: str) -> tuple[int, str] | None:
    """(major version, where it is pinned) for a package manager the project pins: ``packageManager``,
    ``.yarnrc.yml``'s ``yarnPath``, a Berry lockfile; poetry's ``requires-poetry`` or its lockfile header."""
    from statewise_cli.recovery.premises import _package_json, _upward

    if tool == "yarn":
        found = _package_json(directory, root)
        if found is not None:
            declared = found[1].get("packageManager")
            if isinstance(declared, str) and declared.startswith("yarn@"):
                head = declared[5:].split(".", 1)[0]
                if head.isdigit():
                    return int(head), f"{os.path.relpath(found[0], root)} packageManager {declared.split('+', 1)[0]}"
        for base in _upward(directory, root):
            rc = _read(os.path.join(base, ".yarnrc.yml"), 50_000)
            if rc:
                for line in rc.splitlines():
                    if line.strip().startswith("yarnPath:") and "yarn-" in line:
                        head = line.split("yarn-", 1)[1].split(".", 1)[0]
                        if head.isdigit():
                            return int(head), f".yarnrc.yml {line.strip()}"
            lock = _read(os.path.join(base, "yarn.lock"), 4096)
            if lock is not None:
                return (2, "yarn.lock is a Yarn 2+ lockfile (__metadata)") if "__metadata:" in lock else None
    if tool == "poetry":
        for base in _upward(directory, root):
            lock = _read(os.path.join(base, "poetry.lock"), 1024)
            if lock and "@generated by Poetry " in lock:
                head = lock.split("@generated by Poetry ", 1)[1].split(".", 1)[0]
                if head.isdigit():
                    return int(head), f"poetry.lock was generated by Poetry {lock.split('@generated by Poetry ', 1)[1].split()[0]}"
    return None


def retired_premise(action: Action, program: str, args: list[str], directory: str, ctx: Any) -> Any:
    """``yarn upgrade lodash`` in a Yarn 4 project (``yarn up``), ``poetry shell`` under Poetry 2: a
    subcommand or option the project's pinned major version no longer has."""
    from statewise_cli.recovery.premises import _premise

    if program not in _RETIRED:
        return None
    since, renames = _RETIRED[program]
    for old, new in renames.items():
        at = next((i for i in range(len(args) - len(old) + 1) if tuple(args[i:i + len(old)]) == old), None)
        first = next((i for i, a in enumerate(args) if not a.startswith("-")), -1)
        if at is None or not old[0].startswith("-") and at != first:
            continue  # a subcommand counts only as the first operand
        major = tool_major(program, directory, ctx.root)
        if major is None or major[0] < since:
            return None
        version, where = major
        rewritten = " ".join([program, *args[:at], new, *args[at + len(old):]])
        text = (action.text or "").strip()
        old_text = " ".join([program, *args])
        command = text.replace(old_text, rewritten, 1) if old_text in text else rewritten
        return _premise(action, "command.subcommand", f"{program} {' '.join(old)}", f"{program} {new}",
                        "project.tool-version",
                        f"{where}: {program} {version}, which has no `{program} {' '.join(old)}` "
                        f"(since {program} {since} it is `{program} {new}`)",
                        f"`{command}`", f"this project's {program} has `{program} {' '.join(old)}`")
    return None


def required_variable_premise(action: Action, args: list[str], directory: str, ctx: Any) -> Any:
    """``make T`` where the makefile stops T unless a variable is set (``ifndef VAR`` … ``$(error …)`` around
    T's recipe) and neither the command line nor the environment sets it: the run stops with the makefile's
    error. The repository's own line that runs T with the variable (a doc, a CI step) is the alternative."""
    import re

    from statewise_cli.recovery.premises import _first_existing, _premise

    if any(a in ("-f", "--file", "--makefile", "-C", "--directory") or a.startswith(("-f", "-C")) and len(a) > 2
           for a in args):
        return None
    targets = [a for a in args if not a.startswith("-") and "=" not in a]
    if len(targets) != 1:
        return None
    target = targets[0]
    found = _first_existing(directory, ctx.root, ("GNUmakefile", "makefile", "Makefile"))
    if found is None:
        return None
    lines = found[1].splitlines()
    start = next((i for i, ln in enumerate(lines) if re.match(rf"^{re.escape(target)}\s*:(?!=)", ln)), None)
    if start is None:
        return None
    required: list[tuple[str, str]] = []
    for i in range(start + 1, min(len(lines), start + 40)):
        line = lines[i]
        if line and not line[0].isspace() and re.match(r"^[\w./-]+\s*:(?!=)", line):
            break  # the next target
        m = re.match(r"^\s*ifndef\s+(\w+)\s*$", line)
        if m and any("$(error" in lines[j] for j in range(i + 1, min(len(lines), i + 4))):
            said = next((lines[j] for j in range(i + 1, min(len(lines), i + 4)) if "$(error" in lines[j]), "")
            required.append((m.group(1), said.strip().replace("\t", " ")))
    set_here = {a.split("=", 1)[0] for a in args if "=" in a} | {
        w.split("=", 1)[0] for w in (action.text or "").split() if re.match(r"^\w+=", w)}
    env = getattr(ctx, "env", None) or {}
    missing = [(v, said) for v, said in required if v not in set_here and not env.get(v)]
    if not missing:
        return None
    var, said = missing[0]
    code, out = ctx.git("grep", "-I", "-h", "-F", "-e", f"make {target}")
    example = ""
    if code == 0:
        for line in out.splitlines():
            text = line.strip().lstrip("$").strip().strip("`")
            if re.search(rf"(^|\s){re.escape(var)}=\S+", text) and text.endswith(f"make {target}") \
                    and re.match(r"^(\w+=\S+\s+)+make\s", text) and not re.search(r"[<>{}]|\.\.\.|…", text):
                example = text
                break
    message = re.sub(r"^\$\(error\s*", "", said).rstrip(")")
    return _premise(action, f"env.{var}", "not needed", "required", "project.files",
                    f"{os.path.relpath(found[0], ctx.root)} stops `{target}` unless {var} is set (`ifndef {var}`: {message[:160]}); this command "
                    f"does not set it", f"`{example}`" if example else f"set {var} for the run (`{var}=… make {target}`)",
                    f"`make {target}` runs without {var}")
