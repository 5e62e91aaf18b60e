"""Config-value verifier: TOML, JSON, YAML, .env and INI files; secrets only ever as sha256."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from swtest import bare_repo

from statewise_cli.repo import find_repo
from statewise_cli.store.records import Record
from statewise_cli.verifiers import CannotVerify, Observation, VerifyContext, for_key, load
from statewise_cli.verifiers.config_values import parse_yaml

SECRET = "postgres://app:Zq9xW2vLm4Kp8Rt@db.internal:5432/app"
TOKEN = "ghp_a8F3kL0qZ9xY2mN7bV4cT1sD6eR5"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = bare_repo(tmp_path)
    (path / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.ruff]\nline-length = 120\n')
    (path / "package.json").write_text('{"name": "x", "engines": {"node": ">=18"}, "private": true}\n')
    (path / "app.yaml").write_text(
        "# app settings\nserver:\n  port: 8080  # public port\n  host: \"0.0.0.0\"\n"
        "  workers:\n    - name: mail\n      threads: 4\ndatabase:\n  url: " + SECRET + "\n")
    (path / ".env").write_text(f"export DATABASE_URL='{SECRET}'\nDEBUG=true # local only\nGITHUB_TOKEN={TOKEN}\n")
    (path / "setup.cfg").write_text("[flake8]\nmax-line-length = 100\n")
    return path


def record(key: str, value: Any) -> Record:
    return Record(id="r1", key=key, value=value, type="fact", scope="repository", observed_at=0.0, stored_at=0.0,
                  expires_at=None, source="user", authority="agent", status="active", validity="unchecked",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


def check(repo: Path, key: str, value: Any) -> Observation | CannotVerify:
    load()
    context = find_repo(str(repo))
    assert context is not None
    return for_key(key)[0].verify(record(key, value), VerifyContext(context, {}))


def sha(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def test_toml_value_agrees_and_contradicts(repo: Path) -> None:
    agree = check(repo, "config.pyproject.toml#tool.ruff.line-length", 120)
    wrong = check(repo, "config.pyproject.toml#tool.ruff.line-length", 88)
    assert isinstance(agree, Observation) and agree.agrees is True
    assert isinstance(wrong, Observation) and (wrong.agrees, wrong.value) == (False, 120)
    assert "pyproject.toml:5: line-length = 120" in wrong.evidence and "pyproject.toml" in wrong.inputs


def test_json_value_compares_across_types(repo: Path) -> None:
    engines = check(repo, "config.package.json#engines.node", ">=18")
    private = check(repo, "config.package.json#private", "true")
    assert isinstance(engines, Observation) and engines.agrees is True
    assert isinstance(private, Observation) and private.agrees is True


def test_yaml_value_nested_and_in_lists(repo: Path) -> None:
    port = check(repo, "config.app.yaml#server.port", "8080")
    host = check(repo, "config.app.yaml#server.host", "localhost")
    threads = check(repo, "config.app.yaml#server.workers.0.threads", 4)
    assert isinstance(port, Observation) and port.agrees is True and "app.yaml:3" in port.evidence
    assert isinstance(host, Observation) and (host.agrees, host.value) == (False, "0.0.0.0")
    assert isinstance(threads, Observation) and threads.agrees is True


def test_missing_key_and_missing_file_contradict(repo: Path) -> None:
    key = check(repo, "config.app.yaml#server.tls", True)
    file = check(repo, "config.missing.toml#a.b", 1)
    assert isinstance(key, Observation) and (key.agrees, key.value) == (False, None)
    assert isinstance(file, Observation) and file.agrees is False and "does not exist" in file.evidence


def test_dotenv_and_ini(repo: Path) -> None:
    debug = check(repo, "config..env#DEBUG", True)
    flake8 = check(repo, "config.setup.cfg#flake8.max-line-length", 120)
    assert isinstance(debug, Observation) and debug.agrees is True
    assert isinstance(flake8, Observation) and (flake8.agrees, flake8.value) == (False, "100")


def test_secret_values_are_compared_by_keyed_hash_and_never_shown(repo: Path) -> None:
    from statewise_cli.store.redact import keyed_hash

    def keyed(text: str) -> str:
        ctx_repo = find_repo(str(repo))
        assert ctx_repo is not None
        return keyed_hash(ctx_repo.store_dir, text)

    plain = check(repo, "config..env#DATABASE_URL", SECRET)
    legacy = check(repo, "config..env#DATABASE_URL", sha(SECRET))  # what older stores kept
    hashed = check(repo, "config..env#DATABASE_URL", keyed(SECRET))
    wrong = check(repo, "config..env#GITHUB_TOKEN", "ghp_old_token_value_000000000000")
    by_entropy = check(repo, "config.app.yaml#database.url", SECRET)
    whole_table = check(repo, "config.app.yaml#database", {"url": "x"})
    for observed in (plain, legacy, hashed, wrong, by_entropy, whole_table):
        assert isinstance(observed, Observation)
        assert SECRET not in repr(observed) and TOKEN not in repr(observed)
        assert "ghp_old_token" not in observed.evidence
        assert str(observed.value).startswith("hmac-sha256:")  # never the unkeyed digest
    assert plain.agrees is True and plain.value == keyed(SECRET)  # type: ignore[union-attr]
    assert legacy.agrees is True and hashed.agrees is True  # type: ignore[union-attr]
    assert wrong.agrees is False and wrong.value == keyed(TOKEN)  # type: ignore[union-attr]
    assert by_entropy.agrees is True and by_entropy.value == keyed(SECRET)  # type: ignore[union-attr]
    assert whole_table.agrees is False  # type: ignore[union-attr]


def test_unparsable_file_and_bad_key_cannot_be_verified(repo: Path) -> None:
    (repo / "broken.toml").write_text("this is = = not toml\n")
    broken = check(repo, "config.broken.toml#a", 1)
    escape = check(repo, "config.../etc/passwd#root", "x")
    assert isinstance(broken, CannotVerify) and "cannot parse broken.toml" in broken.reason
    assert isinstance(escape, CannotVerify)


def test_yaml_subset_parser() -> None:
    text = "a:\n  b: 'it''s'\n  c: [1, two, \"3\"]\n  d: |\n    line 1\n    line 2\nlist:\n- x\n- {k: v}\nnone: ~\n"
    assert parse_yaml(text) == {"a": {"b": "it's", "c": [1, "two", "3"], "d": "line 1\nline 2\n"},
                                "list": ["x", {"k": "v"}], "none": None}
