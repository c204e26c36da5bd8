"""The "best words" views, a thin call into the engine's solver (``wordyahtzee.solver``)."""

from __future__ import annotations

import importlib
from typing import Any

from wordyahtzee.errors import RuleError, WordyahtzeeError

from .tables import ApiError

TOP_WORDS = 30


def _solver() -> Any:
    try:
        return importlib.import_module("wordyahtzee.solver")
    except ImportError:
        raise ApiError(404, "the solver is not available in this installation",
                       "solver_unavailable") from None


def available() -> bool:
    """True when the engine ships a solver."""
    try:
        _solver()
    except WordyahtzeeError:
        return False
    return True


def solve(letters: str, dictionary: str, dice_set: str) -> dict[str, Any]:
    """Best score and words per box for seven faces (``?`` = blank), and the best words."""
    solver = _solver()
    if len(letters) > 40:
        raise RuleError("give the 7 faces of a throw (? = the blank)", "bad_rack")
    return dict(solver.solve(letters, dictionary, dice_set).to_json(top=TOP_WORDS))
