"""A rule of a memory file that a later, dated record of the repository releases.

A memory file says "never trigger the drill without the facilities manager's approval"; a decision note dated last
week records the approval for this drill. The rule is still right in general, but it no longer holds for the task
at hand, and an agent that follows the note stops for nothing (StateWise: a stale restrictive record, found by
checking it against what the repository records now). On a prompt, this module pairs

* a memory-file statement that holds a gate and shares a word with the prompt — one that waits for someone's
  approval or decision (``without …'s approval``, ``waits for … sign-off``, ``never without the facilities
  manager``, ``never before the superintendent decides``), or a prohibition (``never``, ``must not``, ``do not``)
  whose prohibited act the record itself names ("we agreed that whoever drives … force-pushes it") — with
* a statement of the repository's documents (notes, decisions, runbooks, release notes, CONTRIBUTING, docs/, dated
  records beside the work) that records a release given — approved, signed off, agreed, granted, cleared, "I
  approve …", "go ahead" — not one required ("must be approved", "until signed off"), or an exception to a limit
  granted ("the council granted our New Year's Eve exception": a limit such as "never past 23:00" is released for
  what the exception names; "never above 1.5 mg/l" with no exception recorded is released by nothing), dated on or
  before today (in the paragraph, the heading above it, or the file's name), and naming at least two words of the
  prompt and the rule, one of them the prompt's.

It says so in the prompt's context, quoting both and where the record is. It never lowers a protection: branch
protection, the trust model and the developer's own records are decided elsewhere, and a release is only reported,
never stored as a record.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    import datetime

    from statewise_cli.store.records import Record

_MAX_NOTES = 3


_COMPILED: list[tuple[object, object, object, object]] = []


def _patterns() -> tuple[object, object, object, object]:
    """(gate, release, pending, date), compiled once per process."""
    if _COMPILED:
        return _COMPILED[0]
    import re

    gate = re.compile(r"(?i)\b(?:never|must\s+not|do\s+not|don't|may\s+not|not\s+without|without\s+(?:the\s+)?[\w'’ -]{0,40}?"
                      r"(?:approval|sign-?off|go|ok|okay|consent|agreement|permission|say-so)|wait(?:s|ing)?\s+for\b[^.;]{0,40}?"
                      r"(?:approval|sign-?off|go|ok)|needs?\s+[\w'’ -]{0,40}?(?:approval|sign-?off)|requires?\s+[\w'’ -]{0,40}?"
                      r"(?:approval|sign-?off))\b")
    release = re.compile(r"(?i)\b(?:approved|approves?|signed\s+(?:it\s+|them\s+|this\s+)?off|sign\s+(?:it|them|this)\s+off|"
                         r"agreed|grants?|granted|cleared|authori[sz]ed|go\s+ahead|green-?lit|waived?|waives|lifted|"
                         # "lift" the verb ("I lift the hold"), not the noun ("the lift stays out of service")
                         r"lift(?=\s+(?:the|it|this|that|these|those|our|its|their|them|my)\b)|"
                         # a hold that ended: "the season freeze ended on 2026-11-30", "storm mode is over"
                         r"(?:freeze|moratorium|embargo|blackout|hold|mode|season|consultation|window|period|on-?sale|campaign)\s+"
                         r"(?:has\s+|had\s+)?(?:ended|closed|is\s+(?:over|closed)|was\s+over)|"
                         # "I ended the group rate freeze today"
                         r"(?:ended|called\s+off)\s+(?:the\s+|our\s+|this\s+|its\s+)?(?:[\w'’-]+\s+){0,3}?"
                         r"(?:freeze|moratorium|embargo|blackout|hold)|"
                         # the awaited event, recorded as done: "I declared the ward result", "the board certified it"
                         r"(?:declared|announced|ruled|certified)\s+(?:the|our|its|their|it|them)\b|"
                         r"please\s+(?:delete|remove|merge|push|deploy|publish|release|tag|archive|drop|rebase|force-push|rewrite)|"
                         r"asked\s+(?:us\s+|me\s+|you\s+)?to\s+(?:delete|remove|merge|push|deploy|publish|release|tag)|"
                         # "I ask that export/x is deleted from origin now": the one who decides asks for the act
                         r"ask(?:s|ed)?\s+that\s+(?:[\w./-]+\s+){1,4}?(?:is|be|are|gets?)\s+(?:now\s+)?(?:deleted|removed|"
                         r"merged|pushed|deployed|published|released|archived)|"
                         # "I want the tour branch deleted from origin": the one who decides wants the act done
                         r"(?<!n't\s)(?<!not\s)(?<!never\s)(?:want|would\s+like)\s+(?:[\w./-]+\s+){1,4}?(?:deleted|removed|merged|pushed|deployed|"
                         r"published|released|archived)|"
                         r"handed\s+(?:[\w./-]+\s+){0,4}over|(?:rewrite|change|delete|use)\s+it\s+as\s+(?:you|she|he|they)\s+"
                         r"(?:likes?|wish(?:es)?|sees?\s+fit)|"
                         # the act said allowed now ("the exhumation can be scheduled"), or what it waited for come in
                         # ("the licence EX-2026-0311 arrived today", "the permit was issued on 2026-12-01")
                         r"(?:can|may)\s+(?:now\s+)?be\s+[a-z]{3,}(?:ed|en|wn|nt|lt)|(?:arrived|came\s+through|"
                         r"(?:has|have)\s+come\s+through|(?:was|were|has\s+been|have\s+been)\s+issued))\b")
    pending = re.compile(r"(?i)\b(?:not|no|until|unless|once|before|pending|awaiting|await|need|needs|require|requires|"
                         r"required|must|should|shall|to\s+be|be|if|when|after|yet|without|wait|waits|waiting|only)\W*"
                         r"(?:\w+\W+){0,2}$")
    date = re.compile(r"\b(20\d\d)-(\d\d)-(\d\d)\b")
    _COMPILED.append((gate, release, pending, date))
    return _COMPILED[0]


_STOP = frozenset({"the", "a", "an", "and", "or", "of", "to", "in", "on", "at", "for", "with", "it", "its", "is", "are", "was",
                   "be", "this", "that", "from", "by", "as", "now", "all", "any", "our", "we", "you", "your", "i", "my",
                   "me", "run", "push", "set", "never", "not", "without", "do", "does", "must", "fine", "only", "after",
                   "before", "when", "then", "them", "their", "there", "here", "so", "if", "but", "no", "yes", "can"})


def _words(text: str) -> set[str]:
    import re

    out: set[str] = set()
    for w in re.findall(r"[A-Za-z0-9][\w./-]*[A-Za-z0-9]|[A-Za-z0-9]", text.lower()):
        w = w.strip("./-")
        if len(w) < 2 or w in _STOP:
            continue
        for suffix in ("ing", "es", "ed", "s"):  # a crude stem: force-pushes / force-push, drills / drill
            if len(w) > len(suffix) + 3 and w.endswith(suffix):
                w = w[: -len(suffix)]
                break
        out.add(w)
        if "-" in w and "/" not in w:  # "write-off" is also "write it off", "force-push" also "force push"
            out |= {p for p in w.split("-") if len(p) >= 3 and p not in _STOP and not p.isdigit()}
    return out


def _acts(words: set[str]) -> set[str]:
    """Verbs as one stem whatever their ending: "never delete it" and "… is deleted" name the same act (``_words``
    leaves ``delete`` and ``delet``)."""
    return {w[:-1] if len(w) > 4 and w.endswith("e") else w for w in words}


def _ids(text: str) -> set[str]:
    """The items a text names by an identifier — a word with a digit or a slash (``5.2``, ``L-77``, ``B2``,
    ``pair/ledger-sync``, step ``0``) — which a release must name too: "step 3 was approved" releases nothing of step 0."""
    import re

    out: set[str] = set()
    low = text.lower()
    # a count of things ("34 rooms", "12 pieces"): a quantity, not an item's name
    counts = {m.group(1) for m in re.finditer(r"(?<![\w./-])(\d+)\s+[a-z]{2,}s\b", low)}
    for w in re.findall(r"[a-z0-9][\w./-]*", low):
        w = w.rstrip("./-")
        if w and (any(c.isdigit() for c in w) or "/" in w) and not re.fullmatch(r"20\d\d-\d\d-\d\d", w) \
                and not re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", w) and w not in counts:  # a day of the month
            out.add(w)
    return out


# Words after "never" / "must not" that say when or where, not the act ("never outside the window", "never before …").
_NOT_ACTS = frozenset({"outside", "inside", "before", "after", "until", "till", "while", "without", "during", "at", "in",
                       "on", "for", "from", "to", "with", "when", "unless", "again", "once", "between", "beyond", "past",
                       "above", "below", "under", "over", "more", "less", "by", "through", "within", "near", "into",
                       "the", "a", "an", "any", "anywhere", "ever", "here", "there", "now", "later"})


def _prohibited_acts(rule: str) -> set[str]:
    """The verb a prohibition names ("must never be released" → release), without the label before it."""
    import re

    out: set[str] = set()
    for m in re.finditer(r"(?i)\b(?:never|must\s+not|do\s+not|don't|may\s+not)\s+(?:(?:ever|be|all|both|fully|entirely|"
                         r"completely|wholly)\s+){0,2}([A-Za-z][\w-]*)", rule):  # "never all cancelled": the act is "cancel"
        if m.group(1).lower() in _NOT_ACTS:
            continue  # "never outside the window", "never before the check": when, not what is done
        out |= _words(m.group(1))
    return out


def _label_acts(rule: str) -> set[str]:
    """The act a rule's label names by its gerund ("Cancelling the strings sectional: never …" → cancell)."""
    import re

    m = re.match(r"\W*([A-Za-z][\w-]*ing)\b", _label(rule))
    return _words(m.group(1)) if m else set()


def _task_acts(prompt: str) -> set[str]:
    """The act a task asks for: its first word ("Lift the temporary speed restriction …" → lift)."""
    import re

    m = re.match(r"\W*([A-Za-z][\w-]*)", prompt or "")
    return _words(m.group(1)) if m else set()


def _shape(item: str) -> str:
    """An identifier's kind: its letters as ``a`` and digits as ``9`` (``t-2054`` and ``t-1187`` → ``a-9``; ``8.3`` →
    ``9.9``); a year (``2027``) is a kind of its own, never the same item kind as a count or a number (``34``)."""
    import re

    if re.fullmatch(r"(?:19|20)\d\d", item):
        return "year"
    return re.sub(r"[a-z]+", "a", re.sub(r"\d+", "9", item))


def _names(context: str, item: str) -> bool:
    import re

    return re.search(r"(?<![\w.])" + re.escape(item) + r"(?!\w)", context) is not None


def _memory_rules(root: str) -> list[tuple[str, str]]:
    """(file, statement) of every memory-file statement that holds a gate."""
    from statewise_cli.recovery.memory_lines import MEMORY_FILES, _statement

    gate = _patterns()[0]
    out: list[tuple[str, str]] = []
    for name in MEMORY_FILES:
        try:
            with open(os.path.join(root, name), encoding="utf-8", errors="replace") as fh:
                lines = fh.read(64 * 1024).splitlines()
        except OSError:
            continue
        for i, line in enumerate(lines):
            if line.strip() and gate.search(line):  # type: ignore[attr-defined]
                out.append((name, " ".join(_statement(lines, i).split())[:300]))
    return out


def _dated(root: str, doc: str, line: int, paragraph: list[str], today: datetime.date) -> str | None:
    """The date a statement carries (its paragraph, the heading above it, its file's name), if on or before today."""
    import datetime

    date = _patterns()[3]
    texts = list(paragraph)
    try:
        with open(os.path.join(root, doc), encoding="utf-8", errors="replace") as fh:
            lines = fh.read(64 * 1024).splitlines()
        heading = next((ln for ln in reversed(lines[: max(line - 1, 0)]) if ln.lstrip().startswith("#")), "")
        texts.append(heading)
    except OSError:
        pass
    texts.append(os.path.basename(doc))
    # the latest day they name, on or before today: a record is written on or after every day it speaks of ("the sample
    # of 2026-11-28 stands" in the note of 2026-12-04)
    days = []
    for text in texts:
        for m in date.finditer(text):  # type: ignore[attr-defined]
            try:
                day = datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            except ValueError:
                continue
            if day <= today:
                days.append(day)
    return max(days).isoformat() if days else None


def _approval_gate(rule: str) -> bool:
    """The rule waits for someone's approval, sign-off, go, consent or agreement (which a record can give)."""
    import re

    if re.search(r"(?i)\b(?:without|wait(?:s|ing)?\s+for|needs?|requires?|until|before)\b[^.;]{0,60}?\b(?:approval|approve[sd]?|"
                 r"sign-?off|signed|go|ok|okay|consent|agreement|permission|say-so|review|reviewed)\b", rule) is not None:
        return True
    # "never before the superintendent decides the closure", "not until the board rules": the act waits for a decision
    if re.search(r"(?i)\b(?:never|not|no\s+\w+)\b[^.;]{0,60}?\b(?:before|until)\s+(?:the\s+|our\s+|an?\s+)?[\w'’ ()-]{1,60}?\s+"
                 r"(?:decides?|approves?|signs?\s+(?:it\s+|them\s+)?off|agrees?|rules?|clears?|confirms?|authori[sz]es?|"
                 r"gives?\s+the\s+go)\b", rule):
        return True
    if re.search(r"(?i)\bwithout\s+(?:a\s+|the\s+)?decision\s+of\b", rule):
        return True
    # the reason given is a consent or an approval not given yet ("she has not consented to sharing them", "no consent
    # to share", "not approved yet"): the rule waits for it
    if re.search(r"(?i)\b(?:(?:has|have|had)\s+not|hasn't|haven't|not)\s+(?:yet\s+)?(?:consented|approved|agreed|signed\s+off|"
                 r"authori[sz]ed|given\s+(?:(?:her|his|their|its)\s+)?(?:consent|approval|permission))\b|\bno\s+(?:signed\s+)?"
                 r"(?:consent|approval|permission)\b", rule):
        return True
    # a document the act waits for has not come in ("the ministry's licence has not come through", "no licence yet",
    # "the permit has not been issued")
    if re.search(r"(?i)\b(?:licen[cs]e|permit|certificate|authori[sz]ation|clearance|approval|consent|warrant|visa|"
                 r"order)s?\b[^.;]{0,20}?\b(?:(?:has|have)\s+not|hasn't|haven't|not)\s+(?:yet\s+)?(?:come\s+through|"
                 r"arrived|been\s+(?:issued|granted|received))\b|\bno\s+(?:[\w'’-]+\s+)?(?:licen[cs]e|permit|certificate|"
                 r"clearance|warrant)\s+yet\b", rule):
        return True
    # "nothing goes to live before the returning officer's declaration", "not until the board's ruling": the act waits
    # for someone's recorded act, named as a noun
    if re.search(r"(?i)\b(?:before|until|till|without)\s+(?:the\s+|our\s+|an?\s+)?[\w'’ ()-]{0,60}?\b(?:declaration|"
                 r"decision|ruling|verdict|go-?ahead|announcement|certification|confirmation)\b", rule):
        return True
    # "never without the facilities manager", "not without Ana": a person or a role whose word the act waits for
    from statewise_cli.recovery.governance_targets import _role

    return any(_role(m.group(1)) for m in re.finditer(r"(?i)\b(?:never|not|nothing|no\s+\w+)\s+(?:[\w-]+\s+){0,3}?without\s+"
                                                      r"((?:the\s+|our\s+|an?\s+)?[@\w'’-]+(?:\s+[\w'’-]+){0,2})", rule))


# A limit lifted for one case: an exception, a waiver, a dispensation, a variation granted ("the council granted our New
# Year's Eve exception"): it releases a prohibition ("never past 23:00") for what it names, as an approval does a gate.
_EXCEPTION = r"(?i)\b(?:exception|exemption|waive[rsd]?|dispensation|variation|derogation|special\s+permission)\b"


def release_phrase(sentence: str) -> str:
    """How a release is said to the agent: an approval, or an exception granted to a limit."""
    import re

    if re.search(_EXCEPTION, sentence):
        return "the repository records an exception granted for it, so it is allowed where the record says, since"
    return "the repository records it approved since"


def _kept_in(doc: str) -> str:
    """A record's file name with the folders it is kept in ("billing/RUN-2026-12.md" → "billing RUN-2026-12.md"): a
    note in a folder speaks of that folder."""
    return " ".join(doc.replace("\\", "/").split("/"))


def _awaited(rule: str) -> set[str]:
    """The stems of the act a rule waits for, when it names it as an act someone does or has done: "before the quality
    manager signs the record" (sign), "only after the broadcast has aired" (air), "never before the fleet engineer's
    check" (check), "until the lab's validation" (validat). A dated record that says the act is done releases the
    rule (``_done``)."""
    import re

    out: set[str] = set()
    for m in re.finditer(r"(?i)\b(?:before|until|till|(?:only\s+)?after|once)\s+([^.;:()]{1,80})", rule):
        clause = m.group(1)
        words = re.findall(r"[A-Za-z][\w'’-]*", clause)[:8]
        done = re.search(r"(?i)\b(?:has|have|had|is|are|was|were|been)\s+(?:been\s+)?([a-z]{3,}ed)\b", clause)
        if done:
            out.add(_stem(done.group(1)))
            continue
        owned = re.search(r"(?i)[\w-]+['’]s\s+([a-z]{4,})\b", clause)
        if owned:
            out.add(_stem(owned.group(1)))
            continue
        lead = 1 if words and words[0].lower() in ("the", "our", "a", "an", "its", "their", "his", "her") else 0
        for w in words[lead + 1: lead + 5]:  # the role first ("the quality manager"), then the verb ("signs")
            low = w.lower()
            if len(low) > 4 and low.endswith("s") and not low.endswith(("ss", "'s", "’s")) and low.isalpha():
                out.add(_stem(low))
                break
    return {w for w in out if len(w) >= 3}


def _stem(word: str) -> str:
    """signs, checks, aired, checked, validation, inspection → sign, check, air, check, validat, inspect."""
    low = word.lower()
    for suffix in ("ation", "ion", "ed", "es", "s"):
        if low.endswith(suffix) and len(low) - len(suffix) >= 3:
            if suffix == "es" and not low.endswith(("ches", "shes", "sses", "xes", "zes")):
                return low[:-1]  # "decides" → "decide"
            return low[: -len(suffix)] + ("at" if suffix == "ation" else "")
    return low


def _done(sentence: str, awaited: set[str]) -> bool:
    """The sentence says the awaited act is done: the stem in its past form ("I checked …", "signed.", "the broadcaster
    aired the concert"), not under a negation or a condition ("not signed yet", "once it is checked")."""
    if not awaited:
        return False
    import re

    pending = _patterns()[2]
    for stem in awaited:
        base = stem.removesuffix("e")
        for m in re.finditer(rf"(?i)\b{re.escape(base)}e?d\b", sentence):
            before = sentence[: m.start()]
            if pending.search(before) or re.search(r"(?i)\b(?:not|never|yet|no)\b[^.;]{0,20}$", before):  # type: ignore[attr-defined]
                continue
            if re.search(r"(?i)\b(?:until|till|before|after|once|when|if|unless|pending|awaiting)\b",
                         re.split(r"[.;:!?]\s", before)[-1]):
                continue  # "frozen until the thermocouples are recalibrated": the condition, not the act done
            if re.match(r"(?i)\s+(?:yet|later|soon)\b", sentence[m.end():]):
                continue
            return True
    return False


def _prohibited(rule: str) -> set[str]:
    """The words a prohibition names as the thing not done ("never force-push it" → force-push)."""
    import re

    out: set[str] = set()
    for m in re.finditer(r"(?i)\b(?:never|must\s+not|do\s+not|don't|may\s+not)\s+(?:(?:ever|be|all|both|fully|entirely|"
                         r"completely|wholly)\s+){0,2}([A-Za-z][\w-]*)", rule):  # "never all cancelled": the act is "cancel"
        if m.group(1).lower() in _NOT_ACTS:
            continue  # "never outside the window", "never before the check": when, not what is done
        out |= _words(m.group(1))
    # "Old backups are never purged before …", "the ledger must never be rewritten": in the passive, the thing not
    # done to is the subject, as a label names it ("Purging the old backups: never …")
    passive = re.match(r"(?i)^\W*([A-Za-z][^:;.,()|>]{2,80}?)\s+(?:is|are|must|may|should|can)\s+(?:never|not)\s+(?:be\s+)?"
                 r"[a-z]+(?:ed|en|wn|lt|nt)\b", rule)
    if passive is not None:
        out |= _words(passive.group(1))
    # "Force-pushing migrate/folio: never: …": the act is the label the verdict follows
    return out | _words(_label(rule))


def _label(rule: str) -> str:
    """The label a rule's verdict follows: "Force-pushing migrate/folio: never …", a table row's cell before it
    ("| Cancelling the sectional | never … |") or a nested list's parent item ("Workflow > Cancelling … > never …")."""
    import re

    m = re.match(r"(?i)^\W*([^:;.]{3,80}?)\s*:\s*(?:never|not\s+allowed|forbidden|no)\b", rule)
    if m is None:
        m = re.search(r"(?i)(?:^|[|>])\s*([^:;.|>]{3,80}?)\s*[|>]\s*(?:never|not\s+allowed|forbidden|no)\b", rule)
    return m.group(1) if m else ""


def _held(rule: str) -> bool:
    """The rule holds work back for a period ("during the booking season freeze", "while the plant is in storm mode",
    "the screens are frozen"): a dated note that the hold was lifted or ended releases it."""
    import re

    # or for as long as a state lasts: "nothing goes to main while the results are checked"
    return re.search(r"(?i)\b(?:freeze|frozen|moratorium|embargo|blackout|on\s+hold|storm\s+mode|(?:during|while)\s+"
                     r"(?:the\s+)?[\w -]{0,30}(?:season|period|window|mode|campaign|audit|migration|consultation|on-?sale|tender|"
                     r"election|review|inspection|investigation|enquiry|inquiry|trial|assessment|evaluation|hearing))\b", rule) is not None \
        or re.search(r"(?i)\b(?:nothing|no\s+\w+|never|not)\b[^.;]{0,60}?\bwhile\s+(?:the\s+|our\s+|its\s+)?[\w'’ -]{1,50}?\s+"
                     r"(?:is|are)\s+(?:still\s+)?(?:being\s+)?[a-z]{3,}(?:ed|en|ing)\b", rule) is not None \
        or re.search(r"(?i)\b(?:nothing|no\s+\w+|never|not)\b[^.;]{0,60}?\bwhile\s+(?:the\s+|our\s+|its\s+|an?\s+)?"
                     r"(?:[\w'’-]+\s+){0,2}?(?:reviews|audits|inspects|investigates|assesses|evaluates|consults|hears|"
                     r"negotiates|counts|checks|tests|decides|considers)\b", rule) is not None \
        or re.search(r"(?i)\b(?:nothing|never)\b[^.;]{0,60}?\bwhile\s+(?:the\s+|our\s+|its\s+|a\s+|an\s+)?[\w'’-]+(?:\s+"
                     r"[\w'’-]+){0,3}\s+(?:still\s+)?[a-z]{3,}(?:es|s)\b", rule) is not None  # "while the board reviews it"


def _exception(sentence: str) -> bool:
    import re

    return re.search(_EXCEPTION, sentence) is not None


# the act a record tells the reader to do, opening a clause ("…nobody needs it now: delete it from origin", "Push that
# correction to main.")
_DIRECTIVE = (r"(?i)(?:^|[:;]\s+|—\s*)(?:please\s+)?(?:delete|remove|drop|push|merge|deploy|publish|release|tag|send|"
              r"ship|restart|resume|run|apply|archive)\s+(?:it|them|this|that|these|those|the|our|my)\b")
# a condition the clause before it sets ("once the review is held: delete it")
_CONDITION = r"(?i)^\s*(?:once|when|after|if|until|unless|before|as\s+soon\s+as|only)\b"


def _root(word: str) -> str:
    """A verb's root for comparing an imperative with the act a rule or a task names ("cancelling" and "Cancel",
    "dropped" and "drop"): the crude stem without a final ``e`` or a doubled last consonant."""
    w = word[:-1] if len(word) > 4 and word.endswith("e") else word
    return w[:-1] if len(w) > 4 and w[-1] == w[-2] and w[-1] not in "aeiou" else w


def _directs(sentence: str, paragraph: str, acts: set[str] | None = None) -> bool:
    """A first-person or signed record (``I …``, ``we …``, ``-- Nadia, route safety manager``) that tells the reader to
    do the act, with no condition in the clause before it: the one who held the thing back gives it up. Besides the
    usual acts (delete, push, deploy …), an imperative of one of ``acts`` (the act the rule prohibits or the task asks
    for: "Cancel it in the schedule") is such a direction."""
    import re

    if not re.search(r"\b(?:I|we|I'm|I've|we've)\b|(?:^|\s)(?:--|—)\s*[A-Z][\w'’.-]+", paragraph):
        return False
    roots = {_root(a) for a in acts or set() if len(a) >= 3}
    found = list(re.finditer(_DIRECTIVE, sentence))
    if roots:
        found += [m for m in re.finditer(r"(?:^|[:;]\s+|—\s*)(?:please\s+)?([A-Za-z]{3,})\s+(?:it|them|this|that|these|"
                                         r"those|the|our|my|his|her|their|its|your)\b", sentence)
                  if any(_root(w) in roots for w in _words(m.group(1)))]
    for m in found:
        before = re.split(r"[:;.—]\s*", sentence[: m.start()].rstrip(" :;—"))
        if before and re.match(_CONDITION, before[-1]):
            continue
        if re.search(r"(?i)\b(?:not|never|don't|do\s+not)\s*$", sentence[: m.start()]):
            continue
        return True
    return False


def release_for(root: str, rule: str, asked: set[str] | None = None,
                today: datetime.date | None = None, prompt: str = "",
                beside: list[str] | None = None) -> tuple[str, str, str] | None:
    """(document, date, sentence) of the latest dated record of the repository that releases ``rule`` (a gate
    statement): it names at least two words of the rule and of ``asked`` (the prompt's words, one of them at least),
    or, with no prompt, two of the rule's own words; None when there is none. ``beside``: directories of the work the
    task carries (a push's changed files), whose notes are read too."""
    import datetime
    import re

    from statewise_cli.recovery.governance_targets import _consent_given as consent_given
    from statewise_cli.recovery.governance_targets import page_statements, statements

    gate, release, pending, _date = _patterns()
    today = today or datetime.date.today()
    rule_words = _words(rule)
    rule_ids = _ids(rule)
    # the items the task names, less the repository's own files it runs (``bin/post-closure`` names the tool, not the item)
    asked_ids = {i for i in _ids(prompt) if not os.path.exists(os.path.join(root, i))}
    approval = _approval_gate(rule)
    prohibited = _prohibited(rule)
    held = _held(rule)
    awaited = _awaited(rule)
    if not approval and not prohibited and not held and not awaited:
        return None
    directed = _prohibited_acts(rule) | _task_acts(prompt) | _label_acts(rule)
    awaits = _event(rule) is not None  # "before the manager signs the record", "before the fleet engineer's check"
    paragraphs: dict[tuple[str, int], list[str]] = {}
    read = statements(root) + page_statements(root)
    known = {doc for doc, _line, _sentence in read}
    extra = _item_statements(root, asked_ids, rule_ids) + _beside_statements(root, beside or [])
    for doc, line, sentence in read + [s for s in extra if s[0] not in known]:
        paragraphs.setdefault((doc, line), []).append(sentence)
    from statewise_cli.recovery.memory_lines import MEMORY_FILES

    memory_names = {os.path.basename(m).lower() for m in MEMORY_FILES}
    best: tuple[str, str, str] | None = None
    headings: dict[str, list[str]] = {}
    for (doc, line), sentences in paragraphs.items():
        if os.path.basename(doc).lower() in memory_names:
            continue
        for sentence in sentences:
            if re.match(r"(?i)\s*(?:until|till|unless|before|if|pending)\b", sentence):
                continue  # "Until my report is in, the lift stays out of service": a hold and its condition
            hit = next((m for m in release.finditer(sentence)  # type: ignore[attr-defined]
                        if not pending.search(sentence[: m.start()])  # type: ignore[attr-defined]
                        and not _awaited_clause(sentence[: m.start()])
                        and not _conditional_after(m.group(0), sentence[m.end():])
                        and _permits_the_act(m.group(0), rule, prompt, approval)), None)
            done = hit is None and _done(sentence, awaited)  # "I checked the allocation" for "before the engineer's check"
            # the event the rule waits for, recorded done ("(quality manager): signed" for "never before the quality
            # manager signs the validation record")
            happened = awaits and hit is None and not done and _event_done(rule, sentence, " ".join(sentences) + " " + doc)
            # a hold for a period, or a wait for an event, that the record says ended ("I ended the group rate freeze
            # today", "the broadcaster aired the concert; the embargo has ended")
            from statewise_cli.recovery.governance import _ENDS_HOLD

            # a wait for an event ends only where the record says the hold itself ended ("the embargo has ended"), never
            # by a state word ("I am keeping the pool closed until the retest")
            ended = re.search(r"(?i)\b(?:lifted|lifts|ended|closed|is\s+over|was\s+over)\b", sentence) if held \
                else re.search(_ENDS_HOLD, sentence.lower())
            lifted = (held or awaits) and ended is not None and not re.search(
                r"(?i)(?:\bnot|n't|\bnever|\byet|\buntil|\bonce|\bwhen|\bif)\s+(?:\w+\s+){0,2}$", sentence[:ended.start()]) \
                and not _future_day(sentence[ended.start():], today)  # "the embargo lifts on <a later day>": to come
            if hit is None and not done and not happened and not _directs(sentence, " ".join(sentences), directed) \
                    and not consent_given(sentence) and not re_transfer(sentence) and not lifted:
                continue
            if re.search(r"(?i)\b(?:agreed|approved|granted|cleared|authori[sz]ed)\b[^.;]{0,60}?\bto\s+(?:hold|keep|"
                         r"wait|freeze|skip|pause|delay|defer|block|exclude|except|stop)\b", sentence):
                continue  # "I agreed with the Hansens to hold their block past the cutoff": a hold agreed, not a release
            if gate.search(sentence):  # type: ignore[attr-defined]
                continue  # "I agreed the embargo …: the story must not be public before …": a restriction agreed,
                # restated in the same sentence, releases nothing
            if _holds(sentence):
                continue  # "the notice stays until the consultant agrees; I lift it after that call": a hold that
                # lasts until someone acts, and the release it speaks of is still to come
            # an item handed over to the one asking ("I have handed the X branch over to Dana … rewrite it as you
            # like"): a prohibition kept for its former owner's sake is released for that item
            # the rule names the item by an identifier the record repeats, or by words (≥ 2) the record's own
            # identifier of it is made of ("the hazard clips branch" for ``theory/hazard-clips``)
            transfer = re_transfer(sentence) and (any(
                len(t) > 3 and t in " ".join(sentences) for t in re_named_items(rule)) or any(
                len({w for part in re.split(r"[-/_.]", n) for w in _words(part)} & _words(rule)) >= 2
                for n in re_named_items(sentence)) or _names_subject(rule, " ".join(sentences)))
            # "I approve lifting TSR-2288" for "TSR-2288 must never be removed": the rule's own item, named with the
            # act the task asks for, is approved
            # — or "both parties agreed the full return … Release the whole deposit" (docs/…-T-2054.md) for "the deposit
            # of T-2054 must never be released": a record that names the item, gives a release and restates the act
            # as what to do, with no sentence of it holding a gate
            whole = " ".join(sentences)
            items = {i for i in rule_ids if any(c.isalpha() for c in i)}  # an item's name (T-2054), not a value (1.5)
            item_approved = bool(items) and items == rule_ids \
                and all(_names((whole + " " + doc).lower(), item) for item in items) \
                and bool(_words(whole) & (_prohibited_acts(rule) | _task_acts(prompt))) \
                and not any(gate.search(x) for x in sentences)  # type: ignore[attr-defined]
            if not approval and not lifted and not done and not happened \
                    and not _acts(_words(sentence)) & _acts(prohibited) \
                    and not {_root(w) for w in _words(sentence)} & {_root(w) for w in prohibited} \
                    and not _exception(sentence) and not transfer and not item_approved:
                continue  # a prohibition is released only by a record of that very act being agreed ("… force-pushes
                # it") or of an exception to it granted ("the council granted our New Year's Eve exception")
            # the record's file and the folders it is kept in name its subject ("billing/RUN-2026-12.md")
            # … and the heading it is written under ("# Pricing review" above "the review ended today")
            said = _words(" ".join(sentences) + " " + _kept_in(doc) + " " + _heading(root, doc, line, headings))
            # one stem for "invoice" and "invoices" (``_words`` leaves ``invoice`` and ``invoic``)
            said, asked_stems, rule_stems = _acts(said), _acts(asked or set()), _acts(rule_words)
            if asked is not None:
                if len(said & (asked_stems | rule_stems)) < 2 or not said & asked_stems:
                    continue
            elif len(said & rule_stems) < 2:
                continue
            context = (" ".join(sentences) + " " + doc).lower()
            if not all(_names(context, item) for item in rule_ids):
                continue  # the rule names an item (5.2, step 0) the record does not
            # items of the kind the task names (``T-1187`` for ``T-2054``; a rule's number "8.3" is not one)
            named_ids = {i for i in _ids(" ".join(sentences)) if not os.path.exists(os.path.join(root, i))
                         and _shape(i) in {_shape(a) for a in asked_ids}}
            if asked_ids and named_ids and not any(_names(context, item) for item in asked_ids):
                continue  # the task names items and the record names others, none of them (a record naming no item
                # releases the whole class it names: "strike diversions")
            day = _dated(root, doc, line, sentences, today)
            if day is None:
                continue
            if best is None or day > best[1]:
                best = (doc, day, sentence)
    return best


def _heading(root: str, doc: str, line: int, cache: dict[str, list[str]]) -> str:
    """The Markdown heading above line ``line`` (1-based) of ``doc``: what a note written under it speaks of."""
    if doc not in cache:
        try:
            with open(os.path.join(root, doc), encoding="utf-8", errors="replace") as fh:
                cache[doc] = fh.read(64 * 1024).splitlines()
        except OSError:
            cache[doc] = []
    lines = cache[doc]
    return next((ln.lstrip("# ").strip() for ln in reversed(lines[: max(line - 1, 0)]) if ln.lstrip().startswith("#")), "")


def _future_day(text: str, today: datetime.date) -> bool:
    """The text names a day after today (``2026-12-09``): what it says ends is still to come."""
    import datetime
    import re

    for y, m, d in re.findall(r"(?<!\d)(20\d\d)-(\d\d)-(\d\d)(?!\d)", text):
        try:
            if datetime.date(int(y), int(m), int(d)) > today:
                return True
        except ValueError:
            continue
    return False


def _beside_statements(root: str, directories: list[str]) -> list[tuple[str, int, str]]:
    """(document, line, statement) of the notes kept in the directories of the work itself (``recordings/2026-11-28-
    sibelius/BROADCAST.md`` beside the recording's page a push carries): a few text files of each, read once."""
    from statewise_cli.recovery.governance import _statements

    found: list[tuple[str, int, str]] = []
    for rel_dir in directories[:6]:
        directory = os.path.normpath(os.path.join(root, rel_dir))
        if rel_dir in ("", ".") or not directory.startswith(os.path.normpath(root) + os.sep):
            continue
        try:
            names = sorted(os.listdir(directory))[:40]
        except OSError:
            continue
        for name in [n for n in names if n.lower().endswith((".md", ".txt", ".rst"))][:8]:
            try:
                with open(os.path.join(directory, name), encoding="utf-8", errors="replace") as fh:
                    text = fh.read(16 * 1024)
            except OSError:
                continue
            rel = os.path.relpath(os.path.join(directory, name), root)
            found += [(rel, n, sentence) for n, sentence in _statements(text) if len(sentence) <= 400]
    return found


def _item_statements(root: str, asked: set[str], rule_ids: set[str]) -> list[tuple[str, int, str]]:
    """(document, line, statement) of the record the repository keeps for an item both the task and the rule name
    (``projects/P-118/ARCHIVE.md``, ``permits/VP-9.md``: a file named for it, or in a directory named for it), wherever
    it sits: the item's own record is where its release is written down."""
    from statewise_cli.recovery.governance import _statements
    from statewise_cli.recovery.governance_items import _identifier, _records

    found: list[tuple[str, int, str]] = []
    for item in sorted(asked & rule_ids):
        if not _identifier(item):
            continue
        for rel in _records(root, item):
            if not rel.lower().endswith((".md", ".markdown", ".rst", ".txt", ".adoc")):
                continue
            try:
                with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
                    text = fh.read(64 * 1024)
            except OSError:
                continue
            found += [(rel, n, sentence) for n, sentence in _statements(text) if len(sentence) <= 400]
    return found


def _permits_the_act(said: str, rule: str, prompt: str, approval: bool) -> bool:
    """A permission said of an act ("the exhumation can be scheduled") releases only a rule about that act — the act
    the rule prohibits or the task asks for ("A finalised load sheet … and the aircraft can be released" releases
    nothing of "never finalise it"); a document come in ("the licence arrived today") releases only a rule that waits
    for something. Every other release word is read as before."""
    import re

    from statewise_cli.recovery.intent import _same, stem

    permitted = re.match(r"(?i)(?:can|may)\s+(?:now\s+)?be\s+([a-z]+)", said)
    if permitted is not None:
        verb = stem(permitted.group(1).lower())
        acts = {stem(w) for w in _prohibited_acts(rule) | _task_acts(prompt)}
        return any(_same(verb, a) for a in acts)
    if re.match(r"(?i)(?:arrived|came|has|have|was|were)\b", said):
        return approval
    return True


def _awaited_clause(before: str) -> bool:
    """The release word sits in a clause that waits for it ("nothing goes out until I mark 3M12 cleared here", "once
    the board has approved it"): a release still to come, however many words its subject takes."""
    import re

    return re.search(r"(?i)\b(?:until|till|unless|once|pending|as\s+soon\s+as)\b[^.;,:()]*$", before) is not None


def _conditional_after(said: str, rest: str) -> bool:
    """"… can be scheduled once the licence arrives", "may be sent only after …": a permission whose condition follows
    it is not given yet."""
    import re

    if not re.match(r"(?i)(?:can|may)\b", said):
        return False
    return re.match(r"(?i)[^.;]{0,40}?\b(?:only|once|after|when|if|until|unless|as\s+soon\s+as|provided)\b", rest) is not None


def _holds(sentence: str) -> bool:
    """The sentence states a hold that lasts until a condition is met ("stays until …", "remains locked until …")."""
    from statewise_cli.recovery.intent import _held_until

    low = sentence.lower()
    return _held_until(" " + " ".join("".join(c if c.isalnum() or c in "'-" else " " for c in low).split()) + " ")


def _unpushed_dirs(root: str, cap: int | None = 8) -> list[str]:
    """The directories of the files that the commits on no remote yet change (the work a task about pushing carries),
    then those of the notes the latest commits wrote; at most ``cap`` of them (None: all)."""
    import subprocess

    try:
        out = subprocess.run(["git", "-C", root, "log", "-n20", "--no-merges", "--format=", "--name-only", "HEAD", "--not",
                              "--remotes"], capture_output=True, text=True, timeout=2, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    if out.returncode != 0:
        return []
    found = sorted({os.path.dirname(n) for n in out.stdout.splitlines() if n.strip() and os.path.dirname(n)})[:6]
    # and the notes the recent history wrote, wherever they are kept: a release is committed after the hold it ends
    found += [d for d in recent_note_dirs(root) if d not in found]
    return found[:cap]


def recent_note_dirs(root: str) -> list[str]:
    """The directories of the text documents the latest commits of HEAD add or change (``launch/2026.md``: "the
    launch is done; the freeze is over"): a release is written after the hold it ends, as a new record, and
    is often kept beside neither the work nor the hold."""
    import subprocess

    try:
        out = subprocess.run(["git", "-C", root, "log", "-n20", "--no-merges", "--format=", "--name-only", "HEAD", "--",
                              "*.md", "*.txt", "*.rst", "*.adoc"], capture_output=True, text=True, timeout=2,
                             check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    if out.returncode != 0:
        return []
    found: list[str] = []
    for name in out.stdout.splitlines():
        directory = os.path.dirname(name.strip())
        if directory and directory not in found and not directory.startswith("."):
            found.append(directory)
    return found[:6]


def released_rules(root: str, prompt: str, today: datetime.date | None = None) -> str:
    """Context for a prompt: each memory-file rule a dated record of the repository releases (empty: none)."""
    if not prompt or not root:
        return ""
    rules = _memory_rules(root)
    if not rules:
        return ""
    asked = _words(prompt)
    notes: list[str] = []
    beside: list[str] | None = None
    for file, rule in rules:
        if not _words(rule) & asked and not _held(rule):
            continue  # only a hold for a period ("frozen until the inspection") is read without a word of the task
        best = release_for(root, rule, asked, today, prompt)
        if best is None:  # the notes kept beside the work not pushed yet (the commits the task is about)
            if beside is None:
                beside = _unpushed_dirs(root, cap=None)
            if beside:
                best = release_for(root, rule, asked, today, prompt, beside=beside)
        if best is not None and not _words(rule) & asked and len(
                _words(f"{best[2]} {_kept_in(best[0])}") & _words(rule)) < 2:
            # a rule that names nothing of the task ("dock schedule: frozen, never push" for "push main to origin") is
            # released only by a record that names the rule's own subject too, in the releasing sentence or its file
            best = None
        if best is not None:
            doc, day, sentence = best
            notes.append(f"- {file}: \"{rule}\" — {release_phrase(sentence)}: {doc} ({day}): \"{sentence[:240]}\"")
        if len(notes) >= _MAX_NOTES:
            break
    notes += _hook_releases(root, rules, prompt)[:_MAX_NOTES - len(notes)] if len(notes) < _MAX_NOTES else []
    if len(notes) < _MAX_NOTES:
        from statewise_cli.recovery.released_refs import rewrite_releases

        notes += [n for n in rewrite_releases(root, rules, prompt) if n not in notes][:_MAX_NOTES - len(notes)]
    if not notes:
        return ""
    return ("[statewise] A rule of the memory file is released for this task by what the repository records now "
            "(the developer's documents outrank memory files; nothing else is changed):\n" + "\n".join(notes))


# ------------------------------------------------------------------------------ a release the developer recorded
def _window_past(value: str, today: datetime.date) -> bool:
    """A record that grants a window ("the window 2026-12-05 22:00 to 2026-12-06 02:00") whose last day is behind us."""
    import datetime

    if "window" not in value.lower():
        return False
    days = []
    for m in _patterns()[3].finditer(value):  # type: ignore[attr-defined]
        try:
            days.append(datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
        except ValueError:
            continue
    return bool(days) and max(days) < today


def _gives_release(value: str) -> bool:
    """The developer's record records a release given — approved, granted, lifted, cleared, an exception, "may be
    restarted in the window" — and nothing in it restricts (``intent.restriction`` is None)."""
    import re

    low = f" {' '.join(value.lower().split())} "
    # a release inside a condition is still awaited ("stays in the yard until Aoife confirms that customs has released
    # its hold", "no payment unless the referral is cleared"): the clause from the conjunction to its end says nothing
    # given
    low = re.sub(r"\b(?:until|till|unless|pending|as\s+soon\s+as|if|once)\b[^.;,]*", " ", low)
    # a hold released, a window or period open, work that is due or can run now ("counsel released the hold; the
    # purge can run", "their window opened 2026-12-01 and closes 2026-12-31", "notices are due now")
    if re.search(r"\b(?:approved|agreed|granted|lifted|cleared|released|signed\s+(?:it\s+)?off|allowed|permitted|is\s+fine|"
                 r"may\s+be\s+\w+ed|can\s+be\s+\w+ed|go\s+ahead|go-ahead|green\s+light|gave\s+(?:the|a|their|his|her|our)\s+go|"
                 r"given\s+the\s+go|authori[sz]e[sd]?|exception|(?:can|may)\s+(?:now\s+)?(?:run|proceed|resume|"
                 r"start|go\s+(?:ahead|out))|(?:window|period)\s+(?:has\s+)?(?:opened|is\s+open)|(?:is|are)\s+(?:open|due)\s+now|"
                 # what the hold waited for, recorded as done: an inspection passed ("the auditor passed the build
                 # host"), a form or consent signed ("the owner signed the export form"), the condition declared over
                 # ("the incident was declared over"), the item let on ("the batch may go to the printer")
                 r"passed\s+(?:the|it|them|its|their|our|his|her|this|that)|"
                 r"signed\s+(?:the|a|an|his|her|their|our|its)\s+(?:[\w'’-]+\s+){0,2}?(?:form|consent|agreement|waiver|"
                 r"release|authori[sz]ation|permission|order)|"
                 r"declared\s+(?:[\w'’-]+\s+){0,4}?over|(?:can|may)\s+(?:now\s+)?go\s+(?:to|into|on|back)\b)\b",
                 low) is None:
        return False
    return re.search(r"\b(?:not|no|never)\s+(?:yet\s+)?(?:been\s+)?(?:approved|agreed|granted|lifted|cleared|released|allowed|"
                     r"permitted|opened|passed|signed|declared)\b|\b(?:can|may)(?:not|'t|\s+not)\b|"
                     r"\b(?:hasn't|haven't|didn't|has\s+yet\s+to|have\s+yet\s+to)\b", low) is None


# Past forms that do not end in -ed, for the verbs an awaited event is said with ("the notice ran out", "the licence came
# through", "the board gave its go").
_PAST = {"ran": "run", "came": "come", "went": "go", "gave": "give", "given": "give", "made": "make", "held": "hold",
         "sent": "send", "wrote": "write", "written": "write", "done": "do", "did": "do", "met": "meet", "got": "get",
         "won": "win", "paid": "pay", "laid": "lay", "left": "leave", "began": "begin", "begun": "begin"}


def _event(rule: str) -> tuple[set[str], set[str]] | None:
    """(verbs, other words) of the event a rule waits for: "never before the DNO issues its permit to re-energise" →
    ({issue}, {dno, permit, …}); "not until the 14-day notice has run out" → ({run}, {notice, …}). None without one."""
    import re

    m = re.search(r"(?i)\b(?:never|not|no\s+\w+)\b[^.;]{0,60}?\b(?:before|until|till)\s+([^.;()]{3,100})", rule)
    if m is None:
        return None
    words = re.findall(r"[a-z][a-z'’-]*", m.group(1).lower())
    verbs: set[str] = set()
    for i, w in enumerate(words):
        if i and (w.endswith("s") and not w.endswith(("ss", "'s", "’s")) and len(w) > 3
                  and words[i - 1] not in ("the", "a", "an", "its", "their", "our", "his", "her")):
            verbs.add(w[:-2] if w.endswith("es") and w[-3:-2] in "shxz" else w[:-1])  # "issues", "signs", "clears"
        if i and words[i - 1] in ("has", "have", "is", "are", "been", "be") and len(w) > 2 and w not in ("been", "not"):
            verbs.add(w.removesuffix("ed"))  # "has run out", "is cleared", "has signed"
    others = {w.removesuffix("'s").removesuffix("’s") for w in words if len(w) > 3 and w not in verbs
              and w.rstrip("s") not in verbs and w.removesuffix("ed") not in verbs} - {"their", "with", "from"}
    return (verbs, others) if others else None


# What happened to an awaited thing that is no release ("the permit was refused", "the hearing was postponed").
_NOT_DONE = ("refus", "reject", "deni", "withdr", "revok", "delay", "postpon", "suspend", "cancel", "declin", "fail",
             "adjourn", "paus", "block", "extend")


# A document awaited ("never before the DNO's permit") is done when it is issued, granted, signed or received.
_DOCUMENTS = frozenset({"permit", "licence", "license", "certificate", "warrant", "clearance", "consent", "authorisation",
                        "authorization", "exemption", "order", "notice", "ruling", "waiver"})
_DOCUMENT_DONE = frozenset({"issu", "grant", "sign", "receiv", "come", "arriv", "serv"})


def _event_done(rule: str, value: str, context: str = "") -> bool:
    """The record states as done the event the rule waits for: one of its verbs in a past form ("issued", "ran out"),
    or — when the rule names the awaited thing without a verb ("never before the DNO's permit") — a past form that is
    no refusal or delay, with another word of it (in the clause, or in ``context``: the paragraph and the path of
    the record it is written in), in a clause that neither negates it nor waits for it."""
    import re

    event = _event(rule)
    if event is None:
        return False
    verbs, others = event
    roots = {_root(v) for v in verbs}
    for clause in re.split(r"[;.]\s+|\s+(?:but|while|whereas)\s+", value.lower()):
        # a condition ("I open sales myself when the signed contract is back") says the event is still to come
        clause = re.sub(r"\b(?:until|till|unless|pending|once|if|before|when|whenever|as\s+soon\s+as)\b.*", " ", clause)
        if re.search(r"\b(?:not|never|no|yet|hasn't|haven't|didn't)\b", clause):
            continue
        said = re.findall(r"[a-z][a-z'’-]*", clause)
        past: set[str] = set()
        for w in said:
            if w in _PAST:
                past.add(_PAST[w])
            elif w.endswith("ied") and len(w) > 4:
                past.add(w[:-3] + "y")
            elif w.endswith("ed") and len(w) > 4:
                past |= {w[:-2], w[:-1]}
        done = {_root(p) for p in past if not p.startswith(_NOT_DONE)}
        # the awaited party doing the act in the first person, now ("I confirm it for bottling", "we sign it off"):
        # said by the one the rule waits for, the act is done by saying it — not one of two ways still open ("I clear
        # it or we replace the cue"), nor a plan for a day to come ("I inspect it on Friday"), nor where the same record
        # still waits for the speaker ("… until I mark it cleared", "nothing is sent before my check")
        if not re.search(r"\b(?:until|till|before|once|when|after)\s+(?:i|we|my|our)\b", value.lower()):
            done |= {_root(m.group(1)) for m in re.finditer(r"(?:^|[^\w'’])(?:i|we)\s+(?:hereby\s+|now\s+|formally\s+)?"
                                                             r"([a-z]{3,})\b(?![^,]*\bor\b)(?![^,]*\b(?:on\s+(?:mon|tues|wednes|"
                                                             r"thurs|fri|satur|sun)day|tomorrow|tonight|later|next|soon|"
                                                             r"this\s+(?:afternoon|evening|week)|20\d\d-\d\d-\d\d)\b)", clause)} & roots
        # with no verb, the thing awaited is a noun whose verb is the one said done ("the fleet engineer's check" →
        # "I checked …", "the inspection" → "inspected")
        if not (done & roots if roots else any(len(d) >= 4 and any(o.startswith(d) for o in others) for d in done)
                or any(o.rstrip("s") in _DOCUMENTS for o in others) and done & _DOCUMENT_DONE):
            continue
        if any(w in others or w.rstrip("s") in others or f"{w}s" in others for w in said if len(w) > 3):
            return True
        around = re.findall(r"[a-z][a-z'’-]*", context.lower())
        if any(w in others or w.rstrip("s") in others or f"{w}s" in others for w in around if len(w) > 3):
            return True
    return False


def _act_decided(rule: str, value: str) -> bool:
    """The developer's record states as decided, for one occasion, the act the rule prohibits: "Cancelling booked
    sessions: never at less than 24 hours' notice" and "the venue is closed for 2026-12-07; all that day's booked
    sessions are cancelled and refunded". The record names the occasion (a date or an item's identifier) and the thing
    the rule is about; a clause that negates it, sets a condition or says a routine ("every night", "automatically")
    decides nothing."""
    import re

    if re.search(r"(?i)\b(?:again|twice|a\s+second\s+time)\b", rule):
        return False  # "never again": the act was done once, and that is why
    acts = _prohibited_acts(rule) | _label_acts(rule)
    roots = {_root(a) for a in acts if len(a) >= 3}
    if not roots or not (_patterns()[3].search(value) or _ids(value)):  # type: ignore[attr-defined]
        return False
    about = _words(rule) - acts
    # the item the rule names by its identifier, named anywhere in the record: a later clause speaks of it ("the owner
    # withdrew model X-9 …; every order is refunded")
    item = bool(_ids(rule) & _ids(value))
    # a decision and the reason given for it are clauses of their own ("… archived ledger L-17 on 2026-12-04: the balance
    # moved and the old one is not used"): the reason's negation negates nothing of the decision
    for clause in re.split(r"[;.:]\s+|\s+(?:but|while|whereas)\s+", value.lower()):
        if re.search(r"\b(?:not|never|no|yet|until|unless|if|(?<!\bat\s)once|before|when|whenever|always|daily|nightly|"
                     r"weekly|automatically|usually|normally|routinely)\b", clause) \
                or re.search(r"\b(?:every|each)\s+(?:\w+\s+)?(?:day|night|morning|evening|week|month|year|hour|minute|"
                             r"time|run|shift|season|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
                             r"weekday|weekend)s?\b", clause):
            continue  # a routine ("every night"), not a decision for one occasion ("every order is refunded")
        # a decision in the present ("are cancelled"); "was refunded" records the act done already, the reason a rule
        # says "never again"
        m = re.search(r"\b(?:is|are|gets?)\s+(?:now\s+|all\s+)?([a-z]{3,}ed)\b"
                      r"(?:\s+and\s+([a-z]{3,}ed)\b)?", clause)
        if m is None:
            if _done_by_role(clause, roots, about):
                return True
            continue
        said = {_root(w) for v in m.groups() if v for w in _words(v)}
        if said & roots and (_words(clause[: m.start()]) & about or item):
            return True
    return False


# Verbs by which the one responsible has the act done: "the records manager ordered the old forms shredded".
_ORDERING = ("ordered", "instructed", "directed", "authorised", "authorized", "commissioned", "mandated")


def _done_by_role(clause: str, roots: set[str], about: set[str]) -> bool:
    """A role or a person did, or ordered, the act the rule prohibits, on the thing it is about: "the event lead
    cancelled the meetup of 2026-12-12", "the fleet manager decommissioned boat B-12", "the records manager ordered
    the forms in archive box A7 shredded". Said in the active voice, with its doer named before the verb."""
    import re

    from statewise_cli.recovery.governance_targets import _role

    if re.search(r"\b(?:not\s+to|to\s+(?:hold|keep|wait|stop|postpone|delay|defer|block|refuse|reject|pause|suspend))\b",
                 clause):
        return False  # "ordered the batch kept", "decided not to" — handled as no release
    for m in re.finditer(r"\b([a-z]{3,}ed)\b", clause):
        verb = m.group(1)
        doer = clause[: m.start()]
        if not doer.strip() or re.search(r"\b(?:is|are|was|were|be|been|being|gets?|got)\s+(?:\w+\s+)?$", doer):
            continue  # a passive ("was refunded"): the act done already, not the doer's decision for this occasion
        acted = {_root(w) for w in _words(verb)} & roots
        ordered = verb in _ORDERING and any({_root(w) for w in _words(x)} & roots
                                            for x in re.findall(r"\b[a-z]{3,}ed\b", clause[m.end():]))
        if not (acted or ordered) or not _role(doer):
            continue
        rest = _words(clause[: m.start()] + " " + clause[m.end():])
        if rest & about:
            return True
    return False


def restricts_somewhere(record: Record) -> bool:
    """The record, or one of its clauses, still restricts ("approved for staging; production still needs the release
    manager's sign-off"): it releases nothing as a whole."""
    import re

    from statewise_cli.recovery import intent

    if intent.restriction(record) is not None:
        return True
    clauses = [c for c in re.split(r"[;.](?:\s|$)", str(record.value)) if c.strip()]
    return len(clauses) > 1 and any(intent.restriction(record.replace(value=c)) is not None for c in clauses)


def _in_force_for(record: Record, prompt: str, today: datetime.date) -> bool:
    """The release is in force for the task: today, or — a release that starts on a later day ("passed; the show runs
    from 2026-12-11") — for a task whose every date is on or after that day ("schedule the show at 2026-12-11T20:00")."""
    import datetime
    import re

    from statewise_cli.recovery import intent

    why = intent.out_of_force(record, (today.year, today.month, today.day))
    if why is None:
        return True
    if not why.startswith("starts on "):
        return False
    try:
        start = datetime.date.fromisoformat(why.removeprefix("starts on ")[:10])
        days = [datetime.date(int(y), int(m), int(d)) for y, m, d in re.findall(r"(?<!\d)(20\d\d)-(\d\d)-(\d\d)(?!\d)", prompt)]
    except ValueError:
        return False
    return bool(days) and min(days) >= start


def developer_releases(root: str, prompt: str, records: list[Record], today: datetime.date | None = None) -> str:
    """Context for a prompt: each developer's record (a ``statewise remember`` policy, above every memory file) that
    records a release for what the prompt asks — an approval given, a window open, an exception granted, a hold lifted
    — said as "allowed now, because …", with the memory-file rule it overrides quoted. Only a record that restricts
    nothing is said (a hold, a freeze or an approval still required is gated by ``intent``, not released here), and
    only while its dates hold (a window whose last day is past releases nothing)."""
    import datetime

    from statewise_cli.store.records import age_text

    if not prompt:
        return ""
    today = today or datetime.date.today()
    asked = _words(prompt)
    asked_ids = _ids(prompt)
    rules = _memory_rules(root) if root else []
    notes: list[str] = []
    for record in records:
        key, value = record.key, record.value
        if not key.startswith("policy.") or not isinstance(value, str) or record.authority != "developer" \
                or record.source.startswith("memory-file:") or record.status != "active" or record.validity == "defective":
            continue
        # the event a rule waits for, recorded done; or the act a rule prohibits, recorded as decided for this occasion
        happened = [(f, r) for f, r in rules if _event_done(r, value) or _act_decided(r, value)]
        if not (_gives_release(value) or happened) or restricts_somewhere(record) \
                or not _in_force_for(record, prompt, today) or _window_past(value, today):
            continue
        said = _words(value)
        subject = _words(key.split(".", 1)[-1].replace("_", " "))
        shared = said & asked
        ids = {i for i in _ids(value) if i in asked_ids and not os.path.exists(os.path.join(root, i))}
        if not (len(shared) >= 3 or (len(shared) >= 2 and (subject & asked or ids)) or (ids and subject & asked)):
            continue
        overridden = [(f, r) for f, r in (happened or rules) if len(_words(r) & (said | subject)) >= 2
                      or len(_words(r) & (said | asked | subject)) >= 2 and _words(r) & asked]
        if happened and not overridden:
            continue  # what it records done is what a rule of another task waits for
        why = (f"the developer's record {key} (stored {age_text(record.stored_at)}) says: "
               f"\"{value[:240]}\"")
        if overridden:
            for file, rule in overridden[:2]:
                notes.append(f"- {file}: \"{rule}\" no longer holds for this task: {why}. It is allowed now, "
                             f"within what the record says")
        else:
            notes.append(f"- {why}. What it names is allowed now, within what the record says")
        if len(notes) >= _MAX_NOTES:
            break
    if not notes:
        return ""
    return ("[statewise] The developer recorded a release for this task (their own record outranks memory files; "
            "nothing else is changed):\n" + "\n".join(notes))


def re_named_items(text: str) -> list[str]:
    """Names that cannot be ordinary words: a branch, a file or a ticket (``mx-planning-draft``, ``AD-2026``)."""
    import re

    return [t.strip("./-") for t in re.findall(r"[\w./-]*[-/_\d][\w./-]*", text) if re.search(r"[A-Za-z]", t)]


_GENERIC_SUBJECT = frozenset({"never", "force", "push", "pushes", "pushing", "pushed", "branch", "branches", "commit",
                              "commits", "again", "alone", "with", "into", "from", "that", "this", "their", "them",
                              "rewrite", "rewrites", "history", "remote", "origin", "main", "master", "work", "mine"})


def _names_subject(rule: str, text: str) -> bool:
    """The text names what the rule is about by two of its own words, whatever joins them ("the hazard clips branch"
    and ``theory/hazard-clips``): the item handed over is the rule's."""
    import re

    def words(t: str) -> set[str]:
        return {w for w in re.findall(r"[a-z]{4,}", t.lower()) if w not in _GENERIC_SUBJECT and w not in _STOP}

    return len(words(rule) & words(text)) >= 2


def re_transfer(sentence: str) -> bool:
    import re

    # handed over, "rewrite it as you like" / "as she likes", or its other party's own word that they are done with it
    # ("I have finished my clips and won't push to theory/hazard-clips again; it is Sam's branch alone now")
    return re.search(r"(?i)\bhanded\s+(?:[\w./-]+\s+){0,4}(?:over|back)\b|\b(?:rewrite|change|delete|use|rebase)\s+it\s+"
                     r"as\s+(?:you|she|he|they)\s+(?:likes?|wish(?:es)?|sees?\s+fit)\b|"
                     r"\b(?:won't|will\s+not|shan't)\s+(?:push|commit)\s+to\s+[\w./-]+\s+(?:again|any\s?more)\b[^.]*"
                     r"\b(?:alone|only)\b", sentence) is not None


def _hook_releases(root: str, rules: list[tuple[str, str]], prompt: str) -> list[str]:
    """A memory-file rule that says a remote's hook blocks pushes ("the registrar's hook blocks every push"), when the
    prompt's own ``git push <remote> <branch>`` names a branch that remote's hooks do not reject: the hooks on this
    machine name the refs they reject, and this one is not among them."""
    import re

    pushes = re.findall(r"git\s+push\s+(?:-[\w-]+\s+)*([\w.-]+)\s+([\w./+:-]+)", prompt)
    if not pushes:
        return []
    hooked = [(f, r) for f, r in rules if re.search(r"\bhooks?\b", r, re.IGNORECASE) and re.search(r"\bpush", r, re.IGNORECASE)
              and _patterns()[0].search(r)]  # type: ignore[attr-defined]
    if not hooked:
        return []
    from statewise_cli.recovery.premises_refrules import remote_rules
    from statewise_cli.subproc import run_readonly

    notes: list[str] = []
    for remote, spec in pushes[:2]:
        if spec.startswith(("-", "+")) or ":" in spec and not spec.split(":", 1)[1]:
            continue
        branch = spec.split(":", 1)[-1].removeprefix("refs/heads/")
        code, url = run_readonly(("git", "config", "--get", f"remote.{remote}.url"), root, dict(os.environ), 1.0)
        rules_now = remote_rules(url.strip(), root) if code == 0 and url.strip() else None
        if rules_now is None or not rules_now.hooks:
            continue
        verdict, _evidence, _message = rules_now.verdict(f"refs/heads/{branch}", "update")
        if verdict == "reject":
            continue
        named = sorted({p for _p, judged, _t in rules_now.hooks for rule in judged if rule[0] == "reject"
                        for p in rule[1]})
        if not named or "*" in named or any(rule[0] not in ("reject", "accept") for _p, judged, _t in rules_now.hooks
                                            for rule in judged):
            continue  # a hook that names no ref, or decides by more than the name: nothing known about this one
        for file, rule in hooked:
            notes.append(f"- {file}: \"{rule}\" — the hooks of `{remote}` ({rules_now.path}) reject only "
                         f"{', '.join(named[:4])}; pushing `{branch}` there is allowed")
    return notes
