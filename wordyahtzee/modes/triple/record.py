"""Triple Yahtzee game records (docs/triple.md): check and score a recorded game."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...errors import RecordError, RuleError
from ..classic.record import replay_throws
from ..contract import JSON, Resources, replay_turns
from .game import MODE, TripleGame, players_of
from .rules import TURNS, box_field, column_field, parse_rules


def replay_record(data: Mapping[str, Any], resources: Resources | None = None) -> JSON:
    """Check and score a Triple Yahtzee record: ``{"mode": "triple", "rules": {},
    "players": [...], "turns": [{"player", "throws": ["33355", …], "column": 1-3, "box"}
    (+ ``"skipped"``)]}``.

    Returns :meth:`TripleGame.result`. An illegal or malformed turn raises
    :class:`RecordError` as one line naming the turn (1-based, over all players), its
    player and the rule broken.
    """
    if not isinstance(data, Mapping):
        raise RecordError("record: must be an object")
    if data.get("mode") != MODE:
        raise RecordError(f"record: mode {data.get('mode')!r} is not {MODE!r}")
    players = players_of(data)
    try:
        parse_rules(data.get("rules"))
    except RuleError as exc:
        raise RecordError(f"record: {exc.message}") from None
    game = TripleGame(players, random.Random(0))

    def play_turn(turn: Mapping[str, Any]) -> None:
        skipped = replay_throws(game, turn, TURNS)
        if skipped:
            column, box = game.card().first_open()
            if turn.get("column", column) != column or turn.get("box", box) != box:
                raise RuleError(f"a skipped turn scores 0 in the first open box: {box!r} in "
                                f"column {column}", "bad_turn")
            game.skip(str(skipped))
            return
        game.claim(column_field(turn.get("column")), box_field(turn.get("box")))

    replay_turns(data.get("turns"), play_turn)
    return game.result()
