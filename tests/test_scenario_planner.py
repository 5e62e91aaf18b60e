"""The scenario benchmark's planner: what it follows after a deny or a failure."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

# loaded by path under its own name: another benchmark has a module called `planner` too
_SPEC = importlib.util.spec_from_file_location(
    "scenario_planner", Path(__file__).resolve().parents[1] / "benchmarks" / "scenarios" / "planner.py")
assert _SPEC is not None and _SPEC.loader is not None
_MODULE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_MODULE)
Planner = _MODULE.Planner


def _edit_scenario() -> SimpleNamespace:
    return SimpleNamespace(kind="path", topic=["cache size"], prior="conf/app.conf", stale="conf/app.conf",
                           true="conf/d/cache.conf", domain=set(), vocab=())


def _task() -> SimpleNamespace:
    return SimpleNamespace(action=lambda v: {"kind": "edit", "path": v, "old": "a", "new": "b"})


def test_edit_task_follows_a_path_the_text_names() -> None:
    p = Planner(_edit_scenario())
    p.read_memory("# Notes\n\nNothing about it here.\n")
    t = _task()
    assert p.propose(t)["path"] == "conf/app.conf"
    nxt = p.replan(t, "Edit stopped: the text is not in conf/app.conf; it is in conf/d/cache.conf now.")
    assert nxt is not None and nxt["path"] == "conf/d/cache.conf"
    # the same path is not tried twice, and text naming no new path stops the planner
    assert p.replan(t, "still not in conf/app.conf or conf/d/cache.conf") is None


def test_edit_task_stops_on_text_without_a_path() -> None:
    p = Planner(_edit_scenario())
    p.read_memory("")
    t = _task()
    p.propose(t)
    assert p.replan(t, "The edit was refused.") is None


def test_command_task_does_not_follow_paths() -> None:
    s = SimpleNamespace(kind="cmd", topic=["test"], prior="make test", stale="make test", true="just test",
                        domain=set(), vocab=())
    p = Planner(s)
    p.read_memory("")
    t = SimpleNamespace(action=lambda v: {"kind": "bash", "cmd": v})
    p.propose(t)
    assert p.replan(t, "see docs/testing.md") is None
