"""Pre-action recovery for one side-effecting proposal (StateWise §4.1–4.4).

normalize → attribute (contracts, arguments, session) → resolve the decision-critical
records (reliability checks, read-only verifiers, clarification) → repair defective
ones in scope → replan guidance → independent state–action check (invariants).
Execution requires no unresolved premise and every check passing; otherwise a
safe stop with the reason. ``dry_run`` (``statewise explain``) changes nothing.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~5 ms to import on the hook path
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from statewise_cli.config.settings import Settings

from statewise_cli.actions.normalize import Action
from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)
from statewise_cli.fast.struct import Struct
from statewise_cli.recovery.attribute import Candidate, attribute
from statewise_cli.recovery.protected import PROTECTED_KEY
from statewise_cli.store.db import Store
from statewise_cli.store.records import Record, age_text

VERIFY_TIMEOUT_S = 1.0
# Premises that say who does an operation here (a bot on a comment, a host-side mirror, nobody): their
# alternative replaces a stop's generic one.
_OWNED_OPERATIONS = frozenset({"forge.branch.owned_by_bot", "forge.pr.merge_via", "git.remote.no_push",
                               "git.branch.moved_via"})
# Premises that say which branch this work goes to instead (the docs route it, the branch it tracks): their push
# replaces a stop's pull request into the very branch that was refused.
_ROUTED = ("git.ref.route.", "git.ref.purpose.", "git.ref.tracked.", "git.ref.trigger.")


class Trace(Struct):
    actions: tuple[Action, ...]
    candidates: tuple[Candidate, ...]
    resolutions: tuple[Any, ...]
    repairs: tuple[Any, ...]
    violations: tuple[Any, ...]
    decision: str  # allow | deny | ask
    reason: str | None = None
    question: str | None = None
    premises: tuple[Any, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "actions": [a.to_json() for a in self.actions],
            "candidates": [c.to_json() for c in self.candidates],
            "resolutions": [r.to_json() for r in self.resolutions],
            "repairs": [r.to_json() for r in self.repairs],
            "checks": [v.to_json() for v in self.violations],
            "premises": [p.to_json() for p in self.premises],
            "decision": self.decision,
            "reason": self.reason,
        }


def _where(record: Record) -> str:
    return record.source.removeprefix("memory-file:")


def _alternative(candidate: Candidate, verified: Any, scope: str | None = None) -> str:
    contract = candidate.contract
    if contract is None or not contract.alternative:
        return ""
    if verified is None and "{verified}" in contract.alternative:
        return ""  # the verifier found no current value: there is nothing to name
    action = candidate.action
    # `{where}`: whose value the verifier observed — a pin in the repository (`.nvmrc`) or only this machine.
    where = "this machine's" if scope == "workspace" else "the project's"
    try:
        return contract.alternative.format(verified=verified if not isinstance(verified, bool) else json.dumps(verified),
                                           target=action.target or "", args=" ".join(action.arguments[1:]), where=where)
    except (KeyError, IndexError, ValueError):
        return contract.alternative


def _guidance(candidate: Candidate, resolution: Any, repaired: Any) -> str:
    record, action = candidate.record, candidate.action
    obs = resolution.observation
    lines = [
        f"statewise stopped `{(action.text or action.operation).strip()[:160]}`: it rests on a record that is out of date.",
        (f"Record: {record.key} = {record.value_text()} [{record.scope}] from {_where(record)} "
         f"({record.authority}, stored {age_text(record.stored_at)})."),
    ]
    if obs is not None:
        seen = "no current value" if obs.value is None else json.dumps(obs.value)
        lines.append(f"Verified now ({obs.verifier}): {seen} in {obs.scope}. {obs.evidence.strip()[:300]}")
    if repaired is not None and getattr(repaired, "new", None) is not None:
        new = repaired.new
        lines.append(f"Repaired: {new.key} = {new.value_text()} [{new.scope}] (supersedes {record.id}); later sessions get the corrected value.")
    alternative = _alternative(candidate, obs.value if obs is not None else None, obs.scope if obs is not None else None)
    if alternative:
        lines.append(f"Safe alternative: {alternative.rstrip('.')}.")
    if obs is not None and obs.value is None and (repaired is None or getattr(repaired, "new", None) is None):
        lines.append(f"Nothing current replaces {record.key}: look for what the task needs where it is now; if the "
                     "action creates something new on purpose, propose it again (the next proposal is checked again).")
    else:
        lines.append("Replan from the corrected record; the next proposal is checked again.")
    return "\n".join(lines)


def evaluate(store: Store, actions: list[Action], env: Mapping[str, str], settings: Settings, cwd: str,
             *, session_ids: Any = None, dry_run: bool = False) -> Trace:
    from statewise_cli.recovery import contracts as contracts_mod
    from statewise_cli.recovery.invariants import check, expand_scripts

    # what the files the command runs would do (a make recipe's install, a task file's push) is probed and checked
    # like the command's own actions; attribution and developer intent read the command itself (a make target and
    # its recipe, intent.py)
    expanded = expand_scripts(actions, cwd, store.repo)
    contracts = contracts_mod.load(settings)
    keys = {PROTECTED_KEY, "package_manager"}
    patterns: set[str] = set()
    for action in actions:
        for contract in contracts.get(action.operation, []):
            if contract.record:
                (patterns if any(c in contract.record for c in "*?[") else keys).add(contract.record)
    texts = [a.text for a in actions if a.risk != "read-only" and a.text]
    records = store.relevant_records(keys, patterns, list(dict.fromkeys(texts)))
    root = store.repo.root if store.repo else None
    candidates = attribute(actions, records, contracts, root, session_ids)
    resolutions: list[Any] = []
    repairs: list[Any] = []
    question = None
    guidance = None
    critical = [c for c in candidates if c.dependence == "critical" or c.link == "session"]
    if critical and store.repo is not None:
        from statewise_cli.recovery import resolve

        ctx = resolve.context(store, env, settings, timeout=VERIFY_TIMEOUT_S)
        done: set[str] = set()
        for candidate in critical:
            record = candidate.record
            if record.id in done:
                continue
            done.add(record.id)
            res = resolve.resolve(store, record, ctx)
            resolutions.append(res)
            if res.outcome == "defective" and res.observation is not None:
                repaired = None if dry_run else resolve.repair(store, record, ctx)
                if repaired is not None:
                    repairs.append(repaired)
                # Does the corrected value still support this action? If not, the agent replans.
                if _still_supports(candidate, res.observation.value):
                    continue
                guidance = guidance or _guidance(candidate, res, repaired)
            elif res.outcome == "unresolved":
                if not dry_run:
                    resolve.record_outcome(store, res)
                risky = candidate.action.risk in ("remote", "destructive")
                weak = record.authority in ("document", "agent")
                if res.question and (risky or record.key.startswith("policy.")) and weak:
                    question = question or res.question
            elif not dry_run:
                resolve.record_outcome(store, res)
        records = store.relevant_records(keys, patterns, list(dict.fromkeys(texts))) if repairs else records
    if store.repo is not None:
        probed = _probe_guards(store, expanded, candidates, contracts, env, settings, dry_run)
        if probed:
            records = store.active_records() if not dry_run else records + probed
    protected = [r for r in records if r.key == PROTECTED_KEY]
    violations = check(expanded, protected + [r for r in records if r.key == "package_manager"], store.repo, cwd, settings,
                       env)
    governed: list[Any] = []
    if store.repo is not None and "developer-intent" not in settings.policy.disable_invariants and any(
            a.risk != "read-only" for a in actions):
        # Developer intent gates the actions it names, whatever a memory file says (intent.py).
        policies = [r for r in store.relevant_records(set(), {"policy.*"}, [])
                    if r.authority == "developer" and not r.source.startswith("memory-file:")]
        if policies:
            from statewise_cli.recovery import intent

            violations = [*intent.lifted(violations, protected, policies, store.repo),
                          *intent.violations(actions, policies, store.repo)]
            if not any(v.invariant == "developer-intent" for v in violations):
                # the form a record states for work the task names by words the command line does not carry
                from statewise_cli.recovery import intent_task
                from statewise_cli.recovery.premises_downstream import last_prompt

                violations += intent_task.violations(actions, policies, store.repo, last_prompt(store))
        # The repository's governance documents gate the action classes they name, below a developer's record
        # (governance.py: the authority ordering).
        from statewise_cli.recovery import governance

        def prompt() -> str:  # read only when a closed time would be moved (the reader's imports stay off the hot path)
            from statewise_cli.recovery.premises_downstream import last_prompt

            return last_prompt(store)

        governed = governance.violations(actions, policies, store.repo, prompt)
        violations += governed
    if any(a.kind == "edit" or a.operation in ("file.write", "file.create", "file.operand", "file.move", "file.extract")
           for a in actions):
        from statewise_cli.recovery.invariants import Violation
        from statewise_cli.recovery.trust import INVARIANT, memory_contradictions

        violations += [Violation(INVARIANT, a, why) for a, why in memory_contradictions(store, actions, cwd)]
    deny = [v for v in violations if v.verdict == "deny"]
    ask = [v for v in violations if v.verdict == "ask"]
    if guidance:
        return Trace(tuple(actions), tuple(candidates), tuple(resolutions), tuple(repairs), tuple(violations), "deny", guidance)
    def _context() -> Any:
        from statewise_cli.recovery import resolve

        return resolve.context(store, env, settings, timeout=VERIFY_TIMEOUT_S)

    if deny:
        stop = _safe_stop(deny, contracts)
        defective = []
        if store.repo is not None:
            # What the action assumed, beside why it is stopped: the stop says what it would break, the
            # premise what is true instead (`rm -r api/spec` → the generated code is api/models).
            from statewise_cli.recovery import premises as premises_mod

            stopped = [v.action for v in deny]
            # a machine-wide tool install is stopped as the write of its binary; the premise about the version
            # it installs is read from the command it came from
            stopped += [a for a in actions if a.operation.startswith("shell.") and any(
                "tool-install" in s.flags and s.text == a.text for s in stopped) and not any(a is s for s in stopped)]
            defective = premises_mod.check(store, stopped, candidates, contracts, _context, cwd, env,
                                           VERIFY_TIMEOUT_S, stopped=True)
            if defective:
                told = premises_mod.guidance(defective, store.repo.root)
                repeated = {line for line in told.splitlines() if line.startswith("Safe alternative: ")}
                if any((p.key in _OWNED_OPERATIONS or p.key.startswith(_ROUTED)) and p.alternative for p in defective):
                    # the repository says who does this operation (a bot, a host-side mirror): the generic
                    # alternative of the stop (a pull request into the same branch) contradicts it
                    repeated |= {line for line in stop.splitlines() if line.startswith("Safe alternative: ")}
                # one safe alternative, said once: the premise's block (what is true now) carries it
                stop = "\n".join(line for line in stop.splitlines() if line not in repeated) + "\n" + told
        if store.repo is not None and "Safe alternative" not in stop:
            stop = _purpose_alternative(store, [v.action for v in deny], stop, env, _context)
        if store.repo is not None:
            from statewise_cli.recovery.alternatives import concrete

            stop = concrete(stop, [v.action for v in deny], store.repo)  # runnable as written
        return Trace(tuple(actions), tuple(candidates), tuple(resolutions), tuple(repairs), tuple(violations), "deny",
                     stop, premises=tuple(defective))
    # A governance document's ask is weaker than what the repository shows: the premises are checked first, and a
    # defective premise (what is true now, with its successor) stops the action instead of a question.
    if store.repo is not None and not question and not [v for v in ask if not any(v is g for g in governed)]:
        from statewise_cli.recovery import premises as premises_mod

        defective = premises_mod.check(store, actions, candidates, contracts, _context, cwd, env, VERIFY_TIMEOUT_S)
        # An install a file the command runs would make (a make recipe's `npm install`, a task file's `pip install`)
        # is held to the verified package manager like the command's own: the package-manager promise reads what
        # runs. Other premises of the file's commands stay with the command itself (attribution reads the command).
        hidden = [a for a in expanded if a.operation == "pkg.install" and not any(a is b for b in actions)]
        if not defective and hidden:
            defective = premises_mod.check(store, hidden, candidates, contracts, _context, cwd, env, VERIFY_TIMEOUT_S)
        if defective:
            if not dry_run:
                for premise in defective:
                    premises_mod.record(store, premise)
            from statewise_cli.recovery.alternatives import concrete

            told = concrete(premises_mod.guidance(defective, store.repo.root), [p.action for p in defective], store.repo)
            return Trace(tuple(actions), tuple(candidates), tuple(resolutions), tuple(repairs), tuple(violations), "deny",
                         told, premises=tuple(defective))
    if question or ask:
        text = question or "; ".join(v.detail for v in ask)
        return Trace(tuple(actions), tuple(candidates), tuple(resolutions), tuple(repairs), tuple(violations), "ask",
                     f"statewise needs the developer before `{actions[0].text.strip()[:120]}` runs: {text}", question)
    return Trace(tuple(actions), tuple(candidates), tuple(resolutions), tuple(repairs), tuple(violations), "allow")


def _still_supports(candidate: Candidate, verified: Any) -> bool:
    from statewise_cli.recovery.attribute import matches

    contract = candidate.contract
    if contract is None:
        # No contract binds it, but the action spells out the record's old value (`origin/main`
        # from "the default branch is main"): with the verified value it would be another action.
        old = candidate.record.value_text()
        return not (candidate.link in ("argument", "session") and old in (candidate.action.text or "")
                    and str(verified) != old)
    if contract.role == "guard":
        return verified != contract.forbid_when
    slot = getattr(candidate.action, contract.slot or "target")
    return matches(contract.match, slot, verified)


def _stash_then(action: Any, alternative: str) -> str:
    """A forced switch of branches that would discard uncommitted work: the whole of what it was for, as one command —
    the work stashed, then the same switch without the force (``git stash push -u && git checkout -q exp-44``)."""
    text = (action.text or "").strip()
    if action.operation not in ("git.checkout", "git.switch") or any(c in text for c in ("&&", "||", ";", "|", "\n")):
        return alternative
    words = text.split()
    kept = [w for w in words if w not in ("-f", "--force", "--discard-changes")]
    if kept == words or kept[:1] != ["git"]:
        return alternative
    return alternative.replace("`git stash push -u`", f"`git stash push -u && {' '.join(kept)}`")


def _safe_stop(violations: list[Any], contracts: Mapping[str, Any]) -> str:
    first = violations[0]
    lines = [f"statewise stopped `{(first.action.text or first.action.operation).strip()[:160]}` (state–action check):"]
    for v in violations[:4]:
        lines.append(f"- {v.invariant}: {v.detail}")
    alternative = first.alternative
    for contract in [] if alternative else contracts.get(first.action.operation, []):
        # An alternative that names a verified value has none to name here (no record was verified).
        if contract.alternative and "{verified}" not in contract.alternative and "{where}" not in contract.alternative:
            try:
                alternative = contract.alternative.format(target=first.action.target or "", args="")
            except (KeyError, IndexError, ValueError):
                alternative = contract.alternative
            break
    if first.invariant == "keep-uncommitted-work" and "git stash push -u" in alternative:
        alternative = _stash_then(first.action, alternative)
    if alternative:
        lines.append(f"Safe alternative: {alternative.rstrip('.')}.")
    if first.invariant == "protected-branch" and ", protected by " in first.detail:
        record_hint = first.detail.split(" by ", 1)[-1].split(" ", 1)[0]
        lines.append(f"If the record is wrong, ask the developer to correct it in their own terminal "
                     f"(`statewise repair --key {record_hint}`); statewise denies its own mutating commands "
                     "from an agent's tool call.")
    return "\n".join(lines)


def _probe_guards(store: Store, actions: list[Action], candidates: list[Candidate], contracts: Mapping[str, Any],
                  env: Mapping[str, str], settings: Settings, dry_run: bool) -> list[Record]:
    """A guarded action that no record speaks for (a push to a branch the store knows nothing about)
    is checked against the verified state itself: the guard's verifier observes the target, and an
    observation that forbids the action becomes a verified record the state–action check uses."""
    found: list[Record] = []
    covered = {(id(c.action), c.contract.record) for c in candidates if c.contract is not None}
    ctx = None
    for action in actions:
        if action.risk == "read-only" or action.target in (None, "", "*", "?"):
            continue
        if action.operation == "git.push" and str(action.target).startswith("refs/") and not str(
                action.target).startswith(("refs/heads/", "refs/tags/")):
            continue  # a review ref (`refs/for/main`) is not the branch it names
        for contract in contracts.get(action.operation, []):
            if contract.role != "guard" or not contract.record or not contract.scope:
                continue
            if (id(action), contract.record) in covered:
                continue
            scope = contract.scope.format(target=action.target)
            if any(r.key == contract.record and r.scope == scope for r in store.active_records(contract.record)):
                continue  # a record for exactly this scope exists (e.g. defective): resolution handles it
            from statewise_cli.recovery import resolve
            from statewise_cli.store.records import now_ts
            from statewise_cli.verifiers import CannotVerify, for_key

            ctx = ctx or resolve.context(store, env, settings, timeout=VERIFY_TIMEOUT_S)
            probe = Record(id="probe", key=contract.record, value=None, type="fact", scope=scope, observed_at=now_ts(),
                           stored_at=now_ts(), expires_at=None, source="probe", authority="agent", status="active",
                           validity="unchecked", verified_at=None, supersedes=None, superseded_by=None, evidence=None)
            for verifier in for_key(contract.record):
                try:
                    seen = verifier.verify(probe, ctx)
                except Exception:  # noqa: BLE001, S112 - a broken verifier must not stop the check
                    continue
                if isinstance(seen, CannotVerify) or seen.value is None:
                    continue
                if seen.value == contract.forbid_when:
                    from statewise_cli.recovery.protected import remote_wide_only

                    kinds = remote_wide_only(f"{seen.verifier}: {seen.evidence}")
                    if kinds is not None and not action.flags & kinds:
                        break  # receive.deny* settings name no branch and forbid nothing this push does
                    kind = "branch_policy" if contract.record.startswith("git.branch.") else "fact"
                    if dry_run:
                        found.append(probe.replace(value=seen.value, scope=seen.scope, type=kind,
                                                   source=f"verifier:{seen.verifier}", validity="valid"))
                    else:
                        found.append(store.put(contract.record, seen.value, type=kind, scope=seen.scope,
                                               source=f"verifier:{seen.verifier}", authority="environment",
                                               validity="valid", evidence=f"{seen.verifier}: {seen.evidence}"[:2000]))
                break
    return found


def _purpose_alternative(store: Store, stopped: list[Action], stop: str, env: Any, factory: Any) -> str:
    """A stop that names no safe alternative gets the repository's own command for the stopped command's purpose
    (``git clean -fdx`` stopped: the ``clean`` target the makefile has), when its automation has exactly one."""
    from statewise_cli.recovery import premises as premises_mod
    from statewise_cli.recovery.automation import purpose_alternative

    ctx = premises_mod._LazyContext(store.repo, factory, env, VERIFY_TIMEOUT_S)
    for action in stopped:
        words = premises_mod._words(action)
        if not words and action.operation.startswith("git."):
            words = ["git", action.operation[4:], *[str(a) for a in action.arguments]]
        if action.operation.startswith("git.") and words[:1] != ["git"]:
            words = ["git", action.operation[4:], *[str(a) for a in action.arguments]]
        line = purpose_alternative(ctx, words)
        if line:
            return stop.rstrip("\n") + "\n" + line
    return stop
