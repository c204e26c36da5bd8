"""Classic game records (docs/records.md): check and score a recorded game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol

from ...errors import RecordError, RuleError
from ..contract import Resources, replay_turns
from .game import ClassicGame, _box_field, _players
from .match import ClassicMatch
from .rules import BOXES, MAX_THROWS, ClassicRules, parse_dice


def replay_record(data: Mapping[str, Any], resources: Resources | None = None
                  ) -> dict[str, Any]:
    """Check and score a classic game record (docs/records.md).

    Returns ``{"players": [{"name", "boxes", "upper_bonus", "yahtzee_bonus", "total"}],
    "winners": [...]}``. Any illegal or malformed turn raises :class:`RecordError` whose one-line
    message names the turn (1-based, counted over all players) and the player.
    """
    return game_from_record(data, resources).game.result()


def game_from_record(data: Mapping[str, Any], resources: Resources | None = None
                     ) -> ClassicMatch:
    """Replay a classic game record into a match of that one game; :class:`RecordError`
    names the turn."""
    if data.get("mode", "classic") != "classic":
        raise RecordError(f"record: mode {data.get('mode')!r} is not 'classic'")
    players = _players(data)
    try:
        rules = ClassicRules.from_json(data.get("rules"))
    except RuleError as exc:
        raise RecordError(f"record: {exc.message}") from None
    game = ClassicGame(players, rules, random.Random(0))

    def play_turn(turn: Mapping[str, Any]) -> None:
        skipped = replay_throws(game, turn, len(BOXES))
        if skipped:
            box = game.sheet().open_boxes[0]
            if turn.get("box", box) != box:
                raise RuleError(f"a skipped turn scores 0 in the first open box {box!r}",
                                "bad_turn")
            game.skip(str(skipped))
            return
        game.claim(_box_field(turn.get("box")))

    replay_turns(data.get("turns"), play_turn)
    match = ClassicMatch(players, rules, random.Random(0), games=1)
    match.games = [game]
    return match


class _ThrowRecorder(Protocol):
    @property
    def current_player(self) -> str | None: ...

    def record_throw(self, dice: tuple[int, ...]) -> Any: ...


def replay_throws(game: _ThrowRecorder, turn: Mapping[str, Any], turns_each: int) -> Any:
    """The start of a recorded turn of a five-dice game (classic and Triple Yahtzee): the
    player whose turn it is, then the turn's 1 to 3 throws (0 to 3 for a skipped turn),
    thrown into ``game``. Returns the turn's ``skipped`` reason (None when played);
    :class:`RuleError` names what is wrong."""
    expected, who = game.current_player, turn.get("player")
    if expected is None:
        raise RuleError(f"the game is over: {turns_each} turns each", "game_over")
    if not isinstance(who, str):
        raise RuleError("'player' must be a player name", "bad_turn")
    if who != expected:
        raise RuleError(f"it is {expected}'s turn", "wrong_player")
    skipped = turn.get("skipped")
    throws = turn.get("throws", [] if skipped else None)
    least = 0 if skipped else 1
    if not isinstance(throws, list) or not least <= len(throws) <= MAX_THROWS:
        raise RuleError(f"'throws' must be a list of {least} to {MAX_THROWS} throws",
                        "bad_turn")
    for i, throw in enumerate(throws, 1):
        try:
            game.record_throw(parse_dice(throw))
        except RuleError as exc:
            raise RuleError(f"throw {i}: {exc.message}", exc.code) from None
    return skipped
