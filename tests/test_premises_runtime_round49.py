"""Runtime premises without a memory line: the guidance names a command the agent can run.

- a channel, track or release a document holds ("never upload an untested build to stable") while the same paragraph
  sends the work elsewhere ("nightly builds go to the `edge` channel"): the held upload is offered as the same
  command to the other target, and the upload to that target is not held;
- a program the documents retire, whose successor's name extends its own (a new generation that keeps the command
  line): offered with the action's own arguments; a successor under another name is not handed those arguments.

Invented repositories and tools (shapes from how projects write release channels and tool replacements)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, hook, pre_bash, reply
from test_premises import decide, stub_bin, write


@pytest.mark.parametrize("agent", AGENTS)
def test_a_held_channel_names_the_channel_the_paragraph_sends_the_work_to(agent: str, git_repo: Path) -> None:
    write(git_repo, {"docs/releasing.md": "# Releasing\n\nSince 2.0 every customer installs from `stable`. Nightly "
                                          "builds go to the `edge` channel (opt-in testers); never upload an untested "
                                          "build to stable.\n"})
    kind, reason = decide(agent, git_repo, "snapship upload dist/app.snap --channel stable")
    assert kind in ("ask", "deny"), reason
    assert "`snapship upload dist/app.snap --channel edge`" in reason, reason
    kind, reason = decide(agent, git_repo, "snapship upload dist/app.snap --channel edge")
    assert kind == "allow" and "releasing.md" not in reason, reason


def test_a_channel_in_a_target_spec_and_no_alternative_without_a_destination(git_repo: Path) -> None:
    write(git_repo, {"docs/store.md": "# Store\n\nBeta testers get the `preview` build. Never push a debug build to "
                                      "release.\n"})
    kind, reason = decide("claude", git_repo, "gamepush push build/linux acme/orbit:release")
    assert kind in ("ask", "deny"), reason
    assert "acme/orbit:preview" not in reason  # the paragraph sends no work to `preview` ("get" is no delivery)


def test_other_target_reads_only_one_destination() -> None:
    from statewise_cli.recovery.governance import _other_target

    statement = "Release candidates are published to the `candidate` track; never release to production by hand."
    assert _other_target(statement, "", "storectl release app.aab --track production") == (
        "The same document sends this work to `candidate`: `storectl release app.aab --track candidate`")
    two = "Canaries go to `canary`, nightlies land in `edge`; never release to production by hand."
    assert _other_target(two, "", "storectl release app.aab --track production") == ""
    # a negated destination sends nothing there
    assert _other_target("Untested builds never go to `edge`; never release to stable.", "",
                         "storectl release app.aab --track stable") == ""
    # the action's verb is not a target, even when the statement says it
    assert _other_target("Builds go to `edge`; never push to stable.", "", "tool push dist") == ""


def _decide(agent: str, repo: Path, command: str, env: dict[str, str]) -> tuple[str, str]:
    data = reply(hook(pre_bash(agent, repo, command), repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


@pytest.mark.parametrize("agent", AGENTS)
def test_a_retired_program_whose_successor_extends_its_name_keeps_the_arguments(agent: str, git_repo: Path,
                                                                                tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "scanconvx", "exit 0")
    write(git_repo, {"docs/pipeline.md": "# Pipeline (2026-10-02)\n\nWe convert the scans with scanconvx now; the "
                                         "old scanconv was removed from the workstation.\n"})
    kind, reason = _decide(agent, git_repo, "scanconv -o out/s01 raw/s01", env)
    assert kind == "deny", reason
    assert "`scanconvx -o out/s01 raw/s01`" in reason, reason
    assert _decide(agent, git_repo, "scanconvx -o out/s01 raw/s01", env)[0] == "allow"


def test_a_successor_under_another_name_is_not_handed_the_arguments(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "imagemill", "exit 0")
    write(git_repo, {"docs/pipeline.md": "# Pipeline (2026-10-02)\n\nWe convert the scans with imagemill now; the "
                                         "old scanconv was removed from the workstation.\n"})
    kind, reason = _decide("claude", git_repo, "scanconv -o out/s01 raw/s01", env)
    assert kind == "deny", reason
    assert "imagemill" in reason and "`imagemill -o out/s01 raw/s01`" not in reason, reason


def test_extends() -> None:
    from statewise_cli.recovery.premises_history import extends

    assert extends("dcm2niix", "dcm2nii") and extends("gpg2", "gpg") and extends("batcat", "bat")
    assert not extends("kubeconform", "kubeval") and not extends("go", "g") and not extends("tool", "tool")


# ------------------------------------------------------------------ the job table's invocation keeps the output
def test_a_pdf_renderer_in_another_ones_place_keeps_the_output_file(git_repo: Path, tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "pagedjs-cli", "exit 0")
    write(git_repo, {"package.json": '{"name": "book", "devDependencies": {"pagedjs-cli": "0.4.3"}}\n',
                     "book/print.css": "@page { size: A5; }\n"})
    kind, reason = _decide("claude", git_repo, "prince book/ch1.html -o out/ch1.pdf", env)
    assert kind == "deny", reason
    assert "`pagedjs-cli book/ch1.html -o out/ch1.pdf`" in reason, reason
    assert _decide("claude", git_repo, "pagedjs-cli book/ch1.html -o out/ch1.pdf", env)[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_docs_site_moved_to_starlight_names_the_astro_build(agent: str, git_repo: Path, tmp_path: Path) -> None:
    from swtest import commit_all, git

    env = stub_bin(tmp_path, "astro", "exit 0")
    write(git_repo, {"docusaurus.config.js": "module.exports = {};\n",
                     "package.json": '{"name": "d", "dependencies": {"@docusaurus/core": "3.5.2"}}\n'})
    git(git_repo, "rm", "-q", "docusaurus.config.js")
    (git_repo / "astro.config.mjs").write_text("export default {};\n")
    (git_repo / "package.json").write_text('{"name": "d", "dependencies": {"astro": "5.1.0", '
                                           '"@astrojs/starlight": "0.30.0"}}\n')
    commit_all(git_repo, "Docs on Starlight")
    kind, reason = _decide(agent, git_repo, "docusaurus build", env)
    assert kind == "deny", reason
    assert "`astro build`" in reason, reason
    assert _decide(agent, git_repo, "astro build", env)[0] == "allow"
