"""What a Kaartspel screen renders: the board, the players, the turn, the options
(:class:`KaartspelView`, TypedDicts the API document reads as they are); and the board as
text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from typing_extensions import TypedDict

from ..classic import format_dice
from ..options import CanonicalRules
from .rules import (
    CORNERS,
    SQUARES,
    KaartspelOption,
    KaartspelTurn,
)

if TYPE_CHECKING:
    from .game import KaartspelGame


class KaartspelSpace(TypedDict):
    """A space of the board, clockwise from the top-left corner."""

    space: int
    kind: Literal["joker", "card"]
    """a corner (joker) or a card space"""
    corner_of: int | None
    """the seat whose start corner it is"""
    card: str | None
    """the card lying on it"""
    owner: int | None
    """the seat whose chip or token lies on the card"""
    score: int | None
    """the card's score"""
    token: bool
    """the owner's Yahtzee token (not a chip) lies on it"""
    pawns: list[int]
    """the seats whose pawns stand here"""


class KaartspelPlayer(TypedDict):
    """A player of Kaartspel."""

    name: str
    seat: int
    corner: int
    """the space of the player's start corner"""
    pawn: int
    """the space the pawn stands on"""
    token: str | None
    """the card the player's Yahtzee token lies on"""
    cards: dict[str, int]
    """the cards the player owns, with their scores"""
    total: int


class KaartspelView(TypedDict):
    """A Kaartspel game as a screen renders it."""

    mode: Literal["kaartspel"]
    rules: CanonicalRules
    """the table's rules options (none yet: always empty)"""
    seat: int | None
    """the seat the view was made for (null: everyone's)"""
    players: list[KaartspelPlayer]
    spaces: list[KaartspelSpace]
    unplaced: list[str]
    """the cards not yet on the board, in card order"""
    current_seat: int | None
    current_player: str | None
    phase: str
    """start, move (the red die), choose (next to an own card: raise or stop), throw (the
    black dice) or over"""
    target: str | None
    """what the black dice are thrown for: space, steal, raise or joker"""
    red: int | None
    """the red die's last roll this turn"""
    dice: list[int] | None
    """the black dice showing"""
    throws: int
    """the black dice's throws this step"""
    casino: bool
    """the Casino round (every card placed) is on"""
    casino_left: int | None
    """the Casino round's turns left"""
    options: list[KaartspelOption]
    """the actions allowed now, for the seat to move (or for everyone's view)"""
    history: list[KaartspelTurn]
    """the finished turns"""
    finished: bool
    winners: list[str]


def game_view(game: KaartspelGame, seat: int | None = None) -> KaartspelView:
    """The board as JSON for a screen: ``spaces`` (kind, card, owner, score, token),
    ``players`` (corner, pawn, token, cards, total), whose turn, the phase, the red die,
    the black dice, ``options`` (for the seat to move, or for everyone when ``seat`` is
    ``None``) and ``history`` (finished turns with their steps and ``points``)."""
    spaces: list[KaartspelSpace] = []
    for space in range(SQUARES):
        card = game.board[space]
        state = game.cards.get(card) if card else None
        corner_of = (game.corners.index(space) if space in game.corners else None)
        spaces.append({"space": space, "kind": "joker" if space in CORNERS else "card",
                       "corner_of": corner_of, "card": card,
                       "owner": state.owner if state else None,
                       "score": state.score if state else None,
                       "token": bool(state and state.token),
                       "pawns": [s for s, p in enumerate(game.pawns) if p == space]})
    totals = game.totals()
    players: list[KaartspelPlayer] = [
        {"name": name, "seat": s, "corner": game.corners[s], "pawn": game.pawns[s],
         "token": game.tokens[s], "cards": game.cards_of(s), "total": totals[s]}
        for s, name in enumerate(game.players)]
    mover = game.current_seat
    dice = game.cup.showing
    return {"mode": "kaartspel", "rules": game.rules.to_json(), "seat": seat,
            "players": players, "spaces": spaces, "unplaced": game.unplaced(),
            "current_seat": mover,
            "current_player": None if mover is None else game.players[mover],
            "phase": game.phase, "target": game.target, "red": game.red,
            "dice": list(dice) if dice is not None else None,
            "throws": game.cup.throws, "casino": game.casino,
            "casino_left": game.casino_left if game.casino else None,
            "options": game.options() if seat is None or seat == mover else [],
            "history": [t.copy() for t in game.turns[:game.turns_done]],
            "finished": game.finished,
            "winners": game.winners() if game.finished else []}


SHORT = {"ones": "1s", "twos": "2s", "threes": "3s", "fours": "4s", "fives": "5s",
         "sixes": "6s", "three_of_a_kind": "3-kind", "four_of_a_kind": "carre",
         "full_house": "full", "small_straight": "s-str", "large_straight": "l-str",
         "chance": "chance"}
#: Where each space sits on a 5 x 5 grid (row, column): clockwise from the top-left corner.
GRID = [(0, c) for c in range(5)] + [(r, 4) for r in range(1, 4)] + \
    [(4, c) for c in range(4, -1, -1)] + [(r, 0) for r in range(3, 0, -1)]


def board_text(game: KaartspelGame, width: int = 9) -> str:
    """The board as text: the 16 spaces around the tray, each with its number, its card
    (short name), the owner's initial and score (``*`` for a token) and the pawns (``@`` and
    initials); the tray shows the red die and the black dice.

    >>> from wordyahtzee.modes.kaartspel import KaartspelGame
    >>> game = KaartspelGame(["Anna", "Bram"])
    >>> game.apply({"type": "start", "starter": 0})
    >>> game.apply({"type": "red", "roll": 2})
    >>> game.apply({"type": "throw", "dice": "55555"})
    >>> game.apply({"type": "take", "card": "large_straight"})
    >>> print(board_text(game).splitlines()[0])
    |0 JOKER  |1        |2 l-str  |3        |4 JOKER  |
    >>> print(board_text(game).splitlines()[1])
    |         |         |A 70*    |         |         |
    """
    initials = [name[:1].upper() for name in game.players]
    cells: dict[tuple[int, int], list[str]] = {}
    for space, at in enumerate(GRID):
        card = game.board[space]
        state = game.cards.get(card) if card else None
        label = "JOKER" if space in CORNERS else SHORT[card] if card else ""
        owner = (f"{initials[state.owner]} {state.score}{'*' if state.token else ''}"
                 if state else "")
        pawns = "".join(initials[s] for s, p in enumerate(game.pawns) if p == space)
        cells[at] = [f"{space} {label}", owner, f"@{pawns}" if pawns else ""]
    tray = ["", f"red {game.red or '-'}",
            "dice " + (format_dice(game.dice) if game.dice else "-"), "",
            f"{game.phase}" + ("" if game.current_seat is None
                               else f": {game.players[game.current_seat]}"),
            "casino" if game.casino else "", "", "", ""]
    lines = []
    for row in range(5):
        for k in range(3):
            parts = []
            for col in range(5):
                if (row, col) in cells:
                    parts.append("|" + cells[(row, col)][k][:width].ljust(width))
                elif col == 1:
                    text = tray[(row - 1) * 3 + k]
                    parts.append("|" + text[:3 * width + 2].center(3 * width + 2))
            lines.append("".join(parts) + "|")
    return "\n".join(line.rstrip() for line in lines)


# ------------------------------------------------------------------------------------------
# High scores
