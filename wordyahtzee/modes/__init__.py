"""The game modes, one module each, and the registry every adapter uses.

Each mode module implements the game contract (:mod:`wordyahtzee.modes.contract`) and
offers the same module-level functions (:class:`ModeModule`): ``parse_rules``,
``new_game``, ``restore``, ``replay_record``, ``describe``, ``view``, ``preview``,
``paper_sheet``, ``needs``, ``game_from_record`` and ``yahtzees_made``, ``View``, the
TypedDict of what ``view`` returns, and declares ``puzzle_rules`` (:mod:`.puzzling`): every
hook, each mode defining those it lacks by the contract's default (``no_preview``,
``no_needs``, ``no_game_from_record``, ``no_yahtzees``), so a caller never asks whether a
mode has one.
Modes are imported on first use, so a command that plays one mode never pays for the
others. The modules do no I/O:
:mod:`wordyahtzee.games` loads what a game needs and hands it over.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from ..errors import RuleError
from .contract import Action, Game, Needs, Resources
from .puzzling import PuzzleRules

MODES = ("woord", "classic", "kaartspel", "triple")
"""Every mode id, in the order a start screen offers them."""
DEFAULT_MODE = MODES[0]
"""The mode of a request, a stored game or a record that names none: the first a start
screen offers, Woord Yahtzee (every game was one before the other modes came)."""
DAILY_MODES = ("woord", "classic")
"""The modes with a daily game (those whose advisor judges a day's foresight), in the
order the start page shows them."""


class ModeModule(Protocol):
    """What the registry expects of a mode module."""

    View: type
    """The TypedDict of :meth:`view`'s answer (the API document's state of the mode reads
    it: its fields, their types and their attribute docstrings)."""
    ACTIONS: tuple[type[Action], ...]
    """The actions a player of the mode may post (each reads itself from a JSON body and
    declares the body's ``schema``), ``skip`` included: the API document's bodies."""
    puzzle_rules: PuzzleRules | None
    """What the puzzles need to know of the mode (:mod:`.puzzling`); None: a mode
    without puzzles (no judge to grade them against)."""

    def parse_rules(self, data: Any) -> dict[str, Any]:
        """A table's rules options, validated, as canonical JSON."""
        ...

    def new_game(self, players: Sequence[str], rules: Any, resources: Resources) -> Game:
        """A fresh game."""
        ...

    def restore(self, data: Mapping[str, Any], resources: Resources) -> Game:
        """A stored game (its ``to_json``) replayed."""
        ...

    def replay_record(self, data: Mapping[str, Any], resources: Resources
                      ) -> dict[str, Any]:
        """Check and score a game record (``wordyahtzee replay``)."""
        ...

    def describe(self) -> dict[str, Any]:
        """What a start screen needs to offer the mode: rules defaults, choices."""
        ...

    def view(self, game: Any, seat: int | None = None) -> Mapping[str, Any]:
        """The state a screen renders, as JSON (a :attr:`View`): sheets or board, the turn,
        what may be done now (``options``), and ``history`` with each finished turn's
        ``points``."""
        ...

    def preview(self, game: Any, body: Mapping[str, Any]) -> dict[str, Any]:
        """What a move would give now, without playing it (the words typed so far);
        ``no_preview`` in a mode whose moves need no typing."""
        ...

    def paper_sheet(self) -> dict[str, Any]:
        """A blank printed score sheet's layout: ``rows`` of ``[text key, params, kind]``
        and the ``columns`` each player gets."""
        ...

    def needs(self, data: Mapping[str, Any]) -> Needs | None:
        """The dictionary and dice set a stored game, a record or rules (``{"rules": ...}``)
        name, to be loaded before the game is made; None: a mode that needs nothing
        loaded (:func:`~.contract.no_needs`)."""
        ...

    def game_from_record(self, data: Mapping[str, Any], resources: Resources) -> Game:
        """A game record replayed into a game; :class:`~wordyahtzee.errors.RecordError`
        names the turn, or says the mode's records are only checked and scored
        (:func:`~.contract.no_game_from_record`)."""
        ...

    def yahtzees_made(self, player: Mapping[str, Any]) -> int:
        """How many (Woord) Yahtzees a player's finished result holds, for a profile's
        figures; 0 in a mode that counts none (:func:`~.contract.no_yahtzees`)."""
        ...


def get_mode(name: Any) -> ModeModule:
    """The module of mode ``name``; :class:`RuleError` ``unknown_mode`` names the known ones."""
    if not isinstance(name, str) or name not in MODES:
        raise RuleError(f"unknown mode {name!r}; modes are: " + ", ".join(MODES),
                        "unknown_mode")
    return cast(ModeModule, importlib.import_module(f"{__name__}.{name}"))


__all__ = ["DAILY_MODES", "DEFAULT_MODE", "MODES", "Game", "ModeModule", "Resources", "get_mode"]
