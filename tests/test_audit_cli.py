"""``statewise audit`` through the installed console script: JSON contract, HTML, directory mode, exit codes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AUDIT = ROOT / "fixtures" / "audit"
STATEWISE = os.path.join(os.path.dirname(sys.executable), "statewise")
CASE = AUDIT / "claude" / "wrong_patch_discount.jsonl"


def run(*args: str, cwd: Path | str = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([STATEWISE, "audit", *args], cwd=cwd, capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})}, check=False)


def test_json_output_is_the_locked_contract() -> None:
    proc = run(str(CASE), "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert list(data) == ["step_base", "step", "phase", "justification", "candidates", "folded", "by"]
    assert data["step_base"] == 1 and data["by"] == "deterministic"
    assert (data["step"], data["phase"]) == (4, "patch")
    assert set(data["candidates"][0]) == {"step", "cause", "phase", "score", "reason", "repair", "missing_evidence"}
    assert data["candidates"][0]["step"] == data["step"]
    assert {"steps", "folded", "kept", "ratio", "chars_total", "chars_folded", "by_reason", "markers",
            "expanded"} <= set(data["folded"])


def test_terminal_output_shows_timeline_verdict_and_runner_ups() -> None:
    proc = run(str(CASE), "--expand", "1")
    assert proc.returncode == 0, proc.stderr
    assert "Earliest decisive error: step 4" in proc.stdout
    assert "Runner-up candidates" in proc.stdout and "Folded" in proc.stdout
    assert "$ git status --short" in proc.stdout  # step 1 expanded in full
    folded = [line for line in proc.stdout.splitlines() if " ⊞ " in line]
    assert folded and all(len(line) <= 80 for line in folded), "folded summaries fit 80 columns when piped"
    prose = [line for line in proc.stdout.splitlines() if line.startswith(("Earliest", "Prior", "Folded"))]
    assert prose and all(len(line) <= 80 for line in prose), prose


def test_html_page_is_standalone_with_the_decisive_step_and_expandable_folds(tmp_path: Path) -> None:
    out = tmp_path / "audit.html"
    proc = run(str(CASE), "--html", str(out))
    assert proc.returncode == 0, proc.stderr
    page = out.read_text()
    assert page.startswith("<!doctype html>") and "<details>" in page
    assert 'id="step-4" class="decisive"' in page
    assert "http://" not in page and "https://" not in page and "<script src" not in page and "<link" not in page


def test_directory_mode_audits_each_transcript_with_a_summary(tmp_path: Path) -> None:
    for name in ("claude/wrong_patch_discount", "codex/wrong_patch_discount", "swe/wrong_function_discount"):
        src = AUDIT / name
        dest = tmp_path / name.replace("/", "_")
        ext = ".traj" if name.startswith("swe") else ".jsonl"
        shutil.copy(f"{src}{ext}", f"{dest}{ext}")
        shutil.copy(f"{src}.tests.txt", f"{dest}.tests.txt")
    proc = run(str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "3 transcript(s) audited" in proc.stdout
    data = json.loads(run(str(tmp_path), "--json").stdout)
    assert [os.path.basename(a["transcript"]) for a in data["audits"]] == [
        "claude_wrong_patch_discount.jsonl", "codex_wrong_patch_discount.jsonl", "swe_wrong_function_discount.traj"]
    assert [a["step"] for a in data["audits"]] == [4, 4, 3]


def test_exit_codes_usage_and_no_diagnosis(tmp_path: Path) -> None:
    assert run(str(tmp_path / "missing.jsonl")).returncode == 2
    assert run("--bogus").returncode == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_text(json.dumps({"type": "user", "message": {"role": "user", "content": "hi"}}) + "\n")
    proc = run(str(empty), "--json")
    assert proc.returncode == 1 and json.loads(proc.stdout)["step"] is None


def test_without_a_path_the_latest_session_of_this_repository_is_audited(git_repo: Path, isolated_home: dict) -> None:
    project = Path(isolated_home["CLAUDE_CONFIG_DIR"]) / "projects" / str(git_repo).replace("/", "-")
    project.mkdir(parents=True)
    shutil.copy(CASE, project / "abc.jsonl")
    proc = run("--json", cwd=git_repo)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["step"] is not None
    other = git_repo.parent / "elsewhere"
    other.mkdir()
    assert run(cwd=other).returncode == 1  # no session of that directory
