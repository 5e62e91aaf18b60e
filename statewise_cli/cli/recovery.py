"""``verify``, ``repair`` and ``answer``: check the records, correct them, answer a clarification."""

from __future__ import annotations

import os
from typing import Annotated, Any

import typer

from statewise_cli.cli import readcmds, render
from statewise_cli.cli.app import DryOptLate, JsonOpt, WideOpt, app, load_settings, open_store, print_json, say
from statewise_cli.errors import ExitCode, UsageError
from statewise_cli.store.records import validate_scope


@app.command()
def repair(
    key: Annotated[str, typer.Option("--key", help="The record to check and correct.")],
    value: Annotated[str | None, typer.Option("--value", help="Set this value as the developer instead of verifying.")] = None,
    scope: Annotated[str | None, typer.Option(help="Only the record in this scope (default: every active one).")] = None,
    reason: Annotated[str | None, typer.Option(help="Why (with --value): kept in the lineage.")] = None,
    fix_memory_file: Annotated[bool, typer.Option("--fix-memory-file", help="Also rewrite the memory-file line the record came from (backup + diff).")] = False,
    dry_run: DryOptLate = False,
    as_json: JsonOpt = False,
) -> None:
    """Verify a record and repair it within the scope the evidence establishes, keeping lineage.

    With --value, a developer-authority correction that supersedes the record directly.
    """
    from statewise_cli.recovery.repair import correct, repair_key

    if scope:
        validate_scope(scope)
    if value is not None:
        if dry_run:
            raise UsageError("--dry-run applies to verifier-driven repair; omit --value")
        with open_store() as store:
            fixed = correct(store, key, value, scope=scope, reason=reason, fix_memory_file=fix_memory_file,
                            cwd=os.getcwd())
        if as_json:
            print_json(fixed.to_json())
            return
        new = fixed.new
        for old in fixed.replaced:
            say(f"Repaired {key} [{new.scope}]: {old.value_text()} → {new.value_text()} ({old.id} superseded by {new.id})")
        if not fixed.replaced:
            say(f"No active {key} in [{new.scope}]; recorded {new.value_text()} as {new.id}")
        _show_fixes(fixed.memory_file_fixes, fix_memory_file)
        return
    settings = load_settings()
    with open_store() as store:
        report = repair_key(store, key, settings, os.environ, scope=scope, dry_run=dry_run,
                            fix_memory_file=fix_memory_file, cwd=os.getcwd())
    if as_json:
        print_json(report.to_json())
    else:
        width = render.width_for(False)
        for res in report.results:
            before, after = res.old, res.new
            say(f"{res.status:>13}  {res.key}" + (f" = {before.value_text()} [{before.scope}]" if before else ""))
            render.echo(render.wrap(render.one_line(res.detail), width, " " * 15))
            if after is not None:
                if after.supersedes:
                    lineage = f"supersedes {after.supersedes}"
                elif before is not None and before.scope != after.scope:
                    lineage = f"a new record for [{after.scope}]; {before.id} [{before.scope}] stays active for the rest"
                else:
                    lineage = "a new record"
                render.echo(render.wrap(f"now {after.key} = {after.value_text()} [{after.scope}] ({after.id}, "
                                        f"{lineage})", width, " " * 15))
        _show_fixes(report.memory_file_fixes, fix_memory_file)
    if report.unsettled:
        raise typer.Exit(ExitCode.FINDINGS)


def _show_fixes(fixes: tuple[dict[str, Any], ...], requested: bool = True) -> None:
    width = render.width_for(False)
    if requested and not fixes:
        render.echo(render.hanging("--fix-memory-file: no memory-file line to rewrite (the records of this key did not "
                                   "come from a memory file, or nothing changed)", width))
    for fix in fixes:
        if fix["status"] == "rewritten" or fix["status"] == "would-rewrite":
            backup = f" (backup {fix['backup']})" if fix.get("backup") else ""
            render.echo(render.hanging(f"{fix['status']}: {fix['path']}:{fix['line']}{backup}", width))
            say(fix["diff"])
        else:
            render.echo(render.hanging(f"{fix['status']}: {fix['path']}:{fix['line']}: {fix['detail']}", width))


@app.command()
def verify(wide: WideOpt = False, as_json: JsonOpt = False) -> None:
    """Verify every active record against the repository. Exit 1 when any is defective."""
    code = readcmds.verify(wide=wide, as_json=as_json)
    if code:
        raise typer.Exit(code)


@app.command()
def answer(
    key: Annotated[str, typer.Argument(help="The record a clarification asked about.")],
    value: Annotated[str, typer.Argument(help="Your answer (JSON when it parses: true, false, \"pnpm\").")],
    scope: Annotated[str, typer.Option(help="Scope the answer holds for.")] = "repository",
    as_json: JsonOpt = False,
) -> None:
    """Answer a clarification: store the developer's intent (developer authority)."""
    from statewise_cli.recovery.answer import answer as answer_clarification

    validate_scope(scope)
    with open_store() as store:
        given = answer_clarification(store, key, value, scope)
    record = given.record
    if as_json:
        print_json(given.to_json())
    elif record is None:
        say(f"Retracted {key} [{scope}]: the developer says it no longer holds")
    else:
        lineage = f" (supersedes {record.supersedes})" if record.supersedes else ""
        say(f"Recorded {key} = {record.value_text()} [{scope}] as {record.id}{lineage}")
        if given.new_key:
            close = f"; active keys spelled like it: {', '.join(given.close_keys)}" if given.close_keys else ""
            render.echo(render.hanging(f"note: no record of {key} existed, so this is a new developer record{close}. "
                                       f"`statewise forget --key {key}` removes it if the key was mistyped.",
                                       render.width_for(False)))
