"""Secrets out of everything statewise keeps: evidence excerpts, decisions, incidents, logs, records.

Called only where text is stored, and cheap first: each rule has a substring screen (no ``re``
import, ~1 µs on ordinary text) and its pattern is compiled only when the screen hits.

- token shapes: ``Bearer …``, ``Basic …``, ``ghp_…``/``github_pat_…``, ``sk-…``, ``AKIA…``,
  ``xox?-…``, ``glpat-…``, ``npm_…``, ``AIza…``, PEM private keys;
- ``NAME=value`` / ``name: value`` / ``--password value`` where the name says secret (PASS, PWD,
  SECRET, TOKEN, KEY, AUTH, COOKIE, SESSION, CREDENTIAL, PRIVATE), and ``NAME=value`` whose value is
  long and high-entropy;
- credentials inside a URL (``https://user:pass@host``) and ``curl -u user:pass``;
- the whole output of a command that prints an environment or a secrets file (``printenv``,
  ``env``, ``export -p``, ``set``, ``cat .env``, ``cat ~/.netrc`` …) is withheld.

Secret *values* kept in records (``config..env#DB_PASS``) are replaced by a keyed hash:
HMAC-SHA256 with a random salt kept beside the store (``secret.salt``, mode 600), so equal values
still compare equal and a short password cannot be looked up in a table of plain digests.
"""

from __future__ import annotations

import os

from statewise_cli.fast.lazy_re import Pattern

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MASK = "[REDACTED]"
SECRET_WORDS = ("PASS", "PWD", "SECRET", "TOKEN", "KEY", "AUTH", "COOKIE", "SESSION", "CREDENTIAL", "PRIVATE")
_LOWER_WORDS = tuple(w.lower() for w in SECRET_WORDS)

_TOKEN_SCREEN = ("earer", "Basic ", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "sk-", "sk_live", "rk_live",
                 "AKIA", "ASIA", "xox", "PRIVATE KEY", "glpat-", "npm_", "AIza")
_TOKEN = Pattern(
    r"(?i:\b(?:bearer|basic|token)\s+)[A-Za-z0-9._~+/=-]{8,}"
    r"|\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9_-]{16,}|[sr]k_live_[A-Za-z0-9]{16,}"
    r"|(?:AKIA|ASIA)[0-9A-Z]{16}|xox[abeoprs]-[A-Za-z0-9-]{8,}|glpat-[A-Za-z0-9_-]{16,}|npm_[A-Za-z0-9]{30,}"
    r"|AIza[0-9A-Za-z_-]{30,})"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"
)
_WORDS_RE = r"(?:pass(?!-?with|thru|through)|pwd|secret|token|key|auth(?!or)|cookie|session(?!_?id)|credential|private)"
_NAMED = Pattern(  # NAME=…, "name": …, name: …
    rf"(?i)(?P<name>\b[\w.-]*{_WORDS_RE}[\w.-]*[\"']?\s*[=:]\s*)"
    r"(?P<value>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"',;&|]+)"
)
_FLAG = Pattern(  # --password value, -H 'X-Auth-Token: …' is a NAME: value
    rf"(?i)(?P<name>(?:^|\s)--?[\w-]*{_WORDS_RE}[\w-]*\s+)(?P<value>\"[^\"\n]*\"|'[^'\n]*'|[^\s\"',;&|-][^\s\"',;&|]*)"
)
_ASSIGN = Pattern(r"\b(?P<name>[A-Za-z_][A-Za-z0-9_]*=)(?P<value>[^\s\"',;&|]{20,})")
_URL_CREDS = Pattern(r"(?P<scheme>[a-z][a-z0-9+.-]*://)[^/@\s:]+:[^/@\s]+@")
_CURL_USER = Pattern(r"(?P<flag>(?:^|\s)(?:-u|--user)\s+)[^\s:]+:\S+")

# Commands whose whole output is an environment or a secrets file.
_ENV_DUMPS = ("printenv", "env", "export", "set", "declare", "typeset", "compgen")
_READERS = ("cat", "less", "more", "head", "tail", "bat", "batcat", "nl", "strings", "xxd", "od", "grep", "rg",
            "sed", "awk", "source", "type", "view", "vi", "vim", "nano", "code", "Get-Content", "gc", "jq", "yq")
_SECRET_FILES = (".env", ".netrc", ".npmrc", ".pypirc", "credentials", ".pgpass", "id_rsa", "id_ed25519", "id_ecdsa",
                 ".git-credentials", "secrets", ".dockercfg", "config.json", ".htpasswd", "kubeconfig", ".pem", ".key")


def _entropy(text: str) -> float:
    from math import log2

    counts: dict[str, int] = {}
    for char in text:
        counts[char] = counts.get(char, 0) + 1
    n = len(text)
    return -sum(c / n * log2(c / n) for c in counts.values())


def high_entropy(text: str) -> bool:
    """Long, mixed letters and digits, and random-looking: a key, not a word or a path."""
    if len(text) < 20 or any(c.isspace() for c in text) or text.count("/") > 2:
        return False
    return (any(c.isdigit() for c in text) and any(c.isalpha() for c in text)
            and _entropy(text) >= 3.5)


def secret_name(name: str) -> bool:
    """A key or variable name that says it holds a secret (``DB_PASS``, ``authToken``, ``session-cookie``)."""
    upper = name.upper()
    return any(word in upper for word in SECRET_WORDS)


def secret_value(text: str) -> bool:
    """A value that is a secret by its shape: a token, credentials in a URL, ``Basic …``, high entropy."""
    if any(s in text for s in _TOKEN_SCREEN) and _TOKEN.search(text):
        return True
    if "://" in text and "@" in text and _URL_CREDS.search(text):
        return True
    return any(high_entropy(part) for part in text.split())


def redact(text: str) -> str:
    """``text`` with every secret it shows replaced by ``[REDACTED]`` (unchanged when the screens find none)."""
    if not text or not isinstance(text, str):
        return text
    if any(s in text for s in _TOKEN_SCREEN):
        text = _TOKEN.sub(lambda m: _keep_prefix(m.group(0)), text)
    if ("=" in text or ":" in text or "-" in text) and _named_screen(text):
        text = _NAMED.sub(lambda m: m.group("name") + _mask(m.group("value")), text)
        if "--" in text or " -" in text:
            text = _FLAG.sub(lambda m: m.group("name") + _mask(m.group("value")), text)
    if "=" in text and _long_value_screen(text):
        text = _ASSIGN.sub(lambda m: m.group("name") + MASK if high_entropy(m.group("value")) else m.group(0), text)
    if "://" in text and "@" in text:
        text = _URL_CREDS.sub(lambda m: m.group("scheme") + MASK + "@", text)
    if "-u " in text or "--user" in text:
        text = _CURL_USER.sub(lambda m: m.group("flag") + MASK, text)
    return text


_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.-\"'")


def _named_screen(text: str) -> bool:
    """A secret word followed (after the rest of its name) by ``=``, ``:`` or a space (``--password x``)."""
    lowered = text.lower()
    for word in _LOWER_WORDS:
        at = lowered.find(word)
        while at != -1:
            end = at + len(word)
            while end < len(lowered) and lowered[end] in _NAME_CHARS:
                end += 1
            if lowered[at:end].strip("\"'") in ("session_id", "sessionid"):
                pass  # an agent's session id is not a secret
            elif end < len(lowered) and (lowered[end] in "=:" or (lowered[end] == " " and "-" in lowered[max(0, at - 30):at])):
                return True
            at = lowered.find(word, end)
    return False


def _long_value_screen(text: str) -> bool:
    """Some ``=`` followed by at least 20 characters of one word (a candidate key)."""
    at = text.find("=")
    while at != -1:
        end = at + 1
        while end < len(text) and not text[end].isspace() and text[end] not in "\"',;&|":
            end += 1
        if end - at > 20:
            return True
        at = text.find("=", at + 1)
    return False


def _keep_prefix(token: str) -> str:
    word = token.split(None, 1)
    if len(word) == 2 and word[0].lower() in ("bearer", "basic", "token"):
        return f"{word[0]} {MASK}"
    return MASK


def _mask(value: str) -> str:
    if value.startswith(('"', "'")):
        return value[0] + MASK + value[0]
    return MASK if value != MASK else value


def redact_data(value: Any) -> Any:
    """Strings inside dicts and lists redacted; the value of a secret-named key masked whole."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: (MASK if isinstance(k, str) and secret_name(k) and isinstance(v, str) and v and k not in _NOT_SECRET_KEYS
                    else redact_data(v)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        out: list[Any] = []
        mask_next = False
        for item in value:
            if mask_next and isinstance(item, str) and not item.startswith("-"):
                out.append(MASK)  # ["--password", "hunter2"]: the flag's value
                mask_next = False
                continue
            mask_next = isinstance(item, str) and _secret_flag(item)
            out.append(redact_data(item))
        return out
    return value


def _secret_flag(word: str) -> bool:
    if not word.startswith("-") or "=" in word:
        return False
    lower = word.lower()
    return any(w in lower for w in _LOWER_WORDS) and "author" not in lower and "with" not in lower


_NOT_SECRET_KEYS = ("session_id", "sessionId", "tool_use_id", "key", "keys")


def prints_secrets(command: str | None) -> bool:
    """The command prints an environment or a secrets file: its output is withheld whole."""
    if not command:
        return False
    for segment in command.replace("&&", ";").replace("||", ";").replace("|", ";").split(";"):
        words = segment.split()
        while words and ("=" in words[0] and not words[0].startswith("-") or words[0] in ("sudo", "command", "builtin")):
            words = words[1:]
        if not words:
            continue
        head = os.path.basename(words[0])
        if head in _ENV_DUMPS and all(w.startswith("-") for w in words[1:]):
            return True  # `env`, `printenv`, `export -p`, `set`, `declare -x` (with a command, `env X=1 cmd` runs it)
        if head == "printenv":
            return True
        if head in ("docker", "podman") and words[1:2] == ["inspect"]:
            return True
        if head in _READERS and any(_secret_file(w) for w in words[1:] if not w.startswith("-")):
            return True
    return False


def _secret_file(word: str) -> bool:
    name = os.path.basename(word.strip("'\""))
    if name.startswith(".env") and not name.endswith((".example", ".sample", ".template", ".dist")):
        return True
    return any(name == s or name.endswith(s) for s in _SECRET_FILES[1:])


def withheld(text: str) -> str:
    return f"[output withheld: the command prints an environment or a secrets file; {len(text)} chars]"


def _flag_values(value: Any, found: set[str]) -> set[str]:
    """Every word that follows a secret-named flag in a list anywhere in ``value`` (``["--password", "hunter2"]``)."""
    if isinstance(value, dict):
        for item in value.values():
            _flag_values(item, found)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            if isinstance(item, str) and _secret_flag(item) and i + 1 < len(value):
                after = value[i + 1]
                if isinstance(after, str) and after and not after.startswith("-"):
                    found.add(after)
            else:
                _flag_values(item, found)
    return found


def _mask_values(value: Any, secrets: set[str]) -> Any:
    """``value`` with every string that is (or holds) one of ``secrets`` masked: the same word read elsewhere in the
    analysis (as a file a program is handed) is no less the secret."""
    if isinstance(value, str):
        for secret in secrets:
            if secret in value:
                value = value.replace(secret, MASK)
        return value
    if isinstance(value, dict):
        return {k: _mask_values(v, secrets) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_mask_values(v, secrets) for v in value]
    return value


def redact_row(fields: dict[str, Any]) -> None:
    """No secret of the command line (a bearer token, ``--password x``) is kept with a decision."""
    from statewise_cli.fast import jsonfast as json

    action = fields.get("action")
    if isinstance(action, str):  # the ledger's JSON text
        try:
            data = json.loads(action)
            secrets = {v for v in _flag_values(data, set()) if len(v) >= 4}
            fields["action"] = json.dumps(_mask_values(redact_data(data), secrets), sort_keys=True)
        except ValueError:
            fields["action"] = redact(action)
    elif action is not None:
        secrets = {v for v in _flag_values(action, set()) if len(v) >= 4}
        fields["action"] = _mask_values(redact_data(action), secrets)
    if isinstance(fields.get("reason"), str):
        fields["reason"] = redact(fields["reason"])


# ------------------------------------------------------------------ keyed hashes
SALT_FILE = "secret.salt"


def salt(store_dir: str) -> bytes:
    """The store's random salt (created on first use, readable by its owner only)."""
    path = os.path.join(store_dir, SALT_FILE)
    try:
        with open(path, "rb") as fh:
            data = fh.read()
        if len(data) >= 16:
            return data
    except OSError:
        pass
    os.makedirs(store_dir, exist_ok=True)
    data = os.urandom(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: use theirs
        with open(path, "rb") as fh:
            return fh.read()
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    return data


def keyed_hash(store_dir: str, text: str) -> str:
    """``hmac-sha256:<hex>`` of ``text`` under the store's salt."""
    from statewise_cli.fast.sha256 import sha256

    key = salt(store_dir)
    if len(key) > 64:
        key = sha256(key).digest()
    key = key.ljust(64, b"\0")
    inner = sha256(bytes(b ^ 0x36 for b in key) + text.encode("utf-8")).digest()
    return "hmac-sha256:" + sha256(bytes(b ^ 0x5C for b in key) + inner).hexdigest()


def is_hashed(value: Any) -> bool:
    return isinstance(value, str) and value.startswith(("hmac-sha256:", "sha256:"))
