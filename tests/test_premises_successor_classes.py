"""Pre-action recovery by class: a tool replaced by a successor while the repository still names it, configuration
split into included files and drop-ins, a documented destructive option, a retired remote destination, a branch
the repository retired or that belongs to another remote, and developer intent read by its consequence and by the
value it requires.

Each class is checked on the installed hook with examples of our own (names unlike any scenario's), and the
correct action in each repository is allowed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, git, hook, pre_bash, reply
from test_premises import decide, stub_bin, write

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import intent
from statewise_cli.store.records import Record


def _decide(agent: str, repo: Path, command: str, env: dict[str, str]) -> tuple[str, str]:
    data = reply(hook(pre_bash(agent, repo, command), repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


def _edit(repo: Path, name: str, old: str, new: str) -> dict[str, object]:
    return {"tool": "Edit", "tool_input": {"file_path": str(repo / name), "old_string": old, "new_string": new}}


# ------------------------------------------------------------------ successors of a tool still named here
def test_a_family_file_its_versioned_successor_reads_too(git_repo: Path) -> None:
    write(git_repo, {"scene.blender": "x\n",
                     ".github/workflows/render.yml": "jobs:\n  r:\n    steps:\n      - run: blender -b scene.blend -a\n"})
    write(git_repo, {".github/workflows/render.yml": "jobs:\n  r:\n    steps:\n"
                                                    "      - run: blender4 --background scene.blend --render-anim\n"})
    kind, reason = decide("claude", git_repo, "blender -b scene.blend -a")
    assert kind == "deny", reason
    assert "`blender4 --background scene.blend --render-anim`" in reason
    assert "named nowhere" not in reason  # scene.blender still names it


@pytest.mark.parametrize("agent", AGENTS)
def test_a_successor_whose_name_extends_the_tool_and_a_config_named_for_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"ansible.cfg": "[defaults]\n", "plays/site.yml": "- hosts: all\n", "plays/db.yml": "- hosts: db\n",
                     "README.md": "# infra\n\nRun `puppetctl apply plays/site.yml -i inv/staging`.\n"})
    write(git_repo, {"puppetctl-ng.yml": "puppetctl-ng:\n  execution-environment:\n    image: ee:1\n",
                     "README.md": "# infra\n\nRun `puppetctl-ng run plays/site.yml -i inv/staging`.\n",
                     "CHANGES.md": "- 2026-10: puppetctl replaced by puppetctl-ng (execution environments)\n"})
    kind, reason = decide(agent, git_repo, "puppetctl apply plays/db.yml -i inv/staging")
    assert kind == "deny", reason
    assert "`puppetctl-ng run plays/db.yml -i inv/staging`" in reason  # the action's own playbook
    assert decide(agent, git_repo, "puppetctl --version")[0] == "allow"  # no job to run in its place


def test_a_docs_command_keeps_its_own_remote(git_repo: Path) -> None:
    write(git_repo, {"public/index.html": "<h1/>\n",
                     "docs/assets.md": "# Static assets\n\nAssets are served from Backblaze B2; sync with `b2 sync "
                                       "public/ b2://acme-assets`. The old s4cmd bucket is no longer behind the CDN.\n"})
    kind, reason = decide("claude", git_repo, "s4cmd sync public/ s3://acme-assets/")
    assert kind == "deny" and "`b2 sync public/ b2://acme-assets`" in reason, reason


def test_a_retiring_paragraph_names_the_installed_successor_only(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "goose", "exit 0")
    write(git_repo, {"liquibase.properties": "url=jdbc:x\n"})
    git(git_repo, "rm", "-q", "liquibase.properties")
    write(git_repo, {"db/migrations/001_init.sql": "-- +goose Up\n",
                     "docs/db.md": "# Database\n\nSince 2026-09 schema changes are SQL files under db/migrations/ "
                                   "applied by goose. Liquibase and its changelog were removed from the image.\n"})
    kind, reason = _decide("claude", git_repo, "liquibase update", env)
    assert kind == "deny", reason
    assert "`goose up`" in reason  # goose's own verb for the job `liquibase update` does
    assert _decide("claude", git_repo, "goose up", env)[0] == "allow"


def test_a_documented_destructive_option(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "syncr", "exit 0")
    write(git_repo, {"assets/logo.svg": "<svg/>\n",
                     "docs/assets.md": "# Assets\n\nThe bucket shared/acme-assets also holds customer exports. Sync "
                                       "with `syncr push --force assets/ shared/acme-assets`. `--purge` deletes every "
                                       "object that is not in assets/, customer exports included.\n"})
    kind, reason = _decide("claude", git_repo, "syncr push --force --purge assets/ shared/acme-assets", env)
    assert kind == "deny", reason
    assert "`syncr push --force assets/ shared/acme-assets`" in reason and "--purge" in reason
    assert _decide("claude", git_repo, "syncr push --force assets/ shared/acme-assets", env)[0] == "allow"


def test_a_retired_remote_destination(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "gsutil", "exit 0")
    stub_bin(tmp_path, "b2", "exit 0")
    write(git_repo, {"site/index.html": "<h1/>\n",
                     "docs/site.md": "# Site\n\nThe site is served from B2 now: `b2 sync site/ b2://acme-site`. The GS "
                                     "bucket is no longer behind the CDN.\n"})
    kind, reason = _decide("claude", git_repo, "gsutil rsync site/ gs://acme-site", env)
    assert kind == "deny", reason
    assert "`b2 sync site/ b2://acme-site`" in reason
    assert _decide("claude", git_repo, "b2 sync site/ b2://acme-site", env)[0] == "allow"


# ------------------------------------------------------------------ configuration split into other files
@pytest.mark.parametrize("agent", AGENTS)
def test_an_edit_of_text_that_moved_into_an_included_folder(agent: str, git_repo: Path) -> None:
    write(git_repo, {"proxy/main.conf": "global\n    maxconn 2000\n\nbackend api\n    server api1 10.0.0.5:8080\n"
                                        "    timeout server 30s\n"})
    write(git_repo, {"proxy/main.conf": "global\n    maxconn 2000\n\ninclude conf.d/*.conf\n",
                     "proxy/conf.d/30-api.conf": "backend api\n    server api1 10.0.0.5:8080\n    timeout server 30s\n"})
    kind, reason = decide(agent, git_repo, **_edit(git_repo, "proxy/main.conf", "    timeout server 30s",
                                                   "    timeout server 60s"))
    assert kind == "deny" and "edit `proxy/conf.d/30-api.conf`" in reason, reason
    assert decide(agent, git_repo, **_edit(git_repo, "proxy/main.conf", "    maxconn 2000", "    maxconn 4000"))[0] \
        == "allow"


def test_an_edit_of_a_step_moved_into_a_function_the_file_calls(git_repo: Path) -> None:
    write(git_repo, {"Buildfile": "@Library('ops') _\nshipApp()\n",
                     "vars/shipApp.groovy": "def call() {\n  timeout(time: 20, unit: 'MINUTES') {\n    sh './ship.sh'\n"
                                            "  }\n}\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "Buildfile", "timeout(time: 20, unit: 'MINUTES')",
                                                      "timeout(time: 40, unit: 'MINUTES')"))
    assert kind == "deny" and "vars/shipApp.groovy" in reason and "calls `shipApp`" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_setting_a_drop_in_overrides(agent: str, git_repo: Path) -> None:
    write(git_repo, {"units/worker.service": "[Service]\nEnvironment=QUEUE_DEPTH=100\nEnvironment=LOG=info\n",
                     "units/worker.service.d/override.conf": "# site\n[Service]\nEnvironment=QUEUE_DEPTH=250\n"})
    kind, reason = decide(agent, git_repo, **_edit(git_repo, "units/worker.service", "QUEUE_DEPTH=100",
                                                   "QUEUE_DEPTH=400"))
    assert kind == "deny" and "edit `units/worker.service.d/override.conf`" in reason, reason
    assert decide(agent, git_repo, **_edit(git_repo, "units/worker.service", "LOG=info", "LOG=debug"))[0] == "allow"


# ------------------------------------------------------------------ git: retired branch, another remote's branch
def test_a_push_that_recreates_a_retired_branch(git_repo: Path) -> None:
    write(git_repo, {"src/a.c": "int a;\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:pkg/stable")
    write(git_repo, {"pkg/NOTES": "The packaging branch is pkg/trunk since 2026-10; pkg/stable was retired.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:pkg/trunk")
    git(git_repo, "push", "-q", "origin", "--delete", "pkg/stable")
    kind, reason = decide("claude", git_repo, "git push origin HEAD:pkg/stable")
    assert kind == "deny" and "`git push origin HEAD:pkg/trunk`" in reason, reason
    assert decide("claude", git_repo, "git push origin HEAD:pkg/trunk")[0] == "allow"


def test_a_branch_whose_history_is_another_remotes(git_repo: Path, tmp_path: Path) -> None:
    write(git_repo, {"src/a.c": "int a;\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    other = tmp_path / "payments.git"
    git(tmp_path, "init", "-q", "--bare", str(other))
    git(git_repo, "remote", "add", "payments", str(other))
    git(git_repo, "switch", "-q", "--orphan", "pay-main")
    write(git_repo, {"pay.py": "x = 1\n"})
    git(git_repo, "push", "-q", "payments", "pay-main:main")
    git(git_repo, "fetch", "-q", "payments")
    git(git_repo, "switch", "-q", "-c", "fix/fee")
    write(git_repo, {"pay.py": "x = 2\n"})
    kind, reason = decide("claude", git_repo, "git push origin fix/fee")
    assert kind == "deny" and "`git push payments fix/fee`" in reason, reason
    assert decide("claude", git_repo, "git push payments fix/fee")[0] == "allow"


def test_a_frozen_branch_a_process_document_names(git_repo: Path) -> None:
    write(git_repo, {"src/a.c": "int a;\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "branch", "queue-next")
    git(git_repo, "push", "-q", "origin", "queue-next")
    write(git_repo, {"Documentation/process/tree.rst": "Tree\n====\n\nqueue-next feeds the integration tree. While "
                                                       "the stabilisation period runs, queue-next is frozen: nothing "
                                                       "new is queued.\n"})
    git(git_repo, "switch", "-q", "-c", "feat/x")
    write(git_repo, {"src/a.c": "int a = 1;\n"})
    kind, reason = decide("claude", git_repo, "git push origin feat/x:queue-next")
    assert kind == "ask" and "Documentation/process/tree.rst" in reason, reason
    assert decide("claude", git_repo, "git push origin feat/x")[0] == "allow"


# ------------------------------------------------------------------ intent by consequence and required value
def policy(key: str, value: str) -> Record:
    return Record(id="r1", key=key, value=value, type="policy", scope="repository", observed_at=0.0, stored_at=0.0,
                  expires_at=None, source="user", authority="developer", status="active", validity="valid",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


def _gated(key: str, value: str, command: str) -> list[tuple[str, str]]:
    return [(g[2], g[3]) for g in intent.gates(normalize_shell(command, "main"), [policy(key, value)], None)]


def test_a_prohibition_in_time_restricts() -> None:
    assert intent.restriction(policy("policy.tallies", "no vote tallies are published before the polls close")) == "deny"
    assert intent.restriction(policy("policy.press", "the press release waits for legal review")) == "ask"
    assert intent.restriction(policy("policy.notes", "release notes go to the wiki")) is None


def test_an_option_numbering_an_item_names_its_kind() -> None:
    assert _gated("policy.aerosol_pallets", "pallets with aerosols travel by road only; the DG officer decides",
                  "./bin/book-freight --pallet 77 --mode air")
    assert not _gated("policy.aerosol_pallets", "pallets with aerosols travel by road only; the DG officer decides",
                      "./bin/book-freight --pallet 77 --mode road")  # the value the record requires


def test_an_action_passing_the_required_value_conforms() -> None:
    value = "since the outage the trunk does not take 0800 calls: load tests dial 0900 only; the SRE lead decides"
    assert not _gated("policy.load_tests", value, "./bin/run-load --suite checkout --dial 0900")
    actions = normalize_shell("./bin/run-load --suite checkout --dial 0800", "main")
    found = intent.violations(actions, [policy("policy.load_tests", value)], None)
    assert any("`./bin/run-load --suite checkout --dial 0900`" in v.alternative for v in found), found
    scoring = "scoring models never use ethnicity as a factor; the compliance lead decides"
    assert not _gated("policy.credit_scoring", scoring, "./bin/deploy-scoring --model retail-q4 --drop-factor ethnicity")
    assert _gated("policy.credit_scoring", scoring, "./bin/deploy-scoring --model retail-q4")
    # a clause about time is satisfied by no value
    assert _gated("policy.district_results", "district 7 results publish only after the polls close",
                  "./bin/publish-results --district 7")


def test_an_identifier_the_record_names() -> None:
    value = "a new catalogue goes out only after legal signs off; spring-2027 is not signed off yet"
    assert _gated("policy.legal_signoff", value, "./bin/publish-catalogue --edition spring-2027")
    assert intent.stem("shipping") == "ship" and intent.stem("installing") == "install"


def test_the_deny_quotes_the_docs_sentence_naming_where_the_setting_lives(git_repo: Path) -> None:
    write(git_repo, {"units/feeder.service": "[Service]\nEnvironment=FEED_RATE=10\n",
                     "units/feeder.service.d/site.conf": "[Service]\nEnvironment=FEED_RATE=20\n",
                     "docs/ops.md": "# Ops\n\nThe feeder settings are in units/feeder.service.d/site.conf; it wins.\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "units/feeder.service", "FEED_RATE=10", "FEED_RATE=30"))
    assert kind == "deny", reason
    assert "- The repository's docs say so (docs/ops.md):\n  \"The feeder settings are in " \
           "units/feeder.service.d/site.conf\"" in reason


def test_a_push_to_a_branch_the_docs_say_reaches_customers(git_repo: Path) -> None:
    write(git_repo, {"fw/main.c": "/* v1 */\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "push", "-q", "origin", "HEAD:ring-early")
    git(git_repo, "push", "-q", "origin", "HEAD:ring-bench")
    write(git_repo, {"docs/rings.md": "# Update rings\n\nSince 2026-10 ring-early is delivered to about 900 paying "
                                      "customers as well as the bench. Experimental builds go to ring-bench only.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD:main")
    git(git_repo, "switch", "-q", "-c", "feat/fan")
    write(git_repo, {"fw/main.c": "/* v2 */\n"})
    kind, reason = decide("claude", git_repo, "git push origin HEAD:ring-early")
    assert kind == "ask", reason
    assert "docs/rings.md" in reason and "`git push origin HEAD:ring-bench`" in reason
    assert decide("claude", git_repo, "git push origin HEAD:ring-bench")[0] == "allow"
    assert decide("claude", git_repo, "git push origin feat/fan")[0] == "allow"


def test_a_successor_named_with_its_module_for_the_job_takes_the_same_arguments(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "bpx", "exit 0")
    write(git_repo, {"tools/invq.ini": "[api]\nurl = https://invq.example/v1\n"})
    git(git_repo, "rm", "-q", "tools/invq.ini")
    (git_repo / "bpx.yaml").write_text("tenant: north\nmodules: [invoice-queue, ledger]\n")
    git(git_repo, "add", "-A")
    git(git_repo, "commit", "-q", "-m", "Invoices through the billing platform CLI (bpx invoice-queue); invq API retired")
    kind, reason = _decide("claude", git_repo, "invq push --batch 2027-01 --due 30d", env)
    assert kind == "deny", reason
    assert "`bpx invoice-queue push --batch 2027-01 --due 30d`" in reason
    assert _decide("claude", git_repo, "bpx invoice-queue push --batch 2027-01 --due 30d", env)[0] == "allow"


def test_a_successor_named_before_what_kind_of_tool_it_is() -> None:
    from statewise_cli.recovery.premises_successors import successor_in_text

    assert successor_in_text("Ops: kilnctl fleet manager replaces ovenadm", "ovenadm") == {"kilnctl"}
    assert successor_in_text("The new scheduler replaces cron on the build hosts", "cron") == set()
