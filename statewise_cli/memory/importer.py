"""Import the memory files agents already read into the record store, with provenance.

Files: ``CLAUDE.md``, ``CLAUDE.local.md``, ``.claude/CLAUDE.md``, ``.claude/rules/*.md``,
``AGENTS.md`` (root and nested — a nested file's facts are scoped to its
directory), Claude Code's auto memory for this repository, and the user-level
``$CLAUDE_CONFIG_DIR/CLAUDE.md`` / ``$CODEX_HOME/AGENTS.md`` (global scope, global store).

Re-import is a reconciliation per file: a fact whose line changed supersedes the
record it replaces, a fact whose line was removed is retracted, an unchanged fact
is left alone — and a fact that was already imported from this file and later
repaired is *not* imported again (wrong facts do not come back).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from collections.abc import Mapping
from typing import Any

from statewise_cli.config.paths import claude_config_dir, codex_home
from statewise_cli.fast.struct import Struct
from statewise_cli.memory.extract import Fact, extract
from statewise_cli.repo import RepoContext
from statewise_cli.store.db import Store
from statewise_cli.store.records import AUTHORITY_RANK, now_ts

MAX_FILE_BYTES = 512 * 1024
REMOVED_PREFIX = "no longer stated in"


class MemoryFile(Struct):
    path: str  # absolute
    label: str  # what provenance says: repo-relative, or ~/… for user files
    scope: str  # scope of the facts it holds
    authority: str | None  # None: per fact (document / developer); "agent" for auto memory
    user_level: bool = False


class ImportReport(Struct):
    file: str
    added: list[str]
    superseded: list[str]
    retracted: list[str]
    unchanged: int
    skipped: str | None
    outranked: tuple[str, ...] = ()  # records of higher authority that a line contradicts and did not replace

    def to_json(self) -> dict[str, Any]:
        return {n: getattr(self, n) for n in self.__slots__}


def _home_label(path: str) -> str:
    home = os.path.expanduser("~")
    return "~" + path[len(home):] if path.startswith(home + os.sep) else path


def _tracked(repo: RepoContext) -> list[str]:
    proc = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--",
         "*AGENTS.md", "*CLAUDE.md", "AGENTS.md", "CLAUDE.md", ".claude/rules/*.md"],
        cwd=repo.root, capture_output=True, timeout=10, check=False
    )
    return [p for p in proc.stdout.decode("utf-8", "replace").split("\0") if p]


def discover(repo: RepoContext | None, env: Mapping[str, str]) -> list[MemoryFile]:
    found: dict[str, MemoryFile] = {}
    if repo is not None:
        candidates = set(_tracked(repo))
        candidates.update(p for p in ("CLAUDE.local.md", ".claude/CLAUDE.md") if os.path.isfile(os.path.join(repo.root, p)))
        for rel in sorted(candidates):
            name = os.path.basename(rel)
            if name not in ("AGENTS.md", "CLAUDE.md", "CLAUDE.local.md") and not rel.startswith(".claude/rules/"):
                continue
            directory = os.path.dirname(rel)
            scope = "repository" if directory in ("", ".claude") or rel.startswith(".claude/rules/") else f"path:{directory}/**"
            found[rel] = MemoryFile(os.path.join(repo.root, rel), rel, scope, None)
        slug = repo.root.replace(os.sep, "-")
        auto = os.path.join(claude_config_dir(env), "projects", slug, "memory")
        if os.path.isdir(auto):
            for name in sorted(os.listdir(auto)):
                if name.endswith(".md"):
                    path = os.path.join(auto, name)
                    found[path] = MemoryFile(path, _home_label(path), "repository", "agent")
    for path in (os.path.join(claude_config_dir(env), "CLAUDE.md"), os.path.join(codex_home(env), "AGENTS.md")):
        if os.path.isfile(path):
            found[path] = MemoryFile(path, _home_label(path), "global", None, True)
    return list(found.values())


def file_digest(path: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read(MAX_FILE_BYTES + 1)).hexdigest()
    except OSError:
        return None


def _fact_scope(fact: Fact, file: MemoryFile) -> str:
    """A fact with its own scope (``branch:main``) keeps it; others take the file's scope."""
    return fact.scope if fact.scope != "repository" else file.scope


def import_file(store: Store, file: MemoryFile, *, force: bool = False) -> ImportReport:
    digest = file_digest(file.path)
    known = store.memory_file_sha256(file.label)
    if digest is None:
        gone = _reconcile(store, file, [])
        store.forget_memory_file(file.label)
        return ImportReport(file.label, [], [], gone, 0, "file no longer exists")
    if known == digest and not force:
        return ImportReport(file.label, [], [], [], 0, "unchanged since the last import")
    if os.path.getsize(file.path) > MAX_FILE_BYTES:
        return ImportReport(file.label, [], [], [], 0, f"larger than {MAX_FILE_BYTES // 1024} KiB")
    with open(file.path, encoding="utf-8", errors="replace") as fh:
        facts = extract(fh.read())
    report = _apply(store, file, facts)
    store.note_memory_file(file.label, file.path, digest, len(facts))
    return report


def _identity(key: str, scope: str, value: Any) -> tuple[str, str, str]:
    return key, scope, json.dumps(value, sort_keys=True)


def _reconcile(store: Store, file: MemoryFile, wanted: list[tuple[Fact, str]]) -> list[str]:
    """Retract this file's active records that the file no longer states."""
    keep = {_identity(f.key, scope, f.value) for f, scope in wanted}
    retracted = []
    for record in store.records_from_file(file.label, active_only=True):
        if _identity(record.key, record.scope, record.value) not in keep:
            store.retract(record.id, f"{REMOVED_PREFIX} {file.label}")
            retracted.append(record.id)
    return retracted


def _outranked(current: list[Any], scope: str, value: Any) -> list[Any]:
    """The active records of this key and scope, of developer or environment authority and not
    themselves from a memory file, that say something else."""
    return [r for r in current if r.scope == scope and r.status == "active" and not r.source.startswith("memory-file:")
               and AUTHORITY_RANK.get(r.authority, 0) > AUTHORITY_RANK["document"] and r.value != value]


def _apply(store: Store, file: MemoryFile, facts: list[Fact]) -> ImportReport:
    first: dict[tuple[str, str], tuple[Fact, str]] = {}
    for fact in facts:
        scope = _fact_scope(fact, file)
        first.setdefault((fact.key, scope), (fact, scope))
    wanted = list(first.values())
    history = {_identity(r.key, r.scope, r.value): r for r in store.records_from_file(file.label, active_only=False)}
    added: list[str] = []
    superseded: list[str] = []
    outranked: list[str] = []
    unchanged = 0
    for fact, scope in wanted:
        source = f"memory-file:{file.label}:{fact.line}"
        seen = history.get(_identity(fact.key, scope, fact.value))
        if seen is not None and not (seen.status == "retracted" and (seen.evidence or "").startswith(REMOVED_PREFIX)):
            # Known from this file: unchanged, or repaired/retracted since - never re-imported.
            unchanged += 1
            if seen.status == "active" and seen.source != source:
                store.move_source(seen.id, source)  # the line moved; the fact did not change
            continue
        before = store.active_records(fact.key)
        stronger = _outranked(before, scope, fact.value)
        if stronger:
            # A memory file is something the agent may write: it never lowers what a developer
            # stated or the environment showed for the same key and scope. That record stays in force.
            outranked += [r.id for r in stronger]
            continue
        record = store.put(
            fact.key, fact.value, type=fact.type, scope=scope, source=source,
            authority=file.authority or fact.authority, observed_at=now_ts(),
            evidence=f"{file.label}:{fact.line}: {fact.text.strip()[:300]}",
        )
        (superseded if any(r.scope == scope for r in before) else added).append(record.id)
    # After the puts, so an edited line supersedes its old record (lineage) instead of retracting it.
    retracted = _reconcile(store, file, wanted)
    return ImportReport(file.label, added, superseded, retracted, unchanged, None, tuple(outranked))


def import_all(store: Store, repo: RepoContext | None, env: Mapping[str, str], *, paths: list[str] | None = None,
               force: bool = False, global_store: Store | None = None) -> list[ImportReport]:
    files = discover(repo, env)
    if paths:
        wanted = {os.path.abspath(p) for p in paths}
        files = [f for f in files if f.path in wanted]
        for path in wanted - {f.path for f in files}:
            label = os.path.relpath(path, repo.root) if repo and path.startswith(repo.root + os.sep) else _home_label(path)
            files.append(MemoryFile(path, label, "repository", None))
    reports = []
    for file in files:
        target = global_store if file.user_level and global_store is not None else store
        if file.user_level and global_store is None:
            continue
        reports.append(import_file(target, file, force=force))
    return reports
