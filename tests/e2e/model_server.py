"""A scripted language-model server for driving the real agent binaries in tests.

Stdlib only. It binds 127.0.0.1 on an ephemeral port and speaks just enough of two wire protocols:

* the Anthropic Messages API as Claude Code calls it (``POST /v1/messages?beta=true``, SSE), and
* the OpenAI Responses API as Codex CLI calls it (``POST /v1/responses``, SSE).

A *script* is a list of turns. Every main-conversation request consumes the next turn; once the
script is exhausted the server answers with the final text (``"done"``). A turn is either
``ToolCall(name, input)`` or ``Text(text)``; the server renders it for whichever API asked:

====================  ==========================================  ===============================================
turn                  Anthropic (Claude Code)                     Responses (Codex)
====================  ==========================================  ===============================================
``bash("git st")``    ``tool_use Bash {"command": "git st"}``     ``function_call exec_command {"cmd": "git st"}``
``apply_patch(p)``    ``tool_use apply_patch`` (Claude has none)  ``custom_tool_call apply_patch input=p``
``ToolCall(n, d)``    ``tool_use n d``                            ``function_call n json.dumps(d)``
``Text("hi")``        ``text`` block, ``stop_reason end_turn``    ``message`` with ``output_text``
====================  ==========================================  ===============================================

Side requests -- requests that are not the agent's main conversation -- are answered without
consuming the script (see ``_is_side_request``: no ``tools``, or ``max_tokens == 1``). Observed with
the pinned versions: Claude Code 2.1.328 in ``-p`` mode sends ONLY main-conversation
``POST /v1/messages?beta=true`` (``stream: true``, 12+ tools, ``max_tokens`` 128000) -- no title,
quota or count_tokens calls; without ``CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC`` it adds one
``HEAD /api/hello`` (answered 200 ``{}``). Codex 0.169.0 sends only ``POST /v1/responses``.

Every request is recorded (``server.requests``) so tests can assert on what the model was shown,
e.g. that a hook's deny reason reached the model::

    with ModelServer([bash("git push --force origin main")]) as server:
        run = agents.run_claude(repo, "push it", server, ...)
        assert "protected" in server.tool_result(server.tool_call_ids[0])
"""

from __future__ import annotations

import ctypes
import gzip
import itertools
import json
import os
import shutil
import subprocess
import threading
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal, Self
from urllib.parse import urlsplit

Api = Literal["anthropic", "responses"]

FINAL_TEXT = "done"


@dataclass(frozen=True)
class ToolCall:
    """The model calls tool ``name`` with ``input``. ``call_id`` defaults to a generated id."""

    name: str
    input: dict[str, Any]
    call_id: str | None = None


@dataclass(frozen=True)
class Text:
    """The model answers with plain text and ends its turn."""

    text: str


Turn = ToolCall | Text


def bash(command: str, *, description: str = "run a command", call_id: str | None = None) -> ToolCall:
    """A shell call: Claude ``Bash {command, description}``, Codex ``exec_command {cmd}``."""
    return ToolCall("Bash", {"command": command, "description": description}, call_id)


def apply_patch(patch: str, *, call_id: str | None = None) -> ToolCall:
    """A Codex ``apply_patch`` custom tool call (freeform input = the patch text)."""
    return ToolCall("apply_patch", {"input": patch}, call_id)


@dataclass
class RecordedRequest:
    """One HTTP request the server received."""

    method: str
    path: str
    api: Api | None
    body: Any
    side: bool
    # the turn that answered it, None for side requests and probes
    turn: Turn | None = None
    call_id: str | None = None
    headers: dict[str, str] = field(default_factory=dict)


class ModelServer:
    """Scripted model server. Use as a context manager or call ``start()`` / ``stop()``."""

    def __init__(
        self, script: Iterable[Turn] = (), *, final_text: str = FINAL_TEXT, isolate_network: bool | None = None
    ) -> None:
        """``isolate_network``: True = serve inside a fresh network namespace that has only loopback
        (agents are then started with ``nsenter --net=<netns_path>``; needs root, ``unshare``,
        ``nsenter``, ``ip``); False = plain 127.0.0.1; None (default) = isolate when possible."""
        self.script: list[Turn] = list(script)
        self.final_text = final_text
        self.isolate_network = isolate_network
        self._netns: _NetnsHolder | None = None
        self.requests: list[RecordedRequest] = []
        self._next_turn = 0
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> ModelServer:
        server = self

        class Handler(_Handler):
            model_server = server

        want = self.isolate_network
        if want is None:
            want = _NetnsHolder.possible()
        if want:
            try:
                self._netns = _NetnsHolder()
                self._httpd = _in_netns(self._netns.path, lambda: ThreadingHTTPServer(("127.0.0.1", 0), Handler))
            except OSError:
                if self._netns is not None:
                    self._netns.close()
                    self._netns = None
                if self.isolate_network:
                    raise
        if self._httpd is None:
            self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="model-server", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._netns is not None:
            self._netns.close()
            self._netns = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def netns_path(self) -> str | None:
        """``/proc/<pid>/ns/net`` of the loopback-only namespace the server listens in, or None."""
        return self._netns.path if self._netns is not None else None

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        """Base URL for ``ANTHROPIC_BASE_URL`` (Claude Code appends ``/v1/messages``)."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_base_url(self) -> str:
        """Base URL for a Codex model provider (Codex appends ``/responses``)."""
        return f"{self.url}/v1"

    # -- script ----------------------------------------------------------------------------------
    def extend(self, turns: Iterable[Turn]) -> None:
        with self._lock:
            self.script.extend(turns)

    @property
    def exhausted(self) -> bool:
        return self._next_turn >= len(self.script)

    def _take_turn(self, api: Api) -> tuple[Turn, str | None]:
        with self._lock:
            if self._next_turn < len(self.script):
                turn = self.script[self._next_turn]
                self._next_turn += 1
            else:
                turn = Text(self.final_text)
            call_id = None
            if isinstance(turn, ToolCall):
                n = next(self._ids)
                call_id = turn.call_id or (f"toolu_e2e_{n:04d}" if api == "anthropic" else f"call_e2e_{n:04d}")
            return turn, call_id

    # -- inspection ------------------------------------------------------------------------------
    @property
    def conversation_requests(self) -> list[RecordedRequest]:
        """Main-conversation model requests in arrival order (each consumed a turn)."""
        return [r for r in self.requests if r.api is not None and not r.side]

    @property
    def side_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.api is not None and r.side]

    @property
    def bodies(self) -> list[Any]:
        """Parsed JSON bodies of the main-conversation requests."""
        return [r.body for r in self.conversation_requests]

    @property
    def tool_call_ids(self) -> list[str]:
        """Ids the server gave to the tool calls it issued, in order."""
        return [r.call_id for r in self.conversation_requests if r.call_id]

    def request_after(self, call_id: str) -> RecordedRequest | None:
        """The first main-conversation request that carries the result of ``call_id``."""
        for r in self.conversation_requests:
            if call_id in tool_results(r.body):
                return r
        return None

    def tool_result(self, call_id: str) -> str | None:
        """Text the agent sent back to the model for tool call ``call_id`` (None if never sent)."""
        r = self.request_after(call_id)
        return None if r is None else tool_results(r.body)[call_id]

    def last_tool_result(self) -> str | None:
        """Text of the last tool result in the last main-conversation request that has one."""
        for r in reversed(self.conversation_requests):
            results = tool_results(r.body)
            if results:
                return list(results.values())[-1]
        return None

    def find(self, needle: str) -> list[tuple[int, str]]:
        """Where ``needle`` occurs in the main-conversation requests: ``[(request index, JSON path)]``.

        E.g. ``[(1, "messages[3].content[0].content")]`` -- to find where a hook's message landed.
        """
        return [(i, path) for i, body in enumerate(self.bodies) for path in find_text(body, needle)]


def find_text(obj: Any, needle: str, path: str = "") -> list[str]:
    """JSON paths of the string leaves of ``obj`` that contain ``needle``."""
    if isinstance(obj, str):
        return [path or "$"] if needle in obj else []
    if isinstance(obj, dict):
        return [p for k, v in obj.items() for p in find_text(v, needle, f"{path}.{k}" if path else str(k))]
    if isinstance(obj, list):
        return [p for i, v in enumerate(obj) for p in find_text(v, needle, f"{path}[{i}]")]
    return []


# -- network isolation ---------------------------------------------------------------------------------

_CLONE_NEWNET = 0x40000000


class _NetnsHolder:
    """A network namespace with only ``lo`` up, kept alive by a sleeping ``unshare -n`` process."""

    @staticmethod
    def possible() -> bool:
        return (
            hasattr(os, "geteuid")
            and os.geteuid() == 0
            and all(shutil.which(tool) for tool in ("unshare", "nsenter", "ip"))
            and os.path.exists("/proc/thread-self/ns/net")
        )

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            ["unshare", "--net", "sh", "-c", "ip link set lo up && echo ready && exec sleep 2147483647"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        assert self.proc.stdout is not None
        if self.proc.stdout.readline().strip() != b"ready":
            self.close()
            raise OSError("could not create a loopback-only network namespace")
        self.path = f"/proc/{self.proc.pid}/ns/net"

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def _in_netns(path: str, fn: Any) -> Any:
    """Call ``fn`` with this thread switched into the network namespace at ``path``.

    Sockets keep the namespace they were created in, so a server socket created here accepts
    connections from processes in that namespace only, whichever thread serves it later.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    own = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
    target = os.open(path, os.O_RDONLY)
    try:
        if libc.setns(target, _CLONE_NEWNET) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"setns({path}): {os.strerror(err)}")
        try:
            return fn()
        finally:
            if libc.setns(own, _CLONE_NEWNET) != 0:  # pragma: no cover - would leave the thread jailed
                err = ctypes.get_errno()
                raise SystemExit(f"could not leave network namespace: {os.strerror(err)}")
    finally:
        os.close(own)
        os.close(target)


# -- tool results out of request bodies -------------------------------------------------------------


def _content_text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, dict):
                if "text" in block:
                    parts.append(str(block["text"]))
                elif block.get("type") == "tool_reference":
                    parts.append(str(block.get("tool_name", "")))
            else:
                parts.append(str(block))
        return "\n".join(parts)
    return json.dumps(content)


def tool_results(body: Any) -> dict[str, str]:
    """``{call_id: text}`` of every tool result in a request body of either API, in order.

    Anthropic: ``messages[].content[]`` blocks ``{"type": "tool_result", "tool_use_id", "content"}``.
    Responses: ``input[]`` items ``function_call_output`` / ``custom_tool_call_output``
    ``{"call_id", "output"}`` (output is a string or a list of content items).
    """
    out: dict[str, str] = {}
    if not isinstance(body, dict):
        return out
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):
            for block in content:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    out[block.get("tool_use_id", "")] = _content_text(block.get("content"))
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("type") in ("function_call_output", "custom_tool_call_output"):
            output = item.get("output")
            if isinstance(output, dict):  # {"content": ..., "success": ...} shapes
                output = output.get("content", output)
            out[item.get("call_id", "")] = _content_text(output)
    return out


# -- side-request detection ---------------------------------------------------------------------------


def _is_side_request(api: Api, body: Any) -> bool:
    """True for a model request that is not the agent's main conversation.

    The main conversation of both agents always offers tools. Claude Code's side calls (quota probe
    ``max_tokens: 1`` with ``"quota"`` as the only message, title/topic generation, bash-prefix and
    web-fetch summarisation, compaction summaries) are sent without ``tools``. Codex's main turns
    carry ``tools`` too.
    """
    if not isinstance(body, dict):
        return True
    if api == "anthropic":
        if body.get("max_tokens") == 1:
            return True
        return not body.get("tools")
    return not body.get("tools")


# -- SSE rendering --------------------------------------------------------------------------------------


def _sse(events: list[tuple[str, dict[str, Any]]]) -> bytes:
    return b"".join(
        f"event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode() for name, data in events
    )


_USAGE_IN, _USAGE_OUT = 100, 10


def _anthropic_message(turn: Turn, call_id: str | None, model: str, msg_id: str) -> dict[str, Any]:
    if isinstance(turn, ToolCall):
        content = [{"type": "tool_use", "id": call_id, "name": turn.name, "input": turn.input}]
        stop = "tool_use"
    else:
        content = [{"type": "text", "text": turn.text}]
        stop = "end_turn"
    return {
        "id": msg_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": _USAGE_IN, "output_tokens": _USAGE_OUT},
    }


def _anthropic_sse(turn: Turn, call_id: str | None, model: str, msg_id: str) -> bytes:
    start = {
        "id": msg_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {
            "input_tokens": _USAGE_IN,
            "output_tokens": 1,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
        },
    }
    events: list[tuple[str, dict[str, Any]]] = [("message_start", {"type": "message_start", "message": start})]
    if isinstance(turn, ToolCall):
        block = {"type": "tool_use", "id": call_id, "name": turn.name, "input": {}}
        delta = {"type": "input_json_delta", "partial_json": json.dumps(turn.input)}
        stop = "tool_use"
    else:
        block = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": turn.text}
        stop = "end_turn"
    events += [
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": stop, "stop_sequence": None},
                "usage": {"output_tokens": _USAGE_OUT},
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return _sse(events)


def _responses_item(turn: Turn, call_id: str | None, n: int) -> dict[str, Any]:
    if isinstance(turn, Text):
        return {
            "type": "message",
            "id": f"msg_e2e_{n:04d}",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": turn.text, "annotations": []}],
        }
    if turn.name == "apply_patch":
        patch = turn.input.get("input", turn.input.get("patch", ""))
        return {
            "type": "custom_tool_call",
            "id": f"ctc_e2e_{n:04d}",
            "status": "completed",
            "call_id": call_id,
            "name": "apply_patch",
            "input": patch,
        }
    if turn.name in ("Bash", "exec_command"):
        args: dict[str, Any] = {"cmd": turn.input.get("command", turn.input.get("cmd", ""))}
        for key in ("workdir", "yield_time_ms", "max_output_tokens", "timeout_ms"):
            if key in turn.input:
                args[key] = turn.input[key]
        name = "exec_command"
    else:
        args, name = turn.input, turn.name
    return {
        "type": "function_call",
        "id": f"fc_e2e_{n:04d}",
        "status": "completed",
        "call_id": call_id,
        "name": name,
        "arguments": json.dumps(args),
    }


def _responses_sse(turn: Turn, call_id: str | None, model: str, n: int) -> bytes:
    resp_id = f"resp_e2e_{n:04d}"
    item = _responses_item(turn, call_id, n)
    base = {"id": resp_id, "object": "response", "model": model, "status": "in_progress", "output": []}
    usage = {
        "input_tokens": _USAGE_IN,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": _USAGE_OUT,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": _USAGE_IN + _USAGE_OUT,
    }
    added = dict(item)
    if item["type"] == "message":
        added["content"] = []
        added["status"] = "in_progress"
    events: list[tuple[str, dict[str, Any]]] = [
        ("response.created", {"type": "response.created", "response": base}),
        ("response.output_item.added", {"type": "response.output_item.added", "output_index": 0, "item": added}),
    ]
    if item["type"] == "message":
        events.append(
            (
                "response.output_text.delta",
                {
                    "type": "response.output_text.delta",
                    "item_id": item["id"],
                    "output_index": 0,
                    "content_index": 0,
                    "delta": item["content"][0]["text"],
                },
            )
        )
    events += [
        ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0, "item": item}),
        (
            "response.completed",
            {
                "type": "response.completed",
                "response": {**base, "status": "completed", "output": [item], "usage": usage},
            },
        ),
    ]
    return _sse(events)


# -- HTTP -----------------------------------------------------------------------------------------------


class _Handler(BaseHTTPRequestHandler):
    model_server: ModelServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _read_body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        encoding = (self.headers.get("Content-Encoding") or "").lower()
        if encoding == "gzip":
            raw = gzip.decompress(raw)
        elif encoding == "deflate":
            raw = zlib.decompress(raw)
        if not raw:
            return None
        try:
            return json.loads(raw)
        except ValueError:
            return raw.decode("utf-8", "replace")

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if content_type == "text/event-stream":
            self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _record(self, api: Api | None, body: Any, side: bool) -> RecordedRequest:
        rec = RecordedRequest(self.command, self.path, api, body, side, headers=dict(self.headers.items()))
        with self.model_server._lock:
            self.model_server.requests.append(rec)
        return rec

    def do_HEAD(self) -> None:
        self._record(None, None, True)
        self._send(200, b"{}", "application/json")

    def do_GET(self) -> None:
        self._record(None, None, True)
        path = urlsplit(self.path).path
        if path.rstrip("/").endswith("/models"):
            self._send(200, json.dumps({"object": "list", "data": [], "models": []}).encode(), "application/json")
        else:
            self._send(200, b"{}", "application/json")

    def do_POST(self) -> None:
        body = self._read_body()
        path = urlsplit(self.path).path
        if path.endswith("/messages/count_tokens"):
            self._record("anthropic", body, True)
            self._send(200, json.dumps({"input_tokens": _USAGE_IN}).encode(), "application/json")
            return
        if path.endswith("/messages"):
            self._anthropic(body)
            return
        if path.endswith("/responses"):
            self._responses(body)
            return
        self._record(None, body, True)
        self._send(200, b"{}", "application/json")

    def _anthropic(self, body: Any) -> None:
        server = self.model_server
        side = _is_side_request("anthropic", body)
        rec = self._record("anthropic", body, side)
        model = body.get("model", "claude-test") if isinstance(body, dict) else "claude-test"
        if side:
            turn, call_id = Text(server.final_text), None
        else:
            turn, call_id = server._take_turn("anthropic")
            rec.turn, rec.call_id = turn, call_id
        msg_id = f"msg_e2e_{len(server.requests):04d}"
        if isinstance(body, dict) and body.get("stream"):
            self._send(200, _anthropic_sse(turn, call_id, model, msg_id), "text/event-stream")
        else:
            payload = json.dumps(_anthropic_message(turn, call_id, model, msg_id)).encode()
            self._send(200, payload, "application/json")

    def _responses(self, body: Any) -> None:
        server = self.model_server
        side = _is_side_request("responses", body)
        rec = self._record("responses", body, side)
        model = body.get("model", "gpt-test") if isinstance(body, dict) else "gpt-test"
        if side:
            turn, call_id = Text(server.final_text), None
        else:
            turn, call_id = server._take_turn("responses")
            rec.turn, rec.call_id = turn, call_id
        self._send(200, _responses_sse(turn, call_id, model, len(server.requests)), "text/event-stream")
