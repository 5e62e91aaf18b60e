"""``statewise hook``: one payload in, the agent's answer out, inside one guard.

This module is the hot path. It imports only the stdlib and statewise's own light
modules; typer, rich, sqlite_utils and the rest are never loaded here (a test
checks ``sys.modules``).

Failure policy (documented in the README, tested for both agents): any internal
error — malformed payload, corrupt/locked/read-only store, bad config, a bug, the
internal deadline passing — is turned into an explicit outcome and an incident
that ``statewise doctor`` shows:

- ``guard`` (default): a PreToolUse whose action is destructive or a remote
  commitment (push, force, reset --hard, clean, rm -r, publish, deploy), a package
  install, or one of statewise's own mutating commands is denied with an explanation
  (each is a promise the check could not keep unread); everything else proceeds with a
  visible warning;
- ``allow``: everything proceeds, with the warning;
- ``deny``: every PreToolUse is denied; other events proceed with the warning.

Set it in ``.statewise.toml`` (``[hook] on_error = "guard"``) or with
``STATEWISE_ON_ERROR``. ``STATEWISE_DISABLE=1`` turns the hook off entirely. An invalid
config (unknown key, wrong type, unknown value) is one of these errors, never "no config":
the policy is then ``guard`` (``deny`` when the invalid file asked for it).
"""

from __future__ import annotations

import os
import sys
import time

from statewise_cli.fast import jsonfast as json  # the C accelerator without `re` (see jsonfast)

try:  # the C module behind `signal`: the wrapper's enum conversions cost ~1 ms per start
    import _signal as signal  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - other interpreters
    import signal
TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

# What the `guard` failure policy denies when the check cannot finish: destructive and remote actions,
# package installs (the manager check); statewise's own mutating commands read as destructive.
HELD_ON_FAILURE = ("destructive", "remote", "install")

from statewise_cli.agents.protocol import Decision
from statewise_cli.config import paths as config
from statewise_cli.config import settings as configured
from statewise_cli.errors import DeadlineExceeded, PayloadError, StatewiseError, StoreCorrupt, StoreError

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import IO, Any

    from statewise_cli.agents.protocol import HookRequest
    from statewise_cli.config.settings import Settings

HOOK_BUSY_TIMEOUT_MS = 4000
EXCERPT_CHARS = 4000


def _sqlite_error(exc: BaseException) -> StatewiseError | None:
    from statewise_cli.store.db import sqlite3

    if not isinstance(exc, sqlite3.Error):
        return None
    text = str(exc)
    if "locked" in text or "busy" in text:
        return StoreError(f"store is locked by another process: {text}", code="store-locked")
    if "readonly" in text or "read-only" in text:
        return StoreError(f"store is read-only: {text}", code="store-readonly")
    if "not a database" in text or "malformed" in text:
        return StoreCorrupt(f"store is corrupt: {text}")
    if "unable to open" in text:
        return StoreError(f"cannot open the store: {text}", code="store-unavailable")
    return StoreError(f"store error: {text}")


class HookRun:
    """The state of one hook invocation, so the guard can report on what got done."""

    def __init__(self, raw: bytes, env: Mapping[str, str], agent: str | None) -> None:
        self.raw = raw
        self.env = env
        self.agent = agent
        self.request: HookRequest | None = None
        self.settings: Settings | None = None  # None until loaded: the failure policy then holds its default
        self.store: Any = None
        self.pending_dir: str | None = None
        self.normalized: dict[str | None, list[Any]] = {}  # the call's actions, by the branch they were read on
        self.started = time.perf_counter()
        # SQLite's busy wait is not interruptible by SIGALRM: keep it well inside the deadline.
        try:
            deadline = configured.deadline_seconds(env)
            self.busy_timeout_ms = max(1, min(HOOK_BUSY_TIMEOUT_MS, int(deadline * 1000 * 0.4)))
        except Exception:  # noqa: BLE001 - reported by main's guard, which reads it again
            self.busy_timeout_ms = int(configured.DEFAULT_DEADLINE_S * 1000 * 0.4)

    # ------------------------------------------------------------- the happy path
    @property
    def config(self) -> Settings:
        """The settings, once :meth:`decide` loaded them (every step that reads them runs after)."""
        assert self.settings is not None
        return self.settings

    def decide(self) -> Decision:
        from statewise_cli.agents import adapter, detect

        try:
            payload = json.loads(self.raw)
        except (ValueError, UnicodeDecodeError) as exc:
            raise PayloadError(f"hook input is not JSON ({exc})") from None
        if not isinstance(payload, dict):
            raise PayloadError("hook input must be a JSON object")
        if self.agent is None:
            self.agent = detect(payload)
        req = adapter(self.agent).parse(payload)
        self.request = req
        from statewise_cli.repo import find_repo

        repo = find_repo(_nearest_existing(req.cwd))
        if repo is None and req.event == "PreToolUse":
            repo = self._project_elsewhere(req)
        store_path = (
            os.path.join(repo.store_dir, config.STORE_FILENAME) if repo else config.global_store_path(self.env)
        )
        read_only = False
        if req.event == "PreToolUse":
            # Before the settings load: a broken .statewise.toml must not open a way to rewrite it.
            actions = self._actions_once(req, repo.branch if repo else None)
            from statewise_cli.actions.normalize import max_risk

            read_only = max_risk(actions) == "read-only"
            denied = self._guard_state(req, actions, repo, store_path) if not read_only else None
            if denied is not None:
                return denied
        self.settings = settings = configured.load(repo.root if repo else None, self.env)
        if repo is not None:
            settings = self._floor(settings, repo.root, req.event)
        if read_only and not (settings.permissions.deny or settings.permissions.ask):
            # The fast path: a read-only action needs no record, so SQLite is not even imported;
            # its decision goes to an append-only ledger the next store open folds in.
            self.pending_dir = os.path.dirname(store_path)
            return Decision(req.event, action=tuple(a.to_json() for a in actions))
        from statewise_cli.store.db import Store

        # The ledger of plain allows is folded in off the PreToolUse path (after the tool ran, at a
        # prompt, at Stop, and by every CLI command), so an allow never waits on a write lock.
        self.store = Store.open(store_path, repo, busy_timeout_ms=self.busy_timeout_ms,
                                fold=req.event != "PreToolUse")
        return self._dispatch(req, repo.branch if repo else None)

    def _floor(self, settings: Any, root: str, event: str | None) -> Any:
        """The settings with no protection below what ``.statewise.toml`` gave before (``config/floor.py``): a
        lowering by a route no check saw is recorded and not obeyed."""
        from statewise_cli.config import floor

        settings, changes = floor.hold(settings, root, self.env)
        if changes:
            self.settings = settings
            append_incident_file(self.env, {
                "agent": self.agent, "event": event, "kind": "config-lowered", "policy": "floor-kept",
                "message": f"{root}/.statewise.toml changed outside a developer's terminal and lowers protection ("
                           + "; ".join(changes) + "): not obeyed. A developer who meant it runs `statewise doctor "
                           "--accept-store` in their own terminal.", "at": time.time()})
        return settings

    def _project_elsewhere(self, req: HookRequest) -> Any:
        """The repository a call made from outside any repository acts on: the agent's project directory
        (``CLAUDE_PROJECT_DIR``), else the first repository the command itself enters (``git -C DIR``, ``cd DIR``).
        Its promises hold for what the command does there and around it (``git -C repo archive HEAD | tar -x``
        writes the directory the agent stands in, outside the repository); None when it names no repository."""
        from statewise_cli.repo import find_repo

        project = self.env.get("CLAUDE_PROJECT_DIR") or ""
        if project.startswith("/") and os.path.isdir(project):
            found = find_repo(project)
            if found is not None:
                return found
        if req.command is None:
            return None
        from statewise_cli.actions.shell import unknown

        actions = self._actions(req, None)
        for action in actions:
            where = action.cwd
            if where and not unknown(where):
                found = find_repo(_nearest_existing(os.path.join(req.cwd, os.path.expanduser(where))))
                if found is not None:
                    return found
        for action in actions:
            # no directory change: the first repository a file the command changes lies in
            # (`echo … >> ../repo/AGENTS.md`, a patch of `../repo/.statewise.toml`)
            if action.risk == "read-only" or action.kind != "edit" and not action.operation.startswith("file."):
                continue
            for path in action.paths or ((action.target,) if action.target else ()):
                if path and not unknown(path):
                    found = find_repo(_nearest_existing(os.path.join(req.cwd, os.path.expanduser(path))))
                    if found is not None:
                        return found
        return None

    def _guard_state(self, req: HookRequest, actions: list[Any], repo: Any, store_path: str) -> Decision | None:
        """Deny a call that would change the guard itself (see :mod:`statewise_cli.recovery.trust`).

        Decided before the store opens, so a broken store cannot turn it into an allow; the
        store is then opened only to record the denial."""
        from statewise_cli.recovery.trust import reasons

        found = reasons(actions, repo, req.cwd, self.env)
        if not found:
            return None
        try:
            from statewise_cli.store.db import Store

            self.store = Store.open(store_path, repo, busy_timeout_ms=self.busy_timeout_ms, fold=False)
        except Exception:  # noqa: BLE001 - the denial stands without a record
            self.store = None
            _deadline_hit[0] = False  # the deadline passed while recording: the denial is decided
        return Decision(req.event, "deny", reason="\n".join(dict.fromkeys(r for _, r in found)),
                        action=tuple(a.to_json() for a in actions))

    def _dispatch(self, req: HookRequest, branch: str | None) -> Decision:
        if req.event == "PreToolUse":
            return self._pre_tool_use(req, branch)
        if req.event in ("PostToolUse", "PostToolUseFailure"):
            text = self._observe(req)
            context = self._gate_after_tool(req, text)
            missing = self._missing_program(req, text) or self._rejected_push(req, text) \
                or self._divergent_pull(req, text)
            if missing:
                context = f"{context}\n\n{missing}" if context else missing
            return Decision(req.event, context=context)
        if req.event in ("SessionStart", "UserPromptSubmit"):
            if self.store.repo is not None:
                self._refresh_memory()
                self._verify_on_retrieval()
            context, handed = self._digest(req)
            if req.prompt:
                self.store.add_evidence(
                    kind="prompt", session_id=req.session_id, agent=req.agent,
                    output_excerpt=req.prompt[:EXCERPT_CHARS],
                )
                guidance = self._gate_compile(req)
                if guidance:
                    context = f"{context}\n\n{guidance}" if context else guidance
                released = self._released_rules(req)
                if released:  # first: it says which of the records below no longer holds for this task
                    context = f"{released}\n\n{context}" if context else released
            return Decision(req.event, context=context, records=handed)
        if req.event == "Stop":
            return self._gate_submission(req, "submit", None) or Decision(req.event)
        return Decision(req.event)  # unknown events: no objection

    def _released_rules(self, req: HookRequest) -> str:
        """Memory-file rules a later, dated record of the repository releases for this prompt (a stale restrictive
        note): said in the prompt's context, never stored."""
        repo = self.store.repo
        if repo is None or not req.prompt:
            return ""
        from statewise_cli.recovery.released import developer_releases, released_rules

        said = released_rules(repo.root, req.prompt)
        given = developer_releases(repo.root, req.prompt, self.store.active_records())
        return "\n\n".join(t for t in (given, said) if t)

    def _digest(self, req: HookRequest) -> tuple[str | None, tuple[str, ...]]:
        """The memory digest for this message and the ids of the records it hands over (the records in force:
        active and not found defective). The decision keeps those ids, so the next message of the session says
        only what changed — a record found defective is announced once, not on every message. When the
        session's previous message handed over exactly the records in force now, nothing changed: no
        digest, and no record is read."""
        from statewise_cli.store.decisions import last_digest_record_ids

        before = last_digest_record_ids(self.store, req.session_id) if req.session_id else None
        if before is not None:
            ids = self.store.live_record_ids()
            if set(ids) == set(before):
                return None, tuple(ids)
        from statewise_cli.memory.digest import digest

        records = self.store.active_records()
        handed = tuple(r.id for r in records if r.validity != "defective")
        return digest(records, self.store, session_id=req.session_id), handed

    def _verify_on_retrieval(self, budget_s: float = 1.0) -> None:
        """Check the records about to be handed to the agent, within a time budget.

        A wrong record that makes the agent *more* cautious ("main is protected" when it is not)
        never reaches an action that rests on it, so action-time checks never see it; verifying
        what the digest hands out catches it. Cached verifications whose inputs are unchanged
        cost nothing; ``[memory] verify_on_retrieval = false`` turns this off.
        """
        if not self.config.memory.verify_on_retrieval:
            return
        from statewise_cli.recovery.verify import retrieval_candidates, verify_all

        candidates = retrieval_candidates(self.store)
        if candidates:
            verify_all(self.store, self.config, self.env, candidates, timeout=0.5, budget_s=budget_s,
                       repair_defective=True)

    def _refresh_memory(self) -> None:
        """Re-import the memory files whose content changed since the last import."""
        from statewise_cli.memory.importer import discover, file_digest, import_file

        known = {row["path"]: row["sha256"] for row in self.store.memory_files()}
        for file in discover(self.store.repo, self.env):
            if file.user_level:
                continue  # user-level files go to the global store (statewise import-memory)
            if known.get(file.label) != file_digest(file.path):
                import_file(self.store, file)

    def _pre_tool_use(self, req: HookRequest, branch: str | None) -> Decision:
        actions = self._actions_once(req, branch)
        from statewise_cli.actions.normalize import max_risk

        as_json = tuple(a.to_json() for a in actions)
        if max_risk(actions) == "read-only":
            return Decision(req.event, action=as_json)
        from statewise_cli.recovery.pipeline import evaluate

        trace = evaluate(self.store, actions, self.env, self.config, req.cwd,
                         session_ids=lambda: self._session_records(req.session_id))
        consulted = tuple(dict.fromkeys(c.record.id for c in trace.candidates))
        attribution = tuple(c.to_json() for c in trace.candidates)
        if trace.decision == "allow":
            held = self._gate_commitment(req, actions)
            if held is not None:
                return held.replace(records=consulted, action=as_json, attribution=attribution)
            self._note_written(req, actions)
            return Decision(req.event, records=consulted, action=as_json, attribution=attribution)
        kind = "deny" if trace.decision == "ask" and req.agent == "codex" else trace.decision
        # Codex has no "ask" (it would run the tool): there, a deny whose reason asks the question.
        return Decision(req.event, kind, reason=trace.reason, records=consulted, action=as_json, attribution=attribution)

    def _note_written(self, req: HookRequest, actions: list[Any]) -> None:
        """The files this allowed call writes join the record a test runner's check reads (recovery/written.py)."""
        if self.store is None or self.store.repo is None or not any(
                a.kind == "edit" or a.operation in ("file.write", "file.create") for a in actions):
            return
        from statewise_cli.recovery import written

        # every file, inside the repository or in a scratch place (`/tmp/x.ll`): a program nobody modelled may later
        # be handed one of them (a test runner's check reads only those under the paths it runs)
        written.note(os.path.dirname(self.store.path), req.session_id, written.written_paths(actions, req.cwd))

    # ------------------------------------------------------------ evidence gate
    def _gate_mode(self, path: str | None = None) -> str:
        from statewise_cli.gate.engine import mode_for

        return mode_for(self.config, path)

    def _gate_compile(self, req: HookRequest) -> str | None:
        if self._gate_mode() == "off" or not req.session_id or self.store.repo is None:
            return None
        from statewise_cli.gate import engine as gate

        gate.ingest_transcript(self.store, req.session_id, req.transcript_path)
        gate.compile_task(self.store, req.session_id, req.prompt or "")
        self._index_in_background()
        return gate.render(gate.gap(self.store, req.session_id))

    def _index_in_background(self) -> None:
        """Start ``statewise index`` detached: callers and related code are known by the first edit.

        The hook itself never waits for a full index; a running or recent index is not repeated.
        ``STATEWISE_BACKGROUND_INDEX=0`` (or ``[gate] background_index = false``) turns it off.
        """
        if not self.config.gate.background_index:
            return
        from statewise_cli.store.index_tables import last_indexed_at

        last = last_indexed_at(self.store.conn)
        if last and time.time() - last < 600:
            return
        lock = os.path.join(self.store.repo.store_dir, "index.lock")
        try:
            if time.time() - os.path.getmtime(lock) < 600:
                return
        except OSError:
            pass
        try:
            with open(lock, "w", encoding="utf-8") as fh:
                fh.write(str(os.getpid()))
            import subprocess

            exe = os.path.join(os.path.dirname(sys.executable), "statewise")
            argv = [exe, "index", "--json"] if os.access(exe, os.X_OK) else [sys.executable, "-m", "statewise_cli", "index", "--json"]
            subprocess.Popen(argv, cwd=self.store.repo.root, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True, env=dict(self.env))
        except OSError:
            pass  # no index: the conditions that need it are dropped, never guessed

    def _gate_after_tool(self, req: HookRequest, text: str) -> str | None:
        if self._gate_mode() == "off" or not req.session_id or self.store.repo is None:
            return None
        from statewise_cli.gate import engine as gate

        gate.record_tool_result(self.store, req, text)
        if req.command is None and req.tool_name not in ("Edit", "Write", "NotebookEdit", "apply_patch"):
            return None  # guidance after commitments and commands, not after every read
        return gate.render(gate.gap(self.store, req.session_id))

    def _missing_program(self, req: HookRequest, text: str) -> str | None:
        """After a command failed because its program is missing: what the project uses for that job instead."""
        failed = req.event == "PostToolUseFailure" or req.exit_code not in (None, 0)
        if not failed or not req.command or self.store.repo is None or ("not found" not in text and "No such file"
                                                                        not in text and "No module named" not in text
                                                                        and "nknown command" not in text
                                                                        and "no such command" not in text
                                                                        and "could not determine executable" not in text):
            return None
        from statewise_cli.recovery.premises_jobs import failure_note
        from statewise_cli.verifiers.base import VerifyContext

        ctx = VerifyContext(self.store.repo, self.env, timeout=0.5)
        return failure_note(req.command, req.exit_code, text, req.cwd or self.store.repo.root, ctx)

    def _rejected_push(self, req: HookRequest, text: str) -> str | None:
        """After a push the remote rejected because it has commits the branch lacks: the command that brings them in
        and pushes again, spelled for this push."""
        # the output says so itself: Codex reports no exit code with it
        if req.exit_code == 0 or not req.command or self.store.repo is None or "git" not in req.command \
                or "[rejected]" not in text:
            return None
        from statewise_cli.recovery.premises_git import rejected_push_note

        return rejected_push_note(req.command, text)

    def _divergent_pull(self, req: HookRequest, text: str) -> str | None:
        """After a pull that stopped on divergent branches: the same pull, told how to reconcile them."""
        if req.exit_code == 0 or not req.command or self.store.repo is None or "pull" not in req.command \
                or "divergent" not in text and "fast-forward" not in text:
            return None
        from statewise_cli.recovery.premises_git import divergent_pull_note

        return divergent_pull_note(req.command, text)

    def _gate_commitment(self, req: HookRequest, actions: list[Any]) -> Decision | None:
        if not req.session_id or self.store.repo is None:
            return None
        from statewise_cli.actions.normalize import SUBMIT_OPERATIONS

        if any(a.operation.startswith(SUBMIT_OPERATIONS) for a in actions):
            return self._gate_submission(req, "submit", actions)
        edits = [a for a in actions if a.operation in ("edit", "file.create", "file.write") and a.target
                 and a.tool in ("Edit", "Write", "NotebookEdit", "apply_patch")]
        if not edits:
            return None
        from statewise_cli.actions.paths import relative
        from statewise_cli.gate import engine as gate
        from statewise_cli.store import gate_state

        if req.agent != "claude" or not gate_state.hook_delivers(self.store, req.session_id):
            # Codex's exit codes live there; Claude's PostToolUse hook delivers every call's result
            # as it happens (read at Stop, at a commit and at the next prompt all the same).
            gate.ingest_transcript(self.store, req.session_id, req.transcript_path)
        root = self.store.repo.root
        decision: Decision | None = None
        for action in edits:
            path = relative(action.target, root)
            if not path:
                continue
            mode = self._gate_mode(path)
            if mode == "off":
                continue
            gate.ground_edit(self.store, req.session_id, path, gate.edit_lines(root, path, req),
                            gate.edit_change(root, path, req))
            missing = gate.gap(self.store, req.session_id, action_type="edit", path=path)
            missing = [c for c in missing if c.kind != "reproduce-failure" or not self._edited_before(req.session_id)]
            if not missing:
                continue
            # The reason of an allow is not shown to the agent; it is kept with the decision so
            # `statewise audit` can tell an edit made over an open evidence gap.
            gap_text = "; ".join(c.kind for c in missing)
            if mode == "advise":
                return Decision(req.event, context=gate.render(missing), reason=f"evidence gap (advised): {gap_text}")
            verdict, holds = gate.hold_or_fallback(self.store, req.session_id, path, missing)
            if verdict == "hold":
                return Decision(req.event, "deny", reason=gate.hold_reason(path, missing, holds))
            decision = Decision(req.event, reason=f"evidence gate fallback after {gate.HOLD_BUDGET} holds: {gap_text}",
                                warning=f"statewise: evidence gate fallback for {path} after {gate.HOLD_BUDGET} holds; recorded.")
        return decision

    def _edited_before(self, session_id: str) -> bool:
        from statewise_cli.store import gate_state

        return gate_state.has_edit(self.store, session_id)

    def _gate_submission(self, req: HookRequest, target: str, actions: list[Any] | None) -> Decision | None:
        if not req.session_id or self.store.repo is None or self._gate_mode() == "off":
            return None
        from statewise_cli.gate import engine as gate

        gate.ingest_transcript(self.store, req.session_id, req.transcript_path)
        missing = gate.gap(self.store, req.session_id, action_type="submit")
        if not missing:
            return None
        if self._gate_mode() == "advise":
            return None if req.event == "Stop" else Decision(req.event, context=gate.render(missing))
        if req.event == "Stop" and req.stop_hook_active:
            gate.record_fallback(self.store, req.session_id, target, missing)  # recorded; never loop
            return None
        verdict, holds = gate.hold_or_fallback(self.store, req.session_id, target, missing)
        if verdict == "fallback":
            return Decision(req.event, reason=f"evidence gate fallback after {gate.HOLD_BUDGET} holds: "
                            + "; ".join(c.kind for c in missing),
                            warning=f"statewise: evidence gate fallback for the submission after {gate.HOLD_BUDGET} holds; recorded.")
        reason = gate.hold_reason(target, missing, holds)
        return Decision(req.event, "block" if req.event == "Stop" else "deny", reason=reason)

    def _session_records(self, session_id: str | None) -> set[str]:
        """Records handed to this session in its memory digest."""
        if not session_id:
            return set()
        from statewise_cli.store import decisions

        return decisions.digest_record_ids(self.store, session_id)

    def _actions_once(self, req: HookRequest, branch: str | None) -> list[Any]:
        """The call's actions, normalized once per call: the guard's check before the store opens and the
        pipeline after it read the same payload on the same branch (normalizing is a pure function of them)."""
        actions = self.normalized.get(branch)
        if actions is None:
            actions = self.normalized[branch] = self._actions(req, branch)
        return list(actions)

    @staticmethod
    def _actions(req: HookRequest, branch: str | None) -> list[Any]:
        from statewise_cli.actions.normalize import normalize_call

        return normalize_call(req.tool_name or "?", req.tool_input, branch, command=req.command, cwd=req.cwd)

    def _observe(self, req: HookRequest) -> str:
        from statewise_cli.agents import adapter
        from statewise_cli.fast.sha256 import sha256

        text = adapter(req.agent).output_text(req.tool_response if req.tool_response is not None else req.error)
        evidence_id = self.store.add_evidence(
            kind="command" if req.command is not None else "tool",
            session_id=req.session_id,
            tool_use_id=req.tool_use_id,
            agent=req.agent,
            tool_name=req.tool_name,
            command=req.command,
            exit_code=req.exit_code,
            output_digest=sha256(text.encode("utf-8", "replace")).hexdigest(),
            output_excerpt=text[:EXCERPT_CHARS],
            detail={"event": req.event, "tool_input": _truncate(req.tool_input)},
        )
        if req.command is not None:
            from statewise_cli.recovery.observations import observe

            observe(self.store, req.command, req.exit_code, text, evidence_id)
        return text

    def record_decision(self, decision: Decision) -> None:
        req = self.request
        if req is None:
            return
        allowed = decision.kind == "allow" and not decision.warning
        if allowed and req.event == "PreToolUse" and (self.pending_dir or self.store):
            # An allow (the fast path's, or one the store was opened for, with or without guidance)
            # goes to the ledger: no write transaction, WAL sync or checkpoint on the PreToolUse path.
            # Denials and fallbacks (rare, and audited) are written to the store at once.
            from statewise_cli.store.ledger import append_decision

            append_decision(self.pending_dir or os.path.dirname(self.store.path), {
                "id": os.urandom(6).hex(), "at": time.time(), "session_id": req.session_id,
                "tool_use_id": req.tool_use_id, "agent": req.agent, "event": req.event, "tool_name": req.tool_name,
                "action": json.dumps(list(decision.action), sort_keys=True),
                "decision": "context" if decision.context else "allow",
                "reason": decision.reason, "records": json.dumps(list(decision.records)),
                "attribution": json.dumps(list(decision.attribution)) if decision.attribution else None,
                "latency_ms": round((time.perf_counter() - self.started) * 1000, 2),
            })
            return
        if self.store is None or req.event in ("PostToolUse", "PostToolUseFailure"):
            return
        self.store.add_decision(
            session_id=req.session_id,
            tool_use_id=req.tool_use_id,
            agent=req.agent,
            event=req.event,
            tool_name=req.tool_name,
            action=list(decision.action),
            decision=decision.kind if decision.kind != "allow" or not decision.context else "context",
            reason=decision.reason,
            records=list(decision.records),
            attribution=list(decision.attribution) if decision.attribution else None,
            latency_ms=round((time.perf_counter() - self.started) * 1000, 2),
        )

    # ---------------------------------------------------------- the failure path
    def fail(self, exc: BaseException) -> Decision:
        if isinstance(exc, HookInterrupted):
            exc = StatewiseError(exc.message, code="interrupted")
        error = exc if isinstance(exc, StatewiseError) else _sqlite_error(exc)
        is_bug = error is None
        code = error.code if error else "internal-bug"
        message = error.message if error else f"{type(exc).__name__}: {exc}"
        try:
            mode = configured.on_error_mode(self.settings, self.env, exc)
        except StatewiseError:
            mode = "guard"
        event, risk = self._sniff()
        deny = event == "PreToolUse" and (
            mode == "deny" or (mode == "guard" and risk in HELD_ON_FAILURE)
        )
        log_path = self._write_log(exc, code) if is_bug or code == "malformed-payload" else None
        policy = "deny" if deny else "allow-with-warning"
        self._incident(code, message, policy, log_path, event)
        where = f" (details: {log_path})" if log_path else ""
        if deny:
            reason = (
                f"statewise could not check this {risk} action and its failure policy ({mode}) holds "
                f"destructive, remote and install actions: {message}{where}. "
                "Run `statewise doctor` to see the problem; a developer can set STATEWISE_ON_ERROR=allow "
                "or STATEWISE_DISABLE=1 to proceed without the check."
            )
            return Decision("PreToolUse", "deny", reason=reason, warning=f"statewise: {code}: {message}")
        return Decision(event or "Unknown", warning=f"statewise: hook error ({code}), proceeding unchecked: {message}{where}. Run `statewise doctor`.")

    def _sniff(self) -> tuple[str | None, str]:
        """Event and risk of the call, from whatever could be parsed (maybe nothing)."""
        from statewise_cli.actions.normalize import keyword_risk, max_risk

        req = self.request
        if req is None:
            req = self._parse_quietly()
        if req is not None:
            try:
                # The actions the check already read (the deadline may have passed after them); reading
                # them again here runs without a deadline, so only when nothing was read yet.
                done = next(iter(self.normalized.values()), None)
                actions = list(done) if done is not None else self._actions(req, None)
                risk = max_risk(actions)
                if risk not in ("destructive", "remote") and any(a.operation == "pkg.install" for a in actions):
                    # A package install is a promise too (the manager check), which a check that did not
                    # finish cannot keep. (statewise's own mutating commands are destructive already.)
                    return req.event, "install"
                return req.event, risk
            except Exception:  # noqa: BLE001 - the failure path must not fail
                return req.event, keyword_risk(req.command or "")
        text = self.raw[:200_000].decode("utf-8", "replace")
        event = None
        for name in ("PreToolUse", "PostToolUseFailure", "PostToolUse", "UserPromptSubmit", "SessionStart", "Stop"):
            if f'"{name}"' in text:
                event = name
                break
        if event is None:
            # No event can be read (not JSON, no event name): if the text reads as a destructive or remote
            # command it may be the PreToolUse it looks like, and the guard answers it as one.
            risk = keyword_risk(text)
            return ("PreToolUse", risk) if risk in ("destructive", "remote") else (None, "read-only")
        return event, keyword_risk(text) if event == "PreToolUse" else "read-only"

    def _parse_quietly(self) -> HookRequest | None:
        """The payload as a request when the failure came before :meth:`decide` parsed it (a bad deadline or
        config): the failure policy then judges the call itself, not the words of its raw text."""
        from statewise_cli.agents import adapter, detect

        try:
            payload = json.loads(self.raw)
            if not isinstance(payload, dict):
                return None
            return adapter(self.agent or detect(payload)).parse(payload)
        except Exception:  # noqa: BLE001 - the failure path must not fail: fall back to the raw text
            return None

    def _write_log(self, exc: BaseException, code: str) -> str | None:
        import traceback

        try:
            directory = config.log_dir(self.env)
            os.makedirs(directory, exist_ok=True)
            path = os.path.join(directory, f"hook-{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}.log")
            from statewise_cli.store.redact import redact

            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with open(fd, "w", encoding="utf-8") as fh:
                fh.write(f"statewise hook incident: {code}\n\n")
                fh.write(redact("".join(traceback.format_exception(exc))))
                fh.write("\n--- raw payload (secrets redacted) ---\n")
                fh.write(redact(self.raw.decode("utf-8", "replace")))
            return path
        except OSError:
            return None

    def _incident(self, code: str, message: str, policy: str, log_path: str | None, event: str | None) -> None:
        from statewise_cli.fast.sha256 import sha256

        fields = {
            "agent": self.agent, "event": event, "kind": code, "message": message[:2000], "policy": policy,
            "log_path": log_path, "payload_digest": sha256(self.raw).hexdigest(),
        }
        if self.store is not None:
            try:
                self.store.set_busy_timeout(200)  # never wait long on the failure path
                self.store.add_incident(**fields)
                return
            except Exception:  # noqa: BLE001, S110 - fall through to the file ledger below
                pass
        append_incident_file(self.env, {**fields, "at": time.time(), "store": getattr(self.store, "path", None)})


def append_incident_file(env: Mapping[str, str], entry: dict[str, Any]) -> None:
    """The ledger of last resort, for when no store can be written. ``doctor`` reads it."""
    if isinstance(entry.get("message"), str):
        from statewise_cli.store.redact import redact

        entry["message"] = redact(entry["message"])
    try:
        directory = config.state_home(env)
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, "incidents.jsonl"), "a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry) + "\n")
    except OSError as exc:
        sys.stderr.write(f"statewise: could not record incident {entry.get('kind')}: {exc}\n")


def _nearest_existing(path: str) -> str:
    """A cwd that was deleted still belongs to the repository around it."""
    path = os.path.abspath(path)
    while not os.path.isdir(path):
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    return path


def _truncate(value: Any, limit: int = 2000) -> Any:
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit] + f"… [{len(value) - limit} more chars]"
    if isinstance(value, dict):
        return {k: _truncate(v, limit) for k, v in value.items()}
    if isinstance(value, list):
        return [_truncate(v, limit) for v in value[:50]]
    return value


_deadline_hit = [False]
_signalled = [0]
_CAUGHT = ("SIGTERM", "SIGINT", "SIGHUP")


class HookInterrupted(BaseException):
    """SIGTERM/SIGINT/SIGHUP mid-call: a BaseException, so no ``except Exception`` in the library
    swallows it; the guard turns it into the failure policy's answer."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def message(self) -> str:
        names = {getattr(signal, n, None): n for n in _CAUGHT}
        return f"the hook was interrupted by {names.get(self.signum, f'signal {self.signum}')} before it could check the call"


def _on_signal(signum: int, frame: Any) -> None:
    # Once: the failure path that follows must not be interrupted in its turn.
    _ignore_signals()
    _signalled[0] = signum  # remembered too: a callback the interpreter swallows must not lose it
    raise HookInterrupted(signum)


def _catch_signals(previous: list[tuple[int, Any]]) -> None:
    """Turn SIGTERM/SIGINT/SIGHUP into :class:`HookInterrupted`; ``previous`` gets the handlers to restore."""
    _signalled[0] = 0
    try:
        for name in _CAUGHT:
            number = getattr(signal, name, None)
            if number is not None:
                previous.append((number, signal.signal(number, _on_signal)))
    except (ValueError, OSError):  # not the main thread (an embedding caller): no handlers
        pass


def _ignore_signals() -> None:
    try:
        for name in _CAUGHT:
            number = getattr(signal, name, None)
            if number is not None:
                signal.signal(number, signal.SIG_IGN)
    except (ValueError, OSError):
        pass


def _restore_signals(previous: list[tuple[int, Any]]) -> None:
    try:
        for number, handler in previous:
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
    except (ValueError, OSError):
        pass


def _on_alarm(signum: int, frame: Any) -> None:
    # Remembered as well as raised: an exception raised inside a callback the interpreter
    # swallows (an import lock's weakref callback, a __del__) must not let the hook carry on.
    _deadline_hit[0] = True
    raise DeadlineExceeded("the hook passed its internal deadline")


def _unraisable(info: Any) -> None:
    # The deadline raised inside a callback the interpreter swallows is remembered by _on_alarm
    # and handled by the failure policy; printing it as "Exception ignored … Traceback" would
    # only put noise on the agent's stderr.
    if not isinstance(info.exc_value, DeadlineExceeded):
        sys.__unraisablehook__(info)


HOOK_HELP = """Usage: statewise hook [--agent claude|codex]

Answer one hook call: the agent writes its JSON payload on stdin, statewise
writes the agent's JSON reply on stdout. Claude Code and Codex run this on
every tool call; a person does not. Register it with `statewise install-hook`
(or the Claude Code plugin), see what it would decide with
`statewise explain --payload FILE`, and check it with `statewise doctor`.

Options:
  --agent claude|codex  The payload's protocol (default: detected from the
                        payload).
  -h, --help            Show this message and exit.
"""


def _agent_arg(argv: list[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--agent" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--agent="):
            return arg.split("=", 1)[1]
    return None


def main(
    argv: list[str],
    stdin: IO[bytes] | None = None,
    stdout: IO[str] | None = None,
    stderr: IO[str] | None = None,
    env: Mapping[str, str] | None = None,
    *,
    exiting: bool = False,
) -> int:
    """One hook call. ``exiting``: the caller ends the process right after (``os._exit``), so the
    store is left open rather than closed (see :meth:`Store.leave`)."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    env = env if env is not None else os.environ
    if "-h" in argv or "--help" in argv:
        stdout.write(HOOK_HELP)
        return 0
    try:
        human = stdin.isatty()
    except (AttributeError, ValueError, OSError):
        human = False
    if human:  # a terminal on stdin is a person, not an agent: nothing to wait for, nothing to record
        stderr.write(HOOK_HELP)
        return 2
    if config.disabled(env):
        return 0  # kill switch: no output, the agent's normal flow
    agent = _agent_arg(argv)
    unknown = agent not in (None, "claude", "codex")
    run = HookRun(b"", env, None if unknown else agent)
    previous: list[tuple[int, Any]] = []
    try:
        _catch_signals(previous)
        run.raw = stdin.read()
        if unknown:  # a usage error, answered under the failure policy: the payload is a real tool call
            from statewise_cli.errors import UsageError

            raise UsageError(f"statewise hook: unknown --agent {agent!r} (use claude or codex)")
        deadline = configured.deadline_seconds(env)
        sys.unraisablehook = _unraisable
        signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, deadline)
        try:
            decision = run.decide()
            if _signalled[0]:
                raise HookInterrupted(_signalled[0])
            if _deadline_hit[0]:
                raise DeadlineExceeded("the hook passed its internal deadline")
            try:
                run.record_decision(decision)
            except Exception as exc:  # noqa: BLE001 - the loss goes through the failure policy
                event, risk = run._sniff()
                if decision.kind == "allow" and event == "PreToolUse" and risk in HELD_ON_FAILURE:
                    # An unrecorded allow of a risky action is an internal failure like any other.
                    decision = run.fail(exc)
                else:
                    error = _sqlite_error(exc)
                    code = error.code if error else "internal-bug"
                    run._incident(code, f"decision not recorded: {exc}", "decision-kept", None, decision.event)
                    decision = decision.with_warning(f"statewise: could not record this decision ({code}); run `statewise doctor`.")
            if _signalled[0]:
                raise HookInterrupted(_signalled[0])
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except BaseException as exc:  # noqa: BLE001 - SIGTERM/SIGINT included: they get the policy's answer
        _ignore_signals()
        decision = run.fail(exc)
    _ignore_signals()  # the answer is decided: a late signal must not lose it
    try:
        return _reply(run, decision, stdout, stderr, exiting)
    finally:
        _restore_signals(previous)


def _reply(run: HookRun, decision: Decision, stdout: IO[str], stderr: IO[str], exiting: bool = False) -> int:
    from statewise_cli.agents import adapter

    try:
        out, err, code = adapter(run.agent or "claude").render(decision)
    except Exception as exc:  # noqa: BLE001
        stderr.write(f"statewise hook: could not render a reply: {exc}\n")
        return 0
    if run.store is not None:
        try:
            if exiting:
                run.store.leave()  # no checkpoint and WAL delete at close: the process ends next
            else:
                run.store.close()
        except Exception:  # noqa: BLE001, S110 - the reply is decided; closing cannot change it
            pass
    if out:
        stdout.write(out + "\n")
    if err:
        stderr.write(err)
    stdout.flush()
    return code
