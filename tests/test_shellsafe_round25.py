"""False denies on ordinary actions (round 25): an HTTP client given a URL a variable holds writes no file; a version
manager's `install` adds a version beside the others. Their look-alikes that do write stay caught. Inputs invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged
from test_shellsafe_classes import _kinds


@pytest.mark.parametrize("command", [
    'curl -fsS -X POST "$PAYMENTS_SANDBOX_URL/charges" -d @fixtures/charge.json',
    'curl -s "${SEARCH_ENDPOINT}/v1/query?q=x"',
    "curl --url=$STATUS_URL/health",
    'wget -q "$MIRROR_HOST/index.json"',
    'http POST "$API_BASE_URL/items" name=x',
])
def test_url_variable_is_fetched_not_written(git_repo: Path, command: str) -> None:
    assert "write-inside-repository" not in _kinds(judged(command, git_repo)), command


@pytest.mark.parametrize("command", [
    'curl -o "$OUT_DIR/report.json" "$REPORT_URL/latest"',  # -o names a file, whatever the URL
    'curl -c "$COOKIE_PATH/jar" "$LOGIN_URL/session"',
    'curl -fsS "$API_URL/x" -o {outside}/elsewhere.json',
    'curl "$DATA_DIR/x"',  # a variable not named for a URL stays a possible path
])
def test_http_client_writes_stay_checked(git_repo: Path, outside: Path, command: str) -> None:
    assert "write-inside-repository" in _kinds(judged(command.format(outside=outside), git_repo)), command


def test_sdk_install_adds_a_version(git_repo: Path, outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(outside))
    assert "write-inside-repository" not in _kinds(judged("sdk install java 21.0.5-tem", git_repo))
    # choosing the default for every shell, or removing a version others may use, is still outside the repository
    assert "write-inside-repository" in _kinds(judged("sdk default java 21.0.5-tem", git_repo))
    assert "write-inside-repository" in _kinds(judged("sdk uninstall java 17.0.9-tem", git_repo))
