"""Woord Yahtzee game records (docs/records.md): what a record needs loaded, and replaying it
through the game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...dice import DiceSet
from ...errors import RecordError, RuleError, WordyahtzeeError
from ..contract import Needs, Resources, event_seconds, replay_turns
from .actions import Claim
from .game import WoordGame
from .rules import (
    MAX_THROWS,
    WoordRules,
)


def needs(data: Mapping[str, Any]) -> Needs:
    """What a stored game (``to_json``) or a record names: its dictionary and dice set."""
    rules = data.get("rules") or {}
    if not isinstance(rules, Mapping):
        raise RecordError("record: rules must be a JSON object")
    dictionary = data.get("dictionary", rules.get("dictionary", "nl"))
    dice = data.get("dice_set", rules.get("dice_set", "nl"))
    if not isinstance(dictionary, str):
        raise RecordError("record: 'dictionary' is a dictionary name")
    try:
        if isinstance(dice, Mapping):
            return Needs(dictionary, DiceSet.from_json(dice))
    except WordyahtzeeError as exc:
        raise RecordError(f"record: {exc.message}") from None
    if not isinstance(dice, str):
        raise RecordError("record: 'dice_set' is a name or a dice set object")
    return Needs(dictionary, dice)


def game_from_record(data: Mapping[str, Any], resources: Resources) -> WoordGame:
    """Replay a game record into a game; :class:`RecordError` names the turn.

    ``resources`` holds the lexicon and dice set the record names (:func:`needs`).
    """
    try:
        rules_data = data.get("rules") or {}
        if not isinstance(rules_data, Mapping):
            raise RuleError("rules must be a JSON object", "bad_rules")
        wanted = needs(data)
        dice_name = (wanted.dice_set if isinstance(wanted.dice_set, str)
                     else wanted.dice_set.name)
        rules = WoordRules.from_json(rules_data, dictionary=wanted.dictionary,
                                     dice_set=dice_name)
        game = WoordGame(data.get("players", []), rules, lexicon=resources.lexicon,
                         dice_set=resources.dice_set, rng=random.Random(0),
                         clock=lambda: 0.0)
    except WordyahtzeeError as exc:
        raise RecordError(f"record: {exc.message}") from None
    replay_turns(data.get("turns"), lambda turn: _replay_turn(game, turn))
    return game


def _replay_turn(game: WoordGame, turn: Any) -> None:
    if not isinstance(turn, Mapping):
        raise RuleError("a turn must be a JSON object", "bad_record")
    if game.finished:
        raise RuleError("the game is over: every player has played 8 rounds", "game_over")
    if turn.get("player") != game.current_player:
        raise RuleError(f"it is {game.current_player}'s turn, not {turn.get('player')!r}",
                        "wrong_player")
    skipped = turn.get("skipped")
    throws = turn.get("throws", [] if skipped else None)
    least = 0 if skipped else 1
    if not isinstance(throws, list) or not least <= len(throws) <= MAX_THROWS:
        raise RuleError(f"'throws' must list {least} to {MAX_THROWS} throws", "bad_throws")
    for i, faces in enumerate(throws, 1):
        if not isinstance(faces, str):
            raise RuleError(f"throw {i} must be a string of faces", "bad_throws")
        try:
            game.apply({"type": "throw", "faces": faces, "at": 0.0})
        except RuleError as exc:
            raise RuleError(f"throw {i}: {exc.message}", exc.code) from None
    if skipped:
        game.apply({"type": "skip", "reason": skipped})
        return
    claim = turn.get("claim")
    if not isinstance(claim, Mapping):
        raise RuleError("'claim' must be an object with a 'box'", "bad_claim")
    box, words, zero_box = claim.get("box"), claim.get("words", []), claim.get("zero_box")
    if not isinstance(box, str):
        raise RuleError("a claim names its box", "bad_claim")
    if not isinstance(words, list | tuple) or not all(isinstance(w, str) for w in words):
        raise RuleError("a claim's words are a list of strings", "bad_claim")
    if zero_box is not None and not isinstance(zero_box, str):
        raise RuleError("zero_box is a box id", "bad_claim")
    # a record is judged as the moves it tells of were: by the dictionary it names
    game.apply(game.judge(Claim(box, tuple(words), zero_box), event_seconds(turn)))


def replay_record(data: Mapping[str, Any], resources: Resources) -> dict[str, Any]:
    """Score a Woord Yahtzee record (``wordyahtzee replay``)."""
    return game_from_record(data, resources).result()
