"""The hook path imports no heavy dependency (typer, rich, sqlite_utils, openai, tree_sitter, git), checked
through sys.modules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from swtest import payload, pre_bash, store_path

from statewise_cli.store.db import Store

HEAVY = {"typer", "rich", "click", "sqlite_utils", "openai", "tree_sitter", "git"}
# Standard-library modules that cost 1-13 ms each to import (re pulls in enum, functools, collections):
# none is needed to answer an ordinary tool call.
SLOW_STDLIB = {"re", "json", "enum", "functools", "collections", "typing", "tomllib", "datetime", "hashlib",
               "subprocess", "sqlite3", "traceback", "inspect", "dataclasses", "pathlib"}

# The probe runs as install-hook registers the hook: without `site` (so an editable install's import finder,
# which itself imports `re` and `pathlib`, is not measured) and with the package's directory on the path.
PACKAGE_DIR = str(Path(__import__("statewise_cli").__file__).resolve().parent.parent)

PROBE = f"""
import io, sys
sys.path.insert(0, {PACKAGE_DIR!r})
from statewise_cli.hook import entry as hook
payload = sys.argv[1].encode()
out, err = io.StringIO(), io.StringIO()
code = hook.main([], stdin=io.BytesIO(payload), stdout=out, stderr=err)
heavy = sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})
stdlib = sorted(m for m in sys.modules if m in {SLOW_STDLIB!r})
import json
print(json.dumps({{"code": code, "stdout": out.getvalue(), "stderr": err.getvalue(), "heavy": heavy, "stdlib": stdlib}}))
"""


def probe(payload: dict, cwd: Path) -> dict:
    result = subprocess.run([sys.executable, "-S", "-P", "-c", PROBE, json.dumps(payload)], cwd=cwd, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def warm_repo(git_repo: Path) -> Path:
    """A migrated store with a protected main: the warm path every tool call takes."""
    with Store.open(str(store_path(git_repo))) as s:
        s.put("git.branch.protected", True, scope="branch:main")
    return git_repo


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_allow_path_imports_no_heavy_module(agent: str, warm_repo: Path) -> None:
    data = probe(pre_bash(agent, warm_repo, "git status"), warm_repo)
    assert (data["code"], data["stdout"]) == (0, "")
    assert data["heavy"] == []


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_deny_path_imports_no_heavy_module(agent: str, warm_repo: Path) -> None:
    data = probe(pre_bash(agent, warm_repo, "git push --force origin main"), warm_repo)
    reply = json.loads(data["stdout"])
    assert reply["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert data["heavy"] == []


@pytest.mark.parametrize("agent", ["claude", "codex"])
@pytest.mark.parametrize("call", ["read", "side-effecting", "edit", "post", "stop"])
def test_ordinary_calls_import_no_slow_stdlib_module(agent: str, call: str, warm_repo: Path) -> None:
    """Reads, side-effecting commands, edits, PostToolUse and Stop on a warm store: no `re`, `json`,
    `collections`, `typing`, ... — each is milliseconds of every tool call."""
    (warm_repo / "app.py").write_text("def f():\n    return 1\n")
    if call == "edit":
        data = payload(agent, "PreToolUse", warm_repo, tool="apply_patch" if agent == "codex" else "Edit",
                       tool_input={"command": "*** Begin Patch\n*** Update File: app.py\n@@\n-    return 1\n+    return 2\n*** End Patch\n"}
                       if agent == "codex" else
                       {"file_path": str(warm_repo / "app.py"), "old_string": "return 1", "new_string": "return 2"})
    elif call == "post":
        data = payload(agent, "PostToolUse", warm_repo, command="ls")
    elif call == "stop":
        data = payload(agent, "Stop", warm_repo)
    else:
        data = pre_bash(agent, warm_repo, "git status" if call == "read" else "npm test && git add -A")
    for _ in range(2):  # the second call is the warm one every later call looks like
        result = probe(data, warm_repo)
    assert result["code"] == 0, result
    assert result["stdlib"] == [], result["stdlib"]


def test_failure_path_imports_no_heavy_module(git_repo: Path) -> None:
    store_path(git_repo).parent.mkdir()
    store_path(git_repo).write_bytes(b"corrupt" * 100)
    data = probe(pre_bash("claude", git_repo, "rm -rf build"), git_repo)
    assert json.loads(data["stdout"])["hookSpecificOutput"]["permissionDecision"] == "deny"
    assert data["heavy"] == []


def test_console_script_dispatches_hook_before_typer(warm_repo: Path) -> None:
    """`statewise hook` through the entry point: -X importtime shows no typer/rich import."""
    from swtest import STATEWISE

    script = Path(STATEWISE).read_text()
    assert "statewise_cli.__main__" in script or "statewise_cli" in script
    result = subprocess.run(
        [sys.executable, "-X", "importtime", STATEWISE, "hook"], cwd=warm_repo, capture_output=True, text=True,
        input=json.dumps(pre_bash("codex", warm_repo, "git status")), timeout=60, check=False
    )
    assert result.returncode == 0 and result.stdout == ""
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in result.stderr.splitlines() if "|" in line}
    assert "statewise_cli" in imported
    assert not imported & HEAVY, imported & HEAVY


# ------------------------------------------------------------------ Struct: the compiled constructor
def test_struct_keeps_its_contract_with_the_compiled_constructor() -> None:
    from statewise_cli.fast.struct import Struct, field

    class Point(Struct):
        x: int
        y: int
        tags: list[int] = field(default_factory=list)
        label: str = "p"

    a, b = Point(1, 2), Point(x=1, y=2)
    assert "__init__" not in Point.__dict__  # a hook call makes a handful: no compiling for those
    for _ in range(64):
        Point(0, 0)
    assert "__init__" in Point.__dict__  # compiled once a class is used in bulk
    assert a == b and a.tags == [] and a.label == "p"
    assert a.tags is not b.tags  # a callable default is called per object
    assert Point(1, 2, [3], "q") == Point(1, y=2, label="q", tags=[3])
    with pytest.raises(TypeError):
        Point(1)  # a required field is missing
    with pytest.raises(TypeError):
        Point(1, 2, nope=3)
    with pytest.raises(TypeError):
        Point(1, 2, x=1)
    with pytest.raises(AttributeError):
        a.x = 5  # type: ignore[misc]
    assert a.replace(y=7) == Point(1, 7)

    class Odd(Struct):  # a required field after a defaulted one: the generic constructor
        __slots__ = ("a", "b")
        _defaults = {"a": 0}  # noqa: RUF012 - the spelled-out form of a Struct, as a class attribute

    assert Odd(b=2).a == 0 and Odd(1, 2).b == 2
    with pytest.raises(TypeError):
        Odd()


def test_compile_all_gives_every_loaded_struct_its_compiled_constructor() -> None:
    from statewise_cli.fast.struct import Struct, compile_all

    class Base(Struct):
        a: int
        b: str = "x"

    assert "__init__" not in Base.__dict__
    assert compile_all() >= 1
    assert "__init__" in Base.__dict__
    assert Base(1) == Base(a=1, b="x") and Base(2, "y").b == "y"
    with pytest.raises(TypeError):
        Base()
    with pytest.raises(TypeError):
        Base(1, nope=2)


# ------------------------------------------------------------------ jsonfast: json without `re`
JSONFAST_PROBE = r"""
import sys
from statewise_cli.fast import jsonfast
results = []
for bad in ['{"a": [1, 2', '{"a": tru}', '[1,]', '"abc', '{"a":1} x', '', '[1] [2]']:
    try:
        jsonfast.loads(bad)
        results.append("parsed")
    except ValueError as exc:
        results.append(type(exc).__name__)
ok = jsonfast.loads(b' {"k": [1, 2.5, null, true, "\\u00e9"]}\n')
print(results, ok, jsonfast.dumps({"b": [1.5, None], "a": "\u00e9"}, sort_keys=True), "re" in sys.modules)
"""


def test_jsonfast_reads_and_writes_like_json_and_fails_cleanly_without_json_imported() -> None:
    """The C scanner builds its errors from `json.decoder` only if someone imported it: in a fresh
    interpreter a malformed payload must still be a ValueError (the hook's bad-input policy)."""
    import json

    proc = subprocess.run([sys.executable, "-c", JSONFAST_PROBE], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).parent, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("['JSONDecodeError', 'JSONDecodeError', 'JSONDecodeError', 'JSONDecodeError', "
                                  "'JSONDecodeError', 'JSONDecodeError', 'JSONDecodeError'] ")
    assert "{'k': [1, 2.5, None, True, 'é']}" in proc.stdout
    assert json.dumps({"b": [1.5, None], "a": "\u00e9"}, sort_keys=True) in proc.stdout
    from statewise_cli.fast import jsonfast

    sample = {"z": {"nested": [1, -0.5, 1e300, "tab\t", "\u2603", None, False]}, "a": []}
    for sort in (False, True):
        assert jsonfast.dumps(sample, sort_keys=sort) == json.dumps(sample, sort_keys=sort)
    assert jsonfast.loads(json.dumps(sample)) == sample


SQLITE_PROBE = r"""
import sys
if sys.argv[1] == "functools-first":
    import functools
from statewise_cli.store import db as store
stubbed = "functools" in sys.modules and not hasattr(sys.modules["functools"], "reduce")
conn = store.sqlite3.connect(":memory:")
conn.execute("CREATE TABLE t (x)")
for i in range(300):  # the same statements again and again: the statement cache at work
    conn.execute("INSERT INTO t VALUES (?)", (i % 7,))
total = conn.execute("SELECT sum(x) FROM t").fetchone()[0]
collections_loaded = "collections" in sys.modules
import functools
print(total, stubbed, callable(functools.reduce), collections_loaded)
"""


@pytest.mark.parametrize("order", ["fresh", "functools-first"])
def test_the_store_opens_sqlite_without_functools_and_leaves_no_stand_in(order: str) -> None:
    proc = subprocess.run([sys.executable, "-S", "-c", "import sys; sys.path[:0] = " + repr(sys.path) + "\n" + SQLITE_PROBE,
                           order], capture_output=True, text=True, timeout=60, cwd=Path(__file__).parent, check=False)
    assert proc.returncode == 0, proc.stderr
    total, stubbed, real_functools, collections_loaded = proc.stdout.split()
    assert int(total) == sum(i % 7 for i in range(300))
    assert stubbed == "False" and real_functools == "True"  # the stand-in is gone once _sqlite3 is loaded
    assert collections_loaded == ("True" if order == "functools-first" else "False")


# ------------------------------------------------------------------ the launcher path imports no `re`
SLOW_STDLIB = {"re", "typing", "hashlib", "json", "shlex", "fnmatch", "tomllib", "enum"}
def lean_probe(payload: dict, cwd: Path) -> dict:
    """The hook as install-hook runs it (-S -P): which slow stdlib modules did the call import?"""
    code = (
        "import sys; sys.path += " + json.dumps([p for p in sys.path if p]) + "\n"
        "import io\n"
        "from statewise_cli.hook import entry as hook\n"
        "out, err = io.StringIO(), io.StringIO()\n"
        "code = hook.main([], stdin=io.BytesIO(sys.argv[1].encode()), stdout=out, stderr=err)\n"
        "slow = sorted(m for m in sys.modules if m.split('.')[0] in " + repr(SLOW_STDLIB) + ")\n"
        "sys.stdout.write(repr((code, out.getvalue(), slow)))\n"
    )
    for _ in range(2):  # the first call of a fresh $STATEWISE_HOME parses contracts.toml into its cache
        result = subprocess.run([sys.executable, "-S", "-P", "-c", code, json.dumps(payload)], cwd=cwd,
                                capture_output=True, text=True, timeout=60, check=False)
        assert result.returncode == 0, result.stderr
    code_, out, slow = eval(result.stdout)
    return {"code": code_, "stdout": out, "slow": slow}


@pytest.mark.parametrize("agent", ["claude", "codex"])
@pytest.mark.parametrize("command", ["git status", "npm test && git add -A", "git commit -m wip", "touch notes.txt"])
def test_allow_paths_import_none_of_the_slow_stdlib(agent: str, command: str, warm_repo: Path) -> None:
    data = lean_probe(pre_bash(agent, warm_repo, command), warm_repo)
    assert (data["code"], data["stdout"]) == (0, "")
    assert data["slow"] == [], f"{command}: {data['slow']}"


@pytest.mark.parametrize("tool", ["Bash", "Read", "Edit"])
def test_post_tool_use_of_ordinary_calls_imports_none_of_the_slow_stdlib(tool: str, warm_repo: Path) -> None:
    (warm_repo / "a.py").write_text("x = 1\n")
    path = str(warm_repo / "a.py")
    calls = {
        "Bash": ({"command": "ls"}, {"stdout": "a\nb\n", "stderr": "", "interrupted": False}),
        "Read": ({"file_path": path}, {"type": "text", "file": {"filePath": path, "content": "x = 1\n", "numLines": 1,
                                                                "startLine": 1, "totalLines": 1}}),
        "Edit": ({"file_path": path, "old_string": "x = 1", "new_string": "x = 2"},
                 {"filePath": path, "oldString": "x = 1", "newString": "x = 2", "structuredPatch": [
                     {"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1, "lines": ["-x = 1", "+x = 2"]}]}),
    }
    tool_input, response = calls[tool]
    payload = {"session_id": "s1", "cwd": str(warm_repo), "hook_event_name": "PostToolUse", "tool_name": tool,
               "tool_input": tool_input, "tool_use_id": "toolu_1", "transcript_path": None, "tool_response": response}
    data = lean_probe(payload, warm_repo)
    assert data["code"] == 0 and data["slow"] == [], data["slow"]


def test_struct_fields_from_annotations_read_like_a_frozen_dataclass() -> None:
    """The form every value class uses: annotations are the fields (in positional order), values
    the defaults, ``field(default_factory=...)`` a default made per object; type checkers see the
    constructor through ``dataclass_transform``."""
    from statewise_cli.fast.struct import Struct, field

    class Span(Struct):
        path: str
        start: int = 0
        tags: list[str] = field(default_factory=list)
        label: str | None = None

    assert Span.__slots__ == ("path", "start", "tags", "label")
    assert Span._defaults["start"] == 0 and Span._defaults["tags"] is list
    a, b = Span("f.py"), Span(path="f.py")
    assert a == b and a.tags == [] and a.tags is not b.tags and a.label is None
    assert Span("g", 3, ["x"], "y") == Span("g", start=3, tags=["x"], label="y")
    assert not hasattr(a, "__dict__")  # slotted
    for _ in range(70):  # past the compiled-constructor threshold: the same contract
        assert Span("h").tags == []
    assert "__init__" in Span.__dict__
    with pytest.raises(TypeError):
        Span()  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        a.path = "other"  # type: ignore[misc]
    assert a.replace(start=9).start == 9 and a.start == 0


# A served call runs in a child forked from the warm hook server: whatever the server did not load, every child
# of that class loads again (premise modules, the evidence gate's grammar). The probe preloads as the server does
# and then answers each class of call twice.
SERVED_PROBE = f"""
import io, json, sys
sys.path.insert(0, {PACKAGE_DIR!r})
from statewise_cli.hook import server
server._preload()
from statewise_cli.hook import entry as hook
loaded = set(sys.modules)
codes = []
for raw in json.loads(sys.argv[1]):
    for _ in range(2):
        out = io.StringIO()
        codes.append(hook.main([], stdin=io.BytesIO(raw.encode()), stdout=out, stderr=io.StringIO()))
from statewise_cli.fast.lazy_re import Pattern
lazy = [n for n, m in list(sys.modules.items()) if n.startswith("statewise_cli.") and m is not None
        for v in vars(m).values() if isinstance(v, Pattern) and v.compiled is None]
print(json.dumps({{"codes": codes, "lazy": lazy, "new": sorted(m for m in set(sys.modules) - loaded
                                              if m.split('.')[0] in ("statewise_cli", "tree_sitter"))}}))
"""


@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_served_call_of_any_class_imports_nothing_the_server_did_not_load(agent: str, warm_repo: Path) -> None:
    (warm_repo / "lib.py").write_text("def g(y):\n    return y * 2\n")
    (warm_repo / "package.json").write_text('{"scripts": {"check": "node check.js"}}\n')
    edit = payload(agent, "PreToolUse", warm_repo, tool="apply_patch" if agent == "codex" else "Edit",
                   tool_input={"command": "*** Begin Patch\n*** Update File: lib.py\n@@\n-    return y * 2\n+    return y * 3\n*** End Patch\n"}
                   if agent == "codex" else
                   {"file_path": str(warm_repo / "lib.py"), "old_string": "return y * 2", "new_string": "return y * 3"})
    calls = [pre_bash(agent, warm_repo, command) for command in (
        "npm run check && git add -A", "git commit -m wip", "git push --force origin main", "cargo build",
        "make all", "git tag v2.0.0", "DATABASE_HOST=db python serve.py")]
    calls += [edit, payload(agent, "PostToolUse", warm_repo, command="ls"), payload(agent, "Stop", warm_repo)]
    if agent == "claude":
        calls.append(payload(agent, "PreToolUse", warm_repo, tool="Write",
                             tool_input={"file_path": str(warm_repo / "docs" / "notes.md"), "content": "# notes\n"}))
    result = subprocess.run([sys.executable, "-S", "-P", "-c", SERVED_PROBE, json.dumps([json.dumps(c) for c in calls])],
                            cwd=warm_repo, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data["codes"]) <= {0, 2}, data
    assert data["new"] == [], data["new"]
    assert data["lazy"] == [], data["lazy"]  # the server compiled every lazy pattern: no child compiles one again


def test_verifiers_for_a_key_are_those_whose_patterns_match_it() -> None:
    from fnmatch import fnmatchcase

    from statewise_cli.verifiers import for_key, load, registered

    load()
    keys = ["git.branch.protected", "git.remote.upstream.url", "version.python", "version.node.lts", "tool.cargo",
            "env.API_BASE", "config.app.ini#app.locale", "path.docs", "package_manager", "git.branch.protected.x",
            "version.pythonx", "[x]", "unknown.key"]
    for key in keys:
        assert for_key(key) == [v for v in registered() if any(fnmatchcase(key, p) for p in v.keys)], key
