"""Which database server a destructive database command reaches: the port the project's development database
listens on now.

``dropdb -p 5432 orders`` rests on "5432 is my development database". The project says where its development
database is: ``config/database.yml``'s development ``port``, a ``DATABASE_URL`` / ``REDIS_URL`` in ``.env`` or
``.env.example``, a compose file's port mapping of the engine's image (``'5433:5432'``). When that names one other
port for the engine, and the action (by its ``-p`` / ``--port``, or the engine's default without one) reaches
another, the command would act on whatever listens there (a tunnel to a shared server, another project's database):
the alternative is the same command on the project's port. A document line that says what the other port is, is
quoted. Read-only commands are not checked; file reads only.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_ENGINES = {"dropdb": "postgres", "dropuser": "postgres", "createdb": "postgres", "psql": "postgres",
            "pg_restore": "postgres", "mysql": "mysql", "mysqladmin": "mysql", "redis-cli": "redis",
            "mongosh": "mongo", "mongo": "mongo"}
_DEFAULT = {"postgres": "5432", "mysql": "3306", "redis": "6379", "mongo": "27017"}
_SCHEMES = {"postgres": ("postgres", "postgresql"), "mysql": ("mysql", "mysql2"), "redis": ("redis", "rediss"),
            "mongo": ("mongodb",)}
_DESTRUCTIVE = ("drop", "truncate", "delete", "flushall", "flushdb", "--clean", "dropdatabase", "reset")
_ALWAYS = ("dropdb", "dropuser")


def _action_port(words: list[str], engine: str) -> str | None:
    flags = ("-P", "--port") if engine == "mysql" else ("-p", "--port")
    for i, w in enumerate(words):
        if w in flags and i + 1 < len(words):
            return words[i + 1]
        if w.startswith("--port="):
            return w.split("=", 1)[1]
    return None


def _project_ports(root: str, engine: str) -> list[tuple[str, str]]:
    """(port, file) for each place the project names its development database's port for ``engine``."""
    import re

    from statewise_cli.recovery.premises import _read

    found: list[tuple[str, str]] = []
    if engine in ("postgres", "mysql"):
        text = _read(os.path.join(root, "config", "database.yml"), 50_000) or ""
        m = re.search(r"^development:\s*\n((?:[ \t]+.*\n?)*)", text, re.MULTILINE)
        if m:
            port = re.search(r"^\s+port:\s*['\"]?(\d+)", m.group(1), re.MULTILINE)
            if port:
                found.append((port.group(1), "config/database.yml"))
    schemes = "|".join(_SCHEMES[engine])
    for name in (".env", ".env.development", ".env.example", ".env.sample"):
        text = _read(os.path.join(root, name), 50_000) or ""
        for m in re.finditer(rf"(?:{schemes})://[^\s'\"]*?:(\d+)(?:/|\s|$|['\"])", text):
            found.append((m.group(1), name))
    default = _DEFAULT[engine]
    for name in ("compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml"):
        text = _read(os.path.join(root, name), 100_000) or ""
        if engine not in text.lower():
            continue
        for m in re.finditer(rf"['\"]?(?:127\.0\.0\.1:|localhost:)?(\d+):{default}['\"]?", text):
            found.append((m.group(1), name))
    return found


def database_port_premise(action: Action, words: list[str], ctx: Any) -> Any:
    from statewise_cli.recovery.premises import _premise

    if not words:
        return None
    program = os.path.basename(words[0])
    engine = _ENGINES.get(program)
    if engine is None:
        return None
    low = " ".join(words[1:]).lower()
    if program not in _ALWAYS and not any(w in low for w in _DESTRUCTIVE):
        return None
    if any(w in ("-h", "--host") or w.startswith("--host=") for w in words):
        host = next((words[i + 1] for i, w in enumerate(words) if w in ("-h", "--host") and i + 1 < len(words)),
                    next((w.split("=", 1)[1] for w in words if w.startswith("--host=")), ""))
        if host not in ("localhost", "127.0.0.1", "::1", ""):
            return None  # another server by name: not this rule's question
    declared = _project_ports(ctx.root, engine)
    ports = sorted({p for p, _ in declared})
    if len(ports) != 1:
        return None
    mine = ports[0]
    env = getattr(ctx, "env", None) or {}
    from_env = {"postgres": "PGPORT", "mysql": "MYSQL_TCP_PORT"}.get(engine, "")
    port = _action_port(words, engine) or (env.get(from_env) if from_env else None) or _DEFAULT[engine]
    if port == mine:
        return None
    text = (action.text or "").strip()
    given = _action_port(words, engine)
    flag = "-P" if engine == "mysql" else "-p"
    if given is not None and text.count(f" {given}") == 1:
        command = text.replace(f" {given}", f" {mine}", 1)
    else:
        command = text.replace(f"{words[0]} ", f"{words[0]} {flag} {mine} ", 1) if f"{words[0]} " in text else ""
    files = sorted({f for _, f in declared})
    evidence = f"the project's development {engine} listens on port {mine} ({', '.join(files)}); `{text[:80]}` reaches port {port}"
    said = _says_of_port(ctx.root, port)
    if said:
        evidence += f"; {said}"
    return _premise(action, "service.database.port", port, mine, "project.files", evidence,
                    f"`{command}`" if command else f"use port {mine}", f"port {port} is the development database")


def _says_of_port(root: str, port: str) -> str:
    """A line of the project's docs that says what listens on ``port``."""
    from statewise_cli.recovery.premises import _read

    for sub in ("docs", ""):
        base = os.path.join(root, sub) if sub else root
        try:
            names = sorted(n for n in os.listdir(base) if n.endswith((".md", ".rst", ".txt")))[:30]
        except OSError:
            continue
        for n in names:
            for sentence in (_read(os.path.join(base, n), 100_000) or "").replace("\n", " ").split(". "):
                if f" {port} " in f" {sentence} ".replace(",", " ").replace(":", " "):
                    rel = os.path.join(sub, n) if sub else n
                    return f"{rel} says: \"{' '.join(sentence.split())[:240]}\""
    return ""
