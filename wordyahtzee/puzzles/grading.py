"""Grading an answer to a puzzle: the regret of the choice (the review's own figure, by the
review's own function), the best choice, the top choices and, for Woord Yahtzee, the words
of the best claim."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..advisor.coach import decision
from ..errors import BadRequest
from . import puzzle_rules
from .model import Puzzle, identity

TOP = 5
"""How many choices an answer lists, best first."""


def find_choice(puzzle: Puzzle, choice: Mapping[str, Any]) -> dict[str, Any]:
    """The puzzle's option the answer names (``{"kind": "keep", "dice": [...]}`` by die
    position, or ``{"kind": "box" | "claim", "box": ...}``; Kaartspel ``{"kind": "take",
    "card": id | null}``, ``{"kind": "throw" | "roll" | "stop"}``); BadRequest if none."""
    kind = choice.get("kind")
    rules = puzzle_rules(puzzle.mode)
    if kind == "keep":
        dice = choice.get("dice")
        if not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(
                d, bool) for d in dice) or len(set(dice)) != len(dice) \
                or not all(0 <= d < len(puzzle.shown) for d in dice):
            raise BadRequest("a keep names the positions of the dice kept (0-based, each "
                             "once)", "bad_choice")
        shown = [puzzle.shown[d] for d in dice]
        wanted = ("keep", rules.keep_key(shown))
    elif kind in ("box", "claim") and rules.box_order:
        wanted = ("box", str(choice.get("box")))
    elif kind == "take" and kind in rules.move_kinds:
        card = choice.get("card")
        if card is not None and not isinstance(card, str):
            raise BadRequest("a take names a card (null: nothing)", "bad_choice")
        wanted = ("take", card or "")
    elif kind in rules.move_kinds:
        wanted = (str(kind), "")
    else:
        raise BadRequest("a choice is a keep or a box (Kaartspel: a keep, a take, throw, "
                         "roll or stop)", "bad_choice")
    found = next((o for o in puzzle.options if identity(o) == wanted), None)
    if found is None:
        raise BadRequest("that choice is not open in this position", "bad_choice")
    return found


def grade(puzzle: Puzzle, choice: Mapping[str, Any]) -> dict[str, Any]:
    """The answer's grade: ``regret`` (expected points lost against the best), whether it
    is the best (``solved``), the choice, the best and the top choices; Woord Yahtzee also
    gives the words of the best claim (``best_words``)."""
    chosen = find_choice(puzzle, choice)
    judged = decision(puzzle.turn, puzzle.seat, puzzle.throws, puzzle.shown, chosen,
                      puzzle.best)
    out = {"regret": judged["regret"], "solved": identity(chosen) == identity(puzzle.best),
           "chosen": chosen, "best": puzzle.best, "top": puzzle.options[:TOP],
           "played": puzzle.played, "margin": puzzle.margin}
    return {**out, **puzzle_rules(puzzle.mode).answer(puzzle.options)}
