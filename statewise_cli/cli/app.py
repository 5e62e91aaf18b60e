"""The command line. The only module that imports typer and rich.

Each command opens what it needs, makes one library call and renders the result;
errors become one ``Error: …`` line and an exit code (0 ok, 1 findings or domain
failure, 2 usage, 3 internal error with a log file, 130 interrupted).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from statewise_cli import __version__
from statewise_cli.config import paths as config
from statewise_cli.config.settings import Settings
from statewise_cli.errors import ExitCode, StatewiseError, UsageError
from statewise_cli.store.db import Store
from statewise_cli.store.records import (
    AUTHORITIES,
    Record,
    age_text,
    parse_duration,
    parse_value,
    validate_choice,
    validate_scope,
    validate_source,
)

app = typer.Typer(
    name="statewise",
    help="Verified operational memory and evidence gates for coding agents.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
)
out = Console(highlight=False, soft_wrap=True)


def say(text: str) -> None:
    """Plain text: record values and scopes like [branch:main] are not rich markup."""
    out.print(text, markup=False)

err = Console(stderr=True, highlight=False, soft_wrap=True)

JsonOpt = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
DryOptLate = Annotated[bool, typer.Option("--dry-run", help="Show what would change without writing.")]


def _store(create: bool = True) -> Store:
    return Store.for_cwd(os.getcwd(), os.environ, create=create)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")


def _version(value: bool) -> None:
    if value:
        say(f"statewise {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        Optional[bool], typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = None,
) -> None:
    """Verified operational memory and evidence gates for coding agents."""


# ------------------------------------------------------------------ records
def _records_table(records: list[Record], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for column in ("key", "value", "scope", "status", "validity", "source", "authority", "observed", "id"):
        table.add_column(column, overflow="fold")
    for r in records:
        validity = r.validity + (" (expired)" if r.expired() else "")
        table.add_row(
            escape(r.key), escape(r.value_text()), escape(r.scope), r.status, validity, r.source, r.authority, age_text(r.observed_at), r.id
        )
    return table


@app.command()
def remember(
    key: Annotated[str, typer.Argument(help="Record key, e.g. git.branch.protected.")],
    value: Annotated[str, typer.Argument(help="Value; parsed as JSON when it is JSON (true, 3, [..]).")],
    type_: Annotated[str, typer.Option("--type", help="Record type, e.g. branch_policy, command, path.")] = "fact",
    scope: Annotated[str, typer.Option(help="global | repository | workspace | branch:NAME | path:GLOB")] = "repository",
    source: Annotated[str, typer.Option(help="memory-file:PATH:LINE | transcript | verifier | user | agent")] = "user",
    authority: Annotated[str, typer.Option(help="environment | developer | agent | document")] = "developer",
    ttl: Annotated[Optional[str], typer.Option(help="Freshness, e.g. 12h, 7d; expired records are flagged.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Store an operational fact (supersedes the active one of the same key and scope)."""
    validate_scope(scope)
    validate_source(source)
    validate_choice(authority, AUTHORITIES, "authority")
    ttl_seconds = parse_duration(ttl) if ttl else None
    with _store() as store:
        record = store.put(
            key, parse_value(value), type=type_, scope=scope, source=source, authority=authority, ttl_seconds=ttl_seconds
        )
    if as_json:
        _print_json({"record": record.to_json()})
    else:
        lineage = f" (supersedes {record.supersedes})" if record.supersedes else ""
        say(f"Remembered {record.key} = {record.value_text()} [{record.scope}] as {record.id}{lineage}")


@app.command("inspect-memory")
def inspect_memory(
    all_: Annotated[bool, typer.Option("--all", help="Include superseded and retracted records.")] = False,
    history: Annotated[Optional[str], typer.Option("--history", metavar="KEY", help="Show the lineage chain of KEY.")] = None,
    verify_: Annotated[bool, typer.Option("--verify", help="Check each active record live (validity, evidence).")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Show the records in this repository's store."""
    path = _store_path()
    records: list[Record] = []
    live: dict[str, Any] = {}
    if os.path.exists(path):  # reading never creates a store
        with _store(create=False) as store:
            records = store.history(history) if history else store.all_records() if all_ else store.active_records()
            if verify_:
                from statewise_cli.recovery import resolve

                ctx = resolve.context(store, os.environ, _settings())
                for record in [r for r in records if r.status == "active"]:
                    res = resolve.resolve(store, record, ctx)
                    resolve.record_outcome(store, res)
                    live[record.id] = res
    if history and not records:
        raise StatewiseError(f"no record with key {history!r}", code="unknown-key")
    if as_json:
        rows = []
        for r in records:
            row = r.to_json()
            if r.id in live:
                row["verification"] = live[r.id].to_json()
            rows.append(row)
        _print_json({"version": 1, "store": path, "records": rows})
        return
    if live:
        table = Table(title=f"{len(records)} record(s) in {path}, checked now", title_justify="left")
        for column in ("live validity", "key", "value", "scope", "source", "age", "lineage", "evidence"):
            table.add_column(column, overflow="fold")
        for r in records:
            res = live.get(r.id)
            table.add_row(
                res.outcome if res else r.validity, escape(r.key), escape(r.value_text()), escape(r.scope),
                escape(r.source), age_text(r.observed_at), f"supersedes {r.supersedes}" if r.supersedes else "",
                escape((res.question or res.reason) if res else ""),
            )
        out.print(table)
        return
    if history:
        say(f"Lineage of {history} (oldest first):")
        for r in records:
            arrow = f" → superseded by {r.superseded_by}" if r.superseded_by else ""
            say(
                f"  {r.id}  {r.status:<10} {r.value_text()}  [{r.scope}; {r.source}; {r.authority}; "
                f"{r.validity}; stored {age_text(r.stored_at)}]{arrow}"
            )
            if r.evidence:
                say(f"      why: {r.evidence}")
        return
    if not records:
        say(f"No records in {path}. Add one with `statewise remember KEY VALUE`.")
        return
    out.print(_records_table(records, f"{len(records)} record(s) in {path}"))


def _store_path() -> str:
    from statewise_cli.repo import find_repo
    from statewise_cli.store.db import STORE_FILENAME

    repo = find_repo(os.getcwd())
    return os.path.join(repo.store_dir, STORE_FILENAME) if repo else config.global_store_path(os.environ)


def _settings() -> Settings:
    from statewise_cli.config import settings as configured
    from statewise_cli.repo import find_repo

    repo = find_repo(os.getcwd())
    return configured.load(repo.root if repo else None, os.environ)


@app.command()
def repair(
    key: Annotated[str, typer.Option("--key", help="The record to check and correct.")],
    value: Annotated[Optional[str], typer.Option("--value", help="Set this value as the developer instead of verifying.")] = None,
    scope: Annotated[Optional[str], typer.Option(help="Only the record in this scope (default: every active one).")] = None,
    reason: Annotated[Optional[str], typer.Option(help="Why (with --value): kept in the lineage.")] = None,
    fix_memory_file: Annotated[bool, typer.Option("--fix-memory-file", help="Also rewrite the memory-file line the record came from (backup + diff).")] = False,
    dry_run: DryOptLate = False,
    as_json: JsonOpt = False,
) -> None:
    """Verify a record and repair it within the scope the evidence establishes, keeping lineage.

    With --value, a developer-authority correction that supersedes the record directly.
    """
    if scope:
        validate_scope(scope)
    if value is not None:
        if dry_run:
            raise UsageError("--dry-run applies to verifier-driven repair; omit --value")
        with _store() as store:
            replaced, new = store.repair(key, parse_value(value), scope=scope, evidence=reason)
        results_json: list[dict[str, Any]] = [{"key": key, "status": "repaired", "old": [r.to_json() for r in replaced], "new": new.to_json()}]
        fixes = _fix_memory_files(replaced, new, dry_run=False) if fix_memory_file else []
        if as_json:
            _print_json({"version": 1, "results": results_json, "memory_file_fixes": fixes})
            return
        if replaced:
            for old in replaced:
                say(f"Repaired {key} [{new.scope}]: {old.value_text()} → {new.value_text()} ({old.id} superseded by {new.id})")
        else:
            say(f"No active {key} in [{new.scope}]; recorded {new.value_text()} as {new.id}")
        _show_fixes(fixes)
        return
    from statewise_cli.recovery import resolve

    with _store() as store:
        records = [r for r in store.active_records(key) if scope is None or r.scope == scope]
        if not records:
            raise StatewiseError(f"no active record with key {key!r}" + (f" in {scope}" if scope else ""), code="unknown-key")
        ctx = resolve.context(store, os.environ, _settings())
        results = [resolve.repair(store, r, ctx, dry_run=dry_run) for r in records]
    fixes = []
    if fix_memory_file:
        for res in results:
            new = res.new
            if res.status == "would-repair" and res.old is not None and res.resolution.observation is not None:
                new = res.old.replace(value=res.resolution.observation.value, scope=res.resolution.observation.scope)
            if res.status in ("repaired", "would-repair") and res.old is not None and new is not None:
                fixes += _fix_memory_files([res.old], new, dry_run=dry_run)
    if as_json:
        _print_json({"version": 1, "results": [r.to_json() for r in results], "memory_file_fixes": fixes})
    else:
        for res in results:
            say(f"{res.status:>13}  {res.key} [{res.old.scope if res.old else ''}] {res.detail}")
            if res.new is not None:
                say(f"{'':>13}  now {res.new.key} = {res.new.value_text()} [{res.new.scope}] ({res.new.id}, supersedes {res.new.supersedes})")
        _show_fixes(fixes)
    if any(r.status in ("unresolved", "failed") for r in results):
        raise typer.Exit(ExitCode.FINDINGS)


def _fix_memory_files(old: list[Record], new: Record, *, dry_run: bool) -> list[dict[str, Any]]:
    from statewise_cli.memory.fixfile import fix_memory_line

    return [fix_memory_line(os.getcwd(), r, new, dry_run=dry_run).to_json() for r in old if r.source.startswith("memory-file:")]


def _show_fixes(fixes: list[dict[str, Any]]) -> None:
    for fix in fixes:
        if fix["status"] == "rewritten" or fix["status"] == "would-rewrite":
            say(f"{fix['status']}: {fix['path']}:{fix['line']} (backup {fix.get('backup') or '-'})")
            say(fix["diff"])
        else:
            say(f"{fix['status']}: {fix['path']}:{fix['line']}: {fix['detail']}")


@app.command()
def verify(as_json: JsonOpt = False) -> None:
    """Verify every active record against the repository. Exit 1 when any is defective."""
    from statewise_cli.recovery import resolve

    with _store() as store:
        ctx = resolve.context(store, os.environ, _settings())
        resolutions = []
        for record in store.active_records():
            res = resolve.resolve(store, record, ctx)
            resolve.record_outcome(store, res)
            resolutions.append(res)
    defective = [r for r in resolutions if r.outcome == "defective"]
    if as_json:
        _print_json({"version": 1, "records": [r.to_json() for r in resolutions]})
    else:
        table = Table(title=f"{len(resolutions)} record(s) verified", title_justify="left")
        for column in ("validity", "key", "value", "scope", "source", "evidence"):
            table.add_column(column, overflow="fold")
        colors = {"valid": "green", "defective": "red", "unresolved": "yellow"}
        for res in resolutions:
            r = res.record
            detail = res.question or res.reason
            table.add_row(f"[{colors.get(res.outcome, 'white')}]{res.outcome}[/]", escape(r.key), escape(r.value_text()),
                          escape(r.scope), escape(r.source), escape(detail))
        out.print(table)
        if defective:
            say(f"{len(defective)} defective: repair with `statewise repair --key KEY`")
    if defective:
        raise typer.Exit(ExitCode.FINDINGS)


@app.command()
def answer(
    key: Annotated[str, typer.Argument(help="The record a clarification asked about.")],
    value: Annotated[str, typer.Argument(help="Your answer (JSON when it parses: true, false, \"pnpm\").")],
    scope: Annotated[str, typer.Option(help="Scope the answer holds for.")] = "repository",
    as_json: JsonOpt = False,
) -> None:
    """Answer a clarification: store the developer's intent (developer authority)."""
    validate_scope(scope)
    parsed = parse_value(value)
    if key.startswith("policy.") and isinstance(parsed, str) and parsed.lower() in ("yes", "no"):
        parsed = parsed.lower() == "yes"
    with _store() as store:
        current = [r for r in store.active_records(key) if r.scope == scope]
        record_type = current[-1].type if current else "intent"
        if key.startswith("policy.") and current and isinstance(parsed, bool):
            if not parsed:
                gone = store.forget(key, scope=scope, reason="the developer answered: no longer the rule")
                record = None
            else:
                record = store.put(key, current[-1].value, type=record_type, scope=scope, source="user",
                                   authority="developer", evidence="confirmed by the developer (statewise answer)")
                gone = []
        else:
            record = store.put(key, parsed, type=record_type, scope=scope, source="user", authority="developer",
                               evidence="the developer's answer to a clarification (statewise answer)")
            gone = []
    if as_json:
        _print_json({"version": 1, "record": record.to_json() if record else None, "retracted": [r.to_json() for r in gone]})
    elif record is None:
        say(f"Retracted {key} [{scope}]: the developer says it no longer holds")
    else:
        lineage = f" (supersedes {record.supersedes})" if record.supersedes else ""
        say(f"Recorded {key} = {record.value_text()} [{scope}] as {record.id}{lineage}")


@app.command("import-memory")
def import_memory(
    paths: Annotated[Optional[list[str]], typer.Argument(help="Memory files (default: every file the agents read).")] = None,
    force: Annotated[bool, typer.Option(help="Re-read files whose hash did not change.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Extract operational facts from CLAUDE.md / AGENTS.md / auto memory into the store."""
    from statewise_cli.memory import importer as memory
    from statewise_cli.repo import find_repo

    repo = find_repo(os.getcwd())
    with _store() as store, Store.open(config.global_store_path(os.environ), None) as global_store:
        reports = memory.import_all(store, repo, os.environ, paths=paths or None, force=force, global_store=global_store)
    if as_json:
        _print_json({"version": 1, "files": [r.to_json() for r in reports]})
        return
    if not reports:
        say("No memory files found (CLAUDE.md, AGENTS.md, .claude/rules/*.md, auto memory).")
    for rep in reports:
        if rep.skipped:
            say(f"{rep.file}: skipped ({rep.skipped})")
        else:
            say(f"{rep.file}: {len(rep.added)} added, {len(rep.superseded)} superseded, {len(rep.retracted)} retracted, {rep.unchanged} unchanged")


@app.command("export")
def export_cmd(
    output: Annotated[Optional[str], typer.Option("--output", "-o", help="Where to write (default: .statewise/records.toml).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Write the verified records as TOML for the team to review and share."""
    from statewise_cli.memory.transfer import EXPORT_PATH, export_records
    from statewise_cli.repo import find_repo

    repo = find_repo(os.getcwd())
    target = output or os.path.join(repo.root if repo else os.getcwd(), EXPORT_PATH)
    with _store() as store:
        text, count = export_records(store)
    os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
    with open(target, "w", encoding="utf-8") as fh:
        fh.write(text)
    if as_json:
        _print_json({"version": 1, "path": target, "records": count})
    else:
        say(f"Exported {count} verified record(s) to {target}")


@app.command("import")
def import_cmd(
    path: Annotated[Optional[str], typer.Argument(help="The TOML file (default: .statewise/records.toml).")] = None,
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
    except OSError as exc:
        raise StatewiseError(f"cannot read {source}: {exc.strerror}", code="bad-import") from exc
    label = os.path.relpath(source, repo.root) if repo and os.path.abspath(source).startswith(repo.root + os.sep) else source
    with _store() as store:
        outcomes = import_records(store, text, label)
    if as_json:
        _print_json({"version": 1, "path": source, "records": outcomes})
        return
    for o in outcomes:
        say(f"{o['status']:>9}  line {o['line']}: {o.get('key', '?')} [{o.get('scope', '?')}] {o.get('detail', '')}".rstrip())


@app.command()
def forget(
    key: Annotated[str, typer.Option("--key", help="The record to retract.")],
    scope: Annotated[Optional[str], typer.Option(help="Only in this scope.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Retract a record. It stays in the history (inspect-memory --history KEY)."""
    if scope:
        validate_scope(scope)
    with _store() as store:
        gone = store.forget(key, scope=scope)
    if as_json:
        _print_json({"retracted": [r.to_json() for r in gone]})
    if not gone:
        raise StatewiseError(f"no active record with key {key!r}" + (f" in {scope}" if scope else ""), code="unknown-key")
    if not as_json:
        say(f"Retracted {len(gone)} record(s) of {key}: {', '.join(r.id for r in gone)}")


# ------------------------------------------------------------------ health
@app.command()
def doctor(as_json: JsonOpt = False) -> None:
    """Check the store, the hook installations and recorded incidents. Exit 1 when unhealthy."""
    from statewise_cli.install import doctor as doctor_mod

    report = doctor_mod.run(os.getcwd(), os.environ)
    if as_json:
        _print_json({"version": 1, **report.to_json()})
    else:
        marks = {"ok": "[green]ok[/]", "warn": "[yellow]warn[/]", "fail": "[red]FAIL[/]"}
        for check in report.checks:
            out.print(f"{marks[check.status]:>16}  ", end="")
            say(f"{check.name}: {check.detail}")
            if check.fix and check.status != "ok":
                say(f"                  fix: {check.fix}")
        if report.incidents:
            table = Table(title="Recent hook incidents", title_justify="left")
            for column in ("at", "agent", "event", "kind", "policy", "message", "log"):
                table.add_column(column, overflow="fold")
            for row in report.incidents:
                table.add_row(*(escape(str(row.get(k) or "")) for k in ("at", "agent", "event", "kind", "policy", "message", "log_path")))
            out.print(table)
    if not report.healthy:
        raise typer.Exit(ExitCode.FINDINGS)


# ------------------------------------------------------------------ install
def _agents(agent: str) -> list[str]:
    if agent == "all":
        return ["claude", "codex"]
    if agent not in ("claude", "codex"):
        raise UsageError(f"unknown agent {agent!r}: use claude, codex or all")
    return [agent]


def _install(agent: str, scope: str, dry_run: bool, as_json: bool, remove: bool) -> None:
    from statewise_cli.install import hooks as install

    results = []
    for name in _agents(agent):
        result = install.plan(name, scope, os.getcwd(), os.environ, remove=remove)
        results.append(install.apply(result, dry_run=dry_run))
    if as_json:
        _print_json({"version": 1, "dry_run": dry_run, "results": [r.to_json() for r in results]})
        return
    verb = "uninstall" if remove else "install"
    for result in results:
        for change in result.changes:
            if not change.changed:
                say(f"{result.agent}: {change.path} already up to date")
            elif dry_run:
                say(f"{result.agent}: would change {change.path}:")
                say(change.diff())
            else:
                say(f"{result.agent}: {verb}ed in {change.path}")
        for backup in result.backups:
            say(f"{result.agent}: backup of the previous file: {backup}")
        for note in result.notes:
            say(f"{result.agent}: note: {note}")


AgentOpt = Annotated[str, typer.Option(help="claude | codex | all")]
ScopeOpt = Annotated[str, typer.Option(help="project (this repository) | user (all repositories)")]
DryOpt = Annotated[bool, typer.Option("--dry-run", help="Show the changes without writing them.")]


@app.command("install-hook")
def install_hook(agent: AgentOpt = "all", scope: ScopeOpt = "project", dry_run: DryOpt = False, as_json: JsonOpt = False) -> None:
    """Register `statewise hook` with Claude Code and/or Codex (merged, idempotent, with a backup)."""
    _install(agent, scope, dry_run, as_json, remove=False)


@app.command("uninstall-hook")
def uninstall_hook(agent: AgentOpt = "all", scope: ScopeOpt = "project", dry_run: DryOpt = False, as_json: JsonOpt = False) -> None:
    """Remove statewise's hook entries (and only those)."""
    _install(agent, scope, dry_run, as_json, remove=True)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def hook(agent: Annotated[Optional[str], typer.Option(help="claude | codex (default: detected)")] = None) -> None:
    """Answer one hook call: payload on stdin, the agent's JSON reply on stdout."""
    from statewise_cli.hook.entry import main as hook_main

    raise typer.Exit(hook_main(["--agent", agent] if agent else []))


@app.command()
def explain(
    payload: Annotated[str, typer.Option("--payload", help="A hook payload file (JSON), or - for stdin.")],
    agent: Annotated[Optional[str], typer.Option(help="claude | codex (default: detected from the payload)")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show what the hook would decide for a payload, and why — without changing anything."""
    from statewise_cli.hook.explain import explain_payload

    try:
        raw = sys.stdin.read() if payload == "-" else open(payload, encoding="utf-8").read()
    except OSError as exc:
        raise StatewiseError(f"cannot read {payload}: {exc.strerror}", code="bad-payload") from exc
    result = explain_payload(raw, agent, os.environ)
    if as_json:
        _print_json({"version": 1, **result})
        return
    say(f"agent {result['agent']} · event {result['event']} · store {result['store']}")
    for action in result["actions"]:
        say(f"action: {action['operation']} target={action['target']!r} risk={action['risk']} flags={action['flags']}")
    trace = result.get("trace")
    if not trace:
        say(f"decision: {result['decision']} ({result['why']})")
        return
    for c in trace["candidates"]:
        say(f"candidate: {c['key']} = {json.dumps(c['value'])} [{c['scope']}] via {c['link']}, {c['dependence']}: {c['evidence']}")
    for r in trace["resolutions"]:
        say(f"resolution: {r['key']} → {r['validity']}: {r['reason']}")
    for r in trace["repairs"]:
        say(f"repair: {r['key']} {r['status']}")
    for v in trace["checks"]:
        say(f"check failed: {v['invariant']}: {v['detail']} ({v['verdict']})")
    say(f"decision: {trace['decision']}")
    if trace["reason"]:
        say(trace["reason"])


@app.command()
def evidence(
    session: Annotated[Optional[str], typer.Option("--session", help="Session id (default: the most recent one).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show a session's evidence specification: satisfied and open conditions, holds and fallbacks."""
    from statewise_cli.gate import engine as gate

    with _store() as store:
        report = gate.report(store, session)
    if report is None:
        raise StatewiseError("no session has evidence yet in this repository", code="no-session")
    if as_json:
        _print_json({"version": 1, **report})
        return
    say(f"session {report['session_id']} · mode {report['mode']} · {report['events']} evidence events")
    if report["task"]:
        say(f"task: {report['task'][:200]}")
    table = Table(title="Evidence conditions", title_justify="left")
    for column in ("status", "applies to", "condition", "satisfied by"):
        table.add_column(column, overflow="fold")
    for c in report["conditions"]:
        status = "[green]satisfied[/]" if c["satisfied_by"] else "[yellow]open[/]"
        table.add_row(status, c["action_type"], escape(c["text"]), escape(c["satisfied_by"] or ""))
    out.print(table)
    for h in report["holds"]:
        kind = "FALLBACK (proceeded unsupported)" if h["fallback"] else f"{h['holds']} hold(s)"
        say(f"{h['target']}: {kind}; missing: {', '.join(m['kind'] for m in h['missing'])}")


@app.command("index")
def index_cmd(as_json: JsonOpt = False) -> None:
    """Index the repository's Python, JavaScript/TypeScript and Go code (incremental by content hash)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from statewise_cli.gate import index as repo_index

    with _store() as store:
        if store.repo is None:
            raise StatewiseError("indexing needs a git repository: run it inside one", code="not-a-repository")
        if as_json:
            report = repo_index.index_repository(store.conn, store.repo.root)
        else:
            with Progress(TextColumn("indexing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=err, transient=True) as progress:
                task = progress.add_task("index", total=None)

                def on_progress(done: int, total: int) -> None:
                    progress.update(task, completed=done, total=total)

                report = repo_index.index_repository(store.conn, store.repo.root, on_progress=on_progress)
    data = {n: getattr(report, n) for n in report.__slots__}
    if as_json:
        _print_json({"version": 1, **{k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}})
        return
    say(f"{data['files']} files: {data['indexed']} indexed, {data['unchanged']} unchanged, {data['deleted']} deleted, "
        f"{data['skipped']} skipped; {data['symbols']} symbols, {data['calls']} calls in {data['seconds']:.2f}s")
    for problem in data["problems"][:10]:
        say(f"  {problem}")


@app.command()
def demo(keep: Annotated[bool, typer.Option(help="Keep the temporary repository.")] = False) -> None:
    """Show statewise on a built-in example: a stale fact, a repair, a blocked push."""
    from statewise_cli.cli import demo as demo_mod

    for kind, text in demo_mod.run(keep=keep):
        if kind == "step":
            out.print(f"\n[bold]{text}[/]")
        elif kind == "cmd":
            say(f"  $ {text}")
        else:
            say(text)


# ------------------------------------------------------------------ audit
@app.command("audit")
def audit_cmd(
    transcript: Annotated[Optional[str], typer.Argument(help="Claude Code JSONL, Codex rollout JSONL, SWE-agent .traj, or a directory of them (default: this repository's latest session).")] = None,
    tests: Annotated[Optional[str], typer.Option("--tests", metavar="FILE", help="Test failure output (default: <name>.tests.txt beside the transcript, else its last test run).")] = None,
    task: Annotated[Optional[str], typer.Option("--task", metavar="TEXT", help="The task the agent was given.")] = None,
    html: Annotated[Optional[str], typer.Option("--html", metavar="OUT", help="Write a standalone HTML page (a directory of pages in directory mode).")] = None,
    expand: Annotated[Optional[list[int]], typer.Option("--expand", metavar="N", help="Show folded step N in full (repeatable).")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Find the earliest decisive error of a failed agent session (exit 1 when no diagnosis is possible)."""
    from statewise_cli.audit import investigate as audit_mod

    if transcript is None:
        transcript = audit_mod.latest_session(os.getcwd(), os.environ)
        if transcript is None:
            raise StatewiseError("no Claude Code or Codex session of this repository found: pass a transcript", code="no-session")
    if not os.path.exists(transcript):
        raise UsageError(f"no such transcript: {transcript}")
    paths = audit_mod.collect(transcript)
    if not paths:
        raise StatewiseError(f"no transcripts (*.jsonl, *.traj) under {transcript}", code="no-session")
    many = os.path.isdir(transcript)
    steps = tuple(expand or ())
    results: list[tuple[str, Any]] = []
    if many:
        from rich.progress import Progress

        with Progress(console=err, transient=True) as progress:
            bar = progress.add_task("auditing", total=len(paths))
            for path in paths:
                results.append((path, audit_mod.audit_file(path, tests_path=tests, task=task, cwd=os.getcwd(), env=os.environ, expand=steps)))
                progress.advance(bar)
    else:
        results.append((paths[0], audit_mod.audit_file(paths[0], tests_path=tests, task=task, cwd=os.getcwd(), env=os.environ, expand=steps)))
    if html:
        from statewise_cli.audit.html import render

        for path, diag in results:
            target = os.path.join(html, os.path.splitext(os.path.basename(path))[0] + ".html") if many else html
            os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(render(diag, os.path.basename(path)))
    if as_json:
        if many:
            _print_json({"version": 1, "audits": [{"transcript": p, **d.to_json()} for p, d in results]})
        else:
            _print_json(results[0][1].to_json())
    elif many:
        table = Table(title=f"{len(results)} transcript(s) audited", title_justify="left")
        for column in ("transcript", "steps", "decisive", "phase", "cause", "folded"):
            table.add_column(column, overflow="fold")
        for path, d in results:
            rep = d.folding.report()
            table.add_row(escape(os.path.relpath(path, transcript)), str(rep["steps"]), str(d.chosen.step) if d.chosen else "-",
                          d.chosen.phase if d.chosen else "-", d.chosen.cause if d.chosen else "-", f"{rep['folded']}/{rep['steps']}")
        out.print(table)
    else:
        _show_audit(results[0][1], steps)
    if html and not as_json:
        say(f"HTML written to {html}")
    if any(d.chosen is None for _p, d in results):
        raise typer.Exit(ExitCode.FINDINGS)


def _show_audit(diag: Any, expand: tuple[int, ...]) -> None:
    from statewise_cli.audit.investigate import render_step
    from statewise_cli.audit.signals import summarize

    chosen = diag.chosen
    cands = {c.step: c for c in diag.candidates}
    out.print("[bold]Timeline[/] (folded steps show a summary; --expand N shows one in full)")
    for s in diag.trajectory.steps:
        fold = diag.folding.folds.get(s.index)
        mark = "[red]▶[/]" if chosen and s.index == chosen.step else "[yellow]·[/]" if s.index in cands else " "
        if fold is not None and s.index not in diag.expanded:
            out.print(f"{mark} [dim]{s.index:>4} ⊞ {escape(fold.summary)} ({fold.reason})[/]")
        elif s.index in expand:
            out.print(f"{mark} {s.index:>4} ", end="")
            say(render_step(s, full=True))
        else:
            out.print(f"{mark} {s.index:>4} ", end="")
            say(summarize(s))
    rep = diag.folding.report()
    say(f"\nFolded {rep['folded']} of {rep['steps']} steps ({rep['chars_folded']} of {rep['chars_total']} characters).")
    say(f"Prior failure reasoning ({diag.prior.phase}): {diag.prior.rationale}")
    if chosen is None:
        say("No decisive step found.")
        return
    out.print(f"\n[bold red]Earliest decisive error: step {chosen.step}[/] ({chosen.phase}, {chosen.cause}, by the {diag.by} investigator)")
    say(diag.justification)
    if chosen.repair:
        say(f"Fix the stale record: {chosen.repair}")
    if diag.candidates:
        table = Table(title="Runner-up candidates", title_justify="left")
        for column in ("step", "score", "phase", "cause", "why"):
            table.add_column(column, overflow="fold")
        for c in diag.candidates:
            table.add_row(str(c.step), f"{c.score:.2f}", c.phase, c.cause, escape(c.reason))
        out.print(table)


# ------------------------------------------------------------------ the edge
def _write_crash_log(exc: BaseException) -> str | None:
    import traceback

    try:
        directory = config.log_dir(os.environ)
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, f"cli-{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}.log")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(f"statewise {__version__} {' '.join(sys.argv)}\n\n")
            fh.write("".join(traceback.format_exception(exc)))
        return path
    except OSError:
        return None


def run(argv: list[str] | None = None) -> int:
    try:
        app(args=argv, prog_name="statewise")
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    except StatewiseError as exc:
        err.print(f"Error: {exc.message}", markup=False)
        return int(exc.exit_code)
    except KeyboardInterrupt:
        err.print("Interrupted.")
        return int(ExitCode.INTERRUPTED)
    except Exception as exc:  # noqa: BLE001 - the one edge handler
        path = _write_crash_log(exc)
        err.print(f"Internal error: {type(exc).__name__}: {exc}", markup=False)
        if path:
            err.print(f"A log with the details is at {path}", markup=False)
        return int(ExitCode.INTERNAL)
    return 0
