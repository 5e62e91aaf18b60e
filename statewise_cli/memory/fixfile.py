"""``repair --fix-memory-file``: rewrite the memory-file line a repaired record came from.

Only when the change is mechanical — the old value appears verbatim in the line
(a command, a path, a version, a branch name) — and only with a backup and a
shown diff. Anything else (prose like "main is not protected") is reported for
the developer to edit: statewise never rewrites what it cannot rewrite exactly.
"""

from __future__ import annotations

import difflib
import os
import shutil
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping

from statewise_cli.errors import StatewiseError
from statewise_cli.fast.struct import Struct
from statewise_cli.repo import find_repo
from statewise_cli.store.records import Record


class FileFix(Struct):
    path: str
    line: int
    status: str  # rewritten | would-rewrite | manual | missing | unchanged
    detail: str
    diff: str = ""
    backup: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {n: getattr(self, n) for n in self.__slots__}


def _locate(cwd: str, source: str) -> tuple[str, int] | None:
    label, _, line = source[len("memory-file:"):].rpartition(":")
    if not line.isdigit():
        return None
    if label.startswith("~"):
        return os.path.expanduser(label), int(line)
    repo = find_repo(cwd)
    return (os.path.join(repo.root if repo else cwd, label), int(line))


def _inside(path: str, root: str) -> bool:
    root = os.path.realpath(root)
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def check_target(cwd: str, source: str, env: Mapping[str, str] | None = None) -> None:
    """Refuse (``StatewiseError``, exit 1) a memory file statewise must not rewrite.

    A record's source is data (an imported file, a synced store, an agent's ``remember``): it
    may name any path. Only a Markdown file inside the repository's work tree (never under
    ``.git``) is rewritten for a repository-relative label; only one in the user's own memory
    directories (``$CLAUDE_CONFIG_DIR``, ``$CODEX_HOME``) for a ``~/…`` or absolute label.
    Symbolic links are resolved first.
    """
    from statewise_cli.config.paths import claude_config_dir, codex_home

    env = os.environ if env is None else env
    located = _locate(cwd, source)
    if located is None:
        return
    label = source[len("memory-file:"):].rpartition(":")[0]
    path = os.path.realpath(located[0])
    allowed = False
    if path.endswith(".md"):
        if label.startswith("~") or os.path.isabs(label):
            allowed = any(_inside(path, d) for d in (claude_config_dir(env), codex_home(env)))
        else:
            repo = find_repo(cwd)
            root = repo.root if repo else None
            allowed = root is not None and _inside(path, root) and not _inside(path, os.path.join(root, ".git"))
    if not allowed:
        raise StatewiseError(
            f"refusing to rewrite {located[0]}: the record's memory file ({label}) is outside the repository "
            "and the user's memory directories; nothing was changed",
            code="memory-file-outside",
        )


def check_targets(cwd: str, records: list[Record], env: Mapping[str, str] | None = None) -> None:
    for record in records:
        if record.source.startswith("memory-file:"):
            check_target(cwd, record.source, env)


def _replace_value(line: str, old: str, new: str) -> str | None:
    """Replace the value where the line states it: in backticks first, else as a whole word."""
    for quoted in (f"`{old}`", f"`{old}/`"):
        if line.count(quoted) == 1:
            return line.replace(quoted, quoted.replace(old, new, 1))
    import re

    pattern = re.compile(r"(?<![\w./-])" + re.escape(old) + r"(?![\w/-])")
    hits = pattern.findall(line)
    if len(hits) == 1:
        return pattern.sub(new.replace("\\", "\\\\"), line, count=1)
    return None  # absent or ambiguous: a person has to decide


def stale_line(cwd: str, old: Record, detail: str) -> FileFix:
    """The line ``old`` came from, reported (never rewritten) with ``detail``."""
    located = _locate(cwd, old.source)
    if located is None:
        return FileFix(old.source, 0, "missing", "the record does not name a file line")
    path, number = located
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError as exc:
        return FileFix(path, number, "missing", f"cannot read: {exc.strerror}")
    if not 1 <= number <= len(lines):
        return FileFix(path, number, "missing", "the line no longer exists")
    return FileFix(path, number, "manual", f"{detail}: {lines[number - 1].strip()}")


def fix_memory_line(cwd: str, old: Record, new: Record, *, dry_run: bool) -> FileFix:
    located = _locate(cwd, old.source)
    if located is None:
        return FileFix(old.source, 0, "missing", "the record does not name a file line")
    check_target(cwd, old.source)
    path, number = located
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines(keepends=True)
    except OSError as exc:
        return FileFix(path, number, "missing", f"cannot read: {exc.strerror}")
    if not 1 <= number <= len(lines):
        return FileFix(path, number, "missing", "the line no longer exists")
    before = lines[number - 1]
    after = None
    if not isinstance(old.value, bool) and isinstance(new.value, str):
        after = _replace_value(before, old.value_text(), new.value_text())
    if after is None and _replace_value(before, new.value_text(), new.value_text()) is not None:
        return FileFix(path, number, "unchanged", f"the line already says {new.value_text()}")
    if after is None:
        return FileFix(path, number, "manual",
                       f"cannot rewrite exactly; edit it to say {new.key} = {new.value_text()}: {before.strip()}")
    changed = lines[: number - 1] + [after] + lines[number:]
    diff = "".join(difflib.unified_diff(lines, changed, fromfile=path, tofile=path, n=1))
    if dry_run:
        return FileFix(path, number, "would-rewrite", "", diff)
    from statewise_cli.config.paths import backup_path

    backup = backup_path(path, os.environ)  # never beside the file in the work tree
    os.makedirs(os.path.dirname(backup), exist_ok=True)
    shutil.copy2(path, backup)
    tmp = f"{path}.statewise-tmp-{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.writelines(changed)
    shutil.copymode(path, tmp)
    os.replace(tmp, path)
    return FileFix(path, number, "rewritten", "", diff, backup)
