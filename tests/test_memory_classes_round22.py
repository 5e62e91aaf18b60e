"""Extraction classes fixed in round 22, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import _stated_managers, _tool_kind, extract


def _facts(text: str) -> list[tuple[str, object]]:
    return [(f.key, f.value) for f in extract(text)]


def _policies(text: str) -> list[tuple[int, str]]:
    return [(f.line, str(f.value)) for f in extract(text) if f.key.startswith("policy.")]


def _protected(text: str) -> set[str]:
    return {f.scope for f in extract(text) if f.key == "git.branch.protected" and f.value is True}


def _defaults(text: str) -> list[object]:
    return [f.value for f in extract(text) if f.key == "git.default_branch"]


# --- workflow rules in other languages -------------------------------------------------------------

def test_chinese_workflow_rules_are_policies() -> None:
    text = (
        "# 协作\n\n"
        "## 代码合入\n\n"
        "- 合入主干之前必须跑完全部单元测试\n"
        "- 提交说明统一使用英文\n"
        "- 这个模块负责渲染图表\n"
    )
    lines = {line for line, _ in _policies(text)}
    assert 5 in lines and 6 in lines
    assert 7 not in lines  # a description, no workflow noun and no directive


def test_japanese_workflow_rules_are_policies() -> None:
    text = "# 開発\n\n- プルリクエストを出す前に必ずテストを実行する\n- コミットは小さく分けること\n- 画面はダークモード対応\n"
    lines = {line for line, _ in _policies(text)}
    assert {3, 4} <= lines and 5 not in lines


def test_russian_workflow_rules_are_policies() -> None:
    text = (
        "# Правила\n\n"
        "- Пишите сообщения коммитов в повелительном наклонении.\n"
        "- Перед мерджем обязательно прогоняйте линтер.\n"
        "- Модуль отчётов строит графики.\n"
    )
    lines = {line for line, _ in _policies(text)}
    assert {3, 4} <= lines and 5 not in lines


def test_a_rule_heading_in_another_language_is_a_policy() -> None:
    text = "# Гайд\n\n### Проверка перед релизом (обязательно)\n\n- Собрать архив.\n"
    assert any(line == 3 for line, _ in _policies(text))


def test_generic_rules_heading_in_another_language_does_not_make_every_item_a_policy() -> None:
    # "coding rules": items without a workflow noun stay descriptions, as under an English "Coding rules" heading
    text = "# 開発\n\n### コーディングルール\n\n- 不要なフォールバックは実装しない\n- 変数名は短くしない\n"
    assert _policies(text) == []


def test_a_word_for_a_code_branch_is_not_a_git_workflow_noun() -> None:
    text = "# Правила\n\n- Не используйте сложные условия в каждой ветке switch.\n"
    assert _policies(text) == []


# --- English wordings of the same classes -----------------------------------------------------------

def test_branch_name_rules_are_policies() -> None:
    text = "# Contributing\n\nBranch names should use kebab-case and start with the ticket id.\n"
    assert _policies(text)


def test_branch_name_rule_as_a_lead_in_is_a_policy() -> None:
    text = "# Contributing\n\nBranch naming **must** follow this scheme:\n\n```\ntopic/<ticket>-<slug>\n```\n"
    assert any(line == 3 for line, _ in _policies(text))


def test_a_clause_after_a_comma_with_an_imperative_is_a_rule() -> None:
    text = "# Notes\n\n- For every PR, add the `needs-review` label.\n"
    assert _policies(text)


def test_a_listed_commit_convention_is_a_policy() -> None:
    text = "# Guide\n\n## Commits\n\n- Style: `feat:`, `fix:`, `perf:`, `docs:`\n"
    assert any(line == 5 for line, _ in _policies(text))


def test_allowed_types_detailing_a_stated_convention_are_not_another_rule() -> None:
    text = (
        "# Guide\n\n## Commits\n\n"
        "- Use Conventional Commits.\n"
        "  - Permitted types: `feat`, `fix`, `perf`, `docs`, `chore`\n"
    )
    lines = {line for line, _ in _policies(text)}
    assert 5 in lines and 6 not in lines


def test_a_worktree_or_checkout_step_creating_a_branch_is_a_naming_rule() -> None:
    text = "# Flow\n\n1. Start a task: `git switch -c feature/widget-export`\n"
    assert ("policy.branch_naming", "feature/widget-export") in _facts(text)


# --- branch protection and the trunk in any wording ----------------------------------------------------

def test_never_change_directly_on_a_branch_protects_it() -> None:
    assert _protected("# Rules\n\n**Never commit edits directly on `develop`.**\n") == {"branch:develop"}


def test_pushing_directly_is_forbidden_protects_it() -> None:
    assert _protected("# Rules\n\nCommitting directly to trunk is prohibited.\n") == {"branch:trunk"}


def test_protection_in_chinese_japanese_and_russian() -> None:
    assert _protected("# 规则\n\n- 严禁直接提交到 develop\n") == {"branch:develop"}
    assert _protected("# ルール\n\n- master ブランチへ直接マージしない\n") == {"branch:master"}
    assert _protected("# Правила\n\n- Нельзя пушить напрямую в master.\n") == {"branch:master"}


def test_working_directly_on_a_branch_is_not_protection() -> None:
    assert _protected("# Flow\n\nSmall fixes: work directly on develop.\n") == set()


def test_a_long_feature_branch_flow_names_the_trunk() -> None:
    text = "# Flow\n\nfeature branch → review → checks green → merge to develop\n"
    assert _defaults(text) == ["develop"]


def test_a_short_flow_still_names_its_last_branch_and_not_a_middle_step() -> None:
    assert _defaults("# Flow\n\nfeature branch → PR → trunk\n") == ["trunk"]


def test_pushing_work_to_a_named_branch_names_the_trunk() -> None:
    text = "# Flow\n\n- Always push your work to the develop branch once the tests pass.\n"
    assert _defaults(text) == ["develop"]


def test_where_branches_are_cut_in_other_languages() -> None:
    assert _defaults("# 流程\n\n1. 从 develop 创建 feature branch\n") == ["develop"]
    assert _defaults("# 流れ\n\n- develop からブランチを作成する\n") == ["develop"]
    assert _defaults("# Процесс\n\n- Создавайте ветку от develop.\n") == ["develop"]


# --- package manager ---------------------------------------------------------------------------------

def test_package_manager_pinned_with_a_version() -> None:
    assert _stated_managers("Prefer `yarn@4` for every workspace command.") == ["yarn"]
    assert _stated_managers("- yarn: 4.1.0 (pinned by corepack)") == ["yarn"]
    assert _stated_managers('The root manifest sets "packageManager": "bun@1.1.8".') == ["bun"]


def test_package_manager_as_a_stack_item_with_its_role() -> None:
    assert _stated_managers("- Stack: Go, yarn workspaces, Postgres") == ["yarn"]


def test_running_one_script_states_no_manager() -> None:
    assert _stated_managers("Run `yarn lint` before you push.") == []


# --- commands ----------------------------------------------------------------------------------------

def test_a_gradle_subproject_run_task_is_the_run_command() -> None:
    assert _tool_kind("./gradlew server:run") == "run"
    assert _tool_kind("gradle :cli:run --args=--help") == "run"


def test_a_runner_target_named_for_watching_is_the_dev_command() -> None:
    assert _tool_kind("make styles-watch") == "dev"
    assert _tool_kind("npm run css:watch") == "dev"
    assert _tool_kind("npm run test:watch") == "test"  # a watched test run stays a test
    assert _tool_kind("make stopwatch-report") != "dev"  # a word that only contains "watch"


def test_docker_compose_up_is_never_a_command_fact() -> None:
    text = "# Running\n\nStart the application:\n\n```bash\ndocker compose up --build\npodman-compose up -d\n```\n"
    assert not [k for k, _ in _facts(text) if k.startswith("command.")]


def test_a_compiled_test_binary_is_the_test_command() -> None:
    text = "# Project\n\n## Running tests\n\n```bash\n./out/debug/widget_tests --filter=Parser\nWidget_tests.exe -v\n```\n"
    commands = [(k, v) for k, v in _facts(text) if k.startswith("command.")]
    assert commands and all(k.startswith("command.test") for k, _ in commands)
    assert {v for _, v in commands} == {"./out/debug/widget_tests --filter=Parser", "Widget_tests.exe -v"}


def test_the_projects_own_setup_script_is_the_install_command() -> None:
    text = "# Project\n\n## Getting started\n\n```bash\n./tools/bootstrap.sh\npwsh tools/setup.ps1\n```\n"
    assert [v for k, v in _facts(text) if k.startswith("command.install")] == ["./tools/bootstrap.sh", "pwsh tools/setup.ps1"]


# --- paths -------------------------------------------------------------------------------------------

def test_a_url_the_application_serves_is_not_a_path() -> None:
    text = (
        "# Web\n\n"
        "- Metrics are served at `/metrics` once the server is up.\n"
        "- Interactive docs: `/swagger` (Swagger UI) when the server is running.\n"
        "- `DELETE /jobs/queue` empties the queue; `jobs/queue/stats` shows its size.\n"
    )
    paths = [str(f.value) for f in extract(text) if f.key.startswith("path.")]
    assert not [p for p in paths if "metrics" in p or "swagger" in p or "jobs/" in p]


def test_a_listed_top_level_directory_stays_a_path_whatever_its_description_says() -> None:
    text = "# Layout\n\n- `/app/webhooks` - the HTTP endpoints that receive payment callbacks\n"
    assert "/app/webhooks" in [str(f.value) for f in extract(text) if f.key.startswith("path.")]


def test_example_commit_messages_are_not_a_convention_rule() -> None:
    text = "# Guide\n\n## Commits\n\n- Examples: `feat: add export`, `fix: handle empty input`, `chore: bump deps`\n"
    assert _policies(text) == []
