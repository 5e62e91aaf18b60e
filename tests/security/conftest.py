import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "security: red-team security evaluation (needs bwrap; STATEWISE_SECURITY=1)")
