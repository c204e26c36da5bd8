"""What a Woord Yahtzee screen shows: the whole game, and the live feedback on the words a
player is typing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...any_box import takes_any_box
from ...errors import RuleError, WordyahtzeeError
from ...letters import BLANK, fold, is_plain_word
from ...lexicon.why import explain
from .actions import Claim
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


def game_view(game: WoordGame, seat: int | None = None) -> dict[str, Any]:
    """The whole game for a screen: rules, sheets, the turn, what may be claimed now,
    and every finished turn with the points it scored (``points``: in its box or as a
    bonus; ``gain``: what it added to the total, upper bonus included)."""
    players = []
    for seat, (name, sheet) in enumerate(zip(game.players, game.sheets, strict=True)):
        players.append({
            "name": name, "boxes": dict(sheet.boxes), "upper_total": sheet.upper_total,
            "upper_bonus": sheet.upper_bonus, "lower_total": sheet.lower_total,
            "woord_yahtzee_bonus": sheet.woord_yahtzee_bonus, "total": sheet.total,
            "missed": game.seat_status(seat)[0], "left": seat in game.left})
    history = [{**turn, "number": i, "round": i // len(game.players) + 1,
                "seat": i % len(game.players), **game.turn_points[i]}
               for i, turn in enumerate(game.history)]
    state: dict[str, Any] = {
        "mode": game.mode, "rules": game.rules.to_json(), "players": players,
        "boxes": {"round": list(ROUND_BOXES), "special": list(SPECIAL_BOXES),
                  "upper": list(UPPER_BOXES), "lower": list(LOWER_BOXES)},
        "rounds": ROUNDS, "max_throws": MAX_THROWS,
        # each die's letters (a score pad's keyboard: only throwable letters can be entered)
        "dice_faces": [list(game.dice_set.letters(d)) for d in range(game.dice_set.size)],
        # a score pad's referee of any box: its letters are nobody's real dice (no Tip)
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
