"""Round 32, workspace and intent families: premises read from the repository's history and configuration.

Invented repositories (not the benchmark's): a path whose content a commit moved while giving the path new
content, a directory .gitignore stopped ignoring, package metadata written where the build backend does not
read it, a deleted file whose successor lives in another directory. The correct action on the same
repository is allowed next to each deny.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all, git
from test_premises import decide, write


def _edit(repo: Path, rel: str, old: str, new: str) -> dict[str, object]:
    return {"tool": "Edit", "tool_input": {"file_path": str(repo / rel), "old_string": old, "new_string": new}}


# ------------------------------------------------------------------ content moved out of a path that stays
LOCAL = "# local fixtures\nfixture('alice')\nfixture('bob')\nfixture('carol')\nfixture('dave')\n"
SHARED = "# shared reference rows\nregion('eu-west')\nregion('us-east')\n"


def _split(repo: Path) -> None:
    write(repo, {"fixtures/load.py": LOCAL, "README.md": "demo\n"})
    git(repo, "mv", "fixtures/load.py", "fixtures/local.py")
    (repo / "fixtures/load.py").write_text(SHARED)
    commit_all(repo, "Split fixtures: load.py keeps shared reference rows, local rows in fixtures/local.py")


def test_an_edit_of_a_path_whose_content_moved_names_where_it_went(git_repo: Path) -> None:
    _split(git_repo)
    # The edit's anchor is text both files share: the one that moved is what the edit means.
    (git_repo / "fixtures/load.py").write_text("# local fixtures\n" + SHARED)
    commit_all(git_repo, "header")
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "fixtures/load.py", "# local fixtures\n",
                                                        "# local fixtures\nfixture('erin')\n"))
    assert kind == "deny", reason
    assert "fixtures/local.py" in reason and "git.history" in reason
    assert "edit `fixtures/local.py`" in reason
    assert decide("claude", git_repo, **_edit(git_repo, "fixtures/local.py", "# local fixtures\n",
                                              "# local fixtures\nfixture('erin')\n"))[0] == "allow"


def test_an_edit_of_text_only_the_new_content_has_is_allowed(git_repo: Path) -> None:
    _split(git_repo)
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "fixtures/load.py", "region('us-east')\n",
                                                        "region('us-east')\nregion('ap-south')\n"))
    assert kind == "allow", reason


def test_a_plain_copy_is_no_move(git_repo: Path) -> None:
    """A file copied while the original keeps its content: both are live, nothing moved."""
    write(git_repo, {"conf/base.ini": LOCAL})
    (git_repo / "conf/staging.ini").write_text(LOCAL)
    commit_all(git_repo, "staging copy")
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "conf/base.ini", "fixture('bob')\n", "fixture('bo')\n"))
    assert kind == "allow", reason


# ------------------------------------------------------------------ a directory .gitignore stopped ignoring
def _output_moved(repo: Path) -> None:
    write(repo, {".gitignore": "node_modules/\n/bundle/\n", "src/app.ts": "export {};\n"})
    write(repo, {".gitignore": "node_modules/\n/target/web/\n", "bundle/sign.sh": "#!/bin/sh\ncodesign \"$1\"\n",
                 "bundle/entitlements.plist": "<plist/>\n"})
    (repo / "target/web").mkdir(parents=True)
    (repo / "target/web/app.js").write_text("export {};\n")


@pytest.mark.parametrize("agent", AGENTS)
def test_deleting_a_directory_that_stopped_being_ignored_output(agent: str, git_repo: Path) -> None:
    _output_moved(git_repo)
    kind, reason = decide(agent, git_repo, "rm -rf bundle")
    assert kind == "deny", reason
    assert "tracked files" in reason and "target/web" in reason
    assert "`rm -rf target/web`" in reason
    assert decide(agent, git_repo, "rm -rf target/web")[0] == "allow"


def test_deleting_a_tracked_directory_gitignore_never_named_is_not_this_premise(git_repo: Path) -> None:
    write(git_repo, {".gitignore": "node_modules/\n", "legacy/old.py": "x = 1\n", "src/a.py": "y = 2\n"})
    _kind, reason = decide("claude", git_repo, "rm -rf legacy")
    assert "git.ignore" not in reason, reason


def test_a_directory_ignored_again_since_is_output_again(git_repo: Path) -> None:
    _output_moved(git_repo)
    write(git_repo, {".gitignore": "node_modules/\n/target/web/\n/bundle/\n"})
    _kind, reason = decide("claude", git_repo, "rm -rf bundle")
    assert "git.ignore" not in reason, reason


# ------------------------------------------------------------------ metadata a build backend does not read
PDM = ('[build-system]\nrequires = ["pdm-backend"]\nbuild-backend = "pdm.backend"\n\n[project]\nname = "tallyho"\n'
       'version = "0.3.0"\ndependencies = ["attrs>=23"]\n')


def test_metadata_written_to_setup_cfg_under_another_backend(git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": PDM, "setup.cfg": "[isort]\nprofile = black\n", "tallyho/__init__.py": ""})
    call = _edit(git_repo, "setup.cfg", "[isort]\n", "[options]\ninstall_requires =\n    rich\n\n[isort]\n")
    kind, reason = decide("claude", git_repo, **call)
    assert kind == "deny", reason
    assert "pdm.backend" in reason and "`pyproject.toml` ([project] table)" in reason
    # Another tool's section in setup.cfg is read by that tool: allowed.
    other = _edit(git_repo, "setup.cfg", "[isort]\n", "[mypy]\nstrict = True\n\n[isort]\n")
    assert decide("claude", git_repo, **other)[0] == "allow"


def test_setup_cfg_metadata_under_setuptools_is_read(git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": '[build-system]\nrequires = ["setuptools>=69"]\nbuild-backend = "setuptools.build_meta"\n',
                     "setup.cfg": "[metadata]\nname = tallyho\n"})
    call = _edit(git_repo, "setup.cfg", "[metadata]\nname = tallyho\n",
                 "[metadata]\nname = tallyho\n\n[options]\ninstall_requires =\n    rich\n")
    assert decide("claude", git_repo, **call)[0] == "allow"


def test_setup_cfg_without_a_declared_backend_is_read(git_repo: Path) -> None:
    write(git_repo, {"pyproject.toml": "[tool.black]\nline-length = 100\n", "setup.cfg": "[metadata]\nname = t\n"})
    call = _edit(git_repo, "setup.cfg", "[metadata]\nname = t\n", "[metadata]\nname = t\n\n[options]\nzip_safe = False\n")
    assert decide("claude", git_repo, **call)[0] == "allow"


# ------------------------------------------------------------------ a deleted file's successor in another directory
def test_an_edit_of_a_file_replaced_in_another_directory(git_repo: Path) -> None:
    write(git_repo, {"static/manifest.json": '{"name": "shop"}\n', "package.json": '{"name": "shop"}\n'})
    git(git_repo, "rm", "-q", "static/manifest.json")
    (git_repo / "src/app").mkdir(parents=True)
    (git_repo / "src/app/manifest.ts").write_text("export default function manifest() { return {name: 'shop'}; }\n")
    commit_all(git_repo, "Web manifest from a route")
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "static/manifest.json", '"shop"', '"Shop"'))
    assert kind == "deny", reason
    assert "src/app/manifest.ts" in reason


def test_a_deleted_file_with_two_same_stem_successors_says_nothing(git_repo: Path) -> None:
    write(git_repo, {"static/routes.json": "{}\n"})
    git(git_repo, "rm", "-q", "static/routes.json")
    for d in ("api", "web"):
        (git_repo / d).mkdir()
        (git_repo / d / "routes.ts").write_text("export {};\n")
    commit_all(git_repo, "Split the route table")
    _kind, reason = decide("claude", git_repo, **_edit(git_repo, "static/routes.json", "{}", "{\"a\": 1}"))
    assert "api/routes.ts" not in reason and "web/routes.ts" not in reason, reason


# ------------------------------------------------------------------ intent: "only through <tool>"
def test_a_policy_allowing_its_subject_only_through_a_tool_allows_that_tool() -> None:
    from test_intent import policy

    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery import intent

    record = policy("policy.refunds", "refunds go only through billingctl refund (ledger entry); never edit balances in SQL")
    (tool, *_) = normalize_shell("billingctl refund --invoice 88 --amount 12.00", "main")
    (sql, *_) = normalize_shell('psql "$DB" -c "UPDATE balances SET amount = 0"', "main")
    (other, *_) = normalize_shell("stripe refunds create --charge ch_1", "main")
    assert intent.within_named_destination(record, tool)
    assert not intent.within_named_destination(record, sql)
    assert not intent.within_named_destination(record, other)
    # A word of the policy's own subject is no tool name: "refunds only through refunds" allows nothing by name.
    same = policy("policy.refunds", "refunds only through refunds review")
    (named, *_) = normalize_shell("refunds approve 88", "main")
    assert not intent.within_named_destination(same, named)


# ------------------------------------------------------------------ a deleted file's content, found by the edit's anchor
def test_an_edit_of_a_deleted_file_goes_where_its_anchor_text_went(git_repo: Path) -> None:
    write(git_repo, {"deploy/targets.txt": "edge-a.eu.example.net\nedge-b.eu.example.net\n", "app.py": "x = 1\n"})
    git(git_repo, "rm", "-q", "deploy/targets.txt")
    for env, hosts in (("eu", "edge-a.eu.example.net\nedge-b.eu.example.net\n"), ("us", "edge-a.us.example.net\n")):
        (git_repo / "deploy" / env).mkdir(parents=True)
        (git_repo / "deploy" / env / "targets.toml").write_text("".join(f'host = "{h}"\n' for h in hosts.split()))
    commit_all(git_repo, "One target list per region")
    call = _edit(git_repo, "deploy/targets.txt", "edge-b.eu.example.net\n", "edge-b.eu.example.net\nedge-c.eu.example.net\n")
    kind, reason = decide("claude", git_repo, **call)
    assert kind == "deny", reason
    assert "deploy/eu/targets.toml" in reason and "deploy/us/targets.toml" not in reason


# ------------------------------------------------------------------ a role the documentation says changed
def test_an_edit_of_a_file_the_docs_say_only_feeds_a_legacy_job(git_repo: Path) -> None:
    write(git_repo, {"settings.ini": "[solver]\niterations = 40\n", "solver/config/default.ini": "[solver]\niterations = 40\n",
                     "docs/solver.md": "# Solver\n\nThe solver reads solver/config/default.ini. settings.ini is no longer read "
                                       "by the solver; the nightly export still uses it.\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "settings.ini", "iterations = 40\n", "iterations = 80\n"))
    assert kind == "deny", reason
    assert "docs/solver.md says" in reason and "edit `solver/config/default.ini`" in reason
    ok = _edit(git_repo, "solver/config/default.ini", "iterations = 40\n", "iterations = 80\n")
    assert decide("claude", git_repo, **ok)[0] == "allow"


def test_a_directory_the_docs_say_is_now_something_else(git_repo: Path) -> None:
    write(git_repo, {"charts/web/values.yaml": "replicas: 2\n", "docs/ops.md": "# Ops\n\ncharts/ is now the demo bundle we "
                     "ship to trial customers; production config lives in the platform repository.\n"})
    kind, reason = decide("claude", git_repo, **_edit(git_repo, "charts/web/values.yaml", "replicas: 2\n", "replicas: 4\n"))
    assert kind == "deny", reason
    assert "demo bundle" in reason and "Safe alternative" not in reason  # no file of its kind named: no edit offered


def test_docs_that_name_a_file_without_a_role_change_say_nothing(git_repo: Path) -> None:
    write(git_repo, {"settings.ini": "[solver]\niterations = 40\n",
                     "docs/solver.md": "# Solver\n\nTune the solver in settings.ini; only the iterations key matters.\n"})
    assert decide("claude", git_repo, **_edit(git_repo, "settings.ini", "iterations = 40\n", "iterations = 80\n"))[0] == "allow"


# ------------------------------------------------------------------ intent: the objects a content policy enumerates
def test_a_content_policy_gates_an_edit_that_brings_in_what_it_enumerates() -> None:
    from test_intent import policy

    from statewise_cli.actions.normalize import normalize_call
    from statewise_cli.recovery import intent

    record = policy("policy.health_claims", "product pages with health claims (cures, clinically proven, detox) need "
                                            "Legal's review")

    def gated(old: str, new: str, path: str = "/r/content/products/tea.md") -> list[object]:
        return intent.gates(normalize_call("Edit", {"file_path": path, "old_string": old, "new_string": new}), [record], None)

    assert gated("Green tea.\n", "Green tea, clinically proven to detox.\n")
    assert not gated("Green tea.\n", "Green tea from Shizuoka.\n")  # no claim the policy names
    assert not gated("A detox blend.\n", "A detox blend, loose leaf.\n")  # the word was there already
    assert not gated("x = 1\n", "x = 'detox'\n", "/r/src/tea.py")  # code is not copy


def test_an_options_value_is_no_subcommand_of_the_policys_program() -> None:
    from test_intent import policy

    from statewise_cli.actions.normalize import normalize_shell
    from statewise_cli.recovery import intent

    record = policy("policy.sms_quota", "the SMS quota for this month is used up; never run bulk sms sends until the 1st")
    (run, *_) = normalize_shell("./tools/sms --all --provider twilio", "main")
    assert intent.gates([run], [record], None)
    tf = policy("policy.terraform_apply", "never run terraform apply yourself")
    (plan, *_) = normalize_shell("terraform -chdir=infra plan", "main")
    assert not intent.gates([plan], [tf], None)  # another subcommand, after an option that carries its value
