"""Extraction classes fixed in round 28, each on invented text (no line of any labelled file)."""

from swtest import memory_facts as _facts

from statewise_cli.memory.extract import extract

# --- the steps of a task done on request are no standing rules ----------------------------------------


def test_steps_of_a_requested_task_are_no_policies() -> None:
    text = (
        "## Release helper\n\n"
        "When asked to \"refresh the vendored schemas\", follow these steps:\n\n"
        "1. Run `make fetch-schemas`\n"
        "2. Stage and commit the regenerated schema files\n"
        "3. Push the branch to the fork\n"
    )
    assert _facts(text, "policy.") == set()


def test_a_rule_outside_the_steps_is_still_read() -> None:
    text = (
        "## Git\n\n"
        "- Never push directly to `main`.\n\n"
        "## Schema refresh\n\n"
        "Execute these tasks in order:\n\n"
        "1. Pull the schemas\n"
        "2. Commit the regenerated files\n"
    )
    values = {v for _, v in _facts(text, "policy.")}
    assert values == {"Never push directly to `main`."}


# --- a directive lead item is the rule its sub-items spell out -----------------------------------------


def test_a_directive_lead_carries_the_rule_of_its_steps() -> None:
    text = (
        "## Rules\n\n"
        "- **Never store credentials in the repository**. When you find one:\n"
        "  - Warn the user\n"
        "  - Do not commit anything until the user has removed it\n"
    )
    lines = {f.line for f in extract(text) if f.key.startswith("policy.")}
    assert lines == {3}
