"""The environment detour, on invented SWE-agent trajectories of a JVM repository whose container has no JDK: what
counts as returning to the task after the toolchain turned out missing, and what is still the detour.

- A missing build-tool wrapper (``./gradlew: No such file or directory``) is a missing build tool like ``mvn: command
  not found``.
- A shell script the session created at the top of the repository (``compile_and_test.sh``) is how it meant to run
  something: scratch, never the session's source change.
- Looking for the tests (``find_file "Test" src``), reading a test class and adding a test method to one are ways of
  running the code, not the code: the detour begins at the first such step.
- A search of the code for a name of the task that shows a source file, or an edit of a test file's own code (no test
  added), is the task again; a search for a topic (``installation``) that shows documents, or one that showed nothing
  (too many matches), is not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

REPO = "/shop__cart"
SRC = "src/main/java/shop/cart/Basket.java"
TEST = "src/test/java/shop/cart/BasketTest.java"
REPORT = ("## FAIL_TO_PASS failing (1)\nFAILED src:shop.cart.BasketTest\n## FAIL_TO_PASS passing (0)\n\n"
          "## PASS_TO_PASS failing (0)\n## PASS_TO_PASS passing (4)\n")
OUT_OF_BUDGET = ("exit_cost", "Exited (autosubmitted)")


def traj_of(tmp_path: Path, entries: list[tuple[str, str]]) -> Any:
    history = [{"role": "system", "content": "SETTING: a special interface."},
               {"role": "user", "content": f"ISSUE:\nBasket.total ignores discounts.\n(Open file: n/a)\n"
                                           f"(Current directory: {REPO})\nbash-$"}]
    data = {"environment": "swe_main", "history": history, "info": {"submission": "", "exit_status": "submitted"},
            "trajectory": [{"action": a, "observation": o, "thought": "", "response": ""} for a, o in entries]}
    path = tmp_path / "x.traj"
    path.write_text(json.dumps(data))
    return transcript.parse_file(str(path))


def shown(rel: str, lines: int = 3) -> str:
    return f"[File: {REPO}/{rel} ({lines} lines total)]\n1:package shop.cart;"


REPRO = [("create Repro.java", shown("Repro.java", 1)),
         ("edit 1:1\npublic class Repro { }\nend_of_edit", shown("Repro.java"))]
NO_JAVAC = ("javac Repro.java && java Repro", "/bin/bash: line 7: javac: command not found")
NO_GRADLEW = ("./gradlew test", "/bin/bash: line 7: ./gradlew: No such file or directory")
ADD_TEST = (("edit 40:40\n    @Test\n    public void testDiscount() {\n        assertEquals(90, new Basket().total());\n"
            "    }\n}\nend_of_edit"), shown(TEST, 46))
HUNT = [("ls src/test/java", "shop"), ("ls src/test/java/shop", "cart"), ("ls src/test/java/shop/cart", "BasketTest.java"),
        ("open " + TEST, shown(TEST, 40)), ADD_TEST, ("mvn test", "/bin/bash: line 9: mvn: command not found")]


def chosen(tmp_path: Path, steps: list[tuple[str, str]]) -> tuple[int, str]:
    diag = audit.diagnose(traj_of(tmp_path, steps), tests_text=REPORT)
    assert diag.chosen is not None
    return diag.chosen.step, diag.chosen.cause


def test_a_missing_build_tool_wrapper_is_a_missing_toolchain(tmp_path: Path) -> None:
    steps = [*REPRO, NO_GRADLEW, ("ls -a", "gradle\npom.xml\nsrc"), ("mvn test", "/bin/bash: line 8: mvn: command not found"),
             *[("export JAVA_HOME=/usr/lib/jvm/default", "")] * 2, ("find / -name java 2>/dev/null", ""),
             ("open README.md", shown("README.md")), OUT_OF_BUDGET]
    hit = audit.environment_detour(traj_of(tmp_path, steps), None)
    assert hit is not None and (hit[0].index, hit[1].index) == (3, 4)
    assert chosen(tmp_path, steps) == (4, "environment_detour")


def test_a_run_script_the_session_created_is_scratch_not_its_change(tmp_path: Path) -> None:
    steps = [*REPRO, NO_JAVAC, ("find_file \"*.sh\"", "No matches found"),
             ("create compile_and_test.sh", shown("compile_and_test.sh", 1)),
             ("edit 1:1\n#!/bin/bash\njavac -cp target/classes Repro.java\njava Repro\nend_of_edit",
              shown("compile_and_test.sh")),
             ("chmod +x compile_and_test.sh && ./compile_and_test.sh", "./compile_and_test.sh: line 2: javac: command not found"),
             ("ls -a", "compile_and_test.sh\npom.xml\nsrc"), OUT_OF_BUDGET]
    traj = traj_of(tmp_path, steps)
    assert all(c.kind == "scratch" for c in audit.changes(traj)[0] if "compile_and_test.sh" in c.paths)
    assert chosen(tmp_path, steps) == (4, "environment_detour")


def test_an_existing_script_changed_in_a_project_directory_still_counts(tmp_path: Path) -> None:
    assert not audit.scratch_run_script("scripts/release.sh", {"scripts/release.sh"})  # inside the project's tree
    assert not audit.scratch_run_script("run.sh", set())  # the repository's own script, changed
    assert audit.scratch_run_script(f"{REPO}/run_all.sh", {f"{REPO}/run_all.sh"}, REPO)


def test_hunting_for_the_tests_after_the_toolchain_went_missing_is_the_detour(tmp_path: Path) -> None:
    steps = [*REPRO, NO_JAVAC, ("find_file \"Test\" src", "No matches found for \"Test\" in /shop__cart/src"), *HUNT,
             ("./gradlew test", "/bin/bash: line 9: ./gradlew: No such file or directory"), OUT_OF_BUDGET]
    traj = traj_of(tmp_path, steps)
    hit = audit.environment_detour(traj, None)
    assert hit is not None and (hit[0].index, hit[1].index) == (3, 4)  # the search for tests is the turn
    assert chosen(tmp_path, steps) == (4, "environment_detour")


def test_a_search_that_showed_nothing_begins_the_detour(tmp_path: Path) -> None:
    steps = [*REPRO, NO_JAVAC, ("search_dir \"cart\"", "More than 400 files matched for \"cart\". Please narrow your search."),
             *HUNT, ("ls -a", "pom.xml\nsrc"), OUT_OF_BUDGET]
    assert chosen(tmp_path, steps) == (4, "environment_detour")


def test_searching_the_code_for_a_name_of_the_task_is_a_return_to_it(tmp_path: Path) -> None:
    # after the first missing tool the session searched the code for the class the issue names and found it; it left
    # the code only after the second missing tool, too late to decide how the session was spent
    steps = [*REPRO, NO_JAVAC, ("search_dir \"BasketTotal\"", f"Found 2 matches\n{REPO}/{SRC} (2 matches)"),
             ("open " + TEST, shown(TEST, 40)), ADD_TEST, ("mvn test", "/bin/bash: line 9: mvn: command not found"),
             ("which mvn", ""), ("create FIX.md", shown("FIX.md", 1)), ("submit", "")]
    traj = traj_of(tmp_path, steps)
    assert audit.environment_detour(traj, None) is None
    assert chosen(tmp_path, steps) == (10, "no_fix_submitted")


def test_a_topic_search_that_found_documents_is_no_return_to_the_code(tmp_path: Path) -> None:
    steps = [*REPRO, NO_JAVAC, ("sudo apt-get install default-jdk", "/bin/bash: line 8: sudo: command not found"),
             *[("search_dir \"installation\"", f"Found 2 matches\n{REPO}/README.md (1 matches)\n{REPO}/{SRC} (1 matches)")] * 1,
             ("java -version", "/bin/bash: line 9: java: command not found"),
             *[("find / -name java 2>/dev/null", "")] * 5, OUT_OF_BUDGET]
    hit = audit.environment_detour(traj_of(tmp_path, steps), None)
    assert hit is not None and hit[1].index == 4


def test_changing_a_test_files_own_code_is_work_on_the_task(tmp_path: Path) -> None:
    # no test added: the edit changes a helper class inside the test file (a fix in the wrong place, but a fix)
    helper = (("edit 12:12\n        @Override\n        public int discount(Basket b) {\n            return 0;\n"
              "        }\nend_of_edit"), shown(TEST, 44))
    steps = [*REPRO, NO_JAVAC, ("ls src/test/java/shop/cart", "BasketTest.java"), ("open " + TEST, shown(TEST, 40)),
             ("mvn test", "/bin/bash: line 9: mvn: command not found"), helper, ("ls", "pom.xml\nsrc"),
             ("submit", "")]
    assert audit.environment_detour(traj_of(tmp_path, steps), None) is None
    with_test = [*steps[:6], ADD_TEST, *steps[7:]]
    hit = audit.environment_detour(traj_of(tmp_path, with_test), None)
    assert hit is not None and hit[1].index == 4  # the same session adding a test method instead: all detour


def test_a_session_whose_only_fix_went_into_a_test_files_own_code_erred_in_the_place(tmp_path: Path) -> None:
    helper = (("edit 12:12\n        @Override\n        public int discount(Basket b) {\n            return 0;\n"
               "        }\nend_of_edit"), shown(TEST, 44))
    steps = [*REPRO, NO_JAVAC, ("search_dir \"discount\"", f"Found 1 matches\n{REPO}/{TEST} (1 matches)"),
             ("open " + TEST, shown(TEST, 40)), helper, ("mvn test", "/bin/bash: line 9: mvn: command not found"),
             ("submit", "")]
    traj = traj_of(tmp_path, steps)
    hit = audit.test_code_fix(traj)
    assert hit is not None and hit[0].index == 6
    assert chosen(tmp_path, steps) == (6, "wrong_location")
    steps[5] = ADD_TEST  # a test added instead: a reproduction, no fix in the wrong place
    assert audit.test_code_fix(traj_of(tmp_path, steps)) is None
    assert chosen(tmp_path, steps)[1] != "wrong_location"
