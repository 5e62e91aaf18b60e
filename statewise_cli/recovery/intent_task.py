"""A developer's record that states the form a kind of work takes, for work the task names.

"Partner-portal invoices are draft invoices: add them with --draft" names its subject (the partner portal) by
words the command line rarely carries: ``./bin/invoices add --customer C-17 --due 2027-01-31`` is the
partner-portal invoice only because the task says so. When the task the developer gave (the latest prompt) names the
record's subject, and the action is the act the record's form clause names (``add`` of ``invoices``) without the
option that clause requires, the action is denied with the same command carrying the option as the alternative.

Only a record whose clause requires the option ("add them with --draft", "always run it with --dry-run") counts; a
clause that negates it ("never with --force", "without --draft") or makes it optional ("may", "if", "unless") is
no form. The action carrying the option (on its command line or in its script's directives) takes the form.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext
    from statewise_cli.store.records import Record

_OPTIONAL = ("may", "can", "if", "unless", "optional", "optionally", "never", "not", "without", "no", "don't",
             "except", "when")


def _form_clauses(value: str) -> list[tuple[str, str]]:
    """(the verb that is done with the option, the option) for each clause requiring one: "add them with --draft"
    → ("add", "--draft"); "always run exports with --redact" → ("run", "--redact")."""
    import re

    found: list[tuple[str, str]] = []
    for clause in re.split(r"[.;:](?:\s|$)", value):
        low = clause.lower()
        for m in re.finditer(r"\b([a-z]{2,})\s+(?:(?:it|them|these|those|each|every\s+one|one)\s+)?(?:always\s+)?"
                             r"with\s+`?(--[a-z][\w-]*)\b", low):
            before = set(re.findall(r"[a-z']+", low[: m.start()]))
            if before & set(_OPTIONAL) or m.group(1) in _OPTIONAL:
                continue
            found.append((m.group(1), m.group(2)))
    return found


def _subject_named(record: Record, text: str) -> bool:
    """Every word of the record's key that says what it is about appears in the text (``policy.partner_portal``:
    "partner-portal", "the partner portal")."""
    import re

    from statewise_cli.recovery.intent import _NOT_SUBJECT, stem

    words = [w for w in re.split(r"[_\W]+", record.key.split(".", 1)[-1].lower()) if len(w) >= 3 and w not in _NOT_SUBJECT
             and not w.isdigit()]
    said = {stem(w) for w in re.findall(r"[a-z0-9]+", text.lower())}
    return bool(words) and all(stem(w) in said for w in words)


def violations(actions: list[Action], policies: list[Record], repo: RepoContext, prompt: str) -> list[Any]:
    """``developer-intent`` denials for an action of the form a record states for work the task names."""
    if not prompt:
        return []
    from statewise_cli.recovery import intent, intent_scope
    from statewise_cli.recovery.invariants import Violation

    found: list[Any] = []
    for action in actions:
        if action.risk == "read-only" or not action.text or intent.head_of(action) not in ("shell", "run"):
            continue
        done = set(intent.action_words(action, repo.root))
        for record in policies:
            if not isinstance(record.value, str) or record.status != "active" or record.validity == "defective" \
                    or not intent.in_force(record) or not _subject_named(record, prompt):
                continue
            value_words = {intent.stem(w) for w in intent._split(record.value)}
            for verb, option in _form_clauses(record.value):
                if intent.stem(verb) not in done or not (done - {intent.stem(verb)}) & value_words:
                    continue  # not the act the clause names, or not of the work the record is about
                if intent_scope.carries_option(action, option, repo.root):
                    continue
                alternative = intent_scope.with_option(action, option)
                detail = (f"the task is about {intent.words_of_key(record)}, and the developer's record {record.key} "
                          f"({record.authority}, {record.source}) says: {record.value}. `{action.text.strip()[:80]}` "
                          f"leaves out {option}; a developer's record outranks memory files (CLAUDE.md / AGENTS.md)")
                found.append(Violation("developer-intent", action, detail, verdict="deny", alternative=alternative))
                break
            else:
                continue
            break
    return found
