"""Config facts: a key's value in a TOML / JSON / YAML / .env / INI file of the repository.

Key form: ``config.<relative file>#<dotted.key>`` (``config.pyproject.toml#tool.ruff.line-length``,
``config..env#DATABASE_URL``). Values that look secret — by key name, or by being
long and high-entropy — are compared and reported only as ``sha256:<hex>``; their
text never reaches evidence or values. YAML is read by a small safe subset parser
(nested mappings, lists, scalars, quotes, comments) so no dependency is needed.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from typing import Any

from statewise_cli.store.records import Record
from statewise_cli.store.redact import is_hashed, keyed_hash, secret_name, secret_value
from statewise_cli.verifiers.base import CannotVerify, Observation, VerifyContext, observe, register

Result = Observation | CannotVerify
MISSING = object()


# --- secrets ---


def looks_secret(key_parts: list[str], value: Any) -> bool:
    """By key name (any part: PASS, PWD, SECRET, TOKEN, KEY, AUTH, COOKIE, SESSION, CREDENTIAL, PRIVATE),
    by its shape (a token, ``Basic …``, a URL with credentials) or long and high-entropy; tables recursively."""
    if isinstance(value, dict):
        return any(looks_secret([*key_parts, str(k)], v) for k, v in value.items()) or looks_secret(key_parts, None)
    if isinstance(value, list):
        return any(looks_secret(key_parts, v) for v in value) or looks_secret(key_parts, None)
    for part in key_parts:
        if secret_name(re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", part)):
            return True
    if value is None:
        return False
    return secret_value(value_text(value))


def value_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def sha(value: Any) -> str:
    """The unkeyed digest older stores kept (``sha256:``): still compared, never produced."""
    return "sha256:" + hashlib.sha256(value_text(value).encode("utf-8")).hexdigest()


def secret_matches(claimed: Any, observed: Any, store_dir: str) -> bool:
    if isinstance(claimed, str) and claimed.startswith("sha256:"):
        return claimed == sha(observed)
    digest = keyed_hash(store_dir, value_text(observed))
    if isinstance(claimed, str) and claimed.startswith("hmac-sha256:"):
        return claimed == digest
    return keyed_hash(store_dir, value_text(claimed)) == digest


def same(claimed: Any, observed: Any) -> bool:
    if isinstance(claimed, (int, float)) and isinstance(observed, (int, float)) and not (
            isinstance(claimed, bool) or isinstance(observed, bool)):
        return claimed == observed
    if claimed == observed and type(claimed) is type(observed):
        return True
    a, b = value_text(claimed).strip(), value_text(observed).strip()
    return a == b or (a.lower() in ("true", "false") and a.lower() == b.lower())


# --- parsers ---


def _strip_comment(text: str) -> str:
    quote = None
    for i, char in enumerate(text):
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
    return text.rstrip()


def yaml_scalar(text: str) -> Any:
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        try:
            return json.loads(text)
        except ValueError:
            return text[1:-1]
    if text.startswith("[") and text.endswith("]"):
        return [yaml_scalar(x) for x in _split_flow(text[1:-1])]
    if text.startswith("{") and text.endswith("}"):
        pairs = [x.split(":", 1) for x in _split_flow(text[1:-1])]
        return {yaml_scalar(k): yaml_scalar(v[0]) if v else None for k, *v in pairs}
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if re.fullmatch(r"[-+]?\d+", text):
        return int(text)
    if re.fullmatch(r"[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?", text):
        return float(text)
    return text


def _split_flow(text: str) -> list[str]:
    items, depth, current, quote = [], 0, "", None
    for char in text:
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(current)
            current = ""
            continue
        current += char
    return [i.strip() for i in [*items, current] if i.strip()]


def _split_key(content: str) -> tuple[str, str] | None:
    match = re.match(r"""^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^:#]+?)\s*:(?:\s+(.*)|$)""", content)
    if not match:
        return None
    key = match.group(1)
    return str(yaml_scalar(key)) if key[0] in "\"'" else key, match.group(2) or ""


def parse_yaml(text: str) -> Any:
    """A safe YAML subset: block mappings and lists by indentation, flow lists/maps, scalars, ``|``/``>``."""
    raw = text.splitlines()
    lines: list[tuple[int, str, int]] = []  # (indent, content, index into raw)
    for index, line in enumerate(raw):
        if line.strip() in ("---", "...") and lines:
            break
        content = _strip_comment(line)
        if content.strip() and not content.startswith(("%", "---")):
            lines.append((len(content) - len(content.lstrip(" ")), content.strip(), index))

    def block(i: int, indent: int) -> tuple[Any, int]:
        if i < len(lines) and (lines[i][1] == "-" or lines[i][1].startswith("- ")):
            items: list[Any] = []
            while i < len(lines) and lines[i][0] == indent and (lines[i][1] == "-" or lines[i][1].startswith("- ")):
                rest = lines[i][1][1:].strip()
                if not rest:
                    value, i = block(i + 1, lines[i + 1][0]) if i + 1 < len(lines) and lines[i + 1][0] > indent \
                        else (None, i + 1)
                elif _split_key(rest) and not rest.startswith(("[", "{", "\"", "'")):
                    lines[i] = (indent + 2, rest, lines[i][2])
                    value, i = block(i, indent + 2)
                else:
                    value, i = yaml_scalar(rest), i + 1
                items.append(value)
            return items, i
        mapping: dict[str, Any] = {}
        while i < len(lines) and lines[i][0] == indent:
            pair = _split_key(lines[i][1])
            if pair is None:
                raise ValueError(f"line {lines[i][2] + 1}: expected 'key: value'")
            key, rest = pair
            if rest in ("|", ">", "|-", ">-", "|+", ">+"):
                j = i + 1
                while j < len(lines) and lines[j][0] > indent:
                    j += 1
                end = lines[j][2] if j < len(lines) else len(raw)
                body = raw[lines[i][2] + 1 : end]
                cut = min((len(r) - len(r.lstrip()) for r in body if r.strip()), default=0)
                joined = ("\n" if rest[0] == "|" else " ").join(r[cut:] for r in body).strip("\n")
                mapping[key], i = joined + ("" if rest.endswith("-") else "\n"), j
            elif rest:
                mapping[key], i = yaml_scalar(rest), i + 1
            elif i + 1 < len(lines) and (lines[i + 1][0] > indent or (
                    lines[i + 1][0] == indent and lines[i + 1][1].startswith("- "))):
                mapping[key], i = block(i + 1, lines[i + 1][0])
            else:
                mapping[key], i = None, i + 1
        return mapping, i

    if not lines:
        return None
    value, end = block(0, lines[0][0])
    if end < len(lines):
        raise ValueError(f"line {lines[end][2] + 1}: unexpected indentation")
    return value


def parse_env(text: str) -> dict[str, str]:
    values: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = line[len("export ") :].strip() if line.startswith("export ") else line
        key, sep, value = line.partition("=")
        if not sep:
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1].replace("\\n", "\n") if value[0] == '"' else value[1:-1]
        else:
            value = _strip_comment(value)
        values[key.strip()] = value
    return values


def parse(name: str, text: str) -> Any:
    base = os.path.basename(name).lower()
    if base.endswith(".toml"):
        import tomllib

        return tomllib.loads(text)
    if base.endswith(".json"):
        try:
            return json.loads(text)
        except ValueError:  # tsconfig-style comments
            return json.loads(re.sub(r"^\s*//.*$|/\*.*?\*/", "", text, flags=re.MULTILINE | re.DOTALL))
    if base.endswith((".yaml", ".yml")):
        return parse_yaml(text)
    if base == ".env" or base.startswith(".env.") or base.endswith(".env"):
        return parse_env(text)
    if base.endswith((".ini", ".cfg")):
        import configparser

        parser = configparser.ConfigParser(interpolation=None)
        parser.read_string(text)
        return {section: dict(parser[section]) for section in parser.sections()}
    raise ValueError("unsupported format (use .toml, .json, .yaml/.yml, .env, .ini/.cfg)")


def lookup(data: Any, parts: list[str]) -> Any:
    """Follow dotted parts, also trying keys that contain dots (``engines.node`` in one JSON key)."""
    if not parts:
        return data
    if isinstance(data, list) and parts[0].isdigit() and int(parts[0]) < len(data):
        return lookup(data[int(parts[0])], parts[1:])
    if isinstance(data, dict):
        for j in range(len(parts), 0, -1):
            key = ".".join(parts[:j])
            if key in data:
                found = lookup(data[key], parts[j:])
                if found is not MISSING:
                    return found
    return MISSING


def split_key(dotted: str) -> list[str]:
    return [a or b or c for a, b, c in re.findall(r'"([^"]*)"|\'([^\']*)\'|([^.]+)', dotted)]


class ConfigValue:
    name = "config.value"
    keys = ("config.*#*",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        file, _, dotted = record.key[len("config.") :].partition("#")
        relative = os.path.normpath(file) if file else ""
        if not relative or not dotted or os.path.isabs(relative) or relative.startswith(".."):
            return CannotVerify(self.name, f"use config.<repo-relative file>#<dotted.key>, not {record.key!r}")
        parts = [dotted] if parse_is_env(relative) else split_key(dotted)
        inputs = {relative: ctx.file_hash(relative)}
        text = ctx.read(relative)
        if text is None:
            return observe(self.name, record, None, "repository", False, f"{relative} does not exist", inputs)
        try:
            data = parse(relative, text)
        except Exception as exc:  # noqa: BLE001 -- any parser error: the file is unreadable, not the record wrong
            return CannotVerify(self.name, f"cannot parse {relative}: {type(exc).__name__}: {str(exc)[:200]}")
        observed = lookup(data, parts)
        if observed is MISSING:
            return observe(self.name, record, None, "repository", False, f"{relative} has no key {dotted}", inputs)
        if looks_secret(parts, observed) or looks_secret(parts, record.value) or is_hashed(record.value):
            # Only a keyed hash (the store's own salt) is kept or shown: never the text.
            store_dir = ctx.repo.store_dir
            digest = keyed_hash(store_dir, value_text(observed))
            evidence = f"{relative}: {dotted} is set (secret-looking: compared by keyed hash, text withheld)"
            return observe(self.name, record, digest, "repository", secret_matches(record.value, observed, store_dir),
                           evidence, inputs)
        line = _line_of(text, parts[-1], value_text(observed))
        evidence = f"{relative}:{line[0]}: {line[1]}" if line else f"{relative}: {dotted} = {json.dumps(observed)}"
        return observe(self.name, record, observed, "repository", same(record.value, observed), evidence, inputs)


def parse_is_env(name: str) -> bool:
    base = os.path.basename(name).lower()
    return base == ".env" or base.startswith(".env.") or base.endswith(".env")


def _line_of(text: str, leaf: str, shown: str) -> tuple[int, str] | None:
    """The line that sets ``leaf`` to ``shown`` (for evidence), when one clearly does."""
    pattern = re.compile(rf"""^\s*(export\s+)?["']?{re.escape(leaf)}["']?\s*[:=]""")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.match(line) and shown in line:
            return number, line.strip()[:300]
    return None


register(ConfigValue())
