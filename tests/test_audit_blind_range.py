"""A later line-range edit that wiped out code the agent was never shown, on invented SWE-agent 0.x trajectories:
``edit N:M`` over hundreds of lines outside every window the editor displayed, after which the file is shorter by as
many lines, broke a file whose earlier change was intact; that edit is the decisive change, not the first one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

REPO = "/inventory__stock"
SRC = "src/main/java/inv/stock/Warehouse.java"
REPORT = ("## FAIL_TO_PASS failing (1)\nFAILED src:inv.stock.WarehouseTest\n## FAIL_TO_PASS passing (0)\n\n"
          "## PASS_TO_PASS failing (0)\n## PASS_TO_PASS passing (3)\n")


def traj_of(tmp_path: Path, entries: list[tuple[str, str]]) -> Any:
    history = [{"role": "system", "content": "SETTING: a special interface."},
               {"role": "user", "content": f"ISSUE:\nRename StockError to InventoryError.\n(Open file: n/a)\n"
                                           f"(Current directory: {REPO})\nbash-$"}]
    data = {"environment": "swe_main", "history": history, "info": {"submission": "", "exit_status": "submitted"},
            "trajectory": [{"action": a, "observation": o, "thought": "", "response": ""} for a, o in entries]}
    path = tmp_path / "x.traj"
    path.write_text(json.dumps(data))
    return transcript.parse_file(str(path))


def window(total: int, first: int, lines: list[str]) -> str:
    return f"[File: {REPO}/{SRC} ({total} lines total)]\n" + "\n".join(f"{first + i}:{ln}" for i, ln in enumerate(lines))


HEAD = ["package inv.stock;", "", "import inv.stock.StockError;", "", "public class Warehouse {",
        "    public int count() throws StockError {", "        return 0;", "    }"]


def session(tmp_path: Path, wiped_total: int) -> Any:
    renamed = [*HEAD[:2], "import inv.stock.InventoryError;", *HEAD[3:]]
    return traj_of(tmp_path, [
        (f"open {SRC}", window(1900, 1, HEAD)),
        ("edit 3:3\nimport inv.stock.InventoryError;\nend_of_edit", window(1900, 1, renamed)),
        ("edit 400:1850\n     * @throws InventoryError on a bad count\n     * @throws InventoryError on a bad id\nend_of_edit",
         window(wiped_total, 398, ["    /**", "     * @throws InventoryError on a bad count", "     * @throws InventoryError on a bad id"])),
        ("exit_cost", "Exited (autosubmitted)")])


def test_a_range_edit_that_wiped_lines_never_shown_is_the_decisive_change(tmp_path: Path) -> None:
    traj = session(tmp_path, 451)  # 1,451 lines fewer
    losses = audit.line_range_losses(traj)
    assert 3 in losses and any("never shown" in n for n in losses[3][0])
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (3, "wrong_patch")
    assert "never showed" in diag.chosen.reason


def test_a_range_edit_over_unseen_lines_that_kept_the_file_whole_is_no_wipe(tmp_path: Path) -> None:
    traj = session(tmp_path, 1850)  # the file kept its length: the lines were restated, not lost
    assert not any("never shown" in n for v in audit.line_range_losses(traj).values() for n in v[0])
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None and diag.chosen.step == 2
