"""The memory digest: one value per key and scope, conflicts named, changes said once per session.

Real SQLite stores in temp git repositories; a session's earlier digest messages are the hook's
own ``decisions`` rows (what it records for SessionStart / UserPromptSubmit).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, payload, reply, store_path

from statewise_cli.memory.digest import digest
from statewise_cli.repo import find_repo
from statewise_cli.store.db import Store


def open_store(repo: Path) -> Store:
    return Store.open(str(store_path(repo)), find_repo(str(repo)))


def message(store: Store, session: str, event: str = "UserPromptSubmit") -> str | None:
    """What the hook does per message: the digest, then the decision naming the records handed over (the ones
    in force: active and not found defective)."""
    records = store.active_records()
    text = digest(records, store, session_id=session)
    handed = [r.id for r in records if r.validity != "defective"]
    store.add_decision(session_id=session, tool_use_id=None, agent="claude", event=event, tool_name=None, action=[],
                       decision="context" if text else "allow", reason=None, records=handed,
                       attribution=None, latency_ms=1.0)
    return text


def test_first_message_lists_everything_later_ones_only_changes(git_repo: Path) -> None:
    with open_store(git_repo) as store:
        store.put("command.test", "pytest -q", type="command", source="memory-file:CLAUDE.md:3", authority="document")
        store.put("package_manager", "uv", type="package_manager", source="memory-file:CLAUDE.md:5", authority="document")
        first = message(store, "s1", "SessionStart")
        assert first is not None and "command.test = pytest -q" in first and "package_manager = uv" in first
        assert message(store, "s1") is None  # nothing changed: nothing repeated
        store.put("command.lint", "ruff check .", type="command", source="memory-file:CLAUDE.md:7", authority="document")
        second = message(store, "s1")
        assert second is not None and "NEW command.lint = ruff check ." in second
        assert "command.test" not in second and "package_manager" not in second
        assert message(store, "s1") is None
        # Another session starts from the full list.
        other = message(store, "s2", "SessionStart")
        assert other is not None and "command.test = pytest -q" in other and "command.lint" in other


def test_a_repair_and_a_retraction_are_announced_once(git_repo: Path) -> None:
    with open_store(git_repo) as store:
        old = store.put("command.test", "npm test", type="command", source="memory-file:CLAUDE.md:4", authority="document")
        gone = store.put("env.API_KEY", "required", type="env", source="memory-file:CLAUDE.md:9", authority="document")
        message(store, "s", "SessionStart")
        store.repair("command.test", "pnpm test")
        store.retract(gone.id, "no longer stated in CLAUDE.md")
        changed = message(store, "s")
        assert changed is not None
        assert "CLAUDE.md:4 says command.test = npm test; verified now: pnpm test" in changed
        assert "RETRACTED env.API_KEY = required" in changed and "no longer stated in CLAUDE.md" in changed
        assert "UPDATED command.test = pnpm test" in changed
        assert message(store, "s") is None  # said once
        assert store.get(old.id).status == "superseded"


def _memory_text(result: object) -> str:
    data = reply(result)  # type: ignore[arg-type]
    text = ((data or {}).get("hookSpecificOutput") or {}).get("additionalContext") or ""
    return "\n".join(line for line in text.split("\n\n") if line.startswith("[statewise memory]"))


@pytest.mark.parametrize("agent", AGENTS)
def test_the_hook_announces_a_record_found_defective_once(git_repo: Path, agent: str) -> None:
    """Through the installed hook: a record found defective after the session's first message is said once,
    and later messages of the session say nothing when nothing changed."""
    with open_store(git_repo) as store:
        wrong = store.put("command.test", "tox -e py", type="command", source="user", authority="developer")
        store.put("command.build", "make dist", type="command", source="user", authority="developer")
    session = {"session_id": f"digest-{agent}"}
    first = _memory_text(hook(payload(agent, "SessionStart", git_repo, **session), git_repo))
    assert "command.test = tox -e py" in first and "command.build = make dist" in first
    with open_store(git_repo) as store:
        store.set_validity(wrong.id, "defective")
    prompt = payload(agent, "UserPromptSubmit", git_repo, prompt="run the tests", **session)
    second = _memory_text(hook(prompt, git_repo))
    assert "DEFECTIVE command.test = tox -e py" in second and "command.build" not in second
    assert _memory_text(hook(prompt, git_repo)) == ""  # said once
    assert _memory_text(hook(prompt, git_repo)) == ""


def test_disagreeing_records_are_one_conflict_line_naming_the_verified_winner(git_repo: Path) -> None:
    with open_store(git_repo) as store:
        store.put("version.python", "3.12", type="version", source="memory-file:CLAUDE.md:2", authority="document")
        store.put("version.python", "3.11", type="version", scope="workspace", source="transcript",
                  authority="environment", validity="valid")
        store.put("command.test", "pnpm test", type="command", scope="path:web/**", source="memory-file:web/AGENTS.md:3",
                  authority="document")
        store.put("command.test", "pytest", type="command", source="memory-file:CLAUDE.md:4", authority="document")
        text = digest(store.active_records(), store)
    assert text is not None
    assert "CONFLICT version.python: CLAUDE.md:2 says 3.12 [repository, unchecked]; in force: 3.11 [workspace" in text
    assert "Use 3.11." in text
    record_lines = [line for line in text.splitlines() if line.startswith("- version.python")]
    assert len(record_lines) == 1 and "= 3.11" in record_lines[0]  # one value for the key
    # Different path scopes are different values, not a conflict.
    assert "command.test = pnpm test [path:web/**" in text and "command.test = pytest [repository" in text
    assert "CONFLICT command.test" not in text


def test_variants_of_one_version_that_cannot_both_hold_are_one_conflict_not_two_records(git_repo: Path) -> None:
    with open_store(git_repo) as store:
        store.put("version.node", "16", type="version", source="memory-file:CLAUDE.md:3", authority="document")
        store.put("version.node.minimum", ">=20", type="version", source="memory-file:CLAUDE.md:9", authority="document")
        store.put("version.python", "3.12", type="version", source="memory-file:CLAUDE.md:4", authority="document")
        store.put("version.python.minimum", ">=3.10", type="version", source="memory-file:CLAUDE.md:5", authority="document")
        text = digest(store.active_records(), store)
    assert text is not None
    assert ("- CONFLICT version.node: CLAUDE.md:3 says 16 [repository, unchecked]; CLAUDE.md:9 says >=20 [repository, "
            "unchecked]; none is verified") in text
    assert not [line for line in text.splitlines() if line.startswith("- version.node")]  # neither stated as in force
    # 3.12 satisfies >=3.10: both statements hold, no conflict, both listed.
    assert "CONFLICT version.python" not in text
    assert "- version.python = 3.12" in text and "- version.python.minimum = >=3.10" in text


def test_a_verified_version_wins_over_a_variant_that_disagrees(git_repo: Path) -> None:
    with open_store(git_repo) as store:
        store.put("version.node.minimum", ">=22", type="version", source="memory-file:CLAUDE.md:6", authority="document")
        store.put("version.node", "20", type="version", source="transcript", authority="environment", validity="valid")
        text = digest(store.active_records(), store)
    assert text is not None
    assert "CONFLICT version.node: CLAUDE.md:6 says >=22 [repository, unchecked]; in force: 20" in text
    assert [line for line in text.splitlines() if line.startswith("- version.node")] == [
        line for line in text.splitlines() if line.startswith("- version.node = 20")]
