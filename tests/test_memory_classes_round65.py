"""Extraction classes added in round 65, each on invented text (no line of any labelled file)."""

from __future__ import annotations

from statewise_cli.memory.extract import extract


def _at(text: str) -> dict[str, int]:
    return {line: n for n, line in enumerate(text.splitlines(), 1)}


# --- the options a question offers are not the project's facts -------------------------------------------------------------

QUESTIONS = ("# Onboarding a new greenhouse repository\n\n"
             "### 1. Commit Message Language\n"
             "Ask which language to write commit messages in:\n"
             "- Finnish\n- English\n- Both (e.g., type in English, summary in Finnish)\n\n"
             "### 2. Branching\n"
             "Ask the user which branching model they follow:\n"
             "- **Layered**: `topic/`, `patch/` + `staging` branch\n"
             "- **Direct**: `topic/` → `trunk` merged the same day\n\n"
             "Commit messages are written in English.\n")


def test_items_under_a_question_lead_in_are_options_not_facts() -> None:
    at = _at(QUESTIONS)
    lines = {f.line for f in extract(QUESTIONS)}
    for item in ("- Finnish", "- English", "- Both (e.g., type in English, summary in Finnish)",
                 "- **Layered**: `topic/`, `patch/` + `staging` branch", "- **Direct**: `topic/` → `trunk` merged the same day"):
        assert at[item] not in lines, (item, lines)
    # the rule stated after the question's list still counts
    assert at["Commit messages are written in English."] in lines, lines


def test_choose_one_of_leads_options_too() -> None:
    text = "## Storage\n\nChoose one of these layouts:\n- `blobs/` for raw uploads\n- `archive/` for cold data\n"
    assert not [f for f in extract(text) if f.key.startswith("path.")]


# --- a tool named as an example or as one choice among others is not stated -------------------------------------------------


def test_a_command_inside_an_example_aside_is_not_a_fact() -> None:
    text = ("- Install what the project needs (e.g. Ruby via `bundle install`, Dart via `dart pub get` or the setup script)\n"
            "- Run `make check-links` when docs change\n")
    found = {(f.key, str(f.value)) for f in extract(text)}
    assert not [k for k, _ in found if k.startswith(("command.install", "package_manager"))], found


def test_a_manager_inside_an_example_aside_is_not_stated() -> None:
    text = "- Installs the dependencies (e.g. Python via `uv`, Ruby via the Gemfile)\n"
    assert not [f for f in extract(text) if f.key.startswith("package_manager")]


def test_a_manager_offered_beside_a_tool_like_others_is_not_stated() -> None:
    text = "- **Packages**: Use `pip` with a lock file or a tool like Poetry or Pipenv.\n"
    assert not [f for f in extract(text) if f.key.startswith("package_manager")]
    # a plain statement still names the manager
    assert [f.value for f in extract("- **Packages**: Use `poetry` for every dependency.\n")
            if f.key.startswith("package_manager")] == ["poetry"]
