"""Stub executables for tools that are not installed on this machine.

Every stub is a two-line script on the scenario's PATH that calls ``main(tool)``. It appends a JSON
line (tool, argv, cwd, exit code) to ``$SW_STUBLOG`` and behaves like the real tool would for the
project in the current directory: it reads the project's files (lockfiles, noxfile, tox.ini,
package.json, .nvmrc, requires-python, ...) and fails with the real tool's message where the real
tool would fail. Tools a scenario does not install have no stub at all (the shell answers 127).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

REAL_PYTHON = "/usr/bin/python3"


def _log(tool: str, argv: list[str], code: int) -> None:
    path = os.environ.get("SW_STUBLOG")
    if path:
        with open(path, "a") as fh:
            fh.write(json.dumps({"tool": tool, "argv": argv, "cwd": os.getcwd(), "exit": code}) + "\n")


def _read(path: str) -> str:
    try:
        with open(path) as fh:
            return fh.read()
    except OSError:
        return ""


def _installed(var: str) -> list[str]:
    return [v for v in os.environ.get(var, "").split(",") if v]


def _vt(s: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", s)[:3])


# ------------------------------------------------------------------ behaviours
def nvm(argv: list[str]) -> int:
    if not argv:
        print("Node Version Manager (v0.40.1)")
        return 0
    sub, rest = argv[0], argv[1:]
    ver = rest[0] if rest else _read(".nvmrc").strip()
    if not ver:
        print("No .nvmrc file found")
        return 1
    ver = ver.lstrip("v")
    if sub == "use":
        if not any(_vt(i)[: len(_vt(ver))] == _vt(ver) for i in _installed("SW_NODE_INSTALLED")):
            print(f'N/A: version "v{ver}" is not yet installed.\n\nYou need to run `nvm install {ver}` to install and use it.')
            return 3
        print(f"Now using node v{ver}")
        return 0
    if sub == "install":
        print(f"Downloading and installing node v{ver}...\nNow using node v{ver}")
        return 0
    if sub == "alias":
        print(f"default -> {rest[-1] if rest else ver}")
        return 0
    return 0


NODE_LATEST = {"18": "18.20.5", "20": "20.18.1", "22": "22.11.0", "23": "23.3.0"}


def _node_resolve(spec: str) -> str:
    spec = spec.lstrip("v")
    if spec in ("", "lts", "latest"):
        return NODE_LATEST["22"]
    return NODE_LATEST.get(spec.split(".")[0], spec) if "." not in spec else spec


def volta(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    if sub == "pin":
        pkg = _pkg()
        if not pkg:
            print("error: Not in a node package.", file=sys.stderr)
            return 4
        for spec in argv[1:]:
            tool, _, ver = spec.partition("@")
            ver = _node_resolve(ver) if tool == "node" else (ver or "latest")
            pkg.setdefault("volta", {})[tool] = ver
            with open("package.json", "w") as fh:
                json.dump(pkg, fh, indent=2)
                fh.write("\n")
            print(f"success: pinned {tool}@{ver} (with npm@10.9.0) in package.json")
        return 0
    if sub == "install":
        for spec in argv[1:]:
            tool, _, ver = spec.partition("@")
            print(f"success: installed and set {tool}@{_node_resolve(ver) if tool == 'node' else ver} as default")
        return 0
    print(f"success: pinned {' '.join(argv[1:])} in package.json")
    return 0


def fnm(argv: list[str]) -> int:
    sub, rest = (argv[0] if argv else ""), argv[1:]
    ver = rest[0] if rest else (_read(".node-version").strip() or _read(".nvmrc").strip())
    if sub == "use":
        if not ver:
            print("error: Can't find version in dotfiles. Please provide a version manually to the command.", file=sys.stderr)
            return 1
        ver = ver.lstrip("v")
        if not any(_vt(i)[: len(_vt(ver))] == _vt(ver) for i in _installed("SW_NODE_INSTALLED")):
            print(f"Can't find an installed Node version matching v{ver}.", file=sys.stderr)
            print(f"error: Requested version v{ver} is not currently installed", file=sys.stderr)
            return 1
        print(f"Using Node v{_node_resolve(ver)}")
        return 0
    if sub == "install":
        print(f"Installing Node v{_node_resolve(ver)} (x64)")
        return 0
    return 0


def _toml_set(path: str, section: str, key: str, value: str) -> None:
    text = _read(path)
    if f"[{section}]" not in text:
        text = (text + ("\n" if text and not text.endswith("\n") else "") + f"[{section}]\n")
    lines = text.splitlines()
    out, inside, done = [], False, False
    for ln in lines:
        if ln.strip().startswith("["):
            if inside and not done:
                out.append(f'{key} = "{value}"')
                done = True
            inside = ln.strip() == f"[{section}]"
        elif inside and re.match(rf"^{re.escape(key)}\s*=", ln):
            ln, done = f'{key} = "{value}"', True
        out.append(ln)
    if inside and not done:
        out.append(f'{key} = "{value}"')
    with open(path, "w") as fh:
        fh.write("\n".join(out) + "\n")


def mise(argv: list[str]) -> int:
    sub, rest = (argv[0] if argv else ""), [a for a in argv[1:] if not a.startswith("-")]
    if sub == "use":
        for spec in rest:
            tool, _, ver = spec.partition("@")
            _toml_set("mise.toml", "tools", tool, ver or "latest")
            print(f"mise ~/mise.toml tools: {tool}@{ver}")
        return 0
    if sub == "install":
        specs = rest or [f"{k}@{v}" for k, v in re.findall(r'^(\w+)\s*=\s*"([^"]+)"', _read("mise.toml"), re.MULTILINE)]
        for spec in specs:
            print(f"mise {spec.replace('@', '@', 1)} \u2713 installed")
        return 0
    return 0


def versioned_python(version: str, argv: list[str]) -> int:
    if argv[:2] == ["-m", "venv"] and len(argv) >= 3:
        os.makedirs(argv[2], exist_ok=True)
        with open(os.path.join(argv[2], "pyvenv.cfg"), "w") as fh:
            fh.write(f"version = {version}\n")
        return 0
    if argv[:1] == ["--version"]:
        print(f"Python {version}")
        return 0
    return subprocess.call([REAL_PYTHON, *argv])


def _pytest_count() -> int:
    n = 0
    for root, _d, files in os.walk("."):
        if ".git" in root or ".venv" in root:
            continue
        for f in files:
            if f.startswith("test") and f.endswith(".py"):
                n += len(re.findall(r"^def test_\w+", _read(os.path.join(root, f)), re.MULTILINE))
                n += len(re.findall(r"^    def test_\w+", _read(os.path.join(root, f)), re.MULTILINE))
    return n


def pytest(argv: list[str]) -> int:
    n = _pytest_count()
    if n == 0:
        print("collected 0 items\n\n============================ no tests ran in 0.01s =============================")
        return 5
    print(f"collected {n} items\n\n{'.' * n} [100%]\n\n============================== {n} passed in 0.03s ==============================")
    return 0


def python(argv: list[str]) -> int:
    if argv[:2] == ["-m", "unittest"]:
        n = 0
        for root, _d, files in os.walk("."):
            if ".git" in root:
                continue
            for f in files:
                if f.startswith("test") and f.endswith(".py"):
                    text = _read(os.path.join(root, f))
                    if "unittest.TestCase" in text:
                        n += len(re.findall(r"^    def test_\w+", text, re.MULTILINE))
        sys.stderr.write("\n" + "-" * 70 + f"\nRan {n} test{'s' if n != 1 else ''} in 0.000s\n\n")
        if n == 0:
            if os.environ.get("SW_PY_MINOR", "12") >= "12":
                sys.stderr.write("NO TESTS RAN\n")
                return 5
            sys.stderr.write("OK\n")
            return 0
        sys.stderr.write("OK\n")
        return 0
    if argv[:2] == ["-m", "pytest"]:
        return pytest(argv[2:])
    if argv[:2] == ["-m", "build"]:
        return _pep517_build(argv[2:])
    if argv[:1] == ["--version"]:
        print("Python 3." + os.environ.get("SW_PY_MINOR", "12") + ".1")
        return 0
    return subprocess.call([REAL_PYTHON, *argv])


def uv(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    py = _read("pyproject.toml")
    m = re.search(r'requires-python\s*=\s*"([^"]+)"', py)
    if sub == "venv":
        want = argv[argv.index("--python") + 1] if "--python" in argv else "3.12"
        if m and m.group(1).startswith(">=") and _vt(want) < _vt(m.group(1)):
            print(f"error: The requested interpreter resolved to Python {want}.0, which is incompatible with the "
                  f"project's Python requirement: `{m.group(1)}`", file=sys.stderr)
            return 2
        os.makedirs(".venv", exist_ok=True)
        with open(".venv/pyvenv.cfg", "w") as fh:
            fh.write(f"version = {want}\n")
        print(f"Using CPython {want}.4\nCreating virtual environment at: .venv")
        return 0
    if sub == "add":
        if not py:
            print("error: No `pyproject.toml` found in current directory or any parent directory", file=sys.stderr)
            return 2
        with open("uv.lock", "a") as fh:
            fh.write(f"\n[[package]]\nname = \"{argv[-1]}\"\n")
        print(f"Resolved 12 packages in 80ms\n + {argv[-1]}==1.0.0")
        return 0
    if sub in ("sync", "lock"):
        print("Resolved 12 packages in 40ms\nAudited 12 packages in 1ms")
        return 0
    if sub == "run":
        return subprocess.call(argv[1:])
    return 0


def poetry(argv: list[str]) -> int:
    py = _read("pyproject.toml")
    if not py:
        print("Poetry could not find a pyproject.toml file in . or its parents", file=sys.stderr)
        return 1
    if argv and argv[0] in ("add", "install", "lock"):
        # Poetry 2 reads [project]; it resolves and writes its own lockfile next to whatever is there.
        with open("poetry.lock", "a") as fh:
            fh.write(f"# This file is automatically @generated by Poetry 2.1.1\n[[package]]\nname = \"{argv[-1]}\"\n")
        if argv[0] == "add":
            with open("pyproject.toml", "a") as fh:
                fh.write(f"\n# added by poetry\n[tool.poetry.group.main.dependencies]\n{argv[-1]} = \"^1.0\"\n")
        print("Updating dependencies\nResolving dependencies... (0.4s)\n\nWriting lock file")
        return 0
    if argv[:1] == ["run"] and len(argv) > 1:  # set I: the project's environment has no such executable
        scripts = re.findall(r"^(\S+)\s*=", py.split("[tool.poetry.scripts]", 1)[1], re.MULTILINE) if "[tool.poetry.scripts]" in py else []
        if argv[1] not in scripts and not shutil.which(argv[1]):
            print(f"Command not found: {argv[1]}", file=sys.stderr)
            return 1
    return 0


def _pkg() -> dict:
    try:
        return json.loads(_read("package.json") or "{}")
    except ValueError:
        return {}


def npm(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    pkg = _pkg()
    if sub in ("install", "i", "add"):
        with open("package-lock.json", "w") as fh:
            json.dump({"name": pkg.get("name", "x"), "lockfileVersion": 3, "packages": {}}, fh)
        print(f"\nadded {len(argv)} packages, and audited 40 packages in 2s")
        return 0
    if sub in ("run", "test", "t"):
        name = "test" if sub in ("test", "t") else (argv[1] if len(argv) > 1 else "")
        if name not in pkg.get("scripts", {}):
            print(f'npm error Missing script: "{name}"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run', file=sys.stderr)
            return 1
        print(f"\n> {pkg.get('name', 'x')} {name}\n> {pkg['scripts'][name]}\n")
        return 0
    return 0


def pnpm(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    pkg = _pkg()
    if sub in ("--filter", "-F") and len(argv) > 2:
        if argv[2] in PNPM_DEP_CMDS:  # set D: `pnpm --filter <pkg> add …` (set C only runs scripts through --filter)
            return _pnpm_deps([d for n, d in _workspace_packages() if argv[1] in (n, "./" + d, d)], argv[2], argv[3:], argv[1])
        return _pnpm_filter(argv[1], argv[2:])
    if sub in ("-r", "--recursive") and len(argv) > 2 and argv[1] in PNPM_DEP_CMDS:  # set D
        return _pnpm_deps([d for _n, d in _workspace_packages()], argv[1], argv[2:], "")
    if sub in ("add", "install", "i", "up", "update"):
        with open("pnpm-lock.yaml", "a") as fh:
            fh.write(f"# {sub} {' '.join(argv[1:])}\n")
        print("Packages: +1\nProgress: resolved 40, reused 40, downloaded 0, added 1, done")
        return 0
    if sub in ("run", "test", "t"):
        name = "test" if sub in ("test", "t") else (argv[1] if len(argv) > 1 else "")
        if name not in pkg.get("scripts", {}):
            print(f"ERR_PNPM_NO_SCRIPT  Missing script: {name}\n\nCommand \"{name}\" not found.", file=sys.stderr)
            return 1
        print(f"\n> {pkg.get('name', 'x')} {name}\n> {pkg['scripts'][name]}\n")
        return 0
    return 0


def yarn(argv: list[str]) -> int:
    pm = _pkg().get("packageManager", "")
    if pm and not pm.startswith("yarn"):
        print(f"Usage Error: This project is configured to use {pm.split('@')[0]} because {os.getcwd()}/package.json "
              f"has a \"packageManager\" field", file=sys.stderr)
        return 1
    if pm.startswith("yarn@") and _vt(pm.split("@")[1])[:1] >= (2,):
        return _yarn_berry(argv)
    with open("yarn.lock", "a") as fh:
        fh.write(f"# {' '.join(argv)}\n")
    print("success Saved lockfile.")
    return 0


def _yarn_berry(argv: list[str]) -> int:
    sub = argv[0] if argv else "install"
    builtin = {"add", "up", "install", "remove", "dedupe", "why", "info", "dlx", "exec", "npm", "plugin", "workspaces",
               "workspace", "set", "config", "constraints", "run", "node", "bin", "pack", "version"}
    if sub not in builtin and sub not in _pkg().get("scripts", {}):
        print(f'Usage Error: Couldn\'t find a script named "{sub}".\n\n$ yarn run [--inspect] [--inspect-brk] '
              "[-T,--top-level] [-B,--binaries-only] [--require #0] <scriptName> ...", file=sys.stderr)
        return 1
    if sub in ("add", "up", "install", "remove", "dedupe"):
        with open("yarn.lock", "a") as fh:
            fh.write(f"# {' '.join(argv)}\n")
        print("\u27a4 YN0000: \u00b7 Yarn 4.5.1\n\u27a4 YN0000: \u250c Resolution step\n\u27a4 YN0000: \u2514 Completed\n"
              "\u27a4 YN0000: \u00b7 Done in 0s 412ms")
        return 0
    return 0


def ruff(argv: list[str]) -> int:
    if argv[:1] == ["format"]:
        print("3 files left unchanged")
        return 0
    print("All checks passed!")
    return 0


def podman(argv: list[str]) -> int:
    if argv[:1] == ["build"]:
        f = argv[argv.index("-f") + 1] if "-f" in argv else None
        if f is None:
            f = "Containerfile" if os.path.exists("Containerfile") else "Dockerfile"
        if not os.path.exists(f):
            print(f"Error: no Containerfile or Dockerfile specified or found in context directory, {os.getcwd()}: no such file or directory", file=sys.stderr)
            return 125
        print("STEP 1/4: FROM python:3.12-slim\nCOMMIT app\nSuccessfully tagged localhost/app:latest")
        return 0
    return 0


def docker(argv: list[str]) -> int:
    if argv[:1] == ["build"]:
        f = argv[argv.index("-f") + 1] if "-f" in argv else "Dockerfile"
        if not os.path.exists(f):
            print(f"ERROR: failed to solve: failed to read dockerfile: open {f}: no such file or directory", file=sys.stderr)
            return 1
        print("#1 [internal] load build definition\n#8 exporting to image\n#8 naming to docker.io/library/app:latest done")
        return 0
    if argv[:1] == ["compose"]:
        return _docker_compose(argv[1:])
    if argv[:1] == ["run"]:
        return _docker_run(argv[1:])
    if argv[:2] == ["volume", "rm"] and os.environ.get("SW_DOCKER_VOLUMES"):  # set H only
        for v in [a for a in argv[2:] if not a.startswith("-")]:
            if v not in _installed("SW_DOCKER_VOLUMES"):
                print(f"Error response from daemon: get {v}: no such volume", file=sys.stderr)
                return 1
            print(v)
        return 0
    return 0


def _docker_compose(argv: list[str]) -> int:
    f = argv[argv.index("-f") + 1] if "-f" in argv else None
    if f is None:
        f = next((c for c in ("compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml") if os.path.exists(c)), None)
        if f is None:
            print("no configuration file provided: not found", file=sys.stderr)
            return 1
    if not os.path.exists(f):
        print(f"open {os.path.join(os.getcwd(), f)}: no such file or directory", file=sys.stderr)
        return 1
    services = re.findall(r"^  ([\w-]+):\s*$", _read(f), re.MULTILINE)
    if any(a in COMPOSE_SERVICE_SUBCOMMANDS for a in argv):  # set D: logs / restart / stop / exec (sets A-C never run these)
        return _compose_service_cmd(argv, f, services)
    rest = [a for a in argv if a not in ("-f", f, "up", "down", "-d", "-v", "--detach")]
    for svc in rest:
        if svc not in services:
            print(f"no such service: {svc}", file=sys.stderr)
            return 1
    for svc in rest or services:
        print(f" \u2714 Container app-{svc}-1  Started")
    return 0


def _docker_run(argv: list[str]) -> int:
    image = next((a for i, a in enumerate(argv) if not a.startswith("-") and (i == 0 or argv[i - 1] not in ("-v", "-w", "-e", "--name"))), "")
    cmd = argv[argv.index(image) + 1:] if image else []
    name, _, tag = image.partition(":")
    if name == "golang" and cmd[:1] == ["go"]:
        m = re.search(r"^go\s+(\d+\.\d+(?:\.\d+)?)\s*$", _read("go.mod"), re.MULTILINE)
        running = {"1.21": "1.21.13", "1.22": "1.22.9", "1.23": "1.23.4", "latest": "1.23.4", "": "1.23.4"}.get(tag.split("-")[0], tag.split("-")[0])
        if m and _vt(running) < _vt(m.group(1)):
            print(f"go: go.mod requires go >= {m.group(1)} (running go {running}; GOTOOLCHAIN=local)", file=sys.stderr)
            return 1
        return 0
    return 0


def buf(argv: list[str]) -> int:
    if argv[:1] == ["generate"]:
        if not os.path.exists("buf.gen.yaml"):
            print("Failure: could not read file buf.gen.yaml: file does not exist", file=sys.stderr)
            return 1
        os.makedirs("gen", exist_ok=True)
        return 0
    return 0


def _sessions_nox() -> list[str]:
    text = _read("noxfile.py")
    names = re.findall(r"@nox\.session(?:\([^)]*name=\"([^\"]+)\"[^)]*\))?[^\n]*\ndef (\w+)", text)
    return [a or b for a, b in names]


def nox(argv: list[str]) -> int:
    if not os.path.exists("noxfile.py"):
        print("nox > Failed to load Noxfile noxfile.py, no such file exists.", file=sys.stderr)
        return 2
    sessions = _sessions_nox()
    want = argv[argv.index("-s") + 1] if "-s" in argv else None
    if want is not None and want not in sessions:
        print(f"nox > Error while collecting sessions.\nnox > Sessions not found: {want}", file=sys.stderr)
        return 1
    for s in ([want] if want else sessions):
        print(f"nox > Running session {s}\nnox > Session {s} was successful.")
    return 0


def tox(argv: list[str]) -> int:
    text = _read("tox.ini")
    envs = set(re.findall(r"^\[testenv:([\w.-]+)\]", text, re.MULTILINE))
    m = re.search(r"^env_?list\s*=\s*(.+)$", text, re.MULTILINE)
    if m:
        envs |= {e.strip() for e in m.group(1).split(",")}
    want = argv[argv.index("-e") + 1] if "-e" in argv else None
    if want and not set(want.split(",")) <= envs:
        print(f"ROOT: HandledError| provided environments not found in configuration file:\n{want}", file=sys.stderr)
        return 254
    print(f"  {want or 'py'}: OK (1.20 seconds)\n  congratulations :)")
    return 0


def gh(argv: list[str]) -> int:
    if os.environ.get("SW_GH_HOSTLESS") and argv[:1] in (["pr"], ["repo"], ["workflow"]):  # set G only
        print("none of the git remotes configured for this repository point to a known GitHub host. To tell gh about "
              "a new GitHub host, please use `gh auth login`", file=sys.stderr)
        return 1
    if argv[:2] == ["pr", "merge"]:  # set E (sets A-D never run `gh pr merge`)
        return _gh_pr_merge(argv)
    if argv[:2] == ["workflow", "run"] and ("-f" in argv or "--field" in argv or "-F" in argv):  # set H (G runs no -f)
        return _gh_workflow_run(argv)
    if argv[:2] == ["pr", "create"]:
        base = argv[argv.index("--base") + 1] if "--base" in argv else None
        remote = os.environ.get("SW_GH_REMOTE", "origin")
        if base:
            out = subprocess.run(["git", "ls-remote", "--heads", remote, base], capture_output=True, text=True, check=False).stdout
            if not out.strip():
                print("pull request create failed: GraphQL: Base ref must be a branch (createPullRequest)", file=sys.stderr)
                return 1
        print("https://github.example/acme/app/pull/42")
        return 0
    return 0


def rustup(argv: list[str]) -> int:
    print(f"info: syncing channel updates for '{argv[-1] if argv else 'stable'}'\ninfo: default toolchain set")
    return 0


def pip(argv: list[str]) -> int:
    if "-r" in argv:
        f = argv[argv.index("-r") + 1]
        if not os.path.exists(f):
            print(f"ERROR: Could not open requirements file: [Errno 2] No such file or directory: '{f}'", file=sys.stderr)
            return 1
    print("Successfully installed 3 packages")
    return 0


def pipenv(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    if sub == "install":
        if not os.path.exists("Pipfile"):
            print("Creating a Pipfile for this project...")
            with open("Pipfile", "w") as fh:
                fh.write('[[source]]\nurl = "https://pypi.org/simple"\nverify_ssl = true\nname = "pypi"\n\n[packages]\n')
        with open("Pipfile", "a") as fh:
            for p in argv[1:]:
                if not p.startswith("-"):
                    fh.write(f'{p} = "*"\n')
        with open("Pipfile.lock", "w") as fh:
            json.dump({"_meta": {"pipfile-spec": 6}, "default": {p: {"version": "==1.0.0"} for p in argv[1:]}}, fh)
        print(f"Installing {' '.join(argv[1:])}...\nAdding {' '.join(argv[1:])} to Pipfile's [packages] ...\n"
              "Pipfile.lock not found, creating...\nLocking [packages] dependencies...\nUpdated Pipfile.lock!")
        return 0
    # set G (sets A-F never run `pipenv run`): a fresh, empty virtualenv
    if sub == "run" and len(argv) > 1 and not os.path.exists("Pipfile"):
        print("Creating a virtualenv for this project\nCreating a Pipfile for this project...")
        with open("Pipfile", "w") as fh:
            fh.write('[[source]]\nurl = "https://pypi.org/simple"\nverify_ssl = true\nname = "pypi"\n\n[packages]\n\n'
                     '[dev-packages]\n')
        print(f"Error: the command {argv[1]} (from {argv[1]}) could not be found within PATH.", file=sys.stderr)
        return 1
    return 0


def bun(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    if sub in ("add", "install", "i", "update"):
        with open("bun.lockb", "ab") as fh:
            fh.write(f"# {' '.join(argv)}\n".encode())
        print(f"bun {sub} v1.1.34\n\ninstalled {' '.join(argv[1:])}\n\n1 package installed [120.00ms]")
        return 0
    return 0


def _py_files() -> int:
    n = 0
    for root, _d, files in os.walk("."):
        if ".git" in root or ".venv" in root:
            continue
        n += sum(f.endswith(".py") for f in files)
    return n


def mypy(argv: list[str]) -> int:
    # without [tool.mypy] / mypy.ini mypy runs with its lenient defaults: untyped code is not checked
    print(f"Success: no issues found in {_py_files()} source files")
    return 0


def pyright(argv: list[str]) -> int:
    print(f"0 errors, 0 warnings, 0 informations \nCompleted in 0.61sec ({_py_files()} files)")
    return 0


def just(argv: list[str]) -> int:
    text = _read("justfile") or _read("Justfile")
    if not text:
        print("error: No justfile found", file=sys.stderr)
        return 1
    recipes = re.findall(r"^([A-Za-z][\w-]*)(?:\s[^:\n]*)?:(?!=)", text, re.MULTILINE)
    want = argv[0] if argv else (recipes[0] if recipes else "")
    if want not in recipes:
        print(f"error: Justfile does not contain recipe `{want}`.", file=sys.stderr)
        return 1
    print(f"running {want}")
    return 0


def pre_commit(argv: list[str]) -> int:
    cfg = _read(".pre-commit-config.yaml")
    if argv[:1] == ["install"]:  # installs the hook whether or not the config exists (the hook then fails at commit)
        hook = os.path.join(".git", "hooks", "pre-commit")
        os.makedirs(os.path.dirname(hook), exist_ok=True)
        with open(hook, "w") as fh:
            fh.write("#!/usr/bin/env bash\n# File generated by pre-commit: https://pre-commit.com\n"
                     "exec pre-commit hook-impl --config=.pre-commit-config.yaml --hook-type=pre-commit\n")
        os.chmod(hook, 0o755)
        print(f"pre-commit installed at {hook}")
        return 0
    if not cfg:
        print("An error has occurred: InvalidConfigError: \n=====> .pre-commit-config.yaml is not a file", file=sys.stderr)
        return 1
    for hid in re.findall(r"-\s+id:\s*([\w-]+)", cfg):
        print(f"{hid:.<70}Passed")
    return 0


# ------------------------------------------------------------------ set C
def _pep517_build(argv: list[str]) -> int:
    py = _read("pyproject.toml")
    if "[build-system]" not in py and not os.path.exists("setup.py"):
        print("ERROR Source . does not appear to be a Python project: no pyproject.toml or setup.py", file=sys.stderr)
        return 1
    name = (re.search(r'^name\s*=\s*"([^"]+)"', py, re.MULTILINE) or re.search(r"(x)", "x")).group(1)
    ver = (re.search(r'^version\s*=\s*"([^"]+)"', py, re.MULTILINE) or re.search(r"(0)", "0")).group(1)
    os.makedirs("dist", exist_ok=True)
    whl = f"{name}-{ver}-py3-none-any.whl"
    with open(os.path.join("dist", whl), "w") as fh:
        fh.write("wheel\n")
    print(f"* Creating isolated environment: venv+pip...\n* Building wheel...\nSuccessfully built {whl}")
    return 0


def _workspace_packages() -> list[tuple[str, str]]:
    globs = re.findall(r"^\s*-\s*['\"]?([\w./-]+)/\*['\"]?\s*$", _read("pnpm-workspace.yaml"), re.MULTILINE)
    out = []
    for g in globs:
        if not os.path.isdir(g):
            continue
        for d in sorted(os.listdir(g)):
            pj = os.path.join(g, d, "package.json")
            if os.path.exists(pj):
                try:
                    out.append((json.loads(_read(pj)).get("name", ""), os.path.join(g, d)))
                except ValueError:
                    pass
    return out


def _pnpm_filter(selector: str, rest: list[str]) -> int:
    matched = [(n, d) for n, d in _workspace_packages() if selector in (n, "./" + d, d)]
    if not matched:  # pnpm exits 0 here unless --fail-if-no-match is given
        print(f'No projects matched the filters in "{os.getcwd()}"')
        return 0
    for n, d in matched:
        scripts = json.loads(_read(os.path.join(d, "package.json"))).get("scripts", {})
        script = rest[1] if rest[:1] == ["run"] and len(rest) > 1 else rest[0]
        if script not in scripts:
            print(f"ERR_PNPM_NO_SCRIPT  Missing script: {script}", file=sys.stderr)
            return 1
        print(f"\n> {n} {script} {os.path.join(os.getcwd(), d)}\n> {scripts[script]}\n")
    return 0


NPM_LATEST = {"jest": "29.7.0", "vitest": "2.1.4", "mocha": "10.8.2"}
NPX_BINS_I = {"changeset": "@changesets/cli", "playwright": "@playwright/test"}  # set I


def npx(argv: list[str]) -> int:
    args = [a for a in argv if a not in ("--yes", "-y")]
    name = args[0] if args else ""
    pkg = _pkg()
    deps = {**pkg.get("dependencies", {}), **pkg.get("devDependencies", {})}
    if NPX_BINS_I.get(name) in deps:  # set I: an executable shipped by a package of another name
        print(f"{name}: done")
        return 0
    tests = []
    for root, _d, files in os.walk("."):
        if ".git" in root or "node_modules" in root:
            continue
        tests += [os.path.join(root, f) for f in files if re.search(r"\.test\.[cm]?[jt]s$", f)]
    if name not in deps:
        # npm >= 7: without a TTY, --yes is assumed and the package is fetched from the registry
        print(f"npm warn exec The following package was not found and will be installed: {name}@{NPM_LATEST.get(name, '1.0.0')}",
              file=sys.stderr)
        if name == "jest" and any("from 'vitest'" in _read(t) or 'from "vitest"' in _read(t) for t in tests):
            for t in tests:
                print(f" FAIL  {t[2:]}\n  \u25cf Test suite failed to run\n\n    Jest encountered an unexpected token\n\n"
                      "    SyntaxError: Cannot use import statement outside a module", file=sys.stderr)
            print(f"\nTest Suites: {len(tests)} failed, {len(tests)} total", file=sys.stderr)
            return 1
        if name == "ts-node" and pkg.get("type") == "module":  # set H: ts-node's CommonJS loader on an ESM package
            script = next((a for a in args[1:] if a.endswith(".ts")), "index.ts")
            print(f'TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for {os.path.join(os.getcwd(), script)}\n'
                  "    at Object.getFileProtocolModuleFormat [as file:] (node:internal/modules/esm/get_format:218:9)", file=sys.stderr)
            return 1
        if name not in NPM_LATEST:
            print("npm error could not determine executable to run", file=sys.stderr)
            return 1
    if name in ("jest", "vitest", "mocha"):
        if name == "vitest" and "run" not in args[1:]:
            print(" DEV  v2.1.4\n\n \u2713 tests passed\n\n Waiting for file changes...")  # watch mode never exits
            return 130
        print(f" \u2713 {len(tests)} test files passed ({len(tests)})\n   Tests  {len(tests)} passed")
        return 0
    print(f"{name}: done")
    return 0


def mvn(argv: list[str]) -> int:
    if not os.path.exists("pom.xml"):
        print("[ERROR] The goal you specified requires a project to execute but there is no POM in this directory "
              f"({os.getcwd()}). Please verify you invoked Maven from the correct directory. -> [Help 1]")
        return 1
    print("[INFO] BUILD SUCCESS")
    return 0


def tfenv(argv: list[str]) -> int:
    sub, rest = (argv[0] if argv else ""), argv[1:]
    ver = rest[0] if rest else _read(".terraform-version").strip()
    if sub == "install":
        if not ver:
            print("No version specified and no .terraform-version file found", file=sys.stderr)
            return 1
        print(f"Installing Terraform v{ver}\nDownloading release tarball from https://releases.hashicorp.com/terraform/{ver}/"
              f"terraform_{ver}_linux_amd64.zip\nInstallation of terraform v{ver} successful.")
        return 0
    if sub == "use":
        print(f"Switching default version to v{ver}...")
        return 0
    return 0


def corepack(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    pkg = _pkg()
    if sub == "use" and len(argv) > 1:
        spec = argv[1]
        tool, _, ver = spec.partition("@")
        full = {"8": "8.15.9", "9": "9.12.3"}.get(ver, ver) if tool == "pnpm" else ver
        pkg["packageManager"] = f"{tool}@{full}"
        with open("package.json", "w") as fh:
            json.dump(pkg, fh, indent=2)
            fh.write("\n")
        if tool == "pnpm" and os.path.exists("pnpm-lock.yaml"):
            with open("pnpm-lock.yaml", "w") as fh:
                fh.write(f"lockfileVersion: '{'6.0' if _vt(full)[:1] < (9,) else '9.0'}'\n")
        print(f"Installing {tool}@{full} in the project...\n\nLockfile is up to date, resolution step is skipped\nDone")
        return 0
    if sub in ("install", "enable"):
        pm = pkg.get("packageManager", "")
        if sub == "install" and not pm:
            print("Usage Error: No package manager pinned; use corepack use", file=sys.stderr)
            return 1
        print(f"Adding {pm} to the cache..." if sub == "install" else "")
        return 0
    return 0


def lefthook(argv: list[str]) -> int:
    cfg = next((c for c in ("lefthook.yml", "lefthook.yaml", ".lefthook.yml") if os.path.exists(c)), None)
    if argv[:1] == ["install"]:
        if cfg is None:
            print("Error: no lefthook config found (lefthook.yml)", file=sys.stderr)
            return 1
        hooks = re.findall(r"^([a-z-]+):\s*$", _read(cfg), re.MULTILINE)
        for h in hooks:
            path = os.path.join(".git", "hooks", h)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as fh:
                fh.write(f"#!/bin/sh\n# installed by lefthook\nexec lefthook run \"{h}\" \"$@\"\n")
            os.chmod(path, 0o755)
        print(f"sync hooks: \u2714\ufe0f ({', '.join(hooks)})")
        return 0
    return 0


def cargo(argv: list[str]) -> int:
    if argv[:1] in (["make"], ["xtask"]):  # set K only (sets A-J never run `cargo make` / `cargo xtask`)
        return _cargo_k(argv)
    members = re.findall(r'"([\w./-]+)"', (re.search(r"members\s*=\s*\[([^\]]*)\]", _read("Cargo.toml")) or re.search("()", "")).group(1))
    names = []
    for m in members:
        mm = re.search(r'^name\s*=\s*"([^"]+)"', _read(os.path.join(m, "Cargo.toml")), re.MULTILINE)
        if mm:
            names.append(mm.group(1))
    feats = next((argv[i + 1] for i, a in enumerate(argv) if a in ("--features", "-F") and i + 1 < len(argv)), None)
    if feats is not None:  # set H (sets A-G never pass --features): the root package's [features] table
        text = _read("Cargo.toml")
        pkg = (re.search(r'^name\s*=\s*"([^"]+)"', text, re.MULTILINE) or re.search("(x)", "x")).group(1)
        table = (re.search(r"^\[features\]\s*\n((?:[^\[].*\n?)*)", text, re.MULTILINE) or re.search("()", "")).group(1)
        known = set(re.findall(r"^([\w-]+)\s*=", table, re.MULTILINE))
        for f in re.split(r"[,\s]+", feats.strip()):
            if f and f not in known:
                print(f"error: the package '{pkg}' does not contain this feature: {f}", file=sys.stderr)
                return 101
        print(f"   Compiling {pkg} v0.9.0 ({os.getcwd()})\n    Finished `release` profile [optimized] target(s) in 41.2s")
        return 0
    if "-p" in argv:
        want = argv[argv.index("-p") + 1]
        if want not in names:
            print(f"error: package ID specification `{want}` did not match any packages", file=sys.stderr)
            return 101
        names = [want]
    if argv[:1] == ["test"]:
        for n in names:
            print(f"   Compiling {n} v0.5.0\n     Running unittests src/lib.rs\n\ntest result: ok. 3 passed; 0 failed")
        return 0
    return 0


# ------------------------------------------------------------------ set D
COMPOSE_SERVICE_SUBCOMMANDS = ("logs", "restart", "stop", "start", "exec")
PNPM_DEP_CMDS = ("add", "up", "update", "remove")


def _compose_service_cmd(argv: list[str], f: str, services: list[str]) -> int:
    i = next(i for i, a in enumerate(argv) if a in COMPOSE_SERVICE_SUBCOMMANDS)
    sub, rest = argv[i], argv[i + 1:]
    names, k = [], 0
    while k < len(rest):
        a = rest[k]
        if a in ("--tail", "-n", "-u", "--user", "-w", "--workdir", "-e", "--env", "-t", "--timeout"):
            k += 2
            continue
        if a.startswith("-"):
            k += 1
            continue
        names.append(a)
        if sub == "exec":  # the rest is the command run in the container
            break
        k += 1
    for svc in names:
        if svc not in services:
            print(f"no such service: {svc}", file=sys.stderr)
            return 1
    targets = names or services
    if sub == "logs":
        for svc in targets:
            print(f"{svc}-1  | LOG:  database system is ready to accept connections")
    elif sub == "exec":
        if not names:
            print("service name required", file=sys.stderr)
            return 1
        print(" ?column? \n----------\n        1\n(1 row)\n")
    else:
        verb = {"restart": "Restarted", "stop": "Stopped", "start": "Started"}[sub]
        for svc in targets:
            print(f" \u2714 Container app-{svc}-1  {verb}")
    return 0


def _dep_spec(spec: str) -> tuple[str, str]:
    if spec.startswith("@"):
        name, _, ver = spec[1:].partition("@")
        name = "@" + name
    else:
        name, _, ver = spec.partition("@")
    if not ver or ver == "latest":
        ver = "1.0.0"
    if re.fullmatch(r"\d+", ver):
        ver = f"{ver}.0.0"
    return name, ver if ver[:1] in "^~<>=" else "^" + ver


def _pnpm_deps(dirs: list[str], sub: str, specs: list[str], selector: str) -> int:
    if not dirs:
        print(f'No projects matched the filters in "{os.getcwd()}"' if selector else "No projects found", flush=True)
        return 0
    specs = [s for s in specs if not s.startswith("-")]
    for d in dirs:
        pj = os.path.join(d, "package.json")
        pkg = json.loads(_read(pj) or "{}")
        for spec in specs:
            name, ver = _dep_spec(spec)
            section = "devDependencies" if name in pkg.get("devDependencies", {}) else "dependencies"
            if sub == "remove":
                pkg.get(section, {}).pop(name, None)
            elif sub == "add" or name in pkg.get(section, {}):
                pkg.setdefault(section, {})[name] = ver
        with open(pj, "w") as fh:
            json.dump(pkg, fh, indent=2)
            fh.write("\n")
        print(f"{d}:\n{'-' if sub == 'remove' else '+'} " + " ".join(specs))
    with open("pnpm-lock.yaml", "a") as fh:
        fh.write(f"# {sub} {' '.join(specs)} in {', '.join(dirs)}\n")
    print("Progress: resolved 212, reused 204, downloaded 8, added 8, done")
    return 0


GEM_OF_EXECUTABLE = {"rspec": "rspec", "rake": "rake", "rails": "rails", "rubocop": "rubocop", "standardrb": "standard"}


def _ruby_files(top: str, suffix: str) -> list[str]:
    out = []
    for root, _d, files in os.walk(top):
        out += [os.path.join(root, f) for f in files if f.endswith(suffix)]
    return sorted(out)


def _rake(args: list[str]) -> int:
    text = next((_read(f) for f in ("Rakefile", "rakefile", "Rakefile.rb") if os.path.exists(f)), "")
    if not text:
        print("rake aborted!\nNo Rakefile found (looking for: rakefile, Rakefile, rakefile.rb, Rakefile.rb)", file=sys.stderr)
        return 1
    tasks = set(re.findall(r"^\s*task\s+:?([\w:]+)", text, re.MULTILINE))
    tasks |= {m or "test" for m in re.findall(r"Rake::TestTask\.new(?:\(:(\w+)\))?", text)}
    want = next((a for a in args if not a.startswith("-")), "default")
    if want not in tasks:
        print(f"rake aborted!\nDon't know how to build task '{want}' (See the list of available tasks with `rake --tasks`)",
              file=sys.stderr)
        return 1
    m = re.search(r"^\s*task\s+default:\s*:?(\w+)", text, re.MULTILINE)
    if want == "default" and m:
        want = m.group(1)
    if want == "test":
        n = sum(len(re.findall(r"^\s*def test_\w+", _read(f), re.MULTILINE)) for f in _ruby_files("test", "_test.rb"))
        print(f"Run options: --seed 4242\n\n# Running:\n\n{'.' * n}\n\nFinished in 0.004211s, {n / 0.004211:.1f} runs/s\n\n"
              f"{n} runs, {n} assertions, 0 failures, 0 errors, 0 skips")
    return 0


def bundle(argv: list[str]) -> int:
    gemfile = _read("Gemfile")
    if not gemfile:
        print("Could not locate Gemfile", file=sys.stderr)
        return 10
    gems = set(re.findall(r"""^\s*gem\s+["']([\w-]+)["']""", gemfile, re.MULTILINE))
    sub = argv[0] if argv else "install"
    if sub == "install":
        print(f"Bundle complete! {len(gems)} Gemfile dependencies, {len(gems) + 9} gems now installed.\n"
              "Use `bundle info [gemname]` to see where a bundled gem is installed.")
        return 0
    if sub == "exec":
        exe = argv[1] if len(argv) > 1 else ""
        if GEM_OF_EXECUTABLE.get(exe, exe) not in gems:
            print(f"bundler: command not found: {exe}\nInstall missing gem executables with `bundle install`", file=sys.stderr)
            return 127
        if exe == "rake":
            return _rake(argv[2:])
        if exe == "rspec":
            n = sum(len(re.findall(r"""^\s*it\s+["']""", _read(f), re.MULTILINE)) for f in _ruby_files("spec", "_spec.rb"))
            print(f"{'.' * n}\n\nFinished in 0.00312 seconds (files took 0.0812 seconds to load)\n{n} examples, 0 failures"
                  if n else "No examples found.\n\nFinished in 0.00012 seconds (files took 0.0612 seconds to load)\n0 examples, 0 failures")
        return 0
    return 0


DOTNET_FRAMEWORKS = {"8": ["net8.0", "net7.0", "net6.0", "netstandard2.1", "netstandard2.0"],
                     "9": ["net9.0", "net8.0", "net7.0", "net6.0", "netstandard2.1", "netstandard2.0"]}


def dotnet(argv: list[str]) -> int:
    try:
        sdk = json.loads(_read("global.json") or "{}").get("sdk", {}).get("version", "8.0.404")
    except ValueError:
        sdk = "8.0.404"
    major = sdk.split(".")[0]
    if argv[:1] == ["--version"]:
        print(sdk)
        return 0
    if argv[:1] == ["new"] and len(argv) > 1:
        opts: dict[str, str] = {}
        k = 2
        while k < len(argv):
            if argv[k] in ("-n", "--name", "-o", "--output", "-f", "--framework") and k + 1 < len(argv):
                opts[argv[k].lstrip("-")[0]] = argv[k + 1]
                k += 2
            else:
                k += 1
        name = opts.get("n") or os.path.basename(os.getcwd())
        out = opts.get("o", ".")
        fw = opts.get("f", f"net{major}.0")
        allowed = DOTNET_FRAMEWORKS.get(major, [f"net{major}.0"])
        if fw not in allowed:
            print(f"Error: Invalid option(s):\n--framework {fw}\n   '{fw}' is not a valid value for --framework. "
                  f"The possible values are:\n" + "".join(f"      {a}\n" for a in allowed), file=sys.stderr)
            return 127
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, f"{name}.csproj"), "w") as fh:
            fh.write(f'<Project Sdk="Microsoft.NET.Sdk">\n\n  <PropertyGroup>\n    <TargetFramework>{fw}</TargetFramework>\n'
                     "    <ImplicitUsings>enable</ImplicitUsings>\n    <Nullable>enable</Nullable>\n  </PropertyGroup>\n\n</Project>\n")
        with open(os.path.join(out, "Class1.cs"), "w") as fh:
            fh.write(f"namespace {name};\n\npublic class Class1\n{{\n\n}}\n")
        print(f'The template "Class Library" was created successfully.\n\nProcessing post-creation actions...\n'
              f"Restoring {os.path.join(out, name + '.csproj')}:\nRestore succeeded.")
        return 0
    if argv[:1] in (["build"], ["test"], ["restore"]):
        print("Build succeeded.\n    0 Warning(s)\n    0 Error(s)")
        return 0
    return 0


def conda(argv: list[str]) -> int:
    envs = _installed("SW_CONDA_ENVS") or ["base"]
    if argv[:2] in (["env", "list"], ["info", "--envs"]):
        print("# conda environments:\n#\n" + "".join(f"{e:<24}/opt/conda{'' if e == 'base' else '/envs/' + e}\n" for e in envs))
        return 0
    if argv[:1] == ["run"]:
        args = argv[1:]
        name = "base"
        for flag in ("-n", "--name"):
            if flag in args:
                name = args[args.index(flag) + 1]
                args = args[:args.index(flag)] + args[args.index(flag) + 2:]
        cmd = [a for a in args if a not in ("--no-capture-output", "--live-stream")]
        if name not in envs:
            print(f"\nEnvironmentLocationNotFound: Not a conda environment: /opt/conda/envs/{name}\n", file=sys.stderr)
            return 1
        m = re.search(r"py3(\d+)", name)
        py = f"3.{m.group(1)}" if m else "3.12"
        if cmd[:1] == ["pytest"] or cmd[:3] == ["python", "-m", "pytest"]:
            if name == "base":
                print("ImportError while loading conftest '/work/tests/conftest.py'.\ntests/conftest.py:1: in <module>\n"
                      "    import pandas as pd\nE   ModuleNotFoundError: No module named 'pandas'", file=sys.stderr)
                return 4
            n = _pytest_count()
            print(f"============================= test session starts ==============================\n"
                  f"platform linux -- Python {py}.14, pytest-8.3.3, pluggy-1.5.0\ncollected {n} items\n\n"
                  f"tests {'.' * n} [100%]\n\n============================== {n} passed in 0.41s ==============================")
            return 0
        return 0
    if argv[:2] == ["env", "update"]:  # set H (sets A-G never run `conda env update`)
        f = next((argv[i + 1] for i, a in enumerate(argv) if a in ("-f", "--file") and i + 1 < len(argv)), "environment.yml")
        if not os.path.exists(f):
            print(f"\nEnvironmentFileNotFound: '{os.path.join(os.getcwd(), f)}' file not found\n", file=sys.stderr)
            return 1
        print("Collecting package metadata (repodata.json): done\nSolving environment: done\n#\n# To activate this environment, use\n#")
        return 0
    if argv[:2] == ["env", "create"]:
        m = re.search(r"^name:\s*(\S+)", _read("environment.yml"), re.MULTILINE)
        print(f"\n#\n# To activate this environment, use\n#\n#     $ conda activate {m.group(1) if m else 'env'}\n#")
        return 0
    return 0


def _go_modules() -> tuple[bool, list[str]]:
    """(workspace mode, module directories relative to the cwd, '.' for the root module)."""
    work = _read("go.work")
    if work:
        uses = re.findall(r"^\s*(?:use\s+)?(\./[\w./-]*|\.)\s*$", work, re.MULTILINE)
        return True, [os.path.normpath(u) for u in uses]
    return False, (["."] if os.path.exists("go.mod") else [])


def go(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    if sub not in ("test", "build", "vet"):
        return 0
    workspace, mods = _go_modules()
    if not mods:
        print("go: go.mod file not found in current directory or any parent directory; see 'go help modules'", file=sys.stderr)
        return 1
    pats = [a for a in argv[1:] if not a.startswith("-")] or ["."]
    pkgs: list[str] = []
    for pat in pats:
        recursive = pat.endswith("/...") or pat == "..."
        base = os.path.normpath(pat.removesuffix("/..."))
        owner = next((m for m in mods if m == "." or base == m or base.startswith(m + "/")), None)
        if owner is None:
            where = "does not contain modules listed in go.work or their selected dependencies" if workspace else \
                "outside main module or its selected dependencies"
            print(f"pattern {pat}: directory prefix {base} {where}", file=sys.stderr)
            return 1
        for root, _d, files in os.walk(base):
            if ".git" in root or (not recursive and root != base):
                continue
            if any(f.endswith(".go") for f in files):
                pkgs.append(os.path.normpath(root))
    if sub == "test":  # go build / go vet print nothing on success
        for p in sorted(set(pkgs)):
            print(f"ok  \texample.com/acme/{p}\t0.01{len(p) % 9}s")
    return 0


def composer(argv: list[str]) -> int:
    try:
        cj = json.loads(_read("composer.json") or "null")
    except ValueError:
        cj = None
    if cj is None:
        print(f"Composer could not find a composer.json file in {os.getcwd()}", file=sys.stderr)
        return 1
    sub = argv[0] if argv else "list"
    name = argv[1] if sub in ("run", "run-script") and len(argv) > 1 else sub
    if name in ("install", "update", "require", "dump-autoload"):
        print("Generating optimized autoload files\nNo security vulnerability advisories found.")
        return 0
    scripts = cj.get("scripts", {})
    if name not in scripts:
        print(f'\n  Command "{name}" is not defined.\n', file=sys.stderr)
        return 1
    cmds = scripts[name] if isinstance(scripts[name], list) else [scripts[name]]
    env = {**os.environ, "PATH": os.path.join(os.getcwd(), "vendor", "bin") + os.pathsep + os.environ.get("PATH", "")}
    for c in cmds:
        print(f"> {c}", flush=True)
        rc = subprocess.call(["sh", "-c", c], env=env)
        if rc:
            print(f"Script {c} handling the {name} event returned with error code {rc}", file=sys.stderr)
            return rc
    return 0


def terraform(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("-chdir=")]
    sub = args[0] if args else ""
    tf = [f for f in sorted(os.listdir(".")) if f.endswith(".tf")]
    enc = next((f for f in tf if re.search(r"^\s*encryption\s*\{", _read(f), re.MULTILINE)), None)
    if enc and sub not in ("version", "fmt", "-version"):  # set I: state encryption is OpenTofu-only syntax
        line = next(i for i, ln in enumerate(_read(enc).splitlines(), 1) if re.match(r"^\s*encryption\s*\{", ln))
        print(f"\u2577\n\u2502 Error: Unsupported block type\n\u2502\n\u2502   on {enc} line {line}, in terraform:\n"
              f"\u2502   {line}:   encryption {{\n\u2502\n\u2502 Blocks of type \"encryption\" are not expected here.\n\u2575",
              file=sys.stderr)
        return 1
    if sub == "init":
        print("Terraform has been successfully initialized!")
        return 0
    if sub == "plan":
        print("Terraform will perform the following actions:\n\n  # aws_route53_record.status will be created\n"
              "  + resource \"aws_route53_record\" \"status\" {\n      + name = \"status.acme.example\"\n    }\n\n"
              "Plan: 1 to add, 0 to change, 0 to destroy.")
        return 0
    if sub == "workspace":  # set G: workspaces from SW_TF_WORKSPACES (the backend's state prefixes)
        spaces = _installed("SW_TF_WORKSPACES") or ["default"]
        verb = args[1] if len(args) > 1 else ""
        if verb == "list":
            print("\n".join(("* " if i == 0 else "  ") + w for i, w in enumerate(spaces)))
            return 0
        if verb == "select":
            name = next((a for a in args[2:] if not a.startswith("-")), "")
            if name not in spaces:
                print(f"\nWorkspace \"{name}\" doesn't exist.\n\nYou can create this workspace with the \"new\" subcommand \n"
                      "or include the \"-or-create\" flag with the \"select\" subcommand.", file=sys.stderr)
                return 1
            print(f'Switched to workspace "{name}".')
            return 0
        return 0
    if sub == "apply":
        print("aws_route53_record.status: Creating...\naws_route53_record.status: Creation complete after 41s\n\n"
              "Apply complete! Resources: 1 added, 0 changed, 0 destroyed.")
        return 0
    return 0


# ------------------------------------------------------------------ set E
def _kv_lines(path: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for ln in _read(path).splitlines():
        parts = ln.split()
        if len(parts) >= 2 and not ln.lstrip().startswith("#"):
            out[parts[0]] = parts[1]
    return out


def asdf(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    pins = _kv_lines(".tool-versions")
    if sub == "install":
        todo = [(argv[1], argv[2])] if len(argv) >= 3 else list(pins.items())
        if not todo:
            print("No versions specified and none found in .tool-versions", file=sys.stderr)
            return 1
        for plugin, ver in todo:
            print(f"Downloading {plugin} {ver}...\n{plugin} {ver} installation was successful!")
        return 0
    if sub == "current":
        for plugin, ver in pins.items():
            print(f"{plugin:<12}{ver:<14}{os.getcwd()}/.tool-versions")
        return 0
    return 0


def bazel(argv: list[str]) -> int:
    if not (os.path.exists("MODULE.bazel") or os.path.exists("WORKSPACE") or os.path.exists("WORKSPACE.bazel")):
        print("ERROR: The 'test' command is only supported from within a workspace (below a directory having a "
              "MODULE.bazel file).", file=sys.stderr)
        return 2
    sub = argv[0] if argv else ""
    tests = []
    for root, _d, files in os.walk("."):
        if ".git" in root:
            continue
        for f in files:
            if f in ("BUILD", "BUILD.bazel"):
                pkg = root[2:] if root != "." else ""
                tests += [f"//{pkg}:{n}" for n in re.findall(r'(?:cc|py|java|go)_test\(\s*name\s*=\s*"([^"]+)"',
                                                              _read(os.path.join(root, f)))]
    if sub == "test":
        for t in sorted(tests):
            print(f"{t:<50}PASSED in 0.2s")
        print(f"\nExecuted {len(tests)} out of {len(tests)} tests: {len(tests)} tests pass.")
        return 0 if tests else 4
    if sub == "build":
        print("INFO: Build completed successfully")
        return 0
    return 0


def nix_shell(argv: list[str]) -> int:
    if not (os.path.exists("shell.nix") or os.path.exists("default.nix")):
        print(f"error: getting status of '{os.getcwd()}/default.nix': No such file or directory", file=sys.stderr)
        return 1
    if "--run" in argv:
        return subprocess.call(["bash", "-c", argv[argv.index("--run") + 1]])
    return 0


def nix(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    if sub in ("develop", "build", "flake", "run"):
        if not os.path.exists("flake.nix"):
            print(f"error: path '{os.getcwd()}' does not contain a 'flake.nix', searching up", file=sys.stderr)
            return 1
        if sub == "develop" and ("--command" in argv or "-c" in argv):
            i = argv.index("--command") if "--command" in argv else argv.index("-c")
            return subprocess.call(argv[i + 1:])
    return 0


def gradle(argv: list[str]) -> int:
    kts = _read("build.gradle.kts") + _read("build.gradle")
    name = (re.search(r'rootProject\.name\s*=\s*"([^"]+)"', _read("settings.gradle.kts")) or re.search(r"(x)", "x")).group(1)
    tasks = {"build", "test", "check", "assemble", "clean", "tasks", "dependencies"}
    if "org.jlleitschuh.gradle.ktlint" in kts:
        tasks |= {"ktlintCheck", "ktlintFormat"}
    if "com.diffplug.spotless" in kts:
        tasks |= {"spotlessCheck", "spotlessApply"}
    if "io.gitlab.arturbosch.detekt" in kts:
        tasks |= {"detekt"}
    for t in [a for a in argv if not a.startswith("-")]:
        if t.lstrip(":") not in tasks:
            print(f"\nFAILURE: Build failed with an exception.\n\n* What went wrong:\nTask '{t}' not found in root project "
                  f"'{name}'.\n\n* Try:\n> Run gradlew tasks to get a list of available tasks.\n> Run with --stacktrace "
                  "option to get the stack trace.\n\nBUILD FAILED in 1s", file=sys.stderr)
            return 1
        print(f"> Task :{t.lstrip(':')}")
    print("\nBUILD SUCCESSFUL in 2s")
    return 0


def turbo(argv: list[str]) -> int:
    if not argv or argv[0] != "run":
        return 0
    cfg = {}
    try:
        cfg = json.loads(_read("turbo.json") or "{}")
    except ValueError:
        pass
    known = set(cfg.get("tasks", cfg.get("pipeline", {})))
    for t in [a for a in argv[1:] if not a.startswith("-")]:
        if t not in known:
            print(f"  x Could not find task `{t}` in project", file=sys.stderr)
            return 1
        for pkg in _workspace_packages():
            if t in (json.loads(_read(os.path.join(pkg[1], "package.json")) or "{}").get("scripts") or {}):
                print(f"{pkg[0]}:{t}: cache miss, executing\n{pkg[0]}:{t}: done")
    print("\n Tasks:    3 successful, 3 total\nCached:    0 cached, 3 total\n  Time:    1.2s")
    return 0


def pod(argv: list[str]) -> int:
    if not os.path.exists("Podfile"):
        print("[!] No `Podfile' found in the project directory.", file=sys.stderr)
        return 1
    print("Analyzing dependencies\nDownloading dependencies\nPod installation complete!")
    return 0


def swift(argv: list[str]) -> int:
    if not os.path.exists("Package.swift"):
        print("error: Could not find Package.swift in this directory or any of its parent directories.", file=sys.stderr)
        return 1
    if argv[:2] == ["package", "resolve"]:
        for url in re.findall(r'url:\s*"([^"]+)"', _read("Package.swift")):
            print(f"Fetching {url}\nFetched {url} from cache (0.42s)")
        return 0
    if argv[:1] in (["build"], ["test"]):
        print("Build complete! (3.10s)")
        return 0
    return 0


def deno(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    cfg_path = "deno.json" if os.path.exists("deno.json") else "deno.jsonc"
    try:
        cfg = json.loads(_read(cfg_path) or "{}")
    except ValueError:
        cfg = {}
    if sub == "task":
        name = argv[1] if len(argv) > 1 else ""
        tasks = cfg.get("tasks", {})
        if name not in tasks:
            print(f"error: Task not found: {name}\nAvailable tasks:\n" + "".join(f"- {t}\n" for t in tasks), file=sys.stderr)
            return 1
        print(f"Task {name} {tasks[name]}\nok | 4 passed | 0 failed (120ms)")
        return 0
    return 0


def _nx_projects() -> dict[str, dict]:
    out = {}
    for root, _d, files in os.walk("."):
        if ".git" in root or "node_modules" in root:
            continue
        if "project.json" in files:
            try:
                p = json.loads(_read(os.path.join(root, "project.json")))
            except ValueError:
                continue
            out[p.get("name", os.path.basename(root))] = p
    return out


def nx(argv: list[str]) -> int:
    projects = _nx_projects()
    if len(argv) >= 2 and argv[0] in ("build", "test", "lint", "serve"):
        target, proj = argv[0], argv[1]
    elif len(argv) >= 2 and argv[0] == "run" and ":" in argv[1]:
        proj, target = argv[1].split(":", 1)
    else:
        return 0
    if proj not in projects:
        print(f"\n NX   Cannot find project '{proj}'\n", file=sys.stderr)
        return 1
    if target not in projects[proj].get("targets", {}):
        print(f"\n NX   Cannot find configuration for task {proj}:{target}\n", file=sys.stderr)
        return 1
    print(f"\n > nx run {proj}:{target}\n\n NX   Successfully ran target {target} for project {proj}")
    return 0


def psql(argv: list[str]) -> int:
    if "-f" in argv and not os.path.exists(argv[argv.index("-f") + 1]):
        print(f"psql: error: {argv[argv.index('-f') + 1]}: No such file or directory", file=sys.stderr)
        return 1
    print("                                 QUERY PLAN\n"
          "--------------------------------------------------------------------------------\n"
          " Index Scan using orders_customer_id_idx on orders  (actual time=0.021..0.311 rows=42 loops=1)\n"
          " Planning Time: 0.102 ms\n Execution Time: 0.355 ms\n(3 rows)")
    return 0


def dvc(argv: list[str]) -> int:
    sub = argv[0] if argv else ""
    if not os.path.isdir(".dvc"):
        print("ERROR: you are not inside of a DVC repository (checked up to mount point '/')", file=sys.stderr)
        return 253
    if sub == "add":
        for p in argv[1:]:
            if p.startswith("-"):
                continue
            with open(p + ".dvc", "w") as fh:
                fh.write(f"outs:\n- md5: 5d41402abc4b2a76b9719d911017c592\n  size: {os.path.getsize(p)}\n  path: "
                         f"{os.path.basename(p)}\n")
            gi = os.path.join(os.path.dirname(p) or ".", ".gitignore")
            with open(gi, "a") as fh:
                fh.write(f"/{os.path.basename(p)}\n")
            print(f"\nTo track the changes with git, run:\n\n\tgit add {p}.dvc {gi}")
        return 0
    if sub == "push":
        print("1 file pushed")
        return 0
    return 0


def _gh_pr_merge(argv: list[str]) -> int:
    settings = _read(".github/settings.yml")
    keys = {"merge": "allow_merge_commit", "squash": "allow_squash_merge", "rebase": "allow_rebase_merge"}
    allowed = {m: not re.search(rf"{k}:\s*false", settings) for m, k in keys.items()}
    method = next((m for m in ("merge", "squash", "rebase") if f"--{m}" in argv), None)
    num0 = next((a for a in argv[2:] if a.isdigit()), "42")
    if os.environ.get("SW_GH_MERGE_RESTRICTED"):  # set J only: pushes to the base branch restricted to the merge-queue app
        print("GraphQL: You're not authorized to push to this branch. Visit https://docs.github.com/repositories/configuring-"
              "branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches for more "
              "information. (mergePullRequest)", file=sys.stderr)
        return 1
    if os.environ.get("SW_GH_REQUIRED_CHECKS") and method and "--admin" not in argv:  # set H only: required checks pending
        if "--auto" in argv:
            print(f"\u2713 Pull request acme/app#{num0} will be automatically merged via {method} when all requirements are met")
            return 0
        print(f"X Pull request acme/app#{num0} is not mergeable: the base branch policy prohibits the merge.\n"
              "To have the pull request merged after all the requirements have been met, add the `--auto` flag.\n"
              "To use administrator privileges to immediately merge the pull request, add the `--admin` flag.", file=sys.stderr)
        return 1
    if method is None:
        print("--merge, --rebase, or --squash required when not running interactively", file=sys.stderr)
        return 1
    if not allowed[method]:
        what = {"merge": "Merge commits are", "squash": "Squash merges are", "rebase": "Rebase merges are"}[method]
        print(f"GraphQL: {what} not allowed on this repository. (mergePullRequest)", file=sys.stderr)
        return 1
    num = next((a for a in argv[2:] if a.isdigit()), "42")
    print(f"✓ {'Squashed and merged' if method == 'squash' else 'Merged' if method == 'merge' else 'Rebased and merged'} "
          f"pull request acme/app#{num}")
    return 0


def _gh_workflow_run(argv: list[str]) -> int:
    """Set H: ``gh workflow run FILE [--ref R] -f name=value``; a ``choice`` input's value must be one of its options."""
    wf = argv[2] if len(argv) > 2 else ""
    text = _read(os.path.join(".github", "workflows", wf))
    if not text:
        print(f"could not find any workflows named {wf}", file=sys.stderr)
        return 1
    fields = [argv[i + 1] for i, a in enumerate(argv) if a in ("-f", "--field", "-F") and i + 1 < len(argv)]
    for fld in fields:
        key, _, val = fld.partition("=")
        m = re.search(rf"^(\s+){re.escape(key)}:\s*\n((?:\1\s+.*\n?)*)", text, re.MULTILINE)
        opts = re.search(r"options:\s*\[([^\]]*)\]", m.group(2)) if m else None
        if opts and val not in [o.strip().strip("'\"") for o in opts.group(1).split(",")]:
            print(f"could not create workflow dispatch event: HTTP 422: Provided value '{val}' for input '{key}' not in the list "
                  f"of allowed values (https://api.github.com/repos/acme/app/actions/workflows/{wf}/dispatches)", file=sys.stderr)
            return 1
    ref = argv[argv.index("--ref") + 1] if "--ref" in argv else "main"
    print(f"\u2713 Created workflow_dispatch event for {wf} at {ref}")
    return 0


def generic(tool: str, argv: list[str]) -> int:
    print(f"{tool}: done")
    return 0


# ------------------------------------------------------------------ set F
def cmake(argv: list[str]) -> int:
    """``cmake --preset NAME`` / ``cmake --build --preset NAME`` / ``ctest``-like ``cmake --workflow``: presets
    come from CMakePresets.json (configurePresets / buildPresets / testPresets)."""
    try:
        presets = json.loads(_read("CMakePresets.json") or "{}")
    except ValueError:
        presets = {}
    name = next((a.split("=", 1)[1] for a in argv if a.startswith("--preset=")), None)
    if name is None and "--preset" in argv and argv.index("--preset") + 1 < len(argv):
        name = argv[argv.index("--preset") + 1]
    if name is None:
        print("-- Configuring done\n-- Generating done")
        return 0
    kind = "buildPresets" if "--build" in argv else "configurePresets"
    names = [x.get("name") for x in presets.get(kind, [])]
    if name not in names:
        if "--build" in argv:
            print(f"No such build preset in {os.getcwd()}: \"{name}\"", file=sys.stderr)
        else:
            print(f"CMake Error: No such preset in {os.getcwd()}: \"{name}\"", file=sys.stderr)
        return 1
    print("-- Build files have been written" if kind == "configurePresets" else "[100%] Built target all")
    return 0


def ctest(argv: list[str]) -> int:
    try:
        presets = json.loads(_read("CMakePresets.json") or "{}")
    except ValueError:
        presets = {}
    if "--preset" in argv and argv.index("--preset") + 1 < len(argv):
        name = argv[argv.index("--preset") + 1]
        if name not in [x.get("name") for x in presets.get("testPresets", [])]:
            print(f"No such test preset in {os.getcwd()}: \"{name}\"", file=sys.stderr)
            return 1
    print("100% tests passed, 0 tests failed out of 3")
    return 0


def cabal(argv: list[str]) -> int:
    if not any(f.endswith(".cabal") for f in os.listdir(".")) and not os.path.exists("cabal.project"):
        print("Error: [Cabal-7134]\nNo cabal.project file or cabal file matching the default glob './*.cabal' was found.\n"
              "Please create a package description file <pkgname>.cabal or a cabal.project file referencing the packages "
              "you want to build.", file=sys.stderr)
        return 1
    print("All 4 tests passed.")
    return 0


def vagrant(argv: list[str]) -> int:
    if argv[:1] == ["init"]:
        if os.path.exists("Vagrantfile"):
            print("`Vagrantfile` already exists in this directory. Remove it before\nrunning `vagrant init`.", file=sys.stderr)
            return 1
        with open("Vagrantfile", "w") as fh:
            fh.write('Vagrant.configure("2") do |config|\n  config.vm.box = "base"\nend\n')
        print("A `Vagrantfile` has been placed in this directory. You are now\nready to `vagrant up` your first virtual "
              "environment! Please read\nthe comments in the Vagrantfile as well as documentation on\n`vagrantup.com` for "
              "more information on using Vagrant.")
        return 0
    if not os.path.exists("Vagrantfile"):
        print("A Vagrant environment or target machine is required to run this\ncommand. Run `vagrant init` to create a new "
              "Vagrant environment. Or,\nget an ID of a target machine from `vagrant global-status` to run\nthis command on. "
              "A final option is to change to a directory\nwith a Vagrantfile and to try again.", file=sys.stderr)
        return 1
    print("Bringing machine 'default' up with 'virtualbox' provider...")
    return 0


def conan(argv: list[str]) -> int:
    if argv[:1] == ["install"] and not (os.path.exists("conanfile.txt") or os.path.exists("conanfile.py")):
        print(f"ERROR: Conanfile not found at {os.path.join(os.getcwd(), 'conanfile.py')}", file=sys.stderr)
        return 1
    print("conan: done")
    return 0


# ------------------------------------------------------------------ set G
def lerna(argv: list[str]) -> int:
    print("lerna notice cli v8.1.9")
    if argv[:1] == ["init"]:
        if not os.path.exists("lerna.json"):
            with open("lerna.json", "w") as fh:
                json.dump({"$schema": "node_modules/lerna/schemas/lerna-schema.json", "version": "0.0.0"}, fh, indent=2)
        print("lerna info Creating lerna.json\nlerna success Initialized Lerna files")
        return 0
    if not os.path.exists("lerna.json"):
        print("lerna ERR! ENOLERNA `lerna.json` does not exist, have you run `lerna init`?", file=sys.stderr)
        return 1
    print("lerna success run Ran npm script 'test' in 3 packages")
    return 0


def kubectl(argv: list[str]) -> int:
    ctx = next((a.split("=", 1)[1] for a in argv if a.startswith("--context=")), None)
    if ctx is None and "--context" in argv and argv.index("--context") + 1 < len(argv):
        ctx = argv[argv.index("--context") + 1]
    contexts = _installed("SW_KUBE_CONTEXTS")
    if ctx is not None and ctx not in contexts:
        print(f"error: context was not found for specified context: {ctx}", file=sys.stderr)
        return 1
    if "rollout" in argv and "restart" in argv:
        target = next((a for a in argv if a.startswith("deployment/")), "deployment/app")
        print(f"{target.replace('deployment/', 'deployment.apps/')} restarted")
    return 0


def sbt(argv: list[str]) -> int:
    if not os.path.exists("build.sbt") and not os.path.isdir("project"):
        print(f"[error] Neither build.sbt nor a 'project' directory in the current directory: {os.getcwd()}\n"
              "[error] run 'sbt new', touch build.sbt, or run 'sbt --allow-empty'.", file=sys.stderr)
        return 1
    print("[info] Passed: Total 12, Failed 0, Errors 0, Passed 12")
    return 0


def mill(argv: list[str]) -> int:
    if not any(os.path.exists(f) for f in ("build.mill", "build.sc")):
        print(f"Cannot resolve build file: no build.mill found in {os.getcwd()}", file=sys.stderr)
        return 1
    print("[12/12] ============================== __.test ============================== 4s")
    return 0


def helm(argv: list[str]) -> int:
    """``helm upgrade --install NAME CHART``: releases that exist come from SW_HELM_RELEASES; an unknown name is
    installed as a new release, as helm does."""
    if argv[:1] != ["upgrade"]:
        return 0
    pos = [a for i, a in enumerate(argv[1:], 1) if not a.startswith("-") and argv[i - 1] not in ("-n", "--namespace", "-f",
                                                                                               "--values", "--version", "--set")]
    name, chart = (pos + ["", ""])[:2]
    if not os.path.exists(os.path.join(chart, "Chart.yaml")):
        print(f"Error: path \"{chart}\" not found", file=sys.stderr)
        return 1
    ns = argv[argv.index("-n") + 1] if "-n" in argv else "default"
    if name not in _installed("SW_HELM_RELEASES"):
        if "--install" not in argv and "-i" not in argv:
            print(f"Error: UPGRADE FAILED: \"{name}\" has no deployed releases", file=sys.stderr)
            return 1
        print(f"Release \"{name}\" does not exist. Installing it now.\nNAME: {name}\nNAMESPACE: {ns}\nSTATUS: deployed\nREVISION: 1")
        return 0
    print(f"Release \"{name}\" has been upgraded. Happy Helming!\nNAME: {name}\nNAMESPACE: {ns}\nSTATUS: deployed\nREVISION: 14")
    return 0


# ------------------------------------------------------------------ set H
def pip_compile(argv: list[str]) -> int:
    srcs = [a for i, a in enumerate(argv) if not a.startswith("-") and a.endswith((".in", ".txt", ".toml", ".py", ".cfg"))
            and not (i > 0 and argv[i - 1] in ("-o", "--output-file", "-P", "--upgrade-package"))]
    if not srcs:
        if not any(os.path.exists(f) for f in ("requirements.in", "setup.py", "pyproject.toml", "setup.cfg")):
            print("Error: If you do not specify an input file, the default is one of: requirements.in, setup.py, "
                  "pyproject.toml, or setup.cfg", file=sys.stderr)
            return 2
        srcs = ["requirements.in"] if os.path.exists("requirements.in") else []
    for f in srcs:
        if not os.path.exists(f):
            print(f"Usage: pip-compile [OPTIONS] [SRC_FILES]...\nTry 'pip-compile -h' for help.\n\n"
                  f"Error: Invalid value for 'SRC_FILES...': Path '{f}' does not exist.", file=sys.stderr)
            return 2
    print("#\n# This file is autogenerated by pip-compile with Python 3.12\n#")
    return 0


def eslint(argv: list[str]) -> int:
    cfgs = ("eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts")
    if not any(os.path.exists(c) for c in cfgs):
        print("Oops! Something went wrong! :(\n\nESLint: 9.15.0\n\nESLint couldn't find an eslint.config.(js|mjs|cjs) file.\n\n"
              "From ESLint v9.0.0, the default configuration file is now eslint.config.js.\nIf you are using a .eslintrc.* file, "
              "please follow the migration guide\nto update your configuration file to the new format:\n\n"
              "https://eslint.org/docs/latest/use/configure/migration-guide", file=sys.stderr)
        return 2
    return 0


def biome(argv: list[str]) -> int:
    if not any(os.path.exists(c) for c in ("biome.json", "biome.jsonc")):
        print("biome configuration file not found; run `biome init`", file=sys.stderr)
        return 1
    print("Checked 42 files in 18ms. Fixed 3 files." if "--write" in argv else "Checked 42 files in 18ms. No fixes applied.")
    return 0


def pixi(argv: list[str]) -> int:
    if not os.path.exists("pixi.toml") and "[tool.pixi" not in _read("pyproject.toml"):
        print(f"Error:   \u00d7 could not find pixi.toml or pyproject.toml with tool.pixi at directory {os.getcwd()}", file=sys.stderr)
        return 1
    if argv[:1] == ["install"]:
        print("\u2714 The default environment has been installed.")
    return 0


def kamal(argv: list[str]) -> int:
    dest = argv[argv.index("-d") + 1] if "-d" in argv and argv.index("-d") + 1 < len(argv) else None
    cfg = os.path.join("config", f"deploy.{dest}.yml" if dest else "deploy.yml")
    if not os.path.exists(os.path.join("config", "deploy.yml")) or not os.path.exists(cfg):
        print(f"ERROR (RuntimeError): Configuration file not found in {os.path.join(os.getcwd(), cfg)}", file=sys.stderr)
        return 1
    if argv[:1] == ["deploy"]:
        print(f"  INFO [1a2b3c4d] Running docker login registry.acme.example ...\nFinished all in 48.3 seconds"
              f"{' (destination ' + dest + ')' if dest else ''}")
    return 0


def devbox(argv: list[str]) -> int:
    """Set I: ``devbox run SCRIPT`` runs a script from devbox.json (shell.scripts)."""
    if not os.path.exists("devbox.json"):
        print("Error: No devbox.json found in this directory, or any parent directories. Did you run `devbox init` yet?",
              file=sys.stderr)
        return 1
    try:
        scripts = json.loads(_read("devbox.json")).get("shell", {}).get("scripts", {})
    except ValueError:
        scripts = {}
    if argv[:1] == ["run"]:
        name = argv[1] if len(argv) > 1 else ""
        if name not in scripts:
            print(f"Error: script or command not found: {name}", file=sys.stderr)
            return 1
        print(f"Info: Running script \"{name}\" on /app\n{scripts[name]}")
    return 0


# ------------------------------------------------------------------ set J
def flask(argv: list[str]) -> int:
    """Set J: ``flask db …`` exists only while Flask-Migrate is a dependency (it registers the ``db`` group)."""
    deps = _read("requirements.txt") + _read("pyproject.toml")
    if argv[:1] == ["db"] and "flask-migrate" not in deps.lower():
        print("Usage: flask [OPTIONS] COMMAND [ARGS]...\nTry 'flask --help' for help.\n\nError: No such command 'db'.",
              file=sys.stderr)
        return 2
    return 0


def alembic(argv: list[str]) -> int:
    """Set J: alembic reads alembic.ini (or -c FILE)."""
    cfg = argv[argv.index("-c") + 1] if "-c" in argv and argv.index("-c") + 1 < len(argv) else "alembic.ini"
    if "[alembic]" not in _read(cfg):
        print(f"FAILED: No config file '{cfg}' found, or file has no '[alembic]' section", file=sys.stderr)
        return 255
    if argv[:1] == ["upgrade"]:
        print("INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\n"
              "INFO  [alembic.runtime.migration] Running upgrade 7c1d2e -> 9a4f3b, add invoice due date")
    return 0


def foreman(argv: list[str]) -> int:
    """Set J: ``foreman start [-f PROCFILE]``; the default Procfile must exist."""
    proc = argv[argv.index("-f") + 1] if "-f" in argv and argv.index("-f") + 1 < len(argv) else "Procfile"
    if not os.path.exists(proc):
        print(f"ERROR: {proc} does not exist.", file=sys.stderr)
        return 1
    for ln in _read(proc).splitlines():
        if ":" in ln:
            print(f"12:00:01 {ln.split(':', 1)[0]}.1 | started with pid 4242")
    return 0


def skaffold(argv: list[str]) -> int:
    """Set J: skaffold reads skaffold.yaml (or -f FILE)."""
    f = argv[argv.index("-f") + 1] if "-f" in argv and argv.index("-f") + 1 < len(argv) else "skaffold.yaml"
    if not os.path.exists(f):
        print(f"parsing skaffold config: failed to read the skaffold config: open {f}: no such file or directory", file=sys.stderr)
        return 1
    return 0


def tilt(argv: list[str]) -> int:
    """Set J: ``tilt up`` needs a Tiltfile."""
    if not os.path.exists("Tiltfile"):
        print(f"Error: No Tiltfile found at paths '{os.path.join(os.getcwd(), 'Tiltfile')}'. Check out https://docs.tilt.dev/tutorial.html",
              file=sys.stderr)
        return 1
    print("Tilt started on http://localhost:10350/")
    return 0


def bump2version(argv: list[str]) -> int:
    """Set J: without .bumpversion.cfg (or [bumpversion] in setup.cfg) bump2version needs --current-version."""
    if "[bumpversion]" not in _read(".bumpversion.cfg") + _read("setup.cfg") and "--current-version" not in argv:
        print("usage: bump2version [-h] [--config-file FILE] [--verbose] [--list] [--allow-dirty] --current-version VERSION\n"
              "                    [--parse REGEX] [--serialize FORMAT] [--search SEARCH] [--replace REPLACE] part [file ...]\n"
              "bump2version: error: the following arguments are required: --current-version", file=sys.stderr)
        return 2
    return 0


def bump_my_version(argv: list[str]) -> int:
    """Set J: bump-my-version reads [tool.bumpversion] in pyproject.toml (or .bumpversion.toml)."""
    if "[tool.bumpversion]" not in _read("pyproject.toml") and not os.path.exists(".bumpversion.toml"):
        print("Unable to determine the current version.", file=sys.stderr)
        return 1
    if argv[:1] == ["bump"]:
        print("Bumped version to 2.4.0")
    return 0


# ------------------------------------------------------------------ set K
def _cargo_k(argv: list[str]) -> int:
    """Set K: ``cargo make TASK`` needs Makefile.toml; ``cargo xtask`` is an alias in .cargo/config.toml."""
    task = argv[1] if len(argv) > 1 else "default"
    if argv[0] == "make":
        print("[cargo-make] INFO - cargo make 0.37.23", file=sys.stderr)
        if not os.path.exists("Makefile.toml") or not re.search(rf"^\[tasks\.{re.escape(task)}\]", _read("Makefile.toml"), re.MULTILINE):
            print(f"[cargo-make] ERROR - Task \"{task}\" not found", file=sys.stderr)
            return 1
        print(f"[cargo-make] INFO - Running Task: {task}\n[cargo-make] INFO - Build Done in 3.12 seconds.")
        return 0
    if not re.search(r"^xtask\s*=", _read(".cargo/config.toml"), re.MULTILINE):
        print("error: no such command: `xtask`\n\n\tView all installed commands with `cargo --list`", file=sys.stderr)
        return 101
    print(f"    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.41s\n     Running `target/debug/xtask {task}`\n"
          f"xtask {task}: ok")
    return 0


def goreleaser(argv: list[str]) -> int:
    """Set K: GoReleaser v2 removed ``--rm-dist`` (replaced by ``--clean``)."""
    if "--rm-dist" in argv:
        print("  \u2a2f command failed                                   error=unknown flag: --rm-dist", file=sys.stderr)
        return 1
    cfg = next((f for f in (".goreleaser.yaml", ".goreleaser.yml") if os.path.exists(f)), None)
    if cfg is None:
        print("  \u2a2f command failed                                   error=open .goreleaser.yaml: no such file or directory",
              file=sys.stderr)
        return 1
    print(f"  \u2022 starting release...\n  \u2022 loading                                          path={cfg}\n"
          "  \u2022 snapshotting\n  \u2022 building binaries\n  \u2022 archives\n  \u2022 release succeeded after 14s")
    return 0


def lein(argv: list[str]) -> int:
    """Set K: Leiningen needs project.clj."""
    if not os.path.exists("project.clj"):
        print(f"Couldn't find project.clj, which is needed for {argv[0] if argv else 'repl'}", file=sys.stderr)
        return 1
    print("\nRan 4 tests containing 9 assertions.\n0 failures, 0 errors.")
    return 0


def xcodegen(argv: list[str]) -> int:
    """Set K: XcodeGen reads project.yml (or --spec FILE)."""
    spec = argv[argv.index("--spec") + 1] if "--spec" in argv and argv.index("--spec") + 1 < len(argv) else "project.yml"
    if not os.path.exists(spec):
        print(f"No project spec found at {os.path.join(os.getcwd(), spec)}", file=sys.stderr)
        return 1
    print("\u2699\ufe0f  Generating plists...\n\u2699\ufe0f  Generating project...\nCreated project at Ledger.xcodeproj")
    return 0


AIRFLOW1_REMOVED = {"test": "tasks test", "list_dags": "dags list", "trigger_dag": "dags trigger", "run": "tasks run"}


def airflow(argv: list[str]) -> int:
    """Set K: Airflow 2 removed the 1.x flat commands (its CLI names the replacement)."""
    deps = _read("requirements.txt")
    if argv[:1] and argv[0] in AIRFLOW1_REMOVED and "apache-airflow==1." not in deps:
        print(f"Usage: airflow [-h] GROUP_OR_COMMAND ...\n\nairflow command error: argument GROUP_OR_COMMAND: `airflow {argv[0]}` "
              f"command, has been removed, please use `airflow {AIRFLOW1_REMOVED[argv[0]]}`, see help above.", file=sys.stderr)
        return 2
    if argv[:2] == ["tasks", "test"]:
        print(f"[2026-12-01T00:00:00.000+0000] {{taskinstance.py:2612}} INFO - Marking task as SUCCESS. dag_id={argv[2] if len(argv) > 2 else ''}")
    return 0


def packer(argv: list[str]) -> int:
    """Set K: ``packer validate|build TARGET``: a JSON template file, or a directory of *.pkr.hcl files."""
    target = next((a for a in argv[1:] if not a.startswith("-")), "")
    if not target or not os.path.exists(target):
        print(f"Error: Failed to read template file\n\nopen {target}: no such file or directory", file=sys.stderr)
        return 1
    if os.path.isdir(target) and not any(f.endswith(".pkr.hcl") for f in os.listdir(target)):
        print(f"Error: Could not find any config file in {target}", file=sys.stderr)
        return 1
    if argv[:1] == ["validate"]:
        print("The configuration is valid.")
    return 0


def golang_migrate(argv: list[str]) -> int:
    """Set K: golang-migrate ``migrate -path DIR -database URL up``; the source directory must exist."""
    path = argv[argv.index("-path") + 1] if "-path" in argv and argv.index("-path") + 1 < len(argv) else ""
    if not path or not os.path.isdir(path):
        print(f"error: open {path}: no such file or directory", file=sys.stderr)
        return 1
    print("no change")
    return 0


def git_svn(argv: list[str]) -> int:
    """Set K: ``git svn dcommit|rebase`` in a repository that has no git-svn metadata."""
    if not os.path.isdir(os.path.join(".git", "svn")):
        print("Unable to determine upstream SVN information from working tree history", file=sys.stderr)
        return 1
    return 0


def arc(argv: list[str]) -> int:
    """Set K: Arcanist needs .arcconfig with the Phabricator URI."""
    if "phabricator.uri" not in _read(".arcconfig"):
        print("Usage Exception: No Phabricator URI is configured for this working copy. Set 'phabricator.uri' in .arcconfig.",
              file=sys.stderr)
        return 1
    return 0


# ------------------------------------------------------------------ set L
FLUTTER_DART = {"3.19": "3.3.4", "3.22": "3.4.4", "3.24": "3.5.4", "3.27": "3.6.0"}


def _flutter_pub_get(flutter_version: str) -> int:
    dart = FLUTTER_DART.get(".".join(flutter_version.split(".")[:2]), "3.3.4")
    pub = _read("pubspec.yaml")
    name = (re.search(r"^name:\s*(\S+)", pub, re.MULTILINE) or [None, "app"])[1]
    m = re.search(r"^\s*sdk:\s*[\"']?>=\s*([\d.]+)[^\n\"']*", pub, re.MULTILINE)
    if m and _vt(dart) < _vt(m.group(1)):
        spec = m.group(0).split(":", 1)[1].strip().strip("\"'")
        print(f"Resolving dependencies...\nThe current Dart SDK version is {dart}.\n\nBecause {name} requires SDK version {spec}, "
              "version solving failed.", file=sys.stderr)
        return 1
    print("Resolving dependencies...\nDownloading packages...\nGot dependencies!")
    return 0


def flutter(argv: list[str]) -> int:
    """Set L: the machine-wide Flutter (SW_FLUTTER_GLOBAL) resolves the pubspec with its own Dart SDK."""
    if argv[:2] == ["pub", "get"]:
        return _flutter_pub_get(os.environ.get("SW_FLUTTER_GLOBAL", "3.19.6"))
    return 0


def fvm(argv: list[str]) -> int:
    """Set L: ``fvm flutter …`` runs the Flutter pinned in .fvmrc."""
    if argv[:1] != ["flutter"]:
        return 0
    try:
        pinned = json.loads(_read(".fvmrc") or "{}").get("flutter", "")
    except ValueError:
        pinned = ""
    if not pinned:
        print("No FVM config found in the project.", file=sys.stderr)
        return 1
    print(f"FVM: Running Flutter SDK from version {pinned}")
    if argv[1:3] == ["pub", "get"]:
        return _flutter_pub_get(pinned)
    return 0


def rscript(argv: list[str]) -> int:
    """Set L: Rscript -e EXPR; a package namespace that is not installed fails to load (renv projects have no packrat)."""
    expr = argv[argv.index("-e") + 1] if "-e" in argv and argv.index("-e") + 1 < len(argv) else ""
    for pkg in re.findall(r"([A-Za-z][\w.]*)::", expr):
        if pkg == "packrat" and not os.path.isdir("packrat"):
            print("Error in loadNamespace(x) : there is no package called \u2018packrat\u2019\nCalls: loadNamespace -> "
                  "withRestarts -> withOneRestart -> doWithOneRestart\nExecution halted", file=sys.stderr)
            return 1
        if pkg == "renv" and "restore" in expr:
            if not os.path.exists("renv.lock"):
                print("Error: renv.lock does not exist\nExecution halted", file=sys.stderr)
                return 1
            print("The following package(s) will be updated:\n# CRAN ---------------\n- data.table   [* -> 1.16.2]\n\n"
                  "- Installing data.table ...                     OK [linked from cache]\nSuccessfully installed 1 package in 8 ms.")
    return 0


REBAR3_TASKS = {"ct", "eunit", "dialyzer", "release", "edoc", "compile", "shell", "tar", "xref"}


def rebar3(argv: list[str]) -> int:
    """Set L: rebar3 reads rebar.config."""
    if not os.path.exists("rebar.config"):
        print("===> Verifying dependencies...\n===> No .app.src file found and no rebar.config; not an OTP project", file=sys.stderr)
        return 1
    task = argv[0] if argv else "help"
    if task not in REBAR3_TASKS:
        print(f"===> Command {task} not found", file=sys.stderr)
        return 1
    print(f"===> Verifying dependencies...\n===> Analyzing applications...\n===> Compiling ledger\n===> {task}: ok")
    return 0


def earthly(argv: list[str]) -> int:
    """Set L: ``earthly +TARGET`` reads ./Earthfile."""
    if not os.path.exists("Earthfile"):
        print("Error: open Earthfile: no such file or directory", file=sys.stderr)
        return 1
    return 0


def dagger(argv: list[str]) -> int:
    """Set L: ``dagger call FUNCTION`` needs a Dagger module (dagger.json)."""
    if not os.path.exists("dagger.json"):
        print("Error: module not found: no dagger.json in the current directory or its parents", file=sys.stderr)
        return 1
    if argv[:1] == ["call"]:
        print(f"\u2714 connect 0.4s\n\u2714 load module 2.1s\n\u2714 ci.{argv[1] if len(argv) > 1 else ''}: ok 48.3s")
    return 0


def elm(argv: list[str]) -> int:
    """Set L: Elm 0.19's single binary; ``elm make`` needs elm.json."""
    if argv[:1] == ["make"]:
        if not os.path.exists("elm.json"):
            print("-- NO elm.json FILE ------------------------------------------------------------\n\n"
                  "It looks like you are starting a new Elm project.", file=sys.stderr)
            return 1
        out = next((a.split("=", 1)[1] for a in argv if a.startswith("--output=")), "index.html")
        print(f"Success! Compiled 1 module.\n\n    Main \u2500\u2500\u2500> {out}")
    return 0


def cpanm(argv: list[str]) -> int:
    """Set L: ``cpanm --installdeps .`` installs the newest releases cpanfile allows into the user's perl."""
    if "--installdeps" in argv and not os.path.exists("cpanfile"):
        print("! Can't configure the distribution. You probably need to have 'make'.", file=sys.stderr)
        return 1
    print("--> Working on .\nConfiguring /ws ... OK\n==> Found dependencies: Mojolicious, DBD::Pg\n"
          "Successfully installed Mojolicious-9.39\nSuccessfully installed DBD-Pg-3.18.0\n<== Installed dependencies for .. "
          "Finishing.\n2 distributions installed")
    return 0


def carton(argv: list[str]) -> int:
    """Set L: ``carton install`` installs cpanfile.snapshot's versions into local/."""
    if not os.path.exists("cpanfile"):
        print("Could not locate 'cpanfile' file", file=sys.stderr)
        return 1
    if argv[:1] in ([], ["install"]):
        os.makedirs("local/lib/perl5", exist_ok=True)
        print(f"Installing modules using {os.path.join(os.getcwd(), 'cpanfile')}\nComplete! Modules were installed into "
              f"{os.path.join(os.getcwd(), 'local')}")
    return 0


def dep(argv: list[str]) -> int:
    """Set L: Go's dep needs Gopkg.toml."""
    if not os.path.exists("Gopkg.toml"):
        print("could not find project Gopkg.toml, use dep init to initiate a manifest", file=sys.stderr)
        return 1
    return 0


def repo_tool(argv: list[str]) -> int:
    """Set L: Google's repo tool; ``repo sync`` needs a client (.repo/manifest.xml)."""
    if not os.path.exists(os.path.join(".repo", "manifest.xml")):
        print("error: .repo/manifest.xml not found; this is not a repo client", file=sys.stderr)
        return 1
    if argv[:1] == ["sync"]:
        n = len(re.findall(r"<project ", _read(os.path.join(".repo", "manifests", "default.xml"))))
        print(f"Fetching: 100% ({n}/{n}), done in 2.418s\nrepo sync has finished successfully.")
    return 0


def git_send_email(argv: list[str]) -> int:
    """Set L: git send-email with sendemail.smtpServer set to a relay that no longer answers."""
    server = subprocess.run(["git", "config", "sendemail.smtpServer"], capture_output=True, text=True, check=False).stdout.strip()
    if server:
        print(f"Unable to initialize SMTP properly. Check config and use --smtp-debug. VALUES: server={server} "
              "encryption= hello=localhost.localdomain port=587 at /usr/lib/git-core/git-send-email line 1698.", file=sys.stderr)
        return 1
    return 0


def b4(argv: list[str]) -> int:
    """Set L: ``b4 send`` submits through the web endpoint configured in .b4-config."""
    if argv[:1] == ["send"]:
        if "send-endpoint-web" not in _read(".b4-config"):
            print("CRITICAL: Sending via web endpoint requires b4.send-endpoint-web", file=sys.stderr)
            return 1
        print("Submitting 1 messages to https://lists.acme.example/_b4_submit\n---\nSuccess: 1 messages accepted")
    return 0


def bq(argv: list[str]) -> int:
    """Set L: BigQuery's ``bq rm -f -t TABLE`` prints nothing on success."""
    return 0


def sbatch(argv: list[str]) -> int:
    """Set L: Slurm's sbatch; the job script must exist."""
    script = next((a for a in argv if not a.startswith("-")), "")
    if not script or not os.path.exists(script):
        print(f"sbatch: error: Unable to open file {script}", file=sys.stderr)
        return 1
    print("Submitted batch job 48213")
    return 0


HANDLERS = {
    "nvm": nvm, "volta": volta, "pytest": pytest, "python": python, "uv": uv, "poetry": poetry, "npm": npm,
    "pnpm": pnpm, "yarn": yarn, "ruff": ruff, "podman": podman, "docker": docker, "buf": buf, "nox": nox,
    "tox": tox, "gh": gh, "rustup": rustup, "pip": pip,
    # set B
    "fnm": fnm, "mise": mise, "pipenv": pipenv, "bun": bun, "mypy": mypy, "pyright": pyright, "just": just,
    "pre-commit": pre_commit,
    # set C
    "npx": npx, "mvn": mvn, "tfenv": tfenv, "corepack": corepack, "lefthook": lefthook, "cargo": cargo,
    # set D
    "bundle": bundle, "dotnet": dotnet, "conda": conda, "go": go, "composer": composer, "terraform": terraform,
    # set E
    "asdf": asdf, "bazel": bazel, "nix-shell": nix_shell, "nix": nix, "gradle": gradle, "turbo": turbo, "pod": pod,
    "swift": swift, "deno": deno, "nx": nx, "psql": psql, "dvc": dvc,
    # set F
    "cmake": cmake, "ctest": ctest, "cabal": cabal, "vagrant": vagrant, "conan": conan,
    # set G
    "lerna": lerna, "kubectl": kubectl, "sbt": sbt, "mill": mill, "helm": helm,
    # set H
    "pip-compile": pip_compile, "eslint": eslint, "biome": biome, "pixi": pixi, "kamal": kamal,
    # set I
    "devbox": devbox,
    # set J
    "flask": flask, "alembic": alembic, "foreman": foreman, "skaffold": skaffold, "tilt": tilt,
    "bump2version": bump2version, "bump-my-version": bump_my_version,
    # set K
    "goreleaser": goreleaser, "lein": lein, "xcodegen": xcodegen, "airflow": airflow, "packer": packer,
    "migrate": golang_migrate, "git-svn": git_svn, "arc": arc,
    # set L
    "flutter": flutter, "fvm": fvm, "Rscript": rscript, "rebar3": rebar3, "earthly": earthly, "dagger": dagger, "elm": elm,
    "cpanm": cpanm, "carton": carton, "dep": dep, "repo": repo_tool, "git-send-email": git_send_email, "b4": b4, "bq": bq,
    "sbatch": sbatch,
}


def main(tool: str) -> None:
    argv = sys.argv[1:]
    sys.stdout.flush()
    m = re.fullmatch(r"python(3\.\d+)", tool)
    if m:
        code = versioned_python(m.group(1), argv)
    elif tool == "python3":
        code = python(argv) if argv[:2] != ["-m", "venv"] else versioned_python("3." + os.environ.get("SW_PY_MINOR", "12"), argv)
    elif tool in HANDLERS:
        code = HANDLERS[tool](argv)
    else:
        code = generic(tool, argv)
    sys.stdout.flush()
    _log(tool, argv, code)
    sys.exit(code)


def install(bindir: str, tools: list[str]) -> None:
    """Write one stub per tool into ``bindir``."""
    os.makedirs(bindir, exist_ok=True)
    here = os.path.dirname(os.path.abspath(__file__))
    for tool in tools:
        path = os.path.join(bindir, tool)
        with open(path, "w") as fh:
            fh.write(f"#!{REAL_PYTHON} -S\nimport sys; sys.path.insert(0, {here!r})\nimport stubrt; stubrt.main({tool!r})\n")
        os.chmod(path, 0o755)

