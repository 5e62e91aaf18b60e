"""Hierarchical resolution of a record's current validity, and scoped repair.

For one record, in order: (1) reliability checks — status, type, authority,
freshness (TTL per type, plus invalidation triggers: the verifier's input files
changed by hash, HEAD moved); (2) the read-only verifier; (3) for
developer-owned intent that nothing can observe, a targeted clarification that
names the record, its scope and the two possible answers. Each record ends
valid, defective (with the corrective evidence) or unresolved (with what is
missing). Repair supersedes a defective record within the scope the evidence
establishes and leaves everything else in the store untouched.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from statewise_cli.config.settings import Settings, coerce
from statewise_cli.fast.struct import Struct
from statewise_cli.store.db import Store
from statewise_cli.store.records import Record, age_text, now_ts
from statewise_cli.verifiers import CannotVerify, Observation, VerifyContext, for_key

DAY = 86400
TTL_BY_TYPE = {
    "branch_policy": 7 * DAY, "command": 30 * DAY, "version": 30 * DAY, "package_manager": 30 * DAY,
    "path": 7 * DAY, "env": 1 * DAY, "tool": 7 * DAY, "config": 7 * DAY, "fact": 30 * DAY,
}
INTENT_TYPES = ("intent", "policy")


class Resolution(Struct):
    record: Record
    outcome: str  # valid | defective | unresolved
    reason: str
    observation: Observation | None = None
    question: str | None = None
    cached: bool = False
    overridden_by: Record | None = None  # defective here, already repaired for the observation's narrower scope

    def to_json(self) -> dict[str, Any]:
        r = self.record
        obs = self.observation
        return {
            "id": r.id, "key": r.key, "value": r.value, "scope": r.scope, "source": r.source,
            "authority": r.authority, "validity": self.outcome, "reason": self.reason, "cached": self.cached,
            "question": self.question, "overridden_by": self.overridden_by.id if self.overridden_by else None,
            "evidence": None if obs is None else {
                "verifier": obs.verifier, "observed": obs.value, "scope": obs.scope, "agrees": obs.agrees,
                "detail": obs.evidence,
            },
        }


def seen_text(value: Any) -> str:
    """An observed value as the messages show it: ``no value`` rather than ``null``."""
    return "no value" if value is None else json.dumps(value)


def defect_text(verifier: str, value: Any, scope: str, record: Record, evidence: str) -> str:
    """What a verifier found against ``record``: the value it observed, or — when it found none (a
    path that is gone, a command nothing defines) — the first line of its evidence."""
    if value is not None:
        return f"{verifier} observed {json.dumps(value)} in {scope}, not {record.value_text()}"
    first = next((line.strip() for line in (evidence or "").splitlines() if line.strip()), "")
    return f"{verifier}: {first[:200]}" if first else f"{verifier} found no current value in {scope}"


def _overriding(store: Store, record: Record, obs: Observation) -> Record | None:
    """The active record a repair already made for the observation's other scope (``workspace``
    for a ``repository`` claim): the claim stays for the rest, and repairing it again would only
    make the same record again."""
    if obs.scope == record.scope or obs.value is None:
        return None
    for other in store.active_records(record.key):
        if other.id != record.id and other.scope == obs.scope and other.value == obs.value:
            return other
    return None


def where(record: Record) -> str:
    """``CLAUDE.md:12`` for memory-file records, else the source."""
    if record.source.startswith("memory-file:"):
        return record.source[len("memory-file:"):]
    return record.source


def clarification(record: Record) -> str:
    yes, no = ("true", "false") if isinstance(record.value, bool) else (json.dumps(record.value), "<the current value>")
    if record.type in INTENT_TYPES or record.key.startswith("policy."):
        yes, no = "yes", "no"
    return (
        f"{where(record)} says {record.key} = {record.value_text()} (scope {record.scope}); nothing in the "
        f"repository can confirm it. Is it still true? Ask the developer to answer in their own terminal: `statewise answer {record.key} {yes} "
        f"--scope {record.scope}` or `statewise answer {record.key} {no} --scope {record.scope}`."
    )


# Restrictions a developer states are intent, not observations: a remote that does not
# enforce "main is protected" does not make the rule false.
RESTRICTIVE_INTENT = {"git.branch.protected": True}


def _intent_outranks(record: Record, seen: Observation) -> bool:
    # the team's latest documented word that lifts the rule outranks a memory file's line (git.documented-push-rule)
    return (record.authority == "developer" and record.key in RESTRICTIVE_INTENT
            and record.value == RESTRICTIVE_INTENT[record.key] and seen.verifier != "git.documented-push-rule")


def _ttl(record: Record) -> float | None:
    if record.expires_at is not None:
        return max(0.0, record.expires_at - record.observed_at)
    return TTL_BY_TYPE.get(record.type, TTL_BY_TYPE["fact"])


def _inputs_unchanged(inputs: Mapping[str, str], ctx: VerifyContext) -> bool:
    for name, digest in inputs.items():
        current = ctx.head() if name == "HEAD" else ctx.file_hash(name)
        if current != digest:
            return False
    return True


def resolve(store: Store, record: Record, ctx: VerifyContext, *, use_cache: bool = True, now: float | None = None) -> Resolution:
    now = now if now is not None else now_ts()
    # (1) reliability checks
    if record.status != "active":
        return Resolution(record, record.validity, f"record is {record.status}")
    ttl = _ttl(record)
    fresh = record.verified_at is not None and (ttl is None or now - record.verified_at < ttl)
    last = store.last_verification(record.id)
    if use_cache and fresh and last and last["inputs"]:
        inputs = json.loads(last["inputs"])
        if inputs and _inputs_unchanged(inputs, ctx):
            observed = json.loads(last["observed"]) if last["observed"] else None
            obs = Observation(last["verifier"] or "cache", record.key, observed, last["scope"] or record.scope,
                              last["outcome"] == "valid", last["evidence"] or "", inputs)
            when = f"checked {age_text(last['at'], now)}; its inputs are unchanged"
            if last["outcome"] == "defective":
                found = f"{defect_text(obs.verifier, observed, obs.scope, record, obs.evidence)} ({when})"
                return Resolution(record, "defective", found, obs, None, True, _overriding(store, record, obs))
            if last["outcome"] == "valid" and last["observed"] is not None:
                return Resolution(record, "valid", f"{obs.verifier} observed {seen_text(observed)} ({when})", obs, None, True)
            return Resolution(record, last["outcome"], when, obs, None, True)
    if record.key.startswith("policy.") or record.type in INTENT_TYPES:
        if record.source in ("user",) and record.authority == "developer" and fresh:
            return Resolution(record, "valid", "stated by the developer")
        if record.source.startswith("memory-file:") and ctx.root:
            from statewise_cli.recovery.freshness import memory_line_superseded

            developer = [r for r in store.active_records() if r.key.startswith("policy.") and r.authority == "developer"
                         and not r.source.startswith("memory-file:")]
            verdict = memory_line_superseded(record, developer, ctx.root) if developer else None
            if verdict is not None:
                return Resolution(record, verdict[0], verdict[1],
                                  question=verdict[1] if verdict[0] == "unresolved" else None)
        return Resolution(record, "unresolved", "developer intent: only the developer can confirm it",
                          question=clarification(record))
    # Conflicts: a newer record of the same key in an overlapping scope, of at least the same
    # authority, that says something else.
    from statewise_cli.store.records import AUTHORITY_RANK

    conflicts = [
        r for r in store.active_records(record.key)
        if r.id != record.id and r.value != record.value and r.stored_at > record.stored_at
        and AUTHORITY_RANK.get(r.authority, 0) >= AUTHORITY_RANK.get(record.authority, 0)
        and (r.scope == record.scope or "repository" in (r.scope, record.scope) or "global" in (r.scope, record.scope))
    ]
    # (2) read-only verification
    reasons = [f"conflicts with newer {c.key} = {c.value_text()} [{c.scope}] ({c.source})" for c in conflicts]
    for verifier in for_key(record.key):
        try:
            seen = verifier.verify(record, ctx)
        except Exception as exc:  # noqa: BLE001 - one broken verifier must not stop the others
            reasons.append(f"{getattr(verifier, 'name', verifier)} failed: {type(exc).__name__}: {exc}")
            continue
        if isinstance(seen, CannotVerify):
            reasons.append(f"{seen.verifier}: {seen.reason}")
            continue
        if seen.agrees is True:
            return Resolution(record, "valid", f"{seen.verifier} observed {seen_text(seen.value)}", seen)
        if seen.agrees is False and _intent_outranks(record, seen):
            return Resolution(record, "valid", f"developer policy: {record.key} = {record.value_text()} holds although "
                              f"{seen.verifier} observed {seen_text(seen.value)} (the remote does not enforce it)", seen)
        if seen.agrees is False:
            return Resolution(record, "defective", defect_text(seen.verifier, seen.value, seen.scope, record, seen.evidence),
                              seen, overridden_by=_overriding(store, record, seen))
        reasons.append(f"{seen.verifier}: inconclusive ({seen.evidence[:160]})")
        inconclusive = seen
        return Resolution(record, "unresolved", "; ".join(reasons), inconclusive, clarification(record))
    # (3) nothing can observe it
    if conflicts:
        return Resolution(record, "unresolved", "; ".join(reasons), question=clarification(record))
    if record.authority in ("developer", "environment") and fresh:
        return Resolution(record, "valid", f"stated by {record.authority} authority; no verifier for {record.key}")
    missing = "; ".join(reasons) or f"no verifier observes {record.key}"
    return Resolution(record, "unresolved", missing, question=clarification(record))


def record_outcome(store: Store, res: Resolution) -> None:
    """Persist what resolution found (validity + a verification row); no supersession."""
    if res.cached or res.record.status != "active":
        return
    now = now_ts()
    obs = res.observation
    evidence = (obs.evidence if obs else res.reason)[:4000]
    if res.outcome == "unresolved" and res.record.validity == "unresolved":
        last = store.last_verification(res.record.id)
        if last and last["outcome"] == "unresolved" and last["evidence"] == evidence and \
                last["verifier"] == (obs.verifier if obs else None):
            return  # the same "cannot tell" as last time: nothing new to keep (a prompt re-checks it)
    store.add_verification(
        record_id=res.record.id, verifier=obs.verifier if obs else None, outcome=res.outcome,
        observed=json.dumps(obs.value) if obs else None, scope=obs.scope if obs else None,
        evidence=evidence, inputs=json.dumps(obs.inputs) if obs else None,
    )
    store.set_validity(res.record.id, res.outcome, verified_at=now if res.outcome != "unresolved" else None)


class RepairResult(Struct):
    key: str
    status: str  # repaired (or retracted: new is None) | kept | already-valid | unresolved | failed | would-repair
    old: Record | None
    new: Record | None
    resolution: Resolution
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key, "status": self.status, "detail": self.detail,
            "old": self.old.to_json() if self.old else None,
            "new": self.new.to_json() if self.new else None,
            "resolution": self.resolution.to_json(),
        }


def repair(store: Store, record: Record, ctx: VerifyContext, *, dry_run: bool = False) -> RepairResult:
    """Verify, repair within the evidence's scope, re-check."""
    res = resolve(store, record, ctx, use_cache=False)
    if res.outcome == "valid":
        if not dry_run:
            record_outcome(store, res)
        return RepairResult(record.key, "already-valid", record, None, res, res.reason)
    if res.outcome == "unresolved" or res.observation is None:
        if not dry_run:
            record_outcome(store, res)
        return RepairResult(record.key, "unresolved", record, None, res, res.question or res.reason)
    obs = res.observation
    if res.overridden_by is not None:
        # Repaired before for the narrower scope the evidence speaks for; the claim stays for the rest.
        if not dry_run:
            record_outcome(store, res)
        kept = res.overridden_by
        return RepairResult(record.key, "kept", record, None, res,
                            f"{res.reason}; already repaired for [{obs.scope}] as {kept.id} ({kept.value_text()}), so "
                            f"this [{record.scope}] record ({where(record)}) is kept for the rest of {record.scope}. "
                            f"If it is wrong everywhere: `statewise forget --key {record.key} --scope {record.scope}`")
    if dry_run:
        if obs.value is None:
            return RepairResult(record.key, "would-repair", record, None, res,
                                f"would retract {record.key} [{record.scope}]: {res.reason}")
        return RepairResult(record.key, "would-repair", record, None, res,
                            f"would set {record.key} = {json.dumps(obs.value)} in [{obs.scope}]: {res.reason}")
    record_outcome(store, res)
    justification = f"{obs.verifier}: {obs.evidence}"[:2000]
    if obs.value is None:
        store.retract(record.id, f"defective, no current value: {justification}")
        return RepairResult(record.key, "repaired", record, None, res, f"retracted: {res.reason}")
    new = store.put(record.key, obs.value, type=record.type, scope=obs.scope, source=f"verifier:{obs.verifier}",
                    authority="environment", validity="valid", evidence=justification)
    if obs.scope != record.scope:
        # The evidence speaks for a narrower (or other) scope: the old record stays for the rest.
        store.set_validity(record.id, record.validity)
    check = resolve(store, new, ctx, use_cache=False)
    if check.outcome != "valid":
        return RepairResult(record.key, "failed", record, new, check, f"re-check after repair: {check.reason}")
    record_outcome(store, check)
    return RepairResult(record.key, "repaired", record, store.get(new.id) or new, res, res.reason)


def context(store: Store, env: Mapping[str, str], settings: Settings | Mapping[str, Any], *,
            timeout: float = 3.0) -> VerifyContext:
    from statewise_cli import verifiers

    if store.repo is None:
        from statewise_cli.errors import NotARepository

        raise NotARepository("verification needs a git repository: run it inside one")
    settings = coerce(settings)
    verifiers.load(settings)
    return VerifyContext(store.repo, env, timeout=timeout, allow_network=settings.verifiers.network, settings=settings)
