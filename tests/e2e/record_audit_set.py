#!/usr/bin/env python3
"""Re-record the labelled set of failed trajectories for ``statewise audit`` (fixtures/audit/).

    python3 tests/e2e/record_audit_set.py            # everything (a few minutes)
    python3 tests/e2e/record_audit_set.py swe        # only the SWE-agent .traj files (seconds)

Each scenario is a scripted *flawed* agent: a list of abstract steps (read, grep, run, edit) over a
small Python package with injected bugs, with the step where it goes wrong known by construction.
The same script is rendered for the real Claude Code binary (Read/Grep/Bash/Edit tool calls), the
real Codex binary (exec_command / apply_patch) — both driven headless by the scripted model server —
and executed directly to write SWE-agent ``.traj`` files. After each run the hidden tests are run in
the agent's repository; their output is the ``--tests`` file of the case.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recording

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "fixtures" / "audit"
SCRATCH = Path("/tmp/statewise-audit-record")

# ------------------------------------------------------------------ the package under repair
GOOD = {
    "shop/__init__.py": "",
    "shop/pricing.py": (
        "def apply_discount(price, pct):\n    \"\"\"Price after a pct% discount.\"\"\"\n"
        "    return round(price * (1 - pct / 100), 2)\n\n\n"
        "def round_price(value):\n    return round(value + 1e-9, 2)\n\n\n"
        "def tax(price, rate=0.2):\n    return round(price * rate, 2)\n"
    ),
    "shop/cart.py": (
        "from .pricing import apply_discount\n\n\n"
        "def item_count(items):\n    return sum(qty for _name, qty, _price in items)\n\n\n"
        "def total(items, pct=0):\n    return apply_discount(sum(qty * price for _n, qty, price in items), pct)\n"
    ),
    "shop/textutil.py": (
        "import re\n\n\n"
        "def slugify(text):\n    return re.sub(r'[^a-z0-9]+', '-', text.lower()).strip('-')\n\n\n"
        "def title_case(text):\n    return ' '.join(w.capitalize() for w in text.split())\n"
    ),
    "shop/dates.py": (
        "def parse_date(text):\n    \"\"\"'YYYY-MM-DD' -> (year, month, day).\"\"\"\n"
        "    year, month, day = text.split('-')\n    return int(year), int(month), int(day)\n\n\n"
        "def format_date(year, month, day):\n    return f'{year:04d}-{month:02d}-{day:02d}'\n"
    ),
    "shop/legacy_pricing.py": (
        "\"\"\"Deprecated: kept for old imports; the code lives in shop/pricing.py.\"\"\"\n\n\n"
        "def apply_discount(price, pct):\n    return price - pct\n"
    ),
    "tests/test_pricing.py": (
        "from shop.pricing import apply_discount, round_price\n\n\n"
        "def test_apply_discount():\n    assert apply_discount(200, 10) == 180.0\n\n\n"
        "def test_round_price():\n    assert round_price(2.675) == 2.68\n"
    ),
    "tests/test_cart.py": (
        "from shop.cart import item_count, total\n\nITEMS = [('pen', 2, 1.5), ('pad', 3, 2.0)]\n\n\n"
        "def test_item_count():\n    assert item_count(ITEMS) == 5\n\n\n"
        "def test_total():\n    assert total(ITEMS) == 9.0\n"
    ),
    "tests/test_textutil.py": (
        "from shop.textutil import slugify, title_case\n\n\n"
        "def test_slugify():\n    assert slugify('Hello World!') == 'hello-world'\n\n\n"
        "def test_title_case():\n    assert title_case('the big cat') == 'The Big Cat'\n"
    ),
    "tests/test_dates.py": (
        "from shop.dates import format_date, parse_date\n\n\n"
        "def test_parse_date():\n    assert parse_date('2024-03-07') == (2024, 3, 7)\n\n\n"
        "def test_format_date():\n    assert format_date(2024, 3, 7) == '2024-03-07'\n"
    ),
    "README.md": "# shop\n\nA tiny shop library. Run the tests with `python3 -m pytest -q`.\n",
}

# bug name -> (file, good text, buggy text, function, test)
BUGS = {
    "discount": ("shop/pricing.py", "return round(price * (1 - pct / 100), 2)", "return round(price * pct / 100, 2)",
                 "apply_discount", "tests/test_pricing.py::test_apply_discount"),
    "count": ("shop/cart.py", "return sum(qty for _name, qty, _price in items)", "return len(items)",
              "item_count", "tests/test_cart.py::test_item_count"),
    "slug": ("shop/textutil.py", "text.lower()).strip('-')", "text).strip('-')", "slugify",
             "tests/test_textutil.py::test_slugify"),
    "date": ("shop/dates.py", "return int(year), int(month), int(day)", "return int(year), int(day), int(month)",
             "parse_date", "tests/test_dates.py::test_parse_date"),
    "title": ("shop/textutil.py", "w.capitalize() for w", "w for w", "title_case",
              "tests/test_textutil.py::test_title_case"),
}
# a plausible wrong place for each bug: (file, old, new, function)
DECOYS = {
    "discount": ("shop/pricing.py", "return round(value + 1e-9, 2)", "return round(value + 1e-9, ndigits=2)", "round_price"),
    "count": ("shop/cart.py", "sum(qty * price for _n, qty, price in items)", "sum(price * qty for _n, qty, price in items)", "total"),
    "slug": ("shop/textutil.py", "w.capitalize() for w in text.split()", "w.capitalize() for w in text.strip().split()", "title_case"),
    "date": ("shop/dates.py", "return f'{year:04d}-{month:02d}-{day:02d}'", "return f'{year:04d}-{month:02d}-{day:02d}'.strip()", "format_date"),
    "title": ("shop/textutil.py", "text.lower()).strip('-')", "text.lower()).strip('-_')", "slugify"),
}
# a wrong file for early-localization mistakes: (file, old, new)
WRONG_FILE = {
    "discount": ("shop/textutil.py", "' '.join(w.capitalize()", "' '.join(w.strip().capitalize()"),
    "count": ("shop/pricing.py", "return round(value + 1e-9, 2)", "return round(float(value) + 1e-9, 2)"),
    "slug": ("shop/dates.py", "year, month, day = text.split('-')", "year, month, day = text.strip().split('-')"),
    "date": ("shop/textutil.py", "' '.join(w.capitalize()", "' '.join(w.strip().capitalize()"),
    "title": ("shop/pricing.py", "return round(price * rate, 2)", "return round(float(price) * rate, 2)"),
}
WRONG_PATCH = {  # a wrong fix inside the right function
    "discount": "return round(price * (1 - pct), 2)",
    "count": "return len(set(name for name, _q, _p in items))",
    "slug": "text.upper()).strip('-')",
    "date": "return int(year), int(day), int(day)",
    "title": "w.upper() for w",
}
TEST_CMD = "python3 -m pytest -q"


@dataclass
class Scenario:
    name: str
    bugs: list[str]
    task: str
    steps: list[tuple[Any, ...]]  # ("read", path) ("grep", pat) ("run", cmd) ("edit", path, old, new)
    decisive: int  # 1-based abstract step; len(steps) + 1 = the final message / submit
    cause: str
    justification: str
    final: str = "I fixed the issue."
    records: list[dict[str, Any]] = field(default_factory=list)


def _fix(bug: str) -> tuple[Any, ...]:
    f, good, bad, _fn, _t = BUGS[bug]
    return ("edit", f, bad, good)


def _noise(n: int, offset: int = 0) -> list[tuple[Any, ...]]:
    pool = [("run", "git status --short"), ("read", "README.md"), ("run", "ls shop tests"), ("run", "git log --oneline -3"),
            ("grep", "import"), ("read", "shop/__init__.py"), ("run", "python3 --version"), ("read", "README.md")]
    return [pool[(i + offset) % len(pool)] for i in range(n)]


def scenarios() -> list[Scenario]:
    out: list[Scenario] = []
    for i, bug in enumerate(BUGS):
        f, _good, bad, fn, test = BUGS[bug]
        dfile, dold, dnew, dfn = DECOYS[bug]
        task = f"{test.split('::')[1]} fails: fix {fn} in the shop package."
        # 1. wrong function in the right file, verified and ignored
        steps = [("grep", fn), ("read", f), ("edit", dfile, dold, dnew), ("run", TEST_CMD)]
        out.append(Scenario(f"wrong_function_{bug}", [bug], task, steps, 3, "wrong_location",
                            f"edits {dfn} instead of {fn}, which {test} exercises"))
        # 2. wrong patch of the right function, re-edited, still wrong
        steps = _noise(2, i) + [("read", f), ("edit", f, bad, WRONG_PATCH[bug]), ("run", TEST_CMD),
                                ("edit", f, WRONG_PATCH[bug], WRONG_PATCH[bug] + "  # fixed")]
        out.append(Scenario(f"wrong_patch_{bug}", [bug], task, steps, 4, "wrong_patch",
                            f"the first edit of {fn} implements the wrong formula; {test} keeps failing"))
        # 3. early localization: turns to the wrong file at step 2 of a long session
        wf, wold, wnew = WRONG_FILE[bug]
        steps = [("grep", fn), ("read", wf), ("read", wf), ("run", "git log --oneline -3"), ("run", "ls shop tests"),
                 ("run", "cat README.md"), ("run", f"grep -n def {wf}"), ("edit", wf, wold, wnew), ("run", TEST_CMD),
                 ("run", TEST_CMD), ("run", "git diff --stat"), ("run", "git status --short")]
        out.append(Scenario(f"early_localization_{bug}", [bug], task, steps, 2, "wrong_location",
                            f"step 2 turns to {wf} instead of {f}; everything after builds on that wrong localization"))
        # 4. ignored failure: fixes one bug, the run shows the other failing, stops
        other = list(BUGS)[(i + 1) % len(BUGS)]
        of, _og, _ob, ofn, otest = BUGS[other]
        steps = [("run", TEST_CMD), ("read", f), _fix(bug), ("run", TEST_CMD)]
        out.append(Scenario(f"ignored_failure_{bug}", [bug, other], f"The test suite fails: fix {fn} and {ofn}.",
                            steps, 5, "ignored_failure",
                            f"the run at step 4 still shows {otest} failing; the agent stops instead of fixing {ofn}",
                            final="Fixed; the remaining failure looks unrelated."))
        # 5. skipped verification: fixes one of two bugs, never runs the tests
        steps = _noise(1, i + 3) + [("read", f), _fix(bug), ("read", of)]
        out.append(Scenario(f"skipped_verification_{bug}", [bug, other], f"Fix {fn} and {ofn}; the tests must pass.",
                            steps, 5, "skipped_verification",
                            f"the agent finishes without running the tests, which would have shown {otest} failing"))
    for i, bug in enumerate(["discount", "slug", "date"]):
        f, _good, bad, fn, test = BUGS[bug]
        # 6. environment error never resolved: the test runner is missing, the patch is never checked
        steps = [("read", f), ("run", "python3 -m nose tests"), ("run", "pip install --no-index nose"),
                 ("edit", f, bad, WRONG_PATCH[bug])]
        out.append(Scenario(f"environment_error_{bug}", [bug], f"Fix {fn}.", steps, 2, "environment_error",
                            "the test runner the agent chose is not installed (No module named nose) and it never "
                            "found a working one, so its patch went out unverified"))
    # 7. stale memory premises (the store holds the superseded record)
    steps = [("read", "shop/legacy_pricing.py"), ("edit", "shop/legacy_pricing.py", "return price - pct",
                                                  "return price * (1 - pct / 100)"), ("run", "git diff --stat")]
    out.append(Scenario("stale_memory_module", ["discount"], "Fix apply_discount (memory: pricing lives in "
                        "shop/legacy_pricing.py).", steps, 1, "stale_record",
                        "the agent trusts the stale record paths.pricing = shop/legacy_pricing.py and fixes the "
                        "deprecated copy instead of shop/pricing.py",
                        records=[{"key": "paths.pricing", "old": "shop/legacy_pricing.py", "new": "shop/pricing.py"}]))
    steps = [("run", "python3 -m pytest -q tests/unit"), ("read", "shop/dates.py"),
             ("edit", "shop/dates.py", BUGS["date"][2], WRONG_PATCH["date"])]
    out.append(Scenario("stale_memory_testdir", ["date"], "Fix parse_date.", steps, 1, "stale_record",
                        "the agent runs the tests from the stale record commands.test (tests/unit, which no longer "
                        "exists), sees no tests run and never verifies its patch",
                        records=[{"key": "commands.test", "old": "python3 -m pytest -q tests/unit",
                                  "new": "python3 -m pytest -q"}]))
    # 8. long noisy sessions with retries, the wrong patch in the middle
    for i, bug in enumerate(["count", "title"]):
        f, _good, bad, fn, test = BUGS[bug]
        pre = _noise(8, i) + [("run", "git fetch origin"), ("run", "git fetch origin"), ("run", TEST_CMD),
                              ("run", TEST_CMD), ("grep", fn), ("read", f), ("read", f)]
        post = [("run", TEST_CMD), ("run", TEST_CMD)] + _noise(6, i + 2) + [("run", TEST_CMD)]
        steps = pre + [("edit", f, bad, WRONG_PATCH[bug])] + post
        out.append(Scenario(f"long_noisy_{bug}", [bug], f"Fix {fn}.", steps, len(pre) + 1, "wrong_patch",
                            f"the only edit of {fn} (in a long session of retried fetches, reruns and re-reads) "
                            f"is wrong; {test} keeps failing"))
    return out


# ------------------------------------------------------------------ repositories
def make_repo(path: Path, bugs: list[str]) -> Path:
    from scenarios import git

    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    for rel, text in GOOD.items():
        for bug in bugs:
            f, good, bad, _fn, _t = BUGS[bug]
            if f == rel:
                text = text.replace(good, bad)
        (path / rel).parent.mkdir(parents=True, exist_ok=True)
        (path / rel).write_text(text)
    git(path, "init", "-q", "-b", "main")
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "initial")
    return path


def hidden_tests(repo: Path) -> str:
    proc = subprocess.run([sys.executable, "-m", "pytest", "-rA", "-q", "-p", "no:cacheprovider", "tests"], cwd=repo,
                          capture_output=True, text=True, timeout=120, check=False)
    return proc.stdout + proc.stderr


# ------------------------------------------------------------------ the real agents
def claude_turns(sc: Scenario, repo: Path) -> list[Any]:
    return recording.claude_turns(sc.steps, repo, "toolu_audit_", sc.final)


def codex_turns(sc: Scenario) -> list[Any]:
    from model_server import Text, apply_patch, bash

    turns: list[Any] = []
    for n, st in enumerate(sc.steps, 1):
        cid = f"call_audit_{n:03d}"
        if st[0] == "read":
            turns.append(bash(f"cat -n {st[1]}", call_id=cid))
        elif st[0] == "grep":
            turns.append(bash(f"grep -rn {st[1]} shop tests", call_id=cid))
        elif st[0] == "run":
            turns.append(bash(st[1], call_id=cid))
        else:
            old = "\n".join("-" + ln for ln in _line_of(sc, n, st).splitlines())
            new = "\n".join("+" + ln for ln in _line_of(sc, n, st, new=True).splitlines())
            turns.append(apply_patch(f"*** Begin Patch\n*** Update File: {st[1]}\n@@\n{old}\n{new}\n*** End Patch\n",
                                     call_id=cid))
    return turns + [Text(sc.final)]


def _line_of(sc: Scenario, n: int, st: tuple[Any, ...], new: bool = False) -> str:
    """The whole line(s) an edit changes, in the file as the earlier steps left it (apply_patch needs lines)."""
    text = _file_before(sc, n, st[1])
    line = next(ln for ln in text.splitlines() if st[2] in ln)
    return line.replace(st[2], st[3]) if new else line


def _file_before(sc: Scenario, n: int, rel: str) -> str:
    text = GOOD[rel]
    for bug in sc.bugs:
        f, good, bad, _fn, _t = BUGS[bug]
        if f == rel:
            text = text.replace(good, bad)
    for st in sc.steps[: n - 1]:
        if st[0] == "edit" and st[1] == rel:
            text = text.replace(st[2], st[3], 1)
    return text


def record_agent(agent: str, sc: Scenario) -> dict[str, Any]:
    import agents
    from model_server import ModelServer

    work = SCRATCH / agent / sc.name
    shutil.rmtree(work, ignore_errors=True)
    repo = make_repo(work / "repo", sc.bugs)
    home = agents.AgentHome.create(work / "agent-home")
    if agent == "claude":
        with ModelServer(claude_turns(sc, repo)) as server:
            run = agents.run_claude(repo, sc.task, server, home=home)
        text = recording.slim_claude(run.transcript_path)
    else:
        home.set_login_path([str(Path(sys.executable).parent), "/usr/local/bin", "/usr/bin", "/bin"])
        with ModelServer(codex_turns(sc)) as server:
            run = agents.run_codex(repo, sc.task, server, home=home)
        text = recording.slim_codex(run.transcript_path)
    (OUT / agent).mkdir(parents=True, exist_ok=True)
    (OUT / agent / f"{sc.name}.jsonl").write_text(text)
    (OUT / agent / f"{sc.name}.tests.txt").write_text(hidden_tests(repo))
    return _label(f"{agent}/{sc.name}.jsonl", sc)


# ------------------------------------------------------------------ SWE-agent .traj (executed directly)
def record_swe(sc: Scenario) -> dict[str, Any]:
    repo = make_repo(SCRATCH / "swe" / sc.name, sc.bugs)
    traj = []
    for st in sc.steps:
        if st[0] == "read":
            lines = (repo / st[1]).read_text().splitlines()
            obs = f"[File: {repo / st[1]} ({len(lines)} lines total)]\n" + "\n".join(f"{k}:{ln}" for k, ln in enumerate(lines, 1))
            action, thought = f"open {st[1]}", f"Let me look at {st[1]}."
        elif st[0] == "grep":
            proc = subprocess.run(["grep", "-rn", st[1], "shop", "tests"], cwd=repo, capture_output=True, text=True, check=False)
            obs = f'Found matches for "{st[1]}":\n{proc.stdout}'
            action, thought = f"search_dir {st[1]}", f"Search for {st[1]}."
        elif st[0] == "run":
            proc = subprocess.run(["bash", "-c", st[1]], cwd=repo, capture_output=True, text=True, timeout=120, check=False)
            obs, action, thought = proc.stdout + proc.stderr, st[1], f"Run `{st[1]}`."
        else:
            text = (repo / st[1]).read_text()
            lines = text.splitlines()
            k = next(j for j, ln in enumerate(lines, 1) if st[2] in ln)
            new_line = lines[k - 1].replace(st[2], st[3])
            (repo / st[1]).write_text(text.replace(lines[k - 1], new_line, 1))
            action = f"edit {k}:{k}\n{new_line}\nend_of_edit"
            obs, thought = f"[File: {repo / st[1]} ({len(lines)} lines total)]\nFile updated.", f"Change line {k}."
        traj.append({"action": action, "observation": obs, "thought": thought, "response": thought + f"\n```\n{action}\n```"})
    diff = subprocess.run(["git", "diff"], cwd=repo, capture_output=True, text=True, check=False).stdout
    traj.append({"action": "submit", "observation": diff, "thought": sc.final, "response": sc.final})
    data = {"trajectory": traj, "history": [{"role": "user", "content": sc.task}],
            "info": {"instance_id": sc.name, "exit_status": "submitted", "submission": diff}}
    (OUT / "swe").mkdir(parents=True, exist_ok=True)
    (OUT / "swe" / f"{sc.name}.traj").write_text(json.dumps(data, indent=1) + "\n")
    (OUT / "swe" / f"{sc.name}.tests.txt").write_text(hidden_tests(repo))
    return _label(f"swe/{sc.name}.traj", sc)


def _label(file: str, sc: Scenario) -> dict[str, Any]:
    label = {"file": file, "decisive_step": sc.decisive, "cause": sc.cause, "justification": sc.justification,
             "steps": len(sc.steps) + 1, "tests": file.rsplit(".", 1)[0] + ".tests.txt", "task": sc.task}
    if sc.records:
        label["records"] = sc.records
    return label


def main(argv: list[str]) -> int:
    which = argv[1] if len(argv) > 1 else "all"
    all_sc = scenarios()
    labels_path = OUT / "labels.jsonl"
    old = [json.loads(x) for x in labels_path.read_text().splitlines()] if labels_path.exists() else []
    labels = {lab["file"]: lab for lab in old}
    started = time.monotonic()
    # SWE-agent: every scenario; the real agents: every scenario for Claude, every second one for Codex
    if which in ("all", "swe"):
        for sc in all_sc[::2]:
            labels[f"swe/{sc.name}.traj"] = record_swe(sc)
    for agent in ("claude", "codex"):
        if which not in ("all", agent):
            continue
        chosen = all_sc if agent == "claude" else all_sc[1::2] + all_sc[-4:]
        for sc in {s.name: s for s in chosen}.values():
            t0 = time.monotonic()
            try:
                labels[f"{agent}/{sc.name}.jsonl"] = record_agent(agent, sc)
            except Exception as exc:  # noqa: BLE001 - report and go on with the others
                print(f"{agent} {sc.name}: FAILED {exc}", flush=True)
                continue
            print(f"{agent} {sc.name}: {time.monotonic() - t0:.1f}s", flush=True)
    labels_path.write_text("".join(json.dumps(lab) + "\n" for lab in sorted(labels.values(), key=lambda x: x["file"])))
    print(f"{len(labels)} labelled trajectories in {time.monotonic() - started:.0f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
