"""The "best words" view: a thin call into the engine's solver (``wordyahtzee.solver``)."""

from __future__ import annotations

from typing import Any

from wordyahtzee.errors import RuleError

TOP_WORDS = 30


def solve(letters: str, dictionary: str, dice_set: str) -> dict[str, Any]:
    """Best score and words per box for seven faces (``?`` = blank), and the best words."""
    from wordyahtzee.solver import solve as solve_rack

    if len(letters) > 40:
        raise RuleError("give the 7 faces of a throw (? = the blank)", "bad_rack")
    return dict(solve_rack(letters, dictionary, dice_set).to_json(top=TOP_WORDS))
