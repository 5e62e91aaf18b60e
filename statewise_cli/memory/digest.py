"""The memory digest the hook hands to agents at session start and with each prompt.

A short, clearly labelled list the agent can trust:

- one value per key and scope; where records of one key disagree in overlapping scopes (a memory
  file's ``version.python = 3.12`` for the repository, a verified ``3.11`` for the workspace) one
  line names the conflict and the winner (verified beats unchecked, then authority, then recency);
- the memory-file lines a repair has since corrected, and records retracted or found defective,
  announced once: in the first message that follows the change;
- after the first message of a session only what changed since the last one (nothing when nothing did).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.store.records import Record

DIGEST_LIMIT = 25
_RANK = {"environment": 3, "developer": 2, "document": 1, "agent": 0}
_BROAD = ("global", "repository", "workspace")  # scopes that all apply to one action: their values must agree


def _where(record: Record) -> str:
    return record.source.removeprefix("memory-file:")


def _strength(record: Record) -> tuple[int, int, float]:
    return (1 if record.validity == "valid" else 0, _RANK.get(record.authority, 0),
            record.verified_at or record.stored_at or 0.0)


def _family(key: str) -> str:
    """The fact a key is a value of. Several commands per kind are variants that coexist (``command.test.e2e``);
    a language version, the package manager and the default branch have one value: ``version.node.minimum``
    beside ``version.node`` is a second answer to the same question."""
    if key.startswith("command.") or key.count(".") < 2 and not key.startswith("package_manager."):
        return key  # the common case, decided without splitting
    if key.startswith("version."):
        return ".".join(key.split(".")[:2])
    for single in ("package_manager", "git.default_branch"):
        if key.startswith(single + "."):
            return single
    return key


def _version_parts(text: str) -> tuple[int, ...] | None:
    digits = text.removesuffix(".x").split(".")
    return tuple(int(d) for d in digits) if all(d.isdigit() for d in digits) and digits != [""] else None


def _compatible(a: str, b: str) -> bool:
    """Whether two version statements can both hold: ``20`` and ``20.11``, ``>=18`` and ``20``."""
    (low_a, exact_a), (low_b, exact_b) = ((v.startswith(">="), _version_parts(v.removeprefix(">=").strip())) for v in (a, b))
    if exact_a is None or exact_b is None:
        return False
    if low_a and low_b:
        return True  # two minimums: the higher one satisfies both
    if low_a or low_b:
        minimum, pinned = (exact_a, exact_b) if low_a else (exact_b, exact_a)
        return pinned[: len(minimum)] >= minimum
    shorter = min(len(exact_a), len(exact_b))
    return exact_a[:shorter] == exact_b[:shorter]


def _disagree(family: str, group: list[Record]) -> bool:
    values = list(dict.fromkeys(r.value_text() for r in group))
    if len(values) < 2:
        return False
    if family.startswith("version."):
        return any(not _compatible(a, b) for i, a in enumerate(values) for b in values[i + 1:])
    return True


def _resolved(live: list[Record]) -> tuple[list[Record], list[str], set[str]]:
    """One record per fact across the broad scopes; the conflict lines; the ids that lost.

    A fact's variants (``version.node`` 16 and ``version.node.minimum`` >=20) are one fact: where they cannot both
    hold, one line names the conflict. The winner is the verified record, then the higher authority; between
    records neither of which is verified nor stronger, none is put in force: the agent is told to ask or verify.
    """
    by_family: dict[str, list[Record]] = {}
    for record in live:
        if record.scope in _BROAD:
            by_family.setdefault(_family(record.key), []).append(record)
    conflicts: list[str] = []
    losers: set[str] = set()
    for family, group in by_family.items():
        if len(group) < 2 or not _disagree(family, group):
            continue
        winner = max(group, key=_strength)
        others = [r for r in group if r is not winner]
        if all(_strength(r)[:2] == _strength(winner)[:2] for r in others):
            said = "; ".join(f"{_where(r)} says {r.value_text()} [{r.scope}, {r.validity}]"
                             for r in sorted(group, key=lambda r: r.key))
            conflicts.append(f"- CONFLICT {family}: {said}; none is verified: ask the developer or check the project "
                             f"before relying on one.")
            losers.update(r.id for r in group)  # named in the conflict line, not listed as records in force
            continue
        losers.update(r.id for r in others)
        said = "; ".join(f"{_where(r)} says {r.value_text()} [{r.scope}, {r.validity}]" for r in others)
        conflicts.append(f"- CONFLICT {family}: {said}; in force: {winner.value_text()} [{winner.scope}; {_where(winner)}; "
                         f"{'verified' if winner.validity == 'valid' else winner.authority}]. Use {winner.value_text()}.")
    return [r for r in live if r.id not in losers], conflicts, losers


def _described(record: Record) -> str:
    """A record's line; a policy outside its own dates says so (a freeze that ended restricts nothing)."""
    line = record.describe()
    if record.key.startswith("policy.") and not isinstance(record.value, bool):
        from statewise_cli.recovery.intent import out_of_force

        why = out_of_force(record)
        if why is not None:
            line += (f" — {why}: not in force today, the restriction is lifted" if why.startswith("ended") else
                     f" — {why}: not in force yet")
        elif record.authority == "developer" and not record.source.startswith("memory-file:"):
            from statewise_cli.recovery.intent import ordered

            if ordered(record):
                line += " — decided by the one responsible: what it names is allowed now, within what it says"
    return line


def _standing(record: Record) -> int:
    """Authority order of the digest: what the developer told statewise directly (``remember``, ``answer``),
    then what verification observed, then memory files and the rest."""
    if record.source.startswith("memory-file:"):
        return 2
    if record.authority == "developer":
        return 0
    return 1 if record.authority == "environment" else 2


_STOP = frozenset({"the", "and", "for", "with", "from", "that", "this", "not", "are", "is", "its", "it", "all",
                   "any", "anywhere", "yet", "still", "only", "needs", "need", "never", "always", "do", "don't",
                   "policy", "can", "may", "must", "should", "now", "our", "you", "your", "own", "here", "there"})


def _subject(record: Record) -> set[str]:
    key = record.key.removeprefix("policy.")
    # `rollout_4_0`: a slug of "4.0 rollout" (an underscore between digits was a dot)
    key = "".join("." if c == "_" and 0 < i < len(key) - 1 and key[i - 1].isdigit() and key[i + 1].isdigit() else c
                  for i, c in enumerate(key))
    text = f"{key.replace('_', ' ')} {record.value_text()}".lower()
    words = set()
    for raw in text.replace(":", " ").replace(";", " ").replace(",", " ").split():
        word = raw.strip("`'\"()[].!?")
        if len(word) >= 3 and word not in _STOP or any(c.isdigit() for c in word) and "." in word:
            words.add(word)
    return words


def _released(record: Record, root: str | None) -> str:
    """A memory file's gate (a policy line that holds an action back) that a later, dated record of the repository
    releases — an approval, a sign-off, an exception granted — said on its line (never stored)."""
    if root is None or not record.key.startswith("policy.") or not record.source.startswith("memory-file:") \
            or not isinstance(record.value, str):
        return ""
    from statewise_cli.recovery.released import _patterns, _unpushed_dirs, release_for, release_phrase

    if not _patterns()[0].search(record.value):  # type: ignore[attr-defined]
        return ""
    # (unreadable documents are skipped; anything else goes to the failure policy); the notes beside the work not
    # pushed yet and the ones the recent history wrote are read with the repository's documents
    found = release_for(root, record.value) or release_for(root, record.value, beside=_unpushed_dirs(root))
    if found is None:
        return ""
    doc, day, sentence = found
    return f" — {release_phrase(sentence)}: {doc} ({day}): \"{sentence[:200]}\""


def _push_rule_lifted(record: Record, root: str | None) -> str:
    """A memory file's policy line that holds direct pushes to a branch of the repository ("main is protected, only
    through a pull request", "never push to main directly") where the team's latest documented word about pushes to
    that branch makes a direct push the rule now ("I dropped the pull request rule; push straight to main"): said on
    its line, with that word (never stored; a rule the documents still state is left as it is)."""
    if root is None or not record.key.startswith("policy.") or not record.source.startswith("memory-file:") \
            or not isinstance(record.value, str):
        return ""
    import re

    text = record.value
    if re.search(r"(?i)\b(?:push(?:es|ed|ing)?|pull\s+requests?|merge\s+requests?|protected)\b", text) is None \
            or re.search(r"(?i)\b(?:never|not|only|protected|must|no\s+direct)\b", text) is None:
        return ""
    import subprocess

    try:
        out = subprocess.run(["git", "-C", root, "for-each-ref", "--format=%(refname:short)", "refs/heads/"],
                             capture_output=True, text=True, timeout=2, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    if out.returncode != 0:
        return ""
    from statewise_cli.verifiers.git import documented_push_rule

    for branch in out.stdout.split()[:50]:
        if re.search(rf"(?<![\w./-])`?{re.escape(branch)}`?(?![\w/-])", text) is None:
            continue
        said = documented_push_rule(root, branch)
        if said is not None and said[0] is False:
            return f" — no longer holds{_line_quoted(record, root)}: the repository's latest word on pushes to {branch} " \
                   f"is {said[1]}; it is allowed now"
    return ""


def _rewrite_allowed(record: Record, root: str | None) -> str:
    """A memory file's policy line against rewriting a branch ("never force-push a lab branch") where a page of the
    repository lets a branch it names, or one of the family it names, be rewritten ("branches under lab/<your
    name>/ are yours: force-push them as you like"): said on its line, with the page's words (never stored)."""
    if root is None or not record.key.startswith("policy.") or not record.source.startswith("memory-file:") \
            or not isinstance(record.value, str):
        return ""
    from statewise_cli.recovery.released_refs import rule_released_for_branches

    return rule_released_for_branches(root, record.value)


def _line_quoted(record: Record, root: str) -> str:
    """The memory-file line a record came from, quoted with the items it is nested under ("Workflow > Pushing the
    site > never …"), when the record's value leaves part of it out; empty otherwise."""
    import os

    from statewise_cli.recovery.memory_lines import _statement

    name, _, line = _where(record).rpartition(":")
    path = os.path.normpath(os.path.join(root, name))
    if not name or not line.isdigit() or not path.startswith(os.path.normpath(root) + os.sep):
        return ""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.read(200_000).splitlines()
    except OSError:
        return ""
    at = int(line) - 1
    if not 0 <= at < len(lines):
        return ""
    said = " ".join(_statement(lines, at).split())
    value = " ".join(str(record.value).split())
    return "" if said == value or not said else f" (its line: \"{said[:240]}\")"


def _releases(record: Record) -> bool:
    """The developer's record records a release given (approved, granted, lifted, a window open) and restricts
    nothing, within its dates."""
    if not isinstance(record.value, str):
        return False
    import datetime

    from statewise_cli.recovery import intent
    from statewise_cli.recovery.released import _gives_release, _window_past, restricts_somewhere

    return _gives_release(record.value) and not restricts_somewhere(record) and intent.out_of_force(record) is None \
        and not _window_past(record.value, datetime.date.today())


def _outranked(record: Record, shown: list[Record]) -> str:
    """A memory file's policy line next to the developer's own record on the same subject: the
    developer's record is in force (authority ordering), said on the memory file's line."""
    if not record.key.startswith("policy.") or not record.source.startswith("memory-file:"):
        return ""
    mine = _subject(record)
    for other in shown:
        if other is record or not other.key.startswith("policy.") or _standing(other) != 0:
            continue
        if len(mine & _subject(other)) >= 2:
            if _releases(other):
                return (f" — no longer holds: the developer's own record {other.key} (listed above) outranks it and records "
                        "a release, so what it names is allowed now within that record: follow that one")
            return f" — outranked by the developer's own record {other.key} (listed above): follow that one"
    return ""


def _corrections(records: list[Record], store: Any) -> list[str]:
    """``CLAUDE.md:12 says X; verified now: Y`` for memory-file lines a repair superseded."""
    lines = []
    for record in records:
        if not record.supersedes or record.source.startswith("memory-file:"):
            continue
        old = store.get(record.supersedes)
        if old is not None and old.source.startswith("memory-file:") and old.value != record.value:
            lines.append(f"- {_where(old)} says {old.key} = {old.value_text()}; verified now: {record.value_text()} "
                         f"[{record.scope}; {record.source}]. Trust the verified value.")
    return lines


def _last_handed(store: Any, session_id: str) -> list[str] | None:
    """The record ids the session's previous digest message handed over; None before its first message."""
    from statewise_cli.store.decisions import last_digest_record_ids

    return last_digest_record_ids(store, session_id)


def _gone(store: Any, before: list[str], live_ids: set[str], live: list[Record]) -> list[str]:
    """Records handed last time that are no longer in force, said once."""
    replaced = {r.supersedes for r in live if r.supersedes}
    lines = []
    for record_id in before:
        if record_id in live_ids or record_id in replaced:
            continue  # still in force, or its replacement is listed as a change
        old = store.get(record_id)
        if old is None:
            continue
        if old.status == "retracted":
            why = (old.evidence or "retracted").split("\n")[0][:160]
            lines.append(f"- RETRACTED {old.key} = {old.value_text()} [{old.scope}]: {why}. Do not rely on it.")
        elif old.validity == "defective":
            lines.append(f"- DEFECTIVE {old.key} = {old.value_text()} [{old.scope}]: verification contradicts it. "
                         f"Do not rely on it.")
    return lines


def digest(records: list[Record], store: Any = None, *, session_id: str | None = None) -> str | None:
    """The digest for this message: everything in force on a session's first message (or without a session),
    only what changed since the previous message afterwards (None: nothing changed)."""
    live = [r for r in records if r.status == "active" and r.validity != "defective"]
    before = _last_handed(store, session_id) if store is not None and session_id else None
    if before is not None:
        return _changes(live, store, before)
    if not live:
        return None
    kept, conflicts, _losers = _resolved(live)
    shown = sorted(kept, key=lambda r: (_standing(r), r.key, r.scope))[:DIGEST_LIMIT]
    lines = [("[statewise memory] Operational records for this repository (one value per key and scope; "
              "check scope and age before relying on them; the developer's own records come first and "
              "outrank memory files):")]
    if store is not None:
        corrections = _corrections(live, store)
        if corrections:
            lines.append("Memory files that are out of date:")
            lines += corrections
    if conflicts:
        lines.append("Records that disagree:")
        lines += conflicts
    if len(lines) > 1:
        lines.append("Records:")
    repo = getattr(store, "repo", None) if store is not None else None
    root = getattr(repo, "root", None) if repo is not None else None
    lines += [f"- {_described(r)}{_released(r, root) or _push_rule_lifted(r, root) or _rewrite_allowed(r, root)}"
              f"{_outranked(r, shown)}"
              for r in shown]
    if len(kept) > len(shown):
        lines.append(f"- … {len(kept) - len(shown)} more: run `statewise inspect-memory`")
    lines.append("A wrong record is corrected by the developer in their own terminal (`statewise repair --key KEY "
                 "--value VALUE`): ask them; statewise denies its own mutating commands from a tool call.")
    return "\n".join(lines)


def _changes(live: list[Record], store: Any, before: list[str]) -> str | None:
    """What changed since the session's previous digest message: new or replaced records, conflicts they
    cause, corrections and retractions — each once."""
    handed = set(before)
    live_ids = {r.id for r in live}
    new = [r for r in live if r.id not in handed]
    gone = _gone(store, before, live_ids, live)
    if not new and not gone:
        return None
    _kept, conflicts, losers = _resolved(live)
    new_keys = {_family(r.key) for r in new}
    lines = ["[statewise memory] Changed since the last message (everything else stands as given before):"]
    corrections = _corrections(new, store)
    lines += corrections
    lines += [c for c in conflicts if c.split(" ", 3)[2].rstrip(":") in new_keys]
    lines += gone
    shown = sorted((r for r in new if r.id not in losers), key=lambda r: (r.key, r.scope))[:DIGEST_LIMIT]
    lines += [f"- {'UPDATED' if r.supersedes in handed else 'NEW'} {_described(r)}" for r in shown]
    return "\n".join(lines)
