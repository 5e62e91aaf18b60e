"""The tool a project uses for a job, read from the places a project records it — and what a failure says.

A command runs tool T for job J (:mod:`statewise_cli.recovery.jobs`: coverage report, PDF rendering, error-reporting
upload, API documentation …). The premise is "this project does J with T". It is checked against the repository
now:

- **T is not installed** (not on the action's PATH nor in the project's bin directories),
- **T keeps no footprint** here (none of its configuration files or tables, no manifest entry for its packages, and
  no tracked file other than prose names its program),
- **another tool T' of J keeps one** (its configuration file, its package in a manifest, or a script, recipe or CI
  step running it) — exactly one such tool.

Then the project does J with T' and the command cannot run: deny, with what is true now and a runnable command
for T' — the project's own script or target that runs T' (``npm run docs``, ``make coverage``), else how the
project's documents and automation run it, else T''s documented invocation (``npx typedoc``, ``gcovr
--html-details -o coverage/index.html``) — never "use T'". Anything else (T installed, T configured but not
installed, no tool of J in evidence, several) says nothing.

**Failures are evidence**: after a command failed because its program is missing (exit 127, ``command not found``,
``No such file or directory`` for the program, ``ModuleNotFoundError``, an unknown command of a package runner) the
same check runs for that program, and the agent is told what the project uses instead with a runnable command. A
failure with no successor in evidence says nothing.

Files only, plus one ``git grep`` per program (cached per HEAD beside the store) for the footprint in tracked files.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.recovery.jobs import Tool

CACHE = "job-footprints.json"
# Manifests whose entries name the packages a project installs.
_MANIFESTS = ("package.json", "requirements.txt", "requirements-dev.txt", "requirements_dev.txt", "dev-requirements.txt",
              "requirements/base.txt", "requirements/dev.txt", "requirements/test.txt", "requirements.in",
              "pyproject.toml", "setup.cfg", "setup.py", "Pipfile", "Gemfile", "composer.json", "environment.yml")
# Files that hold a project's scripts, recipes and CI steps: where it says how a job is run.
_TASK_FILES = ("package.json", "Makefile", "makefile", "GNUmakefile", "justfile", "Justfile", ".justfile", "Taskfile.yml",
               "Taskfile.yaml", "composer.json")
_OUT_OPTIONS = ("-o", "--output", "--output-directory", "--out-dir", "--outdir", "--out", "-d", "--dist")


def _re() -> Any:
    import re

    return re


def _read(path: str, limit: int = 300_000) -> str | None:
    from statewise_cli.recovery.premises import _read as read

    return read(path, limit)


_INDEX: list[dict[str, list[tuple[str, Tool]]]] = []


def _index() -> dict[str, list[tuple[str, Tool]]]:
    """program → [(job, tool)] over the whole table (built once)."""
    if _INDEX:
        return _INDEX[0]
    from statewise_cli.recovery.jobs import JOBS

    found: dict[str, list[tuple[str, Tool]]] = {}
    for job, tools in JOBS.items():
        for tool in tools:
            for program in tool[1]:
                found.setdefault(program, []).append((job, tool))
    _INDEX.append(found)
    return found


def in_table(program: str) -> bool:
    """Whether ``program`` is a tool of a job in the table."""
    return program in _index()


def _config(tool: Tool, directory: str, root: str) -> str | None:
    """The first configuration of ``tool`` from ``directory`` up to the root (relative path, with the table)."""
    import fnmatch

    from statewise_cli.recovery.premises import _upward

    for base in _upward(directory, root):
        try:
            names = os.listdir(base)
        except OSError:
            continue
        for item in tool[2]:
            if "::" in item:
                name, table = item.split("::", 1)
                text = _read(os.path.join(base, name)) if name in names else None
                if not text:
                    continue
                re = _re()
                if table.endswith(".*"):
                    pattern = rf"(?m)^\s*\[{re.escape(table[:-2])}(\.[^\]]+)?\]\s*$"
                else:
                    pattern = rf"(?m)^\s*\[{re.escape(table)}\]\s*$"
                if re.search(pattern, text) or (name.endswith(".toml") and table.count(".") == 0
                                                  and re.search(rf"(?m)^\s*\[{re.escape(table)}\]", text)):
                    return f"{os.path.relpath(os.path.join(base, name), root)} [{table.rstrip('.*')}]"
                continue
            if item.startswith("package.json:"):
                data = _package(base)
                if data is not None and item.split(":", 1)[1] in data:
                    return f"{os.path.relpath(os.path.join(base, 'package.json'), root)} ({item.split(':', 1)[1]})"
                continue
            if item.endswith("/"):
                if os.path.isdir(os.path.join(base, item.rstrip("/"))):
                    return os.path.relpath(os.path.join(base, item.rstrip("/")), root) + "/"
                continue
            if "/" in item:
                if os.path.isfile(os.path.join(base, item)):
                    return os.path.relpath(os.path.join(base, item), root)
                continue
            hit = sorted(n for n in names if fnmatch.fnmatchcase(n, item) and os.path.isfile(os.path.join(base, n)))
            if hit:
                return os.path.relpath(os.path.join(base, hit[0]), root)
    return None


def _package(base: str) -> dict[str, Any] | None:
    from statewise_cli.fast import jsonfast as json

    text = _read(os.path.join(base, "package.json"))
    if not text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _declared(tool: Tool, directory: str, root: str) -> str | None:
    """The manifest entry that installs ``tool`` (``package.json devDependencies: typedoc``)."""
    if not tool[3]:
        return None
    re = _re()
    from statewise_cli.recovery.premises import _upward

    for base in dict.fromkeys([*_upward(directory, root), root]):
        for name in _MANIFESTS:
            path = os.path.join(base, name)
            if name in ("package.json", "composer.json"):
                data = _package(base) if name == "package.json" else None
                if name == "composer.json":
                    text = _read(path)
                    if not text:
                        continue
                    from statewise_cli.fast import jsonfast as json

                    try:
                        data = json.loads(text)
                    except ValueError:
                        continue
                if not isinstance(data, dict):
                    continue
                for table in ("dependencies", "devDependencies", "optionalDependencies", "peerDependencies",
                              "require", "require-dev"):
                    deps = data.get(table)
                    if isinstance(deps, dict):
                        hit = next((p for p in tool[3] if p in deps), None)
                        if hit:
                            return f"{os.path.relpath(path, root)} {table}: {hit}"
                continue
            text = _read(path)
            if not text:
                continue
            for pkg in tool[3]:
                if "/" in pkg and not pkg.startswith("@"):
                    continue  # a Composer name: only in composer.json
                pattern = (rf"(?im)^\s*gem\s+['\"]{re.escape(pkg)}['\"]" if name == "Gemfile" else
                           rf"(?im)(^|[\s\"'\[,])-?\s*{re.escape(pkg)}(\[[\w,-]+\])?\s*($|[\s\"'<>=~!;,\]])")
                if re.search(pattern, text):
                    return f"{os.path.relpath(path, root)}: {pkg}"
    return None


def _named(ctx: Any, program: str, batch: tuple[str, ...] = ()) -> bool | None:
    """Whether a tracked file other than prose names ``program`` (cached per HEAD); ``batch``: other programs to
    settle with the same ``git grep``."""
    from statewise_cli.recovery.premises import head_cached, save_cache

    try:
        head, cache, cached = head_cached(ctx, CACHE, "programs")
    except Exception:  # noqa: BLE001 - no store directory: compute without a cache
        head, cache, cached = "", "", None
    known: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    if program in known:
        return bool(known[program])
    wanted = [p for p in dict.fromkeys((program, *batch)) if p not in known and len(p) >= 3]
    found = _grep(ctx, wanted)
    if found is None:
        return None
    known.update(found)
    if cache:
        save_cache(cache, {"head": head, "programs": known})
    return bool(known.get(program))


def _grep(ctx: Any, programs: list[str]) -> dict[str, bool] | None:
    """program → whether a tracked non-prose file names it or is named for it, with one ``git grep``."""
    from statewise_cli.recovery.premises_footprint import _excludes, _footprint_file, _word
    from statewise_cli.recovery.premises_history import _named_for_program

    if not programs:
        return {}
    patterns = [x for p in programs for x in ("-e", _word(p))]
    code, out = ctx.git("grep", "-I", "-i", "-o", "-h", "-E", *patterns, "--", ".", *_excludes())
    if code not in (0, 1):
        return None
    re = _re()
    seen = {m.lower().strip(".") for line in out.splitlines() for m in re.findall(r"[A-Za-z0-9_.+-]+", line)}
    result = {p: p.lower() in seen for p in programs}
    rest = [p for p in programs if not result[p]]
    if rest:
        code, out = ctx.git("ls-files")
        if code == 0:
            names = [os.path.basename(p) for p in out.splitlines() if _footprint_file(p)]
            for p in rest:
                low = p.lower()
                result[p] = any(low in n.lower() and _named_for_program(n, p) for n in names)
    return result


def footprint(tool: Tool, directory: str, ctx: Any, programs: bool = True, batch: tuple[str, ...] = (),
              strict: bool = False) -> str | None:
    """Where the repository records ``tool``: its configuration, a manifest entry, or (``programs``) a tracked
    non-prose file naming one of its programs."""
    root = os.path.realpath(ctx.root)
    found = _config(tool, directory, root) or _declared(tool, directory, root)
    if found or not programs:
        return found
    for program in tool[1]:
        if strict:  # another tool's evidence: a line that runs it, not a word that may mean anything
            where = _runs(root, program) or _automation(root, program)
            if where:
                return f"{where[0]} runs {program}"
        elif len(program) >= 3 and _named(ctx, program, batch):
            where = _runs(root, program) or _automation(root, program)
            return f"{where[0]} (which runs {program})" if where else f"a tracked file naming {program}"
    return None


_AUTOMATION = (".gitlab-ci.yml", ".circleci/config.yml", "azure-pipelines.yml", "bitbucket-pipelines.yml", ".travis.yml",
               "Jenkinsfile", ".pre-commit-config.yaml", "tox.ini", "noxfile.py", "Dockerfile", "Procfile", "Earthfile")
_AUTOMATION_DIRS = (".github/workflows", "scripts", "script", "bin", "ci", ".ci")


def _automation(root: str, program: str) -> tuple[str, str] | None:
    """(file, line) of a CI step, hook, session or script line of the repository that runs ``program``."""
    re = _re()
    word = re.compile(rf"(^|[\s;&|(\"'`/=:]){re.escape(program)}($|[\s;&|)\"'`])")
    paths = [os.path.join(root, n) for n in _AUTOMATION]
    for folder in _AUTOMATION_DIRS:
        try:
            names = sorted(os.listdir(os.path.join(root, folder)))[:40]
        except OSError:
            continue
        paths += [os.path.join(root, folder, n) for n in names]
    for path in paths:
        if not os.path.isfile(path) or os.path.getsize(path) > 200_000:
            continue
        text = _read(path, 200_000)
        if not text or program not in text:
            continue
        for line in text.splitlines():
            stripped = line.strip()
            if stripped.startswith(("#", "//")) or not word.search(stripped):
                continue
            return os.path.relpath(path, root), stripped[:120]
    return None


def _runs(root: str, program: str) -> tuple[str, str] | None:
    """(file, the project's own command) of a script, recipe or target in the project's task files that runs
    ``program``."""
    re = _re()
    word = re.compile(rf"(^|[\s;&|(\"'`/]){re.escape(program)}($|[\s;&|)\"'`])")
    for name in _TASK_FILES:
        path = os.path.join(root, name)
        text = _read(path)
        if not text or program not in text:
            continue
        if name in ("package.json", "composer.json"):
            data = _package(root) if name == "package.json" else None
            scripts = (data or {}).get("scripts")
            if not isinstance(scripts, dict):
                continue
            for key, body in scripts.items():
                if isinstance(body, str) and word.search(body):
                    return name, f"{_runner(root)} run {key}" if name == "package.json" else f"composer run {key}"
            continue
        if name.lower().startswith("taskfile"):
            current = None
            for line in text.splitlines():
                m = re.match(r"^  ([\w:.-]+):\s*$", line)
                if m:
                    current = m.group(1)
                elif current and word.search(line):
                    return name, f"task {current}"
            continue
        current = None
        for line in text.splitlines():
            if line[:1] in ("\t", " ") and line.strip():
                if current and word.search(line):
                    return name, (f"make {current}" if "make" in name.lower() else f"just {current}")
                continue
            m = re.match(r"^([A-Za-z_][\w.-]*)(?:\s+[\w\s=*+-]*)?:(?!=)", line)
            current = m.group(1) if m and not line.startswith(".") else None
    return None


def _runner(root: str) -> str:
    for lock, runner in (("pnpm-lock.yaml", "pnpm"), ("yarn.lock", "yarn"), ("bun.lockb", "bun"), ("bun.lock", "bun")):
        if os.path.isfile(os.path.join(root, lock)):
            return runner
    return "npm"


def _installed(program: str, ctx: Any, directory: str) -> bool:
    from statewise_cli.recovery.installed import installed

    return installed(program, ctx, directory)


def runnable(tool: Tool, old_args: list[str], directory: str, ctx: Any) -> tuple[str, str]:
    """(a command running ``tool`` for its job here, where it comes from): the project's own script or target,
    else the project's documents and automation, else the tool's documented invocation in its runnable form."""
    root = os.path.realpath(ctx.root)
    for program in tool[1]:
        found = _runs(root, program)
        if found is not None:
            return found[1], f"{found[0]} runs {program}"
    from statewise_cli.recovery.premises_successors import documented_invocation

    for program in tool[1]:
        documented = documented_invocation(root, program, [])
        if documented and len(documented.split()) > 1:
            return documented, f"how this repository's documents run {program}"
    template = tool[4]
    operands = [a for i, a in enumerate(old_args) if not a.startswith("-")
                and not (i and old_args[i - 1] in _OUT_OPTIONS)]
    out = next((old_args[i + 1] for i, a in enumerate(old_args[:-1]) if a in _OUT_OPTIONS), None)
    out = out or next((a.split("=", 1)[1] for a in old_args if a.split("=", 1)[0] in _OUT_OPTIONS and "=" in a), None)
    if "{ops}" in template:
        template = template.replace("{ops}", " ".join(operands)).rstrip()
    if "{out}" in template:
        if out:
            template = template.replace("{out}", out.rstrip("/"))
        elif tool[0] == "gcovr":
            template = "gcovr --html-details -o coverage/index.html"
        else:
            template = template.replace(" {out}/index.html", "").replace(" -o {out}", "").replace(" {out}", "")
    if tool[0] == "gcovr" and not out:
        config = _config(tool, directory, root)
        text = _read(os.path.join(root, config)) if config else None
        if text and "html" in text:
            template = "gcovr"  # gcovr.cfg sets the report: gcovr reads it from the working directory
    words = template.split()
    if words[:1] == ["npx"] and len(words) > 1:
        program = next((p for p in tool[1]), "")
        if program and _installed(program, ctx, directory) and getattr(ctx, "env", {}).get("PATH"):
            words = [program, *words[2:]]  # installed: run it as itself
    return " ".join(words), "its documented invocation"


def successor_of(program: str, args: list[str], directory: str, ctx: Any, *, missing: bool | None = None) -> dict[str, Any] | None:
    """What the project uses for the job ``program`` does, when ``program`` cannot be its tool here (see the
    module's rule); ``missing``: known not installed (a failure said so)."""
    entries = _index().get(program)
    if not entries:
        return None
    if missing is None:
        missing = not _installed(program, ctx, directory)
    if not missing:
        return None
    jobs = {job for job, _ in entries}
    mine = [tool for _, tool in entries]
    from statewise_cli.recovery.jobs import JOBS

    batch = tuple(p for job in sorted(jobs) for t in JOBS[job] for p in t[1])
    kept = next((w for w in (footprint(tool, directory, ctx, batch=batch) for tool in mine) if w), None)
    others: list[tuple[str, Tool, str]] = []
    for job in sorted(jobs):
        for other in JOBS[job]:
            if other in mine or set(other[1]) & {program}:
                continue
            where = footprint(other, directory, ctx, strict=True)
            if where is not None:
                others.append((job, other, where))
    if kept or len({o[1][0] for o in others}) > 1:
        # the project still keeps the tool's footprint (or several tools of the job): only another tool of the job
        # that is installed here is a command that can run in its place
        usable = [o for o in others if any(_installed(p, ctx, directory) for p in o[1][1])]
        others = usable if len({o[1][0] for o in usable}) == 1 else []
    if not others or not (getattr(ctx, "env", None) or {}).get("PATH"):
        return None
    job, other, where = others[0]
    command, source = runnable(other, args, directory, ctx)
    return {"job": job, "tool": other[0], "where": where, "command": command, "source": source,
            "old": next(t[0] for j, t in entries if j == job), "kept": kept}


def _program(words: list[str]) -> tuple[str, list[str]] | None:
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    if os.sep in program:
        return None
    return program, args


def job_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A command running a tool of a job that is not installed here and keeps no footprint, while another tool
    of the same job does."""
    found = _program(words)
    if found is None:
        return None
    program, args = found
    if program not in _index():
        return None
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    if not (where == root or where.startswith(root + os.sep)):
        return None
    hit = successor_of(program, args, directory, ctx)
    if hit is None:
        return None
    from statewise_cli.recovery.premises import _premise

    text = " ".join((action.text or "").split())
    kept = (f"only {hit['kept']} is left of {hit['old']}" if hit["kept"] else
            f"nothing in this repository configures {hit['old']}")
    evidence = (f"`{program}` is not installed here (not on PATH nor in the project's bin directories) and {kept}; "
                f"this project's {hit['job']} tool is {hit['tool']} ({hit['where']}), so `{text[:80]}` would fail with "
                f"`command not found`")
    alternative = f"`{hit['command']}` ({hit['source']}: {hit['tool']} does the {hit['job']} here)"
    return _premise(action, f"tool.job.{program}", program, hit["tool"], "project.files", evidence, alternative,
                    f"this project does its {hit['job']} with {program}", shown=f"`{hit['command']}`")


_NOT_FOUND = (
    r"(?m)(?:^|:\s)(?:line \d+: )?(?P<a>[\w.+-]+): (?:command )?not found",
    r"(?m)command not found: (?P<a>[\w.+-]+)",
    r"(?m)exec: \"?(?P<a>[\w.+-]+)\"?: (?:executable file )?not found",
    r"(?m)(?P<a>[\w.+-]+): No such file or directory\s*$",
    r"No module named '?(?P<m>[\w.]+)'?",
    r"(?i)could not determine executable to run",
    r"(?im)^error: no such (?:sub)?command:? [`'\"]?(?P<a>[\w.+-]+)",
    r"(?i)unknown command:? [`'\"]?(?P<a>[\w.+-]+)",
)


def failed_programs(command: str, output: str) -> list[str]:
    """The programs of ``command`` a failure's output says are missing."""
    re = _re()
    words = [w.strip("'\"") for w in re.split(r"[\s;&|()]+", command) if w]
    names: list[str] = []
    for pattern in _NOT_FOUND:
        for m in re.finditer(pattern, output):
            groups = m.groupdict()
            if groups.get("a"):
                names.append(groups["a"])
            elif groups.get("m"):
                module = groups["m"].split(".")[0]
                names += [module, module.replace("_", "-")]
            else:  # npx could not run it: the word after the runner
                for i, w in enumerate(words[:-1]):
                    if os.path.basename(w) in ("npx", "pnpx", "bunx") or (w in ("pnpm", "yarn") and words[i + 1] == "exec"):
                        rest = [x for x in words[i + 1:] if x != "exec" and not x.startswith("-")]
                        names += rest[:1]
    known = _index()
    out: list[str] = []
    for name in dict.fromkeys(names):
        if name in words or f"-m {name}" in command or any(os.path.basename(w) == name for w in words):
            if name in known:
                out.append(name)
            else:  # a module of a tool's package (`python -m weasyprint`)
                out += [p for p, entries in known.items() if any(name in t[3] or name == t[0] for _, t in entries)
                        and p not in out][:1]
    return out


def failure_note(command: str, exit_code: int | None, output: str, cwd: str, ctx: Any) -> str | None:
    """What the project uses instead of a program a failed command could not run (None: nothing in evidence)."""
    if not command or (exit_code in (0,) and "not found" not in output and "No module named" not in output):
        return None
    try:
        words = __import__("shlex").split(command)
    except ValueError:
        words = command.split()
    for program in failed_programs(command, output):
        args = words[words.index(program) + 1:] if program in words else []
        hit = successor_of(program, args, cwd, ctx, missing=True)
        if hit is None:
            continue
        kept = (f"only {hit['kept']} is left of {hit['old']}" if hit["kept"] else
                f"nothing in this repository configures {hit['old']}")
        return (f"`{program}` is not installed here and {kept}: this project's {hit['job']} tool is {hit['tool']} "
                f"({hit['where']}). Run `{hit['command']}` ({hit['source']}) for the same job.")
    return None


def job_command(successor: str, tool: str, args: list[str], directory: str, ctx: Any) -> str | None:
    """A runnable command for ``successor`` (a tool or program name another premise found in ``tool``'s place): the
    project's own script or target running it, else the table's documented invocation — None when neither knows
    it."""
    root = os.path.realpath(ctx.root)
    low = successor.lower()
    entry: Tool | None = None
    from statewise_cli.recovery.jobs import JOBS

    old_jobs = {job for job, _ in _index().get(tool, [])}
    candidates = [(job, t) for job, tools in JOBS.items() for t in tools
                  if t[0].lower() == low or low in (p.lower() for p in t[1]) or low in (p.lower() for p in t[3])]
    if candidates:
        entry = next((t for job, t in candidates if job in old_jobs), candidates[0][1])
    if entry is not None:
        return runnable(entry, args if any(job in old_jobs for job, _ in candidates) else [], directory, ctx)[0]
    found = _runs(root, successor)
    return found[1] if found else None


def project_script(root: str, successor: str) -> str | None:
    """The project's own script, recipe or target that runs ``successor`` (a tool of the table by name, or a
    program): ``npm run docs`` where package.json's ``docs`` runs typedoc."""
    low = successor.lower()
    from statewise_cli.recovery.jobs import JOBS

    programs = next((t[1] for tools in JOBS.values() for t in tools if t[0].lower() == low), (successor,))
    for program in programs:
        found = _runs(os.path.realpath(root), program)
        if found is not None:
            return found[1]
    return None
