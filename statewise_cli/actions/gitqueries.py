"""The output of a ``$(git …)`` that only asks the repository where it is or which branch it is on.

``$(git rev-parse --show-cdup)``, ``--show-toplevel``, ``--show-prefix``, ``--git-dir``, ``--git-common-dir``,
``--abbrev-ref HEAD``, ``--symbolic-full-name @{-1}``, ``git branch --show-current``, ``git symbolic-ref [--short]
HEAD``: each is a read that runs no hook, no pager and no configured command, and its answer is the same when the
hook asks as when the command runs — provided nothing before it on the same line may have moved ``HEAD`` or the
directory (the shell parser marks that, see :data:`RAN`). Anything else, or a query git cannot answer, stays
unknown and gets the protected answer.

Imported only when a command line holds such a substitution (not at hook start).
"""

from __future__ import annotations

from statewise_cli.actions.shell import RAN  # noqa: F401  (set by the parser: something ran before on the line)

_LOCATION = frozenset({"--show-cdup", "--show-toplevel", "--show-prefix", "--git-dir", "--absolute-git-dir",
                       "--git-common-dir", "--is-inside-work-tree"})
_QUIET = frozenset({"-q", "--quiet"})
_SAFE_REF = frozenset("@{}-~^/._")


def _ref_word(word: str) -> bool:
    """A revision git resolves by itself (``HEAD``, ``@{-1}``, ``@``, ``main``), with nothing the shell would expand."""
    return bool(word) and not word.startswith("-") and all(c.isalnum() or c in _SAFE_REF for c in word) \
        and ".." not in word


# The renderings of a ref's name a for-each-ref query may print (`%(refname)`, `%(refname:short)`, `:lstrip=N`).
_REF_FORMAT = {"%(refname": "x", "short": "x", **{f"{k}={n}": "x" for k in ("lstrip", "strip") for n in range(1, 4)}}


def _ref_pattern(word: str) -> bool:
    """A for-each-ref pattern under refs/ (a prefix or a glob), with nothing the shell would expand but the glob."""
    return word.startswith("refs/") and ".." not in word and all(c.isalnum() or c in "/._-*" for c in word)


def query_argv(words: list[str]) -> tuple[str, ...] | None:
    """The git argv of a query this module answers, or None."""
    if len(words) < 3 or words[0] != "git":
        return None
    sub, rest = words[1], words[2:]
    if sub == "rev-parse":
        if len(rest) == 1 and rest[0] in _LOCATION:
            return ("git", "rev-parse", rest[0])
        opts = [w for w in rest if w.startswith("-")]
        refs = [w for w in rest if not w.startswith("-")]
        if len(refs) == 1 and _ref_word(refs[0]) and opts and set(opts) <= {"--abbrev-ref", "--symbolic-full-name"}:
            return ("git", "rev-parse", *opts, refs[0])
        return None
    if sub == "branch" and rest == ["--show-current"]:
        return ("git", "branch", "--show-current")
    if sub == "for-each-ref":
        # the name of the branch (or tag) a pattern matches: `git for-each-ref --format='%(refname:short)' 'refs/heads/x*'`
        formats = [w.partition("=")[2] for w in rest if w.startswith("--format=")]
        counts = [w for w in rest if w.startswith("--count=") and w[8:].isdigit()]
        sorts = [w for w in rest if w.startswith("--sort=") and all(c.isalnum() or c in "-:" for c in w[7:])]
        patterns = [w for w in rest if not w.startswith("-")]
        if (len(formats) == 1 and _REF_FORMAT.get(formats[0].split(":", 1)[-1].rstrip(")"), "") and
                formats[0].startswith("%(refname") and len(rest) == 1 + len(counts) + len(sorts) + len(patterns)
                and patterns and all(_ref_pattern(w) for w in patterns)):
            return ("git", "for-each-ref", *rest)
        return None
    if sub == "config":
        return _config_read(rest)
    source = _log_source(rest) if sub == "log" else None
    if source is not None:
        # `git log -1 --format=%S REF`: the name REF itself (git-log(1): "%S: ref name given on the command line by
        # which the commit was reached"), printed when REF names a commit — asked as that question
        return ("git", "rev-parse", "--verify", "--quiet", "--end-of-options", source + "^{commit}")
    if sub == "show-ref":
        # the refs a listing prints (`git show-ref --heads`), one `SHA REF` line each: a read of the ref store
        opts = [w for w in rest if w.startswith("-")]
        if set(opts) <= {"--heads", "--branches", "--tags", "-s", "--hash", "--abbrev"} and all(
                _ref_word(w) for w in rest if not w.startswith("-")):
            return ("git", "show-ref", *rest)
        return None
    if sub == "symbolic-ref":
        opts = [w for w in rest if w.startswith("-")]
        refs = [w for w in rest if not w.startswith("-")]
        if refs == ["HEAD"] and set(opts) <= _QUIET | {"--short"}:
            return ("git", "symbolic-ref", *opts, "HEAD")
    return None


def _log_source(rest: list[str]) -> str | None:
    """REF of ``log -1 --format=%S REF`` (``-n1``, ``-n 1``, ``--max-count=1``, ``--pretty=format:%S``), else None."""
    words = list(rest)
    if "-n" in words:
        k = words.index("-n")
        if words[k + 1:k + 2] != ["1"]:
            return None
        words[k:k + 2] = ["-1"]
    ones = [w for w in words if w in ("-1", "-n1", "--max-count=1")]
    formats = [w for w in words if w in ("--format=%S", "--pretty=format:%S", "--pretty=tformat:%S")]
    refs = [w for w in words if not w.startswith("-")]
    if len(ones) != 1 or len(formats) != 1 or len(refs) != 1 or len(words) != 3 or not _ref_word(refs[0]):
        return None
    return refs[0]


_CONFIG_READ_FLAGS = frozenset({"--get", "--bool", "--int", "--bool-or-int", "--path", "--expiry-date", "--local",
                                "--global", "--system", "--worktree", "--includes", "--no-includes"})


def _config_read(rest: list[str]) -> tuple[str, ...] | None:
    """``git config [--get] --default VALUE KEY`` (git-config(1): "--default <value>: When using --get, and the
    requested variable is not found, behave as if <value> were the value"), also ``git config get --default=V KEY``:
    a read of one key, which git answers itself (VALUE when the key is missing). Only reading options; one key."""
    words = rest[1:] if rest[:1] == ["get"] else rest
    keys: list[str] = []
    has_default = False
    k = 0
    while k < len(words):
        w = words[k]
        if w == "--default" and k + 1 < len(words):
            has_default, k = True, k + 2
            continue
        if w.startswith("--default="):
            has_default = True
        elif w.startswith("-") and w not in _CONFIG_READ_FLAGS and not (
                w.startswith("--type=") and w[7:] in ("bool", "int", "bool-or-int", "path", "expiry-date")):
            return None
        elif not w.startswith("-"):
            keys.append(w)
        k += 1
    if not has_default or len(keys) != 1 or not all(c.isalnum() or c in ".-_" for c in keys[0]) or "." not in keys[0]:
        return None
    return ("git", "config", *rest)


def answer(words: list[str], pwd: str) -> str | None:
    """What the query prints in ``pwd`` (the shell drops trailing newlines), or None when it is not one of the
    queries above or git does not answer with one plain line."""
    import os

    argv = query_argv(words)
    if argv is None or not pwd.startswith("/") or not os.path.isdir(pwd):
        return None
    from statewise_cli.subproc import run_readonly

    code, out = run_readonly(argv, pwd, os.environ, 2.0)  # the environment the command itself inherits
    text = out.rstrip("\n")
    if code != 0 or ("\n" in text and argv[1] != "show-ref") or "$" in text or "`" in text:
        return None
    if words[1] == "log":
        return _log_source(words[2:])  # the commit exists: %S prints the name it was reached by
    return text
