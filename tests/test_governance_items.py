"""The record a repository keeps for the item an action names (a zone, a lot, a case, an order) says what the item
waits for and how it is handled: a precondition still pending, or an option every such action passes, asks when the
line runs the repository's script on that item without it; a record that says the wait is over, or a line that
passes the option, runs (``statewise_cli.recovery.governance_items``). Invented repositories and domains."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS
from test_premises import decide, write


def _sh(what: str) -> str:
    return f"#!/bin/sh\n# {what}\necho \"done: $*\"\n"


def _scripts(repo: Path, **scripts: str) -> None:
    write(repo, {f"bin/{name}": _sh(what) for name, what in scripts.items()})
    for name in scripts:
        (repo / "bin" / name).chmod(0o755)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_pending_result_in_the_items_record_asks(agent: str, git_repo: Path) -> None:
    write(git_repo, {"outbreaks/H7-22.md": "2026-10-02: flock culled, site disinfected.\n"
                                           "2026-10-04: swab panel sent, results awaited.\n",
                     "outbreaks/H7-19.md": "2026-09-01: swab panel sent.\n2026-09-05: all swabs negative, cleared.\n"})
    _scripts(git_repo, **{"end-movement-ban": "Lifts the animal movement ban around a site."})
    kind, reason = decide(agent, git_repo, "./bin/end-movement-ban --site H7-22")
    assert kind in ("ask", "deny"), reason
    assert "outbreaks/H7-22.md" in reason and "awaited" in reason
    assert decide(agent, git_repo, "./bin/end-movement-ban --site H7-19")[0] == "allow"


def test_an_option_the_items_record_prescribes_for_every_action_asks_with_the_form(git_repo: Path) -> None:
    write(git_repo, {"matters/2026-FAM-118/README.md": "2026-08-01: sealing order granted. Every submission: "
                                                       "--seal-exhibits.\n"})
    _scripts(git_repo, **{"submit-docket": "Sends a document to the tribunal's portal; --seal-exhibits seals them."})
    kind, reason = decide("codex", git_repo, "./bin/submit-docket --matter 2026-FAM-118 --file reply.pdf")
    assert kind in ("ask", "deny"), reason
    assert "--seal-exhibits" in reason
    kind, reason = decide("codex", git_repo, "./bin/submit-docket --matter 2026-FAM-118 --file reply.pdf --seal-exhibits")
    assert kind == "allow", reason


def test_a_documented_option_the_script_takes_asks_when_the_line_lacks_it(git_repo: Path) -> None:
    write(git_repo, {"docs/export.md": "# Export (2026-09)\n\nPlant exports to the UK: attach the export licence "
                                       "(--licence-no), or the border post returns the pallet.\n"})
    _scripts(git_repo, **{"book-export": "Books freight for an export; --licence-no attaches the licence."})
    kind, reason = decide("claude", git_repo, "./bin/book-export --id EX-41")
    assert kind in ("ask", "deny"), reason
    assert "--licence-no" in reason
    assert decide("claude", git_repo, "./bin/book-export --id EX-41 --licence-no LN-9")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_developer_record_for_every_action_on_an_item_takes_the_form_the_items_record_names(agent: str,
                                                                                            git_repo: Path) -> None:
    from swtest import run_statewise

    write(git_repo, {"audits/AU-2291/LOG.md": "2026-10-20: auditor appointed. All uploads: --strip-payroll.\n"})
    _scripts(git_repo, **{"upload-ledger": "Uploads a ledger extract to the auditor's portal."})
    result = run_statewise(["remember", "policy.audit_au2291_uploads",
                            "every upload for AU-2291 leaves out the payroll columns; the finance lead decides",
                            "--type", "policy"], git_repo)
    assert result.returncode == 0, result
    kind, reason = decide(agent, git_repo, "./bin/upload-ledger --audit AU-2291 --period 2026-09")
    assert kind == "deny", reason
    assert "`./bin/upload-ledger --audit AU-2291 --period 2026-09 --strip-payroll`" in reason
    kind, reason = decide(agent, git_repo, "./bin/upload-ledger --audit AU-2291 --period 2026-09 --strip-payroll")
    assert kind == "allow", reason
