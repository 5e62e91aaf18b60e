"""What a shell command does, from the command alone: test, build, lint, format, …

Shared by memory extraction and action normalization. The patterns compile on
first use, so the hook pays for them only when a command needs classifying.
"""

from __future__ import annotations

from statewise_cli.fast.lazy_re import Pattern

_PROGRAMS = {
    "npm", "pnpm", "yarn", "bun", "npx", "bunx", "node", "deno", "python", "python3", "pip", "pip3",
    "uv", "uvx", "poetry", "pdm", "hatch", "pipenv", "pytest", "tox", "nox", "make", "just", "go", "cargo",
    "ruff", "black", "isort", "mypy", "pyright", "flake8", "pylint", "eslint", "prettier", "tsc", "vitest",
    "jest", "playwright", "docker", "docker-compose", "pre-commit", "mvn", "gradle", "./gradlew", "rake",
    "bundle", "rails", "php", "composer", "dotnet", "swift", "gofmt", "golangci-lint", "task", "turbo", "nx",
    "bazel", "cmake", "ctest", "meson", "ninja", "zig", "mix", "stack", "cabal", "sbt", "lerna", "rush",
}

# What a command does, from the command alone.
_COMMAND_KIND_SOURCES: list[tuple[str, str]] = [
    ("typecheck", r"(^|\s)(mypy|pyright|tsc\b.*--noEmit|(npm|pnpm|yarn|bun)( run)? (typecheck|type-check|check-types|types)\b)"),
    ("lint", r"(^|\s)(ruff( check)?\b(?!\s+format)|eslint|flake8|pylint|golangci-lint|cargo clippy|(npm|pnpm|yarn|bun)( run)? lint\b|make lint\b|pre-commit run)"),
    ("format", r"(^|\s)(ruff format|black\b|isort\b|prettier|gofmt|cargo fmt|go fmt|(npm|pnpm|yarn|bun)( run)? (format|fmt)\b|make (format|fmt)\b)"),
    ("test", r"(^|\s)(pytest|py\.test|tox\b|nox\b|go test|cargo test|cargo nextest|jest|vitest|(npm|pnpm|yarn|bun)( run)? test\b|make(?:\s+-C\s+\S+|\s+-\S+)*\s+(?:test|tests|check)\b|meson test\b|ninja(?:\s+-C\s+\S+)?\s+test\b|deno test\b|node --test\b|bazel test\b|zig build test\b|-m (unittest|pytest)\b|just test\b|mvn test|gradle test|rake test|bundle exec rspec|rspec|playwright test|ctest|mix test|dotnet test|manage\.py test\b|mocha\b)|(^|\s|/)(runtests\.py|bin/test)(\s|$)|(^|\s|/)(mvnw?|gradlew?)\s([^|;&]*\s)?(\S*:)?(test|check|verify|-Dtest=\S*)(?=\s|$)"),
    ("build", r"(^|\s)(cargo build|go build|(npm|pnpm|yarn|bun)( run)? build\b|make( build)?$|make build\b|python -m build|uv build|poetry build|hatch build|tsc\b(?!.*--noEmit)|docker build|mvn (package|install)|gradle build|cmake --build|just build\b)|(^|\s|/)(mvnw?|gradlew?)\s([^|;&]*\s)?(\S*:)?(compile|package|install|build|assemble)(?=\s|$)"),
    ("install", r"(^|\s)((npm|pnpm|yarn|bun) (install|i|ci)\b|^(pnpm|yarn|bun)$|pip3? install|uv sync|uv pip install|poetry install|pdm install|pipenv install|bundle install|go mod download|cargo fetch|composer install)"),
    ("dev", r"(^|\s)((npm|pnpm|yarn|bun)( run)? (dev|watch)\b|make dev\b|just dev\b)"),
    ("run", r"(^|\s)((npm|pnpm|yarn|bun)( run)? (start|serve)\b|cargo run|go run|python3? -m \w+(?<!unittest)(?<!pytest)$|uv run (?!pytest|mypy|ruff)\S+|flask run|uvicorn|docker compose up|docker-compose up)"),
]


_KIND_PATTERNS = [(kind, Pattern(source)) for kind, source in _COMMAND_KIND_SOURCES]  # compiled on first use


_MANAGER_SCRIPTS = {
    "test": "test", "lint": "lint", "build": "build", "format": "format", "fmt": "format", "typecheck": "typecheck",
    "type-check": "typecheck", "check-types": "typecheck", "dev": "dev", "watch": "dev", "start": "run", "serve": "run",
}
_DIRECT = {"pytest": "test", "py.test": "test", "tox": "test", "nox": "test", "jest": "test", "vitest": "test",
           "mypy": "typecheck", "pyright": "typecheck", "eslint": "lint", "flake8": "lint", "pylint": "lint",
           "black": "format", "isort": "format", "prettier": "format", "gofmt": "format"}
_SUBCOMMANDS = {("go", "test"): "test", ("cargo", "test"): "test", ("cargo", "build"): "build", ("go", "build"): "build",
                ("cargo", "clippy"): "lint", ("cargo", "fmt"): "format", ("go", "fmt"): "format", ("go", "run"): "run",
                ("cargo", "run"): "run", ("ruff", "format"): "format", ("ruff", "check"): "lint", ("make", "test"): "test",
                ("make", "check"): "test", ("make", "lint"): "lint", ("make", "build"): "build", ("make", "dev"): "dev",
                ("make", "format"): "format", ("make", "fmt"): "format", ("just", "test"): "test", ("just", "build"): "build"}


def _fast_kind(words: list[str]) -> str | None:
    """The common shapes without regular expressions (the hook classifies every runner command)."""
    if not words:
        return None
    first = words[0]
    if first in ("npm", "pnpm", "yarn", "bun"):
        rest = words[1:]
        if rest[:1] == ["run"]:
            rest = rest[1:]
        return _MANAGER_SCRIPTS.get(rest[0]) if rest else None
    if first in _DIRECT:
        return _DIRECT[first]
    if first.startswith("python") and words[1:3] in (["-m", "pytest"], ["-m", "unittest"]):
        return "test"
    return _SUBCOMMANDS.get((first, words[1])) if len(words) > 1 else None


def command_kind(command: str) -> str | None:
    fast = _fast_kind(command.split()[:3])
    if fast:
        return fast
    for kind, pattern in _KIND_PATTERNS:  # only past the fast path
        if pattern.search(command):
            return kind
    return None


def looks_like_command(text: str) -> bool:
    text = text.strip()
    if not text or len(text) > 200 or text.endswith(":"):
        return False
    first = text.split()[0]
    if "=" in first and first.split("=")[0].isupper():  # FOO=1 cmd
        parts = text.split()
        first = parts[1] if len(parts) > 1 else ""
    return first in _PROGRAMS or first.startswith(("./scripts/", "scripts/", "bin/", "./bin/")) or first.endswith(".sh")
