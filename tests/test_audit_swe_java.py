"""SWE-agent on Java repositories, on invented trajectories: the demonstration in the history is not the task,
the editor's ``[File: …]`` header names the file an edit changed, a top-level JVM program is the agent's scratch
file, and Maven/Gradle test goals, hand-compiled programs and helper shell scripts run directly are test or
reproduction runs (the one action normaliser, so the audit, the gate and the hook read them alike)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from statewise_cli import transcript
from statewise_cli.actions.normalize import describe_call, scratch_script

ROOT = Path(__file__).resolve().parents[1]
REPO = "/acme__ledger"


def java_traj(tmp_path: Path, entries: list[tuple[str, str]], *, demo: bool = True) -> Path:
    """An SWE-agent 0.x ``.traj``: a system prompt, a demonstration in another repository (``is_demo``), then
    the task, whose prompt states the working directory."""
    history: list[dict[str, Any]] = [{"role": "system", "content": "SETTING: a special interface."}]
    if demo:
        history.append({"role": "user", "is_demo": True,
                        "content": "Here is a demonstration.\nISSUE:\nTimeDelta rounds.\n(Current directory: /demo__demo)\nbash-$"})
    history.append({"role": "user", "content": f"ISSUE:\nLedger.total drops cents.\n(Open file: n/a)\n(Current directory: {REPO})\nbash-$"})
    data = {"environment": "swe_main", "history": history, "info": {"submission": "", "exit_status": "submitted"},
            "trajectory": [{"action": a, "observation": o, "thought": "", "response": ""} for a, o in entries]}
    path = tmp_path / "x.traj"
    path.write_text(json.dumps(data))
    return path


def shown(rel: str, lines: int = 3) -> str:
    return f"[File: {REPO}/{rel} ({lines} lines total)]\n1:package acme;"


SRC = "core/src/main/java/acme/ledger/Ledger.java"


def test_the_demonstration_is_neither_the_task_nor_the_working_directory(tmp_path: Path) -> None:
    traj = transcript.parse_file(str(java_traj(tmp_path, [("ls", "core\npom.xml")])))
    assert traj.cwd == REPO
    assert "Ledger.total" in traj.task and "TimeDelta" not in traj.task


def test_a_file_opened_after_cd_is_named_by_the_editor_header(tmp_path: Path) -> None:
    path = java_traj(tmp_path, [("cd core/src/main/java/acme/ledger", ""),
                                ("open Ledger.java", shown(SRC)),
                                ("edit 2:2\n    return cents / 100.0;\nend_of_edit", shown(SRC) + "\nFile updated.")])
    traj = transcript.parse_file(str(path))
    assert traj.steps[1].action.path == SRC
    edit = traj.steps[2].action
    assert edit.kind == "edit" and [e.path for e in edit.edits] == [SRC] and edit.role is None


def test_a_header_outside_the_repository_leaves_the_path_as_written(tmp_path: Path) -> None:
    path = java_traj(tmp_path, [("open core/A.java", "[File: /elsewhere/core/A.java (3 lines total)]\n1:x")])
    assert transcript.parse_file(str(path)).steps[0].action.path == "core/A.java"


def test_a_top_level_java_program_is_scratch_and_its_runs_are_reproductions(tmp_path: Path) -> None:
    path = java_traj(tmp_path, [("create ReproduceLedger.java", shown("ReproduceLedger.java", 1)),
                                ("edit 1:1\npublic class ReproduceLedger { }\nend_of_edit", shown("ReproduceLedger.java")),
                                ("javac -cp .:lib/* ReproduceLedger.java && java -cp .:lib/* ReproduceLedger",
                                 "/bin/bash: line 9: javac: command not found"),
                                ("open " + SRC, shown(SRC)),
                                ("edit 2:2\n    return cents / 100.0;\nend_of_edit", shown(SRC) + "\nFile updated."),
                                ("mvn test -Dtest=LedgerTest", "/bin/bash: line 12: mvn: command not found")])
    traj = transcript.parse_file(str(path))
    roles = [(s.action.kind, s.action.role) for s in traj.steps]
    assert roles[0] == ("edit", "script") and roles[1] == ("edit", "script")
    assert roles[2] == ("command", "reproduction")
    assert roles[4] == ("edit", None)
    assert roles[5] == ("command", "test")  # a test run is a command whose role says so
    spec = importlib.util.spec_from_file_location("audit_eval_java", ROOT / "benchmarks" / "audit_eval.py")
    assert spec is not None and spec.loader is not None
    ev = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = ev
    spec.loader.exec_module(ev)
    assert ev.baselines(traj) == {"first_edit": 5, "last_edit_before_final_test": 5}


@pytest.mark.parametrize("path,scratch", [
    ("Repro.java", True), ("./TestIt.kt", True), ("/tmp/Main.scala", True),
    ("src/main/java/a/B.java", False), ("core/Foo.java", False), ("build.gradle.kts", False), ("pom.xml", False),
])
def test_only_top_level_jvm_sources_are_scratch(path: str, scratch: bool) -> None:
    assert scratch_script(path) is scratch


@pytest.mark.parametrize("command,kind,role", [
    ("mvn test", "test", None),
    ("mvn -q test -Dtest=LedgerTest", "test", None),
    ("./mvnw -pl core test", "test", None),
    ("./gradlew :core:test --tests acme.LedgerTest", "test", None),
    ("gradle check", "test", None),
    ("mvn -Dtest=LedgerTest", "test", None),
    ("java -cp .:junit.jar org.junit.runner.JUnitCore LedgerTest", "test", None),
    ("javac Repro.java", "command", "reproduction"),
    ("java -cp target/classes Repro", "command", "reproduction"),
    ("./run_checks.sh", "command", "reproduction"),
    ("./mvnw compile", "command", None),
    ("./mvnw test-compile", "command", None),
    ("java -jar app.jar serve", "command", None),
    ("java -version", "command", None),
    ("javac -d out src/main/java/acme/Ledger.java", "command", None),
    ("java -cp out acme.ledger.Main", "command", None),
])
def test_java_build_and_hand_run_commands(command: str, kind: str, role: str | None) -> None:
    call = describe_call("bash", command, command=command, root=REPO)
    assert (call.kind, call.role) == (kind, role)


# ------------------------------------------------------------------ no toolchain in the agent's container
def _report(failing: str) -> str:
    return (f"## FAIL_TO_PASS failing (1)\nFAILED {failing}\n## FAIL_TO_PASS passing (0)\n\n"
            "## PASS_TO_PASS failing (0)\n## PASS_TO_PASS passing (8)\n")


def _submitted(tmp_path: Path, entries: list[tuple[str, str]], files: list[str]) -> Any:
    path = java_traj(tmp_path, entries)
    data = json.loads(path.read_text())
    data["info"]["submission"] = "".join(f"diff --git a/{p} b/{p}\n--- a/{p}\n+++ b/{p}\n@@ -2 +2 @@\n-x\n+y\n" for p in files)
    path.write_text(json.dumps(data))
    return transcript.parse_file(str(path))


NO_JAVAC = "/bin/bash: line 7: javac: command not found"


def test_a_missing_jdk_before_the_fix_is_not_decisive_when_the_submitted_code_came_after(tmp_path: Path) -> None:
    from statewise_cli.audit import investigate as audit

    traj = _submitted(tmp_path, [("create Repro.java", shown("Repro.java", 1)),
                                 ("edit 1:1\npublic class Repro { }\nend_of_edit", shown("Repro.java")),
                                 ("javac Repro.java && java Repro", NO_JAVAC),
                                 ("open " + SRC, shown(SRC)),
                                 ("edit 2:2\n    return cents / 10.0;\nend_of_edit", shown(SRC) + "\nFile updated."),
                                 ("mvn test", "/bin/bash: line 9: mvn: command not found"),
                                 ("submit", "")], [SRC])
    diag = audit.diagnose(traj, tests_text=_report("core:acme.ledger.LedgerTest"))
    assert diag.chosen is not None and diag.chosen.cause != "environment_error"
    env = [c for c in [diag.chosen, *diag.candidates] if c.cause == "environment_error"]
    assert all(c.score < 0.5 for c in env)


def test_a_missing_package_never_worked_around_still_counts_at_full_weight(tmp_path: Path) -> None:
    from statewise_cli.audit import investigate as audit

    traj = _submitted(tmp_path, [("python -m nose tests", "/usr/bin/python: No module named nose"),
                                 ("open " + SRC, shown(SRC)),
                                 ("edit 2:2\n    return cents / 10.0;\nend_of_edit", shown(SRC) + "\nFile updated."),
                                 ("submit", "")], [SRC])
    diag = audit.diagnose(traj, tests_text=_report("core:acme.ledger.LedgerTest"))
    env = [c for c in [diag.chosen, *diag.candidates] if c is not None and c.cause == "environment_error"]
    assert env and env[0].step == 1 and env[0].score > 0.5
