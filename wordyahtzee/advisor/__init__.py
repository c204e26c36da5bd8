"""Strategy: the optimal classic Yahtzee advisor and the computer players built on it;
the optimal strict-order Woord Yahtzee strategy lives in :mod:`.woord_strategy` (players:
:mod:`.woord_players`, free order: :mod:`.woord_free`).

>>> from wordyahtzee.advisor import load_strategy, Position
>>> strategy = load_strategy("free")                         # doctest: +SKIP
>>> strategy.expected_score                                  # doctest: +SKIP
254.5896094819...
>>> strategy.advise(Position(frozenset(), dice=(1, 3, 3, 5, 6), throws=1)).best  # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

if TYPE_CHECKING:  # the names as the type checker sees them; imported lazily at run time
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

_EXPORTS = {
    **dict.fromkeys(("LEVELS", "BeginnerPlayer", "ComputerPlayer", "GreedyPlayer", "Move",
                     "OptimalPlayer", "computer_player", "play_turn", "position_of"),
                    "players"),
    **dict.fromkeys(("Advice", "ClassicStrategy", "Option", "Position", "cache_dir",
                     "cache_path", "load_strategy"), "strategy"),
}


__getattr__ = lazy_exports(__name__, _EXPORTS, globals())


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
