"""What a classic Yahtzee screen renders: the sheets, the turn, the options, the turns so far
and the match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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


def match_view(match: ClassicMatch, seat: int | None = None) -> dict[str, Any]:
    """Everything a screen renders: sheets (``None`` = open box), the turn, the boxes
    the dice may go in with their points, the turns so far with their points, and the
    match."""
    game = match.game
    players = []
    for name in match.players:
        sheet = game.sheets[name]
        players.append({
            "name": name, "boxes": {b: sheet.scores.get(b) for b in BOXES},
            "upper_total": sheet.upper_total, "upper_bonus": sheet.upper_bonus,
            "yahtzee_bonus": sheet.yahtzee_bonus, "total": sheet.total,
            **upper_par(sheet.scores, sheet.upper_bonus_at),
            **dict(zip(("missed", "left"),
                       match.seat_status(match.players.index(name)), strict=True))})
    history: list[dict[str, Any]] = []
    throws: list[str] = []
    for event in game.events:
        if event["type"] == "throw":
            throws.append(event["dice"])
            continue
        if event["type"] in SEAT_EVENTS:
            continue
        number = len(history)
        entry = {"number": number, "round": number // len(match.players) + 1,
                 "player": match.players.index(event["player"]), "throws": throws}
        if event["type"] == "skip":
            entry.update(box=None, score=0, skipped=event.get("reason", "absent"))
        else:
            entry.update(box=event["box"],
                         score=game.sheets[event["player"]].scores.get(event["box"]))
        history.append(entry)
        throws = []
    turn = None
    if game.current_player is not None:
        last = game.events[-1] if game.events and game.throws else {}
        turn = {"number": game.turn, "player": match.players.index(game.current_player),
                "round": game.round, "throws": game.throws,
                "throws_left": game.throws_left,
                "dice": list(game.dice) if game.dice is not None else None,
                "kept": list(last.get("keep", []))}
    state: dict[str, Any] = {
        "mode": match.mode, "rules": match.rules.to_json(), "players": players,
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


def upper_par(scores: dict[str, int], bonus_at: int = UPPER_BONUS_THRESHOLD
              ) -> dict[str, Any]:
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
