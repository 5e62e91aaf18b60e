"""Extraction classes added in round 41, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


def _policy_lines(text: str) -> set[int]:
    return {f.line for f in extract(text) if f.key.startswith("policy.")}


# --- entry points: flake apps, runtimes running a source file, example programs ---------------------------------------


def test_a_flake_app_of_the_project_is_run_unless_named_for_another_task() -> None:
    text = ("## Usage\n\n```sh\nnix run .#relay\nnix run .#admin -- --port 9000\nnix run path:.#shell-tools\nnix run .\n"
            "nix run .#fmt\nnix run .#unit-tests\nnix run .#deploy\nnix run nixpkgs#cowsay\n```\n")
    found = _commands(text)
    assert found.get("nix run .#relay") == "command.run", found
    assert found.get("nix run .#admin -- --port 9000") == "command.run", found
    assert found.get("nix run path:.#shell-tools") == "command.run", found
    assert found.get("nix run .#fmt") == "command.format", found
    assert found.get("nix run .#unit-tests") == "command.test", found
    assert "nix run .#deploy" not in found and "nix run nixpkgs#cowsay" not in found, found


def test_a_runtime_given_a_source_file_runs_the_program() -> None:
    text = "## Running\n\n```sh\nbun src/main.tsx\ntsx app/cli.ts --verbose\nbun scripts/seed-db.ts\nbun test/unit.test.ts\n```\n"
    found = _commands(text)
    assert found.get("bun src/main.tsx") == "command.run", found
    assert found.get("tsx app/cli.ts --verbose") == "command.run", found
    assert found.get("bun scripts/seed-db.ts") != "command.run", found
    assert found.get("bun test/unit.test.ts") != "command.run", found


def test_example_programs_are_run_commands() -> None:
    text = ("## Examples\n\n```sh\nyarn run demo:chat\npnpm examples\njava -jar build/libs/widget-all.jar\n"
            "perl -Ilib eg/client.pl\n```\n")
    found = _commands(text)
    assert found.get("yarn run demo:chat") == "command.run", found
    assert found.get("pnpm examples") == "command.run", found
    assert found.get("java -jar build/libs/widget-all.jar") == "command.run", found
    assert found.get("perl -Ilib eg/client.pl") == "command.run", found


# --- git rules written in European languages ----------------------------------------------------------------------------


def test_commit_rules_in_european_languages_are_rules() -> None:
    text = (
        "## Convenciones de commits\n\n"
        "- Redacta los mensajes de commit en inglés.\n"  # 3: Spanish imperative, workflow section
        "- Nunca hagas push forzado sobre `develop`.\n"  # 4: Spanish negation
        "\n## Règles Git\n\n"
        "- Évitez les commits qui mélangent plusieurs sujets.\n"  # 8: French -ez imperative
        "- Ne poussez jamais de secrets dans le dépôt.\n"  # 9: French negation
        "\n## Commit-Richtlinien\n\n"
        "- Verwende aussagekräftige Commit-Nachrichten.\n"  # 13: German imperative
        "- Keine Merge-Commits auf `develop`.\n"  # 14: German negation
        "\n## Zasady gałęzi\n\n"
        "- Nigdy nie wypychaj zmian bezpośrednio na `develop`.\n"  # 18: Polish
        "\n## Regras de versionamento\n\n"
        "- Crie uma tag para cada versão publicada.\n"  # 22: Portuguese, versioning section
        "\n## Regole di rilascio\n\n"
        "- Aggiorna il numero di versione prima di ogni rilascio.\n"  # 26: Italian
    )
    assert {3, 4, 8, 9, 13, 14, 18, 22, 26} <= _policy_lines(text), _policy_lines(text)


def test_a_european_rule_outside_a_git_section_needs_a_git_word_and_a_modal() -> None:
    text = (
        "## Estilo\n\n"
        "- Usa nombres descriptivos para las variables.\n"  # 3: no git word: coding style
        "- Los commits deben ser pequeños y atómicos.\n"  # 4: a commit rule
        "- Il codice deve essere documentato.\n"  # 5: no git word
        "- Les branches de fonctionnalité doivent partir de `develop`.\n"  # 6
    )
    assert _policy_lines(text) == {4, 6}


def test_english_words_are_not_read_as_a_european_language() -> None:
    text = ("## Version control\n\n- Reference the naming guide when naming things\n"
            "- Pipeline: plan → build → ship\n- Commit the work with a summary\n")
    assert _policy_lines(text) == set()


# --- who runs git: the agent or the user ---------------------------------------------------------------------------------


def test_leaving_git_commands_to_the_user_is_a_rule() -> None:
    text = (
        "## Notes\n\n"
        "- Only propose git commands; the developer executes them.\n"  # 3
        "- Never run git operations on your own.\n"  # 4
        "- Git commands are listed in the README.\n"  # 5: a pointer, no rule
    )
    assert _policy_lines(text) == {3, 4}


# --- commit-message rules stated by the tool that enforces them -----------------------------------------------------------


def test_a_commit_rule_named_by_its_enforcing_tool_is_a_rule() -> None:
    text = (
        "## Notes\n\n"
        "- Messages are rejected by commitlint when the scope is missing.\n"  # 3
        "- Lefthook validates every commit subject against the team's pattern.\n"  # 4
        "- The `commit-msg` stage is checked by conventional-pre-commit.\n"  # 5
        "- commitizen is installed as a dev dependency.\n"  # 6: no check named
    )
    assert _policy_lines(text) == {3, 4, 5}


# --- release checklists and hook lists ------------------------------------------------------------------------------------


def test_release_checklist_steps_are_rules() -> None:
    text = (
        "## Publishing a new version\n\n"
        "1. Raise the version in `pyproject.toml`.\n"  # 3
        "2. Add the entry to `HISTORY.md`.\n"  # 4
        "3. `git tag -s v2.0.0`\n"  # 5
        "4. `twine upload dist/*`\n"  # 6
    )
    assert {3, 5, 6} <= _policy_lines(text), _policy_lines(text)
    # the history entry is the release's documentation, a chore on its way, not a step of releasing (its own words name
    # no version, tag, publish or git step)
    assert 4 not in _policy_lines(text)


def test_a_hook_that_checks_commits_is_a_rule_but_a_hook_that_fixes_files_is_not() -> None:
    text = ("## Hooks\n\nThe repository configures lefthook for pre-commit checks, among them:\n"
            "- `trailing-whitespace` - strips trailing spaces\n- `conventional-msg` - commit message validator\n"
            "- `no-large-blobs` - blocks committing files over 1 MB\n- This blocks pushing stale branches.\n")
    assert _policy_lines(text) == {3, 5, 6}


def test_a_bare_nix_run_or_a_utility_script_is_no_run_command() -> None:
    text = ("## Tooling\n\n- One-off tools: use `npx` or `nix run` when missing\n\n```sh\nnode ./scripts/clear-cache.js\n"
            "ts-node --esm tools/check-proof.ts\n```\n")
    assert not any(k == "command.run" for k in _commands(text).values()), _commands(text)


def test_code_spans_do_not_make_english_a_european_language() -> None:
    text = "## Notes\n\n- The socket pushes frames of type `DEL`, `SET` and `LAS`. Handle each one.\n"
    assert _policy_lines(text) == set()


def test_a_release_workflow_described_in_the_third_person_is_no_rule() -> None:
    text = ("## Releasing\n\nThe release job:\n\n1. Detects the changed package\n2. Creates the tag\n\n"
            "Release notes should be:\n- Short and factual\n- Grouped by area\n")
    assert _policy_lines(text) == set()


def test_starting_the_server_is_running_it_unless_the_words_say_development() -> None:
    found = _commands("## Server\n\nStart the server with `cd api && yarn start`.\n\nStart the dev server: `cd web && yarn dev`\n")
    assert found.get("cd api && yarn start") == "command.run", found
    assert found.get("cd web && yarn dev") == "command.dev", found


def test_referencing_the_related_tickets_in_a_pull_request_is_a_rule() -> None:
    text = "## Merge requests\n\n1. Reference the linked tickets when relevant\n2. Reference the style guide for naming\n"
    assert _policy_lines(text) == {3}


def test_a_release_step_written_in_japanese_or_chinese_is_a_rule() -> None:
    text = ("## リリース手順\n\n1. `pyproject.toml` のバージョンを更新する\n2. `git push origin v2.1.0`\n\n"
            "## 发布流程\n\n1. 修改 `build.gradle` 中的版本号\n2. 在论坛上通知用户\n")
    assert _policy_lines(text) == {3, 4, 8}, _policy_lines(text)


def test_a_package_runner_running_tsx_on_a_source_file_runs_the_program() -> None:
    found = _commands("## Running\n\n```sh\nnpx tsx app/main.ts\nyarn ts-node src/worker.ts\n```\n")
    assert found.get("npx tsx app/main.ts") == "command.run", found
    assert found.get("yarn ts-node src/worker.ts") == "command.run", found
