"""Strategy: the optimal classic Yahtzee advisor and the computer players built on it;
the optimal strict-order Woord Yahtzee strategy lives in :mod:`.woord_strategy` (players:
:mod:`.woord_players`, free order: :mod:`.woord_free`).

>>> from wordyahtzee.advisor import load_strategy, Position
>>> strategy = load_strategy("free")                         # doctest: +SKIP
>>> strategy.expected_score                                  # doctest: +SKIP
254.5896094819...
>>> strategy.advise(Position(frozenset(), dice=(1, 3, 3, 5, 6), throws=1)).best  # doctest: +SKIP
"""

from .players import (
    LEVELS,
    BeginnerPlayer,
    ComputerPlayer,
    GreedyPlayer,
    Move,
    OptimalPlayer,
    computer_player,
    play_turn,
    position_of,
)
from .strategy import (
    Advice,
    ClassicStrategy,
    Option,
    Position,
    cache_dir,
    cache_path,
    load_strategy,
)

__all__ = [
    "LEVELS",
    "Advice",
    "BeginnerPlayer",
    "ClassicStrategy",
    "ComputerPlayer",
    "GreedyPlayer",
    "Move",
    "OptimalPlayer",
    "Option",
    "Position",
    "cache_dir",
    "cache_path",
    "computer_player",
    "load_strategy",
    "play_turn",
    "position_of",
]
