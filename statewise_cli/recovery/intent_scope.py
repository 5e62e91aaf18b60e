"""Developer intent, round 33: what a policy's value says beyond its key's words.

- **a category ban with named members** (``category_banned``): "no AGPL/GPL dependencies (libfoo is AGPL; libbar
  is MIT)" bans a category, not a package; a package an add / install brings in is banned when a clause of the
  value names it together with a banned category ("libfoo is AGPL"). A package named with another category
  ("libbar is MIT"), or not named at all, is not decided here.
- **a required option** (``required_option``): "batch jobs only on the low-priority partition (--partition=low)"
  names the command-line option that makes an action of its subject allowed. An action carrying the option (on
  its command line, or in the directives of the script it submits) is what the record asks for; one without it
  is gated, and the alternative is the same command with the option added.
- **the subject of a submitted script** (``directive_words``): a job scheduler's submission (``sbatch job.sh``,
  ``qsub``, ``bsub``) is about what its script requests: the words of the script's scheduler directives
  (``#SBATCH --gres=gpu:1`` → gres, gpu) count as the action's own words.
"""

from __future__ import annotations

import os
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from statewise_cli.actions.normalize import Action
    from statewise_cli.store.records import Record

_BAN_LEADS = r"(?:no|never add|never use|never install|do not add|don't add|do not use|don't use|ban|banned)"
_KINDS = r"(?:dependenc\w*|packages?|librar\w*|licen[cs]e\w*|modules?|crates?|gems?)"
_CATEGORY = re.compile(r"(?<![\w-])" + _BAN_LEADS + r"\s+((?:[\w+.-]+)(?:\s*(?:/|,|\bor\b|\band\b)\s*[\w+.-]+)*)\s+"
                       + _KINDS, re.IGNORECASE)
_DIRECTIVES = ("#SBATCH", "#PBS", "#BSUB", "#$", "#MSUB", "#COBALT")


def _value(record: Record) -> str:
    return record.value if isinstance(record.value, str) else ""


def _categories(text: str) -> set[str]:
    found: set[str] = set()
    for m in _CATEGORY.finditer(text):
        for term in re.split(r"\s*(?:/|,|\bor\b|\band\b)\s*", m.group(1)):
            term = term.strip().lower()
            if term and term not in ("new", "more", "extra", "other", "any", "external", "third-party"):
                found.add(term)
    return found


def category_banned(record: Record, action: Action) -> str | None:
    """A package the action adds that the record's value puts in a category it bans (see the module docstring)."""
    from statewise_cli.recovery.intent import added_packages

    text = _value(record)
    added = added_packages(action)
    if not added or not text:
        return None
    banned = _categories(text)
    if not banned:
        return None
    for clause in re.split(r"[;()\n]|\.\s|,\s", text):
        low = clause.lower()
        if not any(re.search(r"(?<![\w-])" + re.escape(t) + r"(?:v?\d|(?![\w+]))", low) for t in banned):
            continue
        hit = sorted(n for n in added if n not in banned and re.search(r"(?<![\w.-])" + re.escape(n) + r"(?![\w.-])", low))
        if hit:
            return hit[0]
    return None


_OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*(?:[= ][\w.:,/-]+)?)")


def required_option(record: Record) -> str | None:
    """The one command-line option a restrictive "only" record names (``--qos=night``, ``--partition low``)."""
    text = _value(record)
    if " only" not in f" {text.lower()}" or "-" not in text:
        return None
    quoted = re.findall(r"[(`]\s*(--?[A-Za-z][\w-]*(?:[= ][\w.:,/-]+)?)\s*[)`]", text)
    options = sorted(set(quoted))
    return options[0] if len(options) == 1 else None


def _option_parts(option: str) -> tuple[str, str]:
    name, _, value = option.replace(" ", "=", 1).partition("=")
    return name, value


def _script_operands(action: Action, root: str | None) -> list[str]:
    if root is None:
        return []
    found = []
    for arg in action.arguments:
        if arg.startswith("-") or "$" in arg:
            continue
        path = arg if os.path.isabs(arg) else os.path.join(root, action.cwd or "", arg)
        if os.path.isfile(path):
            found.append(path)
    return found[:2]


def _directive_lines(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = handle.read(20_000)
    except OSError:
        return []
    return [line.strip() for line in head.splitlines() if line.strip().startswith(_DIRECTIVES)]


def carries_option(action: Action, option: str, root: str | None) -> bool:
    """The action sets the option to the record's value: on its command line or in its script's directives."""
    name, value = _option_parts(option)
    args = list(action.arguments)
    for i, arg in enumerate(args):
        if arg == name and (not value or i + 1 < len(args) and args[i + 1] == value):
            return True
        if value and arg == f"{name}={value}":
            return True
    for path in _script_operands(action, root):
        for line in _directive_lines(path):
            if f"{name}={value}" in line or f"{name} {value}" in line or (not value and name in line.split()):
                return True
    return False


def directive_words(action: Action, root: str | None) -> list[str]:
    """The words of the scheduler directives of the scripts the action submits (see the module docstring)."""
    from statewise_cli.recovery.intent import _split

    words: list[str] = []
    for path in _script_operands(action, root):
        for line in _directive_lines(path):
            body = line.split(None, 1)[1] if " " in line else ""
            words += _split(re.sub(r"[^\w]+", " ", body).replace("_", " "))
    return words


def with_option(action: Action, option: str) -> str:
    """The action's command line with the option added after the program word."""
    text = (action.text or "").strip()
    if not text or "\n" in text or any(c in text for c in ";&|"):
        return ""
    program, _, rest = text.partition(" ")
    return f"`{program} {option} {rest}`".replace("  ", " ") if rest else f"`{program} {option}`"
