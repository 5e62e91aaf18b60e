"""A developer's policy read against what a repository's program documents: the option whose documented
meaning shares the policy's words is the form the policy requires (an action carrying it runs, one without it
is gated and named with it), and a name the policy gives that the action's operands hold makes the action one
of its subject (``statewise_cli.recovery.intent_scope``). Invented programs and policies."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, remember
from test_premises import decide, write

SEND = ("#!/bin/sh\n# Sends a newsletter issue. --segment NAME narrows the audience;\n"
        "# --quiet-hours 22-07 holds delivery between 22:00 and 07:00 for subscribers in their night.\n"
        "echo \"sent: $*\"\n")
RENDER = ("#!/bin/sh\n# Renders a map export. --dpi N sets the print resolution in dots per inch\n"
          "# (licensed basemap tiles above N dpi need the vendor's print licence).\necho \"rendered: $*\"\n")


def _policy(repo: Path, key: str, text: str) -> None:
    remember(repo, key, text, type="policy", authority="developer")


@pytest.mark.parametrize("agent", AGENTS)
def test_the_documented_option_with_its_literal_value_is_the_required_form(agent: str, git_repo: Path) -> None:
    write(git_repo, {"bin/send-issue": SEND})
    (git_repo / "bin" / "send-issue").chmod(0o755)
    _policy(git_repo, "policy.newsletter_delivery", "newsletter issues always hold delivery in the subscribers' "
                                                     "quiet hours (night); the editor decides exceptions")
    kind, reason = decide(agent, git_repo, "./bin/send-issue --issue 42 --segment eu")
    assert kind in ("ask", "deny"), reason
    assert "`./bin/send-issue --issue 42 --segment eu --quiet-hours 22-07`" in reason, reason
    assert decide(agent, git_repo, "./bin/send-issue --issue 42 --segment eu --quiet-hours 22-07")[0] == "allow"


def test_a_placeholder_takes_the_number_the_policy_gives_with_the_same_unit(git_repo: Path) -> None:
    write(git_repo, {"bin/render-map": RENDER})
    (git_repo / "bin" / "render-map").chmod(0o755)
    _policy(git_repo, "policy.basemap_licence", "basemap exports are printed at 150 dpi only: the licence covers "
                                                "screen resolution; the GIS lead decides")
    kind, reason = decide("codex", git_repo, "./bin/render-map --area north")
    assert kind == "deny", reason
    assert "--dpi 150" in reason
    assert decide("codex", git_repo, "./bin/render-map --area north --dpi 150")[0] == "allow"


def test_a_name_the_policy_gives_makes_the_action_its_subject(git_repo: Path) -> None:
    write(git_repo, {"bin/book-room": "#!/bin/sh\necho \"booked: $*\"\n"})
    (git_repo / "bin" / "book-room").chmod(0o755)
    _policy(git_repo, "policy.renovation", "Orchid Hall is never booked before the renovation sign-off")
    kind, reason = decide("codex", git_repo, "./bin/book-room --room 'Orchid Hall' --on 2031-03-02")
    assert kind == "deny", reason
    assert decide("codex", git_repo, "./bin/book-room --room 'Maple Room' --on 2031-03-02")[0] == "allow"
