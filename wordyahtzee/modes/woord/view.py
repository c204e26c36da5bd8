"""What a Woord Yahtzee screen shows: the whole game (:class:`WoordView`, TypedDicts the API
document reads as they are), and the live feedback on the words a player is typing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from typing_extensions import TypedDict

from ...any_box import takes_any_box
from ...errors import RuleError, WordyahtzeeError
from ...letters import BLANK, fold, is_plain_word
from ...lexicon.why import explain
from ..options import FullRules
from .actions import Claim, TurnRecord
from .game import ClaimOption, TurnPoints
from .rules import (
    LOWER_BOXES,
    MAX_THROWS,
    ROUND_BOXES,
    ROUNDS,
    SPECIAL_BOXES,
    UPPER_BOXES,
    default_zero_box,
    is_formable,
    optional_box,
    word_list,
    words_score,
)

if TYPE_CHECKING:
    from .game import WoordGame


class WoordPlayer(TypedDict):
    """A player's sheet in a Woord Yahtzee game."""

    name: str
    boxes: dict[str, int | None]
    """every box by id: its points, null while open"""
    upper_total: int
    upper_bonus: int
    lower_total: int
    woord_yahtzee_bonus: int
    total: int
    missed: int
    """turns missed in a row (an absent player's)"""
    left: bool
    """the player left the table"""


class WoordBoxes(TypedDict):
    """The box ids by kind, each list in sheet order."""

    round: list[str]
    """the eight round boxes"""
    special: list[str]
    upper: list[str]
    lower: list[str]


class LetterDie(TypedDict):
    """A letter die showing."""

    letter: str
    """the letter, ``?`` the blank"""
    value: int
    """its points"""
    blank: bool


class WoordTurn(TypedDict):
    """The turn being played."""

    number: int
    """the turn's number, from 0, over all players"""
    player: int
    """the seat to move"""
    round: int
    round_box: str
    """the round's own box (in strict order, the box a turn fills)"""
    throws: int
    """the throws made this turn"""
    throws_left: int
    faces: str | None
    """the letters showing, in die order, ``?`` the blank; null before the first throw"""
    dice: list[LetterDie] | None
    kept: list[int]
    """the dice (positions) kept for the next throw"""
    deadline: float | None
    """when the hourglass runs out (server time); null while it does not run"""
    seconds_left: float | None
    turn_seconds: float | None
    """the hourglass's seconds; null: none"""
    started_at: float | None
    """when the hourglass started (server time)"""
    zero_box: str | None
    """the round box that takes the 0 of a special claim or a timeout now"""


class WoordTurnDone(TurnRecord, TurnPoints):
    """A finished turn: its record and what it scored."""

    number: int
    round: int
    seat: int
    """the seat that played it"""


class WoordView(TypedDict):
    """A Woord Yahtzee game as a screen renders it."""

    mode: Literal["woord"]
    rules: FullRules
    """every rules option, defaults included"""
    players: list[WoordPlayer]
    boxes: WoordBoxes
    rounds: int
    max_throws: int
    dice_faces: list[list[str]]
    """each die's letters (a score pad's keyboard: only throwable letters can be entered)"""
    any_box: bool
    """a score pad's referee of any box: its letters are nobody's real dice (no Tip)"""
    finished: bool
    history: list[WoordTurnDone]
    turn: WoordTurn | None
    """the turn being played; null once over"""
    options: dict[str, ClaimOption]
    """the boxes the player to move may claim now; empty before the first throw"""
    winners: list[str]


def preview(game: WoordGame, body: Mapping[str, Any]) -> dict[str, Any]:
    """Live feedback while a player types ``{"words", "zero_box"?}``: per word (letters
    a-z? long enough? in the dictionary? formable from the dice? its value) and per
    claimable box (its score, or the reason it is refused), without playing."""
    words = word_list(body.get("words"))
    zero_box = optional_box(body.get("zero_box"))
    game.check_running()
    faces = game.turn.faces
    if faces is None:
        raise RuleError("throw the dice first", "no_throw")
    word_info = []
    for raw in words:
        folded = fold(raw)
        plain = is_plain_word(folded)
        formable = plain and is_formable([folded], faces)
        valid = plain and game.lexicon.is_valid(folded, game.overlay)
        word_info.append({
            "word": raw, "folded": folded, "letters": plain,
            "long_enough": len(folded) >= game.rules.min_word_length,
            "in_dictionary": valid,
            "refused": None if valid or not plain else explain(raw, game.lexicon,
                                                                 game.overlay).to_json(),
            "formable": formable,
            "value": words_score([folded], faces, game.dice_set) if formable else None})
    folded_all = [str(w["folded"]) for w in word_info if w["letters"]]
    together = bool(folded_all) and len(folded_all) == len(word_info) and is_formable(
        folded_all, faces)
    boxes: dict[str, Any] = {}
    default_zero = None
    for box, option in game.options().items():
        claim_words = [] if option["needs"] == "nothing" else words
        zero = None
        if box in SPECIAL_BOXES and game.rules.free_order:
            zero = zero_box or option["zero_box"]
            default_zero = option["zero_box"]
        try:
            score = game.evaluate(Claim(box, tuple(claim_words), zero))
            boxes[box] = {"score": score, "error": None, "words": claim_words,
                          "zero_box": option["zero_box"] if zero is None else zero}
        except WordyahtzeeError as exc:
            boxes[box] = {"score": None, "words": claim_words,
                          "error": {"code": exc.code, "message": exc.message},
                          "zero_box": option["zero_box"] if zero is None else zero}
    return {"words": word_info, "formable_together": together, "boxes": boxes,
            "zero_box": zero_box or default_zero}


def game_view(game: WoordGame, seat: int | None = None) -> WoordView:
    """The whole game for a screen: rules, sheets, the turn, what may be claimed now,
    and every finished turn with the points it scored (``points``: in its box or as a
    bonus; ``gain``: what it added to the total, upper bonus included)."""
    players: list[WoordPlayer] = []
    for seat, (name, sheet) in enumerate(zip(game.players, game.sheets, strict=True)):
        players.append({
            "name": name, "boxes": dict(sheet.boxes), "upper_total": sheet.upper_total,
            "upper_bonus": sheet.upper_bonus, "lower_total": sheet.lower_total,
            "woord_yahtzee_bonus": sheet.woord_yahtzee_bonus, "total": sheet.total,
            "missed": game.seat_status(seat)[0], "left": seat in game.left})
    history: list[WoordTurnDone] = [
        {**turn, "number": i, "round": i // len(game.players) + 1,
         "seat": i % len(game.players), **game.turn_points[i]}
        for i, turn in enumerate(game.history)]
    state: WoordView = {
        "mode": "woord", "rules": game.rules.to_json(), "players": players,
        "boxes": {"round": list(ROUND_BOXES), "special": list(SPECIAL_BOXES),
                  "upper": list(UPPER_BOXES), "lower": list(LOWER_BOXES)},
        "rounds": ROUNDS, "max_throws": MAX_THROWS,
        "dice_faces": [list(game.dice_set.letters(d)) for d in range(game.dice_set.size)],
        "any_box": takes_any_box(game.dice_set),
        "finished": game.finished, "history": history, "turn": None, "options": {},
        "winners": game.winners() if game.finished else [],
    }
    if not game.finished:
        turn = game.turn
        faces = turn.faces
        state["turn"] = {
            "number": turn.number, "player": turn.player, "round": turn.round,
            "round_box": game.round_box(), "throws": turn.throws,
            "throws_left": MAX_THROWS - turn.throws, "faces": faces,
            "dice": None if faces is None else [
                {"letter": ch, "value": game.dice_set.value(ch), "blank": ch == BLANK}
                for ch in faces],
            "kept": list(game.kept), "deadline": game.deadline(),
            "seconds_left": game.seconds_left(),
            "turn_seconds": game.rules.turn_seconds, "started_at": turn.started_at,
            "zero_box": default_zero_box(game.sheets[turn.player], game.rules,
                                         turn.round),
        }
        state["options"] = game.options()
    return state
