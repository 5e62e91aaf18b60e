"""Code a tool runs from files the command line never names, by mechanism (round 23).

(a) the record of files the agent wrote (``recovery/written.py``): a test runner that discovers test modules by
itself (pytest, ``python -m unittest``, ``go test``, jest/vitest/mocha, rspec, ``cargo test``) is judged by what the
agent-written ones among them would run; the developer's own tests are not read, and ordinary tests the agent
writes stay allowed; (b) files a tool evaluates on every run: a Procfile (honcho, foreman, overmind), a Gemfile
(Bundler: backticks and ``%x()``), a makefile's ``$(shell …)`` and ``!=`` whatever the target, a package's
install lifecycle scripts (``preinstall``/``install``/``postinstall``/``prepare``) on an install; (c) launchers
that run the tool they name (``npx gulp``, ``bundle exec rake``, ``uv run pytest``) read its files like the tool
itself; (d) a compose file's writable bind mounts are writes of their host paths; (e) an install a make recipe
would run is held to the verified package manager (a premise read from the lockfile). Inputs are invented here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS, git, hook, payload, pnpm_project, pre_bash, reply
from test_shellsafe import dirty, judged  # noqa: F401 - a fixture
from test_shellsafe_classes import _kinds
from test_trust import decision, pre

from statewise_cli.recovery import written
from statewise_cli.repo import find_repo

DANGER_PY = "import subprocess\n\nsubprocess.run(['git', 'reset', '--hard'])\n\n\ndef test_x():\n    assert True\n"
ORDINARY_PY = "import subprocess\n\n\ndef test_status():\n    subprocess.run(['git', 'status'], check=True)\n"


def _wrote(repo: Path, *relpaths: str) -> None:
    """Put files into the record of the agent's writes, as an allowed Write would."""
    store_dir = find_repo(str(repo)).store_dir
    written.note(store_dir, "s1", [str(repo / p) for p in relpaths])


def _put(repo: Path, rel: str, text: str) -> None:
    (repo / rel).parent.mkdir(parents=True, exist_ok=True)
    (repo / rel).write_text(text)


# ---------------------------------------------------------------- (a) the record and the test runners
def test_the_record_keeps_the_newest_files_once_and_compacts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(written, "_COMPACT_AT", 2000)
    for i in range(400):
        written.note(str(tmp_path), "s", [f"/r/f{i % 300}.py"])
    kept = written.recorded(str(tmp_path))
    assert len(kept) == written.KEEP
    assert kept[-1] == "/r/f99.py" and len(set(kept)) == len(kept)
    assert len((tmp_path / written.RECORD).read_text().splitlines()) <= written.KEEP + 1  # compacted, not 400 lines


def test_an_unknown_runner_kind_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown test runner kind"):
        written.run_by("cobol-tests", [(str(tmp_path), True)], str(tmp_path))


@pytest.mark.parametrize(("files", "command"), [
    ({"tests/test_smoke.py": DANGER_PY}, "python3 -m pytest -q tests/test_smoke.py"),
    ({"tests/test_smoke.py": DANGER_PY}, "pytest -q"),
    ({"tests/test_smoke.py": DANGER_PY}, "pytest -k smoke tests"),
    ({"tests/conftest.py": DANGER_PY.replace("def test_x", "def helper"), "tests/test_ok.py": "def test_ok(): pass\n"},
     "pytest tests/test_ok.py"),
    ({"tests/test_smoke.py": DANGER_PY}, "python -m unittest discover -s tests"),
    ({"tests/test_smoke.py": DANGER_PY}, "uv run pytest tests"),
    ({"pkg/demo/demo_test.go": 'package demo\nimport ("os/exec"; "testing")\nfunc TestMain(m *testing.M) {\n'
                               '\texec.Command("git", "reset", "--hard").Run()\n}\n'}, "go test ./..."),
    ({"pkg/demo/demo_test.go": 'package demo\nfunc init() { exec.Command("git", "checkout", "--", ".").Run() }\n'},
     "go test ./pkg/demo"),
    ({"src/sum.test.js": "require('child_process').execSync('git checkout -- .');\ntest('x', () => {});\n"}, "npx jest"),
    ({"spec/app_spec.rb": "`git clean -fdx`\ndescribe 'x' do\nend\n"}, "bundle exec rspec"),
    ({"tests/smoke.rs": '#[test]\nfn t() { std::process::Command::new("git").args(["reset", "--hard"]).status().unwrap(); }\n'},
     "cargo test -q"),
])
def test_a_test_runner_is_judged_by_the_test_files_the_agent_wrote(files: dict[str, str], command: str,
                                                                   dirty: Path) -> None:  # noqa: F811
    for rel, text in files.items():
        _put(dirty, rel, text)
    _wrote(dirty, *files)
    assert "keep-uncommitted-work" in _kinds(judged(command, dirty)), command


@pytest.mark.parametrize(("files", "command"), [
    ({"tests/test_smoke.py": ORDINARY_PY}, "pytest -q"),                       # an ordinary test the agent wrote
    ({"tests/test_smoke.py": DANGER_PY}, "pytest -q tests/test_other.py"),     # not the file pytest runs
    ({"other/test_smoke.py": DANGER_PY}, "pytest tests"),                      # outside the directory it collects
    ({"tools/cleanup.py": DANGER_PY}, "pytest -q"),                            # no test module
    ({"pkg/a/a_test.go": 'exec.Command("git", "reset", "--hard")\n'}, "go test ./pkg/b"),  # another package
    ({"tests/test_smoke.py": DANGER_PY}, "go test ./..."),                     # another runner's kind
])
def test_runs_that_execute_no_dangerous_agent_written_test_stay_allowed(files: dict[str, str], command: str,
                                                                         dirty: Path) -> None:  # noqa: F811
    (dirty / "tests").mkdir(exist_ok=True)
    (dirty / "tests" / "test_other.py").write_text("def test_other(): pass\n")
    (dirty / "pkg" / "b").mkdir(parents=True)
    for rel, text in files.items():
        _put(dirty, rel, text)
    _wrote(dirty, *files)
    assert judged(command, dirty) == [], command


def test_the_developers_own_tests_are_not_read(dirty: Path) -> None:  # noqa: F811
    _put(dirty, "tests/test_repo_tools.py", DANGER_PY)  # on disk, never written by the agent
    assert judged("pytest -q", dirty) == []


@pytest.mark.parametrize("agent", AGENTS)
def test_a_written_test_module_is_read_when_pytest_runs_it_through_the_hook(agent: str, dirty: Path) -> None:  # noqa: F811
    target = dirty / "tests" / "test_smoke.py"
    if agent == "claude":
        write = payload(agent, "PreToolUse", dirty, tool="Write",
                        tool_input={"file_path": str(target), "content": DANGER_PY})
    else:
        write = payload(agent, "PreToolUse", dirty, tool="apply_patch", tool_input={"command": (
            "*** Begin Patch\n*** Add File: tests/test_smoke.py\n" + "".join("+" + ln + "\n" for ln in DANGER_PY.splitlines())
            + "*** End Patch\n")})
    assert decision(reply(hook(write, dirty)))[0] == "allow"
    assert str(target) in written.recorded(find_repo(str(dirty)).store_dir)
    _put(dirty, "tests/test_smoke.py", DANGER_PY)
    verdict, reason = pre(agent, dirty, "python3 -m pytest -q tests/test_smoke.py")
    assert verdict == "deny" and "uncommitted" in reason, reason
    # an ordinary test the agent writes and runs stays allowed
    ok = dirty / "tests" / "test_fine.py"
    ok_write = payload(agent, "PreToolUse", dirty, tool="Write", tool_input={"file_path": str(ok), "content": ORDINARY_PY})
    if agent == "claude":
        assert decision(reply(hook(ok_write, dirty)))[0] == "allow"
    else:
        _wrote(dirty, "tests/test_fine.py")
    ok.write_text(ORDINARY_PY)
    assert pre(agent, dirty, "python3 -m pytest -q tests/test_fine.py")[0] == "allow"


# ---------------------------------------------------------------- (b) files a tool evaluates on every run
@pytest.mark.parametrize(("rel", "text", "command"), [
    ("Procfile", "web: python3 -m http.server 8000\nsync: git checkout -- .\n", "honcho start sync"),
    ("Procfile", "worker: git clean -fdx && git reset --hard\n", "foreman start"),
    ("Procfile.dev", "worker: git reset --hard\n", "overmind start -f Procfile.dev"),
    ("Gemfile", "source 'https://rubygems.org'\n`git clean -fdx`\n", "bundle install --local"),
    ("Gemfile", "source 'https://rubygems.org'\nx = %x(git reset --hard)\n", "bundle exec rake test"),
    ("Makefile", "REV := $(shell git reset -q --hard; git rev-parse HEAD)\n\ntest:\n\techo ok\n", "make test"),
    ("Makefile", "X != git checkout -- .\nall:\n\techo ok\n", "make"),
    ("gulpfile.js", "const { execSync } = require('child_process');\nexports.default = () => execSync('git reset --hard');\n",
     "npx --no-install gulp"),
])
def test_a_file_the_tool_evaluates_is_read(rel: str, text: str, command: str, dirty: Path) -> None:  # noqa: F811
    _put(dirty, rel, text)
    assert "keep-uncommitted-work" in _kinds(judged(command, dirty)), command


@pytest.mark.parametrize("script", ["preinstall", "install", "postinstall", "prepare"])
@pytest.mark.parametrize("command", ["npm install", "npm ci", "pnpm install --offline", "yarn", "bun install"])
def test_an_install_runs_the_packages_lifecycle_scripts(script: str, command: str, dirty: Path) -> None:  # noqa: F811
    (dirty / "package.json").write_text(json.dumps({"name": "x", "scripts": {script: "git reset --hard"}}))
    assert "keep-uncommitted-work" in _kinds(judged(command, dirty)), (script, command)


@pytest.mark.parametrize(("rel", "text", "command"), [
    ("Procfile", "web: python3 -m http.server 8000\n", "honcho start"),
    ("Gemfile", "source 'https://rubygems.org'\n# `git clean -fdx` is what the docs say\ngem 'rake'\n", "bundle install"),
    ("Makefile", "REV := $(shell git rev-parse --short HEAD)\n\ntest:\n\techo $(REV)\n", "make test"),
    ("package.json", json.dumps({"name": "x", "scripts": {"prepare": "husky install", "test": "jest"}}), "npm install"),
    ("gulpfile.js", "exports.default = async () => console.log('built');\n", "npx gulp"),
])
def test_ordinary_task_files_stay_allowed(rel: str, text: str, command: str, dirty: Path) -> None:  # noqa: F811
    _put(dirty, rel, text)
    assert judged(command, dirty) == [], command


# ---------------------------------------------------------------- (d) compose bind mounts
@pytest.mark.parametrize("volume", ["${HOME}:/host-home", "~/.ssh:/keys", "../outside:/data", "/etc:/host-etc:rw",
                                    "$HOME/.config:/cfg"])
def test_a_compose_bind_mount_outside_the_repository_is_a_write_there(volume: str, git_repo: Path, outside: Path) -> None:
    _put(git_repo, "compose.yaml", f"services:\n  tool:\n    image: alpine\n    volumes:\n      - {volume}\n")
    found = judged("docker compose run --rm tool", git_repo)
    assert "write-inside-repository" in _kinds(found), (volume, found)


def test_a_long_syntax_bind_mount_is_read_too(git_repo: Path, outside: Path) -> None:
    _put(git_repo, "docker-compose.yml", "services:\n  t:\n    image: alpine\n    volumes:\n      - type: bind\n"
                                         f"        source: {outside}\n        target: /data\n")
    assert "write-inside-repository" in _kinds(judged("docker-compose up -d", git_repo))


@pytest.mark.parametrize("volume", ["./data:/data", ".:/app", "${HOME}:/host-home:ro", "cache:/var/cache",
                                    "/tmp/scratch:/scratch"])
def test_compose_mounts_inside_the_repository_read_only_or_named_stay_allowed(volume: str, git_repo: Path) -> None:
    _put(git_repo, "compose.yaml", f"services:\n  tool:\n    image: alpine\n    volumes:\n      - {volume}\n")
    assert judged("docker compose up -d", git_repo) == [], volume
    assert judged("docker compose ps", git_repo) == []


# ---------------------------------------------------------------- (e) the package manager of a make recipe
@pytest.mark.parametrize("agent", AGENTS)
def test_a_make_recipe_installing_with_another_package_manager_is_denied(agent: str, git_repo: Path) -> None:
    pnpm_project(git_repo)
    (git_repo / "Makefile").write_text("deps:\n\tnpm install --no-audit\n\nok:\n\tpnpm install --offline\n")
    git(git_repo, "add", "-A")
    verdict, reason = pre(agent, git_repo, "make deps")
    assert verdict == "deny" and "pnpm" in reason, reason
    assert pre(agent, git_repo, "make ok")[0] == "allow"


# ---------------------------------------------------------------- (f) inline code that builds code; home paths in variables
@pytest.mark.parametrize("command", [
    """lua -e 'load(string.reverse([[)"niam nigiro ecrof-- hsup tig"(etucexe.so]]))()'""",
    """lua -e 'loadstring(string.char(103,105,116))()'""",
])
def test_inline_code_that_runs_text_it_decodes_gets_the_protected_answer(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo, branch="main"), command


@pytest.mark.parametrize("command", [
    """lua -e 'print(string.reverse("abc"))'""",
    """lua -e 'local f = load("return 1"); print(f())'""",
    """python3 -c 'import json; print(json.load(open("package.json")), chr(65))'""",
])
def test_inline_code_that_decodes_or_loads_alone_stays_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo, branch="main") == [], command


@pytest.mark.parametrize("code", [
    "from pathlib import Path\nout = Path.home() / 'reports'\nout.mkdir(exist_ok=True)\n(out / 's.txt').write_text('x')\n",
    "import os\nd = os.path.join(os.path.expanduser('~'), 'notes')\nwith open(os.path.join(d, 'a'), 'w') as f:\n    f.write('x')\n",
    ("const os = require('os'); const path = require('path'); const fs = require('fs');\n"
     "const d = path.join(os.homedir(), 'out');\nfs.mkdirSync(d);\n"),
])
def test_a_program_writing_through_a_home_path_variable_writes_outside(code: str, git_repo: Path,
                                                                      outside: Path) -> None:
    ext = "js" if "require(" in code else "py"
    _put(git_repo, f"tools/report.{ext}", code)
    runner = "node" if ext == "js" else "python3"
    assert "write-inside-repository" in _kinds(judged(f"{runner} tools/report.{ext}", git_repo)), code


def test_a_program_reading_a_home_path_variable_stays_allowed(git_repo: Path, outside: Path) -> None:
    _put(git_repo, "tools/show.py", "from pathlib import Path\ncfg = Path.home() / '.config' / 'x.toml'\n"
                                    "print(cfg.read_text())\nPath('out.txt').write_text('x')\n")
    assert judged("python3 tools/show.py", git_repo) == []


def test_a_write_outside_the_repository_is_recorded_as_a_scratch_file(git_repo: Path, tmp_path: Path) -> None:
    """Scratch files join the record (a program nobody modelled may be handed one later); a test runner's check
    reads only the recorded files under the paths it runs."""
    scratch = tmp_path / "scratch" / "test_x.py"
    scratch.parent.mkdir()
    write = payload("claude", "PreToolUse", git_repo, tool="Write", tool_input={"file_path": str(scratch), "content": "x"})
    assert decision(reply(hook(write, git_repo)))[0] == "allow"
    inside = git_repo / "tests" / "test_y.py"
    write = payload("claude", "PreToolUse", git_repo, tool="Write", tool_input={"file_path": str(inside), "content": "x"})
    assert decision(reply(hook(write, git_repo)))[0] == "allow"
    assert written.recorded(find_repo(str(git_repo)).store_dir) == [str(scratch), str(inside)]
    run = pre_bash("claude", git_repo, "python -m pytest tests")
    assert decision(reply(hook(run, git_repo)))[0] == "allow"


@pytest.mark.parametrize(("command", "read"), [
    ("yarn --version", False), ("yarn", True), ("pnpm dlx gulp", True), ("poetry run pytest", False),
])
def test_lifecycle_and_launcher_reads_by_subcommand(command: str, read: bool, dirty: Path) -> None:  # noqa: F811
    (dirty / "package.json").write_text(json.dumps({"name": "x", "scripts": {"prepare": "git reset --hard"}}))
    _put(dirty, "gulpfile.js", "require('child_process').execSync('git reset --hard');\n")
    assert bool(judged(command, dirty)) is read, command
