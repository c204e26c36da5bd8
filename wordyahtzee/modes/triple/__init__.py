"""Triple Yahtzee (docs/triple.md): classic Yahtzee on a score card of three columns, weighted
×1, ×2 and ×3, 39 turns a player. A package by job: :mod:`.rules` (the card of three
classic sheets, the factors, the grand total), :mod:`.actions` (the claim of a box in a
column), :mod:`.game` (the turn state machine in the game contract), :mod:`.view` (what a
screen renders) and :mod:`.record` (game records).

No box is scored here: each column is classic's :class:`~..classic.ScoreSheet` with the
free joker reading, so classic's :func:`~..classic.legal_scores` and
:func:`~..classic.yahtzee_bonus` decide every box, per column.

>>> import random
>>> from wordyahtzee.modes.contract import Resources
>>> game = new_game(["Anna"], {}, Resources(random.Random(1), lambda: 0.0))
>>> outcome = game.act(game.parse_action("throw", {}))
>>> sorted(game.options())                        # the columns the dice may go in
[1, 2, 3]
>>> outcome = game.act(game.parse_action("claim", {"box": "chance", "column": 3}))
>>> game.totals() == [3 * outcome.summary["points"]]
True
>>> replay_record(game.to_record()) == game.result()
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import options
from ..classic import BOXES, UPPER_BONUS, UPPER_BONUS_THRESHOLD
from ..contract import JSON, Action, Resources, Skip
from ..contract import no_game_from_record as game_from_record
from ..contract import no_needs as needs
from ..contract import no_preview as preview
from ..contract import no_yahtzees as yahtzees_made
from ..puzzling import NO_PUZZLES as puzzle_rules
from .actions import Claim, TripleAction
from .game import MAX_PLAYERS, MODE, TripleGame
from .record import replay_record
from .rules import COLUMNS, FACTORS, TURNS, ScoreCard, TripleRules, parse_rules
from .view import TripleView as View
from .view import game_view as view

ACTIONS: tuple[type[Action], ...] = (*TripleGame.ACTIONS, Skip)
"""The actions a player posts (:class:`~wordyahtzee.modes.ModeModule`)."""

__all__ = [
    "ACTIONS",
    "BOXES",
    "COLUMNS",
    "FACTORS",
    "MAX_PLAYERS",
    "MODE",
    "TURNS",
    "Claim",
    "ScoreCard",
    "TripleAction",
    "TripleGame",
    "TripleRules",
    "View",
    "describe",
    "game_from_record",
    "needs",
    "new_game",
    "parse_rules",
    "preview",
    "puzzle_rules",
    "replay_record",
    "restore",
    "view",
    "yahtzees_made",
]


def new_game(players: Sequence[str], rules: Any, resources: Resources) -> TripleGame:
    """A fresh game (``rules`` from :func:`parse_rules`: there are none)."""
    parse_rules(rules)
    return TripleGame(players, resources.rng)


def restore(data: Mapping[str, Any], resources: Resources) -> TripleGame:
    """A stored game (:meth:`TripleGame.to_json`) replayed."""
    return TripleGame.from_json(data, resources.rng)


def describe() -> JSON:
    """What a start screen needs to offer this mode: no rules options."""
    return {"rules_defaults": options.defaults(TripleRules), "boxes": list(BOXES),
            "columns": COLUMNS, "factors": list(FACTORS), "turns": TURNS,
            "players": [1, MAX_PLAYERS], "upper_bonus": UPPER_BONUS,
            "upper_bonus_at": UPPER_BONUS_THRESHOLD,
            "rules_schema": options.schema(TripleRules)}


def paper_sheet() -> JSON:
    """A blank printed score sheet's layout: classic's, three columns (×1 ×2 ×3) each, and
    under each column its total and that total times the column's factor; the grand total
    (``grand``: one cell per player, over its columns) adds those."""
    from ..classic import paper_sheet as classic_sheet

    sheet = classic_sheet(FACTORS)
    *rows, grand = sheet["rows"]
    return {**sheet, "rows": [*rows, ["triple.column_total", {}, "total"],
                              ["triple.weighted", {}, "total"], grand]}
