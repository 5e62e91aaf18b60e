"""Records: ``remember``, ``inspect-memory``, ``import-memory``, ``export``, ``import``, ``forget``."""

from __future__ import annotations

import os
from typing import Annotated

import typer

from statewise_cli.cli import readcmds
from statewise_cli.cli.app import JsonOpt, WideOpt, app, open_store, print_json, say
from statewise_cli.config import paths as config
from statewise_cli.errors import StatewiseError, UsageError
from statewise_cli.store.db import Store
from statewise_cli.store.records import (
    AUTHORITIES,
    parse_duration,
    parse_value,
    validate_choice,
    validate_scope,
    validate_source,
)


@app.command()
def remember(
    key: Annotated[str, typer.Argument(help="Record key, e.g. git.branch.protected.")],
    value: Annotated[str, typer.Argument(help="Value; parsed as JSON when it is JSON (true, 3, [..]).")],
    type_: Annotated[str, typer.Option("--type", help="Record type, e.g. branch_policy, command, path.")] = "fact",
    scope: Annotated[str, typer.Option(help="global | repository | workspace | branch:NAME | path:GLOB")] = "repository",
    source: Annotated[str, typer.Option(help="memory-file:PATH:LINE | transcript | verifier | user | agent")] = "user",
    authority: Annotated[str, typer.Option(help="environment | developer | agent | document")] = "developer",
    ttl: Annotated[str | None, typer.Option(help="Freshness, e.g. 12h, 7d; expired records are flagged.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Store an operational fact (supersedes the active one of the same key and scope)."""
    validate_scope(scope)
    validate_source(source)
    validate_choice(authority, AUTHORITIES, "authority")
    ttl_seconds = parse_duration(ttl) if ttl else None
    parsed = parse_value(value, key)
    with open_store() as store:
        record = store.put(
            key, parsed, type=type_, scope=scope, source=source, authority=authority, ttl_seconds=ttl_seconds
        )
    if as_json:
        print_json({"record": record.to_json()})
    else:
        lineage = f" (supersedes {record.supersedes})" if record.supersedes else ""
        say(f"Remembered {record.key} = {record.value_text()} [{record.scope}] as {record.id}{lineage}")


@app.command("inspect-memory")
def inspect_memory(
    all_: Annotated[bool, typer.Option("--all", help="Include superseded and retracted records.")] = False,
    history: Annotated[str | None, typer.Option("--history", metavar="KEY", help="Show the lineage chain of KEY.")] = None,
    verify_: Annotated[bool, typer.Option("--verify", help="Check each active record live (validity, evidence).")] = False,
    wide: WideOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Show the records in this repository's store (fitted to the terminal; --wide for everything)."""
    readcmds.inspect_memory(all_=all_, history=history, verify_=verify_, wide=wide, as_json=as_json)


@app.command("import-memory")
def import_memory(
    paths: Annotated[list[str] | None, typer.Argument(help="Memory files (default: every file the agents read).")] = None,
    force: Annotated[bool, typer.Option(help="Re-read files whose hash did not change.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Extract operational facts from CLAUDE.md / AGENTS.md / auto memory into the store."""
    from statewise_cli.memory import importer as memory
    from statewise_cli.repo import find_repo

    missing = [p for p in paths or () if not os.path.isfile(p)]
    if missing:
        raise UsageError(f"no such file: {missing[0]}")
    repo = find_repo(os.getcwd())
    opened: list[Store] = []

    def global_store() -> Store:  # opened (and created) only for a user-level file
        if not opened:
            opened.append(Store.open(config.global_store_path(os.environ), None))
        return opened[0]

    try:
        with open_store() as store:
            reports = memory.import_all(store, repo, os.environ, paths=paths or None, force=force,
                                        global_store=global_store)
    finally:
        for other in opened:
            other.close()
    if as_json:
        print_json({"version": 1, "files": [r.to_json() for r in reports]})
        return
    if not reports:
        say("No memory files found (CLAUDE.md, AGENTS.md, .claude/rules/*.md, auto memory).")
    for rep in reports:
        if rep.skipped:
            say(f"{rep.file}: skipped ({rep.skipped})")
        else:
            kept = f", {len(rep.outranked)} contradicting a developer/environment record (kept)" if rep.outranked else ""
            say(f"{rep.file}: {len(rep.added)} added, {len(rep.superseded)} superseded, {len(rep.retracted)} retracted, "
                f"{rep.unchanged} unchanged{kept}")


@app.command("export")
def export_cmd(
    output: Annotated[str | None, typer.Option("--output", "-o", help="Where to write (default: .statewise/records.toml).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Write the verified records as TOML for the team to review and share."""
    from statewise_cli.memory.transfer import EXPORT_PATH, export_records
    from statewise_cli.repo import find_repo

    repo = find_repo(os.getcwd())
    target = output or os.path.join(repo.root if repo else os.getcwd(), EXPORT_PATH)
    with open_store() as store:
        text, count = export_records(store)
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    with open(target, "w", encoding="utf-8") as fh:
        fh.write(text)
    if as_json:
        print_json({"version": 1, "path": target, "records": count})
    else:
        say(f"Exported {count} verified record(s) to {target}")


@app.command("import")
def import_cmd(
    path: Annotated[str | None, typer.Argument(help="The TOML file (default: .statewise/records.toml).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Read shared records as document-authority claims; never over a stronger record."""
    from statewise_cli.memory.transfer import EXPORT_PATH, import_records
    from statewise_cli.repo import find_repo

    repo = find_repo(os.getcwd())
    source = path or os.path.join(repo.root if repo else os.getcwd(), EXPORT_PATH)
    try:
        with open(source, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        raise UsageError(f"no such file: {source}" + ("" if path else " (export one with `statewise export`)")) from None
    except OSError as exc:
        raise StatewiseError(f"cannot read {source}: {exc.strerror}", code="bad-import") from exc
    label = os.path.relpath(source, repo.root) if repo and os.path.abspath(source).startswith(repo.root + os.sep) else source
    with open_store() as store:
        outcomes = import_records(store, text, label)
    if as_json:
        print_json({"version": 1, "path": source, "records": outcomes})
        return
    for o in outcomes:
        say(f"{o['status']:>9}  line {o['line']}: {o.get('key', '?')} [{o.get('scope', '?')}] {o.get('detail', '')}".rstrip())


@app.command()
def forget(
    key: Annotated[str, typer.Option("--key", help="The record to retract.")],
    scope: Annotated[str | None, typer.Option(help="Only in this scope.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Retract a record. It stays in the history (inspect-memory --history KEY)."""
    if scope:
        validate_scope(scope)
    with open_store() as store:
        gone = store.forget(key, scope=scope)
    if as_json:
        print_json({"retracted": [r.to_json() for r in gone]})
    if not gone:
        raise StatewiseError(f"no active record with key {key!r}" + (f" in {scope}" if scope else ""), code="unknown-key")
    if not as_json:
        say(f"Retracted {len(gone)} record(s) of {key}: {', '.join(r.id for r in gone)}")
