"""Extraction classes fixed in round 23, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import _tool_kind, extract


def _commands(text: str) -> set[tuple[str, str]]:
    return {(f.key.split(".")[1], str(f.value)) for f in extract(text) if f.key.startswith("command.")}


def _git(text: str) -> set[tuple[str, str]]:
    return {(f.key, str(f.scope if f.key == "git.branch.protected" else f.value))
            for f in extract(text) if f.key.startswith("git.")}


# --- runners and tools of more ecosystems ----------------------------------------------------------

def test_ecosystem_tools_have_their_kind() -> None:
    cases = {
        "dune build @install": "build", "dune runtest --force": "test", "dune fmt": "format",
        "julia --project=. -e 'using Pkg; Pkg.test()'": "test", "julia --project scripts/report.jl": "run",
        "julia --project test/runtests.jl": "test",
        "clj -M:kaocha test": "test", "clj -M:cljfmt fix": "format", "clj -P": "install",
        "sbt testOnly acme.CartSpec": "test", "scalafmt --test": "format", "sbt compile": "build",
        "nix build .#widget": "build", "home-manager build --flake .#me": "build", "nixfmt default.nix": "format",
        "statix check ./modules": "lint", "deadnix --fail": "lint", "alejandra .": "format",
        "helm lint charts/widget": "lint", "helm package charts/widget": "build",
        "ansible-lint site.yml": "lint", "yamlfmt -dry .": "format",
        "pio test -e native": "test", "pio check --fail-on-defect high": "lint", "pio run": "build",
        "gleam test": "test", "nimble build": "build", "rebar3 eunit": "test", "prove -lr t/": "test",
        "busted spec/": "test", "lua-language-server --check src/": "lint", "maturin develop --release": "build",
        "terraform init": "install", "opam install . --deps-only": "install",
    }
    for command, kind in cases.items():
        assert _tool_kind(command) == kind, command


def test_ecosystem_commands_in_lists_and_blocks_are_read() -> None:
    text = (
        "# Widget\n\n"
        "## Commands\n"
        "- Build everything: `dune build`\n"
        "- Run the unit tests: `dune runtest`\n"
        "- Lint the chart: `helm lint charts/widget`\n\n"
        "```bash\n"
        "# run one test file\n"
        "julia --project test/parser_tests.jl\n"
        "# format the sources\n"
        "scalafmt --mode changed\n"
        "```\n"
    )
    found = _commands(text)
    assert ("build", "dune build") in found
    assert ("test", "dune runtest") in found
    assert ("lint", "helm lint charts/widget") in found
    assert ("test", "julia --project test/parser_tests.jl") in found
    assert ("format", "scalafmt --mode changed") in found


def test_device_upload_monitor_and_editor_are_not_tasks() -> None:
    text = (
        "# Firmware\n\n"
        "## Building\n"
        "- `pio run` - Build the firmware\n"
        "- `pio run -t upload` - Build and flash the board\n"
        "- `pio run -t monitor` - Open the serial console\n"
        "- `godot --editor --path game` - Open the editor\n"
    )
    found = _commands(text)
    assert ("build", "pio run") in found
    values = {value for _kind, value in found}
    assert not any("upload" in v or "monitor" in v or "--editor" in v for v in values), found


def test_terraform_init_before_a_check_is_set_up() -> None:
    text = "# Infra\n\n## Checks\n\n- Validate: `terraform init -backend=false && terraform validate`\n"
    assert ("lint", "terraform init -backend=false && terraform validate") in _commands(text)


# --- environment variables ---------------------------------------------------------------------------

def test_env_item_naming_several_variables_yields_each() -> None:
    text = (
        "# Service\n\n"
        "## Required Environment Variables\n\n"
        "- `QUEUE_URL`: where jobs go\n"
        "- `MAIL_USER`, `MAIL_PASSWORD`: the SMTP credentials\n"
        "- `GEO_KEY` and `GEO_SECRET` - the maps account\n"
    )
    names = {f.key for f in extract(text) if f.key.startswith("env.")}
    assert names == {"env.QUEUE_URL", "env.MAIL_USER", "env.MAIL_PASSWORD", "env.GEO_KEY", "env.GEO_SECRET"}


def test_optional_env_item_naming_several_variables_is_not_required() -> None:
    text = (
        "# Service\n\n"
        "## Optional Environment Variables\n\n"
        "- `TRACE_ON`, `TRACE_RATE`: tracing, off by default\n"
    )
    assert not [f for f in extract(text) if f.key.startswith("env.")]


# --- git branches ------------------------------------------------------------------------------------

def test_every_branch_of_a_list_is_protected() -> None:
    text = "# Repo\n\n## Rules\n\n- Never commit directly to `trunk` or `production`.\n"
    found = _git(text)
    assert ("git.branch.protected", "branch:trunk") in found
    assert ("git.branch.protected", "branch:production") in found


def test_work_on_one_branch_not_another() -> None:
    text = "# Repo\n\n## Git Workflow\n\n- **Always work on the `dev` branch**, not `trunk`\n"
    found = _git(text)
    assert ("git.default_branch", "dev") in found
    assert ("git.branch.protected", "branch:trunk") in found


def test_merge_only_no_direct_pushes_protects() -> None:
    text = "# Repo\n\n## Branches\n\n- Squash merge to `master` only, no direct pushes\n"
    assert ("git.branch.protected", "branch:master") in _git(text)


def test_default_branch_wordings() -> None:
    assert ("git.default_branch", "trunk") in _git("# Repo\n\n## Notes\n\n- A git repository with the trunk branch as default\n")
    assert ("git.default_branch", "dev") in _git("# Repo\n\n## Flow\n\nPromotion: dev (PR target) -> qa -> master\n")
    # the repository named between the words and the value: "The default branch in this repo is `dev`"
    assert ("git.default_branch", "edge") in _git("# Repo\n\n## Notes\n\n- The default branch in this repository is `edge`.\n")
    assert ("git.default_branch", "stable") in _git("# Repo\n\nThe base branch for the project is `stable`.\n")


def test_a_branch_named_in_passing_is_not_protected() -> None:
    text = "# Repo\n\n## Notes\n\n- We work on features in branches and merge them to `master` after review.\n"
    assert not [f for f in extract(text) if f.key == "git.branch.protected"]


# --- policies in Korean's formal declarative ------------------------------------------------------------

def test_korean_declarative_rules_under_a_commit_heading_are_policies() -> None:
    text = (
        "# 프로젝트\n\n"
        "## 커밋 메시지\n\n"
        "- 커밋 메시지는 영어로 작성합니다.\n"
        "- 자동 생성 문구는 넣지 않습니다.\n"
        "- 브랜치 규칙은 아래 문서를 참조합니다.\n\n"
        "## 구조\n\n"
        "- 이 모듈은 차트를 렌더링합니다.\n"
    )
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert lines == {5, 6}


# --- a section of commands the agent must not run ---------------------------------------------------------

def test_commands_under_a_never_run_heading_are_not_facts() -> None:
    text = (
        "# App\n\n"
        "## Commands\n\n"
        "- `lein test` - run the tests\n\n"
        "## Never Run\n\n"
        "- `lein run -m app.server` - the server (the user starts it)\n"
        "- `lein repl` - REPL\n"
    )
    assert _commands(text) == {("test", "lein test")}
