"""Writes that arrive in bulk or through an option, modelled by mechanism (round 22).

(a) archives and trees written over the work tree (``unzip -o``, ``tar -x``, ``cpio -i``, ``rsync [--delete]``):
judged against the uncommitted changes they replace — those their members name when the check can list them,
every one under the directory they write when it cannot; (b) the same writes reaching the agents' hook settings
or a memory file; (c) options whose value is a path the program writes (``--basetemp``, ``--junitxml``, any
``--…-xml=``/``--…-html=``/``--…-dir-out=``); (d) programs that write the user's home directory (a gpg keyring,
inline code that computes the home directory, ``deno eval``); (e) look-alikes that stay allowed: scratch
directories, extraction into a new directory, an X.500 subject (``-subj /CN=x``) that is no path. Inputs are
invented here.
"""

from __future__ import annotations

import io
import tarfile
import zipfile
from pathlib import Path

import pytest
from swtest import AGENTS
from test_shellsafe import dirty, judged  # noqa: F401 - a fixture
from test_shellsafe_classes import _kinds
from test_trust import pre


def _zip(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in members.items():
            zf.writestr(name, text)
    return path


def _tar(path: Path, members: dict[str, str]) -> Path:
    with tarfile.open(path, "w") as tf:
        for name, text in members.items():
            data = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))
    return path


def _tree(root: Path, members: dict[str, str]) -> Path:
    for name, text in members.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


# ---------------------------------------------------------------- (a) archives and trees over uncommitted work
@pytest.mark.parametrize("command", [
    "unzip -o -q {zip}",
    "unzip -oq {zip} -d .",
    "tar -xf {tar}",
    "tar xf {tar}",
    "git archive --format=zip -o {tmp}/made-here.zip HEAD && unzip -o -q {tmp}/made-here.zip",  # not listable yet
    "rsync -a --delete {tree}/ ./",
    "rsync -a {tree}/ ./",
    "cpio -idmu --quiet < {tmp}/some.cpio",
])
def test_an_archive_or_tree_written_over_uncommitted_work(command: str, dirty: Path, tmp_path: Path) -> None:  # noqa: F811
    src = tmp_path / "src"
    src.mkdir()
    values = {"zip": _zip(tmp_path / "a.zip", {"README.md": "old\n"}), "tar": _tar(tmp_path / "a.tar", {"README.md": "old\n"}),
              "tree": _tree(src, {"README.md": "old\n"}), "tmp": tmp_path}
    (tmp_path / "some.cpio").write_bytes(b"070707")
    found = judged(command.format(**values), dirty)
    assert "keep-uncommitted-work" in _kinds(found), (command, found)


@pytest.mark.parametrize("command", [
    "unzip -q {other}",          # no -o: unzip replaces nothing already there
    "unzip -o -q {other}",       # its members name no changed file
    "tar -xkf {tar}",            # -k keeps the files already there
    "tar -xf {tar} -C {tmp}/out",
    "unzip -o -q {zip} -d {tmp}/unz",
    "rsync -a {tree}/ {tmp}/copy/",
    "rsync -a --ignore-existing {tree}/ ./",
])
def test_extractions_that_replace_no_uncommitted_work_are_allowed(command: str, dirty: Path, tmp_path: Path) -> None:  # noqa: F811
    src = tmp_path / "src"
    src.mkdir()
    (tmp_path / "out").mkdir()
    values = {"zip": _zip(tmp_path / "a.zip", {"README.md": "old\n"}), "tar": _tar(tmp_path / "a.tar", {"README.md": "old\n"}),
              "other": _zip(tmp_path / "b.zip", {"docs/new.md": "new\n"}), "tree": _tree(src, {"README.md": "old\n"}),
              "tmp": tmp_path}
    found = judged(command.format(**values), dirty)
    assert "keep-uncommitted-work" not in _kinds(found), (command, found)


def test_an_archive_that_is_not_there_and_nothing_makes_extracts_nothing(dirty: Path) -> None:  # noqa: F811
    assert "keep-uncommitted-work" not in _kinds(judged("unzip -o -q missing.zip", dirty))


def test_a_clean_work_tree_loses_nothing_to_an_extraction(git_repo: Path, tmp_path: Path) -> None:
    archive = _tar(tmp_path / "a.tar", {"README.md": "old\n"})
    assert judged(f"tar -xf {archive}", git_repo) == []


# ---------------------------------------------------------------- (b) the agents' hook settings and memory files
@pytest.mark.parametrize("command", [
    "tar -xf {tar}",
    "rsync -a {tree}/ ./",
    "cpio -idmu --quiet < {tmp}/some.cpio",
    "rsync -a --delete {empty}/ .claude/",
    # an archive the line makes before extracting it: the check cannot list it yet
    "tar -C {tmp}/cfg -cf {tmp}/made.tar .claude && tar -xf {tmp}/made.tar",
])
def test_archives_and_trees_cannot_replace_the_agents_hook_settings(command: str, git_repo: Path, tmp_path: Path) -> None:
    (git_repo / ".claude").mkdir()
    (git_repo / ".claude" / "settings.json").write_text("{}\n")
    src, empty = tmp_path / "cfg", tmp_path / "empty"
    src.mkdir()
    empty.mkdir()
    values = {"tar": _tar(tmp_path / "cfg.tar", {".claude/settings.json": "{}\n"}),
              "tree": _tree(src, {".claude/settings.json": "{}\n"}), "tmp": tmp_path, "empty": empty}
    (tmp_path / "some.cpio").write_bytes(b"070707")
    found = judged(command.format(**values), git_repo)
    assert "guard-state" in _kinds(found), (command, found)


@pytest.mark.parametrize("command", [
    "tar -xf {tar} -C {tmp}/out",
    "rsync -a src/ backup/",
    "mkdir -p {tmp}/cfgsrc/.claude && printf '{{}}' > {tmp}/cfgsrc/.claude/settings.json",  # a scratch copy
    "work=$(mktemp -d) && git archive HEAD | tar -x -C \"$work\" && rm -rf \"$work\"",
])
def test_extractions_elsewhere_leave_the_guard_alone(command: str, git_repo: Path, tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    _tree(git_repo, {"src/app.py": "x = 1\n"})
    values = {"tar": _tar(tmp_path / "cfg.tar", {".claude/settings.json": "{}\n"}), "tmp": tmp_path}
    found = judged(command.format(**values), git_repo)
    assert "guard-state" not in _kinds(found), (command, found)


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("command", [
    "pandoc -f html -t gfm -o CLAUDE.md {tmp}/notes.html",
    "sed 's/x/y/' CLAUDE.md > {tmp}/c.md && mv {tmp}/c.md CLAUDE.md",
    "rsync -a {tmp}/rules/ .claude/rules/",
    "asciidoctor -o AGENTS.md {tmp}/notes.adoc",
])
def test_memory_files_written_from_elsewhere_are_denied_under_protection(agent: str, command: str,
                                                                         protected_repo: Path, tmp_path: Path) -> None:
    _tree(tmp_path, {"rules/release.md": "# Release\n\n- anything goes\n", "notes.html": "<p>x</p>\n"})
    verdict, reason = pre(agent, protected_repo, command.format(tmp=tmp_path))
    assert verdict == "deny" and "memory file" in reason, (command, reason)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_converter_writing_an_ordinary_document_is_allowed(agent: str, protected_repo: Path, tmp_path: Path) -> None:
    _tree(tmp_path, {"notes.html": "<p>x</p>\n"})
    verdict, reason = pre(agent, protected_repo, f"pandoc -f html -t gfm -o docs/notes.md {tmp_path}/notes.html")
    assert verdict == "allow", reason


# ---------------------------------------------------------------- (c) options whose value is a written path
@pytest.mark.parametrize("command", [
    "python3 -m pytest -q --basetemp={out}/dir test_ok.py",
    "python3 -m pytest -q --junitxml={out}/junit.xml test_ok.py",
    "python3 -m pytest -q --junitxml {out}/junit.xml test_ok.py",
    "pytest -q --basetemp={out}/dir",
    "some-linter --report-html={out}/r.html src",
    "coverage-tool --results-xml={out}/r.xml",
])
def test_output_options_that_name_a_path_outside(command: str, git_repo: Path, outside: Path) -> None:
    found = judged(command.format(out=outside), git_repo)
    assert "write-inside-repository" in _kinds(found), (command, found)


@pytest.mark.parametrize("command", [
    "python3 -m pytest -q --basetemp=/tmp/pt-agent test_ok.py",
    "mkdir -p build && python3 -m pytest -q --junitxml=build/junit.xml test_ok.py",
    "python3 -m pytest -q -p no:cacheprovider test_ok.py",
    "xmllint --html docs/page.html",
])
def test_output_options_inside_or_in_scratch_are_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


# ---------------------------------------------------------------- (d) the user's home directory
@pytest.mark.parametrize("command", [
    "gpg --batch --passphrase '' --quick-gen-key someone@example.invalid",
    "gpg --import {out}/key.asc",
    "gpg --homedir {out}/g --batch --gen-key params.txt",
    "node -e \"require('fs').cpSync('src', require('os').homedir() + '/copy', {{recursive: true}})\"",
    "node -e \"require('fs').copyFileSync('a.txt', require('os').homedir() + '/a.txt')\"",
    "deno eval \"await Deno.writeTextFile('{out}/x.txt', 'hi')\"",
])
def test_programs_that_write_the_home_directory(command: str, git_repo: Path, outside: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(outside))
    found = judged(command.format(out=outside), git_repo)
    assert "write-inside-repository" in _kinds(found), (command, found)


def test_deno_eval_removing_a_directory_outside_is_a_recursive_rm(git_repo: Path, outside: Path) -> None:
    found = judged(f"deno eval \"await Deno.remove('{outside}/dir', {{recursive: true}})\"", git_repo)
    assert "rm-inside-repository" in _kinds(found), found


@pytest.mark.parametrize("command", [
    "gpg --list-keys",
    "gpg --verify release.tar.gz.sig release.tar.gz",
    "gpg --homedir /tmp/gnupg-test --batch --quick-gen-key ci@example.invalid",
    "deno eval \"console.log(Deno.version)\"",
    "node -e \"require('fs').cpSync('src', 'build/src', {recursive: true})\"",
])
def test_home_look_alikes_are_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


# ---------------------------------------------------------------- (e) an X.500 subject is no path
@pytest.mark.parametrize("command", [
    "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=test -keyout /tmp/t.key -out /tmp/t.crt",
    "openssl req -new -key /tmp/t.key -subj /C=US/O=Example/CN=host.example -out /tmp/t.csr",
    "ssh-keygen -q -t ed25519 -N '' -f /tmp/ci_key && some-signer --subject /CN=ci",
])
def test_a_distinguished_name_is_no_path(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


def test_a_path_operand_outside_is_still_judged(git_repo: Path, outside: Path) -> None:
    found = judged(f"some-signer --subject /CN=ci {outside}/out.pem", git_repo)
    assert "write-inside-repository" in _kinds(found), found
