"""Extraction classes added in round 37, each on invented text (no line of any labelled file)."""

from statewise_cli.memory.extract import extract


def _commands(text: str) -> dict[str, str]:
    return {str(f.value): f.key for f in extract(text) if f.key.startswith("command.")}


# --- a command's kind from the command itself before the words around it ------------------------------------------


def test_a_runners_task_is_not_read_as_run_from_the_runners_own_word() -> None:
    text = ("## Workflows\n\n- Tasks are kept in `tasks.toml`:\n"
            "    - `mise run build`: Produces the bundle.\n"
            "    - `mise run lint`: Checks the sources.\n"
            "    - `pdm run test-unit`: Fast suite.\n")
    found = _commands(text)
    assert found.get("mise run build") == "command.build", found
    assert found.get("mise run lint") == "command.lint", found
    assert found.get("pdm run test-unit") == "command.test", found


def test_a_make_target_named_for_its_task_wins_over_a_comment_naming_another() -> None:
    text = "## Commands\n\n```bash\nmake app-build   # Dry-run build of the app\nmake vet-lint   # run the vetters\n```\n"
    found = _commands(text)
    assert found.get("make app-build") == "command.build", found
    assert found.get("make vet-lint") == "command.lint", found


def test_a_neutral_target_still_takes_its_kind_from_the_comment() -> None:
    found = _commands("## Commands\n\n```bash\nmake serve-all   # Run the application locally\n```\n")
    assert found.get("make serve-all") == "command.run", found


def test_a_project_script_named_for_its_task_in_its_last_part() -> None:
    text = ("## Checks\n\n- Then run `Rscript tools/run_all_tests.R --quick` before opening a PR.\n"
            "- Run `bash ci/yaml-lint.sh` for the manifests.\n")
    found = _commands(text)
    assert found.get("Rscript tools/run_all_tests.R --quick") == "command.test", found
    assert found.get("bash ci/yaml-lint.sh") == "command.lint", found


def test_a_helper_script_named_for_no_task_takes_no_task_slot_from_its_last_part() -> None:
    found = _commands("## Testing\n\n- Run `python tools/make_fixtures.py` to refresh the sample data.\n")
    assert found.get("python tools/make_fixtures.py") not in ("command.test", "command.build", "command.install")
    assert _commands("## Tests\n\n- `node scripts/seed-data.mjs`\n").get("node scripts/seed-data.mjs") != "command.test"
