"""The real-home guard of tests/swtest.py blames a test only for what its own session wrote."""

from __future__ import annotations

from pathlib import Path

from swtest import blame


def test_a_file_naming_this_session_is_blamed_and_another_process_file_is_not(tmp_path: Path) -> None:
    basetemp = tmp_path / "pytest-7"
    ours = tmp_path / "stores-ours.json"
    ours.write_text(f'{{"store": "{basetemp}/test_x0/repo/.git/statewise/store.db", "records": 1}}')
    sqlite_like = tmp_path / "global.db"
    sqlite_like.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100 + str(basetemp / "repo").encode() + b"\x00")
    foreign = tmp_path / "stores-foreign.json"
    foreign.write_text('{"store": "/tmp/pytest-of-root/pytest-8/matrix0/repo/.git/statewise/store.db"}')
    gone = tmp_path / "deleted-meanwhile"
    found, other = blame([str(ours), str(sqlite_like), str(foreign), str(gone)], basetemp)
    assert found == [str(ours), str(sqlite_like)]
    assert other == [str(foreign), str(gone)]
