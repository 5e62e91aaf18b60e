"""Facts established by what the agent just ran (PostToolUse): environment authority.

A push the remote rejected because the branch is protected, ``python --version``,
a test command that ran and passed, a ``git mv`` — each confirms or repairs a
record on the spot, with the command and its output digest as the evidence.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import; this runs after every tool call
if TYPE_CHECKING:
    from typing import Any

from statewise_cli.fast import jsonfast as json
from statewise_cli.fast.lazy_re import Pattern  # compiled on first use: no `re` at import
from statewise_cli.store.db import Store
from statewise_cli.store.records import now_ts

_REMOTE_REJECT_LINE = Pattern(r"\[remote rejected\]\s+\S+\s+->\s+(?P<dst>[\w./-]+)\s+\((?P<why>[^)]*)\)")
_DENY_NFF = Pattern(r"denying non-fast-forward refs/heads/(?P<branch>[\w./-]+)")
_PY_VERSION = Pattern(r"(?m)^Python (\d+\.\d+)(?:\.\d+)?\s*$")
_NODE_VERSION = Pattern(r"(?m)^v(\d+)\.(\d+)\.\d+\s*$")
_TESTS_PASSED = Pattern(r"(?m)(\d+ passed\b(?!.*\bfailed\b)|^OK\b|Tests:\s+\d+ passed, \d+ total|^ok\s+\S+\s+[\d.]+s$)")


# What a remote's hook says it requires of the commits themselves: a rejection for one of these is not
# branch protection (the same push succeeds once the commits meet it). Requirement → words in the
# remote's own lines.
_COMMIT_REQUIREMENTS = {
    "git.commit.signoff_required": ("signed-off-by", "sign-off", "signoff", "dco"),
    "git.commit.signature_required": ("gpg", "signature", "unsigned", "signed commit", "must be signed",
                                      "verified signature", "ssh signature"),
    "git.commit.message_format": ("commit message", "conventional commit", "subject line", "message format"),
}


def _remote_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.lstrip().lower().startswith(("remote:", "error:"))]


def commit_requirements(output: str) -> dict[str, str]:
    """Requirement key → the remote's line that states it, for a push the remote's hook rejected
    because of what the commits contain (a sign-off, a signature, a message format)."""
    found: dict[str, str] = {}
    for shown in _remote_lines(output):
        line = shown.lower()
        if "protected" in line:
            continue
        for key, words in _COMMIT_REQUIREMENTS.items():
            if key not in found and any(w in line for w in words) and (
                    "required" in line or "requires" in line or "must" in line or "missing" in line
                    or "rejected" in line or "no " in line or "not " in line):
                text = shown.strip()
                found[key] = (text[len("remote:"):] if line.strip().startswith("remote:") else text).strip()[:200]
    return found


# What a remote's own lines say when the ref itself is closed to this pusher (branch protection, a
# read-only repository); a hook's reason without any of these is about the commits it was sent.
_REF_CLOSED = ("protected", "cannot update", "not authorized", "not allowed to push", "permission to push",
               "read-only", "read only", "no push access", "locked")


def _content_rule(output: str) -> bool:
    """The remote's hook stated why it declined, and nothing it said is about the ref being closed: a
    commit-message pattern, a file extension, a path owned by an import, a size limit. The same branch
    takes the push once the commits change, so the rejection is no evidence that the branch is protected."""
    said = []
    for line in _remote_lines(output):
        low = line.strip().lower()
        if low.startswith(("error: failed to push", "error: ")) and not low.startswith("error: gh"):
            continue
        low = low.removeprefix("remote:").strip()
        while low.startswith("remote:"):
            low = low.removeprefix("remote:").strip()
        if low:
            said.append(low)
    if not said:
        return False  # a bare decline says nothing either way: kept as before
    return not any(w in low for low in said for w in _REF_CLOSED)


def _protected_branches(output: str) -> set[str]:
    found = {m.group("branch") for m in _DENY_NFF.finditer(output)}
    requirements = commit_requirements(output)
    for m in _REMOTE_REJECT_LINE.finditer(output):
        why = m.group("why").lower()
        if why.startswith(("pre-receive hook declined", "hook declined")) and requirements:
            continue  # the hook rejected the commits' content (a missing sign-off): not the branch
        if why.startswith(("pre-receive hook declined", "hook declined")) and _content_rule(output):
            continue  # the hook gave its reason, and the reason is what the commits contain: not the branch
        if any(w in why for w in ("protected", "hook declined", "non-fast-forward", "denied")):
            found.add(m.group("dst").removeprefix("refs/heads/"))
    return found


def observe(store: Store, command: str, exit_code: int | None, output: str, evidence_id: str) -> list[dict[str, Any]]:
    """Apply what this command's outcome establishes; returns what changed."""
    changes: list[dict[str, Any]] = []
    words = command.split()
    if not words:
        return changes
    if "push" in words and (exit_code not in (0, None) or "rejected" in output):
        for branch in _protected_branches(output):
            changes.append(_establish(store, "git.branch.protected", True, "branch_policy", f"branch:{branch}",
                                      f"`{command}` was rejected by the remote: protected ({evidence_id})"))
        for key, line in commit_requirements(output).items():
            changes.append(_establish(store, key, True, "branch_policy", "repository",
                                      f"`{command}` was rejected by the remote: \"{line}\" ({evidence_id})"))
    if exit_code in (0, None):
        match = _PY_VERSION.search(output) if ("--version" in words or "-V" in words) and "python" in words[0] else None
        if match:
            changes.append(_establish(store, "version.python", match.group(1), "version", "workspace",
                                      f"`{command}` printed Python {match.group(1)} ({evidence_id})", compare_prefix=True))
        match = _NODE_VERSION.search(output) if words[0] == "node" and ("--version" in words or "-v" in words) else None
        if match:
            changes.append(_establish(store, "version.node", match.group(1), "version", "workspace",
                                      f"`{command}` printed node {match.group(1)}.{match.group(2)} ({evidence_id})", compare_prefix=True))
    if exit_code == 0:
        # the test command or one of its variants (command.test.e2e, command.test.watch, …)
        ran = [r for r in store.relevant_records({"command.test"}, {"command.test.*"}, []) if r.value == command.strip()]
        if ran and _TESTS_PASSED.search(output):
            for record in ran:
                store.set_validity(record.id, "valid", verified_at=now_ts())
                changes.append({"key": record.key, "action": "confirmed", "id": record.id})
    if exit_code in (0, None) and len(words) >= 4 and words[:2] == ["git", "mv"]:
        old, new = words[-2], words[-1]
        for record in store.active_records():
            if record.key.startswith("path.") and record.value == old:
                repaired = store.put(record.key, new, type=record.type, scope=record.scope, source="transcript",
                                     authority="environment", validity="valid",
                                     evidence=f"`{command}` moved {old} to {new} ({evidence_id})")
                changes.append({"key": record.key, "action": "repaired", "id": repaired.id})
    return [c for c in changes if c]


def _establish(store: Store, key: str, value: Any, type_: str, scope: str, evidence: str, *, compare_prefix: bool = False) -> dict[str, Any]:
    current = [r for r in store.active_records(key) if r.scope == scope]
    same = [r for r in current if r.value == value or (compare_prefix and str(r.value).lstrip(">=^~v") == str(value))]
    if same:
        store.set_validity(same[0].id, "valid", verified_at=now_ts())
        return {"key": key, "action": "confirmed", "id": same[0].id}
    record = store.put(key, value, type=type_, scope=scope, source="transcript", authority="environment",
                       validity="valid", evidence=evidence)
    return {"key": key, "action": "repaired" if current else "learned", "id": record.id, "value": json.dumps(value)}
