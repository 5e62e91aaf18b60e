"""What a memory-file line names, read from the line's own words.

- a path is a fact when the line names a file or folder of this repository with a role; an import alias's target
  (`@/lib` → `./src/lib`) is where imports resolve, not a component;
- a workflow rule is a rule when its prescribing word governs the git or release step: not a word of an aside to a
  fragment, and not "always" / "never" describing what happens to a thing;
- a command named as the moment something else happens ("during `pnpm i`") is not offered as a step, and looking at or
  poking running containers (`docker ps`, `docker logs x`) is no task of the project.

The phrasings are written for these tests in the shapes public memory files use.
"""

from __future__ import annotations

from statewise_cli.memory.extract import extract


def paths(text: str) -> dict[str, int]:
    return {str(f.value): f.line for f in extract(text) if f.key.startswith("path.")}


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
    assert not {9, 13} & found  # descriptions: an aside's "must", what never happens to a thing
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
