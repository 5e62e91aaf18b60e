"""Evidence and diagnosis: ``evidence``, ``index``, ``audit``."""

from __future__ import annotations

import os
from typing import Annotated, Any

import typer

from statewise_cli.cli import readcmds
from statewise_cli.cli.app import JsonOpt, WideOpt, app, err, open_store, out, print_json, say
from statewise_cli.errors import ExitCode, StatewiseError, UsageError


def escape(text: str) -> str:
    """rich's markup escape, imported on first use (rich costs 40+ ms; `evidence` renders without it)."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


def Table(*args: Any, **kwargs: Any) -> Any:  # rich.table.Table, imported on first use
    from rich.table import Table as RichTable

    return RichTable(*args, **kwargs)


@app.command()
def evidence(
    session: Annotated[str | None, typer.Option("--session", help="Session id (default: the most recent one).")] = None,
    wide: WideOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Show a session's evidence specification: satisfied and open conditions, holds and fallbacks."""
    readcmds.evidence(session=session, wide=wide, as_json=as_json)


@app.command("index")
def index_cmd(as_json: JsonOpt = False) -> None:
    """Index the repository's Python, JavaScript/TypeScript and Go code (incremental by content hash)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from statewise_cli.gate import index as repo_index

    with open_store() as store:
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
        print_json({"version": 1, **{k: list(v) if isinstance(v, tuple) else v for k, v in data.items()}})
        return
    say(f"{data['files']} files: {data['indexed']} indexed, {data['unchanged']} unchanged, {data['deleted']} deleted, "
        f"{data['skipped']} skipped; {data['symbols']} symbols, {data['calls']} calls in {data['seconds']:.2f}s")
    for problem in data["problems"][:10]:
        say(f"  {problem}")


# ------------------------------------------------------------------ audit
@app.command("audit")
def audit_cmd(
    transcript: Annotated[str | None, typer.Argument(help="Claude Code JSONL, Codex rollout JSONL, SWE-agent .traj, mini-swe-agent .traj.json, or a directory of them (default: this repository's latest session).")] = None,
    tests: Annotated[str | None, typer.Option("--tests", metavar="FILE", help="Test failure output (default: <name>.tests.txt beside the transcript, else its last test run).")] = None,
    task: Annotated[str | None, typer.Option("--task", metavar="TEXT", help="The task the agent was given.")] = None,
    html: Annotated[str | None, typer.Option("--html", metavar="OUT", help="Write a standalone HTML page (a directory of pages in directory mode).")] = None,
    expand: Annotated[list[int] | None, typer.Option("--expand", metavar="N", help="Show folded step N in full (repeatable).")] = None,
    llm: Annotated[str | None, typer.Option("--llm", metavar="URL", help="Also run the LLM investigator against this OpenAI-compatible endpoint (default: [llm] base_url of your statewise config; never an environment variable). On any failure the deterministic answer stands.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Find the earliest decisive error of a failed agent session.

    Steps are numbered from 1 (JSON: "step_base": 1): one assistant turn — a tool call, or a final message — per
    step, in transcript order (mini-swe-agent: one assistant message). A step is named whenever the session did
    anything; exit 1 only for an empty session."""
    from statewise_cli.audit import investigate as audit_mod
    from statewise_cli.config import settings as settings_mod
    from statewise_cli.repo import find_repo

    repo = find_repo(os.getcwd())
    investigator = audit_mod.investigator_for(settings_mod.load(repo.root if repo else None, os.environ).llm,
                                              os.environ, llm)

    if transcript is None:
        transcript = audit_mod.latest_session(os.getcwd(), os.environ)
        if transcript is None:
            raise StatewiseError("no Claude Code or Codex session of this repository found: pass a transcript", code="no-session")
    if not os.path.exists(transcript):
        raise UsageError(f"no such transcript: {transcript}")
    paths = audit_mod.collect(transcript)
    if not paths:
        raise StatewiseError(f"no transcripts (*.jsonl, *.traj, *.traj.json) under {transcript}", code="no-session")
    many = os.path.isdir(transcript)
    steps = tuple(expand or ())
    results: list[tuple[str, Any]] = []
    if many:
        from rich.progress import Progress

        with Progress(console=err, transient=True) as progress:
            bar = progress.add_task("auditing", total=len(paths))
            for path in paths:
                results.append((path, audit_mod.audit_file(path, tests_path=tests, task=task, cwd=os.getcwd(), expand=steps,
                                                           investigator=investigator)))
                progress.advance(bar)
    else:
        results.append((paths[0], audit_mod.audit_file(paths[0], tests_path=tests, task=task, cwd=os.getcwd(), expand=steps,
                                                       investigator=investigator)))
    if html:
        from statewise_cli.audit.html import render

        for path, diag in results:
            target = os.path.join(html, os.path.splitext(os.path.basename(path))[0] + ".html") if many else html
            os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(render(diag, os.path.basename(path)))
    if as_json:
        if many:
            print_json({"version": 1, "audits": [{"transcript": p, **d.to_json()} for p, d in results]})
        else:
            print_json(results[0][1].to_json())
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
    from statewise_cli.cli import render

    width = render.width_for(False)
    chosen = diag.chosen
    cands = {c.step: c for c in diag.candidates}
    out.print("[bold]Timeline[/] (folded steps show a summary; --expand N shows one in full)")
    for s in diag.trajectory.steps:
        fold = diag.folding.folds.get(s.index)
        mark = "[red]▶[/]" if chosen and s.index == chosen.step else "[yellow]·[/]" if s.index in cands else " "
        if fold is not None and s.index not in diag.expanded:
            out.print(f"{mark} [dim]{s.index:>4} ⊞ {escape(render.cut(f'{fold.summary} ({fold.reason})', (width or 10_000) - 9))}[/]")
        elif s.index in expand:
            out.print(f"{mark} {s.index:>4} ", end="")
            say(render_step(s, full=True))
        else:
            out.print(f"{mark} {s.index:>4} ", end="")
            say(render.cut(summarize(s), (width or 10_000) - 7))
    def prose(text: str) -> None:  # plain text within the terminal (80 columns when piped); a path is never broken
        render.echo(render.hanging(text, width, "  "))

    rep = diag.folding.report()
    say("")
    prose(f"Folded {rep['folded']} of {rep['steps']} steps ({rep['chars_folded']} of {rep['chars_total']} characters).")
    prose(f"Prior failure reasoning ({diag.prior.phase}): {diag.prior.rationale}")
    if chosen is None:
        say("No decisive step found.")
        return
    if diag.llm_error:
        prose(f"The LLM investigator gave no answer ({diag.llm_error}); the deterministic answer stands.")
    say("")
    prose(f"Earliest decisive error: step {chosen.step} ({chosen.phase}, {chosen.cause}, by the {diag.by} investigator; "
          "steps count from 1)")
    prose(diag.justification)
    if chosen.repair:
        prose(f"Fix the stale record: {chosen.repair}")
    if diag.candidates:
        table = Table(title="Runner-up candidates", title_justify="left")
        for column in ("step", "score", "phase", "cause", "why"):
            table.add_column(column, overflow="fold")
        for c in diag.candidates:
            table.add_row(str(c.step), f"{c.score:.2f}", c.phase, c.cause, escape(c.reason))
        out.print(table)
