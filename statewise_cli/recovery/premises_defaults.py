"""A setting of the program's own configuration file that a commit changed, for a run that passes no option for it.

Programs read their defaults from a file of their own (``rosterctl.toml``, ``.berthlist.yaml``, ``nightaudit.ini``)
whose keys are their long options without the dashes (``publish`` ↔ ``--publish`` / ``--no-publish``, ``dest`` ↔
``--dest``; under a section the program reads for one command: ``[export] dest``). A run that passes no option for a
key takes the file's value. An action written down before a commit changed that value (``dest = "office"`` →
``"web"``, ``publish = false`` → ``true``, ``mode = "trial"`` → ``"commit"``) rests on the premise that the default is
still the earlier one.

Projects say how to get the earlier behaviour back in the commit that changed it, in the file's comments or in a note
beside it: "the office export needs --dest office", "checks use --trial", "drafts: --no-publish", "search every
registry (--registry all)". The reader decides only when such a text names an option for the key's earlier value —
``--KEY OLD``, ``--OLD`` (the earlier value as its own flag), or for a boolean the flag that restores it
(``--no-KEY`` / ``--KEY``) — and the action passes none of the key's options. Anything else is ``unknown``: a
changed value alone does not say the run meant the earlier one.

Read-only: the config file, ``git log`` / ``git show`` of that file, and the notes in its folder; cached per HEAD.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

_SKIP = frozenset({"git", "sh", "bash", "env", "sudo", "make", "npm", "npx", "pnpm", "yarn", "python", "python3",
                   "node", "rm", "cp", "mv", "echo", "printf", "cat", "ls", "cd", "docker", "kubectl", "pip", "uv"})
# Section names that hold settings for every command of the program.
_GENERAL = frozenset({"default", "defaults", "settings", "general", "options", "config", "global", "main", "common",
                      "core", "tool"})
_NOTES = (".md", ".txt", ".rst", ".markdown")
_CACHE = "changed-defaults.json"
_OLD_WORDS = r"\b(?:no\s+longer|used\s+to|previously|formerly|deprecated|removed|retired)\b"


def _re() -> Any:
    import re

    return re


def _value(raw: str) -> str | None:
    raw = raw.strip().rstrip(",")
    if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'":
        raw = raw[1:-1]
    if not raw or len(raw) > 60 or not _re().fullmatch(r"[\w.:/@+-]+", raw):
        return None
    return raw


def _changes(ctx: Any, rel: str) -> list[tuple[str, str, str, str]]:
    """(key, earlier value, value now, commit) for each key the newest commits of ``rel`` changed."""
    re = _re()
    code, out = ctx.git("log", "-n3", "--format=%h", "--", rel)
    if code != 0:
        return []
    found: dict[str, tuple[str, str, str, str]] = {}
    line_re = re.compile(r"^([-+])\s*[\"']?([A-Za-z][\w-]*)[\"']?\s*[:=]\s*(.*?)\s*(?:#.*)?$")
    for commit in out.split():
        code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff", "--", rel)
        if code != 0:
            continue
        removed: dict[str, str] = {}
        added: dict[str, str] = {}
        for line in diff.splitlines():
            if line.startswith(("---", "+++")):
                continue
            m = line_re.match(line)
            if not m:
                continue
            value = _value(m.group(3))
            if value is None:
                continue
            (removed if m.group(1) == "-" else added).setdefault(m.group(2), value)
        for key, before in removed.items():
            after = added.get(key)
            if after is not None and after.lower() != before.lower() and key not in found:
                found[key] = (key, before, after, commit)
    return list(found.values())


def _section(text: str, key: str) -> str:
    """The ``[section]`` a TOML / INI key sits under in the file as it is now ("" at the top or in YAML)."""
    re = _re()
    section = ""
    for line in text.splitlines():
        head = re.match(r"^\s*\[+\s*([^\]]+?)\s*\]+\s*$", line)
        if head:
            section = head.group(1).split(".")[0].strip("\"'").lower()
            continue
        if re.match(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*[:=]", line):
            return section
    return ""


def _notes(root: str, folders: list[str]) -> list[tuple[str, str]]:
    """The notes in ``folders``, without the agents' memory files (CLAUDE.md, AGENTS.md): what a record says is the
    thing checked, never evidence for itself."""
    from statewise_cli.recovery.memory_lines import MEMORY_FILES
    from statewise_cli.recovery.premises import _read

    memory = {os.path.basename(m).lower() for m in MEMORY_FILES}
    out: list[tuple[str, str]] = []
    for folder in dict.fromkeys(folders):
        try:
            names = sorted(os.listdir(folder))[:40]
        except OSError:
            continue
        for name in names:
            path = os.path.join(folder, name)
            if name.lower().endswith(_NOTES) and name.lower() not in memory and os.path.isfile(path):
                out.append((os.path.relpath(path, root), _read(path, 64 * 1024) or ""))
    return out[:12]


def key_flags(key: str) -> list[str]:
    """The long options a configuration key sets: ``--KEY``, and for a key that holds the option's default
    (``default_out``, ``out_default``, ``defaults.out``) the option itself (``--out``)."""
    re = _re()
    flat = key.replace("_", "-").replace(".", "-").lower()
    flags = ["--" + flat]
    m = re.fullmatch(r"(?:defaults?-(.+)|(.+)-default)", flat)
    if m and len(m.group(1) or m.group(2)) >= 2:
        flags.append("--" + (m.group(1) or m.group(2)))
    return flags


def _option_for(key: str, before: str, after: str, texts: list[tuple[str, str]]) -> tuple[str, str, str] | None:
    """(flag, value, where) a text names for ``key``'s earlier value; None unless exactly one form is named."""
    re = _re()
    flags = key_flags(key)
    flag = flags[-1]
    forms: list[tuple[str, str]] = [(f, before) for f in flags]
    if re.fullmatch(r"[A-Za-z][\w-]{2,}", before) and before.lower() not in ("true", "false", "yes", "no", "on", "off"):
        forms.append(("--" + before.lower(), ""))
    low_b, low_a = before.lower(), after.lower()
    if low_b in ("false", "no", "off", "0") and low_a in ("true", "yes", "on", "1"):
        forms.append(("--no-" + flag[2:], ""))
    elif low_b in ("true", "yes", "on", "1") and low_a in ("false", "no", "off", "0"):
        forms.append((flag, ""))
    for where, text in texts:
        flat = " ".join(text.split())
        for sentence in re.split(r"(?<=[.!?;])\s+", flat):
            if re.search(_OLD_WORDS, sentence, re.I):
                continue
            for name, value in forms:
                pattern = rf"(?<![\w-]){re.escape(name)}(?![\w-])"
                if value:
                    pattern += rf"(?:\s+|=)`?{re.escape(value)}(?![\w-])"
                if re.search(pattern, sentence, re.I):
                    return name, value, where
    return None


def _flag_for_word(before: str, texts: list[tuple[str, str]], given: set[str]) -> tuple[str, str, str] | None:
    """(flag, "", where) of the one flag a text gives for the earlier value's word as a way to run ("check with
    --dry-run", "to check, pass --dry-run" for ``mode = "check"``): the earlier behaviour's own option under another
    name. None unless the texts name exactly one such flag, not already given."""
    re = _re()
    if not re.fullmatch(r"[A-Za-z][\w-]{2,}", before) or before.lower() in ("true", "false", "yes", "no", "on", "off"):
        return None
    pattern = re.compile(rf"(?<![\w-]){re.escape(before)}(?:s|es|ed|ing)?(?![\w-]),?\s+(?:\w+\s+){{0,2}}?(?:with|using|"
                         rf"via|by\s+passing|pass(?:ing)?|add(?:ing)?|use)\s+`?(--[a-z][\w-]*)(?![\w-])", re.I)
    found: list[tuple[str, str]] = []
    for where, text in texts:
        flat = " ".join(text.split())
        for sentence in re.split(r"(?<=[.!?;])\s+", flat):
            if re.search(_OLD_WORDS, sentence, re.I):
                continue
            for m in pattern.finditer(sentence):
                flag = m.group(1).lower()
                if flag not in given and flag not in (f for f, _ in found):
                    found.append((flag, where))
    return (found[0][0], "", found[0][1]) if len(found) == 1 else None


def changed_default_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """See the module docstring."""
    if len(words) < 2 or words[0].startswith("-"):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in _SKIP:
        return None
    from statewise_cli.recovery.premises_environments import _own_configs

    root = os.path.realpath(ctx.root)
    configs = _own_configs(root, directory, program)
    if not configs:
        return None
    given = {w.split("=", 1)[0].lower() for w in words[1:] if w.startswith("--")}
    verb = next((w.lower() for w in words[1:] if not w.startswith("-")), "")
    from statewise_cli.recovery.premises import _read, head_cached, save_cache

    head, cache, cached = head_cached(ctx, _CACHE, "changes")
    table: dict[str, Any] = dict(cached) if isinstance(cached, dict) else {}
    dirty = False
    for path in configs:
        rel = os.path.relpath(path, root)
        if rel not in table:
            table[rel] = [list(c) for c in _changes(ctx, rel)]
            dirty = True
        changes = [tuple(map(str, c)) for c in table[rel] if isinstance(c, list) and len(c) == 4]
        if not changes:
            continue
        text = _read(path, 100_000) or ""
        for key, before, after, commit in changes:
            flags = key_flags(key)
            flag = flags[-1]
            if {*flags, *("--no-" + f[2:] for f in flags), "--" + before.lower(), "--" + after.lower()} & given:
                continue
            section = _section(text, key)
            if section and section not in _GENERAL and section != program.lower() and verb.isalpha() \
                    and verb != section and not verb.startswith("-") and any(not w.startswith("-") for w in words[1:2]):
                continue  # a setting of another of the program's commands
            code, message = ctx.git("log", "-n1", "--format=%B", commit)
            comments = "\n".join(ln.strip().lstrip("#;").strip() for ln in text.splitlines()
                                 if ln.strip().startswith(("#", ";")))
            texts = [(f"commit {commit}", message if code == 0 else ""), (rel, comments),
                     *_notes(root, [os.path.dirname(path), directory])]
            named = _option_for(key, before, after, texts) or _flag_for_word(before, texts, given)
            if named is None:
                continue
            opt, value, where = named
            from statewise_cli.recovery.premises_optional import with_option

            command = with_option(words, opt, value)
            subject = (message.strip().splitlines() or [""])[0][:160].replace("`", "'") if code == 0 else ""
            shown_key = f"[{section}] {key}" if section else key
            text_ = (action.text or "").strip()
            from statewise_cli.recovery.premises import _premise

            if dirty:
                save_cache(cache, {"head": head, "changes": table})
            return _premise(action, "runtime.default.setting", f"{program}'s default {key} is {before}",
                            f"{key} = {after}", "repo.config",
                            f"{program} reads {rel}, whose `{shown_key}` commit {commit} changed from {before} to "
                            f"{after}" + (f" (\"{subject}\")" if subject else "") +
                            f": `{text_[:80]}` passes no {flag}, so it runs with {key} = {after} now",
                            f"`{command}` ({where} names {' '.join(x for x in (opt, value) if x)} for the earlier "
                            f"behaviour)", f"{program}'s default {key} is still {before}", shown=f"`{command}`")
    if dirty:
        save_cache(cache, {"head": head, "changes": table})
    return None
