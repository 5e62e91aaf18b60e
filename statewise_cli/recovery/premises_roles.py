"""The same job with another tool of the same kind — a role catalogue read from the tools' own documentation.

When the repository shows that tool T was replaced by T' (its configuration deleted by the commit that added
T''s), the alternative a deny offers must be a command an agent can run, not "use T'". Each entry below names
a tool's category, how its command line says which job it does (its subcommand or an option), and the
command doing each job; the successor's command is the one of the same role. Carried over: the operands of
jobs that take them (packages, a command to run, files) and the options whose meaning every tool of the
category shares (warnings as errors, the one package to upgrade). Tools that are drop-in forks of another
(OpenTofu of Terraform, Podman of Docker, Dart Sass of node-sass, tsx of ts-node) take the same arguments:
the action's own line with the program word replaced.

Everything here is a table lookup on the action's words; a role the catalogue does not know gives nothing
(the deny then names the tool only).
"""

from __future__ import annotations

# tool → (category, role → command ("{ops}": the operands carried over, "{pkg}": the package to upgrade),
#         detection: ((first operand words or an option, role), ...) in order, the role of a bare invocation)
Entry = tuple[str, dict[str, str], tuple[tuple[str, str], ...], str]
CATALOGUE: dict[str, Entry] = {
    # JavaScript bundlers and dev servers
    "webpack": ("bundler", {"build": "webpack --mode production", "dev": "webpack serve", "watch": "webpack --watch"},
                (("serve", "dev"), ("--watch", "watch"), ("-w", "watch"), ("watch", "watch"), ("build", "build")), "build"),
    "webpack-dev-server": ("bundler", {"dev": "webpack-dev-server"}, (), "dev"),
    "vite": ("bundler", {"build": "vite build", "dev": "vite", "watch": "vite build --watch", "preview": "vite preview"},
             (("build --watch", "watch"), ("build", "build"), ("preview", "preview"), ("dev", "dev"), ("serve", "dev")), "dev"),
    "rollup": ("bundler", {"build": "rollup -c", "watch": "rollup -c --watch"}, (("--watch", "watch"), ("-w", "watch")),
               "build"),
    "parcel": ("bundler", {"build": "parcel build", "dev": "parcel", "watch": "parcel watch"},
               (("build", "build"), ("watch", "watch"), ("serve", "dev")), "dev"),
    "rspack": ("bundler", {"build": "rspack build", "dev": "rspack serve", "watch": "rspack build --watch"},
               (("serve", "dev"), ("dev", "dev"), ("--watch", "watch"), ("build", "build")), "build"),
    "rsbuild": ("bundler", {"build": "rsbuild build", "dev": "rsbuild dev", "preview": "rsbuild preview"},
                (("build", "build"), ("dev", "dev"), ("preview", "preview")), "dev"),
    "react-scripts": ("bundler", {"build": "react-scripts build", "dev": "react-scripts start"},
                      (("build", "build"), ("start", "dev")), ""),
    # end-to-end test runners
    "cypress": ("end-to-end test runner", {"run": "cypress run", "open": "cypress open"},
                (("run", "run"), ("open", "open")), ""),
    "playwright": ("end-to-end test runner", {"run": "playwright test", "open": "playwright test --ui"},
                   (("test --ui", "open"), ("test", "run")), ""),
    "testcafe": ("end-to-end test runner", {"run": "testcafe"}, (), "run"),
    "nightwatch": ("end-to-end test runner", {"run": "nightwatch"}, (), "run"),
    # JavaScript unit test runners
    "jest": ("JavaScript test runner", {"run": "jest", "watch": "jest --watch"}, (("--watch", "watch"),), "run"),
    "vitest": ("JavaScript test runner", {"run": "vitest run", "watch": "vitest"},
               (("run", "run"), ("watch", "watch"), ("dev", "watch")), "watch"),
    "mocha": ("JavaScript test runner", {"run": "mocha", "watch": "mocha --watch"}, (("--watch", "watch"),), "run"),
    "ava": ("JavaScript test runner", {"run": "ava", "watch": "ava --watch"}, (("--watch", "watch"),), "run"),
    # documentation site generators ("-W" / "--strict": warnings are errors)
    "sphinx-build": ("documentation site generator", {"build": "sphinx-build -b html docs docs/_build/html"}, (), "build"),
    "mkdocs": ("documentation site generator", {"build": "mkdocs build", "serve": "mkdocs serve"},
               (("build", "build"), ("serve", "serve")), ""),
    "docusaurus": ("documentation site generator", {"build": "docusaurus build", "serve": "docusaurus start"},
                   (("build", "build"), ("start", "serve"), ("serve", "serve")), ""),
    "vitepress": ("documentation site generator", {"build": "vitepress build", "serve": "vitepress dev"},
                  (("build", "build"), ("dev", "serve"), ("serve", "serve")), "serve"),
    "zensical": ("documentation site generator", {"build": "zensical build", "serve": "zensical serve"},
                 (("build", "build"), ("serve", "serve")), ""),
    # Python environments, lockfiles and dependencies
    "conda": ("Python environment", {"sync": "conda env update --prune", "add": "conda install {ops}"},
              (("env update", "sync"), ("env create", "sync"), ("install", "add")), ""),
    "mamba": ("Python environment", {"sync": "mamba env update --prune", "add": "mamba install {ops}"},
              (("env update", "sync"), ("env create", "sync"), ("install", "add")), ""),
    "pixi": ("Python environment", {"sync": "pixi install", "lock": "pixi lock", "upgrade": "pixi update {pkg}",
                                    "add": "pixi add {ops}", "run": "pixi run {ops}"},
             (("install", "sync"), ("lock", "lock"), ("update", "upgrade"), ("add", "add"), ("run", "run")), ""),
    "pip-compile": ("Python environment", {"lock": "pip-compile", "upgrade": "pip-compile --upgrade-package {pkg}"},
                    (("--upgrade-package", "upgrade"), ("-P", "upgrade")), "lock"),
    "pip-sync": ("Python environment", {"sync": "pip-sync"}, (), "sync"),
    "uv": ("Python environment", {"sync": "uv sync", "lock": "uv lock", "upgrade": "uv lock --upgrade-package {pkg}",
                                  "add": "uv add {ops}", "run": "uv run {ops}"},
           (("sync", "sync"), ("lock --upgrade-package", "upgrade"), ("lock -P", "upgrade"), ("lock", "lock"),
            ("add", "add"), ("run", "run")), ""),
    "poetry": ("Python environment", {"sync": "poetry install", "lock": "poetry lock", "upgrade": "poetry update {pkg}",
                                      "add": "poetry add {ops}", "run": "poetry run {ops}"},
               (("install", "sync"), ("lock", "lock"), ("update", "upgrade"), ("add", "add"), ("run", "run")), ""),
    "pdm": ("Python environment", {"sync": "pdm install", "lock": "pdm lock", "upgrade": "pdm update {pkg}",
                                   "add": "pdm add {ops}", "run": "pdm run {ops}"},
            (("install", "sync"), ("sync", "sync"), ("lock", "lock"), ("update", "upgrade"), ("add", "add"),
             ("run", "run")), ""),
    "pipenv": ("Python environment", {"sync": "pipenv install --dev", "lock": "pipenv lock", "upgrade": "pipenv update {pkg}",
                                      "run": "pipenv run {ops}"},
               (("sync", "sync"), ("lock", "lock"), ("update", "upgrade"), ("run", "run")), ""),
    # version bumps and changelogs
    "standard-version": ("release versioning", {"version": "standard-version"}, (), "version"),
    "commit-and-tag-version": ("release versioning", {"version": "commit-and-tag-version"}, (), "version"),
    "changeset": ("release versioning", {"version": "changeset version", "add": "changeset", "publish": "changeset publish"},
                  (("version", "version"), ("publish", "publish"), ("add", "add")), "add"),
    "release-it": ("release versioning", {"version": "release-it --no-npm.publish"}, (), "version"),
    # version-number bumpers (the part to bump is the operand)
    "bump2version": ("version bumper", {"bump": "bump2version {ops}"}, (), "bump"),
    "bumpversion": ("version bumper", {"bump": "bumpversion {ops}"}, (), "bump"),
    "bump-my-version": ("version bumper", {"bump": "bump-my-version bump {ops}"}, (("bump", "bump"),), ""),
    "tbump": ("version bumper", {"bump": "tbump {ops}"}, (), "bump"),
    # Kubernetes inner dev loops (build, deploy, watch; one-off deploy; tear down)
    "skaffold": ("Kubernetes dev loop", {"dev": "skaffold dev", "deploy": "skaffold run", "down": "skaffold delete"},
                 (("dev", "dev"), ("run", "deploy"), ("delete", "down")), ""),
    "tilt": ("Kubernetes dev loop", {"dev": "tilt up", "deploy": "tilt ci", "down": "tilt down"},
             (("up", "dev"), ("ci", "deploy"), ("down", "down")), ""),
    "devspace": ("Kubernetes dev loop", {"dev": "devspace dev", "deploy": "devspace deploy", "down": "devspace purge"},
                 (("dev", "dev"), ("deploy", "deploy"), ("purge", "down")), ""),
    "garden": ("Kubernetes dev loop", {"dev": "garden dev", "deploy": "garden deploy", "down": "garden cleanup namespace"},
               (("dev", "dev"), ("deploy", "deploy"), ("cleanup", "down")), ""),
}
# Names a tool's files go by that are not its program word.
ALIASES = {"@changesets/cli": "changeset", "@playwright/test": "playwright", "@biomejs/biome": "biome",
           "@rspack/cli": "rspack", "@rsbuild/core": "rsbuild", "@docusaurus/core": "docusaurus", "changesets": "changeset", "opentofu": "tofu", "playwright-test": "playwright", "sphinx": "sphinx-build",
           "uv-lock": "uv", "pixi-lock": "pixi", "docusaurus-config": "docusaurus",
           "tiltfile": "tilt", "bumpversion-cfg": "bump2version"}
# A tool's own files whose names do not start with its program word (the file it cannot run without).
OWN_FILES: dict[str, tuple[str, ...]] = {
    "pipenv": ("Pipfile", "Pipfile.lock"), "conda": ("environment.yml", "environment.yaml"),
    "mamba": ("environment.yml", "environment.yaml"), "micromamba": ("environment.yml", "environment.yaml"),
    "pip-compile": ("requirements.in",), "pip-sync": ("requirements.txt",), "changeset": (".changeset",),
    "sphinx-build": ("conf.py",), "standard-version": (".versionrc", ".versionrc.json", ".versionrc.js"),
    "bundle": ("Gemfile", "Gemfile.lock"), "docker-compose": ("docker-compose.yml", "docker-compose.yaml",
                                                              "compose.yml", "compose.yaml"),
    "cypress": ("cypress.json",), "nightwatch": ("nightwatch.json", "nightwatch.conf.js"),
    "tilt": ("Tiltfile",), "bump2version": (".bumpversion.cfg",), "bumpversion": (".bumpversion.cfg",),
    "devspace": ("devspace.yaml",), "garden": ("project.garden.yml",),
}
# Drop-in successors: the same arguments work (the fork, or the tool's documented replacement CLI).
DROP_IN = {frozenset({"terraform", "tofu"}), frozenset({"docker", "podman"}), frozenset({"node-sass", "sass"}),
           frozenset({"ts-node", "tsx"}), frozenset({"docker-compose", "podman-compose"}),
           frozenset({"standard-version", "commit-and-tag-version"}), frozenset({"mamba", "conda"}),
           frozenset({"mamba", "micromamba"})}
# Options every tool of a category shares in meaning: (category, {tool: the option}).
SHARED_OPTIONS: tuple[tuple[str, dict[str, str]], ...] = (
    ("documentation site generator", {"sphinx-build": "-W", "mkdocs": "--strict", "zensical": "--strict"}),
)
# Options that take a value, per tool (their value is not an operand).
_VALUED = {"-f", "--file", "-c", "--config", "-o", "--output", "-n", "--name", "-p", "--prefix", "-P",
           "--upgrade-package", "--mode", "--env", "-e", "--project", "--reporter", "--browser", "-b"}


def tool_name(word: str) -> str:
    return ALIASES.get(word, word)


def _operands(args: list[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a.startswith("-"):
            skip = a in _VALUED
            continue
        out.append(a)
    return out


def _role(entry: Entry, args: list[str]) -> tuple[str, int] | None:
    """(role, how many leading operands name it) of the action's arguments."""
    ops = _operands(args)
    for words, role in entry[2]:
        parts = words.split()
        if parts[0].startswith("-"):
            if parts[0] in args or any(a.startswith(parts[0] + "=") for a in args):
                return role, 0
            continue
        if ops[:1] == parts[:1] and all(p in args for p in parts[1:]):
            return role, len([p for p in parts if not p.startswith("-")])
    return (entry[3], 0) if entry[3] else None


def successor_command(tool: str, args: list[str], other: str) -> str | None:
    """The command doing with ``other`` the job ``tool args`` does, or None when the catalogue cannot say."""
    tool, other = tool_name(tool), tool_name(other)
    if tool == other:
        return None
    if frozenset({tool, other}) in DROP_IN:
        return " ".join([other, *args])
    old, new = CATALOGUE.get(tool), CATALOGUE.get(other)
    if old is None or new is None or old[0] != new[0]:
        return None
    found = _role(old, args)
    if found is None or found[0] not in new[1]:
        return None
    role, used = found
    template = new[1][role]
    ops = _operands(args)[used:]
    if "{pkg}" in template:
        pkg = next((args[i + 1] for i, a in enumerate(args[:-1]) if a in ("--upgrade-package", "-P")), None)
        if pkg is None:
            pkg = ops[0] if len(ops) == 1 and not ops[0].endswith((".in", ".txt", ".toml", ".yml", ".yaml")) else None
        if pkg is None:
            return None
        template = template.replace("{pkg}", pkg)
    if "{ops}" in template:
        if not ops:
            return None
        template = template.replace("{ops}", " ".join(ops))
    for category, options in SHARED_OPTIONS:
        if category == old[0] and options.get(tool) in args and other in options:
            template += " " + options[other]
    return template


def in_catalogue(word: str) -> bool:
    name = tool_name(word)
    return name in CATALOGUE or any(name in pair for pair in DROP_IN)


def runner_prefix(words: list[str], program: str) -> str:
    """The package runner the action ran the tool through (``npx``, ``pnpm exec``), to run its successor the
    same way."""
    if not words or words[0] == program:
        return ""
    at = words.index(program) if program in words else 0
    head = [w for w in words[:at] if not w.startswith("-")]
    return " ".join(head) + " " if head and head[0] in ("npx", "pnpx", "bunx", "pnpm", "yarn", "bun") else ""



def swap_program(text: str, tool: str, other: str) -> str | None:
    """The action's line with ``tool`` replaced by ``other`` wherever it is a segment's program word (``cd infra
    && terraform plan && terraform apply``), or None when it is nowhere such."""
    import re

    pattern = r"((?:^|&&|\|\||;|\|)\s*(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*(?:npx\s+|pnpx\s+|bunx\s+)?)" + re.escape(tool) + r"(?=\s|$)"
    out, count = re.subn(pattern, lambda m: m.group(1) + other, text)
    return out if count else None
