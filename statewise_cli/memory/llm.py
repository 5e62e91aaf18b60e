"""Optional: an LLM reads the prose of a memory file, for facts the deterministic rules miss.

Used only when the user configured an endpoint in their own statewise config (``[llm]`` with
``base_url`` and ``model``; see :class:`statewise_cli.config.settings.LlmSettings`) and only by
``import-memory`` (never on the hook path). Ambient ``OPENAI_*`` variables never decide that data is sent.

Bounded: one request per file, the input cut at ``max_input_chars``, the answer at ``max_tokens``, the
whole call at ``timeout_seconds`` with no retries. Verified like the deterministic facts, and more: a
proposed fact is kept only when its key is in the vocabulary, its line exists and its value is written
on that line (a command must also look like one and be safe). It is merged under the deterministic
facts: a value the rules already found is not added twice. Any failure — no ``openai`` package, a
refused connection, a timeout, an answer that is not JSON — yields no LLM facts and the import goes on
with the deterministic ones (``last_error`` says why).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from typing import Any

from statewise_cli.memory.extract import COMMAND_KINDS, Fact, _is_command, _slug, unsafe_command

ORIGIN = "llm"
_KINDS = "|".join(COMMAND_KINDS)
_KEY = re.compile(rf"^(command\.(?:{_KINDS})|package_manager|version\.[a-z]+|git\.default_branch|env\.[A-Z][A-Z0-9_]{{2,}}|"
                  r"path\.[a-z0-9_]+|policy\.[a-z0-9_]+)$")
_QUALIFIERS = ("", "e2e", "watch", "single", "coverage", "ci", "check", "fix")

PROMPT = """You extract operational facts from a memory file (CLAUDE.md / AGENTS.md) that coding agents read.
Return only JSON: {"facts": [{"line": N, "key": "...", "value": "...", "qualifier": "", "default": false}]}.
Keys: command.test, command.build, command.lint, command.format, command.typecheck, command.run, command.dev,
command.install (value: the exact command as written on that line), package_manager (npm, pnpm, yarn, bun, pip,
uv, poetry, pdm, cargo, go, ...), version.<language> (a runtime version constraint: "3.12", ">=20"),
git.default_branch, env.<NAME> (value "required"; only variables the file says are required),
path.<component_slug> (a repository path the file says a named component lives in), policy.<slug> (a git, commit,
pull-request or release rule; value: the rule sentence).
Rules: only facts the file states for this project; not examples, placeholders offered as illustrations, generic
advice, commands shown as wrong, docs builds, deploys or clean-ups. "qualifier": e2e, watch, single (one test or
file), coverage, ci, check or fix when the command is such a variant, else "". "default": true only when the file
says this is THE command for its task. "line" is the 1-based line number shown before each line."""


class LlmUnavailable(Exception):
    pass


last_error: str | None = None


def _numbered(text: str, limit: int) -> str:
    out, size = [], 0
    for number, line in enumerate(text.splitlines(), start=1):
        entry = f"{number}: {line}"
        size += len(entry) + 1
        if size > limit:
            break
        out.append(entry)
    return "\n".join(out)


def ask(text: str, config: Any, env: Mapping[str, str]) -> list[dict[str, Any]]:
    """The raw facts the configured endpoint proposes for ``text`` (raises on any failure)."""
    try:
        from openai import OpenAI  # lazy: the optional `llm` extra
    except ImportError as exc:
        raise LlmUnavailable("the openai package is not installed (pip install 'statewise[llm]')") from exc
    key = env.get(config.api_key_env) if config.api_key_env else None
    client = OpenAI(base_url=config.base_url, api_key=key or "not-needed", timeout=float(config.timeout_seconds),
                    max_retries=0)
    response = client.chat.completions.create(
        model=config.model,
        messages=[{"role": "system", "content": PROMPT},
                  {"role": "user", "content": _numbered(text, int(config.max_input_chars))}],
        max_tokens=int(config.max_tokens),
        temperature=0,
    )
    content = (response.choices[0].message.content or "").strip()
    if content.startswith("```"):
        content = content.strip("`").removeprefix("json").strip()
    data = json.loads(content)
    facts = data.get("facts") if isinstance(data, dict) else data
    if not isinstance(facts, list):
        raise TypeError("the answer has no list of facts")
    return [f for f in facts if isinstance(f, dict)]


def _squash(text: str) -> str:
    return " ".join(text.replace("`", " ").replace("**", " ").split())


def verify(raw: dict[str, Any], lines: list[str]) -> Fact | None:
    """A proposed fact checked against the file: vocabulary, line, and its value written on that line."""
    key, value, line = raw.get("key"), raw.get("value"), raw.get("line")
    if not isinstance(key, str) or not _KEY.match(key) or not isinstance(line, int) or isinstance(line, bool):
        return None
    if not 1 <= line <= len(lines) or not isinstance(value, (str, int, float)) or isinstance(value, bool):
        return None
    value = str(value).strip().strip("`").strip()
    source = lines[line - 1]
    written = _squash(source)
    qualifier = raw.get("qualifier") if raw.get("qualifier") in _QUALIFIERS else ""
    explicit = raw.get("default") is True
    if not value:
        return None
    if key.startswith("command."):
        if _squash(value) not in written or not _is_command(value) or unsafe_command(value):
            return None
        return Fact(key, value, "command", line=line, text=source.strip(), qualifier=str(qualifier), explicit=explicit)
    if key.startswith("env."):
        if key[4:] not in source or value.lower() != "required":
            return None
        return Fact(key, "required", "env", line=line, text=source.strip())
    if key.startswith("policy."):
        if len(value) < 8:
            return None
        sentence = value[:200]
        return Fact(f"policy.{_slug(sentence)}", sentence, "intent", line=line, authority="developer", text=source.strip())
    if key == "package_manager":
        if not re.search(rf"\b{re.escape(value.lower())}\b", source.lower()):
            return None
        return Fact(key, value.lower(), "package_manager", line=line, text=source.strip(), explicit=explicit)
    if key.startswith("version."):
        number = re.search(r"\d+(?:\.\d+)*", value)
        if not number or number.group(0) not in source or not re.search(rf"\b{re.escape(key[8:])}", source, re.IGNORECASE):
            return None
        return Fact(key, value.replace(" ", ""), "version", line=line, text=source.strip(),
                    qualifier="minimum" if value.startswith(">=") else "")
    if key == "git.default_branch":
        if not re.search(rf"(?<![\w/-]){re.escape(value)}(?![\w/-])", source):
            return None
        return Fact(key, value, "branch_policy", line=line, text=source.strip())
    # path.*
    if value not in source or " " in value or value.startswith(("http", "../", "~")):
        return None
    return Fact(key, value, "path", line=line, text=source.strip())


def _identity(fact: Fact) -> tuple[str, str]:
    if fact.key.startswith("policy."):
        return "policy", str(fact.line)
    family = fact.key if fact.key.startswith(("env.", "version.")) else ".".join(fact.key.split(".")[:2])
    if fact.key.startswith("path."):
        family = "path"
    return family, " ".join(str(fact.value).split()).lower().rstrip("/")


def merge(text: str, facts: list[Fact], config: Any, env: Mapping[str, str]) -> list[Fact]:
    """The verified LLM facts the deterministic ``facts`` do not already hold ([] on any failure)."""
    global last_error
    last_error = None
    if config is None or not getattr(config, "enabled", False):
        return []
    try:
        proposed = ask(text, config, env)
    except Exception as exc:  # noqa: BLE001 - any failure of the optional path falls back to the rules
        last_error = f"{type(exc).__name__}: {str(exc)[:200]}"
        return []
    lines = text.splitlines()
    known = {_identity(f) for f in facts}
    policy_lines = {f.line for f in facts if f.key.startswith("policy.")}
    added: list[Fact] = []
    for raw in proposed[:200]:
        fact = verify(raw, lines)
        if fact is None:
            continue
        ident = _identity(fact)
        if ident in known or ident[0] == "policy" and any(abs(fact.line - n) <= 1 for n in policy_lines):
            continue
        known.add(ident)
        added.append(fact.replace(origin=ORIGIN))
    return added


def configured(env: Mapping[str, str]) -> Any:
    """The user's ``[llm]`` settings when an endpoint is configured, else None (an invalid config: None too)."""
    from statewise_cli.config.paths import config_home, load_toml
    from statewise_cli.config.settings import USER_FILE, from_tables
    from statewise_cli.errors import ConfigError

    try:
        data = load_toml(os.path.join(config_home(env), USER_FILE))
        if not data or "llm" not in data:
            return None
        config = from_tables({"llm": data["llm"]}, "llm").llm
    except ConfigError:
        return None
    return config if config.enabled else None
