"""Extraction classes added in round 44, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


def _policies(text: str) -> list[str]:
    return [str(f.value) for f in extract(text) if f.key.startswith("policy.")]


# --- the project's own program -------------------------------------------------------------------------------------------


def test_the_projects_own_cli_under_usage_runs_the_program() -> None:
    text = "# git-ai\n\nA tool.\n\n## Usage\n\n```bash\ngit-ai commit claude\n```\n"
    assert _commands(text).get("git-ai commit claude") == "command.run", _commands(text)
    text = "# Weaver\n\n## Running\n\n```sh\nweaver serve --port 8080\n```\n"
    assert _commands(text).get("weaver serve --port 8080") == "command.run", _commands(text)
    text = "# CLAUDE.md\n\nThis repository is the `quarkctl` CLI.\n\n## Usage\n\n```bash\nquarkctl apply -f site.yaml\n```\n"
    assert _commands(text).get("quarkctl apply -f site.yaml") == "command.run", _commands(text)


def test_the_built_binary_named_by_the_build_is_the_projects_own_program() -> None:
    text = ("# Tooling\n\n## Build\n\n```bash\ngo build -o bin/flux ./cmd/flux\n```\n\n## Run\n\n```bash\nflux sync --all\n```\n")
    assert _commands(text).get("flux sync --all") == "command.run", _commands(text)


def test_another_program_under_usage_is_not_the_projects_own() -> None:
    text = "# git-ai\n\n## Usage\n\n```bash\nkubectl get pods\nfoo bar baz\n```\n"
    found = _commands(text)
    assert "kubectl get pods" not in found and "foo bar baz" not in found, found


def test_the_projects_own_cli_under_an_install_heading_is_not_a_run() -> None:
    text = "# zeta\n\n## Installation\n\n```bash\ncargo install zeta\nzeta --version\n```\n"
    found = _commands(text)
    assert found.get("zeta --version") is None, found


# --- the program's own arguments after `--` ------------------------------------------------------------------------------


def test_arguments_after_a_double_dash_are_the_programs_own() -> None:
    text = ("## Run\n\n```bash\ncargo run --release -- generate --out site\ndotnet run --project src/App -- publish-report\n"
            "npm start -- --release\n```\n")
    found = _commands(text)
    assert found.get("cargo run --release -- generate --out site") == "command.run", found
    assert found.get("dotnet run --project src/App -- publish-report") == "command.run", found


def test_a_generate_target_itself_is_still_no_task() -> None:
    text = "## Run\n\n```bash\nnpm run generate\ncargo xtask codegen\n```\n"
    found = _commands(text)
    assert "npm run generate" not in found, found


# --- workflow files listed by name ---------------------------------------------------------------------------------------


def test_workflow_files_named_after_a_tool_are_the_repositorys_workflows() -> None:
    table = ("## Workflows\n\n| Workflow | Purpose |\n| --- | --- |\n| `terraform-dns.yml` | DNS records |\n"
             "| `docker-publish.yml` | Pushes the image |\n| `release.yml` | Publishes the package |\n")
    assert {"terraform-dns.yml", "docker-publish.yml", "release.yml"} <= _paths(table), _paths(table)
    items = "## GitHub Actions\n\n- `eslint-report.yml` - annotates pull requests\n- `nightly.yml` - runs the slow suite\n"
    assert {"eslint-report.yml", "nightly.yml"} <= _paths(items), _paths(items)


def test_a_tools_own_settings_stay_no_path_under_a_workflow_heading() -> None:
    text = "## Development workflow\n\n- `lefthook.yml` - git hooks\n- `.pre-commit-config.yaml` - hooks\n"
    assert not {"lefthook.yml", ".pre-commit-config.yaml"} & _paths(text), _paths(text)
    text = "## Config\n\n| File | Purpose |\n| --- | --- |\n| `terraform-dns.yml` | DNS |\n"
    assert "terraform-dns.yml" not in _paths(text), _paths(text)


# --- process rules stated plainly in Chinese -----------------------------------------------------------------------------


def test_chinese_process_rules_stated_plainly_are_policies() -> None:
    for rule in ("所有改动都通过 Pull Request 合并。", "每个功能在独立分支上开发。", "提交信息使用中文，格式为 `类型: 描述`。",
                 "每次发布前更新 CHANGELOG。", "分支命名采用 `feature/xxx` 格式。"):
        text = f"## 开发流程\n\n- {rule}\n"
        assert _policies(text), (rule, extract(text))


def test_chinese_descriptions_of_the_project_are_no_policies() -> None:
    for line in ("本项目使用 GitHub Actions 发布到 npm。", "后端使用 Go 编写，数据库是 Postgres。", "这个仓库包含三个包。"):
        text = f"## 概述\n\n{line}\n"
        assert not _policies(text), (line, _policies(text))


# --- where parts live, named in a sentence -------------------------------------------------------------------------------


def test_a_bare_directory_a_sentence_places_parts_in_is_a_path() -> None:
    text = ("## Layout\n\nSource code lives in `src` and the tests are in `tests`.\n"
            "Fixtures are kept under `testdata`.\nThe protobuf definitions are located in `proto`.\n")
    assert {"src", "tests", "testdata", "proto"} <= _paths(text), _paths(text)


def test_a_bare_word_that_names_a_branch_tool_or_language_is_no_path() -> None:
    text = ("## Notes\n\nReleases are in `main`.\nThe scripts are written in `python`.\nThe tests are in `pytest`.\n"
            "Work is in `progress`.\nThe backend is implemented in `go`.\n")
    assert not _paths(text), _paths(text)


def test_the_files_a_part_consists_of_are_paths() -> None:
    text = ("## Architecture\n\nThe command layer consists of `create.rs`, `content.rs` and `delete.rs`.\n"
            "The HTTP client is split across `client.ts` and `retry.ts`.\n")
    assert {"create.rs", "content.rs", "delete.rs", "client.ts", "retry.ts"} <= _paths(text), _paths(text)


def test_a_third_party_cli_named_in_prose_is_not_the_projects_own() -> None:
    text = "# CLAUDE.md\n\nDeploy with the `vercel` CLI. Use the `stripe` CLI for webhooks.\n\n## Running\n\n```bash\nstripe listen --forward-to localhost:3000\n```\n"
    assert "stripe listen --forward-to localhost:3000" not in _commands(text), _commands(text)


def test_the_projects_own_program_shown_as_examples_is_not_a_run() -> None:
    text = "# zeta\n\n## Example usage\n\n```bash\nzeta convert in.png out.webp\n```\n"
    assert "zeta convert in.png out.webp" not in _commands(text), _commands(text)


def test_plain_rules_in_japanese_korean_and_the_first_person_are_policies() -> None:
    for rule in ("コミットメッセージは英語で書く。", "ブランチは機能ごとに作る。", "모든 변경은 PR로 병합한다.",
                 "We use conventional commits for every change.", "We squash-merge every pull request."):
        text = f"## Workflow\n\n- {rule}\n"
        assert _policies(text), (rule, extract(text))


def test_plain_descriptions_in_japanese_and_the_first_person_are_no_policies() -> None:
    for line in ("このツールは画像を変換する。", "We use React for the frontend.", "CIはプッシュ時にテストを実行します。"):
        text = f"## Overview\n\n{line}\n"
        assert not _policies(text), (line, _policies(text))


def test_a_described_build_output_in_prose_is_a_path_and_other_outputs_are_not() -> None:
    text = "## Build\n\nThe bundled output goes to `dist/server.js`.\nThe compiled artifacts go to `target/pkg/`.\n"
    assert {"dist/server.js", "target/pkg/"} <= _paths(text), _paths(text)
    text = "## Notes\n\nTest output goes to `reports/junit.xml`.\nLogs go to `var/log/app.log`.\n"
    assert not _paths(text), _paths(text)


# --- names the line calls a branch, and vendored code ------------------------------------------------------------------


def test_a_name_the_line_calls_a_branch_is_no_path() -> None:
    for line in ("- `feature/login` is the current branch", "Switch to `release/2.0` before tagging.",
                 "- Work happens on the `develop/` branch", "Rebase onto `integration/next` daily.",
                 "The branch `hotfix/cve-2024` holds the fix."):
        text = f"## Layout\n\n{line}\n"
        assert not _paths(text), (line, _paths(text))


def test_vendored_third_party_directories_are_no_component_paths() -> None:
    text = "## Layout\n\n- `vendor/` - third-party dependencies (vendored)\n- `external/` - upstream copies of libraries\n- `src/` - our code\n"
    assert _paths(text) == {"src/"}, _paths(text)
