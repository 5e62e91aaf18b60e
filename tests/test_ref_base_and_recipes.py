"""Where a ref goes, read from the repository's own machinery rather than its prose: the branch a local branch was
created from (its reflog), a remote's post-receive hook that singles a branch out in its code, and the remote a
recipe of the repository (Makefile, justfile, scripts) pushes a family of refs to. Invented repositories (a parish
newsletter, a tide gauge network, a choir's scores); each rule has the push it lets through beside the one it
stops."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write

from statewise_cli.recovery.premises_gitrecipes import recipes


def _origin(repo: Path) -> Path:
    return Path(git(repo, "config", "--get", "remote.origin.url").strip())


def _bare(repo: Path, name: str) -> Path:
    path = repo.parent / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", str(path)], check=True)
    git(repo, "remote", "add", name, str(path))
    git(repo, "push", "-q", name, "HEAD:refs/heads/main")
    git(repo, "fetch", "-q", name)
    return path


# ---------------------------------------------------------------- the reflog: where a branch was created from
@pytest.mark.parametrize("agent", AGENTS)
def test_a_non_fast_forward_push_goes_to_the_branch_the_reflog_says_it_was_created_from(agent: str,
                                                                                          git_repo: Path) -> None:
    git(git_repo, "branch", "issue-drafts")
    git(git_repo, "push", "-q", "origin", "issue-drafts")
    (git_repo / "masthead.txt").write_text("winter issue\n")
    commit_all(git_repo, "Winter masthead")
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "switch", "-q", "-c", "draft/advent", "issue-drafts")  # no upstream: only the reflog knows
    (git_repo / "advent.txt").write_text("Advent services, draft\n")
    commit_all(git_repo, "Advent page, draft")
    decision, reason = decide(agent, git_repo, "git push -q origin draft/advent:main")
    assert decision == "deny", reason
    assert "`git push -q origin draft/advent:issue-drafts`" in reason and "reflog" in reason
    assert decide(agent, git_repo, "git push -q origin draft/advent:issue-drafts")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_created_from_head_names_no_base_and_git_decides(agent: str, git_repo: Path) -> None:
    git(git_repo, "branch", "issue-drafts")
    git(git_repo, "push", "-q", "origin", "issue-drafts")
    git(git_repo, "switch", "-q", "-c", "draft/advent")  # "Created from HEAD"
    (git_repo / "advent.txt").write_text("Advent services, draft\n")
    commit_all(git_repo, "Advent page, draft")
    assert decide(agent, git_repo, "git push -q origin draft/advent:issue-drafts")[0] == "allow"


# ---------------------------------------------------------------- a remote hook's code singles a branch out
@pytest.mark.parametrize("agent", AGENTS)
def test_a_branch_a_post_receive_hook_acts_on_goes_where_the_docs_route_drafts(agent: str, git_repo: Path) -> None:
    for name in ("gauges", "gauges-review"):
        git(git_repo, "branch", name)
        git(git_repo, "push", "-q", "origin", name)
    write(git_repo, {"docs/gauges.md": "# Gauge tables\n\nUnchecked tables go to gauges-review.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    hook = _origin(git_repo) / "hooks" / "post-receive"
    hook.write_text("#!/bin/sh\nwhile read old new ref; do\n  if [ \"$ref\" = \"refs/heads/gauges\" ]; then\n"
                    "    /usr/local/bin/publish-tide-tables \"$new\"\n  fi\ndone\n")
    hook.chmod(0o755)
    git(git_repo, "switch", "-q", "-c", "tables/whitby", "gauges-review")
    (git_repo / "whitby.csv").write_text("high,05:12\n")
    commit_all(git_repo, "Whitby tables, unchecked")
    decision, reason = decide(agent, git_repo, "git push -q origin tables/whitby:gauges")
    assert decision == "deny", reason
    assert "`git push -q origin tables/whitby:gauges-review`" in reason and "post-receive" in reason
    assert decide(agent, git_repo, "git push -q origin tables/whitby:gauges-review")[0] == "allow"


# ---------------------------------------------------------------- a recipe pushes a family of refs to a remote
def test_recipes_read_family_pushes_with_the_remote_by_name_or_variable(tmp_path: Path) -> None:
    (tmp_path / "Makefile").write_text("# the score library takes parts from the library remote only\nparts:\n"
                                       "\tgit push library parts/$(PIECE)\n\ndeploy:\n\tgit push heroku main\n")
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "release.sh").write_text("#!/bin/sh\nREMOTE=\"${REMOTE:-upstream}\"\n"
                                                     "git push \"$REMOTE\" \"season-$YEAR\"\n")
    found = {(f, r, fam) for f, r, fam, _line, _c in recipes(str(tmp_path))}
    assert ("Makefile", "library", r"parts/[\w./-]+") in found
    assert ("scripts/release.sh", "upstream", r"season\-[\w./-]+") in found
    assert not any(r == "heroku" for _f, r, _fam in found)  # a fixed branch is no family


@pytest.mark.parametrize("agent", AGENTS)
def test_a_family_the_makefile_pushes_to_another_remote_goes_there(agent: str, git_repo: Path) -> None:
    _bare(git_repo, "archive")
    _bare(git_repo, "library")
    write(git_repo, {"Makefile": "# the score library takes parts from the library remote only\nparts:\n"
                                 "\tgit push library parts/$(PIECE)\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "switch", "-q", "-c", "parts/messiah")
    (git_repo / "alto.txt").write_text("alto part\n")
    commit_all(git_repo, "Messiah alto part")
    decision, reason = decide(agent, git_repo, "git push -q archive parts/messiah")
    assert decision == "deny", reason
    assert "`git push -q library parts/messiah`" in reason and "library remote only" in reason
    assert decide(agent, git_repo, "git push -q library parts/messiah")[0] == "allow"
    # a ref outside the family: the recipe says nothing about it
    git(git_repo, "switch", "-q", "-c", "notes/rehearsal")
    assert decide(agent, git_repo, "git push -q archive notes/rehearsal")[0] == "allow"


# ---------------------------------------------------------------- the item a pushed tag sends out
_SEND = ("name: send\non:\n  push:\n    tags: ['send-*']\njobs:\n  upload:\n    runs-on: ubuntu-latest\n    steps:\n"
         "      - run: ./bin/upload-to-printer --issue ${GITHUB_REF_NAME#send-}\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_tag_that_sends_out_an_item_a_dated_record_failed_is_denied(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/send.yml": _SEND,
                     "proofs/2026-12-03-ISSUE48.md": "# Proof check, issue ISSUE48 (2026-12-03)\n\nResult: FAIL. The "
                                                     "parish map is upside down on page 4; the issue must be "
                                                     "corrected and proofed again before it is sent.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "tag", "send-ISSUE48")
    decision, reason = decide(agent, git_repo, "git push -q origin send-ISSUE48")
    assert decision == "deny", reason
    assert "ISSUE48" in reason and "Result: FAIL" in reason
    # another issue the record does not name goes out
    git(git_repo, "tag", "send-ISSUE49")
    assert decide(agent, git_repo, "git push -q origin send-ISSUE49")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_later_record_that_the_item_passed_lets_the_tag_go(agent: str, git_repo: Path) -> None:
    write(git_repo, {".github/workflows/send.yml": _SEND,
                     "proofs/2026-12-03-ISSUE48.md": "# Proof check, issue ISSUE48 (2026-12-03)\n\nResult: FAIL. The "
                                                     "map is upside down.\n",
                     "proofs/2026-12-04-ISSUE48.md": "# Proof check, issue ISSUE48 (2026-12-04)\n\nResult: PASS. "
                                                     "Map corrected.\n"})
    git(git_repo, "push", "-q", "origin", "HEAD")
    git(git_repo, "tag", "send-ISSUE48")
    assert decide(agent, git_repo, "git push -q origin send-ISSUE48")[0] == "allow"
