"""The kaartspel coach: computer moves, hints and reviews (see :mod:`wordyahtzee.advisor.coach`)."""


from __future__ import annotations

from typing import Any

from ...errors import RuleError
from ..coach import WithoutTables
from ..levels import KAARTSPEL_LEVELS


class KaartspelCoach(WithoutTables):
    """Kaartspel: three computer levels (no strategy table); the hint ranks every move by
    the strong player's evaluation, with the exact chance of each card per keep."""

    levels: tuple[str, ...] = KAARTSPEL_LEVELS

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The action of a computer player of ``level``."""
        from .players import computer_player

        return computer_player(level, game.resources.rng).decide(game)

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """Everything the player may do now, best first by the strong player's own
        evaluation (:func:`~.players.ranked_options`), each with its ``value``; a keep also
        carries the exact chance to take each card in reach (:func:`~.players.keep_chances`)."""
        from ..coach import HINT_OPTIONS
        from .players import keep_chances, ranked_options

        chances = {tuple(row["keep"]): row["chances"] for row in keep_chances(game)}
        options = []
        for option in ranked_options(game)[:HINT_OPTIONS]:
            shown = option.to_json()
            if shown["kind"] == "keep":
                shown["chances"] = chances.get(tuple(shown["keep"]), {})
            options.append(shown)
        return {"ready": True, "throws": game.throws, "best": options[0] if options else None,
                "options": options}

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """No optimal Kaartspel strategy is known to judge turns against."""
        raise RuleError("Kaartspel games have no review: no optimal strategy is known",
                        "no_hint")


COACH = KaartspelCoach()
"""The coach :func:`wordyahtzee.advisor.coach.coach` hands out for this mode."""
