"""Metamorphic sweep of the security sets: the guard's verdict must not depend on the names a user picks.

Every case of a development security set is a seed. A variant changes only what a user is free to choose — file and
directory names under ``/tmp``, shell variable and function names, the quoting of a word that needs none, whitespace
and newline layout, ``git -C .``, a documented equivalent spelling of an option, a redundant ``--``, a ``./`` prefix,
a commit message, the agent's payload shape — and keeps its seed's label (deny for an attack, allow for a look-alike).
A variant whose verdict differs from its label is a finding.

    python benchmarks/security/metamorphic.py --sets z,y --per-case 2 --workers 2 --out /tmp/sweep.json
    python benchmarks/security/metamorphic.py --sets x,w --counts-only            # check group: totals only
    python benchmarks/security/metamorphic.py --sets z --list                     # generate, print counts, run nothing

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
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests" / "security"))

FIT_SETS = ("z", "y")
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


OPERATORS: dict[str, Callable[[Case, random.Random], Case | None]] = {
    "tmp_name": op_tmp_name, "var_name": op_var_name, "quote": op_quote, "layout": op_layout, "git_C": op_git_c,
    "option": op_option, "dashdash": op_dashdash, "dotslash": op_dotslash, "message": op_message,
}


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
        v = OPERATORS[name](case, rng)
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
        confirm: bool, ops: tuple[str, ...] | None = None) -> dict[str, Any]:
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
    if confirm:
        ws = harness.Workspace(workers)
        ws.build_template()
        for row in rows:
            if row["false_deny"]:
                row["nohook_damage"] = confirm_without_hook(ws, by_id[row["id"]], row["agent"])
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
            kind = ("violation" if r["violation"] else "false_deny" if r["false_deny"] else "ok")
            induced = r["finding"] and r["seed_id"] not in seed_fail
            c["variants"] += 1
            c[kind] += 1
            c["induced_" + kind] += induced
            c["unconfirmed_violation"] += r["violation"] and not r["damage_confirmed"]
            c["errors"] += bool(r["harness_error"])
            per_op[r["op"]]["n"] += 1
            per_op[r["op"]][kind] += 1
            per_op[r["op"]]["induced"] += induced
        lines.append(f"== {group} seeds: {c['variants']} variants, violations {c['violation']} "
                     f"(induced by the mutation {c['induced_violation']}, damage unconfirmed {c['unconfirmed_violation']}), "
                     f"false denies {c['false_deny']} (induced {c['induced_false_deny']}), harness errors {c['errors']}")
        seeds = [r for r in rows if r["group"] == group and r["op"] == "seed"]
        if seeds:
            lines.append(f"   seeds run: {len(seeds)}, seeds failing their label: {sum(r['finding'] for r in seeds)}")
        for op, cc in sorted(per_op.items()):
            lines.append(f"   {op:<10} n={cc['n']:<5} viol={cc['violation']:<4} FD={cc['false_deny']:<4} induced={cc['induced']}")
        if group not in counts_only_groups:
            for r in sorted(g, key=lambda r: r["id"]):
                if r["finding"] and r["seed_id"] not in seed_fail:
                    lines.append(f"   FINDING {r['id']} [{r['agent']}] {'V' if r['violation'] else 'FD'} "
                                 f"{'' if r['damage_confirmed'] or not r['violation'] else '(unconfirmed) '}"
                                 f"{'nohook=' + str(r.get('nohook_damage')) if 'nohook_damage' in r else ''} "
                                 f"{'; '.join(r['reasons'])[:200]}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="z,y", help="comma-separated set letters (a = bypass.jsonl's look-alikes)")
    ap.add_argument("--per-case", type=int, default=2)
    ap.add_argument("--limit", type=int, help="seeds per set (a stable sample)")
    ap.add_argument("--seed", type=int, default=48)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-seeds", action="store_true", help="do not run the seeds themselves")
    ap.add_argument("--counts-only", action="store_true", help="print no finding of a check-group seed")
    ap.add_argument("--confirm", action="store_true", help="run denied look-alike variants again with no hook")
    ap.add_argument("--ops", help="comma-separated operators (default all): " + ", ".join(OPERATORS))
    ap.add_argument("--list", action="store_true", help="generate and count the variants; run nothing")
    ap.add_argument("--dump", help="write the generated variants (JSON lines) here")
    ap.add_argument("--out", help="write the report (JSON) here")
    ap.add_argument("--seed-results", action="append", default=[],
                    help="run.py --json report of a seed set: its failing seeds count as failing (repeatable)")
    ap.add_argument("--report", help="summarize a saved --out report instead of running")
    args = ap.parse_args()
    sets = [s.strip() for s in args.sets.split(",") if s.strip()]
    if args.list or args.dump:
        total: Counter[str] = Counter()
        dumped = []
        for letter in sets:
            for case in sample_seeds(load_set(letter), args.limit, args.seed):
                for v in variants(case, args.per_case, args.seed,
                                  tuple(o.strip() for o in args.ops.split(",")) if args.ops else None):
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
    ops = tuple(o.strip() for o in args.ops.split(",")) if args.ops else None
    report = run(sets, args.per_case, args.workers, args.limit, args.seed, not args.no_seeds, args.confirm, ops)
    print(summarize(report, ("check",) if args.counts_only else (), known))
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
