"""Premise coverage by class: versions from every common pin file, runners and their targets, tools a
project replaced, env vars a command references, refs a push or pull names, hooks that protect only
what they name. Each case is a real git repository and the installed ``statewise hook``; each defective
premise is checked next to the correct action on the same repository (no false deny)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


# ------------------------------------------------------------------ interpreter and version pins
@pytest.mark.parametrize(("files", "stale", "good", "pinned"), [
    ({".tool-versions": "nodejs 20.11.0\npython 3.12.1\n"}, "nvm install 18", "nvm install 20", "20"),
    ({"mise.toml": '[tools]\nnode = "22"\n'}, "mise use node@18", "mise use node@22", "22"),
    ({".node-version": "20\n"}, "fnm use 18", "fnm use 20", "20"),
    ({"package.json": '{"volta": {"node": "20.11.1"}}\n'}, "volta install node@18", "volta install node@20.11.1",
     "20.11.1"),
    ({".python-version": "3.12\n"}, "pyenv local 3.8", "pyenv local 3.12", "3.12"),
    ({"runtime.txt": "python-3.11.9\n"}, "uv venv --python 3.8", "uv venv --python 3.11", "3.11"),
    ({".tool-versions": "python 3.12.1\n"}, "poetry env use 3.9", "poetry env use 3.12", "3.12"),
    ({"pyproject.toml": '[project]\nname = "x"\nrequires-python = ">=3.11"\n'}, "virtualenv -p python3.9 .venv",
     "virtualenv -p python3.12 .venv", "3.11"),
    ({".mise.toml": '[tools]\npython = ["3.12", "3.11"]\n'}, "asdf local python 3.8", "asdf local python 3.12",
     "3.12"),
    ({".ruby-version": "3.3.0\n"}, "rbenv local 3.1.2", "rbenv local 3.3.0", "3.3.0"),
    ({".java-version": "21\n"}, "jenv local 17", "jenv local 21", "21"),
    ({".sdkmanrc": "java=21.0.2-tem\n"}, "sdk use java 17.0.2-tem", "sdk use java 21.0.2-tem", "21.0.2"),
    ({"go.mod": "module x\n\ngo 1.22\n"}, "GOTOOLCHAIN=go1.20 go build ./...", "GOTOOLCHAIN=go1.22.1 go build ./...",
     "1.22"),
])
@pytest.mark.parametrize("agent", AGENTS)
def test_a_version_the_projects_pin_files_rule_out(agent: str, git_repo: Path, files: dict[str, str], stale: str,
                                                   good: str, pinned: str) -> None:
    write(git_repo, files)
    kind, reason = decide(agent, git_repo, stale)
    assert kind == "deny", (stale, reason)
    assert pinned in reason.split("\n", 1)[0], reason
    assert "Safe alternative:" in reason
    assert decide(agent, git_repo, good)[0] == "allow", good


def test_a_version_switch_with_no_pin_is_the_developers_choice(git_repo: Path) -> None:
    """Nothing in the repository pins a version: this machine's interpreter is no premise."""
    write(git_repo, {"README.md": "hello\n"})
    for command in ("nvm install 18", "pyenv local 3.8", "uv venv --python 3.9", "rbenv local 3.1", "nvm use 16"):
        assert decide("claude", git_repo, command)[0] == "allow", command


# ------------------------------------------------------------------ runners and their targets
def rename_in_history(repo: Path, path: str, before: str, after: str) -> None:
    write(repo, {path: before})
    write(repo, {path: after})


@pytest.mark.parametrize(("path", "before", "after", "stale", "good", "renamed"), [
    ("justfile", "test:\n    pytest -q\n\nlint:\n    ruff check .\n", "check:\n    pytest -q\n\nlint:\n    ruff check .\n",
     "just test", "just check", "just check"),
    ("tox.ini", "[tox]\nenvlist = py310, lint\n\n[testenv]\ncommands = pytest\n\n[testenv:lint]\ncommands = ruff check .\n",
     "[tox]\nenvlist = py312, style\n\n[testenv]\ncommands = pytest\n\n[testenv:style]\ncommands = ruff check .\n",
     "tox -e lint", "tox -e style", "tox -e style"),
    ("Taskfile.yml", "version: '3'\ntasks:\n  build:\n    cmds:\n      - go build ./...\n  test:\n    cmds:\n      - go test ./...\n",
     "version: '3'\ntasks:\n  dist:\n    cmds:\n      - go build ./...\n  test:\n    cmds:\n      - go test ./...\n",
     "task build", "task dist", "task dist"),
    ("pyproject.toml", '[project]\nname = "x"\n\n[tool.poe.tasks]\ntest = "pytest"\n',
     '[project]\nname = "x"\n\n[tool.poe.tasks]\nunit = "pytest"\n', "poe test", "poe unit", "poe unit"),
    ("package.json", '{"scripts": {"lint": "eslint ."}}\n', '{"scripts": {"check": "eslint ."}}\n',
     "pnpm lint", "pnpm check", "pnpm check"),
    ("Makefile", "test:\n\tpytest\n\nbuild:\n\tpython -m build\n", "test:\n\tpytest\n\ndist:\n\tpython -m build\n",
     "make build", "make dist", "make dist"),
])
@pytest.mark.parametrize("agent", AGENTS)
def test_a_renamed_target_names_its_new_name(agent: str, git_repo: Path, path: str, before: str, after: str,
                                            stale: str, good: str, renamed: str) -> None:
    rename_in_history(git_repo, path, before, after)
    kind, reason = decide(agent, git_repo, stale)
    assert kind == "deny", reason
    assert f"Safe alternative: `{renamed}`" in reason, reason
    assert decide(agent, git_repo, good)[0] == "allow"


def test_a_missing_target_with_no_rename_lists_what_exists(git_repo: Path) -> None:
    write(git_repo, {"justfile": "fmt:\n    ruff format .\n\ncheck:\n    pytest\n"})
    kind, reason = decide("claude", git_repo, "just test")
    assert kind == "deny" and "`just check`" in reason and "`just fmt`" in reason


def test_runner_commands_that_exist_or_that_nothing_decides_are_allowed(git_repo: Path) -> None:
    write(git_repo, {
        "justfile": "set dotenv-load\nalias t := test\n\ntest *ARGS:\n    pytest {{ARGS}}\n",
        "tox.ini": "[tox]\nenv_list =\n    py{311,312}\n    lint\n\n[testenv:lint]\ncommands = ruff check .\n",
        "package.json": '{"scripts": {"test": "vitest"}, "devDependencies": {"eslint": "9"}}\n',
        "Taskfile.yml": "version: '3'\ntasks:\n  default:\n    cmds: [go test ./...]\n",
    })
    for command in ("just test -x", "just t", "just --list", "tox -e py311", "tox -e py312,lint", "tox", "pnpm test",
                    "pnpm eslint .", "yarn add -D vitest", "pnpm install", "bun test", "task default", "task --list",
                    "pnpm exec eslint .", "yarn dlx create-vite"):
        assert decide("claude", git_repo, command)[0] == "allow", command
    kind, reason = decide("claude", git_repo, "tox -e py310")
    assert kind == "deny" and "`tox -e py311`" in reason


# ------------------------------------------------------------------ tools a project replaced
@pytest.mark.parametrize(("files", "stale", "good", "alternative"), [
    ({"pyproject.toml": '[project]\nname = "x"\n\n[tool.ruff]\nline-length = 100\n'}, "black --check src",
     "ruff format --check src", "`ruff format --check src`"),
    ({"pyproject.toml": '[project]\nname = "x"\n', ".pre-commit-config.yaml": "repos:\n  - repo: x\n    hooks:\n"
      "      - id: ruff\n      - id: ruff-format\n"}, "isort .", "ruff check --select I --fix .", "ruff check --select I"),
    ({"ruff.toml": "line-length = 100\n"}, "flake8 src", "ruff check src", "`ruff check src`"),
    ({"pyproject.toml": '[project]\nname = "x"\n\n[tool.pyright]\nstrict = ["src"]\n'}, "mypy src", "pyright src",
     "`pyright src`"),
    ({"package.json": '{"devDependencies": {"vitest": "^2"}}\n', "vitest.config.ts": "export default {}\n"},
     "npx jest --ci", "npx vitest run", "`npx vitest run`"),
    ({"package.json": '{"devDependencies": {"@biomejs/biome": "1"}}\n', "biome.json": "{}\n"}, "npx prettier --write .",
     "npx @biomejs/biome format --write .", "`npx @biomejs/biome format --write .`"),
    ({"package.json": '{"devDependencies": {"@biomejs/biome": "1"}}\n', "biome.json": "{}\n"}, "npx eslint --fix src",
     "npx @biomejs/biome check --write src", "`npx @biomejs/biome check --write src`"),
    ({"package.json": '{"devDependencies": {"@biomejs/biome": "1"}}\n', "biome.json": "{}\n"}, "npx eslint",
     "npx @biomejs/biome check .", "`npx @biomejs/biome check .`"),
    ({"buf.yaml": "version: v2\n", "buf.gen.yaml": "version: v2\n", "proto/a.proto": 'syntax = "proto3";\n'},
     "protoc --python_out=gen proto/a.proto", "buf generate", "`buf generate"),
    ({"setup.cfg": "[flake8]\nmax-line-length = 100\n"}, "ruff check .", "flake8 .", "`flake8 .`"),
])
@pytest.mark.parametrize("agent", AGENTS)
def test_a_tool_the_project_replaced_is_denied_with_its_replacement(agent: str, git_repo: Path, files: dict[str, str],
                                                                     stale: str, good: str, alternative: str) -> None:
    write(git_repo, files)
    kind, reason = decide(agent, git_repo, stale)
    assert kind == "deny", reason
    assert alternative in reason.split("Safe alternative:", 1)[-1], reason
    assert decide(agent, git_repo, good)[0] == "allow"


def test_tools_the_project_still_names_are_allowed(git_repo: Path) -> None:
    write(git_repo, {
        "pyproject.toml": '[project]\nname = "x"\n\n[tool.ruff]\nselect = ["E"]\n\n[tool.black]\nline-length = 100\n'
                          '\n[tool.mypy]\nstrict = true\n\n[tool.pyright]\n',
        "package.json": '{"devDependencies": {"jest": "29", "vitest": "2", "eslint": "9", "@biomejs/biome": "1"}}\n',
        "Makefile": "isort:\n\tisort .\n",
    })
    for command in ("black .", "ruff format .", "ruff check .", "isort .", "mypy src", "pyright", "npx jest",
                    "npx vitest run", "npx eslint .", "python -m black --check .", "uv run mypy ."):
        assert decide("claude", git_repo, command)[0] == "allow", command


def test_a_tool_with_no_rival_configured_is_not_judged(git_repo: Path) -> None:
    write(git_repo, {"README.md": "x\n"})
    for command in ("black .", "mypy src", "npx jest", "flake8", "npx prettier --check ."):
        assert decide("codex", git_repo, command)[0] == "allow", command


# ------------------------------------------------------------------ env vars a command references
@pytest.mark.parametrize("with_example", [True, False])
@pytest.mark.parametrize("agent", AGENTS)
def test_a_command_using_a_renamed_env_var_names_the_new_one(agent: str, git_repo: Path, with_example: bool) -> None:
    files = {"app.py": 'import os\n\nURL = os.environ["DATABASE_URL"]\n'}
    if with_example:
        files[".env.example"] = "DATABASE_URL=postgres://localhost/app\nDEBUG=0\n"
    write(git_repo, files)
    write(git_repo, {name: text.replace("DATABASE_URL", "DB_URL") for name, text in files.items()})
    kind, reason = decide(agent, git_repo, "DATABASE_URL=sqlite:///dev.db python app.py")
    assert kind == "deny" and "DB_URL" in reason.split("\n", 1)[0], reason
    assert "`DB_URL=sqlite:///dev.db python app.py`" in reason
    kind, reason = decide(agent, git_repo, 'psql "$DATABASE_URL" -c "select 1"')
    assert kind == "deny" and "DB_URL" in reason
    for command in ("DB_URL=sqlite:///dev.db python app.py", "HOME=/tmp python app.py", 'psql "$DB_URL"',
                    "DEBUG_SQL=1 python app.py", "python app.py"):
        assert decide(agent, git_repo, command)[0] == "allow", command


# ------------------------------------------------------------------ branches and remotes
@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_or_pull_of_a_branch_that_is_not_there(agent: str, git_repo: Path) -> None:
    """master became main here and on the remote: pushing or pulling master names main."""
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "fetch", "-q", "origin")
    git(git_repo, "remote", "set-head", "origin", "main")
    kind, reason = decide(agent, git_repo, "git push origin master")
    assert kind == "deny" and "`git push origin main`" in reason, reason
    kind, reason = decide(agent, git_repo, "git pull --rebase origin master")
    assert kind == "deny" and "`git pull --rebase origin main`" in reason, reason
    git(git_repo, "switch", "-q", "-c", "topic")
    for command in ("git push origin main", "git push -u origin topic", "git push origin HEAD:feature",
                    "git pull origin main", "git fetch origin", "git push origin --delete old",
                    "git push origin topic:release-1"):
        assert decide(agent, git_repo, command)[0] == "allow", command


def test_hooks_protect_only_the_branches_their_patterns_match(git_repo: Path) -> None:
    """A pre-receive hook with a pattern of protected refs protects what it matches, and says nothing
    about a topic branch."""
    origin = Path(git(git_repo, "config", "remote.origin.url").strip())
    hook_file = origin / "hooks" / "pre-receive"
    hook_file.write_text('#!/bin/sh\nwhile read old new ref; do\n  case "$ref" in\n'
                         '    refs/heads/release/*|refs/heads/main) echo "protected: $ref" >&2; exit 1;;\n'
                         '  esac\ndone\n')
    hook_file.chmod(0o755)
    git(git_repo, "switch", "-q", "-c", "release/2.0")
    git(git_repo, "commit", "-q", "--allow-empty", "-m", "release")
    kind, reason = decide("codex", git_repo, "git push origin release/2.0")
    assert kind == "deny" and "protect" in reason, reason
    git(git_repo, "switch", "-q", "-c", "feature/login")
    kind, reason = decide("codex", git_repo, "git push -u origin feature/login")
    assert kind == "allow", reason


# ------------------------------------------------------------------ developer intent: dates and environments
def _day(offset: int) -> str:
    import datetime

    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


def test_a_freeze_is_in_force_only_within_its_own_dates() -> None:
    from test_intent import policy

    from statewise_cli.recovery import intent

    assert intent.restriction(policy("policy.deploy_freeze", f"frozen until {_day(3)}: no deploys")) == "deny"
    assert intent.restriction(policy("policy.deploy_freeze", f"frozen until {_day(-2)}: no deploys")) is None
    assert intent.restriction(policy("policy.deploy_freeze", f"deploys frozen from {_day(5)}")) is None
    assert intent.restriction(policy("policy.deploy_freeze", f"deploys frozen from {_day(-1)} to {_day(6)}")) == "deny"
    assert intent.restriction(policy("policy.deploy_freeze", "frozen through Jan 5, 2099")) == "deny"
    assert intent.restriction(policy("policy.deploy_freeze", "frozen until 3 March 2001")) is None


def test_an_environment_the_policy_does_not_name_is_not_gated() -> None:
    from test_intent import policy

    from statewise_cli.recovery import intent

    def gated(record_key: str, value: str, command: str) -> bool:
        return bool(intent.gates(normalize_shell(command, "main"), [policy(record_key, value)], None))

    from statewise_cli.actions.normalize import normalize_shell

    assert gated("policy.production_deploys", "need the release manager's approval", "make deploy-prod")
    assert gated("policy.production_deploys", "need the release manager's approval", "make deploy")
    assert not gated("policy.production_deploys", "need the release manager's approval", "make deploy-staging")
    value = "production deploys need the on-call's sign-off; staging deploys are fine"
    assert gated("policy.deploys", value, "./scripts/deploy.sh production")
    assert not gated("policy.deploys", value, "./scripts/deploy.sh staging")
    assert gated("policy.deploys", value, "make deploy")  # no environment named: the restriction holds
    assert gated("policy.deploy_freeze", f"frozen until {_day(4)}", "make deploy ENV=staging")


# ------------------------------------------------------------------ paths git history moved
@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_a_command_reads_that_git_history_moved(agent: str, git_repo: Path) -> None:
    write(git_repo, {"config/settings.example.toml": "debug = false\n", "scripts/seed.sh": "#!/bin/sh\necho seed\n",
                     "db/migrations/0001_init.sql": "create table t (id int);\n"})
    (git_repo / "deploy").mkdir()
    git(git_repo, "mv", "config/settings.example.toml", "config/settings.sample.toml")
    git(git_repo, "mv", "scripts", "bin")
    git(git_repo, "mv", "db/migrations", "migrations")
    commit_all(git_repo, "reorganise")
    cases = [
        ("cp config/settings.example.toml config/settings.toml", "config/settings.sample.toml"),
        ("sh scripts/seed.sh", "bin/seed.sh"),
        ("psql -f db/migrations/0001_init.sql", "migrations/0001_init.sql"),
    ]
    for command, now in cases:
        kind, reason = decide(agent, git_repo, command)
        assert kind == "deny" and now in reason, (command, reason)
        assert decide(agent, git_repo, command.replace(command.split()[-2 if command.startswith("cp") else -1],
                                                       now))[0] == "allow", command


# ------------------------------------------------------------------ package manager from lockfiles
@pytest.mark.parametrize(("files", "stale", "alternative", "good"), [
    ({"pyproject.toml": '[project]\nname = "x"\n', "uv.lock": "version = 1\n"}, "poetry add httpx", "`uv add httpx`",
     "uv add httpx"),
    ({"pyproject.toml": '[tool.poetry]\nname = "x"\n', "poetry.lock": "# poetry\n"}, "pip install requests",
     "`poetry add requests`", "poetry add requests"),
    ({"pyproject.toml": '[project]\nname = "x"\n', "pdm.lock": "# pdm\n"}, "uv add rich", "`pdm add rich`", "pdm add rich"),
    ({"Pipfile": "[packages]\n", "Pipfile.lock": "{}\n"}, "pip install flask", "`pipenv install flask`",
     "pipenv install flask"),
    ({"requirements.txt": "flask\n", "pyproject.toml": '[project]\nname = "x"\n', "uv.lock": "version = 1\n"},
     "pip install -r requirements.txt", "`uv sync`", "uv sync"),
    ({"package.json": '{"name": "x", "packageManager": "pnpm@9.1.0"}\n'}, "yarn add zod", "`pnpm add zod`",
     "pnpm add zod"),
    ({"package.json": '{"name": "x"}\n', "bun.lock": "{}\n"}, "npm install -D vitest", "`bun add vitest -D`",
     "bun add -D vitest"),
    ({"package.json": '{"name": "x"}\n', "yarn.lock": "# yarn lockfile v1\n", ".yarnrc.yml": "nodeLinker: pnp\n"},
     "npm ci", "`yarn install`", "yarn install"),
])
@pytest.mark.parametrize("agent", AGENTS)
def test_an_install_with_another_manager_than_the_lockfile(agent: str, git_repo: Path, files: dict[str, str], stale: str,
                                                           alternative: str, good: str) -> None:
    write(git_repo, files)
    kind, reason = decide(agent, git_repo, stale)
    assert kind == "deny" and alternative in reason, reason
    assert decide(agent, git_repo, good)[0] == "allow"


def test_a_remote_tracking_branch_of_a_renamed_remote(git_repo: Path) -> None:
    git(git_repo, "fetch", "-q", "origin")
    git(git_repo, "remote", "rename", "origin", "upstream")
    kind, reason = decide("claude", git_repo, "git rebase origin/main")
    assert kind == "deny" and "`git rebase upstream/main`" in reason, reason
    assert decide("claude", git_repo, "git rebase upstream/main")[0] == "allow"


def test_commands_that_deploy_publish_or_migrate_without_saying_so() -> None:
    from test_intent import policy

    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery import intent

    def gated(key: str, value: str, command: str) -> bool:
        return bool(intent.gates(normalize_shell(command, "main"), [policy(key, value)], None))

    assert gated("policy.production_migrations", "need the DBA's approval", "alembic upgrade head")
    assert gated("policy.publishing", "the release manager's call", "twine upload dist/*")
    assert gated("policy.deploys", "frozen: no production deploys", "vercel --prod")
    assert not gated("policy.production_deploys", "need sign-off", "vercel --target=staging")
    assert not gated("policy.production_migrations", "need the DBA's approval", "alembic history")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_local_master_left_from_before_the_remote_renamed_its_default(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "branch", "master")
    git(git_repo, "push", "-q", "-u", "origin", "master")
    git(git_repo, "push", "-q", "origin", "--delete", "master")
    git(git_repo, "fetch", "-q", "--prune", "origin")
    git(git_repo, "remote", "set-head", "origin", "main")
    git(git_repo, "switch", "-q", "-c", "topic")
    for command, alternative in (("git switch master", "`git switch main`"), ("git rebase master", "`git rebase main`"),
                                 ("git push origin master", "`git push origin main`")):
        kind, reason = decide(agent, git_repo, command)
        assert kind == "deny" and alternative in reason, (command, reason)
    for command in ("git switch main", "git rebase main", "git push -u origin topic"):
        assert decide(agent, git_repo, command)[0] == "allow", command


def test_a_dependencys_binary_is_not_taken_for_a_missing_script(git_repo: Path) -> None:
    """Before `pnpm install` there is no node_modules/.bin: `pnpm tsc` may be typescript's binary."""
    write(git_repo, {"package.json": '{"scripts": {"check": "tsc --noEmit"}, "devDependencies": {"typescript": "5"}}\n',
                     "pnpm-lock.yaml": "lockfileVersion: '9.0'\n"})
    assert decide("claude", git_repo, "pnpm tsc --noEmit")[0] == "allow"
    kind, reason = decide("claude", git_repo, "pnpm typecheck")
    assert kind == "deny" and "`pnpm run check`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_python_module_a_command_names_that_git_history_moved(agent: str, git_repo: Path) -> None:
    write(git_repo, {"app/__init__.py": "", "app/settings.py": "DEBUG = False\n", "app/cli.py": "print('hi')\n",
                     "manage.py": "import os\n"})
    (git_repo / "config").mkdir()
    git(git_repo, "mv", "app/settings.py", "config/settings.py")
    git(git_repo, "mv", "app/cli.py", "app/main.py")
    write(git_repo, {"config/__init__.py": ""})
    kind, reason = decide(agent, git_repo, "DJANGO_SETTINGS_MODULE=app.settings python manage.py check")
    assert kind == "deny" and "`DJANGO_SETTINGS_MODULE=config.settings python manage.py check`" in reason, reason
    kind, reason = decide(agent, git_repo, "python -m app.cli --help")
    assert kind == "deny" and "`python -m app.main --help`" in reason, reason
    for command in ("DJANGO_SETTINGS_MODULE=config.settings python manage.py check", "python -m app.main",
                    "python -m pip install -e .", "uvicorn app.main:app", "python -m json.tool x.json"):
        assert decide(agent, git_repo, command)[0] == "allow", command


def test_a_command_run_in_a_directory_git_history_moved(git_repo: Path) -> None:
    write(git_repo, {"services/api/Makefile": "test:\n\tpytest\n"})
    (git_repo / "apps").mkdir()
    git(git_repo, "mv", "services/api", "apps/api")
    commit_all(git_repo, "move the api")
    kind, reason = decide("claude", git_repo, "cd services/api && make test")
    assert kind == "deny" and "`cd apps/api && make test`" in reason, reason
    assert decide("claude", git_repo, "cd apps/api && make test")[0] == "allow"
    assert decide("claude", git_repo, "mkdir -p build/out && cd build/out && touch x")[0] == "allow"


def test_a_hook_that_protects_release_tags(git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "remote.origin.url").strip())
    hook_file = origin / "hooks" / "pre-receive"
    hook_file.write_text('#!/bin/sh\nwhile read old new ref; do\n  case "$ref" in\n'
                         '    refs/tags/v*) echo "release tags are pushed by CI" >&2; exit 1;;\n  esac\ndone\n')
    hook_file.chmod(0o755)
    git(git_repo, "tag", "v1.2.0")
    kind, reason = decide("claude", git_repo, "git push origin v1.2.0")
    assert kind == "deny", reason
    assert "--base v1.2.0" not in reason and "pull request" not in reason, reason
    git(git_repo, "switch", "-q", "-c", "vendor-update")
    assert decide("claude", git_repo, "git push -u origin vendor-update")[0] == "allow"
