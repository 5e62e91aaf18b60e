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
import re
import subprocess
from collections.abc import Callable, Mapping
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
    if fact.scope.startswith("path:") and file.scope.startswith("path:"):
        # `cd web && …` in frontend/AGENTS.md runs in frontend/web
        return "path:" + file.scope[5:].removesuffix("**") + fact.scope[5:]
    return fact.scope if fact.scope != "repository" else file.scope


LLM_MARK = " (read by the LLM extractor)"


def import_file(store: Store, file: MemoryFile, *, force: bool = False, llm_config: Any = None,
                env: Mapping[str, str] | None = None) -> ImportReport:
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
        text = fh.read()
    facts = extract(text, nested=file.scope.startswith("path:"))
    if llm_config is not None:
        from statewise_cli.memory import llm

        facts.extend(llm.merge(text, facts, llm_config, env if env is not None else os.environ))
    else:
        facts.extend(_llm_facts_kept(store, file, text))
    _drop_own_directory(file, facts)
    report = _apply(store, file, facts)
    store.note_memory_file(file.label, file.path, digest, len(facts))
    return report


def _drop_own_directory(file: MemoryFile, facts: list[Fact]) -> None:
    """A nested file naming the directory it lives in (`deploy/AGENTS.md`: "`deploy/` holds …") says where its own scope is,
    which the scope already records: no component of the project is named, and no path record is kept for it."""
    if not file.scope.startswith("path:"):
        return
    directory = file.scope[5:].removesuffix("/**").strip("/")
    own = {directory, directory.rsplit("/", 1)[-1]}
    facts[:] = [f for f in facts if not (f.key.startswith("path.") and isinstance(f.value, str)
                                         and f.value.strip().removeprefix("./").strip("/") in own)]


def _llm_facts_kept(store: Store, file: MemoryFile, text: str) -> list[Fact]:
    """What the LLM read from this file at the last ``import-memory``, while its value is still written there:
    the hook's re-import (no LLM) keeps it, with the key it had (a default stays the default)."""
    kept = []
    lines = text.splitlines()
    for record in store.records_from_file(file.label, active_only=True):
        if not (record.evidence or "").endswith(LLM_MARK):
            continue
        line = int(record.source.rsplit(":", 1)[1]) if record.source.rsplit(":", 1)[1].isdigit() else 0
        value = str(record.value)
        if 1 <= line <= len(lines) and value in lines[line - 1].replace("`", ""):
            kept.append(Fact(record.key, record.value, record.type, line=line, text=lines[line - 1].strip(),
                             scope="repository" if record.scope == file.scope else record.scope,
                             explicit=record.key.count(".") == 1, origin="llm"))
    return kept


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


_DIFFERENT = object()  # a value no record holds: _outranked(…, _DIFFERENT) is every stronger record of the scope


def _outranked(current: list[Any], scope: str, value: Any) -> list[Any]:
    """The active records of this key and scope, of developer or environment authority and not
    themselves from a memory file, that say something else."""
    return [r for r in current if r.scope == scope and r.status == "active" and not r.source.startswith("memory-file:")
               and AUTHORITY_RANK.get(r.authority, 0) > AUTHORITY_RANK["document"] and r.value != value]


def _manifest_names(root: str | None) -> set[str]:
    """package.json script names and Makefile/justfile targets at ``root`` (evidence for a default command)."""
    names: set[str] = set()
    if not root:
        return names
    try:
        with open(os.path.join(root, "package.json"), encoding="utf-8") as fh:
            scripts = json.load(fh).get("scripts") or {}
        if isinstance(scripts, dict):
            names.update(f"script:{n}" for n in scripts)
    except (OSError, ValueError, AttributeError):
        pass
    for name in ("Makefile", "makefile", "GNUmakefile", "justfile", "Justfile"):
        try:
            with open(os.path.join(root, name), encoding="utf-8", errors="replace") as fh:
                for line in fh:
                    head = line.split(":", 1)[0].strip() if ":" in line and not line.startswith(("\t", " ", "#")) else ""
                    if head and " " not in head and "=" not in line.split(":", 1)[0]:
                        names.add(f"target:{head}")
        except OSError:
            continue
    return names


def _manifest_match(fact: Fact, kind: str, names: set[str]) -> bool:
    words = str(fact.value).split()
    if len(words) < 2 and words[:1] not in (["make"],):
        return False
    if words[0] in ("npm", "pnpm", "yarn", "bun"):
        rest = words[2:] if words[1:2] == ["run"] else words[1:]
        return len(rest) == 1 and rest[0] == kind and f"script:{kind}" in names
    if words[0] in ("make", "just"):
        return len(words) == 2 and words[1] == kind and f"target:{kind}" in names
    return False


def _variant_suffix(fact: Fact, taken: set[str]) -> str:
    """A stable key suffix for a non-default value: its qualifier, else a slug of the value."""
    slug = "_".join(re.findall(r"[a-z0-9]+", str(fact.value).lower()))[:40].strip("_") or "value"
    for suffix in ([fact.qualifier] if fact.qualifier else []) + [f"{fact.qualifier}_{slug}".strip("_"), slug]:
        if suffix and suffix not in taken:
            return suffix
    n = 2
    while f"{slug}_{n}" in taken:
        n += 1
    return f"{slug}_{n}"


def _default(key: str, facts: list[Fact], names: set[str]) -> Fact | None:
    """The value a key's plain name stands for when a file states several — only on evidence, never by order.

    Evidence, strongest first: the one the file labels explicitly ("Test:", "the test command is", a comment
    naming the task) and does not qualify; the only unqualified one; the one matching a package.json script or
    Makefile target of the task's name. None: every value stays a variant.
    """
    plain = [f for f in facts if not f.qualifier]
    explicit = [f for f in plain if f.explicit]
    if len(explicit) == 1:
        return explicit[0]
    if not explicit and len(plain) == 1:
        return plain[0]
    if key.startswith("command."):
        kind = key.split(".")[1]
        matched = [f for f in (explicit or plain) if _manifest_match(f, kind, names)]
        if len(matched) == 1:
            return matched[0]
    elif key == "package_manager" or key.startswith(("version.", "git.")):
        # A statement beats an inference; of several statements none wins (a conflict, kept as variants).
        return explicit[0] if len(explicit) == 1 else None
    return None


def _wanted(file: MemoryFile, facts: list[Fact], root: str | None) -> list[tuple[Fact, str]]:
    """Every value a file states, one record each: per key and scope a default only on evidence, the others
    as variants (``command.test.e2e``, ``command.test.watch``, ``command.test.pnpm_test_run``)."""
    groups: dict[tuple[str, str], dict[str, Fact]] = {}
    for fact in facts:
        scope = _fact_scope(fact, file)
        values = groups.setdefault((fact.key, scope), {})
        ident = json.dumps(fact.value, sort_keys=True)
        if ident not in values:
            values[ident] = fact
        elif fact.explicit and not values[ident].explicit:
            values[ident] = fact.replace(line=values[ident].line, text=values[ident].text)
    names: set[str] | None = None
    wanted: list[tuple[Fact, str]] = []
    for (key, scope), values in groups.items():
        distinct = list(values.values())
        if len(distinct) == 1 and not (distinct[0].qualifier and key.startswith("command.")):
            wanted.append((distinct[0], scope))
            continue
        if names is None:
            names = _manifest_names(root)
        if key.startswith(("path.", "policy.", "env.")):
            chosen: Fact | None = distinct[0]  # distinct things that share a slug, not rival values
        else:
            chosen = _default(key, distinct, names)
        taken: set[str] = set()
        for fact in distinct:
            if fact is chosen:
                wanted.append((fact, scope))
                continue
            suffix = _variant_suffix(fact, taken)
            taken.add(suffix)
            wanted.append((fact.replace(key=f"{key}.{suffix}"), scope))
    return wanted


def _beside_other_files(store: Store, file: MemoryFile, wanted: list[tuple[Fact, str]]) -> list[tuple[Fact, str]]:
    """A command another memory file states for the same key and scope is kept beside this file's one: this file's
    value becomes a variant (``command.lint.make_lint``) instead of superseding it — two files that name two lint
    commands keep both, whichever is imported first."""
    own = f"memory-file:{file.label}:"
    out: list[tuple[Fact, str]] = []
    for fact, scope in wanted:
        if fact.key.startswith("command."):
            current = [r for r in store.active_records(fact.key) if r.scope == scope]
            if any(r.source.startswith("memory-file:") and not r.source.startswith(own) and r.value != fact.value
                   for r in current):
                variants = [r for r in store.active_records() if r.key.startswith(fact.key + ".") and r.scope == scope]
                mine = [r.key for r in variants if r.source.startswith(own) and r.value == fact.value]
                taken = {r.key.removeprefix(fact.key + ".") for r in variants}
                fact = fact.replace(key=mine[0] if mine else f"{fact.key}.{_variant_suffix(fact, taken)}")
        out.append((fact, scope))
    return out


def _apply(store: Store, file: MemoryFile, facts: list[Fact]) -> ImportReport:
    root = store.repo.root if store.repo is not None else None
    wanted = _beside_other_files(store, file, _wanted(file, facts, root))
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
        if _outranked(before, scope, _DIFFERENT):
            # ... nor replaces it when they agree: the file's copy would carry document authority, and a later
            # verification could repair it (and with it the developer's protection) from what the file said.
            unchanged += 1
            continue
        record = store.put(
            fact.key, fact.value, type=fact.type, scope=scope, source=source,
            authority=file.authority or fact.authority, observed_at=now_ts(),
            validity="unchecked",  # a file's line is a claim until verification (or the developer) settles it
            evidence=f"{file.label}:{fact.line}: {fact.text.strip()[:300]}" + (LLM_MARK if fact.origin == "llm" else ""),
        )
        (superseded if any(r.scope == scope for r in before) else added).append(record.id)
    # After the puts, so an edited line supersedes its old record (lineage) instead of retracting it.
    retracted = _reconcile(store, file, wanted)
    return ImportReport(file.label, added, superseded, retracted, unchanged, None, tuple(outranked))


def import_all(store: Store, repo: RepoContext | None, env: Mapping[str, str], *, paths: list[str] | None = None,
               force: bool = False, global_store: Store | Callable[[], Store] | None = None) -> list[ImportReport]:
    """Import the memory files the agents read (or ``paths``); user-level files go to ``global_store``
    (a store, or a function that opens it: then it is opened only when a user-level file is imported)."""
    files = discover(repo, env)
    if paths:
        wanted = {os.path.abspath(p) for p in paths}
        files = [f for f in files if f.path in wanted]
        for path in wanted - {f.path for f in files}:
            label = os.path.relpath(path, repo.root) if repo and path.startswith(repo.root + os.sep) else _home_label(path)
            files.append(MemoryFile(path, label, "repository", None))
    from statewise_cli.memory import llm

    llm_config = llm.configured(env)  # the user's own [llm] endpoint, or None: deterministic only
    reports = []
    user_store: Store | None = None
    for file in files:
        if file.user_level and global_store is None:
            continue
        if file.user_level and user_store is None:
            user_store = global_store() if callable(global_store) else global_store
        target = user_store if file.user_level and user_store is not None else store
        reports.append(import_file(target, file, force=force, llm_config=llm_config, env=env))
    return reports
