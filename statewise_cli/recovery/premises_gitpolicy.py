"""Git policy read for the literal conditions it enforces.

- **a commit-msg hook's message rule** — the hook git runs on ``git commit`` (``core.hooksPath`` or
  ``.git/hooks``, executable) tests the message file with ``grep``: a pattern the message must contain
  (``grep -q '^Refs: ' "$1" || exit 1``, ``if ! grep …; then … exit 1``) or must not
  (``grep -q 'WIP' "$1" && exit 1``). The premise of ``git commit -m …`` is "the hook takes this message";
  the verdict names the pattern and quotes the hook's own reason, with a trailer-shaped line the history's
  commits already carry as the example.
- **archives the project makes with git** — ``.gitattributes`` marking files ``export-subst`` (stamped by
  ``git archive``) or paths ``export-ignore`` (left out by it): a tarball or zip of the working tree made with
  ``tar``/``zip`` has neither; ``git archive`` does.
- **a receive hook that takes only some refs** — a local remote's ``pre-receive``/``update`` hook whose
  ``case`` over the ref name rejects (``exit 1``) the pushed ref's pattern while another arm accepts: the
  verdict names the patterns it accepts.

A verdict is given only when the hook or attribute names the thing asked about; file reads only.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action


def _re() -> Any:
    import re

    return re


def _read(path: str, limit: int = 100_000) -> str | None:
    from statewise_cli.recovery.premises import _read as read

    return read(path, limit)


def _hook_file(ctx: Any, name: str) -> str | None:
    from statewise_cli.recovery.premises_tools import _hooks_path

    configured = _hooks_path(ctx)
    base = (os.path.join(ctx.root, os.path.expanduser(configured)) if configured and not os.path.isabs(
        os.path.expanduser(configured)) else os.path.expanduser(configured)) if configured else os.path.join(
        ctx.repo.common_dir, "hooks")
    path = os.path.join(base, name)
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else None


def message_rules(text: str) -> list[tuple[bool, str, str]]:
    """(required?, python pattern, the hook's reason) of each ``grep`` over the message file ``$1``."""
    from statewise_cli.recovery.premises_hookrules import _python_regex

    re = _re()
    rules: list[tuple[bool, str, str]] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        m = re.search(r"\bgrep\s+((?:-[A-Za-z]+\s+)*)(?:-e\s+)?(['\"])(.+?)\2\s+(?:\"\$1\"|\$1|\"\$\{1\}\")", stripped)
        if m is None:
            continue
        opts, pattern = m.group(1), m.group(3)
        if "v" in opts.replace("-", "") or "$" in pattern.replace("$'", "").rstrip("$"):
            continue
        before, after = stripped[:m.start()], stripped[m.end():]
        negated = bool(re.search(r"(?:^|\s)!\s*$", before))
        window = " ".join(lines[i:i + 4])
        if re.match(r"\s*\|\|", after) or negated and before.lstrip().startswith(("if", "elif")):
            required = True
        elif re.match(r"\s*&&", after) or before.lstrip().startswith(("if", "elif")) and not negated:
            required = False
        else:
            continue
        if not re.search(r"\bexit\s+[1-9]", window):
            continue
        echo = re.search(r"\becho\s+(['\"])(.+?)\1", window)
        try:
            python = _python_regex(pattern, "E" in opts)
            re.compile(python)
        except (re.error, ValueError):
            continue
        flags = "(?im)" if "i" in opts.replace("-", "") else "(?m)"
        rules.append((required, flags + python, echo.group(2) if echo else ""))
    return rules


def _message(args: list[str]) -> str | None:
    """The whole message ``git commit`` writes from ``-m`` values (paragraphs) and ``--trailer`` lines."""
    parts: list[str] = []
    trailers: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("-F", "--file", "-C", "-c", "--reuse-message", "--reedit-message", "--fixup", "--squash") or \
                arg.startswith(("--file=", "--fixup=", "--squash=")) or arg == "--no-verify" or arg == "-n":
            return None  # the message comes from elsewhere, or the hook does not run
        short = arg.startswith("-") and not arg.startswith("--") and arg.endswith("m") and "m" not in arg[1:-1]
        if (arg in ("-m", "--message") or short and len(arg) <= 4) and i + 1 < len(args):
            parts.append(args[i + 1])
            i += 2
            continue
        if arg.startswith("--message="):
            parts.append(arg.split("=", 1)[1])
        elif arg == "--trailer" and i + 1 < len(args):
            trailers.append(args[i + 1].replace("=", ": ", 1) if ":" not in args[i + 1] else args[i + 1])
            i += 2
            continue
        elif arg.startswith("--trailer="):
            trailers.append(arg.split("=", 1)[1])
        i += 1
    if not parts:
        return None
    return "\n\n".join(parts + (["\n".join(trailers)] if trailers else []))


def commit_message_hook_premise(action: Action, ctx: Any) -> Any:
    from statewise_cli.recovery.premises import _premise

    args = [str(a) for a in action.arguments]
    message = _message(args)
    if message is None or "$" in message:
        return None
    hook = _hook_file(ctx, "commit-msg")
    if hook is None:
        return None
    text = _read(hook) or ""
    re = _re()
    rules = message_rules(text)
    if rules and _exempt(text, args, ctx):
        return None  # an earlier exit lets this commit through, or may: the hook does not decide it here
    for required, pattern, reason in rules:
        hit = re.search(pattern, message) is not None
        if hit == required:
            continue
        shown = os.path.relpath(hook, ctx.root) if hook.startswith(ctx.root + os.sep) else hook
        said = f" (it says: \"{reason[:160]}\")" if reason else ""
        bare = pattern.split(")", 1)[1] if pattern.startswith("(?") else pattern
        what = (f"a line matching `{bare}`" if required else f"nothing matching `{bare}`")
        alternative = _with_trailer(action, ctx, pattern) if required else ""
        if not alternative:
            alternative = (f"a message with {what}, as the hook requires" if required else
                           f"a message without anything matching `{bare}`")
        return _premise(action, "git.commit.message_rule", "the commit-msg hook takes this message", what,
                        "git.commit-msg-hook",
                        f"the commit-msg hook {shown} rejects a message without {what[2:] if required else what}"
                        f"{said}; this message {'has none' if required else 'has one'}", alternative,
                        "this repository takes any commit message")
    return None


def _exempt(text: str, args: list[str], ctx: Any) -> bool:
    """Whether a successful ``exit 0`` before the hook's message rules lets this commit through — or may: an
    exemption by the staged files (``git diff --cached --name-only | grep -q[v] 'PAT' || exit 0``) is evaluated on
    the files this commit takes; any other conditional exit leaves the verdict to the hook (True)."""
    from statewise_cli.recovery.premises_hookrules import _python_regex

    re = _re()
    for line in text.splitlines():
        stripped = line.split("#", 1)[0].strip() if not line.strip().startswith("#!") else ""
        if not stripped:
            continue
        if re.search(r"\bgrep\b.*(?:\"\$1\"|\$1\b|\$\{1\})", stripped):
            return False  # the message rules come first
        if not re.search(r"\bexit\s+0\b", stripped) or stripped in ("exit 0",):
            continue
        m = re.match(r"git\s+diff\s+--cached\s+--name-only\s*\|\s*grep\s+-([A-Za-z]+)\s+(['\"])(.+?)\2\s*(\|\||&&)\s*exit\s+0$",
                     stripped)
        if m is None:
            return True
        opts, pattern, op = m.group(1), m.group(3), m.group(4)
        files = _committed_files(args, ctx)
        if files is None:
            return True
        try:
            rx = re.compile(_python_regex(pattern, "E" in opts), re.I if "i" in opts else 0)
        except (re.error, ValueError):
            return True
        hits = [f for f in files if (rx.search(f) is None) == ("v" in opts)]
        found = bool(hits)
        if (op == "||" and not found) or (op == "&&" and found):
            return True
    return False


def _committed_files(args: list[str], ctx: Any) -> list[str] | None:
    """The files ``git commit`` takes: the staged ones, and with ``-a`` the tracked files changed in the work tree."""
    code, staged = ctx.git("diff", "--cached", "--name-only")
    if code != 0:
        return None
    files = staged.split()
    if any(a == "--all" or (a.startswith("-") and not a.startswith("--") and "a" in a[1:]) for a in args):
        code, changed = ctx.git("diff", "--name-only")
        if code != 0:
            return None
        files += changed.split()
    return files


def _with_trailer(action: Action, ctx: Any, pattern: str) -> str:
    """The action with a trailer the history's own commits carry that satisfies the pattern (the newest one)."""
    re = _re()
    code, out = ctx.git("log", "-n50", "--format=%B%x00", "--no-merges")
    if code != 0:
        return ""
    for body in out.split("\0"):
        for line in body.strip().splitlines()[1:]:
            m = re.match(r"([A-Za-z][\w-]*):\s+(\S.*)$", line.strip())
            if m and re.search(pattern, line.strip()):
                text = (action.text or "").strip()
                # the history's value belongs to another change: the form, with this change's own value to fill in
                return (f"`{text} --trailer \"{m.group(1)}: <this change's own value>\"` (the hook requires a "
                        f"`{m.group(1)}:` trailer; the last commits carry it as `{m.group(1)}: {m.group(2)[:40]}`)")
    return ""


# ------------------------------------------------------------------ archives the project makes with git
def _attributes(root: str) -> tuple[list[str], list[str]]:
    """(export-subst paths, export-ignore paths) of the repository's top-level ``.gitattributes``."""
    subst: list[str] = []
    ignore: list[str] = []
    for line in (_read(os.path.join(root, ".gitattributes")) or "").splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if "export-subst" in words[1:]:
            subst.append(words[0])
        if "export-ignore" in words[1:]:
            ignore.append(words[0])
    return subst, ignore


def archive_premise(action: Action, ctx: Any, directory: str) -> Any:
    """``tar -czf out.tar.gz .`` / ``zip -r out.zip .`` of the project's tree in a repository whose
    ``.gitattributes`` shapes its archives (``export-subst``, ``export-ignore``): only ``git archive`` applies them."""
    from statewise_cli.recovery.premises import _premise

    text = (action.text or "").strip()
    words = text.split()
    if not words or os.path.basename(words[0]) not in ("tar", "zip", "bsdtar", "gtar"):
        return None
    program = os.path.basename(words[0])
    args = words[1:]
    out = ""
    operands: list[str] = []
    if program == "zip":
        plain = [a for a in args if not a.startswith("-")]
        if len(plain) < 2:
            return None
        out, operands = plain[0], plain[1:]
    else:
        first = args[0] if args else ""
        if not first or "c" not in first.lstrip("-") or first.startswith("--") or not first.replace("-", "").isalpha():
            return None  # not creating an archive
        rest = args[1:]
        if "f" in first:
            if first.rstrip("-").endswith("f") and rest:
                out, rest = rest[0], rest[1:]
            else:
                return None
        skip = False
        for a in rest:
            if skip:
                skip = False
                continue
            if a in ("-C", "--directory", "-f", "--file", "-T", "--files-from", "-X", "--exclude-from"):
                skip = True
                continue
            if not a.startswith("-"):
                operands.append(a)
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    targets = [os.path.realpath(os.path.join(where, o)) for o in operands]
    if not targets or not all(t == root or t.startswith(root + os.sep) for t in targets):
        return None
    if not any(t == root for t in targets) and len(targets) < 2:
        return None  # one subdirectory: not the project's tree
    subst, ignore = _attributes(root)
    if not subst and not ignore:
        return None
    name = os.path.basename(out) if out else ""
    fmt = next((f for f in ("tar.gz", "tgz", "tar.xz", "tar.bz2", "tar", "zip") if name.endswith("." + f)), "tar.gz")
    fmt = {"tgz": "tar.gz", "tar.xz": "tar", "tar.bz2": "tar"}.get(fmt, fmt)
    stem = name[: -(len(fmt) + 1)] if name.endswith("." + fmt) else (name.split(".", 1)[0] or os.path.basename(root))
    command = f"git archive --format={fmt} --prefix={stem}/ -o {out or stem + '.' + fmt} HEAD"
    said = []
    if subst:
        said.append(f"export-subst on {', '.join(subst[:3])} (git archive writes the commit into them)")
    if ignore:
        said.append(f"export-ignore on {', '.join(ignore[:4])} (git archive leaves them out)")
    return _premise(action, "git.archive.attributes", f"{program} of the working tree", "git archive", "git.attributes",
                    f".gitattributes marks {'; '.join(said)}: this project's archives are made by git archive, and "
                    f"`{text[:80]}` copies the working tree without either", f"`{command}`",
                    "an archive of the working tree is the project's archive", shown=f"`{command}`")


# ------------------------------------------------------------------ a receive hook that takes only some refs
def case_arms(text: str) -> list[tuple[list[str], bool | None]]:
    """(patterns, rejects?) of the arms of each ``case`` over the hook's ref, in order, from the one reading of a
    hook's arms (``premises_refrules.case_arms``); ``None`` for an arm whose exit is behind another test (it rejects
    only some pushes of its refs: no verdict)."""
    from statewise_cli.recovery.premises_refrules import case_arms as read_arms

    return [(patterns, None if kind == "cond" else kind == "reject") for kind, patterns, _r, _n, _m in read_arms(text)]


def _accepts(arms: list[tuple[list[str], bool | None]], ref: str) -> bool | None:
    """Whether the first arm matching ``ref`` accepts it (a ref no arm matches passes the ``case``); None when that
    arm decides by something other than the name."""
    from fnmatch import fnmatchcase

    for patterns, rejects in arms:
        if any(fnmatchcase(ref, p) for p in patterns):
            return None if rejects is None else not rejects
    return True


def _named_for(ctx: Any, accepted: list[str]) -> str | None:
    """The one branch name an accepted pattern gives this work: a pattern's last part with wildcards
    (``refs/heads/claim/CLM-[0-9]*``) filled with a word of the commits being pushed or of the branch's name that
    matches it (``CLM-2291`` from "Hail reserve: 12% for CLM-2291's roof class") — the identifier the project names
    its branches by."""
    import re
    from fnmatch import fnmatchcase

    if ctx is None:
        return None
    code, out = ctx.git("log", "-n5", "--format=%s%n%b", "HEAD", "--not", "--remotes")
    text = (out if code == 0 else "") + " " + (getattr(ctx.repo, "branch", None) or "")
    words = set(re.findall(r"[A-Za-z0-9][\w.-]*[A-Za-z0-9]", text))
    found: set[str] = set()
    for pattern in accepted:
        if not pattern.startswith("refs/heads/"):
            continue
        prefix, _, leaf = pattern[len("refs/heads/"):].rpartition("/")
        if not any(c in leaf for c in "*?[") or leaf.strip("*?") == "" or any(c in prefix for c in "*?["):
            continue
        found.update((f"{prefix}/{w}" if prefix else w) for w in words if fnmatchcase(w, leaf))
    return found.pop() if len(found) == 1 else None


def accepted_refs_premise(action: Action, ref: str, hooks: list[tuple[str, str]], pushed: list[str] | None = None,
                          remote: str = "origin", ctx: Any = None) -> Any:
    """A push of ``ref`` (``refs/heads/X`` / ``refs/tags/Y``) to a remote whose receive hook's ``case`` rejects
    its arm while accepting others."""
    from fnmatch import fnmatchcase

    from statewise_cli.recovery.premises import _premise

    for path, text in hooks:
        arms = case_arms(text)
        if not arms or not any(p.startswith("refs/") for ps, _ in arms for p in ps):
            continue
        for patterns, rejects in arms:
            if not any(fnmatchcase(ref, p) for p in patterns):
                continue
            if not rejects:
                break  # its arm accepts it, or decides by something other than the name (no verdict)
            accepted = [p for ps, r in arms if r is False for p in ps if p != "*"]
            if not accepted or all(p == "*" for p in patterns) and not any(p.startswith("refs/") for p in accepted):
                break
            fine = [r for r in (pushed or []) if _accepts(arms, r) is True]
            alternative = f"push only refs the remote accepts ({', '.join(accepted[:4])})"
            if fine:
                named = " ".join(("tag " if r.startswith("refs/tags/") else "") + r.split("/", 2)[2] for r in fine[:3])
                alternative = f"`git push {remote} {named}` (only the refs the remote accepts, by name)"
            elif ref.startswith("refs/heads/") and (name := _named_for(ctx, accepted)) is not None:
                alternative = (f"`git push {remote} HEAD:{name}` (the name the remote accepts, with the identifier "
                               f"your commits carry)")
            return _premise(action, "git.remote.accepted_refs", ref, " ".join(accepted), "git.receive-hook",
                            f"the remote's {os.path.basename(path)} hook ({path}) rejects {ref} (its arm "
                            f"`{'|'.join(patterns)}` exits non-zero) and accepts only {', '.join(accepted[:4])}",
                            alternative, f"the remote takes {ref}")
    return None


def push_refs_premise(action: Action, ctx: Any) -> Any:
    """``git push R X`` to a local remote whose receive hook's ``case`` over the ref rejects X's kind of ref."""
    from statewise_cli.recovery.premises_git import _receive_hooks

    args = [str(a) for a in action.arguments]
    operands = [a for a in args if not a.startswith("-")]
    remote = operands[0] if operands else "origin"
    flags = {w for w in (action.text or "").split() if w.startswith("--")}
    args += [f for f in sorted(flags) if f in ("--all", "--branches", "--mirror", "--tags") and f not in args]
    code, url = ctx.git("config", "--get", f"remote.{remote}.url")
    if code != 0 or not url.strip():
        return None
    hooks = _receive_hooks(url.strip(), ctx.root)
    if not hooks or not any("case" in text and "refs/" in text for _, text in hooks):
        return None
    refs: list[str] = []
    if any(a in ("--all", "--branches", "--mirror") for a in args):
        code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/heads")
        refs = out.split() if code == 0 else []
    if "--tags" in args or "--mirror" in args:
        code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/tags")
        refs += out.split() if code == 0 else []
    for spec in operands[1:]:
        dst = spec.lstrip("+").split(":", 1)[-1]
        if not dst or "*" in dst or "$" in dst:
            continue
        if dst.startswith("refs/"):
            refs.append(dst)
        elif ctx.git("rev-parse", "-q", "--verify", f"refs/tags/{dst}")[0] == 0 and \
                ctx.git("rev-parse", "-q", "--verify", f"refs/heads/{dst}")[0] != 0:
            refs.append(f"refs/tags/{dst}")
        else:
            refs.append(f"refs/heads/{dst}")
    if not refs and len(operands) <= 1 and not any(a.startswith("--") and a not in ("--set-upstream", "-u") for a in args):
        branch = getattr(ctx.repo, "branch", None)
        if branch:
            refs.append(f"refs/heads/{branch}")
    for ref in refs:
        premise = accepted_refs_premise(action, ref, hooks, refs, remote, ctx)
        if premise is not None:
            return premise
    return None
