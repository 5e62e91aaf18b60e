"""Security mechanisms of round 34, which do not depend on knowing the program: a file the agent wrote (or the line
writes) handed to a program the normalizer does not model is judged by its text; inline code that reaches a process
by a name no screen lists is judged by the commands it holds as literals; a path lookup the check cannot finish
answers as protected. Every case here is written for the class, with its own names, paths and programs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_shellsafe import judged

from statewise_cli.recovery import written
from statewise_cli.repo import find_repo


@pytest.fixture
def here(protected_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(protected_repo)  # the hook runs in the call's directory
    return protected_repo


def _wrote(repo: Path, rel: str, text: str) -> Path:
    path = repo / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    written.note(find_repo(str(repo)).store_dir, "s1", [str(path)])
    return path


def _pushes(found: list[str]) -> bool:
    return any(v.startswith("protected-branch") for v in found)


# ---------------------------------------------------------------- files handed to an unmodelled program
PUSHING_IR = '@.cmd = private constant [31 x i8] c"git push --force origin main\\0A\\00"\n'
PUSHING_TABLE = "step\tgit push origin main\n"
PUSHING_HARNESS = 'plan 1;\nsystem("git", "push", "origin", "HEAD:main");\npass;\n'
PUSHING_MACROS = "divert(-1)\nesyscmd(git push origin main)\n"


@pytest.mark.parametrize(
    ("rel", "text", "command"),
    [("build/stage.bc.txt", PUSHING_IR, "jitrun build/stage.bc.txt"),
     ("steps.tsv", PUSHING_TABLE, "runbook-exec --from steps.tsv"),
     ("checks/flow.t", PUSHING_HARNESS, "tapper checks/flow.t"),
     ("gen/site.mac", PUSHING_MACROS, "macroproc gen/site.mac"),
     ("gen/site.mac", PUSHING_MACROS, "macroproc < gen/site.mac"),
     ("gen/site.mac", PUSHING_MACROS, "cat gen/site.mac | macroproc -")],
)
def test_a_written_file_handed_to_an_unmodelled_program_is_judged_by_its_text(rel: str, text: str, command: str,
                                                                              here: Path) -> None:
    _wrote(here, rel, text)
    assert _pushes(judged(command, here)), command


def test_a_file_the_line_writes_and_hands_over_is_judged_by_the_text_it_shows(here: Path) -> None:
    assert _pushes(judged("printf 'git push origin main\\n' > job.lst && batchrun job.lst", here))
    assert judged("printf 'echo ready\\n' > job.lst && batchrun job.lst", here) == []


def test_an_unmodelled_program_given_a_harmless_written_file_stays_allowed(here: Path) -> None:
    _wrote(here, "build/stage.bc.txt", '@.msg = private constant [6 x i8] c"hello\\00"\n')
    _wrote(here, "notes/plan.txt", "We push the topic branch and open a pull request later.\n")
    _wrote(here, "checks/ok.t", 'plan 1;\nsystem("git", "status");\npass;\n')
    for command in ("jitrun build/stage.bc.txt", "macroproc notes/plan.txt", "tapper checks/ok.t",
                    "macroproc < notes/plan.txt"):
        assert judged(command, here) == [], command


def test_a_topic_branch_push_in_a_written_file_stays_allowed(here: Path) -> None:
    _wrote(here, "flow.steps", "git push -u origin feature/widgets\n")
    assert judged("stepper flow.steps", here) == []


def test_the_developers_own_prose_files_are_not_read(here: Path) -> None:
    # not in the record of written files, and prose: not read (round 36: a repository file that is no prose is read,
    # tests/test_security_round36.py)
    (here / "legacy.md").write_text("git push origin main\n")
    assert judged("stepper legacy.md", here) == []


def test_a_written_file_that_changes_the_guard_is_judged_as_that_write(here: Path) -> None:
    _wrote(here, "tools/setup.steps", "cp /dev/null .claude/settings.json\n")
    found = judged("stepper tools/setup.steps", here, records=[])
    assert found, found


def test_an_install_with_another_manager_in_a_written_file_is_seen(here: Path) -> None:
    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery.invariants import expand_scripts

    _wrote(here, "ci/deps.lst", "pnpm add left-pad\n")
    actions = expand_scripts(normalize_shell("depsrunner ci/deps.lst", "feature"), str(here), find_repo(str(here)))
    assert any(a.operation == "pkg.install" and a.target == "pnpm" for a in actions)


def test_operand_commands_decode_a_string_tables_escapes() -> None:
    from statewise_cli.actions.hidden import operand_commands

    assert "git push --force origin main; " in operand_commands(PUSHING_IR) or any(
        c.startswith("git push --force origin main") and "\\" not in c for c in operand_commands(PUSHING_IR))
    assert operand_commands("plain words only\n") == []


# ---------------------------------------------------------------- inline code reaching processes by other names
@pytest.mark.parametrize(
    "code",
    ['import importlib; getattr(importlib.import_module("sub" + "process"), "call")(["yarn", "add", "chalk"])',
     'import asyncio\nasync def go():\n    await asyncio.create_subprocess_shell("yarn add chalk")\nasyncio.run(go())',
     '__import__("o" + "s").posix_spawnp("yarn", ["yarn", "add", "chalk"], {})'],
)
def test_inline_code_reaching_a_process_by_an_unlisted_name_is_judged_by_its_literals(code: str) -> None:
    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.actions.shell import _quote

    actions = normalize_shell(f"python3 -c {_quote(code)}", "feature")
    assert any(a.operation == "pkg.install" and a.target == "yarn" for a in actions), [a.operation for a in actions]


def test_inline_code_writing_a_startup_file_through_a_fetched_function_is_denied(here: Path,
                                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from statewise_cli.actions.shell import _quote
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    code = 'import importlib\nrun = getattr(importlib.import_module("os"), "sys" + "tem")\nrun("echo alias ls=rm >> ~/.profile")'
    found = judged(f"python3 -c {_quote(code)}", here)
    assert any("outside the repository" in v for v in found), found


def test_inline_code_with_no_process_route_or_harmless_literals_stays_allowed(here: Path) -> None:
    from statewise_cli.actions.shell import _quote

    for code in ('import importlib; print(importlib.import_module("json").dumps({"k": "a > b"}))',
                 'import asyncio; asyncio.run(asyncio.sleep(0))',
                 'import asyncio; asyncio.run(asyncio.create_subprocess_exec("git", "status"))'):
        assert judged(f"python3 -c {_quote(code)}", here) == [], code


# ---------------------------------------------------------------- lookups that cannot finish
def test_a_write_through_a_loop_of_links_answers_as_protected(here: Path) -> None:
    os.symlink("ring-b", here / "ring-a")
    os.symlink("ring-a", here / "ring-b")
    found = judged("echo x > ring-a", here, records=[])
    assert any("could not be finished" in v for v in found), found


def test_a_write_through_an_overlong_chain_of_links_answers_as_protected(here: Path) -> None:
    (here / "end.txt").write_text("x\n")
    previous = "end.txt"
    for i in range(48):
        os.symlink(previous, here / f"hop{i}")
        previous = f"hop{i}"
    assert any("could not be finished" in v for v in judged(f"echo x > {previous}", here, records=[]))
    assert judged("echo x > hop3", here, records=[]) == []  # a short chain resolves


def test_a_script_behind_a_loop_of_links_answers_as_protected(here: Path) -> None:
    os.symlink("run-b.sh", here / "run-a.sh")
    os.symlink("run-a.sh", here / "run-b.sh")
    assert _pushes(judged("sh run-a.sh", here))


def test_lookup_failure_names_the_reason(tmp_path: Path) -> None:
    from statewise_cli.recovery.invariants import lookup_failure

    os.symlink("y", tmp_path / "x")
    os.symlink("x", tmp_path / "y")
    assert lookup_failure(str(tmp_path / "x"))
    assert lookup_failure(str(tmp_path / "missing")) == ""
    (tmp_path / "real").write_text("")
    assert lookup_failure(str(tmp_path / "real")) == ""




# ---------------------------------------------------------------- links the line makes, a directory handed over
@pytest.fixture
def beside(here: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    path = here.parent / "neighbour"
    path.mkdir(exist_ok=True)
    return path


def test_a_delete_through_a_chain_of_links_the_line_makes_is_judged_where_it_lands(here: Path, beside: Path) -> None:
    chain = " && ".join([f"ln -s ../{beside.name} hop0"] + [f"ln -s hop{i} hop{i + 1}" for i in range(12)])
    found = judged(f"{chain} && rm -rf hop12/", here, records=[])
    assert any("outside the repository" in v for v in found), found
    assert any("outside the repository" in v for v in judged(f"ln -s ../{beside.name} w && echo x > w/f", here, records=[]))


def test_a_loop_or_an_overlong_chain_made_on_the_line_answers_as_protected(here: Path, beside: Path) -> None:
    assert judged("ln -s ring1 ring2 && ln -s ring2 ring1 && rm -rf ring1/", here, records=[])
    chain = " && ".join([f"ln -s ../{beside.name} hop0"] + [f"ln -s hop{i} hop{i + 1}" for i in range(45)])
    assert any("could not be determined" in v for v in judged(f"{chain} && rm -rf hop45/", here, records=[]))


def test_links_inside_the_project_and_deleting_a_link_itself_stay_allowed(here: Path, beside: Path) -> None:
    for command in (f"ln -s ../{beside.name} w && rm -f w", f"ln -s ../{beside.name} w && unlink w",
                    "mkdir -p out/cache && ln -s out/cache c && rm -rf c/", "mkdir -p d && ln -s d e && echo x > e/f"):
        assert judged(command, here, records=[]) == [], command


def test_a_directory_handed_to_an_unmodelled_harness_runs_the_agents_files_there(here: Path) -> None:
    _wrote(here, "xt/ship.t", "use Test::More;\nsystem('git push origin main');\nok(1);\n")
    assert _pushes(judged("tapper -r xt", here))
    (here / "docs").mkdir()
    (here / "docs" / "guide.md").write_text("# Guide\n")
    # an existing directory handed to it is what it works on: the agent's files elsewhere are not read
    assert judged("tapper -r docs", here) == []


def test_a_scratch_file_in_the_record_is_read_too(here: Path, tmp_path: Path) -> None:
    scratch = tmp_path / "stage.ir"
    scratch.write_text('@c = constant [22 x i8] c"git push origin main\\00"\n')
    written.note(find_repo(str(here)).store_dir, "s1", [str(scratch)])
    assert _pushes(judged(f"irrun {scratch}", here))


def test_lines_printed_into_a_pipe_opened_to_a_shell_are_commands(here: Path) -> None:
    from statewise_cli.actions.shell import _quote

    code = 'open(my $p, "|-", "bash") or die; print $p "statewise forget git.branch.protected\\n"; close $p'
    assert any(v.startswith("guard-state") for v in judged(f"perl -e {_quote(code)}", here)), judged(
        f"perl -e {_quote(code)}", here)
    harmless = 'open(my $p, "|-", "bash") or die; print $p "ls -la\\n"; close $p'
    assert judged(f"perl -e {_quote(harmless)}", here) == []
