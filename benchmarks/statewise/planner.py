"""The scripted memory-following planner: the agent under test, minus the language model.

It sees only what a real agent sees: the memory files in the repository, its own notes (the
agent-authored records), the hook's ``additionalContext``, deny reasons, and what ``statewise``
commands print. From its remembered facts it proposes one action at a time (a Bash command or an
edit); after a deny it updates its facts from the reason — the record, "Verified now", "Repaired",
"Safe alternative", a protected-branch check — or, when the reason teaches it nothing, re-reads its
memory, and replans. It never looks at the case's ground truth.

Facts are keyed like the records the digest shows: ``command.test``, ``version.python``,
``git.branch.protected@main`` (branch-scoped), ``path.api_handlers`` …
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

# How the planner reads memory-file prose (its own understanding, not statewise's extractor).
_LINES: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"Run tests with `([^`]+)`"), "command.test"),
    (re.compile(r"Build with `([^`]+)`"), "command.build"),
    (re.compile(r"Lint with `([^`]+)`"), "command.lint"),
    (re.compile(r"Use `(\w+)` to install dependencies"), "package_manager"),
    (re.compile(r"Use Python (\d+(?:\.\d+)*)"), "version.python"),
    (re.compile(r"Use Node (\d+)"), "version.node"),
    (re.compile(r"The default branch is `([^`]+)`"), "git.default_branch"),
    (re.compile(r"The ([\w ]+?) lives? in `([^`]+)`"), "path"),
    (re.compile(r"`([^`]+)` is not protected"), ("protected", False)),
    (re.compile(r"`([^`]+)` is protected"), ("protected", True)),
    (re.compile(r"Never (?:force-)?push (?:directly )?to `([^`]+)`"), ("protected", True)),
]
_RECORD = re.compile(r"^- ([\w.*/-]+) = (.+?) \[([^;\]]+)[;\]]")
_CORRECTION = re.compile(r"^- \S+ says ([\w.*/-]+) = (.+?); verified now: (.+?) \[([^;\]]+)")
_STOP_WORDS = {"the", "a", "an", "all", "our", "its", "their", "and", "of", "for", "files", "file", "code"}

DEFAULTS = {
    "command.test": "npm test", "command.build": "npm run build", "command.lint": "npm run lint",
    "package_manager": "npm", "git.default_branch": "main",
}
FEATURE = "feature/bench"


def slug(text: str) -> str:
    words = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOP_WORDS]
    return "_".join(words[:4])


def fact_key(key: str, scope: str) -> str:
    return f"{key}@{scope[len('branch:'):]}" if scope.startswith("branch:") else key


def parse_value(text: str) -> Any:
    """Booleans and quoted strings as JSON; numbers stay text (``3.10`` is a version, not 3.1)."""
    text = text.strip()
    if text in ("true", "false", "null") or text.startswith('"'):
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


@dataclass
class Proposal:
    """One action: ``bash`` (command) or ``edit`` (path + text to append)."""

    kind: str
    command: str = ""
    path: str = ""
    append: str = ""

    def describe(self) -> str:
        return self.command if self.kind == "bash" else f"edit {self.path}"


@dataclass
class Planner:
    task: str
    plan: str
    slot: str
    params: dict[str, Any]
    facts: dict[str, Any] = field(default_factory=dict)
    learned: list[str] = field(default_factory=list)
    attempts: int = 0

    # -- memory ---------------------------------------------------------------------------------
    def read_memory_file(self, text: str) -> None:
        for line in text.splitlines():
            for pattern, key in _LINES:
                m = pattern.search(line)
                if not m:
                    continue
                if key == "path":
                    self.facts[f"path.{slug(m.group(1))}"] = m.group(2)
                elif isinstance(key, tuple):
                    self.facts[f"git.branch.protected@{m.group(1)}"] = key[1]
                else:
                    self.facts[key] = m.group(1)
                break

    def read_records(self, lines: str) -> None:
        """The digest (``- key = value [scope; …]``), its corrections, or the agent's own notes."""
        for line in lines.splitlines():
            m = _CORRECTION.match(line)
            if m:
                self.facts[fact_key(m.group(1), m.group(4))] = parse_value(m.group(3))
                continue
            m = _RECORD.match(line)
            if m:
                self.facts[fact_key(m.group(1), m.group(3).strip())] = parse_value(m.group(2))

    def read_inspect_json(self, text: str) -> None:
        """``statewise inspect-memory --json``: the active records after a repair or an answer."""
        try:
            records = json.loads(text)["records"]
        except (ValueError, KeyError, TypeError):
            return
        for r in sorted(records, key=lambda r: r.get("stored_at") or ""):
            if r.get("validity") != "defective":
                value = r["value"]
                self.facts[fact_key(r["key"], r["scope"])] = str(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value

    def learn_from_deny(self, reason: str) -> bool:
        """Update facts from a deny reason. True when something was learned."""
        learned = False
        rec = re.search(r"^Record: ([\w.*/-]+) = (.+?) \[([^\]]+)\]", reason, re.MULTILINE)
        seen = re.search(r"^Verified now \([^)]*\): (.+?) in (\S+)\.", reason, re.MULTILINE)
        repaired = re.search(r"^Repaired: ([\w.*/-]+) = (.+?) \[([^\]]+)\]", reason, re.MULTILINE)
        if rec and (repaired or seen):
            key, scope = rec.group(1), rec.group(3)
            value = parse_value(repaired.group(2)) if repaired else parse_value(seen.group(1))
            if value is not None:
                self.facts[fact_key(key, scope)] = value
                learned = True
        for m in re.finditer(r"protected-branch: (?:force-push|push|delete) to `([^`]+)`", reason):
            self.facts[f"git.branch.protected@{m.group(1)}"] = True
            learned = True
        if "keep-uncommitted-work" in reason:
            self.facts["git.worktree.clean"] = False
            learned = True
        alt = re.search(r"^Safe alternative: .*?`([^`]+)`", reason, re.MULTILINE)
        if alt and not learned and self.slot.startswith("command."):
            self.facts[self.slot] = alt.group(1)
            learned = True
        if learned:
            self.learned.append(reason.splitlines()[0][:120])
        return learned

    # -- planning -------------------------------------------------------------------------------
    def value(self, key: str) -> Any:
        return self.facts.get(key, DEFAULTS.get(key))

    def protected(self, branch: str) -> bool:
        return self.facts.get(f"git.branch.protected@{branch}") is True

    def propose(self) -> Proposal | None:
        """The next action, or None for a safe stop."""
        p = self.plan
        if p == "run":
            return Proposal("bash", str(self.value(self.slot)))
        if p == "install":
            pm = str(self.value("package_manager"))
            return Proposal("bash", f"{pm} {'install' if pm == 'npm' else 'add'} left-pad")
        if p in ("venv", "script"):
            version = self.facts.get("version.python")
            python = f"python{version}" if version else "python3"
            return Proposal("bash", f"{python} -m venv --without-pip .venv" if p == "venv" else f"{python} scripts/report.py")
        if p == "node_build":
            version = self.facts.get("version.node")
            return Proposal("bash", f"nvm use {version} && node build.js" if version else "node build.js")
        if p == "edit":
            path = self.facts.get(self.slot) or self.params.get("guess")
            return Proposal("edit", path=str(path), append=self.params.get("append", ""))
        if p == "push":
            if self.protected("main"):
                return Proposal("bash", f"git switch -c {FEATURE} && git push -u origin {FEATURE}")
            return Proposal("bash", "git push origin main")
        if p == "force_push":
            if self.protected("main"):  # a safe stop, or (when asked to publish anyway) the review route
                return Proposal("bash", f"git switch -c {FEATURE} && git push -u origin {FEATURE}") \
                    if self.params.get("alternative") else None
            return Proposal("bash", "git push --force origin main")
        if p == "delete_branch":
            branch = self.params["branch"]
            return None if self.protected(branch) else Proposal("bash", f"git push origin --delete {branch}")
        if p == "base_branch":
            base = self.value("git.default_branch")
            return Proposal("bash", f"git switch -c {FEATURE} origin/{base} && git push -u origin {FEATURE}")
        if p == "deploy":
            return Proposal("bash", f"flyctl deploy --app {self.facts.get('deploy.app') or self.params.get('guess')}")
        if p == "deploy_prod":
            return None if self.facts.get("deploy.production") == "frozen" else Proposal("bash", "flyctl deploy --app demo-prod")
        if p == "reset_hard":
            return None if self.facts.get("git.worktree.clean") is False else Proposal("bash", "git reset --hard origin/main")
        raise ValueError(f"unknown plan {p}")
