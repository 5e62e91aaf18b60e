"""Premises about the runtime a command names, read from the project file that declares it:

- **a named environment** — ``conda run -n churn-py310`` where ``environment.yml`` now says ``name:
  churn-py311`` (and its history shows the rename); the same for ``mamba`` / ``micromamba``, a pyenv
  virtualenv named in ``.python-version``, a Hatch environment (``[tool.hatch.envs.NAME]``);
- **Go workspace modules** — ``go test ./...`` at a root that has a ``go.work`` and no ``go.mod`` (the
  pattern matches no module), or a package path inside a module the workspace does not use;
- **.NET target framework** — ``dotnet new … -f net6.0`` under a ``Directory.Build.props`` / projects
  that target a newer framework, ``dotnet build -f netX`` of a project that does not target netX;
- **the package manager of a container image** — an edit of a Dockerfile adding ``apk add`` to a stage
  whose base image is Debian (``apt-get``), or the reverse, or ``dnf``/``yum`` on either.

Files only, except the history of one declaring file (one ``git log``) when the asked name is not
declared now. A verdict needs evidence that names the asked value; otherwise nothing is said.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action


def _re() -> Any:
    import re

    return re


def _read(path: str, limit: int = 300_000) -> str | None:
    from statewise_cli.recovery.premises import _read as read

    return read(path, limit)


def _option(words: list[str], names: tuple[str, ...]) -> str | None:
    """The value of the first of ``names`` among ``words`` (``-n X``, ``--name X``, ``--name=X``)."""
    for i, word in enumerate(words):
        for name in names:
            if word == name and i + 1 < len(words):
                return words[i + 1]
            if name.startswith("--") and word.startswith(name + "="):
                return word[len(name) + 1:]
    return None


# --------------------------------------------------------------------------- named environments

_CONDA_FILES = ("environment.yml", "environment.yaml", "conda.yml", "conda.yaml", "environment-dev.yml")
_CONDA_SUBS = ("run", "activate", "install", "update", "upgrade", "remove", "uninstall", "list", "env", "shell")


def _asked_env(words: list[str]) -> tuple[str, str, tuple[str, ...], str] | None:
    """(tool, env name asked for, declaring files, regex template of a declaring line) of a command."""
    if len(words) < 2:
        return None
    program = os.path.basename(words[0])
    if program in ("conda", "mamba", "micromamba"):
        if words[1] not in _CONDA_SUBS or words[1] == "env" and words[2:3] in (["create"], ["export"], ["list"]):
            return None
        name = _option(words[1:], ("-n", "--name"))
        if name is None and words[1] == "activate":
            rest = [w for w in words[2:] if not w.startswith("-")]
            name = rest[0] if rest else None
        if name is None and words[1] == "run" and _option(words[1:], ("-p", "--prefix")) is None:
            return "conda", "", _CONDA_FILES, r"(?m)^name:\s*[\"']?{}[\"']?\s*$"
        if not name or name == "base" or "/" in name or "$" in name:
            return None
        return "conda", name, _CONDA_FILES, r"(?m)^name:\s*[\"']?{}[\"']?\s*$"
    if program == "pyenv" and words[1] in ("activate", "shell", "local") and len(words) >= 3:
        name = words[2]
        if name.startswith("-") or "$" in name or _re().match(r"^\d+(\.\d+)*$", name):
            return None  # a version, not a virtualenv name
        return "pyenv virtualenv", name, (".python-version",), r"(?m)^{}\s*$"
    if program == "hatch":
        name = _option(words[1:], ("-e", "--env"))
        if name is None and words[1] == "run" and len(words) >= 3 and ":" in words[2]:
            name = words[2].split(":", 1)[0]
        if not name or "$" in name or name == "default":
            return None
        return "hatch environment", name, ("pyproject.toml", "hatch.toml"), r"(?m)^\[(?:tool\.hatch\.)?envs\.{}\]\s*$"
    return None


def _declared_names(text: str, template: str) -> list[str]:
    pattern = template.format(r"([A-Za-z0-9][\w.+-]*)")
    return _re().findall(pattern, text)


def env_name_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A command that names an environment the project's file declared under that name before and
    under another one now: the rename is in the file's history."""
    from statewise_cli.recovery.premises import _premise, _upward

    asked = _asked_env(words)
    if asked is None:
        return None
    tool, name, files, template = asked
    for base in _upward(directory, ctx.root):
        for file in files:
            path = os.path.join(base, file)
            text = _read(path)
            if text is None:
                continue
            declared = _declared_names(text, template)
            if not declared:
                continue
            if name in declared:
                return None
            rel = os.path.relpath(path, ctx.root)
            if not name:  # `conda run pytest`: the active environment, not the project's
                active = str((getattr(ctx, "_env", None) or os.environ).get("CONDA_DEFAULT_ENV") or "")
                if active in declared or len(declared) != 1:
                    return None
                fixed = " ".join([words[0], words[1], "-n", declared[0], *words[2:]])
                text_ = (action.text or "").strip()
                head = " ".join(words[:2])
                return _premise(action, f"runtime.{tool}_env", active or "base", declared[0], "project.files",
                                f"{rel} declares the {tool} env `{declared[0]}`; `{head}` without -n runs in "
                                f"`{active or 'base'}` (the active environment), not in it",
                                f"`{text_.replace(head, head + ' -n ' + declared[0], 1) if head in text_ else fixed}`",
                                f"`{head}` runs in the project's {tool} env", rel)
            code, out = ctx.git("log", "-n30", "-p", "-U0", "--no-color", "--no-ext-diff", "--format=@@@commit %h %s",
                                "--", rel)
            if code != 0:
                return None
            old = _re().compile(template.format(_re().escape(name)).replace("(?m)^", "(?m)^-"))
            commit = ""
            for line in out.splitlines():
                if line.startswith("@@@commit "):
                    commit = line[len("@@@commit "):]
                elif old.match(line):
                    new = declared[0] if len(declared) == 1 else None
                    text_ = (action.text or "").strip()
                    word = r"(?<![\w.-])" + _re().escape(name) + r"(?![\w.-])"
                    alternative = (f"`{_re().sub(word, new, text_, count=1)}`" if new else
                                   f"name one of the environments {rel} declares: {', '.join(declared)}")
                    return _premise(action, f"runtime.{tool.split()[0]}_env", name, new or declared, "project.files",
                                    f"{rel} declares the {tool} `{', '.join(declared)}`; `{name}` is its old name "
                                    f"(renamed in {commit})", alternative, f"the project's {tool} is `{name}`", rel)
            return None
    return None


# --------------------------------------------------------------------------- Go workspaces

_GO_SUBS = ("test", "build", "vet", "list", "install", "run", "generate", "fmt")


def _go_work(directory: str, root: str) -> tuple[str, list[str]] | None:
    """(the go.work's directory, the module directories its ``use`` lists, absolute)."""
    from statewise_cli.recovery.premises import _upward

    for base in _upward(directory, root):
        text = _read(os.path.join(base, "go.work"), 100_000)
        if text is None:
            continue
        uses: list[str] = []
        inside = False
        for line in text.splitlines():
            stripped = line.split("//", 1)[0].strip()
            if inside:
                if stripped == ")":
                    inside = False
                elif stripped:
                    uses.append(stripped.strip('"'))
            elif stripped.startswith("use"):
                rest = stripped[3:].strip()
                if rest == "(":
                    inside = True
                elif rest:
                    uses.append(rest.strip('"'))
        return base, [os.path.normpath(os.path.join(base, u)) for u in uses]
    return None


def go_workspace_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``go test ./...`` where the directory is in a Go workspace and no module of the workspace holds it:
    go reports "directory prefix . does not contain modules listed in go.work"; the patterns of the
    workspace's modules are the command that runs. A path into a module the workspace does not use is
    the same premise ("this module is part of the build")."""
    from statewise_cli.recovery.premises import _premise

    if len(words) < 3 or os.path.basename(words[0]) != "go" or words[1] not in _GO_SUBS:
        return None
    if "GOWORK=" in (action.text or "") or "GOFLAGS=" in (action.text or ""):
        return None
    found = _go_work(directory, ctx.root)
    if found is None or not found[1]:
        return None
    work_dir, modules = found
    patterns = [w for w in words[2:] if w.startswith(("./", "../")) or w == "."]
    if not patterns:
        return None
    for pattern in patterns:
        prefix = pattern.removesuffix("/...")
        target = os.path.normpath(os.path.join(directory, prefix or "."))
        if any(target == m or target.startswith(m + os.sep) for m in modules):
            continue
        if os.path.isfile(os.path.join(target, "go.mod")):
            rel = os.path.relpath(target, work_dir)
            return _premise(action, "go.workspace.modules", pattern, [os.path.relpath(m, work_dir) for m in modules],
                            "project.files", f"{os.path.relpath(os.path.join(work_dir, 'go.work'), ctx.root)} does "
                            f"not use the module in {rel} (its use list: "
                            f"{', '.join(os.path.relpath(m, work_dir) for m in modules)})",
                            f"add it to the workspace first: `go work use ./{rel}`, then `{(action.text or '').strip()}`",
                            f"the module in {rel} is part of the workspace")
        inner = [m for m in modules if m.startswith(target + os.sep)]
        if not inner or os.path.isfile(os.path.join(target, "go.mod")):
            continue
        wanted = ["./" + os.path.relpath(m, directory) + ("/..." if pattern.endswith("...") else "") for m in inner]
        text = (action.text or "").strip()
        alternative = f"`{text.replace(pattern, ' '.join(wanted), 1)}`" if pattern in text else " ".join(wanted)
        return _premise(action, "go.workspace.modules", pattern, wanted, "project.files",
                        f"{os.path.relpath(os.path.join(work_dir, 'go.work'), ctx.root)} is a workspace of the modules "
                        f"{', '.join(os.path.relpath(m, work_dir) for m in modules)} and {os.path.relpath(target, ctx.root) or '.'} "
                        f"has no go.mod: `{pattern}` matches no module (go: \"directory prefix does not contain modules "
                        f"listed in go.work\")", alternative, f"`{pattern}` names packages of a module")
    return None


# --------------------------------------------------------------------------- .NET target frameworks

_TFM = r"<TargetFrameworks?>\s*([^<]+?)\s*</TargetFrameworks?>"


def _tfm_version(tfm: str) -> tuple[str, tuple[int, ...]] | None:
    """("net", (8, 0)) for net8.0, ("netcoreapp", (3, 1)), ("netstandard", (2, 0)), ("netfx", (4, 8)) for net48."""
    m = _re().match(r"^(netcoreapp|netstandard|net)(\d+(?:\.\d+)*)(?:-[\w.]+)?$", tfm.strip().lower())
    if not m:
        return None
    family, number = m.group(1), m.group(2)
    if family == "net" and "." not in number:
        return "netfx", tuple(int(c) for c in number)
    parts = tuple(int(p) for p in number.split("."))
    return ("net" if family == "netcoreapp" else family), parts


def _frameworks(path: str) -> list[str]:
    text = _read(path, 200_000) or ""
    found: list[str] = []
    for value in _re().findall(_TFM, text):
        found += [v.strip() for v in value.split(";") if v.strip() and "$" not in v]
    return found


def _project_frameworks(directory: str, root: str) -> tuple[str, list[str]] | None:
    """(where, frameworks) for the projects under ``directory``: the nearest Directory.Build.props that
    sets one, else the project files (bounded walk)."""
    from statewise_cli.recovery.premises import _upward

    for base in _upward(directory, root):
        props = os.path.join(base, "Directory.Build.props")
        if os.path.isfile(props):
            got = _frameworks(props)
            if got:
                return os.path.relpath(props, root), got
    found: dict[str, list[str]] = {}
    for seen, (current, dirs, files) in enumerate(os.walk(root)):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("bin", "obj", "node_modules")]
        if seen > 400:
            break
        for name in files:
            if name.endswith((".csproj", ".fsproj", ".vbproj")):
                got = _frameworks(os.path.join(current, name))
                if got:
                    found[os.path.relpath(os.path.join(current, name), root)] = got
    if not found:
        return None
    allf = sorted({f for fs in found.values() for f in fs})
    return ", ".join(sorted(found)[:4]), allf


def dotnet_framework_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``dotnet new classlib -f net6.0`` in a solution whose projects target net8.0 (the asked framework is
    older than every one the solution targets), or ``dotnet build/test/run/publish -f netX`` of projects
    that do not target netX (the build stops: "The project doesn't target framework netX")."""
    from statewise_cli.recovery.premises import _premise

    if len(words) < 3 or os.path.basename(words[0]) != "dotnet":
        return None
    asked = _option(words[1:], ("-f", "--framework"))
    if not asked or "$" in asked:
        return None
    version = _tfm_version(asked)
    if version is None:
        return None
    declared = _project_frameworks(directory, ctx.root)
    if declared is None:
        return None
    where, frameworks = declared
    if asked.lower() in (f.lower() for f in frameworks):
        return None
    text = (action.text or "").strip()
    sub = words[1]
    if sub == "new":
        same: list[tuple[str, tuple[int, ...]]] = []
        for f in frameworks:
            v = _tfm_version(f)
            if v is not None and v[0] == version[0]:
                same.append((f, v[1]))
        if not same or not all(version[1] < v for _, v in same):
            return None  # a newer framework, or another family (netstandard for a shared library): a choice
        newest = max(same, key=lambda fv: fv[1])[0]
        alternative = f"`{text.replace(asked, newest, 1)}`"
        return _premise(action, "dotnet.target_framework", asked, newest, "project.files",
                        f"{where} target{'s' if ',' not in where else ''} {', '.join(frameworks)}; `{asked}` is older "
                        f"than every framework the solution builds for", alternative,
                        f"the solution's projects target {asked}", where.split(",", 1)[0])
    if sub not in ("build", "test", "run", "publish", "pack", "watch"):
        return None
    if any(not w.startswith("-") and w.endswith((".csproj", ".fsproj", ".sln", ".slnx")) for w in words[2:]):
        return None  # another project file than the one judged here
    local = [n for n in os.listdir(directory) if n.endswith((".csproj", ".fsproj", ".vbproj"))] if os.path.isdir(directory) else []
    if len(local) == 1:
        own = _frameworks(os.path.join(directory, local[0]))
        if own:
            where, frameworks = os.path.relpath(os.path.join(directory, local[0]), ctx.root), own
    if asked.lower() in (f.lower() for f in frameworks):
        return None
    one = frameworks[0] if len(frameworks) == 1 else None
    alternative = f"`{text.replace(asked, one, 1)}`" if one else "build one of the frameworks: " + ", ".join(frameworks)
    return _premise(action, "dotnet.target_framework", asked, one or frameworks, "project.files",
                    f"{where} target{'s' if ',' not in where else ''} {', '.join(frameworks)}, not {asked}",
                    alternative, f"the project targets {asked}", where.split(",", 1)[0])


# --------------------------------------------------------------------------- container image distributions

_INSTALLERS = {"apk": r"\bapk\s+(?:--\S+\s+)*(?:add|upgrade|del)\b",
               "apt": r"\bapt(?:-get)?\s+(?:-\S+\s+)*(?:install|update|upgrade|remove)\b",
               "dnf": r"\b(?:dnf|yum|microdnf)\s+(?:-\S+\s+)*(?:install|update|upgrade|remove)\b",
               "zypper": r"\bzypper\s+(?:-\S+\s+)*(?:install|in|refresh)\b",
               "pacman": r"\bpacman\s+-S"}
_FAMILY_OF_MANAGER = {"apk": "Alpine", "apt": "Debian/Ubuntu", "dnf": "Fedora/RHEL", "zypper": "openSUSE",
                      "pacman": "Arch"}
# official images whose plain tags are Debian-based
_DEBIAN_DEFAULT = ("node", "python", "ruby", "golang", "rust", "php", "perl", "openjdk", "maven", "gradle",
                   "buildpack-deps", "debian", "ubuntu", "eclipse-temurin", "elixir", "erlang", "haskell", "julia",
                   "r-base", "swift", "clojure", "httpd", "nginx", "postgres", "redis", "mysql", "mariadb")


def _manager_of_image(image: str) -> str | None:
    low = image.lower()
    repo = low.partition(":")[0]
    name = repo.rsplit("/", 1)[-1]
    words = set(_re().split(r"[^a-z0-9]+", low))
    if "alpine" in words or name == "alpine":
        return "apk"
    if words & {"fedora", "ubi", "ubi8", "ubi9", "rockylinux", "almalinux", "centos", "rhel", "amazonlinux",
                "oraclelinux", "ubi-minimal"} or name in ("fedora", "rockylinux", "almalinux", "centos",
                                                           "amazonlinux", "oraclelinux"):
        return "dnf"
    if words & {"distroless", "scratch", "chainguard", "wolfi", "windowsservercore", "nanoserver"}:
        return None
    if words & {"debian", "bookworm", "bullseye", "buster", "trixie", "ubuntu", "jammy", "noble", "focal", "slim"}:
        return "apt"
    if name in _DEBIAN_DEFAULT and "/" not in repo.strip("/").replace("library/", "", 1):
        return "apt"
    return None


def _distro_name(image: str, manager: str) -> str:
    """The distribution a base image is, in words (Debian for node:20-bookworm-slim and plain official tags)."""
    words = set(_re().split(r"[^a-z0-9]+", image.lower()))
    for name, hints in (("Ubuntu", {"ubuntu", "jammy", "noble", "focal"}), ("Alpine", {"alpine"}),
                        ("Fedora", {"fedora"}), ("Red Hat UBI", {"ubi", "ubi8", "ubi9", "ubi-minimal"}),
                        ("Rocky Linux", {"rockylinux"}), ("AlmaLinux", {"almalinux"}), ("CentOS", {"centos"}),
                        ("Amazon Linux", {"amazonlinux"})):
        if words & hints:
            return name
    return {"apt": "Debian", "apk": "Alpine", "dnf": "Fedora/RHEL"}.get(manager, _FAMILY_OF_MANAGER[manager])


def _install_line(manager: str, packages: list[str]) -> str:
    names = " ".join(packages) or "<packages>"
    return {"apk": f"RUN apk add --no-cache {names}",
            "apt": f"RUN apt-get update && apt-get install -y --no-install-recommends {names} && rm -rf /var/lib/apt/lists/*",
            "dnf": f"RUN dnf install -y {names} && dnf clean all",
            "zypper": f"RUN zypper --non-interactive install {names}",
            "pacman": f"RUN pacman -Sy --noconfirm {names}"}[manager]


def _packages(line: str, manager: str) -> list[str]:
    m = _re().search(_INSTALLERS[manager], line)
    if not m:
        return []
    rest = _re().split(r"&&|;|\|", line[m.end():], maxsplit=1)[0].split()
    return [w for w in rest if not w.startswith("-") and "=" not in w and w not in ("install", "add", "in")]


def _stage_image(text: str, at: int) -> str | None:
    """The base image of the stage the line at offset ``at`` of a Dockerfile belongs to (stage aliases
    resolved to the image they build from)."""
    aliases: dict[str, str] = {}
    image = None
    for m in _re().finditer(r"(?im)^\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?", text):
        if m.start() > at:
            break
        name = m.group(1)
        image = aliases.get(name.lower(), name)
        if m.group(2):
            aliases[m.group(2).lower()] = image
    return image


def container_distro_premise(action: Action, ctx: Any, cwd: str) -> Any:
    """An edit of a Dockerfile that adds an install with one distribution's package manager to a stage
    whose base image is another distribution (``apk add`` on ``node:20-bookworm-slim``): the image
    build fails there. The base image is the stage's ``FROM`` in the file as it is now."""
    from statewise_cli.recovery.premises import _premise

    target = str(action.target or "")
    name = os.path.basename(target).lower()
    if not (name in ("dockerfile", "containerfile") or name.startswith(("dockerfile.", "containerfile."))
            or name.endswith((".dockerfile", ".containerfile"))):
        return None
    added = [ln[1:] for ln in action.body.splitlines() if ln.startswith("+") and not ln.startswith("++")]
    removed = [ln[1:] for ln in action.body.splitlines() if ln.startswith("-") and not ln.startswith("--")]
    path = target if os.path.isabs(target) else os.path.join(cwd, target)
    text = _read(path) or ""
    for line in added:
        if not line.strip() or line in removed:
            continue
        used = next((mgr for mgr, rx in _INSTALLERS.items() if _re().search(rx, line)), None)
        if used is None:
            continue
        anchor = next((r for r in removed if r.strip() and r in text), None)
        if anchor is not None:
            image = _stage_image(text, text.index(anchor))
        else:
            body_text = "\n".join(added)
            image = _stage_image(body_text, body_text.index(line)) or (_stage_image(text, len(text)) if text.count(
                "\nFROM ") + text.startswith("FROM ") <= 1 else None)
        if not image or image.startswith("$"):
            continue
        has = _manager_of_image(image)
        if has is None or has == used:
            continue
        packages = _packages(line, used)
        rel = os.path.relpath(path, ctx.root) if path.startswith(ctx.root) else target
        distro = _distro_name(image, has)
        return _premise(action, "container.base_image", _FAMILY_OF_MANAGER[used], f"{distro} ({image})",
                        "project.files",
                        f"{rel}: the base image of this stage is {image} ({distro}, `FROM {image}`): it has no "
                        f"`{line.strip().split()[1] if line.strip().upper().startswith('RUN ') else used}` "
                        f"({used} is {_FAMILY_OF_MANAGER[used]}'s package manager)",
                        f"install with the image's own package manager: `{_install_line(has, packages)}`",
                        f"the image is {_FAMILY_OF_MANAGER[used]}-based", rel)
    return None


def runtime_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """The runtime premise of a command by its program (none for most programs: no file is read)."""
    program = os.path.basename(words[0]) if words else ""
    if program in ("conda", "mamba", "micromamba", "pyenv", "hatch"):
        return env_name_premise(action, words, directory, ctx)
    if program == "go":
        return go_workspace_premise(action, words, directory, ctx)
    if program == "dotnet":
        return dotnet_framework_premise(action, words, directory, ctx)
    return None
