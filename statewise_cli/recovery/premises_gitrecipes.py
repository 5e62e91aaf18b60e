"""Where the repository's own recipes push a family of refs.

A push ``git push archive telemetry/2026-12-04`` rests on "``archive`` is where this ref goes". Repositories that
push a family of refs (one branch or tag per day, per episode, per release) usually say where in a recipe of their
own, and the recipe is kept up to date because it is what runs:

=======================  =============================================================================================
Makefile / justfile      a recipe line ``git push ltdb telemetry/$(DAY)``, ``git push "$(REMOTE)" "release-$(V)"``,
                         ``git push upstream release-"$release"``, with the remote given by name or by a variable the
                         file assigns (``REMOTE ?= production``, ``REMOTE := ltdb``, ``REMOTE=ltdb``)
scripts                  the same line in a shell script of ``scripts/``, ``bin/``, ``tools/`` or ``ci/``
package.json             the same line in a ``scripts`` entry
=======================  =============================================================================================

The refspec must name a *family*: a literal prefix of at least three characters and a variable part (``$(DAY)``,
``${VERSION}``, ``$$version``). A recipe that pushes a fixed branch (``git push heroku main``) says where a deploy
goes, not where every push of that branch goes, and decides nothing here. The premise is contradicted when the ref
the action pushes belongs to the family, the recipe pushes it to another remote this clone has, and no document of
the repository sends work to the action's remote by name. The alternative is the action's own push to the recipe's
remote; the comment lines above the recipe, when there are any, are quoted as the reason.

File reads only; imported only for a push to a named remote.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_RECIPE_FILES = ("Makefile", "makefile", "GNUmakefile", "justfile", "Justfile", ".justfile", "Taskfile.yml",
                 "package.json")
_SCRIPT_DIRS = ("scripts", "script", "bin", "tools", "ci")
_VAR = r"\$\$?\(\w+\)|\$\$?\{\w+(?::?-[^}]*)?\}|\$\$?\w+"


def _re() -> Any:
    import re

    return re


def _files(root: str) -> list[str]:
    out = [n for n in _RECIPE_FILES if os.path.isfile(os.path.join(root, n))]
    for folder in _SCRIPT_DIRS:
        try:
            names = sorted(os.listdir(os.path.join(root, folder)))[:40]
        except OSError:
            continue
        out += [f"{folder}/{n}" for n in names if os.path.isfile(os.path.join(root, folder, n))
                and not n.endswith((".py", ".js", ".ts", ".rb", ".go", ".md", ".txt", ".json", ".yml", ".yaml"))]
    return out


def _assignments(text: str) -> dict[str, str]:
    """``NAME ?= value`` / ``NAME := value`` / ``NAME = value`` (make), ``NAME=value`` / ``NAME="${NAME:-value}"``
    (shell): the value a variable has unless the caller sets it."""
    re = _re()
    out: dict[str, str] = {}
    for m in re.finditer(r"(?m)^\s*(?:export\s+)?([A-Za-z_]\w*)\s*(?:\?=|:=|::=|=)\s*(.*?)\s*$", text):
        value = m.group(2).strip().strip("\"'")
        default = re.fullmatch(r"\$\{\w+:?-([^}]*)\}", value)
        if default:
            value = default.group(1).strip("\"'")
        if re.fullmatch(r"[A-Za-z0-9][\w.-]*", value):
            out.setdefault(m.group(1), value)
    return out


def _family(spec: str) -> str | None:
    """A regex for the refs a refspec's destination names, when it is a family (a literal prefix of three or more
    characters, then a variable part): ``telemetry/$(DAY)`` → ``telemetry/.+``."""
    re = _re()
    dst = spec.lstrip("+").rsplit(":", 1)[-1].replace('"', "").replace("'", "")
    dst = re.sub(r"^refs/(?:heads|tags)/", "", dst)
    first = re.search(_VAR, dst)
    if first is None or first.start() < 3:
        return None
    prefix = dst[:first.start()]
    if not re.fullmatch(r"[A-Za-z0-9][\w./-]*", prefix):
        return None
    rest = re.sub(_VAR, "\x00", dst[first.start():])
    if not re.fullmatch(r"[\x00\w./-]*", rest):
        return None
    return re.escape(prefix) + "".join(r"[\w./-]+" if c == "\x00" else re.escape(c) for c in rest)


def recipes(root: str) -> list[tuple[str, str, str, str, str]]:
    """(file, remote, family regex, the line, the comment above it) for each recipe line that pushes a family of
    refs to a remote given by name or by a variable the file assigns."""
    from statewise_cli.recovery.premises import _read

    re = _re()
    out: list[tuple[str, str, str, str, str]] = []
    for rel in _files(root):
        text = _read(os.path.join(root, rel), 100_000) or ""
        if "git push" not in text:
            continue
        values = _assignments(text)
        lines = text.splitlines()
        for i, line in enumerate(lines):
            for m in re.finditer(r"\bgit\s+push\b([^;&|\n]*)", line):
                words = m.group(1).split()
                operands = [w for w in words if not w.startswith("-")]
                if len(operands) < 2:
                    continue
                remote = operands[0].strip("\"'")
                var = re.fullmatch(r"\$\$?[({]?(\w+)[)}]?", remote)
                if var:
                    remote = values.get(var.group(1), "")
                if not re.fullmatch(r"[A-Za-z0-9][\w.-]*", remote):
                    continue
                for spec in operands[1:]:
                    family = _family(spec.strip("\"'"))
                    if family is None:
                        continue
                    comment: list[str] = []
                    j = i - 1
                    while j >= 0 and (lines[j].strip().startswith("#") or (rel.endswith("akefile") and re.match(
                            r"^[\w.-]+\s*:(?!=)", lines[j]) and not comment)):
                        if lines[j].strip().startswith("#"):
                            comment.insert(0, lines[j].strip().lstrip("#").strip())
                        j -= 1
                    out.append((rel, remote, family, line.strip().lstrip("@-+ \t"), " ".join(comment)))
    return out


def _pushed_names(operands: list[str]) -> list[str]:
    re = _re()
    out = []
    for spec in operands:
        if spec.startswith("-"):
            continue
        dst = spec.lstrip("+").rsplit(":", 1)[-1]
        out.append(re.sub(r"^refs/(?:heads|tags)/", "", dst))
    return [n for n in out if n and n not in ("HEAD", "@")]


def recipe_remote_premise(action: Action, remote: str, remotes: dict[str, str], operands: list[str], ctx: Any) -> Any:
    """A push of a ref of a family the repository's recipes push to another remote of this clone."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_git import _docs_push_to

    if action.operation != "git.push" or action.flags & {"delete"} or len(remotes) < 2:
        return None
    names = _pushed_names(operands)
    if not names:
        return None
    re = _re()
    for rel, other, family, line, comment in recipes(ctx.root):
        if other == remote or other not in remotes:
            continue
        hit = next((n for n in names if re.fullmatch(family, n)), None)
        if hit is None:
            continue
        if _docs_push_to(ctx, remote):
            return None  # the docs send work to this remote by name: unknown here
        text = (action.text or "").strip()
        alternative = (f"`{(text + ' ').replace(f' {remote} ', f' {other} ', 1).strip()}`"
                       if f" {remote} " in f"{text} " else f"push {hit} to `{other}`")
        why = f" (\"{comment[:200]}\")" if comment else ""
        return _premise(action, "git.remote", remote, other, "repo.files",
                        f"{rel}: \"{line[:160]}\"{why} — the repository's own recipe pushes {hit}'s family to "
                        f"`{other}`, not to `{remote}`", alternative, f"{remote} is where {hit} is pushed")
    return None
