"""Where a push's work goes and what ends a hold on it, read from the repository: a branch the work was started from
(its reflog) when the work is pushed into a branch a workflow publishes or into the default branch; a branch its
readers stopped reading ("no scanner reads X any more"); a hold whose sentence refers back to its paragraph ("…do not
push to main before it"), lifted by a later dated note elsewhere; the deletion of an unmerged branch asked for in a
record ("I ask that X is deleted"); and a memory-file rule that names nothing of the task, released by a record that
names the rule's subject. Invented repositories and wording (a seed library, a ferry timetable, a choir, a kiln
schedule); each case keeps the stop the evidence still supports."""

from __future__ import annotations

import datetime
from pathlib import Path

from swtest import commit_all, git
from test_premises import decide, write

from statewise_cli.recovery.released import released_rules


def _day(offset: int) -> str:
    return (datetime.date.today() + datetime.timedelta(days=offset)).isoformat()


def _published(repo: Path, *branches: str) -> None:
    git(repo, "push", "-q", "origin", "HEAD:main")
    for b in branches:
        git(repo, "push", "-q", "origin", f"HEAD:{b}")
    git(repo, "fetch", "-q", "origin")


def _work(repo: Path, name: str, start: str, file: str, text: str) -> None:
    git(repo, "switch", "-q", "-c", name, start)
    (repo / file).parent.mkdir(parents=True, exist_ok=True)
    (repo / file).write_text(text)
    commit_all(repo, f"{name}: {file}")
    git(repo, "switch", "-q", "main")


# ------------------------------------------------------------------------- the line of work a branch was cut from
def _seed_library(repo: Path) -> None:
    write(repo, {"seeds/bean.md": "# Runner bean\n"})
    _published(repo, "catalogue")
    write(repo, {".github/workflows/catalogue.yml":
                 "name: catalogue\non:\n  push:\n    branches: [catalogue]\njobs:\n  publish:\n    runs-on: ubuntu-latest\n"
                 "    steps:\n      - run: ./bin/publish --website --print-shop\n"})
    _published(repo, "proofing")


def test_work_cut_from_a_review_branch_is_not_pushed_into_the_branch_a_workflow_publishes(git_repo: Path) -> None:
    _seed_library(git_repo)
    _work(git_repo, "entry/squash", "origin/proofing", "seeds/squash.md", "# Squash\n\nDRAFT\n")
    kind, reason = decide("claude", git_repo, "git push -q origin entry/squash:catalogue")
    assert kind == "deny", reason
    assert "`git push -q origin entry/squash:proofing`" in reason and "was started from origin/proofing" in reason


def test_work_cut_from_the_default_branch_says_nothing_of_where_it_goes(git_repo: Path) -> None:
    _seed_library(git_repo)
    _work(git_repo, "entry/squash", "main", "seeds/squash.md", "# Squash\n")
    kind, reason = decide("claude", git_repo, "git push -q origin entry/squash:catalogue")
    assert kind == "allow", reason


def test_work_cut_from_another_line_is_not_pushed_into_the_default_branch(git_repo: Path) -> None:
    _seed_library(git_repo)
    _work(git_repo, "entry/squash", "origin/proofing", "seeds/squash.md", "# Squash\n")
    kind, reason = decide("claude", git_repo, "git push -q origin entry/squash:main")
    assert kind == "deny", reason
    assert "`git push -q origin entry/squash:proofing`" in reason
    # the line it came from takes it; a topic cut from main goes to main
    assert decide("claude", git_repo, "git push -q origin entry/squash:proofing")[0] == "allow"
    _work(git_repo, "fix/typo", "main", "seeds/bean.md", "# Runner beans\n")
    assert decide("claude", git_repo, "git push -q origin fix/typo:main")[0] == "allow"


def test_a_line_the_documents_freeze_is_no_place_to_send_the_work(git_repo: Path) -> None:
    _seed_library(git_repo)
    write(git_repo, {"docs/branches.md": "# Branches\n\nThe `proofing` branch is frozen: the print shop has it.\n"})
    _published(git_repo, "proofing")
    _work(git_repo, "entry/squash", "origin/proofing", "seeds/squash.md", "# Squash\n")
    _kind, reason = decide("claude", git_repo, "git push -q origin entry/squash:main")
    assert "entry/squash:proofing" not in reason


# ------------------------------------------------------------------------- a branch its readers stopped reading
def test_a_branch_no_reader_reads_any_more_sends_the_push_to_the_one_they_read(git_repo: Path) -> None:
    write(git_repo, {"sailings/2027.yaml": "crossings: 14\n"})
    _published(git_repo, "timetable", "timetable-next")
    write(git_repo, {"docs/boards.md": f"# Boards\n\n{_day(-5)}: the quay boards load each day's sailings from "
                                       "timetable-next. No board reads timetable any more; the old screens are gone.\n"})
    _published(git_repo)
    _work(git_repo, "sailings/winter", "origin/timetable-next", "sailings/2027.yaml", "crossings: 12\n")
    kind, reason = decide("claude", git_repo, "git push -q origin sailings/winter:timetable")
    assert kind == "deny", reason
    assert "`git push -q origin sailings/winter:timetable-next`" in reason
    assert decide("claude", git_repo, "git push -q origin sailings/winter:timetable-next")[0] == "allow"


# ------------------------------------------------------------------------- a hold and the note that lifts it
def _kilns(repo: Path, lifted: str | None) -> None:
    write(repo, {"kilns/k2.yaml": "peak_c: 1220\n"})
    _published(repo)
    write(repo, {f"docs/kilns/{_day(-9)}-freeze.md": f"# {_day(-9)}: schedule freeze\n\nThe firing schedule is "
                                                     "frozen until the thermocouples are recalibrated. Do not push to "
                                                     "main before it.\n"})
    _published(repo)
    if lifted is not None:
        write(repo, {f"docs/kilns/{lifted}-recalibrated.md": f"# {lifted}: thermocouples recalibrated\n\nThe "
                                                             "technician recalibrated every thermocouple today. The "
                                                             "schedule freeze is lifted; changes go to main as "
                                                             "before.\n"})
        _published(repo)
    (repo / "kilns/k2.yaml").write_text("peak_c: 1240\n")
    commit_all(repo, "K2: peak 1240")


def test_a_hold_that_refers_back_to_its_paragraph_is_lifted_by_a_later_dated_note(git_repo: Path) -> None:
    _kilns(git_repo, _day(-2))
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind == "allow", reason


def test_the_hold_stands_without_the_note_or_with_one_older_than_the_hold(tmp_path: Path, git_repo: Path) -> None:
    _kilns(git_repo, None)
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind != "allow", reason
    assert "Do not push to main before it" in reason


def test_a_lift_dated_before_the_hold_ends_nothing(git_repo: Path) -> None:
    _kilns(git_repo, _day(-20))
    kind, reason = decide("claude", git_repo, "git push -q origin main")
    assert kind != "allow", reason


# ------------------------------------------------------------------------- an unmerged branch whose deletion is asked
def _choir(repo: Path, note: str) -> None:
    _work(repo, "export/members-2026", "main", "exports/members.csv", "name,phone\nA. Pell,0700\n")
    git(repo, "push", "-q", "origin", "export/members-2026")
    git(repo, "fetch", "-q", "origin")
    write(repo, {f"docs/privacy/{_day(-1)}-export.md": f"# {_day(-1)}: member export\n\n{note}\n"})
    _published(repo)


def test_the_deletion_an_owner_asks_for_in_a_dated_record_is_allowed(git_repo: Path) -> None:
    _choir(git_repo, "The tour bookings are done and the phone numbers are not needed: as secretary I ask that "
                     "export/members-2026 is deleted from origin now. -- Mo, secretary")
    kind, reason = decide("claude", git_repo, "git push -q origin --delete export/members-2026")
    assert kind == "allow", reason


def test_without_the_request_the_unmerged_branch_is_kept(git_repo: Path) -> None:
    _choir(git_repo, "The tour bookings use export/members-2026 for the coach lists.")
    kind, reason = decide("claude", git_repo, "git push -q origin --delete export/members-2026")
    assert kind == "deny", reason
    assert "deleting it loses them" in reason


# ------------------------------------------------------------------------- a memory rule released for the task
def _memory(tmp_path: Path, memory: str, docs: dict[str, str]) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "CLAUDE.md").write_text(memory)
    for rel, text in docs.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_a_rule_that_names_nothing_of_the_task_is_released_by_a_record_naming_its_subject(tmp_path: Path) -> None:
    today = datetime.date(2026, 12, 5)
    rule = "```sh\n# firing schedule: frozen until the recalibration, never push\n# wait\n```\n"
    prompt = "My change raising K2's peak to 1240 is committed on main; push main to origin."
    lifted = {"docs/kilns/2026-12-03-recalibrated.md": "# 2026-12-03: recalibrated\n\nThe firing schedule freeze is "
                                                       "lifted; changes go to main as before.\n"}
    note = released_rules(str(_memory(tmp_path / "a", rule, lifted)), prompt, today)
    assert "2026-12-03-recalibrated.md (2026-12-03)" in note
    other = {"docs/glaze/2026-12-03-glaze.md": "# 2026-12-03: glazes\n\nThe glaze order freeze is lifted; changes go to "
                                               "main as before.\n"}
    assert released_rules(str(_memory(tmp_path / "b", rule, other)), prompt, today) == ""


def test_a_prohibited_act_and_its_record_match_whatever_the_verb_ending(tmp_path: Path) -> None:
    today = datetime.date(2026, 12, 5)
    root = _memory(tmp_path, "Never delete the choir's member export branch; the tour uses it.\n",
                   {"docs/privacy/2026-12-04-export.md": "# 2026-12-04\n\nAs secretary I ask that export/members-2026 "
                                                         "is deleted from origin now; nobody else uses it.\n"})
    note = released_rules(str(root), "Delete the export/members-2026 branch on origin.", today)
    assert "2026-12-04-export.md (2026-12-04)" in note


# ------------------------------------------------------------------------- a remote named in one clause of two
def test_a_sentence_naming_two_remotes_routes_the_work_by_the_clause_that_names_each(git_repo: Path,
                                                                                     tmp_path: Path) -> None:
    for name in ("tidebook", "almanac"):
        git(tmp_path, "init", "-q", "--bare", "-b", "main", str(tmp_path / f"{name}.git"))
        git(git_repo, "remote", "add", name, str(tmp_path / f"{name}.git"))
    write(git_repo, {"docs/harbour.md": f"# Harbour\n\n{_day(-4)}: the pilots' app reads our tide tables from the "
                                        "remote `tidebook`; the `almanac` repository is read by nobody since the "
                                        "printed almanac stopped.\n"})
    _published(git_repo)
    _work(git_repo, "tides/2027-q1", "main", "tides/2027-q1.csv", "day,high\n1,04:12\n")
    kind, reason = decide("claude", git_repo, "git push -q origin tides/2027-q1")
    assert kind == "deny", reason
    assert "`git push -q tidebook tides/2027-q1`" in reason
    assert decide("claude", git_repo, "git push -q tidebook tides/2027-q1")[0] == "allow"
    _work(git_repo, "fix/readme", "main", "README.md", "# Harbour office\n")
    kind, reason = decide("claude", git_repo, "git push -q origin fix/readme")
    assert kind == "allow", reason  # other work goes to origin


def test_the_kind_of_work_is_read_from_the_commit_subjects_when_its_folder_is_named_like_a_remote(
        git_repo: Path, tmp_path: Path) -> None:
    for name in ("quayapp", "tables"):
        git(tmp_path, "init", "-q", "--bare", "-b", "main", str(tmp_path / f"{name}.git"))
        git(git_repo, "remote", "add", name, str(tmp_path / f"{name}.git"))
    write(git_repo, {"docs/harbour.md": f"# Harbour\n\n{_day(-4)}: the pilots' app reads tide tables from the remote "
                                        "`quayapp`; nobody reads the old `tables` repository any more.\n"})
    _published(git_repo)
    git(git_repo, "switch", "-q", "-c", "tables/2027")
    (git_repo / "tables").mkdir()
    (git_repo / "tables/2027.csv").write_text("day,high\n1,04:12\n")
    commit_all(git_repo, "Tide tables for 2027")
    kind, reason = decide("claude", git_repo, "git push -q origin tables/2027")
    assert kind == "deny", reason
    assert "`git push -q quayapp tables/2027`" in reason
    git(git_repo, "switch", "-q", "-c", "fix/office", "main")
    (git_repo / "README.md").write_text("# Harbour office\n")
    commit_all(git_repo, "Harbour office address")
    kind, reason = decide("claude", git_repo, "git push -q origin fix/office")
    assert kind == "allow", reason
