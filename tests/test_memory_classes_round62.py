"""Extraction classes added in round 62, each on invented text (no line of any labelled file); a commit-message
document's rules through the real import into a real store of a real git repository, and the console script."""

from __future__ import annotations

from pathlib import Path

from swtest import commit_all, run_statewise, store_path

from statewise_cli.memory.extract import extract
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def _policies(text: str) -> dict[int, str]:
    return {f.line: f.key for f in extract(text) if f.key.startswith("policy.")}


def _at(text: str) -> dict[str, int]:
    return {line: n for n, line in enumerate(text.splitlines(), 1)}


# --- a document about commit messages: its sections, labelled parts, prose directives -----------------------------------

MESSAGE_DOC = ("# Commit Message Standards\n\n## Layout\n\n### Form Rules\n\n1. **Headline**:\n   - At most 60 characters\n"
               "   - Imperative verbs only\n2. **Body** (optional):\n   - Blank line after the headline\n"
               "   - Say what changed and why\n\n## Kinds\n\nUse `deps(lock)` for lockfile refreshes. The tool groups them.\n\n"
               "| Kind | Meaning |\n| --- | --- |\n| `feat` | new feature |\n\n## Examples\n\n**Short one:**\n\n"
               "Use this line as a model:\n\n- Separate paragraphs with blank lines\n")


def test_the_nested_items_of_a_labelled_part_in_a_rules_section_are_rules() -> None:
    found = _policies(MESSAGE_DOC)
    at = _at(MESSAGE_DOC)
    for rule in ("   - At most 60 characters", "   - Imperative verbs only", "   - Blank line after the headline",
                 "   - Say what changed and why"):
        assert found.get(at[rule]) == "policy.commit_message_style", (rule, found)
    # the labels alone ("**Body** (optional):") name a part, not a rule
    assert at["1. **Headline**:"] not in found and at["2. **Body** (optional):"] not in found, found


def test_a_commit_documents_directing_sentence_is_a_rule_outside_its_examples() -> None:
    found = _policies(MESSAGE_DOC)
    at = _at(MESSAGE_DOC)
    assert found.get(at["Use `deps(lock)` for lockfile refreshes. The tool groups them."]) == "policy.commit_message_style", found
    assert at["Use this line as a model:"] not in found, found  # the examples section shows, it does not rule
    assert at["- Separate paragraphs with blank lines"] not in found, found


def test_a_directing_sentence_outside_a_commit_document_is_left_to_the_other_rules() -> None:
    text = "# Service Guide\n\n## Kinds\n\nUse `deps(lock)` for lockfile refreshes.\n"
    assert not _policies(text)


def test_a_title_that_names_the_commit_makes_its_generic_rules_section_the_messages() -> None:
    text = ("# Git Commit - Team Flow\n\n## Rules\n\n- Imperative mood\n- Headline under 60 characters\n\n"
            "## Pull Request Guidelines\n\n- [ ] Tests are green\n")
    found = _policies(text)
    at = _at(text)
    assert found.get(at["- Imperative mood"]) == "policy.commit_message_style", found
    assert found.get(at["- Headline under 60 characters"]) == "policy.commit_message_style", found
    assert at["- [ ] Tests are green"] not in found, found  # another subject's guidelines are not the message's rules


def test_a_rules_heading_above_a_subsection_counts_under_a_commit_message_title() -> None:
    text = ("# Commit Message Guidelines\n\n## Rules\n\n### 2. Scope (Optional)\n\n"
            "- The scope tells which part of the tree moved\n- Use lowercase words joined by hyphens\n\n"
            "### 4. Ticket\n\nAppend the ticket number to the message in this order:\n\n"
            "1. **From the request**: take the number given\n2. **Nothing found**: go on without one\n")
    found = _policies(text)
    at = _at(text)
    assert found.get(at["- Use lowercase words joined by hyphens"]) == "policy.commit_message_style", found
    assert at["- The scope tells which part of the tree moved"] not in found, found  # a description, no rule
    assert found.get(at["Append the ticket number to the message in this order:"]), found
    # the steps under a lead that is itself the rule say how to carry it out
    assert at["1. **From the request**: take the number given"] not in found, found
    assert at["2. **Nothing found**: go on without one"] not in found, found


def test_a_cjk_commit_message_guide_and_its_marked_rules() -> None:
    text = ("# Git 提交信息指南\n\n## 基本要求\n\n- 使用中文撰写提交信息\n- 每行不超过 60 个字符\n\n## 注意事项\n\n"
            "- ❌ 不要罗列修改过的文件名\n- ✅ 关注改动带来的用户价值\n- ❌ `修改了代码`\n\n## 签名要求\n\n"
            "- 签名格式：`Signed-off-by: 名字`\n- 当前阶段签名非强制，可按需添加签名\n\n## 示例\n\n- 添加登录页面的错误提示\n")
    found = _policies(text)
    at = _at(text)
    for rule in ("- 使用中文撰写提交信息", "- 每行不超过 60 个字符", "- ❌ 不要罗列修改过的文件名", "- ✅ 关注改动带来的用户价值"):
        assert found.get(at[rule]) == "policy.commit_message_style", (rule, found)
    for other in ("- ❌ `修改了代码`", "- 签名格式：`Signed-off-by: 名字`", "- 当前阶段签名非强制，可按需添加签名",
                  "- 添加登录页面的错误提示"):
        assert at[other] not in found, (other, found)  # a message shown, a form shown, an optional step, an example


def test_neighbouring_rules_that_share_only_small_words_are_two_rules() -> None:
    text = ("# Commit Messages\n\n## Rules\n\n- Don't end the headline with a period\n"
            "- Separate the headline from body with a blank line\n")
    found = _policies(text)
    at = _at(text)
    assert at["- Separate the headline from body with a blank line"] in found, found
    assert at["- Don't end the headline with a period"] in found, found


def test_import_memory_stores_a_commit_documents_rules(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text(MESSAGE_DOC)
    commit_all(git_repo)
    result = run_statewise(["import-memory", "--json"], cwd=git_repo)
    assert result.returncode == 0, result.stderr
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        values = {str(r.value) for r in store.all_records() if r.status == "active" and r.key.startswith("policy.")}
    assert any("At most 60 characters" in v for v in values), values
    assert any("deps(lock)" in v for v in values), values


# --- a start script given a task's name; a build script whose comment names another task -----------------------------------

def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def test_a_start_script_given_a_tasks_name_runs_that_task() -> None:
    text = ("# Api\n\n## Commands\n\n```bash\nnpm start serve              # dev server with reload\n"
            "npm start compile            # emit JavaScript to out/\nnpm start test.unit           # unit tests\n"
            "npm start lint.fix\nnpm start db.reset           # wipe the local database\n```\n")
    commands = _commands(text)
    assert commands.get("npm start serve") == "command.dev", commands
    assert commands.get("npm start compile") == "command.build", commands
    assert commands.get("npm start test.unit") == "command.test", commands
    assert commands.get("npm start lint.fix") == "command.lint", commands  # no comment: the task's name says it
    assert "npm start db.reset" not in commands, commands


def test_a_package_scripts_comment_beats_its_build_name() -> None:
    text = ("# Worker\n\n```bash\nbun run build          # Type-check only (no emit)\nbun run build:full     # Full smoke test\n"
            "bun run build:web      # Bundle and test the web part\nbun run bundle\n```\n")
    commands = _commands(text)
    assert commands.get("bun run build") == "command.typecheck", commands
    assert commands.get("bun run build:full") == "command.test", commands
    assert commands.get("bun run build:web") == "command.build", commands  # the comment speaks of building too


# --- a required column headed in another language -----------------------------------------------------------------------------

def test_a_required_column_headed_in_korean_marks_its_variables() -> None:
    text = ("# 설정\n\n| 변수 | 필수 | 설명 |\n|------|------|------|\n| `PAY_API_KEY` | ✓ | 결제 키 |\n"
            "| `MAP_TOKEN` | ✓ (지도 기능) | 지도 |\n| `LOG_LEVEL` | | 기본 `info` |\n| `TRACE_ON` | ✓ (optional) | 추적 |\n")
    found = {f.key for f in extract(text) if f.key.startswith("env.")}
    assert found == {"env.PAY_API_KEY", "env.MAP_TOKEN"}, found


# --- branch names a branch section shows -----------------------------------------------------------------------------------------

def test_branch_names_in_a_branch_section_table_are_no_paths() -> None:
    text = ("# Contributing\n\n## Branch Naming\n\n### Kinds\n\n| Kind | Example |\n|---|---|\n"
            "| `feat` | `feat/42-add-export` |\n| `fix` | `fix/77-null-total` |\n\n## Layout\n\n"
            "- `docs/guides` - user guides\n- `fix/patches` - vendored patch files\n")
    paths = {str(f.value) for f in extract(text) if f.key.startswith("path.")}
    assert not {"feat/42-add-export", "fix/77-null-total"} & paths, paths
    assert "fix/patches" in paths, paths  # outside a branch section the same shape is a directory


# --- a script named for linting; the first line under an examples heading of a commit part ---------------------------------

def test_a_script_named_for_its_linter_is_the_lint_command() -> None:
    text = ("# Plugin\n\n## Before committing\n\nRun the format checks, the linter checks and the tests:\n\n```bash\n"
            "./tools/run_format_checks.sh\n./tools/run_linter_checks.sh\ngo test ./...\n```\n")
    commands = _commands(text)
    assert commands.get("./tools/run_linter_checks.sh") == "command.lint", commands
    assert commands.get("./tools/run_format_checks.sh") == "command.format", commands


def test_the_first_line_under_a_commit_parts_examples_heading_is_no_rule() -> None:
    text = ("# Repo\n\n## Commit Body Examples\n\n**Short list:**\n\n```\nfeat: add export\n```\n\n"
            "## Commit Title\n\nStart with a verb in the present tense\n")
    found = _policies(text)
    at = _at(text)
    assert at["**Short list:**"] not in found, found
    assert at["Start with a verb in the present tense"] in found, found  # a part's own heading still rules its first line


# --- a git act listed under a "what not to do" heading --------------------------------------------------------------------------

def test_a_git_act_under_a_what_not_to_do_heading_is_forbidden() -> None:
    text = ("# Config\n\n## What Not to Do\n\n- Hardcode hosts in components.\n- Commit `.env.local` with live keys.\n\n"
            "## Steps\n\n- Commit the lockfile with the change.\n")
    found = {f.line: str(f.value) for f in extract(text) if f.key.startswith("policy.")}
    at = _at(text)
    assert found.get(at["- Commit `.env.local` with live keys."], "").startswith("Do not commit"), found
    assert at["- Hardcode hosts in components."] not in found, found
