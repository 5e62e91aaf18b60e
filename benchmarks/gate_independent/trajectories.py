"""The trajectories: tasks, agent steps, and a label on every commitment.

A step is a dict with ``op``:

- ``read``  (path, optional ``lines`` [first, last]): Claude's Read tool; Codex ``cat`` / ``sed -n``.
- ``sh``    (cmd): a shell command, the same text for both agents. ``effect=True`` marks commands
  that change the working tree (git pull/checkout/commit, formatters); the driver re-executes
  those while replaying, every other output is the recorded one.
- ``grep``  (pattern, path, optional ``after``): Claude's Grep tool; Codex ``grep -rn``.
- ``edit``  (path, old, new): Claude's Edit; Codex ``apply_patch`` (Update File).
- ``write`` (path, content): a new file. Claude's Write; Codex ``apply_patch`` (Add File).
- ``submit`` (cmd): ``git commit`` / ``git push`` / ``gh pr create`` through the shell.
- ``stop``: the agent ends its turn (the Stop event).

Every ``edit``/``write``/``submit``/``stop`` is a commitment and carries ``label``:
``premature`` with ``cond`` (the missing evidence: definition, reproduction, callers, related,
coverage, stale) or ``supported``. ``note`` says why. The labels were written from the task and
the steps alone, from the ECLoop conditions as the paper and README state them, without running
the gate.
"""

from __future__ import annotations

PY_TEST = "python -m pytest -q"


def read(path, lines=None):
    return {"op": "read", "path": path, "lines": lines}


def sh(cmd, effect=False, output=None, rc=None):
    step = {"op": "sh", "cmd": cmd, "effect": effect}
    if output is not None:  # recorded text (vitest is not installable here; gh needs a network)
        step["output"], step["rc"], step["synthetic"] = output, rc, True
    return step


def grep(pattern, path=".", after=None):
    return {"op": "grep", "pattern": pattern, "path": path, "after": after}


def _c(step, label, cond=None, note=""):
    assert label in ("premature", "supported")
    assert (label == "premature") == (cond is not None)
    step.update(label=label, cond=cond, note=note)
    return step


def edit(path, old, new, label, cond=None, note=""):
    return _c({"op": "edit", "path": path, "old": old, "new": new}, label, cond, note)


def write(path, content, label, cond=None, note=""):
    return _c({"op": "write", "path": path, "content": content}, label, cond, note)


def submit(cmd, label, cond=None, note="", output=None, rc=None):
    step = {"op": "submit", "cmd": cmd, "effect": True}
    if output is not None:
        step["output"], step["rc"], step["synthetic"] = output, rc, True
    return _c(step, label, cond, note)


def stop(label, cond=None, note="", message="Done."):
    return _c({"op": "stop", "message": message}, label, cond, note)


def gh_pr(n):
    return submit("gh pr create --fill --base main", "supported",
                  note="tests exercising every edited module ran after the last edit",
                  output=f"https://github.com/acme/repo/pull/{n}\n", rc=0)


def vitest(results, duration="412ms"):
    """Recorded vitest 2.1 text for ``results``: [(file, [(test, ok)])]."""
    lines = ["", " RUN  v2.1.8 /repo", ""]
    failed_files = sum(1 for _, ts in results if not all(ok for _, ok in ts))
    n_fail = sum(1 for _, ts in results for _, ok in ts if not ok)
    n_pass = sum(1 for _, ts in results for _, ok in ts if ok)
    for f, ts in results:
        bad = [t for t, ok in ts if not ok]
        mark = "❯" if bad else "✓"
        lines.append(f" {mark} {f} ({len(ts)} test{'s' if len(ts) > 1 else ''}{f' | {len(bad)} failed' if bad else ''}) 7ms")
        for t in bad:
            lines.append(f"   × {t} 3ms")
            lines.append("     → expected { ok: false, attempts: 0 } to deeply equal { ok: true, attempts: 1 }" if "zero" in t
                         else "     → expected values to be strictly equal")
    if failed_files:
        lines += ["", f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests {n_fail} ⎯⎯⎯⎯⎯⎯⎯", ""]
        for f, ts in results:
            for t, ok in ts:
                if not ok:
                    lines += [f" FAIL  {f} > {t}", "AssertionError: expected values to be strictly equal", ""]
    files_part = (f"{failed_files} failed | " if failed_files else "") + f"{len(results) - failed_files} passed"
    tests_part = (f"{n_fail} failed | " if n_fail else "") + f"{n_pass} passed"
    lines += ["", f" Test Files  {files_part} ({len(results)})", f"      Tests  {tests_part} ({n_fail + n_pass})",
              "   Start at  10:42:07", f"   Duration  {duration}", ""]
    return "\n".join(lines), (1 if failed_files else 0)


def vt(cmd, results):
    out, rc = vitest(results)
    return sh(cmd, output=out, rc=rc)


CHANNEL_T = ("tests/channel.test.ts", [("formatMessage > email has a subject line", True),
                                       ("formatMessage > slack uses bold level", True)])
SMS_T = ("tests/sms.test.ts", [("truncates to 160 characters", True)])
RETRY_OK = ("tests/retry.test.ts", [("gives up after the last attempt", True), ("zero attempts still tries once", True)])
RETRY_ZERO_FAIL = ("tests/retry.test.ts", [("gives up after the last attempt", True),
                                           ("zero attempts still tries once", False)])

CSV_QUOTE_NEW = '''    def format_row(self, row):
        return self.delimiter.join(self._quote(self.format_value(row.get(c))) for c in self.columns)

    def _quote(self, text):
        if self.delimiter in text or '"' in text:
            return '"' + text.replace('"', '""') + '"'
        return text'''
CSV_ROW_OLD = '''    def format_row(self, row):
        return self.delimiter.join(self.format_value(row.get(c)) for c in self.columns)'''
MD_ROW_OLD = "        cells = [self.format_value(row.get(c)) for c in self.columns]"
MD_ROW_NEW = '        cells = [self.format_value(row.get(c)).replace("|", "\\\\|") for c in self.columns]'
SLUG_OLD = "  return title\n    .toLowerCase()"
SLUG_NEW = "  return title\n    .normalize('NFD')\n    .replace(/[\\u0300-\\u036f]/g, '')\n    .toLowerCase()"
SLUG_COLLAPSE_OLD = "    .replace(/\\s+/g, '-');"
SLUG_COLLAPSE_NEW = "    .replace(/\\s+/g, '-')\n    .replace(/-+/g, '-');"
MONEY_THOUSANDS_OLD = '    text = text.strip()\n    if not text:\n        return None'
MONEY_THOUSANDS_NEW = '    text = text.strip().replace(",", "")\n    if not text:\n        return None'
THOUSANDS_TASK = ("Bug report: bank exports with thousands separators crash the importer. parse_amount('1,234.50') "
                  "raises ValueError: invalid literal for int() with base 10: '1,234'. "
                  "tests/test_money.py::test_thousands_separator fails on main. Please fix.")
SLUG_ACCENT_TASK = ("Bug: slugify drops accented letters: 'Café déjà vu' becomes 'caf-dj-vu' instead of "
                    "'cafe-deja-vu'. test/slugify.test.js fails ('keeps accented letters as plain letters').")
SLUG_COLLAPSE_TASK = ("Bug: slugify('a - b') returns 'a---b'; runs of separators should collapse to a single "
                      "hyphen ('a-b'). Reported by the docs team: URLs like /guides/setup---install.")

T = []


def traj(tid, repo, task, steps):
    T.append({"id": tid, "repo": repo, "task": task, "steps": steps})


# ============================================================ exportkit (Python)
traj("ex-01-csv-quote-related", "exportkit",
     "Bug: CsvExporter does not quote values containing the delimiter, so 'Smith, John' splits into two "
     "columns. tests/test_csv.py::test_quotes_values_with_delimiter fails.",
     [sh(f"{PY_TEST} tests/test_csv.py"),
      read("exportkit/csv_exporter.py"),
      read("exportkit/base.py"),
      edit("exportkit/csv_exporter.py", CSV_ROW_OLD, CSV_QUOTE_NEW, "premature", "related",
           "TsvExporter inherits this format_row (quoting would change TSV output) and the sibling "
           "overrides MarkdownExporter/JsonLinesExporter.format_row were never looked at"),
      read("exportkit/tsv_exporter.py"),
      sh("sed -n 1,40p exportkit/markdown_exporter.py"),
      sh("timeout 5 cat exportkit/json_exporter.py"),
      edit("exportkit/tsv_exporter.py", "    def format_value(self, value):",
           "    def _quote(self, text):\n        return text\n\n    def format_value(self, value):", "supported",
           note="new override of the agent's own _quote: tsv, csv (read, then edited by the agent), base and "
                "siblings all read; reproduction done first"),
      sh(PY_TEST),
      stop("supported", note="full suite ran after the last edit")])

traj("ex-02-md-pipes-norepro", "exportkit",
     "Markdown export breaks tables when a value contains a pipe: exporting {'a': 'x|y'} produces an extra "
     "column. Please fix MarkdownExporter.",
     [read("exportkit/markdown_exporter.py"),
      read("exportkit/base.py"),
      sh("bash -c 'cat exportkit/csv_exporter.py exportkit/json_exporter.py'"),
      edit("exportkit/markdown_exporter.py", MD_ROW_OLD, MD_ROW_NEW, "premature", "reproduction",
           "bug report, the broken table was never reproduced before the first edit"),
      sh("python -c \"from exportkit.markdown_exporter import MarkdownExporter as M; "
         "print(M(['a', 'b']).format_row({'a': 'x|y', 'b': 1}))\""),
      write("tests/test_markdown_pipes.py",
            "from exportkit.markdown_exporter import MarkdownExporter\n\n\ndef test_pipe_is_escaped():\n"
            "    row = MarkdownExporter(['a']).format_row({'a': 'x|y'})\n    assert row == '| x\\\\|y |'\n",
            "supported", note="a new test file: nothing to read first, no caller; the fix is already in"),
      sh(f"{PY_TEST} tests/test_markdown.py tests/test_markdown_pipes.py"),
      stop("supported", note="markdown tests ran after the last edit")])

traj("ex-03-md-pipes-full", "exportkit",
     "Bug: MarkdownExporter doesn't escape '|' in cell values, so a value 'x|y' breaks the table. Fix it.",
     [sh("python -c \"from exportkit.markdown_exporter import MarkdownExporter as M; "
         "out = M(['a', 'b']).format_row({'a': 'x|y', 'b': 1}); print(out); "
         "assert chr(92) + '|y' in out, 'pipe inside a cell is not escaped'\""),
      read("exportkit/markdown_exporter.py"),
      read("exportkit/base.py"),
      sh("bash -c 'cat exportkit/csv_exporter.py exportkit/json_exporter.py'"),
      edit("exportkit/markdown_exporter.py", MD_ROW_OLD, MD_ROW_NEW, "supported",
           note="reproduced (AssertionError), definition, base and sibling format_row read; callers: only base export()"),
      sh(f"{PY_TEST} tests/test_markdown.py"),
      submit("git commit -qam 'markdown: escape pipes in cells'", "supported",
             note="markdown tests ran after the only edit"),
      stop("supported", note="tests ran after the last edit; committed")])

traj("ex-04-format-value-related", "exportkit",
     "Feature request: numbers in exports should be short. Exporter.format_value should render floats with "
     "at most 6 significant digits (format 'g'), e.g. 0.1 + 0.2 -> '0.3'. Integers stay as they are.",
     [read("exportkit/base.py"),
      grep("format_value", "exportkit"),
      edit("exportkit/base.py", "        if value is None:\n            return \"\"\n        return str(value)",
           "        if value is None:\n            return \"\"\n        if isinstance(value, float):\n"
           "            return format(value, \"g\")\n        return str(value)", "premature", "related",
           "overrides TsvExporter.format_value and JsonLinesExporter.format_value (returns the raw value) "
           "only seen as grep lines, their bodies never read"),
      read("exportkit/json_exporter.py"),
      sh("nl -ba exportkit/tsv_exporter.py"),
      sh(f"{PY_TEST} tests/test_json.py tests/test_markdown.py tests/test_registry.py"),
      submit("git commit -qam 'base: short float formatting'", "supported",
             note="test_json imports json_exporter -> base; tests ran after the last edit"),
      submit("git push -q origin HEAD:refs/heads/float-format", "supported", note="same evidence as the commit")])

traj("ex-05-registry-coverage", "exportkit",
     "Feature: get_exporter should accept format names case-insensitively ('CSV', 'Md').",
     [read("exportkit/registry.py"),
      grep("get_exporter", "."),
      sh("sed -n 1,30p exportkit/cli.py"),
      edit("exportkit/registry.py", "        cls = EXPORTERS[name]", "        cls = EXPORTERS[name.lower()]",
           "supported", note="definition read, callers (cli.export_file, tests) seen; not a bug report"),
      sh(f"{PY_TEST} tests/test_csv.py tests/test_json.py"),
      submit("git commit -qam 'registry: case-insensitive format names'", "premature", "coverage",
             "the tests run after the edit (test_csv, test_json) do not import registry, directly or transitively"),
      sh(f"{PY_TEST} tests/test_registry.py"),
      stop("supported", note="test_registry ran after the last edit")])

traj("ex-06-md-header-stale-checkout", "exportkit",
     "On the release-1.2 branch: MarkdownExporter.header should escape '|' in column names too.",
     [read("exportkit/markdown_exporter.py"),
      sh("cat exportkit/base.py exportkit/csv_exporter.py"),
      sh("git checkout -q release-1.2", effect=True),
      edit("exportkit/markdown_exporter.py", '        top = "| " + " | ".join(self.columns) + " |"',
           '        top = "| " + " | ".join(c.replace("|", "\\\\|") for c in self.columns) + " |"',
           "premature", "stale", "markdown_exporter.py was read on main; git checkout release-1.2 replaced it "
                                 "(it has an _escape helper there) and it was not read again"),
      read("exportkit/markdown_exporter.py"),
      edit("exportkit/markdown_exporter.py", 'c.replace("|", "\\\\|") for c in self.columns', "_escape(c) for c in self.columns",
           "supported", note="re-read after the checkout and after the agent's own edit"),
      sh(f"{PY_TEST} tests/test_markdown.py"),
      stop("supported", note="markdown tests ran after the last edit")])

traj("ex-07-csv-header-stale-pull", "exportkit",
     "Feature: CsvExporter.header should quote column names that contain the delimiter.",
     [read("exportkit/csv_exporter.py"),
      read("exportkit/base.py"),
      sh("cat exportkit/markdown_exporter.py exportkit/tsv_exporter.py"),
      sh("git pull -q --ff-only", effect=True),
      edit("exportkit/csv_exporter.py", "        return self.delimiter.join(self.columns)",
           "        return self.delimiter.join(\n            f'\"{c}\"' if self.delimiter in c else c for c in self.columns)",
           "premature", "stale", "git pull rewrote csv_exporter.py (include_header) after it was read"),
      read("exportkit/csv_exporter.py"),
      sh(f"{PY_TEST} tests/test_csv.py"),
      stop("supported", note="test_csv ran after the last edit; its one failure is the known quoting bug, "
                             "not part of this task")])

traj("ex-08-json-date-definition", "exportkit",
     "Bug: JsonLinesExporter crashes on dates: exporting {'when': datetime.date(2024, 1, 2)} raises "
     "TypeError: Object of type date is not JSON serializable.",
     [sh("python -c \"import datetime; from exportkit.json_exporter import JsonLinesExporter as J; "
         "print(J(['when']).format_row({'when': datetime.date(2024, 1, 2)}))\""),
      sh("cat exportkit/base.py exportkit/csv_exporter.py exportkit/markdown_exporter.py"),
      sh("head -n 4 exportkit/json_exporter.py"),
      edit("exportkit/json_exporter.py", "        return json.dumps(record, sort_keys=True)",
           "        return json.dumps(record, sort_keys=True, default=str)", "premature", "definition",
           "JsonLinesExporter.format_row was never read: only the traceback line and the imports"),
      read("exportkit/json_exporter.py"),
      sh(f"{PY_TEST} tests/test_json.py"),
      stop("supported", note="test_json ran after the last edit")])

traj("ex-09-csv-quote-wrappers", "exportkit",
     "Bug: CSV values containing the delimiter or double quotes are not quoted "
     "(tests/test_csv.py::test_quotes_values_with_delimiter fails).",
     [sh(f"{PY_TEST} tests/test_csv.py"),
      sh("sed -n 1,80p exportkit/csv_exporter.py"),
      sh("bash -c 'cat exportkit/base.py'"),
      sh("timeout 5 cat exportkit/tsv_exporter.py"),
      sh("cat exportkit/markdown_exporter.py exportkit/json_exporter.py"),
      grep("format_row", "exportkit"),
      edit("exportkit/csv_exporter.py", CSV_ROW_OLD, CSV_QUOTE_NEW, "supported",
           note="reproduced; definition, base, subclass and siblings read through shell wrappers; caller export() read"),
      sh(PY_TEST),
      submit("git commit -qam 'csv: quote values containing the delimiter or quotes'", "supported",
             note="full suite ran after the only edit"),
      submit("git push -q origin HEAD:refs/heads/csv-quoting", "supported", note="same evidence")])

traj("ex-10-tsv-cr-coverage", "exportkit",
     "Feature: TsvExporter should also replace carriage returns (\\r) inside values with spaces.",
     [read("exportkit/tsv_exporter.py"),
      read("exportkit/csv_exporter.py"),
      sh("cat exportkit/base.py exportkit/json_exporter.py"),
      edit("exportkit/tsv_exporter.py", '.replace("\\n", " ")', '.replace("\\n", " ").replace("\\r", " ")',
           "supported", note="definition, base (Exporter.format_value) and sibling override (JsonLines) read"),
      submit("git commit -qam 'tsv: replace carriage returns'", "premature", "coverage",
             "no test ran after the edit"),
      sh(f"{PY_TEST} tests/test_registry.py"),
      submit("git push -q origin HEAD:refs/heads/tsv-cr", "supported",
             note="test_registry imports registry -> tsv_exporter and ran after the last edit")])

traj("ex-11-md-none-related", "exportkit",
     "Feature: MarkdownExporter should show missing values (None) as an em dash '—' instead of an empty cell.",
     [read("exportkit/markdown_exporter.py"),
      edit("exportkit/markdown_exporter.py", "    def format_row(self, row):",
           "    def format_value(self, value):\n        if value is None:\n            return \"\\u2014\"\n"
           "        return super().format_value(value)\n\n    def format_row(self, row):", "premature", "related",
           "adds an override of Exporter.format_value without reading the base method or the sibling "
           "overrides (TsvExporter, JsonLinesExporter)"),
      sh("cat exportkit/base.py exportkit/tsv_exporter.py exportkit/json_exporter.py"),
      sh(f"{PY_TEST} tests/test_markdown.py"),
      stop("supported", note="markdown tests ran after the last edit")])

# ============================================================ ledger (Python)
traj("le-01-thousands-norepro", "ledger", THOUSANDS_TASK,
     [read("ledger/money.py"),
      grep("parse_amount", "."),
      edit("ledger/money.py", MONEY_THOUSANDS_OLD, MONEY_THOUSANDS_NEW, "premature", "reproduction",
           "the failing test named in the report was never run before the edit"),
      sh(f"{PY_TEST} tests/test_money.py"),
      stop("supported", note="test_money ran after the last edit")])

traj("le-02-thousands-full", "ledger", THOUSANDS_TASK,
     [sh(f"{PY_TEST} tests/test_money.py"),
      read("ledger/money.py", [1, 20]),
      grep("parse_amount", "."),
      edit("ledger/money.py", MONEY_THOUSANDS_OLD, MONEY_THOUSANDS_NEW, "supported",
           note="reproduced, definition read (lines 1-20 hold parse_amount), call sites seen through grep"),
      sh(PY_TEST),
      submit("git commit -qam 'money: accept thousands separators'", "supported", note="full suite after the edit"),
      gh_pr(14)])

traj("le-03-raise-callers", "ledger",
     "Bug: parse_amount('abc') fails with a bare \"invalid literal for int()\" that doesn't say which amount "
     "was bad, and blank input silently returns None, which hides empty invoice lines. Make parse_amount raise "
     "ValueError('not an amount: ...') for blank and malformed input.",
     [sh("python -c \"from ledger.money import parse_amount; parse_amount('abc')\""),
      read("ledger/money.py"),
      sh(f"{PY_TEST} tests/test_money.py"),
      edit("ledger/money.py", MONEY_THOUSANDS_OLD,
           '    text = text.strip()\n    if not text or not text.lstrip("-").replace(".", "", 1).isdigit():\n'
           '        raise ValueError(f"not an amount: {text!r}")', "premature", "callers",
           "changes the contract (None -> raises) while importer.read_transactions and Invoice.add_line, "
           "outside the test's module, rely on None; no caller inspected"),
      grep("parse_amount", "ledger"),
      read("ledger/importer.py"),
      read("ledger/invoice.py"),
      edit("ledger/importer.py", '            amount = parse_amount(rec["amount"])\n            if amount is None:\n'
                                 '                continue',
           '            if not rec["amount"].strip():\n                continue\n'
           '            amount = parse_amount(rec["amount"])', "supported",
           note="read_transactions read; its only callers are tests"),
      edit("ledger/invoice.py", "        cents = parse_amount(amount_text)\n        if cents is None:\n"
                                "            raise ValueError(f\"line {description!r} has no amount\")\n",
           "        if not amount_text.strip():\n            raise ValueError(f\"line {description!r} has no amount\")\n"
           "        cents = parse_amount(amount_text)\n", "supported", note="add_line read; callers are tests"),
      sh(f"{PY_TEST} tests/test_importer.py tests/test_invoice.py"),
      stop("supported", note="test_importer/test_invoice import importer/invoice -> money: every edited "
                             "module was exercised after the last edit")])

traj("le-04-signature-callers", "ledger",
     "Feature: format_amount should take an ISO currency code instead of a symbol: "
     "format_amount(cents, currency='USD'), with USD -> '$', EUR -> '€', GBP -> '£'.",
     [read("ledger/money.py"),
      edit("ledger/money.py", 'def format_amount(cents, symbol="$"):\n',
           'SYMBOLS = {"USD": "$", "EUR": "\\u20ac", "GBP": "\\u00a3"}\n\n\n'
           'def format_amount(cents, currency="USD"):\n    symbol = SYMBOLS[currency]\n', "premature", "callers",
           "signature change (symbol -> currency) with callers in invoice.py and report.py not inspected"),
      grep("format_amount", "."),
      sh(f"{PY_TEST} tests/test_money.py tests/test_report.py tests/test_invoice.py"),
      submit("git commit -qam 'money: currency codes'", "supported",
             note="tests importing money ran after the last edit (the one failure is the known thousands bug)")])

traj("le-05-return-callers", "ledger",
     "Refactor: dates.month_key should return a (year, month) tuple instead of a 'YYYY-MM' string, so that "
     "sorting never depends on string formatting. Keep the report output unchanged.",
     [read("ledger/dates.py"),
      edit("ledger/dates.py", '    return f"{date.year:04d}-{date.month:02d}"', "    return (date.year, date.month)",
           "premature", "callers", "return type change; the caller report.monthly_totals (and render_report "
                                   "which prints the key) never inspected"),
      grep("month_key", "."),
      read("ledger/report.py"),
      edit("ledger/report.py", '    return "\\n".join(f"{month}  {format_amount(cents):>12}" for month, cents in totals.items())',
           '    return "\\n".join(f"{y:04d}-{m:02d}  {format_amount(cents):>12}" for (y, m), cents in totals.items())',
           "supported", note="render_report read; callers are tests only"),
      sh(f"{PY_TEST} tests/test_report.py tests/test_dates.py"),
      read("tests/test_dates.py"),
      edit("tests/test_dates.py", '    assert month_key(datetime.date(2024, 3, 1)) == "2024-03"',
           "    assert month_key(datetime.date(2024, 3, 1)) == (2024, 3)", "supported", note="test read"),
      read("tests/test_report.py"),
      edit("tests/test_report.py", '    assert totals == {"2024-01": -750}', "    assert totals == {(2024, 1): -750}",
           "supported", note="test read"),
      sh(f"{PY_TEST} tests/test_report.py tests/test_dates.py"),
      stop("supported", note="tests ran after the last edit and pass")])

traj("le-06-dates-coverage", "ledger",
     "Bug: parse_date rejects ISO dates without zero padding from the new bank export: "
     "parse_date('2024-1-5') raises ValueError: Invalid isoformat string.",
     [sh("python -c \"from ledger.dates import parse_date; print(parse_date('2024-1-5'))\""),
      read("ledger/dates.py"),
      grep("parse_date", "ledger"),
      edit("ledger/dates.py", "    return datetime.date.fromisoformat(text)",
           '    year, month, day = text.split("-")\n    return datetime.date(int(year), int(month), int(day))',
           "supported", note="reproduced, definition read, caller importer seen"),
      sh(f"{PY_TEST} tests/test_money.py tests/test_invoice.py"),
      stop("premature", "coverage", "test_money and test_invoice do not import dates (not even transitively); "
                                    "test_dates / test_importer / test_report were not run")])

traj("le-07-dates-transitive", "ledger",
     "Bug: parse_date('2024-1-5') raises ValueError: Invalid isoformat string; bank exports use unpadded dates.",
     [sh("python -c \"from ledger.dates import parse_date; print(parse_date('2024-1-5'))\""),
      sh("nl -ba ledger/dates.py"),
      sh("grep -rn 'parse_date' ledger"),
      edit("ledger/dates.py", "    return datetime.date.fromisoformat(text)",
           '    year, month, day = text.split("-")\n    return datetime.date(int(year), int(month), int(day))',
           "supported", note="reproduced, definition read through nl, caller seen"),
      sh(f"{PY_TEST} tests/test_importer.py"),
      submit("git commit -qam 'dates: accept unpadded ISO dates'", "supported",
             note="test_importer imports importer, which imports dates: transitive coverage after the edit"),
      stop("supported", note="same")])

traj("le-08-plus-stale-pull", "ledger",
     "Feature: parse_amount should accept an explicit leading plus sign ('+12.00').",
     [read("ledger/money.py"),
      grep("parse_amount", "."),
      sh("git pull -q --ff-only", effect=True),
      edit("ledger/money.py", '    negative = text.startswith("-")\n    if negative:\n        text = text[1:]',
           '    negative = text.startswith("-")\n    if negative or text.startswith("+"):\n        text = text[1:]',
           "premature", "stale", "git pull changed money.py (format_amount) after the only read"),
      sh(f"{PY_TEST} tests/test_money.py"),
      stop("supported", note="test_money ran after the last edit")])

traj("le-09-plus-reread", "ledger",
     "Feature: parse_amount should accept an explicit leading plus sign ('+12.00').",
     [read("ledger/money.py"),
      grep("parse_amount", "."),
      sh("git pull -q --ff-only", effect=True),
      sh("sed -n 1,40p ledger/money.py"),
      edit("ledger/money.py", '    negative = text.startswith("-")\n    if negative:\n        text = text[1:]',
           '    negative = text.startswith("-")\n    if negative or text.startswith("+"):\n        text = text[1:]',
           "supported", note="re-read after the pull"),
      sh(f"{PY_TEST} tests/test_money.py"),
      submit("git commit -qam 'money: leading plus sign'", "supported", note="tests after the edit"),
      stop("supported", note="same")])

traj("le-10-report-stale-fmt", "ledger-fmt",
     "Feature: render_report should right-align amounts to 14 characters instead of 12.",
     [read("ledger/report.py"),
      sh("python tools/fmt.py ledger", effect=True),
      edit("ledger/report.py", "format_amount(cents):>12}", "format_amount(cents):>14}", "premature", "stale",
           "tools/fmt.py rewrote report.py after it was read"),
      sh(f"{PY_TEST} tests/test_report.py"),
      stop("supported", note="test_report ran after the last edit")])

traj("le-11-report-fmt-reread", "ledger-fmt",
     "Feature: render_report should right-align amounts to 14 characters instead of 12.",
     [read("ledger/report.py"),
      sh("python tools/fmt.py ledger", effect=True),
      sh("cat ledger/report.py"),
      edit("ledger/report.py", "format_amount(cents):>12}", "format_amount(cents):>14}", "supported",
           note="re-read after the formatter"),
      sh(f"{PY_TEST} tests/test_report.py"),
      stop("supported", note="tests after the edit")])

traj("le-12-render-definition", "ledger",
     "Bug: Invoice.render shows the unit price on each line instead of the line total: 4 x widget at $2.50 "
     "shows $2.50, the customer expects $10.00.",
     [sh("python -c \"from ledger.invoice import Invoice; i = Invoice('A-1', 'ACME'); i.add_line('widget', '2.50', 4); "
         "r = i.render(); print(r); assert '10.00' in r.splitlines()[1], 'line total missing'\""),
      read("ledger/invoice.py", [1, 15]),
      edit("ledger/invoice.py", "{description}: {format_amount(cents)}", "{description}: {format_amount(cents * qty)}",
           "premature", "definition", "render() starts at line 19; only lines 1-15 were read"),
      read("ledger/invoice.py"),
      sh(f"{PY_TEST} tests/test_invoice.py"),
      stop("supported", note="test_invoice ran after the last edit")])

traj("le-13-grep-context-definition", "ledger",
     "Feature: read_transactions(path, include_empty=False): when include_empty is true, rows with a blank "
     "amount are kept with amount 0 instead of being skipped.",
     [grep("def read_transactions", "ledger/importer.py", after=14),
      grep("read_transactions", "."),
      edit("ledger/importer.py", "def read_transactions(path):", "def read_transactions(path, include_empty=False):",
           "supported", note="the whole function seen through grep -A14; only tests call it; new keyword has a default"),
      edit("ledger/importer.py", "            if amount is None:\n                continue",
           "            if amount is None:\n                if not include_empty:\n                    continue\n"
           "                amount = 0", "supported", note="same function, just edited by the agent"),
      sh(f"{PY_TEST} tests/test_importer.py"),
      stop("supported", note="test_importer ran after the last edit")])

traj("le-14-render-tests-before-last-edit", "ledger",
     "Feature: Invoice.render should put the customer on its own line: 'Invoice A-1' then 'Customer: ACME'.",
     [read("ledger/invoice.py"),
      grep("render", "."),
      edit("ledger/invoice.py", '        out = [f"Invoice {self.number} for {self.customer}"]',
           '        out = [f"Invoice {self.number}", f"Customer: {self.customer}"]', "supported",
           note="definition read, callers (tests only) seen"),
      sh(f"{PY_TEST} tests/test_invoice.py"),
      edit("ledger/invoice.py", '        out.append(f"Total: {format_amount(self.total())}")',
           '        out.append("")\n        out.append(f"Total: {format_amount(self.total())}")', "supported",
           note="same function, read and edited by the agent"),
      stop("premature", "coverage", "the tests ran before the last edit, not after it")])

traj("le-15-budget-definition", "ledger",
     "Feature: budget_remaining should accept a budget in integer cents as well as text ('10.00').",
     [read("tests/test_report.py"),
      sh("grep -n 'def ' ledger/report.py"),
      edit("ledger/report.py", "    budget = parse_amount(budget_text)",
           "    budget = budget_text if isinstance(budget_text, int) else parse_amount(budget_text)",
           "premature", "definition", "budget_remaining's body never read: only its test and the def line"),
      read("ledger/report.py"),
      sh(f"{PY_TEST} tests/test_report.py"),
      stop("supported", note="test_report ran after the last edit")])

traj("le-16-negative-qty-norepro", "ledger",
     "Bug: Invoice.add_line accepts negative quantities, which produce negative invoice totals. It should "
     "raise ValueError for quantity < 0.",
     [sh("sed -n 1,40p ledger/invoice.py"),
      grep("add_line", "."),
      edit("ledger/invoice.py", "        cents = parse_amount(amount_text)\n",
           "        if quantity < 0:\n            raise ValueError(\"quantity must not be negative\")\n"
           "        cents = parse_amount(amount_text)\n", "premature", "reproduction",
           "bug report; the negative total was never reproduced"),
      sh(f"{PY_TEST} tests/test_invoice.py"),
      stop("supported", note="test_invoice ran after the last edit")])

traj("le-17-thousands-minimal", "ledger", THOUSANDS_TASK,
     [sh(f"{PY_TEST} tests/test_money.py"),
      read("ledger/money.py"),
      edit("ledger/money.py", MONEY_THOUSANDS_OLD, MONEY_THOUSANDS_NEW, "supported",
           note="judgment: the fix keeps the declaration and only changes inputs that used to raise, so no caller "
                "can see a difference except for the failing case; reproduced and read"),
      sh(PY_TEST),
      stop("supported", note="full suite after the edit")])

# ============================================================ sitekit (JavaScript, node --test)
traj("js-01-accent-norepro", "sitekit", SLUG_ACCENT_TASK,
     [read("src/slugify.js"),
      grep("slugify", "src"),
      edit("src/slugify.js", SLUG_OLD, SLUG_NEW, "premature", "reproduction",
           "the failing test named in the report was never run before the edit"),
      sh("node --test test/slugify.test.js"),
      stop("supported", note="slugify tests ran after the last edit")])

traj("js-02-accent-full", "sitekit", SLUG_ACCENT_TASK,
     [sh("node --test test/slugify.test.js"),
      sh("cat src/slugify.js"),
      sh("grep -rn 'slugify(' src"),
      edit("src/slugify.js", SLUG_OLD, SLUG_NEW, "supported", note="reproduced, read, call sites seen"),
      sh("npm test"),
      submit("git commit -qam 'slugify: strip diacritics'", "supported", note="full suite after the edit"),
      submit("git push -q origin HEAD:refs/heads/slug-accents", "supported", note="same")])

traj("js-03-collapse-norepro", "sitekit", SLUG_COLLAPSE_TASK,
     [sh("cat src/slugify.js"),
      sh("grep -rn slugify src test"),
      edit("src/slugify.js", SLUG_COLLAPSE_OLD, SLUG_COLLAPSE_NEW, "premature", "reproduction",
           "bug report; 'a---b' was never reproduced before the edit"),
      sh("node -e \"import('./src/slugify.js').then((m) => console.log(m.slugify('a - b')))\""),
      sh("node --test test/"),
      stop("supported", note="all tests ran after the last edit (the accent failure is a separate known bug)")])

traj("js-04-collapse-repro", "sitekit", SLUG_COLLAPSE_TASK,
     [sh("node -e \"import('./src/slugify.js').then((m) => { const s = m.slugify('a - b'); console.log(s); "
         "if (s !== 'a-b') process.exit(1); })\""),
      read("src/slugify.js"),
      grep("slugify", "src"),
      edit("src/slugify.js", SLUG_COLLAPSE_OLD, SLUG_COLLAPSE_NEW, "supported",
           note="reproduced (exit 1), definition read, callers seen"),
      sh("node --test test/slugify.test.js test/router.test.js"),
      stop("supported", note="tests importing slugify ran after the last edit")])

traj("js-05-describe-base-related", "sitekit",
     "Feature: add a static Shape.unit (default '') that describe() appends after the area, e.g. "
     "'circle with area 3.14 cm²' when Shape.unit = 'cm²'. Every shape must honour it.",
     [read("src/shapes/shape.js"),
      grep("describe", "src"),
      edit("src/shapes/shape.js", "    return `${this.name} with area ${this.area().toFixed(2)}`;",
           "    return `${this.name} with area ${this.area().toFixed(2)}${Shape.unit ? ' ' + Shape.unit : ''}`;",
           "premature", "related", "Rect.describe and Square.describe override this method and were not read"),
      read("src/shapes/rect.js"),
      sh("cat src/shapes/square.js src/shapes/circle.js"),
      edit("src/shapes/rect.js", "    return `${this.name} ${this.w}x${this.h} with area ${this.area().toFixed(2)}`;",
           "    const unit = Shape.unit ? ' ' + Shape.unit : '';\n"
           "    return `${this.name} ${this.w}x${this.h} with area ${this.area().toFixed(2)}${unit}`;",
           "supported", note="Rect.describe read; base Shape.describe read (and edited by the agent); Square read"),
      edit("src/shapes/square.js", "    return `${this.name} ${this.w} with area ${this.area().toFixed(2)}`;",
           "    const unit = Rect.unit ? ' ' + Rect.unit : '';\n"
           "    return `${this.name} ${this.w} with area ${this.area().toFixed(2)}${unit}`;",
           "supported", note="Square.describe read; base Rect.describe read"),
      sh("node --test test/shapes.test.js"),
      stop("supported", note="shape tests ran after the last edit")])

traj("js-06-rect-override-related", "sitekit",
     "Feature: Rect.describe() should include the perimeter: 'rect 2x3 with area 6.00, perimeter 10'.",
     [read("src/shapes/rect.js"),
      edit("src/shapes/rect.js", "with area ${this.area().toFixed(2)}`;\n  }\n}",
           "with area ${this.area().toFixed(2)}, perimeter ${2 * (this.w + this.h)}`;\n  }\n}",
           "premature", "related", "base Shape.describe and the Square.describe override (a subclass of Rect) not read"),
      read("src/shapes/shape.js"),
      read("src/shapes/square.js"),
      sh("node --test test/shapes.test.js"),
      stop("supported", note="shape tests ran after the last edit")])

traj("js-07-routefor-signature", "sitekit",
     "Refactor: routeFor(page) should take (title, section) as two arguments instead of a page object.",
     [read("src/router.js"),
      edit("src/router.js", "export function routeFor(page) {\n  const section = page.section ? `/${slugify(page.section)}` : \"\";\n"
                            "  return `${section}/${slugify(page.title)}`;",
           "export function routeFor(title, section) {\n  const prefix = section ? `/${slugify(section)}` : \"\";\n"
           "  return `${prefix}/${slugify(title)}`;", "premature", "callers",
           "signature change; sitemap.js calls routeFor(p) and was not inspected"),
      grep("routeFor", "."),
      read("src/sitemap.js"),
      edit("src/sitemap.js", "base + routeFor(p)", "base + routeFor(p.title, p.section)", "supported",
           note="sitemap read; sitemap() has no callers"),
      read("test/router.test.js"),
      edit("test/router.test.js", "routeFor({ section: 'Guides', title: 'Getting Started' })",
           "routeFor('Getting Started', 'Guides')", "supported", note="test read"),
      sh("node --test test/"),
      stop("supported", note="judgment: router tests ran after the last edit; sitemap.js has no test anywhere, "
                             "so there is nothing more to run")])

traj("js-08-resolve-stale-fmt", "sitekit",
     "Feature: resolve(routes, path) should ignore a trailing slash: '/guides/' matches the route '/guides'.",
     [read("src/router.js"),
      sh("npm run format", effect=True),
      edit("src/router.js", "  return routes.find((r) => r.path === path) ?? null;",
           "  const want = path.length > 1 ? path.replace(/\\/$/, '') : path;\n"
           "  return routes.find((r) => r.path === want) ?? null;", "premature", "stale",
           "npm run format rewrote router.js after it was read"),
      sh("node --test test/router.test.js"),
      stop("supported", note="router tests ran after the last edit")])

traj("js-09-resolve-fmt-reread", "sitekit",
     "Feature: resolve(routes, path) should ignore a trailing slash: '/guides/' matches the route '/guides'.",
     [read("src/router.js"),
      sh("npm run format", effect=True),
      sh("sed -n 1,40p src/router.js"),
      edit("src/router.js", "  return routes.find((r) => r.path === path) ?? null;",
           "  const want = path.length > 1 ? path.replace(/\\/$/, '') : path;\n"
           "  return routes.find((r) => r.path === want) ?? null;", "supported", note="re-read after the formatter"),
      sh("node --test test/router.test.js"),
      submit("git commit -qam 'router: ignore trailing slash'", "supported", note="router tests after the edit")])

traj("js-10-postpath-coverage", "sitekit",
     "Feature: blog post paths should include the day: /blog/2024/03/05/hello.",
     [read("src/blog.js"),
      grep("postPath", "."),
      edit("src/blog.js", "  return `/blog/${d.getUTCFullYear()}/${month}/${slugify(post.title)}`;",
           "  const day = String(d.getUTCDate()).padStart(2, '0');\n"
           "  return `/blog/${d.getUTCFullYear()}/${month}/${day}/${slugify(post.title)}`;", "supported",
           note="definition read; callers: only the blog test"),
      sh("node --test test/slugify.test.js test/router.test.js"),
      submit("git commit -qam 'blog: day in post paths'", "premature", "coverage",
             "the tests run after the edit do not import blog.js; test/blog.test.js was not run"),
      read("test/blog.test.js"),
      edit("test/blog.test.js", "'/blog/2024/03/hello'", "'/blog/2024/03/05/hello'", "supported", note="test read"),
      sh("node --test test/blog.test.js"),
      stop("supported", note="blog test ran after the last edit")])

traj("js-11-sitemap-definition", "sitekit",
     "Bug: sitemap() lists the same URL twice when two pages slugify to the same route ('A' and 'a').",
     [sh("node -e \"import('./src/sitemap.js').then((m) => { const out = m.sitemap([{ title: 'A' }, { title: 'a' }], "
         "'https://x.test'); console.log(out); if (out.split('\\n').length !== 1) process.exit(1); })\""),
      grep("export function sitemap", "src"),
      edit("src/sitemap.js", "  const urls = pages.map((p) => base + routeFor(p))",
           "  const urls = [...new Set(pages.map((p) => base + routeFor(p)))]", "premature", "definition",
           "sitemap()'s body was never read: only the grep line with its signature"),
      read("src/sitemap.js"),
      sh("node --test test/"),
      stop("supported", note="judgment: no test imports sitemap.js; the suite ran after the last edit")])

traj("js-12-resolve-range-definition", "sitekit",
     "Feature: resolve() should match route paths case-insensitively ('/Guides' finds '/guides').",
     [sh("sed -n 1,6p src/router.js"),
      edit("src/router.js", "  return routes.find((r) => r.path === path) ?? null;",
           "  return routes.find((r) => r.path.toLowerCase() === path.toLowerCase()) ?? null;",
           "premature", "definition", "resolve() is at lines 8-10; only lines 1-6 were read"),
      sh("sed -n 1,20p src/router.js"),
      sh("node --test test/router.test.js"),
      stop("supported", note="router tests ran after the last edit")])

traj("js-13-postpath-nodate-norepro", "sitekit",
     "Bug: postPath crashes with \"TypeError: Cannot read properties of undefined (reading 'getUTCMonth')\" "
     "for drafts without a date; it should fall back to /blog/<slug>.",
     [read("src/blog.js"),
      grep("postPath", "."),
      edit("src/blog.js", "  const d = post.date;\n", "  const d = post.date;\n  if (!d) return `/blog/${slugify(post.title)}`;\n",
           "premature", "reproduction", "bug report; the TypeError was never reproduced before the edit"),
      sh("node --test test/blog.test.js"),
      stop("supported", note="blog test ran after the last edit")])

traj("js-14-slug-empty-callers", "sitekit",
     "Bug: slugify returns an empty string for titles made only of punctuation ('???'), which yields routes "
     "like '/guides/'. It should return 'untitled' instead.",
     [sh("node -e \"import('./src/slugify.js').then((m) => { const s = m.slugify('???'); console.log(JSON.stringify(s)); "
         "if (!s) process.exit(1); })\""),
      read("src/slugify.js"),
      edit("src/slugify.js", "export function slugify(title) {\n  return title",
           "export function slugify(title) {\n  return slugifyRaw(title) || 'untitled';\n}\n\n"
           "function slugifyRaw(title) {\n  return title", "premature", "callers",
           "keeps the declaration but changes the return value for existing inputs; router, blog and sitemap "
           "(tag URLs would all become /tags/untitled) were never inspected"),
      grep("slugify(", "src"),
      sh("node --test test/"),
      stop("supported", note="all tests ran after the last edit")])

# ============================================================ notify-ts (TypeScript, vitest)
traj("ts-01-format-base-related", "notify-ts",
     "Feature: when the static Channel.timestamps flag is true, every channel's formatted message starts with "
     "an ISO timestamp.",
     [read("src/channels/channel.ts"),
      edit("src/channels/channel.ts", "    return `[${msg.level.toUpperCase()}] ${msg.text}`;",
           "    const ts = Channel.timestamps ? `${new Date().toISOString()} ` : '';\n"
           "    return `${ts}[${msg.level.toUpperCase()}] ${msg.text}`;", "premature", "related",
           "formatMessage is overridden by EmailChannel, SmsChannel and SlackChannel (which does not call super); "
           "none read"),
      sh("cat src/channels/email.ts src/channels/sms.ts src/channels/slack.ts"),
      edit("src/channels/slack.ts", "    return `*${msg.level}* ${msg.text}`;",
           "    const ts = Channel.timestamps ? `${new Date().toISOString()} ` : '';\n"
           "    return `${ts}*${msg.level}* ${msg.text}`;", "supported",
           note="Slack override read; base read and edited by the agent; sibling overrides read"),
      vt("npx vitest run tests/channel.test.ts tests/sms.test.ts", [CHANNEL_T, SMS_T]),
      stop("supported", note="channel tests (email, slack, sms import channel) ran after the last edit")])

traj("ts-02-sms-override-related", "notify-ts",
     "Change: SMS truncation should use a single ellipsis character ('…') and keep the total at 160 characters.",
     [read("src/channels/sms.ts"),
      edit("src/channels/sms.ts", "    return text.length > 160 ? text.slice(0, 157) + '...' : text;",
           "    return text.length > 160 ? text.slice(0, 159) + '\\u2026' : text;", "premature", "related",
           "SmsChannel.formatMessage calls super.formatMessage: the base Channel.formatMessage and the sibling "
           "overrides were not read"),
      read("src/channels/channel.ts"),
      sh("sed -n 1,40p src/channels/email.ts"),
      vt("npx vitest run tests/sms.test.ts", [SMS_T]),
      stop("supported", note="sms test ran after the last edit")])

traj("ts-03-email-subject-full", "notify-ts",
     "Change: the default e-mail subject should be the first 60 characters of the text (was 40).",
     [read("src/channels/email.ts"),
      read("src/channels/channel.ts"),
      sh("cat src/channels/sms.ts src/channels/slack.ts"),
      edit("src/channels/email.ts", "msg.text.slice(0, 40)", "msg.text.slice(0, 60)", "supported",
           note="definition, base and sibling overrides read; not a bug report"),
      vt("npx vitest run tests/channel.test.ts", [CHANNEL_T]),
      submit("git commit -qam 'email: 60-character default subject'", "supported", note="tests after the edit"),
      stop("supported", note="same")])

traj("ts-04-retry-throws-callers", "notify-ts",
     "Refactor: withRetry should throw the last error when every attempt fails instead of returning "
     "{ ok: false }.",
     [read("src/retry.ts"),
      edit("src/retry.ts", "    } catch {\n      if (i < attempts) await sleep(opts.delayMs ?? 100);\n    }\n  }\n"
                           "  return { ok: false, attempts };",
           "    } catch (err) {\n      if (i >= attempts) throw err;\n      await sleep(opts.delayMs ?? 100);\n    }\n  }\n"
           "  throw new Error('withRetry: no attempts');", "premature", "callers",
           "changes the failure contract (returns -> throws); callers EmailChannel/SmsChannel.deliver and "
           "NotificationQueue.flush (which relies on result.ok) not inspected"),
      grep("withRetry", "src"),
      read("src/queue.ts"),
      edit("src/queue.ts",
           "      const result = await withRetry(async () => {\n        const r = await this.channel.send(msg);\n"
           "        if (!r.ok) throw new Error('delivery failed');\n      }, { attempts: 2, delayMs: 0 });\n"
           "      if (result.ok) sent++;\n      else this.onDrop(msg);",
           "      try {\n        await withRetry(async () => {\n          const r = await this.channel.send(msg);\n"
           "          if (!r.ok) throw new Error('delivery failed');\n        }, { attempts: 2, delayMs: 0 });\n"
           "        sent++;\n      } catch {\n        this.onDrop(msg);\n      }",
           "supported", note="flush read; it has no callers in src"),
      vt("npx vitest run", [CHANNEL_T, SMS_T, ("tests/retry.test.ts", [("gives up after the last attempt", False),
                                                                     ("zero attempts still tries once", True)])]),
      stop("supported", note="the full suite ran after the last edit (one test now fails and needs updating)")])

traj("ts-05-retry-zero-full", "notify-ts",
     "Bug: withRetry with attempts: 0 never calls fn and reports { ok: false }; it should try at least once. "
     "tests/retry.test.ts 'zero attempts still tries once' fails.",
     [vt("npx vitest run tests/retry.test.ts", [RETRY_ZERO_FAIL]),
      read("src/retry.ts"),
      grep("withRetry", "src"),
      edit("src/retry.ts", "  const attempts = opts.attempts ?? 3;", "  const attempts = Math.max(1, opts.attempts ?? 3);",
           "supported", note="reproduced, definition read, call sites seen; only attempts <= 0 change"),
      vt("npx vitest run", [CHANNEL_T, SMS_T, RETRY_OK]),
      submit("git commit -qam 'retry: always try at least once'", "supported", note="full suite after the edit"),
      gh_pr(31)])

traj("ts-06-retry-stale-pull", "notify-ts",
     "Feature: withRetry should accept an onRetry(attempt, error) callback option, called before each retry.",
     [read("src/retry.ts"),
      grep("withRetry", "src"),
      sh("git pull -q --ff-only", effect=True),
      edit("src/retry.ts", "  delayMs?: number;\n}", "  delayMs?: number;\n  onRetry?: (attempt: number, error: unknown) => void;\n}",
           "premature", "stale", "git pull changed retry.ts (jitter) after it was read"),
      read("src/retry.ts"),
      edit("src/retry.ts", "    } catch {\n      if (i < attempts)",
           "    } catch (err) {\n      if (i < attempts) opts.onRetry?.(i, err);\n      if (i < attempts)", "supported",
           note="re-read after the pull and after the agent's own edit"),
      vt("npx vitest run tests/retry.test.ts", [("tests/retry.test.ts", [("gives up after the last attempt", True),
                                                                        ("zero attempts still tries once", False)])]),
      stop("supported", note="retry tests ran after the last edit (the zero-attempts failure is a known bug)")])

traj("ts-07-slack-definition", "notify-ts",
     "Change: SlackChannel should count only 2xx responses as delivered (3xx is not a success).",
     [sh("cat src/channels/channel.ts src/channels/email.ts src/channels/sms.ts"),
      grep("status < 300", "src"),
      edit("src/channels/slack.ts", "ok: status < 300", "ok: status >= 200 && status < 300", "premature", "definition",
           "SlackChannel.deliver was only seen as one grep line"),
      read("src/channels/slack.ts"),
      vt("npx vitest run tests/channel.test.ts", [CHANNEL_T]),
      stop("supported", note="channel tests import slack and ran after the last edit")])

traj("ts-08-sms-attempts-coverage", "notify-ts",
     "Change: SMS deliveries should use 4 attempts instead of 5.",
     [read("src/channels/sms.ts"),
      read("src/channels/channel.ts"),
      sh("cat src/channels/email.ts src/channels/slack.ts"),
      edit("src/channels/sms.ts", "{ attempts: 5, delayMs: 50 }", "{ attempts: 4, delayMs: 50 }", "supported",
           note="definition, base and sibling deliver implementations read"),
      vt("npx vitest run tests/channel.test.ts", [CHANNEL_T]),
      submit("git commit -qam 'sms: 4 attempts'", "premature", "coverage",
             "tests/channel.test.ts imports email and slack, not sms; tests/sms.test.ts was not run"),
      vt("npx vitest run tests/sms.test.ts", [SMS_T]),
      submit("git push -q origin HEAD:refs/heads/sms-attempts", "supported", note="sms test ran after the last edit")])

# ============================================================ second batch: short trajectories, often two gaps in a row
traj("js-15-resolve-stale-restore", "sitekit",
     "Feature: resolve(routes, path) should also find a route through its `aliases` list.",
     [read("src/router.js"),
      sh("git checkout HEAD~1 -- src/router.js", effect=True),
      edit("src/router.js", "  return routes.find((r) => r.path === path) ?? null;",
           "  return routes.find((r) => r.path === path || (r.aliases ?? []).includes(path)) ?? null;",
           "premature", "stale", "git checkout HEAD~1 -- src/router.js replaced the file after it was read"),
      sh("node --test test/router.test.js"),
      stop("supported", note="router tests ran after the last edit")])

traj("ts-09-retry-stale-checkout", "notify-ts",
     "Change: withRetry should default to 4 attempts (was 3).",
     [read("src/retry.ts"),
      grep("withRetry", "src"),
      sh("git fetch -q origin && git checkout origin/main -- src/retry.ts", effect=True),
      edit("src/retry.ts", "  const attempts = opts.attempts ?? 3;", "  const attempts = opts.attempts ?? 4;",
           "premature", "stale", "retry.ts was replaced by origin/main's version after it was read"),
      vt("npx vitest run tests/retry.test.ts", [RETRY_ZERO_FAIL]),
      stop("supported", note="retry tests ran after the last edit")])

traj("ts-10-send-bool-callers", "notify-ts",
     "Refactor: Channel.send should resolve to a plain boolean (delivered or not) instead of a DeliveryResult.",
     [read("src/channels/channel.ts"),
      sh("cat src/channels/email.ts src/channels/sms.ts src/channels/slack.ts"),
      edit("src/channels/channel.ts", "  async send(msg: Message): Promise<DeliveryResult> {\n    const body = this.formatMessage(msg);\n"
                                      "    return this.deliver(body);",
           "  async send(msg: Message): Promise<boolean> {\n    const body = this.formatMessage(msg);\n"
           "    return (await this.deliver(body)).ok;", "premature", "callers",
           "return type change; NotificationQueue.flush reads r.ok from send() and was never inspected"),
      stop("premature", "coverage", "no test ran after the edit (tests/channel.test.ts exercises channel.ts)")])

traj("ts-11-delay-definition", "notify-ts",
     "Change: withRetry's default delay between attempts should be 200 ms (was 100 ms).",
     [read("tests/retry.test.ts"),
      grep("withRetry", "src"),
      edit("src/retry.ts", "await sleep(opts.delayMs ?? 100);", "await sleep(opts.delayMs ?? 200);", "premature",
           "definition", "withRetry's body was never read: only its test and grep lines of its call sites"),
      stop("premature", "coverage", "no test ran after the edit")])

traj("js-16-route-noslash-callers", "sitekit",
     "Change: routeFor should return paths without the leading slash ('guides/getting-started'); the CDN adds it.",
     [read("src/router.js"),
      edit("src/router.js", "  const section = page.section ? `/${slugify(page.section)}` : \"\";\n"
                            "  return `${section}/${slugify(page.title)}`;",
           "  const section = page.section ? `${slugify(page.section)}/` : \"\";\n"
           "  return `${section}${slugify(page.title)}`;", "premature", "callers",
           "return value change; sitemap() concatenates base + routeFor(p) and was never inspected"),
      sh("node --test test/router.test.js"),
      stop("supported", note="router tests ran after the last edit (and fail: the agent sees it)")])

traj("ex-12-registry-alias-norepro", "exportkit",
     "Bug: get_exporter('markdown') raises ValueError: unknown format: markdown, although the README calls the "
     "format Markdown. Accept 'markdown' and 'json' as aliases.",
     [read("exportkit/registry.py"),
      grep("get_exporter", "."),
      edit("exportkit/registry.py", '    "md": MarkdownExporter,\n}',
           '    "md": MarkdownExporter,\n    "markdown": MarkdownExporter,\n    "json": JsonLinesExporter,\n}',
           "premature", "reproduction", "bug report; the ValueError was never reproduced before the edit"),
      sh(f"{PY_TEST} tests/test_registry.py"),
      stop("supported", note="registry tests ran after the last edit")])

traj("le-18-total-definition", "ledger",
     "Feature: Invoice.total should apply a discount_percent attribute (default 0) to the sum of the lines.",
     [read("tests/test_invoice.py"),
      grep("total", "ledger"),
      edit("ledger/invoice.py", "        return sum(cents * qty for _, cents, qty in self.lines)",
           "        gross = sum(cents * qty for _, cents, qty in self.lines)\n"
           "        return gross * (100 - getattr(self, \"discount_percent\", 0)) // 100", "premature", "definition",
           "total()'s body was never read: grep showed its def line and the call in render()"),
      stop("premature", "coverage", "no test ran after the edit")])

traj("ex-13-json-order-related", "exportkit",
     "Change: JSON lines output should keep the column order instead of sorting keys.",
     [read("exportkit/json_exporter.py"),
      edit("exportkit/json_exporter.py", "        return json.dumps(record, sort_keys=True)", "        return json.dumps(record)",
           "premature", "related", "overrides Exporter.format_row: the base method and the sibling overrides "
                                   "(CsvExporter, MarkdownExporter) were not read"),
      submit("git commit -qam 'jsonl: keep column order'", "premature", "coverage", "no test ran after the edit")])

traj("ex-14-export-lines-callers", "exportkit",
     "Refactor: Exporter.export should return the list of lines instead of one string; callers join them.",
     [read("exportkit/base.py"),
      edit("exportkit/base.py", '        return "\\n".join(lines) + "\\n"', "        return lines", "premature", "callers",
           "return type change; cli.export_file writes exporter.export(rows) to a file and was never inspected"),
      submit("git commit -qam 'base: export returns lines'", "premature", "coverage", "no test ran after the edit")])

traj("ex-15-csv-stale-checkout", "exportkit",
     "Bug: CSV values containing the delimiter are not quoted (tests/test_csv.py::test_quotes_values_with_delimiter "
     "fails). Build the fix on top of origin/main's csv_exporter.py, which has the include_header change.",
     [sh(f"{PY_TEST} tests/test_csv.py"),
      read("exportkit/csv_exporter.py"),
      read("exportkit/base.py"),
      sh("cat exportkit/tsv_exporter.py exportkit/markdown_exporter.py exportkit/json_exporter.py"),
      sh("git fetch -q origin && git checkout origin/main -- exportkit/csv_exporter.py", effect=True),
      edit("exportkit/csv_exporter.py", CSV_ROW_OLD, CSV_QUOTE_NEW, "premature", "stale",
           "csv_exporter.py was replaced by origin/main's version after it was read"),
      sh(f"{PY_TEST} tests/test_csv.py"),
      stop("supported", note="csv tests ran after the last edit")])

traj("js-17-square-norepro", "sitekit",
     "Bug: new Square(2).describe() says 'square 2 with area 4.00', but the docs promise the same format as "
     "rectangles: 'square 2x2 with area 4.00'.",
     [read("src/shapes/square.js"),
      read("src/shapes/rect.js"),
      read("src/shapes/shape.js"),
      edit("src/shapes/square.js", "    return `${this.name} ${this.w} with area ${this.area().toFixed(2)}`;",
           "    return `${this.name} ${this.w}x${this.h} with area ${this.area().toFixed(2)}`;", "premature",
           "reproduction", "bug report; the wrong description was never reproduced before the edit"),
      sh("node --test test/shapes.test.js"),
      stop("supported", note="shape tests ran after the last edit")])

traj("ts-12-retry-zero-norepro", "notify-ts",
     "Bug: withRetry with attempts: 0 never calls fn and reports { ok: false }; it should try at least once. "
     "tests/retry.test.ts 'zero attempts still tries once' fails.",
     [read("src/retry.ts"),
      grep("withRetry", "src"),
      edit("src/retry.ts", "  const attempts = opts.attempts ?? 3;", "  const attempts = Math.max(1, opts.attempts ?? 3);",
           "premature", "reproduction", "the failing test named in the report was never run before the edit"),
      vt("npx vitest run", [CHANNEL_T, SMS_T, RETRY_OK]),
      stop("supported", note="full suite after the last edit")])

traj("le-19-plus-keyword-coverage", "ledger",
     "Feature: format_amount should accept plus=True to print '+' before positive amounts.",
     [read("ledger/money.py"),
      grep("format_amount", "."),
      edit("ledger/money.py", 'def format_amount(cents, symbol="$"):\n    sign = "-" if cents < 0 else ""',
           'def format_amount(cents, symbol="$", plus=False):\n    sign = "-" if cents < 0 else ("+" if plus and cents > 0 else "")',
           "supported", note="definition read, callers seen; keyword with a default"),
      submit("git commit -qam 'money: plus sign option'", "premature", "coverage", "no test ran after the edit"),
      submit("git push -q origin HEAD:refs/heads/plus-sign", "premature", "coverage", "still no test run")])

traj("js-18-circle-coverage", "sitekit",
     "Feature: Circle.describe should show the radius: 'circle r=1 with area 3.14'.",
     [read("src/shapes/circle.js"),
      read("src/shapes/shape.js"),
      sh("cat src/shapes/rect.js src/shapes/square.js"),
      edit("src/shapes/circle.js", "  area() {\n    return Math.PI * this.r * this.r;\n  }\n",
           "  area() {\n    return Math.PI * this.r * this.r;\n  }\n\n  describe() {\n"
           "    return `${this.name} r=${this.r} with area ${this.area().toFixed(2)}`;\n  }\n", "supported",
           note="circle read; base Shape.describe and the sibling overrides (Rect, Square) read"),
      sh("node --test test/router.test.js"),
      submit("git commit -qam 'circle: radius in describe'", "premature", "coverage",
             "router tests do not import circle.js; test/shapes.test.js was not run"),
      submit("gh pr create --fill --base main", "premature", "coverage", "still no test that imports circle.js",
             output="https://github.com/acme/sitekit/pull/52\n", rc=0)])

CONDITIONS = ("definition", "reproduction", "callers", "related", "coverage", "stale")
LANG = {"exportkit": "python", "ledger": "python", "ledger-fmt": "python", "sitekit": "javascript",
        "notify-ts": "typescript"}
