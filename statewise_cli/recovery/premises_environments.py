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
                    "sandbox", "trial", "demo", "unstable", "scratch", "prototype", "unsigned", "dirty", "draft"})
# What a group of machines or a deployment target is called after its name ("the lab fleet", "the pilot cluster").
_KINDS = r"(?:cluster|fleet|environment|env|stage|site|servers?|devices|ring|pool|group|region|tenant|namespace|instances?)"
_PRODUCTION = (r"(?:production|prod|live|customer[- ]facing|serv(?:e|es|ing)\s+(?:paying\s+|real\s+)?(?:customers|users|"
               r"patients|members|the\s+public))")
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
            rf"\b{_PRODUCTION}\s+since\b|\b{_KINDS}\s+(?:now\s+)?{_PRODUCTION}", sentence, re.I):
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
    found.discard(exclude)
    return found.pop() if len(found) == 1 else None


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
    sentences = _route_statements(ctx.root)
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
                            "repo.docs", f"the repository's documents declare {name} production now: \"{quote}\"; "
                            f"`{text[:80]}` takes test work to it", alternative,
                            f"{name} is an environment for test work", shown=shown)
    return None
