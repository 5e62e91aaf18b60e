"""The repository index on real git repositories with small Python, JavaScript, TypeScript and Go sources."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from swtest import git, store_path

from statewise_cli.gate import index as ri
from statewise_cli.store.db import Store

SOURCES = {
    "pkg/__init__.py": "",
    "pkg/shapes.py": """\
import math
from .util import helper


class Shape:
    def area(self):
        raise NotImplementedError

    def describe(self):
        return f"{self.area()}"


class Circle(Shape):
    def __init__(self, r):
        self.r = r

    def area(self):
        return math.pi * helper(self.r)


class Unit(Circle):
    @property
    def area(self):
        def inner():
            return super(Unit, self).area()
        return inner()
""",
    "pkg/util.py": "def helper(x):\n    return x * x\n\n\ndef other():\n    return helper(2)\n",
    "pkg/test_util.py": "from pkg import util\n\n\ndef test_helper():\n    assert util.helper(2) == 4\n",
    "tests/test_shapes.py": "from pkg.shapes import Circle\n\n\ndef test_area():\n    assert Circle(1).area() > 3\n",
    "tests/test_misc.py": "import os\n\n\ndef test_nothing():\n    assert os.sep\n",
    "web/lib/base.js": "export class Base {\n  save() {}\n  validate() {}\n}\n",
    "web/lib/model.js": """\
import { Base } from './base.js';
const fmt = require('./fmt');

export class Model extends Base {
  save() {
    this.validate();
    return fmt.write(this);
  }
}

export const make = () => new Model();
""",
    "web/lib/model.test.js": "import { make } from './model';\ntest('saves', () => { make().save(); });\n",
    "web/lib/__tests__/base.js": "const { Base } = require('../base');\ntest('b', () => new Base());\n",
    "web/spec/save.test.js": "import { Base } from '../lib/base.js';\n",
    "app/service.ts": """\
import type { Repo } from './repo';
export interface Store { get(id: string): string; }
export abstract class BaseService implements Store {
  abstract get(id: string): string;
}
export class UserService extends BaseService {
  get(id: string): string { return lookup(id); }
}
function lookup(id: string): string { return id; }
""",
    "app/view.tsx": "export function View() {\n  return <div onClick={() => track()} />;\n}\n",
    "app/service.test.ts": "import { UserService } from './service';\nnew UserService().get('a');\n",
    "go/shapes/shape.go": """\
package shapes

import "fmt"

type Base struct{}

func (b *Base) Name() string { return "base" }

type Square struct {
\tBase
\tside int
}

func (s *Square) Name() string { return fmt.Sprint(s.side) }

func NewSquare() *Square { return &Square{side: 1} }
""",
    "go/shapes/shape_test.go": "package shapes\n\nimport \"testing\"\n\nfunc TestName(t *testing.T) { NewSquare().Name() }\n",
    "go/shapes/other_test.go": "package shapes\n",
    "go/cmd/main.go": 'package main\n\nimport "example.com/demo/go/shapes"\n\nfunc main() { shapes.NewSquare() }\n',
    "go/cmd/main_test.go": 'package main\n\nimport "example.com/demo/go/shapes"\n',
}


def write(repo: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        target = repo / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content)


@pytest.fixture
def repo(git_repo: Path) -> Path:
    write(git_repo, SOURCES)
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "sources")
    return git_repo


@pytest.fixture
def conn(tmp_path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(tmp_path / "index.db", isolation_level=None)
    yield connection
    connection.close()


@pytest.fixture
def indexed(repo: Path, conn: sqlite3.Connection) -> sqlite3.Connection:
    report = ri.index_repository(conn, str(repo))
    assert report.indexed == len(SOURCES) and report.skipped == 0, report
    return conn


def spans(conn: sqlite3.Connection, path: str) -> list[tuple[str, str, int, int]]:
    return [(s.qualname, s.kind, s.start_line, s.end_line) for s in ri.symbols_in(conn, path)]


def test_python_functions_classes_and_methods_have_qualified_names_and_line_ranges(indexed: sqlite3.Connection) -> None:
    assert spans(indexed, "pkg/shapes.py") == [
        ("Shape", "class", 5, 10),
        ("Shape.area", "method", 6, 7),
        ("Shape.describe", "method", 9, 10),
        ("Circle", "class", 13, 18),
        ("Circle.__init__", "method", 14, 15),
        ("Circle.area", "method", 17, 18),
        ("Unit", "class", 21, 26),
        ("Unit.area", "method", 22, 26),  # the decorator belongs to the method
        ("Unit.area.inner", "function", 24, 25),
    ]
    assert spans(indexed, "pkg/util.py") == [("helper", "function", 1, 2), ("other", "function", 5, 6)]


def test_javascript_typescript_and_go_symbols(indexed: sqlite3.Connection) -> None:
    assert spans(indexed, "web/lib/model.js") == [
        ("Model", "class", 4, 9), ("Model.save", "method", 5, 8), ("make", "function", 11, 11),
    ]
    assert spans(indexed, "app/service.ts") == [
        ("Store", "interface", 2, 2), ("Store.get", "method", 2, 2),
        ("BaseService", "class", 3, 5), ("BaseService.get", "method", 4, 4),
        ("UserService", "class", 6, 8), ("UserService.get", "method", 7, 7),
        ("lookup", "function", 9, 9),
    ]
    assert spans(indexed, "app/view.tsx") == [("View", "function", 1, 3)]
    assert spans(indexed, "go/shapes/shape.go") == [
        ("Base", "struct", 5, 5), ("Base.Name", "method", 7, 7), ("Square", "struct", 9, 12),
        ("Square.Name", "method", 14, 14), ("NewSquare", "function", 16, 16),
    ]


def test_callers_of_a_method_are_the_call_sites_of_its_simple_name(indexed: sqlite3.Connection) -> None:
    callers = [(c.path, c.line, c.caller, c.qualifier) for c in ri.callers_of(indexed, "pkg.util.helper")]
    assert callers == [
        ("pkg/shapes.py", 18, "Circle.area", None),
        ("pkg/test_util.py", 5, "test_helper", "util"),
        ("pkg/util.py", 6, "other", None),
    ]
    assert [(c.path, c.caller) for c in ri.callers_of(indexed, "Shape.area")] == [
        ("pkg/shapes.py", "Shape.describe"), ("pkg/shapes.py", "Unit.area.inner"), ("tests/test_shapes.py", "test_area"),
    ]
    assert [(c.path, c.line, c.caller) for c in ri.callers_of(indexed, "lookup")] == [("app/service.ts", 7, "UserService.get")]
    assert [(c.path, c.caller) for c in ri.callers_of(indexed, "track")] == [("app/view.tsx", "View")]
    assert [(c.path, c.line, c.caller) for c in ri.callers_of(indexed, "NewSquare")] == [
        ("go/cmd/main.go", 5, "main"), ("go/shapes/shape_test.go", 5, "TestName"),
    ]
    assert [(c.path, c.caller) for c in ri.callers_of(indexed, "Model")] == [("web/lib/model.js", "make")]  # new Model()


def test_imports_are_stored_as_written_and_resolved(indexed: sqlite3.Connection) -> None:
    rows = indexed.execute("SELECT path, module, target, names, line FROM index_imports ORDER BY path, line").fetchall()
    by_path: dict[str, list[tuple[str, str, str, int]]] = {}
    for path, module, target, names, line in rows:
        by_path.setdefault(path, []).append((module, target, names, line))
    assert by_path["pkg/shapes.py"] == [("math", "math", "[]", 1), (".util", "pkg.util", '["helper"]', 2)]
    assert by_path["web/lib/model.js"] == [
        ("./base.js", "web/lib/base", '["Base"]', 1), ("./fmt", "web/lib/fmt", "[]", 2),
    ]
    assert by_path["app/service.ts"] == [("./repo", "app/repo", '["Repo"]', 1)]
    assert by_path["go/cmd/main.go"] == [("example.com/demo/go/shapes", "example.com/demo/go/shapes", "[]", 3)]


def test_related_finds_bases_overrides_up_and_down_and_siblings(indexed: sqlite3.Connection) -> None:
    rel = ri.related(indexed, "Circle.area")
    assert [s.qualname for s in rel.symbols] == ["Circle.area"]
    assert [s.qualname for s in rel.bases] == ["Shape"]
    assert [s.qualname for s in rel.subclasses] == ["Unit"]
    assert sorted(s.qualname for s in rel.overrides) == ["Shape.area", "Unit.area"]
    assert [s.qualname for s in rel.siblings] == ["Circle.__init__"]

    cls = ri.related(indexed, "Unit")
    assert [s.qualname for s in cls.bases] == ["Circle", "Shape"]  # transitive

    model = ri.related(indexed, "Model.save")  # JS: base imported from another module
    assert [(s.path, s.qualname) for s in model.bases] == [("web/lib/base.js", "Base")]
    assert [(s.path, s.qualname) for s in model.overrides] == [("web/lib/base.js", "Base.save")]

    service = ri.related(indexed, "UserService.get")
    assert [s.qualname for s in service.bases] == ["BaseService", "Store"]  # extends, then implements
    assert sorted(s.qualname for s in service.overrides) == ["BaseService.get", "Store.get"]

    square = ri.related(indexed, "Square.Name")  # Go: embedding
    assert [s.qualname for s in square.bases] == ["Base"]
    assert [s.qualname for s in square.overrides] == ["Base.Name"]


def test_unresolvable_bases_are_reported_not_guessed(repo: Path, conn: sqlite3.Connection) -> None:
    write(repo, {"a/m.py": "class Base:\n    pass\n", "b/m.py": "class Base:\n    pass\n",
                 "c/user.py": "import json\n\n\nclass User(Base, json.JSONEncoder):\n    def run(self):\n        pass\n"})
    ri.index_repository(conn, str(repo))
    rel = ri.related(conn, "User.run")
    assert rel.bases == () and rel.unresolved_bases == ("Base", "JSONEncoder")  # two Base classes: ambiguous


def test_tests_for_finds_tests_beside_and_tests_importing_the_module(indexed: sqlite3.Connection) -> None:
    def tests(path: str) -> list[tuple[str, str]]:
        return [(t.path, t.reason) for t in ri.tests_for(indexed, path)]

    assert tests("pkg/shapes.py") == [("tests/test_shapes.py", "beside")]
    assert tests("pkg/util.py") == [("pkg/test_util.py", "beside")]
    assert tests("web/lib/model.js") == [("web/lib/model.test.js", "beside")]
    assert tests("web/lib/base.js") == [("web/lib/__tests__/base.js", "beside"), ("web/spec/save.test.js", "imports")]
    assert tests("app/service.ts") == [("app/service.test.ts", "beside")]
    assert tests("go/shapes/shape.go") == [
        ("go/cmd/main_test.go", "imports"), ("go/shapes/other_test.go", "same-package"),
        ("go/shapes/shape_test.go", "beside"),
    ]
    assert tests("tests/test_shapes.py") == [("tests/test_shapes.py", "is-test")]
    assert tests("app/view.tsx") == []


def test_python_test_importing_a_module_by_dotted_name(repo: Path, conn: sqlite3.Connection) -> None:
    write(repo, {"tests/integration/test_geometry.py": "import pkg.shapes as s\n",
                 "tests/integration/test_other.py": "from pkg import shapes\n"})
    ri.index_repository(conn, str(repo))
    assert [(t.path, t.reason) for t in ri.tests_for(conn, "pkg/shapes.py")] == [
        ("tests/integration/test_geometry.py", "imports"), ("tests/integration/test_other.py", "imports"),
        ("tests/test_shapes.py", "beside"),
    ]


def test_symbol_at_returns_the_innermost_symbol(indexed: sqlite3.Connection) -> None:
    def at(line: int) -> str | None:
        found = ri.symbol_at(indexed, "pkg/shapes.py", line)
        return found.qualname if found else None

    assert at(1) is None
    assert at(7) == "Shape.area"
    assert at(8) == "Shape"  # blank line inside the class body
    assert at(22) == "Unit.area"  # the decorator line
    assert at(25) == "Unit.area.inner"
    assert at(26) == "Unit.area"
    absolute = ri.symbol_at(indexed, "/anywhere/checkout/pkg/shapes.py", 7)  # as an agent's tool call names it
    assert absolute is not None and absolute.qualname == "Shape.area"


def test_find_symbols_by_simple_qualified_and_module_qualified_name(indexed: sqlite3.Connection) -> None:
    assert sorted((s.path, s.qualname) for s in ri.find_symbols(indexed, "area")) == [
        ("pkg/shapes.py", "Circle.area"), ("pkg/shapes.py", "Shape.area"), ("pkg/shapes.py", "Unit.area"),
    ]
    assert [s.qualname for s in ri.find_symbols(indexed, "Circle.area")] == ["Circle.area"]
    assert [s.qualname for s in ri.find_symbols(indexed, "pkg.shapes.Circle.area")] == ["Circle.area"]
    assert ri.find_symbols(indexed, "nope.Circle.area") == []


def test_incremental_reindex_skips_unchanged_reparses_changed_and_drops_deleted(
    repo: Path, indexed: sqlite3.Connection
) -> None:
    warm = ri.index_repository(indexed, str(repo))
    assert (warm.indexed, warm.unchanged, warm.deleted) == (0, len(SOURCES), 0)

    (repo / "pkg/util.py").write_text("def helper(x):\n    return x\n\n\ndef renamed():\n    return 1\n")
    (repo / "web/lib/model.js").unlink()  # tracked, deleted in the work tree
    write(repo, {"pkg/new.py": "def fresh():\n    pass\n"})  # untracked, not ignored
    changed = ri.index_repository(indexed, str(repo))
    assert (changed.indexed, changed.deleted) == (2, 1), changed
    assert [s.qualname for s in ri.symbols_in(indexed, "pkg/util.py")] == ["helper", "renamed"]
    assert [s.qualname for s in ri.symbols_in(indexed, "pkg/new.py")] == ["fresh"]
    for table in ("index_files", "index_symbols", "index_calls", "index_imports", "index_bases"):
        assert indexed.execute(f"SELECT count(*) FROM {table} WHERE path = 'web/lib/model.js'").fetchone()[0] == 0


def test_ignored_vendored_and_unsupported_files_are_not_indexed(repo: Path, conn: sqlite3.Connection) -> None:
    write(repo, {".gitignore": "secret/\n", "secret/x.py": "def x(): pass\n",
                 "node_modules/lib/index.js": "function f() {}\n", "build/gen.py": "def g(): pass\n",
                 "vendor/v.go": "package v\n", "notes.txt": "def n(): pass\n", "web/app.min.js": "function m(){}\n"})
    report = ri.index_repository(conn, str(repo))
    paths = {row[0] for row in conn.execute("SELECT path FROM index_files")}
    assert paths == set(SOURCES)
    assert report.files == len(SOURCES)


def test_a_file_with_syntax_errors_still_indexes_what_it_can(repo: Path, conn: sqlite3.Connection) -> None:
    write(repo, {"broken.py": "def good():\n    return 1\n\n\ndef bad(:\n    pass\n\n\nclass Fine:\n    def ok(self):\n        good()\n"})
    report = ri.index_repository(conn, str(repo), paths=["broken.py"])
    assert report.parse_errors == 1
    names = [s.qualname for s in ri.symbols_in(conn, "broken.py")]
    assert "good" in names and "Fine.ok" in names
    assert [c.caller for c in ri.callers_of(conn, "good")] == ["Fine.ok"]
    assert conn.execute("SELECT parse_errors FROM index_files WHERE path = 'broken.py'").fetchone() == (1,)


def test_non_utf8_bytes_do_not_stop_indexing(repo: Path, conn: sqlite3.Connection) -> None:
    write(repo, {"latin.py": b"# caf\xe9\nname = '\xff\xfe'\n\n\ndef f\xe9():\n    pass\n\n\ndef plain():\n    g()\n"})
    ri.index_repository(conn, str(repo), paths=["latin.py"])
    symbols = ri.symbols_in(conn, "latin.py")
    assert [s.qualname for s in symbols][-1] == "plain" and symbols[-1].start_line == 9
    assert [c.caller for c in ri.callers_of(conn, "g")] == ["plain"]


def test_files_over_one_megabyte_are_skipped_and_lose_their_old_rows(repo: Path, conn: sqlite3.Connection) -> None:
    ri.index_repository(conn, str(repo))
    assert ri.symbols_in(conn, "pkg/util.py")
    (repo / "pkg/util.py").write_text("def helper(x):\n    return x\n" + "# pad\n" * 200_000)
    report = ri.index_repository(conn, str(repo))
    assert report.skipped == 1 and report.problems == ("pkg/util.py: too-large",)
    assert ri.symbols_in(conn, "pkg/util.py") == []
    assert conn.execute("SELECT status FROM index_files WHERE path = 'pkg/util.py'").fetchone() == ("too-large",)
    assert ri.index_repository(conn, str(repo)).skipped == 0  # still too large: nothing to redo


def test_generated_go_code_is_skipped(repo: Path, conn: sqlite3.Connection) -> None:
    write(repo, {"go/shapes/shape.pb.go": "// Code generated by protoc-gen-go. DO NOT EDIT.\npackage shapes\n\nfunc Gen() {}\n"})
    report = ri.index_repository(conn, str(repo), paths=["go/shapes/shape.pb.go"])
    assert report.skipped == 1 and ri.symbols_in(conn, "go/shapes/shape.pb.go") == []


def test_progress_is_reported_for_every_file(repo: Path, conn: sqlite3.Connection) -> None:
    seen: list[tuple[int, int]] = []
    ri.index_repository(conn, str(repo), on_progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, len(SOURCES)) and seen[-1] == (len(SOURCES), len(SOURCES))
    assert [d for d, _ in seen] == list(range(len(SOURCES) + 1))


def test_index_file_indexes_one_file_and_leaves_the_rest(repo: Path, conn: sqlite3.Connection) -> None:
    report = ri.index_file(conn, str(repo), str(repo / "pkg/util.py"))  # absolute paths are accepted
    assert (report.files, report.indexed) == (1, 1)
    assert {row[0] for row in conn.execute("SELECT path FROM index_files")} == {"pkg/util.py"}
    assert ri.index_file(conn, str(repo), "pkg/util.py").unchanged == 1
    assert ri.index_file(conn, str(repo), "../outside.py").files == 0
    (repo / "pkg/util.py").unlink()
    assert ri.index_file(conn, str(repo), "pkg/util.py").deleted == 1
    assert ri.symbols_in(conn, "pkg/util.py") == []


def test_index_tables_live_in_the_repository_store(repo: Path) -> None:
    with Store.open(str(store_path(repo))) as store:
        ri.index_repository(store.conn, str(repo), paths=["pkg/util.py"])
        assert store.count() == 0  # the store's own tables are untouched and usable
    with Store.open(str(store_path(repo))) as store:
        assert [s.qualname for s in ri.symbols_in(store.conn, "pkg/util.py")] == ["helper", "other"]


def test_importing_the_index_does_not_load_tree_sitter_until_a_file_is_parsed(repo: Path) -> None:
    code = (
        "import sys, sqlite3\n"
        "from statewise_cli.gate import index as ri\n"
        "assert not [m for m in sys.modules if m.startswith('tree_sitter')]\n"
        "conn = sqlite3.connect(':memory:', isolation_level=None)\n"
        f"ri.index_file(conn, {str(repo)!r}, 'pkg/util.py')\n"
        "print(sorted(m for m in sys.modules if m.startswith('tree_sitter')))\n"
        "print(len(ri.symbols_in(conn, 'pkg/util.py')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    # the grammar's compiled binding is loaded without its package (whose __init__ costs ~13 ms)
    assert out.split("\n")[:2] == ["['tree_sitter', 'tree_sitter._binding']", "2"]


def test_results_are_deterministic_across_fresh_indexes(repo: Path, tmp_path: Path) -> None:
    def dump(db: Path) -> list[tuple[object, ...]]:
        c = sqlite3.connect(db, isolation_level=None)
        ri.index_repository(c, str(repo))
        rows = [row for t in ("index_symbols", "index_calls", "index_imports", "index_bases")
                for row in c.execute(f"SELECT * FROM {t} ORDER BY 1, 2, 3, 4, 5")]
        c.close()
        return rows

    assert dump(tmp_path / "a.db") == dump(tmp_path / "b.db")


def test_a_full_index_keeps_a_newer_version_indexed_meanwhile_by_another_process(
    repo: Path, conn: sqlite3.Connection, tmp_path: Path
) -> None:
    other = sqlite3.connect(tmp_path / "index.db", isolation_level=None)  # the hook's connection
    order = [rel for rel in sorted(SOURCES) if not rel.endswith("__init__.py") or rel == "pkg/__init__.py"]

    def meanwhile(done: int, total: int) -> None:
        if done and order[done - 1] == "pkg/util.py":  # read by the full index, not yet stored
            (repo / "pkg/util.py").write_text("def newer():\n    pass\n")
            assert ri.index_file(other, str(repo), "pkg/util.py").indexed == 1

    ri.index_repository(conn, str(repo), on_progress=meanwhile)
    other.close()
    assert [s.qualname for s in ri.symbols_in(conn, "pkg/util.py")] == ["newer"]
    assert ri.index_repository(conn, str(repo)).indexed == 0  # and the stored hash is the new content's


def test_imported_files_resolve_to_repository_files_of_each_language(repo: Path, conn: sqlite3.Connection) -> None:
    """What the hook indexes on demand next to an edited file: the modules it imports."""
    for rel in ("pkg/shapes.py", "web/lib/model.js", "go/cmd/main.go"):
        ri.index_file(conn, str(repo), rel)
    assert ri.imported_files(conn, str(repo), "pkg/shapes.py") == ["pkg/util.py"]  # `from .util import helper`
    assert ri.imported_files(conn, str(repo), "web/lib/model.js") == ["web/lib/base.js"]
    assert ri.imported_files(conn, str(repo), "go/cmd/main.go") == ["go/shapes/shape.go"]  # the package folder
    ri.index_repository(conn, str(repo), paths=ri.imported_files(conn, str(repo), "pkg/shapes.py"))
    assert [s.path for s in ri.find_symbols(conn, "helper")] == ["pkg/util.py"]


def test_implementations_are_the_base_definitions_and_every_override_below_the_topmost_base(
        indexed: sqlite3.Connection) -> None:
    def names(path: str, cls: str, method: str) -> set[str]:
        return {s.qualname for s in ri.implementations(indexed, path, cls, method)}

    assert names("pkg/shapes.py", "Circle", "area") == {"Shape.area", "Unit.area"}  # base, subclass override
    assert names("pkg/shapes.py", "Shape", "area") == {"Circle.area", "Unit.area"}  # a base: its overrides
    assert names("pkg/shapes.py", "Shape", "describe") == set()  # no other implementation: nothing
    assert names("web/lib/model.js", "Model", "save") == {"Base.save"}
    assert names("app/service.ts", "UserService", "get") == {"BaseService.get", "Store.get"}  # and the interface


def test_tests_reaching_a_module_follow_imports_transitively(repo: Path, conn: sqlite3.Connection) -> None:
    ri.index_repository(conn, str(repo))
    reach = ri.tests_reaching(conn, str(repo), ["pkg/util.py", "pkg/shapes.py", "web/lib/base.js", "app/view.tsx"])
    assert reach is not None
    assert "tests/test_shapes.py" in reach["pkg/util.py"]  # test_shapes -> shapes -> util
    assert "pkg/test_util.py" in reach["pkg/util.py"]
    assert reach["pkg/shapes.py"] == ["tests/test_shapes.py"]
    assert {"web/lib/model.test.js", "web/spec/save.test.js"} <= set(reach["web/lib/base.js"])  # model -> base
    assert reach["app/view.tsx"] == []  # no test imports it: nothing to run


def test_a_full_index_is_remembered_and_a_budget_stops_it_early(repo: Path, conn: sqlite3.Connection) -> None:
    from statewise_cli.store import index_tables as tables

    assert tables.full_index_at(conn) is None
    ri.index_repository(conn, str(repo), deadline=0.0)  # past its deadline before the first file
    assert tables.full_index_at(conn) is None
    assert ri.ensure_full_index(conn, str(repo)) and tables.full_index_at(conn) is not None
