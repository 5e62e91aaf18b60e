"""No secret is kept in plaintext: config records, evidence excerpts, decisions, incidents, logs."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, hook, payload, pre_bash, reply, run_statewise, store_path

from statewise_cli.store.db import Store
from statewise_cli.store.redact import prints_secrets, redact

PASSWORD = "hunter2-Xq81"
BASIC = "dXNlcjpodW50ZXIyWHE4MQ=="
COOKIE = "s%3Aabcd1234efgh5678"
BEARER = "sk-live-9f8e7d6c5b4a39281706"
GH = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
ENV = f"DB_PASS={PASSWORD}\nAUTH=Basic {BASIC}\nSESSION_COOKIE={COOKIE}\nDEBUG=true\n"
SECRETS = (PASSWORD, BASIC, COOKIE, BEARER, GH)


def _kept(repo: Path) -> bytes:
    """Everything statewise wrote: the store (and its WAL), the ledger, $STATEWISE_HOME (logs, incidents)."""
    blobs = []
    for base in (store_path(repo).parent, Path(os.environ["STATEWISE_HOME"])):
        for path in base.rglob("*"):
            if path.is_file():
                blobs.append(path.read_bytes())
    return b"\n".join(blobs)


def _assert_nothing_kept(repo: Path) -> None:
    kept = _kept(repo)
    for secret in SECRETS:
        assert secret.encode() not in kept, secret


@pytest.mark.parametrize(("text", "hidden"), [
    (f"DB_PASS={PASSWORD}", PASSWORD), (f"AUTH=Basic {BASIC}", BASIC), (f"SESSION_COOKIE={COOKIE}", COOKIE),
    (f'curl -H "Authorization: Bearer {BEARER}" https://api.example', BEARER), (f"git clone https://x:{GH}@github.com/a/b", GH),
    (f"export GITHUB_TOKEN={GH}", GH), ("aws AKIAABCDEFGHIJKLMNOP", "AKIAABCDEFGHIJKLMNOP"),
    ("slack xoxb-1234-5678-abcdefgh", "xoxb-1234"), (f"mysql --password {PASSWORD}", PASSWORD),
    (f"https://api.example/?password={PASSWORD}&x=1", PASSWORD), (f"MY_API_KEY={PASSWORD}", PASSWORD),
    ("X=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA", "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA"),
])
def test_redact_hides_the_secret(text: str, hidden: str) -> None:
    assert hidden not in redact(text)


@pytest.mark.parametrize("text", ["git status", "x = 1", "git commit --author='A <a@b.c>' -m fix", "session_id: abc",
                                  "npx jest --passWithNoTests"])
def test_redact_leaves_ordinary_text_alone(text: str) -> None:
    assert redact(text) == text


def test_env_dumping_commands_are_recognised() -> None:
    assert all(prints_secrets(c) for c in ("printenv", "env", "env | sort", "cat .env", "export -p", "set",
                                            "cat ~/.netrc", "grep DB .env.local", "sudo cat /app/.env"))
    assert not any(prints_secrets(c) for c in ("ls", "cat .env.example", "env FOO=1 make test", "cat README.md"))


def test_secret_config_values_are_stored_as_a_keyed_hash_and_never_shown(git_repo: Path) -> None:
    (git_repo / ".env").write_text(ENV)
    with Store.open(str(store_path(git_repo))) as s:
        for key, value in (("DB_PASS", PASSWORD), ("AUTH", f"Basic {BASIC}"), ("SESSION_COOKIE", COOKIE)):
            record = s.put(f"config..env#{key}", value, source="agent", authority="agent",
                           evidence=f".env:1: {key}={value}")
            assert str(record.value).startswith("hmac-sha256:")
        s.put("config..env#DEBUG", "true")
    assert (store_path(git_repo).parent / "secret.salt").stat().st_mode & 0o077 == 0
    result = run_statewise(["verify"], git_repo)
    assert result.returncode == 0, result  # the hashes match the file
    for secret in SECRETS:
        assert secret not in result.stdout + result.stderr
    for agent in AGENTS:
        out = json.dumps(reply(hook(payload(agent, "SessionStart", git_repo), git_repo)) or {})
        assert PASSWORD not in out and BASIC not in out and COOKIE not in out
    _assert_nothing_kept(git_repo)


def _post(agent: str, repo: Path, command: str, output: str) -> dict[str, object]:
    response: object = {"stdout": output, "stderr": "", "interrupted": False} if agent == "claude" else output
    return payload(agent, "PostToolUse", repo, command=command, tool_response=response)


@pytest.mark.parametrize("agent", AGENTS)
def test_env_dump_output_is_withheld_from_evidence(agent: str, git_repo: Path) -> None:
    (git_repo / ".env").write_text(ENV)
    commit_all(git_repo, "env")
    environment = f"HOME=/home/x\nGITHUB_TOKEN={GH}\nOPENAI_KEY={BEARER}\n"
    for command, output in (("cat .env", ENV), ("printenv", environment), ("env | sort", environment),
                            ("grep -r TOKEN config/", f"config/a.yml: token: {GH}\n")):
        reply(hook(_post(agent, git_repo, command, output), git_repo))
    with Store.open(str(store_path(git_repo))) as s:
        rows = s.rows("evidence")
    assert len(rows) == 4
    assert sum("output withheld" in (r["output_excerpt"] or "") for r in rows) == 3
    _assert_nothing_kept(git_repo)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_bearer_token_on_the_command_line_is_not_kept_in_decisions(agent: str, git_repo: Path) -> None:
    commands = [f'curl -H "Authorization: Bearer {BEARER}" https://api.example/x',
                f"git push https://x:{GH}@github.com/a/b.git main", f"mysql --password {PASSWORD} -e 'select 1'"]
    for command in commands:
        reply(hook(pre_bash(agent, git_repo, command), git_repo))
    run_statewise(["doctor", "--json"], git_repo)  # folds the ledger into the store
    with Store.open(str(store_path(git_repo))) as s:
        assert len(s.rows("decisions")) == 3
    _assert_nothing_kept(git_repo)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_malformed_payload_log_keeps_no_secret(agent: str, git_repo: Path) -> None:
    raw = json.dumps(pre_bash(agent, git_repo, f"curl -H 'Authorization: Bearer {BEARER}' -u admin:{PASSWORD} x"))
    reply(hook(raw[:-1], git_repo))
    logs = list((Path(os.environ["STATEWISE_HOME"]) / "logs").glob("*.log"))
    assert logs and all(p.stat().st_mode & 0o077 == 0 for p in logs)
    _assert_nothing_kept(git_repo)
