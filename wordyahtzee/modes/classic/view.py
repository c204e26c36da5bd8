"""What a classic Yahtzee screen renders: the sheets, the turn, the options, the turns so far
and the match. Each piece is a TypedDict (:class:`ClassicView` the whole), which the API
document reads as it is (web/games/state.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired

from typing_extensions import TypedDict

from ..options import CanonicalRules
from ..seating import SEAT_EVENTS
from .rules import (
    BOXES,
    LOWER_BOXES,
    MAX_THROWS,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
)

if TYPE_CHECKING:
    from .match import ClassicMatch


class UpperPar(TypedDict):
    """The score pad's reckoning of the upper section."""

    par: dict[str, int]
    """each filled upper box against three of its face (``threes``: 12 is +3)"""
    par_total: int
    """their sum: 0 or more keeps the bonus in reach by threes"""
    bonus_needed: int
    """the points the upper section still needs for its bonus (0 once reached)"""


class Sections(TypedDict):
    """The box ids of a sheet's two sections, in order."""

    upper: list[str]
    lower: list[str]


class ClassicPlayer(UpperPar):
    """A player's sheet in a classic game."""

    name: str
    boxes: dict[str, int | None]
    """every box by id: its points, null while open"""
    upper_total: int
    upper_bonus: int
    yahtzee_bonus: int
    total: int
    missed: int
    """turns missed in a row (an absent player's)"""
    left: bool
    """the player left the table"""


class PipTurn(TypedDict):
    """The turn being played with five pip dice (classic and Triple Yahtzee)."""

    number: int
    """the turn's number, from 0, over all players"""
    player: int
    """the seat to move"""
    round: int
    throws: int
    """the throws made this turn"""
    throws_left: int
    dice: list[int] | None
    """the five pips showing, null before the first throw"""
    kept: list[int]
    """the dice (positions) kept at the last throw"""


class ClassicTurnDone(TypedDict):
    """A finished turn of a classic game."""

    number: int
    round: int
    player: int
    """the seat that played it"""
    throws: list[str]
    """each throw's dice ("13356")"""
    box: str | None
    """the box written; null for a skipped turn"""
    score: int | None
    """what the box got; 0 for a skipped turn"""
    skipped: NotRequired[str]
    """why the turn was skipped (absent, host, left)"""


class MatchGame(TypedDict):
    """One game of a classic match."""

    number: int
    over: bool
    totals: list[int]
    """each seat's total in this game"""
    winners: list[str]


class ClassicMatchView(TypedDict):
    """A classic match of several games."""

    length: int
    """the games the match has"""
    game: int
    """the game being played, from 1"""
    games: list[MatchGame]
    totals: list[int]
    """each seat's total over the games so far"""


class ClassicView(TypedDict):
    """A classic Yahtzee game (or match) as a screen renders it."""

    mode: Literal["classic"]
    rules: CanonicalRules
    """the table's rules options that differ from the defaults"""
    players: list[ClassicPlayer]
    upper_bonus_at: int
    """the upper total that earns the bonus"""
    upper_bonus_points: int
    """the points of the upper bonus"""
    boxes: Sections
    rounds: int
    max_throws: int
    finished: bool
    history: list[ClassicTurnDone]
    turn: PipTurn | None
    """the turn being played; null once over"""
    options: dict[str, int]
    """the boxes the dice may be written in now, with the points each would score (the
    Yahtzee bonus included); empty before the first throw"""
    winners: list[str]
    match: ClassicMatchView | None
    """a match of several games; null for a single game"""


def match_view(match: ClassicMatch, seat: int | None = None) -> ClassicView:
    """Everything a screen renders: sheets (``None`` = open box), the turn, the boxes
    the dice may go in with their points, the turns so far with their points, and the
    match."""
    game = match.game
    players: list[ClassicPlayer] = []
    for index, name in enumerate(match.players):
        sheet = game.sheets[name]
        missed, left = match.seat_status(index)
        players.append({
            "name": name, "boxes": {b: sheet.scores.get(b) for b in BOXES},
            "upper_total": sheet.upper_total, "upper_bonus": sheet.upper_bonus,
            "yahtzee_bonus": sheet.yahtzee_bonus, "total": sheet.total,
            **upper_par(sheet.scores, sheet.upper_bonus_at), "missed": missed, "left": left})
    history: list[ClassicTurnDone] = []
    throws: list[str] = []
    for event in game.events:
        if event["type"] == "throw":
            throws.append(event["dice"])
            continue
        if event["type"] in SEAT_EVENTS:
            continue
        number = len(history)
        entry: ClassicTurnDone = {
            "number": number, "round": number // len(match.players) + 1,
            "player": match.players.index(event["player"]), "throws": throws,
            "box": None, "score": 0}
        if event["type"] == "skip":
            entry["skipped"] = event.get("reason", "absent")
        else:
            entry["box"] = event["box"]
            entry["score"] = game.sheets[event["player"]].scores.get(event["box"])
        history.append(entry)
        throws = []
    turn: PipTurn | None = None
    if game.current_player is not None:
        last = game.events[-1] if game.events and game.throws else {}
        turn = {"number": game.turn, "player": match.players.index(game.current_player),
                "round": game.round, "throws": game.throws,
                "throws_left": game.throws_left,
                "dice": list(game.dice) if game.dice is not None else None,
                "kept": list(last.get("keep", []))}
    state: ClassicView = {
        "mode": "classic", "rules": match.rules.to_json(), "players": players,
        "upper_bonus_at": match.rules.upper_bonus_at, "upper_bonus_points": UPPER_BONUS,
        "boxes": {"upper": list(UPPER_BOXES), "lower": list(LOWER_BOXES)},
        "rounds": len(BOXES), "max_throws": MAX_THROWS,
        "finished": match.is_over, "history": history, "turn": turn,
        "options": (game.options() if game.current_player is not None
                    and game.dice is not None else {}),
        "winners": match.winners() if match.is_over else [],
        "match": None,
    }
    if match.length > 1:
        totals = match.match_totals()
        state["match"] = {
            "length": match.length, "game": len(match.games),
            "games": [{"number": i + 1, "over": g.is_over,
                       "totals": [g.sheets[p].total for p in g.players],
                       "winners": g.winners() if g.is_over else []}
                      for i, g in enumerate(match.games)],
            "totals": [totals[p] for p in match.players]}
    return state


def upper_par(scores: dict[str, int], bonus_at: int = UPPER_BONUS_THRESHOLD) -> UpperPar:
    """The score pad's reckoning of the upper section: each filled upper box against three
    of its face (``par``: "4 drieën = 12 (+3)", "2 vijven = 10 (−5)"), their sum
    (``par_total``: 0 or more keeps the bonus in reach by threes), and the points the
    upper section still needs for its bonus at ``bonus_at`` (``bonus_needed``, 0 once
    reached).

    >>> upper_par({"threes": 12, "fives": 10})
    {'par': {'threes': 3, 'fives': -5}, 'par_total': -2, 'bonus_needed': 41}
    """
    par = {box: scores[box] - 3 * face for face, box in enumerate(UPPER_BOXES, 1)
           if scores.get(box) is not None}
    total = sum(scores.get(box) or 0 for box in UPPER_BOXES)
    return {"par": par, "par_total": sum(par.values()),
            "bonus_needed": max(0, bonus_at - total)}
