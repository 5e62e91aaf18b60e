"""Fixtures for the unit, CLI and hook tests. The helpers live in ``swtest`` so test modules
import them by a name no other conftest.py shadows (tests/e2e has its own conftest)."""

from swtest import (  # noqa: F401 - fixtures register from this module's namespace
    _template_repo,
    git_repo,
    hook_fixture,
    isolated_home,
    isolated_session_home,
    outside,
    protected_repo,
    run_statewise_fixture,
)
