"""Premises about which tool, and which version of it, the project uses — read by class, from the
files each tool leaves in a repository, not per scenario.

- **the tool of a category** — an action invokes tool T of a category (git-hook managers, JVM build
  tools, Python build front ends …) where the repository holds the evidence of a competitor T' (its
  configuration file) and none of T: ``pre-commit install`` after the move to lefthook (``lefthook.yml``,
  no ``.pre-commit-config.yaml``), ``mvn package`` once ``pom.xml`` gave way to ``build.gradle.kts``,
  ``python setup.py bdist_wheel`` when only a ``pyproject.toml`` ``[build-system]`` is left. The action
  rests on "this project uses T"; the files say T'. The alternative is the same job in T' (``lefthook
  install``, ``./gradlew build``, ``python -m build --wheel``), or T' by name when the table has no
  equivalent.
- **the version a version manager installs** — ``tfenv install 1.5.7`` where ``.terraform-version`` pins
  1.9.8, ``corepack use pnpm@8.15.9`` where ``package.json`` ``packageManager`` is ``pnpm@9.12.3``,
  ``asdf install ruby 3.2.2`` against ``.tool-versions``. A command that only installs or selects a
  version is wrong on any mismatch with the pin; a command that rewrites the pin (``corepack use``,
  ``asdf local``, ``mise use``, ``volta pin``) is wrong only when it goes back to an older version (a
  newer one is a deliberate upgrade).

Everything here reads files only (no subprocess); a premise the files cannot decide never denies.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action


def _re() -> Any:
    """The re module, imported on first use (not on the hook's allow path)."""
    import re

    return re

# category → [(tool, how it is invoked (program words), evidence paths (a trailing / is a directory;
#             "file::section" a TOML table in that file), role → the command doing it with this tool)]
Tool = tuple[str, tuple[str, ...], tuple[str, ...], dict[str, str]]
CATEGORIES: dict[str, list[Tool]] = {
    "git-hook manager": [
        ("pre-commit", ("pre-commit",), (".pre-commit-config.yaml", ".pre-commit-config.yml"),
         {"install": "pre-commit install", "run": "pre-commit run --all-files", "uninstall": "pre-commit uninstall"}),
        ("lefthook", ("lefthook",), ("lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml", "lefthook.toml",
                                      "lefthook.json", ".lefthook.toml", ".lefthook.json"),
         {"install": "lefthook install", "run": "lefthook run pre-commit", "uninstall": "lefthook uninstall"}),
        ("husky", ("husky",), (".husky/",), {"install": "npx husky"}),
        ("overcommit", ("overcommit",), (".overcommit.yml",), {"install": "overcommit --install"}),
    ],
    "JVM build tool": [
        ("maven", ("mvn", "./mvnw", "mvnw"), ("pom.xml",),
         {"package": "mvn package", "build": "mvn package", "test": "mvn test", "install": "mvn install",
          "compile": "mvn compile", "clean": "mvn clean", "verify": "mvn verify"}),
        ("gradle", ("gradle", "./gradlew", "gradlew"), ("build.gradle", "build.gradle.kts", "settings.gradle",
                                                         "settings.gradle.kts"),
         {"package": "{gradle} build", "build": "{gradle} build", "test": "{gradle} test",
          "install": "{gradle} publishToMavenLocal", "compile": "{gradle} compileJava", "clean": "{gradle} clean",
          "verify": "{gradle} check", "check": "{gradle} check", "assemble": "{gradle} assemble"}),
    ],
    "Python build front end": [
        ("setup.py", ("setup.py",), ("setup.py",),
         {"bdist_wheel": "python setup.py bdist_wheel", "sdist": "python setup.py sdist"}),
        ("build", (), ("pyproject.toml::build-system",),  # `python -m build`: never invoked by a bare word
         {"bdist_wheel": "python -m build --wheel", "sdist": "python -m build --sdist", "build": "python -m build",
          "install": "python -m pip install .", "develop": "python -m pip install -e ."}),
    ],
    "Ruby test framework": [
        ("rspec", ("rspec", "bin/rspec", "./bin/rspec"), (".rspec", "spec/spec_helper.rb", "spec/rails_helper.rb"),
         {"": "bundle exec rspec"}),
        ("minitest", (), ("test/test_helper.rb",),  # run through rake (or rails test): never a bare word
         {"": "bundle exec rake test"}),
    ],
    "PHP test runner": [
        ("phpunit", ("phpunit", "vendor/bin/phpunit", "./vendor/bin/phpunit"), ("phpunit.xml", "phpunit.xml.dist"),
         {"": "vendor/bin/phpunit"}),
        ("pest", ("pest", "vendor/bin/pest", "./vendor/bin/pest"), ("tests/Pest.php",), {"": "vendor/bin/pest"}),
    ],
    # The tool a repository builds and tests with, one per ecosystem, read from the file the tool cannot run
    # without. Only tools that refuse to run without that file are invoked words here (`make test` needs a
    # Makefile, `bazel test` a workspace); language toolchains that also run outside a project (`cargo
    # install`, `go run pkg@v`) are only where the task goes.
    "build system": [
        ("make", ("make", "gmake"), ("GNUmakefile", "makefile", "Makefile"), {}),
        ("bazel", ("bazel", "bazelisk"), ("MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel"),
         {"test": "bazel test //...", "build": "bazel build //...", "clean": "bazel clean"}),
        ("buck2", ("buck2",), (".buckconfig",), {"test": "buck2 test //...", "build": "buck2 build //..."}),
        ("pants", ("pants", "./pants"), ("pants.toml",),
         {"test": "pants test ::", "lint": "pants lint ::", "format": "pants fmt ::", "check": "pants check ::",
          "build": "pants package ::"}),
        ("meson", (), ("meson.build",), {"build": "meson compile -C build", "test": "meson test -C build",
                                         "check": "meson test -C build", "install": "meson install -C build"}),
        ("cmake", (), ("CMakeLists.txt",), {"build": "cmake --build build", "test": "ctest --test-dir build"}),
        ("cargo", ("cargo",), ("Cargo.toml",),
         {"test": "cargo test", "build": "cargo build", "lint": "cargo clippy", "format": "cargo fmt",
          "check": "cargo check", "run": "cargo run", "clean": "cargo clean", "bench": "cargo bench"}),
        ("go", ("go",), ("go.mod", "go.work"),
         {"test": "go test ./...", "build": "go build ./...", "lint": "go vet ./...", "format": "gofmt -w .",
          "run": "go run ."}),
        ("maven", (), ("pom.xml",), {"test": "mvn test", "build": "mvn package", "clean": "mvn clean"}),
        ("gradle", (), ("build.gradle", "build.gradle.kts"),
         {"test": "{gradle} test", "build": "{gradle} build", "check": "{gradle} check", "clean": "{gradle} clean"}),
        # sbt asks to create a project where there is neither build.sbt nor project/: its word is judged too
        ("sbt", ("sbt", "./sbt", "sbtn"), ("build.sbt", "project/build.properties"),
         {"test": "sbt test", "build": "sbt compile", "compile": "sbt compile", "format": "sbt scalafmtAll",
          "run": "sbt run", "clean": "sbt clean", "package": "sbt package"}),
        ("mill", ("mill", "./mill", "./millw", "millw"), ("build.mill", "build.mill.scala", "build.sc"),
         {"test": "mill __.test", "build": "mill __.compile", "compile": "mill __.compile",
          "format": "mill mill.scalalib.scalafmt.ScalafmtModule/reformatAll __.sources", "clean": "mill clean",
          "package": "mill __.assembly"}),
        ("mix", ("mix",), ("mix.exs",), {"test": "mix test", "build": "mix compile", "format": "mix format",
                                   "install": "mix deps.get"}),
        ("swiftpm", ("swift",), ("Package.swift",), {"test": "swift test", "build": "swift build",
                                             "install": "swift package resolve"}),
        ("zig", ("zig",), ("build.zig",), {"test": "zig build test", "build": "zig build"}),
        ("dune", (), ("dune-project",), {"test": "dune test", "build": "dune build", "format": "dune fmt"}),
        ("stack", (), ("stack.yaml",), {"test": "stack test", "build": "stack build"}),
        ("deno", (), ("deno.json", "deno.jsonc"),
         {"test": "deno test", "lint": "deno lint", "format": "deno fmt", "check": "deno check .",
          "install": "deno install"}),
    ],
    # The Haskell build tool: cabal needs a .cabal file or cabal.project; stack needs stack.yaml (and may
    # generate the .cabal file from hpack's package.yaml, so a project with both is cabal's too).
    "Haskell build tool": [
        ("cabal", ("cabal",), ("cabal.project", "*.cabal"),
         {"test": "cabal test", "build": "cabal build", "run": "cabal run", "bench": "cabal bench",
          "repl": "cabal repl"}),
        ("stack", ("stack",), ("stack.yaml",),
         {"test": "stack test", "build": "stack build", "run": "stack run", "bench": "stack bench",
          "repl": "stack ghci"}),
    ],
    # Where a C/C++ project's dependencies come from: a Conan recipe or a vcpkg manifest.
    "C/C++ package manager": [
        ("conan", ("conan",), ("conanfile.txt", "conanfile.py"), {"install": "conan install . --build=missing"}),
        ("vcpkg", ("vcpkg",), ("vcpkg.json",), {"install": "vcpkg install"}),
    ],
    # The project's development environment: a Vagrant box or a dev container.
    "development environment": [
        ("vagrant", ("vagrant",), ("Vagrantfile",),
         {"up": "vagrant up", "ssh": "vagrant ssh", "halt": "vagrant halt", "destroy": "vagrant destroy"}),
        ("devcontainer", ("devcontainer",), (".devcontainer/devcontainer.json", ".devcontainer.json", ".devcontainer/"),
         {"up": "devcontainer up --workspace-folder .", "ssh": "devcontainer exec --workspace-folder . bash",
          "exec": "devcontainer exec --workspace-folder . bash"}),
    ],
    # A Nix development shell: `nix-shell` reads shell.nix / default.nix, `nix develop` a flake.
    "Nix development shell": [
        ("nix-shell", ("nix-shell",), ("shell.nix", "default.nix"), {"": "nix-shell", "run": "nix-shell --run {cmd}"}),
        ("nix flake", ("nix develop",), ("flake.nix",), {"": "nix develop", "run": "nix develop --command {cmd}"}),
    ],
    # Where an Apple project's third-party packages come from.
    "Swift/Objective-C dependency manager": [
        ("cocoapods", ("pod",), ("Podfile",), {"install": "pod install", "update": "pod update"}),
        ("swiftpm", ("swift package",), ("Package.swift",),
         {"install": "swift package resolve", "update": "swift package update"}),
        ("carthage", ("carthage",), ("Cartfile",), {"install": "carthage bootstrap", "update": "carthage update"}),
    ],
    # The task runner of a JavaScript monorepo, read from its own file (lerna.json, nx.json, turbo.json): a
    # task run with one whose file is gone is the same task in the runner the repository configures.
    "JavaScript monorepo task runner": [
        ("lerna", ("lerna",), ("lerna.json",), {"*": "lerna run {task}"}),
        ("nx", ("nx",), ("nx.json",), {"*": "nx run-many -t {task}"}),
        ("turbo", ("turbo",), ("turbo.json",), {"*": "turbo run {task}"}),
    ],
    # The Python project and environment manager that runs the project's commands: Pipfile for pipenv, the
    # manager's own tables or lockfile for the others. uv runs any pyproject project, so it is only where the
    # task goes (never judged by its word); hatch counts by its environments, not by its build backend.
    "Python environment manager": [
        ("pipenv", ("pipenv",), ("Pipfile", "Pipfile.lock"),
         {"run": "pipenv run {cmd}", "install": "pipenv install --dev", "shell": "pipenv shell"}),
        ("poetry", ("poetry",), ("poetry.lock", "pyproject.toml::tool.poetry"),
         {"run": "poetry run {cmd}", "install": "poetry install"}),
        ("pdm", ("pdm",), ("pdm.lock", "pyproject.toml::tool.pdm"),
         {"run": "pdm run {cmd}", "install": "pdm install"}),
        ("hatch", ("hatch",), ("hatch.toml", "pyproject.toml::tool.hatch.envs.*"),
         {"run": "hatch run {cmd}", "test": "hatch test", "install": "hatch env create", "shell": "hatch shell"}),
        ("uv", (), ("uv.lock",), {"run": "uv run {cmd}", "install": "uv sync", "shell": "uv run $SHELL"}),
    ],
    # The JavaScript runtime whose project file holds the tasks: package.json (npm, pnpm, yarn) or deno.json.
    "JavaScript project runtime": [
        ("npm", ("npm", "pnpm", "yarn"), ("package.json",), {"test": "npm test", "install": "npm install"}),
        ("deno", (), ("deno.json", "deno.jsonc"), {"test": "deno test", "lint": "deno lint", "format": "deno fmt",
                                                 "install": "deno install"}),
    ],
}
# A role's other names: the task an action asks for (`make tests`, `pod update`, `swift package resolve`) read
# as the role the other tool's table knows.
_ROLE_NAMES = {"tests": "test", "unit": "test", "unittest": "test", "unit-test": "test", "unit-tests": "test",
               "fmt": "format", "compile": "build", "all": "build", "vet": "lint", "resolve": "install",
               "bootstrap": "install", "i": "install", "ci": "install", "deps": "install", "typecheck": "check",
               "type-check": "check", "--run": "run", "--command": "run", "-c": "run", "clippy": "lint",
               "deps.get": "install", "ghci": "repl", "reload": "up", "provision": "up", "resume": "up"}
# Categories whose tools are judged on the role of the action only (another role may not need the file:
# `npm install -g x`, `npm init`, `pod search x`, `nix-shell -p jq`).
_ROLE_ONLY = {"JavaScript project runtime": ("test", "start", "run", "run-script", "install", "ci", "i", "build", "lint",
                                            "dev", "format", "check"),
              "Swift/Objective-C dependency manager": ("install", "update", "resolve", "bootstrap"),
              "Nix development shell": ("", "--run", "--command", "-c"),
              "Haskell build tool": ("test", "build", "run", "bench", "repl", "ghci"),
              "C/C++ package manager": ("install",),
              "JavaScript monorepo task runner": ("run", "run-many", "exec"),
              "Python environment manager": ("run", "install", "sync", "shell"),
              "development environment": ("up", "ssh", "halt", "destroy", "reload", "provision", "resume", "exec")}
# Files that generate a tool's own file: where one is present, the missing file is not yet made, not gone.
_GENERATED_BY = {"make": ("CMakeLists.txt", "configure", "configure.ac", "Makefile.in", "Makefile.am", "Makefile.PL",
                          "GNUmakefile.in")}
# Language toolchains that also run outside a project: only these subcommands need the project's file
# (`cargo install x`, `go run pkg@v1`, `swift --version`, `mix new app` do not).
_TOOL_ROLES = {"cargo": ("test", "build", "run", "check", "clippy", "fmt", "bench", "clean", "doc"),
               "go": ("test", "build", "vet", "run", "generate"), "mix": ("test", "compile", "format", "deps.get"),
               "swiftpm": ("build", "test", "run"), "zig": ("build",)}
# Options that point a tool at another file, directory or package set: the files here then decide nothing.
_ELSEWHERE = ("-C", "-f", "--file", "--directory", "--makefile", "-p", "--packages", "-E", "--expr", "-g", "--global",
              "--prefix", "--project-directory", "--package-path", "--cwd", "--dir", "--config", "-I",
              "--manifest-path", "--build-file", "--root", "--stack-yaml")
# A tool that runs on its predecessor's configuration: where its own evidence is present, the predecessor's
# files are its files too and prove nothing about the predecessor (Pest reads phpunit.xml; PHPUnit cannot
# run Pest's test() files).
_BUILDS_ON = {"phpunit": "pest"}
_INTERPRETERS = ("python", "python3", "py")


def _read(path: str, limit: int = 200_000) -> str | None:
    from statewise_cli.recovery.premises import _read as read

    return read(path, limit)


def _has(base: str, evidence: str) -> bool:
    if "::" in evidence:
        name, table = evidence.split("::", 1)
        text = _read(os.path.join(base, name))
        if table.endswith(".*"):  # the table or any table below it (`[tool.hatch.envs.test]`)
            pattern = rf"(?m)^\s*\[{_re().escape(table[:-2])}(\.[^\]]+)?\]\s*$"
        else:
            pattern = rf"(?m)^\s*\[{_re().escape(table)}\]\s*$"
        return bool(text) and _re().search(pattern, text or "") is not None
    if evidence.endswith("/"):
        return os.path.isdir(os.path.join(base, evidence.rstrip("/")))
    if evidence.startswith("*."):  # any file of that suffix in the directory (`*.cabal`)
        try:
            return any(n.endswith(evidence[1:]) and os.path.isfile(os.path.join(base, n)) for n in os.listdir(base))
        except OSError:
            return False
    return os.path.isfile(os.path.join(base, evidence))


def _evidence(tool: Tool, directory: str, root: str) -> str | None:
    """The first piece of evidence of ``tool`` from ``directory`` up to the root (relative path)."""
    from statewise_cli.recovery.premises import _upward

    for base in _upward(directory, root):
        for item in tool[2]:
            if item.startswith("*.") and _has(base, item):
                name = min(n for n in os.listdir(base) if n.endswith(item[1:]))
                return os.path.relpath(os.path.join(base, name), root)
            if _has(base, item):
                return os.path.relpath(os.path.join(base, item.split("::", 1)[0]), root) + (
                    f" [{item.split('::', 1)[1]}]" if "::" in item else "")
    return None


def _invoked(words: list[str]) -> tuple[str, list[str]] | None:
    """(the tool word, its arguments) of a command line's words: ``mvn -q package``, ``./gradlew build``,
    ``python setup.py bdist_wheel`` (setup.py is the tool), ``npx lefthook install``."""
    if not words:
        return None
    program, args = words[0], words[1:]
    if os.path.basename(program) == "bundle" and args[:1] == ["exec"] and len(args) > 1:
        program, args = args[1], args[2:]  # `bundle exec rspec`: the gem's executable is the tool
    if os.path.basename(program) in ("npx", "pnpx", "bunx") or program in ("pnpm", "yarn") and args[:1] == ["exec"]:
        args = [a for a in args if a != "exec"]
        while args and args[0].startswith("-"):
            args = args[1:]
        if not args:
            return None
        program, args = args[0], args[1:]
    base = os.path.basename(program)
    if base.rstrip("0123456789.") in _INTERPRETERS:
        if args[:1] and os.path.basename(args[0]) == "setup.py":
            return "setup.py", args[1:]
        return None
    return program, args


def _role(args: list[str]) -> str | None:
    return next((a for a in args if not a.startswith("-") and "=" not in a), None)


def _mine(tools: list[Tool], program: str, args: list[str]) -> Tool | None:
    """The tool of a category the command invokes: by its program word (``./gradlew`` only as a path), or
    by program and subcommand (``swift package``, ``nix develop``)."""
    for tool in tools:
        for word in tool[1]:
            head, _, sub = word.partition(" ")
            if sub and (program == head and args[:1] == [sub]):
                return tool
            if not sub and (program == word or os.path.basename(program) == word and program.startswith("./")):
                return tool
    return None


def _asked_role(category: str, program_word: str, args: list[str], tool: str = "") -> tuple[str, str] | None:
    """(role, the command an action runs inside the tool, for a shell) — None when the action's role is one
    that may not need the project's file (``npm install -g``, ``nix-shell -p jq``), or it names another
    file or directory (``make -C sub``, ``nix-shell other.nix``)."""
    if " " in program_word:
        args = args[1:]  # `swift package resolve`: the subcommand is part of the tool's word
    if any(a in _ELSEWHERE or a.split("=", 1)[0] in _ELSEWHERE for a in args):
        return None
    role = _role(args) or ""
    inner = ""
    if category == "Nix development shell":
        runs = next((i for i, a in enumerate(args) if a in ("--run", "--command", "-c")), None)
        positional = [a for a in (args[:runs] if runs is not None else args) if not a.startswith("-")]
        if positional:
            return None  # a file or an installable of its own
        if runs is None:
            return "", ""
        rest = args[runs + 1:]
        return "run", " ".join(rest) if len(rest) > 1 else (rest[0] if rest else "")
    toolchain = category == "build system" and tool in _TOOL_ROLES
    allowed = _TOOL_ROLES[tool] if toolchain else _ROLE_ONLY.get(category)
    if allowed is not None and role not in allowed:
        return None
    if toolchain and any("@" in a or a.endswith((".go", ".rs", ".zig", ".swift")) for a in args):
        return None  # a package at a version or a single file: no project needed
    if category == "C/C++ package manager" and (any(a not in (role, ".") for a in args if not a.startswith("-")) or any(
            a.startswith(("--requires", "--tool-requires")) for a in args)):
        return None  # a package of its own (`vcpkg install zlib`, `conan install --requires`): no manifest needed
    if category == "JavaScript monorepo task runner":
        task = _runner_task(args)
        return ("*", task) if task else None
    if category == "Python environment manager":
        operands = [a for a in args if not a.startswith("-")]
        if role in ("install", "sync") and len(operands) > 1:
            return None  # adding a package: the package manager's premise
        if role == "run":
            rest = args[args.index("run") + 1:]
            return ("run", " ".join(rest)) if rest else None
        return ("install" if role == "sync" else role), ""
    if category == "JavaScript project runtime":
        operands = [a for a in args if not a.startswith("-")]
        if role in ("install", "i", "ci") and len(operands) > 1:
            return None  # adding a package: another premise (the package manager's)
        if role in ("run", "run-script"):
            if len(operands) < 2:
                return None
            role = operands[1]
    return role, inner


def _runner_task(args: list[str]) -> str | None:
    """The one task a monorepo runner's line runs: ``lerna run test``, ``nx run-many -t test``, ``turbo run
    test`` / ``turbo test``; None for anything else (several tasks, a project's own target, a generator)."""
    if not args:
        return None
    if args[0] == "run-many":
        for i, a in enumerate(args[1:], 1):
            if a in ("-t", "--target", "--targets") and i + 1 < len(args):
                task = args[i + 1]
                return task if "," not in task else None
            if a.startswith(("--target=", "--targets=")):
                task = a.split("=", 1)[1]
                return task if "," not in task else None
        return None
    if args[0] == "run":
        operands = [a for a in args[1:] if not a.startswith("-")]
        return operands[0] if len(operands) == 1 and ":" not in operands[0] else None
    return None


def _python_test(inner: str) -> str | None:
    """The arguments after pytest when ``inner`` runs the test suite (``pytest -q``, ``python -m pytest``)."""
    words = inner.split()
    if words[:1] == ["pytest"]:
        return " ".join(words[1:])
    if len(words) >= 3 and words[0].rstrip("0123456789.") in _INTERPRETERS and words[1:3] == ["-m", "pytest"]:
        return " ".join(words[3:])
    return None


def _command(other: Tool, role: str, inner: str, directory: str, root: str) -> str | None:
    """The command doing ``role`` with ``other``: its project file's own task of that name first (deno.json
    ``tasks``, a Makefile target), then the tool's table."""
    if other[0] == "deno":
        from statewise_cli.recovery.premises import _first_existing

        found = _first_existing(directory, root, ("deno.json", "deno.jsonc"))
        if found is not None:
            from statewise_cli.fast import jsonfast as json

            try:
                tasks = json.loads(found[1]).get("tasks") or {}
            except (ValueError, AttributeError):
                tasks = {}
            for name in (role, _ROLE_NAMES.get(role)):
                if isinstance(tasks, dict) and name in tasks:
                    return f"deno task {name}"
    if other[0] == "make":
        from statewise_cli.recovery import premises as p

        hit = p._first_existing(directory, root, ("GNUmakefile", "makefile", "Makefile"))
        targets = (p._make_targets(hit[1]) if hit is not None else None) or {}
        for name in (role, _ROLE_NAMES.get(role)):
            if name and name in targets:
                return f"make {name}"
    if role == "*" and "*" in other[3]:
        return other[3]["*"].format(task=inner)  # a monorepo runner's task
    if role == "run" and "test" in other[3] and _python_test(inner) is not None:
        rest = _python_test(inner)
        return other[3]["test"] + (f" {rest}" if rest else "")  # the manager's own test command (`hatch test`)
    if role == "run" and inner:
        named = _named_script(other[0], inner, directory, root)
        if named:
            return named  # the project's own name for that command (`pdm run dev`)
    command = other[3].get(role) or other[3].get(_ROLE_NAMES.get(role, ""))
    if command and "{cmd}" in command:
        if not inner:
            return None
        quoted = inner if other[0] in ("nix flake", "pipenv", "poetry", "pdm", "hatch", "uv") or " " not in inner else "'" + inner.replace("'", "'\\''") + "'"
        command = command.format(cmd=quoted)
    if command and other[0] == "meson" and " -C build" in command and not os.path.isdir(
            os.path.join(root, "build", "meson-private")):
        command = f"meson setup build && {command}"  # the build directory is not configured yet
    if command and "{gradle}" in command:
        command = command.format(gradle="./gradlew" if os.path.isfile(os.path.join(root, "gradlew")) else "gradle")
    return command


# Where an environment manager keeps the project's named commands (TOML table or file, and how one is run).
_SCRIPT_TABLES: dict[str, tuple[str, str, str]] = {
    "pdm": ("pyproject.toml", "tool.pdm.scripts", "pdm run {name}"),
    "hatch": ("pyproject.toml", "tool.hatch.envs.default.scripts", "hatch run {name}"),
    "pipenv": ("Pipfile", "scripts", "pipenv run {name}"),
    "pixi": ("pixi.toml", "tasks", "pixi run {name}"),
    "poe": ("pyproject.toml", "tool.poe.tasks", "poe {name}"),
}


def _named_script(tool: str, inner: str, directory: str, root: str) -> str | None:
    """The command running the project's own named script whose body is exactly ``inner`` (``[tool.pdm.scripts]
    dev = "uvicorn app:app --reload"`` → ``pdm run dev``): the name the project gave that job."""
    spec = _SCRIPT_TABLES.get(tool)
    if spec is None:
        return None
    from statewise_cli.recovery.premises import _first_existing

    found = _first_existing(directory, root, (spec[0],))
    if found is None:
        return None
    import tomllib

    try:
        data: Any = tomllib.loads(found[1])
    except (ValueError, TypeError):
        return None
    for part in spec[1].split("."):
        data = data.get(part) if isinstance(data, dict) else None
    if not isinstance(data, dict):
        return None
    want = " ".join(inner.split())
    for name, body in data.items():
        if isinstance(body, dict):
            body = body.get("cmd") or body.get("shell")
        if isinstance(body, list):
            body = " ".join(map(str, body))
        if isinstance(body, str) and " ".join(body.split()) == want and _re().fullmatch(r"[\w.:-]+", name):
            return spec[2].format(name=name)
    return None


def tool_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """An action invoking a tool of a category whose competitor's evidence is in the repository and its
    own is not."""
    from statewise_cli.recovery.premises import _premise

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    for category, tools in CATEGORIES.items():
        mine = _mine(tools, program, args)
        if mine is None:
            continue
        if mine[0] == "gradle" and _evidence(mine, directory, ctx.root) is not None:
            return gradle_task_premise(action, program, args, ctx)
        successor = next((t for t in tools if t[0] == _BUILDS_ON.get(mine[0])), None)
        if any(_evidence(("", (), (f,), {}), directory, ctx.root) for f in _GENERATED_BY.get(mine[0], ())):
            return None  # the file is made by a configure step (`cmake . && make`): its absence says nothing
        if _evidence(mine, directory, ctx.root) is not None and (
                successor is None or _evidence(successor, directory, ctx.root) is None):
            return None
        word = next(w for w in mine[1] if w == program or w.partition(" ")[0] == program
                    or os.path.basename(program) == w)
        asked = _asked_role(category, word, args, mine[0])
        if asked is None:
            continue
        others = [(t, where) for t in tools if t is not mine and t[0] != mine[0]
                  for where in [_evidence(t, directory, ctx.root)] if where and t[0] not in _BUILDS_ON]
        if len(others) != 1:
            return None  # no competitor either (a project without any), or several: the files do not decide
        other, where = others[0]
        role, inner = asked
        command = _command(other, role, inner, directory, ctx.root) if role or category in _ROLE_ONLY else \
            other[3].get("")
        if not role and category in _TEST_CATEGORIES:
            command = _test_script(directory, ctx.root, other[0]) or command
        text = (action.text or "").strip()
        alternative = (f"`{command}`" if command else f"use {other[0]} (this project's {category}: {where})")
        missing = " or ".join(mine[2][:3]).replace("::", " [") + ("]" if "::" in mine[2][0] else "")
        key = "".join(c if c.isalnum() else "_" for c in category.lower()).strip("_")
        return _premise(action, f"tool.{key}", mine[0], other[0], "project.files",
                        f"this project's {category} is {other[0]} ({where}); there is no {missing} here, "
                        f"so `{text[:80]}` does not apply to it", alternative, f"this project uses {mine[0]}")
    return None


_TEST_CATEGORIES = ("Ruby test framework", "PHP test runner")


# --------------------------------------------------------------------------- tasks a build plugin adds

# Gradle plugins of one role (code style) and the tasks each adds: a task of a plugin no build file applies,
# in a build that applies another plugin of the role, is that plugin's task of the same job.
# (plugin, ids a build file names it by, job → task)
_GRADLE_STYLE: tuple[tuple[str, tuple[str, ...], dict[str, str]], ...] = (
    ("ktlint-gradle", ("org.jlleitschuh.gradle.ktlint",), {"check": "ktlintCheck", "format": "ktlintFormat"}),
    ("kotlinter", ("org.jmailen.kotlinter",), {"check": "lintKotlin", "format": "formatKotlin"}),
    ("spotless", ("com.diffplug.spotless",), {"check": "spotlessCheck", "format": "spotlessApply"}),
    ("ktfmt", ("com.ncorti.ktfmt.gradle",), {"check": "ktfmtCheck", "format": "ktfmtFormat"}),
)
_BUILD_DIRS_SKIPPED = {"build", "node_modules", "out", "target", "dist"}


def _gradle_build_text(root: str, limit: int = 60) -> str:
    """The text of the build's Gradle files (build scripts, settings, version catalogs, convention plugins
    in buildSrc / build-logic), a few levels deep."""
    texts: list[str] = []
    for current, dirs, files in os.walk(root):
        depth = os.path.relpath(current, root).count(os.sep)
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in _BUILD_DIRS_SKIPPED and depth < 4]
        for name in files:
            if name.endswith((".gradle", ".gradle.kts", ".versions.toml")) or "buildSrc" in current or \
                    "build-logic" in current and name.endswith(".kt"):
                texts.append(_read(os.path.join(current, name)) or "")
                if len(texts) >= limit:
                    return "\n".join(texts)
    return "\n".join(texts)


def gradle_task_premise(action: Action, program: str, args: list[str], ctx: Any) -> Any:
    """``./gradlew ktlintCheck`` where no build file applies ktlint-gradle and one applies Spotless →
    ``./gradlew spotlessCheck``."""
    from statewise_cli.recovery.premises import _premise

    tasks = [a for a in args if not a.startswith("-")]
    if not tasks or any(a in ("-p", "--project-dir", "-b", "--build-file", "-c", "--settings-file") for a in args):
        return None
    for task in tasks:
        name = task.rsplit(":", 1)[-1]
        mine = next((pl for pl in _GRADLE_STYLE if name in pl[2].values()), None)
        if mine is None:
            continue
        text = _gradle_build_text(ctx.root)
        if not text or any(i in text for i in mine[1]):
            return None
        applied = [pl for pl in _GRADLE_STYLE if pl is not mine and any(i in text for i in pl[1])]
        if len(applied) != 1:
            return None
        job = next(j for j, t in mine[2].items() if t == name)
        other = applied[0]
        new_task = task[: len(task) - len(name)] + other[2][job]
        command = (action.text or "").strip().replace(task, new_task, 1) if task in (action.text or "") else \
            f"{program} {new_task}"
        return _premise(action, "tool.gradle_style_plugin", mine[0], other[0], "project.files",
                        f"no Gradle build file of this project applies {mine[0]} ({mine[1][0]}), the plugin that "
                        f"adds `{name}`; it applies {other[0]} ({other[1][0]}), whose {job} task is "
                        f"`{other[2][job]}`", f"`{command}`", f"this project's build has the task {name}")
    return None


def _test_script(directory: str, root: str, tool: str) -> str | None:
    """The project's own command for its test suite when it runs ``tool``: composer.json ``scripts.test``
    (``composer test``); a Rakefile test task for minitest (``bundle exec rake test``)."""
    from statewise_cli.recovery.premises import _upward

    for base in _upward(directory, root):
        text = _read(os.path.join(base, "composer.json"))
        if text:
            from statewise_cli.fast import jsonfast as json

            try:
                scripts = json.loads(text).get("scripts") or {}
            except (ValueError, AttributeError):
                scripts = {}
            test = scripts.get("test") if isinstance(scripts, dict) else None
            if isinstance(test, str) and tool in test:
                return "composer test"
        rakefile = _read(os.path.join(base, "Rakefile"))
        if rakefile and tool == "minitest" and "TestTask" in rakefile:
            return "bundle exec rake test"
    return None


# --------------------------------------------------------------------------- version managers

# manager → (the tool it installs, the subcommands that only install/select, the ones that rewrite the pin)
_MANAGERS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "tfenv": ("terraform", ("install", "use"), ()),
    "tgenv": ("terragrunt", ("install", "use"), ()),
    "rbenv": ("ruby", ("install", "shell"), ("local",)),
    "goenv": ("go", ("install", "shell"), ("local",)),
    "nodenv": ("node", ("install", "shell"), ("local",)),
    "jenv": ("java", ("shell",), ("local",)),
}
_PIN_FILES: dict[str, tuple[str, ...]] = {
    "terraform": (".terraform-version",), "terragrunt": (".terragrunt-version",), "ruby": (".ruby-version",),
    "go": (".go-version",), "node": (".nvmrc", ".node-version"), "java": (".java-version",),
    "python": (".python-version",), "rust": ("rust-toolchain",),
}
_TOOL_VERSIONS_NAMES = {"node": ("nodejs", "node"), "go": ("golang", "go"), "java": ("java",), "ruby": ("ruby",),
                        "python": ("python",), "terraform": ("terraform",), "terragrunt": ("terragrunt",),
                        "pnpm": ("pnpm",), "yarn": ("yarn",), "rust": ("rust",)}
_PACKAGE_MANAGERS = ("pnpm", "yarn", "npm", "bun")
_VERSION = r"^v?(\d+(?:\.\d+)*)(?:[-+].*)?$"


def _parts(version: str) -> tuple[int, ...] | None:
    m = _re().match(_VERSION, version.strip())
    return tuple(int(p) for p in m.group(1).split(".")) if m else None


def _agrees(asked: tuple[int, ...], pinned: tuple[int, ...]) -> bool:
    n = min(len(asked), len(pinned))
    return asked[:n] == pinned[:n]


def _pin(tool: str, directory: str, root: str) -> tuple[str, str] | None:
    """(pinned version, where) for ``tool``: its own pin file, ``.tool-versions``, or package.json's
    ``packageManager`` for a JavaScript package manager."""
    from statewise_cli.recovery.premises import _package_json, _upward

    if tool in _PACKAGE_MANAGERS:
        found = _package_json(directory, root)
        if found is not None:
            declared = found[1].get("packageManager")
            if isinstance(declared, str) and "@" in declared:
                name, _, version = declared.partition("@")
                if name == tool:
                    return version.split("+", 1)[0], f"{os.path.relpath(found[0], root)} packageManager {declared.split('+', 1)[0]}"
                return None
    for base in _upward(directory, root):
        for name in _PIN_FILES.get(tool, ()):
            text = _read(os.path.join(base, name), 2_000)
            if text and text.strip():
                first = text.strip().splitlines()[0].strip()
                if _parts(first) is not None:
                    return first, os.path.relpath(os.path.join(base, name), root)
        text = _read(os.path.join(base, ".tool-versions"), 20_000)
        for line in (text or "").splitlines():
            fields = line.split("#", 1)[0].split()
            if len(fields) >= 2 and fields[0] in _TOOL_VERSIONS_NAMES.get(tool, (tool,)) and _parts(fields[1]):
                return fields[1], os.path.relpath(os.path.join(base, ".tool-versions"), root)
    return None


def _asked(words: list[str]) -> tuple[str, str, bool] | None:
    """(tool, version asked for, whether the command rewrites the project's pin) of a version-manager
    command, or None."""
    if len(words) < 2:
        return None
    program, sub, rest = os.path.basename(words[0]), words[1], [w for w in words[2:] if not w.startswith("-")]
    if program in _MANAGERS:
        tool, selects, pins = _MANAGERS[program]
        if (sub in selects or sub in pins) and rest:
            return tool, rest[0], sub in pins
        return None
    if program == "corepack" and sub in ("use", "prepare", "install") and rest and "@" in rest[0]:
        name, _, version = rest[0].partition("@")
        if name in _PACKAGE_MANAGERS:
            return name, version, sub == "use"
        return None
    if program == "asdf" and sub in ("install", "local", "set", "shell") and len(rest) >= 2:
        names = {v: k for k, vs in _TOOL_VERSIONS_NAMES.items() for v in vs}
        return names.get(rest[0], rest[0]), rest[1], sub in ("local", "set")
    if program == "mise" and sub in ("use", "install") and rest and "@" in rest[0]:
        name, _, version = rest[0].partition("@")
        names = {v: k for k, vs in _TOOL_VERSIONS_NAMES.items() for v in vs}
        return names.get(name, name), version, sub == "use" and "-g" not in words and "--global" not in words
    if program == "volta" and sub in ("install", "pin") and rest and "@" in rest[0]:
        name, _, version = rest[0].partition("@")
        return name, version, sub == "pin"
    return None


def version_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A version manager asked for a version of a tool the project pins to another one."""
    from statewise_cli.recovery.premises import _premise

    asked = _asked(words)
    if asked is None:
        return None
    tool, version, rewrites = asked
    wanted = _parts(version)
    if wanted is None:
        return None  # `lts/*`, `latest`, a name: nothing to compare
    pin = _pin(tool, directory, ctx.root)
    if pin is None:
        return None
    pinned, where = pin
    have = _parts(pinned)
    if have is None or _agrees(wanted, have) or rewrites and wanted > have:
        return None  # the pinned version, or a deliberate upgrade of the pin
    text = (action.text or "").strip()
    replaced = text.replace(version, pinned, 1) if version in text else ""
    alternative = f"`{replaced}`" if replaced else f"use {tool} {pinned}"
    if words[1] == "install" and os.path.basename(words[0]) in ("tfenv", "tgenv", "rbenv", "goenv", "nodenv") or \
            os.path.basename(words[0]) == "corepack":
        bare = "corepack install" if words[0] == "corepack" else f"{os.path.basename(words[0])} install"
        alternative += f" (or `{bare}`, which reads {where})"
    older = " (an older version than the pin)" if wanted < have else ""
    return _premise(action, f"version.{tool}", version, pinned, "project.files",
                    f"{where} pins {tool} {pinned}; `{text[:80]}` asks for {tool} {version}{older}", alternative,
                    f"this project uses {tool} {version}")


# --------------------------------------------------------------------------- workspace members

_CARGO_SUBS = ("build", "b", "test", "t", "run", "r", "check", "c", "clippy", "bench", "doc", "fmt", "tree", "publish",
               "install", "rustc", "fix")


def _selected(words: list[str]) -> tuple[str, str] | None:
    """(ecosystem, the member name an action selects) for ``cargo test -p NAME``, ``pnpm --filter NAME``,
    ``npm run build -w NAME``, ``yarn workspace NAME build``; None for paths, globs and graph selectors."""
    if len(words) < 3:
        return None
    program = os.path.basename(words[0])
    args = words[1:]
    name = None
    if program == "cargo" and args[0] in _CARGO_SUBS:
        for i, a in enumerate(args):
            if a in ("-p", "--package") and i + 1 < len(args):
                name = args[i + 1]
            elif a.startswith("--package="):
                name = a.split("=", 1)[1]
        eco = "cargo"
    elif program == "pnpm":
        for i, a in enumerate(args):
            if a in ("--filter", "-F") and i + 1 < len(args):
                name = args[i + 1]
            elif a.startswith("--filter="):
                name = a.split("=", 1)[1]
        eco = "pnpm"
    elif program == "npm":
        for i, a in enumerate(args):
            if a in ("-w", "--workspace") and i + 1 < len(args):
                name = args[i + 1]
            elif a.startswith("--workspace="):
                name = a.split("=", 1)[1]
        eco = "npm"
    elif program == "yarn" and args[0] == "workspace" and len(args) >= 2:
        name, eco = args[1], "npm"
    elif program == "nx":
        name, eco = _nx_project(args), "nx"
    else:
        return None
    if not name or any(c in name for c in "*?[]{}!$`'\" ") or "..." in name or name.startswith((".", "/")) or "/" in name \
            and not name.startswith("@"):
        return None
    return eco, name


# nx's own commands: `nx <target> <project>` is a target run only when the first word is none of them
_NX_COMMANDS = frozenset({"run-many", "affected", "graph", "dep-graph", "show", "generate", "g", "add", "migrate", "init",
                          "reset", "clear-cache", "report", "list", "release", "format", "format:check", "format:write",
                          "daemon", "watch", "sync", "sync:check", "connect", "connect-to-nx-cloud", "view-logs", "exec",
                          "repair", "import", "login", "logout", "mcp", "help", "print-affected", "configure-ai-agents"})


def _nx_project(args: list[str]) -> str | None:
    """The one project an nx command names: ``nx build web``, ``nx run web:build``, ``nx web:build``,
    ``nx run-many -t build -p web`` (one name only)."""
    operands = [a for a in args if not a.startswith("-")]
    if not operands:
        return None
    if operands[0] == "run-many":
        for i, a in enumerate(args):
            value = args[i + 1] if a in ("-p", "--projects") and i + 1 < len(args) else \
                a.split("=", 1)[1] if a.startswith("--projects=") else None
            if value is not None:
                return value if "," not in value else None
        return None
    if operands[0] == "run":
        operands = operands[1:]
    elif operands[0] in _NX_COMMANDS:
        return None
    if not operands:
        return None
    if ":" in operands[0]:
        return operands[0].split(":", 1)[0] or None
    return operands[1] if len(operands) > 1 else None  # `nx build` alone: the default project


def _nx_projects(root: str) -> dict[str, str] | None:
    """Nx project name → its project.json / package.json (the names nx knows a project by), or None when
    this is no Nx workspace or a project.json names none (nx then infers the name)."""
    from statewise_cli.fast import jsonfast as json  # no `re` on the hook path (see jsonfast)

    if not os.path.isfile(os.path.join(root, "nx.json")):
        return None
    names: dict[str, str] = {}
    for current, dirs, files in os.walk(root):
        depth = os.path.relpath(current, root).count(os.sep)
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in _BUILD_DIRS_SKIPPED and depth < 4]
        for manifest in ("project.json", "package.json"):
            if manifest not in files:
                continue
            try:
                data = json.loads(_read(os.path.join(current, manifest), 100_000) or "")
            except ValueError:
                return None
            name = data.get("name") if isinstance(data, dict) else None
            if not isinstance(name, str):
                if manifest == "project.json":
                    return None
                continue
            names.setdefault(name, os.path.relpath(os.path.join(current, manifest), root))
    return names or None


def _globbed(root: str, patterns: list[str]) -> list[str]:
    import glob

    found: list[str] = []
    for pattern in patterns:
        if pattern.startswith("!") or ".." in pattern:
            continue
        for path in sorted(glob.glob(os.path.join(root, pattern.strip().rstrip("/")))):
            if os.path.isdir(path) and path not in found:
                found.append(path)
    return found[:500]


def _members(eco: str, root: str) -> dict[str, str] | None:
    """member name → its manifest (relative path), or None when this is not a workspace of ``eco``."""
    from statewise_cli.fast import jsonfast as json  # no `re` on the hook path (see jsonfast)

    names: dict[str, str] = {}
    if eco == "nx":
        return _nx_projects(root)
    if eco == "cargo":
        text = _read(os.path.join(root, "Cargo.toml"))
        if not text or "[workspace]" not in text:
            return None
        block = text.split("[workspace]", 1)[1]
        m = _re().search(r"(?s)\bmembers\s*=\s*\[(.*?)\]", block.split("\n[", 1)[0] if "\n[" in block else block)
        dirs = _globbed(root, _re().findall(r"[\"']([^\"']+)[\"']", m.group(1))) if m else []
        for d in [root, *dirs]:
            manifest = _read(os.path.join(d, "Cargo.toml"), 50_000) or ""
            pkg = _re().search(r"(?ms)^\[package\][^\[]*?^\s*name\s*=\s*[\"']([^\"']+)[\"']", manifest)
            if pkg:
                names[pkg.group(1)] = os.path.relpath(os.path.join(d, "Cargo.toml"), root)
        return names or None
    patterns: list[str] = []
    if eco == "pnpm":
        text = _read(os.path.join(root, "pnpm-workspace.yaml"))
        if not text:
            return None
        patterns = _re().findall(r"(?m)^\s*-\s*[\"']?([^\"'\n#]+?)[\"']?\s*(?:#.*)?$", text.split("packages:", 1)[-1])
    else:
        try:
            data = json.loads(_read(os.path.join(root, "package.json")) or "")
        except ValueError:
            return None
        spaces = data.get("workspaces") if isinstance(data, dict) else None
        spaces = spaces.get("packages") if isinstance(spaces, dict) else spaces
        if not isinstance(spaces, list):
            return None
        patterns = [p for p in spaces if isinstance(p, str)]
    for d in [root, *_globbed(root, patterns)]:
        try:
            data = json.loads(_read(os.path.join(d, "package.json"), 100_000) or "")
        except ValueError:
            continue
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            names[data["name"]] = os.path.relpath(os.path.join(d, "package.json"), root)
    return names or None


def _renamed_to(ctx: Any, old: str, members: dict[str, str]) -> tuple[str, str] | None:
    """(new name, the commit) when git history renamed the member ``old`` to a current member."""
    code, out = ctx.git("log", "-n20", "-p", "-U0", "-M", "--no-color", "--no-ext-diff", "--format=@@@commit %h %s",
                        f"-S{old}", "--pickaxe-all", "--", "*Cargo.toml", "*package.json", "*project.json")
    if code != 0:
        return None
    name_line = _re().compile(r"^([-+])(?![-+]{2} )(?:|.*?[\s{,])\"?name\"?\s*[=:]\s*[\"']([^\"']+)[\"']")
    # per commit: the manifest names it removed and added (a moved and edited manifest shows as a
    # deletion and an addition when git does not pair them as a rename)
    commits: list[tuple[str, set[str], set[str]]] = []
    for line in out.splitlines():
        if line.startswith("@@@commit "):
            commits.append((line[len("@@@commit "):], set(), set()))
            continue
        m = name_line.match(line)
        if m and commits:
            (commits[-1][1] if m.group(1) == "-" else commits[-1][2]).add(m.group(2))
    for commit, removed, added in commits:
        if old in removed:
            new = sorted((added - removed - {old}) & set(members))
            if len(new) == 1:
                return new[0], commit
    return None


def member_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A workspace member selected by a name no member has (``cargo test -p acme-core`` after the crate
    became acme-engine; ``pnpm --filter @acme/api build`` after the package was renamed): the tool
    fails, or runs nothing and exits 0. The rename in git history, else the members' names."""
    from statewise_cli.recovery.premises import _premise

    selected = _selected(words)
    if selected is None:
        return None
    eco, name = selected
    members = _members(eco, ctx.root)
    if members is None or name in members:
        return None
    text = (action.text or "").strip()
    renamed = _renamed_to(ctx, name, members)
    listing = ", ".join(sorted(members)[:12])
    if renamed is not None:
        new, commit = renamed
        evidence = (f"no workspace member is named `{name}` (members: {listing}); git history renamed it to `{new}` "
                    f"({commit}, {members[new]})")
        alternative = f"`{text.replace(name, new)}`" if name in text else f"select `{new}`"
        return _premise(action, "workspace.member", name, new, "project.files", evidence, alternative,
                        f"the workspace has a member `{name}`")
    return _premise(action, "workspace.member", name, sorted(members), "project.files",
                    f"no workspace member is named `{name}`; the members are: {listing}",
                    f"select one of the workspace's members: {listing}", f"the workspace has a member `{name}`")


# --------------------------------------------------------------------------- compose services

_COMPOSE_FILES = ("compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml")
_COMPOSE_OVERRIDES = ("compose.override.yaml", "compose.override.yml", "docker-compose.override.yaml",
                      "docker-compose.override.yml")
# subcommands whose operands are service names (exec / run: only the first; the rest is the command)
_SERVICE_SUBS = ("up", "start", "stop", "restart", "logs", "build", "pull", "push", "rm", "kill", "pause", "unpause",
                 "create", "top", "exec", "run", "attach")
_COMPOSE_FLAGS = frozenset({"-d", "--detach", "--build", "--no-build", "--no-deps", "--force-recreate",
                            "--no-recreate", "--remove-orphans", "--wait", "--no-start", "--abort-on-container-exit",
                            "--quiet-pull", "-f", "--follow", "--timestamps", "--no-color", "--no-log-prefix", "-T",
                            "--no-TTY", "--rm", "-i", "--interactive", "--tty", "--privileged", "-s", "--stop", "-v",
                            "--volumes", "-a", "--all", "-q", "--quiet", "--service-ports", "--no-cache",
                            "--always-recreate-deps", "--renew-anon-volumes", "-V", "--attach-dependencies"})


def _compose_services(text: str) -> set[str] | None:
    """The service names of a Compose file's top-level ``services:`` mapping; None when the file pulls
    services from elsewhere (``include:``) or has no ``services:``."""
    services: set[str] = set()
    inside, indent = False, None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[:1].isspace():
            if line.startswith("include:"):
                return None
            inside = line.rstrip().rstrip(":") == "services" or line.startswith("services:")
            continue
        if not inside:
            continue
        width = len(line) - len(line.lstrip())
        if indent is None:
            indent = width
        if width == indent:
            m = _re().match(r"\s*[\"']?([A-Za-z0-9][\w.-]*)[\"']?\s*:", line)
            if m:
                services.add(m.group(1))
    return services or None


def _service_operands(args: list[str]) -> tuple[str, list[str]] | None:
    """(subcommand, the service names it names) of ``compose`` arguments; None when a global option
    (``-f``, ``-p``, ``--profile`` …) changes which files or services are read."""
    if not args or args[0].startswith("-"):
        return None
    sub, rest = args[0], args[1:]
    if sub not in _SERVICE_SUBS:
        return None
    names: list[str] = []
    skip = False
    for arg in rest:
        if skip:
            skip = False
            continue
        if arg.startswith("-"):
            if arg not in _COMPOSE_FLAGS and "=" not in arg:
                skip = True  # an option that takes a value (`--tail 50`, `-t 5`, `-u root`)
            continue
        names.append(arg)
        if sub in ("exec", "run"):
            break
    return sub, names


def compose_service_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``docker compose up -d db`` where the project's Compose file has no service ``db`` (it was renamed
    ``postgres``): compose fails with "no such service". The rename in git history, else the services."""
    from statewise_cli.recovery.premises import _premise, _upward

    if not words:
        return None
    program = os.path.basename(words[0])
    if program in ("docker", "podman") and words[1:2] == ["compose"]:
        args = words[2:]
    elif program in ("docker-compose", "podman-compose"):
        args = words[1:]
    else:
        return None
    parsed = _service_operands(args)
    if parsed is None or not parsed[1]:
        return None
    where, services = None, set()
    for base in _upward(directory, ctx.root):
        found = next((n for n in _COMPOSE_FILES if os.path.isfile(os.path.join(base, n))), None)
        if found is None:
            continue
        where = os.path.relpath(os.path.join(base, found), ctx.root)
        for name in (found, *_COMPOSE_OVERRIDES):
            text = _read(os.path.join(base, name))
            if text is None:
                continue
            got = _compose_services(text)
            if got is None:
                return None
            services |= got
        break
    if where is None or not services:
        return None
    missing = [n for n in parsed[1] if n not in services]
    if len(missing) != 1 or any(c in missing[0] for c in "$*?{"):
        return None
    old = missing[0]
    new = _renamed_service(ctx, where, old, services)
    listing = ", ".join(sorted(services)[:12])
    text = (action.text or "").strip()
    if new is not None:
        evidence = f"{where} has no service `{old}` (services: {listing}); git history renamed it to `{new[0]}` ({new[1]})"
        word = r"(?<![\w.-])" + _re().escape(old) + r"(?![\w.-])"
        alternative = "`" + _re().sub(word, new[0], text, count=1) + "`"
        return _premise(action, "compose.service", old, new[0], "project.files", evidence, alternative,
                        f"the Compose project has a service `{old}`")
    return _premise(action, "compose.service", old, sorted(services), "project.files",
                    f"{where} has no service `{old}`; its services are: {listing}",
                    f"name one of the services in {where}: {listing}", f"the Compose project has a service `{old}`")


def _images(text: str) -> dict[str, str]:
    """service → the repository of its ``image:`` (``postgres`` for ``postgres:16``), from a Compose file."""
    images: dict[str, str] = {}
    current, indent = None, None
    inside = False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[:1].isspace():
            inside = line.startswith("services:")
            continue
        if not inside:
            continue
        width = len(line) - len(line.lstrip())
        indent = width if indent is None else indent
        m = _re().match(r"\s*[\"']?([A-Za-z0-9][\w.-]*)[\"']?\s*:\s*(.*)$", line)
        if width == indent and m:
            current = m.group(1)
        elif current and m and m.group(1) == "image":
            images[current] = m.group(2).strip("\"' ").rsplit("/", 1)[-1].split(":", 1)[0].split("@", 1)[0]
    return images


def _same_image(ctx: Any, where: str, commit: str, old: str, candidates: list[str]) -> list[str]:
    code, before = ctx.git("show", f"{commit}^:{where}")
    after = _read(os.path.join(ctx.root, where)) or ""
    image = _images(before).get(old) if code == 0 else None
    if not image:
        return []
    now = _images(after)
    return [c for c in candidates if now.get(c) == image]


def _renamed_service(ctx: Any, where: str, old: str, services: set[str]) -> tuple[str, str] | None:
    """(new name, commit) when a commit removed the service ``old`` from the Compose file and added
    exactly one service that is still there."""
    code, out = ctx.git("log", "-n20", "-p", "-U0", "--no-color", "--no-ext-diff", "--format=@@@commit %h %s",
                        "--", where)
    if code != 0:
        return None
    key = _re().compile(r"^([-+])( {1,4}|\t)([A-Za-z0-9][\w.-]*):\s*$")
    commit, removed, added = "", set[str](), set[str]()
    for line in [*out.splitlines(), "@@@commit end"]:
        if line.startswith("@@@commit "):
            if old in removed:
                new = sorted((added - removed) & services)
                if len(new) > 1:  # several added: the one running the same image as the removed service
                    new = _same_image(ctx, where, commit.split(" ", 1)[0], old, new)
                return (new[0], commit) if len(new) == 1 else None
            commit, removed, added = line[len("@@@commit "):], set(), set()
            continue
        m = key.match(line)
        if m:
            (removed if m.group(1) == "-" else added).add(m.group(3))
    return None


# --------------------------------------------------------------------------- files a tool does not read

# Locations a tool reads in order, the first that exists winning: a file further down the list is
# ignored while one above it exists.
_PRECEDENCE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("GitHub's code owners file", (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS")),
    ("the Compose file docker compose reads", ("compose.yaml", "compose.yml", "docker-compose.yaml",
                                                "docker-compose.yml")),
    ("the ESLint configuration (a flat config wins over .eslintrc)",
     ("eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts", ".eslintrc.js", ".eslintrc.cjs",
      ".eslintrc.yaml", ".eslintrc.yml", ".eslintrc.json", ".eslintrc")),
    ("ruff's configuration file", (".ruff.toml", "ruff.toml")),
)
_GITLAB_CODEOWNERS = ("CODEOWNERS", "docs/CODEOWNERS", ".gitlab/CODEOWNERS")


def _hooks_path(ctx: Any) -> str | None:
    """``core.hooksPath`` from the repository's own config file (no subprocess); None when unset."""
    text = _read(os.path.join(ctx.repo.common_dir, "config"), 100_000) or ""
    section = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped.strip("[]").strip().lower()
            continue
        key, sep, value = stripped.partition("=")
        if sep and section == "core" and key.strip().lower() == "hookspath":
            return value.strip().strip('"') or None
    return None


def shadowed_premise(action: Action, ctx: Any, cwd: str) -> Any:
    """A write to a file the tool that reads it does not read: a hook in ``.git/hooks`` while
    ``core.hooksPath`` points elsewhere; ``docs/CODEOWNERS`` while ``.github/CODEOWNERS`` exists (GitHub
    reads the first it finds); ``docker-compose.yml`` beside a ``compose.yaml``. The edit lands, and
    nothing ever reads it."""
    from statewise_cli.recovery.premises import _premise

    target = str(action.target or "")
    if not target or "$" in target:
        return None
    full = os.path.normpath(os.path.join(cwd, target))
    rel = os.path.relpath(full, ctx.root).replace(os.sep, "/")
    if rel.startswith("../"):
        return None
    if rel.startswith(".git/hooks/") and rel.count("/") == 2:
        configured = _hooks_path(ctx)
        if not configured:
            return None
        where = os.path.normpath(os.path.join(ctx.root, os.path.expanduser(configured)))
        shown = os.path.relpath(where, ctx.root).replace(os.sep, "/")
        if shown == ".git/hooks" or not os.path.isdir(where):
            return None
        name = rel.rsplit("/", 1)[1]
        wanted = f"{shown}/{name}"
        return _premise(action, "path.git_hooks", ".git/hooks", shown, "git.config",
                        f"git config core.hooksPath = {configured}: git runs the hooks in {shown}/ and ignores .git/hooks/",
                        f"write it as `{wanted}` (in the versioned hooks directory)",
                        "the git hooks live in .git/hooks")
    if not os.path.isfile(full):
        return None  # a file that is not there: the premises about missing and replaced files speak
    for what, order in _PRECEDENCE:
        if what.startswith("GitHub's code owners") and (os.path.exists(os.path.join(ctx.root, ".gitlab-ci.yml"))
                                                       or os.path.isdir(os.path.join(ctx.root, ".gitlab"))):
            what, order = "GitLab's code owners file", _GITLAB_CODEOWNERS
        if rel not in order:
            continue
        first = next((p for p in order if os.path.isfile(os.path.join(ctx.root, p))), None)
        if first is None or first == rel or order.index(first) > order.index(rel):
            return None
        return _premise(action, "path.read_first", rel, first, "project.files",
                        f"{first} exists, and it is read before {rel}: {rel} is ignored while {first} is there",
                        f"edit `{first}` instead", f"{rel} is {what}")
    return None


# --------------------------------------------------------------------------- CMake presets

# The preset kind each invocation reads: `cmake --preset` configures, `cmake --build --preset` builds,
# `ctest --preset` tests, `cmake --workflow --preset` runs a workflow.
_PRESET_FILES = ("CMakePresets.json", "CMakeUserPresets.json")


def _preset_kind(program: str, args: list[str]) -> str:
    if program == "ctest":
        return "testPresets"
    if "--build" in args:
        return "buildPresets"
    if "--workflow" in args:
        return "workflowPresets"
    if "--install" in args:
        return ""  # `cmake --install` takes no preset
    return "configurePresets"


def cmake_preset_premise(action: Action, program: str, args: list[str], directory: str, ctx: Any) -> Any:
    """``cmake --preset default`` where CMakePresets.json (and CMakeUserPresets.json) define no preset of
    that name for that step; a rename in the presets file's history leads the alternative (``_with_rename``)."""
    from statewise_cli.recovery.premises import _premise

    name = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == "--preset"), None) or next(
        (a.split("=", 1)[1] for a in args if a.startswith("--preset=")), None)
    kind = _preset_kind(program, args)
    if not name or not kind or "$" in name:
        return None
    if any(a == "-S" or a.startswith("-S") for a in args):
        return None  # another source directory: its presets are not these
    from statewise_cli.fast import jsonfast as json

    names: dict[str, str] = {}
    source = ""
    for file in _PRESET_FILES:
        text = _read(os.path.join(directory, file))
        if text is None:
            continue
        try:
            data = json.loads(text)
        except ValueError:
            return None  # a presets file we cannot read decides nothing
        if not isinstance(data, dict) or data.get("include"):
            return None  # presets from included files are not read here
        source = source or os.path.join(directory, file)
        for preset in data.get(kind) or []:
            if isinstance(preset, dict) and isinstance(preset.get("name"), str) and not preset.get("hidden"):
                names[preset["name"]] = str(preset.get("displayName") or "")
    if not source or not names or name in names:
        return None
    rel = os.path.relpath(source, ctx.root)
    step = {"configurePresets": "configure", "buildPresets": "build", "testPresets": "test",
            "workflowPresets": "workflow"}[kind]
    text = (action.text or "").strip()
    listing = ", ".join(f"`{n}`" for n in list(names)[:10])
    only = next(iter(names)) if len(names) == 1 else None
    alternative = (f"`{text.replace(name, only)}`" if only and text.count(name) == 1 else
                   f"one of its {step} presets: {listing}")
    return _premise(action, "command.cmake_preset", name, sorted(names), "project.cmake-presets",
                    f"{rel} defines no {step} preset `{name}`; its {step} presets: {listing}", alternative,
                    f"{rel} has the {step} preset {name}", source)
