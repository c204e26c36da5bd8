"""Kaartspel, the Yahtzee board-and-card game (docs/kaartspel.md), a package by job:
:mod:`.rules` (cards, board, values, the throw-off), :mod:`.taking` (what a throw may
take), :mod:`.actions`, :mod:`.game` (the turn, the events), :mod:`.view` (the screen, the
board as text) and :mod:`.record`.

Every Kaartspel rule lives here, once: the board (:data:`SQUARES`, :data:`CORNERS`,
:data:`CARD_SPACES`, :func:`start_squares`), a throw's value for a card
(:func:`card_value`), what a final throw may take (:meth:`KaartspelGame.take_options`),
placing, stealing, raising, JOKER corners, the Yahtzee token and its challenges, the Casino
round with its chained steals, and the end. The game follows the contract of
:mod:`wordyahtzee.modes.contract`: typed actions, JSON events, one :meth:`KaartspelGame.apply`.

>>> card_value("threes", (3, 3, 1, 3, 5))
30
>>> card_value("chance", (6, 6, 6, 5, 1))
0
>>> game = KaartspelGame(["Anna", "Bram"])
>>> game.apply({"type": "start", "starter": 0})
>>> game.apply({"type": "red", "roll": 2})       # Anna's pawn: square 0 -> 2, an empty space
>>> game.apply({"type": "throw", "dice": "23456"})
>>> sorted(game.take_options())[:3]
['fives', 'fours', 'large_straight']
>>> game.apply({"type": "take", "card": "large_straight"})
>>> game.result()["players"][0]["cards"]
{'large_straight': 70}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import options
from ..classic import is_yahtzee, parse_dice
from ..contract import JSON, Action, Resources, Skip, Throw, check_players
from ..contract import no_needs as needs
from ..contract import no_preview as preview
from ..contract import no_yahtzees as yahtzees_made
from .actions import KaartspelAction, Roll, Start, Stop, Take
from .game import KaartspelGame
from .puzzles import PUZZLES as puzzle_rules
from .record import game_from_record, replay_record
from .rules import (
    CARD_SPACES,
    CARDS,
    CORNERS,
    MAX_PLAYERS,
    MAX_SCORE,
    MAX_THROWS,
    MIN_PLAYERS,
    MODE,
    NUM_DICE,
    NUMBER_CARDS,
    PHASES,
    SQUARES,
    CardState,
    KaartspelRules,
    TakeOption,
    card_value,
    shown_cards,
    start_squares,
)
from .view import KaartspelView as View
from .view import board_text
from .view import game_view as view

ACTIONS: tuple[type[Action], ...] = (*KaartspelGame.ACTIONS, Skip)
"""The actions a player posts (:class:`~wordyahtzee.modes.ModeModule`)."""

__all__ = [
    "ACTIONS",
    "CARDS",
    "CARD_SPACES",
    "CORNERS",
    "MAX_PLAYERS",
    "MAX_SCORE",
    "MAX_THROWS",
    "MIN_PLAYERS",
    "MODE",
    "NUMBER_CARDS",
    "NUM_DICE",
    "PHASES",
    "SQUARES",
    "CardState",
    "KaartspelAction",
    "KaartspelGame",
    "KaartspelRules",
    "Roll",
    "Start",
    "Stop",
    "Take",
    "TakeOption",
    "Throw",
    "View",
    "board_text",
    "card_value",
    "describe",
    "game_from_record",
    "is_yahtzee",
    "needs",
    "new_game",
    "parse_dice",
    "parse_rules",
    "preview",
    "puzzle_rules",
    "replay_record",
    "restore",
    "shown_cards",
    "start_squares",
    "view",
    "yahtzees_made",
]


def parse_rules(data: Any) -> JSON:
    """A table's options (:meth:`KaartspelRules.from_json`: there are none yet)."""
    return KaartspelRules.from_json(data).to_json()


def new_game(players: Sequence[str], rules: Any, resources: Resources) -> KaartspelGame:
    """A fresh game, its start throw-off played (the registry's constructor)."""
    return KaartspelGame.new(check_players(list(players), min_players=2, max_players=4),
                             KaartspelRules.from_json(rules), resources)


def restore(data: Mapping[str, Any], resources: Resources) -> KaartspelGame:
    """A stored game (:meth:`KaartspelGame.to_json`) replayed."""
    return KaartspelGame.from_json(data, resources)


def describe() -> JSON:
    """What a start screen needs to offer this mode."""
    return {"rules_defaults": options.defaults(KaartspelRules), "boxes": list(CARDS),
            "players": [2, 4],
            "high_scores": "wins",  # wins before points (wordyahtzee.store.rank_wins)
            "rules_schema": options.schema(KaartspelRules)}


def paper_sheet() -> JSON:
    """A blank printed score sheet's layout: each card's score per player, and the total."""
    return {"columns": [1], "rows": [*([f"kaart.card.{c}", {}, "box"] for c in CARDS),
                                     ["kaart.total", {}, "total"]]}
