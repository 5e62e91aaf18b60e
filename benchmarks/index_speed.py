"""Repository-index speed on a synthetic 2,000-file repository and on a real package.

    python benchmarks/index_speed.py [--files 2000] [--real PATH] [--keep]

Builds a deterministic repository (Python, JavaScript, TypeScript and Go modules with
classes that inherit across modules, calls between modules, and tests) as a real git
repo in a temp dir, then times: the first full index, a warm re-index with nothing
changed, a re-index after touching 10 files, ``index_file`` on one file in this process
and in a fresh interpreter (import + grammar load + parse + store), and the queries the
evidence gate makes. ``--real`` copies a directory (default: rich from site-packages)
into a git repo and times the same. Targets (issue 5): first < 60 s, warm < 1 s,
index_file < 30 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from statewise_cli.gate import index as ri

MIX = (("python", 0.40), ("typescript", 0.25), ("javascript", 0.15), ("go", 0.20))


# ------------------------------------------------------------------------ generation
def _py_module(rng: random.Random, pkg: int, mod: int, deps: list[tuple[int, int]]) -> str:
    lines = ['"""Synthetic module."""', "from __future__ import annotations", "", "import os"]
    for p, m in deps:
        lines.append(f"from pkg{p}.mod{m} import Model{p}_{m}_0, helper{p}_{m}")
    lines.append("")
    for c in range(3):
        base = f"Model{deps[0][0]}_{deps[0][1]}_0" if (c == 0 and deps) else (f"Model{pkg}_{mod}_{c - 1}" if c else "object")
        lines += ["", f"class Model{pkg}_{mod}_{c}({base}):", f'    """Class {c}."""', "",
                  "    def __init__(self, value: int) -> None:", "        self.value = value", ""]
        for k in range(rng.randint(6, 10)):
            callee = f"helper{deps[k % len(deps)][0]}_{deps[k % len(deps)][1]}" if deps else "len"
            lines += [f"    def method_{k}(self, x: int) -> int:",
                      f"        y = {callee}(x) + self.value",
                      "        if y > 3:",
                      f"            return self.method_{max(k - 1, 0)}(y - 1) if {k} else y",
                      "        return sum(int(v) for v in os.fspath(str(y)))", ""]
    for f in range(4):
        lines += [f"def helper{pkg}_{mod}{'' if f == 0 else f'_{f}'}(x: int) -> int:",
                  f"    return x * {f + 1} + len(str(x))", ""]
    return "\n".join(lines) + "\n"


def _py_test(pkg: int, mod: int) -> str:
    return (f"from pkg{pkg}.mod{mod} import Model{pkg}_{mod}_0, helper{pkg}_{mod}\n\n\n"
            f"def test_model():\n    assert Model{pkg}_{mod}_0(1).method_0(2) >= 0\n\n\n"
            f"def test_helper():\n    assert helper{pkg}_{mod}(3) > 0\n")


def _ts_module(rng: random.Random, pkg: int, mod: int, deps: list[tuple[int, int]], typed: bool) -> str:
    t = (lambda s: s) if typed else (lambda s: "")
    lines = []
    for p, m in deps:
        rel = "." if p == pkg else f"../p{p}"
        lines.append(f"import {{ Service{p}_{m}, util{p}_{m} }} from '{rel}/m{m}';")
    if typed:
        lines += ["", f"export interface Shape{pkg}_{mod} {{", "  area(): number;", "  name(): string;", "}"]
    for c in range(3):
        base = f" extends Service{deps[0][0]}_{deps[0][1]}" if (c == 0 and deps) else (f" extends Service{pkg}_{mod}_{c - 1}" if c else "")
        name = f"Service{pkg}_{mod}" if c == 0 else f"Service{pkg}_{mod}_{c}"
        lines += ["", f"export class {name}{base} {{", f"  constructor({t('public ')}value{t(': number')}) {{",
                  "    " + ("super(value);" if base else "this.value = value;"), "  }"]
        for k in range(rng.randint(6, 10)):
            callee = f"util{deps[k % len(deps)][0]}_{deps[k % len(deps)][1]}" if deps else "Math.abs"
            lines += [f"  method{k}(x{t(': number')}){t(': number')} {{",
                      f"    const y = {callee}(x) + this.value;",
                      f"    if (y > 3) {{ return this.method{max(k - 1, 0)}(y - 1); }}",
                      "    return [1, 2, 3].map((v) => v * y).reduce((a, b) => a + b, 0);", "  }"]
        lines.append("}")
    lines += ["", f"export function util{pkg}_{mod}(x{t(': number')}){t(': number')} {{", "  return x * 2;", "}",
              "", f"export const arrow{pkg}_{mod} = (x{t(': number')}) => util{pkg}_{mod}(x) + 1;"]
    return "\n".join(lines) + "\n"


def _ts_test(pkg: int, mod: int) -> str:
    return (f"import {{ Service{pkg}_{mod}, util{pkg}_{mod} }} from './m{mod}';\n\n"
            f"test('service', () => {{\n  expect(new Service{pkg}_{mod}(1).method0(2)).toBeGreaterThan(0);\n"
            f"  expect(util{pkg}_{mod}(1)).toBe(2);\n}});\n")


def _go_module(rng: random.Random, pkg: int, mod: int, deps: list[int]) -> str:
    lines = [f"package p{pkg}", "", "import (", '\t"fmt"', '\t"strings"']
    lines += [f'\t"example.com/bench/go/p{d}"' for d in deps]
    lines += [")", "", f"type Base{mod} struct {{", "\tName string", "}", "",
              f"func (b *Base{mod}) Describe() string {{ return fmt.Sprintf(\"%s\", b.Name) }}"]
    for c in range(2):
        lines += ["", f"type Widget{mod}_{c} struct {{", f"\tBase{mod}", "\tsize int", "}"]
        for k in range(rng.randint(6, 10)):
            call = f"p{deps[k % len(deps)]}.Helper{deps[k % len(deps)]}(x)" if deps else "len(fmt.Sprint(x))"
            lines += ["", f"func (w *Widget{mod}_{c}) Method{k}(x int) int {{",
                      f"\ty := {call} + w.size",
                      "\tif y > 3 {", f"\t\treturn w.Method{max(k - 1, 0)}(y - 1)", "\t}",
                      "\treturn len(strings.Repeat(\"x\", y))", "}"]
    if mod == 0:
        lines += ["", f"func Helper{pkg}(x int) int {{ return x * 2 }}"]
    return "\n".join(lines) + "\n"


def _go_test(pkg: int, mod: int) -> str:
    return (f"package p{pkg}\n\nimport \"testing\"\n\nfunc TestWidget{mod}(t *testing.T) {{\n"
            f"\tw := &Widget{mod}_0{{}}\n\tif w.Method0(1) < 0 {{\n\t\tt.Fatal(\"negative\")\n\t}}\n}}\n")


def generate(root: Path, total: int, seed: int = 5) -> dict[str, int]:
    rng = random.Random(seed)
    per_pkg = 10
    counts: dict[str, int] = {}
    files: dict[str, str] = {}
    for lang, share in MIX:
        n_files = int(total * share)
        n_modules = int(n_files / 1.2)  # one test per five modules... plus the rest below
        n_pkgs = max(1, n_modules // per_pkg)
        made = 0
        for i in range(n_modules):
            pkg, mod = i // per_pkg % n_pkgs, i % per_pkg
            earlier = [(p, m) for p, m in ((pkg, mod - 1), (max(pkg - 1, 0), (mod + 3) % per_pkg)) if m >= 0 and (p, m) < (pkg, mod)]
            if lang == "python":
                files[f"py/pkg{pkg}/__init__.py"] = ""
                files[f"py/pkg{pkg}/mod{mod}.py"] = _py_module(rng, pkg, mod, earlier)
            elif lang in ("typescript", "javascript"):
                ext = "ts" if lang == "typescript" else "js"
                files[f"{ext}/p{pkg}/m{mod}.{ext}"] = _ts_module(rng, pkg, mod, earlier, lang == "typescript")
            else:
                deps = sorted({p for p, _ in earlier if p != pkg})
                files[f"go/p{pkg}/m{mod}.go"] = _go_module(rng, pkg, mod, deps)
            made += 1
        i = 0
        while made < n_files:  # tests until the language's share is reached
            pkg, mod = i // per_pkg % n_pkgs, i % per_pkg
            if lang == "python":
                files[f"py/tests/test_pkg{pkg}_mod{mod}.py"] = _py_test(pkg, mod)
            elif lang in ("typescript", "javascript"):
                ext = "ts" if lang == "typescript" else "js"
                files[f"{ext}/p{pkg}/m{mod}.test.{ext}"] = _ts_test(pkg, mod)
            else:
                files[f"go/p{pkg}/m{mod}_test.go"] = _go_test(pkg, mod)
            made += 1
            i += 1
        counts[lang] = made
    files["py/pkg0/__init__.py"] = ""
    for rel, text in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    _git_commit(root)
    return counts


def _git_commit(root: Path) -> None:
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "b@x.invalid",
           "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "b@x.invalid"}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "bench", "--no-gpg-sign"]):
        subprocess.run(["git", *args], cwd=root, check=True, env=env, capture_output=True)


# --------------------------------------------------------------------------- timing
def _open(db: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")  # as the store opens it
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


def _best(fn, runs: int = 3) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    best, result = float("inf"), None
    for _ in range(runs):
        started = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - started)
    return best, result


# index_file in a fresh interpreter, as the hook runs it: sqlite3 and the index module
# imported (the hook has those already), then tree-sitter, the grammar, parse and store.
_COLD = """
import sqlite3, sys, time
from statewise_cli.gate import index as ri
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA synchronous = NORMAL")
ri.ensure_schema(conn)
t0, c0 = time.perf_counter(), time.process_time()
report = ri.index_file(conn, sys.argv[2], sys.argv[3])
print((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000, report.indexed)
"""


def measure(name: str, root: Path, workdir: Path, samples: dict[str, str]) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    db = workdir / f"{name}.db"
    conn = _open(db)
    first = ri.index_repository(conn, str(root))
    stats = ri.index_stats(conn)
    rows.append(("first full index", f"{first.seconds:.2f} s  ({first.files} files, {first.files / first.seconds:.0f} files/s)"))
    rows.append(("  rows", (f"{stats['index_symbols']} symbols, {stats['index_calls']} calls, "
                            f"{stats['index_imports']} imports, {stats['index_bases']} bases, "
                            f"{stats['parse_errors']} files with syntax errors, {first.skipped} skipped")))
    warm_s, warm = _best(lambda: ri.index_repository(conn, str(root)))
    rows.append(("warm re-index, nothing changed", f"{warm_s * 1000:.0f} ms  ({warm.unchanged} unchanged)"))  # type: ignore[attr-defined]
    candidates = sorted(str(r[0]) for r in conn.execute("SELECT path FROM index_files WHERE status = 'indexed'"))
    touched = candidates[:: max(1, len(candidates) // 10)][:10]
    for rel in touched:
        with open(root / rel, "a") as handle:
            handle.write("\n// touched\n" if not rel.endswith(".py") else "\n# touched\n")
    ten = ri.index_repository(conn, str(root))
    rows.append(("re-index after touching 10 files", f"{ten.seconds * 1000:.0f} ms  ({ten.indexed} re-parsed)"))
    for lang, rel in samples.items():
        hot = []
        for _ in range(3):
            with open(root / rel, "a") as handle:
                handle.write("\n")
            started = time.perf_counter()
            ri.index_file(conn, str(root), rel)
            hot.append(time.perf_counter() - started)
        hot_s = min(hot)
        walls, cpus = [], []
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as installed: .pyc present
        for i in range(6):
            with open(root / rel, "a") as handle:
                handle.write("\n")
            out = subprocess.run([sys.executable, "-c", _COLD, str(db), str(root), rel], check=True, env=env,
                                 capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent).stdout
            if i:  # the first run may write .pyc files
                walls.append(float(out.split()[0]))
                cpus.append(float(out.split()[1]))
        lines = (root / rel).read_bytes().count(b"\n")
        rows.append((f"index_file {lang} ({lines} lines)",
                     (f"in-process {hot_s * 1000:.1f} ms; fresh interpreter incl. tree-sitter import + grammar load: "
                      f"wall min {min(walls):.1f} / median {sorted(walls)[2]:.1f} ms, "
                      f"CPU min {min(cpus):.1f} / median {sorted(cpus)[2]:.1f} ms")))
    sym = next(iter(ri.symbols_in(conn, next(iter(samples.values())))), None)
    if sym is not None:
        for label, fn in (
            ("symbol_at", lambda: ri.symbol_at(conn, sym.path, sym.start_line + 1)),
            ("callers_of", lambda: ri.callers_of(conn, sym.qualname)),
            ("related", lambda: ri.related(conn, sym.qualname, sym.path)),
            ("tests_for", lambda: ri.tests_for(conn, sym.path)),
        ):
            q_s, result = _best(fn, runs=5)
            size = len(result) if isinstance(result, list) else ("1" if result is not None else "0")
            rows.append((f"query {label}", f"{q_s * 1000:.2f} ms ({size} results)"))
    rows.append(("store size", f"{(db.stat().st_size + (db.with_suffix('.db-wal').stat().st_size if db.with_suffix('.db-wal').exists() else 0)) / 1e6:.1f} MB"))
    conn.close()
    return rows


def _print(title: str, rows: list[tuple[str, str]]) -> None:
    print(f"\n{title}")
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"  {key.ljust(width)}  {value}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--real", default=None, help="a package directory (default: rich, from site-packages)")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir")
    args = parser.parse_args()
    if args.real:
        real = Path(args.real)
    else:
        import importlib.util

        spec = importlib.util.find_spec("rich")
        real = Path(spec.origin).parent if spec and spec.origin else Path("/nonexistent")
    work = Path(tempfile.mkdtemp(prefix="statewise-index-bench-"))
    try:
        synth = work / "synthetic"
        started = time.perf_counter()
        counts = generate(synth, args.files)
        print(f"generated {sum(counts.values())} files {counts} in {time.perf_counter() - started:.1f} s "
              f"(cpus: {os.cpu_count()}, load avg: {os.getloadavg()[0]:.1f})")
        samples = {"python": "py/pkg1/mod3.py", "typescript": "ts/p1/m3.ts", "javascript": "js/p1/m3.js",
                   "go": "go/p1/m3.go"}
        _print(f"synthetic repository ({args.files} files)", measure("synthetic", synth, work, samples))
        if real.is_dir():
            copy = work / real.name
            shutil.copytree(real, copy, ignore=shutil.ignore_patterns("__pycache__"))
            _git_commit(copy)
            first_py = sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*.py"))
            typical = min(first_py, key=lambda p: abs(300 - (copy / p).read_bytes().count(b"\n")))
            _print(f"real package: {real} ({len(first_py)} .py files)", measure("real", copy, work, {"python": typical}))
    finally:
        if args.keep:
            print(f"\nkept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
