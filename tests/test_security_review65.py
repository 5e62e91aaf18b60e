"""Lines a review of the round's shell reading found allowed though they do damage: each must be denied."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_trust import pre

OUT = "/tmp/sw-review65-outside"


def _side_branch_with(repo: Path, name: str, text: str) -> None:
    subprocess.run(["git", "checkout", "-q", "-b", "side65"], cwd=repo, check=True)
    (repo / name).write_text(text)
    subprocess.run(["git", "add", name], cwd=repo, check=True)
    subprocess.run(["git", "commit", "-qm", "side"], cwd=repo, check=True)
    subprocess.run(["git", "checkout", "-q", "main"], cwd=repo, check=True)
    (repo / name).write_text(text.replace("main", "topic"))


@pytest.mark.parametrize("rewrite", [
    "git checkout side65 -- vars.sh", "sed -i s/topic/main/ vars.sh", "ln -sf other.sh vars.sh",
    "python3 -c 'open(\"vars.sh\",\"w\").write(\"B=main\")'",
])
def test_a_sourced_file_rewritten_earlier_on_the_line(protected_repo: Path, rewrite: str) -> None:
    _side_branch_with(protected_repo, "vars.sh", "B=main\n")
    verdict, reason = pre("claude", protected_repo, f"{rewrite}; . ./vars.sh; git push --force origin $B")
    assert verdict == "deny", reason


@pytest.mark.parametrize("line", [
    "set -C; printf 'B=topic\\n' > vars.sh; . ./vars.sh; git push --force origin $B",
    "mkdir -p d.sh; printf 'B=topic\\n' > d.sh; . ./d.sh; git push --force origin $B",
    "printf 'return 0\\nB=topic\\n' > r.sh; . ./r.sh; git push --force origin $B",
    "printf 'local B=topic\\n' > t.sh; . ./t.sh; git push --force origin $B",
    "B=topic; command -p . ./vars.sh; git push --force origin $B",
    "B=topic; builtin -- . ./vars.sh; git push --force origin $B",
])
def test_a_sourced_file_the_line_wrote_is_not_taken_as_read(protected_repo: Path, line: str) -> None:
    (protected_repo / "vars.sh").write_text("B=main\n")
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


@pytest.mark.parametrize("line", [
    "B=topic; bash <<'EOF'\ngit push --force origin $B\nEOF",
    "export B=topic; env -i bash <<'EOF'\ngit push --force origin $B\nEOF",
    "set -- topic; bash <<\"EOF\"\ngit push --force origin $1\nEOF",
])
def test_a_quoted_here_document_does_not_see_the_parents_variables(protected_repo: Path, line: str) -> None:
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


@pytest.mark.parametrize("line", [
    f"builtin cd {OUT} | true; git reset --hard",
    f"command cd {OUT} & git reset --hard",
    f"true | builtin cd {OUT}; git reset --hard",
])
def test_builtin_cd_that_moves_nothing(protected_repo: Path, line: str) -> None:
    Path(OUT).mkdir(exist_ok=True)
    (protected_repo / "work.txt").write_text("uncommitted\n")
    subprocess.run(["git", "add", "work.txt"], cwd=protected_repo, check=True)
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason


def test_a_short_name_that_is_both_a_plain_ref_and_a_symbolic_branch(protected_repo: Path) -> None:
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=protected_repo, capture_output=True, text=True,
                          check=True).stdout.strip()
    subprocess.run(["git", "update-ref", "refs/alias9", head], cwd=protected_repo, check=True)
    subprocess.run(["git", "symbolic-ref", "refs/heads/alias9", "refs/heads/main"], cwd=protected_repo, check=True)
    verdict, reason = pre("claude", protected_repo, "git push -f origin alias9")
    assert verdict == "deny", reason


def test_an_include_file_from_the_environment_rewritten_on_the_line(protected_repo: Path) -> None:
    (protected_repo / "inc.cfg").write_text("[alias]\n\tzz = status\n")
    line = ("sed -i 's/status/push -f origin main/' inc.cfg; GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=include.path "
            f"GIT_CONFIG_VALUE_0={protected_repo}/inc.cfg git zz")
    verdict, reason = pre("claude", protected_repo, line)
    assert verdict == "deny", reason
