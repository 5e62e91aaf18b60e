"""Runtime facts: Python and Node versions, tool availability, environment variable presence.

Versions are compared as ranges: a record ``3.11`` is the series ``[3.11.0, 3.12.0)``,
so it fits a pin ``3.11.7`` and satisfies ``requires-python >=3.10``; ``3.8`` does
not. Environment variables are checked for presence only: their values are never
read into evidence or values.
"""

from __future__ import annotations

import os
import re
from typing import Any

from statewise_cli.store.records import Record
from statewise_cli.verifiers.base import (
    CannotVerify,
    Observation,
    VerifyContext,
    as_bool,
    dig,
    observe,
    read_json,
    read_toml,
    register,
    which,
)

Result = Observation | CannotVerify
Triple = tuple[int, int, int]
Interval = tuple[Triple, Triple]  # [lo, hi)
ZERO: Triple = (0, 0, 0)
INF: Triple = (1 << 30, 0, 0)
ALL: list[Interval] = [(ZERO, INF)]


# --- version ranges ---


def parse_version(text: Any) -> list[int] | None:
    """``3.11`` / ``v18.17.0`` / ``python3.12`` / ``20.x`` → [3, 11] / [18, 17, 0] / [3, 12] / [20]."""
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        return None
    raw = str(text).strip().lower()
    raw = re.sub(r"^(python|py|node|cpython|v)", "", raw).lstrip("v")
    match = re.match(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.[x*])*(?:[-+._a-z][\w.+-]*)?$", raw)
    return [int(p) for p in match.groups() if p is not None] if match else None


def pad(parts: list[int]) -> Triple:
    full = (list(parts) + [0, 0, 0])[:3]
    return full[0], full[1], full[2]


def series(parts: list[int]) -> Interval:
    """All versions a partial version names: [3, 11] → [3.11.0, 3.12.0)."""
    if not parts:
        return ALL[0]
    upper = list(parts[:3])
    upper[-1] += 1
    return pad(parts), pad(upper)


def _after(version: Triple) -> Triple:
    return version[0], version[1], version[2] + 1


def _intersect(a: list[Interval], b: list[Interval]) -> list[Interval]:
    out = [(max(x[0], y[0]), min(x[1], y[1])) for x in a for y in b]
    return [(lo, hi) for lo, hi in out if lo < hi]


def _complement(parts: Interval) -> list[Interval]:
    return [(ZERO, parts[0]), (parts[1], INF)]


def pep440(spec: str) -> list[Interval] | None:
    """``>=3.10,<3.13`` / ``~=3.11`` / ``==3.11.*`` / ``!=3.12.0`` → intervals; None when unparsable."""
    allowed = ALL
    for clause in filter(None, (c.strip() for c in spec.split(","))):
        match = re.match(r"^(~=|===|==|!=|>=|<=|>|<)\s*v?(\d+(?:\.\d+){0,2})(\.\*)?$", clause)
        if not match:
            return None
        op, parts = match.group(1), [int(p) for p in match.group(2).split(".")]
        exact = (pad(parts), _after(pad(parts))) if len(parts) == 3 and not match.group(3) else series(parts)
        lo = pad(parts)
        clause_range = {
            "==": [exact], "===": [exact], "!=": _complement(exact), ">=": [(lo, INF)], ">": [(_after(lo), INF)],
            "<=": [(ZERO, _after(lo))], "<": [(ZERO, lo)],
            "~=": [(lo, series(parts[:-1])[1] if len(parts) > 1 else INF)],
        }[op]
        allowed = _intersect(allowed, clause_range)
    return allowed


def _semver_comparator(op: str, parts: list[int]) -> list[Interval]:
    lo, partial = pad(parts), len(parts) < 3
    if op == "^":
        nonzero = next((i for i, p in enumerate(parts) if p), len(parts) - 1)
        return [(lo, series(parts[: nonzero + 1])[1])]
    if op in ("~", "~>"):
        return [(lo, series(parts[:2])[1])]
    if op == ">=":
        return [(lo, INF)]
    if op == ">":
        return [(series(parts)[1] if partial else _after(lo), INF)]
    if op == "<=":
        return [(ZERO, series(parts)[1] if partial else _after(lo))]
    if op == "<":
        return [(ZERO, lo)]
    return [series(parts)]  # "=", bare, x-ranges


def semver_range(spec: str) -> list[Interval] | None:
    """npm ranges (``>=18``, ``^18.2``, ``~18.17.0``, ``18.x``, ``16 || >=20``, ``1.2 - 2``) → intervals."""
    union: list[Interval] = []
    for alternative in spec.split("||"):
        alternative = alternative.strip()
        if alternative in ("", "*", "x", "X", "latest"):
            return ALL
        hyphen = re.match(r"^(\S+)\s+-\s+(\S+)$", alternative)
        if hyphen:
            low, high = parse_version(hyphen.group(1)), parse_version(hyphen.group(2))
            if low is None or high is None:
                return None
            union += _intersect(_semver_comparator(">=", low), _semver_comparator("<=", high))
            continue
        allowed, rest = ALL, alternative
        for match in re.finditer(r"(>=|<=|>|<|=|\^|~>|~)?\s*v?(\d+(?:\.(?:\d+|[xX*])){0,2})", alternative):
            parts = parse_version(match.group(2))
            if parts is None:
                return None
            allowed = _intersect(allowed, _semver_comparator(match.group(1) or "=", parts))
            rest = rest.replace(match.group(0), "", 1)
        if rest.strip(" ,"):
            return None
        union += allowed
    return union


def satisfies(parts: list[int], allowed: list[Interval]) -> bool:
    """Does some version of the series ``parts`` lie in ``allowed``?"""
    return bool(_intersect([series(parts)], allowed))


def fits(claimed: list[int], actual: list[int]) -> bool:
    """``3.11`` fits ``3.11.7`` and vice versa: equal on the components both give."""
    return all(a == b for a, b in zip(claimed, actual))


def lower_bound(allowed: list[Interval], width: int) -> str | None:
    if not allowed or allowed[0][0] == ZERO:
        return None
    return ".".join(str(p) for p in min(lo for lo, _ in allowed)[:width])


def dotted(parts: list[int], width: int) -> str:
    return ".".join(str(p) for p in parts[:width])


# --- verifiers ---


def _first_line(text: str | None) -> str | None:
    for line in (text or "").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            return line
    return None


def _interpreter(ctx: VerifyContext, candidates: list[str], lines: list[str]) -> list[int] | None:
    """Run ``X --version`` on the first candidate that exists; its version, or None (noted in ``lines``)."""
    if not candidates:
        return None
    for candidate in candidates:
        path = ctx.path(candidate) if "/" in candidate else which(candidate, ctx.env)
        if not path or not os.path.exists(path):
            continue
        code, out = ctx.run(path, "--version")
        lines.append(f"{candidate} --version → {out.strip()[:200] or f'exit {code}'}")
        match = re.search(r"(\d+\.\d+(?:\.\d+)?)", out) if code == 0 else None
        return parse_version(match.group(1)) if match else None
    lines.append(f"no interpreter found ({', '.join(candidates)})")
    return None


def _pin_version(text: str) -> list[int] | None:
    """The version a pin names, whatever its spelling: ``3.12.1``, ``python-3.12.1`` (runtime.txt),
    ``go1.22.3`` (toolchain), ``temurin-17.0.9+9`` / ``17.0.2-tem`` (Java distributions), ``lts/iron``
    is not a number (None)."""
    parsed = parse_version(text)
    if parsed is not None:
        return parsed
    match = re.search(r"(?<![\w.])(?:[a-z]+[-@]?)?v?(\d+(?:\.\d+){0,2})(?![\d])", text.strip().lower())
    return parse_version(match.group(1)) if match else None


def tool_versions_pin(text: str | None, names: tuple[str, ...]) -> str | None:
    """The first version ``.tool-versions`` (asdf, mise) gives one of ``names``: ``nodejs 20.11.0 18.0.0`` → 20.11.0."""
    for line in (text or "").splitlines():
        words = line.split("#", 1)[0].split()
        if len(words) >= 2 and words[0] in names:
            return words[1]
    return None


def mise_pin(data: Any, names: tuple[str, ...]) -> str | None:
    """The version ``mise.toml``'s ``[tools]`` gives one of ``names`` (a string, a list, ``{version = …}``)."""
    tools = dig(data, "tools")
    if not isinstance(tools, dict):
        return None
    for name in names:
        value = tools.get(name)
        if isinstance(value, list) and value:
            value = value[0]
        if isinstance(value, dict):
            value = value.get("version")
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            return str(value)
    return None


MISE_FILES = ("mise.toml", ".mise.toml", "mise/config.toml", ".mise/config.toml", ".config/mise.toml",
              ".config/mise/config.toml", ".rtx.toml")


class _LanguageVersion:
    name = ""
    keys: tuple[str, ...] = ()
    pin_files: tuple[str, ...] = ()
    manifest = ""
    interpreters: tuple[str, ...] = ()
    env_files: tuple[str, ...] = ()  # the project environment's own record of its interpreter
    interpreter_width = 2
    tool_names: tuple[str, ...] = ()  # the language's names in .tool-versions / mise.toml

    def requirement(self, ctx: VerifyContext) -> tuple[str, list[Interval] | None] | None:
        raise NotImplementedError

    def extra_pins(self, ctx: VerifyContext) -> list[tuple[str, str]]:
        """(where, version text) from the language's own manifests (runtime.txt, go.mod, volta …)."""
        return []

    def pins(self, ctx: VerifyContext) -> list[tuple[str, str]]:
        """Every file that pins the project's version, in order of precedence: (where, version text)."""
        found: list[tuple[str, str]] = []
        for name in self.pin_files:
            text = _first_line(ctx.read(name, 10_000))
            if text is not None:
                found.append((name, text))
        found += self.extra_pins(ctx)
        if self.tool_names:
            pin = tool_versions_pin(ctx.read(".tool-versions", 50_000), self.tool_names)
            if pin is not None:
                found.append((".tool-versions", pin))
            for name in MISE_FILES:
                if ctx.read(name, 1) is None:
                    continue
                pin = mise_pin(read_toml(ctx, name), self.tool_names)
                if pin is not None:
                    found.append((f"{name} [tools]", pin))
        return found

    def inputs(self, ctx: VerifyContext) -> dict[str, str]:
        names = (*self.pin_files, self.manifest, *self.env_files, *self.extra_files,
                 *((".tool-versions", *MISE_FILES) if self.tool_names else ()))
        return {name: ctx.file_hash(name) for name in names if name}

    extra_files: tuple[str, ...] = ()

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        claimed = parse_version(record.value)
        lines: list[str] = []
        inputs = self.inputs(ctx)
        pin_text, pin = None, None
        for where, text in self.pins(ctx):
            parsed = _pin_version(text)
            lines.append(f"{where}: {text}" + ("" if parsed else " (not a version number)"))
            if parsed:
                pin, pin_text = parsed, dotted(parsed, 3)
                break
        requirement = self.requirement(ctx)
        allowed = None
        if requirement is not None:
            lines.append(requirement[0])
            allowed = requirement[1]
        running = None if pin else _interpreter(ctx, list(self.interpreters), lines)
        running_text = dotted(running, self.interpreter_width) if running else None
        evidence = "\n".join(lines)
        claimed_range = self.claim_range(record.value) if claimed is None else None
        if claimed_range is not None:
            return self._verify_range(record, ctx, claimed_range, pin, pin_text, allowed, requirement, running,
                                      running_text, evidence, inputs)
        if claimed is None:
            value = pin_text if pin else running_text
            return observe(self.name, record, value, "repository", None,
                           f"record value {record.value!r} is not a version number\n{evidence}", inputs)
        if pin:
            agrees = fits(claimed, pin) and (allowed is None or satisfies(claimed, allowed))
            return observe(self.name, record, pin_text, "repository", agrees, evidence, inputs)
        if allowed is not None:
            if not satisfies(claimed, allowed):
                good = running_text if running and satisfies(running, allowed) else lower_bound(allowed, 2)
                return observe(self.name, record, good, "repository", False, evidence, inputs)
            in_project = bool(self.interpreters) and self.interpreters[0].startswith(".") and os.path.exists(
                ctx.path(self.interpreters[0]))
            if in_project and running and not fits(claimed, running):  # allowed, but the project runs another
                return observe(self.name, record, running_text, "workspace", None, evidence, inputs)
            return observe(self.name, record, record.value, "repository", True, evidence, inputs)
        if running:
            return self._machine_only(record, ctx, running_text, fits(claimed, running), evidence, inputs)
        return CannotVerify(self.name, f"nothing to observe: no {', '.join(self.pin_files)}, no requirement in "
                                       f"{self.manifest or 'a manifest'}, no interpreter")


    def _machine_only(self, record: Record, ctx: VerifyContext, running_text: str | None, agrees: bool,
                      evidence: str, inputs: dict[str, str]) -> Result:
        """The project pins nothing: this machine's interpreter speaks for this workspace only. A mismatch is a defect
        here (repaired for ``workspace``); a match does not confirm a claim about the whole repository."""
        in_project = bool(self.interpreters) and self.interpreters[0].startswith(".") and os.path.exists(
            ctx.path(self.interpreters[0]))  # the project's own environment (.venv) is the project's evidence
        if agrees and record.scope != "workspace" and not in_project:
            evidence += (f"\nthis machine's {self.interpreters[-1]} is {running_text}, but the project pins no version: "
                         f"that confirms {record.key} for this workspace only, not for [{record.scope}]")
            return observe(self.name, record, running_text, "workspace", None, evidence, inputs)
        return observe(self.name, record, running_text, "workspace", agrees, evidence, inputs)

    def claim_range(self, value: Any) -> list[Interval] | None:
        """A record that states a range (``>=20``, ``^18``, ``20+``, ``>=3.10,<3.13``) rather than one version."""
        if not isinstance(value, str) or not value.strip() or value.strip()[0].isdigit() and "+" not in value:
            return None
        text = value.strip()
        text = text.removesuffix("+")  # "20+", "JDK 17+"
        if text and text[0].isdigit():
            text = ">=" + text
        return pep440(text) if "," in text else semver_range(text)

    def _verify_range(self, record: Record, ctx: VerifyContext, claim: list[Interval], pin: list[int] | None, pin_text: str | None,
                      allowed: list[Interval] | None, requirement: tuple[str, Any] | None, running: list[int] | None,
                      running_text: str | None, evidence: str, inputs: dict[str, str]) -> Result:
        """A range claim holds when the project's pin lies in it, or when the project's own requirement asks at least
        what it says (its lowest allowed version lies in the claim); this machine's interpreter is evidence for this
        workspace only."""
        if pin:
            return observe(self.name, record, pin_text, "repository", satisfies(pin, claim), evidence, inputs)
        if allowed is not None and requirement is not None:
            agrees = bool(allowed) and all(_intersect([(lo, _after(lo))], claim) for lo, _ in allowed)
            spec = requirement[0].split(" = ", 1)[-1].strip("'\"")
            return observe(self.name, record, spec if not agrees else record.value, "repository", agrees, evidence,
                           inputs)
        if running:
            return self._machine_only(record, ctx, running_text, satisfies(running, claim), evidence, inputs)
        return CannotVerify(self.name, f"nothing to observe: no {', '.join(self.pin_files)}, no requirement in "
                                       f"{self.manifest or 'a manifest'}, no interpreter")


class PythonVersion(_LanguageVersion):
    name = "runtime.python-version"
    keys = ("version.python", "version.python.*")
    pin_files = (".python-version",)
    manifest = "pyproject.toml"
    interpreters = (".venv/bin/python", "python3")
    env_files = (".venv/pyvenv.cfg",)
    tool_names = ("python",)
    extra_files = ("runtime.txt",)

    def extra_pins(self, ctx: VerifyContext) -> list[tuple[str, str]]:
        text = _first_line(ctx.read("runtime.txt", 10_000))  # Heroku / buildpacks: python-3.12.1
        return [("runtime.txt", text)] if text and text.lower().startswith("python") else []

    def requirement(self, ctx: VerifyContext) -> tuple[str, list[Interval] | None] | None:
        data = read_toml(ctx, "pyproject.toml") or {}
        spec = dig(data, "project", "requires-python")
        if isinstance(spec, str):
            return f"pyproject.toml: requires-python = {spec!r}", pep440(spec)
        spec = dig(data, "tool", "poetry", "dependencies", "python")
        if isinstance(spec, str):
            return f"pyproject.toml: [tool.poetry.dependencies] python = {spec!r}", semver_range(spec.replace(",", " "))
        return None


class NodeVersion(_LanguageVersion):
    name = "runtime.node-version"
    keys = ("version.node", "version.node.*")
    pin_files = (".nvmrc", ".node-version")
    manifest = "package.json"
    interpreters = ("node",)
    interpreter_width = 1
    tool_names = ("nodejs", "node")

    def extra_pins(self, ctx: VerifyContext) -> list[tuple[str, str]]:
        pinned = dig(read_json(ctx, "package.json"), "volta", "node")
        return [("package.json: volta.node", pinned)] if isinstance(pinned, str) else []

    def requirement(self, ctx: VerifyContext) -> tuple[str, list[Interval] | None] | None:
        spec = dig(read_json(ctx, "package.json"), "engines", "node")
        if isinstance(spec, str):
            return f"package.json: engines.node = {spec!r}", semver_range(spec)
        return None


class GoVersion(_LanguageVersion):
    """go.mod's ``toolchain`` pins the toolchain; its ``go`` line is the minimum the module needs."""

    name = "runtime.go-version"
    keys = ("version.go", "version.go.*")
    pin_files = (".go-version",)
    manifest = "go.mod"
    tool_names = ("golang", "go")
    interpreter_width = 2

    def _directives(self, ctx: VerifyContext) -> dict[str, str]:
        found: dict[str, str] = {}
        for line in (ctx.read("go.mod", 200_000) or "").splitlines():
            words = line.split("//", 1)[0].split()
            if len(words) == 2 and words[0] in ("go", "toolchain"):
                found.setdefault(words[0], words[1])
        return found

    def extra_pins(self, ctx: VerifyContext) -> list[tuple[str, str]]:
        toolchain = self._directives(ctx).get("toolchain")
        return [("go.mod: toolchain", toolchain)] if toolchain and toolchain != "default" else []

    def requirement(self, ctx: VerifyContext) -> tuple[str, list[Interval] | None] | None:
        minimum = parse_version(self._directives(ctx).get("go", ""))
        if not minimum:
            return None
        return f"go.mod: go {dotted(minimum, 3)} (the minimum)", [(pad(minimum), INF)]


class RubyVersion(_LanguageVersion):
    name = "runtime.ruby-version"
    keys = ("version.ruby", "version.ruby.*")
    pin_files = (".ruby-version",)
    manifest = "Gemfile"
    interpreters = ("ruby",)
    tool_names = ("ruby",)

    def requirement(self, ctx: VerifyContext) -> tuple[str, list[Interval] | None] | None:
        match = re.search(r"^\s*ruby\s+['\"]([^'\"]+)['\"]", ctx.read("Gemfile", 200_000) or "", re.MULTILINE)
        if not match:
            return None
        spec = match.group(1).replace("~>", "~")
        return f"Gemfile: ruby {match.group(1)!r}", semver_range(spec)


class JavaVersion(_LanguageVersion):
    name = "runtime.java-version"
    keys = ("version.java", "version.java.*")
    pin_files = (".java-version",)
    tool_names = ("java",)
    extra_files = (".sdkmanrc",)
    interpreter_width = 1

    def extra_pins(self, ctx: VerifyContext) -> list[tuple[str, str]]:
        for line in (ctx.read(".sdkmanrc", 10_000) or "").splitlines():
            key, sep, value = line.partition("=")
            if sep and key.strip() == "java" and value.strip():
                return [(".sdkmanrc: java", value.strip())]
        return []

    def requirement(self, ctx: VerifyContext) -> tuple[str, list[Interval] | None] | None:
        return None


class ToolAvailable:
    name = "runtime.tool"
    keys = ("tool.*",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        tool = record.key[len("tool.") :]
        if not tool or "/" in tool:
            return CannotVerify(self.name, f"not a tool name: {tool!r}")
        claimed_bool = as_bool(record.value)
        claimed_version = None if claimed_bool is not None else parse_version(record.value)
        path = which(tool, ctx.env)
        if path is None:
            agrees = (claimed_bool is False) if claimed_bool is not None else (False if claimed_version else None)
            return observe(self.name, record, False, "workspace", agrees, f"{tool}: not found on PATH")
        if claimed_version is None:
            agrees = None if claimed_bool is None else claimed_bool
            return observe(self.name, record, True, "workspace", agrees, f"{tool} → {path}")
        code, out = ctx.run(path, "--version")
        evidence = f"{tool} → {path}\n{tool} --version → {out.strip()[:300] or f'exit {code}'}"
        match = re.search(r"(\d+\.\d+(?:\.\d+)?)", out) if code == 0 else None
        if not match:
            return observe(self.name, record, True, "workspace", None, evidence)
        found = parse_version(match.group(1)) or []
        return observe(self.name, record, match.group(1), "workspace", fits(claimed_version, found), evidence)


class EnvVar:
    """Presence only: the value is never read into evidence, values or hashes."""

    name = "runtime.env"
    keys = ("env.*",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        var = record.key[len("env.") :]
        if not var:
            return CannotVerify(self.name, "env.* needs a variable name")
        present = var in ctx.env
        evidence = f"${var}: {'set' if present else 'not set'} in the verified environment"
        claimed = record.value
        if isinstance(claimed, str) and claimed.strip().lower() == "required":
            return observe(self.name, record, "required", "workspace", None,
                           evidence + " (a requirement is not contradicted by this environment)")
        wanted = as_bool(claimed)
        if isinstance(claimed, bool):
            value: Any = present
        else:
            value = "set" if present else "not set"
        return observe(self.name, record, value, "workspace", None if wanted is None else wanted == present, evidence)


for _verifier in (PythonVersion(), NodeVersion(), GoVersion(), RubyVersion(), JavaVersion(), ToolAvailable(), EnvVar()):
    register(_verifier)
