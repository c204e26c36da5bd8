"""The kaartspel coach: computer moves, hints and reviews (see :mod:`wordyahtzee.advisor.coach`)."""


from __future__ import annotations

from typing import Any

from ...errors import RuleError
from ..coach import WithoutTables
from ..levels import KAARTSPEL_LEVELS


class KaartspelCoach(WithoutTables):
    """Kaartspel: three computer levels (no strategy table); the hint gives, for each way
    to keep the black dice, the exact chance to take each card."""

    levels: tuple[str, ...] = KAARTSPEL_LEVELS

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The action of a computer player of ``level``."""
        from .players import computer_player

        return computer_player(level, game.resources.rng).decide(game)

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """Per way to keep the dice now, the chance to take each card (at a black-dice
        step with dice showing; otherwise no keeps to weigh)."""
        from .players import keep_chances

        return {"ready": True, "throws": game.throws,
                "options": keep_chances(game) if game.dice is not None else []}

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """No optimal Kaartspel strategy is known to judge turns against."""
        raise RuleError("Kaartspel games have no review: no optimal strategy is known",
                        "no_hint")


COACH = KaartspelCoach()
"""The coach :func:`wordyahtzee.advisor.coach.coach` hands out for this mode."""
