"""Declared dependencies: openai is an extra, and the code that needs it says which one."""

from __future__ import annotations

import sys
from importlib.metadata import requires

import pytest

from statewise_cli.audit.investigate import OpenAIInvestigator
from statewise_cli.errors import StatewiseError


def test_openai_is_only_an_extra_and_unused_packages_are_not_declared() -> None:
    declared = requires("statewise") or []
    base = [r for r in declared if "extra ==" not in r]
    assert not any(r.lower().startswith(("openai", "gitpython", "tree-sitter-bash")) for r in base), base
    assert any(r.startswith("openai") and 'extra == "llm"' in r for r in declared), declared


def test_the_llm_investigator_without_openai_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openai", None)  # `import openai` now raises ImportError
    investigator = OpenAIInvestigator("http://127.0.0.1:9", "none", "m")
    with pytest.raises(StatewiseError) as caught:
        investigator.investigate("brief", None)  # type: ignore[arg-type]
    assert "statewise[llm]" in caught.value.message and caught.value.code == "missing-extra"
