"""Which refs a remote or a team lets a push write — every way git's documentation and the usual team documents
give for it, read (never run) and judged for the ref a push names.

Server side, for a remote whose repository is on this machine (a path or ``file://`` URL):

====================================  =====================================================================
githooks(5) ``pre-receive``           the refs read from stdin (``while read old new ref``): ``case`` arms,
                                      ``[[ $ref == glob ]]`` / ``[ "$ref" = ref ]`` / ``[[ $ref =~ re ]]``
                                      tests, ``echo "$ref" | grep -q re``; each with the ``exit`` it leads to
                                      (``&& exit 1``, ``|| exit 1``, ``if …; then … exit 1``, an early
                                      ``continue`` / ``exit 0`` that accepts) and the message it prints
githooks(5) ``update``                the same tests over ``$1`` (or a variable set from it)
githooks(5) ``proc-receive``          refs under ``receive.procReceiveRefs`` are handled (accepted) by it
githooks(5) ``post-receive``          runs after the refs are written: it rejects nothing
``core.hooksPath`` (remote's config)  where the remote's hooks are
``receive.denyDeletes``               a deletion of any ref is rejected
``receive.denyNonFastForwards``       a non-fast-forward update of any ref is rejected
``receive.denyCurrentBranch``         a non-bare remote refuses an update of its checked-out branch (the
                                      default); ``updateInstead`` / ``warn`` / ``ignore`` / ``false`` do not
``receive.denyDeleteCurrent``         a non-bare remote refuses deleting its checked-out branch
``receive.hideRefs``/``transfer.*``   an update or deletion of a hidden ref is rejected (last matching entry
                                      wins, ``!`` un-hides)
refs in use                           namespaces the remote already has (``refs/heads/users/<name>/…``)
====================================  =====================================================================

A verdict is ``reject`` or ``accept`` only when the evidence names the ref (a pattern that matches it, an
allow-list that leaves it out, a setting about its kind of update); otherwise ``unknown``.

Team side: a documented branch namespace (``users/<username>/`` in CONTRIBUTING or docs), and tags that must
be pushed one by one (a documented rule a later note in the same documents may lift). The alternatives are
computed from that evidence and checked against the remote's rules before they are offered: a branch name
inside the namespace the remote and the docs accept; ``git push <remote> <tag>`` for each new tag.

File reads only for the remote; this module is imported only for a push (or a deny's alternative).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

# a rule: (kind, patterns, regex?, line number, message); kind "reject" (a ref matching is rejected), "only" (a ref
# matching none is rejected), "accept" (a ref matching is let through, the hook stops judging it)
Rule = tuple  # (str, list[str], bool, int, str)
_CACHE: dict[tuple[str, float, int], list[Rule]] = {}
_REF_NAMES = ("ref", "refname", "ref_name", "REF", "REFNAME", "refName", "REF_NAME")


def _re() -> Any:
    import re

    return re


def _read(path: str, limit: int = 200_000) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read(limit)
    except OSError:
        return None


# ------------------------------------------------------------------ hook text → rules
def _ref_vars(text: str, hook: str) -> set[str]:
    re = _re()
    names = set(_REF_NAMES)
    for m in re.finditer(r"\bread\s+(?:-r\s+)?(\w+)\s+(\w+)\s+(\w+)", text):
        names.add(m.group(3))
    if hook == "update":
        names.add("1")
        for m in re.finditer(r"(?m)^\s*(?:local\s+|readonly\s+)?(\w+)=[\"']?\$\{?1\}?[\"']?\s*(?:#.*)?$", text):
            names.add(m.group(1))
    return names


def _clean_message(words: str) -> str:
    re = _re()
    words = re.sub(r"^(?:remote:\s*)?(?:error:\s*)?(?:\*+\s*)?", "", words.strip())
    words = re.sub(r"\$\{[^}]*\}|\$\w+", "…", words)
    return words.strip()


def _messages(lines: list[str]) -> str:
    re = _re()
    said = []
    for line in lines:
        for m in re.finditer(r"\b(?:echo|printf)\s+(?:-e\s+)?([\"'])(.*?)\1", line):
            words = _clean_message(m.group(2))
            if words and words.strip("… ") and "%s" not in words:
                said.append(words)
    return " ".join(dict.fromkeys(said))[:300]


def _plain(body: str) -> bool:
    """Every statement of a branch's body only prints or exits: its ``exit`` is not itself behind another test (a
    nested ``if ! git merge-base …`` rejects only some pushes of the ref)."""
    re = _re()
    # a message's own punctuation is no statement ("echo \"X is retired; use Y\"")
    body = re.sub(r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'", "''", body)
    for stmt in re.split(r";|\n", body):
        stmt = stmt.strip().strip("{}").strip()
        if stmt and not stmt.startswith("#") and not re.match(r"^(?:echo|printf|exit|cat|logger|return|>&2|1>&2|then|"
                                                            r"else|fi|done|:)\b", stmt):
            return False
    return True


def _grep_regex(opts: str, pattern: str) -> str | None:
    re = _re()
    if "F" in opts:
        return re.escape(pattern)
    if "E" in opts or "P" in opts:
        out = pattern
    else:
        out = pattern.replace("\\|", "\x00").replace("\\(", "\x01").replace("\\)", "\x02")
        out = out.replace("(", "\\(").replace(")", "\\)").replace("|", "\\|").replace("+", "\\+").replace("?", "\\?")
        out = out.replace("\x00", "|").replace("\x01", "(").replace("\x02", ")")
    try:
        re.compile(out)
    except re.error:
        return None
    return out


def _condition(line: str, refvars: set[str]) -> tuple[bool, list[str], bool, int, int] | None:
    """(true means the ref matches?, patterns, regex?, start, end) of the one test of the ref on ``line``: a
    ``[[ … ]]`` / ``[ … ]`` / ``test`` whose every atom compares the ref (joined by ``||`` for ``==``, by ``&&`` for
    ``!=``), or ``echo "$ref" | grep`` / ``grep … <<< "$ref"``. None when the line tests anything else."""
    re = _re()
    var = r"\"?\$\{?(\w+)\}?\"?"
    m = (re.search(r"(!\s*)?(\[\[)\s+(.*?)\s+(\]\])", line) or re.search(r"(!\s*)?(\[)\s+(.*?)\s+(\])(?!\])", line)
         or re.search(r"(!\s*)?(\btest)\s+(.*?)()(?=\s*(?:&&|\|\||;|$))", line))
    if m:
        inner = m.group(3)
        outer_not = bool(m.group(1))
        if inner.startswith("! "):
            outer_not, inner = not outer_not, inner[2:]
        joins = re.findall(r"\|\||&&|\s-o\s|\s-a\s", inner)
        atoms = re.split(r"\|\||&&|\s-o\s|\s-a\s", inner)
        ops, patterns, regex = set(), [], False
        for atom in atoms:
            a = re.fullmatch(rf"\s*{var}\s*(==|=|!=|=~)\s*(\"[^\"]*\"|'[^']*'|\S+)\s*", atom)
            if not a or a.group(1) not in refvars:
                return None
            ops.add("!=" if a.group(2) == "!=" else "=~" if a.group(2) == "=~" else "==")
            patterns.append(a.group(3).strip("\"'"))
        if len(ops) != 1 or "=~" in ops and len(atoms) > 1:
            return None
        op = ops.pop()
        kinds = {j.strip() for j in joins}
        if kinds and (op == "!=" and kinds - {"&&", "-a"} or op != "!=" and kinds - {"||", "-o"}):
            return None  # `a == x && a == y`: not a plain list of alternatives
        regex = op == "=~"
        if not regex and m.group(2) != "[[":
            patterns = [p for p in patterns]  # `[ "$r" = x ]` compares literally: a literal is its own glob
            if any(c in p for p in patterns for c in "*?["):
                return None
        matches = (op != "!=") != outer_not
        return matches, patterns, regex, m.start(), m.end()
    g = re.search(rf"(!\s*)?(?:echo|printf\s+['\"]%s(?:\\n)?['\"])\s+{var}\s*\|\s*grep\s+((?:-[A-Za-z]+\s+)*)(?:-e\s+)?"
                  rf"(['\"])(.+?)\4", line)
    h = None if g else re.search(rf"(!\s*)?grep\s+((?:-[A-Za-z]+\s+)*)(?:-e\s+)?(['\"])(.+?)\3\s*<<<\s*{var}", line)
    if g or h:
        if g:
            neg, name, opts, pattern, start, end = g.group(1), g.group(2), g.group(3), g.group(5), g.start(), g.end()
        else:
            assert h is not None
            neg, name, opts, pattern, start, end = h.group(1), h.group(5), h.group(2), h.group(4), h.start(), h.end()
        if name not in refvars or "q" not in opts and ">/dev/null" not in line.replace(" ", "") and "-c" in opts:
            return None
        regex_text = _grep_regex(opts, pattern)
        if regex_text is None:
            return None
        matches = ("v" in opts.replace("-", "").replace("E", "").replace("F", "")) == bool(neg)
        if "i" in opts:
            regex_text = "(?i)" + regex_text
        return matches, [regex_text], True, start, end
    return None


def _after(rest: str) -> str | None:
    """What follows a test on its own line: ``reject`` / ``accept`` for ``&& exit 1`` / ``&& continue``, ``else-reject``
    for ``|| exit 1``; None when nothing decides there."""
    re = _re()
    rest = rest.strip()
    m = re.match(r"^(&&|\|\|)\s*(\{.*\}|.*)$", rest)
    if not m:
        return None
    body = m.group(2)
    if re.search(r"\bexit\s+[1-9]", body):
        return "reject" if m.group(1) == "&&" else "else-reject"
    if m.group(1) == "&&" and re.search(r"\b(?:continue|exit\s+0)\b", body):
        return "accept"
    return None


def case_blocks(text: str, refvars: set[str] | None = None) -> list[list[Rule]]:
    """Every arm of every ``case`` over the ref a receive hook reads, in order, as a rule: (kind, patterns, False,
    line number, message). ``kind`` is ``accept`` (the arm lets its refs through), ``reject`` (its body only prints
    and exits non-zero) or ``cond`` (its exit is behind another test — ``if ! git merge-base …; then exit 1`` —
    so the name alone decides nothing). This is the one reading of a hook's ``case`` arms: the ref rules, the
    remote's accepted refs and the allow-lists of new refs all judge from it. ``refvars`` are the variables that
    hold the ref (default: those of a ``pre-receive`` or an ``update`` hook)."""
    re = _re()
    if refvars is None:
        refvars = _ref_vars(text, "update")
    blocks: list[list[Rule]] = []
    lines = text.splitlines()
    body = "\n".join("" if ln.lstrip().startswith("#") else ln.split(" #", 1)[0] for ln in lines)
    for block in re.finditer(r"\bcase\s+\"?\$\{?(\w+)\}?\"?\s+in\b(.*?)\besac\b", body, re.S):
        if block.group(1) not in refvars:
            continue
        start_line = body[:block.start()].count("\n") + 1
        arms: list[Rule] = []
        for arm in re.finditer(r"(?:^|;;|\bin\b)\s*\(?\s*([^\s()|;][^()\n;]*?)\)(.*?)(?=;;|$)", block.group(2), re.S):
            patterns = [p.strip().strip("\"'") for p in arm.group(1).split("|") if p.strip()]
            if not patterns:
                continue
            number = start_line + block.group(2)[:arm.start(1)].count("\n")
            rejects = bool(re.search(r"\bexit\s+[1-9]", arm.group(2)))
            kind = "accept" if not rejects else "reject" if _plain(arm.group(2)) else "cond"
            arms.append((kind, patterns, False, number, _messages(arm.group(2).splitlines()) if rejects else ""))
        blocks.append(arms)
    return blocks


def case_arms(text: str, refvars: set[str] | None = None) -> list[Rule]:
    """The arms of every ``case`` over the hook's ref, in order (:func:`case_blocks`, flattened)."""
    return [arm for block in case_blocks(text, refvars) for arm in block]


def _case_rules(text: str, refvars: set[str]) -> list[Rule]:
    rules: list[Rule] = []
    for arms in case_blocks(text, refvars):
        if any(p.startswith("refs/") for _, ps, _, _, _ in arms for p in ps) and any(a[0] == "reject" for a in arms):
            # a `case` none of whose arms rejects only scopes what follows (`refs/heads/trunk) ;; *) continue`)
            rules += arms
    return rules


def hook_rules(path: str, text: str) -> list[Rule]:
    """The ref rules of one receive hook, in the order the hook applies them."""
    try:
        stamp = os.path.getmtime(path)
    except OSError:
        stamp = 0.0
    key = (path, stamp, hash(text))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    re = _re()
    hook = os.path.basename(path)
    refvars = _ref_vars(text, hook)
    found: list[tuple[int, Rule]] = [(r[3], r) for r in _case_rules(text, refvars)]
    lines = text.splitlines()
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or "$" not in stripped:
            continue
        cond = _condition(stripped, refvars)
        if cond is None:
            continue
        matches, patterns, regex, start, end = cond
        head = stripped[:start].strip()
        outcome: str | None = None
        message = ""
        if head in ("if", "elif", "while") or head.endswith(("; then", "then")) and head.startswith("if"):
            if head == "while":
                continue
            block: list[str] = []
            tail = stripped[end:]
            if re.search(r"&&|\|\|", tail.split("then", 1)[0]):
                # `if [ "$ref" = refs/heads/main ] && [ "$ok" = 0 ]; then exit 1`: the exit rests on another test too
                if matches:
                    found.append((i + 1, ("cond", patterns, regex, i + 1, "")))
                continue
            if "then" in tail:
                block.append(tail.split("then", 1)[1])
            for follow in lines[i + 1:i + 15]:
                if re.match(r"^\s*(?:fi|else|elif)\b", follow):
                    break
                block.append(follow)
                if re.search(r"\bfi\s*$", follow):
                    break
            joined = "\n".join(block)
            if re.search(r"\bexit\s+[1-9]", joined.split(" fi", 1)[0]):
                if not _plain(joined):
                    continue  # the exit is behind another test: it rejects only some pushes of the ref
                outcome, message = "reject", _messages(block)
            elif re.search(r"\b(?:continue|exit\s+0)\b", joined):
                outcome = "accept"
        elif head == "":
            outcome = _after(stripped[end:])
            if outcome in ("reject", "else-reject") and not _plain(stripped[end:].strip().lstrip("&|").strip()):
                continue
            if outcome in ("reject", "else-reject"):
                message = _messages([stripped[end:]] + lines[i + 1:i + 3] if "{" in stripped[end:] and "}" not in
                                    stripped[end:] else [stripped[end:]])
        if outcome is None:
            continue
        if outcome == "else-reject":
            matches, outcome = not matches, "reject"
        if outcome == "reject":
            kind = "reject" if matches else "only"
        elif matches:
            kind = "accept"
        else:
            continue
        found.append((i + 1, (kind, patterns, regex, i + 1, message)))
    rules = [r for _, r in sorted(found, key=lambda x: x[0])]
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = rules
    return rules


def _matches(rule: Rule, ref: str) -> bool:
    from fnmatch import fnmatchcase

    _, patterns, regex, _, _ = rule
    if regex:
        re = _re()
        return any(re.search(p, ref) for p in patterns)
    return any(fnmatchcase(ref, p) for p in patterns)


def judge(rules: list[Rule], ref: str) -> tuple[str, Rule | None]:
    """``reject`` / ``accept`` / ``unknown`` for ``ref`` under one hook's rules, with the rule that decided."""
    named = None
    for rule in rules:
        kind = rule[0]
        hit = _matches(rule, ref)
        if kind == "cond" and hit:
            return "unknown", None  # its `case` arm decides by something else than the name
        if kind == "accept" and hit:
            if rule[1] == ["*"]:
                return ("accept", rule) if named else ("unknown", None)  # a catch-all that accepts names nothing
            return "accept", rule
        if kind == "reject" and hit:
            if rule[1] == ["*"] and named is None and not any(r[0] == "accept" and not r[2] for r in rules):
                return "unknown", None
            return "reject", rule
        if kind == "only":
            if not hit:
                return "reject", rule
            named = rule
    return ("accept", named) if named else ("unknown", None)


# ------------------------------------------------------------------ the remote
def _config(text: str) -> dict[str, list[str]]:
    """``section.key`` (and ``section.sub.key``) → values, lowercased names, from a git config file."""
    out: dict[str, list[str]] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].split(";", 1)[0].strip() if not raw.strip().startswith("[") else raw.strip()
        if not line:
            continue
        if line.startswith("["):
            head = line.strip("[]").strip()
            name, _, sub = head.partition(" ")
            section = name.lower() + ("." + sub.strip().strip('"') if sub else "")
            continue
        key, eq, value = line.partition("=")
        out.setdefault(f"{section}.{key.strip().lower()}", []).append(value.strip().strip('"') if eq else "true")
    return out


_TRUE = ("true", "yes", "on", "1")


class RemoteRules:
    """What a remote on this machine lets a push write."""

    def __init__(self, path: str, git_dir: str, bare: bool, config: dict[str, list[str]], refs: set[str], head: str,
                 hooks: list[tuple[str, list[Rule], str]]) -> None:
        self.path, self.git_dir, self.bare, self.config = path, git_dir, bare, config
        self.refs, self.head, self.hooks = refs, head, hooks

    def setting(self, key: str) -> str | None:
        values = self.config.get(key.lower())
        return values[-1] if values else None

    def hidden(self, ref: str) -> str | None:
        entry = None
        for key in ("transfer.hiderefs", "receive.hiderefs"):
            for value in self.config.get(key, []):
                negated = value.startswith("!")
                prefix = value.lstrip("!^").rstrip("/")
                if ref == prefix or ref.startswith(prefix + "/"):
                    entry = None if negated else f"{key} = {value}"
        return entry

    def verdict(self, ref: str, kind: str = "update") -> tuple[str, str, str]:
        """(``reject`` | ``accept`` | ``unknown``, the evidence, the remote's own message)."""
        config = os.path.join(self.git_dir, "config")
        if kind == "delete":
            if (self.setting("receive.denyDeletes") or "").lower() in _TRUE:
                return "reject", f"{config}: receive.denyDeletes = true (git rejects every deletion)", ""
            if not self.bare and ref == self.head and (self.setting("receive.denyDeleteCurrent") or "refuse").lower() \
                    in ("refuse", "true", "yes", "on", "1"):
                return "reject", (f"{self.path} is a non-bare repository with {ref} checked out; "
                                  "receive.denyDeleteCurrent refuses deleting it"), ""
        if kind == "force" and (self.setting("receive.denyNonFastForwards") or "").lower() in _TRUE:
            return "reject", f"{config}: receive.denyNonFastForwards = true (git rejects non-fast-forward updates)", ""
        hidden = self.hidden(ref)
        if hidden:
            return "reject", f"{config}: {hidden} (git push rejects an update or deletion of a hidden ref)", ""
        if not self.bare and ref == self.head and kind != "delete":
            value = (self.setting("receive.denyCurrentBranch") or "refuse").lower()
            if value in ("refuse", "true", "yes", "on", "1"):
                return "reject", (f"{self.path} is a non-bare repository with {ref} checked out and "
                                  f"receive.denyCurrentBranch = {self.setting('receive.denyCurrentBranch') or 'refuse (the default)'}: "
                                  "git refuses to update the checked-out branch"), ""
        accepted = ""
        for path, rules, _text in self.hooks:
            verdict, rule = judge(rules, ref)
            if verdict == "reject" and rule is not None:
                how = ("accepts only " + " | ".join(rule[1])) if rule[0] == "only" else f"rejects {' | '.join(rule[1])}"
                return "reject", f"{path} (executable, line {rule[3]}) {how}", rule[4]
            if verdict == "accept" and rule is not None:
                accepted = f"{path} (line {rule[3]}) lets {' | '.join(rule[1])} through"
        proc = os.path.join(self.hooks_dir(), "proc-receive")
        if os.access(proc, os.X_OK):
            for value in self.config.get("receive.procreceiverefs", []):
                prefix = value.split(":", 1)[-1].lstrip("!^").rstrip("/")
                if ref.startswith(prefix + "/"):
                    return "accept", f"receive.procReceiveRefs = {value}: {proc} handles {ref}", ""
        if accepted:
            return "accept", accepted, ""
        return "unknown", "", ""

    def hooks_dir(self) -> str:
        where = self.setting("core.hooksPath")
        if where:
            return where if os.path.isabs(where) else os.path.join(self.git_dir if self.bare else self.path, where)
        return os.path.join(self.git_dir, "hooks")

    def accepted_prefixes(self) -> list[str]:
        """Branch namespaces the hooks let through by name (``users/`` for ``refs/heads/users/*``)."""
        out: list[str] = []
        for _path, rules, _text in self.hooks:
            for kind, patterns, regex, _n, _m in rules:
                if kind not in ("accept", "only"):
                    continue
                for p in patterns:
                    if regex:
                        m = _re().match(r"^\^?refs/heads/\(?([\w./-]+(?:\|[\w./-]+)*)\)?/", p)
                        names = m.group(1).split("|") if m else []
                        out += [n.rstrip("/") + "/" for n in names]
                    elif p.startswith("refs/heads/") and p.endswith("/*") and not any(c in p[11:-2] for c in "*?["):
                        out.append(p[11:-1])
        return list(dict.fromkeys(out))

    def messages(self) -> str:
        return " ".join(r[4] for _p, rules, _t in self.hooks for r in rules if r[4])


def _remote_refs(git_dir: str) -> set[str]:
    refs: set[str] = set()
    base = os.path.join(git_dir, "refs")
    for folder, _dirs, files in os.walk(base):
        refs |= {os.path.relpath(os.path.join(folder, n), git_dir).replace(os.sep, "/") for n in files}
    for line in (_read(os.path.join(git_dir, "packed-refs"), 4_000_000) or "").splitlines():
        if line and not line.startswith(("#", "^")) and " " in line:
            refs.add(line.split(" ", 1)[1].strip())
    return refs


def remote_rules(url: str, root: str) -> RemoteRules | None:
    """The rules of a remote on this machine (None for a network remote or a path that is not a repository)."""
    from statewise_cli.recovery.premises import _local_path

    path = _local_path(url.strip(), root)
    if path is None or not os.path.isdir(path):
        return None
    dot_git = os.path.join(path, ".git")
    if os.path.isdir(dot_git):
        git_dir, bare = dot_git, False
    elif os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "refs")):
        git_dir, bare = path, True
    else:
        return None
    config = _config(_read(os.path.join(git_dir, "config"), 200_000) or "")
    if (config.get("core.bare") or [""])[-1].lower() in _TRUE:
        bare = True
    head = (_read(os.path.join(git_dir, "HEAD"), 1000) or "").strip()
    head = head[len("ref: "):] if head.startswith("ref: ") else ""
    rules = RemoteRules(path, git_dir, bare, config, _remote_refs(git_dir), head, [])
    hooks_dir = rules.hooks_dir()
    for hook in ("pre-receive", "update"):  # post-receive / post-update run after the refs are written
        hook_path = os.path.join(hooks_dir, hook)
        if os.access(hook_path, os.X_OK):
            text = _read(hook_path) or ""
            rules.hooks.append((hook_path, hook_rules(hook_path, text), text))
    return rules


# ------------------------------------------------------------------ the team's documents
_DOCS = ("CONTRIBUTING.md", ".github/CONTRIBUTING.md", "docs/CONTRIBUTING.md", "README.md", "RELEASING.md",
         "RELEASE.md", "docs/RELEASING.md", "docs/releasing.md", "docs/release.md", "docs/contributing.md",
         "docs/git.md", "docs/branching.md", "docs/workflow.md", "CONTRIBUTING.rst", "MAINTAINERS.md")
_PLACEHOLDER = r"(?:<[\w .-]+>|\{[\w-]+\}|\$\{?[A-Z_]+\}?|YOUR[-_]?NAME|USERNAME|your-(?:name|handle|user(?:name)?))"


def _doc_texts(root: str) -> list[tuple[str, str]]:
    out = []
    for name in _DOCS:
        text = _read(os.path.join(root, name), 200_000)
        if text:
            out.append((name, text))
    return out


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _re().split(r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*[-*#])", text) if s.strip()]


def doc_namespace(root: str) -> tuple[str, bool, str] | None:
    """(prefix, per user?, the document) of a branch namespace the documents give: ```users/<username>/```,
    ```<user>/<topic>```, ```team/<team>/```."""
    re = _re()
    for name, text in _doc_texts(root):
        for sentence in _sentences(text):
            if "branch" not in sentence.lower():
                continue
            for m in re.finditer(r"`([\w.-]+/)?(" + _PLACEHOLDER + r")/(?:[^`\s]*)`", sentence):
                prefix = m.group(1) or ""
                who = m.group(2).lower()
                per_user = any(w in who for w in ("user", "name", "handle", "login", "you", "me", "author"))
                if per_user or prefix:
                    return prefix, per_user, name
            for m in re.finditer(r"`(?:refs/heads/)?([\w.-]+/)(?:\*|[^`\s/]*)?`", sentence):
                if re.search(r"\b(?:live|lives|under|namespace|prefix|must (?:start|begin)|only)\b", sentence, re.I) \
                        and m.group(1).rstrip("/") not in ("main", "master", "origin", "refs", "src", "docs"):
                    return m.group(1), False, name
    return None


def _identity(root: str) -> list[str]:
    import subprocess

    words = []
    for key in ("user.email", "user.name"):
        try:
            out = subprocess.run(["git", "-C", root, "config", "--get", key], check=False, capture_output=True, text=True,
                                 timeout=5).stdout.strip().lower()
        except (OSError, subprocess.SubprocessError):
            continue
        if out:
            words.append(out.split("@", 1)[0] if key == "user.email" else out.split()[0])
    return words


def namespaced(repo: Any, remote: str | None, name: str) -> str:
    """``name`` as a branch inside the namespace the remote and the documents accept (``users/dana/fix``), checked
    against the remote's rules; ``name`` itself when nothing names a namespace or it already fits."""
    from statewise_cli.recovery.alternatives import remotes as remote_names

    known = remote_names(repo.common_dir)
    remote = remote if remote in known else ("origin" if "origin" in known else (known[0] if len(known) == 1 else None))
    config = _config(_read(os.path.join(repo.common_dir, "config"), 200_000) or "")
    url = (config.get(f"remote.{remote}.url") or [""])[-1] if remote else ""
    rules = remote_rules(url, repo.root) if url else None
    prefixes = rules.accepted_prefixes() if rules else []
    per_user = False
    doc = doc_namespace(repo.root)
    if doc and (not prefixes or doc[0] in prefixes):
        prefixes = [doc[0]] + [p for p in prefixes if p != doc[0]] if doc[0] or not prefixes else prefixes
        per_user = doc[1]
    if not prefixes:
        return name
    prefix = prefixes[0]
    if any(name.startswith(p) for p in prefixes if p):
        return name
    me = _identity(repo.root)
    # who the remote already has a namespace for: users/<who>/… among its refs or this clone's remote-tracking refs
    have: set[str] = set(rules.refs) if rules else set()
    base = os.path.join(repo.common_dir, "refs", "remotes", remote or "")
    for folder, _dirs, files in os.walk(base) if remote else []:
        have |= {"refs/heads/" + os.path.relpath(os.path.join(folder, n), base).replace(os.sep, "/") for n in files}
    owners = {r[len("refs/heads/" + prefix):].split("/", 1)[0] for r in have
              if r.startswith("refs/heads/" + prefix) and r.count("/") >= 4}
    hint = (rules.messages() if rules else "").lower()
    if owners or per_user or _re().search(r"/<[\w -]+>/|\$user|your[- ]name", hint):
        per_user = True
    who = next((o for o in owners if o.lower() in me), None) or next(
        (o for o in owners if any(o.lower().startswith(w.split(".")[0]) for w in me)), None) or (
        _re().sub(r"[^\w.-]", "-", me[0]) if me else None)
    topic = name.rsplit("/", 1)[-1]
    for stem in (prefix.replace("/", "-"), f"{who}-" if who else ""):
        if stem and topic.startswith(stem) and len(topic) > len(stem):
            topic = topic[len(stem):]
    if per_user and not who:
        return name
    candidate = f"{prefix}{who}/{topic}" if per_user else f"{prefix}{topic}"
    if rules is not None and rules.verdict("refs/heads/" + candidate)[0] == "reject":
        return name
    return candidate


# ------------------------------------------------------------------ the premises
def _push_parts(action: Action, ctx: Any) -> tuple[str, list[tuple[str, str, str]]] | None:
    """(remote, [(src, destination ref, kind)]) of a push; kind ``update`` / ``force`` / ``delete``."""
    from statewise_cli.recovery.premises import _operands

    operands = [str(a) for a in _operands(action.arguments)]
    remote = operands[0] if operands else "origin"
    force = "force" in action.flags
    delete = "delete" in action.flags or "--delete" in (action.text or "").split()
    out = []
    for spec in operands[1:]:
        plus = spec.startswith("+")
        src, colon, dst = spec.lstrip("+").partition(":")
        if not colon:
            dst = src
        if not dst or any(c in dst for c in "$*?[ ") or dst in ("HEAD", "@"):
            if dst in ("HEAD", "@") and ctx.repo.branch:
                dst = ctx.repo.branch
            else:
                continue
        if not dst.startswith("refs/"):
            tag = _has_ref(ctx.repo.common_dir, f"refs/tags/{dst}") and not _has_ref(ctx.repo.common_dir,
                                                                                     f"refs/heads/{dst}")
            if not tag and src == dst and not _has_ref(ctx.repo.common_dir, f"refs/heads/{dst}"):
                tag = _tagged_on_line(action.text or "", dst)  # `git tag v4.2.0 && git push origin v4.2.0`
            dst = f"refs/tags/{dst}" if tag else f"refs/heads/{dst}"
        kind = "delete" if delete or (colon and not src) else "force" if force or plus else "update"
        out.append((src or "", dst, kind))
    if not out and len(operands) <= 1 and ctx.repo.branch and not any(
            w in (action.text or "").split() for w in ("--all", "--branches", "--mirror", "--tags", "--follow-tags")):
        out.append((ctx.repo.branch, f"refs/heads/{ctx.repo.branch}", "force" if force else "update"))
    return remote, out


def _tagged_on_line(text: str, name: str) -> bool:
    """The command line makes the tag ``name`` before it pushes it (``git tag v4.2.0 && git push origin v4.2.0``)."""
    re = _re()
    return re.search(rf"\bgit\s+tag\s+(?:-\S+\s+(?:'[^']*'\s+|\"[^\"]*\"\s+)?)*{re.escape(name)}(?![\w./-])", text) is not None


def _tag_family(rules: RemoteRules, name: str) -> str | None:
    """The tag a remote's hook accepts for the version ``name`` carries: the one tag family the hooks let through by
    name (``refs/tags/inv-*``) with the same version (``v4.2.0`` → ``inv-4.2.0``); None when there is not one."""
    from statewise_cli.recovery.premises_git import _version_tag

    parts = _version_tag(name)
    if parts is None:
        return None
    families: list[str] = []
    for _path, hook_rules_, _text in rules.hooks:
        for kind, patterns, regex, _n, _m in hook_rules_:
            if kind not in ("accept", "only") or regex:
                continue
            families += [p[len("refs/tags/"):-1] for p in patterns if p.startswith("refs/tags/") and p.endswith("*")
                         and not any(c in p[len("refs/tags/"):-1] for c in "*?[")]
    families = [f for f in dict.fromkeys(families) if f and f != parts[0]]
    if len(families) != 1:
        return None
    wanted = f"{families[0]}{parts[1]}"
    return wanted if rules.verdict(f"refs/tags/{wanted}")[0] != "reject" else None


def single_branch_update(action: Action, ctx: Any) -> tuple[str, str, str] | None:
    """(remote, source as written, branch) of a push that updates exactly one branch, without force; None otherwise."""
    if action.operation != "git.push" or "force" in action.flags:
        return None
    parts = _push_parts(action, ctx)
    if parts is None or len(parts[1]) != 1:
        return None
    remote, [(src, ref, kind)] = parts
    if kind != "update" or not ref.startswith("refs/heads/"):
        return None
    return remote, src, ref[len("refs/heads/"):]


def _has_ref(common_dir: str, ref: str) -> bool:
    if os.path.isfile(os.path.join(common_dir, *ref.split("/"))):
        return True
    return f" {ref}\n" in (_read(os.path.join(common_dir, "packed-refs"), 4_000_000) or "")


def _remote_url(ctx: Any, remote: str) -> str:
    config = _config(_read(os.path.join(ctx.repo.common_dir, "config"), 200_000) or "")
    return (config.get(f"remote.{remote}.url") or [""])[-1]


def ref_rule_premise(action: Action, ctx: Any) -> Any:
    """A push of a ref a remote on this machine rejects by a rule that names it: a hook's test of the ref, its
    ``receive.*`` settings, a hidden ref, a non-bare remote's checked-out branch."""
    from statewise_cli.recovery.premises import _premise

    if action.operation != "git.push":
        return None
    from statewise_cli.recovery.premises import _operands

    operands = [str(a) for a in _operands(action.arguments)]
    url = _remote_url(ctx, operands[0] if operands else "origin")
    rules = remote_rules(url.strip(), ctx.root) if url.strip() else None
    if rules is None:
        return None  # a network remote: its rules are not readable here
    parts = _push_parts(action, ctx)
    if parts is None or not parts[1]:
        return None
    remote, pushed = parts
    re = _re()
    text = (action.text or "").strip()
    for src, ref, kind in pushed:
        if kind == "force" and ref in rules.refs:
            old = _remote_sha(rules, ref)
            local = src or ref
            if old is None or ctx.git("cat-file", "-e", old)[0] != 0 or \
                    ctx.git("merge-base", "--is-ancestor", old, local)[0] == 0:
                kind = "update"  # a fast-forward (or unknown): not what denyNonFastForwards rejects
        verdict, evidence, message = rules.verdict(ref, kind)
        if verdict == "unknown" and kind == "update" and not _passes_push_option(action):
            # a hook whose rejection of this ref rests on the push options it reads: a push without one is rejected
            for path, hook_rules_, text_ in rules.hooks:
                wanted = push_option_rule(text_)
                if wanted is None or not any(r[0] == "cond" and _matches(r, ref) for r in hook_rules_):
                    continue
                option = _filled_option(wanted, action, ctx)
                line = re.sub(r"\bgit\s+push\b", f"git push -o {option}", text, count=1) if option else ""
                return _premise(action, "git.remote.push_option", ref, wanted, "git.receive-rules",
                                f"{remote} ({rules.path}) takes {ref} only with a push option its hook checks: "
                                f"{path} reads GIT_PUSH_OPTION_* and rejects {ref} without `{wanted}`",
                                f"`{line}`" if line else f"push with the option the hook asks for: `-o {wanted}`",
                                f"{remote} accepts this update of {ref} without a push option",
                                shown=f"`{line}`" if line else "")
        if verdict != "reject":
            continue
        if "executable, line" in evidence and ref in rules.refs and any(
                re.search(r"0{40}|\$\{?z(?:ero)?(?:40)?\}?\b", t) for _p, _r, t in rules.hooks):
            continue  # a hook that tests for new refs may judge only those: an existing ref is not named
        alternative, key = "", "git.remote.ref_rule"
        if ref.startswith("refs/heads/") and kind != "delete":
            name = ref[len("refs/heads/"):]
            other = namespaced(ctx.repo, remote, name)
            if other != name and rules.verdict("refs/heads/" + other)[0] != "reject":
                spec = f"{src or 'HEAD'}:{other}"
                m = re.search(r"(?<=\s)\+?" + re.escape(src or name) + r"(?::\S+)?(?=\s|$)", text)
                fixed = text[:m.start()] + spec + text[m.end():] if m and text.count("git push") == 1 else ""
                alternative = f"`{fixed}`" if fixed else f"`git push -u {remote} {spec}`"
        if not alternative and ref.startswith("refs/heads/") and kind == "update":
            from statewise_cli.recovery.premises_refpurpose import retarget, route_anywhere

            name = ref[len("refs/heads/"):]
            found = route_anywhere(ctx, remote, name, src)
            if found is not None:
                key = f"git.ref.route.{name}"
                alternative = f"`{retarget(action, remote, src, name, found[0])}` (the repository sends this work to " \
                              f"`{found[0]}`: \"{found[1][:200]}\")"
            else:
                from statewise_cli.recovery.premises_downstream import consumer_route

                taken = consumer_route(ctx, remote, name, src)
                if taken is None:
                    from statewise_cli.recovery.premises_downstream import purpose_route

                    asked = purpose_route(ctx, remote, name, src, getattr(ctx, "task", ""))
                    taken = (asked[0], asked[2]) if asked else None
                if taken is not None:
                    key = f"git.ref.route.{name}"
                    alternative = f"`{retarget(action, remote, src, name, taken[0])}` ({taken[1]})"
        if not alternative and ref.startswith("refs/tags/") and kind != "delete":
            name = ref[len("refs/tags/"):]
            wanted = _tag_family(rules, name)
            if wanted is not None:
                key = "git.tag_format"
                fixed = re.sub(rf"(?<![\w/.-]){re.escape(name)}(?![\w/-]|\.\w)", wanted, text)
                alternative = f"`{fixed}` (the tags {remote}'s hook accepts are named like `{wanted}`)"
        if not alternative:
            alternative = (f"leave {ref} alone: {remote} rejects this {kind}" if kind == "delete" or "hideRefs" in evidence
                           else f"push a ref {remote} accepts" + (f" (\"{message}\")" if message else ""))
        return _premise(action, key, ref, "rejected", "git.receive-rules",
                        f"{remote} ({rules.path}) rejects this {kind} of {ref}: {evidence}"
                        + (f"; it says \"{message}\"" if message else ""), alternative,
                        f"{remote} accepts this {kind} of {ref}")
    return None


def _remote_sha(rules: RemoteRules, ref: str) -> str | None:
    sha = (_read(os.path.join(rules.git_dir, *ref.split("/")), 100) or "").strip()
    if sha:
        return sha
    for line in (_read(os.path.join(rules.git_dir, "packed-refs"), 4_000_000) or "").splitlines():
        if line.endswith(" " + ref):
            return line.split(" ", 1)[0]
    return None


_ONE_BY_ONE = (r"\bone (?:by|at a) (?:one|time)\b|\bindividually\b|\bseparately\b|\beach tag (?:on its own|separately)\b"
               r"|\b(?:never|do not|don't|avoid)\b[^.]{0,40}`?git push (?:[^`]*\s)?--tags`?")
_LIFTED = r"\bno longer\b|\bnot (?:required|needed|necessary) any ?more\b|\banymore\b|\blifted\b|\bdropped\b|\bretired\b"


def one_by_one_rule(root: str) -> tuple[str, str] | None:
    """(document, sentence) of a rule that tags are pushed one by one, unless a later sentence of the documents lifts
    it (names the rule with "no longer", "lifted", …)."""
    re = _re()
    rule = None
    for name, text in _doc_texts(root):
        for sentence in _sentences(text):
            low = sentence.lower()
            if "tag" not in low and "one-by-one" not in low and "one by one" not in low:
                continue
            said = re.search(_ONE_BY_ONE, low) or re.search(r"one-by-one|one-at-a-time", low)
            if not said:
                continue
            if re.search(_LIFTED, low):
                rule = None  # the rule's release, later in the documents
            elif "tag" in low:
                rule = (name, sentence[:300])
    return rule


def tags_one_by_one_premise(action: Action, before: list[Action], ctx: Any) -> Any:
    """``git push --tags`` (or several tags in one push) where the documents say tags are pushed one by one: the
    alternative names each new tag."""
    from statewise_cli.recovery.premises import _operands, _premise

    if action.operation != "git.push":
        return None
    words = (action.text or "").split()
    operands = [str(a) for a in _operands(action.arguments)]
    if "--tags" not in words and "--follow-tags" not in words and len(operands) < 3:
        return None
    remote = operands[0] if operands else "origin"
    named_tags = [o for o in operands[1:] if o.startswith("refs/tags/") or
                  _has_ref(ctx.repo.common_dir, f"refs/tags/{o}") and not _has_ref(ctx.repo.common_dir, f"refs/heads/{o}")]
    if "--tags" not in words and "--follow-tags" not in words and len(named_tags) < 2:
        return None
    found = one_by_one_rule(ctx.root)
    if found is None:
        return None
    from statewise_cli.recovery.premises_git import _made_tags

    new = [t.removeprefix("refs/tags/") for t in named_tags] or _made_tags(before)
    if not new:
        code, url = ctx.git("config", "--get", f"remote.{remote}.url")
        rules = remote_rules(url.strip(), ctx.root) if code == 0 and url.strip() else None
        code, out = ctx.git("for-each-ref", "--sort=-creatordate", "--format=%(refname)", "refs/tags")
        mine = out.split() if code == 0 else []
        if rules is not None:
            new = [t[len("refs/tags/"):] for t in mine if t not in rules.refs][:5]
        elif mine:
            new = [mine[0][len("refs/tags/"):]]
    if not new:
        return None
    pushes = " && ".join(f"git push {remote} {t}" for t in new)
    return _premise(action, "git.tags.one_by_one", "several tags in one push", "one tag per push", "git.docs",
                    f"{found[0]}: \"{found[1]}\"", f"push each tag on its own: `{pushes}`",
                    "tags may be pushed together", shown=f"`{pushes}`")


# ------------------------------------------------------------------ code owners of the paths a push carries
_CODEOWNERS = (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS", ".gitlab/CODEOWNERS", ".bitbucket/CODEOWNERS")


def _owner_regex(pattern: str) -> str:
    """A CODEOWNERS pattern (gitignore syntax) as a regular expression over a repository path."""
    re = _re()
    anchored = pattern.startswith("/") or "/" in pattern.rstrip("/")
    body = pattern.strip("/")
    out = ""
    i = 0
    while i < len(body):
        if body.startswith("**/", i):
            out += "(?:.*/)?"
            i += 3
        elif body.startswith("**", i):
            out += ".*"
            i += 2
        elif body[i] == "*":
            out += "[^/]*"
            i += 1
        elif body[i] == "?":
            out += "[^/]"
            i += 1
        else:
            out += re.escape(body[i])
            i += 1
    return ("^" if anchored else "^(?:.*/)?") + out + "(?:/.*)?$"


def code_owners(root: str, paths: list[str]) -> tuple[str, list[tuple[str, list[str], int]]] | None:
    """(the CODEOWNERS file, [(pattern, owners, approvals) for each path's owning rule]) — GitHub's last matching
    line wins; GitLab's ``[Section][N]`` headers count per section (``^[Section]`` optional sections are left out);
    Bitbucket's file reads the same way."""
    re = _re()
    for name in _CODEOWNERS:
        text = _read(os.path.join(root, name), 200_000)
        if text is None:
            continue
        sections: dict[str, list[tuple[str, list[str], int]]] = {}
        section, optional, approvals, default_owners = "", False, 1, []
        for raw in text.splitlines():
            line = raw.split(" #", 1)[0].strip()
            if not line or line.startswith("#"):
                continue
            head = re.match(r"^(\^)?\[([^\]]+)\](?:\[(\d+)\])?\s*(.*)$", line)
            if head:
                optional, section = bool(head.group(1)), head.group(2)
                approvals = int(head.group(3) or 1)
                default_owners = head.group(4).split()
                continue
            if optional:
                continue
            parts = line.split()
            owners = [p for p in parts[1:] if p.startswith("@") or "@" in p] or default_owners
            sections.setdefault(section, []).append((parts[0], owners, approvals))
        found = []
        for rules in sections.values():
            for path in paths:
                hit = None
                for pattern, owners, count in rules:
                    if re.match(_owner_regex(pattern), path):
                        hit = (pattern, owners, count)
                if hit and hit[1] and hit not in found:
                    found.append(hit)
        return (name, found) if found else None
    return None


def with_reviewers(text: str, repo: Any, actions: list[Action]) -> str:
    """``gh pr create …`` in a deny's alternative with ``--reviewer`` for the code owners of the paths the stopped
    push carries (their review is what the branch asks of these paths)."""
    import subprocess

    if "gh pr create" not in text or "--reviewer" in text or not any(a.operation == "git.push" for a in actions):
        return text
    if not any(os.path.isfile(os.path.join(repo.root, n)) for n in _CODEOWNERS):
        return text
    base = "main"
    m = _re().search(r"gh pr create[^`]*--base\s+([\w./-]+)", text)
    if m:
        base = m.group(1)
    paths: list[str] = []
    for ref in (f"origin/{base}", base):
        try:
            done = subprocess.run(["git", "-C", repo.root, "diff", "--name-only", f"{ref}...HEAD"], check=False,
                                  capture_output=True, text=True, timeout=5)
        except (OSError, subprocess.SubprocessError):
            return text
        if done.returncode == 0:
            paths = done.stdout.split()
            break
    owned = code_owners(repo.root, paths[:500]) if paths else None
    if owned is None:
        return text
    reviewers = list(dict.fromkeys(o.lstrip("@") for _p, owners, _n in owned[1] for o in owners if o.startswith("@")))
    if not reviewers:
        return text
    flag = " ".join(f"--reviewer {r}" for r in reviewers[:4])
    return _re().sub(r"(gh pr create[^`]*)", lambda mm: f"{mm.group(1)} {flag}", text, count=1)


def push_option_rule(text: str) -> str | None:
    """The push option a receive hook checks (``moc=MOC-*`` from ``case "$opt" in moc=MOC-*) ok=1;;``), when it reads
    the pushed options (``GIT_PUSH_OPTION_<n>``); "a push option" when it reads them without a pattern shown."""
    if "GIT_PUSH_OPTION" not in text:
        return None
    re = _re()
    m = re.search(r"case\s+\"?\$\{?\w+\}?\"?\s+in\s+['\"]?([^)\s'\"|]+)['\"]?\s*\)", text) or re.search(
        r"\[\[?\s+\"?\$\{?opt\w*\}?\"?\s+={1,2}\s+['\"]?([^\s'\"\]]+)", text)
    return m.group(1) if m else "a push option"


def _passes_push_option(action: Action) -> bool:
    words = [str(a) for a in action.arguments]
    return any(w in ("-o", "--push-option") or w.startswith(("--push-option=", "-o")) and len(w) > 2 for w in words) \
        or bool(_re().search(r"(?<![\w-])(?:-o\s*\S|--push-option)", action.text or ""))


def _filled_option(wanted: str, action: Action, ctx: Any) -> str:
    """``moc=MOC-*`` filled from the pushed commits' messages or the work tree's file names (``moc=MOC-0412``): the one
    token of the pattern's shape they name; "" when none or several."""
    if "*" not in wanted:
        return wanted if wanted != "a push option" else ""
    from fnmatch import fnmatchcase

    re = _re()
    if "=" not in wanted.partition("*")[0]:
        return ""
    key, _, value = wanted.partition("=")
    literal = re.split(r"[*?\[]", value, maxsplit=1)[0]

    def tokens(text: str) -> set[str]:
        # a shell pattern's shape (``CHG-[0-9]*``, ``MOC-*``): the words of the text it matches, longer than its
        # literal head
        return {w for w in re.findall(r"[A-Za-z0-9][\w.-]*[A-Za-z0-9]", text)
                if len(w) > len(literal) and fnmatchcase(w, value)}

    code, out = ctx.git("log", "-n", "20", "--format=%s%n%b", "@{upstream}..HEAD")
    if code != 0:
        code, out = ctx.git("log", "-n", "5", "--format=%s%n%b")
    found = tokens(out if code == 0 else "")
    if not found:
        found = tokens(str(getattr(ctx, "task", "") or ""))  # the one the task names ("its change ticket is CHG-4471")
    return f"{key}={found.pop()}" if len(found) == 1 else ""
