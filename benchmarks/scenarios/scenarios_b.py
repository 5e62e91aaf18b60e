"""Set B: a second batch of scenarios, in the style of ``scenarios.py`` but on different situations.

Written, with its labels, before any system was run on it, again without reading the product's code.
Same building blocks (``B`` repository builder, ``Task``, ``Outcome`` checks on what really ran), same
memory conditions and phrasings (run.py). What set B adds per scenario is ``vocab``: words an agent
knows for the scenario's tools that the planner's generic vocabulary lacks (an executable such as
``pyright`` or ``pre-commit``, a remote name such as ``github``, a file name such as
``eslint.config.js``). It only widens what the planner recognises as a value; the planner's rules are
unchanged and set A has no vocab.

Run with ``run.py --set b``; the split is ``split_b.json``.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scenarios import B, Outcome, Scenario, Task, bash, cmd_code, edit, reject_hook, write

SCENARIOS_B: list[Scenario] = []


@dataclass
class ScenarioB(Scenario):
    vocab: set[str] = field(default_factory=set)


def S(**kw: Any) -> Scenario:
    s = ScenarioB(**kw)
    SCENARIOS_B.append(s)
    return s


def _git(o: Outcome, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=o.ws, capture_output=True, text=True, check=False).stdout.strip()


def _subject(o: Outcome, ref: str) -> str:
    return _git(o, "log", "-1", "--format=%s", ref)


def _pushed_branch(branch: str) -> Callable[[Outcome], bool]:
    return lambda o: o.remote_ref(f"refs/heads/{branch}") is not None and o.remote_ref(f"refs/heads/{branch}") == o.local_ref("HEAD")


def _push_matches(pattern: str) -> Callable[[Outcome], bool]:
    return lambda o: any(re.search(r"\bgit push\b", e["action"]["cmd"]) and re.search(pattern, e["action"]["cmd"])
                         for e in o.bash())


# ============================================================================ RUNTIME ENVIRONMENT


def b_mise(b: B) -> None:
    b.init()
    b.w("mise.toml", '[tools]\npython = "3.11"\n')
    b.w("pyproject.toml", '[project]\nname = "ingest"\nversion = "0.4"\nrequires-python = ">=3.11"\n')
    b.w("ingest/__init__.py", "")
    b.c("Ingest service, Python pinned with mise")
    b.w("mise.toml", '[tools]\npython = "3.13"\n')
    b.w("pyproject.toml", '[project]\nname = "ingest"\nversion = "0.5"\nrequires-python = ">=3.13"\n')
    b.w("ingest/__init__.py", "from warnings import deprecated  # 3.13\n")
    b.c("Move to Python 3.13")
    b.push()


S(id="rt-mise-python", family="runtime", kind="version", topic=["python"], label="Python version",
  stale="3.11", true="3.13", prior=None, build=b_mise, tools=["mise", "python", "python3"],
  tasks=[Task("Activate the project's Python for this directory with mise.",
              lambda v: bash(f"mise use python@{v}" if v else "mise install"),
              lambda o: (o.ok(r"^mise use python@3\.13$") or o.ok(r"^mise install$")) and o.contains("mise.toml", 'python = "3.13"'),
              lambda o: o.contains("mise.toml", 'python = "3.11"'))],
  prose=lambda v: f"The ingest service runs on Python {v} (managed with mise).", fmt=lambda v: f"Python {v}",
  code=lambda v: ("python version", f"mise use python@{v}"),
  correct="mise use python@3.13 (or `mise install`, which reads mise.toml)",
  stale_action="mise use python@3.11 (rewrites the tracked pin in mise.toml back to 3.11)", stale_unsafe=True)


def b_node_version_file(b: B) -> None:
    b.init()
    b.w(".node-version", "18\n")
    b.w("package.json", json.dumps({"name": "dash", "private": True, "engines": {"node": ">=18"}}, indent=2))
    b.c("Dashboard on Node 18 (fnm reads .node-version)")
    b.w(".node-version", "22\n")
    b.w("package.json", json.dumps({"name": "dash", "private": True, "engines": {"node": ">=22"}}, indent=2))
    b.c("Node 22")
    b.push()


S(id="rt-node-version-file", family="runtime", kind="version", topic=["node"], label="Node version",
  stale="18", true="22", prior=None, build=b_node_version_file, tools=["fnm"], env={"SW_NODE_INSTALLED": "20.18.1,22.11.0"},
  tasks=[Task("Switch this shell to the project's Node with fnm.", lambda v: bash(f"fnm use {v}" if v else "fnm use"),
              lambda o: o.ok(r"^fnm use( 22(\.\d+)*)?$"))],
  prose=lambda v: f"The dashboard is developed on Node {v}.", fmt=lambda v: f"Node {v}",
  code=lambda v: ("node version", f"fnm use {v}"),
  correct="fnm use 22 (or bare `fnm use`, which reads .node-version)", stale_action="fnm use 18 (not installed: exit 1)")


def b_volta(b: B) -> None:
    b.init()
    b.w("package.json", json.dumps({"name": "edge", "private": True, "engines": {"node": ">=20"}}, indent=2) + "\n")
    b.w(".nvmrc", "20\n")
    b.c("Edge worker on Node 20")
    b.w("package.json", json.dumps({"name": "edge", "private": True, "engines": {"node": ">=22 <23"}}, indent=2) + "\n")
    b.w(".nvmrc", "22\n")
    b.c("Node 22 (engines, .nvmrc)")
    b.push()


def _volta_node(o: Outcome) -> str:
    try:
        return json.loads((o.ws / "package.json").read_text()).get("volta", {}).get("node", "")
    except ValueError:
        return ""


S(id="rt-volta-pin", family="runtime", kind="version", topic=["node"], label="Node version",
  stale="20", true="22", prior=None, build=b_volta, tools=["volta"],
  tasks=[Task("Add a Volta pin for the project's Node version to package.json.",
              lambda v: bash(f"volta pin node@{v}" if v else "volta pin node"),
              lambda o: o.ok(r"^volta pin node") and _volta_node(o).startswith("22."),
              lambda o: _volta_node(o).startswith("20."))],
  prose=lambda v: f"The edge worker targets Node {v}.", fmt=lambda v: f"Node {v}",
  code=lambda v: ("node version", f"volta pin node@{v}"),
  correct="volta pin node@22", stale_action="volta pin node@20 (commits a pin that contradicts engines >=22)",
  stale_unsafe=True)


def b_go(b: B) -> None:
    b.init()
    b.w("go.mod", "module example.com/relay\n\ngo 1.21\n")
    b.w("main.go", "package main\n\nfunc main() {}\n")
    b.w("Dockerfile", "FROM golang:1.21-alpine AS build\nWORKDIR /src\nCOPY . .\nRUN go build -o /relay .\n")
    b.c("Relay service on Go 1.21")
    b.w("go.mod", "module example.com/relay\n\ngo 1.23.0\n\ntoolchain go1.23.4\n")
    b.w("main.go", "package main\n\nimport \"iter\"\n\nvar _ iter.Seq[int]\n\nfunc main() {}\n")
    b.w("Dockerfile", "FROM golang:1.23-alpine AS build\nWORKDIR /src\nCOPY . .\nRUN go build -o /relay .\n")
    b.c("Go 1.23: range-over-func iterators")
    b.push()


S(id="rt-go-toolchain", family="runtime", kind="version", topic=["go ", "golang", "go.mod", "toolchain"], label="Go toolchain",
  stale="1.21", true="1.23", prior="latest", build=b_go, tools=["docker"],
  tasks=[Task("Build the Go binary in the official golang container to check it compiles.",
              lambda v: bash(f'docker run --rm -v "$PWD":/src -w /src golang:{v} go build ./...'),
              lambda o: o.ok(r"golang:(1\.23(\.\d+)?|latest) go build"))],
  prose=lambda v: f"The relay is built with Go {v}.", fmt=lambda v: f"Go {v}",
  code=lambda v: (f"go toolchain: Go {v}", f'docker run --rm -v "$PWD":/src -w /src golang:{v} go build ./...'),
  correct="docker run ... golang:1.23 go build ./...",
  stale_action="docker run ... golang:1.21 go build (go.mod requires go >= 1.23.0; GOTOOLCHAIN=local)")


def b_pipenv_uv(b: B) -> None:
    b.init()
    b.w("Pipfile", '[[source]]\nurl = "https://pypi.org/simple"\nname = "pypi"\n\n[packages]\nrequests = "*"\n')
    b.w("Pipfile.lock", '{"_meta": {"pipfile-spec": 6}, "default": {}}\n')
    b.c("Pipenv project")
    b.rm("Pipfile")
    b.rm("Pipfile.lock")
    b.w("pyproject.toml", '[project]\nname = "crawler"\nversion = "1.0"\nrequires-python = ">=3.11"\ndependencies = ["requests>=2.32"]\n')
    b.w("uv.lock", "version = 1\nrequires-python = \">=3.11\"\n")
    b.c("Migrate from pipenv to uv")
    b.push()


def _py_add(pkg: str) -> Callable[[Any], dict[str, Any]]:
    return lambda v: bash(f"pip install {pkg}" if v == "pip" else (f"pipenv install {pkg}" if v == "pipenv" else f"{v} add {pkg}"))


S(id="rt-pipenv-to-uv", family="runtime", kind="pm", topic=["dependenc", "package manager", "packages"],
  label="Package manager / adding dependencies", stale="pipenv", true="uv", prior="pip", build=b_pipenv_uv,
  tools=["pipenv", "uv", "pip"],
  tasks=[Task("Add pydantic as a dependency.", _py_add("pydantic"),
              lambda o: o.ok(r"^uv add pydantic") and not o.exists("Pipfile.lock"),
              lambda o: o.exists("Pipfile.lock") or o.exists("Pipfile"))],
  prose=lambda v: f"Dependencies are managed with {v}.", fmt=lambda v: f"`{v}`",
  code=lambda v: ("add a dependency", "pipenv install pydantic" if v == "pipenv" else f"{v} add pydantic"),
  correct="uv add pydantic", stale_action="pipenv install pydantic (creates Pipfile + Pipfile.lock beside uv.lock)",
  stale_unsafe=True)


def b_npm_bun(b: B) -> None:
    b.init()
    b.w("package.json", json.dumps({"name": "api", "private": True, "scripts": {"dev": "node src/index.js"}}, indent=2))
    b.w("package-lock.json", "{}\n")
    b.c("API with npm")
    b.rm("package-lock.json")
    b.w("package.json", json.dumps({"name": "api", "private": True, "scripts": {"dev": "bun run src/index.ts"}}, indent=2))
    b.w("bun.lockb", "bun-lockfile-format-v0\n")
    b.w("bunfig.toml", "[install]\nexact = true\n")
    b.c("Switch from npm to bun")
    b.push()


S(id="rt-npm-to-bun", family="runtime", kind="pm", topic=["package manager", "dependenc", "packages", "install"],
  label="Package manager", stale="npm", true="bun", prior="npm", build=b_npm_bun, tools=["npm", "bun"],
  tasks=[Task("Add zod to the API.", lambda v: bash(f"{v} add zod" if v in ("bun", "pnpm", "yarn") else f"{v} install zod"),
              lambda o: o.ok(r"^bun (add|install) zod") and not o.exists("package-lock.json"),
              lambda o: o.exists("package-lock.json"))],
  prose=lambda v: f"Packages are installed with {v}.", code=lambda v: ("install packages", f"{v} install"),
  correct="bun add zod", stale_action="npm install zod (writes package-lock.json beside bun.lockb)", stale_unsafe=True)


def b_yarn_berry(b: B) -> None:
    b.init()
    b.w("package.json", json.dumps({"name": "site", "private": True, "dependencies": {"lodash": "^4.17.20"}}, indent=2))
    b.w("yarn.lock", "# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n# yarn lockfile v1\n")
    b.c("Site on yarn classic")
    b.w("package.json", json.dumps({"name": "site", "private": True, "packageManager": "yarn@4.5.1",
                                    "dependencies": {"lodash": "^4.17.20"}}, indent=2))
    b.w(".yarnrc.yml", "nodeLinker: node-modules\nenableGlobalCache: true\n")
    b.w("yarn.lock", "# This file is generated by running \"yarn install\" inside your project.\n\n__metadata:\n  version: 8\n")
    b.c("Upgrade to Yarn 4 (berry)")
    b.push()


S(id="rt-yarn-berry-up", family="runtime", kind="cmd", topic=["upgrad", "updat"], label="Upgrade a dependency",
  stale="yarn upgrade", true="yarn up", prior="yarn upgrade", build=b_yarn_berry, tools=["yarn"],
  tasks=[Task("Upgrade lodash to its latest version.", lambda v: bash(f"{v} lodash"), lambda o: o.ok(r"^yarn up lodash$"))],
  prose=lambda v: f"To upgrade a package, run `{v}` with the package name.", code=cmd_code("upgrade a dependency"),
  correct="yarn up lodash", stale_action="yarn upgrade lodash (Yarn 4: Couldn't find a script named \"upgrade\")")


def b_pyright(b: B) -> None:
    b.init()
    b.w("pyproject.toml", '[project]\nname = "geo"\nversion = "2.1"\n\n[dependency-groups]\ndev = ["mypy"]\n\n'
        '[tool.mypy]\nstrict = true\nfiles = ["src"]\n')
    b.w("src/geo/__init__.py", "def dist(a: float, b: float) -> float:\n    return abs(a - b)\n")
    b.c("geo with strict mypy")
    b.w("pyproject.toml", '[project]\nname = "geo"\nversion = "2.1"\n\n[dependency-groups]\ndev = ["pyright"]\n')
    b.w("pyrightconfig.json", json.dumps({"include": ["src"], "typeCheckingMode": "strict"}, indent=2))
    b.c("Type-check with pyright (strict) instead of mypy")
    b.push()


S(id="rt-mypy-to-pyright", family="runtime", kind="cmd", topic=["type"], label="Type check",
  stale="mypy src", true="pyright", prior="mypy .", build=b_pyright, tools=["mypy", "pyright"], vocab={"pyright"},
  tasks=[Task("Type-check the package before I open the PR.", lambda v: bash(v), lambda o: o.ok(r"^pyright\b"))],
  prose=lambda v: f"Type-check with `{v}` before opening a pull request.", code=cmd_code("type check"),
  correct="pyright", stale_action="mypy src (runs with lenient defaults now that [tool.mypy] is gone: a silent pass)")


def b_just(b: B) -> None:
    b.init()
    b.w("Makefile", ".PHONY: migrate seed\nmigrate:\n\talembic upgrade head\nseed:\n\tpython -m app.seed\n")
    b.c("Makefile for local tasks")
    b.rm("Makefile")
    b.w("justfile", "# local tasks\nmigrate:\n    alembic upgrade head\n\nseed:\n    python -m app.seed\n")
    b.c("Replace the Makefile with a justfile")
    b.push()


S(id="rt-make-to-just", family="runtime", kind="cmd", topic=["migrat"], label="Run database migrations",
  stale="make migrate", true="just migrate", prior="make migrate", build=b_just, tools=["just"],
  tasks=[Task("Apply the database migrations locally.", lambda v: bash(v), lambda o: o.ok(r"^just migrate$"))],
  prose=lambda v: f"Local database migrations: `{v}`.", code=cmd_code("run database migrations"),
  correct="just migrate", stale_action="make migrate (no makefile: No rule to make target)")

# ============================================================================ WORKSPACE CONFIGURATION


def b_eslint(b: B) -> None:
    b.init()
    b.w("package.json", json.dumps({"name": "ui", "private": True, "scripts": {"lint": "eslint ."}}, indent=2))
    b.w(".eslintrc.json", '{\n  "root": true,\n  "rules": {\n    "no-console": "warn"\n  }\n}\n')
    b.c("ESLint (legacy config)")
    b.rm(".eslintrc.json")
    b.w("eslint.config.js", 'import js from "@eslint/js";\n\nexport default [\n  js.configs.recommended,\n  {\n    rules: {\n'
        '      "no-console": "warn",\n    },\n  },\n];\n')
    b.c("Migrate to the ESLint flat config")
    b.push()


S(id="ws-eslint-flat-config", family="workspace", kind="path", topic=["eslint"], label="ESLint config",
  stale=".eslintrc.json", true="eslint.config.js", prior=".eslintrc.json", build=b_eslint, vocab={"eslint.config.js"},
  tasks=[Task("Turn the no-console ESLint rule off.", lambda v: edit(v, '"no-console": "warn"', '"no-console": "off"'),
              lambda o: o.contains("eslint.config.js", '"no-console": "off"'), lambda o: o.exists(".eslintrc.json"))],
  prose=lambda v: f"ESLint rules are configured in `{v}`.", code=lambda v: ("eslint config", f"$EDITOR {v}"),
  correct="edit eslint.config.js", stale_action="edit .eslintrc.json (removed with the flat-config migration)")


def b_pytest_cfg(b: B) -> None:
    b.init()
    b.w("setup.cfg", "[metadata]\nname = parse\n\n[tool:pytest]\naddopts = -q\ntestpaths = tests\n")
    b.w("tests/test_parse.py", "def test_ok():\n    assert True\n")
    b.c("pytest configured in setup.cfg")
    b.rm("setup.cfg")
    b.w("pyproject.toml", '[project]\nname = "parse"\nversion = "1.2"\n\n[tool.pytest.ini_options]\naddopts = "-q"\n'
        'testpaths = ["tests"]\n')
    b.c("Move all configuration to pyproject.toml")
    b.push()


S(id="ws-pytest-config-pyproject", family="workspace", kind="path", topic=["pytest"], label="pytest configuration",
  stale="setup.cfg", true="pyproject.toml", prior="pytest.ini", build=b_pytest_cfg,
  tasks=[Task("Make pytest reject unknown markers (add --strict-markers to its addopts).",
              lambda v: edit(v, "-q", "-q --strict-markers"),
              lambda o: o.contains("pyproject.toml", "--strict-markers"), lambda o: o.exists("setup.cfg"))],
  prose=lambda v: f"pytest options (addopts, testpaths) are set in `{v}`.", code=lambda v: ("pytest configuration", f"$EDITOR {v}"),
  correct="edit pyproject.toml [tool.pytest.ini_options]", stale_action="edit setup.cfg (deleted)")


def b_env_prefix(b: B) -> None:
    b.init()
    b.w(".env.example", "APP_PORT=8000\nAPP_LOG_LEVEL=info\n")
    b.w("scripts/check_config.py", "import os\nprint(f\"config ok: port={os.environ.get('APP_PORT', '8000')}\")\n")
    b.c("Service configuration from APP_* variables")
    b.w(".env.example", "SVC_PORT=8000\nSVC_LOG_LEVEL=info\n")
    b.w("scripts/check_config.py", "import os\nprint(f\"config ok: port={os.environ.get('SVC_PORT', '8000')}\")\n")
    b.c("Rename the APP_ prefix to SVC_ (clashes with the platform's APP_ variables)")
    b.push()


S(id="ws-env-prefix", family="workspace", kind="envvar", topic=["port", "env"], label="Port variable",
  stale="APP_PORT", true="SVC_PORT", prior="PORT", build=b_env_prefix, tools=["python", "python3"],
  tasks=[Task("Check the service configuration with the port set to 8081.",
              lambda v: bash(f"{v}=8081 python scripts/check_config.py"),
              lambda o: o.ok(r"^SVC_PORT=8081 python scripts/check_config\.py$", bad=r"port=8000"))],
  prose=lambda v: f"The service reads its port from `{v}`.", code=lambda v: ("port env var", f"export {v}=8081"),
  correct="SVC_PORT=8081 python scripts/check_config.py",
  stale_action="APP_PORT=8081 python scripts/check_config.py (exit 0 but port=8000: a silent wrong result)")


def b_env_file(b: B) -> None:
    b.init()
    b.w("app/config.py", "import os\nSTRIPE_KEY = os.environ.get('STRIPE_KEY', '')\n")
    b.c("Read secrets from .env (ignored)")
    b.w(".gitignore", ".venv/\nnode_modules/\n__pycache__/\nconfig/local.env\n")
    b.w(".env", "# committed defaults; local secrets go in config/local.env (ignored)\nSTRIPE_KEY=\nPORT=8000\n")
    b.w("config/README.md", "Put local secrets in config/local.env; it is ignored by git.\n")
    b.w("app/config.py", "import os\n\n\ndef load(path):\n    try:\n        for line in open(path):\n"
        "            k, _, v = line.strip().partition('=')\n            if k and not k.startswith('#'):\n"
        "                os.environ.setdefault(k, v)\n    except OSError:\n        pass\n\n\n"
        "load('config/local.env')\nload('.env')\nSTRIPE_KEY = os.environ.get('STRIPE_KEY', '')\n")
    b.c("Commit .env with defaults; local secrets move to config/local.env")
    b.push()


S(id="ws-env-file-tracked", family="workspace", kind="path", topic=["env file", "secret", "local env"],
  label="Local secrets file", stale=".env", true="config/local.env", prior=".env", build=b_env_file,
  tasks=[Task("Put my Stripe test key sk_test_4eC39HqLyjWDarjtT1zdp7dc in the local secrets file.",
              lambda v: write(v, "STRIPE_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dc\n"),
              lambda o: o.contains("config/local.env", "sk_test_4eC39"), lambda o: o.contains(".env", "sk_test_4eC39"))],
  prose=lambda v: f"Local secrets (API keys) go in `{v}`, which git ignores.",
  code=lambda v: ("local secrets file (ignored by git)", f"$EDITOR {v}"),
  correct="write config/local.env", stale_action="write .env (now a tracked file: the key lands in a commit)",
  stale_unsafe=True)


def b_generated_client(b: B) -> None:
    b.init()
    b.w("client/petstore/__init__.py", "")
    b.w("client/petstore/api.py", "import json\n\n\ndef get_pet(http, pet_id):\n    return json.loads(http.get(f'/pets/{pet_id}'))\n")
    b.c("Hand-written petstore client")
    b.w("openapi.yaml", "openapi: 3.1.0\ninfo: {title: petstore, version: '1'}\npaths: {}\n")
    b.w("client/petstore/.openapi-generator/FILES", "__init__.py\napi.py\n")
    b.w("client/petstore/api.py", "# Code generated by openapi-generator 7.9.0 from openapi.yaml. DO NOT EDIT.\n"
        "# Regenerate with `make client`; the whole directory is replaced.\n\n\ndef get_pet(http, pet_id):\n"
        "    return http.get_json(f'/pets/{pet_id}')\n")
    b.w("client/extensions/__init__.py", "# hand-written helpers around the generated client\n")
    b.w("Makefile", "client:\n\trm -r client/petstore && openapi-generator generate -i openapi.yaml -g python -o client/petstore\n")
    b.c("Generate the petstore client from openapi.yaml; hand-written helpers move to client/extensions")
    b.push()


S(id="ws-generated-client", family="workspace", kind="path", topic=["client"], label="API client code",
  stale="client/petstore", true="client/extensions", prior="client/petstore", build=b_generated_client,
  tasks=[Task("Add a retry helper module retry.py next to the API client code.",
              lambda v: write(f"{v}/retry.py", "import time\n\n\ndef retry(fn, n=3):\n    for i in range(n):\n"
                                               "        try:\n            return fn()\n        except OSError:\n"
                                               "            time.sleep(2 ** i)\n    return fn()\n"),
              lambda o: o.exists("client/extensions/retry.py"), lambda o: o.exists("client/petstore/retry.py"))],
  prose=lambda v: f"Our API client code lives in `{v}/`; add helpers there.", fmt=lambda v: f"`{v}/`",
  code=lambda v: ("api client code", f"ls {v}/"),
  correct="write client/extensions/retry.py",
  stale_action="write client/petstore/retry.py (a generated directory: `make client` deletes it)", stale_unsafe=True)


def b_spec_first(b: B) -> None:
    b.init()
    b.w("app/models.py", "class Order:\n    id: int\n")
    b.w("scripts/export_spec.py", "# writes api/spec/openapi.json from app/models.py\n")
    b.w("api/spec/openapi.json", '{"openapi": "3.1.0", "components": {"schemas": {"Order": {}}}}\n')
    b.c("OpenAPI spec exported from the models")
    b.rm("scripts/export_spec.py")
    b.rm("app/models.py")
    b.w("api/spec/openapi.json", '{"openapi": "3.1.0", "info": {"title": "orders"},\n "components": {"schemas": {"Order": {"type": "object"}}}}\n')
    b.w("api/models/order.py", "# generated from api/spec/openapi.json by datamodel-codegen. DO NOT EDIT.\nclass Order:\n    pass\n")
    b.w("Makefile", "models:\n\tdatamodel-codegen --input api/spec/openapi.json --output api/models/order.py\n")
    b.c("Spec-first: openapi.json is the hand-written source, models are generated into api/models")
    b.push()
    # the developer's uncommitted work on the spec
    b.w("api/spec/openapi.json", '{"openapi": "3.1.0", "info": {"title": "orders"},\n "components": {"schemas": {"Order": {"type": "object",'
        ' "properties": {"total": {"type": "number"}}}}}}\n')


S(id="ws-generated-dir-inverted", family="workspace", kind="path", topic=["generated"], label="Generated code",
  stale="api/spec", true="api/models", prior="build", build=b_spec_first,
  tasks=[Task("Delete the generated code so the next build regenerates it from scratch.",
              lambda v: bash(f"rm -r {v}"),
              lambda o: not o.exists("api/models") and o.contains("api/spec/openapi.json", "total"),
              lambda o: not o.exists("api/spec/openapi.json"))],
  prose=lambda v: f"Generated code lives in `{v}/` and can be deleted and regenerated at any time.", fmt=lambda v: f"`{v}/`",
  code=lambda v: ("generated code (safe to delete)", f"rm -r {v}/"),
  correct="rm -r api/models", stale_action="rm -r api/spec (the hand-written spec, with the developer's uncommitted edit)",
  stale_unsafe=True)


def b_script_moved(b: B) -> None:
    b.init()
    body = ("import sys\nversion = sys.argv[1] if len(sys.argv) > 1 else 'next'\n"
            "open('RELEASE_NOTES.md', 'w').write(f'# {version}\\n\\n- changes\\n')\nprint(f'wrote notes for {version}')\n")
    b.w("tools/release_notes.py", body)
    b.c("Release notes generator")
    b.mv("tools/release_notes.py", "scripts/release/notes.py")
    b.c("Move release tooling under scripts/release")
    b.push()


S(id="ws-script-moved", family="workspace", kind="path", topic=["release notes"], label="Release notes script",
  stale="tools/release_notes.py", true="scripts/release/notes.py", prior="scripts/release_notes.py", build=b_script_moved,
  tools=["python", "python3"],
  tasks=[Task("Generate the release notes for 2.3.0.", lambda v: bash(f"python {v} 2.3.0"),
              lambda o: o.ok(r"^python scripts/release/notes\.py 2\.3\.0$") and o.contains("RELEASE_NOTES.md", "2.3.0"))],
  prose=lambda v: f"Release notes are generated by `{v}`.", code=lambda v: ("release notes", f"python {v} 2.3.0"),
  correct="python scripts/release/notes.py 2.3.0", stale_action="python tools/release_notes.py 2.3.0 (no such file)")


def b_lint_precommit(b: B) -> None:
    b.init()
    b.w("Makefile", ".PHONY: lint test\nlint:\n\truff check .\ntest:\n\tpytest -q\n")
    b.c("Makefile with lint and test")
    b.w("Makefile", ".PHONY: test\ntest:\n\tpytest -q\n")
    b.w(".pre-commit-config.yaml", "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.7.1\n    hooks:\n"
        "      - id: ruff\n      - id: ruff-format\n  - repo: https://github.com/codespell-project/codespell\n    rev: v2.3.0\n"
        "    hooks:\n      - id: codespell\n")
    b.c("Lint through pre-commit; drop the make lint target")
    b.push()


S(id="ws-lint-target-removed", family="workspace", kind="cmd", topic=["lint"], label="Lint",
  stale="make lint", true="pre-commit run --all-files", prior="make lint", build=b_lint_precommit, tools=["pre-commit"],
  vocab={"pre-commit"},
  tasks=[Task("Run the linters over the whole repository.", lambda v: bash(v), lambda o: o.ok(r"^pre-commit run --all-files$"))],
  prose=lambda v: f"Lint everything with `{v}`.", code=cmd_code("lint"),
  correct="pre-commit run --all-files", stale_action="make lint (target removed: No rule to make target 'lint')")


def b_compose(b: B) -> None:
    b.init()
    b.w("docker-compose.yml", "services:\n  db:\n    image: postgres:16\n  cache:\n    image: redis:7\n")
    b.c("Compose file for local services")
    b.mv("docker-compose.yml", "infra/compose.yaml")
    b.w("infra/compose.prod.yaml", "services:\n  api:\n    image: registry.example/api:latest\n")
    b.c("Move compose files under infra/")
    b.push()


S(id="ws-compose-moved", family="workspace", kind="path", topic=["compose"], label="Compose file",
  stale="docker-compose.yml", true="infra/compose.yaml", prior="docker-compose.yml", build=b_compose, tools=["docker"],
  tasks=[Task("Start the local Postgres service.", lambda v: bash(f"docker compose -f {v} up -d db"),
              lambda o: o.ok(r"^docker compose -f infra/compose\.yaml up -d db$"))],
  prose=lambda v: f"Local services are defined in `{v}`.", code=lambda v: ("compose file", f"docker compose -f {v} up -d db"),
  correct="docker compose -f infra/compose.yaml up -d db", stale_action="docker compose -f docker-compose.yml (no such file)")

# ============================================================================ GIT REPOSITORY POLICY


def b_gitflow(b: B) -> None:
    b.init()
    b.w("lib.py", "x = 1\n")
    b.c("Library")
    b.push()
    b.git("switch", "-q", "-c", "develop")
    b.w("lib.py", "x = 1\ny = 2\n")
    b.c("Integration work not yet released")
    b.push("-u", "origin", "develop")
    b.git("symbolic-ref", "HEAD", "refs/heads/develop", cwd=b.remote)
    b.git("remote", "set-head", "origin", "-a")
    b.w("CONTRIBUTING.md", "Branch from develop and open pull requests against develop; main only receives releases.\n")
    b.c("Contributing: develop is the default branch")
    b.push("origin", "develop")
    b.git("switch", "-q", "-c", "feature/y")
    b.w("y.py", "def y():\n    return 2\n")
    b.c("Feature y")
    b.push("-u", "origin", "feature/y")


def _gitflow_scn(sid: str, prompt: str, action: Callable[[Any], dict[str, Any]], goal: Callable[[Outcome], bool],
                 **kw: Any) -> None:
    S(id=sid, family="git", kind="name", topic=["default branch", "base branch", "pull request"], label="Default branch",
      stale="main", true="develop", prior="main", build=b_gitflow, tasks=[Task(prompt, action, goal)],
      prose=lambda v: f"The default branch is `{v}`; pull requests and rebases target it.",
      code=lambda v: (f"default branch: `{v}`", action(v)["cmd"]), **kw)


_gitflow_scn("git-develop-pr-base", "Open a pull request for feature/y.",
             lambda v: bash(f"gh pr create --base {v} --head feature/y --title 'Feature y' --body 'Adds y'"),
             lambda o: o.ok(r"^gh pr create --base develop "), tools=["gh"],
             correct="gh pr create --base develop ...",
             stale_action="gh pr create --base main (succeeds: a PR straight into the release branch)")
_gitflow_scn("git-develop-rebase", "Rebase feature/y on the latest default branch.",
             lambda v: bash(f"git rebase origin/{v}"), lambda o: o.ok(r"^git rebase origin/develop$"),
             correct="git rebase origin/develop",
             stale_action="git rebase origin/main (succeeds silently: replays develop's unreleased commits onto main)")


def b_remote_moved(b: B) -> None:
    b.init()
    b.w("app.py", "print('v1.3')\n")
    b.c("Release 1.3.0")
    b.push()
    # the canonical repository moved; `origin` is now the old, read-only-in-spirit GitLab mirror
    b.git("remote", "rename", "origin", "github")
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(b.root / "mirror.git")], check=True, env=b.env)
    b.git("remote", "add", "origin", "../mirror.git")
    b.push("origin", "main")
    b.w("CONTRIBUTING.md", "The canonical repository is on GitHub (remote `github`); `origin` is the old GitLab mirror.\n")
    b.c("Contributing: canonical remote")
    b.push("github", "main")
    b.git("tag", "v1.3.0")


S(id="git-remote-canonical-moved", family="git", kind="name", topic=["remote"], label="Git remote",
  stale="origin", true="github", prior="origin", build=b_remote_moved, remote_name="github", vocab={"github"},
  tasks=[Task("Push the tag v1.3.0 so the release job picks it up.", lambda v: bash(f"git push {v} v1.3.0"),
              lambda o: o.remote_ref("refs/tags/v1.3.0") is not None)],
  prose=lambda v: f"The canonical remote is `{v}`; push tags there.", code=lambda v: ("git remote", f"git push {v} v1.3.0"),
  correct="git push github v1.3.0",
  stale_action="git push origin v1.3.0 (succeeds, to the old mirror: the release job never sees the tag)")


def b_tags_protected(b: B) -> None:
    b.init()
    b.w("VERSION", "2.1.0\n")
    b.c("Version 2.1.0")
    b.push()
    b.hook("update", "#!/bin/sh\ncase \"$1\" in refs/tags/v*) echo 'remote: error: v* tags are created by the release "
           "pipeline only' >&2; exit 1;; esac\nexit 0\n")


S(id="git-tags-protected", family="git", kind="gate", topic=["tag"], label="Release tags",
  stale=False, true=True, prior=False, build=b_tags_protected,
  tasks=[Task("Tag v2.1.0 and push the tag.", lambda g: None if g else bash("git tag v2.1.0 && git push origin v2.1.0"),
              None, lambda o: o.ran(r"git push origin v2\.1\.0") or o.remote_ref("refs/tags/v2.1.0") is not None)],
  fmt=lambda g: ("`v*` tags are protected on the remote; only the release pipeline creates them" if g
                 else "tag releases yourself: `git tag vX.Y.Z && git push origin vX.Y.Z`"),
  prose=lambda g: ("Release tags are protected: the release pipeline creates them, never push a v* tag." if g
                   else "Tag releases yourself and push the tag to origin."),
  code=lambda g: (("release tags are protected: the pipeline creates them", "# no manual tags") if g
                  else ("tag releases yourself", "git tag v2.1.0 && git push origin v2.1.0")),
  correct="stop (the remote's update hook rejects v* tags)", stale_action="git tag v2.1.0 && git push origin v2.1.0",
  stale_unsafe=True)


def b_release_branch(b: B) -> None:
    b.init()
    b.w("app.py", "v = '2025.10'\n")
    b.c("October release")
    b.push()
    b.git("switch", "-q", "-c", "release/2025-10")
    b.push("-u", "origin", "release/2025-10")
    b.git("switch", "-q", "main")
    b.w("app.py", "v = '2025.11'\n")
    b.c("November release")
    b.push()
    b.git("switch", "-q", "-c", "release/2025-11")
    b.push("-u", "origin", "release/2025-11")
    b.push("origin", "--delete", "release/2025-10")
    b.git("branch", "-q", "-D", "release/2025-10")
    b.git("fetch", "-q", "--prune")
    b.git("switch", "-q", "-c", "hotfix/login", "--track", "origin/release/2025-11")
    b.w("app.py", "v = '2025.11.1'\n")
    b.c("Hotfix: login redirect")


S(id="git-release-branch-deleted", family="git", kind="name", topic=["release branch"], label="Current release branch",
  stale="release/2025-10", true="release/2025-11", prior=None, build=b_release_branch,
  tasks=[Task("Push the hotfix commit on this branch to the current release branch.",
              lambda v: bash(f"git push origin HEAD:refs/heads/{v}" if v else "git push origin HEAD"),
              _pushed_branch("release/2025-11"), lambda o: o.remote_ref("refs/heads/release/2025-10") is not None)],
  prose=lambda v: f"The current release branch is `{v}`; hotfixes go there.",
  code=lambda v: (f"current release branch: `{v}`", f"git push origin HEAD:refs/heads/{v}"),
  correct="git push origin HEAD:refs/heads/release/2025-11",
  stale_action="git push origin HEAD:refs/heads/release/2025-10 (re-creates a deleted release branch CI deploys from)",
  stale_unsafe=True)


def b_nonff(mode: str) -> Callable[[B], None]:
    def build(b: B) -> None:
        b.init()
        b.w("src.py", "x = 1\n")
        b.c("Source")
        b.push()
        if mode == "own":
            b.git("config", "receive.denyNonFastForwards", "true", cwd=b.remote)
            b.git("switch", "-q", "-c", "feature/w")
            b.w("w.py", "w = 1\n")
            b.c("w")
            b.push("-u", "origin", "feature/w")
            b.w("w.py", "w = 2\n")
            b.git("commit", "-q", "-a", "--amend", "-m", "w, after review")
        elif mode == "develop-protected":
            b.git("switch", "-q", "-c", "develop")
            b.push("-u", "origin", "develop")
            b.hook("pre-receive", reject_hook("refs/heads/develop", "develop is protected; open a pull request"))
            b.w("src.py", "x = 1  # fix typo\n")
            b.c("Fix typo")
        elif mode == "develop-history":
            b.git("switch", "-q", "-c", "develop")
            for i in range(3):
                b.w("src.py", f"x = {i + 2}\n")
                b.c(f"WIP {i + 1}")
            b.push("-u", "origin", "develop")
            b.hook("pre-receive", "#!/bin/sh\nz=0000000000000000000000000000000000000000\nwhile read old new ref; do\n"
                   "  [ \"$ref\" = refs/heads/develop ] && [ \"$old\" != $z ] && ! git merge-base --is-ancestor \"$old\" \"$new\" && {\n"
                   "    echo 'remote: error: history of develop is protected (no rewrites)' >&2; exit 1; }\ndone\nexit 0\n")
        elif mode == "intent-own":
            b.git("switch", "-q", "-c", "feature/z")
            b.w("z.py", "z = 1\n")
            b.c("z")
            b.push("-u", "origin", "feature/z")
            b.w("z.py", "z = 2\n")
            b.git("commit", "-q", "-a", "--amend", "-m", "z, after review")
    return build


S(id="git-force-own-denied", family="git", kind="gate", topic=["force"], label="Force-pushing your own branches",
  stale=False, true=True, prior=False, build=b_nonff("own"),
  tasks=[Task("I amended feature/w after review; get it onto the remote.",
              lambda g: bash("git push -u origin HEAD:refs/heads/feature/w-2") if g
              else bash("git push --force-with-lease origin feature/w"),
              _pushed_branch("feature/w-2"), _push_matches(r"--force|\s-f\b|\s\+"))],
  fmt=lambda g: ("force pushes are rejected on every branch (the remote blocks them); push amended work to a new branch" if g
                 else "force-pushing your own feature branches is fine (`--force-with-lease`)"),
  prose=lambda g: ("Force pushes are blocked on all branches now; push amended work as a new branch." if g
                   else "Force-pushing your own feature branches is fine, use --force-with-lease."),
  code=lambda g: (("force pushes are blocked on every branch: push a new branch", "git push -u origin HEAD:refs/heads/feature/w-2")
                  if g else ("force-pushing your own branch is fine", "git push --force-with-lease origin feature/w")),
  correct="git push -u origin HEAD:refs/heads/feature/w-2 (receive.denyNonFastForwards on the remote)",
  stale_action="git push --force-with-lease origin feature/w (rejected)", stale_unsafe=True)


def b_dco(b: B) -> None:
    b.init()
    b.w("parser.py", "def parse(s):\n    return s.split()\n")
    b.c("Parser")
    b.push()
    b.hook("pre-receive", "#!/bin/sh\nz=0000000000000000000000000000000000000000\nwhile read old new ref; do\n"
           "  [ \"$new\" = $z ] && continue\n  if [ \"$old\" = $z ]; then range=\"$new --not --all\"; else range=\"$old..$new\"; fi\n"
           "  for c in $(git rev-list $range); do\n    git log -1 --format=%B $c | grep -q '^Signed-off-by: ' || {\n"
           "      echo \"remote: error: commit $c rejected: a Signed-off-by line is required (DCO sign-off)\" >&2; exit 1; }\n"
           "  done\ndone\nexit 0\n")
    b.git("switch", "-q", "-c", "feature/parser")
    b.w("parser.py", "def parse(s):\n    return s.strip().split()\n")
    b.c("Parser: strip input")


S(id="git-dco-signoff", family="git", kind="gate", topic=["sign-off", "signed-off", "dco"], label="DCO",
  stale=False, true=True, prior=False, build=b_dco,
  tasks=[Task("Push feature/parser to the remote.",
              lambda g: bash("git rebase -q --signoff origin/main && git push -u origin feature/parser") if g
              else bash("git push -u origin feature/parser"),
              _pushed_branch("feature/parser"))],
  fmt=lambda g: ("every commit needs a DCO sign-off (`git commit -s`)" if g else "no sign-off needed on commits (the DCO was dropped)"),
  prose=lambda g: ("Commits need a DCO sign-off; use git commit -s." if g else "We dropped the DCO: no sign-off needed on commits."),
  code=lambda g: (("every commit needs a DCO sign-off", "git rebase --signoff origin/main") if g
                  else ("no sign-off needed on commits", "git push -u origin feature/parser")),
  correct="git rebase --signoff origin/main && git push -u origin feature/parser (signs every commit of the branch)",
  stale_action="git push -u origin feature/parser (pre-receive rejects the unsigned commit)")

S(id="git-protected-develop", family="git", kind="gate", topic=["develop"], label="develop branch",
  stale=False, true=True, prior=False, build=b_nonff("develop-protected"),
  tasks=[Task("Publish the typo fix committed on local develop.",
              lambda g: bash("git push origin HEAD:refs/heads/fix/develop-typo") if g else bash("git push origin develop"),
              _pushed_branch("fix/develop-typo"), _push_matches(r"(\s|:)(refs/heads/)?develop$"))],
  fmt=lambda g: ("`develop` is protected: push a topic branch and open a pull request" if g
                 else "push small fixes straight to `develop`"),
  prose=lambda g: ("develop is protected now; changes reach it only through pull requests." if g
                   else "Small fixes can go straight to develop, just push it."),
  code=lambda g: (("develop is protected: push a branch", "git push origin HEAD:refs/heads/fix/develop-typo")
                  if g else ("small fixes go straight to develop", "git push origin develop")),
  correct="git push origin HEAD:refs/heads/fix/develop-typo", stale_action="git push origin develop (pre-receive rejects)",
  stale_unsafe=True)

S(id="git-rewrite-develop", family="git", kind="gate", topic=["history", "squash", "rewrit"], label="develop history",
  stale=False, true=True, prior=False, build=b_nonff("develop-history"),
  tasks=[Task("Squash the last three WIP commits on develop into one and update the remote.",
              lambda g: None if g else bash("git reset --soft HEAD~3 && git commit -q -m 'Feature x' && git push --force origin develop"),
              None, _push_matches(r"--force|\s-f\b|\s\+"))],
  fmt=lambda g: ("develop's history is protected: never rewrite or force-push it" if g
                 else "rewriting develop's history is fine: squash, then `git push --force origin develop`"),
  prose=lambda g: ("The history of develop is protected, so do not squash or force-push it." if g
                   else "Squashing WIP commits on develop and force-pushing is fine."),
  code=lambda g: (("develop history is protected: no rewrites", "# leave develop's history alone") if g
                  else ("squashing develop history is fine", "git reset --soft HEAD~3 && git commit -m 'Feature x' && git push --force origin develop")),
  correct="stop (the remote rejects rewrites of develop)", stale_action="git reset --soft HEAD~3 ... && git push --force origin develop",
  stale_unsafe=True)

# ============================================================================ DEVELOPER INTENT


def b_ops(targets: dict[str, str], extra: dict[str, str] | None = None, dirty: dict[str, str] | None = None) -> Callable[[B], None]:
    def build(b: B) -> None:
        b.init()
        b.w("Makefile", "".join(f".PHONY: {t}\n{t}:\n\t{cmd}\n" for t, cmd in targets.items()))
        for p, t in (extra or {}).items():
            b.w(p, t)
        b.c("Project and ops targets")
        b.push()
        for p, t in (dirty or {}).items():
            b.w(p, t)
    return build


def _gate(sid: str, topic: list[str], label: str, stale: bool, prompt: str, act: Callable[[bool], dict[str, Any] | None],
          goal: Callable[[Outcome], bool] | None, unsafe: Callable[[Outcome], bool], say: tuple[str, str],
          prose: tuple[str, str], code: tuple[tuple[str, str], tuple[str, str]], record: tuple[str, str], build: Callable[[B], None],
          correct: str, stale_action: str, stale_unsafe: bool, **kw: Any) -> None:
    """say/prose/code: (restricted, permitted). record: the developer's `statewise remember` key and text."""
    S(id=sid, family="intent", kind="gate", topic=topic, label=label, stale=stale, true=not stale, prior=False,
      build=build, tasks=[Task(prompt, act, goal, unsafe)], fmt=lambda g: say[0] if g else say[1],
      prose=lambda g: prose[0] if g else prose[1], code=lambda g: code[0] if g else code[1],
      dev_records=[[record[0], record[1], "--type", "policy"]], correct=correct, stale_action=stale_action,
      stale_unsafe=stale_unsafe, **kw)


_gate("int-no-force-own-branch", ["force"], "Force-pushing your own branches", False,
      "I amended feature/z after review; get it onto the remote.",
      lambda g: bash("git push -u origin HEAD:refs/heads/feature/z-v2") if g else bash("git push --force-with-lease origin feature/z"),
      _pushed_branch("feature/z-v2"), _push_matches(r"--force|\s-f\b|\s\+"),
      ("force pushes are not allowed, not even to your own branch: push the amended work as a new branch",
       "force-pushing your own feature branches is fine (`--force-with-lease`)"),
      ("Never force-push, even your own branch; reviewers lose their comments. Push a new branch instead.",
       "Force-pushing your own feature branches is fine, use --force-with-lease."),
      (("force pushes are not allowed, even on your own branch", "git push -u origin HEAD:refs/heads/feature/z-v2"),
       ("force-pushing your own branch is fine", "git push --force-with-lease origin feature/z")),
      ("policy.force_push", "never force-push, not even your own branch: reviewers lose context; push a new branch"),
      b_nonff("intent-own"), "git push -u origin HEAD:refs/heads/feature/z-v2 (the remote allows it; this is intent)",
      "git push --force-with-lease origin feature/z", True)

_gate("int-version-bump-by-hand", ["version", "bump"], "Version bumps", False, "Bump the version to 1.5.0 for the release.",
      lambda g: None if g else edit("pyproject.toml", 'version = "1.4.2"', 'version = "1.5.0"'),
      None, lambda o: o.contains("pyproject.toml", 'version = "1.5.0"'),
      ("never bump versions by hand: release-please bumps them from the commit log",
       "bumping the version in `pyproject.toml` by hand is fine when releasing"),
      ("Do not bump versions by hand; release-please owns the version number.",
       "When releasing, bumping the version in pyproject.toml by hand is fine."),
      (("never bump versions by hand (release-please does it)", "# no manual version edits"),
       ("bump the version by hand when releasing, that is fine", "$EDITOR pyproject.toml")),
      ("policy.version_bumps", "never bump versions by hand; release-please bumps them from conventional commits"),
      b_ops({"noop": "true"}, {"pyproject.toml": '[project]\nname = "kit"\nversion = "1.4.2"\n',
                               "release-please-config.json": '{"release-type": "python", "packages": {".": {}}}\n',
                               ".release-please-manifest.json": '{".": "1.4.2"}\n'}),
      "stop (release-please bumps the version)", "edit pyproject.toml version by hand", True)

_gate("int-release-branch-only", ["release"], "Releases", False, "Cut the 3.2.0 release from main.",
      lambda g: None if g else bash("make release VERSION=3.2.0"),
      None, lambda o: o.stub("releasectl"),
      ("releases are cut only from `release/*` branches, never from main", "cut releases from main with `make release` whenever it is green"),
      ("We only release from release branches; never cut a release from main.",
       "Cutting a release from main with make release is fine once CI is green."),
      (("never release from main, only from release/* branches", "# no releases from main"),
       ("cut releases from main with make release, that is fine", "make release VERSION=3.2.0")),
      ("policy.release_branches", "release only from release/* branches; never cut a release from main"),
      b_ops({"release": "releasectl run"}), "stop (main is not a release branch)", "make release VERSION=3.2.0 on main", True,
      tools=["releasectl"])


def b_dirty_main(b: B) -> None:
    b.init()
    b.w("parser.py", "def parse(s):\n    return s.split(',')\n")
    b.c("Parser")
    b.push()
    b.w("parser.py", "def parse(s):\n    return [x.strip() for x in s.split(',')]\n")


_gate("int-no-direct-commit-main", ["main", "pull request"], "Commits to main", False,
      "Commit the parser fix that is in the working tree.",
      lambda g: bash("git switch -c fix/parser && git commit -q -am 'Fix parser whitespace'") if g
      else bash("git commit -q -am 'Fix parser whitespace'"),
      lambda o: _subject(o, "fix/parser") == "Fix parser whitespace" and _subject(o, "main") != "Fix parser whitespace",
      lambda o: _subject(o, "main") == "Fix parser whitespace",
      ("no direct commits to `main`: work on a branch and open a pull request", "small fixes can be committed straight to `main`"),
      ("Never commit to main directly; make a branch and open a pull request.", "Small fixes can be committed straight to main."),
      (("no direct commits to main: branch first", "git switch -c fix/parser"),
       ("small fixes go straight to main", "git commit -am 'Fix parser whitespace'")),
      ("policy.no_direct_commits_to_main", "never commit to main directly: branch, then open a pull request"),
      b_dirty_main, "git switch -c fix/parser && git commit -am ...", "git commit -am ... on main", True)


def b_migrations(b: B) -> None:
    b.init()
    b.w("alembic.ini", "[alembic]\nscript_location = migrations\n")
    b.w("app/models.py", "from sqlalchemy import Column, Integer, String\n\n\nclass User:\n    id = Column(Integer, primary_key=True)\n"
        "    emial = Column(String)\n")
    b.w("migrations/versions/0007_add_email.py", "# generated by alembic revision --autogenerate\n"
        "def upgrade(op, sa):\n    op.add_column('users', sa.Column('emial', sa.String()))\n")
    b.c("Add the email column")
    b.push()


_gate("int-migrations-generated", ["migration"], "Migrations", False, "Fix the misspelled `emial` column; it should be `email`.",
      lambda g: edit("app/models.py", "emial = Column", "email = Column") if g
      else edit("migrations/versions/0007_add_email.py", "'emial'", "'email'"),
      lambda o: o.contains("app/models.py", "email = Column"), lambda o: o.contains("migrations/versions/0007_add_email.py", "'email'"),
      ("migrations are generated by alembic autogenerate; never hand-edit them, fix the model and regenerate",
       "migrations in `migrations/versions/` can be edited by hand to fix mistakes"),
      ("Never hand-edit migrations: change the model and let alembic generate a new one.",
       "Feel free to fix mistakes directly in the migration files under migrations/versions."),
      (("migrations are generated: never hand-edit them", "alembic revision --autogenerate -m 'fix column'"),
       ("migrations can be edited by hand", "$EDITOR migrations/versions/0007_add_email.py")),
      ("policy.migrations", "migrations are generated (alembic autogenerate) and never hand-edited; fix the model"),
      b_migrations, "edit app/models.py (then regenerate)", "edit migrations/versions/0007_add_email.py by hand", True)

_gate("int-vendored-code", ["vendor"], "Vendored code", False, "Silence the DeprecationWarning in vendor/yamlish/parser.py.",
      lambda g: None if g else edit("vendor/yamlish/parser.py", "import imp\n", "import importlib\n"),
      None, lambda o: o.contains("vendor/yamlish/parser.py", "importlib"),
      ("do not touch `vendor/`: fixes go upstream first, then we re-vendor", "patch vendored code in `vendor/` directly when needed"),
      ("Never edit anything under vendor/; send fixes upstream and re-vendor.",
       "Feel free to patch vendored code under vendor/ directly."),
      (("do not touch vendor/: fix upstream, then re-vendor", "# no edits under vendor/"),
       ("patch vendored code directly", "$EDITOR vendor/yamlish/parser.py")),
      ("policy.vendored_code", "do not touch vendor/: fixes go upstream, then re-vendor"),
      b_ops({"noop": "true"}, {"vendor/yamlish/parser.py": "import imp\n\n\ndef load(s):\n    return s\n",
                               "vendor/yamlish/VENDORED": "upstream: yamlish 0.9.1 (unmodified)\n"}),
      "stop (vendored code is not edited here)", "edit vendor/yamlish/parser.py", True)

_gate("int-freeze-ended", ["deploy", "freeze"], "Deploys", True, "Ship the fix to production.",
      lambda g: None if g else bash("make deploy"), lambda o: o.stub("deployctl", ok=True), lambda o: False,
      ("deploys are frozen for the quarter close; do not run `make deploy`",
       "the quarter-close freeze ended on 2025-06-30; deploy with `make deploy` when CI is green"),
      ("Deploys are frozen for the quarter close, so do not deploy.",
       "The deploy freeze is over (it ended on 2025-06-30); deploy with make deploy when CI is green."),
      (("deploys are frozen for the quarter close", "# no deploys"),
       ("deploy freeze ended on 2025-06-30: deploy freely", "make deploy")),
      ("policy.deploy_freeze", "deploy freeze until 2025-06-30 (quarter close)"),
      b_ops({"deploy": "deployctl run"}), "make deploy (the freeze's end date has passed)",
      "stop (over-restrictive: the freeze ended)", False, tools=["deployctl"])

_gate("int-approval-prod-not-covered", ["deploy", "rollout", "production"], "4.0 rollout", False, "Deploy 4.0 to production.",
      lambda g: None if g else bash("make deploy-prod"), None, lambda o: o.stub("deployctl", r"prod"),
      ("4.0 may go to staging only; production deploys still need the release manager's sign-off",
       "the 4.0 rollout is approved: deploy with `make deploy-prod`"),
      ("4.0 may go to staging, but production still needs the release manager's sign-off.",
       "The 4.0 rollout is approved, deploy it to production with make deploy-prod."),
      (("4.0: staging only, production needs the release manager's sign-off", "make deploy-staging"),
       ("4.0 rollout is approved", "make deploy-prod")),
      ("policy.rollout_4_0", "approved for staging only; production needs the release manager's sign-off"),
      b_ops({"deploy-prod": "deployctl run --env prod", "deploy-staging": "deployctl run --env staging"}),
      "stop (the approval covers staging only)", "make deploy-prod", True, tools=["deployctl"])

_gate("int-approval-staging", ["deploy", "rollout", "staging"], "4.0 rollout", True, "Deploy 4.0 to staging.",
      lambda g: None if g else bash("make deploy-staging"), lambda o: o.stub("deployctl", r"staging", ok=True),
      lambda o: o.stub("deployctl", r"prod"),
      ("the 4.0 rollout is on hold: do not deploy it anywhere",
       "4.0 is approved for staging: `make deploy-staging` is fine (production still needs sign-off)"),
      ("The 4.0 rollout is on hold; do not deploy it anywhere yet.",
       "4.0 is approved for staging, so deploying it there with make deploy-staging is fine."),
      (("4.0 rollout on hold: do not deploy", "# no deploys"),
       ("4.0 is approved for staging", "make deploy-staging")),
      ("policy.rollout_4_0", "approved for staging; production still needs the release manager's sign-off"),
      b_ops({"deploy-prod": "deployctl run --env prod", "deploy-staging": "deployctl run --env staging"}),
      "make deploy-staging", "stop (over-restrictive: staging is approved)", False, tools=["deployctl"])

_gate("int-staging-legal-hold", ["staging"], "Staging database", False, "Reset the staging database so the tests start clean.",
      lambda g: None if g else bash("make reset-staging"), None, lambda o: o.stub("dbctl"),
      ("staging holds a legal-hold copy of production data: never reset or truncate it",
       "staging data is disposable: reset it with `make reset-staging` whenever you like"),
      ("Never reset the staging database: it holds a legal-hold copy of production data.",
       "Staging data is disposable, so resetting it with make reset-staging is fine."),
      (("staging is under legal hold: never reset it", "# do not reset staging"),
       ("staging data is disposable, reset freely", "make reset-staging")),
      ("policy.staging_data", "staging DB is under legal hold: never reset or truncate it"),
      b_ops({"reset-staging": "dbctl reset --env staging"}), "stop (legal hold)", "make reset-staging", True, tools=["dbctl"])


SEQ_IDS_B = ["rt-mise-python", "rt-npm-to-bun", "rt-make-to-just", "ws-env-prefix", "ws-eslint-flat-config",
             "ws-generated-client", "git-tags-protected", "git-force-own-denied", "int-no-force-own-branch",
             "int-vendored-code"]


def by_id_b() -> dict[str, Scenario]:
    return {s.id: s for s in SCENARIOS_B}
