"""Git facts: default branch, branch protection, current branch, upstream, remotes, branches, clean tree.

Everything runs through ``ctx.git``/``ctx.run`` (bounded). Remotes are only ever
*read* when they are local paths (``/srv/repo.git``, ``../remote``, ``file://…``);
a network remote is never contacted, except GitHub through ``gh`` when network
checks are allowed and ``gh`` is installed and authenticated.
"""

from __future__ import annotations

import os
import re
from fnmatch import fnmatchcase
from typing import Any

from statewise_cli.config.settings import PolicySettings, parse_text
from statewise_cli.store.records import Record
from statewise_cli.verifiers.base import (
    CannotVerify,
    Observation,
    VerifyContext,
    as_bool,
    network_allowed,
    observe,
    register,
    which,
)

GH_TIMEOUT_S = 3.0
Result = Observation | CannotVerify


# --- helpers ---


def redact_url(url: str) -> str:
    """Drop credentials from an http(s) URL (``https://TOKEN@host/…``): never evidence, never a value."""
    return re.sub(r"^(https?://)[^/@]*@", r"\1", url.strip())


def local_remote_path(url: str, root: str) -> str | None:
    """The filesystem path of a local/path remote, or None for a network remote (ssh, https, scp-like)."""
    url = url.strip()
    if url.startswith("file://"):
        rest = url[len("file://") :]
        if rest.startswith("localhost/"):
            rest = rest[len("localhost") :]
        return os.path.normpath(rest) if rest.startswith("/") else None
    if "://" in url:
        return None
    colon, slash = url.find(":"), url.find("/")
    if colon > 0 and (slash < 0 or colon < slash):  # host:path is ssh (git's own rule)
        return None
    return os.path.normpath(url if os.path.isabs(url) else os.path.join(root, url))


def github_slug(url: str) -> str | None:
    match = re.match(r"^(?:https?://(?:[^/@]*@)?|ssh://(?:[^/@]*@)?|[^/@:]*@)github\.com[:/]([^/]+)/([^/]+?)(?:\.git)?/?$",
                     url.strip())
    return f"{match.group(1)}/{match.group(2)}" if match else None


def remote_url(ctx: VerifyContext, remote: str) -> str | None:
    code, out = ctx.git("remote", "get-url", remote)
    return out.strip() if code == 0 and out.strip() else None


def scope_branch(record: Record) -> str | None:
    kind, _, name = record.scope.partition(":")
    return name if kind == "branch" and name else None


def git_inputs(ctx: VerifyContext, *git_files: str, head: bool = True) -> dict[str, str]:
    """``HEAD`` → commit plus hashes of files in the git dir (``config``, ``HEAD``, ``refs/heads/x``)."""
    inputs: dict[str, str] = {"HEAD": ctx.head()} if head else {}
    for name in git_files:
        base = ctx.repo.git_dir if name == "HEAD" else ctx.repo.common_dir
        relative = os.path.relpath(os.path.join(base, name), ctx.root)
        inputs[relative] = ctx.file_hash(relative)
    return inputs


def agree(claimed: Any, observed: Any) -> bool | None:
    return None if claimed is None else claimed == observed


def policy(ctx: VerifyContext) -> PolicySettings:
    """The repository's own ``[policy]`` (validated: a typo is an error, never "no policy")."""
    text = ctx.read(".statewise.toml")
    return parse_text(text, ".statewise.toml").policy if text is not None else PolicySettings()


def mentions_branch(text: str, branch: str) -> str | None:
    """The first line of a hook that names ``refs/heads/NAME`` or NAME as a word, or a pattern of refs
    that matches it (``refs/heads/release/*``, ``^refs/heads/(main|release/.*)$``). A pattern that
    matches every branch (``refs/heads/*``) names none: it says nothing about this one."""
    pattern = re.compile(rf"(?<![\w.-]){re.escape(branch)}(?![\w.-])")
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith("#"):
            continue  # a comment rejects nothing: what the hook does is in its code
        if _accepting_arm(line, lines[number:number + 1]):
            continue  # `refs/heads/dana/*) ;;`: the hook names these refs to let them through
        named = re.search(rf"refs/{'(heads|tags)' if _tag_like(branch) else 'heads'}/{re.escape(branch)}(?![\w./-])", line)
        # A message the hook prints (`echo "…stable…" >&2`) is prose: the name as a bare word there says
        # nothing about which refs the code rejects; a ref path or a pattern of refs still does.
        prose = _MESSAGE.match(line) is not None
        # a message printed further along the line (`refs/heads/main) echo "…records…" >&2; exit 1;;`) is prose too
        code = _PRINTED.sub(" ", line)
        if named or (not prose and pattern.search(code)) or _pattern_names(line, branch):
            return f"line {number}: {line.strip()}"
    return None


_MESSAGE = re.compile(r"\s*(?:echo|printf)\b")
_PRINTED = re.compile(r"(?<![\w-])(?:echo|printf)\b(?:\"[^\"]*\"|'[^']*'|[^;&|\"'])*")
_INSPECTS_COMMITS = re.compile(r"\bgit\s+(?:rev-list|log|show|cat-file|diff-tree|verify-commit)\b")
_REF_HISTORY = re.compile(r"merge-base|--is-ancestor|\$\{?new\}?\"?\.\.\"?\$\{?old|non.?fast.?forward|force",
                          re.IGNORECASE)
_DELETION_TEST = re.compile(r"\$\{?(?:new|2|newrev)\}?\"?\s*!?=\s*\"?(?:\$\{?z\w*\}?|0{40})")


def commit_rule(text: str) -> str | None:
    """What a receive hook requires of the pushed commits when it rejects a push only by their content or
    shape (a sign-off or cherry-pick trailer, no merge commits): it lists the new commits (``git rev-list
    $old..$new``) and inspects each, and it neither checks the ref's history (``merge-base
    --is-ancestor``: no force pushes) nor rejects deletions. Such a hook lets through every push whose
    commits meet the rule: it is a commit policy, not branch protection. Returns its own error message
    (or a description) as the requirement; None when the hook does anything else that may reject."""
    code = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    body = "\n".join(code)
    if not _INSPECTS_COMMITS.search(body) or _REF_HISTORY.search(body):
        return None
    for line in code:
        if _DELETION_TEST.search(line) and "continue" not in line and "exit 0" not in line:
            return None  # a deletion test that does not just skip: it may reject deleting the ref
    messages = []
    for line in code:
        match = re.search(r"\becho\s+([\"'])(.*?)\1\s*>&2", line)
        if match:
            message = re.sub(r"^(?:remote:\s*)?(?:error:\s*)?(?:GH\d+:\s*)?", "", match.group(2).strip())
            message = re.sub(r"\$\{[^}]*\}|\$\w+", "…", message)
            if message.strip("… "):
                messages.append(message)
    plain = [m for m in messages if "protected" not in m.lower()] or messages
    if plain:
        return " / ".join(list(dict.fromkeys(plain))[:3])
    if re.search(r"--min-parents=2|--merges", body):
        return "no merge commits"
    return "a condition on each pushed commit"


_ACCEPT_BODY = re.compile(r"^\s*(?:|:|true|continue|exit\s+0|echo\b[^;>|&]*)\s*;;\s*(?:#.*)?$")


def _accepting_arm(line: str, following: list[str]) -> bool:
    """A shell ``case`` arm whose body accepts the refs it names (``refs/heads/dana/*|refs/tags/*) ;;``,
    ``refs/for/*) exit 0 ;;``): an allow-list, not a protection. The body is the rest of the line, or the
    next line when the arm's line ends at its ``)``."""
    stripped = line.strip()
    if stripped.startswith(("#", "if ", "[", "test ")) or ")" not in stripped:
        return False
    head, _, body = stripped.partition(")")
    if not head or any(c in head for c in "=\"$;") and not head.startswith(("refs/", "'", '"')):
        return False
    if not body.strip() and following:
        body = following[0]
    return bool(_ACCEPT_BODY.match(body))


def _tag_like(name: str) -> bool:
    return name[:1].isdigit() or name[:1] in "vV" and name[1:2].isdigit()


def _pattern_names(line: str, branch: str) -> bool:
    """Does a glob or regular expression of branch names on this hook line match ``branch``?"""
    if line.lstrip().startswith("#"):
        return False
    for token in re.findall(r"(?:refs/heads/|\b)[\w./()|*?\[\]^$+\\-]*[*?(|][\w./()|*?\[\]^$+\\-]*", line):
        for alternative in token.split("|") if "(" not in token else [token]:
            raw = alternative.strip("\"'")
            body = raw.lstrip("^")
            if body.startswith("refs/heads/"):
                body = body[len("refs/heads/"):]
            elif body.startswith("refs/tags/") and _tag_like(branch):
                body = body[len("refs/tags/"):]  # a release tag pushed under its name
            elif "refs/heads/" in raw or "/" not in body:
                continue  # `(refs/heads/…)`: handled as a whole; a bare word with no slash: not a branch glob
            literal = body.split("*", 1)[0].split("(", 1)[0].split(".", 1)[0].split("[", 1)[0]
            if not literal.strip("/") and not body.startswith("("):
                continue  # `*`, `.*`: every branch
            if body.startswith("(") or any(c in body for c in "|^$+\\") or ".*" in body:
                try:
                    if re.fullmatch(body.rstrip("$").rstrip(")") if body.count(")") > body.count("(") else
                                    body.rstrip("$"), branch):
                        return True
                except re.error:
                    pass
            elif fnmatchcase(branch, body.rstrip(")")):
                return True
    return False


# --- the team's documents about direct pushes ---

_DOC_FILES = ("CONTRIBUTING.md", ".github/CONTRIBUTING.md", "docs/CONTRIBUTING.md", "README.md", "DEVELOPMENT.md",
              "docs/development.md", "docs/workflow.md", "docs/branching.md", "docs/git.md", "docs/contributing.md")
_DOC_DIRS = ("docs/adr", "docs/decisions", "adr", "doc/adr", "docs/architecture/decisions")
# a pull-request template speaks for the rule only where it lifts it ("pull requests are no longer required; push
# straight to main"): its checklists are no statement that a pull request is required
_TEMPLATES = (".github/pull_request_template.md", ".github/PULL_REQUEST_TEMPLATE.md", "docs/pull_request_template.md",
              "pull_request_template.md")
_DATE = re.compile(r"\b(20\d\d-[01]\d(?:-[0-3]\d)?)\b")
_LIFT_WORDS = re.compile(r"\b(?:no longer|abandon\w*|moved away|reverted|dropped|retired|superseded)\b")


def _statement(sentence: str, branch: str) -> bool | None:
    """False when the sentence makes direct pushes to ``branch`` the rule (trunk-based development adopted, "push
    straight to main"), True when it requires a pull request for it; None when it says neither."""
    low = " ".join(sentence.lower().split())
    b = re.escape(branch.lower())
    names = re.search(rf"(?<![\w./-])`?{b}`?(?![\w./-])", low) is not None
    negated = re.search(r"\b(?:never|do not|don't|not allowed|forbidden|no direct|must not)\b", low) is not None
    if re.search(r"\btrunk[- ]based\b", low) and re.search(r"\b(?:adopt\w*|switch\w*|mov\w* to|now|we use|we practi[cs]e|"
                                                         r"we work|has replaced|replac\w*)\b", low) \
            and not _LIFT_WORDS.search(low) and not negated:
        return False
    if names and re.search(rf"\b(?:push|pushes|pushing|commit|commits|committing)\s+(?:\w+\s+){{0,2}}(?:directly|straight)\s+"
                           rf"(?:to|into|on)\s+`?{b}`?|\bdirect (?:pushes|commits) to `?{b}`?", low):
        if negated or re.search(r"\b(?:no direct|require|must open|always open)\b", low):
            return True
        if re.search(r"\b(?:is|are) (?:now )?(?:the (?:rule|norm|default)|fine|allowed|ok|welcome|expected)\b|\bnow\b|"
                     r"\b(?:may|can|should)\b", low):
            return False
    if re.search(r"\b(?:pull|merge) requests?\b|\bprs?\b", low):
        if re.search(r"\b(?:no longer|not) (?:required|needed|necessary)\b|\bno (?:more )?(?:pull requests?|prs?)\b", low):
            return False
        if re.search(r"\b(?:always|must)\s+(?:open|use|go through|create|be merged via|get)\b|\b(?:required|mandatory)\b", low) \
                and (names or not re.search(r"\b(?:main|master|trunk|develop)\b", low)):
            return True
    return None


def documented_push_rule(root: str, branch: str) -> tuple[bool, str, list[str]] | None:
    """(protected?, evidence, files) from the team's documents: the latest statement about direct pushes to
    ``branch`` — by the date a sentence or its section heading carries, else by its place in the documents — so a
    later note that lifts a rule (trunk-based development adopted) is what holds. None when none speaks of it."""
    files = [os.path.join(root, n) for n in _DOC_FILES + _TEMPLATES]
    templates = {os.path.join(root, n) for n in _TEMPLATES}
    for folder in _DOC_DIRS:
        try:
            names = sorted(os.listdir(os.path.join(root, folder)))[:60]
        except OSError:
            continue
        files += [os.path.join(root, folder, n) for n in names if n.endswith((".md", ".rst", ".txt"))]
    found: list[tuple[str, int, int, bool, str, str]] = []
    for index, path in enumerate(files):
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(200_000)
        except OSError:
            continue
        heading_date = ""
        file_date = _DATE.search(text[:600])
        position = 0
        for block in re.split(r"\n\s*\n", text):
            first = block.lstrip().splitlines()[0] if block.strip() else ""
            if first.startswith("#") or first.lower().startswith(("date:", "status:")):
                dated = _DATE.search(first)
                if dated:
                    heading_date = dated.group(1)
            for sentence in re.split(r"(?<=[.!?])\s+|\n(?=\s*[-*#])", block):
                position += 1
                said = _statement(sentence, branch)
                if said is None or said and path in templates:
                    continue
                own = _DATE.search(sentence)
                date = own.group(1) if own else heading_date or (file_date.group(1) if file_date else "")
                found.append((date, index, position, said, " ".join(sentence.split())[:240], path))
    if not found:
        return None
    found.sort(key=lambda f: (f[0] or "0000", f[1], f[2]))
    date, _i, _p, value, sentence, path = found[-1]
    rel = os.path.relpath(path, root)
    when = f" ({date})" if date else ""
    if value:
        return True, f"{rel}{when}: \"{sentence}\" — pushes to {branch} go through a pull request", [path]
    earlier = [f for f in found if f[3]]
    lifted = f"; it replaces the earlier rule in {os.path.relpath(earlier[-1][5], root)}: \"{earlier[-1][4]}\"" \
        if earlier else ""
    return False, f"{rel}{when}: \"{sentence}\" — a direct push to {branch} is the rule now{lifted}", [path]


# --- verifiers ---


class DefaultBranch:
    name = "git.default-branch"
    keys = ("git.default_branch",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        inputs = git_inputs(ctx, "refs/remotes/origin/HEAD", "config", head=False)
        code, out = ctx.git("symbolic-ref", "refs/remotes/origin/HEAD")
        if code == 0 and out.strip().startswith("refs/remotes/origin/"):
            value = out.strip()[len("refs/remotes/origin/") :]
            evidence = f"git symbolic-ref refs/remotes/origin/HEAD → {out.strip()}"
            return observe(self.name, record, value, "repository", agree(record.value, value), evidence, inputs)
        url = remote_url(ctx, "origin")
        local = local_remote_path(url, ctx.root) if url else None
        if local is not None:
            if not os.path.exists(local):
                return CannotVerify(self.name, f"origin is the path {local}, which does not exist")
            code, out = ctx.git("ls-remote", "--symref", local, "HEAD")
            match = re.search(r"^ref: refs/heads/(\S+)\s+HEAD$", out, re.MULTILINE) if code == 0 else None
            if match:
                value = match.group(1)
                evidence = f"git ls-remote --symref {local} HEAD → {out.strip().splitlines()[0]}"
                for name in ("HEAD", ".git/HEAD"):
                    if os.path.isfile(os.path.join(local, name)):
                        inputs[os.path.join(local, name)] = ctx.file_hash(os.path.join(local, name))
                return observe(self.name, record, value, "repository", agree(record.value, value), evidence, inputs)
        return self._from_local_branches(record, ctx, url, inputs)

    def _from_local_branches(self, record: Record, ctx: VerifyContext, url: str | None,
                             inputs: dict[str, str]) -> Result:
        code, out = ctx.git("for-each-ref", "--format=%(refname:short)", "refs/heads")
        branches = out.split() if code == 0 else []
        code, out = ctx.git("config", "--get", "init.defaultBranch")
        configured = out.strip() if code == 0 else ""
        usual = [b for b in ("main", "master") if b in branches]
        if configured and configured in branches:
            value, why = configured, f"git config init.defaultBranch → {configured} (exists)"
        elif len(usual) == 1:
            value, why = usual[0], f"local branches {branches}: only {usual[0]} of main/master exists"
        elif len(branches) == 1:
            value, why = branches[0], f"the only local branch is {branches[0]}"
        else:
            return CannotVerify(self.name, f"no origin/HEAD, no local origin to ask, and local branches {branches} "
                                           "leave the default ambiguous")
        inputs.update(git_inputs(ctx, "packed-refs", "refs/heads/main", "refs/heads/master", head=False))
        agrees = agree(record.value, value)
        if agrees is False and url:  # a network origin may say otherwise: local branches are only a hint
            agrees, why = None, why + f"; origin {redact_url(url)} not consulted"
        return observe(self.name, record, value, "repository", agrees, why, inputs)


_REMOTE_BOOLS = ("receive.denyNonFastForwards", "receive.denyDeletes")
_REMOTE_SETTINGS = (*_REMOTE_BOOLS, "core.hooksPath")
_TRUE_WORDS, _FALSE_WORDS = ("true", "yes", "on"), ("false", "no", "off", "")


def _remote_settings(ctx: VerifyContext, git_dir: str) -> dict[str, tuple[int, str]]:
    """What ``git -C GIT_DIR config [--bool] --get KEY`` answers for each of the remote's settings the branch check
    reads, from one ``git config --get-regexp`` instead of one git per key: (exit code, output) by key. A key is left
    out — and then asked of git alone, as before — when one call cannot say for certain what git's own answer is
    (a boolean spelled other than a word or a decimal number, output that does not parse, an error)."""
    code, out = ctx.run("git", "-C", git_dir, "config", "-z", "--get-regexp",
                        "^(" + "|".join(k.lower().replace(".", "\\.") for k in _REMOTE_SETTINGS) + ")$")
    if code == 1 and not out.strip():
        return {key: (1, "") for key in _REMOTE_SETTINGS}  # none is set
    if code != 0 or not out.endswith("\0"):
        return {}
    last: dict[str, str | None] = {}
    names = {k.lower(): k for k in _REMOTE_SETTINGS}
    for item in out[:-1].split("\0"):
        name, newline, value = item.partition("\n")
        if name not in names:
            return {}  # not git's output alone (a warning on stderr): ask key by key
        last[names[name]] = value if newline else None  # `--get` answers with the last value
    found: dict[str, tuple[int, str]] = {}
    for key in _REMOTE_SETTINGS:
        if key not in last:
            found[key] = (1, "")
            continue
        given = last[key]
        if key not in _REMOTE_BOOLS:
            found[key] = (0, f"{given or ''}\n")
        elif given is None or given.lower() in _TRUE_WORDS:
            found[key] = (0, "true\n")  # a key without `=` is true
        elif given.lower() in _FALSE_WORDS:
            found[key] = (0, "false\n")
        elif given.isdigit() and given.isascii() and not (given.startswith("0") and len(given) > 1):
            found[key] = (0, "true\n" if int(given) else "false\n")
    return found


# the verifier name of an observation that rests on the team's documents lifting a push rule (it outranks a memory
# file's restrictive line: recovery.resolve)
DOCUMENTED_PUSH_RULE = "git.documented-push-rule"


class BranchProtected:
    name = "git.branch-protection"
    keys = ("git.branch.protected",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        branch = scope_branch(record)
        if branch is None:
            return CannotVerify(self.name, f"git.branch.protected needs scope branch:NAME, not {record.scope!r}")
        claimed = as_bool(record.value)
        table = policy(ctx)
        if table.protected_branches is not None:
            patterns = list(table.protected_branches)
            hits = [p for p in patterns if p == branch or fnmatchcase(branch, p)]
            value = bool(hits)
            evidence = (f".statewise.toml [policy] protected_branches = {patterns}: "
                        + (f"{branch} matches {hits[0]!r}" if hits else f"{branch} is not listed"))
            inputs = {".statewise.toml": ctx.file_hash(".statewise.toml")}
            return observe(self.name, record, value, f"branch:{branch}", agree(claimed, value), evidence, inputs)
        remote = table.remote or "origin"
        url = remote_url(ctx, remote)
        if url is None:
            return CannotVerify(self.name, f"no [policy] protected_branches in .statewise.toml and no remote {remote!r}"
                                           " to inspect")
        local = local_remote_path(url, ctx.root)
        if local is not None:
            result = self._local(record, ctx, branch, remote, local, claimed)
        else:
            result = self._github(record, ctx, branch, remote, url, claimed)
        if isinstance(result, CannotVerify) or result.value is None:
            said = documented_push_rule(ctx.root, branch)
            if said is not None:  # the server cannot say: the team's own latest word about pushes to the branch
                value, evidence, files = said
                inputs = {f: ctx.file_hash(f) for f in files}
                return observe(self.name, record, value, f"branch:{branch}", agree(claimed, value), evidence, inputs)
        elif result.value is False and claimed is True and record.source.startswith("memory-file:"):
            # the server does not enforce it, and the team's latest word lifts the rule a memory file keeps: the
            # documents outrank the memory file (a rule the memory file states as policy holds otherwise)
            said = documented_push_rule(ctx.root, branch)
            if said is not None and said[0] is False:
                inputs = {**result.inputs, **{f: ctx.file_hash(f) for f in said[2]}}
                return observe(DOCUMENTED_PUSH_RULE, record, False, f"branch:{branch}", False,
                               f"{result.evidence}\n{said[1]}", inputs)
            # the memory file's rule holds as policy until the team's documents lift it: they are inputs too
            result.inputs.update({n: ctx.file_hash(n) for n in _DOC_FILES + _TEMPLATES})
        return result

    def _local(self, record: Record, ctx: VerifyContext, branch: str, remote: str, local: str,
               claimed: bool | None) -> Result:
        if not os.path.exists(local):
            return CannotVerify(self.name, f"remote {remote} is the path {local}, which does not exist")
        code, out = ctx.run("git", "-C", local, "rev-parse", "--absolute-git-dir")
        if code != 0:
            return CannotVerify(self.name, f"remote {remote} ({local}) is not a git repository: {out.strip()[:200]}")
        git_dir = out.strip()
        lines: list[str] = []
        protected, unsure = False, False
        requires: list[str] = []
        inputs = {os.path.join(git_dir, "config"): ctx.file_hash(os.path.join(git_dir, "config"))}
        settings = _remote_settings(ctx, git_dir)
        for setting in ("receive.denyNonFastForwards", "receive.denyDeletes"):
            code, out = settings.get(setting) or ctx.run("git", "-C", git_dir, "config", "--bool", "--get", setting)
            shown = out.strip() if code == 0 else "(unset)"
            lines.append(f"git -C {local} config --get {setting} → {shown}")
            protected = protected or shown == "true"
        code, out = settings.get("core.hooksPath") or ctx.run("git", "-C", git_dir, "config", "--get", "core.hooksPath")
        hooks = os.path.join(git_dir, out.strip()) if code == 0 and out.strip() else os.path.join(git_dir, "hooks")
        for hook in ("pre-receive", "update"):
            path = os.path.join(hooks, hook)
            if not (os.path.isfile(path) and os.access(path, os.X_OK)):
                continue
            inputs[path] = ctx.file_hash(path)
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    text = fh.read(200_000)
                hit = mentions_branch(text, branch)
            except OSError:
                text, hit = "", None
            from statewise_cli.recovery.premises_refrules import hook_rules, judge, push_option_rule

            said, named = judge(hook_rules(path, text), f"refs/heads/{branch}")
            rule = commit_rule(text)
            option = push_option_rule(text) if said == "unknown" else None
            if option is not None and hit:
                requires.append(f"the push option {option}")
                lines.append(f"{path} (executable) {hit}, but rejects it only without a push option it reads "
                             f"(GIT_PUSH_OPTION_*: {option}): a push that carries it is accepted, so it does not "
                             f"protect {branch}")
            elif said == "accept" and named is not None:
                requires.append(f"the hook's own list of refs it takes ({' | '.join(named[1])})")
                lines.append(f"{path} (executable) line {named[3]} lets {' | '.join(named[1])} through: it names "
                             f"{branch} to accept it, not to protect it")
            elif rule is not None:
                requires.append(rule)
                lines.append(f"{path} (executable) {hit or 'names no branch'}: it checks only the pushed commits' "
                             f"content ({rule}); a push whose commits meet that is accepted, so it does not protect "
                             f"{branch}")
            elif hit:
                protected = True
                lines.append(f"{path} (executable) {hit}")
            else:
                unsure = True
                lines.append(f"{path} (executable) does not name {branch}")
        scope = f"branch:{branch}"
        if protected:
            return observe(self.name, record, True, scope, agree(claimed, True), "\n".join(lines), inputs)
        if unsure:
            lines.append("a hook may still reject pushes to this branch: inconclusive")
            return observe(self.name, record, None, scope, None, "\n".join(lines), inputs)
        if requires:
            lines.append(f"no receive.deny* setting; pushes to {branch} are accepted when their commits meet: "
                         + "; ".join(requires))
        else:
            lines.append(f"no receive.deny* setting and no pre-receive/update hook on {remote} ({local})")
        return observe(self.name, record, False, scope, agree(claimed, False), "\n".join(lines), inputs)

    def _github(self, record: Record, ctx: VerifyContext, branch: str, remote: str, url: str,
                claimed: bool | None) -> Result:
        slug = github_slug(url)
        hint = "declare it in .statewise.toml [policy] protected_branches"
        if slug is None:
            return CannotVerify(self.name, f"remote {remote} is {redact_url(url)}: not a local path and not GitHub, "
                                           f"nothing to inspect; {hint}")
        if not network_allowed(ctx):
            return CannotVerify(self.name, f"remote {remote} is GitHub ({slug}) and network checks are off "
                                           f"([verifiers] network = true enables gh); or {hint}")
        gh = which("gh", ctx.env)
        if gh is None:
            return CannotVerify(self.name, f"remote {remote} is GitHub ({slug}) but gh is not installed; or {hint}")
        timeout = min(GH_TIMEOUT_S, ctx.timeout)
        code, out = ctx.run(gh, "auth", "status", timeout=timeout)
        if code != 0:
            return CannotVerify(self.name, f"gh is not authenticated (gh auth status exit {code}); or {hint}")
        endpoint = f"repos/{slug}/branches/{branch}/protection"
        code, out = ctx.run(gh, "api", endpoint, timeout=timeout)
        first = (out.strip().splitlines() or [""])[0][:300]
        if code == 0:
            value = True
        elif "404" in out or "not protected" in out.lower():
            value = False
        else:
            return CannotVerify(self.name, f"gh api {endpoint} failed (exit {code}): {first}")
        return observe(self.name, record, value, f"branch:{branch}", agree(claimed, value),
                       f"gh api {endpoint} → exit {code}: {first}")


class CurrentBranch:
    name = "git.current-branch"
    keys = ("git.current_branch",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        inputs = git_inputs(ctx, "HEAD")
        code, out = ctx.git("symbolic-ref", "--short", "-q", "HEAD")
        if code == 0 and out.strip():
            value: str | None = out.strip()
            evidence = f"git symbolic-ref --short HEAD → {value}"
        else:
            code, out = ctx.git("rev-parse", "--short", "HEAD")
            if code != 0:
                return CannotVerify(self.name, f"cannot read HEAD: {out.strip()[:200]}")
            value, evidence = None, f"HEAD is detached at {out.strip()}"
        return observe(self.name, record, value, "workspace", agree(record.value, value), evidence, inputs)


class Upstream:
    name = "git.upstream"
    keys = ("git.upstream",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        branch = scope_branch(record) or ctx.repo.branch
        if not branch:
            return CannotVerify(self.name, "no branch: give the record scope branch:NAME (HEAD is detached)")
        claimed = record.value
        if isinstance(claimed, str):
            claimed = claimed.strip().removeprefix("refs/remotes/") or None
        inputs = git_inputs(ctx, "config", head=False)
        code, _ = ctx.git("rev-parse", "--verify", "-q", f"refs/heads/{branch}")
        if code != 0:
            return observe(self.name, record, None, f"branch:{branch}", agree(claimed, None),
                           f"no local branch {branch} (git rev-parse --verify refs/heads/{branch} failed)", inputs)
        _, remote = ctx.git("config", "--get", f"branch.{branch}.remote")
        _, merge = ctx.git("config", "--get", f"branch.{branch}.merge")
        remote, merge = remote.strip(), merge.strip().removeprefix("refs/heads/")
        value = (merge if remote == "." else f"{remote}/{merge}") if remote and merge else None
        evidence = (f"git config branch.{branch}.remote → {remote or '(unset)'}; "
                    f"branch.{branch}.merge → {merge or '(unset)'}")
        return observe(self.name, record, value, f"branch:{branch}", agree(claimed, value), evidence, inputs)


def _url_key(url: str) -> str:
    """Compare remote URLs by host and path: ``git@h:o/r.git`` ≡ ``https://h/o/r``."""
    url = redact_url(url).rstrip("/").removesuffix(".git")
    match = re.match(r"^(?:[a-z+]+://)?(?:[^/@]*@)?([^/:]+)(?::\d+(?=/))?[:/](.+)$", url)
    return f"{match.group(1).lower()}/{match.group(2)}" if match else url


class RemoteUrl:
    name = "git.remote-url"
    keys = ("git.remote.*.url",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        remote = record.key[len("git.remote.") : -len(".url")]
        inputs = git_inputs(ctx, "config", head=False)
        url = remote_url(ctx, remote)
        if url is None:
            value = None
            evidence = f"git remote get-url {remote} → no such remote"
            agrees = agree(record.value, None)
        else:
            value = redact_url(url)
            evidence = f"git remote get-url {remote} → {value}"
            agrees = None if record.value is None else (
                isinstance(record.value, str) and _url_key(record.value) == _url_key(url))
        return observe(self.name, record, value, "repository", agrees, evidence, inputs)


class BranchExists:
    name = "git.branch-exists"
    keys = ("git.branch.exists",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        branch = scope_branch(record)
        if branch is None:
            return CannotVerify(self.name, f"git.branch.exists needs scope branch:NAME, not {record.scope!r}")
        code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes")
        if code != 0:
            return CannotVerify(self.name, f"git for-each-ref failed: {out.strip()[:200]}")
        found = [ref for ref in out.split() if fnmatchcase(ref, f"refs/heads/{branch}")
                 or (fnmatchcase(ref, f"refs/remotes/*/{branch}") and not ref.endswith("/HEAD"))]
        value = bool(found)
        evidence = (f"git for-each-ref refs/heads refs/remotes → {', '.join(found[:10])}" if found
                    else f"git for-each-ref: no refs/heads/{branch} nor refs/remotes/*/{branch}")
        _, remotes = ctx.git("remote")
        inputs = git_inputs(ctx, "packed-refs", f"refs/heads/{branch}",
                            *(f"refs/remotes/{remote}/{branch}" for remote in remotes.split()), head=False)
        return observe(self.name, record, value, f"branch:{branch}", agree(as_bool(record.value), value), evidence,
                       inputs)


class WorktreeClean:
    name = "git.worktree-clean"
    keys = ("git.worktree.clean",)

    def verify(self, record: Record, ctx: VerifyContext) -> Result:
        code, out = ctx.git("status", "--porcelain=v1", "--untracked-files=normal")
        if code != 0:
            return CannotVerify(self.name, f"git status --porcelain failed (exit {code}): {out.strip()[:200]}")
        changed = [line for line in out.splitlines() if line.strip()]
        value = not changed
        evidence = "git status --porcelain → " + ("(clean)" if value else "\n" + "\n".join(changed[:20]))
        # No inputs: any edit anywhere changes the answer, so the observation must never be reused from cache.
        return observe(self.name, record, value, "workspace", agree(as_bool(record.value), value), evidence)


for _verifier in (DefaultBranch(), BranchProtected(), CurrentBranch(), Upstream(), RemoteUrl(), BranchExists(),
                  WorktreeClean()):
    register(_verifier)
