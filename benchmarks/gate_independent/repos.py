"""Four small repositories (two Python, one JavaScript, one TypeScript) with git history.

``build(name, dest)`` creates ``dest/<name>`` (the working clone the agent runs in) and
``dest/<name>-origin.git`` (its remote). Everything is deterministic: fixed commit dates,
fixed identities, so a rebuilt repository has the same content and the same commit ids.
Some repositories carry extra state a trajectory relies on: a branch that differs from
``main`` (``git checkout``), commits on the remote not yet pulled (``git pull``), a
formatter script that rewrites files in place.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Dana Ruiz", "GIT_AUTHOR_EMAIL": "dana@example.invalid",
    "GIT_COMMITTER_NAME": "Dana Ruiz", "GIT_COMMITTER_EMAIL": "dana@example.invalid",
    "GIT_CONFIG_NOSYSTEM": "1",
}
_tick = [0]


def _git(cwd: Path, *args: str) -> str:
    _tick[0] += 1
    date = f"2026-03-{1 + _tick[0] % 27:02d}T10:{_tick[0] % 60:02d}:00Z"
    env = dict(os.environ, **GIT_ENV, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))


def _commit(root: Path, files: dict[str, str], message: str) -> None:
    _write(root, files)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", message)


# ---------------------------------------------------------------- exportkit (Python)
EXPORTKIT_1 = {
    ".gitignore": "__pycache__/\n.pytest_cache/\n.statewise/\n",
    "pyproject.toml": """
        [project]
        name = "exportkit"
        version = "1.2.0"
        requires-python = ">=3.9"

        [tool.pytest.ini_options]
        testpaths = ["tests"]
        """,
    "README.md": """
        # exportkit

        Turn rows (dicts) into CSV, TSV, JSON lines or Markdown tables.

        ```python
        from exportkit.registry import get_exporter
        print(get_exporter("csv", ["id", "name"]).export(rows))
        ```

        Run the tests with `python -m pytest -q`.
        """,
    "exportkit/__init__.py": '"""Row exporters."""\n__version__ = "1.2.0"\n',
    "exportkit/base.py": '''
        """The exporter base class every format derives from."""


        class Exporter:
            """Turns a list of dict rows into text, one line per row."""

            extension = "txt"

            def __init__(self, columns):
                self.columns = list(columns)

            def header(self):
                """The first line of the output, or None for formats without one."""
                return None

            def format_value(self, value):
                """One cell as text; None becomes the empty string."""
                if value is None:
                    return ""
                return str(value)

            def format_row(self, row):
                return " ".join(self.format_value(row.get(c)) for c in self.columns)

            def export(self, rows):
                lines = []
                head = self.header()
                if head is not None:
                    lines.append(head)
                for row in rows:
                    lines.append(self.format_row(row))
                return "\\n".join(lines) + "\\n"
        ''',
    "exportkit/csv_exporter.py": '''
        from .base import Exporter


        class CsvExporter(Exporter):
            extension = "csv"
            delimiter = ","

            def header(self):
                return self.delimiter.join(self.columns)

            def format_row(self, row):
                return self.delimiter.join(self.format_value(row.get(c)) for c in self.columns)
        ''',
    "exportkit/tsv_exporter.py": '''
        from .csv_exporter import CsvExporter


        class TsvExporter(CsvExporter):
            """Tab-separated: tabs and newlines inside a value become spaces."""

            extension = "tsv"
            delimiter = "\\t"

            def format_value(self, value):
                text = super().format_value(value)
                return text.replace("\\t", " ").replace("\\n", " ")
        ''',
    "exportkit/json_exporter.py": '''
        import json

        from .base import Exporter


        class JsonLinesExporter(Exporter):
            extension = "jsonl"

            def format_value(self, value):
                return value

            def format_row(self, row):
                record = {c: self.format_value(row.get(c)) for c in self.columns}
                return json.dumps(record, sort_keys=True)
        ''',
    "exportkit/markdown_exporter.py": '''
        from .base import Exporter


        class MarkdownExporter(Exporter):
            extension = "md"

            def header(self):
                top = "| " + " | ".join(self.columns) + " |"
                rule = "|" + "|".join("---" for _ in self.columns) + "|"
                return top + "\\n" + rule

            def format_row(self, row):
                cells = [self.format_value(row.get(c)) for c in self.columns]
                return "| " + " | ".join(cells) + " |"
        ''',
    "exportkit/registry.py": '''
        from .csv_exporter import CsvExporter
        from .json_exporter import JsonLinesExporter
        from .markdown_exporter import MarkdownExporter
        from .tsv_exporter import TsvExporter

        EXPORTERS = {
            "csv": CsvExporter,
            "tsv": TsvExporter,
            "jsonl": JsonLinesExporter,
            "md": MarkdownExporter,
        }


        def get_exporter(name, columns):
            try:
                cls = EXPORTERS[name]
            except KeyError:
                raise ValueError(f"unknown format: {name}") from None
            return cls(columns)
        ''',
    "exportkit/cli.py": '''
        import json
        import sys

        from .registry import get_exporter


        def export_file(path, fmt, rows, columns=None):
            columns = columns or sorted({k for row in rows for k in row})
            exporter = get_exporter(fmt, columns)
            with open(path, "w") as fh:
                fh.write(exporter.export(rows))
            return len(rows)


        def main(argv=None):
            argv = argv or sys.argv[1:]
            fmt, src, dest = argv
            with open(src) as fh:
                rows = json.load(fh)
            count = export_file(dest, fmt, rows)
            print(f"wrote {count} rows to {dest}")
        ''',
    "tests/test_csv.py": '''
        from exportkit.csv_exporter import CsvExporter


        def test_header_and_rows():
            out = CsvExporter(["id", "name"]).export([{"id": 1, "name": "Ann"}])
            assert out == "id,name\\n1,Ann\\n"


        def test_none_is_empty():
            assert CsvExporter(["a", "b"]).format_row({"a": None, "b": 2}) == ",2"


        def test_quotes_values_with_delimiter():
            row = {"id": 7, "name": "Smith, John"}
            assert CsvExporter(["id", "name"]).format_row(row) == '7,"Smith, John"'
        ''',
    "tests/test_json.py": '''
        import json

        from exportkit.json_exporter import JsonLinesExporter


        def test_keeps_types():
            line = JsonLinesExporter(["n", "s"]).format_row({"n": 1.5, "s": None})
            assert json.loads(line) == {"n": 1.5, "s": None}
        ''',
    "tests/test_markdown.py": '''
        from exportkit.markdown_exporter import MarkdownExporter


        def test_table():
            out = MarkdownExporter(["a", "b"]).export([{"a": 1, "b": "x"}])
            assert out == "| a | b |\\n|---|---|\\n| 1 | x |\\n"
        ''',
    "tests/test_registry.py": '''
        import pytest

        from exportkit.registry import get_exporter


        def test_known_formats():
            assert get_exporter("tsv", ["a"]).extension == "tsv"


        def test_unknown_format():
            with pytest.raises(ValueError):
                get_exporter("xml", ["a"])
        ''',
}
EXPORTKIT_RELEASE = {  # branch release-1.2: the Markdown exporter escapes pipes already
    "exportkit/markdown_exporter.py": '''
        from .base import Exporter


        def _escape(text):
            return text.replace("|", "\\\\|")


        class MarkdownExporter(Exporter):
            extension = "md"

            def header(self):
                top = "| " + " | ".join(self.columns) + " |"
                rule = "|" + "|".join("---" for _ in self.columns) + "|"
                return top + "\\n" + rule

            def format_row(self, row):
                cells = [_escape(self.format_value(row.get(c))) for c in self.columns]
                return "| " + " | ".join(cells) + " |"
        ''',
}
EXPORTKIT_UPSTREAM = {  # on origin/main, not yet merged locally: a docstring and a header option
    "exportkit/csv_exporter.py": '''
        from .base import Exporter


        class CsvExporter(Exporter):
            """Comma-separated values; ``include_header=False`` drops the first line."""

            extension = "csv"
            delimiter = ","
            include_header = True

            def header(self):
                if not self.include_header:
                    return None
                return self.delimiter.join(self.columns)

            def format_row(self, row):
                return self.delimiter.join(self.format_value(row.get(c)) for c in self.columns)
        ''',
}


# ---------------------------------------------------------------- ledger (Python)
LEDGER_1 = {
    ".gitignore": "__pycache__/\n.pytest_cache/\n.statewise/\n",
    "pyproject.toml": """
        [project]
        name = "ledger"
        version = "0.4.0"

        [tool.pytest.ini_options]
        testpaths = ["tests"]
        """,
    "README.md": "# ledger\n\nPersonal bookkeeping: import bank CSVs, invoices, monthly reports.\n",
    "ledger/__init__.py": "",
    "ledger/money.py": '''
        """Amounts are integer cents everywhere in ledger."""


        def parse_amount(text):
            """Parse '12.50', '-3' or '0.5' into cents. Blank input gives None."""
            text = text.strip()
            if not text:
                return None
            negative = text.startswith("-")
            if negative:
                text = text[1:]
            if "." in text:
                whole, frac = text.split(".", 1)
                frac = (frac + "00")[:2]
            else:
                whole, frac = text, "00"
            cents = int(whole) * 100 + int(frac)
            return -cents if negative else cents


        def format_amount(cents, symbol="$"):
            sign = "-" if cents < 0 else ""
            cents = abs(cents)
            return f"{sign}{symbol}{cents // 100}.{cents % 100:02d}"
        ''',
    "ledger/dates.py": '''
        import datetime


        def parse_date(text):
            """Accepts 2024-01-31 (ISO) or 31/01/2024 (day first)."""
            text = text.strip()
            if "/" in text:
                day, month, year = text.split("/")
                return datetime.date(int(year), int(month), int(day))
            return datetime.date.fromisoformat(text)


        def month_key(date):
            return f"{date.year:04d}-{date.month:02d}"
        ''',
    "ledger/invoice.py": '''
        from .money import format_amount, parse_amount


        class Invoice:
            def __init__(self, number, customer):
                self.number = number
                self.customer = customer
                self.lines = []

            def add_line(self, description, amount_text, quantity=1):
                cents = parse_amount(amount_text)
                if cents is None:
                    raise ValueError(f"line {description!r} has no amount")
                self.lines.append((description, cents, quantity))

            def total(self):
                return sum(cents * qty for _, cents, qty in self.lines)

            def render(self):
                out = [f"Invoice {self.number} for {self.customer}"]
                for description, cents, qty in self.lines:
                    out.append(f"  {qty} x {description}: {format_amount(cents)}")
                out.append(f"Total: {format_amount(self.total())}")
                return "\\n".join(out)
        ''',
    "ledger/importer.py": '''
        import csv

        from .dates import parse_date
        from .money import parse_amount


        def read_transactions(path):
            """Rows of a bank export: date, amount, memo. Blank amounts are skipped."""
            rows = []
            with open(path, newline="") as fh:
                for rec in csv.DictReader(fh):
                    amount = parse_amount(rec["amount"])
                    if amount is None:
                        continue
                    rows.append({"date": parse_date(rec["date"]), "amount": amount,
                                 "memo": rec.get("memo", "")})
            return rows
        ''',
    "ledger/report.py": '''
        from .dates import month_key
        from .money import format_amount, parse_amount


        def monthly_totals(transactions):
            totals = {}
            for tx in transactions:
                key = month_key(tx["date"])
                totals[key] = totals.get(key, 0) + tx["amount"]
            return dict(sorted(totals.items()))


        def render_report(totals):
            return "\\n".join(f"{month}  {format_amount(cents):>12}" for month, cents in totals.items())


        def budget_remaining(budget_text, totals):
            budget = parse_amount(budget_text)
            spent = -sum(c for c in totals.values() if c < 0)
            return budget - spent
        ''',
    "tools/fmt.py": '''
        """House formatter: single quotes to double quotes, strip trailing blanks."""
        import pathlib
        import re
        import sys

        for arg in sys.argv[1:]:
            for path in sorted(pathlib.Path(arg).rglob("*.py")) if pathlib.Path(arg).is_dir() else [pathlib.Path(arg)]:
                text = path.read_text()
                new = re.sub(r"'([^'\\"\\n]*)'", r'"\\1"', text)
                new = "\\n".join(line.rstrip() for line in new.splitlines()) + "\\n"
                if new != text:
                    path.write_text(new)
                    print(f"reformatted {path}")
        ''',
    "tests/test_money.py": '''
        from ledger.money import format_amount, parse_amount


        def test_parse():
            assert parse_amount("12.50") == 1250
            assert parse_amount("-3") == -300
            assert parse_amount("0.5") == 50
            assert parse_amount("  ") is None


        def test_format():
            assert format_amount(1250) == "$12.50"
            assert format_amount(-5) == "-$0.05"
        ''',
    "tests/test_dates.py": '''
        import datetime

        from ledger.dates import month_key, parse_date


        def test_iso_and_day_first():
            assert parse_date("2024-01-31") == datetime.date(2024, 1, 31)
            assert parse_date("31/01/2024") == datetime.date(2024, 1, 31)
            assert month_key(datetime.date(2024, 3, 1)) == "2024-03"
        ''',
    "tests/test_invoice.py": '''
        import pytest

        from ledger.invoice import Invoice


        def test_total_and_render():
            inv = Invoice("A-1", "ACME")
            inv.add_line("widget", "2.50", 4)
            assert inv.total() == 1000
            assert inv.render().endswith("Total: $10.00")


        def test_missing_amount():
            with pytest.raises(ValueError):
                Invoice("A-2", "ACME").add_line("nothing", " ")
        ''',
    "tests/test_importer.py": '''
        from ledger.importer import read_transactions


        def test_skips_blank_amounts(tmp_path):
            path = tmp_path / "bank.csv"
            path.write_text("date,amount,memo\\n2024-01-02,-12.00,coffee\\n2024-01-03,,note\\n")
            rows = read_transactions(path)
            assert [r["amount"] for r in rows] == [-1200]
        ''',
    "tests/test_report.py": '''
        import datetime

        from ledger.report import budget_remaining, monthly_totals, render_report


        def test_monthly():
            txs = [{"date": datetime.date(2024, 1, 5), "amount": -500},
                   {"date": datetime.date(2024, 1, 9), "amount": -250}]
            totals = monthly_totals(txs)
            assert totals == {"2024-01": -750}
            assert "-$7.50" in render_report(totals)
            assert budget_remaining("10", totals) == 250
        ''',
}
LEDGER_2 = {  # a later commit: bank exports with thousands separators are reported broken
    "tests/test_money.py": LEDGER_1["tests/test_money.py"] + '''

        def test_thousands_separator():
            assert parse_amount("1,234.50") == 123450
        ''',
}
LEDGER_UPSTREAM = {  # on origin/main: format_amount groups thousands
    "ledger/money.py": LEDGER_1["ledger/money.py"].replace(
        'return f"{sign}{symbol}{cents // 100}.{cents % 100:02d}"',
        'return f"{sign}{symbol}{cents // 100:,}.{cents % 100:02d}"'),
}
LEDGER_REPORT_SQ = {  # report.py written with single quotes: tools/fmt.py rewrites it
    "ledger/report.py": LEDGER_1["ledger/report.py"].replace('f"{month}  {format_amount(cents):>12}"',
                                                             "f'{month}  {format_amount(cents):>12}'")
                                                    .replace('tx["amount"]', "tx['amount']")
                                                    .replace('tx["date"]', "tx['date']"),
}


# ---------------------------------------------------------------- sitekit (JavaScript, node --test)
SITEKIT_1 = {
    ".gitignore": "node_modules/\n.statewise/\n",
    "package.json": """
        {
          "name": "sitekit",
          "version": "2.1.0",
          "type": "module",
          "scripts": {
            "test": "node --test test/",
            "format": "node scripts/fmt.js src"
          }
        }
        """,
    "README.md": "# sitekit\n\nStatic-site helpers: slugs, routes, sitemaps, shapes for the diagram plugin.\n",
    "src/slugify.js": """
        // Turn a page title into a URL slug.
        export function slugify(title) {
          return title
            .toLowerCase()
            .replace(/[^a-z0-9\\s-]/g, '')
            .trim()
            .replace(/\\s+/g, '-');
        }
        """,
    "src/router.js": """
        import { slugify } from './slugify.js';

        export function routeFor(page) {
          const section = page.section ? `/${slugify(page.section)}` : '';
          return `${section}/${slugify(page.title)}`;
        }

        export function resolve(routes, path) {
          return routes.find((r) => r.path === path) ?? null;
        }
        """,
    "src/blog.js": """
        import { slugify } from './slugify.js';

        export function postPath(post) {
          const d = post.date;
          const month = String(d.getUTCMonth() + 1).padStart(2, '0');
          return `/blog/${d.getUTCFullYear()}/${month}/${slugify(post.title)}`;
        }
        """,
    "src/sitemap.js": """
        import { routeFor } from './router.js';
        import { slugify } from './slugify.js';

        export function sitemap(pages, base) {
          const tags = new Set(pages.flatMap((p) => p.tags ?? []).map((t) => `/tags/${slugify(t)}`));
          const urls = pages.map((p) => base + routeFor(p)).concat([...tags].map((t) => base + t));
          return urls.sort().join('\\n');
        }
        """,
    "src/shapes/shape.js": """
        export class Shape {
          constructor(name) {
            this.name = name;
          }

          area() {
            throw new Error(`${this.name}: area() not implemented`);
          }

          describe() {
            return `${this.name} with area ${this.area().toFixed(2)}`;
          }
        }
        """,
    "src/shapes/circle.js": """
        import { Shape } from './shape.js';

        export class Circle extends Shape {
          constructor(r) {
            super('circle');
            this.r = r;
          }

          area() {
            return Math.PI * this.r * this.r;
          }
        }
        """,
    "src/shapes/rect.js": """
        import { Shape } from './shape.js';

        export class Rect extends Shape {
          constructor(w, h) {
            super('rect');
            this.w = w;
            this.h = h;
          }

          area() {
            return this.w * this.h;
          }

          describe() {
            return `${this.name} ${this.w}x${this.h} with area ${this.area().toFixed(2)}`;
          }
        }
        """,
    "src/shapes/square.js": """
        import { Rect } from './rect.js';

        export class Square extends Rect {
          constructor(side) {
            super(side, side);
            this.name = 'square';
          }

          describe() {
            return `${this.name} ${this.w} with area ${this.area().toFixed(2)}`;
          }
        }
        """,
    "scripts/fmt.js": """
        // House formatter: double-quoted strings to single quotes, no trailing blanks.
        import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
        import { join } from 'node:path';

        function walk(p) {
          return statSync(p).isDirectory() ? readdirSync(p).flatMap((n) => walk(join(p, n))) : [p];
        }

        for (const file of process.argv.slice(2).flatMap(walk).filter((f) => f.endsWith('.js'))) {
          const text = readFileSync(file, 'utf8');
          const out = text.replace(/"([^"'\\n]*)"/g, "'$1'").replace(/[ \\t]+$/gm, '');
          if (out !== text) {
            writeFileSync(file, out);
            console.log(`formatted ${file}`);
          }
        }
        """,
    "test/slugify.test.js": """
        import { test } from 'node:test';
        import assert from 'node:assert/strict';
        import { slugify } from '../src/slugify.js';

        test('lowercases and joins words', () => {
          assert.equal(slugify('Hello World'), 'hello-world');
        });

        test('drops punctuation', () => {
          assert.equal(slugify('What? Why!'), 'what-why');
        });

        test('keeps accented letters as plain letters', () => {
          assert.equal(slugify('Café déjà vu'), 'cafe-deja-vu');
        });
        """,
    "test/router.test.js": """
        import { test } from 'node:test';
        import assert from 'node:assert/strict';
        import { routeFor, resolve } from '../src/router.js';

        test('route with section', () => {
          assert.equal(routeFor({ section: 'Guides', title: 'Getting Started' }), '/guides/getting-started');
        });

        test('resolve misses', () => {
          assert.equal(resolve([], '/x'), null);
        });
        """,
    "test/shapes.test.js": """
        import { test } from 'node:test';
        import assert from 'node:assert/strict';
        import { Circle } from '../src/shapes/circle.js';
        import { Square } from '../src/shapes/square.js';

        test('circle area', () => {
          assert.equal(new Circle(1).describe(), 'circle with area 3.14');
        });

        test('square describe', () => {
          assert.equal(new Square(2).describe(), 'square 2 with area 4.00');
        });
        """,
    "test/blog.test.js": """
        import { test } from 'node:test';
        import assert from 'node:assert/strict';
        import { postPath } from '../src/blog.js';

        test('post path', () => {
          assert.equal(postPath({ title: 'Hello', date: new Date(Date.UTC(2024, 2, 5)) }), '/blog/2024/03/hello');
        });
        """,
}
SITEKIT_ROUTER_DQ = {  # router.js with double quotes: `npm run format` rewrites it
    "src/router.js": SITEKIT_1["src/router.js"].replace("'./slugify.js'", '"./slugify.js"').replace("''", '""'),
}


# ---------------------------------------------------------------- notify-ts (TypeScript, vitest)
NOTIFY_1 = {
    ".gitignore": "node_modules/\ndist/\n.statewise/\n",
    "package.json": """
        {
          "name": "notify-ts",
          "version": "0.9.0",
          "type": "module",
          "scripts": {"test": "vitest run", "build": "tsc -p ."},
          "devDependencies": {"typescript": "^5.6.0", "vitest": "^2.1.0"}
        }
        """,
    "tsconfig.json": '{"compilerOptions": {"target": "ES2022", "module": "ESNext", "strict": true, "outDir": "dist"}, "include": ["src"]}\n',
    "README.md": "# notify-ts\n\nSend notifications through email, SMS and Slack channels with retries.\n",
    "src/types.ts": """
        export type Level = 'info' | 'warn' | 'error';

        export interface Message {
          level: Level;
          text: string;
          subject?: string;
        }

        export interface DeliveryResult {
          ok: boolean;
          attempts: number;
        }
        """,
    "src/channels/channel.ts": """
        import type { DeliveryResult, Message } from '../types';

        export abstract class Channel {
          abstract readonly name: string;

          formatMessage(msg: Message): string {
            return `[${msg.level.toUpperCase()}] ${msg.text}`;
          }

          async send(msg: Message): Promise<DeliveryResult> {
            const body = this.formatMessage(msg);
            return this.deliver(body);
          }

          protected abstract deliver(body: string): Promise<DeliveryResult>;
        }
        """,
    "src/channels/email.ts": """
        import { withRetry } from '../retry';
        import type { DeliveryResult, Message } from '../types';
        import { Channel } from './channel';

        export class EmailChannel extends Channel {
          readonly name = 'email';

          constructor(private readonly transport: (body: string) => Promise<void>) {
            super();
          }

          formatMessage(msg: Message): string {
            const subject = msg.subject ?? msg.text.slice(0, 40);
            return `Subject: ${subject}\\n\\n${super.formatMessage(msg)}`;
          }

          protected deliver(body: string): Promise<DeliveryResult> {
            return withRetry(() => this.transport(body), { attempts: 3 });
          }
        }
        """,
    "src/channels/sms.ts": """
        import { withRetry } from '../retry';
        import type { DeliveryResult, Message } from '../types';
        import { Channel } from './channel';

        export class SmsChannel extends Channel {
          readonly name = 'sms';

          constructor(private readonly gateway: (body: string) => Promise<void>) {
            super();
          }

          formatMessage(msg: Message): string {
            const text = super.formatMessage(msg);
            return text.length > 160 ? text.slice(0, 157) + '...' : text;
          }

          protected deliver(body: string): Promise<DeliveryResult> {
            return withRetry(() => this.gateway(body), { attempts: 5, delayMs: 50 });
          }
        }
        """,
    "src/channels/slack.ts": """
        import type { DeliveryResult, Message } from '../types';
        import { Channel } from './channel';

        export class SlackChannel extends Channel {
          readonly name = 'slack';

          constructor(private readonly post: (body: string) => Promise<number>) {
            super();
          }

          formatMessage(msg: Message): string {
            return `*${msg.level}* ${msg.text}`;
          }

          protected async deliver(body: string): Promise<DeliveryResult> {
            const status = await this.post(body);
            return { ok: status < 300, attempts: 1 };
          }
        }
        """,
    "src/retry.ts": """
        import type { DeliveryResult } from './types';

        export interface RetryOptions {
          attempts?: number;
          delayMs?: number;
        }

        const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

        export async function withRetry(fn: () => Promise<void>, opts: RetryOptions = {}): Promise<DeliveryResult> {
          const attempts = opts.attempts ?? 3;
          for (let i = 1; i <= attempts; i++) {
            try {
              await fn();
              return { ok: true, attempts: i };
            } catch {
              if (i < attempts) await sleep(opts.delayMs ?? 100);
            }
          }
          return { ok: false, attempts };
        }
        """,
    "src/queue.ts": """
        import { withRetry } from './retry';
        import type { Channel } from './channels/channel';
        import type { Message } from './types';

        export class NotificationQueue {
          private pending: Message[] = [];

          constructor(private readonly channel: Channel, private readonly onDrop: (m: Message) => void) {}

          push(msg: Message): void {
            this.pending.push(msg);
          }

          async flush(): Promise<number> {
            let sent = 0;
            for (const msg of this.pending.splice(0)) {
              const result = await withRetry(async () => {
                const r = await this.channel.send(msg);
                if (!r.ok) throw new Error('delivery failed');
              }, { attempts: 2, delayMs: 0 });
              if (result.ok) sent++;
              else this.onDrop(msg);
            }
            return sent;
          }
        }
        """,
    "tests/channel.test.ts": """
        import { describe, expect, it } from 'vitest';
        import { EmailChannel } from '../src/channels/email';
        import { SlackChannel } from '../src/channels/slack';

        describe('formatMessage', () => {
          it('email has a subject line', () => {
            const ch = new EmailChannel(async () => {});
            expect(ch.formatMessage({ level: 'warn', text: 'disk full' })).toBe('Subject: disk full\\n\\n[WARN] disk full');
          });
          it('slack uses bold level', () => {
            const ch = new SlackChannel(async () => 200);
            expect(ch.formatMessage({ level: 'error', text: 'down' })).toBe('*error* down');
          });
        });
        """,
    "tests/sms.test.ts": """
        import { expect, it } from 'vitest';
        import { SmsChannel } from '../src/channels/sms';

        it('truncates to 160 characters', () => {
          const ch = new SmsChannel(async () => {});
          const out = ch.formatMessage({ level: 'info', text: 'x'.repeat(300) });
          expect(out.length).toBe(160);
        });
        """,
    "tests/retry.test.ts": """
        import { expect, it } from 'vitest';
        import { withRetry } from '../src/retry';

        it('gives up after the last attempt', async () => {
          const r = await withRetry(async () => { throw new Error('x'); }, { attempts: 2, delayMs: 0 });
          expect(r).toEqual({ ok: false, attempts: 2 });
        });

        it('zero attempts still tries once', async () => {
          let calls = 0;
          const r = await withRetry(async () => { calls++; }, { attempts: 0, delayMs: 0 });
          expect(calls).toBe(1);
          expect(r.ok).toBe(true);
        });
        """,
}
NOTIFY_UPSTREAM = {  # on origin/main: retry gets jitter
    "src/retry.ts": NOTIFY_1["src/retry.ts"].replace(
        "if (i < attempts) await sleep(opts.delayMs ?? 100);",
        "if (i < attempts) await sleep((opts.delayMs ?? 100) * (1 + Math.random() / 4));"),
}


def _with_origin(dest: Path, name: str, commits: list[tuple[dict[str, str], str]],
                 upstream: list[tuple[dict[str, str], str]] = (), branches: dict[str, dict[str, str]] | None = None) -> Path:
    work = dest / name
    origin = dest / f"{name}-origin.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(origin)], check=True, capture_output=True)
    work.mkdir(parents=True)
    _git(work, "init", "-q", "-b", "main")
    for files, msg in commits:
        _commit(work, files, msg)
    _git(work, "remote", "add", "origin", str(origin))
    for branch, files in (branches or {}).items():
        _git(work, "checkout", "-q", "-b", branch)
        _commit(work, files, f"{branch}: backport")
        _git(work, "checkout", "-q", "main")
        _git(work, "push", "-q", "origin", branch)
    _git(work, "push", "-q", "-u", "origin", "main")
    if upstream:
        other = dest / f"{name}-colleague"
        subprocess.run(["git", "clone", "-q", str(origin), str(other)], check=True, capture_output=True)
        for files, msg in upstream:
            _commit(other, files, msg)
        _git(other, "push", "-q", "origin", "main")
        subprocess.run(["rm", "-rf", str(other)], check=True)
    return work


def build(name: str, dest: Path) -> Path:
    """Create repository ``name`` under ``dest``; returns the working clone."""
    dest = Path(dest)
    _tick[0] = 0
    if name == "exportkit":
        return _with_origin(dest, name, [(EXPORTKIT_1, "exportkit 1.2: csv, tsv, jsonl, markdown exporters")],
                            upstream=[(EXPORTKIT_UPSTREAM, "csv: include_header option")],
                            branches={"release-1.2": EXPORTKIT_RELEASE})
    if name == "ledger":
        return _with_origin(dest, name, [(LEDGER_1, "ledger: money, dates, invoices, import, reports"),
                                         (LEDGER_2, "test: bank exports with thousands separators")],
                            upstream=[(LEDGER_UPSTREAM, "money: group thousands in format_amount")])
    if name == "ledger-fmt":
        return _with_origin(dest, name, [(LEDGER_1, "ledger: money, dates, invoices, import, reports"),
                                         (LEDGER_REPORT_SQ, "report: quick fix from the train")])
    if name == "sitekit":
        return _with_origin(dest, name, [(SITEKIT_1, "sitekit 2.1"),
                                         (SITEKIT_ROUTER_DQ, "router: sections (pasted from the old site)")])
    if name == "notify-ts":
        return _with_origin(dest, name, [(NOTIFY_1, "notify-ts 0.9: channels, retry, queue")],
                            upstream=[(NOTIFY_UPSTREAM, "retry: jitter")])
    raise KeyError(name)


REPOS = {"exportkit": "python", "ledger": "python", "ledger-fmt": "python", "sitekit": "javascript",
         "notify-ts": "typescript"}

if __name__ == "__main__":
    import sys
    import tempfile
    out = Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="gateset-repos-"))
    for repo in REPOS:
        print(build(repo, out))
