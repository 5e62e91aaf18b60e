"""The protected-push check on stored records.

A push whose target branch is protected by an active, not-defective record
``git.branch.protected`` is denied with a reason that names the record, says
where it came from and how old it is, and offers the safe alternative.
"""

from __future__ import annotations

from statewise_cli.actions.normalize import Action
from statewise_cli.store.records import AUTHORITY_RANK, Record, age_text, scope_matches

PROTECTED_KEY = "git.branch.protected"


def _specificity(record: Record) -> tuple[int, float]:
    kind, _, arg = record.scope.partition(":")
    rank = {"branch": 3 if not any(c in arg for c in "*?[") else 2, "repository": 1, "workspace": 1}.get(kind, 0)
    return rank, record.stored_at


def _stated(record: Record) -> bool:
    """Developer or environment authority, not from a file the agent may write."""
    return AUTHORITY_RANK.get(record.authority, 0) > AUTHORITY_RANK["document"] and not record.source.startswith("memory-file:")


def governing_record(records: list[Record], branch: str) -> Record | None:
    """The most specific, newest usable record about ``branch``'s protection.

    Authority first: a memory-file or agent record can add protection (a more specific ``true``)
    but never lift what a developer stated or the environment showed."""
    usable = [
        r for r in records
        if r.validity != "defective" and scope_matches(r.scope, branch=branch)
    ]
    strong = [r for r in usable if _stated(r)]
    weak = [r for r in usable if not _stated(r)]
    best = max(strong, key=_specificity) if strong else None
    other = max(weak, key=_specificity) if weak else None
    if best is None:
        return other
    if other is not None and other.value is True and best.value is not True and _specificity(other) > _specificity(best):
        return other
    return best


_SETTINGS = {"receive.denyNonFastForwards": "force", "receive.denyDeletes": "delete"}


def remote_wide_only(evidence: str | None) -> frozenset[str] | None:
    """What a protection observed only from a local remote's ``receive.deny*`` settings forbids.

    Those settings name no branch: ``denyNonFastForwards`` rejects force pushes (non-fast-forward
    updates) and ``denyDeletes`` deletions, on every branch; an ordinary push is neither. Returns the
    push kinds they forbid (``{"force"}``, ``{"delete"}``), or None when the evidence names the branch
    (a hook line, ``.statewise.toml``, GitHub's protection API) or is not the verifier's."""
    text = evidence or ""
    if "git.branch-protection" not in text and "config --get receive." not in text:
        return None
    if "(executable) line" in text or ".statewise.toml" in text or "gh api" in text:
        return None
    kinds = frozenset(kind for setting, kind in _SETTINGS.items() if f"--get {setting} → true" in text)
    return kinds or None


def review_ref(target: str | None) -> bool:
    """A push target in a ref namespace that is neither a branch nor a tag (``refs/for/main``,
    ``refs/changes/…``, ``refs/drafts/…``, ``refs/notes/…``): a review server's or a tool's own ref.
    ``refs/for/main`` asks for a review of a change *into* main; it does not update the branch."""
    t = str(target or "")
    return t.startswith("refs/") and not t.startswith(("refs/heads/", "refs/tags/"))


def protected_push_violations(actions: list[Action], records: list[Record]) -> list[tuple[Action, Record]]:
    found: list[tuple[Action, Record]] = []
    for action in actions:
        if action.operation != "git.push" or action.risk == "read-only":
            continue
        if action.target in ("*", "?"):
            # --all / --mirror / a ref we cannot read: any protected branch may be hit.
            hits = [r for r in records if r.value is True and r.validity != "defective" and r.scope.startswith("branch:")]
            if hits and (action.target == "*" or action.flags & {"force", "delete"}):
                found.append((action, max(hits, key=_specificity)))
            continue
        if review_ref(action.target):
            continue
        record = governing_record(records, action.target or "")
        if record is not None and record.value is True:
            found.append((action, record))
    return found


def deny_reason(action: Action, record: Record) -> str:
    branch = action.target if action.target not in ("*", "?", None) else record.scope.partition(":")[2]
    how = "force-push to" if "force" in action.flags else "delete" if "delete" in action.flags else "push to"
    source = record.source
    lines = [
        f"statewise blocked `{action.text.strip()[:200]}`: it would {how} the protected branch `{branch}`.",
        f"Record {record.key} = {record.value_text()} (scope {record.scope}; source {source}; "
        f"authority {record.authority}; {record.validity}"
        + (f", verified {age_text(record.verified_at)}" if record.verified_at else "")
        + f"; id {record.id}).",
        ("Safe alternative: push a feature branch and open a pull request — "
         f"`git switch -c <feature-branch> && git push -u origin <feature-branch>`, then `gh pr create --base {branch}`."),
        ("If the record is wrong, ask the developer to correct it in their own terminal "
         f"(`statewise repair --key {record.key} --value false --scope {record.scope}`); statewise denies its "
         "own mutating commands from an agent's tool call."),
    ]
    return "\n".join(lines)
