"""Extraction classes fixed in round 24, each on invented text (no line of any labelled file)."""

from swtest import memory_facts as _facts

from statewise_cli.memory.extract import _is_command, _tool_kind, _wrapped, extract


def _policy_lines(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


# --- a stray fence does not swallow the rest of the file ---------------------------------------------

def test_a_fence_with_an_info_string_never_closes_a_block() -> None:
    text = (
        "# Gizmo\n\n"
        "Layout:\n"
        "src/gizmo/     # the library\n"
        "```\n"  # a closing fence with no opening one: CommonMark opens a block here
        "\n"
        "## Checks\n"
        "```sh\n"  # inside that block: an info string makes this a content line, not a close
        "tox -e lint\n"
        "```\n"
        "\n"
        "## Rules\n"
        "- Never commit generated protobuf stubs.\n"
        "- Run `tox -e py312` before every push.\n"
    )
    assert 13 in _policy_lines(text) and 14 in _policy_lines(text)


def test_a_longer_fence_closes_and_a_shorter_one_does_not() -> None:
    text = "````sh\nflake8 .\n```\nstill code\n````\n\n- Always rebase on `trunk` before opening a PR.\n"
    assert 7 in _policy_lines(text)


# --- commands behind a wrapper get the kind of what they run ---------------------------------------

def test_wrapped_commands_take_the_kind_of_the_program_they_run() -> None:
    cases = {
        "find . -name '*.ml' -exec ocamlformat -i {} +": "format",
        "find src -name '*.sh' -print0 | xargs -0 shellcheck": "lint",
        "git ls-files '*.lua' | xargs stylua": "format",
        "docker compose exec api ./vendor/bin/pest": "test",
        "podman exec -it -u app worker bundle exec rubocop": "lint",
        "docker compose run --rm web bundle exec rspec": "test",
    }
    for command, kind in cases.items():
        assert _is_command(command), command
        assert _tool_kind(command) == kind, command


def test_a_wrapper_around_nothing_known_is_not_a_command() -> None:
    assert _wrapped("find . -name '*.orig' -delete") == ""
    assert not _is_command("find . -type f | xargs rm")
    assert _wrapped("docker compose exec db psql") == "" or _tool_kind("docker compose exec db psql") is None


def test_a_named_pre_commit_hook_is_that_tool_but_a_bare_run_is_not_a_task() -> None:
    text = "## Formatting\n\n```sh\npre-commit run black --all-files\npre-commit run --all-files\n```\n"
    commands = _facts(text, "command.")
    assert ("command.format", "pre-commit run black --all-files") in commands
    assert not any(value == "pre-commit run --all-files" for _, value in commands)


# --- workflow rules by their shape ----------------------------------------------------------------

def test_rules_about_a_branch_a_git_command_or_the_repository() -> None:
    text = (
        "## How we work\n\n"
        "- Create a branch for every change.\n"  # 3 ("a branch")
        "- Branch off `trunk` for fixes.\n"  # 4
        "- Delete the branch once it is merged.\n"  # 5
        "- Do not run `git push --force` on shared work.\n"  # 6
        "- No API tokens in the repository.\n"  # 7
        "- Exactly one feature per pull request.\n"  # 8
        "- Keep build outputs out of version control.\n"  # 9
    )
    assert _policy_lines(text) >= {3, 4, 5, 6, 7, 8, 9}


def test_rule_lead_ins_with_a_modal_or_a_workflow_verb() -> None:
    text = (
        "## Reviews\n\n"
        "- Merge requests must contain:\n"  # 3
        "  - a summary\n"
        "1. **Tag the release** after the merge:\n"  # 5
        "   `git tag v1.2.3`\n"
        "- Commit messages should reference the ticket.\n"  # 7
    )
    assert _policy_lines(text) >= {3, 5, 7}


def test_a_discouraged_step_in_a_code_comment_is_a_rule() -> None:
    text = "## Hooks\n\n```sh\n# Bypassing the hooks on commit is discouraged\ngit commit -n\n```\n"
    assert 4 in _policy_lines(text)


def test_descriptions_are_not_rules() -> None:
    text = (
        "## Overview\n\n"
        "The branch of the code that handles retries lives in `retry/`.\n"
        "This tool shows the diff of two snapshots.\n"
    )
    assert _policy_lines(text) == set()


# --- paths: files of any ecosystem, plain label paths, un-fenced listings --------------------------

def test_file_names_of_more_ecosystems_are_paths() -> None:
    text = (
        "## Layout\n\n"
        "- `shell.nix`: the development shell\n"
        "- `keymaps.vim` - key bindings\n"
        "- `core.clj` / `util.clj` — request handling, helpers\n"
        "- `Main.scala`: entry point\n"
    )
    paths = {value for _, value in _facts(text, "path.")}
    assert {"shell.nix", "keymaps.vim", "core.clj", "util.clj", "Main.scala"} <= paths


def test_a_label_and_a_plain_path() -> None:
    text = "## Where things are\n\n- Sprite loading: game/assets\n- Physics step: game/physics/\n- Note: see the wiki\n"
    paths = {value for _, value in _facts(text, "path.")}
    assert {"game/assets", "game/physics/"} <= paths and len(paths) == 2


def test_an_unfenced_listing_line_with_a_comment_is_a_path() -> None:
    text = "## Repository\n\nservices/billing/     # invoicing service\nTODO: # not a path\n"
    assert {value for _, value in _facts(text, "path.")} == {"services/billing/"}


# --- env vars: a value that is a prefix is not a naming convention --------------------------------

def test_a_variable_whose_value_is_a_prefix_is_still_required() -> None:
    text = (
        "## Environment\n\n**Required:**\n```bash\n"
        "export TICKET_PREFIX=ABC         # your tracker's key prefix\n"
        "```\n\n"
        "Variables are prefixed with `APP_` by convention:\n"
        "```bash\nexport APP_COLOR=blue\n```\n"
    )
    env = _facts(text, "env.")
    assert ("env.TICKET_PREFIX", "required") in env
    assert ("env.APP_COLOR", "required") not in env


# --- git: branch flows drawn in a block ------------------------------------------------------------

def test_a_branch_flow_in_a_block_names_the_pr_target() -> None:
    text = "## Branches\n\n```\ndevelop (PR target) -> qa -> master (live)\n```\n"
    assert ("git.default_branch", "develop") in _facts(text, "git.")


# --- more rule shapes: flows, conventions, hook stages, steps in comments --------------------------

def test_a_flow_between_branches_is_a_rule_but_a_flow_of_other_steps_is_not() -> None:
    text = (
        "## Branching\n\n"
        "- Hotfixes: `hotfix/x` → PR → `trunk`\n"  # 3
        "- Promotion: qa -> staging -> production\n"  # 4
        "- Pipeline: design → build → review → ship\n"  # 5
        "- Assets: `raw/` → `processed/`\n"  # 6
    )
    lines = _policy_lines(text)
    assert {3, 4} <= lines and not {5, 6} & lines


def test_a_label_naming_a_commit_or_branch_convention_is_a_rule() -> None:
    text = "## Contributing\n\n- Commit message format: `area: summary (#id)`\n- Branch names: `wip/<handle>/<topic>`\n"
    assert {3, 4} <= _policy_lines(text)


def test_a_hook_stage_comment_and_a_numbered_step_comment_are_rules() -> None:
    text = (
        "## Git workflow\n\n```sh\n"
        "make quick        # Pre-push: lint + unit tests\n"  # 4
        "# 3. Open a pull request against trunk\n"  # 5
        "make serve        # local docs preview\n"  # 6
        "```\n"
    )
    lines = _policy_lines(text)
    assert {4, 5} <= lines and 6 not in lines


def test_what_to_do_when_a_hook_blocks_and_a_lower_case_gate_item() -> None:
    text = (
        "## Quality\n\n"
        "- When the commit hook rejects a change, fix the cause instead of bypassing it.\n"  # 3
        "- **jacoco** (85% minimum coverage)\n"  # 4
    )
    assert {3, 4} <= _policy_lines(text)


def test_a_labelled_rule_whose_verb_is_a_workflow_word() -> None:
    text = "## Steps\n\n3. **Handoff:** Submit the PR with a test plan.\n"
    assert 3 in _policy_lines(text)


def test_directories_for_a_purpose_in_prose_and_lists_of_spans() -> None:
    text = (
        "## Layout\n\n"
        "- Use `fixtures/golden/` for expected outputs of the renderer\n"  # 3
        "- Handlers are defined under `svc/http/`, `svc/grpc/`, and `svc/jobs/`.\n"  # 4
        "- Most of the work happens in engine/ and its submodules\n"  # 5
        "- Logs are written in logs/ by default.\n"  # 6: an output, not a component
    )
    paths = {value for _, value in _facts(text, "path.")}
    assert {"fixtures/golden/", "svc/http/", "svc/grpc/", "svc/jobs/", "engine/"} <= paths
    assert "logs/" not in paths
