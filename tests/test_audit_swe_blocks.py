"""SWE-agent 0.x: the editor's own commands run at the end of a block of shell lines (``cd dir`` ... ``create X``)
act on the file the editor's output shows; the next ``edit`` changes that file, not the one opened before."""

from __future__ import annotations

import json
from pathlib import Path

from statewise_cli import transcript
from statewise_cli.audit import investigate as audit

REPO = "/garden__beds"


def test_a_create_at_the_end_of_a_command_block_opens_and_creates_the_shown_file(tmp_path: Path) -> None:
    src = "src/main/java/garden/Bed.java"
    made = "src/main/java/garden/notes/PlotCheck.java"
    entries = [(f"open {src}", f"[File: {REPO}/{src} (40 lines total)]\n1:package garden;"),
               ("edit 1:1\npackage garden; // beds\nend_of_edit", f"[File: {REPO}/{src} (40 lines total)]\n1:package garden; // beds"),
               ("cd src/main/java/garden\nmkdir -p notes\ncd notes\ncreate PlotCheck.java",
                f"[File: {REPO}/{made} (1 lines total)]\n1:"),
               ("edit 1:1\npublic class PlotCheck { }\nend_of_edit", f"[File: {REPO}/{made} (1 lines total)]\n1:public class PlotCheck {{ }}")]
    history = [{"role": "system", "content": "SETTING"},
               {"role": "user", "content": f"ISSUE:\nBeds overlap.\n(Open file: n/a)\n(Current directory: {REPO})\nbash-$"}]
    path = tmp_path / "x.traj"
    path.write_text(json.dumps({"environment": "swe_main", "history": history, "info": {"submission": ""},
                                "trajectory": [{"action": a, "observation": o, "thought": "", "response": ""}
                                               for a, o in entries]}))
    traj = transcript.parse_file(str(path))
    assert traj.steps[2].action.kind == "edit" and traj.steps[2].action.edits[0].path == made
    assert traj.steps[3].action.edits[0].path == made  # not Bed.java, the file opened before the block
    assert [c.paths for c in audit.changes(traj)[0]] == [(src,), (made,), (made,)]
