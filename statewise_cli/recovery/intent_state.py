"""Developer intent: a record that holds its subject in a state gates the action that reverses that state.

"The door stays open: two people are still inside", "the pump is kept on while the tank drains", "the feed remains
live": the developer states the state the thing is to stay in, with a reason rather than a condition. Nothing in the
words restricts by itself (the record is no prohibition, no freeze, no "until"), yet an action whose own verb undoes
that state — ``close`` for "stays open", ``off`` / ``stop`` for "kept on", ``disable`` for "remains enabled" — goes
against it. An action that keeps or restores the state (``open`` for "stays open") is not gated, nor is any action
whose verb says no state (``status``, ``list``).

The action's verb is its first plain operand, or a word of the program's own name (``close-gate``); the record's
subject (its key's words) must still name the action, as for every developer record (``intent.gates``).
"""

from __future__ import annotations

import os
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from statewise_cli.actions.normalize import Action
    from statewise_cli.store.records import Record

# A state the record keeps its subject in → the verbs of an action that undo it.
_UNDONE_BY = {
    "open": ("close", "shut", "lock", "seal", "end"),
    "closed": ("open", "reopen", "unlock", "unseal"),
    "shut": ("open", "reopen", "unlock", "start"),
    "locked": ("unlock", "open"),
    "unlocked": ("lock", "close", "shut"),
    "on": ("off", "stop", "halt", "shutdown", "disable", "extinguish", "kill"),
    "lit": ("off", "extinguish", "dim", "stop"),
    "running": ("stop", "halt", "off", "kill", "shutdown", "pause", "suspend"),
    "off": ("on", "start", "restart", "enable", "light", "run", "resume"),
    "stopped": ("start", "restart", "on", "run", "resume"),
    "dark": ("on", "light", "start"),
    "enabled": ("disable", "off", "deactivate", "suspend"),
    "active": ("deactivate", "disable", "suspend", "retire", "close", "cancel", "archive"),
    "live": ("off", "down", "disable", "unpublish", "withdraw", "takedown", "stop"),
    "up": ("down", "stop", "off", "shutdown"),
    "disabled": ("enable", "on", "activate"),
    "inactive": ("activate", "enable", "start"),
    "suspended": ("resume", "activate", "reinstate", "unsuspend", "enable"),
    "paused": ("resume", "start", "unpause", "run"),
    "published": ("unpublish", "withdraw", "retract", "hide", "takedown"),
    "unpublished": ("publish", "release", "post"),
    "private": ("publish", "release", "expose"),
    "connected": ("disconnect", "detach", "unplug"),
    "attached": ("detach", "disconnect"),
    "mounted": ("unmount", "umount", "detach"),
    "installed": ("uninstall", "remove"),
    "registered": ("deregister", "unregister", "retire", "remove"),
    "listed": ("delist", "unlist", "remove", "withdraw"),
}
_HELD = re.compile(r"\b(?:stays?|remains?|is\s+kept|are\s+kept|kept|must\s+stay|must\s+remain|is\s+to\s+stay|"
                   r"are\s+to\s+stay|is\s+to\s+remain|are\s+to\s+remain|should\s+stay|should\s+remain|"
                   r"(?:is|are)\s+staying)\s+(" + "|".join(_UNDONE_BY) + r")\b")
# "no longer stays open", "need not stay on", "doesn't have to remain live": the state is not held
_NOT_HELD = re.compile(r"(?:\bnot|n't|\bno\s+longer|\bnever|\bno\s+need\s+to|\bneedn't)\s+(?:\w+\s+){0,2}$")


def _verbs(action: Action) -> list[str]:
    """The words that say what the action does to its subject: its first plain operand (``./bin/gates close …``)
    and the words of its program's name (``close-gate``)."""
    found: list[str] = []
    plain = [a.lower() for a in action.arguments if not a.startswith("-")]
    if plain:
        found.append(plain[0])
    tail = action.operation.partition(".")[2]
    name = os.path.splitext(os.path.basename(tail))[0].lower()
    found += [w for w in re.split(r"[-_.]", name) if w]
    return found


def undone_state(record: Record, action: Action) -> str | None:
    """The state the developer's record keeps its subject in that this action's own verb undoes ("stays open" for
    ``… close …``); None when the record holds no state or the action does not undo it."""
    if not isinstance(record.value, str) or not action.operation.startswith("shell."):
        return None
    text = " " + " ".join(record.value.lower().split()) + " "
    verbs = _verbs(action)
    if not verbs:
        return None
    for m in _HELD.finditer(text):
        if _NOT_HELD.search(text[: m.start()]):
            continue
        state = m.group(1)
        if state in ("on", "off", "up") and not re.match(r"\s*(?:$|[.;:,]|(?:while|until|till|because|as|for|so|and|but|"
                                                          r"during|pending|unless|now|today)\b)", text[m.end():]):
            continue  # "stays on the register", "remains up to date": a place or a phrase, not the state
        if any(v in _UNDONE_BY[state] for v in verbs):
            return state
    return None
