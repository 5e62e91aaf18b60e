"""An option value that restates a setting of the program's own config file as it was before a commit changed it:
stopped only when a text beside the file (the commit, the file's comments, a note in its folder) says the earlier
value is refused, and no text names ``--KEY OLD`` as the way to get the earlier behaviour
(``premises_earlier.earlier_value_premise``). Invented programs and files; the shapes (a key that is the long option
without its dashes, sections named for a command, "X is no longer supported", "still accepted, but … rejects it")
follow how upgrade notes, changelogs and tool configs commonly say it."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all
from test_premises import decide


def _commit(repo: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, message)


@pytest.mark.parametrize("agent", AGENTS)
def test_an_earlier_value_a_note_says_is_refused_is_stopped_with_the_value_now(agent: str, git_repo: Path) -> None:
    _commit(git_repo, {"dairy/milkship.toml": "[ship]\nplant = \"westfold\"\n"}, "Dairy: tanker shipments")
    _commit(git_repo, {"dairy/milkship.toml": "[ship]\nplant = \"eastmoor\"\n",
                       "dairy/NOTES.md": "# Shipments\n\n2026-11-20 (co-op manager): Westfold's contract ended; it "
                                         "still takes a tanker, but the co-op refuses payment for milk delivered "
                                         "there.\n"}, "Dairy: shipments go to the Eastmoor plant")
    kind, reason = decide(agent, git_repo, "milkship ship --tanker T9 --plant westfold")
    assert kind == "deny", reason
    assert "`milkship ship --tanker T9 --plant eastmoor`" in reason, reason
    assert "dairy/milkship.toml" in reason and "westfold" in reason.lower()
    assert decide(agent, git_repo, "milkship ship --tanker T9 --plant eastmoor")[0] == "allow"
    assert decide(agent, git_repo, "milkship ship --tanker T9")[0] == "allow"


def test_an_agent_memory_file_naming_the_earlier_value_is_not_evidence_for_it(git_repo: Path) -> None:
    _commit(git_repo, {"cold/chillog.toml": "[upload]\nevery = \"20m\"\n"}, "Cold store logs")
    _commit(git_repo, {"cold/chillog.toml": "[upload]\nevery = \"5m\"\n",
                       "cold/README.md": "A 20-minute log still uploads, but the auditor rejects it.\n"},
            "Cold store: 5-minute logs")
    _commit(git_repo, {"CLAUDE.md": "- Uploading the cold store log: `chillog upload --room 2 --every 20m`\n"},
            "Agent notes")
    kind, reason = decide("claude", git_repo, "chillog upload --room 2 --every 20m")
    assert kind == "deny" and "`chillog upload --room 2 --every 5m`" in reason, reason


def test_a_duration_written_in_words_and_the_equals_spelling(git_repo: Path) -> None:
    _commit(git_repo, {"fleet/tracklog.toml": "[push]\nevery = \"30m\"\n"}, "Fleet: tracker uploads")
    _commit(git_repo, {"fleet/tracklog.toml": "[push]\nevery = \"10m\"\n"},
            "Fleet: 10-minute fixes; the insurer rejects a 30-minute track as incomplete")
    kind, reason = decide("claude", git_repo, "tracklog push --van 4 --every=30m")
    assert kind == "deny", reason
    assert "`tracklog push --van 4 --every=10m`" in reason, reason


def test_a_section_named_for_another_command_or_an_operand(git_repo: Path) -> None:
    _commit(git_repo, {"nursery/seedorder.toml": "[beech]\nzone = 201\n[order]\nsupplier = \"north\"\n"}, "Nursery")
    _commit(git_repo, {"nursery/seedorder.toml": "[beech]\nzone = 204\n[order]\nsupplier = \"north\"\n",
                       "nursery/README.md": "Beech from zone 201 still arrives, but the grant is refused for it.\n"},
            "Nursery: beech from zone 204")
    assert decide("claude", git_repo, "seedorder order --species beech --zone 201")[0] == "deny"
    assert decide("claude", git_repo, "seedorder order --species larch --zone 201")[0] == "allow"  # [beech] only


def test_a_text_that_names_the_earlier_value_as_an_option_is_an_override(git_repo: Path) -> None:
    _commit(git_repo, {"pumps/pumpctl.toml": "[run]\ntarget = \"bench\"\n"}, "Pumps")
    _commit(git_repo, {"pumps/pumpctl.toml": "[run]\ntarget = \"site\"\n",
                       "pumps/README.md": "The site pumps run by default now; a bench target is no longer the "
                                          "default. Trials use --target bench.\n"},
            "Pumps: the site is the default target")
    assert decide("claude", git_repo, "pumpctl run --minutes 5 --target bench")[0] == "allow"


def test_a_sentence_about_the_default_is_not_a_refusal(git_repo: Path) -> None:
    _commit(git_repo, {"mail/sendlist.toml": "[send]\naudience = \"staff\"\n"}, "Mail")
    _commit(git_repo, {"mail/sendlist.toml": "[send]\naudience = \"members\"\n",
                       "mail/README.md": "Staff is no longer the default audience, so pass --audience staff for a "
                                         "proof.\n"}, "Mail: members by default")
    assert decide("claude", git_repo, "sendlist send --issue 44 --audience staff")[0] == "allow"


def test_a_changed_value_without_a_word_of_refusal_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"print/labelctl.toml": "[print]\nprinter = \"dock-a\"\n"}, "Labels")
    _commit(git_repo, {"print/labelctl.toml": "[print]\nprinter = \"dock-b\"\n",
                       "print/README.md": "Dock B has the new printer; dock-a is kept for returns.\n"},
            "Labels: print at dock B")
    assert decide("claude", git_repo, "labelctl print --order 7781 --printer dock-a")[0] == "allow"


def test_a_value_the_file_never_held_or_a_boolean_says_nothing(git_repo: Path) -> None:
    _commit(git_repo, {"ship/boxctl.toml": "[pack]\nsize = \"m\"\nfragile = \"no\"\n"}, "Boxes")
    _commit(git_repo, {"ship/boxctl.toml": "[pack]\nsize = \"l\"\nfragile = \"yes\"\n",
                       "ship/README.md": "Size m boxes are no longer stocked. A no for fragile is no longer taken.\n"},
            "Boxes: large by default")
    assert decide("claude", git_repo, "boxctl pack --order 9 --size xl")[0] == "allow"
    assert decide("claude", git_repo, "boxctl pack --order 9 --fragile no")[0] == "allow"


def test_an_earlier_value_a_note_says_does_harm_or_whose_account_was_closed(git_repo: Path) -> None:
    # harm ("too much") and a thing gone ("closed", "merged into") refuse the earlier value like "rejected" does
    _commit(git_repo, {"bakery/proofctl.toml": "yeast_grams = 20\n"}, "Bakery: proofing")
    _commit(git_repo, {"bakery/proofctl.toml": "yeast_grams = 10\n",
                       "bakery/NOTES.md": "2026-11-02 (head baker): the new yeast is twice as strong; dough made at "
                                          "20 grams yeast is too much and collapses in the oven.\n"},
            "Bakery: the stronger yeast")
    kind, reason = decide("claude", git_repo, "proofctl mix --batch B7 --grams 20")
    assert kind == "deny", reason
    assert "`proofctl mix --batch B7 --grams 10`" in reason and "bakery/NOTES.md" in reason, reason
    assert decide("claude", git_repo, "proofctl mix --batch B7 --grams 10")[0] == "allow"
    _commit(git_repo, {"shop/stockbuy.toml": "account = 3310\n"}, "Shop: supplier account")
    _commit(git_repo, {"shop/stockbuy.toml": "# 3310 was the old shop's account (closed 2026-10-01)\naccount = 5120\n"},
            "Shop: supplier account 5120")
    kind, reason = decide("claude", git_repo, "stockbuy order --sku 88 --account 3310")
    assert kind == "deny" and "`stockbuy order --sku 88 --account 5120`" in reason, reason


def test_a_directory_value_whose_own_readme_retires_it(git_repo: Path) -> None:
    _commit(git_repo, {"maps/tiles-2025/INDEX.csv": "z,count\n1,4\n", "render/tilegen.toml": "tiles = \"maps/tiles-2025\"\n"},
            "Maps: tiles")
    _commit(git_repo, {"maps/tiles-2025/README.md": "Superseded by maps/tiles-2026: the survey was redone. Kept for "
                                                    "old prints.\n",
                       "maps/tiles-2026/INDEX.csv": "z,count\n1,4\n", "render/tilegen.toml": "tiles = \"maps/tiles-2026\"\n"},
            "Maps: the 2026 tiles")
    kind, reason = decide("claude", git_repo, "tilegen render --area north --tiles maps/tiles-2025")
    assert kind == "deny", reason
    assert "`tilegen render --area north --tiles maps/tiles-2026`" in reason, reason
    assert "maps/tiles-2025/README.md" in reason
    assert decide("claude", git_repo, "tilegen render --area north --tiles maps/tiles-2026")[0] == "allow"


def test_a_directory_value_whose_readme_says_nothing_of_retirement_is_a_choice(git_repo: Path) -> None:
    _commit(git_repo, {"maps/tiles-2025/INDEX.csv": "z,count\n1,4\n", "render/tilegen.toml": "tiles = \"maps/tiles-2025\"\n"},
            "Maps: tiles")
    _commit(git_repo, {"maps/tiles-2025/README.md": "The 2025 survey's tiles, for prints of that year.\n",
                       "maps/tiles-2026/INDEX.csv": "z,count\n1,4\n", "render/tilegen.toml": "tiles = \"maps/tiles-2026\"\n"},
            "Maps: the 2026 tiles")
    assert decide("claude", git_repo, "tilegen render --area north --tiles maps/tiles-2025")[0] == "allow"
