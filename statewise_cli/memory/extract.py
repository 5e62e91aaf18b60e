"""Deterministic extraction of operational facts from agent memory files.

CLAUDE.md / AGENTS.md are prose for models, written by people. The extractors
walk the Markdown once — headings, fenced code blocks, inline code spans — and
pull out the facts an agent acts on: test/build/lint/format/typecheck/run/install
commands, the package manager, language versions, the default and protected
branches, where named components live, required environment variables, and git
workflow policies (developer intent). Every fact keeps the line it came from.
"""

from __future__ import annotations

import re
from typing import Any

from statewise_cli.actions.commands import command_kind, looks_like_command
from statewise_cli.fast.struct import Struct

COMMAND_KINDS = ("test", "build", "lint", "format", "typecheck", "dev", "run", "install")
# Keys outside the core vocabulary that extraction claims (a scorer counts them only then).
CLAIMED_VERSIONS = ("python", "node", "go", "rust", "ruby", "java", "php")
CLAIMED_MANAGERS = ("npm", "pnpm", "yarn", "bun", "uv", "poetry", "pdm", "pipenv", "pip", "cargo")

# Words that say which task a command does, checked against the line, the comment,
# the prose before a code block and the heading (nearest first).
_KIND_WORDS: list[tuple[str, re.Pattern[str]]] = [
    ("typecheck", re.compile(r"\b(type[- ]?check(s|ing)?|typing|mypy|pyright|tsc)\b", re.IGNORECASE)),
    ("lint", re.compile(r"\b(lint(s|er|ing)?|static analysis|clippy|eslint|ruff check|flake8|pylint|golangci)\b", re.IGNORECASE)),
    ("format", re.compile(r"\b(format(s|ter|ting)?|fmt|prettier|black)\b", re.IGNORECASE)),
    ("test", re.compile(r"\b(tests?|testing|unit[- ]tests?|test suite|pytest|jest|vitest|spec)\b", re.IGNORECASE)),
    ("build", re.compile(r"\b(build(s|ing)?|compil(e|es|ing)|bundle)\b", re.IGNORECASE)),
    ("install", re.compile(r"\b(install(s|ing|ation)?|set ?up|setup|bootstrap|dependencies)\b", re.IGNORECASE)),
    ("dev", re.compile(r"\b(dev server|development server|dev mode|watch mode|start the (app|server))\b", re.IGNORECASE)),
    ("run", re.compile(r"\b(run the (app|application|server|cli|project)|start(s|ing)?|serve)\b", re.IGNORECASE)),
]

_VERSION = re.compile(
    r"\b(?P<lang>Python|Node(?:\.js|JS)?|Go(?:lang)?|Rust|Ruby|Java|PHP)\s*(?:version\s*)?"
    r"(?P<op>>=|≥|\^|~|v|version|\s)*\s*(?P<ver>\d+(?:\.\d+){0,2})(?P<plus>\+|\s*or (?:newer|later|higher|above))?",
    re.IGNORECASE,
)
_PM_WORDS = ("npm", "pnpm", "yarn", "bun", "uv", "poetry", "pdm", "pipenv", "pip", "cargo")
_PM_USE = re.compile(
    r"\b(?:use|uses|using|we use|prefer|managed (?:with|by)|package manager(?: is|:)?|always use|only use)\s+`?(?P<pm>npm|pnpm|yarn|bun|uv|poetry|pdm|pipenv|pip)`?\b"
    r"|`?(?P<pm2>npm|pnpm|yarn|bun|uv|poetry|pdm|pipenv)`?\s+(?:is (?:the|our) package manager|not (?:npm|yarn|pip|pnpm))\b"
    r"|\b(?:not|never|don't use|do not use|instead of)\s+`?(?:npm|yarn|pip|pnpm|poetry)`?[^.;\n]{0,20}?\buse\s+`?(?P<pm3>npm|pnpm|yarn|bun|uv|poetry|pdm)`?",
    re.IGNORECASE,
)
_BRANCH = r"`?(?P<branch>main|master|develop|development|trunk|release(?:/[\w.*-]+)?|prod(?:uction)?)`?"
_NO_PUSH = re.compile(
    r"\b(never|don'?t|do not|must not|mustn't|should not|shouldn't|avoid|no)\b[^.\n]{0,40}?\b(push(?:ing)?|commit(?:ting)?|merg(?:e|ing)|force[- ]push(?:ing)?)\b[^.\n]{0,30}?\b(?:directly\s+)?(?:to|into|on)\s+(?:the\s+)?" + _BRANCH,
    re.IGNORECASE,
)
_PROTECTED = re.compile(_BRANCH + r"\s+(?:branch\s+)?is\s+(?P<neg>not\s+|un)?protected", re.IGNORECASE)
_DEFAULT_BRANCH = re.compile(
    r"\b(?:default|base|main|primary|integration|target)\s+branch\s*(?:is|:|=|-)?\s*(?:the\s+)?`(?P<b1>[\w./-]+)`"
    r"|\b(?:default|base|main|primary)\s+branch\s*(?:is|:|=)\s*(?:the\s+)?(?P<b2>main|master|develop|trunk)\b"
    r"|\b(?:PRs?|pull requests?|merge requests?)\s+(?:should\s+|must\s+)?(?:target|go (?:in)?to|against|into)\s+(?:the\s+)?`?(?P<b3>main|master|develop|trunk|dev)`?\b",
    re.IGNORECASE,
)
# A git/PR/release workflow rule: a workflow noun and a directive in one sentence.
_WORKFLOW = re.compile(
    r"\b(commit(?:s|ted|ting)?|pull requests?|PRs?|merg(?:e|es|ed|ing)|push(?:es|ed|ing)?|releas(?:e|es|ing)|rebas(?:e|ing)|"
    r"squash(?:ed|ing)?|version bumps?|bump(?:ing)? the version|coverage|CI jobs?|changelog|lock ?file|conventional commits?|sign[- ]off)\b",
    re.IGNORECASE,
)
_DIRECTIVE = re.compile(
    r"\b(always|must|should|never|do not|don'?t|avoid|before|ensure|keep|include|follow|only|required?|cannot|can'?t|"
    r"prefer|make sure|remember to|is acceptable only)\b|^(use|run|create|add|write|merge|promote|open|commit|squash|rebase|push|"
    r"execute|follow|keep|include|avoid|do|never)\b",
    re.IGNORECASE,
)
_PATH_SENTENCE = re.compile(
    r"(?P<what>[A-Za-z][\w /-]{2,60}?)\s+(?:lives?|are|is|resides?|sits?|can be found|are located|is located|are defined|is defined|are kept|is kept)\s+(?:in|under|at|inside)\s+`(?P<path>[\w./@*-]+/?)`",
    re.IGNORECASE,
)
_PATH_ITEM = re.compile(r"^\s*[-*+]\s+\*{0,2}`(?P<path>[\w.@*<>-]+(?:/[\w.@*<>-]*)+/?)`\*{0,2}\s*(?:[-–—:]|\s-\s)\s*(?P<what>[^.\n]{3,80})")
_PATH_NAMED = re.compile(r"^\s*[-*+]\s+\*\*(?P<what>[^*]{2,50})\*\*\s*\((?P<paths>`[^`]+`(?:\s*,\s*`[^`]+`)*)\)")
_ENV = re.compile(
    r"\b(?i:set|export|define|requires?|needs?|must set|environment variables?|env vars?|env)\b[^.\n]{0,40}?`(?P<name>[A-Z][A-Z0-9_]{2,})`"
    r"|`(?P<name2>[A-Z][A-Z0-9_]{2,})`\s+(?:must|needs to|should)\s+be\s+set"
    r"|^\s*export\s+(?P<name3>[A-Z][A-Z0-9_]{2,})=",
)
_INLINE_CODE = re.compile(r"`([^`\n]+)`")
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)")
_SHELL_LANGS = {"", "bash", "sh", "shell", "console", "zsh", "shellsession", "terminal", "cmd", "powershell", "ps1", "text", "txt"}


_FETCH = r"(?:curl|wget|fetch|aria2c|http|https|xh|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)"
_INTERP = r"(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:sh|bash|zsh|dash|ksh|fish|source|python[\d.]*|perl|ruby|node|php|iex|Invoke-Expression)"
# A command that downloads code and runs it: never a fact an agent is told to run.
_DOWNLOAD_EXEC = re.compile(
    rf"\b{_FETCH}\b[^|;&]*\|\s*{_INTERP}\b"                       # curl … | sh
    rf"|(?:^|[\s;&|(]){_INTERP}\s+(?:-\S+\s+)*<\(\s*{_FETCH}\b"     # bash <(curl …)
    rf"|\b(?:eval|{_INTERP})\b[^;&|]*?(?:\$\(|`)\s*{_FETCH}\b"        # eval "$(curl …)", sh -c "$(wget …)"
    rf"|\b(?:iex|Invoke-Expression)\b[^;&|]*\b{_FETCH}\b"             # iex (iwr …)
    rf"|\b{_FETCH}\b[^;&|]*\s-(?:o|O|-output)\s*(?P<file>\S+)[^;&|]*(?:&&|;)\s*(?:chmod\s+\+x\s+\S+\s*(?:&&|;)\s*)?"
    rf"(?:{_INTERP}\s+)?(?P=file)?(?:\./)?\S*\.(?:sh|py|pl|rb)\b",     # curl -o x.sh … && sh x.sh
    re.IGNORECASE,
)


def unsafe_command(command: str) -> str | None:
    """Why ``command`` must never be handed to an agent as a fact, or None.

    Downloading code and running it (``curl … | sh``, ``bash <(curl …)``, ``eval "$(curl …)"``,
    ``iex (iwr …)``) is not a project command whatever the prose around it says: a memory file
    that says so is either wrong or an attempt to make the agent run someone else's code.
    """
    lowered = command.lower()
    if not any(word in lowered for word in ("curl", "wget", "fetch", "aria2c", "http", "xh ", "iwr", "irm", "invoke-")):
        return None  # the cheap screen: no downloader named, no pattern run
    if _DOWNLOAD_EXEC.search(command):
        return "downloads code and runs it"
    return None


class Rejected(Struct):
    """A command a memory file states that extraction refused to turn into a fact."""

    line: int
    command: str
    reason: str
    text: str


class Fact(Struct):
    key: str
    value: Any
    type: str
    line: int
    text: str  # the source line, for messages and for detecting edits
    scope: str = "repository"
    authority: str = "document"


class Facts(list[Fact]):
    """The facts of one file (a list), with the commands refused on the way in ``rejected``."""

    def __init__(self) -> None:
        super().__init__()
        self.rejected: list[Rejected] = []


def _slug(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    stop = {"the", "a", "an", "all", "our", "its", "their", "and", "of", "for", "files", "file", "code", "live", "lives"}
    kept = [w for w in words if w not in stop][:4]
    return "_".join(kept)


def context_kind(text: str) -> str | None:
    for kind, pattern in _KIND_WORDS:
        if pattern.search(text):
            return kind
    return None


def _clean_command(text: str) -> str:
    text = text.strip()
    text = text.removeprefix("$ ")
    if " #" in text:
        text = text.split(" #", 1)[0].rstrip()
    return text.strip()


def _classify(command: str, contexts: list[str]) -> str | None:
    by_command = command_kind(command)
    by_context = next((k for k in (context_kind(c) for c in contexts if c) if k), None)
    if by_command and by_context and by_command != by_context:
        # "Run `pytest` before you build" - the command's own meaning wins,
        # except for generic runners whose meaning the prose gives.
        generic = command.split()[0] in ("make", "just", "task", "npx", "uv", "poetry", "docker") and by_command in ("build", "run")
        return by_context if generic else by_command
    return by_command or by_context


def extract(text: str) -> Facts:
    """Every fact in one memory file, in line order (``.rejected``: the unsafe commands left out)."""
    facts = Facts()
    lines = text.splitlines()
    heading = ""
    prose_before = ""
    in_fence = False
    fence_lang = ""
    fence_marker = ""
    block_comment = ""
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        fence = _FENCE.match(line)
        if fence and (not in_fence or fence.group(1).startswith(fence_marker[:3])):
            if not in_fence:
                in_fence, fence_marker, fence_lang, block_comment = True, fence.group(1), fence.group(2).lower(), ""
            else:
                in_fence = False
            continue
        if in_fence:
            if fence_lang not in _SHELL_LANGS:
                continue
            stripped = line.strip()
            if stripped.startswith("#"):
                block_comment = stripped.lstrip("# ")
                continue
            command = _clean_command(stripped)
            if looks_like_command(command):
                reason = unsafe_command(command)
                if reason:
                    facts.rejected.append(Rejected(number, command, reason, stripped))
                    continue
                comment = stripped.split(" #", 1)[1] if " #" in stripped else ""
                kind = _classify(command, [comment, block_comment, prose_before, heading])
                if kind:
                    facts.append(Fact(f"command.{kind}", command, "command", line=number, text=stripped))
            continue
        stripped = line.strip()
        if stripped.startswith("#"):
            heading = stripped.lstrip("# ").strip()
            prose_before = ""
            continue
        if not stripped:
            continue
        facts.extend(_prose_facts(stripped, number, heading, facts.rejected))
        prose_before = stripped
    return facts


def _prose_facts(line: str, number: int, heading: str, rejected: list[Rejected] | None = None) -> list[Fact]:
    found: list[Fact] = []
    match: re.Match[str] | None
    plain = line.replace("**", "")
    for span in _INLINE_CODE.findall(line):
        command = _clean_command(span)
        if looks_like_command(command):
            reason = unsafe_command(command)
            if reason:
                if rejected is not None:
                    rejected.append(Rejected(number, command, reason, line))
                continue
            before = plain.split(f"`{span}`")[0]
            kind = _classify(command, [before[-80:], plain, heading])
            if kind:
                found.append(Fact(f"command.{kind}", command, "command", line=number, text=line))
    for match in _NO_PUSH.finditer(plain):
        branch = match.group("branch")
        found.append(Fact("git.branch.protected", True, "branch_policy", scope=f"branch:{branch}",
                          line=number, authority="developer", text=line))
    for match in _PROTECTED.finditer(plain):
        found.append(Fact("git.branch.protected", not match.group("neg"), "branch_policy",
                          scope=f"branch:{match.group('branch')}", line=number, text=line))
    match = _DEFAULT_BRANCH.search(plain)
    if match:
        branch = match.group("b1") or match.group("b2") or match.group("b3")
        found.append(Fact("git.default_branch", branch, "branch_policy", line=number, text=line))
    item = re.sub(r"^(\d+[.)]|[-*+])\s+", "", plain.strip())
    if not item.endswith(":") or _WORKFLOW.search(item):
        for clause in re.split(r"(?<=[.;!])\s+", item):
            clause = clause.strip()
            if not clause or clause.endswith((":", ",")) or clause[0].islower():
                continue  # a heading for a list, or the middle of a wrapped sentence
            workflow = _WORKFLOW.search(clause)
            if workflow and workflow.group(1).lower() == "coverage" and not re.search(r"\b(must|required|should|never|always)\b", clause, re.IGNORECASE):
                continue
            if workflow and _DIRECTIVE.search(clause):
                sentence = clause.strip()[:200]
                found.append(Fact(f"policy.{_slug(sentence)}", sentence, "intent", line=number, authority="developer", text=line))
                break
    match = _PM_USE.search(plain)
    if match:
        pm = (match.group("pm") or match.group("pm2") or match.group("pm3")).lower()
        found.append(Fact("package_manager", pm, "package_manager", line=number, text=line))
    for match in _VERSION.finditer(plain):
        lang = match.group("lang").lower()
        lang = {"node.js": "node", "nodejs": "node", "golang": "go"}.get(lang, lang)
        version = match.group("ver")
        if lang == "python" and version in ("2", "3") or "." not in version and lang in ("python", "go"):
            continue  # "Python 3 code", "Go code" - not a version pin
        ops = (match.group("op") or "").strip()
        spec = (">=" if ops in (">=", "≥") or match.group("plus") else "") + version
        found.append(Fact(f"version.{lang}", spec, "version", line=number, text=line))
    for match in _PATH_SENTENCE.finditer(plain):
        what = match.group("what").strip()
        if len(what.split()) <= 8:
            found.append(Fact(f"path.{_slug(what) or 'component'}", match.group("path"), "path", line=number, text=line))
    named = _PATH_NAMED.match(line)
    if named:
        for path in re.findall(r"`([^`]+)`", named.group("paths")):
            if "/" in path or "." in path:
                found.append(Fact(f"path.{_slug(named.group('what')) or 'component'}", path, "path", line=number, text=line))
    match = _PATH_ITEM.match(line.replace("**", ""))
    if match and not found:
        found.append(Fact(f"path.{_slug(match.group('what')) or 'component'}", match.group("path"), "path", line=number, text=line))
    for match in _ENV.finditer(plain):
        name = match.group("name") or match.group("name2") or match.group("name3")
        if name and not name.isdigit():
            found.append(Fact(f"env.{name}", "required", "env", line=number, text=line))
    return found
