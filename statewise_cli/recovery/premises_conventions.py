"""A replaced tool's successor and the successor's own command convention — read from the repository.

A tool replaced by one whose invocation differs gives no command when the deny names only the new tool
("use tuist"). What the successor runs for the same job is in its own files:

- **which tool replaced it** — the commit that deleted the old tool's manifest (``project.yml`` of an
  Xcode project generator, ``Makefile.toml`` of a cargo task plugin, a directory of migrations) added
  the successor's: an ecosystem manifest the successor reads (``deps.edn``, ``Project.swift``), a
  version-manager entry pinning it (``[tools]`` of ``.mise.toml``, ``.tool-versions``), a cargo alias
  (``[alias]`` of ``.cargo/config.toml``), or the commit's own words where the old tool is named by its
  package (``org-migrate -> dbmate`` for the ``migrate`` program);
- **how the successor runs the job** — its configuration's named entries (a Clojure CLI alias is run
  with ``-X:`` when it names a function, ``-M:`` otherwise; a cargo alias takes the task name), the
  repository's docs and CI, else the job word itself (``generate``, ``up``, ``test``) after the new
  program;
- **the same tool in a new format** — a file operand the history replaced by several files the same
  tool reads from their directory (a JSON template converted to ``*.pkr.hcl`` files): the directory.

File reads and at most three ``git`` calls per candidate; nothing denies without a deletion in history.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

# Ecosystem manifests: a file (by exact name) → the program that reads it. A project's root manifest names
# its build or task tool.
MANIFESTS: dict[str, str] = {
    "deps.edn": "clojure", "project.clj": "lein", "build.boot": "boot", "shadow-cljs.edn": "shadow-cljs",
    "Project.swift": "tuist", "Tuist.swift": "tuist", "Workspace.swift": "tuist", "project.yml": "xcodegen",
    "Package.swift": "swift", "Podfile": "pod", "Cartfile": "carthage", "Mintfile": "mint",
    "build.sbt": "sbt", "build.sc": "mill", "build.mill": "mill", "stack.yaml": "stack", "cabal.project": "cabal",
    "dune-project": "dune", "gleam.toml": "gleam", "shard.yml": "shards", "Makefile.toml": "cargo-make",
    "meson.build": "meson", "CMakeLists.txt": "cmake", "SConstruct": "scons", "xmake.lua": "xmake",
    "premake5.lua": "premake5", "MODULE.bazel": "bazel", "WORKSPACE": "bazel", "WORKSPACE.bazel": "bazel",
    ".buckconfig": "buck2", "pants.toml": "pants", "BUILD.pants": "pants", "Tiltfile": "tilt",
    "skaffold.yaml": "skaffold", "devspace.yaml": "devspace", "garden.yml": "garden", ".arcconfig": "arc",
    ".reviewboardrc": "rbt", ".gitreview": "git-review",
    "Vagrantfile": "vagrant", ".goreleaser.yml": "goreleaser", ".goreleaser.yaml": "goreleaser",
    "mix.exs": "mix", "composer.json": "composer", "Pipfile": "pipenv", "atlas.hcl": "atlas",
    "sqitch.plan": "sqitch", "flyway.conf": "flyway", "flyway.toml": "flyway", "liquibase.properties": "liquibase",
    "alembic.ini": "alembic", "dbmate.yml": "dbmate", "nx.json": "nx", "turbo.json": "turbo", "lerna.json": "lerna",
    "rush.json": "rush", "buf.yaml": "buf", "buf.gen.yaml": "buf", "moon.yml": "moon", "helmfile.yaml": "helmfile",
    "kustomization.yaml": "kustomize", "flake.nix": "nix", "devbox.json": "devbox", "pixi.toml": "pixi",
    "Brewfile": "brew", "Berksfile": "berks", "Puppetfile": "r10k", "Jenkinsfile": "jenkins", "Snakefile": "snakemake",
    "dvc.yaml": "dvc", "Gruntfile.js": "grunt", "gulpfile.js": "gulp", "bsconfig.json": "bsb", "rescript.json": "rescript",
    "spago.dhall": "spago", "spago.yaml": "spago", "esy.json": "esy", "dub.json": "dub", "dub.sdl": "dub",
    "build.zig": "zig", "Justfile": "just", "justfile": "just", "Taskfile.yml": "task", "Taskfile.yaml": "task",
    "Earthfile": "earthly", "dagger.json": "dagger", "rebar.config": "rebar3", "Gopkg.toml": "dep", "go.mod": "go",
    "elm.json": "elm", "renv.lock": "renv", "cpanfile.snapshot": "carton", "pubspec.yaml": "flutter",
}
# Files a tool reads that another tool's name is on (several programs of one toolchain, a makefile).
EXTRA_OWN: dict[str, tuple[str, ...]] = {
    "elm-make": ("elm-package.json",), "elm-package": ("elm-package.json",), "elm-reactor": ("elm-package.json",),
    "make": ("Makefile", "makefile", "GNUmakefile"), "dep": ("Gopkg.toml", "Gopkg.lock"),
    "packrat": ("packrat/packrat.lock",), "glide": ("glide.yaml",), "godep": ("Godeps/Godeps.json",),
}
# The successor's documented command for a job the old tool's command line names (its target or verb).
SUCCESSOR_JOBS: dict[str, dict[str, str]] = {
    "go": {"ensure": "go mod download", "install": "go mod download", "download": "go mod download",
           "get": "go mod download", "fetch": "go mod download", "deps": "go mod download", "test": "go test ./...",
           "build": "go build ./...", "tidy": "go mod tidy", "vendor": "go mod vendor", "save": "go mod tidy",
           "restore": "go mod download", "update": "go get -u ./...", "up": "go get -u ./..."},
    "rebar3": {"tests": "rebar3 ct", "ct": "rebar3 ct", "test": "rebar3 eunit", "eunit": "rebar3 eunit",
               "dialyze": "rebar3 dialyzer", "dialyzer": "rebar3 dialyzer", "rel": "rebar3 release",
               "release": "rebar3 release", "docs": "rebar3 edoc", "doc": "rebar3 edoc", "edoc": "rebar3 edoc",
               "app": "rebar3 compile", "all": "rebar3 compile", "compile": "rebar3 compile", "deps": "rebar3 get-deps",
               "shell": "rebar3 shell", "xref": "rebar3 xref", "clean": "rebar3 clean", "check": "rebar3 do xref, dialyzer"},
    "carton": {"--installdeps": "carton install", "install": "carton install", "exec": "carton exec"},
    # a pipeline target becomes the module's function of the same name, run over the source directory
    "dagger": {"*": "dagger call {job} --source=."},
}
# Files named by a compound suffix the tool reads from their whole directory.
SUFFIXES: dict[str, str] = {".pkr.hcl": "packer", ".pkr.json": "packer", ".tf": "terraform", ".tofu": "tofu",
                            ".cabal": "cabal", ".nimble": "nimble", ".rockspec": "luarocks", ".bicep": "az"}
# Files that pin tools' versions for a version manager (the manager itself is not a successor).
_VERSION_MANIFESTS = (".mise.toml", "mise.toml", ".tool-versions", ".rtx.toml", ".config/mise.toml")
_MANAGERS = frozenset({"mise", "asdf", "rtx", "proto", "aqua", "direnv", "nix", "devbox"})
# Words a command line uses for the job itself, kept after the successor's program when nothing else says how.
JOB_WORDS = frozenset({"up", "down", "test", "build", "generate", "gen", "validate", "lint", "check", "fmt", "format",
                       "run", "serve", "deploy", "install", "clean", "status", "init", "plan", "apply", "dist", "ci",
                       "release", "publish", "bundle", "compile", "package", "start", "dev", "watch", "seed", "redo",
                       "reset", "rollback", "sync", "update", "upgrade", "doc", "docs", "bench", "coverage", "codegen",
                       "edit", "new", "create", "migrate", "preview"})
# cargo's own subcommands; any other `cargo X` runs the `cargo-X` plugin.
_CARGO_BUILTIN = frozenset({"build", "b", "check", "c", "clean", "doc", "d", "new", "init", "add", "remove", "run", "r",
                            "test", "t", "bench", "update", "search", "publish", "install", "uninstall", "fmt", "clippy",
                            "fix", "tree", "vendor", "metadata", "package", "login", "logout", "owner", "yank", "rustc",
                            "rustdoc", "fetch", "generate-lockfile", "locate-project", "pkgid", "verify-project",
                            "version", "help", "config", "report", "info"})


def _re() -> Any:
    import re

    return re


def own_files(tool: str) -> set[str]:
    """The files a tool reads as its project manifest."""
    from statewise_cli.recovery.premises_roles import OWN_FILES

    found = {name for name, program in MANIFESTS.items() if program == tool}
    found.update(OWN_FILES.get(tool, ()))
    found.update(EXTRA_OWN.get(tool, ()))
    return found


def _tool_of(words: list[str]) -> tuple[str, list[str]] | None:
    """(tool, its arguments): ``cargo make ci`` runs the ``cargo-make`` plugin with ``ci``."""
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    tool = os.path.basename(program).lower()
    if tool in ("rscript", "r") and len(args) >= 2 and args[0] in ("-e", "--expr"):
        import re

        m = re.match(r"\s*([A-Za-z][\w.]*)::(\w+)\(", args[1])  # an R package's function: the package is the tool
        return (m.group(1), [m.group(2)]) if m else None
    if tool == "cargo" and args and not args[0].startswith(("-", "+")) and args[0] not in _CARGO_BUILTIN:
        return f"cargo-{args[0]}", args[1:]
    return tool, args


def _job(args: list[str]) -> str | None:
    return next((a for a in args if a in JOB_WORDS), None)


def _target(args: list[str]) -> str | None:
    """The first operand as a task name (``+ci`` of a pipeline tool, ``tests`` of a make target), or the
    first option when there is none (``--installdeps``)."""
    word = next((a for a in args if not a.startswith("-") and a not in (".", "./")), None)
    if word is not None:
        return word.lstrip("+") if "/" not in word and "." not in word.lstrip("+") else None
    return next((a for a in args if a.startswith("--")), None)


def _manifest_tool(path: str) -> str | None:
    name = os.path.basename(path)
    if name in MANIFESTS:
        return MANIFESTS[name]
    low = name.lower()
    return next((t for s, t in SUFFIXES.items() if low.endswith(s)), None)


def _pinned_tools(text: str) -> set[str]:
    """Tools a version manifest pins: ``tuist = "4.1"`` under ``[tools]``, ``tuist 4.1`` lines."""
    found: set[str] = set()
    section = ""
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        if s.startswith("["):
            section = s.strip("[]").strip()
            continue
        if "=" in s and section == "tools":
            found.add(s.split("=", 1)[0].strip().strip("\"'").split(":")[-1])
        elif "=" not in s and not section:
            found.add(s.split()[0])
    return {t.lower() for t in found if t}


def _cargo_aliases(text: str) -> dict[str, str]:
    aliases: dict[str, str] = {}
    section = ""
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("["):
            section = s.strip("[]").strip()
        elif section == "alias" and "=" in s:
            name, _, value = s.partition("=")
            aliases[name.strip().strip("\"'")] = value.strip()
    return aliases


def _clojure_aliases(text: str) -> dict[str, str]:
    """alias → ``-X`` (it names a function) or ``-M`` (main options), from a ``deps.edn``'s ``:aliases``."""
    at = text.find(":aliases")
    if at < 0:
        return {}
    re = _re()
    out: dict[str, str] = {}
    for m in re.finditer(r":([\w.-]+)\s*\{", text[at + len(":aliases"):]):
        start = at + len(":aliases") + m.end()
        depth, end = 1, start
        while end < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        body = text[start:end]
        if ":exec-fn" in body or ":ns-default" in body:
            out[m.group(1)] = "-X"
        elif ":main-opts" in body:
            out[m.group(1)] = "-M"
    return out


def _convention(root: str, other: str, files: list[str], job: str | None, args: list[str]) -> str | None:
    """The successor's command for the job from its own configuration's named entries."""
    from statewise_cli.recovery.premises import _read

    if other == "clojure" and job:
        for f in files or ["deps.edn"]:
            if os.path.basename(f) != "deps.edn":
                continue
            aliases = _clojure_aliases(_read(os.path.join(root, f), 200_000) or "")
            named = [a for a in aliases if a == job] or [a for a in aliases if job in a.split("-")]
            if len(named) == 1:
                return f"clojure {aliases[named[0]]}:{named[0]}"
    if other.startswith("cargo "):
        task = next((a for a in args if not a.startswith("-")), "")
        return f"{other} {task}".strip()
    return None


def successor_of(ctx: Any, commit: str, tool: str, rel_dir: str) -> tuple[str, list[str]] | None:
    """(successor, the files naming it) a replacing commit added: manifests, version pins, cargo aliases,
    else the commit's own words (the old tool named by its package: ``x-tool -> new``)."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_replaced import _added_by

    root = ctx.root
    added = [p for p in _added_by(ctx, commit) if os.path.exists(os.path.join(root, p))]
    found: dict[str, list[str]] = {}
    for path in added:
        other = _manifest_tool(path)
        if other and other != tool and other not in _MANAGERS and not (tool.startswith("cargo-") and other == "cargo"):
            found.setdefault(other, []).append(path)
    code, changed = ctx.git("show", "--format=", "--name-only", commit)
    touched = changed.split() if code == 0 else []
    for path in touched:
        if path in _VERSION_MANIFESTS:
            try:
                code, before = ctx.git("show", f"{commit}^:{path}")
            except Exception:  # noqa: BLE001 - an unreadable parent is "no pins before"
                code, before = 1, ""
            new = _pinned_tools(_read(os.path.join(root, path), 100_000) or "") - (
                _pinned_tools(before) if code == 0 else set())
            for other in new - _MANAGERS - {tool}:
                found.setdefault(other, []).append(path)
        elif path in (".cargo/config.toml", ".cargo/config") and tool.startswith("cargo-"):
            code, before = ctx.git("show", f"{commit}^:{path}")
            old = _cargo_aliases(before) if code == 0 else {}
            for alias in set(_cargo_aliases(_read(os.path.join(root, path), 100_000) or "")) - set(old):
                found.setdefault(f"cargo {alias}", []).append(path)
    if len(found) == 1:
        other, files = next(iter(found.items()))
        return other, files
    if len(found) > 1 and len([o for o in found if tool.startswith(o + "-")]) == 1:
        other = next(o for o in found if tool.startswith(o + "-"))  # the toolchain the old program belonged to
        return other, found[other]
    if len(found) > 1:
        # the successor named twice (its manifest and its version pin) over one named once
        best = sorted(found.items(), key=lambda kv: -len(kv[1]))
        if len(best[0][1]) > len(best[1][1]):
            return best[0][0], best[0][1]
        return None
    from statewise_cli.recovery.premises_successors import named_successor

    code, message = ctx.git("log", "-n1", "--format=%B", commit)
    re = _re()
    names = [tool] + sorted({m for m in re.findall(rf"[\w.]+-{re.escape(tool)}(?![\w-])", message if code == 0 else "")})
    for name in names:
        named = named_successor(ctx, commit, name)
        if named and named.lower() != tool:
            return named, added[:3] or [f"commit {commit}"]
    return None


def _mentioned(ctx: Any, commit: str, gone: list[str], files: list[str], word: str) -> bool:
    """Whether the deleted configuration (as it was before ``commit``) or the successor's files name ``word``."""
    re = _re()
    pattern = re.compile(rf"(?<![\w.-]){re.escape(word.lstrip('+'))}(?![\w-])")
    texts: list[str] = []
    for path in gone[:3]:
        code, out = ctx.git("show", f"{commit}^:{path}")
        if code == 0:
            texts.append(out)
    for path in files[:3]:
        full = os.path.join(ctx.root, path)
        try:
            with open(full, encoding="utf-8", errors="replace") as handle:
                texts.append(handle.read(200_000))
        except OSError:
            continue
    if not texts:
        return True  # nothing to read: do not guess that the word is unknown
    return any(pattern.search(t) for t in texts)


def convention_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A tool whose manifest (or the file / directory the action names) a commit replaced: the successor's
    command for the same job, read from the successor's own configuration."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_files import _deletions
    from statewise_cli.recovery.premises_replaced import _GENERIC, _option_values

    invoked = _tool_of(words)
    if invoked is None:
        return None
    tool, args = invoked
    if len(tool) < 2 or tool in _GENERIC or not tool.replace("-", "").isalnum():
        return None
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    if not (where == root or where.startswith(root + os.sep)):
        return None
    deleted = _deletions(ctx)
    if not deleted:
        return None
    rel_dir = os.path.relpath(where, root)
    rel_dir = "" if rel_dir == "." else rel_dir
    # a directory given by option is where the tool looks for its files (`make -C vendor/zlib`); one
    # that does not exist is not this premise, and neither is an explicitly named file that does
    changed = _option_values(args, ("-C", "--directory"))
    if changed:
        rel_dir = os.path.normpath(os.path.join(rel_dir, changed[-1]))
        if rel_dir.startswith("..") or not os.path.isdir(os.path.join(root, rel_dir)):
            return None
        rel_dir = "" if rel_dir == "." else rel_dir
        args = [a for i, a in enumerate(args) if a not in ("-C", "--directory") and not a.startswith("--directory=")
                and not (i and args[i - 1] in ("-C", "--directory"))]
    named = _option_values(args, ("-f", "--file", "-c", "--config"))
    if any(os.path.exists(os.path.join(root, rel_dir, v)) for v in named):
        return None
    gone: list[str] = []
    operand = ""
    for value in [a for a in args if not a.startswith("-")] + named:
        if "$" in value or "*" in value or value in JOB_WORDS:
            continue
        rel = os.path.normpath(os.path.join(rel_dir, value))
        if os.path.exists(os.path.join(root, rel)):
            continue
        inside = sorted(p for p in deleted if p == rel or p.startswith(rel + "/"))
        if inside:
            gone, operand = inside, value
            break
    if not gone and named:
        return None  # the tool reads the file the action names, not its default manifest
    if not gone:
        own = {os.path.normpath(os.path.join(rel_dir, f)) for f in own_files(tool)}
        if not own or any(os.path.exists(os.path.join(root, f)) for f in own):
            return None
        gone = sorted(p for p in deleted if p in own)
    if not gone:
        return None
    entry = deleted[gone[0]]
    commit = entry.split(" ", 1)[0]
    text = (action.text or "").strip()
    job = _job(args)
    command: str | None = None
    if operand:
        # the same tool reading a directory of files in a new format
        from statewise_cli.recovery.premises_replaced import _added_by

        same = [p for p in _added_by(ctx, commit) if _manifest_tool(p) == tool and os.path.exists(os.path.join(root, p))]
        dirs = {os.path.dirname(p) for p in same}
        if same and len(dirs) == 1:
            target = os.path.relpath(os.path.join(root, dirs.pop()), where)
            command = " ".join(target if w == operand else w for w in words)
            listed = ", ".join(same[:3])
            return _premise(action, f"tool.format.{tool}", operand, target, "git.history",
                            f"{operand} was deleted by commit {entry}, which added {listed}: {tool} reads these from "
                            f"their directory now, so `{text[:80]}` names a file that is gone",
                            f"`{command}`", f"{tool} reads {operand}")
    found = successor_of(ctx, commit, tool, rel_dir)
    if found is None:
        return None
    other, files = found
    command = _convention(root, other, files, job, args)
    task = _target(args)
    jobs = SUCCESSOR_JOBS.get(other, {})
    if command is None and task and (task in jobs or "*" in jobs):
        command = jobs.get(task) or jobs["*"].format(job=task)
    if command is None and tool.startswith(other + "-") and not tool.startswith("cargo-"):
        command = " ".join([other, tool[len(other) + 1:], *args])  # `elm-make X` → `elm make X`
    if command is None and "::" in text:
        command = text.replace(f"{tool}::", f"{other}::")  # an R package's function → the successor package's
    if command is None:
        from statewise_cli.recovery.premises_successors import documented_invocation

        command = documented_invocation(root, other.split(" ", 1)[0], args)
    if command is None:
        from statewise_cli.recovery.premises_roles import successor_command

        command = successor_command(tool, args, other)
    if command is None and job:
        command = f"{other} {job}"
    if command is None:
        from statewise_cli.recovery.premises_replaced import _TASK_RUNNERS

        first = next((a for a in args if not a.startswith("-")), None)
        if tool in _TASK_RUNNERS and first and not _mentioned(ctx, commit, gone, files, first):
            return None  # a target neither the deleted task file nor its successor names (make's implicit rules)
    listed = ", ".join(files[:3])
    alternative = f"`{command}`" if command else f"use {other}, which replaced {tool} here (see {listed})"
    return _premise(action, f"tool.replaced.{tool}", tool, other, "git.history",
                    f"{', '.join(gone[:3])} {'was' if len(gone) == 1 else 'were'} deleted by commit {entry}, which "
                    f"added {listed}: this project moved from {tool} to {other}, and no {tool} configuration is "
                    f"left, so `{text[:80]}` does not apply to it", alternative, f"this project uses {tool}")


# Subcommands and options a tool's major version removed or renamed (from the tools' own upgrade guides):
# tool → ({first major without them: {old words: new words}}, where the project pins the major).
_MAJOR_RENAMES: dict[str, dict[int, dict[tuple[str, ...], str]]] = {
    "goreleaser": {2: {("--rm-dist",): "--clean", ("--skip-publish",): "--skip=publish",
                       ("--skip-validate",): "--skip=validate", ("--skip-sign",): "--skip=sign",
                       ("--skip-announce",): "--skip=announce", ("--skip-docker",): "--skip=docker"}},
    "airflow": {2: {("test",): "tasks test", ("run",): "tasks run", ("list_dags",): "dags list",
                    ("list_tasks",): "tasks list", ("trigger_dag",): "dags trigger", ("initdb",): "db init",
                    ("resetdb",): "db reset", ("upgradedb",): "db upgrade", ("backfill",): "dags backfill",
                    ("clear",): "tasks clear", ("pause",): "dags pause", ("unpause",): "dags unpause",
                    ("create_user",): "users create", ("delete_dag",): "dags delete", ("task_state",): "tasks state",
                    ("list_users",): "users list", ("render",): "tasks render"}},
}


def _pinned_major(tool: str, root: str) -> tuple[int, str] | None:
    """(major, where) of the tool the project pins: a config's ``version: N``, a requirement ``pkg==N.…``."""
    from statewise_cli.recovery.premises import _read

    re = _re()
    if tool == "goreleaser":
        for name in (".goreleaser.yaml", ".goreleaser.yml", "goreleaser.yaml", "goreleaser.yml"):
            text = _read(os.path.join(root, name), 100_000)
            if text is not None:
                m = re.search(r"(?m)^version:\s*[\"']?(\d+)", text)
                return (int(m.group(1)), f"{name} `version: {m.group(1)}`") if m else (1, f"{name} (no `version:`)")
        return None
    if tool == "airflow":
        names = [n for n in sorted(os.listdir(root)) if n.startswith(("requirements", "constraints"))
                 and n.endswith((".txt", ".in"))] + ["pyproject.toml", "setup.py", "setup.cfg", "Dockerfile"]
        for name in names:
            text = _read(os.path.join(root, name), 200_000) or ""
            m = re.search(r"apache[-_]airflow(?:\[[^\]]*\])?\s*(?:==|~=|>=|:)\s*(\d+)\.", text) or re.search(
                r"apache/airflow:(\d+)\.", text)
            if m:
                return int(m.group(1)), f"{name} pins {m.group(0).strip()}"
    return None


def major_rename_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """``goreleaser release --rm-dist`` under GoReleaser 2, ``airflow test`` under Airflow 2: a spelling the
    project's pinned major no longer has."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    tool, args = os.path.basename(invoked[0]).lower(), invoked[1]
    table = _MAJOR_RENAMES.get(tool)
    if not table:
        return None
    first = next((i for i, a in enumerate(args) if not a.startswith("-")), -1)
    for since, renames in table.items():
        for old, new in renames.items():
            at = next((i for i in range(len(args) - len(old) + 1) if tuple(args[i:i + len(old)]) == old), None)
            if at is None or (not old[0].startswith("-") and at != first):
                continue
            pinned = _pinned_major(tool, ctx.root)
            if pinned is None or pinned[0] < since:
                return None
            rewritten = " ".join([invoked[0], *args[:at], new, *args[at + len(old):]])
            text = (action.text or "").strip()
            old_text = " ".join([invoked[0], *args])
            command = text.replace(old_text, rewritten, 1) if old_text in text else rewritten
            spelled = " ".join(old)
            return _premise(action, "command.subcommand", f"{tool} {spelled}", f"{tool} {new}", "project.tool-version",
                            f"{pinned[1]}: {tool} {pinned[0]}, which has no `{spelled}` (since {tool} {since} it is "
                            f"`{new}`)", f"`{command}`", f"this project's {tool} takes `{spelled}`",
                            shown=" ".join([invoked[0], *args[:at], new]))  # the command up to the new spelling
    return None


# A lock manager's snapshot that a plain installer ignores: snapshot → (its manager's install, the installers
# that bypass it and the options by which they install the project's dependencies).
_SNAPSHOTS: dict[str, tuple[str, dict[str, tuple[str, ...]]]] = {
    "cpanfile.snapshot": ("carton install", {"cpanm": ("--installdeps",), "cpan": ("-i", "-T")}),
}
# A per-project SDK pin that a wrapper reads: pin file → (wrapper, the programs it runs).
_SDK_WRAPPERS: dict[str, tuple[str, tuple[str, ...]]] = {
    ".fvmrc": ("fvm", ("flutter", "dart")), ".fvm/fvm_config.json": ("fvm", ("flutter", "dart")),
}


def bypass_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``cpanm --installdeps .`` where a lock manager's snapshot pins the dependencies (``carton install``);
    ``flutter pub get`` where the project pins its SDK for a wrapper (``fvm flutter pub get``)."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = os.path.basename(invoked[0]), invoked[1]
    text = (action.text or "").strip()
    for base in dict.fromkeys((directory, ctx.root)):
        for snapshot, (install, installers) in _SNAPSHOTS.items():
            options = installers.get(program)
            if options and any(a in options for a in args) and os.path.isfile(os.path.join(base, snapshot)):
                rel = os.path.relpath(os.path.join(base, snapshot), ctx.root)
                return _premise(action, f"tool.bypass.{program}", program, install, "project.files",
                                f"{rel} pins this project's dependencies for {install.split()[0]}; `{text[:80]}` "
                                f"installs without it (other versions, another place)", f"`{install}`",
                                f"{program} installs this project's dependencies")
        for pin, (wrapper, programs) in _SDK_WRAPPERS.items():
            if program in programs and os.path.isfile(os.path.join(base, pin)):
                rel = os.path.relpath(os.path.join(base, pin), ctx.root)
                wrapped = f"{wrapper} {text}" if text.startswith(program) else f"{wrapper} {program} {' '.join(args)}"
                return _premise(action, f"tool.wrapper.{program}", program, wrapped, "project.files",
                                f"{rel} pins this project's SDK for {wrapper}; `{text[:80]}` runs the machine-wide "
                                f"{program} instead", f"`{wrapper} {text}`" if text.startswith(program) else
                                f"`{wrapper} {program} {' '.join(args)}`", f"the machine-wide {program} is this project's")
    return None
