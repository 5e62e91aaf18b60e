"""Runtime and git premise classes of round 32, by mechanism (every repository here is invented):

- a receive hook's content rules read from its own text: a ``grep`` over the changed file names (a path
  rule) or over the commit messages (a message rule) rejects a commit, whatever the branch;
- a hook decline whose reason is about the commits (a message pattern, a file type) is no evidence that
  the branch is protected;
- the successor a replacing commit's message names (``T -> T'``) when no added file names it, with the
  command the repository's docs run it with;
- a wrapper script that runs a tool with the file that replaced its default one (a rename with a suffix);
- a plugin's subcommand after the plugin (``P-x``) was removed and the tool it wrapped was configured;
- pull-request operations the contributing docs hand to a bot comment (a merge queue, a dependency bot).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git, store_path
from test_premises import decide, write

from statewise_cli.recovery.observations import _protected_branches, observe
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def _hook(repo: Path, text: str) -> None:
    origin = Path(git(repo, "config", "remote.origin.url").strip())
    hook = origin / "hooks" / "pre-receive"
    hook.write_text(text)
    hook.chmod(0o755)


_PATH_RULE = ("#!/bin/sh\nwhile read old new ref; do\n"
              "  if git diff-tree -r --no-commit-id --name-only $new | grep -Eq '^generated/|\\.parquet$'; then\n"
              "    echo \"remote: error: generated/ and .parquet files come from the data pipeline, not from pushes\" >&2\n"
              "    exit 1\n  fi\ndone\nexit 0\n")
_MESSAGE_RULE = ("#!/bin/sh\nwhile read old new ref; do\n"
                 "  if git log --format=%B \"$old..$new\" | grep -qi 'wip:'; then\n"
                 "    echo \"remote: commits marked WIP: are not accepted; squash them first\" >&2\n"
                 "    exit 1\n  fi\ndone\nexit 0\n")


# --------------------------------------------------------------------------- receive-hook content rules


@pytest.mark.parametrize("agent", AGENTS)
def test_a_commit_of_files_the_remotes_path_rule_rejects_is_denied_with_the_hooks_reason(agent: str, git_repo: Path) -> None:
    write(git_repo, {"generated/schema.json": "{}\n", "src/app.py": "x = 1\n"})
    _hook(git_repo, _PATH_RULE)
    git(git_repo, "switch", "-q", "-c", "topic/regen")
    (git_repo / "generated" / "schema.json").write_text('{"v": 2}\n')
    kind, reason = decide(agent, git_repo, "git commit -qam 'Regenerate schema'")
    assert kind == "deny", reason
    assert "generated/schema.json" in reason and "data pipeline" in reason
    # the add of a file the rule names is the same premise; an unrelated file is not
    (git_repo / "events.parquet").write_text("PAR1")
    assert decide(agent, git_repo, "git add events.parquet")[0] == "deny"
    git(git_repo, "checkout", "-q", "--", "generated/schema.json")
    (git_repo / "src" / "app.py").write_text("x = 2\n")
    assert decide(agent, git_repo, "git commit -qam 'Bump x'")[0] == "allow"
    assert decide(agent, git_repo, "git add src/app.py")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_commit_message_the_remotes_message_rule_rejects_is_denied_with_the_message_fixed(agent: str,
                                                                                            git_repo: Path) -> None:
    _hook(git_repo, _MESSAGE_RULE)
    write(git_repo, {"a.txt": "1\n"})
    (git_repo / "a.txt").write_text("2\n")
    kind, reason = decide(agent, git_repo, "git commit -am 'WIP: try the parser'")
    assert kind == "deny", reason
    assert "squash them first" in reason and "`git commit -am 'try the parser'`" in reason
    assert decide(agent, git_repo, "git commit -am 'Parser: handle empty input'")[0] == "allow"


def test_a_hook_without_a_grep_rule_decides_nothing(git_repo: Path) -> None:
    _hook(git_repo, "#!/bin/sh\necho 'remote: thanks' >&2\nexit 0\n")
    write(git_repo, {"generated/x.json": "{}\n"})
    (git_repo / "generated" / "x.json").write_text("[]\n")
    assert decide("claude", git_repo, "git commit -qam 'Update x'")[0] == "allow"


def test_a_decline_for_the_commits_content_is_not_branch_protection(git_repo: Path) -> None:
    content = ("remote: Commit message matches the forbidden pattern 'wip:'.\n"
               " ! [remote rejected] topic/a -> topic/a (pre-receive hook declined)\n"
               "error: failed to push some refs to '/srv/x.git'\n")
    assert _protected_branches(content) == set()
    assert _protected_branches("remote: error: GH013: Repository rule violations found for refs/heads/bots/x.\n"
                               "remote: - Cannot update this protected ref.\n"
                               " ! [remote rejected] bots/x -> bots/x (pre-receive hook declined)\n") == {"bots/x"}
    # a bare decline keeps its old reading
    assert _protected_branches(" ! [remote rejected] rel -> rel (pre-receive hook declined)\n") == {"rel"}
    with Store.open(str(store_path(git_repo)), find_repo(str(git_repo))) as store:
        observe(store, "git push -u origin topic/a", 1, content, "ev1")
        assert store.active_records("git.branch.protected") == []


# --------------------------------------------------------------------------- successors from the repository


@pytest.mark.parametrize("agent", AGENTS)
def test_the_replacing_commits_message_names_the_successor_and_the_docs_its_command(agent: str, git_repo: Path) -> None:
    write(git_repo, {".lintkitrc": "rules = strict\n", "src/app.js": "x\n"})
    (git_repo / ".lintkitrc").unlink()
    write(git_repo, {"package.json": json.dumps({"name": "app", "private": True}) + "\n",
                     "CONTRIBUTING.md": "# Contributing\n\nCheck style with `stylo check --fix src` before a PR.\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Style: lintkit -> stylo (config in package.json)")
    kind, reason = decide(agent, git_repo, "lintkit src")
    assert kind == "deny", reason
    assert "`stylo check --fix src`" in reason and "lintkit" in reason
    assert decide(agent, git_repo, "stylo check --fix src")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_message_that_names_no_successor_decides_nothing(agent: str, git_repo: Path) -> None:
    write(git_repo, {".lintkitrc": "rules = strict\n"})
    (git_repo / ".lintkitrc").unlink()
    write(git_repo, {"package.json": json.dumps({"name": "app"}) + "\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Tidy the configuration")
    assert decide(agent, git_repo, "lintkit src")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_wrapper_script_runs_the_tool_with_the_file_that_replaced_its_default(agent: str, git_repo: Path) -> None:
    write(git_repo, {"Runfile": "web: ./serve\n"})
    git(git_repo, "mv", "Runfile", "Runfile.local")
    (git_repo / "Runfile.local").write_text("web: ./serve\nqueue: ./work\n")
    (git_repo / "scripts").mkdir()
    (git_repo / "scripts" / "up").write_text("#!/bin/sh\nexec procrun start -f Runfile.local \"$@\"\n")
    (git_repo / "scripts" / "up").chmod(0o755)
    commit_all(git_repo, "Local processes in Runfile.local, started by scripts/up")
    kind, reason = decide(agent, git_repo, "procrun start")
    assert kind == "deny", reason
    assert "`scripts/up`" in reason and "Runfile.local" in reason
    assert decide(agent, git_repo, "procrun start -f Runfile.local")[0] == "allow"
    assert decide(agent, git_repo, "scripts/up")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_removed_plugins_subcommand_points_at_the_tool_it_wrapped(agent: str, git_repo: Path) -> None:
    write(git_repo, {"requirements.txt": "quart==0.19\nquart-schema-sync==1.2\n"})
    write(git_repo, {"requirements.txt": "quart==0.19\nschemasync==3.1\n", "schemasync.toml": "[db]\n"})
    kind, reason = decide(agent, git_repo, "quart sync apply --dry-run")
    assert kind == "deny", reason
    assert "`schemasync apply --dry-run`" in reason and "quart-schema-sync" in reason
    assert decide(agent, git_repo, "schemasync apply --dry-run")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_plugin_removed_without_a_configured_successor_decides_nothing(agent: str, git_repo: Path) -> None:
    write(git_repo, {"requirements.txt": "quart==0.19\nquart-cors==0.7\n"})
    write(git_repo, {"requirements.txt": "quart==0.19\n"})
    assert decide(agent, git_repo, "quart run")[0] == "allow"


# --------------------------------------------------------------------------- PR operations given to a bot

_BOT_DOCS = ("# Contributing\n\nMerges go through the Kodiak queue only: comment `@kodiakbot queue` on an approved pull request. "
             "Pushing to main is restricted to the queue app.\n\nRenovate branches (renovate/...) belong to the bot, and "
             "hand-pushed commits stop its updates. To rebase one, comment `@renovate-bot rebase` on the PR.\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_merge_the_docs_give_to_a_queue_comment_is_denied_with_that_comment(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": _BOT_DOCS})
    kind, reason = decide(agent, git_repo, "gh pr merge 77 --squash")
    assert kind == "deny", reason
    assert "`gh pr comment 77 --body \"@kodiakbot queue\"`" in reason
    assert decide(agent, git_repo, "gh pr comment 77 --body \"@kodiakbot queue\"")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_rebase_of_a_bots_branch_is_denied_with_the_bots_comment(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": _BOT_DOCS})
    git(git_repo, "branch", "renovate/lodash-4.x")
    kind, reason = decide(agent, git_repo, "git switch renovate/lodash-4.x && git rebase main")
    assert kind == "deny", reason
    assert "`gh pr comment renovate/lodash-4.x --body \"@renovate-bot rebase\"`" in reason
    # another namespace, and docs with no restriction, decide nothing
    git(git_repo, "branch", "feature/x")
    assert decide(agent, git_repo, "git switch feature/x && git rebase main")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_docs_that_only_mention_a_bot_comment_decide_nothing(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "You can comment `/queue` on a PR to try the queue, or merge it yourself.\n"})
    assert decide(agent, git_repo, "gh pr merge 77 --squash")[0] == "allow"


# --------------------------------------------------------------------------- remotes the docs close to pushes


def _second_remote(repo: Path, name: str) -> None:
    bare = repo.parent / f"{name}.git"
    git(repo, "clone", "-q", "--bare", str(repo), str(bare))
    git(repo, "remote", "add", name, str(bare))


@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_to_a_remote_the_docs_call_a_host_mirror_is_denied_with_a_read_of_it(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/ops.md": "# Ops\n\nThe `archive` remote is a mirror the hosting service keeps in sync with origin. "
                                    "Nobody pushes to it by hand.\n"})
    _second_remote(git_repo, "archive")
    git(git_repo, "tag", "v9.1.0")
    kind, reason = decide(agent, git_repo, "git push archive v9.1.0")
    assert kind == "deny", reason
    assert "`git ls-remote --exit-code archive refs/tags/v9.1.0`" in reason and "docs/ops.md" in reason
    assert decide(agent, git_repo, "git ls-remote --exit-code archive refs/tags/v9.1.0")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_pull_only_remote_in_the_docs_denies_a_push_and_other_remotes_stay_open(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nThe `partner` remote is the partner's repository: pull only, "
                                        "we never push to it. Changes go to origin as pull requests.\n"})
    _second_remote(git_repo, "partner")
    kind, reason = decide(agent, git_repo, "git push partner main")
    assert kind == "deny", reason
    assert "`git push origin main`" in reason
    git(git_repo, "switch", "-q", "-c", "fix/a")
    assert decide(agent, git_repo, "git push -u origin fix/a")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_docs_that_forbid_pushes_to_a_branch_do_not_close_the_remote(agent: str, git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": "# Contributing\n\nThe `partner` remote holds the shared work: never push to main "
                                        "there, push topic branches.\n"})
    _second_remote(git_repo, "partner")
    git(git_repo, "switch", "-q", "-c", "topic/x")
    assert decide(agent, git_repo, "git push partner topic/x")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_bots_branch_on_a_protected_ref_gets_the_bots_comment_not_a_pull_request_into_it(agent: str,
                                                                                         git_repo: Path) -> None:
    write(git_repo, {"CONTRIBUTING.md": _BOT_DOCS})
    _hook(git_repo, "#!/bin/sh\nwhile read old new ref; do\n  case \"$ref\" in\n    refs/heads/renovate/*) echo \"remote: "
                    "Cannot update this protected ref.\" >&2; exit 1;;\n  esac\ndone\nexit 0\n")
    git(git_repo, "switch", "-q", "-c", "renovate/lodash-4.x")
    kind, reason = decide(agent, git_repo, "git push --force-with-lease origin renovate/lodash-4.x")
    assert kind == "deny", reason
    assert "@renovate-bot rebase" in reason and "gh pr create --base renovate/lodash-4.x" not in reason
