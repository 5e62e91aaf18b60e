"""Premises read from the action itself, verified whether or not a record states them.

A record is only one way a stale fact reaches an action. ``npm install`` assumes npm is the
project's package manager, ``nvm use 18`` that the project runs Node 18, ``python -m unittest
discover`` that the tests are unittest classes, ``git push origin x`` that ``origin`` is a remote,
``git switch master`` / ``gh pr create --base master`` that ``master`` exists — whether the agent got
the belief from a memory file, from its training, or from nowhere. Each side-effecting action's
premises are derived from its own slots and checked with the same read-only verifiers as records:

- **contract premises** — the slot of an argument contract (``pkg.install`` → ``package_manager``,
  ``run.test`` → ``command.test``, ``runtime.node`` → ``version.node`` …) when no record covers it;
  the slot's value is verified as if it were a record;
- **git premises** — the remote a push / fetch / pull names, the branch a switch, rebase, merge
  or pull request base names, the branch a push sends or a pull takes, against the repository's own
  refs (and a local remote's, through ``git ls-remote``);
- **project premises** — read from the project's files by class: the version a command selects
  against every common pin file, the runner's target (make, just, tox, Taskfile, poe, nox, package.json
  scripts) with a renamed one's new name from the file's history, unittest over pytest functions, a
  tool the project replaced (by role, from its configuration), paths / directories / modules git
  history moved, env vars git history renamed; where a task went when its runner file or target is
  gone, subcommands a pinned package-manager major dropped, a tool's settings moved into another
  file's section (``premises_runners``, ``premises_files``); sign-off / signature requirements of a
  remote, release-tag conventions, submodule paths (``premises_git``).

A premise the evidence contradicts denies the action with what is true now; the observation is
stored as an environment record (source ``verifier:…``, the action in its evidence) so the next
session starts right. A verdict is only as strong as its evidence: a premise the verifier cannot
decide (``agrees`` is None) never denies.
"""

from __future__ import annotations

import os

from statewise_cli.actions.normalize import Action
from statewise_cli.fast import jsonfast as json  # no `re` (see jsonfast)
from statewise_cli.fast.struct import Struct

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from statewise_cli.recovery.attribute import Candidate
    from statewise_cli.recovery.contracts import Contract
    from statewise_cli.store.db import Store
    from statewise_cli.verifiers import VerifyContext

TYPES = {"package_manager": "package_manager", "version.": "version", "command.": "command"}
# Slots that are not a premise about the project: a bare interpreter, an option.
_NOT_A_VALUE = ("", "-", "--")
_BRANCH_OPS = ("git.switch", "git.checkout", "git.rebase", "git.merge", "gh.pr")
_REMOTE_OPS = ("git.push", "git.fetch", "git.pull")
# Clients of hosting and deploy providers whose actions the normalizer names by provider (``netlify.deploy``).
_DEPLOYERS = frozenset({"netlify", "vercel", "fly", "flyctl", "heroku", "wrangler", "firebase", "surge", "amplify",
                        "railway", "render", "doctl", "eb", "serverless", "sls", "pulumi", "cdk", "sam", "copilot"})
_REF_MAKERS = ("git.fetch", "git.pull", "git.branch", "git.remote", "git.clone", "git.worktree")


# Contract slots verified as premises. The command.* slots are not: the command verifier rarely
# decides a command it did not discover, and make targets, package.json scripts, nox sessions and
# unittest-over-pytest are read from the project's files below, without a subprocess.
PROBED_KEYS = ("package_manager", "version.node", "version.python")


class _LazyContext:
    """``root``, ``repo`` and (given the environment) ``env`` / ``run`` / ``git`` at once; everything
    else from the verification context, built on first use (it loads the verifier plugins and their
    imports: tens of milliseconds that a premise read from git alone does not need)."""

    def __init__(self, repo: Any, factory: Any, env: Mapping[str, str] | None = None, timeout: float = 1.0) -> None:
        self.repo = repo
        self.root = repo.root
        self._factory = factory
        self._real: Any = None
        self._env = dict(env) if env is not None else None
        self._timeout = timeout
        self._cache: dict[tuple[str, ...], tuple[int, str]] = {}

    @property
    def env(self) -> Mapping[str, str]:
        return self._env if self._env is not None else self.real().env

    def run(self, *argv: str, timeout: float | None = None, cwd: str | None = None) -> tuple[int, str]:
        """A read-only command, as the verification context runs it (same environment, same output)."""
        if self._env is None:
            return self.real().run(*argv, timeout=timeout, cwd=cwd)
        from statewise_cli.subproc import run_readonly

        key = (cwd or self.root, *argv)
        if key not in self._cache:
            self._cache[key] = run_readonly(argv, cwd or self.root, self._env, timeout or self._timeout)
        return self._cache[key]

    def git(self, *args: str, timeout: float | None = None) -> tuple[int, str]:
        return self.run("git", *args, timeout=timeout)

    def head(self) -> str:
        code, out = self.git("rev-parse", "HEAD")
        return out.strip() if code == 0 else "none"

    def real(self) -> Any:
        if self._real is None:
            self._real = self._factory()  # also loads the verifier plugins
        return self._real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)


class Premise(Struct):
    action: Action
    key: str  # the record key the verified value is kept under
    assumed: Any
    verified: Any
    verifier: str
    evidence: str
    alternative: str = ""
    claim: str = ""  # what the action assumes, in words
    source: str = ""  # the project file that names the alternatives (its history may show a rename)
    shown: str = ""  # how the deny's first line states the verified value, when not the value itself (a command form)

    def to_json(self) -> dict[str, Any]:
        return {"operation": self.action.operation, "key": self.key, "assumed": self.assumed, "verified": self.verified,
                "verifier": self.verifier, "evidence": self.evidence, "alternative": self.alternative,
                "claim": self.claim}


def _type_of(key: str) -> str:
    for prefix, kind in TYPES.items():
        if key.startswith(prefix):
            return kind
    return "fact"


def check(store: Store, actions: list[Action], candidates: list[Candidate], contracts: Mapping[str, list[Contract]],
          ctx_factory: Any, cwd: str = "", env: Mapping[str, str] | None = None, timeout: float = 1.0,
          stopped: bool = False) -> list[Premise]:
    """The defective premises of ``actions`` (empty when every premise holds or cannot be decided).
    ``stopped``: the actions are already denied by the state–action check; premises that only guide
    (the source of generated code a recursive delete would take) are read too.

    ``ctx_factory()`` builds the verification context on first need: most actions have no premise."""
    covered = {(id(c.action), c.record.key) for c in candidates if c.contract is not None}
    found: list[Premise] = []
    if store.repo is None:
        return found
    # File reads answer most premises; the verification context (subprocesses, verifier plugins) is
    # built only when one needs it.
    ctx: Any = _LazyContext(store.repo, ctx_factory, env, timeout)
    for index, action in enumerate(actions):
        if action.risk == "read-only":
            continue
        for contract in contracts.get(action.operation, []):
            key = contract.record
            if contract.role != "argument" or key not in PROBED_KEYS or (id(action), key) in covered:
                continue
            slot = getattr(action, contract.slot or "target", None)
            if not isinstance(slot, str) or slot.strip() in _NOT_A_VALUE:
                continue
            premise = _contract_premise(action, contract, key, slot.strip(), ctx)
            if premise is not None:
                found.append(premise)
        directory = _directory(cwd, action)
        if directory is not None and action.cwd and not os.path.isdir(directory):
            premise = _moved_directory(action, directory, ctx, cwd)
            if premise is not None:
                found.append(premise)
                continue
        if directory is not None and action.operation.split(".", 1)[0] in _DEPLOYERS and action.text:
            # a deploy or release through a hosting provider's client: the provider the project moved away from
            from statewise_cli.recovery.premises_replaced import replaced_tool_premise

            premise = replaced_tool_premise(action, (action.text or "").split(), directory, ctx)
            if premise is None:
                from statewise_cli.recovery.premises_jobs import job_premise

                premise = job_premise(action, (action.text or "").split(), directory, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if directory is not None and action.text and "." in action.operation and action.operation.split(".", 1)[0] \
                not in ("run", "shell", "git", "file", "edit", "pkg"):
            # a tool the normalizer names by its own operation (`twine upload`, `terraform apply`, `helm upgrade`)
            from statewise_cli.recovery.premises_jobs import in_table, job_premise

            if in_table(action.operation.split(".", 1)[0]):
                premise = job_premise(action, (action.text or "").split(), directory, ctx)
                if premise is not None:
                    found.append(premise)
                    continue
        if directory is not None and (action.operation.startswith(("run.", "shell.")) or action.operation == "pkg.run"):
            premise = _project_premise(action, ctx, directory)
            if premise is None and action.operation.startswith(("shell.", "run.")):
                from statewise_cli.recovery.premises_tools import tool_premise, version_premise

                words = _words(action)
                premise = tool_premise(action, words, directory, ctx) or version_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_replaced import replaced_tool_premise

                    premise = replaced_tool_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_conventions import (
                        bypass_premise,
                        convention_premise,
                        major_rename_premise,
                    )

                    premise = convention_premise(action, words, directory, ctx) or \
                        major_rename_premise(action, words, ctx) or bypass_premise(action, words, directory, ctx)
                if premise is None and action.operation.startswith("shell."):
                    from statewise_cli.recovery.premises_routes import retired_tool_premise, shared_target_premise

                    premise = retired_tool_premise(action, words, ctx) or shared_target_premise(action, words, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_replaced import (
                        removed_dependency_premise,
                        replaced_script_premise,
                    )

                    premise = replaced_script_premise(action, words, directory, ctx) or \
                        removed_dependency_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_replaced import moved_script_premise

                    premise = moved_script_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_successors import wrapper_premise

                    premise = wrapper_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_successors import removed_plugin_premise

                    premise = removed_plugin_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_history import retired_program_premise

                    premise = retired_program_premise(action, words, directory, ctx, task=lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_retired import retired_value_premise

                    premise = retired_value_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_reassigned import reassigned_value_premise

                    premise = reassigned_value_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_reassigned import superseded_operand_premise

                    premise = superseded_operand_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_reassigned import withdrawn_entry_premise

                    premise = withdrawn_entry_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_reassigned import closed_entry_premise

                    premise = closed_entry_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_outofuse import out_of_use_entry_premise

                    premise = out_of_use_entry_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_reassigned import unit_change_premise

                    premise = unit_change_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_docvalues import documented_value_premise

                    premise = documented_value_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_successors import documented_successor_premise

                    premise = documented_successor_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_footprint import footprint_premise

                    premise = footprint_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_jobs import job_premise

                    premise = job_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_history import recipe_on_file_premise

                    premise = recipe_on_file_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_environments import environment_role_premise

                    premise = environment_role_premise(action, words, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_environments import default_role_premise

                    premise = default_role_premise(action, words, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_environments import config_default_premise

                    premise = config_default_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_defaults import changed_default_premise

                    premise = changed_default_premise(action, words, directory, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_earlier import earlier_value_premise

                    premise = earlier_value_premise(action, words, directory, ctx, lambda: _task_of(store))
                if premise is None:
                    from statewise_cli.recovery.premises_optional import hazard_option_premise

                    premise = hazard_option_premise(action, words, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_optional import documented_form_premise

                    premise = documented_form_premise(action, words, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_optional import changed_option_premise

                    premise = changed_option_premise(action, words, ctx)
                if premise is None:
                    from statewise_cli.recovery.premises_optional import ignored_option_premise

                    premise = ignored_option_premise(action, words, directory, ctx)
                if premise is None and action.operation == "shell.gh":
                    from statewise_cli.recovery.premises_replaced import workflow_secret_premise

                    premise = workflow_secret_premise(action, words, directory, ctx)
                    if premise is None and " workflow " in f" {action.text or ''} ":
                        from statewise_cli.recovery.premises_resources import workflow_input_premise

                        premise = workflow_input_premise(action, words, ctx)
                if premise is None and words[:1] == ["cargo"] and any(w in ("-F", "--features") or w.startswith("--features=")
                                                               for w in words):
                    from statewise_cli.recovery.premises_resources import cargo_feature_premise

                    premise = cargo_feature_premise(action, words, directory, ctx)
            if premise is None and (action.operation.startswith(("shell.", "run.")) or action.operation == "pkg.run"):
                from statewise_cli.recovery.premises_tools import member_premise

                premise = member_premise(action, _words(action), directory, ctx)
            if premise is None and action.operation in ("shell.docker", "shell.docker-compose", "shell.podman",
                                                        "shell.podman-compose"):
                from statewise_cli.recovery.premises_tools import compose_service_premise

                premise = compose_service_premise(action, _words(action), directory, ctx)
                if premise is None and " volume " in f" {action.text or ''} ":
                    from statewise_cli.recovery.premises_resources import compose_volume_premise

                    premise = compose_volume_premise(action, _words(action), directory, ctx)
            if premise is None and action.operation.startswith(("shell.", "run.")):
                from statewise_cli.recovery.premises_runtime import runtime_premise

                premise = runtime_premise(action, _words(action), directory, ctx)
            if premise is None and action.operation.startswith("shell."):
                from statewise_cli.recovery.premises_database import database_port_premise

                premise = database_port_premise(action, _words(action), ctx)
            if premise is None and action.operation.startswith(("shell.", "run.")):
                from statewise_cli.recovery.premises_documented import documented_task_premise

                premise = documented_task_premise(action, _words(action), directory, ctx)
            if premise is None and action.operation.startswith("shell.") and action.risk != "read-only":
                from statewise_cli.recovery.premises_documented import documented_option_premise

                premise = documented_option_premise(action, _words(action), directory, ctx)
            if premise is None and action.operation.startswith(("shell.", "run.")) and action.risk != "read-only":
                from statewise_cli.recovery.premises_documented import documented_hold_premise

                premise = documented_hold_premise(action, _words(action), directory, ctx)
            if premise is None and action.operation.startswith("shell.") and ("@" in (action.text or "") or "==" in (
                    action.text or "")) and any("tool-install" in a.flags and a.text == action.text for a in actions):
                from statewise_cli.recovery.premises_policy import pinned_install_premise

                premise = pinned_install_premise(action, _words(action), ctx)
            if premise is None and action.operation in ("shell.mkdocs", "shell.ghp-import", "shell.gh-pages",
                                                        "shell.npx", "shell.pnpx", "shell.bunx"):
                from statewise_cli.recovery.premises_forge import pages_branch_premise

                premise = pages_branch_premise(action, _words(action), ctx)
            if premise is None and action.operation == "shell.make":
                from statewise_cli.recovery.premises_runners import required_variable_premise

                premise = required_variable_premise(action, [str(a) for a in action.arguments], directory, ctx)
            if premise is None and action.operation in ("shell.kubectl", "shell.terraform", "shell.kubectx"):
                from statewise_cli.recovery.premises_names import named_target_premise

                premise = named_target_premise(action, _words(action), ctx)
            if premise is None and action.operation != "shell.export" and any(c in (action.text or "") for c in "$="):
                premise = _env_premise(action, ctx)
            if premise is None and "=" in (action.text or "").split(" ", 1)[0]:
                from statewise_cli.recovery.premises_files import script_env_premise

                premise = script_env_premise(action, _words(action), directory, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "pkg.install" and action.target in ("yarn", "poetry") and directory is not None:
            from statewise_cli.recovery.premises_runners import retired_premise

            premise = retired_premise(action, str(action.target), list(action.arguments), directory, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation in ("file.copy", "file.move") and isinstance(action.target, str) and directory is not None:
            premise = _path_argument_premise(action, ["cp", action.target], directory, ctx)  # the source
            if premise is not None:
                found.append(premise)
                continue
        if directory is not None and action.operation in ("file.write", "shell.zip", "shell.tar", "shell.gtar",
                                                          "shell.bsdtar") and (action.text or "").lstrip()[:1] in "tzgb":
            from statewise_cli.recovery.premises_gitpolicy import archive_premise

            premise = archive_premise(action, ctx, directory)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation in ("edit", "file.create", "file.write") and isinstance(action.target, str) and cwd:
            from statewise_cli.recovery.premises_tools import shadowed_premise

            premise = _moved_premise(action, ctx, cwd) or shadowed_premise(action, ctx, cwd) or _file_premise(
                action, ctx, cwd) or _env_premise(action, ctx)
            if premise is None and action.body and ("ockerfile" in action.target.lower()
                                                    or "ontainerfile" in action.target.lower()):
                from statewise_cli.recovery.premises_runtime import container_distro_premise

                premise = container_distro_premise(action, ctx, cwd)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "file.delete" and "recursive" in action.flags and isinstance(action.target, str) \
                and directory is not None and "$" not in action.target:
            from statewise_cli.recovery.premises_workspace import ignore_role_premise

            premise = ignore_role_premise(action, ctx, os.path.normpath(os.path.join(directory, action.target)))
            if premise is not None:
                found.append(premise)
                continue
        if stopped and action.operation == "file.delete" and "recursive" in action.flags \
                and isinstance(action.target, str) and directory is not None and "$" not in action.target:
            from statewise_cli.recovery.premises_files import source_delete_premise

            premise = source_delete_premise(action, ctx, os.path.normpath(os.path.join(directory, action.target)))
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "shell.export":
            premise = _env_premise(action, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "git.submodule" and directory is not None:
            from statewise_cli.recovery.premises_git import submodule_premise, submodule_url_premise, subtree_premise

            synced = any(a.operation == "git.submodule" and list(a.arguments)[:1] == ["sync"] for a in actions[:index])
            premise = submodule_premise(action, ctx, directory) or subtree_premise(action, ctx, directory) or (
                None if synced else submodule_url_premise(action, ctx))
            if premise is not None:
                found.append(premise)
                continue
        if action.cwd and directory is not None and action.operation in ("git.checkout", "git.switch", "git.merge",
                                                                          "git.reset"):
            from statewise_cli.recovery.premises_git import submodule_line_premise

            premise = submodule_line_premise(action, ctx, directory)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "git.add" and cwd:
            from statewise_cli.recovery.premises_files import forced_secret_premise, outside_git_premise

            premise = forced_secret_premise(action, ctx, cwd) or outside_git_premise(action, ctx, cwd)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation.startswith("helm."):
            from statewise_cli.recovery.premises_names import named_target_premise

            premise = named_target_premise(action, ["helm", *[str(a) for a in action.arguments]], ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "gh.pr":
            from statewise_cli.recovery.premises_forge import gitlab_pr_premise
            from statewise_cli.recovery.premises_git import merge_method_premise
            from statewise_cli.recovery.premises_policy import review_bypass_premise

            premise = review_bypass_premise(action, ctx) or merge_method_premise(action, ctx) or \
                gitlab_pr_premise(action, ctx)
            if premise is None:
                from statewise_cli.recovery.premises_delegated import delegated_merge_premise

                premise = delegated_merge_premise(action, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "git.commit":
            from statewise_cli.recovery.premises_git import commit_convention_premise

            premise = _commit_signing_premise(store, action, ctx) or commit_convention_premise(action, ctx)
            if premise is None:
                from statewise_cli.recovery.premises_gitpolicy import commit_message_hook_premise

                premise = commit_message_hook_premise(action, ctx)
            if premise is None:
                from statewise_cli.recovery.premises_hookrules import content_rule_premise

                premise = content_rule_premise(action, actions[:index], ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "git.add":
            from statewise_cli.recovery.premises_hookrules import content_rule_premise

            premise = content_rule_premise(action, actions[:index], ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "git.sparse-checkout" and directory is not None:
            from statewise_cli.recovery.premises_git import sparse_path_premise

            premise = sparse_path_premise(action, ctx, directory)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "git.revert":
            from statewise_cli.recovery.premises_git import revert_merge_premise

            premise = revert_merge_premise(action, _landing(actions[:index], ctx), ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation in ("git.cherry-pick", "git.merge"):
            from statewise_cli.recovery.premises_git import (
                cherry_trailer_premise,
                ff_merge_premise,
                merge_commit_premise,
            )

            switched = [a for a in actions[:index] if a.operation in ("git.switch", "git.checkout")]
            landing = ctx.repo.branch
            if switched:
                names = [w for w in switched[-1].arguments if not w.startswith("-")]
                landing = names[0] if len(names) == 1 else None
            premise = cherry_trailer_premise(action, landing, ctx) if action.operation == "git.cherry-pick" else \
                merge_commit_premise(action, landing, ctx) or ff_merge_premise(action, landing, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "git.tag":
            from statewise_cli.recovery.premises_git import (
                annotated_tag_premise,
                moved_tag_premise,
                tag_convention_premise,
                tag_line_premise,
                tag_series_premise,
            )

            premise = moved_tag_premise(action, ctx) or tag_convention_premise(action, ctx) or \
                tag_line_premise(action, ctx) or tag_series_premise(action, ctx) or annotated_tag_premise(action, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation in ("git.svn", "git.send-email"):
            from statewise_cli.recovery.premises_routes import retired_tool_premise

            premise = retired_tool_premise(action, _words(action), ctx)
            if premise is not None:
                found.append(premise)
                continue
        if (action.operation in ("git.reset", "git.fetch") or action.operation == "git.push" and "delete" in action.flags) \
                and not any(a.operation in (*_REF_MAKERS, "git.tag", "git.push") for a in actions[:index]):
            # (an earlier part of the command line that makes or pushes a ref may be what keeps the commits)
            from statewise_cli.recovery.premises_git import lost_commits_premise

            premise = lost_commits_premise(action, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation == "git.branch" and "delete" in action.flags:
            from statewise_cli.recovery.premises_git import squashed_branch_premise

            premise = squashed_branch_premise(action, ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation in ("git.rebase", "git.push"):
            from statewise_cli.recovery.premises_delegated import delegated_branch_premise

            premise = delegated_branch_premise(action, actions[:index], ctx)
            if premise is not None:
                found.append(premise)
                continue
        if action.operation in _REMOTE_OPS or action.operation in _BRANCH_OPS:
            if any(a.operation in _REF_MAKERS or _creates_branch(a) for a in actions[:index]):
                stale = _stale_after_fetch(action, ctx) or _vanished_after_fetch(action, actions[:index], ctx)
                if stale is not None:
                    found.append(stale)
                continue  # an earlier part of the command line may create the ref
            premise = _git_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_delegated import docs_remote_premise

                pushed = _operands(action.arguments)
                premise = docs_remote_premise(action, pushed[0] if pushed else "", list(_remotes(ctx)), ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_routes import documented_route_premise

                premise = documented_route_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_routes import retired_branch_premise

                premise = retired_branch_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_routes import checked_out_branch_premise

                premise = checked_out_branch_premise(action, ctx)
            if premise is None and action.operation == "git.push" and not stopped and not any(
                    a.operation in ("git.rebase", "git.commit", "git.am", "git.cherry-pick") for a in actions[:index]):
                premise = _signoff_premise(store, action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_git import (
                    all_tags_premise,
                    fixup_push_premise,
                    release_event_premise,
                )

                premise = fixup_push_premise(action, actions[:index], ctx) or all_tags_premise(
                    action, actions[:index], ctx) or release_event_premise(action, actions[:index], ctx)
            if premise is None and action.operation == "git.push" and not any(
                    a.operation in ("git.rebase", "git.commit", "git.am", "git.cherry-pick", "git.reset", "git.merge",
                                    "git.tag", "git.revert", "git.pull") for a in actions[:index]):
                premise = _shared_push_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_gitpolicy import push_refs_premise

                premise = push_refs_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_downstream import last_prompt
                from statewise_cli.recovery.premises_refrules import ref_rule_premise, tags_one_by_one_premise

                ctx.task = last_prompt(store)  # the task, for the route a rejected push is given

                premise = ref_rule_premise(action, ctx) or tags_one_by_one_premise(action, actions[:index], ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_refnames import name_clash_premise

                premise = name_clash_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_consumers import consumer_premise, published_history_premise

                premise = published_history_premise(action, actions[:index], ctx) or consumer_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_downstream import environment_premise, last_prompt
                from statewise_cli.recovery.premises_downstream import purpose_premise as job_purpose_premise

                task = last_prompt(store)
                premise = environment_premise(action, ctx, task) or job_purpose_premise(action, ctx, task)
                if premise is None:
                    from statewise_cli.recovery.premises_downstream import item_hold_premise

                    premise = item_hold_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_downstream import review_gate_premise

                premise = review_gate_premise(action, ctx)
            if premise is None and action.operation == "git.push":
                from statewise_cli.recovery.premises_refpurpose import (
                    cut_elsewhere_premise,
                    diverged_premise,
                    purpose_premise,
                    tag_trigger_premise,
                )

                premise = purpose_premise(action, ctx) or diverged_premise(action, ctx) or cut_elsewhere_premise(
                    action, ctx) or tag_trigger_premise(action, ctx)
            if premise is None and action.operation == "git.push" and any(a.operation == "git.tag" for a in actions[:index]):
                from statewise_cli.recovery.premises_consumers import tag_route_premise

                premise = tag_route_premise(action, actions[:index], ctx)
            if premise is None and action.operation == "git.push" and "force" in action.flags and not any(
                    a.operation in ("git.rebase", "git.commit", "git.am", "git.cherry-pick", "git.reset", "git.merge",
                                    "git.tag", "git.revert") for a in actions[:index]):
                premise = _shared_push_premise(action, ctx, unfetched=True)  # commits the remote has, never fetched
            if premise is not None:
                found.append(premise)
    return found


def _stale_after_fetch(action: Action, ctx: VerifyContext) -> Premise | None:
    """``git fetch origin && git rebase origin/main`` where origin is an archived copy behind the remote
    main tracks (``premises_git.stale_copy_premise``)."""
    if action.operation not in ("git.rebase", "git.merge"):
        return None
    name = _branch_operand(action)
    if name is None or not _plain_name(name) or "/" not in name:
        return None
    code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/remotes")
    if code != 0:
        return None
    from statewise_cli.recovery.premises_git import stale_copy_premise

    return stale_copy_premise(action, name, out.split(), ctx, fetched=True)


def _vanished_after_fetch(action: Action, before: list[Action], ctx: VerifyContext) -> Premise | None:
    """``git fetch origin && git rebase origin/develop`` where the remote no longer has ``develop``: a fetch that does
    not prune leaves the stale remote-tracking copy in place, so the rebase still lands on it
    (``premises_git.vanished_branch_premise``). Anything else earlier on the line that may make refs decides
    nothing."""
    if action.operation not in ("git.rebase", "git.merge", "git.reset", "git.switch", "git.checkout"):
        return None
    for a in before:
        if a.operation in _REF_MAKERS or _creates_branch(a):
            args = [str(x) for x in a.arguments]
            if a.operation != "git.fetch" or any(x in ("-p", "--prune", "--prune-tags", "-P") or
                                                 x.startswith("--prune") for x in args):
                return None
    name = _branch_operand(action)
    if name is None or not _plain_name(name) or "/" not in name:
        return None
    code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/remotes")
    if code != 0:
        return None
    existing = out.split()
    owner = _tracking_owner(name, existing, False)
    if owner is None:
        return None
    for key in ("fetch.prune", f"remote.{owner[0]}.prune"):
        code, value = ctx.git("config", "--get", key)
        if code == 0 and value.strip().lower() in ("true", "yes", "on", "1"):
            return None  # this fetch prunes: the copy is gone by the time the command runs
    return _vanished(action, owner[0], owner[1], existing, ctx)


def _landing(before: list[Action], ctx: VerifyContext) -> str | None:
    """The branch checked out when an action runs: the last switch earlier on the line, else the current one."""
    switched = [a for a in before if a.operation in ("git.switch", "git.checkout")]
    if not switched:
        return ctx.repo.branch
    names = [w for w in switched[-1].arguments if not w.startswith("-")]
    return names[0] if len(names) == 1 else None


def _shared_push_premise(action: Action, ctx: VerifyContext, unfetched: bool = False) -> Premise | None:
    """What a push would take from others (``premises_git.shared_push_premise``)."""
    operands = _operands(action.arguments)
    remotes = _remotes(ctx)
    remote = operands[0] if operands else None
    if remote is None and ctx.repo.branch:
        from statewise_cli.recovery.premises_git import _upstream

        upstream = _upstream(ctx, ctx.repo.branch)
        remote = upstream[0] if upstream else None
    if remote is None or remote not in remotes:
        return None
    from statewise_cli.recovery.premises_git import shared_push_premise

    return shared_push_premise(action, remote, remotes[remote], operands[1:], ctx, unfetched=unfetched)


def _contract_premise(action: Action, contract: Contract, key: str, slot: str, ctx: VerifyContext) -> Premise | None:
    from statewise_cli.recovery.attribute import matches

    seen = _probe(key, slot, ctx)
    if seen is None or seen.agrees is not False or seen.value is None or isinstance(seen.value, bool):
        return None
    if key.startswith("version.") and seen.scope != "repository":
        return None  # only this machine's interpreter differs: switching it is what the action is for
    if matches(contract.match, slot, seen.value, ctx.root):
        return None  # the verified value still fits the action (e.g. a narrower command)
    if key.startswith("command.") and _family(slot) != _family(str(seen.value)):
        return None  # another ecosystem's command (pytest in a pnpm repository): not this premise
    alternative = install_alternative(action, str(seen.value)) if key == "package_manager" else ""
    text = (action.text or "").strip()
    if key.startswith("version.") and text.count(slot) == 1:
        alternative = f"`{text.replace(slot, str(seen.value).lstrip('>=^~v '))}`"
    if contract.alternative and not alternative:
        try:
            alternative = contract.alternative.format(verified=seen.value, target=action.target or "",
                                                      args=" ".join(action.arguments[1:]))
        except (KeyError, IndexError, ValueError):
            alternative = ""
    return Premise(action, key, slot, seen.value, seen.verifier, seen.evidence.strip(), alternative, _claim(key, slot))


_KEY_WORDS = {"package_manager": "the package manager", "version.node": "the project's Node",
              "version.python": "the project's Python"}


def _claim(key: str, slot: str) -> str:
    if key.startswith("command."):
        return f"the project's {key[len('command.'):]} command is {slot}"
    return f"{_KEY_WORDS.get(key, key)} is {slot}"


_FAMILIES = {
    "python": ("python", "python3", "py", "pytest", "py.test", "tox", "nox", "uv", "uvx", "poetry", "pdm", "hatch",
               "pipenv", "coverage", "unittest"),
    "js": ("npm", "pnpm", "yarn", "bun", "npx", "pnpx", "bunx", "node", "deno", "vitest", "jest", "mocha", "tsc",
           "eslint", "prettier"),
}


def _family(command: str) -> str:
    """The ecosystem a command belongs to, by its program (``make``, ``cargo``, ``go`` … are their own)."""
    words = command.split()
    while words and ("=" in words[0] or words[0] in ("env", "exec", "time", "command")):
        words = words[1:]  # leading assignments and wrappers
    program = os.path.basename(words[0]) if words else ""
    for family, programs in _FAMILIES.items():
        if program in programs or any(program.startswith(p) and program[len(p):].replace(".", "").isdigit()
                                      for p in ("python", "node")):
            return family
    return program


_ADD = {"pnpm": "add", "yarn": "add", "bun": "add", "npm": "install", "uv": "add", "poetry": "add", "pdm": "add",
        "pipenv": "install", "pip": "install", "pip3": "install"}
_SYNC = {"pnpm": "pnpm install", "yarn": "yarn install", "bun": "bun install", "npm": "npm install", "uv": "uv sync",
         "poetry": "poetry install", "pdm": "pdm install", "pipenv": "pipenv install", "pip": "pip install -e ."}
_DEV_FLAGS = ("-D", "--save-dev", "--dev", "-d")


def install_alternative(action: Action, manager: str) -> str:
    """The same install, spelled for ``manager``: ``npm i lodash`` → ``pnpm add lodash``."""
    manager = manager.split("@", 1)[0]
    if manager not in _ADD:
        return ""
    args = list(action.arguments[1:]) if action.arguments else []
    packages: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in ("-r", "--requirement", "-c", "--constraint", "--prefix", "--registry", "-C", "--cwd", "--index-url",
                   "-i", "--extra-index-url", "--target", "-t"):
            if arg in ("-r", "--requirement"):
                packages = []
                break
            skip = True
            continue
        if not arg.startswith("-") and arg not in (".", "-e"):
            packages.append(arg)
    dev = any(a in _DEV_FLAGS for a in args)
    if packages:
        flag = " -D" if dev and manager in ("pnpm", "yarn", "bun", "npm") else (" --dev" if dev else "")
        return f"`{manager} {_ADD[manager]} {' '.join(packages)}{flag}`"
    return f"`{_SYNC[manager]}`"


def _creates_branch(action: Action) -> bool:
    args = action.arguments
    return action.operation in ("git.switch", "git.checkout") and any(
        a in ("-c", "-C", "-b", "-B", "--create", "--force-create", "--orphan") for a in args)


def _operands(args: tuple[str, ...]) -> list[str]:
    out = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg == "--":
            break  # paths follow
        if arg.startswith("-"):
            if arg in ("-m", "-X", "-s", "--strategy", "--strategy-option", "-o", "--onto", "-S", "--gpg-sign",
                       "--exec", "-x", "--repo", "--push-option", "--upstream", "-u"):
                skip = arg not in ("-u", "--upstream")
            continue
        out.append(arg)
    return out


def _plain_name(word: str) -> bool:
    """A branch-like name: no revision syntax, no path, no URL, nothing the shell left unexpanded."""
    return bool(word) and not any(c in word for c in "~^:@{}$*?[\\ ") and not word.startswith((".", "/", "-")) \
        and "://" not in word and word not in ("HEAD", "FETCH_HEAD", "ORIG_HEAD", "MERGE_HEAD")


def _signoff_premise(store: Store, action: Action, ctx: VerifyContext) -> Premise | None:
    """Commits this push sends lack the sign-off the remote requires (``premises_git.signoff_premise``)."""
    operands = _operands(action.arguments)
    remotes = _remotes(ctx)
    remote = operands[0] if operands else None
    if remote is None:
        current = ctx.repo.branch
        upstream = None
        if current:
            from statewise_cli.recovery.premises_git import _upstream

            upstream = _upstream(ctx, current)
        remote = upstream[0] if upstream else ("origin" if "origin" in remotes else None)
    if remote is None or remote not in remotes:
        return None
    from statewise_cli.recovery.premises_git import signoff_premise

    return signoff_premise(action, remote, remotes[remote], operands[1:], _required_by_records(store), ctx)


def _required_by_records(store: Store) -> dict[str, str]:
    """Requirements on every commit a remote's earlier rejection left as records."""
    required: dict[str, str] = {}
    for key in ("git.commit.signoff_required", "git.commit.signature_required"):
        for rec in store.active_records(key):
            if rec.value is True:
                required[key] = f"the remote rejected such a push before ({(rec.evidence or '')[:160]})"
                break
    return required


def branch_remote(ctx: VerifyContext) -> tuple[str, str] | None:
    """(remote, url) of the current branch's upstream, else origin, else the only remote — read from the clone's
    config file (no subprocess, no regular expressions: a commit is a hot action)."""
    remotes: dict[str, str] = {}
    remote = None
    section = ""
    for line in (_read(os.path.join(ctx.repo.common_dir, "config"), 200_000) or "").splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped
            continue
        key, sep, value = stripped.partition("=")
        if not sep:
            continue
        if key.strip() == "url" and section.startswith('[remote "') and section.endswith('"]'):
            remotes[section[len('[remote "'):-2]] = value.strip()
        elif key.strip() == "remote" and ctx.repo.branch and section == f'[branch "{ctx.repo.branch}"]':
            remote = value.strip()
    if remote is None:
        remote = "origin" if "origin" in remotes else next(iter(remotes)) if len(remotes) == 1 else None
    if remote is None or remote not in remotes:
        return None
    return remote, remotes[remote]


def _commit_signing_premise(store: Store, action: Action, ctx: VerifyContext) -> Premise | None:
    """A commit without the sign-off or signature the current branch's remote requires
    (``premises_git.commit_signing_premise``), on the remote :func:`branch_remote` names."""
    found = branch_remote(ctx)
    if found is None:
        return None
    from statewise_cli.recovery.premises_git import commit_signing_premise

    return commit_signing_premise(action, found[0], found[1], _required_by_records(store), ctx)


def _git_premise(action: Action, ctx: VerifyContext) -> Premise | None:
    if action.operation in _REMOTE_OPS:
        return _remote_premise(action, ctx)
    return _branch_premise(action, ctx)


def _remotes(ctx: VerifyContext) -> dict[str, str]:
    code, out = ctx.git("config", "--get-regexp", r"^remote\..*\.url$")
    remotes: dict[str, str] = {}
    if code == 0:
        for line in out.splitlines():
            name, _, url = line.partition(" ")
            remotes[name[len("remote."):-len(".url")]] = url.strip()
    return remotes


def _repository_path(path: str) -> bool:
    """``path`` is something git would take in place of a remote: a file (a bundle) or a repository (a work tree
    or a bare one). An ordinary directory of the project that shares a remote's name is not: git answers
    "does not appear to be a git repository" for it."""
    if os.path.isfile(path):
        return True
    if not os.path.isdir(path):
        return False
    return os.path.exists(os.path.join(path, ".git")) or (
        os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects")))


def _recipe_premise(action: Action, name: str, remotes: dict[str, str], operands: list[str],
                    ctx: VerifyContext) -> Premise | None:
    from statewise_cli.recovery.premises_gitrecipes import recipe_remote_premise

    return recipe_remote_premise(action, name, remotes, operands, ctx)


def _remote_premise(action: Action, ctx: VerifyContext) -> Premise | None:
    operands = _operands(action.arguments)
    if not operands:
        return None
    name = operands[0]
    if not _plain_name(name) or "/" in name or _repository_path(os.path.join(ctx.root, name)):
        return None  # a URL, a path to a repository or bundle, or a remote group spelled with a slash: git decides
    remotes = _remotes(ctx)
    if name in remotes:
        from statewise_cli.recovery.premises_git import gone_remote_premise, live_remote_premise, remote_helper_premise

        return gone_remote_premise(action, name, remotes[name], remotes, ctx) or \
            remote_helper_premise(action, name, remotes, ctx) or live_remote_premise(action, name, remotes, ctx) or _refspec_premise(
            action, name, remotes[name], operands[1:], ctx) or _accepted_premise(action, name, remotes[name],
                                                                                  operands[1:], ctx) or \
            _closed_premise(action, name, remotes[name], operands[1:], ctx) or _moved_push_premise(action, name, operands[1:], ctx) or \
            _recipe_premise(action, name, remotes, operands[1:], ctx)
    if not remotes:
        return None
    code, _ = ctx.git("config", "--get", f"remotes.{name}")  # a remote group
    if code == 0:
        return None
    from statewise_cli.store.redact import redact

    listing = ", ".join(f"{r} ({redact(u)})" for r, u in sorted(remotes.items()))
    only = next(iter(remotes)) if len(remotes) == 1 else None
    from statewise_cli.recovery.premises_git import renamed_remote

    renamed = renamed_remote(ctx, name, remotes)  # `git remote rename dispatch vanroutes` in this clone
    if renamed is not None and action.text and f" {name}" in action.text:
        other, line = renamed
        return Premise(action, "git.remote", name, other, "git.remotes",
                       f"`git remote -v` lists {listing}; this clone renamed the remote {name} to {other} (the reflog "
                       f"of its remote-tracking refs: \"{line[:160]}\")",
                       f"`{action.text.strip().replace(f' {name}', f' {other}', 1)}`",
                       f"{name} is a remote of this repository")
    if only is None:
        from statewise_cli.recovery.premises_git import _replacing_remote

        said = _replacing_remote(ctx, name, remotes)  # "the vendor retired its sandbox …: push main to the uat remote"
        if said is not None and action.text and f" {name}" in action.text:
            rel, quote, other = said
            return Premise(action, "git.remote", name, other, "git.remotes",
                           f"`git remote -v` lists {listing}; {rel} says: \"{quote}\" and names `{other}` for this work",
                           f"`{action.text.strip().replace(f' {name}', f' {other}', 1)}`",
                           f"{name} is a remote of this repository")
    alternative = (f"use the remote `{only}`: `{(action.text or '').strip().replace(f' {name}', f' {only}', 1)}`"
                   if only and action.text and f" {name}" in action.text else
                   f"name one of this repository's remotes: {', '.join(sorted(remotes))}")
    return Premise(action, "git.remote", name, only or sorted(remotes), "git.remotes",
                   f"`git remote -v` lists {listing}", alternative, f"{name} is a remote of this repository")


_USUAL_DEFAULTS = ("main", "master", "trunk", "develop", "development", "default")


def _pushed_old_default(action: Action, remote: str, dst: str, existing: list[str], ctx: VerifyContext) -> Premise | None:
    """``git push origin master`` from a clone that still has master, to a remote whose default branch is
    main now and which has no master: the push would create a stray branch of the old name."""
    from statewise_cli.recovery.premises_git import live_remote_head, remote_branches

    live = live_remote_head(ctx, remote)
    if live is not None:  # a remote on this machine: its own HEAD and branches, now
        have = remote_branches(_remotes(ctx).get(remote, ""), ctx.root) or {}
        if dst in have or live == dst:
            return None
        branch = live
    else:
        head_file = os.path.join(ctx.repo.common_dir, "refs", "remotes", remote, "HEAD")
        head = (_read(head_file, 4096) or "").strip()
        prefix = f"ref: refs/remotes/{remote}/"
        if not head.startswith(prefix) or f"refs/remotes/{remote}/{dst}" in existing:
            return None
        branch = head[len(prefix):]
        if branch == dst or f"refs/remotes/{remote}/{branch}" not in existing:
            return None
    text = (action.text or "").strip()
    alternative = (f"`{text.replace(dst, branch)}`" if text.count(dst) == 1 else f"push to `{branch}`")
    return _premise(action, "git.default_branch", dst, branch, "git.refs",
                    f"{remote}'s HEAD is `{branch}` and {remote} has no branch `{dst}` (a push would create it)",
                    alternative, f"{dst} is {remote}'s default branch")


def _has_ref(ctx: VerifyContext, ref: str) -> bool:
    """A ref exists, read from git's files (loose or packed; no subprocess)."""
    common = ctx.repo.common_dir
    if os.path.isfile(os.path.join(common, ref)):
        return True
    return f" {ref}\n" in (_read(os.path.join(common, "packed-refs")) or "")


def _accepted_premise(action: Action, remote: str, url: str, refspecs: list[str], ctx: VerifyContext) -> Premise | None:
    if action.operation != "git.push":
        return None
    from statewise_cli.recovery.premises_git import accepted_ref_premise

    return accepted_ref_premise(action, remote, _local_path(url.strip(), ctx.root), refspecs, ctx)


def _moved_push_premise(action: Action, remote: str, refspecs: list[str], ctx: VerifyContext) -> Premise | None:
    """A push to a branch the repository says was replaced, or of a branch whose history is another remote's."""
    if action.operation != "git.push" or not refspecs:
        return None
    from statewise_cli.recovery.premises_git import (
        foreign_history_premise,
        held_branch_premise,
        retired_branch_premise,
        routed_remote_premise,
    )

    found: Premise | None = retired_branch_premise(action, remote, refspecs, ctx) or foreign_history_premise(
        action, remote, refspecs, ctx) or routed_remote_premise(action, remote, refspecs, ctx) or \
        held_branch_premise(action, remote, refspecs, ctx)
    return found


def _closed_premise(action: Action, remote: str, url: str, refspecs: list[str], ctx: VerifyContext) -> Premise | None:
    """A push to a remote that rejects every push. With no single other remote to name, the remote the
    repository's documents route this work to (a Makefile recipe's comment, a guide) is where it goes, when that
    remote takes pushes."""
    if action.operation != "git.push":
        return None
    from statewise_cli.recovery.premises_policy import closed_remote_premise

    closed = closed_remote_premise(action, remote, url, ctx)
    if closed is None or closed.key != "git.remote_closed" or not refspecs:
        return closed
    from statewise_cli.recovery.premises_git import routed_remote_premise
    from statewise_cli.recovery.premises_policy import _rejects_every_push

    routed = routed_remote_premise(action, remote, refspecs, ctx)
    other = routed.verified if routed is not None else None
    remotes = _remotes(ctx)
    if routed is None or other not in remotes or other == remote or _rejects_every_push(remotes[other], ctx.root):
        return closed
    return _premise(action, "git.remote", remote, other, "git.remotes", f"{closed.evidence}; {routed.evidence}",
                    routed.alternative, closed.claim, shown=routed.shown)


def _local_path(url: str, root: str) -> str | None:
    """A remote on this machine: its path (None for ssh, https, scp-like remotes)."""
    if url.startswith("file://"):
        rest = url[len("file://"):]
        return os.path.normpath(rest) if rest.startswith("/") else None
    colon, slash = url.find(":"), url.find("/")
    if "://" in url or colon > 0 and (slash < 0 or colon < slash):
        return None
    return os.path.normpath(url if os.path.isabs(url) else os.path.join(root, url))


def _refspec_premise(action: Action, remote: str, url: str, refspecs: list[str], ctx: VerifyContext) -> Premise | None:
    """The branch a push sends from this repository, or a pull / fetch takes from the remote, exists there:
    ``git push origin master`` after master became main here, ``git pull origin master`` from a remote
    whose branches are main and release/*. The remote's branches are asked only of a remote on this
    machine (``git ls-remote`` on a path); a network remote's are unknown here."""
    if not refspecs or action.flags & {"delete", "all"} or any(
            a in ("--delete", "-d", "--all", "--mirror", "--tags", "--prune") for a in action.arguments):
        return None
    spec = refspecs[0].lstrip("+")
    src = spec.split(":", 1)[0]
    if action.operation == "git.push" and ":" in spec and not spec.split(":", 1)[1].startswith(("refs/tags/",
                                                                                                "refs/remotes/")):
        dst = spec.split(":", 1)[1].removeprefix("refs/heads/")
        if _plain_name(dst):
            code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/remotes")
            if code == 0:
                from statewise_cli.recovery.premises_git import replaced_branch_premise, retired_line_premise

                retired = retired_line_premise(action, remote, dst, out.split(), ctx) or \
                    replaced_branch_premise(action, remote, dst, out.split(), ctx) or \
                    _vanished(action, remote, dst, out.split(), ctx, pushed=True)
                if retired is not None:
                    return retired
                if src in ("HEAD", "@") and dst in _OLD_DEFAULTS:
                    return _pushed_old_default(action, remote, dst, out.split(), ctx)
    elif action.operation == "git.push" and src and _plain_name(src) and src.removeprefix("refs/heads/") not in (
            ctx.repo.branch, "HEAD"):
        code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/remotes")
        if code == 0:
            from statewise_cli.recovery.premises_git import replaced_branch_premise

            replaced = replaced_branch_premise(action, remote, src.removeprefix("refs/heads/"), out.split(), ctx) or \
                _vanished(action, remote, src.removeprefix("refs/heads/"), out.split(), ctx, pushed=True)
            if replaced is not None:
                return replaced
    if action.operation in ("git.fetch", "git.pull") and src.startswith("refs/") and not src.startswith(
            ("refs/heads/", "refs/tags/")):
        from statewise_cli.recovery.premises_git import missing_ref_premise

        return missing_ref_premise(action, remote, url, src, ctx)
    if not src or not _plain_name(src) or src.startswith("refs/") and not src.startswith("refs/heads/"):
        return None
    name = src.removeprefix("refs/heads/")
    text = (action.text or "").strip()
    if action.operation == "git.push":
        dst = (spec.split(":", 1)[1] if ":" in spec else name).removeprefix("refs/heads/")
        if dst not in _OLD_DEFAULTS and (name not in _USUAL_DEFAULTS or _has_ref(ctx, f"refs/heads/{name}")
                                         or _has_ref(ctx, f"refs/tags/{name}")):
            return None  # an existing branch or tag to another name than an old default: nothing to check
        code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/heads", "refs/tags", "refs/remotes")
        if code != 0:
            return None
        existing = out.split()
        if (f"refs/heads/{name}" in existing or name == "HEAD") and dst in _OLD_DEFAULTS:
            return _pushed_old_default(action, remote, dst, existing, ctx)
        if f"refs/heads/{name}" in existing or f"refs/tags/{name}" in existing or name not in _USUAL_DEFAULTS:
            return None  # a topic branch not made yet: git says so itself; a default branch's old name is the premise
        code, _ = ctx.git("rev-parse", "--verify", "-q", f"{src}^{{commit}}")
        if code == 0:
            return None
        heads = sorted(r[len("refs/heads/"):] for r in existing if r.startswith("refs/heads/"))
        default = _default_branch(ctx, existing)
        current = ctx.repo.branch
        evidence = f"no local branch, tag or commit `{name}`; local branches: {', '.join(heads[:8]) or 'none'}"
        target = default[0] if default else None
        if default:
            evidence += f"; the default branch is `{default[0]}` ({default[1]})"
        alternative = (f"`{text.replace(src, target, 1)}`" if target and text.count(src) == 1 else
                       f"push a branch that exists: {', '.join(heads[:8])}")
        if current and current != target:
            alternative += f"; or push the current branch: `git push -u {remote} {current}`"
        return _premise(action, "git.default_branch", name, target, "git.refs", evidence, alternative,
                        f"the branch {name} exists here")
    local = _local_path(url.strip(), ctx.root)
    if local is None or not os.path.exists(local):
        return None
    code, out = ctx.git("ls-remote", "--symref", local)
    if code != 0:
        return None
    heads, head = [], None
    for line in out.splitlines():
        if line.startswith("ref: refs/heads/") and line.endswith("\tHEAD"):
            head = line[len("ref: refs/heads/"):].split("\t", 1)[0]
        else:
            ref = line.split("\t", 1)[-1]
            if ref.startswith("refs/heads/"):
                heads.append(ref[len("refs/heads/"):])
            elif ref == f"refs/tags/{name}":
                return None
    if not heads or name in heads:
        return None
    code, out = ctx.git("for-each-ref", "--format=%(refname)", f"refs/remotes/{remote}/{name}")
    vanished = _vanished(action, remote, name, out.split(), ctx) if code == 0 else None
    if vanished is not None:
        return vanished  # the branch this clone last saw there lives on under another name
    evidence = f"`git ls-remote {remote}` lists no branch `{name}`; its branches: {', '.join(sorted(heads)[:8])}"
    if head:
        evidence += f"; its HEAD is `{head}`"
    alternative = (f"`{text.replace(src, head, 1)}`" if head and text.count(src) == 1 else
                   f"name one of {remote}'s branches: {', '.join(sorted(heads)[:8])}")
    return _premise(action, "git.default_branch", name, head, "git.remote-refs", evidence, alternative,
                    f"the branch {name} exists on {remote}")


def _vanished(action: Action, remote: str, branch: str, existing: list[str], ctx: VerifyContext,
              pushed: bool = False) -> Premise | None:
    """A branch this clone's copy of ``remote`` still shows, which the remote (on this machine) no longer has
    (``premises_git.vanished_branch_premise``)."""
    if f"refs/remotes/{remote}/{branch}" not in existing or (pushed and branch == ctx.repo.branch):
        return None
    from statewise_cli.recovery.premises_git import vanished_branch_premise

    return vanished_branch_premise(action, remote, branch, ctx, pushed=pushed)


def _tracking_owner(name: str, existing: list[str], remote_only: bool) -> tuple[str, str] | None:
    """(remote, branch) of a ref an action names through a remote-tracking copy: ``origin/develop``, or a
    pull request's base ``develop`` that exactly one remote's copy has."""
    if not remote_only:
        head, _, rest = name.partition("/")
        return (head, rest) if rest and f"refs/remotes/{name}" in existing else None
    owners = [ref.split("/", 3)[2] for ref in existing if ref.startswith("refs/remotes/") and ref.count("/") >= 3
              and ref.split("/", 3)[3] == name]
    return (owners[0], name) if len(owners) == 1 else None


def _branch_operand(action: Action) -> str | None:
    args = action.arguments
    if action.operation == "gh.pr":
        if args[:2] != ("pr", "create"):
            return None
        for i, arg in enumerate(args):
            if arg in ("--base", "-B") and i + 1 < len(args):
                return args[i + 1]
            if arg.startswith("--base="):
                return arg.split("=", 1)[1]
        return None
    if any(a in ("--abort", "--continue", "--skip", "--quit", "--root", "--detach", "--orphan", "-d", "--edit-todo")
           for a in args):
        return None
    operands = _operands(args)
    if _creates_branch(action):
        return operands[1] if len(operands) == 2 else None  # the start point of the new branch
    if action.operation == "git.checkout" and len(operands) != 1:
        return None  # `checkout <ref> <paths>` or paths alone
    return operands[0] if operands else None


def _branch_premise(action: Action, ctx: VerifyContext) -> Premise | None:
    name = _branch_operand(action)
    if name is None or not _plain_name(name):
        return None
    if os.path.exists(os.path.join(ctx.root, name)):
        return None  # `git checkout README.md`: a path
    remote_only = action.operation == "gh.pr"
    refs = [f"refs/remotes/{name}"] if "/" in name else []
    if not remote_only:
        refs += [f"refs/heads/{name}", f"refs/tags/{name}"]
    code, out = ctx.git("for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes", "refs/tags")
    if code != 0:
        return None
    existing = out.split()
    tails = {ref.split("/", 3)[-1] for ref in existing if ref.startswith("refs/remotes/")}
    if not remote_only and f"refs/heads/{name}" in existing and name in _OLD_DEFAULTS:
        from statewise_cli.recovery.premises_git import fix_base_premise, integration_premise

        return _stale_default(action, name, existing, ctx) or integration_premise(action, name, existing, ctx) or (
            fix_base_premise(action, name, existing, ctx) if _creates_branch(action) else None)
    if any(ref in existing for ref in refs) or name in tails:
        from statewise_cli.recovery.premises_git import (
            fix_base_premise,
            integration_premise,
            squashed_base_premise,
            stale_copy_premise,
        )

        # it exists: is it where this work goes? (and does the remote still have it?)
        owner = _tracking_owner(name, existing, remote_only)
        if owner is not None:
            vanished = _vanished(action, owner[0], owner[1], existing, ctx)
            if vanished is not None:
                return vanished
        return integration_premise(action, name, existing, ctx) or squashed_base_premise(action, name, existing, ctx) or (
            fix_base_premise(action, name, existing, ctx) if _creates_branch(action) else None) or \
            stale_copy_premise(action, name, existing, ctx)
    if not remote_only:
        code, _ = ctx.git("rev-parse", "--verify", "-q", f"{name}^{{commit}}")
        if code == 0:
            return None  # a commit, an abbreviated hash
    if remote_only and not tails:
        return None  # nothing fetched: the remote's branches are unknown here
    listing = sorted({ref.split("/", 2)[-1] for ref in existing if ref.startswith("refs/heads/")})[:8]
    if not remote_only:
        from statewise_cli.recovery.premises_git import renamed_branch

        renamed = renamed_branch(ctx, name)
        if renamed is not None:
            new, why = renamed
            text = (action.text or "").strip()
            alternative = f"`{text.replace(name, new)}`" if text and text.count(name) == 1 else f"use `{new}`"
            return Premise(action, "git.branch_renamed", name, new, "git.refs",
                           f"`{name}` does not exist here; {why}; local branches: {', '.join(listing)}",
                           alternative, f"the branch {name} exists")
    default = _default_branch(ctx, existing)
    where = "on any remote" if remote_only else "here (no local branch, remote-tracking branch, tag or commit)"
    evidence = f"`{name}` does not exist {where}; local branches: {', '.join(listing) or 'none'}"
    alternative = ""
    if default is not None:
        branch, why = default
        evidence += f"; the default branch is `{branch}` ({why})"
        prefix, _, rest = name.partition("/")
        remotes = sorted({ref.split("/", 3)[2] for ref in existing if ref.startswith("refs/remotes/") and ref.count("/") >= 3})
        if rest and any(ref.startswith(f"refs/remotes/{prefix}/") for ref in existing):
            branch = f"{prefix}/{branch}"  # `origin/master` → `origin/main`
        elif rest and len(remotes) == 1 and prefix not in remotes and (
                rest == branch or f"refs/remotes/{remotes[0]}/{rest}" in existing):
            branch = f"{remotes[0]}/{rest}"  # `origin/main` when the remote is called upstream now
            evidence += f"; the only remote is `{remotes[0]}`"
        text = (action.text or "").strip()
        alternative = (f"`{text.replace(name, branch)}`" if text and text.count(name) == 1
                       else f"use `{branch}`")
    return Premise(action, "git.default_branch", name, default[0] if default else None, "git.refs", evidence,
                   alternative, f"the branch {name} exists" + (" on the remote" if remote_only else ""))


_OLD_DEFAULTS = ("main", "master", "trunk")


def _stale_default(action: Action, name: str, existing: list[str], ctx: VerifyContext) -> Premise | None:
    """A local ``master`` left from before the remote renamed its default branch: its upstream is gone
    from the remote (pruned) and the remote's HEAD names another branch."""
    code, out = ctx.git("config", "--get-regexp", rf"^branch\.{name}\.(remote|merge)$")
    config = dict(line.split(" ", 1) for line in out.splitlines() if " " in line) if code == 0 else {}
    remote, merge = config.get(f"branch.{name}.remote", ""), config.get(f"branch.{name}.merge", "")
    if not remote or not merge.startswith("refs/heads/") or f"refs/remotes/{remote}/HEAD" not in existing:
        return None
    tracking = f"refs/remotes/{remote}/{merge[len('refs/heads/'):]}"
    if tracking in existing:
        return None
    default = _default_branch(ctx, existing)
    if default is None or default[0] == name:
        return None
    branch = default[0]
    text = (action.text or "").strip()
    alternative = f"`{text.replace(name, branch)}`" if text.count(name) == 1 else f"use `{branch}`"
    return _premise(action, "git.default_branch", name, branch, "git.refs",
                    f"the local `{name}` tracks {tracking[len('refs/remotes/'):]}, which the remote no longer has; "
                    f"the default branch is `{branch}` ({default[1]})", alternative,
                    f"{name} is this repository's default branch")


def _default_branch(ctx: VerifyContext, existing: list[str]) -> tuple[str, str] | None:
    from statewise_cli.recovery.premises_git import live_remote_head

    remotes = sorted({ref.split("/", 3)[2] for ref in existing if ref.startswith("refs/remotes/") and ref.count("/") >= 3},
                     key=lambda r: (r != "origin", r))
    for remote in remotes:
        live = live_remote_head(ctx, remote)
        if live is not None:
            return live, f"{remote}/HEAD → {remote}/{live}, read from the remote now"
    for ref in existing:
        if ref.startswith("refs/remotes/") and ref.endswith("/HEAD"):
            head = (_read(os.path.join(ctx.repo.common_dir, ref), 4096) or "").strip()  # a symref is a loose file
            code, out = (0, head[len("ref: "):]) if head.startswith("ref: ") else ctx.git("symbolic-ref", ref)
            if code == 0 and out.strip().startswith("refs/remotes/"):
                target = out.strip()[len("refs/remotes/"):]
                return target.split("/", 1)[-1], f"{ref[len('refs/remotes/'):]} → {target}"
    heads = [ref[len("refs/heads/"):] for ref in existing if ref.startswith("refs/heads/")]
    usual = [b for b in ("main", "master", "trunk", "develop") if b in heads]
    if len(usual) == 1:
        return usual[0], "the only one of main/master/trunk/develop that exists"
    current = ctx.repo.branch
    if len(heads) == 1 and current:
        return current, "the only local branch"
    return None


# ------------------------------------------------------------------ project premises
def _directory(cwd: str, action: Action) -> str | None:
    if "$" in action.cwd or not cwd:
        return None
    return os.path.normpath(os.path.join(cwd, action.cwd))


def _words(action: Action) -> list[str]:
    if action.operation.startswith("shell."):
        return [action.operation[len("shell."):], *action.arguments]
    if action.operation == "run.script":  # `python app.py …`: the target is the script, the interpreter is in the text
        program = next((w for w in (action.text or "").split()
                        if os.path.basename(w).startswith(("python", "pypy")) or os.path.basename(w) in ("bash", "sh",
                                                                                                        "node")),
                       "python")
        return [program, *action.arguments]
    target = action.target if isinstance(action.target, str) else ""
    words = target.split()
    while words and ("=" in words[0] or words[0] in ("env", "exec", "time", "command")):
        words = words[1:]
    return words


def _read(path: str, limit: int = 500_000) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read(limit)
    except OSError:
        return None


def _project_premise(action: Action, ctx: VerifyContext, directory: str) -> Premise | None:
    premise = _project_premise_of(action, ctx, directory)
    if premise is not None and premise.source and isinstance(premise.verified, list):
        renamed = _with_rename(premise, ctx)
        return renamed if renamed is not premise else _with_successor(premise, ctx, directory)
    if premise is None:
        return _runner_gone(action, ctx, directory)
    return premise


_RUNNER_FILES = {"make": "MAKEFILES", "gmake": "MAKEFILES", "just": "JUSTFILES", "task": "TASKFILES"}


def _runner_gone(action: Action, ctx: VerifyContext, directory: str) -> Premise | None:
    """``make migrate`` / ``just lint`` / ``task build`` where the runner's file is not there at all and
    another runner of the project has the task (``premises_runners``)."""
    words = _words(action)
    program = os.path.basename(words[0]) if words else ""
    if program not in _RUNNER_FILES:
        return None
    goals: list[str] = []
    skip = False
    for arg in words[1:]:
        if skip:
            skip = False
            continue
        if arg in ("-C", "--directory", "-f", "--file", "--makefile", "--justfile", "-d", "--dir", "-t", "--taskfile") \
                or arg.startswith(("-f", "--file=", "--makefile=", "--justfile=", "--taskfile=", "-C")):
            return None  # another file or directory: not followed here
        if arg in _MAKE_OPTS_WITH_VALUE:
            skip = True
            continue
        if arg.startswith("-") or "=" in arg:
            continue
        goals.append(arg)
    if not goals or "/" in goals[0] or "." in goals[0]:
        return None  # the default target, or a file make would build by an implicit rule
    from statewise_cli.recovery import premises_runners

    files = getattr(premises_runners, _RUNNER_FILES[program])
    return premises_runners.runner_gone(action, "make" if program == "gmake" else program, goals[0], directory, files,
                                        ctx)


def _with_successor(premise: Premise, ctx: VerifyContext, directory: str) -> Premise:
    """A task its runner no longer has, with no rename in the runner's history: where the task went
    (another runner's task of that name, what the commit that removed it added, a pre-commit
    configuration for the linting role) leads the deny; the runner's own tasks stay in the evidence."""
    from statewise_cli.recovery.premises_runners import successor

    words = _words(premise.action)
    program = os.path.basename(words[0]) if words else ""
    runner = {"gmake": "make", "npm": "npm run", "pnpm": "pnpm run", "yarn": "yarn run", "bun": "bun run",
              "nox": "nox -s", "tox": "tox -e"}.get(program, program)
    found = successor(ctx, runner, str(premise.assumed), premise.source, directory)
    if found is None:
        return premise
    command, why = found
    return premise.replace(verified=command, evidence=f"{premise.evidence}; {why}",
                           alternative=f"`{command}`, where `{premise.assumed}` lives now"
                           + (f"; the runner's own tasks: {premise.alternative.split(': ', 1)[-1]}"
                              if premise.alternative else ""))


def _with_rename(premise: Premise, ctx: VerifyContext) -> Premise:
    """A target, script or session the project no longer has: when its file's history renamed it, the
    new name leads the alternative (``make test`` → ``make check``, renamed in commit abc123)."""
    rel = os.path.relpath(premise.source, ctx.root) if os.path.isabs(premise.source) else premise.source

    old = str(premise.assumed)
    current = {str(n) for n in premise.verified}
    code, out = ctx.git("log", "-n30", "-p", "-U0", "--no-color", "--no-ext-diff", "--format=@@@commit %h %s", "--",
                        rel)
    if code != 0:
        return premise
    for chunk in out.split("@@@commit ")[1:]:
        entry, _, diff = chunk.partition("\n")
        renamed = _replaced_in(diff, old, lambda n: n in current)
        if not renamed:
            continue
        new = max(renamed.items(), key=lambda kv: kv[1])[0]
        text = (premise.action.text or "").strip()
        import re

        word = re.compile(rf"(?<![\w.-]){re.escape(old)}(?![\w.-])")
        command = word.sub(new, text) if word.search(text) else new  # every use on the line (`&&` chains)
        return premise.replace(
            verified=[new, *sorted(current - {new})],
            evidence=f"{premise.evidence}; commit {entry.strip()} renamed `{old}` to `{new}` in {rel}",
            alternative=f"`{command}` (`{old}` is `{new}` since commit {entry.split(' ', 1)[0]})"
                        + (f"; or {premise.alternative}" if premise.alternative else ""))
    return premise


def _retired_or_script(action: Action, program: str, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    """yarn / poetry: a retired tool first (``premises_runners``), then a package.json script (yarn)."""
    from statewise_cli.recovery.premises_runners import retired_premise

    premise = retired_premise(action, program, args, directory, ctx)
    if premise is not None or program == "poetry":
        return premise
    return _script_premise(action, program, args, directory, ctx)


def _cmake_premise(action: Action, program: str, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    from statewise_cli.recovery.premises_tools import cmake_preset_premise

    return cmake_preset_premise(action, program, args, directory, ctx)


# program → the premise of its project file (a task runner's target, a script, a session, a preset): one
# handler per program, called with (action, program, its arguments, directory, ctx).
_PROJECT_HANDLERS: dict[str, Any] = {
    "make": lambda a, p, w, d, c: _make_premise(a, w, d),
    "gmake": lambda a, p, w, d, c: _make_premise(a, w, d),
    "yarn": _retired_or_script,
    "poetry": _retired_or_script,
    "npm": lambda a, p, w, d, c: _script_premise(a, p, w, d, c),
    "pnpm": lambda a, p, w, d, c: _script_premise(a, p, w, d, c),
    "bun": lambda a, p, w, d, c: _script_premise(a, p, w, d, c),
    "nox": lambda a, p, w, d, c: _nox_premise(a, w, d),
    "just": lambda a, p, w, d, c: _just_premise(a, w, d, c),
    "tox": lambda a, p, w, d, c: _tox_premise(a, w, d, c),
    "task": lambda a, p, w, d, c: _task_premise(a, w, d, c),
    "go-task": lambda a, p, w, d, c: _task_premise(a, w, d, c),
    "poe": lambda a, p, w, d, c: _poe_premise(a, w, d, c),
    "turbo": lambda a, p, w, d, c: _turbo_premise(a, w, d, c),
    "rustup": lambda a, p, w, d, c: _rust_premise(a, p, w, d, c),
    "cargo": lambda a, p, w, d, c: _rust_premise(a, p, w, d, c),
    "cmake": _cmake_premise,
    "ctest": _cmake_premise,
}


# Programs whose handler decides only part of what they assume: the generic premises (version, tool, path
# arguments) are read next when it finds nothing.
_FALLS_THROUGH = frozenset({"poetry", "cmake", "ctest"})


def _project_premise_of(action: Action, ctx: VerifyContext, directory: str) -> Premise | None:
    words = _words(action)
    if not words:
        return None
    program = os.path.basename(words[0])
    handler = _PROJECT_HANDLERS.get(program)
    if handler is not None:
        premise = handler(action, program, words[1:], directory, ctx)
        if premise is not None or program not in _FALLS_THROUGH:
            return premise
    requested = _requested_version(program, words[1:], action)
    if requested is not None:
        premise = _version_premise(action, requested[0], requested[1], ctx)
        if premise is not None:
            return premise
    elif program in ("nvm", "fnm", "n") and words[1:2] and words[1] in ("install", "use", "i"):
        premise = _alias_version_premise(action, words[2:], ctx)
        if premise is not None:
            return premise
    if (program.startswith("python") or program == "py") and words[1:3] == ["-m", "unittest"]:
        return _unittest_premise(action, words[3:], directory, ctx)
    if program in ("python", "python3") and words[1:3] == ["-m", "venv"]:
        premise = _interpreter_premise(action, program, ctx)
        if premise is not None:
            return premise
    if program in ("cp", "mv", "ln", "rsync", "install"):
        operands = [w for w in words[1:] if not w.startswith("-")]
        if len(operands) >= 2 and not any(w in ("-t", "--target-directory") or w.startswith("--target-directory=")
                                          for w in words[1:]):
            return _path_argument_premise(action, [program, *operands[:-1]], directory, ctx)  # the sources
        return None
    if program in _CREATES:
        return None
    return (_tool_premise(action, program, directory, ctx) or _path_argument_premise(action, words, directory, ctx)
            or _module_premise(action, words, directory, ctx))


# Programs whose path operands are mostly outputs: a missing one is what they make.
_CREATES = frozenset({"touch", "mkdir", "cp", "mv", "ln", "tee", "install", "rm", "rmdir", "echo", "printf", "git",
                      "curl", "wget", "tar", "unzip", "zip", "ls", "cat", "chmod", "chown", "truncate", "mktemp",
                      "cd", "export", "true", "false", "test", "[", "sleep"})


_LANG_NAMES = {"python": "python", "python3": "python", "nodejs": "node", "node": "node", "ruby": "ruby",
               "java": "java", "golang": "go", "go": "go"}
# version managers: program → (subcommands that select or install a version for the project or this shell,
# the language when the command does not name one)
_VERSION_MANAGERS: dict[str, tuple[tuple[str, ...], str]] = {
    "nvm": (("use", "install", "exec", "run"), "node"), "fnm": (("use", "install", "exec"), "node"),
    "n": (("install", "use", "run", "exec"), "node"), "nodenv": (("local", "shell", "install"), "node"),
    "pyenv": (("local", "shell", "install", "virtualenv"), "python"),
    "rbenv": (("local", "shell", "install"), "ruby"), "rvm": (("use", "install"), "ruby"),
    "chruby": (("",), "ruby"), "jenv": (("local", "shell"), "java"), "goenv": (("local", "shell", "install"), "go"),
}
_PYTHON_OPTION_TOOLS = {"uv": ("--python", "-p"), "virtualenv": ("--python", "-p"), "pipenv": ("--python",),
                        "pdm": ("--python", "-p"), "hatch": ("--python",), "tox": (), "conda": (), "mamba": ()}


def _version_word(word: str, lang: str) -> str | None:
    """``18`` / ``v18.17`` / ``python3.8`` / ``3.10.4`` / ``ruby-3.1`` → the version; None for an alias (``lts/*``)."""
    from statewise_cli.verifiers.runtime import parse_version

    value = word.strip().lower()
    for prefix in (lang, "python", "nodejs", "node", "ruby-", "ruby", "jdk", "java", "go", "cpython-", "v"):
        if value.startswith(prefix) and value[len(prefix):][:1].isdigit():
            value = value[len(prefix):]
            break
    value = value.lstrip("-@")
    return value if value[:1].isdigit() and parse_version(value) is not None else None


def _requested_version(program: str, args: list[str], action: Action) -> tuple[str, str] | None:
    """(language, version) a version-selecting command asks for: ``nvm install 18``, ``pyenv local 3.8``,
    ``asdf local nodejs 18``, ``mise use node@18``, ``volta install node@18``, ``uv venv --python 3.10``,
    ``poetry env use 3.10``, ``virtualenv -p python3.8``, ``rbenv local 3.1``, ``jenv local 17``,
    ``sdk use java 17.0.2-tem``, ``go mod edit -go=1.20``, ``GOTOOLCHAIN=go1.20 go build``."""
    operands = [a for a in args if not a.startswith("-")]
    if program in _VERSION_MANAGERS:
        subcommands, lang = _VERSION_MANAGERS[program]
        if subcommands == ("",):
            rest = operands
        elif operands[:1] and operands[0] in subcommands:
            rest = operands[1:]
        elif program == "n" and operands:
            rest = operands[:1]  # `n 18`
        else:
            return None
        version = _version_word(rest[0], lang) if rest else None
        return (lang, version) if version else None
    if program in ("asdf", "mise", "rtx", "volta", "proto"):
        if not operands or operands[0] not in ("local", "shell", "install", "use", "set", "pin", "run", "exec", "x"):
            return None
        rest = operands[1:]
        if program == "asdf" and len(rest) >= 2 and rest[0] in _LANG_NAMES:
            version = _version_word(rest[1], _LANG_NAMES[rest[0]])
            return (_LANG_NAMES[rest[0]], version) if version else None
        for word in rest[:3]:
            tool, sep, pinned = word.partition("@")
            if sep and tool in _LANG_NAMES:
                version = _version_word(pinned, _LANG_NAMES[tool])
                return (_LANG_NAMES[tool], version) if version else None
        return None
    if program == "sdk" and operands[:2] in (["use", "java"], ["install", "java"], ["default", "java"]) and len(
            operands) > 2:
        version = _version_word(operands[2], "java")
        return ("java", version) if version else None
    if program in ("poetry", "pdm") and operands[:2] in (["env", "use"], ["use"]) or program == "pdm" and operands[:1] == [
            "use"]:
        word = operands[2] if program == "poetry" and len(operands) > 2 else (operands[1] if len(operands) > 1 else "")
        version = _version_word(word, "python") if word else None
        return ("python", version) if version else None
    if program in _PYTHON_OPTION_TOOLS:
        if program == "uv" and operands[:2] == ["python", "pin"] and len(operands) > 2:
            version = _version_word(operands[2], "python")
            return ("python", version) if version else None
        options = _PYTHON_OPTION_TOOLS[program]
        for i, arg in enumerate(args):
            value: str | None = None
            if arg in options and i + 1 < len(args):
                value = args[i + 1]
            elif any(arg.startswith(o + "=") for o in options if o.startswith("--")) or program in ("conda", "mamba") and arg.startswith("python=") and operands[:1] in (["create"], ["install"]):
                value = arg.split("=", 1)[1]
            if value:
                version = _version_word(value, "python")
                return ("python", version) if version else None
        return None
    if program == "go":
        for arg in args:
            if arg.startswith("-go="):
                version = _version_word(arg[4:], "go")
                return ("go", version) if version else None
        for word in (action.text or "").split():
            if word.startswith("GOTOOLCHAIN=go"):
                version = _version_word(word[len("GOTOOLCHAIN="):].split("+", 1)[0], "go")
                return ("go", version) if version else None
    return None


def _version_premise(action: Action, lang: str, version: str, ctx: VerifyContext) -> Premise | None:
    """A version the command selects or installs that the project's pin files or requirement rule out."""
    key = f"version.{lang}"
    seen = _probe(key, version, ctx)
    if seen is None or seen.agrees is not False or not isinstance(seen.value, str) or seen.scope != "repository":
        return None
    wanted = seen.value.lstrip(">=^~v ")
    text = (action.text or "").strip()
    alternative = f"`{text.replace(version, wanted, 1)}`" if text.count(version) == 1 else f"use {lang} {wanted}"
    return _premise(action, key, version, wanted, seen.verifier, seen.evidence.strip().replace("\n", "; "),
                    alternative, f"the project's {lang.capitalize()} is {version}")


_NODE_ALIASES = ("--lts", "lts/*", "lts", "node", "latest", "stable", "current")


def _alias_version_premise(action: Action, args: list[str], ctx: VerifyContext) -> Premise | None:
    """``nvm install --lts`` / ``nvm use node`` in a project that pins a Node version: the alias picks
    whatever the newest (LTS) release is, not the project's version."""
    alias = next((a for a in args if a in _NODE_ALIASES or a.startswith("--lts=")), None)
    if alias is None:
        return None
    seen = _probe("version.node", "0.0.0", ctx)  # any version: the verifier answers with the project's pin
    if seen is None or seen.agrees is not False or not isinstance(seen.value, str) or seen.scope != "repository":
        return None
    wanted = seen.value.lstrip(">=^~v ").split()[0] if seen.value.strip() else ""
    if not wanted[:1].isdigit():
        return None  # the pin is itself an alias (lts/*): nothing to compare
    major = wanted.split(".", 1)[0].rstrip(",<>=")
    if not major.isdigit():
        return None
    text = (action.text or "").strip()
    alternative = f"`{text.replace(alias, major, 1)}`" if alias in text else f"use Node {major}"
    return _premise(action, "version.node", alias.lstrip("-"), major, seen.verifier,
                    f"{seen.evidence.strip().replace(chr(10), '; ')}; `{alias}` installs whatever the newest "
                    f"{'LTS ' if 'lts' in alias else ''}release is, not the project's Node",
                    alternative, f"the project's Node is the {alias.lstrip('-')} release")


def _interpreter_premise(action: Action, program: str, ctx: VerifyContext) -> Premise | None:
    """``python3 -m venv .venv`` builds the environment with whatever ``python3`` is: is it the project's?"""
    code, out = ctx.run(program, "--version", timeout=2.0)
    version = out.split()[-1] if code == 0 and out.split() else ""
    if not version[:1].isdigit():
        return None
    seen = _probe("version.python", ".".join(version.split(".")[:2]), ctx)
    if seen is None or seen.agrees is not False or not isinstance(seen.value, str):
        return None
    wanted = seen.value.lstrip(">=^~v ")
    text = (action.text or "").strip()
    alternative = f"`{text.replace(program, f'python{wanted}', 1)}`" if program in text else f"use Python {wanted}"
    return _premise(action, "version.python", version, wanted, seen.verifier,
                    f"{program} --version → Python {version}; {seen.evidence.strip()}", alternative,
                    f"{program} (Python {version}) is the project's Python")


def _probe(key: str, value: str, ctx: VerifyContext) -> Any:
    """The first decisive observation of a record ``key = value`` (None when no verifier can tell)."""
    from statewise_cli.store.records import Record, now_ts
    from statewise_cli.verifiers import CannotVerify, for_key

    if isinstance(ctx, _LazyContext):
        ctx = ctx.real()  # the verifiers are registered with the context
    now = now_ts()
    probe = Record(id="premise", key=key, value=value, type=_type_of(key), scope="repository", observed_at=now,
                   stored_at=now, expires_at=None, source="action", authority="agent", status="active",
                   validity="unchecked", verified_at=None, supersedes=None, superseded_by=None, evidence=None)
    for verifier in for_key(key):
        try:
            seen = verifier.verify(probe, ctx)
        except Exception:  # noqa: BLE001, S112 - a broken verifier decides nothing
            continue
        if not isinstance(seen, CannotVerify):
            return seen
    return None


def _premise(action: Action, key: str, assumed: str, verified: Any, verifier: str, evidence: str, alternative: str,
             claim: str, source: str = "", shown: str = "") -> Premise:
    return Premise(action, key, assumed, verified, verifier, evidence, alternative, claim, source, shown)


_MAKE_OPTS_WITH_VALUE = ("-C", "-f", "-I", "-j", "-l", "-o", "-W", "--directory", "--file", "--makefile",
                         "--include-dir", "--jobs", "--load-average", "--old-file", "--what-if")


def _make_targets(text: str) -> dict[str, str] | None:
    """target → the first line of its recipe; None when the makefile includes others (unknowable here)."""
    targets: dict[str, str] = {}
    last: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("include ", "-include ", "sinclude ")):
            return None
        if line.startswith("\t"):
            for name in last:
                targets[name] = targets[name] or stripped.lstrip("@-+ ")
            last = []
            continue
        head, sep, rest = line.partition(":")
        if not sep or rest.startswith("=") or "=" in head or line[:1] in (" ", "#") or "$" in head:
            if stripped and not stripped.startswith("#"):
                last = []
            continue
        last = [name for name in head.split() if name and not name.startswith(".")]
        for name in last:
            targets.setdefault(name, "")
    return targets


def _make_premise(action: Action, args: list[str], directory: str) -> Premise | None:
    goals: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in ("-C", "--directory"):
            return None  # another directory's makefile: not followed here
        if arg in ("-f", "--file", "--makefile") or arg.startswith(("-f", "--file=", "--makefile=")):
            return None
        if arg in _MAKE_OPTS_WITH_VALUE:
            skip = True
            continue
        if arg.startswith("-") or "=" in arg:
            continue
        goals.append(arg)
    if not goals:
        return None
    for name in ("GNUmakefile", "makefile", "Makefile"):
        text = _read(os.path.join(directory, name))
        if text is not None:
            break
    else:
        return None
    targets = _make_targets(text)
    if targets is None or any("%" in t for t in targets):
        return None
    missing = [g for g in goals if g not in targets]
    if not missing:
        return None
    listing = ", ".join(f"`make {t}`" + (f" (runs `{r[:60]}`)" if r else "") for t, r in list(targets.items())[:10])
    return _premise(action, "command.make", missing[0], sorted(targets), "project.makefile",
                    f"{name} has no target `{missing[0]}`; its targets: {listing or 'none'}",
                    f"one of the Makefile's own targets: {listing}" if listing else "",
                    f"the Makefile has a {missing[0]} target", os.path.join(directory, name))


# The package managers' own commands (`pnpm X` / `yarn X` / `bun X` runs a script only when X is not one).
_PM_COMMANDS = frozenset({
    "add", "audit", "bin", "cache", "ci", "config", "create", "dedupe", "deploy", "dlx", "doctor", "env", "exec",
    "explain", "fetch", "help", "i", "import", "info", "init", "install", "install-test", "it", "licenses", "link",
    "list", "ls", "node", "npm", "outdated", "pack", "patch", "patch-commit", "plugin", "prune", "publish", "rebuild",
    "remove", "rm", "root", "run", "search", "server", "set", "setup", "store", "test", "t", "unlink", "up", "update",
    "upgrade", "upgrade-interactive", "version", "versions", "why", "workspace", "workspaces", "x", "global", "start",
    "constraints", "unplug", "stage", "dir", "pm", "repl", "login", "logout", "whoami", "owner",
    "tag", "unpublish", "self-update", "check", "generate-lock-entry", "autoclean", "policies", "restart",
    "stop", "completion", "uninstall", "recursive", "multi", "m", "-r",
})
# Names that are scripts, not a dependency's binary.
_SCRIPT_WORDS = frozenset({"test", "tests", "lint", "build", "dev", "start", "format", "fmt", "check", "typecheck",
                           "type-check", "types", "e2e", "serve", "preview", "deploy", "release", "clean", "ci",
                           "coverage", "docs", "generate", "codegen", "migrate", "seed", "watch", "bundle", "dist",
                           "compile", "verify", "validate", "style", "prettier-check", "unit", "integration", "bench",
                           "prepare", "setup", "bootstrap", "publish", "package", "storybook"})
_SCRIPT_BUILTINS = {"test": "test", "t": "test", "tst": "test", "start": "start", "stop": "stop", "restart": "restart"}


def _upward(directory: str, root: str) -> list[str]:
    """``directory`` and its parents up to the repository root (where a tool looks for its file)."""
    found, current = [directory], directory
    while os.path.normpath(current) != os.path.normpath(root) and os.path.dirname(current) != current:
        current = os.path.dirname(current)
        found.append(current)
    return found


def _package_json(directory: str, root: str) -> tuple[str, dict[str, Any]] | None:
    for current in _upward(directory, root):
        path = os.path.join(current, "package.json")
        text = _read(path)
        if text is not None:
            try:
                data = json.loads(text)
            except ValueError:
                return None
            return (path, data) if isinstance(data, dict) else None
    return None


def _script_premise(action: Action, program: str, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    if any(a.startswith(("-w", "--workspace", "--filter", "-F", "--prefix", "-C", "--dir", "-r", "--recursive",
                         "--cwd", "workspace")) for a in args):
        return None  # another package's scripts
    operands = [a for a in args if not a.startswith("-")]
    if not operands:
        return None
    if operands[0] in ("run", "run-script", "rum", "urn") and len(operands) > 1:
        script = operands[1]
    elif program == "npm" and operands[0] in _SCRIPT_BUILTINS and _SCRIPT_BUILTINS[operands[0]] == "test":
        script = "test"
    elif program in ("pnpm", "yarn") and operands[0] in ("test", "t", "start"):
        script = _SCRIPT_BUILTINS[operands[0]]
    elif program in ("pnpm", "yarn", "bun") and operands[0] not in _PM_COMMANDS and operands[0][:1].isalpha() \
            and "/" not in operands[0] and "." not in operands[0] and not (program == "bun" and operands[0] == "build"):
        script = operands[0]  # `pnpm lint`: a script, or a binary of the project's dependencies
    else:
        return None
    found = _package_json(directory, ctx.root)
    if found is None:
        return None
    path, data = found
    scripts = data.get("scripts")
    if not isinstance(scripts, dict) or script in scripts:
        return None
    if program != "npm" and operands[0] not in ("test", "t", "start"):
        deps = {str(n) for table in ("dependencies", "devDependencies", "optionalDependencies")
                for n in (data.get(table) or {})}
        bins = [os.path.join(base, "node_modules", ".bin") for base in _upward(os.path.dirname(path), ctx.root)]
        if script in deps or any(os.path.exists(os.path.join(b, script)) for b in bins):
            return None  # a binary the package manager runs
        if not any(os.path.isdir(b) for b in bins) and script.split(":", 1)[0] not in _SCRIPT_WORDS:
            return None  # not installed yet: a dependency's binary may have another name than its package (tsc)
    rel = os.path.relpath(path, ctx.root)
    listing = ", ".join(f"`{program} run {name}` (`{str(body)[:50]}`)" for name, body in list(scripts.items())[:10])
    return _premise(action, "command.script", script, sorted(scripts), "project.package-json",
                    f"{rel} has no script `{script}`; its scripts: {listing or 'none'}",
                    f"one of {rel}'s own scripts: {listing}" if listing else "",
                    f"{rel} defines the script {script}", path)


def _named_premise(action: Action, kind: str, missing: str, names: dict[str, str], path: str, render: str,
                   ctx: VerifyContext, noun: str = "") -> Premise:
    """``missing`` is not one of the names ``path`` defines (name → what it runs); ``noun`` names the kind in
    the text when the key's word is not one (``turbo`` → "turbo task")."""
    rel = os.path.relpath(path, ctx.root)
    noun = noun or kind
    listing = ", ".join(f"`{render.format(n)}`" + (f" (runs `{r[:60]}`)" if r else "") for n, r in list(names.items())[:10])
    return _premise(action, f"command.{kind}", missing, sorted(names), f"project.{kind}",
                    f"{rel} defines no {noun} `{missing}`; it defines: {listing or 'none'}",
                    f"one of {rel}'s own: {listing}" if listing else "", f"{rel} defines the {noun} {missing}", path)


def _first_existing(directory: str, root: str, names: tuple[str, ...]) -> tuple[str, str] | None:
    for current in _upward(directory, root):
        for name in names:
            text = _read(os.path.join(current, name))
            if text is not None:
                return os.path.join(current, name), text
    return None


def _just_recipes(text: str) -> dict[str, str] | None:
    """recipe → its first line; None when the justfile imports others (unknowable here)."""
    recipes: dict[str, str] = {}
    last = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if line[:1] in (" ", "\t"):
            if last and not recipes[last]:
                recipes[last] = stripped.lstrip("@-")
            continue
        last = ""
        if stripped.startswith(("import ", "import? ", "mod ", "mod? ", "!include")):
            return None
        if stripped.startswith("alias "):
            name, _, target = stripped[len("alias "):].partition(":=")
            if name.strip():
                recipes[name.strip()] = f"alias of {target.strip()}"
            continue
        if stripped.startswith(("set ", "export ", "[")) or ":=" in stripped:
            continue
        head, sep, _ = stripped.partition(":")
        words = head.lstrip("@").split()
        if sep and words and all(c.isalnum() or c in "-_" for c in words[0]):
            last = words[0]
            recipes.setdefault(last, "")
    return recipes


def _just_premise(action: Action, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    if any(a.startswith(("-f", "--justfile", "-d", "--working-directory", "-l", "--list", "--summary", "--show",
                         "-s", "--choose", "--evaluate", "--dump", "--fmt", "--init", "--edit", "--command", "-c"))
           for a in args):
        return None
    operands = [a for a in args if not a.startswith("-") and "=" not in a]
    if not operands:
        return None
    found = _first_existing(directory, ctx.root, ("justfile", "Justfile", ".justfile", "JUSTFILE"))
    if found is None:
        return None
    path, text = found
    recipes = _just_recipes(text)
    if not recipes or operands[0] in recipes or "/" in operands[0]:
        return None
    return _named_premise(action, "recipe", operands[0], recipes, path, "just {}", ctx)


def _tox_envs(text: str) -> tuple[set[str], list[str]] | None:
    """(every env tox.ini defines, the envlist in order); None when it cannot be read plainly."""
    envs: set[str] = set()
    listed: list[str] = []
    in_tox = False
    collecting = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            section = stripped[1:-1].strip()
            in_tox = section in ("tox", "tox:tox")
            collecting = False
            if section.startswith("testenv:"):
                envs.update(_braces(section[len("testenv:"):]))
            continue
        key, sep, value = line.partition("=")
        if in_tox and sep and key.strip() in ("envlist", "env_list") and not line[:1].isspace():
            collecting = True
            line = value
        elif sep and not line[:1].isspace():
            collecting = False
        if collecting:
            for item in _list_items(line):
                listed += _braces(item)
    if any("{" in e or "$" in e for e in listed):
        return None
    envs.update(listed)
    return envs, listed


def _list_items(line: str) -> list[str]:
    """``py{310,311}, lint`` → ["py{310,311}", "lint"]: commas and spaces outside braces separate."""
    items, word, depth = [], "", 0
    for ch in line.split("#", 1)[0]:
        depth += (ch == "{") - (ch == "}")
        if depth == 0 and (ch == "," or ch.isspace()):
            if word:
                items.append(word)
            word = ""
        else:
            word += ch
    return items + ([word] if word else [])


def _braces(item: str) -> list[str]:
    """``py{310,311}-django`` → py310-django, py311-django (one level, as tox expands it)."""
    start = item.find("{")
    end = item.find("}", start)
    if start < 0 or end < 0:
        return [item]
    return [out for choice in item[start + 1:end].split(",")
            for out in _braces(item[:start] + choice.strip() + item[end + 1:])]


def _tox_premise(action: Action, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    wanted: list[str] = []
    for i, arg in enumerate(args):
        if arg in ("-e", "--env") and i + 1 < len(args):
            wanted += args[i + 1].split(",")
        elif arg.startswith(("-e=", "--env=")):
            wanted += arg.split("=", 1)[1].split(",")
        elif arg.startswith("-e") and len(arg) > 2 and not arg.startswith("--"):
            wanted += arg[2:].split(",")
        elif arg in ("-c", "--conf", "--root") or arg.startswith(("-c=", "--conf=")):
            return None
    path = os.path.join(directory, "tox.ini")
    text = _read(path)
    if not wanted or text is None:
        return None
    parsed = _tox_envs(text)
    if parsed is None or not parsed[0]:
        return None
    envs, listed = parsed
    for name in wanted:
        name = name.strip()
        if not name or name in envs or name in ("ALL", "all") or "$" in name:
            continue
        factors = name.split("-")
        python = [e for e in listed if e[:2] == "py" and e[2:].isdigit()]
        if factors[0][:2] == "py" and factors[0][2:].isdigit() and not python:
            continue  # no Python env listed: tox makes pyXY on demand
        return _named_premise(action, "env", name, {e: "" for e in (listed or sorted(envs))}, path, "tox -e {}",
                              ctx)
    return None


def _task_premise(action: Action, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    if any(a.startswith(("-t", "--taskfile", "-d", "--dir", "-l", "--list", "--init", "-i", "-a", "--list-all"))
           for a in args):
        return None
    operands = [a for a in args if not a.startswith("-") and "=" not in a]
    if not operands or operands[0] == "--":
        return None
    found = _first_existing(directory, ctx.root, ("Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml",
                                                  "Taskfile.dist.yml", "Taskfile.dist.yaml"))
    if found is None:
        return None
    path, text = found
    tasks: dict[str, str] = {}
    indent: int | None = None
    in_tasks = False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        depth = len(line) - len(line.lstrip())
        if depth == 0:
            in_tasks = line.rstrip() == "tasks:"
            if line.startswith("includes:"):
                return None
            continue
        if in_tasks:
            if indent is None:
                indent = depth
            if depth == indent and line.rstrip().endswith(":") or depth == indent and ": " in line:
                name = line.strip().split(":", 1)[0].strip("'\"")
                if name:
                    tasks.setdefault(name, "")
    if not tasks or operands[0] in tasks or "*" in "".join(tasks):
        return None
    return _named_premise(action, "task", operands[0], tasks, path, "task {}", ctx)


# turbo's own subcommands: a bare `turbo X` runs the task X only when X is none of them
_TURBO_COMMANDS = frozenset({"run", "watch", "prune", "login", "logout", "link", "unlink", "daemon", "gen", "generate",
                             "ls", "query", "info", "scan", "telemetry", "bin", "devtools", "completion", "docs",
                             "boundaries", "help"})


def _turbo_premise(action: Action, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    """``turbo run X`` (or ``turbo X``, ``turbo watch X``) for a task turbo.json does not define."""
    operands = [a for a in args if not a.startswith("-")]
    if any(a.startswith(("--cwd", "--root-turbo-json")) for a in args) or not operands:
        return None
    if operands[0] in ("run", "watch"):
        operands = operands[1:]
    elif operands[0] in _TURBO_COMMANDS:
        return None
    if not operands:
        return None
    from statewise_cli.recovery.premises_runners import turbo_tasks

    found = _first_existing(directory, ctx.root, ("turbo.json", "turbo.jsonc"))
    tasks = turbo_tasks(found[1]) if found is not None else None
    if not tasks or found is None:
        return None
    missing = next((t for t in operands if t.split("#")[-1] not in tasks), None)
    if missing is None or "#" in missing:
        return None
    return _named_premise(action, "turbo", missing, tasks, found[0], "turbo run {}", ctx, "turbo task")


def _poe_premise(action: Action, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    operands = [a for a in args if not a.startswith("-")]
    if not operands or any(a in ("-C", "--directory", "--root", "--executor") for a in args):
        return None
    found = _first_existing(directory, ctx.root, ("pyproject.toml",))
    if found is None:
        return None
    path, text = found
    if "[tool.poe" not in text:
        return None
    try:
        import tomllib

        data = tomllib.loads(text)
    except ValueError:
        return None
    poe = data.get("tool", {}).get("poe", {})
    tasks = poe.get("tasks") if isinstance(poe, dict) else None
    if not isinstance(tasks, dict) or poe.get("include") or operands[0] in tasks:
        return None
    return _named_premise(action, "task", operands[0], {str(k): "" for k in tasks}, path, "poe {}", ctx)


def _nox_sessions(text: str) -> list[str]:
    sessions: list[str] = []
    pending: str | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(("@nox.session", "@session")):
            pending = ""
            if "name=" in stripped:
                quoted = stripped.split("name=", 1)[1].lstrip()
                if quoted[:1] in ("'", '"'):
                    pending = quoted[1:].split(quoted[0], 1)[0]
            continue
        if pending is not None and stripped.startswith("def "):
            sessions.append(pending or stripped[4:].split("(", 1)[0].strip())
            pending = None
    return sessions


def _nox_premise(action: Action, args: list[str], directory: str) -> Premise | None:
    wanted: list[str] = []
    take = False
    for arg in args:
        if take:
            wanted.append(arg)
            take = False
            continue
        if arg in ("-s", "--session", "--sessions", "-e"):
            take = True
        elif arg.startswith(("--session=", "--sessions=")):
            wanted.append(arg.split("=", 1)[1])
        elif arg in ("-f", "--noxfile") or arg.startswith(("-k", "-t", "--tags", "--noxfile=")):
            return None
    text = _read(os.path.join(directory, "noxfile.py"))
    if not wanted or text is None or "parametrize" in text:
        return None
    sessions = _nox_sessions(text)
    if not sessions:
        return None
    missing = [w for w in wanted if w not in sessions and w.split("-", 1)[0] not in sessions]
    if not missing:
        return None
    listing = ", ".join(f"`nox -s {s}`" for s in sessions[:10])
    return _premise(action, "command.nox", missing[0], sessions, "project.noxfile",
                    f"noxfile.py defines no session `{missing[0]}`; its sessions: {listing}",
                    f"one of noxfile.py's sessions: {listing}", f"noxfile.py has a session {missing[0]}",
                    os.path.join(directory, "noxfile.py"))


def _test_files(directory: str, limit: int = 400) -> list[str]:
    found: list[str] = []
    for base, dirs, files in os.walk(directory):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("node_modules", "venv", "build", "dist",
                                                                         "site-packages", "__pycache__")]
        for name in files:
            if name.endswith(".py") and (name.startswith("test") or name.endswith("_test.py")):
                found.append(os.path.join(base, name))
                if len(found) >= limit:
                    return found
    return found


def _unittest_premise(action: Action, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    if args and args[0] != "discover" and not all(a.startswith("-") for a in args):
        return None  # named modules or test cases: the agent says what to run
    files = _test_files(directory)
    if not files:
        return None
    texts = [t for t in (_read(f, 200_000) for f in files) if t is not None]
    if any("TestCase" in t or "unittest" in t for t in texts):
        return None
    functions = sum(t.count("\ndef test") + t.startswith("def test") for t in texts)
    if not functions:
        return None
    pytest_configured = any(os.path.exists(os.path.join(directory, n)) for n in ("pytest.ini", "conftest.py")) or \
        "[tool.pytest" in (_read(os.path.join(directory, "pyproject.toml")) or "") or \
        "[tool:pytest]" in (_read(os.path.join(directory, "setup.cfg")) or "") or \
        "[pytest]" in (_read(os.path.join(directory, "tox.ini")) or "")
    if not pytest_configured:
        return None  # plain test functions alone do not say which runner the project uses: too weak to stop a test run
    command = "python -m pytest"
    evidence = (f"{len(texts)} test file(s), {functions} plain `def test_…` function(s) and no unittest.TestCase "
                f"class: unittest would run 0 tests; pytest is configured")
    return _premise(action, "command.test", (action.target or "").strip(), command, "project.test-files", evidence,
                    f"run the tests with pytest: `{command}`", "the tests are unittest.TestCase classes")


def _rust_toolchain(directory: str, root: str) -> tuple[str, str] | None:
    for current in _upward(directory, root):
        for name in ("rust-toolchain.toml", "rust-toolchain"):
            text = _read(os.path.join(current, name))
            if text is None:
                continue
            for line in text.splitlines():
                key, sep, value = line.partition("=")
                if sep and key.strip() == "channel":
                    return value.strip().strip("'\""), os.path.relpath(os.path.join(current, name), root)
            if name == "rust-toolchain" and text.strip() and "[" not in text:
                return text.strip().splitlines()[0].strip(), os.path.relpath(os.path.join(current, name), root)
    return None


def _rust_premise(action: Action, program: str, args: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    if program == "cargo":
        wanted = args[0][1:] if args and args[0].startswith("+") else None
    elif args[:2] in (["toolchain", "install"], ["install"]) or args[:1] == ["default"] or args[:2] == ["override", "set"]:
        rest = [a for a in args[1:] if not a.startswith("-") and a not in ("install", "set")]
        wanted = rest[0] if rest else None
    else:
        wanted = None
    if not wanted or not (wanted[:1].isdigit() or wanted.split("-", 1)[0] == "stable"):
        return None  # nightly / beta: often a deliberate second toolchain (miri, fmt, fuzzing)
    pinned = _rust_toolchain(directory, ctx.root)
    if pinned is None:
        return None
    channel, where = pinned
    if not wanted[:1].isdigit() and not channel[:1].isdigit():
        return None  # stable against a named channel: nothing to compare
    # `stable` is whatever the latest release is; a numeric pin says the project builds with that one.
    if wanted == channel or wanted.startswith(channel + ".") or channel.startswith(wanted + "."):
        return None
    text = (action.text or "").strip()
    alternative = f"`{text.replace(wanted, channel)}`" if text.count(wanted) == 1 else f"use Rust `{channel}`"
    return _premise(action, "version.rust", wanted, channel, "project.rust-toolchain",
                    f"{where} pins channel {channel}", alternative, f"the project builds with Rust {wanted}")


# A tool the command needs is not installed, and the project is set up for another one with the same role.
_REPLACEMENTS: dict[str, tuple[tuple[str, str, str], ...]] = {
    # program: ((alternative command, a file that shows the project uses it, what to look for in it), ...)
    "black": (("ruff format", "pyproject.toml", "[tool.ruff"), ("ruff format", "ruff.toml", ""),
              ("ruff format", ".ruff.toml", "")),
    "isort": (("ruff check --select I --fix", "pyproject.toml", "[tool.ruff"), ("ruff check --select I --fix", "ruff.toml", "")),
    "flake8": (("ruff check", "pyproject.toml", "[tool.ruff"), ("ruff check", "ruff.toml", "")),
    "protoc": (("buf generate", "buf.gen.yaml", ""), ("buf build", "buf.yaml", "")),
    "docker": (("podman", "", ""),),
    "docker-compose": (("podman-compose", "", ""), ("docker compose", "", "")),
}

# Tools of one role: a project that configures one of them and mentions another nowhere has replaced it.
# tool → (role, the command that does the tool's job, files whose existence shows the project uses the tool,
#         (file, text) pairs that show it).
_ROLE_TOOLS: dict[str, tuple[str, str, tuple[str, ...], tuple[tuple[str, str], ...]]] = {
    "black": ("python formatter", "black", (), (("pyproject.toml", "[tool.black"),)),
    "autopep8": ("python formatter", "autopep8", (), (("pyproject.toml", "[tool.autopep8"),)),
    "yapf": ("python formatter", "yapf", (".style.yapf",), (("pyproject.toml", "[tool.yapf"),)),
    "ruff-format": ("python formatter", "ruff format", (), (("pyproject.toml", "[tool.ruff.format"),
                                                           (".pre-commit-config.yaml", "ruff-format"),
                                                           ("ruff.toml", "[format"), (".ruff.toml", "[format"))),
    "flake8": ("python linter", "flake8", (".flake8",), (("setup.cfg", "[flake8"), ("tox.ini", "[flake8"))),
    "pylint": ("python linter", "pylint", (".pylintrc", "pylintrc"), (("pyproject.toml", "[tool.pylint"),)),
    "isort": ("python import sorter", "isort", (".isort.cfg",), (("pyproject.toml", "[tool.isort"),
                                                                  ("setup.cfg", "[isort"))),
    "ruff": ("python linter", "ruff check", ("ruff.toml", ".ruff.toml"), (("pyproject.toml", "[tool.ruff"),)),
    "mypy": ("python type checker", "mypy", ("mypy.ini", ".mypy.ini"), (("pyproject.toml", "[tool.mypy"),
                                                                         ("setup.cfg", "[mypy"))),
    "pyright": ("python type checker", "pyright", ("pyrightconfig.json",), (("pyproject.toml", "[tool.pyright"),)),
    "basedpyright": ("python type checker", "basedpyright", (), (("pyproject.toml", "[tool.basedpyright"),)),
    "jest": ("JavaScript test runner", "npx jest", ("jest.config.js", "jest.config.ts", "jest.config.mjs",
                                                     "jest.config.cjs", "jest.config.json"),
             (("package.json", '"jest"'),)),
    "vitest": ("JavaScript test runner", "npx vitest run", ("vitest.config.ts", "vitest.config.js", "vitest.config.mts",
                                                             "vitest.config.mjs", "vitest.workspace.ts"),
               (("package.json", '"vitest"'),)),
    "mocha": ("JavaScript test runner", "npx mocha", (".mocharc.json", ".mocharc.yml", ".mocharc.js", ".mocharc.cjs"),
              (("package.json", '"mocha"'),)),
    "eslint": ("JavaScript linter", "npx eslint .", ("eslint.config.js", "eslint.config.mjs", "eslint.config.cjs",
                                                      "eslint.config.ts", ".eslintrc", ".eslintrc.js", ".eslintrc.cjs",
                                                      ".eslintrc.json", ".eslintrc.yml", ".eslintrc.yaml"),
               (("package.json", '"eslint"'),)),
    "prettier": ("JavaScript formatter", "npx prettier --write .", (".prettierrc", ".prettierrc.json", ".prettierrc.js",
                                                                     ".prettierrc.yml", ".prettierrc.yaml",
                                                                     "prettier.config.js", "prettier.config.mjs",
                                                                     ".prettierrc.cjs", ".prettierrc.mjs"),
                 (("package.json", '"prettier"'),)),
    "biome": ("JavaScript linter and formatter", "npx @biomejs/biome check .", ("biome.json", "biome.jsonc"),
              (("package.json", '"@biomejs/biome"'),)),
    "protoc": ("protobuf compiler", "protoc", (), ()),
    "buf": ("protobuf compiler", "buf generate", ("buf.yaml", "buf.gen.yaml", "buf.work.yaml"), ()),
    "nosetests": ("python test runner", "nosetests", (".noserc",), (("setup.cfg", "[nosetests"),)),
    "pytest": ("python test runner", "python -m pytest", ("pytest.ini", "conftest.py"),
               (("pyproject.toml", "[tool.pytest"), ("setup.cfg", "[tool:pytest"), ("tox.ini", "[pytest"))),
}
# Roles where the whole family shares a tool: biome lints and formats, ruff lints and sorts imports.
_SHARED_ROLES = {"JavaScript linter": ("biome",), "JavaScript formatter": ("biome",),
                 "python import sorter": ("ruff",), "python linter": ("ruff",), "python formatter": ("ruff",)}
# Files where a project names the tools it runs (configs, task runners, CI, dependency lists).
_MENTION_FILES = ("pyproject.toml", "setup.cfg", "tox.ini", "noxfile.py", ".pre-commit-config.yaml", "Makefile",
                  "makefile", "GNUmakefile", "justfile", "Justfile", "package.json", "requirements-dev.txt",
                  "requirements_dev.txt", "dev-requirements.txt", "requirements.txt", "requirements/dev.txt",
                  "Taskfile.yml", "setup.py", "Pipfile", "environment.yml", ".gitlab-ci.yml", "lefthook.yml",
                  ".husky/pre-commit", "turbo.json")
_SUBCOMMANDS = {"ruff": ("check", "format"), "biome": ("check", "format", "lint", "ci"), "vitest": ("run", "watch"),
                "buf": ("generate", "build", "lint")}
_WRAPPERS = {"npx": 1, "pnpx": 1, "bunx": 1, "uvx": 1, "pipx": 2}


def _invoked_tool(words: list[str]) -> str | None:
    """The tool a command line runs through its launchers: ``npx jest`` → jest, ``python -m mypy`` → mypy,
    ``uv run black .`` → black, ``pnpm exec eslint`` → eslint."""
    while words:
        program = os.path.basename(words[0])
        if program in _WRAPPERS:
            rest = [w for w in words[1:] if not w.startswith("-")]
            if program == "pipx" and rest[:1] == ["run"]:
                rest = rest[1:]
            words = rest
            continue
        if program in ("uv", "poetry", "pdm", "pipenv", "hatch", "rye") and words[1:2] == ["run"]:
            words = [w for w in words[2:] if not w.startswith("-")]
            continue
        if program in ("pnpm", "yarn", "bun", "npm") and words[1:2] in (["exec"], ["dlx"], ["x"]):
            words = [w for w in words[2:] if not w.startswith("-")]
            continue
        if (program.startswith("python") or program == "py") and words[1:2] == ["-m"] and len(words) > 2:
            return words[2]
        return program.split("@", 1)[0]
    return None


def _mentions(directory: str, root: str) -> str:
    """The text of the files where this project names its tools (lowercase), and its CI workflows."""
    parts: list[str] = []
    for base in dict.fromkeys((directory, root)):
        for name in _MENTION_FILES:
            text = _read(os.path.join(base, name), 200_000)
            if text is not None:
                parts.append(text)
    workflows = os.path.join(root, ".github", "workflows")
    try:
        names = sorted(os.listdir(workflows))[:20]
    except OSError:
        names = []
    for name in names:
        text = _read(os.path.join(workflows, name), 100_000)
        if text is not None:
            parts.append(text)
    return "\n".join(parts).lower()


def _word_in(word: str, text: str) -> bool:
    at = text.find(word)
    while at >= 0:
        before = text[at - 1] if at else " "
        after = text[at + len(word)] if at + len(word) < len(text) else " "
        if not (before.isalnum() or before in "_-/@.") and not (after.isalnum() or after in "_-"):
            return True
        at = text.find(word, at + 1)
    return False


def _configured(tool: str, directory: str, root: str, mentions: str) -> str | None:
    """How the project shows it uses ``tool`` (a config file, a section, its name where tools are named)."""
    _, _, files, sections = _ROLE_TOOLS[tool]
    for base in dict.fromkeys((directory, root)):
        for name in files:
            if os.path.exists(os.path.join(base, name)):
                return f"{os.path.relpath(os.path.join(base, name), root)} exists"
        for name, needle in sections:
            text = _read(os.path.join(base, name), 500_000)
            if text is not None and needle in text:
                return f"{os.path.relpath(os.path.join(base, name), root)} has {needle.strip(chr(34))}"
    name = "ruff format" if tool == "ruff-format" else tool
    if tool == "ruff-format":
        if "ruff format" in mentions or "ruff-format" in mentions:
            return "the project runs `ruff format`"
        return _configured("ruff", directory, root, mentions)  # ruff's own configuration formats too
    if _word_in(name, mentions):
        return f"the project's configuration names {name}"
    return None


def _replaced_tool(action: Action, words: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    """A tool the project mentions nowhere while it configures another one of the same role
    (black in a project that formats with ruff, jest in a vitest project, mypy in a pyright project)."""
    tool = _invoked_tool(words)
    if tool == "ruff" and "format" in words[words.index("ruff") + 1:words.index("ruff") + 2] if "ruff" in words else False:
        tool = "ruff-format"
    if tool not in _ROLE_TOOLS or tool == "pytest":
        return None
    role = _ROLE_TOOLS[tool][0]
    mentions = _mentions(directory, ctx.root)
    if _configured(tool, directory, ctx.root, mentions) is not None:
        return None
    rivals = [t for t, spec in _ROLE_TOOLS.items() if t != tool and spec[0] == role] + [
        t for t in _SHARED_ROLES.get(role, ()) if t != tool.split("-", 1)[0]]
    for rival in rivals:
        why = _configured(rival, directory, ctx.root, mentions)
        if why is None:
            continue
        command = _ROLE_TOOLS[rival][1]
        if rival == "ruff" and role == "python import sorter":
            command = "ruff check --select I --fix"
        elif rival == "ruff" and role == "python formatter":
            command = "ruff format"
        text = (action.text or "").strip()
        name = "ruff" if tool == "ruff-format" else tool
        rest = words[words.index(name) + 1 + (tool == "ruff-format"):] if name in words else []
        if rest and rest[0] in _SUBCOMMANDS.get(name, ()):
            rest = rest[1:]
        if rival == "biome":  # fixes asked for (`eslint --fix`, `prettier --write`) are written by biome too
            fixing = ("formatter" in role and "linter" not in role) or any(w in ("--fix", "--write", "-w") for w in rest)
            command = "npx @biomejs/biome " + ("format" if "formatter" in role and "linter" not in role else "check") + (
                " --write ." if fixing else " .")
            if _installed("biome", directory, ctx):
                command = command.replace("npx @biomejs/biome ", "biome ", 1)  # its own executable is on PATH
        kept = [] if role == "protobuf compiler" else [
            w for w in rest if not w.startswith("-") or (w in ("--check", "--diff") and "formatter" in role)]
        if any(not w.startswith("-") for w in kept) and command.endswith(" ."):
            command = command[:-2]  # the action's own operands replace the default one (no `check . .`)
        rewritten = " ".join([command, *kept])
        return _premise(action, "tool." + tool, tool, command, "project.tools",
                        f"the project configures {rival if rival != 'ruff-format' else 'ruff format'} as its {role} "
                        f"({why}) and names {tool} nowhere (configs, task runners, dependencies, CI)",
                        f"`{rewritten}`" if text else f"use `{command}`", f"{tool} is this project's {role}")
    return None


def _installed(program: str, directory: str, ctx: VerifyContext) -> bool:
    from statewise_cli.recovery.installed import installed

    return installed(program, ctx, directory)


def _tool_premise(action: Action, program: str, directory: str, ctx: VerifyContext) -> Premise | None:
    premise = _replaced_tool(action, _words(action), directory, ctx)
    if premise is not None:
        return premise
    options = _REPLACEMENTS.get(program)
    if not options or _installed(program, directory, ctx):
        return None
    for alternative, marker, needle in options:
        tool = alternative.split()[0]
        if tool == program or not _installed(tool, directory, ctx):
            continue
        if marker:
            text = _read(os.path.join(directory, marker)) or _read(os.path.join(ctx.root, marker))
            if text is None or (needle and needle not in text):
                continue
            why = f"{marker} configures {tool}" if needle else f"{marker} exists"
        else:
            why = f"{tool} is installed"
        words = _words(action)
        rewritten = " ".join([alternative, *words[1:]]) if words else alternative
        return _premise(action, "tool." + program, program, alternative, "project.tools",
                        f"{program} is not installed here (not on PATH nor in the project's bin directories); {why}",
                        f"`{rewritten}`", f"{program} is this project's tool")
    return None


RENAME_HISTORY = 300  # commits searched for renames
RENAMES_CACHE = "renames.json"


def _renames(ctx: VerifyContext) -> list[tuple[str, str, str]]:
    """(old, new, commit) for the renames of the last RENAME_HISTORY commits, newest first; cached
    beside the store per HEAD, so only the first call after a commit pays for ``git log``."""
    head, cache, cached = head_cached(ctx, RENAMES_CACHE, "renames")
    if cached is not None:
        try:
            return [(str(a), str(b), str(c)) for a, b, c in cached]
        except (ValueError, TypeError):
            pass
    code, out = ctx.git("log", f"-n{RENAME_HISTORY}", "--format=%h %s", "--name-status", "-M", "--diff-filter=R")
    if code != 0:
        return []
    found: list[tuple[str, str, str]] = []
    commit = ""
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) == 1:
            commit = line.strip() or commit
        elif len(parts) == 3 and parts[0].startswith("R"):
            found.append((parts[1], parts[2], commit))
    save_cache(cache, {"head": head, "renames": found})
    return found


def _task_of(store: Any) -> str:
    """The task the user gave (the latest prompt the hook saw), "" when none."""
    from statewise_cli.recovery.premises_downstream import last_prompt

    return last_prompt(store)


def head_cached(ctx: Any, name: str, field: str) -> tuple[str, str, Any]:
    """(HEAD, the path of the per-HEAD cache file ``name`` beside the store, the value it keeps under ``field`` when
    it was written at this HEAD — else None: the caller computes it and writes it with :func:`save_cache`)."""
    head = _head_commit(ctx.repo) or ctx.head()
    cache = os.path.join(ctx.repo.store_dir, name)
    text = _read(cache)
    if text:
        try:
            data = json.loads(text)
            if data.get("head") == head:
                return head, cache, data.get(field)
        except (ValueError, AttributeError):
            pass
    return head, cache, None


def save_cache(cache: str, data: dict[str, Any]) -> None:
    """Write a per-HEAD cache file whole (a temp file renamed over it); a cache that cannot be
    written is only recomputed next time."""
    try:
        os.makedirs(os.path.dirname(cache), exist_ok=True)
        tmp = f"{cache}.{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(data))
        os.replace(tmp, cache)
    except OSError:
        pass


def inside_root(path: str, root: str) -> str | None:
    """``path`` relative to the repository root ``root`` (symlinks of its nearest existing
    ancestor resolved): ``.`` for the root itself, None when it lies outside."""
    real_root = os.path.realpath(root)
    nearest = path
    while nearest and nearest != os.path.dirname(nearest) and not os.path.exists(nearest):
        nearest = os.path.dirname(nearest)
    real = os.path.realpath(nearest) + path[len(nearest):]
    if real != real_root and not real.startswith(real_root + os.sep):
        return None
    return os.path.relpath(real, real_root)


def _head_commit(repo: Any) -> str | None:
    """HEAD's commit read from the git files (no subprocess); None when it takes git to know."""
    head = (_read(os.path.join(repo.git_dir, "HEAD"), 4096) or "").strip()
    if not head.startswith("ref: "):
        return head or None
    ref = head[5:].strip()
    value = (_read(os.path.join(repo.common_dir, ref), 4096) or "").strip()
    if value:
        return value
    for line in (_read(os.path.join(repo.common_dir, "packed-refs")) or "").splitlines():
        sha, _, name = line.partition(" ")
        if name.strip() == ref:
            return sha
    return None


def _moved_dirs(old: str, new: str) -> tuple[str, str]:
    """The directories a rename moved: ``tests/fixtures/a.json → tests/data/a.json`` moved
    ``tests/fixtures`` to ``tests/data`` (("", "") when only the file's name changed)."""
    a, b = old.split("/"), new.split("/")
    while len(a) > 1 and len(b) > 1 and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    if len(a) == len(old.split("/")):
        return "", ""  # the file's own name changed: not a directory move
    return "/".join(a), "/".join(b)


def _moved_to(rel: str, ctx: VerifyContext, *, new_file: bool = False) -> tuple[str, str, str, str] | None:
    """Where the repository's history moved ``rel`` (a file, or a file in a moved directory). With
    ``new_file``, a path that never existed in a directory git history moved as a whole (the old
    directory is gone, the new one is there): it belongs in the new directory."""
    renames = _renames(ctx)
    for old, new, commit in renames:
        if old == rel or rel.startswith(old.rstrip("/") + "/"):
            now = new if rel == old else new + rel[len(old):]
            if os.path.exists(os.path.join(ctx.root, now)):
                return old, new, commit, now
    if not new_file:
        return None
    # the directory a rename moved as a unit — the deepest one whose name the move kept, or whose parent's
    # path changed (``public/locales/en/a.json → src/i18n/locales/en/a.json`` moved ``public/locales`` to
    # ``src/i18n/locales``; ``tests/fixtures/a.json → tests/data/a.json`` moved ``tests/fixtures``) — when it
    # holds no file any more, its files all went to one place, and the new one is there
    places: dict[str, set[tuple[str, str]]] = {}
    for old, new, commit in renames:
        old_unit, new_unit = _moved_units(old, new)
        if old_unit and rel.startswith(old_unit + "/"):
            places.setdefault(old_unit, set()).add((new_unit, commit))
        # a move that also renamed the file (``alerts/a.yml → rules/a.rules.yml``) moved its directory too: the
        # most specific place its siblings went
        old_dir, new_dir = os.path.dirname(old), os.path.dirname(new)
        if not old_unit and old_dir and new_dir and old_dir != new_dir and os.path.basename(old) != os.path.basename(new) \
                and rel.startswith(old_dir + "/"):
            places.setdefault(old_dir, set()).add((new_dir, commit))
    for old_unit in sorted(places, key=len, reverse=True):
        targets = {place for place, _ in places[old_unit]}
        if len(targets) != 1 or _has_entries(os.path.join(ctx.root, old_unit)):
            continue
        new_unit = next(iter(targets))
        if os.path.isdir(os.path.join(ctx.root, new_unit)):
            commit = min(c for _, c in places[old_unit])
            return old_unit, new_unit, commit, new_unit + rel[len(old_unit):]
    return None


# What a directory of a conventional name holds, said in the evidence of its move so the reader knows which
# files went (``public/locales`` → "translation catalogs").
_DIR_ROLES = {"locales": "translation catalogs", "locale": "translation catalogs", "i18n": "translation catalogs",
              "l10n": "translation catalogs", "translations": "translation catalogs", "lang": "translation catalogs",
              "messages": "translation catalogs", "migrations": "database migrations", "seeds": "database seeds",
              "fixtures": "test fixtures", "e2e": "end-to-end tests", "snapshots": "test snapshots",
              "__snapshots__": "test snapshots", "charts": "Helm charts", "queries": "SQL queries",
              "proto": "protobuf definitions", "protos": "protobuf definitions", "workflows": "CI workflows",
              "docs": "documentation", "schemas": "schemas", "templates": "templates", "assets": "static assets",
              "static": "static assets", "stories": "UI stories", "scripts": "scripts"}


# What a directory is, by the file a tool keeps at its top (``deploy/k8s/overlays/production`` holds a
# kustomization.yaml: a kustomize overlay).
_MARKER_ROLES = (("kustomization.yaml", "kustomize overlay"), ("kustomization.yml", "kustomize overlay"),
                 ("Kustomization", "kustomize overlay"), ("Chart.yaml", "Helm chart"),
                 ("dbt_project.yml", "dbt project"), ("schema.prisma", "Prisma schema"),
                 ("Fastfile", "fastlane setup"), ("ansible.cfg", "Ansible setup"),
                 ("meta/main.yml", "Ansible role"), ("tasks/main.yml", "Ansible role"),
                 ("buf.yaml", "protobuf module"), ("Cargo.toml", "Rust crate"), ("go.mod", "Go module"),
                 ("package.json", "JavaScript package"), ("pyproject.toml", "Python project"),
                 ("main.tf", "Terraform module"), ("docker-compose.yml", "compose project"),
                 ("compose.yaml", "compose project"), ("Dockerfile", "container image build"))


def _dir_role(path: str, root: str = "") -> str:
    """What the directory holds, by its conventional name (its own, else its parent's), else (with ``root``)
    by the file a tool keeps at its top."""
    parts = [p.lower() for p in path.split("/") if p]
    named = next((_DIR_ROLES[p] for p in reversed(parts[-2:]) if p in _DIR_ROLES), "")
    if named or not root:
        return named
    return next((role for marker, role in _MARKER_ROLES if os.path.isfile(os.path.join(root, path, marker))), "")


def _moved_units(old: str, new: str) -> tuple[str, str]:
    """The directories a rename moved as a unit: the first directory of the path they share at the end
    (``public/locales`` → ``src/i18n/locales`` for ``…/locales/en/a.json``), else the files' own directories
    (``tests/fixtures`` → ``tests/data``); ("", "") when only the file's name changed."""
    a, b = old.split("/"), new.split("/")
    shared = 0
    while shared < min(len(a), len(b)) - 1 and a[-1 - shared] == b[-1 - shared]:
        shared += 1
    if shared == 0 or len(a) < 2 or len(b) < 2:
        return "", ""
    keep = max(shared - 2, 0)  # directories the move kept below the moved one
    old_unit, new_unit = "/".join(a[: len(a) - 1 - keep]), "/".join(b[: len(b) - 1 - keep])
    return (old_unit, new_unit) if old_unit != new_unit else ("", "")


def _has_entries(path: str) -> bool:
    """Whether the directory holds a file (empty directories, what `git mv` leaves behind, do not count)."""
    try:
        for _, _, files in os.walk(path):
            if files:
                return True
        return False
    except OSError:
        return os.path.exists(path)


def _same_name(rel: str, ctx: VerifyContext) -> tuple[str, str] | None:
    """The one tracked file named like ``rel`` elsewhere, and where git history says it came from."""
    base = os.path.basename(rel)
    if not base or base.startswith("-"):
        return None
    code, out = ctx.git("ls-files", "--", base, f"*/{base}")
    found = [p for p in out.splitlines() if p and os.path.basename(p) == base] if code == 0 else []
    layered = ""
    if len(found) > 1:
        from statewise_cli.recovery.premises_resources import base_layer

        others, found = found, base_layer(found)
        if len(found) == 1:
            layered = "the base layer; " + ", ".join(p for p in others if p != found[0]) + " override it"
    if len(found) != 1:
        return None
    origin = next((f"{old} → {new} ({commit})" for old, new, commit in _renames(ctx) if new == found[0]), "")
    return found[0], "; ".join(p for p in (layered, origin) if p)


def _moved_premise(action: Action, ctx: VerifyContext, cwd: str) -> Premise | None:
    """An edit of a file that is not there, or a new file in a directory that is not there, at a path
    the repository's history renamed: the file lives somewhere else now. An edit of a file that is
    not there and never moved, while the repository tracks exactly one file of that name: that one."""
    target = str(action.target)
    full = os.path.normpath(target if os.path.isabs(target) else os.path.join(cwd, action.cwd, target))
    if "$" in full or os.path.exists(full):
        return None
    if action.operation != "edit" and _has_entries(os.path.dirname(full)):
        return None  # an ordinary new file (an empty directory is what `git mv` leaves behind)
    root = os.path.realpath(ctx.root)
    nearest = os.path.dirname(full)
    while nearest and nearest != os.path.dirname(nearest) and not os.path.exists(nearest):
        nearest = os.path.dirname(nearest)
    real = os.path.realpath(nearest) + full[len(nearest):]
    if not real.startswith(root + os.sep):
        return None
    rel = os.path.relpath(real, root)
    moved = _moved_to(rel, ctx, new_file=action.operation != "edit")
    if moved is None:
        if action.operation != "edit":
            return None
        same = _same_name(rel, ctx)
        if same is None:
            from statewise_cli.recovery.premises_readers import reader_moved_premise
            from statewise_cli.recovery.premises_replaced import replaced_file_premise

            return replaced_file_premise(action, rel, ctx) or reader_moved_premise(action, ctx, rel)
        now, origin = same
        return _premise(action, f"path.{os.path.basename(rel)}", rel, now, "git.files",
                        f"{rel} does not exist; the repository tracks one file named {os.path.basename(rel)}: {now}"
                        + (f" (git history: {origin})" if origin and not origin.startswith("the base layer") else "")
                        if not origin.startswith("the base layer") else
                        f"{rel} does not exist; of the files named {os.path.basename(rel)}, {now} is {origin}",
                        f"edit `{now}`", f"{rel} is where the file lives")
    old, new, commit, now = moved
    if os.path.exists(os.path.join(ctx.root, now)) and action.operation == "edit":
        holder = _holder_of_edit(action, ctx, commit, now)
        if holder is not None:
            return _premise(action, f"path.{os.path.basename(rel)}", rel, holder, "git.renames",
                            f"git history: {old} → {new} ({commit}), and the same commit put the lines the edit "
                            f"changes in {holder}, not in {now}; {rel} does not exist",
                            f"edit `{holder}`, where those lines live now", f"{rel} is where the file lives")
        from statewise_cli.recovery.premises_workspace import period_file

        dated = period_file(action, ctx.root, now)
        if dated is not None:
            return _premise(action, f"path.{os.path.basename(rel)}", rel, dated, "git.renames",
                            f"git history: {old} → {new} ({commit}), one of the files per period that commit split "
                            f"{rel} into; the entries the edit adds are dated in the period of {dated}; {rel} does "
                            f"not exist",
                            f"edit `{dated}`, the file of the entries' period", f"{rel} is where the file lives")
    if os.path.exists(os.path.join(ctx.root, now)):
        unit = _whole_directory_move(rel, now, old, new, ctx)
        if unit is not None:
            # The file went with its directory: the directory leads (what an action on its other files
            # needs too), the file's own new path follows the old one.
            old_unit, new_unit = unit
            held = _dir_role(old_unit) or _dir_role(new_unit, ctx.root)
            # a file that sat right in it: its own new path is what is true now
            was, is_now = (rel, now) if os.path.dirname(rel) == old_unit else (old_unit, new_unit)
            if was == rel and sum(1 for o, _n, c in _renames(ctx) if c == commit and o.startswith(old_unit + "/")) == 1:
                # the directory held this one file: its move is the file's move, said file first
                return _premise(action, f"path.{os.path.basename(rel)}", rel, now, "git.renames",
                                f"git history moved {rel} → {now} ({commit}), the one file of {old_unit}, which "
                                f"moved with it to {new_unit}{f', the {held}' if held else ''}; {rel} does not "
                                f"exist, {now} does",
                                f"edit `{now}`, where it lives now", f"{rel} is where the file lives")
            return _premise(action, f"path.{os.path.basename(was)}", was, is_now, "git.renames",
                            f"git history moved the directory {old_unit} → {new_unit} ({commit})"
                            f"{f', the {held}' if held else ''}; {old_unit} holds no file any more, {now} exists",
                            f"edit `{now}`, where it lives now",
                            f"{rel}, now at {now}, in the directory {old_unit}, which moved as a whole")
        return _premise(action, f"path.{os.path.basename(rel)}", rel, now, "git.renames",
                        f"git history: {old} → {new} ({commit}); {rel} does not exist, {now} does",
                        f"edit `{now}`, where it lives now", f"{rel} is where the file lives")
    held = _dir_role(old) or _dir_role(new, ctx.root)
    return _premise(action, f"path.{os.path.basename(rel)}", old, new, "git.renames",
                    f"git history moved the directory {old} → {new} ({commit}){f', the {held}' if held else ''}; "
                    f"{old} holds no file any more, {new} does",
                    f"create it as `{now}`, in the directory's new place", f"{old} is where these files live")


def _holder_of_edit(action: Action, ctx: VerifyContext, commit: str, now: str) -> str | None:
    """When the commit that moved the file also split it: the one file that commit wrote which holds every line the
    edit replaces, where the renamed file holds them not (None when the renamed file holds them, or the edit names no
    lines, or no single file or several do)."""
    removed = [ln[1:].strip() for ln in (action.body or "").splitlines() if ln.startswith("-") and ln[1:].strip()]
    if not removed:
        return None

    def holds(path: str) -> bool:
        text = _read(os.path.join(ctx.root, path), 512 * 1024)
        if not text:
            return False
        lines = {ln.strip() for ln in text.splitlines()}
        return all(r in lines for r in removed)

    if holds(now):
        return None
    code, out = ctx.git("show", "--format=", "--name-status", "--no-color", commit.split(" ", 1)[0], "--")
    if code != 0:
        return None
    written = []
    for row in out.splitlines()[:400]:
        parts = row.split("\t")
        if parts and parts[0][:1] in ("A", "R", "C", "M") and len(parts) >= 2:
            written.append(parts[-1])
    found = [p for p in dict.fromkeys(written) if p != now and os.path.isfile(os.path.join(ctx.root, p)) and holds(p)]
    return found[0] if len(found) == 1 else None


def _whole_directory_move(rel: str, now: str, old: str, new: str, ctx: VerifyContext) -> tuple[str, str] | None:
    """(old directory, new directory) when ``rel`` moved to ``now`` with the directory that held it: the move
    kept the path below that directory, the old directory holds no file any more and the new one is there."""
    old_unit, new_unit = _moved_units(old, new) if old != rel else _moved_units(rel, now)
    if not old_unit or not rel.startswith(old_unit + "/") or now != new_unit + rel[len(old_unit):]:
        return None
    if _has_entries(os.path.join(ctx.root, old_unit)) or not os.path.isdir(os.path.join(ctx.root, new_unit)):
        return None
    return old_unit, new_unit


def _catalog_premise(action: Action, ctx: VerifyContext, full: str) -> Premise | None:
    from statewise_cli.recovery.premises_resources import catalog_premise

    found: Premise | None = catalog_premise(action, ctx, full)
    return found


def _file_premise(action: Action, ctx: VerifyContext, cwd: str) -> Premise | None:
    """A write's premises about the file itself: replaced by another file, generated, or tracked while it
    receives a secret (``premises_files``)."""
    from statewise_cli.recovery import premises_files

    target = str(action.target)
    full = os.path.normpath(target if os.path.isabs(target) else os.path.join(cwd, action.cwd, target))
    if "$" in full:
        return None
    found = (premises_files.replaced_premise(action, ctx, full) or premises_files.config_home_premise(action, ctx, full)
             or premises_files.generated_premise(action, ctx, full) or premises_files.secret_premise(action, ctx, full))
    if found is None and action.operation in ("edit", "file.write", "file.create"):
        from statewise_cli.recovery import premises_workspace

        found = premises_workspace.backend_metadata_premise(action, ctx, full) or (
            _catalog_premise(action, ctx, full) if full.endswith("package.json") else None) or (
            premises_workspace.split_role_premise(action, ctx, full) or premises_workspace.documented_role_premise(
                action, ctx, full) or premises_workspace.split_out_premise(action, ctx, full)
            or premises_workspace.deleted_content_premise(action, ctx, full)
            or premises_workspace.dropin_override_premise(action, ctx, full)
            or premises_workspace.moved_setting_premise(action, ctx, full) if action.operation == "edit" else None)
    if found is None and action.operation in ("edit", "file.write") and os.path.isfile(full):
        from statewise_cli.recovery.premises_resources import moved_role_premise

        found = moved_role_premise(action, ctx, full)
    if found is None and action.operation in ("file.write", "file.create") and action.body and not os.path.exists(full):
        from statewise_cli.recovery.premises_resources import scoped_directory_premise

        found = scoped_directory_premise(action, ctx, full)
    if found is None and action.operation in ("edit", "file.write") and os.path.isfile(full):
        from statewise_cli.recovery import premises_policy

        found = premises_policy.managed_file_premise(action, ctx, full) or \
            premises_policy.released_migration_premise(action, ctx, full)
    if found is None and action.operation in ("edit", "file.write", "file.create") and action.body:
        from statewise_cli.recovery import premises_forge

        found = premises_forge.import_premise(action, ctx, full)
    if found is None and action.operation == "edit" and os.path.isfile(full):
        rel = inside_root(full, ctx.root)
        if rel and rel != "." and not rel.startswith(".."):
            from statewise_cli.recovery.premises_readers import reader_moved_premise

            found = reader_moved_premise(action, ctx, rel)
            if found is None:
                from statewise_cli.recovery.premises_reassigned import edition_dir_premise

                found = edition_dir_premise(action, ctx, rel)
            if found is None:
                from statewise_cli.recovery.premises_readers import superseded_copy_premise

                found = superseded_copy_premise(action, ctx, rel)
    return found


# Operands a program looks up by name in a place of its own rather than as a path from the working directory:
# `gh workflow run|view|enable|disable NAME` and `gh run list|watch --workflow NAME` name a workflow (its
# file name under .github/workflows/, or its `name:`), whatever directory the command runs in.
_NAMED_OPERAND_SUBCOMMANDS: dict[tuple[str, str], frozenset[str]] = {
    ("gh", "workflow"): frozenset({"run", "view", "enable", "disable"}),
}
_NAMED_OPERAND_OPTIONS: dict[str, frozenset[str]] = {"gh": frozenset({"--workflow", "-w"})}


# Programs whose operands are names in a registry of their own — service and unit managers: `systemctl --user restart
# api.service` names a unit systemd looks up in its own directories, not a file from here (a word with a slash is a path).
_NAME_REGISTRY_PROGRAMS = frozenset({"systemctl", "service", "journalctl", "launchctl", "supervisorctl", "sv", "rc-service",
                                     "rc-update", "initctl", "loginctl", "machinectl", "busctl", "update-rc.d",
                                     "chkconfig", "svcadm", "svcs"})


def _named_operands(words: list[str]) -> set[int]:
    """Indexes of ``words`` that are names the program resolves itself (see ``_NAMED_OPERAND_SUBCOMMANDS``)."""
    program = os.path.basename(words[0]) if words else ""
    found: set[int] = set()
    if program in _NAME_REGISTRY_PROGRAMS:
        return {i for i, w in enumerate(words[1:], 1) if "/" not in w}
    options = _NAMED_OPERAND_OPTIONS.get(program, frozenset())
    for index, word in enumerate(words[1:], 1):
        if word in options:
            found.add(index + 1)
        elif word.split("=", 1)[0] in options and "=" in word:
            found.add(index)
    if len(words) > 3 and words[2] in _NAMED_OPERAND_SUBCOMMANDS.get((program, words[1]), frozenset()):
        found.update(i for i, w in enumerate(words[3:], 3)
                     if not w.startswith("-") and words[i - 1] not in ("-F", "--field", "--raw-field"))
    return found


# Options whose value is a file the command writes (``cc -o app``, ``pandoc --output out.html``,
# ``esbuild --outfile=x``): an output that does not exist yet is not a moved input. Programs where ``-o`` is a flag
# without a value (``grep -o``) keep their next word.
_OUTPUT_OPTIONS = frozenset({"-o", "--output", "--out", "--outfile", "--out-file", "--output-file", "--outdir",
                             "--out-dir", "--output-dir", "--output-path", "--dest", "--destination"})
_O_IS_A_FLAG = frozenset({"grep", "egrep", "fgrep", "rg", "ag", "ls", "git"})


def _output_operands(words: list[str]) -> set[int]:
    """Indexes of ``words`` that name a file the command writes (see ``_OUTPUT_OPTIONS``)."""
    program = os.path.basename(words[0]) if words else ""
    found: set[int] = set()
    for index, word in enumerate(words[1:], 1):
        name = word.split("=", 1)[0]
        if name not in _OUTPUT_OPTIONS or (name == "-o" and program in _O_IS_A_FLAG):
            continue
        found.add(index if "=" in word else index + 1)
    return found


def _path_argument_premise(action: Action, words: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    """A file the command reads (``docker build -f Dockerfile``, ``pytest tests/unit``) that is not there
    and that the repository's history moved."""
    root = os.path.realpath(ctx.root)
    names = _named_operands(words) | _output_operands(words)
    last = max((i for i, w in enumerate(words[1:], 1) if not w.startswith("-") and not words[i - 1].startswith("-")),
               default=0)
    for index, word in enumerate(words[1:], 1):
        if index in names:
            continue  # a name the program resolves in its own place, not a path from here
        value = word.split("=", 1)[1] if word.startswith("--") and "=" in word else word
        if not value or value.startswith("-") or any(c in value for c in "$*?[{~<>|;&'\"") or "://" in value:
            continue
        if "/" not in value and "." not in value[1:] and not value[:1].isupper():
            continue  # a plain word (a subcommand, a name): not a path
        full = os.path.realpath(os.path.join(directory, value))
        if os.path.exists(full) or not full.startswith(root + os.sep):
            continue
        rel = os.path.relpath(full, root)
        # a bare file name given as an option's value (`--doc brief.pdf`) may be one the program looks up in a place
        # of its own; an operand (`python main.py`) is a path from here
        as_value = word.startswith("-") or words[index - 1].startswith("-")
        # the last operand after an existing file is where the program writes (`sass in.scss out.css`, `pandoc`,
        # `convert a.png b.jpg`): a file of that name elsewhere is not where it goes — only a rename of the path says so
        destination = not as_value and index == last and any(
            os.path.isfile(os.path.join(directory, w)) for w in words[1:index] if not w.startswith("-"))
        moved = _moved_to(rel, ctx) or (_moved_by_name(rel, ctx, elsewhere="/" in value or not as_value)
                                        if "." in os.path.basename(value)[1:] and not destination else None)
        if moved is None:
            continue
        old, new, commit, now = moved
        shown = os.path.relpath(os.path.join(root, now), directory)
        text = (action.text or "").strip()
        alternative = f"`{text.replace(value, shown)}`" if text.count(value) == 1 else f"use `{shown}`"
        return _premise(action, f"path.{os.path.basename(value)}", value, shown, "git.renames",
                        (f"git history: {old} → {new} ({commit}); {value} does not exist, {shown} does" if old != rel
                         else f"{value} does not exist; the repository tracks one file named {os.path.basename(rel)}: "
                              f"{shown}" + (f" ({'' if commit.startswith('the base layer') else 'git history: '}{commit.rstrip('; ')})"
                                           if commit else "")),
                        alternative, f"{value} is where the file lives")
    return None


def _moved_by_name(rel: str, ctx: VerifyContext, elsewhere: bool = True) -> tuple[str, str, str, str] | None:
    """A path that never existed whose file name git history knows elsewhere: the one rename of a file
    of that name (``tools/release_notes.py → scripts/release/notes.py`` for ``scripts/release_notes.py``),
    else (with ``elsewhere``) the one tracked file of that name. Its current place is where the file lives. A bare
    file name given as an option's value (``--doc brief.pdf``) may be one the program looks up in a place of its own
    (its case, project or package directory): only a rename of that name says it moved."""
    base = os.path.basename(rel)
    found = {(old, new, commit) for old, new, commit in _renames(ctx)
             if os.path.basename(old) == base and os.path.exists(os.path.join(ctx.root, new))}
    if len({new for _, new, _ in found}) == 1:
        old, new, commit = next(iter(found))
        return old, new, commit, new
    if found or not elsewhere:
        return None  # several files of that name moved (the evidence does not say which), or no rename at all
    same = _same_name(rel, ctx)
    if same is None:
        return None
    now, origin = same
    return rel, now, f"{origin}; " if origin else "", now


def _moved_directory(action: Action, directory: str, ctx: VerifyContext, cwd: str = "") -> Premise | None:
    """The command runs in a directory (``cd services/api && …``) that git history moved."""
    root = os.path.realpath(ctx.root)
    rel = inside_root(directory, root)
    if rel is None or rel == ".":
        return None
    moved = next(((old_dir, new_dir, commit) for old, new, commit in _renames(ctx)
                  for old_dir, new_dir in [_moved_dirs(old, new)]
                  if old_dir and (rel == old_dir or rel.startswith(old_dir + "/"))
                  and os.path.isdir(os.path.join(root, new_dir + rel[len(old_dir):]))), None)
    if moved is None:
        return None
    old_dir, new_dir, commit = moved
    now = new_dir + rel[len(old_dir):]
    text = (action.text or "").strip()
    shown = action.cwd.rstrip("/")
    session = os.path.realpath(cwd) if cwd else root
    target = os.path.relpath(os.path.join(root, now), session)
    alternative = (f"`{text.replace(shown, target, 1)}`" if shown and text.count(shown) == 1 and not os.path.isabs(shown)
                   else f"run it in `{target}`")
    return _premise(action, f"path.{os.path.basename(rel)}", rel, now, "git.renames",
                    f"git history moved {old_dir} → {new_dir} ({commit}); {rel} does not exist, {now} does",
                    alternative, f"{rel} is where this runs")


def _dotted(word: str) -> bool:
    """``app.settings`` / ``app.main:app``: a Python module path (not ``setup.cfg``, not a version)."""
    module = word.split(":", 1)[0]
    parts = module.split(".")
    return len(parts) >= 2 and all(p.isidentifier() and p.islower() for p in parts) and parts[-1] not in (
        "py", "cfg", "toml", "ini", "txt", "json", "yaml", "yml", "md", "lock", "sh", "js", "ts", "env", "sql")


_ASSIGNED: dict[str, tuple[str, ...]] = {}


def _assigned_modules(text: str) -> tuple[str, ...]:
    """Module paths a command line assigns to upper-case variables (``DJANGO_SETTINGS_MODULE=config.settings``); read
    once per line, not once per statement of it (a plain dict, not ``functools``: the hot path imports neither
    ``functools`` nor ``collections``)."""
    found = _ASSIGNED.get(text)
    if found is None:
        if len(_ASSIGNED) > 8:
            _ASSIGNED.clear()
        found = _ASSIGNED[text] = tuple(w.split("=", 1)[1] for w in text.split()
                                        if "=" in w and w.split("=", 1)[0].isupper() and _dotted(w.split("=", 1)[1]))
    return found


def _module_premise(action: Action, words: list[str], directory: str, ctx: VerifyContext) -> Premise | None:
    """A Python module the command names (``python -m app.cli``, ``uvicorn app.main:app``,
    ``DJANGO_SETTINGS_MODULE=config.settings``) that is not there, at a path git history moved."""
    candidates = [w for w in words[1:] if _dotted(w)]
    candidates += _assigned_modules(action.text or "")
    root = os.path.realpath(ctx.root)
    for word in candidates:
        module = word.split(":", 1)[0]
        rel_dir = os.path.relpath(os.path.join(os.path.realpath(directory), *module.split(".")), root)
        if rel_dir.startswith(".."):
            continue
        if any(os.path.exists(os.path.join(root, rel_dir + suffix)) for suffix in (".py", "", ".pyi")):
            continue
        moved = _moved_to(rel_dir + ".py", ctx) or _moved_to(rel_dir + "/__init__.py", ctx)
        if moved is None:
            continue
        old, new, commit, now = moved
        now_rel = os.path.relpath(os.path.join(root, now), os.path.realpath(directory))
        if now_rel.startswith(".."):
            continue
        new_module = now_rel.removesuffix("/__init__.py").removesuffix(".py").replace(os.sep, ".")
        text = (action.text or "").strip()
        alternative = f"`{text.replace(module, new_module)}`" if text.count(module) == 1 else f"use `{new_module}`"
        return _premise(action, f"path.{module}", module, new_module, "git.renames",
                        f"git history: {old} → {new} ({commit}); the module {module} does not exist, {new_module} "
                        f"({now}) does", alternative, f"the module {module} is where the code lives")
    return None


# ------------------------------------------------------------------ environment variables
# Files that document variables rather than set them for a run: writing one is not a premise.
_ENV_DOCS = (".env.example", ".env.sample", ".env.template", ".env.dist", ".env.defaults", ".env.schema")
# Where a mention says nothing about what the code reads (and the memory files themselves).
_NOT_CODE = (":!*.md", ":!*.markdown", ":!*.rst", ":!*.txt", ":!*.adoc", ":!CHANGELOG*", ":!.env", ":!.env.local",
             ":!.env.*.local")


def _env_name(word: str) -> bool:
    return len(word) >= 3 and word[0].isalpha() and word[0].isupper() and "_" in word and all(
        c.isupper() or c.isdigit() or c == "_" for c in word)


def _env_assignments(action: Action) -> list[tuple[str, str]]:
    """(NAME, the line that sets it) for each variable an action sets: the lines a ``.env`` write adds,
    an ``export NAME=…``."""
    if action.operation == "shell.export":
        lines = list(action.arguments)
    else:
        name = os.path.basename(str(action.target or ""))
        if not name.startswith(".env") or name in _ENV_DOCS or name.endswith((".example", ".sample", ".template")):
            return []
        lines = [ln[1:] for ln in action.body.splitlines() if ln.startswith("+")] if action.body else \
            [a.replace("\\n", "\n") for a in action.arguments]
        lines = [part for ln in lines for part in ln.splitlines()]
    found: list[tuple[str, str]] = []
    for line in lines:
        text = line.strip()
        if text.startswith("export "):
            text = text[len("export "):].lstrip()
        name, sep, _ = text.partition("=")
        if sep and _env_name(name.strip()) and all((n != name.strip() for n, _ in found)):
            found.append((name.strip(), text))
    return found


def _referenced(name: str, ctx: VerifyContext) -> list[str]:
    """Tracked files other than docs that mention ``name`` as a word (``git grep``)."""
    code, out = ctx.git("grep", "-l", "-w", "-F", "-e", name, "--", ".", *_NOT_CODE)
    return out.split() if code == 0 else []


def _env_docs(ctx: VerifyContext) -> dict[str, str]:
    """The repository's env example files (``.env.example`` …) at its root: name → text."""
    found: dict[str, str] = {}
    for name in _ENV_DOCS:
        text = _read(os.path.join(ctx.root, name), 200_000)
        if text is not None:
            found[name] = text
    return found


def _documented(name: str, text: str) -> bool:
    for line in text.splitlines():
        line = line.strip().lstrip("#").strip()
        if line.startswith("export "):
            line = line[len("export "):].lstrip()
        if line.partition("=")[0].strip() == name:
            return True
    return False


def _replaced_in(diff: str, name: str, accept: Any = None) -> dict[str, int]:
    """Names that took ``name``'s place in the lines of a ``-U0`` diff (``-DATABASE_URL=x`` / ``+DB_URL=x``).
    A line added in the hunk that removed ``name`` is a replacement; lines added elsewhere (a new preset or
    variable beside the renamed one) count only when no hunk pairs a removal with an addition."""
    lines = diff.splitlines()[:4000]
    hunks: list[list[str]] = [[]]
    for ln in lines:
        if ln.startswith("@@"):
            hunks.append([])
        else:
            hunks[-1].append(ln)
    paired: dict[str, int] = {}
    for hunk in hunks:
        _count_replacements(hunk, hunk, name, accept, paired)
    if paired:
        return paired
    anywhere: dict[str, int] = {}
    _count_replacements(lines, lines, name, accept, anywhere)
    return anywhere


def _count_replacements(removed_from: list[str], added_from: list[str], name: str, accept: Any,
                        candidates: dict[str, int]) -> None:
    removed = [ln[1:] for ln in removed_from if ln.startswith("-") and not ln.startswith("---") and name in ln]
    added = sorted({ln[1:] for ln in added_from if ln.startswith("+") and not ln.startswith("+++")})
    for line in removed:
        at = line.find(name)
        while at >= 0:
            before, after = line[:at], line[at + len(name):]
            for new in added:
                if new.startswith(before) and new.endswith(after) and len(new) > len(before) + len(after):
                    other = new[len(before):len(new) - len(after)]
                    if other != name and (accept(other) if accept is not None else _env_name(other)):
                        candidates[other] = candidates.get(other, 0) + 1
            at = line.find(name, at + 1)


def _env_renamed(name: str, ctx: VerifyContext, docs: dict[str, str]) -> tuple[str, str, str] | None:
    """(new name, the commit that renamed it, where the new name is used) when git history replaced
    ``name`` by another variable in the same line, and the new name is in use now. With env example
    files only their history is read (one ``git log``); without, the last commits that changed
    ``name``'s count anywhere (``git log -S``)."""
    if docs:
        code, out = ctx.git("log", "-n50", "-p", "-U0", "--no-color", "--no-ext-diff", "--format=@@@commit %h %s",
                            "--", *docs)
        if code != 0:
            return None
        for chunk in out.split("@@@commit ")[1:]:
            entry, _, diff = chunk.partition("\n")
            for other, _ in sorted(_replaced_in(diff, name).items(), key=lambda kv: -kv[1]):
                users = [doc for doc, text in docs.items() if _documented(other, text)]
                if users:
                    code_users = [f for f in _referenced(other, ctx) if f not in users]
                    users += code_users[:3] + ([f"{len(code_users) - 3} more"] if len(code_users) > 3 else [])
                    return other, entry.strip(), ", ".join(users)
        return None
    code, out = ctx.git("log", f"-n{RENAME_HISTORY}", "-S", name, "--format=%h %s", "--no-merges")
    if code != 0:
        return None
    for entry in out.splitlines()[:3]:
        commit = entry.split(" ", 1)[0]
        code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff")
        if code != 0:
            continue
        for other, _ in sorted(_replaced_in(diff, name).items(), key=lambda kv: -kv[1]):
            users = _referenced(other, ctx)
            if users:
                return other, entry, ", ".join(users[:4]) + (f" and {len(users) - 4} more" if len(users) > 4 else "")
    return None


# Variables of the shell, the system and CI: never a project's own name.
_COMMON_ENV = frozenset({"HOME", "PATH", "USER", "PWD", "SHELL", "LANG", "TERM", "TMPDIR", "OLDPWD", "HOSTNAME",
                         "LOGNAME", "EDITOR", "PAGER", "VIRTUAL_ENV", "PYTHONPATH", "NODE_ENV", "NODE_OPTIONS",
                         "GOPATH", "GOROOT", "JAVA_HOME", "CARGO_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                         "XDG_CACHE_HOME", "XDG_STATE_HOME", "SSH_AUTH_SOCK", "DISPLAY", "LC_ALL", "CI"})


def _command_env_names(action: Action) -> list[tuple[str, str]]:
    """(NAME, how the command uses it) for the variables a command sets for itself (``NAME=… cmd``) or
    reads (``$NAME``, ``${NAME}``) — project names only."""
    text = action.text or ""
    found: list[tuple[str, str]] = []

    def add(name: str, how: str) -> None:
        if _env_name(name) and name not in _COMMON_ENV and not name.startswith(
                ("GITHUB_", "RUNNER_", "LC_", "XDG_", "STATEWISE_", "CLAUDE", "CODEX")) and all(n != name for n, _ in found):
            found.append((name, how))

    for word in text.split():
        name, sep, _ = word.partition("=")
        if sep and name.isidentifier():
            add(name, word)
        elif name == "export":
            continue
    for arg in (*action.arguments, str(action.target or "")):
        at = arg.find("$")
        while at >= 0:
            rest = arg[at + 1:]
            rest = rest.removeprefix("{")
            name = ""
            for ch in rest:
                if ch.isalnum() or ch == "_":
                    name += ch
                else:
                    break
            if name:
                add(name, "$" + name)
            at = arg.find("$", at + 1)
    return found


def _env_premise(action: Action, ctx: VerifyContext) -> Premise | None:
    """A variable the action sets (a ``.env`` line, an ``export``, ``NAME=… cmd``) or reads (``$NAME``)
    that nothing in the repository reads any more, because git history renamed it: the project reads
    the new name."""
    assignments = _env_assignments(action)
    from_command = False
    if not assignments and action.operation not in ("edit", "file.create", "file.write", "shell.export"):
        assignments, from_command = _command_env_names(action), True
    if not assignments:
        return None
    docs = _env_docs(ctx)
    for name, line in assignments:
        if any(_documented(name, text) for text in docs.values()) or _referenced(name, ctx):
            continue  # documented, or something still reads it
        renamed = _env_renamed(name, ctx, docs)
        if renamed is None:
            continue  # never used, or gone without a successor: nothing says what it should be
        other, commit, users = renamed
        return _premise(action, f"env.{name}", name, other, "git.history",
                        f"no file of the repository reads {name} now; commit {commit} replaced it with {other}, "
                        f"which {users} use{'s' if ',' not in users and ' and ' not in users else ''}",
                        (f"use {other}: `{(action.text or '').strip().replace(name, other)}`" if from_command else
                         f"set {other} instead: `{line.replace(name, other, 1)}`"),
                        f"the project reads the environment variable {name}")
    return None


def record(store: Store, premise: Premise) -> None:
    """Keep what the verifier found, with the action that assumed otherwise as its lineage."""
    if premise.verified is None or isinstance(premise.verified, list) or premise.key.startswith(
            ("tool.", "command.make", "command.script", "command.nox", "command.just", "command.task",
             "command.recipe", "command.env", "command.subcommand", "git.tag_format", "git.replaced_branch", "git.remote_branch", "path.",
             "env.", "git.ref.purpose.", "git.ref.tracked.", "git.ref.trigger.", "git.ref.route.")):
        # (what a branch is for is read again from the repository on every push: a page that changes changes it)
        return
    store.put(premise.key, premise.verified, type=_type_of(premise.key), scope="repository",
              source=f"verifier:{premise.verifier}", authority="environment", validity="valid",
              evidence=(f"{premise.verifier}: {premise.evidence} (observed when `{(premise.action.text or '').strip()[:120]}` "
                        f"assumed {json.dumps(premise.assumed)})")[:2000])


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return json.dumps(value)


def guidance(premises: list[Premise], root: str = "") -> str:
    """The deny: its first line says what the action assumes and what is true now (what an agent
    reads first), then the evidence, the safe alternative and the other defective premises."""
    first = premises[0]
    text = (first.action.text or first.action.operation).strip()[:160]
    claim = first.claim or f"{first.key} = {json.dumps(first.assumed)}"
    # No full stop after the value: `src/app/settings.py.` is not a path.
    shown = first.shown or _shown(first.verified)
    if first.key.startswith("command.") and isinstance(first.verified, str) and "`" not in shown:
        shown = f"`{shown}`"  # a command to run, quoted as one
    # What is true now leads; what the stopped action assumed, and the action itself, follow it.
    lines = [f"statewise: verified now ({first.verifier}): {shown} — not what the stopped action assumes ({claim})",
             f"- Stopped: `{text}`", "- Evidence: " + first.evidence[:300].strip().replace("\n", "\n  ")]
    if root and isinstance(first.assumed, str):
        # the memory note the stopped action followed, beside what replaces it
        from statewise_cli.recovery.memory_lines import stale_note

        spans = first.alternative.split("`")
        command = spans[1] if len(spans) > 2 and " " in spans[1].strip() else ""
        note = stale_note(root, first.assumed, first.verified if isinstance(first.verified, str) else "", command,
                          (first.action.text or "").strip())
        if (note is None and first.key.startswith("path.") and isinstance(first.verified, str)
                and os.path.basename(first.assumed) == os.path.basename(first.verified)
                and os.path.dirname(first.assumed) and os.path.dirname(first.verified)):
            # a file of a directory that moved: the note names the directory (`Forms live in web/forms/`)
            note = stale_note(root, os.path.dirname(first.assumed), os.path.dirname(first.verified), "",
                              (first.action.text or "").strip())
        if note:
            lines.insert(1, note)
    for p in premises[1:3]:
        lines.append(f"- It also assumes {p.claim or f'{p.key} = {json.dumps(p.assumed)}'}, but verified now "
                     f"({p.verifier}): {_shown(p.verified)} — {p.evidence[:300]}")
    if root and first.key.startswith(("path.", "setting.")) and isinstance(first.verified, str):
        said = _docs_naming(root, first.verified)
        if said is not None:
            lines += [f"- The repository's docs say so ({said[0]}):", f"  \"{said[1]}\""]
    if first.alternative:
        lines.append(f"Safe alternative: {first.alternative.rstrip('.')}.")
    lines.append("Replan from what is true now; the next proposal is checked again.")
    return "\n".join(lines)


def _docs_naming(root: str, path: str) -> tuple[str, str] | None:
    """(doc, sentence): the first sentence of the docs (the top-level docs, docs/, a README beside the file or
    above it) that names ``path`` — the repository's own words for where the thing lives now."""
    from statewise_cli.recovery.premises_routes import paragraphs

    found = list(paragraphs(root))
    folder = os.path.dirname(path)
    while folder:
        name = os.path.join(folder, "README.md")
        text = _read(os.path.join(root, name), 50_000)
        if text:
            found += [(name, " ".join(p.split())) for p in text.split("\n\n") if p.strip()]
        folder = os.path.dirname(folder)
    for doc, paragraph in found:
        for sentence in paragraph.replace("; ", ". ").split(". "):
            if path in sentence.replace("`", "") and len(sentence) <= 300:
                return doc, sentence.strip().rstrip(".")  # no full stop after a path that may end it
    return None
