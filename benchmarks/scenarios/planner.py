"""An agent-like, memory-following planner.

It reads text the way an agent would: the memory file (CLAUDE.md / AGENTS.md) and whatever the
agent is shown afterwards (a hook's additionalContext, a deny reason as the agent sees it, the output
of a command that failed). It looks for the fact's *topic* (e.g. "test", "node", "remote") and
adopts a value it finds there. It knows only generic things an agent knows: what a command, a
version, a branch name, a path or an environment variable looks like, which executables are
development tools, and ordinary English for "restricted" vs "permitted". It never looks for any
particular tool's wording or message template.

Rules (the same for every system):
* memory: the first topic unit that yields a value of the right kind sets the belief; for a policy
  ("gate") a topic unit without restrictive wording means "permitted"; nothing found -> the
  scenario's conventional prior (what an agent with no note would guess).
* later text: topic units are scanned in order; a unit naming the current belief and another value
  is read as a correction (the other value is adopted); otherwise a value different from the
  belief is adopted. Gate beliefs change only on explicit restrictive/permissive wording.
* after a deny or a failed command (up to 3 retries): replan from the updated belief; if the belief
  did not change, follow a concrete command named in that text (a development tool of the task's
  domain, no placeholders, not tried before); for an edit task, a file path named in that text (not
  tried before); otherwise stop.
"""

from __future__ import annotations

import re
from typing import Any

DEV_TOOLS = {
    "python", "python3", "pytest", "make", "nox", "tox", "npm", "pnpm", "yarn", "uv", "poetry", "pip", "pip3",
    "black", "ruff", "docker", "podman", "buf", "protoc", "go", "cargo", "rustup", "gradle", "mvn", "bun",
    "hatch", "pdm", "just", "npx", "node", "nvm", "flake8", "mypy", "git", "gh", "twine", "volta",
}
PM_WORDS = ["pnpm", "npm", "yarn", "poetry", "uv", "pipenv", "pip", "bun", "pdm", "hatch", "conda"]
BRANCH_WORDS = ["main", "master", "trunk", "develop"]
REMOTE_WORDS = ["origin", "upstream", "fork"]
MEMORY_FILE_NAMES = {"claude.md", "agents.md", "claude.local.md"}

RESTRICTIVE = re.compile(
    r"not allowed|no longer allowed|not permitted|must not|do not|don't|\bnever\b|frozen|\bfreeze\b(?!\s+(?:is\s+)?(?:lifted|over|ended))"
    r"|\bprotected\b|requires? (?:an? )?(?:approval|sign-?off|review)|needs? (?:the )?(?:[\w' ]+ )?(?:approval|sign-?off|review)"
    r"|\w+'s call|ask (?:the|@|\w+ before|first)|ask first|\bapproval\b|sign-?off|blocked|rejected|prohibited|forbidden"
    r"|only (?:the )?release manager|only (?:through|via) (?:a )?pull request|no direct|always open a pull request", re.IGNORECASE)
PERMISSIVE = re.compile(
    r"not protected|unprotected|isn't protected|no (?:branch )?protection|no longer (?:protected|frozen|required|needed)"
    r"|lifted|is over|without (?:asking|approval|sign-?off)|no need to ask|no (?:approval|sign-?off) (?:is )?needed"
    r"|\bapproved\b|free to|freely|go ahead|is fine|are fine|fine to|fine without|ok to|okay to|(?<!not )(?<!no longer )\ballowed\b"
    r"|straight to", re.IGNORECASE)
# "..." is an ellipsis placeholder, except right after a slash: Go's package pattern (`go test ./...`, `./api/...`)
PLACEHOLDER = re.compile(r"<[^>]*>|(?<!/)\.\.\.|…|\bX\.Y|\{[^}]*\}|\bNAME\b|\bBRANCH\b")
VERSION_SHAPE = {"node": r"^\d{2}(\.\d+){0,2}$", "python": r"^3\.\d{1,2}$", "rust": r"^1\.\d{2}(\.\d+)?$"}


# ------------------------------------------------------------------------------------- reading text
def markdown_units(text: str) -> list[str]:
    """Units an agent reads as one statement: a line with its list ancestors, a table row with its
    header, or a whole fenced code block."""
    units: list[str] = []
    stack: list[tuple[int, str]] = []
    header = ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("```"):
            block = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                block.append(lines[i])
                i += 1
            units.append("\n".join(block))
            i += 1
            continue
        s = line.strip()
        if not s:
            stack = []
            i += 1
            continue
        if s.startswith("|"):
            if re.fullmatch(r"\|[\s|:-]+\|?", s):
                i += 1
                continue
            if not header:
                header = s
                i += 1
                continue
            units.append(header + " " + s)
            i += 1
            continue
        header = ""
        m = re.match(r"^(\s*)([-*+]|\d+\.)\s+(.*)$", line)
        if m:
            indent = len(m.group(1))
            while stack and stack[-1][0] >= indent:
                stack.pop()
            units.append(" > ".join([t for _, t in stack] + [m.group(3)]))
            stack.append((indent, m.group(3)))
        else:
            stack = []
            units.append(s)
        i += 1
    return units


def plain_units(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def has_topic(unit: str, topic: list[str]) -> bool:
    low = unit.lower()
    return any(t in low for t in topic)


def code_spans(unit: str) -> list[str]:
    spans = re.findall(r"`([^`\n]+)`", unit)
    if "`" not in unit and "\n" in unit:  # a fenced block: every non-comment line is code
        spans = [ln.strip() for ln in unit.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    return [s.strip() for s in spans]


def _first_word(cmd: str) -> str:
    words = cmd.split()
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=\S*", words[0]):
        words = words[1:]
    return words[0] if words else ""


def candidates(unit: str, kind: str, topic: list[str], vocab: frozenset[str] = frozenset()) -> list[str]:
    """Values of ``kind`` in one unit, in order of appearance. ``vocab``: words a scenario adds to what the
    agent knows (executables, remote names, file names); empty for the first scenario set."""
    found: list[tuple[int, str]] = []
    if kind == "cmd":
        for s in code_spans(unit):
            if _first_word(s) in (DEV_TOOLS | vocab) and not PLACEHOLDER.search(s):
                found.append((unit.find(s), s))
    elif kind == "pm":
        for m in re.finditer(r"(?<![\w-])(" + "|".join(PM_WORDS) + r")(?![\w-])", unit):
            found.append((m.start(), m.group(1)))
    elif kind == "version":
        shape = next((v for k, v in VERSION_SHAPE.items() if k in topic), r"^\d+(\.\d+)*$")
        for m in re.finditer(r"(?:(?<=python)|(?<=node)|(?<![\w.:/-]))v?(\d+(?:\.\d+){0,2})(?![\w/-]|\.\d)", unit):
            if re.match(shape, m.group(1)):
                found.append((m.start(), m.group(1)))
    elif kind == "name":
        words = (REMOTE_WORDS if "remote" in topic else BRANCH_WORDS) + sorted(w for w in vocab if re.fullmatch(r"[A-Za-z][\w-]*", w))
        for s in re.findall(r"`([^`\s]+)`", unit):
            t = re.sub(r"^(refs/heads/|refs/remotes/[\w-]+/|origin/|upstream/)", "", s)
            if re.fullmatch(r"[A-Za-z][\w./-]*", t) and "." not in t and _first_word(t) not in DEV_TOOLS:
                found.append((unit.find(s), t))
        for m in re.finditer(r"(?<![\w/.-])(?:refs/heads/|refs/remotes/\w+/|origin/|upstream/)?(" + "|".join(words) + r")(?![\w-])", unit):
            found.append((m.start(1), m.group(1)))
        for m in re.finditer(r"(?<![\w@/.-])(@[a-z0-9][\w.-]*/[a-z0-9][\w-]*(?:\.[\w-]+)*)", unit):  # scoped npm package names
            found = [(i, t) for i, t in found if not (m.start() <= i < m.end())]
            found.append((m.start(), m.group(1)))
        if "remote" in topic:
            found = [(i, t) for i, t in found if "/" not in t]
        else:
            found = [(i, t) for i, t in found if t not in REMOTE_WORDS]
    elif kind == "path":
        for m in re.finditer(r"(?<![\w/.-])(\.?[\w-]+(?:/[\w.-]+)+/?|\.?[\w-]*\.(?:py|toml|cfg|yml|yaml|json|ini|md|txt|lock|sql)|\.[\w-]+)(?![\w/-])", unit):
            p = m.group(1).rstrip("/")
            if p.lower() in MEMORY_FILE_NAMES or p.startswith(("http", "./")) or p in (".", ".."):
                continue
            if re.fullmatch(r"\.\w+", p) and p not in (".flake8", ".nvmrc", ".env", ".gitignore"):
                continue
            if re.fullmatch(r"[\w-]+\.md", p) and p.upper() == p:
                continue
            found.append((m.start(), p))
        for s in re.findall(r"`([^`\s]+)`", unit):
            if "/" not in s and "." not in s and not s.isupper() and _first_word(s) not in DEV_TOOLS:
                found.append((unit.find(s), s.rstrip("/")))
        for w in vocab:  # file names of the scenario's tools the generic shape misses (eslint.config.js)
            if "." in w or "/" in w:
                for m in re.finditer(r"(?<![\w/.-])" + re.escape(w) + r"(?![\w/-])", unit):
                    found = [(i, t) for i, t in found if not (m.start() <= i < m.end())]
                    found.append((m.start(), w))
    elif kind == "envvar":
        for m in re.finditer(r"(?<![\w$])([A-Z][A-Z0-9]*_[A-Z0-9_]+)(?![\w])", unit):
            found.append((m.start(), m.group(1)))
    found.sort(key=lambda x: x[0])
    out: list[str] = []
    for _, v in found:
        if v not in out:
            out.append(v)
    return out


def gate_of(unit: str) -> bool | None:
    """True: restricted, False: permitted, None: the unit says neither."""
    for m in PERMISSIVE.finditer(unit):
        before = unit[max(0, m.start() - 12):m.start()].lower()
        if "not " in before or "no longer" in before:
            continue
        return False
    if RESTRICTIVE.search(unit):
        return True
    return None


# ------------------------------------------------------------------------------------------ planner
class Planner:
    def __init__(self, scenario: Any, max_retries: int = 3):
        self.s = scenario
        self.belief: Any = None
        self.known = False
        self.max_retries = max_retries
        self.tried: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.vocab: frozenset[str] = frozenset(getattr(scenario, "vocab", ()))

    # -- reading
    def read_memory(self, text: str) -> None:
        s = self.s
        saw_topic = False
        for unit in markdown_units(text):
            if not has_topic(unit, s.topic):
                continue
            if s.kind == "gate":
                g = gate_of(unit)
                if g is None:
                    saw_topic = True
                    continue
                self.belief, self.known = g, True
                self.notes.append(f"memory: gate={self.belief} from {unit[:80]!r}")
                return
            c = candidates(unit, s.kind, s.topic, self.vocab)
            if c:
                self.belief, self.known = c[0], True
                self.notes.append(f"memory: {c[0]!r}")
                return
        if s.kind == "gate" and saw_topic:  # the note mentions it with no restriction: permitted
            self.belief, self.known = False, True
            self.notes.append("memory: gate=False (mentioned without restriction)")
            return
        self.belief, self.known = s.prior, False
        self.notes.append(f"memory: nothing on the topic; prior {s.prior!r}")

    def read_text(self, text: str) -> bool:
        """Update the belief from text shown to the agent; True when it changed."""
        if not text:
            return False
        s = self.s
        for unit in plain_units(text):
            if not has_topic(unit, s.topic):
                continue
            if s.kind == "gate":
                g = gate_of(unit)
                if g is not None and g != self.belief:
                    self.notes.append(f"text: gate {self.belief}->{g} from {unit[:100]!r}")
                    self.belief, self.known = g, True
                    return True
                if g is not None:
                    return False
                continue
            c = candidates(unit, s.kind, s.topic, self.vocab)
            if not c:
                continue
            new = None
            if self.belief in c and len(c) > 1:
                idx = c.index(self.belief)
                after = [v for v in c[idx + 1:] if v != self.belief]
                new = after[0] if after else next(v for v in c if v != self.belief)
            elif self.belief not in c:
                new = c[0]
            if new is not None and new != self.belief:
                self.notes.append(f"text: {self.belief!r}->{new!r} from {unit[:100]!r}")
                self.belief, self.known = new, True
                return True
            return False
        return False

    # -- acting
    def domain(self, task: Any) -> set[str]:
        words = set(self.s.domain)
        for v in (self.s.stale, self.s.true, self.s.prior):
            a = task.action(v)
            if a and a["kind"] == "bash":
                words.add(_first_word(a["cmd"]))
        return words

    def propose(self, task: Any) -> dict[str, Any] | None:
        a = task.action(self.belief)
        if a is not None:
            self.tried.append(a)
        return a

    def replan(self, task: Any, text: str) -> dict[str, Any] | None:
        """After a deny or a failure: a new action, or None to stop."""
        if len(self.tried) > self.max_retries:
            self.notes.append("retry budget spent")
            return None
        if self.read_text(text):
            a = task.action(self.belief)
            if a is None:
                self.notes.append("replan: stop (restricted)")
                return None
            if a not in self.tried:
                self.tried.append(a)
                return a
        dom = self.domain(task)
        for unit in plain_units(text):
            for span in re.findall(r"`([^`\n]+)`", unit) + re.findall(r"^\$ (.+)$", unit):
                span = span.strip()
                if _first_word(span) in dom and not PLACEHOLDER.search(span):
                    a = {"kind": "bash", "cmd": span}
                    if a not in self.tried:
                        self.notes.append(f"replan: follow named command {span!r}")
                        self.tried.append(a)
                        return a
        if self.s.kind == "path":  # an edit task: a file the text names, not tried before
            for unit in plain_units(text):
                for v in candidates(unit, "path", self.s.topic, self.vocab):
                    a = task.action(v)
                    if a is not None and a not in self.tried:
                        self.notes.append(f"replan: follow named path {v!r}")
                        self.tried.append(a)
                        return a
        self.notes.append("replan: nothing to go on, stop")
        return None
