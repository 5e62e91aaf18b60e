"""Developer intent gates the actions it names, whatever a memory file says.

A developer states intent in their own terminal (``statewise remember policy.deploy_freeze "frozen:
no production deploys" --type policy``, ``statewise answer …``): a record of authority
``developer`` whose source is not a memory file. Such a record outranks every memory-file line
(authority: environment > developer > document / agent). A memory file may say "deploy whenever CI is
green" or say nothing at all; an action the developer's record restricts is still stopped:

- **the subject** is the record's key (``policy.preview_deploys`` → preview, deploy), matched
  against the action's own words: a make / just / npm-run / nox target, the program and its plain
  operands, the operation (``npm.publish`` → publish), a package upgrade (``pnpm up --latest`` →
  upgrade, dependency). Words match on their stem (deploys ~ deploy, migrations ~ migrate);
- **a pull-request policy** (``policy.always_open_a_pull_request = true``, "no direct pushes to main")
  restricts a push to the default branch: a push of a topic branch is what it asks for;
- **restrictive or not** is read from the value: ``true`` for a key that is itself a rule
  (always / never / require / freeze …), or restrictive wording (frozen, never, do not, only, the
  owner's call, needs approval / sign-off / review, ask). Permissive wording wins (lifted, allowed,
  approved, without asking, no need, freely, fine): a record that permits gates nothing.

A restriction that asks for someone's approval asks the developer (Claude; Codex has no ``ask``
and denies with the same text); a prohibition denies. Memory-file policies never gate here: they
are the agent-writable document this record outranks, and they reach the agent in the digest.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from statewise_cli.actions.normalize import Action
    from statewise_cli.repo import RepoContext
    from statewise_cli.store.records import Record

# Words of a policy key that say what kind of rule it is, not what it is about.
_NOT_SUBJECT = frozenset({
    "a", "an", "the", "to", "of", "on", "in", "for", "and", "or", "is", "are", "be", "by", "with", "any", "all", "every",
    "always", "never", "only", "no", "not", "open", "do", "dont", "must", "should", "need", "needs", "require",
    "requires", "required", "requirement", "allowed", "allow", "approval", "approvals", "approve", "approved", "owner",
    "owners", "owner's", "call", "ask", "first", "before", "after", "policy", "policies", "agent", "agents", "freeze",
    "frozen", "lifted", "production", "prod", "staging", "rule", "rules", "who", "can", "may", "direct", "directly",
    "via", "through", "review", "reviews", "signoff", "sign", "off", "team", "manager", "managers", "yourself", "new",
    "make", "run", "main", "master", "changes", "change",
})
_RULE_WORDS = ("always", "never", "require", "required", "requires", "freeze", "frozen", "only", "no_", "must",
               "forbid", "block", "protect")
# Phrases, matched at the start of a word of the value (" review" is not in "previews").
# A sign-off named by its act, for any role ("ratified by the committee", "signed by the PI"): a requirement when it
# is still to be given ("must be ratified"), a record of it given otherwise ("was ratified on 2026-11-02").
_SIGNED = ("ratified", "endorsed", "countersigned")
_PERMISSIVE = ("lifted", "allowed", "approved", *_SIGNED, "without asking", "without approval", "without sign", "no need",
               "not needed", "not required", "no longer required", "no longer needed", "freely", "is fine",
               "are fine", "fine to", "go ahead", "ok to", "okay to", "unrestricted", "permitted", "welcome to",
               "feel free", "self-serve", "is over", "has ended", "granted", "cleared")
# A release given (an exception granted, a story cleared) reads as one only when nothing around it says it is still to
# come or was not given: "must be granted", "no exception has been granted", "granted only to the on-call lead".
_GIVEN = ("approved", "granted", "cleared", *_SIGNED)
_NEGATIONS = ("not ", "no longer ", "n't ", "never ", "no ")
_ASKING = ("'s call", "ask ", "asks ", "approval", "be approved", "sign-off", "sign off", "signoff", "review", "need ", "needs ",
           "require", "be ratified", "ratification", "be endorsed", "endorsement", "be countersigned", "be signed by",
           "has signed", "have signed")
_RESTRICTIVE = ("be ratified", "ratification", "be endorsed", "endorsement", "be countersigned", "be signed by",
                "has signed", "have signed", "frozen", "freeze", "never", "do not", "don't", "must not", "may not", "cannot", "can't", "not allowed",
                "forbidden", "prohibited", "blocked", "only", "no direct", "not permitted", "reserved", "banned",
                "disallowed", "blacklisted", "denylisted", "off-limits", "off limits", "stays off", "stay off",
                "remains off", "remain off", "kept off", "stays disabled", "stay disabled", "remains disabled",
                "remain disabled", "kept disabled", "must stay", "must remain", "not to be", "stays at", "stay at",
                "pinned", "pinned by", "decides", "embargo", "embargoed", "wait for", "waits for", "on hold",
                "held back", "held until", "held off", "is held", "are held", "hold stands", "not before", "not until",
                "no earlier than", "before then", "stays private", "stay private", "remains private", "remain private",
                "kept private", "private until", "nothing goes", "suspended", "is paused", "are paused", "halted",
                *_ASKING)  # "the compliance lead decides": not the agent
_SUFFIXES = ("ications", "ication", "ions", "ion", "ing", "es", "ed", "s", "e")
_TEST_RUNNERS = frozenset({"pytest", "py.test", "unittest", "jest", "vitest", "mocha", "ava", "tap", "go", "cargo"})
_UPGRADE_WORDS = ("up", "upgrade", "update", "upgrade-interactive", "outdated", "bump")


def _split(text: str) -> list[str]:
    out, word = [], []
    for ch in text.lower():
        if ch.isalnum() or ch == "'":
            word.append(ch)
        elif word:
            out.append("".join(word))
            word = []
    if word:
        out.append("".join(word))
    return [w.strip("'") for w in out if w.strip("'")]


def stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            if suffix in ("ing", "ed") and len(word) >= 5 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # shipping → ship, stopped → stop (not install, pass)
            break
    if word.endswith("ific"):  # notification → notif, notify → notif
        word = word[:-3]
    return word[:-1] if word.endswith("y") and len(word) > 4 else word


def _same(a: str, b: str) -> bool:
    if a == b:
        return len(a) >= 3
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 4 and long.startswith(short)


# Words for a deploy that do not say it: a rollout, shipping a version, a go-live.
_DEPLOY_WORDS = frozenset({"rollout", "rollouts", "ship", "ships", "shipping", "launch", "launches", "golive"})


def subject(record: Record) -> list[str]:
    """The stems of what the policy is about, from its key (``policy.preview_deploys`` → previ…, deploy;
    ``policy.rollout_4_0`` → rollout, deploy)."""
    words = _split(record.key.split(".", 1)[-1].replace("_", " ").replace("-", " "))
    joined = [w + words[i + 1] if w in ("roll", "go") and i + 1 < len(words) and words[i + 1] in ("out", "live") else w
              for i, w in enumerate(words) if not (w in ("out", "live") and i and words[i - 1] in ("roll", "go"))]
    found = [stem(w) for w in joined if w not in _NOT_SUBJECT and len(w) >= 3 and not w.isdigit()]
    if any(w in _DEPLOY_WORDS for w in joined) and "deploy" not in found:
        found.append("deploy")
    return found


# Words of a subject that name a mode of a git operation: the action must carry the mode itself (a
# force-push policy says nothing about an ordinary push).
_GIT_MODES = {"force": ("force",), "delete": ("delete",), "deletion": ("delete",), "tag": ("tag",),
              "tags": ("tag",), "mirror": ("mirror",)}


def _modes_missing(wanted_words: list[str], action: Action) -> bool:
    """A git action lacking a mode its policy's subject names (``policy.force_push`` vs ``git push origin x``)."""
    if not action.operation.startswith("git."):
        return False
    have = set(action.flags)
    if "--mirror" in action.arguments:
        have.add("mirror")
    if action.operation == "git.tag" or any(a in ("--tags", "--follow-tags") for a in action.arguments) \
            or str(action.target or "").startswith("refs/tags/"):
        have.add("tag")
    for word in wanted_words:
        modes = _GIT_MODES.get(word)
        if modes and not any(m in have for m in modes):
            return True
    return False


_BRANCHES = ("main", "master", "trunk", "develop")


def pushed_branch(record: Record) -> str | None:
    """The branch a policy keeps direct pushes off: "" for the default branch (a pull-request policy:
    ``always_open_a_pull_request``, "no direct pushes"), a name when the key names one
    (``policy.no_direct_push_to_main``); None when the policy is not about that."""
    words = _split(record.key.replace("_", " ").replace(".", " "))
    value = " " + " ".join(_split(str(record.value))) + " " if not isinstance(record.value, bool) else " "
    named = next((w for w in words if w in _BRANCHES), None)
    if _pull_request_said(record.key.replace("_", " ").replace(".", " ")) or (
            not isinstance(record.value, bool) and _pull_request_said(str(record.value))):
        return named or ""
    if "push" in words and (named or "direct" in words or " direct push" in value):
        return named or ""
    return None


def _pull_request_said(text: str) -> bool:
    """The text speaks of pull requests: "pull request", "open a PR" — not an item whose code starts with the letters
    ("PR-1780", "pr 12")."""
    import re

    return re.search(r"(?i)\bpull[\s-]+requests?\b|(?<![\w-])prs?\b(?!\s*[-#]?\s*\d)", text) is not None


def is_pull_request_policy(record: Record) -> bool:
    return pushed_branch(record) is not None


def _required_approval(text: str, index: int) -> bool:
    """"must be approved by …", "needs to be approved", "is to be approved": an approval required, not given."""
    before = text[max(0, index - 24):index].split()[-3:]
    return bool(before) and before[-1] in ("be", "get", "gets") and not any(w in ("has", "have", "had") for w in before)


def _not_given(text: str, index: int, phrase: str) -> bool:
    """A release word that does not record a release given: negated further back ("no exception has been granted"),
    or limited to someone ("granted only to the on-call lead")."""
    before = text[max(0, index - 32):index]
    after = text[index + len(phrase) + 1:index + len(phrase) + 40].split()[:4]
    limited = any(w == "only" and nxt in ("to", "by", "for") and not (len(after) > k + 2 and after[k + 2] == "only")
                  for k, (w, nxt) in enumerate(zip(after, after[1:] + [""])))
    # "granted only to the on-call lead" limits who; "approved for staging only" is given, for that scope
    return any(f" {n}" in before for n in ("no ", "not ", "never ", "n't ")) or "n't " in before or limited


def _held_until(text: str) -> bool:
    """"the award notice is not published before then", "3.0 is not to be released until …": a passive "not done
    before / until" holds the act back without a restrictive verb."""
    import re

    if re.search(rf"\b(?:is|are|be|gets?)\s+not\s+(?:yet\s+|to\s+be\s+)?(?:\w+(?:ed|en|t)|{_IRREGULAR})\b[^.;]{{0,40}}?"
                 rf"\b(?:before|until|till)\b", text) is not None:
        return True  # "… is not made final until the judges rule …" (an irregular participle too)
    # "it does not lift anything until the inspector has seen it", "the van doesn't leave before the check": the
    # subject does not do the act until another party acts (not "does not matter", not "does not need to wait")
    for m in re.finditer(r"\bdoes\s*(?:not|n't)\s+([a-z]{2,})\b[^.;]{0,60}?\b(?:until|till|before)\b", text):
        if m.group(1) not in ("matter", "need", "have", "wait", "mind", "care", "apply", "change", "expire", "end",
                              "lapse", "stop", "last", "count", "block", "affect"):
            return True
    # "the bonus pool waits until the payroll lead rules", "the cutover must wait till the audit": the thing waits for a
    # condition (not "does not wait until", "no need to wait until")
    for m in re.finditer(r"\b(?:waits?|waiting|must\s+wait|has\s+to\s+wait|have\s+to\s+wait)\s+(?:\w+\s+)?(?:until|till|"
                         r"pending)\b", text):
        if not re.search(r"(?:\bnot|n't|\bno|\bnever|\bneed)\s+(?:\w+\s+){0,2}$", text[:m.start()]):
            return True
    # "the letters stay offline until the estate clears the rights", "the report remains internal pending review":
    # a withheld state that lasts until a condition is met
    if re.search(rf"\b(?:stays?|remains?|kept|keeps?|is\s+kept|are\s+kept)\s+(?:\w+\s+)?{_WITHHELD}\s+(?:until|till|"
                 rf"pending|unless)\b", text) is not None:
        return True
    # "the milk stays diverted until the vet clears her", "the account remains suspended pending the audit": a state
    # the subject is put in (a participle) that lasts until another party acts
    if re.search(r"\b(?:stays?|remains?|is\s+kept|are\s+kept)\s+[a-z]{3,}(?:ed|en)\s+(?:until|till|pending|unless)\b",
                 text) is not None:
        return True
    # "BWN-2026-14 stays until Dr Okafor agrees", "the notice remains in force until the inspector signs": in force
    # until another party acts
    if re.search(r"\b(?:stays?|remains?)\s+(?:in\s+(?:place|force|effect)\s+|up\s+|on\s+)?(?:until|till|unless|pending)\b",
                 text) is not None:
        return True
    # "the north pier is closed to anglers since 2026-11-30 until the engineer's piling check is in", "bookings are suspended
    # pending the audit": put in a closed state that lasts until a condition (a date in it is read by ``in_force``) —
    # not "was closed until …" (past), nor a closed thing that is no hold ("the ticket is closed")
    if re.search(r"\b(?:is|are)\s+(?:now\s+|still\s+)?(?:closed|shut|suspended|barred|off-limits|sealed)\s+(?:(?:to|for)\s+"
                 r"[a-z][\w-]*\s+)?(?:(?:since|from)\s+[\w-]+\s+)?(?:until|till|pending|unless)\s+\S", text) is not None \
            and not _negated(text, text.find(" closed")):
        return True
    # "MSCU4471203 stays in the yard until customs releases it", "the lot remains at the quarantine store pending the
    # assay": kept in a place until another party acts
    if re.search(r"\b(?:stays?|remains?|is\s+kept|are\s+kept)\s+(?:in|at|on|inside|within|out\s+of|off|away\s+from|"
                 r"outside)\s+(?:the\s+|its\s+|"
                 r"their\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:until|till|pending|unless)\b", text) is not None:
        return True
    return _state_held(text)


# Past participles that end in neither -ed, -en nor -t ("is not made official until …", "is not paid before …").
_IRREGULAR = r"(?:made|done|paid|sold|held|told|run|shown|drawn|known|laid|hung|won|begun|found|bound|read|shut|set|put)"


# A state held until someone acts, in any words: "the valve stays open until the hospital confirms", "the axis
# stays locked out until the head of rigging has inspected it", "checkout must remain disabled until every gate
# passes", "the release gate remains closed until …". The condition is an act or an event (a person, a check, a
# sign-off), not a date: "bookings stay open until Friday" is a period that lets the work through (read with the
# record's dates), not a hold.
_STATE_HELD = (r"\b(?:stays?|remains?|is\s+kept|are\s+kept|must\s+stay|must\s+remain|stay|remain)\s+"
               r"((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:until|till|pending|unless)\s+([^.;]{0,80})")
_DATE_LIKE = (r"^(?:the\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|tomorrow\b|tonight\b|today\b|"
              r"noon\b|midnight\b|next\s+(?:week|month|year|release)\b|end\s+of\b|further\s+notice\b|"
              r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:early|mid|late)\b|q[1-4]\b)")
# What follows "stays" that is not a state the subject is held in ("stays valid until", "remains the default until")
_NOT_STATE = frozenset({"valid", "available", "the", "a", "an", "fine", "ok", "okay", "allowed", "permitted", "free",
                        "supported", "current", "as", "so", "true", "unchanged-by"})


_STATUS_VERBS = frozenset({"status", "list", "ls", "check", "verify", "plan", "diff", "info", "state", "history"})


def _status_query(action: Action) -> bool:
    """A run of a repository program that only asks (``./bin/valves status --main TM-3``, ``… --dry-run``): its
    first plain operand is a status verb, or it passes ``--dry-run`` / ``--help``."""
    if not action.operation.startswith("shell.") or not action.text:
        return False
    args = [str(a) for a in action.arguments]
    if any(a in ("--dry-run", "--help", "-n") for a in args):
        return "--dry-run" in args or "--help" in args
    plain = [a.lower() for a in args if not a.startswith("-")]
    return bool(plain) and plain[0] in _STATUS_VERBS


def _normal(value: str) -> str:
    return " " + " ".join("".join(c if c.isalnum() or c in "'-" else " " for c in value.lower()).split()) + " "


def _state_held(text: str) -> bool:
    import re

    for m in re.finditer(_STATE_HELD, text):
        state, condition = m.group(1).split(), m.group(2).strip()
        if not condition or re.match(_DATE_LIKE, condition) or state[0] in _NOT_STATE:
            continue
        return True
    return False


# States of something withheld from its audience: what "stays … until" holds back.
_WITHHELD = (r"(?:offline|private|internal|unpublished|hidden|closed|draft|drafts|local|confidential|frozen|paused|"
             r"disabled|off|back|unreleased|unshipped|unsent|unmerged|unlisted|embargoed|sealed|restricted|dark|pending|"
             r"provisional|unconfirmed|unofficial|on\s+hold|in\s+review|under\s+review)")


def _negated(text: str, index: int) -> bool:
    before = text[max(0, index - 12):index]
    return any(before.endswith(n) or f" {n}" in before for n in _NEGATIONS)


_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                        "dec"), 1)}
_UNTIL = ("until", "till", "through", "thru", "ends", "ending", "expires", "lifts", "lifted on", "to")
_FROM = ("from", "starting", "starts", "begins", "beginning", "after")


def _dates(text: str) -> list[tuple[int, str, tuple[int, int, int]]]:
    """(position, the word before, (year, month, day)) for each date written ``2026-12-05`` / ``2026/12/05`` /
    ``Dec 5, 2026`` / ``5 December 2026``."""
    words = text.replace(",", " ").split()
    found = []
    for i, word in enumerate(words):
        date = None
        parts = word.strip(".;:()[]{}\"'`*_").replace("/", "-").split("-")
        if len(parts) == 3 and len(parts[0]) == 4 and all(p.isdigit() for p in parts):
            date = (int(parts[0]), int(parts[1]), int(parts[2]))
        elif word[:3].lower() in _MONTHS and i + 2 < len(words) and words[i + 1].strip(".").rstrip("stndrh").isdigit() \
                and words[i + 2].strip(".;:()").isdigit() and len(words[i + 2].strip(".;:()")) == 4:
            date = (int(words[i + 2].strip(".;:()")), _MONTHS[word[:3].lower()], int(words[i + 1].strip(".").rstrip("stndrh")))
        elif word.rstrip("stndrh").isdigit() and i + 2 < len(words) and words[i + 1][:3].lower() in _MONTHS \
                and words[i + 2].strip(".;:()").isdigit() and len(words[i + 2].strip(".;:()")) == 4:
            date = (int(words[i + 2].strip(".;:()")), _MONTHS[words[i + 1][:3].lower()], int(word.rstrip("stndrh")))
        if date is not None:
            # the words before, without the brackets and quotes around them: "(until 2026-11-30)" ends like "until …"
            before = " ".join(w.strip("([{\"'`*_") for w in words[max(0, i - 2):i]).lower()
            found.append((i, before, date))
    return found


def in_force(record: Record, today: tuple[int, int, int] | None = None) -> bool:
    """False when the record's own words put it outside its dates: "frozen until 2026-12-05" after that
    day, "freeze from 2026-12-20" before it. A record with no date is in force."""
    return out_of_force(record, today) is None


def out_of_force(record: Record, today: tuple[int, int, int] | None = None) -> str | None:
    """Why the record's own dates put it out of force today ("ended on 2025-06-30", "starts on
    2026-12-20"); None when it is in force (or names no date)."""
    if isinstance(record.value, bool):
        return None
    if today is None:
        import time

        now = time.localtime()
        today = (now.tm_year, now.tm_mon, now.tm_mday)
    dates = _dates(str(record.value))
    given = _given_clause(str(record.value), dates, today)
    for at, before, date in dates:
        last = before.split()[-1] if before else ""
        shown = f"{date[0]:04d}-{date[1]:02d}-{date[2]:02d}"
        if (last in _UNTIL or before in _UNTIL) and date < today:
            return f"ended on {shown}"
        if last == "before" and date < today and _prohibition(str(record.value)):
            return f"ended on {shown}"  # "nothing from field 7 is harvested before 2026-12-09", after that day
        if (last in _FROM or before in _FROM) and date > today:
            if given is not None and given != _clause_at(str(record.value), at) and not _refers_back(
                    str(record.value), at):
                continue  # "… was granted on 2026-12-02; the buyer expects the harvest from 2026-12-08": the
                # release is given; the later date is another party's plan, in another clause
            return f"starts on {shown}"
    return None


def _clause_at(text: str, position: int) -> int:
    """The index of the clause (split at ``;`` and sentence ends) that holds the word at ``position`` of the
    whitespace-split words of ``text`` (the positions ``_dates`` gives)."""
    clause = 0
    for word in text.replace(",", " ").split()[:position]:
        if word.endswith((";", ".", ":")) and not word[:-1].replace(".", "").isdigit():
            clause += 1
    return clause


def _refers_back(text: str, position: int) -> bool:
    """The clause holding the word at ``position`` speaks of the release itself ("it applies from …", "valid
    from …", "effective from …")."""
    words = text.replace(",", " ").split()[:position]
    start = max((i + 1 for i, w in enumerate(words) if w.endswith((";", ".", ":"))), default=0)
    clause = {w.strip(".;:()").lower() for w in words[start:]}
    return bool(clause & {"it", "this", "that", "they", "which", "valid", "effective", "applies", "apply", "takes",
                          "starts", "begins", "runs"})


def _given_clause(text: str, dates: list[tuple[int, str, tuple[int, int, int]]],
                  today: tuple[int, int, int]) -> int | None:
    """The clause of a permitting record that records a release given on a past day ("licence FL-2026-118 was
    granted on 2026-12-02", "the exception was approved on 2026-11-30"); None when the record also restricts or
    no clause says so."""
    low = " " + " ".join(text.lower().split()) + " "
    if any(_says(low, p) for p in _RESTRICTIVE if p not in _ASKING) or _held_until(low):
        return None
    for at, before, date in dates:
        if date > today or (before.split()[-1] if before else "") != "on":
            continue
        words = " " + " ".join(before.lower().split()) + " "
        for phrase in _GIVEN:
            if f" {phrase} on " in words + " " and not any(f" {n}" in words for n in _NEGATIONS):
                return _clause_at(text, at)
    return None


_ENVIRONMENTS = {"production": "production", "prod": "production", "prd": "production", "live": "production",
                 "staging": "staging", "stage": "staging", "stg": "staging", "preview": "preview",
                 "previews": "preview", "qa": "qa", "uat": "uat", "sandbox": "sandbox", "dev": "development",
                 "development": "development", "test": "test", "testing": "test"}


def environments(text: str) -> set[str]:
    return {_ENVIRONMENTS[w] for w in _split(text.replace("_", " ").replace("-", " ")) if w in _ENVIRONMENTS}


def _action_environments(action: Action) -> set[str]:
    words = [action.target if isinstance(action.target, str) else "", *action.arguments]
    found = set()
    for word in words:
        if word.startswith("-") and "=" not in word:
            if word.lstrip("-").lower() in ("prod", "production", "staging", "preview"):
                found |= environments(word.lstrip("-"))
            continue
        found |= {e for e in environments(word) if e not in ("test", "development")} | (
            {"development"} if any(w in ("dev", "development") for w in _split(word.replace("-", " ").replace("_", " ")))
            and any(d in word for d in ("deploy", "env", "target", "stage")) else set())
    return found


def scoped_restriction(record: Record, action: Action) -> str | None:
    """The record's restriction for this action, read per environment: a record about production says
    nothing about ``make deploy-staging``; in "production deploys need sign-off; staging deploys are
    fine" each clause speaks for its own environment. An action that names no environment gets the
    strictest clause."""
    named = _action_environments(action)
    key_envs = environments(record.key.split(".", 1)[-1])
    if key_envs and named and not key_envs & named:
        return None
    if isinstance(record.value, bool) or key_envs:
        return restriction(record)
    clauses = [c for c in str(record.value).replace(";", ".").split(".") if c.strip()]
    scoped = [c for c in clauses if environments(c)]
    if not scoped:
        return restriction(record)
    if named:
        about = [c for c in scoped if environments(c) & named]
        if not about:
            general = [c for c in clauses if not environments(c)]
            about = general if general else []
            if not about:
                return None  # every clause is about other environments
    else:
        about = clauses
    verdicts = [v for v in (restriction(record.replace(value=c)) for c in about) if v is not None]
    if not verdicts:
        return None
    return "deny" if "deny" in verdicts else "ask"


def restriction(record: Record) -> str | None:
    """``"ask"`` / ``"deny"`` when the record restricts its subject, None when it permits or says neither."""
    value = record.value
    key = record.key.lower()
    if not in_force(record):
        return None
    if isinstance(value, bool) or str(value).strip().lower() in ("true", "false", "yes", "no"):
        holds = value is True or str(value).strip().lower() in ("true", "yes")
        if not holds or not any(w in key for w in _RULE_WORDS) and not is_pull_request_policy(record):
            return None
        return "deny"
    text = " " + " ".join("".join(c if c.isalnum() or c in "'-" else " " for c in _own_needs(str(value)).lower()).split()) + " "
    import re

    # a release inside a condition is awaited, not given ("not opened until Sigrid has cleared the conflict", "scheduled
    # only after the board has approved the plan")
    main = re.sub(r" (?:until|till|unless|pending|once|as soon as|only (?:after|once|when|if)|(?:not|never) before) "
                  r"[^.;,]*", " ", text)
    if _permits(main):
        return None
    if _open_window(main, str(value)):
        return None  # "the merge window is open until 2026-12-20": a period that lets the work through, today
    for noun in _LEDGERS:  # "the embargo calendar": the file that lists embargoes, not one in force
        text = text.replace(f" embargo {noun} ", " ").replace(f" embargoes {noun} ", " ")
    if not any(_says(text, p) for p in _RESTRICTIVE) and not any(w in key.split(".", 1)[-1] for w in _RULE_WORDS) \
            and not _prohibition(str(value)) and not _scheduled(str(value), text) and not _held_until(text) \
            and not _form_rule(str(value)) and not _nobody_does(text):
        return None  # (a key that is itself a rule, `policy.schema_freeze`, restricts unless its value permits)
    return "ask" if any(_says(text, p) for p in _ASKING) else "deny"


# A need of the thing itself, said with a verb that takes no object and ends its clause ("the lawn needs to recover,
# bookings or not", "the paint needs to dry"): no one is asked and nothing is awaited. "needs to wait", "needs to ask first",
# "needs to be approved", "needs to pass QA" keep their restriction.
def _own_needs(value: str) -> str:
    """The value without its objectless needs ("the lawn needs to recover, bookings or not" → "the lawn , bookings or
    not")."""
    import re

    return re.sub(r"(?i)\bneeds?\s+to\s+(?!(?:wait|ask|check|confirm|hold|pause|stop|be|get|have)\b)[a-z]{3,}"
                  r"(?=\s*(?:[,.;:)]|$)|\s+(?:and|or|but)\b)", " ", value)


# "nobody sends an invoice he has not checked", "no one else merges to release": an act reserved by saying that nobody
# (else) does it — not "nobody minds", "nobody needs to ask", "no one has to wait", which let it through
_NOBODY = (r" (?:nobody|no one|no-one)(?: else)? (?!minds? |objects? |cares? |needs? |has to |have to |asks? |checks? "
           r"|is |was |will |would |knows? |uses? |reads? |looks? |sees? )[a-z]{3,}s ")


def _nobody_does(text: str) -> bool:
    """The (lower-cased, spaced) value reserves the act: nobody (else) does it, in the present tense — not a thing
    nobody does any more ("nobody pushes to `archive` any more" retires a target, it reserves no act)."""
    import re

    found = re.search(_NOBODY, text)
    return found is not None and re.search(r" (?:any ?more|no longer|nowadays|these days) ", text[found.start():]) is None


def _holds_state(record: Record, action: Action) -> bool:
    """The record keeps its subject in a state (in force, not a permission) that this action's own verb undoes
    (``intent_state``)."""
    import re

    from statewise_cli.recovery.intent_state import undone_state

    if undone_state(record, action) is None or not in_force(record):
        return False
    text = _normal(str(record.value))
    return not _permits(re.sub(r" (?:until|till|unless|pending|once|as soon as) [^.;,]*", " ", text))


def _permits(main: str) -> bool:
    """The (lower-cased, spaced, conditions removed) value says the thing is allowed: permissive wording that is not
    negated, nor a release still to be given."""
    for phrase in _PERMISSIVE:
        at = main.find(" " + phrase)
        while at >= 0:
            if not _negated(main, at + 1) and not (phrase in _GIVEN and (_required_approval(main, at)
                                                                         or _not_given(main, at, phrase))):
                return True
            at = main.find(" " + phrase, at + 1)
    return False


def decides(record: Record) -> bool:
    """The developer's record decides about its subject: it restricts it, permits it, or has run out (a date it
    names has passed). A record that only states a fact ("VP-9 was paid on 2026-12-03") decides nothing: what the
    repository's own documents say about the thing still speaks."""
    if isinstance(record.value, bool) or not in_force(record) or restriction(record) is not None:
        return True
    import re

    value = str(record.value)
    text = " " + " ".join("".join(c if c.isalnum() or c in "'-" else " " for c in value.lower()).split()) + " "
    main = re.sub(r" (?:until|till|unless|pending|once|as soon as) [^.;,]*", " ", text)
    return _permits(main) or _open_window(main, value) or _order_given(main)


def ordered(record: Record) -> bool:
    """The developer's record says that the one responsible ordered or decided the thing (``_order_given``), and is in
    force; a modal "cannot be resold" beside it is its reason (``reason_only``), not a restriction of it."""
    if isinstance(record.value, bool) or not in_force(record):
        return False
    import re

    main = re.sub(r" (?:until|till|unless|pending|once|as soon as) [^.;,]*", " ", _normal(str(record.value)))
    return _order_given(main) and (restriction(record) is None or _modal_acts(str(record.value)) is not None)


# "they cannot be resold", "it can't be reused": what a modal negative says cannot be done to the thing
_MODAL = r"\b(?:cannot|can't|can not|could not|couldn't|may not|must not|mustn't)\s+(?:\w+ly\s+)?be\s+((?:[a-z'-]+\s*){1,3})"


def _modal_acts(value: str) -> list[str] | None:
    """The words of what the record's modal negatives say cannot be done ("resold"), when they are the only
    restrictive wording of the record; None when it restricts in any other way too."""
    import re

    low = _normal(value)
    found = [m.group(1).split() for m in re.finditer(_MODAL, low)]
    if not found:
        return None
    rest = re.sub(_MODAL, " ", low)
    for phrase in ("cannot", "can't", "may not", "must not"):
        rest = rest.replace(f" {phrase} ", " ")
    if any(_says(rest, p) for p in _RESTRICTIVE) or _prohibition(rest) or _held_until(rest) or _nobody_does(rest):
        return None
    return [stem(_BASE.get(w, w)) for words in found for w in words if w not in _NOT_SUBJECT and len(w) >= 3]


# Irregular participles a modal negative says things with ("cannot be sold") and the verbs an action names them by.
_BASE = {"sold": "sell", "made": "make", "sent": "send", "paid": "pay", "held": "hold", "kept": "keep", "built": "build",
         "bought": "buy", "told": "tell", "shown": "show", "given": "give", "taken": "take", "written": "write",
         "done": "do", "run": "run", "shut": "shut", "put": "put", "set": "set", "cut": "cut", "spent": "spend",
         "lent": "lend", "dealt": "deal", "left": "leave", "brought": "bring", "read": "read", "split": "split"}


def reason_only(record: Record, action: Action) -> bool:
    """The record restricts only by a modal negative about another act than this action's ("the manager decided the
    crates are recycled; they cannot be resold" for ``./bin/crates recycle``), and records the thing ordered or
    decided by the one responsible: the modal is the decision's reason."""
    import re

    if isinstance(record.value, bool):
        return False
    acts = _modal_acts(str(record.value))
    if acts is None:
        return False
    main = re.sub(r" (?:until|till|unless|pending|once|as soon as) [^.;,]*", " ", _normal(str(record.value)))
    if not _order_given(main):
        return False
    done = action_words(action)
    return not any(_same(a, d) for a in acts for d in done)


def _order_given(main: str) -> bool:
    """The (lower-cased, spaced, conditions removed) value says a role or a person ordered or decided the thing:
    "the records manager ordered the old forms in box A7 shredded", "the site lead decided on 2026-12-05 that …" — not
    negated, and not an order to hold it ("decided to keep it", "ordered it held back")."""
    import re

    from statewise_cli.recovery.governance_targets import _role

    for m in re.finditer(r" (?:has |have |had )?(ordered|instructed|directed|decided|authori[sz]ed|commissioned|mandated) ",
                         main):
        if _negated(main, m.start() + 1) or re.match(
                r"(?:not |against |to (?:hold|keep|wait|stop|postpone|delay|defer|block|refuse|reject|pause|suspend) )",
                main[m.end():]) or re.match(r"[^.;,]{0,60}\b(?:held|kept|withheld|stopped|postponed|delayed|deferred)\b",
                                            main[m.end():]):
            continue
        if _role(main[: m.start()].split(";")[-1]):
            return True
    return False


# "the merge window is open", "opened the winter swap window from … to …", "the change window is now open": a period
# in which the work goes ahead
_OPEN_WINDOW = ((r" (?:window|period|season|slot)s? (?:is |are |was |has been |have been |stays |remains )?(?:now |still )?"
                 r"(?:re)?open(?:ed)?(?: |$)"),
                r" (?:re)?opened (?:the |a |an |our |its |their )?(?:[\w'-]+ ){0,4}(?:window|period|season|slot)s? ")


_ENDS = ("closes", "closing", "closed", "ended", "ends", "expires", "expired", "by")


def _open_window(main: str, value: str) -> bool:
    """The record says a window or period is open (not negated), and today is inside the dates it names (if any)."""
    import re
    import time

    hit = None
    for pattern in _OPEN_WINDOW:
        for m in re.finditer(pattern, main):
            if not _negated(main, m.start() + 1) and not re.search(r" (?:not|never|no longer)( |$)|n't ", m.group(0)):
                hit = m
                break
        if hit is not None:
            break
    if hit is None:
        return False
    now = time.localtime()
    today = (now.tm_year, now.tm_mon, now.tm_mday)
    # an end ("until …", "to …", "closes …") must not be past; any other date (the opening) must not be ahead
    for _, before, date in _dates(value):
        if before in _UNTIL or any(w in _UNTIL or w in _ENDS for w in before.split()):
            if date < today:
                return False
        elif date > today:
            return False
    return True


_LEDGERS = ("calendar", "calendars", "list", "lists", "file", "files", "times", "dates", "schedule", "table", "sheet",
            "field", "fields", "settings", "feed", "page", "log", "register", "tracker", "column")
_SCHEDULING = (" runs at ", " runs on ", " run at ", " run on ", " scheduled for ", " scheduled at ", " happens at ",
               " happens on ", " goes out on ", " goes out at ", " is due on ", " until then ")


def _scheduled(value: str, text: str) -> bool:
    """"the season 7 reset runs at the announced time, 2026-12-10 18:00 UTC; … until then": the record sets when the
    action happens, and that date is still ahead — before it, the action is not to run."""
    if not any(p in f" {value.lower()} " for p in _SCHEDULING):
        return False
    import time

    now = time.localtime()
    today = (now.tm_year, now.tm_mon, now.tm_mday)
    return any(date > today for _, _, date in _dates(value))


def _prohibition(value: str) -> bool:
    """A clause of the shape "no <thing> in|into|on|to|for <place>" ("no production data in test fixtures",
    "no deploys on Fridays") or "no <thing> before|until|during <time>" ("no tallies before the polls close"): a
    prohibition without a restrictive verb."""
    import re

    if re.search(r"\bno\s+(?:[\w-]+\s+){0,3}(?:may|can|shall|must|is to|are to)\s+be\b", value.lower()):
        return True  # "no release tag may be pushed", "no schema change can be merged"
    # "Eastgate accepts no asbestos until the inspection", "the desk takes no bookings before 2027-01-04", "we merge no
    # features during the freeze": a present-tense verb that does none of the thing for a period
    if re.search(r"\b(?!has\b|was\b|does\b|goes\b)[a-z]{3,}s\s+no\s+(?!longer\b|need\b|one\b|approval\b|sign-off\b)(?:[\w'-]+\s+){1,4}?"
                 r"(?:until|till|before|during|while)\b", value.lower()):
        return True
    # "dock 2 is not flooded before 2026-12-09", "no transfer is booked until the permit is filed": what is not done
    # before a time, in the passive present
    if re.search(r"(?:\bno\s+(?:[\w'-]+\s+){1,10}?(?:is|are)|\b(?:is|are)\s+not|\b(?:isn't|aren't))\s+(?:\w+ly\s+)?"
                 r"[a-z]+(?:ed|en|wn|lt|nt)\s+(?:[\w'-]+\s+){0,3}?(?:before|until|till)\b", value.lower()):
        return True
    # "D-17 is not called out tonight", "the ledger is not archived again": what is not done on this occasion, in the
    # passive present with the occasion named
    if re.search(r"\b(?:is|are|isn't|aren't)\s+(?:not\s+)?(?:to\s+be\s+)?[a-z]+(?:ed|en|wn|lt|nt)"
                 r"(?:\s+(?:out|off|up|in|back|over|down|away))?\s+(?:tonight|today|tomorrow|again|for\s+now|"
                 r"this\s+(?:week|weekend|month|morning|afternoon|evening|time|season|year))\b", value.lower()) \
            and re.search(r"\b(?:is|are)\s+not\b|\b(?:isn't|aren't)\b", value.lower()):
        return True
    # a parenthesis explains the thing, it does not end the clause ("no onboarding (accounts, badge) before HR …")
    for clause in re.split(r"[;:.,()\n]", re.sub(r"\([^()]{0,120}\)", " ", value.lower())):
        words = clause.split()
        if len(words) >= 4 and words[0] in ("no", "nothing") and words[1] not in ("need", "longer", "approval", "sign-off",
                                                                              "one", "else") \
                and any(w in ("in", "into", "on", "to", "for", "from", "before", "until", "during", "while", "after")
                        for w in words[2:]):
            return True
    return False


def _says(text: str, phrase: str) -> bool:
    """The phrase as words of the text: "review" in "needs review" / "reviews", not in "reviewers"."""
    needle = phrase if phrase.startswith("'") else " " + phrase
    if not needle[-1].isalnum():
        return needle in text
    at = text.find(needle)
    while at >= 0:
        rest = text[at + len(needle):at + len(needle) + 4]
        if not rest[:1].isalpha() or rest[:2] in ("s ", "d ") or rest[:3] in ("ed ", "es ") or rest == "ing ":
            return True
        at = text.find(needle, at + 1)
    return False


def head_of(action: Action) -> str:
    return action.operation.partition(".")[0]


def action_words(action: Action, root: str | None = None) -> list[str]:
    """The stems of what an action does: its operation, its targets and plain operands."""
    op = action.operation
    words: list[str] = []
    head, _, tail = op.partition(".")
    if head not in ("shell", "pkg", "git", "gh", "run", "file", "edit"):
        words += _split(tail.replace("-", " ").replace("_", " "))  # npm.publish → publish
    if head == "shell":
        words += _split(os.path.splitext(tail)[0])  # ./deploy.sh → deploy
    if head == "git":
        words.append(tail)  # push, tag, merge … (never the branch names)
        words += sorted(action.flags & {"force", "delete"})  # how it pushes: a force push, a deletion
        if tail == "push" and action.target and "tags" in " ".join(action.arguments):
            words.append("tag")
    else:
        args = list(action.arguments)
        for i, arg in enumerate(args):
            if arg.startswith("-"):
                if arg in ("--latest", "--major"):
                    words += ["upgrade", "dependency"]
                elif arg.startswith("--") and _numbered(arg, args[i + 1] if i + 1 < len(args) else ""):
                    words += _split(arg.split("=", 1)[0].replace("-", " ").replace("_", " "))  # --order 5521: an order
                continue
            if "/" in arg or "=" in arg or "$" in arg:
                words += _repository_path_words(arg, action, root)
                continue
            if arg.lower() in _UPGRADE_WORDS and head == "pkg":
                words += ["upgrade", "dependency", arg.lower()]
                continue
            words += _split(arg.replace("-", " ").replace("_", " ").replace(":", " "))
            joined = arg.lower().replace("-", "")
            if "-" in arg and joined.isalnum() and any(c.isdigit() for c in joined) and any(c.isalpha() for c in joined) \
                    and len(joined) <= 8:
                words.append(joined)  # an item's code (`TM-3`) as a key writes it (`tm3_shutdown`)
    if op == "file.copy" and len(action.arguments) >= 2:
        words += _copied_into(action, root)
    program = tail if head not in ("shell", "pkg", "git", "gh", "run", "file", "edit") else (
        head if head == "gh" else os.path.basename(tail))
    plain = [a.lower() for a in action.arguments if not a.startswith("-")]
    flags = {a.lstrip("-").split("=", 1)[0].lower() for a in action.arguments if a.startswith("-")}
    for concept, tools in _CONCEPTS.items():
        for tool, subcommands in tools:
            if (head == tool or program == tool) and (not subcommands or (tail if head == tool else "") in subcommands
                                                     or plain[:1] and plain[0] in subcommands
                                                     or subcommands & flags):
                words.append(concept)
    if head == "git" and tail == "push" and action.arguments[:1] and action.arguments[0] in _DEPLOY_REMOTES:
        words.append("deploy")  # `git push heroku main` deploys
    return [stem(w) for w in words if len(w) >= 3]


def _numbered(option: str, following: str) -> bool:
    """``--order 5521`` / ``--pallet=77`` / ``--menu winter-2026``: an option whose value numbers the item the action
    acts on, so the option's name says what kind of item it is."""
    name, _, value = option.partition("=")
    value = value or following
    return len(name) > 4 and not value.startswith("-") and any(c.isdigit() for c in value) and all(
        c.isalnum() or c in "-_." for c in value) and len(value) <= 40


# Subcommands that carry files off this machine (an upload, a sync, a push of files).
_TRANSFERS = frozenset({"upload", "push", "publish", "sync", "send", "put", "share", "cp", "copy", "export"})


def _repository_path_words(arg: str, action: Action, root: str | None) -> list[str]:
    """For a transfer (``upload``, ``sync``, ``push`` … as the subcommand), the words of an operand that is a path
    of the repository's own tree, its first part an existing entry
    (``models/ranker-v3`` → models, ranker, v3): what an upload, a sync or a copy carries is named by where it
    lives. An operand whose first part is no entry here (a remote name ``acme/ranker-v3``, a URL, a branch)
    adds nothing."""
    if root is None or "://" in arg or "=" in arg or "$" in arg or arg.startswith(("/", "~")) or ".." in arg:
        return []
    plain = [str(a).lower() for a in action.arguments if not str(a).startswith("-")]
    if not plain or plain[0] not in _TRANSFERS:
        return []  # only what a transfer carries away (a generator's output path is no data leaving)
    first = next((p for p in arg.replace("\\", "/").split("/") if p not in ("", ".")), "")
    if not first or not os.path.exists(os.path.join(root, action.cwd or ".", first)):
        return []  # (a path still to be written under an existing directory is a path of the tree)
    words: list[str] = []
    for part in arg.replace("\\", "/").split("/"):
        if part in ("", "."):
            continue
        words += _split(os.path.splitext(part)[0].replace("-", " ").replace("_", " "))
    return words


def _copied_into(action: Action, root: str | None) -> list[str]:
    """The directories a copy brings files into from outside what git tracks (an ignored export, a download):
    data entering the repository is what a data policy names by its place (``cp exports/x.json fixtures/``
    → fixtures). A copy of a tracked file inside the repository adds nothing new."""
    import subprocess

    sources, dest = [str(a) for a in action.arguments[:-1] if not str(a).startswith("-")], str(action.arguments[-1])
    if not sources or "$" in dest:
        return []
    if root is None:
        return []
    cwd = os.path.normpath(os.path.join(root, action.cwd or "."))
    try:
        done = subprocess.run(["git", "ls-files", "--error-unmatch", "--", *sources], cwd=cwd if os.path.isdir(cwd)
                              else None, capture_output=True, text=True, timeout=2, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    if done.returncode == 0:
        return []  # every source is tracked
    parts = [p for p in dest.replace("\\", "/").split("/")[:-1] if p not in ("", ".", "..")]
    if dest.endswith("/"):
        parts = [p for p in dest.split("/") if p not in ("", ".", "..")]
    words: list[str] = []
    for part in parts:
        words += _split(part.replace("-", " ").replace("_", " "))
    return words


# Commands that do what a policy names without saying its word: (program, its subcommands or flags that do it
# — empty: the program itself).
_CONCEPTS: dict[str, tuple[tuple[str, frozenset[str]], ...]] = {
    "publish": (("twine", frozenset({"upload"})), ("gem", frozenset({"push"})), ("uv", frozenset({"publish"})),
                ("flit", frozenset({"publish"})), ("hatch", frozenset({"publish"})), ("poetry", frozenset({"publish"})),
                ("pdm", frozenset({"publish"})), ("npm", frozenset({"publish"})), ("pnpm", frozenset({"publish"})),
                ("yarn", frozenset({"publish", "npm"})), ("cargo", frozenset({"publish"})),
                ("docker", frozenset({"push"})), ("podman", frozenset({"push"}))),
    "deploy": (("vercel", frozenset()), ("netlify", frozenset({"deploy"})), ("helm", frozenset({"upgrade", "install"})),
               ("kubectl", frozenset({"apply", "rollout", "set", "replace", "create"})),
               ("terraform", frozenset({"apply"})), ("pulumi", frozenset({"up"})), ("fly", frozenset({"deploy"})),
               ("flyctl", frozenset({"deploy"})), ("ansible-playbook", frozenset()), ("kamal", frozenset({"deploy"})),
               ("cap", frozenset()), ("wrangler", frozenset({"deploy", "publish"})), ("firebase", frozenset({"deploy"}))),
    "migrate": (("alembic", frozenset({"upgrade", "downgrade", "stamp"})), ("dbmate", frozenset({"up", "migrate"})),
                ("goose", frozenset({"up", "down"})), ("liquibase", frozenset({"update"})),
                ("flyway", frozenset({"migrate"})), ("sqitch", frozenset({"deploy"})), ("migrate", frozenset())),
    "release": (("gh", frozenset({"release"})), ("goreleaser", frozenset()), ("semantic-release", frozenset())),
}
_DEPLOY_REMOTES = ("heroku", "dokku", "production", "prod", "staging", "deploy", "live")


def default_branch(repo: RepoContext) -> str | None:
    """The default branch from the git files (no subprocess): a remote's HEAD, else the one usual name."""
    refs = os.path.join(repo.common_dir, "refs")
    try:
        remotes = sorted(os.listdir(os.path.join(refs, "remotes")))
    except OSError:
        remotes = []
    for remote in remotes:
        try:
            with open(os.path.join(refs, "remotes", remote, "HEAD"), encoding="utf-8") as fh:
                head = fh.read().strip()
        except OSError:
            continue
        prefix = f"ref: refs/remotes/{remote}/"
        if head.startswith(prefix):
            return head[len(prefix):]
    packed = ""
    try:
        with open(os.path.join(repo.common_dir, "packed-refs"), encoding="utf-8") as fh:
            packed = fh.read()
    except OSError:
        pass
    usual = [b for b in ("main", "master", "trunk", "develop")
             if os.path.exists(os.path.join(refs, "heads", b)) or f" refs/heads/{b}\n" in packed]
    return usual[0] if len(usual) == 1 else None


# Kinds of change a developer's push policy may let through on their own ("docs-only changes may go
# straight to main; code needs a pull request"): the words that name the kind, and the paths it covers.
_CHANGE_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    # kind: (words naming it, path prefixes, file-name patterns)
    "documentation": (("doc", "docs", "documentation", "readme", "readmes", "typo", "typos", "markdown", "spelling"),
                      ("docs/", "doc/", "documentation/"),
                      ("*.md", "*.mdx", "*.rst", "*.adoc", "*.txt", "README*", "CHANGELOG*", "CHANGES*", "HISTORY*",
                       "LICENSE*", "AUTHORS*", "CONTRIBUTING*", "NOTICE*", "CODE_OF_CONDUCT*")),
    "tests": (("test", "tests", "test-only", "spec", "specs"), ("tests/", "test/", "spec/", "__tests__/"),
              ("test_*.py", "*_test.py", "*_test.go", "*.test.*", "*.spec.*")),
    "ci": (("ci", "workflow", "workflows", "pipeline"), (".github/workflows/", ".circleci/", ".buildkite/"),
           (".gitlab-ci.yml", "Jenkinsfile", "azure-pipelines.yml")),
    "changelog": (("changelog", "release-notes"), (), ("CHANGELOG*", "CHANGES*", "HISTORY*", "NEWS*")),
}
_ALLOWING = (" may ", " can ", " allowed", " fine", " ok ", " okay", " straight", " directly", " permitted",
             " go to ", " goes to ", " without a pull request", " without a pr", " without review")


def _allowed_kinds(record: Record) -> list[str]:
    """The kinds of change a clause of the record lets through: "docs-only changes (README, docs/) may
    go straight to main" → documentation. A clause that negates ("not even docs") allows nothing."""
    if isinstance(record.value, bool):
        return []
    kinds = []
    for clause in str(record.value).replace(";", ".").replace(", but ", ". ").replace(" but ", ". ").split("."):
        text = " " + " ".join(_split(clause.replace("-", " - "))).replace(" - ", "-") + " "
        if not any(a in text for a in _ALLOWING) or any(n in text for n in (" not ", " never ", " no ", " n't ")):
            continue
        words = set(text.split()) | {w.split("-")[0] for w in text.split() if "-" in w}
        for kind, (names, _, _) in _CHANGE_KINDS.items():
            if words & set(names) and kind not in kinds:
                kinds.append(kind)
    return kinds


def _of_kind(path: str, kind: str) -> bool:
    from fnmatch import fnmatchcase

    _, prefixes, patterns = _CHANGE_KINDS[kind]
    name = path.rsplit("/", 1)[-1]
    return path.startswith(prefixes) or any(f"/{p}" in f"/{path}" for p in prefixes) or any(
        fnmatchcase(name, p) for p in patterns)


def pushed_paths(action: Action, repo: RepoContext, branch: str) -> list[str] | None:
    """The files the commits of this push change, against the remote's copy of ``branch``
    (``git diff --name-only origin/main...HEAD``); None when git cannot tell (no remote-tracking ref)."""
    from statewise_cli.subproc import run_readonly

    remote = next((a for a in action.arguments if a and not a.startswith("-")), "origin")
    spec = action.arguments[1] if len(action.arguments) > 1 and action.arguments[1] else "HEAD"
    source = spec.lstrip("+").partition(":")[0] or "HEAD"
    if source.startswith("-") or any(c in source for c in "$`*?[ "):
        return None
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    code, out = run_readonly(("git", "diff", "--name-only", "--no-renames", f"refs/remotes/{remote}/{branch}...{source}",
                              "--"), repo.root, env, 2.0)
    if code != 0:
        return None
    return [line.strip() for line in out.splitlines() if line.strip()]


def allowed_kind(record: Record, action: Action, repo: RepoContext) -> str | None:
    """The kind of change the record lets straight through that every file of this push is (the
    developer's allowance holds inside its scope only: a docs-only allowance never covers code)."""
    kinds = _allowed_kinds(record)
    if not kinds:
        return None
    paths = pushed_paths(action, repo, str(action.target or "").removeprefix("refs/heads/"))
    if not paths:
        return None
    return next((k for k in kinds if all(_of_kind(p, k) for p in paths)), None)


def lifted(violations: list[Any], protected: list[Record], policies: list[Record], repo: RepoContext) -> list[Any]:
    """The state–action findings without the protected-branch ones a developer's allowance lifts: a
    push to the branch their policy lets this kind of change go straight to ("docs-only changes may be
    pushed straight to main"), when the branch's protection comes only from a memory file or the agent
    (a developer's record outranks those; the environment's own protection is never lifted)."""
    from statewise_cli.recovery.protected import _stated, governing_record

    allowing = [r for r in policies if _allowed_kinds(r) and pushed_branch(r) is not None]
    if not allowing:
        return violations
    default = None
    kept = []
    for v in violations:
        action = v.action
        if v.invariant == "protected-branch" and action.operation == "git.push" and not action.flags & {"force", "delete"}:
            target = str(action.target or "").removeprefix("refs/heads/")
            record = governing_record(protected, target)
            if record is not None and not _stated(record):
                for policy in allowing:
                    branch = pushed_branch(policy)
                    if branch == "":
                        default = default or default_branch(repo) or ""
                        branch = default
                    if branch == target and allowed_kind(policy, action, repo) is not None:
                        break
                else:
                    kept.append(v)
                    continue
                continue
        kept.append(v)
    return kept


_UNIT = {"d": "d", "day": "d", "days": "d", "h": "h", "hour": "h", "hours": "h", "w": "w", "week": "w", "weeks": "w",
         "m": "m", "month": "mo", "months": "mo", "mo": "mo", "min": "min", "minutes": "min"}
_QUALIFIER_NOISE = frozenset({"only", "may", "can", "is", "are", "be", "routine", "fine", "ok", "okay", "allowed", "the",
                              "a", "an", "you", "we", "to", "of", "and", "or", "for", "with", "it", "them", "those",
                              "that", "than", "which", "any", "all", "every", "in", "into", "inside", "within",
                              "under", "on", "at"})


def _tokens(text: str) -> set[str]:
    """Stemmed words of a text, a number and its unit as one token (``30 days`` / ``30d`` → ``30d``)."""
    import re

    low = text.lower().replace("-", " ").replace("_", " ").replace("=", " ")
    low = re.sub(r"\b(\d+)\s*(days?|d|hours?|h|weeks?|w|months?|mo|min|minutes)\b",
                 lambda m: f" {m.group(1)}{_UNIT.get(m.group(2), m.group(2))} ", low)
    return {stem(w) for w in _split(low) if w not in _QUALIFIER_NOISE}


def _recipe(action: Action, repo: RepoContext) -> str:
    """The first recipe line of the make target an action runs (file read only), or ""."""
    if os.path.basename(action.operation.partition(".")[2] or "") != "make" and not str(action.target or "").startswith(
            "make "):
        return ""
    words = [a for a in (str(action.target or "").split()[1:] or list(action.arguments)) if not a.startswith("-")]
    if not words:
        return ""
    for name in ("GNUmakefile", "makefile", "Makefile"):
        try:
            with open(os.path.join(repo.root, name), encoding="utf-8", errors="replace") as fh:
                lines = fh.read(300_000).splitlines()
        except OSError:
            continue
        for i, line in enumerate(lines):
            head, sep, _ = line.partition(":")
            if sep and not line.startswith(("\t", " ")) and words[0] in head.split():
                body = []
                for ln in lines[i + 1:i + 20]:
                    if not ln.startswith("\t"):
                        break
                    body.append(ln.strip())
                return " ".join(body)
        return ""
    return ""


_WORKSPACE_OPTIONS = ("--filter", "-F", "--workspace", "-w", "--dir", "-C", "--prefix", "--cwd")
_PACKAGE_TOOLS = ("pnpm", "npm", "yarn", "bun")


def workspace_dirs(action: Action, repo: RepoContext) -> list[str]:
    """The directories (relative to the repository) of the workspace packages a package-manager action
    selects: ``pnpm --filter @acme/web`` / ``npm -w @acme/web`` / ``yarn workspace @acme/web`` → the
    directory whose package.json is named ``@acme/web`` (``apps/web``); a selector that is a path
    (``--filter ./apps/web``, ``--dir apps/web``) is that path. Files are read only; [] when none."""
    args = list(action.arguments)
    tool = str(action.target or "").split(" ", 1)[0] or os.path.basename(action.operation.partition(".")[2])
    if tool not in _PACKAGE_TOOLS and not any(a in _PACKAGE_TOOLS for a in args[:1]):
        return []
    selectors = []
    for i, arg in enumerate(args):
        name, eq, value = arg.partition("=")
        if name in _WORKSPACE_OPTIONS:
            if eq:
                selectors.append(value)
            elif i + 1 < len(args):
                selectors.append(args[i + 1])
        elif arg == "workspace" and tool == "yarn" and i + 1 < len(args):
            selectors.append(args[i + 1])
    wanted = {sel.strip("\"'").strip(".^!").removesuffix("...").strip("{}") for sel in selectors}
    wanted.discard("")
    if not wanted:
        return []
    found = [w.removeprefix("./").rstrip("/") for w in wanted if "/" in w and not w.startswith("@")
             and os.path.isdir(os.path.join(repo.root, w))]
    names = wanted - set(found)
    if names:
        found += _package_dirs(repo.root, names)
    return found


def _package_dirs(root: str, names: set[str]) -> list[str]:
    """Directories up to three levels below ``root`` (not node_modules, not hidden) whose package.json
    ``name`` is one of ``names``."""
    from statewise_cli.fast import jsonfast as json

    found: list[str] = []
    pending = [("", 0)]
    seen = 0
    while pending and seen < 400:
        rel, depth = pending.pop(0)
        seen += 1
        here = os.path.join(root, rel)
        if rel:
            try:
                with open(os.path.join(here, "package.json"), encoding="utf-8") as fh:
                    data = json.loads(fh.read(200_000))
                if isinstance(data, dict) and data.get("name") in names:
                    found.append(rel)
            except (OSError, ValueError):
                pass
        if depth >= 3:
            continue
        try:
            entries = sorted(os.scandir(here), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False) and not entry.name.startswith(".") and entry.name not in (
                    "node_modules", "dist", "build", "vendor", "target"):
                pending.append((os.path.join(rel, entry.name) if rel else entry.name, depth + 1))
    return found


def within_qualified_allowance(record: Record, action: Action, repo: RepoContext) -> bool:
    """A clause of the record permits a qualified form of its subject ("prune previews older than 30 days
    only; any other preview needs its owner's approval") and this action — its words and, for a make
    target, its recipe — carries every qualifier of that clause (``previewctl prune --older-than 30d``).
    The restriction holds for every other form (``previewctl prune --all``)."""
    if isinstance(record.value, bool):
        return False
    subject_words = {stem(w) for w in subject(record)} | {stem(w) for w in _split(words_of_key(record))}
    done = _tokens(f"{action.text or ''} {_recipe(action, repo)} {' '.join(workspace_dirs(action, repo))}")
    for clause in str(record.value).replace(";", ".").split("."):
        text = " " + " ".join(_split(clause)) + " "
        if not clause.strip() or any(_says(text, p) for p in _ASKING) or any(
                n in text for n in (" not ", " never ", " no ", " don't ", " do not ")):
            continue
        if " only " not in text and not any(p in text for p in (" may ", " can ", " routine", " fine", " allowed")):
            continue
        qualifiers = _tokens(clause) - subject_words
        if not any(any(c.isdigit() for c in q) for q in qualifiers) and len(qualifiers) < 2:
            continue  # no qualifier that names a form (a number with its unit, or several words)
        if qualifiers and qualifiers <= done:
            return True
    return False


def within_required_form(record: Record, action: Action) -> bool:
    """A clause of the record states the form its subject must take as command-line options ("always
    --exclude opted-out", "sends must pass --dry-run first"), and the action carries every option the clause
    names, with the value the clause gives it (``--exclude opted-out`` or ``--exclude=opted-out``). The
    action is the required form; any other form of the subject stays gated, and a record that also asks for an
    approval or states a freeze is never satisfied by the form alone."""
    import re

    if isinstance(record.value, bool) or not action.text:
        return False
    value = _without_option_notes(str(record.value))
    whole = f" {value.lower()} "
    if any(_says(whole, p) for p in _ASKING) or any(f in whole for f in ("frozen", "freeze")):
        return False  # the record also asks for an approval or a freeze: the form alone does not satisfy it
    words = action.text.split()
    if _form_rule(value) and ":" in value:  # the option closes the statement after a colon: the whole is one clause
        options = re.findall(r"(?<![\w-])(--[a-z][\w-]*)(?:[ =]([\w./@-]*\w))?", value)
        if options and all(_carries(words, opt, val) for opt, val in options):
            return True
    for clause in re.split(r"[.;:](?:\s|$)", value):
        low = f" {clause.lower()} "
        if any(n in low for n in (" not ", " never ", " no ", " don't ", " do not ", " banned", " forbidden",
                                  " prohibited", " disallowed")):
            continue
        options = re.findall(r"(?<![\w-])(--[a-z][\w-]*)(?:[ =]([\w./@-]*\w))?", clause)
        if not any(q in low for q in (" always ", " must ", " every ", " each ")) and not _stated_with(low, options):
            continue
        if options:
            if all(_carries(words, opt, val) for opt, val in options):
                return True
        elif _names_an_option(low, words):
            return True
    return False


def _without_option_notes(text: str) -> str:
    """The record's text with what it says about an option in brackets left out: "(--witness asks for the
    countersignature)" names the flag ``--witness`` and describes it — the description is neither the option's
    value nor the record asking anyone. "(--hold-lot VAL-2211)" keeps its value."""
    import re

    return re.sub(r"\(\s*`?(--[a-z][\w-]*)`?(?::[^)]*|\s+(?:[a-z]+\s+){2,}[^)]*)\)", r"(\1)", text)


def _stated_with(clause: str, options: list[tuple[str, str]]) -> bool:
    """"the maps are published with --embargo-until 2027-03-01", "uploads go out with --private": a clause that states
    how the subject is done, by an option it passes with its value (a form, in the present, not a quantifier); a
    flag without a value counts in the passive rule shape ("listing 4B is published with --withhold-address")."""
    if not options or not any(f" {w} --" in clause for w in ("with", "pass", "passing", "using", "use", "add", "adding")):
        return False
    return all(value for _opt, value in options) or _form_rule(clause)


def _form_rule(text: str) -> bool:
    """A record that states as a rule the options its subject is done with: "<subject> is published with
    --withhold-address", "exports are run with --redact-pii", "releases go out with --signed"."""
    import re

    low = text.lower()
    # "every autofill run holds lot VAL-2211 (--hold-lot VAL-2211)", "each export passes `--redact-pii`": what every
    # run of it carries
    if re.search(r"\b(?:every|each|all)\s+(?:[\w-]+\s+){1,3}(?:runs?|exports?|builds?|jobs?|calls?|invocations?|imports?|"
                 r"sends?|pushes|deploys?|releases?)\b[^.;]{0,80}?[(`]\s*--[a-z][\w-]*", low) is not None:
        return True
    # "every dispensing at site 04 excludes lot K-2207 (--exclude-lot K-2207)": any kind of work, with a present-tense
    # verb saying what it does and the option that does it in brackets or code
    if re.search(r"\b(?:every|each)\s+[a-z][\w-]{3,}\b[^.;()`]{0,60}?\b[a-z]{3,}s\b[^.;()`]{0,60}?[(`]\s*--[a-z][\w-]*",
                 low) is not None:
        return True
    if re.search(r"\b(?:is|are|gets?|goes|go)\s+(?:always\s+|only\s+)?(?:\w+ed|\w+en|out|sent|run|done|made)\s+"
                 r"(?:only\s+)?with\s+`?--[a-z][\w-]*", low) is not None:
        return True
    # "member lists to the landlord leave out members who opted out: --exclude-opted-out": what the subject's runs (a
    # plural noun) do, said in the present, with the option that does it closing the statement
    if re.search(r"^\W*(?:(?:the|our|all|every)\s+)?(?:[a-z][\w'-]*\s+){0,3}?[a-z][\w-]{2,}s\s+"
                 r"(?!(?:is|was|were|has|had|does|did|must|may|can|should|will|would|could|never|not|a|an|the|its|"
                 r"their|his|her|our|my|your|this|that)\b)[a-z]"
                 r"[^.;()`]{0,140}?(?::|\(|`)\s*`?--[a-z][\w-]*(?:[ =][\w./@-]+)?`?\)?\s*\.?\s*$", low) is not None \
            and not re.search(r"\b(?:not|never|no|optional|optionally|may|can|if|unless)\b", low):
        return True
    # "allocations use --exclude-vehicle 3141", "uploads always pass `--private`": what the subject's runs (a plural
    # noun) carry, in the present
    if re.search(r"\b[a-z][\w-]{2,}s\s+(?:always\s+|only\s+)?(?:use|pass|take|carry)\s+`?--[a-z][\w-]*", low) is not None:
        return True
    # "every packing run uses --skip-batch B-7", "each nightly import passes `--dedupe`": what every run of the
    # subject carries, said with a verb of passing and no bracket
    if re.search(r"\b(?:every|each)\s+(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:always\s+)?(?:uses|passes|takes|carries|adds|"
                 r"includes)\s+`?--[a-z][\w-]*", low) is not None:
        return True
    # "the purge runs with --exclude-legal-hold", "the export always runs with `--redact-pii`"
    return re.search(r"\b(?:the\s+)?[\w-]+\s+(?:always\s+|only\s+)?runs\s+(?:only\s+)?with\s+`?--[a-z][\w-]*", low) is not None


def required_form_alternative(record: Record, action: Action) -> str:
    """The action with the options a clause of the record states it is done with (``--embargo-until 2027-03-01``),
    when it carries none of them: the form the record asks for."""
    import re

    if isinstance(record.value, bool) or not action.text:
        return ""
    words = action.text.split()
    value = _without_option_notes(str(record.value))
    if _form_rule(value) and ":" in value:  # the option closes the statement after a colon: the whole is one clause
        options = re.findall(r"(?<![\w-])(--[a-z][\w-]*)(?:[ =]([\w./@-]*\w))?", value)
        if options and not any(w == opt or w.startswith(f"{opt}=") for opt, _v in options for w in words):
            added = " ".join(f"{opt} {val}".strip() for opt, val in options)
            return f"`{action.text.strip()} {added}` (the form the developer's record states: {added})"
    for clause in re.split(r"[.;:](?:\s|$)", value):
        low = f" {clause.lower()} "
        if any(n in low for n in (" not ", " never ", " no ", " don't ", " do not ")):
            continue
        options = re.findall(r"(?<![\w-])(--[a-z][\w-]*)(?:[ =]([\w./@-]*\w))?", clause)
        if not options or not (_stated_with(low, options) or any(q in low for q in (" always ", " must ", " every "))):
            continue
        if any(w == opt or w.startswith(f"{opt}=") for opt, _v in options for w in words):
            continue  # it passes the option with another value: not a form to add to
        added = " ".join(f"{opt} {val}".strip() for opt, val in options)
        return f"`{action.text.strip()} {added}` (the form the developer's record states: {added})"
    return ""


def _names_an_option(clause: str, words: list[str]) -> bool:
    """The clause states the requirement in words ("every payroll run withholds the state tax") and the action
    passes a flag whose every word (two or more) the clause names — the word itself or its start
    (``--withhold-state-tax``, ``--phyto-cert`` for "phytosanitary certificate"). A clause that removes something
    ("drops", "without", "skips") is not a form an option of those words carries."""
    import re

    if any(f" {e}" in clause for e in _EXCLUDING):
        return False
    said = [w for w in re.findall(r"[a-z0-9]+", clause) if len(w) >= 3]
    for word in words:
        if not word.startswith("--") or "=" in word:
            continue
        parts = [p for p in word[2:].lower().split("-") if p]
        if len(parts) < 2 or any(len(p) < 3 for p in parts if p not in ("of", "to")):
            continue
        if all(p in ("of", "to") or any(w.startswith(p) or (len(w) >= 4 and p.startswith(w[:-1])) for w in said)
               for p in parts):
            return True
    return False


_NEGATORS = frozenset({"not", "never", "no", "without", "exclude", "excludes", "excluded", "excluding", "except",
                       "instead", "rather", "nor", "don't", "doesn't", "cannot", "can't", "forbidden", "banned"})
_REQUIRING = frozenset({"only", "use", "uses", "using", "via", "by", "through", "target", "targets", "dial", "dials"})
_EXCLUDING = ("exclude", "drop", "without", "skip", "omit", "remove", "no-", "ignore", "mask", "strip")
_TEMPORAL = frozenset({"before", "after", "until", "till", "once", "when", "while", "during"})


def _clauses(text: str) -> list[list[str]]:
    import re

    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)  # "3,000 copies" states the value 3000
    return [[w.strip(".,()'\"`") for w in c.lower().split()] for c in re.split(r"[;:.](?:\s|$)|,\s", text) if c.strip()]


def _put_instead(record: Record, value: str) -> bool:
    """The record rules out a value of the same shape as ``value`` ("never order 5,000") and states ``value`` itself
    in a clause that neither negates it nor is about time ("the first print run is 3,000 copies"): the value it puts
    in place of the one it rules out."""
    ruled: set[str] = set()
    stated = False
    for clause in _clauses(str(record.value)):
        for at in _mentions(clause, value):
            # a period after the value says how long it holds ("held at 12 C while the crop is in"); a value inside a
            # clause about time ("not before 10") is not one it puts in place
            if not _NEGATORS & set(clause[max(0, at - 4):at]) and not _TEMPORAL & set(clause[:at]):
                stated = True
        for at, word in enumerate(clause):
            if _NEGATORS & set(clause[max(0, at - 4):at]) and word != value and _shape(word) == _shape(value) \
                    and any(c.isdigit() for c in word) == any(c.isdigit() for c in value) \
                    and (len(word) >= 2 or word.isdigit()):  # "never the 6 C frost setting": a one-digit value
                ruled.add(word)
    return stated and bool(ruled)


def _numeric(word: str) -> bool:
    """A number as a record states a value: ``3000``, ``2.4`` (not a date, a version or an id)."""
    import re

    return re.fullmatch(r"\d+(?:\.\d+)?", word) is not None


def _shape(word: str) -> str:
    """A whole number, a decimal or a word: a record puts a value in place of one of the same shape."""
    return ("decimal" if "." in word else "whole") if _numeric(word) else "word"


def _mentions(clause: list[str], value: str) -> list[int]:
    """Where a clause names ``value``: the word itself (``933``, ``2.4 m3/s``), or for an option's hyphenated value
    (``full-wet-clean``) the words it joins ("a full wet clean")."""
    found = [i for i, w in enumerate(clause) if w == value or w.startswith(value + "/")]
    parts = value.count("-") + 1
    if parts > 1 and not found:
        found = [i for i in range(len(clause)) for n in range(2, parts + 1) if "-".join(clause[i:i + n]) == value]
    return found


def _phrase_put_instead(record: Record, value: str) -> bool:
    """An option's hyphenated value the record states as words ("gets a full wet clean" for ``full-wet-clean``) where
    it also rules out another kind of the same thing ("never a dry clean": the same last word after a negation): the
    record puts this kind in place of the other."""
    parts = value.split("-")
    if len(parts) < 2 or not all(p.isalpha() for p in parts):
        return False
    head = parts[-1]
    stated = ruled = False
    for clause in _clauses(str(record.value)):
        spans = {j for at in _mentions(clause, value) for j in range(at, at + len(parts))}
        for at in _mentions(clause, value):
            if not _NEGATORS & set(clause[max(0, at - 4):at]) and not _TEMPORAL & set(clause[:at]):
                stated = True
        for j, word in enumerate(clause):
            if word == head and j not in spans and j > 0 and clause[j - 1] not in parts \
                    and _NEGATORS & set(clause[max(0, j - 4):j]):
                ruled = True
    return stated and ruled


def _kind_put_instead(record: Record, option: str, value: str) -> bool:
    """The record names the option's value beside the option's own word ("the build profile fast-2" for
    ``--profile fast-2``) and rules out another of that kind by the same word after a negation ("never the slow
    profile"): the record puts this value in place of the other one."""
    kind = option.lstrip("-").split("-")[-1].lower()
    if len(kind) < 4 or not kind.isalpha():
        return False
    stated = ruled = False
    for clause in _clauses(str(record.value)):
        for at in _mentions(clause, value):
            near = clause[max(0, at - 3):at] + clause[at + 1:at + 3]
            if any(_same(stem(w), stem(kind)) for w in near) and not _NEGATORS & set(clause[max(0, at - 4):at]) \
                    and not _TEMPORAL & set(clause[:at]):
                stated = True
        for j, word in enumerate(clause):
            if j >= 2 and _same(stem(word), stem(kind)) and _NEGATORS & set(clause[max(0, j - 4):j]) \
                    and not _mentions(clause, value) and clause[j - 1] not in _NOT_VALUES \
                    and _shape(clause[j - 1]) == _shape(value):
                ruled = True  # "never the slow profile": another one of the kind, named before its word
    return stated and ruled


def _kind_alternative(record: Record, words: list[str]) -> str:
    """The action with the value the record puts in place of the one it passes (``_kind_put_instead``): ``--profile
    slow`` → ``--profile fast-2`` for "the build profile fast-2 …; never the slow profile"."""
    import re

    for i, word in enumerate(words):
        if not word.startswith("--") or len(word) < 6:
            continue
        name, eq, current = word.partition("=")
        if not eq:
            if i + 1 >= len(words) or words[i + 1].startswith("-"):
                continue
            current = words[i + 1]
        kind = name.lstrip("-").split("-")[-1].lower()
        for clause in _clauses(str(record.value)):
            for j, said in enumerate(clause):
                if not _same(stem(said), stem(kind)) or _NEGATORS & set(clause[max(0, j - 4):j]):
                    continue
                for cand in (clause[j + 1] if j + 1 < len(clause) else "", clause[j - 1] if j else ""):
                    if len(cand) < 2 or cand in _NOT_VALUES or cand == current.strip("'\"").lower() \
                            or _shape(cand) != _shape(current.strip("'\"").lower()) \
                            or not _kind_put_instead(record, name, cand):
                        continue
                    found = re.search(rf"(?i)(?<![\w-]){re.escape(cand)}(?![\w-])", str(record.value))
                    value = found.group(0) if found else cand
                    new = list(words)
                    if eq:
                        new[i] = f"{name}={value}"
                    else:
                        new[i + 1] = value
                    return f"`{' '.join(new)}` (the value the developer's record requires for {name}: {value})"
    return ""


def within_required_value(record: Record, action: Action) -> bool:
    """The record requires its subject to take a value it names ("test calls use 933 only", "ship by ground
    only", "rating models never use gender: exclude it") and the action passes exactly that value — an option
    whose value the record requires, or an excluding option (``--exclude-factor gender``) whose value the record
    rules out — while passing no value the record rules out. The action is what the record permits: no question,
    no deny. A freeze or an embargo in time ("only after the polls close") is satisfied by no value."""
    if isinstance(record.value, bool) or not action.text:
        return False
    clauses = _value_clauses(str(record.value))
    whole = {w for c in clauses for w in c}
    if whole & {"frozen", "freeze", "embargo", "embargoed"}:
        return False
    words = action.text.split()
    pairs: list[tuple[str, str]] = []
    for i, word in enumerate(words):
        if not word.startswith("--"):
            continue
        name, eq, value = word.partition("=")
        if not eq:
            value = words[i + 1] if i + 1 < len(words) and not words[i + 1].startswith("-") else ""
        value = value.strip("'\"").lower()
        if len(value) >= 2:
            pairs.append((name.lower(), value))
    conforms = False
    for name, value in pairs:
        ruled_out = required = False
        for clause in clauses:
            for at in _mentions(clause, value):
                before = clause[max(0, at - 4):at]
                if _NEGATORS & set(before):
                    ruled_out = True
                elif (_REQUIRING & set(clause[max(0, at - 3):at]) or "only" in clause[max(0, at - 3):at + 4]) \
                        and not _TEMPORAL & set(clause) and not _APPROVAL_WORDS & set(clause):
                    required = True  # ("batch 2026-12-a has the treasurer's approval only": an approval, not a value)
        excluding = any(x in name for x in _EXCLUDING)
        if not ruled_out and not required and not excluding and (
                (_numeric(value) and _put_instead(record, value)) or _phrase_put_instead(record, value)
                or _kind_put_instead(record, name, value)):
            required = True
        if (ruled_out and not excluding) or (required and excluding):
            return False  # a value the record rules out, or leaves out what it requires
        if (required and not ruled_out) or (ruled_out and excluding):
            conforms = True
    return conforms


_APPROVAL_WORDS = frozenset({"approval", "approvals", "approver", "sign-off", "signoff", "signature", "consent"})
_NOT_VALUES = frozenset({"the", "a", "an", "it", "its", "their", "our", "this", "that", "them", "hand", "default",
                         "now", "then", "all", "any", "one", "itself", "themselves"})


# "only" before these words reserves the act to someone or sets a condition on it ("released to cutting only by the QA
# manager", "issued only with the day's certificate"): it says who or when, not which value.
_ONLY_WHO_OR_WHEN = frozenset({"by", "with", "after", "when", "if", "once", "under", "upon", "while", "until", "between",
                               "during", "where"})


def _value_clauses(text: str) -> list[list[str]]:
    """``_clauses`` with each "only" that says who or when (``_ONLY_WHO_OR_WHEN`` after it) taken out."""
    out = []
    for clause in _clauses(text):
        out.append([w for i, w in enumerate(clause) if not (w == "only" and i + 1 < len(clause)
                                                            and clause[i + 1] in _ONLY_WHO_OR_WHEN)])
    return out


def _required_values(record: Record) -> list[str]:
    """The values a record requires by name: "use 933 only", "ship by ground only", "via vpn-gw" (not a value it
    rules out, and not in a clause about time)."""
    out: list[str] = []
    for clause in _value_clauses(str(record.value)):
        if _TEMPORAL & set(clause):
            continue
        for i, word in enumerate(clause):
            if len(word) < 2 or word in _NOT_VALUES or word in _REQUIRING or _NEGATORS & set(clause[max(0, i - 4):i]):
                continue
            if word.startswith("-"):
                continue  # "batches use --skip-courier fastlane": an option the record names, not a value
            before = clause[i - 1] if i else ""
            after = clause[i + 1] if i + 1 < len(clause) else ""
            if (before in _REQUIRING and before != "only") or after == "only":
                out.append(word)
    return list(dict.fromkeys(out))


def required_value_alternative(record: Record, action: Action) -> str:
    """The action with the value the record requires in place of the one it passes (``--dial 911`` → ``--dial
    933`` for "test calls use 933 only"): one required value of the same shape (a number for a number)."""
    if isinstance(record.value, bool) or not action.text:
        return ""
    words = action.text.split()
    named = _option_value_required(record, words)
    if named:
        return named
    kind = _kind_alternative(record, words)
    if kind:
        return kind
    required = _required_values(record)
    numbers = {w for c in _clauses(str(record.value)) for w in c if _numeric(w) and w not in required}
    required += [n for n in sorted(numbers) if _put_instead(record, n)]
    if not required:
        return ""
    for i, word in enumerate(words):
        if not word.startswith("--") or any(x in word for x in _EXCLUDING):
            continue
        name, eq, value = word.partition("=")
        if not eq and (i + 1 >= len(words) or words[i + 1].startswith("-")):
            continue
        value = (value if eq else words[i + 1]).strip("'\"")
        if value.lower() in required:
            continue
        same = [r for r in required if _shape(r) == _shape(value)]
        if len(same) != 1:
            continue
        new = list(words)
        if eq:
            new[i] = f"{name}={same[0]}"
        else:
            new[i + 1] = same[0]
        return f"`{' '.join(new)}` (the value the developer's record requires: {same[0]})"
    return ""


def _option_value_required(record: Record, words: list[str]) -> str:
    """"covers online channels only" for ``--channels online,tv``: the noun before "only" names one of the action's
    options (``--channels``, ``--channel``), and the word before it is the one value the record allows for it."""
    options: dict[str, int] = {}
    for i, word in enumerate(words):
        if word.startswith("--") and len(word) > 3:
            name = word[2:].partition("=")[0].lower()
            options[name] = i
            options.setdefault(name.rstrip("s"), i)
    for clause in _clauses(str(record.value)):
        for i, word in enumerate(clause):
            if word != "only" or i < 2:
                continue
            noun, value = clause[i - 1], clause[i - 2]
            at = options.get(noun, options.get(noun.rstrip("s")))
            if at is None or len(value) < 2 or value in _NOT_VALUES or _NEGATORS & {value}:
                continue
            word_at = words[at]
            new = list(words)
            if "=" in word_at:
                current = word_at.partition("=")[2].strip("'\"")
                new[at] = f"{word_at.partition('=')[0]}={value}"
            elif at + 1 < len(words) and not words[at + 1].startswith("-"):
                current = words[at + 1].strip("'\"")
                new[at + 1] = value
            else:
                continue
            if current.lower() == value:
                return ""
            return f"`{' '.join(new)}` (the value the developer's record requires for {words[at].partition('=')[0]}: {value})"
    return ""


def _carries(words: list[str], option: str, value: str) -> bool:
    """``words`` pass ``option`` with ``value`` (``--x v`` / ``--x=v``), or as a flag when the clause's next word may
    be prose rather than its value ("--dry-run first": the action's ``--dry-run`` is followed by nothing or by
    another option). Another value is another form."""
    for i, word in enumerate(words):
        if not value:
            if word == option or word.startswith(f"{option}="):
                return True
            continue
        if word == f"{option}={value}":
            return True
        if word == option:
            following = words[i + 1].strip("'\"") if i + 1 < len(words) else ""
            if following == value or not following or following.startswith("-"):
                return True
    return False


_ONLY_TO = ("only to", "only into", "only in", "only on", "only through", "only via", "only with", "only as",
            "only under", "only from", "only by")


def within_routed_family(record: Record, action: Action) -> bool:
    """The record holds a branch and routes the work to a family of branches it names with a placeholder or a
    wildcard ("don't push to it until I say so; push your commits to feature/x-<your name>"), and the push goes
    to a branch of that family: the action is the route the record gives, not the push it holds."""
    import re

    if action.operation != "git.push" or not isinstance(record.value, str):
        return False
    target = str(action.target or "")
    if not target or target in ("*", "?"):
        return False
    from statewise_cli.recovery.premises_consumers import _GLOB, _glob_names

    text = record.value
    for m in re.finditer(r"(?i)\b(?:push|send|commit|put|move)\w*\s+(?:\w+\s+){0,3}?(?:to|on|into|a|an)\s+`?"
                         + _GLOB, text):
        family = m.group(1) + m.group(2)
        if _glob_names(family, target):
            return True
    # the same with the branch named as it is: "…; push a `calib-bo` branch instead"
    for m in re.finditer(r"(?i)\b(?:push|send|commit|put|move)\w*\s+(?:\w+\s+){0,3}?(?:to|on|into|a|an)\s+`([\w./-]+)`"
                         r"(?:\s+branch)?\s+instead\b", text):
        if m.group(1) == target:
            return True
    return False


def within_named_destination(record: Record, action: Action) -> bool:
    """The record allows its subject only at a place it names by an identifier ("models go only to the
    private acme-internal org", "deploys only through deploy-bot") and the action names that identifier as
    one of its own operands' parts (``upload acme-internal/ranker-v3``): the action is the allowed form.
    An identifier is a word of the record's own spelling with a hyphen, an underscore, a dot or a digit,
    a name no generic wording carries."""
    if isinstance(record.value, bool):
        return False
    text = str(record.value).lower()
    parts: set[str] = set()
    program = _program(action)
    for arg in [str(a).lower() for a in action.arguments] + [str(action.target or "").lower()]:
        for piece in arg.replace("=", "/").replace(":", "/").replace("@", "/").split("/"):
            if piece:
                parts.add(piece.strip("'\""))
    for clause in text.replace(";", ".").split(". "):
        at = min([clause.find(p) for p in _ONLY_TO if clause.find(p) >= 0] or [-1])
        if at < 0:
            continue
        rest = clause[at:].split(",")[0]
        names = [w.strip(".,()'\"`") for w in rest.split()]
        names = [w for w in names if len(w) >= 3 and any(c in w for c in "-_.") or (
            any(c.isdigit() for c in w) and any(c.isalpha() for c in w))]
        if names and any(n in parts for n in names):
            return True
        # "… only through privacyctl erase": the tool the clause names is the program this action runs. A
        # word of the record's subject is no tool name (deploys only through `deploy` says nothing).
        words = [w.strip(".,()'\"`") for w in rest.split()[2:4]]
        subject_stems = set(subject(record))
        if program and any(w == program and stem(w) not in subject_stems for w in words if len(w) >= 3):
            return True
    return False


def _program(action: Action) -> str:
    """The program an action runs (``privacyctl`` for ``privacyctl erase …``), lower case; "" for none."""
    head, _, tail = action.operation.partition(".")
    text = (action.text or "").split()
    if head == "shell" and tail:
        return os.path.basename(tail).lower()
    first = next((w for w in text if "=" not in w), "")
    return os.path.basename(first).lower() if first and head not in ("git", "edit", "file") else ""


def _named_file_gate(action: Action, policies: list[Record]) -> tuple[Action, Record, str, str] | None:
    """A developer's policy whose key names a file of the repository by its words (``policy.tracking_plan``,
    ``policy.data_retention``, ``policy.pay_rates`` for ``pay/rates.toml`` — the file's name and the two
    directories nearest it) gates an edit of that file (``analytics/tracking-plan.yaml``) when its value
    speaks of changing it (add, new, edit, change, remove …): the file is the thing the rule is about. A key of
    two words or more, every one of them in the file's own name, so that one generic word (deploy) never gates
    an edit of a script that merely mentions it."""
    target = str(action.target or "").replace("\\", "/")
    if not target:
        return None
    base = os.path.splitext(os.path.basename(target))[0]
    names = [stem(w) for w in _split(base.replace("-", " ").replace("_", " ").replace(".", " ")) if len(w) >= 3]
    if not names:
        return None
    # the directory that holds it names it too (``pay/rates.toml`` is the pay rates): its two nearest parts
    parents = [p for p in os.path.dirname(target).split("/") if p and p not in (".", "..")][-2:]
    names += [stem(w) for p in parents for w in _split(p.replace("-", " ").replace("_", " ").replace(".", " "))
              if len(w) >= 3]
    for record in policies:
        if isinstance(record.value, bool) or pushed_branch(record) is not None:
            continue
        wanted = subject(record)
        if len(wanted) < 2 or not all(any(_same(w, n) for n in names) for w in wanted):
            continue
        text = " " + " ".join(_split(str(record.value))) + " "
        if not any(f" {v}" in text for v in _CHANGE_WORDS):
            continue
        verdict = scoped_restriction(record, action)
        if verdict is None:
            continue
        return action, record, verdict, f"`{action.operation} {target}` changes what {words_of_key(record)} is about"
    return None


# Files of prose and markup (copy, pages, documentation, content data): what they say is their content.
_CONTENT_FILES = (".md", ".mdx", ".markdown", ".html", ".htm", ".txt", ".rst", ".adoc", ".json", ".yml", ".yaml",
                  ".po", ".strings", ".liquid", ".njk", ".hbs")


def _examples(record: Record) -> set[str]:
    """The stems of the things a policy's value enumerates in parentheses ("financial claims (insurance, APY,
    returns)" → insur…, apy, return): the objects it restricts, named by example."""
    text = str(record.value)
    found: set[str] = set()
    while "(" in text and ")" in text.split("(", 1)[1]:
        inner, text = text.split("(", 1)[1].split(")", 1)
        if "," not in inner:
            continue  # an aside, not a list of things
        found |= {stem(w) for w in _split(inner) if len(w) >= 3 and w not in _NOT_SUBJECT and not w.isdigit()}
    return found


def _content_gate(action: Action, policies: list[Record]) -> tuple[Action, Record, str, str] | None:
    """A developer's policy about a kind of content ("marketing copy with financial claims (insurance, APY,
    returns) only after Compliance's review") gates an edit of a prose or markup file whose new text brings in
    what the policy enumerates (one of its examples) or every word of its subject: the edit makes such content,
    whatever file holds it. Words the edit only keeps (in its removed lines too) do not count."""
    target = str(action.target or "").lower()
    if not target.endswith(_CONTENT_FILES):
        return None
    added: set[str] = set()
    removed: set[str] = set()
    for line in (action.body or "").splitlines():
        if line.startswith("+") and not line.startswith("+++"):
            added |= {stem(w) for w in _split(line[1:]) if len(w) >= 3}
        elif line.startswith("-") and not line.startswith("---"):
            removed |= {stem(w) for w in _split(line[1:]) if len(w) >= 3}
    new = added - removed
    if not new:
        return None
    for record in policies:
        if isinstance(record.value, bool) or pushed_branch(record) is not None:
            continue
        examples = _examples(record)
        wanted = subject(record)
        hit = next((e for e in sorted(examples) for w in new if _same(e, w)), None)
        if hit is None and len(wanted) >= 2 and all(any(_same(s, w) for w in new) for s in wanted):
            hit = wanted[0]
        if hit is None:
            continue
        verdict = scoped_restriction(record, action)
        if verdict is None:
            continue
        return action, record, verdict, (f"`{action.operation} {action.target}` adds content {words_of_key(record)} is "
                                         f"about ({hit}…)")
    return None


_CHANGE_WORDS = ("add", "new ", "edit", "chang", "modif", "updat", "remov", "delet", "touch", "rewrit", "extend")


def _other_subcommand(record: Record, action: Action, hit: str, done: list[str]) -> bool:
    """The record names a program and one of its subcommands (``policy.terraform_apply``, ``kubectl
    delete``), the action runs that program and matched only by its name, and the action's own
    subcommand is another one (``terraform -chdir=infra plan``): the policy is about that subcommand."""
    head, _, tail = action.operation.partition(".")
    if head != "shell" or stem(os.path.basename(tail)) != hit:
        return False
    words = [stem(w) for w in _split(record.key.split(".", 1)[-1].replace("_", " ").replace("-", " "))]
    if hit not in words or words.index(hit) + 1 >= len(words):
        return False
    verb = words[words.index(hit) + 1]
    if verb.isdigit() or len(verb) < 3:
        return False
    plain = []
    for index, arg in enumerate(action.arguments):
        if arg.startswith("-"):
            continue
        if index and action.arguments[index - 1].startswith("-") and "=" not in action.arguments[index - 1]:
            return False  # the value of an option (`--provider gmaps`): the command names no subcommand
        plain.append(arg)
        break
    if not plain or _split(plain[0])[:1] == [] or any(_same(verb, d) for d in done):
        return False
    said = [stem(w) for w in _split(str(record.value).lower())]
    own = stem(_split(plain[0])[0])
    from itertools import pairwise

    if any(a == hit and _same(b, own) for a, b in pairwise(said)):
        return False  # the value names the action's own subcommand ("every autofill run holds lot …")
    return not _same(verb, own)


_COMPOUND_HEADS = ("auto", "self")


def _compound_hit(record: Record, wanted: list[str], done: list[str]) -> str | None:
    """A subject word made of a modifier and the act (``policy.autoupdate_5_0`` → "update", "autodeploy" → "deploy")
    names an action that does the act (``release-update --channel stable``) when the action also carries another word
    of the record's value (the channel, the version): the act alone (``npm update``) is not what the record is about."""
    value = {stem(w) for w in _split(str(record.value))} | set(_split(str(record.value)))
    for word in wanted:
        head = next((h for h in _COMPOUND_HEADS if word.startswith(h) and len(word) - len(h) >= 4), None)
        if head is None:
            continue
        rest = word[len(head):]
        if any(_same(rest, d) for d in done) and sum(1 for d in done if d in value and not _same(rest, d)) >= 1:
            return word
    return None


def _option_phrase_hit(record: Record, wanted: list[str], action: Action) -> str | None:
    """An option and its value that together name what the record is about: ``--zone east`` is "the east zone",
    ``--line north`` "the North line". The option's name is a subject word of the record, and the record writes the
    value next to it ("the east zone stays shut"), so the action acts on that item, not on others of its kind."""
    import re

    text = " ".join(re.findall(r"[a-z0-9]+", str(record.value).lower()))
    args = list(action.arguments)
    for i, arg in enumerate(args[:-1]):
        if not arg.startswith("--") or "=" in arg or args[i + 1].startswith("-"):
            continue
        name, value = arg[2:].lower(), args[i + 1].lower()
        if not re.fullmatch(r"[a-z]{3,}", name) or not re.fullmatch(r"[a-z][a-z0-9]{2,}", value):
            continue
        word = next((w for w in wanted if _same(w, stem(name))), None)
        if word is None:
            continue
        plural = r"(?:s|es)?"
        if re.search(rf"\b{value}\s+{re.escape(name.rstrip('s'))}{plural}\b", text) or re.search(
                rf"\b{re.escape(name.rstrip('s'))}{plural}\s+{value}\b", text):
            return word
    return None


def words_of_key(record: Record) -> str:
    return " ".join(record.key.split(".", 1)[-1].replace("_", " ").split())


def gates(actions: list[Action], records: list[Record], repo: RepoContext | None,
          authorities: tuple[str, ...] = ("developer",)) -> list[tuple[Action, Record, str, str]]:
    """(action, record, verdict, why) for each side-effecting action a developer's policy restricts (with
    ``authorities``: a policy of those authorities, e.g. a governance document's, ``governance.py``)."""
    from statewise_cli.store.records import scope_matches

    found: list[tuple[Action, Record, str, str]] = []
    policies = [r for r in records if r.key.startswith("policy.") and r.status == "active" and r.authority in authorities
                and not r.source.startswith("memory-file:") and r.validity != "defective"
                and scope_matches(r.scope, branch=repo.branch if repo else None)]
    if not policies:
        return found
    default: str | None = None
    for action in actions:
        if action.operation in ("edit", "file.write", "file.create") and action.body:
            gate = (_flag_gate(action, policies, repo) or _file_gate(action, policies, repo)
                    or _named_file_gate(action, policies) or _content_gate(action, policies))
            if gate is not None:
                found.append(gate)
            continue
        if action.risk == "read-only" or action.operation in ("edit", "file.write", "file.create", "file.move",
                                                                "file.delete", "statewise.mutate"):
            continue
        if action.operation.startswith("git.") and action.operation not in ("git.push", "git.tag"):
            continue  # commits, switches, rebases stay on this machine: intent is about what leaves it
        if action.operation == "run.test" and _TEST_RUNNERS & set(str(action.target or "").split()[:3]):
            continue  # `pytest -k flags` runs tests about flags; it enables none
        for record in policies:
            verdict = scoped_restriction(record, action)
            banned = None
            if verdict is None and isinstance(record.value, str) and action.operation.startswith("shell.") \
                    and _holds_state(record, action):
                verdict = "deny"  # "the gate stays open: …" and this action closes it
            if verdict is not None and action.operation.startswith("shell.") and reason_only(record, action):
                continue  # "… decided the crates are recycled; they cannot be resold": the reason, not a rule
            if verdict is None:
                from statewise_cli.recovery import intent_values

                fixed = intent_values.why(record, action) if "--" in (action.text or "") else None
                if fixed is not None:
                    found.append((action, record, "deny", fixed))  # the record fixes the value of an option it passes
                    break
                from statewise_cli.recovery.intent_scope import category_banned

                banned = category_banned(record, action)
                if banned is None:
                    continue
                verdict = "deny"  # "no AGPL dependencies (libfoo is AGPL)": this package is one of them
            option = None
            if isinstance(record.value, str) and " only" in f" {record.value.lower()}" and "-" in record.value:
                from statewise_cli.recovery import intent_scope

                option = intent_scope.required_option(record)
                if option is not None and intent_scope.carries_option(action, option, repo.root if repo else None):
                    continue  # the action takes the way the record allows
            branch = pushed_branch(record)
            if branch is not None:
                if action.operation != "git.push" or repo is None:
                    continue
                if not branch:
                    default = default or default_branch(repo) or ""
                    branch = default
                target = str(action.target or "")
                if branch and target in (branch, f"refs/heads/{branch}") and allowed_kind(record, action, repo) is None:
                    found.append((action, record, "deny", f"a direct push to `{branch}`" +
                                  (", the default branch" if branch == default else "")))
                    break
                continue
            if _removes_banned(record, action) or _offered_instead(record, action):
                continue  # taking a banned dependency out, or adding what the record offers instead
            wanted = subject(record)
            done = action_words(action, repo.root if repo is not None else None)
            hit = next((w for w in wanted for d in done if _same(w, d)), banned)
            if hit is None:
                hit = _compound_hit(record, wanted, done)
            if hit is None:
                hit = _option_phrase_hit(record, wanted, action)
            if hit is None and option is not None:
                from statewise_cli.recovery.intent_scope import directive_words

                script = directive_words(action, repo.root if repo is not None else None)
                hit = next((w for w in wanted for d in script if _same(w, stem(d))), None)
            if hit is None:
                hit = _banned_package(record, action)
            if hit is None:
                hit = _new_dependency(record, action, repo)
            documented = None
            if head_of(action) in ("shell", "run") and isinstance(record.value, str):
                from statewise_cli.recovery import intent_scope

                root = repo.root if repo is not None else None
                documented = intent_scope.documented_requirement(record, action, root)
                if hit is None and documented is not None:
                    hit = documented[0]  # the program documents the option for what the record requires
                if hit is None:
                    hit = intent_scope.named_in_value(record, action)
                if hit is None:
                    hit = _program_named_in_value(record, action)
                if hit is None:
                    hit = _item_given_a_form(record, action)
                if hit is not None and documented is not None and not any(
                        f in f" {str(record.value).lower()}" for f in ("frozen", "freeze")) and \
                        intent_scope.carries_option(action, f"{documented[0]}={documented[1]}", root):
                    continue  # the action takes the form the program documents for what the record requires
                if hit is not None and root and action.text and str(record.value).lower().startswith(
                        ("every ", "all ", "each ")):
                    from statewise_cli.recovery.governance_items import takes_prescribed_form

                    if takes_prescribed_form(action, root):
                        continue  # the item's own record names the option, and the action passes it
            if hit is not None and _modes_missing(_split(record.key.split(".", 1)[-1].replace("_", " ")), action):
                hit = None
            if hit is not None and _other_subcommand(record, action, hit, done):
                hit = None  # "terraform apply" says nothing about `terraform plan`
            if hit is not None and _status_query(action) and _held_until(_normal(str(record.value))):
                hit = None  # "TM-3 stays open until …": asking the valves for TM-3's status changes nothing
            if hit is not None and repo is not None and within_qualified_allowance(record, action, repo):
                hit = None  # "prune previews older than 30 days only": this action is that form
            if hit is not None and within_routed_family(record, action):
                hit = None  # "push your commits to feature/x-<your name>": this push goes there
            if hit is not None and within_named_destination(record, action):
                hit = None  # "… only to the private acme-internal org": this action goes there
            if hit is not None and within_required_form(record, action):
                hit = None  # "… always --exclude opted-out": this action carries that option
            if hit is not None and within_required_value(record, action):
                hit = None  # "test calls use 933 only": this action dials 933
            if hit is not None and repo is not None and head_of(action) in ("shell", "run"):
                from statewise_cli.recovery.intent_conditions import condition_met

                if condition_met(record, action, repo.root):
                    hit = None  # "only after the plan is approved": the item's own record says it was
            if hit is not None:
                shown = (action.text or action.operation).strip()[:120]
                why = f"`{shown}` falls under {words_of_key(record)}"
                if documented is not None:
                    from statewise_cli.recovery import intent_scope

                    other = intent_scope.documented_alternative(action, record, *documented)
                    if other:
                        why += (f" (its program documents `{(documented[0] + ' ' + documented[1]).strip()}` for what the record "
                                f"requires: `{other}`)")
                found.append((action, record, verdict, why))
                break
    return found


# Words of a program's name that say how it acts, not on what ("start-burn", "schedule-disinterment", "apply-plan").
_HOW_WORDS = frozenset({"start", "stop", "apply", "send", "make", "build", "test", "check", "update", "sync", "push",
                        "pull", "submit", "book", "schedule", "create", "delete", "remove", "close", "open", "show",
                        "list", "run", "runner", "tool", "tools", "ctl", "cli", "admin", "manage", "manager", "script",
                        "task", "tasks", "job", "jobs", "main", "exec", "do", "new", "set", "get", "put", "post",
                        "import", "export", "load", "save", "print", "notify", "launch", "order", "file", "files"})


def _item_given_a_form(record: Record, action: Action) -> str | None:
    """An item the record gives a form by its code ("every R7 run uses --skip-section moor-lane") that the action
    passes as an operand (``--route R7``): the action is work on that item. Only a record that names an option counts;
    whether the action takes the form is decided after (``within_required_form``)."""
    import re

    if not isinstance(record.value, str) or not re.search(r"(?<![\w-])--[a-z][\w-]*", record.value):
        return None
    # the form is the item's rule for all its work ("every N4 run uses …", "N4 always runs with …"), not a value stated
    # for one of its settings ("pump P4 feeds at 18 l/min (--rate 18)": a report on P4 is other work)
    codes = {m.group(1).lower() for m in re.finditer(r"(?<![\w./-])([A-Za-z]{1,4}-?\d{1,5}[A-Za-z]?)(?![\w/-])",
                                                     record.value) if not re.fullmatch(r"20\d\d", m.group(1))
             and re.search(rf"(?i)\b(?:every|each|all|any)\s+(?:[\w-]+\s+){{0,2}}?{re.escape(m.group(1))}(?![\w-])|"
                           rf"(?<![\w-]){re.escape(m.group(1))}\b[^.;]{{0,40}}\balways\b", record.value)}
    operands = {str(a).strip("'\"").lower() for a in action.arguments if not str(a).startswith("-")}
    return next((c for c in sorted(codes) if c in operands), None)


def _program_named_in_value(record: Record, action: Action) -> str | None:
    """A word of the action's program name that says what it acts on (``start-burn`` → burn, ``schedule-disinterment``
    → disinterment) and that the record's own text names ("all prescribed burns are suspended …", "no disinterment is
    scheduled before …"): the record is about what the program does."""
    import re

    if not action.operation.startswith("shell.") or not isinstance(record.value, str):
        return None
    name = os.path.splitext(os.path.basename(action.operation.partition(".")[2]))[0].lower()
    parts = [p for p in re.split(r"[-_.]", name) if len(p) >= 4 and p.isalpha() and p not in _HOW_WORDS]
    if not parts or len(parts) == len([p for p in re.split(r"[-_.]", name) if p]) and len(parts) == 1 and "-" not in name \
            and "_" not in name:
        return None  # a one-word program name is the tool, not the thing it acts on
    # the record names its items (``RTR-0412``, ``N-114``): an action on another item of the same kind is not its subject
    shape = r"(?<![\w-])([a-z]{1,6})-?(\d[\w-]*)"
    named = {m.group(0) for m in re.finditer(shape, record.value.lower()) if not re.fullmatch(r"\d{4}-\d\d(?:-\d\d)?", m.group(0))}
    if named:
        kinds = {re.match(shape, n).group(1) for n in named if re.match(shape, n)}  # type: ignore[union-attr]
        acted = {m.group(0) for a in action.arguments for m in re.finditer(shape, str(a).lower()) if m.group(1) in kinds}
        if acted and not any(n in a for n in named for a in acted):
            return None
    said = [w for w in _split(record.value.lower()) if len(w) >= 4]
    for part in parts:
        if any(_same(stem(part), stem(w)) for w in said):
            return stem(part)
    return None


# Paths of schema migrations (Django, Rails, Alembic, Prisma, Flyway, Knex, golang-migrate, dbmate, Liquibase …)
_MIGRATION_DIRS = frozenset({"migrations", "migrate", "migration", "versions", "changelog", "changesets"})
_DDL = ("alter table", "create table", "drop table", "add column", "drop column", "rename column", "create index",
        "drop index", "create type", "alter type", "create schema", "addcolumn", "createtable", "droptable",
        "add_column", "create_table", "drop_table", "remove_column", "rename_column", "op.add_column",
        "op.create_table", "migrations.addfield", "migrations.createmodel", "migrations.removefield")
_SCHEMA_WORDS = ("schema", "migrate", "migration", "database", "ddl")


def _schema_change(action: Action) -> bool:
    """A file write that changes a database schema: a file created or edited in a migrations directory, or DDL
    written into a ``.sql`` file."""
    path = str(action.target or "").replace("\\", "/")
    parts = [p.lower() for p in path.split("/")[:-1]]
    added = "\n".join(line[1:] for line in action.body.splitlines() if line.startswith("+")).lower()
    ddl = any(d in " ".join(added.split()) for d in _DDL)
    if any(p in _MIGRATION_DIRS for p in parts) and (ddl or action.operation == "file.create" or path.endswith(".sql")):
        return True
    return path.lower().endswith(".sql") and ddl


# Dependency manifests read line by line for the packages an edit adds or re-pins
_LINE_MANIFESTS = ("requirements", "constraints", "pyproject.toml", "Pipfile", "package.json", "Cargo.toml", "Gemfile",
                   "go.mod", "setup.cfg", "environment.yml", "composer.json")


def manifest_packages(action: Action) -> set[str]:
    """The packages whose declaration an edit of a dependency manifest adds or changes (``+Adyen==30.1.0``,
    ``+  "left-pad": "^1.3.0",``): the names of its added lines, lower-cased."""
    import re

    name = os.path.basename(str(action.target or ""))
    if not name.startswith(_LINE_MANIFESTS):
        return set()
    found = set()
    for line in action.body.splitlines():
        if not line.startswith("+"):
            continue
        text = line[1:].strip().strip(",")
        if not text or text.startswith(("#", "[", "{", "}")):
            continue
        m = re.match(r"""^["']?(@?[A-Za-z0-9][A-Za-z0-9_.\-/]*)["']?\s*(?:\[[^\]]*\])?\s*(?:==|>=|<=|~=|!=|===|[<>=^~:]|$)""",
                     text)
        if m and m.group(1).lower() not in ("python", "name", "version", "description", "dependencies", "require"):
            found.add(m.group(1).lower())
    return found


def _file_gate(action: Action, policies: list[Record], repo: RepoContext | None) -> tuple[Action, Record, str, str] | None:
    """A developer's policy about what a file write does: a schema change (a migration written) against a policy
    about the schema or migrations; a dependency manifest edit that adds or re-pins a package the policy names, or
    that adds any dependency against a policy about adding dependencies."""
    schema = _schema_change(action)
    packages = manifest_packages(action)
    if not schema and not packages:
        return None
    pkg_action = action.replace(operation="shell.pip", arguments=("install", *sorted(packages))) if packages else action
    for record in policies:
        verdict = scoped_restriction(record, action)
        if verdict is None or pushed_branch(record) is not None:
            continue
        wanted = subject(record)
        hit = None
        if schema:
            hit = next((w for w in wanted for d in _SCHEMA_WORDS if _same(w, stem(d))), None)
        if hit is None and packages:
            if _removes_banned(record, pkg_action) or _offered_instead(record, pkg_action):
                continue
            hit = next((p for p in sorted(packages) for w in wanted if len(w) >= 3 and _same(w, stem(p))), None)
            hit = hit or _banned_package(record, pkg_action) or _new_dependency(record, pkg_action, repo)
        if hit is not None:
            what = "a database schema change" if schema else f"a dependency change ({', '.join(sorted(packages))})"
            return action, record, verdict, f"`{action.operation} {action.target}` is {what}, under {words_of_key(record)}"
    return None


# A setting's value that turns a feature on / off (YAML, JSON, TOML, INI, .env spellings).
_ON = frozenset({"true", "yes", "on", "1", "enabled", "enable", "active", "100"})
_OFF = frozenset({"false", "no", "off", "0", "disabled", "disable", "inactive", "none", "null"})
# Keys that say only "this is on" (``new_pricing:\n  enabled: true``): the feature is the enclosing key.
_SWITCH_KEYS = frozenset({"enabled", "enable", "on", "active", "value", "default", "state", "status", "rollout",
                          "percentage", "defaultvalue", "default_value", "variation", "serve"})
# Words of a policy subject that say "a feature switch" without naming one.
_GENERIC_FLAG_WORDS = frozenset({"flag", "featur", "toggl", "switch", "enabl", "setting", "config"})


def _setting(line: str) -> tuple[str, str] | None:
    """(key, value) of one settings line: ``key: true``, ``"key": true,``, ``KEY=1``, ``key = "on"``."""
    text = line.strip().rstrip(",;").strip()
    for sep in (":", "="):
        key, found, value = text.partition(sep)
        if not found:
            continue
        key = key.strip().strip("\"'").strip()
        value = value.split("#", 1)[0].strip().strip("\"'").strip().lower()
        if key and value and all(c.isalnum() or c in "_-." for c in key):
            return key, value
    return None


def _enclosing_key(lines: list[str], index: int) -> str | None:
    """The key of the mapping the settings line at ``index`` sits in (by indentation)."""
    width = len(lines[index]) - len(lines[index].lstrip())
    for line in reversed(lines[:index]):
        if not line.strip() or line.lstrip().startswith(("#", ";")):
            continue
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):  # a TOML table / INI section
            key = stripped.strip("[]").strip().rsplit(".", 1)[-1].strip("\"'")
            return key or None
        w = len(line) - len(line.lstrip())
        if w < width:
            key = line.strip().rstrip("{").strip().rstrip(":").strip().strip("\"'")
            key = key.split(":", 1)[0].strip().strip("\"'")
            return key if key and all(c.isalnum() or c in "_-." for c in key) else None
    return None


def flags_turned_on(action: Action, root: str | None) -> list[str]:
    """The feature switches an edit turns on: a settings line whose value goes from off to on (the
    removed line says off, the added one on, for the same key); a key that only says "enabled" stands
    for the mapping it is in (read from the file)."""
    removed: dict[str, tuple[str, str]] = {}
    added: list[tuple[str, str]] = []
    for line in action.body.splitlines():
        if line[:1] not in "+-" or line[:2] in ("++", "--"):
            continue
        got = _setting(line[1:])
        if got is None:
            continue
        if line[0] == "-":
            removed[got[0]] = (got[1], line[1:].strip())
        else:
            added.append(got)
    read: list[list[str]] = []

    def current() -> list[str]:  # the target file as it is now, read once and only when needed
        if not read:
            read.append(_target_lines(action, root))
        return read[0]

    if not removed and added and root and isinstance(action.target, str):
        # a whole file written (Write, a heredoc, a full-file patch): the file as it is now is what goes
        for line in current():
            got = _setting(line)
            if got is not None and got[0].lower() not in _SWITCH_KEYS:
                removed.setdefault(got[0], (got[1], line.strip()))
    turned: list[str] = []
    for key, value in added:
        if value not in _ON or key not in removed or removed[key][0] not in _OFF:
            continue
        name = key
        if key.lower() in _SWITCH_KEYS and root and isinstance(action.target, str):
            lines = current()
            at = next((i for i, line in enumerate(lines) if line.strip() == removed[key][1]), None)
            name = (_enclosing_key(lines, at) if at is not None else None) or key
        turned.append(name)
    return turned


def _target_lines(action: Action, root: str | None) -> list[str]:
    """The lines of the file an action writes, as it is on disk now (none when unreadable)."""
    target = str(action.target)
    path = target if os.path.isabs(target) or not root else os.path.join(root, target)
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read(500_000).splitlines()
    except OSError:
        return []


def _flag_gate(action: Action, policies: list[Record], repo: RepoContext | None) -> tuple[Action, Record, str, str] | None:
    """A developer's policy that keeps a feature off (``new_pricing stays off in production``) gates the
    edit of a settings file that turns that feature on — whatever the file's format; the environment
    is read from the file's path (``flags/production.yaml``)."""
    turned = flags_turned_on(action, repo.root if repo is not None else None)
    if not turned:
        return None
    target = str(action.target or "")
    scoped = action
    if repo is not None and os.path.isabs(target) and target.startswith(repo.root + os.sep):
        scoped = action.replace(target=os.path.relpath(target, repo.root))  # the environment is in the project path
    for record in policies:
        verdict = scoped_restriction(record, scoped)
        if verdict is None:
            continue
        wanted = subject(record)
        specific = [w for w in wanted if w not in _GENERIC_FLAG_WORDS]
        for name in turned:
            words = [stem(w) for w in _split(name.replace("_", " ").replace("-", " ").replace(".", " ")) if len(w) >= 3]
            if specific:
                hit = any(_same(w, d) for w in specific for d in words)
            else:
                hit = bool(wanted) and any(w in _GENERIC_FLAG_WORDS for w in wanted)
            if hit:
                return (action, record, verdict, f"`{(action.text or action.target or 'the edit')!s}`"[:120] +
                        f" turns `{name}` on; it falls under {words_of_key(record)}")
    return None


def _named_instead(record: Record) -> str:
    """What the developer's record names instead (``…: use Intl or date-fns``), as the alternative."""
    text = str(record.value)
    low = text.lower()
    for lead in ("use ", "instead", "prefer ", "switch to ", "go through ", "open a "):
        at = low.find(lead)
        while at > 0 and low[at - 1].isalnum():
            at = low.find(lead, at + 1)
        if at >= 0:
            clause = text[at:].split(";", 1)[0].split(". ", 1)[0].strip().rstrip(".")
            if len(clause) > len(lead) + 1:
                return f"what the developer's record names instead: {clause}"
    return ""


_REMOVALS = frozenset({"remove", "rm", "uninstall", "un", "r", "unlink", "prune"})
_BAN_WORDS = ("banned", "ban ", "blacklisted", "denylisted", "never add", "do not add", "don't add", "not be added",
              "no new", "never install", "do not install", "don't install", "never use", "do not use", "don't use")


_ADDING = frozenset({"add", "install", "i", "in", "require", "get"})
_ADDERS = frozenset({"cargo", "go", "composer", "bundle", "gem", "pip", "pip3", "uv", "poetry", "pdm", "pipenv", "conda",
                     "mamba", "dotnet", "nuget", "mix", "swift", "deno", "brew", "apt-get", "apt", "apk", "dnf"})
_INSTEAD = (" use ", " instead", " prefer", " switch to", " replace with", " replaced by", " in favour", " in favor",
            " migrate to", " move to")


def added_packages(action: Action) -> set[str]:
    """The names of the packages an install / add / require command adds, versions stripped, with the last
    part of a path-like name (``github.com/acme/moment`` → moment, ``@types/moment`` → moment too)."""
    head, _, tail = action.operation.partition(".")
    program = os.path.basename(tail) if head == "shell" else str(action.target or "")
    if not (head == "pkg" or head == "shell" and program in _ADDERS):
        return set()
    args = list(action.arguments)
    sub = next((i for i, a in enumerate(args) if not a.startswith("-")), None)
    if sub is not None and args[sub] == "pip" and program == "uv":  # `uv pip install X`
        sub = next((i for i, a in enumerate(args) if i > sub and not a.startswith("-")), None)
    if sub is None or args[sub] not in _ADDING:
        return set()
    names: set[str] = set()
    skip = False
    for arg in args[sub + 1:]:
        if skip:
            skip = False
            continue
        if arg.startswith("-"):
            skip = arg in ("-r", "--requirement", "-c", "--constraint", "-e", "--editable", "--index-url", "-i",
                           "--extra-index-url", "--source", "--group", "-G", "--filter", "-F", "--registry")
            continue
        if os.sep in arg and os.path.exists(arg) or arg.endswith((".txt", ".whl", ".tgz", ".tar.gz")):
            continue
        name = arg.lower()
        for cut in ("==", ">=", "<=", "~=", "!=", "[", ">", "<", "=", ";"):
            name = name.split(cut, 1)[0]
        if name.startswith("@") and name.count("@") > 1:
            name = "@" + name[1:].split("@", 1)[0]
        elif not name.startswith("@"):
            name = name.split("@", 1)[0]
        name = name.strip()
        if not name:
            continue
        names.add(name)
        names.add(name.rstrip("/").rsplit("/", 1)[-1])
    return names


def _value_words(text: str) -> set[str]:
    words = set()
    for word in "".join(c if c.isalnum() or c in "._-@/" else " " for c in text).split():
        word = word.strip(".-/")
        words.add(word)
        if word.endswith(".js"):
            words.add(word[:-3])
    return words


def _offered_instead(record: Record, action: Action) -> bool:
    """The action adds a package the record names as the thing to use instead (``…: use Intl or date-fns``)."""
    added = added_packages(action)
    if not added:
        return False
    text = " " + str(record.value).lower() + " "
    cut = min([text.find(w) for w in _INSTEAD if text.find(w) > 0] or [len(text)])
    return cut < len(text) and bool(added & _value_words(text[cut:]))


def _banned_package(record: Record, action: Action) -> str | None:
    """A package an action adds that the record's value bans by name (``requests is banned: use httpx``;
    ``never add left-pad``): the words before what it offers instead."""
    added = added_packages(action)
    if not added:
        return None
    text = " " + str(record.value).lower() + " "
    if not any(w in text for w in _BAN_WORDS):
        return None
    cut = min([text.find(w) for w in _INSTEAD if text.find(w) > 0] or [len(text)])
    words = _value_words(text[:cut])
    found = sorted(n for n in added if n in words and len(n) >= 2)
    return found[0] if found else None


_DEPENDENCY_WORDS = frozenset({"dependency", "dependencies", "deps", "dep", "package", "packages", "library",
                               "libraries", "libs"})
_NEW_WORDS = ("new", "add", "adding", "added", "introduce", "introducing", "extra", "more", "another")
# Manifests that declare a project's dependencies, by ecosystem (read only when such a policy meets an add)
_MANIFESTS = ("pyproject.toml", "requirements.txt", "requirements-dev.txt", "setup.cfg", "setup.py", "Pipfile",
              "environment.yml", "package.json", "Cargo.toml", "go.mod", "Gemfile", "composer.json", "mix.exs",
              "Package.swift", "deno.json", "pubspec.yaml", "build.gradle", "build.gradle.kts", "pom.xml")


def _declared(root: str, name: str) -> bool:
    """The package is named in one of the project's dependency manifests (case, `-` / `_` / `.` alike)."""
    import re

    def norm(text: str) -> str:
        return re.sub(r"[-_.]+", "-", text.lower())

    wanted = norm(name)
    pattern = re.compile(r"(?<![\w-])" + re.escape(wanted) + r"(?![\w-])")
    for manifest in _MANIFESTS:
        try:
            with open(os.path.join(root, manifest), encoding="utf-8", errors="replace") as handle:
                text = handle.read(200_000)
        except OSError:
            continue
        if pattern.search(norm(text)):
            return True
    return False


def _new_dependency(record: Record, action: Action, repo: RepoContext | None) -> str | None:
    """A package an action adds that the project does not already depend on, against a record that restricts
    adding dependencies at all ("no new dependencies without a security review", ``policy.new_dependencies``):
    any package manager's add of a package no manifest names falls under it; re-adding a declared one does not."""
    from itertools import pairwise

    added = added_packages(action)
    if not added:
        return None
    key = _split(record.key.split(".", 1)[-1].replace("_", " ").replace("-", " "))
    value = _split(_value_text(record))
    words = key + value
    if not _DEPENDENCY_WORDS & set(words):
        return None
    about_adding = any(w in _NEW_WORDS for w in key) or any(
        a in _NEW_WORDS and b in _DEPENDENCY_WORDS for a, b in pairwise(value))
    if not about_adding:
        return None
    root = repo.root if repo is not None else (action.cwd or None)
    declared = {n for n in added if root and _declared(root, n)}
    # a path-like name comes with its last part (`github.com/acme/retry` → retry): new only when no form is declared
    fresh = sorted(n for n in added if n not in declared and not any(
        m in declared and (n.endswith("/" + m) or m.endswith("/" + n)) for m in added))
    return "new dependency " + fresh[0] if fresh else None


def _removes_banned(record: Record, action: Action) -> bool:
    """A package manager's removal, against a record that bans adding (a ban is kept by removing)."""
    if not action.operation.startswith("pkg.") or not action.arguments or action.arguments[0] not in _REMOVALS:
        return False
    text = " " + str(record.value).lower() + " "
    return any(w in text for w in _BAN_WORDS)


def _value_text(record: Record) -> str:
    from statewise_cli.fast import jsonfast as json

    return record.value if isinstance(record.value, str) else json.dumps(record.value)


def violations(actions: list[Action], records: list[Record], repo: RepoContext | None) -> list[Any]:
    """The state–action check's findings for developer intent (invariant ``developer-intent``)."""
    from statewise_cli.recovery.invariants import Violation
    from statewise_cli.store.records import age_text

    found = []
    gated = gates(actions, records, repo)
    if repo is not None and repo.root:
        from statewise_cli.recovery import freshness
        from statewise_cli.store.records import scope_matches

        policies = [r for r in records if r.key.startswith("policy.") and r.status == "active"
                    and r.authority == "developer" and not r.source.startswith("memory-file:")
                    and r.validity != "defective" and scope_matches(r.scope, branch=repo.branch)]
        if policies:
            gated += freshness.identifier_gates(actions, policies, repo.root, {id(a) for a, *_ in gated})
    for action, record, verdict, why in gated:
        if verdict == "clarify":  # a memory line newer than the developer's record says otherwise: ask both
            found.append(Violation("developer-intent", action, why, verdict="ask", alternative=""))
            continue
        value = _value_text(record)
        said = words_of_key(record) if value in ("true", "yes") else value
        shown = f"{record.key} = {value}" if value in ("true", "yes") else record.key
        detail = (f"{why}; the developer's record {shown} ({record.authority}, {record.source}, "
                  f"stored {age_text(record.stored_at)}) says: {said}. A developer's record outranks memory files "
                  f"(CLAUDE.md / AGENTS.md): it holds whatever they say")
        if verdict == "ask":
            detail += ("; the developer decides whether this runs: it needs their approval first, so do what the task asks "
                       "without it (another way) or ask them")
        else:
            detail += f"; `{(action.text or action.operation).strip()[:80]}` is not allowed while the record holds"
        from statewise_cli.recovery import intent_values

        alternative = (intent_values.alternative(record, action) or required_value_alternative(record, action)
                       or required_form_alternative(record, action)
                       or _named_instead(record))
        if not alternative and isinstance(record.value, str) and " only" in f" {record.value.lower()}":
            from statewise_cli.recovery import intent_scope

            option = intent_scope.required_option(record)
            alternative = intent_scope.with_option(action, option) if option else ""
        if not alternative and repo is not None and repo.root and action.text:
            from statewise_cli.recovery.governance_items import prescribed_form

            form = prescribed_form(action, repo.root)  # the item's own record names the option the record asks for
            if form is not None:
                alternative = form[1]
                detail += f". The item's record {form[0]}: `{form[1]}`"
        if action.operation == "git.push" and pushed_branch(record) is not None:
            remote = next((a for a in action.arguments if not a.startswith("-")), "origin")
            branch = str(action.target)
            alternative = (f"push the commits to a topic branch and open a pull request into `{branch}`: "
                           f"`git push {remote} HEAD:refs/heads/<topic-branch>`, then "
                           f"`gh pr create --base {branch} --head <topic-branch>`")
        found.append(Violation("developer-intent", action, detail, verdict=verdict, alternative=alternative))
    return found
