"""Woord Yahtzee (docs/rules.md §1), a package by job: :mod:`.rules` (boxes, points, options,
the score sheet, which box a claim may go in), :mod:`.actions` (the claim), :mod:`.game` (the
turn, the hourglass, the events), :mod:`.view` (what a screen shows) and :mod:`.record`
(game records).

A :class:`WoordGame` is its rules, its players and an append-only list of events
(``throw``, ``claim``, ``timeout``); its state is what :meth:`WoordGame.apply` makes of
that list, so a game saved as JSON replays to the same state. Randomness (the dice) and
time (the hourglass) are injected.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import options
from ..contract import Action, Needs, Resources, Skip
from .actions import Claim
from .game import Turn, WoordGame
from .puzzles import PUZZLES as puzzle_rules
from .record import game_from_record, needs, replay_record
from .rules import (
    BOX,
    BOXES,
    LOWER_BOXES,
    MAX_THROWS,
    MAX_WORD_CHARS,
    MAX_WORDS,
    ROUND_BOXES,
    ROUNDS,
    SHEET,
    SPECIAL_BOXES,
    UPPER_BONUS,
    UPPER_BOXES,
    Box,
    ScoreSheet,
    WoordRules,
    all_consonants,
    all_vowels,
    box_score,
    claimable_boxes,
    default_zero_box,
    is_formable,
    letter_need,
    missing_letters,
    optional_box,
    word_list,
    words_score,
    yahtzees_made,
)
from .view import WoordView as View
from .view import game_view as view
from .view import preview

ACTIONS: tuple[type[Action], ...] = (*WoordGame.ACTIONS, Skip)
"""The actions a player posts (:class:`~wordyahtzee.modes.ModeModule`)."""

__all__ = [
    "ACTIONS",
    "BOX",
    "BOXES",
    "LOWER_BOXES",
    "MAX_THROWS",
    "MAX_WORDS",
    "MAX_WORD_CHARS",
    "ROUNDS",
    "ROUND_BOXES",
    "SHEET",
    "SPECIAL_BOXES",
    "UPPER_BONUS",
    "UPPER_BOXES",
    "Box",
    "Claim",
    "Needs",
    "ScoreSheet",
    "Turn",
    "View",
    "WoordGame",
    "WoordRules",
    "all_consonants",
    "all_vowels",
    "box_score",
    "claimable_boxes",
    "default_zero_box",
    "describe",
    "game_from_record",
    "is_formable",
    "letter_need",
    "missing_letters",
    "needs",
    "new_game",
    "optional_box",
    "parse_rules",
    "preview",
    "puzzle_rules",
    "replay_record",
    "restore",
    "view",
    "word_list",
    "words_score",
    "yahtzees_made",
]


def parse_rules(data: Any) -> dict[str, Any]:
    """A table's options (:meth:`WoordRules.from_json`) as canonical JSON."""
    return WoordRules.from_json(data).to_json()


def new_game(players: Sequence[str], rules: Any, resources: Resources) -> WoordGame:
    """A fresh game on the given resources (the mode registry's constructor)."""
    if not isinstance(rules, WoordRules):
        rules = WoordRules.from_json(rules)
    return WoordGame(players, rules, lexicon=resources.lexicon, dice_set=resources.dice_set,
                     rng=resources.rng, clock=resources.clock, overlay=resources.overlay)


def restore(data: Mapping[str, Any], resources: Resources) -> WoordGame:
    """A stored game (``to_json``) replayed on the given resources."""
    return WoordGame.from_json(data, lexicon=resources.lexicon, dice_set=resources.dice_set,
                               rng=resources.rng, clock=resources.clock,
                               overlay=resources.overlay)


def describe() -> dict[str, Any]:
    """What a start screen needs to offer this mode's options."""
    return {"rules_defaults": WoordRules().to_json(), "boxes": list(BOXES),
            "round_boxes": list(ROUND_BOXES), "special_boxes": list(SPECIAL_BOXES),
            "upper_bonus": UPPER_BONUS, "rules_schema": options.schema(WoordRules)}


def paper_sheet() -> dict[str, Any]:
    """A blank printed score sheet's layout: ``rows`` of ``[text key, params, kind]`` (kind
    ``box``, ``total`` or ``grand``) and the ``columns`` each player gets."""
    return {"columns": [1],
            "rows": [*([f"box.{b}", {}, "box"] for b in UPPER_BOXES),
                     ["game.upper_total", {}, "total"],
                     ["game.upper_bonus", {"n": WoordRules().upper_bonus_at}, "total"],
                     *([f"box.{b}", {}, "box"] for b in LOWER_BOXES),
                     ["game.lower_total", {}, "total"], ["game.wy_bonus", {}, "total"],
                     ["game.total", {}, "grand"]]}
