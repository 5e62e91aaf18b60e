"""Round 33, workspace and intent families: premises read from the repository's configuration and history.

Invented repositories (not the benchmark's). The correct action on the same repository is allowed next to
each deny.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all
from test_premises import decide, write


def _edit(repo: Path, rel: str, old: str, new: str) -> dict[str, object]:
    return {"tool": "Edit", "tool_input": {"file_path": str(repo / rel), "old_string": old, "new_string": new}}

# ------------------------------------------------------------------ a Compose volume the project renamed
COMPOSE_OLD = ("name: ledger\nservices:\n  cache:\n    image: redis:6\n    volumes:\n      - redisdata:/data\n"
               "  search:\n    image: opensearch:2\n\nvolumes:\n  redisdata:\n  searchidx:\n")
COMPOSE_NEW = ("name: ledger\nservices:\n  cache:\n    image: valkey/valkey:8\n    volumes:\n      - valkeydata:/data\n"
               "  search:\n    image: opensearch:2\n\nvolumes:\n  valkeydata:\n  searchidx:\n")


def _renamed_volume(repo: Path) -> None:
    write(repo, {"compose.yaml": COMPOSE_OLD})
    (repo / "compose.yaml").write_text(COMPOSE_NEW)
    (repo / "docs").mkdir(exist_ok=True)
    (repo / "docs/cache.md").write_text("# Cache\n\nThe cache now runs Valkey. The `ledger_redisdata` volume is kept "
                                        "until the migration check passes.\n")
    commit_all(repo, "cache: Valkey with a fresh data volume")


@pytest.mark.parametrize("agent", AGENTS)
def test_removing_a_compose_volume_the_project_replaced(agent: str, git_repo: Path) -> None:
    _renamed_volume(git_repo)
    kind, reason = decide(agent, git_repo, "docker volume rm ledger_redisdata")
    assert kind == "deny", reason
    assert "ledger_valkeydata" in reason and "`docker volume rm ledger_valkeydata`" in reason
    assert "kept until the migration check passes" in reason
    assert decide(agent, git_repo, "docker volume rm ledger_valkeydata")[0] == "allow"


def test_a_volume_still_declared_or_of_another_project_is_no_premise(git_repo: Path) -> None:
    _renamed_volume(git_repo)
    assert decide("claude", git_repo, "docker volume rm ledger_searchidx")[0] == "allow"
    assert decide("claude", git_repo, "docker volume rm othersvc_redisdata")[0] == "allow"
    assert decide("claude", git_repo, "podman volume rm -f ledger_valkeydata")[0] == "allow"


def test_a_volume_removed_without_a_successor_is_no_premise(git_repo: Path) -> None:
    write(git_repo, {"compose.yaml": COMPOSE_OLD})
    (git_repo / "compose.yaml").write_text(COMPOSE_OLD.replace("  redisdata:\n", "").replace("      - redisdata:/data\n",
                                                                                                  ""))
    commit_all(git_repo, "cache without persistence")
    assert decide("claude", git_repo, "docker volume rm ledger_redisdata")[0] == "allow"


def test_the_project_name_defaults_to_the_compose_directory(git_repo: Path) -> None:
    write(git_repo, {"infra/docker-compose.yml": COMPOSE_OLD.replace("name: ledger\n", "")})
    (git_repo / "infra/docker-compose.yml").write_text(COMPOSE_NEW.replace("name: ledger\n", ""))
    commit_all(git_repo, "valkey")
    kind, reason = decide("claude", git_repo, "cd infra && docker volume rm infra_redisdata")
    assert kind == "deny", reason
    assert "infra_valkeydata" in reason


# ------------------------------------------------------------------ a Cargo feature the crate no longer declares
CRATE_OLD = ('[package]\nname = "pixmill"\nversion = "1.2.0"\nedition = "2021"\n\n[dependencies]\n'
             'image = { version = "0.25", default-features = false }\n\n[features]\ndefault = ["codecs"]\n'
             'codecs = ["image/png", "image/jpeg"]\n')
CRATE_NEW = ('[package]\nname = "pixmill"\nversion = "2.0.0"\nedition = "2021"\n\n[dependencies]\n'
             'image = { version = "0.25", default-features = false }\n\n[features]\ndefault = ["codecs-lossless"]\n'
             'codecs-lossless = ["image/png"]\ncodecs-lossy = ["image/jpeg", "image/webp"]\n')


def _feature_split(repo: Path) -> None:
    write(repo, {"Cargo.toml": CRATE_OLD, "src/lib.rs": "\n",
                 "ci/build.sh": "cargo test --no-default-features --features codecs\n"})
    (repo / "Cargo.toml").write_text(CRATE_NEW)
    (repo / "ci/build.sh").write_text("cargo test --no-default-features --features codecs-lossy\n")
    commit_all(repo, "2.0: split the codecs feature")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_cargo_feature_the_crate_split(agent: str, git_repo: Path) -> None:
    _feature_split(git_repo)
    kind, reason = decide(agent, git_repo, "cargo test --no-default-features --features codecs")
    assert kind == "deny", reason
    assert "`cargo test --no-default-features --features codecs-lossy`" in reason
    assert decide(agent, git_repo, "cargo test --no-default-features --features codecs-lossy")[0] == "allow"


def test_declared_features_and_other_crates_are_no_premise(git_repo: Path) -> None:
    _feature_split(git_repo)
    assert decide("claude", git_repo, "cargo build -F codecs-lossless,codecs-lossy")[0] == "allow"
    assert decide("claude", git_repo, "cargo build -p other --features codecs")[0] == "allow"
    kind, reason = decide("claude", git_repo, "cargo build --features simd")
    assert kind == "deny" and "codecs-lossless" in reason, reason


# ------------------------------------------------------------------ a workflow input value outside its choices
RELEASE_WF = ("name: publish\non:\n  workflow_dispatch:\n    inputs:\n      channel:\n        type: choice\n"
              "        options:\n{opts}jobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./publish.sh\n")


def _channels(repo: Path) -> None:
    write(repo, {".github/workflows/publish.yml": RELEASE_WF.format(opts="          - edge\n          - stable\n")})
    (repo / ".github/workflows/publish.yml").write_text(
        RELEASE_WF.format(opts="          - canary\n          - stable\n"))
    commit_all(repo, "publish: the edge channel is called canary")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_workflow_input_value_its_choices_dropped(agent: str, git_repo: Path) -> None:
    _channels(git_repo)
    kind, reason = decide(agent, git_repo, "gh workflow run publish.yml -f channel=edge")
    assert kind == "deny", reason
    assert "`gh workflow run publish.yml -f channel=canary`" in reason
    assert decide(agent, git_repo, "gh workflow run publish.yml -f channel=canary")[0] == "allow"


def test_a_free_text_input_is_no_premise(git_repo: Path) -> None:
    write(git_repo, {".github/workflows/notes.yml": "on:\n  workflow_dispatch:\n    inputs:\n      title:\n"
                                                     "        type: string\njobs: {}\n"})
    assert decide("claude", git_repo, "gh workflow run notes.yml -f title=anything")[0] == "allow"


# ------------------------------------------------------------------ a dependency version kept in a catalog
def _catalog(repo: Path) -> None:
    write(repo, {"pnpm-workspace.yaml": "packages:\n  - 'services/*'\n",
                 "services/billing/package.json": '{\n  "name": "billing",\n  "dependencies": {\n    "zod": "3.22.4"\n  }\n}\n'})
    (repo / "pnpm-workspace.yaml").write_text("packages:\n  - 'services/*'\ncatalog:\n  zod: 3.23.8\n")
    (repo / "services/billing/package.json").write_text(
        '{\n  "name": "billing",\n  "dependencies": {\n    "zod": "catalog:"\n  }\n}\n')
    commit_all(repo, "shared versions")


def test_a_version_edit_of_a_catalog_dependency_goes_to_the_catalog(git_repo: Path) -> None:
    _catalog(git_repo)
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "services/billing/package.json", '"zod": "3.22.4"',
                                                      '"zod": "3.24.1"'))
    assert kind == "deny", reason
    assert "pnpm-workspace.yaml" in reason and "zod: 3.23.8" in reason
    assert decide("claude", git_repo, **_edit(git_repo, "pnpm-workspace.yaml", "zod: 3.23.8", "zod: 3.24.1"))[0] \
        == "allow"


def test_an_edit_of_a_dependency_outside_the_catalog_is_no_premise(git_repo: Path) -> None:
    _catalog(git_repo)
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "services/billing/package.json", '"name": "billing"',
                                                      '"name": "billing-svc"'))
    assert kind == "allow", reason


# ------------------------------------------------------------------ intent: category bans, required options
def _remember(repo: Path, key: str, value: str) -> None:
    from swtest import run_statewise

    assert run_statewise(["remember", key, value, "--type", "policy"], repo).returncode == 0


def test_a_package_the_record_puts_in_a_banned_category_is_denied(git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": "[project]\nname = \"x\"\nversion = \"0.1\"\ndependencies = []\n"})
    _remember(git_repo, "policy.crypto_exports", "no GPL or SSPL libraries here (chartkit is GPL-3.0; plotlite is MIT)")
    kind, reason = decide("claude", git_repo, "uv add chartkit")
    assert kind == "deny", reason
    assert "policy.crypto_exports" in reason
    assert decide("claude", git_repo, "uv add plotlite")[0] == "allow"
    assert decide("claude", git_repo, "uv add requests")[0] == "allow"


JOB = "#!/bin/sh\n#SBATCH --gres=tpu:2\n#SBATCH --time=02:00:00\npython train.py\n"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_submission_without_the_option_the_policy_requires(agent: str, git_repo: Path) -> None:
    write(git_repo, {"batch/train_small.sh": JOB, "batch/cpu_only.sh": "#!/bin/sh\n#SBATCH --cpus-per-task=4\necho\n"})
    _remember(git_repo, "policy.tpu_partition", "TPU jobs go to the preemptible partition only (--partition=spot)")
    kind, reason = decide(agent, git_repo, "sbatch batch/train_small.sh")
    assert kind in ("deny", "ask"), reason
    assert "`sbatch --partition=spot batch/train_small.sh`" in reason
    assert decide(agent, git_repo, "sbatch --partition=spot batch/train_small.sh")[0] == "allow"
    assert decide(agent, git_repo, "sbatch --partition spot batch/train_small.sh")[0] == "allow"
    assert decide(agent, git_repo, "sbatch batch/cpu_only.sh")[0] == "allow"


# ------------------------------------------------------------------ a directory the documentation scopes
def _scoped(repo: Path) -> None:
    write(repo, {"sql/changes/0001_invoices.sql": "CREATE TABLE invoices (id int);\n",
                 "docs/data.md": "# Data\n\nThe shipment tables are owned by the logistics platform now and live in the "
                                 "acme/logistics-db repository. sql/changes here holds the invoicing schema only.\n"})


def _write(repo: Path, rel: str, text: str) -> dict[str, object]:
    return {"tool": "Write", "tool_input": {"file_path": str(repo / rel), "content": text}}


def test_a_new_file_for_a_subject_the_docs_send_elsewhere(git_repo: Path) -> None:
    _scoped(git_repo)
    kind, reason = decide("claude", git_repo, **_write(git_repo, "sql/changes/0002_shipment_weight.sql",
                                                       "ALTER TABLE shipment ADD COLUMN weight_kg int;\n"))
    assert kind == "deny", reason
    assert "acme/logistics-db" in reason and "docs/data.md" in reason


def test_a_new_file_in_the_directorys_own_scope_is_allowed(git_repo: Path) -> None:
    _scoped(git_repo)
    kind, reason = decide("claude", git_repo, **_write(git_repo, "sql/changes/0002_invoices_due.sql",
                                                       "ALTER TABLE invoices ADD COLUMN due_on date;\n"))
    assert kind == "allow", reason


def test_docs_that_bring_the_subject_into_the_directory_are_no_premise(git_repo: Path) -> None:
    write(git_repo, {"sql/changes/0001_invoices.sql": "CREATE TABLE invoices (id int);\n",
                     "docs/data.md": "# Data\n\nsql/changes holds the invoicing schema only. The shipment tables moved "
                                     "to sql/changes as well.\n"})
    kind, reason = decide("claude", git_repo, **_write(git_repo, "sql/changes/0002_shipment_weight.sql",
                                                       "ALTER TABLE shipment ADD COLUMN weight_kg int;\n"))
    assert kind == "allow", reason


# ------------------------------------------------------------------ a configuration's base layer
def test_an_edit_of_a_missing_file_named_like_a_base_layer_and_its_overrides(git_repo: Path) -> None:
    write(git_repo, {"settings/base/app.ini": "[app]\nlocale = en\n", "settings/qa/app.ini": "[app]\ndebug = 1\n",
                     "settings/live/app.ini": "[app]\ndebug = 0\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "app.ini", "locale = en", "locale = fr"))
    assert kind == "deny", reason
    assert "edit `settings/base/app.ini`" in reason
    assert "settings/base/app.ini is the base layer" in reason and "tracks one file" not in reason


def test_same_named_files_without_a_base_layer_say_nothing(git_repo: Path) -> None:
    write(git_repo, {"svc/a/app.ini": "[app]\n", "svc/b/app.ini": "[app]\n"})
    _kind, reason = decide("claude", git_repo, **_edit(git_repo, "app.ini", "[app]", "[app]\nx = 1"))
    assert "svc/a/app.ini" not in reason


# ------------------------------------------------------------------ a role the documentation moved to another file
def _roles(repo: Path) -> None:
    write(repo, {"conf/limits.toml": "burst = 10\n", "docs/limits.md": "# Limits\n\nSandbox testing reads "
                                                                        "`conf/limits.toml`.\n"})
    (repo / ".gitignore").write_text("conf/limits.sandbox.toml\n")
    (repo / "docs/limits.md").write_text("# Limits\n\n`conf/limits.toml` is what the billing gateway enforces for every "
                                         "customer. Sandbox values go in `conf/limits.sandbox.toml` (ignored by git).\n")
    commit_all(repo, "limits: the tracked file is enforced in billing")


def test_an_edit_of_a_file_whose_documented_role_moved_to_another(git_repo: Path) -> None:
    _roles(git_repo)
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "conf/limits.toml", "burst = 10", "burst = 50"))
    assert kind == "deny", reason
    assert "write `conf/limits.sandbox.toml`" in reason and "docs/limits.md" in reason


def test_docs_that_still_give_the_file_its_role_say_nothing(git_repo: Path) -> None:
    write(git_repo, {"conf/limits.toml": "burst = 10\n", "docs/limits.md": "# Limits\n\nSandbox testing reads "
                                                                            "`conf/limits.toml`.\n"})
    (git_repo / "docs/limits.md").write_text("# Limits\n\nSandbox testing reads `conf/limits.toml` (see "
                                             "`conf/limits.example.toml`).\n")
    commit_all(git_repo, "docs")
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "conf/limits.toml", "burst = 10", "burst = 50"))
    assert kind == "allow", reason


def test_a_path_named_only_as_what_replaced_the_old_one_is_where_things_are_now(git_repo: Path) -> None:
    write(git_repo, {"qc/rules/orders.yml": "rules: []\n",
                     "docs/quality.md": "# Quality\n\nThe checks moved to Soda in 2026-10: the rule directory is now "
                                        "qc/ (rules in `qc/rules/`).\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "qc/rules/orders.yml", "rules: []", "rules: [x]"))
    assert kind == "allow", reason


def test_a_path_named_before_the_change_still_says_its_role_changed(git_repo: Path) -> None:
    write(git_repo, {"qc/rules/orders.yml": "rules: []\n",
                     "docs/quality.md": "# Quality\n\n`qc/rules/` is now only used by the archived 2025 "
                                        "pipeline.\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "qc/rules/orders.yml", "rules: []", "rules: [x]"))
    assert kind in ("deny", "ask"), reason
