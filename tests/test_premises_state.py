"""Premises the repository's state decides beyond "the name exists", by class: the branch work goes
into (the remote's default branch), the remote that is live (not an old copy), the release line the
remote still has, generated code, secrets written into tracked files, a file another one replaced, the
variable a script reads; developer policies read by the mode they name and by their own dates.

Each case is a real git repository and the installed ``statewise hook``; each defective premise is
checked next to the correct action on the same repository (no false deny), and on a neighbour of the
class (another branch name, another tool, another generator)."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, git, run_statewise
from test_premises import decide, write

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.memory.digest import digest
from statewise_cli.recovery import intent
from statewise_cli.store.records import Record


def origin_of(repo: Path) -> Path:
    return Path(git(repo, "config", "remote.origin.url").strip())


# ------------------------------------------------------------------ the integration branch
def gitflow(repo: Path, default: str) -> None:
    """``default`` is the remote's default branch (origin/HEAD); feature/y was started from it."""
    git(repo, "switch", "-q", "-c", default)
    write(repo, {"lib.py": "x = 1\ny = 2\n"})  # unreleased integration work main does not have
    git(repo, "push", "-q", "-u", "origin", default)
    git(origin_of(repo), "symbolic-ref", "HEAD", f"refs/heads/{default}")
    git(repo, "remote", "set-head", "origin", "-a")
    git(repo, "switch", "-q", "-c", "feature/y")
    write(repo, {"y.py": "def y():\n    return 2\n"})
    git(repo, "push", "-q", "-u", "origin", "feature/y")


@pytest.mark.parametrize("default", ["develop", "next"])
@pytest.mark.parametrize("agent", AGENTS)
def test_a_pull_request_or_rebase_onto_a_branch_that_is_not_where_the_work_goes(agent: str, git_repo: Path,
                                                                              default: str) -> None:
    gitflow(git_repo, default)
    kind, reason = decide(agent, git_repo, "gh pr create --base main --head feature/y --title 'Y' --body 'Adds y'")
    assert kind == "deny", reason
    assert f"origin/HEAD → origin/{default}" in reason and "1 commit(s)" in reason
    assert f"`gh pr create --base {default} --head feature/y" in reason
    kind, reason = decide(agent, git_repo, "git rebase origin/main")
    assert kind == "deny" and f"`git rebase origin/{default}`" in reason, reason
    kind, reason = decide(agent, git_repo, "git rebase main")
    assert kind == "deny" and f"`git rebase {default}`" in reason, reason
    for ok in (f"gh pr create --base {default} --head feature/y --title 'Y' --body 'Adds y'",
               f"git rebase origin/{default}",
               f"gh pr create --base main --head {default} --title 'Release' --body 'r'"):  # the release PR itself
        assert decide(agent, git_repo, ok)[0] == "allow", ok


def test_a_hotfix_started_from_main_goes_into_main(git_repo: Path) -> None:
    gitflow(git_repo, "develop")
    git(git_repo, "switch", "-q", "-c", "hotfix/login", "origin/main")
    write(git_repo, {"login.py": "fixed = True\n"})
    for ok in ("gh pr create --base main --head hotfix/login --title 'Fix' --body 'f'", "git rebase origin/main"):
        assert decide("codex", git_repo, ok)[0] == "allow", ok


# ------------------------------------------------------------------ the live remote
@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_to_a_remote_behind_the_one_the_branch_tracks(agent: str, git_repo: Path, tmp_path: Path) -> None:
    """The canonical repository moved (origin renamed to github); origin is now an old mirror."""
    git(git_repo, "remote", "rename", "origin", "github")
    mirror = tmp_path / "mirror.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(mirror))
    git(git_repo, "remote", "add", "origin", str(mirror))
    git(git_repo, "push", "-q", "origin", "main")
    write(git_repo, {"CONTRIBUTING.md": "Releases are tagged on the canonical repository.\n"})
    git(git_repo, "push", "-q", "github", "main")
    git(git_repo, "tag", "v1.3.0")
    kind, reason = decide(agent, git_repo, "git push origin v1.3.0")
    assert kind == "deny", reason
    assert "branch.main.remote = github" in reason and "`git push github v1.3.0`" in reason
    assert decide(agent, git_repo, "git push github v1.3.0")[0] == "allow"


@pytest.mark.parametrize(("doc", "sentence"), [
    ("SECURITY.md", "Fixes under embargo are pushed only to the private `{r}` remote until the advisory is out."),
    ("CONTRIBUTING.md", "Staging builds: push the branch to {r} (git push {r} my-branch); it deploys to staging."),
])
@pytest.mark.parametrize("agent", AGENTS)
def test_a_remote_the_docs_send_work_to_is_not_an_old_copy(agent: str, git_repo: Path, tmp_path: Path, doc: str,
                                                           sentence: str) -> None:
    """A private or staging remote lags the public one by design: its lag is no evidence it was left behind."""
    remote = "vault" if doc == "SECURITY.md" else "stage"
    private = tmp_path / f"{remote}.git"
    git(tmp_path, "init", "-q", "--bare", "-b", "main", str(private))
    git(git_repo, "remote", "add", remote, str(private))
    git(git_repo, "push", "-q", remote, "main")
    write(git_repo, {doc: "# Policy\n\n" + sentence.format(r=remote) + "\n"})
    git(git_repo, "push", "-q", "origin", "main")  # the remote is now behind origin/main, which main tracks
    git(git_repo, "switch", "-q", "-c", "fix/parser")
    write(git_repo, {"parser.c": "/* bounded */\n"})
    git(git_repo, "switch", "-q", "main")
    kind, reason = decide(agent, git_repo, f"git push -q {remote} fix/parser")
    assert kind == "allow", reason
    # The same lag with a document that retires the remote is still an old copy.
    write(git_repo, {doc: f"# Policy\n\nThe `{remote}` remote is retired and no longer pushed to.\n"})
    git(git_repo, "push", "-q", "origin", "main")
    kind, reason = decide(agent, git_repo, f"git push -q {remote} fix/parser")
    assert kind == "deny" and "git push -q origin fix/parser" in reason, reason


def test_a_fork_workflow_pushes_where_it_likes(git_repo: Path, tmp_path: Path) -> None:
    """The branch tracks origin (a fork), upstream is ahead of it: neither push is to an old copy."""
    upstream = tmp_path / "upstream.git"
    git(tmp_path, "clone", "-q", "--bare", str(origin_of(git_repo)), str(upstream))
    git(git_repo, "remote", "add", "upstream", str(upstream))
    write(git_repo, {"a.txt": "a\n"})
    git(git_repo, "push", "-q", "upstream", "main")
    git(git_repo, "fetch", "-q", "origin")
    for ok in ("git push origin main", "git push upstream main", "git push origin HEAD:refs/heads/topic"):
        assert decide("claude", git_repo, ok)[0] == "allow", ok


# ------------------------------------------------------------------ the release line
@pytest.mark.parametrize(("old", "new"), [("release/2025-10", "release/2025-11"), ("stable/1.4", "stable/1.5")])
@pytest.mark.parametrize("agent", AGENTS)
def test_a_push_that_would_recreate_an_older_branch_of_the_line(agent: str, git_repo: Path, old: str, new: str) -> None:
    for name in (old, new):
        git(git_repo, "push", "-q", "origin", f"main:refs/heads/{name}")
    git(git_repo, "push", "-q", "origin", "--delete", old)
    git(git_repo, "fetch", "-q", "--prune", "origin")
    git(git_repo, "switch", "-q", "-c", "hotfix/login", "--track", f"origin/{new}")
    write(git_repo, {"app.py": "fixed = True\n"})
    kind, reason = decide(agent, git_repo, f"git push origin HEAD:refs/heads/{old}")
    assert kind == "deny", reason
    assert f"`git push origin HEAD:refs/heads/{new}`" in reason and f"tracks origin/{new}" in reason
    for ok in (f"git push origin HEAD:refs/heads/{new}", "git push -u origin HEAD:refs/heads/hotfix/login-2",
               "git push -u origin hotfix/login"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


# ------------------------------------------------------------------ developer policies: modes and dates
def policy(key: str, value: object) -> Record:
    return Record(id="r1", key=key, value=value, type="policy", scope="repository", observed_at=0.0, stored_at=0.0,
                  expires_at=None, source="user", authority="developer", status="active", validity="valid",
                  verified_at=None, supersedes=None, superseded_by=None, evidence=None)


def gated(record: Record, command: str) -> list[str]:
    return [verdict for _a, _r, verdict, _why in intent.gates(normalize_shell(command, "main"), [record], None)]


def test_a_force_push_policy_says_nothing_about_an_ordinary_push() -> None:
    rule = policy("policy.force_push", "never force-push, not even your own branch: reviewers lose context")
    for forced in ("git push --force-with-lease origin feature/z", "git push -f origin feature/z",
                   "git push origin +feature/z"):
        assert gated(rule, forced) == ["deny"], forced  # a prohibition; "reviewers" asks for no review
    for ordinary in ("git push -u origin HEAD:refs/heads/feature/z-v2", "git push origin feature/z"):
        assert gated(rule, ordinary) == [], ordinary
    deletes = policy("policy.no_branch_deletion", "never delete remote branches")
    assert gated(deletes, "git push origin --delete feature/z") == ["deny"]
    assert gated(deletes, "git push origin feature/z") == []


def test_a_rollout_is_a_deploy_read_per_environment() -> None:
    rule = policy("policy.rollout_4_0", "approved for staging only; production needs the release manager's sign-off")
    assert gated(rule, "make deploy-prod") == ["ask"]
    assert gated(rule, "make deploy-staging") == []
    assert gated(rule, "make test") == []
    assert "deploy" in intent.subject(policy("policy.roll_out_v5", "x"))


@pytest.mark.parametrize("agent", AGENTS)
def test_the_developers_force_push_rule_leaves_a_new_branch_alone(agent: str, git_repo: Path) -> None:
    result = run_statewise(["remember", "policy.force_push", "never force-push, even your own branch", "--type",
                            "policy"], git_repo)
    assert result.returncode == 0, result.stderr
    assert decide(agent, git_repo, "git push --force-with-lease origin main")[0] == "deny"
    assert decide(agent, git_repo, "git push -u origin HEAD:refs/heads/feature/z-v2")[0] == "allow"


def test_the_digest_says_a_policy_past_its_dates_is_not_in_force() -> None:
    ended = policy("policy.deploy_freeze", "deploy freeze until 2020-06-30 (quarter close)")
    future = policy("policy.launch_freeze", "no launches from 2999-01-01")
    current = policy("policy.release_freeze", "frozen until 2999-12-31")
    lines = (digest([ended, future.replace(id="r2"), current.replace(id="r3")]) or "").splitlines()
    line = next(ln for ln in lines if "policy.deploy_freeze" in ln)
    assert "ended on 2020-06-30" in line and "not in force" in line and "lifted" in line
    assert "starts on 2999-01-01: not in force yet" in next(ln for ln in lines if "policy.launch_freeze" in ln)
    assert "not in force" not in next(ln for ln in lines if "policy.release_freeze" in ln)


# ------------------------------------------------------------------ generated code
GENERATORS = [
    # (generated dir, its file, header, the hand-written sibling)
    ("client/petstore", "api.py", "# Code generated by openapi-generator 7.9.0 from openapi.yaml. DO NOT EDIT.\n",
     "client/extensions"),
    ("gen/pb", "user.pb.go", "// Code generated by protoc-gen-go. DO NOT EDIT.\n", "gen/helpers"),
]


@pytest.mark.parametrize(("gen", "name", "header", "sibling"), GENERATORS)
def test_a_write_into_generated_code_names_the_hand_written_place(git_repo: Path, gen: str, name: str, header: str,
                                                                 sibling: str) -> None:
    write(git_repo, {f"{gen}/{name}": header + "\nx = 1\n", f"{sibling}/README.md": "hand-written helpers\n",
                     "Makefile": f"client:\n\trm -r {gen} && generate -o {gen}\n"})
    kind, reason = decide("claude", git_repo, tool="Write",
                          tool_input={"file_path": str(git_repo / gen / "retry.py"), "content": "def retry():\n    pass\n"})
    assert kind == "deny", reason
    assert f"{gen}/ is generated code" in reason and f"`{sibling}/retry.py`" in reason and "Makefile" in reason
    kind, reason = decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / gen / name), "old_string": "x = 1", "new_string": "x = 2"})
    assert kind == "deny" and "DO NOT EDIT" in reason
    assert decide("claude", git_repo, tool="Write", tool_input={
        "file_path": str(git_repo / sibling / "retry.py"), "content": "def retry():\n    pass\n"})[0] == "allow"


def test_files_that_only_say_who_made_them_are_not_generated_code(git_repo: Path) -> None:
    """Django migrations name their generator but are edited by hand; a lockfile does not make its
    directory generated."""
    write(git_repo, {"app/migrations/0001_initial.py": "# Generated by Django 4.2 on 2024-01-01 10:00\n\nops = []\n",
                     "web/yarn.lock": "# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n",
                     "web/package.json": '{"name": "web"}\n'})
    for path in ("app/migrations/0002_more.py", "web/index.js"):
        assert decide("claude", git_repo, tool="Write", tool_input={
            "file_path": str(git_repo / path), "content": "x = 1\n"})[0] == "allow", path


@pytest.mark.parametrize("agent", AGENTS)
def test_deleting_the_source_of_generated_code_names_the_generated_directory(agent: str, git_repo: Path) -> None:
    write(git_repo, {"api/spec/openapi.json": '{"openapi": "3.1.0"}\n',
                     "api/models/order.py": "# generated from api/spec/openapi.json by datamodel-codegen. DO NOT EDIT.\n"
                                            "class Order:\n    pass\n",
                     "Makefile": "models:\n\tdatamodel-codegen --input api/spec/openapi.json --output api/models/order.py\n"})
    (git_repo / "api/spec/openapi.json").write_text('{"openapi": "3.1.0", "info": {}}\n')  # the developer's edit
    kind, reason = decide(agent, git_repo, "rm -r api/spec")
    assert kind == "deny" and "uncommitted" in reason
    assert "source of the generated code in api/models/" in reason and "`rm -r api/models`" in reason
    assert decide(agent, git_repo, "rm -r api/models")[0] == "allow"


def test_a_record_that_names_hand_written_code_as_generated_is_defective(git_repo: Path) -> None:
    from statewise_cli.repo import find_repo
    from statewise_cli.verifiers import VerifyContext, for_key, load

    write(git_repo, {"api/spec/openapi.json": "{}\n",
                     "api/models/order.py": "# generated from api/spec/openapi.json. DO NOT EDIT.\nclass Order: ...\n"})
    load()
    context = find_repo(str(git_repo))
    assert context is not None
    ctx = VerifyContext(context, {"PATH": "/usr/bin:/bin", "HOME": str(git_repo)})
    wrong = for_key("path.generated")[0].verify(policy("path.generated", "api/spec/").replace(type="fact"), ctx)
    assert getattr(wrong, "agrees", None) is False and wrong.value == "api/models/", wrong
    right = for_key("path.generated")[0].verify(policy("path.generated", "api/models").replace(type="fact"), ctx)
    assert getattr(right, "agrees", None) is True, right


# ------------------------------------------------------------------ secrets into tracked files
@pytest.mark.parametrize("agent", AGENTS)
def test_a_secret_written_into_a_tracked_file_names_the_ignored_one(agent: str, git_repo: Path) -> None:
    write(git_repo, {".gitignore": ".venv/\nconfig/local.env\n", ".env": "STRIPE_KEY=\nPORT=8000\n"})  # committed
    secret = "STRIPE_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dc\n"
    kind, reason = decide("claude", git_repo, tool="Write", tool_input={"file_path": str(git_repo / ".env"),
                                                                        "content": secret})
    assert kind == "deny" and ".env is tracked by git" in reason and "`config/local.env`" in reason, reason
    if agent == "codex":
        patch = f"*** Begin Patch\n*** Update File: .env\n@@\n-STRIPE_KEY=\n+{secret}*** End Patch\n"
        kind, reason = decide(agent, git_repo, tool="apply_patch", tool_input={"command": patch})
        assert kind == "deny" and "`config/local.env`" in reason, reason
    for path, content in (("config/local.env", secret), (".env", "STRIPE_KEY=\nPORT=9000\n"),
                          (".env.example", secret)):
        assert decide("claude", git_repo, tool="Write", tool_input={
            "file_path": str(git_repo / path), "content": content})[0] == "allow", path


def test_a_token_in_a_tracked_config_file(git_repo: Path) -> None:
    write(git_repo, {"config/settings.yaml": "api_url: https://example.invalid\n"})
    kind, reason = decide("claude", git_repo, tool="Write", tool_input={
        "file_path": str(git_repo / "config/settings.yaml"),
        "content": "api_url: https://example.invalid\napi_token: ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8\n"})
    assert kind == "deny" and "config/settings.yaml is tracked by git" in reason and ".gitignore" in reason


# ------------------------------------------------------------------ a file replaced by another
@pytest.mark.parametrize(("old", "new"), [(".eslintrc.json", "eslint.config.js"), (".babelrc", "babel.config.js")])
def test_an_edit_of_a_config_file_a_commit_replaced(git_repo: Path, old: str, new: str) -> None:
    write(git_repo, {old: '{\n  "rules": {"no-console": "warn"}\n}\n'})
    git(git_repo, "rm", "-q", old)
    write(git_repo, {new: 'export default [{ rules: { "no-console": "warn" } }];\n'})
    kind, reason = decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / old), "old_string": '"warn"', "new_string": '"off"'})
    # the evidence names the commit's deletion of the old file and its addition of the new one
    assert kind == "deny" and f"`{new}`" in reason and "deleted" in reason and f"added {new}" in reason.replace(
        "deleted it and added", "added"), reason
    assert decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / new), "old_string": '"warn"', "new_string": '"off"'})[0] == "allow"


@pytest.mark.parametrize(("old", "text", "into", "section"), [
    ("pytest.ini", "[pytest]\naddopts = -q\n", "pyproject.toml", "[tool.pytest.ini_options]"),
    (".flake8", "[flake8]\nmax-line-length = 100\n", "setup.cfg", "[flake8]"),
])
def test_a_config_file_whose_settings_moved_into_another(git_repo: Path, old: str, text: str, into: str,
                                                         section: str) -> None:
    write(git_repo, {old: text, into: "[metadata]\nname = x\n"})
    git(git_repo, "rm", "-q", old)
    write(git_repo, {into: f"[metadata]\nname = x\n\n{section}\nkey = 1\n"})
    kind, reason = decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / old), "old_string": "-q", "new_string": "-q -x"})
    assert kind == "deny" and f"moved its settings into {into}" in reason and f"`{into}`" in reason, reason
    kind, reason = decide("claude", git_repo, tool="Write", tool_input={"file_path": str(git_repo / old), "content": text})
    assert kind == "deny" and f"put it in `{into}`" in reason, reason


def test_a_missing_file_with_no_successor_decides_nothing(git_repo: Path) -> None:
    write(git_repo, {"tsconfig.json": "{}\n"})
    git(git_repo, "rm", "-q", "tsconfig.json")
    write(git_repo, {"README.md": "# no typescript any more\n"})
    assert decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / "tsconfig.json"), "old_string": "{}", "new_string": "{ }"})[0] == "allow"


# ------------------------------------------------------------------ the variable a script reads
@pytest.mark.parametrize("agent", AGENTS)
def test_a_variable_the_script_does_not_read(agent: str, git_repo: Path) -> None:
    write(git_repo, {"scripts/check_config.py": "import os\nprint(os.environ.get('SVC_PORT', '8000'))\n",
                     "tools/serve.js": "const host = process.env.API_HOST || 'localhost';\nconsole.log(host);\n"})
    kind, reason = decide(agent, git_repo, "PORT=8081 python scripts/check_config.py")
    assert kind == "deny" and "`SVC_PORT=8081 python scripts/check_config.py`" in reason, reason
    kind, reason = decide(agent, git_repo, "HOST=0.0.0.0 node tools/serve.js")
    assert kind == "deny" and "API_HOST" in reason, reason
    for ok in ("SVC_PORT=8081 python scripts/check_config.py", "DEBUG=1 python scripts/check_config.py",
               "API_HOST=x node tools/serve.js", "PORT=1 python -m http.server"):
        assert decide(agent, git_repo, ok)[0] == "allow", ok


def test_a_variable_something_else_reads_is_no_premise(git_repo: Path) -> None:
    write(git_repo, {"scripts/check_config.py": "import os\nprint(os.environ.get('SVC_PORT'))\n",
                     "app/settings.py": "import os\nPORT = int(os.environ['PORT'])\n"})
    assert decide("claude", git_repo, "PORT=8081 python scripts/check_config.py")[0] == "allow"


def test_a_record_of_a_path_that_never_existed_names_no_placeholder(git_repo: Path) -> None:
    """The memory file names a directory that never existed: the deny says so in words — no `None` / `null` where a
    current location would stand, no "corrected record" that does not exist — and the next proposal goes through."""
    write(git_repo, {"go.mod": "module example.com/g\n\ngo 1.22\n", "internal/api/api.go": "package api\n",
                     "cmd/server/main.go": "package main\n",
                     "CLAUDE.md": "# g\n\n**Go Version**: 1.22\n\n## Commands\n\nBuild: `make build`; test: `make test`\n\n"
                                  "The HTTP handlers live in `internal/handlers/`.\n"})
    run_statewise(["import-memory"], git_repo)
    patch = {"command": "*** Begin Patch\n*** Add File: internal/handlers/users.go\n+package handlers\n*** End Patch\n"}
    kind, reason = decide("codex", git_repo, tool="apply_patch", tool_input=patch)
    assert kind == "deny", reason
    assert "internal/handlers is missing and never existed" in reason
    assert "None" not in reason and "null" not in reason and "corrected record" not in reason
    assert "propose it again" in reason
    assert decide("codex", git_repo, tool="apply_patch", tool_input=patch)[0] == "allow"


def test_a_variable_renamed_in_the_scripts_history_with_a_new_default(git_repo: Path) -> None:
    write(git_repo, {"bin/post-alerts": "#!/bin/sh\nlist=\"${ALERT_MODE:-drill}\"\necho \"posting $1 to $list\"\n"})
    write(git_repo, {"bin/post-alerts": "#!/bin/sh\nlist=\"${ALERT_LIST:-everyone}\"\necho \"posting $1 to $list\"\n"})
    kind, reason = decide("claude", git_repo, "ALERT_MODE=drill ./bin/post-alerts alerts/flood.txt")
    assert kind == "deny", reason
    assert "`ALERT_LIST=drill ./bin/post-alerts alerts/flood.txt`" in reason
    assert decide("claude", git_repo, "ALERT_LIST=drill ./bin/post-alerts alerts/flood.txt")[0] == "allow"


def test_a_list_split_into_a_folder_goes_to_the_file_that_carries_its_name(git_repo: Path) -> None:
    write(git_repo, {"registry/banned_suppliers.txt": "Acme Haulage\n"})
    git(git_repo, "rm", "-q", "registry/banned_suppliers.txt")
    write(git_repo, {"registry/suppliers/banned.json": "[\"Acme Haulage\"]\n",
                     "registry/suppliers/approved.json": "[\"Birch Freight\"]\n",
                     "tools/registry-index.py": "# rebuilds the supplier index from registry/suppliers/*.json\n"})
    git(git_repo, "commit", "-q", "--amend", "-m", "Registry: supplier lists as JSON (indexed by tools/registry-index.py)")
    kind, reason = decide("claude", git_repo, tool="Edit", tool_input={
        "file_path": str(git_repo / "registry/banned_suppliers.txt"), "old_string": "Acme Haulage\n",
        "new_string": "Acme Haulage\nCobalt Movers\n"})
    assert kind == "deny", reason
    assert "registry/suppliers/banned.json" in reason and "tools/registry-index.py`" not in reason
