"""Woord Yahtzee games for the tests: a permissive dice set and a game on the ``nl``
dictionary that shows the faces a test asks for."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from wordyahtzee.dice import DiceSet
from wordyahtzee.lexicon import load_lexicon
from wordyahtzee.modes.woord import WoordGame, WoordRules

from .clock import Clock

SCRABBLE_NL = dict(a=1, b=3, c=5, d=2, e=1, f=4, g=3, h=4, i=1, j=4, k=3, l=3, m=3, n=1, o=1,
                   p=3, q=10, r=2, s=2, t=2, u=4, v=4, w=5, x=8, y=8, z=4)


def any_face_dice(size: int = 7) -> DiceSet:
    """Seven dice that each carry every letter; die 0 also carries the blank.

    Lets a test show any faces it likes while keeping the real Dutch letter values.
    """
    letters = [[ch, v] for ch, v in SCRABBLE_NL.items()]
    dice: list[Any] = [[["?", 0], *letters]] + [letters for _ in range(size - 1)]
    return DiceSet.from_json({"name": "test-any", "dice": dice})


def new_game(players: Sequence[str] = ("Anna",), clock: Clock | None = None,
             **rules: Any) -> WoordGame:
    """A game on the real ``nl`` dictionary with the permissive dice."""
    return WoordGame(list(players), WoordRules(**rules), lexicon=load_lexicon("nl"),
                     dice_set=any_face_dice(), rng=random.Random(7), clock=clock or Clock())


def show(game: WoordGame, faces: str) -> None:
    """Make the next throw show exactly ``faces`` (a recorded throw)."""
    game.apply({"type": "throw", "faces": faces, "at": game.clock()})
