"""Extraction classes on invented text: TeX builds, linters named by program or static-analysis target, R package
development calls, rules written by their place (under a heading naming a part of a commit or pull request, items under
a language lead-in, a message template's co-author trailer), required variables noted in a block, a PR's base branch."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _policies(text: str) -> dict[int, str]:
    return {f.line: f.key for f in extract(text) if f.key.startswith("policy.")}


def _env(text: str) -> set[str]:
    return {f.key.removeprefix("env.") for f in extract(text) if f.key.startswith("env.")}


# --- TeX: the typesetting commands are the build --------------------------------------------------------------------


def test_tex_engines_and_their_drivers_are_the_build() -> None:
    text = ("## Compiling\n\n```sh\n# LuaLaTeX\nlualatex -interaction=nonstopmode thesis.tex\n\n# platex route\n"
            "platex thesis.tex\ndvipdfmx thesis.dvi\n\n# Full build\nlatexmk -pdf -outdir=build thesis.tex\n"
            "tectonic thesis.tex\n\n# Tidy up\nlatexmk -C\n```\n")
    found = _commands(text)
    for command in ("lualatex -interaction=nonstopmode thesis.tex", "platex thesis.tex", "dvipdfmx thesis.dvi",
                    "latexmk -pdf -outdir=build thesis.tex", "tectonic thesis.tex"):
        assert found.get(command, "").startswith("command.build"), (command, found)
    assert "latexmk -C" not in found, found  # cleaning the auxiliary files builds nothing


def test_a_bibliography_chain_of_typesetting_passes_is_one_build() -> None:
    text = "## Build\n\n```bash\npdflatex report.tex && biber report && pdflatex report.tex\n```\n"
    assert _commands(text).get("pdflatex report.tex && biber report && pdflatex report.tex", "").startswith("command.build")


def test_a_latex_word_in_prose_is_no_command() -> None:
    assert _commands("We write the documentation in LaTeX and keep it short.\n") == {}


# --- linters named by their program or by a static-analysis target --------------------------------------------------


def test_static_analysis_and_security_scan_targets_are_linting() -> None:
    text = "## Checks\n\n- Run `make vet` before pushing\n- Run `just vulncheck` weekly\n- Run `task seccheck` on release branches\n"
    found = _commands(text)
    assert found.get("make vet", "").startswith("command.lint"), found
    assert found.get("just vulncheck", "").startswith("command.lint"), found
    assert found.get("task seccheck", "").startswith("command.lint"), found


def test_a_command_list_item_opening_with_a_linter_is_a_command() -> None:
    text = "## Development Commands\n\n- `yamllint` — checks every workflow file\n- `helm lint charts/api` — lints the chart\n"
    found = _commands(text)
    assert found.get("yamllint", "").startswith("command.lint"), found


def test_a_linter_named_in_prose_stays_a_mention() -> None:
    assert _commands("We like `yamllint` a lot, it is fast.\n") == {}


def test_a_tool_run_from_the_users_bin_directory_is_that_tool() -> None:
    text = "## Linting\n\nRun the linter:\n\n```bash\n$HOME/go/bin/staticcheck ./...\n~/.local/bin/ruff check src\n```\n"
    found = _commands(text)
    assert found.get("$HOME/go/bin/staticcheck ./...", "").startswith("command.lint"), found
    assert found.get("~/.local/bin/ruff check src", "").startswith("command.lint"), found


# --- R package development ------------------------------------------------------------------------------------------


def test_r_package_development_calls_are_the_test_and_not_snapshot_review() -> None:
    text = ("## Testing\n\n- Use `devtools::test()` for the whole suite\n\n```r\n# one file\n"
            "testthat::test_file(\"tests/testthat/test-parse.R\")\n\n# accept new snapshots\ntestthat::snapshot_review()\n```\n")
    found = _commands(text)
    assert found.get("devtools::test()", "").startswith("command.test"), found
    assert found.get('testthat::test_file("tests/testthat/test-parse.R")', "").startswith("command.test"), found
    assert "testthat::snapshot_review()" not in found, found


def test_a_dev_container_exec_of_an_r_test_call_is_the_test() -> None:
    text = ("## Tests\n\n```bash\n# Execute R commands in the container\n"
            "devcontainer exec --workspace-folder . Rscript -e \"devtools::test()\"\n```\n")
    assert _commands(text).get('devcontainer exec --workspace-folder . Rscript -e "devtools::test()"', "").startswith("command.test")


def test_r_code_other_than_package_development_calls_stays_code() -> None:
    text = "## Example\n\n```r\nx <- read.csv(\"data.csv\")\nsummary(x)\n```\n"
    assert _commands(text) == {}


def test_air_formats_r_code() -> None:
    assert _commands("## Style\n\n- Run `air format .` before committing\n").get("air format .", "").startswith("command.format")


# --- rules written by their place -----------------------------------------------------------------------------------


def test_the_first_line_under_a_heading_naming_a_pull_request_part_is_its_rule() -> None:
    text = ("## Pull requests\n\n### Title\n`<area>: <summary>`\n\n### Reviewers\n- always request `@platform-team`\n\n"
            "### Description\nFill in the checklist of `.github/pull_request_template.md`.\n")
    found = _policies(text)
    assert found.get(4) == "policy.pr_title_format", found
    assert 7 in found and 10 in found, found


def test_a_commit_message_heading_in_korean_and_its_template_block() -> None:
    text = ("## 커밋 규칙\n\n### 커밋 메시지\n- 영어로 작성\n\n### 커밋 메시지 형식\n```\n<type>(<scope>): <subject>\n\n"
            "Co-Authored-By: Helper Bot <bot@example.org>\n```\n")
    found = _policies(text)
    assert found.get(4) == "policy.commit_message_style", found
    assert 8 in found, found
    assert found.get(10) == "policy.ai_attribution", found


def test_a_heading_not_about_commits_or_pull_requests_gives_no_rule() -> None:
    text = "## Error messages\n\nKeep them short and actionable.\n\n### Page title\nThe dashboard shows the tenant's name.\n"
    assert _policies(text) == {}


def test_items_under_a_language_lead_in_are_rules_for_the_commit_and_pr_parts_only() -> None:
    text = ("## Language\n\nAlways write in **German** for the following:\n\n- Commit messages\n- Pull request titles\n"
            "- Code review comments\n- Chat answers\n")
    found = _policies(text)
    assert found.get(5) == "policy.commit_message_style", found
    assert found.get(6) == "policy.pr_title_format", found
    assert 7 not in found and 8 not in found, found


def test_a_japanese_language_lead_in_and_its_items() -> None:
    text = "以下の項目は必ず英語で記述してください。\n\n- コミットメッセージ\n- プルリクエストの説明文\n- 回答\n"
    found = _policies(text)
    assert 3 in found and 4 in found and 5 not in found, found


# --- required variables ---------------------------------------------------------------------------------------------


def test_a_variables_own_note_in_chinese_says_required_or_optional() -> None:
    text = "## 环境变量\n\n```\nSTRIPE_SECRET=xxx      # 必需，支付用\nSENTRY_DSN=xxx         # 可选，默认关闭\n```\n"
    assert _env(text) == {"STRIPE_SECRET"}


def test_a_command_comment_naming_the_variable_it_requires() -> None:
    text = "## Release\n\n```bash\nmake upload   # Push the wheel (requires PYPI_API_TOKEN)\nmake lint     # needs nothing\n```\n"
    assert _env(text) == {"PYPI_API_TOKEN"}


# --- default branch ---------------------------------------------------------------------------------------------------


def test_a_pr_opened_with_a_branch_as_its_base_names_the_trunk() -> None:
    text = "Create a topic branch and open a pull request with `trunk` as its base.\n"
    assert {str(f.value) for f in extract(text) if f.key == "git.default_branch"} == {"trunk"}


# --- commands: what the file says a command does, lacks or tears down ------------------------------------------------


def test_a_package_script_the_comment_says_previews_the_build_runs_it() -> None:
    text = "## Commands\n\n```bash\nbun preview      # Preview the production build\n```\n"
    assert _commands(text).get("bun preview") == "command.run"


def test_a_static_site_generators_serve_is_the_dev_server() -> None:
    assert _commands("## Commands\n\n- `zola serve` - Start the local preview server\n").get("zola serve") == "command.dev"


def test_a_command_the_file_says_the_project_lacks_is_none() -> None:
    text = "- There is no `pnpm test` script yet; say so in the PR.\n- Run `pnpm lint` before pushing.\n"
    found = _commands(text)
    assert "pnpm test" not in found and found.get("pnpm lint", "").startswith("command.lint"), found


def test_tearing_down_a_test_environment_is_no_test() -> None:
    text = "## Testing\n\n```bash\nmake test      # Run the scenario\nmake destroy   # Tear down the test VMs\n```\n"
    found = _commands(text)
    assert "make destroy" not in found and found.get("make test", "").startswith("command.test"), found


def test_commands_after_run_relevant_commands_are_each_read() -> None:
    text = "* Before handoff, run relevant commands: `pnpm typecheck`, `pnpm lint`, and `pnpm build`.\n"
    found = _commands(text)
    assert found.get("pnpm lint", "").startswith("command.lint"), found
    assert found.get("pnpm build", "").startswith("command.build"), found


def test_a_wrapper_shown_running_its_tools_commands_stays_out() -> None:
    text = "- `make artisan cmd=migrate` - Run artisan commands in the container\n"
    assert _commands(text) == {}


def test_updating_the_lockfile_is_no_install() -> None:
    text = "## Setup\n\n```bash\npoetry install   # Install dependencies\npoetry lock      # Refresh the lock file\n```\n"
    found = _commands(text)
    assert "poetry lock" not in found and found.get("poetry install", "").startswith("command.install"), found


def test_bun_chosen_as_the_runtime_over_npm_is_the_package_manager() -> None:
    def managers(text: str) -> set[str]:
        return {str(f.value) for f in extract(text) if f.key == "package_manager"}
    assert managers("## Stack\n\n- **Runtime:** Bun (not npm)\n- **Framework:** Hono\n") == {"bun"}
    assert managers("## Stack\n\n- **Runtime:** Bun\n- **Framework:** Hono\n") == set()


def test_a_trailer_template_the_file_forbids_or_leaves_to_fill_in_is_no_rule() -> None:
    forbidden = "## Commit messages\n\nMUST NOT include:\n\n```\nCo-Authored-By: Helper <bot@example.org>\n```\n"
    template = "## Commit trailer\n\n```text\nCo-authored-by: [TOOL_NAME] <[TOOL_EMAIL]>\n```\n"
    assert _policies(forbidden) == {} and _policies(template) == {}


def test_a_variable_required_or_another_way_is_not_required() -> None:
    text = "## Deploy\n\n```bash\nmake ship   # requires DEPLOY_TOKEN or an SSH key\n```\n"
    assert _env(text) == set()


def test_secrets_kept_outside_git_is_a_rule_and_a_place_outside_is_not() -> None:
    text = ("- `SIGNING_KEY` and the webhook keys are secrets. Keep them outside Git and rotate them yearly.\n"
            "- The download cache lives outside the repository.\n")
    assert set(_policies(text)) == {1}


def test_a_statement_of_what_a_pull_request_part_holds_is_a_rule() -> None:
    text = ("- Commit messages follow the Conventional Commits schema.\n"
            "- PR descriptions list the manual checks that were run.\n"
            "- Pull-Request-Titel sind auf Deutsch.\n"
            "- PR reviews happen on Tuesdays.\n")
    found = _policies(text)
    assert found.get(2) == "policy.pr_description" and found.get(3) == "policy.pr_title_format", found
    assert 4 not in found, found


def test_a_test_runner_named_with_to_run_tests_is_the_test_command() -> None:
    assert _commands("## Testing\n\nUse `vitest` to run the tests.\n").get("vitest", "").startswith("command.test")
    assert _commands("## Style\n\nUse `prettier` for formatting.\n") == {}


def test_a_style_fixer_the_file_labels_linting_is_the_linter() -> None:
    text = "- **Linting:** Run `vendor/bin/php-cs-fixer fix` before committing.\n"
    assert _commands(text).get("vendor/bin/php-cs-fixer fix", "").startswith("command.lint")
