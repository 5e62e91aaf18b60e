"""The hook and its health: ``doctor``, ``install-hook``, ``uninstall-hook``, ``hook``, ``explain``, ``demo``."""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated

import typer

from statewise_cli.cli import readcmds
from statewise_cli.cli.app import JsonOpt, WideOpt, app, out, print_json, say
from statewise_cli.errors import StatewiseError, UsageError


# ------------------------------------------------------------------ health
@app.command()
def doctor(
    as_json: JsonOpt = False,
    accept_store: Annotated[bool, typer.Option(
        "--accept-store",
        help="A store that was deleted or emptied on purpose becomes the new starting point (run it yourself, "
             "not through an agent).")] = False,
    ack: Annotated[bool, typer.Option(
        "--ack", help="Acknowledge the incidents listed now: later runs no longer warn about them (run it yourself).")] = False,
    all_incidents: Annotated[bool, typer.Option(
        "--all-incidents", help="List every repository's incidents, not only this one's.")] = False,
    wide: WideOpt = False,
) -> None:
    """Check the store, the hook installations and recorded incidents. Exit 1 when unhealthy."""
    code = readcmds.doctor(as_json=as_json, accept_store=accept_store, ack=ack, all_incidents=all_incidents, wide=wide)
    if code:
        raise typer.Exit(code)


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
        results.append(install.apply(result, dry_run=dry_run, env=os.environ))
    if as_json:
        print_json({"version": 1, "dry_run": dry_run, "results": [r.to_json() for r in results]})
        return
    from statewise_cli.cli import render

    verb = "uninstall" if remove else "install"
    width = render.width_for(False)

    def line(text: str) -> None:
        render.echo(render.hanging(text, width, "    "))

    for result in results:
        for change in result.changes:
            if not change.changed:
                line(f"{result.agent}: {change.path} already up to date")
            elif dry_run:
                line(f"{result.agent}: would change {change.path}:")
                say(change.diff())
            elif os.path.basename(change.path) == "exclude" and os.sep + "info" + os.sep in change.path:
                # git's own ignore list for this clone: the machine-local settings file stays out of commits
                line(f"{result.agent}: {'removed from' if remove else 'listed in'} {change.path} (kept out of git)")
            else:
                line(f"{result.agent}: {verb}ed in {change.path}")
        for backup in result.backups:
            line(f"{result.agent}: backup of the previous file: {backup}")
        for note in result.notes:
            line(f"{result.agent}: note: {note}")


AgentOpt = Annotated[str, typer.Option(help="claude | codex | all")]
ScopeOpt = Annotated[str, typer.Option(
    help="project (the committed .claude/settings.json / .codex/hooks.json, a portable `statewise hook` command) | "
         "local (this machine only: .claude/settings.local.json, Codex's user-level hooks.json) | "
         "user (all repositories)")]
DryOpt = Annotated[bool, typer.Option("--dry-run", help="Show the changes without writing them.")]


@app.command("install-hook")
def install_hook(agent: AgentOpt = "all", scope: ScopeOpt = "local", dry_run: DryOpt = False, as_json: JsonOpt = False) -> None:
    """Register `statewise hook` with Claude Code and/or Codex (merged, idempotent, with a backup)."""
    _install(agent, scope, dry_run, as_json, remove=False)


@app.command("uninstall-hook")
def uninstall_hook(agent: AgentOpt = "all", scope: ScopeOpt = "local", dry_run: DryOpt = False, as_json: JsonOpt = False) -> None:
    """Remove statewise's hook entries (and only those)."""
    _install(agent, scope, dry_run, as_json, remove=True)


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def hook(agent: Annotated[str | None, typer.Option(help="claude | codex (default: detected)")] = None) -> None:
    """Answer one hook call: payload on stdin, the agent's JSON reply on stdout.

    The agent runs this on every tool call; you do not. Register it with `statewise install-hook`
    (or the Claude Code plugin) and check it with `statewise doctor`.
    """
    from statewise_cli.hook.entry import main as hook_main

    raise typer.Exit(hook_main(["--agent", agent] if agent else []))


@app.command()
def explain(
    payload: Annotated[str, typer.Option("--payload", help="A hook payload file (JSON), or - for stdin.")],
    agent: Annotated[str | None, typer.Option(help="claude | codex (default: detected from the payload)")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Show what the hook would decide for a payload, and why — without changing anything."""
    from statewise_cli.hook.explain import explain_payload

    try:
        if payload == "-":
            raw = sys.stdin.read()
        else:
            with open(payload, encoding="utf-8") as fh:
                raw = fh.read()
    except FileNotFoundError:
        raise UsageError(f"no such payload file: {payload}") from None
    except OSError as exc:
        raise StatewiseError(f"cannot read {payload}: {exc.strerror}", code="bad-payload") from exc
    result = explain_payload(raw, agent, os.environ)
    if as_json:
        print_json({"version": 1, **result})
        return
    from statewise_cli.cli import render

    width = render.width_for(False)

    def line(text: str) -> None:
        render.echo(render.hanging(text, width, "    "))

    line(f"agent {result['agent']} · event {result['event']} · store {result['store']}")
    for action in result["actions"]:
        target = f" target {action['target']!r}" if action.get("target") not in (None, "") else ""
        flags = f" flags {', '.join(action['flags'])}" if action.get("flags") else ""
        line(f"action: {action['operation']}{target} risk {action['risk']}{flags}")
    trace = result.get("trace")
    if not trace:
        line(f"decision: {result['decision']} ({result['why']})")
        return
    for c in trace["candidates"]:
        line(f"candidate: {c['key']} = {json.dumps(c['value'])} [{c['scope']}] via {c['link']}, {c['dependence']}: "
             f"{c['evidence']}")
    for r in trace["resolutions"]:
        line(f"resolution: {r['key']} → {r['validity']}: {r['reason']}")
    for r in trace["repairs"]:
        line(f"repair: {r['key']} {r['status']}")
    for v in trace["checks"]:
        line(f"check failed: {v['invariant']}: {v['detail']} ({v['verdict']})")
    line(f"decision: {trace['decision']}")
    for text in (trace["reason"] or "").splitlines():  # the text the agent gets, shown to fit (`--json` has it whole)
        line(text)


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
