"""Git policy read for the literal conditions it enforces (``statewise_cli.recovery.premises_gitpolicy``):
a commit-msg hook's message rule, archives shaped by ``.gitattributes``, a receive hook's ``case`` over refs.
Invented repositories; the action that meets each rule is allowed, and a rule that does not name the thing asked
about says nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write

from statewise_cli.recovery.premises_gitpolicy import case_arms, message_rules


def _hook(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)


HOOK = """#!/bin/sh
# every change names its work item
if ! grep -qE '^Work-Item: WI-[0-9]+' "$1"; then
  echo "commit message needs a Work-Item: WI-<n> trailer" >&2
  exit 1
fi
grep -qi 'do not merge' "$1" && { echo "remove DO NOT MERGE"; exit 1; }
exit 0
"""


def test_message_rules_read_both_polarities() -> None:
    rules = message_rules(HOOK)
    assert [r[0] for r in rules] == [True, False]
    assert "Work-Item" in rules[0][1] and "needs a Work-Item" in rules[0][2]
    assert message_rules("#!/bin/sh\n# grep -q 'X' \"$1\" || exit 1\nexit 0\n") == []


@pytest.mark.parametrize("agent", AGENTS)
def test_a_commit_message_the_hook_rejects(agent: str, git_repo: Path) -> None:
    git(git_repo, "commit", "-q", "--allow-empty", "-m", "Earlier change\n\nWork-Item: WI-7")
    _hook(git_repo / ".git" / "hooks" / "commit-msg", HOOK)
    kind, reason = decide(agent, git_repo, "git commit -am 'Tidy the parser'")
    assert kind == "deny", reason
    assert "Work-Item" in reason and "needs a Work-Item" in reason
    assert '--trailer "Work-Item: <this change' in reason and 'Work-Item: WI-7' in reason
    assert decide(agent, git_repo, "git commit -am 'Tidy the parser' --trailer 'Work-Item: WI-9'")[0] == "allow"
    assert decide(agent, git_repo, "git commit -m 'Tidy' -m 'Work-Item: WI-9'")[0] == "allow"
    assert decide(agent, git_repo, "git commit -m 'DO NOT MERGE tidy' -m 'Work-Item: WI-9'")[0] == "deny"


def test_a_hook_in_core_hooks_path_and_a_non_executable_one(git_repo: Path) -> None:
    (git_repo / ".git" / "hooks" / "commit-msg").write_text(HOOK)  # not executable: git does not run it
    assert decide("claude", git_repo, "git commit -m 'Tidy'")[0] == "allow"
    _hook(git_repo / "devtools" / "githooks" / "commit-msg", HOOK)
    commit_all(git_repo, "hooks")
    git(git_repo, "config", "core.hooksPath", "devtools/githooks")
    assert decide("claude", git_repo, "git commit -m 'Tidy'")[0] == "deny"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tarball_of_the_tree_where_git_archive_stamps_a_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {"BUILDINFO": "rev: $Format:%h$\n", ".gitattributes": "BUILDINFO export-subst\nscratch/ export-ignore\n",
                     "lib/core.txt": "x\n"})
    kind, reason = decide(agent, git_repo, "tar -czf ../pkg-0.3.tar.gz .")
    assert kind == "deny", reason
    assert "`git archive --format=tar.gz --prefix=pkg-0.3/ -o ../pkg-0.3.tar.gz HEAD`" in reason
    assert "export-subst on BUILDINFO" in reason
    assert decide(agent, git_repo, "git archive --format=tar.gz --prefix=pkg-0.3/ -o ../pkg-0.3.tar.gz HEAD")[0] == "allow"
    assert decide(agent, git_repo, "tar -czf ../lib.tar.gz lib")[0] == "allow"  # one directory, not the project
    assert decide(agent, git_repo, "tar -xzf ../other.tar.gz")[0] == "allow"  # extracting


def test_a_tarball_without_archive_attributes_is_allowed(git_repo: Path) -> None:
    write(git_repo, {".gitattributes": "*.png binary\n", "a.txt": "a\n"})
    assert decide("claude", git_repo, "tar -czf ../snap.tar.gz .")[0] == "allow"
    assert decide("claude", git_repo, "zip -r ../snap.zip .")[0] == "allow"


RECEIVE = """#!/bin/sh
while read old new ref; do
  case "$ref" in
    refs/tags/rel-*) ;;
    *) echo "this mirror takes release tags only"; exit 1 ;;
  esac
done
"""


def test_case_arms() -> None:
    assert case_arms(RECEIVE) == [(["refs/tags/rel-*"], False), (["*"], True)]


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_that_takes_only_some_refs(agent: str, git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    _hook(origin / "hooks" / "pre-receive", RECEIVE)
    git(git_repo, "tag", "rel-2")
    kind, reason = decide(agent, git_repo, "git push origin main")
    assert kind == "deny", reason
    assert "refs/tags/rel-*" in reason
    assert decide(agent, git_repo, "git push origin rel-2")[0] == "allow"
    assert decide(agent, git_repo, "git push origin refs/tags/rel-2")[0] == "allow"


def test_a_receive_hook_without_ref_arms_says_nothing(git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    _hook(origin / "hooks" / "pre-receive", "#!/bin/sh\ncase \"$1\" in\n  -v) set -x ;;\nesac\nexit 0\n")
    git(git_repo, "switch", "-q", "-c", "topic/x")
    kind, reason = decide("claude", git_repo, "git push -u origin topic/x")
    assert kind == "allow", reason


EXEMPT = """#!/bin/sh
# changes to text files only need no work item
git diff --cached --name-only | grep -qv '\\.txt$' || exit 0
if ! grep -Eq '^Work-Item: WI-[0-9]+$' "$1"; then
  echo "needs a Work-Item trailer" >&2
  exit 1
fi
"""


def test_an_exemption_by_the_staged_files_is_evaluated(git_repo: Path) -> None:
    write(git_repo, {"notes.txt": "a\n", "lib.c": "int x;\n"})
    _hook(git_repo / ".git" / "hooks" / "commit-msg", EXEMPT)
    (git_repo / "notes.txt").write_text("b\n")
    assert decide("claude", git_repo, "git commit -qam 'Notes'")[0] == "allow"  # only a text file: exempt
    (git_repo / "lib.c").write_text("int y;\n")
    kind, reason = decide("claude", git_repo, "git commit -qam 'Lib'")
    assert kind == "deny" and "Work-Item" in reason, reason
    _hook(git_repo / ".git" / "hooks" / "commit-msg", "#!/bin/sh\n[ -n \"$SKIP\" ] && exit 0\n" + EXEMPT)
    assert decide("claude", git_repo, "git commit -qam 'Lib'")[0] == "allow"  # an exit the hook alone decides


TAGS = """#!/bin/sh
while read old new ref; do
  case "$ref" in
    refs/tags/rel-[0-9]*) ;;
    refs/tags/*) echo "only rel-N tags" >&2; exit 1;;
  esac
done
"""


@pytest.mark.parametrize("agent", AGENTS)
def test_pushing_every_tag_to_a_remote_that_takes_some(agent: str, git_repo: Path) -> None:
    origin = Path(git(git_repo, "config", "--get", "remote.origin.url").strip())
    _hook(origin / "hooks" / "pre-receive", TAGS)
    git(git_repo, "tag", "scratch-1")
    git(git_repo, "tag", "rel-5")
    kind, reason = decide(agent, git_repo, "git push --tags")
    assert kind == "deny", reason
    assert "`git push origin tag rel-5`" in reason
    assert decide(agent, git_repo, "git push origin tag rel-5")[0] == "allow"
    assert decide(agent, git_repo, "git push origin main")[0] == "allow"  # no arm names branches
