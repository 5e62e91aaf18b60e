"""``statewise audit --html``: one standalone page (no external assets) with the folded timeline.

The decisive step is highlighted; folded steps are ``<details>`` elements that expand in place.
"""

from __future__ import annotations

from html import escape

from statewise_cli.audit.investigate import Diagnosis, render_step
from statewise_cli.audit.signals import summarize

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222}
h1{font-size:1.3em} .verdict{background:#fff4e5;border-left:4px solid #e67e22;padding:.6em 1em}
ol{list-style:none;padding:0} li{border-left:3px solid #ddd;margin:.3em 0;padding:.2em .8em}
li.decisive{border-left:6px solid #c0392b;background:#fdecea} li.candidate{border-left-color:#e67e22}
li.folded{color:#666} pre{white-space:pre-wrap;background:#f6f6f6;padding:.5em;margin:.3em 0;max-height:30em;overflow:auto}
.tag{font-size:.8em;padding:0 .4em;border-radius:.3em;background:#eee;margin-left:.4em}
table{border-collapse:collapse} td,th{border:1px solid #ddd;padding:.2em .6em;text-align:left}
"""


def render(diag: Diagnosis, title: str) -> str:
    chosen = diag.chosen
    cand_steps = {c.step: c for c in diag.candidates}
    rows = []
    for s in diag.trajectory.steps:
        classes = []
        tags = ""
        if chosen is not None and s.index == chosen.step:
            classes.append("decisive")
            tags += f'<span class="tag">decisive: {escape(chosen.cause)}</span>'
        elif s.index in cand_steps:
            classes.append("candidate")
            tags += f'<span class="tag">candidate {cand_steps[s.index].score:.2f}</span>'
        fold = diag.folding.folds.get(s.index)
        body = f"<pre>{escape(render_step(s, full=True, limit=20000))}</pre>"
        head = f"<b>{s.index}</b> {escape(summarize(s))}{tags}"
        if fold is not None:
            classes.append("folded")
            same = f" (same as step {fold.same_as})" if fold.same_as else ""
            rows.append(f'<li id="step-{s.index}" class="{" ".join(classes)}"><details><summary>{head} '
                        f'<span class="tag">folded: {escape(fold.reason)}{same}</span></summary>{body}</details></li>')
        else:
            rows.append(f'<li id="step-{s.index}" class="{" ".join(classes)}">{head}{body}</li>')
    report = diag.folding.report()
    cands = "".join(
        f"<tr><td><a href='#step-{c.step}'>{c.step}</a></td><td>{escape(c.cause)}</td><td>{escape(c.phase)}</td>"
        f"<td>{c.score:.2f}</td><td>{escape(c.reason)}</td></tr>"
        for c in ([chosen] if chosen else []) + list(diag.candidates))
    verdict = (f"Earliest decisive error: <a href='#step-{chosen.step}'>step {chosen.step}</a> "
               f"({escape(chosen.phase)}, {escape(chosen.cause)})" if chosen else "No decisive step found")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>statewise audit: {escape(title)}</title>
<style>{CSS}</style></head><body>
<h1>statewise audit: {escape(title)}</h1>
<div class="verdict"><p><b>{verdict}</b></p><p>{escape(diag.justification)}</p></div>
<p>{report['folded']} of {report['steps']} steps folded ({report['chars_folded']} of {report['chars_total']} characters);
click a folded step to expand it.</p>
<h2>Candidates</h2><table><tr><th>step</th><th>cause</th><th>phase</th><th>score</th><th>why</th></tr>{cands}</table>
<h2>Timeline</h2><ol>
{chr(10).join(rows)}
</ol></body></html>
"""
