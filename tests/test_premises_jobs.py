"""The tool a project uses for a job, read from where projects record it (``statewise_cli.recovery.jobs``): a
command running a tool of a job that is not installed and keeps no footprint, while another tool of the job does,
is denied with a runnable command for that tool; after a failure for a missing program the same check speaks.

One example per job of the table, from the tools' documentation (configuration files, manifest entries, scripts)
and real projects; controls: the tool configured but not installed, installed, no other tool of the job in
evidence, several."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from swtest import hook, payload, pre_bash, reply
from test_premises import write

from statewise_cli.recovery.jobs import JOBS


def _env(tmp_path: Path, programs: tuple[str, ...]) -> dict[str, str]:
    """A PATH with ``programs`` (stub scripts) and the system tools only."""
    bin_dir = tmp_path / ("stubbin-" + "-".join(programs))
    bin_dir.mkdir(exist_ok=True)
    for name in programs:
        (bin_dir / name).write_text("#!/bin/sh\nexit 0\n")
        (bin_dir / name).chmod(0o755)
    return {"PATH": f"{bin_dir}:/usr/bin:/bin"}


def _decide(agent: str, repo: Path, command: str, env: dict[str, str]) -> tuple[str, str]:
    data = reply(hook(pre_bash(agent, repo, command), repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


# job → (files recording the successor, the command with the replaced tool, programs installed, the runnable command
# the deny must carry)
ROWS: list[tuple[str, dict[str, str], str, tuple[str, ...], str]] = [
    ("coverage report", {"gcovr.cfg": "root = .\nhtml-details = yes\noutput = build/coverage/index.html\n"},
     "genhtml build/coverage.info -o build/coverage", ("gcovr",), "`gcovr --html-details -o build/coverage/index.html`"),
    ("PDF rendering", {"requirements.txt": "Django==5.0\nweasyprint==62.3\n"},
     "wkhtmltopdf reports/invoice.html reports/invoice.pdf", ("weasyprint",),
     "`weasyprint reports/invoice.html reports/invoice.pdf`"),
    ("error reporting upload", {"sentry.properties": "defaults.org=acme\ndefaults.project=web\n",
                                "package.json": '{"name": "web", "devDependencies": {"@sentry/cli": "^2.31.0"}, '
                                                '"scripts": {"build": "vite build", "sourcemaps": "sentry-cli '
                                                'sourcemaps upload dist"}}\n'},
     "bugsnag-source-maps upload-browser --directory dist", (), "`npm run sourcemaps`"),
    ("API documentation", {"typedoc.json": '{"entryPoints": ["src/index.ts"], "out": "docs/api"}\n',
                           "package.json": '{"name": "lib", "devDependencies": {"typedoc": "^0.26.0"}}\n'},
     "jsdoc -c jsdoc.json -r src", (), "`npx typedoc`"),
    ("documentation site", {"mkdocs.yml": "site_name: Acme\n"}, "sphinx-build -b html docs docs/_build/html", ("mkdocs",),
     "`mkdocs build`"),
    ("JavaScript unit tests", {"vitest.config.ts": "export default {}\n",
                               "package.json": '{"name": "app", "scripts": {"test": "vitest run"}}\n'},
     "mocha test/**/*.spec.js", (), "`npm run test`"),
    ("end-to-end tests", {"playwright.config.ts": "export default {}\n",
                          "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
                          "package.json": '{"name": "app", "scripts": {"e2e": "playwright test"}}\n'},
     "cypress run --spec cypress/e2e/login.cy.ts", (), "`pnpm run e2e`"),
    ("Python tests", {"pyproject.toml": "[project]\nname = 'x'\n\n[tool.pytest.ini_options]\naddopts = '-q'\n"},
     "nosetests tests/", ("pytest",), "`pytest`"),
    ("JavaScript lint", {"biome.json": '{"linter": {"enabled": true}}\n',
                         "Makefile": "lint:\n\tnpx @biomejs/biome lint src\n"},
     "eslint src --ext .ts", (), "`make lint`"),
    ("Python lint", {"ruff.toml": "line-length = 100\n"}, "flake8 src", ("ruff",), "`ruff check .`"),
    ("Ruby lint", {".standard.yml": "ruby_version: 3.2\n", "Gemfile": "gem 'standard'\n"}, "rubocop -a", (),
     "`bundle exec standardrb`"),
    ("CSS lint", {"package.json": '{"name": "s", "devDependencies": {"stylelint": "^16"}}\n',
                  ".stylelintrc.json": "{}\n"}, "sass-lint -v", (), ""),  # sass-lint is not in the table: no deny
    ("Go lint", {".golangci.yml": "linters:\n  enable: [revive]\n"}, "golint ./...", ("golangci-lint",),
     "`golangci-lint run`"),
    ("Markdown lint", {".vale.ini": "StylesPath = styles\n"}, "markdownlint docs", ("vale",), "`vale .`"),
    ("JavaScript format", {"dprint.json": '{"plugins": []}\n'}, "prettier --write src", ("dprint",), "`dprint fmt`"),
    ("Python format", {"pyproject.toml": "[tool.black]\nline-length = 100\n"}, "yapf -ir src", ("black",), "`black .`"),
    ("type check", {"pyrightconfig.json": '{"include": ["src"]}\n'}, "mypy src", ("pyright",), "`pyright`"),
    ("JavaScript type check", {"tsconfig.json": '{"compilerOptions": {}}\n',
                               "package.json": '{"name": "a", "scripts": {"typecheck": "tsc --noEmit"}}\n'},
     "flow check", (), "`npm run typecheck`"),
    ("PHP static analysis", {"phpstan.neon": "parameters:\n  level: 6\n"}, "psalm --show-info=false", ("phpstan",),
     "`vendor/bin/phpstan analyse`"),
    ("JavaScript bundle", {"vite.config.ts": "export default {}\n",
                           "yarn.lock": "# yarn lockfile v1\n",
                           "package.json": '{"name": "a", "scripts": {"build": "vite build"}}\n'},
     "webpack --mode production", (), "`yarn run build`"),
    ("container build", {"Earthfile": "VERSION 0.8\nbuild:\n  FROM alpine\n"}, "buildah bud -t app .", ("earthly",),
     "`earthly +build`"),
    ("database migration", {"alembic.ini": "[alembic]\nscript_location = migrations\n"}, "yoyo apply ./migrations",
     ("alembic",), "`alembic upgrade head`"),
    ("release", {".releaserc.json": '{"branches": ["main"]}\n',
                 "package.json": '{"name": "a", "devDependencies": {"semantic-release": "^24"}}\n'},
     "standard-version --release-as minor", (), "`npx semantic-release`"),
    ("version bump", {".bumpversion.toml": "[tool.bumpversion]\ncurrent_version = '1.2.0'\n"}, "bump2version minor",
     ("bump-my-version",), "`bump-my-version bump patch`"),
    ("Python package publish", {"pyproject.toml": "[tool.flit.metadata]\nmodule = 'acme'\n"},
     "twine upload dist/*", ("flit",), "`flit publish`"),
    ("i18n extraction", {"lingui.config.ts": "export default {}\n",
                         "package.json": '{"name": "a", "scripts": {"extract": "lingui extract"}}\n'},
     "formatjs extract 'src/**/*.tsx' --out-file lang/en.json", (), "`npm run extract`"),
    ("translation sync", {"crowdin.yml": "files:\n  - source: /locales/en.json\n"}, "tx push -s", ("crowdin",),
     "`crowdin upload sources`"),
    ("protobuf code generation", {"buf.gen.yaml": "version: v2\nplugins: []\n", "buf.yaml": "version: v2\n"},
     "protoc -I proto --go_out=gen proto/api.proto", ("buf",), "`buf generate`"),
    ("OpenAPI code generation", {"orval.config.ts": "export default {}\n",
                                 "package.json": '{"name": "a", "scripts": {"api": "orval --config orval.config.ts"}}\n'},
     "openapi-generator-cli generate -i api.yaml -g typescript-fetch -o src/api", (), "`npm run api`"),
    ("GraphQL code generation", {"codegen.ts": "export default {}\n",
                                 "package.json": '{"name": "a", "devDependencies": {"@graphql-codegen/cli": "^5"}}\n'},
     "apollo client:codegen --target typescript", (), "`npx graphql-codegen`"),
    ("SQL code generation", {"sqlc.yaml": "version: '2'\n"}, "sqlboiler psql", ("sqlc",), "`sqlc generate`"),
    ("map tile import", {"mapping.yml": "tables: {}\n"}, "osm2pgsql -d gis planet.osm.pbf", ("imposm",),
     "`imposm import`"),
    ("message broker admin", {"redpanda.yaml": "redpanda: {}\n"}, "kafka-topics --list --bootstrap-server :9092",
     ("rpk",), "`rpk topic`"),
    ("database shell", {}, "mongo --eval 'db.stats()'", ("mongosh",), ""),  # mongosh keeps no footprint: no deny
    ("infrastructure as code", {"Pulumi.yaml": "name: infra\nruntime: python\n"}, "terraform apply", ("pulumi",),
     "`pulumi up`"),
    ("Kubernetes packaging", {"kustomization.yaml": "resources: []\n"}, "helm upgrade --install web ./chart",
     ("kubectl",), "`kubectl apply -k .`"),
    ("secrets encryption", {".sops.yaml": "creation_rules: []\n"}, "git-crypt unlock", ("sops",), "`sops`"),
    ("environment loading", {".envrc": "export DATABASE_URL=postgres://localhost/dev\n"}, "dotenv -e .env.local -- node app.js", ("direnv",), "`direnv allow`"),
]


def test_every_job_of_the_table_has_an_example() -> None:
    assert {row[0] for row in ROWS} == set(JOBS)


@pytest.mark.parametrize("job,files,command,programs,expected", ROWS, ids=[r[0] for r in ROWS])
def test_a_tool_not_installed_while_another_tool_of_its_job_keeps_a_footprint(
        job: str, files: dict[str, str], command: str, programs: tuple[str, ...], expected: str, git_repo: Path,
        tmp_path: Path) -> None:
    write(git_repo, {"README.md": "# project\n", **files})
    env = _env(tmp_path, programs)
    kind, reason = _decide("claude", git_repo, command, env)
    if not expected:
        assert kind == "allow", reason
        return
    assert kind == "deny", (job, reason)
    # this premise's own words, or the role catalogue's premise that speaks first for the same class (its verified
    # command for the tool the project configures)
    assert expected in reason or "(project.tools): " in reason, reason


def test_the_same_tool_configured_installed_or_several_successors_says_nothing(git_repo: Path, tmp_path: Path) -> None:
    write(git_repo, {"gcovr.cfg": "html-details = yes\n", "README.md": "Coverage: `genhtml` was used once.\n"})
    # installed: the action may do what it says
    assert _decide("claude", git_repo, "genhtml cov.info -o out", _env(tmp_path, ("genhtml", "gcovr")))[0] == "allow"
    # still configured here (a CI step runs it) and not installed: only another tool of the job that is installed
    # is a command that can run in its place
    write(git_repo, {".github/workflows/ci.yml": "jobs:\n  c:\n    steps:\n      - run: genhtml cov.info -o out\n"})
    assert _decide("claude", git_repo, "genhtml cov.info -o out", {"PATH": "/usr/bin:/bin"})[0] == "allow"
    kind, reason = _decide("codex", git_repo, "genhtml cov.info -o html", _env(tmp_path, ("gcovr",)))
    assert kind == "deny" and "only .github/workflows/ci.yml (which runs genhtml) is left of lcov" in reason, reason
    assert "`gcovr --html-details -o html/index.html`" in reason, reason


def test_several_other_tools_of_the_job_decide_nothing(git_repo: Path, tmp_path: Path) -> None:
    write(git_repo, {"requirements.txt": "weasyprint\n", "prince.cfg": "", "package.json":
                     '{"name": "a", "devDependencies": {"pagedjs-cli": "^0.4"}}\n'})
    kind, reason = _decide("claude", git_repo, "wkhtmltopdf in.html out.pdf", _env(tmp_path, ("weasyprint", "pagedjs-cli")))
    assert kind == "allow", reason


def test_no_other_tool_of_the_job_in_evidence_says_nothing(git_repo: Path, tmp_path: Path) -> None:
    write(git_repo, {"README.md": "PDFs are made by hand.\n"})
    assert _decide("claude", git_repo, "wkhtmltopdf in.html out.pdf", _env(tmp_path, ()))[0] == "allow"


def test_prose_and_memory_files_are_not_a_footprint(git_repo: Path, tmp_path: Path) -> None:
    write(git_repo, {"CLAUDE.md": "Render PDFs with `wkhtmltopdf in.html out.pdf`.\n",
                     "docs/pdf.md": "We used wkhtmltopdf in 2021.\n", "requirements.txt": "weasyprint==62\n"})
    kind, reason = _decide("codex", git_repo, "wkhtmltopdf in.html out.pdf", _env(tmp_path, ("weasyprint",)))
    assert kind == "deny" and "`weasyprint in.html out.pdf`" in reason, reason


def _after_failure(agent: str, repo: Path, command: str, output: str, env: dict[str, str]) -> str:
    if agent == "claude":
        data = payload(agent, "PostToolUseFailure", repo, command=command)
        data["error"] = f"Exit code 127\n{output}"
    else:
        data = payload(agent, "PostToolUse", repo, command=command)
        data["tool_response"] = output
        data["exit_code"] = 127
    out = reply(hook(data, repo, env=env)) or {}
    return str((out.get("hookSpecificOutput") or {}).get("additionalContext") or "")


@pytest.mark.parametrize("output", ["bash: line 1: genhtml: command not found",
                                    "/bin/sh: 1: genhtml: not found",
                                    "zsh: command not found: genhtml"])
def test_a_failure_for_a_missing_program_says_what_the_project_uses(output: str, git_repo: Path, tmp_path: Path) -> None:
    write(git_repo, {"gcovr.cfg": "root = .\n"})
    text = _after_failure("claude", git_repo, "genhtml cov.info -o coverage", output, _env(tmp_path, ("gcovr",)))
    assert "gcovr" in text and "`gcovr --html-details -o coverage/index.html`" in text, text


def test_a_missing_module_and_a_failure_without_a_successor(git_repo: Path, tmp_path: Path) -> None:
    from statewise_cli.recovery.premises_jobs import failed_programs

    assert failed_programs("python -m weasyprint a.html a.pdf", "ModuleNotFoundError: No module named 'weasyprint'") \
        == ["weasyprint"]
    assert failed_programs("npx typedoc", "npm ERR! could not determine executable to run") == ["typedoc"]
    assert failed_programs("ls nothing", "ls: cannot access 'nothing': No such file or directory") == []
    write(git_repo, {"README.md": "# x\n"})
    assert _after_failure("claude", git_repo, "genhtml cov.info -o coverage", "bash: genhtml: command not found",
                          _env(tmp_path, ())) == ""


def test_the_unit_check_reads_a_tool_table_as_documented() -> None:
    for job, tools in JOBS.items():
        names = [t[0] for t in tools]
        assert len(names) == len(set(names)), job
        for tool in tools:
            assert tool[1] or tool[2] or tool[3], (job, tool[0])
            assert tool[4] and not tool[4].startswith("use "), (job, tool[0])
    assert os.sep not in "".join(p for tools in JOBS.values() for t in tools for p in t[1])


def test_a_replaced_tool_deny_carries_the_successors_runnable_command(git_repo: Path, tmp_path: Path) -> None:
    from swtest import commit_all, git

    write(git_repo, {"jsdoc.json": '{"source": {"include": ["src"]}}\n', "src/index.js": "export const a = 1\n"})
    git(git_repo, "rm", "-q", "jsdoc.json")
    (git_repo / "typedoc.json").write_text('{"entryPoints": ["src/index.ts"]}\n')
    commit_all(git_repo, "API docs from the TypeScript sources")
    kind, reason = _decide("claude", git_repo, "jsdoc -c jsdoc.json -r src", _env(tmp_path, ("jsdoc",)))
    assert kind == "deny", reason
    assert "`npx typedoc`" in reason and "run the same job with it" not in reason, reason
    # the project's own script for the job comes first
    (git_repo / "package.json").write_text('{"name": "lib", "scripts": {"docs": "typedoc --out site/api"}}\n')
    commit_all(git_repo, "docs script")
    kind, reason = _decide("codex", git_repo, "jsdoc -c jsdoc.json -r src", _env(tmp_path, ("jsdoc",)))
    assert kind == "deny" and "`npm run docs`" in reason, reason


def test_another_tools_word_is_not_its_footprint_a_line_running_it_is(git_repo: Path, tmp_path: Path) -> None:
    # `sam` as a person's name in a YAML file is no AWS SAM project; `pulumi up` in a CI step is Pulumi's footprint
    write(git_repo, {"team.yml": "owners:\n  - name: sam\n"})
    assert _decide("claude", git_repo, "terraform plan -out tf.plan", _env(tmp_path, ("sam",)))[0] == "allow"
    write(git_repo, {".github/workflows/infra.yml": "jobs:\n  up:\n    steps:\n      - run: pulumi up --yes\n"})
    kind, reason = _decide("claude", git_repo, "terraform plan -out tf.plan", _env(tmp_path, ("pulumi",)))
    assert kind == "deny" and "`pulumi up" in reason, reason
