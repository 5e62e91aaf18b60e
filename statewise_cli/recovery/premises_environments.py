"""The role an environment has now, as the repository's documents declare it.

An action names an environment (a cluster, a device fleet, a site, a stage) by a word of its own (``--env pilot``,
``--fleet lab``) and carries test or development work (a nightly, debug, beta, canary build): its premise is that the
environment is one such work may go to. When the project's documents say the environment is production now ("the
`pilot` cluster is production since June", "the lab fleet was promoted to production"), the premise is false: the
action is stopped with the declared role, and with the environment the same documents give test work to, when they
name one ("test builds go to `sandbox`"), as the same line with that name.

Reads the documents the git premises read (docs and governance files); nothing here runs a program.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action

# Words of an action that say its work is not production work.
_TRIAL = frozenset({"test", "tests", "testing", "dev", "devel", "development", "debug", "nightly", "nightlies", "beta",
                    "alpha", "canary", "experimental", "experiment", "staging", "qa", "snapshot", "wip", "preview",
                    "sandbox", "trial", "demo", "unstable", "scratch", "prototype", "unsigned", "dirty", "draft", "playtest",
                    "tester", "testers", "throwaway"})
# What a group of machines or a deployment target is called after its name ("the lab fleet", "the pilot cluster").
_KINDS = (r"(?:cluster|fleet|environment|env|stage|site|servers?|devices|ring|pool|group|region|tenant|namespace|instances?|"
          r"profiles?|channels?|contexts?|accounts?|app|application|workspaces?)")
_PRODUCTION = (r"(?:production|prod|live|customer[- ]facing|serv(?:e|es|ing)\s+(?:paying\s+|real\s+)?(?:customers|users|"
               r"patients|members|the\s+public)|shared|public|(?:the\s+\w+\s+)?every\s+(?:buyer|user|customer|player|reader|"
               r"visitor|member)s?\s+\w+)")
_BECAME = (r"\b(?:is|are|became|has\s+become|have\s+become|was\s+promoted\s+to|were\s+promoted\s+to|promoted\s+to|"
           r"is\s+now|are\s+now|now|went|turned)\b")
_NOT_NOW = (r"\bno\s+longer\b", r"\bnot\b", r"\bn't\b", r"\bformer(?:ly)?\b", r"\bpreviously\b", r"\bused\s+to\b",
            r"\buntil\b", r"\bwill\b", r"\bnever\b", r"\bretired\b", r"\bdecommissioned\b", r"\bif\b")


def _re() -> Any:
    import re

    return re


_SEPARATORS = str.maketrans({c: " " for c in "-_=/:,.@"})


def _pieces(word: str) -> set[str]:
    return set(word.lower().translate(_SEPARATORS).split())


def _declared_production(sentence: str) -> list[str]:
    """Names a sentence declares production now: backticked names, or the word before a kind of target."""
    re = _re()
    if any(re.search(p, sentence, re.I) for p in _NOT_NOW):
        return []
    if not re.search(rf"{_BECAME}[^.;]{{0,40}}?\b{_PRODUCTION}", sentence, re.I) and not re.search(
            rf"\b{_PRODUCTION}\s+since\b|\b{_KINDS}\s+(?:now\s+)?{_PRODUCTION}|\b{_KINDS}\s+(?:points?|pointing)\s+(?:at|to)"
            rf"\s+(?:the\s+)?{_PRODUCTION}\b[^.;]{{0,30}}?\bnow\b", sentence, re.I):
        return []
    names = re.findall(r"`([\w.-]{2,40})`", sentence)
    if not names:
        names = [m.group(1) for m in re.finditer(rf"\b([a-z][\w-]{{1,30}})\s+{_KINDS}\b", sentence, re.I)
                 if m.group(1).lower() not in ("the", "a", "an", "our", "this", "that", "every", "each", "all",
                                                "production", "prod", "live", "test", "staging")]
    return names


def _trial_home(sentences: list[str], exclude: str) -> str | None:
    """The one environment the documents give test work to ("test builds go to `sandbox`", "`lab2` is the test
    fleet now")."""
    re = _re()
    trial = "|".join(sorted(_TRIAL))
    found: set[str] = set()
    for s in sentences:
        for m in re.finditer(rf"\b(?:{trial})\w*\b[^.;]{{0,60}}?\b(?:go(?:es)?|run|runs|are\s+\w+ed|deploy\w*|land\w*|"
                             rf"belong\w*)\s+(?:only\s+)?(?:to|on|in)\s+(?:the\s+)?`([\w.-]{{2,40}})`", s, re.I):
            found.add(m.group(1))
        for m in re.finditer(rf"`([\w.-]{{2,40}})`\s+(?:is|are)\s+(?:now\s+)?(?:the\s+|our\s+)?(?:{trial})\b", s, re.I):
            found.add(m.group(1))
        # "your docker Orthanc is the `local` profile", "your own throwaway app is `sandbox`": the developer's own place
        for m in re.finditer(rf"\byour\b[^.;]{{0,50}}?\b(?:is|are)\s+(?:the\s+)?`([\w.-]{{2,40}})`(?:\s+{_KINDS})?", s, re.I):
            found.add(m.group(1))
    found.discard(exclude)
    return found.pop() if len(found) == 1 else None


# Where operations teams keep the notes that say what an environment, profile or channel is now.
_OPS_DIRS = ("ops", "operations", "infra/docs", "deploy/docs")


def _operations_files(root: str) -> list[str]:
    """The text documents directly under an operations directory (``ops/NOTES.md``, ``ops/search.md``)."""
    import os

    found: list[str] = []
    for sub in _OPS_DIRS:
        try:
            names = sorted(os.listdir(os.path.join(root, sub)))[:30]
        except OSError:
            continue
        found += [os.path.join(root, sub, n) for n in names if n.lower().endswith((".md", ".txt", ".rst", ".markdown"))]
    return found


def _operations_statements(root: str) -> list[str]:
    """Sentences of the operations notes (:func:`_operations_files`)."""
    from statewise_cli.recovery.governance import _statements

    re = _re()
    found: list[str] = []
    for path in _operations_files(root):
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(64 * 1024)
        except OSError:
            continue
        for _, statement in _statements(text):
            found += [x for x in re.split(r"(?<=[.!?])\s+", statement) if x.strip()]
    return found


def environment_role_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """An action carrying test work to an environment the documents declare production now."""
    if len(words) < 2:
        return None
    from statewise_cli.recovery.premises_git import _route_statements

    pieces = [(w, _pieces(w)) for w in words[1:]]
    every = set().union(*(p for _, p in pieces)) if pieces else set()
    # the work's own words: a subcommand (`npm test`, `make dev`) names a job, not what the work is
    carried = set().union(*(p for i, (w, p) in enumerate(pieces) if i or len(p) > 1)) if pieces else set()
    if not carried & _TRIAL:
        return None
    sentences = _route_statements(ctx.root) + _operations_statements(ctx.root)
    low_words = " ".join(words).lower()
    for sentence in sentences:
        for name in _declared_production(sentence):
            low = name.lower()
            if low not in low_words:
                continue
            hit = next((w for w, p in pieces if low == w.lower() or low in p or _pieces(low) <= p and "-" in low), None)
            if hit is None or not (every - _pieces(low)) & _TRIAL:
                continue
            text = (action.text or "").strip()
            home = _trial_home(sentences, name)
            quote = " ".join(sentence.split())[:240].replace("`", "'")
            from statewise_cli.recovery.premises import _premise

            if home:
                command = _re().sub(rf"(?<![\w-]){_re().escape(name)}(?![\w-])", home, text, count=1)
                alternative = f"`{command}` (the environment the documents give test work to)"
                shown = f"`{command}`"
            else:
                alternative = (f"ask the developer where this test work goes now: {name} is production; do not run it "
                               f"against {name}")
                shown = ""
            return _premise(action, "runtime.environment.role", f"{name} (a place for test work)", "production",
                            "repo.docs", f"the repository's documents declare {name} production (live or shared) now: \"{quote}\"; "
                            f"`{text[:80]}` takes test work to it", alternative,
                            f"{name} is an environment for test work", shown=shown)
    return None


def _documents_about(root: str, program: str) -> list[tuple[str, str]]:
    """(path relative to root, text) of the repository's docs and operations notes that are about ``program``: named
    for it, or naming it."""
    import os

    from statewise_cli.recovery.governance_targets import _sources

    paths = list(_sources(root)) + _operations_files(root)
    low = program.lower()
    # "the patch CLI", "the patch tool" name patchctl: the program's name without its command-line suffix
    base = _re().sub(r"[-_]?(?:ctl|cli|adm|tool)$", "", low)
    aliases = [f"{base} {w}" for w in ("cli", "tool", "command-line tool")] if base != low and len(base) >= 3 else []
    found: list[tuple[str, str]] = []
    for path in dict.fromkeys(paths):
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(64 * 1024)
        except OSError:
            continue
        lowered = text.lower()
        if low in os.path.basename(path).lower() or low in lowered or any(a in lowered for a in aliases):
            found.append((os.path.relpath(path, root), text))
    return found


def default_role_premise(action: Action, words: list[str], ctx: Any) -> Any:
    """A program run without the option that picks its target, where a document about the program says its default
    target is production (live, shared) now and names the option to pass instead ("the CLI's default profile is the
    production application now … pass --profile local for anything you clear"): the action gets that option."""
    import os

    if len(words) < 2 or words[0].startswith("-"):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in ("git", "sh", "bash", "env", "sudo", "make", "npm", "npx", "python", "python3"):
        return None
    re = _re()
    gap = r"(?:[^.;]|\.(?=\w)){0,60}?"  # a file name's dots do not end the clause (`.labctl.toml`)
    default = re.compile(rf"(?i)\bdefault\s+(?:target\s+)?{_KINDS}\b{gap}(?:{_BECAME}){gap}\b{_PRODUCTION}|"
                         rf"\bdefaults?\s+to\s+(?:the\s+)?{_PRODUCTION}\b|"
                         # "berthctl publishes to the live port community system by default now" (a default that
                         # changed; "deploys to production by default" is how deploys are meant to go)
                         rf"\b(?:to|on|at|into)\s+(?:the\s+)?{_PRODUCTION}\b[^.;]{{0,60}}?\bby\s+default\s+now\b")
    option = re.compile(r"(?<![\w-])(--[a-z][\w-]*)(?:=|\s+)`?([\w./:@-]+)`?")
    cue = re.compile(r"(?i)\b(?:pass|passing|with|use|using|add|always|only|must|needs?)\b")
    given = {w.split("=", 1)[0] for w in words if w.startswith("--")}
    for name, text in _documents_about(ctx.root, program):
        flat = " ".join(text.split())
        said = default.search(flat)
        if said is None:
            continue
        sentence = next((x for x in re.split(r"(?<=[.!?])\s+", flat) if said.group(0) in x), said.group(0))
        if any(re.search(p, sentence, re.I) for p in _NOT_NOW if p not in (r"\bnot\b", r"\bn't\b")):
            continue
        options: dict[str, str] = {}
        for piece in re.split(r"(?<=[.!?;])\s+", flat):
            if not cue.search(piece) or re.search(r"(?i)\b(?:never|don't|do not)\b", piece):
                continue
            for m in option.finditer(piece):
                value = m.group(2).rstrip(".,;:)")
                if value and not value.startswith("-"):
                    options.setdefault(m.group(1), value)
        if len(options) != 1:
            continue
        flag, value = next(iter(options.items()))
        if flag in given:
            continue
        text_ = (action.text or "").strip()
        from statewise_cli.recovery.premises_optional import with_option

        command = with_option(words, flag, value)
        quote = sentence[:240].replace("`", "'")
        from statewise_cli.recovery.premises import _premise

        return _premise(action, "runtime.default.target", f"{program}'s default target (no {flag})", f"{flag} {value}",
                        "repo.docs", f"{name} says {program}'s default is production (live or shared) now: \"{quote}\"; "
                        f"`{text_[:80]}` passes no {flag}, so it acts on that default", f"`{command}` ({name} names "
                        f"{flag} {value} for this work)", f"{program}'s default target is the one for this work",
                        shown=f"`{command}`")
    return None


_DEFAULT_KEY = (r"(?:default[_-]?)?(env|environment|profile|target|instance|site|context|stage|tenant|account|mode|"
                r"channel|destination|feed)")
# values that point a run at the world: production, the public feed, sending for real
_OUTWARD_VALUES = ("production", "prod", "live", "public", "send", "real", "publish")


def _own_configs(root: str, directory: str, program: str) -> list[str]:
    """The program's own configuration files in the action's directory or the repository's root (``.camo.toml``,
    ``camo.yaml``, ``.camorc``; for a checker or control program also the file named for what it serves:
    ``gauge.toml`` for ``gaugecheck``, ``press.toml`` for ``pressctl``)."""
    import os

    stems = [program]
    for suffix in ("check", "ctl", "cli", "adm"):  # a checker or control program named for what it serves
        if program.endswith(suffix) and len(program) - len(suffix) >= 3:
            stems.append(program[:-len(suffix)].rstrip("-_"))
            break
    names = [f"{dot}{stem}{ext}" for stem in stems for dot in (".", "") for ext in (".toml", ".yaml", ".yml", ".json",
                                                                                   ".ini", ".cfg", "rc", ".conf")]
    out: list[str] = []
    for where in dict.fromkeys((directory, root)):
        for name in names:
            path = os.path.join(where, name)
            if os.path.isfile(path):
                out.append(path)
    if not out:  # kept in a folder beside what it runs (``avl/avlctl.toml``)
        try:
            folders = sorted(os.listdir(root))[:80]
        except OSError:
            folders = []
        for folder in folders:
            if folder.startswith(".") or not os.path.isdir(os.path.join(root, folder)):
                continue
            for name in names:
                path = os.path.join(root, folder, name)
                if os.path.isfile(path):
                    out.append(path)
    return out


def config_default_premise(action: Action, words: list[str], directory: str, ctx: Any) -> Any:
    """A program whose own configuration file a commit switched to a production default (``default_env =
    "training"`` → ``"production"`` in ``.camo.toml``), run without the option that picks the target: it acts on
    production now. The option is the key's word (``--env``), or for the ``default`` key of a table named for what it
    chooses between (``[targets] default = "live"``, ``"projects": {"default": "prod"}``) the table's word in the
    singular (``--target``, ``--project``); the value for the work is the one the file held before.
    A file that has always said production says nothing (deploys go there on purpose)."""
    import os

    if len(words) < 2 or words[0].startswith("-"):
        return None
    program = os.path.basename(words[0])
    if len(program) < 3 or program in ("git", "sh", "bash", "env", "sudo", "make", "npm", "npx", "python", "python3"):
        return None
    root = os.path.realpath(ctx.root)
    configs = _own_configs(root, directory, program)
    if not configs:
        return None
    re = _re()
    key_line = re.compile(rf"^\s*[\"']?{_DEFAULT_KEY}[\"']?\s*[:=]\s*[\"']?({'|'.join(_OUTWARD_VALUES)})[\"']?\s*(?:#.*)?$",
                          re.I | re.M)
    from statewise_cli.recovery.premises import _read

    for path in configs:
        text = _read(path, 100_000) or ""
        m = key_line.search(text) or _section_default(text) or _named_default(text)
        if m is None:
            continue
        flag = "--" + m.group(1).lower()
        given = {w.split("=", 1)[0] for w in words[1:] if w.startswith("--")}
        if flag in given or (flag == "--environment" and "--env" in given) or (flag == "--env" and "--environment" in given):
            return None
        earlier = _previous_value(ctx, os.path.relpath(path, root), m.group(1) if m.re is key_line else
                                  getattr(m, "key", "default"))
        if earlier and _outward_name(text, earlier[0]):
            continue  # it pointed outward before as well
        if earlier and f"--{earlier[0]}" in given:
            return None  # the program's own flag for the earlier value (`--preview` for mode = "preview")
        rel = os.path.relpath(path, root)
        line = m.group(0).strip()
        comments = [ln.strip().lstrip("#").strip() for ln in text.splitlines() if ln.strip().startswith("#")]
        before = earlier
        text_ = (action.text or "").strip()
        head, _, rest = text_.partition(" ")
        why = f"{rel} sets `{line}`" + (f" ({'; '.join(comments)[:200]})" if comments else "")
        from statewise_cli.recovery.premises import _premise

        if not before:
            continue  # production since the file was written: the project's deploys go there on purpose
        value, commit = before
        # the earlier value as the program's own flag, where the file or the commit that changed it names one
        # ("--preview only renders the messages"): `--preview`, not `--mode preview`
        code, message = ctx.git("log", "-n1", "--format=%B", commit)
        said = " ".join(comments) + " " + (message if code == 0 else "")
        if re.search(rf"(?<![\w-])--{re.escape(value)}(?![\w-])", said) and not re.search(
                rf"(?<![\w-]){re.escape(flag)}(?![\w-])", said):
            flag, value = f"--{value}", ""
        from statewise_cli.recovery.premises_optional import with_option

        command = with_option(words, flag, value) if len(words) > 2 else f"{head} {flag} {value} {rest}".strip()
        alternative = (f"`{command}` ({before[0]} was the default until commit {commit} made it {m.group(2)})")
        return _premise(action, "runtime.default.target", f"{program}'s default target (no {flag})",
                        f"{flag} {value}", "repo.config",
                        f"{why}: `{text_[:80]}` passes no {flag}, so it acts on {m.group(2)}", alternative,
                        f"{program}'s default target is the one for this work", shown=f"`{command}`")
    return None


def _named_default(text: str) -> Any:
    """A default key whose value is a name the same file defines as an outward place (``default_target = "staff_app"``
    beside ``staff_app = "staff-app-prod"``, ``default_profile: shop`` beside ``shop: {url: https://live.…}``): a
    match whose group 1 is the option's word and group 2 the name with what it points at; None otherwise."""
    re = _re()
    m = re.search(rf"(?m)^\s*[\"']?{_DEFAULT_KEY}[\"']?\s*[:=]\s*[\"']?([A-Za-z][\w.-]*)[\"']?\s*,?\s*(?:#.*)?$", text,
                  re.I)
    if m is None or m.group(2).lower() in _OUTWARD_VALUES:
        return None
    where = _outward_name(text, m.group(2))
    if where is None:
        return None
    found = _Found(m.group(1), f"{m.group(2)} ({where})", m.group(0).strip(), m.re)
    found.key = m.group(1)
    return found


def _outward_name(text: str, name: str) -> str | None:
    """What ``name`` points at where the file defines it (``staff_app = "staff-app-prod"``), when that holds an outward
    word (prod, production, live, public) as a part of its own; None otherwise."""
    re = _re()
    d = re.search(rf"(?m)^\s*[\"']?{re.escape(name)}[\"']?\s*[:=]\s*(.+)$", text)
    if d is None:
        return None
    value = d.group(1).strip().strip("{}").strip()
    parts = {p.lower() for p in re.split(r"[^A-Za-z]+", value) if p}
    if not parts & {"production", "prod", "live", "public"}:
        return None
    return value.strip("\"'")[:60]


def _section_default(text: str) -> Any:
    """The ``default`` key of a table named for the targets it chooses between (``[targets] default = "live"``,
    ``channels:\n  default: live``, as ``.firebaserc``'s ``"projects": {"default": …}``): a match whose group 1 is the
    option's word (``target``) and group 2 the outward value; None when there is none."""
    re = _re()
    words = _DEFAULT_KEY.split("(", 2)[2].rstrip(")").split("|")
    tables = "|".join(f"{w}s" for w in words) + "|envs|environments|projects"
    pattern = re.compile(rf"(?m)^(?:\[\s*[\"']?({tables})[\"']?\s*\]|\s*[\"']?({tables})[\"']?\s*:\s*\{{?)\s*$"
                         rf"((?:\n(?!\[)(?![A-Za-z\"'][\w\"'-]*\s*:\s*$).*)*?)\n\s*[\"']?default[\"']?\s*[:=]\s*"
                         rf"[\"']?({'|'.join(_OUTWARD_VALUES)})[\"']?\s*,?\s*(?:#.*)?$", re.I)
    m = pattern.search(text)
    if m is None:
        return None
    table = (m.group(1) or m.group(2)).lower()
    word = "env" if table in ("envs", "environments") else table[:-1]
    line = m.group(0).strip().splitlines()[-1].strip()
    return _Found(word, m.group(4), line, m.re)


class _Found:
    """A key_line-like match for a table's ``default`` key."""

    def __init__(self, word: str, value: str, line: str, pattern: Any) -> None:
        self._groups = (line, word, value)
        self.re = pattern
        self.key = "default"  # the key the history is searched for

    def group(self, index: int) -> str:
        return self._groups[index]


def _previous_value(ctx: Any, rel: str, key: str) -> tuple[str, str] | None:
    """(the value ``key`` held in ``rel`` before the newest commit that changed it, that commit) from the history."""
    re = _re()
    code, out = ctx.git("log", "-n5", "--format=%h", "-G", key, "--", rel)
    if code != 0:
        return None
    for commit in out.split():
        code, diff = ctx.git("show", commit, "--format=", "-U0", "--no-color", "--no-ext-diff", "--", rel)
        if code != 0:
            continue
        for line in diff.splitlines():
            m = re.match(rf"^-\s*[\"']?(?:default[_-]?)?{re.escape(key)}[\"']?\s*[:=]\s*[\"']?([\w.-]+)[\"']?", line, re.I)
            if m and m.group(1).lower() not in _OUTWARD_VALUES:
                return m.group(1), commit
    return None
