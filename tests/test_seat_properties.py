"""Hypothesis properties of the seat events, in every mode: a game in which the host
removes, skips and hands over seats and players come back replays to the same state from
its event log (through JSON) and to the same result from its record; and the engine's
own rules of those events (docs/rules.md §4, docs/records.md)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordyahtzee.advisor.coach import coach
from wordyahtzee.errors import RuleError
from wordyahtzee.games import new_game, replay, restore
from wordyahtzee.modes import MODES
from wordyahtzee.modes.contract import Skip
from wordyahtzee.modes.seating import HandOver, HostNote, Leave, Return, host_actions

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
RULES: dict[str, dict[str, Any]] = {"woord": {"turn_seconds": None}}


def play(mode: str, players: int, seed: int, steps: list[int]) -> Any:
    """A game of ``mode`` played by beginners, the table service's part played too: before
    each turn a step may remove a seat, bring one back, hand one to a computer (or back) or
    skip the turn as the host; a seat that left is skipped, as the table skips it."""
    rnd = random.Random(seed)
    game = new_game(mode, [f"p{i}" for i in range(players)], RULES.get(mode, {}),
                    rng=random.Random(seed))
    helper = coach(mode)
    assert helper is not None
    level = "beginner"
    clock = 1000.0
    steps = list(steps)
    moves = 0
    while not game.finished:
        moves += 1
        assert moves < 20000
        seat = game.current_seat
        assert seat is not None
        step = steps.pop() if steps else 9
        target = rnd.randrange(1, players) if players > 1 else 0
        clock += 61
        note = HostNote(0, rnd.randrange(60, 4000), clock)
        if step == 0 and target:
            game.act(Leave(target, note))
        elif step == 1 and target:
            game.act(Return(target, clock))
        elif step == 2 and target:
            game.act(HandOver(target, level, note))
        elif step == 3 and seat:
            game.act(Skip("host", note))
        elif game.seat_status(seat)[1]:
            game.act(Skip("left"))
        else:
            game.act(helper.decide(game, level, None))
    return game


@SETTINGS
@given(st.sampled_from(MODES), st.integers(2, 3), st.integers(0, 10**6),
       st.lists(st.integers(0, 12), max_size=40))
def test_seat_events_replay_from_the_log_and_the_record(mode: str, players: int, seed: int,
                                                        steps: list[int]) -> None:
    game = play(mode, players, seed, steps)
    copy = restore(json.loads(json.dumps(game.to_json())))
    assert copy.events == game.events
    assert copy.result() == game.result()
    assert [copy.seat_status(s) for s in range(players)] == [
        game.seat_status(s) for s in range(players)]
    assert host_actions(copy.events) == host_actions(game.events)
    record = json.loads(json.dumps(game.to_record()))
    assert replay(record) == game.result()


@pytest.mark.parametrize("mode", MODES)
def test_a_return_undoes_a_leave_and_the_host_note_is_kept(mode: str) -> None:
    game = new_game(mode, ["Anna", "Bram", "Cees"], RULES.get(mode, {}),
                    rng=random.Random(7))
    game.act(Leave(1, HostNote(0, 185, 1000.0)))
    assert game.seat_status(1)[1]
    assert host_actions(game.events) == {1: {"action": "remove", "level": None, "by": 0,
                                             "absent_seconds": 185, "at": 1000.0}}
    game.act(Return(1, 1100.0))
    assert not game.seat_status(1)[1] and host_actions(game.events) == {}
    game.act(HandOver(2, "beginner", HostNote(0, 90, 1200.0)))
    assert host_actions(game.events)[2]["action"] == "computer"
    assert not game.seat_status(2)[1]
    mover = game.current_seat
    game.act(Skip("host", HostNote(0, 70, 1300.0)))
    assert host_actions(game.events)[mover]["action"] == "skip"
    assert restore(json.loads(json.dumps(game.to_json()))).events == game.events


@pytest.mark.parametrize("mode", MODES)
def test_bad_seat_events_change_nothing(mode: str) -> None:
    game = new_game(mode, ["Anna", "Bram"], RULES.get(mode, {}), rng=random.Random(7))
    before = list(game.events)
    mover = game.current_seat
    assert mover is not None
    for event in ({"type": "return", "seat": 5}, {"type": "leave", "seat": "1"},
                  {"type": "leave", "seat": 1, "by": 9},
                  {"type": "leave", "seat": 1, "absent_seconds": -3},
                  {"type": "leave", "seat": 1, "at": "now"},
                  {"type": "computer", "seat": 1},
                  {"type": "computer", "seat": 1, "level": "x" * 33}):
        with pytest.raises(RuleError) as caught:
            game.apply(event)
        assert caught.value.code == "bad_event"
    with pytest.raises(RuleError):  # a host's skip names the seat to move, no other
        game.skip("host", {"by": 0, "seat": 1 - mover})
    assert game.events == before and not game.seat_status(1)[1]
