"""Absent players in Kaartspel: a skipped turn ends where the pawn stands, a seat that left
is skipped, and records carry skipped turns through replay."""

from __future__ import annotations

import json
import random

import pytest

from wordyahtzee.advisor.kaartspel.players import computer_player
from wordyahtzee.errors import RecordError
from wordyahtzee.games import new_game, replay
from wordyahtzee.modes.contract import Skip
from wordyahtzee.modes.seating import Leave


def test_a_skip_ends_the_turn_where_the_pawn_stands() -> None:
    game = new_game("kaartspel", ["Anna", "Bram"], {}, rng=random.Random(3))
    seat = game.current_seat
    assert seat is not None
    pawns = list(game.pawns)
    game.act(game.parse_action("roll", {}))
    moved = list(game.pawns)
    game.act(Skip("host"))
    assert game.current_seat == 1 - seat and game.pawns == moved != pawns
    assert game.seat_status(seat) == (1, False)
    assert game.totals() == [0, 0]


def test_a_seat_that_left_is_skipped_and_the_record_replays() -> None:
    game = new_game("kaartspel", ["Anna", "Bram", "Cees"], {}, rng=random.Random(5))
    game.act(Leave(2))
    player = computer_player("greedy", random.Random(1))
    moves = 0
    while not game.finished:
        game.act(Skip("left") if game.current_seat == 2 else player.decide(game))
        moves += 1
        assert moves < 5000
    assert game.seat_status(2)[1] and game.totals()[2] == 0
    record = json.loads(json.dumps(game.to_record()))
    assert any(turn.get("skipped") == "left" for turn in record["turns"])
    assert replay(record) == game.result()
    bad = next(turn for turn in record["turns"] if turn.get("skipped"))
    bad["skipped"] = "bored"
    with pytest.raises(RecordError, match="reason"):
        replay(record)
