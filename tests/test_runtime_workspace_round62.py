"""Runtime and workspace premises, round 62.

- an edit of a deleted file whose commit added a file named for the same thing in an inflected form
  (``queue.ini`` → ``live/queues.yaml``) is sent there; a CI workflow named like the deleted file is never its
  successor (the per-record data file holding the edit's text is);
- an edit of a file a document calls out of use, where the document names (anywhere in its text, as a mount or a path
  value) the one file that holds the text the edit replaces, is sent to that file.

Every repository here is invented; the checks run on real git repositories through the hook.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


def _edit(agent: str, repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    if agent == "claude":
        return decide("claude", repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                               "new_string": new})
    patch = f"*** Begin Patch\n*** Update File: {path}\n@@\n-{old}\n+{new}\n*** End Patch\n"
    return decide("codex", repo, tool="apply_patch", tool_input={"command": patch})


@pytest.mark.parametrize("agent", AGENTS)
def test_a_deleted_file_whose_successor_is_named_in_an_inflected_form_is_sent_there(agent: str,
                                                                                    git_repo: Path) -> None:
    write(git_repo, {"kiosk/queue.ini": "[queue]\nentries =\n"})
    git(git_repo, "rm", "-q", "kiosk/queue.ini")
    (git_repo / "kiosk" / "live").mkdir(parents=True)
    (git_repo / "kiosk" / "live" / "queues.yaml").write_text("queues: []\n")
    commit_all(git_repo, "Kiosk: live queues")
    kind, reason = _edit(agent, git_repo, "kiosk/queue.ini", "entries =", "entries = a")
    assert kind == "deny", reason
    assert "kiosk/live/queues.yaml" in reason, reason
    assert _edit(agent, git_repo, "kiosk/live/queues.yaml", "queues: []", "queues: [a]")[0] == "allow"


def test_a_ci_workflow_named_like_a_deleted_data_file_is_not_its_successor(git_repo: Path) -> None:
    write(git_repo, {"routes.json": '{\n  "R-11": {"depart": "06:10"},\n  "R-12": {"depart": "06:40"}\n}\n'})
    git(git_repo, "rm", "-q", "routes.json")
    (git_repo / "routes").mkdir()
    (git_repo / "routes" / "R-11.yaml").write_text('route: R-11\ndepart: "06:10"\n')
    (git_repo / "routes" / "R-12.yaml").write_text('route: R-12\ndepart: "06:40"\n')
    (git_repo / ".github" / "workflows").mkdir(parents=True)
    (git_repo / ".github" / "workflows" / "routes.yml").write_text(
        "on: push\njobs:\n  check:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./bin/check routes/*.yaml\n")
    commit_all(git_repo, "Routes: one file per route")
    kind, reason = _edit("claude", git_repo, "routes.json", '"R-11": {"depart": "06:10"', '"R-11": {"depart": "06:00"')
    assert kind == "deny", reason
    assert "routes/R-11.yaml" in reason and "Safe alternative: edit `.github" not in reason, reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_file_a_config_calls_out_of_use_is_sent_to_the_file_it_mounts_that_holds_the_text(agent: str,
                                                                                          git_repo: Path) -> None:
    write(git_repo, {"signs/texts.txt": "exit: Platform 2 exit closes at midnight.\n"})
    write(git_repo, {"signs/v3/texts.yaml": "exit:\n  text: Platform 2 exit closes at midnight.\n",
                     "compose.yaml": ("services:\n  sign-player:\n    image: registry.example/signs:3\n    volumes:\n"
                                      "      - ./signs/v3/texts.yaml:/etc/signs/texts.yaml:ro\n"
                                      "# signs/texts.txt is the old player's file, kept for reference only\n")})
    kind, reason = _edit(agent, git_repo, "signs/texts.txt", "closes at midnight", "closes at 23:30")
    assert kind == "deny", reason
    assert "edit `signs/v3/texts.yaml`" in reason, reason
    assert _edit(agent, git_repo, "signs/v3/texts.yaml", "closes at midnight", "closes at 23:30")[0] == "allow"


def test_a_file_called_out_of_use_with_no_named_file_holding_the_text_names_no_alternative(git_repo: Path) -> None:
    write(git_repo, {"signs/texts.txt": "exit: Platform 2 exit closes at midnight.\n"})
    write(git_repo, {"signs/v3/texts.yaml": "exit:\n  text: Platform 2 exit shuts.\n",
                     "compose.yaml": ("services:\n  sign-player:\n    volumes:\n"
                                      "      - ./signs/v3/texts.yaml:/etc/signs/texts.yaml:ro\n"
                                      "# signs/texts.txt is the old player's file, kept for reference only\n")})
    _kind, reason = _edit("claude", git_repo, "signs/texts.txt", "closes at midnight", "closes at 23:30")
    assert "signs/v3/texts.yaml`" not in reason, reason
