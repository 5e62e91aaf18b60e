"""Shared scenario pieces for the recording scripts: a small git repo with a bare remote."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

README = "# demo\n\nA tiny repository for recording agent hook payloads.\n"
APP = "def greet(name):\n    return f'hello {name}'\n\n\ndef main():\n    print(greet('world'))\n"
UTIL = "def add(a, b):\n    return a + b\n"
OLD = "obsolete notes\n"

GIT_ENV_CONFIG = ("-c", "user.name=E2E", "-c", "user.email=e2e@example.invalid", "-c", "commit.gpgsign=false")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *GIT_ENV_CONFIG, *args], cwd=repo, check=True, capture_output=True, text=True).stdout


def make_repo(path: Path) -> Path:
    """A fresh ``main`` repo at ``path`` with one commit, pushed to a bare ``origin`` beside it."""
    path = Path(path)
    origin = path.parent / f"{path.name}-origin.git"
    for p in (path, origin):
        if p.exists():
            shutil.rmtree(p)
    path.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(origin)], check=True)
    git(path, "init", "-q", "-b", "main")
    (path / "README.md").write_text(README)
    (path / "src").mkdir()
    (path / "src" / "app.py").write_text(APP)
    (path / "src" / "util.py").write_text(UTIL)
    (path / "docs").mkdir()
    (path / "docs" / "old.txt").write_text(OLD)
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "initial")
    git(path, "remote", "add", "origin", str(origin))
    git(path, "push", "-q", "-u", "origin", "main")
    return path
