"""What a throw may take: the cards the final throw can place, steal or raise from where the
pawn stands, and why a named card cannot be taken (the one-line error of a record)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from ...errors import RuleError
from ..classic import format_dice, is_yahtzee
from .rules import CARDS, MAX_SCORE, CardState, Dice, TakeOption, card_value

if TYPE_CHECKING:
    from ...dice import Cup


class Board(Protocol):
    """What taking reads of a game (:class:`~.game.KaartspelGame` is one): the phase and
    the seat to move, the cup, the pawns, tokens, cards and spaces, and what the pawn's
    throw aims at."""

    phase: str
    seat: int | None
    cup: Cup[int]
    pawns: list[int]
    tokens: list[str | None]
    cards: dict[str, CardState]
    board: list[str | None]
    target: str | None

    def next_empty_space(self, square: int) -> int:
        """``square`` if it is an empty card space, else the next one clockwise."""
        ...

    def raisable(self, seat: int, card: str) -> bool:
        """Can ``seat`` throw to raise ``card``?"""
        ...


def take_options(game: Board, dice: Sequence[int] | None = None
             ) -> dict[str, TakeOption]:
    """What the final throw (``dice``, default the dice showing) may take now, by card.

    A Yahtzee (five alike) names any unplaced card or any opponent's card (token cards
    too: a challenge), whatever the pawn stands by; otherwise next to an empty card space
    any unplaced card shown, next to an opponent's card that card if the value reaches
    its score (never a token card), next to an own card (a raise) that card if the value
    beats its score, and at a JOKER corner any of these three. ``None`` (take nothing)
    is always allowed besides.
    """
    if game.phase != "throw" or game.seat is None:
        return {}
    if dice is None:
        if game.cup.showing is None:
            return {}
        dice = game.cup.showing
    seat = game.seat
    pawn = game.pawns[seat]
    out: dict[str, TakeOption] = {}
    if is_yahtzee(dice):
        free = game.tokens[seat] is None
        for card in CARDS:
            state = game.cards.get(card)
            if state is None:
                out[card] = TakeOption(card, "place", MAX_SCORE[card],
                                       game.next_empty_space(pawn), free, True)
            elif state.owner != seat:
                out[card] = TakeOption(card, "steal", MAX_SCORE[card], state.space,
                                       free, True)
        return out
    here = game.board[pawn]
    for card in CARDS:
        value = card_value(card, dice)
        if value == 0:
            continue
        state = game.cards.get(card)
        if game.target in ("space", "joker") and state is None:
            out[card] = TakeOption(card, "place", value, game.next_empty_space(pawn))
        elif state is None or game.target not in ("joker", "steal", "raise") or (
                game.target != "joker" and card != here):
            continue
        elif state.owner != seat:
            if not state.token and value >= state.score:
                out[card] = TakeOption(card, "steal", value, state.space)
        elif game.raisable(seat, card) and value > state.score:
            out[card] = TakeOption(card, "raise", value, state.space)
    return out

def take_error(game: Board, card: str, dice: Dice) -> RuleError:
    """Why ``card`` cannot be taken with ``dice`` (for one-line record errors)."""
    seat = game.seat
    assert seat is not None
    shown = format_dice(dice)
    state = game.cards.get(card)
    pawn = game.pawns[seat]
    here = game.board[pawn]
    if is_yahtzee(dice):
        return RuleError(f"a Yahtzee never names the player's own card ({card})",
                         "own_card")
    if game.target in ("steal", "raise") and card != here:
        return RuleError(f"only the card next to the pawn ({here}) can be taken here, "
                         f"not {card}", "wrong_card")
    if game.target == "space" and state is not None:
        return RuleError(f"{card} is already on the board (space {state.space}); "
                         "only an unplaced card can be placed here", "card_placed")
    value = card_value(card, dice)
    if state is not None and state.owner != seat and state.token:
        return RuleError(f"{card} carries a Yahtzee token: only a Yahtzee takes it",
                         "token_card")
    if value == 0:
        return RuleError(f"the throw {shown} does not show {card}", "not_shown")
    if state is not None and state.owner != seat:
        return RuleError(f"stealing {card} needs at least {state.score}, the throw "
                         f"{shown} gives {value}", "steal_too_low")
    if state is not None and not game.raisable(seat, card):
        return RuleError(f"{card} cannot be raised: only number cards below 40",
                         "not_raisable")
    if state is not None:
        return RuleError(f"raising {card} must beat {state.score}, the throw {shown} "
                         f"gives {value}", "raise_too_low")
    return RuleError(f"{card} cannot be taken here", "illegal_take")
