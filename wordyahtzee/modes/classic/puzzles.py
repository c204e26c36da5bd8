"""What the puzzles need to know of classic Yahtzee (:class:`~..puzzling.PuzzleRules`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..bonus import reached
from ..puzzling import DicePuzzles, PuzzleRules, claimed_boxes
from .rules import BOXES, UPPER_BOXES


class ClassicPuzzles(DicePuzzles):
    """Keeps of pips and claims of a box; themes: the upper bonus, Yahtzees, straights."""

    themes: tuple[str, ...] = ("bonus", "yahtzee", "straight", "opening", "last_round",
                               "keep", "box")
    box_order: tuple[str, ...] = BOXES
    screen: Mapping[str, str] = MappingProxyType({
        "board": "sheet", "faces": "pips", "claim": "box", "filled": "scores",
        "upper_at": "upper_bonus_at"})

    def themes_of(self, position: Mapping[str, Any], best: Mapping[str, Any],
                  played: Mapping[str, Any]) -> list[str]:
        """The bonus (an upper box claimed while the bonus is still open), a Yahtzee (four
        of a kind shown, or the box claimed), a straight claimed, and the common ones."""
        boxes = claimed_boxes(best, played)
        found = []
        dice = list(position["dice"])
        upper_open = [b for b in UPPER_BOXES if b not in position["scores"]]
        if upper_open and not reached(position["upper_total"], position["upper_bonus_at"]) \
                and boxes & set(UPPER_BOXES):
            found.append("bonus")
        if max(dice.count(d) for d in set(dice)) >= 4 or "yahtzee" in boxes:
            found.append("yahtzee")
        if boxes & {"small_straight", "large_straight"}:
            found.append("straight")
        return found + self.game_themes(position, best, "box")

    def moment(self, game: Any) -> tuple[int, ...] | None:
        """The match's current game's turn and throws, once it shows dice."""
        played = game.game
        return None if played.dice is None else (played.turn, played.throws)

    def describe(self, puzzle: Mapping[str, Any]) -> str:
        """The round, the dice and the sheet."""
        pos = puzzle["position"]
        sheet = ", ".join(f"{box} {points}" for box, points in pos["scores"].items()) or "empty"
        return (f"{self.head(puzzle)}\n  dice    {' '.join(puzzle['shown'])}\n  sheet   "
                f"{sheet}; upper {pos['upper_total']} of {pos['upper_bonus_at']}")


PUZZLES: PuzzleRules = ClassicPuzzles()
