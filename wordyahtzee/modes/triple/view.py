"""What a Triple Yahtzee screen renders: every player's card of three columns, the turn,
where the dice may go now with their points, and the turns so far."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..classic import (
    BOXES,
    LOWER_BOXES,
    MAX_THROWS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
)
from ..contract import JSON
from .rules import FACTORS, TURNS

if TYPE_CHECKING:
    from .game import TripleGame


def game_view(game: TripleGame, seat: int | None = None) -> JSON:
    """The state as JSON (the same for every seat: nothing is hidden). There is no
    ``rules`` key: Triple Yahtzee has none, and the API document's ``GameState.rules`` is a
    ``oneOf`` of every mode's rules schema, which ``{}`` would match several times over.

    - ``players``: per seat ``name``, ``columns`` (per column ``column``, ``factor``,
      ``boxes`` with ``None`` for an open box, ``upper_total``, ``upper_bonus``,
      ``yahtzee_bonus``, ``total`` and ``weighted`` = factor × total), the grand
      ``total``, and ``missed`` / ``left`` (absent players);
    - ``turn``: ``number``, ``player``, ``round`` (1-39), ``throws``, ``throws_left``,
      ``dice`` (five pips, ``None`` before the first throw) and ``kept``;
    - ``options``: per column number as a string (``"1"`` … ``"3"``) the boxes the dice
      may be written in now with the points each would gain (unweighted), ``{}`` before
      the first throw;
    - ``history``: every finished turn (``player``, ``round``, ``throws``, ``column``,
      ``box``, ``score``, ``points``, ``weighted``, ``skipped``).
    """
    players = []
    for index, (name, card) in enumerate(zip(game.players, game.cards, strict=True)):
        columns = []
        for column, (factor, sheet) in enumerate(zip(FACTORS, card.columns, strict=True), 1):
            columns.append({
                "column": column, "factor": factor,
                "boxes": {b: sheet.scores.get(b) for b in BOXES},
                "upper_total": sheet.upper_total, "upper_bonus": sheet.upper_bonus,
                "yahtzee_bonus": sheet.yahtzee_bonus, "total": sheet.total,
                "weighted": factor * sheet.total})
        missed, left = game.seat_status(index)
        players.append({"name": name, "columns": columns, "total": card.total,
                        "missed": missed, "left": left})
    count = len(game.players)
    history = [{**entry, "number": number, "round": number // count + 1,
                "throws": list(entry["throws"])}
               for number, entry in enumerate(game.turns)]
    turn = None
    if game.current_seat is not None:
        last = game.events[-1] if game.events and game.throws else {}
        turn = {"number": game.turn, "player": game.current_seat, "round": game.round,
                "throws": game.throws, "throws_left": game.throws_left,
                "dice": list(game.dice) if game.dice is not None else None,
                "kept": list(last.get("keep", []))}
    return {
        "mode": game.mode, "players": players, "upper_bonus_at": UPPER_BONUS_THRESHOLD,
        "upper_bonus_points": UPPER_BONUS,
        "columns": [{"column": c, "factor": f} for c, f in enumerate(FACTORS, 1)],
        "boxes": {"upper": list(UPPER_BOXES), "lower": list(LOWER_BOXES)},
        "rounds": TURNS, "max_throws": MAX_THROWS, "finished": game.finished,
        "history": history, "turn": turn,
        "options": {str(c): boxes for c, boxes in game.options().items()},
        "winners": game.winners() if game.finished else [],
        "match": None,
    }
