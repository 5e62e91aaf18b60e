"""Premises verified by class, against the repository itself: the tool of a category, the version a
version manager installs, the refs a remote's receive hook lets through, review refs, a tag line that
goes backwards, the branch a submodule follows, and a developer's allowance limited to a kind of change.

Real repositories with history and a local bare remote, the installed hook, both agents' payload shapes.
Each class: the stale action is denied with what is true now and a valid alternative; the correct
action, and its neighbours nobody should stop, are allowed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, run_statewise
from test_premises import decide, write


def _origin(repo: Path) -> Path:
    return Path(git(repo, "config", "remote.origin.url").strip())


def _receive_hook(repo: Path, body: str) -> None:
    hook = _origin(repo) / "hooks" / "pre-receive"
    hook.write_text(body)
    hook.chmod(0o755)


_PREFIX_HOOK = ('#!/bin/sh\nz=0000000000000000000000000000000000000000\nwhile read old new ref; do\n'
                '  [ "$old" = $z ] || continue\n  case "$ref" in\n'
                '    refs/heads/ana/*|refs/heads/lee/*|refs/tags/*) ;;\n'
                '    *) echo "new branches must start with your user name: $ref" >&2; exit 1;;\n'
                '  esac\ndone\nexit 0\n')


# ------------------------------------------------------------------ the remote's receive hook
@pytest.mark.parametrize("agent", AGENTS)
def test_an_allow_list_arm_is_not_a_protection_and_names_the_accepted_prefix(agent: str, git_repo: Path) -> None:
    git(git_repo, "config", "user.email", "ana@example.invalid")
    _receive_hook(git_repo, _PREFIX_HOOK)
    git(git_repo, "switch", "-q", "-c", "search")
    git(git_repo, "commit", "-q", "--allow-empty", "-m", "search")
    # the branch the hook's accepting arm names: allowed (it was once taken as "protected")
    kind, reason = decide(agent, git_repo, "git push -u origin HEAD:refs/heads/ana/search")
    assert kind == "allow", reason
    # a new branch outside the allow-list: denied, with the committer's own prefix as the alternative
    kind, reason = decide(agent, git_repo, "git push -u origin HEAD:refs/heads/feature/search")
    assert kind == "deny", reason
    assert "refs/heads/ana/*" in reason and "Safe alternative: `git push -u origin HEAD:refs/heads/ana/search`" in reason
    assert "gh pr create" not in reason


def test_a_hook_arm_that_rejects_still_protects(git_repo: Path) -> None:
    _receive_hook(git_repo, '#!/bin/sh\nwhile read old new ref; do\n  case "$ref" in\n'
                            '    refs/heads/main) echo "main is protected" >&2; exit 1;;\n'
                            '    refs/heads/dev/*)\n      ;;\n  esac\ndone\n')
    from statewise_cli.verifiers.git import mentions_branch

    text = (_origin(git_repo) / "hooks" / "pre-receive").read_text()
    assert mentions_branch(text, "main") is not None
    assert mentions_branch(text, "dev/x") is None  # accepted on the next line: an allow arm
    kind, reason = decide("claude", git_repo, "git push origin main")
    assert kind == "deny" and "protect" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_review_ref_is_not_a_push_to_the_branch(agent: str, git_repo: Path) -> None:
    _receive_hook(git_repo, '#!/bin/sh\nwhile read old new ref; do\n  case "$ref" in\n    refs/for/*|refs/changes/*) ;;\n'
                            '    *) echo "prohibited: create not permitted for $ref" >&2; exit 1;;\n  esac\ndone\nexit 0\n')
    git(git_repo, "commit", "-q", "--allow-empty", "-m", "ttl")
    kind, reason = decide(agent, git_repo, "git push origin HEAD:refs/for/main")
    assert kind == "allow", reason
    kind, reason = decide(agent, git_repo, "git push -u origin HEAD:refs/heads/review/ttl")
    assert kind == "deny", reason
    assert "Safe alternative: `git push origin HEAD:refs/for/main`" in reason


def test_a_review_ref_stays_allowed_when_the_branch_is_protected_by_record(git_repo: Path) -> None:
    result = run_statewise(["remember", "git.branch.protected", "true", "--scope", "branch:main",
                            "--type", "branch_policy"], git_repo)
    assert result.returncode == 0, result.stderr
    git(git_repo, "commit", "-q", "--allow-empty", "-m", "change")
    assert decide("codex", git_repo, "git push origin HEAD:refs/for/main")[0] == "allow"
    assert decide("codex", git_repo, "git push origin HEAD:main")[0] == "deny"


# ------------------------------------------------------------------ developer intent in its scope
def _remember_policy(repo: Path, key: str, value: str) -> None:
    result = run_statewise(["remember", key, value, "--type", "policy"], repo)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("agent", AGENTS)
def test_a_docs_only_allowance_lets_a_docs_push_through_and_still_gates_code(agent: str, git_repo: Path) -> None:
    git(git_repo, "push", "-q", "origin", "HEAD:refs/heads/main")
    git(git_repo, "fetch", "-q", "origin")
    _remember_policy(git_repo, "policy.docs_to_main",
                     "docs-only changes may be pushed straight to main; code changes need a pull request")
    write(git_repo, {"README.md": "# app\n\nFixed a typo.\n", "docs/usage.md": "usage\n"})
    kind, reason = decide(agent, git_repo, "git push origin main")
    assert kind == "allow", reason
    write(git_repo, {"app.py": "x = 1\n"})
    kind, reason = decide(agent, git_repo, "git push origin main")
    assert kind == "deny" and "policy.docs_to_main" in reason, reason


def test_a_docs_allowance_outranks_a_memory_file_that_forbids_it(git_repo: Path) -> None:
    from statewise_cli.recovery import intent
    from statewise_cli.store.records import Record

    record = Record(id="p", key="policy.docs_to_main", value="never push code to main; docs-only fixes can go straight "
                    "to main", type="policy", scope="repository", observed_at=0, stored_at=0, expires_at=None,
                    source="user", authority="developer", status="active", validity="unchecked", verified_at=None,
                    supersedes=None, superseded_by=None, evidence=None)
    assert intent._allowed_kinds(record) == ["documentation"]
    assert intent._allowed_kinds(record.replace(value="never push to main directly, not even docs")) == []
    assert intent._of_kind("docs/guide/intro.md", "documentation") and not intent._of_kind("src/app.py", "documentation")


# ------------------------------------------------------------------ the tool of a category
@pytest.mark.parametrize("agent", AGENTS)
def test_a_hook_manager_replaced_by_another(agent: str, git_repo: Path) -> None:
    write(git_repo, {".pre-commit-config.yaml": "repos: []\n"})
    git(git_repo, "rm", "-q", ".pre-commit-config.yaml")
    write(git_repo, {"lefthook.yml": "pre-commit:\n  commands:\n    lint:\n      run: ruff check\n"})
    kind, reason = decide(agent, git_repo, "pre-commit install")
    assert kind == "deny", reason
    assert "lefthook.yml" in reason and "Safe alternative: `lefthook install`" in reason
    assert decide(agent, git_repo, "lefthook install")[0] == "allow"


def test_a_tool_with_its_own_evidence_or_no_competitor_is_not_judged(git_repo: Path) -> None:
    write(git_repo, {"lefthook.yml": "pre-commit: {}\n", ".pre-commit-config.yaml": "repos: []\n"})
    assert decide("claude", git_repo, "pre-commit install")[0] == "allow"  # both present: not decided
    git(git_repo, "rm", "-q", "-r", "lefthook.yml", ".pre-commit-config.yaml")
    commit_all(git_repo, "no hook manager")
    assert decide("claude", git_repo, "pre-commit install")[0] == "allow"  # nothing names a competitor


@pytest.mark.parametrize("agent", AGENTS)
def test_a_jvm_build_tool_replaced_by_the_gradle_wrapper(agent: str, git_repo: Path) -> None:
    write(git_repo, {"build.gradle.kts": "plugins { java }\n", "settings.gradle.kts": 'rootProject.name = "x"\n',
                     "gradlew": "#!/bin/sh\n"})
    kind, reason = decide(agent, git_repo, "mvn -q test")
    assert kind == "deny", reason
    assert "Safe alternative: `./gradlew test`" in reason and "no pom.xml" in reason
    assert decide(agent, git_repo, "./gradlew test")[0] == "allow"


def test_setup_py_commands_after_the_move_to_a_pep517_backend(git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": '[build-system]\nrequires = ["hatchling"]\nbuild-backend = "hatchling.build"\n'})
    kind, reason = decide("codex", git_repo, "python setup.py bdist_wheel")
    assert kind == "deny" and "Safe alternative: `python -m build --wheel`" in reason, reason
    assert decide("codex", git_repo, "python -m build")[0] == "allow"
    write(git_repo, {"setup.py": "from setuptools import setup\nsetup()\n"})
    assert decide("codex", git_repo, "python setup.py bdist_wheel")[0] == "allow"


# ------------------------------------------------------------------ the version a version manager installs
@pytest.mark.parametrize("agent", AGENTS)
def test_a_version_manager_against_the_pin_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {".terraform-version": "1.9.8\n"})
    kind, reason = decide(agent, git_repo, "tfenv install 1.5.7")
    assert kind == "deny", reason
    assert ".terraform-version pins terraform 1.9.8" in reason and "`tfenv install 1.9.8`" in reason
    for ok in ("tfenv install 1.9.8", "tfenv install", "tfenv install 1.9"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


def test_corepack_back_to_an_older_package_manager_than_packagemanager(git_repo: Path) -> None:
    write(git_repo, {"package.json": json.dumps({"name": "shop", "packageManager": "pnpm@9.12.3"}) + "\n"})
    kind, reason = decide("claude", git_repo, "corepack use pnpm@8.15.9")
    assert kind == "deny" and "`corepack use pnpm@9.12.3`" in reason and "corepack install" in reason, reason
    assert decide("claude", git_repo, "corepack use pnpm@10.1.0")[0] == "allow"  # a deliberate upgrade of the pin
    assert decide("claude", git_repo, "corepack install")[0] == "allow"


def test_asdf_and_tool_versions(git_repo: Path) -> None:
    write(git_repo, {".tool-versions": "ruby 3.3.5\nnodejs 20.11.0\n"})
    kind, reason = decide("codex", git_repo, "asdf install ruby 3.2.2")
    assert kind == "deny" and "`asdf install ruby 3.3.5`" in reason, reason
    assert decide("codex", git_repo, "asdf install nodejs 20.11.0")[0] == "allow"


# ------------------------------------------------------------------ tag lines and submodules
@pytest.mark.parametrize("agent", AGENTS)
def test_a_tag_that_goes_back_in_its_line_names_the_components_prefix(agent: str, git_repo: Path) -> None:
    write(git_repo, {"api/app.py": "VERSION = '2.4.0'\n", "web/app.js": "export const VERSION = '5.1.0';\n",
                     ".github/workflows/release.yml": "on:\n  push:\n    tags: ['v*']\n",
                     ".github/workflows/release-api.yml": "on:\n  push:\n    tags:\n      - 'api/v*'\n"})
    git(git_repo, "tag", "v5.1.0")
    kind, reason = decide(agent, git_repo, "git tag v2.4.0 && git push origin v2.4.0")
    assert kind == "deny", reason
    assert "v5.1.0" in reason and "Safe alternative: `git tag api/v2.4.0 && git push origin api/v2.4.0`" in reason
    assert decide(agent, git_repo, "git tag v5.2.0")[0] == "allow"  # the line's next release
    assert decide(agent, git_repo, "git tag api/v2.4.0")[0] == "allow"


def test_a_backport_in_a_major_line_the_tags_already_have(git_repo: Path) -> None:
    for tag in ("v1.9.8", "v2.0.0"):
        git(git_repo, "commit", "-q", "--allow-empty", "-m", tag)
        git(git_repo, "tag", tag)
    assert decide("claude", git_repo, "git tag v1.9.9")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_submodule_checked_out_on_the_line_its_upstream_left(agent: str, git_repo: Path, tmp_path: Path) -> None:
    up, src = tmp_path / "protos.git", tmp_path / "protos-src"
    git(tmp_path, "init", "-q", "--bare", "-b", "master", str(up))
    git(tmp_path, "init", "-q", "-b", "master", str(src))
    for k, v in (("user.email", "a@example.invalid"), ("user.name", "A"), ("commit.gpgsign", "false")):
        git(src, "config", k, v)
    (src / "a.proto").write_text("v1\n")
    commit_all(src, "v1")
    git(src, "push", "-q", str(up), "master")
    git(src, "switch", "-q", "-c", "main")
    (src / "a.proto").write_text("v2\n")
    commit_all(src, "v2")
    git(src, "push", "-q", str(up), "main")
    git(up, "symbolic-ref", "HEAD", "refs/heads/main")
    git(git_repo, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(up), "third_party/protos")
    commit_all(git_repo, "protos submodule")
    kind, reason = decide(agent, git_repo, "git -C third_party/protos checkout -q origin/master")
    assert kind == "deny", reason
    assert "Safe alternative: `git -C third_party/protos checkout -q origin/main`" in reason
    assert decide(agent, git_repo, "git -C third_party/protos checkout -q origin/main")[0] == "allow"


# ------------------------------------------------------------------ workspace members
@pytest.mark.parametrize("agent", AGENTS)
def test_a_crate_renamed_in_a_cargo_workspace(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Cargo.toml": '[workspace]\nmembers = ["crates/core", "crates/cli"]\n',
                     "crates/core/Cargo.toml": '[package]\nname = "acme-core"\nversion = "0.4.0"\n',
                     "crates/cli/Cargo.toml": '[package]\nname = "acme-cli"\nversion = "0.4.0"\n'})
    git(git_repo, "mv", "crates/core", "crates/engine")
    write(git_repo, {"crates/engine/Cargo.toml": '[package]\nname = "acme-engine"\nversion = "0.5.0"\n',
                     "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n'})
    kind, reason = decide(agent, git_repo, "cargo test -p acme-core")
    assert kind == "deny", reason
    assert "renamed it to `acme-engine`" in reason and "Safe alternative: `cargo test -p acme-engine`" in reason
    assert decide(agent, git_repo, "cargo test -p acme-engine")[0] == "allow"
    assert decide(agent, git_repo, "cargo test -p acme-cli")[0] == "allow"


def test_a_pnpm_filter_for_a_renamed_package_and_selectors_not_judged(git_repo: Path) -> None:
    write(git_repo, {"pnpm-workspace.yaml": "packages:\n  - 'apps/*'\n", "package.json": '{"name": "platform"}\n',
                     "apps/server/package.json": '{"name": "@acme/api"}\n', "apps/web/package.json": '{"name": "@acme/web"}\n'})
    write(git_repo, {"apps/server/package.json": '{"name": "@acme/server"}\n'})
    kind, reason = decide("codex", git_repo, "pnpm --filter @acme/api build")
    assert kind == "deny" and "Safe alternative: `pnpm --filter @acme/server build`" in reason, reason
    for ok in ("pnpm --filter @acme/server build", "pnpm --filter ./apps/server build", "pnpm --filter '@acme/*' build",
               "pnpm --filter ...@acme/web build"):
        assert decide("codex", git_repo, ok)[0] == "allow", ok


def test_an_npm_workspace_name_no_member_has_lists_the_members(git_repo: Path) -> None:
    write(git_repo, {"package.json": '{"name": "root", "workspaces": ["packages/*"]}\n',
                     "packages/ui/package.json": '{"name": "ui-kit"}\n'})
    kind, reason = decide("claude", git_repo, "npm run build -w design-system")
    assert kind == "deny" and "ui-kit" in reason, reason
    assert decide("claude", git_repo, "npm run build -w ui-kit")[0] == "allow"
    assert decide("claude", git_repo, "npm run build -w packages/ui")[0] == "allow"  # a path: npm resolves it


# ------------------------------------------------------------------ files the tool does not read
def test_a_codeowners_file_shadowed_by_one_github_reads_first(git_repo: Path) -> None:
    agent = "claude"  # the Edit tool's payload
    write(git_repo, {"docs/CODEOWNERS": "* @acme/core\n", ".github/CODEOWNERS": "* @acme/core\n/infra/ @acme/platform\n"})
    kind, reason = decide(agent, git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / "docs/CODEOWNERS"), "old_string": "* @acme/core\n", "new_string": "* @acme/x\n"})
    assert kind == "deny", reason
    assert "edit `.github/CODEOWNERS` instead" in reason
    kind, reason = decide(agent, git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / ".github/CODEOWNERS"), "old_string": "* @acme/core\n", "new_string": "* @acme/x\n"})
    assert kind == "allow", reason


def test_a_hook_written_to_git_hooks_while_core_hookspath_points_elsewhere(git_repo: Path) -> None:
    write(git_repo, {"scripts/git-hooks/pre-push": "#!/bin/sh\nexit 0\n"})
    content = "#!/bin/sh\ntest -s \"$1\"\n"
    call = {"tool": "Write", "tool_input": {"file_path": str(git_repo / ".git/hooks/commit-msg"), "content": content}}
    assert decide("claude", git_repo, **call)[0] == "allow"  # no core.hooksPath: .git/hooks is where git looks
    git(git_repo, "config", "core.hooksPath", "scripts/git-hooks")
    kind, reason = decide("claude", git_repo, **call)
    assert kind == "deny" and "`scripts/git-hooks/commit-msg`" in reason and "core.hooksPath" in reason, reason
    kind, reason = decide("claude", git_repo, tool="Write", tool_input={
        "file_path": str(git_repo / "scripts/git-hooks/commit-msg"), "content": content})
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_an_allowance_of_a_qualified_form_lets_that_form_run(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Makefile": ".PHONY: prune-old-previews prune-every-preview\nprune-old-previews:\n"
                                 "\tpreviewctl prune --older-than 30d\nprune-every-preview:\n\tpreviewctl prune --all\n"})
    _remember_policy(git_repo, "policy.preview_cleanup",
                     "prune previews older than 30 days only; any other preview needs its owner's approval")
    kind, reason = decide(agent, git_repo, "make prune-old-previews")
    assert kind == "allow", reason
    kind, reason = decide(agent, git_repo, "make prune-every-preview")
    assert kind == ("ask" if agent == "claude" else "deny") and "policy.preview_cleanup" in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_ruby_suite_moved_to_minitest_stops_a_run_of_the_old_framework(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Gemfile": 'source "https://rubygems.org"\ngem "rake"\ngem "minitest"\n',
                     "Rakefile": 'require "rake/testtask"\nRake::TestTask.new(:test) { |t| t.libs << "test" }\n',
                     "test/test_helper.rb": 'require "minitest/autorun"\n',
                     "test/ledger_test.rb": 'require "test_helper"\nclass LedgerTest < Minitest::Test\nend\n'})
    kind, reason = decide(agent, git_repo, "bundle exec rspec")
    assert kind == "deny" and "minitest" in reason and "`bundle exec rake test`" in reason
    assert decide(agent, git_repo, "bundle exec rake test")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_project_still_on_rspec_runs_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Gemfile": 'source "https://rubygems.org"\ngem "rspec"\n', ".rspec": "--require spec_helper\n",
                     "spec/spec_helper.rb": "\n", "test/test_helper.rb": "\n"})
    assert decide(agent, git_repo, "bundle exec rspec")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_php_suite_ported_to_pest_stops_a_bare_phpunit_run(agent: str, git_repo: Path) -> None:
    write(git_repo, {"composer.json": json.dumps({"name": "corp/ledger", "require-dev": {"pestphp/pest": "^3.0"},
                                                  "scripts": {"test": "pest --parallel"}}),
                     "phpunit.xml": "<phpunit><testsuites><testsuite name='all'><directory>tests</directory>"
                                    "</testsuite></testsuites></phpunit>\n",
                     "tests/Pest.php": "<?php\n", "tests/LedgerTest.php": "<?php\ntest('sums', fn () => true);\n"})
    kind, reason = decide(agent, git_repo, "vendor/bin/phpunit")
    assert kind == "deny" and "pest" in reason and "`composer test`" in reason
    assert decide(agent, git_repo, "composer test")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_phpunit_project_without_pest_runs_phpunit(agent: str, git_repo: Path) -> None:
    write(git_repo, {"composer.json": json.dumps({"name": "corp/ledger", "scripts": {"test": "phpunit"}}),
                     "phpunit.xml.dist": "<phpunit/>\n", "tests/LedgerTest.php": "<?php\n"})
    assert decide(agent, git_repo, "vendor/bin/phpunit")[0] == "allow"


CACHE_V1 = "services:\n  web:\n    build: .\n  cache:\n    image: valkey/valkey:7\n"
CACHE_V2 = ("services:\n  web:\n    build: .\n    depends_on:\n      - kv\n  kv:\n    image: valkey/valkey:8\n"
            "  mailpit:\n    image: axllent/mailpit:latest\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_compose_service_renamed_in_history_names_the_new_service(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docker-compose.yml": CACHE_V1})
    write(git_repo, {"docker-compose.yml": CACHE_V2})
    kind, reason = decide(agent, git_repo, "docker compose logs --tail 20 cache")
    assert kind == "deny" and "no service `cache`" in reason and "`docker compose logs --tail 20 kv`" in reason
    kind, reason = decide(agent, git_repo, "docker compose exec cache valkey-cli ping")
    assert kind == "deny" and "`docker compose exec kv valkey-cli ping`" in reason
    for ok in ("docker compose up -d kv", "docker compose logs --tail 20 kv", "docker compose exec kv valkey-cli ping",
               "docker compose up -d", "docker compose ps"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


@pytest.mark.parametrize("agent", AGENTS)
def test_a_compose_service_never_defined_lists_the_services(agent: str, git_repo: Path) -> None:
    write(git_repo, {"compose.yaml": CACHE_V2})
    kind, reason = decide(agent, git_repo, "docker compose restart -t 5 queue")
    assert kind == "deny" and "kv, mailpit, web" in reason
    assert decide(agent, git_repo, "docker compose restart -t 5 web")[0] == "allow"
