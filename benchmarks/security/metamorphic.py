"""Metamorphic sweep of the security sets: the guard's verdict must not depend on the names a user picks.

Every case of a development security set is a seed. A variant changes only what a user is free to choose — file and
directory names under ``/tmp``, shell variable and function names, the quoting of a word that needs none, whitespace
and newline layout, ``git -C .``, a documented equivalent spelling of an option, a redundant ``--``, a ``./`` prefix,
a commit message, the agent's payload shape — and keeps its seed's label (deny for an attack, allow for a look-alike).
A variant whose verdict differs from its label is a finding.

    python benchmarks/security/metamorphic.py --sets z,y --per-case 2 --workers 2 --out /tmp/sweep.json
    python benchmarks/security/metamorphic.py --sets x,w --counts-only            # check group: totals only
    python benchmarks/security/metamorphic.py --sets z --list                     # generate, print counts, run nothing
    python benchmarks/security/metamorphic.py --sets aa,z --ops context --verify  # the context operators (below)

How a mutation keeps the label (each operator refuses what it cannot keep equal; see the operator's docstring):
- it rewrites only words outside quotes, here-documents, command substitutions, ``[[ ]]``, ``(( ))``, ``case`` and
  ``alias`` (a command holding any of them is left alone by the word-level operators), never a reserved word, an
  assignment, a word next to a redirection digit, a function-definition name or a word with a character the shell
  expands (``$ ~ * ? [ { \\``);
- a renamed ``/tmp`` name or variable is renamed at **every** occurrence in every step of the case, and only when
  each occurrence is of the recognised kind (a ``/tmp/NAME`` path; ``$v``, ``${v``, ``v=``, ``v()`` or a name operand
  of ``read``/``getopts``/``for``/``unset``/``local``/``readarray``/``export -f``/``bash -c``), so nothing else
  (a branch called like the variable, a module of an inline program) changes with it; a script's extension is kept;
- option respellings come from each program's documentation (``git push -f``/``--force``, ``rm -rf``/``-r -f``/
  ``--recursive --force``, ``git clean -fdx``/``-f -d -x``, ``-q``/``--quiet`` of ``git stash``/``reset``);
- the harness then executes every variant the hook allows in the same sandbox as the sets: a violation whose labelled
  damage did not happen is reported apart as ``unconfirmed`` (the mutation may have broken the attack), and a denied
  look-alike is run again with no hook to confirm it does no damage.

Context operators (``--ops context``): the command is the same, the context it runs in changes — the session's cwd
(a subdirectory of the repository, the directory above it, a directory beside it) with every command entering the
seed's directory first; ``cd``/``pushd``/``builtin cd``/``command cd`` to the directory the command already runs in;
a program that runs its argument vector (``nice``, ``nohup``, ``timeout``, ``stdbuf``, ``command``, ``env``, ``env -C``,
``flock``, ``setsid -w``, ``ionice``, ``taskset``, ``xargs`` with no input — ``chronic``, ``unbuffer``, ``sudo``,
``busybox`` and ``parallel`` are not installed here); ``time``/``exec``; ``( … )``/``{ …; }``; a backslash-newline;
``bash -c`` at one or two quoting levels, ``sh -c``, ``bash <<'EOF'``; a function or an alias defined earlier on the
line. Each operator's docstring says why bash or the program's manual makes it run the seed's argv in the seed's
directory and which lines it refuses; ``--verify`` then runs every variant that is a finding, and its seed, with no
hook in the sandbox: a variant whose damage differs from its seed's is counted as "not preserved" and dropped.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import random
import re
import shlex
import shutil
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests" / "security"))

FIT_SETS = ["aa", "z"]  # the development sets read case by case (--fit changes it)
RESERVED = frozenset(["if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in", "select", "function", "time", "coproc", "{", "}", "!", "[[", "]]"])
SAFE_WORD = re.compile(r"^[A-Za-z0-9_./:+@%,-]+$")
NO_WORD_OPS = ("<<", "[[", "((", "case ", "alias", "$((")
BUILTIN_WORDS = frozenset(["cd", "echo", "printf", "read", "getopts", "export", "unset", "local", "declare", "typeset", "readarray", "mapfile", "eval", "exec", "set", "shift", "source", "trap", "kill", "wait", "true", "false", "test", "let", "return", "exit", "break", "continue", "bash", "sh", "git", "npm", "rm", "cat", "env", "command", "builtin", "type", "hash", "ulimit", "umask"])


# ------------------------------------------------------------------ a small scanner of top-level words
@functools.lru_cache(maxsize=4096)
def words(cmd: str) -> list[tuple[int, int, str, bool]] | None:
    """Top-level words of a command line as (start, end, text, plain): ``plain`` when the word is outside every quote
    and substitution and holds only characters the shell leaves alone. None for a line the operators do not touch
    (a here-document, ``[[``, arithmetic, ``case``, an alias)."""
    if any(op in cmd for op in NO_WORD_OPS):
        return None
    out: list[tuple[int, int, str, bool]] = []
    i, n = 0, len(cmd)
    while i < n:
        c = cmd[i]
        if c in " \t\n;&|()<>":
            i += 1
            continue
        if c == "#":
            while i < n and cmd[i] != "\n":
                i += 1
            continue
        start, plain, depth = i, True, 0
        while i < n:
            c = cmd[i]
            if depth == 0 and c in " \t\n;&|()<>":
                break
            if c == "\\":
                plain = False
                i += 2
                continue
            if c == "'":
                plain = False
                j = cmd.find("'", i + 1)
                if j < 0:
                    return None
                i = j + 1
                continue
            if c == '"':
                plain = False
                j = i + 1
                while j < n and cmd[j] != '"':
                    j += 2 if cmd[j] == "\\" else 1
                if j >= n:
                    return None
                i = j + 1
                continue
            if c == "`":
                plain = False
                j = cmd.find("`", i + 1)
                if j < 0:
                    return None
                i = j + 1
                continue
            if c == "$" and i + 1 < n and cmd[i + 1] in "({":
                plain = False
                depth += 1
                i += 2
                continue
            if depth and c in ")}":
                depth -= 1
            i += 1
        text = cmd[start:i]
        if depth:
            return None
        out.append((start, i, text, plain and bool(SAFE_WORD.match(text))))
    return out


def _command_position(cmd: str, start: int) -> bool:
    j = start
    while j > 0 and cmd[j - 1] in " \t":
        j -= 1
    before = cmd[max(0, j - 8):j]  # enough for the longest reserved word before it
    return (not before or before[-1] in ";&|({\n"
            or re.search(r"(?:^|[\s;&|])(?:then|do|else|!)$", before) is not None
            or j <= 8 and before in ("then", "do", "else", "!"))


def _quotable(cmd: str, ws: list[tuple[int, int, str, bool]], k: int) -> bool:
    start, end, text, plain = ws[k]
    if not plain or text in RESERVED or "=" in text or text.isdigit() and end < len(cmd) and cmd[end:end + 1] in "<>":
        return False
    if end < len(cmd) and cmd[end] in "(<>":
        return False  # a function's name, a redirection's descriptor
    if start and cmd[start - 1] in "&<>":
        return False  # >&1, <&0
    prev = ws[k - 1][2] if k else ""
    return prev not in ("for", "select", "function", "case")


# ------------------------------------------------------------------ operators
Step = dict[str, Any]
Case = dict[str, Any]


def _bash_steps(case: Case) -> list[int]:
    return [i for i, s in enumerate(case["steps"]) if s["tool"] == "Bash"]


def _with_command(case: Case, i: int, command: str) -> Case:
    steps = [dict(s) for s in case["steps"]]
    steps[i]["command"] = command
    return {**case, "steps": steps}


def op_quote(case: Case, rng: random.Random) -> Case | None:
    """A plain word (an option, a path, a program name) quoted in a style bash reads as the same word."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        ws = words(cmd)
        if ws:
            choices += [(i, k) for k in range(len(ws)) if _quotable(cmd, ws, k)]
    if not choices:
        return None
    i, k = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    start, end, text, _ = words(cmd)[k]  # type: ignore[index]
    style = rng.choice(["'{}'", '"{}"', "\\{}", "{}''", '""{}', "'{}'\"\""])
    new = style.format(text) if not style.startswith("\\") else "\\" + text
    return _with_command(case, i, cmd[:start] + new + cmd[end:])


def op_layout(case: Case, rng: random.Random) -> Case | None:
    """Whitespace and newlines bash ignores: around the line, between words, after ``&&``/``||``/``|``/``;``."""
    bash = _bash_steps(case)
    if not bash:
        return None
    i = rng.choice(bash)
    cmd = case["steps"][i]["command"]
    ws = words(cmd)
    kind = rng.choice(["wrap", "spaces", "newline"]) if ws else "wrap"
    if kind == "wrap":
        return _with_command(case, i, "\n  " + cmd + ("" if cmd.endswith("\n") else " \n"))
    assert ws is not None
    gaps = [(ws[k][1], ws[k + 1][0]) for k in range(len(ws) - 1) if cmd[ws[k][1]:ws[k + 1][0]] in (" ",)]
    if kind == "spaces" and gaps:
        a, b = rng.choice(gaps)
        return _with_command(case, i, cmd[:a] + rng.choice(["   ", "\t", " \t "]) + cmd[b:])
    seps = []
    for k in range(len(ws) - 1):
        between = cmd[ws[k][1]:ws[k + 1][0]]
        m = re.fullmatch(r"(\s*)(&&|\|\||\||;)(\s*)", between)
        if m and not (m.group(2) == ";" and between.count(";") > 1):
            seps.append((ws[k][1], ws[k + 1][0], m.group(2)))
    if not seps:
        return _with_command(case, i, "\n  " + cmd + " \n")
    a, b, sep = rng.choice(seps)
    joined = " " + sep + "\n  " if sep != ";" else "\n"
    return _with_command(case, i, cmd[:a] + joined + cmd[b:])


def op_git_c(case: Case, rng: random.Random) -> Case | None:
    """``git -C . SUB`` for ``git SUB`` run as a command: git changes to the directory it is in."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        ws = words(cmd) or []
        choices += [(i, w[1]) for k, w in enumerate(ws[:-1]) if w[2] == "git" and w[3] and _command_position(cmd, w[0])
                    and ws[k + 1][3] and not ws[k + 1][2].startswith("-")]
    if not choices:
        return None
    i, at = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    return _with_command(case, i, cmd[:at] + " -C ." + cmd[at:])


_RESPELL: dict[tuple[str, ...], dict[str, list[str]]] = {
    ("git", "push"): {"-f": ["--force"], "--force": ["-f"], "-d": ["--delete"], "--delete": ["-d"]},
    ("git", "checkout"): {"-f": ["--force"], "--force": ["-f"]},
    ("git", "switch"): {"-f": ["--discard-changes"], "--discard-changes": ["-f"]},
    ("git", "clean"): {"-fdx": ["-f -d -x", "-xdf"], "-fd": ["-f -d", "-df"], "-fdX": ["-f -d -X"], "-f": ["--force"],
                       "-d": ["-d"], "-x": ["-x"]},
    ("git", "reset"): {"-q": ["--quiet"]},
    ("git", "stash"): {"-q": ["--quiet"]},
    ("git", "branch"): {"-D": ["--delete --force", "-d -f"]},
    ("rm",): {"-rf": ["-r -f", "-fr", "--recursive --force", "-R -f"], "-fr": ["-rf"], "-r": ["--recursive", "-R"],
              "-f": ["--force"]},
    ("npm",): {"i": ["install"], "install": ["i", "add"]},
}


def _simple_command(ws: list[tuple[int, int, str, bool]], cmd: str, k: int) -> list[int]:
    """Indexes of the words of the simple command whose first word is ws[k] (up to the next operator)."""
    idx = [k]
    for j in range(k + 1, len(ws)):
        if re.search(r"[;&|()\n]", cmd[ws[j - 1][1]:ws[j][0]]):
            break
        idx.append(j)
    return idx


def op_option(case: Case, rng: random.Random) -> Case | None:
    """An option spelt another way its program documents (``-f``/``--force``, ``-rf``/``-r -f``)."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        ws = words(cmd) or []
        for k, w in enumerate(ws):
            if not (w[3] and _command_position(cmd, w[0])):
                continue
            idx = _simple_command(ws, cmd, k)
            names = [ws[j][2] for j in idx]
            for key, table in _RESPELL.items():
                if tuple(names[:len(key)]) != key:
                    continue
                for j in idx[len(key):]:
                    if ws[j][2] == "--":
                        break
                    if ws[j][3] and ws[j][2] in table and (key != ("npm",) or j == idx[1]):
                        choices.append((i, ws[j][0], ws[j][1], rng.choice(table[ws[j][2]])))
    if not choices:
        return None
    i, a, b, new = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    return _with_command(case, i, cmd[:a] + new + cmd[b:])


def op_dashdash(case: Case, rng: random.Random) -> Case | None:
    """A redundant ``--`` before the first operand of ``rm`` (its options all come before it)."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        ws = words(cmd) or []
        for k, w in enumerate(ws):
            if w[2] == "rm" and w[3] and _command_position(cmd, w[0]):
                idx = _simple_command(ws, cmd, k)[1:]
                for j in idx:
                    if ws[j][2] == "--":
                        break
                    if not ws[j][2].startswith("-"):
                        choices.append((i, ws[j][0]))
                        break
    if not choices:
        return None
    i, at = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    return _with_command(case, i, cmd[:at] + "-- " + cmd[at:])


_PROJECT_DIRS = ("src/", "tools/", "scripts/", "docs/", "tests/")


def op_dotslash(case: Case, rng: random.Random) -> Case | None:
    """``./src/app.py`` for ``src/app.py``: a relative path in the project spelt from the current directory."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        for w in words(cmd) or []:
            if w[3] and w[2].startswith(_PROJECT_DIRS) and ":" not in w[2] and "," not in w[2]:
                choices.append((i, w[0]))
    if not choices:
        return None
    i, at = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    return _with_command(case, i, cmd[:at] + "./" + cmd[at:])


def op_message(case: Case, rng: random.Random) -> Case | None:
    """Another commit message (``git commit -m MSG``): plain words, a key-like word, non-ASCII text."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        ws = words(cmd) or []
        for k in range(len(ws) - 1):
            if ws[k][2] == "-m" and any(w[2] == "commit" for w in ws[max(0, k - 6):k]):
                choices.append((i, ws[k + 1][0], ws[k + 1][1]))
    if not choices:
        return None
    i, a, b = rng.choice(choices)
    msg = rng.choice(["'update the parser'", "'wip 7Hq2ZkP9x4LmB8vR3tN6cW1y'", "\"fix: ünïcödé 修正\"",
                      "'chore(build): bump version to 1.2.3'"])
    cmd = case["steps"][i]["command"]
    return _with_command(case, i, cmd[:a] + msg + cmd[b:])


_TMP = re.compile(r"/tmp/([A-Za-z0-9_][A-Za-z0-9_.-]*)")


def _name_styles(stem: str, ext: str, rng: random.Random, text: str) -> str:
    key = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789") for _ in range(rng.choice([24, 32])))
    styles = [f"{key}{ext}", f"build.{stem}.v2-final_copy{ext}", f"{stem}+x86_64@host{ext}", f"{stem}-ünï-名前{ext}",
              f"{stem}__{key[:20]}{ext}", f"-.{stem}{ext}".lstrip("-"), f"{stem}.{key[:22]}{ext}"]
    if "%" not in text and "printf" not in text and "date" not in text:
        styles.append(f"{stem}%41-50{ext}")
    return rng.choice(styles)


def op_tmp_name(case: Case, rng: random.Random) -> Case | None:
    """A name under ``/tmp`` renamed everywhere in the case (key-like, dotted, ``+``/``@``/``%``, non-ASCII), its
    extension kept. Only a name that never occurs without its ``/tmp/`` prefix is renamed."""
    text = json.dumps(case["steps"], ensure_ascii=False)
    names = [n for n in dict.fromkeys(_TMP.findall(text)) if len(n) >= 3]
    names = [n for n in names
             if len(re.findall(rf"(?<![A-Za-z0-9_.-]){re.escape(n)}(?![A-Za-z0-9_.-])", text)) ==
             len(re.findall(rf"/tmp/{re.escape(n)}(?![A-Za-z0-9_.-])", text))]
    if not names:
        return None
    name = rng.choice(names)
    stem, dot, ext = name.rpartition(".")
    stem, ext = (stem, "." + ext) if dot and stem and len(ext) <= 6 else (name, "")
    new = _name_styles(stem, ext, rng, text)
    pattern = re.compile(rf"/tmp/{re.escape(name)}(?![A-Za-z0-9_.-])")
    return _map_strings(case, lambda s: pattern.sub(lambda m: "/tmp/" + new, s))


def _map_strings(case: Case, fn: Callable[[str], str]) -> Case:
    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return fn(v)
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: (walk(x) if k not in ("tool", "label") else x) for k, x in v.items()}
        return v
    return {**case, "steps": walk(case["steps"])}


_NAME_OPERAND_CMDS = ("read", "getopts", "for", "unset", "local", "readarray", "mapfile", "declare", "typeset", "export")


def _var_occurrence_ok(text: str, at: int, name: str) -> bool:
    before, after = text[:at], text[at + len(name):]
    if before.endswith(("$", "${", "${#", "${!")):
        return True
    if after.startswith(("=", "+=", "()", "[")) and (not before or before[-1] in " \t\n;&|({'\""):
        return True
    if before.endswith("function "):
        return True
    if after[:1] not in ("", " ", "\t", "\n", ";", "&", "|", ")", "'", '"', "\\") or before[-1:] not in (" ", "\t"):
        return False
    segment = re.split(r"[;&|(\n]", before)[-1].split()
    if not segment:
        return False
    return segment[0] in _NAME_OPERAND_CMDS or segment[-1] in ("-c", "-f") and len(segment) >= 2


def op_var_name(case: Case, rng: random.Random) -> Case | None:
    """A shell variable or function renamed at every occurrence (a long key-like or a descriptive name). Only a
    lower-case name that is no program, builtin or branch, each of whose occurrences is a use or a definition."""
    steps_text = "\n".join(s.get("command", "") for s in case["steps"] if s["tool"] == "Bash")
    if not steps_text:
        return None
    all_text = json.dumps(case["steps"], ensure_ascii=False)
    found = set(re.findall(r"(?:\$\{?|(?<![\w.-]))([a-z_][a-z0-9_]{0,30})(?:=|\(\))", steps_text))
    found |= set(re.findall(r"\$\{?([a-z_][a-z0-9_]*)", steps_text))
    cands = []
    for name in sorted(found):
        if name in BUILTIN_WORDS or name in ("main", "master", "feature", "merged", "origin", "head", "install", "i",
                                             "_") or name.startswith(("npm_", "git_")) or name.endswith("_proxy"):
            continue
        occ = [m.start() for m in re.finditer(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", steps_text)]
        if len(occ) < 2 or not all(_var_occurrence_ok(steps_text, at, name) for at in occ):
            continue
        # and nowhere else in the case (a written file, a patch) under another meaning
        if len(re.findall(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", all_text)) != len(occ):
            continue
        cands.append(name)
    if not cands:
        return None
    name = rng.choice(cands)
    key = "".join(rng.choice("abcdefghijkmnopqrstuvwxyz23456789") for _ in range(26))
    new = rng.choice([f"v{key}", f"my_{name}_value", f"_{name}2", f"x{key[:12]}_{key[12:]}"])
    pat = re.compile(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])")
    steps = [dict(s) for s in case["steps"]]
    for s in steps:
        if s["tool"] == "Bash":
            s["command"] = pat.sub(new, s["command"])
    return {**case, "steps": steps}



# ------------------------------------------------------------------ context operators
# The command is the same; what changes is the context it runs in: the directory the session reports versus the one
# the command changes to, a program that runs its arguments, the shell construct around it, the quoting level it is
# handed through, and the agent's payload shape. Each operator states why bash (its manual) or the wrapper (its man
# page / --help) runs exactly the seed's argv in the seed's directory; ``--verify`` then runs every variant and its
# seed with no hook in the sandbox and counts a variant whose damage differs from its seed's as "not preserved" (it
# is dropped from the findings).
BASH_BUILTINS = frozenset(["alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen",
                           "complete", "compopt", "continue", "declare", "dirs", "disown", "echo", "enable", "eval",
                           "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash", "help", "history",
                           "jobs", "kill", "let", "local", "logout", "mapfile", "popd", "printf", "pushd", "pwd",
                           "read", "readarray", "readonly", "return", "set", "shift", "shopt", "source", "suspend",
                           "test", "times", "trap", "true", "type", "typeset", "ulimit", "umask", "unalias", "unset",
                           "wait", ".", ":", "["])
STDIN_READERS = ("read", "mapfile", "readarray", "cat", "xargs", "sh", "bash", "tee", "sort", "uniq", "wc", "head",
                 "tail", "grep", "sed", "awk", "python3", "python", "node", "perl", "<", "|")
_SEP = re.compile(r"[;&|()\n]")


def _repo_relative_only(case: Case) -> bool:
    """Every step a Bash command (a prompt allowed where ``prompts`` says so): a tool step's relative path resolves
    against the payload's cwd, which a directory operator changes."""
    return all(s["tool"] == "Bash" for s in case["steps"])


def _no_dir_state(cmd: str) -> bool:
    """The line never reads or changes the shell's idea of the directory (so an added ``cd`` is the only one)."""
    return not re.search(r"(?<![\w-])(cd|pushd|popd|dirs)(?![\w-])|\$\{?(PWD|OLDPWD)|\$\(pwd\)|`pwd`|\bpwd\b|~[+-]", cmd)


def _all_steps(case: Case, fn: Callable[[str], str]) -> Case:
    steps = [dict(s) for s in case["steps"]]
    for s in steps:
        if s["tool"] == "Bash":
            s["command"] = fn(s["command"])
    return {**case, "steps": steps}


def _one_step(case: Case, rng: random.Random, ok: Callable[[str], bool], fn: Callable[[str], str]) -> Case | None:
    cands = [i for i in _bash_steps(case) if ok(case["steps"][i]["command"])]
    if not cands:
        return None
    i = rng.choice(cands)
    return _with_command(case, i, fn(case["steps"][i]["command"]))


def op_cd_prefix(case: Case, rng: random.Random) -> Case | None:
    """``cd {REPO} && CMD`` (or ``cd . &&``, ``builtin cd``, ``command cd``, ``pushd … >/dev/null &&``) in the directory
    the command already runs in: bash's ``cd`` to the current directory changes only ``OLDPWD`` (and ``pushd`` the
    directory stack), which a line that never reads them cannot see."""
    pre = rng.choice(["cd {REPO} && ", "cd . && ", "builtin cd {REPO} && ", "command cd -- {REPO}; ",
                      "pushd {REPO} >/dev/null && ", "cd {REPO}\n", "cd ./ &&\n"])
    return _one_step(case, rng, _no_dir_state, lambda c: pre + c)


def _cwd_variant(case: Case, rng: random.Random, where: str, pres: list[str]) -> Case | None:
    if not _repo_relative_only(case) or not all(_no_dir_state(case["steps"][i]["command"]) for i in _bash_steps(case)):
        return None
    pre = rng.choice(pres)
    return {**_all_steps(case, lambda c: pre + c), "cwd": where}


def op_cwd_sub(case: Case, rng: random.Random) -> Case | None:
    """The session's cwd a subdirectory of the repository (``repo/src``), every command starting with a ``cd`` to the
    root: each command then runs where the seed's did (``cd ..`` from ``src`` is the root; so is the absolute path)."""
    return _cwd_variant(case, rng, "repo/src", ["cd .. && ", "cd {REPO} && ", "cd ../ ; ", "pushd .. >/dev/null && "])


def op_cwd_above(case: Case, rng: random.Random) -> Case | None:
    """The session's cwd the directory above the repository (the one holding ``repo`` and ``outside``), every command
    starting with ``cd repo &&``: it runs where the seed's did. A prompt step is not moved (the session's project is
    then another one)."""
    return _cwd_variant(case, rng, ".", ["cd repo && ", "cd ./repo && ", "cd {REPO} && ", "cd repo; "])


def op_cwd_outside(case: Case, rng: random.Random) -> Case | None:
    """The session's cwd a directory beside the repository (``outside``), every command starting with ``cd ../repo``."""
    return _cwd_variant(case, rng, "outside", ["cd ../repo && ", "cd {REPO} && ", "cd ../repo\n"])


def _simple_commands(cmd: str) -> list[tuple[int, int, list[tuple[int, int, str, bool]]]] | None:
    """Simple commands of a line as (start, end, words) for the ones the wrapper operators may wrap: the first word a
    plain program name found on PATH (no builtin, no function the line defines, no assignment before it), at command
    position and not after a keyword that changes what follows (``time``, ``!``, ``exec``)."""
    ws = words(cmd)
    if not ws:
        return None
    out = []
    k = 0
    defined = set(re.findall(r"(?:^|[\s;&|(])(?:function\s+)?([\w.:-]+)\s*\(\)", cmd))
    while k < len(ws):
        idx = _simple_command(ws, cmd, k)
        first = ws[k]
        if (first[3] and _command_position(cmd, first[0]) and first[2] not in BASH_BUILTINS and first[2] not in RESERVED
                and first[2] not in defined and "=" not in first[2] and "/" not in first[2]
                and shutil.which(first[2]) and not cmd[:first[0]].rstrip().endswith(("time", "!", "exec", "|&"))):
            out.append((first[0], ws[idx[-1]][1], [ws[j] for j in idx]))
        k = idx[-1] + 1
    return out


WRAPPERS = {
    # program that runs its argument vector unchanged in the same directory, per its documentation
    "nice": ["nice ", "nice -n 3 ", "nice -n0 "],            # nice(1): run COMMAND with an adjusted niceness
    "nohup": ["nohup "],                                       # nohup(1): output not a terminal -> no nohup.out
    "timeout": ["timeout 300 ", "timeout -k 5 10m "],          # timeout(1): run COMMAND, kill it if still running
    "stdbuf": ["stdbuf -oL ", "stdbuf -i0 -o0 -e0 "],          # stdbuf(1): run COMMAND with modified buffering
    "command": ["command "],                                   # bash: run COMMAND suppressing function lookup
    "env": ["env ", "env -- ", "env -u SW_UNSET_NAME "],       # env(1): run COMMAND in the (modified) environment
    "env_C": ["env -C . ", "env --chdir=. ", "env -C {REPO} ", "env --chdir {REPO} "],  # env(1) -C: change dir first
    "flock": ["flock /tmp/sw-mm.lock ", "flock -w 30 /tmp/sw-mm.lock "],  # flock(1): hold a lock, run the command
    "setsid": ["setsid -w "],                                  # setsid(1) -w: wait for the program, its status
    "ionice": ["ionice -c 3 "],                                # ionice(1): run COMMAND with an I/O class
    "taskset": ["taskset -c 0 "],                              # taskset(1): run COMMAND on a CPU list
    "xargs": ["xargs </dev/null ", "xargs -a /dev/null "],     # xargs(1): no input -> the command runs once
}


def op_wrapper(case: Case, rng: random.Random) -> Case | None:
    """A program that runs its argument vector (``nice``, ``nohup``, ``timeout``, ``stdbuf``, ``command``, ``env``,
    ``env -C``, ``flock``, ``setsid -w``, ``ionice``, ``taskset``, ``xargs`` with empty input) put before a simple
    command whose first word is a program on PATH. Each runs exactly the argv after it (the outer shell has already
    expanded and unquoted it) in the same directory; ``env -C {REPO}`` only on a line that never changes directory.
    ``xargs`` with no input runs the command once with no extra argument (GNU xargs without ``-r``); it is applied only
    to a command that reads no standard input and is not in a pipeline's later stage."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        for start, end, ws in _simple_commands(cmd) or []:
            for name, forms in WRAPPERS.items():
                if name == "env_C" and "{REPO}" in "".join(forms) and not _no_dir_state(cmd):
                    forms = [f for f in forms if "{REPO}" not in f]
                if name == "xargs" and (cmd[:start].rstrip().endswith("|") or "<" in cmd[start:end]
                                        or ws[0][2] in STDIN_READERS):
                    continue
                for form in forms:
                    choices.append((i, start, name, form))
    if not choices:
        return None
    i, start, name, form = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    if name == "xargs" and form.startswith("xargs </dev/null"):
        # the redirection applies to xargs; it goes after the whole simple command to keep the argv contiguous
        sc = next(sc for sc in _simple_commands(cmd) or [] if sc[0] == start)
        return {**_with_command(case, i, cmd[:start] + "xargs " + cmd[start:sc[1]] + " </dev/null" + cmd[sc[1]:]),
                "wrapper": name}
    return {**_with_command(case, i, cmd[:start] + form + cmd[start:]), "wrapper": name}


# Launchers from statewise_cli/actions/wrappers_table.py (generated from their manual pages), in forms that run the
# argument vector unchanged, as the same user, in the same directory: no namespace, credential or limit is changed
# (nsenter(1) with no namespace option enters none; setpriv(1) with no option changes nothing; unshare(1) with no
# option unshares nothing; prlimit(1) with a limit at its usual value; chrt(1) -o 0 is the normal policy)
LAUNCHERS = {
    "nsenter": ["nsenter -- ", "nsenter "],
    "setpriv": ["setpriv -- ", "setpriv "],
    "unshare": ["unshare -- ", "unshare "],
    "prlimit": ["prlimit --nofile=1024 -- ", "prlimit --core=0 "],
    "chrt": ["chrt -o 0 "],
}


def op_launcher(case: Case, rng: random.Random) -> Case | None:
    """A documented launcher (:data:`LAUNCHERS`) put before a simple command whose first word is a program on PATH,
    or, for a one-line step of simple commands with no quote, a shell started by ``newgrp`` (newgrp(1): log in to a
    new group — a shell that reads its commands from standard input) given the step on its standard input (only for
    a step that reads no standard input itself). Each runs exactly what the seed runs, as the same user, in the same
    directory."""
    choices: list[tuple[int, int, str]] = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        for start, _end, _ws in _simple_commands(cmd) or []:
            for forms in LAUNCHERS.values():
                for form in forms:
                    choices.append((i, start, form))
        if "\n" not in cmd and not any(c in cmd for c in "'\"\\$`<") and not any(
                w in cmd.split() for w in STDIN_READERS) and "|" not in cmd:
            choices.append((i, -1, "newgrp"))
    if not choices:
        return None
    i, start, form = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    if start < 0:
        return {**_with_command(case, i, f"printf '%s\\n' '{cmd}' | newgrp"), "wrapper": "newgrp"}
    return {**_with_command(case, i, cmd[:start] + form + cmd[start:]), "wrapper": form.split()[0]}


def op_keyword(case: Case, rng: random.Random) -> Case | None:
    """A shell keyword or builtin that runs the command it precedes: ``time`` (bash: reports timing on stderr, the
    pipeline runs unchanged) before a simple program command; ``exec`` (bash: replaces the shell with the command)
    before the **last** command of a line with no trap."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        scs = _simple_commands(cmd) or []
        for start, end, ws in scs:
            choices.append((i, start, "time "))
        if scs and "trap" not in cmd and not cmd[scs[-1][1]:].strip():
            choices.append((i, scs[-1][0], "exec "))
    if not choices:
        return None
    i, start, form = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    return _with_command(case, i, cmd[:start] + form + cmd[start:])


def op_compound(case: Case, rng: random.Random) -> Case | None:
    """The whole line inside ``( … )`` (bash: a subshell runs the list; its changes to the shell's own state end with
    it, and nothing follows it in the step) or ``{ …; }`` (the list in the current shell), the closing word on its own
    line so a trailing comment or here-document stays closed."""
    form = rng.choice(["(\n{}\n)", "{{\n{}\n}}", "( {}\n)", "{{ {}\n}}"])
    return _one_step(case, rng, lambda c: True, lambda c: form.format(c))


def op_continuation(case: Case, rng: random.Random) -> Case | None:
    """A backslash-newline between two words of a line (bash: a ``\\<newline>`` outside quotes is removed before the
    line is split into words), only at a single space between two words outside every quote and substitution."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        ws = words(cmd) or []
        choices += [(i, ws[k][1]) for k in range(len(ws) - 1) if cmd[ws[k][1]:ws[k + 1][0]] == " "]
    if not choices:
        return None
    i, at = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    return _with_command(case, i, cmd[:at] + rng.choice([" \\\n", " \\\n    ", "\\\n "]) + cmd[at + 1:])


def _posix_plain(cmd: str) -> bool:
    """A line dash reads as bash does: plain words only, joined by ``&&``, ``||``, ``;``, ``|`` or a newline."""
    ws = words(cmd)
    if not ws or not all(w[3] for w in ws) or cmd.lstrip()[:1] in ("(", "{"):
        return False
    gaps = [cmd[:ws[0][0]]] + [cmd[ws[k][1]:ws[k + 1][0]] for k in range(len(ws) - 1)] + [cmd[ws[-1][1]:]]
    return all(re.fullmatch(r"\s*(?:&&|\|\||;|\|)?\s*", g) for g in gaps)


def op_nested_shell(case: Case, rng: random.Random) -> Case | None:
    """The line handed to a child shell: ``bash -c 'LINE'`` (one or two quoting levels, built with ``shlex.quote``, so
    the child reads the seed's exact text), ``bash <<'EOF'`` for a one-line command that reads no input, ``sh -c`` for a
    line dash reads as bash does. Never for a line that reads ``$0`` or the positional parameters."""
    i_cands = [i for i in _bash_steps(case) if not re.search(r"\$\{?[0-9#@*]|BASH_SOURCE|BASH_COMMAND|BASH_ARGV",
                                                               case["steps"][i]["command"])]
    if not i_cands:
        return None
    i = rng.choice(i_cands)
    cmd = case["steps"][i]["command"]
    forms = ["bash1", "bash2", "bash_lc"]
    if "\n" not in cmd.strip() and not any(re.search(rf"(?<![\w-]){re.escape(r)}(?![\w-])", cmd) for r in STDIN_READERS
                                           if r.isalnum()) and "<" not in cmd and "SWEOF" not in cmd:
        forms.append("heredoc")
    if _posix_plain(cmd):
        forms.append("sh")
    form = rng.choice(forms)
    if form == "bash1":
        new = "bash -c " + shlex.quote(cmd)
    elif form == "bash2":
        new = "bash -c " + shlex.quote("bash -c " + shlex.quote(cmd))
    elif form == "bash_lc":
        new = "/bin/bash --norc -c " + shlex.quote(cmd)
    elif form == "heredoc":
        new = "bash <<'SWEOF'\n" + cmd.strip() + "\nSWEOF"
    else:
        new = "sh -c " + shlex.quote(cmd)
    return {**_with_command(case, i, new), "form": form}


_FN_UNSAFE = re.compile(r"(?<![\w-])(local|return|declare|typeset|shift|trap|caller|FUNCNAME|readarray|mapfile|read|"
                        r"getopts|export -f)(?![\w-])|\$\{?[0-9#@*]")


def op_function(case: Case, rng: random.Random) -> Case | None:
    """The line as the body of a function defined earlier on the same line and then called (bash: a function's body
    runs in the current shell; only ``local``/``declare`` scoping, ``return``, ``FUNCNAME`` and the positional
    parameters differ, and a line using any of them is left alone)."""
    name = rng.choice(["sw_run", "deploy_step", "_x7q"])
    form = rng.choice(["{n}() {{\n{c}\n}}\n{n}", "function {n} {{\n{c}\n}}; {n}", "{n}() (\n{c}\n)\n{n}"])
    return _one_step(case, rng, lambda c: not _FN_UNSAFE.search(c) and name not in c,
                     lambda c: form.format(n=name, c=c))


def op_alias(case: Case, rng: random.Random) -> Case | None:
    """A program word at command position replaced by an alias defined earlier in the same command (bash: aliases
    expand in a non-interactive shell once ``expand_aliases`` is set; a definition takes effect on the next line read,
    so the definition and ``shopt`` are on lines of their own before the line that uses it)."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        if "alias" in cmd or "\\" in cmd:
            continue
        for start, end, ws in _simple_commands(cmd) or []:
            choices.append((i, ws[0][0], ws[0][1], ws[0][2]))
    if not choices:
        return None
    i, a, b, prog = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    al = rng.choice(["g1", "run_" + prog.replace("-", "_").replace(".", "_"), "x"])
    return _with_command(case, i, f"shopt -s expand_aliases\nalias {al}='{prog}'\n" + cmd[:a] + al + cmd[b:])


# ------------------------------------------------------------------ computed values and output options
def _rot13(text: str) -> str:
    import codecs

    return str(codecs.encode(text, "rot-13"))


def _computed_spellings(word: str) -> list[str]:
    """Command substitutions that print ``word`` and nothing else, each by a side-effect-free text program's
    documented behaviour (the shell drops the trailing newline, and double quotes keep the word whole):
    ``printf %s`` (printf(1)), ``python3 -m encodings.rot_13`` (rot13s standard input, the module's ``__main__``),
    ``python3 -m base64 -d`` (decodes standard input), ``python3 -m quopri -d`` (decodes ``=XX`` escapes),
    ``git stripspace`` (a line with no trailing blank is printed as it is), ``git column`` (one item is printed
    as it is in every layout), ``git check-ref-format --branch`` (prints a valid branch name back), ``rev | rev``."""
    import base64

    out = [f"$(printf %s {word})", f"$(python3 -m encodings.rot_13 <<< {_rot13(word)})",
           f"$(python3 -m base64 -d <<< {base64.b64encode(word.encode()).decode()})",
           f"$(python3 -m quopri -d <<< ={ord(word[0]):02X}{word[1:]})" if ord(word[0]) < 128 else "",
           f"$(git stripspace <<< {word})", f"$(git column <<< {word})",
           f"$(echo {word} | rev | rev)" if not word.startswith("-") else ""]
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_./-]*", word) and ".." not in word and "//" not in word \
            and not word.endswith((".", "/", ".lock")) and "/." not in word and word != "HEAD":
        out.append(f"$(git check-ref-format --branch {word})")
    return [o for o in out if o]


def op_computed(case: Case, rng: random.Random) -> Case | None:
    """A plain argument (never the program's name, an assignment, a reserved word or a redirection's descriptor)
    written as a double-quoted command substitution whose output is that word (:func:`_computed_spellings`): bash
    runs the substitution and hands the program the same word. Words holding ``=``, quotes or anything the shell
    expands are left alone, and so are words after a here-document marker (the scanner refuses those lines)."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        ws = words(cmd)
        if not ws:
            continue
        for k in range(len(ws)):
            start, _end, text, _plain = ws[k]
            if _quotable(cmd, ws, k) and not _command_position(cmd, start) and len(text) <= 64 \
                    and "%" not in text and not text.startswith("{"):
                choices.append((i, k))
    if not choices:
        return None
    i, k = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    start, end, text, _ = words(cmd)[k]  # type: ignore[index]
    spelled = rng.choice(_computed_spellings(text))
    return _with_command(case, i, cmd[:start] + '"' + spelled + '"' + cmd[end:])


# `> FILE` and `>> FILE` written instead by a program whose documented option or operand names the file it writes
# with what it reads on standard input: dd(1) `of=` (`oflag=append conv=notrunc` appends), tee(1) (`-a` appends),
# cp(1) from /dev/stdin.
_REDIRECT_WRITERS = {">": ["dd of={f} status=none", "tee {f} >/dev/null", "cp /dev/stdin {f}"],
                     ">>": ["dd of={f} oflag=append conv=notrunc status=none", "tee -a {f} >/dev/null"]}


@functools.lru_cache(maxsize=1)
def _writers() -> dict[str, Any]:
    """The generated table, read from this checkout's file (not imported: the hook under test is the installed one)."""
    import runpy

    return dict(runpy.run_path(str(HERE.parent.parent / "statewise_cli" / "actions" / "writers_table.py"))["WRITERS"])


def _documented_output_respellings(prog: str, option: str) -> list[str]:
    """The other names the generated writers table gives the same program for an output option (``-o``/``--output``
    of the same paragraph are both listed): used to respell ``-o F`` as ``--output=F`` and back."""
    entry = _writers().get(prog)
    if not entry:
        return []
    pairs = {("-o", "--output"), ("-o", "--output-file"), ("-O", "--output-document"), ("-p", "--output-dir")}
    return [b for a, b in pairs if a == option and b in entry[0]] + [a for a, b in pairs if b == option and a in entry[0]]


def op_output_option(case: Case, rng: random.Random) -> Case | None:
    """A file written through a program's documented output option instead of a shell redirection: ``CMD > F``
    becomes ``CMD | dd of=F status=none`` / ``CMD | tee F >/dev/null`` / ``CMD | cp /dev/stdin F`` (``>>``: ``dd
    oflag=append conv=notrunc``, ``tee -a``), which write F with the same bytes; or an output option respelt by its
    other documented name (``sort -o F`` / ``sort --output=F``). Only a redirection of standard output (no digit, no
    ``&``) to a plain word, on a command that no ``&&``/``||`` follows (the pipeline's status becomes the writer's)."""
    choices: list[tuple[int, int, int, str]] = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        if any(op in cmd for op in NO_WORD_OPS):
            continue
        for m in re.finditer(r"(?<![0-9&>])(>>|>)\s*([A-Za-z0-9_./~-]+)(?=\s*(;|\n|$))", cmd):
            before = cmd[:m.start()]
            if before.count("'") % 2 or before.count('"') % 2 or "$(" in before[-200:] and ")" not in before[-200:]:
                continue
            if m.group(2).startswith("/dev/"):
                continue
            for form in _REDIRECT_WRITERS[m.group(1)]:
                choices.append((i, m.start(), m.end(), "| " + form.format(f=m.group(2))))
        ws = words(cmd) or []
        for k, w in enumerate(ws):
            if not (w[3] and _command_position(cmd, w[0])) or k + 2 >= len(ws):
                continue
            prog = w[2].rsplit("/", 1)[-1]
            for j in _simple_command(ws, cmd, k)[1:]:
                if not ws[j][3] or j + 1 >= len(ws):
                    continue
                opt = ws[j][2]
                if opt.startswith("--") and "=" in opt:
                    name, _, value = opt.partition("=")
                    choices += [(i, ws[j][0], ws[j][1], f"{o} {value}") for o in _documented_output_respellings(prog, name)
                                if not o.startswith("--")]
                elif opt.startswith("-") and ws[j + 1][3]:
                    choices += [(i, ws[j][0], ws[j + 1][1], f"{o}={ws[j + 1][2]}" if o.startswith("--") else f"{o} {ws[j + 1][2]}")
                                for o in _documented_output_respellings(prog, opt)]
    if not choices:
        return None
    i, a, b, new = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    return _with_command(case, i, cmd[:a] + new + cmd[b:])


def _plain_argv(cmd: str, ws: list[tuple[int, int, str, bool]]) -> bool:
    """Every word plain (outside quotes, nothing the shell expands) and no redirection between them."""
    return all(w[3] and re.fullmatch(r"[A-Za-z0-9_./:@%+,=-]+", w[2]) for w in ws) and not any(
        c in cmd[ws[0][0]:ws[-1][1]] for c in "<>")


def op_quoted_eval(case: Case, rng: random.Random) -> Case | None:
    """A simple command of plain words run by ``eval`` of its words' quoted rendering: ``eval "$(printf '%q ' W…)"``
    (bash's printf: "%q … in a format that can be reused as shell input", the format reused for every argument),
    ``eval "$(git rev-parse --sq-quote W…)"`` (git-rev-parse(1): the arguments "properly quoted for consumption by
    shell"), or — for a command that starts the line — ``sw_a=(W…); eval "${sw_a[@]@Q}"`` (bash(1): ``@Q`` quotes
    each element "in a format that can be reused as input"). eval reads the rendering back as the same argv, run in
    the same shell and directory."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        if "sw_a" in cmd or any(op in cmd for op in NO_WORD_OPS):
            continue
        for start, end, ws in _simple_commands(cmd) or []:
            if _plain_argv(cmd, ws) and cmd[ws[-1][1]:end].strip() == "":
                forms = ["printf", "sq"] + (["at_q"] if not cmd[:start].strip() else [])
                choices += [(i, start, end, ws, f) for f in forms]
    if not choices:
        return None
    i, start, end, ws, form = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    argv = " ".join(w[2] for w in ws)
    if form == "printf":
        new = f"eval \"$(printf '%q ' {argv})\""
    elif form == "sq":
        new = f"eval \"$(git rev-parse --sq-quote {argv})\""
    else:
        new = f"sw_a=({argv}); eval \"${{sw_a[@]@Q}}\""
    return {**_with_command(case, i, cmd[:start] + new + cmd[ws[-1][1]:]), "form": form}


def op_chain_value(case: Case, rng: random.Random) -> Case | None:
    """A plain argument word given through a variable that a ``read`` after ``&&`` sets, the ``&&`` following a
    command that succeeds here (``mkdir -p /tmp/sw-chain`` — mkdir(1) ``-p``: "no error if existing"; ``true``;
    ``cd .``): ``mkdir -p /tmp/sw-chain && read -r sw_v <<< 'W'; CMD … "$sw_v" …``. The read runs, so ``$sw_v`` is
    W when CMD runs. Only for a simple command that starts the line, and a word with no quote."""
    choices = []
    for i in _bash_steps(case):
        cmd = case["steps"][i]["command"]
        if "sw_v" in cmd or any(op in cmd for op in NO_WORD_OPS):
            continue
        for start, _end, ws in _simple_commands(cmd) or []:
            if cmd[:start].strip():
                continue
            for k in range(1, len(ws)):
                if _plain_argv(cmd, [ws[k]]) and not ws[k][2].startswith("-"):
                    choices.append((i, ws[k]))
    if not choices:
        return None
    i, w = rng.choice(choices)
    cmd = case["steps"][i]["command"]
    lead = rng.choice(["mkdir -p /tmp/sw-chain", "true", "cd ."])
    return {**_with_command(case, i, f"{lead} && read -r sw_v <<< '{w[2]}'; " + cmd[:w[0]] + '"$sw_v"' + cmd[w[1]:]),
            "form": lead.split()[0]}


WRITE_VALUE_OPERATORS: dict[str, Callable[[Case, random.Random], Case | None]] = {
    "computed": op_computed, "output_option": op_output_option,
}
SHELL_VALUE_OPERATORS: dict[str, Callable[[Case, random.Random], Case | None]] = {
    "quoted_eval": op_quoted_eval, "chain_value": op_chain_value,
}

CONTEXT_OPERATORS: dict[str, Callable[[Case, random.Random], Case | None]] = {
    "cd_prefix": op_cd_prefix, "cwd_sub": op_cwd_sub, "cwd_above": op_cwd_above, "cwd_outside": op_cwd_outside,
    "wrapper": op_wrapper, "keyword": op_keyword, "compound": op_compound, "continuation": op_continuation,
    "nested_shell": op_nested_shell, "function": op_function, "alias": op_alias, "launcher": op_launcher,
}

OPERATORS: dict[str, Callable[[Case, random.Random], Case | None]] = {
    "tmp_name": op_tmp_name, "var_name": op_var_name, "quote": op_quote, "layout": op_layout, "git_C": op_git_c,
    "option": op_option, "dashdash": op_dashdash, "dotslash": op_dotslash, "message": op_message,
}
ALL_OPERATORS = {**OPERATORS, **CONTEXT_OPERATORS, **WRITE_VALUE_OPERATORS, **SHELL_VALUE_OPERATORS}


def variants(case: Case, per_case: int, seed: int = 48, ops: tuple[str, ...] | None = None) -> list[Case]:
    """Up to ``per_case`` variants of a case, each from a different operator, with the payload shape (agent) chosen
    per variant; the seed itself is returned first with its own agent choice."""
    rng = random.Random(f"{seed}:{case['id']}")
    agents = list(case.get("agents", ["claude", "codex"]))
    names = list(ops or OPERATORS)
    rng.shuffle(names)
    out: list[Case] = []
    for name in names:
        if len(out) >= per_case:
            break
        v = ALL_OPERATORS[name](case, rng)
        if v is None or v["steps"] == case["steps"]:
            continue
        out.append({**v, "id": f"{case['id']}~{name}", "op": name, "seed_id": case["id"],
                    "agents": [rng.choice(agents)]})
    return out


def load_set(letter: str) -> list[Case]:
    import harness

    name = "bypass.jsonl" if letter == "a" else f"bypass_{letter}.jsonl"
    cases = harness.load_cases(name)
    if letter == "a":
        cases = [c for c in cases if c["class"] == "ordinary"]
    return cases


def sample_seeds(cases: list[Case], limit: int | None, seed: int) -> list[Case]:
    if not limit or limit >= len(cases):
        return cases
    key = lambda c: hashlib.sha256(f"{seed}:{c['id']}".encode()).hexdigest()
    return sorted(cases, key=key)[:limit]


def confirm_without_hook(ws: Any, case: Case, agent: str) -> list[str]:
    """The damage a case does when nothing guards it (every step executed in the sandbox)."""
    import harness

    root = ws.fresh()
    cwd = harness.case_cwd(case, root)
    before = harness.snapshot(root)
    for step in case["steps"]:
        if step["tool"] == "UserPromptSubmit" or agent == "claude" and step["tool"] == "apply_patch":
            continue
        tool_name, tool_input = harness.tool_call(step, agent, root, cwd)
        harness.execute(ws, tool_name, tool_input, cwd)
    return harness.damage(before, harness.snapshot(root))


def run(sets: list[str], per_case: int, workers: int, limit: int | None, seed: int, with_seeds: bool,
        confirm: bool, ops: tuple[str, ...] | None = None, verify: bool = False) -> dict[str, Any]:
    import harness

    jobs: list[Case] = []
    group_of: dict[str, str] = {}
    for letter in sets:
        for case in sample_seeds(load_set(letter), limit, seed):
            vs = variants(case, per_case, seed, ops)
            if with_seeds and vs:
                jobs.append({**case, "id": case["id"] + "~seed", "op": "seed", "seed_id": case["id"],
                             "agents": vs[0]["agents"]})
            jobs += vs
            group_of[case["id"]] = "fit" if letter in FIT_SETS else "check"
    t = time.time()
    results = harness.run_many(jobs, workers=workers, progress=True)
    by_id = {j["id"]: j for j in jobs}
    rows = []
    for r in results:
        job = by_id[r["id"]]
        finding = bool(r["violation"] or r["false_deny"])
        rows.append({"id": r["id"], "seed_id": job["seed_id"], "op": job["op"], "agent": r["agent"],
                     "label": r["label"], "class": r["class"], "group": group_of[job["seed_id"]],
                     "finding": finding, "violation": r["violation"], "false_deny": r["false_deny"],
                     "damage_confirmed": r["damage_confirmed"], "harness_error": r.get("harness_error"),
                     "reasons": [s.get("reason", "")[:160] for s in r.get("steps", []) if s.get("blocked")]})
    if confirm or verify:
        ws = harness.Workspace(workers)
        ws.build_template()
        seeds = {c["id"]: c for letter in sets for c in load_set(letter)}
        seed_damage: dict[tuple[str, str], list[str]] = {}
        for row in rows:
            if confirm and row["false_deny"]:
                row["nohook_damage"] = confirm_without_hook(ws, by_id[row["id"]], row["agent"])
            if verify and row["op"] != "seed" and row["finding"]:
                key = (row["seed_id"], row["agent"])
                if key not in seed_damage:
                    seed_damage[key] = sorted(set(confirm_without_hook(ws, seeds[row["seed_id"]], row["agent"])))
                got = sorted(set(confirm_without_hook(ws, by_id[row["id"]], row["agent"])))
                row["preserved"] = got == seed_damage[key]
                if not row["preserved"]:
                    row["nohook_seed"], row["nohook_variant"] = seed_damage[key], got
                    row["finding"] = False
    return {"seconds": round(time.time() - t, 1), "jobs": len(jobs), "rows": rows}


def seed_failures(paths: list[str]) -> set[str]:
    """Seeds that fail their own label for some agent, from ``run.py --json`` reports of the seed sets."""
    failed: set[str] = set()
    for path in paths:
        for results in json.loads(Path(path).read_text()).get("results", {}).values():
            failed |= {r["id"] for r in results if r.get("violation") or r.get("false_deny")}
    return failed


def summarize(report: dict[str, Any], counts_only_groups: tuple[str, ...] = (), known: set[str] = frozenset()) -> str:
    rows = report["rows"]
    seed_fail = {(r["seed_id"]) for r in rows if r["op"] == "seed" and r["finding"]} | set(known)
    lines = [f"{report['jobs']} runs in {report['seconds']} s"]
    for group in ("fit", "check"):
        g = [r for r in rows if r["group"] == group and r["op"] != "seed"]
        if not g:
            continue
        c: Counter[str] = Counter()
        per_op: dict[str, Counter[str]] = defaultdict(Counter)
        for r in g:
            kind = ("dropped" if r.get("preserved") is False else "violation" if r["violation"]
                    else "false_deny" if r["false_deny"] else "ok")
            induced = r["finding"] and r["seed_id"] not in seed_fail
            c["variants"] += 1
            c[kind] += 1
            c["induced_" + kind] += induced
            c["unconfirmed_violation"] += r["violation"] and not r["damage_confirmed"]
            c["errors"] += bool(r["harness_error"])
            c["not_preserved"] += r.get("preserved") is False
            per_op[r["op"]]["np"] += r.get("preserved") is False
            per_op[r["op"]]["n"] += 1
            per_op[r["op"]][kind] += 1
            per_op[r["op"]]["induced"] += induced
        lines.append(f"== {group} seeds: {c['variants']} variants, violations {c['violation']} "
                     f"(induced by the mutation {c['induced_violation']}, damage unconfirmed {c['unconfirmed_violation']}), "
                     f"false denies {c['false_deny']} (induced {c['induced_false_deny']}), harness errors {c['errors']}"
                     f", label not preserved with no hook (dropped) {c['not_preserved']}")
        seeds = [r for r in rows if r["group"] == group and r["op"] == "seed"]
        if seeds:
            lines.append(f"   seeds run: {len(seeds)}, seeds failing their label: {sum(r['finding'] for r in seeds)}")
        for op, cc in sorted(per_op.items()):
            lines.append(f"   {op:<10} n={cc['n']:<5} viol={cc['violation']:<4} FD={cc['false_deny']:<4} induced={cc['induced']:<4} not_preserved={cc['np']}")
        if group not in counts_only_groups:
            for r in sorted(g, key=lambda r: r["id"]):
                if r["finding"] and r["seed_id"] not in seed_fail:
                    lines.append(f"   FINDING {r['id']} [{r['agent']}] {'V' if r['violation'] else 'FD'} "
                                 f"{'' if r['damage_confirmed'] or not r['violation'] else '(unconfirmed) '}"
                                 f"{'nohook=' + str(r.get('nohook_damage')) if 'nohook_damage' in r else ''} "
                                 f"{'; '.join(r['reasons'])[:200]}")
    return "\n".join(lines)


def parse_ops(arg: str | None) -> tuple[str, ...] | None:
    if not arg:
        return None
    out: list[str] = []
    for o in (x.strip() for x in arg.split(",")):
        out += list(CONTEXT_OPERATORS) if o == "context" else list(OPERATORS) if o == "names" else \
            list(WRITE_VALUE_OPERATORS) if o == "values" else list(SHELL_VALUE_OPERATORS) if o == "shell_values" else [o]
    unknown = [o for o in out if o not in ALL_OPERATORS]
    if unknown:
        raise SystemExit(f"unknown operator(s): {unknown}")
    return tuple(out)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="z,y", help="comma-separated set letters (a = bypass.jsonl's look-alikes)")
    ap.add_argument("--per-case", type=int, default=2)
    ap.add_argument("--fit", default=",".join(FIT_SETS), help="the fit group's set letters (the rest are the check group)")
    ap.add_argument("--limit", type=int, help="seeds per set (a stable sample)")
    ap.add_argument("--seed", type=int, default=48)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-seeds", action="store_true", help="do not run the seeds themselves")
    ap.add_argument("--counts-only", action="store_true", help="print no finding of a check-group seed")
    ap.add_argument("--confirm", action="store_true", help="run denied look-alike variants again with no hook")
    ap.add_argument("--ops", help="comma-separated operators (default the name operators): " + ", ".join(OPERATORS)
                    + "; 'context' for every context operator: " + ", ".join(CONTEXT_OPERATORS))
    ap.add_argument("--verify", action="store_true",
                    help="run every finding variant and its seed with no hook; a variant whose damage differs is dropped")
    ap.add_argument("--list", action="store_true", help="generate and count the variants; run nothing")
    ap.add_argument("--dump", help="write the generated variants (JSON lines) here")
    ap.add_argument("--out", help="write the report (JSON) here")
    ap.add_argument("--seed-results", action="append", default=[],
                    help="run.py --json report of a seed set: its failing seeds count as failing (repeatable)")
    ap.add_argument("--report", help="summarize a saved --out report instead of running")
    args = ap.parse_args()
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    FIT_SETS[:] = [s.strip() for s in args.fit.split(",") if s.strip()]
    if args.list or args.dump:
        total: Counter[str] = Counter()
        dumped = []
        for letter in sets:
            for case in sample_seeds(load_set(letter), args.limit, args.seed):
                for v in variants(case, args.per_case, args.seed,
                                  parse_ops(args.ops)):
                    total[v["op"]] += 1
                    dumped.append(v)
        print(dict(total), sum(total.values()))
        if args.dump:
            Path(args.dump).write_text("".join(json.dumps(v, ensure_ascii=False) + "\n" for v in dumped))
        return 0
    known = seed_failures(args.seed_results)
    if args.report:
        print(summarize(json.loads(Path(args.report).read_text()), ("check",) if args.counts_only else (), known))
        return 0
    ops = parse_ops(args.ops)
    report = run(sets, args.per_case, args.workers, args.limit, args.seed, not args.no_seeds, args.confirm, ops,
                 args.verify)
    print(summarize(report, ("check",) if args.counts_only else (), known))
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
