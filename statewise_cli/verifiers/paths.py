"""Path facts: does a remembered path (or glob) still exist, and if not, where did it go?

A missing path is looked up in git history: renames (``-M``, followed through
chains, directories included: ``handlers/`` → ``src/web/handlers/``) give the new
path; otherwise the commit that deleted it, or "never existed".
"""

from __future__ import annotations

import glob
import os
import re

from statewise_cli.store.records import Record
from statewise_cli.verifiers.base import CannotVerify, Observation, VerifyContext, observe, register

Result = Observation | CannotVerify
GLOB_CHARS = re.compile(r"[*?\[]")


def normalize(value: str, root: str) -> str | None:
    path = value.strip()
    if os.path.isabs(path):
        path = os.path.relpath(path, root)
    path = os.path.normpath(path).replace(os.sep, "/") if path else ""
    return None if not path or path == "." or path.startswith("../") else path


def renames(ctx: VerifyContext) -> tuple[list[tuple[str, str, str]], str | None]:
    """Every rename in the history of all refs, oldest first: [(commit, old, new)], or an error."""
    code, out = ctx.git("log", "--all", "-M", "--diff-filter=R", "--name-status", "--format=commit %H")
    if code != 0:
        return [], out.strip()[:200] or f"exit {code}"
    found: list[tuple[str, str, str]] = []
    commit = ""
    for line in out.splitlines():
        if line.startswith("commit "):
            commit = line[len("commit ") :].strip()
        elif re.match(r"^R\d*\t", line):
            parts = line.split("\t")
            if len(parts) == 3:
                found.append((commit, parts[1], parts[2]))
    found.reverse()
    return found, None


def follow(path: str, history: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The chain of renames starting at ``path`` (a file, or a directory: each of its files moved)."""
    chain: list[tuple[str, str, str]] = []
    current = path
    for commit, old, new in history:
        if old == current:
            chain.append((commit, old, new))
            current = new
        elif old.startswith(current + "/"):
            suffix = old[len(current) :]
            if new.endswith(suffix) and new[: -len(suffix)]:
                moved = new[: -len(suffix)]
                chain.append((commit, current, moved))
                current = moved
    return chain


class PathExists:
    name = "paths.exists"
    keys = ("path.*",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        if not isinstance(record.value, str):
            return CannotVerify(self.name, f"{record.key} needs a repo-relative path, got {record.value!r}")
        path = normalize(record.value, ctx.root)
        if path is None:
            return CannotVerify(self.name, f"{record.value!r} is not a path inside the repository")
        head = ctx.head()
        # Where a file lives is a fact about the branch you are on; on the default branch it is
        # what the repository says, so a repository-scoped record is repaired in place.
        default = ctx.settings.policy.default_branch
        on_default = ctx.repo.branch in ((default,) if default else ("main", "master", "trunk"))
        scope = (record.scope if on_default and record.scope in ("repository", "global") or record.scope.startswith("path:")
                 else f"branch:{ctx.repo.branch}" if ctx.repo.branch else "workspace")
        inputs = {"HEAD": head}
        if GLOB_CHARS.search(path):
            matches = sorted(os.path.relpath(m, ctx.root) for m in glob.glob(ctx.path(path), recursive=True))
            evidence = f"glob {path} → " + (", ".join(matches[:20]) if matches else "no match in the work tree")
            agrees = bool(matches)
            return observe(self.name, record, record.value if matches else None, scope, agrees, evidence, inputs)
        if os.path.lexists(ctx.path(path)):
            if os.path.isfile(ctx.path(path)):
                inputs[path] = ctx.file_hash(path)
            kind = "directory" if os.path.isdir(ctx.path(path)) else "file"
            if _about_generated(record.key) and kind == "directory":
                found = self._generated(record, ctx, path, scope, inputs)
                if found is not None:
                    return found
            return observe(self.name, record, record.value, scope, True, f"{path} exists ({kind})", inputs)
        inputs[path] = "missing"  # creating it invalidates this observation
        return self._missing(record, ctx, path, scope, inputs)

    def _generated(self, record: Record, ctx: VerifyContext, path: str, scope: str, inputs: dict[str, str]) -> Result | None:
        """A record that says a directory holds generated code: is it generated (its files' headers, the
        generator's marker)? When it is not and others are, the value is the generated directories."""
        from statewise_cli.recovery.premises_files import find_generated_dirs, generated_dir

        why = generated_dir(ctx.path(path))
        if why:
            return observe(self.name, record, record.value, scope, True, f"{path} is generated ({why})", inputs)
        found = [(rel, w) for rel, w in find_generated_dirs(ctx) if rel != path and not rel.startswith(path + "/")]
        if not found:
            return None  # nothing here says what is generated: existence is all there is to check
        value = found[0][0] + ("/" if str(record.value).endswith("/") else "")
        evidence = (f"{path} holds no generated files (no generated header, no generator marker); generated code "
                    f"here: " + "; ".join(f"{rel}/ ({w})" for rel, w in found[:4]))
        return observe(self.name, record, value, scope, False, evidence, inputs)

    def _missing(self, record: Record, ctx: VerifyContext, path: str, scope: str, inputs: dict[str, str]) -> Result:
        history, error = renames(ctx)
        chain = follow(path, history)
        steps = [f"renamed {old} → {new} in {commit[:12]}" for commit, old, new in chain]
        if chain:
            final = chain[-1][2]
            if os.path.lexists(ctx.path(final)):
                evidence = f"{path} is missing; " + "; ".join(steps)
                return observe(self.name, record, final, scope, False, evidence, inputs)
            steps.append(f"{final} is not in the work tree either")
        code, out = ctx.git("log", "--all", "--diff-filter=D", "--format=%H %s", "-1", "--", chain[-1][2] if chain
                            else path)
        if code == 0 and out.strip():
            commit, _, subject = out.strip().partition(" ")
            evidence = "; ".join([f"{path} is missing", *steps, f"deleted in {commit[:12]} ({subject[:80]})"])
            return observe(self.name, record, None, scope, False, evidence, inputs)
        code, out = ctx.git("log", "--all", "--format=%H", "-1", "--", path)
        if code == 0 and out.strip():
            evidence = "; ".join([f"{path} is missing", *steps, f"last touched in {out.strip()[:12]}"])
            return observe(self.name, record, None, scope, False, evidence, inputs)
        note = f" (rename search failed: {error})" if error else ""
        return observe(self.name, record, None, scope, False,
                       f"{path} is missing and never existed in git history{note}", inputs)


def _about_generated(key: str) -> bool:
    """``path.generated``, ``path.generated_code``, ``path.codegen_output``: a record about generated code."""
    words = key.lower().replace("-", "_").replace(".", "_").split("_")
    return any(w in ("generated", "codegen", "autogen", "autogenerated") for w in words)


register(PathExists())
