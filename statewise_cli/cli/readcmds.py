"""The read commands — ``inspect-memory``, ``verify``, ``doctor``, ``evidence`` — without typer.

Their typer commands (in :mod:`.records`, :mod:`.recovery`, :mod:`.hooks`, :mod:`.evidence`) call
these functions; :func:`dispatch` calls them directly when the command line is nothing but their
own options, so the commonest commands do not pay for importing typer (60+ ms, more under load).
Anything else — ``-h``, a positional argument, an unknown or misspelt option — returns None and
the typer app answers it, with its usual help and usage errors.
"""

from __future__ import annotations

import os

from statewise_cli.cli import render
from statewise_cli.cli.common import guarded, load_settings, open_store, print_json, say, store_path
from statewise_cli.errors import ExitCode, StatewiseError, UsageError
from statewise_cli.store.records import Record, age_text

TYPE_CHECKING = False  # typing costs ~6 ms to import (more under load): annotations only
if TYPE_CHECKING:
    from typing import Any

RECORD_COLUMNS = (
    render.Col("key", "key"), render.Col("value"), render.Col("scope"), render.Col("status", "fixed", drop=3),
    render.Col("validity", "fixed"), render.Col("source", drop=1), render.Col("authority", "fixed", drop=4),
    render.Col("observed", "fixed", drop=2), render.Col("id", "fixed", drop=5),
)


def _records_lines(records: list[Record], width: int | None) -> list[str]:
    rows = []
    for r in records:
        validity = r.validity + (" (expired)" if r.expired() else "")
        rows.append([r.key, r.value_text(), r.scope, r.status, validity, r.source, r.authority,
                     age_text(r.observed_at), r.id])
    return render.table(RECORD_COLUMNS, rows, width)


DETAIL_LINES = 3


def verdict_lines(rows: list[tuple[str, Record, str]], width: int | None) -> list[str]:
    """One entry per checked record: the verdict, key = value [scope] (source) on one line, never
    broken; what was found below it, wrapped (one line with --wide)."""
    colors = {"valid": "green", "defective": "red", "unresolved": "yellow"}
    pad = max([len(v) for v, _r, _d in rows] + [9])
    lines: list[str] = []
    indent = " " * (pad + 2)
    for verdict, r, detail in rows:
        mark = render.paint(verdict.ljust(pad), colors.get(verdict))
        value, where = render.one_line(r.value_text()), f"[{r.scope}]  {r.source}"
        if width is None or pad + 2 + len(r.key) + 3 + len(value) + 2 + len(where) <= width:
            lines.append(f"{mark}  {r.key} = {value}  {where}")
        else:  # the key whole; the value cut to the line; scope and source below
            room = max(10, width - pad - 2 - len(r.key) - 3)
            lines.append(f"{mark}  {r.key} = {render.cut(value, room)}")
            lines.append(indent + where)
        if detail:
            found = render.wrap(render.one_line(detail), width, indent)
            # --wide shows all of it; a text that names a command to run is never cut
            if width is not None and len(found) > DETAIL_LINES and "statewise " not in detail:
                found = found[:DETAIL_LINES - 1] + [render.cut(found[DETAIL_LINES - 1] + " …", width)]
            lines.extend(found)
    return lines


def inspect_memory(*, all_: bool = False, history: str | None = None, verify_: bool = False, wide: bool = False,
                   as_json: bool = False) -> int:
    """``statewise inspect-memory``: the store's records, fitted to the terminal."""
    path = store_path()
    records: list[Record] = []
    live: dict[str, Any] = {}
    settings = load_settings() if verify_ else None
    if os.path.exists(path):  # reading never creates a store
        with open_store(create=False) as store:
            records = store.history(history) if history else store.all_records() if all_ else store.active_records()
            if settings is not None:
                from statewise_cli.recovery.verify import verify_all

                checked = verify_all(store, settings, os.environ, [r for r in records if r.status == "active"])
                live = {res.record.id: res for res in checked}
    if history and not records:
        raise StatewiseError(f"no record with key {history!r}", code="unknown-key")
    if as_json:
        rows = []
        for r in records:
            row = r.to_json()
            if r.id in live:
                row["verification"] = live[r.id].to_json()
            rows.append(row)
        print_json({"version": 1, "store": path, "records": rows})
        return 0
    width = render.width_for(wide)
    if live:
        say(f"{len(records)} record(s) in {path}; live validity, checked now:")
        verdicts: list[tuple[str, Record, str]] = []
        for r in records:
            res = live.get(r.id)
            detail = ((res.question or res.reason) if res else "") + (f" (supersedes {r.supersedes})" if r.supersedes else "")
            verdicts.append((res.outcome if res else r.validity, r, detail))
        render.echo(verdict_lines(verdicts, width))
        return 0
    if history:
        say(f"Lineage of {history} (oldest first):")
        for r in records:
            arrow = f" → superseded by {r.superseded_by}" if r.superseded_by else ""
            say(f"  {r.id}  {r.status:<10} {r.value_text()}{arrow}")
            render.echo(render.wrap(f"[{r.scope}; {r.source}; {r.authority}; {r.validity}; stored "
                                    f"{age_text(r.stored_at)}]", width, " " * 6))
            if r.evidence:  # one evidence line per line (two verifiers' findings are two lines, not one paragraph)
                for i, part in enumerate(p for p in r.evidence.splitlines() if p.strip()):
                    render.echo(render.hanging(render.one_line(part), width, " " * 11,
                                               first=" " * 6 + ("why: " if i == 0 else " " * 5)))
        return 0
    if not records:
        say(f"No records in {path}. Add one with `statewise remember KEY VALUE`.")
        return 0
    say(f"{len(records)} record(s) in {path}")
    render.echo(_records_lines(records, width))
    return 0


def verify(*, wide: bool = False, as_json: bool = False) -> int:
    """``statewise verify``: every active record checked live; 1 when any is defective."""
    from statewise_cli.recovery.verify import verify_all

    settings = load_settings()
    with open_store() as store:
        resolutions = verify_all(store, settings, os.environ)
    defective = [r for r in resolutions if r.outcome == "defective" and r.overridden_by is None]
    if as_json:
        print_json({"version": 1, "records": [r.to_json() for r in resolutions]})
    else:
        say(f"{len(resolutions)} record(s) verified")
        rows = []
        for res in resolutions:
            verdict, detail = res.outcome, res.question or res.reason
            if res.overridden_by is not None:
                verdict = "overridden"
                detail = (f"{detail}; repaired for [{res.overridden_by.scope}] as {res.overridden_by.id}, this record "
                          f"stays for the rest of {res.record.scope}")
            rows.append((verdict, res.record, detail))
        render.echo(verdict_lines(rows, render.width_for(wide)))
        if defective:
            keys = sorted({r.record.key for r in defective})
            hint = (f"{len(defective)} defective: repair with " + ", ".join(f"`statewise repair --key {k}`" for k in keys[:3])
                    + (" …" if len(keys) > 3 else ""))
            render.echo(render.wrap(hint, render.width_for(wide)))
    return ExitCode.FINDINGS if defective else 0


def doctor(*, as_json: bool = False, accept_store: bool = False, ack: bool = False, all_incidents: bool = False,
           wide: bool = False) -> int:
    """``statewise doctor``: the store, the hook installations, incidents; 1 when unhealthy."""
    from statewise_cli.install import doctor as doctor_mod

    if accept_store:
        for path, count in doctor_mod.accept_stores(os.getcwd(), os.environ):
            if not as_json:
                say(f"accepted {path} as it is now ({count} records)")
    if ack:
        acked = doctor_mod.acknowledge_incidents(os.getcwd(), os.environ, everywhere=all_incidents)
        if not as_json:
            say(f"acknowledged {acked} incident(s); doctor lists only newer ones")
    report = doctor_mod.run(os.getcwd(), os.environ, everywhere=all_incidents)
    if as_json:
        print_json({"version": 1, **report.to_json()})
    else:
        width = render.width_for(wide)
        marks = {"ok": ("ok", "green"), "warn": ("warn", "yellow"), "fail": ("FAIL", "red")}
        for check in report.checks:
            word, color = marks[check.status]
            lines = render.wrap(f"{check.name}: {check.detail}", width, " " * 6)
            say(render.paint(f"{word:>4}", color) + "  " + lines[0].lstrip())
            render.echo(lines[1:])
            if check.fix and check.status != "ok":
                render.echo(render.wrap(f"fix: {check.fix}", width, " " * 6))
        if report.incidents:
            say("Recent hook incidents (`statewise doctor --ack` acknowledges them):")
            columns = [render.Col("at", "fixed"), render.Col("kind", "key"), render.Col("event", "fixed", drop=2),
                       render.Col("agent", "fixed", drop=3), render.Col("policy", "fixed", drop=1),
                       render.Col("message"), render.Col("log", drop=4)]
            rows = [[str(row.get(k) or "") for k in ("at", "kind", "event", "agent", "policy", "message", "log_path")]
                    for row in report.incidents]
            render.echo(render.table(columns, rows, width))
    return 0 if report.healthy else ExitCode.FINDINGS


def evidence(*, session: str | None = None, wide: bool = False, as_json: bool = False) -> int:
    """``statewise evidence``: a session's evidence specification."""
    from statewise_cli.gate import engine as gate

    with open_store() as store:
        report = gate.report(store, session)
    if report is None and session is not None:
        raise UsageError(f"no such session: {session} (`statewise evidence` without --session shows the latest)")
    if report is None:
        raise StatewiseError("no session has evidence yet in this repository", code="no-session")
    if as_json:
        print_json({"version": 1, **report})
        return 0
    say(f"session {report['session_id']} · mode {report['mode']} · {report['events']} evidence events")
    if report["task"]:
        say(f"task: {report['task'][:200]}")
    say("Evidence conditions:")
    columns = [render.Col("status", "fixed"), render.Col("applies to", "fixed"), render.Col("condition"),
               render.Col("satisfied by")]
    rows = [["satisfied" if c["satisfied_by"] else "open", c["action_type"], c["text"], c["satisfied_by"] or ""]
            for c in report["conditions"]]
    colors = ["green" if c["satisfied_by"] else "yellow" for c in report["conditions"]]
    render.echo(render.table(columns, rows, render.width_for(wide), colors))
    for h in report["holds"]:
        kind = "FALLBACK (proceeded unsupported)" if h["fallback"] else f"{h['holds']} hold(s)"
        say(f"{h['target']}: {kind}; missing: {', '.join(m['kind'] for m in h['missing'])}")
    return 0


# option -> (parameter, takes a value)
FAST: dict[str, tuple[Any, dict[str, tuple[str, bool]]]] = {
    "inspect-memory": (inspect_memory, {"--all": ("all_", False), "--history": ("history", True),
                                        "--verify": ("verify_", False), "--wide": ("wide", False),
                                        "--json": ("as_json", False)}),
    "verify": (verify, {"--wide": ("wide", False), "--json": ("as_json", False)}),
    "doctor": (doctor, {"--json": ("as_json", False), "--accept-store": ("accept_store", False), "--ack": ("ack", False),
                        "--all-incidents": ("all_incidents", False), "--wide": ("wide", False)}),
    "evidence": (evidence, {"--session": ("session", True), "--wide": ("wide", False), "--json": ("as_json", False)}),
}


def parse(argv: list[str]) -> tuple[Any, dict[str, Any]] | None:
    """(command function, keyword arguments) when ``argv`` is one read command with only its own
    options; None for anything the typer app should answer."""
    if not argv or argv[0] not in FAST:
        return None
    function, options = FAST[argv[0]]
    kwargs: dict[str, Any] = {}
    rest = argv[1:]
    i = 0
    while i < len(rest):
        word, value = rest[i], None
        if "=" in word and word.startswith("--"):
            word, value = word.split("=", 1)
        spec = options.get(word)
        if spec is None:
            return None
        name, takes = spec
        if takes:
            if value is None:
                if i + 1 >= len(rest) or rest[i + 1].startswith("-"):
                    return None
                i += 1
                value = rest[i]
            kwargs[name] = value
        elif value is not None:
            return None
        else:
            kwargs[name] = True
        i += 1
    return function, kwargs


def dispatch(argv: list[str]) -> int | None:
    """Run a read command without typer; None when the typer app must answer ``argv``."""
    parsed = parse(argv)
    if parsed is None:
        return None
    function, kwargs = parsed
    return guarded(lambda: function(**kwargs))
