"""What the puzzles need to know of Woord Yahtzee (:class:`~..puzzling.PuzzleRules`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ..bonus import reached
from ..puzzling import JSON, DicePuzzles, PuzzleRules, claimed_boxes
from .rules import BOXES, SPECIAL_BOXES, UPPER_BOXES

HOURGLASS_SECONDS = 20.0
"""A position is an hourglass puzzle when at most this many seconds were left."""


class WoordPuzzles(DicePuzzles):
    """Keeps of letters and claims of a box with words; themes: the upper bonus, the Woord
    Yahtzee, the special boxes, the hourglass."""

    themes: tuple[str, ...] = ("bonus", "woord_yahtzee", "special", "opening",
                               "last_round", "hourglass", "keep", "claim")
    box_order: tuple[str, ...] = BOXES
    screen: Mapping[str, str] = MappingProxyType({
        "board": "sheet", "faces": "letters", "claim": "claim", "filled": "boxes",
        "upper_at": "upper_bonus_threshold"})
    test_rules: Mapping[str, Any] = MappingProxyType(
        {"dictionary": "nl", "dice_set": "nl", "turn_seconds": None})

    def keep_key(self, shown: Sequence[str]) -> str:
        """Letters, sorted."""
        return "".join(sorted(shown))

    def themes_of(self, position: Mapping[str, Any], best: Mapping[str, Any],
                  played: Mapping[str, Any]) -> list[str]:
        """The bonus, the Woord Yahtzee, another special box claimed, little time left on
        the hourglass (or a turn lost to it), and the common ones."""
        boxes = claimed_boxes(best, played)
        found = []
        if not reached(position["upper_total"], position["upper_bonus_threshold"]) \
                and boxes & set(UPPER_BOXES):
            found.append("bonus")
        if "woord_yahtzee" in boxes:
            found.append("woord_yahtzee")
        if boxes & (set(SPECIAL_BOXES) - {"woord_yahtzee"}):
            found.append("special")
        left = position.get("seconds_left")
        if (left is not None and left <= HOURGLASS_SECONDS) or played["kind"] == "timeout":
            found.append("hourglass")
        return found + self.game_themes(position, best, "claim")

    def answer(self, options: Sequence[Mapping[str, Any]]) -> JSON:
        """The words of the best claim (``best_words``; None when no claim is open)."""
        claim = next((o for o in options if o["kind"] == "claim"), None)
        return {"best_words": {"box": claim["box"], "words": claim["words"],
                               "points": claim["points"]} if claim else None}

    def moment(self, game: Any) -> tuple[int, ...] | None:
        """The turn and throws, once it shows letters."""
        turn = game.turn
        return None if turn.faces is None else (turn.number, turn.throws)

    def describe(self, puzzle: Mapping[str, Any]) -> str:
        """The round, the letters, the hourglass and the sheet."""
        pos = puzzle["position"]
        filled = ", ".join(f"{box} {points}" for box, points in pos["boxes"].items()
                           if points is not None) or "empty"
        clock = "" if pos.get("seconds_left") is None else f"; {pos['seconds_left']} s left"
        return (f"{self.head(puzzle)}\n  letters {' '.join(puzzle['shown'])}{clock}\n  "
                f"sheet   {filled}")


PUZZLES: PuzzleRules = WoordPuzzles()
