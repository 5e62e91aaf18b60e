"""Which records does a proposed action rest on? (StateWise §4.1, deterministic form)

Candidates come from three links: records bound to the action's slots by an
action contract, records whose value appears in the action's arguments, and
records handed to the agent this session (its memory digest). Decision
criticality is the counterfactual ``Δcf(r)``: substitute the record's
alternative value into the slot it feeds and see whether the normalized action
— or, for a guard, the check's verdict — changes. Candidates with a strong
provenance link but no slot binding are kept as inconclusive (``U_attr``).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~5 ms to import on the hook path
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

from statewise_cli.actions.normalize import Action
from statewise_cli.actions.paths import relative
from statewise_cli.fast.struct import Struct
from statewise_cli.fast.wildcard import match as fnmatchcase  # no `re` on the hook path
from statewise_cli.recovery.contracts import Contract
from statewise_cli.store.records import Record, scope_matches


class Candidate(Struct):
    record: Record
    action: Action
    contract: Contract | None
    link: str  # contract | argument | session
    dependence: str  # critical | inconclusive
    evidence: str  # the counterfactual, in words

    def to_json(self) -> dict[str, Any]:
        return {"record": self.record.id, "key": self.record.key, "value": self.record.value, "scope": self.record.scope,
                "operation": self.action.operation, "target": self.action.target, "link": self.link,
                "dependence": self.dependence, "evidence": self.evidence}


def matches(kind: str, slot: Any, value: Any, root: str | None = None) -> bool:
    if slot is None or value is None or isinstance(value, bool):
        return False
    a, b = str(slot).strip(), str(value).strip()
    if kind == "exact":
        return a.lower() == b.lower()
    if kind == "prefix":
        b = b.lstrip(">=^~v ")
        return a == b or a.startswith(b + ".") or b.startswith(a + ".")
    if kind == "path":
        a, b = relative(a, root), relative(b, root).rstrip("/")
        return a == b or a.startswith(b + "/") or fnmatchcase(a, b)
    if kind == "command":
        a, b = " ".join(a.split()), " ".join(b.split())
        return a == b or a.startswith(b + " ")
    return False


def _guard_candidates(action: Action, contract: Contract, records: list[Record]) -> list[Candidate]:
    target = str(getattr(action, contract.slot or "target") or "")
    found = []
    for record in records:
        if record.key != contract.record:
            continue
        if target in ("*", "?"):
            bound = record.scope.startswith("branch:")
        else:
            bound = scope_matches(record.scope, branch=target)
        if not bound:
            continue
        forbidden_now = record.value == contract.forbid_when
        found.append(Candidate(
            record, action, contract, "contract", "critical",
            f"{record.key} [{record.scope}] guards {action.operation} to {target}: with value {record.value_text()} "
            f"the action is {'forbidden' if forbidden_now else 'allowed'}; with the opposite value it would be "
            f"{'allowed' if forbidden_now else 'forbidden'}",
        ))
    return found


def _argument_candidates(action: Action, contract: Contract, records: list[Record], root: str | None) -> list[Candidate]:
    slot = getattr(action, contract.slot or "target")
    found = []
    for record in records:
        if not fnmatchcase(record.key, contract.record or ""):
            continue
        if record.scope.startswith("path:") and action.target and not scope_matches(record.scope, path=relative(action.target, root)):
            continue
        if matches(contract.match, slot, record.value, root):
            found.append(Candidate(
                record, action, contract, "contract", "critical",
                f"slot {contract.slot} = {slot!r} is {record.key} = {record.value_text()}: substituting the record's "
                f"alternative value changes the action",
            ))
    return found


def attribute(actions: Iterable[Action], records: list[Record], contracts: dict[str, list[Contract]],
              root: str | None, session_ids: Any = None) -> list[Candidate]:
    """``session_ids``: the ids handed to this session, or a callable that loads them on first need."""
    candidates: list[Candidate] = []
    seen: set[tuple[str, int]] = set()
    for index, action in enumerate(actions):
        if action.risk == "read-only":
            continue
        for contract in contracts.get(action.operation, []):
            if not contract.record:
                continue
            found = (_guard_candidates(action, contract, records) if contract.role == "guard"
                     else _argument_candidates(action, contract, records, root))
            for c in found:
                seen.add((c.record.id, index))
                candidates.append(c)
        # Records whose value appears in the arguments: linked, dependence not established.
        text = action.text or ""
        for record in records:
            if (record.id, index) in seen or isinstance(record.value, bool) or record.key.startswith("policy."):
                continue
            value = record.value_text()
            if len(value) >= 3 and value in text and record.validity != "defective":
                if callable(session_ids):
                    session_ids = session_ids()  # loaded only when a value actually appears
                link = "session" if session_ids and record.id in session_ids else "argument"
                seen.add((record.id, index))
                candidates.append(Candidate(record, action, None, link, "inconclusive",
                                            f"{record.key} = {value} appears in the action; no contract binds it to a slot"))
    return candidates
