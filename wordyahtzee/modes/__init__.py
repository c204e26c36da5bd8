"""The game modes, one module each, and the registry every adapter uses.

Each mode module implements the game contract (:mod:`wordyahtzee.modes.contract`) and
offers the same module-level functions (:class:`ModeModule`): ``parse_rules``,
``new_game``, ``restore``, ``replay_record``, ``describe``, ``view``, ``preview`` and
``paper_sheet``, and ``View``, the TypedDict of what ``view`` returns; a mode whose games
need a dictionary or a dice set also has ``needs``.
Modes are imported on first use, so a command that plays one mode never pays for the
others. The modules do no I/O:
:mod:`wordyahtzee.games` loads what a game needs and hands it over.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from ..errors import RuleError
from .contract import Game, Resources

MODES = ("woord", "classic", "kaartspel", "triple")
"""Every mode id, in the order a start screen offers them."""


class ModeModule(Protocol):
    """What the registry expects of a mode module."""

    View: type
    """The TypedDict of :meth:`view`'s answer (the API document's state of the mode reads
    it: its fields, their types and their attribute docstrings)."""

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


def get_mode(name: Any) -> ModeModule:
    """The module of mode ``name``; :class:`RuleError` ``unknown_mode`` names the known ones."""
    if not isinstance(name, str) or name not in MODES:
        raise RuleError(f"unknown mode {name!r}; modes are: " + ", ".join(MODES),
                        "unknown_mode")
    return cast(ModeModule, importlib.import_module(f"{__name__}.{name}"))


__all__ = ["MODES", "Game", "ModeModule", "Resources", "get_mode"]
