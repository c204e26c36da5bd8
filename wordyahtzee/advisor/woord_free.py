"""A free-order Woord Yahtzee player built on the strict-order values (a heuristic)."""

from __future__ import annotations

from ..modes.woord import WoordGame
from ..solver import Solver
from .woord_players import GreedyWoordPlayer, WoordMove
from .woord_strategy import WoordStrategy

__all__ = ["FreeOrderPlayer"]


class FreeOrderPlayer(GreedyWoordPlayer):
    """Placeholder: plays as the greedy player until the heuristic lands."""

    def __init__(self, solver: Solver, strategy: WoordStrategy) -> None:
        super().__init__(solver)
        self.strategy = strategy

    def decide(self, game: WoordGame) -> WoordMove:
        """The greedy move."""
        return super().decide(game)
