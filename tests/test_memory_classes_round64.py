"""Extraction classes added in round 64, each on invented text (no line of any labelled file): the rules of a document
about commit messages however its headings are laid out."""

from __future__ import annotations

from statewise_cli.memory.extract import extract


def _policies(text: str) -> dict[int, str]:
    return {f.line: str(f.value) for f in extract(text) if f.key.startswith("policy.")}


def _at(text: str) -> dict[str, int]:
    return {line: n for n, line in enumerate(text.splitlines(), 1)}


# --- a commit-message document's rules ------------------------------------------------------------------------------------

TWO_LINE_TITLE = ("# Writing Conventional Commit Messages for the Widget Shop\n# (notes kept in plain words)\n\n"
                  "## 3. Summary Line Rules\n\nSummary must be:\n\n- in the present tense\n- under sixty characters\n\n"
                  "## 4. Review of the Change\n\n- Review the staged diff before writing\n- Do not mention files left untouched\n\n"
                  "## 5. Body\n\nMust be plain and short.\n")


def test_a_title_over_two_heading_lines_still_names_the_commit_message() -> None:
    found = _policies(TWO_LINE_TITLE)
    at = _at(TWO_LINE_TITLE)
    # the items under a lead-in carry the lead's subject
    assert found.get(at["- in the present tense"]) == "Summary must be: in the present tense", found
    assert at["- under sixty characters"] in found, found
    # a directing item in a section that names no rules, and a sentence that says what the part must be
    assert at["- Review the staged diff before writing"] in found, found
    assert at["- Do not mention files left untouched"] in found, found
    assert at["Must be plain and short."] in found, found


def test_items_right_under_a_title_naming_the_commit_format_are_its_rules() -> None:
    text = "# Commit Format\n\n- Subject: lowercase verb first\n- Keep the subject short\n- At most five bullet points\n"
    found = _policies(text)
    at = _at(text)
    for item in ("- Subject: lowercase verb first", "- At most five bullet points"):
        assert at[item] in found, (item, found)
    # the same items under a title on something else are no rules
    other = text.replace("# Commit Format", "# Shopping List")
    assert not _policies(other), _policies(other)


def test_a_title_naming_the_message_rules_rules_every_section_and_a_part_is_not_a_restatement() -> None:
    text = ("# Commit Message Guidelines\n\n## Further Notes\n\n- The body should be wrapped at 90 columns.\n"
            "- The footer should be wrapped at 90 columns.\n- The body should start after one blank line.\n\n"
            "## Examples\n\n- Adds the cart total\n")
    found = _policies(text)
    at = _at(text)
    for item in ("- The body should be wrapped at 90 columns.", "- The footer should be wrapped at 90 columns."):
        assert at[item] in found, (item, found)
    assert at["- Adds the cart total"] not in found, found


def test_git_rules_title_and_a_commit_section() -> None:
    text = "# Git Rules\n\n## Commits\n\n- Commit in small steps that each build.\n- One topic per commit.\n\n" \
           "## Editors\n\n- Tabs are four columns.\n"
    found = _policies(text)
    at = _at(text)
    assert at["- One topic per commit."] in found, found
    assert at["- Tabs are four columns."] not in found, found


def test_a_type_or_footer_section_keeps_only_what_says_must() -> None:
    text = ("# Commit Message Rules\n\n## Details\n\n### Type\n\n- **Presence**: Must always be given.\n"
            "- `feat`: a new feature\n- **Values**: see the list\n\n### Footer Length\n\n- **Limit**: Maximum 90 characters per line\n")
    found = _policies(text)
    at = _at(text)
    assert at["- **Presence**: Must always be given."] in found, found
    assert at["- **Limit**: Maximum 90 characters per line"] in found, found
    assert at["- `feat`: a new feature"] not in found, found
    assert at["- **Values**: see the list"] not in found, found


def test_data_written_as_a_list_under_a_commit_title_is_no_rule() -> None:
    text = "# Git Conventional Commits\n\nhooks:\n  - kind: event\n  - pattern: \"*\"\n"
    assert not _policies(text), _policies(text)


def test_a_checklist_lead_in_a_git_rules_document_is_the_rule_not_its_items() -> None:
    text = ("# Git Standards\n\n## Commit Requirements\n\n- Commit each finished step on its own.\n\n"
            "Before committing, confirm the following:\n\n- [ ] the widget tests pass\n- [ ] no debug prints remain\n\n"
            "### Details\n\n1. **Put in the message:**\n   - what changed\n   - why it changed\n")
    found = _policies(text)
    at = _at(text)
    assert at["- Commit each finished step on its own."] in found, found
    assert at["- [ ] the widget tests pass"] not in found, found
    assert at["- [ ] no debug prints remain"] not in found, found
    # a lead naming the part of the message is no rule; its items are
    assert at["1. **Put in the message:**"] not in found, found
    assert at["   - what changed"] in found and at["   - why it changed"] in found, found


def test_a_rule_of_a_part_section_names_the_part() -> None:
    text = ("# Commit Message Rules\n\n## Parts\n\n### Scope\n\n- **Required**: Must always be present.\n\n"
            "### Subject\n\n- **Required**: Must always be present.\n")
    found = _policies(text)
    at = _at(text)
    lines = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith("- **Required**")]
    assert found.get(lines[0]) == "Scope: Required: Must always be present.", found
    assert found.get(lines[1]) == "Subject: Required: Must always be present.", found
    assert at["### Scope"] not in found, found


def test_a_request_answered_with_a_forbidden_git_act_is_a_rule() -> None:
    text = "When the user asks to commit, stage only the named files, write one message, do not push, and stop.\n"
    assert 1 in _policies(text), _policies(text)
    plain = "When the user asks to commit, read the notes first.\n"
    assert not _policies(plain), _policies(plain)


def _paths(text: str) -> dict[int, str]:
    return {f.line: str(f.value) for f in extract(text) if f.key.startswith("path.")}


def test_a_heading_that_is_a_file_with_its_role_or_a_directory_names_that_path() -> None:
    text = ("# Kiosk Backend\n\n## Key Files\n\n### `jobs/queue-runner.ts` (Job Runner)\n- Holds the job map\n\n"
            "## Layout\n\n### fixtures/\nSample rows:\n- orders and carts\n\n### `scripts/`\nHelpers\n")
    found = _paths(text)
    at = _at(text)
    assert found.get(at["### `jobs/queue-runner.ts` (Job Runner)"]) == "jobs/queue-runner.ts", found
    assert found.get(at["### fixtures/"]) == "fixtures/", found
    assert found.get(at["### `scripts/`"]) == "scripts/", found
    # a title naming a directory is the memory file's own folder
    assert 1 not in _paths("# services/\n\nNotes\n"), _paths("# services/\n\nNotes\n")


def test_a_labelled_item_names_its_path_in_parentheses_or_right_after_the_label() -> None:
    text = ("# Kiosk Backend\n\n## Overview\n\n- Search: Vector index (lib/vectors/), nightly rebuild\n"
            "- Scraping: market feed (lib/feed-reader.ts, cheerio)\n- Logging: lib/log-sink.ts structured logs\n"
            "- Config: see (e.g. lib/sample/) for the idea\n- Errors: the global handler in middleware/onError.ts catches all\n")
    found = _paths(text)
    at = _at(text)
    assert found.get(at["- Search: Vector index (lib/vectors/), nightly rebuild"]) == "lib/vectors/", found
    assert found.get(at["- Scraping: market feed (lib/feed-reader.ts, cheerio)"]) == "lib/feed-reader.ts", found
    assert found.get(at["- Logging: lib/log-sink.ts structured logs"]) == "lib/log-sink.ts", found
    assert at["- Config: see (e.g. lib/sample/) for the idea"] not in found, found
    assert found.get(at["- Errors: the global handler in middleware/onError.ts catches all"]) == "middleware/onError.ts", found


def test_a_commit_type_and_its_meaning_is_no_rule_and_a_rule_after_but_is_one() -> None:
    text = ("# Commit Message Guide\n\n## Kinds\n\n- `feat`: a new widget\n- `style`: changes that do not affect behaviour\n\n"
            "## Running git\n\nWrite the command out when asked.\n\nBut do not run it unless asked.\n")
    found = _policies(text)
    at = _at(text)
    assert at["- `style`: changes that do not affect behaviour"] not in found, found
    assert at["But do not run it unless asked."] in found, found
