"""``statewise explain``: the hook's whole trace for one payload, with no side effects.

Normalized actions, attribution candidates with their counterfactual evidence,
resolutions, the repairs that *would* be made, the state–action checks and the
decision. Nothing is written: resolution runs in dry-run mode and a repository
without a store is explained against an empty, throw-away one.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Mapping
from typing import Any

from statewise_cli.agents import adapter, detect
from statewise_cli.config import paths as config
from statewise_cli.config import settings as configured
from statewise_cli.errors import PayloadError
from statewise_cli.repo import find_repo
from statewise_cli.store.db import STORE_FILENAME, Store


def explain_payload(raw: str, agent: str | None, env: Mapping[str, str]) -> dict[str, Any]:
    try:
        payload = json.loads(raw)
    except ValueError as exc:
        raise PayloadError(f"the payload is not JSON: {exc}") from None
    if not isinstance(payload, dict):
        raise PayloadError("the payload must be a JSON object")
    agent = agent or detect(payload)
    req = adapter(agent).parse(payload)
    repo = find_repo(req.cwd) if os.path.isdir(req.cwd) else None
    settings = configured.load(repo.root if repo else None, env)
    from statewise_cli.hook.entry import HookRun

    actions = HookRun._actions(req, repo.branch if repo else None)
    result: dict[str, Any] = {"agent": agent, "event": req.event, "actions": [a.to_json() for a in actions]}
    path = os.path.join(repo.store_dir, STORE_FILENAME) if repo else config.global_store_path(env)
    scratch = None
    if not os.path.exists(path):
        scratch = tempfile.mkdtemp(prefix="statewise-explain-")
        path = os.path.join(scratch, STORE_FILENAME)
    result["store"] = path if scratch is None else "(none yet)"
    try:
        if req.event != "PreToolUse":
            result.update(decision="allow", why=f"{req.event} is not gated by the pre-action check", trace=None)
            return result
        from statewise_cli.actions.normalize import max_risk

        if max_risk(actions) == "read-only":
            result.update(decision="allow", why="read-only actions take the fast path", trace=None)
            return result
        from statewise_cli.recovery.pipeline import evaluate

        with Store.open(path, repo) as store:
            trace = evaluate(store, actions, env, settings, req.cwd, dry_run=True)
        result["trace"] = trace.to_json()
        result["decision"] = trace.decision if not (trace.decision == "ask" and agent == "codex") else "deny"
        return result
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
