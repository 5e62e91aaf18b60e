"""Sessions that changed no repository source file, on invented SWE-agent trajectories: a path whose unquoted
``$NAME`` the shell expanded (the file never opened), a cycle of the same actions that lasts until the budget ends
(named at its first repetition), and a submission with no fix. Environment errors met on the way (no compiler)
decide nothing in such a session; a session that did change its source is not affected. Also the eval's
first-edit baseline: a test method added to an existing test class is not the session's first source edit.
An environment detour: after the toolchain turned out missing the session works on the environment (PATH guesses,
package installs, run scripts) and never returns to the repository's code; the first step of the turn decides."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

ROOT = Path(__file__).resolve().parents[1]
REPO = "/acme__ledger"
SRC = "core/src/main/java/acme/ledger/Ledger.java"
NO_JAVAC = "/bin/bash: line 7: javac: command not found"
REPORT = ("## FAIL_TO_PASS failing (1)\nFAILED core:acme.ledger.LedgerTest\n## FAIL_TO_PASS passing (0)\n\n"
          "## PASS_TO_PASS failing (0)\n## PASS_TO_PASS passing (8)\n")


def traj_of(tmp_path: Path, entries: list[tuple[str, ...]]) -> Any:
    """A SWE-agent 0.x ``.traj`` of (action, observation[, thought]) entries, parsed."""
    history = [{"role": "system", "content": "SETTING: a special interface."},
               {"role": "user", "content": f"ISSUE:\nLedger.total drops cents.\n(Open file: n/a)\n(Current directory: {REPO})\nbash-$"}]
    data = {"environment": "swe_main", "history": history, "info": {"submission": "", "exit_status": "submitted"},
            "trajectory": [{"action": e[0], "observation": e[1], "thought": e[2] if len(e) > 2 else "", "response": ""}
                           for e in entries]}
    path = tmp_path / "x.traj"
    path.write_text(json.dumps(data))
    return transcript.parse_file(str(path))


def shown(rel: str, lines: int = 3) -> str:
    return f"[File: {REPO}/{rel} ({lines} lines total)]\n1:package acme;"


SCRATCH = [("create Repro.java", shown("Repro.java", 1)),
           ("edit 1:1\npublic class Repro { }\nend_of_edit", shown("Repro.java")),
           ("javac Repro.java && java Repro", NO_JAVAC)]


def test_an_unquoted_dollar_path_the_shell_expanded_is_the_decisive_environment_step(tmp_path: Path) -> None:
    inner = "core/src/main/java/acme/ledger/$Money$Util.java"
    gone = f"{REPO}/core/src/main/java/acme/ledger/.java"
    steps = [*SCRATCH,
             ("search_dir Money core/src", f"Found 3 matches\n{REPO}/{inner}"),
             (f"open {REPO}/{inner}", f"File {gone} not found"),
             ("find_file MoneyUtil.java", "No matches found"),
             (f"search_file cents {REPO}/{inner}", f"Error: File name {gone} not found."),
             ("submit", "")]
    diag = audit.diagnose(traj_of(tmp_path, steps), tests_text=REPORT)
    assert diag.chosen is not None
    assert (diag.chosen.step, diag.chosen.cause) == (5, "environment_error")
    assert "expanded" in diag.chosen.reason


def test_quoting_or_escaping_the_dollar_later_resolves_the_expansion(tmp_path: Path) -> None:
    inner = "core/src/main/java/acme/ledger/$Money$Util.java"
    gone = f"{REPO}/core/src/main/java/acme/ledger/.java"
    steps = [(f"open {REPO}/{inner}", f"File {gone} not found"),
             (f"open '{REPO}/{inner}'", shown(inner))]
    assert audit.expanded_path(traj_of(tmp_path, steps)) is None
    steps = [(f"open {REPO}/{inner}", f"File {gone} not found")]
    hit = audit.expanded_path(traj_of(tmp_path, steps))
    assert hit is not None and hit[0].index == 1 and hit[2] == f"{REPO}/core/src/main/java/acme/ledger/.java"


def test_a_variable_that_names_an_existing_path_is_not_an_expansion_error(tmp_path: Path) -> None:
    steps = [("ls $HOME/notes.txt", "/root/notes.txt"), ("cat $TMPDIR/x.log", "cat: /x.log: No such file or directory")]
    # the second expands to a path the agent may well have meant (an unset variable): still reported, since the
    # file it named was never read; the first found its file
    hit = audit.expanded_path(traj_of(tmp_path, steps))
    assert hit is not None and hit[0].index == 2


def test_a_repeated_cycle_until_the_end_is_named_at_its_first_repetition(tmp_path: Path) -> None:
    cycle = [("search_dir total core/src", "Found 2 matches"),
             ("open " + SRC, shown(SRC)),
             ("search_file cents " + SRC, "No matches found")]
    steps = [*SCRATCH, ("find_file Ledger.java", "Found 1 matches"), *cycle, ("goto 40", shown(SRC)),
             *cycle, *cycle, *cycle]
    traj = traj_of(tmp_path, steps)
    assert audit.loop_start(traj) == 9  # step 9 repeats step 5, and from there on nearly every action is a repeat
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (9, "loop")


def test_the_same_edit_of_a_scratch_file_reissued_is_a_loop(tmp_path: Path) -> None:
    same = ("edit 1:1\nimport acme.Ledger;\nend_of_edit", shown("Repro.java"))
    traj = traj_of(tmp_path, [("create Repro.java", shown("Repro.java", 1)), same, same, same, same, same, same])
    assert audit.loop_start(traj) == 3


def test_a_few_scattered_repeats_are_no_loop(tmp_path: Path) -> None:
    steps = [("ls", "core"), ("open " + SRC, shown(SRC)), ("ls", "core"), ("search_dir total core", "Found 1"),
             ("goto 20", shown(SRC)), ("open " + SRC, shown(SRC)), ("goto 60", shown(SRC)), ("search_file cents", "x")]
    assert audit.loop_start(traj_of(tmp_path, steps)) is None


def test_a_submission_with_no_source_change_is_decisive_not_the_missing_compiler(tmp_path: Path) -> None:
    steps = [*SCRATCH, ("# we cannot compile; documenting the approach instead", ""),
             ("find_file ledger.jar", "No matches found"), ("submit", "")]
    diag = audit.diagnose(traj_of(tmp_path, steps), tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (6, "no_fix_submitted")
    assert all(c.cause != "environment_error" for c in diag.candidates)


def test_a_session_that_changed_its_source_keeps_the_ordinary_reading(tmp_path: Path) -> None:
    steps = [*SCRATCH, ("open " + SRC, shown(SRC)),
             ("edit 2:2\n    return cents / 10.0;\nend_of_edit", shown(SRC) + "\nFile updated."), ("submit", "")]
    traj = traj_of(tmp_path, steps)
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None
    assert not {c.cause for c in [diag.chosen, *diag.candidates]} & {"no_fix_submitted", "loop"}
    assert audit.stalled(traj, [], traj.steps[-1])  # the same end would be read as a give-up without the edit


def test_a_method_added_to_an_existing_test_class_is_not_the_first_source_edit(tmp_path: Path) -> None:
    test = "core/src/test/java/acme/ledger/LedgerTest.java"
    steps = [("open " + test, shown(test)),
             ("edit 9:9\n    public void testCents() { }\nend_of_edit", shown(test) + "\nFile updated."),
             ("mvn test -Dtest=LedgerTest", "/bin/bash: line 3: mvn: command not found"),
             ("open " + SRC, shown(SRC)),
             ("edit 2:2\n    return cents / 10.0;\nend_of_edit", shown(SRC) + "\nFile updated."),
             ("submit", "")]
    spec = importlib.util.spec_from_file_location("audit_eval_stalled", ROOT / "benchmarks" / "audit_eval.py")
    assert spec is not None and spec.loader is not None
    ev = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = ev
    spec.loader.exec_module(ev)
    assert ev.baselines(traj_of(tmp_path, steps))["first_edit"] == 5


OUT_OF_BUDGET = ("exit_cost", "Exited (autosubmitted)")
NO_JAVA = "/bin/bash: line 9: java: command not found"


def test_turning_to_the_toolchain_until_the_budget_ends_is_named_at_the_first_step_of_the_turn(tmp_path: Path) -> None:
    env = [("export PATH=$PATH:/opt/jdk/bin", ""), ("java -version", NO_JAVA), ("which javac", ""),
           ("apt-get install -y openjdk-17-jdk", "E: Unable to locate package openjdk-17-jdk"),
           *[("find / -name javac 2>/dev/null", "")] * 7]
    traj = traj_of(tmp_path, [*SCRATCH, *env, OUT_OF_BUDGET])
    assert traj.steps[-1].action.kind == "other"  # the cost limit is no voluntary end
    hit = audit.environment_detour(traj, None)
    assert hit is not None and (hit[0].index, hit[1].index) == (3, 4)
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None
    assert (diag.chosen.step, diag.chosen.cause, diag.chosen.phase) == (4, "environment_detour", "environment")
    assert "javac: command not found" in diag.chosen.reason
    assert diag.chosen.step < min(c.step for c in diag.candidates if c.cause == "loop")  # the repeats belong to it


def test_a_substitute_run_script_and_simulation_are_part_of_the_detour(tmp_path: Path) -> None:
    env = [("create run_repro.sh", shown("run_repro.sh", 1)),
           ("edit 1:1\njavac Repro.java\nend_of_edit", shown("run_repro.sh")),
           ("bash run_repro.sh", "run_repro.sh: line 1: javac: command not found"),
           ("create sim.py", shown("sim.py", 1)), ("edit 1:1\nprint(round(1.05, 2))\nend_of_edit", shown("sim.py")),
           ("python sim.py", "1.05"), ("python sim.py", "1.05"), ("python sim.py", "1.05")]
    diag = audit.diagnose(traj_of(tmp_path, [*SCRATCH, *env, OUT_OF_BUDGET]), tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (4, "environment_detour")


def test_the_detour_starts_after_the_last_return_to_the_repository_code(tmp_path: Path) -> None:
    test = "core/src/test/java/acme/ledger/LedgerTest.java"
    steps = [*SCRATCH, ("search_dir cents core/src", f"Found 1 matches\n{REPO}/{SRC}"), ("open " + SRC, shown(SRC)),
             ("open " + test, shown(test)), ("edit 9:9\n    public void testCents() { }\nend_of_edit", shown(test)),
             ("mvn test", "/bin/bash: line 4: mvn: command not found"),
             ("apt-get install -y maven", "E: Unable to locate package maven"), ("which mvn", ""),
             ("find / -name mvn 2>/dev/null", ""), ("find / -name 'mvn*' 2>/dev/null", ""),
             *[("ls /opt", "")] * 6, OUT_OF_BUDGET]
    traj = traj_of(tmp_path, steps)
    hit = audit.environment_detour(traj, None)
    assert hit is not None and (hit[0].index, hit[1].index) == (8, 9)  # not step 4: steps 5-7 went back to the code
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (9, "environment_detour")


def test_opening_a_file_that_is_not_there_is_no_return_to_the_code(tmp_path: Path) -> None:
    steps = [*SCRATCH, ("which java", ""), ("open Missing.java", "File Missing.java not found"),
             ("java -version", NO_JAVA), ("find / -name java 2>/dev/null", ""), ("find / -name java 2>/dev/null", ""),
             OUT_OF_BUDGET]
    hit = audit.environment_detour(traj_of(tmp_path, steps), None)
    assert hit is not None and hit[1].index == 4


def test_reading_the_code_until_the_end_is_no_detour(tmp_path: Path) -> None:
    steps = [*SCRATCH, ("which javac", ""), ("open " + SRC, shown(SRC)), ("goto 40", shown(SRC)),
             ("search_file cents " + SRC, "Found 2 matches"), OUT_OF_BUDGET]
    traj = traj_of(tmp_path, steps)
    assert audit.environment_detour(traj, None) is None
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert all(c.cause != "environment_detour" for c in [*([diag.chosen] if diag.chosen else []), *diag.candidates])


def test_the_agents_prose_run_as_a_command_is_no_environment_error(tmp_path: Path) -> None:
    prose = "Next I will look at how the ledger rounds its totals before changing anything."
    assert audit.prose_command(prose) and audit.prose_command("DISCUSSION The edit did not apply.")
    assert not audit.prose_command("mvn -q test -Dtest=LedgerTest") and not audit.prose_command("Rscript x.R")
    steps = [(prose, "/bin/bash: line 3: Next: command not found"), ("open " + SRC, shown(SRC)),
             ("edit 2:2\n    return cents / 10.0;\nend_of_edit", shown(SRC) + "\nFile updated."),
             ("search_file cents " + SRC, "Found 1 matches"), OUT_OF_BUDGET]
    diag = audit.diagnose(traj_of(tmp_path, steps), tests_text=REPORT)
    assert diag.chosen is not None and diag.chosen.step == 3  # the edit, not the slip at step 1
    assert all(c.cause != "environment_error" for c in diag.candidates)
    # the same observation after a real program is an environment error
    real = [("javac Ledger.java", "/bin/bash: line 3: javac: command not found"), *steps[1:]]
    diag = audit.diagnose(traj_of(tmp_path, real), tests_text=REPORT)
    assert any(c.cause == "environment_error" and c.step == 1 for c in [*([diag.chosen] if diag.chosen else []), *diag.candidates])


def test_a_note_the_session_wrote_describes_a_fix_and_makes_none(tmp_path: Path) -> None:
    note = [("create FIX_PLAN.md", shown("FIX_PLAN.md", 1)),
            ("edit 1:1\n# Plan\nChange Ledger.total to keep cents.\nend_of_edit", shown("FIX_PLAN.md"))]
    steps = [*SCRATCH, ("open " + SRC, shown(SRC)), *note, ("submit", "")]
    diag = audit.diagnose(traj_of(tmp_path, steps), tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (7, "no_fix_submitted")
    # an existing document of the repository changed is a change (as before): no give-up is read into it
    doc = [("open docs/guide.md", shown("docs/guide.md")),
           ("edit 2:2\nLedger.total keeps cents.\nend_of_edit", shown("docs/guide.md"))]
    diag = audit.diagnose(traj_of(tmp_path, [*SCRATCH, *doc, ("submit", "")]), tests_text=REPORT)
    assert all(c.cause != "no_fix_submitted" for c in [*([diag.chosen] if diag.chosen else []), *diag.candidates])


def test_a_short_turn_to_the_toolchain_at_the_end_of_a_session_on_the_code_is_no_detour(tmp_path: Path) -> None:
    code = [("open " + SRC, shown(SRC)), ("goto 20", shown(SRC)), ("goto 40", shown(SRC)),
            ("search_file cents " + SRC, "Found 2 matches"), ("goto 60", shown(SRC)), ("goto 80", shown(SRC)),
            ("search_dir total core/src", "Found 3 matches")]
    tail = [("mvn test", "/bin/bash: line 4: mvn: command not found"), ("which mvn", ""), ("ls target", "")]
    traj = traj_of(tmp_path, [*SCRATCH, *code, *tail, OUT_OF_BUDGET])
    assert audit.environment_detour(traj, None) is None
    (tmp_path / "longer").mkdir()
    longer = traj_of(tmp_path / "longer", [*SCRATCH, *code, *tail, *[("find / -name mvn 2>/dev/null", "")] * 10,
                                              OUT_OF_BUDGET])
    hit = audit.environment_detour(longer, None)
    assert hit is not None and (hit[0].index, hit[1].index) == (11, 12)


def test_a_long_detour_ended_by_a_submit_is_still_the_detour_a_quick_submit_a_give_up(tmp_path: Path) -> None:
    env = [("apt-get install -y default-jdk", "E: Unable to locate package default-jdk"), ("which javac", ""),
           ("find / -name javac 2>/dev/null", ""), ("ls /usr/lib/jvm", "ls: cannot access '/usr/lib/jvm'"),
           ("echo $JAVA_HOME", ""), ("find /opt -name javac 2>/dev/null", ""), ("ls /opt", "")]
    long = traj_of(tmp_path, [*SCRATCH, *env, ("submit", "")])
    diag = audit.diagnose(long, tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (4, "environment_detour")
    quick = traj_of(tmp_path, [*SCRATCH, env[0], env[1], ("submit", "")])
    assert audit.environment_detour(quick, quick.steps[-1]) is None
    diag = audit.diagnose(quick, tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (6, "no_fix_submitted")


USER_POM = [("create pom.xml", shown("pom.xml", 1)),
            ("edit 1:1\n<project>\n  <artifactId>demo</artifactId>\n</project>\nend_of_edit", shown("pom.xml")),
            ("mvn clean package", "/bin/bash: line 3: mvn: command not found")]


def test_a_build_file_the_session_created_is_scratch_not_a_build_change(tmp_path: Path) -> None:
    look = [("ls -F", "README.md\nbuild.gradle\ncore/"), ("find . -name '*.sh'", "./gradlew.sh"),
            ("ls -F core", "src/"), ("which gradle", ""), ("find / -name mvn 2>/dev/null", ""),
            ("ls /opt", ""), ("ls /usr/local/bin", "")]
    traj = traj_of(tmp_path, [*USER_POM, *look, OUT_OF_BUDGET])
    assert [c.kind for c in audit.changes(traj)[0]] == ["scratch", "scratch"]
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None and diag.chosen.step >= 3  # not the user's pom.xml written at step 1
    assert all(c.cause != "wrong_patch" for c in [diag.chosen, *diag.candidates])
    # the repository's own build file, changed (not created), is still a change of the repository
    own = [("open pom.xml", shown("pom.xml", 40)),
           ("edit 12:12\n    <version>2.0</version>\nend_of_edit", shown("pom.xml", 40) + "\nFile updated.")]
    (tmp_path / "own").mkdir()
    kinds = [c.kind for c in audit.changes(traj_of(tmp_path / "own", [*own, ("submit", "")]))[0]]
    assert kinds == ["source"]


WEB = "web/src/main/java/acme/web/Handler.java"
LAYOUT = ("ls -F", "README.md\ncore/\nweb/\npom.xml")


def test_a_session_that_searched_only_another_module_is_named_where_it_turned_there(tmp_path: Path) -> None:
    steps = [("search_dir cents src", "Directory src not found"), LAYOUT,
             ("search_dir cents web", f"Found 2 matches\n{REPO}/{WEB}"), ("open " + WEB, shown(WEB)),
             ("goto 40", shown(WEB)), ("search_dir total web", f"Found 1 matches\n{REPO}/{WEB}"), OUT_OF_BUDGET]
    traj = traj_of(tmp_path, steps)
    hit = audit.wrong_module(traj, audit.parse_failure(REPORT, "--tests", None, set()))
    assert hit is not None and (hit[0].index, hit[1], hit[2]) == (3, "web", "core")  # not 1: src was not there
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None
    assert (diag.chosen.step, diag.chosen.cause, diag.chosen.phase) == (3, "wrong_location", "localization")
    # a look into the failing tests' module at any point: no turn away is read into the session
    (tmp_path / "back").mkdir()
    back = traj_of(tmp_path / "back", [*steps[:-1], ("open " + SRC, shown(SRC)), OUT_OF_BUDGET])
    assert audit.wrong_module(back, audit.parse_failure(REPORT, "--tests", None, set())) is None
    # test ids that name no build module (``src:...``, pytest ids): nothing to compare with
    plain = REPORT.replace("core:acme", "src:acme")
    assert audit.wrong_module(traj, audit.parse_failure(plain, "--tests", None, set())) is None


def test_turning_to_another_module_after_the_build_tool_went_missing_is_an_environment_detour(tmp_path: Path) -> None:
    steps = [*USER_POM, ("search_dir scripts", "More than 300 files matched"), LAYOUT, ("ls -F web", "src/"),
             ("ls -F web/src/test", "java/"), ("open web/src/test/java/acme/web/HandlerTest.java",
                                            shown("web/src/test/java/acme/web/HandlerTest.java")),
             ("scroll_down", shown("web/src/test/java/acme/web/HandlerTest.java")), OUT_OF_BUDGET]
    diag = audit.diagnose(traj_of(tmp_path, steps), tests_text=REPORT)
    assert diag.chosen is not None
    assert (diag.chosen.step, diag.chosen.cause, diag.chosen.phase) == (4, "environment_detour", "environment")
    assert "web" in diag.chosen.reason and "toolchain missing (/bin/bash: line 3: mvn: command not found)" in diag.chosen.reason


def test_output_the_model_wrote_itself_is_no_edit_and_repeating_it_is_a_format_loop(tmp_path: Path) -> None:
    invented = (f"[File: {REPO}/Repro.java (40 lines total)]\n1:import java.util.List;\n"
                "2:public class Repro { List<String> out = new ArrayList<>(); }\n3:        writer > out.txt")
    slip = ("/bin/bash: line 1: syntax error near unexpected token `('\n"
            f"/bin/bash: line 1: `[File: {REPO}/Repro.java (40 lines total)]'")
    prose = ("DISCUSSION\nThe syntax error persists, so the shell must be reading the file wrongly.",
             "/bin/bash: line 9: DISCUSSION: command not found")
    steps = [("python repro.py", "python: can't open file 'repro.py'"), ("create repro.py", shown("repro.py", 1)),
             ("python repro.py", ""), (invented, slip), prose, (invented, slip), prose, prose, (invented, slip),
             prose, OUT_OF_BUDGET]
    traj = traj_of(tmp_path, steps)
    assert traj.steps[3].action.kind == "other" and not traj.steps[3].action.edits  # not a write of out.txt
    assert audit.format_slip(traj.steps[3]) and audit.format_slip(traj.steps[4])
    assert not any(c.kind == "source" for c in audit.changes(traj)[0])
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (3, "loop")  # the first repeat


def test_new_files_written_after_the_meant_file_never_opened_are_a_substitute_not_a_change(tmp_path: Path) -> None:
    inner = "core/src/main/java/acme/ledger/$Money$Util.java"
    gone = f"{REPO}/core/src/main/java/acme/ledger/.java"
    new = "core/src/main/java/acme/ledger/MoneyFix.java"
    steps = [("search_dir Money core/src", f"Found 3 matches\n{REPO}/{inner}"),
             (f"open {inner}", f"File {gone} not found"), ("ls core/src/main/java/acme/ledger", "$Money$Util.java"),
             (f"open {inner}", f"File {gone} not found"),
             ("create core/FIX.md", shown("core/FIX.md", 1)),  # a note naming the file: echoed back, nothing found
             ("edit 1:1\nChange $Money$Util.java to keep cents.\nend_of_edit", shown("core/FIX.md") + "\n$Money$Util.java"),
             (f"create {new}", shown(new, 1)),
             ("edit 1:1\npublic class MoneyFix { static long cents(long c) { return c; } }\nend_of_edit", shown(new)),
             OUT_OF_BUDGET]
    traj = traj_of(tmp_path, steps)
    hit = audit.expanded_path(traj)
    assert hit is not None and hit[0].index == 2
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (2, "environment_error")
    # the same new class in a session that did open its files is a change of the repository's code
    (tmp_path / "opened").mkdir()
    fine = traj_of(tmp_path / "opened", [("open " + SRC, shown(SRC)), *steps[6:]])
    diag = audit.diagnose(fine, tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (2, "wrong_patch")


def test_a_reproduction_in_another_language_than_the_repositorys_is_a_substitute_model(tmp_path: Path) -> None:
    model = [("create repro.py", shown("repro.py", 1)),
             ("edit 1:1\nclass Base { int base = 1; }\nend_of_edit", "Your proposed edit has introduced new syntax error(s)."),
             ("edit 1:1\nfrom dataclasses import dataclass\nprint({'base': 1})\nend_of_edit", shown("repro.py")),
             ("python repro.py", "{'base': 1}")]
    look = [("search_dir Base core/src", f"Found 1 matches\n{REPO}/{SRC}"), ("open " + SRC, shown(SRC)),
            ("goto 40", shown(SRC)), ("search_file total " + SRC, "Found 2 matches"), ("goto 80", shown(SRC)), OUT_OF_BUDGET]
    traj = traj_of(tmp_path, [*model, *look])
    hit = audit.substitute_model(traj)
    assert hit is not None and (hit[0].index, hit[1], hit[2]) == (3, "repro.py", {".java"})  # not the rejected edit
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None
    assert (diag.chosen.step, diag.chosen.cause, diag.chosen.phase) == (3, "substitute_model", "localization")
    # a reproduction in the repository's own language is no substitute
    (tmp_path / "same").mkdir()
    same = traj_of(tmp_path / "same", [("create Repro.java", shown("Repro.java", 1)),
                                       ("edit 1:1\nclass Repro { }\nend_of_edit", shown("Repro.java")), *look])
    assert audit.substitute_model(same) is None
