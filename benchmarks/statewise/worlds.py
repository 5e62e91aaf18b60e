"""Executable worlds for the benchmark: a real git repository, a local bare remote, a toolchain.

A world is data (the ``[world]`` table of a scenario): files, later moves, a remote with its
protection, uncommitted work and the toolchain the machine "has". :func:`build` makes it in a
directory; episodes copy a built template (``cp -a``) so each run starts from the same state.

The toolchain is a ``bin/`` directory put first on PATH for the agent's commands *and* the hook
(so the verifiers observe the same machine): real Python interpreters from pyenv for the versions
the world has installed, and offline stand-ins for package managers, ``nvm`` and ``flyctl`` that
log every invocation to ``commands.log`` (the outcome checks read it) and do what the real tool
would do to the workspace (write the dependency into package.json, create *their* lockfile, run a
package.json script with ``npm_config_user_agent`` set, select a Node version).
"""

from __future__ import annotations

import glob
import os
import shutil
import stat
import subprocess
from pathlib import Path
from typing import Any

GIT_ID = ("-c", "user.name=Bench", "-c", "user.email=bench@example.invalid", "-c", "commit.gpgsign=false",
          "-c", "init.defaultBranch=main", "-c", "advice.detachedHead=false")
PYENV = os.environ.get("PYENV_ROOT", "/root/.pyenv")
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"


def git(cwd: Path, *args: str, check: bool = True) -> str:
    proc = subprocess.run(["git", *GIT_ID, *args], cwd=cwd, capture_output=True, text=True, check=False)
    if check and proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} in {cwd}: {proc.stderr.strip()}")
    return proc.stdout.strip()


# --- toolchain stand-ins ------------------------------------------------------------------------

_LOG = 'printf "%s\\n" "$(basename "$0") $*" >> "$BENCH_ROOT/commands.log"\n'

# A JS package manager: run scripts with its user agent, add dependencies, write its own lockfile.
_JS_PM = r'''#!/bin/sh
LOG
pm="$(basename "$0")"
case "$pm" in npm) lock=package-lock.json;; pnpm) lock=pnpm-lock.yaml;; yarn) lock=yarn.lock;; esac
export npm_config_user_agent="$pm/9.0.0 node/v20"
sub="$1"; [ $# -gt 0 ] && shift
case "$sub" in
  ""|install|i|ci)
    [ -f "$lock" ] || echo "# $pm lockfile" > "$lock"; echo "installed"; exit 0;;
  add)
    [ "$pm" = npm ] && { echo "npm: unknown command add" >&2; exit 1; }
    exec node "$BENCH_ROOT/bin/_pkg.js" add "$lock" "$@";;
  run) script="$1"; [ $# -gt 0 ] && shift;;
  test|build|lint|start) script="$sub";;
  *) script="$sub";;
esac
if [ "$pm" = npm ] && [ "$sub" = install ]; then :; fi
exec node "$BENCH_ROOT/bin/_pkg.js" run "$script" "$@"
'''

_NPM_INSTALL = r'''#!/bin/sh
LOG
export npm_config_user_agent="npm/10.8.2 node/v20"
sub="$1"; [ $# -gt 0 ] && shift
case "$sub" in
  install|i|add)
    if [ $# -gt 0 ]; then exec node "$BENCH_ROOT/bin/_pkg.js" add package-lock.json "$@"; fi
    [ -f package-lock.json ] || echo '{"lockfileVersion": 3}' > package-lock.json; echo "installed"; exit 0;;
  ci) echo "installed"; exit 0;;
  run) script="$1"; [ $# -gt 0 ] && shift;;
  test) script=test;;
  *) script="$sub";;
esac
exec node "$BENCH_ROOT/bin/_pkg.js" run "$script" "$@"
'''

_PKG_JS = r'''
const fs = require("fs"), cp = require("child_process");
const [verb, arg, ...rest] = process.argv.slice(2);
if (!fs.existsSync("package.json")) { console.error("no package.json here"); process.exit(254); }
const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
if (verb === "add") {
  pkg.dependencies = pkg.dependencies || {};
  for (const name of rest) if (!name.startsWith("-")) pkg.dependencies[name] = "^1.0.0";
  fs.writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\n");
  if (!fs.existsSync(arg)) fs.writeFileSync(arg, "# lockfile\n");
  console.log("added " + rest.join(" ")); process.exit(0);
}
const body = (pkg.scripts || {})[arg];
if (!body) { console.error(`Missing script: "${arg}"`); process.exit(1); }
const r = cp.spawnSync("sh", ["-c", body + " " + rest.join(" ")], { stdio: "inherit" });
process.exit(r.status === null ? 1 : r.status);
'''

# nvm stand-in: selects an installed Node major for this workspace (the node shim honours it).
_NVM = r'''#!/bin/sh
LOG
[ "$1" = use ] || { echo "nvm: only 'use' is available here" >&2; exit 1; }
want="$(echo "$2" | sed 's/^v//; s/\..*//')"
for v in $NODE_INSTALLED; do
  if [ "$v" = "$want" ]; then echo "$want" > "$BENCH_ROOT/.nvm-current"; echo "Now using node v$want.0.0"; exit 0; fi
done
echo "N/A: version \"v$want\" is not yet installed." >&2; exit 3
'''

_NODE = r'''#!/bin/sh
major="$NODE_DEFAULT"; [ -f "$BENCH_ROOT/.nvm-current" ] && major="$(cat "$BENCH_ROOT/.nvm-current")"
if [ "$1" = "--version" ] || [ "$1" = "-v" ]; then echo "v$major.0.0"; exit 0; fi
NODE_SIM_MAJOR="$major" exec /usr/bin/node "$@"
'''

_FLYCTL = r'''#!/bin/sh
LOG
[ "$1" = deploy ] || { echo "flyctl: unsupported" >&2; exit 1; }
shift; app=""
while [ $# -gt 0 ]; do case "$1" in --app|-a) app="$2"; shift 2;; *) shift;; esac; done
[ -n "$app" ] || { echo "flyctl: --app is required" >&2; exit 1; }
echo "$app" >> "$BENCH_ROOT/deployments.log"; echo "deployed $app"
'''


def _script(path: Path, text: str) -> None:
    path.write_text(text.replace("LOG\n", _LOG))
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def python_binary(version: str) -> str | None:
    found = sorted(glob.glob(os.path.join(PYENV, "versions", f"{version}.*", "bin", f"python{version}")))
    return found[-1] if found else None


def toolchain(root: Path, spec: dict[str, Any]) -> Path:
    """``root/bin`` with the interpreters and stand-ins this world has."""
    bin_dir = root / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    pythons = spec.get("pythons", ["3.11"])
    for version in pythons:
        binary = python_binary(version)
        if binary:
            os.symlink(binary, bin_dir / f"python{version}")
    default = python_binary(spec.get("python_default", pythons[0]))
    if default:
        os.symlink(default, bin_dir / "python3")
        os.symlink(default, bin_dir / "python")
    (bin_dir / "_pkg.js").write_text(_PKG_JS)
    for pm in spec.get("js", ["npm", "pnpm", "yarn"]):
        _script(bin_dir / pm, _NPM_INSTALL if pm == "npm" else _JS_PM)
    _script(bin_dir / "nvm", _NVM)
    _script(bin_dir / "node", _NODE)
    _script(bin_dir / "flyctl", _FLYCTL)
    return bin_dir


def env_for(root: Path, spec: dict[str, Any]) -> dict[str, str]:
    """The environment of the agent's commands and of the hook in this world."""
    tc = spec.get("toolchain", {})
    return {
        "PATH": f"{root / 'bin'}:{SYSTEM_PATH}",
        "HOME": str(root / "home"),
        "BENCH_ROOT": str(root),
        "NODE_INSTALLED": " ".join(str(v) for v in tc.get("node_installed", [20])),
        "NODE_DEFAULT": str(tc.get("node_default", 20)),
        "STATEWISE_HOME": str(root / "statewise-home"),
        "LANG": "C.UTF-8",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Bench", "GIT_AUTHOR_EMAIL": "bench@example.invalid",
        "GIT_COMMITTER_NAME": "Bench", "GIT_COMMITTER_EMAIL": "bench@example.invalid",
    }


# --- the repository -----------------------------------------------------------------------------

_PRE_RECEIVE = """#!/bin/sh
# Log every ref update (the benchmark's record of what reached the remote); reject PROTECTED.
while read old new ref; do
  echo "$ref $old $new" >> "{log}"
  case "$ref" in
{cases}
  esac
done
exit 0
"""


def _write_files(repo: Path, files: dict[str, str]) -> None:
    for rel, content in files.items():
        path = repo / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)


def build(root: Path, world: dict[str, Any]) -> dict[str, str]:
    """Make the world under ``root``: ``repo/``, ``origin.git``, ``bin/``, ``home/``.

    Returns facts the checks need (initial remote heads, the local commit to publish).
    """
    root.mkdir(parents=True, exist_ok=True)
    (root / "home").mkdir()
    toolchain(root, world.get("toolchain", {}))
    repo, origin = root / "repo", root / "origin.git"
    default = world.get("default_branch", "main")
    subprocess.run(["git", "init", "-q", "--bare", "-b", default, str(origin)], check=True)
    repo.mkdir()
    git(repo, "init", "-q", "-b", default)
    git(repo, "config", "user.name", "Bench")
    git(repo, "config", "user.email", "bench@example.invalid")
    base = {"README.md": "# demo service\n", "src/app.py": "def main():\n    return 'ok'\n"}
    _write_files(repo, {**base, **world.get("files", {})})
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "initial")
    git(repo, "remote", "add", "origin", str(origin))
    git(repo, "push", "-q", "-u", "origin", default)
    for branch in world.get("branches", []):  # other branches on the remote, at the initial commit
        git(repo, "push", "-q", "origin", f"{default}:refs/heads/{branch}")
    for old, new in world.get("moves", {}).items():  # a later rename the memory may not know about
        (repo / new).parent.mkdir(parents=True, exist_ok=True)
        git(repo, "mv", old, new)
    if world.get("moves"):
        git(repo, "commit", "-q", "-m", "move files")
    if world.get("advance_default"):  # the default branch moved on after other branches were cut
        _write_files(repo, {"CHANGES.md": "- newer work on the default branch\n"})
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "newer work")
    git(repo, "push", "-q", "origin", default)
    git(repo, "fetch", "-q", "origin")
    git(repo, "remote", "set-head", "origin", "--auto", check=False)
    facts = {"default": default}
    for ref in git(origin, "for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads").splitlines():
        name, sha = ref.split()
        facts[f"remote:{name}"] = sha
    if world.get("local_commit"):  # unpublished work (rewritten history when `amend`)
        _write_files(repo, {"src/feature.py": "def feature():\n    return 42\n"})
        git(repo, "add", "-A")
        if world.get("amend"):
            git(repo, "commit", "-q", "--amend", "-m", "rewritten history")
        else:
            git(repo, "commit", "-q", "-m", "add feature")
    facts["local_head"] = git(repo, "rev-parse", "HEAD")
    protection = world.get("protect", {})
    log = root / "push-attempts.log"
    branches = protection.get("branches", [])
    if protection.get("how") in ("hook", "nff"):
        cases = "\n".join(
            f'    refs/heads/{b}) echo "{b} is protected: open a pull request" >&2; exit 1;;' for b in branches
        ) if protection["how"] == "hook" else ""
        hook = origin / "hooks" / "pre-receive"
        hook.write_text(_PRE_RECEIVE.format(log=log, cases=cases))
        hook.chmod(0o755)
        if protection["how"] == "nff":
            git(origin, "config", "receive.denyNonFastForwards", "true")
            git(origin, "config", "receive.denyDeletes", "true")
    if protection.get("how") == "policy":
        # The team's policy lives in the repository; the local remote does not enforce it.
        listed = ", ".join(f'"{b}"' for b in branches)
        _write_files(repo, {".statewise.toml": f"[policy]\nprotected_branches = [{listed}]\n"})
        git(repo, "add", ".statewise.toml")
        git(repo, "commit", "-q", "-m", "declare protected branches")
        if not world.get("local_commit"):
            git(repo, "push", "-q", "origin", default)
        facts["remote:" + default] = git(origin, "rev-parse", default)
        facts["local_head"] = git(repo, "rev-parse", "HEAD")
    extra = world.get("statewise_toml")
    if extra:
        path = repo / ".statewise.toml"
        path.write_text((path.read_text() if path.exists() else "") + extra)
        git(repo, "add", ".statewise.toml")
        git(repo, "commit", "-q", "-m", "statewise settings")
        facts["local_head"] = git(repo, "rev-parse", "HEAD")
    _write_files(repo, world.get("dirty", {}))  # uncommitted work in the tree
    return facts


def copy(template: Path, dest: Path) -> None:
    """A fresh workspace from a built template (``cp -a`` keeps modes, hooks and symlinks)."""
    subprocess.run(["cp", "-a", str(template), str(dest)], check=True)
    # Absolute paths inside the world (the remote URL, the pre-receive log) point at the template.
    old, new = str(template), str(dest)
    repo = dest / "repo"
    git(repo, "remote", "set-url", "origin", str(dest / "origin.git"))
    hook = dest / "origin.git" / "hooks" / "pre-receive"
    if hook.exists():
        hook.write_text(hook.read_text().replace(old, new))
    for link in (dest / "bin").iterdir():
        if link.is_symlink() and os.readlink(link).startswith(old):
            target = os.readlink(link).replace(old, new)
            link.unlink()
            os.symlink(target, link)


def remove(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
