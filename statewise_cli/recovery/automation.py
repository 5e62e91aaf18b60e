"""The commands a repository's own automation runs, keyed by purpose.

Read from the files that run commands: CI workflows, make/just/task files, package scripts, tox and nox,
pyproject task sections, pre-commit hooks, Dockerfiles, devcontainers, Procfiles. Each command gets the
purposes its own grammar says (its first operand: ``build``, ``test``, ``deploy`` …, or a program name made for
one: ``*lint``, ``*fmt``) and the name of what runs it (a make target, a script, a tox env, a nox session).

Used on the deny path of a premise only (a program the repository never names): file reads, no subprocess
beyond the one ``git ls-files`` that finds the files, cached per HEAD beside the store.
"""

from __future__ import annotations

import json
import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CACHE = "automation-commands.json"
# A word of a command or of a task's name → the purpose it states.
PURPOSES: dict[str, str] = {
    "test": "test", "tests": "test", "spec": "test", "specs": "test", "unittest": "test", "pytest": "test",
    "build": "build", "compile": "build", "bundle": "build", "dist": "build", "package": "build", "render": "build",
    "bake": "build", "assemble": "build", "sdist": "build", "wheel": "build", "export": "build",
    "lint": "lint", "vet": "lint", "analyze": "lint", "analyse": "lint", "typecheck": "lint",
    "fmt": "format", "format": "format", "reformat": "format",
    "serve": "run", "start": "run", "dev": "run", "up": "run", "watch": "run", "preview": "run", "run": "run",
    "deploy": "deploy", "ship": "deploy",
    "publish": "publish", "upload": "publish", "release": "publish",
    "migrate": "migrate", "migrations": "migrate", "migration": "migrate",
    "docs": "docs", "doc": "docs",
    "flash": "flash", "upload-firmware": "flash",
    "clean": "clean", "distclean": "clean", "clobber": "clean",
}
# Programs that run another file's named task: their purpose is the task's, and a leaf command is preferred.
RUNNERS = frozenset({"make", "gmake", "just", "task", "npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "tox",
                     "nox", "invoke", "inv", "poe", "hatch", "pdm", "uv", "poetry", "rake", "mage", "earthly",
                     "docker", "docker-compose", "podman", "sh", "bash", "cd", "source", "exec", "env", "time",
                     "echo", "printf", "set", "export", "cp", "mv", "rm", "mkdir", "test", "true", "false", "cat",
                     "git", "sudo", "apt-get", "apt", "apk", "pip", "pip3", "curl", "wget", "python", "python3",
                     "node", "if", "then", "fi", "for", "do", "done", "else"})
_FILE_TOOLS = frozenset({"rm", "cp", "mv", "mkdir", "rmdir", "touch", "cat", "ls", "tar", "zip", "unzip", "chmod",
                         "chown", "find", "sed", "echo", "printf", "ln", "rsync", "scp", "head", "tail", "less", "vi",
                         "vim", "nano", "code", "open", "cd", "stat", "du", "wc", "grep", "diff", "file"})
_PREFIXES = {"exec", "env", "time", "command", "nohup", "sudo"}
_WRAPPERS = {("uv", "run"), ("poetry", "run"), ("pdm", "run"), ("hatch", "run"), ("bundle", "exec"), ("pipenv", "run"),
             ("npx",), ("pnpx",), ("bunx",), ("pnpm", "exec"), ("yarn", "exec"), ("yarn", "dlx"), ("pnpm", "dlx")}


def _re() -> Any:
    import re

    return re


_PATH_PLACEHOLDERS = frozenset({"file", "files", "directory", "directories", "dir", "dirs", "path", "paths", "folder",
                                "filename", "pathname", "dest", "destination"})
_DOCUMENTED_PATH: dict[str, bool] = {}


def documented_path_operand(program: str) -> bool:
    """Whether the program's manual page (the roff source under /usr/share/man, never run) gives a file or
    directory as its first operand (``gio-querymodules {DIRECTORY...}``, ``shred [OPTION]... FILE...``): then
    ``program build`` names a directory called build, not a job. A program with sub-commands (``COMMAND``) or with
    no page is not one."""
    if program in _DOCUMENTED_PATH:
        return _DOCUMENTED_PATH[program]
    import gzip
    import re

    found = False
    for section in ("1", "8"):
        page = f"/usr/share/man/man{section}/{program}.{section}.gz"
        if not os.path.isfile(page):
            continue
        try:
            with gzip.open(page, "rt", errors="replace") as fh:
                raw = fh.read(200_000)
        except OSError:
            break
        m = re.search(r"^\.SH\s+\"?SYNOPSIS\"?\s*$(.*?)^\.SH", raw, re.DOTALL | re.MULTILINE)
        if not m:
            break
        text = re.sub(r"\\f(\[[^\]]*\]|\(..|.)|\\[-&,/|^]", lambda x: "-" if x.group(0) == "\\-" else "", m.group(1))
        while re.search(r"[\[{]\s*-[^\[\]{}]*[\]}]", text):  # `[-C <path>]`: an option and its value
            text = re.sub(r"[\[{]\s*-[^\[\]{}]*[\]}]", " ", text)
        text = " ".join(ln for ln in text.splitlines() if not ln.startswith((".HP", ".sp", ".PP", ".br", ".nh", ".ad")))
        head = text.split(None, 1)
        rest = head[1] if len(head) > 1 and head[0].lstrip(".B ").strip() in (program, program.replace("-", "\\-")) \
            else text.split(program, 1)[-1]
        for token in re.findall(r"[\w-]+|\S", rest):
            if token in "[]{}<>|." or token.startswith("-") or token.upper() in ("OPTION", "OPTIONS"):
                continue
            found = token.lower().rstrip("s") in {p.rstrip("s") for p in _PATH_PLACEHOLDERS}
            break
        break
    _DOCUMENTED_PATH[program] = found
    return found


def purposes_of(words: list[str], name: str = "") -> set[str]:
    """The purposes a command's own words state (its first operand, a program named for one), plus its task's."""
    found: set[str] = set()
    for token in _re().split(r"[-_:./]", name.lower()) if name else []:
        if token in PURPOSES:
            found.add(PURPOSES[token])
    if not words:
        return found
    program = os.path.basename(words[0]).lower()
    if program in _FILE_TOOLS:
        return found  # `rm -rf build`: its operand is a path, not a job
    operand = next((w for w in words[1:] if not w.startswith("-") and "=" not in w), "")
    if operand.lower() in PURPOSES and not documented_path_operand(program):
        found.add(PURPOSES[operand.lower()])
    for token in _re().split(r"[-_.]", program):
        if token in ("lint", "linter", "fmt", "format", "test"):
            found.add(PURPOSES.get(token, "lint"))
    return found


def simple_commands(line: str) -> list[list[str]]:
    """A shell line's simple commands as words, with env assignments and ``exec``/``uv run``-style wrappers off."""
    import shlex

    out: list[list[str]] = []
    for part in _re().split(r"&&|\|\||;|\|", line):
        try:
            words = shlex.split(part, comments=True)
        except ValueError:
            words = part.split()
        while words and ("=" in words[0] and not words[0].startswith(("-", "=")) or words[0] in _PREFIXES):
            words = words[1:]
        for wrapper in sorted(_WRAPPERS, key=len, reverse=True):
            if tuple(words[:len(wrapper)]) == wrapper and len(words) > len(wrapper):
                words = words[len(wrapper):]
                while words and words[0].startswith("-"):
                    words = words[1:]
                break
        if words and _re().fullmatch(r"[\w./+-]+", words[0]) and "$" not in words[0]:
            out.append(words)
    return out


def _make_like(text: str, indent: str) -> list[tuple[str, str]]:
    """(target, recipe line) of a makefile (tab recipes) or a justfile (indented recipes)."""
    found: list[tuple[str, str]] = []
    target = ""
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith(indent) or (indent == " " and line[:1] in (" ", "\t")):
            if target:
                found.append((target, line.strip().lstrip("@-+ ")))
            continue
        head, sep, rest = line.partition(":")
        if sep and not rest.startswith("=") and "=" not in head and "$" not in head:
            names = head.replace("@", "").split()
            target = names[0] if names else ""
        else:
            target = ""
    return found


def _yaml_runs(text: str) -> list[tuple[str, str]]:
    """(job or step name, command) of a CI or task YAML: ``run:``/``script:``/``cmds:``/``command:`` values,
    block scalars and list items under them."""
    found: list[tuple[str, str]] = []
    re = _re()
    lines = text.splitlines()
    name = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        m_name = re.match(r"\s*-?\s*(?:name|id):\s*['\"]?([^'\"#]+)", line)
        if m_name:
            name = m_name.group(1).strip()
        m_job = re.match(r"^  ([\w.-]+):\s*$", line)
        if m_job:
            name = m_job.group(1)
        m = re.match(r"^(\s*)-?\s*(run|script|cmds|command|commands|entry|before_script|cmd):\s*(.*)$", line)
        if m:
            indent = len(m.group(1))
            value = m.group(3).strip()
            if value and value[0] not in "|>[":
                found.append((name, value.strip("'\"")))
            elif value.startswith("[") and value.endswith("]"):
                found += [(name, v.strip().strip("'\"")) for v in value[1:-1].split(",") if v.strip()]
            else:
                j = i + 1
                while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
                    item = lines[j].strip()
                    if item and not item.startswith("#"):
                        item = item[2:].strip() if item.startswith("- ") else item
                        if not re.match(r"[\w-]+:\s", item) or item.startswith(("cmd:", "run:")):
                            found.append((name, item.split(":", 1)[1].strip().strip("'\"")
                                          if item.startswith(("cmd:", "run:")) else item.strip("'\"")))
                    j += 1
                i = j
                continue
        i += 1
    return found


def _ini_commands(text: str) -> list[tuple[str, str]]:
    """(tox env, command) of ``commands =`` and its continuation lines."""
    found: list[tuple[str, str]] = []
    section = ""
    inside = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section, inside = stripped.strip("[]").split(":")[-1], False
            continue
        key, sep, value = line.partition("=")
        if sep and not line[:1].isspace():
            inside = key.strip() in ("commands", "commands_pre")
            if inside and value.strip():
                found.append((section, value.strip()))
            continue
        if inside and line[:1].isspace() and stripped:
            found.append((section, stripped))
    return found


def _nox(text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    re = _re()
    session = ""
    for line in text.splitlines():
        m = re.match(r"\s*def\s+(\w+)\s*\(", line)
        if m:
            session = m.group(1)
        for call in re.finditer(r"session\.run\(([^)]*)\)", line):
            words = re.findall(r"[\"']([^\"']+)[\"']", call.group(1))
            if words:
                found.append((session, " ".join(words)))
    return found


def _toml_tasks(text: str) -> list[tuple[str, str]]:
    """(name, command) of ``name = "cmd"`` in task sections (``[tool.poe.tasks]``, ``[tool.pdm.scripts]``,
    ``[tool.hatch.envs.*.scripts]``, ``[tool.taskipy.tasks]``) and ``command = "…"`` of build settings."""
    found: list[tuple[str, str]] = []
    re = _re()
    section = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped.strip("[]")
            continue
        m = re.match(r"([\w.-]+)\s*=\s*[\"']([^\"']+)[\"']\s*$", stripped)
        if not m:
            continue
        key, value = m.groups()
        if re.search(r"(?:tasks|scripts)$", section) and not section.startswith(("project.scripts", "tool.poetry.scripts")):
            found.append((key, value))
        elif key in ("command", "cmd", "publish"):
            found.append((section.split(".")[-1], value))
    return found


def _json_scripts(text: str, keys: tuple[str, ...]) -> list[tuple[str, str]]:
    try:
        data = json.loads(text)
    except ValueError:
        return []
    found: list[tuple[str, str]] = []
    if not isinstance(data, dict):
        return found
    scripts = data.get("scripts")
    if isinstance(scripts, dict):
        found += [(str(k), str(v)) for k, v in scripts.items() if isinstance(v, str)]
    for key in keys:
        value = data.get(key)
        if isinstance(value, str):
            found.append((key, value))
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            found.append((key, " ".join(value)))
    return found


def _dockerfile(text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for line in text.splitlines():
        word, _, rest = line.strip().partition(" ")
        if word.upper() in ("RUN", "CMD", "ENTRYPOINT") and rest.strip():
            value = rest.strip()
            if value.startswith("["):
                try:
                    value = " ".join(str(v) for v in json.loads(value))
                except ValueError:
                    pass
            found.append(("build" if word.upper() == "RUN" else "run", value))
    return found


def _procfile(text: str) -> list[tuple[str, str]]:
    return [(n.strip(), c.strip()) for n, sep, c in (ln.partition(":") for ln in text.splitlines()) if sep and n.strip()]


def _kind(path: str) -> str | None:
    base = os.path.basename(path)
    low = base.lower()
    if low in ("makefile", "gnumakefile") or low.endswith(".mk"):
        return "make"
    if low in ("justfile", ".justfile"):
        return "just"
    if path.startswith((".github/workflows/", ".forgejo/workflows/", ".gitea/workflows/", ".circleci/")) and \
            low.endswith((".yml", ".yaml")) or low in (".gitlab-ci.yml", "azure-pipelines.yml", "bitbucket-pipelines.yml",
                                                      ".travis.yml", "taskfile.yml", "taskfile.yaml", ".drone.yml",
                                                      ".pre-commit-config.yaml", "cloudbuild.yaml", "cloudbuild.yml",
                                                      "lefthook.yml", "codemagic.yaml", ".woodpecker.yml"):
        return "yaml"
    if low == "tox.ini":
        return "ini"
    if low == "noxfile.py":
        return "nox"
    if low in ("pyproject.toml", "netlify.toml", "fly.toml", "wrangler.toml", "rust-toolchain.toml") or \
            low.endswith(".toml") and path.count("/") == 0:
        return "toml"
    if low == "package.json" or path.endswith(".devcontainer/devcontainer.json") or low == "devcontainer.json":
        return "json"
    if low.startswith(("dockerfile", "containerfile")) or low.endswith((".dockerfile", ".containerfile")):
        return "docker"
    if low.startswith("procfile"):
        return "procfile"
    return None


def _parse(kind: str, text: str) -> list[tuple[str, str]]:
    if kind == "make":
        return _make_like(text, "\t")
    if kind == "just":
        return _make_like(text, " ")
    if kind == "yaml":
        return _yaml_runs(text)
    if kind == "ini":
        return _ini_commands(text)
    if kind == "nox":
        return _nox(text)
    if kind == "toml":
        return _toml_tasks(text)
    if kind == "json":
        return _json_scripts(text, ("postCreateCommand", "postStartCommand", "updateContentCommand", "onCreateCommand"))
    if kind == "docker":
        return _dockerfile(text)
    if kind == "procfile":
        return _procfile(text)
    return []


# How a task file's named task is run.
_INVOKE = {"make": "make {}", "just": "just {}", "ini": "tox -e {}", "nox": "nox -s {}"}


def _invocation(kind: str, path: str, name: str, ctx: Any) -> str:
    if not name or not _re().fullmatch(r"[\w.:-]+", name):
        return ""
    folder = os.path.dirname(path)
    if kind == "make" and os.path.basename(path).lower() in ("makefile", "gnumakefile"):
        return ("make " if not folder else f"make -C {folder} ") + name
    if kind in ("just", "ini", "nox") and not folder:
        return _INVOKE[kind].format(name)
    if kind == "json" and os.path.basename(path) == "package.json" and not folder:
        root = ctx.root
        pm = next((m for f, m in (("pnpm-lock.yaml", "pnpm"), ("yarn.lock", "yarn"), ("bun.lockb", "bun"), ("bun.lock", "bun"))
                   if os.path.exists(os.path.join(root, f))), "npm")
        return f"{pm} run {name}"
    return ""


def index(ctx: Any) -> list[list[str]]:
    """[purpose, program, command, source, how the task runs ("" for a plain command)] of every command the
    automation runs (cached per HEAD)."""
    from statewise_cli.recovery.premises import _read, head_cached, save_cache

    head, cache, cached = head_cached(ctx, CACHE, "commands")
    if isinstance(cached, list):
        return [[str(x) for x in row] for row in cached if isinstance(row, list) and len(row) == 5]
    code, out = ctx.git("ls-files", "-z")
    rows: list[list[str]] = []
    if code == 0:
        for path in out.split("\0")[:50_000]:
            kind = _kind(path)
            if kind is None or path.count("/") > 3 or "node_modules/" in path:
                continue
            text = _read(os.path.join(ctx.root, path), 200_000) or ""
            for name, line in _parse(kind, text):
                source = f"{path}" + (f" ({name})" if name else "")
                invocation = _invocation(kind, path, name, ctx)
                for words in simple_commands(line):
                    for purpose in sorted(purposes_of(words, name)):
                        rows.append([purpose, os.path.basename(words[0]), " ".join(words)[:200], source, invocation])
        save_cache(cache, {"head": head, "commands": rows})
    return rows


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if base in PURPOSES:
                return base
            if base + "e" in PURPOSES:
                return base + "e"
    return word


def doc_rows(ctx: Any) -> list[list[str]]:
    """[purpose, program, command, doc file] of the commands the docs give in code spans, with the purposes their
    own words and their sentence's verbs state (``The tests run with `x check` ``: test)."""
    from statewise_cli.recovery.premises_routes import _commands, paragraphs

    re = _re()
    rows: list[list[str]] = []
    for name, paragraph in paragraphs(ctx.root):
        for sentence in re.split(r"(?<=[.;!?])\s+", paragraph):
            if "`" not in sentence:
                continue
            said = {PURPOSES[_stem(w)] for w in re.findall(r"[a-z]+", sentence.lower()) if _stem(w) in PURPOSES}
            said.discard("run")  # "run X with" says nothing about the job
            for command in _commands(sentence, set()):
                words = command.split()
                for purpose in sorted(purposes_of(words) | said):
                    rows.append([purpose, os.path.basename(words[0]), command[:200], name, ""])
    return rows


def command_for(ctx: Any, purpose: str, avoid: str, docs: bool = False) -> tuple[str, str] | None:
    """(command, source) the automation (with ``docs``: and the docs) runs for ``purpose`` — a leaf command when one
    program does it, else the task runner's one invocation; None when nothing or several programs do."""
    rows = [r for r in index(ctx) + (doc_rows(ctx) if docs else []) if r[0] == purpose and r[1] != avoid]
    leaves = [r for r in rows if r[1] not in RUNNERS]
    chosen = leaves if leaves else rows
    programs = {r[1] for r in chosen}
    tasks = {r[4] for r in rows if r[4]}
    if len(programs) != 1:
        if len(tasks) == 1 and all(r[4] for r in chosen):
            task = next(iter(tasks))  # several programs, one task that runs them all
            return task, next(r[3] for r in chosen if r[4] == task)
        return None
    commands = {r[2] for r in chosen}
    if len(commands) > 3:
        return None
    best = min(chosen, key=lambda r: (len(r[2]), r[2]))
    if best[4] and (best[1] in RUNNERS or "$" in best[2]):
        return best[4], f"{best[3]}, which runs `{best[2]}`"  # the task, not its recipe's shell words
    return best[2], best[3]


def purpose_alternative(ctx: Any, words: list[str]) -> str:
    """A safe alternative for a stopped command: what the automation runs for the command's own purpose."""
    purposes = purposes_of(words)
    if len(purposes) != 1 or not words:
        return ""
    purpose = next(iter(purposes))
    found = command_for(ctx, purpose, os.path.basename(words[0]))
    if found is None or found[0].split()[:2] == words[:2]:
        return ""
    return f"Safe alternative: `{found[0]}` (what {found[1]} runs to {purpose} in this repository)."
