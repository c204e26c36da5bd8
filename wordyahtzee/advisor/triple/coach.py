"""The Triple Yahtzee coach: computer moves and hints (see :mod:`wordyahtzee.advisor.coach`).
No strategy tables: the hint is the greedy player's view of the position."""

from __future__ import annotations

from typing import Any

from ...errors import RuleError
from ..coach import HINT_OPTIONS, WithoutTables
from . import LEVELS


class TripleCoach(WithoutTables):
    """Triple Yahtzee: two computer levels, no strategy table, no review."""

    levels: tuple[str, ...] = LEVELS

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The action of a computer player of ``level`` (the beginner draws its random
        choices from the game's RNG)."""
        from .players import computer_player

        return computer_player(level, game.rng).decide(game)

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """The greedy player's advice for the seat to move: ``best`` (throw, keep some dice,
        or a box) and ``options``, the keep it would play (if it would throw again) and
        the best boxes, each with its ``column``, ``factor``, ``points`` (unweighted) and
        ``weighted`` (what it adds to the grand total).

        >>> import random
        >>> from wordyahtzee.modes.triple import TripleGame
        >>> game = TripleGame(["Anna"], random.Random(0))
        >>> COACH.hint(game, None)["best"]
        {'kind': 'keep', 'keep': [], 'keep_indices': []}
        >>> _ = game.record_throw("66665")
        >>> COACH.hint(game, None)["options"][1]
        {'kind': 'box', 'column': 3, 'factor': 3, 'box': 'four_of_a_kind', 'points': 29, \
'weighted': 87}
        """
        from ...modes.triple import FACTORS
        from .players import cell, plan, utilities

        if game.finished:
            raise RuleError("the game is over", "game_over")
        if game.dice is None:
            first = {"kind": "keep", "keep": [], "keep_indices": []}
            return {"ready": True, "throws": 0, "best": first, "options": [first]}
        card, dice = game.card(), game.dice
        _, now, keep, later = plan(card, dice, game.throws)
        points = game.options()
        row = utilities(card)[_roll_row(dice)]
        ranked = sorted((i for i in range(len(row)) if row[i] == row[i]),  # not nan
                        key=lambda i: -row[i])
        options: list[dict[str, Any]] = []
        if keep is not None and later > now:
            options.append({"kind": "keep", "keep": sorted(dice[i] for i in keep),
                            "keep_indices": list(keep)})
        for index in ranked[:HINT_OPTIONS - len(options)]:
            column, box = cell(index)
            factor = FACTORS[column - 1]
            options.append({"kind": "box", "column": column, "factor": factor, "box": box,
                            "points": points[column][box],
                            "weighted": factor * points[column][box]})
        return {"ready": True, "throws": game.throws, "best": options[0], "options": options}

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """No optimal Triple Yahtzee strategy is known to judge turns against: nothing."""
        return []


def _roll_row(dice: Any) -> int:
    from ..classic.tables import _multisets

    return _multisets().roll_index[tuple(sorted(dice))]


COACH = TripleCoach()
"""The coach :func:`wordyahtzee.advisor.coach.coach` hands out for this mode."""
