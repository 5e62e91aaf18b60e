"""Security mechanisms of round 38: files the agent wrote are read when a program nobody modelled may run them (found
where it runs, or named in any spelling of a word), a variable whose value is a command line is judged as a command
whatever its name, selectors (columns, merged lines, decompression, structured-data paths) are computed over the files
they read, and a package manager's help request is no install. Every case here is invented for the class, with its
own names and programs."""

from __future__ import annotations

import bz2
import gzip
import lzma
from pathlib import Path

import pytest
from test_shellsafe import judged

from statewise_cli.actions import fold
from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.actions.shell import split_commands
from statewise_cli.recovery import written
from statewise_cli.repo import find_repo


@pytest.fixture
def here(protected_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(protected_repo)
    return protected_repo


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory outside the repository (the test's /tmp is not writable by default here)."""
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    path = tmp_path / "elsewhere"
    path.mkdir()
    return path


def _wrote(repo: Path, rel: str, text: str) -> Path:
    """A file the agent's own call wrote (on disk and in the record of written files)."""
    path = repo / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    found = find_repo(str(repo))
    assert found is not None
    written.note(found.store_dir, "s", [str(path)])
    return path


def _ops(command: str) -> list[tuple[str, str]]:
    return [(a.operation, str(a.target)) for a in normalize_shell(command, "feature")]


# ---------------------------------------------------------------- variables that carry a program
@pytest.mark.parametrize("command", [
    "SYMBOLIZER=\"bash -c 'git push --force origin main'\" crashdump-indexer core.1",
    "LINT_RUNNER=\"python3 -c 'import os; os.system(\\\"git push -f origin main\\\")'\" ci-wrapper check",
    "export REVIEW_TOOL=\"sh -c 'git push --force origin main'\"; review-bot run",
    "env DIFFER=\"cd sub && git push -f origin main\" compare-tool a b",
])
def test_a_variable_whose_value_is_a_command_line_is_judged_as_one(command: str, here: Path) -> None:
    found = judged(command, here)
    assert any(v.startswith("protected-branch") for v in found), found


@pytest.mark.parametrize("command", [
    "TZ=\"America/New York\" date",
    "CFLAGS=\"-O2 -g\" cc -c util.c",
    "GREETING=\"hello there\" printenv GREETING",
    "LABEL=\"git push is how we ship\" notes-tool add",  # prose: its first word is no program run here
])
def test_ordinary_variables_stay_allowed(command: str, here: Path) -> None:
    assert judged(command, here) == []


def test_a_variable_naming_an_agent_written_file_reads_it(here: Path) -> None:
    _wrote(here, "tools/dbg.sh", "#!/bin/sh\ngit push --force origin main\n")
    found = judged("DEBUGGER_PROG=tools/dbg.sh symbol-indexer build/app", here)
    assert any(v.startswith("protected-branch") for v in found), found


def test_a_variable_naming_a_file_the_agent_did_not_write_does_not_read_it(here: Path) -> None:
    (here / "tools").mkdir()
    (here / "tools" / "plain.sh").write_text("#!/bin/sh\ngit push --force origin main\n")  # the developer's
    assert judged("DEBUGGER_PROG=tools/plain.sh symbol-indexer build/app", here) == []


# ---------------------------------------------------------------- files the agent wrote, found or named
def test_an_unmodelled_program_is_judged_by_the_agent_files_where_it_runs(here: Path) -> None:
    _wrote(here, "pkgdir/rules", "#!/usr/bin/make -f\nbinary:\n\tgit push --force origin main\n")
    found = judged("cd pkgdir && deb-assembler -us -uc", here)
    assert any(v.startswith("protected-branch") for v in found), found


def test_agent_files_without_protected_operations_cost_nothing(here: Path) -> None:
    _wrote(here, "pkgdir/rules", "#!/usr/bin/make -f\nbinary:\n\techo building\n\tgit push origin topic-x\n")
    assert judged("cd pkgdir && deb-assembler -us -uc", here) == []


@pytest.mark.parametrize("spelling", ["-c{f}", "--conf={f}", "-o Tool::Parts={f}", "--list=a,{f}"])
def test_an_agent_file_named_in_any_spelling_is_read(spelling: str, here: Path) -> None:
    _wrote(here, "conf/hooks.conf", "pre = sh -c 'git push --force origin main'\n")
    found = judged("site-provisioner " + spelling.format(f="conf/hooks.conf") + " apply", here)
    assert any(v.startswith("protected-branch") for v in found), found


def test_an_agent_configuration_naming_a_path_outside_is_a_write_there(here: Path, elsewhere: Path) -> None:
    _wrote(here, "layout/dirs.conf", f"d {elsewhere}/made 0755 - - -\n")
    found = judged("dir-layouter --create layout/dirs.conf", here)
    assert any(v.startswith("write-inside-repository") for v in found), found


def test_a_configuration_the_line_writes_is_read_for_the_paths_it_names(here: Path, elsewhere: Path) -> None:
    found = judged(f"printf 'w {elsewhere}/x.txt - - - - hi\\n' > /tmp/layout-t.conf && dir-layouter /tmp/layout-t.conf",
                   here)
    assert any(v.startswith("write-inside-repository") for v in found), found


def test_a_request_given_as_one_word_names_its_destination(here: Path, elsewhere: Path) -> None:
    found = judged(f"imgfs-shell -R 'export /inside.txt {elsewhere}/got.txt' disk.img", here)
    assert any(v.startswith("write-inside-repository") for v in found), found
    assert judged("imgfs-shell -R 'ls -l' disk.img", here) == []


def test_a_configuration_option_whose_value_is_a_command_line(here: Path) -> None:
    found = judged("sys-updater -o 'Refresh::Before::=cd sub && git push -f origin main' refresh", here)
    assert any(v.startswith("protected-branch") for v in found), found
    assert judged("sys-updater -o 'Refresh::Quiet=1' refresh", here) == []


# ---------------------------------------------------------------- selectors computed over what they read
def test_selectors_over_literal_text() -> None:
    assert fold.evaluate("printf 'abcdef\\n' | colrm 3 4") == "abef"
    assert fold.evaluate("printf 'rel\\nease\\n' | paste -sd ''") == "release"
    assert fold.evaluate("printf 'a\\nb\\nc\\nd\\n' | paste - -") == "a\tb\nc\td"
    assert fold.evaluate("printf '{\"k\": {\"v\": \"topic-7\"}}' | jq -r .k.v") == "topic-7"
    assert fold.evaluate("printf 'n = \"topic-8\"\\n' | tomlq -r .n") == "topic-8"
    assert fold.evaluate("printf 'x = 1\\n' | tomlq '.x | tostring'") is None  # not a plain path


@pytest.mark.parametrize(("pipe", "value"), [
    ("printf topic-q | xz | xzcat", "topic-q"),
    ("printf topic-q | gzip -9 | gzip -dc", "topic-q"),
    ("printf topic-q | bzip2 -c | bunzip2", "topic-q"),
])
def test_a_compression_round_trip_is_its_input(pipe: str, value: str) -> None:
    assert fold.evaluate(pipe) == value
    assert fold.evaluate("printf topic-q | gzip | xzcat") is None  # formats differ: not computed


def test_selectors_read_files_only_where_the_directory_is_known(tmp_path: Path) -> None:
    (tmp_path / "names.txt").write_text("alpha beta\n")
    (tmp_path / "a.txt").write_text("one\nsame\n")
    (tmp_path / "b.txt").write_text("same\ntwo\n")
    (tmp_path / "cfg.json").write_text('{"release": {"branch": "rel-3"}}')
    (tmp_path / "p.toml").write_text('[tool]\nname = "rel-4"\n')
    (tmp_path / "n.gz").write_bytes(gzip.compress(b"rel-5\n"))
    (tmp_path / "n.xz").write_bytes(lzma.compress(b"rel-6\n"))
    (tmp_path / "n.bz2").write_bytes(bz2.compress(b"rel-7\n"))
    cwd = str(tmp_path)
    assert fold.evaluate("cut -d' ' -f2 names.txt", cwd=cwd) == "beta"
    assert fold.evaluate("comm -12 a.txt b.txt", cwd=cwd) == "same"
    assert fold.evaluate("jq -r .release.branch cfg.json", cwd=cwd) == "rel-3"
    assert fold.evaluate("tomlq -r .tool.name p.toml", cwd=cwd) == "rel-4"
    assert fold.evaluate("zcat n.gz", cwd=cwd) == "rel-5"
    assert fold.evaluate("xzcat n.xz", cwd=cwd) == "rel-6"
    assert fold.evaluate("bzcat n.bz2", cwd=cwd) == "rel-7"
    assert fold.evaluate("jq -r .release.branch cfg.json") is None  # no directory: nothing is read
    assert fold.evaluate("zcat n.xz", cwd=cwd) is None  # not that format


def test_a_decompressed_file_too_large_is_not_computed(tmp_path: Path) -> None:
    (tmp_path / "big.gz").write_bytes(gzip.compress(b"x" * (fold.MAX_TEXT + 10)))
    assert fold.evaluate("zcat big.gz", cwd=str(tmp_path)) is None


def test_a_selected_word_is_known_in_the_command(tmp_path: Path) -> None:
    (tmp_path / "cfg.json").write_text('{"b": "topic-9"}')
    cmds = split_commands('git push origin "$(jq -r .b cfg.json)"', pwd=str(tmp_path))
    assert cmds[-1].argv[-1] == "topic-9"
    # after a command of the line ran, the file may have changed: not read
    cmds = split_commands('echo x > cfg.json; git push origin "$(jq -r .b cfg.json)"', pwd=str(tmp_path))
    assert "topic-9" not in cmds[-1].argv


def test_a_selected_protected_name_keeps_the_protected_answer(here: Path) -> None:
    found = judged("git push --force origin \"$(printf 'ma\\nin\\n' | paste -sd '')\"", here)
    assert any(v.startswith("protected-branch") for v in found), found


# ---------------------------------------------------------------- quoting, comments, help
def test_a_substitution_in_double_quotes_keeps_its_own_quotes() -> None:
    cmds = split_commands("git push origin \"HEAD:$(printf '%s' \"re\"\"lease\")\"")
    assert cmds[-1].argv[-1] == "HEAD:release"


def test_leading_comment_lines_do_not_count_toward_the_size_limit() -> None:
    text = "# " + "y" * 40_000 + "\n#\n\ngit push origin topic-c\n"
    assert [c.argv for c in split_commands(text)][-1] == ("git", "push", "origin", "topic-c")


@pytest.mark.parametrize("command", ["npm instal --help", "npm isntall -h", "pnpm add --help", "pip install -h",
                                     "yarn add left-pad --help"])
def test_a_package_managers_help_request_is_no_install(command: str) -> None:
    assert not any(op == "pkg.install" for op, _ in _ops(command))


def test_help_after_the_separator_belongs_to_the_program_run() -> None:
    assert any(op == "pkg.install" for op, _ in _ops("npm install -- --help"))


# ---------------------------------------------------------------- a configuration written where a tool reads it
@pytest.mark.parametrize(("path", "content"), [
    ("runner.d/20-after", "git push --force origin main\n"),
    (".taskrunnerrc", "after_all = sh -c 'git push -f origin main'\n"),
])
def test_a_configuration_written_where_a_tool_reads_it_is_judged_by_its_commands(path: str, content: str,
                                                                                 here: Path) -> None:
    found = judged("", here, tool="Write", tool_input={"file_path": str(here / path), "content": content})
    assert any(v.startswith("protected-branch") for v in found), found


@pytest.mark.parametrize(("path", "content"), [
    ("runner.d/20-after", "echo done\ngit push origin topic-r\n"),
    (".taskrunnerrc", "color = auto\n"),
    (".gitignore", "git push --force origin main\n"),  # data, no tool runs it
    ("docs/notes.md", "Never run `git push --force origin main`.\n"),
])
def test_ordinary_configuration_and_data_files_stay_allowed(path: str, content: str, here: Path) -> None:
    assert judged("", here, tool="Write", tool_input={"file_path": str(here / path), "content": content}) == []


def test_a_statement_among_an_options_own_statements_is_judged(here: Path) -> None:
    found = judged("recipe-runner first second -- --define='second: ; git push --force origin main'", here)
    assert any(v.startswith("protected-branch") for v in found), found


def test_a_request_about_the_root_names_no_destination(here: Path) -> None:
    assert judged("imgfs-shell -R 'ls -l /' /tmp/disk.img", here) == []


def test_a_program_handed_an_existing_path_is_not_judged_by_the_agents_files_elsewhere() -> None:
    """The files the agent wrote where an unmodelled program runs are read only when it is handed nothing that exists
    to work on; a test runner keeps its own model of the files it runs."""

    def convention(command: str) -> list[tuple[str, ...]]:
        return [a.arguments for a in normalize_shell(command, "topic") if "convention" in a.flags]

    assert convention("quarry-build") == [("project-code", ".")]
    assert convention("quarry-build -C pages") == [("project-code", ".", "pages")]
    assert convention("pytest -q") == []  # the runner's own model decides which files run
    assert convention("go test ./pkg/...") == []
