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


# --- a section title that only names the rule stated right below it --------------------------------------------------------


def test_a_short_title_naming_the_git_act_of_the_rule_below_is_not_a_second_rule() -> None:
    text = "# Notes\n\n## Before Pushing\n\nAlways run `just verify` before you push to the shared remote.\n"
    at = _at(text)
    lines = [f.line for f in extract(text) if f.key.startswith("policy.")]
    assert lines == [at["Always run `just verify` before you push to the shared remote."]], lines


# --- a command the file says runs several tasks is an aggregate -----------------------------------------------------------


def test_a_command_described_as_running_three_tasks_is_an_aggregate() -> None:
    for text in ("## Commands\n\n- `just gate` runs: compile → vet → lint → test → smoke run.\n",
                 "## Commands\n\n- Validate: `task tidy` runs format + lint + test\n",
                 "- `make ship-ready` - Run complete pipeline (format, test, and lint in parallel)\n"):
        assert not [f for f in extract(text) if f.key.startswith("command.")], text
    # several commands on one line, each named by the list after them, are each kept
    many = "## Scripts\n\n- `yarn compile` / `yarn lint` / `yarn prettier` — build, lint, format\n"
    assert {f.key for f in extract(many) if f.key.startswith("command.")} >= {"command.format"}


# --- an optional part and the names under a nested "Examples:" state no rule -----------------------------------------------


def test_an_item_that_says_a_part_is_optional_is_no_rule() -> None:
    text = ("# Commit format\n\n## Trailer\n- Optional, can be any ticket reference\n- Wrap at 80 characters\n\n"
            "## Body\n- Optional\n- Explain the reason for the change\n")
    values = [str(f.value) for f in extract(text) if f.key.startswith("policy.")]
    assert not [v for v in values if "Optional" in v], values
    assert any("Wrap at 80 characters" in v for v in values), values


def test_branch_names_under_a_nested_examples_item_are_no_naming_rule() -> None:
    text = "# Repo\n\n## Branch Naming\n- Use lowercase words\n- Examples:\n  - feat/shop-cart\n  - fix/slow-query\n"
    assert not [f for f in extract(text) if f.key == "policy.branch_naming"]


# --- where parts live: a heading naming a part then its directory, modules listed under an apposition ---------------------


def test_a_heading_naming_a_part_then_its_directory_is_a_path() -> None:
    text = "# Shop\n\n## Storefront — `web/`\n\nThe storefront renders the catalogue.\n"
    assert [(f.line, str(f.value)) for f in extract(text) if f.key.startswith("path.")] == [(3, "web/")]


def test_items_under_a_plural_lead_with_each_in_apposition_are_the_parts() -> None:
    text = ("# Shop\n\n## Charts\n\nHelm charts, each complete with `Chart.yaml` and `values.yaml`:\n"
            "- `billing/` — invoices service\n- `search/` — catalogue search\n")
    assert {str(f.value) for f in extract(text) if f.key.startswith("path.")} >= {"billing/", "search/"}


# --- a "required" column written in another language ---------------------------------------------------------------------


def test_a_required_column_in_another_language_marks_required_variables() -> None:
    text = ("## Variables\n\n| Variable | Obligatoire | Exemple |\n|---|---|---|\n| `SHOP_TOKEN` | Oui | `abc` |\n"
            "| `SHOP_THEME` | Non | `dark` |\n")
    assert {f.key for f in extract(text) if f.key.startswith("env.")} == {"env.SHOP_TOKEN"}


# --- an English git word written against Chinese or Japanese text ---------------------------------------------------------


def test_an_english_git_word_inside_cjk_text_is_read_as_the_git_word() -> None:
    text = "后端服务push前必须先运行 `cargo test`。\n"
    assert [f for f in extract(text) if f.key.startswith("policy.")], extract(text)
