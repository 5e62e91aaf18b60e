"""Premises about a tool or file the repository's history replaced — read from git history by class,
not from a table of migrations.

- **a tool whose configuration a commit replaced** — an action runs tool T where T's own file is gone:
  the file the action names (``conda env update -f environment.yml``), or the file named for T in the
  directory T reads (``tox.ini`` for ``tox``, ``.eslintrc.json`` for ``eslint``, ``Justfile`` for ``just``;
  make only for a task the successor defines, since its built-in rules need no makefile). The commit that deleted it added the configuration of another tool T' in its place
  (``noxfile.py``, ``biome.json``, ``pixi.toml``, ``mkdocs.yml``): the project moved from T to T'. The
  action rests on "this project uses T"; the history says T'. The alternative is the same named task with
  T' where both tools run named tasks and T''s file defines it (``tox -e lint`` → ``nox -s lint``),
  otherwise T' by name with the file that configures it.
- **a file replaced by its successor of the same role** — an edit of a file that is gone, deleted by a
  commit that added, in the same directory, a file whose name extends the old one or keeps its stem
  (``build.gradle`` → ``build.gradle.kts``, ``webpack.config.js`` → ``webpack.config.ts``): a rename git's
  similarity misses because the content was rewritten in the new format.

Everything here reads files and one ``git show`` of the replacing commit; a premise the history cannot
decide never denies.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

# Program words that are not a project tool of their own: interpreters, shells, version control, package
# runners (their tool is read through them), and coreutils.
_GENERIC = frozenset({"git", "sh", "bash", "zsh", "env", "sudo", "node", "python", "python3", "ruby", "perl", "php",
                      "npm", "pnpm", "yarn", "bun", "npx", "cat", "cp", "mv", "rm", "ls", "echo", "cd", "mkdir",
                      "touch", "sed", "awk", "grep", "find", "curl", "wget", "docker", "gh", "ssh", "scp", "rsync",
                      "tar", "chmod", "chown", "ln", "test", "true", "false", "code", "vim", "nano", "open"})
# Names of files that belong to no one tool: a replacing commit adding them says nothing about the successor.
_NOT_A_TOOL = frozenset({"pyproject", "package", "readme", "license", "licence", "changelog", "setup", "requirements",
                         "index", "main", "init", "__init__", "app", "config", "settings", "contributing", "makefile",
                         "gitignore", "gitattributes", "editorconfig", "env", "tsconfig", "jsconfig", "manifest"})
# Middle words of compound file names that name a role or an environment, not a tool (``app.service.yml``).
_COMPOUND_NOT_TOOLS = frozenset({"service", "config", "local", "prod", "production", "dev", "development", "test", "stage",
                                 "staging", "example", "sample", "template", "default", "base", "schema", "spec", "min",
                                 "lock", "override", "secret", "secrets", "values", "job", "jobs", "settings"})
_CONFIG_EXTS = (".toml", ".json", ".jsonc", ".json5", ".yaml", ".yml", ".ini", ".cfg", ".lock", ".conf")
_SCRIPT_EXTS = (".py", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".rb", ".kts")
# Tools that run a named task, and how: the task an action asks one for is the same task in the other.
_TASK_RUNNERS: dict[str, tuple[tuple[str, ...], str]] = {
    "tox": (("-e", "--env"), "tox -e {task}"),
    "nox": (("-s", "--session", "--sessions"), "nox -s {task}"),
    "make": ((), "make {task}"),
    "just": ((), "just {task}"),
    "task": ((), "task {task}"),
    "invoke": ((), "invoke {task}"),
    "inv": ((), "inv {task}"),
    "poe": ((), "poe {task}"),
    "mise": (("run",), "mise run {task}"),
    "rake": ((), "rake {task}"),
    "doit": ((), "doit {task}"),
}
# Tools that still do something without their file (make's built-in rules build `make hello` from hello.c).
_RUNS_WITHOUT_FILE = frozenset({"make", "gmake"})
# Options that name a directory the tool reads its configuration from.
_DIRECTORY_OPTIONS = ("-C", "--directory", "--cwd", "--dir")
# Options whose value is a file the tool reads.
_FILE_OPTIONS = ("-f", "--file", "-c", "--config", "--makefile", "--noxfile", "--justfile", "--taskfile", "--rakefile")


def _stem(name: str) -> str:
    """The tool a file name is named for: ``.eslintrc.json`` → eslint, ``noxfile.py`` → nox, ``pixi.toml`` →
    pixi, ``mkdocs.yml`` → mkdocs, ``biome.jsonc`` → biome."""
    low = name.lower().lstrip(".")
    head = low.split(".", 1)[0]
    for suffix in ("rc", "file", "-config", "_config"):
        if head.endswith(suffix) and len(head) > len(suffix) + 1:
            head = head[: -len(suffix)]
            break
    return head


def _named_for(name: str, tool: str) -> bool:
    """A file named for the tool: ``tox.ini``, ``.eslintrc.json``, ``eslint.config.js``, ``Makefile`` for
    make, ``noxfile.py`` for nox (not ``toxic.txt``)."""
    low = name.lower().lstrip(".")
    if not low.startswith(tool):
        family = _family(tool)  # supervisorctl and supervisord.conf: one tool's programs and file
        return family is not None and _family(_stem(name)) == family
    rest = low[len(tool):]
    return rest == "" or rest.startswith((".", "-", "_", "rc", "file"))


def _abbreviates(short: str, tool: str) -> bool:
    """``pkr`` for packer, ``tf`` for terraform: the tool's own short name (its first letter, then letters of it in
    order) — a file of the same tool, not a successor's."""
    if not short or short[0] != tool[:1] or len(short) >= len(tool):
        return False
    rest = iter(tool[1:])
    return all(c in rest for c in short[1:])


def _family(word: str) -> str | None:
    """The tool a daemon's, a control program's or a command-line client's name belongs to (``supervisord``,
    ``supervisorctl`` → supervisor; ``nomad-cli`` → nomad); None for a name without such a suffix."""
    low = word.lower()
    for suffix in ("-ctl", "ctl", "-cli", "cli", "-daemon", "d"):
        if low.endswith(suffix) and len(low) - len(suffix) >= 5:
            return low[: -len(suffix)]
    return None


def _config_tool(path: str) -> str | None:
    """The tool a file the replacing commit added configures, when its name says so: its own name, the tool's
    dot-directory it sits in (``.ddev/config.yaml``), or the tool's part of a compound name (``web.nomad.hcl``,
    ``app.service.yml`` is not one: ``service`` names no tool's format)."""
    name = os.path.basename(path)
    top = path.replace(os.sep, "/").split("/", 1)[0]
    if top != name and top.startswith(".") and len(top) > 2 and top[1:].replace("-", "").isalpha() \
            and top[1:].lower() not in _NOT_A_TOOL and top[1:].lower() not in ("github", "gitlab", "vscode", "idea",
                                                                               "git", "config", "circleci", "devcontainer"):
        return top[1:].lower()
    parts = name.lower().split(".")
    if len(parts) == 3 and parts[0] and parts[1].isalpha() and len(parts[1]) >= 3 and "." + parts[2] in (
            *_CONFIG_EXTS, ".hcl") and parts[1] not in _NOT_A_TOOL and parts[1] not in _COMPOUND_NOT_TOOLS:
        return parts[1]
    low = name.lower()
    stem = _stem(name)
    if not stem.replace("-", "").isalpha() or len(stem) < 2 or stem in _NOT_A_TOOL:
        return None
    if name.startswith(".") and stem.endswith("-version") and len(stem) > len("-version") + 1:
        from statewise_cli.recovery.premises_roles import tool_name

        return tool_name(stem[: -len("-version")])  # a version pin (`.opentofu-version`, `.node-version`)
    ext = os.path.splitext(low)[1]
    head = low.lstrip(".").split(".", 1)[0]
    if ext in _CONFIG_EXTS or (not ext and head != stem):
        return stem
    if ext in _SCRIPT_EXTS and (head != stem or ".config." in low):
        return stem  # noxfile.py, eslint.config.js, vite.config.ts (a script configuring a tool)
    return None


def _option_values(args: list[str], options: tuple[str, ...]) -> list[str]:
    values: list[str] = []
    for i, a in enumerate(args):
        for opt in options:
            if a == opt and i + 1 < len(args):
                values.append(args[i + 1])
            elif a.startswith(opt + "=") and opt.startswith("--"):
                values.append(a[len(opt) + 1:])
    return values


def _task(tool: str, args: list[str]) -> str | None:
    """The task a task runner is asked to run: the value of its task option, else its first word."""
    options, _ = _TASK_RUNNERS[tool]
    if options and options[0].startswith("-"):
        values = _option_values(args, options)
        return values[0] if values and "," not in values[0] else None
    rest = [a for a in args if a not in options]
    word = next((a for i, a in enumerate(rest) if not a.startswith("-") and "=" not in a
                 and not (i and rest[i - 1] in _DIRECTORY_OPTIONS + _FILE_OPTIONS)), None)
    return word


def _still_configured(tool: str, directory: str, root: str) -> bool:
    """The tool keeps a home in the project's shared manifests (``[tool.tox]`` in pyproject.toml, an
    ``"eslint"`` key or dependency in package.json)."""
    from statewise_cli.recovery.premises import _read

    for where in {directory, root}:
        text = _read(os.path.join(where, "pyproject.toml"), 200_000) or ""
        if f"[tool.{tool}" in text:
            return True
        text = _read(os.path.join(where, "package.json"), 200_000) or ""
        if f'"{tool}' in text:
            return True
    return False


def _added_by(ctx: Any, commit: str) -> list[str]:
    code, out = ctx.git("show", "--format=", "--name-status", "--no-renames", commit)
    if code != 0:
        return []
    return [line[2:] for line in out.splitlines() if line.startswith("A\t")]


def replaced_tool_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """An action running a tool whose configuration a commit deleted while adding another tool's."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_files import _deletions
    from statewise_cli.recovery.premises_tools import _invoked

    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    tool = os.path.basename(program).lower()
    if len(tool) < 2 or tool in _GENERIC or not tool.replace("-", "").isalnum():
        return None
    root = os.path.realpath(ctx.root)
    where = os.path.realpath(directory)
    from statewise_cli.recovery.premises import _DEPLOYERS

    # a deploy client's `--dir` names what it uploads, not where it reads its configuration
    moved = _option_values(args, tuple(o for o in _DIRECTORY_OPTIONS if o != "--dir" or tool not in _DEPLOYERS))
    if moved:
        where = os.path.realpath(os.path.join(where, moved[0]))
    if not (where == root or where.startswith(root + os.sep)):
        return None
    deleted = _deletions(ctx)
    if not deleted:
        return None
    rel_dir = os.path.relpath(where, root)
    rel_dir = "" if rel_dir == "." else rel_dir
    gone: list[str] = []
    # the file the action names: an argument or an option's value that is gone and was deleted
    for value in [a for a in args if not a.startswith("-")] + _option_values(args, _FILE_OPTIONS):
        if "$" in value or "*" in value:
            continue
        rel = os.path.normpath(os.path.join(rel_dir, value))
        if rel in deleted and rel not in gone and not os.path.exists(os.path.join(root, rel)):
            gone.append(rel)
    if not gone:
        # the file named for the tool where it reads its configuration
        from statewise_cli.recovery.premises_roles import OWN_FILES

        own = OWN_FILES.get(tool, ())
        try:
            present = os.listdir(where)
        except OSError:
            present = []  # the directory went with its files
        if any(_named_for(n, tool) or n in own for n in present) or _still_configured(tool, where, root):
            return None
        gone = sorted(p for p in deleted if os.path.dirname(p) == rel_dir and (
            _named_for(os.path.basename(p), tool) or os.path.basename(p) in own) and not os.path.exists(os.path.join(root, p)))
    if not gone:
        return None
    entry = deleted[gone[0]]
    commit = entry.split(" ", 1)[0]
    every = [p for p in _added_by(ctx, commit) if os.path.exists(os.path.join(root, p))]
    added = [p for p in every if os.path.dirname(p) in (rel_dir, "")]
    if not any(_config_tool(p) for p in added):
        # the new tool keeps its configuration in its own directory (`.ddev/config.yaml`, `deploy/web.nomad.hcl`)
        added = [p for p in every if _config_tool(p) and p.replace(os.sep, "/").count("/") <= 2]
    successors: dict[str, list[str]] = {}
    pipeline_command = None
    pipelines = [p for p in every if _pipeline(p)]
    if pipelines:
        # a CI pipeline the commit added runs the job now: its step that works on the deleted file's directory names
        # the successor and how it runs (a workflow file is named for its job, never for a tool)
        pipeline_command = _pipeline_step(ctx, pipelines, os.path.dirname(gone[0]), tool)
        if pipeline_command is not None:
            successors[os.path.basename(pipeline_command.split()[0])] = pipelines
    for path in added if pipeline_command is None else []:
        if _pipeline(path):
            continue
        other = _config_tool(path)
        if other and other != tool and not tool.startswith(other) and not other.startswith(tool) \
                and not _abbreviates(other, tool):
            successors.setdefault(other, []).append(path)
    if len(successors) != 1:
        from statewise_cli.recovery.premises_successors import named_successor

        named = named_successor(ctx, commit, tool)  # the replacing commit's own words: "T -> T'"
        if named is None:
            return None  # nothing replaced it (a plain removal), or several tools: the history does not decide
        successors = {named: added[:3] or [f"commit {commit}"]}
    other, files = next(iter(successors.items()))
    command = pipeline_command
    if tool in _TASK_RUNNERS and other in _TASK_RUNNERS:
        task = _task(tool, args)
        from statewise_cli.recovery.premises import _read

        text = "".join(_read(os.path.join(root, f), 200_000) or "" for f in files)
        if task and _re_word(task, text):
            command = _TASK_RUNNERS[other][1].format(task=task)
    if command is None:
        from statewise_cli.recovery.premises_roles import runner_prefix, successor_command, swap_program

        found = successor_command(tool, args, other)
        text = (action.text or "").strip()
        if found is not None and found.split(" ", 1)[0] == other and found == " ".join([other, *args]):
            command = swap_program(text, tool, other)  # a drop-in fork: the same line with its program word
        elif found is not None:
            command = runner_prefix(words, program) + found
        if command is None and tool in _RUNS_WITHOUT_FILE:
            command = _through_task_file(ctx, commit, gone[0], args, other)
    if command is None and tool in _RUNS_WITHOUT_FILE:
        return None  # make builds by its built-in rules with no makefile: only a task the successor has is told
    if command is None:
        from statewise_cli.recovery.premises_jobs import project_script

        command = project_script(root, other)  # the project's own script or target running it
    if command is None:
        from statewise_cli.recovery.premises_successors import documented_invocation

        command = documented_invocation(root, other, args)  # how the repository's docs, CI and scripts run it
    if command is None:
        from statewise_cli.recovery.premises_documented import documented_program

        command = documented_program(ctx, directory, other)  # `bin/standardrb --fix` for standard
    if command is None:
        from statewise_cli.recovery.premises_footprint import successor_command as runs_in_place

        # the one program the docs paragraphs and automation lines that name the successor or its files run (the
        # successor's client under another name: a platform's CLI, a unit's manager)
        runs = runs_in_place(ctx, {"successor": other, "added": [f for f in files if not f.startswith("commit ")]},
                             tool, args)
        command = runs[0] if runs else None
    if command is None:
        from statewise_cli.recovery.premises_jobs import job_command

        command = job_command(other, tool, args, directory, ctx)  # the successor's job, in its runnable form
    listed = ", ".join(files[:3])
    alternative = (f"`{command}`" if command else
                   f"use {other}, which replaced {tool} here (configured in {listed}); run the same job with it")
    text = (action.text or "").strip()
    return _premise(action, f"tool.replaced.{tool}", tool, other, "git.history",
                    f"{', '.join(gone[:3])} {'was' if len(gone) == 1 else 'were'} deleted by commit {entry}, which "
                    f"added {listed}: this project moved from {tool} to {other}, and no {tool} configuration is "
                    f"left, so `{text[:80]}` does not apply to it", alternative, f"this project uses {tool}")


_PIPELINE_DIRS = (".github/workflows/", ".gitlab/", ".circleci/", ".buildkite/", ".woodpecker/", ".forgejo/workflows/",
                  ".gitea/workflows/")


def _pipeline(path: str) -> bool:
    """A CI pipeline definition (a workflow file is named for its job, not for a tool it configures)."""
    rel = path.replace(os.sep, "/")
    return rel.startswith(_PIPELINE_DIRS) or os.path.basename(rel) in (".gitlab-ci.yml", ".travis.yml",
                                                                       "azure-pipelines.yml", "bitbucket-pipelines.yml")


def _pipeline_step(ctx: Any, pipelines: list[str], rel_dir: str, tool: str) -> str | None:
    """The one command the pipelines run on a file of ``rel_dir`` (the deleted file's directory) with another
    program than ``tool``."""
    if not rel_dir:
        return None
    from statewise_cli.recovery.automation import index

    prefix = rel_dir.replace(os.sep, "/").rstrip("/") + "/"
    commands = {row[2] for row in index(ctx) if row[3].split(" ", 1)[0] in pipelines and row[1] != tool
                and any(w.removeprefix("./").startswith(prefix) for w in row[2].split()[1:])}
    return commands.pop() if len(commands) == 1 else None


def _through_task_file(ctx: Any, commit: str, gone: str, args: list[str], other: str) -> str | None:
    """The successor's command for a task a deleted task file (a makefile) ran with one catalogued tool: the
    tool its recipes call (``SPHINXBUILD ?= sphinx-build``), with the options the action passed it through a
    variable (``SPHINXOPTS=-W``)."""
    from statewise_cli.recovery.premises_roles import CATALOGUE, successor_command

    code, old = ctx.git("show", f"{commit}^:{gone}")
    if code != 0:
        return None
    used = {name for name in CATALOGUE if _re_word(name, old)}
    if len(used) != 1:
        return None
    inner: list[str] = []
    for a in args:
        if "=" in a and not a.startswith("-"):
            inner.extend(w for w in a.split("=", 1)[1].split() if w.startswith("-"))
    return successor_command(used.pop(), inner, other)


def _re_word(word: str, text: str) -> bool:
    import re

    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


def replaced_file_premise(action: Action, rel: str, ctx: Any) -> Any:
    """An edit of a file that is gone, deleted by a commit that added its successor of the same role in the
    same directory (a name that extends the old one or keeps its stem)."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_files import _deletions

    deleted = _deletions(ctx)
    entry = deleted.get(rel)
    if not entry:
        return None
    commit = entry.split(" ", 1)[0]
    base = os.path.basename(rel)
    stem = base.split(".", 1)[0] if not base.startswith(".") else base
    found = []
    for path in _added_by(ctx, commit):
        if os.path.dirname(path) != os.path.dirname(rel) or not os.path.exists(os.path.join(ctx.root, path)):
            continue
        name = os.path.basename(path)
        if name.startswith(base + ".") or (name != base and "." in base and name.split(".", 1)[0] == stem
                                           and name.count(".") == base.count(".")):
            found.append(path)
    if not found:
        found = _successor_elsewhere(ctx, commit, rel, stem)
    if len(found) != 1:
        found = _holding_anchor(action, ctx, found or _added_by(ctx, commit))
    if len(found) != 1:
        found = _sole_content_file(ctx, commit, rel)
    if len(found) != 1:
        return None
    now = found[0]
    from statewise_cli.recovery.premises_workspace import period_file

    dated = period_file(action, ctx.root, now)
    if dated is not None:
        return _premise(action, f"path.{base}", rel, dated, "git.history",
                        f"{rel} was deleted by commit {entry}, which split it into one file per period ({now}, "
                        f"{dated}, …); the entries the edit adds are dated in the period of {dated}; {rel} does not "
                        f"exist", f"edit `{dated}`, the file of the entries' period", f"{rel} is where the file lives")
    return _premise(action, f"path.{base}", rel, now, "git.history",
                    f"{rel} was deleted by commit {entry}, which added {now} in its place; {rel} does not exist, "
                    f"{now} does", f"edit `{now}`, where it lives now", f"{rel} is where the file lives")


_NOT_CONTENT = ("docs/", "doc/", ".github/", ".gitlab/", ".circleci/", ".buildkite/", ".woodpecker/")
_NOT_CONTENT_NAMES = frozenset({"readme", "changelog", "changes", "news", "history", "notes", "contributing", "authors",
                                "license", "licence", ".gitlab-ci", ".travis", "package-lock", "yarn", "pnpm-lock",
                                "poetry", "uv", "cargo", "gemfile", "composer", "go"})


_SHARED_MANIFESTS = frozenset({"pyproject.toml", "package.json", "setup.cfg", "cargo.toml", "composer.json", "deno.json",
                               "tox.ini", "gemfile", "go.mod", "build.gradle", "build.gradle.kts", "pom.xml"})


def _sole_content_file(ctx: Any, commit: str, rel: str) -> list[str]:
    """The one file a deleting commit added that carries content (not a note, a changelog, a pipeline or a lockfile
    about the change), when the commit's message or a note or pipeline it added names that file: the deleted file's
    content was converted into it (``l10n/glossary.csv`` → ``l10n/termbase.tbx`` beside a vendor note naming it;
    ``permits/conditions.md`` → ``site/permits/BP-114.yaml`` beside a site-log entry)."""
    doc = rel.replace(os.sep, "/").startswith(("docs/", "doc/"))
    found = []
    added = _added_by(ctx, commit)
    for path in added:
        low = path.replace(os.sep, "/").lower()
        stem = os.path.basename(low).split(".", 1)[0]
        if (not doc and low.startswith(_NOT_CONTENT)) or stem in _NOT_CONTENT_NAMES or low.endswith(".lock"):
            continue
        if os.path.exists(os.path.join(ctx.root, path)):
            found.append(path)
    if len(found) != 1 or os.path.basename(found[0]).lower() in _SHARED_MANIFESTS:
        return []  # a manifest many tools share took a section of it: the section's own premise says where
    # the commit's own words say where the content went: its message, or a note or pipeline it added, names the file
    from statewise_cli.recovery.premises import _read

    target = found[0].replace(os.sep, "/")
    code, message = ctx.git("log", "-1", "--format=%B", commit)
    said = code == 0 and target in message
    for path in added:
        if said:
            break
        if path != found[0]:
            said = target in (_read(os.path.join(ctx.root, path), 100_000) or "")
    return found if said else []


def _successor_elsewhere(ctx: Any, commit: str, rel: str, stem: str) -> list[str]:
    """The successor a deleting commit put in another directory: the one file its message names and that it
    added or changed (``public/robots.txt`` → "generated by the app/robots.ts metadata route"), else the one
    file it added whose name keeps the old stem (``robots.txt`` → ``app/robots.ts``)."""
    import re

    from statewise_cli.recovery.premises_files import named_successor

    # the one added file whose path carries every word of the old name (``conflicts/adverse_parties.txt`` →
    # ``conflicts/parties/adverse.json``): the entries moved there, whatever else the message names
    words = {w for w in re.split(r"[^a-z0-9]+", stem.lower()) if len(w) >= 3}
    if len(words) >= 2:
        spread = [p for p in _added_by(ctx, commit) if words <= set(re.split(r"[^a-z0-9]+", p.lower()))
                  and os.path.exists(os.path.join(ctx.root, p))]
        if len(spread) == 1:
            return spread
    named = named_successor(ctx, commit, rel)
    if named is not None:
        return [named]
    if len(stem) < 3:
        return []
    # the file became a directory of files (``collections/assisted.csv`` → ``collections/assisted/north.yaml``, one
    # per depot): those files, for the edit's own lines to choose from
    split_dir = os.path.join(os.path.dirname(rel), stem).replace(os.sep, "/") + "/"
    parts = [path for path in _added_by(ctx, commit) if path.replace(os.sep, "/").startswith(split_dir)
             and os.path.exists(os.path.join(ctx.root, path))]
    if parts:
        return parts
    doc = _is_doc(rel)
    return [path for path in _added_by(ctx, commit) if os.path.basename(path).split(".", 1)[0] == stem
            and os.path.exists(os.path.join(ctx.root, path)) and (doc or not _is_doc(path))]


def _is_doc(path: str) -> bool:
    """A note about the work (``docs/assisted.md``), not the data it is about."""
    low = path.replace(os.sep, "/").lower()
    return low.startswith(("docs/", "doc/")) or low.endswith((".md", ".rst", ".adoc"))


def _holding_anchor(action: Action, ctx: Any, paths: list[str]) -> list[str]:
    """Of the files a deleting commit added, the one that holds every line the edit replaces (its ``-`` lines):
    the deleted file's content went there (``inventory/hosts.ini`` → ``inventory/production/hosts.yml``, which has
    the host the edit anchors on; ``inventory/staging/hosts.yml`` does not)."""
    from statewise_cli.recovery.premises import _read
    from statewise_cli.recovery.premises_workspace import _edit_anchor

    anchor = [line for line in _edit_anchor(action) if len(line) >= 6]
    if not anchor:
        return []
    found = []
    texts = {path: _read(os.path.join(ctx.root, path), 200_000) or "" for path in paths[:50]}
    for path, text in texts.items():
        if text and all(line in text for line in anchor):
            found.append(path)
    if not found:
        # the content changed format (a CSV row ``12 Elm Row,north`` → ``- address: 12 Elm Row``): the one file that
        # holds every longer field of the lines the edit replaces
        import re

        fields = {f.strip() for line in anchor for f in re.split(r"[,;\t|]", line) if len(f.strip()) >= 6}
        if fields:
            found = [path for path, text in texts.items() if text and all(f in text for f in fields)]
    return found if len(found) == 1 else []


_SCRIPT_RUNNERS = frozenset({"sh", "bash", "zsh", "dash", "python", "python3", "node", "ruby", "perl", "bun", "deno"})


def replaced_script_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A run of a repository script that is gone, deleted by a commit that added (or changed) the script doing
    its job now: the one the commit's message names, else the one new executable sharing a word of its name
    (``scripts/reset_db.sh`` → ``bin/dev-reset``). The alternative is the same line with the new path."""
    head = (action.text or "").split(None, 2)[:2]
    if not any("/" in w for w in head):
        return None  # no path run: nothing to read (and no shlex, which imports re, on the allow path)
    import shlex

    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_files import _deletions, _tool_tokens, named_successor

    try:
        raw = shlex.split((action.text or "").split("&&")[-1].split(";")[-1].split("|")[0])
    except ValueError:
        return None
    while raw and "=" in raw[0] and raw[0].split("=", 1)[0].isidentifier():
        raw = raw[1:]  # VAR=value before the program
    if not raw or not words or os.path.basename(raw[0]) != os.path.basename(words[0]):
        return None
    runner, program, args = "", raw[0], raw[1:]
    if os.path.basename(program) in _SCRIPT_RUNNERS and args and not args[0].startswith("-"):
        runner, program, args = program + " ", args[0], args[1:]
    if "/" not in program or "$" in program or program.startswith(("/", "~")):
        return None
    root = os.path.realpath(ctx.root)
    full = os.path.normpath(os.path.join(directory, program))
    if os.path.exists(full):
        return None
    parent = os.path.dirname(full)
    while parent and not os.path.isdir(parent):
        parent = os.path.dirname(parent)
    real = os.path.join(os.path.realpath(parent), os.path.relpath(full, parent))
    if not real.startswith(root + os.sep):
        return None
    rel = os.path.relpath(real, root)
    entry = _deletions(ctx).get(rel)
    if not entry:
        return None
    sha = entry.split(" ", 1)[0]
    now = named_successor(ctx, sha, rel)
    if now is None:
        stem = os.path.basename(rel).rsplit(".", 1)[0]
        words_old = _tool_tokens(stem) - {"sh", "bash", "script", "scripts"}
        near = [p for p in _added_by(ctx, sha) if os.access(os.path.join(root, p), os.X_OK)
                and _tool_tokens(os.path.basename(p).rsplit(".", 1)[0]) & words_old]
        if len(near) != 1:
            return None
        now = near[0]
    shown = os.path.relpath(os.path.join(root, now), os.path.realpath(directory))
    if not runner and not shown.startswith((".", "/")):
        shown = "./" + shown
    line = " ".join([runner + shown, *args]).strip()
    return _premise(action, f"path.{os.path.basename(rel)}", rel, now, "git.history",
                    f"{rel} was deleted by commit {entry}, which added {now}; {rel} does not exist, {now} does",
                    f"`{line}`", f"{rel} is the script that does this")


_NODE_RUNNERS = {"npx": 1, "pnpx": 1, "bunx": 1}


def removed_dependency_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``npx X`` where X is no dependency of the project any more: the commit that removed it from package.json
    added the tool doing its job (a drop-in replacement, or a tool of X's category in the role catalogue:
    ``node-sass`` → ``sass``, ``standard-version`` → ``changeset version``). Without such a successor the
    action is left to the package runner."""
    from statewise_cli.recovery.premises import _first_existing, _premise
    from statewise_cli.recovery.premises_roles import (
        in_catalogue,
        runner_prefix,
        successor_command,
        swap_program,
        tool_name,
    )
    from statewise_cli.recovery.premises_tools import _invoked

    if not words or (words[0] not in _NODE_RUNNERS and words[:2] not in (["pnpm", "exec"], ["yarn", "exec"])):
        return None
    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    tool = program.split("@", 1)[0] if not program.startswith("@") else program
    if not in_catalogue(tool):
        return None
    found = _first_existing(directory, ctx.root, ("package.json",))
    if found is None:
        return None
    path, text = found
    from statewise_cli.fast import jsonfast as json

    def deps(raw: str) -> set[str]:
        try:
            data = json.loads(raw)
        except ValueError:
            return set()
        out: set[str] = set()
        for key in ("dependencies", "devDependencies", "optionalDependencies", "peerDependencies"):
            if isinstance(data, dict) and isinstance(data.get(key), dict):
                out.update(data[key])
        return out

    now = deps(text)
    if not now or tool in now or os.path.exists(os.path.join(os.path.dirname(path), "node_modules", ".bin", tool)):
        return None
    rel = os.path.relpath(path, os.path.realpath(ctx.root))
    code, out = ctx.git("log", "-n1", "--format=%h %s", "-G", f'"{tool}"', "--", rel)
    if code != 0 or not out.strip():
        return None
    entry = out.strip().splitlines()[0]
    sha = entry.split(" ", 1)[0]
    code, before = ctx.git("show", f"{sha}^:{rel}")
    code2, after = ctx.git("show", f"{sha}:{rel}")
    if code != 0 or code2 != 0:
        return None
    old, new = deps(before), deps(after)
    if tool not in old or tool in new:
        return None
    candidates: dict[str, str] = {}
    for package in sorted(new - old):
        other = tool_name(package)
        command = successor_command(tool, args, other)
        if command is not None:
            candidates[other] = command
    if len(candidates) != 1:
        return None
    other, command = next(iter(candidates.items()))
    line = (action.text or "").strip()
    if command == " ".join([other, *args]):
        full = swap_program(line, tool, other) or runner_prefix(words, program) + command
    else:
        full = runner_prefix(words, program) + command
    return _premise(action, f"tool.replaced.{tool}", tool, other, "git.history",
                    f"{tool} is no dependency of {rel} any more: commit {entry} removed it and added {other}",
                    f"`{full}`", f"this project uses {tool}")


def _workflow_names(ctx: Any, kind: str, rev: str | None) -> set[str] | None:
    """The ``secrets.X`` / ``vars.X`` names the GitHub Actions workflows read, now (``rev`` None) or at ``rev``."""
    import re

    texts: list[str] = []
    if rev is None:
        base = os.path.join(ctx.root, ".github", "workflows")
        try:
            names = sorted(os.listdir(base))
        except OSError:
            return None
        from statewise_cli.recovery.premises import _read

        texts = [_read(os.path.join(base, n), 300_000) or "" for n in names if n.endswith((".yml", ".yaml"))]
    else:
        code, out = ctx.git("grep", "-h", "-o", "-E", rf"{kind}\.[A-Za-z_][A-Za-z0-9_]*", rev, "--", ".github/workflows")
        if code not in (0, 1):
            return None
        texts = [out]
    found: set[str] = set()
    for text in texts:
        found.update(re.findall(rf"\b{kind}\.([A-Za-z_][A-Za-z0-9_]*)", text))
    return found


def workflow_secret_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``gh secret set NAME`` / ``gh variable set NAME`` where no workflow of the repository reads NAME now and
    the commit that stopped reading it started reading another name in its place: the workflows read that one."""
    from statewise_cli.recovery.premises import _premise

    if words[:1] != ["gh"] or len(words) < 4 or words[1] not in ("secret", "variable") or words[2] != "set":
        return None
    if any(w in ("--org", "-o", "--env", "-e", "--app", "-a", "--user", "-u", "--repo", "-R") or w.startswith(
            ("--org=", "--env=", "--app=", "--user=", "--repo=")) for w in words[3:]):
        return None  # another scope than this repository's
    name = words[3]
    if name.startswith("-") or not name.replace("_", "").isalnum():
        return None
    kind = "secrets" if words[1] == "secret" else "vars"
    now = _workflow_names(ctx, kind, None)
    if not now or name in now:
        return None
    code, out = ctx.git("log", "-n1", "--format=%h %s", "-G", rf"{kind}\.{name}\b", "--", ".github/workflows")
    if code != 0 or not out.strip():
        return None
    entry = out.strip().splitlines()[0]
    sha = entry.split(" ", 1)[0]
    before, after = _workflow_names(ctx, kind, f"{sha}^"), _workflow_names(ctx, kind, sha)
    if before is None or after is None or name not in before or name in after:
        return None
    added = sorted((after - before) & now)
    if len(added) != 1:
        return None
    other = added[0]
    line = (action.text or "").strip()
    import re

    fixed = re.sub(rf"(?<![\w$]){re.escape(name)}(?!\w)", other, line, count=1)
    what = "secret" if kind == "secrets" else "variable"
    return _premise(action, f"env.{name}", name, other, "git.history",
                    f"no workflow in .github/workflows reads the {what} {name} now; commit {entry} replaced "
                    f"{kind}.{name} with {kind}.{other}", f"`{fixed}`", f"the workflows read the {what} {name}")


def _scripts(raw: str) -> dict[str, str]:
    from statewise_cli.fast import jsonfast as json

    try:
        data = json.loads(raw)
    except ValueError:
        return {}
    scripts = data.get("scripts") if isinstance(data, dict) else None
    return {str(k): str(v) for k, v in scripts.items() if isinstance(v, str)} if isinstance(scripts, dict) else {}


def _script_tool(command: str) -> str:
    """The program a package.json script runs (``npx mocha --recursive`` → mocha, ``cross-env X=1 jest`` → jest)."""
    words = command.replace("&&", " ").split()
    while words and ("=" in words[0] or words[0] in ("npx", "pnpx", "bunx", "cross-env", "env", "dotenv", "--")):
        words = words[1:]
    return words[0] if words else ""


def moved_script_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """``npx X`` where X is no dependency of the project and no binary of its node_modules, and a script of
    package.json that ran X now runs another command (``"test": "mocha"`` → ``"test": "node --test"``,
    ``"build-storybook": "build-storybook"`` → ``"storybook build"``): the script names the project's current
    command for that job, whatever the successor is — no catalogue of tools needed. The commit that changed the
    script is the evidence; the alternative is the script itself (``npm test``, ``npm run build-storybook``)."""
    from statewise_cli.recovery.premises import _first_existing, _premise
    from statewise_cli.recovery.premises_tools import _invoked

    if not words or (words[0] not in _NODE_RUNNERS and words[:2] not in (["pnpm", "exec"], ["yarn", "exec"])):
        return None
    invoked = _invoked(words)
    if invoked is None:
        return None
    program, args = invoked
    tool = program.split("@", 1)[0] if not program.startswith("@") else "@" + program[1:].split("@", 1)[0]
    if not tool or "/" in tool or tool.startswith("-"):
        return None
    found = _first_existing(directory, ctx.root, ("package.json",))
    if found is None:
        return None
    path, text = found
    from statewise_cli.fast import jsonfast as json

    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    declared: set[str] = set()
    for key in ("dependencies", "devDependencies", "optionalDependencies", "peerDependencies"):
        if isinstance(data.get(key), dict):
            declared.update(data[key])
    if tool in declared or os.path.exists(os.path.join(os.path.dirname(path), "node_modules", ".bin", tool)):
        return None
    now = _scripts(text)
    if not now or any(_script_tool(c) == tool for c in now.values()):
        return None  # a script still runs it: the project still uses it
    rel = os.path.relpath(path, os.path.realpath(ctx.root))
    code, out = ctx.git("log", "-n1", "--format=%h %s", "-S", tool, "--", rel)
    if code != 0 or not out.strip():
        return None
    entry = out.strip().splitlines()[0]
    sha = entry.split(" ", 1)[0]
    code, before = ctx.git("show", f"{sha}^:{rel}")
    if code != 0:
        return None
    moved = sorted(name for name, command in _scripts(before).items()
                   if _script_tool(command) == tool and name in now and _script_tool(now[name]) not in ("", tool))
    if len(moved) != 1:
        return None
    name = moved[0]
    manager = "pnpm" if words[0] in ("pnpm", "pnpx") else "yarn" if words[0] == "yarn" else "bun" if words[0] == "bunx" \
        else "npm"
    run = f"{manager} test" if name == "test" else f"{manager} run {name}"
    extra = [a for a in args if a not in _scripts(before)[name].split()]
    line = run + (" -- " + " ".join(extra) if extra and manager == "npm" else " " + " ".join(extra) if extra else "")
    return _premise(action, f"tool.replaced.{tool}", tool, now[name], "git.history",
                    f"{tool} is no dependency of {rel}; its script `{name}` ran `{_scripts(before)[name]}` and, since "
                    f"commit {entry}, runs `{now[name]}`", f"`{line}` (runs `{now[name]}`)", f"this project uses {tool}")
