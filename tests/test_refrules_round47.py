"""Which refs a remote or a team lets a push write (``statewise_cli.recovery.premises_refrules``), walked row by
row from git's documentation (githooks(5), git-receive-pack(1), git-config(1) ``receive.*`` / ``transfer.*``) and
from how teams write their rules down (branch namespaces in CONTRIBUTING, tags pushed one by one, a later note that
lifts a rule). Invented repositories; every row has the push the rule lets through beside the one it rejects, and a
rule that does not name the ref says nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, git
from test_premises import decide, write

from statewise_cli.recovery.premises_refrules import hook_rules, remote_rules

ME = "dana"


def _hook(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)


def _origin(repo: Path) -> Path:
    return Path(git(repo, "config", "--get", "remote.origin.url").strip())


def _verdict(text: str, ref: str, hook: str = "pre-receive") -> str:
    rules = hook_rules(f"/x/hooks/{hook}", text)
    from statewise_cli.recovery.premises_refrules import judge

    return judge(rules, ref)[0]


# ---------------------------------------------------------------- server side: the hook's text, row by row
CASE_ALLOW = """#!/bin/sh
while read old new ref; do
  case "$ref" in
    refs/heads/users/*|refs/tags/*) ;;
    *) echo "personal branches live under users/<name>/" >&2; exit 1 ;;
  esac
done
"""
CASE_REJECT = """#!/bin/sh
while read old new ref; do
  case "$ref" in
    refs/heads/main) echo "main takes merges from the review server only" >&2; exit 1 ;;
  esac
done
"""
DOUBLE_BRACKET_OR = """#!/bin/bash
while read oldrev newrev refname; do
  [[ $refname == refs/heads/users/* ]] || { echo "push to users/<you>/<topic>" >&2; exit 1; }
done
"""
IF_NOT_EQUAL = """#!/bin/bash
while read oldrev newrev refname; do
  if [[ "$refname" != refs/heads/users/* && "$refname" != refs/tags/* ]]; then
    echo "only users/* branches and tags" >&2
    exit 1
  fi
done
"""
TEST_EQUAL = """#!/bin/sh
while read old new ref; do
  if [ "$ref" = "refs/heads/main" ]; then
    echo "main is written by the merge bot" >&2
    exit 1
  fi
done
exit 0
"""
GREP_ALLOW = """#!/bin/sh
while read old new ref; do
  echo "$ref" | grep -qE '^refs/heads/(users|team)/' || { echo "use users/ or team/" >&2; exit 1; }
done
"""
GREP_REJECT = """#!/bin/sh
while read old new ref; do
  if echo "$ref" | grep -q '^refs/tags/stable-'; then
    echo "stable-* tags are made by CI" >&2
    exit 1
  fi
done
"""
REGEX_AND = """#!/bin/bash
while read o n r; do
  [[ $r =~ ^refs/heads/release/ ]] && { echo "release branches are cut by the release job" >&2; exit 1; }
done
exit 0
"""
UPDATE_HOOK = """#!/bin/sh
refname="$1"
case "$refname" in
  refs/heads/users/*) ;;
  *) echo "*** only users/* here" >&2; exit 1 ;;
esac
"""
EARLY_ACCEPT = """#!/bin/bash
while read o n ref; do
  if [[ $ref == refs/heads/bots/* ]]; then continue; fi
  [[ $ref == refs/heads/users/* ]] || exit 1
done
"""
COMMENT_ONLY = """#!/bin/sh
# refs/heads/main is protected on the forge, not here
exit 0
"""


@pytest.mark.parametrize("text,ref,expected", [
    (CASE_ALLOW, "refs/heads/feature-x", "reject"),
    (CASE_ALLOW, "refs/heads/users/dana/feature-x", "accept"),
    (CASE_REJECT, "refs/heads/main", "reject"),
    (CASE_REJECT, "refs/heads/feature-x", "unknown"),
    (DOUBLE_BRACKET_OR, "refs/heads/feature-x", "reject"),
    (DOUBLE_BRACKET_OR, "refs/heads/users/dana/x", "accept"),
    (IF_NOT_EQUAL, "refs/heads/topic", "reject"),
    (IF_NOT_EQUAL, "refs/tags/v1.0.0", "accept"),
    (IF_NOT_EQUAL, "refs/heads/users/dana/t", "accept"),
    (TEST_EQUAL, "refs/heads/main", "reject"),
    (TEST_EQUAL, "refs/heads/topic", "unknown"),
    (GREP_ALLOW, "refs/heads/topic", "reject"),
    (GREP_ALLOW, "refs/heads/team/infra/x", "accept"),
    (GREP_REJECT, "refs/tags/stable-2", "reject"),
    (GREP_REJECT, "refs/tags/v2", "unknown"),
    (REGEX_AND, "refs/heads/release/2.0", "reject"),
    (REGEX_AND, "refs/heads/topic", "unknown"),
    (EARLY_ACCEPT, "refs/heads/bots/renovate", "accept"),
    (EARLY_ACCEPT, "refs/heads/topic", "reject"),
    (COMMENT_ONLY, "refs/heads/main", "unknown"),
])
def test_hook_text_rows(text: str, ref: str, expected: str) -> None:
    assert _verdict(text, ref) == expected


def test_update_hook_takes_the_ref_as_its_first_argument() -> None:
    assert _verdict(UPDATE_HOOK, "refs/heads/topic", "update") == "reject"
    assert _verdict(UPDATE_HOOK, "refs/heads/users/dana/topic", "update") == "accept"


def test_post_receive_cannot_reject(git_repo: Path) -> None:
    origin = _origin(git_repo)
    _hook(origin / "hooks" / "post-receive", CASE_REJECT)
    rules = remote_rules(str(origin), str(git_repo))
    assert rules is not None and rules.verdict("refs/heads/main")[0] == "unknown"


def test_remote_config_rows(git_repo: Path) -> None:
    origin = _origin(git_repo)
    git(origin, "config", "receive.denyDeletes", "true")
    git(origin, "config", "receive.denyNonFastForwards", "true")
    git(origin, "config", "--add", "receive.hideRefs", "refs/heads/internal")
    git(origin, "config", "--add", "receive.hideRefs", "!refs/heads/internal/open")
    rules = remote_rules(str(origin), str(git_repo))
    assert rules is not None
    assert rules.verdict("refs/heads/topic", "delete")[0] == "reject"
    assert rules.verdict("refs/heads/topic", "force")[0] == "reject"
    assert rules.verdict("refs/heads/topic")[0] == "unknown"
    assert rules.verdict("refs/heads/internal/x")[0] == "reject"
    assert rules.verdict("refs/heads/internal/open/x")[0] == "unknown"


def test_hooks_path_of_the_remote(git_repo: Path) -> None:
    origin = _origin(git_repo)
    _hook(origin / "server-hooks" / "pre-receive", TEST_EQUAL)
    git(origin, "config", "core.hooksPath", "server-hooks")
    rules = remote_rules(str(origin), str(git_repo))
    assert rules is not None and rules.verdict("refs/heads/main")[0] == "reject"


def test_proc_receive_refs_are_handled_by_the_hook(git_repo: Path) -> None:
    origin = _origin(git_repo)
    _hook(origin / "hooks" / "proc-receive", "#!/bin/sh\nexit 0\n")
    _hook(origin / "hooks" / "pre-receive", CASE_REJECT)
    git(origin, "config", "receive.procReceiveRefs", "refs/for")
    rules = remote_rules(str(origin), str(git_repo))
    assert rules is not None and rules.verdict("refs/for/main")[0] == "accept"
    assert rules.verdict("refs/heads/main")[0] == "reject"  # pre-receive still sees every ref


def test_deny_current_branch_of_a_non_bare_remote(tmp_path: Path, git_repo: Path) -> None:
    work = tmp_path / "work-remote"
    git(tmp_path, "clone", "-q", str(_origin(git_repo)), str(work))
    rules = remote_rules(str(work), str(git_repo))
    assert rules is not None and rules.verdict("refs/heads/main")[0] == "reject"  # refuse: git's default
    assert rules.verdict("refs/heads/other")[0] == "unknown"
    git(work, "config", "receive.denyCurrentBranch", "updateInstead")
    assert remote_rules(str(work), str(git_repo)).verdict("refs/heads/main")[0] == "unknown"  # type: ignore[union-attr]


# ---------------------------------------------------------------- the push, with the alternative checked
@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_outside_the_users_namespace(agent: str, git_repo: Path) -> None:
    origin = _origin(git_repo)
    git(git_repo, "config", "user.email", f"{ME}@example.com")
    _hook(origin / "hooks" / "pre-receive", DOUBLE_BRACKET_OR)
    git(git_repo, "switch", "-q", "-c", "fix-login")
    kind, reason = decide(agent, git_repo, "git push -u origin fix-login")
    assert kind == "deny", reason
    assert "protected" not in reason.lower()
    assert f"users/{ME}/fix-login" in reason
    kind, reason = decide(agent, git_repo, f"git push -u origin fix-login:users/{ME}/fix-login")
    assert kind == "allow", reason


def test_a_hook_that_does_not_name_the_ref_says_nothing(git_repo: Path) -> None:
    _hook(_origin(git_repo) / "hooks" / "pre-receive", TEST_EQUAL)
    git(git_repo, "switch", "-q", "-c", "fix-login")
    assert decide("claude", git_repo, "git push -u origin fix-login")[0] == "allow"


def test_namespace_in_use_names_the_alternative(git_repo: Path) -> None:
    from statewise_cli.recovery.premises_refrules import namespaced

    origin = _origin(git_repo)
    git(git_repo, "config", "user.email", "dana.k@example.com")
    git(git_repo, "push", "-q", "origin", "HEAD:refs/heads/users/dana/old-work")
    _hook(origin / "hooks" / "pre-receive", CASE_ALLOW)
    from statewise_cli.repo import find_repo

    repo = find_repo(str(git_repo))
    assert repo is not None
    assert namespaced(repo, "origin", "main-update") == "users/dana/main-update"


def test_docs_namespace_names_the_alternative(git_repo: Path) -> None:
    from statewise_cli.recovery.premises_refrules import namespaced
    from statewise_cli.repo import find_repo

    git(git_repo, "config", "user.email", "lee@example.com")
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nPersonal branches must live under `users/<username>/`; "
                                        "the server rejects anything else.\n"})
    repo = find_repo(str(git_repo))
    assert repo is not None
    assert namespaced(repo, "origin", "fix") == "users/lee/fix"
    assert namespaced(repo, "origin", "users/lee/fix") == "users/lee/fix"


def test_a_placeholder_alternative_lands_in_the_namespace(git_repo: Path) -> None:
    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery.alternatives import concrete
    from statewise_cli.repo import find_repo

    git(git_repo, "config", "user.email", f"{ME}@example.com")
    _hook(_origin(git_repo) / "hooks" / "pre-receive", CASE_ALLOW)
    repo = find_repo(str(git_repo))
    actions = normalize_shell("git push origin main", "main", cwd=str(git_repo))
    text = concrete("`git switch -c <feature-branch> && git push -u origin <feature-branch>`", actions, repo)
    assert f"users/{ME}/main-update" in text, text


# ---------------------------------------------------------------- team side: tags pushed one by one
TAGS_DOC = """# Releasing

Push release tags one by one (`git push origin vX.Y.Z`): the release workflow does not run when several
tags arrive in one push.
"""


@pytest.mark.parametrize("agent", AGENTS)
def test_tags_pushed_one_by_one(agent: str, git_repo: Path) -> None:
    write(git_repo, {"RELEASING.md": TAGS_DOC})
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "tag", "v1.2.0")
    kind, reason = decide(agent, git_repo, "git push origin --tags")
    assert kind == "deny", reason
    assert "`git push origin v1.2.0`" in reason
    assert decide(agent, git_repo, "git push origin v1.2.0")[0] == "allow"


def test_tags_without_a_one_by_one_rule(git_repo: Path) -> None:
    write(git_repo, {"RELEASING.md": "# Releasing\n\nTag and push: `git push --tags`.\n"})
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "tag", "v1.2.0")
    assert decide("claude", git_repo, "git push origin --tags")[0] == "allow"


def test_a_lifted_one_by_one_rule_does_not_gate(git_repo: Path) -> None:
    write(git_repo, {"RELEASING.md": TAGS_DOC + "\n## 2026-03 update\n\nThe one-by-one rule no longer applies: the "
                                               "workflow now handles several tags per push.\n"})
    git(git_repo, "push", "-q", "origin", "main")
    git(git_repo, "tag", "v1.2.0")
    assert decide("claude", git_repo, "git push origin --tags")[0] == "allow"


def test_committed_docs_rows_do_not_break_an_ordinary_push(git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "Branches live under `users/<username>/`.\n"})
    assert decide("claude", git_repo, "git push origin main")[0] == "allow"  # no server rule: docs only name


# ---------------------------------------------------------------- team side: a later note lifts the rule
OLD_RULE = "# Contributing\n\n## Workflow\n\nAlways open a pull request; never push directly to `main`.\n"
TRUNK = OLD_RULE + "\n## 2026-09-14: trunk-based development\n\nWe adopted trunk-based development: push small commits " \
                   "straight to `main`; that is the rule now.\n"


def test_documented_push_rule_rows(tmp_path: Path) -> None:
    from statewise_cli.verifiers.git import documented_push_rule

    (tmp_path / "CONTRIBUTING.md").write_text(OLD_RULE)
    said = documented_push_rule(str(tmp_path), "main")
    assert said is not None and said[0] is True
    (tmp_path / "CONTRIBUTING.md").write_text(TRUNK)
    said = documented_push_rule(str(tmp_path), "main")
    assert said is not None and said[0] is False and "2026-09-14" in said[1]
    (tmp_path / "CONTRIBUTING.md").write_text(TRUNK + "\n## 2026-11-02\n\nWe moved away from trunk-based development; "
                                              "pull requests are required again for `main`.\n")
    said = documented_push_rule(str(tmp_path), "main")
    assert said is not None and said[0] is True
    (tmp_path / "CONTRIBUTING.md").write_text("# Contributing\n\nRun the tests.\n")
    assert documented_push_rule(str(tmp_path), "main") is None


@pytest.mark.parametrize("agent", AGENTS)
def test_trunk_based_adopted_lifts_a_remembered_pull_request_rule(agent: str, git_repo: Path) -> None:
    from swtest import PROTECTED, remember

    git(git_repo, "remote", "set-url", "origin", "https://git.example.invalid/team/app.git")
    remember(git_repo, PROTECTED, True, scope="branch:main", type="branch_policy", authority="document",
             source="memory-file:CLAUDE.md")
    write(git_repo, {"CONTRIBUTING.md": OLD_RULE})
    assert decide(agent, git_repo, "git push origin main")[0] == "deny"
    write(git_repo, {"CONTRIBUTING.md": TRUNK})
    kind, reason = decide(agent, git_repo, "git push origin main")
    assert kind == "allow", reason


# ---------------------------------------------------------------- team side: code owners of the pushed paths
@pytest.mark.parametrize("text,path,owners", [
    ("/billing/ @acme/billing-team\n", "billing/invoice.py", ["@acme/billing-team"]),
    ("/billing/ @acme/billing-team\n", "src/billing/x.py", None),  # anchored at the top
    ("billing/ @acme/billing-team\n", "src/billing/x.py", ["@acme/billing-team"]),  # a directory anywhere
    ("docs/api/ @writers\n", "src/docs/api/x.md", None),  # a slash inside: anchored at the top
    ("*.sql @dba\n", "db/migrations/001.sql", ["@dba"]),
    ("* @everyone\n/billing/ @billing\n", "billing/a.py", ["@billing"]),  # the last match wins
    ("/docs/**/*.md @writers\n", "docs/a/b/c.md", ["@writers"]),
    ("[Billing][2] @acme/billing\n/billing/\n", "billing/a.py", ["@acme/billing"]),  # GitLab section owners
    ("^[Docs] @writers\n/docs/\n", "docs/a.md", None),  # an optional GitLab section requires nothing
])
def test_codeowners_rows(tmp_path: Path, text: str, path: str, owners: list[str] | None) -> None:
    from statewise_cli.recovery.premises_refrules import code_owners

    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "CODEOWNERS").write_text(text)
    found = code_owners(str(tmp_path), [path])
    assert (found[1][0][1] if found else None) == owners


def test_gitlab_section_approvals(tmp_path: Path) -> None:
    from statewise_cli.recovery.premises_refrules import code_owners

    (tmp_path / "CODEOWNERS").write_text("[Billing][2] @acme/billing\n/billing/\n")
    found = code_owners(str(tmp_path), ["billing/a.py"])
    assert found is not None and found[1][0][2] == 2


def test_a_pull_request_alternative_names_the_code_owners(git_repo: Path) -> None:
    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery.alternatives import concrete
    from statewise_cli.repo import find_repo

    write(git_repo, {".github/CODEOWNERS": "* @acme/dev\n/billing/ @acme/billing-team\n"})
    git(git_repo, "push", "-q", "origin", "main")
    write(git_repo, {"billing/invoice.py": "TOTAL = 1\n"})
    repo = find_repo(str(git_repo))
    actions = normalize_shell("git push origin main", "main", cwd=str(git_repo))
    text = concrete("push a feature branch and open a pull request — `git switch -c <feature-branch> && git push -u "
                    "origin <feature-branch>`, then `gh pr create --base main`.", actions, repo)
    assert "--reviewer acme/billing-team" in text and "acme/dev" not in text, text
    assert "<feature-branch>" not in text


NESTED = """#!/bin/sh
while read old new ref; do
  if [ "$ref" = "refs/heads/main" ]; then
    if ! git merge-base --is-ancestor "$old" "$new"; then echo "no rewrites of main" >&2; exit 1; fi
  fi
  case "$ref" in
    refs/tags/stable) git cat-file -t "$new" | grep -q tag || exit 1 ;;
    refs/tags/*) ;;
    *) ;;
  esac
done
"""


def test_an_exit_behind_another_test_rejects_only_some_pushes() -> None:
    assert _verdict(NESTED, "refs/heads/main") == "unknown"
    assert _verdict(NESTED, "refs/tags/stable") == "unknown"
