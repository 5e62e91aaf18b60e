"""Project facts: the package manager and the test/build/lint/… commands.

The package manager comes from lockfiles and ``package.json``'s ``packageManager``
and is compared within one ecosystem (npm vs pnpm, pip vs uv). Commands are
discovered from Makefile/justfile targets, ``package.json`` scripts (rendered with
the verified manager), pyproject task runners, tox/nox, Cargo and Go; a record's
command is judged by parsing it (shlex) and checking what it names exists.
"""

from __future__ import annotations

import os
import re
import shlex
from typing import Any

from statewise_cli.store.records import Record
from statewise_cli.verifiers.base import CannotVerify, Observation, VerifyContext, dig, observe, register, which

Result = Observation | CannotVerify

ECOSYSTEM = {"npm": "js", "pnpm": "js", "yarn": "js", "bun": "js", "deno": "js", "cnpm": "js", "pip": "python", "uv": "python",
             "poetry": "python", "pdm": "python", "pipenv": "python", "cargo": "rust", "go": "go"}
LOCKFILES = (("pnpm-lock.yaml", "pnpm"), ("yarn.lock", "yarn"), ("package-lock.json", "npm"),
             ("npm-shrinkwrap.json", "npm"), ("bun.lockb", "bun"), ("bun.lock", "bun"), ("uv.lock", "uv"),
             ("poetry.lock", "poetry"), ("pdm.lock", "pdm"), ("Pipfile.lock", "pipenv"), ("Cargo.lock", "cargo"),
             ("go.sum", "go"))
PYTHON_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "Pipfile", "tox.ini", "noxfile.py")
KINDS = {
    "test": ("test", "tests", "unit", "test:unit"),
    "build": ("build", "compile", "dist", "package"),
    "lint": ("lint", "linter", "eslint", "flake8", "ruff"),
    "format": ("format", "fmt", "prettier", "black", "style"),
    "typecheck": ("typecheck", "type-check", "check-types", "check:types", "types", "tsc", "mypy", "pyright"),
    "run": ("start", "run", "serve"),
    "dev": ("dev", "develop", "start:dev", "serve:dev"),
    "install": ("install", "setup", "deps", "bootstrap"),
}
TOOLCHAIN = {  # kind → (cargo command, go command)
    "test": ("cargo test", "go test ./..."), "build": ("cargo build", "go build ./..."),
    "lint": ("cargo clippy", "go vet ./..."), "format": ("cargo fmt", "gofmt -l ."),
    "typecheck": ("cargo check", "go vet ./..."), "run": ("cargo run", "go run ."),
    "install": ("cargo fetch", "go mod download"),
}
JS_BUILTINS = {"install", "i", "ci", "add", "remove", "rm", "exec", "dlx", "x", "create", "init", "why", "outdated",
               "update", "up", "upgrade", "link", "publish", "pack", "audit", "config", "info", "view", "list", "ls"}
NPM_SCRIPT_SHORTCUTS = {"test": "test", "t": "test", "tst": "test", "start": "start", "stop": "stop",
                        "restart": "restart"}
PY_RUNNERS = ("uv", "poetry", "pdm", "pipenv", "hatch", "rye")


class Project:
    """One project directory's files, each read once; ``inputs`` records every file consulted."""

    def __init__(self, ctx: VerifyContext, base: str = "") -> None:
        self.ctx, self.base = ctx, base
        self.inputs: dict[str, str] = {}
        self._cache: dict[str, Any] = {}

    def rel(self, name: str) -> str:
        return os.path.normpath(os.path.join(self.base, name)) if self.base else name

    def exists(self, name: str) -> bool:
        rel = self.rel(name)
        if rel not in self.inputs:
            self.inputs[rel] = self.ctx.file_hash(rel)
        return self.inputs[rel] != "missing"

    def text(self, name: str) -> str | None:
        if name not in self._cache:
            rel = self.rel(name)
            self._cache[name] = self.ctx.read(rel)
            if rel not in self.inputs:
                self.inputs[rel] = self.ctx.file_hash(rel)
        return self._cache[name]

    def parsed(self, name: str) -> Any:
        key = "parsed:" + name
        if key not in self._cache:
            text, value = self.text(name), None
            if text is not None:
                try:
                    if name.endswith(".toml"):
                        import tomllib

                        value = tomllib.loads(text)
                    else:
                        from statewise_cli.fast import jsonfast as json  # no `re` on the hook path (see jsonfast)

                        value = json.loads(text)
                except ValueError:
                    value = None
            self._cache[key] = value
        return self._cache[key]

    # --- package managers ---

    def managers(self) -> dict[str, list[tuple[str, str, int]]]:
        """ecosystem → [(manager, evidence, strength)]: 2 packageManager field, 1 lockfile, 0 manifest hint."""
        if "managers" in self._cache:
            return self._cache["managers"]
        found: dict[str, list[tuple[str, str, int]]] = {}
        declared = dig(self.parsed("package.json"), "packageManager")
        if isinstance(declared, str) and declared.split("@")[0] in ECOSYSTEM:
            found.setdefault("js", []).append((declared.split("@")[0], f"package.json packageManager = {declared}", 2))
        for lockfile, manager in LOCKFILES:
            if self.exists(lockfile):
                found.setdefault(ECOSYSTEM[manager], []).append((manager, f"{self.rel(lockfile)} exists", 1))
        pyproject = self.parsed("pyproject.toml") or {}
        for table in ("poetry", "pdm", "uv"):
            if dig(pyproject, "tool", table) is not None:
                found.setdefault("python", []).append((table, f"pyproject.toml has [tool.{table}]", 0))
        for manifest, manager in (("Pipfile", "pipenv"), ("requirements.txt", "pip"), ("Cargo.toml", "cargo"),
                                  ("go.mod", "go")):
            if self.exists(manifest):
                found.setdefault(ECOSYSTEM[manager], []).append((manager, f"{self.rel(manifest)} exists", 0))
        self._cache["managers"] = found
        return found

    def decide(self, ecosystem: str) -> tuple[str | None, bool, list[str]]:
        """(manager, decisive, the managers tied at the strongest evidence)."""
        entries = self.managers().get(ecosystem) or []
        if not entries:
            return None, False, []
        strongest = max(strength for _, _, strength in entries)
        tied = list(dict.fromkeys(m for m, _, strength in entries if strength == strongest))
        return tied[0], len(tied) == 1, tied

    def manager(self, ecosystem: str) -> str | None:
        return self.decide(ecosystem)[0]

    def has_ecosystem(self, ecosystem: str) -> bool:
        markers = {"js": ("package.json",), "python": PYTHON_MARKERS, "rust": ("Cargo.toml",), "go": ("go.mod",)}
        return any(self.exists(m) for m in markers[ecosystem])

    # --- command sources ---

    def installed_bins(self) -> set[str]:
        """Package binaries ``pnpm X`` / ``yarn X`` may run without a script X."""
        package = self.parsed("package.json") or {}
        names = {str(n) for table in ("dependencies", "devDependencies") for n in (dig(package, table) or {})}
        bin_dir = self.ctx.path(self.rel("node_modules/.bin"))
        return names | (set(os.listdir(bin_dir)) if os.path.isdir(bin_dir) else set())

    def scripts(self) -> dict[str, str]:
        scripts = dig(self.parsed("package.json"), "scripts")
        return {str(k): str(v) for k, v in scripts.items()} if isinstance(scripts, dict) else {}

    def make_targets(self) -> tuple[str | None, set[str], bool]:
        """(makefile, targets, open-ended: includes or pattern rules that may define more)."""
        for name in ("GNUmakefile", "makefile", "Makefile"):
            text = self.text(name)
            if text is not None:
                targets: set[str] = set()
                for match in re.finditer(r"^([A-Za-z0-9_.%/ -]+?)\s*::?(?!=)", text, re.MULTILINE):
                    targets.update(t for t in match.group(1).split() if not t.startswith("."))
                open_ended = bool(re.search(r"^-?include\s|^%", text, re.MULTILINE)) or any("%" in t for t in targets)
                return name, targets, open_ended
        return None, set(), False

    def just_recipes(self) -> tuple[str | None, set[str], bool]:
        for name in ("justfile", "Justfile", ".justfile"):
            text = self.text(name)
            if text is not None:
                recipes = set(re.findall(r"^@?([A-Za-z0-9_-]+)(?:\s+[^:=\n]*)?:(?!=)", text, re.MULTILINE))
                return name, recipes, bool(re.search(r"^(import|mod)\s", text, re.MULTILINE))
        return None, set(), False

    def tox_envs(self) -> tuple[str | None, set[str]]:
        text = self.text("tox.ini")
        source = "tox.ini"
        if text is None:
            legacy = dig(self.parsed("pyproject.toml"), "tool", "tox")
            if legacy is None:
                return None, set()
            source, text = "pyproject.toml [tool.tox]", legacy.get("legacy_tox_ini", "") if isinstance(
                legacy, dict) else ""
            envs = set(legacy.get("env", {}) or {}) if isinstance(legacy, dict) else set()
        else:
            envs = set()
        envs.update(re.findall(r"^\[testenv:([^\]]+)\]", text, re.MULTILINE))
        listed = re.search(r"^env_?list\s*=\s*((?:.*\n?)(?:[ \t]+.*\n?)*)", text, re.MULTILINE)
        for item in re.findall(r"(?:[^\s,{]|\{[^}]*\})+", listed.group(1) if listed else ""):
            envs.update(_expand_braces(item))
        return source, envs

    def nox_sessions(self) -> set[str] | None:
        text = self.text("noxfile.py")
        if text is None:
            return None
        return set(re.findall(r"@nox\.session[^\n]*\n(?:\s*@[^\n]*\n)*\s*def\s+(\w+)", text))

    def python_tools(self) -> set[str]:
        pyproject = self.parsed("pyproject.toml") or {}
        tools = {name for name in ("pytest", "ruff", "black", "mypy", "pyright") if dig(pyproject, "tool", name)}
        if dig(pyproject, "tool", "pytest", "ini_options") is not None or self.exists("pytest.ini") or self.exists(
                "conftest.py") or "[tool:pytest]" in (self.text("setup.cfg") or ""):
            tools.add("pytest")
        deps = str([dig(pyproject, "project", "optional-dependencies"), dig(pyproject, "dependency-groups"),
                    dig(pyproject, "tool", "poetry"), dig(pyproject, "tool", "pdm", "dev-dependencies")])
        tools.update(t for t in ("pytest", "ruff", "black", "mypy") if re.search(rf"['\"]{t}\b", deps))
        tools.update(t for t, f in (("ruff", "ruff.toml"), ("mypy", "mypy.ini"), ("flake8", ".flake8")) if self.exists(f))
        return tools

    def task_runners(self) -> dict[str, dict[str, str]]:
        """runner → {task name: command to run it} for poe, pdm and hatch scripts."""
        pyproject = self.parsed("pyproject.toml") or {}
        runners: dict[str, dict[str, str]] = {}
        poe = dig(pyproject, "tool", "poe", "tasks")
        if isinstance(poe, dict):
            runners["poe"] = {name: f"poe {name}" for name in poe}
        pdm = dig(pyproject, "tool", "pdm", "scripts")
        if isinstance(pdm, dict):
            runners["pdm"] = {name: f"pdm run {name}" for name in pdm if not name.startswith("_")}
        hatch_envs = dig(pyproject, "tool", "hatch", "envs")
        if isinstance(hatch_envs, dict):
            hatch: dict[str, str] = {}
            for env, table in hatch_envs.items():
                for name in dig(table, "scripts") or {}:
                    hatch.setdefault(name, f"hatch run {name}" if env == "default" else f"hatch run {env}:{name}")
            runners["hatch"] = hatch
        return runners

    def candidates(self, kind: str) -> list[str]:
        """Commands of ``kind`` this project declares, best first."""
        names, out = KINDS[kind], []
        _, targets, _ = self.make_targets()
        out += [f"make {t}" for t in names if t in targets]
        _, recipes, _ = self.just_recipes()
        out += [f"just {r}" for r in names if r in recipes]
        if self.exists("package.json"):
            manager = self.manager("js") or "npm"
            scripts = self.scripts()
            out += [render_script(manager, s) for s in names if s in scripts]
            if kind == "install":
                out.append(f"{manager} install")
        for tasks in self.task_runners().values():
            out += [tasks[t] for t in names if t in tasks]
        tox_source, envs = self.tox_envs()
        if tox_source:
            if kind == "test":
                out += ["tox", *(f"tox -e {e}" for e in sorted(envs) if re.fullmatch(r"py\d+", e))]
            out += [f"tox -e {e}" for e in names if e in envs]
        sessions = self.nox_sessions()
        if sessions is not None:
            out += [f"nox -s {s}" for s in names if s in sessions]
        tools, prefix = self.python_tools(), self.python_prefix()
        for tool_kind, tool, command in (("test", "pytest", "pytest"), ("lint", "ruff", "ruff check ."),
                                         ("lint", "flake8", "flake8"), ("format", "ruff", "ruff format ."),
                                         ("format", "black", "black ."), ("typecheck", "mypy", "mypy ."),
                                         ("typecheck", "pyright", "pyright")):
            if kind == tool_kind and tool in tools:
                out.append(prefix + command)
        if kind == "install" and self.has_ecosystem("python"):
            manager = self.manager("python") or "pip"
            out.append({"uv": "uv sync", "poetry": "poetry install", "pdm": "pdm install", "pipenv": "pipenv install"}
                       .get(manager, "pip install -r requirements.txt" if self.exists("requirements.txt")
                            else "pip install -e ."))
        if kind in TOOLCHAIN and self.exists("Cargo.toml"):
            out.append(TOOLCHAIN[kind][0])
        if kind in TOOLCHAIN and self.exists("go.mod"):
            out.append(TOOLCHAIN[kind][1])
        return list(dict.fromkeys(out))

    def python_prefix(self) -> str:
        manager = self.manager("python")
        return f"{manager} run " if manager in ("uv", "poetry", "pdm", "pipenv") else ""


def _expand_braces(item: str) -> list[str]:
    match = re.search(r"\{([^{}]*)\}", item)
    if not match:
        return [item]
    return [x for part in match.group(1).split(",")
            for x in _expand_braces(item[: match.start()] + part.strip() + item[match.end() :])]


def render_script(manager: str, script: str) -> str:
    if manager == "npm":
        return f"npm {script}" if script in ("test", "start", "stop", "restart") else f"npm run {script}"
    if manager == "bun":
        return f"bun run {script}"
    return f"{manager} {script}"


# --- judging a command ---


def split_command(command: str) -> tuple[str, list[str]]:
    """(directory it runs in, the first real simple command's tokens) — ``cd web && npm test`` → (web, [npm, test])."""
    try:
        tokens = shlex.split(command, posix=True)
    except ValueError:
        tokens = command.split()
    segments: list[list[str]] = [[]]
    for token in tokens:
        if token in ("&&", ";", "||", "|"):
            segments.append([])
        else:
            segments[-1].append(token)
    base = ""
    for segment in segments:
        while segment and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", segment[0]):
            segment = segment[1:]
        if not segment:
            continue
        if segment[0] == "cd" and len(segment) > 1:
            base = os.path.normpath(os.path.join(base, segment[1]))
            continue
        return base, segment
    return base, []


def invocation(tokens: list[str], project: Project) -> tuple[tuple[str, ...], str | None]:
    """What a command runs, as a comparable tuple, and the Python runner that wraps it (``uv run …``)."""
    if not tokens:
        return ("empty",), None
    head, rest = os.path.basename(tokens[0]), tokens[1:]
    if head in PY_RUNNERS and rest[:1] == ["run"]:
        inner = rest[1:]
        while inner and inner[0].startswith("-"):
            inner = inner[1:]
        tasks = project.task_runners().get(head, {})
        if inner and head in ("pdm", "hatch") and inner[0].split(":")[-1] in tasks:
            return (head, inner[0].split(":")[-1]), None
        return invocation(inner, project)[0], head
    if head in ("python", "python3", "py") and rest[:1] == ["-m"] and len(rest) > 1:
        return ("tool", rest[1]), None
    if head == "py.test":
        return ("tool", "pytest"), None
    if head in ("npm", "pnpm", "yarn", "bun"):
        if not rest:
            return (("js-install", head) if head in ("yarn", "bun") else ("js-builtin", head, "")), None
        sub = rest[0]
        if sub in ("run", "run-script") and len(rest) > 1:
            return ("js", head, rest[1]), None
        if sub in ("install", "i", "ci"):
            return ("js-install", head), None
        if head == "bun" and sub == "test":
            return ("js-builtin", head, sub), None
        if head == "npm" and sub in NPM_SCRIPT_SHORTCUTS:
            return ("js", head, NPM_SCRIPT_SHORTCUTS[sub]), None
        if sub in JS_BUILTINS:
            return ("js-builtin", head, sub), None
        return (("npm-bare", sub) if head == "npm" else ("js", head, sub)), None
    if head in ("npx", "pnpx", "bunx"):
        return ("tool", rest[0] if rest else ""), None
    if head in ("make", "gmake", "just"):
        names = [t for i, t in enumerate(rest) if not t.startswith("-") and "=" not in t
                 and not (i and rest[i - 1] in ("-C", "-f", "--file", "--directory", "--justfile"))]
        return ("just" if head == "just" else "make", names[0] if names else ""), None
    if head in ("tox", "nox"):
        flags = ("-e", "--env") if head == "tox" else ("-s", "--session", "--sessions", "-e")
        chosen = ""
        for i, token in enumerate(rest):
            if token in flags and i + 1 < len(rest):
                chosen = rest[i + 1]
            elif head == "tox" and token.startswith("-e") and len(token) > 2:
                chosen = token[2:]
        return (head, chosen), None
    if head in ("cargo", "go", "poe"):
        return (head, rest[0] if rest else ""), None
    if head in ("bash", "sh", "zsh") and rest and not rest[0].startswith("-"):
        return ("file", rest[0]), None
    if "/" in tokens[0]:
        return ("file", tokens[0]), None
    return ("tool", head), None


def judge(kind: str, command: str, ctx: VerifyContext, base: str) -> tuple[bool | None, Any, list[str], Project]:
    """(agrees, value, evidence lines, project) for a record's command of ``kind``."""
    cd, tokens = split_command(command)
    project = Project(ctx, os.path.normpath(os.path.join(base, cd)) if cd else base)
    discovered = project.candidates(kind)
    best = discovered[0] if discovered else None
    where = f" in {project.base}/" if project.base else ""
    lines = [f"discovered {kind} commands{where}: {', '.join(discovered) or '(none)'}"]
    target, runner = invocation(tokens, project)
    family = target[0]

    def no(reason: str, value: Any = best) -> tuple[bool | None, Any, list[str], Project]:
        return False, value, [*lines, reason], project

    if family in ("js", "js-install", "js-builtin", "npm-bare"):
        if not project.exists("package.json"):
            return no(f"no package.json{where}")
        manager = project.manager("js")
        scripts = project.scripts()
        script = target[-1] if family in ("js", "npm-bare") else None
        bare_bin = family == "js" and tokens[1:2] != ["run"] and script in project.installed_bins()
        if script is not None and script not in scripts and not bare_bin:
            return no(f"package.json has no script {script!r} (scripts: {', '.join(sorted(scripts)) or 'none'})")
        if family == "npm-bare":
            return no(f"npm {script} is not an npm command: scripts run with npm run",
                      render_script(manager or "npm", str(script)))
        used = target[1]
        if manager and used != manager:
            evidence = "; ".join(e for _, e, _ in project.managers().get("js", []))
            fixed = render_script(manager, script) if script else (f"{manager} install" if family == "js-install"
                                                                   else best)
            return no(f"{used} is the wrong package manager here: {evidence}", fixed)
    elif family in ("make", "just"):
        name, targets, open_ended = project.make_targets() if family == "make" else project.just_recipes()
        if name is None:
            return no(f"no {'Makefile' if family == 'make' else 'justfile'}{where}")
        if target[1] and target[1] not in targets:
            if open_ended:
                return None, best, [*lines, f"{name} has no {target[1]!r} target but includes others"], project
            return no(f"{name} has no target {target[1]!r} (targets: {', '.join(sorted(targets)) or 'none'})")
    elif family == "tox":
        source, envs = project.tox_envs()
        if source is None:
            return no(f"no tox.ini or [tool.tox]{where}")
        missing = [e for e in target[1].split(",") if e and e not in envs and not re.fullmatch(r"py\d+", e)]
        if missing:
            return no(f"{source} defines no env {missing[0]!r} (envs: {', '.join(sorted(envs)) or 'none'})")
    elif family == "nox":
        sessions = project.nox_sessions()
        if sessions is None:
            return no(f"no noxfile.py{where}")
        if target[1] and target[1] not in sessions:
            return no(f"noxfile.py has no session {target[1]!r} (sessions: {', '.join(sorted(sessions)) or 'none'})")
    elif family == "poe":
        tasks = project.task_runners().get("poe")
        if tasks is None or target[1] not in tasks:
            return no(f"pyproject.toml [tool.poe.tasks] has no task {target[1]!r}")
    elif family in ("cargo", "go") and not project.exists("Cargo.toml" if family == "cargo" else "go.mod"):
        return no(f"no {'Cargo.toml' if family == 'cargo' else 'go.mod'}{where}: not a {family} project")
    elif family == "file" and not os.path.exists(ctx.path(project.rel(target[1]))):
        return no(f"{project.rel(target[1])} does not exist")
    if (family == "tool" and target[1] in ("pytest", "unittest", "tox", "nox") or runner) and not (
            project.has_ecosystem("python")):
        return no(f"no Python project files{where} ({', '.join(PYTHON_MARKERS)})")
    python_manager = project.manager("python")
    if runner and runner != "hatch" and python_manager and python_manager != runner and family != "file":
        inner = shlex.join(tokens[2:])
        fixed = inner if python_manager == "pip" else f"{python_manager} run {inner}"
        return no(f"{runner} run is the wrong runner here: the project uses {python_manager}", fixed)
    if any(invocation(split_command(c)[1], project)[0] == target for c in discovered):
        return True, command, [*lines, f"{command!r} is a discovered {kind} command"], project
    program = tokens[0] if tokens else ""
    if best and family == "tool" and not runner and "/" not in program and which(program, ctx.env) is None \
            and not any(os.path.exists(ctx.path(project.rel(d + program))) for d in (".venv/bin/", "node_modules/.bin/")):
        # The project defines a command for this; the recorded one cannot even start here.
        return no(f"{program} is not installed here (not on PATH, not in .venv/bin or node_modules/.bin)")
    return None, best or command, [*lines, f"{command!r} is not contradicted, nor among the discovered ones"], project


def scope_dir(record: Record, ctx: VerifyContext) -> tuple[str, str]:
    """A ``path:web/**`` record is about the project in ``web/``: (directory, scope)."""
    kind, _, glob = record.scope.partition(":")
    if kind == "path":
        static = re.split(r"[*?\[]", glob, maxsplit=1)[0].rstrip("/")
        static = static if os.path.isdir(ctx.path(static)) else os.path.dirname(static)
        if static and os.path.isdir(ctx.path(static)):
            return static, record.scope
    return "", "repository"


class PackageManager:
    name = "project.package-manager"
    keys = ("package_manager",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        claimed = str(record.value or "").split("@")[0].strip().lower()
        ecosystem = ECOSYSTEM.get(claimed)
        if ecosystem is None:
            return CannotVerify(self.name, f"unknown package manager {record.value!r} (known: {', '.join(ECOSYSTEM)})")
        base, scope = scope_dir(record, ctx)
        project = Project(ctx, base)
        found = project.managers()
        value, decisive, tied = project.decide(ecosystem)
        evidence = "\n".join(e for entries in found.values() for _, e, _ in entries) or "no lockfiles or manifests"
        if value is not None:
            if decisive:
                agrees: bool | None = claimed == value
            else:  # several lockfiles: only a manager outside them is contradicted
                agrees = None if claimed in tied else False
                evidence += f"\nambiguous: {', '.join(tied)}"
            return observe(self.name, record, value, scope, agrees, evidence, project.inputs)
        if project.has_ecosystem(ecosystem):
            return observe(self.name, record, record.value, scope, None,
                           f"{evidence}\n{ecosystem} project without a lockfile: any {ecosystem} manager fits",
                           project.inputs)
        other = next(iter(found.values()), [])
        return observe(self.name, record, other[0][0] if other else None, scope, None,
                       f"{evidence}\nno {ecosystem} project files at this level", project.inputs)


class Command:
    name = "project.command"
    # command.test and its variants (command.test.e2e, command.test.watch, …): every one is verified
    keys = tuple(f"command.{kind}" for kind in KINDS) + tuple(f"command.{kind}.*" for kind in KINDS)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        kind = record.key[len("command.") :].split(".", 1)[0]
        if not isinstance(record.value, str) or not record.value.strip():
            return CannotVerify(self.name, f"{record.key} needs a command string, got {record.value!r}")
        from statewise_cli.memory.extract import unsafe_command

        command = record.value.strip()
        base, scope = scope_dir(record, ctx)
        cd = split_command(command)[0]
        if base and cd and os.path.normpath(cd) == base:
            base = ""  # `cd web && npm test` scoped to path:web/**: the command carries its own directory
        reason = unsafe_command(command)
        if reason:
            return observe(self.name, record, None, scope, False,
                           f"{command!r} {reason}: never a command to hand an agent", {})
        parts = compound_parts(command)
        agrees, value, lines, project = judge(kind, parts[0], ctx, base)
        if len(parts) == 1:
            return observe(self.name, record, value, scope, agrees, "\n".join(lines), project.inputs)
        # Every command of a compound is judged: `make test && <anything>` is not verified by `make test`.
        inputs = dict(project.inputs)
        verdicts = [agrees]
        for part in parts[1:]:
            part_kind = command_kind_of(part) or kind
            part_agrees, _value, part_lines, part_project = judge(part_kind, part, ctx, base)
            verdicts.append(part_agrees)
            lines += [f"{part!r} ({part_kind}): " + "; ".join(part_lines[-1:])]
            inputs.update(part_project.inputs)
        combined = False if False in verdicts else (True if all(v is True for v in verdicts) else None)
        lines.append(f"compound of {len(parts)} commands: " + ", ".join(str(v) for v in verdicts))
        return observe(self.name, record, command if combined is not False else value, scope, combined,
                       "\n".join(lines), inputs)


def compound_parts(command: str) -> list[str]:
    """The simple commands of ``a && b; c || d | e`` (a leading ``cd dir &&`` stays with what follows)."""
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        tokens = list(lexer)
    except ValueError:
        return [command]
    parts: list[list[str]] = [[]]
    for token in tokens:
        if token in ("&&", ";", "||", "|", "&", "|&", ";;"):
            parts.append([])
        else:
            parts[-1].append(token)
    texts = [shlex.join(p) for p in parts if p]
    merged: list[str] = []
    for text in texts:
        if merged and merged[-1].startswith("cd ") and len(shlex.split(merged[-1])) == 2:
            merged[-1] = f"{merged[-1]} && {text}"
        else:
            merged.append(text)
    return merged or [command]


def command_kind_of(command: str) -> str | None:
    from statewise_cli.actions.commands import command_kind

    return command_kind(command) if command.strip() else None


for _verifier in (PackageManager(), Command()):
    register(_verifier)
