"""Premises about a named target an infrastructure command selects — a kube context, a Terraform
workspace, a Helm release — read from what the repository declares for that slot now and from the commit
that replaced the old name.

The premise is "``NAME`` is still this target's name". It is defective when the repository's files no
longer declare ``NAME`` in that slot while a commit removed it from a line naming the slot and put a
name the repository declares now in its place (``KUBE_CONTEXT ?= staging`` → ``KUBE_CONTEXT ?=
gke_…_staging``; ``- name: gateway`` → ``- name: edge-gateway`` in helmfile.yaml; a README's workspace list
and a workflow's ``TF_WORKSPACE``). A name the repository never declared (the developer's own cluster, a
new release) decides nothing.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_NAME = r"[A-Za-z0-9_][A-Za-z0-9_.:@/-]*"
# slot → (what it is, the word a line naming the slot holds, patterns declaring a value in that slot)
_SLOTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "kube": ("kube context", "context", (
        rf"--(?:kube-)?context[= ]['\"]?({_NAME})",
        rf"use-context\s+['\"]?({_NAME})",
        rf"\b(?:KUBE_?CONTEXT|KUBECTL_CONTEXT|K8S_CONTEXT)\s*[?:]?=\s*['\"]?({_NAME})",
        rf"\b(?:KUBE_?CONTEXT|K8S_CONTEXT):\s*['\"]?({_NAME})",
        rf"\bkube[_-]?[cC]ontext['\"]?\s*[:=]\s*['\"]?({_NAME})",
    )),
    "terraform": ("Terraform workspace", "workspace", (
        rf"workspace\s+(?:select|new)\s+(?:-or-create(?:=true)?\s+)?['\"]?({_NAME})",
        rf"\bTF_WORKSPACE\s*[:=]\s*['\"]?({_NAME})",
    )),
    "helm": ("Helm release", "release", (
        rf"helm\s+(?:upgrade\s+(?:--install\s+|-i\s+)?|install\s+|uninstall\s+|rollback\s+|status\s+)({_NAME})",
        rf"^\s*-\s*name:\s*['\"]?({_NAME})['\"]?\s*$",  # helmfile `releases:` entries
        rf"\breleaseName:\s*['\"]?({_NAME})",
    )),
}
_DOC_SUFFIXES = (".md", ".rst", ".txt", ".adoc")


def _re() -> Any:
    import re

    return re


_KEYWORDS = {"kube": ("context",), "terraform": ("workspace",), "helm": ("helm", "name:", "releasename")}


def _declared(ctx: Any, slot: str) -> dict[str, str]:
    """value → the file declaring it, over the repository's tracked files (documentation included)."""
    patterns = _SLOTS[slot][2]
    args = ["grep", "-I", "-n", "-i", "-F", "--no-color"]
    for word in _KEYWORDS[slot]:
        args += ["-e", word]
    code, out = ctx.git(*args)
    found: dict[str, str] = {}
    if code not in (0, 1):
        return found
    for line in out.splitlines()[:4000]:
        path, _, rest = line.partition(":")
        _, _, text = rest.partition(":")
        helmfile = os.path.basename(path).startswith("helmfile") or "/releases/" in f"/{path}"
        for pattern in patterns:
            if slot == "helm" and "name:" in pattern and not helmfile:
                continue  # `- name:` declares a release only in a helmfile
            for m in _re().finditer(pattern, text):
                value = m.group(1).strip("'\".,;)`")
                if value and "$" not in value and "{" not in value and "<" not in value and value not in found:
                    found[value] = path
    return found


def _requested(program: str, args: list[str]) -> tuple[str, str] | None:
    """(slot, name) an infrastructure command selects."""
    if program in ("kubectl", "helm", "kubectx", "k9s", "skaffold", "kustomize"):
        for i, a in enumerate(args):
            if a in ("--context", "--kube-context") and i + 1 < len(args):
                return "kube", args[i + 1]
            if a.startswith(("--context=", "--kube-context=")):
                return "kube", a.split("=", 1)[1]
        if program == "kubectl" and args[:2] == ["config", "use-context"] and len(args) > 2:
            return "kube", args[2]
        if program == "kubectx" and len(args) == 1 and not args[0].startswith("-"):
            return "kube", args[0]
    if program == "helm":
        ops = [a for a in args if not a.startswith("-")]
        if ops[:1] and ops[0] in ("upgrade", "install", "uninstall", "rollback", "status", "history", "get") and len(ops) > 1:
            name = ops[2] if ops[0] == "get" and len(ops) > 2 else ops[1]
            if ops[0] != "get" or len(ops) > 2:
                return "helm", name
    if program == "terraform":
        rest = [a for a in args if not a.startswith("-chdir")]
        if rest[:2] == ["workspace", "select"] and len(rest) > 2:
            names = [a for a in rest[2:] if not a.startswith("-")]
            return ("terraform", names[0]) if names else None
    return None


def _renamed(ctx: Any, slot: str, old: str, declared: dict[str, str]) -> tuple[str, str] | None:
    """(the declared name that took ``old``'s place, the commit) from the last commits that removed ``old``."""
    from statewise_cli.recovery.premises import _replaced_in

    word = _SLOTS[slot][1]
    # -G, not -S: a rename that keeps the old name inside the new one (`search` → `search-api`) changes no count
    word_re = "(^|[^A-Za-z0-9_.-])" + _re().sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", old) + "([^A-Za-z0-9_.-]|$)"
    code, out = ctx.git("log", "-n20", "-G", word_re, "--format=%h %s", "--no-merges")
    if code != 0:
        return None
    for entry in out.splitlines()[:4]:
        commit = entry.split(" ", 1)[0]
        code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff")
        if code != 0:
            continue
        pairs = _replaced_in(diff, old, lambda other: other in declared)
        if pairs:
            return max(pairs.items(), key=lambda kv: kv[1])[0], entry
        removed = [ln for ln in diff.splitlines() if ln.startswith("-") and not ln.startswith("---")
                   and _re().search(rf"(?<![\w.-]){_re().escape(old)}(?![\w.-])", ln)]
        if not any(word in ln.lower() for ln in removed):
            continue
        added = "\n".join(ln for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++"))
        fresh = [v for v in declared if _re().search(rf"(?<![\w.-]){_re().escape(v)}(?![\w.-])", added)]
        if len(fresh) > 1:
            fresh = [v for v in fresh if _abbreviates(v, old)] or fresh
        if len(fresh) == 1:
            return fresh[0], entry
    return None


def _abbreviates(new: str, old: str) -> bool:
    """``new``'s first word is ``old`` or spelled with ``old``'s letters in order (``stg`` for staging)."""
    head = _re().split(r"[-_.]", new)[0].lower()
    it = iter(old.lower())
    return bool(head) and head[0] == old[:1].lower() and all(c in it for c in head)


def named_target_premise(action: Action, words: list[str], ctx: Any) -> Any:
    from statewise_cli.recovery.premises import _premise

    if not words:
        return None
    program = os.path.basename(words[0])
    asked = _requested(program, [str(w) for w in words[1:]])
    if asked is None:
        return None
    slot, name = asked
    if not _re().fullmatch(_NAME, name):
        return None
    declared = _declared(ctx, slot)
    code_declared = {v: p for v, p in declared.items() if not p.endswith(_DOC_SUFFIXES)}
    if not declared or name in code_declared or name in declared and not code_declared:
        return None
    found = _renamed(ctx, slot, name, code_declared or declared)
    if found is None:
        return None
    new, commit = found
    what = _SLOTS[slot][0]
    text = (action.text or "").strip()
    fixed = _re().sub(rf"(?<![\w.-]){_re().escape(name)}(?![\w.-])", new, text, count=1) if text else ""
    alternative = f"`{fixed}`" if fixed and fixed != text else f"the {what} `{new}`"
    return _premise(action, f"name.{slot}", name, new, "git.history",
                    f"the {what} is `{new}` now ({declared.get(new, code_declared.get(new, ''))}); commit {commit} "
                    f"replaced `{name}`, which no file of the repository declares as a {what} any more",
                    alternative, f"`{name}` is the {what}")
