"""What a Triple Yahtzee screen renders: every player's card of three columns, the turn,
where the dice may go now with their points, and the turns so far (:class:`TripleView`,
TypedDicts the API document reads as they are)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from typing_extensions import TypedDict

from ..classic import (
    BOXES,
    LOWER_BOXES,
    MAX_THROWS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
)
from ..classic.view import PipTurn, Sections
from .game import TripleTurnEntry
from .rules import FACTORS, TURNS

if TYPE_CHECKING:
    from .game import TripleGame


class TripleColumn(TypedDict):
    """One column of a player's card: a classic sheet with its factor."""

    column: int
    """1-3"""
    factor: int
    """what its points count: ×1, ×2, ×3"""
    boxes: dict[str, int | None]
    """every box by id: its points, null while open"""
    upper_total: int
    upper_bonus: int
    yahtzee_bonus: int
    total: int
    weighted: int
    """the factor times the total"""


class TriplePlayer(TypedDict):
    """A player's card of three columns."""

    name: str
    columns: list[TripleColumn]
    total: int
    """the grand total: the weighted totals' sum"""
    missed: int
    """turns missed in a row (an absent player's)"""
    left: bool
    """the player left the table"""


class ColumnFactor(TypedDict):
    """A column and its factor."""

    column: int
    factor: int


class TripleTurnDone(TripleTurnEntry):
    """A finished turn, numbered."""

    number: int
    """the turn's number, from 0, over all players"""
    round: int


class TripleView(TypedDict):
    """A Triple Yahtzee game as a screen renders it (the same for every seat: nothing is
    hidden). There is no ``rules`` key: Triple Yahtzee has none."""

    mode: Literal["triple"]
    players: list[TriplePlayer]
    upper_bonus_at: int
    """the upper total that earns a column's bonus"""
    upper_bonus_points: int
    """the points of the upper bonus"""
    columns: list[ColumnFactor]
    boxes: Sections
    rounds: int
    """the turns each player plays (39)"""
    max_throws: int
    finished: bool
    history: list[TripleTurnDone]
    turn: PipTurn | None
    """the turn being played; null once over"""
    options: dict[str, dict[str, int]]
    """per column number as a string ("1" … "3"), the boxes the dice may be written in
    now with the points each would gain (unweighted); empty before the first throw"""
    winners: list[str]
    match: None
    """never a match"""


def game_view(game: TripleGame, seat: int | None = None) -> TripleView:
    """The state as JSON (:class:`TripleView`)."""
    players: list[TriplePlayer] = []
    for index, (name, card) in enumerate(zip(game.players, game.cards, strict=True)):
        columns: list[TripleColumn] = []
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
    history: list[TripleTurnDone] = [
        {**entry, "number": number, "round": number // count + 1,
         "throws": list(entry["throws"])}
        for number, entry in enumerate(game.turns)]
    turn: PipTurn | None = None
    if game.current_seat is not None:
        last = game.events[-1] if game.events and game.throws else {}
        turn = {"number": game.turn, "player": game.current_seat, "round": game.round,
                "throws": game.throws, "throws_left": game.throws_left,
                "dice": list(game.dice) if game.dice is not None else None,
                "kept": list(last.get("keep", []))}
    return {
        "mode": "triple", "players": players, "upper_bonus_at": UPPER_BONUS_THRESHOLD,
        "upper_bonus_points": UPPER_BONUS,
        "columns": [{"column": c, "factor": f} for c, f in enumerate(FACTORS, 1)],
        "boxes": {"upper": list(UPPER_BOXES), "lower": list(LOWER_BOXES)},
        "rounds": TURNS, "max_throws": MAX_THROWS, "finished": game.finished,
        "history": history, "turn": turn,
        "options": {str(c): boxes for c, boxes in game.options().items()},
        "winners": game.winners() if game.finished else [],
        "match": None,
    }
