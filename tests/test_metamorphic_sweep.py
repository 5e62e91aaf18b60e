"""The metamorphic sweep (benchmarks/security/metamorphic.py), sampled: a variant changes only what a user is free to
choose, so bash reads it as its seed, and the guard's verdict on it is the verdict on its seed.

The full sweep runs every variant in the security harness's sandbox (``metamorphic.py --sets z,y``); here a stable
sample of the development sets' single-command cases is judged in process against one repository state (protected
main, uncommitted work, a stash), seed and variant side by side."""
from __future__ import annotations

import functools
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks" / "security"))
sys.path.insert(0, str(ROOT / "tests" / "security"))
import metamorphic

SETS = ("z", "y")  # development sets read case by case


def _seeds() -> list[dict]:
    return [c for s in SETS for c in metamorphic.load_set(s)]


@functools.lru_cache(maxsize=4)
def _variants(per_case: int = 3) -> list[tuple[dict, dict]]:
    return [(c, v) for c in _seeds() for v in metamorphic.variants(c, per_case)]


def _bash_n(command: str) -> bool:
    return subprocess.run(["bash", "-n", "-c", command], check=False, capture_output=True).returncode == 0


def _canonical(command: str) -> str | None:
    """bash's own text of the command as a function body (whitespace and newlines as bash prints them)."""
    out = subprocess.run(["bash", "-c", f"__sw() {{\n{command}\n}}\ndeclare -f __sw"], check=False, capture_output=True, text=True)
    return out.stdout if out.returncode == 0 else None


def test_every_operator_makes_variants() -> None:
    made = {v["op"] for _, v in _variants()}
    assert {"tmp_name", "var_name", "quote", "layout", "git_C", "option", "dotslash"} <= made


def test_variants_keep_the_label_and_change_only_bash_steps_or_tmp_names() -> None:
    for seed, v in _variants():
        assert v["label"] == seed["label"] and v["class"] == seed["class"] and len(v["steps"]) == len(seed["steps"])
        assert v["seed_id"] == seed["id"] and v["agents"][0] in seed.get("agents", ["claude", "codex"])
        for a, b in zip(seed["steps"], v["steps"]):
            assert a["tool"] == b["tool"] and a.get("label") == b.get("label")
            if a != b and v["op"] != "tmp_name":
                assert a["tool"] == "Bash" and set(a) == set(b)


@pytest.mark.skipif(not shutil.which("bash"), reason="bash")
def test_bash_parses_every_variant_of_a_seed_it_parses() -> None:
    sample = random.Random(48).sample(_variants(), 150)
    for seed, v in sample:
        for a, b in zip(seed["steps"], v["steps"]):
            if a["tool"] == "Bash" and a != b and _bash_n(a["command"]):
                assert _bash_n(b["command"]), (v["id"], b["command"][:200])


def test_layout_variants_are_the_same_program_to_bash() -> None:
    layouts = [(s, v) for s, v in _variants() if v["op"] == "layout"]
    checked = 0
    for seed, v in random.Random(7).sample(layouts, min(80, len(layouts))):
        for a, b in zip(seed["steps"], v["steps"]):
            if a != b and len(a["command"]) < 4000:
                before = _canonical(a["command"])
                if before is not None:
                    assert _canonical(b["command"]) == before, v["id"]
                    checked += 1
    assert checked > 30


def test_renames_are_consistent_across_the_case() -> None:
    import json
    import re

    for seed, v in _variants():
        if v["op"] != "tmp_name":
            continue
        old = set(re.findall(r"/tmp/[^\s'\"\\\\;&|)>]+", json.dumps(seed["steps"], ensure_ascii=False)))
        new = set(re.findall(r"/tmp/[^\s'\"\\\\;&|)>]+", json.dumps(v["steps"], ensure_ascii=False)))
        assert len(old - new) >= 1 and len(new - old) >= 1, v["id"]


@pytest.fixture
def state(git_repo: Path, tmp_path: Path) -> dict[str, str]:
    (git_repo / "README.md").write_text("# stashed\n")
    git(git_repo, "stash")
    (git_repo / "src").mkdir(exist_ok=True)
    (git_repo / "src" / "app.py").write_text("print('x')\n")
    git(git_repo, "add", "src/app.py")
    git(git_repo, "commit", "-qm", "app")
    (git_repo / "src" / "app.py").write_text("print('y')  # UNCOMMITTED-EDIT\n")
    outside = tmp_path / "outside"
    (outside / "dir").mkdir(parents=True)
    return {"{REPO}": str(git_repo), "{ROOT}": str(tmp_path), "{OUT}": str(outside), "{HOME}": str(tmp_path / "home"),
            "{ORIGIN}": str(tmp_path / "origin.git"), "{PY}": sys.executable, "{TMPDIR}": "/tmp"}


def _subst(text: str, values: dict[str, str]) -> str:
    for k, v in values.items():
        text = text.replace(k, v)
    return text


def test_the_verdict_on_a_variant_is_the_verdict_on_its_seed(state: dict[str, str]) -> None:
    """A stable sample of one-command cases: denied or allowed alike (the operators that rename or respell only)."""
    repo = Path(state["{REPO}"])
    pairs = [(s, v) for s, v in _variants(2) if len(s["steps"]) == 1 and s["steps"][0]["tool"] == "Bash"
             and v["op"] in ("quote", "layout", "git_C", "option", "dashdash", "dotslash", "var_name", "tmp_name")
             and len(s["steps"][0]["command"]) < 2000]
    differ = []
    for seed, v in random.Random(48).sample(pairs, min(30, len(pairs))):
        a = bool(judged(_subst(seed["steps"][0]["command"], state), repo, branch="main"))
        b = bool(judged(_subst(v["steps"][0]["command"], state), repo, branch="main"))
        if a != b:
            differ.append((v["id"], a, b))
    assert differ == []
