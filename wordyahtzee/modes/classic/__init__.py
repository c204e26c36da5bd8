"""Classic Yahtzee (docs/rules.md §2), a package by job: :mod:`.rules` (scoring, the score
sheet, the options), :mod:`.game` (one game's turn state machine), :mod:`.match` (the mode's
game in the contract: a match, the claim action), :mod:`.view` (what a screen renders) and
:mod:`.record` (game records).

Every classic scoring rule lives here, once: :func:`box_score` (the ordinary value of dice in
a box), :func:`legal_scores` (where a throw may go and what it scores there, joker readings
included) and :func:`yahtzee_bonus`. The advisor builds its tables from these functions.

Dice are tuples of five pips 1..6. A game is its rules, its players and an append-only list
of events; :meth:`ClassicGame.from_json` rebuilds any game from that list.

>>> import random
>>> game = ClassicGame(["Anna"], rng=random.Random(1))
>>> dice = game.throw()                    # first throw: all five dice
>>> dice = game.throw(keep=[0, 1])         # keep dice 0 and 1, throw the other three
>>> sorted(game.options())[:3]             # the boxes the dice may go in now
['chance', 'fives', 'four_of_a_kind']
>>> points = game.claim("chance")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import options
from ..contract import Action, Resources, Skip
from ..contract import no_needs as needs
from ..contract import no_preview as preview
from .game import ClassicGame
from .match import Claim, ClassicMatch
from .puzzles import PUZZLES as puzzle_rules
from .record import game_from_record, replay_record
from .rules import (
    BOXES,
    FACES,
    JOKER_READINGS,
    LOWER_BOXES,
    MATCH_GAMES,
    MAX_THROWS,
    NUM_DICE,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    ClassicRules,
    ScoreSheet,
    box_score,
    format_dice,
    has_run,
    is_yahtzee,
    legal_scores,
    parse_dice,
    yahtzee_bonus,
    yahtzees_made,
)
from .view import ClassicView as View
from .view import match_view as view

ACTIONS: tuple[type[Action], ...] = (*ClassicMatch.ACTIONS, Skip)
"""The actions a player posts (:class:`~wordyahtzee.modes.ModeModule`)."""

__all__ = [
    "ACTIONS",
    "BOXES",
    "FACES",
    "JOKER_READINGS",
    "LOWER_BOXES",
    "MATCH_GAMES",
    "MAX_THROWS",
    "NUM_DICE",
    "UPPER_BONUS",
    "UPPER_BONUS_THRESHOLD",
    "UPPER_BOXES",
    "YAHTZEE_BONUS",
    "YAHTZEE_SCORE",
    "Claim",
    "ClassicGame",
    "ClassicMatch",
    "ClassicRules",
    "ScoreSheet",
    "View",
    "box_score",
    "describe",
    "format_dice",
    "game_from_record",
    "has_run",
    "is_yahtzee",
    "legal_scores",
    "needs",
    "new_game",
    "parse_dice",
    "parse_rules",
    "preview",
    "puzzle_rules",
    "replay_record",
    "restore",
    "view",
    "yahtzee_bonus",
    "yahtzees_made",
]


@dataclass(frozen=True)
class TableRules(ClassicRules):
    """A table's options: the engine's rules and whether the table plays a match."""

    match: bool = options.option(False, description=f"a match of {MATCH_GAMES} games: the "
                                 "highest total over all games wins")


def parse_rules(data: Any) -> dict[str, Any]:
    """A table's options as canonical JSON (defaults left out): the engine's rules
    (:class:`ClassicRules`) plus ``match`` (a match of five games)."""
    return options.to_json(options.from_json(TableRules, data))


def new_game(players: Sequence[str], rules: Mapping[str, Any], resources: Resources
             ) -> ClassicMatch:
    """A fresh game, or the first game of a match (``rules`` from :func:`parse_rules`)."""
    table = options.from_json(TableRules, rules)
    engine_rules = ClassicRules(joker=table.joker, upper_bonus_at=table.upper_bonus_at)
    return ClassicMatch(players, engine_rules, resources.rng, MATCH_GAMES if table.match else 1)


def restore(data: Mapping[str, Any], resources: Resources) -> ClassicMatch:
    """A stored game or match (:meth:`ClassicMatch.to_json`) replayed."""
    return ClassicMatch.from_json(data, resources.rng)


def describe() -> dict[str, Any]:
    """What a start screen needs to offer this mode's options."""
    return {"rules_defaults": options.defaults(TableRules), "boxes": list(BOXES),
            "joker_readings": list(JOKER_READINGS), "match_games": MATCH_GAMES,
            "upper_bonus": UPPER_BONUS, "rules_schema": options.schema(TableRules)}


def paper_sheet(columns: Sequence[int] = (1,)) -> dict[str, Any]:
    """A blank printed score sheet's layout (the woord mode's :func:`paper_sheet` says
    its shape), with the reckoning against three of each face; ``columns``: per player."""
    return {"columns": list(columns),
            "rows": [*([f"box.{b}", {}, "box"] for b in UPPER_BOXES),
                     ["game.upper_total", {}, "total"], ["classic.par_total", {}, "total"],
                     ["classic.upper_bonus", {"n": UPPER_BONUS_THRESHOLD, "bonus": UPPER_BONUS},
                      "total"],
                     *([f"box.{b}", {}, "box"] for b in LOWER_BOXES),
                     ["classic.yahtzee_bonus", {}, "total"], ["game.lower_total", {}, "total"],
                     ["game.total", {}, "grand"]]}
