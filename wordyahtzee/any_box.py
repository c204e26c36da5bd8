"""A score pad without a family's own box: the shipped dice sets that take any box's letters.

The rulebook lists no letters, so a real box may show any letter a-z on any die, and the
blank on one face. A score pad that names no box referees only that (``nl-any``,
``en-any``: seven dice, every letter on each, the blank on one, the language's Scrabble
values), so a family entering its own box's throws is never told that no die shows a Q.
These sets are nobody's real dice: no chances follow from their faces, so a game on one
is never thrown by a cup (only a score pad plays it) and has no Tip, no review, no computer
player and no puzzles (docs/dice.md, "A score pad without a box").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ANY_BOX_SETS: Mapping[str, str] = {"nl": "nl-any", "en": "en-any"}
"""A score pad's dice set when its rules name none, by the dictionary's language."""


def pad_dice_set(language: str) -> str:
    """The dice set a score pad gets for a dictionary of ``language`` (Dutch's for a
    language without one)."""
    return ANY_BOX_SETS.get(language, ANY_BOX_SETS["nl"])


def takes_any_box(dice_set: Any) -> bool:
    """Whether ``dice_set`` (a :class:`~wordyahtzee.dice.DiceSet` or its name) only
    referees a score pad: any box's letters, whose chances nobody knows."""
    name = dice_set if isinstance(dice_set, str) else getattr(dice_set, "name", "")
    return name in ANY_BOX_SETS.values()
