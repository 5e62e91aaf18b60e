"""Developer intent gates the actions it names, whatever a memory file says (recovery/intent.py).

The wording rules are tested as functions; the gate itself through the installed ``statewise hook``
with both agents' payloads, on a real repository where the developer stored the record in their own
terminal (``statewise remember``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, run_statewise
from test_premises import decide, write

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.recovery import intent
from statewise_cli.store.records import Record


def policy(key: str, value: object, source: str = "user", authority: str = "developer") -> Record:
    return Record(id="r1", key=key, value=value, type="policy", scope="repository", observed_at=0.0, stored_at=0.0,
                  expires_at=None, source=source, authority=authority, status="active", validity="valid",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


@pytest.mark.parametrize(("value", "expected"), [
    ("PM's call: ask before enabling any production flag", "ask"),
    ("production migrations need DBA approval", "ask"),
    ("frozen: no production deploys", "deny"),
    ("never publish to PyPI", "deny"),
    ("deploys are not allowed this week", "deny"),
    ("lifted: deploys are allowed again", None),
    ("approved: the data owner signed off on recurring exports", None),
    ("allowed: create previews without asking", None),
    ("no need to ask for previews", None),
    ("previews go to the staging cluster", None),  # says neither
    ("the owner's call", "ask"),
    ("invoice runs are set by the controller; nobody sends a run she has not checked", "deny"),
    ("no one else merges to the release branch", "deny"),
    ("nobody minds if previews are created", None),
    ("nobody checks previews any more", None),
])
def test_restrictive_and_permissive_wording(value: str, expected: str | None) -> None:
    assert intent.restriction(policy("policy.previews", value)) == expected


def test_a_boolean_value_restricts_only_when_the_key_is_a_rule() -> None:
    assert intent.restriction(policy("policy.always_open_a_pull_request", True)) == "deny"
    assert intent.restriction(policy("policy.always_open_a_pull_request", "true")) == "deny"
    assert intent.restriction(policy("policy.always_open_a_pull_request", False)) is None
    assert intent.restriction(policy("policy.feature_flags", True)) is None  # true of what?


def test_subjects_match_on_stems_and_never_on_branch_names() -> None:
    def hits(key: str, command: str) -> bool:
        (action, *_) = normalize_shell(command, "main")
        wanted = intent.subject(policy(key, "x"))
        return any(intent._same(w, d) for w in wanted for d in intent.action_words(action))

    assert hits("policy.prod_migrations", "make migrate-prod")
    assert hits("policy.preview_deploys", "make preview")
    assert hits("policy.feature_flags", "make flag-on")
    assert hits("policy.customer_notifications", "make notify-customers")
    assert hits("policy.dependency_upgrades", "pnpm up --latest")
    assert hits("policy.publishing", "npm publish")
    assert hits("policy.deploy_freeze", "./deploy.sh prod")
    assert not hits("policy.dependency_upgrades", "pnpm add zod")
    assert not hits("policy.feature_flags", "git switch -c feature/flags")  # a branch name is not the subject
    assert not hits("policy.prod_migrations", "make test")
    assert not hits("policy.preview_deploys", "make build")


def test_which_pushes_a_pull_request_policy_keeps_off() -> None:
    assert intent.pushed_branch(policy("policy.always_open_a_pull_request", True)) == ""
    assert intent.pushed_branch(policy("policy.no_direct_push_to_main", True)) == "main"
    assert intent.pushed_branch(policy("policy.git_workflow", "changes go through a pull request")) == ""
    assert intent.pushed_branch(policy("policy.feature_flags", "PM's call")) is None


def remember(repo: Path, key: str, value: str) -> None:
    result = run_statewise(["remember", key, value, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("agent", AGENTS)
def test_a_developer_policy_gates_the_action_it_names(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": ".PHONY: flag-on build\nflag-on:\n\tflagctl run\nbuild:\n\ttrue\n"})
    remember(git_repo, "policy.feature_flags", "PM's call: ask before enabling any production flag")
    kind, reason = decide(agent, git_repo, "make flag-on")
    # Claude asks the developer; Codex has no `ask` and denies with the same text.
    assert kind == ("ask" if agent == "claude" else "deny")
    assert "policy.feature_flags" in reason and "PM's call" in reason and "outranks memory files" in reason
    assert decide(agent, git_repo, "make build")[0] == "allow"
    # What stays on this machine, and tests about flags, enable no flag.
    for ok in ("git switch -c feature/flags", "git commit --allow-empty -m 'flag cleanup'", "pytest -k flags",
               "python -m pytest tests/test_flags.py"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


@pytest.mark.parametrize("agent", AGENTS)
def test_always_open_a_pull_request_stops_a_direct_push_to_the_default_branch(agent: str, git_repo: Path) -> None:
    remember(git_repo, "policy.always_open_a_pull_request", "true")
    (git_repo / "fix.txt").write_text("typo\n")
    commit_all(git_repo, "fix a typo")
    kind, reason = decide(agent, git_repo, "git push origin main")
    assert kind == "deny"
    assert "direct push to `main`, the default branch" in reason and "always open a pull request" in reason
    assert "`git push origin HEAD:refs/heads/main-update`" in reason and "--base main --head main-update" in reason
    assert decide(agent, git_repo, "git push origin HEAD:refs/heads/fix/typo")[0] == "allow"
    assert decide(agent, git_repo, "git push -u origin fix/typo")[0] == "allow"
    assert decide(agent, git_repo, "git push")[0] == "deny"  # the current branch is main


def test_a_memory_file_line_neither_lifts_nor_imposes_a_gate(git_repo: Path) -> None:
    (git_repo / "CLAUDE.md").write_text("# Notes\n\n- Always open a pull request; never push to main directly.\n")
    commit_all(git_repo, "notes")
    assert run_statewise(["import-memory"], git_repo).returncode == 0
    # The memory file's line is the document the developer's record outranks: it gates nothing here.
    assert decide("codex", git_repo, "git push origin HEAD:refs/heads/x")[0] == "allow"
    remember(git_repo, "policy.deploys", "lifted: deploys are allowed again")
    write(git_repo, {"Makefile": ".PHONY: deploy\ndeploy:\n\tdeployctl run\n"})
    assert decide("codex", git_repo, "make deploy")[0] == "allow"  # a permissive record gates nothing
    remember(git_repo, "policy.deploys", "frozen: no production deploys")
    kind, reason = decide("codex", git_repo, "make deploy")
    assert kind == "deny" and "frozen" in reason


def test_a_pull_request_policy_names_the_branch_it_keeps_pushes_off(git_repo: Path) -> None:
    git(git_repo, "switch", "-q", "-c", "develop")
    git(git_repo, "switch", "-q", "main")
    remember(git_repo, "policy.no_direct_push_to_develop", "true")
    assert decide("claude", git_repo, "git push origin develop")[0] == "deny"
    assert decide("claude", git_repo, "git push origin HEAD:refs/heads/topic")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_scoped_upgrade_allows_the_workspace_package_of_that_directory(agent: str, git_repo: Path) -> None:
    write(git_repo, {"packages/shop/package.json": '{"name": "@corp/shop", "version": "1.0.0"}\n',
                     "packages/backoffice/package.json": '{"name": "@corp/backoffice", "version": "1.0.0"}\n',
                     "pnpm-workspace.yaml": "packages:\n  - packages/*\n"})
    remember(git_repo, "policy.vue_4", "Vue 4 only in packages/shop; packages/backoffice stays on Vue 3 for now")
    assert decide(agent, git_repo, "pnpm --filter @corp/shop add vue@4")[0] == "allow"
    assert decide(agent, git_repo, "pnpm --filter=./packages/shop add vue@4")[0] == "allow"
    assert decide(agent, git_repo, "npm -w @corp/shop install vue@4")[0] == "allow"
    for other in ("pnpm --filter @corp/backoffice add vue@4", "pnpm add -w vue@4"):
        assert decide(agent, git_repo, other)[0] in ("deny", "ask"), other


@pytest.mark.parametrize("agent", AGENTS)
def test_a_policy_on_one_subcommand_leaves_the_others_of_that_program(agent: str, git_repo: Path) -> None:
    remember(git_repo, "policy.pulumi_destroy", "never run pulumi destroy yourself; the platform team does it")
    kind, reason = decide(agent, git_repo, "pulumi --cwd infra destroy --yes")
    assert kind == "deny" and "policy.pulumi_destroy" in reason
    assert decide(agent, git_repo, "pulumi --cwd=infra preview")[0] == "allow"
    assert decide(agent, git_repo, "pulumi stack ls")[0] == "allow"


# ---------------------------------------------------------------- policies on what a file write does
def _gated(tool: str, tool_input: dict[str, str], record: Record) -> list[str]:
    from statewise_cli.actions.normalize import normalize_call

    return [verdict for _a, _r, verdict, _why in intent.gates(normalize_call(tool, tool_input, "feature"), [record], None)]


def test_a_key_that_is_a_rule_restricts_unless_its_value_permits() -> None:
    assert intent.restriction(policy("policy.api_freeze", "no endpoint changes until the audit ends")) == "deny"
    assert intent.restriction(policy("policy.api_freeze", "lifted: endpoints may change again")) is None
    assert intent.restriction(policy("policy.billing_sdk", "the billing SDK stays at 4.2 (pinned by the vendor)")) == "deny"


@pytest.mark.parametrize(("path", "content", "gated"), [
    ("db/migrate/20261201_add_nickname.rb", ("class AddNickname < ActiveRecord::Migration[7.1]\n  def change\n"
                                             "    add_column :accounts, :nickname, :string\n  end\nend\n"), True),
    ("alembic/versions/9f1c_add_locale.py", "def upgrade():\n    op.add_column('accounts', sa.Column('locale'))\n", True),
    ("sql/patch_accounts.sql", "ALTER TABLE accounts ADD COLUMN nickname text;\n", True),
    ("app/accounts.py", "def nickname(row):\n    return row.settings.get('nickname')\n", False),
    ("sql/report.sql", "SELECT id, created_at FROM accounts;\n", False),
])
def test_a_schema_freeze_gates_migrations_written_by_any_tool(path: str, content: str, gated: bool) -> None:
    record = policy("policy.schema_freeze_q4", "no schema changes before the replica cutover; keep new data in JSON columns")
    assert (_gated("Write", {"file_path": path, "content": content}, record) == ["deny"]) is gated, path


def test_a_contract_pinned_package_gates_a_manifest_edit_that_moves_it() -> None:
    record = policy("policy.stripe_sdk_pin", "the stripe SDK stays at 7.1.0 (certified integration); billing upgrades it")
    bump = {"file_path": "requirements.txt", "old_string": "stripe==7.1.0", "new_string": "stripe==9.0.0"}
    other = {"file_path": "requirements.txt", "old_string": "flask==3.0.0", "new_string": "flask==3.1.0"}
    assert _gated("Edit", bump, record) == ["deny"]
    assert _gated("Edit", other, record) == []  # another package of the same manifest
    assert _gated("Edit", {"file_path": "package.json", "old_string": '"stripe": "^7.1.0"',
                           "new_string": '"stripe": "^9.0.0"'}, record) == ["deny"]
    # a permissive record gates nothing
    assert _gated("Edit", bump, policy("policy.stripe_sdk_pin", "stripe can be upgraded freely")) == []


def test_a_manifest_edit_adding_a_banned_package_is_gated_like_an_install() -> None:
    record = policy("policy.http_clients", "requests is banned: use httpx")
    add = {"file_path": "requirements.txt", "old_string": "flask==3.1.0\n", "new_string": "flask==3.1.0\nrequests==2.32.3\n"}
    instead = {"file_path": "requirements.txt", "old_string": "flask==3.1.0\n", "new_string": "flask==3.1.0\nhttpx==0.28.1\n"}
    assert _gated("Edit", add, record) == ["deny"]
    assert _gated("Edit", instead, record) == []


def test_an_operand_that_is_a_path_of_the_tree_names_what_the_action_carries(tmp_path: Path) -> None:
    (tmp_path / "datasets").mkdir()
    wanted = intent.subject(policy("policy.dataset_exports", "datasets leave only through the data-room bucket"))

    def hits(command: str) -> bool:
        (action, *_) = normalize_shell(command, "main")
        return any(intent._same(w, d) for w in wanted for d in intent.action_words(action, str(tmp_path)))

    assert hits("rclone copy datasets/q3-churn remote:share")  # first part an entry of the tree
    assert not hits("rclone copy datasets/q3-churn remote:share".replace("datasets/", "elsewhere/"))
    assert not hits("rclone copy https://example.org/datasets/x remote:share")  # a URL is no path of the tree
    assert not hits("python gen.py orders --out datasets/orders.json")  # a generator's output, no transfer


def test_an_only_clause_naming_a_place_by_identifier_allows_that_place() -> None:
    record = policy("policy.dataset_exports", "datasets leave only through the data-room bucket; never elsewhere")
    (inside, *_) = normalize_shell("rclone copy datasets/q3 data-room:exports/q3", "main")
    (outside, *_) = normalize_shell("rclone copy datasets/q3 partner-share:q3", "main")
    assert intent.within_named_destination(record, inside)
    assert not intent.within_named_destination(record, outside)
    plain = policy("policy.dataset_exports", "datasets leave only through the security team's review")
    assert not intent.within_named_destination(plain, inside)  # no identifier named: nothing to match


def test_a_policy_whose_key_names_a_file_gates_an_edit_of_that_file() -> None:
    from statewise_cli.actions.normalize import Action

    def gate(key: str, value: str, target: str) -> object:
        action = Action(tool="Edit", operation="edit", target=target, body="+  - name: new_entry\n", risk="local-mutation")
        return intent._named_file_gate(action, [policy(key, value)])

    assert gate("policy.retention_schedule", "new entries in the retention schedule need Legal's review",
                "compliance/retention-schedule.yml") is not None
    assert gate("policy.retention_schedule", "adding entries to the retention schedule is fine",
                "compliance/retention-schedule.yml") is None  # permits
    assert gate("policy.retention_schedule", "new entries need Legal's review", "src/schedule.py") is None
    assert gate("policy.deploy_freeze", "frozen: never change production deploys", "scripts/deploy.sh") is None  # one word
    assert gate("policy.retention_schedule", "the retention schedule is owned by Legal, ask them",
                "compliance/retention-schedule.yml") is None  # says nothing of changing it


# ---------------------------------------------------------------- a required form stated as options
@pytest.mark.parametrize(("value", "command", "satisfied"), [
    ("newsletters never go to opted-out readers (privacy law): always --exclude opted-out; the privacy lead decides",
     "./bin/mailout --list weekly --exclude opted-out", True),
    ("newsletters never go to opted-out readers (privacy law): always --exclude opted-out",
     "./bin/mailout --list weekly --exclude=opted-out", True),
    ("newsletters never go to opted-out readers (privacy law): always --exclude opted-out",
     "./bin/mailout --list weekly --exclude opted", False),
    ("newsletters never go to opted-out readers (privacy law): always --exclude opted-out",
     "./bin/mailout --list weekly", False),
    ("exports always --profile readonly", "exportctl run --profile admin", False),
    ("Rollouts must pass --dry-run first.", "rolloutctl apply --dry-run", True),
    ("rollouts need the SRE lead's approval: always --notify sre", "rolloutctl apply --notify sre", False),
    ("rollouts must not use --force", "rolloutctl apply --force", False),
    # "every"/"each" states the requirement as well as "always"/"must"
    ("every payout batch carries its audit trail (--audit-trail); the controller decides",
     "./bin/payout --batch 2026-11 --audit-trail", True),
    ("each payout batch carries its audit trail (--audit-trail)", "./bin/payout --batch 2026-11", False),
    # the requirement in words: an option whose words the clause names is that form
    ("every payroll run withholds the state tax (audit of 2026-10-02); the controller decides",
     "./bin/payroll --period 2026-11 --withhold-state-tax", True),
    ("every release carries its signed checksum", "./bin/release --tag v4 --signed-checksum", True),
    ("every payroll run withholds the state tax", "./bin/payroll --period 2026-11 --withhold-bonus", False),
    ("every payroll run withholds the state tax", "./bin/payroll --period 2026-11", False),
    ("every newsletter send needs the editor's sign-off", "./bin/send --editor-signoff", False),
    ("every export drops the customer emails", "./bin/export --customer-emails", False),
])
def test_an_action_that_carries_the_required_options_is_that_form(value: str, command: str, satisfied: bool) -> None:
    record = _required_form_record(value)
    assert intent.within_required_form(record, normalize_shell(command, "main")[0]) is satisfied


def _required_form_record(value: str) -> Record:
    return Record(id="r1", key="policy.mailouts", value=value, type="policy", scope="repository", observed_at=0.0,
                  stored_at=0.0, expires_at=None, source="user", authority="developer", status="active",
                  validity="valid", verified_at=None, supersedes=None, superseded_by=None, evidence=None)
