"""A revision the repository declares fixed — a submodule at a certified build, a subtree at an audited release, a
git dependency at a qualified commit — asks when an action would move it, whatever the memory file says; a pin the
repository says it no longer holds, a later entry that records the move approved, or a submodule no statement names
gates nothing (``statewise_cli.recovery.governance_pins``). Invented repositories, documents and domains."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write

GITMODULES = ('[submodule "firmware-hal"]\n\tpath = ext/firmware-hal\n\turl = https://example.invalid/hal.git\n'
              '[submodule "icons"]\n\tpath = ext/icons\n\turl = https://example.invalid/icons.git\n')


@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_update_of_a_submodule_the_readme_calls_certified_asks(agent: str, git_repo: Path) -> None:
    write(git_repo, {".gitmodules": GITMODULES,
                     "README.md": "# Pump controller\n\nThe HAL in `ext/firmware-hal` is held at the build the "
                                  "notified body certified (IEC 62304 class B). Do not move it to a newer upstream "
                                  "commit.\n\nThe icon set in `ext/icons` follows upstream.\n"})
    kind, reason = decide(agent, git_repo, "git submodule update --remote")
    assert kind in ("ask", "deny"), reason
    assert "README.md" in reason and "certified" in reason
    assert "git submodule update --init ext/firmware-hal" in reason
    kind, reason = decide(agent, git_repo, "git submodule update --remote ext/icons")
    assert kind == "allow", reason
    assert decide(agent, git_repo, "git submodule update --init --recursive")[0] == "allow"


def test_the_comment_above_the_submodule_in_gitmodules_declares_the_pin(git_repo: Path) -> None:
    write(git_repo, {".gitmodules": "# qualified revision for the 2026 audit; bump only with a new qualification run\n"
                                    + GITMODULES})
    kind, reason = decide("codex", git_repo, "git submodule foreach git pull origin main")
    assert kind in ("ask", "deny"), reason
    assert ".gitmodules" in reason
    kind, reason = decide("claude", git_repo, "git -C ext/firmware-hal checkout origin/main")
    assert kind in ("ask", "deny"), reason


def test_a_pin_the_repository_released_or_a_move_recorded_approved_gates_nothing(git_repo: Path) -> None:
    write(git_repo, {".gitmodules": GITMODULES,
                     "README.md": "# Pump controller\n\nThe HAL in `ext/firmware-hal` is no longer pinned; it "
                                  "tracks upstream main.\n"})
    assert decide("claude", git_repo, "git submodule update --remote ext/firmware-hal")[0] == "allow"
    write(git_repo, {"README.md": "# Pump controller\n",
                     "docs/RELEASING.md": "# Releasing\n\nThe `ext/firmware-hal` submodule must stay on the validated "
                                          "commit until the next validation.\n\n"
                                          "2026-11-20: the move of ext/firmware-hal to 5.1 was approved by the "
                                          "quality lead.\n"})
    kind, reason = decide("codex", git_repo, "git submodule update --remote ext/firmware-hal")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_subtree_and_a_locked_dependency_the_docs_hold_fixed_ask(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/dependencies.md": "# Dependencies\n\nThe vendored parser under `third_party/yamlette` "
                                             "is the audited 0.9.3 release; never pull a newer one into it.\n\n"
                                             "The `ledgerkit` crate is locked to the commit our auditors reviewed.\n",
                     "third_party/yamlette/lib.c": "int x;\n", "Cargo.toml": "[package]\nname = \"app\"\n"})
    kind, reason = decide(agent, git_repo, "git subtree pull --prefix third_party/yamlette upstream main --squash")
    assert kind in ("ask", "deny"), reason
    assert "docs/dependencies.md" in reason
    kind, reason = decide(agent, git_repo, "cargo update -p ledgerkit")
    assert kind in ("ask", "deny"), reason
    assert decide(agent, git_repo, "cargo update -p serde")[0] == "allow"


def test_the_pinned_submodule_is_named_by_the_words_of_its_directory(git_repo: Path) -> None:
    write(git_repo, {".gitmodules": '[submodule "vendor/lidar-driver"]\n\tpath = vendor/lidar-driver\n'
                                    '\turl = https://example.invalid/lidar.git\n',
                     "docs/SAFETY.md": "# Safety case\n\nThe lidar driver submodule stays on the revision the safety "
                                       "assessor signed; moving it reopens the safety case.\n"})
    kind, reason = decide("codex", git_repo, "git submodule update --remote --merge")
    assert kind in ("ask", "deny"), reason
    assert "docs/SAFETY.md" in reason
