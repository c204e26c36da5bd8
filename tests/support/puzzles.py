"""Answering puzzles in tests: a judged option as the choice a player sends."""

from __future__ import annotations

from typing import Any


def as_choice(puzzle: Any, option: dict[str, Any]) -> dict[str, Any]:
    """``option`` (a puzzle's, or a review's) as an answer to ``puzzle`` (a
    :class:`~wordyahtzee.puzzles.model.Puzzle` or its question as JSON): a keep by the
    positions of the dice it keeps, a box, a Kaartspel take (``card``) or move."""
    kind = option["kind"]
    if kind == "take":
        return {"kind": "take", "card": option.get("card")}
    if kind in ("throw", "roll", "stop"):
        return {"kind": kind}
    if kind != "keep":
        return {"kind": "box", "box": option["box"]}
    if "dice" in option:
        return {"kind": "keep", "dice": list(option["dice"])}
    shown = puzzle["shown"] if isinstance(puzzle, dict) else puzzle.shown
    dice: list[int] = []
    for value in option["keep"]:
        dice.append(next(i for i, s in enumerate(shown) if s == str(value) and i not in dice))
    return {"kind": "keep", "dice": dice}
