"""What a memory-file line names, read from the line's own words.

- a path is a fact when the line names a file or folder of this repository with a role; an import alias's target,
  the module one symbol is imported from, and a scope line are not;
- a file named as the subject of a sentence that says what it does or is has that role, whatever its kind;
- in a nested memory file (`services/AGENTS.md`) a parent-relative path (`../docs/prd/`) still names a part of the
  repository; from the root it would leave the checkout;
- a workflow rule is a rule when its prescribing word governs the git or release step, not a word of another clause
  or of an aside, and not "always" / "never" describing what happens to a thing;
- a command named as the moment something else happens ("during `pnpm i`") is not offered as a step, and looking at or
  poking running containers (`docker ps`, `docker logs x`) is no task of the project.

The phrasings are written for these tests in the shapes public memory files use.
"""

from __future__ import annotations

import os
from pathlib import Path

from swtest import commit_all
from test_memory_import import by_key, import_repo

from statewise_cli.memory.extract import extract


def paths(text: str, nested: bool = False) -> dict[str, int]:
    return {str(f.value): f.line for f in extract(text, nested=nested) if f.key.startswith("path.")}


def keys(text: str) -> set[tuple[int, str]]:
    return {(f.line, f.key.split(".")[0] if f.key.startswith("policy.") else f.key) for f in extract(text)}


# --------------------------------------------------------------------------- paths
ALIASES = """# Web

## Path aliases

The bundler resolves these aliases:

- `@/lib` → `./src/lib`
- `~/ui` → `./src/components/ui`
- `$assets` → `resources/static/img`
- `@kernel/*` → `src/kernel/`

## Namespaces

- `App\\Http` → `app/Http/`
"""


def test_an_alias_target_is_no_component_but_a_namespace_folder_is() -> None:
    found = paths(ALIASES)
    assert not {"./src/lib", "./src/components/ui", "resources/static/img", "src/kernel/"} & set(found)
    assert found.get("app/Http/") == 14


SYMBOLS = """# CLI

## Conventions

- **Exit codes**: Use `EXIT_CODES` from `src/lib/exit-codes.ts`.
- **Headers**: Use `printCommandHeader` from
  `src/components/command-header.ts` with the context option.
- Import `uploadFile()` and `getImageUrl()` from `src/lib/storage.ts`.
- Keys live only in memory: use the `KeyVault` class in `src/crypto/vault.ts`.
- `slugify()` is defined in `src/lib/text.ts`.
- To add a contract, add its name to `INCLUDE_FILES` in `scripts/generateAbi.ts`.
- Shared options live in `src/util/options.ts`.
"""


def test_the_module_one_symbol_comes_from_is_no_component() -> None:
    found = paths(SYMBOLS)
    for gone in ("src/lib/exit-codes.ts", "src/components/command-header.ts", "src/lib/storage.ts",
                 "src/crypto/vault.ts", "src/lib/text.ts"):
        assert gone not in found, gone
    # the file a step tells you to edit, and a file holding a group of helpers, keep their role
    assert found.get("scripts/generateAbi.ts") == 11
    assert found.get("src/util/options.ts") == 12


ROLE_FILES = """# Infrastructure

## Files

- `Dockerfile.base` owns the shared system dependencies.
- `Dockerfile.prod` owns the production image.

The `inventory.hcl` file defines every physical machine:

`signing-key.pem` is a throwaway RSA key used only for local development.

- **Proxy**: The `proxy.conf.mjs` file is configured to forward API calls to the backend.

A helper script `publish.sh` is provided to automate the upload:

- **Styling:** `theme.css` contains the global styles.

`README.md` is a short introduction. `notes.txt` is an example of the log format.
"""


def test_a_file_named_as_a_sentences_subject_has_the_role_the_sentence_gives() -> None:
    found = paths(ROLE_FILES)
    assert {"Dockerfile.base": 5, "Dockerfile.prod": 6, "inventory.hcl": 8, "signing-key.pem": 10,
            "proxy.conf.mjs": 12, "publish.sh": 14, "theme.css": 16}.items() <= found.items()
    assert "README.md" not in found and "notes.txt" not in found


NESTED = """# Services

This folder holds the backend services.

## References

- [features.json](../features.json) — the registry of services
- [docs/prd/](../docs/prd/) — the requirements documents
- `../deploy/caddy/Caddyfile` - reverse proxy
- MCP server: `../tools/values-mcp/` — exposes the chart values schema.
- [AGENTS.md](../AGENTS.md) - the root rules
- `../package.json` - the root manifest
"""


def test_a_parent_relative_path_names_the_repository_only_from_a_nested_file() -> None:
    nested = paths(NESTED, nested=True)
    assert {"../features.json": 7, "../docs/prd/": 8, "../deploy/caddy/Caddyfile": 9,
            "../tools/values-mcp/": 10}.items() <= nested.items()
    assert "../AGENTS.md" not in nested and "../package.json" not in nested
    assert not [p for p in paths(NESTED) if p.startswith("../")]


def test_import_memory_keeps_a_nested_files_parent_relative_paths(git_repo: Path) -> None:
    (git_repo / "services").mkdir()
    (git_repo / "services" / "AGENTS.md").write_text(NESTED)
    (git_repo / "CLAUDE.md").write_text("# Root\n\n## Docs\n\n- [Guide](../shared/guide/) - the shared guide\n")
    commit_all(git_repo, "memory files")
    import_repo(git_repo)
    values = {r["value"]: r for k in ("path.features", "path.docs_prd", "path.guide")
              for r in by_key(git_repo, k)}
    assert values["../features.json"]["scope"] == "path:services/**"
    assert values["../docs/prd/"]["scope"] == "path:services/**"
    assert "../shared/guide/" not in values  # from the root, `../` leaves the repository
    assert os.path.isdir(git_repo / "services")


# --------------------------------------------------------------------------- policies
POLICIES = """# Infra

## Images

Every commit gets three image tags, so Terraform always uses a single tag.

## Registry

- `ecr` repo: Created regardless of the service flag (the repo must exist before an image can be pushed).

## Apps

Unlisted manifests are never deployed — Argo CD only sees what Kustomize renders.

## Git

- Never commit directly to `main`.
- PRs are always squash-merged.
- Commits must follow Conventional Commits.
- Run the tests (before committing).
- We squash-merge every PR, so history stays linear.
- Secrets are never committed.
- Commit messages: Conventional format (feat:, fix:, docs:)
"""


def test_a_rule_is_where_its_prescribing_word_governs_the_git_step() -> None:
    found = {line for line, key in keys(POLICIES) if key == "policy"}
    assert not {5, 9, 13} & found  # descriptions: another clause's "always", an aside's "must", what never happens
    assert {17, 18, 19, 20, 21, 22, 23} <= found


# --------------------------------------------------------------------------- commands
COMMANDS = """# E2E

## Contracts

1. Add the contract name to the generator's list.
   The generator runs automatically via `postinstall` during `pnpm i`, producing the ABI files.
2. The hook is enabled by the `prepare` script on `npm install`/`yarn install`.

## Setup

- Install: `pnpm install`

## Troubleshooting

**Service fails to start with connection errors:**
```bash
docker ps | grep consul
docker restart app-consul
docker logs app-consul
```

## Run

```bash
# Run the app
docker compose run app python main.py
```
"""


def test_a_command_named_as_a_moment_or_an_inspection_is_no_step() -> None:
    found = {(f.key, str(f.value)) for f in extract(COMMANDS) if f.key.startswith(("command.", "package_manager"))}
    assert ("command.install", "pnpm install") in found
    assert ("command.install", "pnpm i") not in found
    assert ("command.install", "npm install") not in found and ("command.install", "yarn install") not in found
    assert not [v for k, v in found if v.startswith("docker ") and ("ps" in v or "logs" in v or "restart" in v)]
    assert ("command.run", "docker compose run app python main.py") in found
