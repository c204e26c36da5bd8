"""Kaartspel game records (docs/kaartspel.md): replaying the turns of a record, step by step,
through the game."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from ...errors import RecordError, RuleError
from ..classic import format_dice, parse_dice
from ..contract import JSON, Resources
from .actions import _card_field
from .game import KaartspelGame, _players
from .rules import (
    MAX_THROWS,
    MODE,
    KaartspelRules,
)


def _step_events(step: Any) -> list[JSON]:
    """The events of one record step (``{"red": n}`` or ``{"throws": [...], "take": …}``)."""
    if not isinstance(step, Mapping):
        raise RuleError("a step is {\"red\": n} or {\"throws\": [...], \"take\": card}",
                        "bad_step")
    if ("red" in step) == ("throws" in step):
        raise RuleError("a step has either 'red' or 'throws' (with 'take')", "bad_step")
    if "red" in step:
        roll = step["red"]
        if type(roll) is not int or not 1 <= roll <= 6:
            raise RuleError(f"'red' is the red die, 1..6, not {roll!r}", "bad_step")
        return [{"type": "red", "roll": roll}]
    throws = step["throws"]
    if not isinstance(throws, list) or not 1 <= len(throws) <= MAX_THROWS:
        raise RuleError(f"'throws' must be a list of 1 to {MAX_THROWS} throws", "bad_step")
    if "take" not in step:
        raise RuleError("a black-dice step needs 'take' (a card id or null)", "bad_step")
    events: list[JSON] = []
    for i, throw in enumerate(throws, 1):
        try:
            events.append({"type": "throw", "dice": format_dice(parse_dice(throw))})
        except RuleError as exc:
            raise RuleError(f"throw {i}: {exc.message}", exc.code) from None
    events.append({"type": "take", "card": _card_field(step["take"])})
    return events


def game_from_record(data: Any, resources: Resources | None = None) -> KaartspelGame:
    """The game a record describes, checked against every rule.

    The first turn's player starts; turns then go clockwise. A turn must be complete, except
    the record's last turn, which may stop anywhere (an unfinished game). A turn that stops
    next to an own card ends there (the player stops). Any illegal or malformed turn raises
    :class:`RecordError` with one line naming the turn (1-based) and its player.
    """
    if not isinstance(data, Mapping):
        raise RecordError("record: must be an object")
    if data.get("mode", MODE) != MODE:
        raise RecordError(f"record: mode {data.get('mode')!r} is not {MODE!r}")
    players = _players(data)
    try:
        rules = KaartspelRules.from_json(data.get("rules"))
    except RuleError as exc:
        raise RecordError(f"record: {exc.message}") from None
    turns = data.get("turns")
    if not isinstance(turns, list):
        raise RecordError("record: 'turns' must be a list")
    game = KaartspelGame(players, rules, resources or Resources(random.Random(0), time.time))
    for n, turn in enumerate(turns, 1):
        who = turn.get("player") if isinstance(turn, Mapping) else None
        label = f"turn {n} ({who})" if isinstance(who, str) else f"turn {n}"
        try:
            if not isinstance(turn, Mapping):
                raise RuleError("a turn is an object with 'player' and 'steps'", "bad_turn")
            if game.finished:
                raise RuleError("the game is over: the Casino round has been played",
                                "game_over")
            if not isinstance(who, str) or who not in players:
                raise RuleError(f"'player' must be one of the players, not {who!r}",
                                "bad_turn")
            if game.phase == "start":
                game.apply({"type": "start", "starter": players.index(who)})
            assert game.seat is not None
            if who != players[game.seat]:
                raise RuleError(f"it is {players[game.seat]}'s turn", "wrong_player")
            steps = turn.get("steps")
            skipped = turn.get("skipped")
            if not isinstance(steps, list) or not (steps or skipped):
                raise RuleError("'steps' must be a non-empty list", "bad_turn")
            done = game.turns_done
            for k, step in enumerate(steps, 1):
                if game.turns_done != done:
                    raise RuleError(f"step {k}: the turn is already over", "turn_over")
                try:
                    for event in _step_events(step):
                        game.apply(event)
                except RuleError as exc:
                    raise RuleError(f"step {k}: {exc.message}", exc.code) from None
            if skipped and game.turns_done == done:
                game.apply({"type": "skip", "reason": skipped})
            if game.phase == "choose":
                game.apply({"type": "stop"})
            if game.turns_done == done and n < len(turns):
                if game.phase == "move":
                    raise RuleError("the turn is not over: after a successful steal in the "
                                    "Casino round the red die must be thrown again",
                                    "unfinished_turn")
                raise RuleError("the turn is not over: " + game._must_throw_reason(),
                                "unfinished_turn")
        except RuleError as exc:
            raise RecordError(f"{label}: {exc.message}") from None
    return game


def replay_record(data: Any, resources: Resources | None = None) -> JSON:
    """Check and score a Kaartspel record: ``{"players": [{"name", "cards", "token",
    "total"}], "winners": [...]}`` (see :func:`game_from_record` for the checks)."""
    return game_from_record(data, resources).result()
