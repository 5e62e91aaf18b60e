"""List items that open with bare paths (no backticks) and say what they hold."""
from __future__ import annotations

from statewise_cli.memory.extract import extract


def _paths(text: str) -> set[str]:
    return {str(f.value) for f in extract(text) if f.key.startswith("path.")}


def test_several_bare_paths_and_a_role() -> None:
    text = ("Architecture\n"
            "- Ingestion\n"
            "  - src/collectors and src/collectors/adapters: scrapers for each source\n"
            "  - ingestion/ingest.py, lib/forms.py and utils/naming.py: CSV ingestion and validation\n")
    assert {"src/collectors", "src/collectors/adapters", "ingestion/ingest.py", "lib/forms.py",
            "utils/naming.py"} <= _paths(text)


def test_one_bare_path_with_a_verb_of_holding() -> None:
    text = "- services/guardian.py and monitoring/exporter.py provide health endpoints\n- api/main.py provides the API\n"
    assert {"services/guardian.py", "monitoring/exporter.py", "api/main.py"} <= _paths(text)


def test_not_a_path_item() -> None:
    # prose that merely mentions a path later, and an item that runs a script, are not path facts of this shape
    assert "ci/run.sh" not in _paths("- Run ci/run.sh: it builds everything\n")
    assert _paths("- Keep it simple: one module per feature\n") == set()


def test_bare_command_alternatives_do_not_split_inside_quotes() -> None:
    facts = [(f.key, str(f.value)) for f in extract('Testing\n- Filter by pattern: pytest -k "temporal or leakage" -v\n')]
    assert ("command.test", 'pytest -k "temporal or leakage" -v') in facts
    facts = [str(f.value) for f in extract("Testing: tofu validate and tofu plan\n")]
    assert {"tofu validate", "tofu plan"} <= set(facts)
