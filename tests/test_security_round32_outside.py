"""Security classes of round 32 (writes outside the repository, package managers), by mechanism rather than by
program name: calls whose name says they change a file, in inline code of any language; the C library's system()
reached through an object; values packed into an option for another program; attached short-option values;
variables whose name says where a program writes; archive members that land outside (``..``, absolute names,
symbolic links on disk); sqlite3's edit() editor command; a package manager whose subcommand only the shell
knows. Every case is written for its class here, not taken from a corpus."""

from __future__ import annotations

import io
import tarfile
import zipfile
from pathlib import Path

import pytest
from test_shellsafe import judged, record

from statewise_cli.actions.codewrites import changed_paths, ffi_shell_calls
from statewise_cli.actions.normalize import normalize_shell


def _outside_write(command: str, repo: Path) -> bool:
    return any(v.startswith(("write-inside-repository", "rm-inside-repository")) for v in judged(command, repo))


# ---------------------------------------------------------------- calls that change a file, by their name's verb
@pytest.mark.parametrize("code, path", [
    ("require('fs').truncateSync('{OUT}/notes.txt')", "{OUT}/notes.txt"),
    ("fs.promises.rename('{OUT}/a.json', 'a.json')", "{OUT}/a.json"),
    ("import os; os.replace('local.cfg', '{OUT}/app.cfg')", "{OUT}/app.cfg"),
    ("File.rename('x.log', '{OUT}/x.log')", "{OUT}/x.log"),
    ("import numpy as np; np.save('{OUT}/weights.npy', [1])", "{OUT}/weights.npy"),
    ("Files.move(Paths.get('a'), Paths.get('{OUT}/b'))", "{OUT}/b"),
    ("os.chmod('{OUT}/run.sh', 0o777)", "{OUT}/run.sh"),
    ("from pathlib import Path; Path('{OUT}/old.txt').rename('new.txt')", "{OUT}/old.txt"),
    ("import os; fd = os.open('{OUT}/f', os.O_WRONLY | os.O_CREAT)", "{OUT}/f"),
    ("import tarfile; tarfile.open('a.tar').extractall('{OUT}/tree')", "{OUT}/tree"),
    ("import urllib.request as r; r.urlretrieve('https://example.com/x', '{OUT}/x')", "{OUT}/x"),
    ('writeLines("x", "{OUT}/r.txt")', "{OUT}/r.txt"),
])
def test_a_call_named_for_a_change_changes_the_paths_it_names(code: str, path: str, outside: Path) -> None:
    code, path = code.replace("{OUT}", str(outside)), path.replace("{OUT}", str(outside))
    assert path in [p for p, _ in changed_paths(code)]


def test_the_home_directory_joined_by_plus_is_a_home_path() -> None:
    assert ("~/.profile", False) in changed_paths("import os; open(os.path.expanduser('~') + '/.profile', 'a')")


def test_copy_and_link_write_only_their_last_path(outside: Path) -> None:
    found = [p for p, _ in changed_paths(f"shutil.copyfile('{outside}/src.txt', '{outside}/dst.txt')")]
    assert found == [f"{outside}/dst.txt"]


@pytest.mark.parametrize("code", [
    "print('a/b/c'.replace('/', '_'))",
    "xs = ['/x/y']; xs.remove('/x/y')",
    "import json; print(json.dumps({'p': '/etc/hosts'}))",
    "data = open('/etc/hosts').read()",
    "import os; fd = os.open('/etc/hostname', os.O_RDONLY)",
    "d = {'/a': 1}; d.pop('/a')",
])
def test_string_and_list_methods_change_no_file(code: str) -> None:
    assert changed_paths(code) == []


def test_inline_node_code_that_truncates_a_home_file_is_denied(git_repo: Path, outside: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(outside))
    assert _outside_write("node -e \"require('fs').truncateSync(require('os').homedir() + '/.profile')\"", git_repo)


def test_inline_code_that_renames_a_file_from_outside_is_denied(git_repo: Path, outside: Path) -> None:
    assert _outside_write(f"node -e \"require('fs').renameSync('{outside}/dir/x', 'x')\"", git_repo)
    assert _outside_write(f"ruby -e \"File.rename('{outside}/dir/x', 'x')\"", git_repo)


def test_inline_code_changing_files_in_the_project_is_allowed(git_repo: Path) -> None:
    assert not _outside_write("node -e \"require('fs').renameSync('a.txt', 'b.txt')\"", git_repo)
    assert not _outside_write("python3 -c \"import shutil; shutil.copy('/etc/hostname', 'host.txt')\"", git_repo)


# ---------------------------------------------------------------- the C library's system() through an object
@pytest.mark.parametrize("code", [
    "import ctypes; libc = ctypes.CDLL('libc.so.6'); libc.system(b'rm -rf {OUT}')",
    "from cffi import FFI; ffi = FFI(); C = ffi.dlopen(None); C.system(b'rm -rf {OUT}')",
    "Kernel.system('rm -rf {OUT}')",
])
def test_system_through_an_object_runs_its_literal(code: str, git_repo: Path, outside: Path) -> None:
    code = code.replace("{OUT}", str(outside))
    assert ffi_shell_calls(code) == [f"rm -rf {outside}"]
    assert _outside_write(f'python3 -c "{code}"' if "import" in code else f'ruby -e "{code}"', git_repo)


def test_platform_system_with_no_command_is_nothing() -> None:
    assert ffi_shell_calls("import platform; print(platform.system())") == []


# ---------------------------------------------------------------- values handed on inside an option
@pytest.mark.parametrize("command", [
    "cc main.c -o main -Wl,-Map,{OUT}/main.map",
    "clang -c x.c -Wp,-MD,{OUT}/x.d",
    "mytool -o{OUT}/report.txt input.csv",
])
def test_a_path_packed_or_attached_to_an_option_is_a_write(command: str, git_repo: Path, outside: Path) -> None:
    assert _outside_write(command.replace("{OUT}", str(outside)), git_repo)


@pytest.mark.parametrize("command", [
    "cc main.c -o main -Wl,-Map,main.map",
    "cc main.c -o main -Wl,-rpath,/usr/lib/extra",
    "cc -I/usr/include/extra -O2 -c x.c -o x.o",
])
def test_packed_values_in_the_project_or_the_system_are_not(command: str, git_repo: Path) -> None:
    assert not _outside_write(command, git_repo)


def test_a_letter_cluster_stops_at_a_comma() -> None:
    # `-Wl,-Map,/x/house.map` holds no `-o` whose value would be `use.map`
    targets = {a.target for a in normalize_shell("gcc m.c -o m -Wl,-Map,/x/house.map", None)}
    assert "use.map" not in targets


# ---------------------------------------------------------------- variables named for where a program writes
@pytest.mark.parametrize("assign", ["FOO_LOG_FILE={OUT}/f.log", "SSLKEYLOGFILE={OUT}/keys", "BUILD_OUTPUT_DIR={OUT}/b",
                                    "DESTDIR={OUT}/stage"])
def test_a_variable_named_for_output_is_a_write(assign: str, git_repo: Path, outside: Path) -> None:
    assert _outside_write(assign.replace("{OUT}", str(outside)) + " sometool run", git_repo)


@pytest.mark.parametrize("assign", ["FOO_LOG_LEVEL=debug", "LOG_FILE=logs/app.log", "APP_CONFIG_FILE=/etc/app.conf"])
def test_other_variables_are_not(assign: str, git_repo: Path) -> None:
    assert not _outside_write(assign + " sometool run", git_repo)


# ---------------------------------------------------------------- archive members that land outside
def _tar(path: Path, members: dict[str, bytes]) -> None:
    with tarfile.open(path, "w") as tf:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tf.addfile(info, io.BytesIO(data))


def test_a_member_written_through_a_symlink_on_disk_is_outside(git_repo: Path, outside: Path) -> None:
    (git_repo / "shared").symlink_to(outside)
    _tar(outside / "bundle.tar", {"shared/planted.txt": b"x\n"})
    assert _outside_write(f"tar -xf {outside}/bundle.tar", git_repo)


def test_a_member_climbing_out_is_outside(git_repo: Path, outside: Path) -> None:
    assert git_repo.parent == outside.parent
    with zipfile.ZipFile(outside / "up.zip", "w") as zf:
        zf.writestr(f"../{outside.name}/dir/over.txt", "x\n")
    assert _outside_write(f"unzip -o -: {outside}/up.zip", git_repo)
    _tar(outside / "abs.tar", {f"{outside}/dir/abs.txt": b"x\n"})
    assert _outside_write(f"tar -xPf {outside}/abs.tar", git_repo)


def test_members_inside_the_project_are_allowed(git_repo: Path, outside: Path) -> None:
    _tar(outside / "ok.tar", {"vendor/lib.txt": b"x\n", "vendor/sub/more.txt": b"y\n"})
    assert not _outside_write(f"tar -xf {outside}/ok.tar", git_repo)


# ---------------------------------------------------------------- sqlite3's edit() runs its editor
def test_sqlite_edit_runs_its_editor_command(git_repo: Path, outside: Path) -> None:
    assert _outside_write(f"sqlite3 :memory: \"select edit('x', 'echo planted >> {outside}/notes;:')\"", git_repo)
    assert not _outside_write("sqlite3 :memory: \"select 'edit(x, y)'\"", git_repo)


# ---------------------------------------------------------------- package managers whose subcommand is unknown
PNPM = [record("package_manager", "pnpm", "repository")]


@pytest.mark.parametrize("command", ['npm "$ACTION" left-pad', "xargs -a args.txt npm", "cat args | xargs yarn",
                                     "npm $(cat verb.txt)"])
def test_an_unknown_subcommand_may_install(command: str, git_repo: Path) -> None:
    assert any(v.startswith("package-manager") for v in judged(command, git_repo, records=PNPM)), command


@pytest.mark.parametrize("command", ['npm run "$TASK"', "npm view left-pad version", 'pnpm install "$PKG"'])
def test_a_known_subcommand_is_judged_as_itself(command: str, git_repo: Path) -> None:
    assert not any(v.startswith("package-manager") for v in judged(command, git_repo, records=PNPM)), command


# ---------------------------------------------------------------- sqlite3's dot-commands, by what they do
@pytest.mark.parametrize("command", [
    "sqlite3 :memory: '.open {OUT}/made.db' 'create table t(a);'",
    "sqlite3 :memory: '.log {OUT}/trace.log' 'select 1;'",
    "sqlite3 :memory: \".output '|tee {OUT}/copy.txt'\" 'select 1;'",
    "sqlite3 :memory: \".once '|bash'\" \"select 'rm -rf {OUT}';\"",
    "sqlite3 /srv/none.sqlar -Ax -C {OUT}",
])
def test_sqlite_dot_commands_that_write_or_run(command: str, git_repo: Path, outside: Path) -> None:
    assert _outside_write(command.replace("{OUT}", str(outside)), git_repo)


@pytest.mark.parametrize("command", ["sqlite3 app.db '.open other.db' 'select 1;'",
                                     "sqlite3 :memory: \".once '|cat'\" \"select 'hello';\"",
                                     "sqlite3 app.db '.read schema.sql'"])
def test_sqlite_dot_commands_in_the_project(command: str, git_repo: Path) -> None:
    assert not _outside_write(command, git_repo)


# ---------------------------------------------------------------- variables holding a command, for any program
@pytest.mark.parametrize("command", ["PAGER='rm -rf {OUT}' some-pager-wrapper", "EDITOR='rm -rf {OUT}' crontab -e",
                                     "REPORT_CMD='rm -rf {OUT}' ./report.sh"])
def test_a_command_variable_runs_its_command(command: str, git_repo: Path, outside: Path) -> None:
    assert _outside_write(command.replace("{OUT}", str(outside)), git_repo)


@pytest.mark.parametrize("command", ["PAGER=cat man ls", "EDITOR='code --wait' crontab -l", "BUILD_CMD='make all' ./ci.sh"])
def test_a_harmless_command_variable_is_allowed(command: str, git_repo: Path) -> None:
    assert not _outside_write(command, git_repo)


# ---------------------------------------------------------------- git and tar options that name where they write
@pytest.mark.parametrize("command", [
    "git bugreport -o {OUT}/report", "git diagnose -o {OUT}", "git checkout-index -a --prefix={OUT}/export/",
    "git pack-objects -q {OUT}/pk < /dev/null", "git fast-export --export-marks={OUT}/marks HEAD",
    "tar -cf x.tar --index-file={OUT}/idx src", "tar -cf x.tar --listed-incremental={OUT}/snar src",
])
def test_git_and_tar_outputs_outside(command: str, git_repo: Path, outside: Path) -> None:
    assert _outside_write(command.replace("{OUT}", str(outside)), git_repo)


@pytest.mark.parametrize("command", ["git format-patch -o patches HEAD~1", "git ls-files -o --exclude-standard",
                                     "git grep -o foo", "git pack-objects --stdout < list > out.pack",
                                     "git archive --prefix=proj/ -o proj.tar HEAD", "tar -cf x.tar -g state.snar src"])
def test_git_and_tar_outputs_inside(command: str, git_repo: Path) -> None:
    assert not _outside_write(command, git_repo)


# ---------------------------------------------------------------- test runners told to write outside
def test_pytest_option_values_outside_are_writes(git_repo: Path, outside: Path) -> None:
    assert _outside_write(f"python3 -m pytest -q --rootdir={outside} tests", git_repo)
    assert _outside_write(f"python3 -m pytest --debug={outside}/debug.log tests", git_repo)
    assert not _outside_write("python3 -m pytest -q --rootdir=. tests", git_repo)


# ---------------------------------------------------------------- built-ins without parentheses, archives made by code
def test_perl_builtins_without_parentheses(git_repo: Path, outside: Path) -> None:
    assert _outside_write(f"perl -e 'unlink glob(\"{outside}/dir/*\")'", git_repo)
    assert _outside_write(f"perl -e 'rename \"{outside}/a\", \"b\"'", git_repo)
    assert not _outside_write("perl -e 'unlink \"build/x.o\"'", git_repo)


def test_an_archive_made_by_code_outside(git_repo: Path, outside: Path) -> None:
    assert _outside_write(f"python3 -c \"import shutil; shutil.make_archive('{outside}/snap', 'zip', 'src')\"", git_repo)


# ---------------------------------------------------------------- a package manager run through a variable
def test_the_package_manager_behind_a_variable(git_repo: Path) -> None:
    assert any(v.startswith("package-manager") for v in judged('node "$npm_execpath" install', git_repo, records=PNPM))
    assert any(v.startswith("package-manager")
               for v in judged("npm exec -c 'node \"$npm_execpath\" add left-pad'", git_repo, records=PNPM))


# ---------------------------------------------------------------- files untracked earlier on the line, then cleaned
def test_clean_after_rm_cached_takes_the_changes(git_repo: Path) -> None:
    from swtest import git

    (git_repo / "lib").mkdir()
    (git_repo / "lib" / "mod.py").write_text("x = 1\n")
    git(git_repo, "add", "lib")
    git(git_repo, "commit", "-qm", "lib")
    (git_repo / "lib" / "mod.py").write_text("x = 2\n")
    assert any(v.startswith("keep-uncommitted-work") for v in judged("git rm -r -q --cached lib && git clean -fdq lib",
                                                                     git_repo))
    assert not any(v.startswith("keep-uncommitted-work") for v in judged("git clean -fdq lib", git_repo))
